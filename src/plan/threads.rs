//! Which parallel loops of a loop tree run on threads: decided from the
//! tree, the model and the function, before any IR is written. Code
//! generation asks it for each parallel loop it emits; planning asks it
//! beforehand whether a rewrite would run anything on threads at all
//! ([`threaded_loops`]).

use crate::ast::{any_stmt, count_stmts, Ast, For, Node};
use crate::cost::profit::MIN_FORK_WORK;
use crate::ir::{FunctionView, Op, ValueId};
use crate::scop::model::{Access, AccessKind, Model, Target};
use crate::scop::poly_scop::StmtId;
use std::collections::{BTreeMap, BTreeSet};

/// What decides whether a parallel loop may run on threads: the loop tree,
/// the model and the function, nothing of the IR being written. Code
/// generation asks it for each parallel loop; planning asks it before
/// any IR changes whether a rewrite would run anything on threads at all
/// ([`threaded_loops`]).
pub struct Threading<'m> {
    view: &'m FunctionView,
    model: &'m Model,
    /// How many times each statement occurs in the loop tree.
    occurrences: BTreeMap<StmtId, usize>,
    /// The parallel loops of the tree whose every run has less work than
    /// a fork needs (`ast::work::never_enough`): they run on the calling
    /// thread, with no worker emitted.
    too_small: BTreeSet<usize>,
}

impl<'m> Threading<'m> {
    pub fn new(view: &'m FunctionView, model: &'m Model, ast: &Ast) -> Self {
        let mut occurrences = BTreeMap::new();
        count_stmts(&ast.body, &mut occurrences);
        let too_small = crate::ast::work::never_enough(&ast.body, MIN_FORK_WORK as u128);
        Threading { view, model, occurrences, too_small }
    }

    /// Whether the statements of loop `f` may run on other threads: the
    /// scalars they write may have per-thread copies (shared stack slots
    /// would race between threads; see `private_scalars`), and none calls
    /// a function that sets errno (errno is per thread: the caller's would
    /// be left as it was).
    pub fn may_run(&self, f: &For) -> bool {
        let view = self.view;
        let errno = any_stmt(&f.body, &|s| view.block(self.model.stmt(s).block).instrs.iter().any(|i| matches!(i.op, Op::Call { sets_errno: Some(_), .. })));
        !errno && self.private_scalars(f).is_some()
    }

    /// The scalars that the statements under `nodes` write.
    pub fn written_scalars(&self, nodes: &[Node]) -> BTreeSet<ValueId> {
        let mut inside = BTreeMap::new();
        count_stmts(nodes, &mut inside);
        self.scalars_of(inside.keys().copied(), AccessKind::Write)
    }

    /// The scalars that statements `stmts` access as `kind`.
    pub fn scalars_of(&self, stmts: impl Iterator<Item = StmtId>, kind: AccessKind) -> BTreeSet<ValueId> {
        let scalar = |a: &Access| match a.target {
            Target::Scalar(v) if a.kind == kind => Some(v),
            _ => None,
        };
        stmts.flat_map(|s| self.model.stmt(s).accesses.iter().filter_map(scalar)).collect()
    }

    /// The scalars the statements of parallel loop `f` write, if each
    /// thread may have copies of its own: no statement elsewhere reads
    /// them and they are not live after the region, so only the loop's own
    /// iterations see the values it writes. The loop being parallel, an
    /// iteration reads only what it wrote itself or what was there before
    /// the loop (each copy starts with that value). Scalars the loop only
    /// reads ([`Gen::scalars_only_read`]) are copied as well. Of a loop
    /// jammed around a reduction, the jam checked the reads elsewhere on
    /// the tree before jamming (`ast::reduction_jam`: the loops of the rows
    /// beside its groups hold the same statements).
    pub fn private_scalars(&self, f: &For) -> Option<Vec<ValueId>> {
        let written = self.written_scalars(&f.body);
        if f.copies == 0 {
            let mut inside = BTreeMap::new();
            count_stmts(&f.body, &mut inside);
            let elsewhere = self.model.stmt_ids().filter(|s| self.occurrences.get(s).copied().unwrap_or(0) > inside.get(s).copied().unwrap_or(0));
            if self.scalars_of(elsewhere, AccessKind::Read).iter().any(|v| written.contains(v)) {
                return None;
            }
        }
        if self.model.live_out.iter().any(|v| written.contains(v)) {
            return None;
        }
        Some(written.into_iter().collect())
    }

    /// Whether loop `f`, outside every team, becomes one (the rule of
    /// `Gen::node`; the loop carrying a product's nest is emitted by
    /// `matmul_for`: the panel loop around it is the one that forks).
    pub fn forks(&self, f: &For) -> bool {
        f.threadable() && f.matmul.is_none() && self.may_run(f) && !self.too_small(f)
    }

    /// Whether parallel loop `f` never has the work a fork needs: its
    /// trip counts are constants that never add up to [`MIN_FORK_WORK`].
    fn too_small(&self, f: &For) -> bool {
        self.too_small.contains(&crate::ast::work::identity(f))
    }

    /// The loops under `nodes` that would run on a thread team: each
    /// outermost loop that [`Threading::forks`], and each product's nest
    /// (counted as threaded where its panel loop is not parallel too:
    /// erring towards keeping a rewrite).
    fn count(&self, nodes: &[Node]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                Node::Stmt { .. } => 0,
                Node::If { then, otherwise, .. } => self.count(then) + self.count(otherwise),
                Node::For(f) if f.matmul.is_some() || self.forks(f) => 1,
                Node::For(f) => self.count(&f.body),
            })
            .sum()
    }
}

/// How many loops of `ast` would run on OpenMP threads in a module built
/// with -fopenmp (before the run-time test of each fork's work), and
/// whether some parallel loop stays on the calling thread only because its
/// known trip counts never give a fork enough work.
pub fn threaded_loops(view: &FunctionView, model: &Model, ast: &Ast) -> (usize, bool) {
    let t = Threading::new(view, model, ast);
    (t.count(&ast.body), !t.too_small.is_empty())
}
