//! Errors and work budgets shared by every solver in `poly`.
//!
//! Two things can go wrong in an exact polyhedral computation:
//!
//! * an intermediate integer no longer fits the machine integers we use
//!   (`i64` coefficients; the simplex is transprecise and never overflows) — we report
//!   [`PolyError::Overflow`] instead of wrapping, because a wrapped
//!   coefficient silently changes the point set;
//! * a solver runs for too long (simplex pivots, branch-and-bound nodes) —
//!   we report [`PolyError::Budget`] instead of running away.
//!
//! Two more outcomes are answers rather than failures but cannot be put in an
//! `Option`: an integer optimum that is unbounded ([`PolyError::Unbounded`])
//! and an operation that could only be answered approximately where the
//! caller asked for an exact answer ([`PolyError::Inexact`]).
//!
//! Budgets: every solver entry point creates a [`Meter`] from the
//! thread-local default [`Budget`] (see [`set_default_budget`]); one meter is
//! shared by all the work of one top-level query (e.g. one ILP with all its
//! branch-and-bound nodes).

use std::cell::Cell;
use std::fmt;

/// Why a polyhedral operation gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolyError {
    /// An intermediate value does not fit the integer types in use.
    Overflow,
    /// The work budget (pivots or branch-and-bound nodes) was exhausted.
    Budget,
    /// An integer optimum (lexmin/lexmax/bound) is unbounded.
    Unbounded,
    /// The operation needs an exact elimination of an existential variable
    /// that Fourier–Motzkin could only over-approximate.
    Inexact,
    /// The operands live in incompatible spaces (parameters, tuple names
    /// or arities differ).
    SpaceMismatch,
}

impl fmt::Display for PolyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            PolyError::Overflow => "integer overflow in polyhedral computation",
            PolyError::Budget => "polyhedral solver exceeded its work budget",
            PolyError::Unbounded => "integer optimum is unbounded",
            PolyError::Inexact => "existential variable cannot be eliminated exactly",
            PolyError::SpaceMismatch => "operands live in incompatible spaces",
        };
        f.write_str(s)
    }
}

impl std::error::Error for PolyError {}

/// `PolyError::Budget`, with a backtrace on standard error when the
/// environment has `TESSERA_TRACE_BUDGET` (a debugging aid: which solver
/// ran out).
#[cold]
#[inline(never)]
pub(crate) fn budget() -> PolyError {
    traced(PolyError::Budget, "TESSERA_TRACE_BUDGET")
}

/// `e`, after printing it with a backtrace on standard error when the
/// environment variable `switch` is set.
#[cold]
pub(crate) fn traced(e: PolyError, switch: &str) -> PolyError {
    if std::env::var_os(switch).is_some() {
        eprintln!("{e:?} at\n{}", std::backtrace::Backtrace::force_capture());
    }
    e
}

/// Result of a polyhedral operation.
pub type PolyResult<T> = Result<T, PolyError>;

/// Limits on the work done by one top-level solver query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Maximum number of simplex pivots.
    pub max_pivots: u64,
    /// Maximum number of branch-and-bound nodes.
    pub max_nodes: u64,
}

impl Default for Budget {
    /// Generous for loop nests (tens of variables), small enough that a
    /// pathological query fails in well under a second.
    fn default() -> Self {
        Budget { max_pivots: 200_000, max_nodes: 20_000 }
    }
}

thread_local! {
    static DEFAULT_BUDGET: Cell<Budget> = Cell::new(Budget::default());
    /// Work units left to all queries together (one SCoP's optimization),
    /// `u64::MAX` when unlimited: the per-query budgets bound each query,
    /// not how many a caller makes.
    static WORK_LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Work units charged on this thread so far, limited or not (what a
    /// query cost, for [`super::answers`] to charge again).
    static CHARGED: Cell<u64> = const { Cell::new(0) };
}

/// Work units charged on this thread so far (wrapping).
pub fn charged() -> u64 {
    CHARGED.with(|c| c.get())
}

/// Limits the work of every later solver query on this thread to `units`
/// in all (`None` removes the limit). A unit is roughly one tableau or
/// matrix cell touched, so the limit is deterministic: the same input gives
/// up at the same point on any machine and under any load.
pub fn set_work_allowance(units: Option<u64>) {
    WORK_LEFT.with(|w| w.set(units.unwrap_or(u64::MAX)));
}

/// Runs `f` with at most `cap` units of the thread's allowance (all of it
/// when less is left): what `f` spends is then taken from the allowance.
/// A stage that should need a fraction of a SCoP's allowance gives up
/// after that fraction instead of spending it all before failing.
pub fn with_work_cap<T>(cap: u64, f: impl FnOnce() -> T) -> T {
    let left = WORK_LEFT.with(|w| w.get());
    WORK_LEFT.with(|w| w.set(left.min(cap)));
    let r = f();
    let spent = left.min(cap) - WORK_LEFT.with(|w| w.get());
    WORK_LEFT.with(|w| w.set(if left == u64::MAX { u64::MAX } else { left - spent }));
    r
}

/// Runs `f` with an allowance of its own, `units`, and gives the thread's
/// allowance back unchanged afterwards: work that checks a result (the
/// brute-force schedule checker) must neither be paid by the SCoP it
/// checks nor run unbounded.
pub fn with_own_allowance<T>(units: u64, f: impl FnOnce() -> T) -> T {
    let left = WORK_LEFT.with(|w| w.get());
    WORK_LEFT.with(|w| w.set(units));
    let r = f();
    WORK_LEFT.with(|w| w.set(left));
    r
}

/// With `TESSERA_TRACE_WORK` in the environment, prints on standard error
/// the work units spent since the last call with the same `last` (a
/// debugging aid: which stage of a SCoP's optimization spends its
/// allowance).
pub fn trace_work(stage: &str, last: &mut Option<u64>) {
    if std::env::var_os("TESSERA_TRACE_WORK").is_none() {
        return;
    }
    let now = work_left();
    if let (Some(a), Some(b)) = (*last, now) {
        eprintln!("tessera: work: {stage}: {} units", a.saturating_sub(b));
    }
    *last = now;
}

/// Work units left of the allowance (`None`: unlimited).
pub fn work_left() -> Option<u64> {
    let w = WORK_LEFT.with(|w| w.get());
    (w != u64::MAX).then_some(w)
}

/// Charges `units` of work to the thread's allowance; `Budget` once spent.
#[inline]
pub fn charge(units: usize) -> PolyResult<()> {
    CHARGED.with(|c| c.set(c.get().wrapping_add(units as u64)));
    WORK_LEFT.with(|w| {
        let left = w.get();
        if left == u64::MAX {
            return Ok(());
        }
        match left.checked_sub(units as u64) {
            Some(l) => {
                w.set(l);
                Ok(())
            }
            None => {
                w.set(0);
                Err(budget())
            }
        }
    })
}

/// Sets the budget used by solver queries started later on this thread.
pub fn set_default_budget(b: Budget) {
    DEFAULT_BUDGET.with(|c| c.set(b));
}

/// The budget currently used by new solver queries on this thread.
pub fn default_budget() -> Budget {
    DEFAULT_BUDGET.with(|c| c.get())
}

/// Remaining work of one query; cheap to pass around by `&mut`.
#[derive(Clone, Debug)]
pub struct Meter {
    pivots_left: u64,
    nodes_left: u64,
}

impl Meter {
    /// A meter filled from the thread's default budget.
    pub fn new() -> Meter {
        Meter::with_budget(default_budget())
    }

    /// A meter filled from an explicit budget.
    pub fn with_budget(b: Budget) -> Meter {
        Meter { pivots_left: b.max_pivots, nodes_left: b.max_nodes }
    }

    /// Pivots and nodes left.
    pub fn left(&self) -> (u64, u64) {
        (self.pivots_left, self.nodes_left)
    }

    /// Spends `pivots` and `nodes` at once if both are left, as a query
    /// that took them would; `false` (and nothing spent) otherwise.
    pub fn spend(&mut self, pivots: u64, nodes: u64) -> bool {
        if self.pivots_left < pivots || self.nodes_left < nodes {
            return false;
        }
        self.pivots_left -= pivots;
        self.nodes_left -= nodes;
        true
    }

    /// Accounts for one simplex pivot (its work units are charged by the
    /// pivot itself, which knows how many entries it updates).
    pub fn pivot(&mut self) -> PolyResult<()> {
        if self.pivots_left == 0 {
            return Err(budget());
        }
        self.pivots_left -= 1;
        Ok(())
    }

    /// Accounts for one branch-and-bound node copying `cells` cells.
    pub fn node(&mut self, cells: usize) -> PolyResult<()> {
        if self.nodes_left == 0 {
            return Err(budget());
        }
        self.nodes_left -= 1;
        charge(cells)
    }
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_work_cap_bounds_a_stage_and_charges_the_allowance() {
        set_work_allowance(Some(1000));
        // Within the cap: what the stage spends leaves the allowance.
        let r = with_work_cap(300, || charge(200));
        assert!(r.is_ok());
        assert_eq!(work_left(), Some(800));
        // Past the cap: the stage fails although the allowance has more.
        let r = with_work_cap(300, || charge(200).and_then(|_| charge(200)));
        assert_eq!(r, Err(PolyError::Budget));
        assert_eq!(work_left(), Some(500));
        // A cap above what is left changes nothing.
        assert_eq!(with_work_cap(10_000, || charge(600)), Err(PolyError::Budget));
        assert_eq!(work_left(), Some(0));
        // Without an allowance, the cap is the only limit, and none is left after.
        set_work_allowance(None);
        assert_eq!(with_work_cap(5, || charge(6)), Err(PolyError::Budget));
        assert_eq!(work_left(), None);
    }
}
