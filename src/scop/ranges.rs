//! Ranges of narrow integer arithmetic that only a run-time check can
//! establish.
//!
//! `A[i*n + j]` with `int` counters is computed in 32 bits, and -O3 often
//! drops the `nsw` flags that made wrapping undefined (reassociation,
//! `(n+1)*j` for `j*n + j`). The model reads the subscript as the exact
//! polynomial `n·i + j`, which is right only if it stays within
//! `[-2^31, 2^31)`: a fact of degree 2 that the affine core cannot prove.
//! Over the domain `0 <= i < m, 0 <= j < n` it holds whenever
//! `n·(m-1) + (n-1) < 2^31`, a condition on the parameters that is cheap to
//! test when the region is entered.
//!
//! The test bounds every counter of the polynomial by a box (its bounds as
//! functions of the parameters, from the polyhedral core), then bounds the
//! polynomial by interval arithmetic: a monomial `k·x·y` with all factors
//! non-negative lies within `k·[lo_x·lo_y, hi_x·hi_y]` (a factor that may be
//! negative fails the test). The arithmetic is written once against
//! [`Arith`]: at compile time on constants (when no parameter is involved,
//! the fact is settled then) and at run time as IR, where any overflow
//! fails the test, so that the original code runs.

use super::affine::Sym;
use super::model::{CounterBox, ParamBound, RangeCheck};
use super::polynomial::Polynomial;
use crate::stable::HashMap;

/// Integer arithmetic on values `V` and conditions `C`, for evaluating a
/// range check. Implementations record overflow; [`Arith::overflowed`]
/// tells whether any operation so far overflowed.
pub trait Arith {
    type V: Copy;
    type C: Copy;
    fn constant(&mut self, c: i128) -> Self::V;
    /// The value of a parameter (a symbol that is not a boxed counter).
    fn param(&mut self, s: Sym) -> Self::V;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(&mut self, a: Self::V, b: Self::V) -> Self::V;
    /// `floor(a / d)` (`upper`) or `ceil(a / d)`, for `d > 0`.
    fn div(&mut self, a: Self::V, d: i128, upper: bool) -> Self::V;
    fn min(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn max(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn le(&mut self, a: Self::V, b: Self::V) -> Self::C;
    fn truth(&mut self, t: bool) -> Self::C;
    fn and(&mut self, a: Self::C, b: Self::C) -> Self::C;
    fn or(&mut self, a: Self::C, b: Self::C) -> Self::C;
    fn overflowed(&mut self) -> Self::C;
    fn not(&mut self, a: Self::C) -> Self::C;
}

fn eval_bound<A: Arith>(b: &ParamBound, upper: bool, a: &mut A) -> A::V {
    let mut acc = a.constant(b.expr.constant);
    for (&s, &c) in &b.expr.coeffs {
        let (k, v) = (a.constant(c), a.param(s));
        let t = a.mul(k, v);
        acc = a.add(acc, t);
    }
    a.div(acc, b.den, upper)
}

/// The counter's interval `max(lower) ..= min(upper)`.
fn interval<A: Arith>(cb: &CounterBox, a: &mut A) -> (A::V, A::V) {
    let fold = |bounds: &[ParamBound], upper: bool, a: &mut A| {
        let mut it = bounds.iter();
        let first = eval_bound(it.next().expect("a box side has a bound"), upper, a);
        it.fold(first, |acc, b| {
            let v = eval_bound(b, upper, a);
            if upper {
                a.min(acc, v)
            } else {
                a.max(acc, v)
            }
        })
    };
    (fold(&cb.lower, false, a), fold(&cb.upper, true, a))
}

/// Bounds of `poly` when each symbol lies in its interval, with the
/// condition that the factors of every product are non-negative.
fn poly_bounds<A: Arith>(poly: &Polynomial, intervals: &HashMap<Sym, (A::V, A::V)>, a: &mut A) -> (A::V, A::V, A::C) {
    let (mut lo, mut hi) = (a.constant(0), a.constant(0));
    let mut nonneg = a.truth(true);
    for (m, &k) in &poly.terms {
        let factor = |s: &Sym, a: &mut A| match intervals.get(s) {
            Some(&iv) => iv,
            None => {
                let v = a.param(*s);
                (v, v)
            }
        };
        let (mut l, mut u) = match m.as_slice() {
            [] => {
                let c = a.constant(1);
                (c, c)
            }
            [s] => factor(s, a),
            _ => {
                let (mut l, mut u) = (a.constant(1), a.constant(1));
                let zero = a.constant(0);
                for s in m {
                    let (fl, fu) = factor(s, a);
                    let ok = a.le(zero, fl);
                    nonneg = a.and(nonneg, ok);
                    l = a.mul(l, fl);
                    u = a.mul(u, fu);
                }
                (l, u)
            }
        };
        if k < 0 {
            std::mem::swap(&mut l, &mut u);
        }
        let kv = a.constant(k);
        let (tl, tu) = (a.mul(kv, l), a.mul(kv, u));
        lo = a.add(lo, tl);
        hi = a.add(hi, tu);
    }
    (lo, hi, nonneg)
}

/// The condition under which `rc` holds: for every disjunct, its box is
/// empty or the polynomial's bounds lie within `lo..=hi`; and no operation
/// overflowed.
pub fn condition<A: Arith>(rc: &RangeCheck, a: &mut A) -> A::C {
    let mut all = a.truth(true);
    for bx in &rc.boxes {
        let mut intervals = HashMap::default();
        let mut empty = a.truth(false);
        for cb in bx {
            let (l, u) = interval(cb, a);
            let one = a.constant(1);
            let u1 = a.add(u, one);
            let e = a.le(u1, l);
            empty = a.or(empty, e);
            intervals.insert(cb.counter, (l, u));
        }
        let (plo, phi, mut ok) = poly_bounds(&rc.poly, &intervals, a);
        let lo = a.constant(rc.lo);
        let c = a.le(lo, plo);
        ok = a.and(ok, c);
        if let Some(hi) = rc.hi {
            let hi = a.constant(hi);
            let c = a.le(phi, hi);
            ok = a.and(ok, c);
        }
        let this = a.or(empty, ok);
        all = a.and(all, this);
    }
    let ovf = a.overflowed();
    let no_ovf = a.not(ovf);
    a.and(all, no_ovf)
}

/// Compile-time evaluation: exact in `i128`; a parameter makes the result
/// unknown (as does an overflow, which only huge constants cause).
#[derive(Default)]
pub struct Constants {
    unknown: bool,
}

impl Arith for Constants {
    type V = i128;
    type C = bool;
    fn constant(&mut self, c: i128) -> i128 {
        c
    }
    fn param(&mut self, _: Sym) -> i128 {
        self.unknown = true;
        0
    }
    fn add(&mut self, a: i128, b: i128) -> i128 {
        a.checked_add(b).unwrap_or_else(|| {
            self.unknown = true;
            0
        })
    }
    fn mul(&mut self, a: i128, b: i128) -> i128 {
        a.checked_mul(b).unwrap_or_else(|| {
            self.unknown = true;
            0
        })
    }
    fn div(&mut self, a: i128, d: i128, upper: bool) -> i128 {
        let q = a.div_euclid(d);
        if upper || a.rem_euclid(d) == 0 {
            q
        } else {
            q + 1
        }
    }
    fn min(&mut self, a: i128, b: i128) -> i128 {
        a.min(b)
    }
    fn max(&mut self, a: i128, b: i128) -> i128 {
        a.max(b)
    }
    fn le(&mut self, a: i128, b: i128) -> bool {
        a <= b
    }
    fn truth(&mut self, t: bool) -> bool {
        t
    }
    fn and(&mut self, a: bool, b: bool) -> bool {
        a && b
    }
    fn or(&mut self, a: bool, b: bool) -> bool {
        a || b
    }
    fn overflowed(&mut self) -> bool {
        false
    }
    fn not(&mut self, a: bool) -> bool {
        !a
    }
}

/// The check's outcome at compile time, if no parameter decides it.
pub fn settled(rc: &RangeCheck) -> Option<bool> {
    let mut a = Constants::default();
    let holds = condition(rc, &mut a);
    (!a.unknown).then_some(holds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};
    use crate::scop::affine::AffExpr;

    fn n() -> Sym {
        Sym::Param(ValueId(0))
    }
    fn i() -> Sym {
        Sym::loop_counter(LoopId(0))
    }
    fn j() -> Sym {
        Sym::loop_counter(LoopId(1))
    }

    /// `n·i + j` in 32 bits, `0 <= i <= m_hi`, `0 <= j <= n - 1`.
    fn flat_index(i_hi: AffExpr) -> RangeCheck {
        let poly = Polynomial::sym(n()).mul(&Polynomial::sym(i())).unwrap().add(&Polynomial::sym(j())).unwrap();
        let bound = |e: AffExpr| ParamBound { expr: e, den: 1 };
        let boxes = vec![vec![
            CounterBox { counter: i(), lower: vec![bound(AffExpr::constant(0))], upper: vec![bound(i_hi)] },
            CounterBox {
                counter: j(),
                lower: vec![bound(AffExpr::constant(0))],
                upper: vec![bound(AffExpr::sym(n()).add_const(-1).unwrap())],
            },
        ]];
        RangeCheck { poly, lo: -(1 << 31), hi: Some((1 << 31) - 1), boxes }
    }

    /// Run-time evaluation with given parameter values, in i64 with
    /// overflow detection, as the generated code does it.
    struct Run {
        params: HashMap<Sym, i64>,
        overflow: bool,
    }
    impl Arith for Run {
        type V = i64;
        type C = bool;
        fn constant(&mut self, c: i128) -> i64 {
            c as i64
        }
        fn param(&mut self, s: Sym) -> i64 {
            self.params[&s]
        }
        fn add(&mut self, a: i64, b: i64) -> i64 {
            let (v, o) = a.overflowing_add(b);
            self.overflow |= o;
            v
        }
        fn mul(&mut self, a: i64, b: i64) -> i64 {
            let (v, o) = a.overflowing_mul(b);
            self.overflow |= o;
            v
        }
        fn div(&mut self, a: i64, d: i128, upper: bool) -> i64 {
            Constants::default().div(a as i128, d, upper) as i64
        }
        fn min(&mut self, a: i64, b: i64) -> i64 {
            a.min(b)
        }
        fn max(&mut self, a: i64, b: i64) -> i64 {
            a.max(b)
        }
        fn le(&mut self, a: i64, b: i64) -> bool {
            a <= b
        }
        fn truth(&mut self, t: bool) -> bool {
            t
        }
        fn and(&mut self, a: bool, b: bool) -> bool {
            a && b
        }
        fn or(&mut self, a: bool, b: bool) -> bool {
            a || b
        }
        fn overflowed(&mut self) -> bool {
            self.overflow
        }
        fn not(&mut self, a: bool) -> bool {
            !a
        }
    }

    fn holds_at(rc: &RangeCheck, n_value: i64) -> bool {
        let mut a = Run { params: [(n(), n_value)].into_iter().collect(), overflow: false };
        condition(rc, &mut a)
    }

    /// The true maximum of `n·i + j` over the box, by enumeration.
    fn brute_max(n_value: i64) -> i64 {
        let mut best = i64::MIN;
        for iv in 0..n_value {
            for jv in 0..n_value {
                best = best.max(n_value * iv + jv);
            }
        }
        best
    }

    #[test]
    fn square_flat_index_holds_exactly_while_it_fits() {
        // i <= n - 1: max n^2 - 1 < 2^31 iff n <= 46340.
        let rc = flat_index(AffExpr::sym(n()).add_const(-1).unwrap());
        assert!(holds_at(&rc, 46340));
        assert!(!holds_at(&rc, 46341));
        assert!(holds_at(&rc, 1000));
        // An empty box (n = 0) holds whatever the polynomial.
        assert!(holds_at(&rc, 0));
        // A negative n has no j (empty): nothing to check.
        assert!(holds_at(&rc, -5));
        // Huge n overflows the i64 evaluation: the check fails.
        assert!(!holds_at(&rc, i64::MAX / 2));
        // The interval bound is exact here: compare with enumeration.
        for nv in [1, 2, 3, 7, 40] {
            assert!(brute_max(nv) <= (1 << 31) - 1);
            assert!(holds_at(&rc, nv));
        }
    }

    #[test]
    fn a_factor_that_may_be_negative_fails_the_check() {
        // i in [-1, n - 1]: the product n·i needs i >= 0.
        let mut rc = flat_index(AffExpr::sym(n()).add_const(-1).unwrap());
        rc.boxes[0][0].lower = vec![ParamBound { expr: AffExpr::constant(-1), den: 1 }];
        assert!(!holds_at(&rc, 10));
    }

    #[test]
    fn constant_boxes_settle_at_compile_time() {
        // i·j with 0 <= i, j <= 99 (no parameter): at most 9801.
        let poly = Polynomial::sym(i()).mul(&Polynomial::sym(j())).unwrap();
        let c = |v: i128| ParamBound { expr: AffExpr::constant(v), den: 1 };
        let side = |s: Sym| CounterBox { counter: s, lower: vec![c(0)], upper: vec![c(99)] };
        let mut rc = RangeCheck { poly, lo: 0, hi: Some(9801), boxes: vec![vec![side(i()), side(j())]] };
        assert_eq!(settled(&rc), Some(true));
        rc.hi = Some(9800);
        assert_eq!(settled(&rc), Some(false));
        // With a parameter in a bound, only the run time knows.
        rc.boxes[0][0].upper = vec![ParamBound { expr: AffExpr::sym(n()), den: 1 }];
        assert_eq!(settled(&rc), None);
    }

    #[test]
    fn bounds_with_denominators_round_inward() {
        // i <= floor((n - 1) / 2), n = 8: i <= 3; the polynomial 10·i <= 30.
        let poly = Polynomial::sym(i()).scale(10).unwrap().mul(&Polynomial::sym(n())).unwrap();
        let side = CounterBox {
            counter: i(),
            lower: vec![ParamBound { expr: AffExpr::constant(1), den: 2 }],
            upper: vec![ParamBound { expr: AffExpr::sym(n()).add_const(-1).unwrap(), den: 2 }],
        };
        let rc = RangeCheck { poly, lo: 0, hi: Some(240), boxes: vec![vec![side]] };
        // ceil(1/2) = 1 <= i <= 3: 10·n·i in [80, 240] at n = 8.
        assert!(holds_at(&rc, 8));
        let tighter = RangeCheck { hi: Some(239), ..rc };
        assert!(!holds_at(&tighter, 8));
    }
}
