//! Relations, parametric bounds, Farkas and Hermite normal form against
//! brute force.

use super::*;
use crate::poly::basic_set::BasicSet;
use crate::poly::farkas::{farkas, ParamForm};
use crate::poly::hnf::{hermite, integer_solutions};
use crate::poly::space::{Space, Tuple};
use crate::poly::Set;

fn as_map(b: &BasicSet) -> BasicSet {
    let mut m = b.clone();
    let np = m.n_param();
    m.space = Space { params: b.space().params.clone(), input: Some(Tuple::new(Some("S"), &["i"])), output: Tuple::new(Some("T"), &["j"]) };
    let _ = np;
    m
}

fn pairs(m: &BasicSet) -> Vec<Vec<i64>> {
    members(m)
}

#[test]
fn relations() {
    let mut rng = Rng::new(20);
    let sh = Shape { params: 0, dims: 2, boxed: true, locals: true, eqs: true };
    let sh1 = Shape { params: 0, dims: 1, boxed: true, locals: true, eqs: true };
    for case in 0..250 {
        let m = as_map(&random_bset(&mut rng, sh));
        let rel = pairs(&m);
        // reverse
        let r = m.reverse();
        let mut want: Vec<Vec<i64>> = rel.iter().map(|p| vec![p[1], p[0]]).collect();
        want.sort();
        assert_eq!(members(&r), want, "reverse {case}");
        // domain / range
        let mut dom: Vec<Vec<i64>> = rel.iter().map(|p| vec![p[0]]).collect();
        dom.dedup();
        assert_eq!(members(&m.domain().unwrap()), dom, "domain {case}");
        let mut ran: Vec<Vec<i64>> = rel.iter().map(|p| vec![p[1]]).collect();
        ran.sort();
        ran.dedup();
        assert_eq!(members(&m.range().unwrap()), ran, "range {case}");
        // apply
        let mut s = random_bset(&mut rng, sh1);
        s.space = Space::set(&[], Some("S"), &["i"]);
        let img = m.apply_to(&s).unwrap();
        let mut want: Vec<Vec<i64>> = rel.iter().filter(|p| member(&s, &p[..1])).map(|p| vec![p[1]]).collect();
        want.sort();
        want.dedup();
        assert_eq!(members(&img), want, "apply {case}");
        // compose with a second relation T -> T
        let mut m2 = random_bset(&mut rng, sh);
        m2.space = Space { params: vec![], input: Some(Tuple::new(Some("T"), &["j"])), output: Tuple::new(Some("T"), &["k"]) };
        let c = m.compose(&m2).unwrap();
        let rel2 = pairs(&m2);
        let mut want: Vec<Vec<i64>> = vec![];
        for p in &rel {
            for q in &rel2 {
                if p[1] == q[0] {
                    want.push(vec![p[0], q[1]]);
                }
            }
        }
        want.sort();
        want.dedup();
        let got: Vec<Vec<i64>> = members(&c);
        assert_eq!(got, want, "compose {case}");
        // composes_within: some pair of a third relation S -> T is the
        // composition's (the box bounds every relation, so the members
        // are all the points)
        let mut w = random_bset(&mut rng, sh);
        w.space = Space { params: vec![], input: Some(Tuple::new(Some("S"), &["i"])), output: Tuple::new(Some("T"), &["k"]) };
        let meets = want.iter().any(|p| member(&w, p));
        assert_eq!(m.composes_within(&m2, &w).unwrap(), meets, "composes_within {case}");
        // meets_on: a pair with its output (input) in the set s
        let mut t = s.clone();
        t.space = Space::set(&[], Some("T"), &["j"]);
        assert_eq!(m.meets_on(&t, true).unwrap(), rel.iter().any(|p| member(&s, &p[1..])), "meets_on range {case}");
        assert_eq!(m.meets_on(&s, false).unwrap(), rel.iter().any(|p| member(&s, &p[..1])), "meets_on domain {case}");
        // deltas (only within the box: |j - i| <= B)
        let mut d = m.clone();
        d.space = Space { params: vec![], input: Some(Tuple::new(None, &["i"])), output: Tuple::new(None, &["j"]) };
        let dl = d.deltas().unwrap();
        let mut want: Vec<Vec<i64>> = rel.iter().map(|p| vec![p[1] - p[0]]).filter(|v| v[0].abs() <= B).collect();
        want.sort();
        want.dedup();
        assert_eq!(members(&dl), want, "deltas {case}");
    }
}

#[test]
fn lex_order_and_identity() {
    let sp = Space::set(&[], Some("S"), &["i", "j"]);
    let lt = Set::lex_lt(&sp);
    let le = Set::lex_le(&sp);
    let id = Set::identity(&sp);
    for p in box_points(4).into_iter().filter(|p| p.iter().all(|v| v.abs() <= 2)) {
        let x = &p[..2];
        let y = &p[2..];
        assert_eq!(lt.contains(&p).unwrap(), x < y);
        assert_eq!(le.contains(&p).unwrap(), x <= y);
        assert_eq!(id.contains(&p).unwrap(), x == y);
    }
}

#[test]
fn parametric_bounds() {
    let mut rng = Rng::new(21);
    let mut exact_seen = 0;
    for case in 0..300 {
        let sh = Shape { params: 1, dims: 2, boxed: true, locals: case % 3 == 0, eqs: true };
        let b = random_bset(&mut rng, sh);
        let f: Vec<i64> = (0..4).map(|_| rng.range(-2, 2)).collect();
        let pb = b.bounds_of(&f).unwrap();
        let pts = members(&b);
        for n in -B..=B {
            let vals: Vec<i64> = pts.iter().filter(|p| p[0] == n).map(|p| f[0] * p[0] + f[1] * p[1] + f[2] * p[2] + f[3]).collect();
            let (Some(&lo), Some(&hi)) = (vals.iter().min(), vals.iter().max()) else { continue };
            let blo = pb.lower.iter().map(|l| l.eval(&[n], false).unwrap()).max();
            let bhi = pb.upper.iter().map(|u| u.eval(&[n], true).unwrap()).min();
            let blo = blo.expect("bounded set must have a lower bound");
            let bhi = bhi.expect("bounded set must have an upper bound");
            assert!(blo <= lo && hi <= bhi, "case {case}: bound violated");
            assert!(pb.context.contains(&[n]).unwrap(), "context excludes a non-empty parameter value");
            if pb.exact {
                exact_seen += 1;
                assert_eq!((blo, bhi), (lo, hi), "case {case}: claimed exact");
            }
        }
    }
    assert!(exact_seen > 100);
}

#[test]
fn farkas_against_brute_force() {
    let mut rng = Rng::new(22);
    for case in 0..150 {
        let nx = 1 + case % 2;
        // P: a box, possibly with an extra constraint (then only soundness).
        let mut ineqs = vec![];
        for j in 0..nx {
            let lo = rng.range(-3, 1);
            let hi = lo + rng.range(0, 4);
            let mut a = vec![0; nx + 1];
            a[j] = 1;
            a[nx] = -lo;
            ineqs.push(a);
            let mut b = vec![0; nx + 1];
            b[j] = -1;
            b[nx] = hi;
            ineqs.push(b);
        }
        let boxed = rng.chance(50);
        if !boxed {
            let mut r: Vec<i64> = (0..=nx).map(|_| rng.range(-3, 3)).collect();
            r[nx] = rng.range(0, 6);
            ineqs.push(r);
        }
        let form = ParamForm {
            n_unknowns: nx + 1,
            coeffs: (0..nx).map(|j| (0..=nx + 1).map(|k| (k == j) as i64).collect()).collect(),
            constant: (0..=nx + 1).map(|k| (k == nx) as i64).collect(),
        };
        let sol = farkas(&[], &ineqs, &form).unwrap();
        let space = Space::set(&[], None, &["x", "y"][..nx]);
        let p = BasicSet::from_constraints(space, vec![], ineqs.clone()).unwrap();
        let pts = members(&p);
        if pts.is_empty() {
            continue;
        }
        for u in box_points(nx + 1).into_iter().filter(|u| u.iter().all(|v| v.abs() <= 3)) {
            let ok = pts.iter().all(|x| (0..nx).map(|j| u[j] * x[j]).sum::<i64>() + u[nx] >= 0);
            let claimed = sol.contains(&u).unwrap();
            if claimed {
                assert!(ok, "case {case}: Farkas admits an invalid form {u:?}");
            }
            if boxed {
                assert_eq!(claimed, ok, "case {case}: Farkas incomplete on a box for {u:?}");
            }
        }
    }
}

#[test]
fn hermite_normal_form() {
    let mut rng = Rng::new(23);
    for case in 0..400 {
        let rows = rng.range(1, 3) as usize;
        let n = rng.range(1, 4) as usize;
        let e: Vec<Vec<i64>> = (0..rows).map(|_| (0..n).map(|_| rng.range(-6, 6)).collect()).collect();
        let hf = hermite(&e, n).unwrap();
        // E·U = H, U·U_inv = I, H lower-triangular with reduced rows.
        for i in 0..rows {
            for j in 0..n {
                let v: i64 = (0..n).map(|k| e[i][k] * hf.u[k][j]).sum();
                assert_eq!(v, hf.h[i][j], "case {case}");
                if j >= hf.rank {
                    assert_eq!(hf.h[i][j], 0);
                }
            }
            if let Some(p) = hf.pivots[i] {
                assert!(hf.h[i][p] > 0 && (0..p).all(|q| (0..hf.h[i][p]).contains(&hf.h[i][q])));
            }
        }
        for i in 0..n {
            for j in 0..n {
                let v: i64 = (0..n).map(|k| hf.u[i][k] * hf.u_inv[k][j]).sum();
                assert_eq!(v, (i == j) as i64, "case {case}");
            }
        }
        // Integer solutions of E x + f = 0 match brute force in a box.
        let eqs: Vec<Vec<i64>> = e.iter().map(|r| {
            let mut r = r.clone();
            r.push(rng.range(-5, 5));
            r
        }).collect();
        let sol = integer_solutions(&eqs, n).unwrap();
        let brute = box_points(n).into_iter().find(|x| eqs.iter().all(|r| (0..n).map(|k| r[k] * x[k]).sum::<i64>() + r[n] == 0));
        match (&sol, brute) {
            (None, Some(x)) => panic!("case {case}: missed solution {x:?}"),
            (Some((x0, _)), _) => assert!(eqs.iter().all(|r| (0..n).map(|k| r[k] * x0[k]).sum::<i64>() + r[n] == 0)),
            (None, None) => {}
        }
    }
}
