//! The affine form of Farkas' lemma: constraints on unknown coefficients
//! making an affine form non-negative on a polyhedron.
//!
//! Running example: `P = { x : x >= 0, 10 - x >= 0 }` and
//! `φ(x) = u1·x + u0` with unknowns `u1, u0`. Farkas: `φ >= 0` on (a
//! non-empty) `P` iff `φ ≡ λ0 + λ1·x + λ2·(10 - x)` with all `λ >= 0`.
//! Matching coefficients: `u1 = λ1 - λ2`, `u0 = λ0 + 10·λ2`. The
//! multipliers are *rational*, so we eliminate them with a rational
//! Fourier–Motzkin (no integer tightening while multipliers remain), which
//! is exact over the rationals: `u0 >= 0` and `u0 + 10·u1 >= 0` — exactly
//! "`φ(0) >= 0` and `φ(10) >= 0`".
//!
//! Equalities of `P` get free multipliers `μ`. Only at the end, when a row
//! involves nothing but the (integer) unknowns, is it gcd-tightened.
//!
//! Exactness: over the rationals the result is exact for non-empty `P`.
//! Over the integers it is *sound* (every `u` it admits gives `φ >= 0` on
//! the integer points of `P`) and complete when `P` equals the convex hull
//! of its integer points (e.g. boxes); this is what Pluto-style schedulers
//! use. Redundant rows are dropped with the rational simplex as they appear.
//!
//! Constant sizes: a dependence over `A[100·i + j]` has the rational slice
//! `100·i + j = 100·i' + j' + 1` whose integer points all have `i = i'`.
//! Farkas over the slice is expensive (fractions with the size in every
//! multiplier) and weak; equalities every integer point satisfies
//! ([`super::ilp::implied_equalities`]) are added first, which is sound (the
//! same integer points) and brings the polyhedron closer to its integer
//! hull, where the result is complete.

use super::basic_set::BasicSet;
use super::error::PolyResult;
use super::int;
use super::row::{self, Row};
use super::space::{Space, Tuple};

/// `φ(x) = Σ_j coeff_j(u)·x_j + constant(u)` with every `coeff_j` and the
/// constant affine in the unknowns `u` (rows over `[u | 1]`).
#[derive(Clone, Debug)]
pub struct ParamForm {
    /// Number of unknowns.
    pub n_unknowns: usize,
    /// One row over `[u | 1]` per variable of the polyhedron.
    pub coeffs: Vec<Row>,
    /// The constant term, a row over `[u | 1]`.
    pub constant: Row,
}

fn scale_exact(r: &mut Row) {
    let g = r.iter().fold(0, |g, &x| int::gcd(g, x));
    if g > 1 {
        for x in r.iter_mut() {
            *x /= g;
        }
    }
}

/// Removes column `c` from `r` with `eq` (`eq[c] != 0`), without tightening.
fn eliminate_with(r: &[i64], eq: &[i64], c: usize, keep_sign: bool) -> PolyResult<Row> {
    if r[c] == 0 {
        return Ok(r.to_vec());
    }
    let g = int::gcd(eq[c], r[c]);
    let (fa, fr) = (eq[c] / g, r[c] / g);
    let (s1, s2) = if fa > 0 || !keep_sign { (fa, -fr) } else { (-fa, fr) };
    let mut out = row::combine(r, s1, eq, s2)?;
    out[c] = 0;
    scale_exact(&mut out);
    Ok(out)
}

/// Constraints on the unknowns `u` such that `form(x) >= 0` for every `x`
/// with `A x + b >= 0` (`ineqs`) and `E x + f = 0` (`eqs`), as a set over
/// `n_unknowns` dims named `u0, u1, ...`.
pub fn farkas(eqs: &[Row], ineqs: &[Row], form: &ParamForm) -> PolyResult<BasicSet> {
    match tightened(eqs, ineqs, form.coeffs.len())? {
        Some(b) => farkas_exact(b.eqs(), b.ineqs(), form),
        None => farkas_exact(eqs, ineqs, form),
    }
}

/// The polyhedron of `eqs` and `ineqs` over `n` columns with the
/// equalities every integer point satisfies and in echelon form, when
/// that changes anything; `None` when the rows serve as they are (or the
/// result would be obviously empty: callers keep the rows they have).
pub fn tightened(eqs: &[Row], ineqs: &[Row], n: usize) -> PolyResult<Option<BasicSet>> {
    // Equalities every integer point satisfies (constant sizes: `i = i'`
    // from `100·i + j = 100·i' + j' + 1`) shrink the polyhedron to what
    // matters; Farkas over it is still sound for the integer points, and
    // much cheaper than over the thin rational slice.
    let p = super::ilp::Problem { n, eqs: eqs.to_vec(), ineqs: ineqs.to_vec() };
    let extra = super::ilp::implied_equalities(&p, &mut super::error::Meter::new())?;
    // Equalities with large coefficients are reduced too, even when none
    // is new: a scheduler's earlier hyperplanes, kept as equalities, can
    // make `10000·(i - i') + 100·(j - j') + k - k' = 10000` plain
    // `k = k'`, but only in echelon form; eliminated as they come, the
    // rows keep the constants in every multiplier and Fourier–Motzkin
    // over them ran out of the scheduler's allowance (heat3d at n = 100).
    let large = eqs.iter().any(|r| r[..n].iter().any(|c| c.abs() >= super::ilp::IMPLIED_COEFF));
    if extra.is_empty() && !large {
        return Ok(None);
    }
    let mut all = eqs.to_vec();
    all.extend(extra);
    // Echelon form and redundancy removal: the new equality makes the
    // thin rows' large coefficients vanish (`j = j' + 1` is left).
    let space = Space::from_tuple(vec![], Tuple::anon(n, "x"));
    let b = BasicSet::from_constraints(space, all, ineqs.to_vec())?.normalize()?;
    if b.is_obviously_empty() {
        return Ok(None);
    }
    let b = b.remove_redundant()?;
    if b.is_obviously_empty() {
        return Ok(None);
    }
    Ok(Some(b))
}

/// [`farkas`] over exactly the given rows.
pub(crate) fn farkas_exact(eqs: &[Row], ineqs: &[Row], form: &ParamForm) -> PolyResult<BasicSet> {
    let nu = form.n_unknowns;
    let nx = form.coeffs.len();
    let (m, k) = (ineqs.len(), eqs.len());
    // Columns: [u | λ0 | λ_1..λ_m | μ_1..μ_k | 1].
    let nl = 1 + m + k;
    let w = nu + nl;
    let mut eqrows: Vec<Row> = vec![];
    for j in 0..=nx {
        let mut r = vec![0i64; w + 1];
        let src = if j < nx { &form.coeffs[j] } else { &form.constant };
        r[..nu].copy_from_slice(&src[..nu]);
        r[w] = src[nu];
        if j == nx {
            r[nu] = -1; // λ0
        }
        for (i, a) in ineqs.iter().enumerate() {
            r[nu + 1 + i] = int::neg(a[j])?;
        }
        for (i, e) in eqs.iter().enumerate() {
            r[nu + 1 + m + i] = int::neg(e[j])?;
        }
        eqrows.push(r);
    }
    let mut inrows: Vec<Row> = (0..=m)
        .map(|i| {
            let mut r = vec![0i64; w + 1];
            r[nu + i] = 1;
            r
        })
        .collect();
    // Rational elimination of every multiplier: first all those an
    // equality determines (substitution adds no rows), then the rest by
    // Fourier–Motzkin, each time the column whose elimination makes the
    // fewest new rows. A fixed column order paid for whichever multiplier
    // came first: heat-3d with its sizes written `N` and `N + 8` (time and
    // space extents close together) spent 100e6 work units on one
    // dependence's rows, 300 times what the same part over two sizes cost.
    for c in nu..w {
        if let Some(p) = eqrows.iter().position(|r| r[c] != 0) {
            let eq = eqrows.swap_remove(p);
            for r in eqrows.iter_mut() {
                *r = eliminate_with(r, &eq, c, false)?;
            }
            for r in inrows.iter_mut() {
                *r = eliminate_with(r, &eq, c, true)?;
            }
        }
    }
    let mut left: Vec<usize> = (nu..w).filter(|&c| inrows.iter().any(|r| r[c] != 0)).collect();
    let growth = |rows: &[Row], c: usize| {
        let lo = rows.iter().filter(|r| r[c] > 0).count();
        let hi = rows.iter().filter(|r| r[c] < 0).count();
        (lo * hi) as i64 - (lo + hi) as i64
    };
    while let Some(at) = (0..left.len()).min_by_key(|&i| growth(&inrows, left[i])) {
        let c = left.swap_remove(at);
        let (mut lo, mut hi, mut rest) = (vec![], vec![], vec![]);
        for r in inrows.drain(..) {
            match r[c].signum() {
                1 => lo.push(r),
                -1 => hi.push(r),
                _ => rest.push(r),
            }
        }
        for l in &lo {
            for h in &hi {
                let mut r = row::combine(l, -h[c], h, l[c])?;
                r[c] = 0;
                scale_exact(&mut r);
                rest.push(r);
            }
        }
        rest.sort();
        rest.dedup();
        inrows = prune(rest, w)?;
        left.retain(|&c| inrows.iter().any(|r| r[c] != 0));
    }
    let names: Vec<String> = (0..nu).map(|i| format!("u{i}")).collect();
    let space = Space::from_tuple(vec![], Tuple { name: None, dims: names });
    let mut out = BasicSet::universe(space);
    for r in eqrows {
        let mut r: Row = r[..nu].iter().chain(std::iter::once(&r[w])).copied().collect();
        if !row::normalize_eq(&mut r) {
            return Ok(BasicSet::empty(out.space.clone()));
        }
        out.add_eq(r)?;
    }
    for r in inrows {
        let mut r: Row = r[..nu].iter().chain(std::iter::once(&r[w])).copied().collect();
        row::normalize_ineq(&mut r)?;
        out.add_ineq(r)?;
    }
    out.normalize()
}

/// Drops rationally redundant rows once the system grows.
fn prune(rows: Vec<Row>, w: usize) -> PolyResult<Vec<Row>> {
    let rows: Vec<Row> = rows.into_iter().filter(|r| !(row::is_const(r) && r[w] >= 0)).collect();
    if rows.len() <= 12 {
        return Ok(rows);
    }
    let space = Space::from_tuple(vec![], Tuple::anon(w, "c"));
    let b = BasicSet::from_constraints(space, vec![], rows)?;
    Ok(b.remove_redundant()?.ineqs.clone())
}
