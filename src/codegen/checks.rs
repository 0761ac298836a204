//! The run-time condition under which the optimized code runs: the
//! model's assumptions on parameters, the ranges of narrow arithmetic it
//! relies on, and that no written array overlaps another array it may
//! alias (SPolly-style alias checks).
//!
//! Each array's accessed byte range starts at `base + lo·R`, where `lo`
//! bounds the outermost subscript from below over the iteration domain
//! (parametric bounds from `src/poly`) and `R` is the size of one outermost
//! "row" (element size times the inner dimension sizes). It ends after the
//! last element accessed: inner subscripts stay within their dimensions
//! (detection proved it), so the last element is the lexicographically
//! largest subscript vector, bounded one dimension at a time: `hi0` bounds
//! the outermost subscript, `hi1` the next one among the accesses in row
//! `hi0`, and so on, giving `hi0·R0 + hi1·R1 + ... + (hi_k + 1)·R_k`. (A
//! bound made of several pieces, their minimum, ends the chain there.)
//! A whole last row would overshoot: an array modelled with padded rows
//! (`R[k][k]` read as rows of n + 1) would reach into the next allocation
//! and fail the check for nothing.
//!
//! Exact and small: the ranges are computed in plain i64 arithmetic, with
//! no overflow flag on any operation, under a check that makes every value
//! provably small. Before any code is emitted, the same computation runs
//! on magnitudes ([`Magnitude`]): with each parameter at most `2^k` in
//! absolute value, every intermediate value stays below `2^62`, for the
//! largest such `k` (58 for a one-dimensional array of doubles, 29 for a
//! two-dimensional one, 19 for three dimensions). The check then also
//! asks that each parameter wider than `k + 1` bits lies in `[-2^k, 2^k]`
//! and each base address below `2^62`, so that no sum or product can wrap
//! (an object beyond is never taken as disjoint: the original code runs). Where no `k >= 16`
//! works (huge coefficients), the ranges go through LLVM's overflow
//! intrinsics instead, an overflow failing the check. Against i128
//! arithmetic (an i128 compare is four or five x86 instructions) this
//! takes gsl's rk8pd.c with -fopenmp, 14 forked loops with up to 13 pairs
//! each, from 35.5 to 32.7 KB of `.text`; the overflow intrinsics on
//! every operation took more than i128 did.

use super::expr::ExprGen;
use super::ok;
use crate::bridge::rewrite::Ir;
use crate::poly::{AffBound, BasicSet, Set};
use crate::scop::affine::{AffExpr, Sym};
use crate::scop::model::{Array, ArrayId, Model, Target};
use crate::scop::ranges::{self, Arith};
use crate::scop::to_poly::{param_ranges, statement_space, Columns};
use inkwell::intrinsics::Intrinsic;
use inkwell::values::{FunctionValue, IntValue};
use inkwell::IntPredicate;
use crate::stable::HashMap;

/// Where one array's accesses start and end, per access and disjunct of
/// its domain: `lower`, the pieces of the outermost subscript's lower
/// bound (their maximum); `last`, the chain of upper bounds of the last
/// position (see the module documentation), outermost first, each level's
/// pieces (their minimum).
pub struct ArrayRange {
    pub lower: Vec<Vec<AffBound>>,
    pub last: Vec<Vec<Vec<AffBound>>>,
}


/// Parametric bounds of where each checked array's accesses start and end.
pub fn array_range(model: &Model, a: ArrayId) -> Result<ArrayRange, String> {
    let mut range = ArrayRange { lower: vec![], last: vec![] };
    let mut ctx = model.context.clone();
    ctx.extend(model.assumptions.iter().cloned());
    ctx.extend(param_ranges(model));
    let unbounded = || format!("the accesses to '{}' are unbounded", model.array(a).name);
    for s in &model.statements {
        let cols = Columns::of(model, s);
        let space = statement_space(model, s);
        for acc in s.accesses.iter().filter(|x| x.target == Target::Array(a)) {
            let subs = acc.subscripts.iter().map(|sub| cols.row(sub)).collect::<Result<Vec<_>, _>>().map_err(|r| r.to_string())?;
            for conj in &s.domain {
                let mut cs = conj.clone();
                cs.extend(ctx.iter().cloned());
                let b: BasicSet = cols.basic_set(&space, &cs).map_err(|r| r.to_string())?;
                if Set::from_parts(space.clone(), vec![b.clone()]).map_err(|e| e.to_string())?.is_empty().map_err(|e| e.to_string())? {
                    continue;
                }
                let pb = b.bounds_of(&subs[0]).map_err(|e| format!("bounds of an access: {e}"))?;
                if pb.lower.is_empty() || pb.upper.is_empty() {
                    return Err(unbounded());
                }
                range.lower.push(pb.lower);
                range.last.push(last_position(b, &subs, pb.upper).map_err(|e| format!("bounds of an access: {e}"))?);
            }
        }
    }
    Ok(range)
}

/// The chain of upper bounds of the last position of an access over `b`
/// (see the module documentation), given the outermost subscript's.
fn last_position(mut b: BasicSet, subs: &[Vec<i64>], outer: Vec<AffBound>) -> crate::poly::PolyResult<Vec<Vec<AffBound>>> {
    let np = b.n_param();
    let mut chain = vec![outer];
    for k in 1..subs.len() {
        let [hi] = chain[k - 1].as_slice() else { break };
        // Keep the points whose subscript k-1 is hi = floor(e / d):
        // e - d + 1 <= d·sub <= e.
        let (prev, den) = (&subs[k - 1], hi.den);
        let mut at_most = vec![0i64; prev.len()];
        for (col, &c) in prev.iter().enumerate() {
            at_most[col] = crate::poly::int::mul(-c, den)?;
        }
        for p in 0..np {
            at_most[p] = crate::poly::int::add(at_most[p], hi.expr[p])?;
        }
        let last = prev.len() - 1;
        at_most[last] = crate::poly::int::add(at_most[last], hi.expr[np])?;
        let mut at_least: Vec<i64> = at_most.iter().map(|&x| crate::poly::int::neg(x)).collect::<Result<_, _>>()?;
        at_least[last] = crate::poly::int::add(at_least[last], den - 1)?;
        b.add_ineq(at_most)?;
        b.add_ineq(at_least)?;
        let pb = b.bounds_of(&subs[k])?;
        if pb.upper.is_empty() {
            break;
        }
        chain.push(pb.upper);
    }
    Ok(chain)
}

/// Emits `lhs && rhs` style conjunction of the model's assumptions.
pub fn assumptions<'a>(g: &ExprGen<'a, '_>, model: &Model, params: &HashMap<Sym, IntValue<'a>>) -> IntValue<'a> {
    let mut acc = g.ctx.bool_type().const_int(1, false);
    for c in &model.assumptions {
        let v = aff_params(g, &c.expr, params);
        let pred = if c.is_eq { IntPredicate::EQ } else { IntPredicate::SGE };
        let t = g.b.build_int_compare(pred, v, g.i64(0), "assume").expect("positioned");
        acc = g.b.build_and(acc, t, "rtc").expect("positioned");
    }
    acc
}

fn aff_params<'a>(g: &ExprGen<'a, '_>, e: &AffExpr, params: &HashMap<Sym, IntValue<'a>>) -> IntValue<'a> {
    let mut acc = g.i64(e.constant as i64);
    for (s, &c) in &e.coeffs {
        let v = params[s];
        let t = g.b.build_int_mul(v, g.i64(c as i64), "c").expect("positioned");
        acc = g.b.build_int_add(acc, t, "c").expect("positioned");
    }
    acc
}

/// The conjunction of the model's range checks (src/scop/ranges.rs),
/// evaluated in i64 when the region is entered.
pub fn range_checks<'a>(ir: &Ir<'a>, g: &ExprGen<'a, '_>, model: &Model, params: &HashMap<Sym, IntValue<'a>>) -> IntValue<'a> {
    let mut acc = g.ctx.bool_type().const_int(1, false);
    if model.range_checks.is_empty() {
        return acc;
    }
    let mut rt = Runtime::checked(ir, g, params);
    for rc in &model.range_checks {
        let holds = ranges::condition(rc, &mut rt);
        acc = ok(g.b.build_and(acc, holds, "range"));
    }
    acc
}

/// The largest absolute value any offset of a plain check may take, and
/// the bound on base addresses: a base plus an offset stays within i64.
const PLAIN_LIMIT: u128 = 1 << 62;

/// [`Arith`] on bounds of absolute values: what the check computes when
/// each parameter is at most `bound(width)` in absolute value (`width`:
/// the parameter's own bits). `exceeded` tells whether any value may pass
/// [`PLAIN_LIMIT`]; `used`, the parameters read.
struct Magnitude<'m> {
    widths: &'m HashMap<Sym, u32>,
    log2_bound: u32,
    exceeded: bool,
    used: std::collections::BTreeSet<Sym>,
}

impl Magnitude<'_> {
    /// `v`, noting whether it passes the limit; clamped, so that a sum of
    /// two kept values cannot overflow u128 (products saturate).
    fn keep(&mut self, v: u128) -> u128 {
        if v > PLAIN_LIMIT {
            self.exceeded = true;
        }
        v.min(PLAIN_LIMIT << 1)
    }
}

impl Arith for Magnitude<'_> {
    type V = u128;
    type C = ();
    fn constant(&mut self, c: i128) -> u128 {
        self.keep(c.unsigned_abs())
    }
    fn param(&mut self, s: Sym) -> u128 {
        self.used.insert(s);
        let own = self.widths.get(&s).copied().unwrap_or(64).saturating_sub(1);
        1u128 << own.min(self.log2_bound)
    }
    fn add(&mut self, a: u128, b: u128) -> u128 {
        self.keep(a + b)
    }
    fn mul(&mut self, a: u128, b: u128) -> u128 {
        self.keep(a.saturating_mul(b))
    }
    fn div(&mut self, a: u128, d: i128, _: bool) -> u128 {
        // The rounding moves the numerator by less than d first.
        self.keep(a + d.unsigned_abs())
    }
    fn min(&mut self, a: u128, b: u128) -> u128 {
        a.max(b)
    }
    fn max(&mut self, a: u128, b: u128) -> u128 {
        a.max(b)
    }
    fn le(&mut self, _: u128, _: u128) {}
    fn truth(&mut self, _: bool) {}
    fn and(&mut self, _: (), _: ()) {}
    fn or(&mut self, _: (), _: ()) {}
    fn overflowed(&mut self) {}
    fn not(&mut self, _: ()) {}
}

/// [`Arith`] as IR in i64. Checked (`overflow` tracked): sums, products
/// and the roundings of divisions go through the overflow intrinsics, an
/// overflow anywhere failing the check (parameters are 64-bit at most, so
/// i64 holds every value a check that passes needs). Plain: wrapping
/// operations without flags, for values proved small beforehand
/// ([`Magnitude`]). No operation carries `nsw` either way: a value
/// computed after an overflow is garbage, never poison, so the check that
/// ignores it is still a plain `false`.
struct Runtime<'a, 'g> {
    g: &'g ExprGen<'a, 'g>,
    params: &'g HashMap<Sym, IntValue<'a>>,
    /// The overflow intrinsics, when checked.
    checked: Option<(FunctionValue<'a>, FunctionValue<'a>)>,
    overflow: IntValue<'a>,
}

impl<'a, 'g> Runtime<'a, 'g> {
    fn checked(ir: &Ir<'a>, g: &'g ExprGen<'a, 'g>, params: &'g HashMap<Sym, IntValue<'a>>) -> Self {
        let declare = |name: &str| {
            let i = Intrinsic::find(name).expect("LLVM has the overflow intrinsics");
            i.get_declaration(ir.module(), &[g.ctx.i64_type().into()]).expect("declared for i64")
        };
        let checked = Some((declare("llvm.sadd.with.overflow"), declare("llvm.smul.with.overflow")));
        Runtime { g, params, checked, overflow: g.ctx.bool_type().const_int(0, false) }
    }

    fn plain(g: &'g ExprGen<'a, 'g>, params: &'g HashMap<Sym, IntValue<'a>>) -> Self {
        Runtime { g, params, checked: None, overflow: g.ctx.bool_type().const_int(0, false) }
    }

    fn with_overflow(&mut self, f: FunctionValue<'a>, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        let b_ = self.g.b;
        let call = ok(b_.build_call(f, &[a.into(), b.into()], "chk"));
        let pair = call.try_as_basic_value().basic().expect("a {i64, i1} result").into_struct_value();
        let v = ok(b_.build_extract_value(pair, 0, "v")).into_int_value();
        let o = ok(b_.build_extract_value(pair, 1, "o")).into_int_value();
        self.overflow = ok(b_.build_or(self.overflow, o, "ovf"));
        v
    }

    fn select(&mut self, pred: IntPredicate, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        let c = ok(self.g.b.build_int_compare(pred, a, b, "c"));
        ok(self.g.b.build_select(c, a, b, "m")).into_int_value()
    }
}

impl<'a> Arith for Runtime<'a, '_> {
    type V = IntValue<'a>;
    type C = IntValue<'a>;
    fn constant(&mut self, c: i128) -> IntValue<'a> {
        match i64::try_from(c) {
            Ok(v) => self.g.i64(v),
            Err(_) => {
                // Out of i64: no value a passing check needs.
                self.overflow = self.g.ctx.bool_type().const_int(1, false);
                self.g.i64(0)
            }
        }
    }
    fn param(&mut self, s: Sym) -> IntValue<'a> {
        self.params[&s]
    }
    fn add(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        match self.checked {
            Some((sadd, _)) => self.with_overflow(sadd, a, b),
            None => ok(self.g.b.build_int_add(a, b, "r")),
        }
    }
    fn mul(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        match self.checked {
            Some((_, smul)) => self.with_overflow(smul, a, b),
            None => ok(self.g.b.build_int_mul(a, b, "r")),
        }
    }
    fn div(&mut self, a: IntValue<'a>, d: i128, upper: bool) -> IntValue<'a> {
        // Denominators are small (from the polyhedral core's rows).
        let Ok(d) = i64::try_from(d) else { return self.constant(i128::MAX) };
        if d == 1 {
            return a;
        }
        // `sdiv` rounds toward zero: move a negative numerator down (floor)
        // or a positive one up (ceil) by d - 1 first.
        let b_ = self.g.b;
        let zero = self.g.i64(0);
        let (pred, by) = if upper { (IntPredicate::SLT, 1 - d) } else { (IntPredicate::SGT, d - 1) };
        let away = ok(b_.build_int_compare(pred, a, zero, "away"));
        let adj = ok(b_.build_select(away, self.g.i64(by), zero, "adj")).into_int_value();
        let num = self.add(a, adj);
        ok(b_.build_int_signed_div(num, self.g.i64(d), "div"))
    }
    fn min(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        self.select(IntPredicate::SLT, a, b)
    }
    fn max(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        self.select(IntPredicate::SGT, a, b)
    }
    fn le(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        ok(self.g.b.build_int_compare(IntPredicate::SLE, a, b, "le"))
    }
    fn truth(&mut self, t: bool) -> IntValue<'a> {
        self.g.ctx.bool_type().const_int(t as u64, false)
    }
    fn and(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        ok(self.g.b.build_and(a, b, "and"))
    }
    fn or(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        ok(self.g.b.build_or(a, b, "or"))
    }
    fn overflowed(&mut self) -> IntValue<'a> {
        self.overflow
    }
    fn not(&mut self, a: IntValue<'a>) -> IntValue<'a> {
        ok(self.g.b.build_not(a, "not"))
    }
}

/// The value of `e` (coefficients over the model's parameters, then the
/// constant) divided by its denominator, rounded down (`upper`) or up.
fn piece<A: Arith>(a: &mut A, model: &Model, e: &AffBound, upper: bool) -> A::V {
    let (coeffs, constant) = e.expr.split_at(e.expr.len() - 1);
    let mut acc = a.constant(constant[0] as i128);
    for (&c, p) in coeffs.iter().zip(&model.params).filter(|(&c, _)| c != 0) {
        let (k, v) = (a.constant(c as i128), a.param(p.sym));
        let t = a.mul(v, k);
        acc = a.add(acc, t);
    }
    a.div(acc, e.den as i128, upper)
}

/// The least of an upper bound's pieces (`upper`) or the largest of a
/// lower bound's, `None` without pieces.
fn pieces<A: Arith>(a: &mut A, model: &Model, pieces: &[AffBound], upper: bool) -> Option<A::V> {
    let mut out: Option<A::V> = None;
    for pb in pieces {
        let v = piece(a, model, pb, upper);
        out = Some(match out {
            None => v,
            Some(o) if upper => a.min(o, v),
            Some(o) => a.max(o, v),
        });
    }
    out
}

/// A bound that is not known (a level without pieces; `array_range` makes
/// none): a constant beyond i64, which fails the check in every mode (an
/// overflow when checked; no magnitude bound, so never plain).
fn unknown<A: Arith>(a: &mut A) -> A::V {
    a.constant(i128::MAX)
}

/// Where the accesses of `arr` start and end, in bytes from `base` (see the
/// module documentation); `None` when it is never accessed under the
/// context (an empty range, disjoint from every other).
fn array_bytes<A: Arith>(a: &mut A, model: &Model, arr: &Array, r: &ArrayRange, base: A::V) -> Option<(A::V, A::V)> {
    // Bytes per step of each subscript, outermost first: the element size
    // times the sizes of the dimensions after it.
    let mut rows = vec![a.constant(arr.elem_bytes as i128)];
    for size in arr.inner_sizes.iter().rev() {
        let mut n = a.constant(size.constant);
        for (sym, &c) in &size.coeffs {
            let (k, v) = (a.constant(c), a.param(*sym));
            let t = a.mul(v, k);
            n = a.add(n, t);
        }
        let row = a.mul(rows[0], n);
        rows.insert(0, row);
    }
    // Past each access's last element (its chain of bounds, inner ones at
    // least 0): the highest; each access's first row: the lowest.
    let zero = a.constant(0);
    let one = a.constant(1);
    let mut past: Option<A::V> = None;
    for chain in &r.last {
        let mut off = zero;
        for (k, level) in chain.iter().enumerate() {
            let mut v = pieces(a, model, level, true).unwrap_or_else(|| unknown(a));
            if k > 0 {
                v = a.max(v, zero);
            }
            if k + 1 == chain.len() {
                v = a.add(v, one);
            }
            let t = a.mul(v, rows[k]);
            off = a.add(off, t);
        }
        past = Some(match past {
            None => off,
            Some(p) => a.max(p, off),
        });
    }
    let mut lo: Option<A::V> = None;
    for level in &r.lower {
        let v = pieces(a, model, level, false).unwrap_or_else(|| unknown(a));
        lo = Some(match lo {
            None => v,
            Some(l) => a.min(l, v),
        });
    }
    let (lo, past) = (lo?, past?);
    let first = a.mul(lo, rows[0]);
    let start = a.add(base, first);
    let end = a.add(base, past);
    Some((start, end))
}

/// `end_a <= start_b || end_b <= start_a` for every pair, over `a`'s
/// values, and no overflow; `base` gives an array's base address as a
/// value of `a` (asked once per array).
fn disjoint<A: Arith>(
    a: &mut A,
    model: &Model,
    pairs: &[(ArrayId, ArrayId)],
    precomputed: &HashMap<ArrayId, ArrayRange>,
    mut base: impl FnMut(&mut A, &Array) -> A::V,
) -> A::C {
    let mut ranges: HashMap<ArrayId, Option<(A::V, A::V)>> = HashMap::default();
    let mut acc = a.truth(true);
    for &(x, y) in pairs {
        for id in [x, y] {
            if !ranges.contains_key(&id) {
                let arr = model.array(id);
                let b = base(a, arr);
                let r = array_bytes(a, model, arr, &precomputed[&id], b);
                ranges.insert(id, r);
            }
        }
        let (Some((sx, ex)), Some((sy, ey))) = (ranges[&x], ranges[&y]) else { continue };
        let before = a.le(ex, sy);
        let after = a.le(ey, sx);
        let apart = a.or(before, after);
        acc = a.and(acc, apart);
    }
    let overflow = a.overflowed();
    let exact = a.not(overflow);
    a.and(acc, exact)
}

/// The largest `k` (at least 16) such that with every parameter within
/// `2^k` in absolute value, no value of the check passes [`PLAIN_LIMIT`];
/// with the parameters it reads.
fn plain_bound(model: &Model, pairs: &[(ArrayId, ArrayId)], precomputed: &HashMap<ArrayId, ArrayRange>, widths: &HashMap<Sym, u32>) -> Option<(u32, std::collections::BTreeSet<Sym>)> {
    (16..=62).rev().find_map(|k| {
        let mut m = Magnitude { widths, log2_bound: k, exceeded: false, used: Default::default() };
        // Offsets from the base: every one within 2^62, and each base
        // below 2^62 (checked), start and end stay below 2^63.
        disjoint(&mut m, model, pairs, precomputed, |_, _| 0);
        (!m.exceeded).then_some((k, m.used))
    })
}

/// That no written array overlaps another it may alias, for `pairs` (see
/// the module documentation).
pub fn alias_condition<'a>(
    ir: &Ir<'a>,
    g: &ExprGen<'a, '_>,
    model: &Model,
    pairs: &[(ArrayId, ArrayId)],
    precomputed: &HashMap<ArrayId, ArrayRange>,
    params: &HashMap<Sym, IntValue<'a>>,
) -> IntValue<'a> {
    if pairs.is_empty() {
        return g.ctx.bool_type().const_int(1, false);
    }
    let i64t = g.ctx.i64_type();
    let address = |g: &ExprGen<'a, '_>, arr: &Array| ok(g.b.build_ptr_to_int(ir.basic_value(arr.base).into_pointer_value(), i64t, "base"));
    // Parameters narrower than 64 bits are sign-extended for the region
    // (codegen::generate): |p| <= 2^(bits - 1).
    let widths: HashMap<Sym, u32> = model.params.iter().map(|p| (p.sym, p.bits)).collect();
    let Some((k, used)) = plain_bound(model, pairs, precomputed, &widths) else {
        let mut rt = Runtime::checked(ir, g, params);
        return disjoint(&mut rt, model, pairs, precomputed, |rt, arr| address(rt.g, arr));
    };
    // The parameters and base addresses the magnitudes assumed.
    let mut acc = g.ctx.bool_type().const_int(1, false);
    for s in used.iter().filter(|s| widths.get(s).map_or(true, |&w| w > k + 1)) {
        let bound = 1i64 << k;
        let shifted = ok(g.b.build_int_add(params[s], g.i64(bound), "p"));
        let within = ok(g.b.build_int_compare(IntPredicate::ULE, shifted, g.i64(2 * bound), "p.small"));
        acc = ok(g.b.build_and(acc, within, "small"));
    }
    let mut plain = Runtime::plain(g, params);
    let mut bases_small = g.ctx.bool_type().const_int(1, false);
    let apart = disjoint(&mut plain, model, pairs, precomputed, |p, arr| {
        let at = address(p.g, arr);
        let low = ok(p.g.b.build_int_compare(IntPredicate::ULT, at, p.g.i64(PLAIN_LIMIT as i64), "base.low"));
        bases_small = ok(p.g.b.build_and(bases_small, low, "low"));
        at
    });
    let acc = ok(g.b.build_and(acc, bases_small, "small"));
    ok(g.b.build_and(acc, apart, "noalias"))
}

/// Where the accesses of array `a` start and end, in bytes from its base
/// pointer (as the alias checks compute them, with every operation checked
/// for overflow), and whether any operation overflowed; `None` when it is
/// never accessed under the context.
pub fn array_extent<'a>(ir: &Ir<'a>, g: &ExprGen<'a, '_>, model: &Model, a: ArrayId, range: &ArrayRange, params: &HashMap<Sym, IntValue<'a>>) -> Option<(IntValue<'a>, IntValue<'a>, IntValue<'a>)> {
    let mut rt = Runtime::checked(ir, g, params);
    let zero = g.i64(0);
    let (start, end) = array_bytes(&mut rt, model, model.array(a), range, zero)?;
    Some((start, end, rt.overflowed()))
}
