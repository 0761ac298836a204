//! Dependence analysis on the shared test kernels.

use super::print::print_deps;
use super::*;
use crate::poly::parse_set;
use crate::scop::kernels;

#[test]
fn snapshots() {
    for k in [kernels::matmul(), kernels::seidel_1d(), kernels::lu(), kernels::producer_consumer_shifted()] {
        let d = analyze(&k.scop, &DepsOptions::default()).unwrap();
        insta::assert_snapshot!(format!("deps_{}", k.name), print_deps(&k.scop, &d));
    }
}

/// `S0[i, j]: s = C[i][j]` reaches only `S1[i, j, 0]`; later `k` read the
/// value of `S1[i, j, k - 1]`.
#[test]
fn value_based_flow_of_promoted_scalar() {
    let k = kernels::matmul_scalar();
    let d = analyze(&k.scop, &DepsOptions::default()).unwrap();
    assert!(d.value_based_exact);
    let flow: Vec<_> = d.deps.iter().filter(|x| x.kind == DepKind::Flow && x.source == crate::scop::poly_scop::StmtId(0) && x.target == crate::scop::poly_scop::StmtId(1)).collect();
    assert_eq!(flow.len(), 1);
    let want = parse_set("[n] -> { S0[i, j] -> S1[i, j, 0] : 0 <= i < n and 0 <= j < n }").unwrap();
    assert!(flow[0].relation.is_equal(&want).unwrap(), "{}", flow[0].relation);
    assert_eq!(flow[0].depth, None);
    // Memory based: every k.
    let m = analyze(&k.scop, &DepsOptions { value_based: false }).unwrap();
    let mut all = m.deps.iter().filter(|x| x.kind == DepKind::Flow && x.source == crate::scop::poly_scop::StmtId(0) && x.target == crate::scop::poly_scop::StmtId(1));
    assert!(all.any(|x| x.relation.contains(&[3, 0, 0, 0, 0, 2]).unwrap()));
}

#[test]
fn scalar_and_reduction_marks() {
    let k = kernels::matmul_scalar();
    let d = analyze(&k.scop, &DepsOptions::default()).unwrap();
    assert!(d.deps.iter().filter(|x| x.is_scalar && x.kind != DepKind::Flow).all(|x| x.scalar_memory));
    assert!(d.deps.iter().filter(|x| x.array == k.scop.cell_named("C").expect("C")).all(|x| !x.scalar_memory && !x.reduction));
    assert!(d.deps.iter().any(|x| x.reduction && x.kind == DepKind::Flow && x.source == crate::scop::poly_scop::StmtId(1) && x.target == crate::scop::poly_scop::StmtId(1)));
    assert_eq!(d.relaxable_scalars().into_iter().collect::<Vec<_>>(), vec![k.scop.cell_named("scalar_s").expect("s")]);
}

#[test]
fn carried_levels() {
    let k = kernels::matmul();
    let d = analyze(&k.scop, &DepsOptions::default()).unwrap();
    // All on C[i][j], carried by k (level 5 of [0, i, 0, j, 0, k, 0]).
    assert!(d.deps.iter().all(|x| x.level == 5 && x.depth == Some(3)));
    assert_eq!(d.deps.len(), 3);
}

/// The scheduler's way of writing the source order of a product whose sum
/// lives in a scalar: the load before the `k` loop as its first iteration
/// (`S0 -> [i, j, 0, 0]`), the store after it at `k = n` (`S2 -> [i, j, n,
/// 2]`). Read off the rows it interleaves them with `k`; on the instances
/// it is the same order. Storing at `k = 0` after the first step is not.
#[test]
fn same_instance_order_reads_the_order_not_the_rows() {
    use crate::schedule::SchedRow;
    use same_order::same_instance_order;
    let k = kernels::matmul_scalar();
    let rows = |rs: &[&[i64]]| rs.iter().map(|c| SchedRow { coeffs: c.to_vec(), div: 1 }).collect::<Vec<_>>();
    // Coefficients: [n, counters.., constant].
    let source = vec![
        rows(&[&[0, 0, 0, 0], &[0, 1, 0, 0], &[0, 0, 0, 0], &[0, 0, 1, 0], &[0, 0, 0, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]]),
        rows(&[&[0, 0, 0, 0, 0], &[0, 1, 0, 0, 0], &[0, 0, 0, 0, 0], &[0, 0, 1, 0, 0], &[0, 0, 0, 0, 1], &[0, 0, 0, 1, 0], &[0, 0, 0, 0, 0]]),
        rows(&[&[0, 0, 0, 0], &[0, 1, 0, 0], &[0, 0, 0, 0], &[0, 0, 1, 0], &[0, 0, 0, 2], &[0, 0, 0, 0], &[0, 0, 0, 0]]),
    ];
    let in_band = |store_at: &[i64]| {
        vec![
            rows(&[&[0, 1, 0, 0], &[0, 0, 1, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]]),
            rows(&[&[0, 1, 0, 0, 0], &[0, 0, 1, 0, 0], &[0, 0, 0, 1, 0], &[0, 0, 0, 0, 1]]),
            rows(&[&[0, 1, 0, 0], &[0, 0, 1, 0], store_at, &[0, 0, 0, 2]]),
        ]
    };
    assert!(same_instance_order(&k.scop, &source, &source).unwrap());
    assert!(same_instance_order(&k.scop, &source, &in_band(&[1, 0, 0, 0])).unwrap());
    assert!(!same_instance_order(&k.scop, &source, &in_band(&[0, 0, 0, 0])).unwrap());
}
