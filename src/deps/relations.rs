//! Relation building blocks shared by dependence analysis, the live-range
//! check and the scheduler: placing statement sets inside a pair space,
//! "same memory cell" relations, and "executes before" relations under a
//! schedule (the original 2d+1 one, or rows with floor divisions).
//!
//! Running example: `S[i] -> [0, i, 0]` and `T[j] -> [0, j, 1]`. The pairs
//! `S[i] -> T[j]` ordered at schedule level `k` are
//! `sched_S ∘ L_k ∘ sched_T⁻¹` with
//! `L_k = { x -> y : x_0 = y_0, ..., x_{k-1} = y_{k-1}, y_k >= x_k + 1 }`:
//! level 1 gives `j >= i + 1` (carried by the loop), level 2 gives `j = i`
//! (textual order inside one iteration). The union over `k` is
//! "`S[i]` runs before `T[j]`". Composition eliminates the schedule
//! coordinates exactly (they are equalities, or floor divisions kept as
//! existentials), so every relation here is exact over the integers.

use crate::poly::map::params_cross;
use crate::poly::{BasicSet, PolyError, PolyResult, Set, Space, Tuple};
use crate::schedule::SchedRow;

/// `[params] -> { src -> dst }`.
pub fn pair_space(params: &[String], src: &Tuple, dst: &Tuple) -> Space {
    Space { params: params.to_vec(), input: Some(src.clone()), output: dst.clone() }
}

/// `b` (over `[params | its dims | locals]`) placed at dimension `offset`
/// of the wider `space` (same parameters); its locals stay locals.
pub fn lift(b: &BasicSet, space: &Space, offset: usize) -> BasicSet {
    let (np, nd, total) = (b.n_param(), b.n_dim(), space.n_dim());
    let map: Vec<Option<usize>> = (0..b.n_cols())
        .map(|c| {
            Some(if c < np {
                c
            } else if c < np + nd {
                np + offset + (c - np)
            } else {
                np + total + (c - np - nd)
            })
        })
        .collect();
    let mut out = b.clone();
    out.remap_cols(&map, np + total + b.n_local());
    out.space = space.clone();
    out
}

/// `{ s -> t : s ∈ ds, t ∈ dt, params ∈ context }` (pairs of parts in
/// parameter cases that exclude each other left out at once:
/// [`params_cross`]).
pub fn product(ds: &Set, dt: &Set, context: &Set) -> PolyResult<Set> {
    let space = pair_space(&ds.space().params, &ds.space().output, &dt.space().output);
    let n_src = ds.space().n_dim();
    let mut parts = vec![];
    for a in ds.parts() {
        for b in dt.parts().iter().filter(|b| !params_cross(a, b)) {
            for c in context.parts() {
                let p = lift(a, &space, 0).intersect(&lift(b, &space, n_src))?.intersect(&lift(c, &space, 0))?;
                if !p.is_empty()? {
                    parts.push(p);
                }
            }
        }
    }
    Set::from_parts(space, parts)
}

/// `{ s -> t : access_a(s) = access_b(t) }` (no domain restriction).
pub fn same_cell(access_a: &Set, access_b: &Set) -> PolyResult<Set> {
    if access_a.space().output.dims.len() != access_b.space().output.dims.len() {
        return Err(PolyError::SpaceMismatch);
    }
    access_a.compose(&access_b.reverse())
}

/// `L_k` between schedule spaces of `n1` and `n2` coordinates, or with
/// `k == min(n1, n2)`, the "all common coordinates equal" relation.
fn level_relation(params: &[String], n1: usize, n2: usize, k: usize) -> PolyResult<BasicSet> {
    let space = pair_space(params, &Tuple::anon(n1, "x"), &Tuple::anon(n2, "y"));
    let mut b = BasicSet::universe(space);
    let np = params.len();
    let w = b.width();
    for j in 0..k.min(n1).min(n2) {
        let mut r = vec![0; w];
        r[np + j] = 1;
        r[np + n1 + j] = -1;
        b.add_eq(r)?;
    }
    if k < n1.min(n2) {
        let mut r = vec![0; w];
        r[np + n1 + k] = 1;
        r[np + k] = -1;
        r[w - 1] = -1;
        b.add_ineq(r)?;
    }
    Ok(b)
}

/// The pairs `s -> t` whose schedule coordinates agree before level `k`
/// and increase at `k` (`k == ` the shorter length: all common
/// coordinates agree). `sa`, `sb`: `[params] -> { S[..] -> [..] }`.
pub fn ordered_at(sa: &Set, sb: &Set, k: usize) -> PolyResult<Set> {
    let (n1, n2) = (sa.space().n_out(), sb.space().n_out());
    let l: Set = level_relation(&sa.space().params, n1, n2, k)?.into();
    sa.compose(&l)?.compose(&sb.reverse())
}

/// `{ s -> t : sched_a(s) ≺ sched_b(t) }` (lexicographically strictly
/// before), as one union over the levels.
pub fn precedes(sa: &Set, sb: &Set) -> PolyResult<Set> {
    let n = sa.space().n_out().min(sb.space().n_out());
    let mut out: Option<Set> = None;
    for k in 0..n {
        let o = ordered_at(sa, sb, k)?;
        match &mut out {
            None => out = Some(o),
            Some(u) => u.absorb(o)?,
        }
    }
    match out {
        Some(s) => Ok(s),
        None => Ok(Set::empty(pair_space(&sa.space().params, &sa.space().input.clone().unwrap_or_default(), &sb.space().input.clone().unwrap_or_default()))),
    }
}

/// The schedule of one statement as a relation
/// `[params] -> { S[i..] -> [r0, ..] }`, with a floor-division local for
/// every row whose `div > 1`.
pub fn sched_map(params: &[String], stmt: &Tuple, rows: &[SchedRow]) -> PolyResult<Set> {
    let (np, ni, no) = (params.len(), stmt.dims.len(), rows.len());
    let space = pair_space(params, stmt, &Tuple::anon(no, "t"));
    let mut b = BasicSet::universe(space);
    for (k, r) in rows.iter().enumerate() {
        if r.coeffs.len() != np + ni + 1 || r.div < 1 {
            return Err(PolyError::SpaceMismatch);
        }
        // The row's expression over the current layout (locals may have
        // been appended by earlier division rows).
        let mut e = vec![0; b.width()];
        e[..np + ni].copy_from_slice(&r.coeffs[..np + ni]);
        e[b.width() - 1] = r.coeffs[np + ni];
        let mut eq = if r.div == 1 {
            crate::poly::row::negate(&e)?
        } else {
            let c = b.add_div(e, r.div)?;
            let mut q = vec![0; b.width()];
            q[c] = -1;
            q
        };
        eq[np + ni + k] = 1;
        b.add_eq(eq)?;
    }
    Ok(b.into())
}

/// Whether coordinate `k` of an original schedule relation varies with the
/// statement's counters (a loop dimension) rather than being a constant.
pub fn is_loop_coordinate(sched: &Set, k: usize) -> bool {
    let (np, ni) = (sched.space().n_param(), sched.space().n_in());
    sched.parts().iter().any(|b| b.eqs().iter().any(|r| r[np + ni + k] != 0 && r[np..np + ni].iter().any(|&c| c != 0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::parse_set;

    #[test]
    fn order_levels() {
        let sa = parse_set("[n] -> { S[i] -> [0, i, 0] }").unwrap();
        let sb = parse_set("[n] -> { T[j] -> [0, j, 1] }").unwrap();
        let l1 = ordered_at(&sa, &sb, 1).unwrap();
        assert!(l1.contains(&[5, 1, 2]).unwrap());
        assert!(!l1.contains(&[5, 2, 2]).unwrap());
        let l2 = ordered_at(&sa, &sb, 2).unwrap();
        assert!(l2.contains(&[5, 2, 2]).unwrap());
        assert!(!l2.contains(&[5, 1, 2]).unwrap());
        assert!(ordered_at(&sa, &sb, 0).unwrap().is_empty().unwrap());
        assert!(is_loop_coordinate(&sa, 1) && !is_loop_coordinate(&sa, 2));
    }

    #[test]
    fn floor_rows() {
        let rows = vec![SchedRow { coeffs: vec![0, 1, 0], div: 4 }, SchedRow { coeffs: vec![0, 1, 0], div: 1 }];
        let m = sched_map(&["n".to_string()], &Tuple::new(Some("S"), &["i"]), &rows).unwrap();
        assert!(m.contains(&[10, 7, 1, 7]).unwrap());
        assert!(!m.contains(&[10, 8, 1, 8]).unwrap());
        let before = precedes(&m, &m).unwrap();
        assert!(before.contains(&[10, 3, 4]).unwrap());
        assert!(!before.contains(&[10, 4, 3]).unwrap());
    }
}
