//! `print<tessera-deps>`: one line per dependence,
//!
//! ```text
//! flow S0 -> S1 on C (level 5, depth 3) [reduction]: [n] -> { S0[i, j, k] -> S1[...] : ... }
//! ```
//!
//! the kind, source and target statements, the array, the original
//! schedule level and loop depth that carry it (`loop-independent` when a
//! textual position orders the pair), the relaxation marks, then the
//! relation in the `poly` text form (parseable back).

use super::Deps;
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;
use std::fmt::Write;

pub fn print_deps(scop: &PolyScop, deps: &Deps) -> String {
    let mut out = String::new();
    let name = |s: StmtId| scop.statements.get(s.index()).map_or("?", |st| st.name.as_str()).to_string();
    for d in &deps.deps {
        let carried = match d.depth {
            Some(depth) => format!("level {}, depth {depth}", d.level),
            None => format!("level {}, loop-independent", d.level),
        };
        let mut marks = String::new();
        if d.scalar_memory {
            marks.push_str(" [scalar-memory]");
        }
        if d.reduction {
            marks.push_str(" [reduction]");
        }
        let _ = writeln!(out, "{} {} -> {} on {} ({carried}){marks}: {}", d.kind.name(), name(d.source), name(d.target), scop.cell(d.array).name, d.relation);
    }
    if !deps.value_based_exact {
        out.push_str("; flow dependences are memory based where value-based analysis was inexact\n");
    }
    out
}
