//! Printing in isl-like notation.
//!
//! Running example: the basic set with rows `i >= 0`, `n - 1 - i >= 0`,
//! `i - j >= 0`, `j >= 0` over `[n | i, j]` prints as
//!
//! ```text
//! [n] -> { S[i, j] : 0 <= i <= n - 1 and 0 <= j <= i }
//! ```
//!
//! Each constraint is written around its *subject*, the last column with a
//! non-zero coefficient (locals, then inner dims first): `c·x >= rest`,
//! `c·x <= rest` or `c·x = rest`. A lower and an upper bound with the same
//! subject and coefficient are chained (`lo <= x <= hi`). Locals print as
//! `exists (e0, e1 : ...)` holding the constraints that mention them.
//! Unions separate their parts by `;`; an empty union prints its space with
//! `false`. Output is deterministic (rows are emitted in column order), and
//! [`super::parse`] reads it back to the same point set.

use super::basic_set::BasicSet;
use super::row::Row;
use super::set::Set;
use super::space::{Space, Tuple};
use std::fmt::{self, Write};

/// Column names for printing: parameters, dimensions, then locals, renamed
/// where needed so that every name is unique and parseable.
fn column_names(space: &Space, n_local: usize) -> Vec<String> {
    let mut used: Vec<String> = vec![];
    let fresh = |want: &str, fallback: &str, used: &mut Vec<String>| {
        let ok = !want.is_empty()
            && want.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && want.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
            && !matches!(want, "and" | "or" | "exists" | "floor" | "mod" | "true" | "false")
            && !used.iter().any(|u| u == want);
        let name = if ok {
            want.to_string()
        } else {
            (0..).map(|k| format!("{fallback}{k}")).find(|c| !used.contains(c)).unwrap_or_default()
        };
        used.push(name.clone());
        name
    };
    let mut out = vec![];
    for p in &space.params {
        out.push(fresh(p, "p", &mut used));
    }
    for d in space.dim_names() {
        out.push(fresh(&d, "i", &mut used));
    }
    for k in 0..n_local {
        out.push(fresh(&format!("e{k}"), "e", &mut used));
    }
    out
}

/// Writes `Σ coef·name + k`, with `0` for the empty expression.
fn write_expr(out: &mut String, terms: &[(i64, &str)], k: i64) {
    let mut first = true;
    for &(c, name) in terms {
        let (sign, mag) = if c < 0 { ("-", c.unsigned_abs()) } else { ("+", c as u64) };
        match (first, sign) {
            (true, "-") => out.push('-'),
            (true, _) => {}
            (false, s) => {
                let _ = write!(out, " {s} ");
            }
        }
        if mag != 1 {
            let _ = write!(out, "{mag}");
        }
        out.push_str(name);
        first = false;
    }
    if first {
        let _ = write!(out, "{k}");
    } else if k != 0 {
        let _ = write!(out, " {} {}", if k < 0 { "-" } else { "+" }, k.unsigned_abs());
    }
}

/// `(subject column, its coefficient (> 0), the other side as a string)`:
/// the row reads `coef·subject (op) rhs`, with `op` flipped when the
/// original coefficient was negative.
fn split(r: &Row, names: &[String]) -> Option<(usize, i64, bool, String)> {
    let n = r.len() - 1;
    let c = (0..n).rev().find(|&c| r[c] != 0)?;
    let s = r[c];
    // s·x + rest (op) 0  ->  s·x (op) -rest ; if s < 0 negate both sides and flip.
    let flip = s < 0;
    let sign = if flip { 1 } else { -1 };
    let terms: Vec<(i64, &str)> = (0..c).filter(|&j| r[j] != 0).map(|j| (sign * r[j], names[j].as_str())).collect();
    let mut rhs = String::new();
    write_expr(&mut rhs, &terms, sign * r[n]);
    Some((c, s.abs(), flip, rhs))
}

fn subject(names: &[String], c: usize, coef: i64) -> String {
    if coef == 1 {
        names[c].clone()
    } else {
        format!("{coef}{}", names[c])
    }
}

/// The constraints of `rows` as `and`-separated text.
fn constraints_text(eqs: &[&Row], ineqs: &[&Row], names: &[String]) -> Vec<String> {
    let mut items: Vec<(usize, u8, String)> = vec![];
    for r in eqs {
        match split(r, names) {
            Some((c, coef, _, rhs)) => items.push((c, 0, format!("{} = {rhs}", subject(names, c, coef)))),
            None if r[r.len() - 1] != 0 => items.push((0, 0, "false".into())),
            None => {}
        }
    }
    let mut bounds: Vec<(usize, i64, bool, String)> = vec![];
    for r in ineqs {
        match split(r, names) {
            Some(b) => bounds.push(b),
            None if r[r.len() - 1] < 0 => items.push((0, 0, "false".into())),
            None => {}
        }
    }
    let mut used = vec![false; bounds.len()];
    for i in 0..bounds.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let (c, coef, upper, rhs) = &bounds[i];
        let partner = (0..bounds.len()).find(|&j| !used[j] && bounds[j].0 == *c && bounds[j].1 == *coef && bounds[j].2 != *upper);
        let subj = subject(names, *c, *coef);
        let text = match partner {
            Some(j) => {
                used[j] = true;
                let (lo, hi) = if *upper { (&bounds[j].3, rhs) } else { (rhs, &bounds[j].3) };
                format!("{lo} <= {subj} <= {hi}")
            }
            None if *upper => format!("{subj} <= {rhs}"),
            None => format!("{subj} >= {rhs}"),
        };
        items.push((*c, 1, text));
    }
    items.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    items.into_iter().map(|(_, _, t)| t).collect()
}

fn tuple_text(t: &Tuple, names: &[String]) -> String {
    format!("{}[{}]", t.name.as_deref().unwrap_or(""), names.join(", "))
}

/// The part of `{ ... }` for one basic set (tuple, then constraints).
fn basic_body(b: &BasicSet) -> String {
    let names = column_names(&b.space, b.n_local());
    let (np, ni, no) = (b.n_param(), b.space.n_in(), b.space.n_out());
    let mut s = String::new();
    if let Some(t) = &b.space.input {
        s.push_str(&tuple_text(t, &names[np..np + ni]));
        s.push_str(" -> ");
    }
    s.push_str(&tuple_text(&b.space.output, &names[np + ni..np + ni + no]));
    let lc = b.local_col(0);
    let uses_local = |r: &&Row| r[lc..r.len() - 1].iter().any(|&x| x != 0);
    let outer_e: Vec<&Row> = b.eqs.iter().filter(|r| !uses_local(r)).collect();
    let outer_i: Vec<&Row> = b.ineqs.iter().filter(|r| !uses_local(r)).collect();
    let mut parts = constraints_text(&outer_e, &outer_i, &names);
    if b.n_local() > 0 {
        let inner_e: Vec<&Row> = b.eqs.iter().filter(uses_local).collect();
        let inner_i: Vec<&Row> = b.ineqs.iter().filter(uses_local).collect();
        let inner = constraints_text(&inner_e, &inner_i, &names);
        let inner = if inner.is_empty() { "true".to_string() } else { inner.join(" and ") };
        parts.push(format!("exists ({} : {inner})", names[lc..].join(", ")));
    }
    if !parts.is_empty() {
        s.push_str(" : ");
        s.push_str(&parts.join(" and "));
    }
    s
}

fn params_prefix(space: &Space) -> String {
    if space.params.is_empty() {
        String::new()
    } else {
        let names = column_names(space, 0);
        format!("[{}] -> ", names[..space.n_param()].join(", "))
    }
}

impl fmt::Display for BasicSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{{ {} }}", params_prefix(&self.space), basic_body(self))
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&BasicSet> = self.parts.iter().filter(|p| !p.is_obviously_empty()).collect();
        if parts.is_empty() {
            let e = BasicSet::empty(self.space.clone());
            return write!(f, "{}{{ {} }}", params_prefix(&self.space), basic_body(&e));
        }
        let bodies: Vec<String> = parts.into_iter().map(basic_body).collect();
        write!(f, "{}{{ {} }}", params_prefix(&self.space), bodies.join("; "))
    }
}
