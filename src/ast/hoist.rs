//! The nodes both branches of a guard begin or end with, moved out of it.
//!
//! The scanner splits a loop's body on the conditions its statements need
//! and emits each side whole: in a triangular product's row,
//! `temp = A[j][j] * B[i][j]` runs for every `j` and the inner loop's
//! set-up only while `j < n - 1`, so the body became
//! `if (j < n - 1) { S0; S1; } else { S0; }`. The copy is code for LLVM
//! to compile, and a statement in two branches keeps the loop around it
//! from being jammed around its reduction (`reduction_jam`: each row's
//! scalars must be written in one place). Moved out, the body is
//! `S0; if (j < n - 1) S1;`.
//!
//! Always legal here: a guard's conditions are affine in the loop counters
//! and the parameters, which no statement writes, so evaluating them after
//! the common prefix gives the same branch, and each path runs the same
//! nodes in the same order as before. Only guards: a full-tile split's
//! branches are different code on purpose.

use super::{IfKind, Node};

/// `nodes` with every guard's common prefix moved before it and its
/// common suffix after it (inner guards first); a guard left with two
/// empty branches is dropped.
pub fn hoist_common(nodes: Vec<Node>) -> Vec<Node> {
    let mut out = Vec::with_capacity(nodes.len());
    for n in nodes {
        match n {
            Node::For(mut f) => {
                f.body = hoist_common(std::mem::take(&mut f.body));
                out.push(Node::For(f));
            }
            Node::If { cond, then, otherwise, kind } => {
                let (then, otherwise) = (hoist_common(then), hoist_common(otherwise));
                if kind != IfKind::Guard || otherwise.is_empty() {
                    out.push(Node::If { cond, then, otherwise, kind });
                    continue;
                }
                let (prefix, then, otherwise, suffix) = split_common(then, otherwise);
                out.extend(prefix);
                if !then.is_empty() || !otherwise.is_empty() {
                    out.push(Node::If { cond, then, otherwise, kind });
                }
                out.extend(suffix);
            }
            stmt => out.push(stmt),
        }
    }
    out
}

/// The longest common prefix of `a` and `b`, what is left of each between,
/// and the longest common suffix of those rests.
fn split_common(mut a: Vec<Node>, mut b: Vec<Node>) -> (Vec<Node>, Vec<Node>, Vec<Node>, Vec<Node>) {
    let front = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let prefix: Vec<Node> = a.drain(..front).collect();
    b.drain(..front);
    let back = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    let suffix = a.split_off(a.len() - back);
    b.truncate(b.len() - back);
    (prefix, a, b, suffix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Aff, Cond};
    use crate::scop::poly_scop::StmtId;

    fn stmt(s: usize) -> Node {
        Node::Stmt { stmt: StmtId::at(s), iter: vec![], copy: 0 }
    }

    fn guard(then: Vec<Node>, otherwise: Vec<Node>, kind: IfKind) -> Node {
        let mut a = Aff::zero(1, 1);
        a.vars[0] = 1;
        Node::If { cond: vec![Cond::Ge(a)], then, otherwise, kind }
    }

    #[test]
    fn common_statements_leave_the_guard() {
        let tree = vec![guard(vec![stmt(0), stmt(1), stmt(3)], vec![stmt(0), stmt(3)], IfKind::Guard)];
        assert_eq!(hoist_common(tree), vec![stmt(0), guard(vec![stmt(1)], vec![], IfKind::Guard), stmt(3)]);
    }

    #[test]
    fn identical_branches_drop_the_guard() {
        let tree = vec![guard(vec![stmt(0), stmt(1)], vec![stmt(0), stmt(1)], IfKind::Guard)];
        assert_eq!(hoist_common(tree), vec![stmt(0), stmt(1)]);
    }

    #[test]
    fn order_differences_and_full_tile_splits_stay() {
        // Same statements in another order: nothing in common at the ends
        // but what really is.
        let tree = vec![guard(vec![stmt(0), stmt(1)], vec![stmt(1), stmt(0)], IfKind::Guard)];
        assert_eq!(hoist_common(tree.clone()), tree);
        let tiles = vec![guard(vec![stmt(0), stmt(1)], vec![stmt(0)], IfKind::FullTile)];
        assert_eq!(hoist_common(tiles.clone()), tiles);
    }

    #[test]
    fn inner_guards_first() {
        // The inner guard's hoisting makes the outer branches equal.
        let inner = guard(vec![stmt(2), stmt(1)], vec![stmt(2)], IfKind::Guard);
        let tree = vec![guard(vec![inner, stmt(4)], vec![stmt(2), guard(vec![stmt(1)], vec![], IfKind::Guard), stmt(4)], IfKind::Guard)];
        assert_eq!(hoist_common(tree), vec![stmt(2), guard(vec![stmt(1)], vec![], IfKind::Guard), stmt(4)]);
    }
}
