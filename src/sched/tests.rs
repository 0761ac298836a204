//! Expected schedules of the test kernels; every schedule goes through the
//! brute-force legality checker (parallel marks included).

use crate::legality::check::{check, CheckOptions};
use crate::scop::kernels::{self, Kernel};
use super::print::print_schedule;
use super::*;
use crate::deps::{analyze, DepsOptions};

/// Schedules a kernel and checks the result; returns it with its text.
pub(crate) fn schedule_checked(k: &Kernel, opts: &SchedOptions) -> (Schedule, SchedInfo, String) {
    let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
    let (s, info) = schedule_with_info(&k.scop, &deps, opts).expect("schedule");
    let mut c = CheckOptions::new(&k.params);
    c.relax_reductions = opts.allow_reduction_relaxation;
    let text = print_schedule(&k.scop, &s);
    if let Err(e) = check(&k.scop, &s, &c) {
        panic!("{}: illegal schedule: {e}\n{text}", k.name);
    }
    (s, info, text)
}

fn band_of(s: &Schedule, start: usize) -> &Band {
    s.bands.iter().find(|b| b.start == start).expect("band")
}

#[test]
fn snapshots() {
    for k in kernels::all() {
        let (_, info, text) = schedule_checked(&k, &SchedOptions::default());
        assert!(info.fallback.is_none(), "{}: {:?}", k.name, info.fallback);
        insta::assert_snapshot!(format!("sched_{}", k.name), text);
    }
}

#[test]
fn matmul_is_one_permutable_band() {
    let (s, _, _) = schedule_checked(&kernels::matmul(), &SchedOptions::default());
    assert_eq!(s.stmts[0].iter().map(|r| r.coeffs.clone()).collect::<Vec<_>>(), vec![vec![0, 1, 0, 0, 0], vec![0, 0, 1, 0, 0], vec![0, 0, 0, 1, 0]]);
    let b = band_of(&s, 0);
    assert!(b.permutable && b.len == 3);
    assert!(s.dims[0].parallel && s.dims[1].parallel && !s.dims[2].parallel);
    // The reduction on C makes k parallel only with reduction support.
    assert!(s.dims[2].parallel_if_reduction);
}

#[test]
fn reduction_relaxation_is_opt_in() {
    let opts = SchedOptions { allow_reduction_relaxation: true, ..SchedOptions::default() };
    let (s, _, _) = schedule_checked(&kernels::matmul(), &opts);
    assert!(s.dims[2].parallel_if_reduction && !s.dims[2].parallel);
}

/// GRAPHITE: with `s`'s memory dependences ignored, `(i, j)` is a
/// permutable, parallel band; keeping them allows only `i` in the band.
#[test]
fn promoted_scalar_keeps_interchange() {
    let k = kernels::matmul_scalar();
    let (s, info, _) = schedule_checked(&k, &SchedOptions::default());
    assert!(info.relaxed_scalars.contains(&k.scop.cell_named("scalar_s").expect("s")));
    let b = band_of(&s, 0);
    assert!(b.permutable && b.len == 2);
    assert!(s.dims[0].parallel && s.dims[1].parallel);

    let mut deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
    deps.deps.iter_mut().for_each(|d| d.scalar_memory = false);
    let strict = schedule(&k.scop, &deps, &SchedOptions::default()).unwrap();
    assert_eq!(band_of(&strict, 0).len, 1, "{}", print_schedule(&k.scop, &strict));
    check(&k.scop, &strict, &CheckOptions { relax_scalars: false, ..CheckOptions::new(&k.params) }).unwrap();
}

/// Distributing the promoted-scalar nest would break `s`'s live ranges: the
/// live-range check catches it and the dependences are kept.
#[test]
fn broken_live_range_keeps_dependences() {
    let opts = SchedOptions { fuse: FusePolicy::None, ..SchedOptions::default() };
    let (_, info, text) = schedule_checked(&kernels::matmul_scalar(), &opts);
    assert!(info.relaxed_scalars.is_empty(), "{text}");
}

/// A candidate the caller rejects comes back as it is, unchecked (on
/// this nest: the distributed one that breaks `s`'s live ranges, with `s`
/// still relaxed), after one look; one it accepts is checked as before.
#[test]
fn a_rejected_candidate_skips_the_live_range_check() {
    let opts = SchedOptions { fuse: FusePolicy::None, ..SchedOptions::default() };
    let k = kernels::matmul_scalar();
    let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
    let mut looked = 0;
    let (rejected, info) = schedule_judged(&k.scop, &deps, &opts, &mut |_, _| {
        looked += 1;
        Ok(true)
    })
    .unwrap();
    assert_eq!(looked, 1);
    assert!(info.rejected);
    assert!(!info.relaxed_scalars.is_empty());
    assert!(!broken_live_ranges(&k.scop, &deps, &rejected.stmts, &info.relaxed_scalars).unwrap().is_empty());
    let (accepted, info) = schedule_judged(&k.scop, &deps, &opts, &mut |_, _| Ok(false)).unwrap();
    assert!(!info.rejected);
    assert!(info.relaxed_scalars.is_empty());
    assert_eq!(accepted, schedule(&k.scop, &deps, &opts).unwrap());
}

#[test]
fn fusion_policies() {
    let k = kernels::producer_consumer_same();
    for (fuse, fused) in [(FusePolicy::Max, true), (FusePolicy::Smart, true), (FusePolicy::None, false)] {
        let (s, _, text) = schedule_checked(&k, &SchedOptions { fuse, ..SchedOptions::default() });
        assert_eq!(s.dims[0].kind == RowKind::Loop, fused, "{fuse:?}\n{text}");
    }
    // Shifted consumer: fused with a shift of one iteration.
    let (s, _, _) = schedule_checked(&kernels::producer_consumer_shifted(), &SchedOptions::default());
    assert_eq!(s.stmts[1][0].coeffs, vec![0, 1, 1]);
    // Reversed consumer: no legal fusion, distributed.
    let (s, _, _) = schedule_checked(&kernels::producer_consumer_reversed(), &SchedOptions::default());
    assert_eq!(s.dims[0].kind, RowKind::Scalar);
}

#[test]
fn stencils_are_skewed_into_permutable_bands() {
    for k in [kernels::jacobi_1d(), kernels::jacobi_2d(), kernels::seidel_1d()] {
        let (s, _, text) = schedule_checked(&k, &SchedOptions::default());
        let n = k.scop.statements[0].domain.space().n_dim();
        let b = band_of(&s, 0);
        assert!(b.permutable && b.len == n, "{}\n{text}", k.name);
        assert!(!s.dims[0].parallel, "{}: the time loop carries dependences", k.name);
    }
}

#[test]
fn budget_exhaustion_is_an_error() {
    let k = kernels::jacobi_2d();
    let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
    let opts = SchedOptions { budget: crate::poly::Budget { max_pivots: 10, max_nodes: 2 }, ..SchedOptions::default() };
    assert_eq!(schedule(&k.scop, &deps, &opts), Err(SchedError::Poly(crate::poly::PolyError::Budget)));
}

#[test]
fn original_schedule_is_legal() {
    for k in kernels::all() {
        let s = original::original_schedule(&k.scop).unwrap();
        check(&k.scop, &s, &CheckOptions { relax_scalars: false, ..CheckOptions::new(&k.params) }).unwrap();
    }
    let s = original::original_schedule(&kernels::matmul().scop).unwrap();
    assert_eq!(s.stmts[0].len(), 7);
    assert_eq!(s.dims.iter().filter(|d| d.kind == RowKind::Loop).count(), 3);
}

#[test]
fn checker_rejects_illegal_schedules() {
    let k = kernels::seidel_1d();
    let row = |c: Vec<i64>| SchedRow { coeffs: c, div: 1 };
    let dim = |parallel| DimInfo::marked(RowKind::Loop, parallel, false);
    // Interchange (i, t) without skewing reverses a dependence.
    let bad = Schedule { stmts: vec![vec![row(vec![0, 0, 0, 1, 0]), row(vec![0, 0, 1, 0, 0])]], dims: vec![dim(false), dim(false)], bands: vec![] };
    assert!(check(&k.scop, &bad, &CheckOptions::new(&k.params)).is_err());
    // The original order with the time loop wrongly marked parallel.
    let marked = Schedule { stmts: vec![vec![row(vec![0, 0, 1, 0, 0]), row(vec![0, 0, 0, 1, 0])]], dims: vec![dim(true), dim(false)], bands: vec![] };
    assert!(check(&k.scop, &marked, &CheckOptions::new(&k.params)).unwrap_err().contains("parallel"));
    // The time loop not marked parallel, but said to carry no statement's
    // dependences: a loop holding the statement would be parallel.
    let mut unrecorded = marked.clone();
    unrecorded.dims[0] = DimInfo { carried: Some(Default::default()), ..dim(false) };
    assert!(check(&k.scop, &unrecorded, &CheckOptions::new(&k.params)).unwrap_err().contains("parallel"));
    // With the statement's own pair recorded, the marks hold.
    let mut recorded = unrecorded.clone();
    recorded.dims[0].carried.as_mut().unwrap().strict.insert((crate::scop::poly_scop::StmtId(0), crate::scop::poly_scop::StmtId(0)));
    recorded.dims[0].carried.as_mut().unwrap().loose.insert((crate::scop::poly_scop::StmtId(0), crate::scop::poly_scop::StmtId(0)));
    assert!(check(&k.scop, &recorded, &CheckOptions::new(&k.params)).is_ok());
    // At parameters of its own choosing (what -tessera-check-schedules
    // runs): the wrong schedules are rejected, the right one passes.
    for wrong in [&bad, &marked, &unrecorded] {
        assert!(crate::legality::check::check_small(&k.scop, wrong).is_err());
    }
    assert!(matches!(crate::legality::check::check_small(&k.scop, &recorded), Ok(Some(_))));
}

/// A statement that writes nothing (an exit compare of a bound another
/// statement computes) has no effect to order: the dependences among
/// writers leave it out, and the checker accepts a schedule that runs it
/// after every write of the scalar it reads (which the original order's
/// data flow would forbid).
#[test]
fn a_statement_without_writes_is_not_ordered() {
    let k = kernels::loop_control();
    assert!(k.scop.statements[2].writes_nothing() && !k.scop.statements[0].writes_nothing());
    let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
    assert!(deps.deps.iter().any(|d| d.source == crate::scop::poly_scop::StmtId(2) || d.target == crate::scop::poly_scop::StmtId(2)), "all dependences are kept");
    let writers = deps.among_writers(&k.scop);
    assert!(writers.deps.iter().all(|d| d.source != crate::scop::poly_scop::StmtId(2) && d.target != crate::scop::poly_scop::StmtId(2)));
    // The writes of the scalar are still ordered.
    assert!(writers.deps.iter().any(|d| d.source == crate::scop::poly_scop::StmtId(0) && d.target == crate::scop::poly_scop::StmtId(0) && d.array == k.scop.cell_named("scalar_b").expect("b")));
    // [phase, i, j]: S0 and S1 in their order, S2 after all of them.
    let row = |c: Vec<i64>| SchedRow { coeffs: c, div: 1 };
    let dims = vec![DimInfo::marked(RowKind::Scalar, false, false), DimInfo::marked(RowKind::Loop, false, false), DimInfo::marked(RowKind::Scalar, false, false), DimInfo::marked(RowKind::Loop, false, false)];
    let later = Schedule {
        stmts: vec![
            vec![row(vec![0, 0, 0]), row(vec![0, 1, 0]), row(vec![0, 0, 0]), row(vec![0, 0, 0])],
            vec![row(vec![0, 0, 0, 0]), row(vec![0, 1, 0, 0]), row(vec![0, 0, 0, 1]), row(vec![0, 0, 1, 0])],
            vec![row(vec![0, 0, 0, 1]), row(vec![0, 1, 0, 0]), row(vec![0, 0, 0, 0]), row(vec![0, 0, 1, 0])],
        ],
        dims,
        bands: vec![],
    };
    check(&k.scop, &later, &CheckOptions::new(&k.params)).unwrap();
}

/// Scheduling time per kernel (printed, not asserted).
#[test]
fn bench_scheduling_time() {
    for k in kernels::all() {
        let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
        let t = std::time::Instant::now();
        let (_, info) = schedule_with_info(&k.scop, &deps, &SchedOptions::default()).unwrap();
        println!("bench {:<18} {:>6} deps  {:>3} ILPs  {:?}", k.name, deps.deps.len(), info.ilps, t.elapsed());
    }
}

/// Constant sizes are symbolic in the hyperplanes' objective
/// (`sched::sizes`): LU with `n = 2000` gets the rows the parametric LU
/// gets, for about the same work, where the exact objective's relaxation
/// (`w` of about half of 1998) cost a thousand times more.
#[test]
fn constant_sizes_schedule_like_parameters() {
    let rows = |s: &Schedule, np: usize| -> Vec<Vec<Vec<i64>>> { s.stmts.iter().map(|rs| rs.iter().map(|r| r.coeffs[np..].to_vec()).collect()).collect() };
    let before = crate::poly::error::charged();
    let (param, _, _) = schedule_checked(&kernels::lu(), &SchedOptions::default());
    let param_work = crate::poly::error::charged() - before;
    let k = kernels::lu_fixed(2000);
    let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
    let before = crate::poly::error::charged();
    let (fixed, info) = schedule_with_info(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
    let fixed_work = crate::poly::error::charged() - before;
    assert!(info.fallback.is_none(), "{:?}", info.fallback);
    assert_eq!(rows(&fixed, 0), rows(&param, 1));
    assert!(fixed_work < 10 * param_work.max(1_000_000), "{fixed_work} work units against {param_work} with a parameter");
    // The brute-force checker at a size it can enumerate.
    let small = kernels::lu_fixed(5);
    let deps = analyze(&small.scop, &DepsOptions::default()).expect("deps");
    let (s, _) = schedule_with_info(&small.scop, &deps, &SchedOptions::default()).expect("schedule");
    check(&small.scop, &s, &CheckOptions::new(&[])).expect("legal");
    // At n = 2000 itself, in the two corners of the instances (what
    // -tessera-check-schedules runs): the schedule passes, and with its
    // outer row reversed it is rejected.
    let (_, report) = crate::legality::check::check_small(&k.scop, &fixed).expect("legal").expect("decided");
    assert!(report.corners && report.checks > 0, "{report:?}");
    let mut reversed = fixed.clone();
    for rows in &mut reversed.stmts {
        rows[0].coeffs.iter_mut().for_each(|c| *c = -*c);
    }
    let why = crate::legality::check::check_small(&k.scop, &reversed).expect_err("illegal");
    assert!(why.contains("corner"), "{why}");
}

/// Time and space extents close together (`T = 92`, `N = 100`) are one
/// size with offsets in the symbolic parts (`sched::sizes`); their Farkas
/// rows must cost about what those of two separate sizes (`T = 40`) cost.
/// Eliminating the multipliers in a fixed column order made heat-3d at
/// `T = 90`, `N = 100` a hundred times costlier and exhausted the SCoP's
/// allowance.
#[test]
fn sizes_with_offsets_cost_what_separate_sizes_cost() {
    let work = |steps: i64| {
        let k = kernels::jacobi_2d_fixed(steps, 100);
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let before = crate::poly::error::charged();
        let (s, info) = schedule_with_info(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        assert!(info.fallback.is_none(), "{:?}", info.fallback);
        (crate::poly::error::charged() - before, s)
    };
    let (apart, s_apart) = work(40);
    let (offset, s_offset) = work(92);
    assert!(offset < 3 * apart, "{offset} work units with T = 92 against {apart} with T = 40");
    assert_eq!(s_apart.stmts, s_offset.stmts);
}

/// A walk that only needs the pairs a row leaves at zero asks no sign:
/// a triangular solve tiled 32 x 3680 (gsl's cblas/strsv.c) walked by
/// the jam marks through its tile rows spent the marks' whole allowance
/// (2e8 units) on one sign nobody read (the two tile rows' difference on
/// the pairs with equal row tiles, empty over the integers but not
/// rationally, which branch and bound does not close); without it, the
/// step costs a few million units.
#[test]
fn a_walk_through_tile_rows_asks_no_unread_sign() {
    use super::marks::{Ask, DepState};
    use crate::deps::DepId;
    use crate::poly::{parse_basic_set, with_work_cap, PolyError};
    use crate::scop::poly_scop::StmtId;
    let part = parse_basic_set(
        "[n, lda, inc, o] -> { S1[i0, i1] -> S1[i2, i3] : lda >= n and 0 <= o <= -inc + 2147483647 and o <= inc - 1 and i0 >= 0 and i1 = i0 and i0 + 1 <= i2 <= n - 2 and i3 = i0 + 1 }",
    )
    .unwrap();
    let state = DepState { dep: DepId::at(0), src: StmtId(1), dst: StmtId(1), n_src: 2, parts: vec![part] };
    let tile = |col: usize, size: i64| SchedRow { coeffs: (0..7).map(|c| i64::from(c == 4 + col)).collect(), div: size };
    let walk = |ask: Ask| {
        let mut s = state.clone();
        with_work_cap(20_000_000, || {
            s.step_asking(&tile(0, 32), &tile(0, 32), ask)?;
            s.step_asking(&tile(1, 3680), &tile(1, 3680), ask)
        })
        .map(|_| s.parts.len())
    };
    assert_eq!(walk(Ask::Neither), Ok(1), "the pairs left after both tile rows");
    assert_eq!(walk(Ask::Both), Err(PolyError::Budget), "the signs of the second tile row are a hard problem");
}

#[test]
fn a_reduction_read_in_its_loop_is_seen_by_the_shared_cell_test() {
    // Gram-Schmidt's step: S1 adds into R[k][j] over i, S2 reads R[k][j];
    // the j loop holds both, each i loop one of them.
    let k = kernels::gram_step();
    let deps = analyze(&k.scop, &DepsOptions::default()).unwrap();
    assert!(deps.deps.iter().any(|d| d.reduction), "S1's updates are a reduction");
    let s = original::original_schedule(&k.scop).unwrap();
    let loops: Vec<usize> = (0..s.dims.len()).filter(|&d| s.dims[d].kind == RowKind::Loop).collect();
    assert_eq!(loops.len(), 2);
    assert!(marks::reduction_cell_shared(&deps, &s, loops[0]));
    assert!(!marks::reduction_cell_shared(&deps, &s, loops[1]));
    // Without the reader, the j loop holds the reduction alone.
    let mut alone = k.scop.clone();
    alone.statements.truncate(2);
    let deps = analyze(&alone, &DepsOptions::default()).unwrap();
    let s = original::original_schedule(&alone).unwrap();
    assert!(!marks::reduction_cell_shared(&deps, &s, loops[0]));
}
