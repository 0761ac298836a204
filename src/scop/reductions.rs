//! Recognizing reductions: a statement that updates one cell with an
//! associative operator, `s = s + e` (a scalar carried by a PHI, as LICM
//! leaves it) or `A[f] = A[f] + e`. The mark lets dependence analysis relax
//! the update's self-dependence only where the code generator can keep the
//! result exact (no floating-point reassociation without fast-math).

use super::model::{AccessKind, Statement, Target};
use crate::ir::{FunctionView, Op, Opcode, ValueId};

/// The operator of an update `x op e`, if `v` computes one from `x`.
fn update_of(view: &FunctionView, v: ValueId, x: &dyn Fn(ValueId) -> bool) -> Option<Opcode> {
    let def = view.def(v)?;
    let op = match &def.op {
        Op::Binary { opcode: op @ (Opcode::Add | Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor) } => *op,
        Op::Pure { opcode: op @ (Opcode::FAdd | Opcode::FMul) } => *op,
        // fmuladd(a, b, acc) = acc + a*b
        Op::Call { callee, .. } if callee.starts_with("llvm.fmuladd") => {
            return def.operands.get(2).filter(|o| x(**o)).map(|_| Opcode::FAdd);
        }
        _ => return None,
    };
    def.operands.iter().take(2).any(|o| x(*o)).then_some(op)
}

/// The reduction a statement performs, described for printers and remarks.
pub fn detect(view: &FunctionView, s: &Statement) -> Option<String> {
    let block = view.block(s.block);
    // A scalar accumulator: a PHI of this block updated in this block.
    for i in &block.instrs {
        if let Op::Phi { incoming } = &i.op {
            let phi = i.value;
            let written = s.accesses.iter().any(|a| a.kind == AccessKind::Write && a.target == Target::Scalar(phi));
            if !written {
                continue;
            }
            for (_, v) in incoming {
                if let Some(op) = update_of(view, *v, &|o| o == phi) {
                    return Some(format!("{op} on scalar '{}'", view.value(phi).name));
                }
            }
        }
    }
    // An array cell: store of `load(p) op e` to the same address p.
    for i in &block.instrs {
        if let Op::Store { addr, value, .. } = &i.op {
            let loads_same = |o: ValueId| matches!(view.def(o).map(|d| &d.op), Some(Op::Load { addr: a, .. }) if a == addr);
            if let Some(op) = update_of(view, *value, &loads_same) {
                return Some(format!("{op} on the stored element"));
            }
        }
    }
    None
}
