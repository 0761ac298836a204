//! Padded dimensions: rows of `m + c` elements (`A[i*(m+1) + j]`,
//! `double (*A)[m+2]`).
//!
//! Delinearization reads the strides off the monomials of the offsets, so
//! a row of `m + 1` elements (offset `m·i + i + j`) looks like stride `m`
//! with a stray `i` in the inner subscript, whose bound (`i + j < m`) does
//! not hold. When every counter's coefficient is a constant times a
//! product of factors `p + c` (one parameter plus a constant), renaming
//! each `p + c` to a parameter `p'` makes the strides monomials again.
//! This module finds those constants (the pads), renames the offsets, and
//! renames delinearized subscripts back.
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

/// Per parameter `p`, the constant `c` such that the symbol `p` in renamed
/// expressions stands for `p + c`.
pub type Pads = BTreeMap<Sym, i128>;

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

/// `p` in renamed parameters: each padded `q` replaced by `q - c`.
pub fn rename(p: &Polynomial, pads: &Pads) -> Result<Polynomial, Reason> {
    let mut r = p.clone();
    for (&s, &c) in pads {
        r = r.substitute(s, &Polynomial::sym(s).add(&Polynomial::constant(-c))?)?;
    }
    Ok(r)
}

/// `e`, written in renamed parameters, in the original ones.
pub fn restore(e: &AffExpr, pads: &Pads) -> Result<AffExpr, Reason> {
    let mut r = e.clone();
    for (&s, &c) in pads {
        let k = e.coeff(s).checked_mul(c).ok_or_else(overflow)?;
        r = r.add_const(k).map_err(|_| overflow())?;
    }
    Ok(r)
}

fn overflow() -> Reason {
    Reason::Overflow("padded dimension size too large".into())
}

/// The pads that make every counter coefficient of `offsets` a constant
/// times a monomial; empty when there are none or they conflict (one
/// parameter padded by different constants, as in `A[i*n + i]` beside
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
            // a·p + b with gcd(a, b) = 1 and b != 0 (a common factor p was divided out).
            let mut syms = e.syms();
            let (Some(p), None) = (syms.next(), syms.next()) else { return Ok(Pads::new()) };
            let a = e.coeff(p);
            if pads.contains_key(&p) || e.constant % a != 0 {
                return Ok(Pads::new());
            }
            pads.insert(p, e.constant / a);
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
        Polynomial::sym(Sym::Counter(LoopId(l)))
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
        assert_eq!(p, Pads::from([(Sym::Param(ValueId(1)), 1)]));
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
        assert_eq!(pads(&[off, doubled]), Pads::from([(Sym::Param(ValueId(1)), 1), (Sym::Param(ValueId(2)), 3)]));
    }

    #[test]
    fn conflicting_or_absent_pads_give_none() {
        // A[i*n + i] beside A[i*n + j]: n + 1 and n.
        let diag = sum(&[par(0).mul(&k(0)).unwrap(), k(0)]);
        let row = sum(&[par(0).mul(&k(0)).unwrap(), k(1)]);
        assert!(pads(&[row.clone(), diag.clone()]).is_empty());
        assert!(pads(&[diag, row.clone()]).is_empty());
        // Plain rows need no pad; n + m is not one parameter plus a constant.
        assert!(pads(&[row]).is_empty());
        assert!(pads(&[sum(&[par(0).add(&par(1)).unwrap().mul(&k(0)).unwrap(), k(1)])]).is_empty());
        // 2·m + 1 is no multiple of a padded m.
        assert!(pads(&[sum(&[par(0).scale(2).unwrap().add(&c(1)).unwrap().mul(&k(0)).unwrap(), k(1)])]).is_empty());
    }
}
