//! Degenerate sizes go to the original code. A nest over run-time sizes
//! is generated for every value of its parameters, and the loop tree
//! splits on each value where a statement stops running: fdtd-2d's nest
//! over `n` rows and `m` columns gets whole copies of its tiled loops for
//! `m = 1` (a statement over columns `1 .. m - 1` is then empty) and for
//! `n = 1`, 19 of its 45 loops. Such sizes run in no time, yet their code
//! is compiled and kept. When the rewritten nest runs behind a run-time
//! check anyway (alias checks, assumptions), the check can as well ask
//! for the sizes at which every statement runs: below them the original
//! nest, which is there as the fallback, runs instead, as fast as -O3.
//!
//! Only lower bounds of one parameter by a small constant (`m >= 2`) are
//! assumed, and only those that come from a loop's extent: a bound that a
//! statement's guard alone gives (`if (k > 0)`, with the other branch's
//! statement needing `k <= 0`) is a case of the program, not a degenerate
//! size, and stays in the tree.

use super::alias::pairs_to_check;
use crate::ir::FunctionView;
use crate::poly::{PolyResult, Space};
use crate::scop::affine::{AffExpr, Constraint, Sym};
use crate::scop::model::{Model, Statement};
use crate::scop::to_poly::{param_ranges, statement_space, Columns};

/// The largest size taken as degenerate: a loop needing more iterations
/// of an outer size than this to run at all is a case of its own.
const SMALL: i128 = 16;

/// Polyhedral work the search may spend per nest (a few emptiness tests
/// per statement and parameter); past it, nothing is assumed.
const WORK: u64 = 20_000_000;

/// The model with the sizes at which every statement runs assumed (see
/// the module documentation), or `None` when it needs no run-time check
/// otherwise or no such size is found.
pub fn assume_running_sizes(model: &Model, view: &FunctionView, rtc: bool) -> Option<Model> {
    let checked = !model.assumptions.is_empty() || !model.range_checks.is_empty() || (rtc && !pairs_to_check(model, view).is_empty());
    if !checked {
        return None;
    }
    let sizes = crate::poly::with_work_cap(WORK, || running_sizes(model)).ok()?;
    if sizes.is_empty() {
        return None;
    }
    Some(with_assumed(model, &sizes))
}

/// `model` with `sizes` added to its assumptions, and to those of the
/// model without sums mapped beside other cells (same parameters).
fn with_assumed(model: &Model, sizes: &[Constraint]) -> Model {
    let mut out = model.clone();
    out.assumptions.extend(sizes.iter().cloned());
    if let Some(other) = &model.without_other_cells {
        out.without_other_cells = Some(Box::new(with_assumed(other, sizes)));
    }
    out
}

/// Per parameter, the largest over the statements of the least value (at
/// most [`SMALL`]) below which the statement's loops run no iteration,
/// as `p - c >= 0`, where the context and assumptions do not imply it.
fn running_sizes(model: &Model) -> PolyResult<Vec<Constraint>> {
    let mut known = model.context.clone();
    known.extend(model.assumptions.iter().cloned());
    known.extend(param_ranges(model));
    let mut least = vec![0i128; model.params.len()];
    for s in &model.statements {
        let (cols, space) = (Columns::of(model, s), statement_space(model, s));
        for (k, p) in model.params.iter().enumerate() {
            if let Some(c) = statement_least(s, &cols, &space, p.sym, &known)? {
                least[k] = least[k].max(c);
            }
        }
    }
    Ok(model
        .params
        .iter()
        .zip(least)
        .filter(|&(_, c)| c > 0)
        .map(|(p, c)| Constraint::ge0(AffExpr::sym(p.sym).add_const(-c).expect("small constant")))
        .collect())
}

/// The least value of parameter `p` at which statement `s` runs, when its
/// loops' extents (not its guards, the context or the assumptions alone)
/// need one between 1 and [`SMALL`]: the smallest such value over the
/// disjuncts of its domain that are not empty.
fn statement_least(s: &Statement, cols: &Columns, space: &Space, p: Sym, known: &[Constraint]) -> PolyResult<Option<i128>> {
    let counter = |c: &Constraint| c.expr.syms().any(|x| cols.dims.contains(&x));
    let mut least: Option<i128> = None;
    for conj in &s.domain {
        // Only disjuncts bounding p together with a counter can need a size.
        if !conj.iter().any(|c| c.expr.coeff(p) != 0 && counter(c)) {
            return Ok(None);
        }
        let with_known = |guards_only: bool| -> Vec<Constraint> {
            conj.iter().filter(|c| !guards_only || !counter(c)).chain(known).cloned().collect()
        };
        let all = with_known(false);
        let Some(needed) = least_value(cols, space, &all, p)? else { continue };
        let guards = least_value(cols, space, &with_known(true), p)?.unwrap_or(0);
        if needed <= guards {
            return Ok(None);
        }
        least = Some(least.map_or(needed, |l| l.min(needed)));
    }
    Ok(least.filter(|&c| c > 0))
}

/// The largest `c` in `0..=SMALL` such that `set` has no point with
/// `p < c`; `None` when the set is empty or needs more than [`SMALL`].
fn least_value(cols: &Columns, space: &Space, set: &[Constraint], p: Sym) -> PolyResult<Option<i128>> {
    let empty_below = |c: i128| -> PolyResult<bool> {
        let mut all = set.to_vec();
        all.push(Constraint::ge0(AffExpr::sym(p).scale(-1).expect("unit").add_const(c - 1).expect("small constant")));
        match cols.basic_set(space, &all) {
            Ok(b) => b.is_empty(),
            Err(_) => Err(crate::poly::PolyError::Overflow),
        }
    };
    if !empty_below(1)? {
        return Ok(Some(0));
    }
    if empty_below(SMALL + 1)? {
        // Empty for every p up to SMALL: empty, or a size of its own.
        return Ok(None);
    }
    // empty_below(lo) holds, empty_below(hi) does not.
    let (mut lo, mut hi) = (1, SMALL + 1);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if empty_below(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Some(lo))
}
