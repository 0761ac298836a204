//! Test helpers: SCoPs and schedules from short text, and the brute-force
//! check of a generated AST against the enumerated, sorted instances.

use crate::ast::{build, interp, Ast, AstOptions};
use crate::poly::parse_set;
use crate::sched::schedule::{Band, DimInfo, RowKind, SchedRow, Schedule};
use crate::scop::poly_scop::{PolyScop, PolyStmt};

/// A SCoP with the given context and statement domains (no accesses).
pub fn scop(context: &str, domains: &[&str]) -> PolyScop {
    let context = parse_set(context).expect("context");
    let statements = domains
        .iter()
        .map(|d| {
            let domain = parse_set(d).expect("domain");
            PolyStmt {
                name: domain.space().output.name.clone().unwrap_or_default(),
                schedule: domain.clone(),
                pseudo_dims: vec![false; domain.space().output.dims.len()],
                domain,
                accesses: vec![],
                reduction: None,
                float_arith: false,
            }
        })
        .collect();
    PolyScop { params: context.space().params.clone(), context, statements, cells: vec![], dead_after: Default::default() }
}

/// One affine term list like `2i - j + n + 3` over `names` (then constant).
fn affine(text: &str, names: &[String]) -> Vec<i64> {
    let mut row = vec![0i64; names.len() + 1];
    let s: String = text.chars().filter(|c| !c.is_whitespace() && *c != '(' && *c != ')').collect();
    let mut terms: Vec<String> = vec![];
    for (i, ch) in s.chars().enumerate() {
        if (ch == '+' || ch == '-') && i > 0 {
            terms.push(String::new());
        }
        if terms.is_empty() {
            terms.push(String::new());
        }
        terms.last_mut().expect("term").push(ch);
    }
    for t in terms {
        let (sign, body) = match t.strip_prefix('-') {
            Some(b) => (-1, b.to_string()),
            None => (1, t.trim_start_matches('+').to_string()),
        };
        let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
        let name = body[digits.len()..].trim_start_matches('*').to_string();
        let coef = if digits.is_empty() { 1 } else { digits.parse::<i64>().expect("coefficient") } * sign;
        if name.is_empty() {
            *row.last_mut().expect("const") += coef;
        } else {
            let k = names.iter().position(|n| *n == name).unwrap_or_else(|| panic!("unknown name {name} in {text}"));
            row[k] += coef;
        }
    }
    row
}

/// Rows like `["floor(i/4)", "j", "0"]` for a statement of `scop`.
pub fn rows(scop: &PolyScop, stmt: usize, texts: &[&str]) -> Vec<SchedRow> {
    let mut names = scop.params.clone();
    names.extend(scop.statements[stmt].domain.space().output.dims.iter().cloned());
    texts
        .iter()
        .map(|t| {
            let t = t.trim();
            match t.strip_prefix("floor(").and_then(|x| x.strip_suffix(')')) {
                Some(inner) => {
                    let (e, d) = inner.rsplit_once('/').expect("floor(e/d)");
                    SchedRow { coeffs: affine(e, &names), div: d.trim().parse().expect("divisor") }
                }
                None => SchedRow { coeffs: affine(t, &names), div: 1 },
            }
        })
        .collect()
}

/// A schedule: per statement its row texts; `kinds` `L`/`S` per dimension
/// (loop / scalar); `par` the parallel dimensions; `bands`.
pub fn schedule(scop: &PolyScop, texts: &[&[&str]], kinds: &str, par: &[usize], bands: Vec<Band>) -> Schedule {
    let stmts = texts.iter().enumerate().map(|(s, t)| rows(scop, s, t)).collect();
    let dims = kinds
        .chars()
        .enumerate()
        .map(|(k, c)| DimInfo::marked(if c == 'S' { RowKind::Scalar } else { RowKind::Loop }, par.contains(&k), false))
        .collect();
    Schedule { stmts, dims, bands }
}

/// A tiled band: tile dims `[start, start + sizes.len())`, then point dims.
pub fn tiled(start: usize, sizes: &[i64]) -> Band {
    Band { tile_sizes: Some(sizes.to_vec()), ..Band::untiled(start, sizes.len()) }
}

/// All instances `(stmt, x)` for `params`, sorted by schedule then statement.
fn expected(scop: &PolyScop, sched: &Schedule, params: &[i64], range: i64) -> Vec<(usize, Vec<i64>)> {
    let mut out: Vec<(Vec<i64>, usize, Vec<i64>)> = vec![];
    for (s, st) in scop.statements.iter().enumerate() {
        for x in grid(st.domain.space().n_dim(), -range, range) {
            let mut pt = params.to_vec();
            pt.extend(&x);
            if st.domain.contains(&pt).expect("contains") {
                pt.push(1);
                let key = sched.time_stamp(sched.stmts[s].iter().map(|r| r.coeffs.iter().zip(&pt).map(|(a, b)| a * b).sum::<i64>().div_euclid(r.div)).collect());
                out.push((key, s, x));
            }
        }
    }
    out.sort();
    out.into_iter().map(|(_, s, x)| (s, x)).collect()
}

/// Builds the AST and checks it against brute force for every parameter
/// vector in `params` that satisfies the context (instances searched in
/// `[-range, range]^d`). Returns the AST and the number of instances run
/// inside full tiles and in total.
pub fn check(scop: &PolyScop, sched: &Schedule, params: &[Vec<i64>], range: i64) -> (Ast, usize, usize) {
    // The scan in schedule order: the marks of these schedules are given,
    // not derived from dependences, so a loop marked parallel around one
    // that is not would be jammed (`ast::reduction_jam`, tested apart).
    let ast = build(scop, sched, &AstOptions { jam_reductions: false, ..AstOptions::default() }).unwrap_or_else(|e| panic!("build: {e}"));
    let (mut full, mut total) = (0, 0);
    for p in params {
        if !scop.context.contains(p).expect("context") {
            continue;
        }
        let want = expected(scop, sched, p, range);
        let trace = interp::run(&ast, p, 10_000_000).unwrap_or_else(|e| panic!("interp {p:?}: {e}\n{ast}"));
        let got: Vec<(usize, Vec<i64>)> = trace.iter().map(|e| (e.stmt.index(), e.iter.clone())).collect();
        if got != want {
            let missing: Vec<_> = want.iter().filter(|w| !got.contains(w)).take(5).collect();
            let extra: Vec<_> = got.iter().filter(|g| !want.contains(g)).take(5).collect();
            panic!("params {p:?}: {} run, {} expected; missing {missing:?}, extra {extra:?}\n{ast}", got.len(), want.len());
        }
        full += trace.iter().filter(|e| e.full_tile).count();
        total += trace.len();
    }
    (ast, full, total)
}

/// Every vector of `n` values in `lo..=hi`.
pub fn grid(n: usize, lo: i64, hi: i64) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out.into_iter().flat_map(|v: Vec<i64>| (lo..=hi).map(move |x| [v.clone(), vec![x]].concat())).collect();
    }
    out
}
