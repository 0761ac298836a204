//! Checked integer and exact rational arithmetic.
//!
//! Coefficients are `i64`. Every operation is checked and returns
//! `Err(ovf())` rather than wrapping. We additionally refuse to
//! produce `i64::MIN`: excluding it makes `abs` and negation total, so `gcd`
//! and row normalisation never need a failure path.
//!
//! [`Rat`] is a reduced fraction of two `i128`, which gives 64 bits of
//! head-room over the `i64` inputs before an `Overflow` is reported (small
//! exact computations outside the solvers use it; the simplex uses the
//! transprecise [`super::num::Rational`], which never overflows).
//!
//! Example: `floor_div(-7, 2) = -4`, `ceil_div(-7, 2) = -3`,
//! `modulo(-7, 2) = 1`.

use super::error::{PolyError, PolyResult};
use std::cmp::Ordering;
use std::fmt;

/// `PolyError::Overflow`, with a backtrace on standard error when the
/// environment has `TESSERA_TRACE_OVERFLOW` (a debugging aid: which
/// computation overflowed).
#[cold]
#[inline(never)]
pub(crate) fn ovf() -> PolyError {
    super::error::traced(PolyError::Overflow, "TESSERA_TRACE_OVERFLOW")
}

#[inline]
fn chk(v: Option<i64>) -> PolyResult<i64> {
    match v {
        Some(x) if x != i64::MIN => Ok(x),
        _ => Err(ovf()),
    }
}

/// Rejects `i64::MIN`, the one value our arithmetic never produces.
#[inline]
pub fn check(a: i64) -> PolyResult<i64> {
    chk(Some(a))
}

/// `a + b`, checked.
#[inline]
pub fn add(a: i64, b: i64) -> PolyResult<i64> {
    chk(a.checked_add(b))
}

/// `a - b`, checked.
#[inline]
pub fn sub(a: i64, b: i64) -> PolyResult<i64> {
    chk(a.checked_sub(b))
}

/// `a * b`, checked.
#[inline]
pub fn mul(a: i64, b: i64) -> PolyResult<i64> {
    chk(a.checked_mul(b))
}

/// `-a`, checked.
#[inline]
pub fn neg(a: i64) -> PolyResult<i64> {
    chk(a.checked_neg())
}

/// `a * b + c * d`, computed in `i128` and checked once at the end.
#[inline]
pub fn mul_add(a: i64, b: i64, c: i64, d: i64) -> PolyResult<i64> {
    let v = (a as i128) * (b as i128) + (c as i128) * (d as i128);
    narrow(v)
}

/// Narrows an `i128` to `i64`, checked.
#[inline]
pub fn narrow(v: i128) -> PolyResult<i64> {
    if v > i64::MAX as i128 || v <= i64::MIN as i128 {
        Err(ovf())
    } else {
        Ok(v as i64)
    }
}

/// Greatest common divisor, always `>= 0`; `gcd(0, 0) = 0`.
pub fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    debug_assert!(a <= i64::MAX as u64);
    a as i64
}

/// Least common multiple (`>= 0`), checked.
pub fn lcm(a: i64, b: i64) -> PolyResult<i64> {
    if a == 0 || b == 0 {
        return Ok(0);
    }
    mul((a / gcd(a, b)).abs(), b.abs())
}

/// `floor(a / b)` for `b != 0`.
pub fn floor_div(a: i64, b: i64) -> PolyResult<i64> {
    if b == 0 {
        return Err(ovf());
    }
    narrow(floor_i128(a as i128, b as i128))
}

/// `ceil(a / b)` for `b != 0`.
pub fn ceil_div(a: i64, b: i64) -> PolyResult<i64> {
    if b == 0 {
        return Err(ovf());
    }
    narrow(-floor_i128(-(a as i128), b as i128))
}

/// `a mod b` in `[0, |b|)`.
pub fn modulo(a: i64, b: i64) -> PolyResult<i64> {
    if b == 0 {
        return Err(ovf());
    }
    narrow((a as i128).rem_euclid(b as i128))
}

/// `floor(a / b)` on `i128` (`b != 0`, no overflow for our ranges).
pub fn floor_i128(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Greatest common divisor of 128-bit values, always `>= 0`;
/// `gcd128(0, 0) = 0`.
pub fn gcd128(a: i128, b: i128) -> i128 {
    let (a, b) = (a.unsigned_abs(), b.unsigned_abs());
    // Simplex entries are nearly always small: u128 division is a library
    // call, so the 64-bit path makes a pivot several times cheaper.
    if a == 1 || b == 1 {
        return 1;
    }
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        return binary_gcd(x, y) as i128;
    }
    // One wide, one narrow (a row's entries against the gcd so far, which
    // soon is small): one remainder brings both to 64 bits.
    if let Ok(x) = u64::try_from(a) {
        return if x == 0 { b as i128 } else { binary_gcd(x, (b % a) as u64) as i128 };
    }
    if let Ok(y) = u64::try_from(b) {
        return if y == 0 { a as i128 } else { binary_gcd((a % b) as u64, y) as i128 };
    }
    // Wider values (rationals of a simplex over constant loop bounds):
    // Stein's algorithm too, as u128 remainders are library calls.
    binary_gcd128(a, b) as i128
}

/// `a / g` for a divisor `g > 0` of `a`, by 64-bit division when both fit
/// (128-bit division is a slow library call).
#[inline]
pub(crate) fn div_exact(a: i128, g: i128) -> i128 {
    if g == 1 {
        return a;
    }
    match (i64::try_from(a), i64::try_from(g)) {
        (Ok(x), Ok(y)) => (x / y) as i128,
        _ => a / g,
    }
}

/// Stein's algorithm over an unsigned type: shifts and subtractions only.
macro_rules! binary_gcd {
    ($name:ident, $t:ty) => {
        fn $name(mut a: $t, mut b: $t) -> $t {
            if a == 0 || b == 0 {
                return a | b;
            }
            let shift = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shift;
                }
            }
        }
    };
}
binary_gcd!(binary_gcd, u64);
binary_gcd!(binary_gcd128, u128);

fn chk128(v: Option<i128>) -> PolyResult<i128> {
    match v {
        Some(x) if x != i128::MIN => Ok(x),
        _ => Err(ovf()),
    }
}

/// An exact rational `num / den` with `den > 0` and `gcd(num, den) = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rat {
    num: i128,
    den: i128,
}

#[allow(clippy::should_implement_trait)] // fallible: they return PolyResult
impl Rat {
    /// Zero.
    pub const ZERO: Rat = Rat { num: 0, den: 1 };
    /// One.
    pub const ONE: Rat = Rat { num: 1, den: 1 };

    /// An integer as a rational.
    pub fn int(v: i64) -> Rat {
        Rat { num: v as i128, den: 1 }
    }

    /// `num / den`, reduced; `den` must be non-zero.
    pub fn new(num: i128, den: i128) -> PolyResult<Rat> {
        if den == 0 || num == i128::MIN || den == i128::MIN {
            return Err(ovf());
        }
        if den == 1 {
            return Ok(Rat { num, den });
        }
        let g = gcd128(num, den);
        let (mut n, mut d) = (div_exact(num, g), div_exact(den, g));
        if d < 0 {
            n = -n;
            d = -d;
        }
        Ok(Rat { num: n, den: d })
    }

    /// Numerator (sign carrier).
    pub fn num(self) -> i128 {
        self.num
    }

    /// Denominator (`> 0`).
    pub fn den(self) -> i128 {
        self.den
    }

    /// Whether the value is zero.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Whether the value is an integer.
    pub fn is_int(self) -> bool {
        self.den == 1
    }

    /// Sign as -1, 0 or 1.
    pub fn signum(self) -> i32 {
        self.num.signum() as i32
    }

    /// `floor(self)`.
    pub fn floor(self) -> i128 {
        floor_i128(self.num, self.den)
    }

    /// `ceil(self)`.
    pub fn ceil(self) -> i128 {
        -floor_i128(-self.num, self.den)
    }

    /// Checked sum.
    pub fn add(self, o: Rat) -> PolyResult<Rat> {
        if self.den == o.den {
            return Rat::new(chk128(self.num.checked_add(o.num))?, self.den);
        }
        let g = gcd128(self.den, o.den);
        let a = chk128(self.num.checked_mul(div_exact(o.den, g)))?;
        let b = chk128(o.num.checked_mul(div_exact(self.den, g)))?;
        let d = chk128(div_exact(self.den, g).checked_mul(o.den))?;
        Rat::new(chk128(a.checked_add(b))?, d)
    }

    /// Checked product.
    pub fn mul(self, o: Rat) -> PolyResult<Rat> {
        if self.num == 0 || o.num == 0 {
            return Ok(Rat::ZERO);
        }
        // Cross-reduce first so products stay small.
        let g1 = gcd128(self.num, o.den);
        let g2 = gcd128(o.num, self.den);
        let n = chk128(div_exact(self.num, g1).checked_mul(div_exact(o.num, g2)))?;
        let d = chk128(div_exact(self.den, g2).checked_mul(div_exact(o.den, g1)))?;
        Rat::new(n, d)
    }

    /// Negation.
    pub fn neg(self) -> Rat {
        Rat { num: -self.num, den: self.den }
    }

    /// Checked difference.
    pub fn sub(self, o: Rat) -> PolyResult<Rat> {
        self.add(o.neg())
    }

    /// Checked reciprocal (`self != 0`).
    pub fn recip(self) -> PolyResult<Rat> {
        Rat::new(self.den, self.num)
    }

    /// Checked quotient.
    pub fn div(self, o: Rat) -> PolyResult<Rat> {
        self.mul(o.recip()?)
    }
}

impl PartialOrd for Rat {
    fn partial_cmp(&self, o: &Rat) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Rat {
    fn cmp(&self, o: &Rat) -> Ordering {
        // Compare a/b with c/d by sign first, then by cross products in i128
        // when they fit, else by continued-fraction style reduction.
        match (self.num.checked_mul(o.den), o.num.checked_mul(self.den)) {
            (Some(l), Some(r)) => l.cmp(&r),
            _ => {
                let (fa, fb) = (self.floor(), o.floor());
                if fa != fb {
                    return fa.cmp(&fb);
                }
                let ra = Rat { num: self.num - fa * self.den, den: self.den };
                let rb = Rat { num: o.num - fb * o.den, den: o.den };
                match (ra.num == 0, rb.num == 0) {
                    (true, true) => Ordering::Equal,
                    (true, false) => Ordering::Less,
                    (false, true) => Ordering::Greater,
                    // Both fractional parts in (0,1): compare reciprocals reversed.
                    (false, false) => {
                        let ia = Rat { num: ra.den, den: ra.num };
                        let ib = Rat { num: rb.den, den: rb.num };
                        ib.cmp(&ia)
                    }
                }
            }
        }
    }
}

impl fmt::Display for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisions() {
        assert_eq!(floor_div(-7, 2).unwrap(), -4);
        assert_eq!(ceil_div(-7, 2).unwrap(), -3);
        assert_eq!(modulo(-7, 2).unwrap(), 1);
        assert_eq!(floor_div(7, -2).unwrap(), -4);
        assert_eq!(ceil_div(7, -2).unwrap(), -3);
        assert_eq!(floor_div(6, 3).unwrap(), 2);
        assert_eq!(gcd(-12, 18), 6);
        assert_eq!(lcm(4, -6).unwrap(), 12);
    }

    #[test]
    fn overflow_is_reported() {
        assert_eq!(mul(i64::MAX, 2), Err(ovf()));
        assert_eq!(add(i64::MAX, 1), Err(ovf()));
        assert_eq!(neg(i64::MIN), Err(ovf()));
        assert_eq!(sub(-i64::MAX, 1), Err(ovf()));
        assert!(lcm(i64::MAX, i64::MAX - 1).is_err());
    }

    #[test]
    fn rationals() {
        let a = Rat::new(1, 3).unwrap();
        let b = Rat::new(-1, 6).unwrap();
        assert_eq!(a.add(b).unwrap(), Rat::new(1, 6).unwrap());
        assert_eq!(a.mul(b).unwrap(), Rat::new(-1, 18).unwrap());
        assert_eq!(b.floor(), -1);
        assert_eq!(b.ceil(), 0);
        assert!(b < a);
        let big = Rat::new(i128::MAX / 2, 1).unwrap();
        assert!(big.mul(big).is_err());
    }

    #[test]
    fn gcd_fast_paths_agree_with_euclid() {
        fn euclid(a: u128, b: u128) -> u128 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..20_000u32 {
            // Mix small values, shared powers of two and full-width ones.
            let (a, b) = match i % 5 {
                0 => ((next() % 1000) as i128, (next() % 1000) as i128),
                1 => (((next() % 5000) << (next() % 20)) as i128, ((next() % 5000) << (next() % 20)) as i128),
                // A narrow value against a wide one with a common factor.
                2 => {
                    let g = (next() % 10_000) as i128;
                    (g * (next() % 1000) as i128, g * ((next() as i128) << (next() % 60)))
                }
                3 => ((next() as i128) << (next() % 60), if i % 2 == 0 { 0 } else { (next() % 7) as i128 }),
                _ => ((next() as i128) << (next() % 60), -(next() as i128)),
            };
            assert_eq!(gcd128(a, b) as u128, euclid(a.unsigned_abs(), b.unsigned_abs()), "gcd({a}, {b})");
            assert_eq!(gcd128(-a, b) as u128, euclid(a.unsigned_abs(), b.unsigned_abs()));
        }
        assert_eq!(gcd128(0, 0), 0);
        assert_eq!(gcd128(0, -9), 9);
        assert_eq!(gcd128(i128::MAX, 1), 1);
    }
}
