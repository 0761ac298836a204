//! Hermite normal form and the integer solutions of a system of equalities.
//!
//! Running example: `E = [2 4]`, i.e. the equality `2x + 4y + f = 0`.
//! Unimodular column operations (swap, negate, add an integer multiple of one
//! column to another) turn `E` into its column-style Hermite normal form
//! `H = E·U = [2 0]`: lower triangular, positive pivots, entries left of a
//! pivot reduced into `[0, pivot)`. Here `U = [[1, -2], [0, 1]]`.
//!
//! With `x = U·y` the system `E x + f = 0` becomes `H y + f = 0`, which is
//! triangular: the pivot variables are fixed one by one (`2 y0 + f = 0`, so
//! `y0 = -f/2` — *integral only when `f` is even*: this is the exact integer
//! test that rationals miss), and the remaining `y`s are free integers. So
//! the integer solutions are the lattice `x = x0 + B z` with `B` the last
//! columns of `U` ([`integer_solutions`]). Because `U` is unimodular, `x` is
//! integral exactly when `z` is.

use super::error::PolyResult;
use super::int;
use super::row::Row;

/// `E·U = H` with `U` unimodular and `U_inv = U^{-1}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hermite {
    /// The Hermite normal form (rows of `E`, `n` columns).
    pub h: Vec<Vec<i64>>,
    /// The unimodular transform (`n × n`).
    pub u: Vec<Vec<i64>>,
    /// Its inverse.
    pub u_inv: Vec<Vec<i64>>,
    /// For each row of `E`, the column of its pivot (`None`: linearly
    /// dependent on earlier rows).
    pub pivots: Vec<Option<usize>>,
    /// Number of pivots.
    pub rank: usize,
}

fn ext_gcd(a: i64, b: i64) -> (i64, i64, i64) {
    // Returns (g, s, t) with s a + t b = g >= 0. No overflow: |s|,|t| <= max(|a|,|b|).
    let (mut r0, mut r1) = (a as i128, b as i128);
    let (mut s0, mut s1) = (1i128, 0i128);
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0.div_euclid(r1);
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if r0 < 0 {
        (r0, s0, t0) = (-r0, -s0, -t0);
    }
    (r0 as i64, s0 as i64, t0 as i64)
}

/// Column operation on `m`: `(col a, col b) <- (p·a + q·b, r·a + s·b)`.
fn col_op(m: &mut [Vec<i64>], a: usize, b: usize, (p, q, r, s): (i64, i64, i64, i64)) -> PolyResult<()> {
    for row in m.iter_mut() {
        let (x, y) = (row[a], row[b]);
        row[a] = int::mul_add(p, x, q, y)?;
        row[b] = int::mul_add(r, x, s, y)?;
    }
    Ok(())
}

/// Row operation on `m`: `(row a, row b) <- (p·a + q·b, r·a + s·b)`.
fn row_op(m: &mut [Vec<i64>], a: usize, b: usize, (p, q, r, s): (i64, i64, i64, i64)) -> PolyResult<()> {
    for k in 0..m[a].len() {
        let (x, y) = (m[a][k], m[b][k]);
        m[a][k] = int::mul_add(p, x, q, y)?;
        m[b][k] = int::mul_add(r, x, s, y)?;
    }
    Ok(())
}

/// Applies the column operation to `H` and `U`, and its inverse (a row
/// operation) to `U_inv` when it is kept (not empty). The 2×2 operation
/// must have determinant 1.
fn apply(hf: &mut Hermite, a: usize, b: usize, op: (i64, i64, i64, i64)) -> PolyResult<()> {
    let (p, q, r, s) = op;
    col_op(&mut hf.h, a, b, op)?;
    col_op(&mut hf.u, a, b, op)?;
    if hf.u_inv.is_empty() {
        return Ok(());
    }
    // Columns: new = old · M with M = [[p, r], [q, s]]; M^{-1} = [[s, -r], [-q, p]].
    row_op(&mut hf.u_inv, a, b, (s, int::neg(r)?, int::neg(q)?, p))
}

/// Column-style Hermite normal form of `e` (each row has `n` entries).
pub fn hermite(e: &[Vec<i64>], n: usize) -> PolyResult<Hermite> {
    hermite_keeping(e, n, true)
}

/// [`hermite`], with `U_inv` only when `inverse` (left empty otherwise:
/// [`integer_solutions`], asked by every integer problem, reads `U` alone,
/// and the inverse's row operations cost as much as `U`'s).
fn hermite_keeping(e: &[Vec<i64>], n: usize, inverse: bool) -> PolyResult<Hermite> {
    let ident: Vec<Vec<i64>> = (0..n).map(|i| (0..n).map(|j| (i == j) as i64).collect()).collect();
    let u_inv = if inverse { ident.clone() } else { vec![] };
    let mut hf = Hermite { h: e.to_vec(), u: ident, u_inv, pivots: vec![], rank: 0 };
    for i in 0..e.len() {
        let p = hf.rank;
        for c in p + 1..n {
            let (a, b) = (hf.h[i][p], hf.h[i][c]);
            if b == 0 {
                continue;
            }
            let (g, s, t) = ext_gcd(a, b);
            // new col p = s·p + t·c ; new col c = (-b/g)·p + (a/g)·c ; det = 1.
            apply(&mut hf, p, c, (s, t, -(b / g), a / g))?;
        }
        if p >= n || hf.h[i][p] == 0 {
            hf.pivots.push(None);
            continue;
        }
        if hf.h[i][p] < 0 {
            // Negation has determinant -1: do it on U and U_inv directly.
            for row in hf.h.iter_mut().chain(hf.u.iter_mut()) {
                row[p] = int::neg(row[p])?;
            }
            for x in hf.u_inv.get_mut(p).into_iter().flatten() {
                *x = int::neg(*x)?;
            }
        }
        let piv = hf.h[i][p];
        for q in 0..p {
            let f = int::floor_div(hf.h[i][q], piv)?;
            if f != 0 {
                // col q <- col q - f·col p, written as an op on (q, p).
                apply(&mut hf, q, p, (1, int::neg(f)?, 0, 1))?;
            }
        }
        hf.pivots.push(Some(p));
        hf.rank += 1;
    }
    Ok(hf)
}

/// The integer solutions of `E x + f = 0` (rows `[E | f]` over `n`
/// variables) as `x = x0 + B z`, `z` ranging over all integer vectors; `None`
/// when there is no integer solution. `B` is given as `n` rows.
pub fn integer_solutions(eqs: &[Row], n: usize) -> PolyResult<Option<(Vec<i64>, Vec<Vec<i64>>)>> {
    let e: Vec<Vec<i64>> = eqs.iter().map(|r| r[..n].to_vec()).collect();
    let hf = hermite_keeping(&e, n, false)?;
    let mut y = vec![0i64; hf.rank];
    for (i, r) in eqs.iter().enumerate() {
        // sum_{q<k} H[i][q] y_q + f_i (+ H[i][p] y_p for a pivot row) = 0.
        let k = hf.pivots[i].unwrap_or(hf.rank);
        let mut acc = r[n] as i128;
        for (q, yq) in y.iter().enumerate().take(k) {
            acc += hf.h[i][q] as i128 * *yq as i128;
        }
        match hf.pivots[i] {
            None if acc != 0 => return Ok(None),
            None => {}
            Some(p) => {
                let piv = hf.h[i][p] as i128;
                if acc % piv != 0 {
                    return Ok(None);
                }
                y[p] = int::narrow(-acc / piv)?;
            }
        }
    }
    let mut x0 = vec![0i64; n];
    for (xi, urow) in x0.iter_mut().zip(&hf.u) {
        let mut acc: i128 = 0;
        for (q, yq) in y.iter().enumerate() {
            acc += urow[q] as i128 * *yq as i128;
        }
        *xi = int::narrow(acc)?;
    }
    let basis = hf.u.iter().map(|urow| urow[hf.rank..].to_vec()).collect();
    Ok(Some((x0, basis)))
}

/// Whether the integer matrix with these columns has full column rank
/// (the affine map it gives is one-to-one). Fraction-free elimination; an
/// overflow answers no. Not
/// `sched::linalg::rank`: that one is for schedule rows with coefficients
/// below 10 and does not check its products, while subscripts carry row
/// lengths up to `scop::affine::COEFF_LIMIT` (2^40).
pub fn one_to_one(mut columns: Vec<Vec<i128>>) -> bool {
    let rows = columns.first().map_or(0, |c| c.len());
    let mut rank = 0;
    for r in 0..rows {
        let Some(p) = (rank..columns.len()).find(|&k| columns[k][r] != 0) else { continue };
        columns.swap(rank, p);
        let pivot = columns[rank].clone();
        for col in columns.iter_mut().skip(rank + 1) {
            let f = col[r];
            for (x, &y) in col.iter_mut().zip(&pivot) {
                match x.checked_mul(pivot[r]).and_then(|a| y.checked_mul(f).and_then(|b| a.checked_sub(b))) {
                    Some(v) => *x = v,
                    None => return false,
                }
            }
        }
        rank += 1;
    }
    rank == columns.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_one_is_full_column_rank() {
        // A[i][j]; A[i*1000 + j] (one-to-one only within bounds, which are
        // not looked at); A[i + j]; x[j] under i (a zero column).
        assert!(one_to_one(vec![vec![1, 0], vec![0, 1]]));
        assert!(!one_to_one(vec![vec![1000], vec![1]]));
        assert!(!one_to_one(vec![vec![1], vec![1]]));
        assert!(!one_to_one(vec![vec![0], vec![1]]));
        assert!(one_to_one(vec![vec![2, 1, 0], vec![1, 0, 1], vec![0, 3, 1]]));
        assert!(!one_to_one(vec![vec![1, 2, 3], vec![2, 4, 6]]));
        // An overflow answers no.
        assert!(!one_to_one(vec![vec![i128::MAX, 3], vec![5, i128::MAX]]));
    }
}
