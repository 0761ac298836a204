//! Branch conditions and loop bounds as constraints (in disjunctive normal
//! form) over counters and parameters.

use super::affine::{dnf_and, AffExpr, Constraint, Dnf, Sym};
use super::polynomial::{extension_range, Polynomial, SymEnv};
use super::reason::Reason;
use crate::ir::{FunctionView, Op, Pred, Scev, ValueId};

/// Disjunctions beyond this size are given up (the model would explode).
pub const MAX_DISJUNCTS: usize = 8;

fn retag(r: Reason, as_bound: bool) -> Reason {
    match r {
        Reason::NonAffineSubscript(d) if as_bound => Reason::NonAffineBound(d),
        Reason::NonAffineSubscript(d) => Reason::NonAffineCondition(d),
        other => other,
    }
}

fn affine_of(s: &Scev, env: &dyn SymEnv, as_bound: bool) -> Result<AffExpr, Reason> {
    let p = Polynomial::from_scev(s, env).map_err(|r| retag(r, as_bound))?;
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
    let pred = if negate {
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
    } else {
        pred
    };
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

fn is_unsigned(p: Pred) -> bool {
    matches!(p, Pred::Ult | Pred::Ule | Pred::Ugt | Pred::Uge)
}

/// The condition `cond` (or its negation) as a DNF. Unsigned comparisons
/// are read as signed ones under the assumption, recorded through `env`,
/// that both sides are non-negative (the caller must prove it).
pub fn condition(view: &FunctionView, env: &dyn SymEnv, cond: ValueId, negate: bool) -> Result<Dnf, Reason> {
    let opaque = || Reason::NonAffineCondition(format!("'{}' is not an affine comparison", view.value(cond).name));
    let def = view.def(cond).ok_or_else(opaque)?;
    match &def.op {
        Op::ICmp { pred, lhs, rhs } => {
            let l = affine_of(view.scev(*lhs).ok_or_else(opaque)?, env, false)?;
            let r = affine_of(view.scev(*rhs).ok_or_else(opaque)?, env, false)?;
            if is_unsigned(*pred) {
                for side in [&l, &r] {
                    env.assume_range(&affine_to_poly(side), 0, None);
                }
            }
            compare(*pred, &l, &r, negate)
        }
        Op::Binary { opcode } if (opcode == "and" || opcode == "or") && def.operands.len() == 2 => {
            let a = condition(view, env, def.operands[0], negate)?;
            let b = condition(view, env, def.operands[1], negate)?;
            // De Morgan: a negated `and` is an `or` of the negations.
            let conj = (opcode == "and") != negate;
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
            let dx = condition(view, env, x, negate)?;
            let dy = condition(view, env, y, negate)?;
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
pub fn upper_bound(btc: &Scev, k: Sym, env: &dyn SymEnv) -> Result<Dnf, Reason> {
    if let Some(b) = quotient_bound(btc, k, env)? {
        return Ok(b);
    }
    let exprs = bound_pieces(btc, env)?;
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
fn quotient_bound(btc: &Scev, k: Sym, env: &dyn SymEnv) -> Result<Option<Dnf>, Reason> {
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
        a = a.add(&affine_of(t, env, true)?).map_err(|_| overflow())?;
    }
    let xp = Polynomial::from_scev(x, env).map_err(|r| retag(r, true))?;
    env.assume_range(&xp, 0, None);
    let xe = xp.to_affine().ok_or_else(|| Reason::ParameterProduct("in a loop bound".into()))?;
    let e = AffExpr::sym(k).sub(&a).and_then(|ka| xe.sub(&ka.scale(d)?)).map_err(|_| overflow())?;
    Ok(Some(vec![vec![Constraint::ge0(e)]]))
}

/// The value of `s` as max over disjuncts of min over conjuncts of affine
/// expressions: `vec![vec![a, b], vec![c]]` is `max(min(a, b), c)`.
fn bound_pieces(s: &Scev, env: &dyn SymEnv) -> Result<Vec<Vec<AffExpr>>, Reason> {
    match s {
        Scev::CouldNotCompute => Err(Reason::NonAffineBound("trip count not computable".into())),
        Scev::SMax(ops) | Scev::UMax(ops) => {
            if matches!(s, Scev::UMax(_)) {
                for o in ops {
                    env.assume_range(&Polynomial::from_scev(o, env).map_err(|r| retag(r, true))?, 0, None);
                }
            }
            let mut out = Vec::new();
            for o in ops {
                out.extend(bound_pieces(o, env)?);
            }
            Ok(out)
        }
        Scev::SMin(ops) | Scev::UMin(ops) => {
            if matches!(s, Scev::UMin(_)) {
                // Unsigned and signed minimum agree on non-negative values.
                for o in ops {
                    env.assume_range(&Polynomial::from_scev(o, env).map_err(|r| retag(r, true))?, 0, None);
                }
            }
            let mut acc: Vec<Vec<AffExpr>> = vec![vec![]];
            for o in ops {
                let p = bound_pieces(o, env)?;
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
            let pieces = bound_pieces(&fs[1], env)?;
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
                let p = bound_pieces(t, env)?;
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
            let (lo, hi) = extension_range(matches!(s, Scev::SExt(..)), *bits)?;
            let pieces = bound_pieces(x, env)?;
            for e in pieces.iter().flatten() {
                if lo != i128::MIN || hi.is_some() {
                    env.assume_range(&affine_to_poly(e), lo, hi);
                }
            }
            Ok(pieces)
        }
        _ => Ok(vec![vec![affine_of(s, env, true)?]]),
    }
}

fn has_minmax(s: &Scev) -> bool {
    matches!(s, Scev::SMax(_) | Scev::UMax(_) | Scev::SMin(_) | Scev::UMin(_))
        || matches!(s, Scev::ZExt(x, _) | Scev::SExt(x, _) if has_minmax(x))
        || matches!(s, Scev::Mul(fs) if fs.len() == 2 && matches!(fs[0], Scev::Const(_)) && has_minmax(&fs[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};
    use std::cell::RefCell;

    struct Env(RefCell<usize>);
    impl SymEnv for Env {
        fn unknown(&self, v: ValueId) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId) -> Result<Sym, Reason> {
            Ok(Sym::Counter(l))
        }
        fn assume_range(&self, _: &Polynomial, _: i128, _: Option<i128>) {
            *self.0.borrow_mut() += 1;
        }
    }

    #[test]
    fn smax_trip_count_is_a_disjunction() {
        // k <= smax(1, n) - 1  =  k <= 0  or  k <= n - 1
        let btc = Scev::Add(vec![Scev::Const(-1), Scev::SMax(vec![Scev::Const(1), Scev::Unknown(ValueId(0))])]);
        let k = Sym::Counter(LoopId(0));
        let d = upper_bound(&btc, k, &Env(RefCell::new(0))).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d[0][0].expr.constant, 0);
        assert_eq!(d[1][0].expr.coeff(Sym::Param(ValueId(0))), 1);
    }

    #[test]
    fn smin_trip_count_is_a_conjunction() {
        let btc = Scev::SMin(vec![Scev::Const(9), Scev::Unknown(ValueId(0))]);
        let d = upper_bound(&btc, Sym::Counter(LoopId(0)), &Env(RefCell::new(0))).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].len(), 2);
    }

    #[test]
    fn negated_min_becomes_a_max() {
        // k <= n - umin(2, n)  =  k <= max(n - 2, 0)
        let n = Scev::Unknown(ValueId(0));
        let btc = Scev::Add(vec![n.clone(), Scev::Mul(vec![Scev::Const(-1), Scev::UMin(vec![Scev::Const(2), n])])]);
        let d = upper_bound(&btc, Sym::Counter(LoopId(0)), &Env(RefCell::new(0))).unwrap();
        assert_eq!(d.len(), 2);
        let consts: Vec<i128> = d.iter().map(|c| c[0].expr.constant).collect();
        assert!(consts.contains(&-2) && consts.contains(&0), "{d:?}");
    }

    #[test]
    fn quotient_trip_count_is_a_scaled_bound() {
        // k <= -1 + n /u 2  =  2k + 2 <= n, with the obligation n >= 0;
        // brute force: the integer k it admits are exactly 0 .. n/2 - 1.
        let btc = Scev::Add(vec![Scev::Const(-1), Scev::UDiv(Box::new(Scev::Unknown(ValueId(0))), Box::new(Scev::Const(2)))]);
        let k = Sym::Counter(LoopId(0));
        let env = Env(RefCell::new(0));
        let d = upper_bound(&btc, k, &env).unwrap();
        assert_eq!(*env.0.borrow(), 1);
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
        assert!(matches!(upper_bound(&two, k, &env), Err(Reason::NonAffineBound(_))));
        let under_max = Scev::SMax(vec![Scev::Const(0), btc]);
        assert!(matches!(upper_bound(&under_max, k, &env), Err(Reason::NonAffineBound(_))));
    }

    #[test]
    fn unknown_trip_count_is_rejected() {
        let r = upper_bound(&Scev::CouldNotCompute, Sym::Counter(LoopId(0)), &Env(RefCell::new(0)));
        assert!(matches!(r, Err(Reason::NonAffineBound(_))));
    }

    #[test]
    fn negated_comparisons() {
        let a = AffExpr::sym(Sym::Counter(LoopId(0)));
        let b = AffExpr::sym(Sym::Param(ValueId(0)));
        assert_eq!(compare(Pred::Eq, &a, &b, true).unwrap().len(), 2);
        let lt = compare(Pred::Slt, &a, &b, false).unwrap();
        let ge = compare(Pred::Slt, &a, &b, true).unwrap();
        // a < b is b - a - 1 >= 0; its negation a >= b is a - b >= 0.
        assert_eq!(lt[0][0].expr.constant, -1);
        assert_eq!(ge[0][0].expr.constant, 0);
        assert_eq!(ge[0][0].expr.coeff(Sym::Counter(LoopId(0))), 1);
    }
}
