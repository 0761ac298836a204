//! Transprecise integers and rationals: machine words while the values fit,
//! arbitrary precision when they do not.
//!
//! The exact solvers (simplex, branch and bound) multiply and add the
//! coefficients of the problem over and over. With constant loop bounds
//! (`#define N 1200`) the products of a few bounds already exceed 64 bits,
//! and a fixed width can only give up (`Overflow`). Like MLIR's Presburger
//! library (`DynamicAPInt`), [`Int`] and [`Rational`] hold a machine integer
//! in the common case and switch to a heap-allocated big integer
//! ([`num_bigint::BigInt`]) only for the operation whose result does not fit,
//! so they never overflow and small problems keep their speed.
//!
//! Both types are *canonical*: a value that fits the small representation is
//! always stored small (a rational also always reduced, with a positive
//! denominator), so the derived `PartialEq`/`Hash` compare values.
//!
//! Example: `Int::from(i64::MAX).add(&Int::from(1))` is `2^63`, held big;
//! subtracting one gives `i64::MAX` back, held small.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use super::int::div_exact;
use std::cmp::Ordering;
use std::fmt;

/// An exact integer of any size: `i128` fast path, [`BigInt`] otherwise.
///
/// The fast path is 128 bits wide, not 64, for the simplex tableau's rows
/// ([`super::simplex`]): over constant loop bounds (an LU decomposition at
/// `N = 1000`) their entries stay between 64 and 128 bits for whole
/// branch-and-bound searches.
///
/// Invariant: `Big` only holds values outside `[-i128::MAX, i128::MAX]`
/// (so negating a small value stays small).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Int {
    /// A value in `[-i128::MAX, i128::MAX]`.
    Small(i128),
    /// A value outside it.
    Big(Box<BigInt>),
}

impl From<i64> for Int {
    #[inline]
    fn from(v: i64) -> Int {
        Int::Small(v as i128)
    }
}

impl From<i128> for Int {
    #[inline]
    fn from(v: i128) -> Int {
        if fits(v) {
            Int::Small(v)
        } else {
            Int::Big(Box::new(BigInt::from(v)))
        }
    }
}

impl From<BigInt> for Int {
    fn from(v: BigInt) -> Int {
        match v.to_i128() {
            Some(s) if fits(s) => Int::Small(s),
            _ => Int::Big(Box::new(v)),
        }
    }
}

impl Int {
    /// Zero.
    pub const ZERO: Int = Int::Small(0);
    /// One.
    pub const ONE: Int = Int::Small(1);

    /// The value as an arbitrary-precision integer.
    pub fn to_big(&self) -> BigInt {
        match self {
            Int::Small(v) => BigInt::from(*v),
            Int::Big(b) => (**b).clone(),
        }
    }

    /// The value as `i64`, if it fits.
    #[inline]
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Int::Small(v) => i64::try_from(*v).ok(),
            Int::Big(_) => None,
        }
    }

    /// The value as `i128`, if it fits.
    pub fn to_i128(&self) -> Option<i128> {
        match self {
            Int::Small(v) => Some(*v),
            Int::Big(b) => b.to_i128(),
        }
    }

    /// Whether the value is held in (two) machine words.
    #[inline]
    pub fn is_small(&self) -> bool {
        matches!(self, Int::Small(_))
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        matches!(self, Int::Small(0))
    }

    /// Whether the value is one.
    #[inline]
    pub fn is_one(&self) -> bool {
        matches!(self, Int::Small(1))
    }

    /// Sign as -1, 0 or 1.
    #[inline]
    pub fn signum(&self) -> i32 {
        match self {
            Int::Small(v) => v.signum() as i32,
            Int::Big(b) => {
                if b.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// `self + o`.
    #[inline]
    pub fn add(&self, o: &Int) -> Int {
        if let (Int::Small(a), Int::Small(b)) = (self, o) {
            if let Some(v) = a.checked_add(*b) {
                return Int::from(v);
            }
        }
        Int::from(self.to_big() + o.to_big())
    }

    /// `self - o`.
    #[inline]
    pub fn sub(&self, o: &Int) -> Int {
        self.add(&o.neg())
    }

    /// `self * o`.
    #[inline]
    pub fn mul(&self, o: &Int) -> Int {
        if let (Int::Small(a), Int::Small(b)) = (self, o) {
            if let Some(v) = a.checked_mul(*b) {
                return Int::from(v);
            }
        }
        Int::from(self.to_big() * o.to_big())
    }

    /// `self * a + b * c`, the update of a tableau entry, with one
    /// allocation at most.
    #[inline]
    pub fn mul_add(&self, a: &Int, b: &Int, c: &Int) -> Int {
        if let (Int::Small(x), Int::Small(y), Int::Small(z), Int::Small(w)) = (self, a, b, c) {
            if let Some(v) = x.checked_mul(*y).and_then(|p| z.checked_mul(*w).and_then(|q| p.checked_add(q))) {
                return Int::from(v);
            }
        }
        Int::from(self.to_big() * a.to_big() + b.to_big() * c.to_big())
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Int {
        match self {
            Int::Small(a) => Int::Small(-*a),
            Int::Big(b) => Int::from(-(**b).clone()),
        }
    }

    /// `|self|`.
    pub fn abs(&self) -> Int {
        if self.signum() < 0 {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// `self / d` for a divisor `d` of `self` (`d != 0`).
    #[inline]
    pub fn div_exact(&self, d: &Int) -> Int {
        match (self, d) {
            (Int::Small(a), Int::Small(b)) => Int::Small(div_exact(*a, *b)),
            _ => Int::from(self.to_big() / d.to_big()),
        }
    }

    /// `floor(self / d)`; `None` when `d = 0`.
    pub fn div_floor(&self, d: &Int) -> Option<Int> {
        if d.is_zero() {
            return None;
        }
        Some(match (self, d) {
            (Int::Small(a), Int::Small(b)) => Int::from(super::int::floor_i128(*a, *b)),
            _ => Int::from(Integer::div_floor(&self.to_big(), &d.to_big())),
        })
    }

    /// `ceil(self / d)`; `None` when `d = 0`.
    pub fn div_ceil(&self, d: &Int) -> Option<Int> {
        Some(self.neg().div_floor(d)?.neg())
    }

    /// `self mod d` in `[0, |d|)`; `None` when `d = 0`.
    pub fn rem_euclid(&self, d: &Int) -> Option<Int> {
        if d.is_zero() {
            return None;
        }
        Some(match (self, d) {
            (Int::Small(a), Int::Small(b)) => Int::from(a.rem_euclid(*b)),
            _ => {
                let m = d.to_big().abs();
                Int::from(Integer::mod_floor(&self.to_big(), &m))
            }
        })
    }

    /// Greatest common divisor (`>= 0`; `gcd(0, 0) = 0`).
    pub fn gcd(&self, o: &Int) -> Int {
        match (self, o) {
            (Int::Small(a), Int::Small(b)) => Int::from(super::int::gcd128(*a, *b)),
            _ => Int::from(Integer::gcd(&self.to_big(), &o.to_big())),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, o: &Int) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Int {
    fn cmp(&self, o: &Int) -> Ordering {
        match (self, o) {
            (Int::Small(a), Int::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&o.to_big()),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(v) => write!(f, "{v}"),
            Int::Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An exact rational `num / den` of any size, reduced, with `den > 0`.
///
/// Invariant: `Small` whenever `num` lies in `[-i128::MAX, i128::MAX]` and
/// `den` in `[1, i128::MAX]` (so negation and reciprocal of a small value
/// stay small); `Big` otherwise. The small form is 128 bits wide, not 64:
/// a simplex over constant loop bounds (an LU decomposition's schedule at
/// `N = 1000`) keeps entries of 64 to 128 bits in its tableau for whole
/// branch-and-bound searches, and each operation on them as big integers
/// allocated, multiplied and took a binary gcd (a third of that file's
/// compile time). Whether a value fits 64 bits ([`Rational::is_small`]) is
/// still what the work accounting reads.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Rational {
    /// Numerator and denominator in (double) machine words.
    Small {
        /// Numerator (sign carrier).
        num: i128,
        /// Denominator, `> 0`.
        den: i128,
    },
    /// Numerator and denominator that do not both fit.
    Big(Box<(BigInt, BigInt)>),
}

#[inline]
fn fits(v: i128) -> bool {
    v != i128::MIN
}

#[inline]
fn fits64(v: i128) -> bool {
    v >= -(i64::MAX as i128) && v <= i64::MAX as i128
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational::Small { num: 0, den: 1 };
    /// One.
    pub const ONE: Rational = Rational::Small { num: 1, den: 1 };

    /// An integer as a rational.
    #[inline]
    pub fn int(v: i64) -> Rational {
        Rational::Small { num: v as i128, den: 1 }
    }

    /// An integer of any size as a rational.
    pub fn from_int(v: &Int) -> Rational {
        match v {
            Int::Small(s) => Rational::Small { num: *s, den: 1 },
            Int::Big(b) => Rational::from_big_reduced((**b).clone(), BigInt::one()),
        }
    }

    /// `num / den` for integers of any size (`den != 0`), reduced.
    pub fn from_ints(num: &Int, den: &Int) -> Rational {
        debug_assert!(!den.is_zero());
        match (num, den) {
            (Int::Small(n), Int::Small(1)) => Rational::Small { num: *n, den: 1 },
            // Both small, so neither is `i128::MIN` and `new` reduces in place.
            (Int::Small(n), Int::Small(d)) => Rational::new(*n, *d).unwrap_or(Rational::ZERO),
            _ => Rational::from_big(num.to_big(), den.to_big()),
        }
    }

    /// `num / den` (`den != 0`), reduced; `None` when `den = 0`.
    pub fn new(num: i128, den: i128) -> Option<Rational> {
        if den == 0 {
            return None;
        }
        if num == i128::MIN || den == i128::MIN {
            return Some(Rational::from_big(BigInt::from(num), BigInt::from(den)));
        }
        let g = super::int::gcd128(num, den);
        let (mut n, mut d) = (div_exact(num, g), div_exact(den, g));
        if d < 0 {
            n = -n;
            d = -d;
        }
        Some(Rational::from_i128_reduced(n, d))
    }

    /// From a reduced pair with `d > 0`.
    #[inline]
    fn from_i128_reduced(n: i128, d: i128) -> Rational {
        if fits(n) && fits(d) {
            Rational::Small { num: n, den: d }
        } else {
            Rational::Big(Box::new((BigInt::from(n), BigInt::from(d))))
        }
    }

    /// From any pair of big integers (`d != 0`): reduces and normalises.
    fn from_big(n: BigInt, d: BigInt) -> Rational {
        debug_assert!(!d.is_zero());
        let g = n.gcd(&d);
        let (mut n, mut d) = if g.is_one() { (n, d) } else { (n / &g, d / &g) };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        Rational::from_big_reduced(n, d)
    }

    fn from_big_reduced(n: BigInt, d: BigInt) -> Rational {
        match (n.to_i128(), d.to_i128()) {
            (Some(a), Some(b)) if fits(a) && fits(b) => Rational::Small { num: a, den: b },
            _ => Rational::Big(Box::new((n, d))),
        }
    }

    fn big_parts(&self) -> (BigInt, BigInt) {
        match self {
            Rational::Small { num, den } => (BigInt::from(*num), BigInt::from(*den)),
            Rational::Big(b) => (b.0.clone(), b.1.clone()),
        }
    }

    /// Numerator (sign carrier).
    pub fn numer(&self) -> Int {
        match self {
            Rational::Small { num, .. } => Int::from(*num),
            Rational::Big(b) => Int::from(b.0.clone()),
        }
    }

    /// Denominator (`> 0`).
    pub fn denom(&self) -> Int {
        match self {
            Rational::Small { den, .. } => Int::from(*den),
            Rational::Big(b) => Int::from(b.1.clone()),
        }
    }

    /// Whether numerator and denominator fit 64-bit machine words (the
    /// simplex charges other entries as expensive).
    #[inline]
    pub fn is_small(&self) -> bool {
        matches!(self, Rational::Small { num, den } if fits64(*num) && *den <= i64::MAX as i128)
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        matches!(self, Rational::Small { num: 0, .. })
    }

    /// Whether the value is an integer.
    #[inline]
    pub fn is_int(&self) -> bool {
        match self {
            Rational::Small { den, .. } => *den == 1,
            Rational::Big(b) => b.1.is_one(),
        }
    }

    /// Sign as -1, 0 or 1.
    #[inline]
    pub fn signum(&self) -> i32 {
        match self {
            Rational::Small { num, .. } => num.signum() as i32,
            Rational::Big(b) => {
                if b.0.is_negative() {
                    -1
                } else if b.0.is_zero() {
                    0
                } else {
                    1
                }
            }
        }
    }

    /// `floor(self)`.
    pub fn floor(&self) -> Int {
        match self {
            Rational::Small { num, den } => Int::from(super::int::floor_i128(*num, *den)),
            Rational::Big(b) => Int::from(Integer::div_floor(&b.0, &b.1)),
        }
    }

    /// `ceil(self)`.
    pub fn ceil(&self) -> Int {
        self.neg().floor().neg()
    }

    /// `self + o` in the small form, `None` when an intermediate product
    /// or sum does not fit.
    #[inline]
    fn add_small(na: i128, da: i128, nb: i128, db: i128) -> Option<Rational> {
        if da == db {
            let n = na.checked_add(nb)?;
            if da == 1 {
                return Some(Rational::from_i128_reduced(n, 1));
            }
            let g = super::int::gcd128(n, da);
            return Some(Rational::from_i128_reduced(div_exact(n, g), div_exact(da, g)));
        }
        let g = super::int::gcd128(da, db);
        let (ra, rb) = (div_exact(da, g), div_exact(db, g));
        let n = na.checked_mul(rb)?.checked_add(nb.checked_mul(ra)?)?;
        let d = ra.checked_mul(db)?;
        let g2 = super::int::gcd128(n, d);
        Some(Rational::from_i128_reduced(div_exact(n, g2), div_exact(d, g2)))
    }

    /// `self + o`.
    #[inline]
    pub fn add(&self, o: &Rational) -> Rational {
        if let (Rational::Small { num: na, den: da }, Rational::Small { num: nb, den: db }) = (self, o) {
            if let Some(r) = Rational::add_small(*na, *da, *nb, *db) {
                return r;
            }
        }
        let (na, da) = self.big_parts();
        let (nb, db) = o.big_parts();
        Rational::from_big(na * &db + nb * &da, da * db)
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Rational {
        match self {
            Rational::Small { num, den } => Rational::Small { num: -*num, den: *den },
            Rational::Big(b) => Rational::from_big_reduced(-b.0.clone(), b.1.clone()),
        }
    }

    /// `self - o`.
    #[inline]
    pub fn sub(&self, o: &Rational) -> Rational {
        self.add(&o.neg())
    }

    /// `self * o` in the small form (both non-zero), `None` when a product
    /// does not fit.
    #[inline]
    fn mul_small(na: i128, da: i128, nb: i128, db: i128) -> Option<Rational> {
        if da == 1 && db == 1 {
            return Some(Rational::from_i128_reduced(na.checked_mul(nb)?, 1));
        }
        // Cross-reduce: the result is then already reduced.
        let g1 = super::int::gcd128(na, db);
        let g2 = super::int::gcd128(nb, da);
        let n = div_exact(na, g1).checked_mul(div_exact(nb, g2))?;
        let d = div_exact(da, g2).checked_mul(div_exact(db, g1))?;
        Some(Rational::from_i128_reduced(n, d))
    }

    /// `self * o`.
    #[inline]
    pub fn mul(&self, o: &Rational) -> Rational {
        if self.is_zero() || o.is_zero() {
            return Rational::ZERO;
        }
        if let (Rational::Small { num: na, den: da }, Rational::Small { num: nb, den: db }) = (self, o) {
            if let Some(r) = Rational::mul_small(*na, *da, *nb, *db) {
                return r;
            }
        }
        let (na, da) = self.big_parts();
        let (nb, db) = o.big_parts();
        Rational::from_big(na * nb, da * db)
    }

    /// `1 / self`; `None` for zero.
    pub fn recip(&self) -> Option<Rational> {
        match self {
            _ if self.is_zero() => None,
            Rational::Small { num, den } => {
                let s = num.signum();
                Some(Rational::Small { num: den * s, den: num.abs() })
            }
            Rational::Big(b) => {
                let (n, d) = (&b.0, &b.1);
                Some(if n.is_negative() { Rational::from_big_reduced(-d, -n) } else { Rational::from_big_reduced(d.clone(), n.clone()) })
            }
        }
    }

    /// `self / o`; `None` when `o` is zero.
    pub fn div(&self, o: &Rational) -> Option<Rational> {
        Some(self.mul(&o.recip()?))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Rational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Rational) -> Ordering {
        if let (Rational::Small { num: na, den: da }, Rational::Small { num: nb, den: db }) = (self, o) {
            if da == db {
                return na.cmp(nb);
            }
            if let (Some(x), Some(y)) = (na.checked_mul(*db), nb.checked_mul(*da)) {
                return x.cmp(&y);
            }
        }
        let (na, da) = self.big_parts();
        let (nb, db) = o.big_parts();
        (na * db).cmp(&(nb * da))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = (self.numer(), self.denom());
        if d == Int::ONE {
            write!(f, "{n}")
        } else {
            write!(f, "{n}/{d}")
        }
    }
}

impl fmt::Debug for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift: deterministic values around the i64 boundaries.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        /// Small values, values near ±2^63 and ±2^31, and powers of two.
        fn i64(&mut self) -> i64 {
            let r = self.next();
            match r % 6 {
                0 => (r >> 8) as i64 % 1000,
                1 => i64::MAX - (r >> 8) as i64 % 5,
                2 => i64::MIN + (r >> 8) as i64 % 5,
                3 => ((r >> 8) as i64 % 7 - 3) << ((r >> 16) % 63),
                4 => (r >> 8) as i64 % (1 << 32) - (1 << 31),
                _ => r as i64,
            }
        }
    }

    fn big(v: i128) -> BigInt {
        BigInt::from(v)
    }

    #[test]
    fn int_agrees_with_i128_and_switches_at_the_boundary() {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        for _ in 0..50_000 {
            let (a, b) = (g.i64(), g.i64());
            let (x, y) = (Int::from(a), Int::from(b));
            let (a, b) = (a as i128, b as i128);
            for (got, want) in [(x.add(&y), a + b), (x.sub(&y), a - b), (x.mul(&y), a * b), (x.neg(), -a), (x.abs(), a.abs())] {
                assert_eq!(got.to_i128(), Some(want), "{a} {b}");
                // Canonical: values of 64-bit operands stay small.
                assert!(got.is_small());
            }
            assert_eq!(x.cmp(&y), a.cmp(&b));
            if b != 0 {
                assert_eq!(x.div_floor(&y).unwrap().to_i128(), Some(a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 }));
                assert_eq!(x.div_floor(&y).unwrap().to_i128(), Some(crate::poly::int::floor_i128(a, b)));
                assert_eq!(x.div_ceil(&y).unwrap().to_i128(), Some(-crate::poly::int::floor_i128(-a, b)));
                assert_eq!(x.rem_euclid(&y).unwrap().to_i128(), Some(a.rem_euclid(b)));
            }
            assert_eq!(x.gcd(&y).to_big(), Integer::gcd(&big(a), &big(b)));
            // Past 128 bits: a chain of products, undone by exact division.
            let p = x.mul(&y).mul(&x).mul(&y);
            assert_eq!(p.to_big(), big(a) * big(b) * big(a) * big(b));
            if a != 0 && b != 0 {
                let back = p.div_floor(&x.mul(&y)).unwrap().div_floor(&y).unwrap();
                assert_eq!(back, x);
            }
        }
        // Exactly at the edges of the fast path.
        let max = Int::from(i128::MAX);
        assert!(max.is_small());
        let over = max.add(&Int::ONE);
        assert!(!over.is_small());
        assert_eq!(over.sub(&Int::ONE), max);
        assert!(over.sub(&Int::ONE).is_small());
        let min = Int::from(-i128::MAX);
        assert!(min.is_small());
        assert!(!Int::from(i128::MIN).is_small());
        assert_eq!(min.sub(&Int::ONE), Int::from(i128::MIN));
        assert_eq!(min.sub(&Int::ONE).add(&Int::ONE), min);
        assert!(min.sub(&Int::ONE).add(&Int::ONE).is_small());
        assert_eq!(max.mul(&max).div_exact(&max), max);
        assert_eq!(max.mul_add(&Int::from(2i64), &min, &Int::ONE), max);
    }

    /// Reference rational on BigInt pairs.
    fn reduced(n: BigInt, d: BigInt) -> (BigInt, BigInt) {
        let g = n.gcd(&d);
        let (mut n, mut d) = (n / &g, d / &g);
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        (n, d)
    }

    fn parts(r: &Rational) -> (BigInt, BigInt) {
        (r.numer().to_big(), r.denom().to_big())
    }

    /// Checks `n1/d1` and `n2/d2` (non-zero denominators) and their sum,
    /// product, difference, order, floor, ceiling and quotient against
    /// BigInt pairs; returns whether a result left the 64-bit form.
    fn agrees_with_big(n1: i128, d1: i128, n2: i128, d2: i128) -> bool {
        let x = Rational::new(n1, d1).unwrap();
        let y = Rational::new(n2, d2).unwrap();
        let (xn, xd) = reduced(big(n1), big(d1));
        let (yn, yd) = reduced(big(n2), big(d2));
        assert_eq!(parts(&x), (xn.clone(), xd.clone()));
        let sum = reduced(&xn * &yd + &yn * &xd, &xd * &yd);
        let prod = reduced(&xn * &yn, &xd * &yd);
        let diff = reduced(&xn * &yd - &yn * &xd, &xd * &yd);
        let mut any_big = false;
        for (got, want) in [(x.add(&y), sum), (x.mul(&y), prod), (x.sub(&y), diff)] {
            assert_eq!(parts(&got), want);
            // `is_small` (what the simplex's work accounting reads) means
            // "fits 64 bits", whatever the representation.
            let fits = |v: &BigInt| v.to_i64().is_some_and(|s| s != i64::MIN);
            assert_eq!(got.is_small(), fits(&want.0) && fits(&want.1), "64-bit form of {got}");
            // Canonical: equal values are equal (and hash equally)
            // whichever way they were computed.
            assert_eq!(got, Rational::from_big(want.0.clone(), want.1.clone()));
            any_big |= !got.is_small();
        }
        assert_eq!(x.cmp(&y), (&xn * &yd).cmp(&(&yn * &xd)));
        assert_eq!(x.floor().to_big(), Integer::div_floor(&xn, &xd));
        assert_eq!(x.ceil().to_big(), -Integer::div_floor(&-&xn, &xd));
        if !y.is_zero() {
            let q = x.div(&y).unwrap();
            assert_eq!(q.mul(&y), x);
            assert_eq!(y.recip().unwrap().recip().unwrap(), y);
        }
        assert_eq!(x.is_int(), xd == BigInt::one());
        assert_eq!(x.neg().neg(), x);
        any_big
    }

    /// Operands and results between 64 and 128 bits (the wide small form)
    /// and beyond (big).
    #[test]
    fn wide_rationals_agree_with_a_big_reference() {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        for _ in 0..30_000 {
            let wide = |g: &mut Gen| g.i64() as i128 * (g.i64() >> (g.next() % 64)) as i128;
            let (n1, d1, n2, d2) = (wide(&mut g), wide(&mut g), wide(&mut g), wide(&mut g));
            if d1 != 0 && d2 != 0 {
                agrees_with_big(n1, d1, n2, d2);
            }
        }
    }

    #[test]
    fn rational_agrees_with_a_big_reference() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let mut any_big = false;
        for _ in 0..30_000 {
            let (n1, d1, n2, d2) = (g.i64(), g.i64(), g.i64(), g.i64());
            if d1 != 0 && d2 != 0 {
                any_big |= agrees_with_big(n1 as i128, d1 as i128, n2 as i128, d2 as i128);
            }
        }
        assert!(any_big, "the generator must reach the big representation");
        // A long pivot-like chain comes back to small values exactly.
        let a = Rational::new(1_000_000_007, 998_244_353).unwrap();
        let mut v = Rational::ONE;
        for _ in 0..10 {
            v = v.mul(&a);
        }
        assert!(!v.is_small());
        for _ in 0..10 {
            v = v.div(&a).unwrap();
        }
        assert_eq!(v, Rational::ONE);
        assert!(v.is_small());
        assert_eq!(Rational::new(i128::MIN, -2).unwrap().numer().to_big(), big(i128::MIN / -2));
        assert!(Rational::new(1, 0).is_none());
    }
}
