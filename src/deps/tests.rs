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
    assert!(same_instance_order(&k.scop, &source, &source, &|_, _| true).unwrap());
    assert!(same_instance_order(&k.scop, &source, &in_band(&[1, 0, 0, 0]), &|_, _| true).unwrap());
    assert!(!same_instance_order(&k.scop, &source, &in_band(&[0, 0, 0, 0]), &|_, _| true).unwrap());
}

/// [`same_order::same_instance_order`] against brute force: random
/// schedules of two statements (rows with coefficients in -1..=1, so
/// ties between instances, repeated rows and schedules that are not
/// one-to-one all occur) compared with the order of every pair of
/// instances, enumerated. Both answers must agree: the witness and the
/// untied shortcut may not change what the exact comparison decides.
#[test]
fn same_instance_order_agrees_with_enumeration() {
    use crate::schedule::SchedRow;
    use same_order::same_instance_order;
    let scop = crate::scop::PolyScop::from_text(
        "{ : 0 = 0 }",
        &[
            ("{ S0[i, j] : 0 <= i < 3 and 0 <= j <= i }", "{ S0[i, j] -> [0, i, 0, j, 0] }", &[("W", "{ S0[i, j] -> A[i, j] }")]),
            ("{ S1[i] : 0 <= i < 3 }", "{ S1[i] -> [0, i, 1, 0, 0] }", &[("R", "{ S1[i] -> A[i, i] }")]),
        ],
    )
    .unwrap();
    let instances: Vec<Vec<Vec<i64>>> = vec![(0..3).flat_map(|i| (0..=i).map(move |j| vec![i, j])).collect(), (0..3).map(|i| vec![i]).collect()];
    let seed = std::cell::Cell::new(0x2545_f491_4f6c_dd1d_u64);
    let next = |n: u64| {
        let mut x = seed.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        seed.set(x);
        (x % n) as i64
    };
    let time = |rows: &[SchedRow], x: &[i64]| -> Vec<i64> { rows.iter().map(|r| x.iter().zip(&r.coeffs).map(|(a, c)| a * c).sum::<i64>() + r.coeffs[x.len()]).collect() };
    let brute = |a: &[Vec<SchedRow>], b: &[Vec<SchedRow>]| {
        (0..2).all(|s| {
            (0..2).all(|t| {
                instances[s].iter().all(|x| {
                    instances[t].iter().all(|y| (time(&a[s], x) < time(&a[t], y)) == (time(&b[s], x) < time(&b[t], y)))
                })
            })
        })
    };
    let (mut same, mut differ) = (0, 0);
    for _ in 0..300 {
        let random = |counters: usize| -> Vec<SchedRow> {
            (0..3).map(|_| SchedRow { coeffs: (0..=counters).map(|d| if d < counters { next(3) - 1 } else { next(2) }).collect(), div: 1 }).collect()
        };
        let a = vec![random(2), random(1)];
        // Half the time `b` keeps one statement's rows (the pairs it
        // places alike are skipped), or is a small change of `a`.
        let b = match next(3) {
            0 => vec![a[0].clone(), random(1)],
            1 => {
                let mut b = a.clone();
                let (s, k) = (next(2) as usize, next(3) as usize);
                let last = b[s][k].coeffs.len() - 1;
                b[s][k].coeffs[last] = 1 - b[s][k].coeffs[last];
                b
            }
            _ => vec![random(2), random(1)],
        };
        let want = brute(&a, &b);
        assert_eq!(same_instance_order(&scop, &a, &b, &|_, _| true).unwrap(), want, "{a:?} vs {b:?}");
        if want {
            same += 1;
        } else {
            differ += 1;
        }
    }
    // Both answers were exercised.
    assert!(same >= 20 && differ >= 20, "{same} same, {differ} different");
}

/// The conservative dependences contain every exact one access pair by
/// access pair: each memory-based dependence of the shared kernels has a
/// conservative one between the same accesses, at the same level, whose
/// relation contains it (the stages that ask about one array or one
/// access rely on it: a fuzzed nest kept a cell in a register when only
/// one pair of accesses per pair of statements was named).
#[test]
fn conservative_dependences_cover_every_pair_of_accesses() {
    for k in kernels::all() {
        let exact = analyze(&k.scop, &DepsOptions { value_based: false }).unwrap();
        let cons = conservative(&k.scop).unwrap();
        for d in &exact.deps {
            let covered = cons.deps.iter().any(|c| {
                (c.source, c.source_access, c.target, c.target_access, c.level) == (d.source, d.source_access, d.target, d.target_access, d.level) && d.relation.is_subset(&c.relation).unwrap()
            });
            assert!(covered, "{}: {:?} -> {:?} (accesses {} -> {}, level {}) not covered", k.name, d.source, d.target, d.source_access, d.target_access, d.level);
        }
    }
}
