//! Unroll-and-jam of a loop around an innermost loop whose chain of
//! dependent operations the vectorizer cannot break: a floating-point sum
//! (whose order is kept: no reassociation without fast-math). The loop is
//! parallel, or no dependence it carries turns back when its rows run
//! together (`DimInfo::jam_blocked`, below).
//!
//! Running example: a matrix-vector product by rows,
//! `for (i) { s = y[i]; for (j) s += A[i][j] * x[j]; y[i] = s; }`. The
//! `j` loop runs at the latency of its chain of adds, one element per
//! add, and -O3 keeps it so. The `i` loop is parallel (each row's sum is
//! its own), so eight rows may advance together, each with its own sum:
//!
//! ```text
//! for (t0 = 0; t0 <= n - 1; t0++) {        for (t0 = 0; t0 <= floord(n, 8) - 1; t0++) {
//!   S0(t0);                                   S0(8*t0); ... S0(8*t0 + 7);
//!   for (t2 = 0; t2 <= n - 1; t2++)   ==>     for (t2 = 0; t2 <= n - 1; t2++) {
//!     S1(t0, t2);                               S1(8*t0, t2); ... S1(8*t0 + 7, t2);
//!   S2(t0);                                   }
//! }                                           S2(8*t0); ... S2(8*t0 + 7);
//!                                           }
//!                                           for (t0 = max(0, 8*floord(n, 8)); t0 <= n - 1; t0++) {
//!                                             S0(t0); for (t2 ...) S1(t0, t2); S2(t0);
//!                                           }
//! ```
//!
//! Every row runs its statements in their order and each sum adds its
//! terms in the order of the source, so the result is bit for bit the
//! original's; only rows, which the loop's being parallel makes
//! independent, are interleaved. Eight chains keep the floating-point
//! units busy (a left-looking Cholesky at n = 1500, written out by hand on
//! the 2-core EPYC: 0.736 s one row at a time, 0.167 s eight at a time;
//! a matrix-vector product by rows at n = 500: 0.123 s and 0.029 s), and
//! `x[j]` is loaded once for eight rows.
//!
//! A loop that is not parallel may be jammed too when each dependence it
//! carries keeps its direction with the loop moved innermost, the order a
//! jam makes (`sched::marks::jam_blocked`; the schedule checker verifies
//! the claim): A^T·(A·x) by rows, `for (i) { t[i] = 0; for (j) t[i] +=
//! A[i][j] * x[j]; for (j) y[j] += A[i][j] * t[i]; }`, carries `y[j]`'s
//! sums in `i`; jammed, each `y[j]` still takes its terms in the order of
//! `i` (eight in a row, then the next group's), and the eight `t[i]`
//! chains run together (at 3800 x 4200 on the 2-core EPYC: 0.211 s with
//! -O3's one chain, 0.071-0.081 s jammed). A forward substitution, whose
//! row `i` ends by writing `x[i]` for the sums of every later row at
//! `j = i`, is not jammed. Such a loop's rows get copies of a scalar only
//! when each value is read in the row that wrote it. Beside the chains,
//! the body may hold parallel inner loops of floating-point sums the
//! jammed loop carries (`y[j]` above), each element's terms then added
//! row after row.
//!
//! The copies of one row are numbered ([`Node::Stmt`]'s `copy`): code
//! generation gives each its own copies of the scalars the loop writes
//! (each row's running sum). So only loops whose written scalars no
//! statement elsewhere in the tree reads and no code after the region
//! uses are jammed (a statement the scanner put in two branches, a split
//! off first iteration of an outer loop, counts as read elsewhere: such
//! a loop is left as it is). The groups are `u·v .. u·v + u - 1` (`v` the
//! loop's counter, now numbering groups); the whole groups inside the
//! loop's range run jammed, and the rows before the first and after the
//! last (only where the bounds may not be multiples of `u`) one at a time
//! in loops of their own, their bounds multiples of `u`
//! ([`Expr::Scaled`]).

use crate::scop::poly_scop::{CellId, StmtId};
use super::expr::Expr;
use super::jam::{div_by, exact_bounds, multiple_of, node, plus_const, shifted_bounds, shifted_loops};
use super::{count_stmts, AstResult, For, LoopRole, Node};
use crate::schedule::{RowKind, Schedule};
use crate::scop::model::AccessKind;
use crate::scop::PolyScop;
use std::collections::{BTreeMap, BTreeSet};

/// Rows run together: about eight independent chains of 3-4 cycle
/// floating-point operations keep two units busy (see `tile`'s `JAM`,
/// measured on an in-place stencil).
pub const ROWS: i64 = 8;

/// `nodes` (the whole tree of `scop`, scheduled by `sched`) with every
/// parallel or jammable loop around an innermost chain jammed by [`ROWS`]
/// where it may be; and whether one was.
/// `scalar_rows`: where each scalar's values leave the iteration that
/// wrote them, when known (`AstOptions::scalar_rows`).
pub fn jam_reductions(nodes: Vec<Node>, scop: &PolyScop, sched: &Schedule, scalar_rows: Option<&BTreeMap<CellId, usize>>) -> AstResult<(Vec<Node>, bool)> {
    let mut occurrences = BTreeMap::new();
    count_stmts(&nodes, &mut occurrences);
    let cx = Jammer { scop, sched, occurrences, scalar_rows };
    let mut any = false;
    let out = cx.walk(nodes, &mut any)?;
    Ok((out, any))
}

/// Whether the schedule has a loop that [`jam_reductions`] may jam: a
/// parallel or jammable loop (`DimInfo::jammable_for`) whose next loop,
/// past scalar dimensions only, is the innermost loop of some statement
/// and carries a chain ([`chain_kept`]). Read off the schedule before
/// any tree is built, for the profitability model (the tree may still not
/// jam it: bounds that depend on the row, scalars read after the loop).
pub fn may_jam_reductions(scop: &PolyScop, sched: &Schedule) -> bool {
    !jammable_loops(scop, sched).is_empty()
}

/// The loops [`may_jam_reductions`] counts on, each around the innermost
/// loop of a chain: the statements the loop holds (every one gets a copy
/// per row when it is jammed, the chain's among them).
pub fn jammable_loops(scop: &PolyScop, sched: &Schedule) -> Vec<Vec<StmtId>> {
    chains_under(scop, sched)
        .into_iter()
        .filter_map(|(s, d)| {
            let inside = |t: StmtId| sched.same_side(s, t, d);
            let jammable = sched.dims[d].jammable_for(&inside) || sched.dims[d].jammable_in_runs_for(&inside);
            jammable.then(|| sched.stmt_ids().filter(|&t| inside(t)).collect())
        })
        .collect()
}

/// The dimensions of the loops directly around an innermost chain
/// ([`chain_kept`]) that are not parallel: a jam of one needs the
/// dependences' answer on the order it makes (`DimInfo::jam_blocked`).
pub fn jam_candidates(scop: &PolyScop, sched: &Schedule) -> BTreeSet<usize> {
    chains_under(scop, sched).into_iter().filter(|&(s, d)| !sched.dims[d].marks_for(&|t| sched.same_side(s, t, d)).0).map(|(_, d)| d).collect()
}

/// Whether the deepest statements of the band `start..start + len` each
/// run an innermost chain ([`chain_kept`]) in a loop past the band: each
/// point of the band is then a chain whose every step waits 3-4 cycles
/// for the last, loading a few elements per step, far below what even
/// the L3 cache delivers, so tiles reorder nothing that runs faster. The
/// loop around the chain is what gains, jammed ([`jam_reductions`]), and
/// tiles would keep it from being jammed: the full and partial tiles put
/// its statements in two branches. gsl's triangular products (`temp +=
/// A[j][k] * B[i][k]` inside the `i, j` band), tiled at 32 x 1224, ran
/// 1.00-1.10x slower than -O3 at n = 800.
pub fn band_runs_chains(scop: &PolyScop, sched: &Schedule, start: usize, len: usize) -> bool {
    let np = scop.params.len();
    let depth = |s: StmtId| (0..sched.dims.len()).filter(|&k| sched.dims[k].kind == RowKind::Loop && sched.row(s, k).iterates(np)).count();
    let in_band: Vec<StmtId> = sched.stmt_ids().filter(|&s| (start..start + len).any(|k| sched.row(s, k).iterates(np))).collect();
    let Some(deepest) = in_band.iter().map(|&s| depth(s)).max() else { return false };
    let chains = chains_under(scop, sched);
    in_band.iter().filter(|&&s| depth(s) == deepest).all(|&s| {
        let innermost = (0..sched.dims.len()).rev().find(|&k| sched.dims[k].kind == RowKind::Loop && sched.row(s, k).iterates(np));
        innermost.is_some_and(|e| e >= start + len) && chains.iter().any(|&(c, _)| c == s)
    })
}

/// For each statement whose innermost loop carries a chain
/// ([`chain_kept`]) with a loop directly outside it (past scalar
/// dimensions only): the statement and that loop's dimension.
fn chains_under(scop: &PolyScop, sched: &Schedule) -> Vec<(StmtId, usize)> {
    let np = scop.params.len();
    let iterates = |s: StmtId, k: usize| sched.dims[k].kind == RowKind::Loop && sched.row(s, k).iterates(np);
    sched
        .stmt_ids()
        .filter_map(|s| {
            let e = (0..sched.dims.len()).rev().find(|&k| iterates(s, k))?;
            let d = (0..e).rev().find(|&k| sched.dims[k].kind == RowKind::Loop)?;
            if !iterates(s, d) || in_jammed_band(sched, d) || in_jammed_band(sched, e) {
                return None;
            }
            let inner = |t: StmtId| sched.same_side(s, t, e) && iterates(t, e);
            let (parallel, _) = sched.dims[e].marks_for(&inner);
            let stmts: Vec<StmtId> = sched.stmt_ids().filter(|&t| inner(t)).collect();
            chain_kept(scop, parallel, &stmts).then_some((s, d))
        })
        .collect()
}

/// Whether an innermost loop (its marks, its statements) carries a chain
/// that stays one, long enough to be worth eight copies: it is not
/// parallel and it holds reductions, all floating-point ones, which the
/// vectorizer may not reassociate (each step waits 3-4 cycles for the
/// last; a left-looking Cholesky's loop also stores its running sum on
/// each step, as -O3 does); or, with no reduction, floating-point
/// arithmetic on a value the loop passes from one step to the next in a
/// scalar (a recursive filter's `y = a * x[j] + b1 * y1 + b2 * y2`, whose
/// steps wait for the step before). A loop that is not parallel only
/// through memory (Floyd-Warshall's row, which reads the cell its
/// iteration k writes) LLVM vectorizes behind run-time checks: jammed,
/// it ran 13% slower. An integer sum is vectorized by LLVM itself, and an
/// integer recurrence steps in a cycle (opus's codebook search, a loop of
/// 5 to 8 steps of integer differences, had grown 2.5x jammed).
fn chain_kept(scop: &PolyScop, parallel: bool, stmts: &[StmtId]) -> bool {
    let sums = stmts.iter().any(|&s| scop.stmt(s).reduction.is_some());
    !parallel && if sums { fp_sums_among(scop, stmts) } else { stmts.iter().any(|&s| scop.stmt(s).float_arith) && carries_a_scalar(scop, stmts) }
}

/// Whether some scalar is both written and read by `stmts` (a loop's
/// statements: the value it passes between iterations, or within one).
fn carries_a_scalar(scop: &PolyScop, stmts: &[StmtId]) -> bool {
    let scalars = |kind: AccessKind| -> BTreeSet<CellId> {
        stmts.iter().flat_map(|&s| &scop.stmt(s).accesses).filter(|a| scop.is_scalar(a) && a.kind == kind).map(|a| a.array).collect()
    };
    !scalars(AccessKind::Write).is_disjoint(&scalars(AccessKind::Read))
}

/// Whether `stmts` hold reductions, all floating-point ones.
fn fp_sums_among(scop: &PolyScop, stmts: &[StmtId]) -> bool {
    let sums: Vec<StmtId> = stmts.iter().copied().filter(|&s| scop.stmt(s).reduction.is_some()).collect();
    fp_sums(scop, &sums)
}

/// Whether every statement of `stmts` (one at least) is a floating-point
/// reduction.
fn fp_sums(scop: &PolyScop, stmts: &[StmtId]) -> bool {
    !stmts.is_empty() && stmts.iter().all(|&s| scop.stmt(s).reduction.as_ref().is_some_and(|r| r.is_float()))
}

/// Whether dimension `d` lies in a band whose rows the tiler jams itself
/// (`Band::jam`: an in-place stencil's full tiles; its partial tiles run
/// rows one at a time on purpose, their code being what the full/partial
/// split can pay for).
fn in_jammed_band(sched: &Schedule, d: usize) -> bool {
    sched.bands.iter().any(|b| b.jam.is_some() && d >= b.start && d < b.start + b.len * if b.tile_sizes.is_some() { 2 } else { 1 })
}

struct Jammer<'s> {
    scop: &'s PolyScop,
    /// The schedule (a loop's `var` is its dimension).
    sched: &'s Schedule,
    /// How often each statement occurs in the whole tree.
    occurrences: BTreeMap<StmtId, usize>,
    scalar_rows: Option<&'s BTreeMap<CellId, usize>>,
}

impl Jammer<'_> {
    fn walk(&self, nodes: Vec<Node>, any: &mut bool) -> AstResult<Vec<Node>> {
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            match n {
                // A product's nest is emitted in the BLIS structure,
                // whose plain copy must stay as scanned (`ast::matmul`).
                Node::For(f) if f.matmul.is_some() => out.push(Node::For(f)),
                Node::For(mut f) => match self.jammed(&f)? {
                    Some(groups) => {
                        *any = true;
                        out.extend(groups);
                    }
                    None => {
                        f.body = self.walk(std::mem::take(&mut f.body), any)?;
                        out.push(Node::For(f));
                    }
                },
                Node::If { cond, then, otherwise, kind } => out.push(Node::If { cond, then: self.walk(then, any)?, otherwise: self.walk(otherwise, any)?, kind }),
                s @ Node::Stmt { .. } => out.push(s),
            }
        }
        Ok(out)
    }

    /// Loop `f` jammed: the loop of its whole groups, and those of the
    /// rows before and after them; `None` when it is not a parallel or
    /// jammable loop around innermost chains, with statements, guards and
    /// parallel loops of sums beside them, or its scalars can have no copy
    /// per row.
    fn jammed(&self, f: &For) -> AstResult<Option<Vec<Node>>> {
        let u = ROWS;
        if f.wavefront || f.matmul.is_some() || f.role == LoopRole::Tile || f.copies != 0 || few(&f.lower, &f.upper, u) {
            return Ok(None);
        }
        let mut inside = BTreeSet::new();
        stmts_under(&f.body, &mut inside);
        if in_jammed_band(self.sched, f.var) {
            return Ok(None);
        }
        // Item by item, or with each run of statements beside the inner
        // loops row by row (`DimInfo::jammable_in_runs_for`) when that is
        // what keeps the dependences' direction: then each pair it names
        // must lie in one run of this body.
        let dim = self.sched.dims.get(f.var);
        let within = |t: StmtId| inside.contains(&t);
        let by_runs = !f.parallel && !dim.is_some_and(|d| d.jammable_for(&within));
        if by_runs && !dim.is_some_and(|d| d.jammable_in_runs_for(&within) && pairs_in_one_run(&f.body, d, &inside)) {
            return Ok(None);
        }
        // A loop that is not parallel keeps the order of its dimension
        // moved innermost (`DimInfo::jam_blocked`) only where each value of
        // an inner counter runs every row's items at once. An inner loop
        // whose bounds move with the row (`shifted_loops`) runs values that
        // later rows reach at other points of the counter, so another item
        // beside it on the same counter would run for every row before or
        // after values that earlier rows run later: a sibling loop over the
        // rest of the counter's range (the scanner splits the range around
        // a statement that runs at some values only), or a statement
        // peeled off at one value. Then a row reads a running value an
        // earlier row has not updated yet (a generated program of the
        // fuzzer, s20271551-39: `A4[j] += ...` for every row `i`, then
        // `A6[i][j] = f(A4[j], A4[n - 1 - j])`, its two-step inner loop
        // split in two by the statement of its first step). Items beside
        // it that do not iterate on that counter (a row's set-up before
        // its sum, its store after) keep their place.
        if !f.parallel && !self.shifted_loops_alone(&f.body, f.var) {
            return Ok(None);
        }
        let mut chains = 0;
        for n in &f.body {
            match n {
                Node::For(g) => {
                    let mut stmts = BTreeSet::new();
                    stmts_under(&g.body, &mut stmts);
                    let stmts: Vec<StmtId> = stmts.into_iter().collect();
                    // Bounds that move with the row (a triangle's
                    // `k > j`) are run as `jam::shifted_loops` does.
                    let steady = !g.lower.uses_var(f.var) && !g.upper.uses_var(f.var);
                    if !(steady || shifted_bounds(g, f.var).is_some()) || g.body.iter().any(Node::contains_loop) || g.matmul.is_some() || (steady && few(&g.lower, &g.upper, u)) || in_jammed_band(self.sched, g.var) {
                        return Ok(None);
                    }
                    // Beside the chains, a parallel loop of floating-point
                    // sums whose chain the jammed loop carries (atax's
                    // `y[j] += A[i][j] * t[i]`) runs its rows' terms one
                    // after the other, in order, per element.
                    if chain_kept(self.scop, g.parallel, &stmts) {
                        chains += 1;
                    } else if !(g.parallel && fp_sums(self.scop, &stmts)) {
                        return Ok(None);
                    }
                }
                Node::If { .. } if n.contains_loop() => return Ok(None),
                _ => {}
            }
        }
        if chains == 0 || scaled(&f.lower) || scaled(&f.upper) || !self.row_scalars(&f.body, f.var, f.parallel) {
            return Ok(None);
        }
        // The loop of groups `lower ..= upper`, all whole.
        let groups = |lower: Expr, upper: Expr| -> AstResult<Node> {
            let body = copies(&f.body, f.var, u, by_runs)?;
            Ok(Node::For(For { lower, upper, body, copies: u as u32, vectorizable: false, runs_once: false, ..f.clone() }))
        };
        if let Some((lower, upper)) = exact_bounds(f, u)? {
            return Ok(Some(vec![groups(lower, upper)?]));
        }
        // The rows of no whole group, before and after them, one at a time
        // (fewer than `u` each: no team to fork).
        let rows = |lower: Expr, upper: Expr| Node::For(For { lower, upper, parallel: false, ..f.clone() });
        let (lo, hi) = (&f.lower, &f.upper);
        // Whole groups: ceil(lo / u) .. floor((hi + 1) / u) - 1, rows
        // u·ceil(lo / u) .. u·floor((hi + 1) / u) - 1.
        let first = div_by(lo, u, true)?;
        let mut out = vec![];
        if !aligned(lo, 0) {
            // Rows lo .. min(hi, u·ceil(lo / u) - 1).
            out.push(rows(lo.clone(), Expr::min_of(vec![hi.clone(), Expr::scaled(first.clone(), u, -1)?])));
        }
        let after = div_by(&plus_const(hi, 1)?, u, false)?;
        out.push(groups(first.clone(), plus_const(&after, -1)?)?);
        if !aligned(hi, 1) {
            // Rows max(lo, u·ceil(lo / u), u·floor((hi + 1) / u)) .. hi:
            // past the rows before (when no group is whole, those are all
            // of them) and past the whole groups.
            let lower = Expr::max_of(vec![lo.clone(), Expr::scaled(first, u, 0)?, Expr::scaled(after, u, 0)?]);
            out.push(rows(lower, hi.clone()));
        }
        Ok(Some(out))
    }

    /// Whether every inner loop of `body` (that of a loop of dimension
    /// `d`) whose bounds move with the row is the only item of `body` on
    /// its counter: no statement beside it iterates along its dimension.
    fn shifted_loops_alone(&self, body: &[Node], d: usize) -> bool {
        let np = self.scop.params.len();
        body.iter().enumerate().all(|(k, n)| {
            let Node::For(g) = n else { return true };
            if shifted_bounds(g, d).is_none() {
                return true;
            }
            let mut beside = BTreeSet::new();
            for (m, other) in body.iter().enumerate() {
                if m != k {
                    stmts_under(std::slice::from_ref(other), &mut beside);
                }
            }
            beside.iter().all(|&s| !self.sched.row(s, g.var).iterates(np))
        })
    }

    /// Whether each row may have its own copies of the scalars the
    /// statements under `body` (a loop's, of dimension `d`) write: no code
    /// after the region reads any, and either no statement elsewhere in
    /// the tree does or each value is read only in the iteration of `d`
    /// that wrote it (`scalar_rows`: the scanner puts a statement in two
    /// branches where a condition splits a loop). The rows, being those of
    /// a parallel loop, read only what they wrote themselves or what was
    /// there before the loop: each copy starts with that value. The rows
    /// of a loop that is not parallel (`parallel` false) may pass values
    /// on to later rows: each value written must be read only in its own
    /// row, by the dependences' answer.
    fn row_scalars(&self, body: &[Node], d: usize, parallel: bool) -> bool {
        let mut inside = BTreeMap::new();
        count_stmts(body, &mut inside);
        let scalars = |s: StmtId, kind: AccessKind| {
            self.scop.stmt(s).accesses.iter().filter(move |a| self.scop.is_scalar(a) && a.kind == kind).map(|a| a.array)
        };
        let written: BTreeSet<CellId> = inside.keys().flat_map(|&s| scalars(s, AccessKind::Write)).collect();
        let elsewhere = |s: StmtId| self.occurrences.get(&s).copied().unwrap_or(0) > inside.get(&s).copied().unwrap_or(0);
        let read_elsewhere: BTreeSet<CellId> = self.scop.stmt_ids().filter(|&s| elsewhere(s)).flat_map(|s| scalars(s, AccessKind::Read)).collect();
        let in_row = |x: &CellId| self.scalar_rows.is_some_and(|r| r.get(x).is_none_or(|&k| k > d));
        written.iter().all(|x| self.scop.dead_after.contains(x) && ((parallel && !read_elsewhere.contains(x)) || in_row(x)))
    }
}

/// Whether `e + c` is certainly a multiple of [`ROWS`] (an affine bound
/// whose coefficients all are): no partial group at that end.
fn aligned(e: &Expr, c: i64) -> bool {
    matches!(e, Expr::Aff(a) if multiple_of(a, ROWS, c))
}

/// Whether a loop from `lower` to `upper` runs fewer than `u` iterations
/// whatever the parameters (both bounds constant): too few rows, or too
/// short a chain, to gain.
fn few(lower: &Expr, upper: &Expr, u: i64) -> bool {
    match (lower, upper) {
        (Expr::Aff(l), Expr::Aff(h)) => h.add_scaled(-1, l).is_ok_and(|span| span.is_const() && span.constant + 1 < u),
        _ => false,
    }
}

/// The body of a jammed loop: each statement and guard beside the inner
/// loops once per row `u·v + k` (`v`: the loop's variable), each inner
/// loop once with the rows' copies of its body inside. `by_runs`: each
/// run of statements and guards between inner loops ([`runs`]) row after
/// row instead, its items in their order within each row.
fn copies(body: &[Node], v: usize, u: i64, by_runs: bool) -> AstResult<Vec<Node>> {
    let mut out = vec![];
    for (run, items) in runs(body) {
        match &items[0] {
            Node::For(g) if !run && shifted_bounds(g, v).is_some() => out.extend(shifted_loops(g, v, u, true)?),
            Node::For(g) if !run => {
                let mut inner = vec![];
                for k in 0..u {
                    for x in &g.body {
                        inner.push(node(x, v, u, k, Some(k as u32))?);
                    }
                }
                out.push(Node::For(For { body: inner, ..g.clone() }));
            }
            _ if by_runs => {
                for k in 0..u {
                    for x in items {
                        out.push(node(x, v, u, k, Some(k as u32))?);
                    }
                }
            }
            _ => {
                for x in items {
                    for k in 0..u {
                        out.push(node(x, v, u, k, Some(k as u32))?);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// `body` cut into its items: each loop alone (`false`), and each maximal
/// sequence of statements and guards between loops (`true`: a run).
fn runs(body: &[Node]) -> Vec<(bool, &[Node])> {
    let mut out = vec![];
    let mut start = 0;
    for (k, n) in body.iter().enumerate() {
        if let Node::For(_) = n {
            if start < k {
                out.push((true, &body[start..k]));
            }
            out.push((false, &body[k..=k]));
            start = k + 1;
        }
    }
    if start < body.len() {
        out.push((true, &body[start..]));
    }
    out
}

/// Whether each pair of statements `dim` names as blocking a jam item by
/// item (`DimInfo::jam_blocked`) among `inside` has both ends in one run
/// of `body` (a loop's) and nowhere else in it: a jam that runs each run
/// row after row keeps the pair's order.
fn pairs_in_one_run(body: &[Node], dim: &crate::schedule::DimInfo, inside: &BTreeSet<StmtId>) -> bool {
    let mut at: BTreeMap<StmtId, BTreeSet<usize>> = BTreeMap::new();
    let items = runs(body);
    for (k, (_, nodes)) in items.iter().enumerate() {
        let mut here = BTreeSet::new();
        stmts_under(nodes, &mut here);
        for s in here {
            at.entry(s).or_default().insert(k);
        }
    }
    let one_run = |s: StmtId, t: StmtId| match (at.get(&s), at.get(&t)) {
        (Some(a), Some(b)) => a.len() == 1 && a == b && a.first().is_some_and(|&k| items[k].0),
        _ => false,
    };
    dim.jam_blocked.as_ref().is_some_and(|b| b.iter().filter(|(s, t)| inside.contains(s) && inside.contains(t)).all(|&(s, t)| one_run(s, t)))
}

/// Whether `e` holds a [`Expr::Scaled`] term (a jam's own bounds).
fn scaled(e: &Expr) -> bool {
    match e {
        Expr::Scaled(..) => true,
        Expr::Min(es) | Expr::Max(es) => es.iter().any(scaled),
        _ => false,
    }
}

fn stmts_under(nodes: &[Node], out: &mut BTreeSet<StmtId>) {
    let mut c = BTreeMap::new();
    count_stmts(nodes, &mut c);
    out.extend(c.into_keys());
}
