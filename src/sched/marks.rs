//! Which dependences a schedule's rows carry: the scheduler's "satisfied"
//! bookkeeping and the `parallel` marks of every dimension.
//!
//! Running example: matrix multiply, dependence `S[i,j,k] -> S[i,j,k']`
//! with `k' > k` (on `C[i][j]`), rows `(i, j, k)`. Walking the rows, each
//! dependence keeps its *remaining* part (the pairs not yet ordered by the
//! outer rows). Row `i`: the difference `i' - i` is `0` on the whole
//! remaining part, so the row carries nothing (parallel); the remaining
//! part becomes `P ∧ i' - i = 0` — unchanged. Row `j`: same. Row `k`:
//! `k' - k >= 1` is possible, so `k` carries it (not parallel); the
//! remaining part `P ∧ k' = k` is empty: satisfied.
//!
//! Rows with `div > 1` (tile rows) get a floor-division local per side, so
//! this is exact for tiled schedules too.

use crate::scop::poly_scop::{CellId, StmtId};
use crate::deps::{DepId, DepKind, Dependence, Deps};
use crate::poly::{BasicSet, PolyResult};
use crate::sched::schedule::CarriedPairs;
use crate::sched::{SchedRow, Schedule};
use std::collections::{BTreeMap, BTreeSet};

/// What one row does to a dependence's remaining pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carry {
    /// Some remaining pair gets a positive difference (carried here).
    pub positive: bool,
    /// Some remaining pair gets a negative difference (violated).
    pub negative: bool,
}

/// A dependence with the pairs not yet strictly ordered by outer rows.
#[derive(Clone, Debug)]
pub struct DepState {
    pub dep: DepId,
    pub src: StmtId,
    pub dst: StmtId,
    /// The source statement's counters: the columns of the pair polyhedra
    /// before the target's.
    pub n_src: usize,
    pub parts: Vec<BasicSet>,
}

/// The row's expression on the source (`first_dim = 0`) or target
/// dimensions of the pair polyhedron `b`, as a full-width row (before any
/// division).
fn side_expr(b: &BasicSet, r: &SchedRow, first_dim: usize, n_dims: usize) -> Vec<i64> {
    let np = b.n_param();
    let mut e = vec![0; b.width()];
    e[..np].copy_from_slice(&r.coeffs[..np]);
    for k in 0..n_dims {
        e[np + first_dim + k] = r.coeffs[np + k];
    }
    let last = b.width() - 1;
    e[last] = r.coeffs[np + n_dims];
    e
}

/// `part` with a floor-division local for each side whose row has
/// `div > 1`, and the difference row `θ_T(t) - θ_S(s)` over its columns.
pub fn difference(part: &BasicSet, n_src: usize, rs: &SchedRow, rt: &SchedRow) -> PolyResult<(BasicSet, Vec<i64>)> {
    let mut b = part.clone();
    let n_dst = b.n_dim() - n_src;
    let sides = [(rs, 0, n_src), (rt, n_src, n_dst)];
    let mut div_cols = [None, None];
    for (k, &(r, first, n)) in sides.iter().enumerate() {
        if r.div > 1 {
            let e = side_expr(&b, r, first, n);
            div_cols[k] = Some(b.add_div(e, r.div)?);
        }
    }
    let value = |k: usize| -> Vec<i64> {
        let (r, first, n) = sides[k];
        match div_cols[k] {
            Some(c) => {
                let mut u = vec![0; b.width()];
                u[c] = 1;
                u
            }
            None => side_expr(&b, r, first, n),
        }
    };
    let d = crate::poly::row::combine(&value(1), 1, &value(0), -1)?;
    Ok((b, d))
}

impl DepState {
    pub fn new(dep: DepId, d: &Dependence) -> DepState {
        DepState { dep, src: d.source, dst: d.target, n_src: d.relation.space().n_in(), parts: d.relation.parts().to_vec() }
    }

    pub fn satisfied(&self) -> bool {
        self.parts.is_empty()
    }

    /// Applies one row (`rs` for the source statement, `rt` for the
    /// target): reports the sign of the difference on the remaining pairs
    /// and keeps only the pairs where it is zero.
    pub fn step(&mut self, rs: &SchedRow, rt: &SchedRow) -> PolyResult<Carry> {
        self.step_asking(rs, rt, Ask::Both)
    }

    /// [`DepState::step`] that finds out only the signs `ask` names: each
    /// sign is an integer problem per pair polyhedron, and most walks want
    /// one sign or none (the pairs left at zero, for the rows after). The
    /// signs not asked for are reported `false`.
    pub fn step_asking(&mut self, rs: &SchedRow, rt: &SchedRow, ask: Ask) -> PolyResult<Carry> {
        let mut carry = Carry::default();
        let mut rest = vec![];
        for p in &self.parts {
            let (b, d) = difference(p, self.n_src, rs, rt)?;
            sign_of(&b, &d, ask, &mut carry)?;
            let mut z = b;
            z.add_eq(d)?;
            if !z.is_empty()? {
                rest.push(z.simplify_locals()?);
            }
        }
        self.parts = rest;
        Ok(carry)
    }

    /// The signs `ask` names of the difference of one row on the pairs
    /// left, the state unchanged (for a walk that looks one row ahead).
    pub fn signs(&self, rs: &SchedRow, rt: &SchedRow, ask: Ask) -> PolyResult<Carry> {
        let mut carry = Carry::default();
        for p in &self.parts {
            let (b, d) = difference(p, self.n_src, rs, rt)?;
            sign_of(&b, &d, ask, &mut carry)?;
        }
        Ok(carry)
    }
}

/// Which signs of a row's difference a walk asks [`DepState::step_asking`]
/// about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Both, each exactly.
    Both,
    Positive,
    Negative,
    /// Whether some pair has a non-zero difference (`positive ||
    /// negative`); once one sign is found the other is not looked for.
    Either,
    /// None: only the pairs left at zero.
    Neither,
}

/// Adds to `carry` the signs `ask` names that the pairs of `b` give the
/// difference row `d`, skipping a sign already found on another part.
fn sign_of(b: &BasicSet, d: &[i64], ask: Ask, carry: &mut Carry) -> PolyResult<()> {
    let shifted = |sign: i64| -> PolyResult<bool> {
        let mut q = b.clone();
        let mut r: Vec<i64> = d.iter().map(|x| x * sign).collect();
        let last = r.len() - 1;
        r[last] -= 1;
        q.add_ineq(r)?;
        Ok(!q.is_empty()?)
    };
    let (want_pos, want_neg) = match ask {
        Ask::Both | Ask::Either => (true, true),
        Ask::Positive => (true, false),
        Ask::Negative => (false, true),
        Ask::Neither => (false, false),
    };
    if want_pos && !carry.positive {
        carry.positive = shifted(1)?;
    }
    let found = ask == Ask::Either && (carry.positive || carry.negative);
    if want_neg && !carry.negative && !found {
        carry.negative = shifted(-1)?;
    }
    Ok(())
}

/// States for the given dependences.
pub fn states<'a>(deps: impl Iterator<Item = (DepId, &'a Dependence)>) -> Vec<DepState> {
    deps.map(|(i, d)| DepState::new(i, d)).collect()
}

/// For each scalar with value-based flow dependences (by array name), the
/// first dimension of `rows` at which one of them leaves a row: its
/// source and target differ there, and agree at every dimension before.
/// A scalar absent from the map, or mapped to a dimension after `d`, has
/// each of its values read only in the iteration of dimension `d` that
/// wrote it (with the same outer iterations): an iteration of a loop of
/// `d` may have a copy of its own (`ast::reduction_jam`). Empty when the
/// flow dependences are not exactly value based (then no scalar is
/// known to be so).
pub fn scalar_flow_rows(deps: &Deps, rows: &[Vec<SchedRow>], n_rows: usize) -> PolyResult<Option<BTreeMap<CellId, usize>>> {
    if !deps.value_based_exact {
        return Ok(None);
    }
    let flows = deps.enumerated().filter(|(_, d)| d.is_scalar && d.kind == DepKind::Flow);
    let mut out: BTreeMap<CellId, usize> = BTreeMap::new();
    for (i, d) in flows {
        let mut s = DepState::new(i, d);
        let mut leaves = n_rows;
        for k in 0..n_rows {
            let c = s.step_asking(&rows[s.src.index()][k], &rows[s.dst.index()][k], Ask::Either)?;
            if c.positive || c.negative {
                leaves = k;
                break;
            }
            if s.satisfied() {
                break;
            }
        }
        let e = out.entry(d.array).or_insert(n_rows);
        *e = (*e).min(leaves);
    }
    Ok(Some(out))
}

/// For each dimension of `rows`, the (source, target) statements of the
/// dependences of `states` carried there (walking the rows outermost
/// first): of all of them, and of those `counted` keeps.
fn carried(mut states: Vec<DepState>, rows: &[Vec<SchedRow>], n_rows: usize, counted: impl Fn(DepId) -> bool) -> PolyResult<Vec<CarriedPairs>> {
    let mut out = vec![];
    for k in 0..n_rows {
        let (mut all, mut kept) = (BTreeSet::new(), BTreeSet::new());
        for s in states.iter_mut() {
            if s.step_asking(&rows[s.src.index()][k], &rows[s.dst.index()][k], Ask::Positive)?.positive {
                all.insert((s.src, s.dst));
                if counted(s.dep) {
                    kept.insert((s.src, s.dst));
                }
            }
        }
        states.retain(|s| !s.satisfied());
        out.push(CarriedPairs { strict: all, loose: kept });
    }
    Ok(out)
}

/// `pairs` (those a dimension carries) with a pair that no relaxation
/// drops for each statement reached from a reduction the dimension
/// carries, through the reduction's cell: a later read, or a write, of the
/// cell by another statement. With the reduction relaxed, its updates run
/// in any order, but the dependences name only the last update before such
/// an access (value-based flow: each update kills the one before). Every
/// update must come before it, and in a loop holding both the two are not
/// parallel even with the reduction relaxed (a generated program of the
/// fuzzer, s20271701-76: `A0[n-1][k] +=` in every row `i`, read back as
/// `A0[i][i]` in the row `n - 1`).
///
/// Only a statement that can share a loop of the dimension (`k` of
/// `sched`) with the reduction counts. Both producers of carried pairs
/// ([`mark_parallel`], [`band_rows_zero`]) apply it.
fn with_reductions_read(deps: &Deps, mut pairs: CarriedPairs, sched: &Schedule, k: usize) -> CarriedPairs {
    let reducing: BTreeSet<(StmtId, CellId)> = deps.deps.iter().filter(|d| d.reduction && pairs.strict.contains(&(d.source, d.target))).map(|d| (d.source, d.array)).collect();
    for pair in reached_from_reductions(deps, &reducing, sched, k) {
        pairs.strict.insert(pair);
        pairs.loose.insert(pair);
    }
    pairs
}

/// Whether dimension `k` of `sched` may hold, in one loop, a reduction
/// and another statement that reads or writes its cell: a loop the
/// relaxed reduction does not make parallel (see [`with_reductions_read`]).
/// Conservative: every reduction iterating there counts, carried or not.
/// For marks computed without [`CarriedPairs`] (innermost distribution).
pub fn reduction_cell_shared(deps: &Deps, sched: &Schedule, k: usize) -> bool {
    let reducing: BTreeSet<(StmtId, CellId)> = deps.deps.iter().filter(|d| d.reduction && shares_loop(sched, d.relation.space().params.len(), d.source, d.target, k)).map(|d| (d.source, d.array)).collect();
    let shared = reached_from_reductions(deps, &reducing, sched, k).next().is_some();
    shared
}

/// The pairs (reduction, other statement) joined through the cell of a
/// reduction in `reducing` (statement, cell) whose statements may share a
/// loop of dimension `k` of `sched`.
fn reached_from_reductions<'a>(deps: &'a Deps, reducing: &'a BTreeSet<(StmtId, CellId)>, sched: &'a Schedule, k: usize) -> impl Iterator<Item = (StmtId, StmtId)> + 'a {
    deps.deps
        .iter()
        .filter(move |d| d.source != d.target && reducing.contains(&(d.source, d.array)) && shares_loop(sched, d.relation.space().params.len(), d.source, d.target, k))
        .map(|d| (d.source, d.target))
}

/// Whether one loop of dimension `k` of `sched` may hold both `s` and `t`:
/// on the same side of every scalar row before it, and `t` iterating
/// there (`np` parameters).
fn shares_loop(sched: &Schedule, np: usize, s: StmtId, t: StmtId, k: usize) -> bool {
    sched.same_side(s, t, k) && sched.row(t, k).iterates(np)
}

/// Sets `parallel` and `parallel_if_reduction` of every dimension of
/// `sched` from the dependences the schedule must respect (scalars in
/// `relaxed` privatized; reductions kept for `parallel`, relaxed for
/// `parallel_if_reduction`). The dependences without reductions are a
/// subset of those with them, each walked on its own: one walk gives both.
pub fn mark_parallel(deps: &Deps, sched: &mut Schedule, relaxed: &BTreeSet<CellId>) -> PolyResult<()> {
    let n = sched.dims.len();
    let pairs = carried(states(deps.constraining(relaxed, false)), &sched.stmts, n, |d| !deps.dep(d).reduction)?;
    let pairs: Vec<CarriedPairs> = pairs.into_iter().enumerate().map(|(k, p)| with_reductions_read(deps, p, sched, k)).collect();
    for (d, pairs) in sched.dims.iter_mut().zip(pairs) {
        d.parallel = pairs.strict.is_empty();
        d.parallel_if_reduction = !pairs.strict.is_empty() && pairs.loose.is_empty();
        d.carried = Some(pairs);
    }
    Ok(())
}

/// The constraining dependences (scalars in `relaxed` privatized,
/// reductions relaxed when `relax_reductions`) restricted to their pairs
/// that the rows before `start` of `sched` leave unordered.
pub fn unordered_before(deps: &Deps, sched: &Schedule, start: usize, relaxed: &BTreeSet<CellId>, relax_reductions: bool) -> PolyResult<Vec<DepState>> {
    let mut sts = states(deps.constraining(relaxed, relax_reductions));
    for k in 0..start {
        for s in sts.iter_mut() {
            s.step_asking(sched.row(s.src, k), sched.row(s.dst, k), Ask::Neither)?;
        }
        sts.retain(|s| !s.satisfied());
    }
    Ok(sts)
}

/// For each row of the band `[start, start + len)` of `sched`: the
/// statements of the dependences not ordered before the band on some pair
/// of which its difference is not zero (strict: reductions kept; loose:
/// relaxed). A tile row built on a row with none carries nothing, whatever
/// the tile sizes — the sufficient test the tiler uses for tile
/// dimensions, without floor divisions.
pub fn band_rows_zero(deps: &Deps, sched: &Schedule, start: usize, len: usize, relaxed: &BTreeSet<CellId>) -> PolyResult<Vec<CarriedPairs>> {
    let nonzero = |relax: bool| -> PolyResult<Vec<BTreeSet<(StmtId, StmtId)>>> {
        let sts = unordered_before(deps, sched, start, relaxed, relax)?;
        let mut out = vec![];
        for k in start..start + len {
            let mut pairs = BTreeSet::new();
            for s in &sts {
                let c = s.signs(sched.row(s.src, k), sched.row(s.dst, k), Ask::Either)?;
                if c.positive || c.negative {
                    pairs.insert((s.src, s.dst));
                }
            }
            out.push(pairs);
        }
        Ok(out)
    };
    let (strict, loose) = (nonzero(false)?, nonzero(true)?);
    Ok(strict.into_iter().zip(loose).enumerate().map(|(j, (strict, loose))| with_reductions_read(deps, CarriedPairs { strict, loose }, sched, start + j)).collect())
}

/// For each dimension `d` of `dims` (loops of `sched`), the (source,
/// target) statements of the array dependences carried at `d` that an
/// unroll-and-jam of a loop of `d` would reverse (`ast::reduction_jam`).
///
/// A jam runs several iterations ("rows") of the loop together: each of
/// its inner items (a statement, or an inner loop's iteration) for every
/// row before the next item. That is the loop of `d` moved innermost, so
/// a dependence from one row to a later one stays ordered iff its pairs
/// carried at `d` have a lexicographically non-negative difference on the
/// dimensions after `d`. Running example: `for i { t[i] = 0; for j t[i]
/// += A[i][j]*x[j]; for j y[j] += A[i][j]*t[i]; }` (A^T·A·x): `y[j]`'s
/// dependence is carried at `i` with difference `0` at the dimensions
/// after it, so rows may interleave (each `y[j]` still gets its terms in
/// the order of `i`); in a forward substitution, `x[i] /= L[i][i]` in row
/// `i` feeds the inner loop of a later row at `j = i`, an earlier item:
/// blocked.
///
/// Scalar dependences are left out: a jam gives each row its own copies of
/// the scalars it writes, and only where no value crosses rows
/// (`scalar_flow_rows`).
pub fn jam_blocked(deps: &Deps, sched: &Schedule, dims: &BTreeSet<usize>) -> PolyResult<BTreeMap<usize, BTreeSet<(StmtId, StmtId)>>> {
    let n = sched.dims.len();
    let none = BTreeSet::new();
    let mut out = BTreeMap::new();
    for &d in dims.iter().filter(|&&d| d < n) {
        let arrays = deps.constraining(&none, false).filter(|(_, x)| !x.is_scalar);
        let mut blocked = BTreeSet::new();
        for mut s in states(arrays) {
            // One dependence is enough to block a pair of statements.
            if blocked.contains(&(s.src, s.dst)) {
                continue;
            }
            for k in 0..d {
                s.step_asking(sched.row(s.src, k), sched.row(s.dst, k), Ask::Neither)?;
                if s.satisfied() {
                    break;
                }
            }
            // The pairs carried at `d` (positive difference there).
            let mut carried = vec![];
            for p in &s.parts {
                let (mut b, mut diff) = difference(p, s.n_src, sched.row(s.src, d), sched.row(s.dst, d))?;
                let last = diff.len() - 1;
                diff[last] -= 1;
                b.add_ineq(diff)?;
                if !b.is_empty()? {
                    carried.push(b.simplify_locals()?);
                }
            }
            s.parts = carried;
            for k in d + 1..n {
                if s.satisfied() {
                    break;
                }
                if s.step_asking(sched.row(s.src, k), sched.row(s.dst, k), Ask::Negative)?.negative {
                    blocked.insert((s.src, s.dst));
                    break;
                }
            }
        }
        out.insert(d, blocked);
    }
    Ok(out)
}
