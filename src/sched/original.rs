//! The original (2d+1) schedule of a SCoP in the [`Schedule`] format, so
//! the pipeline always has a legal schedule to fall back on.
//!
//! Running example: `S0[i, j] -> [0, i, 1, j, 0]` becomes the rows
//! `0, i, 1, j, 0` (each coordinate is read off the equality that defines
//! it). Shorter schedules are padded with `0` coordinates, which keeps the
//! order (2d+1 schedules of different statements differ before either
//! ends). A coordinate is a loop dimension when it varies with a counter
//! for some statement; each loop dimension is a band of its own.

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

/// Sets the parallel marks of `sched`, the original order: it keeps the
/// live ranges of the relaxable scalars (it is the program's own order, up
/// to the check's precision), so every such scalar is privatized in the
/// marks. Returns those scalars.
pub fn mark_original(scop: &PolyScop, deps: &Deps, sched: &mut Schedule) -> PolyResult<BTreeSet<String>> {
    let relaxed = kept_relaxed_scalars(scop, deps, sched)?;
    marks::mark_parallel(deps, sched, &relaxed)?;
    Ok(relaxed)
}
