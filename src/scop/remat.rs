//! Values hoisted out of inner loops, rebuilt where they are used.
//!
//! LICM computes `alpha * A[i][k]` once per `(i, k)`, before the `j` loop
//! of an i-k-j product (with sizes known at compile time the `j` loop
//! surely runs, so even the load moves). In the model that value is a
//! scalar written by the statement of the `k` loop's block and read by the
//! product: a scalar dependence from every `(i, k)` to the next that ties
//! the product to the source order, and an operand the matrix-product
//! path cannot pack (`sched::gemm`). When the value is a pure function of
//! cells that nothing in the SCoP writes (floating-point arithmetic over
//! loads of read-only arrays and values from before the region), each
//! reader can compute it again from those cells: it runs inside the
//! writer's loops (SSA: the definition dominates its uses), so the cells'
//! subscripts, over those loops' counters, name the same cells there, and
//! the cells hold the same values throughout. The readers then read the
//! cells instead of the scalar, the writer's scalar write goes (a writer
//! left with no write goes too), and code generation clones the value's
//! instructions at each use (`codegen::stmt`). The arithmetic is the same
//! instructions with the same flags, so every value is bit for bit the
//! original's. `map_hoisted_loads` (`scop::rotate`) does the same for a
//! hoisted load alone.
//!
//! Only values written inside two loops or more are rebuilt (a product's
//! `(i, k)`): a value computed per row of a two-deep nest (a rank-1
//! update's `alpha * x[i]`) stays a scalar. Rebuilt, it let the general
//! pipeline tile such nests, whose only reuse is a vector that the caches
//! hold across rows anyway: gsl's BLAS-2 routines (`ger`, `her2`, `syr`)
//! grew 2-3x in `.text` for nothing.

use super::affine::AffExpr;
use super::model::{AccessKind, ArrayId, Model, Statement, Target};
use crate::ir::{FunctionView, Op, Opcode, ValueId, ValueKind};
use std::collections::{BTreeMap, BTreeSet};

/// One instruction of a rebuilt value: a load of a read-only cell (its
/// array and subscripts over the writer's counters) or pure arithmetic.
#[derive(Clone, Debug)]
pub struct Remat {
    pub load: Option<(ArrayId, Vec<AffExpr>)>,
}

/// Floating-point arithmetic that cannot trap and reads no memory.
fn pure_float(op: &Op) -> bool {
    match op {
        Op::Pure { opcode } => matches!(opcode, Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FNeg | Opcode::FPExt | Opcode::FPTrunc),
        Op::Call { callee, pure: true, .. } => callee.starts_with("llvm.fmuladd.") || callee.starts_with("llvm.fma."),
        _ => false,
    }
}

/// The instructions of `v` (computed in statement `w`) to rebuild, added
/// to `out`; false when `v` is not a pure function of read-only cells.
fn collect(view: &FunctionView, model: &Model, w: &Statement, written: &BTreeSet<ArrayId>, v: ValueId, out: &mut BTreeMap<ValueId, Remat>) -> bool {
    if out.contains_key(&v) {
        return true;
    }
    let inside = |x: ValueId| matches!(view.value(x).kind, ValueKind::Instruction(b) if b == w.block);
    let Some(def) = view.def(v).filter(|_| inside(v)) else { return false };
    match &def.op {
        Op::Load { addr, volatile: false, atomic: false, .. } => {
            let Some(access) = w.accesses.iter().find(|a| a.instr == Some(v) && a.kind == AccessKind::Read) else { return false };
            let Target::Array(array) = access.target else { return false };
            if written.contains(&array) || !model.rebuildable.contains_key(addr) {
                return false;
            }
            out.insert(v, Remat { load: Some((array, access.subscripts.clone())) });
            true
        }
        op if pure_float(op) => {
            let operands = match op {
                // A call's last operand is its callee.
                Op::Call { .. } => &def.operands[..def.operands.len().saturating_sub(1)],
                _ => &def.operands[..],
            };
            for &x in operands {
                let from_before = !matches!(view.value(x).kind, ValueKind::Instruction(b) if view.loop_(model.root).blocks.contains(&b));
                let hoisted = model.rotated.iter().any(|r| r.phi == x && r.back == 0);
                if !(from_before || hoisted || collect(view, model, w, written, x, out)) {
                    return false;
                }
            }
            out.insert(v, Remat { load: None });
            true
        }
        _ => false,
    }
}

/// Rebuilds at their uses the scalars that are pure functions of
/// read-only cells (see the module documentation).
pub fn map_hoisted_values(view: &FunctionView, model: &mut Model) {
    let written = model.written_arrays();
    let mut rebuilt: BTreeMap<ValueId, Remat> = BTreeMap::new();
    // Per mapped scalar: the cells its readers read instead.
    let mut cells: BTreeMap<ValueId, Vec<(ArrayId, Vec<AffExpr>)>> = BTreeMap::new();
    for w in model.statements.iter().filter(|w| w.loops.len() >= 2) {
        for x in &w.accesses {
            let (Target::Scalar(v), AccessKind::Write) = (&x.target, x.kind) else { continue };
            let v = *v;
            if model.live_out.contains(&v) || model.promoted.iter().any(|p| p.phi == v) || model.rotated.iter().any(|r| r.phi == v) {
                continue;
            }
            if !view.def(v).is_some_and(|d| pure_float(&d.op)) {
                continue;
            }
            let mut tree = BTreeMap::new();
            if !collect(view, model, w, &written, v, &mut tree) {
                continue;
            }
            let mut read: Vec<(ArrayId, Vec<AffExpr>)> = tree.values().filter_map(|r| r.load.clone()).collect();
            // Hoisted loads the arithmetic uses are read from their cells.
            for def in tree.keys().filter_map(|&node| view.def(node)) {
                for &o in &def.operands {
                    if let Some(r) = model.rotated.iter().find(|r| r.phi == o && r.back == 0) {
                        read.push((r.array, r.subscripts.clone()));
                    }
                }
            }
            cells.insert(v, read);
            rebuilt.extend(tree);
        }
    }
    if cells.is_empty() {
        return;
    }
    let calls = |s: &Statement| view.block(s.block).instrs.iter().any(|i| matches!(i.op, Op::Call { pure: false, .. }));
    model.statements.retain_mut(|s| {
        let mut mapped = false;
        let mut reads = vec![];
        s.accesses.retain(|x| {
            let Target::Scalar(v) = x.target else { return true };
            let Some(c) = cells.get(&v) else { return true };
            mapped = true;
            if x.kind == AccessKind::Read {
                reads.extend(c.iter().cloned());
            }
            false
        });
        for (array, subscripts) in reads {
            if !s.accesses.iter().any(|a| a.kind == AccessKind::Read && a.target == Target::Array(array) && a.subscripts == subscripts) {
                s.accesses.push(super::model::Access { kind: AccessKind::Read, target: Target::Array(array), subscripts, instr: None });
            }
        }
        !mapped || calls(s) || s.accesses.iter().any(|x| x.kind == AccessKind::Write)
    });
    model.remat.extend(rebuilt);
}
