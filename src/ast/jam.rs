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
//! `k`-th copy). Only loops that are exactly a whole number of groups are
//! jammed (the full tiles, whose bounds are `s*T .. s*T + s - 1` with `s`
//! a multiple of the factor); partial tiles run their rows one at a time.
//! The inner loop's bounds must not depend on the jammed counter (every
//! row of a group walks the same range), and it must hold no loop; a
//! loop split into consecutive pieces of its range (its first iteration
//! peeled) is jammed piece by piece, which runs the group's points in the
//! same order as jamming the whole range would.

use super::expr::{Aff, Cond, Expr};
use super::{AstError, AstResult, For, Node};
use crate::poly::int;

/// Loop `outer` (a schedule dimension) may be jammed by `factor` around
/// the loop of dimension `inner` just inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub outer: usize,
    pub inner: usize,
    pub factor: i64,
}

/// `nodes` with every loop a plan names jammed where it can be.
pub fn jam(nodes: Vec<Node>, plans: &[Plan]) -> AstResult<Vec<Node>> {
    if plans.is_empty() {
        return Ok(nodes);
    }
    nodes
        .into_iter()
        .map(|n| {
            Ok(match n {
                Node::For(mut f) => {
                    let plan = plans.iter().find(|p| p.outer == f.var);
                    match plan.map(|p| jammed(&f, p)).transpose()?.flatten() {
                        Some(j) => Node::For(j),
                        None => {
                            f.body = jam(std::mem::take(&mut f.body), plans)?;
                            Node::For(f)
                        }
                    }
                }
                Node::If { cond, then, otherwise, kind } => Node::If { cond, then: jam(then, plans)?, otherwise: jam(otherwise, plans)?, kind },
                s @ Node::Stmt { .. } => s,
            })
        })
        .collect()
}

/// `f` jammed by the plan's factor, or `None` when it is not a whole
/// number of groups around one loop of the plan's inner dimension.
fn jammed(f: &For, plan: &Plan) -> AstResult<Option<For>> {
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
    if pieces.iter().any(|g| g.var != plan.inner || g.lower.uses_var(f.var) || g.upper.uses_var(f.var) || g.body.iter().any(has_loop)) {
        return Ok(None);
    }
    let (Expr::Aff(lo), Expr::Aff(hi)) = (&f.lower, &f.upper) else { return Ok(None) };
    let span = hi.add_scaled(-1, lo)?;
    let count = span.constant + 1;
    if !span.is_const() || count < u || count % u != 0 {
        return Ok(None);
    }
    if lo.params.iter().chain(&lo.vars).chain(std::iter::once(&lo.constant)).any(|c| c % u != 0) {
        return Ok(None);
    }
    let first = Aff { params: lo.params.iter().map(|c| c / u).collect(), vars: lo.vars.iter().map(|c| c / u).collect(), constant: lo.constant / u };
    let last = Aff { constant: first.constant + count / u - 1, ..first.clone() };
    let mut jammed = Vec::with_capacity(pieces.len());
    for g in pieces {
        let mut body = Vec::with_capacity(g.body.len() * u as usize);
        for k in 0..u {
            for n in &g.body {
                body.push(node(n, f.var, u, k)?);
            }
        }
        jammed.push(Node::For(For { body, ..g.clone() }));
    }
    Ok(Some(For { lower: Expr::Aff(first), upper: Expr::Aff(last), body: jammed, ..f.clone() }))
}

fn has_loop(n: &Node) -> bool {
    match n {
        Node::For(_) => true,
        Node::If { then, otherwise, .. } => then.iter().chain(otherwise).any(has_loop),
        Node::Stmt { .. } => false,
    }
}

/// `n` with loop variable `v` replaced by `u·v + k`.
fn node(n: &Node, v: usize, u: i64, k: i64) -> AstResult<Node> {
    Ok(match n {
        Node::For(f) => Node::For(For {
            lower: expr(&f.lower, v, u, k)?,
            upper: expr(&f.upper, v, u, k)?,
            body: f.body.iter().map(|b| node(b, v, u, k)).collect::<AstResult<_>>()?,
            ..f.clone()
        }),
        Node::If { cond, then, otherwise, kind } => Node::If {
            cond: cond.iter().map(|c| cond_of(c, v, u, k)).collect::<AstResult<_>>()?,
            then: then.iter().map(|b| node(b, v, u, k)).collect::<AstResult<_>>()?,
            otherwise: otherwise.iter().map(|b| node(b, v, u, k)).collect::<AstResult<_>>()?,
            kind: *kind,
        },
        Node::Stmt { stmt, iter } => Node::Stmt { stmt: *stmt, iter: iter.iter().map(|e| expr(e, v, u, k)).collect::<AstResult<_>>()? },
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

