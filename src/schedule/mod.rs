//! Schedules: the scheduler's result, as dependence checks, tiling,
//! loop-AST generation and code generation consume it. A layer below
//! those stages (it imports none of them), so that each can use it
//! without an import cycle.
//!
//! Every statement gets the same number of rows (Pluto style: scalar rows
//! separate statements that are distributed). Row `r` of statement `s` maps
//! an iteration `x` of `s` to the schedule coordinate
//! `floor((coeffs · [params | x | 1]) / div)`; `div` is 1 except for the
//! tile rows tiling adds. Instances run in lexicographic order of their
//! time stamps ([`Schedule::time_stamp`]): the coordinates, except that a
//! wavefront band's first tile dimension is the sum of its tile
//! coordinates.

pub mod order;

use crate::scop::poly_scop::StmtId;

/// What a schedule row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A loop dimension (an affine hyperplane, or a tile dimension).
    Loop,
    /// A constant per statement: textual order of distributed statements.
    Scalar,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedRow {
    /// Over `[params (model.params order) | statement counters (its loops,
    /// outermost first) | constant]`.
    pub coeffs: Vec<i64>,
    /// `>= 1`; the row's value is `floor(coeffs · x / div)`.
    pub div: i64,
}

impl SchedRow {
    /// Whether the row moves with the statement's counters (a loop of
    /// it); `np`: the number of parameters.
    pub fn iterates(&self, np: usize) -> bool {
        self.coeffs[np..self.coeffs.len() - 1].iter().any(|&c| c != 0)
    }
}

/// Properties of one schedule dimension, shared by all statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimInfo {
    pub kind: RowKind,
    /// No dependence is carried at this dimension (given the outer
    /// dimensions): its iterations may run in parallel.
    pub parallel: bool,
    /// Parallel only after relaxing reductions: needs the code generator's
    /// reduction support.
    pub parallel_if_reduction: bool,
    /// Which statements' dependences this dimension carries, when known:
    /// a loop of the dimension that holds only some statements (the others
    /// distributed into loops of their own) is parallel unless it holds
    /// both ends of one of these.
    pub carried: Option<CarriedPairs>,
    /// The (source, target) statement pairs of the dependences carried at
    /// this dimension that an unroll-and-jam of its loop would reverse
    /// (`sched::marks::jam_blocked`), where computed: a loop that is not
    /// parallel may still be jammed unless it holds both ends of one.
    pub jam_blocked: Option<std::collections::BTreeSet<(StmtId, StmtId)>>,
    /// Of the `jam_blocked` pairs, those whose two statements lie in one
    /// run of the loop's body ([`Schedule::run_start`]), where computed: a
    /// jam that runs such a run row after row, each row's statements in
    /// their order, keeps their dependences' direction.
    pub jam_blocked_in_runs: Option<std::collections::BTreeSet<(StmtId, StmtId)>>,
}

/// The (source, target) statement pairs of the dependences a dimension
/// carries: `strict` with reductions kept, `loose` with them relaxed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CarriedPairs {
    pub strict: std::collections::BTreeSet<(StmtId, StmtId)>,
    pub loose: std::collections::BTreeSet<(StmtId, StmtId)>,
}

impl DimInfo {
    /// A dimension with the given marks and no per-statement detail.
    pub fn marked(kind: RowKind, parallel: bool, parallel_if_reduction: bool) -> DimInfo {
        DimInfo { kind, parallel, parallel_if_reduction, carried: None, jam_blocked: None, jam_blocked_in_runs: None }
    }

    /// Whether a loop of this dimension holding the statements `inside`
    /// may run several of its iterations interleaved, each inner item for
    /// every iteration before the next item (`ast::reduction_jam`): it is
    /// parallel, or no dependence among them is reversed that way.
    pub fn jammable_for(&self, inside: &dyn Fn(StmtId) -> bool) -> bool {
        self.marks_for(inside).0 || self.jam_blocked.as_ref().is_some_and(|b| !b.iter().any(|&(s, t)| inside(s) && inside(t)))
    }

    /// Whether a loop of this dimension holding the statements `inside`,
    /// not jammable item by item ([`DimInfo::jammable_for`]), may be
    /// jammed with each run of statements beside its inner loops run row
    /// after row (`ast::reduction_jam`): each pair `jam_blocked` names
    /// among them lies within one run.
    pub fn jammable_in_runs_for(&self, inside: &dyn Fn(StmtId) -> bool) -> bool {
        match (&self.jam_blocked, &self.jam_blocked_in_runs) {
            (Some(blocked), Some(in_runs)) => blocked.iter().filter(|&&(s, t)| inside(s) && inside(t)).all(|p| in_runs.contains(p)),
            _ => false,
        }
    }

    /// (parallel, parallel_if_reduction) of a loop of this dimension that
    /// holds the statements `inside` (each with its number).
    pub fn marks_for(&self, inside: &dyn Fn(StmtId) -> bool) -> (bool, bool) {
        match &self.carried {
            None => (self.parallel, self.parallel_if_reduction),
            Some(c) => {
                let within = |pairs: &std::collections::BTreeSet<(StmtId, StmtId)>| pairs.iter().any(|&(s, t)| inside(s) && inside(t));
                let parallel = !within(&c.strict);
                (parallel, !parallel && !within(&c.loose))
            }
        }
    }
}

/// Consecutive dimensions `[start, start + len)` that are permutable
/// together (every dependence has a non-negative distance along each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Band {
    pub start: usize,
    pub len: usize,
    pub permutable: bool,
    /// Set by tiling: the band's first `len` dimensions are tile dimensions
    /// and the next `len` their point dimensions, with these sizes.
    pub tile_sizes: Option<Vec<i64>>,
    /// The tiles of this band run as wavefronts: the outermost tile
    /// dimension is the sum `w` of the band's tile coordinates, the other
    /// tile dimensions keep theirs (the first tile coordinate is then `w`
    /// minus them). Tiles of one wavefront never depend on each other (the
    /// band is permutable), so the inner tile dimensions may be parallel.
    pub wavefront: bool,
    /// Set by innermost distribution (`tile::inner`, after tiling): a scalar
    /// row sits between the last two point rows, so each statement (group)
    /// gets its own innermost point loop.
    pub split_innermost: bool,
    /// Set by tiling: the first tile row is not the first band row but a
    /// concurrent-start hyperplane (`sched::diamond`); the point
    /// rows are still the band rows.
    pub concurrent_start: bool,
    /// Set by tiling on a time band's whole stride-1 row that carries a
    /// dependence (a recurrence along the row: an in-place stencil): the
    /// loop of the tiled band's last point row may run this many of its
    /// iterations together inside this row's loop (unroll-and-jam: both
    /// rows were one permutable band), so that as many independent
    /// recurrences advance at once (`ast::jam`).
    pub jam: Option<i64>,
}

impl Band {
    /// A band of `len` rows from `start`, not tiled.
    pub fn untiled(start: usize, len: usize) -> Band {
        Band { start, len, permutable: true, tile_sizes: None, wavefront: false, split_innermost: false, concurrent_start: false, jam: None }
    }

    /// Whether the band's tiles run by wavefronts (a tiled band marked
    /// [`Band::wavefront`]).
    pub fn runs_by_wavefronts(&self) -> bool {
        self.wavefront && self.tile_sizes.is_some()
    }

    /// Where the point rows of a tiled band are: the `len` rows after the
    /// tile rows, the last one a row further out when the innermost point
    /// loop was distributed.
    pub fn point_dims(&self) -> Vec<usize> {
        let first = self.start + self.len;
        let mut dims: Vec<usize> = (first..first + self.len).collect();
        if let (true, Some(last)) = (self.split_innermost, dims.last_mut()) {
            *last += 1;
        }
        dims
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Per statement of the model (same index: [`StmtId::index`]), its
    /// rows.
    pub stmts: Vec<Vec<SchedRow>>,
    /// Per dimension.
    pub dims: Vec<DimInfo>,
    pub bands: Vec<Band>,
}

impl Schedule {
    /// Statement `s`'s row at dimension `k`.
    pub fn row(&self, s: StmtId, k: usize) -> &SchedRow {
        &self.stmts[s.index()][k]
    }

    /// Statement `s`'s rows.
    pub fn rows(&self, s: StmtId) -> &[SchedRow] {
        &self.stmts[s.index()]
    }

    /// Every statement's id, in order.
    pub fn stmt_ids(&self) -> impl DoubleEndedIterator<Item = StmtId> + ExactSizeIterator + Clone {
        StmtId::all(self.stmts.len())
    }

    /// Whether statements `s` and `t` are on the same side of every scalar
    /// row before dimension `k`: only then may one loop at `k` hold both.
    pub fn same_side(&self, s: StmtId, t: StmtId, k: usize) -> bool {
        let value = |x: StmtId, j: usize| self.row(x, j).coeffs.last().copied();
        (0..k).all(|j| self.dims[j].kind != RowKind::Scalar || value(s, j) == value(t, j))
    }

    /// Within a loop of dimension `d` whose next dimension is a scalar one
    /// (each item of the loop's body at its position there): the first
    /// position of the run that holds statement `s`, if `s` is in one. A
    /// run is a maximal sequence of consecutive positions whose statements
    /// (on `s`'s side of the outer scalar rows) iterate in no loop
    /// dimension past `d`: the statements beside the inner loops, such as
    /// a row's epilogue after its sum. `np`: the number of parameters.
    pub fn run_start(&self, np: usize, d: usize, s: StmtId) -> Option<i64> {
        let p = d + 1;
        if self.dims.get(p)?.kind != RowKind::Scalar {
            return None;
        }
        let position = |x: StmtId| self.row(x, p).coeffs.last().copied().unwrap_or(0);
        let flat = |x: StmtId| (p..self.dims.len()).all(|k| self.dims[k].kind != RowKind::Loop || !self.row(x, k).iterates(np));
        let body: Vec<StmtId> = self.stmt_ids().filter(|&x| self.same_side(x, s, p)).collect();
        let looping: std::collections::BTreeSet<i64> = body.iter().filter(|&&x| !flat(x)).map(|&x| position(x)).collect();
        let at = position(s);
        if !flat(s) || looping.contains(&at) {
            return None;
        }
        // Past the last position below `s` that holds a loop.
        let after = looping.range(..at).next_back().copied();
        body.iter().map(|&x| position(x)).filter(|&q| q <= at && after.is_none_or(|l| q > l)).min()
    }

    /// Marks dimension `d` with the pairs of statements a jam of its loop
    /// item by item would reverse (`sched::marks::jam_blocked`), and those
    /// of them whose ends lie in one run ([`Schedule::run_start`]).
    pub fn mark_jam_blocked(&mut self, np: usize, d: usize, pairs: std::collections::BTreeSet<(StmtId, StmtId)>) {
        let starts: Vec<Option<i64>> = self.stmt_ids().map(|s| self.run_start(np, d, s)).collect();
        let one_run = |x: StmtId, y: StmtId| self.same_side(x, y, d + 1) && starts[x.index()].is_some() && starts[x.index()] == starts[y.index()];
        let in_runs = pairs.iter().copied().filter(|&(x, y)| one_run(x, y)).collect();
        self.dims[d].jam_blocked = Some(pairs);
        self.dims[d].jam_blocked_in_runs = Some(in_runs);
    }

    /// The statements with a parallel loop (by the per-loop marks, for the
    /// statements on its side of the scalar rows) or a loop in a permutable
    /// band of two rows or more (its tiles then run in parallel
    /// wavefronts). `np`: the number of parameters (the rows' first
    /// columns).
    pub fn statements_with_parallelism(&self, np: usize) -> usize {
        let iterates = |s: StmtId, k: usize| {
            let c = &self.row(s, k).coeffs;
            self.dims[k].kind == RowKind::Loop && c[np..c.len() - 1].iter().any(|&x| x != 0)
        };
        self.stmt_ids()
            .filter(|&s| {
                (0..self.dims.len()).any(|k| {
                    iterates(s, k)
                        && (self.dims[k].marks_for(&|t| self.same_side(s, t, k)).0
                            || self.bands.iter().any(|b| b.permutable && b.len >= 2 && (b.start..b.start + b.len).contains(&k)))
                })
            })
            .count()
    }

    /// The time stamp of an instance whose rows have the values `vals`
    /// (one per dimension): `vals` with each wavefront band's first tile
    /// dimension replaced by the sum of its tile coordinates.
    pub fn time_stamp(&self, mut vals: Vec<i64>) -> Vec<i64> {
        for b in self.bands.iter().filter(|b| b.runs_by_wavefronts()) {
            vals[b.start] = vals[b.start..b.start + b.len].iter().sum();
        }
        vals
    }
}
