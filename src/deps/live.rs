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
//! 3. the last write of the original program stays the last one.
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

use super::relations::{precedes, product, same_cell, sched_map};
use super::{DepKind, Deps};
use crate::poly::{PolyError, PolyResult, Set};
use crate::scop::model::AccessKind;
use crate::scop::PolyScop;
use crate::schedule::SchedRow;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

struct NewOrder<'a> {
    scop: &'a PolyScop,
    maps: Vec<Set>,
    /// [`NewOrder::before`] of the pairs asked so far: the three
    /// conditions ask for the same pairs for every access, flow and cell.
    known: RefCell<BTreeMap<(usize, usize), Set>>,
}

impl NewOrder<'_> {
    /// `{ s -> t : θ'(s) ≺ θ'(t) }` within the domains.
    fn before(&self, s: usize, t: usize) -> PolyResult<Set> {
        if let Some(r) = self.known.borrow().get(&(s, t)) {
            return Ok(r.clone());
        }
        let st = &self.scop.statements;
        let r = precedes(&self.maps[s], &self.maps[t])?.intersect(&product(&st[s].domain, &st[t].domain, &self.scop.context)?)?;
        self.known.borrow_mut().insert((s, t), r.clone());
        Ok(r)
    }
}

fn accesses(scop: &PolyScop, array: &str, kind: AccessKind) -> Vec<(usize, usize)> {
    let mut out = vec![];
    for (si, s) in scop.statements.iter().enumerate() {
        for (ai, a) in s.accesses.iter().enumerate() {
            if a.array == array && a.kind == kind {
                out.push((si, ai));
            }
        }
    }
    out
}

fn subtract_or_keep(a: &Set, b: &Set) -> PolyResult<Set> {
    match a.subtract(b) {
        Ok(s) => Ok(s),
        Err(PolyError::Inexact) => Ok(a.clone()),
        Err(e) => Err(e),
    }
}

/// The arrays of `arrays` (scalars whose memory-based dependences were
/// ignored) whose live ranges the schedule `rows` (per statement) breaks.
pub fn broken_live_ranges(scop: &PolyScop, deps: &Deps, rows: &[Vec<SchedRow>], arrays: &BTreeSet<String>) -> PolyResult<BTreeSet<String>> {
    broken_live_ranges_with(scop, deps, rows, arrays, true)
}

/// [`broken_live_ranges`]; without `intervals` the (costliest) first
/// condition is skipped — for callers that know it holds (the tiler, when
/// every live range stays inside one point of the band it tiles).
pub fn broken_live_ranges_with(scop: &PolyScop, deps: &Deps, rows: &[Vec<SchedRow>], arrays: &BTreeSet<String>, intervals: bool) -> PolyResult<BTreeSet<String>> {
    let maps = scop
        .statements
        .iter()
        .zip(rows)
        .map(|(s, r)| sched_map(&scop.params, &s.domain.space().output, r))
        .collect::<PolyResult<Vec<_>>>()?;
    let order = NewOrder { scop, maps, known: RefCell::default() };
    let mut broken = BTreeSet::new();
    for x in arrays {
        if array_broken(scop, deps, &order, x, intervals)? {
            broken.insert(x.clone());
        }
    }
    Ok(broken)
}

/// What the live-range check needs of one cell that no schedule changes:
/// the read instances that read the value from before the SCoP (of the
/// reads that have some), and the write instances no other write of the
/// cell follows in the program.
#[derive(Clone, Debug)]
struct CellFacts {
    live_in: Vec<((usize, usize), Set)>,
    last: Vec<((usize, usize), Set)>,
}

/// [`CellFacts`] per cell, computed once per dependence analysis (the
/// scheduler, the tiler and the distribution stages check many schedules
/// of one SCoP).
#[derive(Clone, Debug, Default)]
pub struct LiveCache(RefCell<BTreeMap<String, CellFacts>>);

fn cell_facts(scop: &PolyScop, deps: &Deps, x: &str) -> PolyResult<CellFacts> {
    if let Some(f) = deps.live.0.borrow().get(x) {
        return Ok(f.clone());
    }
    let st = &scop.statements;
    let mut facts = CellFacts { live_in: vec![], last: vec![] };
    for r in accesses(scop, x, AccessKind::Read) {
        let mut live_in = st[r.0].domain.clone();
        for f in deps.deps.iter().filter(|d| d.kind == DepKind::Flow && d.array == x && (d.target, d.target_access) == r) {
            live_in = subtract_or_keep(&live_in, &f.relation.range()?)?;
        }
        // A read that always reads a value written in the SCoP (an
        // accumulator's) has nothing for condition 2 to check.
        if !live_in.is_empty()? {
            facts.live_in.push((r, live_in));
        }
    }
    for w in accesses(scop, x, AccessKind::Write) {
        let mut last = st[w.0].domain.clone();
        for o in deps.deps.iter().filter(|d| d.kind == DepKind::Output && (d.source, d.source_access) == w) {
            last = subtract_or_keep(&last, &o.relation.domain()?)?;
        }
        facts.last.push((w, last));
    }
    deps.live.0.borrow_mut().insert(x.to_string(), facts.clone());
    Ok(facts)
}

fn array_broken(scop: &PolyScop, deps: &Deps, order: &NewOrder, x: &str, intervals: bool) -> PolyResult<bool> {
    let st = &scop.statements;
    let rel = |(s, a): (usize, usize)| &st[s].accesses[a].relation;
    let writes = accesses(scop, x, AccessKind::Write);
    let flows: Vec<_> = deps.deps.iter().filter(|d| d.kind == DepKind::Flow && d.array == x).collect();
    // 1. A write strictly inside a live range.
    for f in flows.iter().filter(|_| intervals) {
        for &w in &writes {
            let a = same_cell(rel((f.source, f.source_access)), rel(w))?.intersect(&order.before(f.source, w.0)?)?;
            let b = same_cell(rel(w), rel((f.target, f.target_access)))?.intersect(&order.before(w.0, f.target)?)?;
            if a.composes_within(&b, &f.relation)? {
                return Ok(true);
            }
        }
    }
    let facts = cell_facts(scop, deps, x)?;
    // 2. A read of the incoming value preceded by a write.
    for (r, live_in) in &facts.live_in {
        for &w in &writes {
            let c = same_cell(rel(w), rel(*r))?.intersect(&order.before(w.0, r.0)?)?;
            if c.meets_on(live_in, true)? {
                return Ok(true);
            }
        }
    }
    // 3. The last write no longer last.
    for (w, last) in &facts.last {
        for &w2 in &writes {
            let e = same_cell(rel(*w), rel(w2))?.intersect(&order.before(w.0, w2.0)?)?;
            if e.meets_on(last, false)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
