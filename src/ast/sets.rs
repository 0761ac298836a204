//! The small set vocabulary of the generator, on *locals-free* basic sets
//! over `[params | t0..tk]`, with every query charged to a [`Work`] budget.
//!
//! Running example: at level 1 of the triangle `{ [t0, t1] : 0 <= t1 <= t0
//! < n }` the context `0 <= t0 <= n - 1` (the enclosing loop) is a set over
//! `[n | t0]`; [`lift`] adds the column `t1` so it can be intersected with
//! the statement's set; [`implies`] asks whether `t1 <= n - 1` follows
//! (it does, from `t1 <= t0` and the context), which is how bounds and
//! guards are found redundant.
//!
//! Decisions only ever need *proofs of emptiness*: [`proven_empty`] answers
//! `true` only when the set surely has no integer point (exact ILP, or the
//! rational relaxation when the ILP runs out of budget). Every caller is
//! written so that "not proven" is the safe answer (keep a guard, keep a
//! bound, fuse two statements into one loop).

use super::{AstError, AstResult};
use crate::poly::error::{default_budget, Budget, Meter};
use crate::poly::ilp;
use crate::poly::row::{self, Row};
use crate::poly::simplex::Simplex;
use crate::poly::space::{Space, Tuple};
use crate::poly::{BasicSet, PolyError};
use crate::scop::poly_scop::PolyScop;

/// A constraint row and whether it is an equality (`= 0`, else `>= 0`).
pub type Constraint = (Row, bool);

/// Remaining number of polyhedral queries.
#[derive(Clone, Debug)]
pub struct Work {
    pub(super) left: usize,
}

impl Work {
    pub fn new(max: usize) -> Work {
        Work { left: max }
    }

    /// Accounts for one query.
    pub fn tick(&mut self) -> AstResult<()> {
        if self.left == 0 {
            return Err(AstError::Budget);
        }
        self.left -= 1;
        Ok(())
    }
}

/// The space `[params] -> { [t0, .., t{n-1}] }`.
pub fn tspace(params: &[String], n: usize) -> Space {
    Space::from_tuple(params.to_vec(), Tuple::anon(n, "t"))
}

/// `b` with `n` unconstrained dimensions appended.
pub fn lift(b: &BasicSet, n: usize) -> BasicSet {
    let names: Vec<String> = (0..n).map(|k| format!("t{}", b.n_dim() + k)).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut out = b.clone();
    out.add_dims(&refs);
    out
}

/// `row` (over fewer dimensions) widened with zero coefficients to `width`
/// (the constant stays last).
pub fn widen(r: &[i64], width: usize) -> Row {
    let mut out = r[..r.len() - 1].to_vec();
    out.resize(width - 1, 0);
    out.push(r[r.len() - 1]);
    out
}

/// `b` with extra constraints (rows of `b`'s width or narrower).
pub fn with(b: &BasicSet, cs: &[Constraint]) -> AstResult<BasicSet> {
    let mut out = b.clone();
    for (r, eq) in cs {
        let r = widen(r, b.width());
        if *eq {
            out.add_eq(r)?;
        } else {
            out.add_ineq(r)?;
        }
    }
    Ok(out)
}

/// The constraints of `b`.
pub fn constraints(b: &BasicSet) -> Vec<Constraint> {
    let mut v: Vec<Constraint> = b.eqs().iter().map(|r| (r.clone(), true)).collect();
    v.extend(b.ineqs().iter().map(|r| (r.clone(), false)));
    v
}

/// Branch-and-bound nodes one emptiness query may use before the answer
/// falls back to the rational relaxation. The generator's sets need a
/// handful; a wavefront's coupled tile coordinates can make an integer-empty
/// but rationally unbounded set that branch and bound never closes, and
/// thousands of nodes per query made one stencil's AST take 38 s.
const NODES_PER_QUERY: u64 = 256;

/// Whether `b` surely has no integer point; see the module documentation.
pub fn proven_empty(b: &BasicSet, w: &mut Work) -> AstResult<bool> {
    w.tick()?;
    if b.is_obviously_empty() {
        return Ok(true);
    }
    let budget = Budget { max_nodes: NODES_PER_QUERY, ..default_budget() };
    match ilp::sample(&b.to_problem(), &mut Meter::with_budget(budget)).map(|p| p.is_none()) {
        Ok(e) => Ok(e),
        Err(PolyError::Budget) | Err(PolyError::Overflow) | Err(PolyError::Unbounded) => rationally_empty(b),
        Err(e) => Err(e.into()),
    }
}

fn rationally_empty(b: &BasicSet) -> AstResult<bool> {
    let mut m = Meter::new();
    let mut s = Simplex::new(b.n_cols());
    let r: Result<(), PolyError> = (|| {
        for e in b.eqs() {
            s.add_eq(e, &mut m)?;
        }
        for i in b.ineqs() {
            s.add_ineq(i, &mut m)?;
        }
        Ok(())
    })();
    match r {
        Ok(()) => Ok(s.is_empty()),
        Err(PolyError::Budget) | Err(PolyError::Overflow) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Whether every integer point of `b` satisfies the constraint.
pub fn implies(b: &BasicSet, c: &Constraint, w: &mut Work) -> AstResult<bool> {
    let r = widen(&c.0, b.width());
    // not (r >= 0) is r <= -1; an equality fails on either side.
    let mut sides = vec![negate_ineq(&r)?];
    if c.1 {
        let mut up = r.clone();
        let k = up.len() - 1;
        up[k] = crate::poly::int::sub(up[k], 1)?;
        sides.push(up);
    }
    for s in sides {
        let mut t = b.clone();
        t.add_ineq(s)?;
        if !proven_empty(&t, w)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `-r - 1` (the integer negation of `r >= 0`).
pub fn negate_ineq(r: &[i64]) -> AstResult<Row> {
    let mut n = row::negate(r)?;
    let k = n.len() - 1;
    n[k] = crate::poly::int::sub(n[k], 1)?;
    Ok(n)
}

/// The constraints of `b` not implied by `ctx` (of the same or a narrower
/// space, lifted) together with the others, normalised.
pub fn gist(b: &BasicSet, ctx: &BasicSet, w: &mut Work) -> AstResult<BasicSet> {
    w.tick()?;
    let ctx = lift(ctx, b.n_dim() - ctx.n_dim());
    Ok(b.gist(&ctx)?.normalize()?)
}

/// The context of the SCoP as a locals-free basic set over the parameters:
/// a union or a constraint with an existential is weakened (dropped), which
/// only makes the generator assume less.
pub fn context_basic(scop: &PolyScop) -> AstResult<BasicSet> {
    let space = tspace(&scop.params, 0);
    let parts = scop.context.parts();
    let [part] = parts else {
        return Ok(BasicSet::universe(space));
    };
    let p = part.simplify_locals()?;
    let nl = p.n_local();
    let keep = |r: &Row| r[p.local_col(0)..p.local_col(0) + nl].iter().all(|&c| c == 0);
    let strip = |r: &Row| -> Row {
        let mut v = r[..p.local_col(0)].to_vec();
        v.push(r[r.len() - 1]);
        v
    };
    let eqs = p.eqs().iter().filter(|r| keep(r)).map(strip).collect();
    let ineqs = p.ineqs().iter().filter(|r| keep(r)).map(strip).collect();
    Ok(BasicSet::from_constraints(space, eqs, ineqs)?)
}

/// Whether the rows of `r` other than the constant are all zero from
/// column `from` on.
pub fn zero_from(r: &[i64], from: usize) -> bool {
    r[from..r.len() - 1].iter().all(|&c| c == 0)
}

/// `r` cut to its first `n` coefficients (the rest must be zero), constant kept.
pub fn truncate(r: &[i64], n: usize) -> Row {
    let mut v = r[..n].to_vec();
    v.push(r[r.len() - 1]);
    v
}
