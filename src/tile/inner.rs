//! Innermost distribution: statements fused into one innermost loop that
//! carries a dependence between them get one innermost loop each, when
//! that makes the innermost loops parallel (vectorizable).
//!
//! Running example: a nine-point blur in a time loop, `b = blur(a)` (S0)
//! then `a = blur(b)` (S1), time-skewed and tiled. The point rows end with
//! `[.., 2t + i, 2t + j, s]` (`s` the scalar row: S0 before S1). S0 at
//! column `j` reads `a[.][j-1..j+1]`, which S1 overwrites one to two
//! iterations of the innermost loop later: the innermost loop carries
//! that anti-dependence, so it is neither parallel nor vectorizable.
//! Swapping the last two rows, `[.., 2t + i, s, 2t + j]`, runs S0's whole
//! row, then S1's: the anti-dependence is ordered by `s`, and each
//! statement's own loop carries nothing.
//!
//! The swap is kept only when it is legal — every dependence not ordered
//! by the outer rows is ordered (never reversed) by `s` and the loop row —
//! keeps the live ranges of privatized scalars, and leaves the innermost
//! loop parallel where it was not.

use crate::scop::poly_scop::CellId;
use crate::sched::marks::{reduction_cell_shared, states, Ask, DepState};
use crate::schedule::{Band, DimInfo, RowKind, SchedRow, Schedule};
use crate::legality::live::keeps_live_ranges;
use crate::deps::{DepKind, Deps};
use crate::poly::PolyResult;
use crate::scop::PolyScop;
use std::collections::BTreeSet;

/// `sched` with its innermost loop distributed, or `None` when that is not
/// possible or gains nothing (see the module docs). `relaxed`: the scalars
/// whose memory dependences `sched` may ignore, as for tiling.
pub fn distribute_innermost(scop: &PolyScop, deps: &Deps, sched: &Schedule, relaxed: &BTreeSet<CellId>) -> PolyResult<Option<Schedule>> {
    let m = sched.dims.len();
    if m < 2 || sched.dims[m - 1].kind != RowKind::Scalar || sched.dims[m - 2].kind != RowKind::Loop {
        return Ok(None);
    }
    let last = |rows: &[SchedRow]| rows[m - 1].coeffs.clone();
    if sched.stmts.iter().all(|rows| last(rows) == last(&sched.stmts[0])) {
        return Ok(None);
    }
    // Dependences are walked on the schedule without its tile rows: the
    // rows before the innermost one there are a subset of the tiled
    // schedule's, so every pair that agrees on all of the latter (the only
    // pairs the swap reorders) agrees on the former too and is checked.
    // That avoids a floor division per tile row, and loses little: the
    // pairs at stake lie in one row of points anyway.
    let mut points = without_tile_rows(sched);
    let was_parallel = sched.dims[m - 2].parallel;
    if was_parallel && !passes_values_within_iteration(scop, deps, &points, relaxed)? {
        return Ok(None);
    }
    let swap = |s: &mut Schedule| {
        let m = s.dims.len();
        for rows in s.stmts.iter_mut() {
            rows.swap(m - 2, m - 1);
        }
        s.dims.swap(m - 2, m - 1);
    };
    swap(&mut points);
    // Strict: the dependences the schedule respects; loose: reductions
    // relaxed, for the `parallel_if_reduction` mark.
    let Some(strict) = inner_carries(&points, &mut states(deps.constraining(relaxed, false)))? else {
        return Ok(None);
    };
    let mut cand = sched.clone();
    swap(&mut cand);
    let loose = inner_carries(&points, &mut states(deps.constraining(relaxed, true)))?.unwrap_or(true) || reduction_cell_shared(deps, &cand, m - 1);
    let was = &sched.dims[m - 2];
    // A parallel loop is distributed only to stay parallel.
    let gains = !strict || (!was_parallel && !loose && !was.parallel_if_reduction);
    if !gains || !keeps_live_ranges(scop, deps, &cand.stmts, relaxed, true)? {
        return Ok(None);
    }
    // The scalar row now orders statements within a point row.
    cand.dims[m - 2] = DimInfo::marked(RowKind::Scalar, false, false);
    cand.dims[m - 1] = DimInfo::marked(RowKind::Loop, !strict, strict && !loose);
    cand.bands = split_bands(&sched.bands, m - 2);
    Ok(Some(cand))
}

/// Whether, in `points` (a schedule ending in an innermost loop row and a
/// scalar row), one statement of the innermost loop reads a value another
/// wrote in the same iteration at other counter values: a flow dependence
/// between two statements, zero difference on every row up to the
/// innermost loop, from `S0[t, i, j]` to `S1[t, i - 1, j]` (the statements
/// of a skewed schedule fused at an offset). Vectorized, that loop stores
/// a vector and loads it back at once, and LLVM forwards it in a register
/// only when it proves the two addresses equal, which it did in
/// jacobi-2d's full tiles but not in its partial ones, whose addresses
/// come from other bounds: there the load waited on the store, at half
/// the speed (heat-3d's tiles too). Distributed, the second statement
/// reads the first one's row back from the L1 cache. A pair at the same
/// counters (`B[i][j]` written, then read by the next statement of the
/// fused loop) has the same address computation in both: forwarded, and
/// its fusion is kept.
fn passes_values_within_iteration(scop: &PolyScop, deps: &Deps, points: &Schedule, relaxed: &BTreeSet<CellId>) -> PolyResult<bool> {
    let m = points.dims.len();
    let mut sts = states(deps.constraining(relaxed, false).filter(|(_, d)| d.kind == DepKind::Flow && d.source != d.target));
    for k in 0..m - 1 {
        for s in sts.iter_mut() {
            s.step_asking(points.row(s.src, k), points.row(s.dst, k), Ask::Neither)?;
        }
        sts.retain(|s| !s.satisfied());
    }
    for s in &sts {
        if !same_counters(scop, deps, s)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether every pair left in `s` joins instances with equal counters.
fn same_counters(scop: &PolyScop, deps: &Deps, s: &DepState) -> PolyResult<bool> {
    let space = deps.dep(s.dep).relation.space();
    let (n_src, n_dst) = (space.n_in(), space.n_out());
    if n_src != n_dst {
        return Ok(false);
    }
    let np = scop.params.len();
    for k in 0..n_src {
        let mut coeffs = vec![0; np + n_src + 1];
        coeffs[np + k] = 1;
        let row = SchedRow { coeffs, div: 1 };
        let c = s.signs(&row, &row, Ask::Either)?;
        if c.positive || c.negative {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `sched` without the tile rows of its tiled bands (their point rows
/// stay).
fn without_tile_rows(sched: &Schedule) -> Schedule {
    let tile_row = |k: usize| sched.bands.iter().any(|b| b.tile_sizes.is_some() && (b.start..b.start + b.len).contains(&k));
    let keep: Vec<usize> = (0..sched.dims.len()).filter(|&k| !tile_row(k)).collect();
    let stmts = sched.stmts.iter().map(|rows| keep.iter().map(|&k| rows[k].clone()).collect()).collect();
    Schedule { stmts, dims: keep.iter().map(|&k| sched.dims[k].clone()).collect(), bands: vec![] }
}

/// Walks `sts` through the rows of `cand`: `None` when some pair is
/// reversed by the last two rows or left unordered at the end, else
/// whether the innermost row carries a dependence.
fn inner_carries(cand: &Schedule, sts: &mut Vec<DepState>) -> PolyResult<Option<bool>> {
    let m = cand.dims.len();
    let mut carried = false;
    for k in 0..m {
        // Signs matter at the last two rows only.
        let ask = if k + 1 == m {
            Ask::Both
        } else if k + 2 == m {
            Ask::Negative
        } else {
            Ask::Neither
        };
        for s in sts.iter_mut() {
            let c = s.step_asking(cand.row(s.src, k), cand.row(s.dst, k), ask)?;
            // The outer rows are the schedule's own (legal) ones.
            if k >= m - 2 && c.negative {
                return Ok(None);
            }
            carried |= k == m - 1 && c.positive;
        }
        sts.retain(|s| !s.satisfied());
    }
    Ok(sts.is_empty().then_some(carried))
}

/// The bands after the row at `k` (the innermost loop) moved one row in,
/// behind the scalar row: a tiled band whose last point row it was
/// records the split; an untiled band ending there loses it, and the
/// moved row is a band of its own.
fn split_bands(bands: &[Band], k: usize) -> Vec<Band> {
    let mut out = vec![];
    let mut moved = false;
    for b in bands {
        let mut b = b.clone();
        if b.tile_sizes.is_some() && b.point_dims().last() == Some(&k) {
            b.split_innermost = true;
        } else if b.tile_sizes.is_none() && b.start <= k && k < b.start + b.len {
            b.len = k - b.start;
            moved = true;
        }
        if b.len > 0 {
            out.push(b);
        }
    }
    if moved {
        out.push(Band::untiled(k + 1, 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{build, AstOptions};
    use crate::deps::{analyze, DepsOptions};
    use crate::legality::check::{check, CheckOptions};
    use crate::scop::kernels::{self, Kernel};
    use crate::sched::print::print_schedule;
    use crate::sched::{kept_relaxed_scalars, schedule, SchedOptions};
    use crate::tile::{try_tile, TileConfig};

    /// Schedules, tiles and distributes `k`; checks the result's legality
    /// and parallel marks and builds its loop AST.
    fn distributed(k: &Kernel, cfg: &TileConfig) -> Option<Schedule> {
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        let relaxed = kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
        let t = try_tile(&k.scop, &deps, &s, &relaxed, cfg).expect("tile");
        let d = distribute_innermost(&k.scop, &deps, &t, &relaxed).expect("distribute")?;
        let text = print_schedule(&k.scop, &d);
        if let Err(e) = check(&k.scop, &d, &CheckOptions::new(&k.params)) {
            panic!("{}: illegal distributed schedule: {e}\n{text}", k.name);
        }
        build(&k.scop, &d, &AstOptions::default()).unwrap_or_else(|e| panic!("{}: {e}\n{text}", k.name));
        Some(d)
    }

    #[test]
    fn blur_pair_and_lu_get_parallel_innermost_loops() {
        for k in [kernels::blur_pair(), kernels::lu_columns()] {
            for cfg in [TileConfig { sizes: Some(vec![2]), ..TileConfig::default() }, TileConfig::default()] {
                let d = distributed(&k, &cfg).unwrap_or_else(|| panic!("{}: not distributed", k.name));
                let m = d.dims.len();
                assert_eq!((d.dims[m - 2].kind, d.dims[m - 1].kind), (RowKind::Scalar, RowKind::Loop), "{}", k.name);
                assert!(d.dims[m - 1].parallel, "{}", k.name);
                // The moved row ends the tiled band's points, or is a band
                // of its own (a time band's stride-1 row, left untiled).
                let own_band = d.bands.last().is_some_and(|b| b.tile_sizes.is_none() && b.start == m - 1 && b.len == 1);
                let in_tiles = d.bands[0].split_innermost && d.bands[0].point_dims().last() == Some(&(m - 1));
                assert!(own_band || in_tiles, "{}: {:?}", k.name, d.bands);
            }
        }
    }

    /// Jacobi's innermost point loop is parallel already; matmul has one
    /// statement: nothing to distribute.
    #[test]
    fn nothing_to_gain_is_left_alone() {
        for k in [kernels::jacobi_2d(), kernels::matmul()] {
            assert!(distributed(&k, &TileConfig::default()).is_none(), "{}", k.name);
        }
    }
}
