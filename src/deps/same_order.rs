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
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;

/// Whether schedules `a` and `b` (rows per statement of `scop`) order
/// every two statement instances alike, of the pairs of statements `s <=
/// t` that `asked` accepts.
///
/// A witness of a change is looked for first: two instances that `a` runs
/// `s`-first and `b` `t`-first (an intersection's emptiness per pair,
/// where comparing the relations subtracts them: the comparison spent its
/// whole work cap on a fused triangular solve of gsl, whose order it then
/// counted as changed). Without a witness, a pair whose instances neither
/// schedule runs at the same time is ordered alike (two strict total
/// orders that never disagree are one); only a pair with such ties is
/// compared exactly.
pub fn same_instance_order(scop: &PolyScop, a: &[Vec<SchedRow>], b: &[Vec<SchedRow>], asked: &dyn Fn(StmtId, StmtId) -> bool) -> PolyResult<bool> {
    let (order_a, order_b) = (NewOrder::of(scop, a)?, NewOrder::of(scop, b)?);
    // Both statements placed alike: both schedules order their instances
    // alike.
    let pairs: Vec<_> = scop
        .stmt_ids()
        .flat_map(|s| scop.stmt_ids().filter(move |&t| s <= t).map(move |t| (s, t)))
        .filter(|&(s, t)| (a[s.index()] != b[s.index()] || a[t.index()] != b[t.index()]) && asked(s, t))
        .collect();
    // Both directions of each pair (one for a statement with itself).
    let directions = |s: StmtId, t: StmtId| if s == t { vec![(s, t)] } else { vec![(s, t), (t, s)] };
    for &(s, t) in &pairs {
        for (x, y) in directions(s, t) {
            if !order_a.before(x, y)?.intersect(&order_b.before(y, x)?.reverse())?.is_empty()? {
                return Ok(false);
            }
        }
    }
    let np = scop.params.len();
    for (s, t) in pairs {
        let untied = if s == t {
            let counters = scop.statements[s.index()].domain.space().output.dims.len();
            one_to_one(&a[s.index()], np, counters) && one_to_one(&b[s.index()], np, counters)
        } else {
            order_a.ties(s, t)?.is_empty()? && order_b.ties(s, t)?.is_empty()?
        };
        if untied {
            continue;
        }
        for (x, y) in directions(s, t) {
            if !order_a.before(x, y)?.is_equal(&order_b.before(x, y)?)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Whether `rows` give every instance of a statement of `counters`
/// counters a time of its own: the rows without a divisor have full
/// column rank over the counters.
fn one_to_one(rows: &[SchedRow], np: usize, counters: usize) -> bool {
    let linear: Vec<&SchedRow> = rows.iter().filter(|r| r.div == 1).collect();
    let columns = (0..counters).map(|d| linear.iter().map(|r| r.coeffs.get(np + d).map_or(0, |&c| c as i128)).collect()).collect();
    crate::poly::hnf::one_to_one(columns)
}
