//! Block copies and fills to put back as loops before detection.
//!
//! LLVM's loop-idiom pass turns a loop that copies or zeroes a row
//! (`for j: C[i][j] = 0`, `for j: A[i][j] = B[i][j]`) into one call of
//! `llvm.memset` or `llvm.memcpy`, long before Tessera runs. Inside a nest
//! that call is an effect the model cannot see through, and the whole nest
//! is lost: a matrix product that zeroes each row of `C` before its `k`
//! loop, a time-iterated stencil that copies its new grid back. Polly
//! models such calls as accesses to a range of cells; Tessera instead puts
//! the call back as the loop it was, over elements as wide as the other
//! accesses of the arrays it touches, and lets detection model that loop
//! like any other. The driver keeps the function's original body aside and
//! puts it back when no nest of the function ends up rewritten.
//!
//! A call qualifies when it lies in a nest detection rejected only for
//! such calls (every call of the nest with effects is one), the nest
//! accesses each array the call touches with elements of one size, and its
//! length in bytes is provably a multiple of that size. `llvm.memmove` is
//! left alone: its source and destination may overlap, which a forward
//! loop would not copy the same way.

use super::detect::{Detection, LoopStatus};
use super::reason::Reason;
use crate::ir::{is_mem_call, BlockId, FunctionView, LoopId, Op, Scev, Type, ValueId};
use std::collections::{BTreeMap, BTreeSet};

/// The calls to put back as loops, each with its element width in bytes,
/// in the order of the function's blocks.
pub fn expandable(view: &FunctionView, detection: &Detection) -> Vec<(ValueId, u32)> {
    // Which call blocked the nest is read from its instructions
    // (`in_nest`), not from the reason's text.
    let rejected: BTreeSet<LoopId> =
        detection.loops.iter().filter(|(_, s)| matches!(s, LoopStatus::Rejected(Reason::UnsupportedCall(_)))).map(|(l, _)| *l).collect();
    let mut out = Vec::new();
    for &l in &rejected {
        // The outermost such loop of each nest.
        if view.loop_(l).parent.is_some_and(|p| rejected.contains(&p)) {
            continue;
        }
        out.extend(in_nest(view, &view.loop_(l).blocks));
    }
    out
}

/// The expandable calls of the nest made of `blocks`: none unless every
/// call there with effects (those that keep a nest out of the model) is a
/// block copy or fill.
fn in_nest(view: &FunctionView, blocks: &[BlockId]) -> Vec<(ValueId, u32)> {
    let mut calls = Vec::new();
    // Element widths of the nest's loads and stores, by base pointer.
    let mut widths: BTreeMap<ValueId, BTreeSet<u32>> = BTreeMap::new();
    for &b in blocks {
        for i in &view.block(b).instrs {
            match &i.op {
                Op::Call { callee, pure: false, sets_errno: None } => {
                    if !is_mem_call(callee) || i.operands.len() < 3 {
                        return vec![];
                    }
                    calls.push(i);
                }
                Op::Load { addr, ty, .. } | Op::Store { addr, ty, .. } => {
                    if let (Some(base), Some(w)) = (view.scev(*addr).and_then(|s| pointer_base(view, s)), ty.store_bytes()) {
                        widths.entry(base).or_default().insert(w);
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for call in calls {
        let copy = matches!(&call.op, Op::Call { callee, .. } if callee.starts_with("llvm.memcpy."));
        let touched = if copy { &call.operands[..2] } else { &call.operands[..1] };
        let mut sizes = BTreeSet::new();
        for &p in touched {
            let Some(base) = view.scev(p).and_then(|s| pointer_base(view, s)) else { return vec![] };
            sizes.extend(widths.get(&base).into_iter().flatten().copied());
        }
        let [width] = sizes.into_iter().collect::<Vec<_>>()[..] else { continue };
        if view.scev(call.operands[2]).is_some_and(|len| multiple_of(len, width as i128)) {
            out.push((call.value, width));
        }
    }
    out
}

/// The one pointer an address is based on (`@A + 8000 i + 8 j`: `@A`).
fn pointer_base(view: &FunctionView, s: &Scev) -> Option<ValueId> {
    fn walk(view: &FunctionView, s: &Scev, out: &mut BTreeSet<ValueId>) {
        match s {
            Scev::Unknown(v) if view.value(*v).ty == Type::Ptr => {
                out.insert(*v);
            }
            _ => s.children().into_iter().for_each(|c| walk(view, c, out)),
        }
    }
    let mut bases = BTreeSet::new();
    walk(view, s, &mut bases);
    let mut it = bases.into_iter();
    match (it.next(), it.next()) {
        (Some(b), None) => Some(b),
        _ => None,
    }
}

/// Whether every value of `s` is a multiple of `w` (a power of two):
/// sums and recurrences of multiples, products with a multiple, and
/// extensions of them (wrapping at a width of 8 bits or more keeps a
/// multiple of a power of two up to 256 one).
fn multiple_of(s: &Scev, w: i128) -> bool {
    match s {
        Scev::Const(c) => c % w == 0,
        Scev::Add(ts) => ts.iter().all(|t| multiple_of(t, w)),
        Scev::Mul(fs) => fs.iter().any(|f| multiple_of(f, w)),
        Scev::AddRec { start, step, .. } => multiple_of(start, w) && multiple_of(step, w),
        Scev::ZExt(x, bits) | Scev::SExt(x, bits) => *bits >= 8 && multiple_of(x, w),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiples_of_an_element_width() {
        let n = Scev::Unknown(ValueId(3));
        let rows = Scev::mul(vec![Scev::Const(8), Scev::ZExt(Box::new(n.clone()), 32)]);
        assert!(multiple_of(&rows, 8));
        assert!(multiple_of(&Scev::add(vec![rows.clone(), Scev::Const(-16)]), 8));
        assert!(!multiple_of(&Scev::add(vec![rows.clone(), Scev::Const(4)]), 8));
        assert!(!multiple_of(&n, 8));
        assert!(multiple_of(&Scev::Const(4000), 8) && !multiple_of(&Scev::Const(4004), 8));
        assert!(!multiple_of(&Scev::UDiv(Box::new(rows), Box::new(Scev::Const(2))), 8));
    }
}
