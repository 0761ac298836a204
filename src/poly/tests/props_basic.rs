//! Emptiness, sampling, intersection and lexmin/lexmax against brute force.

use super::*;

const SHAPES: [Shape; 4] = [
    Shape { params: 0, dims: 2, boxed: true, locals: false, eqs: true },
    Shape { params: 0, dims: 3, boxed: true, locals: true, eqs: true },
    Shape { params: 1, dims: 2, boxed: true, locals: true, eqs: true },
    Shape { params: 0, dims: 2, boxed: true, locals: true, eqs: true },
];

#[test]
fn emptiness_and_sample() {
    let mut rng = Rng::new(1);
    for case in 0..1200 {
        let sh = SHAPES[case % SHAPES.len()];
        let b = random_bset(&mut rng, sh);
        let pts = members(&b);
        let s = b.sample().unwrap();
        assert_eq!(s.is_none(), pts.is_empty(), "case {case}: {b:?}");
        if let Some(p) = s {
            assert!(member(&b, &p), "sample not a member, case {case}");
        }
    }
}

/// Rows that bound one variable alone prove a set empty by a scan of the
/// rows (`ilp::Problem::single_bounds_contradict`, asked before every
/// integer sample) only where brute force finds no point, and sampling
/// stays exact with such rows in the set.
#[test]
fn crossing_bounds_of_one_variable() {
    let mut rng = Rng::new(11);
    let mut proven = 0;
    for case in 0..800 {
        let sh = SHAPES[case % SHAPES.len()];
        let mut b = random_bset(&mut rng, sh);
        for _ in 0..rng.range(1, 3) {
            let col = rng.range(0, (b.n_param() + b.n_dim()) as i64 - 1) as usize;
            let mut r = vec![0; b.width()];
            r[col] = rng.range(1, 3) * if rng.chance(50) { 1 } else { -1 };
            r[b.width() - 1] = rng.range(-2 * B, 2 * B);
            if rng.chance(20) {
                b.add_eq(r).unwrap();
            } else {
                b.add_ineq(r).unwrap();
            }
        }
        let empty = members(&b).is_empty();
        if b.to_problem().single_bounds_contradict() {
            assert!(empty, "case {case}: proven empty, but brute force finds points: {b:?}");
            proven += 1;
        }
        assert_eq!(b.sample().unwrap().is_none(), empty, "case {case}: {b:?}");
    }
    assert!(proven >= 100, "only {proven} sets proven empty by their bounds");
}

/// Bounds at the ends of i64 are compared exactly: `i64::MIN·x +
/// i64::MIN >= 0` is `x <= -1`, which crosses `x >= 0` and not `x >= -1`.
#[test]
fn crossing_bounds_at_the_ends_of_i64() {
    use crate::poly::ilp::bounds_cross;
    let min = [i64::MIN];
    let ineqs = |lo: i64| vec![(&min[..], i64::MIN), (&[1][..], -lo)];
    assert!(bounds_cross(1, [], ineqs(0)));
    assert!(!bounds_cross(1, [], ineqs(-1)));
    assert!(bounds_cross(1, [(&[2][..], 1)], []), "2x + 1 = 0 has no integer solution");
}

#[test]
fn emptiness_unbounded_consistent() {
    let mut rng = Rng::new(2);
    for case in 0..300 {
        let sh = Shape { params: 0, dims: 2, boxed: false, locals: case % 2 == 0, eqs: true };
        let b = random_bset(&mut rng, sh);
        match b.sample() {
            Ok(Some(p)) => {
                // Unbounded dims may leave the box; check constraints directly.
                let mut c = b.clone();
                for (i, v) in p.iter().enumerate() {
                    c.fix_col(i, *v).unwrap();
                }
                assert!(c.sample().unwrap().is_some());
            }
            Ok(None) => assert!(members(&b).is_empty(), "case {case}"),
            Err(e) => assert_eq!(e, crate::poly::PolyError::Budget),
        }
    }
}

#[test]
fn intersection() {
    let mut rng = Rng::new(3);
    for case in 0..300 {
        let sh = SHAPES[case % SHAPES.len()];
        let a = random_bset(&mut rng, sh);
        let b = random_bset(&mut rng, sh);
        let i = a.intersect(&b).unwrap();
        let want: Vec<_> = members(&a).into_iter().filter(|p| member(&b, p)).collect();
        assert_eq!(members(&i), want, "case {case}");
        assert_eq!(i.is_empty().unwrap(), want.is_empty());
    }
}

#[test]
fn lexmin_lexmax() {
    let mut rng = Rng::new(4);
    for case in 0..800 {
        let sh = SHAPES[case % SHAPES.len()];
        let b = random_bset(&mut rng, sh);
        let pts = members(&b);
        let np = b.n_param();
        let params: Vec<i64> = (0..np).map(|_| rng.range(-B, B)).collect();
        let mine: Vec<Vec<i64>> = pts.iter().filter(|p| p[..np] == params[..]).map(|p| p[np..].to_vec()).collect();
        assert_eq!(b.lexmin(&params).unwrap(), mine.first().cloned(), "case {case}");
        assert_eq!(b.lexmax(&params).unwrap(), mine.last().cloned(), "case {case}");
    }
}
