//! SCoP detection over a whole function: the largest loop nests whose model
//! can be built and proved, and for every loop the reason it is or is not in
//! one.

use super::build::{build_region, Fallback};
use super::model::Model;
use super::reason::Reason;
use super::delicm::map_promoted_scalars;
use super::rotate::{map_hoisted_loads, map_rotated_loads};
use super::to_poly::{drop_implied_assumptions, prove, simplify_domains};
use crate::ir::{FunctionView, LoopId};
use std::collections::BTreeSet;

/// Fallbacks tried for one nest (accesses delinearized their other way,
/// values copied instead of recomputed): each costs a rebuild of the model.
const MAX_FALLBACKS: usize = 12;

/// What detection says about one loop.
#[derive(Clone, Debug)]
pub enum LoopStatus {
    /// Part of the SCoP with this index in [`Detection::scops`].
    InScop(usize),
    /// Not in any SCoP: the first reason found for the smallest region
    /// containing it that was tried.
    Rejected(Reason),
}

#[derive(Debug, Default)]
pub struct Detection {
    pub scops: Vec<Model>,
    /// Every loop of the function, outer before inner, in program order.
    pub loops: Vec<(LoopId, LoopStatus)>,
}

/// The model of the nest at `root`, with its obligations proved.
/// Polyhedral work one region's detection may spend (proving its
/// obligations, retries included): past it the region is left alone with
/// a "budget" remark. The bench kernels and e2e programs need at most
/// 1.4e8 units (adi); a generated nest with parity guards needed 4.6e10
/// (18 s of compile time) before this limit.
const DETECT_WORK_LIMIT: u64 = 600_000_000;

pub fn model_region(view: &FunctionView, root: LoopId) -> Result<Model, Reason> {
    crate::poly::with_work_cap(DETECT_WORK_LIMIT, || build_and_prove(view, root))
}

fn build_and_prove(view: &FunctionView, root: LoopId) -> Result<Model, Reason> {
    // An access whose delinearized subscripts cannot be proved within their
    // dimensions is tried once with its other split (a reversed inner
    // subscript, `A[i][m-1-j]`); a value whose recomputation needs a fact
    // that cannot be proved (`(i + j) % 4` read back from 2 bits) is copied
    // instead. Each retry rebuilds the model. When all that fails, the
    // region is tried once more (from the start) with facts on counters
    // that hold under one condition on the parameters assumed, that
    // condition checked at run time. The remark names the first failure,
    // as without the retries.
    let mut fallbacks = BTreeSet::new();
    let mut first = None;
    let mut assume_on_counters = false;
    let mut model = loop {
        // A model some fallbacks cannot build (no split without padded
        // rows) fails like one whose obligations fail, with no fallback.
        let proved = match build_region(view, root, &fallbacks) {
            Ok((mut model, obligations)) => prove(&mut model, &obligations, assume_on_counters).map(|()| model),
            Err(reason) if !fallbacks.is_empty() => Err((reason, vec![])),
            Err(reason) => return Err(reason),
        };
        match proved {
            Ok(model) => break model,
            Err((reason, fs)) if fallbacks.len() < MAX_FALLBACKS && add_fallbacks(&mut fallbacks, &fs) => {
                first.get_or_insert(reason);
            }
            Err((reason, _)) if !assume_on_counters => {
                first.get_or_insert(reason);
                assume_on_counters = true;
                fallbacks.clear();
            }
            Err((reason, _)) => return Err(first.unwrap_or(reason)),
        }
    };
    let statements = model.statements.len();
    drop_implied_assumptions(&mut model)?;
    simplify_domains(&mut model)?;
    // An assumption under which a statement never runs (`n <= 3` in a
    // nest whose subscripts fit only tiny grids) makes a model of nothing.
    if assume_on_counters && model.statements.len() < statements {
        return Err(first.expect("set when counters are assumed"));
    }
    let finish = |mut model: Model, beside_other_cells: bool| {
        map_promoted_scalars(view, &mut model, beside_other_cells);
        map_rotated_loads(view, &mut model);
        map_hoisted_loads(view, &mut model);
        super::remat::map_hoisted_values(view, &mut model);
        model
    };
    // Whether a sum is mapped beside reads of other cells is known only
    // once mapped (earlier mappings change what later loops see), so the
    // unmapped model is kept until then: a copy of a few vectors, small
    // beside the proofs above.
    let unmapped = model.clone();
    let mut model = finish(model, true);
    if model.promoted.iter().any(|p| p.beside_other_cells) {
        model.without_other_cells = Some(Box::new(finish(unmapped, false)));
    }
    Ok(model)
}

/// Adds the fallbacks `new` names to `fallbacks`, up to [`MAX_FALLBACKS`]
/// in all: whether one was new (else the region has no other way left).
fn add_fallbacks(fallbacks: &mut BTreeSet<Fallback>, new: &[Fallback]) -> bool {
    let before = fallbacks.len();
    for &f in new {
        if fallbacks.len() < MAX_FALLBACKS {
            fallbacks.insert(f);
        }
    }
    fallbacks.len() > before
}

/// Detects the SCoPs of a function: each outermost loop nest is tried
/// whole; when it is rejected, its sub-loops are tried in turn.
pub fn detect(view: &FunctionView) -> Detection {
    detect_among(view, &|_| true)
}

/// [`detect`] with only the loops `wanted` says yes to tried as regions
/// (the others are passed through to their sub-loops, and neither are
/// SCoPs nor have a status). The driver analyses a function again after
/// preparing its SCoPs for code generation, and only those can be
/// rewritten then: trying every loop again cost as much as the first
/// detection (opus's celt/vq.c: a rejected nest is built 15 times over,
/// its fallbacks tried one by one, twice; the whole compile took 1,325M
/// instructions under callgrind with every loop tried again, 1,289M with
/// the prepared nests only, -O3 alone 850M).
pub fn detect_among(view: &FunctionView, wanted: &dyn Fn(LoopId) -> bool) -> Detection {
    let mut d = Detection::default();
    for &top in &view.top_loops {
        visit(view, top, wanted, &mut d);
    }
    d
}

fn visit(view: &FunctionView, l: LoopId, wanted: &dyn Fn(LoopId) -> bool, d: &mut Detection) {
    match wanted(l).then(|| model_region(view, l)) {
        Some(Ok(model)) => {
            let idx = d.scops.len();
            d.scops.push(model);
            mark_nest(view, l, idx, d);
            return;
        }
        Some(Err(reason)) => d.loops.push((l, LoopStatus::Rejected(reason))),
        None => {}
    }
    for &sub in &view.loop_(l).subloops {
        visit(view, sub, wanted, d);
    }
}

fn mark_nest(view: &FunctionView, l: LoopId, scop: usize, d: &mut Detection) {
    d.loops.push((l, LoopStatus::InScop(scop)));
    for &sub in &view.loop_(l).subloops {
        mark_nest(view, sub, scop, d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Block, BlockId, Loop, Scev, Terminator};

    /// Two blocks, each its own loop's header, the second loop inside the
    /// first; neither has a preheader, so each region is rejected at once.
    fn nest() -> FunctionView {
        let block = |to| Block { name: String::new(), instrs: vec![], term: Terminator::Br(BlockId(to)), loop_: None };
        let lp = |header, blocks: Vec<u32>, parent, subloops, depth| Loop {
            header: BlockId(header),
            preheader: None,
            latch: None,
            exits: vec![],
            blocks: blocks.into_iter().map(BlockId).collect(),
            parent,
            subloops,
            depth,
            backedge_taken: Scev::Const(0),
            backedge_bits: 0,
            loc: None,
            var: None,
            pragma: None,
            no_unroll: false,
        };
        let mut v = FunctionView::default();
        v.blocks = vec![block(1), block(0)];
        v.loops = vec![lp(0, vec![0, 1], None, vec![LoopId(1)], 1), lp(1, vec![1], Some(LoopId(0)), vec![], 2)];
        v.top_loops = vec![LoopId(0)];
        v
    }

    #[test]
    fn only_the_wanted_loops_are_tried_and_their_sub_loops_still_are() {
        let v = nest();
        let tried = |d: &Detection| d.loops.iter().map(|(l, s)| (*l, matches!(s, LoopStatus::Rejected(_)))).collect::<Vec<_>>();
        // Every loop: the outer one rejected, then the inner one tried.
        assert_eq!(tried(&detect(&v)), vec![(LoopId(0), true), (LoopId(1), true)]);
        // The outer one passed over: the inner one is still reached.
        assert_eq!(tried(&detect_among(&v, &|l| l == LoopId(1))), vec![(LoopId(1), true)]);
        // None wanted: nothing is tried, nothing is reported.
        let none = detect_among(&v, &|_| false);
        assert!(none.loops.is_empty() && none.scops.is_empty());
    }
}
