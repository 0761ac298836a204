//! The pipeline on one function: detection, model, dependences, schedule,
//! tiling, AST, code generation (docs/design.md). Each stage is a function from
//! one plain data structure to the next; this module only sequences them and
//! reports to the user.

mod explain;
mod machine;
mod report;
mod specialize;

use crate::ast::{self, AstOptions};
use crate::bridge::rewrite::{self, Ir};
use crate::bridge::view::{self, IrMap};
use crate::bridge::{FunctionCtx, Mode, Options, RemarkKind, RemarkPart};
use crate::codegen;
use crate::cost::{self, size::Budget};
use crate::deps::{self, DepsOptions};
use crate::sched::{self, SchedOptions};
use crate::tile::{self, TileConfig};
use crate::ir::FunctionView;
use crate::scop::{self, Detection, LoopStatus, Model, PolyScop};
use crate::stable::{HashMap, HashSet};
use std::fmt;

/// An error inside Tessera (not in the user's code): the function is left
/// unchanged and the host reports a warning naming it.
#[derive(Debug)]
pub struct InternalError(pub String);

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub use crate::bridge::Changed;

/// Runs Tessera on one function; says what it changed.
pub fn run_function(ctx: &FunctionCtx<'_>, mode: Mode, options: &Options) -> Result<Changed, InternalError> {
    if ctx.top_loops().is_empty() {
        if mode == Mode::PrintScops {
            ctx.print(&format!("tessera: function '{}': 0 loop(s)\n", ctx.name()));
        }
        return Ok(Changed::No);
    }
    let (mut fview, mut map) = view::build(ctx);
    let mut detection = scop::detect(&fview);
    let profiling = options.profile_generate.is_some() || options.profile_use.is_some();
    // The body as it was is put back below unless some nest is rewritten.
    let expanded = mode == Mode::Optimize && !profiling && put_back_loops(ctx, &mut fview, &mut map, &mut detection, options);
    if mode == Mode::Optimize && (profiling || !detection.scops.is_empty()) {
        ctx.checkpoint();
    }
    let result = match mode {
        Mode::Optimize if profiling => optimize_with_profile(ctx, fview, map, detection, options),
        Mode::Optimize => optimize(ctx, &fview, &map, &detection, options, &Notes::default(), Current::Yes),
        Mode::PrintScops => {
            ctx.print(&describe(&fview, &detection));
            Ok(Changed::No)
        }
        Mode::PrintDeps | Mode::PrintSchedule | Mode::PrintAst => {
            let config = stage_config(ctx, options, parallel_code(ctx, options));
            for m in &detection.scops {
                let text = match plan(&fview, m, &config, None) {
                    Ok(p) => match mode {
                        Mode::PrintDeps => deps::print::print_deps(&p.scop, &p.deps),
                        Mode::PrintSchedule => sched::print::print_schedule(&p.scop, &p.schedule),
                        _ => p.tree.to_string(),
                    },
                    Err(e) => format!("not optimized: {e}\n"),
                };
                ctx.print(&format!("tessera: SCoP in '{}' ({} statement(s)):\n{text}", fview.name, m.statements.len()));
            }
            Ok(Changed::No)
        }
    };
    // After the changes, so that the error path must put them back.
    if options.force_internal_error {
        panic!("internal error forced by -tessera-force-internal-error");
    }
    // Loops put back for nothing: the calls come back with the original
    // body (new objects: the analyses are invalid, as after preparation).
    if expanded && matches!(result, Ok(Changed::No | Changed::Prepared)) && ctx.restore_checkpoint() {
        if options.verbose >= 1 {
            eprintln!("tessera: {}: no nest rewritten: the body with its copy/fill calls is put back", ctx.name());
        }
        return Ok(Changed::Prepared);
    }
    result
}

/// Copies and fills LLVM made of loops, in nests they alone keep out of
/// the model, go back to being loops (scop::mem_calls), after a
/// checkpoint of the body; the view, map and detection are then those of
/// the new body. Says whether any call was put back.
fn put_back_loops(ctx: &FunctionCtx<'_>, fview: &mut FunctionView, map: &mut IrMap, detection: &mut Detection, options: &Options) -> bool {
    let calls = scop::mem_calls::expandable(fview, detection);
    if calls.is_empty() {
        return false;
    }
    ctx.checkpoint();
    let count = calls.into_iter().filter(|&(call, width)| rewrite::expand_mem_call(ctx, map, call, width)).count();
    if count == 0 {
        return false;
    }
    if options.verbose >= 1 {
        eprintln!("tessera: {}: {count} copy/fill call(s) put back as loops", fview.name);
    }
    (*fview, *map) = view::build(ctx);
    *detection = scop::detect(fview);
    true
}

/// Reports on every loop, then rewrites every SCoP.
/// Notes on some loop nests for the run-time statistics' labels, by the
/// address of their header block (the specialized versions' values).
type Notes = HashMap<usize, String>;

/// Whether a view still shows the function's IR: not after the profile
/// workflow instrumented or prepared its nests (the view then reports on
/// the loops and finds the nests, and is built again before they are
/// rewritten).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Current {
    Yes,
    Stale,
}

fn optimize(ctx: &FunctionCtx<'_>, fview: &FunctionView, map: &IrMap, detection: &Detection, options: &Options, notes: &Notes, current: Current) -> Result<Changed, InternalError> {
    if options.verbose >= 1 {
        eprintln!("tessera: {}: {} loop(s), {} SCoP(s)", fview.name, detection.loops.len(), detection.scops.len());
    }
    report(ctx, fview, map, detection);
    if options.report {
        report::print_at_exit();
        for (_, status) in &detection.loops {
            match status {
                LoopStatus::InScop(_) => report::count("loops in a SCoP"),
                LoopStatus::Rejected(r) => report::count(&format!("loops not in a SCoP: {}", r.key())),
            }
        }
    }
    if options.print_scops {
        eprint!("{}", describe(fview, detection));
    }
    if detection.scops.is_empty() {
        return Ok(Changed::No);
    }
    transform(ctx, fview, map, detection, options, notes, current)
}

/// [`optimize`] with the profile workflow: instrumentation of the nests
/// parameters keep out of the model, or their specialization for the hot
/// values of a profile (the clones are then optimized like any SCoP).
fn optimize_with_profile(
    ctx: &FunctionCtx<'_>,
    fview: FunctionView,
    map: IrMap,
    detection: Detection,
    options: &Options,
) -> Result<Changed, InternalError> {
    if let Some(path) = &options.profile_generate {
        let instrumented = specialize::instrument(ctx, &fview, &map, &detection, path).map_err(InternalError)?;
        let done = optimize(ctx, &fview, &map, &detection, options, &Notes::default(), Current::Stale)?;
        return Ok(if instrumented { Changed::Rewritten } else { done });
    }
    let path = options.profile_use.as_ref().expect("called with a profile option");
    let versions = specialize::specialize(ctx, &fview, &map, &detection, path, options);
    if versions.is_empty() {
        return optimize(ctx, &fview, &map, &detection, options, &Notes::default(), Current::Stale);
    }
    let (fview2, map2) = view::build(ctx);
    let detection2 = scop::detect(&fview2);
    let notes = specialize::confirm(ctx, &map, &versions, &fview2, &map2, &detection2);
    optimize(ctx, &fview2, &map2, &detection2, options, &notes, Current::Stale)?;
    Ok(Changed::Rewritten)
}

/// What print<tessera-scops> prints: every SCoP, then every rejected loop.
fn describe(fview: &FunctionView, detection: &Detection) -> String {
    let mut out = format!(
        "tessera: function '{}': {} loop(s), {} SCoP(s)\n",
        fview.name,
        detection.loops.len(),
        detection.scops.len()
    );
    for m in &detection.scops {
        out += &scop::print::print_model(m, fview);
    }
    for (l, status) in &detection.loops {
        if let LoopStatus::Rejected(r) = status {
            let at = fview.loop_(*l).loc.as_ref().map(|s| format!(" at {}:{}", s.line, s.col)).unwrap_or_default();
            out += &format!("  loop{at} (depth {}): not a SCoP: {r}\n", fview.loop_(*l).depth);
        }
    }
    out
}

/// Rewrites every SCoP found; says what changed.
///
/// Code generation needs each nest with a preheader and in LCSSA form;
/// when preparing them changes the IR, or the view was stale already, the
/// function is analyzed again (`first_view`, `first_map` and `first`
/// stand otherwise), and only the nests that were prepared are rewritten.
fn transform(ctx: &FunctionCtx<'_>, first_view: &FunctionView, first_map: &IrMap, first: &Detection, options: &Options, notes: &Notes, current: Current) -> Result<Changed, InternalError> {
    let mut prepared = HashSet::default();
    // A stale view counts as a change: the IR is analysed again, and the
    // passes after this one are told it changed.
    let mut changed = current == Current::Stale;
    for m in &first.scops {
        let p = rewrite::prepare_loop(ctx, first_map, m.root);
        changed |= p == rewrite::Prepared::Changed;
        if p != rewrite::Prepared::No {
            prepared.insert(first_map.loops[m.root.0 as usize]);
        }
    }
    // A preheader inserted for one nest can become the exit block of the
    // nest before it (loops back to back, as full unrolling leaves them),
    // which is then no longer in LCSSA form: a second pass restores it.
    if changed {
        for m in first.scops.iter().filter(|m| prepared.contains(&first_map.loops[m.root.0 as usize])) {
            rewrite::prepare_loop(ctx, first_map, m.root);
        }
    }
    // When the nests were ready as they were (preheaders, and no value
    // used after its loop without an LCSSA PHI: in gsl's cblas/dtrmm.c,
    // not in fft.c), the IR is the one the first view and detection saw:
    // both stand, and cost nothing again.
    let again = changed.then(|| {
        let (fview, map) = view::build(ctx);
        let detection = scop::detect(&fview);
        (fview, map, detection)
    });
    let (fview, map, detection) = match &again {
        Some((v, m, d)) => (v, m, d),
        None => (first_view, first_map, first),
    };
    let ir = Ir::new(ctx, &map);
    // A nest found before its preparation but not after (its evolutions
    // analysed afresh) is not transformed: say so and why.
    let found: HashSet<_> = detection.scops.iter().map(|m| map.loops[m.root.0 as usize]).collect();
    for (l, status) in &detection.loops {
        let raw = map.loops[l.0 as usize];
        if prepared.contains(&raw) && !found.contains(&raw) {
            let why = match status {
                LoopStatus::Rejected(r) => r.to_string(),
                LoopStatus::InScop(_) => "it is part of another region now".into(),
            };
            ctx.remark_loop(RemarkKind::Missed, &map, *l, "NotTransformed", &format!("SCoP not transformed: not found again once prepared for code generation: {why}"));
        }
    }
    let parallel = parallel_code(ctx, options);
    let config = stage_config(ctx, options, parallel);
    let mut rewritten = false;
    // What the rewrites may add to this function's code (cost::size).
    let mut function_left = cost::size::allowance(instructions(&fview), cost::size::FUNCTION_GROWTH_PERCENT, cost::size::growth_floor(parallel));
    if options.verbose >= 1 {
        eprintln!("tessera: {}: {} instruction(s): code-size growth allowed {function_left}", fview.name, instructions(&fview));
    }
    let planned_scops: Vec<(usize, &Model)> = detection.scops.iter().enumerate().filter(|(_, m)| prepared.contains(&map.loops[m.root.0 as usize])).collect();
    // Each nest's nominal work, for its share of the budget (cost::size::
    // Budget::beyond_share).
    let work: Vec<u64> = planned_scops.iter().map(|(_, m)| nominal_work(m)).collect();
    for (done, &(index, found)) in planned_scops.iter().enumerate() {
        // -tessera-rewrite-all: every SCoP that can be rewritten is, paid
        // or not (the tests of code generation use it).
        let cost_of = |m: &Model| {
            (!options.rewrite_all).then(|| Cost {
                facts: cost::profit::Facts {
                    openmp: parallel,
                    l1_bytes: config.tile.l1_bytes,
                    elem_bytes: m.arrays.iter().map(|a| a.elem_bytes as i64).max().unwrap_or(8),
                    checked_accumulator: {
                        let checked: Vec<_> = codegen::checks::pairs_to_check(m, &fview).into_iter().flat_map(|(x, y)| [x, y]).collect();
                        cost::profit::checked_accumulator(m, &checked)
                    },
                },
                weights: weights(&fview, m, parallel),
                budget: {
                    let (module_left, thread_only_left) = module_left(ctx, parallel, options);
                    Budget { function_left, module_left, work_here: work[done], work_left: work[done..].iter().fold(0, |a: u64, &w| a.saturating_add(w)), thread_only_left }
                },
            })
        };
        let (mut m, mut pay) = (found, cost_of(found));
        let mut planned = plan(&fview, m, &config, pay.as_ref());
        // A running sum mapped back to its cell beside reads of other
        // cells of its array that the plan leaves in the innermost loop
        // would be loaded and stored on every iteration (cost::profit::
        // sum_left_in_memory). Then, or when that model gives no plan at
        // all, the region is planned again with such sums in registers, as
        // -O3 has them (and as they were modelled before the mapping).
        if let (Some(unmapped), Some(_)) = (m.without_other_cells.as_deref(), &pay) {
            let sum = planned.as_ref().ok().and_then(|p| cost::profit::sum_left_in_memory(&p.scop, &p.schedule, &sums_beside_other_cells(&fview, m)));
            if sum.is_some() || planned.is_err() {
                (m, pay) = (unmapped, cost_of(unmapped));
                planned = plan(&fview, m, &config, pay.as_ref());
            }
        }
        if options.report {
            if let Ok(Plan { checked: Some(decided), .. }) = &planned {
                report::count(if *decided { "schedules checked by brute force" } else { "schedules too large for the brute-force check" });
            }
        }
        if let Some(dir) = &options.export_dir {
            export(dir, &fview, m, index, planned.as_ref().ok());
        }
        let cg = codegen::CodegenOptions {
            openmp: parallel,
            rtc: options.rtc,
            stats_label: options.rtc_stats.then(|| {
                let note = notes.get(&(map.blocks[fview.loop_(m.root).header.0 as usize] as usize));
                loop_label(&fview, m.root) + &note.map(|n| format!(" [specialized: {n}]")).unwrap_or_default()
            }),
        };
        // A generation that fails deletes its blocks but may leave dead
        // instructions (stack slots, parameters) behind: the IR changed.
        changed |= planned.is_ok();
        // Rows jammed around sums stay scalar chains (see the method).
        if planned.as_ref().is_ok_and(|p| p.tree.jams_reductions()) {
            ir.prefer_no_gather();
        }
        let result = planned.and_then(|p| codegen::generate(&ir, &fview, m, &p.tree, &cg).map(|summary| (p, summary)));
        if let Ok((p, _)) = &result {
            if options.verbose >= 1 {
                let module = pay.as_ref().map_or(0, |c| c.budget.module_left);
                eprintln!("tessera: {}: code size: {} instruction(s) added; budget left before: function {function_left}, module {module}", fview.name, p.growth);
            }
            function_left = function_left.saturating_sub(p.growth);
            spend_module(ctx, p.growth, p.thread_only);
        }
        if options.report {
            report::count(if result.is_ok() { "SCoPs rewritten" } else { "SCoPs not rewritten" });
        }
        match result {
            Ok((p, summary)) => {
                rewritten = true;
                let parts = rewritten_remark(&fview, m, &p, &summary);
                if options.verbose >= 1 {
                    let text: String = parts.iter().map(|(RemarkPart::Text(t) | RemarkPart::Arg(_, t))| t.as_str()).collect();
                    eprintln!("tessera: {}: {text}", fview.name);
                }
                ctx.remark_loop_parts(RemarkKind::Passed, &map, m.root, "Rewritten", &parts);
                if !summary.checked_pairs.is_empty() {
                    let pairs: Vec<String> = summary.checked_pairs.iter().map(|(x, y)| format!("{x}/{y}")).collect();
                    let msg = format!(
                        "run-time alias checks on {} pair(s) of arrays: {}; the original code runs when they overlap",
                        pairs.len(),
                        pairs.join(", ")
                    );
                    ctx.remark_loop(RemarkKind::Analysis, &map, m.root, "AliasChecks", &msg);
                }
            }
            Err(why) => {
                // A fault of Tessera's own (not of the user's code) is also
                // a warning, as for a failed function, so that the tests
                // and the fuzzers cannot miss it.
                if why.starts_with("internal error") {
                    ctx.warn(&format!("tessera: {}: {why}", loop_label(&fview, m.root)));
                }
                ctx.remark_loop(RemarkKind::Missed, &map, m.root, "NotTransformed", &format!("SCoP not transformed: {why}"))
            }
        }
    }
    ir.verify().map_err(InternalError)?;
    Ok(if rewritten {
        Changed::Rewritten
    } else if changed {
        Changed::Prepared
    } else {
        Changed::No
    })
}

/// The remark on a rewritten SCoP: what was emitted (counts), then what
/// was done to its loops ([`explain`]), each figure and fact a named
/// argument of the remark.
fn rewritten_remark(fview: &FunctionView, m: &Model, p: &Plan, summary: &codegen::Summary) -> Vec<RemarkPart> {
    let mut parts = vec![RemarkPart::Text("SCoP rewritten: ".into())];
    let mut count = |key: &'static str, n: usize, text: &str| {
        parts.push(RemarkPart::Arg(key, n.to_string()));
        parts.push(RemarkPart::Text(text.into()));
    };
    count("Loops", summary.loops, " loop(s), ");
    count("ParallelLoops", summary.parallel_loops, " parallelizable (");
    count("OpenMPLoops", summary.openmp_loops, " run by OpenMP threads), ");
    count("VectorizableLoops", summary.vectorizable_loops, " marked vectorizable, ");
    count("AliasChecks", summary.alias_checks, " alias check(s)");
    let loop_name = |l: scop::affine::Counter| -> String {
        let scop::affine::Counter::Loop(l) = l else { return "q".into() };
        let lp = fview.loop_(l);
        match (&lp.var, &lp.loc) {
            (Some(v), _) => v.clone(),
            (None, Some(loc)) => format!("line {}", loc.line),
            (None, None) => format!("loop {}", l.0),
        }
    };
    let subject = explain::Subject {
        schedule: &p.schedule,
        params: p.scop.params.len(),
        counters: m.statements.iter().map(|s| s.loops.iter().map(|&l| loop_name(l)).collect()).collect(),
        loops: m.statements.iter().map(|s| s.loops.clone()).collect(),
        labels: m
            .statements
            .iter()
            .enumerate()
            .map(|(k, s)| s.loc.as_ref().map_or(format!("S{k}"), |loc| format!("S{k} (line {})", loc.line)))
            .collect(),
        full_tiles_separated: p.tree.separates_full_tiles(),
        openmp_dims: &summary.openmp_dims,
        vectorized_dims: &summary.vectorized_dims,
        row_jams: &p.tree.row_jams(),
    };
    let mut facts = explain::explain(&subject);
    for (s, b) in &summary.matmul {
        facts.push(vec![
            (None, "matrix product ".into()),
            (Some("MatmulStatement"), subject.labels[s.index()].clone()),
            (None, " in BLIS blocks: packed panels, ".into()),
            (Some("MicroKernel"), format!("{}x{}", b.mr, b.nr)),
            (None, " micro-kernel, ".into()),
            (Some("Blocks"), format!("kc {} mc {} nc {}", b.kc, b.mc, b.nc)),
        ]);
    }
    // What degrading cost (a budget hit kept the SCoP, with less).
    if !p.given_up.is_empty() {
        facts.push(vec![(None, "given up: ".into()), (Some("GivenUp"), p.given_up.join("; "))]);
    }
    for fact in facts {
        parts.push(RemarkPart::Text("; ".into()));
        for (key, text) in fact {
            match (key, parts.last_mut()) {
                (Some(key), _) => parts.push(RemarkPart::Arg(key, text)),
                // Plain words join the text before them.
                (None, Some(RemarkPart::Text(before))) => before.push_str(&text),
                (None, _) => parts.push(RemarkPart::Text(text)),
            }
        }
    }
    parts
}

/// `function (file:line)` of the nest at `root`: how run-time statistics
/// and profiles name it.
fn loop_label(fview: &FunctionView, root: crate::ir::LoopId) -> String {
    match &fview.loop_(root).loc {
        Some(loc) => {
            let file = std::path::Path::new(&loc.file).file_name().map_or(loc.file.clone(), |f| f.to_string_lossy().into_owned());
            format!("{} ({file}:{})", fview.name, loc.line)
        }
        None => fview.name.clone(),
    }
}

/// What the pure stages decide for one SCoP.
struct Plan {
    /// What was given up to stay within the work limits (said in the remark).
    given_up: Vec<String>,
    scop: PolyScop,
    deps: deps::Deps,
    schedule: sched::Schedule,
    tree: ast::Ast,
    /// What the rewrite adds to the function, in IR instructions
    /// (`cost::size`; 0 when not costed).
    growth: u64,
    /// Its only gain is loops of unknown trip count on threads: paid from
    /// the module's allowance for such rewrites too.
    thread_only: bool,
    /// With `-tessera-check-schedules`: whether the checker could decide
    /// (the schedule passed); `None` without the option.
    checked: Option<bool>,
}

/// Polyhedral work allowed for one SCoP, in the solver's work units (a
/// tableau entry updated, plus a fixed charge per query; see
/// `poly::simplex`): past it the SCoP is given up with a remark. Counting
/// work instead of time makes the decision the same on every machine and
/// under any load; on the 2-core reference machine a unit is about 1 ns,
/// so the limit is reached after 1-2 s.
const SCOP_WORK_LIMIT: u64 = 1_500_000_000;

/// Of a SCoP's allowance, what the dependence analysis may spend. The
/// largest need among the bench kernels and the end-to-end programs is
/// 2.8e8 units (a flattened matrix product's initialisation in `main`);
/// a SCoP past this limit would be past the whole allowance long before
/// the scheduler is done, so it is given up here, at 40% of the cost
/// (a generated 40-statement nest: 1.1 s of compile time instead of 1.9).
const DEPS_WORK_LIMIT: u64 = 600_000_000;

/// What the remark calls the exact dependences when their analysis was
/// given up.
const EXACT_DEPS: &str = "exact dependences";

/// The "not profitable" error of a SCoP past its dependence analysis; one
/// scheduled on dependences that contain the exact ones (`given_up`) says
/// so: it is why no better order was found.
fn not_profitable(why: &str, given_up: &[String]) -> String {
    let over = if given_up.iter().any(|g| g.starts_with(EXACT_DEPS)) {
        " (with its dependences over-approximated: the dependence analysis exceeded its work budget)"
    } else {
        ""
    };
    format!("not profitable: {why}{over}")
}

/// Work units of its own for the simpler nest loop generation falls back
/// to when the full one exceeded its budget (the SCoP's allowance may be
/// spent by then): bounded, and a fraction of [`SCOP_WORK_LIMIT`].
const SIMPLE_AST_WORK: u64 = 100_000_000;

/// Polyhedral work allowed over a whole compilation (one process): once it
/// is spent, later SCoPs are left alone with a remark, so a file with many
/// large SCoPs cannot take minutes.
const PROCESS_WORK_LIMIT: u64 = 3 * SCOP_WORK_LIMIT;

/// Polyhedral work done so far in this process, in work units. Only work
/// is counted, never time: the same source and flags must give the same
/// object file on any machine and under any load (reproducible builds,
/// compilation caches).
static PROCESS_WORK_SPENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// What the stages are told besides the SCoP: the fusion policy
/// (`-tessera-fuse`) and the tiler's machine; the tiler runs time-tiled
/// bands by wavefronts when the code runs parallel loops on threads.
struct StageConfig {
    fuse: sched::FusePolicy,
    tile: TileConfig,
    /// Check the final schedule by brute force (`-tessera-check-schedules`).
    check: bool,
    /// The dependence analysis's work cap ([`DEPS_WORK_LIMIT`], or
    /// `-tessera-deps-work-limit`) and loop generation's options (their
    /// query limit from `-tessera-ast-max-queries`): the tests force the
    /// degraded paths with them.
    deps_work_limit: u64,
    ast: AstOptions,
    /// Emit matmul-like statements in the BLIS structure (`-tessera-matmul`).
    matmul: bool,
}

fn stage_config(ctx: &FunctionCtx<'_>, options: &Options, parallel: bool) -> StageConfig {
    let base = TileConfig { wavefronts: parallel, concurrent_start: options.concurrent_start, ..TileConfig::default() };
    let fuse = match options.fuse {
        crate::bridge::Fuse::Smart => sched::FusePolicy::Smart,
        crate::bridge::Fuse::Max => sched::FusePolicy::Max,
        crate::bridge::Fuse::None => sched::FusePolicy::None,
    };
    StageConfig {
        fuse,
        tile: machine::tile_config(ctx.target(), options, base),
        check: options.check_schedules,
        deps_work_limit: options.deps_work_limit.unwrap_or(DEPS_WORK_LIMIT),
        ast: match options.ast_max_queries {
            Some(n) => AstOptions { max_queries: usize::try_from(n).unwrap_or(usize::MAX), ..AstOptions::default() },
            None => AstOptions::default(),
        },
        matmul: options.matmul,
    }
}

/// Whether parallel loops become OpenMP code: `-tessera-parallel`, else
/// whether the module was compiled with -fopenmp.
fn parallel_code(ctx: &FunctionCtx<'_>, options: &Options) -> bool {
    options.parallel.unwrap_or_else(|| ctx.module_has_openmp())
}

/// Model -> dependences -> schedule -> tiling -> loop AST, within the work
/// limits (per SCoP and per compilation).
fn plan(fview: &FunctionView, m: &Model, config: &StageConfig, pay: Option<&Cost>) -> Result<Plan, String> {
    use std::sync::atomic::Ordering;
    let spent_work = PROCESS_WORK_SPENT.load(Ordering::Relaxed);
    let work_left = PROCESS_WORK_LIMIT.saturating_sub(spent_work);
    if work_left == 0 {
        return Err("the compilation's budget for polyhedral work is spent".into());
    }
    let allowance = SCOP_WORK_LIMIT.min(work_left);
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
    let key = nest_key(&scop, config, pay.map(|p| &p.facts));
    let known = |ledger: &std::collections::BTreeMap<u64, (String, u64)>| {
        let (why, at) = ledger.get(&key)?;
        // Out of work with this allowance or more: out of work again.
        // Decided within this allowance or less: decided the same way.
        let out_of_work = why.contains("exceeded its work budget");
        (if out_of_work { allowance <= *at } else { allowance >= *at }).then(|| why.clone())
    };
    if let Some(why) = known(&DECLINED.lock().unwrap_or_else(|e| e.into_inner())) {
        return Err(format!("{why} (as the same nest before it in this compilation)"));
    }
    let planned = plan_stages(fview, m, scop, config, pay);
    if let Err(why) = &planned {
        // Not the code-size budgets' answers: they depend on what earlier
        // rewrites left.
        if why.contains("exceeded its work budget") || (why.starts_with("not profitable") && !why.contains("code-size budget")) {
            let used = allowance - crate::poly::work_left().unwrap_or(0);
            let at = if why.contains("exceeded its work budget") { allowance } else { used };
            DECLINED.lock().unwrap_or_else(|e| e.into_inner()).insert(key, (why.clone(), at));
        }
    }
    planned
}

/// The nests planning declined in this process, by [`nest_key`]: why, and
/// the work it took (the allowance, for one that ran out of it). A
/// function inlined into several callers brings the same nest to each
/// (gsl's simplex.c: the same 2-statement nest three times, each spending
/// 1.3e9 work units to be found not profitable). Every stage is a
/// deterministic function of the nest, the configuration and the work
/// allowed, so planning it again would spend the same work to decline it
/// the same way. Rewrites are not kept: each needs its own plan.
static DECLINED: std::sync::Mutex<std::collections::BTreeMap<u64, (String, u64)>> = std::sync::Mutex::new(std::collections::BTreeMap::new());

/// What planning depends on: the nest as the stages see it, the stage
/// configuration and the profitability model's facts. Its parameters and
/// cells are renamed by position (copies of one nest inlined into one
/// function have the same sets over differently named values), and a
/// cell's number too (cells are numbered in the order of their names,
/// which differ between copies); the scalars that die with the nest are
/// listed in that numbering's order, as the stages walk them.
/// `DefaultHasher::new` has fixed keys: the same in every process.
fn nest_key(scop: &PolyScop, config: &StageConfig, facts: Option<&cost::profit::Facts>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut text = format!("{:?} {:?} {:?} {:?}", scop.params, scop.context, scop.statements, scop.dead_after);
    let mut names: Vec<&String> = scop.params.iter().collect();
    let mut cells: Vec<scop::poly_scop::CellId> = vec![];
    for a in scop.statements.iter().flat_map(|s| &s.accesses) {
        if !cells.contains(&a.array) {
            cells.push(a.array);
            names.push(&scop.cell(a.array).name);
        }
    }
    // Names appear quoted in the debug form: renaming the quoted forms
    // cannot touch a longer name that contains a shorter one. The new
    // names (`"#0"`, ...) are no C identifier, so no later name meets one;
    // a cell's number is closed by its parenthesis and renamed the same
    // way (`CellId(#k)`: no number).
    for (k, name) in names.iter().enumerate() {
        text = text.replace(&format!("{name:?}"), &format!("\"#{k}\""));
    }
    for (k, c) in cells.iter().enumerate() {
        text = text.replace(&format!("{c:?}"), &format!("CellId(#{})", scop.params.len() + k));
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    format!("{:?} {:?} {} {} {:?} {facts:?}", config.fuse, config.tile, config.check, config.deps_work_limit, config.ast).hash(&mut h);
    h.finish()
}

use crate::poly::trace_work;

/// With `-tessera-check-schedules`, the brute-force checker's verdict on
/// `schedule` (`what` names it in the error): whether it could decide
/// (the schedule passed); `None` without the option.
fn check_schedule(scop: &PolyScop, schedule: &sched::Schedule, config: &StageConfig, what: &str) -> Result<Option<bool>, String> {
    if !config.check {
        return Ok(None);
    }
    let verdict = sched::check::check_small(scop, schedule)
        .map_err(|why| format!("internal error: the schedule checker rejects the {what} {why}; the nest is left as it was"))?;
    Ok(Some(verdict.is_some()))
}

/// Tiling, innermost distribution and the brute-force check (when asked)
/// of a scheduled SCoP: the tiled schedule and the checker's verdict.
fn tile_and_check(
    scop: &PolyScop,
    deps: &crate::deps::Deps,
    schedule: &sched::Schedule,
    relaxed: &std::collections::BTreeSet<crate::scop::poly_scop::CellId>,
    tile_cfg: &TileConfig,
    config: &StageConfig,
    work: &mut Option<u64>,
) -> Result<(sched::Schedule, Option<bool>), String> {
    let schedule = tile::tile(scop, deps, schedule.clone(), relaxed, tile_cfg);
    trace_work("tiling", work);
    // A failure here only means the tiled schedule stays as it is.
    let schedule = match tile::inner::distribute_innermost(scop, deps, &schedule, relaxed) {
        Ok(Some(split)) => split,
        _ => schedule,
    };
    trace_work("innermost distribution", work);
    let mut schedule = schedule;
    if config.ast.jam_reductions {
        mark_jams(scop, deps, &mut schedule);
    }
    // The independent checker (never the scheduler's own reasoning) on what
    // all the stages above made of the schedule.
    let checked = check_schedule(scop, &schedule, config, "final schedule")?;
    Ok((schedule, checked))
}

fn plan_stages(fview: &FunctionView, m: &Model, scop: PolyScop, config: &StageConfig, pay: Option<&Cost>) -> Result<Plan, String> {
    let mut work = None;
    trace_work("start", &mut work);
    // A nest too small to gain anything, or one the code-size budgets
    // cannot pay for, costs no dependence analysis.
    if let Some(pay) = pay {
        if let Some(why) = pay.budget.short_of_least(cost::size::least_growth(&pay.weights)) {
            return Err(not_profitable(&why, &[]));
        }
        if let Some(why) = cost::profit::small_known_work(&scop, &pay.facts, pay.facts.openmp).map_err(|e| format!("profitability: {e}"))? {
            return Err(not_profitable(&why, &[]));
        }
        if let Some(why) = cost::profit::lone_statement(&scop, m, &pay.facts, config.ast.jam_reductions) {
            return Err(not_profitable(&why, &[]));
        }
    }
    let mut given_up = vec![];
    let cap = config.deps_work_limit;
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
        if let Some(p) = plan_matmul(fview, m, &scop, &deps, config)? {
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
    fn scheduling(e: impl fmt::Display) -> String {
        format!("scheduling: {e}")
    }
    // Profitability: never trade the original innermost loop for one that
    // walks memory worse (LU's skewed schedule would put a stride-n loop
    // innermost: 4x slower; tiling then only improves the point order),
    // nor the original's parallel loops for a schedule with fewer
    // statements in parallel loops or tileable bands (Cholesky: Pluto fuses
    // the diagonal's square root into the column loop, which then carries
    // it). The scheduler asks before it checks a candidate's live ranges
    // (sched::schedule_judged). With the schedule come the scalars whose
    // memory dependences the stages below may ignore (those whose live
    // ranges it keeps).
    let np = scop.params.len();
    let source_order = sched::original::original_schedule(&scop).map_err(scheduling)?;
    // The original's marks, computed for the first candidate that is not
    // the source order (on nests that keep their order they are a large
    // part of the work, and not needed).
    let mut original: Option<(crate::schedule::Schedule, std::collections::BTreeSet<crate::scop::poly_scop::CellId>)> = None;
    let mut prefer_original = |cand: &crate::schedule::Schedule| -> Result<bool, crate::poly::PolyError> {
        let (o, _) = match &mut original {
            Some(o) => o,
            slot => {
                let mut o = source_order.clone();
                let relaxed = sched::original::mark_original(&scop, &deps, &mut o)?;
                slot.insert((o, relaxed))
            }
        };
        let worse_strides = tile::inner_stride_score(cand, &scop) < tile::inner_stride_score(o, &scop);
        let less_parallel = cand.statements_with_parallelism(np) < o.statements_with_parallelism(np);
        Ok(worse_strides || less_parallel)
    };
    let options = SchedOptions { fuse: config.fuse, ..SchedOptions::default() };
    let (schedule, sched_info) = sched::schedule_judged(&scop, &deps, &options, &mut prefer_original).map_err(scheduling)?;
    trace_work("scheduling", &mut work);
    let (schedule, relaxed) = match original {
        // The original order's parallel loops still run in parallel and
        // vectorize (min-plus products, triangular solves).
        Some(original) if sched_info.rejected => original,
        _ => {
            // The scheduler checked the live ranges of the scalars it
            // relaxed; only those it stopped relaxing need a check.
            let relaxed = sched::kept_relaxed_scalars(&scop, &deps, &schedule, &sched_info.relaxed_scalars).map_err(scheduling)?;
            (schedule, relaxed)
        }
    };
    // Loops shared by statement groups with their own inner loops are
    // split when that makes bands to tile (a failure keeps the schedule).
    trace_work("profitability", &mut work);
    let schedule = match tile::distribute::distribute_for_tiling(&scop, &deps, &schedule, &relaxed) {
        Ok(Some(split)) => split,
        _ => schedule,
    };
    trace_work("distribution", &mut work);
    let elem_bytes = m.arrays.iter().map(|a| a.elem_bytes as i64).max().unwrap_or(8);
    let tile_cfg = TileConfig { elem_bytes, ..config.tile.clone() };
    let untiled = schedule;
    let (mut schedule, mut checked) = tile_and_check(&scop, &deps, &untiled, &relaxed, &tile_cfg, config, &mut work)?;
    // Pay before emitting: a schedule that gains nothing -O3 cannot get
    // by itself is not worth its code (cost::profit), and is decided
    // before the loop tree is built.
    if let Some(pay) = pay {
        if let Some(why) = cost::profit::not_profitable(&scop, &source_order, &schedule, &pay.facts).map_err(|e| format!("profitability: {e}"))? {
            return Err(not_profitable(&why, &given_up));
        }
    }
    // Where each scalar's values leave the iteration that wrote them: the
    // jam of a reduction gives each row its own copies of those that do
    // not (ast::reduction_jam). Without it (over the work budget), only
    // scalars no statement elsewhere reads get copies.
    // Asked only where a jam may be (the schedule's marks say).
    let may_jam = config.ast.jam_reductions && ast::reduction_jam::may_jam_reductions(&scop, &schedule);
    let scalar_rows = if may_jam { crate::poly::with_work_cap(SIMPLE_AST_WORK, || sched::marks::scalar_flow_rows(&deps, &schedule.stmts, schedule.dims.len())).ok().flatten() } else { None };
    let mut ast_opts = AstOptions { scalar_rows, ..config.ast.clone() };
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
            let (s, c) = tile_and_check(&scop, &deps, &untiled, &relaxed, &plain, config, &mut None)?;
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
    // Threads were counted on above; code generation may still keep every
    // parallel loop on the calling thread (a scalar it writes is read
    // after it). Then only what pays without threads is rewritten.
    if let Some(pay) = pay.filter(|p| p.facts.openmp) {
        if let (0, too_small) = codegen::threaded_loops(fview, m, &tree) {
            if let Some(why) = cost::profit::not_profitable_unthreaded(&scop, &source_order, &schedule, &pay.facts, too_small).map_err(|e| format!("profitability: {e}"))? {
                return Err(not_profitable(&why, &given_up));
            }
        }
    }
    // The code-size budgets (cost::size): over them, the copies that only
    // speed up go, one kind at a time: first the rows of a loop jammed
    // around a reduction (eight copies of its statements: the nest then
    // runs as -O3 has it, which a matrix-vector product unrolled nine
    // times over needed, its later copies otherwise left with their sums
    // in memory), then the loops split on guards, then the full/partial
    // tile separation (each doubles the code it covers; the tiles'
    // separation is worth most: fdtd2d ran 15% slower without it); still
    // over, the SCoP goes.
    let mut growth = 0;
    if let Some(pay) = pay {
        growth = cost::size::growth(&tree, &pay.weights);
        let unjammed = AstOptions { jam_reductions: false, ..ast_opts.clone() };
        // Each step with whether the tree has what it drops.
        let steps = [
            ("unroll-and-jam of reductions", unjammed.clone(), tree.jams_reductions()),
            ("loop splits on guards", AstOptions { separate_guards: false, ..unjammed.clone() }, config.ast.separate_guards),
            ("full/partial tile separation", AstOptions { separate_full_tiles: false, separate_guards: false, ..unjammed }, tree.separates_full_tiles()),
        ];
        let mut dropped = vec![];
        let mut over = pay.budget.exceeded_by(growth);
        // Within the budgets, a jam is still kept to this nest's share.
        if let (None, true) = (&over, tree.jams_reductions()) {
            if let Some(why) = pay.budget.beyond_share(growth) {
                if let Ok(smaller) = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(&scop, &schedule, &steps[0].1)) {
                    dropped.push((steps[0].0, why));
                    growth = cost::size::growth(&smaller, &pay.weights);
                    tree = smaller;
                }
            }
        }
        for (what, options, present) in steps {
            let Some(why) = over.clone() else { break };
            if !present {
                continue;
            }
            let Ok(smaller) = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(&scop, &schedule, &options)) else { continue };
            if smaller != tree {
                dropped.push((what, why));
                growth = cost::size::growth(&smaller, &pay.weights);
                tree = smaller;
                over = pay.budget.exceeded_by(growth);
            }
        }
        if let Some(why) = over {
            let without: Vec<&str> = dropped.iter().map(|(what, _)| *what).collect();
            let without = if without.is_empty() { String::new() } else { format!(", even without {}", without.join(" and ")) };
            return Err(not_profitable(&format!("{why}{without}"), &given_up));
        }
        given_up.extend(dropped.into_iter().map(|(what, why)| format!("{what} ({why})")));
    }
    // A jam around a reduction was counted on above; the tree may have
    // none (its rows' scalars are read after the loop and not written
    // first, or the budget dropped it: then say so).
    if let Some(pay) = pay.filter(|_| !tree.jams_reductions()) {
        let unjammed = match cost::profit::lone_statement(&scop, m, &pay.facts, false) {
            Some(why) => Some(why),
            None => cost::profit::not_profitable_unjammed(&scop, &source_order, &schedule, &pay.facts).map_err(|e| format!("profitability: {e}"))?,
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
    if let Some(pay) = pay {
        thread_only = cost::profit::gains_only_threads(&scop, &source_order, &schedule, &pay.facts, tree.jams_reductions()).map_err(|e| format!("profitability: {e}"))?;
        if let Some(why) = pay.budget.thread_only_exceeded_by(growth).filter(|_| thread_only) {
            return Err(not_profitable(&why, &given_up));
        }
    }
    trace_work("code size", &mut work);
    Ok(Plan { given_up, scop, deps, schedule, tree, growth, thread_only, checked })
}

/// The statements of loops whose running sum `scop::delicm` mapped back to
/// its cell beside reads of other cells of the same array.
fn sums_beside_other_cells(fview: &FunctionView, m: &Model) -> Vec<usize> {
    m.promoted
        .iter()
        .filter(|p| p.beside_other_cells)
        .filter_map(|p| match fview.value(p.phi).kind {
            crate::ir::ValueKind::Instruction(b) => m.statement_of(b),
            _ => None,
        })
        .collect()
}

/// What the profitability model and the code-size budgets are told about
/// one SCoP (optimizing only: the printers show every plan).
struct Cost {
    facts: cost::profit::Facts,
    weights: cost::size::Weights,
    budget: Budget,
}

/// Instructions of a function (terminators included).
fn instructions(fview: &FunctionView) -> u64 {
    fview.blocks.iter().map(|b| b.instrs.len() as u64 + 1).sum()
}

/// Which loops that are not parallel but sit around an innermost
/// floating-point chain may still be jammed (`sched::marks::jam_blocked`):
/// asked only for those, within a small work cap (over it, none is).
fn mark_jams(scop: &PolyScop, deps: &deps::Deps, schedule: &mut sched::Schedule) {
    let candidates = ast::reduction_jam::jam_candidates(scop, schedule);
    if candidates.is_empty() {
        return;
    }
    if let Ok(blocked) = crate::poly::with_work_cap(SIMPLE_AST_WORK, || sched::marks::jam_blocked(deps, schedule, &candidates)) {
        for (d, pairs) in blocked {
            schedule.dims[d].jam_blocked = Some(pairs);
        }
    }
}

/// The nest's nominal work (cost::size::nominal_work): its statements'
/// depths in the region's loops (parity counters are not loops).
fn nominal_work(m: &Model) -> u64 {
    cost::size::nominal_work(m.statements.iter().map(|s| s.loops.iter().filter(|l| !l.is_pseudo()).count()))
}

/// What the parts of a rewrite of `m` weigh (cost::size): each statement
/// its block, the nest its blocks, and the run-time checks that keep the
/// nest as their fallback.
fn weights(fview: &FunctionView, m: &Model, openmp: bool) -> cost::size::Weights {
    let block = |b: crate::ir::BlockId| fview.block(b).instrs.len() as u64 + 1;
    let pairs = codegen::checks::pairs_to_check(m, fview).len() as u64;
    // An assumption or a range check: its affine value and a compare.
    let conditions = (m.assumptions.len() + m.range_checks.len()) as u64;
    cost::size::Weights {
        stmt: m.statements.iter().map(|s| block(s.block)).collect(),
        original: fview.loop_(m.root).blocks.iter().map(|&b| block(b)).sum(),
        fallback: pairs + conditions > 0,
        checks: pairs * cost::size::CHECK_PAIR_COST + 4 * conditions,
        openmp,
    }
}

/// The module being compiled and what is left of its code-size growth
/// allowance (cost::size), kept across its functions.
struct ModuleLedger {
    id: usize,
    left: u64,
    /// What is left for rewrites whose only gain is threads.
    thread_only_left: u64,
}

static MODULE_LEDGER: std::sync::Mutex<Option<ModuleLedger>> = std::sync::Mutex::new(None);

/// What is left of the module's allowance, and of its allowance for
/// rewrites whose only gain is threads (no floor); a new module (its first
/// function with a SCoP, before any rewrite in it) starts a new one.
fn module_left(ctx: &FunctionCtx<'_>, openmp: bool, options: &Options) -> (u64, u64) {
    let mut ledger = MODULE_LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    let id = ctx.module_id();
    match &*ledger {
        Some(l) if l.id == id => (l.left, l.thread_only_left),
        _ => {
            let size = ctx.module_instructions();
            let left = cost::size::allowance(size, cost::size::MODULE_GROWTH_PERCENT, cost::size::growth_floor(openmp));
            let thread_only_left = cost::size::allowance(size, options.thread_only_growth, 0);
            if options.verbose >= 1 {
                eprintln!("tessera: module of {size} instruction(s): code-size growth allowed {left}, {thread_only_left} of it for rewrites that gain only threads");
            }
            *ledger = Some(ModuleLedger { id, left, thread_only_left });
            (left, thread_only_left)
        }
    }
}

fn spend_module(ctx: &FunctionCtx<'_>, growth: u64, thread_only: bool) {
    let mut ledger = MODULE_LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = ledger.as_mut().filter(|l| l.id == ctx.module_id()) {
        l.left = l.left.saturating_sub(growth);
        if thread_only {
            l.thread_only_left = l.thread_only_left.saturating_sub(growth);
        }
    }
}

/// A SCoP with a matmul-like statement (`sched::gemm`): that statement in
/// a nest of its own after the others, marked for the BLIS code generator
/// (`codegen::matmul`), the others in their original order. `None` when
/// there is no such statement or its nest does not come out as a box (the
/// general pipeline then takes the SCoP).
fn plan_matmul(fview: &FunctionView, m: &Model, scop: &PolyScop, deps: &deps::Deps, config: &StageConfig) -> Result<Option<(sched::Schedule, ast::Ast, Option<bool>)>, String> {
    let Some(g) = sched::gemm::recognize(fview, m, scop, deps) else { return Ok(None) };
    // One blocking for the SCoP: its widest accumulated element's.
    let elem_bytes = g.gemms.iter().map(|x| m.array(x.c).elem_bytes as i64).max().unwrap_or(8);
    let t = &config.tile;
    let blocking = sched::gemm::blocking(t.wide_vector_bits, t.vector_regs, t.l2_bytes, elem_bytes, g.shape);
    let Ok(schedule) = sched::gemm::schedule(scop, deps, &g, blocking.nc) else { return Ok(None) };
    let checked = check_schedule(scop, &schedule, config, "matrix-product schedule")?;
    let options = AstOptions { jam_reductions: false, ..config.ast.clone() };
    let Ok(mut tree) = ast::build(scop, &schedule, &options) else { return Ok(None) };
    if !ast::matmul::mark(&mut tree, &g, blocking) {
        return Ok(None);
    }
    Ok(Some((schedule, tree, checked)))
}

/// Writes `<dir>/<function>.<index>.json`; a failure is a warning naming
/// the file (the compilation goes on).
fn export(dir: &std::path::Path, fview: &FunctionView, m: &Model, index: usize, p: Option<&Plan>) {
    let path = dir.join(format!("{}.{index}.json", fview.name));
    let schedule = p.map(|p| sched::print::print_schedule(&p.scop, &p.schedule));
    let loops = p.map(|p| p.tree.to_c());
    let json = scop::export::to_json(m, fview, schedule.as_deref(), loops.as_deref());
    if let Err(e) = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, json)) {
        eprintln!("warning: tessera: cannot write {}: {e}", path.display());
    }
}

/// One analysis remark per loop; for each loop left out of every SCoP, a
/// missed-optimization remark too, with what would lift the reason where
/// something would.
fn report(ctx: &FunctionCtx<'_>, fview: &FunctionView, map: &IrMap, d: &Detection) {
    let profilable: HashSet<_> = crate::profile::candidates::candidates(fview, d).into_iter().map(|c| c.root).collect();
    for (l, status) in &d.loops {
        let msg = match status {
            LoopStatus::InScop(i) => {
                let m = &d.scops[*i];
                format!("loop is in a SCoP ({} loop(s), {} statement(s))", m.loops.len(), m.statements.len())
            }
            LoopStatus::Rejected(r) => format!("loop not in a SCoP: {r}"),
        };
        ctx.remark_loop(RemarkKind::Analysis, map, *l, "ScopDetection", &msg);
        if let LoopStatus::Rejected(r) = status {
            let mut parts = vec![RemarkPart::Text("loop not optimized: ".into()), RemarkPart::Arg("Reason", r.to_string())];
            if let Some(hint) = unblock_hint(r, profilable.contains(l)) {
                parts.push(RemarkPart::Text("; ".into()));
                parts.push(RemarkPart::Arg("Hint", hint.into()));
            }
            ctx.remark_loop_parts(RemarkKind::Missed, map, *l, "NotInScop", &parts);
        }
    }
}

/// What the user could change so that a loop rejected for `r` is
/// optimized, where something would. `profilable`: the profile workflow
/// takes the nest (parameter values keep it out of the model).
fn unblock_hint(r: &scop::Reason, profilable: bool) -> Option<&'static str> {
    use scop::Reason;
    if profilable {
        return Some("a profile may lift this: build with -mllvm -tessera-profile-generate, run, rebuild with -mllvm -tessera-profile-use=tessera.profile");
    }
    match r {
        Reason::UnsupportedCall(d) if d.contains("errno") => Some("with -fno-math-errno the calls set no errno and do not order the loop"),
        // Those Tessera could not put back as loops (scop::mem_calls).
        Reason::UnsupportedCall(d) if d.contains("'llvm.mem") => Some(
            "LLVM made this copy or fill of a loop; Tessera puts such calls back as loops only when the nest accesses the arrays they touch with elements of one size and the length is a multiple of it (not memmove); -mllvm -disable-loop-idiom-all keeps such loops as they are",
        ),
        // A math function that may set errno to one of several values
        // looks like any call with side effects.
        Reason::UnsupportedCall(_) => Some("if the callee only sets errno (a math function), -fno-math-errno lets the loop in; else a callee declared __attribute__((const)), or one the inliner can see, would not block it"),
        _ => None,
    }
}
