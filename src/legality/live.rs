//! The live-range check that makes ignoring memory-based dependences of
//! scalars safe (GRAPHITE, seed 003).
//!
//! A *live range* of a cell runs from a write `w` to a read `r` of the
//! value `w` wrote (a value-based flow pair). A new schedule `θ'` keeps
//! the program's meaning on the cell when
//!
//! 1. no write `w'` to the cell runs strictly inside a live range:
//!    `θ'(w) ≺ θ'(w') ≺ θ'(r)` is empty (two distinct intervals must not
//!    overlap; seed 003's formula read literally matches an interval with
//!    itself — the strict order excludes that here);
//! 2. a read of the value from before the SCoP (no in-SCoP writer) is not
//!    preceded by any write to the cell;
//! 3. the last write of the original program stays the last one (for a
//!    cell read after the SCoP: not for a scalar that dies with it).
//!
//! Flow dependences themselves are respected by the scheduler, so
//! `θ'(w) ≺ θ'(r)` holds already. Running example (matrix multiply with
//! `s` promoted): under `(i, j, k)` for `S1` and `(i, j)` with textual
//! positions for `S0`/`S2`, every live range of `s` stays inside one
//! `(i, j)` iteration; fusing the nest differently (e.g. distributing `S0`
//! into its own loop) would put other writes of `s` inside live ranges,
//! and the check reports `s`.
//!
//! Every step is an exact relation operation; where a subtraction would be
//! inexact the check assumes the worst (reports the cell as broken).

use crate::deps::cells::{accesses, cell_facts};
use crate::deps::order::NewOrder;
use crate::deps::relations::same_cell;
use crate::deps::{DepKind, Deps};
use crate::poly::{PolyResult, Set};
use crate::schedule::SchedRow;
use crate::scop::model::AccessKind;
use crate::scop::poly_scop::{CellId, StmtId};
use crate::scop::PolyScop;
use std::collections::BTreeSet;

/// The arrays of `arrays` (scalars whose memory-based dependences were
/// ignored) whose live ranges the schedule `rows` (per statement) breaks.
pub fn broken_live_ranges(scop: &PolyScop, deps: &Deps, rows: &[Vec<SchedRow>], arrays: &BTreeSet<CellId>) -> PolyResult<BTreeSet<CellId>> {
    let order = NewOrder::of(scop, rows)?;
    let mut broken = BTreeSet::new();
    for x in arrays {
        // Each probe built and tested in turn: the first that finds
        // instances spares building the others.
        let mut found = false;
        for_each_probe(scop, deps, &order, *x, true, &mut |p| {
            found = p.fully()?;
            Ok(found)
        })?;
        if found {
            broken.insert(*x);
        }
    }
    Ok(broken)
}

/// Whether the schedule `rows` keeps the live ranges of every array of
/// `arrays` ([`broken_live_ranges`] is empty), deciding first what the
/// quick tests decide, over all the arrays: a broken live range found
/// that way spares the costly tests of the others (gsl's trsm: two tiled
/// candidates rejected at 360M work units each, most of it spent proving
/// other pairs empty), and building the probes after it: each probe is
/// tested quickly as soon as it is built (the tiler's distributions of
/// gsl's ctrmm.c, whose live ranges of complex sums break, took its
/// scheduling and tiling from 786M to 716M work units). Without
/// `intervals` the (costliest) first condition is skipped — for callers
/// that know it holds (the tiler, when every live range stays inside one
/// point of the band it tiles).
pub fn keeps_live_ranges(scop: &PolyScop, deps: &Deps, rows: &[Vec<SchedRow>], arrays: &BTreeSet<CellId>, intervals: bool) -> PolyResult<bool> {
    let order = NewOrder::of(scop, rows)?;
    let mut undecided = vec![];
    let mut broken = false;
    for x in arrays {
        for_each_probe(scop, deps, &order, *x, intervals, &mut |p| {
            match p.quickly()? {
                Some(found) => broken = found,
                None => undecided.push(p),
            }
            Ok(broken)
        })?;
        if broken {
            return Ok(false);
        }
    }
    for p in undecided {
        if p.fully()? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Branch-and-bound nodes of a probe's quick test in [`keeps_live_ranges`]:
/// a point of a non-empty set is found in a few, and a rationally empty
/// set is closed at the root; what they leave undecided goes to the full
/// test anyway (which tries [`crate::poly::BasicSet::QUICK_NODES`] first).
const QUICK_PROBE_NODES: u64 = 16;

/// One emptiness test of the check: the check fails when some probe
/// finds a pair (or triple) of instances.
enum Probe {
    /// A write strictly inside a live range: `a` then `b` within the flow.
    Within(Set, Set, Set),
    /// A relation meeting a set of instances on its range (or domain).
    Meets(Set, Set, bool),
}

impl Probe {
    fn quickly(&self) -> PolyResult<Option<bool>> {
        match self {
            Probe::Within(a, b, f) => a.composes_within_quickly(b, f, QUICK_PROBE_NODES),
            Probe::Meets(c, s, range) => c.meets_on_quickly(s, *range, QUICK_PROBE_NODES),
        }
    }

    fn fully(&self) -> PolyResult<bool> {
        match self {
            Probe::Within(a, b, f) => a.composes_within(b, f),
            Probe::Meets(c, s, range) => c.meets_on(s, *range),
        }
    }
}

/// The probes of the three conditions for cell `x` (the first only with
/// `intervals`), each given to `f` as soon as it is built, until `f`
/// returns true.
fn for_each_probe(scop: &PolyScop, deps: &Deps, order: &NewOrder, x: CellId, intervals: bool, f: &mut dyn FnMut(Probe) -> PolyResult<bool>) -> PolyResult<()> {
    let rel = |(s, a): (StmtId, usize)| &scop.stmt(s).accesses[a].relation;
    let writes = accesses(scop, x, AccessKind::Write);
    // 1. A write strictly inside a live range.
    if intervals {
        for flow in deps.deps.iter().filter(|d| d.kind == DepKind::Flow && d.array == x) {
            for &w in &writes {
                let a = same_cell(rel((flow.source, flow.source_access)), rel(w))?.intersect(&order.before(flow.source, w.0)?)?;
                let b = same_cell(rel(w), rel((flow.target, flow.target_access)))?.intersect(&order.before(w.0, flow.target)?)?;
                if f(Probe::Within(a, b, flow.relation.clone()))? {
                    return Ok(());
                }
            }
        }
    }
    let facts = cell_facts(scop, deps, x)?;
    // 2. A read of the incoming value preceded by a write.
    for (r, live_in) in &facts.live_in {
        for &w in &writes {
            let c = same_cell(rel(w), rel(*r))?.intersect(&order.before(w.0, r.0)?)?;
            if f(Probe::Meets(c, live_in.clone(), true))? {
                return Ok(());
            }
        }
    }
    // 3. The last write no longer last.
    for (w, last) in &facts.last {
        for &w2 in &writes {
            let e = same_cell(rel(*w), rel(w2))?.intersect(&order.before(w.0, w2.0)?)?;
            if f(Probe::Meets(e, last.clone(), false))? {
                return Ok(());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deps::{analyze, DepsOptions};

    /// `S0[i]: t = A[i]; S1[i]: B[i] = t`, run with `i` reversed: every
    /// live range of `t` stays in its iteration, but the last write of
    /// `t` becomes `S0[0]`'s instead of `S0[n - 1]`'s. That breaks `t`
    /// when code after the SCoP may read it, and nothing when `t` dies
    /// with the SCoP (condition 3 is only about what comes after).
    #[test]
    fn the_last_write_matters_only_for_a_scalar_read_after_the_scop() {
        let mut scop = PolyScop::from_text(
            "[n] -> { : n >= 2 }",
            &[
                ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0] }", &[("R", "[n] -> { S0[i] -> A[i] }"), ("W", "[n] -> { S0[i] -> scalar_t[] }")]),
                ("[n] -> { S1[i] : 0 <= i < n }", "[n] -> { S1[i] -> [0, i, 1] }", &[("R", "[n] -> { S1[i] -> scalar_t[] }"), ("W", "[n] -> { S1[i] -> B[i] }")]),
            ],
        )
        .expect("scop");
        let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
        let row = |coeffs: Vec<i64>| SchedRow { coeffs, div: 1 };
        let reversed = vec![vec![row(vec![0, -1, 0]), row(vec![0, 0, 0])], vec![row(vec![0, -1, 0]), row(vec![0, 0, 1])]];
        let forward = vec![vec![row(vec![0, 1, 0]), row(vec![0, 0, 0])], vec![row(vec![0, 1, 0]), row(vec![0, 0, 1])]];
        let t: BTreeSet<CellId> = [scop.cell_named("scalar_t").expect("t")].into();
        assert_eq!(broken_live_ranges(&scop, &deps, &reversed, &t).expect("check"), t);
        assert!(broken_live_ranges(&scop, &deps, &forward, &t).expect("check").is_empty());
        assert!(!keeps_live_ranges(&scop, &deps, &reversed, &t, true).expect("check"));
        scop.dead_after = t.clone();
        let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
        assert!(broken_live_ranges(&scop, &deps, &reversed, &t).expect("check").is_empty());
        assert!(keeps_live_ranges(&scop, &deps, &reversed, &t, true).expect("check"));
    }
}
