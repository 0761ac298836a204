//! The original (2d+1) schedule of a SCoP in the [`Schedule`] format, so
//! the pipeline always has a legal schedule to fall back on.
//!
//! Running example: `S0[i, j] -> [0, i, 1, j, 0]` becomes the rows
//! `0, i, 1, j, 0` (each coordinate is read off the equality that defines
//! it). Shorter schedules are padded with `0` coordinates, which keeps the
//! order (2d+1 schedules of different statements differ before either
//! ends). A coordinate is a loop dimension when it varies with a counter
//! for some statement; each loop dimension is a band of its own.

use crate::scop::poly_scop::CellId;
use super::{kept_relaxed_scalars, marks, Band, DimInfo, RowKind, SchedError, SchedRow, Schedule};
use crate::deps::Deps;
use crate::poly::PolyResult;
use crate::scop::PolyScop;
use std::collections::BTreeSet;

/// The rows of one statement's schedule relation.
fn rows_of(sched: &crate::poly::Set) -> Result<Vec<SchedRow>, SchedError> {
    let bad = || SchedError::NoSchedule("original schedule is not an affine function".into());
    let [part] = sched.parts() else { return Err(bad()) };
    let (np, ni, no) = (part.n_param(), sched.space().n_in(), sched.space().n_out());
    let mut rows = vec![];
    for k in 0..no {
        let out = np + ni + k;
        let eq = part
            .eqs()
            .iter()
            .find(|r| r[out].abs() == 1 && (np + ni..part.n_cols()).all(|c| c == out || r[c] == 0))
            .ok_or_else(bad)?;
        // a·t + rest = 0  =>  t = -a·rest (a = ±1).
        let a = eq[out];
        let mut coeffs: Vec<i64> = eq[..np + ni].iter().map(|&c| -a * c).collect();
        coeffs.push(-a * eq[part.n_cols()]);
        rows.push(SchedRow { coeffs, div: 1 });
    }
    Ok(rows)
}

pub fn original_schedule(scop: &PolyScop) -> Result<Schedule, SchedError> {
    let np = scop.params.len();
    let mut stmts = scop.statements.iter().map(|s| rows_of(&s.schedule)).collect::<Result<Vec<_>, _>>()?;
    let len = stmts.iter().map(Vec::len).max().unwrap_or(0);
    for (s, rows) in stmts.iter_mut().enumerate() {
        let n = scop.statements[s].domain.space().n_dim();
        while rows.len() < len {
            rows.push(SchedRow { coeffs: vec![0; np + n + 1], div: 1 });
        }
    }
    let mut dims = vec![];
    let mut bands = vec![];
    for k in 0..len {
        let is_loop = stmts.iter().any(|rows| rows[k].coeffs[np..rows[k].coeffs.len() - 1].iter().any(|&c| c != 0));
        let kind = if is_loop { RowKind::Loop } else { RowKind::Scalar };
        if is_loop {
            bands.push(Band::untiled(k, 1));
        }
        dims.push(DimInfo::marked(kind, false, false));
    }
    Ok(Schedule { stmts, dims, bands })
}

/// Sets the parallel marks of `sched`, the original order, and returns
/// the relaxable scalars, all privatized in the marks: the program's own
/// order keeps every live range by definition when the flow dependences
/// are exact (each read's writer is its last writer, the last write stays
/// last), so the live-range check, a large part of the work on nests that
/// keep their order, is only run when they are not.
pub fn mark_original(scop: &PolyScop, deps: &Deps, sched: &mut Schedule) -> PolyResult<BTreeSet<CellId>> {
    let relaxed = if deps.value_based_exact { deps.relaxable_scalars() } else { kept_relaxed_scalars(scop, deps, sched, &BTreeSet::new())? };
    marks::mark_parallel(deps, sched, &relaxed)?;
    Ok(relaxed)
}

/// Sets the parallel marks of `sched`, any legal schedule, with the
/// relaxable scalars whose live ranges it keeps privatized; returns them.
pub fn mark_checked(scop: &PolyScop, deps: &Deps, sched: &mut Schedule) -> PolyResult<BTreeSet<CellId>> {
    let relaxed = kept_relaxed_scalars(scop, deps, sched, &BTreeSet::new())?;
    marks::mark_parallel(deps, sched, &relaxed)?;
    Ok(relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deps::{analyze, DepsOptions};
    use crate::scop::kernels;

    /// The shortcut of [`mark_original`] (exact flows: every relaxable
    /// scalar kept) gives what the full live-range check gives on the
    /// source order, for every test kernel that has relaxable scalars.
    /// Scalars as -O3 leaves them: a row accumulator that starts from a
    /// product and is stored after its loop (a triangular product's
    /// `temp`), and a running value read before it is written in each
    /// iteration (live into the SCoP and carried between rows).
    fn scalar_kernels() -> Vec<(&'static str, PolyScop)> {
        let acc = PolyScop::from_text(
            "[n] -> { : n >= 2 }",
            &[
                ("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S0[i, j] -> [0, i, 0, j, 0, 0, 0] }", &[("R", "[n] -> { S0[i, j] -> B[i, j] }"), ("W", "[n] -> { S0[i, j] -> scalar_t[] }")]),
                ("[n] -> { S1[i, j, k] : 0 <= i < n and 0 <= j < n and j < k < n }", "[n] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }", &[("R", "[n] -> { S1[i, j, k] -> scalar_t[] }"), ("R", "[n] -> { S1[i, j, k] -> A[j, k] }"), ("R", "[n] -> { S1[i, j, k] -> B[i, k] }"), ("W", "[n] -> { S1[i, j, k] -> scalar_t[] }")]),
                ("[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S2[i, j] -> [0, i, 0, j, 2, 0, 0] }", &[("R", "[n] -> { S2[i, j] -> scalar_t[] }"), ("W", "[n] -> { S2[i, j] -> B[i, j] }")]),
            ],
        )
        .expect("accumulator");
        let running = PolyScop::from_text(
            "[n] -> { : n >= 2 }",
            &[
                ("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }", &[("R", "[n] -> { S0[i, j] -> scalar_s[] }"), ("W", "[n] -> { S0[i, j] -> C[i, j] }")]),
                ("[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S1[i, j] -> [0, i, 0, j, 1] }", &[("R", "[n] -> { S1[i, j] -> C[i, j] }"), ("W", "[n] -> { S1[i, j] -> scalar_s[] }")]),
            ],
        )
        .expect("running value");
        vec![("accumulator", acc), ("running value", running)]
    }

    #[test]
    fn the_source_order_keeps_every_live_range() {
        let kernels = kernels::all().into_iter().map(|k| (k.name, k.scop)).chain(scalar_kernels());
        let mut checked = 0;
        for (name, scop) in kernels {
            let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
            assert!(deps.value_based_exact, "{name}");
            let mut shortcut = original_schedule(&scop).expect("original");
            let mut full = shortcut.clone();
            let kept = mark_original(&scop, &deps, &mut shortcut).expect("marks");
            let kept_checked = mark_checked(&scop, &deps, &mut full).expect("marks");
            assert_eq!(kept, kept_checked, "{name}");
            assert_eq!(shortcut, full, "{name}: marks");
            checked += usize::from(!kept.is_empty());
        }
        assert!(checked >= 3, "only {checked} kernels with relaxable scalars");
    }
}
