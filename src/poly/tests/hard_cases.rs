//! Known hard cases: integrally empty but rationally non-empty sets, thin
//! polytopes, coefficient overflow.

use crate::poly::basic_set::BasicSet;
use crate::poly::space::Space;
use crate::poly::PolyError;

fn set2() -> BasicSet {
    BasicSet::universe(Space::set(&[], None, &["x", "y"]))
}

#[test]
fn parity_equality_is_empty() {
    // { [x, y] : 2x = 2y + 1 } is a line rationally, empty over the integers,
    // and unbounded: only exact equality elimination can answer.
    let mut b = set2();
    b.add_eq(vec![2, -2, -1]).unwrap();
    assert!(b.is_empty().unwrap());
}

#[test]
fn thin_strip_is_empty() {
    // { [x, y] : 1 <= 3x - 3y <= 2 } (unbounded, integrally empty).
    let mut b = set2();
    b.add_ineq(vec![3, -3, -1]).unwrap();
    b.add_ineq(vec![-3, 3, 2]).unwrap();
    assert!(b.is_empty().unwrap());
}

#[test]
fn thin_triangle_is_empty() {
    // { [x, y] : 2x + 3y... } a thin bounded polytope with no integer point:
    // 7 <= 6x + 10y <= 8 and 0 <= x <= 10: 6x + 10y is always even, and the
    // only even value is 8 = 6x + 10y -> 3x + 5y = 4 (x = 3, y = -1 works).
    let mut b = set2();
    b.add_ineq(vec![6, 10, -7]).unwrap();
    b.add_ineq(vec![-6, -10, 7]).unwrap(); // 6x + 10y = 7 exactly: empty
    b.add_ineq(vec![1, 0, 0]).unwrap();
    b.add_ineq(vec![-1, 0, 10]).unwrap();
    assert!(b.is_empty().unwrap());
    // A genuinely non-empty thin set: 3x + 5y = 4 via inequalities.
    let mut c = set2();
    c.add_ineq(vec![3, 5, -4]).unwrap();
    c.add_ineq(vec![-3, -5, 4]).unwrap();
    c.add_ineq(vec![1, 0, 0]).unwrap();
    c.add_ineq(vec![-1, 0, 10]).unwrap();
    let p = c.sample().unwrap().unwrap();
    assert_eq!(3 * p[0] + 5 * p[1], 4);
}

#[test]
fn huge_coefficients_never_wrong() {
    // x >= 2^62 and 4x <= 2^62 * 5: products overflow i64 in naive code.
    let big = 1i64 << 62;
    let mut b = BasicSet::universe(Space::set(&[], None, &["x"]));
    b.add_ineq(vec![1, -big]).unwrap();
    b.add_ineq(vec![-4, big]).unwrap();
    match b.is_empty() {
        Ok(e) => assert!(e),
        Err(e) => assert_eq!(e, PolyError::Overflow),
    }
    let mut c = BasicSet::universe(Space::set(&[], None, &["x", "y"]));
    c.add_eq(vec![big - 1, big - 3, 1]).unwrap();
    c.add_ineq(vec![1, 0, big - 1]).unwrap();
    match c.sample() {
        Ok(Some(p)) => {
            let v = (big - 1) as i128 * p[0] as i128 + (big - 3) as i128 * p[1] as i128 + 1;
            assert_eq!(v, 0);
        }
        Ok(None) => panic!("gcd(2^62-1, 2^62-3) = 1, so integer solutions exist"),
        Err(e) => assert_eq!(e, PolyError::Overflow),
    }
}

#[test]
fn pugh_thin_polytope_projection() {
    // Pugh's example: 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4 has no
    // integer point, but its real shadow on x is non-empty.
    let mut b = set2();
    b.add_ineq(vec![11, 13, -27]).unwrap();
    b.add_ineq(vec![-11, -13, 45]).unwrap();
    b.add_ineq(vec![7, -9, 10]).unwrap();
    b.add_ineq(vec![-7, 9, 4]).unwrap();
    assert!(b.is_empty().unwrap());
    let (p, exact) = b.project_out(1, 1).unwrap();
    assert!(!exact || p.is_empty().unwrap(), "FM claimed an exact non-empty projection");
    // Keeping y as an existential is exact: still empty.
    assert!(b.project_out_exists(1, 1).is_empty().unwrap());
}

#[test]
fn work_allowance_is_deterministic_and_shared_by_queries() {
    use crate::poly::error::{set_work_allowance, work_left};
    let mut b = set2();
    b.add_ineq(vec![7, -11, -1]).unwrap();
    b.add_ineq(vec![-7, 11, 2]).unwrap();
    // The work of one query, measured with a large allowance.
    set_work_allowance(Some(1 << 40));
    assert!(b.sample().unwrap().is_some());
    let one = (1u64 << 40) - work_left().unwrap();
    assert!(one > 0);
    // The same query costs the same again, and the allowance is shared:
    // two queries fit in 2x its work, a third does not.
    set_work_allowance(Some(2 * one));
    assert!(b.sample().unwrap().is_some());
    assert_eq!(work_left(), Some(one));
    assert!(b.sample().unwrap().is_some());
    assert_eq!(work_left(), Some(0));
    assert_eq!(b.sample(), Err(PolyError::Budget));
    set_work_allowance(None);
    assert_eq!(work_left(), None);
    assert!(b.sample().unwrap().is_some());
}

#[test]
fn budget_is_reported() {
    use crate::poly::error::{set_default_budget, Budget};
    // An unbounded thin problem with a tiny budget must fail with Budget,
    // not loop or answer wrongly.
    let mut b = set2();
    b.add_ineq(vec![7, -11, -1]).unwrap();
    b.add_ineq(vec![-7, 11, 2]).unwrap();
    set_default_budget(Budget { max_pivots: 3, max_nodes: 2 });
    let r = b.sample();
    set_default_budget(Budget::default());
    match r {
        Ok(Some(p)) => assert!((1..=2).contains(&(7 * p[0] - 11 * p[1]))),
        Ok(None) => panic!("7x - 11y = 1 has integer solutions"),
        Err(e) => assert_eq!(e, PolyError::Budget),
    }
    assert!(b.sample().unwrap().is_some());
}

#[test]
fn scheduler_style_lexmin() {
    use crate::poly::error::Meter;
    use crate::poly::ilp::{lexmin, Problem};
    // minimise (u, w, c1, c2) lexicographically subject to
    // u >= 0, w >= 0, c >= 0, c1 + c2 >= 1, u - c1 + 3 >= 0, w - 2c2 >= 0.
    let p = Problem {
        n: 4,
        eqs: vec![],
        ineqs: vec![
            vec![1, 0, 0, 0, 0],
            vec![0, 1, 0, 0, 0],
            vec![0, 0, 1, 0, 0],
            vec![0, 0, 0, 1, 0],
            vec![0, 0, 1, 1, -1],
            vec![1, 0, -1, 0, 3],
            vec![0, 1, 0, -2, 0],
        ],
    };
    assert_eq!(lexmin(&p, &mut Meter::new()).unwrap(), Some(vec![0, 0, 1, 0]));
    let mut q = p.clone();
    q.ineqs.push(vec![0, 0, -1, 0, 0]);
    assert_eq!(lexmin(&q, &mut Meter::new()).unwrap(), Some(vec![0, 2, 0, 1]));
    let mut unb = Problem { n: 1, eqs: vec![], ineqs: vec![vec![-1, 0]] };
    assert_eq!(lexmin(&unb, &mut Meter::new()), Err(PolyError::Unbounded));
    unb.ineqs.push(vec![1, 1]);
    assert_eq!(lexmin(&unb, &mut Meter::new()).unwrap(), Some(vec![-1]));
}

#[test]
fn printed_snapshots() {
    use crate::poly::parse::parse_set;
    let s = parse_set("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }").unwrap();
    let t = parse_set("{ S[i] -> T[o] : o = floor((i)/32) and 0 <= i <= 99 }").unwrap();
    let r = t.range().unwrap().simplify().unwrap();
    let d = parse_set("{ S[i, j] : 0 <= i <= 9 and 0 <= j <= 9 }").unwrap()
        .subtract(&parse_set("{ S[i, j] : 2 <= i <= 5 and j <= i }").unwrap())
        .unwrap()
        .simplify()
        .unwrap();
    insta::assert_snapshot!(format!("{s}\n{t}\n{r}\n{d}"));
}
