//! The code-size budgets (`cost::size`) applied to a loop tree.

use super::{not_profitable, Cost, StageConfig, SIMPLE_AST_WORK};
use crate::ast::{self, Ast, AstOptions};
use crate::cost;
use crate::schedule::Schedule;
use crate::scop::PolyScop;

/// `tree` fitted to the code-size budgets (`cost::size`): over them, the
/// copies that only speed up go, one kind at a time: first the rows of a loop jammed
/// around a reduction (eight copies of its statements: the nest then
/// runs as -O3 has it, which a matrix-vector product unrolled nine
/// times over needed, its later copies otherwise left with their sums
/// in memory), then the loops split on guards, then the full/partial
/// tile separation (each doubles the code it covers; the tiles'
/// separation is worth most: fdtd2d ran 15% slower without it); still
/// over, the SCoP goes. Before the separation goes, a stencil's rows jammed
/// in full tiles (`Band::jam`, which needs the separation) run half as
/// many at a time, down to two (`schedule` then says so): a nine-point
/// Gauss-Seidel sweep's eight rows, each starting one point after the one
/// before, take three copies of the eight statements, 29 instructions over
/// the function's 1,500 with sizes known only at run time.
///
/// Returns the tree kept and what it adds, in IR instructions; what was
/// dropped is added to `given_up`.
pub(super) fn fit(scop: &PolyScop, schedule: &mut Schedule, mut tree: Ast, ast_opts: &AstOptions, config: &StageConfig, pay: &Cost, given_up: &mut Vec<String>) -> Result<(Ast, u64), String> {
    let mut growth = cost::size::growth(&tree, &pay.weights);
    let unjammed = AstOptions { jam_reductions: false, ..ast_opts.clone() };
    // Each step with whether the tree has what it drops.
    let steps = [
        ("unroll-and-jam of reductions", unjammed.clone(), tree.jams_reductions()),
        ("loop splits on guards", AstOptions { separate_guards: false, ..unjammed.clone() }, config.ast.separate_guards),
        (SEPARATION, AstOptions { separate_full_tiles: false, separate_guards: false, ..unjammed }, tree.separates_full_tiles()),
    ];
    let mut dropped = vec![];
    let mut over = pay.budget.exceeded_by(growth);
    // Within the budgets, a jam is still kept to this nest's share.
    if let (None, true) = (&over, tree.jams_reductions()) {
        if let Some(why) = pay.budget.beyond_share(growth) {
            if let Ok(smaller) = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(scop, schedule, &steps[0].1)) {
                dropped.push((steps[0].0, why));
                growth = cost::size::growth(&smaller, &pay.weights);
                tree = smaller;
            }
        }
    }
    for (what, options, present) in steps {
        if over.is_none() {
            break;
        }
        if !present {
            continue;
        }
        if what == SEPARATION {
            // Before the separation: fewer rows jammed at a time.
            let kept = AstOptions { jam_reductions: false, separate_guards: false, ..ast_opts.clone() };
            while let (Some(why), Some(fewer)) = (over.clone(), fewer_jammed_rows(schedule)) {
                let Ok(smaller) = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(scop, &fewer, &kept)) else { break };
                dropped.push(("rows jammed as many at a time", why));
                growth = cost::size::growth(&smaller, &pay.weights);
                tree = smaller;
                *schedule = fewer;
                over = pay.budget.exceeded_by(growth);
            }
        }
        let Some(why) = over.clone() else { break };
        let Ok(smaller) = crate::poly::with_own_allowance(SIMPLE_AST_WORK, || ast::build(scop, schedule, &options)) else { continue };
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
        return Err(not_profitable(&format!("{why}{without}"), given_up));
    }
    dropped.dedup_by(|a, b| a.0 == b.0);
    given_up.extend(dropped.into_iter().map(|(what, why)| format!("{what} ({why})")));
    Ok((tree, growth))
}

/// What the remark calls the full/partial tile separation when it goes.
const SEPARATION: &str = "full/partial tile separation";

/// `schedule` with the factor of every stencil jam (`Band::jam`) above two
/// halved, if it has one.
fn fewer_jammed_rows(schedule: &Schedule) -> Option<Schedule> {
    let mut out = schedule.clone();
    let mut changed = false;
    for b in &mut out.bands {
        if let Some(u) = b.jam.filter(|&u| u > 2) {
            b.jam = Some(u / 2);
            changed = true;
        }
    }
    changed.then_some(out)
}
