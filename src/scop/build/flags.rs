//! One-bit flags that flip with their loop, and the selects on them: a
//! red-black sweep's colour after full unrolling, as parities of sums
//! (pseudo-loops).

use super::*;

impl Env<'_> {
    /// One-bit flags that flip at every iteration of their loop, `c =
    /// phi [c0, preheader], [c ^ 1, latch]`, and selects between two
    /// values on them: full unrolling of a red-black sweep's colour loop
    /// leaves the parity of the row as such a flag and the row's first
    /// column as `select c, 2, 1`. SCEV sees neither; the flag is the
    /// parity of `c0 + k` (`k` the loop's counter, `c0` a constant or an
    /// outer flag), the select `y + (x - y)·c`. Both become polynomials of
    /// the region (see `Env::value`) before anything reads them.
    pub(super) fn find_flags(&mut self) {
        let view = self.view;
        let mut loops: Vec<LoopId> = self.loops.iter().copied().collect();
        loops.sort_by_key(|&l| view.loop_(l).depth);
        for l in loops {
            let lp = view.loop_(l);
            let Some(latch) = lp.latch else { continue };
            for i in &view.block(lp.header).instrs {
                let Op::Phi { incoming } = &i.op else { continue };
                if view.value(i.value).ty != Type::Int(1) || incoming.len() != 2 {
                    continue;
                }
                let (Some(&(_, back)), Some(&(_, init))) = (incoming.iter().find(|(b, _)| *b == latch), incoming.iter().find(|(b, _)| *b != latch)) else { continue };
                let flips = view.def(back).is_some_and(|d| {
                    matches!(&d.op, Op::Binary { opcode: Opcode::Xor }) && d.operands.len() == 2 && d.operands.contains(&i.value) && d.operands.iter().any(|&o| view.value(o).int == Some(1))
                });
                if !flips {
                    continue;
                }
                let start = match view.value(init).int {
                    Some(bit) => Some(Polynomial::constant(bit)),
                    None => self.merged.get(&init).cloned(),
                };
                let Some(start) = start.and_then(|p| p.add(&Polynomial::sym(Sym::loop_counter(l))).ok()).and_then(|p| p.to_affine()) else { continue };
                // Its pseudo-loop is kept (a parity of an affine sum has
                // no range facts).
                let mut found = Found::default();
                let bit = Polynomial::parity(&start, &*self, &mut found);
                self.keep(found);
                if let Ok(bit) = bit {
                    self.merged.insert(i.value, bit);
                }
            }
        }
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().collect();
        blocks.sort();
        for b in blocks {
            for i in &view.block(b).instrs {
                let (Op::Select, [c, x, y]) = (&i.op, i.operands.as_slice()) else { continue };
                let Some(flag) = self.merged.get(c).cloned() else { continue };
                let mut found = Found::default();
                let (x, y) = (self.exact_value(*x, &mut found), self.exact_value(*y, &mut found));
                self.keep(found);
                let (Some(x), Some(y)) = (x, y) else { continue };
                let sel = y.scale(-1).and_then(|ny| x.add(&ny)).and_then(|d| d.mul(&flag)).and_then(|t| t.add(&y));
                let Ok(sel) = sel else { continue };
                self.merged.insert(i.value, sel);
            }
        }
    }

    /// The polynomial of `v` when it is exact without range facts (those
    /// would be lost here, unproved).
    fn exact_value(&self, v: ValueId, found: &mut Found) -> Option<Polynomial> {
        let ranges = found.ranges.len();
        let p = match self.view.scev(v) {
            Some(s) => Polynomial::from_scev(s, self, found).ok(),
            // A select of flags is a condition (scop::conditions), not a
            // number.
            None if self.view.value(v).ty == Type::Int(1) => None,
            None => self.view.value(v).int.map(Polynomial::constant),
        };
        p.filter(|_| found.ranges.len() == ranges)
    }

    /// `dom` with the range of every pseudo-loop counter (`0 <= p - 2q <=
    /// 1`) in its conjunctions that mention it or the counter of the loop
    /// it is inside (a block inside that loop: facts about its values may
    /// mention the pseudo-loop).
    pub(super) fn with_pseudo_ranges(&self, dom: Dnf) -> Dnf {
        let pseudo = &self.pseudo;
        if pseudo.is_empty() {
            return dom;
        }
        dom.into_iter()
            .map(|mut conj| {
                for q in pseudo.iter() {
                    if conj.iter().any(|c| c.expr.coeff(Sym::Counter(q.id)) != 0 || c.expr.coeff(Sym::loop_counter(q.inside)) != 0) {
                        for c in q.constraints() {
                            if !conj.contains(&c) {
                                conj.push(c);
                            }
                        }
                    }
                }
                conj
            })
            .collect()
    }

}
