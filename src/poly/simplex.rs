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
//! Each row is held *fraction-free*: integers over one common denominator,
//! `den · unknown = e₀ + Σ eⱼ · columnⱼ` with `den > 0` (as isl's and
//! MLIR's tableaux hold it), reduced by the gcd of `den` and every `e`
//! whenever `den` grows. A pivot then updates an entry with two products
//! and a sum, and takes at most one gcd pass over each changed row, where
//! rational entries took several gcds per entry (over constant loop bounds,
//! an LU decomposition's schedule spent most of its file's compile time in
//! them). The ratio test compares within a row, where the denominator
//! cancels, and across rows by cross-multiplication. Entries are
//! transprecise integers ([`super::num::Int`]): 128-bit machine words while
//! they fit, big integers when they do not, so the tableau never overflows.
//! Snapshots are plain clones of the (small) tableau: callers such as
//! branch-and-bound take one before adding a constraint and roll back to it.

use super::error::{Meter, PolyResult};
use super::num::{Int, Rational as Rat};

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

/// One row of the tableau: `den · unknown = e[0] + Σ e[1 + j] · column j`,
/// `den > 0`; reduced (the gcd of `den` and all of `e` is 1) when built and
/// when `den` grows, not necessarily otherwise.
#[derive(Clone, Debug)]
struct Row {
    den: Int,
    e: Vec<Int>,
}

impl Row {
    /// The rational value of entry `t` (the constant for 0).
    fn value(&self, t: usize) -> Rat {
        Rat::from_ints(&self.e[t], &self.den)
    }

    /// Divides the row by the gcd of its denominator and entries.
    fn reduce(&mut self) {
        if self.den.is_one() {
            return;
        }
        let mut g = self.den.clone();
        for v in &self.e {
            if g.is_one() {
                return;
            }
            if !v.is_zero() {
                g = g.gcd(v);
            }
        }
        if g.is_one() {
            return;
        }
        self.den = self.den.div_exact(&g);
        for v in &mut self.e {
            if !v.is_zero() {
                *v = v.div_exact(&g);
            }
        }
    }
}

/// A non-negative ratio `num / den` (`den > 0`) of the ratio test.
struct Ratio {
    num: Int,
    den: Int,
}

impl Ratio {
    fn cmp(&self, o: &Ratio) -> std::cmp::Ordering {
        self.num.mul(&o.den).cmp(&o.num.mul(&self.den))
    }
}

/// The tableau; see the module documentation.
#[derive(Clone, Debug)]
pub struct Simplex {
    nvar: usize,
    rows: Vec<Row>,
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
                Pos::Row(i) => self.rows[i].value(0),
            })
            .collect()
    }

    /// Cells in the tableau (the work of one pivot or copy).
    pub fn cells(&self) -> usize {
        (self.rows.len() + 1) * (self.nvar + 1)
    }

    /// Expresses `row` (coefficients over the variables, then a constant) in
    /// terms of the current columns.
    fn express(&self, row: &[i64]) -> Row {
        debug_assert_eq!(row.len(), self.nvar + 1);
        let mut r = Row { den: Int::ONE, e: vec![Int::ZERO; self.nvar + 1] };
        r.e[0] = Int::from(row[self.nvar]);
        for (k, &a) in row[..self.nvar].iter().enumerate() {
            if a == 0 {
                continue;
            }
            let a = Int::from(a);
            match self.pos[k] {
                Pos::Col(j) => r.e[1 + j] = r.e[1 + j].add(&a.mul(&r.den)),
                Pos::Row(i) => {
                    // r + a·src over the denominators' least common multiple.
                    let src = &self.rows[i];
                    let g = r.den.gcd(&src.den);
                    let (to_r, to_src) = (src.den.div_exact(&g), r.den.div_exact(&g));
                    let a = a.mul(&to_src);
                    for (v, w) in r.e.iter_mut().zip(&src.e) {
                        if !w.is_zero() || !to_r.is_one() {
                            *v = v.mul_add(&to_r, &a, w);
                        }
                    }
                    r.den = r.den.mul(&to_r);
                }
            }
        }
        r.reduce();
        r
    }

    fn push_row(&mut self, r: Row, restricted: bool) -> usize {
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
        let r = self.express(row);
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
        for (j, c) in self.rows[r].e[1..].iter().enumerate() {
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
    /// when column `j` moves in direction `dir`, with its ratio (within a
    /// row the denominator cancels: the constant over the entry's size).
    fn leaving(&self, j: usize, dir: i32, skip: usize) -> Option<(usize, Ratio)> {
        let mut best: Option<(usize, Ratio)> = None;
        for (i, row) in self.rows.iter().enumerate() {
            if i == skip || !self.restricted[self.row_unknown[i]] {
                continue;
            }
            let t = &row.e[1 + j];
            if t.signum() * dir >= 0 {
                continue;
            }
            let ratio = Ratio { num: row.e[0].clone(), den: t.abs() };
            let better = match &best {
                None => true,
                Some((bi, br)) => match ratio.cmp(br) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => self.row_unknown[i] < self.row_unknown[*bi],
                    std::cmp::Ordering::Greater => false,
                },
            };
            if better {
                best = Some((i, ratio));
            }
        }
        best
    }

    /// Makes the constant of restricted row `r` non-negative; `false` if
    /// impossible (the constraints are infeasible).
    fn restore(&mut self, r: usize, m: &mut Meter) -> PolyResult<bool> {
        loop {
            if self.rows[r].e[0].signum() >= 0 {
                return Ok(true);
            }
            let Some((j, dir)) = self.entering(r, true) else {
                return Ok(false);
            };
            // The column moves so that the row grows: its own ratio is the
            // distance to 0.
            let own = Ratio { num: self.rows[r].e[0].neg(), den: self.rows[r].e[1 + j].abs() };
            m.pivot()?;
            match self.leaving(j, dir, r) {
                Some((i, ratio)) if ratio.cmp(&own).is_lt() => self.pivot(i, j)?,
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
        let r = self.express(obj);
        let o = self.push_row(r, false);
        let res = loop {
            let Some((j, dir)) = self.entering(o, false) else {
                break LpResult::Opt(self.rows[o].value(0));
            };
            m.pivot()?;
            match self.leaving(j, dir, o) {
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
        // Row r: d·u = a₀ + Σ aⱼ·xⱼ with p = a_c. Solved for x_c:
        // p·x_c = d·u − a₀ − Σ_{j≠c} aⱼ·xⱼ, held with |p| as denominator.
        // It is as reduced as the old row: a common divisor of |p|, d and
        // the a's divides the old row.
        let old = &self.rows[r];
        let p = &old.e[1 + c];
        debug_assert!(!p.is_zero());
        let flip = p.signum() > 0;
        let nr = Row {
            den: p.abs(),
            e: old
                .e
                .iter()
                .enumerate()
                .map(|(t, v)| match (t == 1 + c, flip) {
                    (true, true) => old.den.clone(),
                    (true, false) => old.den.neg(),
                    (false, true) => v.neg(),
                    (false, false) => v.clone(),
                })
                .collect(),
        };
        super::error::charge(self.pivot_work(&nr, c))?;
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i == r {
                continue;
            }
            let f = row.e[1 + c].clone();
            if f.is_zero() {
                continue;
            }
            // d_i·u_i = Σ bⱼ·xⱼ + f·x_c with x_c = (Σ nⱼ·zⱼ) / P: times P
            // (both divided by gcd(P, f) first).
            let g = nr.den.gcd(&f);
            let (scale, f) = (nr.den.div_exact(&g), f.div_exact(&g));
            for (t, (v, n)) in row.e.iter_mut().zip(&nr.e).enumerate() {
                if t == 1 + c {
                    *v = f.mul(n);
                } else if !n.is_zero() {
                    *v = v.mul_add(&scale, &f, n);
                } else if !scale.is_one() && !v.is_zero() {
                    *v = v.mul(&scale);
                }
            }
            // A row whose denominator stays is left as it is: a common
            // factor its new entries might share with it is rare, and the
            // gcd pass was half of a pivot's time (heat-3d at N = 100).
            if !scale.is_one() {
                row.den = row.den.mul(&scale);
                row.reduce();
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

    /// The work of a pivot with new pivot row `nr` on column `c`: one
    /// multiply-add per non-zero of the pivot row in every row with a
    /// non-zero in the pivot column. Entries of the pivot row that are
    /// fractions, or do not fit 64 bits, are charged more: they cost the
    /// updates more (and did more when entries were rationals, which the
    /// budgets were set by).
    fn pivot_work(&self, nr: &Row, c: usize) -> usize {
        let nnz = nr.e.iter().filter(|v| !v.is_zero()).count();
        let frac = nr
            .e
            .iter()
            .filter(|v| {
                let x = Rat::from_ints(v, &nr.den);
                !x.is_int() || !x.is_small()
            })
            .count();
        let hit = self.rows.iter().filter(|row| !row.e[1 + c].is_zero()).count();
        (nnz + FRACTION_COST * frac) * hit + nr.e.len()
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
