//! Whether rewriting a SCoP with its planned schedule can gain anything
//! that plain -O3 does not get by itself. Two facts decide, both read off
//! the model and the schedules before any loop tree is built:
//!
//! - **Known, small work.** When every trip count is a compile-time
//!   constant, the data the nest touches is bounded: if it fits in the L1
//!   cache there is no locality to gain (tiling and interchange pay only
//!   when reuse is carried over data that does not fit), and with fewer
//!   statement instances than a fork costs there is nothing for threads.
//!   -O3 vectorizes and unrolls constant-trip loops by itself.
//! - **The original order.** A final schedule that runs every instance in
//!   the order of the source (no interchange, skew, fusion, distribution,
//!   shift or tile; only marks on the loops) gives LLVM the same loops it
//!   already had, behind run-time checks and next to a copy of the
//!   original: pure cost. Its parallel loops gain only where they become
//!   OpenMP code, or where the run-time alias checks the rewrite adds let
//!   LLVM keep an accumulator in memory in a register
//!   ([`checked_accumulator`]), which -O3 does not do by itself.
//!
//! Running example: a dot product `s += x[i] * y[i]` keeps its order
//! (a sum is not reassociated): not profitable. Matrix multiply with `n`
//! a parameter is interchanged and tiled: profitable. The same product on
//! 8×8 matrices (constant bounds) touches 3 × 512 instances × 8 bytes at
//! most, 12 KiB: it fits in L1, not profitable.

use crate::poly::PolyResult;
use crate::scop::affine::{Counter, Sym};
use crate::scop::model::{Access, AccessKind, ArrayId, Model, Statement, Target};
use crate::cost::size::{least_jam_growth, Budget, Weights};
use crate::deps::Deps;
use crate::schedule::order::{keeps_original_order, loops_are_counters, shared_loops};
use crate::schedule::{SchedRow, Schedule};
use std::cell::RefCell;
use std::collections::BTreeSet;
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;

/// Statement instances below which a fork and join of a thread team does
/// not pay: it costs a few microseconds with the team's threads spinning
/// (more when they sleep, more with more threads), about what ~10^4 to
/// 10^5 simple statement instances take. Code generation checks the same
/// figure at run time before forking.
pub const MIN_FORK_WORK: i64 = 1 << 16;

/// What the profitability model is told besides the SCoP and schedules.
#[derive(Clone, Debug)]
pub struct Facts {
    /// Parallel loops become OpenMP code (the module is built with -fopenmp).
    pub openmp: bool,
    /// The L1 data cache of the target, in bytes.
    pub l1_bytes: i64,
    /// The largest element size among the SCoP's arrays, in bytes.
    pub elem_bytes: i64,
    /// The rewrite's alias checks free an accumulator in memory
    /// ([`checked_accumulator`]).
    pub checked_accumulator: bool,
}

/// The work of a nest whose trip counts are all compile-time constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownWork {
    /// Statement instances (an upper bound: the product of each counter's
    /// constant range, summed over the pieces of the domains).
    pub instances: u64,
    /// Bytes the array accesses can touch at most (each access touches at
    /// most one element per instance).
    pub bytes: u64,
    /// Bytes of the arrays' elements the accesses can reach (per array,
    /// the box around every access's subscripts; `u64::MAX` where some
    /// subscript has no constant bound). Unlike `bytes`, it does not grow
    /// with the instances that come back to an element.
    pub footprint: u64,
}

/// The profitability questions asked of one SCoP's plans: before its loop
/// tree is built, and again once the tree is known to jam or fork nothing
/// (`plan::plan_stages` asks up to four of them of the same schedule).
/// Whether a schedule runs the source order, which may need the exact
/// comparison of instance orders (up to `SAME_ORDER_WORK` units), is
/// decided once per schedule.
pub struct Judge<'a> {
    scop: &'a PolyScop,
    /// The source order (`sched::original`).
    original: &'a Schedule,
    facts: &'a Facts,
    /// The pairs of statements (the lower first) with a dependence
    /// between them.
    linked: BTreeSet<(StmtId, StmtId)>,
    /// The schedules (rows per statement) asked about so far, with whether
    /// each runs the source order.
    in_source_order: RefCell<Vec<(Vec<Vec<SchedRow>>, bool)>>,
    /// What the rewrite's parts weigh and the budgets left: what a jam
    /// must be paid from.
    weights: &'a Weights,
    budget: &'a Budget,
    /// The nest's work when every trip count is known ([`known_work`]),
    /// found once: asked again after loop generation, it failed once the
    /// SCoP's allowance was spent (a convolution LLVM had unrolled into 44
    /// statements), and the SCoP with it.
    known: std::cell::OnceCell<Option<KnownWork>>,
    /// The pairs of statements no run of the nest executes both of
    /// ([`never_together`]), found at the first exact order comparison.
    apart: std::cell::OnceCell<BTreeSet<(StmtId, StmtId)>>,
}

impl<'a> Judge<'a> {
    pub fn new(scop: &'a PolyScop, deps: &Deps, original: &'a Schedule, facts: &'a Facts, weights: &'a Weights, budget: &'a Budget) -> Judge<'a> {
        let linked = deps.deps.iter().map(|d| (d.source.min(d.target), d.source.max(d.target))).collect();
        Judge { scop, original, facts, linked, in_source_order: RefCell::default(), weights, budget, known: Default::default(), apart: Default::default() }
    }

    /// [`known_work`] of the nest, found at the first question.
    fn known(&self) -> PolyResult<Option<KnownWork>> {
        if let Some(k) = self.known.get() {
            return Ok(*k);
        }
        let k = known_work(self.scop, self.facts.elem_bytes)?;
        Ok(*self.known.get_or_init(|| k))
    }

    /// Whether `planned` has a loop around a reduction that may be jammed
    /// (`ast::reduction_jam::jammable_loops`) and the budget can pay for
    /// the least such jam (`cost::size::least_jam_growth`); else, where
    /// one may be jammed, why it is not paid.
    fn jam(&self, planned: &Schedule) -> (bool, Option<String>) {
        let loops = crate::ast::reduction_jam::jammable_loops(self.scop, planned);
        match loops.iter().map(|body| least_jam_growth(self.weights, body)).min() {
            Some(least) => match self.budget.jam_beyond_share(least) {
                Some(why) => (false, Some(why)),
                None => (true, None),
            },
            None => (false, None),
        }
    }

    /// Why the budget cannot pay for any jam `planned` may have, if it may
    /// have one ([`Judge::jam`]).
    pub fn unpaid_jam(&self, planned: &Schedule) -> Option<String> {
        self.jam(planned).1
    }

    /// Why rewriting the SCoP with the `planned` schedule gains nothing, if
    /// it does not: the text of the "not profitable" remark.
    pub fn not_profitable(&self, planned: &Schedule) -> PolyResult<Option<String>> {
        let threads = self.facts.openmp && has_parallel_loop(planned, self.scop.params.len());
        let (jam, unpaid) = self.jam(planned);
        self.judge(planned, threads, jam, "are not run on threads (no -fopenmp)", unpaid)
    }

    /// Why the rewrite gains nothing once its loop tree is known to jam no
    /// loop around a reduction, where [`Judge::not_profitable`] counted on
    /// one (`ast::reduction_jam::may_jam_reductions`), if it does not.
    pub fn not_profitable_unjammed(&self, planned: &Schedule) -> PolyResult<Option<String>> {
        let threads = self.facts.openmp && has_parallel_loop(planned, self.scop.params.len());
        self.judge(planned, threads, false, "are not run on threads (no -fopenmp)", None)
    }

    /// Why the rewrite gains nothing once its loop tree is known to run no
    /// loop on threads (each parallel loop writes a scalar read after it,
    /// calls a function that sets errno, or, `too_small`, never has the
    /// work a fork needs: code generation keeps it on the calling thread),
    /// if it does not. Asked only where [`Judge::not_profitable`] counted
    /// on threads.
    pub fn not_profitable_unthreaded(&self, planned: &Schedule, too_small: bool) -> PolyResult<Option<String>> {
        let (jam, unpaid) = self.jam(planned);
        let why = if too_small {
            "never have the work a fork needs (their trip counts are known)"
        } else {
            "cannot run on threads (a scalar they write is read after them, or they set errno)"
        };
        self.judge(planned, false, jam, why, unpaid)
    }

    /// `jam`: a loop is jammed around a reduction (`ast::reduction_jam`),
    /// which -O3 does not do: the source order's rows interleaved;
    /// `unpaid`: why one that may be is not.
    fn judge(&self, planned: &Schedule, threads: bool, jam: bool, no_threads: &str, unpaid: Option<String>) -> PolyResult<Option<String>> {
        let (scop, facts) = (self.scop, self.facts);
        let np = scop.params.len();
        let known = self.known()?;
        if let Some(why) = small_work(known, facts, threads) {
            return Ok(Some(why));
        }
        // Known to be too little work for a fork, the nest never forks
        // (code generation tests the same figure at run time).
        let too_little = match known {
            Some(w) if threads && w.instances < MIN_FORK_WORK as u64 => Some(format!("have too little work for a fork ({} statement instances, every trip count known)", w.instances)),
            _ => None,
        };
        let threads = threads && too_little.is_none();
        if !threads && !jam && !facts.checked_accumulator && self.runs_in_source_order(planned) {
            let no_threads = too_little.as_deref().unwrap_or(no_threads);
            let why = if has_parallel_loop(planned, np) { format!(", and its parallel loops {no_threads}") } else { String::new() };
            let without = unpaid.map(|u| format!("without its unroll-and-jam of reductions ({u}), ")).unwrap_or_default();
            return Ok(Some(format!(
                "{without}the schedule keeps the original order (no interchange, fusion, distribution or tiling){why}: -O3 gets the same loops without the copy"
            )));
        }
        Ok(None)
    }

    /// Whether `planned` runs the SCoP's instances in the source order:
    /// read off the rows, else decided exactly on the instances
    /// ([`crate::deps::same_order`]: the scheduler writes some source
    /// orders differently) for SCoPs of a few statements, within a work
    /// cap; unknown counts as changed. Two statements with no dependence
    /// between them whose loops the schedule neither fuses nor distributes
    /// (`shared_loops`) may come in either order: moving one between the
    /// iterations of a loop the other runs alone gains nothing (gsl's
    /// cblas/zherk.c: the diagonal's scaling, after the row's loop in the
    /// source, put at its first iteration, which code generation then
    /// peeled). Remembered per schedule.
    fn runs_in_source_order(&self, planned: &Schedule) -> bool {
        if let Some(&(_, known)) = self.in_source_order.borrow().iter().find(|(rows, _)| *rows == planned.stmts) {
            return known;
        }
        let (scop, original) = (self.scop, self.original);
        let np = scop.params.len();
        let apart = self.apart.get_or_init(|| never_together(scop));
        let asked = |s: StmtId, t: StmtId| {
            !apart.contains(&(s.min(t), s.max(t)))
                && (s == t || self.linked.contains(&(s, t)) || shared_loops(original, s.index(), t.index(), np) != shared_loops(planned, s.index(), t.index(), np))
        };
        // The statements one run of the nest may hold together (a nest
        // LLVM unswitched on a flag holds each version's alone).
        let together = scop.stmt_ids().map(|s| scop.stmt_ids().filter(|&t| !apart.contains(&(s.min(t), s.max(t)))).count()).max().unwrap_or(0);
        let same = keeps_original_order(original, planned, np)
            // Only a schedule whose loops are each statement's counters in
            // order (no interchange, skew or tiles) can still be the
            // source order.
            || (together <= SAME_ORDER_MAX_STMTS
                && loops_are_counters(planned, np)
                && crate::poly::with_work_cap(SAME_ORDER_WORK, || crate::deps::same_order::same_instance_order(scop, &original.stmts, &planned.stmts, &asked)).unwrap_or(false));
        self.in_source_order.borrow_mut().push((planned.stmts.clone(), same));
        same
    }

    /// Whether the only gain of rewriting the SCoP with the `planned`
    /// schedule is running its parallel loops on threads, with trip counts
    /// unknown at compile time (a fork then happens only where the run's
    /// sizes are large): the schedule keeps the source order, no loop is
    /// jammed around a reduction (`jam`: the final tree's), and the
    /// rewrite's alias checks free no accumulator. Such rewrites are paid
    /// from an allowance of their own
    /// (`cost::size::THREAD_ONLY_GROWTH_PERCENT`). With every trip count
    /// known, the nest that reaches a fork's work forks for certain, and is
    /// paid as any other rewrite.
    pub fn gains_only_threads(&self, planned: &Schedule, jam: bool) -> PolyResult<bool> {
        let (scop, facts) = (self.scop, self.facts);
        let np = scop.params.len();
        if !facts.openmp || facts.checked_accumulator || jam || !has_parallel_loop(planned, np) || !self.runs_in_source_order(planned) {
            return Ok(false);
        }
        Ok(self.known()?.is_none())
    }
}

/// The pairs of statements (the lower first) that no run of the nest
/// executes both of: the conditions on the parameters alone in their
/// domains (each piece's rows that name no counter) exclude each other.
/// LLVM unswitches a loop on a flag (a triangular solve's `nonunit`, an
/// enum 131 or not) into one copy of the nest per value: a schedule that
/// puts the copies in one loop orders nothing that runs together, and the
/// order of each copy's own statements decides. A piece whose conditions
/// cannot be told apart counts as possibly together.
fn never_together(scop: &PolyScop) -> BTreeSet<(StmtId, StmtId)> {
    let np = scop.params.len();
    // Each statement's pieces as their rows on the parameters only.
    let pieces: Vec<Vec<(Vec<Vec<i64>>, Vec<Vec<i64>>)>> = scop
        .statements
        .iter()
        .map(|st| {
            let only_params = |r: &&Vec<i64>| r[np..r.len() - 1].iter().all(|&c| c == 0);
            let shrink = |r: &Vec<i64>| r[..np].iter().chain(std::iter::once(&r[r.len() - 1])).copied().collect::<Vec<i64>>();
            st.domain.parts().iter().map(|p| (p.eqs().iter().filter(only_params).map(shrink).collect(), p.ineqs().iter().filter(only_params).map(shrink).collect())).collect()
        })
        .collect();
    let disjoint = |a: &(Vec<Vec<i64>>, Vec<Vec<i64>>), b: &(Vec<Vec<i64>>, Vec<Vec<i64>>)| -> bool {
        if a.0.is_empty() && a.1.is_empty() || b.0.is_empty() && b.1.is_empty() {
            return false;
        }
        let Some(first) = scop.statements.first() else { return false };
        let space = crate::poly::Space { params: first.domain.space().params.clone(), input: None, output: crate::poly::Tuple::new(None, &[]) };
        let mut both = crate::poly::BasicSet::universe(space);
        let added = a.0.iter().chain(&b.0).try_for_each(|r| both.add_eq(r.clone())).and_then(|_| a.1.iter().chain(&b.1).try_for_each(|r| both.add_ineq(r.clone())));
        added.is_ok() && both.is_empty().unwrap_or(false)
    };
    let mut out = BTreeSet::new();
    for s in scop.stmt_ids() {
        for t in scop.stmt_ids().filter(|&t| t > s) {
            if pieces[s.index()].iter().all(|a| pieces[t.index()].iter().all(|b| disjoint(a, b))) {
                out.insert((s, t));
            }
        }
    }
    out
}

/// Work units the exact order comparison may spend (6 M for a recursive
/// filter's two statements, 21 M for a 2-D sweep's).
const SAME_ORDER_WORK: u64 = 100_000_000;

/// The most statements the exact comparison is tried on (it builds two
/// order relations per pair of statements).
const SAME_ORDER_MAX_STMTS: usize = 8;

/// The statement whose running sum would make the rewrite lose, if any: a
/// running sum mapped back to its memory cell (`scop::delicm`) in a loop
/// that also reads other cells of its array stays in the innermost loop of
/// statement `s` (one of `sums`: the statements of such loops, whose last
/// counter is the sum's loop). The new code then loads and stores the sum on every iteration:
/// nothing tells LLVM that the other reads never touch it, where -O3
/// keeps it in a register (a left-looking Cholesky ran 1.3x slower).
/// Moved outward (`B[i][j] -= L[i][k] * B[k][j]` with `k` outside `j`), the
/// sum's statement runs a vectorizable loop instead.
pub fn sum_left_in_memory(scop: &PolyScop, planned: &Schedule, sums: &[StmtId]) -> Option<StmtId> {
    let np = scop.params.len();
    sums.iter().copied().find(|&s| {
        let (Some(rows), Some(stmt)) = (planned.stmts.get(s.index()), scop.statements.get(s.index())) else { return false };
        let Some(innermost) = rows.iter().rposition(|r| r.iterates(np)) else { return false };
        let counters = stmt.domain.space().output.dims.len();
        counters > 0 && rows[innermost].coeffs.get(np + counters - 1).is_some_and(|&c| c != 0)
    })
}

/// Why the nest is too small to gain anything whatever its schedule, if
/// it is: every trip count known, the data within L1, and (where threads
/// may run it: `threads`) fewer instances than a fork costs. Asked again
/// before the dependence analysis, with `threads` true whenever the build
/// has OpenMP, so that such nests cost no polyhedral work.
pub fn small_known_work(scop: &PolyScop, facts: &Facts, threads: bool) -> PolyResult<Option<String>> {
    Ok(small_work(known_work(scop, facts.elem_bytes)?, facts, threads))
}

/// [`small_known_work`] on the nest's work, already known (`None`: some
/// trip count is not).
fn small_work(known: Option<KnownWork>, facts: &Facts, threads: bool) -> Option<String> {
    let w = known?;
    // All that is touched fits in the L1 cache, and the work is small: no
    // more instances than the cache holds elements, as for a nest of one
    // access whose traffic fits. The footprint counts an element once
    // however often it is come back to: LLVM fully unrolls loops of small
    // constant trip count into copies of the statement (a 16-column
    // triangular solve: 34 statements over two 2 KiB matrices, whose
    // traffic is 60 KiB), and those cost the most planning of all.
    let l1 = facts.l1_bytes.max(0) as u64;
    let fits = w.bytes <= l1 || (w.footprint <= l1 && w.instances.saturating_mul(facts.elem_bytes.max(1) as u64) <= l1);
    let too_little_for_threads = !threads || w.instances < MIN_FORK_WORK as u64;
    (fits && too_little_for_threads).then(|| {
        if w.instances == 0 {
            // Every domain is empty for the known bounds (a copy inlined
            // with constant arguments whose loops never run).
            return "every trip count is known and no statement instance runs: nothing to gain".to_string();
        }
        format!(
            "every trip count is known and small ({} statement instances touching at most {} bytes, within the {} KiB L1 cache): no locality to gain and too little work for threads; -O3 vectorizes and unrolls such loops itself",
            w.instances,
            w.bytes.min(w.footprint),
            facts.l1_bytes / 1024
        )
    })
}

/// Why the nest cannot gain, whatever the dependences, if it cannot:
/// without -fopenmp (no loop runs on threads), one statement touches
/// arrays (the others only move scalars: nothing to fuse or distribute
/// for locality), and it is either in at most one loop (nothing to
/// interchange, and a band of one loop is not tiled) or its innermost
/// loop already walks every array in order while no outer loop comes back
/// to an element (no stride to improve, no reuse for tiles to catch:
/// [`streams_once`]). Asked before the dependence analysis, so that such
/// nests cost no polyhedral work: LLVM's unroller leaves many one-loop
/// nests (opus's `exp_rotation`, a rotation unrolled by 8 into one
/// statement of 32 accesses), and libraries are full of whole-array
/// sweeps (gsl's matrix/minmax.c: 40 maximum and minimum searches, 650M
/// units of dependence analysis to be turned down). Not where the
/// rewrite's alias checks free an accumulator in memory
/// (`facts.checked_accumulator`), nor, while a jam may still come
/// (`may_jam`), where the statement is a floating-point recurrence carried
/// in a scalar under an outer loop (a recursive filter along rows: the
/// rows may be jammed, `ast::reduction_jam`). Asked again without it once
/// the tree holds no jam: the scheduler may have moved a scalar's
/// initialization into the loop's first iteration, which is no gain.
pub fn lone_statement(scop: &PolyScop, model: &Model, facts: &Facts, may_jam: bool) -> Option<String> {
    if facts.openmp || facts.checked_accumulator || scop.statements.len() != model.statements.len() {
        return None;
    }
    let touches_arrays = |s: &Statement| s.accesses.iter().any(|a| matches!(a.target, Target::Array(_)));
    let mut with_arrays = model.statements.iter().enumerate().filter(|(_, s)| touches_arrays(s));
    let (Some((k, stmt)), None) = (with_arrays.next(), with_arrays.next()) else { return None };
    if may_jam && stmt.loops.len() >= 2 && stmt.reduction.is_none() && stmt.float_arith && carries_a_scalar(stmt) {
        return None;
    }
    let s = &scop.statements[k];
    let counters = s.domain.space().output.dims.len();
    if counters <= 1 && scop.statements.len() == 1 {
        return Some("the schedule keeps the original order (no interchange, fusion, distribution or tiling: the nest is one statement in one loop), and no loop runs on threads without -fopenmp: -O3 gets the same loop without the copy".to_string());
    }
    let plain_counters = counters == stmt.loops.len() && !s.pseudo_dims.iter().any(|&p| p);
    (plain_counters && (counters <= 1 || streams_once(stmt))).then(|| {
        "nothing to gain without -fopenmp: one statement touches arrays, and its innermost loop walks each in order while its outer loops come back to no element (no stride to improve, no reuse to tile for, nothing to fuse): -O3 gets the same loops without the copy".to_string()
    })
}

/// Whether `stmt` writes a scalar it also reads (a value passed from one
/// iteration to the next).
fn carries_a_scalar(stmt: &Statement) -> bool {
    let scalars = |kind: AccessKind| stmt.accesses.iter().filter(move |a| a.kind == kind).filter_map(|a| if let Target::Scalar(v) = a.target { Some(v) } else { None });
    scalars(AccessKind::Write).any(|w| scalars(AccessKind::Read).any(|r| r == w))
}

/// Whether every array access of `stmt` moves by at most one element
/// along its innermost loop (in its last subscript; or stays put) and
/// never comes back to an element across its outer loops (the subscripts
/// as a function of the outer counters, with the innermost one where it
/// moves, are one-to-one as a linear map: `A[i][j]` is, `A[i + j]` and
/// `x[j]` under `i` are not; the loops' bounds are not looked at, so a
/// flattened `A[i*1000 + j]` that detection did not split counts as
/// coming back): the nest reads and writes each element once, in order.
pub fn streams_once(stmt: &Statement) -> bool {
    let Some((&inner, outer)) = stmt.loops.split_last() else { return true };
    let along = |a: &Access, l: Counter| -> Vec<i128> { a.subscripts.iter().map(|e| e.coeffs.get(&Sym::Counter(l)).copied().unwrap_or(0)).collect() };
    stmt.accesses.iter().filter(|a| matches!(a.target, Target::Array(_))).all(|a| {
        let c = along(a, inner);
        let in_order = match c.split_last() {
            None => true,
            Some((last, rest)) => rest.iter().all(|&x| x == 0) && last.abs() <= 1,
        };
        let mut columns: Vec<Vec<i128>> = outer.iter().map(|&l| along(a, l)).collect();
        if c.iter().any(|&x| x != 0) {
            columns.push(c);
        }
        in_order && crate::poly::hnf::one_to_one(columns)
    })
}

/// Whether some statement writes an array cell that stays the same along
/// its innermost loop (an accumulator in memory: `q[i] += A[i][j] * p[j]`
/// in the `j` loop) of an array among `checked`, those the rewrite's
/// run-time checks prove apart from the others. Then the new code tells
/// LLVM the arrays do not overlap: LICM keeps the cell in a register for
/// the whole inner loop and the vectorizer can reduce into it. At -O3 the
/// arrays may overlap, so the cell is loaded and stored on every iteration
/// (BiCG's two products ran 2.7x faster rewritten in their own order).
/// The cell must hold a running value: the statement reads it, or carries
/// a scalar from one iteration to the next (LLVM forwards the stored sum
/// to the next iteration's load, and the store stays in the loop). A cell
/// only written along the loop with values that do not run on
/// (`ey[0][j] = pulse[t]` under `t`, its `j` loop unrolled by LLVM) is no
/// accumulator, and its nest, rewritten in its own order for it, ran 1.75x
/// slower than -O3 (FDTD-2-D at N = 16).
pub fn checked_accumulator(model: &Model, checked: &[ArrayId]) -> bool {
    model.statements.iter().any(|s| {
        let Some(&inner) = s.loops.last() else { return false };
        let runs_on = |a: &Access| carries_a_scalar(s) || s.accesses.iter().any(|r| r.kind == AccessKind::Read && r.target == a.target && r.subscripts == a.subscripts);
        s.accesses.iter().any(|a| {
            a.kind == AccessKind::Write
                && matches!(a.target, Target::Array(x) if checked.contains(&x))
                && a.subscripts.iter().all(|sub| sub.coeffs.get(&Sym::Counter(inner)).is_none_or(|&c| c == 0))
                && runs_on(a)
        })
    })
}

/// Whether some loop dimension of `sched` is parallel for the statements
/// that iterate on it.
fn has_parallel_loop(sched: &Schedule, np: usize) -> bool {
    (0..sched.dims.len()).any(|k| {
        sched.stmt_ids().any(|s| sched.row(s, k).iterates(np) && sched.dims[k].marks_for(&|t| sched.same_side(s, t, k)).0)
    })
}

/// The nest's work when every counter has constant bounds, else `None`.
pub fn known_work(scop: &PolyScop, elem_bytes: i64) -> PolyResult<Option<KnownWork>> {
    let mut total = KnownWork { instances: 0, bytes: 0, footprint: 0 };
    for s in &scop.statements {
        let mut instances: u64 = 0;
        for part in s.domain.parts() {
            let (np, nd) = (part.n_param(), part.n_dim());
            let mut count: u64 = 1;
            for d in 0..nd {
                let mut f = vec![0; np + nd + 1];
                f[np + d] = 1;
                let Some((lo, hi)) = constant_range(part, &f)? else { return Ok(None) };
                count = count.saturating_mul((hi - lo + 1).max(0) as u64);
            }
            instances = instances.saturating_add(count);
        }
        let array_accesses = s.accesses.iter().filter(|a| !scop.is_scalar(a)).count() as u64;
        total.instances = total.instances.saturating_add(instances);
        total.bytes = total.bytes.saturating_add(instances.saturating_mul(array_accesses).saturating_mul(elem_bytes.max(1) as u64));
    }
    total.footprint = footprint(scop, elem_bytes)?;
    Ok(Some(total))
}

/// [`KnownWork::footprint`]: per array, the box of constant bounds around
/// the subscripts of every access over its statement's domain, its
/// elements counted at `elem_bytes` each, summed over the arrays.
fn footprint(scop: &PolyScop, elem_bytes: i64) -> PolyResult<u64> {
    let mut boxes: std::collections::BTreeMap<crate::scop::poly_scop::CellId, Vec<(i64, i64)>> = Default::default();
    for s in &scop.statements {
        for a in s.accesses.iter().filter(|a| !scop.is_scalar(a)) {
            let Some(b) = access_box(&s.domain, &a.relation)? else { return Ok(u64::MAX) };
            let merged = boxes.entry(a.array).or_insert_with(|| b.clone());
            if merged.len() != b.len() {
                return Ok(u64::MAX);
            }
            for (m, x) in merged.iter_mut().zip(&b) {
                *m = (m.0.min(x.0), m.1.max(x.1));
            }
        }
    }
    let mut bytes: u64 = 0;
    for b in boxes.values() {
        let elements = b.iter().fold(1u64, |n, &(lo, hi)| n.saturating_mul((hi as i128 - lo as i128 + 1).clamp(0, u64::MAX as i128) as u64));
        bytes = bytes.saturating_add(elements.saturating_mul(elem_bytes.max(1) as u64));
    }
    Ok(bytes)
}

/// The constant range of each subscript of `relation` (`[params | in |
/// out]`) over `domain` (`[params | in]`), `None` where one has none.
fn access_box(domain: &crate::poly::Set, relation: &crate::poly::Set) -> PolyResult<Option<Vec<(i64, i64)>>> {
    let space = relation.space();
    let (np, n_in, n_out) = (space.params.len(), space.n_in(), space.n_out());
    let mut out = vec![(i64::MAX, i64::MIN); n_out];
    for dom in domain.parts() {
        for rel in relation.parts() {
            let part = rel.restrict_domain(dom)?;
            for (d, range) in out.iter_mut().enumerate() {
                let mut f = vec![0; np + n_in + n_out + 1];
                f[np + n_in + d] = 1;
                let Some((lo, hi)) = constant_range(&part, &f)? else { return Ok(None) };
                *range = (range.0.min(lo), range.1.max(hi));
            }
        }
    }
    Ok(Some(out))
}

/// The constant bounds of `f` over `part`: over the set, `f` lies between
/// the largest lower and the smallest upper piece, and a constant piece
/// bounds it whatever the parameters. `None` without one on either side.
fn constant_range(part: &crate::poly::BasicSet, f: &[i64]) -> PolyResult<Option<(i64, i64)>> {
    let np = part.n_param();
    let b = part.bounds_of(f)?;
    let constant = |p: &&crate::poly::AffBound| p.expr[..np].iter().all(|&c| c == 0);
    let lo = b.lower.iter().filter(constant).map(|p| p.eval(&[], false)).collect::<PolyResult<Vec<_>>>()?.into_iter().max();
    let hi = b.upper.iter().filter(constant).map(|p| p.eval(&[], true)).collect::<PolyResult<Vec<_>>>()?.into_iter().min();
    Ok(lo.zip(hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_bounds_give_the_work_and_parameters_none() {
        let small = PolyScop::from_text("{ : 0 = 0 }", &[("{ S[i, j] : 0 <= i < 8 and 0 <= j < 8 }", "{ S[i, j] -> [0, i, 0, j, 0] }", &[("R", "{ S[i, j] -> A[i, j] }"), ("W", "{ S[i, j] -> B[j, i] }")])]).unwrap();
        assert_eq!(known_work(&small, 8).unwrap(), Some(KnownWork { instances: 64, bytes: 64 * 2 * 8, footprint: 64 * 2 * 8 }));
        let param = PolyScop::from_text("[n] -> { : n >= 1 }", &[("[n] -> { S[i] : 0 <= i < n }", "[n] -> { S[i] -> [0, i, 0] }", &[("R", "[n] -> { S[i] -> A[i] }")])]).unwrap();
        assert_eq!(known_work(&param, 8).unwrap(), None);
        // A triangle within constant bounds counts its bounding box.
        let tri = PolyScop::from_text("{ : 0 = 0 }", &[("{ S[i, j] : 0 <= i < 10 and 0 <= j <= i }", "{ S[i, j] -> [0, i, 0, j, 0] }", &[("W", "{ S[i, j] -> A[i, j] }")])]).unwrap();
        assert_eq!(known_work(&tri, 4).unwrap(), Some(KnownWork { instances: 100, bytes: 400, footprint: 400 }));
    }

    #[test]
    fn the_footprint_counts_each_element_once() {
        let facts = Facts { openmp: false, l1_bytes: 32 * 1024, elem_bytes: 8, checked_accumulator: false };
        // Every row reads all of A and writes one element of B: 48 KiB of
        // traffic over 896 bytes, in 3072 instances (24 KiB of elements).
        let rows = PolyScop::from_text("{ : 0 = 0 }", &[("{ S[i, j] : 0 <= i < 48 and 0 <= j < 64 }", "{ S[i, j] -> [0, i, 0, j, 0] }", &[("R", "{ S[i, j] -> A[j] }"), ("W", "{ S[i, j] -> B[i] }")])]).unwrap();
        let w = known_work(&rows, 8).unwrap().unwrap();
        assert_eq!((w.instances, w.bytes, w.footprint), (3072, 3072 * 2 * 8, (64 + 48) * 8));
        let why = small_known_work(&rows, &facts, false).unwrap().expect("small");
        assert!(why.contains("touching at most 896 bytes"), "{why}");
        // The same 16 elements swept 1000 times: more instances than the
        // cache holds elements, not small.
        let sweeps = PolyScop::from_text("{ : 0 = 0 }", &[("{ S[t, j] : 0 <= t < 1000 and 0 <= j < 16 }", "{ S[t, j] -> [0, t, 0, j, 0] }", &[("R", "{ S[t, j] -> A[j] }"), ("W", "{ S[t, j] -> A[j] }")])]).unwrap();
        let w = known_work(&sweeps, 8).unwrap().unwrap();
        assert_eq!(w.footprint, 16 * 8);
        assert_eq!(small_known_work(&sweeps, &facts, false).unwrap(), None);
        // A subscript without a constant bound: no footprint.
        let param = PolyScop::from_text("[n] -> { : n >= 1 }", &[("[n] -> { S[i] : 0 <= i < 4 }", "[n] -> { S[i] -> [0, i, 0] }", &[("R", "[n] -> { S[i] -> A[i + n] }")])]).unwrap();
        assert_eq!(known_work(&param, 8).unwrap().unwrap().footprint, u64::MAX);
    }

    #[test]
    fn a_nest_that_never_runs_says_so() {
        let never = PolyScop::from_text("{ : 0 = 0 }", &[("{ S[i] : 0 <= i < 0 }", "{ S[i] -> [0, i, 0] }", &[("W", "{ S[i] -> A[i] }")])]).unwrap();
        let facts = Facts { openmp: false, l1_bytes: 32 * 1024, elem_bytes: 8, checked_accumulator: false };
        let why = small_known_work(&never, &facts, false).unwrap().expect("not profitable");
        assert!(why.contains("no statement instance runs"), "{why}");
    }

    /// gsl's zherk: `for (i) { for (j < i) S0: C[i][j] *= b; S1: C[i][i] *= b; }`.
    /// The scheduler puts `S1` at `j = 0`, between the row's iterations:
    /// with no dependence between the two, the source order kept. When
    /// `S1` reads what `S0` writes there (`C[i][0]`), the move is a change.
    /// Why the profitability model turns `planned` down for `scop`, built
    /// without OpenMP, statements of 10 instructions, budgets to spare.
    fn judged_without_openmp(scop: &PolyScop, planned: &Schedule) -> Option<String> {
        let facts = Facts { openmp: false, l1_bytes: 32 * 1024, elem_bytes: 8, checked_accumulator: false };
        let deps = crate::deps::analyze(scop, &crate::deps::DepsOptions::default()).unwrap();
        let original = crate::sched::original::original_schedule(scop).unwrap();
        let n = scop.statements.len() as u64;
        let weights = Weights { stmt: vec![10; n as usize], original: 10 * n + 10, fallback: false, checks: 0, openmp: false };
        let budget = Budget { function_left: 1500, module_left: 1500, work_here: 1, work_left: 1, thread_only_left: 0 };
        Judge::new(scop, &deps, &original, &facts, &weights, &budget).not_profitable(planned).unwrap()
    }

    /// Three copies of a row sweep, one per value of a flag (as LLVM
    /// unswitches a nest on one), nine statements in all: a schedule that
    /// runs the copies in one loop orders nothing that runs together, and
    /// each copy keeps its own order: no change. With conditions that let
    /// the copies run together, the same schedule interleaves them.
    #[test]
    fn copies_for_each_value_of_a_flag_in_one_loop_keep_the_order() {
        use crate::schedule::{Band, DimInfo, RowKind, SchedRow};
        let scop = |flags: [&str; 3]| {
            let mut texts = vec![];
            for (v, flag) in flags.iter().enumerate() {
                let (a, b, c) = (3 * v, 3 * v + 1, 3 * v + 2);
                texts.push((format!("[f, n] -> {{ S{a}[i] : 0 <= i < n and {flag} }}"), format!("[f, n] -> {{ S{a}[i] -> [{v}, i, 0, 0, 0] }}"), vec![("W", format!("[f, n] -> {{ S{a}[i] -> x[i] }}"))]));
                texts.push((format!("[f, n] -> {{ S{b}[i, j] : 0 <= i < n and 0 <= j < n and {flag} }}"), format!("[f, n] -> {{ S{b}[i, j] -> [{v}, i, 1, j, 0] }}"), vec![("R", format!("[f, n] -> {{ S{b}[i, j] -> x[i] }}")), ("W", format!("[f, n] -> {{ S{b}[i, j] -> y[i, j] }}"))]));
                texts.push((format!("[f, n] -> {{ S{c}[i, j] : 0 <= i < n and 0 <= j < n and {flag} }}"), format!("[f, n] -> {{ S{c}[i, j] -> [{v}, i, 1, j, 1] }}"), vec![("R", format!("[f, n] -> {{ S{c}[i, j] -> y[i, j] }}")), ("W", format!("[f, n] -> {{ S{c}[i, j] -> z[i, j] }}"))]));
            }
            let accesses: Vec<Vec<(&str, &str)>> = texts.iter().map(|t| t.2.iter().map(|(k, r)| (*k, r.as_str())).collect()).collect();
            let stmts: Vec<(&str, &str, &[(&str, &str)])> = texts.iter().zip(&accesses).map(|(t, a)| (t.0.as_str(), t.1.as_str(), a.as_slice())).collect();
            PolyScop::from_text("[f, n] -> { : n >= 1 }", &stmts).unwrap()
        };
        let row = |c: &[i64]| SchedRow { coeffs: c.to_vec(), div: 1 };
        // Coefficients: [f, n, counters.., constant]; rows (i, v, p, j, q).
        let mut stmts = vec![];
        for v in 0..3 {
            stmts.push(vec![row(&[0, 0, 1, 0]), row(&[0, 0, 0, v]), row(&[0, 0, 0, 0]), row(&[0, 0, 0, 0]), row(&[0, 0, 0, 0])]);
            for q in 0..2 {
                stmts.push(vec![row(&[0, 0, 1, 0, 0]), row(&[0, 0, 0, 0, v]), row(&[0, 0, 0, 0, 1]), row(&[0, 0, 0, 1, 0]), row(&[0, 0, 0, 0, q])]);
            }
        }
        let kinds = [RowKind::Loop, RowKind::Scalar, RowKind::Scalar, RowKind::Loop, RowKind::Scalar];
        let planned = Schedule { stmts, dims: kinds.iter().map(|&k| DimInfo::marked(k, false, false)).collect(), bands: vec![Band::untiled(0, 1)] };
        let judged = |flags: [&str; 3]| judged_without_openmp(&scop(flags), &planned);
        let why = judged(["f <= 130", "f = 131", "f >= 132"]).expect("the source order");
        assert!(why.contains("keeps the original order"), "{why}");
        assert_eq!(judged(["f >= 0", "f >= 0", "f >= 0"]), None);
    }

    #[test]
    fn independent_statements_moved_between_iterations_keep_the_order() {
        use crate::schedule::{Band, DimInfo, RowKind, SchedRow};
        let scop = |s1_reads: &str| {
            PolyScop::from_text(
                "[n] -> { : n >= 2 }",
                &[
                    ("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", "[n] -> { S0[i, j] -> [0, i, 0, j, 0] }", &[("R", "[n] -> { S0[i, j] -> C[i, j] }"), ("W", "[n] -> { S0[i, j] -> C[i, j] }")]),
                    ("[n] -> { S1[i] : 0 <= i < n }", "[n] -> { S1[i] -> [0, i, 1, 0, 0] }", &[("R", s1_reads), ("W", "[n] -> { S1[i] -> C[i, i] }")]),
                ],
            )
            .unwrap()
        };
        let row = |c: &[i64]| SchedRow { coeffs: c.to_vec(), div: 1 };
        // Coefficients: [n, counters.., constant].
        let planned = Schedule {
            stmts: vec![vec![row(&[0, 1, 0, 0]), row(&[0, 0, 1, 0]), row(&[0, 0, 0, 0])], vec![row(&[0, 1, 0]), row(&[0, 0, 0]), row(&[0, 0, 1])]],
            dims: [RowKind::Loop, RowKind::Loop, RowKind::Scalar].iter().map(|&k| DimInfo::marked(k, false, false)).collect(),
            bands: vec![Band::untiled(0, 2)],
        };
        let judged = |s1_reads: &str| judged_without_openmp(&scop(s1_reads), &planned);
        let why = judged("[n] -> { S1[i] -> C[i, i] }").expect("the source order");
        assert!(why.contains("keeps the original order"), "{why}");
        assert_eq!(judged("[n] -> { S1[i] -> C[i, 0] }"), None);
    }
}
