//! Symbol resolution: what an IR value, a loop's recurrence, a remainder or
//! a parity is as a symbol of the region's polynomials (`SymEnv`). It only
//! reads the `Env`; the parameters, enclosing loops, pseudo-loops and
//! ranges it needs go into the caller's `Found`.

use super::*;

impl SymEnv for Env<'_> {
    fn unknown(&self, v: ValueId, found: &mut Found) -> Result<Sym, Reason> {
        let info = self.view.value(v);
        let inside = matches!(info.kind, ValueKind::Instruction(b) if self.blocks.contains(&b));
        // A value computed in a loop that does not enclose the region is
        // available after that loop only through its LCSSA copy: used
        // directly, it would not dominate the region once that loop is
        // itself rewritten (SCEV looks through LCSSA PHIs).
        let in_other_loop = match info.kind {
            ValueKind::Instruction(b) => self.view.block(b).loop_.is_some_and(|l| !self.view.loop_contains(l, self.root)),
            _ => false,
        };
        match info.kind {
            _ if inside && matches!(self.view.def(v).map(|i| &i.op), Some(Op::Load { .. })) => {
                Err(Reason::DataDependent(format!("'{}' is loaded from memory inside the loop", info.name)))
            }
            _ if inside => Err(match self.inside_origin(v) {
                Origin::Loaded => Reason::DataDependent(format!("'{}' is computed inside the loop from a value loaded there", info.name)),
                Origin::Counters => Reason::NonAffineCounters(format!("'{}' is computed inside the loop from its counters and constants alone", info.name)),
                Origin::Outside => Reason::NonAffineSubscript(format!("'{}' is computed inside the loop", info.name)),
            }),
            _ if in_other_loop => Err(Reason::NonAffineSubscript(format!("'{}' is computed inside another loop", info.name))),
            ValueKind::Argument { .. } | ValueKind::Global | ValueKind::Instruction(_) => {
                found.params.insert(v);
                Ok(Sym::Param(v))
            }
            ValueKind::Constant | ValueKind::Other => {
                Err(Reason::NonAffineSubscript(format!("'{}' is not an integer or pointer parameter", info.name)))
            }
        }
    }

    fn counter(&self, l: LoopId, found: &mut Found) -> Result<Sym, Reason> {
        if self.loops.contains(&l) {
            Ok(Sym::loop_counter(l))
        } else if self.view.loop_contains(l, self.root) {
            found.outer.insert(l);
            Ok(Sym::loop_counter(l))
        } else {
            Err(Reason::NonAffineSubscript("recurrence of a loop outside the region".into()))
        }
    }

    fn origin(&self, l: LoopId) -> Option<Polynomial> {
        self.origins.get(&l).map(|(_, p)| p.clone())
    }

    fn value(&self, v: ValueId) -> Option<Polynomial> {
        self.merged.get(&v).cloned()
    }

    /// A quotient SCEV writes as a division (`w / 2` computed by an `lshr`
    /// before the nest, or its zero extension), or a minimum or maximum
    /// of parameters, is the parameter of an instruction computing it in a
    /// block that dominates the region (its entry chain first), if there
    /// is one.
    fn computed_before(&self, s: &Scev, found: &mut Found) -> Option<Sym> {
        // A quotient computed in 32 bits is used zero-extended: SCEV moves
        // the extension into the dividend (`(zext x) /u 5` for the i64
        // form of `zext (x /u 5)`), the same number.
        let narrow = match s {
            Scev::UDiv(x, by) => match (x.as_ref(), by.as_ref()) {
                (Scev::ZExt(inner, _), Scev::Const(c)) if *c >= 2 => Some(Scev::UDiv(inner.clone(), Box::new(Scev::Const(*c)))),
                _ => None,
            },
            _ => None,
        };
        // Narrower still: -O3 computes `h / 3` in 16 bits when `h` fits
        // (`(trunc h) /u 3`), and SCEV reads its zero extension as
        // `(zext h) /u 3`, with the extension moved inward as far as it
        // goes (`(5000 umin (zext h')) /u 3`): SCEV moves it only over
        // arithmetic it proved does not wrap. The two are the same number
        // when the dividend fits in those bits, which becomes a fact the
        // model must guarantee; the quotient is then below 2^15, the same
        // number however extended.
        let dividend = match s {
            Scev::UDiv(x, by) if matches!(by.as_ref(), Scev::Const(c) if *c >= 2) => Some((strip_zext(x), by.as_ref())),
            _ => None,
        };
        let truncated = |e: &Scev| match (e, &dividend) {
            (Scev::UDiv(x, by), Some((d, c))) if by.as_ref() == *c => match x.as_ref() {
                Scev::Trunc(t, bits) if (8..=32).contains(bits) && strip_zext(t) == *d => Some(*bits),
                _ => None,
            },
            _ => None,
        };
        let scev_of = |i: &crate::ir::Instr| self.view.scev(i.value);
        let v = self.found_before(&|i| scev_of(i).is_some_and(|e| e == s || narrow.as_ref() == Some(e) || truncated(e).is_some()))?;
        if let (Some(bits), Scev::UDiv(x, _)) = (scev_of(v).and_then(truncated), s) {
            let dividend = Polynomial::from_scev(x, self, found).ok()?;
            found.ranges.push((dividend, 0, Some((1i128 << bits) - 1)));
        }
        self.unknown(v.value, found).ok()
    }

    fn remainder(&self, x: &Scev, d: i128, found: &mut Found) -> Option<Sym> {
        // `zext(n) urem d` is `zext(n urem d)`, the same number.
        let narrow = match x {
            Scev::ZExt(inner, _) => Some(inner.as_ref()),
            _ => None,
        };
        let v = self.found_before(&|i| match (&i.op, i.operands.as_slice()) {
            (Op::Binary { opcode: Opcode::URem }, [a, by]) => {
                let dividend = self.view.scev(*a).cloned().unwrap_or(Scev::Unknown(*a));
                self.view.value(*by).int == Some(d) && (dividend == *x || Some(&dividend) == narrow)
            }
            _ => false,
        })?;
        self.unknown(v.value, found).ok()
    }

    fn parity(&self, p: &AffExpr, found: &mut Found) -> Result<Sym, Reason> {
        let na = |what: &str| Reason::NonAffineSubscript(format!("parity {what}"));
        // The innermost loop of the region whose counter `p` uses: the
        // counters a value uses all enclose it, so they are nested.
        let mut inside: Option<LoopId> = None;
        for s in p.coeffs.keys() {
            match *s {
                Sym::Counter(Counter::Pseudo(_)) => return Err(na("of a parity")),
                Sym::Counter(Counter::Loop(l)) if self.loops.contains(&l) => {
                    if inside.is_none_or(|i| self.view.loop_(l).depth > self.view.loop_(i).depth) {
                        inside = Some(l);
                    }
                }
                _ => {}
            }
        }
        let inside = inside.ok_or_else(|| na("of parameters or enclosing counters only"))?;
        // The region's pseudo-loops: those kept, then those found since.
        if let Some(q) = self.pseudo.iter().chain(&found.pseudo).find(|q| q.half_of == *p) {
            return Ok(Sym::Counter(q.id));
        }
        let named = self.pseudo.len() + found.pseudo.len();
        if named >= MAX_PSEUDO_LOOPS {
            return Err(na("of too many sums"));
        }
        let id = Counter::Pseudo(named as u32);
        found.pseudo.push(PseudoLoop { id, half_of: p.clone(), inside });
        Ok(Sym::Counter(id))
    }

    fn atom(&self, s: &Scev) -> Option<Sym> {
        let s = canonical_atom(s);
        self.atoms.iter().position(|a| a == s).map(atom_sym)
    }
}

impl Env<'_> {
    /// An instruction matching `pred` in a block that dominates the region
    /// (its entry chain first), if there is one.
    pub(super) fn found_before(&self, pred: &dyn Fn(&crate::ir::Instr) -> bool) -> Option<&crate::ir::Instr> {
        let header = self.view.loop_(self.root).header;
        let on_chain = self.chain.iter().flat_map(|&b| &self.view.block(b).instrs).find(|i| pred(i));
        // Elsewhere: the blocks holding such an instruction, checked for
        // dominance only then (a walk of the function's graph each).
        on_chain.or_else(|| {
            (0..self.view.blocks.len() as u32)
                .map(BlockId)
                .filter(|b| !self.blocks.contains(b))
                .filter_map(|b| self.view.block(b).instrs.iter().find(|i| pred(i)).map(|i| (b, i)))
                .find(|&(b, _)| cfg::dominates(self.view, b, header))
                .map(|(_, i)| i)
        })
    }
}

/// `s` without its zero extensions.
pub(super) fn strip_zext(s: &Scev) -> Scev {
    match s {
        Scev::ZExt(x, _) => strip_zext(x),
        Scev::Add(ts) => Scev::Add(ts.iter().map(strip_zext).collect()),
        Scev::Mul(ts) => Scev::Mul(ts.iter().map(strip_zext).collect()),
        Scev::SMax(ts) => Scev::SMax(ts.iter().map(strip_zext).collect()),
        Scev::UMax(ts) => Scev::UMax(ts.iter().map(strip_zext).collect()),
        Scev::SMin(ts) => Scev::SMin(ts.iter().map(strip_zext).collect()),
        Scev::UMin(ts) => Scev::UMin(ts.iter().map(strip_zext).collect()),
        Scev::UDiv(a, b) => Scev::UDiv(Box::new(strip_zext(a)), Box::new(strip_zext(b))),
        other => other.clone(),
    }
}

/// For delinearization, only IR values are parameters: counters of loops
/// enclosing the region act as counters, so `A[o*n + j]` gets strides too.
pub(super) fn is_value_param(s: Sym) -> bool {
    matches!(s, Sym::Param(_))
}
