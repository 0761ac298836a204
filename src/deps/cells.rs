//! What the dependences say of each cell that no schedule changes: the
//! reads that may read the value from before the SCoP, and the writes no
//! other write of the cell follows. The live-range check
//! (`legality::live`, conditions 2 and 3) probes every schedule it is
//! given against them; they are computed once per [`Deps`] and kept in it.

use super::{DepKind, Deps};
use crate::poly::{PolyError, PolyResult, Set};
use crate::scop::model::AccessKind;
use crate::scop::poly_scop::{CellId, StmtId};
use crate::scop::PolyScop;
use std::cell::RefCell;
use std::collections::BTreeMap;

pub(crate) fn accesses(scop: &PolyScop, array: CellId, kind: AccessKind) -> Vec<(StmtId, usize)> {
    let mut out = vec![];
    for (si, s) in scop.stmt_ids().zip(&scop.statements) {
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

/// What the live-range check needs of one cell that no schedule changes:
/// the read instances that read the value from before the SCoP (of the
/// reads that have some), and the write instances no other write of the
/// cell follows in the program.
#[derive(Clone, Debug)]
pub struct CellFacts {
    /// The reads (statement, access) that may read the value from before
    /// the SCoP, with those of their instances that may.
    pub live_in: Vec<((StmtId, usize), Set)>,
    /// The writes, with those of their instances no other write of the
    /// cell follows.
    pub last: Vec<((StmtId, usize), Set)>,
}

/// [`CellFacts`] per cell, computed once per dependence analysis (the
/// live-range check asks them of every schedule the scheduler, the tiler
/// and the distribution stages try on one SCoP).
#[derive(Clone, Debug, Default)]
pub struct CellMemo(RefCell<BTreeMap<CellId, CellFacts>>);

pub fn cell_facts(scop: &PolyScop, deps: &Deps, x: CellId) -> PolyResult<CellFacts> {
    if let Some(f) = deps.cells.0.borrow().get(&x) {
        return Ok(f.clone());
    }
    let mut facts = CellFacts { live_in: vec![], last: vec![] };
    for r in accesses(scop, x, AccessKind::Read) {
        let mut live_in = scop.stmt(r.0).domain.clone();
        for f in deps.deps.iter().filter(|d| d.kind == DepKind::Flow && d.array == x && (d.target, d.target_access) == r) {
            live_in = subtract_or_keep(&live_in, &f.relation.range()?)?;
        }
        // A read that always reads a value written in the SCoP (an
        // accumulator's) has nothing for condition 2 to check.
        if !live_in.is_empty()? {
            facts.live_in.push((r, live_in));
        }
    }
    // Condition 3 guards what code after the SCoP reads: nothing, for a
    // scalar that dies with it (most are: a row's accumulator, a
    // temporary of one iteration), which skips its subtractions and its
    // probes.
    let writes = if scop.dead_after.contains(&x) { vec![] } else { accesses(scop, x, AccessKind::Write) };
    for w in writes {
        let mut last = scop.stmt(w.0).domain.clone();
        for o in deps.deps.iter().filter(|d| d.kind == DepKind::Output && (d.source, d.source_access) == w) {
            last = subtract_or_keep(&last, &o.relation.domain()?)?;
        }
        facts.last.push((w, last));
    }
    deps.cells.0.borrow_mut().insert(x, facts.clone());
    Ok(facts)
}

/// Whether some read of cell `x` may read the value from before the SCoP
/// (a read no value-based flow dependence covers entirely; where a
/// subtraction is inexact, the read counts as one).
pub fn reads_incoming_value(scop: &PolyScop, deps: &Deps, x: CellId) -> PolyResult<bool> {
    Ok(!cell_facts(scop, deps, x)?.live_in.is_empty())
}
