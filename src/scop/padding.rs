//! Padded dimensions: rows of `m + c` elements (`A[i*(m+1) + j]`,
//! `double (*A)[m+2]`), or of any affine combination of parameters
//! (`double (*out)[n - w + 1]`).
//!
//! Delinearization reads the strides off the monomials of the offsets, so
//! a row of `m + 1` elements (offset `m·i + i + j`) looks like stride `m`
//! with a stray `i` in the inner subscript, whose bound (`i + j < m`) does
//! not hold; a row of `n - w + 1` elements gives strides `n` and `w` that
//! divide neither each other. When every counter's coefficient is a
//! constant times a product of affine factors, renaming one parameter `p`
//! of each factor to `p' = factor` (`n' = n - w + 1`) makes the strides
//! monomials again. This module finds those renamings (the pads), renames
//! the offsets, and renames delinearized subscripts back.
//!
//! Any consistent split is a correct model as long as every inner
//! subscript provably stays within its dimension (the caller proves it),
//! so the pads only have to be consistent, not "the" sizes of the source.

use super::affine::{AffExpr, Sym};
use super::delinearize::split;
use super::polynomial::Polynomial;
use crate::poly::int::gcd128;
use super::reason::Reason;
use std::collections::BTreeMap;

/// Per parameter `p`, the affine expression `d` (a constant plus other
/// parameters, none of them renamed) such that the symbol `p` in renamed
/// expressions stands for `p + d`.
pub type Pads = BTreeMap<Sym, AffExpr>;

/// The coefficient (a polynomial in parameters) of every counter in `p`.
/// Monomials with several counters are left out: delinearization rejects
/// them anyway.
fn counter_coefficients(p: &Polynomial, is_param: &dyn Fn(Sym) -> bool) -> Result<Vec<Polynomial>, Reason> {
    let mut coeffs: BTreeMap<Sym, Polynomial> = BTreeMap::new();
    for (m, &c) in &p.terms {
        let (params, counters) = split(m, is_param);
        if let [k] = counters.as_slice() {
            let e = coeffs.entry(*k).or_default();
            *e = e.add(&Polynomial { terms: BTreeMap::from([(params, c)]) })?;
        }
    }
    Ok(coeffs.into_values().collect())
}

/// `c` with the gcd of its coefficients and the symbols common to all its
/// monomials divided out: `2·m·n + 2·n` gives `m + 1`.
fn primitive_part(c: &Polynomial) -> Polynomial {
    let mut terms = c.terms.iter();
    let Some((first, _)) = terms.next() else { return Polynomial::default() };
    let mut common = first.clone();
    for (m, _) in terms {
        let mut rest = m.clone();
        common.retain(|s| match rest.iter().position(|x| x == s) {
            Some(i) => {
                rest.remove(i);
                true
            }
            None => false,
        });
    }
    let content = c.terms.values().fold(0i128, |g, &v| gcd128(g, v));
    let mut r = Polynomial::default();
    for (m, &v) in &c.terms {
        let mut m = m.clone();
        for s in &common {
            let i = m.iter().position(|x| x == s).expect("common to every monomial");
            m.remove(i);
        }
        r.terms.insert(m, v / content.max(1));
    }
    r
}

/// `p` in renamed parameters: each padded `q` replaced by `q - d`. The
/// substitutions commute: no `d` mentions a renamed parameter.
pub fn rename(p: &Polynomial, pads: &Pads) -> Result<Polynomial, Reason> {
    let mut r = p.clone();
    for (&s, d) in pads {
        r = r.substitute(s, &Polynomial::sym(s).add(&Polynomial::from_affine(d)?.scale(-1)?)?)?;
    }
    Ok(r)
}

/// `e`, written in renamed parameters, in the original ones.
pub fn restore(e: &AffExpr, pads: &Pads) -> Result<AffExpr, Reason> {
    let mut r = e.clone();
    for (&s, d) in pads {
        let term = d.scale(e.coeff(s)).map_err(|_| overflow())?;
        r = r.add(&term).map_err(|_| overflow())?;
    }
    Ok(r)
}

/// The renaming that makes the affine factor `e` one parameter: `p` with
/// `e = a·(p + d)`, where `a` divides every other coefficient and the
/// constant, and neither `p` nor any parameter of `d` is renamed already
/// (nor does `p` appear in an earlier `d`). Of several candidates, the one
/// whose coefficient has the sign of the constant (`n - w + 1` and
/// `-n + w - 1` both rename `n`), then a positive one, then the first.
fn pad_for(e: &AffExpr, pads: &Pads) -> Option<(Sym, AffExpr)> {
    if e.syms().any(|s| pads.contains_key(&s)) {
        return None;
    }
    let mut candidates: Vec<(Sym, i128)> = e.coeffs.iter().map(|(&s, &a)| (s, a)).collect();
    candidates.sort_by_key(|&(s, a)| (e.constant != 0 && (a > 0) != (e.constant > 0), a < 0, s));
    candidates.into_iter().find_map(|(p, a)| {
        if pads.values().any(|d| d.coeff(p) != 0) {
            return None;
        }
        let mut rest = e.clone();
        rest.coeffs.remove(&p);
        let d = rest.div_exact(a)?;
        Some((p, d))
    })
}

fn overflow() -> Reason {
    Reason::Overflow("padded dimension size too large".into())
}

/// The pads that make every counter coefficient of `offsets` a constant
/// times a monomial; empty when there are none or they conflict (one
/// parameter padded in different ways, as in `A[i*n + i]` beside
/// `A[i*n + j]`: stride `n` then serves both).
pub fn find_pads(offsets: &[Polynomial], is_param: &dyn Fn(Sym) -> bool) -> Result<Pads, Reason> {
    let mut coeffs = Vec::new();
    for p in offsets {
        coeffs.extend(counter_coefficients(p, is_param)?);
    }
    let mut pads = Pads::new();
    // Each round settles one factor; `(m+1)·(p+3)` needs `p + 3` first.
    'rounds: loop {
        for c in &coeffs {
            let Some(e) = primitive_part(&rename(c, &pads)?).to_affine() else { continue };
            if e.is_constant() {
                continue;
            }
            // a·p + rest with a common factor p already divided out.
            let Some((p, d)) = pad_for(&e, &pads) else { return Ok(Pads::new()) };
            pads.insert(p, d);
            continue 'rounds;
        }
        break;
    }
    for c in &coeffs {
        if !primitive_part(&rename(c, &pads)?).to_affine().is_some_and(|e| e.is_constant()) {
            return Ok(Pads::new());
        }
    }
    Ok(pads)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};

    fn par(v: u32) -> Polynomial {
        Polynomial::sym(Sym::Param(ValueId(v)))
    }
    fn k(l: u32) -> Polynomial {
        Polynomial::sym(Sym::loop_counter(LoopId(l)))
    }
    fn c(v: i128) -> Polynomial {
        Polynomial::constant(v)
    }
    fn pads(offsets: &[Polynomial]) -> Pads {
        find_pads(offsets, &|s| matches!(s, Sym::Param(_))).unwrap()
    }
    fn sum(ps: &[Polynomial]) -> Polynomial {
        ps.iter().fold(Polynomial::default(), |a, p| a.add(p).unwrap())
    }

    #[test]
    fn row_of_m_plus_one() {
        // (m + 1)·i + j
        let off = sum(&[par(1).add(&c(1)).unwrap().mul(&k(0)).unwrap(), k(1)]);
        let p = pads(&[off.clone()]);
        assert_eq!(p, Pads::from([(Sym::Param(ValueId(1)), AffExpr::constant(1))]));
        // Renamed: m'·i + j.
        assert_eq!(rename(&off, &p).unwrap(), sum(&[par(1).mul(&k(0)).unwrap(), k(1)]));
        let back = restore(&AffExpr::sym(Sym::Param(ValueId(1))).add_const(-1).unwrap(), &p).unwrap();
        assert_eq!(back, AffExpr::sym(Sym::Param(ValueId(1))));
    }

    #[test]
    fn nested_pads_and_scaled_rows() {
        // ((i·(m+1) + j)·(p+3) + k) and a doubled row 2·(m+1)·(p+3)·i
        let row = par(1).add(&c(1)).unwrap();
        let plane = par(2).add(&c(3)).unwrap();
        let off = sum(&[row.mul(&plane).unwrap().mul(&k(0)).unwrap(), plane.mul(&k(1)).unwrap(), k(2)]);
        let doubled = row.mul(&plane).unwrap().mul(&k(0)).unwrap().scale(2).unwrap();
        assert_eq!(
            pads(&[off, doubled]),
            Pads::from([(Sym::Param(ValueId(1)), AffExpr::constant(1)), (Sym::Param(ValueId(2)), AffExpr::constant(3))])
        );
    }

    #[test]
    fn conflicting_or_absent_pads_give_none() {
        // A[i*n + i] beside A[i*n + j]: n + 1 and n.
        let diag = sum(&[par(0).mul(&k(0)).unwrap(), k(0)]);
        let row = sum(&[par(0).mul(&k(0)).unwrap(), k(1)]);
        assert!(pads(&[row.clone(), diag.clone()]).is_empty());
        assert!(pads(&[diag, row.clone()]).is_empty());
        // Plain rows need no pad.
        assert!(pads(&[row]).is_empty());
        // 2·m + 1 is no multiple of a padded m.
        assert!(pads(&[sum(&[par(0).scale(2).unwrap().add(&c(1)).unwrap().mul(&k(0)).unwrap(), k(1)])]).is_empty());
    }

    #[test]
    fn rows_of_a_parameter_difference() {
        // out[i][j] with rows of n - w + 1, written (n - w + 1)·i + j, and the
        // same row walked backwards: -(n - w + 1)·i + j. Both rename n.
        let (n, w) = (Sym::Param(ValueId(0)), Sym::Param(ValueId(1)));
        let row = par(0).add(&par(1).scale(-1).unwrap()).unwrap().add(&c(1)).unwrap();
        let fwd = sum(&[row.mul(&k(0)).unwrap(), k(1)]);
        let back = sum(&[row.scale(-1).unwrap().mul(&k(0)).unwrap(), k(1)]);
        let d = AffExpr::sym(w).scale(-1).unwrap().add_const(1).unwrap();
        for offsets in [vec![fwd.clone()], vec![back.clone()], vec![fwd.clone(), back]] {
            assert_eq!(pads(&offsets), Pads::from([(n, d.clone())]));
        }
        let p = pads(&[fwd.clone()]);
        // Renamed: n'·i + j; n' restores to n - w + 1.
        assert_eq!(rename(&fwd, &p).unwrap(), sum(&[par(0).mul(&k(0)).unwrap(), k(1)]));
        assert_eq!(restore(&AffExpr::sym(n), &p).unwrap(), AffExpr::sym(n).add(&d).unwrap());
        // Rows of n + m: the first parameter stands for the sum.
        let (m0, m1) = (Sym::Param(ValueId(0)), Sym::Param(ValueId(1)));
        let sum_row = sum(&[par(0).add(&par(1)).unwrap().mul(&k(0)).unwrap(), k(1)]);
        assert_eq!(pads(&[sum_row]), Pads::from([(m0, AffExpr::sym(m1))]));
    }

    #[test]
    fn a_renamed_parameter_is_never_renamed_again() {
        // Rows of n - w (renaming n) beside planes of (n + w)·w: after the
        // first renaming, n + w is n' + 2w, whose n' is renamed already.
        let row = par(0).add(&par(1).scale(-1).unwrap()).unwrap();
        let other = par(0).add(&par(1)).unwrap();
        let a = sum(&[row.mul(&k(0)).unwrap(), k(1)]);
        let b = sum(&[other.mul(&k(0)).unwrap(), k(1)]);
        assert!(pads(&[a, b]).is_empty());
    }
}
