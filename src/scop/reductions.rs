//! Recognizing reductions: a statement that updates one cell with an
//! associative operator, `s = s + e` (a scalar carried by a PHI, as LICM
//! leaves it) or `A[f] = A[f] + e`. The mark lets dependence analysis relax
//! the update's self-dependence only where the code generator can keep the
//! result exact (no floating-point reassociation without fast-math).

use super::model::{AccessKind, Statement, Target};
use crate::ir::{FunctionView, Op, Opcode, ValueId};
use std::fmt;

/// A statement's update of one cell with an associative operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// `add`, `mul`, `and`, `or`, `xor`, `fadd` or `fmul`.
    pub op: Opcode,
    pub cell: ReducedCell,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReducedCell {
    /// A scalar carried by a PHI (its name).
    Scalar(String),
    /// The element a store writes back (`A[f] = A[f] op e`).
    StoredElement,
}

impl Reduction {
    /// A sum or product of floating-point values: one whose order LLVM
    /// keeps without fast-math flags.
    pub fn is_float(&self) -> bool {
        matches!(self.op, Opcode::FAdd | Opcode::FMul)
    }

    /// A floating-point sum of a scalar named `name`, for tests.
    #[cfg(test)]
    pub fn fadd_of(name: &str) -> Reduction {
        Reduction { op: Opcode::FAdd, cell: ReducedCell::Scalar(name.into()) }
    }

    /// A floating-point sum into the stored element, for tests.
    #[cfg(test)]
    pub fn fadd_stored() -> Reduction {
        Reduction { op: Opcode::FAdd, cell: ReducedCell::StoredElement }
    }
}

/// How printers and remarks describe it: `fadd on scalar 's'`, `add on
/// the stored element`.
impl fmt::Display for Reduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cell {
            ReducedCell::Scalar(name) => write!(f, "{} on scalar '{name}'", self.op),
            ReducedCell::StoredElement => write!(f, "{} on the stored element", self.op),
        }
    }
}

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

/// The reduction a statement performs, if it is one.
pub fn detect(view: &FunctionView, s: &Statement) -> Option<Reduction> {
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
                    return Some(Reduction { op, cell: ReducedCell::Scalar(view.value(phi).name.clone()) });
                }
            }
        }
    }
    // An array cell: store of `load(p) op e` to the same address p.
    for i in &block.instrs {
        if let Op::Store { addr, value, .. } = &i.op {
            let loads_same = |o: ValueId| matches!(view.def(o).map(|d| &d.op), Some(Op::Load { addr: a, .. }) if a == addr);
            if let Some(op) = update_of(view, *value, &loads_same) {
                return Some(Reduction { op, cell: ReducedCell::StoredElement });
            }
        }
    }
    None
}
