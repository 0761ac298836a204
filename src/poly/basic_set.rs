//! Basic sets: conjunctions of affine constraints over integer columns.
//!
//! Running example: `[n] -> { S[i] : exists e0 : 0 <= i < n and i = 2e0 }`
//! (the even `i` below `n`). Every constraint is a [`Row`] over the columns
//!
//! ```text
//!   [ params | dims | locals | const ]      here  [ n | i | e0 | 1 ]
//!     i >= 0           ->  [ 0,  1,  0,  0 ]  (inequality, ">= 0")
//!     n - i - 1 >= 0   ->  [ 1, -1,  0, -1 ]
//!     i - 2e0 = 0      ->  [ 0,  1, -2,  0 ]  (equality)
//! ```
//!
//! *Locals* are existentially quantified integer variables. A local may
//! carry a [`Local::Div`] annotation `e = floor(expr / d)`; the annotation
//! only records *how* the local is determined (for printing, for taking a
//! complement); the meaning is always given by the explicit constraints,
//! which for a div include `d·e <= expr <= d·e + d - 1`. Operations that
//! change the constraints of a div's columns downgrade it to
//! [`Local::Exists`], which is always sound.
//!
//! A relation (map) is a basic set whose space has input and output tuples:
//! its dims are the input dims followed by the output dims.

use super::error::{default_budget, Budget, Meter, PolyError, PolyResult};
use super::ilp::{self, Problem};
use super::row::{self, Row};
use super::space::Space;

/// An existentially quantified column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Local {
    /// A plain existential variable.
    Exists,
    /// `floor(expr / den)` with `expr` a full-width row (only earlier
    /// columns non-zero) and `den > 0`.
    Div {
        /// Numerator over all columns, constant last.
        expr: Row,
        /// Denominator, `> 0`.
        den: i64,
    },
}

/// A conjunction of affine equalities and inequalities; see module docs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasicSet {
    pub(crate) space: Space,
    pub(crate) locals: Vec<Local>,
    pub(crate) eqs: Vec<Row>,
    pub(crate) ineqs: Vec<Row>,
}

/// A relation is stored as a basic set over a map space.
pub type BasicMap = BasicSet;

impl BasicSet {
    /// All integer points of `space`.
    pub fn universe(space: Space) -> BasicSet {
        BasicSet { space, locals: vec![], eqs: vec![], ineqs: vec![] }
    }

    /// No points.
    pub fn empty(space: Space) -> BasicSet {
        let mut b = BasicSet::universe(space);
        let mut r = vec![0; b.width()];
        r[b.n_cols()] = -1;
        b.ineqs.push(r);
        b
    }

    /// The space.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// Equalities (`row = 0`).
    pub fn eqs(&self) -> &[Row] {
        &self.eqs
    }

    /// Inequalities (`row >= 0`).
    pub fn ineqs(&self) -> &[Row] {
        &self.ineqs
    }

    /// Local (existential) columns.
    pub fn locals(&self) -> &[Local] {
        &self.locals
    }

    /// Number of parameters.
    pub fn n_param(&self) -> usize {
        self.space.n_param()
    }

    /// Number of dimensions (input then output for a relation).
    pub fn n_dim(&self) -> usize {
        self.space.n_dim()
    }

    /// Number of local columns.
    pub fn n_local(&self) -> usize {
        self.locals.len()
    }

    /// Number of variable columns (everything but the constant).
    pub fn n_cols(&self) -> usize {
        self.n_param() + self.n_dim() + self.n_local()
    }

    /// Length of a constraint row.
    pub fn width(&self) -> usize {
        self.n_cols() + 1
    }

    /// Column of parameter `i`.
    pub fn param_col(&self, i: usize) -> usize {
        i
    }

    /// Column of dimension `i`.
    pub fn dim_col(&self, i: usize) -> usize {
        self.n_param() + i
    }

    /// Column of local `i`.
    pub fn local_col(&self, i: usize) -> usize {
        self.n_param() + self.n_dim() + i
    }

    fn check_row(&self, r: &[i64]) -> PolyResult<()> {
        if r.len() != self.width() {
            return Err(PolyError::SpaceMismatch);
        }
        row::check(r)
    }

    /// Adds `row = 0` (a full-width row).
    pub fn add_eq(&mut self, r: Row) -> PolyResult<()> {
        self.check_row(&r)?;
        self.eqs.push(r);
        Ok(())
    }

    /// Adds `row >= 0` (a full-width row).
    pub fn add_ineq(&mut self, r: Row) -> PolyResult<()> {
        self.check_row(&r)?;
        self.ineqs.push(r);
        Ok(())
    }

    /// Builds a basic set from rows over `[params | dims | const]` (no locals).
    pub fn from_constraints(space: Space, eqs: Vec<Row>, ineqs: Vec<Row>) -> PolyResult<BasicSet> {
        let mut b = BasicSet::universe(space);
        for r in eqs {
            b.add_eq(r)?;
        }
        for r in ineqs {
            b.add_ineq(r)?;
        }
        Ok(b)
    }

    /// Applies a column map to every row and div: old column `i` goes to
    /// `map[i]` in a layout of `new_cols` columns. Divs whose expression uses
    /// a dropped column become plain existentials.
    pub(crate) fn remap_cols(&mut self, map: &[Option<usize>], new_cols: usize) {
        for r in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            *r = row::remap(r, map, new_cols);
        }
        for l in self.locals.iter_mut() {
            if let Local::Div { expr, den } = l {
                if map.iter().zip(expr.iter()).any(|(m, &c)| m.is_none() && c != 0) {
                    *l = Local::Exists;
                } else {
                    *l = Local::Div { expr: row::remap(expr, map, new_cols), den: *den };
                }
            }
        }
    }

    /// Inserts `n` zero columns before column `at` (no space change).
    pub(crate) fn insert_cols(&mut self, at: usize, n: usize) {
        let old = self.n_cols();
        let map: Vec<Option<usize>> = (0..old).map(|c| Some(if c < at { c } else { c + n })).collect();
        self.remap_cols(&map, old + n);
    }

    /// Removes the columns `cols` (no space change); their coefficients
    /// must be zero in every constraint.
    pub(crate) fn drop_cols(&mut self, cols: &[usize]) {
        let old = self.n_cols();
        let mut next = 0;
        let map: Vec<Option<usize>> = (0..old)
            .map(|c| {
                if cols.contains(&c) {
                    None
                } else {
                    next += 1;
                    Some(next - 1)
                }
            })
            .collect();
        self.remap_cols(&map, next);
    }

    /// Appends a local column and returns its column index.
    pub(crate) fn push_local(&mut self, l: Local) -> usize {
        let at = self.n_cols();
        self.insert_cols(at, 1);
        self.locals.push(l);
        at
    }

    /// Adds a local `q = floor(expr / den)` with its two defining
    /// constraints; `expr` is a full-width row of the current layout.
    pub fn add_div(&mut self, expr: Row, den: i64) -> PolyResult<usize> {
        self.check_row(&expr)?;
        if den <= 0 {
            return Err(PolyError::Overflow);
        }
        let mut e = expr;
        let c = self.push_local(Local::Exists);
        e.insert(c, 0);
        // expr - den*q >= 0 and den*q - expr + den - 1 >= 0.
        let mut lo = e.clone();
        lo[c] = -den;
        let mut hi = row::negate(&lo)?;
        let k = hi.len() - 1;
        hi[k] = super::int::add(hi[k], den - 1)?;
        self.ineqs.push(lo);
        self.ineqs.push(hi);
        let li = c - self.local_col(0);
        self.locals[li] = Local::Div { expr: e, den };
        Ok(c)
    }

    /// Adds `n` dimensions at the end of the (output) tuple, named `names`.
    pub fn add_dims(&mut self, names: &[&str]) {
        let at = self.dim_col(self.n_dim());
        self.insert_cols(at, names.len());
        self.space.output.dims.extend(names.iter().map(|s| s.to_string()));
    }

    /// Adds parameters at the end of the parameter list.
    pub fn add_params(&mut self, names: &[&str]) {
        let at = self.n_param();
        self.insert_cols(at, names.len());
        self.space.params.extend(names.iter().map(|s| s.to_string()));
    }

    /// The constraints as an integer problem over all columns.
    pub fn to_problem(&self) -> Problem {
        Problem { n: self.n_cols(), eqs: self.eqs.clone(), ineqs: self.ineqs.clone() }
    }

    /// Whether the set has no integer point.
    pub fn is_empty(&self) -> PolyResult<bool> {
        Ok(ilp::sample(&self.to_problem(), &mut Meter::new())?.is_none())
    }

    /// Branch-and-bound nodes allowed to [`BasicSet::surely_empty`].
    pub const QUICK_NODES: u64 = 256;

    /// Whether the set is proven empty within [`Self::QUICK_NODES`]
    /// branch-and-bound nodes; `false` when undecided. For callers to whom
    /// "not known empty" is a safe answer (pruning parts, exactness tests):
    /// sets that are empty over the integers but rationally unbounded are
    /// never closed by branch and bound, and at the default budget each of
    /// those queries ran to its limit (composing seidel-2d's order relations
    /// spent the SCoP's whole work allowance that way).
    pub fn surely_empty(&self) -> PolyResult<bool> {
        Ok(self.quickly_empty()? == Some(true))
    }

    /// Whether the set is empty, when [`Self::QUICK_NODES`]
    /// branch-and-bound nodes decide it; `None` when they do not.
    pub fn quickly_empty(&self) -> PolyResult<Option<bool>> {
        self.quickly_empty_within(Self::QUICK_NODES)
    }

    /// Whether the set is empty, when `nodes` branch-and-bound nodes
    /// decide it; `None` when they do not.
    pub fn quickly_empty_within(&self, nodes: u64) -> PolyResult<Option<bool>> {
        let budget = Budget { max_nodes: nodes, ..default_budget() };
        match ilp::sample(&self.to_problem(), &mut Meter::with_budget(budget)) {
            Ok(p) => Ok(Some(p.is_none())),
            Err(PolyError::Budget) | Err(PolyError::Overflow) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Some integer point, as values of `[params | dims]`.
    pub fn sample(&self) -> PolyResult<Option<Vec<i64>>> {
        let k = self.n_param() + self.n_dim();
        Ok(ilp::sample(&self.to_problem(), &mut Meter::new())?.map(|mut p| {
            p.truncate(k);
            p
        }))
    }

    /// Whether `point` (values of `[params | dims]`) is in the set.
    pub fn contains(&self, point: &[i64]) -> PolyResult<bool> {
        if point.len() != self.n_param() + self.n_dim() {
            return Err(PolyError::SpaceMismatch);
        }
        let mut b = self.clone();
        for (c, &v) in point.iter().enumerate() {
            b.fix_col(c, v)?;
        }
        if b.n_local() == 0 {
            let full: Vec<i64> = point.to_vec();
            let ok_eq = b.eqs.iter().map(|r| row::eval(r, &full)).collect::<PolyResult<Vec<_>>>()?;
            let ok_in = b.ineqs.iter().map(|r| row::eval(r, &full)).collect::<PolyResult<Vec<_>>>()?;
            return Ok(ok_eq.iter().all(|&v| v == 0) && ok_in.iter().all(|&v| v >= 0));
        }
        Ok(!b.is_empty()?)
    }

    /// Adds `col = v`.
    pub fn fix_col(&mut self, col: usize, v: i64) -> PolyResult<()> {
        let mut r = vec![0; self.width()];
        r[col] = 1;
        r[self.n_cols()] = super::int::neg(v)?;
        self.add_eq(r)
    }

    /// Adds `param_i = v`.
    pub fn fix_param(&mut self, i: usize, v: i64) -> PolyResult<()> {
        self.fix_col(self.param_col(i), v)
    }

    /// Adds `dim_i = v`.
    pub fn fix_dim(&mut self, i: usize, v: i64) -> PolyResult<()> {
        self.fix_col(self.dim_col(i), v)
    }

    /// The conjunction of two basic sets over compatible spaces.
    pub fn intersect(&self, o: &BasicSet) -> PolyResult<BasicSet> {
        if !self.space.compatible(&o.space) {
            return Err(PolyError::SpaceMismatch);
        }
        let mut a = self.clone();
        let mut b = o.clone();
        // a: [p d la | ] + lb after ; b: [p d | lb] with la inserted before.
        a.insert_cols(a.n_cols(), b.n_local());
        b.insert_cols(b.local_col(0), self.n_local());
        a.locals.extend(b.locals);
        a.eqs.extend(b.eqs);
        a.ineqs.extend(b.ineqs);
        Ok(a)
    }

    /// Lexicographically smallest point (values of the dims) for the given
    /// parameter values, or `None` if empty for them.
    pub fn lexmin(&self, params: &[i64]) -> PolyResult<Option<Vec<i64>>> {
        self.lex_opt(params, false)
    }

    /// Lexicographically largest point for the given parameter values.
    pub fn lexmax(&self, params: &[i64]) -> PolyResult<Option<Vec<i64>>> {
        self.lex_opt(params, true)
    }

    fn lex_opt(&self, params: &[i64], max: bool) -> PolyResult<Option<Vec<i64>>> {
        if params.len() != self.n_param() {
            return Err(PolyError::SpaceMismatch);
        }
        let mut b = self.clone();
        for (i, &v) in params.iter().enumerate() {
            b.fix_param(i, v)?;
        }
        if max {
            // lexmax x = -lexmin(-x): negate the dim columns.
            for r in b.eqs.iter_mut().chain(b.ineqs.iter_mut()) {
                for c in b.space.n_param()..b.space.n_param() + b.space.n_dim() {
                    r[c] = super::int::neg(r[c])?;
                }
            }
        }
        let order: Vec<usize> = (0..self.n_dim()).map(|i| self.dim_col(i)).collect();
        let res = ilp::lexmin_in_order(&b.to_problem(), &order, &mut Meter::new())?;
        Ok(res.map(|p| order.iter().map(|&c| if max { -p[c] } else { p[c] }).collect()))
    }
}
