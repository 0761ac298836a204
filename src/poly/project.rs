//! Projection: turning dimensions into existentials, and eliminating
//! existentials with Fourier–Motzkin (Ancourt & Irigoin; Pugh's exactness
//! conditions).
//!
//! Running example: `{ [i, q] : 3q <= i <= 3q + 2, 0 <= i <= 8 }`,
//! eliminating `q`. Bounds on `q`: lower `i - 2 <= 3q` (`3q - i + 2 >= 0`),
//! upper `3q <= i` (`i - 3q >= 0`). Fourier–Motzkin combines each lower
//! bound `a·q + P >= 0` (a > 0) with each upper bound `-b·q + Q >= 0`
//! (b > 0) into `b·P + a·Q >= 0` — the *real shadow*, here `2 >= 0`. It
//! contains every integer point of the true projection, but may contain
//! more when `a, b > 1` (a thin slice between two bounds may contain no
//! integer `q`).
//!
//! Exactness: if every pair has `a = 1` or `b = 1` the shadow is exact.
//! Otherwise we also form Pugh's *dark shadow* `b·P + a·Q >= (a-1)(b-1)`,
//! whose integer points are all in the projection. If every integer point of
//! the real shadow satisfies the dark shadow (checked with the ILP), real =
//! dark = projection and the result is exact (as in the example: `6 >= 4`).
//! Otherwise the result is an over-approximation and `exact = false`.
//!
//! An equality `a·q + R = 0` is used first: with `|a| = 1` substitution is
//! exact; with `|a| > 1` the congruence `R ≡ 0 (mod a)` is lost, so the
//! result is flagged inexact. Keeping the variable as an existential
//! ([`BasicSet::project_out_exists`]) is always exact.

use super::basic_set::{BasicSet, Local};
use super::error::{PolyError, PolyResult};
use super::int;
use super::row::{self, Row};

impl BasicSet {
    /// Turns the dimension columns `cols` into plain existential locals
    /// (appended after the existing locals). The space is not changed: the
    /// caller removes the corresponding names.
    pub(crate) fn dims_to_locals(&mut self, cols: &[usize]) {
        // New layout: [params | kept dims | moved dims | old locals], so that
        // division expressions still only refer to earlier columns.
        let n = self.n_cols();
        let first_local = self.local_col(0);
        let kept = first_local - cols.len();
        let mut map: Vec<Option<usize>> = vec![None; n];
        let mut next = 0;
        for (c, m) in map.iter_mut().enumerate().take(first_local) {
            if !cols.contains(&c) {
                *m = Some(next);
                next += 1;
            }
        }
        for (k, &c) in cols.iter().enumerate() {
            map[c] = Some(kept + k);
        }
        for (c, m) in map.iter_mut().enumerate().skip(first_local) {
            *m = Some(c);
        }
        self.remap_cols(&map, n);
        for _ in cols {
            self.locals.insert(0, Local::Exists);
        }
    }

    /// Removes set dimensions `[first, first + n)` of the output tuple,
    /// keeping them as existentials. Always exact.
    pub fn project_out_exists(&self, first: usize, n: usize) -> BasicSet {
        let mut b = self.clone();
        let base = b.dim_col(b.space.n_in());
        let cols: Vec<usize> = (base + first..base + first + n).collect();
        b.dims_to_locals(&cols);
        b.space.output.dims.drain(first..first + n);
        b
    }

    /// Removes set dimensions `[first, first + n)` by Fourier–Motzkin; the
    /// flag tells whether the result is exactly the integer projection.
    pub fn project_out(&self, first: usize, n: usize) -> PolyResult<(BasicSet, bool)> {
        let b = self.project_out_exists(first, n);
        let cols: Vec<usize> = (0..n).map(|i| b.local_col(i)).collect();
        b.eliminate_cols(&cols)
    }

    /// Eliminates every local by Fourier–Motzkin.
    pub fn eliminate_locals(&self) -> PolyResult<(BasicSet, bool)> {
        let cols: Vec<usize> = (0..self.n_local()).map(|i| self.local_col(i)).collect();
        self.eliminate_cols(&cols)
    }

    /// Eliminates the locals that can be eliminated exactly; keeps the others.
    pub fn simplify_locals(&self) -> PolyResult<BasicSet> {
        let mut b = self.clone();
        let mut i = b.n_local();
        while i > 0 {
            i -= 1;
            let c = b.local_col(i);
            let mut t = b.clone();
            match t.eliminate_col(c) {
                Ok(true) => {
                    t.drop_cols(&[c]);
                    t.locals.remove(i);
                    b = t;
                }
                Ok(false) | Err(PolyError::Budget) | Err(PolyError::Overflow) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(b)
    }

    /// Eliminates the given local columns (FM), then drops them.
    pub(crate) fn eliminate_cols(&self, cols: &[usize]) -> PolyResult<(BasicSet, bool)> {
        let mut b = self.clone();
        let mut exact = true;
        // Columns with an equality first: those eliminations are cheapest.
        let mut order = cols.to_vec();
        order.sort_by_key(|&c| !b.eqs.iter().any(|r| r[c] != 0));
        for &c in &order {
            exact &= b.eliminate_col(c)?;
        }
        let first = b.local_col(0);
        let mut sorted = cols.to_vec();
        sorted.sort_unstable();
        b.drop_cols(&sorted);
        for &c in sorted.iter().rev() {
            b.locals.remove(c - first);
        }
        Ok((b, exact))
    }

    /// Makes every constraint independent of column `c` (leaving a zero
    /// column); returns whether the integer projection is exact.
    pub(crate) fn eliminate_col(&mut self, c: usize) -> PolyResult<bool> {
        let pick = self.eqs.iter().enumerate().filter(|(_, r)| r[c] != 0).min_by_key(|(_, r)| r[c].unsigned_abs());
        if let Some((k, _)) = pick {
            let eq = self.eqs.swap_remove(k);
            let a = eq[c];
            for r in self.eqs.iter_mut() {
                *r = substitute(r, &eq, c, false)?;
            }
            for r in self.ineqs.iter_mut() {
                *r = substitute(r, &eq, c, true)?;
            }
            self.mark_divs_using(c);
            return Ok(a.abs() == 1);
        }
        let (mut lower, mut upper, mut rest) = (vec![], vec![], vec![]);
        for r in self.ineqs.drain(..) {
            match r[c].signum() {
                1 => lower.push(r),
                -1 => upper.push(r),
                _ => rest.push(r),
            }
        }
        // Fourier-Motzkin can square the number of rows at each step: the
        // rows it makes are charged, so the work limit also bounds memory.
        super::error::charge(lower.len() * upper.len() * self.width())?;
        let mut dark_needed = vec![];
        for l in &lower {
            for u in &upper {
                let (a, b) = (l[c], -u[c]);
                let mut r = row::combine(l, b, u, a)?;
                r[c] = 0;
                let slack = int::mul(a - 1, b - 1)?;
                if slack > 0 {
                    dark_needed.push((r.clone(), slack));
                }
                row::normalize_ineq(&mut r)?;
                rest.push(r);
            }
        }
        self.ineqs = rest;
        self.mark_divs_using(c);
        self.dedup_rows();
        if dark_needed.is_empty() {
            return Ok(true);
        }
        // Exact iff every integer point of the real shadow is in the dark shadow.
        for (r, slack) in dark_needed {
            let mut t = self.clone();
            // not (r >= slack):  -r + slack - 1 >= 0
            let mut neg = row::negate(&r)?;
            let k = neg.len() - 1;
            neg[k] = int::add(neg[k], slack - 1)?;
            t.ineqs.push(neg);
            if !t.surely_empty()? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Divs whose expression uses column `c` lose their annotation.
    fn mark_divs_using(&mut self, c: usize) {
        for l in self.locals.iter_mut() {
            if matches!(l, Local::Div { expr, .. } if expr[c] != 0) {
                *l = Local::Exists;
            }
        }
        let own = c.checked_sub(self.local_col(0));
        if let Some(i) = own.filter(|&i| i < self.locals.len()) {
            self.locals[i] = Local::Exists;
        }
    }

    /// Removes exact duplicate rows and trivially true inequalities.
    pub(crate) fn dedup_rows(&mut self) {
        let mut seen = crate::stable::HashSet::default();
        self.ineqs.retain(|r| !(row::is_const(r) && r[r.len() - 1] >= 0) && seen.insert(r.clone()));
        let mut seen = crate::stable::HashSet::default();
        self.eqs.retain(|r| !(row::is_const(r) && r[r.len() - 1] == 0) && seen.insert(r.clone()));
    }
}

/// Eliminates column `c` from `r` using equality `eq` (`eq[c] != 0`).
/// Inequalities are scaled by `|eq[c]| > 0`, which keeps their direction.
pub(crate) fn substitute(r: &[i64], eq: &[i64], c: usize, ineq: bool) -> PolyResult<Row> {
    if r[c] == 0 {
        return Ok(r.to_vec());
    }
    let a = eq[c];
    let g = int::gcd(a, r[c]);
    let (fa, fr) = (a / g, r[c] / g);
    // fa·r - fr·eq kills column c; make the factor on r positive.
    let (s1, s2) = if fa > 0 { (fa, -fr) } else { (-fa, fr) };
    let mut out = row::combine(r, s1, eq, s2)?;
    out[c] = 0;
    if ineq {
        row::normalize_ineq(&mut out)?;
    }
    Ok(out)
}
