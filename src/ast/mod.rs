//! The loop AST: scanning the scheduled statement instances with loops.
//!
//! # Running example
//!
//! Statement `S0[i, j] : 0 <= i < n and 0 <= j <= i` (a triangle) under the
//! interchange schedule `(j, i)` scans as
//!
//! ```text
//! for (t0 = 0; t0 <= n - 1; t0++)
//!   for (t1 = t0; t1 <= n - 1; t1++)
//!     S0(t1, t0);
//! ```
//!
//! The loop variables are the **schedule dimensions** `t0 .. t{m-1}`; each
//! statement receives its original loop counters as expressions of the
//! loop variables and the parameters (`S0(i = t1, j = t0)`).
//!
//! # How (Ancourt & Irigoin, Quilleré et al.)
//!
//! 1. [`scheduled`]: for each statement, the *scheduled set*
//!    `T = { t : x in domain, t_r = floor(row_r(x) / div_r) }` with `x`
//!    solved from the schedule's unit-divisor rows (`x = f(t)`, exact; a
//!    non-unimodular solution adds divisibility conditions), and its
//!    Fourier–Motzkin projections onto `t0..tk` for every `k`.
//! 2. [`scan`]: level by level, the statements still active are split into
//!    *groups* that never share a value of `t_k` and are ordered
//!    ([`group`]); each group gets a loop whose bounds are `max`/`min` of
//!    `ceil`/`floor` of affine expressions (or no loop when `t_k` is fixed,
//!    e.g. a scalar dimension); guards are what the projections say beyond
//!    what the enclosing loops and conditions already imply (`gist`), hoisted
//!    to the outermost level where they hold for the whole group; a
//!    condition only some statements of a group need splits the group
//!    (`if (C) { all } else { the others }`).
//! 3. [`tiles`]: inside the tile loops of a tiled band, a *full-tile* copy
//!    whose point loops are exactly `size*T .. size*T + size - 1` is
//!    guarded by the condition that the whole tile lies in the domain; the
//!    general (partial-tile) code is the `else` branch.
//! 4. [`peel`]: a loop whose body has a guard `t == lower` (or `t ==
//!    upper`) runs that iteration as a loop of its own, so the others
//!    carry no guard.
//! 5. [`jam`]: a full tile's point loop around a whole row that carries a
//!    recurrence runs several of its rows together in that row's loop
//!    (unroll-and-jam, [`crate::schedule::Band::jam`]);
//!    [`reduction_jam`]: so does a parallel loop around an innermost
//!    floating-point sum, each row with its own scalars.
//!
//! Everything works on locals-free basic sets over `[params | t0..tk]`, so
//! every decision is one small ILP/LP query, all charged to a budget
//! ([`AstOptions::max_queries`]): hard inputs give an error, never a hang.
//!
//! # Reading the tree
//!
//! [`Node`] is plain data: a [`For`] binds schedule dimension `var` over
//! `lower ..= upper` (step 1), an `If` tests a conjunction of [`Cond`]s, a
//! `Stmt` runs statement `stmt` with counters `iter`. [`Expr`]s are affine
//! functions of bound loop variables and parameters ([`Aff`]), floor/ceil
//! divisions of those by positive constants, and `min`/`max` lists.
//! [`interp`] executes a tree (for tests); [`mod@print`] writes it as C.

pub mod expr;
pub mod group;
pub mod hoist;
pub mod interp;
pub mod jam;
pub mod matmul;
pub mod peel;
pub mod print;
pub mod reduction_jam;
pub mod scan;
pub mod scheduled;
pub mod sets;
pub mod tiles;
pub mod work;

#[cfg(test)]
mod tests;

pub use expr::{Aff, Cond, Expr};

use crate::poly::PolyError;
use crate::sched::schedule::Schedule;
use crate::scop::poly_scop::{PolyScop, StmtId};
use std::fmt;

/// What a loop is within its band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopRole {
    /// Not part of a tiled band.
    Plain,
    /// A tile loop (iterates over tiles).
    Tile,
    /// A point loop (iterates inside one tile).
    Point,
}

/// A loop `for (var = lower; var <= upper; var++) body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct For {
    /// The schedule dimension this loop enumerates (`t{var}`).
    pub var: usize,
    /// Inclusive lower bound (usually a `max` of terms).
    pub lower: Expr,
    /// Inclusive upper bound (usually a `min` of terms).
    pub upper: Expr,
    pub body: Vec<Node>,
    /// Iterations are independent (the schedule dimension is parallel).
    pub parallel: bool,
    /// Parallel only with reduction support in the code generator.
    pub parallel_if_reduction: bool,
    /// Innermost loop and parallel: a candidate for SIMD.
    pub vectorizable: bool,
    /// An innermost parallel loop with at most one iteration wherever it
    /// runs (its bounds under the conditions around it: a column loop in
    /// the branch for `n <= 1`): nothing to vectorize, and LoopVectorize,
    /// forced on it, would warn the user that it could not. Computed for
    /// those loops only (and set for a peeled single iteration); false
    /// for the others, which are never vectorized.
    pub runs_once: bool,
    /// The outermost tile loop of a band whose tiles run as wavefronts.
    pub wavefront: bool,
    pub role: LoopRole,
    /// This loop and the two inside it scan a matmul-like statement
    /// (`sched::gemm`): code generation emits them in the BLIS structure
    /// (`codegen::matmul`); everyone else reads the plain nest in `body`,
    /// which runs the same instances of each cell in the same order.
    pub matmul: Option<Box<matmul::MatmulNest>>,
    /// A parallel loop jammed around the reduction inside it
    /// (`reduction_jam`): each iteration runs this many of the
    /// original rows, its statements numbered by row (`Node::Stmt::copy`),
    /// and code generation gives each row its own copies of the scalars
    /// the loop writes (each row's running sum). 0 for other loops.
    pub copies: u32,
    /// A loop that is not parallel, whose only carried dependences are
    /// the anti and output dependences of these scratch arrays
    /// (`sched::private`): on threads, each thread works on a copy of its
    /// own of them (`codegen::parallel`). Set by planning
    /// (`plan::private`) for loops a thread team may run; empty for others.
    pub private: Vec<crate::scop::model::ArrayId>,
    /// The cells statements of this innermost loop keep in registers over
    /// it (`plan::promote`): for each (statement, array), every copy of
    /// the statement in the body loads its cell of the array before the
    /// loop and stores it after. Empty for other loops.
    pub promoted: Vec<(crate::scop::poly_scop::StmtId, crate::scop::model::ArrayId)>,
}

impl For {
    /// Whether a thread team may run the loop's iterations: it is
    /// parallel, or parallel with a copy of its scratch arrays per thread.
    pub fn threadable(&self) -> bool {
        self.parallel || !self.private.is_empty()
    }
}

/// Why an `If` is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfKind {
    /// A condition the statement instances need.
    Guard,
    /// `then` holds the full-tile version (no `min`/`max` in the point
    /// loops), `else` the general version for partial tiles.
    FullTile,
}

/// A node of the loop tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    For(For),
    /// `if (cond[0] && cond[1] && ...) then else otherwise`.
    If { cond: Vec<Cond>, then: Vec<Node>, otherwise: Vec<Node>, kind: IfKind },
    /// One instance of statement `stmt` (index in the `PolyScop`), with its
    /// original loop counters (outermost first). `copy`: which row of a
    /// group the instance belongs to in a loop jammed around a reduction
    /// ([`For::copies`]), whose scalars it keeps apart from the group's
    /// other rows; 0 everywhere else.
    Stmt { stmt: StmtId, iter: Vec<Expr>, copy: u32 },
}

/// Whether `pred` holds for a statement under `nodes`.
pub fn any_stmt(nodes: &[Node], pred: &dyn Fn(StmtId) -> bool) -> bool {
    nodes.iter().any(|n| match n {
        Node::Stmt { stmt, .. } => pred(*stmt),
        Node::For(f) => any_stmt(&f.body, pred),
        Node::If { then, otherwise, .. } => any_stmt(then, pred) || any_stmt(otherwise, pred),
    })
}

/// Counts the occurrences of each statement under `nodes` (a statement
/// the scanner put in two branches, or a jam copied, occurs more than
/// once), adding to `out`.
pub fn count_stmts(nodes: &[Node], out: &mut std::collections::BTreeMap<StmtId, usize>) {
    for n in nodes {
        match n {
            Node::Stmt { stmt, .. } => *out.entry(*stmt).or_default() += 1,
            Node::For(f) => count_stmts(&f.body, out),
            Node::If { then, otherwise, .. } => {
                count_stmts(then, out);
                count_stmts(otherwise, out);
            }
        }
    }
}

impl Node {
    /// Whether a loop is this node or inside it.
    pub fn contains_loop(&self) -> bool {
        match self {
            Node::For(_) => true,
            Node::If { then, otherwise, .. } => then.iter().chain(otherwise).any(Node::contains_loop),
            Node::Stmt { .. } => false,
        }
    }
}

/// A loop jammed around a reduction ([`For::copies`]): its dimension,
/// that of a loop inside it, the rows it runs together, and the
/// statements inside it.
pub type RowJam = (usize, usize, u32, Vec<StmtId>);

/// The generated loop tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ast {
    /// Parameter names (the columns of [`Aff::params`]).
    pub params: Vec<String>,
    /// Names of the loop variables, one per schedule dimension.
    pub vars: Vec<String>,
    /// Statement names (for printing).
    pub stmt_names: Vec<String>,
    pub body: Vec<Node>,
    /// The schedule scans the statements in their source order (no
    /// interchange, tiling or reordering): [`Ast::entry_fork`] holds only
    /// then, since a tiled or reordered tree's own sequential copy is
    /// faster than the original nest (a matrix product's blocks at
    /// n = 140).
    pub source_order: bool,
    /// The dimensions of the loops whose rows are jammed around a stencil's
    /// recurrence (`jam`): the schedule's `Band::jam` asks for it, the tree
    /// has it only where the loop's shape allows.
    pub jammed_rows: std::collections::BTreeSet<usize>,
}

impl Ast {
    /// Whether some loop of the tree may run its iterations in parallel.
    pub fn has_parallel_loop(&self) -> bool {
        fn any(nodes: &[Node]) -> bool {
            nodes.iter().any(|n| match n {
                Node::For(f) => f.parallel || any(&f.body),
                Node::If { then, otherwise, .. } => any(then) || any(otherwise),
                Node::Stmt { .. } => false,
            })
        }
        any(&self.body)
    }

    /// The loop that makes up the whole tree, when it is a parallel loop
    /// that forks a thread team under OpenMP (not a wavefront's, not a
    /// matrix product's, which run their own way): when the tree keeps the
    /// source order, its fork is decided where the run-time checks are,
    /// so that a run too small for threads takes the original nest, kept
    /// anyway as the checks' fallback, instead of a second copy of the
    /// loop (`codegen::parallel`).
    pub fn entry_fork(&self) -> Option<&For> {
        match self.body.as_slice() {
            [Node::For(f)] if self.source_order && f.parallel && !f.wavefront && f.matmul.is_none() => Some(f),
            _ => None,
        }
    }

    /// Whether a loop of the tree is jammed around a reduction
    /// ([`For::copies`]).
    pub fn jams_reductions(&self) -> bool {
        !self.row_jams().is_empty()
    }

    /// The loops jammed around a reduction ([`For::copies`]).
    pub fn row_jams(&self) -> std::collections::BTreeSet<RowJam> {
        fn stmts(nodes: &[Node], out: &mut Vec<StmtId>) {
            for n in nodes {
                match n {
                    Node::Stmt { stmt, .. } => out.push(*stmt),
                    Node::For(f) => stmts(&f.body, out),
                    Node::If { then, otherwise, .. } => {
                        stmts(then, out);
                        stmts(otherwise, out);
                    }
                }
            }
        }
        fn collect(nodes: &[Node], out: &mut std::collections::BTreeSet<RowJam>) {
            for n in nodes {
                match n {
                    Node::For(f) => {
                        if f.copies > 0 {
                            let mut inside = vec![];
                            stmts(&f.body, &mut inside);
                            inside.sort_unstable();
                            inside.dedup();
                            for g in f.body.iter().filter_map(|b| if let Node::For(g) = b { Some(g) } else { None }) {
                                out.insert((f.var, g.var, f.copies, inside.clone()));
                            }
                        }
                        collect(&f.body, out);
                    }
                    Node::If { then, otherwise, .. } => {
                        collect(then, out);
                        collect(otherwise, out);
                    }
                    Node::Stmt { .. } => {}
                }
            }
        }
        let mut out = std::collections::BTreeSet::new();
        collect(&self.body, &mut out);
        out
    }

    /// The matrix products the BLIS code generator emits (`For::matmul`).
    pub fn matmul_nests(&self) -> Vec<&matmul::MatmulNest> {
        fn collect<'t>(nodes: &'t [Node], out: &mut Vec<&'t matmul::MatmulNest>) {
            for n in nodes {
                match n {
                    Node::For(f) => {
                        out.extend(f.matmul.as_deref());
                        collect(&f.body, out);
                    }
                    Node::If { then, otherwise, .. } => {
                        collect(then, out);
                        collect(otherwise, out);
                    }
                    Node::Stmt { .. } => {}
                }
            }
        }
        let mut out = vec![];
        collect(&self.body, &mut out);
        out
    }

    /// Whether the tree has a full-tile version of some tiled band.
    pub fn separates_full_tiles(&self) -> bool {
        fn any(nodes: &[Node]) -> bool {
            nodes.iter().any(|n| match n {
                Node::For(f) => any(&f.body),
                Node::If { kind: IfKind::FullTile, .. } => true,
                Node::If { then, otherwise, .. } => any(then) || any(otherwise),
                Node::Stmt { .. } => false,
            })
        }
        any(&self.body)
    }
}

/// Knobs of the generator.
#[derive(Clone, Debug)]
pub struct AstOptions {
    /// Separate full tiles from partial tiles in tiled bands.
    pub separate_full_tiles: bool,
    /// Split a loop shared by several statements on a condition that only
    /// some of them need (`if (C) { all } else { the others }`), so the
    /// common case carries no guard. Doubles that part of the code.
    pub separate_guards: bool,
    /// Maximum number of polyhedral queries (emptiness, gist, projection)
    /// before giving up with [`AstError::Budget`].
    pub max_queries: usize,
    /// Maximum number of AST nodes (code-size guard).
    pub max_nodes: usize,
    /// Jam parallel loops around innermost reductions
    /// ([`reduction_jam`]); not in a matrix product's tree, whose plain
    /// nest the BLIS code generator reads as scanned.
    pub jam_reductions: bool,
    /// For each scalar, the first schedule dimension at which a value of
    /// it is read in another iteration than the one that wrote it
    /// (`sched::marks::scalar_flow_rows`; absent: none is), when the
    /// dependences say: the jam gives each row of a loop of an earlier
    /// dimension its own copies of such scalars.
    pub scalar_rows: Option<std::collections::BTreeMap<crate::scop::poly_scop::CellId, usize>>,
    /// Schedule dimensions scanned as loops for these statements even
    /// where the dimension has a single value: a matrix product's column
    /// panels (`sched::gemm`), the loop whose columns the code generator
    /// shares among threads (`codegen::matmul::Columns`). At constant
    /// sizes below one panel (`#define N 1000`, NC 4080), folding it away
    /// left the product on one thread of two.
    pub kept_loops: Vec<(usize, StmtId)>,
}

impl Default for AstOptions {
    fn default() -> Self {
        AstOptions { separate_full_tiles: true, separate_guards: true, max_queries: 50_000, max_nodes: 20_000, jam_reductions: true, scalar_rows: None, kept_loops: vec![] }
    }
}

/// Why no AST was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AstError {
    /// A polyhedral operation failed (overflow, budget).
    Poly(PolyError),
    /// The schedule does not fit the SCoP (row counts, widths, divisors).
    Malformed(String),
    /// The unit-divisor rows of a statement's schedule do not determine its
    /// counters (the schedule is not injective on the statement).
    NotInjective { stmt: StmtId },
    /// A statement's scheduled set has no bound on a dimension.
    Unbounded { stmt: StmtId, dim: usize },
    /// An existential in a domain that cannot be expressed.
    Unsupported(String),
    /// The generator's query budget ran out.
    Budget,
    /// The tree would have more than [`AstOptions::max_nodes`] nodes.
    TooLarge,
}

impl From<PolyError> for AstError {
    fn from(e: PolyError) -> Self {
        match e {
            PolyError::Budget => AstError::Budget,
            e => AstError::Poly(e),
        }
    }
}

impl fmt::Display for AstError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AstError::Poly(e) => write!(f, "loop generation: {e}"),
            AstError::Malformed(s) => write!(f, "loop generation: malformed schedule: {s}"),
            AstError::NotInjective { stmt } => write!(f, "loop generation: schedule does not determine the counters of statement {stmt}"),
            AstError::Unbounded { stmt, dim } => write!(f, "loop generation: statement {stmt} is unbounded along t{dim}"),
            AstError::Unsupported(s) => write!(f, "loop generation: unsupported: {s}"),
            AstError::Budget => write!(f, "loop generation exceeded its work budget"),
            AstError::TooLarge => write!(f, "loop generation would produce too much code"),
        }
    }
}

impl std::error::Error for AstError {}

/// Result of the generator.
pub type AstResult<T> = Result<T, AstError>;

/// Builds the loop tree scanning every statement instance of `scop` in the
/// order of `schedule`. When guard separation makes the tree too large, it
/// is built once more without it.
pub fn build(scop: &PolyScop, schedule: &Schedule, opts: &AstOptions) -> AstResult<Ast> {
    match build_with(scop, schedule, opts) {
        Err(AstError::TooLarge) if opts.separate_guards => build_with(scop, schedule, &AstOptions { separate_guards: false, ..opts.clone() }),
        r => r,
    }
}

fn build_with(scop: &PolyScop, schedule: &Schedule, opts: &AstOptions) -> AstResult<Ast> {
    let items = scheduled::build_items(scop, schedule)?;
    let m = schedule.dims.len();
    let ctx = sets::context_basic(scop)?;
    let mut sc = scan::Scanner::new(scop.params.len(), m, items, schedule, opts);
    let (body, jammed_rows) = sc.generate(&ctx)?;
    let body = hoist::hoist_common(body);
    let (body, jammed) = if opts.jam_reductions { reduction_jam::jam_reductions(body, scop, schedule, opts.scalar_rows.as_ref())? } else { (body, false) };
    // Not known to be the source order: no entry fork (the tree keeps its
    // own sequential copy, which is always correct).
    let source_order = !jammed && crate::sched::original::original_schedule(scop).is_ok_and(|o| crate::schedule::order::keeps_original_order(&o, schedule, scop.params.len()));
    Ok(Ast {
        params: scop.params.clone(),
        vars: (0..m).map(|k| format!("t{k}")).collect(),
        stmt_names: scop.statements.iter().map(|s| s.name.clone()).collect(),
        body,
        source_order,
        jammed_rows,
    })
}
