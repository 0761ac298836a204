//! Undoing load PRE across iterations in the model: loads that GVN
//! carried from one iteration to the next in a register become loads again.
//!
//! After `-O3`, a three-point stencil `b[j] = a[j-1] + a[j] + a[j+1]`
//! reaches Tessera as
//!
//! ```text
//! pre:  x0 = load a[0]; y0 = load a[1]
//! body: x = phi [x0, pre], [y, body]     ; a[j]   (was a[j-1] + 1)
//!       y = phi [y0, pre], [z, body]     ; a[j+1]
//!       z = load a[j+2]
//!       store b[j+1] = x + y + z
//! ```
//!
//! The scalars `x` and `y` carry a value from each iteration to the next,
//! so the loop is neither parallel nor tileable. But each is the value of
//! one memory cell: `y` at iteration `j` is what `z`'s load read at
//! iteration `j - 1` (`a[j+1]`), `x` what `y` held one iteration before
//! that (`a[j]`). When nothing in the loop writes the array, the cell still
//! holds that value, so reading it again is exact: the model gets array
//! reads instead of the scalars, and the code generator loads the cell
//! (the loaded address, evaluated `back` iterations earlier).
//!
//! A value the body *stored* is carried the same way: an in-place
//! Gauss-Seidel sweep `a[j] = (a[j-1] + a[j] + a[j+1]) / 3` reaches Tessera
//! with `x = phi [load a[0], pre], [s, body]` and `store a[j] = s`: GVN
//! forwarded the store to the next iteration's load of `a[j-1]`. The cell
//! holds the stored bits until something writes it again, so `x` is read
//! from `a[j-1]` as well (the store's address one iteration earlier), and
//! the sweep's only scalar, which crossed every row and kept the rows from
//! being jammed, goes.
//!
//! Only the safe shape is mapped: a loop whose body is one block (every
//! iteration runs the whole statement), the initial value loaded from the
//! cell of the first iteration in the entering statement (or, for the
//! region's outermost loop, in its preheader, with nothing that may write
//! memory after the load there), the array not written there, no write of
//! the body between the load and the use storing to the cell (provably:
//! a subscript differs by a nonzero constant), and the PHI read only by
//! the body.

use super::affine::{AffExpr, Sym};
use super::model::{Access, AccessKind, ArrayId, Model, Statement, Target};
use super::polynomial::{Found, Polynomial, SymEnv};
use super::Reason;
use crate::ir::{BlockId, FunctionView, LoopId, Op, ValueId, ValueKind};

/// A PHI of a loop header that holds one memory cell's value (or, with
/// `back` 0, a load hoisted out of inner loops: see `map_hoisted_loads`).
#[derive(Clone, Debug)]
pub struct Rotated {
    pub phi: ValueId,
    /// The loop whose header holds the PHI.
    pub loop_: LoopId,
    /// The address of the load the value came from...
    pub address: ValueId,
    /// ...that many iterations of `loop_` earlier.
    pub back: i64,
    pub array: ArrayId,
    /// The cell at the current iteration, over the body's counters.
    pub subscripts: Vec<AffExpr>,
    /// The store of the body whose value started the chain (`None`: a
    /// load did): it writes the cell the value is read from, `back`
    /// iterations before, and is no write "between".
    pub stored_by: Option<ValueId>,
}

fn writes_array(s: &Statement, a: ArrayId) -> bool {
    s.accesses.iter().any(|x| x.kind == AccessKind::Write && x.target == Target::Array(a))
}

/// Whether a write of the body at one of the `back` iterations before the
/// current one may store to `cell` (the current iteration's cell): those
/// writes come between the load the value came from and its use (an
/// in-place stencil writes the array it rotates). A write misses the cell
/// when some subscript differs from the cell's by a nonzero constant.
/// Writes of the current iteration do not matter: the code generator
/// reads the cell before the statement's stores. `source`, the store that
/// put the value in the cell, is no write between (at later iterations
/// it writes cells further on: its cell moves with the loop).
fn written_between(s: &Statement, a: ArrayId, cell: &[AffExpr], c: Sym, back: i64, source: Option<ValueId>) -> bool {
    let between = |x: &&Access| x.kind == AccessKind::Write && x.target == Target::Array(a) && source.is_none_or(|v| x.instr != Some(v));
    s.accesses.iter().filter(between).any(|x| {
        x.subscripts.len() != cell.len()
            || (1..=back as i128).any(|k| {
                !cell.iter().zip(&x.subscripts).any(|(e, w)| {
                    let earlier = w.add_const(-k * w.coeff(c));
                    matches!(earlier.and_then(|w| e.sub(&w)), Ok(d) if d.is_constant() && d.constant != 0)
                })
            })
    })
}

/// `e` one iteration of the loop with counter `c` earlier.
fn one_back(e: &AffExpr, c: Sym) -> Option<AffExpr> {
    e.add_const(-e.coeff(c)).ok()
}

/// The rotated PHIs of loop `l` (sources first: a PHI fed by another
/// rotated PHI follows it).
fn find(view: &FunctionView, model: &Model, l: LoopId) -> Vec<Rotated> {
    let lp = view.loop_(l);
    let mut out: Vec<Rotated> = vec![];
    if lp.blocks.len() != 1 {
        return out;
    }
    let body = lp.header;
    let Some(body_stmt) = model.statement_of(body) else { return out };
    // Each round maps the PHIs whose latch value is a load or an already
    // mapped PHI: chains `x <- y <- load` take one round per link.
    loop {
        let before = out.len();
        for instr in &view.block(body).instrs {
            let Op::Phi { incoming } = &instr.op else { continue };
            let phi = instr.value;
            if out.iter().any(|r| r.phi == phi) {
                continue;
            }
            let [(a_from, a_val), (b_from, b_val)] = incoming.as_slice() else { continue };
            let ((pre, init), next) = match (*a_from == body, *b_from == body) {
                (true, false) => ((*b_from, *b_val), *a_val),
                (false, true) => ((*a_from, *a_val), *b_val),
                _ => continue,
            };
            if let Some(r) = rotated(view, model, body_stmt, (pre, init), next, phi, l, &out) {
                out.push(r);
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The rotation of `phi = phi [init, pre], [next, body]`, if it is one.
fn rotated(view: &FunctionView, model: &Model, body_stmt: usize, (pre, init): (BlockId, ValueId), next: ValueId, phi: ValueId, l: LoopId, known: &[Rotated]) -> Option<Rotated> {
    let counter = Sym::loop_counter(l);
    let body_s = &model.statements[body_stmt];
    // Where `next` comes from: a load of the body, a value the body
    // stores, or a mapped PHI.
    let (array, source_cell, address, back, stored_by) = match known.iter().find(|r| r.phi == next) {
        Some(r) => (r.array, r.subscripts.clone(), r.address, r.back, r.stored_by),
        None => match view.def(next).map(|d| &d.op) {
            Some(Op::Load { addr, .. }) => {
                let x = body_s.accesses.iter().find(|x| x.instr == Some(next) && x.kind == AccessKind::Read)?;
                let Target::Array(array) = x.target else { return None };
                (array, x.subscripts.clone(), *addr, 0, None)
            }
            _ => {
                let (store, addr) = view.block(view.loop_(l).header).instrs.iter().find_map(|i| match i.op {
                    Op::Store { addr, value, volatile: false, atomic: false, .. } if value == next => Some((i.value, addr)),
                    _ => None,
                })?;
                let x = body_s.accesses.iter().find(|x| x.instr == Some(store) && x.kind == AccessKind::Write)?;
                let Target::Array(array) = x.target else { return None };
                (array, x.subscripts.clone(), addr, 0, Some(store))
            }
        },
    };
    let cell = source_cell.iter().map(|e| one_back(e, counter)).collect::<Option<Vec<_>>>()?;
    // A stored value carried to a cell that does not move with the loop
    // is a running sum kept in a register (`A[i][j] -= A[i][k] * A[j][k]`
    // along `k`): as a scalar it is a reduction, which the scheduler and
    // the jam of reductions know; read back from memory it would be a
    // recurrence through the cell. (One used after the loop stays a
    // scalar too: only the stored values are in memory there.)
    if stored_by.is_some() && (cell == source_cell || model.live_out.contains(&phi)) {
        return None;
    }
    // The value enters loaded from the cell of the first iteration: the
    // load's address `back + 1` iterations before the first one.
    let Some(Op::Load { addr: init_addr, .. }) = view.def(init).map(|d| &d.op) else { return None };
    let first = model.rebuildable.get(&address)?.substitute(counter, &Polynomial::constant(-(back as i128 + 1))).ok()?;
    if init_address(view, model, pre, init, *init_addr, l)? != first {
        return None;
    }
    // Nothing may change the cell between the load and the use.
    let pre_writes = model.statement_of(pre).is_some_and(|k| writes_array(&model.statements[k], array));
    if pre_writes || written_between(body_s, array, &cell, counter, back + 1, stored_by) {
        return None;
    }
    // Read only by the body (not after the loop, not by another PHI's
    // latch value other than through this mapping).
    let read_elsewhere = model.statements.iter().enumerate().any(|(k, s)| {
        k != body_stmt && s.accesses.iter().any(|x| x.kind == AccessKind::Read && x.target == Target::Scalar(phi))
    });
    if read_elsewhere || view.value(phi).ty != view.value(next).ty {
        return None;
    }
    Some(Rotated { phi, loop_: l, address, back: back + 1, array, subscripts: cell, stored_by })
}

/// The address `init` was loaded from (at `init_addr`, in the block `pre`
/// that enters loop `l`), as a polynomial. The load is in the region (the
/// entering statement) or just before it: then `pre` must be the root
/// loop's preheader and nothing after the load there may write memory.
/// The address is rebuilt where it is computed in the region, else read
/// as a function of parameters.
fn init_address(view: &FunctionView, model: &Model, pre: BlockId, init: ValueId, init_addr: ValueId, l: LoopId) -> Option<Polynomial> {
    let region = &view.loop_(model.root).blocks;
    if model.statement_of(pre).is_none() {
        if l != model.root || region.contains(&pre) {
            return None;
        }
        let instrs = &view.block(pre).instrs;
        let at = instrs.iter().position(|i| i.value == init)?;
        let may_write = |op: &Op| matches!(op, Op::Store { .. } | Op::Unsupported { .. } | Op::Call { pure: false, sets_errno: None, .. });
        if instrs[at + 1..].iter().any(|i| may_write(&i.op)) {
            return None;
        }
    }
    if matches!(view.value(init_addr).kind, ValueKind::Instruction(b) if region.contains(&b)) {
        return model.rebuildable.get(&init_addr).cloned();
    }
    let mut found = Found::default();
    let p = Polynomial::from_scev(view.scev(init_addr)?, &OutsideEnv { view }, &mut found).ok()?;
    found.ranges.is_empty().then_some(p)
}

/// Reads a scalar evolution before the region: leaves are parameters,
/// recurrences and range facts are not expected.
struct OutsideEnv<'v> {
    view: &'v FunctionView,
}

impl SymEnv for OutsideEnv<'_> {
    fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
        match self.view.value(v).kind {
            ValueKind::Argument { .. } | ValueKind::Global | ValueKind::Instruction(_) => Ok(Sym::Param(v)),
            _ => Err(Reason::NonAffineSubscript("not a parameter".into())),
        }
    }

    fn counter(&self, _: LoopId, _: &mut Found) -> Result<Sym, Reason> {
        Err(Reason::NonAffineSubscript("a recurrence before the region".into()))
    }
}

/// Maps every rotated PHI of the model back to its memory cell.
pub fn map_rotated_loads(view: &FunctionView, model: &mut Model) {
    let loops: Vec<LoopId> = model.loops.iter().filter_map(|l| l.id.ir_loop()).collect();
    for l in loops {
        let found = find(view, model, l);
        if found.is_empty() {
            continue;
        }
        // A statement whose only effect was to set the PHIs (the loads of
        // their first values, in the loop's preheader) goes: left in, it
        // sat at the first iteration of every row of the loop and kept the
        // rows from being jammed.
        model.statements.retain_mut(|s| {
            let (_, wrote) = read_from_cells(s, &found);
            !s.accesses.is_empty() && (!wrote || has_effect(view, s))
        });
        model.rotated.extend(found);
    }
}

/// Maps loads hoisted out of inner loops back to their cells: a scalar
/// holding a value its statement loaded (`p = pulse[t]`, which PRE or LICM
/// hoisted out of the `j` loop that reads it) is read from the cell again
/// by its readers, when nothing in the SCoP writes that array (the cell
/// holds the value throughout) and the value is not used after the SCoP.
/// The readers run inside the loading statement's loops (SSA: the load
/// dominates its uses), so the cell's subscripts, over those loops'
/// counters, name the same cell in every reader. A loading statement left
/// without writes goes. Without the scalar, written once per time step and
/// read along a row, a time loop's statements may be skewed (fdtd-2d's
/// source row kept every time step apart).
pub fn map_hoisted_loads(view: &FunctionView, model: &mut Model) {
    let written = model.written_arrays();
    let mut found: Vec<Rotated> = Vec::new();
    for s in &model.statements {
        for x in &s.accesses {
            let (Target::Scalar(v), AccessKind::Write) = (&x.target, x.kind) else { continue };
            let v = *v;
            if model.live_out.contains(&v) || found.iter().any(|r| r.phi == v) {
                continue;
            }
            let Some(Op::Load { addr, .. }) = view.def(v).map(|d| &d.op) else { continue };
            let Some(load) = s.accesses.iter().find(|y| y.instr == Some(v) && y.kind == AccessKind::Read) else { continue };
            let Target::Array(array) = load.target else { continue };
            if written.contains(&array) || !model.rebuildable.contains_key(addr) {
                continue;
            }
            found.push(Rotated { phi: v, loop_: model.root, address: *addr, back: 0, array, subscripts: load.subscripts.clone(), stored_by: None });
        }
    }
    if found.is_empty() {
        return;
    }
    model.statements.retain_mut(|s| {
        let (mapped, _) = read_from_cells(s, &found);
        !mapped || has_effect(view, s)
    });
    model.rotated.extend(found);
}

/// `s` with its accesses to the scalars of `found` mapped: reads become
/// reads of their cells, writes (the copies into the scalar) go. Returns
/// whether any access was mapped, and whether a write was.
fn read_from_cells(s: &mut Statement, found: &[Rotated]) -> (bool, bool) {
    let (mut mapped, mut wrote) = (false, false);
    s.accesses.retain_mut(|x| {
        let Target::Scalar(v) = x.target else { return true };
        let Some(r) = found.iter().find(|r| r.phi == v) else { return true };
        mapped = true;
        match x.kind {
            AccessKind::Write => {
                wrote = true;
                false
            }
            AccessKind::Read => {
                x.target = Target::Array(r.array);
                x.subscripts = r.subscripts.clone();
                true
            }
        }
    });
    (mapped, wrote)
}

/// Whether `s` still does something: writes memory or a scalar, or calls.
fn has_effect(view: &FunctionView, s: &Statement) -> bool {
    s.accesses.iter().any(|x| x.kind == AccessKind::Write) || view.block(s.block).instrs.iter().any(|i| matches!(i.op, Op::Call { .. }))
}
