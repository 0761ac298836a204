//! Errors and work budgets shared by every solver in `poly`.
//!
//! Two things can go wrong in an exact polyhedral computation:
//!
//! * an intermediate integer no longer fits the machine integers we use
//!   (`i64` coefficients, `i128` rationals inside the simplex) — we report
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
    /// A wall-clock limit over all queries (one SCoP's optimization): the
    /// per-query budgets bound each query, not how many a caller makes.
    static DEADLINE: Cell<Option<std::time::Instant>> = const { Cell::new(None) };
}

/// Makes every solver query on this thread fail with `Budget` once
/// `deadline` has passed (`None` removes the limit).
pub fn set_deadline(deadline: Option<std::time::Instant>) {
    DEADLINE.with(|d| d.set(deadline));
}

fn past_deadline() -> bool {
    DEADLINE.with(|d| d.get()).is_some_and(|t| std::time::Instant::now() >= t)
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

    /// Accounts for one simplex pivot.
    pub fn pivot(&mut self) -> PolyResult<()> {
        if self.pivots_left == 0 {
            return Err(PolyError::Budget);
        }
        self.pivots_left -= 1;
        // Reading the clock costs ~20ns; every 256 pivots is plenty.
        if self.pivots_left % 256 == 0 && past_deadline() {
            return Err(PolyError::Budget);
        }
        Ok(())
    }

    /// Accounts for one branch-and-bound node.
    pub fn node(&mut self) -> PolyResult<()> {
        if self.nodes_left == 0 || past_deadline() {
            return Err(PolyError::Budget);
        }
        self.nodes_left -= 1;
        Ok(())
    }
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}
