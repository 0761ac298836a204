//! The model as `poly` sets and relations: what dependence analysis,
//! scheduling and loop-AST generation work on.
//!
//! Every set and relation of one [`PolyScop`] has the same parameter list
//! (the model's parameters, in order). Statement `s` lives in the space
//! `[params] -> { S<s>[i0, ...] }`; an access is a relation from it to
//! the array's space `A[d0, ...]` (zero-dimensional for scalars). Tests
//! build a `PolyScop` from isl-like text with [`PolyScop::from_text`].

use super::affine::{AffExpr, Sym};
use super::model::{AccessKind, Model, SchedDim, Target};
use super::reason::Reason;
use super::to_poly::{poly_reason, statement_space, Columns};
use crate::poly::parse::parse_set;
use crate::poly::space::{Space, Tuple};
use crate::poly::{BasicSet, PolyResult, Set};

typed_index! {
    /// An array or a scalar of a [`PolyScop`]: an index into
    /// [`PolyScop::cells`]. Cells are numbered in the order of their
    /// names, so sets and maps of them iterate in that order.
    CellId,
    "cells"
}

typed_index! {
    /// A statement of a SCoP: its index in [`PolyScop::statements`] (and
    /// in `Model::statements`, which detection builds in the same order),
    /// the order of the statements in the source. Every stage after
    /// detection names statements by it: dependences' ends, schedule
    /// rows, loop-tree leaves.
    StmtId,
    "statements"
}

impl StmtId {
    /// The statements of a SCoP of `n` of them, in order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = StmtId> + ExactSizeIterator + Clone {
        (0..n).map(StmtId::at)
    }
}

impl std::fmt::Display for StmtId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "S{}", self.0)
    }
}

/// What the accesses of a [`PolyScop`] touch: an array, or a scalar (a
/// zero-dimensional cell, `scalar_<value>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The name its accesses' relations give it (their output tuple).
    pub name: String,
    pub is_scalar: bool,
    /// Bytes between consecutive values of each subscript (outermost
    /// first), for an array of two or more dimensions whose inner sizes are
    /// constants: which walks across its rows fall into one cache set
    /// (the tiler's question). `None` otherwise.
    pub subscript_bytes: Option<Vec<i64>>,
}

#[derive(Clone, Debug)]
pub struct PolyAccess {
    pub kind: AccessKind,
    pub array: CellId,
    /// `[params] -> { S[i..] -> A[subscripts] }`.
    pub relation: Set,
}

#[derive(Clone, Debug)]
pub struct PolyStmt {
    pub name: String,
    /// `[params] -> { S[i..] : ... }`.
    pub domain: Set,
    /// The original (2d+1) schedule, `[params] -> { S[i..] -> [c0, i0, c1, ...] }`.
    pub schedule: Set,
    pub accesses: Vec<PolyAccess>,
    /// The statement updates one cell with an associative operator
    /// (its self-dependences on that cell may be relaxed where allowed).
    pub reduction: Option<super::reductions::Reduction>,
    /// Per counter (domain dimension), whether it is a pseudo-loop's
    /// (`scop::model::PseudoLoop`): a loop of one iteration, not worth
    /// tiling.
    pub pseudo_dims: Vec<bool>,
    /// The statement does floating-point arithmetic
    /// (`scop::model::Statement::float_arith`).
    pub float_arith: bool,
}

impl PolyStmt {
    /// Whether the statement writes no cell and no scalar. Its reads then
    /// feed nothing anyone sees: a value another statement or the code
    /// after the SCoP uses is a scalar write of its statement
    /// (`scop::build`), a promoted scalar's entry value is read again from
    /// its cell, and the model admits no instruction with other effects.
    /// What is left is loop control (an exit compare of a bound computed
    /// elsewhere) or a load whose value the model rereads. Such a
    /// statement may run anywhere: no dependence links it to the others.
    pub fn writes_nothing(&self) -> bool {
        self.accesses.iter().all(|a| a.kind != AccessKind::Write)
    }

    /// Indices of the accesses that take part in the statement's
    /// reduction: a read and a write with the same access relation (none
    /// when it is not a reduction). The dependence analysis and the
    /// independent schedule checker both need them.
    pub fn reduction_accesses(&self) -> PolyResult<Vec<usize>> {
        let mut out = vec![];
        if self.reduction.is_none() {
            return Ok(out);
        }
        for (i, a) in self.accesses.iter().enumerate() {
            for b in &self.accesses {
                if a.kind != b.kind && a.array == b.array && a.relation.space().compatible(b.relation.space()) && a.relation.is_equal(&b.relation)? {
                    out.push(i);
                    break;
                }
            }
        }
        Ok(out)
    }
}

#[derive(Clone, Debug)]
pub struct PolyScop {
    pub params: Vec<String>,
    /// Known facts and run-time assumptions on the parameters, `[params] -> { : ... }`.
    pub context: Set,
    pub statements: Vec<PolyStmt>,
    /// The arrays and scalars the accesses touch.
    pub cells: Vec<Cell>,
    /// Scalars that no code after the SCoP reads: which write of them
    /// comes last does not matter (the live-range check's third condition
    /// is skipped for them). Empty when unknown.
    pub dead_after: std::collections::BTreeSet<CellId>,
}

/// Accesses before their cells are numbered: the cell's name.
type NamedAccess = (AccessKind, String, Set);

/// Statements whose accesses name their cells, with the cells numbered
/// in the order of their names ([`CellId`]); a name starting with
/// `scalar_` is a scalar.
fn number_cells(named: Vec<(PolyStmtHead, Vec<NamedAccess>)>) -> (Vec<PolyStmt>, Vec<Cell>) {
    let names: std::collections::BTreeSet<&str> = named.iter().flat_map(|(_, a)| a.iter().map(|(_, n, _)| n.as_str())).collect();
    let cells: Vec<Cell> = names.iter().map(|n| Cell { name: n.to_string(), is_scalar: n.starts_with("scalar_"), subscript_bytes: None }).collect();
    let id = |n: &str| CellId::at(cells.iter().position(|c| c.name == n).expect("named above"));
    let statements = named
        .into_iter()
        .map(|(head, accesses)| {
            let accesses = accesses.into_iter().map(|(kind, name, relation)| PolyAccess { kind, array: id(&name), relation }).collect();
            head.with(accesses)
        })
        .collect();
    (statements, cells)
}

/// A statement before its accesses are numbered.
struct PolyStmtHead {
    name: String,
    domain: Set,
    schedule: Set,
    reduction: Option<super::reductions::Reduction>,
    pseudo_dims: Vec<bool>,
    float_arith: bool,
}

impl PolyStmtHead {
    fn with(self, accesses: Vec<PolyAccess>) -> PolyStmt {
        let PolyStmtHead { name, domain, schedule, reduction, pseudo_dims, float_arith } = self;
        PolyStmt { name, domain, schedule, accesses, reduction, pseudo_dims, float_arith }
    }
}

/// The fewest values a box must span in one subscript for [`merge_boxes`]
/// to merge its accesses: a stencil's neighbourhood (`A[i][j - 1..j + 1]`)
/// stays as separate accesses, whose uniform distances the scheduler
/// handles best (merged, the 9-point blur's dependences become ranges and
/// the scheduler ran out of its allowance); runs of eight and more come
/// from loops that -O3 unrolled completely.
const MIN_RUN: i128 = 8;

/// Reads (or writes) of one array in one statement whose subscripts differ
/// only by constants that fill a box (`D[i][0]`, ..., `D[i][9]`: a loop
/// that -O3 unrolled completely) become one read (write) of the box
/// (`D[i][0..9]`, as the lowest subscripts and the box's widths): every
/// instance touches every cell of the box, so the dependences between
/// instances are the same, but from one access instead of ten, and the
/// dependences, the scheduler's constraints and every later stage no
/// longer grow with the unrolled trip count (min-plus at n = 10 and 20,
/// ADI at 20 ran out of the allowance). Other accesses pass through in
/// order, without a box; nothing is merged unless `merge` (a reduction
/// statement keeps its one cell).
#[allow(clippy::type_complexity)]
fn merge_boxes(flat: Vec<(AccessKind, &Target, Vec<AffExpr>)>, merge: bool) -> Vec<(AccessKind, &Target, Vec<AffExpr>, Option<Vec<i128>>)> {
    let linear = |subs: &[AffExpr]| -> Vec<AffExpr> { subs.iter().map(|e| AffExpr { coeffs: e.coeffs.clone(), constant: 0 }).collect() };
    let mut out = vec![];
    let mut done = vec![false; flat.len()];
    for i in 0..flat.len() {
        if done[i] {
            continue;
        }
        let (kind, target, subs) = &flat[i];
        let group: Vec<usize> = if merge && matches!(target, Target::Array(_)) {
            let lin = linear(subs);
            (i..flat.len()).filter(|&j| !done[j] && flat[j].0 == *kind && flat[j].1 == *target && flat[j].2.len() == subs.len() && linear(&flat[j].2) == lin).collect()
        } else {
            vec![i]
        };
        let consts: std::collections::BTreeSet<Vec<i128>> = group.iter().map(|&j| flat[j].2.iter().map(|e| e.constant).collect()).collect();
        let lo: Vec<i128> = (0..subs.len()).map(|k| consts.iter().map(|c| c[k]).min().unwrap_or(0)).collect();
        let hi: Vec<i128> = (0..subs.len()).map(|k| consts.iter().map(|c| c[k]).max().unwrap_or(0)).collect();
        let points = lo.iter().zip(&hi).try_fold(1i128, |n, (l, h)| n.checked_mul(h - l + 1));
        let run = lo.iter().zip(&hi).any(|(l, h)| h - l + 1 >= MIN_RUN);
        if group.len() > 1 && run && points == Some(consts.len() as i128) {
            for &j in &group {
                done[j] = true;
            }
            let base = subs.iter().zip(&lo).map(|(e, &l)| AffExpr { coeffs: e.coeffs.clone(), constant: l }).collect();
            out.push((*kind, *target, base, Some(lo.iter().zip(&hi).map(|(l, h)| h - l).collect())));
        } else {
            done[i] = true;
            out.push((*kind, *target, subs.clone(), None));
        }
    }
    out
}

/// `relation` (`out_k = e_k(x)`, one equality per output) with each
/// output `k` let range over `e_k(x) .. e_k(x) + widths[k]`; `first_out`
/// is the column of the first output.
fn widen(relation: &Set, widths: &[i128], first_out: usize) -> crate::poly::PolyResult<Set> {
    let [part] = relation.parts() else { return Ok(relation.clone()) };
    let mut eqs = vec![];
    let mut ineqs = vec![];
    for r in part.eqs() {
        let Some(k) = (0..widths.len()).find(|&k| r[first_out + k] != 0) else {
            eqs.push(r.clone());
            continue;
        };
        if widths[k] == 0 {
            eqs.push(r.clone());
            continue;
        }
        // r: ±(out_k - e_k) = 0; out_k - e_k >= 0 and e_k + w - out_k >= 0.
        let sign = r[first_out + k].signum();
        let lower: Vec<i64> = r.iter().map(|&c| c * sign).collect();
        let mut upper: Vec<i64> = lower.iter().map(|&c| -c).collect();
        let last = upper.len() - 1;
        upper[last] = upper[last].checked_add(i64::try_from(widths[k]).map_err(|_| crate::poly::PolyError::Overflow)?).ok_or(crate::poly::PolyError::Overflow)?;
        ineqs.push(lower);
        ineqs.push(upper);
    }
    ineqs.extend(part.ineqs().iter().cloned());
    let b = BasicSet::from_constraints(part.space().clone(), eqs, ineqs)?;
    Set::from_parts(relation.space().clone(), vec![b])
}

/// Bytes per unit of each subscript of `array`'s accesses (outermost
/// first) when it has two or more dimensions and constant inner sizes, or
/// is a flat array split into rows of constant `row_strides` (elements;
/// see [`constant_rows`]).
fn subscript_bytes(array: &super::model::Array, row_strides: Option<&Vec<i128>>) -> Option<Vec<i64>> {
    let elem = i64::from(array.elem_bytes);
    // Elements per unit of each subscript but the last.
    let outer: Vec<i128> = match (array.inner_sizes.is_empty(), row_strides) {
        (true, Some(strides)) => strides.clone(),
        (true, None) => return None,
        (false, _) => {
            let sizes: Vec<i128> = array.inner_sizes.iter().map(|e| e.is_constant().then_some(e.constant)).collect::<Option<_>>()?;
            (0..sizes.len()).map(|k| sizes[k..].iter().try_fold(1i128, |p, &n| p.checked_mul(n))).collect::<Option<_>>()?
        }
    };
    outer.iter().map(|&n| i64::try_from(n).ok()?.checked_mul(elem)).chain([Some(elem)]).collect()
}

/// Row strides of the one-dimensional arrays of `model` whose every
/// subscript is a flattened multi-dimensional one with constant strides
/// (`400·i + 20·j + k + 421` in a `[20][20]` array: strides `[400, 20]`),
/// checked on the statements' domains (see [`split_offset`]).
///
/// With constant sizes, LLVM's address arithmetic is one affine offset and
/// the model's arrays stay flat. Dependences between flat accesses are thin
/// slices (`400·(i - i') + 20·(j - j') + k - k' = 1`), whose integer
/// points the solvers find only with work that grows with the number of
/// accesses and the constants (heat3d at n = 20, min-plus at n = 10: out
/// of the allowance). Split into one subscript per row, they are the
/// ordinary problems of the same nest with run-time sizes. Exact: each
/// part but the outermost provably stays within its row on the domain, so
/// two accesses meet a cell of the flat array iff they meet the same cell
/// of the split one. The model itself (alias checks, code generation)
/// keeps the flat subscripts.
fn constant_rows(model: &Model) -> crate::stable::HashMap<super::model::ArrayId, Vec<i128>> {
    use std::collections::BTreeSet;
use crate::stable::HashMap;
    let mut out = HashMap::default();
    for (k, array) in model.arrays.iter().enumerate() {
        let id = super::model::ArrayId(k as u32);
        if array.ndims() != 1 {
            continue;
        }
        let uses: Vec<(&super::model::Statement, &AffExpr)> = model
            .statements
            .iter()
            .flat_map(|s| s.accesses.iter().filter(|a| a.target == Target::Array(id)).map(move |a| (s, &a.subscripts[0])))
            .collect();
        // Only counters: a parameter's coefficient would be a row size the
        // domain cannot bound.
        if uses.is_empty() || uses.iter().any(|(_, e)| e.syms().any(|s| !matches!(s, Sym::Counter(_)))) {
            continue;
        }
        let sizes: BTreeSet<i128> = uses.iter().flat_map(|(_, e)| e.coeffs.values().map(|c| c.abs())).filter(|&c| c > 1).collect();
        // Descending strides, each a multiple of the next.
        let mut strides: Vec<i128> = vec![];
        for &c in sizes.iter().rev() {
            if strides.last().is_none_or(|&l| l % c == 0) {
                strides.push(c);
            }
        }
        // The innermost stride that fails the check is dropped, and so on.
        while !strides.is_empty() {
            let mut fits = true;
            for (s, e) in &uses {
                let Some(subs) = split_offset(e, &strides) else {
                    fits = false;
                    break;
                };
                if !rows_fit(model, s, &subs, &strides) {
                    fits = false;
                    break;
                }
            }
            if fits {
                out.insert(id, strides);
                break;
            }
            strides.pop();
        }
    }
    out
}

/// `e` as subscripts `[a_1, ..., a_m, r]` with `e = Σ strides_k·a_k + r`:
/// coefficients rounded to the nearest multiple of each stride, constants
/// split so that each remainder's constant lies in `[0, stride)`. Whether
/// the remainders stay within their rows is [`rows_fit`]'s to check.
fn split_offset(e: &AffExpr, strides: &[i128]) -> Option<Vec<AffExpr>> {
    let mut subs = vec![];
    let mut rest = e.clone();
    for &s in strides {
        let mut high = AffExpr::default();
        let mut low = AffExpr::default();
        for (&sym, &c) in &rest.coeffs {
            let q = (2 * c + s).div_euclid(2 * s);
            let r = c - q * s;
            if q != 0 {
                high.coeffs.insert(sym, q);
            }
            if r != 0 {
                low.coeffs.insert(sym, r);
            }
        }
        low.constant = rest.constant.rem_euclid(s);
        high.constant = (rest.constant - low.constant) / s;
        subs.push(high);
        rest = low;
    }
    subs.push(rest);
    Some(subs)
}

/// Whether, on the domain of `s`, every remainder of `subs` (see
/// [`split_offset`]) lies in `[0, stride)`: `r_m` for the last stride, and
/// `strides_{k+1}·a_{k+1} + ... + r_m` for the others.
fn rows_fit(model: &Model, s: &super::model::Statement, subs: &[AffExpr], strides: &[i128]) -> bool {
    // Any failure (an overflow, the solver's budget) only keeps the array flat.
    let check = || -> Option<bool> {
        let space = statement_space(model, s);
        let cols = Columns::of(model, s);
        let domain = cols.set(&space, &s.domain).ok()?;
        let mut low = subs[subs.len() - 1].clone();
        for k in (0..strides.len()).rev() {
            let below = super::affine::Constraint::lt(&low, &AffExpr::constant(0)).ok()?;
            let above = super::affine::Constraint::le(&AffExpr::constant(strides[k]), &low).ok()?;
            for c in [below, above] {
                let outside = cols.set(&space, &vec![vec![c]]).ok()?;
                if !domain.intersect(&outside).ok()?.is_empty().ok()? {
                    return Some(false);
                }
            }
            if k > 0 {
                low = subs[k].scale(strides[k]).and_then(|h| h.add(&low)).ok()?;
            }
        }
        Some(true)
    };
    check().unwrap_or(false)
}

fn relation_space(params: &[String], from: &Tuple, to: Tuple) -> Space {
    Space { params: params.to_vec(), input: Some(from.clone()), output: to }
}

impl PolyScop {
    /// Statement `s`.
    pub fn stmt(&self, s: StmtId) -> &PolyStmt {
        &self.statements[s.index()]
    }

    /// Every statement's id, in order.
    pub fn stmt_ids(&self) -> impl DoubleEndedIterator<Item = StmtId> + ExactSizeIterator + Clone {
        StmtId::all(self.statements.len())
    }

    pub fn cell(&self, c: CellId) -> &Cell {
        &self.cells[c.index()]
    }

    /// Whether `a` accesses a scalar (not an array element).
    pub fn is_scalar(&self, a: &PolyAccess) -> bool {
        self.cell(a.array).is_scalar
    }

    /// The cell of this name, if an access touches one (tests and
    /// printers name cells).
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        self.cells.iter().position(|c| c.name == name).map(CellId::at)
    }

    /// Converts a model (its domains, schedules and access functions).
    pub fn from_model(model: &Model, scalar_name: &dyn Fn(crate::ir::ValueId) -> String) -> Result<PolyScop, Reason> {
        let params: Vec<String> = model.params.iter().map(|p| p.name.clone()).collect();
        let param_syms: Vec<Sym> = model.params.iter().map(|p| p.sym).collect();
        let mut ctx_constraints = model.context.clone();
        // The integer types' ranges are left out: facts that need them were
        // proved during detection, and their 2^31-sized constants only make
        // the scheduler's Farkas systems overflow.
        ctx_constraints.extend(model.assumptions.iter().cloned());
        let ctx_cols = Columns { params: param_syms.clone(), dims: vec![] };
        let ctx_space = Space::from_tuple(params.clone(), Tuple { name: None, dims: vec![] });
        let context = Set::from_parts(ctx_space.clone(), vec![ctx_cols.basic_set(&ctx_space, &ctx_constraints)?]).map_err(poly_reason)?;
        let rows = constant_rows(model);
        let mut named = Vec::new();
        for s in &model.statements {
            let space = statement_space(model, s);
            let cols = Columns::of(model, s);
            let domain = cols.set(&space, &s.domain)?;
            // A relation is a set over [params | in dims | out dims]: the
            // output dimensions are extra columns appended after the statement's.
            let rel = |out: Tuple, exprs: &[AffExpr]| -> Result<Set, Reason> {
                let n_in = s.loops.len();
                let rspace = relation_space(&params, &space.output, out);
                let mut b = BasicSet::universe(rspace);
                for (k, e) in exprs.iter().enumerate() {
                    // out_k - e = 0: e's row over [params | in dims | const]
                    // with the output columns spliced in before the constant.
                    let mut row: Vec<i64> = cols.row(e)?.iter().map(|c| -c).collect();
                    let mut out_cols = vec![0i64; exprs.len()];
                    out_cols[k] = 1;
                    row.splice(params.len() + n_in..params.len() + n_in, out_cols);
                    b.add_eq(row).map_err(poly_reason)?;
                }
                Set::from_parts(b.space().clone(), vec![b]).map_err(poly_reason)
            };
            let sched_exprs: Vec<AffExpr> = s
                .schedule
                .iter()
                .map(|d| match d {
                    SchedDim::Pos(p) => AffExpr::constant(*p as i128),
                    SchedDim::Loop(l) => AffExpr::sym(Sym::Counter(*l)),
                })
                .collect();
            let schedule = rel(Tuple { name: None, dims: (0..sched_exprs.len()).map(|k| format!("t{k}")).collect() }, &sched_exprs)?;
            // An access repeated in one statement (same kind, target and
            // subscripts: a fully unrolled loop storing to one cell on each
            // of its copies) adds no dependence between instances: kept
            // once, so the pairs of accesses the dependence analysis
            // examines do not grow with the unrolled trip count.
            let mut seen: Vec<(AccessKind, &Target, &[AffExpr])> = Vec::new();
            let mut flat: Vec<(AccessKind, &Target, Vec<AffExpr>)> = Vec::new();
            for a in &s.accesses {
                let key = (a.kind, &a.target, a.subscripts.as_slice());
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let split = match &a.target {
                    Target::Array(id) => rows.get(id).and_then(|strides| split_offset(&a.subscripts[0], strides)),
                    Target::Scalar(_) => None,
                };
                flat.push((a.kind, &a.target, split.unwrap_or_else(|| a.subscripts.clone())));
            }
            let mut accesses = Vec::new();
            for (kind, target, subscripts, box_) in merge_boxes(flat, s.reduction.is_none()) {
                let array = match target {
                    Target::Array(id) => model.array(*id).name.clone(),
                    Target::Scalar(v) => format!("scalar_{}", scalar_name(*v)),
                };
                let out = Tuple { name: Some(array.clone()), dims: (0..subscripts.len()).map(|k| format!("d{k}")).collect() };
                let mut relation = rel(out, &subscripts)?;
                if let Some(widths) = box_ {
                    relation = widen(&relation, &widths, params.len() + s.loops.len()).map_err(poly_reason)?;
                }
                accesses.push((kind, array, relation));
            }
            let pseudo_dims = s.loops.iter().map(|l| l.is_pseudo()).collect();
            named.push((PolyStmtHead { name: s.name.clone(), domain, schedule, reduction: s.reduction.clone(), pseudo_dims, float_arith: s.float_arith }, accesses));
        }
        let (statements, mut cells) = number_cells(named);
        for cell in &mut cells {
            let Some(k) = model.arrays.iter().position(|a| a.name == cell.name) else { continue };
            cell.subscript_bytes = subscript_bytes(&model.arrays[k], rows.get(&super::model::ArrayId(k as u32)));
        }
        // The values used after the region are its live-outs; every other
        // scalar dies with it.
        let live_out: std::collections::BTreeSet<String> = model.live_out.iter().map(|v| format!("scalar_{}", scalar_name(*v))).collect();
        let dead_after = (0..cells.len() as u32).map(CellId).filter(|&c| cells[c.0 as usize].is_scalar && !live_out.contains(&cells[c.0 as usize].name)).collect();
        Ok(PolyScop { params, context, statements, cells, dead_after })
    }

    /// Builds a SCoP from text, for tests: the context, then per statement
    /// its domain, original schedule and accesses (`"R"`/`"W"`, relation).
    /// Arrays whose name starts with `scalar_` are scalars.
    pub fn from_text(context: &str, stmts: &[(&str, &str, &[(&str, &str)])]) -> Result<PolyScop, String> {
        let parse = |t: &str| parse_set(t).map_err(|e| format!("{t}: {e:?}"));
        let context = parse(context)?;
        let mut named = Vec::new();
        for (domain, schedule, accesses) in stmts {
            let domain = parse(domain)?;
            let name = domain.space().output.name.clone().unwrap_or_default();
            let mut acc = Vec::new();
            for (kind, rel) in accesses.iter() {
                let relation = parse(rel)?;
                let array = relation.space().output.name.clone().unwrap_or_default();
                let kind = if *kind == "W" { AccessKind::Write } else { AccessKind::Read };
                acc.push((kind, array, relation));
            }
            let pseudo_dims = vec![false; domain.space().output.dims.len()];
            named.push((PolyStmtHead { name, domain, schedule: parse(schedule)?, reduction: None, pseudo_dims, float_arith: false }, acc));
        }
        let (statements, cells) = number_cells(named);
        Ok(PolyScop { params: context.space().params.clone(), context, statements, cells, dead_after: Default::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_from_text() {
        let s = PolyScop::from_text(
            "[n] -> { : n >= 1 }",
            &[(
                "[n] -> { S0[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }",
                "[n] -> { S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                &[("R", "[n] -> { S0[i, j, k] -> A[i, k] }"), ("W", "[n] -> { S0[i, j, k] -> C[i, j] }")],
            )],
        )
        .unwrap();
        assert_eq!(s.statements[0].name, "S0");
        assert_eq!(s.cell(s.statements[0].accesses[1].array).name, "C");
        assert!(s.statements[0].domain.contains(&[3, 0, 1, 2]).unwrap());
        assert!(!s.statements[0].domain.contains(&[3, 0, 3, 2]).unwrap());
    }
}
