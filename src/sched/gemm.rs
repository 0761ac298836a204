//! Matrix-multiply-like statements: recognition, the BLIS blocking, and
//! the schedule that gives such a statement a nest of its own.
//!
//! A statement of a three-deep nest is *matmul-like* when its access
//! relations say `C[i][j] = f(C[i][j], a(i, k), b(k, j))` in coordinates
//! `(i, j, k)` of its counters: it reads and writes one cell of one array
//! `C` that one counter, `k`, does not move, and every other array it
//! reads moves along one of two directions of the other two counters (the
//! A side, `i`, and the B side, `j`), with at least one read of each that
//! uses `k`; `j` is C's stride-1 direction. Alpha scaling (`alpha *
//! A[i][k]`), transposed operands (`A[k][i]`, `B[j][k]`) and any loop
//! order of the source fit, since only the relations are read. The two
//! directions need not be counters: a nest over an upper triangle, `for
//! (j = i; j < n; j++)`, has its inner counter `c = j - i` (counters start
//! at zero), reads `A[j][k]` as `A[i + c][k]`, and its coordinates are
//! `i` and `j = i + c` (any two directions that span the integer points
//! of the plane, a unimodular change of basis).
//! Its dependences on the other statements must all point *into* it (it
//! writes nothing another statement reads or writes later), and its only
//! self-dependences are on `C`: those link instances of one cell, so they
//! are carried by `k` alone and every order of `(i, j)` is legal.
//!
//! Such a statement runs in the BLIS structure (Van Zee & van de Geijn;
//! Low et al., TOMS 2016; Polly's version: Gareev, Grosser, Kruse, TACO
//! 2018): `jc` (NC columns) around `pc` (KC of `k`) around `ic` (MC rows),
//! the A and B operands packed into contiguous panels, and a micro-kernel
//! that keeps an MR×NR block of `C` in vector registers across its `k`
//! loop. Each cell's sum over `k` stays in source order: the kernel loads
//! the cell, applies the statement's own arithmetic for `k` ascending and
//! stores it back, KC steps at a time, so results equal the original
//! code's bit for bit. The code itself is `codegen::matmul`; this module
//! only decides (pure: no LLVM).

use super::original::{mark_checked, original_schedule};
use super::{Band, DimInfo, RowKind, SchedRow, Schedule};
use crate::deps::Deps;
use crate::scop::affine::{AffExpr, Counter, Sym};
use crate::ir::{FunctionView, Op, Opcode, Type, ValueId, ValueKind};
use crate::scop::model::{AccessKind, ArrayId, Model, Target};
use std::collections::{HashMap, HashSet};
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;

/// A matmul-like statement: its index, C, and its coordinates `i`, `j`
/// (C's rows and stride-1 columns) and `k` (the reduction, one of its
/// counters) as combinations of its counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gemm {
    pub stmt: StmtId,
    pub c: ArrayId,
    /// Coordinate `r` (`i`, `j`, `k`) is `Σ_x coords[r][x] · counter_x`.
    pub coords: [[i64; 3]; 3],
    /// The inverse: counter `x` is `Σ_r counters[x][r] · coordinate_r`.
    pub counters: [[i64; 3]; 3],
}

impl Gemm {
    /// The coordinates (0: `i`, 1: `j`, 2: `k`) an affine expression of
    /// the statement's counters (`loops`) moves with; `None` when it uses
    /// a counter of another loop.
    pub fn moves_with(&self, e: &AffExpr, loops: &[Counter]) -> Option<[bool; 3]> {
        let mut along = [0i128; 3];
        for (s, &c) in &e.coeffs {
            if c == 0 {
                continue;
            }
            if let Sym::Counter(l) = s {
                let x = loops.iter().position(|y| y == l)?;
                for (r, a) in along.iter_mut().enumerate() {
                    *a += c * self.counters[x][r] as i128;
                }
            }
        }
        Some(along.map(|a| a != 0))
    }
}

/// Block sizes of the BLIS structure, in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocking {
    /// Elements per vector register.
    pub vl: i64,
    /// Rows and columns of the micro-kernel's block of C (NR = nv·vl).
    pub mr: i64,
    pub nr: i64,
    /// The `k` extent of a packed panel, the rows of a packed A block and
    /// the columns of a packed B panel.
    pub kc: i64,
    pub mc: i64,
    pub nc: i64,
}

/// The matmul-like statements of a SCoP and the phase of every statement:
/// each matmul-like statement runs as a phase of its own, the statements
/// between them (depth two at most: initializations, scalings) in
/// phases of their original order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GemmPlan {
    pub gemms: Vec<Gemm>,
    pub phase: Vec<usize>,
    /// The widest micro-kernel among the products (one blocking serves
    /// them all).
    pub shape: KernelShape,
}

/// The SCoP's matmul-like statements (see the module documentation),
/// when running them in phases is legal: no dependence between
/// statements that write goes from a later phase back to an earlier one
/// (`Deps::among_writers`: an exit compare of a row's bound, computed
/// into a scalar each row, may read it in a later phase).
pub fn recognize(view: &FunctionView, model: &Model, scop: &PolyScop, deps: &Deps) -> Option<GemmPlan> {
    let mut shape = KernelShape::PLAIN;
    let gemms: Vec<Gemm> = model
        .stmt_ids()
        .filter_map(|s| recognize_stmt(model, scop, deps, s))
        .filter(|g| kernel_body(view, model, g).map(|b| shape = shape.max(KernelShape::of(&b))).is_ok())
        .collect();
    if gemms.is_empty() {
        return None;
    }
    let is_gemm = |s: StmtId| gemms.iter().any(|g| g.stmt == s);
    // The others keep their original order, unoptimized: only shallow
    // ones, which cost little next to the products.
    if model.stmt_ids().any(|s| !is_gemm(s) && model.stmt(s).loops.len() > 2) {
        return None;
    }
    let mut phase = vec![];
    let mut cur = 0;
    for s in model.stmt_ids() {
        if s.index() > 0 && (is_gemm(s) || is_gemm(StmtId::at(s.index() - 1))) {
            cur += 1;
        }
        phase.push(cur);
    }
    if deps.among_writers(scop).deps.iter().any(|d| phase[d.source.index()] > phase[d.target.index()]) {
        return None;
    }
    Some(GemmPlan { gemms, phase, shape })
}

fn recognize_stmt(model: &Model, scop: &PolyScop, deps: &Deps, s: StmtId) -> Option<Gemm> {
    let st = model.stmt(s);
    if st.loops.len() != 3 || st.loops.iter().any(|l| l.is_pseudo()) || scop.stmt(s).pseudo_dims.iter().any(|&p| p) {
        return None;
    }
    // One written cell, C[..]; nothing else written (a scalar written
    // here would be read by another statement or by the next instance).
    let writes: Vec<_> = st.accesses.iter().filter(|a| a.kind == AccessKind::Write).collect();
    let first = writes.first()?;
    let Target::Array(c) = first.target else { return None };
    if writes.iter().any(|w| w.target != first.target || w.subscripts != first.subscripts) {
        return None;
    }
    let subs = &first.subscripts;
    // Coefficients of every subscript on the three counters.
    let coeffs = |e: &AffExpr| -> Option<[i64; 3]> {
        let mut v = [0i64; 3];
        for (sym, &c) in &e.coeffs {
            if let Sym::Counter(l) = sym {
                if c != 0 {
                    v[st.loops.iter().position(|x| x == l)?] = i64::try_from(c).ok()?;
                }
            }
        }
        Some(v)
    };
    let c_rows: Vec<[i64; 3]> = subs.iter().map(coeffs).collect::<Option<_>>()?;
    // k: the one counter C does not use; the plane of the other two, p and q.
    let unused: Vec<usize> = (0..3).filter(|&x| c_rows.iter().all(|r| r[x] == 0)).collect();
    let [k] = unused.as_slice() else { return None };
    let k = *k;
    let [p, q] = match k {
        0 => [1, 2],
        1 => [0, 2],
        _ => [0, 1],
    };
    // The direction in the (p, q) plane each read moves along: one per
    // read (a read that moves along two is not of one side).
    let mut dirs: Vec<([i64; 2], bool)> = vec![];
    for a in st.accesses.iter().filter(|a| a.kind == AccessKind::Read) {
        match a.target {
            Target::Scalar(_) => return None,
            Target::Array(x) if x == c => {
                if a.subscripts != *subs {
                    return None;
                }
            }
            Target::Array(_) => {
                let rows: Vec<[i64; 3]> = a.subscripts.iter().map(coeffs).collect::<Option<_>>()?;
                let uses_k = rows.iter().any(|r| r[k] != 0);
                let mut dir: Option<[i64; 2]> = None;
                for r in &rows {
                    let v = [r[p], r[q]];
                    if v == [0, 0] {
                        continue;
                    }
                    let g = crate::poly::int::gcd(v[0], v[1]);
                    let mut d = [v[0] / g, v[1] / g];
                    if d[0] < 0 || (d[0] == 0 && d[1] < 0) {
                        d = [-d[0], -d[1]];
                    }
                    match dir {
                        Some(x) if x != d => return None,
                        _ => dir = Some(d),
                    }
                }
                if let Some(d) = dir {
                    dirs.push((d, uses_k));
                }
            }
        }
    }
    let mut sides: Vec<[i64; 2]> = vec![];
    for (d, _) in &dirs {
        if !sides.contains(d) {
            sides.push(*d);
        }
    }
    let [d1, d2] = sides.as_slice() else { return None };
    if !dirs.iter().any(|(d, k)| d == d1 && *k) || !dirs.iter().any(|(d, k)| d == d2 && *k) {
        return None;
    }
    // The coordinates: (i, j) = M · (c_p, c_q) with M's rows the two
    // directions, unimodular so that every integer (i, j) is a point of
    // the nest's lattice. j is the one along which C's last subscript
    // steps by one and the others stay.
    for (di, dj) in [(*d1, *d2), (*d2, *d1)] {
        let det = di[0] * dj[1] - di[1] * dj[0];
        if det.abs() != 1 {
            return None;
        }
        // (c_p, c_q) = M^-1 · (i, j).
        let inv = [[dj[1] * det, -di[1] * det], [-dj[0] * det, di[0] * det]];
        let along = |r: &[i64; 3]| [r[p] * inv[0][0] + r[q] * inv[1][0], r[p] * inv[0][1] + r[q] * inv[1][1]];
        let (last, outer) = c_rows.split_last()?;
        let step = along(last)[1];
        if step.abs() != 1 || outer.iter().any(|r| along(r)[1] != 0) || c_rows.iter().all(|r| along(r)[0] == 0) {
            continue;
        }
        // j increasing steps C forward.
        let (dj, inv) = if step == 1 { (dj, inv) } else { ([-dj[0], -dj[1]], [[inv[0][0], -inv[0][1]], [inv[1][0], -inv[1][1]]]) };
        let mut coords = [[0i64; 3]; 3];
        let mut counters = [[0i64; 3]; 3];
        coords[0][p] = di[0];
        coords[0][q] = di[1];
        coords[1][p] = dj[0];
        coords[1][q] = dj[1];
        coords[2][k] = 1;
        counters[p] = [inv[0][0], inv[0][1], 0];
        counters[q] = [inv[1][0], inv[1][1], 0];
        counters[k] = [0, 0, 1];
        // Its own dependences: only on C, between instances of one cell.
        let c_name = &model.array(c).name;
        for d in &deps.deps {
            if d.source == s && d.target == s && (d.is_scalar || &scop.cell(d.array).name != c_name || !same_i_j(d, p, q).unwrap_or(false)) {
                return None;
            }
        }
        return Some(Gemm { stmt: s, c, coords, counters });
    }
    None
}

/// Whether the instances `d` relates share the counters `i` and `j`
/// (then only `k` carries it): `t_x - s_x >= 1` and `s_x - t_x >= 1` are
/// both empty in every part, for `x` in `{i, j}`.
fn same_i_j(d: &crate::deps::Dependence, i: usize, j: usize) -> crate::poly::PolyResult<bool> {
    for part in d.relation.parts() {
        let n = part.n_dim() / 2;
        for x in [i, j] {
            for sign in [1, -1] {
                let mut b = part.clone();
                let mut row = vec![0; b.n_cols() + 1];
                row[b.dim_col(n + x)] = sign;
                row[b.dim_col(x)] = -sign;
                row[b.n_cols()] = -1;
                b.add_ineq(row)?;
                if !b.is_empty()? {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

/// What a micro-kernel holds in registers besides its accumulators, per
/// `k` step: the packed values of each side it uses (`KernelBody`'s
/// cuts) and whether its arithmetic needs a temporary (more than the one
/// instruction that updates the cell: `C += A*B + B*A` computes the sum
/// before adding it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelShape {
    pub a_cuts: i64,
    pub b_cuts: i64,
    pub temp: bool,
}

impl KernelShape {
    /// A plain product: one value of each side, one multiply-add.
    pub const PLAIN: KernelShape = KernelShape { a_cuts: 1, b_cuts: 1, temp: false };

    pub fn of(body: &KernelBody) -> KernelShape {
        let kernel_ops = body.order.iter().filter(|(_, s)| *s == Side::Kernel).count();
        KernelShape { a_cuts: body.a_cuts.len().max(1) as i64, b_cuts: body.b_cuts.len().max(1) as i64, temp: kernel_ops > 1 }
    }

    /// The wider of two shapes (one blocking serves every product of a
    /// SCoP).
    pub fn max(self, o: KernelShape) -> KernelShape {
        KernelShape { a_cuts: self.a_cuts.max(o.a_cuts), b_cuts: self.b_cuts.max(o.b_cuts), temp: self.temp || o.temp }
    }
}

/// The data caches a blocking is computed for, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caches {
    pub l1: i64,
    pub l2: i64,
    pub l3: i64,
}

/// The blocking for a target with `vector_regs` registers of
/// `vector_bits` bits and the given caches, for elements of
/// `elem_bytes` bytes, and a micro-kernel of the given shape.
///
/// - The micro-kernel holds MR·nv accumulators, nv vectors of B and one
///   broadcast A value per packed value of each side, and a temporary
///   when its arithmetic needs one: among nv = 1..4 the largest MR·nv
///   that fits (MR at most 8: beyond, the A values it broadcasts per `k`
///   outnumber the FMAs' spare load slots). For a plain product 32
///   registers give 8×3 vectors, 16 give 6×2 (BLIS's Haswell kernel); a
///   rank-2k update (two values of each side and a temporary) gets 7×3
///   of 32 (8×3 spilled: syr2k ran at 17 GFLOP/s against syrk's 42).
/// - KC, the `k` steps of one micro-kernel call, is as long as the caches
///   allow: each call loads and stores its MR×NR cells of C (rows far
///   apart in memory, often missing in every cache) for MR·NR·KC
///   multiply-adds. The B micro-panel (KC×NR), which every call of an A
///   block reuses, fills the L1 (the A micro-panel streams from the L2),
///   or, where that is shorter, the A block is a square in half the L2
///   (Low et al.'s model keeps A in the L2 and the B micro-panel in the
///   L1). Measured on a 2-core znver3 (L1 32 KiB, L2 512 KiB, 6×8
///   doubles): a matrix product at n = 2000 ran in 0.471 s at KC 176 (the
///   square), 0.369 s at KC 512 (the L1), OpenBLAS 0.36 s.
/// - The packed A block (MC×KC) takes half the L2.
/// - Each side's sizes count its packed values per element (`shape`'s
///   cuts): a rank-2k update packs two of each (KC 1024, the L1 holding
///   one of its B micro-panels, ran it 10% slower than KC 512).
/// - The packed B panel (KC×NC) takes a quarter of the L3 (two threads'
///   panels, and room for the A blocks and C), NC a multiple of NR: an A
///   block is packed once per panel, and narrow panels pack A again and
///   again (NC 184, half the L2: 0.436 s; NC 1024: 0.379 s). The `jc`
///   loop over those panels is the one that runs on threads, which share
///   its columns, each with panels of its own.
pub fn blocking(vector_bits: i64, vector_regs: i64, caches: Caches, elem_bytes: i64, shape: KernelShape) -> Blocking {
    let elem = elem_bytes.max(1);
    let vl = (vector_bits / (8 * elem)).max(1);
    let regs = vector_regs.max(4);
    let (mut mr, mut nv) = (1, 1);
    for v in 1..=4 {
        let others = shape.a_cuts + shape.b_cuts * v + i64::from(shape.temp);
        let m = ((regs - others) / v).min(8);
        if m >= 1 && m * v > mr * nv {
            (mr, nv) = (m, v);
        }
    }
    let nr = nv * vl;
    let half_l2 = (caches.l2 / 2).max(4096);
    let mut square = 8;
    while (square + 8) * (square + 8) * elem <= half_l2 {
        square += 8;
    }
    // Packed values per element of each side (a rank-2k update packs two
    // of A and two of B).
    let (a_bytes, b_bytes) = (elem * shape.a_cuts.max(1), elem * shape.b_cuts.max(1));
    let b_in_l1 = caches.l1 / (nr * b_bytes) / 8 * 8;
    let kc = square.max(b_in_l1);
    let mc = (half_l2 / (kc * a_bytes) / mr).max(1) * mr;
    let nc = (caches.l3 / 4 / (kc * b_bytes) / nr).max(1) * nr;
    Blocking { vl, mr, nr, kc, mc, nc }
}

/// The schedule dimension of a matmul-like statement's column panels
/// (`floor(j / nc)`, see [`schedule`]).
pub const PANEL_DIM: usize = 1;

/// The original schedule in phases (`GemmPlan`): a first coordinate, the
/// phase; then a matmul-like statement's `[floor(j / nc), i, j, k]` (its
/// coordinates, `Gemm::coords`), the others' original coordinates. Legal
/// by `recognize`'s conditions: phases follow the dependences among
/// statements that write, and a matmul-like statement's own instances of
/// one cell keep their `k` order.
pub fn schedule(scop: &PolyScop, deps: &Deps, plan: &GemmPlan, nc: i64) -> Result<Schedule, super::SchedError> {
    let np = scop.params.len();
    let original = original_schedule(scop)?;
    let len = (original.dims.len() + 1).max(5);
    let mut stmts = vec![];
    for (s, rows) in scop.stmt_ids().zip(&original.stmts) {
        let n = scop.stmt(s).domain.space().n_dim();
        let constant = |v: i64| {
            let mut coeffs = vec![0; np + n + 1];
            coeffs[np + n] = v;
            SchedRow { coeffs, div: 1 }
        };
        let coordinate = |c: &[i64; 3], div: i64| {
            let mut coeffs = vec![0; np + n + 1];
            coeffs[np..np + 3].copy_from_slice(c);
            SchedRow { coeffs, div }
        };
        let phase = constant(plan.phase[s.index()] as i64);
        let mut new = match plan.gemms.iter().find(|g| g.stmt == s) {
            Some(g) => vec![phase, coordinate(&g.coords[1], nc), coordinate(&g.coords[0], 1), coordinate(&g.coords[1], 1), coordinate(&g.coords[2], 1)],
            None => std::iter::once(phase).chain(rows.iter().cloned()).collect(),
        };
        while new.len() < len {
            new.push(constant(0));
        }
        stmts.push(new);
    }
    let mut dims = vec![];
    let mut bands = vec![];
    for k in 0..len {
        let is_loop = stmts.iter().any(|rows| rows[k].coeffs[np..rows[k].coeffs.len() - 1].iter().any(|&c| c != 0));
        if is_loop {
            bands.push(Band::untiled(k, 1));
        }
        dims.push(DimInfo::marked(if is_loop { RowKind::Loop } else { RowKind::Scalar }, false, false));
    }
    let mut sched = Schedule { stmts, dims, bands };
    mark_checked(scop, &deps.among_writers(scop), &mut sched).map_err(|e| super::SchedError::NoSchedule(e.to_string()))?;
    Ok(sched)
}

#[cfg(test)]
mod tests {
    use super::{blocking, Caches, KernelShape};

    #[test]
    fn blocking_follows_the_target() {
        let plain = KernelShape::PLAIN;
        // AVX-512: 32 registers of 8 doubles, 32 KiB of L1, 1 MiB of L2,
        // 32 MiB of L3: the square A block is longer than the B
        // micro-panel the L1 holds (170).
        let zen4 = Caches { l1: 32 << 10, l2: 1 << 20, l3: 32 << 20 };
        let b = blocking(512, 32, zen4, 8, plain);
        assert_eq!((b.vl, b.mr, b.nr, b.kc, b.mc, b.nc), (8, 8, 24, 256, 256, 4080));
        // AVX2: 16 registers of 4 doubles: BLIS's 6x8; the B micro-panel
        // fills the L1.
        let zen3 = Caches { l1: 32 << 10, l2: 512 << 10, l3: 32 << 20 };
        let b = blocking(256, 16, zen3, 8, plain);
        assert_eq!((b.vl, b.mr, b.nr, b.kc, b.mc, b.nc), (4, 6, 8, 512, 60, 2048));
        assert!(b.kc * b.nr * 8 <= zen3.l1 && b.mc * b.kc * 8 <= zen3.l2 / 2 && b.kc * b.nc * 8 <= zen3.l3 / 4);
        // Floats: twice the lanes, the same bytes.
        assert_eq!(blocking(512, 32, zen4, 4, plain).nr, 48);
        assert_eq!(blocking(256, 16, zen3, 4, plain).kc, 512);
        // Tiny caches still give whole blocks.
        let b = blocking(256, 16, Caches { l1: 1 << 10, l2: 1 << 10, l3: 1 << 10 }, 8, plain);
        assert!(b.kc >= 8 && b.mc >= b.mr && b.nc >= b.nr && b.mc % b.mr == 0 && b.nc % b.nr == 0);
    }

    #[test]
    fn blocking_leaves_registers_for_a_wider_kernel() {
        // A rank-2k update: two packed values of each side and a
        // temporary; 8x24 would need 24 + 6 + 2 + 1 = 33 of 32 registers.
        let syr2k = KernelShape { a_cuts: 2, b_cuts: 2, temp: true };
        let b = blocking(512, 32, Caches { l1: 32 << 10, l2: 1 << 20, l3: 32 << 20 }, 8, syr2k);
        assert_eq!((b.mr, b.nr), (7, 24));
        assert!(b.mr * b.nr / b.vl + 2 * b.nr / b.vl + 2 + 1 <= 32);
        assert_eq!(b.mc % b.mr, 0);
        // The same on 16 registers.
        let caches = Caches { l1: 32 << 10, l2: 256 << 10, l3: 8 << 20 };
        let b = blocking(256, 16, caches, 8, syr2k);
        assert!(b.mr * b.nr / b.vl + 2 * b.nr / b.vl + 3 <= 16, "{b:?}");
        // Two packed values per element of each side: the L1 holds a B
        // micro-panel of both, the half L2 an A block of both.
        assert!(2 * b.kc * b.nr * 8 <= caches.l1 && 2 * b.mc * b.kc * 8 <= caches.l2 / 2, "{b:?}");
        assert_eq!(b.kc, 512);
    }
}

/// What a value of a matmul-like statement depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Neither `i` nor `j` nor the accumulated cell (constants, values
    /// from before the nest).
    Inv,
    /// `i` and/or `k`, not `j`: computed per row while packing A.
    A,
    /// `j` and/or `k`, not `i`: computed per column while packing B.
    B,
    /// Both sides or the cell: computed in the micro-kernel.
    Kernel,
}

fn join(x: Side, y: Side) -> Side {
    use Side::*;
    match (x, y) {
        (Kernel, _) | (_, Kernel) | (A, B) | (B, A) => Kernel,
        (A, _) | (_, A) => A,
        (B, _) | (_, B) => B,
        (Inv, Inv) => Inv,
    }
}

/// A matmul-like statement's instructions, sorted by side.
#[derive(Clone, Debug)]
pub struct KernelBody {
    /// Loads and arithmetic to emit, in block order, with their side
    /// (A-side loads and arithmetic are copied into the packing of A, B's
    /// into the packing of B, the rest is the micro-kernel).
    pub order: Vec<(ValueId, Side)>,
    /// The cell's value on entry (a load of it, or the PHI of its
    /// promoted scalar) and the value written back.
    pub acc_in: ValueId,
    pub acc_out: ValueId,
    /// The address of the cell (rebuildable from the counters).
    pub c_addr: ValueId,
    pub c: ArrayId,
    /// Values of each side that the micro-kernel's instructions use: what
    /// is packed.
    pub a_cuts: Vec<ValueId>,
    pub b_cuts: Vec<ValueId>,
}

/// The side a read of a cell with these subscripts (over the statement's
/// counters `loops`) is on: `A` when it moves with `i` only, `B` with `j`
/// only, `Inv` with neither; an error when with both.
fn cell_side(g: &Gemm, loops: &[Counter], subscripts: &[AffExpr]) -> Result<Side, String> {
    let along = subscripts.iter().map(|e| g.moves_with(e, loops)).collect::<Option<Vec<_>>>().ok_or("a read of another loop's counter")?;
    match (along.iter().any(|m| m[0]), along.iter().any(|m| m[1])) {
        (true, true) => Err("a read that uses both i and j".into()),
        (false, true) => Ok(Side::B),
        (true, false) => Ok(Side::A),
        (false, false) => Ok(Side::Inv),
    }
}

/// The side of a value hoisted out of a matmul-like statement's inner
/// loops (a load read again from its cell, or arithmetic on such loads
/// rebuilt at the use); `None` when `x` is not one.
fn hoisted_side(view: &FunctionView, model: &Model, g: &Gemm, loops: &[Counter], x: ValueId) -> Result<Option<Side>, String> {
    if let Some(r) = model.rotated.iter().find(|r| r.phi == x && r.back == 0) {
        return cell_side(g, loops, &r.subscripts).map(Some);
    }
    let Some(r) = model.remat.get(&x) else { return Ok(None) };
    if let Some((_, subscripts)) = &r.load {
        return cell_side(g, loops, subscripts).map(Some);
    }
    let def = view.def(x).ok_or("not an instruction")?;
    let mut sd = Side::Inv;
    for &o in arith_operands(def) {
        let region = view.loop_(model.root);
        let inside = matches!(view.value(o).kind, ValueKind::Instruction(b) if region.blocks.contains(&b));
        if inside {
            sd = join(sd, hoisted_side(view, model, g, loops, o)?.ok_or("a hoisted value of another statement")?);
        }
    }
    if sd == Side::Kernel {
        return Err("a hoisted value of both sides".into());
    }
    Ok(Some(sd))
}

fn arithmetic(op: &Op) -> bool {
    match op {
        Op::Pure { opcode } => matches!(opcode, Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FNeg),
        Op::Call { callee, .. } => callee.starts_with("llvm.fmuladd.") || callee.starts_with("llvm.fma."),
        _ => false,
    }
}

/// The operands an arithmetic instruction computes with (a call's
/// arguments, not its callee).
fn arith_operands(instr: &crate::ir::Instr) -> &[ValueId] {
    match instr.op {
        Op::Call { .. } => &instr.operands[..instr.operands.len().min(3)],
        _ => &instr.operands,
    }
}

/// Sorts the instructions of the matmul-like statement `g` by side; an
/// error says what the micro-kernel cannot do:
/// calls other than `llvm.fmuladd`/`llvm.fma`, arithmetic other than
/// `fadd`/`fsub`/`fmul`/`fdiv`/`fneg` (a `min` of a shortest-path update,
/// a comparison), a read of both `i` and `j` besides the cell, a cell not
/// read once and written once.
pub fn kernel_body(view: &FunctionView, model: &Model, g: &Gemm) -> Result<KernelBody, String> {
    let s = model.stmt(g.stmt);
    let region: HashSet<_> = view.loop_(model.root).blocks.iter().copied().collect();
    let inside = |v: ValueId| matches!(view.value(v).kind, ValueKind::Instruction(b) if region.contains(&b));
    let rebuilt = |v: ValueId| model.rebuilt_at(v, &|l| s.loops.contains(&l)).is_some();
    let c = match s.accesses.iter().find(|a| a.kind == AccessKind::Write).map(|a| a.target.clone()) {
        Some(Target::Array(c)) => c,
        _ => return Err("no written array".into()),
    };
    let mut side: HashMap<ValueId, Side> = HashMap::new();
    let mut order = vec![];
    let (mut acc_in, mut acc_out, mut c_addr) = (vec![], None, None);
    for instr in &view.block(s.block).instrs {
        let v = instr.value;
        let promoted = model.promoted.iter().find(|p| p.phi == v);
        match &instr.op {
            Op::Phi { .. } if promoted.is_some() => {
                let p = promoted.expect("checked");
                if p.array != c {
                    return Err("a promoted scalar of another array".into());
                }
                acc_in.push(v);
                acc_out = Some(p.update);
                c_addr = Some(p.address);
                side.insert(v, Side::Kernel);
            }
            _ if rebuilt(v) => {}
            Op::Load { addr, volatile, atomic, .. } => {
                if *volatile || *atomic {
                    return Err("a volatile or atomic load".into());
                }
                let access = s.accesses.iter().find(|a| a.instr == Some(v)).ok_or("a load without an access")?;
                let Target::Array(x) = access.target else { return Err("a scalar load".into()) };
                if x == c {
                    acc_in.push(v);
                    c_addr = Some(*addr);
                    side.insert(v, Side::Kernel);
                    continue;
                }
                // Of neither side (`x[k]`): packed with A.
                let sd = match cell_side(g, &s.loops, &access.subscripts)? {
                    Side::Inv => Side::A,
                    sd => sd,
                };
                side.insert(v, sd);
                order.push((v, sd));
            }
            Op::Store { value, volatile, atomic, .. } => {
                if model.promoted.iter().any(|p| p.store_back == Some(v)) {
                    continue;
                }
                if *volatile || *atomic {
                    return Err("a volatile or atomic store".into());
                }
                acc_out = Some(*value);
            }
            op if arithmetic(op) => {
                let mut sd = Side::Inv;
                for &x in arith_operands(instr) {
                    let y = match side.get(&x) {
                        Some(&y) => y,
                        // A value hoisted out of the statement's inner loops
                        // (`a = A[i][k]` or `alpha * A[i][k]` before the `j`
                        // loop: `scop::rotate::map_hoisted_loads`,
                        // `scop::remat`), computed again where it is used:
                        // of the side its cells move on.
                        None if inside(x) => {
                            let y = hoisted_side(view, model, g, &s.loops, x)?.ok_or_else(|| format!("an operand the micro-kernel does not model ('{}')", view.value(x).name))?;
                            // Of neither side: packed with A, like the
                            // statement's own such values.
                            let y = if y == Side::Inv { Side::A } else { y };
                            side.insert(x, y);
                            y
                        }
                        None => Side::Inv,
                    };
                    sd = join(sd, y);
                }
                // Values of neither side are computed with the A side
                // (once per packed element; -O3 hoists most of them).
                let sd = if sd == Side::Inv { Side::A } else { sd };
                side.insert(v, sd);
                order.push((v, sd));
            }
            Op::Call { .. } | Op::Unsupported { .. } => return Err("a call or an instruction with effects".into()),
            Op::Pure { opcode } if opcode.reads_float() => return Err(format!("'{opcode}' in the statement")),
            Op::Select => return Err("a select in the statement".into()),
            // Loop control (the exit compare): nothing the kernel uses
            // (an operand from here is refused above).
            _ => {}
        }
    }
    let ([acc_in], Some(acc_out), Some(c_addr)) = (acc_in.as_slice(), acc_out, c_addr) else {
        return Err("the cell is not read once and written once".into());
    };
    if side.get(&acc_out) != Some(&Side::Kernel) {
        return Err("the value written does not depend on the cell and both sides".into());
    }
    let elem = view.value(*acc_in).ty;
    if !matches!(elem, Type::Double | Type::Float) || view.value(acc_out).ty != elem {
        return Err("not a floating-point accumulation".into());
    }
    let (mut a_cuts, mut b_cuts) = (vec![], vec![]);
    for &(v, sd) in &order {
        if sd != Side::Kernel {
            continue;
        }
        if view.value(v).ty != elem {
            return Err("mixed element types".into());
        }
        let instr = view.def(v).ok_or("not an instruction")?;
        for &x in arith_operands(instr) {
            let list = match side.get(&x) {
                Some(Side::A) => &mut a_cuts,
                Some(Side::B) => &mut b_cuts,
                _ => continue,
            };
            if view.value(x).ty != elem {
                return Err("mixed element types".into());
            }
            if !list.contains(&x) {
                list.push(x);
            }
        }
    }
    Ok(KernelBody { order, acc_in: *acc_in, acc_out, c_addr, c, a_cuts, b_cuts })
}
