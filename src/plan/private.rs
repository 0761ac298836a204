//! Which loops of the tree that are not parallel may still run on threads
//! with a copy of some scratch arrays per thread (`sched::private` proves
//! it on the schedule; code generation makes the copies): the outermost
//! such loop of each path, outside every parallel loop.
//!
//! Besides the proof, the array's base pointer must reach nothing in the
//! nest but addresses of its loads and stores (code generation redirects
//! those to the thread's copy: a pointer stored or compared would tell
//! the copies apart from the array). Address arithmetic LICM hoisted out
//! of the nest (`&hi[m - 1]` of `hi[m - 1 - j]`) is no obstacle: code
//! generation computes each address from the base pointer again, and
//! fails the rewrite (the nest stays as it was) should an access of the
//! array not go through a redirected base.

use super::SIMPLE_AST_WORK;
use crate::ast::{count_stmts, Node};
use crate::deps::Deps;
use crate::ir::{only_addresses, BlockId, FunctionView, PointerUses};
use crate::sched::{self, Schedule};
use crate::scop::model::{ArrayId, Model};
use crate::scop::poly_scop::{CellId, StmtId};
use crate::scop::PolyScop;
use std::collections::{BTreeMap, BTreeSet};

/// What [`mark`] reads.
pub(super) struct Privatizing<'p> {
    pub view: &'p FunctionView,
    pub model: &'p Model,
    pub scop: &'p PolyScop,
    pub deps: &'p Deps,
    pub schedule: &'p Schedule,
    pub relaxed: &'p BTreeSet<CellId>,
    /// Confirm each claim with the brute-force checker
    /// (`-tessera-check-schedules`).
    pub check: bool,
}

/// Sets `For::private` on the outermost loops of `nodes` (outside every
/// parallel loop) that may run on threads with copies of scratch arrays.
/// An error only where the brute-force checker refutes the analysis.
pub(super) fn mark(p: &Privatizing<'_>, nodes: &mut [Node]) -> Result<(), String> {
    for n in nodes {
        match n {
            Node::Stmt { .. } => {}
            Node::If { then, otherwise, .. } => {
                mark(p, then)?;
                mark(p, otherwise)?;
            }
            Node::For(f) if f.parallel || f.matmul.is_some() || f.wavefront || f.copies > 0 => {}
            Node::For(f) => {
                let mut inside = BTreeMap::new();
                count_stmts(&f.body, &mut inside);
                let stmts: BTreeSet<StmtId> = inside.into_keys().collect();
                let holds_product = f.body.iter().any(|n| matches!(n, Node::For(g) if g.matmul.is_some()));
                let found = if holds_product {
                    None
                } else {
                    crate::poly::with_work_cap(SIMPLE_AST_WORK, || sched::private::privatizable(p.scop, p.deps, p.schedule, f.var, &stmts, p.relaxed)).ok().flatten()
                };
                let arrays = found.as_ref().and_then(|cells| arrays_of(p, cells)).filter(|a| a.iter().all(|&x| only_addressed(p.view, p.model, x)));
                match (found, arrays) {
                    (Some(cells), Some(arrays)) => {
                        if p.check {
                            crate::legality::check::check_privatized_small(p.scop, p.schedule, f.var, &stmts, &cells)
                                .map_err(|why| format!("internal error: the schedule checker rejects copies per thread of a loop's scratch arrays {why}; the nest is left as it was"))?;
                        }
                        f.private = arrays;
                    }
                    _ => mark(p, &mut f.body)?,
                }
            }
        }
    }
    Ok(())
}

/// The model's arrays of `cells` (the cells are named after them; none
/// is a scalar).
fn arrays_of(p: &Privatizing<'_>, cells: &BTreeSet<CellId>) -> Option<Vec<ArrayId>> {
    cells
        .iter()
        .map(|&c| {
            let name = &p.scop.cell(c).name;
            let mut named = (0..p.model.arrays.len() as u32).map(ArrayId).filter(|&a| p.model.array(a).name == *name);
            match (named.next(), named.next()) {
                (Some(a), None) => Some(a),
                _ => None,
            }
        })
        .collect()
}

/// Whether the base pointer of array `x` reaches nothing in the nest but
/// the addresses of loads and stores (through address arithmetic computed
/// in the nest), as the module documentation asks.
fn only_addressed(view: &FunctionView, model: &Model, x: ArrayId) -> bool {
    let base = model.array(x).base;
    // Another array at the same base would be redirected with it.
    if model.arrays.iter().filter(|a| a.base == base).count() != 1 {
        return false;
    }
    // A block-scoped array's lifetime markers are not copied (`scop::body`).
    let nest: BTreeSet<BlockId> = view.loop_(model.root).blocks.iter().copied().collect();
    only_addresses(view, base, |b| if nest.contains(&b) { PointerUses::Addresses } else { PointerUses::Any })
}
