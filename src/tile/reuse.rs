//! Whether tiling a band can pay: some reuse the band carries must be too
//! far apart for the caches. Sizes being unknown, the data touched between
//! the two uses is assumed not to fit when it has two dimensions or more,
//! or as many as everything the band touches (a 1-dimensional stencil's
//! whole grid).
//!
//! Running example: Floyd–Warshall, band `(i, j)` inside the `k` loop,
//! `D[i][j] = min(D[i][j], D[i][k] + D[k][j])`. `D[k][j]` is used again on
//! the next `i`; between the two uses one iteration of `i` touches rows
//! `D[i][*]` and `D[k][*]`: one dimension, a few KiB, which stay in cache
//! without tiling, while the band as a whole touches the 2-dimensional
//! `D`. Tiling reorders nothing useful there and costs loop overhead
//! (0.74x of -O3 on our Floyd kernel). Matrix multiply, band `(i, j, k)`:
//! `B[k][j]` is used again on the next `i`, after one iteration of `i` has
//! touched all of `B` (2 dimensions, as much as the band): tiling pays.
//! Time-stepped stencils are the same: one time step touches the whole
//! grid.
//!
//! Tensor contraction `C[i][j][k] += A[i][j][l] * B[l][k]`, band `(i, j)`
//! around a tiled `(k, l)`: one iteration of `i` touches all of `B`, two
//! dimensions: tiling pays, although the band touches three.
//!
//! A use counts when the element (temporal reuse) or its cache line
//! (spatial: the same subscripts but the last one) comes back. The test is
//! on dimensions, not sizes: a row is assumed to fit in cache (unless it
//! is all the data), a matrix not. An access walked down a column (outer subscripts move, the last
//! does not) touches a cache line per element; a footprint with such an
//! access is counted as not fitting, and so is any access whose
//! subscripts are not known. A vector with a run-time stride (`x[i * incx]`,
//! a column of rows of `incx` in the model) is taken as walked in order:
//! its stride is assumed small ([`strided_vectors`]).

use crate::scop::poly_scop::{CellId, StmtId};
use super::sizes::{band_stmts, subscript_matrices};
use crate::poly::PolyResult;
use crate::sched::linalg::{dot, nullspace, rank};
use crate::sched::Schedule;
use crate::scop::PolyScop;
use std::collections::BTreeSet;

/// Whether tiling band `start..start + len` of `sched` can improve
/// locality (see the module comment).
pub fn tiling_pays(sched: &Schedule, scop: &PolyScop, start: usize, len: usize) -> bool {
    let np = scop.params.len();
    // Every statement's subscripts, once: the strided vectors are judged
    // over the whole SCoP, the band over its own statements.
    let all: Vec<Vec<Option<Vec<Vec<i64>>>>> = scop.stmt_ids().map(|s| subscript_matrices(scop, s)).collect();
    let vectors = strided_vectors(scop, &all);
    let mut stmts: Vec<(usize, Vec<Vec<i64>>, Vec<Vec<Vec<i64>>>)> = vec![];
    for s in band_stmts(sched, scop, start, len) {
        let m = scop.stmt(s).domain.space().n_dim();
        let rows: Vec<Vec<i64>> = sched.rows(s).iter().map(|r| r.coeffs[np..np + m].to_vec()).collect();
        let Some(subs) = vector_subscripts(scop, s, &all[s.index()], &vectors) else {
            return true;
        };
        stmts.push((m, rows, subs));
    }
    // Dimensions of the data the band touches (the rows before it fixed).
    let whole = stmts.iter().map(|(m, rows, subs)| footprint(subs, &nullspace(&rows[..start], *m))).max().unwrap_or(0);
    (0..len).any(|p| {
        let carried = stmts.iter().any(|(m, rows, subs)| carries_reuse(subs, &rows[..start + p], &rows[start + p], *m));
        carried
            && stmts.iter().any(|(m, rows, subs)| {
                let free = nullspace(&rows[..=start + p], *m);
                let dims = footprint(subs, &free);
                dims >= 2 || dims >= whole || walks_columns(subs, &free)
            })
    })
}

/// Arrays whose every access has a last subscript that no counter moves:
/// vectors with a stride only known at run time (`x[i * incx]`, read as
/// `x[i][0]` in rows of `incx`; an interleaved pair `t[j * s]`,
/// `t[j * s + 1]`). The stride is assumed small, as it is in nearly every
/// call (BLAS vectors, gsl's `gsl_vector`, complex twiddle tables): such a
/// vector is walked in order, not down a column. Taken as a column walk, it
/// made every nest over gsl vectors "tiled" for reuse a row of them keeps
/// anyway (gsl's dogleg `compute_rdx`, opus's FFT butterflies).
/// `subs`: every statement's [`subscript_matrices`].
fn strided_vectors(scop: &PolyScop, subs: &[Vec<Option<Vec<Vec<i64>>>>]) -> BTreeSet<CellId> {
    let mut moving: BTreeSet<CellId> = BTreeSet::new();
    let mut fixed: BTreeSet<CellId> = BTreeSet::new();
    for (st, subs) in scop.statements.iter().zip(subs) {
        let accesses = st.accesses.iter().filter(|a| !scop.is_scalar(a));
        for (a, f) in accesses.zip(subs) {
            match f.as_deref().and_then(|f| f.split_last()) {
                Some((last, outer)) if !outer.is_empty() && last.iter().all(|&c| c == 0) => {
                    fixed.insert(a.array);
                }
                _ => {
                    moving.insert(a.array);
                }
            }
        }
    }
    fixed.retain(|a| !moving.contains(a));
    fixed
}

/// Statement `s`'s [`subscript_matrices`] (`subs`), a strided vector's
/// fixed last subscript dropped (`vectors`: [`strided_vectors`]); `None`
/// when some access's subscripts are not known.
fn vector_subscripts(scop: &PolyScop, s: StmtId, subs: &[Option<Vec<Vec<i64>>>], vectors: &BTreeSet<CellId>) -> Option<Vec<Vec<Vec<i64>>>> {
    let accesses = scop.stmt(s).accesses.iter().filter(|a| !scop.is_scalar(a));
    accesses
        .zip(subs)
        .map(|(a, f)| {
            let mut f = f.clone()?;
            if vectors.contains(&a.array) {
                f.pop();
            }
            Some(f)
        })
        .collect()
}

/// Dimensions of the elements the accesses touch while the counters move
/// in the span of `free`: the largest rank of `F·free` over the accesses.
fn footprint(subs: &[Vec<Vec<i64>>], free: &[Vec<i64>]) -> usize {
    subs.iter().map(|f| rank(&image(f, free), free.len())).max().unwrap_or(0)
}

/// Rows of `F·N`, `N` having the vectors of `free` as columns.
fn image(f: &[Vec<i64>], free: &[Vec<i64>]) -> Vec<Vec<i64>> {
    f.iter().map(|row| free.iter().map(|v| dot(row, v)).collect()).collect()
}

/// Whether some access, with the rows `fixed` unchanged, comes back to the
/// same element or cache line for another value of `row`: a direction `v`
/// with `fixed·v = 0`, `row·v != 0` and all subscripts but the last
/// unchanged.
fn carries_reuse(subs: &[Vec<Vec<i64>>], fixed: &[Vec<i64>], row: &[i64], m: usize) -> bool {
    subs.iter().any(|f| {
        let outer = &f[..f.len().saturating_sub(1)];
        let mut eqs: Vec<Vec<i64>> = fixed.to_vec();
        eqs.extend(outer.iter().cloned());
        nullspace(&eqs, m).iter().any(|v| dot(row, v) != 0)
    })
}

/// Whether some access, with the counters moving in the span of `free`,
/// changes an outer subscript but never the last: a column walk, one cache
/// line per element.
fn walks_columns(subs: &[Vec<Vec<i64>>], free: &[Vec<i64>]) -> bool {
    subs.iter().any(|f| match f.split_last() {
        Some((last, outer)) if !outer.is_empty() => {
            let moves = |r: &Vec<i64>| free.iter().any(|v| dot(r, v) != 0);
            !moves(last) && outer.iter().any(moves)
        }
        _ => false,
    })
}

/// Whether the SCoP's sizes are constants (no parameter) and the data its
/// statements touch fits in `bytes` (of `elem_bytes` elements): each
/// array counted at the bounding box of the cells its accesses reach over
/// their statements' domains. Then the whole data stays in that cache from
/// one time step to the next, and a time tile has no reuse to win back,
/// only its loops and partial tiles to pay for (jacobi-2d at n = 16, tiled
/// in time, ran at 0.75x of -O3). An unbounded access counts as not
/// fitting.
pub fn data_fits(scop: &PolyScop, bytes: i64, elem_bytes: i64) -> PolyResult<bool> {
    if !scop.params.is_empty() {
        return Ok(false);
    }
    let mut boxes: std::collections::BTreeMap<CellId, Vec<(i64, i64)>> = std::collections::BTreeMap::new();
    for st in &scop.statements {
        for a in st.accesses.iter().filter(|a| !scop.is_scalar(a)) {
            let cells = a.relation.apply_to(&st.domain)?;
            for part in cells.parts() {
                let n = part.space().n_dim();
                let bx = boxes.entry(a.array).or_insert_with(|| vec![(i64::MAX, i64::MIN); n]);
                if bx.len() != n {
                    return Ok(false);
                }
                for (k, side) in bx.iter_mut().enumerate() {
                    let mut unit = vec![0; n + 1];
                    unit[k] = 1;
                    let Some((l, h)) = range(part, &unit)? else { return Ok(false) };
                    *side = (side.0.min(l), side.1.max(h));
                }
            }
        }
    }
    let mut total: i128 = 0;
    for bx in boxes.values() {
        let cells = bx.iter().fold(1i128, |c, &(l, h)| c.saturating_mul((h as i128 - l as i128 + 1).max(0)));
        total = total.saturating_add(cells.saturating_mul(elem_bytes as i128));
    }
    Ok(total <= bytes as i128)
}

/// Whether the SCoP's sizes are constants and each row of the band from
/// `start` (tile sizes `sizes`) spans no more values than its tile size
/// over every statement's domain: the band would be one tile, with its
/// loops and bounds to pay for and nothing reordered (a 14 x 14 nest at
/// 32 x 48 tiles).
pub fn one_tile(sched: &Schedule, scop: &PolyScop, start: usize, sizes: &[i64]) -> PolyResult<bool> {
    if !scop.params.is_empty() {
        return Ok(false);
    }
    for (k, &size) in sizes.iter().enumerate() {
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (s, st) in scop.stmt_ids().zip(&scop.statements) {
            for part in st.domain.parts() {
                let Some((l, h)) = range(part, &sched.row(s, start + k).coeffs)? else { return Ok(false) };
                lo = lo.min(l);
                hi = hi.max(h);
            }
        }
        if hi >= lo && (hi as i128 - lo as i128) >= size as i128 {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The least and greatest values of `f` (over `[dims | constant]`) on a
/// parameter-free set, `None` when it is unbounded.
fn range(part: &crate::poly::BasicSet, f: &[i64]) -> PolyResult<Option<(i64, i64)>> {
    let b = part.bounds_of(f)?;
    let lows = b.lower.iter().map(|x| x.eval(&[], false)).collect::<PolyResult<Vec<i64>>>()?;
    let highs = b.upper.iter().map(|x| x.eval(&[], true)).collect::<PolyResult<Vec<i64>>>()?;
    Ok(lows.into_iter().max().zip(highs.into_iter().min()))
}

