//! `print<tessera-schedule>`: per statement its schedule as a relation,
//! then the dimension and band marks.
//!
//! ```text
//! [n] -> { S0[i, j, k] -> [floor(i/32), floor(j/32), floor(k/32), i, k, j] }
//! dims: 0 loop parallel, 1 loop parallel, 2 loop, 3 loop parallel, 4 loop, 5 loop parallel
//! band 0..3 permutable tiles [32, 32, 32] points 3..6
//! ```
//!
//! Tile rows print as `floor(expr/size)`; marks are `parallel`,
//! `parallel-if-reduction`, `permutable`, `wavefront`.

use super::{RowKind, SchedRow, Schedule};
use crate::scop::PolyScop;
use std::fmt::Write;


fn expr(row: &SchedRow, names: &[String]) -> String {
    let n = row.coeffs.len() - 1;
    let mut terms: Vec<String> = row.coeffs[..n]
        .iter()
        .zip(names)
        .filter(|(c, _)| **c != 0)
        .map(|(&c, name)| match c {
            1 => name.clone(),
            -1 => format!("-{name}"),
            _ => format!("{c}{name}"),
        })
        .collect();
    let k = row.coeffs[n];
    if k != 0 || terms.is_empty() {
        terms.push(k.to_string());
    }
    let out = terms.join(" + ").replace("+ -", "- ");
    if row.div > 1 {
        format!("floor(({out})/{})", row.div)
    } else {
        out
    }
}

pub fn print_schedule(scop: &PolyScop, sched: &Schedule) -> String {
    let mut out = String::new();
    for (s, rows) in sched.stmts.iter().enumerate() {
        let Some(st) = scop.statements.get(s) else { continue };
        let t = &st.domain.space().output;
        let names: Vec<String> = scop.params.iter().chain(&t.dims).cloned().collect();
        let rows: Vec<String> = rows.iter().map(|r| expr(r, &names)).collect();
        let _ = writeln!(out, "[{}] -> {{ {}[{}] -> [{}] }}", scop.params.join(", "), t.name.clone().unwrap_or_default(), t.dims.join(", "), rows.join(", "));
    }
    let dims: Vec<String> = sched
        .dims
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let mut s = format!("{k} {}", if d.kind == RowKind::Loop { "loop" } else { "scalar" });
            if d.kind == RowKind::Loop && d.parallel {
                s.push_str(" parallel");
            }
            if d.kind == RowKind::Loop && d.parallel_if_reduction {
                s.push_str(" parallel-if-reduction");
            }
            s
        })
        .collect();
    let _ = writeln!(out, "dims: {}", dims.join(", "));
    for b in &sched.bands {
        let _ = write!(out, "band {}..{}", b.start, b.start + b.len);
        if b.permutable {
            out.push_str(" permutable");
        }
        if let Some(t) = &b.tile_sizes {
            if b.split_innermost {
                let _ = write!(out, " tiles {t:?} points {:?} (innermost distributed)", b.point_dims());
            } else {
                let _ = write!(out, " tiles {t:?} points {}..{}", b.start + b.len, b.start + 2 * b.len);
            }
        }
        if b.wavefront {
            out.push_str(" wavefront");
        }
        if b.concurrent_start {
            out.push_str(" concurrent-start");
        }
        if let Some(u) = b.jam {
            let _ = write!(out, " jam {u}");
        }
        out.push('\n');
    }
    out
}
