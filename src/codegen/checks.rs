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
//! and fail the check for nothing. Computed in i128 so that products of
//! 64-bit sizes cannot wrap.

use super::expr::ExprGen;
use super::ok;
use crate::bridge::rewrite::Ir;
use crate::ir::{FunctionView, ValueKind};
use crate::poly::{AffBound, BasicSet, Set};
use crate::scop::affine::{AffExpr, Sym};
use crate::scop::model::{ArrayId, Model, Target};
use crate::scop::ranges::{self, Arith};
use crate::scop::to_poly::{param_ranges, statement_space, Columns};
use inkwell::intrinsics::Intrinsic;
use inkwell::values::{FunctionValue, IntValue};
use inkwell::IntPredicate;
use crate::stable::HashMap;

/// At most this many arrays take part in alias checks (Polly's limit too).
pub const MAX_CHECKED_ARRAYS: usize = 20;

/// Where one array's accesses start and end, per access and disjunct of
/// its domain: `lower`, the pieces of the outermost subscript's lower
/// bound (their maximum); `last`, the chain of upper bounds of the last
/// position (see the module documentation), outermost first, each level's
/// pieces (their minimum).
pub struct ArrayRange {
    pub lower: Vec<Vec<AffBound>>,
    pub last: Vec<Vec<Vec<AffBound>>>,
}

/// Which pairs of arrays need a check: at least one written, and not
/// provably distinct: two different globals, or a `noalias` argument and
/// another argument or a global. A base computed in the function (a
/// pointer hoisted out of the loops, `&A[6]`) may be based on the `noalias`
/// argument itself, so `noalias` says nothing about it.
pub fn pairs_to_check(model: &Model, view: &FunctionView) -> Vec<(ArrayId, ArrayId)> {
    let written: Vec<bool> = (0..model.arrays.len())
        .map(|a| {
            model.statements.iter().flat_map(|s| &s.accesses).any(|x| {
                x.kind == crate::scop::model::AccessKind::Write && x.target == Target::Array(ArrayId(a as u32))
            })
        })
        .collect();
    let mut out = Vec::new();
    for a in 0..model.arrays.len() {
        for b in a + 1..model.arrays.len() {
            if !written[a] && !written[b] {
                continue;
            }
            let (x, y) = (&model.arrays[a], &model.arrays[b]);
            let global = |v| matches!(view.value(v).kind, ValueKind::Global);
            let identified = |v| global(v) || matches!(view.value(v).kind, ValueKind::Argument { .. });
            let both_globals = global(x.base) && global(y.base);
            let restrict = (x.noalias || y.noalias) && identified(x.base) && identified(y.base);
            if restrict || both_globals {
                continue;
            }
            out.push((ArrayId(a as u32), ArrayId(b as u32)));
        }
    }
    out
}

/// Whether the SCoP may be optimized with checks on `pairs`: checks must be
/// allowed (`-tessera-rtc`) and involve at most [`MAX_CHECKED_ARRAYS`]
/// arrays, so that their cost stays small next to the region's.
pub fn admissible(model: &Model, pairs: &[(ArrayId, ArrayId)], rtc: bool) -> Result<(), String> {
    if pairs.is_empty() {
        return Ok(());
    }
    if !rtc {
        let names: Vec<String> = pairs.iter().map(|&(x, y)| format!("{}/{}", model.array(x).name, model.array(y).name)).collect();
        return Err(format!(
            "arrays may overlap ({}) and run-time alias checks are disabled (-tessera-rtc=0); `restrict` pointers would tell they do not",
            names.join(", ")
        ));
    }
    let arrays: std::collections::BTreeSet<ArrayId> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
    if arrays.len() > MAX_CHECKED_ARRAYS {
        return Err(format!(
            "run-time alias checks would involve {} arrays ({} pairs); the limit is {MAX_CHECKED_ARRAYS} arrays; `restrict` pointers would make the checks unneeded",
            arrays.len(),
            pairs.len()
        ));
    }
    Ok(())
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
    let declare = |name: &str| {
        let i = Intrinsic::find(name).expect("LLVM has the overflow intrinsics");
        i.get_declaration(ir.module(), &[g.ctx.i64_type().into()]).expect("declared for i64")
    };
    let mut rt = Runtime {
        g,
        params,
        sadd: declare("llvm.sadd.with.overflow"),
        smul: declare("llvm.smul.with.overflow"),
        overflow: g.ctx.bool_type().const_int(0, false),
    };
    for rc in &model.range_checks {
        let holds = ranges::condition(rc, &mut rt);
        acc = ok(g.b.build_and(acc, holds, "range"));
    }
    acc
}

/// [`Arith`] as IR in i64: sums and products through the overflow
/// intrinsics, an overflow anywhere failing the check. (Parameters are
/// 64-bit at most, so i64 holds every value a check that passes needs.)
struct Runtime<'a, 'g> {
    g: &'g ExprGen<'a, 'g>,
    params: &'g HashMap<Sym, IntValue<'a>>,
    sadd: FunctionValue<'a>,
    smul: FunctionValue<'a>,
    overflow: IntValue<'a>,
}

impl<'a> Runtime<'a, '_> {
    fn checked(&mut self, f: FunctionValue<'a>, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
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
        self.checked(self.sadd, a, b)
    }
    fn mul(&mut self, a: IntValue<'a>, b: IntValue<'a>) -> IntValue<'a> {
        self.checked(self.smul, a, b)
    }
    fn div(&mut self, a: IntValue<'a>, d: i128, upper: bool) -> IntValue<'a> {
        // Denominators are small (from the polyhedral core's rows).
        match i64::try_from(d) {
            Ok(d) => self.g.expr_div(a, d, upper),
            Err(_) => self.constant(i128::MAX),
        }
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
