//! Splitting the statements of one level into ordered groups.
//!
//! Running example (level `t1` of a fission): `S0` has `t1 = 0`, `S1` has
//! `t1 = 1`, `S2` has `t1 = 0`. Two items belong to the same group when
//! they can share a value of `t_k` under the same outer values (their sets
//! over `[params | t0..tk]` intersect): `{S0, S2}` and `{S1}`. A group `A`
//! comes before `B` when every point of `A` has a smaller `t_k` than every
//! point of `B` with the same outer values, i.e. when
//! `{ (outer, a, b) : (outer, a) in A, (outer, b) in B, a >= b }` is empty.
//! Here `{S0, S2}` before `{S1}`.
//!
//! When no group precedes all the others (ranges that interleave without
//! intersecting, or an order that flips with the parameters), the
//! remaining groups are merged into one: one loop with guards is always
//! correct, only less separated.

use super::sets::{proven_empty, Work};
use super::AstResult;
use crate::poly::row::Row;
use crate::poly::BasicSet;

/// Groups of indices into `sets` (each over `[params | t0..tk]`), in
/// execution order.
pub fn order_groups(sets: &[BasicSet], np: usize, k: usize, w: &mut Work) -> AstResult<Vec<Vec<usize>>> {
    let n = sets.len();
    // Union-find over "may share a value of t_k".
    let mut comp: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            if comp[i] != comp[j] && !proven_empty(&sets[i].intersect(&sets[j])?, w)? {
                let (from, to) = (comp[j], comp[i]);
                comp.iter_mut().filter(|c| **c == from).for_each(|c| *c = to);
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = vec![];
    for i in 0..n {
        match groups.iter_mut().find(|g| comp[g[0]] == comp[i]) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    if groups.len() <= 1 {
        return Ok(groups);
    }
    let g = groups.len();
    let mut before = vec![vec![false; g]; g];
    for a in 0..g {
        for b in 0..g {
            if a != b {
                before[a][b] = group_before(&groups[a], &groups[b], sets, np, k, w)?;
            }
        }
    }
    let mut left: Vec<usize> = (0..g).collect();
    let mut out = vec![];
    while !left.is_empty() {
        let first = left.iter().position(|&a| left.iter().all(|&b| a == b || before[a][b]));
        match first {
            Some(p) => out.push(std::mem::take(&mut groups[left.remove(p)])),
            None => {
                let mut merged: Vec<usize> = left.iter().flat_map(|&a| groups[a].clone()).collect();
                merged.sort_unstable();
                out.push(merged);
                left.clear();
            }
        }
    }
    Ok(out)
}

fn group_before(a: &[usize], b: &[usize], sets: &[BasicSet], np: usize, k: usize, w: &mut Work) -> AstResult<bool> {
    for &i in a {
        for &j in b {
            if !before(&sets[i], &sets[j], np, k, w)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Whether every point of `a` has a smaller `t_k` than every point of `b`
/// with the same `params, t0..t{k-1}`.
fn before(a: &BasicSet, b: &BasicSet, np: usize, k: usize, w: &mut Work) -> AstResult<bool> {
    if a.n_local() > 0 || b.n_local() > 0 {
        return Ok(false);
    }
    let outer = np + k;
    // Columns of the pair set: [params | t0..t{k-1} | ta | tb | const].
    let from_a = |r: &Row| -> Row {
        let mut v = r[..=outer].to_vec();
        v.push(0);
        v.push(r[r.len() - 1]);
        v
    };
    let from_b = |r: &Row| -> Row {
        let mut v = r[..outer].to_vec();
        v.push(0);
        v.push(r[outer]);
        v.push(r[r.len() - 1]);
        v
    };
    let mut eqs: Vec<Row> = a.eqs().iter().map(from_a).collect();
    eqs.extend(b.eqs().iter().map(from_b));
    let mut ineqs: Vec<Row> = a.ineqs().iter().map(from_a).collect();
    ineqs.extend(b.ineqs().iter().map(from_b));
    // ta - tb >= 0: a point of `a` not strictly before one of `b`.
    let mut v = vec![0; outer + 3];
    v[outer] = 1;
    v[outer + 1] = -1;
    ineqs.push(v);
    let space = super::sets::tspace(&a.space().params, k + 2);
    let pair = BasicSet::from_constraints(space, eqs, ineqs)?;
    proven_empty(&pair, w)
}
