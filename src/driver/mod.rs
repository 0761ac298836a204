//! The pipeline on one function: detection, model, dependences, schedule,
//! tiling, AST, code generation (design.md). Each stage is a function from
//! one plain data structure to the next; this module only sequences them and
//! reports to the user.

use crate::bridge::view::{self, IrMap};
use crate::bridge::{FunctionCtx, Mode, Options, RemarkKind};
use crate::ir::FunctionView;
use crate::scop::{self, Detection, LoopStatus};
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

/// Runs Tessera on one function; `Ok(true)` when the IR was changed.
pub fn run_function(ctx: &FunctionCtx<'_>, mode: Mode, options: &Options) -> Result<bool, InternalError> {
    if options.force_internal_error {
        panic!("internal error forced by -tessera-force-internal-error");
    }
    if ctx.top_loops().is_empty() {
        if mode == Mode::PrintScops {
            ctx.print(&format!("tessera: function '{}': 0 loop(s)\n", ctx.name()));
        }
        return Ok(false);
    }
    let (fview, map) = view::build(ctx);
    let detection = scop::detect(&fview);
    match mode {
        Mode::Optimize => {
            if options.verbose >= 1 {
                eprintln!(
                    "tessera: {}: {} loop(s), {} SCoP(s)",
                    fview.name,
                    detection.loops.len(),
                    detection.scops.len()
                );
            }
            report(ctx, &map, &fview, &detection);
            if options.print_scops {
                eprint!("{}", describe(&fview, &detection));
            }
            Ok(false)
        }
        Mode::PrintScops => {
            ctx.print(&describe(&fview, &detection));
            Ok(false)
        }
    }
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

/// One analysis remark per loop, one missed remark per SCoP.
fn report(ctx: &FunctionCtx<'_>, map: &IrMap, fview: &FunctionView, d: &Detection) {
    for (l, status) in &d.loops {
        let msg = match status {
            LoopStatus::InScop(i) => {
                let m = &d.scops[*i];
                format!("loop is in a SCoP ({} loop(s), {} statement(s))", m.loops.len(), m.statements.len())
            }
            LoopStatus::Rejected(r) => format!("loop not in a SCoP: {r}"),
        };
        ctx.remark_loop(RemarkKind::Analysis, map, *l, "ScopDetection", &msg);
    }
    for m in &d.scops {
        ctx.remark_loop(
            RemarkKind::Missed,
            map,
            m.root,
            "NotTransformed",
            "SCoP not transformed: scheduling and code generation are not implemented yet",
        );
    }
    let _ = fview;
}
