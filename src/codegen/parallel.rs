//! Parallel loops on OpenMP threads. A parallel loop outside every team
//! becomes a worker (its blocks, outlined into a GOMP_parallel call at
//! the end of code generation) in which each thread runs its share of the
//! iterations. A loop outside every other loop forks once per run of the
//! SCoP (once per call of its function); one under sequential loops (a
//! stencil's time loop, the pivot loop of a factorization) forks once per
//! iteration of those. Either pays only when each fork has enough work:
//! it forks when a run-time estimate of
//! its statement instances reaches `MIN_FORK_WORK` and it has at least
//! `MIN_FORK_ITERATIONS` iterations; otherwise the same loop, emitted a
//! second time in place, runs on the calling thread. Iterations of uneven
//! work (a triangle) are shared round-robin, others in contiguous shares.

use super::expr::ExprGen;
use super::{ok, Gen, Worker};
use crate::ast::{count_stmts, For, Node};
use crate::ir::ValueId;
use crate::scop::model::AccessKind;
use inkwell::values::IntValue;
use inkwell::IntPredicate;
use std::collections::BTreeMap;

/// Statement instances below which a loop runs on the calling thread (the
/// profitability model uses the same figure).
use crate::cost::profit::MIN_FORK_WORK;

/// Iterations below which a loop under sequential loops runs on the calling
/// thread: with fewer, the threads' shares are uneven or empty (gram's
/// column loops, one or two 460-wide tiles, ran 10% slower on two threads
/// than on one).
const MIN_FORK_ITERATIONS: i64 = 4;

/// Loop spans are clamped to this in the estimate (products of three stay
/// far from overflow).
const SPAN_CAP: i64 = 1 << 20;

/// Nesting levels under the parallel loop the estimate looks into; deeper
/// loops count one instance per statement.
const ESTIMATE_LEVELS: usize = 8;


impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// The scalars (with a slot) the statements under `nodes` read and none
    /// of them writes: constant while the loop runs.
    fn scalars_only_read(&self, nodes: &[Node]) -> Vec<ValueId> {
        let mut inside = BTreeMap::new();
        count_stmts(nodes, &mut inside);
        let written = self.threading.scalars_of(inside.keys().copied(), AccessKind::Write);
        let read = self.threading.scalars_of(inside.keys().copied(), AccessKind::Read);
        read.into_iter().filter(|v| !written.contains(v) && self.region.slots.contains_key(v)).collect()
    }

    /// A parallel loop as an OpenMP worker: each thread runs its share of
    /// `[lb, ub]` (when outlining fails, the worker stays in place and
    /// runs all of it). The worker's
    /// blocks are outlined into a GOMP_parallel call at the end. Under
    /// sequential loops, the loop is also emitted as a plain loop, which
    /// runs instead when a fork would not pay (the worker called directly
    /// ran 8% slower than the loop in place: gram, whose column loops fork
    /// once per row). Outside every loop, where a fork is decided once per
    /// run of the region, the worker itself runs the small cases, called
    /// directly as a team of one: one copy of the loop instead of two (a
    /// tiled product's copy doubled the code of gsl's rank-k updates with
    /// -fopenmp) for the price of a call.
    pub(super) fn parallel_for(&mut self, f: &For) -> Result<(), String> {
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let lb = g.expr(&f.lower, &self.env);
        let ub = g.expr(&f.upper, &self.env);
        // For the tiles of one wavefront (many tiles, each a block of
        // work), a fork always pays. Any other loop forks only when its
        // work does, outside every loop of the function too: the function
        // itself may be called in a loop (tiny loops of real programs,
        // forked on every call, ran 16 to 50 times slower), and a SCoP
        // inside a loop the model left out runs once per iteration of it
        // (spmv's per-row loops forked 60000 times).
        // The loop forking at the entry had its fork decided with the
        // run-time checks (`entry_fork`).
        // A loop with copies of its scratch arrays forks only when they
        // fit on the threads' stacks (`private`).
        let copies = self.private_extents(f)?;
        // A product's column panels (`codegen::matmul`): how the threads
        // share them, which also decides whether a fork pays.
        let columns = if self.in_wavefront { None } else { super::matmul::Columns::of(f, self.env.params.len(), self.env.vars.len()) };
        let fork = if copies.is_none() && (self.in_wavefront || (self.depth == 0 && self.entry_fork == Some(f.var))) {
            None
        } else {
            let pays = self.fork_pays(f, lb, ub, columns.as_ref());
            Some(match &copies {
                Some(c) => ok(self.b.build_and(pays, c.fits, "fork.copies")),
                None => pays,
            })
        };
        // Outside every loop the worker runs alone when the fork does not
        // pay (see above).
        // A loop with copies of scratch arrays is no parallel loop: run
        // alone, it is the sequential loop, whose parallel loops inside
        // may fork themselves (a run with too few iterations of it, or
        // copies too large for the stacks, still gets threads).
        let alone_in_worker = fork.filter(|_| self.depth == 0 && f.private.is_empty());
        let exit = self.new_block("tessera.par.exit");
        if let Some(c) = fork.filter(|_| alone_in_worker.is_none()) {
            let (team, alone) = (self.new_block("tessera.par.fork"), self.new_block("tessera.par.alone"));
            ok(self.b.build_conditional_branch(c, team, alone));
            self.b.position_at_end(alone);
            self.alone_for(f)?;
            ok(self.b.build_unconditional_branch(exit));
            self.b.position_at_end(team);
        }
        let first = self.blocks.len();
        let worker = self.new_block("tessera.par.worker");
        let enter = ok(self.b.build_int_compare(IntPredicate::SLE, lb, ub, "enter"));
        ok(self.b.build_conditional_branch(enter, worker, exit));
        self.b.position_at_end(worker);
        // Each thread's copies of the scalars the loop writes: slots in the
        // worker's first block, which outlining makes the entry of the
        // thread's function (where they are promoted to registers); they
        // start with the shared values. The scalars it only reads get
        // copies too: read through the shared slot, whose address the
        // outlined function receives, each read is a load that a store to
        // an array may alias, which LoopVectorize cannot vectorize (a
        // forced loop then warns the user: gsl's radix-2 FFT twiddles).
        let private = self.threading.private_scalars(f).ok_or("a parallel loop with shared scalars")?;
        let read_only = self.scalars_only_read(&f.body);
        let mut shared = Vec::new();
        let mut slots = Vec::new();
        for &v in private.iter().chain(&read_only) {
            let slot = *self.region.slots.get(&v).ok_or("scalar without a slot")?;
            let ty = self.ir.basic_value(v).get_type();
            let copy = ok(self.b.build_alloca(ty, "tessera.private"));
            slots.extend(copy.as_instruction());
            let value = ok(self.b.build_load(ty, slot, "shared"));
            ok(self.b.build_store(copy, value));
            shared.push((v, self.region.slots.insert(v, copy).expect("checked above")));
        }
        let thread_copies = copies.as_ref().map(|c| self.thread_copies(c));
        // Slots made for its body (a jammed loop's rows) go to the same
        // block.
        let slot_block = self.slot_block.replace(worker);
        let outer_slots = std::mem::take(&mut self.worker_slots);
        let rows = match self.jammed_rows(f) {
            Ok(r) => r,
            Err(e) => {
                self.slot_block = slot_block;
                return Err(e);
            }
        };
        // The team's size and this thread's number.
        let (num_threads, thread_num) = self.ir.omp_queries();
        let i64t = self.ir.context.i64_type();
        // Called directly, the worker is a team of one, whatever team the
        // caller may be in; it asks the runtime only when it was forked (two
        // calls into the runtime cost more than a small run's loop).
        let alone = alone_in_worker.map(|c| {
            let (team, share) = (self.new_block("tessera.par.team"), self.new_block("tessera.par.share"));
            let from = self.b.get_insert_block().expect("positioned");
            ok(self.b.build_conditional_branch(c, team, share));
            self.b.position_at_end(team);
            (from, share)
        });
        let call = |fv| -> IntValue<'a> { ok(self.b.build_call(fv, &[], "omp")).try_as_basic_value().basic().expect("i32 result").into_int_value() };
        let queries = [call(num_threads), call(thread_num)];
        let [nt, tid] = queries.map(|q| ok(self.b.build_int_s_extend(q, i64t, "omp64")));
        let [nt, tid] = match alone {
            Some((from, share)) => {
                let team = self.b.get_insert_block().expect("positioned");
                ok(self.b.build_unconditional_branch(share));
                self.b.position_at_end(share);
                [(nt, 1), (tid, 0)].map(|(q, one)| {
                    let phi = ok(self.b.build_phi(i64t, "omp.share"));
                    phi.add_incoming(&[(&q, team), (&i64t.const_int(one, false), from)]);
                    phi.as_basic_value().into_int_value()
                })
            }
            None => [nt, tid],
        };
        // Iterations of uneven work (inner bounds that move with the
        // counter: a triangle) are dealt in rounds of nt, in a snake
        // order: thread tid takes the round's tid-th iteration in even
        // rounds and its (nt-1-tid)-th in odd ones. In contiguous shares
        // the last thread of two had 3/4 of a triangle (rank-2k update:
        // 1.33x on two threads at best); dealt round-robin, the thread
        // that starts each round still took the larger of every pair (a
        // lower triangle's four column panels of a product: 6 to 4 of its
        // work), in a snake 5 to 5. Not the tiles of a wavefront:
        // neighbouring tiles share data (jacobi-2d, LU: 1.7x slower dealt
        // apart).
        // A product's column panels: the threads share its columns (a
        // triangle's in units dealt in a snake).
        if columns.is_some() && copies.is_some() {
            return Err("a product's column panels with per-thread copies of arrays".into());
        }
        let units = match &columns {
            Some(c) if c.units => match self.column_units(c, f, lb, ub, nt) {
                Ok(u) => Some(u),
                Err(e) => {
                    self.slot_block = slot_block;
                    return Err(e);
                }
            },
            _ => None,
        };
        let snake = (uneven_iterations(f) && !self.in_wavefront) || units.is_some();
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let (lo, hi, step) = if let Some([_, _, n]) = units {
            (g.i64(0), ok(self.b.build_int_nsw_sub(n, g.i64(1), "units.last")), nt)
        } else if let Some(c) = &columns {
            let (lo, hi) = self.column_share(c, f.var, lb, ub, nt, tid);
            (lo, hi, self.ir.context.i64_type().const_int(c.nc as u64, true))
        } else if snake {
            (lb, ub, nt)
        } else {
            // chunk = ceil((ub - lb + 1) / nt); lo = lb + tid*chunk; hi = min(lo + chunk - 1, ub)
            let total = ok(self.b.build_int_nsw_add(ok(self.b.build_int_nsw_sub(ub, lb, "span")), g.i64(1), "total"));
            let chunk = g.ceil_div(total, nt);
            let lo = ok(self.b.build_int_nsw_add(lb, ok(self.b.build_int_nsw_mul(tid, chunk, "off")), "lo"));
            let end = ok(self.b.build_int_nsw_sub(ok(self.b.build_int_nsw_add(lo, chunk, "e")), g.i64(1), "e1"));
            (lo, g.extremum([end, ub], false).expect("two values"), g.i64(1))
        };
        let done = self.new_block("tessera.par.done");
        let header = self.new_block("tessera.par.loop");
        let some = ok(self.b.build_int_compare(IntPredicate::SLE, lo, hi, "some"));
        let preheader = self.b.get_insert_block().expect("positioned");
        ok(self.b.build_conditional_branch(some, header, done));
        self.b.position_at_end(header);
        let iv = ok(self.b.build_phi(i64t, "t"));
        let iv_val = iv.as_basic_value().into_int_value();
        // The snake: `iv` is the round's first iteration, `odd` its parity.
        let turn = if snake {
            let odd = ok(self.b.build_phi(self.ir.context.bool_type(), "odd"));
            let g = ExprGen { b: &self.b, ctx: &self.ir.context };
            let back = ok(self.b.build_int_nsw_sub(ok(self.b.build_int_nsw_sub(nt, g.i64(1), "nt1")), tid, "back"));
            let offset = ok(self.b.build_select(odd.as_basic_value().into_int_value(), back, tid, "offset")).into_int_value();
            let t = ok(self.b.build_int_nsw_add(iv_val, offset, "t.snake"));
            let (body_bb, next_bb) = (self.new_block("tessera.par.turn"), self.new_block("tessera.par.next"));
            let mine = ok(self.b.build_int_compare(IntPredicate::SLE, t, hi, "mine"));
            ok(self.b.build_conditional_branch(mine, body_bb, next_bb));
            self.b.position_at_end(body_bb);
            Some((odd, t, next_bb))
        } else {
            None
        };
        // With column shares, `iv` is a panel's first column and the loop's
        // own variable is used by nothing inside (`Columns::of`); with
        // units, the snake's turn is a unit, whose panel is bound below.
        let saved = if columns.is_some() { self.env.vars[f.var] } else { self.env.vars[f.var].replace(turn.map_or(iv_val, |(_, t, _)| t)) };
        let redirected = thread_copies.as_ref().map(|c| self.redirect(c, turn.map_or(iv_val, |(_, t, _)| t), ub));
        self.depth += 1;
        self.in_team = true;
        let in_wavefront = std::mem::replace(&mut self.in_wavefront, false);
        self.memory.push(vec![]);
        let body = match &columns {
            Some(c) => {
                // The columns of this turn: a unit (in its panel, bound to
                // the loop's variable), or the next NC of the thread's share.
                let (first, last) = match units {
                    Some([width, in_panel, _]) => {
                        let [panel, first, last] = self.column_unit(c, turn.map_or(iv_val, |(_, t, _)| t), lb, width, in_panel);
                        self.env.vars[f.var] = Some(panel);
                        (first, last)
                    }
                    None => {
                        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
                        let last = ok(self.b.build_int_nsw_add(iv_val, g.i64(c.nc - 1), "panel.last"));
                        (iv_val, g.extremum([last, hi], false).expect("two values"))
                    }
                };
                self.env.vars.extend([Some(first), Some(last)]);
                let r = self.nodes(std::slice::from_ref(&c.node));
                self.env.vars.truncate(c.var);
                r
            }
            None => self.nodes(&f.body),
        };
        let mem = self.memory.pop().unwrap_or_default();
        if let Some(before) = redirected {
            self.restore_bases(before);
        }
        self.in_team = false;
        self.in_wavefront = in_wavefront;
        self.depth -= 1;
        self.env.vars[f.var] = saved;
        for (v, slot) in shared {
            self.region.slots.insert(v, slot);
        }
        self.row_slots = rows;
        self.slot_block = slot_block;
        slots.extend(std::mem::replace(&mut self.worker_slots, outer_slots));
        body?;
        if let Some((_, _, next_bb)) = turn {
            ok(self.b.build_unconditional_branch(next_bb));
            self.b.position_at_end(next_bb);
        }
        let next = ok(self.b.build_int_nsw_add(iv_val, step, "t.next"));
        let flipped = turn.map(|(odd, _, _)| ok(self.b.build_not(odd.as_basic_value().into_int_value(), "flip")));
        let again = ok(self.b.build_int_compare(IntPredicate::SLE, next, hi, "again"));
        let br = ok(self.b.build_conditional_branch(again, header, done));
        let latch = self.b.get_insert_block().expect("positioned");
        self.mark_vectorizable(f, br, &mem);
        iv.add_incoming(&[(&lo, preheader), (&next, latch)]);
        if let (Some((odd, _, _)), Some(flipped)) = (turn, flipped) {
            odd.add_incoming(&[(&self.ir.context.bool_type().const_zero(), preheader), (&flipped, latch)]);
        }
        self.b.position_at_end(done);
        if let Some(c) = &thread_copies {
            self.free_copies(c);
        }
        ok(self.b.build_unconditional_branch(exit));
        self.workers.push(Worker { blocks: self.blocks[first..].to_vec(), slots, queries, fork: alone_in_worker, dim: f.var, private: f.private.clone() });
        self.summary.loops += 1;
        self.summary.parallel_loops += 1;
        self.b.position_at_end(exit);
        Ok(())
    }

    /// Whether loop `f`, running from `lb` to `ub`, has the work and the
    /// iterations a fork pays for.
    pub(super) fn fork_pays(&mut self, f: &For, lb: IntValue<'a>, ub: IntValue<'a>, columns: Option<&super::matmul::Columns>) -> IntValue<'a> {
        let work = self.work_of_loop(f, lb, ub, ESTIMATE_LEVELS);
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let enough = ok(self.b.build_int_compare(IntPredicate::SGE, work, g.i64(MIN_FORK_WORK), "fork.work"));
        let span = ok(self.b.build_int_sub(ub, lb, "fork.span"));
        // The column panels of a matrix product (`codegen::matmul`) are
        // large blocks of equal work, the last narrower at most: two of
        // them on two threads halve the time (gemm at n = 528, two panels
        // of 264 columns, ran 1.00x on two threads while it needed four).
        // Where the threads share the product's columns (`Columns`), one
        // panel of two micro-panels or more is enough (panels as wide as
        // the L3 allows often hold all the columns: n = 2000 in one panel
        // of 2048 ran on one thread of two).
        let shares = match columns {
            // A triangle's panels are cut into units, two for each
            // thread, where there are fewer panels than that.
            Some(c) if c.units => self.ir.context.bool_type().const_int(1, false),
            Some(c) => {
                let [_, _, n] = self.product_columns(c, f.var, lb, ub);
                let two = self.ir.context.i64_type().const_int(2 * c.nr as u64, false);
                ok(self.b.build_int_compare(IntPredicate::SGE, n, two, "fork.shares"))
            }
            None => {
                let holds_product = f.body.iter().any(|n| matches!(n, Node::For(g) if g.matmul.is_some()));
                let min_iterations = if holds_product { 2 } else { MIN_FORK_ITERATIONS };
                let least = self.ir.context.i64_type().const_int((min_iterations - 1) as u64, false);
                ok(self.b.build_int_compare(IntPredicate::SGE, span, least, "fork.shares"))
            }
        };
        ok(self.b.build_and(enough, shares, "fork"))
    }

    /// The condition under which the loop making up the whole tree
    /// ([`crate::ast::Ast::entry_fork`]) forks, emitted where the builder
    /// is (before the region, with the run-time checks): the region runs
    /// only then, and the original nest, the checks' fallback, runs the
    /// small cases instead of a second copy of the loop. None when the
    /// tree has no such loop or the loop stays on the calling thread.
    pub(super) fn entry_fork(&mut self, ast: &crate::ast::Ast) -> Option<IntValue<'a>> {
        let f = ast.entry_fork().filter(|f| self.openmp && self.threading.forks(f))?;
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let (lb, ub) = (g.expr(&f.lower, &self.env), g.expr(&f.upper, &self.env));
        self.entry_fork = Some(f.var);
        let columns = super::matmul::Columns::of(f, self.env.params.len(), self.env.vars.len());
        Some(self.fork_pays(f, lb, ub, columns.as_ref()))
    }

    /// Parallel loop `f` as a plain loop on the calling thread, with no
    /// team inside either (which would only double the code again), but
    /// for a loop with copies of scratch arrays (see below); not counted
    /// in the summary (an alternative to the worker).
    fn alone_for(&mut self, f: &For) -> Result<(), String> {
        let (summary, in_team) = (std::mem::take(&mut self.summary), self.in_team);
        // A loop with copies of scratch arrays is no parallel loop: alone,
        // it is the sequential loop, whose parallel loops may fork.
        self.in_team = f.private.is_empty();
        let r = self.plain_for(f);
        self.in_team = in_team;
        self.summary = summary;
        r
    }

    /// An estimate of the statement instances of loop `f` running from
    /// `lb` to `ub`: its span times the work of its body with its counter
    /// at the middle of the range (exact for rectangular nests, the
    /// average for triangular ones).
    fn work_of_loop(&mut self, f: &For, lb: IntValue<'a>, ub: IntValue<'a>, levels: usize) -> IntValue<'a> {
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let diff = ok(self.b.build_int_sub(ub, lb, "w.diff"));
        let span = ok(self.b.build_int_add(diff, g.i64(1), "w.span"));
        let span = g.extremum([g.extremum([span, g.i64(0)], true).expect("two"), g.i64(SPAN_CAP)], false).expect("two");
        if levels == 0 {
            return span;
        }
        let half = ok(self.b.build_right_shift(diff, g.i64(1), true, "w.half"));
        let mid = ok(self.b.build_int_add(lb, half, "w.mid"));
        let saved = self.env.vars[f.var].replace(mid);
        let body = self.work_of(&f.body, levels - 1);
        self.env.vars[f.var] = saved;
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let body = g.extremum([body, g.i64(SPAN_CAP * SPAN_CAP)], false).expect("two");
        ok(self.b.build_int_mul(span, body, "w.loop"))
    }

    /// The estimated statement instances of `nodes` (see `work_of_loop`).
    fn work_of(&mut self, nodes: &[Node], levels: usize) -> IntValue<'a> {
        let mut total = self.ir.context.i64_type().const_int(0, false);
        for n in nodes {
            let w = match n {
                Node::Stmt { .. } => self.ir.context.i64_type().const_int(1, false),
                Node::For(inner) if levels > 0 => {
                    let g = ExprGen { b: &self.b, ctx: &self.ir.context };
                    let (lb, ub) = (g.expr(&inner.lower, &self.env), g.expr(&inner.upper, &self.env));
                    self.work_of_loop(inner, lb, ub, levels)
                }
                Node::For(inner) => self.ir.context.i64_type().const_int(count_under(&inner.body) as u64, false),
                Node::If { then, otherwise, .. } => {
                    let (t, e) = (self.work_of(then, levels), self.work_of(otherwise, levels));
                    ok(self.b.build_int_add(t, e, "w.if"))
                }
            };
            total = ok(self.b.build_int_add(total, w, "w.sum"));
        }
        total
    }
}

/// Whether the iterations of parallel loop `f` hold uneven work: a loop
/// under it whose span changes with `f`'s counter, its bounds moving with
/// the counter at different rates (a triangle: `0 <= j <= i`), unlike the
/// point loop of a tile (`8i <= j <= min(8i + 7, n - 1)`).
fn uneven_iterations(f: &For) -> bool {
    use crate::ast::Expr;
    use std::collections::BTreeSet;
    /// The rates (in millionths) at which the terms of `e` move with `var`.
    fn rates(e: &Expr, var: usize, out: &mut BTreeSet<i64>) {
        let mut add = |c: i64, d: i64| {
            if c != 0 {
                out.insert(c.saturating_mul(1_000_000) / d.max(1));
            }
        };
        match e {
            Expr::Aff(a) => add(a.vars.get(var).copied().unwrap_or(0), 1),
            Expr::FloorDiv(a, d) | Expr::CeilDiv(a, d) => add(a.vars.get(var).copied().unwrap_or(0), *d),
            Expr::Min(es) | Expr::Max(es) => es.iter().for_each(|x| rates(x, var, out)),
            // Only a jammed loop's remainder rows have these bounds.
            Expr::Scaled(x, _, _) => rates(x, var, out),
        }
    }
    fn any_loop(nodes: &[Node], var: usize) -> bool {
        nodes.iter().any(|n| match n {
            Node::For(g) => {
                let (mut lo, mut hi) = (BTreeSet::new(), BTreeSet::new());
                rates(&g.lower, var, &mut lo);
                rates(&g.upper, var, &mut hi);
                lo != hi || any_loop(&g.body, var)
            }
            Node::If { then, otherwise, .. } => any_loop(then, var) || any_loop(otherwise, var),
            Node::Stmt { .. } => false,
        })
    }
    any_loop(&f.body, f.var)
}

/// The statements under `nodes`, each counted once.
fn count_under(nodes: &[Node]) -> usize {
    let mut n = BTreeMap::new();
    count_stmts(nodes, &mut n);
    n.values().sum()
}
