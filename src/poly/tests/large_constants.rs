//! Constant loop bounds (`#define N 1000`): integer problems whose rows have
//! large coefficients (linearized subscripts `N·i + j`) must be decided
//! exactly, with work that does not grow with `N`.

use crate::poly::error::{Budget, Meter};
use crate::poly::ilp::{self, Problem};

/// A meter far too small for branch and bound over ranges of `N` values.
fn small_meter() -> Meter {
    Meter::with_budget(Budget { max_pivots: 20_000, max_nodes: 200 })
}

/// Scales the "large" entries of a template row: `L` stands for `n`,
/// `L+1` for `n + 1`, etc. Entries are given as `(small, n_multiple)`.
fn row(entries: &[(i64, i64)], n: i64) -> Vec<i64> {
    entries.iter().map(|&(c, k)| c + k * n).collect()
}

/// Every integer point of `p` in the box `[lo, hi]^n`, by enumeration.
fn brute_force_nonempty(p: &Problem, lo: i64, hi: i64) -> bool {
    let mut x = vec![lo; p.n];
    loop {
        let val = |r: &Vec<i64>| r[..p.n].iter().zip(&x).map(|(a, b)| a * b).sum::<i64>() + r[p.n];
        if p.eqs.iter().all(|r| val(r) == 0) && p.ineqs.iter().all(|r| val(r) >= 0) {
            return true;
        }
        let mut k = 0;
        loop {
            if k == p.n {
                return false;
            }
            x[k] += 1;
            if x[k] <= hi {
                break;
            }
            x[k] = lo;
            k += 1;
        }
    }
}

fn satisfies(p: &Problem, x: &[i64]) -> bool {
    let val = |r: &Vec<i64>| r[..p.n].iter().zip(x).map(|(&a, &b)| a as i128 * b as i128).sum::<i128>() + r[p.n] as i128;
    p.eqs.iter().all(|r| val(r) == 0) && p.ineqs.iter().all(|r| val(r) >= 0)
}

/// The families seen in dependence analysis of covariance (`cov[j][i]`
/// against `cov[i][j]` over rows of `n`), Seidel and LU with constant
/// sizes, with the size `n` as a parameter of the test.
fn families(n: i64) -> Vec<(&'static str, Problem)> {
    let m = n - 1;
    vec![
        (
            "cov",
            Problem {
                n: 4,
                eqs: vec![row(&[(1, 1), (0, 1), (-1, -1), (-1, 0), (0, 0)], n)],
                ineqs: vec![
                    vec![-1, 0, 1, 0, -1],
                    vec![1, 0, 0, 0, 0],
                    vec![0, 1, 0, 0, 0],
                    vec![-1, -1, 0, 0, m - 1],
                    vec![0, 0, 1, 0, 0],
                    vec![0, 0, 0, 1, 0],
                    vec![0, 0, -1, -1, m - 1],
                ],
            },
        ),
        (
            "lu",
            Problem {
                n: 6,
                eqs: vec![row(&[(0, 1), (1, 0), (0, 0), (0, 0), (-1, 0), (0, -1), (0, 0)], n)],
                ineqs: vec![
                    vec![-1, 0, 0, 1, 0, 0, -1],
                    vec![-1, 0, 0, 0, 0, 0, m],
                    vec![1, -1, 0, 0, 0, 0, -1],
                    vec![0, 0, 1, 0, 0, 0, 0],
                    vec![0, 1, -1, 0, 0, 0, -1],
                    vec![0, 0, 0, -1, 0, 0, m],
                    vec![0, 0, 0, 1, -1, 0, -1],
                    vec![0, 0, 0, 0, 0, 1, 0],
                    vec![0, 0, 0, 0, 1, -1, -1],
                ],
            },
        ),
        (
            "seidel",
            Problem {
                n: 7,
                eqs: vec![row(&[(0, 0), (0, 1), (1, 0), (0, 0), (0, -1), (-1, 0), (0, 0), (-1, 1)], n)],
                ineqs: vec![
                    vec![-1, 0, 0, 1, 0, 0, 0, -2],
                    row(&[(0, 0), (0, -1), (-1, 0), (0, 0), (0, 0), (0, 0), (0, 1), (-3, 1)], n),
                    row(&[(0, 0), (0, -1), (-1, 0), (0, 0), (0, 1), (0, 0), (0, 0), (-2, 0)], n),
                    vec![0, 0, -1, 0, 0, 0, 0, n - 3],
                    vec![0, 0, 0, -1, 0, 0, 0, n],
                    vec![0, 0, 0, 0, -1, 0, 0, n - 3],
                    vec![0, 0, 0, 0, 0, 0, 1, 0],
                    vec![0, 0, 1, 0, 0, 0, 0, 0],
                    vec![0, 1, 0, 0, 0, 0, 0, 0],
                    row(&[(0, 0), (0, 1), (1, 0), (0, 0), (0, -1), (0, 0), (0, 0), (-1, 1)], n),
                    row(&[(0, 0), (0, 1), (1, 0), (0, 0), (0, 0), (0, 0), (0, -1), (0, 0)], n),
                    vec![1, 0, 0, 0, 0, 0, 0, 0],
                    row(&[(0, 0), (0, 1), (1, 0), (0, 0), (0, -1), (0, 0), (0, 0), (2, 0)], n),
                ],
            },
        ),
    ]
}

#[test]
fn linearized_subscript_problems_are_empty_at_every_size() {
    // At n = 4 brute force over a box that holds every point decides.
    for (name, p) in families(4) {
        let bf = brute_force_nonempty(&p, -1, 5);
        let got = ilp::sample(&p, &mut Meter::new()).unwrap();
        assert_eq!(got.is_some(), bf, "{name} at n = 4");
    }
    for n in [10, 100, 1000, 1200, 4000, 1_000_000, 3_000_000_000] {
        for (name, p) in families(n) {
            let got = ilp::sample(&p, &mut small_meter()).unwrap_or_else(|e| panic!("{name} at n = {n}: {e}"));
            match got {
                Some(x) => assert!(satisfies(&p, &x), "{name} at n = {n}: {x:?} is not a point"),
                // cov: b + d = n·(a + b - c) with 0 <= b + d <= 2n - 4
                // forces b = d = 0 and c = a, or a <= -1; lu likewise.
                None => {}
            }
            if name != "seidel" {
                assert!(ilp::sample(&p, &mut small_meter()).unwrap().is_none(), "{name} at n = {n}");
            }
        }
    }
}

#[test]
fn loosened_variants_agree_with_brute_force_and_stay_cheap() {
    // Loosening one inequality by one at a time gives sets with points
    // (cov without `c >= a + 1` has `b = d = 0, a = c`) and without.
    for n in [4, 5] {
        for (name, p) in families(n) {
            for k in 0..p.ineqs.len() {
                let mut q = p.clone();
                let c = q.n;
                q.ineqs[k][c] += 1;
                let bf = brute_force_nonempty(&q, -2, n + 2);
                let got = ilp::sample(&q, &mut Meter::new()).unwrap();
                assert_eq!(got.is_some(), bf, "{name} at n = {n}, row {k} loosened");
                if let Some(x) = got {
                    assert!(satisfies(&q, &x));
                }
            }
        }
    }
    let mut found = 0;
    for n in [1000, 4000, 1_000_000] {
        for (name, p) in families(n) {
            for k in 0..p.ineqs.len() {
                let mut q = p.clone();
                let c = q.n;
                q.ineqs[k][c] += 1;
                match ilp::sample(&q, &mut small_meter()) {
                    Ok(Some(x)) => {
                        assert!(satisfies(&q, &x), "{name} at n = {n}, row {k}: {x:?}");
                        found += 1;
                    }
                    Ok(None) => {}
                    Err(e) => panic!("{name} at n = {n}, row {k} loosened: {e}"),
                }
            }
        }
    }
    assert!(found > 0);
}

#[test]
fn simplex_optimum_is_exact_with_huge_coefficients() {
    use crate::poly::num::Rational;
    use crate::poly::simplex::{LpResult, Simplex};
    // Random triangles-and-more in 2-D with coefficients up to 2^61: the
    // minimum of a·x + b·y is at a vertex, the intersection of two of the
    // lines; compare the simplex with all vertices computed exactly.
    // Pivots multiply several such coefficients: far past 128 bits.
    let mut seed: u64 = 0x853c_49e6_748f_ea9b;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut big_seen = 0;
    for case in 0..300 {
        let bits = 20 + (case % 42) as u32;
        let mut coef = || {
            let v = (next() >> (64 - bits)) as i64 + 1;
            if next() % 2 == 0 { v } else { -v }
        };
        // A box keeps the LP bounded; the other rows cut it.
        let k = 1i64 << (bits.min(60));
        let mut rows: Vec<[i64; 3]> = vec![[1, 0, k], [-1, 0, k], [0, 1, k], [0, -1, k]];
        for _ in 0..3 {
            let (a, b) = (coef(), coef());
            // Through a point near the origin, so the set stays non-empty.
            let c = -(a / 3) - (b / 5) + (1 << (bits / 2));
            rows.push([a, b, c]);
        }
        let obj = [coef(), coef(), 0];
        let mut m = Meter::new();
        let mut s = Simplex::new(2);
        for r in &rows {
            s.add_ineq(r, &mut m).unwrap();
        }
        let got = s.minimize(&obj, &mut m).unwrap();
        // Reference: every vertex (pair of lines), kept when feasible.
        let r = |v: i64| Rational::int(v);
        let mut best: Option<Rational> = None;
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                let (a1, b1, c1) = (r(rows[i][0]), r(rows[i][1]), r(rows[i][2]));
                let (a2, b2, c2) = (r(rows[j][0]), r(rows[j][1]), r(rows[j][2]));
                let det = a1.mul(&b2).sub(&a2.mul(&b1));
                if det.is_zero() {
                    continue;
                }
                // a1 x + b1 y = -c1, a2 x + b2 y = -c2 (Cramer).
                let x = c2.mul(&b1).sub(&c1.mul(&b2)).div(&det).unwrap();
                let y = c1.mul(&a2).sub(&c2.mul(&a1)).div(&det).unwrap();
                let feasible = rows.iter().all(|q| r(q[0]).mul(&x).add(&r(q[1]).mul(&y)).add(&r(q[2])).signum() >= 0);
                if feasible {
                    let v = r(obj[0]).mul(&x).add(&r(obj[1]).mul(&y));
                    big_seen += usize::from(!v.is_small());
                    if best.as_ref().is_none_or(|b| v < *b) {
                        best = Some(v);
                    }
                }
            }
        }
        match best {
            Some(b) => assert_eq!(got, LpResult::Opt(b), "case {case}: {rows:?} min {obj:?}"),
            None => assert_eq!(got, LpResult::Empty, "case {case}"),
        }
    }
    assert!(big_seen > 0, "some optima must need more than 64 bits");
}

#[test]
fn integer_answers_with_large_coefficients_are_exact() {
    // 2^40-sized coefficients: the old i128 tableau overflowed on products
    // of three of them. A thin strip 1 <= A·x - B·y <= A - 1 with gcd(A, B)
    // = 1 has integer points (B·y + r ≡ 0 mod A is solvable); with
    // gcd(A, B) = A it has none.
    let a: i64 = (1 << 40) + 15;
    let b: i64 = (1 << 39) + 7;
    let p = Problem {
        n: 2,
        eqs: vec![],
        ineqs: vec![vec![a, -b, -1], vec![-a, b, a - 1], vec![1, 0, 0], vec![-1, 0, 1 << 41], vec![0, 1, 0], vec![0, -1, 1 << 41]],
    };
    let x = ilp::sample(&p, &mut Meter::new()).unwrap().expect("gcd(a, b) = 1: a point exists");
    assert!(satisfies(&p, &x), "{x:?}");
    let q = Problem {
        n: 2,
        eqs: vec![],
        ineqs: vec![vec![a, -2 * a, -1], vec![-a, 2 * a, a - 1], vec![1, 0, 0], vec![-1, 0, 1 << 41], vec![0, 1, 0], vec![0, -1, 1 << 41]],
    };
    assert_eq!(ilp::sample(&q, &mut Meter::new()).unwrap(), None);
}


#[test]
fn farkas_over_a_linearized_dependence_is_sound_and_no_stricter() {
    use crate::poly::farkas::{farkas, farkas_exact, ParamForm};
    // 1-D time loop over a 2-D stencil at N = 40 with rows of N elements:
    // [t, i, j] -> [t', i', j'] with N·i + j = N·i' + j' + 1,
    // 1 <= j, j' <= N - 2, 0 <= t < t' <= 2, 1 <= i, i' <= N - 2.
    let n = 40;
    let eqs = vec![vec![0, n, 1, 0, -n, -1, -1]];
    let ineqs = vec![
        vec![-1, 0, 0, 1, 0, 0, -1],
        vec![1, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, -1, 0, 0, 2],
        vec![0, 1, 0, 0, 0, 0, -1],
        vec![0, -1, 0, 0, 0, 0, n - 2],
        vec![0, 0, 1, 0, 0, 0, -1],
        vec![0, 0, -1, 0, 0, 0, n - 2],
        vec![0, 0, 0, 0, 1, 0, -1],
        vec![0, 0, 0, 0, -1, 0, n - 2],
        vec![0, 0, 0, 0, 0, 1, -1],
        vec![0, 0, 0, 0, 0, -1, n - 2],
    ];
    let p = Problem { n: 6, eqs: eqs.clone(), ineqs: ineqs.clone() };
    assert_eq!(ilp::implied_equalities(&p, &mut Meter::new()).unwrap(), vec![vec![0, 1, 0, 0, -1, 0, 0]]);
    // phi = u0·(t' - t) + u1·(i' - i) + u2·(j' - j) + u3: unknowns u0..u3.
    let unit = |k: usize, s: i64| {
        let mut r = vec![0; 5];
        r[k] = s;
        r
    };
    let form = ParamForm {
        n_unknowns: 4,
        coeffs: vec![unit(0, -1), unit(1, -1), unit(2, -1), unit(0, 1), unit(1, 1), unit(2, 1)],
        constant: unit(3, 1),
    };
    let new = farkas(&eqs, &ineqs, &form).unwrap();
    let old = farkas_exact(&eqs, &ineqs, &form).unwrap();
    let mut points = vec![];
    for t in 0..=2 {
        for t2 in t + 1..=2 {
            for i in 1..=n - 2 {
                for j in 1..=n - 2 {
                    let (i2, j2) = if j >= 2 { (i, j - 1) } else { (i - 1, n - 1) };
                    if (1..=n - 2).contains(&i2) && (1..=n - 2).contains(&j2) {
                        points.push([t, i, j, t2, i2, j2]);
                    }
                }
            }
        }
    }
    assert!(!points.is_empty());
    let mut accepted = 0;
    for u0 in -2..=2 {
        for u1 in -2..=2 {
            for u2 in -2..=2 {
                for u3 in -3..=3 {
                    let u = [u0, u1, u2, u3];
                    let in_new = new.contains(&u).unwrap();
                    if old.contains(&u).unwrap() {
                        assert!(in_new, "{u:?}: the old constraints accepted it");
                    }
                    if in_new {
                        accepted += 1;
                        for x in &points {
                            let phi = u0 * (x[3] - x[0]) + u1 * (x[4] - x[1]) + u2 * (x[5] - x[2]) + u3;
                            assert!(phi >= 0, "{u:?} accepted but phi({x:?}) = {phi}");
                        }
                    }
                }
            }
        }
    }
    assert!(accepted > 0);
}
