//! Relations (maps): basic sets over a space with an input and an output
//! tuple, and the operations that treat the two tuples differently.
//!
//! Running example: `m = { S[i] -> A[i + 1] }` applied to
//! `s = { S[i] : 0 <= i < 4 }`. We build one basic set over the columns
//! `[in i | out a]`, copy `m`'s constraints (`a = i + 1`) and `s`'s
//! constraints placed on the input columns (`0 <= i < 4`), then turn the
//! input column into an existential and eliminate it when that is exact:
//! `{ A[a] : 1 <= a <= 4 }`. Compose, domain, range and deltas are the same
//! pattern — place the pieces on a wider column layout ([`embed`]), then
//! project the middle columns away ([`BasicSet::simplify_locals`] keeps a
//! column as an existential whenever eliminating it would be inexact).

use super::basic_set::{BasicSet, Local};
use super::error::{PolyError, PolyResult};
use super::ilp::bounds_cross;
use super::row::{self, Row};
use super::set::Set;
use super::space::{Space, Tuple};

/// Adds the constraints of `other` to `target`: `other`'s parameters go to
/// the same parameters, its dimension `k` to column `dim_cols[k]` of
/// `target`, and its locals become new locals of `target`.
fn embed(target: &mut BasicSet, other: &BasicSet, dim_cols: &[usize]) -> PolyResult<()> {
    if target.n_param() != other.n_param() || dim_cols.len() != other.n_dim() {
        return Err(PolyError::SpaceMismatch);
    }
    let first = target.n_cols();
    for _ in &other.locals {
        target.push_local(Local::Exists);
    }
    let np = other.n_param();
    let map: Vec<Option<usize>> = (0..other.n_cols())
        .map(|c| {
            Some(if c < np {
                c
            } else if c < np + other.n_dim() {
                dim_cols[c - np]
            } else {
                first + (c - np - other.n_dim())
            })
        })
        .collect();
    let n = target.n_cols();
    let base = target.n_local() - other.n_local();
    for (k, l) in other.locals.iter().enumerate() {
        if let Local::Div { expr, den } = l {
            target.locals[base + k] = Local::Div { expr: row::remap(expr, &map, n), den: *den };
        }
    }
    for r in &other.eqs {
        target.eqs.push(row::remap(r, &map, n));
    }
    for r in &other.ineqs {
        target.ineqs.push(row::remap(r, &map, n));
    }
    Ok(())
}

/// Turns the dimension columns `cols` of `b` into existentials, sets the
/// space to `space`, and eliminates what can be eliminated exactly.
fn finish(mut b: BasicSet, cols: &[usize], space: Space) -> PolyResult<BasicSet> {
    b.dims_to_locals(cols);
    b.space = space;
    b.simplify_locals()
}

/// Whether rows of `a` and `b` (over the same parameters) that bound one
/// parameter alone bound it past each other, so that the two sets have no
/// parameter value in common. A parameter split in cases (`conj` of gsl's
/// complex BLAS: below, at or above a constant) gives every relation of a
/// nest one part per case, and the composition of two relations all pairs
/// of cases: two thirds of them were empty compositions, each built (its
/// middle dimensions eliminated) and tested before it was dropped.
pub fn params_cross(a: &BasicSet, b: &BasicSet) -> bool {
    let np = a.n_param();
    if np == 0 || a.space.params != b.space.params {
        return false;
    }
    // The rows over parameters alone, as (coefficients, constant).
    fn on_params(rows: &[Row], np: usize) -> impl Iterator<Item = (&[i64], i64)> {
        rows.iter().filter(move |r| r[np..r.len() - 1].iter().all(|&x| x == 0)).map(move |r| (&r[..np], r[r.len() - 1]))
    }
    bounds_cross(np, on_params(&a.eqs, np).chain(on_params(&b.eqs, np)), on_params(&a.ineqs, np).chain(on_params(&b.ineqs, np)))
}

fn check_params(a: &Space, b: &Space) -> PolyResult<()> {
    if a.params == b.params {
        Ok(())
    } else {
        Err(PolyError::SpaceMismatch)
    }
}

/// Some of the quick `tests` found a point (`Some(true)`, at the first
/// that does), every one proved its set empty (`Some(false)`), or neither.
fn any_quickly(tests: impl Iterator<Item = PolyResult<Option<bool>>>) -> PolyResult<Option<bool>> {
    let mut decided = true;
    for t in tests {
        match t? {
            Some(true) => return Ok(Some(true)),
            Some(false) => {}
            None => decided = false,
        }
    }
    Ok(decided.then_some(false))
}

impl BasicSet {
    /// Input and output swapped.
    pub fn reverse(&self) -> BasicSet {
        let (np, ni, no) = (self.n_param(), self.space.n_in(), self.space.n_out());
        let mut b = self.clone();
        let map: Vec<Option<usize>> = (0..self.n_cols())
            .map(|c| {
                Some(if c < np || c >= np + ni + no {
                    c
                } else if c < np + ni {
                    c + no
                } else {
                    c - ni
                })
            })
            .collect();
        b.remap_cols(&map, self.n_cols());
        b.space = self.space.reverse();
        b
    }

    /// The domain of a relation (exists-projection of the outputs).
    pub fn domain(&self) -> PolyResult<BasicSet> {
        let (np, ni, no) = (self.n_param(), self.space.n_in(), self.space.n_out());
        finish(self.clone(), &(np + ni..np + ni + no).collect::<Vec<_>>(), self.space.domain())
    }

    /// The range of a relation.
    pub fn range(&self) -> PolyResult<BasicSet> {
        let (np, ni) = (self.n_param(), self.space.n_in());
        finish(self.clone(), &(np..np + ni).collect::<Vec<_>>(), self.space.range())
    }

    /// The image of the set `s` under the relation `self`.
    pub fn apply_to(&self, s: &BasicSet) -> PolyResult<BasicSet> {
        check_params(&self.space, &s.space)?;
        if s.space.is_map() || s.n_dim() != self.space.n_in() {
            return Err(PolyError::SpaceMismatch);
        }
        let b = self.restrict_domain(s)?;
        self.range_of(b)
    }

    /// The pairs of the relation `self` whose input lies in the set `s`
    /// (nothing projected: the relation's columns, `s`'s locals added).
    pub fn restrict_domain(&self, s: &BasicSet) -> PolyResult<BasicSet> {
        check_params(&self.space, &s.space)?;
        if s.space.is_map() || s.n_dim() != self.space.n_in() {
            return Err(PolyError::SpaceMismatch);
        }
        let mut b = self.clone();
        let np = self.n_param();
        embed(&mut b, s, &(np..np + s.n_dim()).collect::<Vec<_>>())?;
        Ok(b)
    }

    fn range_of(&self, b: BasicSet) -> PolyResult<BasicSet> {
        let (np, ni) = (self.n_param(), self.space.n_in());
        finish(b, &(np..np + ni).collect::<Vec<_>>(), self.space.range())
    }

    /// `self` followed by `next`: `{ x -> z : exists y : x self y, y next z }`.
    pub fn compose(&self, next: &BasicSet) -> PolyResult<BasicSet> {
        let (w, cols_b) = self.chain(next)?;
        let space = Space { params: self.space.params.clone(), input: self.space.input.clone(), output: next.space.output.clone() };
        finish(w, &cols_b, space)
    }

    /// `self` (A -> B) and `next` (B -> C) on the layout `[A | C | B]`, B
    /// last so it can become the existential; with B's columns.
    fn chain(&self, next: &BasicSet) -> PolyResult<(BasicSet, Vec<usize>)> {
        check_params(&self.space, &next.space)?;
        let (np, a, bn, c) = (self.n_param(), self.space.n_in(), self.space.n_out(), next.space.n_out());
        if next.space.n_in() != bn {
            return Err(PolyError::SpaceMismatch);
        }
        let wide = Space::map(&[], Tuple::anon(a, "a"), Tuple::anon(c + bn, "x"));
        let mut w = BasicSet::universe(Space { params: self.space.params.clone(), ..wide });
        let cols_a: Vec<usize> = (np..np + a).collect();
        let cols_c: Vec<usize> = (np + a..np + a + c).collect();
        let cols_b: Vec<usize> = (np + a + c..np + a + c + bn).collect();
        embed(&mut w, self, &[cols_a, cols_b.clone()].concat())?;
        embed(&mut w, next, &[cols_b.clone(), cols_c].concat())?;
        Ok((w, cols_b))
    }

    /// Whether some pair `x -> z` of `within` (A -> C) goes through some
    /// `y` with `x self y` and `y next z`: the emptiness of `within`
    /// intersected with the composition. Tried first without projecting
    /// `y` away (the costly part of a composition; the chained set is
    /// empty exactly when its projection is), within a few branch-and-bound
    /// nodes: the projection can also make the integer problem easier
    /// (a set empty over the integers but not over the rationals), so
    /// when those nodes do not decide, the projected set is tested.
    pub fn composes_within(&self, next: &BasicSet, within: &BasicSet) -> PolyResult<bool> {
        match self.composes_within_quickly(next, within, BasicSet::QUICK_NODES)? {
            Some(meets) => Ok(meets),
            None => self.composes_within_projected(next, within),
        }
    }

    /// [`BasicSet::composes_within`] when `nodes` branch-and-bound nodes
    /// on the chained set decide it; `None` when they do not.
    pub fn composes_within_quickly(&self, next: &BasicSet, within: &BasicSet, nodes: u64) -> PolyResult<Option<bool>> {
        let (mut w, _) = self.chain(next)?;
        let np = self.n_param();
        if within.n_dim() != self.space.n_in() + next.space.n_out() {
            return Err(PolyError::SpaceMismatch);
        }
        embed(&mut w, within, &(np..np + within.n_dim()).collect::<Vec<_>>())?;
        Ok(w.quickly_empty_within(nodes)?.map(|empty| !empty))
    }

    /// [`BasicSet::composes_within`] through the projected composition
    /// alone (for a caller that tried the quick way already).
    pub fn composes_within_projected(&self, next: &BasicSet, within: &BasicSet) -> PolyResult<bool> {
        Ok(!within.intersect(&self.compose(next)?)?.is_empty()?)
    }

    /// Whether some pair of the relation has its output (`range`) or its
    /// input (`!range`) in `s`: the emptiness of the relation restricted
    /// there, tried first without projecting the other side away (as in
    /// [`BasicSet::composes_within`]).
    pub fn meets_on(&self, s: &BasicSet, range: bool) -> PolyResult<bool> {
        match self.meets_on_quickly(s, range, BasicSet::QUICK_NODES)? {
            Some(meets) => Ok(meets),
            None => self.meets_on_projected(s, range),
        }
    }

    /// [`BasicSet::meets_on`] when `nodes` branch-and-bound nodes decide
    /// it; `None` when they do not.
    pub fn meets_on_quickly(&self, s: &BasicSet, range: bool, nodes: u64) -> PolyResult<Option<bool>> {
        check_params(&self.space, &s.space)?;
        let (np, ni, no) = (self.n_param(), self.space.n_in(), self.space.n_out());
        let cols: Vec<usize> = if range { (np + ni..np + ni + no).collect() } else { (np..np + ni).collect() };
        if s.space.is_map() || s.n_dim() != cols.len() {
            return Err(PolyError::SpaceMismatch);
        }
        let mut w = self.clone();
        embed(&mut w, s, &cols)?;
        Ok(w.quickly_empty_within(nodes)?.map(|empty| !empty))
    }

    /// [`BasicSet::meets_on`] through the projected side alone.
    pub fn meets_on_projected(&self, s: &BasicSet, range: bool) -> PolyResult<bool> {
        let side = if range { self.range()? } else { self.domain()? };
        Ok(!side.intersect(s)?.is_empty()?)
    }

    /// `{ y - x : x -> y in self }` for a relation with equal arities.
    pub fn deltas(&self) -> PolyResult<BasicSet> {
        let (np, n) = (self.n_param(), self.space.n_out());
        if self.space.n_in() != n {
            return Err(PolyError::SpaceMismatch);
        }
        // Layout [x | y | d] as a set of 3n dims.
        let mut w = BasicSet::universe(Space::from_tuple(self.space.params.clone(), Tuple::anon(3 * n, "t")));
        embed(&mut w, self, &(np..np + 2 * n).collect::<Vec<_>>())?;
        for k in 0..n {
            let mut r = vec![0; w.width()];
            r[np + 2 * n + k] = 1;
            r[np + n + k] = -1;
            r[np + k] = 1;
            w.eqs.push(r);
        }
        let space = Space::from_tuple(self.space.params.clone(), Tuple::anon(n, "d"));
        finish(w, &(np..np + 2 * n).collect::<Vec<_>>(), space)
    }

    /// The identity relation on a set space.
    pub fn identity(set_space: &Space) -> BasicSet {
        let space = Space::join(set_space, set_space);
        let mut b = BasicSet::universe(space);
        let (np, n) = (b.n_param(), set_space.n_out());
        for k in 0..n {
            let mut r = vec![0; b.width()];
            r[np + k] = 1;
            r[np + n + k] = -1;
            b.eqs.push(r);
        }
        b
    }
}

impl Set {
    /// Input and output swapped.
    pub fn reverse(&self) -> Set {
        Set { space: self.space.reverse(), parts: self.parts.iter().map(BasicSet::reverse).collect() }
    }

    /// Domain of a relation.
    pub fn domain(&self) -> PolyResult<Set> {
        Ok(Set { space: self.space.domain(), parts: self.parts.iter().map(BasicSet::domain).collect::<PolyResult<_>>()? })
    }

    /// Range of a relation.
    pub fn range(&self) -> PolyResult<Set> {
        Ok(Set { space: self.space.range(), parts: self.parts.iter().map(BasicSet::range).collect::<PolyResult<_>>()? })
    }

    /// Image of the set `s` under the relation `self`.
    pub fn apply_to(&self, s: &Set) -> PolyResult<Set> {
        let mut parts = vec![];
        for m in &self.parts {
            for p in &s.parts {
                parts.push(m.apply_to(p)?);
            }
        }
        Ok(Set { space: self.space.range(), parts })
    }

    /// `self` followed by `next` (pairs of parts whose parameter cases
    /// exclude each other left out: [`params_cross`]).
    pub fn compose(&self, next: &Set) -> PolyResult<Set> {
        let mut parts = vec![];
        for a in &self.parts {
            for b in &next.parts {
                if !params_cross(a, b) {
                    parts.push(a.compose(b)?);
                }
            }
        }
        let space = Space { params: self.space.params.clone(), input: self.space.input.clone(), output: next.space.output.clone() };
        Ok(Set { space, parts })
    }

    /// [`BasicSet::composes_within`] of unions: whether some pair of
    /// `within` is `self` followed by `next`.
    pub fn composes_within(&self, next: &Set, within: &Set) -> PolyResult<bool> {
        for a in &self.parts {
            for b in &next.parts {
                for c in &within.parts {
                    if a.composes_within(b, c)? {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    /// [`BasicSet::meets_on`] of unions: whether some pair of the relation
    /// has its output (`range`) or input (`!range`) in `s`.
    pub fn meets_on(&self, s: &Set, range: bool) -> PolyResult<bool> {
        for a in &self.parts {
            for b in &s.parts {
                if a.meets_on(b, range)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// [`Set::composes_within`] when the quick tests of its parts decide
    /// it (one meets, or every one is empty); `None` otherwise.
    pub fn composes_within_quickly(&self, next: &Set, within: &Set, nodes: u64) -> PolyResult<Option<bool>> {
        any_quickly(self.parts.iter().flat_map(|a| next.parts.iter().flat_map(move |b| within.parts.iter().map(move |c| a.composes_within_quickly(b, c, nodes)))))
    }

    /// [`Set::meets_on`] when the quick tests of its parts decide it.
    pub fn meets_on_quickly(&self, s: &Set, range: bool, nodes: u64) -> PolyResult<Option<bool>> {
        any_quickly(self.parts.iter().flat_map(|a| s.parts.iter().map(move |b| a.meets_on_quickly(b, range, nodes))))
    }

    /// Distance set `{ y - x }`.
    pub fn deltas(&self) -> PolyResult<Set> {
        let parts = self.parts.iter().map(BasicSet::deltas).collect::<PolyResult<Vec<_>>>()?;
        let space = Space::from_tuple(self.space.params.clone(), Tuple::anon(self.space.n_out(), "d"));
        Ok(Set { space, parts })
    }

    /// Identity relation on a set space.
    pub fn identity(set_space: &Space) -> Set {
        BasicSet::identity(set_space).into()
    }

    /// `{ x -> y : x <lex y }` (`strict`) or `x <=lex y` on a set space.
    pub fn lex_order(set_space: &Space, strict: bool) -> Set {
        let space = Space::join(set_space, set_space);
        let n = set_space.n_out();
        let np = space.n_param();
        let mut parts = vec![];
        for k in 0..=n {
            if k == n && strict {
                break;
            }
            let mut b = BasicSet::universe(space.clone());
            for j in 0..k.min(n) {
                let mut r = vec![0; b.width()];
                r[np + j] = 1;
                r[np + n + j] = -1;
                b.eqs.push(r);
            }
            if k < n {
                // y_k - x_k - 1 >= 0
                let mut r = vec![0; b.width()];
                r[np + n + k] = 1;
                r[np + k] = -1;
                r[np + 2 * n] = -1;
                b.ineqs.push(r);
            }
            parts.push(b);
        }
        Set { space, parts }
    }

    /// `x <lex y`.
    pub fn lex_lt(set_space: &Space) -> Set {
        Set::lex_order(set_space, true)
    }

    /// `x <=lex y`.
    pub fn lex_le(set_space: &Space) -> Set {
        Set::lex_order(set_space, false)
    }
}
