//! Test kernels (built with `PolyScop::from_text`) shared by the tests of
//! `deps`, `sched` and `tile`, with the parameter values the legality
//! checker uses for each.

use crate::scop::PolyScop;

pub struct Kernel {
    pub name: &'static str,
    pub scop: PolyScop,
    /// Small parameter values for the brute-force checker.
    pub params: Vec<i64>,
}

pub(crate) fn build(context: &str, stmts: &[(&str, &str, &[(&str, &str)])]) -> PolyScop {
    PolyScop::from_text(context, stmts).unwrap_or_else(|e| panic!("bad kernel: {e}"))
}

/// One statement that accumulates a product into a cell, `acc += lhs *
/// rhs` (a floating-point reduction on the stored element): its access
/// relations in the order the block makes them (read `acc`, `lhs`, `rhs`,
/// write `acc`).
fn accumulation(name: &'static str, context: &str, domain: &str, schedule: &str, [acc, lhs, rhs]: [&str; 3], params: Vec<i64>) -> Kernel {
    let mut scop = build(context, &[(domain, schedule, &[("R", acc), ("R", lhs), ("R", rhs), ("W", acc)])]);
    scop.statements[0].reduction = Some(crate::scop::reductions::Reduction::fadd_stored());
    Kernel { name, scop, params }
}

/// `C[i][j] += A[i][k] * B[k][j]` (a floating-point reduction on `C`).
pub fn matmul() -> Kernel {
    accumulation(
        "matmul",
        "[n] -> { : n >= 1 }",
        "[n] -> { S0[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }",
        "[n] -> { S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
        ["[n] -> { S0[i, j, k] -> C[i, j] }", "[n] -> { S0[i, j, k] -> A[i, k] }", "[n] -> { S0[i, j, k] -> B[k, j] }"],
        vec![3],
    )
}

/// A band `A[i][j] *= 2` over `j <= b`, `b = min(i + 2, n - 1)` computed
/// per row into a scalar (`S0`), with the row loop's exit compare reading
/// it (`S2`, a statement that writes nothing).
pub fn loop_control() -> Kernel {
    let scop = build(
        "[n] -> { : n >= 1 }",
        &[
            ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0, 0, 0] }", &[("W", "[n] -> { S0[i] -> scalar_b[] }")]),
            (
                "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n and j <= i + 2 }",
                "[n] -> { S1[i, j] -> [0, i, 1, j, 0] }",
                &[("R", "[n] -> { S1[i, j] -> A[i, j] }"), ("W", "[n] -> { S1[i, j] -> A[i, j] }")],
            ),
            (
                "[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n and j <= i + 2 }",
                "[n] -> { S2[i, j] -> [0, i, 1, j, 1] }",
                &[("R", "[n] -> { S2[i, j] -> scalar_b[] }")],
            ),
        ],
    );
    Kernel { name: "loop-control", scop, params: vec![4] }
}

/// Matrix multiply after LICM promoted `C[i][j]` to the scalar `s`.
pub fn matmul_scalar() -> Kernel {
    dot_rows("0 <= k < n")
}

/// Matrix multiply with `C[i][j]` in the scalar `s` (`s = C[i][j]; for k:
/// s += A[i][k] * B[k][j]; C[i][j] = s`), its sum over `k` in `sum`.
pub fn dot_rows(sum: &str) -> Kernel {
    let domain = format!("[n] -> {{ S1[i, j, k] : 0 <= i < n and 0 <= j < n and {sum} }}");
    let mut scop = build(
        "[n] -> { : n >= 1 }",
        &[
            (
                "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S0[i, j] -> [0, i, 0, j, 0, 0, 0] }",
                &[("R", "[n] -> { S0[i, j] -> C[i, j] }"), ("W", "[n] -> { S0[i, j] -> scalar_s[] }")],
            ),
            (
                &domain,
                "[n] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }",
                &[
                    ("R", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                    ("R", "[n] -> { S1[i, j, k] -> A[i, k] }"),
                    ("R", "[n] -> { S1[i, j, k] -> B[k, j] }"),
                    ("W", "[n] -> { S1[i, j, k] -> scalar_s[] }"),
                ],
            ),
            (
                "[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n }",
                "[n] -> { S2[i, j] -> [0, i, 0, j, 2, 0, 0] }",
                &[("R", "[n] -> { S2[i, j] -> scalar_s[] }"), ("W", "[n] -> { S2[i, j] -> C[i, j] }")],
            ),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_of("s"));
    Kernel { name: "matmul-scalar", scop, params: vec![3] }
}

/// 1-D Jacobi: `B[i] = A[i-1] + A[i] + A[i+1]; A[i] = B[i]` in a time loop.
pub fn jacobi_1d() -> Kernel {
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[
            (
                "[T, N] -> { S0[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "[T, N] -> { S0[t, i] -> [0, t, 0, i, 0] }",
                &[
                    ("R", "[T, N] -> { S0[t, i] -> A[i - 1] }"),
                    ("R", "[T, N] -> { S0[t, i] -> A[i] }"),
                    ("R", "[T, N] -> { S0[t, i] -> A[i + 1] }"),
                    ("W", "[T, N] -> { S0[t, i] -> B[i] }"),
                ],
            ),
            (
                "[T, N] -> { S1[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "[T, N] -> { S1[t, i] -> [0, t, 1, i, 0] }",
                &[("R", "[T, N] -> { S1[t, i] -> B[i] }"), ("W", "[T, N] -> { S1[t, i] -> A[i] }")],
            ),
        ],
    );
    Kernel { name: "jacobi-1d", scop, params: vec![3, 7] }
}

/// 2-D Jacobi (5-point) with a time loop and two arrays.
pub fn jacobi_2d() -> Kernel {
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[
            (
                "[T, N] -> { S0[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                &[
                    ("R", "[T, N] -> { S0[t, i, j] -> A[i, j] }"),
                    ("R", "[T, N] -> { S0[t, i, j] -> A[i - 1, j] }"),
                    ("R", "[T, N] -> { S0[t, i, j] -> A[i + 1, j] }"),
                    ("R", "[T, N] -> { S0[t, i, j] -> A[i, j - 1] }"),
                    ("R", "[T, N] -> { S0[t, i, j] -> A[i, j + 1] }"),
                    ("W", "[T, N] -> { S0[t, i, j] -> B[i, j] }"),
                ],
            ),
            (
                "[T, N] -> { S1[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { S1[t, i, j] -> [0, t, 1, i, 0, j, 0] }",
                &[("R", "[T, N] -> { S1[t, i, j] -> B[i, j] }"), ("W", "[T, N] -> { S1[t, i, j] -> A[i, j] }")],
            ),
        ],
    );
    Kernel { name: "jacobi-2d", scop, params: vec![2, 5] }
}

/// LU decomposition without pivoting (in place, triangular).
pub fn lu() -> Kernel {
    Kernel { name: "lu", scop: lu_scop("[n] -> ", "n"), params: vec![4] }
}

/// [`lu`] with a constant size `n` (a `#define`d nest).
pub fn lu_fixed(n: i64) -> Kernel {
    Kernel { name: "lu-fixed", scop: lu_scop("", &n.to_string()), params: vec![] }
}

/// [`lu`]'s nest over the size `n` (a parameter when `prefix` declares it,
/// or a constant).
fn lu_scop(prefix: &str, n: &str) -> PolyScop {
    let rel = |body: &str| format!("{prefix}{{ {body} }}");
    let s0 = [("R", "S0[k, j] -> A[k, j]"), ("R", "S0[k, j] -> A[k, k]"), ("W", "S0[k, j] -> A[k, j]")].map(|(kind, r)| (kind, rel(r)));
    let s1 = [("R", "S1[k, i, j] -> A[i, j]"), ("R", "S1[k, i, j] -> A[i, k]"), ("R", "S1[k, i, j] -> A[k, j]"), ("W", "S1[k, i, j] -> A[i, j]")].map(|(kind, r)| (kind, rel(r)));
    let s0: Vec<(&str, &str)> = s0.iter().map(|(k, r)| (*k, r.as_str())).collect();
    let s1: Vec<(&str, &str)> = s1.iter().map(|(k, r)| (*k, r.as_str())).collect();
    build(
        &rel(&format!(": {n} >= 1")),
        &[
            (&rel(&format!("S0[k, j] : 0 <= k < {n} and k < j < {n}")), &rel("S0[k, j] -> [0, k, 0, j, 0, 0, 0]"), &s0),
            (&rel(&format!("S1[k, i, j] : 0 <= k < {n} and k < i < {n} and k < j < {n}")), &rel("S1[k, i, j] -> [0, k, 1, i, 0, j, 0]"), &s1),
        ],
    )
}

/// LU by columns (the benchmark's): `A[i][k] /= A[k][k]` (S0), then the
/// update of row `i` (S1).
pub fn lu_columns() -> Kernel {
    let scop = build(
        "[n] -> { : n >= 1 }",
        &[
            (
                "[n] -> { S0[k, i] : 0 <= k < n and k < i < n }",
                "[n] -> { S0[k, i] -> [0, k, 0, i, 0, 0, 0] }",
                &[("R", "[n] -> { S0[k, i] -> A[i, k] }"), ("R", "[n] -> { S0[k, i] -> A[k, k] }"), ("W", "[n] -> { S0[k, i] -> A[i, k] }")],
            ),
            (
                "[n] -> { S1[k, i, j] : 0 <= k < n and k < i < n and k < j < n }",
                "[n] -> { S1[k, i, j] -> [0, k, 0, i, 1, j, 0] }",
                &[
                    ("R", "[n] -> { S1[k, i, j] -> A[i, j] }"),
                    ("R", "[n] -> { S1[k, i, j] -> A[i, k] }"),
                    ("R", "[n] -> { S1[k, i, j] -> A[k, j] }"),
                    ("W", "[n] -> { S1[k, i, j] -> A[i, j] }"),
                ],
            ),
        ],
    );
    Kernel { name: "lu-columns", scop, params: vec![4] }
}

/// Two nine-point blurs ping-ponging between `A` and `B` in a time loop:
/// each reads a row above and below, a column left and right.
pub fn blur_pair() -> Kernel {
    let reads = |stmt: &str, array: &str| -> Vec<String> {
        let offsets = (-1..=1).flat_map(|di| (-1..=1).map(move |dj| (di, dj)));
        offsets.map(|(di, dj)| format!("[T, N] -> {{ {stmt}[t, i, j] -> {array}[i + {di}, j + {dj}] }}")).collect()
    };
    let (r0, r1) = (reads("S0", "A"), reads("S1", "B"));
    let mut a0: Vec<(&str, &str)> = r0.iter().map(|r| ("R", r.as_str())).collect();
    a0.push(("W", "[T, N] -> { S0[t, i, j] -> B[i, j] }"));
    let mut a1: Vec<(&str, &str)> = r1.iter().map(|r| ("R", r.as_str())).collect();
    a1.push(("W", "[T, N] -> { S1[t, i, j] -> A[i, j] }"));
    let domain = |stmt: &str| format!("[T, N] -> {{ {stmt}[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }}");
    let (d0, d1) = (domain("S0"), domain("S1"));
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[(&d0, "[T, N] -> { S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }", &a0), (&d1, "[T, N] -> { S1[t, i, j] -> [0, t, 1, i, 0, j, 0] }", &a1)],
    );
    Kernel { name: "blur-pair", scop, params: vec![2, 5] }
}

/// Gauss–Seidel style in-place 1-D stencil: `A[i] = A[i-1] + A[i] + A[i+1]`.
pub fn seidel_1d() -> Kernel {
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[(
            "[T, N] -> { S0[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
            "[T, N] -> { S0[t, i] -> [0, t, 0, i, 0] }",
            &[
                ("R", "[T, N] -> { S0[t, i] -> A[i - 1] }"),
                ("R", "[T, N] -> { S0[t, i] -> A[i] }"),
                ("R", "[T, N] -> { S0[t, i] -> A[i + 1] }"),
                ("W", "[T, N] -> { S0[t, i] -> A[i] }"),
            ],
        )],
    );
    Kernel { name: "seidel-1d", scop, params: vec![3, 7] }
}

/// Jacobi-style 2-D stencil with constant sizes (`steps` time steps on an
/// `n` x `n` grid): a `#define`d nest.
pub fn jacobi_2d_fixed(steps: i64, n: i64) -> Kernel {
    let dom = |s: &str| format!("{{ {s}[t, i, j] : 0 <= t < {steps} and 1 <= i < {} and 1 <= j < {} }}", n - 1, n - 1);
    let (d0, d1) = (dom("S0"), dom("S1"));
    let scop = build(
        "{ : 0 = 0 }",
        &[
            (
                &d0,
                "{ S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                &[
                    ("R", "{ S0[t, i, j] -> A[i, j] }"),
                    ("R", "{ S0[t, i, j] -> A[i - 1, j] }"),
                    ("R", "{ S0[t, i, j] -> A[i + 1, j] }"),
                    ("R", "{ S0[t, i, j] -> A[i, j - 1] }"),
                    ("R", "{ S0[t, i, j] -> A[i, j + 1] }"),
                    ("W", "{ S0[t, i, j] -> B[i, j] }"),
                ],
            ),
            (&d1, "{ S1[t, i, j] -> [0, t, 1, i, 0, j, 0] }", &[("R", "{ S1[t, i, j] -> B[i, j] }"), ("W", "{ S1[t, i, j] -> A[i, j] }")]),
        ],
    );
    Kernel { name: "jacobi-2d-fixed", scop, params: vec![] }
}

/// Gauss–Seidel style in-place 2-D stencil, five points:
/// `A[i][j] = A[i-1][j] + A[i][j-1] + A[i][j] + A[i][j+1] + A[i+1][j]`.
pub fn seidel_2d() -> Kernel {
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[(
            "[T, N] -> { S0[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
            "[T, N] -> { S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
            &[
                ("R", "[T, N] -> { S0[t, i, j] -> A[i - 1, j] }"),
                ("R", "[T, N] -> { S0[t, i, j] -> A[i, j - 1] }"),
                ("R", "[T, N] -> { S0[t, i, j] -> A[i, j] }"),
                ("R", "[T, N] -> { S0[t, i, j] -> A[i, j + 1] }"),
                ("R", "[T, N] -> { S0[t, i, j] -> A[i + 1, j] }"),
                ("W", "[T, N] -> { S0[t, i, j] -> A[i, j] }"),
            ],
        )],
    );
    Kernel { name: "seidel-2d", scop, params: vec![3, 7] }
}

/// The same sweep over nine points (PolyBench's seidel-2d): it also reads
/// `A[i-1][j+1]`, which the row `i` must wait for.
pub fn seidel_2d_nine() -> Kernel {
    let reads: Vec<String> = (-1..=1).flat_map(|di| (-1..=1).map(move |dj| format!("[T, N] -> {{ S0[t, i, j] -> A[i + {di}, j + {dj}] }}"))).collect();
    let mut accesses: Vec<(&str, &str)> = reads.iter().map(|r| ("R", r.as_str())).collect();
    accesses.push(("W", "[T, N] -> { S0[t, i, j] -> A[i, j] }"));
    let scop = build(
        "[T, N] -> { : T >= 1 and N >= 3 }",
        &[("[T, N] -> { S0[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }", "[T, N] -> { S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }", &accesses)],
    );
    Kernel { name: "seidel-2d-nine", scop, params: vec![3, 7] }
}

/// Producer/consumer: `A[i] = ...; B[i] = A[consumer(i)]` as two loops.
fn producer_consumer(name: &'static str, consumer_domain: &str, read: &str) -> Kernel {
    let scop = build(
        "[n] -> { : n >= 2 }",
        &[
            ("[n] -> { S0[i] : 0 <= i < n }", "[n] -> { S0[i] -> [0, i, 0] }", &[("W", "[n] -> { S0[i] -> A[i] }")]),
            (consumer_domain, "[n] -> { S1[i] -> [1, i, 0] }", &[("R", read), ("W", "[n] -> { S1[i] -> B[i] }")]),
        ],
    );
    Kernel { name, scop, params: vec![5] }
}

/// The consumer reads the element just produced: fusable as is.
pub fn producer_consumer_same() -> Kernel {
    producer_consumer("prodcons-same", "[n] -> { S1[i] : 0 <= i < n }", "[n] -> { S1[i] -> A[i] }")
}

/// The consumer reads the next element: fusion needs a shift.
pub fn producer_consumer_shifted() -> Kernel {
    producer_consumer("prodcons-shifted", "[n] -> { S1[i] : 0 <= i < n - 1 }", "[n] -> { S1[i] -> A[i + 1] }")
}

/// The consumer reads in reverse: no fusion is legal.
pub fn producer_consumer_reversed() -> Kernel {
    producer_consumer("prodcons-reversed", "[n] -> { S1[i] : 0 <= i < n }", "[n] -> { S1[i] -> A[n - 1 - i] }")
}

/// Floyd–Warshall: `D[i][j] = min(D[i][j], D[i][k] + D[k][j])` (not in
/// [`all`]: for the tiling decision's tests).
pub fn floyd() -> Kernel {
    let scop = build(
        "[n] -> { : n >= 1 }",
        &[(
            "[n] -> { S0[k, i, j] : 0 <= k < n and 0 <= i < n and 0 <= j < n }",
            "[n] -> { S0[k, i, j] -> [0, k, 0, i, 0, j, 0] }",
            &[
                ("R", "[n] -> { S0[k, i, j] -> D[i, j] }"),
                ("R", "[n] -> { S0[k, i, j] -> D[i, k] }"),
                ("R", "[n] -> { S0[k, i, j] -> D[k, j] }"),
                ("W", "[n] -> { S0[k, i, j] -> D[i, j] }"),
            ],
        )],
    );
    Kernel { name: "floyd", scop, params: vec![3] }
}

/// `B[i][j] = f(A[i][j], A[j][i])` when `transposed`, else
/// `B[i][j] = f(A[i][j], x[j])` (not in [`all`]: for the tiling decision's
/// tests).
pub fn rows_with(transposed: bool) -> Kernel {
    let second = if transposed { "[n] -> { S0[i, j] -> A[j, i] }" } else { "[n] -> { S0[i, j] -> x[j] }" };
    let scop = build(
        "[n] -> { : n >= 1 }",
        &[(
            "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }",
            "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }",
            &[("R", "[n] -> { S0[i, j] -> A[i, j] }"), ("R", second), ("W", "[n] -> { S0[i, j] -> B[i, j] }")],
        )],
    );
    Kernel { name: if transposed { "transpose-add" } else { "row-plus-vector" }, scop, params: vec![3] }
}

/// `y[i] += A[j][i] * x[j]`, `i` outer: a transposed matrix-vector
/// product walking `A` down a column (not in [`all`]: for the tiling
/// decision's tests).
pub fn transposed_matvec() -> Kernel {
    accumulation(
        "transposed-matvec",
        "[n] -> { : n >= 1 }",
        "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }",
        "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }",
        ["[n] -> { S0[i, j] -> y[i] }", "[n] -> { S0[i, j] -> A[j, i] }", "[n] -> { S0[i, j] -> x[j] }"],
        vec![3],
    )
}

/// `y[i * s] += R[i][j] * x[j * s]` for `j >= i`: an upper triangular
/// matrix times a vector, the vectors with a run-time stride `s` (read as
/// `x[j][0]` in rows of `s`; not in [`all`]: for the tiling decision's
/// tests).
pub fn strided_matvec() -> Kernel {
    accumulation(
        "strided-matvec",
        "[n, s] -> { : n >= 1 and s >= 1 }",
        "[n, s] -> { S0[i, j] : 0 <= i < n and i <= j < n }",
        "[n, s] -> { S0[i, j] -> [0, i, 0, j, 0] }",
        ["[n, s] -> { S0[i, j] -> y[i, 0] }", "[n, s] -> { S0[i, j] -> R[i, j] }", "[n, s] -> { S0[i, j] -> x[j, 0] }"],
        vec![3, 2],
    )
}

/// One step `k` of modified Gram-Schmidt (`k` a parameter): S0
/// `R[k][j] = 0`, S1 `R[k][j] += Q[i][k] * A[i][j]`, S2
/// `A[i][j] -= Q[i][k] * R[k][j]`, for `j` then `i` (not in [`all`]: for
/// distribution's tests).
pub fn gram_step() -> Kernel {
    let mut scop = build(
        "[n, m, k] -> { : k >= 0 and n >= k + 2 and m >= 1 }",
        &[
            ("[n, m, k] -> { S0[j] : k < j < n }", "[n, m, k] -> { S0[j] -> [0, j, 0, 0, 0] }", &[("W", "[n, m, k] -> { S0[j] -> R[k, j] }")]),
            (
                "[n, m, k] -> { S1[j, i] : k < j < n and 0 <= i < m }",
                "[n, m, k] -> { S1[j, i] -> [0, j, 1, i, 0] }",
                &[
                    ("R", "[n, m, k] -> { S1[j, i] -> R[k, j] }"),
                    ("R", "[n, m, k] -> { S1[j, i] -> Q[i, k] }"),
                    ("R", "[n, m, k] -> { S1[j, i] -> A[i, j] }"),
                    ("W", "[n, m, k] -> { S1[j, i] -> R[k, j] }"),
                ],
            ),
            (
                "[n, m, k] -> { S2[j, i] : k < j < n and 0 <= i < m }",
                "[n, m, k] -> { S2[j, i] -> [0, j, 2, i, 0] }",
                &[
                    ("R", "[n, m, k] -> { S2[j, i] -> Q[i, k] }"),
                    ("R", "[n, m, k] -> { S2[j, i] -> R[k, j] }"),
                    ("R", "[n, m, k] -> { S2[j, i] -> A[i, j] }"),
                    ("W", "[n, m, k] -> { S2[j, i] -> A[i, j] }"),
                ],
            ),
        ],
    );
    scop.statements[1].reduction = Some(crate::scop::reductions::Reduction::fadd_stored());
    Kernel { name: "gram-step", scop, params: vec![5, 3, 1] }
}

/// For each row `j`: S0 `A[j][i] = B[j-1][i]`, then S1
/// `B[j][i] = A[j][n-1-i]`. The `i` loops cannot be fused (reversed read)
/// and S0 of row `j` reads what S1 wrote for row `j - 1`: running all of S0
/// before all of S1 is illegal (not in [`all`]: for distribution's tests).
pub fn rows_carried() -> Kernel {
    let scop = build(
        "[n] -> { : n >= 2 }",
        &[
            (
                "[n] -> { S0[j, i] : 1 <= j < n and 0 <= i < n }",
                "[n] -> { S0[j, i] -> [0, j, 0, i, 0] }",
                &[("R", "[n] -> { S0[j, i] -> B[j - 1, i] }"), ("W", "[n] -> { S0[j, i] -> A[j, i] }")],
            ),
            (
                "[n] -> { S1[j, i] : 1 <= j < n and 0 <= i < n }",
                "[n] -> { S1[j, i] -> [0, j, 1, i, 0] }",
                &[("R", "[n] -> { S1[j, i] -> A[j, n - 1 - i] }"), ("W", "[n] -> { S1[j, i] -> B[j, i] }")],
            ),
        ],
    );
    Kernel { name: "rows-carried", scop, params: vec![4] }
}

/// In-place triangular multiply by rows from the last one up (trmm):
/// row `n-1-t` of `B` takes the old rows above it, then is scaled. The
/// row loop `t` carries the dependences, the column loop `j` none.
pub fn trmm_rows() -> Kernel {
    let scop = build(
        "[n, m] -> { : n >= 1 and m >= 1 }",
        &[
            (
                "[n, m] -> { S0[t, j, k] : 0 <= t < n and 0 <= j < m and 0 <= k < n - 1 - t }",
                "[n, m] -> { S0[t, j, k] -> [0, t, 0, j, 0, k, 0] }",
                &[
                    ("R", "[n, m] -> { S0[t, j, k] -> B[n - 1 - t, j] }"),
                    ("R", "[n, m] -> { S0[t, j, k] -> L[n - 1 - t, k] }"),
                    ("R", "[n, m] -> { S0[t, j, k] -> B[k, j] }"),
                    ("W", "[n, m] -> { S0[t, j, k] -> B[n - 1 - t, j] }"),
                ],
            ),
            (
                "[n, m] -> { S1[t, j] : 0 <= t < n and 0 <= j < m }",
                "[n, m] -> { S1[t, j] -> [0, t, 0, j, 1, 0, 0] }",
                &[("R", "[n, m] -> { S1[t, j] -> B[n - 1 - t, j] }"), ("W", "[n, m] -> { S1[t, j] -> B[n - 1 - t, j] }")],
            ),
        ],
    );
    Kernel { name: "trmm-rows", scop, params: vec![4, 5] }
}

pub fn all() -> Vec<Kernel> {
    vec![
        matmul(),
        matmul_scalar(),
        jacobi_1d(),
        jacobi_2d(),
        lu(),
        seidel_1d(),
        producer_consumer_same(),
        producer_consumer_shifted(),
        producer_consumer_reversed(),
    ]
}
