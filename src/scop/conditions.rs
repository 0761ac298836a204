//! Branch conditions and loop bounds as constraints (in disjunctive normal
//! form) over counters and parameters.

use super::affine::{dnf_and, AffExpr, Constraint, Dnf, Sym};
use super::polynomial::{extension_range, Found, Polynomial, SymEnv};
use super::reason::Reason;
use crate::ir::{FunctionView, Op, Opcode, Pred, Scev, ValueId};

/// Disjunctions beyond this size are given up (the model would explode).
pub const MAX_DISJUNCTS: usize = 8;

fn retag(r: Reason, as_bound: bool) -> Reason {
    match r {
        Reason::NonAffineSubscript(d) if as_bound => Reason::NonAffineBound(d),
        Reason::NonAffineSubscript(d) => Reason::NonAffineCondition(d),
        other => other,
    }
}

fn affine_of(s: &Scev, env: &dyn SymEnv, as_bound: bool, found: &mut Found) -> Result<AffExpr, Reason> {
    let p = Polynomial::from_scev(s, env, found).map_err(|r| retag(r, as_bound))?;
    p.to_affine().ok_or_else(|| Reason::ParameterProduct(if as_bound { "in a loop bound" } else { "in a condition" }.into()))
}

fn overflow() -> Reason {
    Reason::Overflow("constraint coefficient too large".into())
}

fn limit(d: Dnf) -> Result<Dnf, Reason> {
    if d.len() > MAX_DISJUNCTS {
        Err(Reason::NonAffineCondition("too many disjunctions".into()))
    } else {
        Ok(d)
    }
}

/// `lhs pred rhs` (negated if asked) as a DNF.
fn compare(pred: Pred, lhs: &AffExpr, rhs: &AffExpr, negate: bool) -> Result<Dnf, Reason> {
    use Pred::*;
    let pred = if negate { negated(pred) } else { pred };
    let c = |r: Result<Constraint, _>| r.map_err(|_| overflow());
    Ok(match pred {
        Eq => vec![vec![Constraint::eq0(lhs.sub(rhs).map_err(|_| overflow())?)]],
        Ne => vec![vec![c(Constraint::lt(lhs, rhs))?], vec![c(Constraint::lt(rhs, lhs))?]],
        Slt | Ult => vec![vec![c(Constraint::lt(lhs, rhs))?]],
        Sle | Ule => vec![vec![c(Constraint::le(lhs, rhs))?]],
        Sgt | Ugt => vec![vec![c(Constraint::lt(rhs, lhs))?]],
        Sge | Uge => vec![vec![c(Constraint::le(rhs, lhs))?]],
    })
}

/// `lhs pred rhs` (negated if asked) where a side is a min/max, as a DNF:
/// `x < min(a, b)` is `x < a and x < b`, `x < max(a, b)` is `x < a or
/// x < b` (loop guards of `for (j = max(0, i - k); j <= min(n - 1, i + k); j++)`,
/// `j < n && j < i + w` folded into one `umin`).
fn compare_minmax(pred: Pred, lhs: &Scev, rhs: &Scev, negate: bool, env: &dyn SymEnv, found: &mut Found) -> Result<Dnf, Reason> {
    let as_condition = |r: Reason| match r {
        Reason::NonAffineBound(d) => Reason::NonAffineCondition(d),
        other => other,
    };
    let l = bound_pieces(lhs, env, found).map_err(as_condition)?;
    let r = bound_pieces(rhs, env, found).map_err(as_condition)?;
    if is_unsigned(pred) {
        assume_nonneg(&l, found);
        assume_nonneg(&r, found);
    }
    let less = pieces_less;
    use Pred::*;
    let pred = if negate { negated(pred) } else { pred };
    match pred {
        Slt | Ult => less(&l, &r, true),
        Sle | Ule => less(&l, &r, false),
        Sgt | Ugt => less(&r, &l, true),
        Sge | Uge => less(&r, &l, false),
        Eq => limit(dnf_and(&less(&l, &r, false)?, &less(&r, &l, false)?)),
        Ne => limit(less(&l, &r, true)?.into_iter().chain(less(&r, &l, true)?).collect()),
    }
}

/// `a < b` (`a <= b` unless `strict`) as a DNF, where both sides are max
/// over disjuncts of min over conjuncts (see [`bound_pieces`]).
pub fn pieces_less(a: &[Vec<AffExpr>], b: &[Vec<AffExpr>], strict: bool) -> Result<Dnf, Reason> {
    // max_i min_j a_ij < max_p min_q b_pq
    //   iff  exists p, forall q, forall i, exists j: a_ij < b_pq
    let mut out = Vec::new();
    for bp in b {
        let mut conj: Dnf = vec![vec![]];
        for bq in bp {
            for ai in a {
                let mut any = Vec::new();
                for aij in ai {
                    let c = if strict { Constraint::lt(aij, bq) } else { Constraint::le(aij, bq) };
                    any.push(vec![c.map_err(|_| overflow())?]);
                }
                conj = limit(dnf_and(&conj, &any))?;
            }
        }
        out.extend(conj);
    }
    limit(out)
}

/// Whether a value given as pieces is non-negative whatever its symbols:
/// a disjunct of its maximum whose pieces are all constants >= 0.
fn has_nonneg_constant_piece(p: &[Vec<AffExpr>]) -> bool {
    p.iter().any(|conj| conj.iter().all(|e| e.is_constant() && e.constant >= 0))
}

/// Records that a value given as pieces (see [`bound_pieces`]) is
/// non-negative: it is one of its pieces, and is non-negative anyway when
/// a piece of its maximum is a constant >= 0 (`smax(0, i - k)`).
fn assume_nonneg(p: &[Vec<AffExpr>], found: &mut Found) {
    if has_nonneg_constant_piece(p) {
        return;
    }
    for e in p.iter().flatten() {
        found.ranges.push((affine_to_poly(e), 0, None));
    }
}

/// The negation of a DNF, as a DNF.
pub fn negate_dnf(d: &Dnf) -> Result<Dnf, Reason> {
    let mut out: Dnf = vec![vec![]];
    for conj in d {
        let mut any: Dnf = Vec::new();
        for c in conj {
            let e = &c.expr;
            let below = e.scale(-1).and_then(|x| x.add_const(-1)).map_err(|_| overflow())?;
            any.push(vec![Constraint::ge0(below)]);
            if c.is_eq {
                any.push(vec![Constraint::ge0(e.add_const(-1).map_err(|_| overflow())?)]);
            }
        }
        out = limit(dnf_and(&out, &any))?;
    }
    Ok(out)
}

/// `a + b` with terms `x` and `-1 * x` cancelled: the end of a loop that
/// starts at a min/max `s` is `s + (umax(s, e) - s)`, that is `umax(s, e)`.
pub fn sum_cancelling(a: &Scev, b: &Scev) -> Scev {
    fn flatten(s: &Scev, out: &mut Vec<Scev>) {
        match s {
            Scev::Add(ts) => ts.iter().for_each(|t| flatten(t, out)),
            t => out.push(t.clone()),
        }
    }
    let mut terms = Vec::new();
    flatten(a, &mut terms);
    flatten(b, &mut terms);
    let mut i = 0;
    while i < terms.len() {
        let partner = terms.iter().position(|t| matches!(t, Scev::Mul(fs) if fs.len() == 2 && fs[0] == Scev::Const(-1) && fs[1] == terms[i]));
        match partner {
            Some(j) => {
                let (hi, lo) = (i.max(j), i.min(j));
                terms.remove(hi);
                terms.remove(lo);
                i = 0;
            }
            None => i += 1,
        }
    }
    match terms.len() {
        0 => Scev::Const(0),
        1 => terms.pop().expect("one term"),
        _ => Scev::Add(terms),
    }
}

fn negated(pred: Pred) -> Pred {
    use Pred::*;
    match pred {
        Eq => Ne,
        Ne => Eq,
        Slt => Sge,
        Sle => Sgt,
        Sgt => Sle,
        Sge => Slt,
        Ult => Uge,
        Ule => Ugt,
        Ugt => Ule,
        Uge => Ult,
    }
}

fn is_unsigned(p: Pred) -> bool {
    matches!(p, Pred::Ult | Pred::Ule | Pred::Ugt | Pred::Uge)
}

/// The condition `cond` (or its negation) as a DNF. Unsigned comparisons
/// are read as signed ones under the assumption, recorded in `found`,
/// that both sides are non-negative (the caller must prove it).
pub fn condition(view: &FunctionView, env: &dyn SymEnv, cond: ValueId, negate: bool, found: &mut Found) -> Result<Dnf, Reason> {
    let opaque = || Reason::NonAffineCondition(format!("'{}' is not an affine comparison", view.value(cond).name));
    let def = view.def(cond).ok_or_else(opaque)?;
    match &def.op {
        Op::ICmp { pred, lhs, rhs } => {
            let (ls, rs) = (view.scev(*lhs).ok_or_else(opaque)?, view.scev(*rhs).ok_or_else(opaque)?);
            if has_minmax(ls) || has_minmax(rs) {
                return compare_minmax(*pred, ls, rs, negate, env, found);
            }
            let l = affine_of(ls, env, false, found)?;
            let r = affine_of(rs, env, false, found)?;
            if is_unsigned(*pred) {
                for side in [&l, &r] {
                    found.ranges.push((affine_to_poly(side), 0, None));
                }
            }
            compare(*pred, &l, &r, negate)
        }
        Op::Binary { opcode: opcode @ (Opcode::And | Opcode::Or) } if def.operands.len() == 2 => {
            let a = condition(view, env, def.operands[0], negate, found)?;
            let b = condition(view, env, def.operands[1], negate, found)?;
            // De Morgan: a negated `and` is an `or` of the negations.
            let conj = (*opcode == Opcode::And) != negate;
            limit(if conj { dnf_and(&a, &b) } else { a.into_iter().chain(b).collect() })
        }
        Op::Select if def.operands.len() == 3 => {
            // `select c, a, false` is `c && a`; `select c, true, b` is `c || b`
            // (how -O3 writes short-circuit conditions).
            let (c, a, b) = (def.operands[0], def.operands[1], def.operands[2]);
            let as_bool = |v: ValueId| match view.scev(v) {
                Some(Scev::Const(x)) => Some(*x != 0),
                _ => None,
            };
            let (x, y, conj) = match (as_bool(a), as_bool(b)) {
                (_, Some(false)) => (c, a, true),
                (Some(true), _) => (c, b, false),
                _ => return Err(opaque()),
            };
            let dx = condition(view, env, x, negate, found)?;
            let dy = condition(view, env, y, negate, found)?;
            limit(if conj != negate { dnf_and(&dx, &dy) } else { dx.into_iter().chain(dy).collect() })
        }
        _ => Err(opaque()),
    }
}

pub fn affine_to_poly(e: &AffExpr) -> Polynomial {
    let mut p = Polynomial::constant(e.constant);
    for (&s, &c) in &e.coeffs {
        p.terms.insert(vec![s], c);
    }
    p
}

/// `k <= btc` as a DNF: SCEV writes trip counts with min/max (`smax(1, n) - 1`),
/// which become disjunctions (max) and conjunctions (min) of affine bounds.
pub fn upper_bound(btc: &Scev, k: Sym, env: &dyn SymEnv, found: &mut Found) -> Result<Dnf, Reason> {
    if let Some(b) = quotient_bound(btc, k, env, found)? {
        return Ok(b);
    }
    let exprs = bound_pieces(btc, env, found)?;
    let ke = AffExpr::sym(k);
    let mut out = Vec::new();
    for conj in exprs {
        let mut cs = Vec::new();
        for e in conj {
            cs.push(Constraint::le(&ke, &e).map_err(|_| overflow())?);
        }
        out.push(cs);
    }
    limit(out)
}

/// `k <= a + x /u d`: SCEV's trip count of `k < n / 2` (`x /u d` is an
/// unsigned division by a constant), as `d·(k - a) <= x`, which is exact
/// when `x >= 0` (recorded as an obligation, so that unsigned and signed
/// readings of `x` agree). `None` for any other shape.
fn quotient_bound(btc: &Scev, k: Sym, env: &dyn SymEnv, found: &mut Found) -> Result<Option<Dnf>, Reason> {
    let terms: Vec<&Scev> = match btc {
        Scev::Add(ts) => ts.iter().collect(),
        s => vec![s],
    };
    let (divs, rest): (Vec<&Scev>, Vec<&Scev>) = terms.into_iter().partition(|t| matches!(t, Scev::UDiv(..)));
    let [Scev::UDiv(x, d)] = divs.as_slice() else { return Ok(None) };
    let Scev::Const(d) = **d else { return Ok(None) };
    if !(2..=1 << 20).contains(&d) || rest.iter().any(|t| has_minmax(t)) {
        return Ok(None);
    }
    let mut a = AffExpr::default();
    for t in rest {
        a = a.add(&affine_of(t, env, true, found)?).map_err(|_| overflow())?;
    }
    // The dividend may be a min/max (`(umax(n, i + 4) - i - 1) /u 4`, the
    // trip count of `for (j = i; j < n; j += 4)`): d·(k - a) is below one
    // of its pieces.
    let xs = bound_pieces(x, env, found)?;
    assume_nonneg(&xs, found);
    let dk = AffExpr::sym(k).sub(&a).and_then(|ka| ka.scale(d)).map_err(|_| overflow())?;
    Ok(Some(pieces_less(&[vec![dk]], &xs, false)?))
}

/// The value of `s` as max over disjuncts of min over conjuncts of affine
/// expressions: `vec![vec![a, b], vec![c]]` is `max(min(a, b), c)`.
pub fn bound_pieces(s: &Scev, env: &dyn SymEnv, found: &mut Found) -> Result<Vec<Vec<AffExpr>>, Reason> {
    // Unsigned and signed maximum (minimum) agree on non-negative values
    // (assume_nonneg on an unsigned one's operands).
    match s {
        Scev::CouldNotCompute => Err(Reason::NonAffineBound("trip count not computable".into())),
        Scev::SMax(ops) | Scev::UMax(ops) => {
            let mut out = Vec::new();
            for o in ops {
                let p = bound_pieces(o, env, found)?;
                if matches!(s, Scev::UMax(_)) {
                    assume_nonneg(&p, found);
                }
                out.extend(p);
            }
            Ok(out)
        }
        Scev::SMin(ops) | Scev::UMin(ops) => {
            let mut acc: Vec<Vec<AffExpr>> = vec![vec![]];
            for o in ops {
                let p = bound_pieces(o, env, found)?;
                if matches!(s, Scev::UMin(_)) {
                    assume_nonneg(&p, found);
                }
                let mut next = Vec::new();
                for a in &acc {
                    for b in &p {
                        next.push(a.iter().chain(b).cloned().collect());
                    }
                }
                acc = next;
            }
            Ok(acc)
        }
        // c * max/min(...): scaling by c < 0 swaps max and min
        // (n - umin(2, n) is how SCEV writes a loop counting down to 1).
        Scev::Mul(fs) if fs.len() == 2 && matches!(fs[0], Scev::Const(_)) && has_minmax(&fs[1]) => {
            let Scev::Const(c) = fs[0] else { unreachable!("matched above") };
            let pieces = bound_pieces(&fs[1], env, found)?;
            let scaled = |e: &AffExpr| e.scale(c).map_err(|_| overflow());
            if c >= 0 {
                return pieces.iter().map(|conj| conj.iter().map(scaled).collect()).collect();
            }
            // -max_i min_j a_ij = min_i max_j (-a_ij) = max over choices f of min_i (-a_i,f(i)).
            let mut acc: Vec<Vec<AffExpr>> = vec![vec![]];
            for conj in &pieces {
                let mut next = Vec::new();
                for a in &acc {
                    for e in conj {
                        let mut x = a.clone();
                        x.push(scaled(e)?);
                        next.push(x);
                    }
                }
                acc = next;
                if acc.len() > MAX_DISJUNCTS {
                    return Err(Reason::NonAffineBound("too many min/max pieces".into()));
                }
            }
            Ok(acc)
        }
        // c + max(...) distributes: max(a, b) + c = max(a + c, b + c).
        Scev::Add(terms) if terms.iter().any(has_minmax) => {
            let mut acc: Vec<Vec<AffExpr>> = vec![vec![AffExpr::default()]];
            for t in terms {
                let p = bound_pieces(t, env, found)?;
                let mut next = Vec::new();
                for a in &acc {
                    for b in &p {
                        let mut conj = Vec::new();
                        for x in a {
                            for y in b {
                                conj.push(x.add(y).map_err(|_| overflow())?);
                            }
                        }
                        next.push(conj);
                    }
                }
                acc = next;
            }
            Ok(acc)
        }
        Scev::ZExt(x, bits) | Scev::SExt(x, bits) if has_minmax(x) => {
            // An extension of a min/max is the min/max of the extended
            // pieces when every piece is exact at the narrow width.
            let pieces = bound_pieces(x, env, found)?;
            let (lo, hi) = match (s, x.as_ref()) {
                // A signed min/max compares its pieces at the narrow width:
                // each must be in the signed range, and the zero extension
                // of the result is itself when it is non-negative, as it is
                // when a piece of the maximum is a constant >= 0
                // (`zext(smax(0, i - k))`).
                (Scev::ZExt(..), Scev::SMax(_) | Scev::SMin(_)) => {
                    let (slo, shi) = extension_range(true, *bits)?;
                    let floor = has_nonneg_constant_piece(&pieces);
                    (if floor { slo } else { 0 }, shi)
                }
                _ => extension_range(matches!(s, Scev::SExt(..)), *bits)?,
            };
            for e in pieces.iter().flatten() {
                if lo != i128::MIN || hi.is_some() {
                    found.ranges.push((affine_to_poly(e), lo, hi));
                }
            }
            Ok(pieces)
        }
        _ => Ok(vec![vec![affine_of(s, env, true, found)?]]),
    }
}

pub fn has_minmax(s: &Scev) -> bool {
    matches!(s, Scev::SMax(_) | Scev::UMax(_) | Scev::SMin(_) | Scev::UMin(_))
        || matches!(s, Scev::ZExt(x, _) | Scev::SExt(x, _) if has_minmax(x))
        || matches!(s, Scev::Mul(fs) if fs.len() == 2 && matches!(fs[0], Scev::Const(_)) && has_minmax(&fs[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};

    struct Env;
    impl SymEnv for Env {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
    }

    #[test]
    fn smax_trip_count_is_a_disjunction() {
        // k <= smax(1, n) - 1  =  k <= 0  or  k <= n - 1
        let btc = Scev::Add(vec![Scev::Const(-1), Scev::SMax(vec![Scev::Const(1), Scev::Unknown(ValueId(0))])]);
        let k = Sym::loop_counter(LoopId(0));
        let d = upper_bound(&btc, k, &Env, &mut Found::default()).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d[0][0].expr.constant, 0);
        assert_eq!(d[1][0].expr.coeff(Sym::Param(ValueId(0))), 1);
    }

    #[test]
    fn smin_trip_count_is_a_conjunction() {
        let btc = Scev::SMin(vec![Scev::Const(9), Scev::Unknown(ValueId(0))]);
        let d = upper_bound(&btc, Sym::loop_counter(LoopId(0)), &Env, &mut Found::default()).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].len(), 2);
    }

    #[test]
    fn negated_min_becomes_a_max() {
        // k <= n - umin(2, n)  =  k <= max(n - 2, 0)
        let n = Scev::Unknown(ValueId(0));
        let btc = Scev::Add(vec![n.clone(), Scev::Mul(vec![Scev::Const(-1), Scev::UMin(vec![Scev::Const(2), n])])]);
        let d = upper_bound(&btc, Sym::loop_counter(LoopId(0)), &Env, &mut Found::default()).unwrap();
        assert_eq!(d.len(), 2);
        let consts: Vec<i128> = d.iter().map(|c| c[0].expr.constant).collect();
        assert!(consts.contains(&-2) && consts.contains(&0), "{d:?}");
    }

    #[test]
    fn quotient_trip_count_is_a_scaled_bound() {
        // k <= -1 + n /u 2  =  2k + 2 <= n, with the obligation n >= 0;
        // brute force: the integer k it admits are exactly 0 .. n/2 - 1.
        let btc = Scev::Add(vec![Scev::Const(-1), Scev::UDiv(Box::new(Scev::Unknown(ValueId(0))), Box::new(Scev::Const(2)))]);
        let k = Sym::loop_counter(LoopId(0));
        let mut found = Found::default();
        let d = upper_bound(&btc, k, &Env, &mut found).unwrap();
        assert_eq!(found.ranges.len(), 1);
        let [conj] = d.as_slice() else { panic!("{d:?}") };
        let [c] = conj.as_slice() else { panic!("{d:?}") };
        for n in 0i128..20 {
            for kv in -3i128..15 {
                let v = c.expr.coeff(k) * kv + c.expr.coeff(Sym::Param(ValueId(0))) * n + c.expr.constant;
                assert_eq!(v >= 0, kv <= n / 2 - 1, "n {n} k {kv}");
            }
        }
        // Two divisions, or one under a min/max, keep their old reason.
        let two = Scev::Add(vec![btc.clone(), Scev::UDiv(Box::new(Scev::Unknown(ValueId(1))), Box::new(Scev::Const(3)))]);
        assert!(matches!(upper_bound(&two, k, &Env, &mut found), Err(Reason::NonAffineBound(_))));
        let under_max = Scev::SMax(vec![Scev::Const(0), btc]);
        assert!(matches!(upper_bound(&under_max, k, &Env, &mut found), Err(Reason::NonAffineBound(_))));
    }

    /// Value of a DNF at a point (`val` gives each symbol's value).
    fn holds(d: &Dnf, val: &dyn Fn(Sym) -> i128) -> bool {
        d.iter().any(|conj| {
            conj.iter().all(|c| {
                let v = c.expr.coeffs.iter().map(|(&s, &k)| k * val(s)).sum::<i128>() + c.expr.constant;
                if c.is_eq {
                    v == 0
                } else {
                    v >= 0
                }
            })
        })
    }

    #[test]
    fn min_max_comparisons_match_brute_force() {
        // lhs = smax(0, x - 2), rhs = smin(y, x + 1), over every predicate
        // and its negation, against direct evaluation.
        let (x, y) = (Scev::Unknown(ValueId(0)), Scev::Unknown(ValueId(1)));
        let lhs = Scev::SMax(vec![Scev::Const(0), Scev::Add(vec![x.clone(), Scev::Const(-2)])]);
        let rhs = Scev::SMin(vec![y, Scev::Add(vec![x, Scev::Const(1)])]);
        use Pred::*;
        for pred in [Eq, Ne, Slt, Sle, Sgt, Sge] {
            for negate in [false, true] {
                let d = compare_minmax(pred, &lhs, &rhs, negate, &Env, &mut Found::default()).unwrap();
                for xv in -4i128..8 {
                    for yv in -4i128..8 {
                        let val = |s: Sym| if s == Sym::Param(ValueId(0)) { xv } else { yv };
                        let (l, r) = ((xv - 2).max(0), yv.min(xv + 1));
                        let want = match pred {
                            Eq => l == r,
                            Ne => l != r,
                            Slt => l < r,
                            Sle => l <= r,
                            Sgt => l > r,
                            Sge => l >= r,
                            _ => unreachable!(),
                        } != negate;
                        assert_eq!(holds(&d, &val), want, "{pred:?} negate {negate} x {xv} y {yv}");
                    }
                }
            }
        }
    }

    #[test]
    fn negated_dnf_matches_brute_force() {
        let (a, b) = (AffExpr::sym(Sym::Param(ValueId(0))), AffExpr::sym(Sym::Param(ValueId(1))));
        let d: Dnf = vec![
            vec![Constraint::le(&a, &b).unwrap(), Constraint::ge0(a.add_const(3).unwrap())],
            vec![Constraint::eq0(a.sub(&b).unwrap().add_const(-2).unwrap())],
        ];
        let n = negate_dnf(&d).unwrap();
        for av in -6i128..6 {
            for bv in -6i128..6 {
                let val = |s: Sym| if s == Sym::Param(ValueId(0)) { av } else { bv };
                assert_eq!(holds(&n, &val), !holds(&d, &val), "a {av} b {bv}");
            }
        }
    }

    #[test]
    fn sums_cancel_a_term_and_its_negation() {
        // s + (-s + umax(s, e)) = umax(s, e): the end of a loop that starts at s.
        let s = Scev::SMax(vec![Scev::Const(0), Scev::Unknown(ValueId(0))]);
        let e = Scev::UMax(vec![s.clone(), Scev::Unknown(ValueId(1))]);
        let btc = Scev::Add(vec![Scev::Mul(vec![Scev::Const(-1), s.clone()]), e.clone()]);
        assert_eq!(sum_cancelling(&s, &btc), e);
        let other = Scev::Add(vec![Scev::Const(3), Scev::Unknown(ValueId(2))]);
        assert_eq!(sum_cancelling(&s, &other), Scev::Add(vec![s.clone(), Scev::Const(3), Scev::Unknown(ValueId(2))]));
    }

    #[test]
    fn quotient_of_a_maximum_matches_brute_force() {
        // k <= (umax(n, i + 4) - i - 1) /u 4: the trip count of
        // for (j = i; j < n; j += 4), for every i < n.
        let (n, i) = (Scev::Unknown(ValueId(0)), Scev::Unknown(ValueId(1)));
        let x = Scev::Add(vec![
            Scev::Const(-1),
            Scev::Mul(vec![Scev::Const(-1), i.clone()]),
            Scev::UMax(vec![n, Scev::Add(vec![i, Scev::Const(4)])]),
        ]);
        let btc = Scev::UDiv(Box::new(x), Box::new(Scev::Const(4)));
        let k = Sym::loop_counter(LoopId(0));
        let d = upper_bound(&btc, k, &Env, &mut Found::default()).unwrap();
        for nv in 1i128..14 {
            for iv in 0..nv {
                for kv in 0i128..6 {
                    let val = |s: Sym| match s {
                        Sym::Param(ValueId(0)) => nv,
                        Sym::Param(_) => iv,
                        _ => kv,
                    };
                    let btc = (nv.max(iv + 4) - iv - 1) / 4;
                    assert_eq!(holds(&d, &val), kv <= btc, "n {nv} i {iv} k {kv}");
                }
            }
        }
    }

    #[test]
    fn unknown_trip_count_is_rejected() {
        let r = upper_bound(&Scev::CouldNotCompute, Sym::loop_counter(LoopId(0)), &Env, &mut Found::default());
        assert!(matches!(r, Err(Reason::NonAffineBound(_))));
    }

    #[test]
    fn negated_comparisons() {
        let a = AffExpr::sym(Sym::loop_counter(LoopId(0)));
        let b = AffExpr::sym(Sym::Param(ValueId(0)));
        assert_eq!(compare(Pred::Eq, &a, &b, true).unwrap().len(), 2);
        let lt = compare(Pred::Slt, &a, &b, false).unwrap();
        let ge = compare(Pred::Slt, &a, &b, true).unwrap();
        // a < b is b - a - 1 >= 0; its negation a >= b is a - b >= 0.
        assert_eq!(lt[0][0].expr.constant, -1);
        assert_eq!(ge[0][0].expr.constant, 0);
        assert_eq!(ge[0][0].expr.coeff(Sym::loop_counter(LoopId(0))), 1);
    }
}
