//! Brute force: for small parameter values, the interpreted AST must run
//! exactly the domain points, each once, in schedule order.

use super::harness::{check, grid, schedule, scop, tiled};
use crate::sched::schedule::Band;
use crate::ast::Ast;

const RECT: &str = "[n, m] -> { S0[i, j] : 0 <= i < n and 0 <= j < m }";
const TRI: &str = "[n] -> { S0[i, j] : 0 <= j <= i < n }";

#[test]
fn identity_and_interchange_rectangle() {
    let s = scop("[n, m] -> { : true }", &[RECT]);
    for rows in [["i", "j"], ["j", "i"]] {
        let sc = schedule(&s, &[&rows], "LL", &[1], vec![]);
        check(&s, &sc, &grid(2, -1, 4), 6);
    }
}

#[test]
fn triangle_identity_interchange_and_skews() {
    let s = scop("[n] -> { : true }", &[TRI]);
    for rows in [["i", "j"], ["j", "i"], ["i", "i + j"], ["i + j", "j"], ["i - j", "j"], ["j", "n - i"]] {
        let sc = schedule(&s, &[&rows], "LL", &[], vec![]);
        check(&s, &sc, &grid(1, -1, 6), 8);
    }
}

#[test]
fn non_unimodular_rows_need_divisibility() {
    let s = scop("[n] -> { : true }", &[TRI]);
    for rows in [["2i + j", "j"], ["i + j", "i - j"], ["2i", "3j"]] {
        let sc = schedule(&s, &[&rows], "LL", &[], vec![]);
        check(&s, &sc, &grid(1, 0, 5), 7);
    }
}

#[test]
fn constant_and_parametric_bounds() {
    let s = scop("[n, m] -> { : true }", &["[n, m] -> { S0[i, j] : 0 <= i <= 5 and i <= j <= 7 and j <= n + 2 and i >= m }"]);
    let sc = schedule(&s, &[&["i", "j"]], "LL", &[], vec![]);
    check(&s, &sc, &grid(2, -2, 6), 9);
}

#[test]
fn context_removes_guards_and_is_respected() {
    let s = scop("[n] -> { : n >= 3 }", &["[n] -> { S0[i, j] : 0 <= i < n and 2 <= j < n }"]);
    let sc = schedule(&s, &[&["i", "j"]], "LL", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 7), 8);
    assert!(!ast.to_c().contains("if"), "{ast}");
}

#[test]
fn fission_by_scalar_dimension_in_both_orders() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S1[i] : 0 <= i < n }"]);
    for (a, b) in [("0", "1"), ("1", "0")] {
        let sc = schedule(&s, &[&[a, "i"], &[b, "i"]], "SL", &[1], vec![]);
        let (ast, _, _) = check(&s, &sc, &grid(1, -1, 5), 6);
        assert_eq!(ast.to_c().matches("for").count(), 2, "{ast}");
    }
}

#[test]
fn fused_statements_with_inner_sequence() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < n }", TRI.replace("S0", "S1").as_str()]);
    let sc = schedule(&s, &[&["i", "0", "0"], &["i", "1", "j"]], "LSL", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, -1, 5), 6);
    assert_eq!(ast.to_c().matches("for").count(), 2, "{ast}");
}

#[test]
fn statements_at_the_ends_of_a_loop_are_peeled() {
    // S0 at the first iteration of S1's inner loop, S2 at its last: both
    // guards become loops of one iteration around a guard-free loop.
    let s = scop(
        "[n, m] -> { : true }",
        &["[n, m] -> { S0[i] : 0 <= i < n }", "[n, m] -> { S1[i, j] : 0 <= i < n and 0 <= j < m }", "[n, m] -> { S2[i] : 0 <= i < n }"],
    );
    let sc = schedule(&s, &[&["i", "0", "0"], &["i", "j", "1"], &["i", "m - 1", "2"]], "LLS", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(2, -1, 4), 5);
    let c = ast.to_c();
    assert!(c.contains("for (t1 = 1; t1 <= m - 2; t1++)\n      S1(t0, t1);\n"), "{c}");
}

#[test]
fn separated_guards_at_the_end_of_a_loop_are_peeled() {
    // `if (t1 == 0) { S0; S1 } else { S1 }` (separation) inside the k loop
    // of an initialised reduction: the first iteration gets `then`, the
    // others `else`.
    let s = scop(
        "[n, m] -> { : true }",
        &["[n, m] -> { S0[i] : 0 <= i < n }", "[n, m] -> { S1[i, k] : 0 <= i < n and 0 <= k < m }"],
    );
    let sc = schedule(&s, &[&["i", "0", "0"], &["i", "k", "1"]], "LLS", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(2, -1, 4), 5);
    let c = ast.to_c();
    assert!(!c.contains("t1 == 0") && c.contains("for (t1 = 1; t1 <= m - 1; t1++)\n      S1(t0, t1);\n"), "{c}");
}

#[test]
fn fused_statements_with_different_ranges() {
    let s = scop("[n, m] -> { : true }", &["[n, m] -> { S0[i] : 0 <= i < n }", "[n, m] -> { S1[i] : 2 <= i < m }", "[n, m] -> { S2[i] : 0 <= i <= n + 1 }"]);
    let sc = schedule(&s, &[&["i", "0"], &["i", "1"], &["i", "2"]], "LS", &[], vec![]);
    check(&s, &sc, &grid(2, -1, 5), 7);
}

#[test]
fn shifted_fusion_and_disjoint_ranges() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S1[i] : 0 <= i < n }"]);
    for rows in [[["i", "0"], ["i + 1", "1"]], [["i", "0"], ["i + n", "0"]], [["i + n", "0"], ["i", "0"]]] {
        let sc = schedule(&s, &[&rows[0], &rows[1]], "LS", &[], vec![]);
        check(&s, &sc, &grid(1, -1, 5), 6);
    }
}

#[test]
fn union_and_existential_domains() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < 5; S0[i] : 3 <= i < n }", "[n] -> { S1[i] : exists e : i = 2e and 0 <= i < n }"]);
    let sc = schedule(&s, &[&["i", "0"], &["i", "1"]], "LS", &[], vec![]);
    check(&s, &sc, &grid(1, -1, 8), 9);
}

#[test]
fn tiled_2d_rectangle_separates_full_tiles() {
    let s = scop("[n, m] -> { : true }", &[RECT]);
    let sc = schedule(&s, &[&["floor(i/4)", "floor(j/3)", "i", "j"]], "LLLL", &[1, 3], vec![tiled(0, &[4, 3])]);
    let (ast, full, total) = check(&s, &sc, &grid(2, 0, 9), 10);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
}

#[test]
fn tiled_3d_and_triangle_and_skewed() {
    let cube = scop("[n] -> { : true }", &["[n] -> { S0[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"]);
    let sc = schedule(&cube, &[&["floor(i/2)", "floor(j/3)", "floor(k/2)", "i", "j", "k"]], "LLLLLL", &[0, 1, 3, 4], vec![tiled(0, &[2, 3, 2])]);
    let (ast, full, total) = check(&cube, &sc, &grid(1, 0, 6), 7);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");

    let tri = scop("[n] -> { : true }", &[TRI]);
    let sc = schedule(&tri, &[&["floor(i/3)", "floor(j/3)", "i", "j"]], "LLLL", &[], vec![tiled(0, &[3, 3])]);
    let (ast, full, total) = check(&tri, &sc, &grid(1, 0, 10), 11);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");

    let rect = scop("[n, m] -> { : true }", &[RECT]);
    let sc = schedule(&rect, &[&["floor((i + j)/4)", "floor(j/4)", "i + j", "j"]], "LLLL", &[], vec![tiled(0, &[4, 4])]);
    let (ast, full, total) = check(&rect, &sc, &grid(2, 0, 9), 10);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
}

#[test]
fn tiled_band_below_a_sequence_with_two_fused_statements() {
    let s = scop("[n] -> { : n >= 1 }", &["[n] -> { S0[i] : 0 <= i < n }", RECT.replace("S0", "S1").replace("[n, m]", "[n]").replace("< m", "< n").as_str()]);
    let sc = schedule(
        &s,
        &[&["0", "0", "0", "i", "0", "0"], &["1", "floor(i/4)", "floor(j/4)", "i", "j", "0"]],
        "SLLLLS",
        &[2, 4],
        vec![Band { permutable: false, ..Band::untiled(0, 1) }, tiled(1, &[4, 4])],
    );
    let (ast, full, _) = check(&s, &sc, &grid(1, 0, 9), 10);
    assert!(full > 0, "{ast}");

    // Two statements fused in one tiled band (the second one triangular).
    let s = scop("[n] -> { : true }", &[RECT.replace("[n, m]", "[n]").replace("< m", "< n").as_str(), TRI.replace("S0", "S1").as_str()]);
    let sc = schedule(&s, &[&["floor(i/3)", "floor(j/3)", "i", "j", "0"], &["floor(i/3)", "floor(j/3)", "i", "j", "1"]], "LLLLS", &[], vec![tiled(0, &[3, 3])]);
    check(&s, &sc, &grid(1, 0, 8), 9);
}

/// Innermost distribution: a scalar row between the two point rows gives
/// each statement its own innermost point loop; full tiles are still
/// separated (the point rows are 2 and 4).
#[test]
fn tiled_band_with_distributed_innermost_loop() {
    let s = scop("[n] -> { : true }", &[RECT.replace("[n, m]", "[n]").replace("< m", "< n").as_str(), TRI.replace("S0", "S1").as_str()]);
    let band = Band { split_innermost: true, ..tiled(0, &[3, 3]) };
    let sc = schedule(&s, &[&["floor(i/3)", "floor(j/3)", "i", "0", "j"], &["floor(i/3)", "floor(j/3)", "i", "1", "j"]], "LLLSL", &[], vec![band]);
    let (ast, full, total) = check(&s, &sc, &grid(1, 0, 8), 9);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
}

#[test]
fn malformed_and_non_injective_schedules_are_errors() {
    use crate::ast::{build, AstError, AstOptions};
    let s = scop("[n, m] -> { : true }", &[RECT]);
    let sc = schedule(&s, &[&["i", "i"]], "LL", &[], vec![]);
    assert_eq!(build(&s, &sc, &AstOptions::default()), Err(AstError::NotInjective { stmt: crate::scop::poly_scop::StmtId(0) }));
    let sc = schedule(&s, &[&["i"]], "LL", &[], vec![]);
    assert!(matches!(build(&s, &sc, &AstOptions::default()), Err(AstError::Malformed(_))));
    let unbounded = scop("[n] -> { : true }", &["[n] -> { S0[i] : i >= 0 }"]);
    let sc = schedule(&unbounded, &[&["i"]], "L", &[], vec![]);
    assert!(matches!(build(&unbounded, &sc, &AstOptions::default()), Err(AstError::Unbounded { .. })));
}

#[test]
fn tiny_budget_gives_an_error_not_a_hang() {
    use crate::ast::{build, AstError, AstOptions};
    let s = scop("[n] -> { : true }", &[TRI]);
    let sc = schedule(&s, &[&["floor(i/3)", "floor(j/3)", "i", "j"]], "LLLL", &[], vec![tiled(0, &[3, 3])]);
    let opts = AstOptions { max_queries: 5, ..AstOptions::default() };
    assert_eq!(build(&s, &sc, &opts), Err(AstError::Budget));
    let opts = AstOptions { max_nodes: 3, ..AstOptions::default() };
    assert_eq!(build(&s, &sc, &opts), Err(AstError::TooLarge));
}

#[test]
fn without_separation_the_code_is_still_right() {
    let s = scop(
        "[n] -> { : n >= 1 }",
        &["[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"],
    );
    let sc = schedule(
        &s,
        &[&["floor(i/3)", "floor(j/3)", "0", "i", "j", "0", "0"], &["floor(i/3)", "floor(j/3)", "floor(k/3)", "i", "j", "k", "1"]],
        "LLLLLLS",
        &[0, 1, 3, 4],
        vec![tiled(0, &[3, 3, 3])],
    );
    let opts = crate::ast::AstOptions { separate_guards: false, separate_full_tiles: false, jam_reductions: false, ..Default::default() };
    let ast = crate::ast::build(&s, &sc, &opts).expect("build");
    for n in 0..8 {
        let got: Vec<(usize, Vec<i64>)> = crate::ast::interp::run(&ast, &[n], 1_000_000).expect("run").into_iter().map(|e| (e.stmt.index(), e.iter)).collect();
        let (full, _, _) = check(&s, &sc, &[vec![n]], 9);
        let want: Vec<(usize, Vec<i64>)> = crate::ast::interp::run(&full, &[n], 1_000_000).expect("run").into_iter().map(|e| (e.stmt.index(), e.iter)).collect();
        assert_eq!(got, want, "n = {n}\n{ast}");
    }
}

/// Jacobi-1d style: S0 (B = f(A)) and S1 (A = B) skewed by 2t, tiled 4×4,
/// checked for `(T, n)` up to 6 and with large `n` (a skewed tile is full
/// only when n - 2 >= 1 + 9); `wavefront`: the tiles run by wavefronts,
/// the inner tile loop parallel.
fn skewed_stencil_tiles(wavefront: bool) -> (Ast, usize, usize) {
    let d0 = "[T, n] -> { S0[t, i] : 0 <= t < T and 1 <= i < n - 1 }";
    let d1 = "[T, n] -> { S1[t, i] : 0 <= t < T and 1 <= i < n - 1 }";
    let s = scop("[T, n] -> { : true }", &[d0, d1]);
    let (par, band): (&[usize], Band) = if wavefront { (&[1, 3], Band { wavefront: true, ..tiled(0, &[4, 4]) }) } else { (&[3], tiled(0, &[4, 4])) };
    let sc = schedule(
        &s,
        &[&["floor(t/4)", "floor((2t + i)/4)", "t", "2t + i", "0"], &["floor(t/4)", "floor((2t + i + 1)/4)", "t", "2t + i + 1", "1"]],
        "LLLLS",
        par,
        vec![band],
    );
    let mut params = grid(2, 0, 6);
    params.extend([vec![5, 14], vec![8, 13], vec![3, 12], vec![9, 16]]);
    check(&s, &sc, &params, 16)
}

#[test]
fn time_skewed_tiled_stencil_two_statements() {
    let (ast, full, total) = skewed_stencil_tiles(false);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
}

/// The same stencil run by wavefronts (`t0` the sum of the tile
/// coordinates), and a 3-D skewed band: the AST scans exactly the
/// instances, in wavefront order, with the inner tile loops parallel.
#[test]
fn wavefront_tiles() {
    let (ast, full, total) = skewed_stencil_tiles(true);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
    let text = ast.to_string();
    assert!(text.contains("wavefront") && text.contains("parallel"), "{text}");

    let d = "[T, n] -> { S0[t, i, j] : 0 <= t < T and 1 <= i < n - 1 and 1 <= j < n - 1 }";
    let s = scop("[T, n] -> { : true }", &[d]);
    let sc = schedule(
        &s,
        &[&["floor(t/2)", "floor((t + i)/3)", "floor((t + j)/3)", "t", "t + i", "t + j"]],
        "LLLLLL",
        &[1, 2],
        vec![Band { wavefront: true, ..tiled(0, &[2, 3, 3]) }],
    );
    check(&s, &sc, &[vec![3, 6], vec![4, 7], vec![1, 3], vec![0, 5]], 8);
}

#[test]
fn zero_dimensional_statement_and_no_parameters() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[] : n >= 2 }", "[n] -> { S1[i] : 0 <= i < n }", "[n] -> { S2[] }"]);
    let sc = schedule(&s, &[&["0", "0"], &["1", "i"], &["2", "0"]], "SL", &[], vec![]);
    check(&s, &sc, &grid(1, -1, 4), 5);

    let s = scop("{ : true }", &["{ S0[i, j] : 0 <= i < 7 and 0 <= j <= i }"]);
    let sc = schedule(&s, &[&["floor(i/3)", "floor(j/3)", "i", "j"]], "LLLL", &[], vec![tiled(0, &[3, 3])]);
    let (ast, full, _) = check(&s, &sc, &[vec![]], 8);
    assert!(full > 0, "{ast}");
}

#[test]
fn fused_tiled_matmul_with_initialisation() {
    // C[i][j] = 0 (S0) fused into the 3-D tiled band of C[i][j] += ... (S1):
    // S0 has no tile box along k (k fixed), S1's full tiles are still split.
    let s = scop(
        "[n] -> { : n >= 1 }",
        &["[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"],
    );
    let sc = schedule(
        &s,
        &[&["floor(i/4)", "floor(j/4)", "0", "i", "j", "0", "0"], &["floor(i/4)", "floor(j/4)", "floor(k/4)", "i", "j", "k", "1"]],
        "LLLLLLS",
        &[0, 1, 3, 4],
        vec![tiled(0, &[4, 4, 4])],
    );
    let start = std::time::Instant::now();
    let (ast, full, total) = check(&s, &sc, &grid(1, 0, 9), 10);
    assert!(full > 0 && full < total, "{full} of {total}\n{ast}");
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}
