//! Integer linear programming: feasibility, minimisation and lexicographic
//! minimisation over the integers, by exact equality elimination followed by
//! branch and bound on the rational [`Simplex`].
//!
//! Running example: `{ (x, y) : 2x = 2y + 1, 0 <= x <= 10 }`.
//!
//! 1. **Equalities** are solved over the integers with the Hermite normal
//!    form ([`integer_solutions`]): `2x - 2y - 1 = 0` has gcd 2 not dividing
//!    1, so the problem is empty — no search at all. In general the
//!    solutions are `x = x0 + B z` and the inequalities are rewritten over
//!    `z`, which is integral exactly when `x` is.
//! 2. **Inequalities** over `z` are gcd-normalised, which tightens them
//!    (`2z >= 1` becomes `z >= 1`).
//! 3. **Branch and bound**: minimise the LP relaxation; if the optimum has a
//!    fractional `z_k = v`, solve the two children `z_k <= floor(v)` and
//!    `z_k >= ceil(v)` (each a snapshot of the parent's tableau plus one
//!    constraint), depth first, pruning nodes whose LP bound cannot beat the
//!    best integer point found. Every node is charged to the [`Meter`].
//!
//! Unboundedness: if the LP relaxation is unbounded and an integer point
//! exists, the integer problem is unbounded too (rational data), and we
//! answer `Unbounded`. Integer feasibility of an unbounded polyhedron is not
//! guaranteed to finish by branching; the budget turns that into
//! `Err(Budget)`, never into a wrong answer.

use super::error::{Meter, PolyError, PolyResult};
use super::hnf::integer_solutions;
use super::int;
use super::num::{Int, Rational};
use super::row::{self, Row};
use super::simplex::{LpResult, Simplex};

/// Constraints over `n` integer variables (rows: coefficients, constant).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Problem {
    /// Number of variables.
    pub n: usize,
    /// Equalities `row·x + k = 0`.
    pub eqs: Vec<Row>,
    /// Inequalities `row·x + k >= 0`.
    pub ineqs: Vec<Row>,
}

impl Problem {
    /// Whether two rows over one variable each bound the same variable
    /// past each other ([`bounds_cross`]): no integer point, proven by a
    /// scan of the rows. A parameter split in cases (`conj` below, at or
    /// above a constant) gives every relation of a nest one part per case,
    /// and each composition of two relations one part per pair of cases,
    /// most of them such contradictions: in gsl's cblas/ctrmm.c, 90 of the
    /// 135 parts a value-based flow's kill was built from. Each was an
    /// integer problem of its own before.
    pub fn single_bounds_contradict(&self) -> bool {
        let n = self.n;
        bounds_cross(n, self.eqs.iter().map(|r| (&r[..n], r[n])), self.ineqs.iter().map(|r| (&r[..n], r[n])))
    }
}

/// Whether rows over `n` variables (coefficients and constant:
/// equalities `c·x + k = 0`, inequalities `c·x + k >= 0`) that bound one
/// variable alone bound it past each other (`x <= 130` and `x >= 132`,
/// `x = 131` and `x <= 130`, or `2x + 1 = 0`): then no integer point
/// satisfies them all. Rows over several variables are not looked at.
pub fn bounds_cross<'a>(n: usize, eqs: impl IntoIterator<Item = (&'a [i64], i64)>, ineqs: impl IntoIterator<Item = (&'a [i64], i64)>) -> bool {
    // (highest lower bound, lowest upper bound) per variable, in i128:
    // no bound of an i64 row overflows there.
    let mut bounds = vec![(i128::MIN, i128::MAX); n];
    let mut crosses = |col: usize, lo: i128, hi: i128| {
        let b = &mut bounds[col];
        (b.0, b.1) = (b.0.max(lo), b.1.min(hi));
        b.0 > b.1
    };
    let single = |c: &[i64]| -> Option<(usize, i128)> {
        let mut nz = c.iter().enumerate().filter(|(_, &a)| a != 0);
        let (col, &a) = nz.next()?;
        nz.next().is_none().then_some((col, a as i128))
    };
    for (c, k) in eqs {
        let Some((col, a)) = single(c) else { continue };
        let k = k as i128;
        if k % a != 0 || crosses(col, -k / a, -k / a) {
            return true;
        }
    }
    for (c, k) in ineqs {
        let Some((col, a)) = single(c) else { continue };
        let k = k as i128;
        // x >= ceil(-k / a) for a > 0, x <= floor(k / -a) for a < 0.
        let crossed = if a > 0 { crosses(col, -int::floor_i128(k, a), i128::MAX) } else { crosses(col, i128::MIN, int::floor_i128(k, -a)) };
        if crossed {
            return true;
        }
    }
    false
}

/// Outcome of an integer minimisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IlpResult {
    /// No integer point.
    Empty,
    /// Integer points exist and the objective has no lower bound.
    Unbounded,
    /// Minimum value and a point attaining it.
    Opt(i64, Vec<i64>),
}

/// The problem rewritten over the lattice `x = x0 + B z`.
struct Reduced {
    x0: Vec<i64>,
    basis: Vec<Vec<i64>>,
    ineqs: Vec<Row>,
}

impl Reduced {
    fn d(&self) -> usize {
        self.basis.first().map_or(0, |b| b.len())
    }

    /// Rewrites a row over `x` as a row over `z`.
    fn transform(&self, r: &[i64]) -> PolyResult<Row> {
        let n = self.x0.len();
        let d = self.d();
        // Rows are sparse: only the variables a row mentions contribute.
        let mut acc = vec![0i128; d + 1];
        acc[d] = r[n] as i128;
        let step = |a: &mut i128, x: i64, y: i64| -> PolyResult<()> {
            *a = a.checked_add(x as i128 * y as i128).ok_or_else(super::int::ovf)?;
            Ok(())
        };
        for i in (0..n).filter(|&i| r[i] != 0) {
            for (a, &b) in acc.iter_mut().zip(&self.basis[i]) {
                step(a, r[i], b)?;
            }
            step(&mut acc[d], r[i], self.x0[i])?;
        }
        let out = acc.into_iter().map(int::narrow).collect::<PolyResult<Row>>()?;
        Ok(out)
    }

    fn point(&self, z: &[i64]) -> PolyResult<Vec<i64>> {
        (0..self.x0.len())
            .map(|i| {
                let mut acc = self.x0[i] as i128;
                for (k, zk) in z.iter().enumerate() {
                    acc += self.basis[i][k] as i128 * *zk as i128;
                }
                int::narrow(acc)
            })
            .collect()
    }
}

fn reduce(p: &Problem) -> PolyResult<Option<Reduced>> {
    for r in p.eqs.iter().chain(&p.ineqs) {
        row::check(r)?;
    }
    // Hermite form of the equalities and the rewriting of every row.
    super::error::charge((p.eqs.len() + p.ineqs.len() + 1) * (p.n + 1) * (p.eqs.len() + 1))?;
    let Some((x0, basis)) = integer_solutions(&p.eqs, p.n)? else {
        return Ok(None);
    };
    let mut red = Reduced { x0, basis, ineqs: vec![] };
    for r in &p.ineqs {
        let mut t = red.transform(r)?;
        row::normalize_ineq(&mut t)?;
        if row::is_const(&t) {
            if t[t.len() - 1] < 0 {
                return Ok(None);
            }
            continue;
        }
        red.ineqs.push(t);
    }
    Ok(Some(red))
}

/// A coefficient from which a row counts as having large coefficients.
const LARGE_COEFF: i64 = 32;

/// Most integer values of a direction [`narrow_direction`] splits on.
const MAX_SPLIT: i64 = 16;

/// Most candidate directions whose width [`narrow_direction`] measures.
const MAX_CANDIDATES: usize = 16;

enum Split {
    /// No integer point (the LP is empty, or a direction has no integer
    /// value in its range).
    Empty,
    /// Split on the integer values `lo..=hi` of `q·z + k` (a row over z).
    On(Row, i64, i64),
    /// No narrow direction found: branch and bound.
    None,
}

/// Rounds `a / g` to the nearest integer (`g > 0`).
fn round_div(a: i64, g: i64) -> PolyResult<i64> {
    int::narrow(super::int::floor_i128(2 * a as i128 + g as i128, 2 * g as i128))
}

/// A lattice direction in which the polyhedron is thin, found where
/// branch and bound is slowest: rows with large coefficients.
///
/// Constant loop bounds put rows like `0 <= 1000·(i - i') + j - j' <= 1997`
/// (a linearized subscript) into a problem. Branch and bound on the
/// coordinates then needs a number of nodes that grows with the constant
/// (thin slices, one per value of `j`), while `i - i'` takes at most two
/// integer values. For a row `Σ a_k z_k + c` and a large `g = |a_k|`, the
/// direction `q = round(a / g)` (here `i - i'`) is such a candidate; its
/// width over the LP relaxation tells how many integer values it takes,
/// and splitting on them makes the work independent of the size of the
/// constants (each split removes a dimension). Only rows with a
/// coefficient `>= LARGE_COEFF` are looked at, so ordinary problems never
/// pay for more than a scan of their rows. Exact whatever the direction:
/// every integer point has an integer `q·z` in the LP's range.
fn narrow_direction(p: &Problem, red: &Reduced, m: &mut Meter) -> PolyResult<Split> {
    let d = red.d();
    if d < 2 {
        return Ok(Split::None);
    }
    // Candidates over z (rows with their constant: `q·x` of an original
    // direction is `q·x0 + (q B)·z`). The problem's own rows come first:
    // an equality `N·i + j = N·i' + j'` that the Hermite form solved for
    // `j'` spreads `N` over several rows over z, but over x it gives
    // `i - i'` directly.
    let mut cands: Vec<Row> = vec![];
    let mut add = |r: &[i64], n: usize, to_z: bool| -> PolyResult<()> {
        let mut gs: Vec<i64> = r[..n].iter().map(|c| c.abs()).filter(|&c| c >= LARGE_COEFF).collect();
        gs.sort_unstable();
        gs.dedup();
        for g in gs {
            let mut q = r[..n].iter().map(|&c| round_div(c, g)).collect::<PolyResult<Vec<i64>>>()?;
            q.push(0);
            let t = if to_z { red.transform(&q)? } else { q };
            let gq = row::coeff_gcd(&t);
            if gq == 0 {
                continue;
            }
            let sign = if t[..d].iter().find(|&&x| x != 0).is_some_and(|&x| x < 0) { -1 } else { 1 };
            // Dividing the constant too is exact for the split only when
            // the gcd divides it; otherwise keep the direction unscaled.
            let div = if t[d] % gq == 0 { gq } else { 1 };
            let t: Row = t.iter().map(|&x| sign * (x / div)).collect();
            if cands.len() < MAX_CANDIDATES && !cands.contains(&t) {
                cands.push(t);
            }
        }
        Ok(())
    };
    for r in p.eqs.iter().chain(&p.ineqs) {
        add(r, p.n, true)?;
    }
    for r in &red.ineqs {
        add(r, d, false)?;
    }
    if cands.is_empty() {
        return Ok(Split::None);
    }
    let mut s = Simplex::new(d);
    for r in &red.ineqs {
        s.add_ineq(r, m)?;
    }
    if s.is_empty() {
        return Ok(Split::Empty);
    }
    let mut best: Option<(i128, Vec<i64>, i64, i64)> = None;
    for obj in cands {
        // An LP bound past i64 fails the query with Overflow, which the
        // callers that may give up treat as "not known empty" at once
        // (skipping the direction instead sends them to branch and bound,
        // which spends the scheduler's allowance on the stencils of
        // llvm-tests/pipeline/constant-sizes.c).
        let lo = match s.minimize(&obj, m)? {
            LpResult::Opt(v) => to_i64(v.ceil())?,
            LpResult::Empty => return Ok(Split::Empty),
            LpResult::Unbounded => continue,
        };
        let hi = match s.minimize(&row::negate(&obj)?, m)? {
            LpResult::Opt(v) => to_i64(v.neg().floor())?,
            LpResult::Empty => return Ok(Split::Empty),
            LpResult::Unbounded => continue,
        };
        if hi < lo {
            return Ok(Split::Empty);
        }
        let count = hi as i128 - lo as i128 + 1;
        if best.as_ref().is_none_or(|b| count < b.0) {
            best = Some((count, obj, lo, hi));
        }
    }
    Ok(match best {
        Some((count, q, lo, hi)) if count <= MAX_SPLIT as i128 => Split::On(q, lo, hi),
        _ => Split::None,
    })
}

/// A coefficient from which [`implied_equalities`] takes a row's
/// directions as candidates. Lower than [`LARGE_COEFF`]: a row of a
/// 20 x 20 plane, `20·(j - j') + k - k' = 0` with `|k - k'| <= 17`, holds
/// only with `j = j'` and `k = k'`, and Farkas over the slice left as it is
/// runs out of the scheduler's allowance (heat3d at n = 20). Rows of unit
/// coefficients, the ordinary ones, still cost nothing.
pub(crate) const IMPLIED_COEFF: i64 = 2;

/// Equalities that every integer point of `p` satisfies but that the
/// rational relaxation does not imply, found in rows with large
/// coefficients: a direction `q·x` (see [`narrow_direction`]) whose LP
/// range holds a single integer `v` gives `q·x - v = 0`. With constant
/// sizes, `100·i + j = 100·i' + j' + 1` and `1 <= j, j' <= 98` hold only
/// with `i = i'`. Rows over the `n` variables of `p`; none when nothing is
/// found (also when `p` has no integer point: callers get no information
/// rather than a contradiction).
pub fn implied_equalities(p: &Problem, m: &mut Meter) -> PolyResult<Vec<Row>> {
    let n = p.n;
    let mut cands: Vec<Row> = vec![];
    for r in p.eqs.iter().chain(&p.ineqs) {
        let mut gs: Vec<i64> = r[..n].iter().map(|c| c.abs()).filter(|&c| c >= IMPLIED_COEFF).collect();
        gs.sort_unstable();
        gs.dedup();
        for g in gs {
            let mut q = r[..n].iter().map(|&c| round_div(c, g)).collect::<PolyResult<Row>>()?;
            q.push(0);
            let gq = row::coeff_gcd(&q);
            let sign = if q[..n].iter().find(|&&x| x != 0).is_some_and(|&x| x < 0) { -1 } else { 1 };
            let q: Row = q.iter().map(|&x| sign * (x / gq.max(1))).collect();
            if gq != 0 && cands.len() < MAX_CANDIDATES && !cands.contains(&q) {
                cands.push(q);
            }
        }
    }
    let mut out = vec![];
    if cands.is_empty() {
        return Ok(out);
    }
    let mut s = Simplex::new(n);
    for r in &p.eqs {
        s.add_eq(r, m)?;
    }
    for r in &p.ineqs {
        s.add_ineq(r, m)?;
    }
    for mut q in cands {
        let lo = match s.minimize(&q, m)? {
            LpResult::Opt(v) => to_i64(v.ceil())?,
            LpResult::Empty => return Ok(vec![]),
            LpResult::Unbounded => continue,
        };
        let hi = match s.minimize(&row::negate(&q)?, m)? {
            LpResult::Opt(v) => to_i64(v.neg().floor())?,
            LpResult::Empty => return Ok(vec![]),
            LpResult::Unbounded => continue,
        };
        if hi < lo {
            return Ok(vec![]);
        }
        if hi == lo && (s.minimize(&q, m)? != LpResult::Opt(super::num::Rational::int(lo)) || s.minimize(&row::negate(&q)?, m)? != LpResult::Opt(super::num::Rational::int(-lo))) {
            // Not already a rational equality: a new one.
            q[n] = int::neg(lo)?;
            s.add_eq(&q, m)?;
            out.push(q);
        }
    }
    Ok(out)
}

/// Open branch-and-bound nodes allowed at once (see `branch_and_bound`).
const MAX_OPEN_NODES: usize = 256;

enum Bnb {
    Empty,
    Unbounded,
    Opt(i64, Vec<i64>),
}

fn to_i64(v: Int) -> PolyResult<i64> {
    v.to_i64().filter(|&x| x != i64::MIN).ok_or(PolyError::Overflow)
}

/// Branch and bound over `z` (`d` variables) minimising `obj`; with
/// `feasible_only` it stops at the first integer point.
fn branch_and_bound(red: &Reduced, obj: &[i64], feasible_only: bool, m: &mut Meter) -> PolyResult<Bnb> {
    let d = red.d();
    let mut root = Simplex::new(d);
    for r in &red.ineqs {
        root.add_ineq(r, m)?;
    }
    let mut best: Option<(i64, Vec<i64>)> = None;
    let mut stack = vec![root];
    while let Some(mut s) = stack.pop() {
        m.node(s.cells())?;
        // Each open node holds a tableau that grows with its depth: a
        // search this deep is not converging, and its memory would grow
        // with the square of the depth.
        if stack.len() > MAX_OPEN_NODES {
            return Err(super::error::budget());
        }
        let v = match s.minimize(obj, m)? {
            LpResult::Empty => continue,
            LpResult::Unbounded => return Ok(Bnb::Unbounded),
            LpResult::Opt(v) => v,
        };
        let lower = to_i64(v.ceil())?;
        if best.as_ref().is_some_and(|(b, _)| lower >= *b) {
            continue;
        }
        let sample = s.sample();
        if feasible_only {
            let half = Rational::new(1, 2).expect("non-zero denominator");
            let rounded: Vec<i64> = sample.iter().map(|x| to_i64(x.add(&half).floor())).collect::<PolyResult<_>>()?;
            if red.ineqs.iter().all(|r| row::eval(r, &rounded).is_ok_and(|v| v >= 0)) {
                return Ok(Bnb::Opt(0, rounded));
            }
        }
        match sample.iter().position(|x| !x.is_int()) {
            None => {
                let z: Vec<i64> = sample.iter().map(|x| to_i64(x.numer())).collect::<PolyResult<_>>()?;
                if feasible_only {
                    return Ok(Bnb::Opt(0, z));
                }
                best = Some((lower, z));
            }
            Some(k) => {
                let (fl, ce) = (to_i64(sample[k].floor())?, to_i64(sample[k].ceil())?);
                let mut lo = vec![0i64; d + 1];
                lo[k] = -1;
                lo[d] = fl;
                let mut hi = vec![0i64; d + 1];
                hi[k] = 1;
                hi[d] = int::neg(ce)?;
                let mut a = s.clone();
                a.add_ineq(&lo, m)?;
                s.add_ineq(&hi, m)?;
                // Explore the side nearer the LP sample first (pushed last).
                let frac_up = sample[k].sub(&Rational::int(fl)) > Rational::new(1, 2).expect("non-zero denominator");
                if frac_up {
                    stack.push(a);
                    stack.push(s);
                } else {
                    stack.push(s);
                    stack.push(a);
                }
            }
        }
    }
    Ok(match best {
        Some((v, z)) => Bnb::Opt(v, z),
        None => Bnb::Empty,
    })
}

/// Minimises `obj·x + k` (a row over the `n` variables) over the integer
/// points of `p`.
pub fn minimize(p: &Problem, obj: &[i64], m: &mut Meter) -> PolyResult<IlpResult> {
    row::check(obj)?;
    let Some(red) = reduce(p)? else {
        return Ok(IlpResult::Empty);
    };
    let tobj = red.transform(obj)?;
    match branch_and_bound(&red, &tobj, false, m)? {
        Bnb::Empty => Ok(IlpResult::Empty),
        Bnb::Opt(v, z) => Ok(IlpResult::Opt(v, red.point(&z)?)),
        Bnb::Unbounded => {
            let zero = vec![0i64; red.d() + 1];
            match branch_and_bound(&red, &zero, true, m)? {
                Bnb::Opt(..) => Ok(IlpResult::Unbounded),
                _ => Ok(IlpResult::Empty),
            }
        }
    }
}

/// Some integer point of `p`, or `None` when it has none. Asked again,
/// the answer comes from [`super::answers`], at the same cost in work.
pub fn sample(p: &Problem, m: &mut Meter) -> PolyResult<Option<Vec<i64>>> {
    if p.single_bounds_contradict() {
        return Ok(None);
    }
    super::answers::sample(p, m, sample_afresh)
}

fn sample_afresh(p: &Problem, m: &mut Meter) -> PolyResult<Option<Vec<i64>>> {
    let Some(red) = reduce(p)? else {
        return Ok(None);
    };
    match narrow_direction(p, &red, m)? {
        Split::Empty => return Ok(None),
        Split::On(q, lo, hi) => {
            // Every integer point has q·z + k in [lo, hi] (q's constant
            // k): one sub-problem per value, each with one dimension less
            // (the equality q·z + k = v).
            for v in lo..=hi {
                let mut eq = q.clone();
                let c = eq.len() - 1;
                eq[c] = int::sub(eq[c], v)?;
                let sub = Problem { n: red.d(), eqs: vec![eq], ineqs: red.ineqs.clone() };
                m.node(sub.ineqs.len() * (sub.n + 1))?;
                if let Some(z) = sample(&sub, m)? {
                    return Ok(Some(red.point(&z)?));
                }
            }
            return Ok(None);
        }
        Split::None => {}
    }
    let zero = vec![0i64; red.d() + 1];
    match branch_and_bound(&red, &zero, true, m)? {
        Bnb::Opt(_, z) => Ok(Some(red.point(&z)?)),
        _ => Ok(None),
    }
}

/// The lexicographically smallest integer point of `p` in the order of the
/// variables `order` (a point over all `n` variables; variables not in
/// `order` take some feasible value). `Err(Unbounded)` if some variable of
/// `order` is unbounded below at its turn.
pub fn lexmin_in_order(p: &Problem, order: &[usize], m: &mut Meter) -> PolyResult<Option<Vec<i64>>> {
    let mut q = p.clone();
    let mut last = None;
    for &k in order {
        let mut obj = vec![0i64; p.n + 1];
        obj[k] = 1;
        match minimize(&q, &obj, m)? {
            IlpResult::Empty => return Ok(None),
            IlpResult::Unbounded => return Err(PolyError::Unbounded),
            IlpResult::Opt(v, pt) => {
                let mut eq = vec![0i64; p.n + 1];
                eq[k] = 1;
                eq[p.n] = int::neg(v)?;
                q.eqs.push(eq);
                last = Some(pt);
            }
        }
    }
    match last {
        Some(pt) => Ok(Some(pt)),
        None => sample(&q, m),
    }
}

/// The lexicographically smallest integer point of `p` (all variables, in
/// order). This is the entry point used by the scheduler.
pub fn lexmin(p: &Problem, m: &mut Meter) -> PolyResult<Option<Vec<i64>>> {
    let order: Vec<usize> = (0..p.n).collect();
    lexmin_in_order(p, &order, m)
}
