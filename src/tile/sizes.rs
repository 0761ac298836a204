//! Tile sizes (SICA, seed 000 eq. 8–9) and the choice of the innermost
//! point loop.
//!
//! Running example: matrix multiply, band `(i, j, k)`, doubles, 256-bit
//! vectors, 32 KiB L1, 256 KiB L2. The innermost point loop should be
//! parallel and walk memory with stride 1: moving along row `j` with the
//! other rows fixed is the direction `v = (0, 1, 0)`; `C[i][j]` and
//! `B[k][j]` then move by one element in their last subscript (stride 1),
//! `A[i][k]` not at all. Row `i` would move `C` and `A` by whole rows. So
//! `j` is vectorized and its tile size is SICA's
//!
//! ```text
//! qL1 = ⌊ρ · CL1 · 8192 / (R · E)⌋ · R / (8 D)
//!     = ⌊0.9 · 32 · 8192 / (256 · 2)⌋ · 256 / 64 = 460 · 4 = 1840
//! ```
//!
//! (`CL1` in KiB, `R` vector bits, `D` element bytes, `E` elements newly
//! loaded per iteration: `C` and `B`; the paper's own example, `CL1 = 32`,
//! `R = 128`, floats, `E = 2`, `ρ = 0.9`, gives 3684). The other loops get
//! `qL2 = CL2 / CL1` rounded up to a multiple of the vector width (8).

use crate::scop::poly_scop::{CellId, StmtId};
use super::TileConfig;
use crate::sched::linalg::{dot, nullspace};
use crate::sched::{Band, RowKind, Schedule};
use crate::scop::PolyScop;

/// The direction in statement `s`'s counter space along which row `r`
/// advances while every other loop row of the schedule stays fixed, if
/// that is a single direction. Tile rows are left out: each is the
/// multiple of a point row (or of a combination of them) that stays fixed
/// within a tile, so fixing it fixes nothing the point rows do not,
/// except the point row `r` itself, which must move.
fn direction(sched: &Schedule, scop: &PolyScop, s: StmtId, r: usize) -> Option<Vec<i64>> {
    let np = scop.params.len();
    let m = scop.stmt(s).domain.space().n_dim();
    let others: Vec<Vec<i64>> = sched
        .rows(s)
        .iter()
        .enumerate()
        .filter(|(d, row)| *d != r && row.div == 1 && sched.dims[*d].kind == RowKind::Loop)
        .map(|(_, row)| row.coeffs[np..np + m].to_vec())
        .collect();
    let ns = nullspace(&others, m);
    let [v] = ns.as_slice() else { return None };
    let along = dot(v, &sched.row(s, r).coeffs[np..np + m]);
    match along.signum() {
        1 => Some(v.clone()),
        -1 => Some(v.iter().map(|x| -x).collect()),
        _ => None,
    }
}

/// The subscripts of each array access of statement `s` as rows over its
/// counters (`F` in `subscript = F·x + g·p + c`), `None` for an access
/// whose relation is not one equality per subscript (a union, or a
/// subscript defined through another).
pub(super) fn subscript_matrices(scop: &PolyScop, s: StmtId) -> Vec<Option<Vec<Vec<i64>>>> {
    let st = &scop.stmt(s);
    let np = scop.params.len();
    let m = st.domain.space().n_dim();
    st.accesses
        .iter()
        .filter(|a| !scop.is_scalar(a))
        .map(|a| {
            let [part] = a.relation.parts() else { return None };
            let nout = a.relation.space().n_out();
            // Each output coordinate o_k is defined by an equality
            // c·o_k + f·x + ... = 0 naming no other output: o_k = -f·x/c.
            (0..nout)
                .map(|k| {
                    let r = part.eqs().iter().find(|r| r[np + m + k] != 0)?;
                    if (0..nout).any(|o| o != k && r[np + m + o] != 0) {
                        return None;
                    }
                    let c = r[np + m + k];
                    (0..m).map(|col| if r[np + col] % c == 0 { Some(-r[np + col] / c) } else { None }).collect()
                })
                .collect()
        })
        .collect()
}

/// How each array access of statement `s` moves along `v`: `(last
/// subscript change, whether an outer subscript changes)`, `None` where
/// the subscripts are not known (in the order of the array accesses).
fn strides(scop: &PolyScop, s: StmtId, v: &[i64]) -> Vec<Option<(i64, bool)>> {
    let change = |row: &Vec<i64>| dot(row, v);
    subscript_matrices(scop, s)
        .into_iter()
        .map(|f| {
            let f = f?;
            let (last, outer) = f.split_last()?;
            Some((change(last), outer.iter().any(|r| change(r) != 0)))
        })
        .collect()
}

/// Statements that have a loop row in the band.
pub(super) fn band_stmts(sched: &Schedule, scop: &PolyScop, start: usize, len: usize) -> Vec<StmtId> {
    let np = scop.params.len();
    sched
        .stmt_ids()
        .filter(|&s| sched.rows(s)[start..start + len].iter().any(|r| r.coeffs[np..r.coeffs.len() - 1].iter().any(|&c| c != 0)))
        .collect()
}

/// Vectorization score of band row `r`: accesses walked with stride 1
/// minus accesses walked across rows.
fn score(sched: &Schedule, scop: &PolyScop, stmts: &[StmtId], r: usize) -> i64 {
    let mut sc = 0;
    for &s in stmts {
        let Some(v) = direction(sched, scop, s, r) else { continue };
        for (last, outer) in strides(scop, s, &v).into_iter().flatten() {
            if outer {
                sc -= 1;
            } else if last.abs() == 1 {
                sc += 1;
            }
        }
    }
    sc
}

/// How well the innermost loop of every statement walks memory under
/// `judged`, which the tiler made `tiled` (the sum of the statements'
/// stride scores): planning keeps the original order when a new schedule
/// would make this worse (a stride-n innermost loop costs more than
/// tiling gains). A statement that the tiler gave time tiles (a tiled
/// band whose outer row carries a dependence that is no reduction: a
/// stencil's time loop, skewed) is scored at its innermost loop in
/// `tiled`, where the tiler put it: fdtd-2d's band (t, t + j, t + i) ends
/// in the stride-n row, and its tiles run the stride-1 row `t + j`
/// innermost, whole. Any other statement is scored at its own innermost
/// row in `judged`: the interchanges Pluto picks in bands that are no
/// time band lose more than the tiler's choice of point loop wins back
/// (bicg, trimul, and a triangular solve with many right-hand sides: 5%
/// slower tiled at n = 900 than the source order, with five times the
/// loops).
pub fn innermost_stride_score(judged: &Schedule, tiled: &Schedule, scop: &PolyScop) -> i64 {
    let np = scop.params.len();
    let innermost = |sched: &Schedule, s: StmtId| sched.rows(s).iter().rposition(|row| row.div == 1 && row.coeffs[np..row.coeffs.len() - 1].iter().any(|&c| c != 0));
    let time_tiled = |s: StmtId| {
        let moves = |r: usize| tiled.row(s, r).coeffs[np..tiled.row(s, r).coeffs.len() - 1].iter().any(|&c| c != 0);
        tiled.bands.iter().any(|b| b.tile_sizes.is_some() && is_time_band(tiled, b) && (b.start..b.start + b.len).any(moves))
    };
    judged
        .stmt_ids()
        .filter_map(|s| match time_tiled(s) {
            true => Some(score(tiled, scop, &[s], innermost(tiled, s)?)),
            false => Some(score(judged, scop, &[s], innermost(judged, s)?)),
        })
        .sum()
}

/// Whether `band` is a time band: its outer row carries a dependence that
/// is no reduction (a stencil's time loop, skewed; LU's pivot loop).
pub fn is_time_band(sched: &Schedule, band: &Band) -> bool {
    let d = &sched.dims[band.start];
    !d.parallel && !d.parallel_if_reduction
}

/// The row (offset in the band) that tiling should leave whole: the
/// stride-1 innermost row of a time band of three rows or more, as in
/// 2.5-D blocking of stencils (Nguyen et al., SC 2010). The reuse a time
/// tile buys is across time steps, carried by the outer rows; along the
/// stride-1 row a point's neighbours are used again a few iterations
/// later, in any case. Tiled, that row's tiles are parallelograms (it is
/// skewed by time) whose edges cut every row of the grid into partial
/// tiles: at a few hundred points per row nearly every tile is partial,
/// and its guarded inner loops ran jacobi-2d 2.3x slower than -O3 at
/// n = 150. Whole, each point loop is one row of the grid (vectorized at
/// full length), and a tile's footprint is a few rows per time step,
/// which a row being assumed to fit in cache ([`super::reuse`]) keeps in
/// the caches while the tile climbs in time.
pub fn streamed_row(sched: &Schedule, scop: &PolyScop, band: &Band) -> Option<usize> {
    if band.len < 3 || !is_time_band(sched, band) {
        return None;
    }
    let k = innermost_row(sched, scop, band.start, band.len);
    let stmts = band_stmts(sched, scop, band.start, band.len);
    (k > 0 && score(sched, scop, &stmts, band.start + k) > 0).then_some(k)
}

/// The band row (offset in the band) to make the innermost point loop:
/// the best stride score first (a stride-n innermost loop loses more to
/// the caches than vectorization gains: LU was 4x slower with its parallel
/// row innermost), then parallel rows, then the later row.
pub fn innermost_row(sched: &Schedule, scop: &PolyScop, start: usize, len: usize) -> usize {
    let stmts = band_stmts(sched, scop, start, len);
    (0..len).max_by_key(|&k| (score(sched, scop, &stmts, start + k), sched.dims[start + k].parallel, k)).unwrap_or(len.saturating_sub(1))
}

/// Distinct array elements touched per iteration along row `r` (SICA's
/// `E`), at least 1.
fn elements_per_iteration(sched: &Schedule, scop: &PolyScop, stmts: &[StmtId], r: usize) -> i64 {
    let mut seen: Vec<(CellId, String)> = vec![];
    for &s in stmts {
        let Some(v) = direction(sched, scop, s, r) else { continue };
        let st = &scop.stmt(s);
        let moving = strides(scop, s, &v);
        for (a, (last, outer)) in st.accesses.iter().filter(|a| !scop.is_scalar(a)).zip(moving).filter_map(|(a, m)| Some((a, m?))) {
            let key = (a.array, a.relation.to_string());
            if (last != 0 || outer) && !seen.contains(&key) {
                seen.push(key);
            }
        }
    }
    (seen.len() as i64).max(1)
}

/// The pitches of the array accesses of `stmts` that moving along row `r`
/// walks across rows (an outer subscript changes): bytes per iteration,
/// `None` where the array's rows have no known size.
fn pitches_across_rows(sched: &Schedule, scop: &PolyScop, stmts: &[StmtId], r: usize) -> Vec<Option<i64>> {
    let mut out = vec![];
    for &s in stmts {
        let Some(v) = direction(sched, scop, s, r) else { continue };
        let accesses = scop.stmt(s).accesses.iter().filter(|a| !scop.is_scalar(a));
        for (a, f) in accesses.zip(subscript_matrices(scop, s)) {
            let Some(f) = f else { continue };
            let changes: Vec<i64> = f.iter().map(|row| dot(row, &v)).collect();
            if changes.len() > 1 && changes[..changes.len() - 1].iter().any(|&c| c != 0) {
                let bytes = scop.cell(a.array).subscript_bytes.as_ref().filter(|b| b.len() == f.len());
                out.push(bytes.and_then(|b| changes.iter().zip(b).try_fold(0i64, |acc, (&c, &b)| acc.checked_add(c.checked_mul(b)?))));
            }
        }
    }
    out
}

/// The size of the pages whose translations the L1 data TLB's entries
/// hold ([`TileConfig::dtlb_entries`]): x86's base pages.
const PAGE_BYTES: i64 = 4096;

/// Tile sizes for the band rows (in band order), `vector_row` being the
/// row that becomes the innermost point loop (`None`: the innermost loop
/// is past the band, every row gets the outer loops' size).
pub fn tile_sizes(cfg: &TileConfig, sched: &Schedule, scop: &PolyScop, start: usize, len: usize, vector_row: Option<usize>) -> Vec<i64> {
    if let Some(s) = &cfg.sizes {
        return (0..len).map(|k| s.get(k).or(s.last()).copied().unwrap_or(32).max(1)).collect();
    }
    let d = cfg.elem_bytes.max(1);
    let r = cfg.vector_bits.max(8);
    let vec_elems = (r / (8 * d)).max(1);
    let q_l2 = (cfg.l2_bytes / cfg.l1_bytes.max(1)).max(1);
    let outer = (q_l2 + vec_elems - 1) / vec_elems * vec_elems;
    let Some(vector_row) = vector_row else { return vec![outer; len] };
    let stmts = band_stmts(sched, scop, start, len);
    let e = elements_per_iteration(sched, scop, &stmts, start + vector_row);
    // ρ = 0.9 as 9/10; CL1·8192 is the L1 size in bits.
    let q_l1 = ((9 * cfg.l1_bytes * 8) / (10 * r * e)).max(1) * vec_elems;
    // SICA assumes the point loop walks its arrays along their rows. One
    // that walks as many accesses across rows as along them (a transpose:
    // its stores along rows, its loads across) takes a line of each such
    // access per iteration, reused only at the next iteration of the loop
    // around. When the rows' pitch is a multiple of the L1's way size
    // (constant-sized arrays of 2^k columns) all those lines fall into one
    // set, which holds `l1_ways` of them: the point loop runs that many
    // iterations (in whole vectors). A transpose of 4096 x 4096 doubles:
    // 0.17-0.19 s at 8 iterations, 0.42-0.46 s at SICA's 408 (-O3:
    // 0.48 s). Other pitches spread the lines over the sets, and SICA's
    // size stands (ADI's column sweep at n = 1000 ran 1.3x slower capped;
    // at n = 1024 it runs 1.3x faster, 0.91 s against 1.22 s);
    // so does it where the walks along rows are more (Gram-Schmidt's nest,
    // one small statement of which walks a column: 3.5-5.7x slower capped).
    //
    // A nest that only moves data (no floating-point arithmetic: a
    // transpose, an interleave of channels, a triangle mirrored) has
    // nothing but its memory accesses to pay for. With a pitch not known
    // or of a page or more, its walk across rows touches a page per
    // iteration, and lines that may share sets: the point loop runs
    // half as many iterations as the L1 data TLB has entries (the other
    // half for the walks along rows). Transposes of n x n doubles at run
    // time on the 2-core EPYC (64 entries): n = 4096 0.15-0.27 s at 8-32
    // iterations against 0.44 s at SICA's 1840 (Polly 0.28 s), n = 3000
    // 0.084 s against 0.10 s; 8 iterations (the ways) ran a triangle
    // mirrored in place at n = 1500 1.3x slower than 32 and than -O3.
    let way_bytes = cfg.l1_bytes / cfg.l1_ways.max(1);
    let r_vec = start + vector_row;
    let in_vectors = |n: i64| (n.max(1) + vec_elems - 1) / vec_elems * vec_elems;
    let pitches = if score(sched, scop, &stmts, r_vec) <= 0 { pitches_across_rows(sched, scop, &stmts, r_vec) } else { vec![] };
    let into_one_set = |p: &Option<i64>| p.is_some_and(|p| p != 0 && p % way_bytes.max(1) == 0);
    let page_each = |p: &Option<i64>| p.is_none_or(|p| p.abs() >= PAGE_BYTES);
    let q_l1 = if pitches.iter().any(into_one_set) {
        q_l1.min(in_vectors(cfg.l1_ways))
    } else if stmts.iter().all(|&s| !scop.stmt(s).float_arith) && pitches.iter().any(page_each) {
        q_l1.min(in_vectors(cfg.dtlb_entries / 2))
    } else {
        q_l1
    };
    (0..len).map(|k| if k == vector_row { q_l1 } else { outer }).collect()
}
