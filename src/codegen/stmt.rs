//! Copying a statement's instructions for one instance.
//!
//! Every operand is resolved for the instance: values of the same block map
//! to their copies; values computable from loop counters and parameters
//! (induction variables, address arithmetic: "synthesizable") are rebuilt
//! from their scalar evolution with the instance's counters; other values of
//! the region travel through their scalar's stack slot; values defined
//! before the region are used as they are.

use crate::bridge::rewrite::{byte_offset, Ir};
use crate::ir::{FunctionView, Type, ValueId};
use crate::scop::affine::Sym;
use crate::scop::body::{Address, BodyPlan, Effect, Source};
use crate::scop::model::{ArrayId, Model, Statement};
use crate::scop::poly_scop::StmtId;
use crate::scop::polynomial::Polynomial;
use super::cells::Cell;
use super::ok;
use inkwell::builder::Builder;
use inkwell::values::{AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue, PointerValue};
use inkwell::types::BasicTypeEnum;
use crate::stable::{HashMap, HashSet};

/// What every statement copy needs of the region.
pub struct RegionInfo<'m, 'a> {
    pub view: &'m FunctionView,
    pub model: &'m Model,
    /// What each statement does and where its operands come from.
    pub plan: BodyPlan,
    /// Stack slot of every scalar (SSA value or PHI crossing statements).
    pub slots: HashMap<ValueId, PointerValue<'a>>,
    /// i64 values of the model's parameters, by symbol.
    pub params: HashMap<Sym, IntValue<'a>>,
    /// In a loop whose threads work on copies of some arrays
    /// (`For::private`): the pointer each of those arrays' base pointer
    /// stands for in the iteration being emitted (its thread's copy, or
    /// the array itself in the last iteration).
    pub bases: HashMap<ValueId, PointerValue<'a>>,
}

impl RegionInfo<'_, '_> {
    pub fn defined_inside(&self, v: ValueId) -> bool {
        self.plan.defined_inside(self.view, v)
    }
}

/// One statement instance being emitted.
pub struct StmtCopy<'r, 'a, 'b> {
    pub ir: &'b Ir<'a>,
    pub b: &'b Builder<'a>,
    pub region: &'r RegionInfo<'r, 'a>,
    /// The statement.
    pub index: StmtId,
    pub stmt: &'r Statement,
    /// The instance's counters, one per `stmt.loops`.
    pub iter: Vec<IntValue<'a>>,
    local: HashMap<ValueId, BasicValueEnum<'a>>,
    /// Loads and stores of the copy (for access groups).
    pub memory: Vec<InstructionValue<'a>>,
    /// The array each of those that access one touches (for alias scopes).
    pub arrays: Vec<(InstructionValue<'a>, ArrayId)>,
    /// The pointers of this copy computed from a redirected base pointer
    /// ([`RegionInfo::bases`]): every access of a redirected array must
    /// use one, and none may be used as anything but an address.
    redirected: HashSet<PointerValue<'a>>,
    /// The cells this copy keeps in registers over the loop being emitted
    /// (`codegen::cells`): their loads and stores use the cell's slot.
    pub cells: Vec<Cell<'a>>,
}

impl<'r, 'a, 'b> StmtCopy<'r, 'a, 'b> {
    pub fn new(ir: &'b Ir<'a>, b: &'b Builder<'a>, region: &'r RegionInfo<'r, 'a>, index: StmtId, iter: Vec<IntValue<'a>>) -> Self {
        let stmt = region.model.stmt(index);
        let redirected = region.bases.values().copied().collect();
        StmtCopy { ir, b, region, index, stmt, iter, local: HashMap::default(), memory: vec![], arrays: vec![], redirected, cells: vec![] }
    }

    /// The cell kept in a register that an access of `array` through
    /// `address` (an operand of the original IR) touches, if any.
    fn cell(&self, address: ValueId, array: Option<ArrayId>) -> Option<Cell<'a>> {
        self.cells.iter().find(|c| Some(c.array) == array && c.address == address).copied()
    }

    /// A read of `cell`'s value as type `ty`, from its slot.
    fn read_cell(&self, cell: Cell<'a>, ty: BasicTypeEnum<'a>) -> Result<BasicValueEnum<'a>, String> {
        if ty != cell.ty {
            return Err("a cell kept in a register read as another type".into());
        }
        Ok(ok(self.b.build_load(ty, cell.slot, "cell")))
    }

    /// Emits load or store `v` of `array` on its cell's slot when it
    /// accesses a cell kept in a register (a load's value is then the
    /// slot's); false: the access goes to memory as it is.
    fn cell_access(&mut self, v: ValueId, array: Option<ArrayId>) -> Result<bool, String> {
        let Some(i) = self.ir.instruction(v) else { return Ok(false) };
        match i.get_opcode() {
            InstructionOpcode::Load => {
                let Some(cell) = self.ir.operand_id(v, 0).and_then(|a| self.cell(a, array)) else { return Ok(false) };
                let value = self.read_cell(cell, self.ir.basic_value(v).get_type())?;
                self.local.insert(v, value);
                Ok(true)
            }
            InstructionOpcode::Store => {
                let Some(cell) = self.ir.operand_id(v, 1).and_then(|a| self.cell(a, array)) else { return Ok(false) };
                let stored = self.ir.operand_id(v, 0).ok_or("a store without a value")?;
                let value = self.resolve(stored)?;
                self.write_cell(cell, value)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// A write of `value` to `cell`'s slot.
    fn write_cell(&self, cell: Cell<'a>, value: BasicValueEnum<'a>) -> Result<(), String> {
        if value.get_type() != cell.ty {
            return Err("a cell kept in a register written as another type".into());
        }
        ok(self.b.build_store(cell.slot, value));
        Ok(())
    }

    /// Records a load or store of the copy, with the array it accesses;
    /// fails when the array is redirected and the address is not.
    fn record(&mut self, i: InstructionValue<'a>, array: Option<ArrayId>) -> Result<(), String> {
        self.memory.push(i);
        if let Some(a) = array {
            let arr = self.region.model.array(a);
            if self.region.bases.contains_key(&arr.base) {
                let addr = match i.get_opcode() {
                    InstructionOpcode::Store => i.get_operand(1),
                    _ => i.get_operand(0),
                };
                let addr = addr.and_then(|o| o.value()).filter(|v| v.is_pointer_value()).map(|v| v.into_pointer_value());
                if !addr.is_some_and(|p| self.redirected.contains(&p)) {
                    return Err(format!("an access to '{}' whose address is not computed from its base pointer in the nest (its threads' copies would be missed)", arr.name));
                }
            }
            self.arrays.push((i, a));
        }
        Ok(())
    }

    /// Fails when `v` points into a redirected array: stored, compared or
    /// passed on, it would tell a thread's copy from the array.
    fn not_redirected(&self, v: BasicValueEnum<'a>) -> Result<(), String> {
        if v.is_pointer_value() && self.redirected.contains(&v.into_pointer_value()) {
            return Err("a pointer into an array with per-thread copies used as a value".into());
        }
        Ok(())
    }

    fn i64(&self, v: i64) -> IntValue<'a> {
        self.ir.context.i64_type().const_int(v as u64, true)
    }

    fn sym_value(&self, s: Sym) -> Result<IntValue<'a>, String> {
        match s {
            Sym::Counter(l) => match self.stmt.loops.iter().position(|x| *x == l) {
                Some(k) => Ok(self.iter[k]),
                None => self.region.params.get(&s).copied().ok_or_else(|| format!("counter of loop {l:?} not available")),
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
            Sym::Atom(_) => Err("a min/max placeholder left in a polynomial".into()),
        }
    }

    /// Rebuilds a synthesizable value from its polynomial.
    fn expand(&mut self, v: ValueId, p: &Polynomial) -> Result<BasicValueEnum<'a>, String> {
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
            (Type::Ptr, Some(Sym::Param(bv))) => Ok(match self.region.bases.get(&bv) {
                Some(&base) => {
                    let p = byte_offset(self.b, &self.ir.context, base, acc, "addr");
                    self.redirected.insert(p);
                    p.as_basic_value_enum()
                }
                None => byte_offset(self.b, &self.ir.context, self.ir.basic_value(bv).into_pointer_value(), acc, "addr").as_basic_value_enum(),
            }),
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

    /// The address of a cell in this instance.
    fn address(&mut self, a: &Address) -> Result<PointerValue<'a>, String> {
        Ok(match a {
            Address::Operand(v) => self.resolve(*v)?.into_pointer_value(),
            Address::Rebuilt { value, poly } => self.expand(*value, poly)?.into_pointer_value(),
        })
    }

    /// The value an operand has in this instance.
    pub fn resolve(&mut self, v: ValueId) -> Result<BasicValueEnum<'a>, String> {
        if let Some(x) = self.local.get(&v) {
            return Ok(*x);
        }
        let region = self.region;
        let x = match region.plan.source(region.model, region.view, self.stmt, v)? {
            Source::Outside => match self.region.bases.get(&v) {
                Some(&base) => return Ok(base.as_basic_value_enum()),
                None => match self.hoisted_address(v) {
                    Some(p) => p.as_basic_value_enum(),
                    None => return Ok(self.ir.basic_value(v)),
                },
            },
            Source::Cell { address, array } if self.cells.iter().any(|c| c.array == array) => {
                // A value read back from a cell kept in a register: it is
                // the cell's (the plan reads no other cell of its array so).
                let (at, same) = match &address {
                    Address::Operand(a) => (*a, true),
                    Address::Rebuilt { value, poly } => (*value, matches!(region.plan.source(region.model, region.view, self.stmt, *value)?, Source::Rebuild(p) if p == *poly)),
                };
                match self.cell(at, Some(array)).filter(|_| same) {
                    Some(cell) => self.read_cell(cell, self.ir.basic_value(v).get_type())?,
                    None => return Err("a value read back from a cell of an array whose cell is kept in a register, not that cell".into()),
                }
            }
            Source::Cell { address, array } => {
                // A cell is an array access of the model: it joins the
                // loops' access groups like the copied loads and stores (an
                // outlined OpenMP worker no longer shows the vectorizer that
                // the pointers do not alias).
                let ty: BasicTypeEnum = self.ir.basic_value(v).get_type();
                let addr = self.address(&address)?;
                let load = ok(self.b.build_load(ty, addr, "cell"));
                if let Some(i) = load.as_instruction_value() {
                    self.record(i, Some(array))?;
                }
                load
            }
            Source::Recompute { array } => self.rebuild(v, array)?,
            Source::Rebuild(p) => self.expand(v, &p)?,
            Source::Slot => match region.slots.get(&v) {
                Some(slot) => ok(self.b.build_load(self.ir.basic_value(v).get_type(), *slot, "scalar")),
                None => return Err(format!("value '{}' of another statement has no scalar slot", region.view.value(v).name)),
            },
        };
        self.local.insert(v, x);
        Ok(x)
    }

    /// For an address computed before the nest into an array with
    /// per-thread copies (LICM hoists the address of a constant cell,
    /// `&tmp[n - 1]`): the same byte offset into the copy this instance
    /// uses. Detection admits such an array only when its address reaches
    /// nothing but address arithmetic and accesses, so the offset is one
    /// within the array.
    fn hoisted_address(&mut self, v: ValueId) -> Option<PointerValue<'a>> {
        let object = crate::ir::underlying_object(self.region.view, v);
        let &copy = self.region.bases.get(&object)?;
        let ctx = &self.ir.context;
        let i64t = ctx.i64_type();
        let at = ok(self.b.build_ptr_to_int(self.ir.basic_value(v).into_pointer_value(), i64t, "at"));
        let start = ok(self.b.build_ptr_to_int(self.ir.basic_value(object).into_pointer_value(), i64t, "start"));
        let offset = ok(self.b.build_int_sub(at, start, "offset"));
        let p = byte_offset(self.b, ctx, copy, offset, "addr");
        self.redirected.insert(p);
        Some(p)
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
        // A pointer into a redirected array may only be an address, or
        // the base of address arithmetic (whose result is one too).
        let opcode = orig.get_opcode();
        let mut derived = false;
        for &(i, new) in &new_operands {
            let address = match opcode {
                InstructionOpcode::Load | InstructionOpcode::GetElementPtr | InstructionOpcode::BitCast => i == 0,
                InstructionOpcode::Store => i == 1,
                _ => false,
            };
            if address {
                derived |= new.is_pointer_value() && self.redirected.contains(&new.into_pointer_value()) && opcode != InstructionOpcode::Load && opcode != InstructionOpcode::Store;
            } else {
                self.not_redirected(new)?;
            }
        }
        let copy = orig.explicit_clone();
        for (i, new) in new_operands {
            copy.set_operand(i, new);
        }
        self.b.insert_instruction(&copy, None);
        if derived {
            if let Ok(BasicValueEnum::PointerValue(p)) = BasicValueEnum::try_from(copy.as_any_value_enum()) {
                self.redirected.insert(p);
            }
        }
        Ok(copy)
    }

    /// A value hoisted out of this statement's loops, computed again here
    /// (`scop::remat`): a clone of its instruction, its operands resolved
    /// for this instance; `array` for a load.
    fn rebuild(&mut self, v: ValueId, array: Option<ArrayId>) -> Result<BasicValueEnum<'a>, String> {
        if self.cell_access(v, array)? {
            return self.local.get(&v).copied().ok_or_else(|| "a rebuilt store".to_string());
        }
        let copy = self.clone_here(v)?;
        if copy.get_opcode() == InstructionOpcode::Load {
            self.record(copy, array)?;
        }
        BasicValueEnum::try_from(copy.as_any_value_enum()).map_err(|_| "a rebuilt value without a value".to_string())
    }

    /// Emits the statement's planned effects.
    pub fn emit(&mut self) -> Result<(), String> {
        let region = self.region;
        for effect in region.plan.effects(self.index) {
            match effect {
                Effect::Read(v) => {
                    self.resolve(*v)?;
                }
                Effect::Copy { value, array } => {
                    if self.cell_access(*value, *array)? {
                        continue;
                    }
                    let copy = self.clone_here(*value)?;
                    if matches!(copy.get_opcode(), InstructionOpcode::Load | InstructionOpcode::Store) {
                        self.record(copy, *array)?;
                    }
                    if let Ok(v) = BasicValueEnum::try_from(copy.as_any_value_enum()) {
                        self.local.insert(*value, v);
                    }
                }
                Effect::StoreCell { value, address, array } => {
                    let value = self.resolve(*value)?;
                    self.not_redirected(value)?;
                    if let Some(cell) = self.cell(*address, Some(*array)) {
                        self.write_cell(cell, value)?;
                        continue;
                    }
                    let addr = self.resolve(*address)?.into_pointer_value();
                    let store = ok(self.b.build_store(addr, value));
                    self.record(store, Some(*array))?;
                }
                Effect::WriteScalars(writes) => {
                    let mut stores = Vec::new();
                    for (scalar, value) in writes {
                        let slot = *region.slots.get(scalar).ok_or("scalar without a slot")?;
                        let v = self.resolve(*value)?;
                        self.not_redirected(v)?;
                        stores.push((slot, v));
                    }
                    for (slot, value) in stores {
                        ok(self.b.build_store(slot, value));
                    }
                }
            }
        }
        Ok(())
    }
}
