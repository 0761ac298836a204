//! Which schedule a SCoP keeps: the scheduler's, or its source order.
//!
//! Profitability: never trade the original innermost loop for one that
//! walks memory worse (LU's skewed schedule would put a stride-n loop
//! innermost: 4x slower; tiling then only improves the point order), nor
//! the original's parallel loops for a schedule with fewer statements in
//! parallel loops or tileable bands (Cholesky: Pluto fuses the diagonal's
//! square root into the column loop, which then carries it). The
//! scheduler asks before it checks a candidate's live ranges
//! (`sched::schedule_judged`). The innermost loop is judged as the tiler
//! will make it (`tile::inner_stride_score`, which reads the tiler's own
//! rules: whether tiling pays, the innermost row, time bands), not on the
//! tiler's output: tiling every candidate would cost more than the
//! scheduling it judges.

use crate::deps::Deps;
use crate::poly::trace_work;
use crate::sched::{self, FusePolicy, SchedOptions};
use crate::schedule::Schedule;
use crate::scop::poly_scop::CellId;
use crate::scop::PolyScop;
use crate::tile;
use std::collections::BTreeSet;
use std::fmt;

/// A scheduling failure as planning reports it.
pub(super) fn scheduling(e: impl fmt::Display) -> String {
    format!("scheduling: {e}")
}

/// The schedule `scop` keeps (`source_order`, its original schedule, or
/// the scheduler's with policy `fuse`), with the scalars whose memory
/// dependences the stages below may ignore (those whose live ranges it
/// keeps).
pub(super) fn choose(scop: &PolyScop, deps: &Deps, source_order: &Schedule, fuse: FusePolicy, work: &mut Option<u64>) -> Result<(Schedule, BTreeSet<CellId>), String> {
    let np = scop.params.len();
    // The original's marks, computed for the first candidate that is not
    // the source order (on nests that keep their order they are a large
    // part of the work, and not needed).
    let mut original: Option<(Schedule, BTreeSet<CellId>)> = None;
    let mut prefer_original = |cand: &Schedule| -> Result<bool, crate::poly::PolyError> {
        let (o, _) = match &mut original {
            Some(o) => o,
            slot => {
                let mut o = source_order.clone();
                let relaxed = sched::original::mark_original(scop, deps, &mut o)?;
                slot.insert((o, relaxed))
            }
        };
        let worse_strides = tile::inner_stride_score(cand, scop) < tile::inner_stride_score(o, scop);
        let less_parallel = cand.statements_with_parallelism(np) < o.statements_with_parallelism(np);
        Ok(worse_strides || less_parallel)
    };
    let options = SchedOptions { fuse, ..SchedOptions::default() };
    let (schedule, sched_info) = sched::schedule_judged(scop, deps, &options, &mut prefer_original).map_err(scheduling)?;
    trace_work("scheduling", work);
    Ok(match original {
        // The original order's parallel loops still run in parallel and
        // vectorize (min-plus products, triangular solves).
        Some(original) if sched_info.rejected => original,
        _ => {
            // The scheduler checked the live ranges of the scalars it
            // relaxed; only those it stopped relaxing need a check.
            let relaxed = sched::kept_relaxed_scalars(scop, deps, &schedule, &sched_info.relaxed_scalars).map_err(scheduling)?;
            (schedule, relaxed)
        }
    })
}
