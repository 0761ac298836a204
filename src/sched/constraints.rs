//! The integer program of one Pluto hyperplane: its unknowns and the
//! constraints every dependence contributes through the Farkas lemma.
//!
//! Running example: 1-D Jacobi's `S0[t, i] -> S1[t, i']` (`i' = i + 1`,
//! flow on `A`) with hyperplanes `φ_S0 = a·t + b·i + c0` and
//! `φ_S1 = d·t + e·i + c1`. *Legality as tiling validity*:
//! `φ_S1(t, i + 1) - φ_S0(t, i) >= 0` on the dependence polyhedron. The
//! left side is affine in `(t, i)` with coefficients affine in the unknowns
//! (`(d - a)·t + (e - b)·i + e + c1 - c0`), so Farkas' lemma
//! ([`crate::poly::farkas`]) turns "non-negative on the polyhedron" into
//! linear constraints on the unknowns, multipliers eliminated. *Bounding*:
//! `u·n + w - (φ_T - φ_S) >= 0` likewise; minimising `u, w` first is
//! Pluto's objective (short dependences: locality, and zero for
//! parallel loops).
//!
//! Unknowns (the [`Layout`]): `u` (one per parameter, then one per size
//! of [`super::sizes`]), `w`, then per statement its counter coefficients
//! and its constant. Schedules carry no parameter coefficients (as in
//! Pluto's default).

use crate::poly::farkas::{farkas, ParamForm};
use crate::poly::{BasicSet, PolyResult};
use crate::scop::poly_scop::StmtId;

/// Equalities and inequalities over `[unknowns | 1]`.
pub type Rows = (Vec<Vec<i64>>, Vec<Vec<i64>>);

/// Positions of the unknowns of the hyperplane ILP.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The SCoP's parameters (the schedule rows' leading columns).
    pub n_params: usize,
    /// The `u`s: one per parameter, then one per size.
    pub n_bound: usize,
    /// Per statement: its number of counters and the index of its first
    /// coefficient.
    pub stmts: Vec<(usize, usize)>,
    pub n_vars: usize,
}

impl Layout {
    pub fn new(n_params: usize, dims: &[usize]) -> Layout {
        Layout::with_sizes(n_params, 0, dims)
    }

    /// A layout whose objective also has a `u` for each of `n_sizes` sizes.
    pub fn with_sizes(n_params: usize, n_sizes: usize, dims: &[usize]) -> Layout {
        let n_bound = n_params + n_sizes;
        let mut at = n_bound + 1;
        let mut stmts = vec![];
        for &m in dims {
            stmts.push((m, at));
            at += m + 1;
        }
        Layout { n_params, n_bound, stmts, n_vars: at }
    }

    pub fn u(&self, p: usize) -> usize {
        p
    }

    pub fn w(&self) -> usize {
        self.n_bound
    }

    pub fn coeff(&self, s: usize, k: usize) -> usize {
        self.stmts[s].1 + k
    }

    pub fn constant(&self, s: usize) -> usize {
        self.stmts[s].1 + self.stmts[s].0
    }

    fn unit(&self, var: usize, sign: i64) -> Vec<i64> {
        let mut r = vec![0; self.n_vars + 1];
        r[var] = sign;
        r
    }
}

/// The affine form `sign·(φ_T(t) - φ_S(s))` (plus `u·n + w` when
/// `bounding`) over the columns of the pair polyhedron `part`, with
/// coefficients over the unknowns. A bounding part may have the sizes as
/// parameters after the SCoP's ([`super::sizes::Sizes::symbolic`]).
fn form(l: &Layout, part: &BasicSet, src: StmtId, dst: StmtId, bounding: bool) -> ParamForm {
    let (src, dst) = (src.index(), dst.index());
    let (np, ns) = (part.n_param(), l.stmts[src].0);
    let sign = if bounding { -1 } else { 1 };
    let zero = vec![0; l.n_vars + 1];
    let mut coeffs = vec![zero.clone(); part.n_cols()];
    debug_assert!(np <= l.n_bound);
    for (p, c) in coeffs.iter_mut().enumerate().take(np) {
        if bounding {
            *c = l.unit(l.u(p), 1);
        }
    }
    for k in 0..ns {
        coeffs[np + k][l.coeff(src, k)] -= sign;
    }
    for k in 0..l.stmts[dst].0 {
        coeffs[np + ns + k][l.coeff(dst, k)] += sign;
    }
    let mut constant = zero;
    constant[l.constant(dst)] += sign;
    constant[l.constant(src)] -= sign;
    if bounding {
        constant[l.w()] += 1;
    }
    ParamForm { n_unknowns: l.n_vars, coeffs, constant }
}

/// Constraints (equalities, inequalities; rows over `[unknowns | 1]`)
/// that make the hyperplane valid for tiling on the dependence part
/// (`bounding = false`), or keep its difference below `u·n + w`.
pub fn farkas_rows(l: &Layout, part: &BasicSet, src: StmtId, dst: StmtId, bounding: bool) -> PolyResult<Rows> {
    let f = farkas(part.eqs(), part.ineqs(), &form(l, part, src, dst, bounding))?;
    Ok((f.eqs().to_vec(), f.ineqs().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::parse_basic_set;

    #[test]
    fn uniform_distance_rows() {
        // S[i] -> S[i + 1], 0 <= i < n - 1: legality is c0 >= 0 and
        // bounding w + u·n - c0 >= 0 for all n >= 2.
        let part = parse_basic_set("[n] -> { S[i] -> S[j] : j = i + 1 and 0 <= i and j < n }").unwrap();
        let l = Layout::new(1, &[1]);
        let (eqs, mut ineqs) = farkas_rows(&l, &part, crate::scop::poly_scop::StmtId(0), crate::scop::poly_scop::StmtId(0), false).unwrap();
        let (eqs2, ineqs2) = farkas_rows(&l, &part, crate::scop::poly_scop::StmtId(0), crate::scop::poly_scop::StmtId(0), true).unwrap();
        assert!(eqs.is_empty() && eqs2.is_empty());
        ineqs.extend(ineqs2);
        // Unknowns [u, w, c_i, c_0 | 1]: (u, w, c) = (0, 1, 1) satisfies,
        // (0, 0, 1) violates the bound, c = -1 violates legality.
        let ok = |p: [i64; 4]| ineqs.iter().all(|r| r.iter().zip(p.iter().chain(&[1])).map(|(a, b)| a * b).sum::<i64>() >= 0);
        assert!(ok([0, 1, 1, 0]));
        assert!(!ok([0, 0, 1, 0]));
        assert!(!ok([0, 5, -1, 0]));
    }
}
