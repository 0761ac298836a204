//! Whether two schedules run a SCoP's instances in the same order, read
//! off their rows (no polyhedral work): the profitability model asks it
//! of a plan (the source order gains nothing -O3 lacks), and the
//! scheduler of its result (the source order keeps every live range, so
//! the live-range check is not needed).

use super::Schedule;
use std::cmp::Ordering;

/// Whether `planned` runs every instance in the order `original` does:
/// each statement's loop rows are its counters, outermost first, with no
/// shift, parameter or divisor, and every pair of statements shares the
/// same number of loops and comes in the same textual order after them.
/// Then both orders compare two instances by the same counters and the
/// same tie-break. Conservative: an equal order written differently (a
/// row `i + j` with `j` constant) counts as changed.
pub fn keeps_original_order(original: &Schedule, planned: &Schedule, np: usize) -> bool {
    let n = planned.stmts.len();
    if original.stmts.len() != n || !loops_are_counters(planned, np) {
        return false;
    }
    (0..n).all(|s| {
        (s + 1..n).all(|t| {
            let before = pair_order(original, s, t, np);
            before.is_some() && before == pair_order(planned, s, t, np)
        })
    })
}

/// Whether every statement's loop rows are its counters in order (each
/// once), with no parameter, shift or divisor: what a schedule must be to
/// run the source order, if read off its rows [`keeps_original_order`]
/// cannot tell.
pub fn loops_are_counters(sched: &Schedule, np: usize) -> bool {
    (0..sched.stmts.len()).all(|s| counters_in_order(sched, s, np))
}

/// Whether statement `s`'s rows are its counters in order (each once),
/// between constant rows, with no parameter, shift or divisor. A row that
/// repeats one of its earlier loop rows orders none of its instances (it
/// holds a value the outer rows fix, as a constant row does): the
/// scheduler fills a dimension below a statement's last loop so (gsl's
/// band solve: `[i, 3, i]`, read as a change, rewrote the nest to
/// gain nothing). Against other statements [`pair_order`] still counts it
/// as a loop, which only ever tells a changed order.
fn counters_in_order(sched: &Schedule, s: usize, np: usize) -> bool {
    let mut next = 0;
    let rows = &sched.stmts[s];
    for (k, r) in rows.iter().enumerate() {
        let m = r.coeffs.len() - np - 1;
        if r.div != 1 || r.coeffs[..np].iter().any(|&c| c != 0) {
            return false;
        }
        if !r.iterates(np) || rows[..k].iter().any(|e| e.coeffs == r.coeffs) {
            continue;
        }
        let unit = (0..m).all(|d| r.coeffs[np + d] == i64::from(d == next));
        if !unit || r.coeffs[np + m] != 0 {
            return false;
        }
        next += 1;
    }
    next == sched.stmts[s].first().map_or(0, |r| r.coeffs.len() - np - 1)
}

/// How `sched` orders statements `s` and `t` (whose rows are their
/// counters in order): the loops they share, then which comes first
/// (`Equal` when nothing separates them). `None` where a dimension is a
/// loop of one but not the other: their instances interleave by value.
fn pair_order(sched: &Schedule, s: usize, t: usize, np: usize) -> Option<(usize, Ordering)> {
    match walk_pair(sched, s, t, np) {
        (shared, Some(order)) => Some((shared, order)),
        (_, None) => None,
    }
}

/// The loops statements `s` and `t` (whose rows are their counters in
/// order) share in `sched`: both iterate on them, outermost first, until
/// a constant dimension separates the two or one of them iterates alone.
/// A schedule that changes this count for some pair fuses or distributes
/// their loops; one that keeps it for every pair only moves statements
/// between the iterations of loops they do not share.
pub fn shared_loops(sched: &Schedule, s: usize, t: usize, np: usize) -> usize {
    walk_pair(sched, s, t, np).0
}

/// [`pair_order`] with the loops shared where the walk stopped.
fn walk_pair(sched: &Schedule, s: usize, t: usize, np: usize) -> (usize, Option<Ordering>) {
    let mut shared = 0;
    for (a, b) in sched.stmts[s].iter().zip(&sched.stmts[t]) {
        match (a.iterates(np), b.iterates(np)) {
            (true, true) => shared += 1,
            (false, false) => {
                let order = a.coeffs.last().cmp(&b.coeffs.last());
                if order != Ordering::Equal {
                    return (shared, Some(order));
                }
            }
            _ => return (shared, None),
        }
    }
    (shared, Some(Ordering::Equal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Band, DimInfo, RowKind, SchedRow};

    fn row(coeffs: &[i64]) -> SchedRow {
        SchedRow { coeffs: coeffs.to_vec(), div: 1 }
    }

    fn sched(stmts: Vec<Vec<SchedRow>>, kinds: &[RowKind]) -> Schedule {
        Schedule { stmts, dims: kinds.iter().map(|&k| DimInfo::marked(k, false, false)).collect(), bands: vec![Band::untiled(0, 1)] }
    }

    use RowKind::{Loop as L, Scalar as C};

    /// Two statements in one `i` loop, then `j` inside for the second
    /// (no parameters): `[0, i, 0]` and `[0, i, 1, j]` padded.
    fn source() -> Schedule {
        sched(
            vec![
                vec![row(&[0, 0]), row(&[1, 0]), row(&[0, 0]), row(&[0, 0])],
                vec![row(&[0, 0, 0]), row(&[1, 0, 0]), row(&[0, 0, 1]), row(&[0, 1, 0])],
            ],
            &[C, L, C, L],
        )
    }

    #[test]
    fn the_source_order_is_kept_by_itself() {
        assert!(keeps_original_order(&source(), &source(), 0));
    }

    #[test]
    fn an_interchange_changes_the_order() {
        let mut s = source();
        s.stmts[1] = vec![row(&[0, 0, 0]), row(&[0, 1, 0]), row(&[0, 0, 1]), row(&[1, 0, 0])];
        assert!(!keeps_original_order(&source(), &s, 0));
    }

    #[test]
    fn a_distribution_changes_the_order() {
        // The i loop split in two: the statements no longer share it.
        let mut s = source();
        s.stmts[0] = vec![row(&[0, 0]), row(&[1, 0]), row(&[0, 0]), row(&[0, 0])];
        s.stmts[1] = vec![row(&[0, 0, 1]), row(&[1, 0, 0]), row(&[0, 0, 0]), row(&[0, 1, 0])];
        assert!(!keeps_original_order(&source(), &s, 0));
    }

    #[test]
    fn a_shift_or_a_tile_changes_the_order() {
        let mut s = source();
        s.stmts[0][1] = row(&[1, 1]);
        assert!(!keeps_original_order(&source(), &s, 0));
        let mut s = source();
        s.stmts[1][3].div = 32;
        assert!(!keeps_original_order(&source(), &s, 0));
    }

    #[test]
    fn a_loop_row_repeated_below_a_statement_orders_nothing() {
        // The first statement's last dimension filled with its `i` again
        // (`[0, i, 0, i]`): the same order.
        let mut s = source();
        s.stmts[0][3] = row(&[1, 0]);
        assert!(keeps_original_order(&source(), &s, 0));
        // Tied with the other statement there, it would interleave with
        // its `j` loop: a changed order.
        s.stmts[0][2] = row(&[0, 1]);
        assert!(!keeps_original_order(&source(), &s, 0));
        // A repeated row that is not a copy (`i + 1`) is a shift.
        let mut s = source();
        s.stmts[0][3] = row(&[1, 1]);
        assert!(!keeps_original_order(&source(), &s, 0));
    }

    #[test]
    fn swapped_statements_change_the_order() {
        let mut s = source();
        s.stmts[0][2] = row(&[0, 2]);
        assert!(!keeps_original_order(&source(), &s, 0));
    }
}
