//! An independent legality checker (regalloc2's `checker.rs` habit): for
//! small fixed parameter values, enumerate every statement instance, order
//! them by the original schedule and by the new one, and compare.
//!
//! Running example: matrix multiply with `n = 3` has 27 instances of `S0`;
//! cell `C[1][2]` is read and written by `S0[1, 2, k]`, `k = 0..3`. Every
//! pair of those accesses with a write must run in the same relative order
//! under both schedules (and never at the same new time stamp).
//!
//! It shares nothing with the dependence analysis or the scheduler: the
//! instances come from brute-force membership tests in a bounding box, the
//! time stamps from evaluating the rows (floor divisions included, and the
//! wavefront a band asks for: the sum of its tile coordinates in place of
//! the first, [`Schedule::time_stamp`]); parallel marks are checked on the
//! time stamps too.
//!
//! Relaxations, when asked for:
//! * scalars (`relax_scalars`): their memory-based order may change; what
//!   must hold is the data flow — every read sees the value of the same
//!   write as before, and the last write stays last (GRAPHITE's
//!   correctness condition, checked directly);
//! * reductions (`relax_reductions`): two updates of a reduction cell by
//!   the same reduction statement may swap.

use crate::scop::poly_scop::{CellId, StmtId};
use crate::schedule::Schedule;
use crate::poly::{PolyError, Set};
use crate::scop::model::AccessKind;
use crate::scop::PolyScop;
use std::cmp::Ordering;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub params: Vec<i64>,
    pub relax_scalars: bool,
    pub relax_reductions: bool,
    /// Refuse to enumerate more instances than this.
    pub max_instances: usize,
    /// Enumerate only this corner of each statement's bounding box
    /// ([`Corner`]); `None`: every instance.
    pub corner: Option<Corner>,
}

impl CheckOptions {
    pub fn new(params: &[i64]) -> CheckOptions {
        CheckOptions { params: params.to_vec(), relax_scalars: true, relax_reductions: false, max_instances: 20_000, corner: None }
    }
}

/// A corner of each statement's bounding box, [`CORNER_WIDTH`] values of
/// each counter from its lowest (`Low`) or highest (`High`) value: what
/// the checker enumerates of a SCoP whose sizes are constants too large
/// to enumerate whole (`#define N 2000`), where no smaller parameter
/// values exist to try.
///
/// Every pair of instances of the corners is a pair of the SCoP with the
/// same original and new time stamps, so the checks made pair by pair
/// (the order of two accesses to a cell, one a write; parallel and jam
/// marks) find only real violations. The data flow of a relaxed scalar
/// is not checked there (the write a read sees may lie outside the
/// corner, under either order): only that no two of its accesses, one a
/// write, share a time stamp; the exact live-range check
/// (`legality::live`) covers the rest. Running example: LU at n = 2000
/// enumerates `k, i, j` in `0..6` and in `1994..2000`, 2 x 216 instances
/// of the update, instead of 2.7 billion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    Low,
    High,
}

/// Values of each counter in a [`Corner`].
pub const CORNER_WIDTH: i64 = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    pub instances: usize,
    /// Ordered pairs (or reads, for relaxed scalars) compared.
    pub checks: usize,
    /// Whether only the corners were enumerated ([`Corner`]).
    pub corners: bool,
}

struct Instance {
    stmt: StmtId,
    iters: Vec<i64>,
    old: Vec<i64>,
    /// Time stamp under the new schedule (one value per dimension).
    new: Vec<i64>,
}

/// One access of one instance: (instance, access index, is write).
type Event = (usize, usize, bool);

fn perr(e: PolyError) -> String {
    format!("polyhedral error in checker: {e}")
}

/// Per-dimension bounds of `set` with the parameters fixed.
fn bounding_box(set: &Set, params: &[i64]) -> Result<Vec<(i64, i64)>, String> {
    let n = set.space().n_dim();
    let mut out = vec![];
    for d in 0..n {
        let (after, _) = set.project_out(d + 1, n - d - 1).map_err(perr)?;
        let (one, _) = after.project_out(0, d).map_err(perr)?;
        let lo = one.lexmin(params).map_err(perr)?;
        let hi = one.lexmax(params).map_err(perr)?;
        match (lo, hi) {
            (Some(l), Some(h)) => out.push((l[0], h[0])),
            _ => return Ok(vec![]),
        }
    }
    Ok(out)
}

/// `rel` with its input fixed to `x`.
fn at_input(rel: &Set, x: &[i64]) -> Result<Set, String> {
    x.iter().enumerate().try_fold(rel.clone(), |r, (k, &v)| r.fix_dim(k, v).map_err(perr))
}

/// The image of `x` under a functional relation.
pub(crate) fn image(rel: &Set, params: &[i64], x: &[i64]) -> Result<Vec<i64>, String> {
    if let Some([cell]) = block_by_bounds(rel, params, x).as_deref() {
        return Ok(cell.clone());
    }
    let r = at_input(rel, x)?;
    let lo = r.lexmin(params).map_err(perr)?.ok_or("relation undefined on an instance")?;
    let hi = r.lexmax(params).map_err(perr)?.ok_or("relation undefined on an instance")?;
    if lo != hi {
        return Err("the checker only handles functional relations".into());
    }
    Ok(lo[x.len()..].to_vec())
}

/// Cells an access of one instance may touch at most (a row copied or
/// filled as one statement: a few hundred).
const MAX_CELLS_PER_ACCESS: i64 = 4096;

/// Every cell the relation `rel` maps `x` to: [`image`] for a function;
/// for an access to a block of cells (a row filled or copied by one
/// statement, `S[i] -> A[i, d] : 0 <= d < 20`), each cell of the block,
/// all of which the access orders as one.
fn images(rel: &Set, params: &[i64], x: &[i64]) -> Result<Vec<Vec<i64>>, String> {
    if let Some(cells) = block_by_bounds(rel, params, x) {
        return Ok(cells);
    }
    let r = at_input(rel, x)?;
    let block = r.range().map_err(perr)?;
    let outs = bounding_box(&block, params)?;
    if outs.len() != rel.space().n_out() {
        return Err("relation undefined on an instance".into());
    }
    let count = box_volume(&outs).filter(|&c| c <= MAX_CELLS_PER_ACCESS).ok_or("an access touches too many cells")?;
    let mut cells = vec![];
    for idx in 0..count {
        let cell = box_point(&outs, idx);
        let point: Vec<i64> = params.iter().chain(&cell).copied().collect();
        if holds(&block, &point)? {
            cells.push(cell);
        }
    }
    Ok(cells)
}

/// [`images`] read off the relation's constraints, without the solver
/// (two integer programs per access and instance otherwise: most of the
/// checker's work at the corners of constant-sized nests): a relation of
/// one part without local variables where each output is defined by an
/// equality or bounded by inequalities that name no other output (an
/// element's subscripts; a block, `S[i] -> A[i, d] : 0 <= d < 20`);
/// `None` otherwise.
fn block_by_bounds(rel: &Set, params: &[i64], x: &[i64]) -> Option<Vec<Vec<i64>>> {
    let [part] = rel.parts() else { return None };
    let (np, nin, nout) = (part.n_param(), x.len(), rel.space().n_out());
    if part.n_local() > 0 || params.len() != np || part.n_dim() != nin + nout {
        return None;
    }
    let outer = |r: &Vec<i64>, k: usize| (0..nout).all(|o| o == k || r[np + nin + o] == 0);
    // c * out_k + known >= 0 (or = 0), with `known` the rest at (params, x).
    let known = |r: &Vec<i64>| params.iter().chain(x).zip(&r[..np + nin]).try_fold(r[part.width() - 1], |acc, (v, c)| acc.checked_add(v.checked_mul(*c)?));
    let mut bounds = Vec::with_capacity(nout);
    for k in 0..nout {
        let col = np + nin + k;
        let (mut lo, mut hi) = (i64::MIN, i64::MAX);
        for r in part.eqs().iter().filter(|r| r[col] != 0 && outer(r, k)) {
            let v = known(r)?;
            if v % r[col] != 0 {
                return None;
            }
            (lo, hi) = (lo.max(-v / r[col]), hi.min(-v / r[col]));
        }
        for r in part.ineqs().iter().filter(|r| r[col] != 0 && outer(r, k)) {
            let (c, v) = (r[col], known(r)?);
            if c > 0 {
                lo = lo.max((-v).div_euclid(c) + i64::from((-v).rem_euclid(c) != 0));
            } else {
                hi = hi.min(v.div_euclid(-c));
            }
        }
        if lo == i64::MIN || hi == i64::MAX {
            return None;
        }
        bounds.push((lo, hi));
    }
    let count = box_volume(&bounds)?;
    if count > MAX_CELLS_PER_ACCESS {
        return None;
    }
    let mut cells = vec![];
    for idx in 0..count {
        let cell = box_point(&bounds, idx);
        let point: Vec<i64> = params.iter().chain(x).chain(&cell).copied().collect();
        if satisfies(part, &point)? {
            cells.push(cell);
        }
    }
    // None: the solver says what an access touching no cell is.
    (!cells.is_empty()).then_some(cells)
}

/// Whether `point` (`[params | dims]`) satisfies every constraint of
/// `part`, evaluated directly; `None` where `part` has local variables or
/// a value overflows (the caller asks the solver).
fn satisfies(part: &crate::poly::BasicSet, point: &[i64]) -> Option<bool> {
    if part.n_local() > 0 || point.len() + 1 != part.width() {
        return None;
    }
    let value = |r: &Vec<i64>| r[..point.len()].iter().zip(point).try_fold(r[point.len()], |acc, (c, v)| acc.checked_add(c.checked_mul(*v)?));
    for r in part.eqs() {
        if value(r)? != 0 {
            return Some(false);
        }
    }
    for r in part.ineqs() {
        if value(r)? < 0 {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether `set` holds `point`: [`satisfies`] on each part, the solver
/// where that cannot say.
fn holds(set: &Set, point: &[i64]) -> Result<bool, String> {
    for part in set.parts() {
        let inside = match satisfies(part, point) {
            Some(b) => b,
            None => part.contains(point).map_err(perr)?,
        };
        if inside {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The number of points of the box `bounds` (inclusive bounds per
/// dimension), `None` past `i64`.
fn box_volume(bounds: &[(i64, i64)]) -> Option<i64> {
    bounds.iter().try_fold(1i64, |a, &(lo, hi)| a.checked_mul((hi - lo + 1).max(0)))
}

/// The `idx`-th point of the box `bounds` (inclusive bounds per
/// dimension), the last dimension varying fastest.
fn box_point(bounds: &[(i64, i64)], idx: i64) -> Vec<i64> {
    let mut rest = idx;
    let mut x = vec![0; bounds.len()];
    for k in (0..bounds.len()).rev() {
        let size = bounds[k].1 - bounds[k].0 + 1;
        x[k] = bounds[k].0 + rest % size;
        rest /= size;
    }
    x
}

fn row_values(sched: &Schedule, s: StmtId, params: &[i64], x: &[i64]) -> Vec<i64> {
    sched
        .rows(s)
        .iter()
        .map(|r| {
            let v: i64 = params.iter().chain(x).chain(&[1]).zip(&r.coeffs).map(|(a, b)| a * b).sum();
            v.div_euclid(r.div)
        })
        .collect()
}

fn instances(scop: &PolyScop, sched: &Schedule, opts: &CheckOptions) -> Result<Vec<Instance>, String> {
    let mut out = vec![];
    for (s, st) in scop.stmt_ids().zip(&scop.statements) {
        let dom = opts.params.iter().enumerate().try_fold(st.domain.clone(), |d, (i, &v)| d.fix_param(i, v)).map_err(perr)?;
        let bx = bounding_box(&dom, &opts.params)?;
        if bx.is_empty() && st.domain.space().n_dim() > 0 {
            continue;
        }
        let bx: Vec<(i64, i64)> = match opts.corner {
            None => bx,
            Some(Corner::Low) => bx.into_iter().map(|(lo, hi)| (lo, hi.min(lo.saturating_add(CORNER_WIDTH - 1)))).collect(),
            Some(Corner::High) => bx.into_iter().map(|(lo, hi)| (lo.max(hi.saturating_sub(CORNER_WIDTH - 1)), hi)).collect(),
        };
        let total = box_volume(&bx).ok_or("box too large")?;
        if total > 50 * opts.max_instances as i64 {
            return Err("box too large".into());
        }
        for idx in 0..total {
            let x = box_point(&bx, idx);
            let point: Vec<i64> = opts.params.iter().chain(&x).copied().collect();
            if holds(&dom, &point)? {
                let old = image(&st.schedule, &opts.params, &x)?;
                let new = sched.time_stamp(row_values(sched, s, &opts.params, &x));
                out.push(Instance { stmt: s, new, old, iters: x });
                if out.len() > opts.max_instances {
                    return Err("too many instances".into());
                }
            }
        }
    }
    Ok(out)
}

/// Why a check did not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The schedule reorders accesses (or marks a loop parallel) against
    /// the original order: a wrong schedule.
    Illegal(String),
    /// The checker could not decide (too many instances, a relation it
    /// cannot evaluate).
    Unchecked(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Unchecked(s)
    }
}

impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure::Unchecked(s.to_string())
    }
}

/// Checks that `sched` keeps the meaning of `scop` for the given
/// parameters; the error says which accesses are reordered.
pub fn check(scop: &PolyScop, sched: &Schedule, opts: &CheckOptions) -> Result<CheckReport, String> {
    check_legality(scop, sched, opts).map_err(|f| match f {
        Failure::Illegal(s) | Failure::Unchecked(s) => s,
    })
}

/// The parameter values [`check_small`] tries, in order: small sizes first
/// all equal, then a little apart (contexts such as `m > n`).
fn small_parameter_points(np: usize) -> Vec<Vec<i64>> {
    let mut out = vec![];
    for v in [5i64, 4, 6, 3, 7, 2, 8, 1] {
        out.push(vec![v; np]);
        out.push((0..np as i64).map(|k| v + k).collect());
        out.push((0..np as i64).map(|k| v + np as i64 - 1 - k).collect());
    }
    out.dedup();
    out
}

/// The parameter points [`smallest_point_inside`] tries at most.
const POINT_SEARCH_TRIES: usize = 20_000;

/// A point of the parameter set `context` with every value in `0..=b`
/// for the least `b` (at most 32) that has one, within
/// [`POINT_SEARCH_TRIES`] membership tests; past those, any point the
/// solver finds (`n >= 16q + 52` with `q >= 5`: the corners are checked
/// at any size); `None` if the context has none.
fn smallest_point_inside(context: &Set) -> Result<Option<Vec<i64>>, String> {
    let np = context.space().n_param();
    let mut tries = 0;
    'search: for b in 0..=32i64 {
        // Every point of [0, b]^np with some value b (the smaller ones were
        // tried at a smaller b), as an odometer.
        let mut v = vec![0i64; np];
        loop {
            if v.iter().any(|&x| x == b) || np == 0 {
                tries += 1;
                if tries > POINT_SEARCH_TRIES {
                    break 'search;
                }
                let Ok(inside) = context.contains(&v) else { return Ok(None) };
                if inside {
                    return Ok(Some(v));
                }
            }
            let Some(k) = (0..np).rev().find(|&k| v[k] < b) else { break };
            v[k] += 1;
            v[k + 1..].iter_mut().for_each(|x| *x = 0);
        }
    }
    Ok(context.sample().ok().flatten().filter(|p| p.len() == np))
}

/// Instances [`check_small`] enumerates at most, and the polyhedral work it
/// may do (its own allowance, not the SCoP's): a SCoP with constant sizes
/// in the thousands is left unchecked rather than slowing the compiler.
const SMALL_CHECK_INSTANCES: usize = 4_000;
const SMALL_CHECK_WORK: u64 = 200_000_000;

/// [`check`] at the first small parameter point of `scop`'s context where
/// the instances can be enumerated: the final schedule of a real SCoP,
/// checked (`-tessera-check-schedules`). Where no point allows it (sizes
/// that are large constants), both [`Corner`]s at the first point in the
/// context. `Ok(None)`: not even those could be enumerated.
pub fn check_small(scop: &PolyScop, sched: &Schedule) -> Result<Option<(Vec<i64>, CheckReport)>, String> {
    match crate::poly::with_own_allowance(SMALL_CHECK_WORK, || check_small_points(scop, sched))? {
        Small::Decided(report) => Ok(Some(report)),
        Small::Undecided(None) => Ok(None),
        // The corners with an allowance of their own: the whole
        // enumerations tried first may have spent it.
        Small::Undecided(Some(params)) => crate::poly::with_own_allowance(SMALL_CHECK_WORK, || check_corners(scop, sched, params)),
    }
}

/// What [`check_small_points`] decided: a report, or the point of the
/// context whose corners are to be checked, if there is one.
enum Small {
    Decided((Vec<i64>, CheckReport)),
    Undecided(Option<Vec<i64>>),
}

fn check_small_points(scop: &PolyScop, sched: &Schedule) -> Result<Small, String> {
    let mut first_inside = None;
    for params in small_parameter_points(scop.params.len()) {
        // Out of its own allowance: unchecked, not an error.
        let Ok(inside) = scop.context.contains(&params) else { return Ok(Small::Undecided(None)) };
        if !inside {
            continue;
        }
        first_inside.get_or_insert_with(|| params.clone());
        let opts = CheckOptions { max_instances: SMALL_CHECK_INSTANCES, ..CheckOptions::new(&params) };
        match check_legality(scop, sched, &opts) {
            Ok(report) => return Ok(Small::Decided((params, report))),
            Err(Failure::Illegal(why)) => return Err(format!("at parameters {params:?}: {why}")),
            Err(Failure::Unchecked(_)) => continue,
        }
    }
    // Contexts none of those points is in (`n >= 21`; a parameter that is
    // another's quotient, `n - 7 <= 8q <= n`): the smallest point of the
    // context, whole first.
    if first_inside.is_none() {
        let Some(params) = smallest_point_inside(&scop.context)? else {
            // An empty context (`0 <= q <= -1`: a nest that never runs)
            // has no instance whose order could change.
            let empty = scop.context.is_empty().unwrap_or(false);
            return Ok(if empty { Small::Decided((vec![], CheckReport { instances: 0, checks: 0, corners: false })) } else { Small::Undecided(None) });
        };
        let opts = CheckOptions { max_instances: SMALL_CHECK_INSTANCES, ..CheckOptions::new(&params) };
        match check_legality(scop, sched, &opts) {
            Ok(report) => return Ok(Small::Decided((params, report))),
            Err(Failure::Illegal(why)) => return Err(format!("at parameters {params:?}: {why}")),
            Err(Failure::Unchecked(_)) => first_inside = Some(params),
        }
    }
    Ok(Small::Undecided(first_inside))
}

/// Both [`Corner`]s of `scop`'s instances at `params`, checked.
fn check_corners(scop: &PolyScop, sched: &Schedule, params: Vec<i64>) -> Result<Option<(Vec<i64>, CheckReport)>, String> {
    let mut total = CheckReport { instances: 0, checks: 0, corners: true };
    for corner in [Corner::Low, Corner::High] {
        let opts = CheckOptions { max_instances: SMALL_CHECK_INSTANCES, corner: Some(corner), ..CheckOptions::new(&params) };
        match check_legality(scop, sched, &opts) {
            Ok(report) => (total.instances, total.checks) = (total.instances + report.instances, total.checks + report.checks),
            Err(Failure::Illegal(why)) => return Err(format!("at parameters {params:?}, in the {corner:?} corner: {why}")),
            Err(Failure::Unchecked(_)) => return Ok(None),
        }
    }
    Ok(Some((params, total)))
}

fn check_legality(scop: &PolyScop, sched: &Schedule, opts: &CheckOptions) -> Result<CheckReport, Failure> {
    let insts = instances(scop, sched, opts)?;
    let mut cells: BTreeMap<(CellId, Vec<i64>), Vec<Event>> = BTreeMap::new();
    for (i, inst) in insts.iter().enumerate() {
        // A statement that writes nothing has no effect whose order could
        // change (`PolyStmt::writes_nothing`): its reads are not checked.
        if scop.stmt(inst.stmt).writes_nothing() {
            continue;
        }
        for (a, acc) in scop.stmt(inst.stmt).accesses.iter().enumerate() {
            for cell in images(&acc.relation, &opts.params, &inst.iters)? {
                cells.entry((acc.array, cell)).or_default().push((i, a, acc.kind == AccessKind::Write));
            }
        }
    }
    let red: Vec<Vec<usize>> = scop.statements.iter().map(crate::scop::poly_scop::PolyStmt::reduction_accesses).collect::<Result<_, _>>().map_err(|e| Failure::Unchecked(perr(e)))?;
    // Where each statement's run starts (`Schedule::run_start`), for each
    // dimension whose jam by runs a claim rests on.
    let np = scop.params.len();
    let run_starts: BTreeMap<usize, Vec<Option<i64>>> = (0..sched.dims.len())
        .filter(|&d| sched.dims[d].jam_blocked_in_runs.as_ref().is_some_and(|p| !p.is_empty()))
        .map(|d| (d, sched.stmt_ids().map(|s| sched.run_start(np, d, s)).collect()))
        .collect();
    let mut checks = 0;
    for ((array, cell), events) in &cells {
        let scalar = scop.cell(*array).is_scalar;
        let what = |e: &Event| {
            let inst = &insts[e.0];
            format!("{}{:?} ({} {}{cell:?})", scop.stmt(inst.stmt).name, inst.iters, if e.2 { "write" } else { "read" }, scop.cell(*array).name)
        };
        if scalar && opts.relax_scalars && opts.corner.is_some() {
            checks += events.len();
            same_stamp(&insts, &in_order(&insts, events, true)).map_err(|(a, b)| Failure::Illegal(format!("{} and {} now run at one time stamp", what(&a), what(&b))))?;
            continue;
        }
        if scalar && opts.relax_scalars {
            checks += check_dataflow(&insts, events).map_err(|(a, b)| Failure::Illegal(format!("data flow changed: {} now reads {}", what(&a), b.map_or("the initial value".into(), |w| what(&w)))))?;
            continue;
        }
        for (x, ex) in events.iter().enumerate() {
            for ey in &events[x + 1..] {
                let (ix, iy) = (&insts[ex.0], &insts[ey.0]);
                if ex.0 == ey.0 || !(ex.2 || ey.2) {
                    continue;
                }
                let both_reduction = ix.stmt == iy.stmt && red[ix.stmt.index()].contains(&ex.1) && red[iy.stmt.index()].contains(&ey.1);
                if opts.relax_reductions && both_reduction {
                    continue;
                }
                checks += 1;
                let (o, n) = (ix.old.cmp(&iy.old), ix.new.cmp(&iy.new));
                if n == Ordering::Equal || o != n {
                    return Err(Failure::Illegal(format!("order of {} and {} changed", what(ex), what(ey))));
                }
                // The first dimension that separates them carries the
                // pair: it must not be marked parallel for a loop holding
                // their statements, which also holds every statement on
                // the same side of each outer scalar row (a pair ordered
                // through a third statement may be carried by the third's
                // dependences only).
                if let Some(d) = (0..ix.new.len()).find(|&d| ix.new[d] != iy.new[d]) {
                    let (parallel, if_reduction) = sched.dims[d].marks_for(&|s| sched.same_side(s, ix.stmt, d));
                    if parallel || (if_reduction && !both_reduction) {
                        return Err(Failure::Illegal(format!("dimension {d} is marked parallel but orders {} and {}", what(ex), what(ey))));
                    }
                    // A loop of a dimension that may be jammed though not
                    // parallel (`DimInfo::jammable_for` its statements: it
                    // holds no pair `jam_blocked` names) must keep the
                    // pair's order with its own stamp moved last (the
                    // jam's order). A loop holding a named pair is not
                    // jammed, whichever pair this is: a write the jam
                    // would move after a later row's read is one end of a
                    // named output dependence when a write in between
                    // made the pair no flow of values.
                    let inside = |s| sched.same_side(s, ix.stmt, d);
                    let claimed = sched.dims[d].jammable_for(&inside);
                    if !scalar && claimed && sched.same_side(iy.stmt, ix.stmt, d) && jam_order(&ix.new, d).cmp(&jam_order(&iy.new, d)) != o {
                        return Err(Failure::Illegal(format!("dimension {d} is marked jammable but a jam reverses {} and {}", what(ex), what(ey))));
                    }
                    // Jammable with its runs row by row: the same, in
                    // that jam's order.
                    let in_runs = !claimed && sched.dims[d].jammable_in_runs_for(&inside);
                    let starts = run_starts.get(&d).filter(|_| in_runs && !scalar && sched.same_side(iy.stmt, ix.stmt, d));
                    if starts.is_some_and(|st| runs_jam_order(&ix.new, d, st[ix.stmt.index()]).cmp(&runs_jam_order(&iy.new, d, st[iy.stmt.index()])) != o) {
                        return Err(Failure::Illegal(format!("dimension {d} is marked jammable by runs but such a jam reverses {} and {}", what(ex), what(ey))));
                    }
                }
            }
        }
    }
    Ok(CheckReport { instances: insts.len(), checks, corners: opts.corner.is_some() })
}

/// A time stamp with dimension `d` moved last: the order of a loop of `d`
/// jammed (all of its iterations run together, each inner item for every
/// iteration before the next).
fn jam_order(stamp: &[i64], d: usize) -> Vec<i64> {
    let mut v: Vec<i64> = stamp.iter().enumerate().filter(|&(k, _)| k != d).map(|(_, &x)| x).collect();
    v.push(stamp[d]);
    v
}

/// A time stamp in the order of a loop of `d` jammed with each run of its
/// body row by row (`Schedule::run_start`; `start`: the first position
/// of the statement's run, if it is in one): the item's position (a
/// run's first), then for a run's statement the row and the rest of the
/// stamp, for another the rest and then the row.
fn runs_jam_order(stamp: &[i64], d: usize, start: Option<i64>) -> Vec<i64> {
    let mut v = stamp[..d].to_vec();
    match start {
        Some(first) => {
            v.push(first);
            v.extend_from_slice(&stamp[d..]);
        }
        None => {
            v.push(stamp.get(d + 1).copied().unwrap_or(0));
            v.extend_from_slice(&stamp[d + 1..]);
            v.push(stamp[d]);
        }
    }
    v
}

/// `events` in the order of the new schedule (`new`) or the original one;
/// within an instance, accesses run in their listed order.
fn in_order(insts: &[Instance], events: &[Event], new: bool) -> Vec<Event> {
    let mut v = events.to_vec();
    v.sort_by(|a, b| {
        let (ka, kb) = if new { (&insts[a.0].new, &insts[b.0].new) } else { (&insts[a.0].old, &insts[b.0].old) };
        ka.cmp(kb).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1))
    });
    v
}

/// The first two accesses of `events` (in the new order), one a write,
/// of different instances at one new time stamp: their order would be
/// undefined.
fn same_stamp(insts: &[Instance], new_order: &[Event]) -> Result<(), (Event, Event)> {
    match new_order.windows(2).find(|p| p[0].0 != p[1].0 && (p[0].2 || p[1].2) && insts[p[0].0].new == insts[p[1].0].new) {
        Some(p) => Err((p[0], p[1])),
        None => Ok(()),
    }
}

/// For each read, the write it sees (the latest before it; within an
/// instance, accesses run in their listed order) under both orders; and
/// the last write. Returns the number of reads checked, or the first read
/// whose source differs and the write it would now see.
fn check_dataflow(insts: &[Instance], events: &[Event]) -> Result<usize, (Event, Option<Event>)> {
    let sorted = |new: bool| in_order(insts, events, new);
    let sources = |order: Vec<Event>| {
        let mut last: Option<Event> = None;
        let mut seen = BTreeMap::new();
        for e in order {
            if e.2 {
                last = Some(e);
            } else {
                seen.insert((e.0, e.1), last);
            }
        }
        (seen, last)
    };
    let new_order = sorted(true);
    same_stamp(insts, &new_order).map_err(|(a, b)| (b, Some(a)))?;
    let (old, old_last) = sources(sorted(false));
    let (new, new_last) = sources(new_order);
    for (r, w) in &old {
        if new.get(r) != Some(w) {
            return Err(((r.0, r.1, false), new.get(r).copied().flatten()));
        }
    }
    if old_last != new_last {
        if let Some(w) = old_last {
            return Err((w, new_last));
        }
    }
    Ok(old.len())
}

/// With the arrays `arrays` copied per thread (`sched::private`), that the
/// loop of dimension `d` around the statements `stmts` may run its
/// iterations in any order, at the parameters of `opts`: each iteration
/// working on a copy of its own of `arrays` except the last of each run
/// of the loop, which works on the arrays themselves. Checked on the
/// instances: no cell other than a scalar's (scalars have copies of their
/// own, checked by [`check`]) is accessed in two iterations of one run of
/// the loop with a write; every read of an array of `arrays` sees a write
/// of its own iteration, the one it sees in the original order; the last
/// write of each cell among the last iterations is the original last
/// write; only `stmts` access `arrays`. Returns the number of accesses
/// compared.
pub fn check_privatized(scop: &PolyScop, sched: &Schedule, d: usize, stmts: &std::collections::BTreeSet<StmtId>, arrays: &std::collections::BTreeSet<CellId>, opts: &CheckOptions) -> Result<usize, Failure> {
    let insts = instances(scop, sched, opts)?;
    let mut cells: BTreeMap<(CellId, Vec<i64>), Vec<Event>> = BTreeMap::new();
    // The last iteration of each run of the loop (by its outer stamp).
    let mut last: BTreeMap<Vec<i64>, i64> = BTreeMap::new();
    for (i, inst) in insts.iter().enumerate() {
        let inside = stmts.contains(&inst.stmt);
        if inside {
            let e = last.entry(inst.new[..d].to_vec()).or_insert(inst.new[d]);
            *e = (*e).max(inst.new[d]);
        }
        for (a, acc) in scop.stmt(inst.stmt).accesses.iter().enumerate() {
            if arrays.contains(&acc.array) && !inside {
                return Err(Failure::Illegal(format!("{} accesses the per-thread array {} outside the loop", scop.stmt(inst.stmt).name, scop.cell(acc.array).name)));
            }
            if !inside || scop.cell(acc.array).is_scalar {
                continue;
            }
            let cell = image(&acc.relation, &opts.params, &inst.iters)?;
            cells.entry((acc.array, cell)).or_default().push((i, a, acc.kind == AccessKind::Write));
        }
    }
    let iteration = |e: &Event| (insts[e.0].new[..d].to_vec(), insts[e.0].new[d]);
    let mut checks = 0;
    for ((array, cell), events) in &cells {
        let name = || format!("{}{cell:?}", scop.cell(*array).name);
        if !arrays.contains(array) {
            for (x, ex) in events.iter().enumerate() {
                for ey in &events[x + 1..] {
                    checks += 1;
                    let (ix, iy) = (iteration(ex), iteration(ey));
                    if (ex.2 || ey.2) && ix.0 == iy.0 && ix.1 != iy.1 {
                        return Err(Failure::Illegal(format!("dimension {d} carries a dependence on {}", name())));
                    }
                }
            }
            continue;
        }
        let order = |new: bool| in_order(&insts, events, new);
        // The original order: the write each read sees, and the last one.
        let mut seen = BTreeMap::new();
        let mut latest: Option<Event> = None;
        for e in order(false) {
            if e.2 {
                latest = Some(e);
            } else {
                seen.insert((e.0, e.1), latest);
            }
        }
        // Per iteration, its own writes; the arrays themselves, the last
        // iterations' writes.
        let mut own: BTreeMap<(Vec<i64>, i64), Event> = BTreeMap::new();
        let mut shared: Option<Event> = None;
        for e in order(true) {
            checks += 1;
            let it = iteration(&e);
            if e.2 {
                if last.get(&it.0) == Some(&it.1) {
                    shared = Some(e);
                }
                own.insert(it, e);
            } else if !own.contains_key(&it) || own.get(&it).copied() != seen[&(e.0, e.1)] {
                return Err(Failure::Illegal(format!("with a copy per thread, a read of {} no longer sees the write it saw", name())));
            }
        }
        if shared != latest {
            return Err(Failure::Illegal(format!("with a copy per thread, the last write of {} is not left in the array", name())));
        }
    }
    Ok(checks)
}

/// [`check_privatized`] at the first small parameter point of `scop`'s
/// context where the instances can be enumerated (as [`check_small`]):
/// whether one was found.
pub fn check_privatized_small(scop: &PolyScop, sched: &Schedule, d: usize, stmts: &std::collections::BTreeSet<StmtId>, arrays: &std::collections::BTreeSet<CellId>) -> Result<bool, String> {
    // Each point with an allowance of its own: the run of every
    // iteration's accesses costs more than a schedule's check, and a
    // smaller point may fit where a larger one did not.
    for params in small_parameter_points(scop.params.len()) {
        let verdict = crate::poly::with_own_allowance(SMALL_CHECK_WORK, || {
            if !scop.context.contains(&params).map_err(|e| Failure::Unchecked(perr(e)))? {
                return Err(Failure::Unchecked("outside the context".into()));
            }
            let opts = CheckOptions { max_instances: SMALL_CHECK_INSTANCES, ..CheckOptions::new(&params) };
            check_privatized(scop, sched, d, stmts, arrays, &opts)
        });
        match verdict {
            Ok(_) => return Ok(true),
            Err(Failure::Illegal(why)) => return Err(format!("at parameters {params:?}: {why}")),
            Err(Failure::Unchecked(_)) => continue,
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{DimInfo, RowKind, SchedRow};

    /// A row filled by one statement (`S0[i]` writes `A[i][0..4]`) before
    /// `S1[i]` reads its first cell: the access counts on every cell of the
    /// block, so running `S1[i]` first is caught, at small sizes and in
    /// the corners of sizes too large to enumerate.
    #[test]
    fn block_accesses_order_every_cell() {
        for (context, n) in [("[n] -> { : n >= 1 }", "n"), ("{ : 5000 >= 1 }", "5000")] {
            let params = if n == "n" { "[n] -> " } else { "" };
            let t = |x: &str| format!("{params}{x}");
            let scop = crate::scop::PolyScop::from_text(
                context,
                &[
                    (&t(&format!("{{ S0[i] : 0 <= i < {n} }}")), &t("{ S0[i] -> [i, 0] }"), &[("W", &t("{ S0[i] -> A[i, d] : 0 <= d < 4 }"))]),
                    (&t(&format!("{{ S1[i] : 0 <= i < {n} }}")), &t("{ S1[i] -> [i, 1] }"), &[("R", &t("{ S1[i] -> A[i, 0] }")), ("W", &t("{ S1[i] -> B[i] }"))]),
                ],
            )
            .expect("scop");
            let np = scop.params.len();
            let row = |c: Vec<i64>| SchedRow { coeffs: c, div: 1 };
            let at = |i: i64, k: i64| {
                let mut c = vec![0; np];
                c.extend([i, k]);
                row(c)
            };
            let dims = vec![DimInfo::marked(RowKind::Loop, false, false), DimInfo::marked(RowKind::Scalar, false, false)];
            let kept = Schedule { stmts: vec![vec![at(1, 0), at(0, 0)], vec![at(1, 0), at(0, 1)]], dims: dims.clone(), bands: vec![] };
            let swapped = Schedule { stmts: vec![vec![at(1, 0), at(0, 1)], vec![at(1, 0), at(0, 0)]], dims, bands: vec![] };
            let (_, report) = check_small(&scop, &kept).expect("legal").expect("decided");
            assert_eq!(report.corners, n != "n", "{report:?}");
            let why = check_small(&scop, &swapped).expect_err("illegal");
            assert!(why.contains("order of"), "{why}");
        }
    }
}
