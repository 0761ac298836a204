//! What the driver tells planning about a nest besides its model: what
//! its parts weigh in code (`cost::size`), its nominal work, and the sums
//! the profitability model looks for.

use crate::cost;
use crate::ir::FunctionView;
use crate::scop::poly_scop::StmtId;
use crate::scop::Model;

/// The statements of loops whose running sum `scop::delicm` mapped back to
/// its cell beside reads of other cells of the same array.
pub fn sums_beside_other_cells(fview: &FunctionView, m: &Model) -> Vec<StmtId> {
    m.promoted
        .iter()
        .filter(|p| p.beside_other_cells)
        .filter_map(|p| match fview.value(p.phi).kind {
            crate::ir::ValueKind::Instruction(b) => m.statement_of(b).map(StmtId::at),
            _ => None,
        })
        .collect()
}

/// Instructions of a function (terminators included).
pub fn instructions(fview: &FunctionView) -> u64 {
    fview.blocks.iter().map(|b| b.instrs.len() as u64 + 1).sum()
}

/// The nest's nominal work (cost::size::nominal_work): its statements'
/// depths in the region's loops (parity counters are not loops).
pub fn nominal_work(m: &Model) -> u64 {
    cost::size::nominal_work(m.statements.iter().map(|s| s.loops.iter().filter(|l| !l.is_pseudo()).count()))
}

/// What the parts of a rewrite of `m` weigh (cost::size): each statement
/// its block, the nest its blocks, and the run-time checks that keep the
/// nest as their fallback (`pairs`: how many pairs of arrays they compare,
/// `alias::pairs_to_check`).
pub fn weights(fview: &FunctionView, m: &Model, pairs: usize, openmp: bool) -> cost::size::Weights {
    let block = |b: crate::ir::BlockId| fview.block(b).instrs.len() as u64 + 1;
    let pairs = pairs as u64;
    // An assumption or a range check: its affine value and a compare.
    let conditions = (m.assumptions.len() + m.range_checks.len()) as u64;
    cost::size::Weights {
        stmt: m.statements.iter().map(|s| block(s.block)).collect(),
        original: fview.loop_(m.root).blocks.iter().map(|&b| block(b)).sum(),
        fallback: pairs + conditions > 0,
        checks: pairs * cost::size::CHECK_PAIR_COST + 4 * conditions,
        openmp,
    }
}
