//! Cells kept in registers across an innermost loop: the sum of a
//! reduction into an array element that the loop does not move
//! (`A[i][j] -= A[i][k] * A[j][k]` along `k`, a left-looking Cholesky's
//! update) is loaded once before the loop, updated in a register, and
//! stored once after it.
//!
//! LLVM's LICM does that for a cell no other access of the loop may
//! touch; here the loop also reads other cells of the same array
//! (`A[i][k]`, `A[j][k]`), which LLVM cannot tell apart from `A[i][j]`,
//! so -O3 and a plain rewrite store the sum on every iteration (and, as
//! the stores may change what the loads read, load every operand again
//! after them): eight jammed rows of the Cholesky update ran at 0.35 s
//! with a store per row and iteration, 0.14 s with the sums in registers
//! (n = 1500, the 2-core EPYC). The dependences tell the cells apart: a
//! statement's cell is kept in a register over an innermost loop when
//! every dependence between its accesses to that cell and any access of
//! the loop's statements is carried by a loop outside (so no other access
//! in one run of the loop touches the cell), the cell does not move with
//! the loop, and no two jammed rows share it. The values are the same
//! (the same operations in the same order); only the memory traffic
//! inside the loop goes.

use crate::ast::{Ast, For, Node};
use crate::ir::{FunctionView, Op};
use crate::deps::Deps;
use crate::poly::PolyResult;
use crate::sched::marks::{Ask, DepState};
use crate::sched::Schedule;
use crate::scop::affine::Sym;
use crate::scop::model::{AccessKind, ArrayId, Model, Target};
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// Marks in every innermost loop of `tree` the cells its statements may
/// keep in registers (`For::promoted`).
pub fn mark(view: &FunctionView, m: &Model, scop: &PolyScop, deps: &Deps, schedule: &Schedule, tree: &mut Ast) -> PolyResult<()> {
    let jammed: BTreeSet<usize> = tree.jammed_rows.clone();
    let cx = Cx { view, m, scop, deps, schedule, decided: RefCell::default() };
    walk(&cx, &mut tree.body, &jammed)
}

/// The loop a statement's cell is asked about, as far as the dependence
/// check sees it: its dimension, the statements of its body and the
/// jammed dimensions around it (the same for a statement's full and
/// partial tiles and for both branches of a guard).
type RunKey = (usize, StmtId, ArrayId, Vec<StmtId>, Vec<usize>);

/// What the marking reads, and the dependence checks already decided.
struct Cx<'a> {
    view: &'a FunctionView,
    m: &'a Model,
    scop: &'a PolyScop,
    deps: &'a Deps,
    schedule: &'a Schedule,
    decided: RefCell<BTreeMap<RunKey, bool>>,
}

fn walk(cx: &Cx, nodes: &mut [Node], jammed: &BTreeSet<usize>) -> PolyResult<()> {
    for n in nodes {
        match n {
            Node::For(f) => {
                let mut inner = jammed.clone();
                if f.copies >= 2 {
                    inner.insert(f.var);
                }
                if innermost_candidate(f) {
                    f.promoted = promotable(cx, f, &inner)?;
                } else {
                    walk(cx, &mut f.body, &inner)?;
                }
            }
            Node::If { then, otherwise, .. } => {
                walk(cx, then, jammed)?;
                walk(cx, otherwise, jammed)?;
            }
            Node::Stmt { .. } => {}
        }
    }
    Ok(())
}

/// An innermost loop of statements only that runs its iterations in
/// order: not parallel (threads or the vectorizer may split it; code
/// generation runs a loop parallel only as a reduction in order), not a
/// matrix product's, not one with per-thread copies of arrays.
fn innermost_candidate(f: &For) -> bool {
    f.matmul.is_none() && f.private.is_empty() && !f.parallel && !f.body.is_empty() && f.body.iter().all(|n| matches!(n, Node::Stmt { .. }))
}

/// The (statement, array) pairs of `f`'s body whose cell can stay in a
/// register over `f` (module docs); `jammed`: the dimensions whose rows
/// run together inside the loops around `f`.
fn promotable(cx: &Cx, f: &For, jammed: &BTreeSet<usize>) -> PolyResult<Vec<(StmtId, ArrayId)>> {
    let m = cx.m;
    let in_body: BTreeSet<StmtId> = f.body.iter().filter_map(|n| if let Node::Stmt { stmt, .. } = n { Some(*stmt) } else { None }).collect();
    let mut out = vec![];
    for &s in &in_body {
        // Several copies of a statement in one loop are the rows of a jam
        // (each row its own cell, as the dependences check); copies made
        // otherwise are not told apart here.
        let copies = f.body.iter().filter(|n| matches!(n, Node::Stmt { stmt, .. } if *stmt == s)).count();
        if copies > 1 && jammed.is_empty() {
            continue;
        }
        let stmt = m.stmt(s);
        let arrays: BTreeSet<ArrayId> = stmt.accesses.iter().filter_map(|a| match (a.kind, &a.target) {
            (AccessKind::Write, Target::Array(x)) => Some(*x),
            _ => None,
        }).collect();
        for x in arrays {
            if still_cell(m, s, x, f) && one_address(cx.view, m, s, x) && only_this_run_once(cx, f, s, x, &in_body, jammed)? {
                out.push((s, x));
            }
        }
    }
    Ok(out)
}

/// Whether statement `s` writes one cell of array `x` per instance (every
/// write the same subscripts) that no copy of `s` in `f` moves with `f`'s
/// counter.
fn still_cell(m: &Model, s: StmtId, x: ArrayId, f: &For) -> bool {
    let stmt = m.stmt(s);
    let mut writes = stmt.accesses.iter().filter(|a| a.kind == AccessKind::Write && a.target == Target::Array(x));
    let Some(first) = writes.next() else { return false };
    if writes.any(|w| w.subscripts != first.subscripts) {
        return false;
    }
    // The positions of the counters the subscripts use (none may be
    // another loop's, nor a placeholder).
    let mut counters = vec![];
    for sym in first.subscripts.iter().flat_map(|e| e.syms()) {
        match sym {
            Sym::Counter(c) => match stmt.loops.iter().position(|l| *l == c) {
                Some(k) => counters.push(k),
                None => return false,
            },
            Sym::Atom(_) => return false,
            Sym::Param(_) => {}
        }
    }
    f.body.iter().all(|n| match n {
        Node::Stmt { stmt, iter, .. } if *stmt == s => counters.iter().all(|&k| iter.get(k).is_some_and(|e| !e.uses_var(f.var))),
        _ => true,
    })
}

/// Whether code generation can tell `s`'s accesses to its cell of `x`
/// from its other accesses to `x` by their address operand: every write is
/// a store through one address, every read of the cell a load through it
/// or a value the model reads back from the cell (`scop::rotate`,
/// `scop::delicm`: code generation finds those by their cell's address),
/// every other read a load (of a cell the dependences tell apart).
fn one_address(view: &FunctionView, m: &Model, s: StmtId, x: ArrayId) -> bool {
    let stmt = m.stmt(s);
    let on_x = || stmt.accesses.iter().filter(|a| a.target == Target::Array(x));
    let Some(w) = on_x().find(|a| a.kind == AccessKind::Write) else { return false };
    let store_addr = |a: &crate::scop::model::Access| match a.instr.and_then(|i| view.def(i)).map(|d| &d.op) {
        Some(Op::Store { addr, .. }) => Some(*addr),
        _ => None,
    };
    let Some(addr) = store_addr(w) else { return false };
    on_x().all(|a| {
        let load_addr = match a.instr.and_then(|i| view.def(i)).map(|d| &d.op) {
            Some(Op::Load { addr, .. }) => Some(*addr),
            _ => None,
        };
        match a.kind {
            AccessKind::Write => store_addr(a) == Some(addr),
            AccessKind::Read if a.subscripts == w.subscripts => a.instr.is_none() || load_addr == Some(addr),
            AccessKind::Read => load_addr.is_some_and(|l| l != addr),
        }
    })
}

/// [`only_this_run`], asked once per loop shape ([`RunKey`]).
fn only_this_run_once(cx: &Cx, f: &For, s: StmtId, x: ArrayId, in_body: &BTreeSet<StmtId>, jammed: &BTreeSet<usize>) -> PolyResult<bool> {
    let key = (f.var, s, x, in_body.iter().copied().collect(), jammed.iter().copied().collect());
    if let Some(&known) = cx.decided.borrow().get(&key) {
        return Ok(known);
    }
    let answer = only_this_run(cx, f, s, x, in_body, jammed)?;
    cx.decided.borrow_mut().insert(key, answer);
    Ok(answer)
}

/// Whether no access of `f`'s statements other than `s`'s own accesses to
/// its cell of `x` touches that cell in the run of `f` that updates it,
/// and no two rows of `s` jammed around `f` share it: every dependence
/// between an access of `s` to the cell and an access of a statement of
/// `f` is carried by a loop around `f` (not one whose rows are jammed),
/// except those between `s`'s accesses to the cell in one row.
fn only_this_run(cx: &Cx, f: &For, s: StmtId, x: ArrayId, in_body: &BTreeSet<StmtId>, jammed: &BTreeSet<usize>) -> PolyResult<bool> {
    let (m, scop, deps, schedule) = (cx.m, cx.scop, cx.deps, cx.schedule);
    let Some(cell) = scop.cell_named(&m.array(x).name) else { return Ok(false) };
    // The dependences name the polyhedral statement's accesses, the model's
    // in the same order (unless accesses were merged: then no mapping).
    if scop.stmt(s).accesses.len() != m.stmt(s).accesses.len() {
        return Ok(false);
    }
    let stmt = m.stmt(s);
    let Some(wk) = stmt.accesses.iter().position(|a| a.kind == AccessKind::Write && a.target == Target::Array(x)) else { return Ok(false) };
    let w = &stmt.accesses[wk];
    if reaches_cell_in_instance(scop, s, stmt, wk)? {
        return Ok(false);
    }
    // `s`'s accesses to its cell: the writes and the reads of the same
    // cell (the running sum's).
    let the_cell = |t: StmtId, a: usize| t == s && stmt.accesses.get(a).is_some_and(|acc| acc.target == Target::Array(x) && acc.subscripts == w.subscripts);
    for (id, d) in deps.enumerated() {
        if d.array != cell || !in_body.contains(&d.source) || !in_body.contains(&d.target) {
            continue;
        }
        let (src_cell, dst_cell) = (the_cell(d.source, d.source_access), the_cell(d.target, d.target_access));
        if !src_cell && !dst_cell {
            continue;
        }
        let chain = src_cell && dst_cell;
        let mut state = DepState::new(id, d);
        for k in 0..f.var.min(schedule.dims.len()) {
            if state.satisfied() {
                break;
            }
            let (rs, rt) = (schedule.row(d.source, k), schedule.row(d.target, k));
            if jammed.contains(&k) {
                if chain {
                    // Rows of one group run together: a cell two of them
                    // share would be in two registers.
                    let carry = state.signs(rs, rt, Ask::Either)?;
                    if carry.positive || carry.negative {
                        return Ok(false);
                    }
                }
                // Other pairs differing here may run in one loop run.
                continue;
            }
            state.step_asking(rs, rt, Ask::Neither)?;
        }
        if !chain && !state.satisfied() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether an access of statement `s` (`stmt` in the model, its accesses
/// in the order of the polyhedral statement's) to the array of its write
/// `wk`, through other subscripts, reaches the written cell in the same
/// instance: `A0[i - 1] = ..; t = A0[n - i]` at `2i = n + 1` (a fuzzed
/// program specialized for `n = 3`). No dependence joins an instance to
/// itself, and with the cell in a register the load would read memory the
/// write has not reached.
fn reaches_cell_in_instance(scop: &PolyScop, s: StmtId, stmt: &crate::scop::model::Statement, wk: usize) -> PolyResult<bool> {
    let (pstmt, w) = (scop.stmt(s), &stmt.accesses[wk]);
    for (k, a) in stmt.accesses.iter().enumerate() {
        if a.target != w.target || a.subscripts == w.subscripts {
            continue;
        }
        let (pw, pa) = (&pstmt.accesses[wk].relation, &pstmt.accesses[k].relation);
        if !pw.space().compatible(pa.space()) || pw.intersect(pa)?.meets_on(&pstmt.domain, false)? {
            return Ok(true);
        }
    }
    Ok(false)
}
