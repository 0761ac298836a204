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
//!
//! Most levels are sequences: each item fixes `t_k` to a constant (the
//! schedule's position of a statement among its siblings). Two items at
//! different constants never share a value, and the one at the smaller
//! constant comes first; both answers are read off the constants, and
//! "comes before" is asked only of the groups still to place, first
//! candidate first. A loop LLVM had fully unrolled (44 statements in one
//! row of a convolution) spent 1.4e8 work units here on pairs whose
//! answer the constants give.

use super::sets::{proven_empty, Work};
use super::AstResult;
use crate::poly::row::Row;
use crate::poly::BasicSet;

/// Groups of indices into `sets` (each over `[params | t0..tk]`), in
/// execution order.
pub fn order_groups(sets: &[BasicSet], np: usize, k: usize, w: &mut Work) -> AstResult<Vec<Vec<usize>>> {
    let n = sets.len();
    let fixed: Vec<Option<i64>> = sets.iter().map(|s| fixed_value(s, np + k)).collect();
    let apart = |i: usize, j: usize| matches!((fixed[i], fixed[j]), (Some(a), Some(b)) if a != b);
    // Union-find over "may share a value of t_k".
    let mut comp: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            if comp[i] != comp[j] && !apart(i, j) && !proven_empty(&sets[i].intersect(&sets[j])?, w)? {
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
    // "Group a comes before group b", asked when needed and kept.
    let mut before: Vec<Vec<Option<bool>>> = vec![vec![None; g]; g];
    let mut left: Vec<usize> = (0..g).collect();
    let mut out = vec![];
    while !left.is_empty() {
        let mut first = None;
        'candidates: for (p, &a) in left.iter().enumerate() {
            for &b in left.iter().filter(|&&b| b != a) {
                let known = match before[a][b] {
                    Some(x) => x,
                    None => {
                        let x = group_before(&groups[a], &groups[b], sets, &fixed, np, k, w)?;
                        before[a][b] = Some(x);
                        x
                    }
                };
                if !known {
                    continue 'candidates;
                }
            }
            first = Some(p);
            break;
        }
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

fn group_before(a: &[usize], b: &[usize], sets: &[BasicSet], fixed: &[Option<i64>], np: usize, k: usize, w: &mut Work) -> AstResult<bool> {
    for &i in a {
        for &j in b {
            // At constants, the smaller one first (and with no pair of
            // points at the same outer values, first anyway).
            if matches!((fixed[i], fixed[j]), (Some(x), Some(y)) if x < y) {
                continue;
            }
            if !before(&sets[i], &sets[j], np, k, w)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The value of column `col` when one of `set`'s equalities fixes it alone.
fn fixed_value(set: &BasicSet, col: usize) -> Option<i64> {
    set.eqs().iter().find_map(|r| {
        let (c, konst) = (*r.get(col)?, *r.last()?);
        let alone = r[..r.len() - 1].iter().enumerate().all(|(i, &v)| i == col || v == 0);
        if c == 0 || !alone || konst.checked_rem(c)? != 0 {
            return None;
        }
        konst.checked_div(c)?.checked_neg()
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: the same cases on every run.
    struct Rng(u64);
    impl Rng {
        fn new(seed: u64) -> Rng {
            Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
        }
        fn range(&mut self, lo: i64, hi: i64) -> i64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (self.0 % (hi - lo + 1) as u64) as i64
        }
    }

    /// Items at constant values of `t1` (some equal, some with outer
    /// ranges of `t0` that do not meet): grouped and ordered as when the
    /// same constants are written as two inequalities (which the
    /// shortcut does not read), with fewer queries.
    #[test]
    fn constants_order_groups_as_the_general_test_does() {
        let mut rng = Rng::new(7);
        let space = super::super::sets::tspace(&[], 2);
        for case in 0..300 {
            let n = rng.range(2, 9) as usize;
            let (mut fixed, mut loose) = (vec![], vec![]);
            for _ in 0..n {
                let c = rng.range(0, 4);
                let lo = rng.range(0, 6);
                let hi = lo + rng.range(-1, 4);
                let outer = vec![vec![1, 0, -lo], vec![-1, 0, hi]];
                fixed.push(BasicSet::from_constraints(space.clone(), vec![vec![0, 1, -c]], outer.clone()).unwrap());
                let mut both = outer;
                both.extend([vec![0, 1, -c], vec![0, -1, c]]);
                loose.push(BasicSet::from_constraints(space.clone(), vec![], both).unwrap());
            }
            let (mut wf, mut wl) = (Work::new(1_000_000), Work::new(1_000_000));
            let got = order_groups(&fixed, 0, 1, &mut wf).unwrap();
            let want = order_groups(&loose, 0, 1, &mut wl).unwrap();
            assert_eq!(got, want, "case {case}: {fixed:?}");
            assert!(wf.left >= wl.left, "case {case}: the shortcut asked more");
        }
    }
}
