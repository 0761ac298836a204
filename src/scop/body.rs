//! What one statement instance does, planned for code generation.
//!
//! Detection rewrites the IR's view of a nest in ways the emitted code has
//! to undo: LICM's promoted scalars are mapped back to their memory cell
//! (`delicm`), GVN's rotated loads to the cell they came from (`rotate`),
//! values hoisted out of inner loops are computed again where they are read
//! (`remat`), and induction and address arithmetic is rebuilt from its
//! polynomial. This module turns those records into a plan that code
//! generation only interprets, so that a new mapping in `scop` is taught
//! here and nowhere else:
//!
//! - per statement, its [`Effect`]s in order: values read on entry, the
//!   instructions copied, the cells stored, the scalars written;
//! - per operand, its [`Source`]: used as it is (defined before the
//!   region), loaded from a cell, computed again, rebuilt from a
//!   polynomial in the instance's counters, or read from its scalar slot.
//!
//! # Example
//!
//! `for i { s = C[i]; for k { s += A[i][k] } C[i] = s }` after LICM: the
//! header PHI `s` of the `k` loop is promoted from `C[i]`, the store after
//! the loop is its store-back. The `k` body's statement plans
//! `Read(s)` (a `Source::Cell` at `C[i]`), `Copy` of the load of `A[i][k]`
//! and of the add, then `StoreCell` of the add to `C[i]`; the store-back is
//! not copied at all (the cell already holds the sum).

use super::affine::Sym;
use super::model::{AccessKind, ArrayId, Model, Statement, Target};
use super::polynomial::Polynomial;
use super::poly_scop::StmtId;
use crate::ir::{BlockId, FunctionView, LoopId, Op, ValueId, ValueKind};
use crate::stable::{HashMap, HashSet};

/// One step of a statement instance, in the order code generation emits
/// them.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Obtain `value` (by its [`Source`]) before anything of the block: a
    /// promoted scalar or rotated load is read on entry to its block, before
    /// the block's own stores can change its cell (an in-place stencil's
    /// body stores to the cell it rotates).
    Read(ValueId),
    /// A copy of the instruction `value`, its operands resolved for the
    /// instance; `array` is the array a load or store of it accesses.
    Copy { value: ValueId, array: Option<ArrayId> },
    /// Store `value` into the cell at `address` (a promoted scalar's
    /// initial value or update).
    StoreCell { value: ValueId, address: ValueId, array: ArrayId },
    /// Store each `(scalar, value)` pair into the scalar's slot, every value
    /// obtained before the first store: the PHIs a block feeds are assigned
    /// at once, as on the CFG edge (storing one before reading the next
    /// would let a PHI that receives another PHI of the loop, `x' = y` next
    /// to `y' = ...`, see the next iteration's value).
    WriteScalars(Vec<(ValueId, ValueId)>),
}

/// The address of a cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Address {
    /// The value of this operand in the instance.
    Operand(ValueId),
    /// The pointer `value`'s polynomial, rebuilt at other counters (a
    /// rotated load's address some iterations earlier).
    Rebuilt { value: ValueId, poly: Polynomial },
}

/// How a statement instance obtains the value of an operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Defined before the region: used as it is.
    Outside,
    /// Loaded from the memory cell it was mapped back to.
    Cell { address: Address, array: ArrayId },
    /// Computed again by a copy of its instruction; `array` for a load.
    Recompute { array: Option<ArrayId> },
    /// Rebuilt from its polynomial in the instance's counters.
    Rebuild(Polynomial),
    /// Read from its scalar's stack slot.
    Slot,
}

/// A value mapped back to memory.
#[derive(Clone, Debug)]
enum CellRule {
    Promoted { address: ValueId, array: ArrayId },
    Rotated { address: ValueId, loop_: LoopId, back: i64, array: ArrayId },
}

/// The plan of every statement of one model.
pub struct BodyPlan {
    region: HashSet<BlockId>,
    cells: HashMap<ValueId, CellRule>,
    recompute: HashMap<ValueId, Option<ArrayId>>,
    effects: Vec<Vec<Effect>>,
}

impl BodyPlan {
    /// Plans the statements of `model` (a nest of `view`).
    pub fn new(model: &Model, view: &FunctionView) -> BodyPlan {
        let region = view.loop_(model.root).blocks.iter().copied().collect();
        // The values mapped back to cells, in the order their statements
        // read them on entry.
        let mut mapped = Vec::new();
        let mut cells = HashMap::default();
        for p in &model.promoted {
            for v in std::iter::once(p.phi).chain(p.copies.iter().copied()) {
                mapped.push(v);
                cells.entry(v).or_insert(CellRule::Promoted { address: p.address, array: p.array });
            }
        }
        for r in &model.rotated {
            mapped.push(r.phi);
            cells.entry(r.phi).or_insert(CellRule::Rotated { address: r.address, loop_: r.loop_, back: r.back, array: r.array });
        }
        let store_backs: HashSet<ValueId> = model.promoted.iter().filter_map(|p| p.store_back).collect();
        let recompute = model.remat.iter().map(|(&v, r)| (v, r.load.as_ref().map(|(a, _)| *a))).collect();
        let effects = model.statements.iter().map(|s| statement_effects(model, view, s, &mapped, &store_backs)).collect();
        BodyPlan { region, cells, recompute, effects }
    }

    /// The effects of statement `s`, in order.
    pub fn effects(&self, s: StmtId) -> &[Effect] {
        &self.effects[s.index()]
    }

    /// Whether block `b` is in the region.
    pub fn in_region(&self, b: BlockId) -> bool {
        self.region.contains(&b)
    }

    /// Whether `v` is computed inside the region.
    pub fn defined_inside(&self, view: &FunctionView, v: ValueId) -> bool {
        matches!(view.value(v).kind, ValueKind::Instruction(b) if self.region.contains(&b))
    }

    /// How an instance of `stmt` obtains `v` (the first rule that applies:
    /// defined outside, a cell, computed again, rebuilt, a slot).
    pub fn source(&self, model: &Model, view: &FunctionView, stmt: &Statement, v: ValueId) -> Result<Source, String> {
        if !self.defined_inside(view, v) {
            return Ok(Source::Outside);
        }
        match self.cells.get(&v) {
            Some(&CellRule::Promoted { address, array }) => return Ok(Source::Cell { address: Address::Operand(address), array }),
            Some(&CellRule::Rotated { address, loop_, back, array }) => {
                let p = model.rebuilt_at(address, &|l| stmt.loops.contains(&l)).ok_or("rotated load without a rebuildable address")?;
                let counter = Sym::loop_counter(loop_);
                let earlier = Polynomial::sym(counter).add(&Polynomial::constant(-(back as i128))).map_err(|e| e.to_string())?;
                let poly = p.substitute(counter, &earlier).map_err(|e| e.to_string())?;
                return Ok(Source::Cell { address: Address::Rebuilt { value: address, poly }, array });
            }
            None => {}
        }
        if let Some(&array) = self.recompute.get(&v) {
            return Ok(Source::Recompute { array });
        }
        if let Some(p) = model.rebuilt_at(v, &|l| stmt.loops.contains(&l)) {
            return Ok(Source::Rebuild(p));
        }
        Ok(Source::Slot)
    }
}

impl BodyPlan {
    /// The plan of statement `s` in words, when it maps values back to
    /// memory cells (`None` when it only copies its instructions and
    /// writes its scalars): `read 's' from C; copy 3; store 'add' to C`.
    pub fn describe(&self, model: &Model, view: &FunctionView, s: StmtId) -> Option<String> {
        let effects = self.effects(s);
        if !effects.iter().any(|e| matches!(e, Effect::Read(_) | Effect::StoreCell { .. })) {
            return None;
        }
        let name = |v: ValueId| format!("'{}'", view.value(v).name);
        let stmt = model.stmt(s);
        let mut parts = Vec::new();
        let mut copies = 0;
        let flush = |copies: &mut usize, parts: &mut Vec<String>| {
            if *copies > 0 {
                parts.push(format!("copy {copies}"));
                *copies = 0;
            }
        };
        for e in effects {
            let part = match e {
                Effect::Copy { .. } => {
                    copies += 1;
                    continue;
                }
                Effect::Read(v) => match self.source(model, view, stmt, *v) {
                    Ok(Source::Cell { array, address: Address::Rebuilt { .. } }) => format!("read {} from {} earlier", name(*v), model.array(array).name),
                    Ok(Source::Cell { array, .. }) => format!("read {} from {}", name(*v), model.array(array).name),
                    _ => format!("read {}", name(*v)),
                },
                Effect::StoreCell { value, array, .. } => format!("store {} to {}", name(*value), model.array(*array).name),
                Effect::WriteScalars(w) => format!("write {}", w.iter().map(|(x, _)| name(*x)).collect::<Vec<_>>().join(", ")),
            };
            flush(&mut copies, &mut parts);
            parts.push(part);
        }
        flush(&mut copies, &mut parts);
        Some(parts.join("; "))
    }
}

/// The array a load or store instruction of `s` accesses.
fn array_of(s: &Statement, instr: ValueId) -> Option<ArrayId> {
    s.accesses.iter().find(|a| a.instr == Some(instr)).and_then(|a| match a.target {
        Target::Array(x) => Some(x),
        Target::Scalar(_) => None,
    })
}

/// The effects of `s`; `mapped`: the values mapped back to cells, in
/// order; `store_backs`: the promoted scalars' redundant stores.
fn statement_effects(model: &Model, view: &FunctionView, s: &Statement, mapped: &[ValueId], store_backs: &HashSet<ValueId>) -> Vec<Effect> {
    let in_block = |v: &ValueId| matches!(view.value(*v).kind, ValueKind::Instruction(b) if b == s.block);
    let mut out: Vec<Effect> = mapped.iter().copied().filter(in_block).map(Effect::Read).collect();
    for instr in &view.block(s.block).instrs {
        // PHIs are read and rebuildable values rebuilt where they are used;
        // a store-back is redundant once the cell holds the scalar.
        let on_use = matches!(instr.op, Op::Phi { .. }) || model.rebuilt_at(instr.value, &|l| s.loops.contains(&l)).is_some();
        // A lifetime marker: the rewritten nest gives its object one
        // lifetime around it (`codegen`).
        let marker = matches!(&instr.op, Op::Call { callee, .. } if crate::ir::is_lifetime_marker(callee));
        if on_use || marker || store_backs.contains(&instr.value) {
            continue;
        }
        out.push(Effect::Copy { value: instr.value, array: array_of(s, instr.value) });
    }
    // The update of a promoted scalar goes to its cell; so does its initial
    // value when it was only in a register.
    for p in &model.promoted {
        if let Some((_, init)) = p.init_store.filter(|(b, _)| *b == s.block) {
            out.push(Effect::StoreCell { value: init, address: p.address, array: p.array });
        }
        if in_block(&p.phi) {
            out.push(Effect::StoreCell { value: p.update, address: p.address, array: p.array });
        }
    }
    let mut writes = Vec::new();
    for a in &s.accesses {
        let (AccessKind::Write, Target::Scalar(v)) = (a.kind, &a.target) else { continue };
        let value = match view.def(*v).map(|d| &d.op) {
            // A PHI written here: the value it receives from this block.
            // A PHI of this block read after the region: its own value
            // here (rebuilt when its polynomial is, as an inner loop's
            // exit value in an LCSSA PHI whose incoming statement writes
            // nothing for it; else its slot, which the incoming
            // statements wrote).
            Some(Op::Phi { incoming }) => match incoming.iter().find(|(from, _)| *from == s.block) {
                Some((_, inval)) => *inval,
                None => *v,
            },
            _ => *v,
        };
        writes.push((*v, value));
    }
    if !writes.is_empty() {
        out.push(Effect::WriteScalars(writes));
    }
    out
}
