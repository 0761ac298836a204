//! Loops counted from a min/max start (`for (j = max(0, i - k); ...)`),
//! and where the region's values come from (parameters, counters, loads),
//! for the profile's candidates.

use super::*;

impl Env<'_> {
    /// Loops of the region (below its root) whose counter PHI starts at a
    /// min/max, `for (j = max(0, i - k); ...; j++)`: their counters are
    /// counted from that start, so that addresses `A + 8·(max(0, i - k) +
    /// k')` become affine in the counter. The root keeps counting from 0
    /// (its start is a parameter).
    pub(super) fn find_origins(&mut self) {
        fn collect(s: &Scev, out: &mut Vec<Scev>) {
            match s {
                _ if is_minmax_like(s) => {
                    let a = canonical_atom(s);
                    if !out.contains(a) {
                        out.push(a.clone());
                    }
                }
                Scev::Add(ts) | Scev::Mul(ts) => ts.iter().for_each(|t| collect(t, out)),
                _ => {}
            }
        }
        let mut loops: Vec<LoopId> = self.loops.iter().copied().filter(|&l| l != self.root).collect();
        loops.sort();
        for l in loops {
            let header = self.view.loop_(l).header;
            let start = self.view.block(header).instrs.iter().find_map(|i| match (&i.op, self.view.scev(i.value)) {
                (Op::Phi { .. }, Some(Scev::AddRec { start, step, loop_, .. })) if *loop_ == l && **step == Scev::Const(1) && has_minmax(start) => {
                    Some((**start).clone())
                }
                _ => None,
            });
            let Some(start) = start else { continue };
            let before = self.atoms.len();
            collect(&start, &mut self.atoms);
            let mut found = Found::default();
            match Polynomial::with_atoms(&start, &*self, &mut found) {
                Ok(p) => {
                    self.origins.insert(l, (start, p));
                }
                Err(_) => self.atoms.truncate(before),
            }
            // Of what the start needs, only its pseudo-loops are kept (the
            // parameters and ranges come with the loop's uses).
            self.pseudo.extend(found.pseudo);
        }
    }
}

/// What a value computed inside the region is made of, for whether
/// parameter values could make it affine (a profile's question).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Origin {
    /// Only the region's loop counters and constants: no parameter value
    /// changes what is non-affine about it (`i * j`, `(3 * i) % 7`).
    Counters,
    /// Also an integer defined before the region (`i * n`, `i % n`):
    /// constants in its place may make it affine.
    Outside,
    /// Also a value loaded inside the region: data, not parameters.
    Loaded,
}

/// How many instructions [`Env::inside_origin`] follows before it takes
/// the value as made of parameters (the answer that offers a profile, as
/// before it looked).
const ORIGIN_WALK: usize = 64;

impl Env<'_> {
    /// What the region's instruction `v` is computed from: the worst
    /// of its operands' origins, through the region's instructions. A loop
    /// counter (a PHI of a loop header that SCEV reads as that loop's
    /// recurrence) is a counter whatever its start: a profile fixes
    /// parameters, never the counter's values.
    pub(super) fn inside_origin(&self, v: ValueId) -> Origin {
        let mut origin = Origin::Counters;
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if seen.len() > ORIGIN_WALK {
                return origin.max(Origin::Outside);
            }
            let info = self.view.value(x);
            match info.kind {
                ValueKind::Instruction(b) if self.blocks.contains(&b) => {
                    let Some(def) = self.view.def(x) else { return origin.max(Origin::Outside) };
                    match &def.op {
                        Op::Load { .. } => return Origin::Loaded,
                        // An induction variable; other PHIs (a pointer
                        // chased through memory, a running value) are
                        // what flows into them.
                        Op::Phi { .. } if matches!(self.view.scev(x), Some(Scev::AddRec { loop_, .. }) if self.view.loop_(*loop_).header == b) => {}
                        _ => stack.extend(def.operands.iter().copied()),
                    }
                }
                ValueKind::Argument { .. } | ValueKind::Global | ValueKind::Instruction(_) => {
                    if matches!(info.ty, Type::Int(_)) {
                        origin = Origin::Outside;
                    }
                }
                ValueKind::Constant | ValueKind::Other => {}
            }
        }
        origin
    }
}
