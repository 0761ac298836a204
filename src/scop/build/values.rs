//! Values rebuilt from counters and parameters where they are used:
//! merged PHIs, rebuildable integers and pointers, counters read after
//! their loop, and the range facts their narrow arithmetic needs.

use super::*;

impl Env<'_> {
    /// PHIs outside loop headers whose incoming values are polynomials
    /// that agree on every incoming edge: -O3's partial redundancy
    /// elimination merges `0` on the path where `i == 0` with `i * r`
    /// computed on the other (SCEV sees an opaque PHI). The PHI is the
    /// polynomial of one incoming value when every other one equals it
    /// once the equalities of its edge's domain (`i = 0`) are substituted.
    /// The range facts of that polynomial become obligations on the PHI's
    /// block (the value is copied instead if they fail).
    pub(super) fn merge_phis(&mut self, domains: &HashMap<BlockId, Dnf>, edges: &HashMap<(BlockId, BlockId), Dnf>, fallbacks: &BTreeSet<Fallback>, obligations: &mut Vec<Obligation>) {
        let view = self.view;
        let headers: HashSet<BlockId> = self.loops.iter().map(|&l| view.loop_(l).header).collect();
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().filter(|b| !headers.contains(b)).collect();
        blocks.sort();
        for b in blocks {
            let here = view.block(b).loop_;
            for i in &view.block(b).instrs {
                let Op::Phi { incoming } = &i.op else { continue };
                let opaque = matches!(view.scev(i.value), Some(Scev::Unknown(v)) if *v == i.value);
                if !opaque || fallbacks.contains(&Fallback::Copy(i.value)) || !matches!(view.value(i.value).ty, Type::Int(_) | Type::Ptr) {
                    continue;
                }
                let around = |s: &Sym| match s {
                    Sym::Counter(Counter::Loop(l)) if self.loops.contains(l) => here.is_some_and(|inner| view.loop_contains(*l, inner)),
                    _ => true,
                };
                // The incoming values' polynomials, up to the first that
                // is none, and where each one's ranges are in `found`.
                let mut found = Found::default();
                let mut spans = Vec::new();
                let polys: Option<Vec<Polynomial>> = incoming
                    .iter()
                    .map(|&(_, v)| {
                        let start = found.ranges.len();
                        let p = view.scev(v).and_then(|s| Polynomial::from_scev(s, &*self, &mut found).ok());
                        spans.push(start..found.ranges.len());
                        p
                    })
                    .map(|p| p.filter(|p| p.terms.keys().flatten().all(around)))
                    .collect();
                let mut ranges = self.keep(found);
                let Some(polys) = polys else { continue };
                let agrees = |cand: &Polynomial| {
                    incoming.iter().zip(&polys).all(|(&(pred, _), p)| match (p.scale(-1).and_then(|m| cand.add(&m)), edges.get(&(pred, b))) {
                        (Ok(diff), Some(dom)) => dom.iter().all(|conj| vanishes(&diff, conj)),
                        _ => false,
                    })
                };
                let Some(k) = polys.iter().position(agrees) else { continue };
                // The chosen value's range facts, on this block.
                let chosen: Vec<Range> = ranges.drain(spans[k].clone()).collect();
                let mut facts = Vec::new();
                if self.take_ranges(chosen, domains.get(&b).unwrap_or(&vec![]), &mut facts).is_ok() {
                    obligations.extend(facts.into_iter().map(|o| Obligation { fallback: Some(Fallback::Copy(i.value)), ..o }));
                    self.merged.insert(i.value, polys[k].clone());
                }
            }
        }
    }

    /// Finds the values code generation may recompute: integers and
    /// pointers whose evolution is a polynomial in counters and parameters,
    /// with the range facts of their extensions proved on their block's
    /// domain. A value whose facts cannot be stated, or (`fallbacks`) could
    /// not be proved, is copied instead.
    pub(super) fn find_rebuildable(&mut self, domains: &HashMap<BlockId, Dnf>, fallbacks: &BTreeSet<Fallback>, obligations: &mut Vec<Obligation>) {
        let view = self.view;
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().collect();
        blocks.sort();
        for b in blocks {
            let domain = domains.get(&b).cloned().unwrap_or_default();
            for i in &view.block(b).instrs {
                if !matches!(view.value(i.value).ty, Type::Int(_) | Type::Ptr) || fallbacks.contains(&Fallback::Copy(i.value)) {
                    continue;
                }
                // Polynomials are rebuilt in 64 bits: a wider value (the
                // i65 recurrences -O3 makes for the closed form of a
                // triangular sum) is copied like any other instruction.
                if matches!(view.value(i.value).ty, Type::Int(_)) && int_bits(view.value(i.value).ty) > 64 {
                    continue;
                }
                let Some(s) = view.scev(i.value) else { continue };
                let mut found = Found::default();
                let poly = Polynomial::from_scev(s, &*self, &mut found).ok().map(|p| self.at_loop_exits(p, b, &mut found));
                let ranges = self.keep(found);
                let Some(Some(poly)) = poly else { continue };
                let mut facts = Vec::new();
                if self.take_ranges(ranges, &domain, &mut facts).is_ok() {
                    obligations.extend(facts.into_iter().map(|o| Obligation { fallback: Some(Fallback::Copy(i.value)), ..o }));
                    self.rebuildable.insert(i.value, poly);
                }
            }
        }
    }

    /// A value defined after a loop of the region whose evolution still
    /// mentions the loop's counter (SCEV reads `j` through the LCSSA PHI of
    /// a loop that ended) means the counter at the loop's last iteration:
    /// its back-edge-taken count, when that is one affine piece (and the
    /// loop counts from 0). The range facts recorded for the evolution are
    /// read the same way (`found`'s ranges). `None` when a count is not
    /// such a piece.
    pub(super) fn at_loop_exits(&self, poly: Polynomial, b: BlockId, found: &mut Found) -> Option<Polynomial> {
        let here = self.view.block(b).loop_;
        let ended = |p: &Polynomial| -> Option<LoopId> {
            p.terms.keys().flatten().find_map(|s| match s {
                Sym::Counter(Counter::Loop(l)) if self.loops.contains(l) && !here.is_some_and(|h| self.view.loop_contains(*l, h)) => Some(*l),
                _ => None,
            })
        };
        let mut out = poly;
        // An inner loop's count may mention an outer loop that ended too.
        for _ in 0..8 {
            let Some(l) = ended(&out).or_else(|| found.ranges.iter().find_map(|(p, _, _)| ended(p))) else { return Some(out) };
            if self.origins.contains_key(&l) {
                return None;
            }
            let last = self.last_counter(l, found)?;
            out = out.substitute(Sym::loop_counter(l), &last).ok()?;
            for f in found.ranges.iter_mut() {
                f.0 = f.0.substitute(Sym::loop_counter(l), &last).ok()?;
            }
        }
        None
    }

    /// Loop `l`'s counter at its last iteration: its back-edge-taken count,
    /// when that is one affine piece. The count's range facts were proved
    /// with the loop's domain: they are not recorded again in `found`.
    pub(super) fn last_counter(&self, l: LoopId, found: &mut Found) -> Option<Polynomial> {
        let ranges = std::mem::take(&mut found.ranges);
        let pieces = conditions::bound_pieces(&self.view.loop_(l).backedge_taken, self, found);
        found.ranges = ranges;
        let pieces = pieces.ok()?;
        let [conj] = pieces.as_slice() else { return None };
        let [last] = conj.as_slice() else { return None };
        Some(conditions::affine_to_poly(last))
    }

    /// The value at its loop's last iteration of each recomputable header
    /// PHI of a loop below the root (counted from 0) whose back-edge-taken
    /// count is one affine piece: the PHI with the counter replaced by
    /// that count. A header PHI is set on every iteration, so after the
    /// loop it holds the last iteration's value.
    pub(super) fn find_exit_values(&mut self) {
        let mut out = ExitValues::new();
        let loops: Vec<LoopId> = self.loops.iter().copied().collect();
        for l in loops {
            if l == self.root || self.origins.contains_key(&l) {
                continue;
            }
            let lp = self.view.loop_(l);
            // Only for PHIs read after the loop: a count may make a
            // parameter of its own.
            let phis: Vec<ValueId> = self.view.block(lp.header).instrs.iter().filter(|i| matches!(i.op, Op::Phi { .. })).map(|i| i.value).collect();
            let read_after = |v: &ValueId| {
                self.blocks.iter().filter(|b| !lp.blocks.contains(b)).any(|&b| self.view.block(b).instrs.iter().any(|i| i.operands.contains(v)))
            };
            if !phis.iter().any(read_after) {
                continue;
            }
            let mut found = Found::default();
            let last = self.last_counter(l, &mut found);
            self.keep(found);
            let Some(last) = last else { continue };
            for i in &self.view.block(lp.header).instrs {
                if !matches!(i.op, Op::Phi { .. }) {
                    continue;
                }
                let Some(p) = self.rebuildable.get(&i.value).cloned() else { continue };
                if let Ok(at_end) = p.substitute(Sym::loop_counter(l), &last) {
                    out.insert(i.value, (l, at_end));
                }
            }
        }
        self.exit_values = out;
    }

    /// Turns range facts (a symbol resolution's, kept) into obligations
    /// on `domain`.
    /// A polynomial `n·i + j` is non-negative when its delinearized
    /// subscripts are (`i >= 0` and `0 <= j < n`); other ranges of
    /// polynomials (an upper bound: `n·i + j` computed in 32 bits does not
    /// wrap) cannot be stated affinely: they become [`Fact::Range`].
    pub(super) fn take_ranges(&self, ranges: Vec<Range>, domain: &Dnf, out: &mut Vec<Obligation>) -> Result<(), Reason> {
        let with_ranges;
        let domain = if self.pseudo.is_empty() {
            domain
        } else {
            with_ranges = self.with_pseudo_ranges(domain.clone());
            &with_ranges
        };
        let overflow = || Reason::Overflow("range of a narrow integer".into());
        for (p, lo, hi) in ranges {
            let delinearized = || -> Option<Vec<Constraint>> {
                if lo != 0 || hi.is_some() {
                    return None;
                }
                let d = delinearize(std::slice::from_ref(&p), &is_value_param, &BTreeSet::new()).ok()?;
                let mut f = vec![Constraint::ge0(d.subscripts[0][0].clone())];
                f.extend(d.bounds[0].iter().cloned());
                Some(f)
            };
            let facts = match p.to_affine() {
                Some(e) => {
                    let mut f = vec![Constraint::ge0(e.add_const(-lo).map_err(|_| overflow())?)];
                    if let Some(hi) = hi {
                        f.push(Constraint::ge0(e.scale(-1).and_then(|x| x.add_const(hi)).map_err(|_| overflow())?));
                    }
                    f.into_iter().map(Fact::Affine).collect()
                }
                None => match delinearized() {
                    Some(f) => f.into_iter().map(Fact::Affine).collect(),
                    None => vec![Fact::Range { poly: p, lo, hi }],
                },
            };
            for fact in facts {
                out.push(Obligation { domain: domain.clone(), fact, what: NARROW, fallback: None });
            }
        }
        Ok(())
    }

    /// A value that can be recomputed from counters and parameters where
    /// it is used (induction variables, address arithmetic): not a scalar
    /// dependence. Its evolution may only involve loops enclosing the use
    /// (`None`: a use after the region): a value of an inner loop used
    /// after that loop is its last value, which must travel as a scalar.
    pub(super) fn synthesizable_at(&self, v: ValueId, use_block: Option<BlockId>) -> bool {
        let encloses = |l: Counter| l.ir_loop().zip(use_block.and_then(|b| self.view.block(b).loop_)).is_some_and(|(l, inner)| self.view.loop_contains(l, inner));
        let region_loop = |l: Counter| l.ir_loop().is_some_and(|l| self.loops.contains(&l));
        rebuilt_at(&self.rebuildable, &self.exit_values, &region_loop, v, &encloses).is_some()
    }
}

/// Whether `p` is zero wherever the conjunction holds, as far as its
/// equalities that fix a counter (`i = 0`, `j = i + 1`) show.
pub(super) fn vanishes(p: &Polynomial, conj: &[Constraint]) -> bool {
    let mut p = p.clone();
    for c in conj.iter().filter(|c| c.is_eq) {
        let fixed = c.expr.coeffs.iter().find(|(s, k)| matches!(s, Sym::Counter(_)) && k.abs() == 1);
        let Some((&s, &k)) = fixed else { continue };
        // k·s + rest = 0, so s = -rest / k = -k·rest.
        let mut rest = c.expr.clone();
        rest.coeffs.remove(&s);
        let Ok(by) = conditions::affine_to_poly(&rest).scale(-k) else { return false };
        match p.substitute(s, &by) {
            Ok(q) => p = q,
            Err(_) => return false,
        }
    }
    p.terms.values().all(|&c| c == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_values_vanish_only_where_the_equalities_fix_them() {
        let (i, j) = (Sym::loop_counter(LoopId(0)), Sym::loop_counter(LoopId(1)));
        let r = Sym::Param(ValueId(7));
        // r·i - 0 is 0 where i = 0.
        let ri = Polynomial::sym(r).mul(&Polynomial::sym(i)).unwrap();
        let at_zero = vec![Constraint::eq0(AffExpr::sym(i))];
        assert!(vanishes(&ri, &at_zero));
        // Not where i >= 0 only, nor where j = 0.
        assert!(!vanishes(&ri, &[Constraint::ge0(AffExpr::sym(i))]));
        assert!(!vanishes(&ri, &[Constraint::eq0(AffExpr::sym(j))]));
        // r·j - r·i - r is 0 where j = i + 1 (j - i - 1 = 0).
        let rj = Polynomial::sym(r).mul(&Polynomial::sym(j)).unwrap();
        let diff = rj.add(&ri.scale(-1).unwrap()).unwrap().add(&Polynomial::sym(r).scale(-1).unwrap()).unwrap();
        let next = AffExpr::sym(j).sub(&AffExpr::sym(i)).unwrap().add_const(-1).unwrap();
        assert!(vanishes(&diff, &[Constraint::eq0(next.clone())]));
        assert!(!vanishes(&diff, &[Constraint::eq0(next.add_const(1).unwrap())]));
    }
}
