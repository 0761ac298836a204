//! Peeling the first or last iteration of a loop whose body holds a guard
//! true only there.
//!
//! A statement fused into a loop at one end of its range (the `out[i][j] =
//! 0` of a convolution placed at the first iteration of the filter loop)
//! comes out as
//!
//! ```text
//! for (t2 = 0; t2 <= w - 1; t2++) {       for (t2 = 0; t2 <= min(w - 1, 0); t2++) {
//!   if (t2 == 0)                             S0(t0, t1);
//!     S0(t0, t1);                 ==>        S1(t0, t1, t2);
//!   S1(t0, t1, t2);                        }
//! }                                        for (t2 = 1; t2 <= w - 1; t2++)
//!                                            S1(t0, t1, t2);
//! ```
//!
//! The guard is tested at every iteration of the loop otherwise, which costs
//! the short inner loops of such kernels a branch and a compare each. The
//! two loops run the same instances in the same order: the first holds the
//! one iteration where the guard is true (a loop of at most one iteration,
//! so that an empty range stays empty), the second the others, where it is
//! false. Only guards that are direct children of the loop's body are
//! looked at, and bodies are copied only when small.

use super::expr::{Aff, Cond, Expr};
use super::{AstResult, For, IfKind, Node};

/// Bodies with more nodes than this are not copied.
const MAX_BODY_NODES: usize = 48;

/// Which end of a loop's range is peeled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    First,
    Last,
}

/// Peels, in `nodes` and everything below them, every loop whose body has
/// a guard `t == lower` (or `t == upper`) among its direct children.
pub fn peel(nodes: Vec<Node>) -> AstResult<Vec<Node>> {
    let mut out = Vec::with_capacity(nodes.len());
    for n in nodes {
        match n {
            Node::For(mut f) => {
                f.body = peel(std::mem::take(&mut f.body))?;
                out.extend(peel_loop(f, 2)?);
            }
            Node::If { cond, then, otherwise, kind } => out.push(Node::If { cond, then: peel(then)?, otherwise: peel(otherwise)?, kind }),
            s @ Node::Stmt { .. } => out.push(s),
        }
    }
    Ok(out)
}

/// `f` with up to `ends` of its ends peeled.
fn peel_loop(f: For, ends: usize) -> AstResult<Vec<Node>> {
    if ends == 0 || f.wavefront || count_nodes(&f.body) > MAX_BODY_NODES {
        return Ok(vec![Node::For(f)]);
    }
    for end in [End::First, End::Last] {
        let Expr::Aff(at) = (match end {
            End::First => &f.lower,
            End::Last => &f.upper,
        }) else {
            continue;
        };
        let at = at.clone();
        let fixed = equality(f.var, &at)?;
        if !f.body.iter().any(|n| guard_has(n, &fixed)) {
            continue;
        }
        let one = Expr::Aff(at.clone());
        let single = For {
            lower: if end == End::First { one.clone() } else { extremum(&f.lower, one.clone(), false) },
            upper: if end == End::First { extremum(&f.upper, one, true) } else { one },
            body: f.body.iter().cloned().flat_map(|n| assume(n, &fixed, true)).collect(),
            parallel: false,
            parallel_if_reduction: false,
            vectorizable: false,
            runs_once: true,
            wavefront: false,
            ..f.clone()
        };
        let next = Aff { constant: at.constant + if end == End::First { 1 } else { -1 }, ..at };
        let rest = For {
            lower: if end == End::First { Expr::Aff(next.clone()) } else { f.lower.clone() },
            upper: if end == End::First { f.upper.clone() } else { Expr::Aff(next) },
            body: f.body.iter().cloned().flat_map(|n| assume(n, &fixed, false)).collect(),
            ..f
        };
        let mut out = vec![];
        if end == End::First {
            out.push(Node::For(single));
            out.extend(peel_loop(rest, ends - 1)?);
        } else {
            out.extend(peel_loop(rest, ends - 1)?);
            out.push(Node::For(single));
        }
        return Ok(out);
    }
    Ok(vec![Node::For(f)])
}

/// `t_var - at` (the guard `t_var == at` is `Cond::Eq` of it or of its
/// negation).
fn equality(var: usize, at: &Aff) -> AstResult<Aff> {
    let mut t = Aff::zero(at.params.len(), at.vars.len());
    t.vars[var] = 1;
    t.add_scaled(-1, at)
}

fn is_fixed(c: &Cond, fixed: &Aff) -> AstResult<bool> {
    Ok(match c {
        Cond::Eq(a) => a == fixed || *a == fixed.neg()?,
        _ => false,
    })
}

/// Whether `n` is a guard with the condition `fixed == 0` (with or
/// without an `else`: separation's `if (t == 0) { all } else { others }`).
fn guard_has(n: &Node, fixed: &Aff) -> bool {
    match n {
        Node::If { cond, kind: IfKind::Guard, .. } => cond.iter().any(|c| is_fixed(c, fixed).unwrap_or(false)),
        _ => false,
    }
}

/// `n` where `fixed == 0` is known to be `holds`: a guard testing it loses
/// that condition (and becomes its `then` when nothing else is left), or
/// becomes its `else`.
fn assume(n: Node, fixed: &Aff, holds: bool) -> Vec<Node> {
    match n {
        Node::If { cond, then, otherwise, kind: IfKind::Guard } if cond.iter().any(|c| is_fixed(c, fixed).unwrap_or(false)) => {
            let cond: Vec<Cond> = cond.into_iter().filter(|c| !is_fixed(c, fixed).unwrap_or(false)).collect();
            match (holds, cond.is_empty()) {
                (false, _) => otherwise,
                (true, true) => then,
                (true, false) => vec![Node::If { cond, then, otherwise, kind: IfKind::Guard }],
            }
        }
        n => vec![n],
    }
}

/// `min(e, a)` (`is_min`) or `max(e, a)`, flattening a list `e` already is.
fn extremum(e: &Expr, a: Expr, is_min: bool) -> Expr {
    let mut terms = match (e, is_min) {
        (Expr::Min(v), true) | (Expr::Max(v), false) => v.clone(),
        _ => vec![e.clone()],
    };
    terms.push(a);
    if is_min {
        Expr::Min(terms)
    } else {
        Expr::Max(terms)
    }
}

fn count_nodes(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| {
            1 + match n {
                Node::For(f) => count_nodes(&f.body),
                Node::If { then, otherwise, .. } => count_nodes(then) + count_nodes(otherwise),
                Node::Stmt { .. } => 0,
            }
        })
        .sum()
}
