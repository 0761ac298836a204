//! The run-time condition under which the optimized code runs: the
//! model's assumptions on parameters, and that no written array overlaps
//! another array it may alias (SPolly-style alias checks).
//!
//! Each array's accessed byte range is `[base + lo·R, base + (hi+1)·R)`
//! where `lo..hi` bounds the outermost subscript over the iteration domain
//! (parametric bounds from `src/poly`) and `R` is the size of one outermost
//! "row" (element size times the inner dimension sizes). Inner subscripts
//! stay within their dimensions (detection proved it), so the range covers
//! every access. Computed in i128 so that products of 64-bit sizes cannot
//! wrap.

use super::expr::ExprGen;
use crate::ir::{FunctionView, ValueKind};
use crate::poly::{AffBound, BasicSet, Set};
use crate::scop::affine::{AffExpr, Sym};
use crate::scop::model::{ArrayId, Model, Target};
use crate::scop::to_poly::{param_ranges, statement_space, Columns};
use inkwell::values::IntValue;
use inkwell::IntPredicate;
use std::collections::HashMap;

/// At most this many arrays take part in alias checks (Polly's limit too).
pub const MAX_CHECKED_ARRAYS: usize = 20;

/// Bounds of one array's outermost subscript over all its accesses:
/// `max(lower pieces)` per access, minimum over accesses, and likewise up.
pub struct ArrayRange {
    pub lower: Vec<Vec<AffBound>>,
    pub upper: Vec<Vec<AffBound>>,
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
            "arrays may overlap ({}) and run-time alias checks are disabled (-tessera-rtc=0)",
            names.join(", ")
        ));
    }
    let arrays: std::collections::BTreeSet<ArrayId> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
    if arrays.len() > MAX_CHECKED_ARRAYS {
        return Err(format!(
            "run-time alias checks would involve {} arrays ({} pairs); the limit is {MAX_CHECKED_ARRAYS} arrays",
            arrays.len(),
            pairs.len()
        ));
    }
    Ok(())
}

/// Parametric bounds of each checked array's outermost subscript.
pub fn array_range(model: &Model, a: ArrayId) -> Result<ArrayRange, String> {
    let mut lower = Vec::new();
    let mut upper = Vec::new();
    let mut ctx = model.context.clone();
    ctx.extend(model.assumptions.iter().cloned());
    ctx.extend(param_ranges(model));
    for s in &model.statements {
        let cols = Columns::of(model, s);
        let space = statement_space(model, s);
        for acc in s.accesses.iter().filter(|x| x.target == Target::Array(a)) {
            let sub = &acc.subscripts[0];
            let mut f = vec![0i64; cols.params.len() + cols.dims.len() + 1];
            for (&sym, &c) in &sub.coeffs {
                let col = cols.params.iter().chain(&cols.dims).position(|x| *x == sym).ok_or("subscript symbol")?;
                f[col] = i64::try_from(c).map_err(|_| "subscript coefficient too large")?;
            }
            *f.last_mut().expect("row") = i64::try_from(sub.constant).map_err(|_| "subscript constant too large")?;
            for conj in &s.domain {
                let mut cs = conj.clone();
                cs.extend(ctx.iter().cloned());
                let b: BasicSet = cols.basic_set(&space, &cs).map_err(|r| r.to_string())?;
                if Set::from_parts(space.clone(), vec![b.clone()]).map_err(|e| e.to_string())?.is_empty().map_err(|e| e.to_string())? {
                    continue;
                }
                let pb = b.bounds_of(&f).map_err(|e| format!("bounds of an access: {e}"))?;
                if pb.lower.is_empty() || pb.upper.is_empty() {
                    return Err(format!("the accesses to '{}' are unbounded", model.array(a).name));
                }
                lower.push(pb.lower);
                upper.push(pb.upper);
            }
        }
    }
    Ok(ArrayRange { lower, upper })
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
