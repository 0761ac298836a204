//! Which schedule a SCoP keeps: the scheduler's, or its source order.
//!
//! Profitability: never trade the original innermost loop for one that
//! walks memory worse (LU's skewed schedule would put a stride-n loop
//! innermost: 4x slower; tiling then only improves the point order), nor
//! the original's parallel loops for a schedule with fewer statements in
//! parallel loops or tileable bands (Cholesky: Pluto fuses the diagonal's
//! square root into the column loop, which then carries it). The
//! scheduler asks before it checks a candidate's live ranges
//! (`sched::schedule_judged`). The innermost loops compared are those of
//! what the tiler makes of each (`tiling::tile_stages`: distribution,
//! tiling, innermost distribution), not a prediction of it: the tiler
//! chooses a tiled band's innermost point row, splits rows off bands and
//! leaves bands untiled by rules of its own. The tiler's output for the
//! schedule kept is the one planning goes on with, so that a SCoP is
//! tiled once more than before at most (the rejected candidate, or the
//! original order when the candidate is kept).

use crate::deps::Deps;
use crate::poly::trace_work;
use crate::sched::{self, FusePolicy, SchedError, SchedOptions};
use crate::schedule::Schedule;
use crate::scop::poly_scop::CellId;
use crate::scop::PolyScop;
use crate::tile::{self, TileConfig};
use super::tiling::{self, Tiled};
use std::collections::BTreeSet;
use std::fmt;

/// A scheduling failure as planning reports it.
pub(super) fn scheduling(e: impl fmt::Display) -> String {
    format!("scheduling: {e}")
}

/// The schedule a SCoP keeps, as the tiler made it.
pub(super) struct Chosen {
    /// The scalars whose memory dependences the stages below may ignore
    /// (those whose live ranges the schedule keeps).
    pub relaxed: BTreeSet<CellId>,
    pub tiled: Tiled,
}

/// Whether some loop row of `s` combines two counters of its statement (a
/// skew).
fn skews(s: &Schedule, np: usize) -> bool {
    s.stmts.iter().flatten().any(|r| r.coeffs[np..r.coeffs.len() - 1].iter().filter(|&&c| c != 0).count() >= 2)
}

/// Whether the tiler tiled some band of `s`.
fn has_tiles(s: &Schedule) -> bool {
    s.bands.iter().any(|b| b.tile_sizes.is_some())
}

/// The source order with its parallel marks (and the scalars whose live
/// ranges it keeps, relaxed), tiled with `tile_cfg`: what a SCoP keeps
/// when a candidate walks memory worse, and when the scheduler ran out of
/// work (no new order, but its parallel loops and tiles).
pub(super) fn source_order_tiled(scop: &PolyScop, deps: &Deps, source_order: &Schedule, tile_cfg: &TileConfig) -> Result<(Schedule, Chosen), crate::poly::PolyError> {
    let mut o = source_order.clone();
    let relaxed = sched::original::mark_original(scop, deps, &mut o)?;
    let tiled = tiling::tile_stages(scop, deps, &o, &relaxed, tile_cfg);
    Ok((o, Chosen { relaxed, tiled }))
}

/// The schedule `scop` keeps (`source_order`, its original schedule, or
/// the scheduler's with policy `fuse`), tiled with `tile_cfg`.
pub(super) fn choose(scop: &PolyScop, deps: &Deps, source_order: &Schedule, fuse: FusePolicy, tile_cfg: &TileConfig, work: &mut Option<u64>) -> Result<Chosen, SchedError> {
    let np = scop.params.len();
    let tiling = |s: &Schedule, relaxed: &BTreeSet<CellId>| tiling::tile_stages(scop, deps, s, relaxed, tile_cfg);
    // The original's marks and tiles, computed for the first candidate
    // that is not the source order (on nests that keep their order they
    // are a large part of the work, and not needed).
    let mut original: Option<(Schedule, Chosen)> = None;
    // The last candidate judged, with the scalars it assumed relaxed and
    // its tiles.
    let mut judged: Option<(Schedule, Chosen)> = None;
    let mut prefer_original = |cand: &Schedule, relaxed: &BTreeSet<CellId>| -> Result<bool, crate::poly::PolyError> {
        let (o, o_tiled) = match &mut original {
            Some(o) => o,
            slot => {
                let (o, chosen) = source_order_tiled(scop, deps, source_order, tile_cfg)?;
                slot.insert((o, chosen))
            }
        };
        let tiled = tiling(cand, relaxed);
        let worse_strides = tile::innermost_stride_score(cand, &tiled.tiled, scop) < tile::innermost_stride_score(o, &o_tiled.tiled.tiled, scop);
        let (cand_parallel, o_parallel) = (cand.statements_with_parallelism(np), o.statements_with_parallelism(np));
        let less_parallel = cand_parallel < o_parallel;
        // A skew is for tiles (it makes a band permutable) and for the
        // wavefronts threads run; the tiler left the skewed band untiled
        // (its data fits a cache), so on one thread, or with no loop more
        // parallel than the source order's, the skew only makes the
        // bounds costlier and moves reuse apart: heat-3d at N = 40, T = 10,
        // skewed and fused, ran 13% slower than -O3.
        let more_parallel = tile_cfg.wavefronts && cand_parallel > o_parallel;
        let idle_skew = skews(cand, np) && !has_tiles(&tiled.tiled) && !more_parallel;
        judged = Some((cand.clone(), Chosen { relaxed: relaxed.clone(), tiled }));
        Ok(worse_strides || less_parallel || idle_skew)
    };
    let options = SchedOptions { fuse, ..SchedOptions::default() };
    let (schedule, sched_info) = sched::schedule_judged(scop, deps, &options, &mut prefer_original)?;
    trace_work("scheduling and tiling", work);
    Ok(match original {
        // The original order's parallel loops still run in parallel and
        // vectorize (min-plus products, triangular solves).
        Some((_, original)) if sched_info.rejected => original,
        _ => {
            // The scheduler checked the live ranges of the scalars it
            // relaxed; only those it stopped relaxing need a check.
            let relaxed = sched::kept_relaxed_scalars(scop, deps, &schedule, &sched_info.relaxed_scalars)?;
            match judged {
                Some((cand, chosen)) if cand == schedule && chosen.relaxed == relaxed => chosen,
                _ => {
                    let tiled = tiling(&schedule, &relaxed);
                    trace_work("tiling", work);
                    Chosen { relaxed, tiled }
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deps::{analyze, DepsOptions};
    use crate::scop::kernels::{self, Kernel};

    /// What the choice keeps for `k`, with its dependences.
    fn chosen(k: &Kernel, cfg: &TileConfig) -> (Deps, Chosen) {
        let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
        let source_order = sched::original::original_schedule(&k.scop).unwrap();
        let c = choose(&k.scop, &deps, &source_order, SchedOptions::default().fuse, cfg, &mut None).unwrap();
        (deps, c)
    }

    /// A skew the tiler leaves untiled is no gain on one thread: a small
    /// constant-size Jacobi sweep keeps its source order (its data fits
    /// the cache, so its time band is not tiled), where a larger one is
    /// skewed and tiled.
    #[test]
    fn an_untiled_skew_keeps_the_source_order() {
        let kept = |steps: i64, n: i64| {
            let (_, c) = chosen(&kernels::jacobi_2d_fixed(steps, n), &TileConfig::default());
            (skews(&c.tiled.untiled, 0), has_tiles(&c.tiled.tiled))
        };
        assert_eq!(kept(4, 10), (false, false));
        assert_eq!(kept(100, 2000), (true, true));
    }

    /// What the choice hands on is what the tiler makes of the schedule
    /// kept, with the scalars kept relaxed (the candidate's tiles, reused
    /// from its judgement, are those of a fresh tiling), and the checker
    /// finds it legal at parameters of its own choosing, as
    /// `-tessera-check-schedules` runs it.
    #[test]
    fn the_choice_hands_on_the_tilers_output() {
        let mut ks = kernels::all();
        ks.extend([kernels::jacobi_2d_fixed(4, 10), kernels::lu_fixed(2000), kernels::trmm_rows(), kernels::gram_step()]);
        let cfg = TileConfig::default();
        for k in ks {
            let (deps, chosen) = chosen(&k, &cfg);
            let again = tiling::tile_points(&k.scop, &deps, &chosen.tiled.untiled, &chosen.relaxed, &cfg);
            assert_eq!(chosen.tiled.tiled, again, "{}", k.name);
            // Whole at small sizes; LU at its constant 2000 in corners.
            let checked = crate::legality::check::check_small(&k.scop, &chosen.tiled.tiled).unwrap_or_else(|e| panic!("{}: {e}", k.name));
            assert!(checked.is_some_and(|(_, r)| r.checks > 0), "{}: not checked", k.name);
        }
    }
}
