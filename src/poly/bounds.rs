//! Parametric bounds of an affine function over a parametric set.
//!
//! Running example: `f(i, j) = i + j` over
//! `[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }`. We add a *value*
//! column `v` with `v = i + j`, turn `i, j` (and any locals) into
//! existentials and eliminate them by Fourier–Motzkin. What remains are
//! constraints over `[n | v]`:
//!
//! * `a·v + P(n) >= 0` with `a > 0`: a lower bound `v >= ceil(-P(n) / a)`;
//! * `-a·v + P(n) >= 0`: an upper bound `v <= floor(P(n) / a)`;
//! * rows without `v`: the *context* on the parameters where the set is
//!   (rationally) non-empty.
//!
//! Here: `v >= 0`, `v <= 2n - 2`, context `n >= 1`. So over the set,
//! `max(lower) <= f <= min(upper)`; when the elimination was exact
//! (`exact = true`) these bounds are attained for every parameter value at
//! which the set is non-empty. Runtime alias checks and loop bounds use the
//! pieces directly (`max`/`min` of affine expressions).

use super::basic_set::BasicSet;
use super::error::{PolyError, PolyResult};
use super::int;
use super::space::{Space, Tuple};

/// `ceil(expr / den)` (a lower bound) or `floor(expr / den)` (an upper
/// bound), `expr` affine in the parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffBound {
    /// Coefficients over the parameters, then the constant.
    pub expr: Vec<i64>,
    /// Positive denominator.
    pub den: i64,
}

impl AffBound {
    /// Value of the bound for given parameter values (`upper` rounds down,
    /// otherwise up).
    pub fn eval(&self, params: &[i64], upper: bool) -> PolyResult<i64> {
        let v = super::row::eval(&self.expr, params)?;
        if upper {
            int::floor_div(v, self.den)
        } else {
            int::ceil_div(v, self.den)
        }
    }
}

/// The bounds of an affine function; see the module documentation.
#[derive(Clone, Debug)]
pub struct ParamBounds {
    /// `f >= max(lower)`; empty: unbounded below.
    pub lower: Vec<AffBound>,
    /// `f <= min(upper)`; empty: unbounded above.
    pub upper: Vec<AffBound>,
    /// Constraints on the parameters only (a 0-dimensional set).
    pub context: BasicSet,
    /// Whether the bounds are tight (the elimination was exact).
    pub exact: bool,
}

impl BasicSet {
    /// Bounds of `f` (a row over `[params | dims | const]`) over this set,
    /// as functions of the parameters.
    pub fn bounds_of(&self, f: &[i64]) -> PolyResult<ParamBounds> {
        super::answers::bounds(self, f, || self.bounds_afresh(f))
    }

    fn bounds_afresh(&self, f: &[i64]) -> PolyResult<ParamBounds> {
        let (np, nd) = (self.n_param(), self.n_dim());
        if f.len() != np + nd + 1 {
            return Err(PolyError::SpaceMismatch);
        }
        let mut b = self.clone();
        b.dims_to_locals(&(np..np + nd).collect::<Vec<_>>());
        b.space = Space::from_tuple(self.space.params.clone(), Tuple::default());
        b.add_dims(&["v"]);
        // Layout now [params | v | old dims | old locals]; v = f.
        let mut eq = vec![0; b.width()];
        eq[..np].copy_from_slice(&f[..np]);
        for k in 0..nd {
            eq[np + 1 + k] = f[np + k];
        }
        eq[np] = -1;
        let n = eq.len() - 1;
        eq[n] = f[np + nd];
        b.add_eq(eq)?;
        let (res, exact) = b.eliminate_locals()?;
        let res = res.normalize()?;
        let mut out = ParamBounds { lower: vec![], upper: vec![], context: BasicSet::universe(res.space.range()), exact };
        out.context.space = Space::from_tuple(self.space.params.clone(), Tuple::default());
        let strip_v = |r: &[i64]| -> Vec<i64> {
            let mut e: Vec<i64> = r[..np].to_vec();
            e.push(r[np + 1]);
            e
        };
        let mut add = |r: &[i64], is_eq: bool| -> PolyResult<()> {
            let a = r[np];
            if a == 0 {
                let e = strip_v(r);
                if is_eq {
                    out.context.eqs.push(e);
                } else {
                    out.context.ineqs.push(e);
                }
                return Ok(());
            }
            // a·v + P >= 0 : v >= -P/a (a > 0) ; v <= P/|a| (a < 0).
            let p = strip_v(r);
            let neg: Vec<i64> = p.iter().map(|&x| int::neg(x)).collect::<PolyResult<_>>()?;
            if a > 0 || is_eq {
                let (e, d) = if a > 0 { (neg.clone(), a) } else { (p.clone(), -a) };
                out.lower.push(AffBound { expr: e, den: d });
            }
            if a < 0 || is_eq {
                let (e, d) = if a < 0 { (p, -a) } else { (neg, a) };
                out.upper.push(AffBound { expr: e, den: d });
            }
            Ok(())
        };
        for r in &res.eqs {
            add(r, true)?;
        }
        for r in &res.ineqs {
            add(r, false)?;
        }
        Ok(out)
    }
}
