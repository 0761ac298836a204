//! Full tiles apart from partial tiles.
//!
//! Running example: `S[i, j] : 0 <= i, j < n` tiled 32×32, scheduled set
//! over `[n | t0, t1, t2, t3]` (tile `t0, t1`, point `t2, t3`):
//! `0 <= t2, t3 <= n - 1`, `32 t0 <= t2 <= 32 t0 + 31`,
//! `32 t1 <= t3 <= 32 t1 + 31`.
//!
//! At the first point level we look for the *tile box* of each point
//! dimension: a lower and an upper bound with unit coefficient whose
//! difference is a constant (`32 t0 <= t2 <= 32 t0 + 31`). The whole box
//! lies in the set when every other constraint holds at the box corner
//! that minimises it: `t2 <= n - 1` is weakest at `t2 = 32 t0 + 31`, giving
//! `32 t0 + 31 <= n - 1`; `t2 >= 0` gives `32 t0 >= 0`, already known from
//! the tile loop. So the full-tile condition is
//! `32 t0 + 32 <= n and 32 t1 + 32 <= n`; under it the point loops' bounds
//! reduce (by `gist`) to exactly the box, with no `min`/`max`:
//!
//! ```text
//! if (n >= 32*t0 + 32 && n >= 32*t1 + 32)
//!   for (t2 = 32*t0; t2 <= 32*t0 + 31; t2++) ...      // full tiles
//! else
//!   for (t2 = 32*t0; t2 <= min(n - 1, 32*t0 + 31); t2++) ...
//! ```
//!
//! No split is made when the condition always holds or never holds under
//! the context, or when no statement has a box (an equality on a point
//! dimension, a non-constant width). The split is always *correct* — both
//! branches are complete code for their context — so the condition only
//! has to be good, not exact.

use super::scan::Scanner;
use super::sets::{constraints, gist, implies, lift, proven_empty, truncate, with, Constraint};
use super::AstResult;
use crate::poly::int;
use crate::poly::row::Row;
use crate::poly::BasicSet;

/// The full-tile condition at level `k = dims[0]` (the band's first point
/// dimension; `dims` are its point dimensions, consecutive but for a
/// scalar row before the last one after innermost distribution), over
/// `[params | t0..t{k-1}]`, or `None` when no split is useful.
pub fn full_tile_condition(sc: &mut Scanner, dims: &[usize], sizes: &[i64], active: &[usize], ctx: &BasicSet) -> AstResult<Option<Vec<Constraint>>> {
    let np = sc.np;
    let (k, end) = (dims[0], dims[dims.len() - 1] + 1);
    let lctx = lift(ctx, end - k);
    let mut rows: Vec<Row> = vec![];
    let mut boxed = false;
    for &i in active {
        let p = &sc.items[i].projs[end];
        if proven_empty(&p.intersect(&lctx)?, &mut sc.work)? {
            continue;
        }
        // A statement without a tile box (an equality on a point dimension,
        // e.g. an initialisation fused into a deeper band) does not take part:
        // any condition is correct, it only decides which code is faster.
        // Nor does one whose inequalities involve a scalar row between the
        // point rows (the corners below know only point columns).
        let band = |r: &Row| dims.iter().any(|&d| r[np + d] != 0);
        let on_gap = |r: &Row| (k..end).any(|d| !dims.contains(&d) && r[np + d] != 0);
        if p.eqs().iter().any(band) || p.ineqs().iter().any(on_gap) {
            continue;
        }
        let corners: Option<Vec<(Row, Row)>> = sizes.iter().zip(dims).map(|(&size, &d)| tile_box(p, np, dims, d, size)).collect();
        let Some(corners) = corners else { continue };
        boxed = true;
        for r in p.ineqs().iter().filter(|r| band(r)) {
            if corners.iter().any(|(lo, up)| r == lo || r == up) {
                continue;
            }
            rows.push(weakest_corner(r, &corners, np, dims)?);
        }
    }
    if !boxed || rows.is_empty() {
        return Ok(None);
    }
    let cs: Vec<Constraint> = rows.into_iter().map(|r| (r, false)).collect();
    let full = with(ctx, &cs)?;
    if proven_empty(&full, &mut sc.work)? {
        return Ok(None);
    }
    let mut all_implied = true;
    for c in &cs {
        all_implied = all_implied && implies(ctx, c, &mut sc.work)?;
    }
    if all_implied {
        return Ok(None);
    }
    let g = gist(&full, ctx, &mut sc.work)?;
    Ok(Some(constraints(&g)))
}

/// The bounds `p >= -A`, `p <= B` on point column `np + d` with unit
/// coefficients, no other point dimension, and `A + B` constant; the one
/// of width `size` preferred.
fn tile_box(p: &BasicSet, np: usize, dims: &[usize], d: usize, size: i64) -> Option<(Row, Row)> {
    let c = np + d;
    let alone = |r: &Row| dims.iter().all(|&e| e == d || r[np + e] == 0);
    let lows: Vec<&Row> = p.ineqs().iter().filter(|r| r[c] == 1 && alone(r)).collect();
    let ups: Vec<&Row> = p.ineqs().iter().filter(|r| r[c] == -1 && alone(r)).collect();
    let mut any = None;
    for lo in &lows {
        for up in &ups {
            let sum: Vec<i64> = lo.iter().zip(up.iter()).map(|(a, b)| a.saturating_add(*b)).collect();
            if sum[..sum.len() - 1].iter().all(|&x| x == 0) {
                let width = sum[sum.len() - 1] + 1;
                if width == size {
                    return Some(((*lo).clone(), (*up).clone()));
                }
                any.get_or_insert(((*lo).clone(), (*up).clone()));
            }
        }
    }
    any
}

/// `r` at the box corner where it is smallest, over `[params | t0..t{k-1}]`
/// (`k = dims[0]`).
fn weakest_corner(r: &Row, corners: &[(Row, Row)], np: usize, dims: &[usize]) -> AstResult<Row> {
    let mut out = r.clone();
    for ((lo, up), &d) in corners.iter().zip(dims) {
        let c = np + d;
        let a = r[c];
        if a == 0 {
            continue;
        }
        // lo: p + A >= 0, the corner p = -A; up: -p + B >= 0, the corner p = B.
        let (row, f) = if a > 0 { (lo, -a) } else { (up, a) };
        for (x, &y) in out.iter_mut().zip(row.iter()) {
            *x = int::mul_add(1, *x, f, y)?;
        }
        // The point column cancels: a + f·(±1) = 0.
        out[c] = 0;
    }
    Ok(truncate(&out, np + dims[0]))
}
