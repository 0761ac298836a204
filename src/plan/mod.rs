//! Planning one SCoP: every decision made before code is emitted, from
//! its model to the loop tree code generation interprets (`plan`):
//! dependences, the schedule kept (the scheduler's or the source order:
//! `choice.rs`), distribution and tiling with the brute-force check
//! (`tiling.rs`), the matrix-product path (`matmul.rs`), the loop tree and
//! its simpler fallbacks, what is paid for (profitability, the code-size
//! budgets: `size.rs`), and which loops run on threads (`threads.rs`) and
//! which arrays are checked for overlap at run time (`alias.rs`), both of
//! which code generation asks again as it emits. Pure: no LLVM type; the
//! driver gives it the model and what the budgets leave (`Cost`, built
//! with `costing.rs`), and turns an `Err` into a remark.
//!
//! All of it within work limits (per SCoP and per compilation) counted in
//! the polyhedral core's work units, never in time: the same source and
//! flags give the same plan on any machine and under any load.

pub mod alias;
mod choice;
pub mod costing;
mod ledger;
mod matmul;
mod private;
mod promote;
mod size;
pub mod sizes;
pub mod threads;
mod tiling;

use crate::ast::{self, AstOptions};
use crate::cost::{self, size::Budget};
use crate::deps::{self, DepsOptions};
use crate::ir::FunctionView;
use crate::poly::trace_work;
use crate::sched;
use crate::scop::{Model, PolyScop};
use crate::tile::TileConfig;

/// What the pure stages decide for one SCoP.
pub struct Plan {
    /// What was given up to stay within the work limits (said in the remark).
    pub given_up: Vec<String>,
    pub scop: PolyScop,
    pub deps: deps::Deps,
    pub schedule: sched::Schedule,
    pub tree: ast::Ast,
    /// What the rewrite adds to the function, in IR instructions
    /// (`cost::size`; 0 when not costed).
    pub growth: u64,
    /// Its only gain is loops of unknown trip count on threads: paid from
    /// the module's allowance for such rewrites too.
    pub thread_only: bool,
    /// With `-tessera-check-schedules`: how much of the schedule the
    /// checker enumerated (it passed); `None` without the option.
    pub checked: Option<Checked>,
}

/// How the brute-force checker decided that a final schedule is legal
/// (`legality::check::check_small`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Every instance, at small parameter values.
    Whole,
    /// Two corners of each statement's instances (constant sizes too large
    /// to enumerate whole: `legality::check::Corner`).
    Corners,
    /// Not even the corners could be enumerated.
    Undecided,
}

/// Polyhedral work allowed for one SCoP, in the solver's work units (a
/// tableau entry updated, plus a fixed charge per query; see
/// `poly::simplex`): past it the SCoP is given up with a remark. Counting
/// work instead of time makes the decision the same on every machine and
/// under any load; on the 2-core reference machine a unit is about 0.3 ns
/// (gsl's cblas/ctrmm.c: 1.27e9 units in about 0.37 s), so the limit is
/// reached after about half a second.
const SCOP_WORK_LIMIT: u64 = 1_500_000_000;

/// Of a SCoP's allowance, what the dependence analysis may spend. The
/// largest need among the bench kernels and the end-to-end programs is
/// 2.8e8 units (a flattened matrix product's initialisation in `main`);
/// a SCoP past this limit would be past the whole allowance long before
/// the scheduler is done, so it is given up here, at 40% of the cost
/// (a generated 40-statement nest: 1.1 s of compile time instead of 1.9).
pub const DEPS_WORK_LIMIT: u64 = 600_000_000;

/// What the remark calls the exact dependences when their analysis was
/// given up.
const EXACT_DEPS: &str = "exact dependences";

/// What the remark calls the scheduler's order when the scheduler was
/// given up.
const NEW_SCHEDULE: &str = "a new schedule";

/// The "not profitable" error of a SCoP past its dependence analysis; one
/// scheduled on dependences that contain the exact ones, or left in its
/// source order by a scheduler out of work (`given_up`), says so: it is
/// why no better order was found.
fn not_profitable(why: &str, given_up: &[String]) -> String {
    let mut over = String::new();
    if given_up.iter().any(|g| g.starts_with(EXACT_DEPS)) {
        over.push_str(" (with its dependences over-approximated: the dependence analysis exceeded its work budget)");
    }
    if given_up.iter().any(|g| g.starts_with(NEW_SCHEDULE)) {
        over.push_str(" (only the source order was considered: the scheduler exceeded its work budget)");
    }
    format!("not profitable: {why}{over}")
}

/// Work units of its own for the simpler nest loop generation falls back
/// to when the full one exceeded its budget (the SCoP's allowance may be
/// spent by then): bounded, and a fraction of [`SCOP_WORK_LIMIT`]. A
/// nest LLVM unrolled into 44 statements (a convolution whose output row
/// is 11 points) needs 1.2e8 for its plain source order.
const SIMPLE_AST_WORK: u64 = 200_000_000;

/// Of a SCoP's allowance, what the scheduler leaves to the stages after it
/// (the source order's marks and tiles when it gives up; loop generation):
/// heat-3d's wavefront tiles cost 5e7 units of loop generation. At most
/// half of what is left when the scheduler starts: a SCoP planned on what
/// its module's allowance has left (`cost::work`) would otherwise leave
/// its scheduler nothing (bench/chol.c, planned again with its sums in
/// registers on the 2e8 units its first plan left, kept the source order).
const AFTER_SCHEDULING_WORK: u64 = 300_000_000;

/// Polyhedral work allowed over a whole compilation (one process): once it
/// is spent, later SCoPs are left alone with a remark, so a file with many
/// large SCoPs cannot take minutes.
const PROCESS_WORK_LIMIT: u64 = 3 * SCOP_WORK_LIMIT;

/// Polyhedral work done so far in this process (the driver's module
/// ledger takes each module's share from it: `cost::work`).
pub fn work_spent() -> u64 {
    PROCESS_WORK_SPENT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Polyhedral work done so far in this process, in work units. Only work
/// is counted, never time: the same source and flags must give the same
/// object file on any machine and under any load (reproducible builds,
/// compilation caches).
static PROCESS_WORK_SPENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// What the stages are told besides the SCoP: the fusion policy
/// (`-tessera-fuse`) and the tiler's machine; the tiler runs time-tiled
/// bands by wavefronts when the code runs parallel loops on threads.
#[derive(Clone)]
pub struct StageConfig {
    pub fuse: sched::FusePolicy,
    pub tile: TileConfig,
    /// Check the final schedule by brute force (`-tessera-check-schedules`).
    pub check: bool,
    /// The dependence analysis's work cap ([`DEPS_WORK_LIMIT`], or
    /// `-tessera-deps-work-limit`) and loop generation's options (their
    /// query limit from `-tessera-ast-max-queries`): the tests force the
    /// degraded paths with them.
    pub deps_work_limit: u64,
    /// The scheduler's work cap (`-tessera-sched-work-limit`; `None`: what
    /// the allowance has left but [`AFTER_SCHEDULING_WORK`]).
    pub sched_work_limit: Option<u64>,
    pub ast: AstOptions,
    /// Emit matmul-like statements in the BLIS structure (`-tessera-matmul`).
    pub matmul: bool,
}

/// What the profitability model and the code-size budgets are told about
/// one SCoP (optimizing only: the printers show every plan).
pub struct Cost {
    pub facts: cost::profit::Facts,
    pub weights: cost::size::Weights,
    pub budget: Budget,
    /// What is left of the module's polyhedral work allowance.
    pub work: cost::work::WorkLeft,
}

/// Model -> dependences -> schedule -> tiling -> loop AST, within the work
/// limits (per SCoP and per compilation).
pub fn plan(fview: &FunctionView, m: &Model, config: &StageConfig, pay: Option<&Cost>) -> Result<Plan, String> {
    use std::sync::atomic::Ordering;
    let config = &*for_nest(fview, m, config);
    let spent_work = PROCESS_WORK_SPENT.load(Ordering::Relaxed);
    let work_left = PROCESS_WORK_LIMIT.saturating_sub(spent_work);
    if work_left == 0 {
        return Err("the compilation's budget for polyhedral work is spent".into());
    }
    // The module's own allowance, in proportion to its size (paid plans
    // only: -tessera-rewrite-all plans every SCoP for the tests).
    let module_work = pay.map(|p| p.work);
    if let Some(w) = module_work.filter(|w| w.left == 0) {
        return Err(w.spent());
    }
    let allowance = SCOP_WORK_LIMIT.min(work_left);
    // The module's allowance, where it is the smaller.
    let module_limited = module_work.filter(|w| w.left < allowance);
    let allowance = module_limited.map_or(allowance, |w| w.left);
    /// Ends the SCoP's allowance also when a stage panics (the panic is
    /// caught at the FFI boundary and the host goes on compiling: a
    /// leftover allowance would limit the next function's detection).
    struct Allowance(u64);
    impl Drop for Allowance {
        fn drop(&mut self) {
            let used = self.0 - crate::poly::work_left().unwrap_or(0);
            crate::poly::set_work_allowance(None);
            PROCESS_WORK_SPENT.fetch_add(used, Ordering::Relaxed);
        }
    }
    crate::poly::set_work_allowance(Some(allowance));
    let _allowance = Allowance(allowance);
    let scop = PolyScop::from_model(m, &|v| fview.value(v).name.clone()).map_err(|r| r.to_string())?;
    let key = ledger::nest_key(&scop, config, pay.map(|p| &p.facts));
    if let Some(why) = ledger::recall(key, allowance) {
        return Err(why);
    }
    let planned = plan_stages(fview, m, scop, config, pay);
    if let Err(why) = &planned {
        let used = allowance - crate::poly::work_left().unwrap_or(0);
        ledger::record(key, allowance, used, why);
    }
    // Out of work on what the module's allowance left it: the remark
    // says which budget ran out, and how to raise it.
    match (planned, module_limited) {
        (Err(why), Some(w)) if ledger::out_of_work(&why) => Err(format!("{why} ({})", w.ran_out())),
        (planned, _) => planned,
    }
}

/// `config` for the nest of `m`: without unroll-and-jam (of sums, of the
/// point rows of tiles) when a loop of the nest is not to be unrolled
/// (`ir::Loop::no_unroll`: the user's `#pragma nounroll`, or every loop
/// under `-fno-unroll-loops`). A jam copies a loop's body once per row it
/// runs together, which is unrolling.
fn for_nest<'c>(fview: &FunctionView, m: &Model, config: &'c StageConfig) -> std::borrow::Cow<'c, StageConfig> {
    let no_unroll = crate::scop::cfg::loops_of(fview, m.root).into_iter().any(|l| fview.loop_(l).no_unroll);
    if !no_unroll || (!config.ast.jam_reductions && !config.tile.jam) {
        return std::borrow::Cow::Borrowed(config);
    }
    std::borrow::Cow::Owned(StageConfig {
        ast: AstOptions { jam_reductions: false, ..config.ast.clone() },
        tile: TileConfig { jam: false, ..config.tile.clone() },
        ..config.clone()
    })
}

/// Why the nest gains nothing whatever its dependences and schedule (too
/// little known work, or one statement with nothing to reorder: see
/// [`cost::profit`]), if it does not.
fn gains_nothing(scop: &PolyScop, m: &Model, config: &StageConfig, facts: &cost::profit::Facts) -> Result<Option<String>, String> {
    if let Some(why) = cost::profit::small_known_work(scop, facts, facts.openmp).map_err(|e| format!("profitability: {e}"))? {
        return Ok(Some(why));
    }
    Ok(cost::profit::lone_statement(scop, m, facts, config.ast.jam_reductions))
}

/// Work units [`screen`] may spend on one model (counting a nest's known
/// work is a few small problems).
const SCREEN_WORK: u64 = 1_000_000;

/// [`plan`]'s first answer, asked of a nest before it is prepared for code
/// generation: why the nest gains nothing, whatever its dependences, if it
/// does not (the remark [`plan`] would give), `None` when that takes a
/// plan. The driver leaves such nests as they are, unprepared, so that
/// they are neither modelled again nor planned: in opus's celt/vq.c, 14
/// of 16 SCoPs.
pub fn screen(fview: &FunctionView, m: &Model, config: &StageConfig, facts: &cost::profit::Facts) -> Option<String> {
    let config = &*for_nest(fview, m, config);
    let scop = PolyScop::from_model(m, &|v| fview.value(v).name.clone()).ok()?;
    let why = crate::poly::with_work_cap(SCREEN_WORK, || gains_nothing(&scop, m, config, facts)).ok()??;
    Some(not_profitable(&why, &[]))
}

/// The stages on one SCoP, in order (the module documentation): the plan,
/// or why the nest stays as it is. `pay` is `None` under
/// `-tessera-rewrite-all` and in the printers: every plan is then kept.
fn plan_stages(fview: &FunctionView, m: &Model, scop: PolyScop, config: &StageConfig, pay: Option<&Cost>) -> Result<Plan, String> {
    let mut work = None;
    trace_work("start", &mut work);
    // A nest too small to gain anything, or one the code-size budgets
    // cannot pay for, costs no dependence analysis.
    if let Some(pay) = pay {
        if let Some(why) = pay.budget.short_of_least(cost::size::least_growth(&pay.weights)) {
            return Err(not_profitable(&why, &[]));
        }
        if let Some(why) = gains_nothing(&scop, m, config, &pay.facts)? {
            return Err(not_profitable(&why, &[]));
        }
    }
    let mut given_up = vec![];
    // At most the share of the SCoP's allowance the default cap is of the
    // whole one (a SCoP planned on what its module's allowance has left,
    // `cost::work`, must have work left for the conservative dependences
    // and the stages after them).
    let share = crate::poly::work_left().map_or(u64::MAX, |w| (w as u128 * DEPS_WORK_LIMIT as u128 / SCOP_WORK_LIMIT as u128) as u64);
    let cap = config.deps_work_limit.min(share);
    // Degrade, don't drop: past its cap, the dependence analysis gives
    // dependences that contain the exact ones (one per pair of statements
    // and level), and the SCoP is scheduled on those.
    let deps = match crate::poly::with_work_cap(cap, || deps::analyze(&scop, &DepsOptions::default())) {
        Ok(d) => d,
        Err(crate::poly::PolyError::Budget) => {
            given_up.push(format!("{EXACT_DEPS} (the dependence analysis exceeded its work budget: every pair of ordered instances of statements sharing an array is taken as dependent)"));
            deps::conservative(&scop).map_err(|e| format!("dependence analysis: {e}"))?
        }
        Err(e) => return Err(format!("dependence analysis: {e}")),
    };
    trace_work("dependences", &mut work);
    if config.matmul {
        if let Some(p) = matmul::plan_matmul(fview, m, &scop, &deps, config)? {
            // The BLIS code comes on top of the plain nest it keeps for
            // small sizes; over the code-size budgets, the product goes
            // through the general pipeline, which degrades or skips it.
            let blis: u64 = p.1.matmul_nests().iter().map(|n| cost::size::blis_code(n.rows_vary())).sum();
            let growth = pay.map_or(0, |pay| cost::size::growth(&p.1, &pay.weights) + blis);
            if pay.is_none_or(|pay| pay.budget.exceeded_by(growth).is_none()) {
                return Ok(Plan { given_up, scop, deps, schedule: p.0, tree: p.1, growth, thread_only: false, checked: p.2 });
            }
        }
    }
    let source_order = sched::original::original_schedule(&scop).map_err(choice::scheduling)?;
    let elem_bytes = m.arrays.iter().map(|a| a.elem_bytes as i64).max().unwrap_or(8);
    let tile_cfg = TileConfig { elem_bytes, ..config.tile.clone() };
    // The schedule kept, as the tiler made it (loops shared by statement
    // groups with their own inner loops split when that makes bands to
    // tile; bands tiled; innermost loops distributed).
    //
    // Degrade, don't drop: the scheduler may spend what the allowance has
    // left but [`AFTER_SCHEDULING_WORK`]; past that, the source order is
    // kept, with its parallel loops and tiles, on what is left.
    let left = crate::poly::work_left().map_or(u64::MAX, |w| w - AFTER_SCHEDULING_WORK.min(w / 2));
    let sched_cap = config.sched_work_limit.map_or(left, |c| c.min(left));
    // (The work trace restarts inside the cap and after it: the cap hides
    // the reserve from the allowance the trace reads.)
    let chosen = match crate::poly::with_work_cap(sched_cap, || {
        work = crate::poly::work_left();
        choice::choose(&scop, &deps, &source_order, config.fuse, &tile_cfg, &mut work)
    }) {
        Err(sched::SchedError::Poly(crate::poly::PolyError::Budget)) => {
            given_up.push(format!("{NEW_SCHEDULE} (the scheduler exceeded its work budget: the source order is kept, with its parallel loops and tiles)"));
            work = crate::poly::work_left();
            let (_, chosen) = choice::source_order_tiled(&scop, &deps, &source_order, &tile_cfg).map_err(choice::scheduling)?;
            trace_work("the source order's marks and tiles", &mut work);
            chosen
        }
        chosen => chosen.map_err(choice::scheduling)?,
    };
    work = crate::poly::work_left();
    let choice::Chosen { relaxed, tiled } = chosen;
    let untiled = tiled.untiled;
    let (mut schedule, mut checked) = tiling::mark_and_check(&scop, &deps, tiled.tiled, config)?;
    trace_work("jams and check", &mut work);
    // Pay before emitting: a schedule that gains nothing -O3 cannot get
    // by itself is not worth its code (cost::profit), and is decided
    // before the loop tree is built.
    let judge = pay.map(|p| cost::profit::Judge::new(&scop, &deps, &source_order, &p.facts, &p.weights, &p.budget));
    if let Some(judge) = &judge {
        if let Some(why) = judge.not_profitable(&schedule).map_err(|e| format!("profitability: {e}"))? {
            return Err(not_profitable(&why, &given_up));
        }
    }
    // Where each scalar's values leave the iteration that wrote them: the
    // jam of a reduction gives each row its own copies of those that do
    // not (ast::reduction_jam). Without it (over the work budget), only
    // scalars no statement elsewhere reads get copies.
    // Asked only where a jam may be (the schedule's marks say) and the
    // code-size budget can pay for one; a jam it cannot is not built.
    let unpaid_jam = judge.as_ref().and_then(|j| j.unpaid_jam(&schedule)).filter(|_| config.ast.jam_reductions);
    let jam_reductions = config.ast.jam_reductions && unpaid_jam.is_none();
    if let Some(why) = unpaid_jam {
        given_up.push(format!("unroll-and-jam of reductions ({why})"));
    }
    let may_jam = jam_reductions && ast::reduction_jam::may_jam_reductions(&scop, &schedule);
    let scalar_rows = if may_jam { crate::poly::with_work_cap(SIMPLE_AST_WORK, || sched::marks::scalar_flow_rows(&deps, &schedule.stmts, schedule.dims.len())).ok().flatten() } else { None };
    let mut ast_opts = AstOptions { scalar_rows, jam_reductions, ..config.ast.clone() };
    let mut tree = ast::build(&scop, &schedule, &ast_opts);
    trace_work("loop generation", &mut work);
    let too_costly = |t: &Result<ast::Ast, ast::AstError>| matches!(t, Err(ast::AstError::Budget | ast::AstError::TooLarge));
    if too_costly(&tree) && schedule.bands.iter().any(|b| b.concurrent_start) {
        // Degrade, don't drop: diamond tiles' bounds (no tile box, so no
        // full tiles apart) can make loop generation too costly (heat-3d's
        // four-row band); the skewed tiles by wavefronts, with work of
        // their own.
        let plain = TileConfig { concurrent_start: false, ..tile_cfg };
        let retry = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || {
            let (s, c) = tiling::mark_and_check(&scop, &deps, tiling::tile_points(&scop, &deps, &untiled, &relaxed, &plain), config)?;
            let t = ast::build(&scop, &s, &config.ast).map_err(|e| e.to_string())?;
            Ok::<_, String>((s, c, t))
        });
        if let Ok((s, c, t)) = retry {
            given_up.push("concurrent-start tiles (loop generation exceeded its work budget)".to_string());
            (schedule, checked, tree) = (s, c, Ok(t));
            ast_opts.scalar_rows = None;
        }
    }
    if too_costly(&tree) {
        // Degrade, don't drop: a simpler nest (no full/partial tile
        // separation, no loop split on guards), with work of its own; if
        // that fails too, the SCoP is left alone.
        let simple = AstOptions { separate_full_tiles: false, separate_guards: false, max_queries: AstOptions::default().max_queries, ..ast_opts.clone() };
        let retry = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(&scop, &schedule, &simple));
        if retry.is_ok() {
            given_up.push(format!("full/partial tile separation ({})", tree.as_ref().err().map(|e| e.to_string()).unwrap_or_default()));
            tree = retry;
        }
    }
    let mut tree = tree.map_err(|e| e.to_string())?;
    // Loops that run on threads with copies of their scratch arrays: only
    // where threads may run them (and for the printers).
    if pay.is_none_or(|p| p.facts.openmp) {
        let p = private::Privatizing { view: fview, model: m, scop: &scop, deps: &deps, schedule: &schedule, relaxed: &relaxed, check: config.check };
        private::mark(&p, &mut tree.body)?;
        trace_work("privatization", &mut work);
    }
    // Threads were counted on above; code generation may still keep every
    // parallel loop on the calling thread (a scalar it writes is read
    // after it). Then only what pays without threads is rewritten.
    if let (Some(judge), true) = (&judge, pay.is_some_and(|p| p.facts.openmp)) {
        if let (0, too_small) = threads::threaded_loops(fview, m, &tree) {
            if let Some(why) = judge.not_profitable_unthreaded(&schedule, too_small).map_err(|e| format!("profitability: {e}"))? {
                return Err(not_profitable(&why, &given_up));
            }
        }
    }
    let mut growth = 0;
    if let Some(pay) = pay {
        (tree, growth) = size::fit(&scop, &mut schedule, tree, &ast_opts, config, pay, &mut given_up)?;
    }
    // A jam around a reduction was counted on above; the tree may have
    // none (its rows' scalars are read after the loop and not written
    // first, or the budget dropped it: then say so).
    if let (Some(pay), Some(judge)) = (pay.filter(|_| !tree.jams_reductions()), &judge) {
        let unjammed = match cost::profit::lone_statement(&scop, m, &pay.facts, false) {
            Some(why) => Some(why),
            None => judge.not_profitable_unjammed(&schedule).map_err(|e| format!("profitability: {e}"))?,
        };
        if let Some(why) = unjammed {
            let jam = given_up.iter().find(|g| g.starts_with("unroll-and-jam"));
            return Err(match jam {
                Some(dropped) => not_profitable(&format!("without its {dropped}, {why}"), &given_up),
                None => not_profitable(&why, &given_up),
            });
        }
    }
    // A rewrite whose only gain is threads, for sizes only the run shows,
    // is paid from the module's allowance for such rewrites.
    let mut thread_only = false;
    if let (Some(pay), Some(judge)) = (pay, &judge) {
        thread_only = judge.gains_only_threads(&schedule, tree.jams_reductions()).map_err(|e| format!("profitability: {e}"))?;
        if let Some(why) = pay.budget.thread_only_exceeded_by(growth).filter(|_| thread_only) {
            return Err(not_profitable(&why, &given_up));
        }
    }
    trace_work("code size", &mut work);
    // Over its work budget, the cells stay in memory (each loop's marks
    // are complete or absent).
    let _ = promote::mark(fview, m, &scop, &deps, &schedule, &mut tree);
    Ok(Plan { given_up, scop, deps, schedule, tree, growth, thread_only, checked })
}
