//! Expressions of the loop AST: affine functions of the parameters and the
//! loop variables, floor/ceil divisions by constants, `min`/`max` lists.
//!
//! Running example, with parameter `n` and loop variables `t0, t1`: the
//! upper bound `min(n - 1, 32*t0 + 31)` is
//! `Expr::Min([Aff(n - 1), Aff(32*t0 + 31)])` where `Aff(32*t0 + 31)` is
//! `Aff { params: [0], vars: [32, 0], constant: 31 }`; the tile-loop bound
//! `floord(n - 1, 32)` is `Expr::FloorDiv(Aff(n - 1), 32)`.
//!
//! The generator produces affine rows over `[params | t0..tk | const]`;
//! [`Aff::from_row`] turns such a row into an [`Aff`] over *all* loop
//! variables, replacing each variable that has no loop (a dimension fixed to
//! a value, e.g. a scalar schedule dimension) by its value.

use super::{AstError, AstResult};
use crate::poly::int;

/// `params · p + vars · t + constant`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aff {
    /// One coefficient per parameter (the AST's `params`).
    pub params: Vec<i64>,
    /// One coefficient per loop variable (schedule dimension).
    pub vars: Vec<i64>,
    pub constant: i64,
}

/// An integer expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Aff(Aff),
    /// `floor(aff / d)`, `d > 0`.
    FloorDiv(Aff, i64),
    /// `ceil(aff / d)`, `d > 0`.
    CeilDiv(Aff, i64),
    /// Minimum of at least two expressions.
    Min(Vec<Expr>),
    /// Maximum of at least two expressions.
    Max(Vec<Expr>),
    /// `m·e + c`: the first row of a group of `m` rows (`8*floord(n, 8)`),
    /// from a loop jammed around a reduction (`reduction_jam`).
    Scaled(Box<Expr>, i64, i64),
}

/// One conjunct of a guard.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    /// `aff >= 0`.
    Ge(Aff),
    /// `aff == 0`.
    Eq(Aff),
    /// `aff % d == 0` (`d > 1`).
    Divisible(Aff, i64),
}

impl Aff {
    /// The zero function.
    pub fn zero(np: usize, nv: usize) -> Aff {
        Aff { params: vec![0; np], vars: vec![0; nv], constant: 0 }
    }

    /// Whether every coefficient is zero.
    pub fn is_const(&self) -> bool {
        self.params.iter().chain(&self.vars).all(|&c| c == 0)
    }

    /// `self + c·o`, checked.
    pub fn add_scaled(&self, c: i64, o: &Aff) -> AstResult<Aff> {
        let f = |a: i64, b: i64| int::mul_add(1, a, c, b).map_err(AstError::from);
        Ok(Aff {
            params: self.params.iter().zip(&o.params).map(|(&a, &b)| f(a, b)).collect::<AstResult<_>>()?,
            vars: self.vars.iter().zip(&o.vars).map(|(&a, &b)| f(a, b)).collect::<AstResult<_>>()?,
            constant: f(self.constant, o.constant)?,
        })
    }

    /// `-self`.
    pub fn neg(&self) -> AstResult<Aff> {
        Aff::zero(self.params.len(), self.vars.len()).add_scaled(-1, self)
    }

    /// The row `r` over `[params | t0..t{j-1} | const]` as a function of the
    /// loop variables: a variable with a value in `env` is replaced by it.
    pub fn from_row(r: &[i64], np: usize, env: &[Option<Aff>]) -> AstResult<Aff> {
        let nv = env.len();
        let nt = r.len() - 1 - np;
        let mut a = Aff { params: r[..np].to_vec(), vars: vec![0; nv], constant: r[r.len() - 1] };
        for j in 0..nt {
            let c = r[np + j];
            if c == 0 {
                continue;
            }
            match &env[j] {
                Some(v) => a = a.add_scaled(c, v)?,
                None => a.vars[j] = c,
            }
        }
        Ok(a)
    }

    /// Value at `params`, `vars` (unbound variables must have coefficient 0).
    pub fn eval(&self, params: &[i64], vars: &[Option<i64>]) -> AstResult<i64> {
        let mut acc: i128 = self.constant as i128;
        for (&c, &p) in self.params.iter().zip(params) {
            acc += c as i128 * p as i128;
        }
        for (k, &c) in self.vars.iter().enumerate() {
            if c != 0 {
                let v = vars.get(k).copied().flatten().ok_or_else(|| AstError::Malformed(format!("t{k} used outside its loop")))?;
                acc += c as i128 * v as i128;
            }
        }
        Ok(int::narrow(acc)?)
    }

    /// Whether loop variable `v` has a coefficient.
    pub fn uses_var(&self, v: usize) -> bool {
        self.vars.get(v).is_some_and(|&c| c != 0)
    }

    /// `floor(self / d)` (`ceil` when `up`) as an affine function, when
    /// `d > 0` divides every coefficient (the constant's remainder then
    /// only rounds): `floor((4t + 9) / 2) = 2t + 4`.
    pub fn exact_quotient(&self, d: i64, up: bool) -> Option<Aff> {
        if d <= 0 || self.params.iter().chain(&self.vars).any(|c| c % d != 0) {
            return None;
        }
        let q = self.constant.div_euclid(d);
        let constant = if up && self.constant.rem_euclid(d) != 0 { q + 1 } else { q };
        Some(Aff { params: self.params.iter().map(|c| c / d).collect(), vars: self.vars.iter().map(|c| c / d).collect(), constant })
    }
}

impl Expr {
    /// Whether loop variable `v` occurs in the expression.
    pub fn uses_var(&self, v: usize) -> bool {
        match self {
            Expr::Aff(a) | Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) => a.uses_var(v),
            Expr::Min(es) | Expr::Max(es) => es.iter().any(|e| e.uses_var(v)),
            Expr::Scaled(e, _, _) => e.uses_var(v),
        }
    }

    /// `ceil(a / d)` (a plain affine expression when `d` divides every
    /// coefficient of `a`).
    pub fn ceil(a: Aff, d: i64) -> Expr {
        match a.exact_quotient(d, true) {
            Some(q) => Expr::Aff(q),
            None => Expr::CeilDiv(a, d),
        }
    }

    /// `floor(a / d)` (a plain affine expression when `d` divides every
    /// coefficient of `a`).
    pub fn floor(a: Aff, d: i64) -> Expr {
        match a.exact_quotient(d, false) {
            Some(q) => Expr::Aff(q),
            None => Expr::FloorDiv(a, d),
        }
    }

    /// `m·e + c`: affine when `e` is (checked), else [`Expr::Scaled`].
    pub fn scaled(e: Expr, m: i64, c: i64) -> AstResult<Expr> {
        Ok(match e {
            Expr::Aff(a) => {
                let s = Aff::zero(a.params.len(), a.vars.len()).add_scaled(m, &a)?;
                Expr::Aff(Aff { constant: int::mul_add(1, s.constant, 1, c).map_err(AstError::from)?, ..s })
            }
            e => Expr::Scaled(Box::new(e), m, c),
        })
    }

    /// `max` of the terms, without duplicates; a single term stands alone.
    pub fn max_of(terms: Vec<Expr>) -> Expr {
        Expr::list(terms, true)
    }

    /// `min` of the terms, without duplicates; a single term stands alone.
    pub fn min_of(terms: Vec<Expr>) -> Expr {
        Expr::list(terms, false)
    }

    fn list(terms: Vec<Expr>, max: bool) -> Expr {
        let mut out: Vec<Expr> = vec![];
        for t in terms {
            // Flatten nested lists of the same kind.
            let inner = match t {
                Expr::Max(v) if max => v,
                Expr::Min(v) if !max => v,
                t => vec![t],
            };
            for t in inner {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        match out.len() {
            1 => out.pop().unwrap_or(Expr::Max(vec![])),
            _ if max => Expr::Max(out),
            _ => Expr::Min(out),
        }
    }

    /// Value at `params`, `vars`.
    pub fn eval(&self, params: &[i64], vars: &[Option<i64>]) -> AstResult<i64> {
        match self {
            Expr::Aff(a) => a.eval(params, vars),
            Expr::FloorDiv(a, d) => Ok(int::floor_div(a.eval(params, vars)?, *d)?),
            Expr::CeilDiv(a, d) => Ok(int::ceil_div(a.eval(params, vars)?, *d)?),
            Expr::Min(v) | Expr::Max(v) => {
                let vals = v.iter().map(|e| e.eval(params, vars)).collect::<AstResult<Vec<_>>>()?;
                let r = if matches!(self, Expr::Min(_)) { vals.iter().min() } else { vals.iter().max() };
                r.copied().ok_or_else(|| AstError::Malformed("empty min/max".into()))
            }
            Expr::Scaled(e, m, c) => Ok(int::mul_add(1, *c, *m, e.eval(params, vars)?)?),
        }
    }
}

impl Cond {
    /// Whether the condition holds at `params`, `vars`.
    pub fn eval(&self, params: &[i64], vars: &[Option<i64>]) -> AstResult<bool> {
        Ok(match self {
            Cond::Ge(a) => a.eval(params, vars)? >= 0,
            Cond::Eq(a) => a.eval(params, vars)? == 0,
            Cond::Divisible(a, d) => int::modulo(a.eval(params, vars)?, *d)? == 0,
        })
    }
}
