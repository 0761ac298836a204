//! Cells kept in registers over an innermost loop (`For::promoted`, decided
//! by `plan::promote`): each statement copy's cell is loaded into a stack
//! slot before the loop (in a block entered only when the loop runs), its
//! loads and stores in the loop read and write the slot, and the slot is
//! stored back after the loop. LLVM's SROA turns the slot into a register,
//! so the loop's only memory operations are its other loads.

use super::expr::ExprGen;
use super::stmt::StmtCopy;
use super::{ok, Gen};
use crate::ast::{For, Node};
use crate::ir::ValueId;
use crate::scop::affine::Sym;
use crate::scop::body::{Effect, Source};
use crate::scop::model::ArrayId;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, InstructionOpcode, IntValue, PointerValue};

/// A cell one statement copy keeps in a register over the loop.
#[derive(Clone, Copy, Debug)]
pub struct Cell<'a> {
    /// The address operand of the statement's stores to the cell (a value
    /// of the original IR): its loads and stores through it, and the
    /// values the model reads back from a cell at it, go to the slot.
    pub address: ValueId,
    pub array: ArrayId,
    /// Where the cell's value is kept (a stack slot of the value's type).
    pub slot: PointerValue<'a>,
    pub ty: BasicTypeEnum<'a>,
    /// The cell's address, computed before the loop.
    pointer: PointerValue<'a>,
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// For each node of `f`'s body, the cells it keeps in registers, each
    /// loaded into its slot where the builder is (before the loop, where
    /// it runs at least once; `lb`: its counter's first value).
    pub(super) fn load_cells(&mut self, f: &For, lb: IntValue<'a>) -> Result<Vec<Vec<Cell<'a>>>, String> {
        let saved = self.env.vars[f.var].replace(lb);
        let out = f.body.iter().map(|n| self.node_cells(f, n)).collect();
        self.env.vars[f.var] = saved;
        out
    }

    fn node_cells(&mut self, f: &For, n: &Node) -> Result<Vec<Cell<'a>>, String> {
        let Node::Stmt { stmt, iter, .. } = n else { return Ok(vec![]) };
        let arrays: Vec<ArrayId> = f.promoted.iter().filter(|(s, _)| s == stmt).map(|&(_, x)| x).collect();
        let mut cells = vec![];
        for x in arrays {
            let array = self.model.array(x);
            if self.region.bases.contains_key(&array.base) {
                continue;
            }
            let Some((address, ty)) = self.store_address(*stmt, x) else { continue };
            // The address must not move with the loop's counter (planning
            // proved the cell's subscripts do not; so must its rebuilt form).
            let model_stmt = self.model.stmt(*stmt);
            let moves = match self.region.plan.source(self.model, self.region.view, model_stmt, address)? {
                Source::Outside => false,
                Source::Rebuild(p) => p.terms.keys().flatten().any(|s| match s {
                    Sym::Counter(c) => model_stmt.loops.iter().position(|l| l == c).is_none_or(|k| iter.get(k).is_none_or(|e| e.uses_var(f.var))),
                    Sym::Atom(_) => true,
                    Sym::Param(_) => false,
                }),
                _ => true,
            };
            if moves {
                continue;
            }
            let g = ExprGen { b: &self.b, ctx: &self.ir.context };
            let vals: Vec<IntValue<'a>> = iter.iter().map(|e| g.expr(e, &self.env)).collect();
            let mut copy = StmtCopy::new(self.ir, &self.b, &self.region, *stmt, vals);
            let pointer = copy.resolve(address)?.into_pointer_value();
            drop(copy);
            let slot = self.new_slot(ty)?;
            let value = ok(self.b.build_load(ty, pointer, "cell.in"));
            ok(self.b.build_store(slot, value));
            if let Some(i) = value.as_instruction_value() {
                self.arrays.push((i, x));
                for level in self.memory.iter_mut() {
                    level.push(i);
                }
            }
            self.summary.register_cells.insert(array.name.clone());
            cells.push(Cell { address, array: x, slot, ty, pointer });
        }
        Ok(cells)
    }

    /// The address operand of statement `s`'s stores to array `x` and the
    /// type stored, when every store goes through the same one.
    fn store_address(&self, s: crate::scop::poly_scop::StmtId, x: ArrayId) -> Option<(ValueId, BasicTypeEnum<'a>)> {
        let mut found: Option<(ValueId, BasicTypeEnum<'a>)> = None;
        for e in self.region.plan.effects(s) {
            let here = match e {
                Effect::Copy { value, array: Some(a) } if *a == x => {
                    let i = self.ir.instruction(*value)?;
                    if i.get_opcode() != InstructionOpcode::Store {
                        continue;
                    }
                    (self.ir.operand_id(*value, 1)?, i.get_operand(0)?.value()?.get_type())
                }
                Effect::StoreCell { value, address, array } if *array == x => (*address, self.ir.basic_value(*value).get_type()),
                _ => continue,
            };
            match found {
                None => found = Some(here),
                Some(f) if f == here => {}
                Some(_) => return None,
            }
        }
        found
    }

    /// Stores each cell's value back, where the builder is (after the loop).
    pub(super) fn store_cells(&mut self, cells: &[Vec<Cell<'a>>]) {
        for c in cells.iter().flatten() {
            let value = ok(self.b.build_load(c.ty, c.slot, "cell.out"));
            let store = ok(self.b.build_store(c.pointer, value));
            self.arrays.push((store, c.array));
            for level in self.memory.iter_mut() {
                level.push(store);
            }
        }
    }
}
