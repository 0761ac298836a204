//! Loops jammed around a reduction (`ast::reduction_jam`): every instance
//! runs once, each row's instances in their original order; a loop that
//! is not parallel only where no dependence turns back (its
//! `DimInfo::jam_blocked`), each cell's accesses then in their order.

use crate::ast::{build, interp, Ast, AstOptions, Node};
use crate::deps::{analyze, DepsOptions};
use crate::sched::original::{mark_original, original_schedule};
use crate::schedule::Schedule;
use crate::scop::kernels;
use crate::scop::PolyScop;
use crate::scop::model::AccessKind;
use std::collections::{BTreeMap, BTreeSet};

/// `scop` in the source order, with its marks; `s` dead after it when
/// `dead_after`.
fn in_source_order(mut scop: PolyScop, dead_after: bool) -> (PolyScop, Schedule) {
    if dead_after {
        scop.dead_after = [scop.cell_named("scalar_s").expect("s")].into();
    }
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let mut sched = original_schedule(&scop).expect("original");
    mark_original(&scop, &deps, &mut sched).expect("marks");
    (scop, sched)
}

/// Matrix multiply with `C[i][j]` in the scalar `s` (`s = C[i][j]; for k:
/// s += A[i][k] * B[k][j]; C[i][j] = s`): the `j` loop is parallel around
/// the `k` sum.
fn matmul_rows(dead_after: bool) -> (PolyScop, Schedule) {
    in_source_order(kernels::matmul_scalar().scop, dead_after)
}

/// Like the update of a left-looking Cholesky, rows `j` from `i + 1`:
/// `s = A[j][i]; for k <= i: s -= A[j][k] * A[i][k]; A[j][i] = s` — a
/// lower bound that need not be a multiple of the rows jammed.
fn cholesky_rows_to(extra: i64) -> (PolyScop, Schedule) {
    let sum = format!("[n] -> {{ S1[i, j, k] : 0 <= i < n and i < j < n and 0 <= k < i + {extra} }}");
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            (
                "[n] -> { S0[i, j] : 0 <= i < n and i < j < n }",
                "[n] -> { S0[i, j] -> [0, i, 0, j, 0, 0, 0] }",
                &[("R", "[n] -> { S0[i, j] -> A[j, i] }"), ("W", "[n] -> { S0[i, j] -> scalar_s[] }")],
            ),
            (
                &sum,
                "[n] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }",
                &[
                    ("R", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                    ("R", "[n] -> { S1[i, j, k] -> A[j, k] }"),
                    ("R", "[n] -> { S1[i, j, k] -> A[i, k] }"),
                    ("W", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                ],
            ),
            (
                "[n] -> { S2[i, j] : 0 <= i < n and i < j < n }",
                "[n] -> { S2[i, j] -> [0, i, 0, j, 2, 0, 0] }",
                &[("R", "[n] -> { S2[i, j] -> scalar_s[] }"), ("W", "[n] -> { S2[i, j] -> A[j, i] }")],
            ),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("s"));
    in_source_order(scop, true)
}

/// The loops jammed by `copies` rows under `nodes`.
fn jammed(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::For(f) => usize::from(f.copies > 0) + jammed(&f.body),
            Node::If { then, otherwise, .. } => jammed(then) + jammed(otherwise),
            Node::Stmt { .. } => 0,
        })
        .sum()
}

/// Runs `ast` at `n`: each row `(i, j)` (of `rows(n)`) runs `S0`, its
/// `S1` for `k` in `sum(i, n)` in order, then `S2`; rows of one `i` run
/// before those of the next; and the first eight rows of the first `i`
/// with eight or more advance together.
fn runs_rows(ast: &Ast, n: i64, rows: &dyn Fn(i64) -> Vec<(i64, i64)>, sum: &dyn Fn(i64) -> std::ops::Range<i64>) {
    let trace = interp::run(ast, &[n], 10_000_000).expect("run");
    let mut got: BTreeMap<(i64, i64), Vec<(usize, i64)>> = BTreeMap::new();
    for e in &trace {
        got.entry((e.iter[0], e.iter[1])).or_default().push((e.stmt.index(), e.iter.get(2).copied().unwrap_or(-1)));
    }
    let want_rows = rows(n);
    assert_eq!(got.keys().copied().collect::<Vec<_>>(), want_rows, "n={n}: rows missing or extra\n{ast}");
    for ((i, j), run) in &got {
        let want: Vec<(usize, i64)> = std::iter::once((0, -1)).chain(sum(*i).map(|k| (1, k))).chain(std::iter::once((2, -1))).collect();
        assert_eq!(run, &want, "n={n}: row ({i}, {j}) out of order\n{ast}");
    }
    let is: Vec<i64> = trace.iter().map(|e| e.iter[0]).collect();
    assert!(is.windows(2).all(|w| w[0] <= w[1]), "n={n}: the outer loop was reordered");
    // Eight rows of one `i` that form a group, with a sum of two terms or
    // more: the second row's first term runs before the first row's second.
    for i in 0..n {
        let js: Vec<i64> = want_rows.iter().filter(|r| r.0 == i).map(|r| r.1).collect();
        let Some(&j0) = js.iter().find(|&&j| j % 8 == 0 && js.contains(&(j + 7))) else { continue };
        if sum(i).count() < 2 {
            continue;
        }
        let k0 = sum(i).start;
        let at = |j: i64, k: i64| trace.iter().position(|e| e.stmt == crate::scop::poly_scop::StmtId(1) && e.iter == [i, j, k]).expect("instance");
        assert!(at(j0 + 1, k0) < at(j0, k0 + 1), "n={n}: rows of i = {i} not interleaved\n{ast}");
        break;
    }
}

#[test]
fn rows_of_a_parallel_loop_advance_together_each_in_its_own_order() {
    let (scop, sched) = matmul_rows(true);
    assert!(crate::ast::reduction_jam::may_jam_reductions(&scop, &sched));
    let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
    assert!(ast.jams_reductions() && !ast.source_order, "{ast}");
    // n = 8 and 16: whole groups only; the others leave rows past them.
    let rows = |n: i64| (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).collect();
    for n in [1, 2, 7, 8, 9, 13, 16, 17] {
        runs_rows(&ast, n, &rows, &|_| 0..n);
    }
    // The whole groups jammed; the rows past them (j starts at 0: none
    // before) one at a time.
    assert_eq!(jammed(&ast.body), 1, "{ast}");
}

/// Rows from `i + 1`: rows before the first whole group, whole groups,
/// rows after; or, for a short range, only rows one at a time.
#[test]
fn rows_before_and_after_the_whole_groups_run_once() {
    let (scop, sched) = cholesky_rows_to(1);
    let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
    assert!(ast.jams_reductions(), "{ast}");
    let rows = |n: i64| (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
    for n in [1, 2, 5, 8, 9, 10, 17, 20, 26, 33] {
        runs_rows(&ast, n, &rows, &|i| 0..i + 1);
    }
}

/// With sums over `k < i`, the scanner splits off `i = 0`, whose rows have
/// no sum: the statements occur in two branches. The rows get copies of
/// their own only when the dependences say that every value of the sum
/// is read in the row that wrote it (`AstOptions::scalar_rows`).
#[test]
fn statements_in_two_branches_jam_when_each_row_reads_its_own_sum() {
    let (scop, sched) = cholesky_rows_to(0);
    let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
    assert!(!ast.jams_reductions(), "{ast}");
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let scalar_rows = crate::sched::marks::scalar_flow_rows(&deps, &sched.stmts, sched.dims.len()).expect("rows");
    // Rows [0, i, 0, j, position, k, 0]: a value of s is read by the next
    // statement or the next k of its row, first apart at the position.
    assert_eq!(scalar_rows.as_ref().and_then(|r| r.get(&scop.cell_named("scalar_s").expect("s"))), Some(&4), "{sched:?}");
    let ast = build(&scop, &sched, &AstOptions { scalar_rows, ..AstOptions::default() }).expect("ast");
    assert!(ast.jams_reductions(), "{ast}");
    let rows = |n: i64| (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
    for n in [1, 2, 5, 9, 10, 17, 26] {
        runs_rows(&ast, n, &rows, &|i| 0..i);
    }
}

/// A scalar that code after the region may read (its last value) cannot
/// have a copy per row: nothing is jammed.
#[test]
fn scalars_live_after_the_region_keep_rows_apart() {
    let (scop, sched) = matmul_rows(false);
    let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
    assert!(!ast.jams_reductions() && ast.source_order, "{ast}");
}

/// Each array cell's accesses (statement, counters, write) in the order
/// `ast` runs them at `n`, with the reads between two writes sorted: two
/// runs with equal orders keep every pair of accesses that involves a
/// write. Scalars are left out: each jammed row has copies of its own.
fn cell_orders(scop: &PolyScop, ast: &Ast, n: i64) -> BTreeMap<(crate::scop::poly_scop::CellId, Vec<i64>), Vec<(bool, usize, Vec<i64>)>> {
    let mut out: BTreeMap<(crate::scop::poly_scop::CellId, Vec<i64>), Vec<(bool, usize, Vec<i64>)>> = BTreeMap::new();
    for e in interp::run(ast, &[n], 10_000_000).expect("run") {
        for a in scop.stmt(e.stmt).accesses.iter().filter(|a| !scop.is_scalar(a)) {
            let cell = crate::legality::check::image(&a.relation, &[n], &e.iter).expect("cell");
            out.entry((a.array, cell)).or_default().push((a.kind == AccessKind::Write, e.stmt.index(), e.iter.clone()));
        }
    }
    for seq in out.values_mut() {
        let mut start = 0;
        for k in 0..=seq.len() {
            if k == seq.len() || seq[k].0 {
                seq[start..k].sort();
                start = k + 1;
            }
        }
    }
    out
}

/// The tree of `scop` scheduled by `sched` with its jams, after the
/// schedule checker has accepted the schedule's jam marks at small sizes
/// and with each cell accessed in the order of the tree without jams, at
/// sizes that are and are not multiples of the jam's rows.
fn checked_jam(scop: &PolyScop, sched: &Schedule) -> Ast {
    for n in [1, 2, 3, 9] {
        crate::legality::check::check(scop, sched, &crate::legality::check::CheckOptions::new(&[n])).expect("the jam marks hold");
    }
    let jam = build(scop, sched, &AstOptions::default()).expect("ast");
    let plain = build(scop, sched, &AstOptions { jam_reductions: false, ..AstOptions::default() }).expect("ast");
    for n in [1, 2, 7, 8, 9, 16, 19] {
        assert_eq!(cell_orders(scop, &jam, n), cell_orders(scop, &plain, n), "n={n}\n{jam}");
    }
    jam
}

/// `scop` in the source order with `jam_blocked` marked on the
/// dimensions `jam_candidates` names.
fn with_jam_marks(scop: PolyScop) -> (PolyScop, Schedule, BTreeSet<usize>) {
    let (scop, mut sched) = in_source_order(scop, false);
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let candidates = crate::ast::reduction_jam::jam_candidates(&scop, &sched);
    for (d, b) in crate::sched::marks::jam_blocked(&deps, &sched, &candidates).expect("jam marks") {
        sched.mark_jam_blocked(scop.params.len(), d, b);
    }
    (scop, sched, candidates)
}

/// Row `i`'s sum: `t[i] = 0; for j: t[i] += A[i][j] * x[j]` (the second
/// statement a floating-point sum).
const ROW_SUM: [(&str, &str, &[(&str, &str)]); 2] = [
    ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0, 0, 0] }", &[("W", "[n] -> { S0[i] -> t[i] }")]),
    (
        "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n }",
        "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }",
        &[("R", "[n] -> { S1[i, j] -> t[i] }"), ("R", "[n] -> { S1[i, j] -> A[i, j] }"), ("R", "[n] -> { S1[i, j] -> x[j] }"), ("W", "[n] -> { S1[i, j] -> t[i] }")],
    ),
];

/// `y = A^T (A x)` by rows: `t[i] = 0; for j: t[i] += A[i][j] * x[j];
/// for j: y[j] += A[i][j] * t[i]`. The `i` loop carries `y[j]`'s sums, so
/// it is not parallel, but its rows may advance together: each `y[j]`
/// still gets its terms in the order of `i`.
fn atax_rows() -> PolyScop {
    let [s0, s1] = ROW_SUM;
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            s0,
            s1,
            (
                "[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S2[i, j] -> [0, i, 2, j, 0] }",
                &[("R", "[n] -> { S2[i, j] -> y[j] }"), ("R", "[n] -> { S2[i, j] -> A[i, j] }"), ("R", "[n] -> { S2[i, j] -> t[i] }"), ("W", "[n] -> { S2[i, j] -> y[j] }")],
            ),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("t"));
    scop.statements[2].reduction = Some(crate::scop::reductions::Reduction::fadd_of("y"));
    scop
}

/// Forward substitution: `x[i] = b[i]; for j < i: x[i] -= L[i][j] *
/// x[j]; x[i] /= L[i][i]`. Row `i`'s last statement feeds the sum of every
/// later row at `j = i`, an earlier item of that row: no jam.
fn trisolv_rows() -> PolyScop {
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0, 0, 0] }", &[("R", "[n] -> { S0[i] -> b[i] }"), ("W", "[n] -> { S0[i] -> x[i] }")]),
            (
                "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < i }",
                "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                &[("R", "[n] -> { S1[i, j] -> x[i] }"), ("R", "[n] -> { S1[i, j] -> L[i, j] }"), ("R", "[n] -> { S1[i, j] -> x[j] }"), ("W", "[n] -> { S1[i, j] -> x[i] }")],
            ),
            ("[n] -> { S2[i] : 0 <= i < n }", "[n] -> { S2[i] -> [0, i, 2, 0, 0] }", &[("R", "[n] -> { S2[i] -> x[i] }"), ("R", "[n] -> { S2[i] -> L[i, i] }"), ("W", "[n] -> { S2[i] -> x[i] }")]),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("x"));
    scop
}

#[test]
fn rows_of_a_loop_that_carries_sums_advance_together_when_no_dependence_turns_back() {
    let (scop, sched, candidates) = with_jam_marks(atax_rows());
    assert_eq!(candidates, [1].into(), "{sched:?}");
    assert!(!sched.dims[1].parallel && sched.dims[1].jam_blocked == Some(BTreeSet::new()), "{:?}", sched.dims[1]);
    assert!(crate::ast::reduction_jam::may_jam_reductions(&scop, &sched));
    let jam = checked_jam(&scop, &sched);
    assert_eq!(jammed(&jam.body), 1, "{jam}");
    // The rows interleave: row 1's first term of t before row 0's second.
    let trace = interp::run(&jam, &[8], 1_000_000).expect("run");
    let at = |i: i64, j: i64| trace.iter().position(|e| e.stmt == crate::scop::poly_scop::StmtId(1) && e.iter == [i, j]).expect("instance");
    assert!(at(1, 0) < at(0, 1), "{jam}");
}

/// A Gauss-Seidel-like sweep: `x[i] = b[i]; for j: x[i] -= L[i][j] *
/// z[j]; z[i] = x[i]`. As in a forward substitution, row `i`'s last
/// statement feeds the sum of later rows (at `j = i`).
fn sweep_rows() -> PolyScop {
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0, 0, 0] }", &[("R", "[n] -> { S0[i] -> b[i] }"), ("W", "[n] -> { S0[i] -> x[i] }")]),
            (
                "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                &[("R", "[n] -> { S1[i, j] -> x[i] }"), ("R", "[n] -> { S1[i, j] -> L[i, j] }"), ("R", "[n] -> { S1[i, j] -> z[j] }"), ("W", "[n] -> { S1[i, j] -> x[i] }")],
            ),
            ("[n] -> { S2[i] : 0 <= i < n }", "[n] -> { S2[i] -> [0, i, 2, 0, 0] }", &[("R", "[n] -> { S2[i] -> x[i] }"), ("W", "[n] -> { S2[i] -> z[i] }")]),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("x"));
    scop
}

#[test]
fn rows_that_feed_an_earlier_item_of_later_rows_stay_apart() {
    for kernel in [trisolv_rows(), sweep_rows()] {
        let (scop, sched, candidates) = with_jam_marks(kernel);
        assert_eq!(candidates, [1].into(), "{sched:?}");
        assert_eq!(sched.dims[1].jam_blocked, Some([(crate::scop::poly_scop::StmtId(2), crate::scop::poly_scop::StmtId(1))].into()), "{:?}", sched.dims[1]);
        assert!(!crate::ast::reduction_jam::may_jam_reductions(&scop, &sched));
        let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
        assert_eq!(jammed(&ast.body), 0, "{ast}");
    }
    // Claimed jammable, the sweep's loop would be jammed and its results
    // wrong; the schedule checker refuses the claim.
    let (scop, mut sched, _) = with_jam_marks(sweep_rows());
    sched.dims[1].jam_blocked = Some(BTreeSet::new());
    let err = crate::legality::check::check(&scop, &sched, &crate::legality::check::CheckOptions::new(&[4])).unwrap_err();
    assert!(err.contains("marked jammable but a jam reverses"), "{err}");
    let wrong = build(&scop, &sched, &AstOptions::default()).expect("ast");
    let plain = build(&scop, &sched, &AstOptions { jam_reductions: false, ..AstOptions::default() }).expect("ast");
    assert_eq!(jammed(&wrong.body), 1, "{wrong}");
    assert_ne!(cell_orders(&scop, &wrong, 9), cell_orders(&scop, &plain, 9));
}

/// Row sums chained through an epilogue of two statements: `t[i] = 0;
/// for j: t[i] += A[i][j] * x[j]; if (i >= 1) w[i] = 0.5 * y[i - 1];
/// y[i] = t[i] + w[i]` (a boundary term under a condition). Row `i`'s
/// last statement feeds the first statement of row `i + 1`'s epilogue: a
/// jam item by item (every row's `w` before any row's `y`) reverses them,
/// but one that runs the epilogue row after row keeps them in order.
fn chained_epilogue_rows() -> PolyScop {
    let [s0, s1] = ROW_SUM;
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            s0,
            s1,
            ("[n] -> { S2[i] : 1 <= i < n }", "[n] -> { S2[i] -> [0, i, 2, 0, 0] }", &[("R", "[n] -> { S2[i] -> y[i - 1] }"), ("W", "[n] -> { S2[i] -> w[i] }")]),
            ("[n] -> { S3[i] : 0 <= i < n }", "[n] -> { S3[i] -> [0, i, 3, 0, 0] }", &[("R", "[n] -> { S3[i] -> t[i] }"), ("R", "[n] -> { S3[i] -> w[i] }"), ("W", "[n] -> { S3[i] -> y[i] }")]),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("t"));
    scop
}

#[test]
fn rows_whose_epilogues_chain_advance_together_with_each_epilogue_row_by_row() {
    use crate::scop::poly_scop::StmtId;
    let (scop, sched, candidates) = with_jam_marks(chained_epilogue_rows());
    assert_eq!(candidates, [1].into(), "{sched:?}");
    let blocked: BTreeSet<_> = [(StmtId(3), StmtId(2))].into();
    assert_eq!((&sched.dims[1].jam_blocked, &sched.dims[1].jam_blocked_in_runs), (&Some(blocked.clone()), &Some(blocked)), "{:?}", sched.dims[1]);
    assert_eq!((0..4).map(|s| sched.run_start(1, 1, StmtId(s))).collect::<Vec<_>>(), [Some(0), None, Some(2), Some(2)]);
    assert!(crate::ast::reduction_jam::may_jam_reductions(&scop, &sched));
    let jam = checked_jam(&scop, &sched);
    // (The scanner splits the loop on `n >= 2`: a jam in each branch.)
    assert!(jammed(&jam.body) >= 1, "{jam}");
    // The sums of eight rows interleave; each row's epilogue runs whole
    // before the next row's.
    let trace = interp::run(&jam, &[16], 1_000_000).expect("run");
    let at = |s: u32, iter: &[i64]| trace.iter().position(|e| e.stmt == StmtId(s) && e.iter == iter).expect("instance");
    assert!(at(1, &[9, 0]) < at(1, &[8, 1]), "{jam}");
    assert!(at(2, &[9]) < at(3, &[9]) && at(3, &[9]) < at(2, &[10]), "{jam}");
    // A pair blocked between an inner loop and an epilogue (the sweep's)
    // lies in no run: still no jam. Claimed in a run, the checker refuses.
    let (scop, mut sched, _) = with_jam_marks(sweep_rows());
    assert_eq!(sched.dims[1].jam_blocked_in_runs, Some(BTreeSet::new()));
    assert!(!crate::ast::reduction_jam::may_jam_reductions(&scop, &sched));
    sched.dims[1].jam_blocked_in_runs = sched.dims[1].jam_blocked.clone();
    let err = crate::legality::check::check(&scop, &sched, &crate::legality::check::CheckOptions::new(&[4])).unwrap_err();
    assert!(err.contains("jammable by runs but such a jam reverses"), "{err}");
    let ast = build(&scop, &sched, &AstOptions::default()).expect("ast");
    assert_eq!(jammed(&ast.body), 0, "{ast}");
}

/// A recursive filter along each row: `s = 0; for j: { y[i][j] = x[i][j]
/// + 0.5 * s; s = y[i][j]; }`, no reduction but floating-point arithmetic
/// whose value the `j` loop carries in `s`. With `float_arith` the rows
/// advance together, each with its own `s`; an integer recurrence (no
/// floating-point arithmetic) is left alone.
fn row_filter(float_arith: bool) -> (PolyScop, Schedule) {
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0, 0, 0] }", &[("W", "[n] -> { S0[i] -> scalar_s[] }")]),
            (
                "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                &[("R", "[n] -> { S1[i, j] -> x[i, j] }"), ("R", "[n] -> { S1[i, j] -> scalar_s[] }"), ("W", "[n] -> { S1[i, j] -> y[i, j] }"), ("W", "[n] -> { S1[i, j] -> scalar_s[] }")],
            ),
        ],
    );
    scop.statements[1].float_arith = float_arith;
    in_source_order(scop, true)
}

#[test]
fn rows_of_a_floating_point_recurrence_advance_together() {
    for float_arith in [true, false] {
        let (scop, sched) = row_filter(float_arith);
        assert!(sched.dims[1].parallel && !sched.dims[3].parallel, "{sched:?}");
        assert_eq!(crate::ast::reduction_jam::may_jam_reductions(&scop, &sched), float_arith);
        let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
        let scalar_rows = crate::sched::marks::scalar_flow_rows(&deps, &sched.stmts, sched.dims.len()).expect("rows");
        let jam = build(&scop, &sched, &AstOptions { scalar_rows, ..AstOptions::default() }).expect("ast");
        assert_eq!(jammed(&jam.body), usize::from(float_arith), "{jam}");
        let plain = build(&scop, &sched, &AstOptions { jam_reductions: false, ..AstOptions::default() }).expect("ast");
        for n in [1, 2, 8, 9, 17] {
            assert_eq!(cell_orders(&scop, &jam, n), cell_orders(&scop, &plain, n), "n={n}\n{jam}");
        }
    }
}

/// Random row epilogues after a row sum (`t[i] = 0; for j: t[i] +=
/// A[i][j] * x[j]`, then one to three statements each writing `y[i]`,
/// `w[i]` or `t[i]` from `t[i]` and from rows up to two back, some only
/// from row 2 on; in a third of them the sum also reads the row before's
/// `y`, which no jam may pass): whatever the jam marks claim, the schedule
/// checker accepts them and the tree built with jams accesses every cell
/// in the order of the tree without them, at sizes that are and are not
/// multiples of the rows jammed. Some of them jam only with their
/// epilogues row by row.
#[test]
fn random_row_epilogues_keep_every_cell_order() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |k: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % k
    };
    let arrays = ["y", "w", "t"];
    let (mut jams, mut by_runs) = (0, 0);
    for _ in 0..40 {
        let feeds_sum = next(3) == 0;
        let mut sum = vec![("R", "[n] -> { S1[i, j] -> t[i] }"), ("R", "[n] -> { S1[i, j] -> A[i, j] }"), ("W", "[n] -> { S1[i, j] -> t[i] }")];
        if feeds_sum {
            sum.push(("R", "[n] -> { S1[i, j] -> y[i - 1] }"));
        }
        // Each statement: its domain, its schedule, its accesses.
        let [(d0, s0, a0), _] = ROW_SUM;
        let mut specs: Vec<(String, String, Vec<(&str, String)>)> = vec![
            (d0.into(), s0.into(), a0.iter().map(|&(k, r)| (k, r.to_string())).collect()),
            (
                format!("[n] -> {{ S1[i, j] : {} <= i < n and 0 <= j < n }}", u8::from(feeds_sum)),
                "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }".into(),
                sum.iter().map(|&(k, r)| (k, r.to_string())).collect(),
            ),
        ];
        for e in 0..1 + next(3) {
            let k = 2 + e;
            let mut accesses = vec![];
            let mut from = 0;
            if next(2) == 0 {
                accesses.push(("R", format!("[n] -> {{ S{k}[i] -> t[i] }}")));
            }
            for _ in 0..1 + next(2) {
                let d = next(3);
                from = from.max(d);
                let a = arrays[next(3) as usize];
                accesses.push(("R", format!("[n] -> {{ S{k}[i] -> {a}[i - {d}] }}")));
            }
            let dst = arrays[next(3) as usize];
            accesses.push(("W", format!("[n] -> {{ S{k}[i] -> {dst}[i] }}")));
            specs.push((format!("[n] -> {{ S{k}[i] : {from} <= i < n }}"), format!("[n] -> {{ S{k}[i] -> [0, i, {k}, 0, 0] }}"), accesses));
        }
        let accesses: Vec<Vec<(&str, &str)>> = specs.iter().map(|(_, _, a)| a.iter().map(|(k, r)| (*k, r.as_str())).collect()).collect();
        let stmts: Vec<(&str, &str, &[(&str, &str)])> = specs.iter().zip(&accesses).map(|((d, s, _), a)| (d.as_str(), s.as_str(), a.as_slice())).collect();
        let mut scop = kernels::build("[n] -> { : n >= 1 }", &stmts);
        scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("t"));
        let (scop, sched, _) = with_jam_marks(scop);
        let jam = checked_jam(&scop, &sched);
        if jammed(&jam.body) > 0 {
            jams += 1;
            by_runs += usize::from(!sched.dims[1].jammable_for(&|_| true));
        }
    }
    assert!(jams >= 10 && by_runs >= 5, "{jams} jammed, {by_runs} of them by runs");
}

/// Rows `(i, j)` of `s = A[j][j] * B[i][j]; for k in lo(j) .. hi(j): s +=
/// A[j][k] * B[i][k]; out[i][j] = s`, the sum's range given as the
/// constraints on `k` (`sum`), written to `out` (`B` itself: a triangular
/// product in place).
fn triangle_rows(sum: &str, out: &str) -> (PolyScop, Schedule) {
    let domain = format!("[n] -> {{ S1[i, j, k] : 0 <= i < n and 0 <= j < n and {sum} }}");
    let write = format!("[n] -> {{ S2[i, j] -> {out}[i, j] }}");
    let mut scop = kernels::build(
        "[n] -> { : n >= 1 }",
        &[
            (
                "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S0[i, j] -> [0, i, 0, j, 0, 0, 0] }",
                &[("R", "[n] -> { S0[i, j] -> A[j, j] }"), ("R", "[n] -> { S0[i, j] -> B[i, j] }"), ("W", "[n] -> { S0[i, j] -> scalar_s[] }")],
            ),
            (
                &domain,
                "[n] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }",
                &[
                    ("R", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                    ("R", "[n] -> { S1[i, j, k] -> A[j, k] }"),
                    ("R", "[n] -> { S1[i, j, k] -> B[i, k] }"),
                    ("W", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                ],
            ),
            (
                "[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S2[i, j] -> [0, i, 0, j, 2, 0, 0] }",
                &[("R", "[n] -> { S2[i, j] -> scalar_s[] }"), ("W", write.as_str())],
            ),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("s"));
    scop.dead_after = [scop.cell_named("scalar_s").expect("s")].into();
    let (scop, sched, _) = with_jam_marks(scop);
    (scop, sched)
}

/// A sum whose range moves with the row (a triangle's `k > j`, `k < j`, a
/// band's `j <= k < j + 3`): the rows run together over the values they
/// share and under guards where only some run. Each row runs `S0`, its
/// sum in increasing `k`, then `S2`; every cell sees its accesses in the
/// order of the tree without the jam; and two rows of a group interleave.
#[test]
fn rows_whose_sums_move_with_the_row_advance_together() {
    for (sum, out, range) in [
        ("j < k < n", "C", &(|j: i64, n: i64| j + 1..n) as &dyn Fn(i64, i64) -> std::ops::Range<i64>),
        ("0 <= k < j", "C", &|j, _| 0..j),
        ("j <= k < j + 3 and k < n", "C", &|j, n| j..(j + 3).min(n)),
        ("j < k < n", "B", &|j, n| j + 1..n),
    ] {
        let (scop, sched) = triangle_rows(sum, out);
        let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
        let scalar_rows = crate::sched::marks::scalar_flow_rows(&deps, &sched.stmts, sched.dims.len()).expect("rows");
        let opts = AstOptions { scalar_rows, ..AstOptions::default() };
        let jam = build(&scop, &sched, &opts).expect("ast");
        assert!(jam.jams_reductions(), "{sum} into {out}: not jammed\n{jam}");
        let plain = build(&scop, &sched, &AstOptions { jam_reductions: false, ..opts.clone() }).expect("ast");
        for n in [1, 2, 7, 8, 9, 16, 19] {
            assert_eq!(cell_orders(&scop, &jam, n), cell_orders(&scop, &plain, n), "{sum} into {out}, n={n}\n{jam}");
            let trace = interp::run(&jam, &[n], 10_000_000).expect("run");
            let mut rows: BTreeMap<(i64, i64), Vec<(usize, i64)>> = BTreeMap::new();
            for e in &trace {
                rows.entry((e.iter[0], e.iter[1])).or_default().push((e.stmt.index(), e.iter.get(2).copied().unwrap_or(-1)));
            }
            assert_eq!(rows.len() as i64, n * n, "{sum}, n={n}: rows missing\n{jam}");
            for ((i, j), run) in &rows {
                let want: Vec<(usize, i64)> = std::iter::once((0, -1)).chain(range(*j, n).map(|k| (1, k))).chain(std::iter::once((2, -1))).collect();
                assert_eq!(run, &want, "{sum}, n={n}: row ({i}, {j})\n{jam}");
            }
            if n >= 16 {
                // Rows 8 and 9 of i = 0 share two values of k at least.
                let at = |j: i64, k: i64| trace.iter().position(|e| e.stmt.index() == 1 && e.iter == [0, j, k]).expect("instance");
                let shared: Vec<i64> = range(8, n).filter(|k| range(9, n).contains(k)).collect();
                assert!(at(9, shared[0]) < at(8, shared[1]), "{sum}, n={n}: rows not interleaved\n{jam}");
            }
        }
    }
}
