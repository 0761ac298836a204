//! Pluto's algorithm: find schedule rows (hyperplanes) one at a time, each
//! the lexicographic minimum of an integer program.
//!
//! # Running example: matrix multiply `C[i][j] += A[i][k] * B[k][j]`
//!
//! The dependences on `C` have distances `(0, 0, +)`. Row 1: every
//! hyperplane `a·i + b·j + c·k + d` with `c >= 0` is valid for tiling; the
//! bounding objective (`u·n + w >= c·(k' - k)`) makes `c = 0` best
//! (`u = w = 0`); the coefficients are minimised innermost counter first,
//! so `i` wins over `j`. Row 2 must be linearly independent of `(1,0,0)`:
//! `j`. Row 3: only `k` is left; it has `u = 1`. The three rows form one
//! permutable band (every dependence has a non-negative difference on each),
//! `i` and `j` are parallel.
//!
//! # Steps
//!
//! * Each ILP ([`constraints`](super::constraints)): tiling validity of
//!   every dependence active in the current band (on its pairs not yet
//!   ordered when the band started), bounding of the dependences not yet
//!   satisfied, coefficients in `0..=max_coeff`, constants in
//!   `0..=max_const`, and, for each statement not yet of full rank,
//!   independence from its rows so far (Pluto's orthogonal-subspace
//!   constraint: with a null-space basis `V` of its rows, `V·c >= 0` and
//!   `Σ V·c >= 1` — sufficient, not necessary: a row needing a negative
//!   component along `V` is not found, and a cut follows).
//! * No solution: if the band's rows carried some dependence, close the
//!   band (those pairs are ordered; the next band only has to respect the
//!   rest); otherwise cut (a scalar dimension distributing dependence SCCs,
//!   as the fusion policy says, see [`scc`](super::scc)).
//! * All statements of full rank: a last scalar dimension orders the
//!   statements (dependences left are loop independent).
//!
//! Every solver call draws from the options' budget; exhausting it is an
//! error, never a hang. Failing to find a schedule is reported as
//! `NoSchedule` (the caller falls back to the original schedule).

use super::constraints::{farkas_rows, Layout, Rows};
use super::linalg::{nullspace, rank};
use super::marks::DepState;
use super::scc::{cut_all, cut_by_dimension, cut_first, sccs};
use super::sizes::Sizes;
use super::{Band, DimInfo, FusePolicy, RowKind, SchedError, SchedOptions, SchedRow, Schedule};
use crate::poly::ilp::{lexmin_in_order, Problem};
use crate::poly::{BasicSet, Meter};
use crate::stable::HashMap;
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;

/// Farkas rows by dependence part, pair of statements and kind (bounding
/// or validity). A part stays the same while no row orders any of its
/// pairs, identical parts come from different accesses, and the layout is
/// fixed for a SCoP, so each is computed once per SCoP, across the runs
/// that reschedule it with fewer relaxed scalars: before, the bounding
/// rows of every remaining dependence were recomputed for each
/// hyperplane and the validity rows for each band (opus's
/// `exp_rotation`, 5 statements and 93 dependence parts of which 55
/// differ, spent a quarter of its scheduling work on them).
pub type FarkasMemo = HashMap<(BasicSet, StmtId, StmtId, bool), Rows>;

/// [`farkas_rows`] of a dependence part, from `memo` when an earlier
/// hyperplane, band or run of the same SCoP computed them.
fn farkas_once(memo: &mut FarkasMemo, l: &Layout, part: &BasicSet, src: StmtId, dst: StmtId, bounding: bool) -> Result<Rows, SchedError> {
    let key = (part.clone(), src, dst, bounding);
    if let Some(rows) = memo.get(&key) {
        return Ok(rows.clone());
    }
    let rows = farkas_rows(l, part, src, dst, bounding)?;
    memo.insert(key, rows.clone());
    Ok(rows)
}

pub struct Pluto<'a> {
    opts: &'a SchedOptions,
    layout: Layout,
    dims: Vec<usize>,
    rows: Vec<Vec<SchedRow>>,
    kinds: Vec<RowKind>,
    bands: Vec<Band>,
    /// Dependences with pairs not yet ordered by the rows so far.
    remaining: Vec<DepState>,
    /// The dependences active in the current band, as they were at its
    /// start, with their cached tiling-validity rows.
    band: Vec<(DepState, [Option<Vec<Rows>>; 2])>,
    band_start: usize,
    band_carried: bool,
    /// Farkas rows already computed ([`FarkasMemo`]).
    pub farkas_memo: FarkasMemo,
    /// The SCoP's constant sizes, symbolic in the objective.
    sizes: Sizes,
    /// Dependence parts with their sizes symbolic (`None`: as they are).
    symbolic_parts: HashMap<BasicSet, Option<BasicSet>>,
    meter: Meter,
    pub ilps: usize,
    /// The last step was a cut that separated no dependence left (see
    /// [`Pluto::cut`]).
    idle_cut: bool,
}

impl<'a> Pluto<'a> {
    /// `farkas_memo`: the rows an earlier run on the same SCoP computed
    /// (empty for the first).
    pub fn new(scop: &PolyScop, cons: Vec<DepState>, opts: &'a SchedOptions, farkas_memo: FarkasMemo) -> Pluto<'a> {
        let dims: Vec<usize> = scop.statements.iter().map(|s| s.domain.space().n_dim()).collect();
        // One state per distinct part: every constraint and every step is
        // per part, and accesses to neighbouring cells give the same pairs
        // of instances many times over (exp_rotation: 93 parts, 55 differ).
        let mut seen = crate::stable::HashSet::default();
        let cons: Vec<DepState> = cons
            .into_iter()
            .flat_map(|DepState { dep, src, dst, n_src, parts }| parts.into_iter().map(move |p| DepState { dep, src, dst, n_src, parts: vec![p] }))
            .filter(|d| seen.insert((d.src, d.dst, d.parts[0].clone())))
            .collect();
        let band = cons.iter().map(|d| (d.clone(), [None, None])).collect();
        let sizes = Sizes::of(scop);
        Pluto {
            opts,
            layout: Layout::with_sizes(scop.params.len(), sizes.len(), &dims),
            sizes,
            symbolic_parts: HashMap::default(),
            dims,
            rows: vec![vec![]; scop.statements.len()],
            kinds: vec![],
            bands: vec![],
            remaining: cons,
            band,
            band_start: 0,
            band_carried: false,
            farkas_memo,
            meter: Meter::with_budget(opts.budget),
            ilps: 0,
            idle_cut: false,
        }
    }

    /// The counter parts of statement `s`'s loop rows.
    fn counter_rows(&self, s: usize) -> Vec<Vec<i64>> {
        let np = self.layout.n_params;
        self.rows[s].iter().map(|r| r.coeffs[np..np + self.dims[s]].to_vec()).collect()
    }

    fn full_rank(&self, s: usize) -> bool {
        rank(&self.counter_rows(s), self.dims[s]) == self.dims[s]
    }

    /// Runs the algorithm; the schedule has no parallel marks yet.
    pub fn run(&mut self) -> Result<Schedule, SchedError> {
        let n = self.dims.len();
        if self.opts.fuse == FusePolicy::None && n > 1 {
            let g = cut_all(n, &sccs(n, &self.edges()));
            self.add_scalar(&g)?;
        }
        let limit = 4 * (self.dims.iter().max().copied().unwrap_or(0) + n) + 8;
        for _ in 0..limit {
            if (0..n).all(|s| self.full_rank(s)) {
                if n > 1 && !self.statements_separated() {
                    let order = sccs(n, &self.edges());
                    if order.iter().any(|c| c.len() > 1) {
                        return Err(SchedError::NoSchedule("cyclic loop-independent dependences".into()));
                    }
                    self.add_scalar(&cut_all(n, &order))?;
                }
                return Ok(self.finish());
            }
            match self.hyperplane()? {
                Some(sol) => {
                    self.idle_cut = false;
                    self.add_loop(&sol)?
                }
                None if self.kinds.len() > self.band_start && self.band_carried => {
                    self.idle_cut = false;
                    self.close_band()
                }
                None => self.cut()?,
            }
        }
        Err(SchedError::NoSchedule("no progress".into()))
    }

    /// Whether the scalar dimensions so far give every statement its own
    /// position (then no last ordering dimension is needed).
    fn statements_separated(&self) -> bool {
        let key = |s: usize| -> Vec<i64> {
            self.kinds.iter().enumerate().filter(|(_, k)| **k == RowKind::Scalar).map(|(d, _)| *self.rows[s][d].coeffs.last().unwrap_or(&0)).collect()
        };
        let keys: Vec<Vec<i64>> = (0..self.dims.len()).map(key).collect();
        keys.iter().enumerate().all(|(a, ka)| keys[a + 1..].iter().all(|kb| kb != ka))
    }

    fn edges(&self) -> Vec<(usize, usize)> {
        self.remaining.iter().map(|d| (d.src.index(), d.dst.index())).collect()
    }

    fn finish(&mut self) -> Schedule {
        self.close_band();
        let dims = self.kinds.iter().map(|&kind| DimInfo::marked(kind, false, false)).collect();
        Schedule { stmts: self.rows.clone(), dims, bands: self.bands.clone() }
    }

    fn close_band(&mut self) {
        let len = self.kinds.len() - self.band_start;
        if len > 0 {
            self.bands.push(Band::untiled(self.band_start, len));
        }
        self.band_start = self.kinds.len();
        self.band_carried = false;
        self.band = self.remaining.iter().map(|d| (d.clone(), [None, None])).collect();
    }

    /// Applies a new row to the remaining dependences.
    fn step(&mut self) -> Result<bool, SchedError> {
        let k = self.kinds.len() - 1;
        let mut carried = false;
        let mut rem = std::mem::take(&mut self.remaining);
        for d in rem.iter_mut() {
            let c = d.step(&self.rows[d.src.index()][k], &self.rows[d.dst.index()][k])?;
            if c.negative {
                return Err(SchedError::NoSchedule(format!("row {k} violates dependence {}", d.dep)));
            }
            carried |= c.positive;
        }
        rem.retain(|d| !d.satisfied());
        self.remaining = rem;
        Ok(carried)
    }

    fn add_loop(&mut self, sol: &[i64]) -> Result<(), SchedError> {
        let l = &self.layout;
        for (s, rows) in self.rows.iter_mut().enumerate() {
            let mut coeffs = vec![0; l.n_params];
            coeffs.extend((0..self.dims[s]).map(|k| sol[l.coeff(s, k)]));
            coeffs.push(sol[l.constant(s)]);
            rows.push(SchedRow { coeffs, div: 1 });
        }
        self.kinds.push(RowKind::Loop);
        self.band_carried |= self.step()?;
        Ok(())
    }

    fn add_scalar(&mut self, groups: &[i64]) -> Result<(), SchedError> {
        self.close_band();
        let np = self.layout.n_params;
        for (s, rows) in self.rows.iter_mut().enumerate() {
            let mut coeffs = vec![0; np + self.dims[s] + 1];
            coeffs[np + self.dims[s]] = groups[s];
            rows.push(SchedRow { coeffs, div: 1 });
        }
        self.kinds.push(RowKind::Scalar);
        self.step()?;
        // A scalar dimension belongs to no band.
        self.band_start = self.kinds.len();
        self.band = self.remaining.iter().map(|d| (d.clone(), [None, None])).collect();
        Ok(())
    }

    fn cut(&mut self) -> Result<(), SchedError> {
        let n = self.dims.len();
        let order = sccs(n, &self.edges());
        if order.len() < 2 {
            return Err(SchedError::NoSchedule("no hyperplane and nothing to distribute".into()));
        }
        let g = match self.opts.fuse {
            FusePolicy::Max => cut_first(n, &order),
            FusePolicy::Smart => cut_by_dimension(n, &order, &self.dims),
            FusePolicy::None => cut_all(n, &order),
        };
        // A cut that separates no dependence left leaves the next integer
        // program as it was (the band restarts from the same dependences,
        // and a scalar row adds no rank), so after a second one in a row
        // every later step would repeat them until `run`'s limit: stop now,
        // with the answer the limit gives. (opus's exp_rotation spent most
        // of its 200e6 scheduling units on such repeats.)
        let separates = self.remaining.iter().any(|d| g[d.src.index()] != g[d.dst.index()]);
        if !separates {
            if self.idle_cut {
                return Err(SchedError::NoSchedule("no progress".into()));
            }
            self.idle_cut = true;
        } else {
            self.idle_cut = false;
        }
        self.add_scalar(&g)
    }

    /// The Farkas rows of a dependence part, over its sizes made symbolic
    /// (`symbolic`, when it has any) or as it is.
    fn part_rows(&mut self, part: &BasicSet, src: StmtId, dst: StmtId, bounding: bool, symbolic: bool) -> Result<Rows, SchedError> {
        if symbolic {
            if !self.symbolic_parts.contains_key(part) {
                let sym = self.sizes.symbolic(part)?;
                self.symbolic_parts.insert(part.clone(), sym);
            }
            if let Some(sym) = &self.symbolic_parts[part] {
                return farkas_once(&mut self.farkas_memo, &self.layout, sym, src, dst, bounding);
            }
        }
        farkas_once(&mut self.farkas_memo, &self.layout, part, src, dst, bounding)
    }

    /// The next hyperplane (solution vector over the layout), if any: by
    /// the objective over symbolic sizes, or, when that admits none (or
    /// the SCoP has no sizes), over the exact dependences (see
    /// [`super::sizes`]).
    fn hyperplane(&mut self) -> Result<Option<Vec<i64>>, SchedError> {
        if !self.sizes.is_empty() {
            if let Some(sol) = self.hyperplane_by(true)? {
                return Ok(Some(sol));
            }
        }
        self.hyperplane_by(false)
    }

    /// The next hyperplane, bounding the dependences with their sizes
    /// symbolic (`symbolic`) or as they are.
    fn hyperplane_by(&mut self, symbolic: bool) -> Result<Option<Vec<i64>>, SchedError> {
        let l = self.layout.clone();
        let nv = l.n_vars;
        let mut p = Problem { n: nv, eqs: vec![], ineqs: vec![] };
        let unit = |v: usize, c: i64, k: i64| {
            let mut r = vec![0; nv + 1];
            r[v] = c;
            r[nv] = k;
            r
        };
        // Tiling validity over each band dependence (cached per band), and
        // bounding over the pairs still unordered. (Both lists are taken
        // out while their rows are computed, which needs `self`.)
        let mut band = std::mem::take(&mut self.band);
        let validity = band
            .iter_mut()
            .map(|(d, cached)| {
                if cached[symbolic as usize].is_none() {
                    let rows = d.parts.iter().map(|part| self.part_rows(part, d.src, d.dst, false, symbolic)).collect::<Result<Vec<_>, _>>()?;
                    cached[symbolic as usize] = Some(rows);
                }
                Ok(())
            })
            .collect::<Result<Vec<()>, SchedError>>();
        self.band = band;
        validity?;
        for (e, ie) in self.band.iter().flat_map(|(_, cached)| cached[symbolic as usize].iter().flatten()) {
            p.eqs.extend(e.iter().cloned());
            p.ineqs.extend(ie.iter().cloned());
        }
        let remaining = std::mem::take(&mut self.remaining);
        let bounding = remaining.iter().flat_map(|d| d.parts.iter().map(move |part| (d, part))).map(|(d, part)| self.part_rows(part, d.src, d.dst, true, symbolic)).collect::<Result<Vec<_>, _>>();
        self.remaining = remaining;
        for (e, ie) in bounding? {
            p.eqs.extend(e);
            p.ineqs.extend(ie);
        }
        for v in 0..l.n_bound {
            p.ineqs.push(unit(l.u(v), 1, 0));
            p.ineqs.push(unit(l.u(v), -1, self.opts.max_coeff * 4));
        }
        p.ineqs.push(unit(l.w(), 1, 0));
        p.ineqs.push(unit(l.w(), -1, 1 << 20));
        for s in 0..self.dims.len() {
            for k in 0..self.dims[s] {
                p.ineqs.push(unit(l.coeff(s, k), 1, 0));
                p.ineqs.push(unit(l.coeff(s, k), -1, self.opts.max_coeff));
            }
            p.ineqs.push(unit(l.constant(s), 1, 0));
            p.ineqs.push(unit(l.constant(s), -1, self.opts.max_const));
            if !self.full_rank(s) {
                // Independence: V·c >= 0 for the null-space basis V of the
                // statement's rows, and Σ V·c >= 1.
                let mut sum = vec![0; nv + 1];
                sum[nv] = -1;
                for v in nullspace(&self.counter_rows(s), self.dims[s]) {
                    let mut r = vec![0; nv + 1];
                    for (k, &x) in v.iter().enumerate() {
                        r[l.coeff(s, k)] = x;
                        sum[l.coeff(s, k)] += x;
                    }
                    p.ineqs.push(r);
                }
                p.ineqs.push(sum);
            }
        }
        // Pluto's order: u, w, then per statement its counters innermost
        // first (so outer original loops are preferred), then the constant.
        let mut order: Vec<usize> = (0..=l.n_bound).collect();
        for s in 0..self.dims.len() {
            order.extend((0..self.dims[s]).rev().map(|k| l.coeff(s, k)));
            order.push(l.constant(s));
        }
        self.ilps += 1;
        tightest_rows(&mut p);
        Ok(lexmin_in_order(&p, &order, &mut self.meter)?)
    }
}

/// Drops repeated rows of `p`, and of inequalities that differ only in
/// their constant keeps the tightest: the same integer points. Dependences
/// that differ only by a constant (a fully unrolled loop reading
/// `D[i][0]`, ..., `D[i][9]`: min-plus at n = 10) give Farkas rows that
/// differ only by constants, and the ILP would otherwise grow (and branch
/// and bound slow down) with their number.
fn tightest_rows(p: &mut Problem) {
    let n = p.n;
    p.eqs.sort();
    p.eqs.dedup();
    let mut tightest: std::collections::BTreeMap<Vec<i64>, i64> = std::collections::BTreeMap::new();
    for r in p.ineqs.drain(..) {
        if r[..n].iter().all(|&c| c == 0) && r[n] >= 0 {
            continue;
        }
        let k = tightest.entry(r[..n].to_vec()).or_insert(r[n]);
        *k = (*k).min(r[n]);
    }
    p.ineqs = tightest
        .into_iter()
        .map(|(mut r, k)| {
            r.push(k);
            r
        })
        .collect();
}
