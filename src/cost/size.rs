//! The code a rewrite would emit, estimated from the loop tree before code
//! generation, and the budgets it must fit.
//!
//! The unit is an LLVM IR instruction as the rewrite emits it, before
//! LLVM's passes. A statement instance costs what its block holds (code
//! generation copies the block once per occurrence in the tree; a jammed
//! row's copy, a quarter of it without -fopenmp: [`JAM_ROW_SHARE`]); a loop
//! costs its counter, compare and branch plus its bounds; a guard its
//! conditions. On top: the copies the tree does not show (a parallel loop
//! becomes a forked worker under -fopenmp, and under sequential loops a
//! single-thread copy beside it), the
//! run-time checks, and the original nest when it stays as their fallback.
//! LLVM's vectorizers and backend then multiply all of it (vector bodies,
//! epilogues, their own checks) much as they multiply the original code,
//! so the growth in IR instructions is what the budgets compare with the
//! function's and the module's own size.
//!
//! Running example: a tiled matrix product with full tiles separated
//! holds its statement twice (full tile, partial tile), each under six
//! loops; with a 10-instruction statement and short bounds that is about
//! 2 × (10 + 6 × 12) ≈ 160 instructions, plus about 30 for the alias
//! checks of three arrays, plus the original nest (≈ 30): ≈ 220, against
//! the original's 30.

use crate::ast::reduction_jam::ROWS;
use crate::ast::{Aff, Ast, Cond, Expr, For, Node};
use crate::scop::poly_scop::StmtId;
use std::collections::BTreeSet;

/// A loop's own instructions besides its bounds: counter PHI, increment,
/// compare, branch and the loop's two extra blocks' branches.
const LOOP_COST: u64 = 6;

/// A parallel loop run by threads: the fork decision (a run-time estimate
/// of the work), the `GOMP_parallel` call and the worker's prologue
/// (thread number, share bounds, private slots).
const FORK_COST: u64 = 40;

/// A jammed row's copy of a statement (`Node::Stmt::copy` above 0: the
/// rows a loop jammed around a reduction runs together) weighs this
/// fraction of its block. The copies share their address arithmetic and
/// stay scalar chains, so LLVM's vectorizers and unroller do not multiply
/// them as they multiply other emitted code: a jam of 8 rows of an image
/// filter's recursive sweep (4096 x 2160, constant sizes), estimated at
/// 388-404 instructions with every copy at full weight, added about 530
/// bytes of `.text` (2.5 bytes per instruction of the quarter-weight
/// estimate; the filter's own code at -O3: 20 bytes per IR instruction;
/// a tiled nest: about 16). At full weight the function's budget jammed
/// one of its four sweeps (0.26 s, -O3 0.33 s); at a quarter, all four
/// (0.12 s, `.text` +1.6 KB, compile time unchanged). Not with -fopenmp:
/// there the floor is doubled already (the four sweeps fit at full
/// weight), and a jammed loop that forks is emitted as a worker and, under
/// sequential loops, again in place; at a quarter, gsl's cblas grew by
/// 87 KB of `.text` (zsymm.c alone 11 KB, for one jam of complex sums
/// estimated at 1171 instructions), 17 KB without -fopenmp.
const JAM_ROW_SHARE: u64 = 4;

/// One pair of arrays checked for overlap at run time: both ranges' ends
/// (an affine bound each, in i128) and two compares.
pub const CHECK_PAIR_COST: u64 = 16;

/// IR instructions of one matrix product's BLIS code (packing loops, the
/// micro-kernel, the edge copies) beyond the plain nest it keeps: a
/// double-precision product in one function came to 457 instructions at
/// the end of -O3 (vectorizers and unrolling off) against 307 tiled; the
/// 8x24 micro-kernel alone holds about 100.
const BLIS_CODE: u64 = 300;

/// What a product whose rows have their own columns (`j <= i`) adds to
/// that: the walk over its rows, the MR rows' ranges each block of C is
/// classified by, and the edge copies' per-row ranges.
const BLIS_ROWS_CODE: u64 = 150;

/// IR instructions of one matrix product's BLIS code beyond its plain
/// nest; `rows_vary`: its rows have their own columns.
pub fn blis_code(rows_vary: bool) -> u64 {
    BLIS_CODE + if rows_vary { BLIS_ROWS_CODE } else { 0 }
}

/// What the rewrite's parts weigh, in IR instructions.
#[derive(Clone, Debug)]
pub struct Weights {
    /// Per statement of the SCoP: the instructions of its block, what each
    /// occurrence in the tree copies.
    pub stmt: Vec<u64>,
    /// The nest as it is: the instructions of its blocks.
    pub original: u64,
    /// The original nest stays as the fallback of run-time checks (alias
    /// checks, assumptions on the parameters, range checks); without
    /// checks it is deleted.
    pub fallback: bool,
    /// The run-time checks' instructions.
    pub checks: u64,
    /// Parallel loops become OpenMP code.
    pub openmp: bool,
}

/// What the function grows by when `ast` replaces the nest: the new code
/// and its checks, less the original when it does not stay as a fallback.
/// Negative growth (a rewrite smaller than the nest) counts as none.
pub fn growth(ast: &Ast, w: &Weights) -> u64 {
    // Loops whose known trip counts never give a fork its work stay on
    // the calling thread, emitted once (as code generation does).
    let small = if w.openmp { crate::ast::work::never_enough(&ast.body, super::profit::MIN_FORK_WORK as u128) } else { BTreeSet::new() };
    // A loop forking at the entry: the worker only, and the original nest
    // stays (it runs when a fork would not pay).
    if let Some(f) = ast.entry_fork().filter(|f| w.openmp && !small.contains(&crate::ast::work::identity(f))) {
        return for_loop(f, w, Place::Entry, &small).saturating_add(w.checks);
    }
    let new = nodes(&ast.body, w, Place::Top, &small).saturating_add(w.checks);
    if w.fallback {
        new
    } else {
        new.saturating_sub(w.original)
    }
}

/// Where a node is, for the OpenMP copies (as code generation decides).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Outside every loop: a parallel loop forks, and its worker, called
    /// directly, runs the small cases.
    Top,
    /// Outside every thread team, under sequential loops: a parallel loop
    /// forks, and a second copy runs the small cases.
    Outside,
    /// The loop forking at the region's entry ([`Ast::entry_fork`]): its
    /// worker is all the new code.
    Entry,
    /// Right inside a wavefront loop: a parallel loop (the tiles of one
    /// wavefront) forks always, with no copy to run alone.
    InWavefront,
    /// Inside a team: loops run on the thread that reaches them.
    InTeam,
}

fn nodes(list: &[Node], w: &Weights, at: Place, small: &BTreeSet<usize>) -> u64 {
    list.iter().map(|n| node(n, w, at, small)).fold(0, u64::saturating_add)
}

fn node(n: &Node, w: &Weights, at: Place, small: &BTreeSet<usize>) -> u64 {
    match n {
        Node::Stmt { stmt, iter, copy } => {
            // The counters' values the copy needs (affine in the loop
            // variables) besides the block's own instructions.
            let counters: u64 = iter.iter().map(expr).sum();
            let block = if *copy > 0 { jam_row_block(w, *stmt) } else { w.stmt.get(stmt.index()).copied().unwrap_or(0) };
            block.saturating_add(counters)
        }
        Node::If { cond, then, otherwise, .. } => {
            let conds: u64 = cond.iter().map(|c| 2 + aff(cond_aff(c))).sum();
            conds.saturating_add(nodes(then, w, at, small)).saturating_add(nodes(otherwise, w, at, small))
        }
        Node::For(f) => for_loop(f, w, at, small),
    }
}

fn for_loop(f: &For, w: &Weights, at: Place, small: &BTreeSet<usize>) -> u64 {
    let own = LOOP_COST + expr(&f.lower) + expr(&f.upper);
    let forked = at == Place::Entry || (w.openmp && at != Place::InTeam && f.threadable() && !small.contains(&crate::ast::work::identity(f)));
    let inside = match at {
        _ if forked => Place::InTeam,
        Place::Top | Place::Outside if w.openmp && f.wavefront => Place::InWavefront,
        // Only the loops right inside a wavefront loop hold its tiles.
        Place::InWavefront | Place::Top => Place::Outside,
        at => at,
    };
    let body = nodes(&f.body, w, inside, small);
    match (forked, at) {
        // A loop with copies of scratch arrays: the worker, and the
        // sequential loop in place, whose parallel loops may fork.
        (true, Place::Top | Place::Outside) if !f.private.is_empty() => {
            let in_place = own.saturating_add(nodes(&f.body, w, Place::Outside, small));
            (own + FORK_COST).saturating_add(body).saturating_add(in_place)
        }
        // The worker, and the same loop emitted again in place for the
        // runs too small to fork.
        (true, Place::Outside) => (own + FORK_COST).saturating_add(body).saturating_add(own.saturating_add(body)),
        (true, _) => (own + FORK_COST).saturating_add(body),
        (false, _) => own.saturating_add(body),
    }
}

fn cond_aff(c: &Cond) -> &Aff {
    match c {
        Cond::Ge(a) | Cond::Eq(a) | Cond::Divisible(a, _) => a,
    }
}

/// A multiply and an add per non-zero coefficient.
fn aff(a: &Aff) -> u64 {
    let terms = a.params.iter().chain(&a.vars).filter(|&&c| c != 0).count() as u64;
    2 * terms
}

fn expr(e: &Expr) -> u64 {
    match e {
        Expr::Aff(a) => aff(a),
        // The division and its rounding.
        Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) => aff(a) + 3,
        // A compare and a select per extra term.
        Expr::Min(es) | Expr::Max(es) => es.iter().map(expr).sum::<u64>() + 2 * (es.len() as u64).saturating_sub(1),
        Expr::Scaled(x, _, _) => expr(x) + 2,
    }
}

/// The growth any function and any module may take, whatever its size:
/// one large rewrite. The largest among our benchmark kernels is a
/// time-tiled 3-d stencil with its full/partial tiles and alias checks,
/// about 1200 instructions by this estimate (a tiled matrix product: about
/// 450); their files hold 150-400 instructions, so a percentage alone
/// would forbid the very rewrites Tessera is for in a file whose point is
/// one kernel. A quarter more than the largest leaves room for a kernel
/// with one more statement.
pub const GROWTH_FLOOR: u64 = 1500;

/// The floor for a build whose parallel loops become OpenMP code: each
/// such loop under sequential loops (a stencil's time loop) is emitted
/// twice (the forked worker and the copy run alone when a fork would not
/// pay), so the same large kernel weighs up to twice as much.
pub fn growth_floor(openmp: bool) -> u64 {
    if openmp {
        2 * GROWTH_FLOOR
    } else {
        GROWTH_FLOOR
    }
}

/// Code-size growth allowed for rewrites in one function (or the floor,
/// if more): half its own size. Why: compile time follows the IR LLVM's loop
/// passes and backend see, and what a rewrite emits costs them about
/// twice what ordinary code of the same size does (innermost loops are
/// vectorized with epilogues and checks: gsl's strmm.c, 841 instructions,
/// grew from 11 to 42 KB of `.text` with four tiled nests of about 480
/// instructions each). Half the function bounds a function's growth near
/// the corpus goals (1.5x compile time on any file, 1.1x `.text` in
/// all) while one large nest always fits the floor.
pub const FUNCTION_GROWTH_PERCENT: u64 = 50;

/// Code-size growth allowed over a whole module (one compilation; or the
/// floor, if more): a quarter of its size, so that with the 2x cost of emitted
/// code a file's compile time stays within about 1.5x of -O3 even when
/// every function spends its own allowance.
pub const MODULE_GROWTH_PERCENT: u64 = 25;

/// Modules up to this size (IR instructions) get the whole floor
/// ([`growth_floor`]): a file whose point is one kernel or a few (our
/// benchmark kernels' files hold 150-400 instructions; gsl's cblas/strmm.c,
/// eight triangular products, 841).
pub const FULL_FLOOR_MODULE: u64 = 1000;

/// Modules from this size on get no floor, only [`MODULE_GROWTH_PERCENT`];
/// between the two sizes the floor shrinks linearly. A file of more than
/// a thousand instructions is a library's file of many routines, not a
/// kernel: with the whole floor, libvorbis's smallft.c (2694 instructions,
/// nine FFT nests rewritten for 1104 instructions, 41% of its size) took
/// 1.65x -O3's compile time and 1.34x its `.text`; with the floor
/// shrinking up to 2000 instructions, gsl's multiroots/hybrid.c (1261
/// instructions, six nests rewritten for 902, 72% of its size) took 1.52x
/// (1.17x now, one of them rewritten), bspline/bspline.c (1173) 1.67x
/// (1.41x, two of its six).
pub const NO_FLOOR_MODULE: u64 = 1250;

/// Code-size growth allowed over a module of `size` instructions: a
/// quarter of it ([`MODULE_GROWTH_PERCENT`]), or the floor, shrinking
/// from [`FULL_FLOOR_MODULE`] to [`NO_FLOOR_MODULE`], if more.
pub fn module_allowance(size: u64, openmp: bool) -> u64 {
    let floor = growth_floor(openmp);
    let floor = if size <= FULL_FLOOR_MODULE {
        floor
    } else {
        let shrunk = NO_FLOOR_MODULE.saturating_sub(size) as u128 * floor as u128 / (NO_FLOOR_MODULE - FULL_FLOOR_MODULE) as u128;
        shrunk as u64
    };
    allowance(size, MODULE_GROWTH_PERCENT, floor)
}

/// The default of `-tessera-thread-only-growth`: the growth, in percent
/// of the module, that rewrites whose only gain is loops of unknown trip
/// count on OpenMP threads may take in all, with no floor. Such a rewrite
/// keeps the code it replaces (it runs whenever a fork would not pay, or
/// the checks fail) and adds a worker beside it, so its code is certain and
/// its gain depends on sizes only the run shows: in gsl, 976 of the 1419
/// nests rewritten with -fopenmp were one loop on threads and their
/// workers alone were 0.81 MB of the 1.71 MB its `.text` grew by (over
/// 3.68 MB). The floor that lets a file whose point is one kernel tile it
/// would let every small file of a library double for such loops. Five
/// percent of IR instructions, which LLVM's vectorizers about double, keeps
/// their share of a module's code near the corpus goal of 1.10x.
pub const THREAD_ONLY_GROWTH_PERCENT: u64 = 5;

/// Growth allowed for code of `size` instructions, `percent` of it, at
/// least `floor`.
pub fn allowance(size: u64, percent: u64, floor: u64) -> u64 {
    (size.saturating_mul(percent) / 100).max(floor)
}

/// What is left of the function's and the module's allowances when a SCoP
/// is planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub function_left: u64,
    pub module_left: u64,
    /// This SCoP's nominal work ([`nominal_work`]) and that of the SCoPs
    /// of the function still to be planned, this one included: what may be
    /// spent on copies that only speed up is this SCoP's share of what is
    /// left, in proportion to its work ([`Budget::beyond_share`]).
    pub work_here: u64,
    pub work_left: u64,
    /// What is left of the module's allowance for rewrites whose only
    /// gain is threads ([`THREAD_ONLY_GROWTH_PERCENT`]), spent by them
    /// only; they spend from the others too.
    pub thread_only_left: u64,
}

impl Budget {
    /// Why `growth` does not fit, if it does not.
    pub fn exceeded_by(&self, growth: u64) -> Option<String> {
        self.short_of(growth, "the rewrite would add about")
    }

    /// Why `growth`, of a rewrite whose only gain is loops of unknown trip
    /// count on threads, does not fit what is left for such rewrites, if
    /// it does not.
    pub fn thread_only_exceeded_by(&self, growth: u64) -> Option<String> {
        (growth > self.thread_only_left).then(|| {
            format!(
                "its only gain is running loops of unknown trip count on threads, and the rewrite would add about {growth} instructions, more than the module's code-size budget for such rewrites leaves ({}; -tessera-thread-only-growth)",
                self.thread_only_left
            )
        })
    }

    /// Why not even [`least_growth`] fits, if it does not.
    pub fn short_of_least(&self, least: u64) -> Option<String> {
        self.short_of(least, "any rewrite would add at least")
    }

    /// Why `growth` is more than this SCoP's share of what is left (the
    /// smaller of the function's and the module's budget, split over the
    /// SCoPs still to come in proportion to their nominal work), if it is.
    /// The unroll-and-jam of a reduction (eight copies of its statements)
    /// is kept only within it: taken first come, first served, it left a
    /// matrix-vector product unrolled nine times with nothing for its last
    /// copies, whose sums then stayed in memory. Split evenly, the
    /// initialization and substitution loops beside an LU factorization
    /// (an LU solver's `main`: five nests) left the triple nest 283
    /// instructions of the 480 its jam needs, and it ran at -O3's speed.
    pub fn beyond_share(&self, growth: u64) -> Option<String> {
        self.share_short_of(growth, "the rewrite would add about")
    }

    /// Why not even [`least_jam_growth`] fits this SCoP's share
    /// ([`Budget::beyond_share`]), if it does not: then no jam is kept, and
    /// a plan whose only gain is one is known to gain nothing before its
    /// loop tree is built.
    pub fn jam_beyond_share(&self, least: u64) -> Option<String> {
        self.share_short_of(least, "the rewrite would add at least")
    }

    fn share_short_of(&self, growth: u64, what: &str) -> Option<String> {
        let left = self.function_left.min(self.module_left);
        let share = (left as u128 * self.work_here as u128 / self.work_left.max(self.work_here).max(1) as u128) as u64;
        (growth > share).then(|| format!("{what} {growth} instructions, more than this nest's share of the code-size budget ({share} of the {left} left, in proportion to its work)"))
    }

    fn short_of(&self, growth: u64, what: &str) -> Option<String> {
        if growth > self.function_left {
            Some(format!("{what} {growth} instructions, more than the function's code-size budget leaves ({})", self.function_left))
        } else if growth > self.module_left {
            Some(format!("{what} {growth} instructions, more than the module's code-size budget leaves ({})", self.module_left))
        } else {
            None
        }
    }
}

/// A loop's nominal trip count for [`nominal_work`].
const NOMINAL_TRIPS: u64 = 64;

/// The nominal work of a nest whose statements lie in loops `depths` deep:
/// each loop taken to run [`NOMINAL_TRIPS`] times, whatever its bounds, so
/// a triple nest outweighs the double nests around it by that factor, and
/// the same nest weighs the same with constant and with run-time sizes.
pub fn nominal_work(depths: impl IntoIterator<Item = usize>) -> u64 {
    depths.into_iter().fold(0u64, |a, d| a.saturating_add(NOMINAL_TRIPS.saturating_pow(d.min(u32::MAX as usize) as u32)))
}

/// The least any rewrite of a nest adds ([`growth`] of any tree): each
/// statement emitted once, and the checks with the original nest kept as
/// their fallback (without checks, the original is deleted). Known before
/// any polyhedral work, so a budget that cannot pay even this turns the
/// SCoP down at no cost: gsl's ztrmm.c spent half of its compile time
/// planning three nests for a function whose budget had 18 instructions
/// left.
pub fn least_growth(w: &Weights) -> u64 {
    let new = w.stmt.iter().fold(0, |a: u64, &b| a.saturating_add(b)).saturating_add(w.checks);
    if w.fallback {
        new
    } else {
        new.saturating_sub(w.original)
    }
}

/// The least a rewrite adds whose loop around the reduction of a chain is
/// jammed ([`crate::ast::reduction_jam`]): [`least_growth`] and the other
/// [`ROWS`] - 1 rows of each statement the jammed loop holds, `body` (at
/// a quarter without OpenMP: [`JAM_ROW_SHARE`]). gsl's cblas/dtrmm.c
/// built the loop trees of two triangular products, jammed, and again
/// without the jam, for a function whose budget had 164 instructions
/// left: their jams needed 755. Counting the chain's statement alone, the
/// bound stayed far below the trees of complex sums, whose loop also
/// holds the sums' starts and stores: 48 nests of gsl's cblas built their
/// jammed tree only to be declined; 38 still do (the trees hold more
/// copies still: branches, rows one at a time). In cblas/ctrmm.c, 7 of
/// its 10 such nests are now declined before their tree (2 were): bounds
/// of 187-268 instructions for shares of 111-199, the trees 838-898.
pub fn least_jam_growth(w: &Weights, body: &[StmtId]) -> u64 {
    let rows = body.iter().map(|&s| jam_row_block(w, s)).fold(0, u64::saturating_add);
    least_growth(w).saturating_add(rows.saturating_mul(ROWS as u64 - 1))
}

/// What a jammed row's copy of statement `s` weighs (a row past the
/// first): its block, a quarter of it without OpenMP ([`JAM_ROW_SHARE`]).
fn jam_row_block(w: &Weights, s: StmtId) -> u64 {
    let block = w.stmt.get(s.index()).copied().unwrap_or(0);
    if w.openmp {
        block
    } else {
        block.div_ceil(JAM_ROW_SHARE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{IfKind, LoopRole};

    fn var(nv: usize, k: usize) -> Expr {
        let mut a = Aff::zero(1, nv);
        a.vars[k] = 1;
        Expr::Aff(a)
    }

    fn upto_n(nv: usize) -> Expr {
        let mut a = Aff::zero(1, nv);
        a.params[0] = 1;
        a.constant = -1;
        Expr::Aff(a)
    }

    fn for_(var_: usize, parallel: bool, body: Vec<Node>) -> Node {
        Node::For(For {
            var: var_,
            lower: Expr::Aff(Aff::zero(1, 2)),
            upper: upto_n(2),
            body,
            parallel,
            parallel_if_reduction: false,
            vectorizable: false,
            runs_once: false,
            wavefront: false,
            role: LoopRole::Plain,
            matmul: None,
            copies: 0,
            private: vec![],
            promoted: vec![],
        })
    }

    fn ast(body: Vec<Node>) -> Ast {
        Ast { params: vec!["n".into()], vars: vec!["t0".into(), "t1".into()], stmt_names: vec!["S0".into()], body, source_order: true, jammed_rows: Default::default() }
    }

    fn weights(openmp: bool, fallback: bool) -> Weights {
        Weights { stmt: vec![10], original: 30, fallback, checks: 0, openmp }
    }

    fn stmt() -> Node {
        Node::Stmt { stmt: crate::scop::poly_scop::StmtId(0), iter: vec![var(2, 0), var(2, 1)], copy: 0 }
    }

    #[test]
    fn a_nest_costs_its_loops_and_statement() {
        // Two loops of 6 + 2 (the bound n - 1) each, the statement 10 + 4.
        let a = ast(vec![for_(0, false, vec![for_(1, false, vec![stmt()])])]);
        assert_eq!(growth(&a, &weights(false, true)), 2 * 8 + 14);
        // Without a fallback the original's 30 instructions go away.
        assert_eq!(growth(&a, &weights(false, false)), 0);
    }

    #[test]
    fn full_and_partial_tiles_and_forks_count_twice() {
        let inner = for_(1, false, vec![stmt()]);
        let tiles = Node::If { cond: vec![Cond::Ge(Aff::zero(1, 2))], then: vec![inner.clone()], otherwise: vec![inner], kind: IfKind::FullTile };
        let a = ast(vec![for_(0, false, vec![tiles])]);
        assert_eq!(growth(&a, &weights(false, true)), 8 + 2 + 2 * (8 + 14));
        // A parallel loop under a sequential one: the worker and the copy
        // run alone, each 8 + 14.
        let under = ast(vec![for_(0, false, vec![for_(1, true, vec![stmt()])])]);
        assert_eq!(growth(&under, &weights(false, true)), 8 + 8 + 14);
        assert_eq!(growth(&under, &weights(true, true)), 8 + 2 * (8 + 14) + FORK_COST);
        // Outside every loop (beside another loop: no entry fork), the
        // worker runs the small cases too: one copy.
        let top = ast(vec![for_(0, false, vec![stmt()]), for_(1, true, vec![stmt()])]);
        assert_eq!(growth(&top, &weights(false, true)), 2 * (8 + 14));
        assert_eq!(growth(&top, &weights(true, true)), 2 * (8 + 14) + FORK_COST);
    }

    #[test]
    fn a_jammed_rows_copies_weigh_a_quarter_of_their_block_without_openmp() {
        // A loop jammed by 4 around an inner loop: row 0's statement at
        // full weight (10 + 4), rows 1-3 at ceil(10 / 4) = 3 each, plus
        // their counters (4 each).
        let row = |copy| Node::Stmt { stmt: crate::scop::poly_scop::StmtId(0), iter: vec![var(2, 0), var(2, 1)], copy };
        let jammed = ast(vec![for_(0, false, vec![for_(1, false, (0..4).map(row).collect())])]);
        assert_eq!(growth(&jammed, &weights(false, true)), 2 * 8 + 14 + 3 * (3 + 4));
        // With -fopenmp, every row at full weight.
        assert_eq!(growth(&jammed, &weights(true, true)), 2 * 8 + 4 * 14);
    }

    #[test]
    fn a_loop_forking_at_the_entry_counts_once_and_keeps_the_original() {
        let par = ast(vec![for_(0, true, vec![for_(1, false, vec![stmt()])])]);
        let seq = growth(&par, &weights(false, true));
        // The small runs take the original nest, which stays even without
        // checks: no subtraction of its 30 instructions.
        for fallback in [false, true] {
            assert_eq!(growth(&par, &weights(true, fallback)), seq + FORK_COST);
        }
    }

    #[test]
    fn no_tree_grows_less_than_the_least_growth() {
        let nest = ast(vec![for_(0, false, vec![for_(1, false, vec![stmt()])])]);
        let inner = for_(1, false, vec![stmt()]);
        let tiles = ast(vec![for_(0, true, vec![Node::If { cond: vec![Cond::Ge(Aff::zero(1, 2))], then: vec![inner.clone()], otherwise: vec![inner], kind: IfKind::FullTile }])]);
        for fallback in [false, true] {
            for openmp in [false, true] {
                let w = Weights { checks: 32, ..weights(openmp, fallback) };
                for a in [&nest, &tiles] {
                    assert!(least_growth(&w) <= growth(a, &w), "{fallback} {openmp}");
                }
            }
        }
        // A jam: the statement's eight rows at least.
        let row = |copy| Node::Stmt { stmt: StmtId(0), iter: vec![var(2, 0), var(2, 1)], copy };
        let jammed = ast(vec![for_(0, false, vec![for_(1, false, (0..ROWS).map(|c| row(c as _)).collect())])]);
        for fallback in [false, true] {
            for openmp in [false, true] {
                let w = Weights { checks: 32, ..weights(openmp, fallback) };
                assert!(least_jam_growth(&w, &[StmtId(0)]) <= growth(&jammed, &w), "{fallback} {openmp}");
                assert!(least_jam_growth(&w, &[StmtId(0)]) > least_growth(&w));
            }
        }
        // With checks, the statement and the checks at least.
        assert_eq!(least_growth(&Weights { checks: 32, ..weights(false, true) }), 42);
        let b = Budget { function_left: 18, module_left: 1000, work_here: 1, work_left: 1, thread_only_left: 1000 };
        assert!(b.short_of_least(42).unwrap().starts_with("any rewrite would add at least 42 instructions"));
    }

    #[test]
    fn a_nest_shares_what_is_left_by_its_work() {
        // An LU solver's main: init (depth 2), the factorization (depth 3,
        // two statements), two substitutions (depth 2), a checksum loop.
        let nests = [vec![2], vec![3, 3], vec![2, 2], vec![2, 2], vec![1]];
        let work: Vec<u64> = nests.iter().map(|d| nominal_work(d.iter().copied())).collect();
        assert_eq!(work[1], 2 * 64 * 64 * 64);
        let left: u64 = work[1..].iter().sum();
        let b = Budget { function_left: 1415, module_left: 1415, work_here: work[1], work_left: left, thread_only_left: 0 };
        // Most of it: 1415 * 524288 / (524288 + 16384 + 64).
        assert!(b.beyond_share(1371).is_none());
        let why = b.beyond_share(1372).unwrap();
        assert!(why.contains("share of the code-size budget (1371 of the 1415 left"), "{why}");
        // Equal nests share equally; the last takes all that is left.
        let even = Budget { work_here: 64, work_left: 3 * 64, ..b };
        assert!(even.beyond_share(471).is_none() && even.beyond_share(472).is_some());
        assert!(Budget { work_left: 64, ..even }.beyond_share(1415).is_none());
    }

    #[test]
    fn a_module_of_many_routines_gets_a_quarter_of_its_size_without_the_floor() {
        // A file of one kernel: the whole floor, with and without OpenMP.
        assert_eq!(module_allowance(300, false), GROWTH_FLOOR);
        assert_eq!(module_allowance(FULL_FLOOR_MODULE, true), 2 * GROWTH_FLOOR);
        // Half way: half the floor (more than a quarter of the module).
        assert_eq!(module_allowance(1125, false), GROWTH_FLOOR / 2);
        // A library's file: a quarter of it, never less.
        assert_eq!(module_allowance(1900, false), 475);
        assert_eq!(module_allowance(2694, false), 673);
        assert_eq!(module_allowance(40_000, true), 10_000);
        // Never less for a larger module than the quarter alone.
        for size in (0..5000).step_by(7) {
            assert!(module_allowance(size, false) >= size * MODULE_GROWTH_PERCENT / 100);
        }
    }

    #[test]
    fn budgets_have_floors_and_say_which_is_short() {
        assert_eq!(allowance(10, 50, GROWTH_FLOOR), GROWTH_FLOOR);
        assert_eq!(allowance(10_000, 50, GROWTH_FLOOR), 5000);
        let b = Budget { function_left: 100, module_left: 50, work_here: 1, work_left: 1, thread_only_left: 20 };
        assert!(b.exceeded_by(40).is_none());
        assert!(b.exceeded_by(60).unwrap().contains("module"));
        assert!(b.exceeded_by(200).unwrap().contains("function"));
        // Rewrites that gain only threads have no floor.
        assert_eq!(allowance(10, THREAD_ONLY_GROWTH_PERCENT, 0), 0);
        assert!(b.thread_only_exceeded_by(20).is_none());
        assert!(b.thread_only_exceeded_by(21).unwrap().contains("only gain is running loops of unknown trip count on threads"));
    }

    /// The least a jam adds counts every statement the jammed loop holds
    /// (the sum's start and store beside the chain) and never exceeds
    /// what the jammed tree of a matrix product by rows (`s = C[i][j];
    /// for k: s += A[i][k] * B[k][j]; C[i][j] = s`) weighs, with and
    /// without OpenMP and a fallback.
    #[test]
    fn a_jams_least_growth_counts_the_loops_statements_and_no_more() {
        use crate::deps::{analyze, DepsOptions};
        use crate::sched::original::{mark_original, original_schedule};
        let mut scop = crate::scop::kernels::matmul_scalar().scop;
        scop.dead_after = [scop.cell_named("scalar_s").expect("s")].into();
        let deps = analyze(&scop, &DepsOptions::default()).expect("deps");
        let mut sched = original_schedule(&scop).expect("original");
        mark_original(&scop, &deps, &mut sched).expect("marks");
        let loops = crate::ast::reduction_jam::jammable_loops(&scop, &sched);
        assert_eq!(loops, vec![vec![StmtId(0), StmtId(1), StmtId(2)]]);
        let jammed = crate::ast::build(&scop, &sched, &crate::ast::AstOptions::default()).expect("ast");
        assert!(jammed.jams_reductions(), "{jammed}");
        for openmp in [false, true] {
            for fallback in [false, true] {
                let w = Weights { stmt: vec![9, 14, 7], original: 40, fallback, checks: 20, openmp };
                let least = least_jam_growth(&w, &loops[0]);
                assert!(least <= growth(&jammed, &w), "{openmp} {fallback}: {least} > {}\n{jammed}", growth(&jammed, &w));
                assert!(least > least_jam_growth(&w, &[StmtId(1)]));
            }
        }
    }
}
