//! The polyhedral model of one SCoP: parameters, arrays, statements with
//! their iteration domains, original schedules and access relations.
//!
//! Plain data over [`AffExpr`]s: it names LLVM objects only by the ids of
//! the function view, so later stages (dependences, scheduling) use it
//! without LLVM.

use super::affine::{AffExpr, Constraint, Counter, Dnf, Sym};
use super::polynomial::Polynomial;
use super::poly_scop::StmtId;
use crate::ir::{BlockId, LoopId, SrcLoc, Type, ValueId};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayId(pub u32);

#[derive(Clone, Debug)]
pub struct Param {
    /// `Sym::Param(value)` for an IR value; `Sym::Counter(l)` for the
    /// counter of a loop enclosing the region (fixed while it runs).
    pub sym: Sym,
    pub name: String,
    /// Width of the IR integer; its range is part of the context.
    pub bits: u32,
}

#[derive(Clone, Debug)]
pub struct Array {
    /// The base pointer (a parameter of the region).
    pub base: ValueId,
    pub name: String,
    pub elem: Type,
    pub elem_bytes: u32,
    /// Sizes of the dimensions after the first (outermost first).
    pub inner_sizes: Vec<AffExpr>,
    /// The pointer is `noalias` (restrict) or a distinct allocation.
    pub noalias: bool,
}

impl Array {
    pub fn ndims(&self) -> usize {
        self.inner_sizes.len() + 1
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    Write,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Array(ArrayId),
    /// An SSA value communicated between statements (or a PHI's incoming
    /// value), modelled as a zero-dimensional memory cell.
    Scalar(ValueId),
}

#[derive(Clone, Debug)]
pub struct Access {
    pub kind: AccessKind,
    pub target: Target,
    /// One affine subscript per array dimension (empty for scalars).
    pub subscripts: Vec<AffExpr>,
    /// The load or store (None for scalar accesses).
    pub instr: Option<ValueId>,
}

/// One schedule dimension of the original (2d+1) schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchedDim {
    /// Textual position among siblings.
    Pos(u32),
    /// The counter of an enclosing loop.
    Loop(Counter),
}

#[derive(Clone, Debug)]
pub struct Statement {
    pub name: String,
    pub block: BlockId,
    /// Enclosing loops of the region, outermost first (pseudo-loops
    /// right after the loop they are inside).
    pub loops: Vec<Counter>,
    /// Iteration domain over the counters of `loops` and the parameters.
    pub domain: Dnf,
    pub schedule: Vec<SchedDim>,
    pub accesses: Vec<Access>,
    /// A self-update `x = x op e` of one cell (scalar or array element)
    /// with an associative operator: dependences may relax it where the
    /// code generator can keep it correct.
    pub reduction: Option<super::reductions::Reduction>,
    /// The block does floating-point arithmetic (`fadd`, `fmul`, ...,
    /// `llvm.fmuladd`): in a loop that carries its values, a chain the
    /// vectorizer may not break (`ast::reduction_jam`).
    pub float_arith: bool,
    pub loc: Option<SrcLoc>,
}

/// A loop of the region, with its counter's display name.
#[derive(Clone, Debug)]
pub struct ModelLoop {
    pub id: Counter,
    pub name: String,
    pub loc: Option<SrcLoc>,
}

/// A counter `q = floor(p / 2)` for an affine sum `p` of counters and
/// parameters, so that the parity `p mod 2 = p - 2q` is affine: a red-black
/// sweep's inner loop starts at `1 + (i + c) % 2`. It is a loop of one
/// iteration (`0 <= p - 2q <= 1`) in every iteration of the loop `inside`
/// (the innermost loop whose counter `p` uses), and every statement in
/// that loop gets it as a dimension right after it. It has no IR loop:
/// its counter is a [`Counter::Pseudo`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PseudoLoop {
    pub id: Counter,
    pub half_of: AffExpr,
    pub inside: LoopId,
}

impl PseudoLoop {
    /// `0 <= p - 2q <= 1`.
    pub fn constraints(&self) -> Vec<Constraint> {
        let bit = self.half_of.sub(&AffExpr::sym(Sym::Counter(self.id)).scale(2).expect("small")).expect("small coefficients");
        vec![Constraint::ge0(bit.clone()), Constraint::ge0(bit.scale(-1).and_then(|b| b.add_const(1)).expect("small"))]
    }
}

/// Bounds of one counter as functions of the parameters: `ceil(expr/den)`
/// for a lower bound, `floor(expr/den)` for an upper one (`expr` affine in
/// the parameters, `den > 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamBound {
    pub expr: AffExpr,
    pub den: i128,
}

/// A counter's box side: it lies within `max(lower) ..= min(upper)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterBox {
    pub counter: Sym,
    pub lower: Vec<ParamBound>,
    pub upper: Vec<ParamBound>,
}

/// A range the model relies on but cannot prove at compile time: narrow
/// integer arithmetic with a product of symbols (`i*n + j` computed in 32
/// bits) does not wrap, `lo <= poly <= hi` over a statement's domain. It is
/// checked at run time by interval arithmetic over a box around each
/// disjunct of the domain (see `codegen::checks::range_checks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeCheck {
    pub poly: Polynomial,
    pub lo: i128,
    /// `None`: no upper bound to check.
    pub hi: Option<i128>,
    /// Per disjunct of the domain, the box of every counter of `poly`.
    pub boxes: Vec<Vec<CounterBox>>,
}

#[derive(Clone, Debug)]
pub struct Model {
    pub function: String,
    /// The outermost loop of the region.
    pub root: LoopId,
    pub loops: Vec<ModelLoop>,
    pub params: Vec<Param>,
    /// What is known of the parameters when the region runs.
    pub context: Vec<Constraint>,
    /// What the model assumes of the parameters without being able to
    /// prove it: the optimized code may run only after a run-time check
    /// of these (the original code runs otherwise).
    pub assumptions: Vec<Constraint>,
    /// Ranges of narrow arithmetic checked at run time, like `assumptions`.
    pub range_checks: Vec<RangeCheck>,
    pub arrays: Vec<Array>,
    pub statements: Vec<Statement>,
    /// Values defined in the region and used after it.
    pub live_out: Vec<ValueId>,
    /// Integer and pointer values of the region that code generation may
    /// recompute from counters and parameters instead of copying (their
    /// extensions were proved exact), with their polynomials.
    pub rebuildable: std::collections::BTreeMap<ValueId, Polynomial>,
    /// Counters used after their loop (a loop's header PHI read after it,
    /// as -O3 leaves it when it sinks the last iteration's work out of the
    /// loop): the loop and the counter's polynomial at its last iteration.
    pub exit_values: ExitValues,
    /// Counters standing for halves (see [`PseudoLoop`]); they are in
    /// `loops` too, right after the loop they are inside.
    pub pseudo_loops: Vec<PseudoLoop>,
    /// Scalars LICM promoted from a memory cell, mapped back to it.
    pub promoted: Vec<super::delicm::Promoted>,
    /// PHIs that carried a loaded value to the next iteration, mapped back
    /// to the cell.
    pub rotated: Vec<super::rotate::Rotated>,
    /// Values hoisted out of inner loops that their readers compute again
    /// (`scop::remat`), with the instructions that compute them.
    pub remat: std::collections::BTreeMap<ValueId, super::remat::Remat>,
    /// The same region with its running sums kept in registers where
    /// `scop::delicm` mapped one beside reads of other cells of its array
    /// (`Promoted::beside_other_cells`): the model to plan when the
    /// mapped one would leave such a sum in the innermost loop.
    pub without_other_cells: Option<Box<Model>>,
}

impl Model {
    /// Statement `s` (the model's statements are the SCoP's, in the same
    /// order).
    pub fn stmt(&self, s: StmtId) -> &Statement {
        &self.statements[s.index()]
    }

    /// Every statement's id, in order.
    pub fn stmt_ids(&self) -> impl DoubleEndedIterator<Item = StmtId> + ExactSizeIterator + Clone {
        StmtId::all(self.statements.len())
    }

    /// The arrays some statement writes.
    pub fn written_arrays(&self) -> std::collections::BTreeSet<ArrayId> {
        self.statements
            .iter()
            .flat_map(|s| &s.accesses)
            .filter(|x| x.kind == AccessKind::Write)
            .filter_map(|x| if let Target::Array(a) = x.target { Some(a) } else { None })
            .collect()
    }

    /// The index of the statement of `block`, if the block is one.
    pub fn statement_of(&self, block: crate::ir::BlockId) -> Option<usize> {
        self.statements.iter().position(|s| s.block == block)
    }

    /// The polynomial rebuilding `v` at a use whose enclosing region loops
    /// are those for which `encloses` holds. A value of an inner loop used
    /// after that loop is its last value, not a function of the use's
    /// counters: it is not rebuilt there (it travels as a scalar). Detection
    /// and code generation both decide with this one rule.
    pub fn rebuilt_at(&self, v: ValueId, encloses: &dyn Fn(Counter) -> bool) -> Option<Polynomial> {
        rebuilt_at(&self.rebuildable, &self.exit_values, &|l| self.loops.iter().any(|m| m.id == l), v, encloses)
    }

    /// The display name of a symbol.
    pub fn sym_name(&self, s: Sym) -> String {
        match s {
            Sym::Param(v) => self.params.iter().find(|p| p.sym == s).map_or_else(|| format!("v{}", v.0), |p| p.name.clone()),
            Sym::Counter(l) => self
                .loops
                .iter()
                .find(|m| m.id == l)
                .map(|m| m.name.clone())
                .or_else(|| self.params.iter().find(|p| p.sym == s).map(|p| p.name.clone()))
                .unwrap_or_else(|| match l {
                    Counter::Loop(l) => format!("L{}", l.0),
                    Counter::Pseudo(k) => format!("Q{k}"),
                }),
            Sym::Atom(k) => format!("atom{k}"),
        }
    }

    pub fn array(&self, a: ArrayId) -> &Array {
        &self.arrays[a.0 as usize]
    }
}


/// See [`Model::exit_values`].
pub type ExitValues = std::collections::BTreeMap<ValueId, (LoopId, Polynomial)>;

/// [`Model::rebuilt_at`] before the model exists (detection's own use):
/// `region_loop` tells the region's loops from enclosing ones. A counter
/// used after its loop is rebuilt as its value at the loop's last
/// iteration ([`Model::exit_values`]).
pub fn rebuilt_at(
    rebuildable: &std::collections::BTreeMap<ValueId, Polynomial>,
    exit_values: &ExitValues,
    region_loop: &dyn Fn(Counter) -> bool,
    v: ValueId,
    encloses: &dyn Fn(Counter) -> bool,
) -> Option<Polynomial> {
    let enclosed = |p: &Polynomial| {
        p.terms.keys().flatten().all(|s| match s {
            Sym::Counter(l) if region_loop(*l) => encloses(*l),
            _ => true,
        })
    };
    let p = rebuildable.get(&v)?;
    if enclosed(p) {
        return Some(p.clone());
    }
    let (l, last) = exit_values.get(&v)?;
    (!encloses(Counter::Loop(*l)) && enclosed(last)).then(|| last.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_after_its_loop_is_its_last_value() {
        let (i, j) = (Sym::loop_counter(LoopId(0)), Sym::loop_counter(LoopId(1)));
        let n = Polynomial::sym(Sym::Param(ValueId(9)));
        let v = ValueId(3);
        // v = i + j + 1, with j's last value n - 1 - i: v = n after the loop.
        let at_v = Polynomial::sym(i).add(&Polynomial::sym(j)).unwrap().add(&Polynomial::constant(1)).unwrap();
        let rebuildable = std::collections::BTreeMap::from([(v, at_v.clone())]);
        let exits = ExitValues::from([(v, (LoopId(1), n.clone()))]);
        let region = |_: Counter| true;
        assert_eq!(rebuilt_at(&rebuildable, &exits, &region, v, &|_| true), Some(at_v.clone()));
        assert_eq!(rebuilt_at(&rebuildable, &exits, &region, v, &|l| l == Counter::Loop(LoopId(0))), Some(n));
        // Without an exit value, or outside both loops, nothing.
        assert_eq!(rebuilt_at(&rebuildable, &ExitValues::new(), &region, v, &|l| l == Counter::Loop(LoopId(0))), None);
        let exits_i = ExitValues::from([(v, (LoopId(1), Polynomial::sym(i)))]);
        assert_eq!(rebuilt_at(&rebuildable, &exits_i, &region, v, &|_| false), None);
    }
}
