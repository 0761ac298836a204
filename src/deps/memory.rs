//! Memory-based dependences: every ordered pair of instances touching the
//! same cell, at least one of them writing, split by the original-schedule
//! level that orders them (see the module docs of [`super`]).
//!
//! The work is organised to share what is shared: the "ordered at level
//! `k`, both in their domains" relation depends only on the two
//! statements, so it is built once per statement pair and intersected with
//! the same-cell relation of each access pair.

use super::relations::{is_loop_coordinate, ordered_at, product, same_cell};
use super::{DepKind, Dependence};
use crate::poly::{PolyResult, Set};
use crate::stable::WordMap;
use crate::scop::model::AccessKind;
use crate::scop::poly_scop::{PolyScop, PolyStmt, StmtId};

fn kind_of(a: AccessKind, b: AccessKind) -> Option<DepKind> {
    match (a, b) {
        (AccessKind::Write, AccessKind::Read) => Some(DepKind::Flow),
        (AccessKind::Read, AccessKind::Write) => Some(DepKind::Anti),
        (AccessKind::Write, AccessKind::Write) => Some(DepKind::Output),
        (AccessKind::Read, AccessKind::Read) => None,
    }
}

/// The pairs of accesses of `s` and `t` to a common array, one of them
/// writing it (`s`'s access, `t`'s, and the kind of their dependence), in
/// the order of `s`'s accesses, then `t`'s.
fn conflicting_pairs(s: &PolyStmt, t: &PolyStmt) -> Vec<(usize, usize, DepKind)> {
    let pairs = s.accesses.iter().enumerate().flat_map(|(ai, a)| t.accesses.iter().enumerate().map(move |(bi, b)| (ai, a, bi, b)));
    pairs.filter(|(_, a, _, b)| a.array == b.array).filter_map(|(ai, a, bi, b)| kind_of(a.kind, b.kind).map(|k| (ai, bi, k))).collect()
}

/// The loop depth of level `k` of `sched`: the number of loop coordinates
/// up to and including `k`, if `k` itself is one.
fn depth_of(sched: &Set, k: usize) -> Option<usize> {
    is_loop_coordinate(sched, k).then(|| (0..=k).filter(|&j| is_loop_coordinate(sched, j)).count())
}

/// Dependences that contain every exact one, for when the exact analysis
/// ran out of its work budget: for each pair of accesses of two statements
/// to a common array (one of them writing it), every pair of the
/// statements' instances that the original schedule orders at a level is
/// taken as dependent at that level, whatever cells they touch. One
/// relation per pair of statements and level, shared by their pairs of
/// accesses. Every pair of accesses gets its dependence: the stages that
/// ask about one array or one access (the cells kept in registers, scratch
/// arrays copied per thread, the rows a scalar's values stay in) must see
/// each (a fuzzed nest whose first pair was on another array kept a cell
/// in a register that a read in the same loop reached: a wrong answer).
/// Nothing is marked relaxable (no scalar's memory dependence, no
/// reduction): a schedule that respects these keeps every order the
/// program relies on, and keeps the parallelism and tiling the
/// statements' order allows.
pub fn conservative_deps(scop: &PolyScop) -> PolyResult<Vec<Dependence>> {
    let mut out = vec![];
    for (si, s) in scop.stmt_ids().zip(&scop.statements) {
        for (ti, t) in scop.stmt_ids().zip(&scop.statements) {
            let pairs = conflicting_pairs(s, t);
            if pairs.is_empty() {
                continue;
            }
            for (k, ordered) in ordered_levels(scop, si, ti)? {
                let relation = ordered.drop_empty_parts()?.simplify_nonempty()?;
                for &(ai, bi, kind) in &pairs {
                    out.push(dependence(scop, (si, ai), (ti, bi), kind, k, relation.clone(), false, false));
                }
            }
        }
    }
    Ok(out)
}

/// The schedule levels `k` at which instances of statement `si` run before
/// instances of `ti`, each with the (non-empty) set of such pairs.
fn ordered_levels(scop: &PolyScop, si: StmtId, ti: StmtId) -> PolyResult<Vec<(usize, Set)>> {
    let (s, t) = (scop.stmt(si), scop.stmt(ti));
    let both = product(&s.domain, &t.domain, &scop.context)?;
    let n = s.schedule.space().n_out().min(t.schedule.space().n_out());
    let mut levels = vec![];
    for k in 0..n {
        let ordered = ordered_at(&s.schedule, &t.schedule, k)?.intersect(&both)?;
        if !ordered.is_empty()? {
            levels.push((k, ordered));
        }
    }
    Ok(levels)
}

/// The dependence from access `ai` of statement `si` to access `bi` of
/// `ti`, carried at level `k`; `scalar`: through a scalar's memory (its
/// anti and output dependences may then be relaxed).
#[allow(clippy::too_many_arguments)]
fn dependence(scop: &PolyScop, (si, ai): (StmtId, usize), (ti, bi): (StmtId, usize), kind: DepKind, k: usize, relation: Set, scalar: bool, reduction: bool) -> Dependence {
    let s = scop.stmt(si);
    Dependence {
        kind,
        source: si,
        target: ti,
        source_access: ai,
        target_access: bi,
        array: s.accesses[ai].array,
        is_scalar: scalar,
        relation,
        level: k,
        depth: depth_of(&s.schedule, k),
        scalar_memory: scalar && kind != DepKind::Flow,
        reduction,
    }
}

/// The levels at which instances touching the same cell (`cell`) are
/// ordered, each with its (non-empty, simplified) set of such pairs.
fn dependent_at_levels(cell: &Set, levels: &[(usize, Set)]) -> PolyResult<Vec<(usize, Set)>> {
    let mut out = vec![];
    for (k, ordered) in levels {
        // Most pairs are empty: test that before simplifying.
        let rel = cell.intersect(ordered)?.drop_empty_parts()?;
        if !rel.parts().is_empty() {
            out.push((*k, rel.simplify_nonempty()?));
        }
    }
    Ok(out)
}

/// Every memory-based dependence of `scop`.
pub fn memory_deps(scop: &PolyScop) -> PolyResult<Vec<Dependence>> {
    let mut out = vec![];
    let reductions: Vec<Vec<usize>> = scop.statements.iter().map(PolyStmt::reduction_accesses).collect::<PolyResult<_>>()?;
    for (si, s) in scop.stmt_ids().zip(&scop.statements) {
        for (ti, t) in scop.stmt_ids().zip(&scop.statements) {
            let pairs = conflicting_pairs(s, t);
            if pairs.is_empty() {
                continue;
            }
            let levels = ordered_levels(scop, si, ti)?;
            // Pairs of accesses that touch the same cells in the same
            // instances (a scalar's write and read, the real and imaginary
            // parts of a complex value: `S -> T` alike once the cell is
            // composed away) have the same dependences; computed once.
            let mut by_cell: WordMap<Set, Vec<(usize, Set)>> = WordMap::default();
            for (ai, bi, kind) in pairs {
                let (a, b) = (&s.accesses[ai], &t.accesses[bi]);
                let cell = same_cell(&a.relation, &b.relation)?;
                let reduction = si == ti && reductions[si.index()].contains(&ai) && reductions[si.index()].contains(&bi);
                if !by_cell.contains_key(&cell) {
                    let at_levels = dependent_at_levels(&cell, &levels)?;
                    by_cell.insert(cell.clone(), at_levels);
                }
                for (k, rel) in &by_cell[&cell] {
                    out.push(dependence(scop, (si, ai), (ti, bi), kind, *k, rel.clone(), scop.is_scalar(a), reduction));
                }
            }
        }
    }
    Ok(out)
}
