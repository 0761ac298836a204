//! The scanner: one level (schedule dimension) at a time, loops, sequences
//! and guards from the statements' scheduled sets.
//!
//! Running example: `S0[i] : 0 <= i < n` with schedule `(i, 0, 0)` and
//! `S1[i, j] : 0 <= j <= i < n` with `(i, 1, j)`, context `n >= 1`.
//!
//! * Level 0: both statements' projections on `t0` overlap, so they form
//!   one *group* and share one loop; each statement's lower bounds `t0 >= 0`
//!   hold for the other, so the loop is `0 <= t0 <= n - 1` (no `min`/`max`).
//!   The condition `n >= 1` (projection on the parameters) is implied by the
//!   context; had it not been, it would be *hoisted* as an `if` around the
//!   loop, unless the loop's own bounds imply it (an empty loop runs nothing).
//! * Level 1: `t1 = 0` for S0 and `t1 = 1` for S1: two groups, ordered
//!   because every S0 point precedes every S1 point with the same `t0`; each
//!   fixes `t1`, so no loop is made: a *sequence*, `t1` replaced by its value.
//! * Level 2: S0 fixes `t2 = 0`; S1 gets `for (t2 = 0; t2 <= t0; t2++)`.
//! * Leaves: what the statement's exact scheduled set says beyond the
//!   enclosing loops and guards (`gist`) becomes its own `if`.
//!
//! When a condition on the outer dimensions is needed by only some
//! statements of a group (an initialisation that only runs in the first
//! tile along `k`), the group is *separated* once:
//! `if (C) { all statements } else { those that do not need C }`, so the
//! common case runs loops without that guard
//! ([`super::AstOptions::separate_guards`]).
//!
//! ```text
//! for (t0 = 0; t0 <= n - 1; t0++) {
//!   S0(t0);
//!   for (t2 = 0; t2 <= t0; t2++)
//!     S1(t0, t2);
//! }
//! ```
//!
//! Invariant that makes this correct: `ctx` is always implied by the code
//! around the point of generation (context, enclosing loop bounds, `then`
//! branches), loops cover the (over-approximate) projections of their
//! statements, and at the leaves the guard restores the exact set.

use super::expr::{Aff, Cond, Expr};
use super::scheduled::Item;
use super::sets::{self, constraints, gist, implies, lift, proven_empty, with, Constraint, Work};
use super::{group, tiles, AstError, AstOptions, AstResult, For, IfKind, LoopRole, Node};
use crate::poly::row::Row;
use crate::poly::BasicSet;
use crate::sched::schedule::Schedule;
use crate::scop::poly_scop::StmtId;

/// How many times one group may be split on a guard that only some of
/// its statements need (each split may double the group's code).
const GUARD_SPLITS: usize = 1;

/// The generator's state; see the module documentation.
pub struct Scanner<'a> {
    pub(super) np: usize,
    pub(super) m: usize,
    pub(super) items: Vec<Item>,
    sched: &'a Schedule,
    opts: &'a AstOptions,
    /// Values of the dimensions that have no loop at the current point.
    env: Vec<Option<Aff>>,
    pub(super) work: Work,
    nodes: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(np: usize, m: usize, items: Vec<Item>, sched: &'a Schedule, opts: &'a AstOptions) -> Scanner<'a> {
        Scanner { np, m, items, sched, opts, env: vec![None; m], work: Work::new(opts.max_queries), nodes: 0 }
    }

    /// The whole tree under the parameter context `ctx`, and the
    /// dimensions of the loops whose rows [`super::jam`] jammed.
    pub fn generate(&mut self, ctx: &BasicSet) -> AstResult<(Vec<Node>, std::collections::BTreeSet<usize>)> {
        let all = (0..self.items.len()).collect();
        let plans = self.jam_plans();
        let (mut body, jammed) = super::jam::jam(super::peel::peel(self.gen(0, all, ctx, true)?)?, &plans)?;
        mark_vectorizable(&mut body);
        Ok((body, jammed))
    }

    fn count(&mut self) -> AstResult<()> {
        self.nodes += 1;
        if self.nodes > self.opts.max_nodes {
            return Err(AstError::TooLarge);
        }
        Ok(())
    }

    /// Code for level `k` for the items `active`; `ctx` is over `t0..t{k-1}`.
    pub(super) fn gen(&mut self, k: usize, active: Vec<usize>, ctx: &BasicSet, may_split: bool) -> AstResult<Vec<Node>> {
        if k == self.m {
            return self.leaves(active, ctx);
        }
        if may_split && self.opts.separate_full_tiles {
            if let Some((sizes, dims)) = self.point_band_at(k) {
                if let Some(cond) = tiles::full_tile_condition(self, &dims, &sizes, &active, ctx)? {
                    let full = with(ctx, &cond)?;
                    let then = self.gen(k, active.clone(), &full, false)?;
                    let otherwise = self.gen(k, active, ctx, false)?;
                    self.count()?;
                    return Ok(vec![Node::If { cond: self.conds(&cond)?, then, otherwise, kind: IfKind::FullTile }]);
                }
            }
        }
        let lctx = lift(ctx, 1);
        let (mut live, mut here) = (vec![], vec![]);
        for i in active {
            let s = self.items[i].projs[k + 1].intersect(&lctx)?;
            if !proven_empty(&s, &mut self.work)? {
                live.push(i);
                here.push(s);
            }
        }
        let groups = group::order_groups(&here, self.np, k, &mut self.work)?;
        let mut out = vec![];
        for g in groups {
            let ids: Vec<usize> = g.iter().map(|&j| live[j]).collect();
            let splits = if self.opts.separate_guards { GUARD_SPLITS } else { 0 };
            out.extend(self.emit_group(k, ids, ctx, splits)?);
        }
        Ok(merge_ifs(out))
    }

    /// One group of level `k`: hoisted guards, then a loop or a fixed value.
    /// `splits` is how many more times the group may be split on a
    /// condition that only some of its items need.
    fn emit_group(&mut self, k: usize, ids: Vec<usize>, ctx: &BasicSet, splits: usize) -> AstResult<Vec<Node>> {
        let lctx = lift(ctx, 1);
        let (mut live, mut here) = (vec![], vec![]);
        for i in ids {
            let s = self.items[i].projs[k + 1].intersect(&lctx)?;
            if !proven_empty(&s, &mut self.work)? {
                live.push(i);
                here.push(s);
            }
        }
        let ids = live;
        if ids.is_empty() {
            return Ok(vec![]);
        }
        // Conditions on the outer dimensions that every item of the group
        // needs (`cands`), and those only some need (`private`).
        let mut cands: Vec<Constraint> = vec![];
        let mut private: Vec<Vec<Constraint>> = vec![];
        for &i in &ids {
            let g = gist(&self.items[i].projs[k], ctx, &mut self.work)?;
            let mut mine = vec![];
            for c in constraints(&g) {
                if cands.contains(&c) {
                    continue;
                }
                if here.iter().try_fold(true, |acc, s| Ok::<_, AstError>(acc && implies(s, &c, &mut self.work)?))? {
                    cands.push(c);
                } else {
                    mine.push(c);
                }
            }
            private.push(mine);
        }
        // Separation: `if (C) { all items } else { the items that do not
        // need C }`, so that the loops of the common case carry no guard
        // (e.g. an initialisation that only runs in the first tile along k).
        if splits > 0 && ids.len() > 1 {
            if let Some(c) = private.iter().find(|p| !p.is_empty()).cloned() {
                let then = self.emit_group(k, ids.clone(), &with(ctx, &c)?, splits - 1)?;
                let mut rest = vec![];
                for (j, s) in ids.iter().zip(&here) {
                    let mut needs = true;
                    for x in &c {
                        needs = needs && implies(s, x, &mut self.work)?;
                    }
                    if !needs {
                        rest.push(*j);
                    }
                }
                // The else branch runs where C fails: with C one
                // inequality, its negation joins the branch's context (its
                // loops' bounds and trip counts know it: a column loop
                // under `n <= 1` runs once).
                let ctx_else = match c.as_slice() {
                    [(r, false)] => with(ctx, &[(sets::negate_ineq(r)?, false)])?,
                    _ => ctx.clone(),
                };
                let otherwise = if rest.is_empty() { vec![] } else { self.emit_group(k, rest, &ctx_else, splits - 1)? };
                self.count()?;
                return Ok(vec![Node::If { cond: self.conds(&c)?, then, otherwise, kind: IfKind::Guard }]);
            }
        }
        let ctx_g = with(ctx, &cands)?;
        let kept = ids.iter().any(|&i| self.opts.kept_loops.contains(&(k, self.items[i].stmt)));
        if let Some(e) = if kept { None } else { self.fixed_value(k, &ids, &ctx_g)? } {
            // No loop: the guards go down to the next loop, whose bounds
            // may imply them (an empty loop needs no guard).
            let mut r = crate::poly::row::negate(&e)?;
            r = sets::widen(&r, self.np + k + 2);
            r[self.np + k] = 1;
            let inner = with(&lctx, &[(r, true)])?;
            self.env[k] = Some(Aff::from_row(&e, self.np, &self.env)?);
            let body = self.gen(k + 1, ids, &inner, true);
            self.env[k] = None;
            return body;
        }
        let (lower, lrows) = self.bound(k, &ids, &ctx_g, true)?;
        let (upper, urows) = self.bound(k, &ids, &ctx_g, false)?;
        let mut loop_ctx = with(&lctx, &[&lrows[..], &urows[..]].concat())?;
        let mut hoisted = vec![];
        for c in cands {
            if !implies(&loop_ctx, &c, &mut self.work)? {
                hoisted.push(c);
            }
        }
        loop_ctx = with(&loop_ctx, &hoisted)?;
        let stmts: std::collections::BTreeSet<StmtId> = ids.iter().map(|&i| self.items[i].stmt).collect();
        let body = self.gen(k + 1, ids, &loop_ctx, true)?;
        self.count()?;
        let (parallel, parallel_if_reduction) = self.sched.dims[k].marks_for(&|s| stmts.contains(&s));
        // An innermost parallel loop (one that may be vectorized) with no
        // second iteration: `t_k - 1` never meets the lower bounds inside
        // the loop. Other loops skip the query.
        let runs_once = parallel && !body.iter().any(|n| matches!(n, Node::For(_))) && {
            let earlier: Vec<Constraint> = lrows
                .iter()
                .map(|(r, eq)| {
                    let mut r = r.clone();
                    let last = r.len() - 1;
                    r[last] = crate::poly::int::sub(r[last], r.get(self.np + k).copied().unwrap_or(0))?;
                    Ok((r, *eq))
                })
                .collect::<AstResult<_>>()?;
            proven_empty(&with(&loop_ctx, &earlier)?, &mut self.work)?
        };
        let (role, wavefront) = self.role(k);
        let f = For {
            var: k,
            lower,
            upper,
            body,
            parallel,
            parallel_if_reduction,
            vectorizable: false,
            runs_once,
            wavefront,
            role,
            matmul: None,
            copies: 0,
            private: vec![],
            promoted: vec![],
        };
        self.guarded(&hoisted, vec![Node::For(f)])
    }

    /// `t_k = e(params, t0..t{k-1})` shared by every item of the group, if
    /// the sets fix `t_k` with a unit coefficient.
    fn fixed_value(&mut self, k: usize, ids: &[usize], ctx: &BasicSet) -> AstResult<Option<Row>> {
        let c = self.np + k;
        let lctx = lift(ctx, 1);
        let mut found: Option<Row> = None;
        for &i in ids {
            let s = self.items[i].projs[k + 1].intersect(&lctx)?.normalize()?;
            let e = s.eqs().iter().find(|r| r[c].abs() == 1).map(|r| {
                let mut e = r.clone();
                e[c] = 0;
                let e = sets::truncate(&e, c);
                if r[c] == 1 {
                    crate::poly::row::negate(&e)
                } else {
                    Ok(e)
                }
            });
            match (e.transpose()?, &found) {
                (None, _) => return Ok(None),
                (Some(e), None) => found = Some(e),
                (Some(e), Some(f)) if e == *f => {}
                _ => return Ok(None),
            }
        }
        Ok(found)
    }

    /// The loop bound on `t_k` for the group (`lower`: a lower bound) and
    /// the constraints it guarantees inside the loop.
    fn bound(&mut self, k: usize, ids: &[usize], ctx: &BasicSet, lower: bool) -> AstResult<(Expr, Vec<Constraint>)> {
        let c = self.np + k;
        let lctx = lift(ctx, 1);
        let mut lists: Vec<Vec<Row>> = vec![];
        for &i in ids {
            let q = gist(&self.items[i].projs[k + 1], ctx, &mut self.work)?;
            let mut rows: Vec<Row> = vec![];
            for (r, eq) in constraints(&q) {
                let want = if lower { r[c] > 0 } else { r[c] < 0 };
                if want {
                    rows.push(r);
                } else if eq && r[c] != 0 {
                    rows.push(crate::poly::row::negate(&r)?);
                }
            }
            if rows.is_empty() {
                return Err(AstError::Unbounded { stmt: self.items[i].stmt, dim: k });
            }
            if !lists.contains(&rows) {
                lists.push(rows);
            }
        }
        // A list whose constraints hold for every item bounds the whole group.
        let sets: Vec<BasicSet> = ids.iter().map(|&i| self.items[i].projs[k + 1].intersect(&lctx)).collect::<Result<_, _>>()?;
        let mut chosen = None;
        if lists.len() == 1 {
            chosen = Some(0);
        } else {
            for (li, rows) in lists.iter().enumerate() {
                let mut ok = true;
                for r in rows {
                    for s in &sets {
                        ok = ok && implies(s, &(r.clone(), false), &mut self.work)?;
                    }
                }
                if ok {
                    chosen = Some(li);
                    break;
                }
            }
        }
        let term_list = |sc: &Self, rows: &[Row]| -> AstResult<Expr> {
            let terms = rows.iter().map(|r| sc.bound_term(r, c, lower)).collect::<AstResult<Vec<_>>>()?;
            Ok(if lower { Expr::max_of(terms) } else { Expr::min_of(terms) })
        };
        match chosen {
            Some(li) => Ok((term_list(self, &lists[li])?, lists[li].iter().map(|r| (r.clone(), false)).collect())),
            None => {
                let per_item = lists.iter().map(|rows| term_list(self, rows)).collect::<AstResult<Vec<_>>>()?;
                Ok((if lower { Expr::min_of(per_item) } else { Expr::max_of(per_item) }, vec![]))
            }
        }
    }

    /// `a·t_k + R >= 0` as `t_k >= ceil(-R / a)` or `t_k <= floor(R / -a)`.
    fn bound_term(&self, r: &[i64], c: usize, lower: bool) -> AstResult<Expr> {
        let a = r[c];
        let mut rest = r.to_vec();
        rest[c] = 0;
        let rest = sets::truncate(&rest, c);
        let aff = Aff::from_row(&rest, self.np, &self.env)?;
        Ok(if lower { Expr::ceil(aff.neg()?, a) } else { Expr::floor(aff, -a) })
    }

    /// The statements, each under the guard its exact set still needs.
    fn leaves(&mut self, mut active: Vec<usize>, ctx: &BasicSet) -> AstResult<Vec<Node>> {
        active.sort_by_key(|&i| self.items[i].stmt);
        let mut out = vec![];
        for i in active {
            let exact = self.items[i].projs[self.m].intersect(ctx)?;
            if proven_empty(&exact, &mut self.work)? {
                continue;
            }
            let g = gist(&self.items[i].projs[self.m], ctx, &mut self.work)?;
            let mut cond = self.conds(&constraints(&g))?;
            for (r, d) in self.items[i].divs.clone() {
                let a = Aff::from_row(&r, self.np, &self.env)?;
                if !(a.is_const() && crate::poly::int::modulo(a.constant, d)? == 0) {
                    cond.push(Cond::Divisible(a, d));
                }
            }
            let iter = self.items[i]
                .iter
                .iter()
                .map(|(n, l)| Ok(Expr::floor(Aff::from_row(n, self.np, &self.env)?, *l)))
                .collect::<AstResult<Vec<_>>>()?;
            self.count()?;
            let stmt = Node::Stmt { stmt: self.items[i].stmt, iter, copy: 0 };
            out.extend(self.wrap(cond, vec![stmt])?);
        }
        Ok(merge_ifs(out))
    }

    /// Constraints as conditions (trivially true ones dropped).
    pub(super) fn conds(&self, cs: &[Constraint]) -> AstResult<Vec<Cond>> {
        let mut out = vec![];
        for (r, eq) in cs {
            let a = Aff::from_row(r, self.np, &self.env)?;
            let trivial = a.is_const() && if *eq { a.constant == 0 } else { a.constant >= 0 };
            if !trivial {
                let c = if *eq { Cond::Eq(a) } else { Cond::Ge(a) };
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        Ok(out)
    }

    fn guarded(&mut self, cs: &[Constraint], body: Vec<Node>) -> AstResult<Vec<Node>> {
        let cond = self.conds(cs)?;
        self.wrap(cond, body)
    }

    fn wrap(&mut self, mut cond: Vec<Cond>, mut body: Vec<Node>) -> AstResult<Vec<Node>> {
        if cond.is_empty() || body.is_empty() {
            return Ok(body);
        }
        // `if (a) if (b) x` is `if (a && b) x`.
        if let [Node::If { cond: inner, then, otherwise, kind: IfKind::Guard }] = body.as_mut_slice() {
            if otherwise.is_empty() {
                cond.append(inner);
                body = std::mem::take(then);
            }
        }
        self.count()?;
        Ok(vec![Node::If { cond, then: body, otherwise: vec![], kind: IfKind::Guard }])
    }

    /// The tile sizes and point dimensions of the band whose first point
    /// dimension is `k`.
    /// The jams the schedule's bands ask for: the loop just outside a
    /// marked band's row, around it ([`crate::schedule::Band::jam`]).
    fn jam_plans(&self) -> Vec<super::jam::Plan> {
        self.sched
            .bands
            .iter()
            .filter_map(|b| {
                let factor = b.jam?;
                let outer = b.start.checked_sub(1)?;
                (b.start < self.m).then_some(super::jam::Plan { outer, inner: b.start, factor })
            })
            .collect()
    }

    fn point_band_at(&self, k: usize) -> Option<(Vec<i64>, Vec<usize>)> {
        let b = self.sched.bands.iter().find(|b| b.len > 0 && b.start + b.len == k && b.point_dims().iter().all(|&d| d < self.m))?;
        b.tile_sizes.clone().filter(|s| s.len() == b.len).map(|s| (s, b.point_dims()))
    }

    fn role(&self, k: usize) -> (LoopRole, bool) {
        for b in self.sched.bands.iter().filter(|b| b.tile_sizes.is_some()) {
            if (b.start..b.start + b.len).contains(&k) {
                return (LoopRole::Tile, b.runs_by_wavefronts() && k == b.start);
            }
            if b.point_dims().contains(&k) {
                return (LoopRole::Point, false);
            }
        }
        (LoopRole::Plain, false)
    }
}

/// Adjacent guards with the same condition become one.
fn merge_ifs(nodes: Vec<Node>) -> Vec<Node> {
    let mut out: Vec<Node> = vec![];
    for n in nodes {
        if let (Some(Node::If { cond: c0, then: t0, otherwise: o0, kind: IfKind::Guard }), Node::If { cond, then, otherwise, kind: IfKind::Guard }) =
            (out.last_mut(), &n)
        {
            if *c0 == *cond && o0.is_empty() && otherwise.is_empty() {
                t0.extend(then.iter().cloned());
                continue;
            }
        }
        out.push(n);
    }
    out
}

/// Marks innermost parallel loops vectorizable; returns whether `nodes`
/// contain a loop.
fn mark_vectorizable(nodes: &mut [Node]) -> bool {
    let mut any = false;
    for n in nodes.iter_mut() {
        match n {
            Node::For(f) => {
                let inner = mark_vectorizable(&mut f.body);
                f.vectorizable = !inner && f.parallel && !f.runs_once;
                any = true;
            }
            Node::If { then, otherwise, .. } => {
                let a = mark_vectorizable(then);
                let b = mark_vectorizable(otherwise);
                any |= a || b;
            }
            Node::Stmt { .. } => {}
        }
    }
    any
}
