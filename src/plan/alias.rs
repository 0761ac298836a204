//! Which pairs of arrays a rewrite checks for overlap at run time
//! (SPolly-style alias checks), and whether it may: decided from the model
//! and the function before any IR is written. Planning weighs the checks
//! (`costing::weights`); code generation emits them (`codegen::checks`).

use crate::ir::{FunctionView, ValueId, ValueKind};
use crate::scop::model::{ArrayId, Model, Target};

/// At most this many arrays take part in alias checks (Polly's limit too).
pub const MAX_CHECKED_ARRAYS: usize = 20;

/// Which pairs of arrays need a check: at least one written, and not
/// provably distinct: two different globals, or a `noalias` argument and
/// another argument or a global. A base computed in the function (a
/// pointer hoisted out of the loops, `&A[6]`) may be based on the `noalias`
/// argument itself, so `noalias` says nothing about it.
pub fn pairs_to_check(model: &Model, view: &FunctionView) -> Vec<(ArrayId, ArrayId)> {
    let written: Vec<bool> = (0..model.arrays.len())
        .map(|a| {
            model.statements.iter().flat_map(|s| &s.accesses).any(|x| {
                x.kind == crate::scop::model::AccessKind::Write && x.target == Target::Array(ArrayId(a as u32))
            })
        })
        .collect();
    // Per array, the object its base is address arithmetic on, and whether
    // that is a stack array whose address goes nowhere (a block-scoped
    // scratch row): no pointer but its own address arithmetic points
    // into it.
    let objects: Vec<ValueId> = model.arrays.iter().map(|x| crate::ir::underlying_object(view, x.base)).collect();
    let local: Vec<bool> = objects.iter().map(|&o| crate::ir::unescaped_stack_object(view, o, None::<&std::collections::HashSet<crate::ir::BlockId>>)).collect();
    let mut out = Vec::new();
    for a in 0..model.arrays.len() {
        for b in a + 1..model.arrays.len() {
            if !written[a] && !written[b] {
                continue;
            }
            let (x, y) = (&model.arrays[a], &model.arrays[b]);
            let global = |v| matches!(view.value(v).kind, ValueKind::Global);
            let identified = |v| global(v) || matches!(view.value(v).kind, ValueKind::Argument { .. });
            let both_globals = global(x.base) && global(y.base);
            let restrict = (x.noalias || y.noalias) && identified(x.base) && identified(y.base);
            let apart = objects[a] != objects[b] && (local[a] || local[b]);
            if restrict || both_globals || apart {
                continue;
            }
            out.push((ArrayId(a as u32), ArrayId(b as u32)));
        }
    }
    out
}

/// Whether the SCoP may be optimized with checks on `pairs`: checks must be
/// allowed (`-tessera-rtc`) and involve at most [`MAX_CHECKED_ARRAYS`]
/// arrays, so that their cost stays small next to the region's.
pub fn admissible(model: &Model, pairs: &[(ArrayId, ArrayId)], rtc: bool) -> Result<(), String> {
    if pairs.is_empty() {
        return Ok(());
    }
    if !rtc {
        let names: Vec<String> = pairs.iter().map(|&(x, y)| format!("{}/{}", model.array(x).name, model.array(y).name)).collect();
        return Err(format!(
            "arrays may overlap ({}) and run-time alias checks are disabled (-tessera-rtc=0); `restrict` pointers would tell they do not",
            names.join(", ")
        ));
    }
    let arrays: std::collections::BTreeSet<ArrayId> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
    if arrays.len() > MAX_CHECKED_ARRAYS {
        return Err(format!(
            "run-time alias checks would involve {} arrays ({} pairs); the limit is {MAX_CHECKED_ARRAYS} arrays; `restrict` pointers would make the checks unneeded",
            arrays.len(),
            pairs.len()
        ));
    }
    Ok(())
}
