//! Builds the [`Model`] of one candidate region (a loop nest) from the
//! function view, or says why it is not a SCoP.
//!
//! Facts the model relies on but cannot see syntactically (an unsigned
//! value is non-negative, a delinearized subscript stays inside its
//! dimension, an inner loop runs at least once when entered) are returned as
//! [`Obligation`]s: the caller proves them with the polyhedral core before
//! accepting the region.
//!
//! [`build_region`] runs these steps over one `Env` (the region's blocks
//! and loops, and what the steps have kept of symbol resolution's
//! findings so far), each in its own file:
//! - `origins`: loops counted from a min/max start;
//! - `flags`: one-bit flags that flip with their loop, and selects on them;
//! - `domains`: every block's iteration domain, the loops around the region;
//! - `values`: merged PHIs, values rebuilt where used, counters after their
//!   loop;
//! - `statements`: statements, arrays, scalar accesses, original schedule;
//! - `symbols`: what a value is as a symbol (`SymEnv`), which every step
//!   asks. Resolution only reads the `Env`: what it finds (parameters,
//!   loops around the region, pseudo-loops, ranges of narrow arithmetic)
//!   comes back in a `Found`, and the step that asked keeps it
//!   (`Env::keep`, which gives back the ranges for the step to make
//!   obligations of or drop) or drops it.

use super::affine::{dnf_and, dnf_coalesce, AffExpr, Constraint, Counter, Dnf, Sym};
use super::cfg;
use super::conditions::{self, MAX_DISJUNCTS};
use super::delinearize::{delinearize, delinearize_with, strides_of};
use super::model::*;
use super::conditions::has_minmax;
use super::polynomial::{atom_sym, canonical_atom, is_minmax_like, Found, Polynomial, Range, SymEnv};
use super::quotient::{extremum_facts, quotient_facts, remainder_facts, unsigned_quotient};
use super::reason::Reason;
use super::reductions;
use crate::ir::*;
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
    params: BTreeSet<ValueId>,
    /// Loops enclosing the region whose counters appear: parameters too.
    outer: BTreeSet<LoopId>,
    /// Values that may be recomputed (see `Model::rebuildable`).
    rebuildable: BTreeMap<ValueId, Polynomial>,
    root: LoopId,
    /// Loops counted from a start that is a min/max (see
    /// [`SymEnv::origin`]): the start's SCEV and polynomial.
    origins: HashMap<LoopId, (Scev, Polynomial)>,
    /// The min/max parts of those starts, by placeholder index.
    atoms: Vec<Scev>,
    /// PHIs that merge values equal on every path (see `merge_phis`), with
    /// their common polynomial.
    merged: HashMap<ValueId, Polynomial>,
    /// Blocks every entry of the region passes (see `entry_chain`).
    chain: Vec<BlockId>,
    /// See `Model::exit_values`.
    exit_values: ExitValues,
    /// Pseudo-loops of parities (see [`SymEnv::parity`]).
    pseudo: Vec<PseudoLoop>,
}

impl<'v> Env<'v> {
    /// Nothing found yet about the region of `blocks` and `loops`.
    fn new(view: &'v FunctionView, blocks: HashSet<BlockId>, loops: HashSet<LoopId>, root: LoopId, chain: Vec<BlockId>) -> Env<'v> {
        Env {
            view,
            blocks,
            loops,
            params: BTreeSet::new(),
            outer: BTreeSet::new(),
            rebuildable: BTreeMap::new(),
            root,
            origins: HashMap::default(),
            atoms: vec![],
            merged: HashMap::default(),
            chain,
            exit_values: BTreeMap::new(),
            pseudo: vec![],
        }
    }

    /// Keeps what a symbol resolution found: its parameters, loops around
    /// the region and pseudo-loops become the region's. Its ranges are
    /// given back: the caller makes obligations of them or drops them.
    fn keep(&mut self, found: Found) -> Vec<Range> {
        self.params.extend(found.params);
        self.outer.extend(found.outer);
        self.pseudo.extend(found.pseudo);
        found.ranges
    }
}

/// At most this many pseudo-loops per region.
const MAX_PSEUDO_LOOPS: usize = 4;

mod domains;
mod flags;
mod origins;
mod statements;
mod symbols;
mod values;

use domains::{block_domains, enclosing_bounds, entry_chain, entry_conditions};
use origins::Origin;
use statements::{add_pseudo_loops, assign_schedules, ArrayTable, StatementBuilder};
use symbols::is_value_param;

/// The model of the loop nest rooted at `root`, with its obligations;
/// it is built the other ways `fallbacks` name.
pub fn build_region(view: &FunctionView, root: LoopId, fallbacks: &BTreeSet<Fallback>) -> Result<(Model, Vec<Obligation>), Reason> {
    let loops = cfg::loops_of(view, root);
    for &l in &loops {
        cfg::check_loop_shape(view, l)?;
    }
    let region_blocks: HashSet<BlockId> = view.loop_(root).blocks.iter().copied().collect();
    check_instructions(view, &region_blocks)?;
    let mut env = Env::new(view, region_blocks.clone(), loops.iter().copied().collect(), root, entry_chain(view, &region_blocks, root));
    env.find_origins();
    env.find_flags();
    let order = cfg::topo_order(view, view.loop_(root).header, &region_blocks)?;
    let mut obligations = Vec::new();
    let mut edges = HashMap::default();
    let domains = block_domains(view, &mut env, root, &order, &mut obligations, &mut edges)?;
    env.merge_phis(&domains, &edges, fallbacks, &mut obligations);
    env.find_rebuildable(&domains, fallbacks, &mut obligations);
    env.find_exit_values();
    let mut b = StatementBuilder { view, env: &mut env, arrays: ArrayTable::default(), statements: vec![] };
    b.collect(&order, &domains, &mut obligations)?;
    for s in b.statements.iter_mut() {
        s.domain = b.env.with_pseudo_ranges(std::mem::take(&mut s.domain));
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
    // (Their dividends become parameters too; ranges are not needed.)
    let used: Vec<ValueId> = env.params.iter().copied().collect();
    let mut found = Found::default();
    let mut quotients: Vec<Constraint> = used.iter().flat_map(|&q| quotient_facts(view, &env, q, &mut found)).collect();
    quotients.extend(used.iter().flat_map(|&q| extremum_facts(view, &env, q, &mut found)));
    quotients.extend(used.iter().flat_map(|&r| remainder_facts(view, r)));
    env.keep(found);
    // Unsigned quotients (see `Env::quotient`) hold their facts only for a
    // non-negative dividend: the optimized code runs only then.
    let mut assumptions = Vec::new();
    for &q in &used {
        let mut found = Found::default();
        if let Some((facts, dividend)) = unsigned_quotient(view, &env, q, &mut found) {
            quotients.extend(facts);
            assumptions.push(dividend);
        }
        env.keep(found);
    }
    let mut params: Vec<Param> = env
        .params
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
    context.extend(enclosing_bounds(view, &mut env, &mut obligations));
    for &l in env.outer.iter() {
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
    let pseudo_loops = std::mem::take(&mut env.pseudo);
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
        rebuildable: std::mem::take(&mut env.rebuildable),
        exit_values: std::mem::take(&mut env.exit_values),
        pseudo_loops,
        promoted: vec![],
        rotated: vec![],
        remat: Default::default(),
        without_other_cells: None,
    };
    Ok((model, obligations))
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
    let mut local_objects: HashSet<ValueId> = HashSet::default();
    for b in sorted {
        let block = view.block(b);
        if let Terminator::Other { opcode } = &block.term {
            return Err(Reason::ComplexControlFlow(format!("'{opcode}' terminator")));
        }
        for i in &block.instrs {
            match &i.op {
                Op::Unsupported { opcode } => return Err(Reason::UnsupportedInstruction(format!("'{opcode}'"))),
                // Each object once (its start and end markers name it both).
                Op::Call { callee, .. } if crate::ir::is_lifetime_marker(callee) => {
                    let object = i.operands.first().copied();
                    if object.is_some_and(|o| local_objects.contains(&o)) {
                        continue;
                    }
                    if let Some(o) = object.filter(|&o| crate::ir::unescaped_stack_object(view, o, Some(blocks))) {
                        local_objects.insert(o);
                    } else {
                        return Err(Reason::UnsupportedCall(format!("'{callee}' of a stack object whose address escapes or that is used outside the loop nest")));
                    }
                }
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
