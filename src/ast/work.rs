//! Bounds of a loop tree's work where its trip counts are constants: at
//! most how many statement instances one run of a loop has, for any
//! values of the loops around it (interval arithmetic over the loops'
//! bounds). The code generator and the code-size model ask it which
//! parallel loops can never have the work a fork on threads needs.

use super::{Aff, Expr, For, Node};
use std::collections::BTreeSet;

/// The identity of a loop of a tree, for the sets of loops below: its
/// address (the tree is borrowed, unchanged, while they are used).
pub fn identity(f: &For) -> usize {
    f as *const For as usize
}

/// Inclusive bounds of an integer value, `None` where unknown.
type Range = Option<(i128, i128)>;

/// `m·[lo, hi] + c`, `None` on overflow.
fn scaled(lo: i128, hi: i128, m: i128, c: i128) -> Range {
    let (a, b) = (lo.checked_mul(m)?.checked_add(c)?, hi.checked_mul(m)?.checked_add(c)?);
    Some((a.min(b), a.max(b)))
}

/// The range of `e` when each loop variable lies in `vars` (unknown for a
/// parameter, and where the arithmetic would overflow: only constant-size
/// nests are decided, and an unknown loop is never taken for a small one).
fn expr_range(e: &Expr, vars: &[Range]) -> Range {
    let aff = |a: &Aff| -> Range {
        if a.params.iter().any(|&c| c != 0) {
            return None;
        }
        let (mut lo, mut hi) = (a.constant as i128, a.constant as i128);
        for (k, &c) in a.vars.iter().enumerate().filter(|(_, c)| **c != 0) {
            let (vlo, vhi) = vars.get(k).copied().flatten()?;
            let (x, y) = scaled(vlo, vhi, c as i128, 0)?;
            lo = lo.checked_add(x)?;
            hi = hi.checked_add(y)?;
        }
        Some((lo, hi))
    };
    match e {
        Expr::Aff(a) => aff(a),
        Expr::FloorDiv(a, d) => aff(a).map(|(lo, hi)| (lo.div_euclid(*d as i128), hi.div_euclid(*d as i128))),
        Expr::CeilDiv(a, d) => aff(a).map(|(lo, hi)| (-(-lo).div_euclid(*d as i128), -(-hi).div_euclid(*d as i128))),
        Expr::Min(es) | Expr::Max(es) => {
            let rs = es.iter().map(|x| expr_range(x, vars)).collect::<Option<Vec<(i128, i128)>>>()?;
            let (los, his) = (rs.iter().map(|r| r.0), rs.iter().map(|r| r.1));
            if matches!(e, Expr::Min(_)) {
                Some((los.min()?, his.min()?))
            } else {
                Some((los.max()?, his.max()?))
            }
        }
        Expr::Scaled(x, m, c) => {
            let (lo, hi) = expr_range(x, vars)?;
            scaled(lo, hi, *m as i128, *c as i128)
        }
    }
}

/// The range of loop `f`'s counter, with the loops around it in `vars`.
fn counter_range(f: &For, vars: &[Range]) -> Range {
    Some((expr_range(&f.lower, vars)?.0, expr_range(&f.upper, vars)?.1))
}

/// At most how many statement instances one run of `nodes` has, with the
/// loop variables in `vars` (`None`: unknown); saturating. An upper bound
/// of the run-time estimate a fork is decided on (`work_of`).
fn max_work(nodes: &[Node], vars: &mut Vec<Range>) -> Option<u128> {
    let mut total: u128 = 0;
    for n in nodes {
        let w = match n {
            Node::Stmt { .. } => 1,
            Node::If { then, otherwise, .. } => max_work(then, vars)?.saturating_add(max_work(otherwise, vars)?),
            Node::For(f) => {
                let (lo, hi) = counter_range(f, vars)?;
                let span = hi.checked_sub(lo)?.checked_add(1)?.max(0) as u128;
                let body = with_var(vars, f.var, Some((lo, hi)), |vars| max_work(&f.body, vars))?;
                span.saturating_mul(body)
            }
        };
        total = total.saturating_add(w);
    }
    Some(total)
}

/// Runs `k` with loop variable `var` in `range`.
fn with_var<T>(vars: &mut Vec<Range>, var: usize, range: Range, k: impl FnOnce(&mut Vec<Range>) -> T) -> T {
    if vars.len() <= var {
        vars.resize(var + 1, None);
    }
    let saved = std::mem::replace(&mut vars[var], range);
    let r = k(vars);
    vars[var] = saved;
    r
}

/// The parallel loops under `nodes` ([`identity`]) whose every run has
/// fewer statement instances than `min_work` (code generation's run-time
/// test of a fork: `cost::profit::MIN_FORK_WORK`), for any values of the
/// loops around them: with constant sizes, a
/// loop under sequential ones whose trip counts never add up to a fork's
/// worth (Levinson-Durbin's inner loops, at most n - 1 < 2^16 iterations;
/// the row loop of Gram-Schmidt's column tiles, 700 rows by 8 columns).
/// Emitted as workers, they never forked: LLVM deleted the worker where it
/// could prove it (yet the remark said the loops ran on threads), else it
/// stayed as dead code.
pub fn never_enough(nodes: &[Node], min_work: u128) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    collect(nodes, min_work, &mut vec![], &mut out);
    out
}

fn collect(nodes: &[Node], min_work: u128, vars: &mut Vec<Range>, out: &mut BTreeSet<usize>) {
    for n in nodes {
        match n {
            Node::Stmt { .. } => {}
            Node::If { then, otherwise, .. } => {
                collect(then, min_work, vars, out);
                collect(otherwise, min_work, vars, out);
            }
            Node::For(f) => {
                if f.threadable() && max_work(std::slice::from_ref(n), vars).is_some_and(|w| w < min_work) {
                    out.insert(identity(f));
                }
                let range = counter_range(f, vars);
                with_var(vars, f.var, range, |vars| collect(&f.body, min_work, vars, out));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::LoopRole;

    /// `c0 + c·t_k` over two loop variables and one parameter (its
    /// coefficient `p`).
    fn aff(c0: i64, k: usize, c: i64, p: i64) -> Expr {
        let mut a = Aff::zero(1, 2);
        a.constant = c0;
        a.vars[k] = c;
        a.params[0] = p;
        Expr::Aff(a)
    }

    fn for_(var: usize, lower: Expr, upper: Expr, parallel: bool, body: Vec<Node>) -> For {
        For { var, lower, upper, body, parallel, parallel_if_reduction: false, vectorizable: false, runs_once: false, wavefront: false, role: LoopRole::Plain, matmul: None, copies: 0, private: vec![], promoted: vec![] }
    }

    fn stmt() -> Node {
        Node::Stmt { stmt: crate::scop::poly_scop::StmtId(0), iter: vec![], copy: 0 }
    }

    /// `for t0 in [1, last] { parallel for t1 in [0, t0 - 1] { S; S } }`.
    fn triangle(last: Expr) -> Vec<Node> {
        let inner = for_(1, aff(0, 0, 0, 0), aff(-1, 0, 1, 0), true, vec![stmt(), stmt()]);
        vec![Node::For(for_(0, aff(1, 0, 0, 0), last, false, vec![Node::For(inner)]))]
    }

    fn inner(tree: &[Node]) -> &For {
        let Node::For(outer) = &tree[0] else { panic!("a loop") };
        let Node::For(inner) = &outer.body[0] else { panic!("a loop") };
        inner
    }

    #[test]
    fn a_loop_whose_runs_never_reach_the_work_is_found() {
        // At most 2 * 15999 instances per run of the inner loop.
        let small = triangle(aff(15999, 0, 0, 0));
        assert_eq!(never_enough(&small, 1 << 16), BTreeSet::from([identity(inner(&small))]));
        // 2 * 39999 >= 2^16 in its last runs: it may fork.
        let large = triangle(aff(39999, 0, 0, 0));
        assert!(never_enough(&large, 1 << 16).is_empty());
    }

    #[test]
    fn a_parameter_in_a_bound_decides_nothing() {
        let sized = triangle(aff(-1, 0, 0, 1));
        assert!(never_enough(&sized, 1 << 16).is_empty());
    }

    #[test]
    fn an_overflowing_bound_is_unknown() {
        let vars = [Some((0, i128::MAX / 2)), None];
        assert_eq!(expr_range(&aff(0, 0, 4, 0), &vars), None);
        assert_eq!(expr_range(&aff(0, 0, 1, 0), &vars), Some((0, i128::MAX / 2)));
    }

    #[test]
    fn bounds_of_min_max_and_divisions() {
        let vars = [Some((0, 10)), Some((-4, 4))];
        let min = Expr::Min(vec![aff(3, 0, 1, 0), aff(0, 1, 2, 0)]);
        assert_eq!(expr_range(&min, &vars), Some((-8, 8)));
        let max = Expr::Max(vec![aff(3, 0, 1, 0), aff(0, 1, -2, 0)]);
        assert_eq!(expr_range(&max, &vars), Some((3, 13)));
        let mut a = Aff::zero(1, 2);
        a.vars[1] = 1;
        assert_eq!(expr_range(&Expr::FloorDiv(a.clone(), 3), &vars), Some((-2, 1)));
        assert_eq!(expr_range(&Expr::CeilDiv(a, 3), &vars), Some((-1, 2)));
    }
}
