//! Affine constraint rows: `[c_0, ..., c_{n-1}, k]` meaning
//! `c·x + k >= 0` (inequality) or `c·x + k = 0` (equality).
//!
//! The constant is always the *last* entry. Helpers here normalise rows
//! (divide by the gcd of the coefficients) and combine them with checked
//! arithmetic. Normalising an inequality also *tightens* it over the
//! integers: `2x - 3 >= 0` becomes `x - 2 >= 0` because `x >= 3/2` and `x`
//! is an integer — this is what makes `{ x : 2x = 1 }`-like thin sets
//! rationally empty after normalisation.

use super::error::PolyResult;
use super::int;

/// One affine constraint row (coefficients, then the constant).
pub type Row = Vec<i64>;

/// `ca * a + cb * b`, checked.
pub fn combine(a: &[i64], ca: i64, b: &[i64], cb: i64) -> PolyResult<Row> {
    debug_assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(&x, &y)| int::mul_add(ca, x, cb, y)).collect()
}

/// `c * a`, checked.
pub fn scale(a: &[i64], c: i64) -> PolyResult<Row> {
    a.iter().map(|&x| int::mul(x, c)).collect()
}

/// `-a`, checked.
pub fn negate(a: &[i64]) -> PolyResult<Row> {
    a.iter().map(|&x| int::neg(x)).collect()
}

/// gcd of the coefficients (not the constant).
pub fn coeff_gcd(r: &[i64]) -> i64 {
    r[..r.len() - 1].iter().fold(0, |g, &x| int::gcd(g, x))
}

/// Whether all coefficients are zero.
pub fn is_const(r: &[i64]) -> bool {
    r[..r.len() - 1].iter().all(|&x| x == 0)
}

/// Divides an inequality by the gcd of its coefficients, rounding the
/// constant down (integer tightening).
pub fn normalize_ineq(r: &mut [i64]) -> PolyResult<()> {
    let g = coeff_gcd(r);
    if g > 1 {
        let n = r.len();
        for x in &mut r[..n - 1] {
            *x /= g;
        }
        r[n - 1] = int::floor_div(r[n - 1], g)?;
    }
    Ok(())
}

/// Divides an equality by the gcd of its coefficients and makes its first
/// non-zero coefficient positive. Returns `false` when the equality has no
/// integer solution (gcd does not divide the constant, or `0 = k != 0`).
pub fn normalize_eq(r: &mut [i64]) -> bool {
    let n = r.len();
    let g = coeff_gcd(r);
    if g == 0 {
        return r[n - 1] == 0;
    }
    if r[n - 1] % g != 0 {
        return false;
    }
    let sign = if r[..n - 1].iter().find(|&&x| x != 0).is_some_and(|&x| x < 0) { -1 } else { 1 };
    for x in r.iter_mut() {
        *x = *x / g * sign;
    }
    true
}

/// Value of the row at `point` (one value per coefficient).
pub fn eval(r: &[i64], point: &[i64]) -> PolyResult<i64> {
    debug_assert_eq!(r.len(), point.len() + 1);
    let mut acc: i128 = r[r.len() - 1] as i128;
    for (&c, &x) in r.iter().zip(point) {
        acc = acc.checked_add((c as i128) * (x as i128)).ok_or_else(super::int::ovf)?;
    }
    int::narrow(acc)
}

/// Moves the coefficients of `r` to new positions: old column `i` goes to
/// `map[i]` of a row of `new_len` coefficients (plus the constant). Columns
/// mapped to `None` must have a zero coefficient.
pub fn remap(r: &[i64], map: &[Option<usize>], new_len: usize) -> Row {
    debug_assert_eq!(map.len() + 1, r.len());
    let mut out = vec![0; new_len + 1];
    for (i, m) in map.iter().enumerate() {
        match m {
            Some(j) => out[*j] = r[i],
            None => debug_assert_eq!(r[i], 0, "dropping a used column"),
        }
    }
    out[new_len] = r[r.len() - 1];
    out
}

/// Checks that no entry is `i64::MIN` (see `int`).
pub fn check(r: &[i64]) -> PolyResult<()> {
    for &x in r {
        int::check(x)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tighten() {
        let mut r = vec![2, -4, -3];
        normalize_ineq(&mut r).unwrap();
        assert_eq!(r, vec![1, -2, -2]);
        let mut e = vec![-2, 4, 2];
        assert!(normalize_eq(&mut e));
        assert_eq!(e, vec![1, -2, -1]);
        let mut bad = vec![2, -2, 1];
        assert!(!normalize_eq(&mut bad));
    }
}
