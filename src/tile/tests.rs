//! Tiled schedules of the test kernels; each goes through the legality
//! checker (wavefront order included).

use super::*;
use crate::deps::{analyze, DepsOptions};
use crate::legality::check::{check, CheckOptions};
use crate::scop::kernels::{self, Kernel};
use crate::sched::print::print_schedule;
use crate::sched::{kept_relaxed_scalars, schedule, SchedOptions};
use crate::ast::{build, interp, AstOptions, Node};
use std::collections::HashMap;

/// Schedules and tiles a kernel, checks the result, returns it printed.
fn tiled(k: &Kernel, cfg: &TileConfig) -> (Schedule, String) {
    let t0 = std::time::Instant::now();
    let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
    let t1 = std::time::Instant::now();
    let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
    let t2 = std::time::Instant::now();
    let relaxed = crate::sched::kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
    let t = try_tile(&k.scop, &deps, &s, &relaxed, cfg).expect("tile");
    let t3 = std::time::Instant::now();
    let text = print_schedule(&k.scop, &t);
    if let Err(e) = check(&k.scop, &t, &CheckOptions::new(&k.params)) {
        panic!("{}: illegal tiled schedule: {e}\n{text}", k.name);
    }
    println!("{}: deps {:?} sched {:?} tile {:?} check {:?}", k.name, t1 - t0, t2 - t1, t3 - t2, t3.elapsed());
    (t, text)
}

/// Small explicit tiles so that the checker's small instances span
/// several tiles.
fn small() -> TileConfig {
    TileConfig { sizes: Some(vec![2]), ..TileConfig::default() }
}

#[test]
fn snapshots() {
    for k in kernels::all() {
        let (_, text) = tiled(&k, &small());
        insta::assert_snapshot!(format!("tile_small_{}", k.name), text);
        let (_, text) = tiled(&k, &TileConfig::default());
        insta::assert_snapshot!(format!("tile_default_{}", k.name), text);
    }
}

/// Matrix multiply: a tiled 3-D band; the innermost point loop is `j`
/// (parallel, stride 1 on `C[i][j]` and `B[k][j]`); SICA sizes.
#[test]
fn matmul_tiles() {
    let (s, _) = tiled(&kernels::matmul(), &TileConfig::default());
    let b = &s.bands[0];
    assert_eq!(b.tile_sizes, Some(vec![8, 1840, 8]));
    assert!(!b.wavefront);
    assert_eq!(s.stmts[0][..3].iter().map(|r| r.div).collect::<Vec<_>>(), vec![8, 1840, 8]);
    assert_eq!(s.stmts[0][5].coeffs, vec![0, 0, 1, 0, 0], "innermost point loop is j");
    assert!(s.dims[5].parallel && s.dims[0].parallel);
}

/// A tiled band whose outer tile loop carries every dependence and whose
/// other one none (trmm by rows, with its tile loops swapped by hand: the
/// order the scheduler gives the benchmark's trmm): the parallel tile loop
/// is moved first, with its size, and the checker accepts both orders.
#[test]
fn parallel_tile_loop_goes_first() {
    let k = kernels::trmm_rows();
    let (mut s, text) = tiled(&k, &TileConfig { sizes: Some(vec![2, 3]), wavefronts: false, ..TileConfig::default() });
    let b = s.bands.iter().position(|b| b.tile_sizes.is_some()).unwrap_or_else(|| panic!("no tiled band:\n{text}"));
    let start = s.bands[b].start;
    assert!(s.dims[start].parallel && !s.dims[start + 1].parallel, "j tiles first already:\n{text}");
    for rows in s.stmts.iter_mut() {
        rows.swap(start, start + 1);
    }
    s.dims.swap(start, start + 1);
    s.bands[b].tile_sizes.as_mut().expect("tiled").swap(0, 1);
    let swapped = print_schedule(&k.scop, &s);
    check(&k.scop, &s, &CheckOptions::new(&k.params)).unwrap_or_else(|e| panic!("{e}\n{swapped}"));
    parallel_tile_first(&mut s, b);
    let text = print_schedule(&k.scop, &s);
    check(&k.scop, &s, &CheckOptions::new(&k.params)).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(s.dims[start].parallel && !s.dims[start + 1].parallel, "{text}");
    assert_eq!(s.bands[b].tile_sizes, Some(vec![2, 3]), "{text}");
    assert_ne!(swapped, text);
}

/// Tiling only where some reuse is too far apart for the caches
/// ([`reuse`]): matrix multiply and 1-D Jacobi are tiled; Floyd–Warshall's
/// `(i, j)` band (one row between two uses of `D[k][j]`) and a 2-D sweep
/// reading a vector are not; a transposed read (a column walk: a cache
/// line per element) is. Explicit sizes tile regardless.
#[test]
fn tiling_needs_far_reuse() {
    let tiled_bands = |k: &Kernel, cfg: &TileConfig| tiled(k, cfg).0.bands.iter().filter(|b| b.tile_sizes.is_some()).count();
    let dflt = TileConfig::default();
    assert_eq!(tiled_bands(&kernels::matmul(), &dflt), 1);
    assert_eq!(tiled_bands(&kernels::jacobi_1d(), &dflt), 1);
    assert_eq!(tiled_bands(&kernels::rows_with(true), &dflt), 1);
    let floyd = kernels::floyd();
    let (s, text) = tiled(&floyd, &dflt);
    assert!(s.bands.iter().any(|b| b.len >= 2 && b.permutable), "floyd has a permutable (i, j) band:\n{text}");
    assert_eq!(tiled_bands(&floyd, &dflt), 0, "{text}");
    assert_eq!(tiled_bands(&kernels::rows_with(false), &dflt), 0);
    assert_eq!(tiled_bands(&floyd, &small()), 1);
    assert_eq!(tiled_bands(&kernels::rows_with(false), &small()), 1);
}

/// A band whose reuse is near once its best innermost row runs last is
/// interchanged, not tiled: the transposed matrix-vector product walks
/// `A` down a column in the source order (which tiles would cure), and
/// with `i` innermost walks every array in order while `y` (a row) stays
/// in cache. Explicit sizes still tile it.
#[test]
fn interchanged_when_the_best_order_has_near_reuse() {
    let k = kernels::transposed_matvec();
    let (s, text) = tiled(&k, &TileConfig::default());
    assert!(s.bands.iter().all(|b| b.tile_sizes.is_none()), "{text}");
    let rows = &s.stmts[0];
    let loops: Vec<&SchedRow> = rows.iter().filter(|r| r.coeffs[1..3].iter().any(|&c| c != 0)).collect();
    assert_eq!(loops.len(), 2, "{text}");
    assert_eq!((loops[0].coeffs[1..3].to_vec(), loops[1].coeffs[1..3].to_vec()), (vec![0, 1], vec![1, 0]), "j outer, i innermost:\n{text}");
    let inner = rows.iter().rposition(|r| r.coeffs[1..3].iter().any(|&c| c != 0)).unwrap();
    assert!(s.dims[inner].parallel, "the innermost loop is parallel:\n{text}");
    let (t, _) = tiled(&k, &small());
    assert_eq!(t.bands.iter().filter(|b| b.tile_sizes.is_some()).count(), 1);
}

/// A vector with a run-time stride (`x[j][0]` in rows of the stride) is
/// walked in order, not down a column: a triangular matrix-vector product
/// over such vectors has its reuse (a row of `x`) near, and is not tiled.
#[test]
fn strided_vectors_are_walked_in_order() {
    let (s, text) = tiled(&kernels::strided_matvec(), &TileConfig::default());
    assert!(s.bands.iter().all(|b| b.tile_sizes.is_none()), "{text}");
}

/// SICA's worked example: 32 KiB L1, 128-bit vectors, floats, E = 2,
/// ρ = 0.9 gives 3684.
#[test]
fn sica_worked_example() {
    let cfg = TileConfig { vector_bits: 128, elem_bytes: 4, ..TileConfig::default() };
    let (s, _) = tiled(&kernels::matmul(), &cfg);
    assert_eq!(s.bands[0].tile_sizes, Some(vec![8, 3684, 8]));
}

#[test]
fn stencil_tiles_run_as_wavefronts() {
    for k in [kernels::jacobi_1d(), kernels::jacobi_2d(), kernels::seidel_1d()] {
        let (s, text) = tiled(&k, &small());
        assert!(s.bands[0].wavefront && s.bands[0].tile_sizes.is_some(), "{}\n{text}", k.name);
    }
}

/// The promoted scalar's live ranges stay inside one `(i, j)` point: the
/// 2-D band is tiled.
#[test]
fn promoted_scalar_band_is_tiled() {
    let (s, _) = tiled(&kernels::matmul_scalar(), &small());
    assert_eq!(s.bands[0].tile_sizes, Some(vec![2, 2]));
}

/// Concurrent-start tiles: the 1-D and 2-D Jacobi kernels, tiled for
/// threads with diamond tiles, get a first tile row `c·t - h2` (negative on
/// a space counter), keep their point rows, run by wavefronts, and pass
/// the checker (wavefront order included) with tiles small enough that its
/// instances span several of them.
#[test]
fn concurrent_start_tiles() {
    for k in [kernels::jacobi_1d(), kernels::jacobi_2d()] {
        for sizes in [Some(vec![2]), Some(vec![3]), None] {
            let cfg = TileConfig { sizes, wavefronts: true, concurrent_start: true, ..TileConfig::default() };
            let (s, text) = tiled(&k, &cfg);
            let b = s.bands.iter().find(|b| b.tile_sizes.is_some()).unwrap_or_else(|| panic!("{}: not tiled\n{text}", k.name));
            assert!(b.concurrent_start && b.wavefront, "{}: no diamond tiles\n{text}", k.name);
            let np = k.scop.params.len();
            for rows in &s.stmts {
                let (tile, point) = (&rows[b.start], &rows[b.start + b.len]);
                assert!(tile.coeffs[np..].iter().any(|&x| x < 0), "{}: first tile row is not a diamond face\n{text}", k.name);
                assert!(point.coeffs[np..].iter().all(|&x| x >= 0), "{}: point rows changed\n{text}", k.name);
            }
        }
    }
}

/// Without threads (no wavefronts) or without the option, the skewed tiles.
#[test]
fn no_concurrent_start_without_wavefronts() {
    for cfg in [TileConfig { wavefronts: false, concurrent_start: true, ..small() }, TileConfig { wavefronts: true, concurrent_start: false, ..small() }] {
        let (s, _) = tiled(&kernels::jacobi_1d(), &cfg);
        assert!(s.bands.iter().all(|b| !b.concurrent_start));
    }
}

/// The tiler's live-range verdict (every array's quick tests first) is the
/// per-array check's on the tiled candidates of every kernel's bands, the
/// scalars that live ranges keep or break included.
#[test]
fn the_quick_first_live_range_verdict_is_the_full_checks() {
    use crate::legality::live::{broken_live_ranges, keeps_live_ranges};
    let (mut compared, mut broken) = (0, 0);
    for k in kernels::all() {
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        let scalars = deps.relaxable_scalars();
        if scalars.is_empty() {
            continue;
        }
        for b in 0..s.bands.len() {
            let len = s.bands[b].len;
            let cand = tile_band(&s, b, &vec![2; len], len - 1);
            // The band's outer loop run backwards: orders that break them.
            let mut reversed = s.clone();
            for rows in &mut reversed.stmts {
                let row = &mut rows[s.bands[b].start];
                row.coeffs.iter_mut().for_each(|c| *c = -*c);
            }
            let reversed_tiles = tile_band(&reversed, b, &vec![2; len], len - 1);
            for schedule in [&s, &cand, &reversed, &reversed_tiles] {
                let full = broken_live_ranges(&k.scop, &deps, &schedule.stmts, &scalars).expect("full check");
                let quick = keeps_live_ranges(&k.scop, &deps, &schedule.stmts, &scalars, true).expect("quick-first check");
                assert_eq!(quick, full.is_empty(), "{}: band {b}", k.name);
                compared += 1;
                broken += usize::from(!full.is_empty());
            }
        }
    }
    assert!(compared >= 6 && broken >= 1, "{compared} schedules compared, {broken} breaking a live range");
}

/// `x` written at every point of a product over the anti-triangular
/// `i + k <= n` and read once after it: tiled, the last point run is no
/// longer `(n - 1, n - 1, 0)`, so the value read after the band changes.
/// The flow leaves the band at the statement row before it; the tiler
/// must check that live range (or not tile).
#[test]
fn a_value_read_after_the_band_keeps_its_writer() {
    let mut scop = PolyScop::from_text(
        "[n] -> { : n >= 4 }",
        &[
            (
                "[n] -> { S0[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k <= n - i }",
                "[n] -> { S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                &[
                    ("R", "[n] -> { S0[i, j, k] -> C[i, j] }"),
                    ("R", "[n] -> { S0[i, j, k] -> A[i, k] }"),
                    ("R", "[n] -> { S0[i, j, k] -> B[k, j] }"),
                    ("W", "[n] -> { S0[i, j, k] -> C[i, j] }"),
                    ("W", "[n] -> { S0[i, j, k] -> scalar_x[] }"),
                ],
            ),
            ("[n] -> { S1[] }", "[n] -> { S1[] -> [1, 0, 0, 0, 0, 0, 0] }", &[("R", "[n] -> { S1[] -> scalar_x[] }"), ("W", "[n] -> { S1[] -> D[0] }")]),
        ],
    )
    .expect("scop");
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let mut s = schedule(&scop, &deps, &SchedOptions { allow_reduction_relaxation: true, ..SchedOptions::default() }).expect("schedule");
    let relaxed = crate::sched::kept_relaxed_scalars(&scop, &deps, &s, &Default::default()).expect("live ranges");
    assert!(relaxed.contains(&scop.cell_named("scalar_x").expect("x")), "{}", print_schedule(&scop, &s));
    // The scheduler keeps the rows in three bands of one (it checked
    // `x` with the rows reordered); with `x` relaxed, they form one
    // permutable band (only `C`'s reduction along `k` orders them).
    let first = s.bands[0].clone();
    s.bands = vec![crate::schedule::Band { len: 3, ..first }];
    // No code after the SCoP reads `x` (only `S1` does): the check of its
    // last write is not what protects its live range.
    scop.dead_after = [scop.cell_named("scalar_x").expect("x")].into();
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let t = try_tile(&scop, &deps, &s, &relaxed, &TileConfig { sizes: Some(vec![3, 3, 3]), wavefronts: false, ..TileConfig::default() }).expect("tile");
    let broken = crate::legality::live::broken_live_ranges(&scop, &deps, &t.stmts, &relaxed).expect("check");
    assert!(broken.is_empty(), "the tiled schedule breaks {broken:?}\n{}", print_schedule(&scop, &t));
}


/// The in-place update of `kernels::seidel_2d` (reading the cells at
/// `points` from the one written) run on symbolic values: every write is
/// a fresh hash of the values read, so two orders leave the same final
/// values only if every read saw the same write in both.
fn run_values(trace: &[(i64, i64, i64)], points: &[(i64, i64)]) -> HashMap<(i64, i64), u64> {
    let mut mem: HashMap<(i64, i64), u64> = HashMap::new();
    let cell = |m: &HashMap<(i64, i64), u64>, i: i64, j: i64| m.get(&(i, j)).copied().unwrap_or((i * 1000 + j) as u64);
    for &(_, i, j) in trace {
        let v = points.iter().map(|(di, dj)| cell(&mem, i + di, j + dj)).fold(0xcbf2_9ce4_8422_2325u64, |h, r| (h ^ r).wrapping_mul(0x100_0000_01b3));
        mem.insert((i, j), v);
    }
    mem
}

fn jammed_loops(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::For(f) => {
                // A loop around loops (one, or the three pieces of rows
                // with shifted ranges) of at least 4 statement copies
                // (guarded or not) and no loop.
                let copy = |s: &Node| match s {
                    Node::Stmt { .. } => true,
                    Node::If { then, otherwise, .. } => then.iter().chain(otherwise).all(|x| matches!(x, Node::Stmt { .. })),
                    Node::For(_) => false,
                };
                let here = !f.body.is_empty() && f.body.iter().all(|n| matches!(n, Node::For(g) if g.body.len() >= 4 && g.body.iter().all(copy)));
                usize::from(here) + jammed_loops(&f.body)
            }
            Node::If { then, otherwise, .. } => jammed_loops(then) + jammed_loops(otherwise),
            Node::Stmt { .. } => 0,
        })
        .sum()
}

/// An in-place sweep scheduled and tiled by 4 without wavefronts: its
/// stride-1 row whole, and jammed 4 rows at a time (the largest power of
/// two up to 8 dividing the tile).
fn tiled_by_four_and_jammed(k: &Kernel) -> crate::schedule::Schedule {
    let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
    let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
    let relaxed = kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
    let cfg = TileConfig { sizes: Some(vec![4]), wavefronts: false, ..TileConfig::default() };
    let t = try_tile(&k.scop, &deps, &s, &relaxed, &cfg).expect("tile");
    let text = crate::sched::print::print_schedule(&k.scop, &t);
    assert_eq!(t.bands.last().and_then(|b| b.jam), Some(4), "{text}");
    t
}

/// Seidel-2d, time-skewed and tiled by 4 with its stride-1 row whole:
/// the row carries the recurrence, so tiles run 4 rows at once (the
/// largest power of two up to 8 dividing the tile), and the program
/// leaves every cell as the original order does.
#[test]
fn seidel_rows_jammed_in_full_tiles_keep_every_value() {
    let k = kernels::seidel_2d();
    let t = tiled_by_four_and_jammed(&k);
    // With the full/partial split (full tiles jammed) and without it
    // (every tile jammed, rows under guards).
    for separate in [true, false] {
        let ast = build(&k.scop, &t, &AstOptions { separate_full_tiles: separate, ..AstOptions::default() }).expect("ast");
        assert!(jammed_loops(&ast.body) > 0, "no jammed loop\n{ast}");
        runs_like_the_original(&ast, &FIVE_POINTS);
    }
}

const FIVE_POINTS: [(i64, i64); 5] = [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)];

/// The nine-point sweep (PolyBench's seidel-2d shape) reads `A[i-1][j+1]`,
/// so its stride-1 row is skewed by the row too (`2t + i + j`): each row
/// of a tile starts one later than the one before. Full tiles still run
/// four rows at once (the first and last values of a group under guards,
/// the middle without), and every read sees the write it saw in the
/// original order, with and without the full/partial split.
#[test]
fn nine_point_rows_jammed_with_shifted_ranges_keep_every_value() {
    let k = kernels::seidel_2d_nine();
    let t = tiled_by_four_and_jammed(&k);
    let nine: Vec<(i64, i64)> = (-1..=1).flat_map(|di| (-1..=1).map(move |dj| (di, dj))).collect();
    for separate in [true, false] {
        let ast = build(&k.scop, &t, &AstOptions { separate_full_tiles: separate, ..AstOptions::default() }).expect("ast");
        // Without the split no tile is a whole number of groups: the rows
        // run one at a time, and the tree says no loop was jammed (the
        // remark then claims none).
        let row = t.bands.last().map(|b| b.start - 1).expect("a jammed band");
        assert_eq!(ast.jammed_rows.contains(&row), separate, "{ast}");
        if separate {
            assert!(jammed_loops(&ast.body) > 0, "no jammed loop\n{ast}");
            assert!(ast.to_string().contains("max("), "no guarded last values\n{ast}");
        }
        runs_like_the_original(&ast, &nine);
    }
}

/// Runs `ast` (seidel-2d) at sizes with full tiles, only partial ones,
/// fewer steps than a tile, and remainders; every instance must run once
/// and every read see the write it saw in the original order.
fn runs_like_the_original(ast: &crate::ast::Ast, points: &[(i64, i64)]) {
    for (steps, n) in [(1, 3), (3, 7), (8, 12), (9, 17), (13, 21), (2, 30), (5, 11)] {
        let mut want: Vec<(i64, i64, i64)> = vec![];
        for tt in 0..steps {
            for i in 1..n - 1 {
                for j in 1..n - 1 {
                    want.push((tt, i, j));
                }
            }
        }
        let got: Vec<(i64, i64, i64)> = interp::run(&ast, &[steps, n], 10_000_000).expect("run").iter().map(|e| (e.iter[0], e.iter[1], e.iter[2])).collect();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(sorted, want, "T={steps} N={n}: not every instance exactly once");
        assert_eq!(run_values(&got, points), run_values(&want, points), "T={steps} N={n}: a read saw another write\n{ast}");
    }
}

/// Constant sizes: a time band is tiled only when its grid does not stay
/// in the L2 cache from one step to the next (2 x 16 x 16 doubles do, 2 x
/// 400 x 400 do not), and no band when one tile would hold all of it.
#[test]
fn constant_grids_in_cache_are_not_time_tiled() {
    let tiled_bands = |k: &Kernel, cfg: &TileConfig| {
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        let relaxed = kept_relaxed_scalars(&k.scop, &deps, &s, &Default::default()).expect("live ranges");
        let t = try_tile(&k.scop, &deps, &s, &relaxed, cfg).expect("tile");
        t.bands.iter().filter(|b| b.tile_sizes.is_some()).count()
    };
    let cfg = TileConfig { l2_bytes: 1 << 20, ..TileConfig::default() };
    assert_eq!(tiled_bands(&kernels::jacobi_2d_fixed(50, 16), &cfg), 0, "16 x 16 grid tiled");
    assert_eq!(tiled_bands(&kernels::jacobi_2d_fixed(50, 400), &cfg), 1, "400 x 400 grid not tiled");
    // The same small grid with a cache too small for it: tiled.
    let tiny = TileConfig { l2_bytes: 1 << 10, l1_bytes: 1 << 9, ..TileConfig::default() };
    assert_eq!(tiled_bands(&kernels::jacobi_2d_fixed(50, 16), &tiny), 1, "16 x 16 grid in a 1 KiB cache not tiled");
    // One time step (no time band), tiles of 16 (L2 / L1) and of 1228
    // along the vector row: a 16 x 16 grid is one tile, a 400 x 400 one is
    // not.
    let sixteen = TileConfig { l2_bytes: 512 << 10, l1_bytes: 32 << 10, ..TileConfig::default() };
    assert_eq!(tiled_bands(&kernels::jacobi_2d_fixed(1, 16), &sixteen), 0, "a band of one tile tiled");
    assert_eq!(tiled_bands(&kernels::jacobi_2d_fixed(1, 400), &sixteen), 1, "a band of many tiles not tiled");
}


/// A transpose's point loop walks one array along its rows and the other
/// across: with rows a multiple of the L1's way size apart (4096 doubles)
/// every line the walk touches falls into one set, and the loop runs
/// `l1_ways` iterations (in whole vectors). A copy walking rows of a page
/// or more apart, or of unknown pitch, touches a page per iteration: half
/// as many iterations as the L1 data TLB has entries. Rows of 300 doubles
/// (less than a page), or the same walk scaled by a floating-point factor
/// (arithmetic to pay for too), keep SICA's size.
#[test]
fn a_walk_across_rows_into_one_cache_set_is_tiled_to_the_ways() {
    let scop = crate::scop::PolyScop::from_text(
        "[n] -> { : n >= 1 }",
        &[("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }", &[("R", "[n] -> { S0[i, j] -> A[i, j] }"), ("W", "[n] -> { S0[i, j] -> B[j, i] }")])],
    )
    .expect("scop");
    let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
    let s = schedule(&scop, &deps, &SchedOptions::default()).expect("schedule");
    let cfg = TileConfig { l1_bytes: 32 << 10, l1_ways: 8, dtlb_entries: 72, vector_bits: 512, ..TileConfig::default() };
    let inner = sizes::innermost_row(&s, &scop, 0, 2);
    let with_pitch = |pitch: Option<i64>, float_arith: bool| {
        let mut scop = scop.clone();
        for c in &mut scop.cells {
            c.subscript_bytes = pitch.map(|p| vec![p, 8]);
        }
        scop.statements[0].float_arith = float_arith;
        sizes::tile_sizes(&cfg, &s, &scop, 0, 2, Some(inner))[inner]
    };
    let sica = with_pitch(Some(300 * 8), false);
    assert!(sica > 100, "SICA's size along the row: {sica}");
    assert_eq!(with_pitch(Some(4096 * 8), false), 8);
    assert_eq!(with_pitch(Some(4096 * 8), true), 8);
    // Half of 72 entries, in vectors of 8 doubles.
    assert_eq!(with_pitch(Some(3000 * 8), false), 40);
    assert_eq!(with_pitch(None, false), 40);
    assert_eq!(with_pitch(Some(3000 * 8), true), sica);
    assert_eq!(with_pitch(None, true), sica);
}

/// Each point of the `(i, j)` band runs a floating-point sum along a loop
/// of its own (over `k < n`, over `k <= i`): latency sets its pace and
/// tiles gain nothing, so the band is not tiled. The same product with
/// `C[i][j]` summed in place (no chain: the scheduler moves `k` into the
/// band) is tiled.
#[test]
fn bands_whose_points_run_chains_stay_untiled() {
    for sum in ["0 <= k < n", "0 <= k <= i"] {
        let (s, text) = tiled(&kernels::dot_rows(sum), &TileConfig::default());
        assert!(s.bands.iter().all(|b| b.tile_sizes.is_none()), "k in {sum}:\n{text}");
    }
    let (s, text) = tiled(&kernels::matmul(), &TileConfig::default());
    assert!(s.bands.iter().any(|b| b.tile_sizes.is_some()), "{text}");
}

/// A walk that asks for fewer signs (`marks::DepState::step_asking`,
/// `signs`) gets the signs it asks for as the full step has them and the
/// same pairs left, on every dependence of every kernel, row by row of
/// its tiled schedule (tile rows divide, so their differences have
/// floor divisions).
#[test]
fn asking_fewer_signs_changes_no_answer() {
    use crate::sched::marks::{states, Ask};
    let mut divided = 0;
    for k in kernels::all() {
        let deps = analyze(&k.scop, &DepsOptions::default()).expect("deps");
        let s = schedule(&k.scop, &deps, &SchedOptions::default()).expect("schedule");
        let tiled = tile(&k.scop, &deps, s, &Default::default(), &TileConfig::default());
        for full in states(deps.enumerated()) {
            let mut full = full;
            for r in 0..tiled.dims.len() {
                if full.satisfied() {
                    break;
                }
                let (rs, rt) = (tiled.row(full.src, r), tiled.row(full.dst, r));
                divided += usize::from(rs.div > 1 || rt.div > 1);
                let mut asked: Vec<_> = [Ask::Both, Ask::Positive, Ask::Negative, Ask::Either, Ask::Neither].iter().map(|&a| (a, full.clone())).collect();
                let looked: Vec<_> = asked.iter().map(|(a, st)| (*a, st.signs(rs, rt, *a).expect("signs"))).collect();
                let c = full.step(rs, rt).expect("step");
                for ((a, st), (_, seen)) in asked.iter_mut().zip(looked) {
                    let got = st.step_asking(rs, rt, *a).expect("step_asking");
                    assert_eq!(got, seen, "{}: dependence {} row {r} {a:?}: step_asking and signs differ", k.name, full.dep);
                    let (pos, neg) = match a {
                        Ask::Both => (Some(c.positive), Some(c.negative)),
                        Ask::Positive => (Some(c.positive), None),
                        Ask::Negative => (None, Some(c.negative)),
                        Ask::Either => (None, None),
                        Ask::Neither => (Some(false), Some(false)),
                    };
                    assert!(pos.is_none_or(|p| p == got.positive) && neg.is_none_or(|n| n == got.negative), "{}: dependence {} row {r} {a:?}: {got:?} against {c:?}", k.name, full.dep);
                    if *a == Ask::Either {
                        assert_eq!(got.positive || got.negative, c.positive || c.negative, "{}: dependence {} row {r}", k.name, full.dep);
                    }
                    assert_eq!(st.parts, full.parts, "{}: dependence {} row {r} {a:?}: other pairs left", k.name, full.dep);
                }
            }
        }
    }
    assert!(divided > 0, "no tile row was walked");
}
