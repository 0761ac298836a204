//! Profile-guided specialization in the IR (SPolly): instrumenting the
//! candidate nests (`-tessera-profile-generate`) and versioning them for
//! their hot parameter values (`-tessera-profile-use`). Which nests and
//! which values is decided in [`crate::profile`].

use crate::bridge::rewrite::{self, Ir};
use crate::codegen::ok;
use crate::bridge::view::IrMap;
use crate::bridge::{FunctionCtx, Options, RemarkKind};
use crate::ir::{BlockId, FunctionView, LoopId, ValueId};
use crate::profile::{self, Candidate, Profile};
use crate::scop::{Detection, LoopStatus};
use inkwell::basic_block::BasicBlock;
use inkwell::module::Linkage;
use inkwell::values::{BasicMetadataValueEnum, InstructionValue, IntValue};
use inkwell::IntPredicate;
use crate::stable::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Words of per-region state the runtime uses (runtime.c: STATE_WORDS).
const STATE_WORDS: u32 = 96;

/// Only tuples with at least this share of a region's entries get a version.
const MIN_SHARE: f64 = 0.05;
/// Versions are added, most frequent first, until they cover this share.
const COVERAGE: f64 = 0.9;

/// `f (file.c:12): n m`, for people reading the profile.
fn describe(fview: &FunctionView, c: &Candidate) -> String {
    let names: Vec<String> = c.params.iter().map(|&p| param_name(fview, p)).collect();
    format!("{}: {}", super::loop_label(fview, c.root), names.join(" "))
}

/// A readable name for a recorded value: its own name, else the expression
/// computing it from named values (`max(n*n,1)`: loop-invariant code
/// motion hoists such expressions out of nests).
fn param_name(fview: &FunctionView, v: ValueId) -> String {
    expression(fview, v, 4)
}

fn expression(fview: &FunctionView, v: ValueId, depth: u32) -> String {
    let name = &fview.value(v).name;
    if let Some(crate::ir::Scev::Const(c)) = fview.scev(v) {
        return c.to_string();
    }
    let unnamed = name.starts_with('v') && name[1..].bytes().all(|b| b.is_ascii_digit());
    let Some(def) = fview.def(v).filter(|_| unnamed && depth > 0) else { return name.clone() };
    let arg = |k: usize| def.operands.get(k).map_or_else(|| "?".to_string(), |&o| expression(fview, o, depth - 1));
    use crate::ir::{Op, Opcode};
    match &def.op {
        Op::Binary { opcode } | Op::Pure { opcode } => match opcode {
            Opcode::Mul => format!("{}*{}", arg(0), arg(1)),
            Opcode::Add => format!("({}+{})", arg(0), arg(1)),
            Opcode::Sub => format!("({}-{})", arg(0), arg(1)),
            Opcode::SDiv | Opcode::UDiv => format!("{}/{}", arg(0), arg(1)),
            Opcode::Shl => format!("{}<<{}", arg(0), arg(1)),
            Opcode::ZExt | Opcode::SExt | Opcode::Trunc => arg(0),
            _ => name.clone(),
        },
        Op::Call { callee, .. } if callee.contains("max") || callee.contains("min") => {
            let f = if callee.contains("max") { "max" } else { "min" };
            format!("{f}({},{})", arg(0), arg(1))
        }
        _ => name.clone(),
    }
}

/// Adds a call recording the candidates' parameter values at each entry.
/// Returns whether the IR changed.
pub fn instrument(ctx: &FunctionCtx<'_>, fview: &FunctionView, map: &IrMap, detection: &Detection, path: &str) -> Result<bool, String> {
    let cands = profile::candidates(fview, detection);
    if cands.is_empty() {
        return Ok(false);
    }
    let (module, host) = ctx.target_triples();
    if let Some(why) = runtime_mismatch(&module, &host) {
        let mut warned = WARNED_MODULE.lock().unwrap_or_else(|e| e.into_inner());
        if warned.replace(ctx.module_id()) != Some(ctx.module_id()) {
            ctx.warn(&format!("tessera: -tessera-profile-generate: {why}: no loop nest of this module is instrumented"));
        }
        return Ok(false);
    }
    for c in &cands {
        rewrite::prepare_loop(ctx, map, c.root);
    }
    let ir = Ir::new(ctx, map);
    let enter = ir.profile_runtime()?;
    let i64t = ir.context.i64_type();
    let b = ir.context.create_builder();
    for c in &cands {
        let Some(term) = ir.loop_preheader(c.root).and_then(|p| p.get_terminator()) else { continue };
        b.position_before(&term);
        let state = ir.module().add_global(i64t.array_type(STATE_WORDS), None, "tessera.prof.state");
        state.set_linkage(Linkage::Internal);
        state.set_initializer(&i64t.array_type(STATE_WORDS).const_zero());
        let string = |s: &str| ok(b.build_global_string_ptr(s, "tessera.prof.str")).as_pointer_value();
        let mut args: Vec<BasicMetadataValueEnum> = vec![
            state.as_pointer_value().into(),
            string(&profile::key(&fview.name, c.index, c.hash)).into(),
            string(&describe(fview, c)).into(),
            string(path).into(),
            ir.context.i32_type().const_int(c.params.len() as u64, false).into(),
        ];
        for k in 0..profile::MAX_PARAMS {
            let v = c.params.get(k).map_or(i64t.const_zero(), |&p| to_i64(&ir, &b, p));
            args.push(v.into());
        }
        ok(b.build_call(enter, &args, ""));
        ctx.remark_loop(
            RemarkKind::Analysis,
            map,
            c.root,
            "ProfileInstrumented",
            &format!("loop nest instrumented: records {} at each entry", describe(fview, c)),
        );
    }
    Ok(true)
}

fn to_i64<'a>(ir: &Ir<'a>, b: &inkwell::builder::Builder<'a>, p: ValueId) -> IntValue<'a> {
    let v = ir.basic_value(p).into_int_value();
    if v.get_type().get_bit_width() < 64 {
        ok(b.build_int_s_extend(v, ir.context.i64_type(), "prof"))
    } else {
        v
    }
}

/// A version made by [`specialize`], to confirm once the function is
/// analyzed again.
pub struct Version<'a> {
    pub original: LoopId,
    pub dispatch: InstructionValue<'a>,
    pub header: BasicBlock<'a>,
    /// `n*n = 10000`
    pub values: String,
    /// `n*n = 10000 (67% of 3 entries)`
    pub what: String,
}

/// Clones each candidate nest with a recorded profile once per hot tuple
/// of parameter values, behind a dispatcher comparing the actual values.
pub fn specialize<'a>(
    ctx: &'a FunctionCtx<'a>,
    fview: &FunctionView,
    map: &'a IrMap,
    detection: &Detection,
    path: &Path,
    options: &Options,
) -> Vec<Version<'a>> {
    let cands = profile::candidates(fview, detection);
    if cands.is_empty() {
        return vec![];
    }
    let Some(profile) = load(ctx, path) else { return vec![] };
    let ir = Ir::new(ctx, map);
    let mut versions = Vec::new();
    // Last nest first: a later nest may read a value of an earlier one
    // (`v` after `for (...) v = ...;`) straight from its loop. Versioning
    // the earlier nest first would put that value behind a join and leave
    // the later dispatcher reading the stale one; in this order the earlier
    // nest's LCSSA form rewrites the dispatcher's use with all the others.
    for c in cands.iter().rev() {
        let Some(r) = profile.regions.get(&profile::site(&fview.name, c.index)) else { continue };
        if r.hash != format!("{:016x}", c.hash) || r.nparams != c.params.len() {
            let msg = "not specialized: the profile's record of this loop nest is stale (its code changed since the profile was made)";
            ctx.remark_loop(RemarkKind::Missed, map, c.root, "ProfileStale", msg);
            continue;
        }
        let hot = profile::hot_tuples(r, options.profile_max_versions, COVERAGE, MIN_SHARE);
        if hot.is_empty() {
            let msg = format!("not specialized: no parameter values frequent enough among {} entries", r.entries);
            ctx.remark_loop(RemarkKind::Missed, map, c.root, "ProfileCold", &msg);
            continue;
        }
        rewrite::prepare_loop(ctx, map, c.root);
        for values in hot {
            // Two recorded values may print alike (a parameter and its
            // sign extension, two products of the same values): each
            // equation is said once.
            let mut equations: Vec<String> = Vec::new();
            for (&p, v) in c.params.iter().zip(&values) {
                let eq = format!("{} = {v}", param_name(fview, p));
                if !equations.contains(&eq) {
                    equations.push(eq);
                }
            }
            let what = equations.join(", ");
            let share = r.tuples.iter().find(|t| t.1 == values).map_or(0, |t| t.0) as f64 / r.entries as f64;
            let Some(cond) = dispatch_condition(&ir, c, &values) else { break };
            match ir.specialize_loop(c.root, cond, &c.params, &values) {
                Some((dispatch, header)) => versions.push(Version {
                    original: c.root,
                    dispatch,
                    header,
                    values: what.clone(),
                    what: format!("{what} ({:.0}% of {} entries)", share * 100.0, r.entries),
                }),
                None => {
                    ctx.remark_loop(RemarkKind::Missed, map, c.root, "ProfileNoClone", "not specialized: the nest has several exits");
                    break;
                }
            }
        }
        if options.rtc_stats {
            count_fallback(&ir, fview, c);
        }
    }
    versions
}

/// With -tessera-rtc-stats: counts the entries that no specialized version
/// took, at the original nest's preheader (after every dispatch test).
fn count_fallback(ir: &Ir<'_>, fview: &FunctionView, c: &Candidate) {
    let Some(term) = ir.loop_preheader(c.root).and_then(|p| p.get_terminator()) else { return };
    let counter = crate::codegen::stats::new_counter(ir, &format!("{} [no specialized version matched]", super::loop_label(fview, c.root)));
    let b = ir.context.create_builder();
    b.position_before(&term);
    crate::codegen::stats::bump(ir, &b, counter, crate::codegen::stats::Event::Entered);
}

/// `p1 == v1 && p2 == v2 ...`, at the end of the nest's preheader.
fn dispatch_condition<'a>(ir: &Ir<'a>, c: &Candidate, values: &[i64]) -> Option<IntValue<'a>> {
    let term = ir.loop_preheader(c.root)?.get_terminator()?;
    let b = ir.context.create_builder();
    b.position_before(&term);
    let mut acc = ir.context.bool_type().const_int(1, false);
    for (&p, &v) in c.params.iter().zip(values) {
        let x = ir.basic_value(p).into_int_value();
        let eq = ok(b.build_int_compare(IntPredicate::EQ, x, x.get_type().const_int(v as u64, true), "tessera.spec.is"));
        acc = ok(b.build_and(acc, eq, "tessera.spec"));
    }
    Some(acc)
}

/// After the function was analyzed again: keeps the versions that became
/// SCoPs (the normal pipeline optimizes them) and disables the others.
/// Returns the kept versions' descriptions by header block address.
pub fn confirm(
    ctx: &FunctionCtx<'_>,
    old_map: &IrMap,
    versions: &[Version<'_>],
    fview: &FunctionView,
    map: &IrMap,
    detection: &Detection,
) -> HashMap<usize, String> {
    let mut notes = HashMap::default();
    let Some(first) = versions.first() else { return notes };
    // The dispatcher's condition is an i1: its type gives the constant.
    let Some(cond) = first.dispatch.get_operand(0).and_then(|o| o.value()) else { return notes };
    let never = cond.into_int_value().get_type().const_zero();
    let status: HashMap<LoopId, &LoopStatus> = detection.loops.iter().map(|(l, s)| (*l, s)).collect();
    for v in versions {
        let clone = fview.top_loops.iter().copied().find(|&l| header_raw(map, fview.loop_(l).header) == v.header.as_mut_ptr());
        match clone.and_then(|l| status.get(&l)) {
            Some(LoopStatus::InScop(_)) => {
                let msg = format!("specialized version for {}", v.what);
                ctx.remark_loop(RemarkKind::Passed, map, clone.expect("found"), "Specialized", &msg);
                notes.insert(v.header.as_mut_ptr() as usize, v.values.clone());
            }
            other => {
                let why = match other {
                    Some(LoopStatus::Rejected(r)) => r.to_string(),
                    _ => "the clone was not found".into(),
                };
                // The dispatcher never takes the clone; later passes delete it.
                let _ = v.dispatch.set_operand(0, never);
                let msg = format!("not specialized for {}: still not a SCoP with these values ({why})", v.what);
                ctx.remark_loop(RemarkKind::Missed, old_map, v.original, "ProfileNotAffine", &msg);
            }
        }
    }
    notes
}

fn header_raw(map: &IrMap, b: BlockId) -> llvm_sys::prelude::LLVMBasicBlockRef {
    map.blocks[b.0 as usize]
}

/// The module last told that the profiling runtime does not fit its
/// target (modules are compiled one after another, as the driver's
/// module ledger assumes): one warning per module.
static WARNED_MODULE: Mutex<Option<usize>> = Mutex::new(None);

/// Why the profiling runtime cannot go into a module of target `module`,
/// if it cannot. The runtime is bitcode compiled for the `host`: it calls the C library (open, pread, flock)
/// with the host's types, so a module for another architecture or system
/// (`-m32`: i386, where off_t and size_t differ) would call it with the
/// wrong ABI and write no profile. A module without a triple is taken to
/// be the host's.
fn runtime_mismatch(module: &str, host: &str) -> Option<String> {
    // Architecture and system: the first and third fields of a triple.
    fn parts(t: &str) -> (Option<&str>, Option<&str>) {
        let mut fields = t.split('-');
        (fields.next(), fields.nth(1))
    }
    (!module.is_empty() && parts(module) != parts(host)).then(|| format!("the profiling runtime is built for {host}, and this module targets {module}"))
}

/// Profiles read so far in this process: a bad file is reported once.
static PROFILES: Mutex<Vec<(PathBuf, Option<Arc<Profile>>)>> = Mutex::new(Vec::new());

fn load(ctx: &FunctionCtx<'_>, path: &Path) -> Option<Arc<Profile>> {
    let mut cache = PROFILES.lock().ok()?;
    if let Some((_, p)) = cache.iter().find(|(q, _)| q == path) {
        return p.clone();
    }
    let loaded = match std::fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(format!("profile file '{}' not found: no loop nest is specialized", path.display()))
        }
        Err(e) => Err(format!("cannot read profile file '{}': {e}: no loop nest is specialized", path.display())),
        Ok(bytes) => match std::str::from_utf8(&bytes).map_err(|_| "not text".to_string()).and_then(|t| Profile::parse(t)) {
            Ok(p) => Ok(Arc::new(p)),
            Err(why) => Err(format!("profile file '{}' is unusable ({why}): no loop nest is specialized", path.display())),
        },
    };
    let entry = match loaded {
        Ok(p) => Some(p),
        Err(msg) => {
            ctx.warn(&format!("tessera: {msg}"));
            None
        }
    };
    cache.push((path.to_path_buf(), entry.clone()));
    entry
}

#[cfg(test)]
mod tests {
    use super::runtime_mismatch;

    #[test]
    fn the_runtime_fits_the_hosts_architecture_and_system_only() {
        let host = "x86_64-pc-linux-gnu";
        assert_eq!(runtime_mismatch("x86_64-unknown-linux-gnu", host), None);
        assert_eq!(runtime_mismatch("", host), None);
        let why = runtime_mismatch("i386-pc-linux-gnu", host).expect("-m32 does not fit");
        assert!(why.contains("i386-pc-linux-gnu") && why.contains("x86_64-pc-linux-gnu"), "{why}");
        assert!(runtime_mismatch("x86_64-pc-windows-msvc", host).is_some());
    }
}
