//! Small exact linear algebra on integer rows: rank and null-space basis,
//! for the scheduler's linear-independence constraints.
//!
//! Running example: the rows found so far for a 3-deep statement are
//! `H = [[1, 0, 0]]` (the `i` loop). `rank(H) = 1 < 3`, so another row is
//! needed; the null space of `H` (vectors orthogonal to every row) has the
//! basis `(0, 1, 0), (0, 0, 1)`, and a new row `c` is independent of `H`
//! exactly when some basis vector `v` has `v · c != 0`.
//!
//! Gauss–Jordan elimination is fraction free in `i128` (rows are divided
//! by their gcd after each step), which is exact for the tiny matrices met
//! here (a handful of rows with coefficients below 10).

use crate::poly::int::gcd128 as gcd;

fn normalize(r: &mut [i128]) {
    let g = r.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        r.iter_mut().for_each(|x| *x /= g);
    }
}

/// Reduced row echelon form over `n` columns: the non-zero rows and the
/// pivot column of each.
fn rref(rows: &[Vec<i64>], n: usize) -> (Vec<Vec<i128>>, Vec<usize>) {
    let mut m: Vec<Vec<i128>> = rows.iter().map(|r| r.iter().take(n).map(|&x| x as i128).collect()).collect();
    let mut pivots = vec![];
    let mut cur = 0;
    for c in 0..n {
        let Some(p) = (cur..m.len()).find(|&r| m[r][c] != 0) else { continue };
        m.swap(cur, p);
        for i in 0..m.len() {
            if i != cur && m[i][c] != 0 {
                let (a, b) = (m[cur][c], m[i][c]);
                let piv = m[cur].clone();
                for (x, y) in m[i].iter_mut().zip(&piv) {
                    *x = *x * a - *y * b;
                }
                normalize(&mut m[i]);
            }
        }
        pivots.push(c);
        cur += 1;
    }
    m.truncate(cur);
    (m, pivots)
}

/// `a · b` over their common length.
pub fn dot(a: &[i64], b: &[i64]) -> i64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Rank of the rows (first `n` entries of each).
pub fn rank(rows: &[Vec<i64>], n: usize) -> usize {
    rref(rows, n).1.len()
}

/// An integer basis of `{ v : r · v = 0 for every row r }` in `Z^n`, each
/// vector scaled so its entries have no common factor and its last
/// non-zero entry is positive.
pub fn nullspace(rows: &[Vec<i64>], n: usize) -> Vec<Vec<i64>> {
    let (m, pivots) = rref(rows, n);
    let mut out = vec![];
    for f in (0..n).filter(|c| !pivots.contains(c)) {
        // v_f = L, v_{pivot r} = -m[r][f] · L / m[r][pivot r].
        let l = m.iter().zip(&pivots).fold(1i128, |l, (r, &p)| l / gcd(l, r[p]) * r[p].abs());
        let mut v = vec![0i128; n];
        v[f] = l;
        for (r, &p) in m.iter().zip(&pivots) {
            v[p] = -r[f] * l / r[p];
        }
        normalize(&mut v);
        if v.iter().rev().find(|&&x| x != 0).is_some_and(|&x| x < 0) {
            v.iter_mut().for_each(|x| *x = -*x);
        }
        out.push(v.into_iter().map(|x| x as i64).collect());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_nullspace() {
        assert_eq!(rank(&[vec![1, 0, 0], vec![2, 0, 0]], 3), 1);
        assert_eq!(nullspace(&[vec![1, 0, 0]], 3), vec![vec![0, 1, 0], vec![0, 0, 1]]);
        let ns = nullspace(&[vec![1, 1]], 2);
        assert_eq!(ns, vec![vec![-1, 1]]);
        assert_eq!(rank(&[vec![1, 1], vec![2, 1]], 2), 2);
        assert!(nullspace(&[vec![1, 1], vec![2, 1]], 2).is_empty());
        let ns = nullspace(&[vec![2, 1, 0], vec![0, 3, 1]], 3);
        assert_eq!(ns.len(), 1);
        assert_eq!(ns[0][0] * 2 + ns[0][1], 0);
        assert_eq!(ns[0][1] * 3 + ns[0][2], 0);
    }
}
