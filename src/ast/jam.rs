//! Unroll-and-jam of a full tile's point loop around a whole row that
//! carries a recurrence ([`crate::schedule::Band::jam`]).
//!
//! Running example: an in-place (Gauss-Seidel) stencil, time-skewed into
//! the band `(t, t + i, t + j)`, `(t, t + i)` tiled and `t + j` left whole.
//! Each point of a row reads the one its loop just wrote (`g[i][j - 1]`):
//! the row runs at the latency of that chain, one point per chain of four
//! adds and a multiply. Rows `t + i` and `t + i + 1` are independent
//! enough to interleave (the band is permutable: every dependence goes
//! forward or stays put in both rows), so a full tile's point loop of 32
//! rows runs as 4 groups of 8, each group's 8 rows advancing together
//! along `t + j`:
//!
//! ```text
//! for (t3 = 32*t1; t3 <= 32*t1 + 31; t3++)       for (t3 = 4*t1; t3 <= 4*t1 + 3; t3++)
//!   for (t4 = t2; t4 <= t2 + n - 3; t4++)   ==>    for (t4 = t2; t4 <= t2 + n - 3; t4++) {
//!     S0(t2, t3 - t2, t4 - t2);                      S0(t2, 8*t3 - t2, t4 - t2);
//!                                                    S0(t2, 8*t3 + 1 - t2, t4 - t2);
//!                                                    ...
//!                                                    S0(t2, 8*t3 + 7 - t2, t4 - t2);
//!                                                  }
//! ```
//!
//! The loop's counter now numbers the groups (the row is `8*t3 + k` in the
//! `k`-th copy). A loop that is exactly a whole number of groups (a full
//! tile's, `s*T .. s*T + s - 1` with `s` a multiple of the factor) needs
//! nothing more. Any other (`max(..) .. min(..)`: tiles without a
//! full/partial split, as when the code-size budget drops it, or a time
//! tile taller than the run's time steps) runs the groups its range
//! meets, each row under the guard that it lies in the range; beside a
//! full/partial split, partial tiles run their rows one at a time.
//! The inner loop must hold no loop. Its bounds may depend on the jammed
//! counter only by a shift: a nine-point Gauss-Seidel sweep reads
//! `g[i - 1][j + 1]`, so its stride-1 row is skewed by the row as well
//! (`(t, t + i, 2t + i + j)`), and row `r` walks `lo + r .. hi + r`. A
//! full tile's group then runs the inner counter over all its rows'
//! ranges, the rows in order at each value (the band is permutable: that
//! is its interchange), in three loops: the first values, which the
//! later rows have not reached (each row guarded), the values every row
//! runs (no guard), and the last ones, past the earlier rows' ends
//! (guarded) ([`shifted_groups`]). Otherwise every row of a group walks
//! the same range; a
//! loop split into consecutive pieces of its range (its first iteration
//! peeled) is jammed piece by piece, which runs the group's points in the
//! same order as jamming the whole range would.

use super::expr::{Aff, Cond, Expr};
use super::{AstError, AstResult, For, IfKind, Node};
use crate::poly::int;
use std::collections::BTreeSet;

/// Loop `outer` (a schedule dimension) may be jammed by `factor` around
/// the loop of dimension `inner` just inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub outer: usize,
    pub inner: usize,
    pub factor: i64,
}

/// `nodes` with every loop a plan names jammed where it can be, and the
/// dimensions of the loops jammed (a plan may meet no loop it can jam:
/// rows with shifted ranges outside full tiles).
pub fn jam(nodes: Vec<Node>, plans: &[Plan]) -> AstResult<(Vec<Node>, BTreeSet<usize>)> {
    let mut done = BTreeSet::new();
    if plans.is_empty() {
        return Ok((nodes, done));
    }
    Ok((walk(nodes, plans, false, &mut done)?, done))
}

/// [`jam`] below a full/partial tile split's partial side when `partial`:
/// there only whole groups are jammed. The full tiles beside them run
/// most of the work, and guarded copies of the few partial ones would
/// double the code for little (seidel-2d's function then went over its
/// code-size budget and lost the split).
fn walk(nodes: Vec<Node>, plans: &[Plan], partial: bool, done: &mut BTreeSet<usize>) -> AstResult<Vec<Node>> {
    nodes
        .into_iter()
        .map(|n| {
            Ok(match n {
                Node::For(mut f) => {
                    let plan = plans.iter().find(|p| p.outer == f.var);
                    match plan.map(|p| jammed(&f, p, partial)).transpose()?.flatten() {
                        Some(j) => {
                            done.insert(j.var);
                            Node::For(j)
                        }
                        None => {
                            f.body = walk(std::mem::take(&mut f.body), plans, partial, done)?;
                            Node::For(f)
                        }
                    }
                }
                Node::If { cond, then, otherwise, kind } => {
                    let split = kind == IfKind::FullTile;
                    Node::If { cond, then: walk(then, plans, partial, done)?, otherwise: walk(otherwise, plans, partial || split, done)?, kind }
                }
                s @ Node::Stmt { .. } => s,
            })
        })
        .collect()
}

/// `f` jammed by the plan's factor, or `None` when it is not a whole
/// number of groups around one loop of the plan's inner dimension.
fn jammed(f: &For, plan: &Plan, partial: bool) -> AstResult<Option<For>> {
    let u = plan.factor;
    if u < 2 || f.parallel || f.parallel_if_reduction || f.matmul.is_some() {
        return Ok(None);
    }
    // One loop of the inner dimension, or consecutive pieces of its range
    // (a first iteration peeled): each piece is jammed in place.
    let pieces: Vec<&For> = f.body.iter().filter_map(|n| if let Node::For(g) = n { Some(g) } else { None }).collect();
    if pieces.len() != f.body.len() || pieces.is_empty() {
        return Ok(None);
    }
    if pieces.iter().any(|g| g.var != plan.inner || g.body.iter().any(Node::contains_loop)) {
        return Ok(None);
    }
    if pieces.iter().any(|g| g.lower.uses_var(f.var) || g.upper.uses_var(f.var)) {
        return match pieces.as_slice() {
            [g] => shifted_groups(f, g, u),
            _ => Ok(None),
        };
    }
    if let Some(j) = exact_groups(f, &pieces, u)? {
        return Ok(Some(j));
    }
    if partial {
        return Ok(None);
    }
    guarded_groups(f, &pieces, u)
}

/// The copies of `pieces` (loops of the inner dimension) for rows
/// `u·v + k`, `k < u`, of jammed loop variable `v`, each copy under
/// `guard(k)` when given.
fn copies(pieces: &[&For], v: usize, u: i64, guard: Option<&dyn Fn(i64) -> AstResult<Vec<Cond>>>) -> AstResult<Vec<Node>> {
    let mut out = Vec::with_capacity(pieces.len());
    for g in pieces {
        let mut body = Vec::with_capacity(g.body.len() * u as usize);
        for k in 0..u {
            let copy = g.body.iter().map(|n| node(n, v, u, k, None)).collect::<AstResult<Vec<_>>>()?;
            match guard {
                Some(cond) => body.push(Node::If { cond: cond(k)?, then: copy, otherwise: vec![], kind: IfKind::Guard }),
                None => body.extend(copy),
            }
        }
        out.push(Node::For(For { body, ..(*g).clone() }));
    }
    Ok(out)
}

/// A loop that is exactly a whole number of groups (a full tile's point
/// loop, `s·T .. s·T + s - 1` with `u` dividing `s`): the groups need no
/// guard.
fn exact_groups(f: &For, pieces: &[&For], u: i64) -> AstResult<Option<For>> {
    let Some((lower, upper)) = exact_bounds(f, u)? else { return Ok(None) };
    let body = copies(pieces, f.var, u, None)?;
    Ok(Some(For { lower, upper, body, ..f.clone() }))
}

/// A loop that is exactly a whole number of groups (as for
/// [`exact_groups`]) around one inner loop `g` whose bounds shift with the
/// row: `lo + a·r .. hi + a·r` for row `r`, `a > 0`, `lo` and `hi` affine
/// ([`shifted_loops`]: the rows run together where all of them run, under
/// guards where only some do). `None` for any other shape (rows one at a
/// time).
fn shifted_groups(f: &For, g: &For, u: i64) -> AstResult<Option<For>> {
    let (Expr::Aff(lo), Expr::Aff(hi)) = (&g.lower, &g.upper) else { return Ok(None) };
    let v = f.var;
    let a = lo.vars.get(v).copied().unwrap_or(0);
    if a <= 0 || hi.vars.get(v).copied() != Some(a) || g.var >= lo.vars.len() || g.var == v {
        return Ok(None);
    }
    let Some((first, last)) = exact_bounds(f, u)? else { return Ok(None) };
    let body = shifted_loops(g, v, u, false)?;
    Ok(Some(For { lower: first, upper: last, body, ..f.clone() }))
}

/// The affine terms of inner loop `g`'s bounds (a `max` of them below, a
/// `min` above) when they are no other expressions and at least one
/// moves with the jammed loop's variable `v`.
pub(super) fn shifted_bounds(g: &For, v: usize) -> Option<(Vec<&Aff>, Vec<&Aff>)> {
    fn terms(e: &Expr, lower: bool, var: usize) -> Option<Vec<&Aff>> {
        let list: Vec<&Expr> = match e {
            Expr::Max(es) if lower => es.iter().collect(),
            Expr::Min(es) if !lower => es.iter().collect(),
            e => vec![e],
        };
        list.into_iter()
            .map(|t| match t {
                Expr::Aff(a) if var < a.vars.len() => Some(a),
                _ => None,
            })
            .collect()
    }
    let moves = g.lower.uses_var(v) || g.upper.uses_var(v);
    if !moves || g.var == v {
        return None;
    }
    Some((terms(&g.lower, true, g.var)?, terms(&g.upper, false, g.var)?))
}

/// Inner loop `g` of a jammed loop (variable `v`, `u` rows) whose bounds
/// move with the row ([`shifted_bounds`]), for both jams: an in-place
/// stencil's rows (`shifted_groups`) and rows around their sums
/// (`reduction_jam`, whose rows have copies of their own scalars:
/// `copy_rows`, each row's statements numbered by the row). Row `k` runs
/// `lo_k .. hi_k`.
/// Each affine term is least and greatest at the first or the last row,
/// so the greatest `lo_k` and the least `hi_k` are exact, and the least
/// `lo_k` and the greatest `hi_k` are bounded (each a `max` or `min` of a
/// term's ends). The counter runs over all the rows' ranges in three
/// loops: up to the greatest `lo_k` (each row under the guard of its own
/// range), the values every row runs (unguarded), from the least `hi_k` on
/// (guarded); the `min` and `max` keep them apart when no value is common
/// to every row, and a loop that a bound the same in every row leaves
/// empty is not emitted. At each value the rows run in order, each row's
/// values in increasing order: the order of the jam, which its legality (a
/// parallel loop, or `DimInfo::jam_blocked`) is about, whatever the
/// bounds. A triangular product's row `j` summing `k = j + 1 .. n - 1`:
/// eight rows share `k = j + 8 .. n - 1`, and rows `j .. j + 6` start
/// alone.
pub(super) fn shifted_loops(g: &For, v: usize, u: i64, copy_rows: bool) -> AstResult<Vec<Node>> {
    let Some((lo, hi)) = shifted_bounds(g, v) else { return Ok(vec![Node::For(g.clone())]) };
    let ends = |e: &Aff| -> AstResult<(Expr, Expr)> {
        let (first, last) = (aff(e, v, u, 0)?, aff(e, v, u, u - 1)?);
        let (least, most) = if e.vars.get(v).copied().unwrap_or(0) >= 0 { (first, last) } else { (last, first) };
        Ok((Expr::Aff(least), Expr::Aff(most)))
    };
    let (lo_ends, hi_ends): (Vec<(Expr, Expr)>, Vec<(Expr, Expr)>) = (lo.iter().map(|a| ends(a)).collect::<AstResult<_>>()?, hi.iter().map(|a| ends(a)).collect::<AstResult<_>>()?);
    let lo_least = Expr::max_of(lo_ends.iter().map(|e| e.0.clone()).collect());
    let lo_most = Expr::max_of(lo_ends.iter().map(|e| e.1.clone()).collect());
    let hi_least = Expr::min_of(hi_ends.iter().map(|e| e.0.clone()).collect());
    let hi_most = Expr::min_of(hi_ends.iter().map(|e| e.1.clone()).collect());
    let mut at = Aff::zero(lo[0].params.len(), lo[0].vars.len());
    at.vars[g.var] = 1;
    let rows = |guarded: bool| -> AstResult<Vec<Node>> {
        let mut body = Vec::with_capacity(g.body.len() * u as usize);
        for k in 0..u {
            let copy = g.body.iter().map(|n| node(n, v, u, k, copy_rows.then_some(k as u32))).collect::<AstResult<Vec<_>>>()?;
            if guarded {
                let mut cond = vec![];
                for a in &lo {
                    cond.push(Cond::Ge(at.add_scaled(-1, &aff(a, v, u, k)?)?));
                }
                for a in &hi {
                    cond.push(Cond::Ge(aff(a, v, u, k)?.add_scaled(-1, &at)?));
                }
                body.push(Node::If { cond, then: copy, otherwise: vec![], kind: IfKind::Guard });
            } else {
                body.extend(copy);
            }
        }
        Ok(body)
    };
    let piece = |lower: Expr, upper: Expr, guarded: bool| -> AstResult<Node> { Ok(Node::For(For { lower, upper, body: rows(guarded)?, ..g.clone() })) };
    let mut out = vec![];
    if lo_least != lo_most {
        out.push(piece(lo_least, Expr::min_of(vec![plus_const(&lo_most, -1)?, hi_most.clone()]), true)?);
    }
    out.push(piece(lo_most.clone(), hi_least.clone(), false)?);
    if hi_least != hi_most {
        out.push(piece(Expr::max_of(vec![plus_const(&hi_least, 1)?, lo_most]), hi_most, true)?);
    }
    Ok(out)
}

/// The bounds of the groups of loop `f` when it is exactly a whole number
/// of groups of `u` rows (`s·T .. s·T + s - 1` with `u` dividing `s`).
pub(super) fn exact_bounds(f: &For, u: i64) -> AstResult<Option<(Expr, Expr)>> {
    let (Expr::Aff(lo), Expr::Aff(hi)) = (&f.lower, &f.upper) else { return Ok(None) };
    let span = hi.add_scaled(-1, lo)?;
    let count = span.constant + 1;
    if !span.is_const() || count < u || count % u != 0 || !multiple_of(lo, u, 0) {
        return Ok(None);
    }
    let first = Aff { params: lo.params.iter().map(|c| c / u).collect(), vars: lo.vars.iter().map(|c| c / u).collect(), constant: lo.constant / u };
    let last = Aff { constant: first.constant + count / u - 1, ..first.clone() };
    Ok(Some((Expr::Aff(first), Expr::Aff(last))))
}

/// Whether `a + c` is a multiple of `u` whatever the values of its
/// parameters and variables.
pub(super) fn multiple_of(a: &Aff, u: i64, c: i64) -> bool {
    a.params.iter().chain(&a.vars).all(|x| x % u == 0) && a.constant.checked_add(c).is_some_and(|x| x % u == 0)
}

/// Any other loop (a partial tile's, `max(..) .. min(..)`): groups
/// `floor(lower / u) .. floor(upper / u)`, each row of a group under the
/// guard that it lies in the loop's range (invariant in the inner loop:
/// a branch the predictor gets right). `None` when a bound is not a `max`
/// (lower) or `min` (upper) of affine terms and their floors and
/// ceilings.
fn guarded_groups(f: &For, pieces: &[&For], u: i64) -> AstResult<Option<For>> {
    let (first, last) = (div_by(&f.lower, u, false)?, div_by(&f.upper, u, false)?);
    let v = f.var;
    let Some((np, nv)) = shape(&f.lower) else { return Ok(None) };
    if v >= nv {
        return Ok(None);
    }
    // Row `u·v + k` within the loop's bounds; `None` when a bound has no
    // such conditions.
    let within = |k: i64| -> AstResult<Option<Vec<Cond>>> {
        let mut row = Aff { params: vec![0; np], vars: vec![0; nv], constant: k };
        row.vars[v] = u;
        let mut cond = vec![];
        let expressible = bound_conds(&f.lower, &row, true, &mut cond)? && bound_conds(&f.upper, &row, false, &mut cond)?;
        Ok(expressible.then_some(cond))
    };
    if within(0)?.is_none() {
        return Ok(None);
    }
    let guard = |k: i64| -> AstResult<Vec<Cond>> { Ok(within(k)?.unwrap_or_default()) };
    let body = copies(pieces, v, u, Some(&guard))?;
    Ok(Some(For { lower: first, upper: last, body, ..f.clone() }))
}

/// The numbers of parameters and loop variables of the first affine
/// function in `e`.
fn shape(e: &Expr) -> Option<(usize, usize)> {
    match e {
        Expr::Aff(a) | Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) => Some((a.params.len(), a.vars.len())),
        Expr::Min(es) | Expr::Max(es) => es.iter().find_map(shape),
        Expr::Scaled(e, _, _) => shape(e),
    }
}

/// `floor(e / u)` (or `ceil(e / u)`) as an expression: floor and ceiling
/// are monotone, so they go inside a `min` or `max`;
/// `floor(floor(x / d) / u) = floor(x / (d·u))`,
/// `floor(ceil(x / d) / u) = floor((x + d - 1) / (d·u))`,
/// `ceil(ceil(x / d) / u) = ceil(x / (d·u))` and
/// `ceil(floor(x / d) / u) = floor((x + d·(u - 1)) / (d·u))`.
pub(super) fn div_by(e: &Expr, u: i64, ceil: bool) -> AstResult<Expr> {
    let mul = |d: i64| int::mul_add(0, 0, d, u).map_err(AstError::from);
    let plus = |a: &Aff, c: i64| -> AstResult<Aff> { Ok(Aff { constant: int::mul_add(1, a.constant, 1, c).map_err(AstError::from)?, ..a.clone() }) };
    let terms = |es: &[Expr]| es.iter().map(|t| div_by(t, u, ceil)).collect::<AstResult<Vec<_>>>();
    Ok(match e {
        Expr::Aff(a) if ceil => Expr::ceil(a.clone(), u),
        Expr::Aff(a) => Expr::floor(a.clone(), u),
        Expr::FloorDiv(a, d) if ceil => Expr::floor(plus(a, int::mul_add(0, 0, *d, u - 1).map_err(AstError::from)?)?, mul(*d)?),
        Expr::FloorDiv(a, d) => Expr::floor(a.clone(), mul(*d)?),
        Expr::CeilDiv(a, d) if ceil => Expr::ceil(a.clone(), mul(*d)?),
        Expr::CeilDiv(a, d) => Expr::floor(plus(a, d - 1)?, mul(*d)?),
        Expr::Max(es) => Expr::max_of(terms(es)?),
        Expr::Min(es) => Expr::min_of(terms(es)?),
        // The bounds the scanner makes have none.
        Expr::Scaled(..) => return Err(AstError::Malformed("a group's bound divided again".into())),
    })
}

/// `e + c` as an expression (`floor(x / d) + c = floor((x + c·d) / d)`,
/// the same for a ceiling; inside every term of a `min` or `max`).
pub(super) fn plus_const(e: &Expr, c: i64) -> AstResult<Expr> {
    let shifted = |a: &Aff, by: i64| -> AstResult<Aff> { Ok(Aff { constant: int::mul_add(1, a.constant, 1, by).map_err(AstError::from)?, ..a.clone() }) };
    let scaled = |d: i64| int::mul_add(0, 0, c, d).map_err(AstError::from);
    let terms = |es: &[Expr]| es.iter().map(|t| plus_const(t, c)).collect::<AstResult<Vec<_>>>();
    Ok(match e {
        Expr::Aff(a) => Expr::Aff(shifted(a, c)?),
        Expr::FloorDiv(a, d) => Expr::FloorDiv(shifted(a, scaled(*d)?)?, *d),
        Expr::CeilDiv(a, d) => Expr::CeilDiv(shifted(a, scaled(*d)?)?, *d),
        Expr::Max(es) => Expr::max_of(terms(es)?),
        Expr::Min(es) => Expr::min_of(terms(es)?),
        Expr::Scaled(x, m, k) => Expr::Scaled(x.clone(), *m, int::mul_add(1, *k, 1, c).map_err(AstError::from)?),
    })
}

/// Appends to `out` the conditions for `row >= bound` (`lower`) or
/// `row <= bound`; false when the bound is not a `max` (lower) or `min`
/// (upper) of affine terms and their floors and ceilings.
fn bound_conds(bound: &Expr, row: &Aff, lower: bool, out: &mut Vec<Cond>) -> AstResult<bool> {
    let scaled = |d: i64| Aff::zero(row.params.len(), row.vars.len()).add_scaled(d, row);
    let shifted = |a: Aff, c: i64| -> AstResult<Aff> { Ok(Aff { constant: int::mul_add(1, a.constant, 1, c).map_err(AstError::from)?, ..a }) };
    match bound {
        // row >= b  <=>  row - b >= 0;  row <= b  <=>  b - row >= 0.
        Expr::Aff(b) => out.push(Cond::Ge(if lower { row.add_scaled(-1, b)? } else { b.add_scaled(-1, row)? })),
        // row >= ceil(x/d)  <=>  d·row - x >= 0;
        // row <= ceil(x/d)  <=>  x + d - 1 - d·row >= 0.
        Expr::CeilDiv(x, d) => out.push(Cond::Ge(if lower { scaled(*d)?.add_scaled(-1, x)? } else { shifted(x.add_scaled(-1, &scaled(*d)?)?, d - 1)? })),
        // row >= floor(x/d)  <=>  d·row - x + d - 1 >= 0;
        // row <= floor(x/d)  <=>  x - d·row >= 0.
        Expr::FloorDiv(x, d) => out.push(Cond::Ge(if lower { shifted(scaled(*d)?.add_scaled(-1, x)?, d - 1)? } else { x.add_scaled(-1, &scaled(*d)?)? })),
        Expr::Max(es) if lower => {
            for t in es {
                if !bound_conds(t, row, lower, out)? {
                    return Ok(false);
                }
            }
        }
        Expr::Min(es) if !lower => {
            for t in es {
                if !bound_conds(t, row, lower, out)? {
                    return Ok(false);
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `n` with loop variable `v` replaced by `u·v + k`; its statements
/// numbered `copy` when given (a jammed reduction's row, whose scalars are
/// its own), else as they were.
pub(super) fn node(n: &Node, v: usize, u: i64, k: i64, copy: Option<u32>) -> AstResult<Node> {
    let all = |ns: &[Node]| ns.iter().map(|b| node(b, v, u, k, copy)).collect::<AstResult<Vec<_>>>();
    Ok(match n {
        Node::For(f) => Node::For(For { lower: expr(&f.lower, v, u, k)?, upper: expr(&f.upper, v, u, k)?, body: all(&f.body)?, ..f.clone() }),
        Node::If { cond, then, otherwise, kind } => Node::If {
            cond: cond.iter().map(|c| cond_of(c, v, u, k)).collect::<AstResult<_>>()?,
            then: all(then)?,
            otherwise: all(otherwise)?,
            kind: *kind,
        },
        Node::Stmt { stmt, iter, copy: was } => {
            Node::Stmt { stmt: *stmt, iter: iter.iter().map(|e| expr(e, v, u, k)).collect::<AstResult<_>>()?, copy: copy.unwrap_or(*was) }
        }
    })
}

fn cond_of(c: &Cond, v: usize, u: i64, k: i64) -> AstResult<Cond> {
    Ok(match c {
        Cond::Ge(a) => Cond::Ge(aff(a, v, u, k)?),
        Cond::Eq(a) => Cond::Eq(aff(a, v, u, k)?),
        Cond::Divisible(a, d) => Cond::Divisible(aff(a, v, u, k)?, *d),
    })
}

fn expr(e: &Expr, v: usize, u: i64, k: i64) -> AstResult<Expr> {
    Ok(match e {
        Expr::Aff(a) => Expr::Aff(aff(a, v, u, k)?),
        Expr::FloorDiv(a, d) => Expr::FloorDiv(aff(a, v, u, k)?, *d),
        Expr::CeilDiv(a, d) => Expr::CeilDiv(aff(a, v, u, k)?, *d),
        Expr::Min(es) => Expr::Min(es.iter().map(|x| expr(x, v, u, k)).collect::<AstResult<_>>()?),
        Expr::Max(es) => Expr::Max(es.iter().map(|x| expr(x, v, u, k)).collect::<AstResult<_>>()?),
        Expr::Scaled(x, m, c) => Expr::Scaled(Box::new(expr(x, v, u, k)?), *m, *c),
    })
}

fn aff(a: &Aff, v: usize, u: i64, k: i64) -> AstResult<Aff> {
    let c = a.vars.get(v).copied().unwrap_or(0);
    if c == 0 {
        return Ok(a.clone());
    }
    let mut out = a.clone();
    out.vars[v] = int::mul_add(0, 0, c, u).map_err(AstError::from)?;
    out.constant = int::mul_add(1, a.constant, c, k).map_err(AstError::from)?;
    Ok(out)
}

