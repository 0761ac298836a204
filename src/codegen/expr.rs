//! Integer expressions of the loop AST as LLVM IR (in i64; divisions and
//! extrema also in any width, for the alias checks' i128 arithmetic).
//!
//! `floor(a / d)` for `d > 0` must round toward minus infinity while
//! `sdiv` rounds toward zero: `floor(a/d) = (a - (a < 0 ? d - 1 : 0)) sdiv d`.

use crate::ast::{Aff, Cond, Expr};
use super::ok;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::values::IntValue;
use inkwell::IntPredicate;

/// Values of the parameters and of the loop variables bound so far.
pub struct Env<'a> {
    pub params: Vec<IntValue<'a>>,
    /// Indexed by schedule dimension; `None` while unbound.
    pub vars: Vec<Option<IntValue<'a>>>,
}

pub struct ExprGen<'a, 'b> {
    pub b: &'b Builder<'a>,
    pub ctx: &'b ContextRef<'a>,
}

impl<'a> ExprGen<'a, '_> {
    pub fn i64(&self, v: i64) -> IntValue<'a> {
        self.ctx.i64_type().const_int(v as u64, true)
    }

    /// `ceil(x / d)` for `x >= 0` and `d > 0` known only at run time:
    /// `(x + d - 1) / d`.
    pub fn ceil_div(&self, x: IntValue<'a>, d: IntValue<'a>) -> IntValue<'a> {
        let d1 = ok(self.b.build_int_nsw_sub(d, self.i64(1), "d1"));
        ok(self.b.build_int_signed_div(ok(self.b.build_int_nsw_add(x, d1, "up")), d, "ceil"))
    }

    pub fn aff(&self, a: &Aff, env: &Env<'a>) -> IntValue<'a> {
        let mut acc = self.i64(a.constant);
        let terms = a.params.iter().zip(&env.params).map(|(c, v)| (*c, Some(*v)));
        let vars = a.vars.iter().zip(&env.vars).map(|(c, v)| (*c, *v));
        for (c, v) in terms.chain(vars) {
            if c == 0 {
                continue;
            }
            let v = v.expect("an affine expression uses only bound loop variables");
            let term = if c == 1 { v } else { ok(self.b.build_int_nsw_mul(v, self.i64(c), "t")) };
            acc = ok(self.b.build_int_nsw_add(acc, term, "t"));
        }
        acc
    }

    fn floor_div(&self, a: IntValue<'a>, d: i64) -> IntValue<'a> {
        if d == 1 {
            return a;
        }
        let c = |v: i64| a.get_type().const_int(v as u64, true);
        let neg = ok(self.b.build_int_compare(IntPredicate::SLT, a, c(0), "neg"));
        let adj = ok(self.b.build_select(neg, c(d - 1), c(0), "adj")).into_int_value();
        let num = ok(self.b.build_int_nsw_sub(a, adj, "num"));
        ok(self.b.build_int_signed_div(num, c(d), "fdiv"))
    }

    /// `floor(a / d)` (`upper`) or `ceil(a / d)`, `d > 0`.
    pub fn expr_div(&self, a: IntValue<'a>, d: i64, upper: bool) -> IntValue<'a> {
        if upper {
            self.floor_div(a, d)
        } else {
            let na = ok(self.b.build_int_nsw_neg(a, "na"));
            ok(self.b.build_int_nsw_neg(self.floor_div(na, d), "cdiv"))
        }
    }

    pub fn expr(&self, e: &Expr, env: &Env<'a>) -> IntValue<'a> {
        match e {
            Expr::Aff(a) => self.aff(a, env),
            Expr::FloorDiv(a, d) => self.floor_div(self.aff(a, env), *d),
            // ceil(a/d) = -floor(-a/d)
            Expr::CeilDiv(a, d) => self.expr_div(self.aff(a, env), *d, false),
            Expr::Min(es) | Expr::Max(es) => {
                let values: Vec<IntValue<'a>> = es.iter().map(|x| self.expr(x, env)).collect();
                self.extremum(values, matches!(e, Expr::Max(_))).expect("min/max of at least one expression")
            }
            Expr::Scaled(x, m, c) => {
                let scaled = ok(self.b.build_int_nsw_mul(self.expr(x, env), self.i64(*m), "scaled"));
                ok(self.b.build_int_nsw_add(scaled, self.i64(*c), "shifted"))
            }
        }
    }

    /// The maximum (`max`) or minimum of signed values; None for none.
    pub fn extremum(&self, values: impl IntoIterator<Item = IntValue<'a>>, max: bool) -> Option<IntValue<'a>> {
        let pred = if max { IntPredicate::SGT } else { IntPredicate::SLT };
        values.into_iter().reduce(|acc, v| {
            let c = ok(self.b.build_int_compare(pred, acc, v, "cmp"));
            ok(self.b.build_select(c, acc, v, "mm")).into_int_value()
        })
    }

    /// The conjunction of guard conditions as an i1.
    pub fn conds(&self, cs: &[Cond], env: &Env<'a>) -> IntValue<'a> {
        let mut acc = self.ctx.bool_type().const_int(1, false);
        for c in cs {
            let v = match c {
                Cond::Ge(a) => ok(self.b.build_int_compare(IntPredicate::SGE, self.aff(a, env), self.i64(0), "ge")),
                Cond::Eq(a) => ok(self.b.build_int_compare(IntPredicate::EQ, self.aff(a, env), self.i64(0), "eq")),
                Cond::Divisible(a, d) => {
                    let r = ok(self.b.build_int_signed_rem(self.aff(a, env), self.i64(*d), "rem"));
                    ok(self.b.build_int_compare(IntPredicate::EQ, r, self.i64(0), "div"))
                }
            };
            acc = ok(self.b.build_and(acc, v, "and"));
        }
        acc
    }
}
