//! Dependence analysis (docs/design.md: `deps`): flow, anti and output
//! dependences between statement instances as exact integer relations.
//!
//! # Running example
//!
//! Matrix multiply after LICM promoted `C[i][j]` to a scalar `s`:
//!
//! ```text
//! for i, j:  S0: s = C[i][j]
//!            for k: S1: s = s + A[i][k] * B[k][j]
//!            S2: C[i][j] = s
//! ```
//!
//! For every pair of accesses to the same array with at least one write
//! (source access `a` of `S`, target access `b` of `T`) and every level `k`
//! of the original schedule, the dependence is
//!
//! ```text
//! { S[s] -> T[t] : s ∈ D_S, t ∈ D_T, a(s) = b(t), θ_S(s) ≺_k θ_T(t) }
//! ```
//!
//! (`≺_k`: coordinates equal before `k`, larger at `k`; [`relations`]).
//! This *memory-based* relation is exact over the integers. Its kind is
//! flow (write → read), anti (read → write) or output (write → write); its
//! `level` is `k` and its `depth` the loop depth carrying it (`None` when
//! `k` is a textual-order coordinate: loop independent).
//!
//! * **Value-based flow** ([`dataflow`]): a flow pair `w -> r` is dropped
//!   when another write `w'` to the same cell lies between them
//!   (`w ≺ w' ≺ r`). With `s` above, `S0[i,j] -> S1[i,j,k]` keeps only
//!   `k = 0`. Exact whenever the killing relation (a composition) is
//!   computed without leftover existentials, which is the case for the
//!   unit-coefficient accesses of ordinary loop nests; otherwise the pair
//!   keeps its memory-based relation (sound) and [`Deps::value_based_exact`]
//!   is false.
//! * **Scalars** (GRAPHITE, seed 003): anti and output dependences of
//!   scalar accesses are marked [`Dependence::scalar_memory`]. The
//!   scheduler ignores them, then validates the schedule with the
//!   live-range check (`legality::live`, on the facts of [`cells`]); where a live range would be broken it
//!   keeps them. In the example they are what forbids interchanging `i`
//!   and `j`; ignored, `(i, j)` becomes a permutable band.
//! * **Reductions**: dependences between two instances of a statement with
//!   `reduction` set, on the cell it both reads and writes (same access
//!   relation), are marked [`Dependence::reduction`]; the scheduler relaxes
//!   them only when its caller allows it.

pub mod cells;
pub mod dataflow;
pub mod memory;
pub mod order;
pub mod print;
pub mod relations;
pub mod same_order;

use crate::scop::poly_scop::{CellId, StmtId};
use crate::poly::{PolyResult, Set};
use crate::scop::PolyScop;
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DepKind {
    /// Read after write.
    Flow,
    /// Write after read.
    Anti,
    /// Write after write.
    Output,
}

impl DepKind {
    pub fn name(self) -> &'static str {
        match self {
            DepKind::Flow => "flow",
            DepKind::Anti => "anti",
            DepKind::Output => "output",
        }
    }
}

typed_index! {
    /// A dependence of a [`Deps`]: its index in [`Deps::deps`]. The
    /// scheduler and the tiler follow each dependence by it while they
    /// walk the rows (the scheduler's `DepState`).
    DepId,
    "dependences"
}

impl std::fmt::Display for DepId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Debug)]
pub struct Dependence {
    pub kind: DepKind,
    /// Source and target statements (indices into `PolyScop::statements`).
    pub source: StmtId,
    pub target: StmtId,
    /// Access indices inside the source and target statements.
    pub source_access: usize,
    pub target_access: usize,
    pub array: CellId,
    pub is_scalar: bool,
    /// `[params] -> { S[s..] -> T[t..] : ... }`, never empty.
    pub relation: Set,
    /// The coordinate of the original schedule where the target follows.
    pub level: usize,
    /// 1-based depth of the loop carrying the dependence (`None`: loop
    /// independent, ordered by a textual-position coordinate).
    pub depth: Option<usize>,
    /// An anti or output dependence of a scalar: may be ignored when no
    /// live range is broken.
    pub scalar_memory: bool,
    /// A self-dependence of a reduction on its reduction cell.
    pub reduction: bool,
}

#[derive(Clone, Debug)]
pub struct DepsOptions {
    /// Compute value-based flow dependences (drop killed pairs).
    pub value_based: bool,
}

impl Default for DepsOptions {
    fn default() -> Self {
        DepsOptions { value_based: true }
    }
}

#[derive(Clone, Debug)]
pub struct Deps {
    pub deps: Vec<Dependence>,
    /// Every flow dependence is exactly value based (see module docs).
    pub value_based_exact: bool,
    /// What the live-range checks of this SCoP's schedules share
    /// ([`cells::CellMemo`]; filled on first use, so `deps` must not
    /// change after the first check).
    pub cells: cells::CellMemo,
}

impl Deps {
    /// Dependence `d`.
    pub fn dep(&self, d: DepId) -> &Dependence {
        &self.deps[d.index()]
    }

    /// Every dependence with its id, in order.
    pub fn enumerated(&self) -> impl Iterator<Item = (DepId, &Dependence)> + '_ {
        self.deps.iter().enumerate().map(|(i, d)| (DepId::at(i), d))
    }

    /// The dependences a schedule must respect when the scalars in
    /// `relaxed_scalars` have their memory-based dependences ignored and
    /// (with `relax_reductions`) reduction self-dependences are relaxed.
    pub fn constraining<'a>(&'a self, relaxed_scalars: &'a BTreeSet<CellId>, relax_reductions: bool) -> impl Iterator<Item = (DepId, &'a Dependence)> + 'a {
        self.enumerated()
            .filter(move |(_, d)| {
                let relaxed_scalar = d.scalar_memory && relaxed_scalars.contains(&d.array);
                let relaxed_reduction = relax_reductions && d.reduction;
                !relaxed_scalar && !relaxed_reduction
            })
    }

    /// The dependences between statements that write something. A
    /// statement that writes nothing has no effect to order
    /// (`PolyStmt::writes_nothing`: loop control, or a load whose value
    /// the model reads again), so a schedule that keeps these keeps the
    /// program's meaning, though it may move such a statement's reads
    /// (the schedule checker ignores them too). The general scheduler
    /// keeps every dependence (its choices, and whether it keeps the
    /// source order, stay those of the whole program); the matrix-product
    /// phases (`sched::gemm`) are built on these.
    pub fn among_writers(&self, scop: &PolyScop) -> Deps {
        let writes = |s: StmtId| !scop.stmt(s).writes_nothing();
        let deps = self.deps.iter().filter(|d| writes(d.source) && writes(d.target)).cloned().collect();
        Deps { deps, value_based_exact: self.value_based_exact, cells: Default::default() }
    }

    /// The scalars whose memory-based dependences may be ignored.
    pub fn relaxable_scalars(&self) -> BTreeSet<CellId> {
        self.deps.iter().filter(|d| d.scalar_memory).map(|d| d.array).collect()
    }
}

/// Over-approximated dependences of `scop` ([`memory::conservative_deps`]),
/// not value based.
pub fn conservative(scop: &PolyScop) -> PolyResult<Deps> {
    Ok(Deps { deps: memory::conservative_deps(scop)?, value_based_exact: false, cells: Default::default() })
}

/// All dependences of `scop`.
pub fn analyze(scop: &PolyScop, opts: &DepsOptions) -> PolyResult<Deps> {
    let mut work = None;
    crate::poly::trace_work("", &mut work);
    let mut deps = memory::memory_deps(scop)?;
    crate::poly::trace_work("memory-based dependences", &mut work);
    let mut exact = true;
    if opts.value_based {
        exact = dataflow::make_value_based(&mut deps)?;
        crate::poly::trace_work("value-based flow", &mut work);
    }
    Ok(Deps { deps, value_based_exact: exact && opts.value_based, cells: Default::default() })
}

#[cfg(test)]
mod tests;
