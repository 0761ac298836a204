//! Difference, subset, projection, simplification, gist and text
//! round-trips against brute force.

use super::*;
use crate::poly::parse::parse_set;
use crate::poly::{BasicSet, PolyError, Set};

const SHAPES: [Shape; 3] = [
    Shape { params: 0, dims: 2, boxed: true, locals: true, eqs: true },
    Shape { params: 1, dims: 1, boxed: true, locals: true, eqs: true },
    Shape { params: 0, dims: 3, boxed: true, locals: false, eqs: true },
];

fn set_members(s: &Set, n: usize) -> Vec<Vec<i64>> {
    box_points(n).into_iter().filter(|p| s.parts().iter().any(|b| member(b, p))).collect()
}

/// `a \ b` and `a ⊆ b` against the points of `a` not in `b` (over `n`
/// parameters and dimensions), which it returns; `None` when the
/// difference is not exact (a plain existential in `b`).
fn difference_agrees(a: &BasicSet, b: &BasicSet, n: usize, case: usize) -> Option<Vec<Vec<i64>>> {
    let (sa, sb) = (Set::from(a.clone()), Set::from(b.clone()));
    let d = match sa.subtract(&sb) {
        Ok(d) => d,
        Err(PolyError::Inexact) => return None,
        Err(e) => panic!("{e}"),
    };
    let want: Vec<_> = members(a).into_iter().filter(|p| !member(b, p)).collect();
    assert_eq!(set_members(&d, n), want, "case {case}: {sa} minus {sb}");
    assert_eq!(sa.is_subset(&sb).unwrap(), want.is_empty(), "case {case}");
    Some(want)
}

#[test]
fn difference_subset_equal() {
    let mut rng = Rng::new(10);
    let mut checked = 0;
    for case in 0..500 {
        let sh = SHAPES[case % SHAPES.len()];
        let a = random_bset(&mut rng, sh);
        let b = random_bset(&mut rng, sh);
        let n = sh.params + sh.dims;
        let (sa, sb) = (Set::from(a.clone()), Set::from(b.clone()));
        let Some(want) = difference_agrees(&a, &b, n, case) else { continue };
        checked += 1;
        let ma = members(&a);
        let u = sa.union(&sb).unwrap();
        assert!(sa.is_subset(&u).unwrap());
        assert_eq!(u.is_equal(&sb).unwrap(), want.is_empty() && ma.len() <= members(&b).len() && sb.is_subset(&u).unwrap(), "case {case}");
    }
    assert!(checked > 200);
}

/// Differences whose subtrahend repeats, loosens or tightens the
/// minuend's own constraints (loop bounds shared by two statements, the
/// usual case): the pieces a single row of the minuend settles are skipped
/// without a solver, and the answer must not change.
#[test]
fn difference_of_sets_sharing_constraints() {
    let mut rng = Rng::new(41);
    let mut checked = 0;
    for case in 0..400 {
        let sh = SHAPES[case % SHAPES.len()];
        let a = random_bset(&mut rng, Shape { locals: case % 4 == 0, ..sh });
        let nv = sh.params + sh.dims;
        let mut b = BasicSet::universe(a.space().clone());
        // Only rows over the parameters and dimensions carry over.
        let plain = |r: &[i64]| r[nv..r.len() - 1].iter().all(|&v| v == 0);
        let shifted = |rng: &mut Rng, r: &[i64]| -> Vec<i64> { r[..nv].iter().copied().chain([r[r.len() - 1] + rng.range(-1, 1)]).collect() };
        for r in a.ineqs().iter().filter(|r| plain(r)) {
            if rng.chance(75) {
                let mut r = shifted(&mut rng, r);
                if rng.chance(10) {
                    r.iter_mut().for_each(|v| *v = -*v);
                }
                b.add_ineq(r).unwrap();
            }
        }
        for r in a.eqs().iter().filter(|r| plain(r)) {
            let r = shifted(&mut rng, r);
            match rng.range(0, 2) {
                0 => b.add_eq(r).unwrap(),
                1 => b.add_ineq(r).unwrap(),
                _ => {}
            }
        }
        if rng.chance(40) {
            let r: Vec<i64> = (0..=nv).map(|_| rng.range(-2, 2)).collect();
            b.add_ineq(r).unwrap();
        }
        if rng.chance(20) {
            let e: Vec<i64> = (0..=nv).map(|_| rng.range(-1, 2)).collect();
            let d = b.add_div(e, rng.range(2, 3)).unwrap();
            let mut r = vec![0; b.width()];
            r[d] = 1;
            r[b.width() - 1] = rng.range(-1, 1);
            b.add_ineq(r).unwrap();
        }
        if difference_agrees(&a, &b, nv, case).is_some() {
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn projection() {
    let mut rng = Rng::new(11);
    let (mut exact_count, mut inexact) = (0, 0);
    for case in 0..400 {
        let sh = SHAPES[case % SHAPES.len()];
        let a = random_bset(&mut rng, sh);
        let nd = a.n_dim();
        let np = a.n_param();
        let first = rng.range(0, nd as i64 - 1) as usize;
        let want: std::collections::BTreeSet<Vec<i64>> = members(&a)
            .into_iter()
            .map(|mut p| {
                p.remove(np + first);
                p
            })
            .collect();
        let ex = a.project_out_exists(first, 1);
        let got_ex: std::collections::BTreeSet<_> = members(&ex).into_iter().collect();
        assert_eq!(got_ex, want, "exists projection, case {case}: {a:?} -> {ex:?}");
        let (fm, exact) = a.project_out(first, 1).unwrap();
        let got: std::collections::BTreeSet<_> = members(&fm).into_iter().collect();
        assert!(got.is_superset(&want), "projection lost a point, case {case}");
        if exact {
            exact_count += 1;
            assert_eq!(got, want, "claimed exact, case {case}: {a}");
        } else {
            inexact += 1;
        }
    }
    assert!(exact_count > 100 && inexact > 0, "{exact_count} {inexact}");
}

#[test]
fn simplify_and_gist() {
    let mut rng = Rng::new(12);
    for case in 0..300 {
        let sh = SHAPES[case % SHAPES.len()];
        let a = random_bset(&mut rng, sh);
        let s = a.simplify().unwrap();
        assert_eq!(members(&s), members(&a), "simplify, case {case}: {a:?} -> {s:?}");
        let ctx = random_bset(&mut rng, sh);
        let g = a.gist(&ctx).unwrap();
        let lhs: Vec<_> = members(&g).into_iter().filter(|p| member(&ctx, p)).collect();
        let rhs: Vec<_> = members(&a).into_iter().filter(|p| member(&ctx, p)).collect();
        assert_eq!(lhs, rhs, "gist, case {case}");
    }
}

#[test]
fn simplify_all_parts_keeps_the_points_and_drops_covered_parts() {
    // Unions of 20 to 40 parts (past the 16 that plain simplify compares),
    // half of them copies of others cut by one more constraint.
    let mut rng = Rng::new(13);
    let sh = Shape { params: 0, dims: 2, boxed: true, locals: false, eqs: false };
    for case in 0..20 {
        let mut parts: Vec<BasicSet> = (0..rng.range(10, 20)).map(|_| random_bset(&mut rng, sh)).collect();
        for i in 0..parts.len() {
            let mut cut = parts[i].clone();
            cut = cut.intersect(&random_bset(&mut rng, sh)).unwrap();
            parts.push(cut);
        }
        let n = parts.len();
        let u = Set::from_parts(parts[0].space().clone(), parts).unwrap();
        let s = u.simplify_all_parts().unwrap();
        assert_eq!(set_members(&s, 2), set_members(&u, 2), "case {case}");
        assert!(s.parts().len() <= n / 2, "case {case}: {} of {n} parts left", s.parts().len());
        for (i, a) in s.parts().iter().enumerate() {
            for (j, b) in s.parts().iter().enumerate() {
                if i != j && !members(a).is_empty() {
                    assert!(!members(a).iter().all(|p| member(b, p)), "case {case}: part {i} is within part {j}");
                }
            }
        }
    }
}

#[test]
fn print_parse_round_trip() {
    let mut rng = Rng::new(13);
    for case in 0..400 {
        let sh = SHAPES[case % SHAPES.len()];
        let mut parts = vec![random_bset(&mut rng, sh)];
        if rng.chance(30) {
            parts.push(random_bset(&mut rng, sh));
        }
        let s = Set::from_parts(parts[0].space().clone(), parts).unwrap();
        let text = s.to_string();
        let back = parse_set(&text).unwrap_or_else(|e| panic!("{e} in {text}"));
        let n = sh.params + sh.dims;
        assert_eq!(set_members(&back, n), set_members(&s, n), "case {case}: {text}");
        assert_eq!(back.to_string(), text, "printing is not stable, case {case}");
    }
}

#[test]
fn parse_examples() {
    let s = parse_set("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }").unwrap();
    assert_eq!(s.to_string(), "[n] -> { S[i, j] : 0 <= i <= n - 1 and 0 <= j <= i }");
    let m = parse_set("[n] -> { S[i, j] -> A[i + 1, j] : 0 <= i < n }").unwrap();
    assert!(m.space().is_map());
    let e = parse_set("{ S[i] : 0 <= i <= 10 and i mod 3 = 0 }").unwrap();
    let pts: Vec<i64> = (-2..13).filter(|&i| e.contains(&[i]).unwrap()).collect();
    assert_eq!(pts, vec![0, 3, 6, 9]);
    let f = parse_set("{ S[i] : 0 <= i <= 10 and exists (e0 : i = 4e0 + 1) }").unwrap();
    assert_eq!(f.lexmax(&[]).unwrap(), Some(vec![9]));
    let g = parse_set("{ S[i] : i >= 0 and i <= 3 or i = 7 }").unwrap();
    assert_eq!(g.parts().len(), 2);
    let t = parse_set("{ T[i] : 0 <= floor((i) / 32) <= 1 and i >= -100 }").unwrap();
    assert_eq!(t.lexmin(&[]).unwrap(), Some(vec![0]));
    assert_eq!(t.lexmax(&[]).unwrap(), None.or(Some(vec![63])));
    assert!(parse_set("{ S[i] : i * i >= 0 }").is_err());
    assert!(parse_set("{ S[i] : k >= 0 }").is_err());
}
