//! The pipeline on one function: detection, model, dependences, schedule,
//! tiling, AST, code generation (design.md). Each stage is a function from
//! one plain data structure to the next; this module only sequences them and
//! reports to the user.

use crate::bridge::{FunctionCtx, LoopRef, Mode, Options, RemarkKind};
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
    let loops = all_loops(ctx);
    match mode {
        Mode::Optimize => {
            if options.verbose >= 1 {
                eprintln!("tessera: {}: {} loop(s)", ctx.name(), loops.len());
            }
            for l in &loops {
                ctx.remark(
                    RemarkKind::Analysis,
                    Some(*l),
                    "NotScop",
                    "loop not optimized: SCoP detection is not implemented yet",
                );
            }
            Ok(false)
        }
        Mode::PrintScops => {
            ctx.print(&format!(
                "tessera: function '{}': {} loop(s), 0 SCoP(s)\n",
                ctx.name(),
                loops.len()
            ));
            Ok(false)
        }
    }
}

/// Every loop of the function, outer before inner, in program order.
fn all_loops<'a>(ctx: &'a FunctionCtx<'_>) -> Vec<LoopRef<'a>> {
    fn visit<'a>(l: LoopRef<'a>, out: &mut Vec<LoopRef<'a>>) {
        out.push(l);
        for sub in l.subloops() {
            visit(sub, out);
        }
    }
    let mut out = Vec::new();
    for top in ctx.top_loops() {
        visit(top, &mut out);
    }
    out
}
