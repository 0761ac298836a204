//! Scheduled sets: each statement's instances in schedule coordinates.
//!
//! Running example: `S[i, j] : 0 <= i, j < n` tiled by 32 along both
//! dimensions, rows `(floor(i/32), floor(j/32), i, j)`. The unit-divisor
//! rows `t2 = i`, `t3 = j` determine the counters: `x = f(t) = (t2, t3)`.
//! Substituting `f` into the domain and into every row gives the scheduled
//! set over `[n | t0, t1, t2, t3]` without any existential:
//!
//! ```text
//!   0 <= t2 < n, 0 <= t3 < n,            (domain)
//!   32 t0 <= t2 <= 32 t0 + 31,           (tile row: floor(i / 32) = t0)
//!   32 t1 <= t3 <= 32 t1 + 31
//! ```
//!
//! In general the unit rows are solved with exact rationals,
//! `x_i = N_i(t, params) / L_i`; when some `L_i > 1` (a non-unimodular
//! schedule such as `2i + j`) every substituted row is scaled by `L`, and the
//! conditions `N_i ≡ 0 (mod L_i)` are kept aside ([`Item::divs`]): with them
//! the set is exact. The generator then needs the Fourier–Motzkin
//! projections of the set onto `t0..tk` for every `k` ([`Item::projs`]).
//!
//! A domain that is a union is first split into disjoint pieces (one
//! [`Item`] each), so that no instance is scanned twice.
//!
//! A wavefront band ([`crate::sched::Band::wavefront`]) with tile
//! dimensions `t_s..t_{s+l-1}` has `t_s` the sum of its tile coordinates,
//! so its first tile row constrains `t_s - t_{s+1} - ... - t_{s+l-1}`
//! instead of `t_s`: with `floor((2t + i)/32)` as the second tile row of a
//! skewed 1-D stencil, `32 (t0 - t1) <= t <= 32 (t0 - t1) + 31` and
//! `32 t1 <= 2t + i <= 32 t1 + 31`. Loops over `t0` are then wavefronts,
//! and the tiles of one wavefront (the `t1` loop) are independent.

use super::sets::tspace;
use super::{AstError, AstResult};
use crate::poly::int::{self, Rat};
use crate::poly::project::substitute;
use crate::poly::row::Row;
use crate::poly::{BasicSet, Set};
use crate::sched::schedule::{SchedRow, Schedule};
use crate::scop::poly_scop::{PolyScop, StmtId};

/// One disjoint piece of one statement, in schedule coordinates.
#[derive(Clone, Debug)]
pub struct Item {
    pub stmt: StmtId,
    /// `projs[k]` is over `[params | t0..t{k-1}]`; `projs[m]` is the exact
    /// scheduled set (with [`Item::divs`]), the others its projections.
    pub projs: Vec<BasicSet>,
    /// `row ≡ 0 (mod d)`, rows over `[params | t0..t{m-1} | const]`.
    pub divs: Vec<(Row, i64)>,
    /// Counter `i` is `iter[i].0 · [params | t | 1] / iter[i].1` (exact).
    pub iter: Vec<(Row, i64)>,
}

/// The items of every statement, in statement order.
pub fn build_items(scop: &PolyScop, sched: &Schedule) -> AstResult<Vec<Item>> {
    let m = sched.dims.len();
    let np = scop.params.len();
    if sched.stmts.len() != scop.statements.len() {
        return Err(AstError::Malformed(format!("{} statements, {} schedules", scop.statements.len(), sched.stmts.len())));
    }
    let waves: Vec<(usize, usize)> = sched.bands.iter().filter(|b| b.runs_by_wavefronts()).map(|b| (b.start, b.len)).collect();
    let mut items = vec![];
    for (s, (st, rows)) in scop.stmt_ids().zip(scop.statements.iter().zip(&sched.stmts)) {
        let d = st.domain.space().n_dim();
        if rows.len() != m || rows.iter().any(|r| r.coeffs.len() != np + d + 1 || r.div < 1) {
            return Err(AstError::Malformed(format!("statement {s}: rows do not fit {m} dimensions over {np} params and {d} counters")));
        }
        if st.domain.space().params != scop.params {
            return Err(AstError::Malformed(format!("statement {s}: domain parameters differ from the SCoP's")));
        }
        let iter = solve(rows, np, d, &waves).ok_or(AstError::NotInjective { stmt: s })??;
        for piece in disjoint_pieces(&st.domain)? {
            let (t, divs) = scheduled_set(&piece, rows, &iter, &scop.params, m, &waves)?;
            let projs = projections(t, m)?;
            items.push(Item { stmt: s, projs, divs, iter: iter.clone() });
        }
    }
    Ok(items)
}

/// `B1, B2 \ B1, B3 \ (B1 ∪ B2), ...`: the parts made disjoint.
fn disjoint_pieces(domain: &Set) -> AstResult<Vec<BasicSet>> {
    let mut out = vec![];
    let mut seen = Set::empty(domain.space().clone());
    for p in domain.parts() {
        let part = Set::from(p.clone());
        let fresh = part.subtract(&seen).map_err(|e| AstError::Unsupported(format!("disjoint domain pieces: {e}")))?;
        for q in fresh.parts() {
            if !q.is_empty()? {
                out.push(q.clone());
            }
        }
        seen.absorb(part)?;
    }
    Ok(out)
}

/// Solves the unit-divisor rows for the counters: `x_i = N_i / L_i` with
/// `N_i` over `[params | t0..t{m-1} | const]`. `None`: not determined.
/// The first row of a wavefront band (`waves`: start, length) is not
/// used: its dimension is not its value.
fn solve(rows: &[SchedRow], np: usize, d: usize, waves: &[(usize, usize)]) -> Option<AstResult<Vec<(Row, i64)>>> {
    let m = rows.len();
    // Greedy choice of `d` independent unit rows (rational echelon basis).
    let mut basis: Vec<(usize, Vec<Rat>)> = vec![];
    let mut chosen = vec![];
    for (r, row) in rows.iter().enumerate() {
        if row.div != 1 || chosen.len() == d || waves.iter().any(|&(start, _)| start == r) {
            continue;
        }
        let mut v: Vec<Rat> = row.coeffs[np..np + d].iter().map(|&c| Rat::int(c)).collect();
        for (p, b) in &basis {
            if v[*p].is_zero() {
                continue;
            }
            let f = match v[*p].div(b[*p]) {
                Ok(f) => f,
                Err(e) => return Some(Err(e.into())),
            };
            for k in 0..d {
                v[k] = match f.mul(b[k]).and_then(|y| v[k].sub(y)) {
                    Ok(y) => y,
                    Err(e) => return Some(Err(e.into())),
                };
            }
        }
        if let Some(p) = v.iter().position(|c| !c.is_zero()) {
            basis.push((p, v));
            chosen.push(r);
        }
    }
    if chosen.len() < d {
        return None;
    }
    Some(solve_chosen(rows, &chosen, np, d, m))
}

fn solve_chosen(rows: &[SchedRow], chosen: &[usize], np: usize, d: usize, m: usize) -> AstResult<Vec<(Row, i64)>> {
    let mat: Vec<Vec<i64>> = chosen.iter().map(|&r| rows[r].coeffs[np..np + d].to_vec()).collect();
    let inv = inverse(&mat)?;
    let mut out = vec![];
    for inv_i in &inv {
        // x_i = sum_j inv[i][j] (t_{chosen j} - c_j(params, const)).
        let mut q = vec![Rat::ZERO; np + m + 1];
        for (j, &r) in chosen.iter().enumerate() {
            let a = inv_i[j];
            q[np + r] = q[np + r].add(a)?;
            for (qp, &c) in q.iter_mut().zip(&rows[r].coeffs[..np]) {
                *qp = qp.sub(a.mul(Rat::int(c))?)?;
            }
            q[np + m] = q[np + m].sub(a.mul(Rat::int(rows[r].coeffs[np + d]))?)?;
        }
        let l = q.iter().try_fold(1i64, |acc, c| int::lcm(acc, int::narrow(c.den())?))?;
        let n: Row = q.iter().map(|c| int::narrow(c.num() * (l as i128 / c.den()))).collect::<Result<_, _>>()?;
        out.push((n, l));
    }
    Ok(out)
}

/// Exact inverse of a non-singular square integer matrix.
fn inverse(a: &[Vec<i64>]) -> AstResult<Vec<Vec<Rat>>> {
    let d = a.len();
    let mut m: Vec<Vec<Rat>> =
        a.iter().enumerate().map(|(i, r)| r.iter().map(|&x| Rat::int(x)).chain((0..d).map(|j| Rat::int((i == j) as i64))).collect()).collect();
    for c in 0..d {
        let p = (c..d).find(|&r| !m[r][c].is_zero()).ok_or_else(|| AstError::Malformed("singular schedule rows".into()))?;
        m.swap(c, p);
        let piv = m[c][c];
        for x in m[c].iter_mut() {
            *x = x.div(piv)?;
        }
        for r in 0..d {
            if r != c && !m[r][c].is_zero() {
                let f = m[r][c];
                let pivot_row = m[c].clone();
                for (x, &y) in m[r].iter_mut().zip(&pivot_row) {
                    *x = x.sub(f.mul(y)?)?;
                }
            }
        }
    }
    Ok(m.into_iter().map(|r| r[d..].to_vec()).collect())
}

/// `L · r` with the counters replaced by `x = f(t)`; `r` is over
/// `[params | x | locals | const]`, the result over `[params | t | locals | const]`.
fn substitute_counters(r: &[i64], iter: &[(Row, i64)], np: usize, m: usize, l: i64) -> AstResult<Row> {
    let d = iter.len();
    let nl = r.len() - 1 - np - d;
    let mut acc = vec![0i128; np + m + nl + 1];
    let l128 = l as i128;
    for p in 0..np {
        acc[p] = r[p] as i128 * l128;
    }
    for k in 0..nl {
        acc[np + m + k] = r[np + d + k] as i128 * l128;
    }
    acc[np + m + nl] = r[r.len() - 1] as i128 * l128;
    for (i, (n, li)) in iter.iter().enumerate() {
        let c = r[np + i] as i128 * (l128 / *li as i128);
        if c == 0 {
            continue;
        }
        for p in 0..np + m {
            acc[p] += c * n[p] as i128;
        }
        acc[np + m + nl] += c * n[np + m] as i128;
    }
    Ok(acc.into_iter().map(int::narrow).collect::<Result<_, _>>()?)
}

/// The scheduled set of one domain piece and its divisibility conditions.
fn scheduled_set(
    piece: &BasicSet,
    rows: &[SchedRow],
    iter: &[(Row, i64)],
    params: &[String],
    m: usize,
    waves: &[(usize, usize)],
) -> AstResult<(BasicSet, Vec<(Row, i64)>)> {
    let np = params.len();
    let piece = piece.simplify_locals()?;
    let nl = piece.n_local();
    let l = iter.iter().try_fold(1i64, |acc, (_, li)| int::lcm(acc, *li))?;
    let mut t = BasicSet::universe(tspace(params, m));
    for _ in 0..nl {
        t.push_local(crate::poly::Local::Exists);
    }
    for r in piece.eqs() {
        t.add_eq(substitute_counters(r, iter, np, m, l)?)?;
    }
    for r in piece.ineqs() {
        t.add_ineq(substitute_counters(r, iter, np, m, l)?)?;
    }
    for (k, row) in rows.iter().enumerate() {
        // v = coeffs · [params | x | 1] (no locals), scaled by L.
        let mut padded = row.coeffs[..row.coeffs.len() - 1].to_vec();
        padded.extend(std::iter::repeat_n(0, nl));
        padded.push(row.coeffs[row.coeffs.len() - 1]);
        let v = substitute_counters(&padded, iter, np, m, l)?;
        let ld = int::mul(l, row.div)?;
        // v - L·div·t_k >= 0 and L·div·t_k + L·(div - 1) - v >= 0 (or = 0).
        // A wavefront's first row is about `t_k - t_{k+1} - ... - t_{k+len-1}`.
        let mut lo = v.clone();
        lo[np + k] = int::sub(lo[np + k], ld)?;
        if let Some(&(_, len)) = waves.iter().find(|&&(start, _)| start == k) {
            for j in k + 1..k + len {
                lo[np + j] = int::add(lo[np + j], ld)?;
            }
        }
        if row.div == 1 {
            t.add_eq(lo)?;
        } else {
            let mut hi = crate::poly::row::negate(&lo)?;
            let c = hi.len() - 1;
            hi[c] = int::add(hi[c], int::mul(l, row.div - 1)?)?;
            t.add_ineq(lo)?;
            t.add_ineq(hi)?;
        }
    }
    let mut divs: Vec<(Row, i64)> = iter.iter().filter(|(_, li)| *li > 1).map(|(n, li)| (n.clone(), *li)).collect();
    let t = eliminate_locals(t, np + m, &mut divs)?;
    Ok((t.normalize()?, divs))
}

/// Removes the domain's existentials: exactly by Fourier–Motzkin where
/// possible, else through an equality `a·e + E = 0` (giving `E ≡ 0 mod a`).
fn eliminate_locals(t: BasicSet, first_local: usize, divs: &mut Vec<(Row, i64)>) -> AstResult<BasicSet> {
    let mut t = t.simplify_locals()?;
    while t.n_local() > 0 {
        let c = t.local_col(t.n_local() - 1);
        let pick = t.eqs().iter().position(|r| r[c] != 0 && (first_local..t.n_cols()).all(|k| k == c || r[k] == 0));
        let Some(k) = pick else {
            return Err(AstError::Unsupported("a domain existential that is not a division".into()));
        };
        let eq = t.eqs[k].clone();
        let a = eq[c].abs();
        if a > 1 {
            let mut e = eq.clone();
            e[c] = 0;
            divs.push((super::sets::truncate(&e, first_local), a));
        }
        t.eqs.remove(k);
        for r in t.eqs.iter_mut() {
            *r = substitute(r, &eq, c, false)?;
        }
        for r in t.ineqs.iter_mut() {
            *r = substitute(r, &eq, c, true)?;
        }
        let li = t.n_local() - 1;
        t.drop_cols(&[c]);
        t.locals.remove(li);
        t = t.simplify_locals()?;
    }
    Ok(t)
}

/// `projs[k]` for `k = m .. 0` by successive Fourier–Motzkin eliminations.
fn projections(t: BasicSet, m: usize) -> AstResult<Vec<BasicSet>> {
    let mut projs = vec![t.remove_redundant()?.normalize()?];
    for k in (0..m).rev() {
        let last = projs.last().ok_or_else(|| AstError::Malformed("no projection".into()))?;
        let (p, _exact) = last.project_out(k, 1)?;
        projs.push(p.normalize()?.remove_redundant()?.normalize()?);
    }
    projs.reverse();
    Ok(projs)
}
