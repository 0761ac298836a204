//! What planning learned of the nests it declined in this process, so that
//! a copy of one (a function inlined into several callers brings the same
//! nest to each) is declined again without the work. Every stage is a
//! deterministic function of the nest, the stage configuration, the
//! profitability facts and the work allowed, so planning it again would
//! spend the same work to decline it the same way. Rewrites are not kept:
//! each needs its own plan.
//!
//! Not the code-size budgets' answers: they depend on what earlier
//! rewrites left.

use super::StageConfig;
use crate::cost;
use crate::scop::{self, PolyScop};
use crate::stable::HashMap;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// The declines that do not depend on the code-size budgets, by
/// [`nest_key`]: why, and the work it took (the allowance, for one that ran
/// out of it). gsl's simplex.c brings the same 2-statement nest three
/// times, each spending 1.3e9 work units to be found not profitable.
static DECLINED: Mutex<BTreeMap<u64, (String, u64)>> = Mutex::new(BTreeMap::new());

/// Why the nest of `key` is declined again within `allowance` work units,
/// if an earlier copy's decline says it would be.
pub(super) fn recall(key: u64, allowance: u64) -> Option<String> {
    let (why, at) = lock(&DECLINED).get(&key).cloned()?;
    // Out of work with this allowance or more: out of work again.
    // Decided within this allowance or less: decided the same way.
    (if out_of_work(&why) { allowance <= at } else { allowance >= at }).then(|| format!("{why} (as the same nest before it in this compilation)"))
}

/// Keeps the decline `why` of the nest of `key` (after `used` work units
/// of an `allowance`) for its later copies.
pub(super) fn record(key: u64, allowance: u64, used: u64, why: &str) {
    let out = out_of_work(why);
    if out || (why.starts_with("not profitable") && !why.contains("code-size budget")) {
        lock(&DECLINED).insert(key, (why.to_string(), if out { allowance } else { used }));
    }
}

/// Whether a decline says some work budget ran out (the solver's, the
/// dependence analysis's or loop generation's): kept with the allowance
/// it ran out of, and recalled only within no more.
pub(super) fn out_of_work(why: &str) -> bool {
    why.contains("exceeded its work budget")
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What planning depends on: the nest as the stages see it, the stage
/// configuration and the profitability model's facts. Its parameters and
/// cells are renamed by position (copies of one nest inlined into one
/// function have the same sets over differently named values), and a
/// cell's number too (cells are numbered in the order of their names,
/// which differ between copies); the scalars that die with the nest are
/// listed in that numbering's order, as the stages walk them.
pub(super) fn nest_key(scop: &PolyScop, config: &StageConfig, facts: Option<&cost::profit::Facts>) -> u64 {
    let text = format!("{:?} {:?} {:?} {:?}", scop.params, scop.context, scop.statements, scop.dead_after);
    let mut names: Vec<String> = scop.params.iter().map(|p| format!("{p:?}")).collect();
    let mut cells: Vec<scop::poly_scop::CellId> = vec![];
    for a in scop.statements.iter().flat_map(|s| &s.accesses) {
        if !cells.contains(&a.array) {
            cells.push(a.array);
            names.push(format!("{:?}", scop.cell(a.array).name));
        }
    }
    let cells: Vec<String> = cells.iter().map(|c| format!("{c:?}")).collect();
    let text = renamed(&text, &names, &cells, scop.params.len());
    // `DefaultHasher::new` has fixed keys: the same in every process.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    format!("{:?} {:?} {} {} {:?} {:?} {facts:?}", config.fuse, config.tile, config.check, config.deps_work_limit, config.sched_work_limit, config.ast).hash(&mut h);
    h.finish()
}

/// `text` (a debug form) with each quoted name of `names` (in its debug
/// form, quotes included) replaced by `"#k"`, `k` its first position, and
/// each cell of `cells` (`CellId(n)`) by `CellId(#offset+k)`: in one pass.
/// The new names are no C identifier and no cell number, so a name is
/// matched only as a whole quoted string and a cell only up to its closing
/// parenthesis (`CellId(3)` is not the start of `CellId(31)`).
fn renamed(text: &str, names: &[String], cells: &[String], offset: usize) -> String {
    let mut index: HashMap<&str, String> = HashMap::default();
    for (k, n) in names.iter().enumerate() {
        index.entry(n.as_str()).or_insert_with(|| format!("\"#{k}\""));
    }
    for (k, c) in cells.iter().enumerate() {
        index.entry(c.as_str()).or_insert_with(|| format!("CellId(#{})", offset + k));
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let end = if bytes[i] == b'"' {
            quoted_end(bytes, i)
        } else if bytes[i..].starts_with(b"CellId(") {
            bytes[i..].iter().position(|&b| b == b')').map(|p| i + p + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                let token = &text[i..end];
                out.push_str(index.get(token).map_or(token, String::as_str));
                i = end;
            }
            None => {
                let from = i + text[i..].chars().next().map_or(1, char::len_utf8);
                let next = text[from..].find(['"', 'C']).map_or(text.len(), |p| from + p);
                out.push_str(&text[i..next]);
                i = next;
            }
        }
    }
    out
}

/// The end (one past the closing quote) of the debug-quoted string that
/// starts at `bytes[start]`, escapes skipped.
fn quoted_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::renamed;

    /// The one-pass renaming gives what renaming each name in turn gave.
    #[test]
    fn renaming_in_one_pass() {
        let names: Vec<String> = ["n", "a", "ab", "n"].iter().map(|s| format!("{s:?}")).collect();
        let cells = vec!["CellId(3)".to_string(), "CellId(1)".to_string()];
        let text = r#"S { p: ["n", "m"], a: "ab", b: "a", c: "x\"a\"", d: CellId(31), e: CellId(3), f: CellId(1) C"#;
        let mut step = text.to_string();
        for (k, n) in names.iter().enumerate() {
            step = step.replace(n.as_str(), &format!("\"#{k}\""));
        }
        for (k, c) in cells.iter().enumerate() {
            step = step.replace(c.as_str(), &format!("CellId(#{})", 4 + k));
        }
        let once = renamed(text, &names, &cells, 4);
        assert_eq!(once, r##"S { p: ["#0", "m"], a: "#2", b: "#1", c: "x\"a\"", d: CellId(31), e: CellId(#4), f: CellId(#5) C"##);
        assert_eq!(once, step);
    }
}
