//! Value-based flow dependences: keep `w -> r` only when no write to the
//! same cell runs between `w` and `r` (then `r` reads the value `w` wrote).
//!
//! Running example: `S0[i, j]: s = ...; S1[i, j, k]: s = s + ...`. The
//! memory-based flow `S0[i, j] -> S1[i, j, k]` holds for every `k`, but for
//! `k >= 1` the write `S1[i, j, k - 1]` lies between: the pairs killed are
//!
//! ```text
//! K = ∪_{w'} O(w -> w') ∘ F(w' -> r)
//! ```
//!
//! over every write access `w'` of the array (`O`: memory-based output
//! dependences from the source access, `F`: memory-based flow into the
//! target access; both already carry "same cell" and the original order).
//! The value-based dependence is `F(w -> r) \ K`, here `k = 0` only.
//!
//! Exactness: the composition eliminates `w'` exactly or keeps it as an
//! existential; subtracting a set with a plain existential is refused by
//! `poly` (`Inexact`). Then the memory-based relation is kept — sound, as
//! it contains the value-based one — and the analysis reports it.

use super::{DepKind, Dependence};
use crate::poly::{PolyError, PolyResult, Set};
use crate::stable::WordMap;
use crate::scop::poly_scop::StmtId;

/// The pairs whose compositions kill flow dependence `f` (see module
/// docs): each output dependence from `f`'s source access, with each flow
/// from that output's target access into `f`'s target access.
fn killing_pairs<'a>(deps: &'a [Dependence], f: &Dependence) -> Vec<(&'a Set, &'a Set)> {
    let outs = deps.iter().filter(|o| o.kind == DepKind::Output && o.source == f.source && o.source_access == f.source_access);
    outs.flat_map(|o| {
        let flows = deps.iter().filter(move |g| {
            g.kind == DepKind::Flow && g.source == o.target && g.source_access == o.target_access && g.target == f.target && g.target_access == f.target_access
        });
        flows.map(move |g| (&o.relation, &g.relation))
    })
    .collect()
}

/// The killed pairs, the union of the compositions of `pairs`, its parts
/// pruned; `None` when nothing kills.
fn killed(pairs: &[(&Set, &Set)]) -> PolyResult<Option<Set>> {
    let mut kill: Option<Set> = None;
    for (o, g) in pairs {
        let k = o.compose(g)?;
        match &mut kill {
            None => kill = Some(k),
            Some(u) => u.absorb(k)?,
        }
    }
    kill.map(|k| k.simplify_all_parts()).transpose()
}

/// Replaces the memory-based flow dependences of `deps` by value-based
/// ones, dropping those left empty. Returns whether every subtraction was
/// exact.
pub fn make_value_based(deps: &mut Vec<Dependence>) -> PolyResult<bool> {
    let mut exact = true;
    // The killed pairs depend on the source and target accesses only, not
    // on the level of the flow: one set per pair of accesses, its parts
    // pruned once. A scalar written under a condition (a PHI of two
    // branches) has output and flow dependences at every level and in
    // every part of the branches' domains; their compositions are ~100
    // parts, most contained in others, and each part the subtraction
    // meets multiplies its pieces (minplus' initialisation: 5.7e8 work
    // units before, 0.5e8 after).
    //
    // Pairs of accesses with the same relations (a scalar's real and
    // imaginary parts, two scalars set and read in the same statements)
    // have the same kills and the same value-based flows: both are
    // computed once per distinct set of relations.
    //
    // The tables hold references into `deps` (hashed by words, as the
    // solver's memo is: they are only looked up, never walked), not
    // copies: copying every relation pair to key them, and hashing the
    // copies with SipHash, was 3% of gsl's cblas/ctrmm.c compile.
    let mut kills: WordMap<(StmtId, usize, StmtId, usize), usize> = WordMap::default();
    let mut distinct_kills: WordMap<Vec<(&Set, &Set)>, usize> = WordMap::default();
    let mut kill_sets: Vec<Option<Set>> = vec![];
    // Each distinct value-based flow, with whether it is empty; `None`
    // where the subtraction was not exact.
    let mut flows: WordMap<(usize, &Set), usize> = WordMap::default();
    let mut rests: Vec<Option<(Set, bool)>> = vec![];
    let mut updated: Vec<Option<usize>> = vec![None; deps.len()];
    for (i, f) in deps.iter().enumerate() {
        if f.kind != DepKind::Flow {
            continue;
        }
        let key = (f.source, f.source_access, f.target, f.target_access);
        let id = match kills.get(&key) {
            Some(&id) => id,
            None => {
                let pairs = killing_pairs(deps, f);
                let id = match distinct_kills.get(&pairs) {
                    Some(&id) => id,
                    None => {
                        kill_sets.push(killed(&pairs)?);
                        distinct_kills.insert(pairs, kill_sets.len() - 1);
                        kill_sets.len() - 1
                    }
                };
                kills.insert(key, id);
                id
            }
        };
        let Some(kill) = &kill_sets[id] else { continue };
        let rest = match flows.get(&(id, &f.relation)) {
            Some(&r) => r,
            None => {
                let rest = match f.relation.subtract(kill) {
                    Ok(rest) => {
                        let rest = rest.simplify()?;
                        let empty = rest.is_empty()?;
                        Some((rest, empty))
                    }
                    Err(PolyError::Inexact) => None,
                    Err(e) => return Err(e),
                };
                rests.push(rest);
                flows.insert((id, &f.relation), rests.len() - 1);
                rests.len() - 1
            }
        };
        match &rests[rest] {
            Some(_) => updated[i] = Some(rest),
            None => exact = false,
        }
    }
    let mut out = vec![];
    for (d, u) in deps.drain(..).zip(updated) {
        match u.and_then(|r| rests[r].as_ref()) {
            None => out.push(d),
            Some((_, true)) => {}
            Some((rel, false)) => out.push(Dependence { relation: rel.clone(), ..d }),
        }
    }
    *deps = out;
    Ok(exact)
}
