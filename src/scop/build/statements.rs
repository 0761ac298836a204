//! Statements (one per block with memory accesses), their arrays and
//! scalar accesses, and the original 2d+1 schedule with pseudo-loops.

use super::*;

pub(super) struct StatementBuilder<'a, 'v> {
    pub(super) view: &'v FunctionView,
    pub(super) env: &'a mut Env<'v>,
    pub(super) arrays: ArrayTable,
    pub(super) statements: Vec<Statement>,
}

/// Array accesses gathered before delinearization: per base pointer, the
/// element offsets of all accesses, and where each one goes.
#[derive(Default)]
pub(super) struct ArrayTable {
    pub(super) bases: Vec<ValueId>,
    pub(super) elem: Vec<Type>,
    pub(super) offsets: Vec<Vec<Polynomial>>,
    /// (array, offset index) -> (statement, access index)
    pub(super) uses: Vec<Vec<(usize, usize)>>,
}

impl ArrayTable {
    pub(super) fn add(&mut self, base: ValueId, ty: Type, offset: Polynomial, stmt: usize, access: usize) -> Result<ArrayId, Reason> {
        let a = match self.bases.iter().position(|&b| b == base) {
            Some(a) => a,
            None => {
                self.bases.push(base);
                self.elem.push(ty);
                self.offsets.push(vec![]);
                self.uses.push(vec![]);
                self.bases.len() - 1
            }
        };
        if self.elem[a].store_bytes() != ty.store_bytes() {
            return Err(Reason::UnsupportedAddress("one array accessed with elements of different sizes".into()));
        }
        self.offsets[a].push(offset);
        self.uses[a].push((stmt, access));
        Ok(ArrayId(a as u32))
    }

    /// Delinearizes every array, fills in the accesses' subscripts and
    /// records the subscript bounds delinearization relies on.
    pub(super) fn finish(
        self,
        view: &FunctionView,
        fallbacks: &BTreeSet<Fallback>,
        stmts: &mut [Statement],
        domains: &[Dnf],
        obligations: &mut Vec<Obligation>,
    ) -> Result<Vec<Array>, Reason> {
        let mut arrays = Vec::new();
        let hints = strides_of(&self.offsets.concat(), &is_value_param);
        for (a, base) in self.bases.iter().enumerate() {
            // Without padded rows, the other split of each access (tried
            // with them first) is not tried again.
            let unpadded = fallbacks.contains(&Fallback::Unpadded(a));
            let d = delinearize_with(&self.offsets[a], &is_value_param, &hints, !unpadded)?;
            for (k, &(s, acc)) in self.uses[a].iter().enumerate() {
                let (subs, bounds) = match &d.shifted[k] {
                    Some((subs, bounds)) if !unpadded && fallbacks.contains(&Fallback::Split(s, acc)) => (subs, bounds),
                    _ => (&d.subscripts[k], &d.bounds[k]),
                };
                stmts[s].accesses[acc].subscripts = subs.clone();
                for c in bounds {
                    let what = "subscript within its dimension";
                    let split = Some(Fallback::Split(s, acc)).filter(|f| d.shifted[k].is_some() && !fallbacks.contains(f));
                    let fallback = split.or(d.padded.then_some(Fallback::Unpadded(a)));
                    obligations.push(Obligation { domain: domains[s].clone(), fact: Fact::Affine(c.clone()), what, fallback });
                }
            }
            let info = view.value(*base);
            let noalias = matches!(info.kind, ValueKind::Argument { noalias: true, .. });
            arrays.push(Array {
                base: *base,
                name: info.name.clone(),
                elem: self.elem[a],
                elem_bytes: self.elem[a].store_bytes().expect("checked"),
                inner_sizes: d.inner_sizes,
                noalias,
            });
        }
        Ok(arrays)
    }
}

impl StatementBuilder<'_, '_> {
    /// One statement per block of the region, with its array accesses.
    pub(super) fn collect(&mut self, order: &[BlockId], domains: &HashMap<BlockId, Dnf>, obligations: &mut Vec<Obligation>) -> Result<(), Reason> {
        for &b in order {
            let domain = domains.get(&b).cloned().unwrap_or_default();
            let mut loops = Vec::new();
            let mut cur = self.view.block(b).loop_;
            while let Some(l) = cur.filter(|l| self.env.loops.contains(l)) {
                loops.push(Counter::Loop(l));
                cur = self.view.loop_(l).parent;
            }
            loops.reverse();
            let idx = self.statements.len();
            let mut accesses = Vec::new();
            let mut loc = None;
            for i in &self.view.block(b).instrs {
                let (kind, addr, ty) = match &i.op {
                    Op::Load { addr, ty, .. } => (AccessKind::Read, *addr, *ty),
                    Op::Store { addr, ty, .. } => (AccessKind::Write, *addr, *ty),
                    _ => continue,
                };
                loc = loc.or_else(|| i.loc.clone());
                let mut found = Found::default();
                let split = self.split_address(addr, ty, b, &mut found);
                let ranges = self.env.keep(found);
                let (base, offset) = split?;
                self.env.take_ranges(ranges, &domain, obligations)?;
                let array = self.arrays.add(base, ty, offset, idx, accesses.len())?;
                accesses.push(Access { kind, target: Target::Array(array), subscripts: vec![], instr: Some(i.value) });
            }
            self.statements.push(Statement {
                name: String::new(),
                block: b,
                loops,
                domain,
                schedule: vec![],
                accesses,
                reduction: None,
                float_arith: self.view.block(b).instrs.iter().any(|i| is_float_arith(&i.op)),
                loc,
            });
        }
        Ok(())
    }

    /// An address as base pointer + element offset polynomial.
    /// What the conversion needs goes into `found`.
    pub(super) fn split_address(&self, addr: ValueId, ty: Type, block: BlockId, found: &mut Found) -> Result<(ValueId, Polynomial), Reason> {
        let scev = self.view.scev(addr).ok_or_else(|| Reason::UnsupportedAddress("address not analyzable".into()))?;
        // Narrow pointers (address spaces with 32-bit pointers): the
        // address wraps at their width, which an alias check's exact
        // address ranges would miss.
        if scev.has_bare_trunc() {
            return Err(Reason::UnsupportedAddress("truncation".into()));
        }
        let poly = Polynomial::from_scev(scev, &*self.env, found)?;
        // An address after a loop that still names its counter means the
        // counter's last value.
        let poly = self.env.at_loop_exits(poly, block, found).ok_or_else(|| Reason::NonAffineSubscript("value of a loop's last iteration".into()))?;
        let bases: Vec<(ValueId, i128)> = poly
            .terms
            .iter()
            .filter_map(|(m, &c)| match m.as_slice() {
                [Sym::Param(v)] if self.view.value(*v).ty == Type::Ptr => Some((*v, c)),
                _ => None,
            })
            .collect();
        let (base, coeff) = match bases.as_slice() {
            [one] => *one,
            _ => return Err(Reason::UnsupportedAddress("address without a single base pointer".into())),
        };
        if coeff != 1 || poly.terms.keys().any(|m| m.len() > 1 && m.iter().any(|s| matches!(s, Sym::Param(v) if self.view.value(*v).ty == Type::Ptr))) {
            return Err(Reason::UnsupportedAddress("pointer arithmetic on the base pointer".into()));
        }
        let mut offset = poly;
        offset.terms.remove(&vec![Sym::Param(base)]);
        let bytes = ty.store_bytes().expect("checked") as i128;
        let elems = offset.div_exact(bytes).ok_or_else(|| Reason::UnsupportedAddress("access not aligned to its element size".into()))?;
        Ok((base, elems))
    }

    /// A header PHI of a loop is stored to by the loop's latch: its slot
    /// holds the next iteration's value, so a read after the loop (`x`
    /// below a loop whose last iteration began with `x`) would see the
    /// wrong one. Such regions are left alone.
    pub(super) fn check_not_carried_out(&self, v: ValueId, def: BlockId, used: BlockId) -> Result<(), Reason> {
        let is_phi = matches!(self.view.def(v).map(|i| &i.op), Some(Op::Phi { .. }));
        let carried = self.env.loops.iter().map(|&l| self.view.loop_(l)).find(|l| l.header == def);
        match carried {
            Some(l) if is_phi && !l.blocks.contains(&used) => {
                Err(Reason::UnsupportedInstruction(format!("the loop-carried value '{}' is used after its loop", self.view.value(v).name)))
            }
            _ => Ok(()),
        }
    }

    /// Adds scalar reads and writes for SSA values crossing statements and
    /// PHI nodes; returns the values live after the region.
    pub(super) fn scalar_accesses(&mut self, order: &[BlockId]) -> Result<Vec<ValueId>, Reason> {
        let stmt_of: HashMap<BlockId, usize> = self.statements.iter().enumerate().map(|(i, s)| (s.block, i)).collect();
        let mut reads: BTreeSet<(usize, ValueId)> = BTreeSet::new();
        let mut writes: BTreeSet<(usize, ValueId)> = BTreeSet::new();
        let mut live_out = BTreeSet::new();
        let defined_in = |v: ValueId| match self.view.value(v).kind {
            ValueKind::Instruction(b) if self.env.blocks.contains(&b) => Some(b),
            _ => None,
        };
        // Uses inside the region.
        for &b in order {
            for i in &self.view.block(b).instrs {
                if let Op::Phi { incoming } = &i.op {
                    if self.env.synthesizable_at(i.value, Some(b)) {
                        continue;
                    }
                    reads.insert((stmt_of[&b], i.value));
                    for (from, v) in incoming {
                        if let Some(&s) = stmt_of.get(from) {
                            writes.insert((s, i.value));
                            if let Some(db) = defined_in(*v) {
                                if db != *from && !self.env.synthesizable_at(*v, Some(*from)) {
                                    writes.insert((stmt_of[&db], *v));
                                    reads.insert((s, *v));
                                }
                            }
                        }
                    }
                    continue;
                }
                for &v in &i.operands {
                    if let Some(db) = defined_in(v) {
                        if db != b && !self.env.synthesizable_at(v, Some(b)) {
                            self.check_not_carried_out(v, db, b)?;
                            writes.insert((stmt_of[&db], v));
                            reads.insert((stmt_of[&b], v));
                        }
                    }
                }
            }
        }
        // Uses after the region.
        for (bi, block) in self.view.blocks.iter().enumerate() {
            if self.env.blocks.contains(&BlockId(bi as u32)) {
                continue;
            }
            let mut used: Vec<ValueId> = block.instrs.iter().flat_map(|i| i.operands.iter().copied()).collect();
            if let Terminator::CondBr { cond, .. } = &block.term {
                used.push(*cond);
            }
            for v in used {
                if let Some(db) = defined_in(v) {
                    if !self.env.synthesizable_at(v, None) {
                        live_out.insert(v);
                        writes.insert((stmt_of[&db], v));
                    }
                }
            }
        }
        for (s, v) in writes {
            self.statements[s].accesses.push(Access { kind: AccessKind::Write, target: Target::Scalar(v), subscripts: vec![], instr: None });
        }
        for (s, v) in reads {
            self.statements[s].accesses.push(Access { kind: AccessKind::Read, target: Target::Scalar(v), subscripts: vec![], instr: None });
        }
        Ok(live_out.into_iter().collect())
    }
}

/// The original 2d+1 schedule: textual positions interleaved with counters.
/// Every statement inside a pseudo-loop's loop gets it as a dimension
/// right after that loop (its domain, the pseudo-loop's range; its
/// schedule, the pseudo-loop's counter), whether it uses the parity or
/// not: all statements of a loop share its dimensions.
pub(super) fn add_pseudo_loops(pseudo: &[PseudoLoop], stmts: &mut [Statement]) {
    for q in pseudo {
        for s in stmts.iter_mut() {
            let Some(at) = s.loops.iter().position(|&l| l == Counter::Loop(q.inside)) else { continue };
            s.loops.insert(at + 1, q.id);
            for conj in s.domain.iter_mut() {
                for c in q.constraints() {
                    if !conj.contains(&c) {
                        conj.push(c);
                    }
                }
            }
            if let Some(k) = s.schedule.iter().position(|d| *d == SchedDim::Loop(Counter::Loop(q.inside))) {
                s.schedule.splice(k + 1..k + 1, [SchedDim::Pos(0), SchedDim::Loop(q.id)]);
            }
        }
    }
}

pub(super) fn assign_schedules(view: &FunctionView, root: LoopId, order: &[BlockId], stmts: &mut [Statement]) {
    // Children (blocks and sub-loops) of each loop in topological order.
    #[derive(Clone, Copy, PartialEq)]
    enum Item {
        Block(BlockId),
        Loop(LoopId),
    }
    let mut children: HashMap<LoopId, Vec<Item>> = HashMap::default();
    let in_region = |l: LoopId| view.loop_contains(root, l);
    for &b in order {
        let mut item = Item::Block(b);
        let mut cur = view.block(b).loop_;
        while let Some(l) = cur.filter(|l| in_region(*l)) {
            let list = children.entry(l).or_default();
            if !list.contains(&item) {
                list.push(item);
            }
            item = Item::Loop(l);
            cur = view.loop_(l).parent;
        }
    }
    for s in stmts.iter_mut() {
        let mut sched = vec![SchedDim::Pos(0)];
        let mut item = Item::Block(s.block);
        let mut path = Vec::new();
        // Pseudo-loops come later (add_pseudo_loops).
        for l in s.loops.iter().rev().filter_map(|l| l.ir_loop()) {
            let pos = children[&l].iter().position(|x| *x == item).unwrap_or(0) as u32;
            path.push((l, pos));
            item = Item::Loop(l);
        }
        for (l, pos) in path.into_iter().rev() {
            sched.push(SchedDim::Loop(Counter::Loop(l)));
            sched.push(SchedDim::Pos(pos));
        }
        s.schedule = sched;
    }
}
