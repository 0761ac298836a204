//! The pipeline on one function: detection, then for each SCoP its plan
//! (`plan::plan`: dependences, schedule, tiling, loop tree, what is paid
//! for) and code generation (docs/architecture.md). Each stage is a
//! function from one plain data structure to the next; this module
//! prepares the IR, sequences them, keeps the module's code-size ledger
//! and reports to the user.

mod explain;
mod machine;
mod report;
mod specialize;

use crate::ast::AstOptions;
use crate::bridge::rewrite::{self, Ir};
use crate::bridge::view::{self, IrMap};
use crate::bridge::{FunctionCtx, Mode, Options, RemarkKind, RemarkPart};
use crate::codegen;
use crate::plan::costing::{instructions, nominal_work, sums_beside_other_cells, weights};
use crate::plan::{plan, Checked, Cost, Plan, StageConfig, DEPS_WORK_LIMIT};
use crate::cost::{self, size::Budget};
use crate::deps;
use crate::sched;
use crate::tile::TileConfig;
use crate::ir::FunctionView;
use crate::scop::model::ArrayId;
use crate::scop::{self, Detection, LoopStatus, Model};
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
    let parallel = parallel_code(ctx, options);
    let config = stage_config(ctx, options, parallel);
    let screened = screen(ctx, first_view, first_map, first, options, current, parallel, &config);
    for (_, m) in first.scops.iter().enumerate().filter(|(i, _)| !screened.contains(i)) {
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
    // both stand, and cost nothing again. Otherwise only the prepared
    // nests are modeled again: the loops rejected before are reported
    // already and not rewritten whatever a second look finds.
    let again = changed.then(|| {
        let (fview, map) = view::build(ctx);
        let detection = scop::detect_among(&fview, &|l| prepared.contains(&map.loops[l.0 as usize]));
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
    for (done, &(index, detected)) in planned_scops.iter().enumerate() {
        // Sizes at which a statement runs no iteration go to the original
        // code when the nest is checked at run time anyway (plan::sizes).
        let running = crate::plan::sizes::assume_running_sizes(detected, &fview, options.rtc);
        let found = running.as_ref().unwrap_or(detected);
        // -tessera-rewrite-all: every SCoP that can be rewritten is, paid
        // or not (the tests of code generation use it).
        let cost_of = |m: &Model| {
            (!options.rewrite_all).then(|| {
                // The pairs of arrays the run-time checks would compare: their
                // cost, and the accumulators they free.
                let pairs = crate::plan::alias::pairs_to_check(m, &fview);
                let left = module_left(ctx, parallel, options);
                Cost {
                    facts: facts(m, &pairs, parallel, &config),
                    weights: weights(&fview, m, pairs.len(), parallel),
                    budget: Budget {
                        function_left,
                        module_left: left.code,
                        work_here: work[done],
                        work_left: work[done..].iter().fold(0, |a: u64, &w| a.saturating_add(w)),
                        thread_only_left: left.thread_only,
                    },
                    work: left.work,
                }
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
            if let Ok(Plan { checked: Some(how), .. }) = &planned {
                report::count(match how {
                    Checked::Whole => "schedules checked by brute force",
                    Checked::Corners => "schedules checked by brute force in two corners (constant sizes)",
                    Checked::Undecided => "schedules too large for the brute-force check",
                });
            }
        }
        if let Some(dir) = &options.export_dir {
            export(dir, &fview, m, index, planned.as_ref().ok());
        }
        let cg = codegen::CodegenOptions {
            openmp: parallel,
            rtc: options.rtc,
            vectors: ctx.target().vector_bits > 0 && !ctx.vectorize_forced_only(),
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

/// The SCoPs of `first` (indices) that gain nothing whatever their
/// dependences ([`plan::screen`]), each reported as not transformed. They
/// are left as they are, not prepared for code generation, so that they
/// cost neither a second model nor a plan. Asked only of a view that shows
/// the IR, when the cost model decides (not under
/// `-tessera-rewrite-all`), and not when SCoPs are exported (their files
/// are numbered by the second detection).
#[allow(clippy::too_many_arguments)]
fn screen(ctx: &FunctionCtx<'_>, fview: &FunctionView, map: &IrMap, first: &Detection, options: &Options, current: Current, parallel: bool, config: &StageConfig) -> HashSet<usize> {
    if current != Current::Yes || options.rewrite_all || options.export_dir.is_some() {
        return HashSet::default();
    }
    let mut screened = HashSet::default();
    for (i, detected) in first.scops.iter().enumerate() {
        // The model plan() would be given first, and the one it would try
        // next (sums kept in registers): both must gain nothing.
        let running = crate::plan::sizes::assume_running_sizes(detected, fview, options.rtc);
        let m = running.as_ref().unwrap_or(detected);
        let why_not = |m: &Model| {
            let pairs = crate::plan::alias::pairs_to_check(m, fview);
            crate::plan::screen(fview, m, config, &facts(m, &pairs, parallel, config))
        };
        let Some(why) = why_not(m) else { continue };
        if m.without_other_cells.as_deref().is_some_and(|u| why_not(u).is_none()) {
            continue;
        }
        if options.report {
            report::count("SCoPs not rewritten");
        }
        ctx.remark_loop(RemarkKind::Missed, map, m.root, "NotTransformed", &format!("SCoP not transformed: {why}"));
        screened.insert(i);
    }
    screened
}

/// What the profitability model is told of SCoP `m`, whose run-time alias
/// checks would compare `pairs`.
fn facts(m: &Model, pairs: &[(ArrayId, ArrayId)], openmp: bool, config: &StageConfig) -> cost::profit::Facts {
    let checked: Vec<_> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
    cost::profit::Facts {
        openmp,
        l1_bytes: config.tile.l1_bytes,
        elem_bytes: m.arrays.iter().map(|a| a.elem_bytes as i64).max().unwrap_or(8),
        checked_accumulator: cost::profit::checked_accumulator(m, &checked),
    }
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
        jammed_rows: &p.tree.jammed_rows,
    };
    let mut facts = explain::explain(&subject);
    if !summary.private_arrays.is_empty() {
        let names: Vec<&str> = summary.private_arrays.iter().map(String::as_str).collect();
        facts.push(vec![(None, "each thread with its own copy of ".into()), (Some("PrivateArray"), names.join(", "))]);
    }
    if !summary.register_cells.is_empty() {
        let names: Vec<&str> = summary.register_cells.iter().map(String::as_str).collect();
        facts.push(vec![(None, "cells of ".into()), (Some("RegisterCells"), names.join(", ")), (None, " kept in registers along inner loops".into())]);
    }
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
        sched_work_limit: options.sched_work_limit,
        ast: match options.ast_max_queries {
            Some(n) => AstOptions { max_queries: usize::try_from(n).unwrap_or(usize::MAX), ..AstOptions::default() },
            None => AstOptions::default(),
        },
        // The BLIS path allocates its packing buffers with aligned_alloc.
        matmul: options.matmul && !ctx.no_library_calls(),
    }
}

/// Whether parallel loops become OpenMP code: `-tessera-parallel`, else
/// whether the module was compiled with -fopenmp.
fn parallel_code(ctx: &FunctionCtx<'_>, options: &Options) -> bool {
    options.parallel.unwrap_or_else(|| ctx.module_has_openmp())
}






/// The module being compiled and what is left of its code-size growth
/// allowance (cost::size), kept across its functions, with its allowance
/// for polyhedral work (cost::work).
struct ModuleLedger {
    id: usize,
    left: u64,
    /// What is left for rewrites whose only gain is threads.
    thread_only_left: u64,
    /// The module's polyhedral work allowance, and the process's work
    /// count when the module started (what planning spent since is the
    /// module's).
    work_units_allowed: u64,
    work_at_start: u64,
}

static MODULE_LEDGER: std::sync::Mutex<Option<ModuleLedger>> = std::sync::Mutex::new(None);

/// What is left of a module's allowances when a SCoP is planned.
struct ModuleLeft {
    code: u64,
    thread_only: u64,
    work: cost::work::WorkLeft,
}

/// What is left of the module's allowances (code size, code size for
/// rewrites whose only gain is threads, polyhedral work); a new module
/// (its first function with a SCoP, before any rewrite in it) starts a
/// new ledger.
fn module_left(ctx: &FunctionCtx<'_>, openmp: bool, options: &Options) -> ModuleLeft {
    let mut ledger = MODULE_LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    let id = ctx.module_id();
    if ledger.as_ref().is_none_or(|l| l.id != id) {
        let size = ctx.module_instructions();
        let left = cost::size::module_allowance(size, openmp);
        let thread_only_left = cost::size::allowance(size, options.thread_only_growth, 0);
        let work_units_allowed = cost::work::module_work_allowance(size, options.work_per_instruction);
        if options.verbose >= 1 {
            eprintln!("tessera: module of {size} instruction(s): code-size growth allowed {left}, {thread_only_left} of it for rewrites that gain only threads; polyhedral work allowed {work_units_allowed} units");
        }
        *ledger = Some(ModuleLedger { id, left, thread_only_left, work_units_allowed, work_at_start: crate::plan::work_spent() });
    }
    let l = ledger.as_ref().expect("the ledger was just set");
    let spent = crate::plan::work_spent().saturating_sub(l.work_at_start);
    let work = cost::work::WorkLeft { left: l.work_units_allowed.saturating_sub(spent), allowed: l.work_units_allowed };
    ModuleLeft { code: l.left, thread_only: l.thread_only_left, work }
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
        Reason::UnsupportedCall(d) if d.contains("'llvm.lifetime") => Some(
            "an array declared in the loop body is modelled when nothing outside the nest uses it and its address goes only to its own loads and stores (not to a call, a pointer variable or a comparison)",
        ),
        // A math function that may set errno to one of several values
        // looks like any call with side effects.
        Reason::UnsupportedCall(_) => Some("if the callee only sets errno (a math function), -fno-math-errno lets the loop in; else a callee declared __attribute__((const)), or one the inliner can see, would not block it"),
        _ => None,
    }
}
