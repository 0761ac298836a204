//! Simplification: normal form of the constraint rows, redundancy removal,
//! gist against a context, and recovery of division annotations.
//!
//! Running example: `{ [i] : 2i >= 1 and i >= 0 and i <= 5 and 2i <= 11 }`.
//!
//! 1. [`BasicSet::normalize`]: rows are divided by their gcd (tightening
//!    inequalities: `2i >= 1` becomes `i >= 1`, `2i <= 11` becomes
//!    `i <= 5`), duplicates and trivially true rows are dropped, pairs
//!    `r >= 0, -r >= 0` become an equality, and equalities are brought to
//!    echelon form with each pivot column eliminated from the other rows.
//! 2. [`BasicSet::remove_redundant`]: an inequality is dropped when the LP
//!    minimum of its expression over the *other* constraints is `>= 0`
//!    (`i >= 0` goes, implied by `i >= 1`). A rational implication is a
//!    fortiori an integer one, so the point set never changes.
//! 3. [`BasicSet::gist`] does the same with the context's constraints added
//!    to the "others": it keeps only what the context does not already say.

use super::basic_set::{BasicSet, Local};
use super::error::{Meter, PolyResult};
use super::num::Rational as Rat;
use super::project::substitute;
use super::row::{self, Row};
use super::simplex::{LpResult, Simplex};

/// Decides, in order, which of `rows[range]` to keep: row `k` is dropped
/// when the kept rows before it and all rows after it imply it over the
/// rationals. `s` holds every other constraint: the context, the kept rows
/// before `range` and all rows after it. Splitting the range in halves adds
/// each row to O(log n) tableaux instead of the n of one tableau per row.
/// Returns `false` when the constraints have no rational point.
fn redundant_ineqs(s: Simplex, rows: &[Row], range: std::ops::Range<usize>, keep: &mut [bool], m: &mut Meter) -> PolyResult<bool> {
    if s.is_empty() {
        return Ok(false);
    }
    if range.is_empty() {
        return Ok(true);
    }
    if range.len() == 1 {
        let k = range.start;
        keep[k] = match s.clone().minimize(&rows[k], m)? {
            LpResult::Opt(v) => v.signum() < 0,
            LpResult::Unbounded => true,
            LpResult::Empty => return Ok(false),
        };
        return Ok(true);
    }
    let mid = range.start + range.len() / 2;
    let mut left = s.clone();
    for r in &rows[mid..range.end] {
        left.add_ineq(r, m)?;
    }
    if !redundant_ineqs(left, rows, range.start..mid, keep, m)? {
        return Ok(false);
    }
    let mut right = s;
    for k in range.start..mid {
        if keep[k] {
            right.add_ineq(&rows[k], m)?;
        }
    }
    redundant_ineqs(right, rows, mid..range.end, keep, m)
}

impl BasicSet {
    /// Normal form of the rows (same integer points); see module docs.
    /// Returns the canonical empty set when a row is trivially false.
    pub fn normalize(&self) -> PolyResult<BasicSet> {
        let mut b = self.clone();
        for r in b.eqs.iter_mut() {
            if !row::normalize_eq(r) {
                return Ok(self.canonical_empty());
            }
        }
        for r in b.ineqs.iter_mut() {
            row::normalize_ineq(r)?;
            if row::is_const(r) && r[r.len() - 1] < 0 {
                return Ok(self.canonical_empty());
            }
        }
        b.dedup_rows();
        // Opposite inequality pairs become equalities.
        let mut i = 0;
        while i < b.ineqs.len() {
            let neg = row::negate(&b.ineqs[i])?;
            if let Some(j) = b.ineqs.iter().enumerate().position(|(j, r)| j != i && *r == neg) {
                let mut e = b.ineqs[i].clone();
                let (i1, j1) = (i.max(j), i.min(j));
                b.ineqs.remove(i1);
                b.ineqs.remove(j1);
                row::normalize_eq(&mut e);
                b.eqs.push(e);
                i = j1;
            } else {
                i += 1;
            }
        }
        // Echelon form: pivot on the last non-zero column (locals first).
        let mut done = 0;
        while done < b.eqs.len() {
            let Some(c) = (0..b.n_cols()).rev().find(|&c| b.eqs[done..].iter().any(|r| r[c] != 0)) else {
                break;
            };
            let k = (done..b.eqs.len()).filter(|&k| b.eqs[k][c] != 0).min_by_key(|&k| b.eqs[k][c].unsigned_abs()).unwrap_or(done);
            b.eqs.swap(done, k);
            let eq = b.eqs[done].clone();
            for (k, r) in b.eqs.iter_mut().enumerate() {
                if k != done {
                    *r = substitute(r, &eq, c, false)?;
                    if !row::normalize_eq(r) {
                        return Ok(self.canonical_empty());
                    }
                }
            }
            for r in b.ineqs.iter_mut() {
                *r = substitute(r, &eq, c, true)?;
            }
            done += 1;
        }
        for r in &b.ineqs {
            if row::is_const(r) && r[r.len() - 1] < 0 {
                return Ok(self.canonical_empty());
            }
        }
        b.dedup_rows();
        b.ineqs.sort();
        Ok(b)
    }

    fn canonical_empty(&self) -> BasicSet {
        BasicSet::empty(self.space.clone())
    }

    /// Whether this is the canonical empty set (a trivially false row).
    pub fn is_obviously_empty(&self) -> bool {
        self.ineqs.iter().any(|r| row::is_const(r) && r[r.len() - 1] < 0)
            || self.eqs.iter().any(|r| row::is_const(r) && r[r.len() - 1] != 0)
    }

    /// Drops inequalities implied (over the rationals) by the others.
    pub fn remove_redundant(&self) -> PolyResult<BasicSet> {
        self.gist_rows(None)
    }

    /// The constraints of `self` not implied by `context` (and the rest of
    /// `self`): `gist(self, ctx) ∩ ctx = self ∩ ctx`.
    pub fn gist(&self, context: &BasicSet) -> PolyResult<BasicSet> {
        self.gist_rows(Some(context))
    }

    fn gist_rows(&self, context: Option<&BasicSet>) -> PolyResult<BasicSet> {
        super::answers::gist(self, context, &mut Meter::new(), |m| self.gist_rows_afresh(context, m))
    }

    fn gist_rows_afresh(&self, context: Option<&BasicSet>, m: &mut Meter) -> PolyResult<BasicSet> {
        // Work in the layout of `self ∧ context` (context locals appended).
        let mut all = match context {
            Some(c) => self.intersect(c)?,
            None => self.clone(),
        };
        let (n_own_eq, n_own_in) = (self.eqs.len(), self.ineqs.len());
        let mut base = Simplex::new(all.n_cols());
        for r in &all.eqs[n_own_eq..] {
            base.add_eq(r, m)?;
        }
        for r in &all.ineqs[n_own_in..] {
            base.add_ineq(r, m)?;
        }
        let mut keep_eq = vec![true; n_own_eq];
        let mut keep_in = vec![true; n_own_in];
        for k in 0..n_own_eq {
            let mut s = base.clone();
            for (j, r) in all.eqs[..n_own_eq].iter().enumerate() {
                if j != k && keep_eq[j] {
                    s.add_eq(r, m)?;
                }
            }
            for r in &all.ineqs[..n_own_in] {
                s.add_ineq(r, m)?;
            }
            if s.is_empty() {
                return Ok(self.canonical_empty());
            }
            let r = &all.eqs[k];
            let lo = s.minimize(r, m)?;
            let hi = s.minimize(&row::negate(r)?, m)?;
            keep_eq[k] = !(lo == LpResult::Opt(Rat::ZERO) && hi == LpResult::Opt(Rat::ZERO));
        }
        let mut s = base.clone();
        for (j, r) in all.eqs[..n_own_eq].iter().enumerate() {
            if keep_eq[j] {
                s.add_eq(r, m)?;
            }
        }
        if s.is_empty() {
            return Ok(self.canonical_empty());
        }
        if !redundant_ineqs(s, &all.ineqs[..n_own_in], 0..n_own_in, &mut keep_in, m)? {
            return Ok(self.canonical_empty());
        }
        let mut k = 0;
        all.eqs.retain(|_| {
            k += 1;
            k <= n_own_eq && keep_eq[k - 1]
        });
        let mut k = 0;
        all.ineqs.retain(|_| {
            k += 1;
            k <= n_own_in && keep_in[k - 1]
        });
        // Context locals are unused now: drop their columns.
        let own = self.n_local();
        let cols: Vec<usize> = (own..all.n_local()).map(|i| all.local_col(i)).collect();
        all.drop_cols(&cols);
        all.locals.truncate(own);
        Ok(all)
    }

    /// Same integer points, fewer and simpler constraints: normalisation,
    /// exact elimination of locals where possible, redundancy removal.
    pub fn simplify(&self) -> PolyResult<BasicSet> {
        let b = self.normalize()?;
        if b.is_obviously_empty() || b.is_empty()? {
            return Ok(self.canonical_empty());
        }
        b.simplify_normalized()
    }

    /// [`BasicSet::simplify`] of a set already known to have an integer
    /// point (an emptiness test just passed): the same result without
    /// testing again.
    pub fn simplify_nonempty(&self) -> PolyResult<BasicSet> {
        let b = self.normalize()?;
        if b.is_obviously_empty() {
            return Ok(self.canonical_empty());
        }
        b.simplify_normalized()
    }

    /// [`BasicSet::simplify_nonempty`] of a set already normalized.
    pub(super) fn simplify_normalized(&self) -> PolyResult<BasicSet> {
        let b = self.simplify_locals()?.normalize()?;
        let b = b.remove_redundant()?.normalize()?;
        Ok(b.detect_divs())
    }

    /// Recognises plain existentials that are divisions, from a pair
    /// `e - d·q >= 0, d·q - e + d - 1 >= 0` (or an equality `e = d·q`)
    /// where `e` only uses earlier columns.
    pub fn detect_divs(&self) -> BasicSet {
        let mut b = self.clone();
        for i in 0..b.n_local() {
            if b.locals[i] != Local::Exists {
                continue;
            }
            let c = b.local_col(i);
            let only_earlier = |r: &[i64]| r[c + 1..r.len() - 1].iter().all(|&x| x == 0);
            let mut found = None;
            for r in b.eqs.iter().filter(|r| r[c] != 0 && only_earlier(r)) {
                // r = e - d q (up to sign): q = e / d exactly, = floor(e / d).
                let d = r[c].abs();
                let e: Vec<i64> = r.iter().enumerate().map(|(k, &x)| if k == c { 0 } else if r[c] < 0 { x } else { -x }).collect();
                found = Some((e, d));
            }
            for lo in b.ineqs.iter().filter(|r| r[c] < 0 && only_earlier(r)) {
                let d = -lo[c];
                let hit = b.ineqs.iter().any(|hi| {
                    hi.iter().zip(lo.iter()).enumerate().all(|(k, (&h, &l))| if k + 1 == hi.len() { h == d - 1 - l } else { h == -l })
                });
                if hit && found.is_none() {
                    let mut e = lo.clone();
                    e[c] = 0;
                    found = Some((e, d));
                }
            }
            if let Some((expr, den)) = found {
                b.locals[i] = Local::Div { expr, den };
            }
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::space::Space;

    #[test]
    fn redundancy_keeps_needed_rows() {
        let mut b = BasicSet::universe(Space::set(&[], None, &["i", "j", "k"]));
        for r in [[1, 0, 0, 4], [-1, 0, 0, 4], [0, 1, 0, 4], [0, -1, 0, 4], [0, 0, 1, 4], [0, 0, -1, 4], [-3, 0, -3, -3], [0, 0, 3, 0]] {
            b.add_ineq(r.to_vec()).unwrap();
        }
        let s = b.remove_redundant().unwrap();
        assert!(s.ineqs.contains(&vec![-3, 0, -3, -3]), "{s:?}");
    }
}
