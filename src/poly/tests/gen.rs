//! Random generation and brute-force enumeration for the property tests.

use crate::poly::basic_set::{BasicSet, Local};
use crate::poly::row::{self, Row};
use crate::poly::space::Space;

/// Box bound on parameters and dimensions.
pub const B: i64 = 4;
/// Enumeration bound for plain existentials.
pub const L: i64 = 8;

/// xorshift64* — deterministic, seedable, no dependencies.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `[lo, hi]`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
    /// True with probability `p` percent.
    pub fn chance(&mut self, p: u64) -> bool {
        self.next() % 100 < p
    }
}

/// Shape of the random sets.
#[derive(Clone, Copy)]
pub struct Shape {
    pub params: usize,
    pub dims: usize,
    /// Add the box constraints (otherwise some dims may be unbounded).
    pub boxed: bool,
    /// Allow divisions and existentials.
    pub locals: bool,
    /// Allow equalities.
    pub eqs: bool,
}

pub fn space_of(params: usize, dims: usize) -> Space {
    let ps: Vec<String> = (0..params).map(|i| ["n", "m"][i].to_string()).collect();
    let ds: Vec<String> = (0..dims).map(|i| ["i", "j", "k", "l"][i].to_string()).collect();
    let pr: Vec<&str> = ps.iter().map(|s| s.as_str()).collect();
    let dr: Vec<&str> = ds.iter().map(|s| s.as_str()).collect();
    Space::set(&pr, Some("S"), &dr)
}

fn rand_row(rng: &mut Rng, width: usize, cmax: i64, kmax: i64) -> Row {
    let mut r: Row = (0..width).map(|_| if rng.chance(60) { rng.range(-cmax, cmax) } else { 0 }).collect();
    r[width - 1] = rng.range(-kmax, kmax);
    r
}

/// A random basic set of the given shape.
pub fn random_bset(rng: &mut Rng, sh: Shape) -> BasicSet {
    let mut b = BasicSet::universe(space_of(sh.params, sh.dims));
    let nv = sh.params + sh.dims;
    for c in 0..nv {
        if sh.boxed || rng.chance(50) {
            let mut lo = vec![0; b.width()];
            lo[c] = 1;
            lo[nv] = B;
            let mut hi = vec![0; b.width()];
            hi[c] = -1;
            hi[nv] = B;
            b.add_ineq(lo).unwrap();
            b.add_ineq(hi).unwrap();
        }
    }
    if sh.locals && rng.chance(40) {
        let mut e = rand_row(rng, b.width(), 2, 3);
        e[nv] = rng.range(-3, 3);
        b.add_div(e, rng.range(2, 4)).unwrap();
    }
    if sh.locals && rng.chance(25) {
        let c = b.push_local(Local::Exists);
        for s in [1, -1] {
            let mut r = vec![0; b.width()];
            r[c] = s;
            r[b.n_cols()] = L;
            b.add_ineq(r).unwrap();
        }
    }
    let n_ineq = rng.range(0, 3);
    for _ in 0..n_ineq {
        let r = rand_row(rng, b.width(), 3, 6);
        b.add_ineq(r).unwrap();
    }
    if sh.eqs && rng.chance(35) {
        let r = rand_row(rng, b.width(), 3, 4);
        b.add_eq(r).unwrap();
    }
    if sh.locals && b.n_local() > 0 && rng.chance(70) {
        // Make sure locals are used by some constraint besides their bounds.
        let mut r = rand_row(rng, b.width(), 2, 4);
        let c = b.local_col(0);
        r[c] = rng.range(1, 3) * if rng.chance(50) { 1 } else { -1 };
        if rng.chance(50) {
            b.add_eq(r).unwrap();
        } else {
            b.add_ineq(r).unwrap();
        }
    }
    b
}

fn sat(b: &BasicSet, full: &[i64]) -> bool {
    b.eqs().iter().all(|r| row::eval(r, full).unwrap() == 0) && b.ineqs().iter().all(|r| row::eval(r, full).unwrap() >= 0)
}

fn assign(b: &BasicSet, full: &mut Vec<i64>, k: usize) -> bool {
    if k == b.n_local() {
        return sat(b, full);
    }
    match &b.locals()[k] {
        Local::Div { expr, den } => {
            let mut pt = full.clone();
            pt.resize(b.n_cols(), 0);
            let v = row::eval(expr, &pt).unwrap().div_euclid(*den);
            full.push(v);
            let ok = assign(b, full, k + 1);
            full.pop();
            ok
        }
        Local::Exists => {
            for v in -L..=L {
                full.push(v);
                let ok = assign(b, full, k + 1);
                full.pop();
                if ok {
                    return true;
                }
            }
            false
        }
    }
}

/// Brute-force membership of `[params | dims]`.
pub fn member(b: &BasicSet, point: &[i64]) -> bool {
    let mut full = point.to_vec();
    assign(b, &mut full, 0)
}

/// All points of `[-B, B]^(params+dims)`, in lexicographic order.
pub fn box_points(n: usize) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        let mut next = vec![];
        for p in &out {
            for v in -B..=B {
                let mut q = p.clone();
                q.push(v);
                next.push(q);
            }
        }
        out = next;
    }
    out
}

/// The members of `b` in the box, lexicographically ordered.
pub fn members(b: &BasicSet) -> Vec<Vec<i64>> {
    box_points(b.n_param() + b.n_dim()).into_iter().filter(|p| member(b, p)).collect()
}
