//! Arrays a loop may give each thread a copy of (array privatization):
//! a loop whose only carried dependences are the anti and output
//! dependences of a scratch array runs on threads when each thread works
//! on its own copy of the array.
//!
//! Running example (a batched contraction through a scratch row):
//!
//! ```text
//! for a, b:                                  // rows [a, b, ...]
//!   for c:      S0: row[c] = 0
//!               for s: S1: row[c] += T[a][b][s] * W[s][c]
//!   for c:      S2: T[a][b][c] = row[c]
//! ```
//!
//! `a` carries `S2[a, b, c] -> S0[a', b', c]` (anti: the next iteration
//! overwrites the row) and output dependences on `row`, nothing else.
//! Every value read from `row` was written in the same iteration of `a`
//! (its value-based flow dependences keep `a` and `b`), no read sees a
//! value from before the nest, and each iteration of `a` writes the same
//! cells (`row[0..n)`, whatever `a`). So every iteration may work on a
//! copy of `row` of its own thread, and the last iteration, working on
//! `row` itself, leaves it as the sequential nest does.
//!
//! What [`privatizable`] proves, for a loop of dimension `d` holding the
//! statements `stmts`, and each array `X` it returns:
//! 1. every dependence carried at `d` between those statements is an
//!    anti or output dependence of such an array (relaxed scalars have
//!    copies of their own already);
//! 2. only statements of the loop access `X`;
//! 3. every value-based flow dependence on `X` has its ends in the same
//!    iteration of dimensions `0..=d` (no value crosses iterations), and
//!    no read of `X` reads a value from before the SCoP;
//! 4. every iteration writes the same cells of `X` and the loop's last
//!    iteration runs every statement: the statements' rows `0..=d` are
//!    counters (or constants) of their own, their domains a product of
//!    constraints on those counters (the same for every statement) and
//!    constraints on the others, and the writes' subscripts use none of
//!    those counters.
//!
//! Code generation (`codegen::parallel`) then gives each thread a copy
//! covering the array's accessed range, and the loop's last iteration the
//! array itself.

use super::marks::{Ask, DepState};
use super::{RowKind, Schedule};
use crate::deps::{DepKind, Deps};
use crate::poly::PolyResult;
use crate::scop::model::AccessKind;
use crate::scop::poly_scop::{CellId, StmtId};
use crate::scop::PolyScop;
use std::collections::{BTreeMap, BTreeSet};

/// The arrays that, with a copy per thread, leave the loop of dimension
/// `d` around `stmts` no carried dependence (see the module
/// documentation); `None` when the loop carries anything else, or
/// nothing at all (it is parallel as it is).
pub fn privatizable(scop: &PolyScop, deps: &Deps, sched: &Schedule, d: usize, stmts: &BTreeSet<StmtId>, relaxed: &BTreeSet<CellId>) -> PolyResult<Option<BTreeSet<CellId>>> {
    if !deps.value_based_exact || sched.dims.get(d).is_none_or(|x| x.kind != RowKind::Loop) {
        return Ok(None);
    }
    let inside = |s: StmtId| stmts.contains(&s);
    let mut arrays = BTreeSet::new();
    let between = deps.constraining(relaxed, false).filter(|(_, x)| inside(x.source) && inside(x.target));
    for mut s in super::marks::states(between) {
        for k in 0..d {
            s.step_asking(sched.row(s.src, k), sched.row(s.dst, k), Ask::Neither)?;
            if s.satisfied() {
                break;
            }
        }
        if s.satisfied() || !s.signs(sched.row(s.src, d), sched.row(s.dst, d), Ask::Positive)?.positive {
            continue;
        }
        let dep = deps.dep(s.dep);
        if dep.is_scalar || dep.kind == DepKind::Flow {
            return Ok(None);
        }
        arrays.insert(dep.array);
    }
    if arrays.is_empty() {
        return Ok(None);
    }
    let Some(counters) = iteration_counters(scop, sched, d, stmts) else { return Ok(None) };
    for &x in &arrays {
        if !private_cell(scop, deps, sched, d, stmts, &counters, x)? {
            return Ok(None);
        }
    }
    Ok(Some(arrays))
}

/// Conditions 2 to 4 of the module documentation for array `x`.
fn private_cell(scop: &PolyScop, deps: &Deps, sched: &Schedule, d: usize, stmts: &BTreeSet<StmtId>, counters: &BTreeMap<StmtId, BTreeSet<usize>>, x: CellId) -> PolyResult<bool> {
    for s in scop.stmt_ids() {
        let accesses = scop.stmt(s).accesses.iter().filter(|a| a.array == x);
        for a in accesses {
            if !stmts.contains(&s) {
                return Ok(false);
            }
            if a.kind == AccessKind::Write && !writes_apart_from(&a.relation, scop.params.len(), &counters[&s]) {
                return Ok(false);
            }
        }
    }
    for (i, dep) in deps.enumerated().filter(|(_, y)| y.array == x && y.kind == DepKind::Flow) {
        let mut s = DepState::new(i, dep);
        for k in 0..=d {
            let c = s.step_asking(sched.row(s.src, k), sched.row(s.dst, k), Ask::Either)?;
            if c.positive || c.negative {
                return Ok(false);
            }
            if s.satisfied() {
                break;
            }
        }
    }
    Ok(!crate::deps::cells::reads_incoming_value(scop, deps, x)?)
}

/// Whether the access relation `rel` (`[params | counters | subscripts]`,
/// one part, no locals) leaves the counters `iterating` out.
fn writes_apart_from(rel: &crate::poly::Set, np: usize, iterating: &BTreeSet<usize>) -> bool {
    let [b] = rel.parts() else { return false };
    b.n_local() == 0 && b.eqs().iter().chain(b.ineqs()).all(|r| iterating.iter().all(|&j| r[np + j] == 0))
}

/// A constraint over `[params | rows 0..=d | constant]`, and whether it is
/// an equality.
type RowConstraint = (bool, Vec<i64>);

/// For every statement of `stmts`, the counters its rows `0..=d` move
/// with (condition 4 of the module documentation), when each of those
/// rows is one counter plus a constant part (or a constant), the domain is
/// one part without locals whose constraints each read only those
/// counters or only others, and the constraints on those counters,
/// written over the rows, are the same for every statement.
fn iteration_counters(scop: &PolyScop, sched: &Schedule, d: usize, stmts: &BTreeSet<StmtId>) -> Option<BTreeMap<StmtId, BTreeSet<usize>>> {
    let mut shared: Option<BTreeSet<RowConstraint>> = None;
    let mut out = BTreeMap::new();
    for &s in stmts {
        let (counters, constraints) = iteration_part(scop, sched, d, s)?;
        match &shared {
            None => shared = Some(constraints),
            Some(c) if *c == constraints => {}
            Some(_) => return None,
        }
        out.insert(s, counters);
    }
    Some(out)
}

/// One statement's part of [`iteration_counters`]: its counters moving
/// with rows `0..=d`, and its constraints on them over the rows.
fn iteration_part(scop: &PolyScop, sched: &Schedule, d: usize, s: StmtId) -> Option<(BTreeSet<usize>, BTreeSet<RowConstraint>)> {
    let np = scop.params.len();
    let [dom] = scop.stmt(s).domain.parts() else { return None };
    let nd = dom.n_dim();
    if dom.n_local() != 0 {
        return None;
    }
    // Row k = counter j + offset (params, constant): counter j = row k - offset.
    let mut row_of: BTreeMap<usize, (usize, Vec<i64>)> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let width = np + d + 2;
    for k in 0..=d {
        let r = sched.row(s, k);
        if r.div != 1 {
            return None;
        }
        let moving: Vec<usize> = (0..nd).filter(|&j| r.coeffs[np + j] != 0).collect();
        let mut offset: Vec<i64> = r.coeffs[..np].to_vec();
        offset.push(r.coeffs[np + nd]);
        match moving.as_slice() {
            [] => {
                // t_k - offset = 0.
                let mut c = vec![0; width];
                c[np + k] = 1;
                for p in 0..np {
                    c[p] = -offset[p];
                }
                c[width - 1] = -offset[np];
                out.insert((true, c));
            }
            [j] if r.coeffs[np + j] == 1 && !row_of.contains_key(j) => {
                row_of.insert(*j, (k, offset));
            }
            _ => return None,
        }
    }
    for (is_eq, rows) in dom.eqs().iter().map(|r| (true, r)).chain(dom.ineqs().iter().map(|r| (false, r))) {
        let read: Vec<usize> = (0..nd).filter(|&j| rows[np + j] != 0).collect();
        let on_rows = read.iter().filter(|j| row_of.contains_key(j)).count();
        if on_rows == 0 {
            continue;
        }
        if on_rows != read.len() {
            return None;
        }
        let mut c = vec![0i64; width];
        c[..np].copy_from_slice(&rows[..np]);
        c[width - 1] = rows[np + nd];
        for &j in &read {
            let a = rows[np + j];
            let (k, offset) = &row_of[&j];
            c[np + k] = c[np + k].checked_add(a)?;
            for p in 0..np {
                c[p] = c[p].checked_sub(a.checked_mul(offset[p])?)?;
            }
            c[width - 1] = c[width - 1].checked_sub(a.checked_mul(offset[np])?)?;
        }
        out.insert((is_eq, c));
    }
    Some((row_of.keys().copied().collect(), out))
}

#[cfg(test)]
mod tests;
