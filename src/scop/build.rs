//! Builds the [`Model`] of one candidate region (a loop nest) from the
//! function view, or says why it is not a SCoP.
//!
//! Facts the model relies on but cannot see syntactically (an unsigned
//! value is non-negative, a delinearized subscript stays inside its
//! dimension, an inner loop runs at least once when entered) are returned as
//! [`Obligation`]s: the caller proves them with the polyhedral core before
//! accepting the region.

use super::affine::{dnf_and, dnf_coalesce, AffExpr, Constraint, Counter, Dnf, Sym};
use super::cfg;
use super::conditions::{self, MAX_DISJUNCTS};
use super::delinearize::{delinearize, delinearize_with, strides_of};
use super::model::*;
use super::conditions::has_minmax;
use super::polynomial::{atom_sym, canonical_atom, is_minmax_like, Polynomial, SymEnv};
use super::quotient::{extremum_facts, quotient_facts, remainder_facts, unsigned_quotient};
use super::reason::Reason;
use super::reductions;
use crate::ir::*;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use crate::stable::{HashMap, HashSet};

/// At most this many parameters per SCoP (the scheduler's ILPs grow with them).
pub const MAX_PARAMS: usize = 16;

/// What an obligation requires of every point of its domain.
#[derive(Clone, Debug)]
pub enum Fact {
    Affine(Constraint),
    /// `lo <= poly <= hi` for a polynomial of degree 2 or more: proved, or
    /// else checked at run time (a [`RangeCheck`]).
    Range { poly: Polynomial, lo: i128, hi: Option<i128> },
    /// No point of the domain satisfies this DNF.
    Never(Dnf),
}

/// `domain ⊆ { fact }` must hold for the model to be right.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub domain: Dnf,
    pub fact: Fact,
    pub what: &'static str,
    /// What [`build_region`] can do differently if the fact cannot be
    /// proved, rather than giving up on the region.
    pub fallback: Option<Fallback>,
}

/// What an obligation on the range of narrow arithmetic says: one that
/// cannot be proved may still be checked at run time.
pub const NARROW: &str = "narrow integer arithmetic does not wrap";

/// Another way to build a region's model, when an obligation fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fallback {
    /// Delinearize this access (statement, access index while building)
    /// its other way (see `Delinearized::shifted`).
    Split(usize, usize),
    /// Copy this value where it is used instead of recomputing it from
    /// counters and parameters (the fact makes its polynomial exact).
    Copy(ValueId),
    /// Delinearize the accesses to this array (index while building)
    /// without looking for padded rows.
    Unpadded(usize),
}

struct Env<'v> {
    view: &'v FunctionView,
    blocks: HashSet<BlockId>,
    loops: HashSet<LoopId>,
    params: RefCell<BTreeSet<ValueId>>,
    /// Loops enclosing the region whose counters appear: parameters too.
    outer: RefCell<BTreeSet<LoopId>>,
    /// Values that may be recomputed (see `Model::rebuildable`).
    rebuildable: RefCell<BTreeMap<ValueId, Polynomial>>,
    root: LoopId,
    /// Ranges recorded by `assume_range`, turned into obligations.
    nonneg: RefCell<Vec<(Polynomial, i128, Option<i128>)>>,
    /// Loops counted from a start that is a min/max (see
    /// [`SymEnv::origin`]): the start's SCEV and polynomial.
    origins: HashMap<LoopId, (Scev, Polynomial)>,
    /// The min/max parts of those starts, by placeholder index.
    atoms: Vec<Scev>,
    /// PHIs that merge values equal on every path (see `merge_phis`), with
    /// their common polynomial.
    merged: RefCell<HashMap<ValueId, Polynomial>>,
    /// Blocks every entry of the region passes (see `entry_chain`).
    chain: Vec<BlockId>,
    /// See `Model::exit_values`.
    exit_values: RefCell<ExitValues>,
    /// Pseudo-loops of parities (see [`SymEnv::parity`]).
    pseudo: RefCell<Vec<PseudoLoop>>,
}

/// At most this many pseudo-loops per region.
const MAX_PSEUDO_LOOPS: usize = 4;

impl Env<'_> {
    /// Loops of the region (below its root) whose counter PHI starts at a
    /// min/max, `for (j = max(0, i - k); ...; j++)`: their counters are
    /// counted from that start, so that addresses `A + 8·(max(0, i - k) +
    /// k')` become affine in the counter. The root keeps counting from 0
    /// (its start is a parameter).
    fn find_origins(&mut self) {
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
            match Polynomial::with_atoms(&start, &*self) {
                Ok(p) => {
                    self.origins.insert(l, (start, p));
                }
                Err(_) => self.atoms.truncate(before),
            }
            self.nonneg.borrow_mut().clear();
            self.params.borrow_mut().clear();
            self.outer.borrow_mut().clear();
        }
    }
}

/// What a value computed inside the region is made of, for whether
/// parameter values could make it affine (a profile's question).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Origin {
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
    fn inside_origin(&self, v: ValueId) -> Origin {
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

impl SymEnv for Env<'_> {
    fn unknown(&self, v: ValueId) -> Result<Sym, Reason> {
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
                self.params.borrow_mut().insert(v);
                Ok(Sym::Param(v))
            }
            ValueKind::Constant | ValueKind::Other => {
                Err(Reason::NonAffineSubscript(format!("'{}' is not an integer or pointer parameter", info.name)))
            }
        }
    }

    fn counter(&self, l: LoopId) -> Result<Sym, Reason> {
        if self.loops.contains(&l) {
            Ok(Sym::loop_counter(l))
        } else if self.view.loop_contains(l, self.root) {
            self.outer.borrow_mut().insert(l);
            Ok(Sym::loop_counter(l))
        } else {
            Err(Reason::NonAffineSubscript("recurrence of a loop outside the region".into()))
        }
    }

    fn assume_range(&self, e: &Polynomial, lo: i128, hi: Option<i128>) {
        self.nonneg.borrow_mut().push((e.clone(), lo, hi));
    }

    fn origin(&self, l: LoopId) -> Option<Polynomial> {
        self.origins.get(&l).map(|(_, p)| p.clone())
    }

    fn value(&self, v: ValueId) -> Option<Polynomial> {
        self.merged.borrow().get(&v).cloned()
    }

    /// A quotient SCEV writes as a division (`w / 2` computed by an `lshr`
    /// before the nest, or its zero extension), or a minimum or maximum
    /// of parameters, is the parameter of an instruction computing it in a
    /// block that dominates the region (its entry chain first), if there
    /// is one.
    fn computed_before(&self, s: &Scev) -> Option<Sym> {
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
            let dividend = Polynomial::from_scev(x, self).ok()?;
            self.assume_range(&dividend, 0, Some((1i128 << bits) - 1));
        }
        self.unknown(v.value).ok()
    }

    fn remainder(&self, x: &Scev, d: i128) -> Option<Sym> {
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
        self.unknown(v.value).ok()
    }

    fn parity(&self, p: &AffExpr) -> Result<Sym, Reason> {
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
        let mut pseudo = self.pseudo.borrow_mut();
        if let Some(q) = pseudo.iter().find(|q| q.half_of == *p) {
            return Ok(Sym::Counter(q.id));
        }
        if pseudo.len() >= MAX_PSEUDO_LOOPS {
            return Err(na("of too many sums"));
        }
        let id = Counter::Pseudo(pseudo.len() as u32);
        pseudo.push(PseudoLoop { id, half_of: p.clone(), inside });
        Ok(Sym::Counter(id))
    }

    fn atom(&self, s: &Scev) -> Option<Sym> {
        let s = canonical_atom(s);
        self.atoms.iter().position(|a| a == s).map(atom_sym)
    }
}

impl Env<'_> {
    /// One-bit flags that flip at every iteration of their loop, `c =
    /// phi [c0, preheader], [c ^ 1, latch]`, and selects between two
    /// values on them: full unrolling of a red-black sweep's colour loop
    /// leaves the parity of the row as such a flag and the row's first
    /// column as `select c, 2, 1`. SCEV sees neither; the flag is the
    /// parity of `c0 + k` (`k` the loop's counter, `c0` a constant or an
    /// outer flag), the select `y + (x - y)·c`. Both become polynomials of
    /// the region (see `Env::value`) before anything reads them.
    fn find_flags(&self) {
        let mut loops: Vec<LoopId> = self.loops.iter().copied().collect();
        loops.sort_by_key(|&l| self.view.loop_(l).depth);
        for l in loops {
            let lp = self.view.loop_(l);
            let Some(latch) = lp.latch else { continue };
            for i in &self.view.block(lp.header).instrs {
                let Op::Phi { incoming } = &i.op else { continue };
                if self.view.value(i.value).ty != Type::Int(1) || incoming.len() != 2 {
                    continue;
                }
                let (Some(&(_, back)), Some(&(_, init))) = (incoming.iter().find(|(b, _)| *b == latch), incoming.iter().find(|(b, _)| *b != latch)) else { continue };
                let flips = self.view.def(back).is_some_and(|d| {
                    matches!(&d.op, Op::Binary { opcode: Opcode::Xor }) && d.operands.len() == 2 && d.operands.contains(&i.value) && d.operands.iter().any(|&o| self.view.value(o).int == Some(1))
                });
                if !flips {
                    continue;
                }
                let start = match self.view.value(init).int {
                    Some(bit) => Some(Polynomial::constant(bit)),
                    None => self.merged.borrow().get(&init).cloned(),
                };
                let Some(start) = start.and_then(|p| p.add(&Polynomial::sym(Sym::loop_counter(l))).ok()).and_then(|p| p.to_affine()) else { continue };
                if let Ok(bit) = Polynomial::parity(&start, self) {
                    self.merged.borrow_mut().insert(i.value, bit);
                }
            }
        }
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().collect();
        blocks.sort();
        for b in blocks {
            for i in &self.view.block(b).instrs {
                let (Op::Select, [c, x, y]) = (&i.op, i.operands.as_slice()) else { continue };
                let Some(flag) = self.merged.borrow().get(c).cloned() else { continue };
                // Only values exact without range facts (those would be
                // lost here, unproved).
                let poly = |v: ValueId| {
                    let p = match self.view.scev(v) {
                        Some(s) => Polynomial::from_scev(s, self).ok(),
                        // A select of flags is a condition (scop::conditions),
                        // not a number.
                        None if self.view.value(v).ty == Type::Int(1) => None,
                        None => self.view.value(v).int.map(Polynomial::constant),
                    };
                    let exact = self.nonneg.borrow().is_empty();
                    self.nonneg.borrow_mut().clear();
                    p.filter(|_| exact)
                };
                let (Some(x), Some(y)) = (poly(*x), poly(*y)) else { continue };
                let sel = y.scale(-1).and_then(|ny| x.add(&ny)).and_then(|d| d.mul(&flag)).and_then(|t| t.add(&y));
                let Ok(sel) = sel else { continue };
                self.merged.borrow_mut().insert(i.value, sel);
            }
        }
        self.nonneg.borrow_mut().clear();
    }

    /// `dom` with the range of every pseudo-loop counter (`0 <= p - 2q <=
    /// 1`) in its conjunctions that mention it or the counter of the loop
    /// it is inside (a block inside that loop: facts about its values may
    /// mention the pseudo-loop).
    fn with_pseudo_ranges(&self, dom: Dnf) -> Dnf {
        let pseudo = self.pseudo.borrow();
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

    /// An instruction matching `pred` in a block that dominates the region
    /// (its entry chain first), if there is one.
    fn found_before(&self, pred: &dyn Fn(&crate::ir::Instr) -> bool) -> Option<&crate::ir::Instr> {
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
fn strip_zext(s: &Scev) -> Scev {
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
fn is_value_param(s: Sym) -> bool {
    matches!(s, Sym::Param(_))
}

impl Env<'_> {
    /// PHIs outside loop headers whose incoming values are polynomials
    /// that agree on every incoming edge: -O3's partial redundancy
    /// elimination merges `0` on the path where `i == 0` with `i * r`
    /// computed on the other (SCEV sees an opaque PHI). The PHI is the
    /// polynomial of one incoming value when every other one equals it
    /// once the equalities of its edge's domain (`i = 0`) are substituted.
    /// The range facts of that polynomial become obligations on the PHI's
    /// block (the value is copied instead if they fail).
    fn merge_phis(&self, domains: &HashMap<BlockId, Dnf>, edges: &HashMap<(BlockId, BlockId), Dnf>, fallbacks: &BTreeSet<Fallback>, obligations: &mut Vec<Obligation>) {
        let headers: HashSet<BlockId> = self.loops.iter().map(|&l| self.view.loop_(l).header).collect();
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().filter(|b| !headers.contains(b)).collect();
        blocks.sort();
        for b in blocks {
            let here = self.view.block(b).loop_;
            let around = |s: &Sym| match s {
                Sym::Counter(Counter::Loop(l)) if self.loops.contains(l) => here.is_some_and(|inner| self.view.loop_contains(*l, inner)),
                _ => true,
            };
            for i in &self.view.block(b).instrs {
                let Op::Phi { incoming } = &i.op else { continue };
                let opaque = matches!(self.view.scev(i.value), Some(Scev::Unknown(v)) if *v == i.value);
                if !opaque || fallbacks.contains(&Fallback::Copy(i.value)) || !matches!(self.view.value(i.value).ty, Type::Int(_) | Type::Ptr) {
                    continue;
                }
                self.nonneg.borrow_mut().clear();
                let polys: Option<Vec<Polynomial>> = incoming
                    .iter()
                    .map(|&(_, v)| self.view.scev(v).and_then(|s| Polynomial::from_scev(s, self).ok()))
                    .map(|p| p.filter(|p| p.terms.keys().flatten().all(around)))
                    .collect();
                self.nonneg.borrow_mut().clear();
                let Some(polys) = polys else { continue };
                let agrees = |cand: &Polynomial| {
                    incoming.iter().zip(&polys).all(|(&(pred, _), p)| match (p.scale(-1).and_then(|m| cand.add(&m)), edges.get(&(pred, b))) {
                        (Ok(diff), Some(dom)) => dom.iter().all(|conj| vanishes(&diff, conj)),
                        _ => false,
                    })
                };
                let Some(k) = polys.iter().position(agrees) else { continue };
                // Record the chosen value's range facts again, on this block.
                let Some(s) = self.view.scev(incoming[k].1) else { continue };
                let _ = Polynomial::from_scev(s, self);
                let mut facts = Vec::new();
                if self.take_nonneg(domains.get(&b).unwrap_or(&vec![]), &mut facts).is_ok() {
                    obligations.extend(facts.into_iter().map(|o| Obligation { fallback: Some(Fallback::Copy(i.value)), ..o }));
                    self.merged.borrow_mut().insert(i.value, polys[k].clone());
                }
            }
        }
        self.nonneg.borrow_mut().clear();
    }

    /// Finds the values code generation may recompute: integers and
    /// pointers whose evolution is a polynomial in counters and parameters,
    /// with the range facts of their extensions proved on their block's
    /// domain. A value whose facts cannot be stated, or (`fallbacks`) could
    /// not be proved, is copied instead.
    fn find_rebuildable(&self, domains: &HashMap<BlockId, Dnf>, fallbacks: &BTreeSet<Fallback>, obligations: &mut Vec<Obligation>) {
        let mut blocks: Vec<BlockId> = self.blocks.iter().copied().collect();
        blocks.sort();
        for b in blocks {
            let domain = domains.get(&b).cloned().unwrap_or_default();
            for i in &self.view.block(b).instrs {
                if !matches!(self.view.value(i.value).ty, Type::Int(_) | Type::Ptr) || fallbacks.contains(&Fallback::Copy(i.value)) {
                    continue;
                }
                // Polynomials are rebuilt in 64 bits: a wider value (the
                // i65 recurrences -O3 makes for the closed form of a
                // triangular sum) is copied like any other instruction.
                if matches!(self.view.value(i.value).ty, Type::Int(_)) && int_bits(self.view.value(i.value).ty) > 64 {
                    continue;
                }
                let Some(s) = self.view.scev(i.value) else { continue };
                self.nonneg.borrow_mut().clear();
                let Ok(poly) = Polynomial::from_scev(s, self) else { continue };
                let Some(poly) = self.at_loop_exits(poly, b) else { continue };
                let mut facts = Vec::new();
                if self.take_nonneg(&domain, &mut facts).is_ok() {
                    obligations.extend(facts.into_iter().map(|o| Obligation { fallback: Some(Fallback::Copy(i.value)), ..o }));
                    self.rebuildable.borrow_mut().insert(i.value, poly);
                }
            }
        }
        self.nonneg.borrow_mut().clear();
    }

    /// A value defined after a loop of the region whose evolution still
    /// mentions the loop's counter (SCEV reads `j` through the LCSSA PHI of
    /// a loop that ended) means the counter at the loop's last iteration:
    /// its back-edge-taken count, when that is one affine piece (and the
    /// loop counts from 0). The range facts recorded for the evolution are
    /// read the same way. `None` when a count is not such a piece.
    fn at_loop_exits(&self, poly: Polynomial, b: BlockId) -> Option<Polynomial> {
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
            let Some(l) = ended(&out).or_else(|| self.nonneg.borrow().iter().find_map(|(p, _, _)| ended(p))) else { return Some(out) };
            if self.origins.contains_key(&l) {
                return None;
            }
            let last = self.last_counter(l)?;
            out = out.substitute(Sym::loop_counter(l), &last).ok()?;
            let mut facts = self.nonneg.borrow_mut();
            for f in facts.iter_mut() {
                f.0 = f.0.substitute(Sym::loop_counter(l), &last).ok()?;
            }
        }
        None
    }

    /// Loop `l`'s counter at its last iteration: its back-edge-taken count,
    /// when that is one affine piece. The count's range facts were proved
    /// with the loop's domain: they are not recorded again.
    fn last_counter(&self, l: LoopId) -> Option<Polynomial> {
        let facts = std::mem::take(&mut *self.nonneg.borrow_mut());
        let pieces = conditions::bound_pieces(&self.view.loop_(l).backedge_taken, self);
        *self.nonneg.borrow_mut() = facts;
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
    fn find_exit_values(&self) {
        let mut out = ExitValues::new();
        for &l in &self.loops {
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
            let Some(last) = self.last_counter(l) else { continue };
            for i in &self.view.block(lp.header).instrs {
                if !matches!(i.op, Op::Phi { .. }) {
                    continue;
                }
                let Some(p) = self.rebuildable.borrow().get(&i.value).cloned() else { continue };
                if let Ok(at_end) = p.substitute(Sym::loop_counter(l), &last) {
                    out.insert(i.value, (l, at_end));
                }
            }
        }
        *self.exit_values.borrow_mut() = out;
    }

    /// Turns the range facts recorded so far into obligations on `domain`.
    /// A polynomial `n·i + j` is non-negative when its delinearized
    /// subscripts are (`i >= 0` and `0 <= j < n`); other ranges of
    /// polynomials (an upper bound: `n·i + j` computed in 32 bits does not
    /// wrap) cannot be stated affinely: they become [`Fact::Range`].
    fn take_nonneg(&self, domain: &Dnf, out: &mut Vec<Obligation>) -> Result<(), Reason> {
        let with_ranges;
        let domain = if self.pseudo.borrow().is_empty() {
            domain
        } else {
            with_ranges = self.with_pseudo_ranges(domain.clone());
            &with_ranges
        };
        let overflow = || Reason::Overflow("range of a narrow integer".into());
        for (p, lo, hi) in self.nonneg.borrow_mut().drain(..) {
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
    fn synthesizable_at(&self, v: ValueId, use_block: Option<BlockId>) -> bool {
        let encloses = |l: Counter| l.ir_loop().zip(use_block.and_then(|b| self.view.block(b).loop_)).is_some_and(|(l, inner)| self.view.loop_contains(l, inner));
        let region_loop = |l: Counter| l.ir_loop().is_some_and(|l| self.loops.contains(&l));
        rebuilt_at(&self.rebuildable.borrow(), &self.exit_values.borrow(), &region_loop, v, &encloses).is_some()
    }
}

/// Whether `p` is zero wherever the conjunction holds, as far as its
/// equalities that fix a counter (`i = 0`, `j = i + 1`) show.
fn vanishes(p: &Polynomial, conj: &[Constraint]) -> bool {
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

/// The model of the loop nest rooted at `root`, with its obligations;
/// it is built the other ways `fallbacks` name.
pub fn build_region(view: &FunctionView, root: LoopId, fallbacks: &BTreeSet<Fallback>) -> Result<(Model, Vec<Obligation>), Reason> {
    let loops = cfg::loops_of(view, root);
    for &l in &loops {
        cfg::check_loop_shape(view, l)?;
    }
    let region_blocks: HashSet<BlockId> = view.loop_(root).blocks.iter().copied().collect();
    check_instructions(view, &region_blocks)?;
    let mut env = Env {
        view,
        blocks: region_blocks.clone(),
        loops: loops.iter().copied().collect(),
        params: RefCell::new(BTreeSet::new()),
        outer: RefCell::new(BTreeSet::new()),
        rebuildable: RefCell::new(BTreeMap::new()),
        root,
        nonneg: RefCell::new(vec![]),
        origins: HashMap::default(),
        atoms: vec![],
        merged: RefCell::new(HashMap::default()),
        chain: entry_chain(view, &region_blocks, root),
        exit_values: RefCell::new(BTreeMap::new()),
        pseudo: RefCell::new(vec![]),
    };
    env.find_origins();
    env.find_flags();
    let order = cfg::topo_order(view, view.loop_(root).header, &region_blocks)?;
    let mut obligations = Vec::new();
    let mut edges = HashMap::default();
    let domains = block_domains(view, &env, root, &order, &mut obligations, &mut edges)?;
    env.merge_phis(&domains, &edges, fallbacks, &mut obligations);
    env.find_rebuildable(&domains, fallbacks, &mut obligations);
    env.find_exit_values();
    let mut b = StatementBuilder { view, env: &env, arrays: ArrayTable::default(), statements: vec![] };
    b.collect(&order, &domains, &mut obligations)?;
    for s in b.statements.iter_mut() {
        s.domain = env.with_pseudo_ranges(std::mem::take(&mut s.domain));
    }
    let live_out = b.scalar_accesses(&order)?;
    let domains_by_stmt: Vec<Dnf> = b.statements.iter().map(|s| s.domain.clone()).collect();
    let arrays = std::mem::take(&mut b.arrays).finish(view, fallbacks, &mut b.statements, &domains_by_stmt, &mut obligations)?;
    let mut statements = b.statements;
    // Blocks without accesses are pure control flow: no statement.
    statements.retain(|s| !s.accesses.is_empty());
    for (i, s) in statements.iter_mut().enumerate() {
        s.name = format!("S{i}");
        s.reduction = reductions::detect(view, s);
    }
    assign_schedules(view, root, &order, &mut statements);
    // Quotients (`p / 2`) get facts linking them to their dividends, which
    // become parameters too.
    let used: Vec<ValueId> = env.params.borrow().iter().copied().collect();
    let mut quotients: Vec<Constraint> = used.iter().flat_map(|&q| quotient_facts(view, &env, q)).collect();
    quotients.extend(used.iter().flat_map(|&q| extremum_facts(view, &env, q)));
    quotients.extend(used.iter().flat_map(|&r| remainder_facts(view, r)));
    // Unsigned quotients (see `Env::quotient`) hold their facts only for a
    // non-negative dividend: the optimized code runs only then.
    let mut assumptions = Vec::new();
    for &q in &used {
        env.nonneg.borrow_mut().clear();
        if let Some((facts, dividend)) = unsigned_quotient(view, &env, q, &|| !env.nonneg.borrow().is_empty()) {
            quotients.extend(facts);
            assumptions.push(dividend);
        }
    }
    env.nonneg.borrow_mut().clear();
    let mut params: Vec<Param> = env
        .params
        .borrow()
        .iter()
        .filter(|v| matches!(view.value(**v).ty, Type::Int(_)))
        .map(|&v| Param { sym: Sym::Param(v), name: view.value(v).name.clone(), bits: int_bits(view.value(v).ty) })
        .collect();
    // Generated code computes with parameters and counters in 64 bits: a
    // wider one (an i128 bound or counter) is out of the model.
    if let Some(p) = params.iter().find(|p| p.bits > 64) {
        return Err(Reason::Overflow(format!("parameter '{}' has {} bits; the model computes in 64", p.name, p.bits)));
    }
    if let Some(&l) = loops.iter().find(|&&l| view.loop_(l).backedge_bits > 64) {
        return Err(Reason::Overflow(format!("a loop counts in {} bits; the model computes in 64", view.loop_(l).backedge_bits)));
    }
    let mut context = quotients;
    context.extend(enclosing_bounds(view, &env, &mut obligations));
    for &l in env.outer.borrow().iter() {
        params.push(Param { sym: Sym::loop_counter(l), name: format!("o{}", view.loop_(l).depth - 1), bits: 64 });
        // An enclosing loop's counter counts iterations from 0.
        context.push(Constraint::ge0(AffExpr::sym(Sym::loop_counter(l))));
    }
    if params.len() > MAX_PARAMS {
        return Err(Reason::TooManyParameters(params.len()));
    }
    let mut loops: Vec<ModelLoop> = loops
        .iter()
        .map(|&l| ModelLoop { id: Counter::Loop(l), name: format!("i{}", view.loop_(l).depth - view.loop_(root).depth), loc: view.loop_(l).loc.clone() })
        .collect();
    let pseudo_loops = env.pseudo.take();
    for (k, q) in pseudo_loops.iter().enumerate() {
        let at = loops.iter().position(|m| m.id == Counter::Loop(q.inside)).map_or(loops.len(), |i| i + 1);
        loops.insert(at, ModelLoop { id: q.id, name: format!("q{k}"), loc: None });
    }
    add_pseudo_loops(&pseudo_loops, &mut statements);
    context.extend(entry_conditions(view, &region_blocks, root, &params));
    let mut seen = HashSet::default();
    context.retain(|c| !(c.expr.is_constant() && c.expr.constant >= 0) && seen.insert(c.clone()));
    let model = Model {
        function: view.name.clone(),
        root,
        loops,
        params,
        context,
        assumptions,
        range_checks: vec![],
        arrays,
        statements,
        live_out,
        rebuildable: env.rebuildable.take(),
        exit_values: env.exit_values.take(),
        pseudo_loops,
        promoted: vec![],
        rotated: vec![],
        remat: Default::default(),
        without_other_cells: None,
    };
    Ok((model, obligations))
}

/// Upper bounds of the enclosing loops whose counters are parameters of
/// the region (`o0 <= n - 1` for a region inside `for (i < n)`): the
/// region runs within one of their iterations. A bound that needs a
/// parameter the region does not use is left out (it would only grow the
/// parameter space); range facts its narrow arithmetic needs become
/// obligations of the region.
fn enclosing_bounds(view: &FunctionView, env: &Env<'_>, obligations: &mut Vec<Obligation>) -> Vec<Constraint> {
    let mut out = Vec::new();
    let outer: Vec<LoopId> = env.outer.borrow().iter().copied().collect();
    for l in outer {
        let (params, loops) = (env.params.borrow().clone(), env.outer.borrow().clone());
        env.nonneg.borrow_mut().clear();
        let bound = conditions::upper_bound(&view.loop_(l).backedge_taken, Sym::loop_counter(l), env);
        let grew = *env.params.borrow() != params || *env.outer.borrow() != loops;
        match bound {
            Ok(d) if d.len() == 1 && !grew && env.take_nonneg(&vec![vec![]], obligations).is_ok() => out.extend(d[0].iter().cloned()),
            _ => {
                *env.params.borrow_mut() = params;
                *env.outer.borrow_mut() = loops;
                env.nonneg.borrow_mut().clear();
            }
        }
    }
    out
}

/// The blocks every entry of the region passes last, nearest first: the
/// block entering its header, then each one's single predecessor, or for
/// the header of an enclosing loop its preheader (at most 32). Values
/// defined there dominate the region (a quotient computed before the
/// outer loop of a nest is on the chain of its inner loop too).
fn entry_chain(view: &FunctionView, region: &HashSet<BlockId>, root: LoopId) -> Vec<BlockId> {
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::default();
    for (i, b) in view.blocks.iter().enumerate() {
        for s in b.successors() {
            preds.entry(s).or_default().push(BlockId(i as u32));
        }
    }
    let outside = |b: &BlockId| !region.contains(b);
    let entering: Vec<BlockId> = preds.get(&view.loop_(root).header).map(|v| v.iter().copied().filter(outside).collect()).unwrap_or_default();
    let [mut cur] = entering.as_slice() else { return vec![] };
    let mut chain = vec![cur];
    for _ in 0..32 {
        let q = match preds.get(&cur).map(|v| v.as_slice()) {
            Some([q]) => *q,
            _ => match view.loops.iter().find(|l| l.header == cur).and_then(|l| l.preheader) {
                Some(p) => p,
                None => break,
            },
        };
        chain.push(q);
        cur = q;
    }
    chain
}

/// Conditions on the parameters that hold whenever the region is entered:
/// the branches on the chain of single predecessors leading to it (-O3
/// hoists loop guards such as `n > 0` out of the nest).
fn entry_conditions(view: &FunctionView, region: &HashSet<BlockId>, root: LoopId, params: &[Param]) -> Vec<Constraint> {
    let env = Env {
        view,
        blocks: region.clone(),
        loops: HashSet::default(),
        params: RefCell::new(BTreeSet::new()),
        outer: RefCell::new(BTreeSet::new()),
        rebuildable: RefCell::new(BTreeMap::new()),
        root,
        nonneg: RefCell::new(vec![]),
        origins: HashMap::default(),
        atoms: vec![],
        merged: RefCell::new(HashMap::default()),
        chain: vec![],
        exit_values: RefCell::new(BTreeMap::new()),
        pseudo: RefCell::new(vec![]),
    };
    let known: HashSet<Sym> = params.iter().map(|p| p.sym).collect();
    let mut out = Vec::new();
    for pair in entry_chain(view, region, root).windows(2) {
        let (cur, q) = (pair[0], &pair[1]);
        if let Terminator::CondBr { cond, then_, else_ } = &view.block(*q).term {
            if then_ != else_ {
                let dnf = conditions::condition(view, &env, *cond, *else_ == cur);
                let unsigned = !env.nonneg.borrow().is_empty();
                env.nonneg.borrow_mut().clear();
                if let (Ok(d), false) = (dnf, unsigned) {
                    if let [conj] = d.as_slice() {
                        out.extend(conj.iter().filter(|c| c.expr.syms().all(|s| known.contains(&s))).cloned());
                    }
                }
            }
        }
    }
    out
}

/// Whether `op` is floating-point arithmetic: an IEEE operation whose
/// order LLVM keeps without fast-math flags.
fn is_float_arith(op: &Op) -> bool {
    match op {
        Op::Pure { opcode } => matches!(opcode, Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem | Opcode::FNeg),
        Op::Call { callee, .. } => callee.starts_with("llvm.fmuladd") || callee.starts_with("llvm.fma."),
        _ => false,
    }
}

fn int_bits(t: Type) -> u32 {
    match t {
        Type::Int(b) => b,
        _ => 64,
    }
}

fn check_instructions(view: &FunctionView, blocks: &HashSet<BlockId>) -> Result<(), Reason> {
    let mut sorted: Vec<BlockId> = blocks.iter().copied().collect();
    sorted.sort();
    let mut errno_setter = None;
    for b in sorted {
        let block = view.block(b);
        if let Terminator::Other { opcode } = &block.term {
            return Err(Reason::ComplexControlFlow(format!("'{opcode}' terminator")));
        }
        for i in &block.instrs {
            match &i.op {
                Op::Unsupported { opcode } => return Err(Reason::UnsupportedInstruction(format!("'{opcode}'"))),
                Op::Call { callee, pure: false, sets_errno: None } => return Err(Reason::UnsupportedCall(format!("'{callee}' may access memory or have side effects"))),
                // Calls that set errno to different values must keep their
                // order: the last failing one decides what errno holds.
                Op::Call { callee, sets_errno: Some(e), .. } => match errno_setter {
                    Some((other, e2)) if e2 != *e => {
                        return Err(Reason::UnsupportedCall(format!("'{other}' and '{callee}' set errno to different values (their order decides it)")))
                    }
                    _ => errno_setter = Some((callee, *e)),
                },
                Op::Load { volatile: true, .. } | Op::Store { volatile: true, .. } => {
                    return Err(Reason::UnsupportedInstruction("volatile access".into()))
                }
                Op::Load { atomic: true, .. } | Op::Store { atomic: true, .. } => {
                    return Err(Reason::UnsupportedInstruction("atomic access".into()))
                }
                Op::Load { ty, .. } | Op::Store { ty, .. } if ty.store_bytes().is_none() => {
                    return Err(Reason::UnsupportedInstruction("access of a vector or aggregate type".into()))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// SCEV's trip count is an unsigned number of `bits` bits, which the model
/// reads as a plain integer: each piece `e` of the bound `k <= e` must lie
/// below 2^(bits-1), where the number and its bits agree (and signed and
/// unsigned comparisons between pieces too). An obligation over the domain
/// where the loop is entered: proved from the parameters' types in the
/// common case (`n - 1` of a 32-bit `n`), checked at run time otherwise.
/// Bounds of another shape (`d·(k - a) <= x`) have facts of their own.
/// Counts of 64 bits are left as they are: the model's arithmetic is 64-bit
/// itself, and a count past 2^63 would have no room to run.
fn count_fits_its_width(bits: u32, bound: &Dnf, k: Sym, entry: &Dnf, obligations: &mut Vec<Obligation>) -> Result<(), Reason> {
    if !(1..=32).contains(&bits) {
        return Ok(());
    }
    let hi = (1i128 << (bits - 1)) - 1;
    let overflow = || Reason::Overflow("trip count's range".into());
    // A piece shared by several conjunctions (a minimum under a maximum)
    // needs one obligation.
    let mut seen = HashSet::default();
    for c in bound.iter().flatten() {
        if c.is_eq || c.expr.coeffs.get(&k) != Some(&-1) || !seen.insert(c) {
            continue;
        }
        let mut e = c.expr.clone();
        e.coeffs.remove(&k);
        let fact = Constraint::ge0(e.scale(-1).and_then(|x| x.add_const(hi)).map_err(|_| overflow())?);
        obligations.push(Obligation { domain: entry.clone(), fact: Fact::Affine(fact), what: NARROW, fallback: None });
    }
    Ok(())
}

/// Iteration domains of every block of the region, walking the forward
/// edges in topological order.
fn block_domains(
    view: &FunctionView,
    env: &Env<'_>,
    root: LoopId,
    order: &[BlockId],
    obligations: &mut Vec<Obligation>,
    edges: &mut HashMap<(BlockId, BlockId), Dnf>,
) -> Result<HashMap<BlockId, Dnf>, Reason> {
    let header_of: HashMap<BlockId, LoopId> = env.loops.iter().map(|&l| (view.loop_(l).header, l)).collect();
    let mut incoming: HashMap<BlockId, Dnf> = HashMap::default();
    let mut domains: HashMap<BlockId, Dnf> = HashMap::default();
    // Per loop, the domain of the edges entering its header: the loop is
    // left once per entry, so that is also the domain of its exit edge.
    let mut entry_domain: HashMap<LoopId, Dnf> = HashMap::default();
    for &b in order {
        let mut dom = if b == view.loop_(root).header { vec![vec![]] } else { dnf_coalesce(incoming.remove(&b).unwrap_or_default()) };
        if let Some(&l) = header_of.get(&b) {
            let k = Sym::loop_counter(l);
            let btc = &view.loop_(l).backedge_taken;
            // `k <= btc` for the counter counted from 0.
            let bound = conditions::upper_bound(btc, k, env)?;
            // The loop runs at least once when entered: its first iteration
            // (k = 0) is within the bound.
            let at_zero = |c: &Constraint| {
                let mut e = c.expr.clone();
                e.coeffs.remove(&k);
                Constraint::ge0(e)
            };
            let ub_nonneg: Dnf = bound.iter().map(|conj| conj.iter().map(at_zero).collect()).collect();
            // `smax(n, 1) - 1` has the piece 0: the trip count is >= 1 whatever n is.
            let always_runs = ub_nonneg.iter().any(|conj| conj.iter().all(|c| c.expr.is_constant() && c.expr.constant >= 0 && !c.is_eq));
            // A loop counted from its start s runs from s to s + btc.
            let origin = match env.origins.get(&l) {
                Some((start, _)) => {
                    let s = conditions::bound_pieces(start, env)?;
                    let end = conditions::bound_pieces(&conditions::sum_cancelling(start, btc), env)?;
                    Some((s, end))
                }
                None => None,
            };
            // The bound and the start are evaluated when the loop is
            // entered: the range facts their narrow arithmetic needs
            // (`t & 7` read as `t` when 0 <= t <= 7) must hold on the
            // domain of that entry, not only on the iterations the bound
            // itself lets through (`k <= 6 - t` holds no point with t > 7,
            // so proving the fact there would be circular).
            env.take_nonneg(&dom, obligations)?;
            count_fits_its_width(view.loop_(l).backedge_bits, &bound, k, &dom, obligations)?;
            // The loop runs at least once when entered, the root too: SCEV's
            // count is an unsigned number of its width, which the model
            // reads as a signed one (a 16-bit counter from -32767 down to 0
            // has the count `c - 1`, negative as a signed number, yet runs
            // 32769 times). That the model's count is not negative is thus
            // an obligation, proved from the conditions that guard the
            // region or checked at run time, never a fact of the context.
            if !always_runs {
                let what = if l == root { "loop runs when entered" } else { "inner loop runs when entered" };
                let never = match (&origin, ub_nonneg.as_slice()) {
                    (None, [conj]) => {
                        for c in conj {
                            obligations.push(Obligation { domain: dom.clone(), fact: Fact::Affine(c.clone()), what, fallback: None });
                        }
                        None
                    }
                    // Its end is never below its start.
                    (Some((s, end)), _) => Some(conditions::pieces_less(end, s, true)?),
                    (None, _) => Some(conditions::negate_dnf(&ub_nonneg)?),
                };
                if let Some(never) = never {
                    obligations.push(Obligation { domain: dom.clone(), fact: Fact::Never(never), what, fallback: None });
                }
            }
            let (lower, bound) = match origin {
                None => (vec![vec![Constraint::ge0(AffExpr::sym(k))]], bound),
                Some((s, end)) => {
                    let kk = [vec![AffExpr::sym(k)]];
                    (conditions::pieces_less(&s, &kk, false)?, conditions::pieces_less(&kk, &end, false)?)
                }
            };
            entry_domain.insert(l, dom.clone());
            dom = env.with_pseudo_ranges(dnf_and(&dnf_and(&dom, &lower), &bound));
            env.take_nonneg(&dom, obligations)?;
        }
        if dom.len() > MAX_DISJUNCTS {
            return Err(Reason::NonAffineCondition("too many paths".into()));
        }
        let block = view.block(b);
        let mut flow = |to: BlockId, d: Dnf| {
            if env.blocks.contains(&to) {
                edges.entry((b, to)).or_default().extend(d.iter().cloned());
                incoming.entry(to).or_default().extend(d);
            }
        };
        match &block.term {
            Terminator::Br(to) => {
                if !cfg::is_back_edge(view, b, *to) {
                    flow(*to, dom.clone());
                }
            }
            Terminator::CondBr { cond, then_, else_ } => {
                let latch_of = env.loops.iter().copied().find(|&l| view.loop_(l).latch == Some(b));
                if let Some(l) = latch_of {
                    // The exit edge is taken once per entry of the loop.
                    let exit = view.loop_(l).exits[0];
                    flow(exit, entry_domain.get(&l).cloned().unwrap_or_default());
                } else {
                    let t = env.with_pseudo_ranges(dnf_and(&dom, &conditions::condition(view, env, *cond, false)?));
                    let e = env.with_pseudo_ranges(dnf_and(&dom, &conditions::condition(view, env, *cond, true)?));
                    env.take_nonneg(&dom, obligations)?;
                    flow(*then_, t);
                    flow(*else_, e);
                }
            }
            Terminator::Ret | Terminator::Other { .. } => {}
        }
        domains.insert(b, dom);
    }
    Ok(domains)
}

struct StatementBuilder<'a, 'v> {
    view: &'v FunctionView,
    env: &'a Env<'v>,
    arrays: ArrayTable,
    statements: Vec<Statement>,
}

/// Array accesses gathered before delinearization: per base pointer, the
/// element offsets of all accesses, and where each one goes.
#[derive(Default)]
struct ArrayTable {
    bases: Vec<ValueId>,
    elem: Vec<Type>,
    offsets: Vec<Vec<Polynomial>>,
    /// (array, offset index) -> (statement, access index)
    uses: Vec<Vec<(usize, usize)>>,
}

impl ArrayTable {
    fn add(&mut self, base: ValueId, ty: Type, offset: Polynomial, stmt: usize, access: usize) -> Result<ArrayId, Reason> {
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
    fn finish(
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
    fn collect(&mut self, order: &[BlockId], domains: &HashMap<BlockId, Dnf>, obligations: &mut Vec<Obligation>) -> Result<(), Reason> {
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
                let (base, offset) = self.split_address(addr, ty, b)?;
                self.env.take_nonneg(&domain, obligations)?;
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
    fn split_address(&self, addr: ValueId, ty: Type, block: BlockId) -> Result<(ValueId, Polynomial), Reason> {
        let scev = self.view.scev(addr).ok_or_else(|| Reason::UnsupportedAddress("address not analyzable".into()))?;
        // Narrow pointers (address spaces with 32-bit pointers): the
        // address wraps at their width, which an alias check's exact
        // address ranges would miss.
        if scev.has_bare_trunc() {
            return Err(Reason::UnsupportedAddress("truncation".into()));
        }
        let poly = Polynomial::from_scev(scev, self.env)?;
        // An address after a loop that still names its counter means the
        // counter's last value.
        let poly = self.env.at_loop_exits(poly, block).ok_or_else(|| Reason::NonAffineSubscript("value of a loop's last iteration".into()))?;
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
    fn check_not_carried_out(&self, v: ValueId, def: BlockId, used: BlockId) -> Result<(), Reason> {
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
    fn scalar_accesses(&mut self, order: &[BlockId]) -> Result<Vec<ValueId>, Reason> {
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
fn add_pseudo_loops(pseudo: &[PseudoLoop], stmts: &mut [Statement]) {
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

fn assign_schedules(view: &FunctionView, root: LoopId, order: &[BlockId], stmts: &mut [Statement]) {
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
