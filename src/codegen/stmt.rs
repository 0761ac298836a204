//! Copying a statement's instructions for one instance.
//!
//! Every operand is resolved for the instance: values of the same block map
//! to their copies; values computable from loop counters and parameters
//! (induction variables, address arithmetic: "synthesizable") are rebuilt
//! from their scalar evolution with the instance's counters; other values of
//! the region travel through their scalar's stack slot; values defined
//! before the region are used as they are.

use crate::bridge::rewrite::{byte_offset, Ir};
use crate::ir::{BlockId, FunctionView, LoopId, Op, Type, ValueId, ValueKind};
use crate::scop::affine::Sym;
use crate::scop::model::{AccessKind, ArrayId, Model, Statement, Target};
use crate::scop::polynomial::Polynomial;
use super::ok;
use inkwell::builder::Builder;
use inkwell::values::{AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue, PointerValue};
use inkwell::types::BasicTypeEnum;
use crate::stable::{HashMap, HashSet};

/// What every statement copy needs of the region.
pub struct RegionInfo<'m, 'a> {
    pub view: &'m FunctionView,
    pub model: &'m Model,
    pub blocks: HashSet<BlockId>,
    /// Stack slot of every scalar (SSA value or PHI crossing statements).
    pub slots: HashMap<ValueId, PointerValue<'a>>,
    /// i64 values of the model's parameters, by symbol.
    pub params: HashMap<Sym, IntValue<'a>>,
}

impl RegionInfo<'_, '_> {
    pub fn defined_inside(&self, v: ValueId) -> bool {
        matches!(self.view.value(v).kind, ValueKind::Instruction(b) if self.blocks.contains(&b))
    }

    /// The polynomial rebuilding `v` in a statement whose loops are
    /// `enclosing` (the rule detection used: `Model::rebuilt_at`).
    pub fn synthesizable(&self, v: ValueId, enclosing: &[LoopId]) -> Option<Polynomial> {
        self.model.rebuilt_at(v, &|l| enclosing.contains(&l))
    }
}

/// One statement instance being emitted.
pub struct StmtCopy<'r, 'a, 'b> {
    pub ir: &'b Ir<'a>,
    pub b: &'b Builder<'a>,
    pub region: &'r RegionInfo<'r, 'a>,
    pub stmt: &'r Statement,
    /// The instance's counters, one per `stmt.loops`.
    pub iter: Vec<IntValue<'a>>,
    local: HashMap<ValueId, BasicValueEnum<'a>>,
    /// Loads and stores of the copy (for access groups).
    pub memory: Vec<InstructionValue<'a>>,
    /// The array each of those that access one touches (for alias scopes).
    pub arrays: Vec<(InstructionValue<'a>, ArrayId)>,
}

impl<'r, 'a, 'b> StmtCopy<'r, 'a, 'b> {
    pub fn new(ir: &'b Ir<'a>, b: &'b Builder<'a>, region: &'r RegionInfo<'r, 'a>, stmt: &'r Statement, iter: Vec<IntValue<'a>>) -> Self {
        StmtCopy { ir, b, region, stmt, iter, local: HashMap::default(), memory: vec![], arrays: vec![] }
    }

    /// Records a load or store of the copy, with the array it accesses.
    fn record(&mut self, i: InstructionValue<'a>, array: Option<ArrayId>) {
        self.memory.push(i);
        if let Some(a) = array {
            self.arrays.push((i, a));
        }
    }

    fn i64(&self, v: i64) -> IntValue<'a> {
        self.ir.context.i64_type().const_int(v as u64, true)
    }

    fn sym_value(&self, s: Sym) -> Result<IntValue<'a>, String> {
        match s {
            Sym::Counter(l) => match self.stmt.loops.iter().position(|x| *x == l) {
                Some(k) => Ok(self.iter[k]),
                None => self.region.params.get(&s).copied().ok_or_else(|| format!("counter of loop {} not available", l.0)),
            },
            Sym::Param(v) => {
                if let Some(p) = self.region.params.get(&s) {
                    return Ok(*p);
                }
                let x = self.ir.basic_value(v);
                if !x.is_int_value() {
                    return Err(format!("parameter '{}' is not an integer", self.region.view.value(v).name));
                }
                let x = x.into_int_value();
                Ok(if x.get_type().get_bit_width() < 64 { ok(self.b.build_int_s_extend(x, self.ir.context.i64_type(), "p")) } else { x })
            }
        }
    }

    /// Rebuilds a synthesizable value from its polynomial.
    fn expand(&self, v: ValueId, p: &Polynomial) -> Result<BasicValueEnum<'a>, String> {
        let view = self.region.view;
        let is_ptr = |s: &Sym| matches!(s, Sym::Param(x) if view.value(*x).ty == Type::Ptr);
        let mut base = None;
        let mut acc = self.i64(0);
        for (m, &c) in &p.terms {
            if m.len() == 1 && is_ptr(&m[0]) && c == 1 && base.is_none() {
                base = Some(m[0]);
                continue;
            }
            if m.iter().any(is_ptr) {
                return Err("pointer arithmetic on a base pointer".into());
            }
            let mut term = self.i64(i64::try_from(c).map_err(|_| "coefficient too large")?);
            for s in m {
                term = ok(self.b.build_int_mul(term, self.sym_value(*s)?, "m"));
            }
            acc = ok(self.b.build_int_add(acc, term, "s"));
        }
        match (view.value(v).ty, base) {
            (Type::Ptr, Some(Sym::Param(bv))) => {
                let ptr = self.ir.basic_value(bv).into_pointer_value();
                Ok(byte_offset(self.b, &self.ir.context, ptr, acc, "addr").as_basic_value_enum())
            }
            (Type::Int(bits), None) => {
                if bits < 64 {
                    let t = self.ir.basic_value(v).get_type().into_int_type();
                    Ok(ok(self.b.build_int_truncate(acc, t, "tr")).as_basic_value_enum())
                } else {
                    Ok(acc.as_basic_value_enum())
                }
            }
            _ => Err(format!("cannot rebuild '{}'", view.value(v).name)),
        }
    }

    /// The address of the memory cell a scalar was mapped back to, in this
    /// instance: a promoted scalar's cell, or a rotated load's (the load's
    /// address `back` iterations of its loop earlier).
    fn cell_of(&mut self, v: ValueId) -> Result<Option<(PointerValue<'a>, ArrayId)>, String> {
        let model = self.region.model;
        if let Some(p) = model.promoted.iter().find(|p| p.phi == v || p.copies.contains(&v)) {
            return Ok(Some((self.resolve(p.address)?.into_pointer_value(), p.array)));
        }
        let Some(r) = model.rotated.iter().find(|r| r.phi == v) else { return Ok(None) };
        let p = self.region.synthesizable(r.address, &self.stmt.loops).ok_or("rotated load without a rebuildable address")?;
        let counter = Sym::Counter(r.loop_);
        let earlier = Polynomial::sym(counter).add(&Polynomial::constant(-(r.back as i128))).map_err(|e| e.to_string())?;
        let p = p.substitute(counter, &earlier).map_err(|e| e.to_string())?;
        Ok(Some((self.expand(r.address, &p)?.into_pointer_value(), r.array)))
    }

    /// The value an operand has in this instance.
    pub fn resolve(&mut self, v: ValueId) -> Result<BasicValueEnum<'a>, String> {
        if let Some(x) = self.local.get(&v) {
            return Ok(*x);
        }
        if !self.region.defined_inside(v) {
            return Ok(self.ir.basic_value(v));
        }
        let ty: BasicTypeEnum = self.ir.basic_value(v).get_type();
        let x = if let Some((addr, array)) = self.cell_of(v)? {
            // A cell is an array access of the model: it joins the loops'
            // access groups like the copied loads and stores (an outlined
            // OpenMP worker no longer shows the vectorizer that the
            // pointers do not alias).
            let load = ok(self.b.build_load(ty, addr, "cell"));
            if let Some(i) = load.as_instruction_value() {
                self.record(i, Some(array));
            }
            load
        } else if let Some(r) = self.region.model.remat.get(&v) {
            self.rebuild(v, r.load.as_ref().map(|(a, _)| *a))?
        } else if let Some(p) = self.region.synthesizable(v, &self.stmt.loops) {
            self.expand(v, &p)?
        } else if let Some(slot) = self.region.slots.get(&v) {
            ok(self.b.build_load(ty, *slot, "scalar"))
        } else {
            return Err(format!("value '{}' of another statement has no scalar slot", self.region.view.value(v).name));
        };
        self.local.insert(v, x);
        Ok(x)
    }

    /// Takes `value` as this instance's value of `v` (a copy made by the
    /// caller).
    pub fn define(&mut self, v: ValueId, value: BasicValueEnum<'a>) {
        self.local.insert(v, value);
    }

    /// A clone of instruction `v` at the builder, its operands resolved
    /// for this instance.
    pub fn clone_here(&mut self, v: ValueId) -> Result<InstructionValue<'a>, String> {
        let orig = self.ir.instruction(v).ok_or("not an instruction")?;
        // Resolve every operand first: a clone left half-built would keep
        // uses of values outside any block.
        let mut new_operands = Vec::new();
        for i in 0..orig.get_num_operands() {
            let Some(operand) = orig.get_operand(i).and_then(|o| o.value()) else { continue };
            let Some(id) = self.ir.id_of(&operand) else { continue };
            let new = self.resolve(id)?;
            if new != operand {
                new_operands.push((i, new));
            }
        }
        let copy = orig.explicit_clone();
        for (i, new) in new_operands {
            copy.set_operand(i, new);
        }
        self.b.insert_instruction(&copy, None);
        Ok(copy)
    }

    /// A value hoisted out of this statement's loops, computed again here
    /// (`scop::remat`): a clone of its instruction, its operands resolved
    /// for this instance; `array` for a load.
    fn rebuild(&mut self, v: ValueId, array: Option<ArrayId>) -> Result<BasicValueEnum<'a>, String> {
        let copy = self.clone_here(v)?;
        if copy.get_opcode() == InstructionOpcode::Load {
            self.record(copy, array);
        }
        BasicValueEnum::try_from(copy.as_any_value_enum()).map_err(|_| "a rebuilt value without a value".to_string())
    }

    /// Emits the statement's instructions, then its scalar writes.
    pub fn emit(&mut self) -> Result<(), String> {
        let block = self.region.view.block(self.stmt.block);
        // Promoted scalars and rotated loads are read before anything in
        // the block can store to their cell (the original read them on
        // entry to the block; an in-place stencil's body stores to the
        // cell it rotates).
        let view = self.region.view;
        let model = self.region.model;
        let here: Vec<ValueId> = model
            .promoted
            .iter()
            .flat_map(|p| std::iter::once(p.phi).chain(p.copies.iter().copied()))
            .chain(model.rotated.iter().map(|r| r.phi))
            .filter(|v| matches!(view.value(*v).kind, ValueKind::Instruction(b) if b == self.stmt.block))
            .collect();
        for v in here {
            self.resolve(v)?;
        }
        for instr in &block.instrs {
            if matches!(instr.op, Op::Phi { .. }) || self.region.synthesizable(instr.value, &self.stmt.loops).is_some() {
                continue; // read or rebuilt on use
            }
            if self.region.model.promoted.iter().any(|p| p.store_back == Some(instr.value)) {
                continue; // the cell already holds the value
            }
            let copy = self.clone_here(instr.value)?;
            if matches!(copy.get_opcode(), InstructionOpcode::Load | InstructionOpcode::Store) {
                let array = self.stmt.accesses.iter().find(|a| a.instr == Some(instr.value)).and_then(|a| match a.target {
                    Target::Array(x) => Some(x),
                    Target::Scalar(_) => None,
                });
                self.record(copy, array);
            }
            if let Ok(v) = BasicValueEnum::try_from(copy.as_any_value_enum()) {
                self.local.insert(instr.value, v);
            }
        }
        self.scalar_writes()
    }

    fn scalar_writes(&mut self) -> Result<(), String> {
        let view = self.region.view;
        // The update of a promoted scalar goes to its cell; so does its
        // initial value when it was only in a register.
        for p in &self.region.model.promoted {
            if let Some((_, init)) = p.init_store.filter(|(b, _)| *b == self.stmt.block) {
                let value = self.resolve(init)?;
                let addr = self.resolve(p.address)?.into_pointer_value();
                let store = ok(self.b.build_store(addr, value));
                self.record(store, Some(p.array));
            }
            let in_body = matches!(view.value(p.phi).kind, ValueKind::Instruction(b) if b == self.stmt.block);
            if in_body {
                let value = self.resolve(p.update)?;
                let addr = self.resolve(p.address)?.into_pointer_value();
                let store = ok(self.b.build_store(addr, value));
                self.record(store, Some(p.array));
            }
        }
        // Every value first, then every store: the PHIs this block feeds
        // are assigned at once, as on the CFG edge. Storing one before
        // reading the next would let a PHI that receives another PHI of the
        // loop (`x' = y` next to `y' = ...`) see the next iteration's value.
        let mut stores = Vec::new();
        for a in &self.stmt.accesses {
            let (AccessKind::Write, Target::Scalar(v)) = (a.kind, &a.target) else { continue };
            let slot = *self.region.slots.get(v).ok_or("scalar without a slot")?;
            let value = match view.def(*v).map(|d| &d.op) {
                // A PHI written here: the value it receives from this block.
                Some(Op::Phi { incoming }) => match incoming.iter().find(|(from, _)| *from == self.stmt.block) {
                    Some((_, inval)) => self.resolve(*inval)?,
                    None => continue, // a PHI of this block read after the region
                },
                _ => self.resolve(*v)?,
            };
            stores.push((slot, value));
        }
        for (slot, value) in stores {
            ok(self.b.build_store(slot, value));
        }
        Ok(())
    }
}
