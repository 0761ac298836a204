//! Output comparison for the end-to-end tests: token by token, integers
//! exactly, floating-point numbers within a relative tolerance.

/// Why two outputs differ, or `None` when they agree.
pub fn compare_outputs(expected: &str, actual: &str, rel_tol: f64) -> Option<String> {
    let exp: Vec<&str> = expected.split_whitespace().collect();
    let act: Vec<&str> = actual.split_whitespace().collect();
    if exp.len() != act.len() {
        return Some(format!("{} tokens expected, {} found", exp.len(), act.len()));
    }
    for (i, (e, a)) in exp.iter().zip(&act).enumerate() {
        if e == a {
            continue;
        }
        let is_int = |s: &str| s.parse::<i128>().is_ok();
        if is_int(e) && is_int(a) {
            return Some(format!("token {i}: integer {e} expected, {a} found"));
        }
        match (e.parse::<f64>(), a.parse::<f64>()) {
            (Ok(x), Ok(y)) if close(x, y, rel_tol) => {}
            (Ok(_), Ok(_)) => return Some(format!("token {i}: {e} expected, {a} found (rel. tol. {rel_tol:e})")),
            _ => return Some(format!("token {i}: '{e}' expected, '{a}' found")),
        }
    }
    None
}

fn close(x: f64, y: f64, rel_tol: f64) -> bool {
    if x.is_nan() || y.is_nan() {
        return x.is_nan() && y.is_nan();
    }
    let scale = x.abs().max(y.abs());
    // Near zero a purely relative test is meaningless: use a tiny absolute floor.
    (x - y).abs() <= rel_tol * scale.max(1e-300) || (x - y).abs() <= 1e-300
}

#[test]
fn integers_must_match_exactly() {
    assert!(compare_outputs("sum 10", "sum 10", 1e-9).is_none());
    assert!(compare_outputs("sum 10", "sum 11", 1e-9).is_some());
}

#[test]
fn floats_match_within_tolerance_only() {
    assert!(compare_outputs("x 1.0000000000001", "x 1.0", 1e-9).is_none());
    assert!(compare_outputs("x 1.001", "x 1.0", 1e-9).is_some());
    assert!(compare_outputs("x nan", "x nan", 1e-9).is_none());
    assert!(compare_outputs("x nan", "x 1", 1e-9).is_some());
}

#[test]
fn labels_and_token_counts_must_match() {
    assert!(compare_outputs("a 1", "b 1", 1e-9).is_some());
    assert!(compare_outputs("a 1", "a 1 2", 1e-9).is_some());
}
