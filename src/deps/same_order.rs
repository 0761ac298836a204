//! Whether two schedules run a SCoP's statement instances in the same
//! order, decided exactly on the instances the domains hold.
//!
//! `schedule::order::keeps_original_order` reads the order off the rows
//! and is conservative: an order written differently counts as changed.
//! The scheduler writes some source orders differently. Running example,
//! a recurrence per row whose scalars are reset before each row:
//!
//! ```text
//! for i:  S0: y1 = 0; y2 = 0
//!         for j:  S1: out[i][j] = f(in[i][j], y1, y2); y2 = y1; y1 = out[i][j]
//! ```
//!
//! The source order is `S0[i] -> [i, 0]`, `S1[i, j] -> [i, 1, j]`. The
//! scheduler puts `S0` into the `j` band at its first iteration,
//! `S0[i] -> [i, 0, 0]`, `S1[i, j] -> [i, j, 1]`: as `j >= 0`, every `S0[i]`
//! still comes before every `S1[i, j]` and after every `S1[i - 1, j]`. Read
//! off the rows, the second form interleaves `S0` with the `j` loop; loop
//! generation peels that loop's first iteration, and the rewrite added 80
//! instructions and an alias check for the source order (three of the six
//! sweeps of a recursive image filter).
//!
//! Exact test: for every pair of statements `(s, t)`, `s` itself included,
//! the pairs of instances each schedule runs `s` first are the same set
//! (within the domains and the context). Equal "before" relations for all
//! pairs is the same total order.

use super::order::NewOrder;
use crate::poly::PolyResult;
use crate::schedule::SchedRow;
use crate::scop::PolyScop;

/// Whether schedules `a` and `b` (rows per statement of `scop`) order
/// every two statement instances alike.
pub fn same_instance_order(scop: &PolyScop, a: &[Vec<SchedRow>], b: &[Vec<SchedRow>]) -> PolyResult<bool> {
    let (order_a, order_b) = (NewOrder::of(scop, a)?, NewOrder::of(scop, b)?);
    for s in scop.stmt_ids() {
        for t in scop.stmt_ids() {
            // Both statements placed alike: both schedules order their
            // instances alike.
            if a[s.index()] == b[s.index()] && a[t.index()] == b[t.index()] {
                continue;
            }
            if !order_a.before(s, t)?.is_equal(&order_b.before(s, t)?)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}
