//! Tiling a scheduled SCoP (distribution on both sides of it included),
//! the loops a jam may interleave, and the brute-force check of the
//! result.

use super::{Checked, StageConfig, SIMPLE_AST_WORK};
use crate::ast;
use crate::deps;
use crate::sched;
use crate::scop::poly_scop::CellId;
use crate::scop::PolyScop;
use crate::tile::{self, TileConfig};
use std::collections::BTreeSet;

/// With `-tessera-check-schedules`, the brute-force checker's verdict on
/// `schedule` (`what` names it in the error): how much of it the checker
/// enumerated (the schedule passed); `None` without the option.
pub(super) fn check_schedule(scop: &PolyScop, schedule: &sched::Schedule, config: &StageConfig, what: &str) -> Result<Option<Checked>, String> {
    if !config.check {
        return Ok(None);
    }
    let verdict = crate::legality::check::check_small(scop, schedule)
        .map_err(|why| format!("internal error: the schedule checker rejects the {what} {why}; the nest is left as it was"))?;
    Ok(Some(match verdict {
        Some((_, report)) if report.corners => Checked::Corners,
        Some(_) => Checked::Whole,
        None => Checked::Undecided,
    }))
}

/// What the tiler makes of a schedule: the schedule after distribution
/// for tiling (what a second tiling, with other options, starts from) and
/// after tiling and innermost distribution.
#[derive(Clone, Debug)]
pub(super) struct Tiled {
    pub untiled: sched::Schedule,
    pub tiled: sched::Schedule,
}

/// Distribution so that bands can be tiled, then [`tile_points`]. A
/// failure of either distribution keeps the schedule as it was.
pub(super) fn tile_stages(scop: &PolyScop, deps: &deps::Deps, schedule: &sched::Schedule, relaxed: &BTreeSet<CellId>, tile_cfg: &TileConfig) -> Tiled {
    let untiled = match tile::distribute::distribute_for_tiling(scop, deps, schedule, relaxed) {
        Ok(Some(split)) => split,
        _ => schedule.clone(),
    };
    let tiled = tile_points(scop, deps, &untiled, relaxed, tile_cfg);
    Tiled { untiled, tiled }
}

/// Tiling and innermost distribution of a schedule already distributed
/// for tiling.
pub(super) fn tile_points(scop: &PolyScop, deps: &deps::Deps, untiled: &sched::Schedule, relaxed: &BTreeSet<CellId>, tile_cfg: &TileConfig) -> sched::Schedule {
    let schedule = tile::tile(scop, deps, untiled.clone(), relaxed, tile_cfg);
    match tile::inner::distribute_innermost(scop, deps, &schedule, relaxed) {
        Ok(Some(split)) => split,
        _ => schedule,
    }
}

/// The jam marks and the brute-force check (when asked) of a tiled
/// schedule: the final schedule and the checker's verdict.
pub(super) fn mark_and_check(scop: &PolyScop, deps: &deps::Deps, tiled: sched::Schedule, config: &StageConfig) -> Result<(sched::Schedule, Option<Checked>), String> {
    let mut schedule = tiled;
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
