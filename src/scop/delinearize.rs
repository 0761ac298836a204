//! Recovering multi-dimensional subscripts from flattened offsets.
//!
//! `A[i*n + j]` and `double (*A)[n]` both reach the IR as the element offset
//! `n·i + j`: a product of a parameter and a counter, which no affine model
//! holds. Reading the offsets of all accesses to one array together, the
//! parametric factors of the monomials that contain a counter form a chain
//! `1 | n | n·m | ...`: these are the strides of the dimensions, and each
//! access's subscripts are the coefficients of its monomials grouped by
//! stride. Example: offsets `n·i + j` and `n·i + n + j - 1` give strides
//! `[n, 1]`, inner size `n`, subscripts `[i, j]` and `[i + 1, j - 1]`.
//!
//! Rows padded by a constant (`A[i*(m+1) + j]`) are first renamed to
//! monomial strides (`padding`).
//!
//! The result is only valid if every inner subscript stays within its
//! dimension (`0 <= j - 1 < n`): the caller must prove these bounds (or
//! reject the region); they are returned as [`Delinearized::bounds`].

use super::affine::{AffExpr, Constraint, Sym};
use super::padding::{find_pads, rename, restore, Pads};
use super::polynomial::Polynomial;
use super::reason::Reason;
use std::collections::BTreeSet;

pub struct Delinearized {
    /// Sizes of the dimensions after the first (the first is unbounded),
    /// outermost first. Empty for a one-dimensional array.
    pub inner_sizes: Vec<AffExpr>,
    /// Per access, one subscript per dimension, outermost first.
    pub subscripts: Vec<Vec<AffExpr>>,
    /// Per access, the bounds its inner subscripts must satisfy.
    pub bounds: Vec<Vec<Constraint>>,
    /// Per access of an array with two or more dimensions, the other way
    /// to split its offset (see [`other_split`]): one row less in an outer
    /// subscript, one row more (`+ size`) in the one inside it, with its
    /// bounds. The monomials alone cannot tell `m·i + m - 1 - j`
    /// (`A[i][m-1-j]`: a reversed inner subscript) from `m·(i+1) + (-1-j)`;
    /// only the bounds proof can, so the caller tries this one when the
    /// first one's bounds fail.
    pub shifted: Vec<Option<(Vec<AffExpr>, Vec<Constraint>)>>,
    /// Whether padded rows were found (see `padding`): if their bounds
    /// fail, the caller may try again without ([`delinearize_with`]).
    pub padded: bool,
}

fn product_err(detail: &str) -> Reason {
    Reason::ParameterProduct(detail.to_string())
}

/// Splits a monomial into its parameters and its counters.
pub(super) fn split(m: &[Sym], is_param: &dyn Fn(Sym) -> bool) -> (Vec<Sym>, Vec<Sym>) {
    m.iter().partition(|s| is_param(**s))
}

/// `big` without the factors of `small` (as multisets), if it has them all.
fn without(big: &[Sym], small: &[Sym]) -> Option<Vec<Sym>> {
    let mut rest = big.to_vec();
    for s in small {
        let i = rest.iter().position(|x| x == s)?;
        rest.remove(i);
    }
    Some(rest)
}

/// The strides the accesses of several arrays show: the parameter parts
/// of the monomials that carry a counter (see [`delinearize`]'s `hints`).
pub fn strides_of(offsets: &[Polynomial], is_param: &dyn Fn(Sym) -> bool) -> BTreeSet<Vec<Sym>> {
    let mut out = BTreeSet::new();
    for p in offsets {
        for m in p.terms.keys() {
            let (params, counters) = split(m, is_param);
            if counters.len() == 1 && !params.is_empty() {
                out.insert(params);
            }
        }
    }
    out
}

/// Delinearizes the element offsets of all accesses to one array;
/// `is_param` tells region-invariant symbols from the region's counters.
/// `hints` are strides other arrays show (their row lengths): an array
/// accessed in one row only, `T[p][j]` with `p` a parameter, shows the
/// product `p·n` but no counter with stride `n`; a hint `n` makes `p` its
/// row (sound either way: the caller proves the subscripts' bounds).
pub fn delinearize(offsets: &[Polynomial], is_param: &dyn Fn(Sym) -> bool, hints: &BTreeSet<Vec<Sym>>) -> Result<Delinearized, Reason> {
    delinearize_with(offsets, is_param, hints, true)
}

/// [`delinearize`], looking for padded rows only if `pads`. A row of a
/// red-black sweep starts at a parity of its row number (`j = 1 + (i % 2)
/// + 2k`, the parity written `i - 2q`): the row number's coefficient is
/// `n + 1`, which reads as rows of `n + 1` elements whose bounds fail.
pub fn delinearize_with(offsets: &[Polynomial], is_param: &dyn Fn(Sym) -> bool, hints: &BTreeSet<Vec<Sym>>, pads: bool) -> Result<Delinearized, Reason> {
    if let Some(affine) = offsets.iter().map(|p| p.to_affine()).collect::<Option<Vec<_>>>() {
        let n = affine.len();
        return Ok(Delinearized {
            inner_sizes: vec![],
            subscripts: affine.into_iter().map(|e| vec![e]).collect(),
            bounds: vec![vec![]; n],
            shifted: vec![None; n],
            padded: false,
        });
    }
    let pads = if pads { find_pads(offsets, is_param)? } else { Pads::new() };
    if !pads.is_empty() {
        let renamed = offsets.iter().map(|p| rename(p, &pads)).collect::<Result<Vec<_>, _>>()?;
        if let Ok(d) = by_strides(&renamed, is_param, &pads, hints) {
            return Ok(Delinearized { padded: true, ..d });
        }
    }
    by_strides(offsets, is_param, &Pads::new(), hints)
}

/// Delinearizes offsets that are not all affine, in parameters renamed by
/// `pads` (results are given in the original parameters).
fn by_strides(offsets: &[Polynomial], is_param: &dyn Fn(Sym) -> bool, pads: &Pads, hints: &BTreeSet<Vec<Sym>>) -> Result<Delinearized, Reason> {
    // Strides: parameter parts of the monomials that carry a counter.
    let mut strides: BTreeSet<Vec<Sym>> = BTreeSet::from([vec![]]);
    for p in offsets {
        for m in p.terms.keys() {
            let (params, counters) = split(m, is_param);
            if counters.len() > 1 {
                return Err(product_err("product of loop counters"));
            }
            if counters.len() == 1 {
                strides.insert(params);
            }
        }
    }
    // A product of parameters no stride leaves one parameter of takes the
    // longest hint that does.
    let placed = |m: &[Sym], strides: &BTreeSet<Vec<Sym>>| strides.iter().any(|s| without(m, s).is_some_and(|rest| rest.len() <= 1));
    for p in offsets {
        for m in p.terms.keys() {
            if m.iter().all(|s| is_param(*s)) && !placed(m, &strides) {
                let hint = hints.iter().filter(|h| without(m, h).is_some_and(|rest| rest.len() == 1)).max_by_key(|h| h.len());
                if let Some(h) = hint {
                    strides.insert(h.clone());
                }
            }
        }
    }
    // They must form a chain, each one parameter longer than the previous.
    let chain: Vec<Vec<Sym>> = {
        let mut v: Vec<Vec<Sym>> = strides.into_iter().collect();
        v.sort_by_key(|s| s.len());
        v
    };
    let mut inner_sizes_rev = Vec::new();
    for w in chain.windows(2) {
        let rest = without(&w[1], &w[0]).ok_or_else(|| product_err("strides are not multiples of each other"))?;
        if rest.len() != 1 {
            return Err(product_err("a stride is a product of several parameters"));
        }
        inner_sizes_rev.push(AffExpr::sym(rest[0]));
    }
    let ndims = chain.len();
    let mut subscripts = Vec::with_capacity(offsets.len());
    for p in offsets {
        // subs[d] for stride chain[d] (innermost first).
        let mut subs = vec![AffExpr::default(); ndims];
        for (m, &c) in &p.terms {
            let (params, counters) = split(m, is_param);
            // The longest stride contained in the parameters; at most one
            // parameter may remain, as an additive term of that subscript.
            let (d, rest) = chain
                .iter()
                .enumerate()
                .rev()
                .find_map(|(d, stride)| Some((d, without(&params, stride)?)))
                .expect("the empty stride is contained in every monomial");
            let term = match (rest.as_slice(), counters.as_slice()) {
                ([], []) => AffExpr::constant(c),
                ([], [k]) | ([k], []) => AffExpr::sym(*k).scale(c).map_err(|_| overflow())?,
                _ => return Err(product_err("parameter times counter outside the array's strides")),
            };
            subs[d] = subs[d].add(&term).map_err(|_| overflow())?;
        }
        subs.reverse();
        subscripts.push(subs.iter().map(|e| restore(e, pads)).collect::<Result<Vec<_>, _>>()?);
    }
    let mut inner_sizes = inner_sizes_rev.iter().rev().map(|e| restore(e, pads)).collect::<Result<Vec<_>, _>>()?;
    scale_rows(&mut inner_sizes, &mut subscripts)?;
    let bounds_of = |subs: &[AffExpr]| -> Vec<Constraint> {
        subs[1..]
            .iter()
            .zip(&inner_sizes)
            .flat_map(|(s, size)| {
                vec![
                    Constraint::ge0(s.clone()),
                    Constraint::lt(s, size).expect("sizes and subscripts are within limits"),
                ]
            })
            .collect()
    };
    let bounds = subscripts.iter().map(|subs| bounds_of(subs)).collect();
    let shifted = subscripts
        .iter()
        .map(|subs| {
            let alt = other_split(subs, &inner_sizes)?;
            let b = bounds_of(&alt);
            Some((alt, b))
        })
        .collect();
    Ok(Delinearized { inner_sizes, subscripts, bounds, shifted, padded: false })
}

/// Rows of `g·m` elements (`double (*Z)[2 * m]`, a complex number per
/// pair): the offsets `2m·i + 2j + 1` show the stride `m`, so every row
/// subscript is a multiple of `g` (`[2i, 2j + 1]`) and the column ones
/// exceed `m`. When every access's row subscript is such a multiple, the
/// rows are `g·m` long instead (`[i, 2j + 1]`): the same offsets. Only for
/// two dimensions (with more, the outer sizes would need dividing).
fn scale_rows(inner_sizes: &mut [AffExpr], subscripts: &mut [Vec<AffExpr>]) -> Result<(), Reason> {
    let [size] = inner_sizes else { return Ok(()) };
    let mut g = 0i128;
    for subs in subscripts.iter() {
        g = subs[0].coeffs.values().fold(crate::poly::int::gcd128(g, subs[0].constant), |g, &c| crate::poly::int::gcd128(g, c));
    }
    if g.abs() < 2 {
        return Ok(());
    }
    let g = g.abs();
    *size = size.scale(g).map_err(|_| overflow())?;
    for subs in subscripts.iter_mut() {
        subs[0] = subs[0].div_exact(g).expect("g divides every row subscript");
    }
    Ok(())
}

/// The other split of an access's subscripts: every inner subscript that
/// looks negative (a negative coefficient, or a negative constant) borrows
/// one row from the dimension outside it, innermost first, so that
/// `[i + 1, -j, -1 - k]` becomes `[i, m - 1 - j, p - 1 - k]` and
/// `[i + 1, -1 - j, k]` becomes `[i, m - 1 - j, k]`. When none looks
/// negative, the innermost pair borrows. `None` for one dimension.
fn other_split(subs: &[AffExpr], inner_sizes: &[AffExpr]) -> Option<Vec<AffExpr>> {
    if subs.len() < 2 {
        return None;
    }
    let mut alt = subs.to_vec();
    let borrow = |alt: &mut Vec<AffExpr>, d: usize| -> Option<()> {
        alt[d - 1] = alt[d - 1].add_const(-1).ok()?;
        alt[d] = alt[d].add(&inner_sizes[d - 1]).ok()?;
        Some(())
    };
    let mut borrowed = false;
    for d in (1..alt.len()).rev() {
        let e = &alt[d];
        if e.coeffs.values().any(|&c| c < 0) || (e.is_constant() && e.constant < 0) {
            borrow(&mut alt, d)?;
            borrowed = true;
        }
    }
    if !borrowed {
        borrow(&mut alt, subs.len() - 1)?;
    }
    Some(alt)
}

fn overflow() -> Reason {
    Reason::Overflow("subscript coefficient too large".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};

    fn n() -> Polynomial {
        Polynomial::sym(Sym::Param(ValueId(0)))
    }
    fn m() -> Polynomial {
        Polynomial::sym(Sym::Param(ValueId(1)))
    }
    fn k(l: u32) -> Polynomial {
        Polynomial::sym(Sym::loop_counter(LoopId(l)))
    }
    fn c(v: i128) -> Polynomial {
        Polynomial::constant(v)
    }
    fn delinearize(offsets: &[Polynomial]) -> Result<Delinearized, Reason> {
        super::delinearize(offsets, &|s| matches!(s, Sym::Param(_)), &BTreeSet::new())
    }

    #[test]
    fn affine_offsets_stay_one_dimensional() {
        let d = delinearize(&[k(0).add(&c(3)).unwrap()]).unwrap();
        assert!(d.inner_sizes.is_empty());
        assert_eq!(d.subscripts[0].len(), 1);
    }

    #[test]
    fn row_major_two_dimensional() {
        // n*i + j and n*i + n + j - 1
        let a = n().mul(&k(0)).unwrap().add(&k(1)).unwrap();
        let b = a.add(&n()).unwrap().add(&c(-1)).unwrap();
        let d = delinearize(&[a, b]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::sym(Sym::Param(ValueId(0)))]);
        let i = AffExpr::sym(Sym::loop_counter(LoopId(0)));
        let j = AffExpr::sym(Sym::loop_counter(LoopId(1)));
        assert_eq!(d.subscripts[0], vec![i.clone(), j.clone()]);
        assert_eq!(d.subscripts[1], vec![i.add_const(1).unwrap(), j.add_const(-1).unwrap()]);
        assert_eq!(d.bounds[1].len(), 2);
    }

    /// `T[p][j]` alone: `n·p + j` shows no counter with stride `n`; with
    /// the hint `n` (another array's rows) it is row `p`, column `j`.
    #[test]
    fn a_parameter_row_takes_another_arrays_stride() {
        let p = Polynomial::sym(Sym::Param(ValueId(2)));
        let off = n().mul(&p).unwrap().add(&k(0)).unwrap();
        assert!(delinearize(&[off.clone()]).is_err());
        let hints = strides_of(&[n().mul(&k(1)).unwrap().add(&k(0)).unwrap()], &|s| matches!(s, Sym::Param(_)));
        let d = super::delinearize(&[off], &|s| matches!(s, Sym::Param(_)), &hints).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::sym(Sym::Param(ValueId(0)))]);
        assert_eq!(d.subscripts[0], vec![AffExpr::sym(Sym::Param(ValueId(2))), AffExpr::sym(Sym::loop_counter(LoopId(0)))]);
    }

    #[test]
    fn three_dimensional() {
        // (i*n + j)*m + k = n*m*i + m*j + k
        let off = n().mul(&m()).unwrap().mul(&k(0)).unwrap().add(&m().mul(&k(1)).unwrap()).unwrap().add(&k(2)).unwrap();
        let d = delinearize(&[off]).unwrap();
        assert_eq!(d.inner_sizes.len(), 2);
        assert_eq!(d.subscripts[0].len(), 3);
    }

    #[test]
    fn reversed_inner_subscript_has_a_shifted_split() {
        // A[i][m-1-j] of an m-wide array: m*i + m - 1 - j. The monomials
        // give [i + 1, -1 - j]; the shifted split is [i, m - 1 - j].
        let off = m().mul(&k(0)).unwrap().add(&m()).unwrap().add(&c(-1)).unwrap().add(&k(1).scale(-1).unwrap()).unwrap();
        let d = delinearize(&[off]).unwrap();
        let i = AffExpr::sym(Sym::loop_counter(LoopId(0)));
        let j = AffExpr::sym(Sym::loop_counter(LoopId(1)));
        let mm = AffExpr::sym(Sym::Param(ValueId(1)));
        assert_eq!(d.subscripts[0], vec![i.add_const(1).unwrap(), j.scale(-1).unwrap().add_const(-1).unwrap()]);
        let (alt, bounds) = d.shifted[0].clone().expect("two dimensions");
        assert_eq!(alt, vec![i, mm.add(&j.scale(-1).unwrap()).unwrap().add_const(-1).unwrap()]);
        assert_eq!(bounds.len(), 2);
        // One-dimensional arrays have no other split.
        assert!(delinearize(&[k(0)]).unwrap().shifted[0].is_none());
    }

    #[test]
    fn reversed_middle_and_both_inner_subscripts_borrow_where_negative() {
        // (i*m + m-1-j)*p + k = [i + 1, -1 - j, k] -> [i, m - 1 - j, k]
        // (i*m + m-1-j)*p + p-1-k = [i + 1, -j, -1 - k] -> [i, m - 1 - j, p - 1 - k]
        // (i*m + j-1)*p + p-1-k = [i, j, -1 - k] -> [i, j - 1, p - 1 - k]
        let (i, j, kk) = (k(0), k(1), k(2));
        let row = |mid: Polynomial| n().mul(&m()).unwrap().mul(&i).unwrap().add(&m().mul(&mid).unwrap()).unwrap();
        let rev_j = n().add(&c(-1)).unwrap().add(&j.scale(-1).unwrap()).unwrap();
        let rev_k = m().add(&c(-1)).unwrap().add(&kk.scale(-1).unwrap()).unwrap();
        // Sizes: [*][n][m] with strides n*m, m, 1 (n plays m, m plays p).
        let a = row(rev_j.clone()).add(&kk).unwrap();
        let b = row(rev_j).add(&rev_k).unwrap();
        let cc = row(j.add(&c(-1)).unwrap()).add(&rev_k).unwrap();
        let d = delinearize(&[a, b, cc]).unwrap();
        let e = |p: Polynomial| p.to_affine().unwrap();
        let (nn, mm) = (n(), m());
        let want_j = e(nn.add(&c(-1)).unwrap().add(&k(1).scale(-1).unwrap()).unwrap());
        let want_k = e(mm.add(&c(-1)).unwrap().add(&k(2).scale(-1).unwrap()).unwrap());
        assert_eq!(d.shifted[0].as_ref().unwrap().0, vec![e(k(0)), want_j.clone(), e(k(2))]);
        assert_eq!(d.shifted[1].as_ref().unwrap().0, vec![e(k(0)), want_j, want_k.clone()]);
        assert_eq!(d.shifted[2].as_ref().unwrap().0, vec![e(k(0)), e(k(1).add(&c(-1)).unwrap()), want_k]);
    }

    #[test]
    fn padded_rows_have_the_padded_size() {
        // A[i*(m+1) + j] and A[i*(m+1) + m]: size m + 1, subscripts [i, j] and [i, m].
        let row = m().add(&c(1)).unwrap().mul(&k(0)).unwrap();
        let d = delinearize(&[row.add(&k(1)).unwrap(), row.add(&m()).unwrap()]).unwrap();
        let mm = AffExpr::sym(Sym::Param(ValueId(1)));
        let i = AffExpr::sym(Sym::loop_counter(LoopId(0)));
        assert_eq!(d.inner_sizes, vec![mm.add_const(1).unwrap()]);
        assert_eq!(d.subscripts[0], vec![i.clone(), AffExpr::sym(Sym::loop_counter(LoopId(1)))]);
        // m = (m + 1) - 1: one row on, -1; the other split is [i, m].
        assert_eq!(d.subscripts[1], vec![i.add_const(1).unwrap(), AffExpr::constant(-1)]);
        let (alt, bounds) = d.shifted[1].clone().expect("two dimensions");
        assert_eq!(alt, vec![i, mm.clone()]);
        // 0 <= m and m < m + 1
        assert_eq!(bounds, vec![Constraint::ge0(mm.clone()), Constraint::lt(&mm, &mm.add_const(1).unwrap()).unwrap()]);
    }

    #[test]
    fn inconsistent_strides_are_a_parameter_product() {
        // n*i + m*j: strides n and m do not divide each other.
        let off = n().mul(&k(0)).unwrap().add(&m().mul(&k(1)).unwrap()).unwrap();
        assert!(matches!(delinearize(&[off]), Err(Reason::ParameterProduct(_))));
    }

    #[test]
    fn counter_products_are_rejected() {
        let off = k(0).mul(&k(1)).unwrap();
        assert!(matches!(delinearize(&[off]), Err(Reason::ParameterProduct(_))));
    }
}
