//! C-like text of the loop AST (`print<tessera-ast>`).
//!
//! Running example (a 2-D tiling of `0 <= i, j < n` by 32, the `j` loop
//! parallel):
//!
//! ```text
//! for (t0 = 0; t0 <= floord(n - 1, 32); t0++)
//!   // parallel
//!   for (t1 = 0; t1 <= floord(n - 1, 32); t1++)
//!     // full tiles
//!     if (n >= 32*t0 + 32 && n >= 32*t1 + 32) {
//!       for (t2 = 32*t0; t2 <= 32*t0 + 31; t2++)
//!         // parallel, vectorizable
//!         for (t3 = 32*t1; t3 <= 32*t1 + 31; t3++)
//!           S0(t2, t3);
//!     } else {
//!       ...
//!     }
//! ```
//!
//! Loop properties are comments on the line before the loop; a statement
//! prints its counters as expressions of the loop variables. Divisions are
//! `floord`/`ceild` (rounding toward minus / plus infinity), as in CLooG.

use super::expr::{Aff, Cond, Expr};
use super::{Ast, IfKind, Node};
use std::fmt::{self, Write};

struct Names<'a> {
    params: &'a [String],
    vars: &'a [String],
    stmts: &'a [String],
}

impl Names<'_> {
    /// Non-zero terms, variables then parameters, positive ones first.
    fn terms(&self, a: &Aff) -> Vec<(i64, String)> {
        let mut t: Vec<(i64, String)> = vec![];
        for (c, n) in a.vars.iter().zip(self.vars).chain(a.params.iter().zip(self.params)) {
            if *c != 0 {
                t.push((*c, n.clone()));
            }
        }
        t.sort_by_key(|(c, _)| *c < 0);
        t
    }

    fn aff(&self, a: &Aff) -> String {
        join(&self.terms(a), a.constant)
    }

    fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Aff(a) => self.aff(a),
            Expr::FloorDiv(a, d) => format!("floord({}, {d})", self.aff(a)),
            Expr::CeilDiv(a, d) => format!("ceild({}, {d})", self.aff(a)),
            Expr::Min(v) | Expr::Max(v) => {
                let name = if matches!(e, Expr::Min(_)) { "min" } else { "max" };
                format!("{name}({})", v.iter().map(|x| self.expr(x)).collect::<Vec<_>>().join(", "))
            }
            Expr::Scaled(x, m, c) => join(&[(*m, self.expr(x))], *c),
        }
    }

    fn cond(&self, c: &Cond) -> String {
        match c {
            Cond::Ge(a) => self.relation(a, ">=", "<="),
            Cond::Eq(a) => self.relation(a, "==", "=="),
            Cond::Divisible(a, d) if self.terms(a).len() == 1 && a.constant == 0 => format!("{} % {d} == 0", self.aff(a)),
            Cond::Divisible(a, d) => format!("({}) % {d} == 0", self.aff(a)),
        }
    }

    /// `a OP 0` as `positive terms OP negative terms` (or flipped when
    /// there is no positive term).
    fn relation(&self, a: &Aff, op: &str, flipped: &str) -> String {
        let (pos, neg): (Vec<_>, Vec<_>) = self.terms(a).into_iter().partition(|(c, _)| *c > 0);
        let neg: Vec<(i64, String)> = neg.into_iter().map(|(c, n)| (-c, n)).collect();
        if pos.is_empty() && neg.is_empty() {
            return format!("{} {op} 0", a.constant);
        }
        if pos.is_empty() {
            return format!("{} {flipped} {}", join(&neg, 0), a.constant);
        }
        format!("{} {op} {}", join(&pos, 0), join(&neg, -a.constant))
    }
}

fn join(terms: &[(i64, String)], constant: i64) -> String {
    let mut s = String::new();
    for (i, (c, n)) in terms.iter().enumerate() {
        let mag = c.unsigned_abs();
        let body = if mag == 1 { n.clone() } else { format!("{mag}*{n}") };
        match (i, *c < 0) {
            (0, true) => s.push_str(&format!("-{body}")),
            (0, false) => s.push_str(&body),
            (_, true) => s.push_str(&format!(" - {body}")),
            (_, false) => s.push_str(&format!(" + {body}")),
        }
    }
    match (s.is_empty(), constant) {
        (true, c) => c.to_string(),
        (false, 0) => s,
        (false, c) if c < 0 => format!("{s} - {}", c.unsigned_abs()),
        (false, c) => format!("{s} + {c}"),
    }
}

fn line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str(text);
    out.push('\n');
}

/// A body: braces unless it is one node that cannot capture an `else`.
fn body(nm: &Names, nodes: &[Node], depth: usize, out: &mut String, head: &str, hd: usize) {
    let single = matches!(nodes, [n] if !matches!(n, Node::If { otherwise, .. } if !otherwise.is_empty()));
    if single {
        line(out, hd, head);
        block(nm, nodes, depth, out);
    } else {
        line(out, hd, &format!("{head} {{"));
        block(nm, nodes, depth, out);
        line(out, hd, "}");
    }
}

fn block(nm: &Names, nodes: &[Node], depth: usize, out: &mut String) {
    for n in nodes {
        match n {
            Node::For(f) => {
                let mut notes = vec![];
                if f.parallel {
                    notes.push("parallel");
                } else if f.parallel_if_reduction {
                    notes.push("parallel with reductions");
                }
                if f.vectorizable {
                    notes.push("vectorizable");
                }
                if f.wavefront {
                    notes.push("wavefront");
                }
                let rows;
                if f.copies > 0 {
                    rows = format!("{} rows at a time, each with its own scalars", f.copies);
                    notes.push(&rows);
                }
                let private;
                if !f.private.is_empty() {
                    let ids: Vec<String> = f.private.iter().map(|a| format!("array {}", a.0)).collect();
                    private = format!("parallel with a copy per thread of {}", ids.join(", "));
                    notes.push(&private);
                }
                let blocked;
                if let Some(m) = &f.matmul {
                    let b = &m.blocking;
                    blocked = format!("matrix product: packed panels, {}x{} micro-kernel, blocks kc {} mc {}", b.mr, b.nr, b.kc, b.mc);
                    notes.push(&blocked);
                }
                if !notes.is_empty() {
                    line(out, depth, &format!("// {}", notes.join(", ")));
                }
                let v = nm.vars.get(f.var).cloned().unwrap_or_else(|| format!("t{}", f.var));
                let head = format!("for ({v} = {}; {v} <= {}; {v}++)", nm.expr(&f.lower), nm.expr(&f.upper));
                body(nm, &f.body, depth + 1, out, &head, depth);
            }
            Node::If { cond, then, otherwise, kind } => {
                if *kind == IfKind::FullTile {
                    line(out, depth, "// full tiles");
                }
                let c = cond.iter().map(|c| nm.cond(c)).collect::<Vec<_>>().join(" && ");
                let head = format!("if ({})", if c.is_empty() { "1".to_string() } else { c });
                if otherwise.is_empty() {
                    body(nm, then, depth + 1, out, &head, depth);
                } else {
                    line(out, depth, &format!("{head} {{"));
                    block(nm, then, depth + 1, out);
                    line(out, depth, "} else {");
                    if *kind == IfKind::FullTile {
                        line(out, depth + 1, "// partial tiles");
                    }
                    block(nm, otherwise, depth + 1, out);
                    line(out, depth, "}");
                }
            }
            Node::Stmt { stmt, iter, .. } => {
                let name = nm.stmts.get(stmt.index()).filter(|s| !s.is_empty()).cloned().unwrap_or_else(|| format!("S{stmt}"));
                let args = iter.iter().map(|e| nm.expr(e)).collect::<Vec<_>>().join(", ");
                line(out, depth, &format!("{name}({args});"));
            }
        }
    }
}

impl Ast {
    /// The tree as C-like text, statements named by their SCoP names.
    pub fn to_c(&self) -> String {
        let nm = Names { params: &self.params, vars: &self.vars, stmts: &self.stmt_names };
        let mut out = String::new();
        block(&nm, &self.body, 0, &mut out);
        out
    }
}

impl fmt::Display for Ast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_c())
    }
}

/// An expression as text (for debugging and remarks).
pub fn expr_to_string(e: &Expr, params: &[String], vars: &[String]) -> String {
    let nm = Names { params, vars, stmts: &[] };
    let mut s = String::new();
    let _ = write!(s, "{}", nm.expr(e));
    s
}
