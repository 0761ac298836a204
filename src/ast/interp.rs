//! An interpreter for the loop AST, for tests: it runs the loops for given
//! parameter values and records every statement instance it executes.
//!
//! Running example: for `for (t0 = 0; t0 <= n - 1; t0++) S0(t0);` and
//! `n = 3`, [`run`] returns `S0(0), S0(1), S0(2)`, each as an [`Exec`] with
//! the counters' values. Tests compare this trace with the statement
//! instances enumerated from the domains and sorted by schedule (see
//! `ast::tests`), which checks the generator end to end: every instance
//! exactly once, in schedule order.

use super::{Ast, AstError, AstResult, IfKind, Node};
use crate::scop::poly_scop::StmtId;

/// One executed statement instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exec {
    pub stmt: StmtId,
    /// The statement's counters.
    pub iter: Vec<i64>,
    /// Executed inside the `then` branch of a full-tile split.
    pub full_tile: bool,
}

struct State<'a> {
    params: &'a [i64],
    vars: Vec<Option<i64>>,
    steps_left: usize,
    full: usize,
    trace: Vec<Exec>,
}

/// Executes `ast` for `params`; fails after `max_steps` loop iterations and
/// statements, or when an expression uses a variable out of its loop.
pub fn run(ast: &Ast, params: &[i64], max_steps: usize) -> AstResult<Vec<Exec>> {
    if params.len() != ast.params.len() {
        return Err(AstError::Malformed(format!("{} parameter values for {} parameters", params.len(), ast.params.len())));
    }
    let mut st = State { params, vars: vec![None; ast.vars.len()], steps_left: max_steps, full: 0, trace: vec![] };
    exec(&ast.body, &mut st)?;
    Ok(st.trace)
}

fn step(st: &mut State) -> AstResult<()> {
    if st.steps_left == 0 {
        return Err(AstError::Budget);
    }
    st.steps_left -= 1;
    Ok(())
}

fn exec(nodes: &[Node], st: &mut State) -> AstResult<()> {
    for n in nodes {
        match n {
            Node::For(f) => {
                let lo = f.lower.eval(st.params, &st.vars)?;
                let hi = f.upper.eval(st.params, &st.vars)?;
                match st.vars.get(f.var) {
                    Some(None) => {}
                    Some(Some(_)) => return Err(AstError::Malformed(format!("t{} bound twice", f.var))),
                    None => return Err(AstError::Malformed(format!("loop variable t{} out of range", f.var))),
                }
                let mut v = lo;
                while v <= hi {
                    step(st)?;
                    st.vars[f.var] = Some(v);
                    exec(&f.body, st)?;
                    v += 1;
                }
                st.vars[f.var] = None;
            }
            Node::If { cond, then, otherwise, kind } => {
                let mut holds = true;
                for c in cond {
                    holds = holds && c.eval(st.params, &st.vars)?;
                }
                let full = holds && *kind == IfKind::FullTile;
                st.full += full as usize;
                exec(if holds { then } else { otherwise }, st)?;
                st.full -= full as usize;
            }
            Node::Stmt { stmt, iter, .. } => {
                step(st)?;
                let iter = iter.iter().map(|e| e.eval(st.params, &st.vars)).collect::<AstResult<Vec<_>>>()?;
                st.trace.push(Exec { stmt: *stmt, iter, full_tile: st.full > 0 });
            }
        }
    }
    Ok(())
}
