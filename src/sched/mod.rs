//! Scheduling: Pluto-style affine schedules for outer parallelism and
//! locality (docs/design.md: `sched`).
//!
//! [`schedule`] runs Pluto's algorithm ([`pluto`]) on the dependences that
//! constrain the schedule: all of them except the memory-based
//! dependences of scalars (GRAPHITE, see [`crate::deps`]) and, only when
//! the caller allows it, reduction self-dependences. The result is
//! validated with the live-range check ([`crate::legality::live`]); scalars
//! whose live ranges it would break get their dependences back and the
//! SCoP is scheduled again. When no schedule is found the original one
//! ([`original`]) is returned, so the pipeline always has a legal
//! schedule; only an exhausted solver budget is an error (the caller gives
//! the SCoP up with a remark). Parallel marks come from [`marks`].
//!
//! [`check`] is an independent brute-force legality checker used by every
//! test; [`print`] is `print<tessera-schedule>`.

pub mod constraints;
pub mod diamond;
pub mod gemm;
pub mod linalg;
pub mod marks;
pub mod original;
pub mod pluto;
pub mod print;
pub mod private;
pub mod scc;
pub mod sizes;

// The schedule types live below every stage that reads schedules (deps
// checks live ranges against rows, tile and ast consume them).
pub use crate::schedule;
pub use crate::schedule::{Band, CarriedPairs, DimInfo, RowKind, SchedRow, Schedule};

use crate::scop::poly_scop::CellId;
use crate::legality::live::broken_live_ranges;
use crate::schedule::order::keeps_original_order;
use crate::deps::Deps;
use crate::poly::{Budget, PolyError};
use crate::scop::PolyScop;
use std::collections::BTreeSet;
use std::fmt;

/// How eagerly statements are fused into common loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FusePolicy {
    /// Distribute only when no hyperplane exists, and then split off one
    /// SCC at a time.
    Max,
    /// Pluto's smart fuse (default): when no hyperplane exists, separate
    /// SCCs of different dimensionality (all SCCs if they agree).
    Smart,
    /// Distribute every SCC at the outermost level.
    None,
}

#[derive(Clone, Debug)]
pub struct SchedOptions {
    pub fuse: FusePolicy,
    /// Let reduction self-dependences be reordered (reassociation): only
    /// with fast-math for floating point.
    pub allow_reduction_relaxation: bool,
    /// Schedule coefficients are in `0..=max_coeff`.
    pub max_coeff: i64,
    /// Schedule constants (shifts) are in `0..=max_const`.
    pub max_const: i64,
    /// Budget of all the hyperplane ILPs of one SCoP together.
    pub budget: Budget,
}

impl Default for SchedOptions {
    fn default() -> Self {
        SchedOptions { fuse: FusePolicy::Smart, allow_reduction_relaxation: false, max_coeff: 4, max_const: 16, budget: Budget::default() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchedError {
    /// A polyhedral computation failed (`Budget`: give the SCoP up).
    Poly(PolyError),
    /// No schedule found (internal to the scheduler: [`schedule`] falls
    /// back to the original schedule).
    NoSchedule(String),
}

impl From<PolyError> for SchedError {
    fn from(e: PolyError) -> Self {
        SchedError::Poly(e)
    }
}

impl fmt::Display for SchedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchedError::Poly(e) => write!(f, "scheduling failed: {e}"),
            SchedError::NoSchedule(why) => write!(f, "no schedule found: {why}"),
        }
    }
}

impl std::error::Error for SchedError {}

/// What the scheduler decided besides the rows.
#[derive(Clone, Debug, Default)]
pub struct SchedInfo {
    /// Scalars whose memory-based dependences were ignored: the code
    /// generator must privatize them in parallel loops.
    pub relaxed_scalars: BTreeSet<CellId>,
    /// Why the original schedule was kept, if it was.
    pub fallback: Option<String>,
    /// Number of hyperplane ILPs solved.
    pub ilps: usize,
    /// The schedule is a candidate the caller's judge rejected
    /// ([`schedule_judged`]): unchecked, not to be used.
    pub rejected: bool,
}

/// Schedules `scop`; see the module docs.
pub fn schedule(scop: &PolyScop, deps: &Deps, opts: &SchedOptions) -> Result<Schedule, SchedError> {
    schedule_with_info(scop, deps, opts).map(|(s, _)| s)
}

/// [`schedule`], with what was relaxed and how much work it took.
pub fn schedule_with_info(scop: &PolyScop, deps: &Deps, opts: &SchedOptions) -> Result<(Schedule, SchedInfo), SchedError> {
    schedule_judged(scop, deps, opts, &mut |_, _| Ok(false))
}

/// [`schedule_with_info`] for a caller that keeps the original order
/// instead of any new schedule `prefer_original` (given it with its
/// parallel marks, and the scalars whose memory dependences it assumes
/// may be ignored: those it was scheduled without) rejects: such a candidate is returned as it is,
/// without the live-range check of the scalars it relaxed (its costliest
/// part: gsl's complex symmetric products, whose candidates interchange
/// the row and column loops and walk memory worse, spent 60% of their
/// scheduling work proving live ranges kept, for a schedule planning
/// then threw away). The caller must not use a schedule it rejects. The
/// one difference to checking first: a rejected candidate that breaks a
/// live range would have been rescheduled with that scalar constrained,
/// and the next candidate might not be rejected; the original order is
/// kept instead (safe, and what such candidates end in on the nests
/// measured).
pub fn schedule_judged(
    scop: &PolyScop,
    deps: &Deps,
    opts: &SchedOptions,
    prefer_original: &mut dyn FnMut(&Schedule, &BTreeSet<CellId>) -> Result<bool, PolyError>,
) -> Result<(Schedule, SchedInfo), SchedError> {
    let mut info = SchedInfo { relaxed_scalars: deps.relaxable_scalars(), ..Default::default() };
    let mut farkas_memo = pluto::FarkasMemo::default();
    loop {
        let cons = marks::states(deps.constraining(&info.relaxed_scalars, opts.allow_reduction_relaxation));
        let mut p = pluto::Pluto::new(scop, cons, opts, farkas_memo);
        let res = p.run();
        info.ilps += p.ilps;
        farkas_memo = std::mem::take(&mut p.farkas_memo);
        let mut sched = match res {
            Ok(s) => s,
            Err(SchedError::NoSchedule(why)) => {
                let mut o = original::original_schedule(scop)?;
                info.relaxed_scalars = original::mark_original(scop, deps, &mut o)?;
                info.fallback = Some(why);
                return Ok((o, info));
            }
            Err(e) => return Err(e),
        };
        // The source order keeps every live range when the flows are
        // exact (see original::mark_original): no check needed.
        let source_order = deps.value_based_exact && keeps_original_order(&original::original_schedule(scop)?, &sched, scop.params.len());
        // The marks (they assume the relaxed scalars' live ranges kept)
        // only decide which loops run in parallel, not the rows.
        marks::mark_parallel(deps, &mut sched, &info.relaxed_scalars)?;
        if source_order {
            return Ok((sched, info));
        }
        if prefer_original(&sched, &info.relaxed_scalars)? {
            info.rejected = true;
            return Ok((sched, info));
        }
        let broken = broken_live_ranges(scop, deps, &sched.stmts, &info.relaxed_scalars)?;
        if broken.is_empty() {
            return Ok((sched, info));
        }
        info.relaxed_scalars.retain(|x| !broken.contains(x));
        info.fallback = None;
    }
}

/// The scalars whose memory dependences `sched` may ignore: the relaxable
/// ones whose live ranges it keeps (what the scheduler checked; later
/// stages must keep them too). Those of `known` are taken as kept without
/// a check: the caller knows (the scheduler returned them for `sched`).
pub fn kept_relaxed_scalars(scop: &PolyScop, deps: &Deps, sched: &Schedule, known: &BTreeSet<CellId>) -> Result<BTreeSet<CellId>, PolyError> {
    let relaxable = deps.relaxable_scalars();
    let unknown: BTreeSet<CellId> = relaxable.difference(known).cloned().collect();
    let broken = broken_live_ranges(scop, deps, &sched.stmts, &unknown)?;
    Ok(relaxable.difference(&broken).cloned().collect())
}

#[cfg(test)]
mod tests;
