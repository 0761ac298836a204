//! Which loop nests are worth profiling, with which values, and the hash
//! that tells a profile from another version of the source apart.

use crate::ir::{BlockId, FunctionView, LoopId, Type, ValueId, ValueKind};
use crate::scop::{Detection, LoopStatus, Reason};
use std::collections::BTreeSet;
use crate::stable::HashMap;

/// At most this many values are recorded per region (the runtime's
/// `MAX_PARAMS`).
pub const MAX_PARAMS: usize = 6;

/// A nest to instrument or specialize.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub root: LoopId,
    /// Position among the function's top-level loops (part of the key).
    pub index: usize,
    /// Integer values defined before the nest and used in it.
    pub params: Vec<ValueId>,
    /// Hash of the nest's IR, renumbered so that code elsewhere in the
    /// function does not change it.
    pub hash: u64,
}

/// Whether constants in place of parameters may make the nest affine.
fn liftable(r: &Reason) -> bool {
    matches!(
        r,
        Reason::ParameterProduct(_) | Reason::NonAffineBound(_) | Reason::NonAffineSubscript(_) | Reason::NonAffineCondition(_)
    )
}

/// The top-level nests rejected for a parameter-related reason that read
/// between 1 and [`MAX_PARAMS`] integer values defined before them.
pub fn candidates(view: &FunctionView, d: &Detection) -> Vec<Candidate> {
    let status: HashMap<LoopId, &LoopStatus> = d.loops.iter().map(|(l, s)| (*l, s)).collect();
    let mut out = Vec::new();
    for (index, &root) in view.top_loops.iter().enumerate() {
        let Some(LoopStatus::Rejected(reason)) = status.get(&root) else { continue };
        if !liftable(reason) {
            continue;
        }
        let params = outside_integers(view, root);
        if params.is_empty() || params.len() > MAX_PARAMS {
            continue;
        }
        out.push(Candidate { root, index, params, hash: nest_hash(view, root) });
    }
    out
}

/// Integer values (8 to 64 bits wide: the recorder's slots are `i64`)
/// defined outside the nest and used in it, in order of first use. Wider
/// ones exist: LLVM computes closed forms of sums in 65-bit arithmetic.
fn outside_integers(view: &FunctionView, root: LoopId) -> Vec<ValueId> {
    let blocks: BTreeSet<BlockId> = view.loop_(root).blocks.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &b in &view.loop_(root).blocks {
        for i in &view.block(b).instrs {
            for &v in &i.operands {
                let info = view.value(v);
                let outside = match info.kind {
                    ValueKind::Argument { .. } => true,
                    ValueKind::Instruction(def) => !blocks.contains(&def),
                    _ => false,
                };
                if outside && matches!(info.ty, Type::Int(bits) if (8..=64).contains(&bits)) && seen.insert(v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// FNV-1a of the nest's instructions, SCEVs and trip counts, with value,
/// block and loop numbers replaced by their order of appearance.
fn nest_hash(view: &FunctionView, root: LoopId) -> u64 {
    let mut text = String::new();
    let mut loops = vec![root];
    while let Some(l) = loops.pop() {
        let lp = view.loop_(l);
        text += &format!("loop {:?}\n", lp.backedge_taken);
        loops.extend(lp.subloops.iter().rev());
    }
    for &b in &view.loop_(root).blocks {
        for i in &view.block(b).instrs {
            text += &format!("{:?} {:?} {:?} {:?}", i.op, i.operands, view.value(i.value).ty, view.scev(i.value));
            // Constants by value: their ids are renumbered like the rest.
            for &o in &i.operands {
                if view.value(o).kind == ValueKind::Constant {
                    text += &format!(" {}", view.value(o).name);
                }
            }
            text += "\n";
        }
        text += &format!("{:?}\n", view.block(b).term);
    }
    super::fnv1a(renumber(&text).as_bytes())
}

/// Replaces `ValueId(n)`, `BlockId(n)`, `LoopId(n)` by local numbers.
fn renumber(text: &str) -> String {
    let mut maps: HashMap<&str, HashMap<u64, usize>> = HashMap::default();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        for tag in ["ValueId(", "BlockId(", "LoopId("] {
            if let Some(after) = rest.strip_prefix(tag) {
                let digits = after.bytes().take_while(u8::is_ascii_digit).count();
                if let Ok(n) = after[..digits].parse::<u64>() {
                    let map = maps.entry(tag).or_default();
                    let next = map.len();
                    let local = *map.entry(n).or_insert(next);
                    out += &format!("{tag}{local}");
                    rest = &after[digits..];
                    continue 'scan;
                }
            }
        }
        let c = rest.chars().next().expect("non-empty");
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::renumber;

    #[test]
    fn renumbering_ignores_absolute_ids() {
        let a = renumber("Load { addr: ValueId(17) } [ValueId(17), ValueId(3)] BlockId(9) LoopId(2)");
        let b = renumber("Load { addr: ValueId(40) } [ValueId(40), ValueId(5)] BlockId(1) LoopId(7)");
        assert_eq!(a, b);
        assert_ne!(renumber("[ValueId(1), ValueId(1)]"), renumber("[ValueId(1), ValueId(2)]"));
    }
}
