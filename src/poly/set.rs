//! Sets: finite unions of basic sets over one space.
//!
//! Running example: `{ [i] : 0 <= i <= 9 } \ { [i] : 3 <= i <= 5 }`.
//! Difference of basic sets `A \ B` with `B = c1 ∧ c2` is the disjoint
//! union `(A ∧ ¬c1) ∪ (A ∧ c1 ∧ ¬c2)`; over the integers `¬(r >= 0)` is
//! `-r - 1 >= 0` and `¬(r = 0)` is `r >= 1 ∨ -r >= 1`. Here:
//! `{ 0 <= i <= 2 } ∪ { 6 <= i <= 9 }`.
//!
//! Existentials in `B` are the one subtlety: `¬∃e. C(e)` is not `∃e. ¬C(e)`
//! in general. It is when `e` is a *division* (uniquely determined by the
//! other columns), so before subtracting we eliminate `B`'s plain
//! existentials exactly when possible and recognise divisions
//! ([`BasicSet::detect_divs`]); a remaining plain existential gives
//! `Err(Inexact)` rather than a wrong answer.
//!
//! Subset and equality tests reduce to emptiness of differences.

use super::basic_set::{BasicSet, Local};
use super::error::{Meter, PolyError, PolyResult};
use super::num::Rational as Rat;
use super::row::{self, Row};
use super::simplex::{LpResult, Simplex};
use super::space::Space;

/// A union of basic sets over one space.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Set {
    pub(crate) space: Space,
    pub(crate) parts: Vec<BasicSet>,
}

/// A relation is stored as a set over a map space.
pub type Map = Set;

impl From<BasicSet> for Set {
    fn from(b: BasicSet) -> Set {
        Set { space: b.space.clone(), parts: vec![b] }
    }
}

impl Set {
    /// The empty set.
    pub fn empty(space: Space) -> Set {
        Set { space, parts: vec![] }
    }

    /// All points of the space.
    pub fn universe(space: Space) -> Set {
        BasicSet::universe(space).into()
    }

    /// A union of basic sets that must share `space`.
    pub fn from_parts(space: Space, parts: Vec<BasicSet>) -> PolyResult<Set> {
        if parts.iter().any(|p| !p.space.compatible(&space)) {
            return Err(PolyError::SpaceMismatch);
        }
        Ok(Set { space, parts })
    }

    /// The space.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The basic sets of the union.
    pub fn parts(&self) -> &[BasicSet] {
        &self.parts
    }

    fn same_space(&self, o: &Set) -> PolyResult<()> {
        if self.space.compatible(&o.space) {
            Ok(())
        } else {
            Err(PolyError::SpaceMismatch)
        }
    }

    /// Applies `f` to every part.
    pub fn map_parts(&self, f: impl Fn(&BasicSet) -> PolyResult<BasicSet>) -> PolyResult<Set> {
        let parts = self.parts.iter().map(f).collect::<PolyResult<Vec<_>>>()?;
        let space = parts.first().map_or(self.space.clone(), |p| p.space.clone());
        Ok(Set { space, parts })
    }

    /// Union.
    pub fn union(&self, o: &Set) -> PolyResult<Set> {
        self.same_space(o)?;
        let mut parts = self.parts.clone();
        parts.extend(o.parts.iter().cloned());
        Ok(Set { space: self.space.clone(), parts })
    }

    /// Union with `o`, in place: its parts move in, none is copied (a
    /// union built one set at a time copied every part so far at each
    /// step: 4% of gsl's cblas/ctrmm.c compile, in the value-based flow's
    /// kills of 135 parts).
    pub fn absorb(&mut self, o: Set) -> PolyResult<()> {
        self.same_space(&o)?;
        self.parts.extend(o.parts);
        Ok(())
    }

    /// Intersection (pairwise; empty pairs are dropped).
    pub fn intersect(&self, o: &Set) -> PolyResult<Set> {
        self.same_space(o)?;
        let mut parts = vec![];
        for a in &self.parts {
            for b in &o.parts {
                // Pruning only: a part not proven empty is kept.
                let i = a.intersect(b)?;
                if !i.surely_empty()? {
                    parts.push(i);
                }
            }
        }
        Ok(Set { space: self.space.clone(), parts })
    }

    /// Whether the union has no integer point.
    pub fn is_empty(&self) -> PolyResult<bool> {
        for p in &self.parts {
            if !p.is_empty()? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The same set without its empty parts (one emptiness check a part:
    /// cheaper than [`Set::simplify`], so callers filter first).
    pub fn drop_empty_parts(&self) -> PolyResult<Set> {
        let mut parts = vec![];
        for p in &self.parts {
            if !p.is_empty()? {
                parts.push(p.clone());
            }
        }
        Ok(Set { space: self.space.clone(), parts })
    }

    /// Some point (`[params | dims]`).
    pub fn sample(&self) -> PolyResult<Option<Vec<i64>>> {
        for p in &self.parts {
            if let Some(s) = p.sample()? {
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    /// Membership of `[params | dims]`.
    pub fn contains(&self, point: &[i64]) -> PolyResult<bool> {
        for p in &self.parts {
            if p.contains(point)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Points of `self` not in `o`.
    pub fn subtract(&self, o: &Set) -> PolyResult<Set> {
        self.same_space(o)?;
        let mut pieces = self.parts.clone();
        for b in &o.parts {
            let b = prepare_subtrahend(b)?;
            let mut next = vec![];
            for p in &pieces {
                next.extend(subtract_basic(p, &b, false)?);
            }
            pieces = next;
        }
        Ok(Set { space: self.space.clone(), parts: pieces })
    }

    /// Whether every point of `self` is in `o`.
    pub fn is_subset(&self, o: &Set) -> PolyResult<bool> {
        let [b] = o.parts.as_slice() else {
            return self.subtract(o)?.is_empty();
        };
        // One subtrahend: stop at the first point outside it, so a failed
        // test costs one emptiness check, not one per constraint of `b`.
        self.same_space(o)?;
        let b = prepare_subtrahend(b)?;
        for p in &self.parts {
            let inside = match b.n_local() {
                0 => within_constraints(p, &b)?,
                _ => subtract_basic(p, &b, true)?.is_empty(),
            };
            if !inside {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether both sets have the same points.
    pub fn is_equal(&self, o: &Set) -> PolyResult<bool> {
        Ok(self.is_subset(o)? && o.is_subset(self)?)
    }

    /// Lexicographic minimum over all parts, for fixed parameters.
    pub fn lexmin(&self, params: &[i64]) -> PolyResult<Option<Vec<i64>>> {
        self.lex_opt(params, false)
    }

    /// Lexicographic maximum over all parts, for fixed parameters.
    pub fn lexmax(&self, params: &[i64]) -> PolyResult<Option<Vec<i64>>> {
        self.lex_opt(params, true)
    }

    fn lex_opt(&self, params: &[i64], max: bool) -> PolyResult<Option<Vec<i64>>> {
        let mut best: Option<Vec<i64>> = None;
        for p in &self.parts {
            let v = if max { p.lexmax(params)? } else { p.lexmin(params)? };
            if let Some(v) = v {
                if best.as_ref().is_none_or(|b| if max { v > *b } else { v < *b }) {
                    best = Some(v);
                }
            }
        }
        Ok(best)
    }

    /// Simplifies every part, drops empty parts and parts contained in
    /// another part (same point set).
    pub fn simplify(&self) -> PolyResult<Set> {
        self.simplify_parts(&BasicSet::simplify, 16)
    }

    /// [`Set::simplify`] that drops every part contained in another one,
    /// however many parts there are (a quadratic number of containment
    /// tests): for a set about to be subtracted, whose every part
    /// multiplies the pieces of the difference. The parts are pruned
    /// before they are simplified (an emptiness test each, then the
    /// containment tests), so that only those kept pay for the
    /// simplification's redundancy tests: the value-based flow's kills
    /// compose 45 parts of which 9 stay (gsl's cblas/ctrmm.c).
    pub fn simplify_all_parts(&self) -> PolyResult<Set> {
        let mut parts: Vec<BasicSet> = vec![];
        for p in &self.parts {
            let n = p.normalize()?;
            if !n.is_obviously_empty() && !parts.contains(&n) && !n.is_empty()? {
                parts.push(n);
            }
        }
        let mut kept = vec![];
        for p in without_covered(parts)? {
            let s = p.simplify_normalized()?;
            if !s.is_obviously_empty() && !kept.contains(&s) {
                kept.push(s);
            }
        }
        Ok(Set { space: self.space.clone(), parts: kept })
    }

    /// [`Set::simplify`] of a set whose parts are known to be non-empty
    /// (as [`Set::drop_empty_parts`] leaves them): no part is tested again.
    pub fn simplify_nonempty(&self) -> PolyResult<Set> {
        self.simplify_parts(&BasicSet::simplify_nonempty, 16)
    }

    /// Each part simplified, duplicates and parts contained in another one
    /// dropped (the latter only while there are at most `max_compared`).
    fn simplify_parts(&self, simplify: &dyn Fn(&BasicSet) -> PolyResult<BasicSet>, max_compared: usize) -> PolyResult<Set> {
        let mut parts = vec![];
        for p in &self.parts {
            let s = simplify(p)?;
            if !s.is_obviously_empty() && !parts.contains(&s) {
                parts.push(s);
            }
        }
        if parts.len() > max_compared {
            return Ok(Set { space: self.space.clone(), parts });
        }
        Ok(Set { space: self.space.clone(), parts: without_covered(parts)? })
    }

    /// Each part reduced to the constraints not implied by `context`; the
    /// context's parts are tried one at a time when it is a single basic set,
    /// otherwise the parts are only simplified.
    pub fn gist(&self, context: &Set) -> PolyResult<Set> {
        self.same_space(context)?;
        match context.parts.as_slice() {
            [c] => self.map_parts(|p| p.gist(c)),
            _ => self.simplify(),
        }
    }

    /// Projection of set dimensions `[first, first + n)` by Fourier–Motzkin,
    /// with the exactness flag.
    pub fn project_out(&self, first: usize, n: usize) -> PolyResult<(Set, bool)> {
        let mut exact = true;
        let mut parts = vec![];
        for p in &self.parts {
            let (q, e) = p.project_out(first, n)?;
            exact &= e;
            parts.push(q);
        }
        let mut space = self.space.clone();
        space.output.dims.drain(first..first + n);
        Ok((Set { space, parts }, exact))
    }

    /// Projection keeping the removed dimensions as existentials (exact).
    pub fn project_out_exists(&self, first: usize, n: usize) -> Set {
        let parts: Vec<BasicSet> = self.parts.iter().map(|p| p.project_out_exists(first, n)).collect();
        let mut space = self.space.clone();
        space.output.dims.drain(first..first + n);
        Set { space, parts }
    }

    /// Adds `param_i = v` to every part.
    pub fn fix_param(&self, i: usize, v: i64) -> PolyResult<Set> {
        self.map_parts(|p| {
            let mut q = p.clone();
            q.fix_param(i, v)?;
            Ok(q)
        })
    }

    /// Adds `dim_i = v` to every part.
    pub fn fix_dim(&self, i: usize, v: i64) -> PolyResult<Set> {
        self.map_parts(|p| {
            let mut q = p.clone();
            q.fix_dim(i, v)?;
            Ok(q)
        })
    }
}

/// Makes every local of `b` a division, or fails with `Inexact`.
fn prepare_subtrahend(b: &BasicSet) -> PolyResult<BasicSet> {
    let b = b.simplify_locals()?.detect_divs();
    if b.locals.iter().any(|l| *l == Local::Exists) {
        return Err(PolyError::Inexact);
    }
    Ok(b)
}

/// The two rows defining each division of `b`.
fn div_rows(b: &BasicSet) -> PolyResult<Vec<Row>> {
    let mut out = vec![];
    for (i, l) in b.locals.iter().enumerate() {
        if let Local::Div { expr, den } = l {
            let c = b.local_col(i);
            let mut lo = expr.clone();
            lo[c] = -den;
            let mut hi = row::negate(&lo)?;
            let k = hi.len() - 1;
            hi[k] = super::int::add(hi[k], den - 1)?;
            out.push(lo);
            out.push(hi);
        }
    }
    Ok(out)
}

/// Whether every integer point of `p` satisfies every constraint of `b`
/// (which has no locals). Each constraint `c >= 0` is first tried on one
/// LP tableau of `p`: a rational minimum above -1 rules out an integer
/// point with `c <= -1` (`c` is integral there). Only the constraints the
/// LP cannot settle cost an integer emptiness test, and the first one with
/// a point outside answers `false`.
fn within_constraints(p: &BasicSet, b: &BasicSet) -> PolyResult<bool> {
    Inside::new(p)?.holds(b)
}

/// `parts` without those contained in another one (the first of two
/// equal ones goes).
fn without_covered(mut parts: Vec<BasicSet>) -> PolyResult<Vec<BasicSet>> {
    // Each part as a subtrahend once (`Set::is_subset`'s form; `None`
    // where it has no exact one: never taken as covering), and each
    // tested part's tableau built once for all the others.
    let mut prepared: Vec<Option<BasicSet>> = parts.iter().map(|p| prepare_subtrahend(p).ok()).collect();
    let mut i = 0;
    while i < parts.len() {
        let mut inside: Option<Inside> = None;
        let mut covered = false;
        for (j, b) in prepared.iter().enumerate() {
            let Some(b) = b.as_ref().filter(|_| j != i) else { continue };
            let within = match b.n_local() {
                0 => {
                    if inside.is_none() {
                        inside = Some(Inside::new(&parts[i])?);
                    }
                    inside.as_mut().map_or(Ok(false), |t| t.holds(b))
                }
                _ => subtract_basic(&parts[i], b, true).map(|rest| rest.is_empty()),
            };
            if within.unwrap_or(false) {
                covered = true;
                break;
            }
        }
        if covered {
            parts.remove(i);
            prepared.remove(i);
        } else {
            i += 1;
        }
    }
    Ok(parts)
}

/// A basic set `p` with its tableau, asked whether it lies within the
/// constraints of other basic sets without locals (one tableau for all
/// of them: a union's parts are each tested against all the others).
struct Inside<'a> {
    p: &'a BasicSet,
    lp: Simplex,
    m: Meter,
}

impl<'a> Inside<'a> {
    fn new(p: &'a BasicSet) -> PolyResult<Inside<'a>> {
        let mut m = Meter::new();
        let mut lp = Simplex::new(p.n_cols());
        for e in &p.eqs {
            lp.add_eq(e, &mut m)?;
        }
        for r in &p.ineqs {
            lp.add_ineq(r, &mut m)?;
        }
        Ok(Inside { p, lp, m })
    }

    /// Whether every integer point of `p` satisfies `b`'s constraints.
    fn holds(&mut self, b: &BasicSet) -> PolyResult<bool> {
        let p = self.p;
        let at = p.local_col(0);
        let lift = |r: &Row| -> Row {
            let mut r = r.clone();
            for _ in 0..p.n_local() {
                r.insert(at, 0);
            }
            r
        };
        let mut tests: Vec<Row> = b.ineqs.iter().map(lift).collect();
        for e in &b.eqs {
            let e = lift(e);
            tests.push(row::negate(&e)?);
            tests.push(e);
        }
        for c in tests {
            match self.lp.minimize(&c, &mut self.m)? {
                // No rational point at all: `p` is empty, so inside anything.
                LpResult::Empty => return Ok(true),
                LpResult::Opt(v) if v > Rat::int(-1) => continue,
                _ => {}
            }
            let mut outside = p.clone();
            let mut neg = row::negate(&c)?;
            let k = neg.len() - 1;
            neg[k] = super::int::sub(neg[k], 1)?;
            outside.ineqs.push(neg);
            if !outside.is_empty()? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Whether `base ∧ a >= 0` is empty for a reason one row of `base` shows:
/// `q >= 0` (or `q = 0`) whose linear part is the opposite of `a`'s (or,
/// for an equality, the same) with constants that cannot both hold. In a
/// difference most constraints of the subtrahend repeat or loosen one of
/// the minuend's (the same loop bounds), and this settles their pieces
/// without a solver.
fn contradicted(base: &BasicSet, a: &[i64]) -> bool {
    let k = a.len() - 1;
    let linear = |q: &[i64], sign: i128| q[..k].iter().zip(&a[..k]).all(|(&x, &y)| x as i128 == sign * y as i128);
    let (ac, c) = (a[k] as i128, |q: &[i64]| q[k] as i128);
    base.ineqs.iter().any(|q| linear(q, -1) && c(q) + ac < 0)
        || base.eqs.iter().any(|q| (linear(q, -1) && c(q) + ac < 0) || (linear(q, 1) && ac - c(q) < 0))
}

/// `p \ b` for a `b` whose locals are all divisions; empty pieces dropped.
/// With `first_only`, stops after the first non-empty piece (enough to
/// answer "is `p` inside `b`").
fn subtract_basic(p: &BasicSet, b: &BasicSet, first_only: bool) -> PolyResult<Vec<BasicSet>> {
    let defs = div_rows(b)?;
    let mut frame = b.clone();
    frame.eqs.clear();
    frame.ineqs = defs.clone();
    // `base` = p with b's divisions (and their definitions) added.
    let mut base = p.intersect(&frame)?;
    let shift = p.n_local();
    let lift = |r: &Row| -> Row {
        let mut r = r.clone();
        let at = b.local_col(0);
        for _ in 0..shift {
            r.insert(at, 0);
        }
        r
    };
    let mut out = vec![];
    let mut negations: Vec<(Vec<Row>, bool)> = vec![];
    for r in &b.eqs {
        negations.push((vec![lift(r)], true));
    }
    for r in b.ineqs.iter().filter(|r| !defs.contains(r)) {
        negations.push((vec![lift(r)], false));
    }
    for (rows, is_eq) in negations {
        let r = &rows[0];
        let mut alts = vec![];
        let mut neg = row::negate(r)?;
        let k = neg.len() - 1;
        neg[k] = super::int::sub(neg[k], 1)?;
        alts.push(neg);
        if is_eq {
            let mut pos = r.clone();
            pos[k] = super::int::sub(pos[k], 1)?;
            alts.push(pos);
        }
        let mut implied = true;
        for a in alts {
            if contradicted(&base, &a) {
                continue;
            }
            implied = false;
            let mut piece = base.clone();
            piece.ineqs.push(a);
            if !piece.is_empty()? {
                out.push(piece);
                if first_only {
                    return Ok(out);
                }
            }
        }
        // A constraint `base` already implies would only lengthen the
        // pieces that follow.
        if implied {
            continue;
        }
        if is_eq {
            base.eqs.push(r.clone());
        } else {
            base.ineqs.push(r.clone());
        }
    }
    Ok(out)
}
