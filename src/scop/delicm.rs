//! Undoing LICM's scalar promotion in the model (the idea of Polly's
//! DeLICM and of the GRAPHITE paper's memory-based dependences).
//!
//! After `-O3`, `for k: C[i][j] += A[i][k] * B[k][j]` reaches Tessera as
//!
//! ```text
//! pre:  init = load C[i][j]
//! body: acc = phi [init, pre], [next, body]; next = acc + a*b   (store next -> C[i][j] maybe)
//! exit: last = phi [next, body]; store last -> C[i][j]
//! ```
//!
//! The scalar `acc` carries a dependence along `k` and its live range spans
//! the whole `k` loop, so no schedule may interchange or tile around it.
//! But `acc` is always equal to the memory cell `C[i][j]` it was promoted
//! from: mapping the scalar back to that cell (reads of `acc` and `last`
//! become loads of the cell, the update becomes a store to it, the initial
//! load's copy into the scalar disappears) gives the model of the original
//! memory reduction, which Pluto tiles and interchanges freely.
//!
//! Only the safe shape is mapped: an inner loop whose body is one block,
//! the initial value loaded from the cell in the loop's entering statement
//! or stored to it there (no other store to that array there), or kept in
//! a register and stored back after the loop to a cell the loop does not
//! access; inside the loop either no access to the array at all, or only
//! accesses to the same cell with every store storing the update, and
//! reads of cells that are never that cell in the same iteration (proved:
//! an in-place triangular solve `B[i][j] -= L[i][k] * B[k][j]`, `k < i`,
//! reads other rows of `B`, which hold the same values whether the
//! running sum is in a register or in `B[i][j]`), and after the loop the
//! final value stored back to the cell (unless the body already stores
//! every update).

use super::model::{Access, AccessKind, ArrayId, Model, Statement, Target};
use super::affine::{AffExpr, Constraint};
use super::to_poly::{param_ranges, statement_space, Columns};
use crate::ir::{FunctionView, LoopId, Op, ValueId};

/// A scalar (or several: the PHI and its LCSSA copies) living in one cell.
#[derive(Clone, Debug)]
pub struct Promoted {
    /// The PHI in the loop header.
    pub phi: ValueId,
    /// LCSSA PHIs in the exit block that receive the update.
    pub copies: Vec<ValueId>,
    /// The update (the PHI's value from the latch).
    pub update: ValueId,
    pub array: ArrayId,
    /// The cell, over counters of loops enclosing the promoted loop.
    pub subscripts: Vec<AffExpr>,
    /// The address operand of the initial load, or of the store-back
    /// (rebuildable where used).
    pub address: ValueId,
    /// When the initial value is not already in the cell (`s = 0`, or
    /// `beta * C[i][j]` kept in a register): the entering statement's block
    /// and the value it must store to the cell.
    pub init_store: Option<(crate::ir::BlockId, ValueId)>,
    /// The exit statement's store of the final value back to the cell:
    /// redundant once the cell holds the scalar, so neither modelled nor
    /// emitted (it would order the whole loop before the exit statement).
    pub store_back: Option<ValueId>,
    /// The loop's statement also reads other cells of the array (proved
    /// never the sum's cell): code that keeps this loop innermost loads
    /// and stores the sum on every iteration, since LLVM cannot tell the
    /// accesses apart (`cost::profit::sum_left_in_memory`).
    pub beside_other_cells: bool,
}

/// Whether read `x` of statement `s` never reads `cell` (subscripts over
/// the same counters) in the same instance of `s`: no point of `s`'s domain,
/// under the model's context and assumptions, has equal subscripts. False
/// when that cannot be decided.
fn never_the_cell(model: &Model, s: &Statement, x: &Access, cell: &[AffExpr]) -> bool {
    if x.subscripts.len() != cell.len() {
        return false;
    }
    let mut same = vec![];
    for (a, c) in x.subscripts.iter().zip(cell) {
        let Ok(d) = a.sub(c) else { return false };
        same.push(Constraint::eq0(d));
    }
    let cols = Columns::of(model, s);
    let space = statement_space(model, s);
    let known: Vec<Constraint> = model.context.iter().chain(&model.assumptions).cloned().chain(param_ranges(model)).collect();
    s.domain.iter().all(|conj| {
        let all: Vec<Constraint> = conj.iter().chain(&known).chain(&same).cloned().collect();
        cols.basic_set(&space, &all).ok().and_then(|b| b.is_empty().ok()).unwrap_or(false)
    })
}

fn accesses_array(s: &Statement, a: ArrayId) -> impl Iterator<Item = &super::model::Access> {
    s.accesses.iter().filter(move |x| x.target == Target::Array(a))
}

/// The accesses of the entering statement that put `init` in a cell: the
/// load that produced it, then its stores (`C[i][j] *= beta` before the
/// loop stores the product and keeps it in the register; `E[i][j] =
/// D[i][j]` loads from one array and stores to another, and the loop
/// updates the second). Each comes with its address operand.
fn initial_cells<'m>(view: &FunctionView, pre: &'m Statement, init: ValueId) -> Vec<(ValueId, &'m super::model::Access)> {
    let mut out = vec![];
    if let Some(Op::Load { addr, .. }) = view.def(init).map(|d| &d.op) {
        out.extend(pre.accesses.iter().find(|x| x.instr == Some(init)).map(|a| (*addr, a)));
    }
    out.extend(pre.accesses.iter().filter_map(|x| {
        let store = view.def(x.instr?)?;
        match &store.op {
            Op::Store { addr, value, .. } if *value == init => Some((*addr, x)),
            _ => None,
        }
    }));
    out
}

/// The exit statement's store of the loop's final value back to a cell.
struct StoreBack {
    instr: ValueId,
    addr: ValueId,
    array: ArrayId,
    cell: Vec<AffExpr>,
}

/// The one store of `update` (or of one of its LCSSA `copies`) in the exit
/// statement, when it is that statement's only access to its array: a read
/// before it would see the cell's old value in the original program, and
/// another store would overwrite the value.
fn store_back(view: &FunctionView, model: &Model, exit: crate::ir::BlockId, update: ValueId, copies: &[ValueId]) -> Option<StoreBack> {
    let s = &model.statements[model.statement_of(exit)?];
    let stores: Vec<StoreBack> = s
        .accesses
        .iter()
        .filter_map(|x| {
            let (AccessKind::Write, Target::Array(array)) = (x.kind, x.target.clone()) else { return None };
            let instr = x.instr?;
            match &view.def(instr)?.op {
                Op::Store { addr, value, .. } if *value == update || copies.contains(value) => {
                    Some(StoreBack { instr, addr: *addr, array, cell: x.subscripts.clone() })
                }
                _ => None,
            }
        })
        .collect();
    let [sb] = <[StoreBack; 1]>::try_from(stores).ok()?;
    (accesses_array(s, sb.array).count() == 1).then_some(sb)
}

/// Finds the promotion pattern at the header of loop `l`.
fn find(view: &FunctionView, model: &Model, l: LoopId, beside_other_cells: bool) -> Option<Promoted> {
    let lp = view.loop_(l);
    if lp.blocks.len() != 1 || lp.parent.is_none() {
        return None;
    }
    let body = lp.header;
    let body_stmt = model.statement_of(body)?;
    for instr in &view.block(body).instrs {
        let Op::Phi { incoming } = &instr.op else { continue };
        let phi = instr.value;
        let [(a_from, a_val), (b_from, b_val)] = incoming.as_slice() else { continue };
        let ((pre, init), update) = if *a_from == body { ((*b_from, *b_val), *a_val) } else if *b_from == body { ((*a_from, *a_val), *b_val) } else { continue };
        let pre_stmt = model.statement_of(pre)?;
        let exit = *lp.exits.first()?;
        // LCSSA copies of the final value in the exit block.
        let copies: Vec<ValueId> = view
            .block(exit)
            .instrs
            .iter()
            .filter_map(|i| match &i.op {
                Op::Phi { incoming } if incoming.iter().all(|(f, v)| *f == body && *v == update) => Some(i.value),
                _ => None,
            })
            .collect();
        let back = store_back(view, model, exit, update, &copies);
        // Where the initial value is, tried in turn: in a cell it was loaded
        // from or stored to before the loop, or (None) only in a register:
        // then the cell is the one the final value is stored back to, and
        // the entering statement will store the initial value there.
        let cells = initial_cells(view, &model.statements[pre_stmt], init);
        let candidates = cells.into_iter().map(Some).chain(std::iter::once(None));
        for candidate in candidates {
            let mut copies = copies.clone();
            let back = back.as_ref();
            let (addr, array, cell, init_store) = match candidate {
                Some((addr, cell_access)) => {
                    let Target::Array(array) = cell_access.target else { continue };
                    // In the entering statement the cell holds `init` at the end:
                    // the array is only read there, or its one write is `store init`.
                    let writes: Vec<_> = accesses_array(&model.statements[pre_stmt], array).filter(|x| x.kind == AccessKind::Write).collect();
                    if !(writes.is_empty() || (writes.len() == 1 && writes[0].instr == cell_access.instr && cell_access.kind == AccessKind::Write)) {
                        continue;
                    }
                    (addr, array, cell_access.subscripts.clone(), None)
                }
                None => {
                    let Some(b) = back else { continue };
                    // The new store runs whenever the entering block does:
                    // only one that leads nowhere but into the loop. A block
                    // that branches on to another loop as well (LLVM
                    // unswitched the body on a condition, one copy summing
                    // in a register) would store the initial value for
                    // that copy too, over a cell it may still read.
                    if view.block(pre).successors() != [body] {
                        continue;
                    }
                    let (addr, array, cell) = (b.addr, b.array, b.cell.clone());
                    // The new store must be the only write to the array there.
                    if accesses_array(&model.statements[pre_stmt], array).any(|x| x.kind == AccessKind::Write) {
                        continue;
                    }
                    // Inside the loop the original reads memory that does not
                    // hold the scalar yet: only a body without the array is safe.
                    if accesses_array(&model.statements[body_stmt], array).next().is_some() {
                        continue;
                    }
                    (addr, array, cell, Some((pre, init)))
                }
            };
            // The cell's address must be available wherever the scalar was used.
            let outside_value = !matches!(view.value(addr).kind, crate::ir::ValueKind::Instruction(_));
            if !(model.rebuildable.contains_key(&addr) || outside_value) {
                continue;
            }
            // Inside the loop: nothing, or only the same cell with stores of
            // the update, and reads of cells proved never to be that one.
            let body_s = &model.statements[body_stmt];
            let (inside, others): (Vec<_>, Vec<_>) = accesses_array(body_s, array).partition(|x| x.subscripts == cell);
            let writes_update = |x: &&super::model::Access| {
                x.kind == AccessKind::Write
                    && matches!(x.instr.and_then(|i| view.def(i)).map(|d| &d.op), Some(Op::Store { value, .. }) if *value == update)
            };
            if !inside.iter().all(|x| x.kind == AccessKind::Read || writes_update(x)) {
                continue;
            }
            if !others.iter().all(|x| beside_other_cells && x.kind == AccessKind::Read && never_the_cell(model, body_s, x, &cell)) {
                continue;
            }
            if !inside.is_empty() && !inside.iter().any(writes_update) {
                continue;
            }
            // The cell must hold the scalar's final value after the loop, as in
            // LICM's shape: updated in memory in the body, or stored back by the
            // exit statement.
            let back = back.filter(|b| b.array == array && b.cell == cell);
            if back.is_none() && !inside.iter().any(writes_update) {
                continue;
            }
            // Without an LCSSA copy the exit reads the update itself: after the
            // loop it too is the cell's value.
            if model.statement_of(exit).is_some_and(|k| {
                model.statements[k].accesses.iter().any(|x| x.kind == AccessKind::Read && x.target == Target::Scalar(update))
            }) {
                copies.push(update);
            }
            // The scalar is read nowhere but in the body and the exit statement.
            let mapped: Vec<ValueId> = std::iter::once(phi).chain(copies.iter().copied()).collect();
            let read_elsewhere = model.statements.iter().enumerate().any(|(k, s)| {
                k != body_stmt
                    && s.block != exit
                    && s.accesses.iter().any(|x| x.kind == AccessKind::Read && matches!(x.target, Target::Scalar(v) if mapped.contains(&v)))
            });
            if read_elsewhere {
                continue;
            }
            let beside_other_cells = !others.is_empty();
            return Some(Promoted { phi, copies, update, array, subscripts: cell, address: addr, init_store, store_back: back.map(|b| b.instr), beside_other_cells });
        }
    }
    None
}

/// Maps every promoted scalar of the model back to its memory cell; with
/// `beside_other_cells`, also those whose loop reads other cells of the
/// array.
pub fn map_promoted_scalars(view: &FunctionView, model: &mut Model, beside_other_cells: bool) {
    let loops: Vec<LoopId> = model.loops.iter().filter_map(|l| l.id.ir_loop()).collect();
    for l in loops {
        let Some(p) = find(view, model, l, beside_other_cells) else { continue };
        let mapped: Vec<ValueId> = std::iter::once(p.phi).chain(p.copies.iter().copied()).collect();
        let body = view.loop_(l).header;
        // Mapped scalars whose only use after the loop is the store-back:
        // their reads there go with it.
        let only_stored_back: Vec<ValueId> = match p.store_back {
            Some(sb) => mapped
                .iter()
                .copied()
                .filter(|&v| {
                    let mut users = view
                        .blocks
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| crate::ir::BlockId(*k as u32) != body)
                        .flat_map(|(_, b)| &b.instrs)
                        .filter(|i| i.operands.contains(&v));
                    users.next().is_some_and(|u| u.value == sb) && users.next().is_none()
                })
                .collect(),
            None => vec![],
        };
        for s in model.statements.iter_mut() {
            let in_body = s.block == body;
            let mut wrote = false;
            s.accesses.retain(|x| !(p.store_back.is_some() && x.instr == p.store_back));
            s.accesses.retain(|x| {
                !(!in_body && x.kind == AccessKind::Read && matches!(x.target, Target::Scalar(v) if only_stored_back.contains(&v)))
            });
            s.accesses.retain_mut(|x| {
                let Target::Scalar(v) = x.target else { return true };
                if !mapped.contains(&v) {
                    return true;
                }
                match x.kind {
                    // The entering statement's copy of the initial value
                    // into the scalar: a store to the cell when the value is
                    // not there yet, else gone.
                    AccessKind::Write if !in_body && p.init_store.is_some_and(|(b, _)| b == s.block) => {
                        x.target = Target::Array(p.array);
                        x.subscripts = p.subscripts.clone();
                        true
                    }
                    AccessKind::Write if !in_body => false,
                    // The update, stored to the cell (once).
                    AccessKind::Write => {
                        let keep = !wrote;
                        wrote = true;
                        x.target = Target::Array(p.array);
                        x.subscripts = p.subscripts.clone();
                        keep
                    }
                    AccessKind::Read => {
                        x.target = Target::Array(p.array);
                        x.subscripts = p.subscripts.clone();
                        true
                    }
                }
            });
        }
        model.statements.retain(|s| !s.accesses.is_empty());
        model.promoted.push(p);
    }
}
