//! An exact, incremental rational simplex.
//!
//! Running example: variables `x, y` (unrestricted) and constraints
//! `c0: x - 1 >= 0`, `c1: 4 - x - y >= 0`.
//!
//! Every *unknown* — each variable and each constraint's value — is either a
//! **column** (non-basic, its sample value is 0) or a **row** (basic, an
//! affine function of the columns). Initially the variables are the columns
//! and each added constraint becomes a row expressed in them:
//!
//! ```text
//!            const   x    y
//!   c0 =      -1  +  1x + 0y
//!   c1 =       4  - 1x - 1y
//! ```
//!
//! The *sample point* sets all columns to 0, so `c0 = -1` violates
//! `c0 >= 0`. Constraint unknowns are *restricted* (must stay `>= 0`),
//! variables are not. To *restore* `c0` we increase a column with a positive
//! coefficient in `c0` (here `x`) until either `c0` reaches 0 or another
//! restricted row would go negative first (ratio test); then we *pivot*:
//! swap that row's unknown with the column's unknown. After pivoting `c0`
//! with `x`, `x = 1 + c0` is a row, `c0` a column, and the sample
//! `x = 1, y = 0` satisfies both constraints.
//!
//! Invariant: every restricted row has a non-negative constant, so the
//! sample point is always feasible. Adding a constraint adds one row and
//! restores it; if no column can increase it, the constraint set is
//! infeasible. Minimising an objective adds a temporary unrestricted row and
//! runs primal simplex on it. Both use Bland's rule (smallest unknown
//! index), so they terminate; all work is also charged to a [`Meter`].
//!
//! Entries are exact transprecise rationals ([`super::num::Rational`]):
//! machine words while they fit, big integers when they do not, so the
//! tableau never overflows (constant loop bounds in the thousands make
//! products of several of them, well past 128 bits in a long pivot chain).
//! Snapshots are plain clones of the (small) tableau: callers such as
//! branch-and-bound take one before adding a constraint and roll back to it.

use super::error::{Meter, PolyError, PolyResult};
use super::num::Rational as Rat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    Row(usize),
    Col(usize),
}

/// Outcome of an LP minimisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpResult {
    /// No rational point satisfies the constraints.
    Empty,
    /// The objective decreases without bound.
    Unbounded,
    /// The rational minimum.
    Opt(Rat),
}

/// Work units charged for starting a query, whatever its pivots.
const QUERY_COST: usize = 60_000;

/// Extra work units for an update by a fractional pivot-row entry.
const FRACTION_COST: usize = 200;

/// The tableau; see the module documentation.
#[derive(Clone, Debug)]
pub struct Simplex {
    nvar: usize,
    /// `rows[i][0]` is the constant, `rows[i][1 + j]` the coefficient of column `j`.
    rows: Vec<Vec<Rat>>,
    row_unknown: Vec<usize>,
    col_unknown: Vec<usize>,
    pos: Vec<Pos>,
    restricted: Vec<bool>,
    empty: bool,
}

/// A saved state of a [`Simplex`], see [`Simplex::rollback`].
#[derive(Clone, Debug)]
pub struct Snapshot(Simplex);

impl Simplex {
    /// A tableau over `nvar` unrestricted variables and no constraints.
    pub fn new(nvar: usize) -> Simplex {
        // Each query has a fixed cost (building rows, reducing equalities)
        // that its pivots do not show; charged here, where every query starts.
        // Cannot fail here: an exhausted allowance stops the next pivot.
        let _ = super::error::charge(QUERY_COST);
        Simplex {
            nvar,
            rows: vec![],
            row_unknown: vec![],
            col_unknown: (0..nvar).collect(),
            pos: (0..nvar).map(Pos::Col).collect(),
            restricted: vec![false; nvar],
            empty: false,
        }
    }

    /// Number of variables.
    pub fn n_var(&self) -> usize {
        self.nvar
    }

    /// Whether the constraints added so far are rationally infeasible.
    pub fn is_empty(&self) -> bool {
        self.empty
    }

    /// Saves the current state.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot(self.clone())
    }

    /// Returns to a saved state.
    pub fn rollback(&mut self, s: Snapshot) {
        *self = s.0;
    }

    /// The sample value of every variable.
    pub fn sample(&self) -> Vec<Rat> {
        (0..self.nvar)
            .map(|k| match self.pos[k] {
                Pos::Col(_) => Rat::ZERO,
                Pos::Row(i) => self.rows[i][0].clone(),
            })
            .collect()
    }

    /// Expresses `row` (coefficients over the variables, then a constant) in
    /// terms of the current columns.
    /// Cells in the tableau (the work of one pivot or copy).
    pub fn cells(&self) -> usize {
        (self.rows.len() + 1) * (self.nvar + 1)
    }

    fn express(&self, row: &[i64]) -> PolyResult<Vec<Rat>> {
        debug_assert_eq!(row.len(), self.nvar + 1);
        let mut r = vec![Rat::ZERO; self.nvar + 1];
        r[0] = Rat::int(row[self.nvar]);
        for (k, &a) in row[..self.nvar].iter().enumerate() {
            if a == 0 {
                continue;
            }
            let a = Rat::int(a);
            match self.pos[k] {
                Pos::Col(j) => r[1 + j] = r[1 + j].add(&a),
                Pos::Row(i) => {
                    for (t, v) in self.rows[i].iter().enumerate() {
                        if !v.is_zero() {
                            r[t] = r[t].add(&v.mul(&a));
                        }
                    }
                }
            }
        }
        Ok(r)
    }

    fn push_row(&mut self, r: Vec<Rat>, restricted: bool) -> usize {
        let id = self.pos.len();
        self.pos.push(Pos::Row(self.rows.len()));
        self.restricted.push(restricted);
        self.row_unknown.push(id);
        self.rows.push(r);
        self.rows.len() - 1
    }

    /// Adds `row·x + k >= 0`.
    pub fn add_ineq(&mut self, row: &[i64], m: &mut Meter) -> PolyResult<()> {
        if self.empty {
            return Ok(());
        }
        // Expressing the row reads one tableau row per variable it uses.
        super::error::charge((1 + row.iter().filter(|&&a| a != 0).count()) * (self.nvar + 1))?;
        let r = self.express(row)?;
        let i = self.push_row(r, true);
        if !self.restore(i, m)? {
            self.empty = true;
        }
        Ok(())
    }

    /// Adds `row·x + k = 0` (as two opposite inequalities).
    pub fn add_eq(&mut self, row: &[i64], m: &mut Meter) -> PolyResult<()> {
        self.add_ineq(row, m)?;
        let neg: Vec<i64> = row.iter().map(|&v| -v).collect();
        self.add_ineq(&neg, m)
    }

    /// Chooses the column to move so that row `r` changes in the wanted
    /// direction (`up`), by Bland's rule. Returns the column and the sign in
    /// which the column's unknown moves.
    fn entering(&self, r: usize, up: bool) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        for (j, c) in self.rows[r][1..].iter().enumerate() {
            let s = c.signum() * if up { 1 } else { -1 };
            if s == 0 {
                continue;
            }
            let u = self.col_unknown[j];
            let dir = if self.restricted[u] {
                if s < 0 {
                    continue;
                }
                1
            } else {
                s
            };
            if best.is_none_or(|(bj, _)| self.col_unknown[bj] > u) {
                best = Some((j, dir));
            }
        }
        best
    }

    /// Ratio test: the restricted row (other than `skip`) that first hits 0
    /// when column `j` moves in direction `dir`, with its ratio.
    fn leaving(&self, j: usize, dir: i32, skip: usize) -> PolyResult<Option<(usize, Rat)>> {
        let mut best: Option<(usize, Rat)> = None;
        for (i, row) in self.rows.iter().enumerate() {
            if i == skip || !self.restricted[self.row_unknown[i]] {
                continue;
            }
            let t = &row[1 + j];
            if t.signum() * dir >= 0 {
                continue;
            }
            let ratio = row[0].div(&if dir > 0 { t.neg() } else { t.clone() }).ok_or(PolyError::Overflow)?;
            let better = match &best {
                None => true,
                Some((bi, br)) => ratio < *br || (ratio == *br && self.row_unknown[i] < self.row_unknown[*bi]),
            };
            if better {
                best = Some((i, ratio));
            }
        }
        Ok(best)
    }

    /// Makes the constant of restricted row `r` non-negative; `false` if
    /// impossible (the constraints are infeasible).
    fn restore(&mut self, r: usize, m: &mut Meter) -> PolyResult<bool> {
        loop {
            if self.rows[r][0].signum() >= 0 {
                return Ok(true);
            }
            let Some((j, dir)) = self.entering(r, true) else {
                return Ok(false);
            };
            let t = &self.rows[r][1 + j];
            let own = self.rows[r][0].neg().div(&if dir > 0 { t.clone() } else { t.neg() }).ok_or(PolyError::Overflow)?;
            m.pivot()?;
            match self.leaving(j, dir, r)? {
                Some((i, ratio)) if ratio < own => self.pivot(i, j)?,
                _ => {
                    self.pivot(r, j)?;
                    return Ok(true);
                }
            }
        }
    }

    /// Minimises `obj·x + k` over the current constraints.
    pub fn minimize(&mut self, obj: &[i64], m: &mut Meter) -> PolyResult<LpResult> {
        if self.empty {
            return Ok(LpResult::Empty);
        }
        let r = self.express(obj)?;
        let o = self.push_row(r, false);
        let res = loop {
            let Some((j, dir)) = self.entering(o, false) else {
                break LpResult::Opt(self.rows[o][0].clone());
            };
            m.pivot()?;
            match self.leaving(j, dir, o)? {
                None => break LpResult::Unbounded,
                Some((i, _)) => self.pivot(i, j)?,
            }
        };
        // The objective row is unrestricted, so it never left its row.
        debug_assert_eq!(self.row_unknown[o], self.pos.len() - 1);
        self.rows.pop();
        self.row_unknown.pop();
        self.pos.pop();
        self.restricted.pop();
        Ok(res)
    }

    /// Swaps the unknown of row `r` with the unknown of column `c`.
    fn pivot(&mut self, r: usize, c: usize) -> PolyResult<()> {
        let p = &self.rows[r][1 + c];
        debug_assert!(!p.is_zero());
        let inv = p.recip().ok_or(PolyError::Overflow)?;
        let minv = inv.neg();
        let mut nr = Vec::with_capacity(self.rows[r].len());
        for (t, v) in self.rows[r].iter().enumerate() {
            nr.push(if t == 1 + c { inv.clone() } else { v.mul(&minv) });
        }
        // The work is one multiply-add per non-zero of the pivot row in
        // every row with a non-zero in the pivot column.
        // A fraction costs several gcds per operation, an integer none, so
        // fractional entries are charged more.
        let nnz = nr.iter().filter(|v| !v.is_zero()).count();
        // Big entries cost more still; they count as fractions.
        let frac = nr.iter().filter(|v| !v.is_int() || !v.is_small()).count();
        let hit = self.rows.iter().filter(|row| !row[1 + c].is_zero()).count();
        super::error::charge((nnz + FRACTION_COST * frac) * hit + nr.len())?;
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i == r {
                continue;
            }
            let f = row[1 + c].clone();
            if f.is_zero() {
                continue;
            }
            for (t, v) in row.iter_mut().enumerate() {
                if t == 1 + c {
                    *v = f.mul(&inv);
                } else if !nr[t].is_zero() {
                    *v = v.add(&f.mul(&nr[t]));
                }
            }
        }
        self.rows[r] = nr;
        let (ur, uc) = (self.row_unknown[r], self.col_unknown[c]);
        self.row_unknown[r] = uc;
        self.col_unknown[c] = ur;
        self.pos[uc] = Pos::Row(r);
        self.pos[ur] = Pos::Col(c);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_example() {
        let mut m = Meter::new();
        let mut s = Simplex::new(2);
        s.add_ineq(&[1, 0, -1], &mut m).unwrap();
        s.add_ineq(&[-1, -1, 4], &mut m).unwrap();
        assert!(!s.is_empty());
        assert_eq!(s.minimize(&[1, 0, 0], &mut m).unwrap(), LpResult::Opt(Rat::int(1)));
        assert_eq!(s.minimize(&[-1, 0, 0], &mut m).unwrap(), LpResult::Unbounded);
        s.add_ineq(&[0, 1, 0], &mut m).unwrap();
        assert_eq!(s.minimize(&[-1, 0, 0], &mut m).unwrap(), LpResult::Opt(Rat::int(-4)));
        let snap = s.snapshot();
        s.add_ineq(&[-1, 0, 0], &mut m).unwrap();
        assert!(s.is_empty());
        s.rollback(snap);
        assert!(!s.is_empty());
        s.add_eq(&[2, -4, -1], &mut m).unwrap();
        let p = s.sample();
        assert_eq!(p[0].mul(&Rat::int(2)).sub(&p[1].mul(&Rat::int(4))), Rat::ONE);
    }
}
