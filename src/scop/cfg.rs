//! Control-flow shape of a candidate region: structural checks on loops
//! and a topological order of its blocks (back edges ignored).

use super::reason::Reason;
use crate::ir::{BlockId, FunctionView, LoopId, Terminator};
use crate::stable::{HashMap, HashSet};

fn complex(detail: &str) -> Reason {
    Reason::ComplexControlFlow(detail.to_string())
}

/// Every loop of the subtree rooted at `root`, outer before inner.
pub fn loops_of(view: &FunctionView, root: LoopId) -> Vec<LoopId> {
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        out.extend(view.loop_(out[i]).subloops.iter().copied());
        i += 1;
    }
    out
}

/// Checks that a loop is in the form Tessera models: one latch that is the
/// only exiting block, one exit block.
pub fn check_loop_shape(view: &FunctionView, l: LoopId) -> Result<(), Reason> {
    let lp = view.loop_(l);
    // Not a shape, but a loop's own property, checked where every loop of
    // a region is.
    if let Some(p) = &lp.pragma {
        return Err(Reason::UserPragma(format!("#pragma {p} on a loop of the nest is kept: a rewrite would emit new loops without it")));
    }
    let latch = lp.latch.ok_or_else(|| complex("loop with several back edges"))?;
    if lp.exits.len() != 1 {
        return Err(complex("loop with several exits (break or return inside)"));
    }
    match &view.block(latch).term {
        Terminator::CondBr { then_, else_, .. }
            if (*then_ == lp.header && *else_ == lp.exits[0]) || (*else_ == lp.header && *then_ == lp.exits[0]) => {}
        _ => return Err(complex("loop not in rotated form (exit test not at the latch)")),
    }
    // Only the latch may leave the loop.
    let inside: HashSet<BlockId> = lp.blocks.iter().copied().collect();
    for &b in &lp.blocks {
        if b != latch && view.block(b).successors().iter().any(|s| !inside.contains(s)) {
            return Err(complex("loop with several exits (break or return inside)"));
        }
    }
    Ok(())
}

/// Whether `from -> to` is a back edge of a loop of the region.
pub fn is_back_edge(view: &FunctionView, from: BlockId, to: BlockId) -> bool {
    let Some(l) = view.block(from).loop_ else { return false };
    let mut cur = Some(l);
    while let Some(c) = cur {
        let lp = view.loop_(c);
        if lp.header == to && lp.latch == Some(from) {
            return true;
        }
        cur = lp.parent;
    }
    false
}

/// The region's blocks in a topological order of its forward edges,
/// starting at `entry`; errors on irreducible control flow.
pub fn topo_order(view: &FunctionView, entry: BlockId, blocks: &HashSet<BlockId>) -> Result<Vec<BlockId>, Reason> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Active,
        Done,
    }
    let mut marks: HashMap<BlockId, Mark> = HashMap::default();
    let mut post = Vec::new();
    // Iterative DFS: (block, index of next successor to visit).
    let mut stack = vec![(entry, 0usize)];
    marks.insert(entry, Mark::Active);
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        let succs: Vec<BlockId> = view
            .block(b)
            .successors()
            .into_iter()
            .filter(|s| blocks.contains(s) && !is_back_edge(view, b, *s))
            .collect();
        if *next < succs.len() {
            let s = succs[*next];
            *next += 1;
            match marks.get(&s) {
                Some(Mark::Active) => return Err(complex("irreducible control flow")),
                Some(Mark::Done) => {}
                None => {
                    marks.insert(s, Mark::Active);
                    stack.push((s, 0));
                }
            }
        } else {
            marks.insert(b, Mark::Done);
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    Ok(post)
}

/// Whether block `d` dominates block `target`: every path from the
/// function's entry (its first block) to `target` passes `d`, i.e. without
/// `d` the entry no longer reaches `target`. False when some terminator's
/// successors are unknown (a `switch`): reachability would be incomplete.
pub fn dominates(view: &FunctionView, d: BlockId, target: BlockId) -> bool {
    if d == target {
        return true;
    }
    if view.blocks.iter().any(|b| matches!(b.term, Terminator::Other { .. })) {
        return false;
    }
    let entry = BlockId(0);
    if d == entry {
        return true;
    }
    let mut seen: HashSet<_> = [entry].into_iter().collect();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if b == target {
            return false;
        }
        for s in view.block(b).successors() {
            if s != d && seen.insert(s) {
                stack.push(s);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Block;

    /// A diamond 0 -> {1, 2} -> 3 -> 4 with a loop 4 -> 4 and exit 5.
    fn diamond() -> FunctionView {
        let block = |term| Block { name: String::new(), instrs: vec![], term, loop_: None };
        let cond = |t, e| Terminator::CondBr { cond: crate::ir::ValueId(0), then_: BlockId(t), else_: BlockId(e) };
        let mut v = FunctionView::default();
        v.blocks = vec![
            block(cond(1, 2)),
            block(Terminator::Br(BlockId(3))),
            block(Terminator::Br(BlockId(3))),
            block(Terminator::Br(BlockId(4))),
            block(cond(4, 5)),
            block(Terminator::Ret),
        ];
        v
    }

    /// Checked against the definition on every pair: `d` dominates `t`
    /// iff `d` is on every path, here enumerated by hand.
    #[test]
    fn dominance_of_a_diamond_and_a_loop() {
        let v = diamond();
        let dom = |d: u32, t: u32| dominates(&v, BlockId(d), BlockId(t));
        // The entry and the join dominate what follows them; the arms do not.
        for t in 0..6 {
            assert!(dom(0, t));
            assert!(dom(t, t));
        }
        for t in 3..6 {
            assert!(!dom(1, t) && !dom(2, t));
            assert!(dom(3, t));
        }
        assert!(dom(4, 5) && !dom(5, 4) && !dom(3, 1));
        // An unknown terminator makes every answer "no" (but d == t).
        let mut w = diamond();
        w.blocks[5].term = Terminator::Other { opcode: "switch".into() };
        assert!(!dominates(&w, BlockId(3), BlockId(4)));
    }
}
