//! Tiling a scheduled SCoP, its innermost distribution, the loops a jam
//! may interleave, and the brute-force check of the result.

use super::{StageConfig, SIMPLE_AST_WORK};
use crate::ast;
use crate::deps;
use crate::poly::trace_work;
use crate::sched;
use crate::scop::PolyScop;
use crate::tile::{self, TileConfig};

/// With `-tessera-check-schedules`, the brute-force checker's verdict on
/// `schedule` (`what` names it in the error): whether it could decide
/// (the schedule passed); `None` without the option.
pub(super) fn check_schedule(scop: &PolyScop, schedule: &sched::Schedule, config: &StageConfig, what: &str) -> Result<Option<bool>, String> {
    if !config.check {
        return Ok(None);
    }
    let verdict = sched::check::check_small(scop, schedule)
        .map_err(|why| format!("internal error: the schedule checker rejects the {what} {why}; the nest is left as it was"))?;
    Ok(Some(verdict.is_some()))
}

/// Tiling, innermost distribution and the brute-force check (when asked)
/// of a scheduled SCoP: the tiled schedule and the checker's verdict.
pub(super) fn tile_and_check(
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

/// Which loops that are not parallel but sit around an innermost
/// floating-point chain may still be jammed (`sched::marks::jam_blocked`),
/// item by item or with the runs of statements beside their inner loops
/// row by row (`Schedule::run_start`): asked only for those, within a
/// small work cap (over it, none is).
fn mark_jams(scop: &PolyScop, deps: &deps::Deps, schedule: &mut sched::Schedule) {
    let candidates = ast::reduction_jam::jam_candidates(scop, schedule);
    if candidates.is_empty() {
        return;
    }
    if let Ok(blocked) = crate::poly::with_work_cap(SIMPLE_AST_WORK, || sched::marks::jam_blocked(deps, schedule, &candidates)) {
        for (d, pairs) in blocked {
            schedule.mark_jam_blocked(scop.params.len(), d, pairs);
        }
    }
}
