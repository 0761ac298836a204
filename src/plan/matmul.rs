//! The matrix-product path of planning (`sched::gemm`, `ast::matmul`).

use super::tiling::check_schedule;
use super::StageConfig;
use crate::ast::{self, AstOptions};
use crate::deps;
use crate::ir::FunctionView;
use crate::sched;
use crate::scop::{Model, PolyScop};

/// A SCoP with a matmul-like statement (`sched::gemm`): that statement in
/// a nest of its own after the others, marked for the BLIS code generator
/// (`codegen::matmul`), the others in their original order. `None` when
/// there is no such statement or its nest does not come out as a box (the
/// general pipeline then takes the SCoP).
pub(super) fn plan_matmul(fview: &FunctionView, m: &Model, scop: &PolyScop, deps: &deps::Deps, config: &StageConfig) -> Result<Option<(sched::Schedule, ast::Ast, Option<super::Checked>)>, String> {
    let Some(g) = sched::gemm::recognize(fview, m, scop, deps) else { return Ok(None) };
    // One blocking for the SCoP: its widest accumulated element's.
    let elem_bytes = g.gemms.iter().map(|x| m.array(x.c).elem_bytes as i64).max().unwrap_or(8);
    let t = &config.tile;
    let caches = sched::gemm::Caches { l1: t.l1_bytes, l2: t.l2_bytes, l3: t.l3_bytes };
    let blocking = sched::gemm::blocking(t.wide_vector_bits, t.vector_regs, caches, elem_bytes, g.shape);
    let Ok(schedule) = sched::gemm::schedule(scop, deps, &g, blocking.nc) else { return Ok(None) };
    let checked = check_schedule(scop, &schedule, config, "matrix-product schedule")?;
    let kept_loops = g.gemms.iter().map(|x| (sched::gemm::PANEL_DIM, x.stmt)).collect();
    let options = AstOptions { jam_reductions: false, kept_loops, ..config.ast.clone() };
    let Ok(mut tree) = ast::build(scop, &schedule, &options) else { return Ok(None) };
    if !ast::matmul::mark(&mut tree, &g, blocking) {
        return Ok(None);
    }
    Ok(Some((schedule, tree, checked)))
}
