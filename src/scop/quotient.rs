//! Parameters that are quotients: `q = p / 2` computed before the nest.
//!
//! SCEV cannot look through a signed division, so `q` reaches the model as
//! an opaque parameter and a loop `for (k = 0; k < p / 2; k++)` loses its
//! link to `p`: the proof that `A[p - 1 - k]` stays within `[0, p)` fails.
//! The division's definition gives that link back as context facts, which
//! hold on every execution (C's `/` by a constant >= 2 never traps):
//! - `q = sdiv p, d` (rounds toward zero): `-(d-1) <= p - d·q <= d-1`;
//! - `q = ashr p, c` (rounds down, `d = 2^c`): `0 <= p - d·q <= d-1`.

use super::affine::{AffExpr, Constraint, Sym};
use super::polynomial::{Found, Polynomial, SymEnv};
use crate::ir::{FunctionView, Op, Opcode, Scev, ValueId};

/// The integer value of a constant operand, if it is one.
fn constant(view: &FunctionView, v: ValueId) -> Option<i128> {
    view.value(v).int
}

/// Facts linking the parameter `q` to its dividend when `q` is a quotient
/// by a positive constant; the dividend becomes a parameter too. Empty for
/// any other parameter.
pub fn quotient_facts(view: &FunctionView, env: &dyn SymEnv, q: ValueId, found: &mut Found) -> Vec<Constraint> {
    let Some(def) = view.def(q) else { return vec![] };
    let Op::Binary { opcode } = &def.op else { return vec![] };
    let [x, by] = def.operands.as_slice() else { return vec![] };
    let Some(by) = constant(view, *by) else { return vec![] };
    let (d, rounds_down) = match opcode {
        Opcode::SDiv if (2..=1 << 20).contains(&by) => (by, false),
        Opcode::AShr if (1..=20).contains(&by) => (1i128 << by, true),
        _ => return vec![],
    };
    let Ok(p) = env.unknown(*x, found) else { return vec![] };
    // r = p - d·q
    let r = AffExpr::sym(p).sub(&AffExpr::sym(Sym::Param(q)).scale(d).expect("d is small")).expect("small coefficients");
    let low = if rounds_down { 0 } else { -(d - 1) };
    vec![
        Constraint::ge0(r.add_const(-low).expect("small constant")),
        Constraint::ge0(r.scale(-1).and_then(|x| x.add_const(d - 1)).expect("small constant")),
    ]
}

/// `0 <= r <= d-1` for a parameter `r = x urem d` (`d` a constant: the
/// remainder that stands for a quotient, see `SymEnv::remainder`). Empty
/// for any other parameter.
pub fn remainder_facts(view: &FunctionView, r: ValueId) -> Vec<Constraint> {
    let Some(def) = view.def(r) else { return vec![] };
    let (Op::Binary { opcode }, [_, by]) = (&def.op, def.operands.as_slice()) else { return vec![] };
    match constant(view, *by) {
        Some(d) if *opcode == Opcode::URem && (2..=1 << 20).contains(&d) => {
            let r = AffExpr::sym(Sym::Param(r));
            vec![Constraint::ge0(r.clone()), Constraint::ge0(r.scale(-1).and_then(|x| x.add_const(d - 1)).expect("small constant"))]
        }
        _ => vec![],
    }
}

/// Facts linking a parameter `q` that is a maximum (minimum) of affine
/// expressions of parameters, computed before the nest (`n = max(n, 2)`
/// clamping a size), to those expressions: `q >= e` (`q <= e`) for each.
/// Empty for any other parameter.
pub fn extremum_facts(view: &FunctionView, env: &dyn SymEnv, q: ValueId, found: &mut Found) -> Vec<Constraint> {
    let (args, max) = match view.scev(q) {
        Some(Scev::SMax(args)) => (args, true),
        Some(Scev::SMin(args)) => (args, false),
        _ => return vec![],
    };
    let mut out = Vec::new();
    for a in args {
        let Some(e) = Polynomial::from_scev(a, env, found).ok().and_then(|p| p.to_affine()) else { return vec![] };
        let Ok(diff) = AffExpr::sym(Sym::Param(q)).sub(&e) else { return vec![] };
        let Ok(diff) = (if max { Ok(diff) } else { diff.scale(-1) }) else { return vec![] };
        out.push(Constraint::ge0(diff));
    }
    out
}

/// For a parameter `q` that is `x >>u c` or `x /u d` (SCEV's unsigned
/// division, turned into a parameter by detection): `0 <= x - d·q <= d-1`,
/// which holds when `x >= 0`, and that condition, to be checked at run time
/// (a negative 32-bit `x` is a huge unsigned one). `x` is read through its
/// evolution, so the facts speak of the parameters it is computed from.
/// `None` for any other parameter, or a dividend that is not affine
/// without range facts of its own.
pub fn unsigned_quotient(view: &FunctionView, env: &dyn SymEnv, q: ValueId, found: &mut Found) -> Option<(Vec<Constraint>, Constraint)> {
    let mut def = view.def(q)?;
    // The zero extension of a quotient is the same number (a logical shift
    // by at least one, or a division by at least two, is below 2^31).
    if let (Op::Pure { opcode: Opcode::ZExt }, [x]) = (&def.op, def.operands.as_slice()) {
        def = view.def(*x)?;
    }
    let Op::Binary { opcode } = &def.op else { return None };
    let [x, by] = def.operands.as_slice() else { return None };
    let by = constant(view, *by)?;
    let d = match opcode {
        Opcode::UDiv if (2..=1 << 20).contains(&by) => by,
        Opcode::LShr if (1..=20).contains(&by) => 1i128 << by,
        _ => return None,
    };
    let ranges = found.ranges.len();
    let p = match view.scev(*x) {
        Some(e) => Polynomial::from_scev(e, env, found).ok()?,
        None => Polynomial::sym(env.unknown(*x, found).ok()?),
    };
    if found.ranges.len() > ranges {
        return None;
    }
    let x = p.to_affine()?;
    let r = x.sub(&AffExpr::sym(Sym::Param(q)).scale(d).ok()?).ok()?;
    let facts = vec![Constraint::ge0(r.clone()), Constraint::ge0(r.scale(-1).ok()?.add_const(d - 1).ok()?)];
    Some((facts, Constraint::ge0(x)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Block, BlockId, Instr, LoopId, Scev, Terminator, Type, ValueInfo, ValueKind};
    use crate::scop::reason::Reason;

    struct Params;
    impl SymEnv for Params {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
    }

    /// v0 = argument p, v1 = constant `by`, v2 = `opcode v0, v1`.
    fn view(opcode: Opcode, by: i128) -> FunctionView {
        let val = |name: String, kind, int| ValueInfo { name, kind, ty: Type::Int(32), int };
        let mut v = FunctionView::default();
        v.values = vec![
            val("p".into(), ValueKind::Argument { index: 0, noalias: false }, None),
            val(by.to_string(), ValueKind::Constant, Some(by)),
            val("q".into(), ValueKind::Instruction(BlockId(0)), None),
        ];
        let op = Op::Binary { opcode };
        let i = Instr { value: ValueId(2), op, operands: vec![ValueId(0), ValueId(1)], loc: None };
        v.blocks = vec![Block { name: "entry".into(), instrs: vec![i], term: Terminator::Ret, loop_: None }];
        v
    }

    /// Whether the facts hold for the dividend `p` and quotient `q`.
    fn holds(facts: &[Constraint], p: i128, q: i128) -> bool {
        facts.iter().all(|c| c.expr.coeff(Sym::Param(ValueId(0))) * p + c.expr.coeff(Sym::Param(ValueId(2))) * q + c.expr.constant >= 0)
    }

    /// `q = max(p, 2)` and `q = min(p, 2)`: the facts hold for the true
    /// extremum, and together with `q = p` or `q = 2` only for it.
    #[test]
    fn extremum_facts_bound_the_parameter_by_each_argument() {
        for (max, build) in [(true, Scev::SMax as fn(Vec<Scev>) -> Scev), (false, Scev::SMin)] {
            let mut v = view(Opcode::Add, 2);
            v.scevs.insert(ValueId(2), build(vec![Scev::Unknown(ValueId(0)), Scev::Const(2)]));
            let facts = extremum_facts(&v, &Params, ValueId(2), &mut Found::default());
            assert_eq!(facts.len(), 2);
            for p in -20i128..=20 {
                let truth = if max { p.max(2) } else { p.min(2) };
                assert!(holds(&facts, p, truth), "{max} {p}");
                for q in -30i128..=30 {
                    if holds(&facts, p, q) && (q == p || q == 2) {
                        assert_eq!(q, truth, "{max} {p} {q}");
                    }
                }
            }
        }
        // Not an extremum: no facts.
        assert!(extremum_facts(&view(Opcode::SDiv, 2), &Params, ValueId(2), &mut Found::default()).is_empty());
    }

    #[test]
    fn facts_hold_for_every_quotient_and_only_for_it_when_rounding_down() {
        let sdiv = quotient_facts(&view(Opcode::SDiv, 3), &Params, ValueId(2), &mut Found::default());
        let ashr = quotient_facts(&view(Opcode::AShr, 2), &Params, ValueId(2), &mut Found::default());
        assert_eq!((sdiv.len(), ashr.len()), (2, 2));
        for p in -50i128..=50 {
            // Rust's `/` rounds toward zero like sdiv.
            assert!(holds(&sdiv, p, p / 3), "sdiv {p}");
            assert!(holds(&ashr, p, p.div_euclid(4)), "ashr {p}");
            for q in -30i128..=30 {
                if q != p.div_euclid(4) {
                    assert!(!holds(&ashr, p, q), "ashr {p} {q}");
                }
                // Toward zero or away from it by one step at most.
                if holds(&sdiv, p, q) {
                    assert!((q - p / 3).abs() <= 1, "sdiv {p} {q}");
                }
            }
        }
    }

    #[test]
    fn unsigned_quotients_hold_for_non_negative_dividends() {
        for (opcode, by, d) in [(Opcode::LShr, 1, 2i128), (Opcode::LShr, 3, 8), (Opcode::UDiv, 3, 3)] {
            let mut v = view(opcode, by);
            v.scevs.insert(ValueId(0), Scev::Unknown(ValueId(0)));
            let (facts, dividend) = unsigned_quotient(&v, &Params, ValueId(2), &mut Found::default()).unwrap_or_else(|| panic!("{opcode} {by}"));
            assert_eq!(dividend.expr.coeff(Sym::Param(ValueId(0))), 1);
            for p in 0i128..60 {
                for q in -5i128..40 {
                    assert_eq!(holds(&facts, p, q), q == p / d, "{opcode} {by}: p {p} q {q}");
                }
            }
        }
        // A dividend whose evolution records a range fact gives nothing.
        let mut v = view(Opcode::LShr, 1);
        v.scevs.insert(ValueId(0), Scev::ZExt(Box::new(Scev::Unknown(ValueId(0))), 32));
        assert!(unsigned_quotient(&v, &Params, ValueId(2), &mut Found::default()).is_none());
        assert!(unsigned_quotient(&view(Opcode::AShr, 1), &Params, ValueId(2), &mut Found::default()).is_none());
    }

    #[test]
    fn other_definitions_give_no_facts() {
        assert!(quotient_facts(&view(Opcode::UDiv, 2), &Params, ValueId(2), &mut Found::default()).is_empty());
        assert!(quotient_facts(&view(Opcode::SDiv, -2), &Params, ValueId(2), &mut Found::default()).is_empty());
        assert!(quotient_facts(&view(Opcode::SDiv, 1), &Params, ValueId(2), &mut Found::default()).is_empty());
        assert!(quotient_facts(&view(Opcode::SDiv, 2), &Params, ValueId(0), &mut Found::default()).is_empty());
    }
}
