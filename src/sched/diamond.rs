//! Concurrent-start (diamond) tile hyperplanes for time-iterated stencils
//! (Bandishti, Pananilath, Bondhugula, SC 2012; the start-up argument in
//! Wonnacott & Strout, IMPACT 2013).
//!
//! # Running example: 1-D Jacobi, two statements per time step
//!
//! Pluto gives the permutable band `h1 = t`, `h2 = 2t + i` (`S1` shifted
//! by one). Tiled with those rows and run by wavefronts (sum of the tile
//! coordinates), the first wavefront holds one tile and the team reaches
//! full width only after a ramp: the tiles of the first time band wait for
//! their left neighbours ("pipelined start"). Tiles can start together
//! when the face they start from, the time hyperplane `h1`, lies strictly
//! inside the cone of the tiling hyperplanes. So the time row is replaced,
//! as a *tile* row only, by `h' = c·h1 - h2` for the smallest `c > 0` that
//! keeps `h'` valid for tiling (`c = 4`: `h' = 2t - i`, statement shifts
//! re-solved): then `c·h1 = h' + h2`, the diamond `(2t - i, 2t + i)`.
//! Every dependence still has a non-negative difference on every tile row,
//! so tiles run by wavefronts of the sum of their coordinates, and the sum
//! `h' + h2 = c·h1` is time: every tile of a wavefront starts at once.
//!
//! The point rows stay `h1, h2` (the tiler keeps them): `(h', h2)` is not
//! unimodular (determinant `c`), its integer points have holes, and `h1`
//! carries every dependence, so time-then-space inside a tile is legal and
//! keeps the innermost space loop stride one for the vectorizer.
//!
//! Only the first two band rows form the diamond (partial concurrent start,
//! as in Pluto): for 2-D and 3-D stencils the other space rows keep their
//! skewed parallelogram tiles.
//!
//! The unknowns are those of a Pluto hyperplane ([`Layout`]): the counter
//! coefficients are fixed to `c·h1 - h2` by equalities, the constants are
//! the first statement's is `c·h1 - h2`'s, the others' are
//! free in `[-MAX_SHIFT, MAX_SHIFT]`, and Farkas' lemma gives tiling
//! validity on every dependence not ordered before the band.

use crate::scop::poly_scop::CellId;
use super::constraints::{farkas_rows, Layout};
use super::marks::{unordered_before, Ask};
use super::SchedRow;
use crate::deps::Deps;
use crate::poly::ilp::{lexmin_in_order, Problem};
use crate::poly::{Meter, PolyResult};
use crate::schedule::Schedule;
use std::collections::BTreeSet;

/// The largest `c` tried: stencils of radius r need about `2r` per
/// statement shifted inside a time step; past 8 the diamond is so flat in
/// time that its tiles hold little reuse.
const MAX_C: i64 = 8;
/// The deepest band given diamond tiles: loop generation for heat-3d's
/// four-row band took 0.87e9 work units with skewed tiles and ran past
/// the SCoP's 1.5e9 with diamond tiles (whose tiles have no box, so their
/// bounds stay coupled through every point loop).
const MAX_BAND: usize = 3;
/// The statement shifts of `h'` are searched in `[-MAX_SHIFT, MAX_SHIFT]`
/// (Pluto's own constants are in `0..=16`).
const MAX_SHIFT: i64 = 64;

/// The replacement tile row (per statement) for the first row of band
/// `[start, start + len)` of `sched`, and its `c`, when the first row
/// carries some dependence not ordered before the band and some
/// `h' = c·h1 - h2` with `0 < c <= MAX_C` is valid for tiling; `None`
/// otherwise (the band is tiled as before, with wavefronts).
pub fn concurrent_start_row(deps: &Deps, sched: &Schedule, start: usize, len: usize, relaxed: &BTreeSet<CellId>, dims: &[usize], n_params: usize) -> PolyResult<Option<(Vec<SchedRow>, i64)>> {
    if !(2..=MAX_BAND).contains(&len) {
        return Ok(None);
    }
    let np = n_params;
    let active = unordered_before(deps, sched, start, relaxed, false)?;
    if active.is_empty() {
        return Ok(None);
    }
    // The first row must move forward on some pair left (a time loop);
    // pairs it leaves at zero (the statements of one time step) are
    // ordered by the point rows, which are the band's rows unchanged.
    let mut moves = false;
    for s in &active {
        if s.signs(sched.row(s.src, start), sched.row(s.dst, start), Ask::Positive)?.positive {
            moves = true;
            break;
        }
    }
    if !moves {
        return Ok(None);
    }
    // No parameter coefficients, as in Pluto's rows.
    if sched.stmts.iter().any(|rows| rows[start].coeffs[..np].iter().chain(&rows[start + 1].coeffs[..np]).any(|&x| x != 0)) {
        return Ok(None);
    }
    let l = Layout::new(np, dims);
    let nv = l.n_vars;
    let mut validity = Problem { n: nv, eqs: vec![], ineqs: vec![] };
    for s in &active {
        for part in &s.parts {
            let (e, ie) = farkas_rows(&l, part, s.src, s.dst, false)?;
            validity.eqs.extend(e);
            validity.ineqs.extend(ie);
        }
    }
    let unit = |v: usize, c: i64, k: i64| {
        let mut r = vec![0; nv + 1];
        r[v] = c;
        r[nv] = k;
        r
    };
    let mut meter = Meter::with_budget(super::SchedOptions::default().budget);
    for c in 1..=MAX_C {
        let mut p = validity.clone();
        for v in 0..=np {
            p.eqs.push(unit(v, 1, 0)); // u and w are unused here
        }
        for (s, rows) in sched.stmts.iter().enumerate() {
            let (h1, h2) = (&rows[start].coeffs, &rows[start + 1].coeffs);
            for k in 0..dims[s] {
                p.eqs.push(unit(l.coeff(s, k), 1, -(c * h1[np + k] - h2[np + k])));
            }
            if s == 0 {
                // The first statement's shift as the combination gives it
                // (the others are then as tight as validity allows).
                let natural = c * h1[np + dims[s]] - h2[np + dims[s]];
                p.eqs.push(unit(l.constant(s), 1, -natural));
            } else {
                p.ineqs.push(unit(l.constant(s), 1, MAX_SHIFT));
                p.ineqs.push(unit(l.constant(s), -1, MAX_SHIFT));
            }
        }
        let order: Vec<usize> = (0..dims.len()).map(|s| l.constant(s)).collect();
        if let Some(sol) = lexmin_in_order(&p, &order, &mut meter)? {
            let rows = sched
                .stmts
                .iter()
                .enumerate()
                .map(|(s, _)| {
                    let mut coeffs = vec![0; np];
                    coeffs.extend((0..dims[s]).map(|k| sol[l.coeff(s, k)]));
                    coeffs.push(sol[l.constant(s)]);
                    SchedRow { coeffs, div: 1 }
                })
                .collect();
            return Ok(Some((rows, c)));
        }
    }
    Ok(None)
}
