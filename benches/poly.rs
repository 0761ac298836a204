//! Benchmark of the polyhedral core over a fixed corpus (`benches/poly_corpus.txt`).
//!
//! `cargo bench --no-default-features --bench poly [-- OPTIONS]`
//!
//! Options:
//!   --corpus FILE   corpus to read (default: benches/poly_corpus.txt)
//!   --csv FILE      also write `name,kind,our_us,our_parse_op_us,answer` rows
//!   --filter TEXT   only problems whose name contains TEXT
//!   --min-ms N      time each problem for at least N ms (default 50)
//!
//! Each problem is parsed once (not timed); the operation is then run in
//! batches (each batch >= ~5 ms) until at least `--min-ms` have elapsed
//! and at least 5 batches ran; the reported time is the median per-op
//! time of the batches. The solvers' memo of answers is off: every run
//! solves the problem (recalled answers would time the memo's table). A second column times parsing the corpus text plus the
//! operation (isl does much of its simplification while building a set, so
//! end to end is the fairer comparison for cheap problems).
//! `scripts/bench-poly` runs the same corpus through isl and
//! compares both times and answers.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tessera::poly::{parse_set, PolyResult, Set};

#[derive(Debug)]
enum Op {
    Empty(Set),
    Lexmin(Set),
    Project(Set, usize, usize),
    Subtract(Set, Set),
}

struct Problem {
    name: String,
    kind: String,
    /// `@kind` arguments and set texts, to time parsing + operation.
    args: Vec<usize>,
    texts: Vec<String>,
    op: Op,
}

fn parse_corpus(text: &str) -> Result<Vec<Problem>, String> {
    let mut out = vec![];
    let mut lines = text.lines().enumerate().peekable();
    while let Some((ln, line)) = lines.next() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(head) = line.strip_prefix('@') else {
            return Err(format!("line {}: expected `@kind name`", ln + 1));
        };
        let mut words = head.split_whitespace();
        let kind = words.next().unwrap_or_default().to_string();
        let name = words.next().ok_or(format!("line {}: missing name", ln + 1))?.to_string();
        let args: Vec<usize> = words
            .map(|w| w.parse().map_err(|_| format!("line {}: bad argument {w:?}", ln + 1)))
            .collect::<Result<_, _>>()?;
        let mut body = vec![];
        while let Some((_, l)) = lines.peek() {
            let l = l.trim();
            if l.is_empty() || l.starts_with('@') {
                break;
            }
            if !l.starts_with('#') {
                body.push(l.to_string());
            }
            lines.next();
        }
        let op = build(&kind, &args, &body).map_err(|e| format!("{name}: {e} (`{head}`)"))?;
        out.push(Problem { name, kind, args, texts: body, op });
    }
    Ok(out)
}

/// Parses the problem's sets into an operation.
fn build(kind: &str, args: &[usize], texts: &[String]) -> Result<Op, String> {
    let set = |i: usize| -> Result<Set, String> {
        let t = texts.get(i).ok_or(format!("missing set #{}", i + 1))?;
        parse_set(t).map_err(|e| e.to_string())
    };
    Ok(match (kind, args) {
        ("empty", []) => Op::Empty(set(0)?),
        ("lexmin", []) => Op::Lexmin(set(0)?),
        ("project", [first, n]) => Op::Project(set(0)?, *first, *n),
        ("subtract", []) => Op::Subtract(set(0)?, set(1)?),
        _ => return Err("unknown kind/arguments".to_string()),
    })
}

/// Runs the operation once; the answer as text (compared with isl's by
/// `scripts/bench_poly_isl.py`).
fn run(op: &Op) -> PolyResult<String> {
    Ok(match op {
        Op::Empty(s) => if black_box(s).is_empty()? { "empty" } else { "nonempty" }.to_string(),
        Op::Lexmin(s) => {
            let params = vec![0i64; s.space().n_param()];
            match black_box(s).lexmin(&params)? {
                Some(p) => format!("{p:?}"),
                None => "none".to_string(),
            }
        }
        Op::Project(s, first, n) => {
            let (r, exact) = black_box(s).project_out(*first, *n)?;
            format!("{} {r}", if exact { "exact" } else { "inexact" })
        }
        Op::Subtract(a, b) => black_box(a).subtract(black_box(b))?.to_string(),
    })
}

/// Only the operation itself (no printing of the answer).
fn run_op(op: &Op) -> bool {
    match op {
        Op::Empty(s) => black_box(s.is_empty()).is_ok(),
        Op::Lexmin(s) => black_box(s.lexmin(&vec![0i64; s.space().n_param()])).is_ok(),
        Op::Project(s, first, n) => black_box(s.project_out(*first, *n)).is_ok(),
        Op::Subtract(a, b) => black_box(a.subtract(b)).is_ok(),
    }
}

/// Median time per call of `f`, in microseconds, and the number of calls.
fn time(mut f: impl FnMut() -> bool, min: Duration) -> (f64, u64) {
    let t0 = Instant::now();
    f();
    let one = t0.elapsed().max(Duration::from_nanos(50));
    let batch = ((Duration::from_millis(5).as_nanos() / one.as_nanos()).max(1)) as u64;
    let mut per_op = vec![];
    let start = Instant::now();
    let mut total = 0;
    while start.elapsed() < min || per_op.len() < 5 {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        per_op.push(t.elapsed().as_secs_f64() * 1e6 / batch as f64);
        total += batch;
    }
    per_op.sort_by(|a, b| a.total_cmp(b));
    (per_op[per_op.len() / 2], total)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn main() {
    let mut corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/poly_corpus.txt");
    let mut csv: Option<PathBuf> = None;
    let mut filter = String::new();
    let mut min_ms = 50u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--corpus" => corpus = args.next().expect("--corpus FILE").into(),
            "--csv" => csv = Some(args.next().expect("--csv FILE").into()),
            "--filter" => filter = args.next().expect("--filter TEXT"),
            "--min-ms" => min_ms = args.next().and_then(|v| v.parse().ok()).expect("--min-ms N"),
            "--bench" => {} // passed by `cargo bench`
            other => {
                eprintln!("unknown argument {other:?}; options: --corpus FILE --csv FILE --filter TEXT --min-ms N");
                std::process::exit(2);
            }
        }
    }
    // Each question is timed as solved, as isl solves it: not recalled
    // from the solvers' memo of answers (`poly::answers`).
    tessera::poly::answers::set_enabled(false);
    let text = std::fs::read_to_string(&corpus).unwrap_or_else(|e| panic!("{}: {e}", corpus.display()));
    let problems = match parse_corpus(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("corpus {}: {e}", corpus.display());
            std::process::exit(1);
        }
    };
    let min = Duration::from_millis(min_ms);
    let mut rows = String::from("name,kind,our_us,our_parse_op_us,answer\n");
    println!("{:<40} {:<9} {:>12} {:>9} {:>14}  answer", "problem", "kind", "us/op", "ops", "parse+op us");
    let mut failures = 0;
    for p in problems.iter().filter(|p| p.name.contains(&filter)) {
        let answer = match run(&p.op) {
            Ok(a) => a,
            Err(e) => {
                failures += 1;
                format!("error: {e:?}")
            }
        };
        let (us, n) = time(|| run_op(&p.op), min);
        let (total, _) = time(|| build(&p.kind, &p.args, &p.texts).is_ok_and(|op| run_op(&op)), min);
        let short: String = answer.chars().take(50).collect();
        let ell = if answer.chars().count() > 50 { "..." } else { "" };
        println!("{:<40} {:<9} {:>12.2} {:>9} {:>14.2}  {short}{ell}", p.name, p.kind, us, n, total);
        let _ = writeln!(rows, "{},{},{:.3},{:.3},{}", csv_field(&p.name), p.kind, us, total, csv_field(&answer));
    }
    if let Some(path) = csv {
        std::fs::write(&path, rows).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    if failures > 0 {
        eprintln!("{failures} problem(s) failed (see `error:` answers)");
    }
}
