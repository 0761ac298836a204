//! Printed ASTs (`print<tessera-ast>` text), each also brute-force checked.

use super::harness::{check, grid, schedule, scop, tiled};
use crate::ast::Ast;

fn show(ast: &Ast) -> String {
    ast.to_c()
}

#[test]
fn triangle_interchanged() {
    let s = scop("[n] -> { : n >= 1 }", &["[n] -> { S0[i, j] : 0 <= j <= i < n }"]);
    let sc = schedule(&s, &[&["j", "i"]], "LL", &[1], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 5), 6);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn fused_loop_with_inner_sequence() {
    let s = scop("[n] -> { : n >= 1 }", &["[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S1[i, j] : 0 <= j <= i < n }"]);
    let sc = schedule(&s, &[&["i", "0", "0"], &["i", "1", "j"]], "LSL", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 5), 6);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn fission_reversed_order() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S1[i] : 0 <= i < n }"]);
    let sc = schedule(&s, &[&["1", "i"], &["0", "i"]], "SL", &[1], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, -1, 4), 5);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn fused_different_ranges_guards() {
    let s = scop("[n, m] -> { : true }", &["[n, m] -> { S0[i] : 0 <= i < n }", "[n, m] -> { S1[i] : 2 <= i < m }"]);
    let sc = schedule(&s, &[&["i", "0"], &["i", "1"]], "LS", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(2, -1, 5), 6);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn skewed_and_non_unimodular() {
    let s = scop("[n] -> { : n >= 1 }", &["[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }"]);
    let sc = schedule(&s, &[&["i + j", "j"]], "LL", &[1], vec![]);
    let (a, _, _) = check(&s, &sc, &grid(1, 0, 5), 6);
    let sc = schedule(&s, &[&["2i + j", "j"]], "LL", &[1], vec![]);
    let (b, _, _) = check(&s, &sc, &grid(1, 0, 5), 6);
    insta::assert_snapshot!(format!("{}\n{}", show(&a), show(&b)));
}

#[test]
fn tiled_rectangle_32x32() {
    let s = scop("[n] -> { : n >= 1 }", &["[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }"]);
    let sc = schedule(&s, &[&["floor(i/32)", "floor(j/32)", "i", "j"]], "LLLL", &[1, 3], vec![tiled(0, &[32, 32])]);
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 3), 4);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn tiled_triangle() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i, j] : 0 <= j <= i < n }"]);
    let sc = schedule(&s, &[&["floor(i/4)", "floor(j/4)", "i", "j"]], "LLLL", &[3], vec![tiled(0, &[4, 4])]);
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 10), 11);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn union_and_modulo_domains() {
    let s = scop("[n] -> { : true }", &["[n] -> { S0[i] : 0 <= i < 5; S0[i] : 3 <= i < n }", "[n] -> { S1[i] : exists e : i = 2e and 0 <= i < n }"]);
    let sc = schedule(&s, &[&["i", "0"], &["i", "1"]], "LS", &[], vec![]);
    let (ast, _, _) = check(&s, &sc, &grid(1, -1, 8), 9);
    insta::assert_snapshot!(show(&ast));
}

#[test]
fn tiled_matmul_with_fused_initialisation() {
    let s = scop(
        "[n] -> { : n >= 1 }",
        &["[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"],
    );
    let sc = schedule(
        &s,
        &[&["floor(i/32)", "floor(j/32)", "0", "i", "j", "0", "0"], &["floor(i/32)", "floor(j/32)", "floor(k/32)", "i", "j", "k", "1"]],
        "LLLLLLS",
        &[0, 1, 3, 4],
        vec![tiled(0, &[32, 32, 32])],
    );
    let (ast, _, _) = check(&s, &sc, &grid(1, 0, 3), 4);
    insta::assert_snapshot!(show(&ast));
}
