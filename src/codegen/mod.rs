//! Code generation (docs/design.md: `codegen`): the new loop nest as LLVM IR in
//! a versioned region.
//!
//! ```text
//! preheader:  params, run-time checks; br %rtc, tessera.start, header
//! tessera.start: scalar slots get the values PHIs receive from outside;
//!             the loop AST, statements copied per instance (stmt.rs)
//! tessera.end: live-out values for the exit block's PHIs; br exit
//! header ... (the original nest, untouched: the fallback)
//! ```
//!
//! Scalars crossing statements live in stack slots (the cleanup pipeline
//! promotes them back to registers). Innermost parallel loops get
//! `llvm.loop.parallel_accesses` over their copied loads and stores and,
//! unless they call a function LoopVectorize cannot widen or guard
//! statements by the iteration, `llvm.loop.vectorize.enable`. Guards in an
//! innermost loop depend on its counter (the others are hoisted), and
//! LoopVectorize cannot always predicate them (a store to one cell under
//! `t0 == t1`): forced, it would warn the user "loop not vectorized" (an
//! error under -Werror); unforced, its cost model decides.

mod cells;
pub mod checks;
pub mod expr;
mod matmul;
mod parallel;
mod private;
pub mod stats;
pub mod stmt;

use crate::ast::{any_stmt, count_stmts, Ast, Node};
use crate::plan::alias::{admissible, pairs_to_check};
use crate::plan::threads::Threading;
use crate::bridge::rewrite::Ir;
use crate::ir::{FunctionView, Op, ValueId};
use crate::scop::affine::{Counter, Sym};
use crate::scop::model::{AccessKind, ArrayId, Model, Target};
use crate::scop::poly_scop::StmtId;
use expr::{Env, ExprGen};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::values::{BasicValue, InstructionValue, IntValue, PhiValue, PointerValue};
use inkwell::IntPredicate;
use std::collections::BTreeSet;
use crate::stable::HashMap;
use crate::scop::body::BodyPlan;
use stmt::{RegionInfo, StmtCopy};

/// What was generated, for the remark.
#[derive(Debug, Default)]
pub struct Summary {
    pub loops: usize,
    pub parallel_loops: usize,
    pub vectorizable_loops: usize,
    pub alias_checks: usize,
    /// The pairs of arrays checked for overlap at run time, by name.
    pub checked_pairs: Vec<(String, String)>,
    /// Parallel loops run by an OpenMP thread team.
    pub openmp_loops: usize,
    /// The schedule dimensions of the loops run by a thread team, and of
    /// those marked for the vectorizer: what the remark names.
    pub openmp_dims: std::collections::BTreeSet<usize>,
    pub vectorized_dims: std::collections::BTreeSet<usize>,
    /// Matmul-like statements emitted in the BLIS structure, with their
    /// blocking (`matmul`).
    pub matmul: Vec<(StmtId, crate::sched::gemm::Blocking)>,
    /// The arrays that loops run by a thread team gave each thread a copy
    /// of (`For::private`), by name.
    pub private_arrays: std::collections::BTreeSet<String>,
    /// The arrays whose cells inner loops kept in registers (`cells`), by
    /// name.
    pub register_cells: std::collections::BTreeSet<String>,
}

/// Unwraps a builder call: they fail only when the builder has no position,
/// which is a bug in the generator.
pub(crate) fn ok<T>(r: Result<T, inkwell::builder::BuilderError>) -> T {
    r.expect("builder is positioned in a block")
}

struct Gen<'r, 'a, 'b> {
    ir: &'b Ir<'a>,
    b: Builder<'a>,
    region: RegionInfo<'r, 'a>,
    model: &'r Model,
    env: Env<'a>,
    /// Loads and stores emitted per enclosing loop, innermost last.
    memory: Vec<Vec<InstructionValue<'a>>>,
    /// Every load and store of an array emitted, with its array.
    arrays: Vec<(InstructionValue<'a>, ArrayId)>,
    summary: Summary,
    /// Blocks created so far (deleted again if generation fails).
    blocks: Vec<BasicBlock<'a>>,
    /// Whether parallel loops may become OpenMP code (module built with -fopenmp).
    openmp: bool,
    /// Whether the target has vector registers ([`CodegenOptions::vectors`]).
    vectors: bool,
    /// Number of loops enclosing the node being generated.
    depth: usize,
    /// Whether the node being generated is in a worker (runs on a team).
    in_team: bool,
    /// Whether the node being generated is right inside an outermost
    /// wavefront loop (each of its iterations runs a wavefront of tiles).
    in_wavefront: bool,
    /// Worker regions to outline once the new code is reachable.
    workers: Vec<Worker<'a>>,
    /// The loop (its schedule dimension) whose fork the dispatch to the
    /// region decides (`parallel::entry_fork`).
    entry_fork: Option<usize>,
    /// Which parallel loops may run on threads.
    threading: Threading<'r>,
    /// In a loop jammed around a reduction (`For::copies`): the slots of
    /// the scalars it writes for each row but the first (which keeps the
    /// scalar's own slot), by scalar and row.
    row_slots: HashMap<(ValueId, u32), PointerValue<'a>>,
    /// Where new stack slots go: the first block of the worker being
    /// generated (its thread's entry once outlined), else the function's
    /// entry block.
    slot_block: Option<BasicBlock<'a>>,
    /// The stack slots made in the worker being generated.
    worker_slots: Vec<InstructionValue<'a>>,
    /// The cells the statement node being emitted keeps in registers
    /// (`cells`).
    node_cells: Vec<cells::Cell<'a>>,
}

/// A parallel loop's worker (see `parallel`).
struct Worker<'a> {
    /// Its blocks, entry first.
    blocks: Vec<BasicBlock<'a>>,
    /// The stack slots of its threads' private scalars.
    slots: Vec<InstructionValue<'a>>,
    /// Its calls of omp_get_num_threads and omp_get_thread_num.
    queries: [IntValue<'a>; 2],
    /// Where the worker also runs the small cases itself: the test of
    /// whether a fork pays (`Gen::parallel_for`).
    fork: Option<IntValue<'a>>,
    /// The schedule dimension of its loop.
    dim: usize,
    /// The arrays its threads have copies of.
    private: Vec<ArrayId>,
}

/// How to generate code for one SCoP.
#[derive(Clone, Debug, Default)]
pub struct CodegenOptions {
    /// Run parallel loops on OpenMP threads.
    pub openmp: bool,
    /// Allow run-time alias checks (`-tessera-rtc`).
    pub rtc: bool,
    /// Loops may be forced to vectorize: the target has vector registers
    /// (LLVM's TTI gives their width) and the user left the loop
    /// vectorizer on. A loop forced on a target without them (32-bit x86
    /// before SSE: `-m32` without `-march`) cannot be, and LLVM warns of
    /// each such loop in the user's build (`-Wpass-failed`); under
    /// `-fno-vectorize` the vectorizer takes only forced loops, so a
    /// forced one would be vectorized against the user's word.
    pub vectors: bool,
    /// Count the runs of each version (`-tessera-rtc-stats`) under this
    /// label (function and source line).
    pub stats_label: Option<String>,
}

/// Detection lets no min/max placeholder (`Sym::Atom`) become a parameter.
const ATOM_PARAM: &str = "a min/max placeholder among the parameters";

/// Rewrites the SCoP `model` (already prepared: preheader, LCSSA) with the
/// loop tree `ast`.
pub fn generate(ir: &Ir<'_>, view: &FunctionView, model: &Model, ast: &Ast, opts: &CodegenOptions) -> Result<Summary, String> {
    let root = view.loop_(model.root);
    // Everything that can fail is decided before the IR changes.
    if model.params.iter().any(|p| matches!(p.sym, Sym::Atom(_))) {
        return Err(ATOM_PARAM.into());
    }
    let pairs = pairs_to_check(model, view);
    admissible(model, &pairs, opts.rtc)?;
    // Addresses of different address spaces need not share one numbering:
    // their overlap cannot be decided by comparing them.
    for &(x, y) in &pairs {
        let space = |a: ArrayId| ir.basic_value(model.array(a).base).into_pointer_value().get_type().get_address_space();
        if space(x) != space(y) {
            return Err(format!(
                "arrays '{}' and '{}' are in different address spaces: their overlap cannot be checked at run time",
                model.array(x).name,
                model.array(y).name
            ));
        }
    }
    let mut ranges = HashMap::default();
    for &(x, y) in &pairs {
        for a in [x, y] {
            if !ranges.contains_key(&a) {
                ranges.insert(a, checks::array_range(model, a)?);
            }
        }
    }
    let preheader = ir.block(root.preheader.ok_or("the nest has no preheader")?);
    let header = ir.block(root.header);
    let exit = ir.block(*root.exits.first().ok_or("the nest has no exit")?);
    let latch = root.latch.ok_or("the nest has no latch")?;
    let b = ir.context.create_builder();

    // Stack slots, in the entry block so that they dominate everything.
    position_at_entry(ir, &b)?;
    let scalars: BTreeSet<ValueId> = model
        .statements
        .iter()
        .flat_map(|s| &s.accesses)
        .filter_map(|a| if let Target::Scalar(v) = &a.target { Some(*v) } else { None })
        .collect();
    let mut slots = HashMap::default();
    for &v in &scalars {
        let ty = ir.basic_value(v).get_type();
        slots.insert(v, ok(b.build_alloca(ty, "tessera.scalar")));
    }

    // Parameters and the run-time check, before the preheader's branch.
    let old_br = preheader.get_terminator().ok_or("preheader without terminator")?;
    b.position_before(&old_br);
    let mut params = HashMap::default();
    let mut param_list = Vec::new();
    for p in &model.params {
        let v = match p.sym {
            Sym::Counter(Counter::Loop(l)) => ir.expand_counter(l, old_br),
            // Pseudo-loops are inside the region, never around it.
            Sym::Counter(Counter::Pseudo(_)) => return Err("a pseudo-loop's counter as a parameter".into()),
            Sym::Param(v) => {
                let x = ir.basic_value(v).into_int_value();
                if x.get_type().get_bit_width() < 64 {
                    ok(b.build_int_s_extend(x, ir.context.i64_type(), &p.name))
                } else {
                    x
                }
            }
            Sym::Atom(_) => return Err(ATOM_PARAM.into()),
        };
        params.insert(p.sym, v);
        param_list.push(v);
    }
    let g = ExprGen { b: &b, ctx: &ir.context };
    let mut rtc = checks::assumptions(&g, model, &params);
    rtc = ok(b.build_and(rtc, checks::range_checks(ir, &g, model, &params), "rtc"));
    let alias = checks::alias_condition(ir, &g, model, &pairs, &ranges, &params);
    rtc = ok(b.build_and(rtc, alias, "rtc"));
    let counter = opts.stats_label.as_ref().map(|label| stats::new_counter(ir, label));
    if let Some(c) = counter {
        stats::bump(ir, &b, c, stats::Event::Entered);
        stats::bump_if(ir, &b, c, stats::Event::Optimized, rtc);
    }

    let start = ir.context.append_basic_block(ir.function, "tessera.start");
    let end = ir.context.append_basic_block(ir.function, "tessera.end");

    let region = RegionInfo { view, model, plan: BodyPlan::new(model, view), slots, params, bases: HashMap::default() };
    // PHIs of the region receiving values from outside it: their slots start
    // with those values.
    b.position_at_end(start);
    // Stack objects whose lifetime starts and ends in the nest (arrays
    // declared in a loop body) live through the whole rewritten nest: no
    // statement copies their markers (`scop::body`), and detection
    // admitted only objects used nowhere else.
    let lifetimes = crate::ir::lifetime_objects(view, &root.blocks);
    lifetime_markers(ir, &b, &lifetimes, "llvm.lifetime.start");
    for &bid in &root.blocks {
        for i in &view.block(bid).instrs {
            if let (Op::Phi { incoming }, Some(slot)) = (&i.op, region.slots.get(&i.value)) {
                for (from, v) in incoming {
                    if !region.plan.in_region(*from) {
                        ok(b.build_store(*slot, ir.basic_value(*v)));
                    }
                }
            }
        }
    }
    let env = Env { params: param_list, vars: vec![None; ast.vars.len()] };
    let mut gen = Gen {
        ir,
        b,
        region,
        model,
        env,
        memory: vec![],
        arrays: vec![],
        summary: Summary {
            alias_checks: pairs.len(),
            checked_pairs: pairs.iter().map(|&(x, y)| (model.array(x).name.clone(), model.array(y).name.clone())).collect(),
            ..Summary::default()
        },
        blocks: vec![start, end],
        openmp: opts.openmp,
        vectors: opts.vectors,
        depth: 0,
        in_team: false,
        in_wavefront: false,
        workers: vec![],
        entry_fork: None,
        threading: Threading::new(view, model, ast),
        row_slots: HashMap::default(),
        slot_block: None,
        worker_slots: vec![],
        node_cells: vec![],
    };
    gen.b.position_before(&old_br);
    let rtc = match gen.entry_fork(ast) {
        Some(fork) => ok(gen.b.build_and(rtc, fork, "rtc")),
        None => rtc,
    };
    gen.b.position_at_end(start);
    if let Err(e) = gen.nodes(&ast.body) {
        // Nothing reaches the new blocks yet: drop them, the IR is as before.
        ir.delete_blocks(&gen.blocks);
        return Err(e);
    }
    ok(gen.b.build_unconditional_branch(end));

    // Live-out values reach the exit block's (LCSSA) PHIs.
    gen.b.position_at_end(end);
    lifetime_markers(ir, &gen.b, &lifetimes, "llvm.lifetime.end");
    let latch_bb = ir.block(latch);
    let mut exit_phis: Vec<(PhiValue, inkwell::values::BasicValueEnum)> = Vec::new();
    for inst in exit.get_instructions() {
        let Ok(phi) = PhiValue::try_from(inst) else { break };
        let from_latch = (0..phi.count_incoming()).find_map(|k| phi.get_incoming(k).filter(|(_, bb)| *bb == latch_bb));
        let Some((v, _)) = from_latch else { continue };
        let value = match ir.id_of(&v) {
            // A header PHI's slot already holds the value for the iteration
            // after the last one (its incoming value is stored at the end of
            // each iteration), but the exit wants the last iteration's value:
            // when SCEV knows it (a counter's last value), it is computed
            // before the nest.
            Some(id) if is_header_phi(view, model, id) => match ir.expand_exit_value(model.root, v, old_br) {
                Some(x) => x,
                None => {
                    ir.delete_blocks(&gen.blocks);
                    return Err(format!("the loop-carried value '{}' is used after the loop", view.value(id).name));
                }
            },
            Some(id) if gen.region.slots.contains_key(&id) => {
                ok(gen.b.build_load(v.get_type(), gen.region.slots[&id], "liveout"))
            }
            Some(id) if gen.region.defined_inside(id) => {
                ir.delete_blocks(&gen.blocks);
                return Err(format!("live-out value '{}' is not modelled", view.value(id).name));
            }
            _ => v,
        };
        exit_phis.push((phi, value));
    }
    ok(gen.b.build_unconditional_branch(exit));
    for (phi, value) in &exit_phis {
        phi.add_incoming(&[(value as &dyn BasicValue, end)]);
    }
    // Only now does the new code become reachable.
    gen.b.position_before(&old_br);
    let dispatch = ok(gen.b.build_conditional_branch(rtc, start, header));
    old_br.erase_from_basic_block();
    // A bug in the generator must never leave broken IR behind: if the
    // function no longer verifies, the original nest is made the only path
    // again and the new blocks are deleted.
    if let Err(why) = ir.verify() {
        gen.b.position_before(&dispatch);
        ok(gen.b.build_unconditional_branch(header));
        dispatch.erase_from_basic_block();
        for (phi, _) in &exit_phis {
            ir.remove_incoming(*phi, end);
        }
        ir.delete_blocks(&gen.blocks);
        return Err(format!("internal error: {why}; the nest is left as it was"));
    }
    // The new code runs only when the arrays it writes overlap no other
    // array (checked above, or provably distinct): saying so with scoped
    // no-alias metadata lets LICM keep an accumulator in a register and
    // the vectorizer go without checks of its own (Polly and
    // LoopVersioning do the same).
    ir.annotate_alias_scopes(&gen.arrays.iter().map(|&(i, a)| (i, a.0)).collect::<Vec<_>>());
    if counter.is_some() || !gen.workers.is_empty() {
        ir.forget_effect_attributes();
    }
    // Workers run outlined, on a team; if that fails, in place on the
    // calling thread alone.
    for w in &gen.workers {
        if ir.outline_parallel(&w.blocks, w.fork) {
            gen.summary.openmp_loops += 1;
            gen.summary.openmp_dims.insert(w.dim);
            gen.summary.private_arrays.extend(w.private.iter().map(|&a| model.array(a).name.clone()));
        } else {
            // The whole range, whatever team the caller may be in.
            for (q, alone) in w.queries.iter().zip([1, 0]) {
                q.replace_all_uses_with(q.get_type().const_int(alone, false));
                q.as_instruction().expect("a call").erase_from_basic_block();
            }
            // The slots go to the entry block, so that they are allocated
            // once, not on each entry of the worker.
            let at_entry = ir.context.create_builder();
            position_at_entry(ir, &at_entry)?;
            for slot in &w.slots {
                slot.remove_from_basic_block();
                at_entry.insert_instruction(slot, None);
            }
        }
    }
    Ok(gen.summary)
}

/// Calls `marker` (`llvm.lifetime.start` or `.end`) on each of `objects`
/// at the builder.
fn lifetime_markers<'a>(ir: &Ir<'a>, b: &Builder<'a>, objects: &[ValueId], marker: &str) {
    let intrinsic = inkwell::intrinsics::Intrinsic::find(marker).expect("LLVM has the lifetime markers");
    for &o in objects {
        let object = ir.basic_value(o).into_pointer_value();
        let f = intrinsic.get_declaration(ir.module(), &[object.get_type().into()]).expect("declared for the object's pointer type");
        ok(b.build_call(f, &[object.into()], ""));
    }
}

/// Positions `b` at the start of the function's entry block.
fn position_at_entry<'a>(ir: &Ir<'a>, b: &Builder<'a>) -> Result<(), String> {
    let entry = ir.function.get_first_basic_block().ok_or("function without blocks")?;
    match entry.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(entry),
    }
    Ok(())
}

/// Whether `v` is a PHI at the header of one of the region's loops.
fn is_header_phi(view: &FunctionView, model: &Model, v: ValueId) -> bool {
    // Through the LCSSA copies of inner loops (single-incoming PHIs): an
    // inner loop's counter read after the nest is one too.
    let mut v = v;
    while let Some(Op::Phi { incoming }) = view.def(v).map(|i| &i.op) {
        let crate::ir::ValueKind::Instruction(block) = view.value(v).kind else { return false };
        if model.loops.iter().any(|l| l.id.ir_loop().is_some_and(|l| view.loop_(l).header == block)) {
            return true;
        }
        match incoming.as_slice() {
            [(_, single)] => v = *single,
            _ => return false,
        }
    }
    false
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    fn nodes(&mut self, nodes: &[Node]) -> Result<(), String> {
        for n in nodes {
            self.node(n)?;
        }
        Ok(())
    }

    fn new_block(&mut self, name: &str) -> BasicBlock<'a> {
        let bb = self.ir.context.append_basic_block(self.ir.function, name);
        self.blocks.push(bb);
        bb
    }

    fn node(&mut self, n: &Node) -> Result<(), String> {
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        match n {
            Node::Stmt { stmt, iter, copy: row } => {
                let vals: Vec<IntValue<'a>> = iter.iter().map(|e| g.expr(e, &self.env)).collect();
                // A jammed row's statement uses its row's scalars.
                let own: Vec<(ValueId, PointerValue<'a>)> = self.row_slots.iter().filter(|((_, k), _)| k == row).map(|(&(v, _), &p)| (v, p)).collect();
                let shared: Vec<_> = own.into_iter().filter_map(|(v, p)| self.region.slots.insert(v, p).map(|old| (v, old))).collect();
                let mut copy = StmtCopy::new(self.ir, &self.b, &self.region, *stmt, vals);
                copy.cells = std::mem::take(&mut self.node_cells);
                let emitted = copy.emit();
                let mem = std::mem::take(&mut copy.memory);
                let mut arrays = std::mem::take(&mut copy.arrays);
                drop(copy);
                for (v, p) in shared {
                    self.region.slots.insert(v, p);
                }
                emitted?;
                self.arrays.append(&mut arrays);
                for level in self.memory.iter_mut() {
                    level.extend(mem.iter().copied());
                }
            }
            Node::If { cond, then, otherwise, .. } => {
                let c = g.conds(cond, &self.env);
                let (tb, eb, merge) = (self.new_block("tessera.then"), self.new_block("tessera.else"), self.new_block("tessera.endif"));
                ok(self.b.build_conditional_branch(c, tb, eb));
                self.b.position_at_end(tb);
                self.nodes(then)?;
                ok(self.b.build_unconditional_branch(merge));
                self.b.position_at_end(eb);
                self.nodes(otherwise)?;
                ok(self.b.build_unconditional_branch(merge));
                self.b.position_at_end(merge);
            }
            Node::For(f) if f.matmul.is_some() => self.matmul_for(f, f.matmul.as_deref().expect("checked"))?,
            // A parallel loop outside every team runs on one (see `parallel`
            // for when one under sequential loops forks).
            Node::For(f) if self.openmp && !self.in_team && self.threading.forks(f) => {
                self.parallel_for(f)?;
            }
            Node::For(f) => self.plain_for(f)?,
        }
        Ok(())
    }
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// Loop `f` on the calling thread.
    fn plain_for(&mut self, f: &crate::ast::For) -> Result<(), String> {
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let lb = g.expr(&f.lower, &self.env);
        let ub = g.expr(&f.upper, &self.env);
        let rows = self.jammed_rows(f)?;
        let (header, exit) = (self.new_block("tessera.loop"), self.new_block("tessera.loop.exit"));
        let enter = ok(self.b.build_int_compare(IntPredicate::SLE, lb, ub, "enter"));
        // Cells kept in registers over the loop: loaded where it runs,
        // stored back after it.
        let around = (!f.promoted.is_empty()).then(|| (self.new_block("tessera.cells"), self.new_block("tessera.cells.out")));
        ok(self.b.build_conditional_branch(enter, around.map_or(header, |a| a.0), exit));
        let cells = match around {
            Some((load, _)) => {
                self.b.position_at_end(load);
                let cells = self.load_cells(f, lb)?;
                ok(self.b.build_unconditional_branch(header));
                cells
            }
            None => vec![],
        };
        let from = self.b.get_insert_block().expect("positioned");
        self.b.position_at_end(header);
        let iv = ok(self.b.build_phi(self.ir.context.i64_type(), "t"));
        let iv_val = iv.as_basic_value().into_int_value();
        let saved = self.env.vars[f.var].replace(iv_val);
        self.memory.push(vec![]);
        let in_wavefront = std::mem::replace(&mut self.in_wavefront, f.wavefront && self.depth == 0);
        self.depth += 1;
        let mut body = Ok(());
        for (k, n) in f.body.iter().enumerate() {
            self.node_cells = cells.get(k).cloned().unwrap_or_default();
            body = self.node(n);
            if body.is_err() {
                break;
            }
        }
        self.node_cells.clear();
        self.depth -= 1;
        self.in_wavefront = in_wavefront;
        self.row_slots = rows;
        body?;
        let mem = self.memory.pop().unwrap_or_default();
        self.env.vars[f.var] = saved;
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let next = ok(self.b.build_int_nsw_add(iv_val, g.i64(1), "t.next"));
        let again = ok(self.b.build_int_compare(IntPredicate::SLE, next, ub, "again"));
        let br = ok(self.b.build_conditional_branch(again, header, around.map_or(exit, |a| a.1)));
        let latch = self.b.get_insert_block().expect("positioned");
        iv.add_incoming(&[(&lb, from), (&next, latch)]);
        if let Some((_, out)) = around {
            self.b.position_at_end(out);
            self.store_cells(&cells);
            ok(self.b.build_unconditional_branch(exit));
        }
        self.summary.loops += 1;
        if f.parallel {
            self.summary.parallel_loops += 1;
        }
        self.mark_vectorizable(f, br, &mem);
        self.b.position_at_end(exit);
        Ok(())
    }

    /// For a loop jammed around a reduction (`For::copies`), the slots of
    /// each row's copies of the scalars it writes, which start with the
    /// scalars' values (emitted where the builder is, before the loop), in
    /// place for its body; returns the slots in place before, to be put
    /// back after the loop.
    fn jammed_rows(&mut self, f: &crate::ast::For) -> Result<HashMap<(ValueId, u32), PointerValue<'a>>, String> {
        if f.copies < 2 {
            return Ok(self.row_slots.clone());
        }
        let written = self.threading.written_scalars(&f.body);
        if self.model.live_out.iter().any(|v| written.contains(v)) {
            return Err("a jammed loop whose scalars are live after the region".into());
        }
        let mut rows = HashMap::default();
        for v in written {
            let slot = *self.region.slots.get(&v).ok_or("scalar without a slot")?;
            let ty = self.ir.basic_value(v).get_type();
            let value = ok(self.b.build_load(ty, slot, "row.start"));
            for k in 1..f.copies {
                let copy = self.new_slot(ty)?;
                ok(self.b.build_store(copy, value));
                rows.insert((v, k), copy);
            }
        }
        Ok(std::mem::replace(&mut self.row_slots, rows))
    }

    /// A new stack slot of type `ty` where slots go ([`Gen::slot_block`]).
    fn new_slot(&mut self, ty: inkwell::types::BasicTypeEnum<'a>) -> Result<PointerValue<'a>, String> {
        let at = self.ir.context.create_builder();
        match self.slot_block {
            Some(bb) => match bb.get_first_instruction() {
                Some(i) => at.position_before(&i),
                None => at.position_at_end(bb),
            },
            None => position_at_entry(self.ir, &at)?,
        }
        let slot = ok(at.build_alloca(ty, "tessera.row"));
        if self.slot_block.is_some() {
            self.worker_slots.extend(slot.as_instruction());
        }
        Ok(slot)
    }

    /// Marks an innermost parallel loop (closed by `latch_branch`, with the
    /// loads and stores `mem`) for LoopVectorize, and every point loop of
    /// a tile as not to be unrolled.
    ///
    /// A point loop runs at most a tile size of iterations, a constant, so
    /// LLVM unrolls it completely (after vectorizing it: 460 iterations are
    /// 14 interleaved vector steps), then the point loop around it, whose
    /// trip count is constant too: one tile becomes one block of thousands
    /// of instructions, per copy (full and partial tiles, per statement),
    /// and the machine scheduler's time grows with the square of a block
    /// (Gram-Schmidt: 4 s to compile instead of 0.6 s). An outer point loop
    /// is unrolled completely around an inner loop it cannot jam: 16
    /// copies of the inner loop, each with its vector body and remainder
    /// (a tiled 16-bit transpose as in gsl's matrix/swap.c: 24 KB of code
    /// instead of 4 KB, no faster). The tile sizes are chosen for the
    /// caches; the vectorizer interleaves the innermost loop already. So a
    /// loop marked for the vectorizer carries `unroll.disable` as the
    /// vectorizer's follow-up (its vector and remainder loops get it):
    /// on the loop itself LoopVectorize reads it as "interleave count 1"
    /// (a 1-D stencil's time tiles ran one vector per iteration, -O3's
    /// loop four).
    fn mark_vectorizable(&mut self, f: &crate::ast::For, latch_branch: InstructionValue<'a>, mem: &[InstructionValue<'a>]) {
        let innermost = !f.body.iter().any(Node::contains_loop);
        let no_unroll = f.role == crate::ast::LoopRole::Point;
        let strides = if f.vectorizable && f.parallel && innermost { self.strides(&f.body, f.var) } else { Strides::default() };
        if f.vectorizable && f.parallel && innermost && !strides.small {
            let force = self.vectors
                && !strides.scattered
                && !self.calls_functions(&f.body)
                && !f.body.iter().any(|n| matches!(n, Node::If { .. }))
                && !self.writes_unread_scalars(&f.body);
            self.ir.mark_loop(latch_branch, mem, true, force, no_unroll);
            self.summary.vectorizable_loops += force as usize;
            if force {
                self.summary.vectorized_dims.insert(f.var);
            }
        } else if no_unroll {
            self.ir.mark_loop(latch_branch, &[], false, false, true);
        }
    }

    /// How the array accesses of the statements under `nodes` move per step
    /// of loop variable `var`.
    fn strides(&self, nodes: &[Node], var: usize) -> Strides {
        let mut found = Strides::default();
        visit_stmts(nodes, &mut |stmt, iter| {
            let s = self.model.stmt(stmt);
            // d(subscript)/d(t_var), when every counter is affine in the loop variables.
            let along = |e: &crate::scop::affine::AffExpr| -> Option<i128> {
                let mut d = 0i128;
                for (sym, &c) in &e.coeffs {
                    // Parameters and the counters of loops around the region are fixed.
                    let Sym::Counter(l) = sym else { continue };
                    let Some(k) = s.loops.iter().position(|x| x == l) else { continue };
                    let crate::ast::Expr::Aff(a) = iter.get(k)? else { return None };
                    d += c * *a.vars.get(var)? as i128;
                }
                Some(d)
            };
            for a in s.accesses.iter().filter(|a| matches!(a.target, Target::Array(_))) {
                let Some((last, outer)) = a.subscripts.split_last() else { continue };
                let steady = outer.iter().all(|e| along(e) == Some(0));
                match along(last) {
                    Some(d) if steady && d.abs() <= 1 => {}
                    Some(d) if steady && (2..=8).contains(&d.abs()) => found.small = true,
                    _ => found.scattered = true,
                }
            }
        });
        found
    }

    /// Whether any statement under `nodes` calls a function that is not an
    /// intrinsic. LoopVectorize cannot widen such calls (no vector variant
    /// is known), so forcing it would only give the user a "loop not
    /// vectorized" warning.
    fn calls_functions(&self, nodes: &[Node]) -> bool {
        let view = self.region.view;
        any_stmt(nodes, &|s| {
            view.block(self.model.stmt(s).block).instrs.iter().any(|i| matches!(&i.op, Op::Call { callee, .. } if !callee.starts_with("llvm.")))
        })
    }

    /// Whether a statement under `nodes` writes a scalar that none of them
    /// reads. Its last value leaves the loop (a loop holding only the first
    /// of two statements that communicate through a scalar, once the
    /// second is peeled off): LoopVectorize cannot vectorize such a loop
    /// ("value used outside the loop"), so forcing it would only warn.
    fn writes_unread_scalars(&self, nodes: &[Node]) -> bool {
        let mut stmts = std::collections::BTreeMap::new();
        count_stmts(nodes, &mut stmts);
        let scalars = |kind: AccessKind| -> BTreeSet<ValueId> {
            let accesses = stmts.keys().flat_map(|&s| &self.model.stmt(s).accesses);
            accesses.filter(|a| a.kind == kind).filter_map(|a| if let Target::Scalar(v) = a.target { Some(v) } else { None }).collect()
        };
        !scalars(AccessKind::Write).is_subset(&scalars(AccessKind::Read))
    }
}

/// How a loop's array accesses move along it, for the vectorizer's marks.
#[derive(Clone, Copy, Debug, Default)]
struct Strides {
    /// Some access moves by a constant 2 to 8 elements along its row (a
    /// red-black sweep's every other column). LoopVectorize loads such
    /// accesses as wide vectors and shuffles them (interleaved groups),
    /// but only in loops it analyses itself: in a loop marked parallel it
    /// gathers and scatters them one element each, 2.2x slower than plain
    /// -O3 on a red-black sweep. Such a loop is left unmarked.
    small: bool,
    /// Some access moves across rows (a stride of a row's length: a
    /// transpose's `B[j][i]` under `j`, an FFT's rows of run-time stride)
    /// or by more than 8 elements. Forced, LoopVectorize gathers and
    /// scatters it one element at a time even where its cost model finds
    /// that slower than scalar code. Such a loop is marked parallel (its
    /// accesses need no alias checks) and the cost model decides.
    scattered: bool,
}

/// Calls `f` with every statement under `nodes` and its counters.
fn visit_stmts(nodes: &[Node], f: &mut dyn FnMut(StmtId, &[crate::ast::Expr])) {
    for n in nodes {
        match n {
            Node::Stmt { stmt, iter, .. } => f(*stmt, iter),
            Node::For(l) => visit_stmts(&l.body, f),
            Node::If { then, otherwise, .. } => {
                visit_stmts(then, f);
                visit_stmts(otherwise, f);
            }
        }
    }
}


