//! Tiling (docs/design.md: `tile`): every permutable band of depth >= 2 that
//! carries reuse too far apart for the caches ([`reuse`]; any such band
//! when the sizes are given), and, if asked, a lone parallel loop, becomes
//! tile loops followed by point loops.
//!
//! # Running example: matrix multiply
//!
//! The scheduler gives one permutable band `(i, j, k)`. Tiling with sizes
//! `(8, 1840, 8)` ([`sizes`]) gives the rows
//!
//! ```text
//! [floor(i/8), floor(j/1840), floor(k/8), i, k, j]
//! ```
//!
//! tile rows first (`div` = size, same coefficients as the band row), then
//! the point rows — the band rows again, in an order chosen so that the
//! innermost point loop is parallel and walks memory with stride 1 (`j`:
//! what the vectorizer needs). Any order of the point rows is legal because
//! the band is permutable (every dependence has a non-negative difference
//! on every band row). The band keeps its `start` and `len`; its point
//! rows are the next `len` dimensions (each with the coefficients of
//! exactly one tile row) and `tile_sizes` holds the sizes in band-row
//! order.
//!
//! When the code is to run in parallel ([`TileConfig::wavefronts`]), a
//! tiled band whose outermost tile loop carries a dependence first gets a
//! parallel tile loop of the band in front, if it has one; failing that
//! (a time loop: Jacobi, Seidel), it is marked `wavefront`: its first tile dimension becomes
//! the sum of the tile coordinates ([`crate::sched::Band::wavefront`]; the
//! rows stay plain tile rows, the AST generator changes coordinates), and
//! its other tile dimensions are parallel: every dependence has a
//! non-negative difference on every tile coordinate, so two tiles of one
//! wavefront (same sum) never depend on each other. With
//! [`TileConfig::concurrent_start`], such a band's first tile row becomes
//! the scheduler's concurrent-start hyperplane when there is one
//! ([`crate::sched::diamond`]): diamond tiles, all tiles of a time band
//! starting together; its point rows stay the band rows (the one exception
//! to "each point row has the coefficients of one tile row", marked by
//! [`crate::sched::Band::concurrent_start`]).
//!
//! A time band of three rows or more (its outer row carries a
//! dependence: a stencil's time loop, LU's pivot loop) keeps its stride-1
//! row whole ([`sizes::streamed_row`]): that row moves to the band's end
//! as a band of its own, and only the others are tiled; jacobi-2d's
//! `(t, 2t + i, 2t + i + j)` runs tiles of `(t, 2t + i)` whose point loops
//! end in whole rows of `j`. When that row carries a recurrence (an
//! in-place stencil: a point reads the one just written), the band's last
//! point row is marked for unroll-and-jam around it ([`Band::jam`],
//! `ast::jam`), so that several rows' recurrences advance at once.
//!
//! Tiling can break the live range of a scalar whose memory dependences
//! the scheduler ignored (a value crossing a tile boundary while another
//! tile writes the scalar); such a band is left untiled. Parallel marks
//! are recomputed on the tiled schedule.
//!
//! One level of tiles: the L2 size enters the tile sizes (the outer loop's
//! share), but there is no second level of tile loops.

pub mod distribute;
pub mod inner;
pub mod reuse;
pub mod sizes;

use crate::scop::poly_scop::CellId;
use crate::legality::live::keeps_live_ranges;
use crate::deps::DepKind;
use crate::sched::marks::{Ask, DepState};
use crate::deps::Deps;
use crate::poly::PolyResult;
use crate::sched::marks::{band_rows_zero, mark_parallel};
use crate::sched::{Band, CarriedPairs, DimInfo, RowKind, SchedRow, Schedule};
use std::collections::BTreeSet;
use crate::scop::PolyScop;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileConfig {
    pub l1_bytes: i64,
    pub l2_bytes: i64,
    /// The last-level cache (the packed panels of a matrix product's
    /// operand B live there: `sched::gemm::blocking`).
    pub l3_bytes: i64,
    /// The L1 data cache's associativity: how many lines that map to one
    /// set it holds.
    pub l1_ways: i64,
    /// Entries of the first-level data TLB (4 KiB pages): how many pages
    /// a loop may walk at once without missing in it.
    pub dtlb_entries: i64,
    pub vector_bits: i64,
    /// The widest vectors code that asks for them may use (the
    /// matrix-multiply micro-kernel; `vector_bits` is what the vectorizers
    /// prefer).
    pub wide_vector_bits: i64,
    /// Vector registers of the target (the matrix-multiply micro-kernel
    /// keeps its accumulators in them: `sched::gemm::Blocking`).
    pub vector_regs: i64,
    /// Explicit sizes (band-row order; the last one repeats), overriding
    /// the SICA computation.
    pub sizes: Option<Vec<i64>>,
    /// Element size assumed by the SICA formula (the model has no types).
    pub elem_bytes: i64,
    /// Also tile a permutable band of one parallel loop.
    pub tile_single_parallel: bool,
    /// Run a band whose outer tile loop carries a dependence by wavefronts
    /// (its other tile loops then parallel). Only for parallel code: run
    /// sequentially, wavefronts lose the locality between consecutive
    /// tiles (heat-3d 1.4x slower on one thread).
    pub wavefronts: bool,
    /// Give wavefront bands concurrent-start (diamond) tiles when the
    /// scheduler finds them ([`crate::sched::diamond`]).
    pub concurrent_start: bool,
    /// Unroll-and-jam point rows that carry a recurrence ([`JAM`]); off
    /// where the user asked for no unrolling.
    pub jam: bool,
}

impl Default for TileConfig {
    fn default() -> Self {
        TileConfig {
            l1_bytes: 32 * 1024,
            l2_bytes: 256 * 1024,
            l3_bytes: 8 << 20,
            l1_ways: 8,
            dtlb_entries: 64,
            vector_bits: 256,
            wide_vector_bits: 256,
            vector_regs: 16,
            sizes: None,
            elem_bytes: 8,
            tile_single_parallel: false,
            wavefronts: true,
            concurrent_start: false,
            jam: true,
        }
    }
}

pub use sizes::innermost_stride_score;

/// How many rows of `band`, from its first, give every pseudo-loop
/// counter a zero coefficient in every statement.
fn pseudo_free_rows(sched: &Schedule, scop: &PolyScop, band: &Band) -> usize {
    let np = scop.params.len();
    (0..band.len)
        .take_while(|&r| {
            sched.stmts.iter().zip(&scop.statements).all(|(rows, st)| {
                let row = &rows[band.start + r].coeffs;
                st.pseudo_dims.iter().enumerate().all(|(k, &pseudo)| !pseudo || row.get(np + k).copied().unwrap_or(0) == 0)
            })
        })
        .count()
}

/// Tiles `sched`, whose memory dependences of the scalars in `relaxed` may
/// be ignored (those whose live ranges it keeps:
/// [`crate::sched::kept_relaxed_scalars`]); on any polyhedral failure
/// returns it unchanged (it is legal as it is).
pub fn tile(scop: &PolyScop, deps: &Deps, sched: Schedule, relaxed: &BTreeSet<CellId>, cfg: &TileConfig) -> Schedule {
    try_tile(scop, deps, &sched, relaxed, cfg).unwrap_or(sched)
}

/// [`tile`], reporting polyhedral failures.
pub fn try_tile(scop: &PolyScop, deps: &Deps, sched: &Schedule, relaxed: &BTreeSet<CellId>, cfg: &TileConfig) -> PolyResult<Schedule> {
    let mut cur = sched.clone();
    // Whether the SCoP's data fits in L2: a property of the SCoP, asked
    // once, by the first time band.
    let mut data_in_l2: Option<bool> = None;
    // Last band first, so earlier bands keep their positions.
    for b in (0..cur.bands.len()).rev() {
        let band = cur.bands[b].clone();
        let lone_parallel = band.len == 1 && cfg.tile_single_parallel && cur.dims[band.start].parallel;
        if !band.permutable || band.tile_sizes.is_some() || !(band.len >= 2 || lone_parallel) {
            continue;
        }
        // Rows that move with a pseudo-loop (a parity's quotient: one
        // iteration per point of the loops around it) are not tiled: only
        // the rows before the first of them, a band of their own.
        let plain = pseudo_free_rows(&cur, scop, &band);
        if plain < band.len {
            if plain == 0 {
                continue;
            }
            cur.bands[b].len = plain;
            cur.bands.insert(b + 1, Band { start: band.start + plain, len: band.len - plain, ..band.clone() });
            let band = cur.bands[b].clone();
            if band.len < 2 && !(cfg.tile_single_parallel && cur.dims[band.start].parallel) {
                continue;
            }
        }
        let band = cur.bands[b].clone();
        // Explicit sizes are the user's choice: tile even without reuse.
        // Otherwise a band is tiled when its order walks far for some reuse
        // and its points, in the order they would run (the best innermost
        // row last), still do. When they do not, the interchange alone
        // gains what tiles would: a transposed matrix-vector product walks
        // `A` down a column in Pluto's order, while with its loops
        // interchanged every access is in order and the reused row of the
        // result stays in cache; tiles would only cost code (opus's
        // `gemm_accum`: 14 loops instead of 2).
        if band.len >= 2 && cfg.sizes.is_none() {
            // Nor where each point is a chain of floating-point steps
            // (`band_runs_chains`): latency, not the caches, sets its pace.
            if !reuse::tiling_pays(&cur, scop, band.start, band.len) || crate::ast::reduction_jam::band_runs_chains(scop, &cur, band.start, band.len) {
                continue;
            }
            let inner = sizes::innermost_row(&cur, scop, band.start, band.len);
            if inner + 1 != band.len {
                let ordered = points_ordered(&cur, &band, inner);
                if !reuse::tiling_pays(&ordered, scop, band.start, band.len) {
                    let intervals = live_ranges_cross(deps, &cur, &band, relaxed)?;
                    cur = interchanged(scop, deps, ordered, relaxed, intervals)?.unwrap_or(cur);
                    continue;
                }
            }
        }
        // A time band whose grid stays in the L2 cache between time steps
        // (constant sizes) has no reuse across them to win: tiled only for
        // the jam of a recurrence (below), which needs the tiles.
        let in_cache = cfg.sizes.is_none() && sizes::is_time_band(&cur, &band) && *data_in_l2.get_or_insert(reuse::data_fits(scop, cfg.l2_bytes, cfg.elem_bytes)?);
        // A time band's stride-1 row runs whole rows, untiled: only its
        // other rows are tiled (see `streamed_row`).
        // (On a copy: a band left untiled below keeps its rows' order.)
        let streamed = sizes::streamed_row(&cur, scop, &band);
        let mut base = cur.clone();
        if let Some(k) = streamed {
            split_off_row(&mut base, b, k);
        }
        let band = base.bands[b].clone();
        // The vector row is the streamed one, past the tiles.
        let best = sizes::innermost_row(&base, scop, band.start, band.len);
        let vector_row = streamed.is_none().then_some(best);
        let ts = sizes::tile_sizes(cfg, &base, scop, band.start, band.len, vector_row);
        if cfg.sizes.is_none() && reuse::one_tile(&base, scop, band.start, &ts)? {
            continue;
        }
        let intervals = live_ranges_cross(deps, &base, &band, relaxed)?;
        let Some(mut cand) = tiled(scop, deps, &base, b, &ts, best, relaxed, intervals)? else { continue };
        // A whole row that carries a recurrence gets its rows jammed
        // (`mark_jam`), which reorders the points of the band and of the
        // whole row: only when no live range of a relaxed scalar spans two
        // of them. The tile's points then keep the band's order, so that
        // the jammed point row is the last one and the whole row's bounds
        // (skewed by the time row, the first) do not depend on it.
        let mut inner = best;
        let whole = Band { len: band.len + 1, ..band.clone() };
        let stream = band.start + 2 * band.len;
        let mut recurrence = streamed.is_some() && cand.dims.get(stream).is_some_and(carries_recurrence) && !live_ranges_cross(deps, &base, &whole, relaxed)?;
        if in_cache && !recurrence {
            continue;
        }
        if recurrence && inner != band.len - 1 {
            match tiled(scop, deps, &base, b, &ts, band.len - 1, relaxed, intervals)? {
                Some(c) => {
                    cand = c;
                    inner = band.len - 1;
                }
                None => recurrence = false,
            }
        }
        if cfg.wavefronts && !intervals {
            parallel_tile_first(&mut cand, b);
        }
        // Wavefronts reorder the tiles: only when no live range of a relaxed
        // scalar spans two points of the band (the check above was on the
        // plain tile order).
        if cfg.wavefronts && band.len >= 2 && !cand.dims[band.start].parallel && !intervals {
            if cfg.concurrent_start {
                concurrent_start(scop, deps, &base, &mut cand, b, relaxed)?;
            }
            cand.bands[b].wavefront = true;
            cand.dims[band.start] = wavefront_marks(&cand.dims[band.start..band.start + band.len]);
            for d in &mut cand.dims[band.start + 1..band.start + band.len] {
                *d = DimInfo::marked(RowKind::Loop, true, false);
            }
        }
        if recurrence && cfg.jam {
            mark_jam(&mut cand, b, &ts, inner);
        }
        cur = cand;
    }
    Ok(cur)
}

/// Whether a loop of dimension `d` carries a dependence of a statement on
/// itself that is no reduction (a recurrence along the loop: a point
/// reads what the previous one wrote). One between two statements only is
/// not: innermost distribution (`inner`) gives them a loop each.
fn carries_recurrence(d: &DimInfo) -> bool {
    match &d.carried {
        Some(c) => c.strict.iter().any(|&(s, t)| s == t && c.loose.contains(&(s, t))),
        None => !d.parallel && !d.parallel_if_reduction,
    }
}

/// Band `b` of `cur` tiled by `sizes` with its row `inner` innermost among
/// the points, with its marks; `None` when that breaks a live range of a
/// relaxed scalar (`intervals`: one spans two points of the band).
#[allow(clippy::too_many_arguments)]
fn tiled(scop: &PolyScop, deps: &Deps, cur: &Schedule, b: usize, sizes: &[i64], inner: usize, relaxed: &BTreeSet<CellId>, intervals: bool) -> PolyResult<Option<Schedule>> {
    let mut cand = tile_band(cur, b, sizes, inner);
    if !keeps_live_ranges(scop, deps, &cand.stmts, relaxed, intervals)? {
        return Ok(None);
    }
    cand.dims = tiled_marks(deps, cur, &cur.bands[b], inner, relaxed)?;
    Ok(Some(cand))
}

/// `sched` with the rows of `band` in point order: row `inner` last
/// (legal in any order: the band is permutable). Its marks are still the
/// old ones (callers recompute them).
fn points_ordered(sched: &Schedule, band: &Band, inner: usize) -> Schedule {
    let Band { start, len, .. } = *band;
    let order = point_order(len, inner);
    let mut out = sched.clone();
    for (rows, old) in out.stmts.iter_mut().zip(&sched.stmts) {
        for (k, &from) in order.iter().enumerate() {
            rows[start + k] = old[start + from].clone();
        }
    }
    for (k, &from) in order.iter().enumerate() {
        out.dims[start + k] = sched.dims[start + from].clone();
    }
    out
}

/// `sched` (a band's rows reordered by [`points_ordered`]) with its
/// parallel marks recomputed; `None` when the new order breaks a live
/// range of a relaxed scalar (`intervals`: one spans two points of the
/// band, as for [`tiled`]).
fn interchanged(scop: &PolyScop, deps: &Deps, mut sched: Schedule, relaxed: &BTreeSet<CellId>, intervals: bool) -> PolyResult<Option<Schedule>> {
    if !keeps_live_ranges(scop, deps, &sched.stmts, relaxed, intervals)? {
        return Ok(None);
    }
    mark_parallel(deps, &mut sched, relaxed)?;
    Ok(Some(sched))
}

/// Recurrences interleaved by unroll-and-jam: a recurrence's step is a
/// chain of dependent floating-point operations (seidel-2d's four adds and
/// a multiply), each some 3-4 cycles long, on cores that start two per
/// cycle: about eight independent chains keep them busy. Seidel-2d on the
/// 2-core EPYC, written out by hand: 0.705 s with rows one at a time, 0.570
/// with 2 interleaved, 0.293 with 4, 0.227 with 8.
const JAM: i64 = 8;

/// Marks the whole stride-1 band after tiled band `b` of `cand` for
/// unroll-and-jam ([`Band::jam`]) when its row carries a dependence: by the
/// largest power of two up to [`JAM`] that divides the tile size of the
/// band's innermost point row (`inner`), so that a full tile's point loop
/// is a whole number of jammed groups.
fn mark_jam(cand: &mut Schedule, b: usize, sizes: &[i64], inner: usize) {
    let Some(stream) = cand.bands.get(b + 1).map(|x| x.start) else { return };
    let d = &cand.dims[stream];
    if d.kind != RowKind::Loop || !carries_recurrence(d) {
        return;
    }
    let size = sizes.get(inner).copied().unwrap_or(1);
    let u = (1..=JAM.trailing_zeros()).rev().map(|k| 1i64 << k).find(|u| size % u == 0);
    cand.bands[b + 1].jam = u;
}

/// Gives tiled band `b` of `cand` (tiled from `sched`, whose band rows
/// are still in place) concurrent-start tiles when the scheduler finds a
/// diamond hyperplane ([`crate::sched::diamond`]): its first tile row
/// becomes `h' = c·h1 - h2`, the point rows stay. The size of `h'` makes
/// the tile as tall in time as before (`h' + h2 = c·h1`, so a tile spans
/// about `(s' + s2) / c` steps of `h1`), and at least as wide as `h2`'s
/// (a symmetric diamond). Kept only when no live range breaks.
fn concurrent_start(scop: &PolyScop, deps: &Deps, sched: &Schedule, cand: &mut Schedule, b: usize, relaxed: &BTreeSet<CellId>) -> PolyResult<()> {
    let Band { start, len, .. } = sched.bands[b];
    let dims: Vec<usize> = scop.statements.iter().map(|s| s.domain.space().n_dim()).collect();
    let Some((rows, c)) = crate::sched::diamond::concurrent_start_row(deps, sched, start, len, relaxed, &dims, scop.params.len())? else {
        return Ok(());
    };
    let Some(sizes) = cand.bands[b].tile_sizes.clone() else { return Ok(()) };
    let s0 = sizes[1].max(c * sizes[0] - sizes[1]);
    let mut next = cand.clone();
    let mut with = sched.clone();
    for ((tiled, plain), r) in next.stmts.iter_mut().zip(with.stmts.iter_mut()).zip(rows) {
        tiled[start] = SchedRow { coeffs: r.coeffs.clone(), div: s0 };
        plain[start] = r;
    }
    if !keeps_live_ranges(scop, deps, &next.stmts, relaxed, false)? {
        return Ok(());
    }
    // Tile marks from the band with h' in place of h1 (the point marks
    // do not change: the point rows are the same).
    let zero = band_rows_zero(deps, &with, start, len, relaxed)?;
    for (d, pairs) in next.dims[start..start + len].iter_mut().zip(zero) {
        *d = tile_dim_marks(pairs);
    }
    next.bands[b].tile_sizes = Some(std::iter::once(s0).chain(sizes[1..].iter().copied()).collect());
    next.bands[b].concurrent_start = true;
    *cand = next;
    Ok(())
}

/// The marks of a wavefront loop, whose counter is the sum of the band's
/// tile coordinates (`tile_dims`, with their marks before the rewrite): it
/// carries every dependence any of them carries. A loop of it that holds
/// only some statements (the others distributed away) is parallel only if
/// none of the band's tile dimensions carries a dependence between them:
/// the mark of the first tile dimension alone let atax's `tmp[i]` sums,
/// carried by the column tiles, run on threads in any order.
fn wavefront_marks(tile_dims: &[DimInfo]) -> DimInfo {
    let mut union = CarriedPairs::default();
    for d in tile_dims {
        match &d.carried {
            Some(c) => {
                union.strict.extend(c.strict.iter().copied());
                union.loose.extend(c.loose.iter().copied());
            }
            // Unknown detail: sequential for every subset of statements.
            None if !d.parallel => return DimInfo::marked(RowKind::Loop, false, false),
            None => {}
        }
    }
    DimInfo {
        kind: RowKind::Loop,
        parallel: union.strict.is_empty(),
        parallel_if_reduction: !union.strict.is_empty() && union.loose.is_empty(),
        carried: Some(union),
        jam_blocked: None,
        jam_blocked_in_runs: None,
    }
}

/// Parallel marks of the tiled schedule, computed without floor
/// divisions. With `P` the untiled schedule whose band rows are in the
/// point order: dimensions outside the band and the point dimensions take
/// `P`'s marks (a pair reaching a point row agrees on the earlier point
/// rows, as in `P`, and on the tiles: a subset of `P`'s pairs); a tile
/// dimension is parallel when its row's difference is zero on every pair
/// left at the band's start ([`band_rows_zero`]) — sufficient, and the
/// checker verifies the marks on the tiled schedule.
fn tiled_marks(deps: &Deps, sched: &Schedule, band: &Band, inner: usize, relaxed: &BTreeSet<CellId>) -> PolyResult<Vec<DimInfo>> {
    let (start, len) = (band.start, band.len);
    let mut p = points_ordered(sched, band, inner);
    mark_parallel(deps, &mut p, relaxed)?;
    let zero = band_rows_zero(deps, sched, start, len, relaxed)?;
    let mut dims: Vec<DimInfo> = p.dims[..start].to_vec();
    dims.extend(zero.into_iter().map(tile_dim_marks));
    dims.extend(p.dims[start..].iter().cloned());
    Ok(dims)
}

/// The marks of a tile dimension from the pairs on which its row's
/// difference is not zero ([`band_rows_zero`]).
fn tile_dim_marks(pairs: CarriedPairs) -> DimInfo {
    DimInfo {
        kind: RowKind::Loop,
        parallel: pairs.strict.is_empty(),
        parallel_if_reduction: !pairs.strict.is_empty() && pairs.loose.is_empty(),
        carried: Some(pairs),
        jam_blocked: None,
        jam_blocked_in_runs: None,
    }
}

/// When the outer tile loop of tiled band `b` carries a dependence but a
/// later tile loop of the band is parallel, that one goes first: the tile
/// loops of a permutable band may run in any order, and a parallel tile
/// loop's mark (zero difference on every pair left at the band's start)
/// holds at any position in the band. The team then runs slabs of tiles
/// instead of many small wavefronts (trmm: the rows carry the dependence,
/// the columns do not). Only when no live range of a relaxed scalar spans
/// two points of the band (then no order of the tiles breaks one).
fn parallel_tile_first(sched: &mut Schedule, b: usize) {
    let Band { start, len, .. } = sched.bands[b];
    if sched.dims[start].parallel {
        return;
    }
    let Some(k) = (1..len).find(|&k| sched.dims[start + k].parallel) else { return };
    // Its tiles are what the threads share: at most PARALLEL_TILE wide,
    // so that a few threads get even shares of a few thousand iterations.
    for rows in sched.stmts.iter_mut() {
        rows[start..=start + k].rotate_right(1);
        rows[start].div = rows[start].div.min(PARALLEL_TILE);
    }
    sched.dims[start..=start + k].rotate_right(1);
    if let Some(sizes) = sched.bands[b].tile_sizes.as_mut() {
        sizes[..=k].rotate_right(1);
        sizes[0] = sizes[0].min(PARALLEL_TILE);
    }
}

/// Moves row `k` of band `b` (permutable: any order of its rows is
/// legal) to the band's end and makes it a band of its own, untiled. Its
/// marks are recomputed with the tiled band's.
fn split_off_row(sched: &mut Schedule, b: usize, k: usize) {
    let Band { start, len, .. } = sched.bands[b];
    for rows in sched.stmts.iter_mut() {
        rows[start + k..start + len].rotate_left(1);
    }
    sched.dims[start + k..start + len].rotate_left(1);
    sched.bands[b].len = len - 1;
    sched.bands.insert(b + 1, Band::untiled(start + len - 1, 1));
}

/// The widest tile of a parallel tile loop moved first.
const PARALLEL_TILE: i64 = 128;

fn point_order(len: usize, inner: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).filter(|&k| k != inner).collect();
    order.push(inner);
    order
}

/// Whether some live range of a relaxed scalar is not inside one point
/// of `band` (a value-based flow pair whose values differ on a row up to
/// the band's last). If none does, tiling cannot put a write inside a
/// live range: a write compares the same way with both ends of the range
/// under any order of the band's points. A pair ordered by a row before
/// the band counts too: a write at the band's points beside the source
/// is reordered with it by the tiles, but not with the target (`x`
/// written at every point of a band and read after it: the band's last
/// point, whose value is read, is another one once tiled).
fn live_ranges_cross(deps: &Deps, sched: &Schedule, band: &Band, relaxed: &BTreeSet<CellId>) -> PolyResult<bool> {
    for (i, d) in deps.enumerated() {
        if d.kind != DepKind::Flow || !relaxed.contains(&d.array) {
            continue;
        }
        let mut st = DepState::new(i, d);
        for k in 0..band.start + band.len {
            let c = st.step_asking(sched.row(d.source, k), sched.row(d.target, k), Ask::Either)?;
            if c.positive || c.negative {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// `sched` with band `b` tiled by `sizes`, the band row `inner` moved to
/// the innermost point position.
fn tile_band(sched: &Schedule, b: usize, sizes: &[i64], inner: usize) -> Schedule {
    let Band { start, len, .. } = sched.bands[b];
    let order = point_order(len, inner);
    let stmts = sched
        .stmts
        .iter()
        .map(|rows| {
            let mut out: Vec<SchedRow> = rows[..start].to_vec();
            out.extend(rows[start..start + len].iter().zip(sizes).map(|(r, &s)| SchedRow { coeffs: r.coeffs.clone(), div: s }));
            out.extend(order.iter().map(|&k| rows[start + k].clone()));
            out.extend(rows[start + len..].iter().cloned());
            out
        })
        .collect();
    let loop_dim = DimInfo::marked(RowKind::Loop, false, false);
    let mut dims: Vec<DimInfo> = sched.dims[..start].to_vec();
    dims.extend(std::iter::repeat_n(loop_dim, 2 * len));
    dims.extend(sched.dims[start + len..].iter().cloned());
    let mut bands = sched.bands.clone();
    bands[b].tile_sizes = Some(sizes.to_vec());
    for later in bands.iter_mut().filter(|x| x.start > start) {
        later.start += len;
    }
    Schedule { stmts, dims, bands }
}

#[cfg(test)]
mod tests;
