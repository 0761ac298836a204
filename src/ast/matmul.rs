//! Marking the nest of a matmul-like statement (`sched::gemm`) for the
//! BLIS code generator.
//!
//! `sched::gemm::schedule` gives the statement the rows
//! `[1, floor(j / nc), i, j, k]`, so its instances are scanned by
//! `for t1 { for t2 (i) { for t3 (j) { for t4 (k) S(...) } } }`. [`mark`]
//! finds that `t2` loop and, when the three loops span a box or a
//! triangle (the `k` bounds use no loop variable, the `i` bounds at most
//! `t1`, the `j` bounds at most `t1` and `i`: a column panel, of a
//! rectangle or of a domain such as `j <= i`), records the statement and
//! the bounds in `For::matmul`. The nest itself stays, as the plain
//! version every other reader of the AST uses.

use super::{Aff, Ast, Expr, For, Node};
use crate::sched::gemm::{Blocking, Gemm, GemmPlan};
use crate::scop::poly_scop::StmtId;

/// A matmul-like statement's nest: the bounds (inclusive) of its `i`, `j`
/// and `k` coordinates as expressions of the parameters and the enclosing
/// loop variables, and the blocking to emit it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatmulNest {
    pub stmt: StmtId,
    /// The statement and its coordinates (`Gemm::counters`: its counters
    /// from `i`, `j`, `k`).
    pub gemm: Gemm,
    pub lower: [Expr; 3],
    pub upper: [Expr; 3],
    pub blocking: Blocking,
}

impl MatmulNest {
    /// Whether the `j` bounds depend on `i` (a triangular or banded
    /// domain): each row of C then has its own range of columns.
    pub fn rows_vary(&self) -> bool {
        !var_free(&self.lower[1], &[1]) || !var_free(&self.upper[1], &[1])
    }
}

/// The nest of loop `fi` (the loop carrying a [`MatmulNest`]) over the
/// columns `[lo, hi]` instead of its own: the same loops and product with
/// the `j` bounds replaced. `None` when some bound or subscript other than
/// the `j` bounds still uses loop variable `outer` (the column-panel loop
/// whose columns are replaced, if it is not bound), or when `fi` carries
/// no product.
pub fn with_columns(fi: &For, lo: Expr, hi: Expr, outer: Option<usize>) -> Option<For> {
    let m = fi.matmul.as_deref()?;
    let mut out = fi.clone();
    let Some(Node::For(fj)) = out.body.first_mut() else { return None };
    fj.lower = lo.clone();
    fj.upper = hi.clone();
    let [Node::For(fk)] = fj.body.as_slice() else { return None };
    let [Node::Stmt { iter, .. }] = fk.body.as_slice() else { return None };
    let exprs = [&out.lower, &out.upper, &fk.lower, &fk.upper].into_iter().chain(iter);
    if outer.is_some_and(|v| exprs.into_iter().any(|e| e.uses_var(v))) {
        return None;
    }
    let mut nest = m.clone();
    nest.lower[1] = lo;
    nest.upper[1] = hi;
    out.matmul = Some(Box::new(nest));
    Some(out)
}

fn var_free(e: &Expr, allowed: &[usize]) -> bool {
    let aff_ok = |a: &Aff| a.vars.iter().enumerate().all(|(v, &c)| c == 0 || allowed.contains(&v));
    match e {
        Expr::Aff(a) | Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) => aff_ok(a),
        Expr::Min(es) | Expr::Max(es) => es.iter().all(|e| var_free(e, allowed)),
        Expr::Scaled(e, _, _) => var_free(e, allowed),
    }
}

/// Whether `e` is `Σ_r coeffs[r] · t_(2+r)`: a counter of the statement
/// from the loop variables of `i`, `j`, `k` (2, 3, 4).
fn is_combination(e: &Expr, coeffs: &[i64; 3]) -> bool {
    matches!(e, Expr::Aff(a) if a.constant == 0 && a.params.iter().all(|&c| c == 0)
        && a.vars.iter().enumerate().all(|(x, &c)| c == if (2..5).contains(&x) { coeffs[x - 2] } else { 0 }))
}

/// Marks the nest of every matmul-like statement of `plan` in `ast`
/// (built from `sched::gemm::schedule`); false when one of them has
/// another shape.
pub fn mark(ast: &mut Ast, plan: &GemmPlan, blocking: Blocking) -> bool {
    fn walk(nodes: &mut [Node], gemms: &[Gemm], blocking: Blocking, marked: &mut usize) {
        for n in nodes {
            match n {
                Node::For(f) if f.var == 2 => {
                    if let Some(m) = gemms.iter().find_map(|g| nest(f, g, blocking)) {
                        f.matmul = Some(Box::new(m));
                        *marked += 1;
                    } else {
                        walk(&mut f.body, gemms, blocking, marked);
                    }
                }
                Node::For(f) => walk(&mut f.body, gemms, blocking, marked),
                Node::If { then, otherwise, .. } => {
                    walk(then, gemms, blocking, marked);
                    walk(otherwise, gemms, blocking, marked);
                }
                Node::Stmt { .. } => {}
            }
        }
    }
    let mut marked = 0;
    walk(&mut ast.body, &plan.gemms, blocking, &mut marked);
    marked == plan.gemms.len()
}

fn nest(fi: &For, g: &Gemm, blocking: Blocking) -> Option<MatmulNest> {
    let [Node::For(fj)] = fi.body.as_slice() else { return None };
    let [Node::For(fk)] = fj.body.as_slice() else { return None };
    let [Node::Stmt { stmt, iter, .. }] = fk.body.as_slice() else { return None };
    if *stmt != g.stmt || fj.var != 3 || fk.var != 4 || iter.len() != 3 {
        return None;
    }
    if (0..3).any(|x| !is_combination(&iter[x], &g.counters[x])) {
        return None;
    }
    // The k range is the same for every cell: the kernel runs a block of
    // cells over one k block.
    let shaped = [(fi, &[1][..]), (fj, &[1, 2][..]), (fk, &[][..])].iter().all(|(f, allowed)| var_free(&f.lower, allowed) && var_free(&f.upper, allowed));
    if !shaped {
        return None;
    }
    Some(MatmulNest {
        stmt: g.stmt,
        gemm: g.clone(),
        lower: [fi.lower.clone(), fj.lower.clone(), fk.lower.clone()],
        upper: [fi.upper.clone(), fj.upper.clone(), fk.upper.clone()],
        blocking,
    })
}
