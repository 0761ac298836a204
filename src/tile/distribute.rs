//! Distribution that makes bands tileable: a loop that several statement
//! groups share, each with its own inner loops, is split into one loop per
//! group when that gives each group a permutable band of its outer and
//! inner loops together.
//!
//! Running example: one step `k` of Gram-Schmidt, with `k` a parameter.
//! S0 `R[k][j] = 0`, S1 `R[k][j] += Q[i][k] * A[i][j]`, S2
//! `A[i][j] -= Q[i][k] * R[k][j]`, for `j` then `i`. Pluto fuses the three
//! in `j` (no dependence is carried there: outer parallel) and separates
//! them inside by a scalar row, since S2 needs all of S1's `i` for its `j`:
//! rows `[j, s, i]`, two bands of one loop each, nothing to tile, and the
//! `i` loops walk columns. Moving the scalar row out, `[s, j, i]`, gives
//! each statement its own nest with the permutable band `(j, i)`: tiled,
//! with `j` innermost in a tile (unit stride), it runs several times faster.
//!
//! When the whole band cannot join the inner one (its outer row carries a
//! dependence the inner rows may not cross: a repetition loop around two
//! matrix-vector products), the scalar row moves between the band's outer
//! rows and the rest, which join the inner band (`keep`).
//!
//! The move is kept only when it is legal (walking every dependence
//! through the new rows, none is reversed and all are ordered), the merged
//! band is permutable, no live range of a privatized scalar breaks, tiling
//! the band pays ([`super::reuse::tiling_pays`]), and an outer loop that
//! was parallel stays so.

use crate::scop::poly_scop::CellId;
use super::reuse::tiling_pays;
use crate::legality::live::keeps_live_ranges;
use crate::deps::Deps;
use crate::poly::PolyResult;
use crate::sched::marks::{mark_parallel, states, Ask, DepState};
use crate::sched::{Band, RowKind, Schedule};
use crate::scop::PolyScop;
use std::collections::BTreeSet;

/// `sched` (not tiled yet) with every band that can be merged with the
/// band after it by moving the scalar row between them out, or `None`
/// when none can (see the module docs).
pub fn distribute_for_tiling(scop: &PolyScop, deps: &Deps, sched: &Schedule, relaxed: &BTreeSet<CellId>) -> PolyResult<Option<Schedule>> {
    let mut cur: Option<Schedule> = None;
    // Each merge removes a band: at most that many rounds.
    for _ in 0..sched.bands.len() {
        let base = cur.as_ref().unwrap_or(sched);
        let mut next = None;
        for b in 0..base.bands.len() {
            if let Some(c) = merge_after(scop, deps, base, b, relaxed)? {
                next = Some(c);
                break;
            }
        }
        match next {
            Some(c) => cur = Some(c),
            None => break,
        }
    }
    Ok(cur)
}

/// Band `b` merged with the band behind the scalar row that follows it,
/// that row moved before `b`, if that is legal and pays.
/// The whole band first; failing that, its inner rows only (`keep` outer
/// rows stay outside the scalar row): a triangular product `B[i][j] +=
/// L[i][k] * B[k][j]` keeps `i` sequential outside and tiles `(j, k)`.
fn merge_after(scop: &PolyScop, deps: &Deps, sched: &Schedule, b: usize, relaxed: &BTreeSet<CellId>) -> PolyResult<Option<Schedule>> {
    for keep in 0..sched.bands[b].len {
        let Some((mut cand, merged)) = candidate(sched, b, keep) else { return Ok(None) };
        // The shape's test first: it reads subscripts only, where the
        // others are exact relation operations on every dependence.
        if !tiling_pays(&cand, scop, merged.start, merged.len) {
            continue;
        }
        if !legal_and_permutable(deps, &cand, &merged, relaxed)? || !keeps_live_ranges(scop, deps, &cand.stmts, relaxed, true)? {
            continue;
        }
        mark_parallel(deps, &mut cand, relaxed)?;
        let start = sched.bands[b].start;
        let outer = if keep == 0 { merged.start } else { start };
        if sched.dims[start].parallel && !cand.dims[outer].parallel {
            continue;
        }
        return Ok(Some(cand));
    }
    Ok(None)
}

/// The shape alone: when untiled permutable band `b` is followed by a
/// scalar row that separates statements and then by another untiled
/// permutable band, `sched` with that row moved before `b`'s rows after
/// its first `keep`, and the merged band. Nothing is checked.
fn candidate(sched: &Schedule, b: usize, keep: usize) -> Option<(Schedule, Band)> {
    let band = &sched.bands[b];
    let (start, k) = (band.start, band.start + band.len);
    let inner = sched.bands.iter().position(|x| x.start == k + 1)?;
    let untiled = |x: &Band| x.tile_sizes.is_none() && x.permutable;
    if !untiled(band) || !untiled(&sched.bands[inner]) || sched.dims.get(k)?.kind != RowKind::Scalar {
        return None;
    }
    let distinct: BTreeSet<&Vec<i64>> = sched.stmts.iter().map(|rows| &rows[k].coeffs).collect();
    if distinct.len() < 2 {
        return None;
    }
    let mut cand = sched.clone();
    let at = start + keep;
    for rows in cand.stmts.iter_mut() {
        let row = rows.remove(k);
        rows.insert(at, row);
    }
    let dim = cand.dims.remove(k);
    cand.dims.insert(at, dim);
    let merged = Band::untiled(at + 1, band.len - keep + sched.bands[inner].len);
    cand.bands = sched.bands.iter().enumerate().filter(|&(i, _)| i != b && i != inner).map(|(_, x)| x.clone()).collect();
    if keep > 0 {
        cand.bands.push(Band::untiled(start, keep));
    }
    cand.bands.push(merged.clone());
    cand.bands.sort_by_key(|x| x.start);
    Some((cand, merged))
}

/// Whether every dependence the schedule must respect is ordered by
/// `cand`'s rows and never reversed, and each row of `band` has a
/// non-negative difference on every pair left unordered at its start.
fn legal_and_permutable(deps: &Deps, cand: &Schedule, band: &Band, relaxed: &BTreeSet<CellId>) -> PolyResult<bool> {
    let mut sts: Vec<DepState> = states(deps.constraining(relaxed, false));
    for k in 0..cand.dims.len() {
        if k == band.start {
            for r in band.start..band.start + band.len {
                for s in &sts {
                    if s.signs(cand.row(s.src, r), cand.row(s.dst, r), Ask::Negative)?.negative {
                        return Ok(false);
                    }
                }
            }
        }
        for s in sts.iter_mut() {
            if s.step_asking(cand.row(s.src, k), cand.row(s.dst, k), Ask::Negative)?.negative {
                return Ok(false);
            }
        }
        sts.retain(|s| !s.satisfied());
    }
    Ok(sts.is_empty())
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

    /// Schedules `k` and distributes it for tiling; checks the result's
    /// legality and parallel marks (brute force) and builds its loop AST,
    /// then does the same after tiling it.
    fn distributed(k: &Kernel) -> (Schedule, Option<Schedule>) {
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        let relaxed = kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
        let Some(d) = distribute_for_tiling(&k.scop, &deps, &s, &relaxed).expect("distribute") else { return (s, None) };
        let t = try_tile(&k.scop, &deps, &d, &relaxed, &TileConfig { sizes: Some(vec![2]), ..TileConfig::default() }).expect("tile");
        for x in [&d, &t] {
            let text = print_schedule(&k.scop, x);
            if let Err(e) = check(&k.scop, x, &CheckOptions::new(&k.params)) {
                panic!("{}: illegal schedule: {e}\n{text}", k.name);
            }
            build(&k.scop, x, &AstOptions::default()).unwrap_or_else(|e| panic!("{}: {e}\n{text}", k.name));
        }
        assert!(t.bands.iter().any(|b| b.tile_sizes.is_some()), "{}: distributed but not tiled", k.name);
        (s, Some(d))
    }

    #[test]
    fn gram_step_gets_one_tileable_nest_per_statement() {
        let k = kernels::gram_step();
        let (before, after) = distributed(&k);
        let d = after.expect("gram-step: not distributed");
        // Before: [0, j, s, i, 0] with `j` and `i` bands of one row each.
        assert_eq!(before.dims[2].kind, RowKind::Scalar);
        assert!(before.bands.iter().all(|b| b.len == 1), "{:?}", before.bands);
        // After: [0, s, j, i, 0], the band (j, i) permutable, `j` parallel.
        assert_eq!(d.dims[1].kind, RowKind::Scalar);
        let band = d.bands.iter().find(|b| b.start == 2).expect("merged band");
        assert_eq!((band.len, band.permutable), (2, true));
        assert!(d.dims[2].parallel);
        let scalars: BTreeSet<i64> = d.stmts.iter().map(|rows| *rows[1].coeffs.last().unwrap()).collect();
        assert_eq!(scalars.len(), 3, "one nest per statement");
    }

    /// rows-carried: all of S0 before all of S1 reverses a dependence;
    /// one statement (matmul) or fused inner loops (jacobi) leave nothing
    /// to distribute.
    #[test]
    fn illegal_or_pointless_distribution_is_left_alone() {
        for k in [kernels::rows_carried(), kernels::matmul(), kernels::jacobi_2d(), kernels::lu()] {
            assert!(distributed(&k).1.is_none(), "{}", k.name);
        }
    }

    /// Both kernels have the shape (a scalar row between two one-row
    /// bands); what keeps rows-carried as it is, is the legality walk.
    #[test]
    fn the_legality_walk_decides() {
        for (k, legal) in [(kernels::rows_carried(), false), (kernels::gram_step(), true)] {
            let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
            let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
            let relaxed = kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
            let (cand, merged) = (0..s.bands.len()).find_map(|b| candidate(&s, b, 0)).unwrap_or_else(|| panic!("{}: no candidate", k.name));
            assert_eq!(legal_and_permutable(&deps, &cand, &merged, &relaxed).expect("walk"), legal, "{}", k.name);
            if !legal {
                assert!(check(&k.scop, &cand, &CheckOptions::new(&k.params)).is_err(), "{}: the checker accepts it", k.name);
            }
        }
    }
}
