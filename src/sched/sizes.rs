//! Constant loop sizes read as symbolic sizes in Pluto's bounding
//! objective.
//!
//! Pluto's cost is `u·n + w >= φ_T - φ_S` over each dependence, minimised
//! `u` first: a dependence whose distance grows with the problem size
//! costs a `u`, a constant one only a `w`. Written at the source level
//! (`#define N 2000`), the size is a symbol to a source-level tool, and
//! the objective has this shape. In LLVM IR it is a constant: there is no
//! `u`, `w` itself must reach `1998`, and the linear relaxation of that
//! integer program is weak (it spreads fractions of a coefficient over
//! the counters to make `w` about half of that), so branch and bound
//! closes a gap of a thousand over tableaux whose entries have twenty
//! digits. An LU decomposition with `N = 2000` spent 170e6 work units on
//! the first hyperplane's `w` alone, a thousand times what the same
//! nest with a parameter `n` spends, and was scheduled twice.
//!
//! So each dependence part's large constants are written as a size
//! parameter plus a small offset: sizes are the magnitudes of the
//! statements' domain constants from [`SIZE_FROM`] on, grouped when they
//! are close (`2000`, `1999` and `1998` are one size `N` with offsets `0,
//! -1, -2`, as the source would say `N`, `N - 1`); each becomes a
//! parameter `N_k >= 1` with its own `u`, as a source-level tool would see
//! it. The hyperplane is sought over these parts first, for validity as
//! well as for the objective (the constants left in validity rows alone
//! kept the relaxation's fractions at four digits). At `N_k = rep_k` a
//! rewritten part is the original, so it is a superset of it: a row valid
//! on it is valid on the exact dependences. When the rewritten parts admit
//! no hyperplane, the caller solves over the exact ones (see
//! [`super::pluto`]), so whether a hyperplane exists is decided exactly as
//! before; only which one is chosen follows the symbolic objective.

use crate::poly::farkas::tightened;
use crate::poly::{BasicSet, PolyResult, Space};
use crate::scop::PolyScop;

/// Magnitude from which a constant is read as a size: past the largest
/// shift a schedule row may have (`SchedOptions::max_const`, 16), a
/// constant is a loop's extent rather than an offset between statements.
/// (heat3d with `N = 20`: scheduling 358e6 work units exact and 86e6 with
/// its constants from 17 on symbolic, the same code.)
pub const SIZE_FROM: i64 = 17;

/// Most sizes (each adds a parameter to every rewritten part).
const MAX_SIZES: usize = 4;

/// How far from a size's smallest magnitude a constant still belongs to
/// it: `N + 1` and `N - 2` do, `1900` and `2100` are two sizes.
fn slack(rep: i64) -> i64 {
    (rep / 64).max(8)
}

/// Whether a row can be rewritten: coefficients small (a linearized
/// subscript `2000·i + j` keeps its constants exact, since the size would
/// have to scale its coefficient too).
fn small_coeffs(r: &[i64]) -> bool {
    r[..r.len() - 1].iter().all(|c| c.abs() < SIZE_FROM)
}

/// The sizes of one SCoP, smallest first, by their smallest magnitude.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    reps: Vec<i64>,
    /// The SCoP's parameters, which every dependence part has first (the
    /// sizes' `u`s follow theirs in the objective).
    n_params: usize,
}

impl Sizes {
    /// The sizes of the statements' domains.
    pub fn of(scop: &PolyScop) -> Sizes {
        let mut mags: Vec<i64> = scop
            .statements
            .iter()
            .flat_map(|s| s.domain.parts())
            .flat_map(|b| b.eqs().iter().chain(b.ineqs()))
            .filter(|r| small_coeffs(r))
            .map(|r| r[r.len() - 1].saturating_abs())
            .filter(|&m| m >= SIZE_FROM)
            .collect();
        mags.sort_unstable();
        mags.dedup();
        let mut reps: Vec<i64> = vec![];
        for m in mags {
            if reps.last().is_none_or(|&r| m > r + slack(r)) {
                reps.push(m);
            }
        }
        // The largest sizes matter most to the objective.
        if reps.len() > MAX_SIZES {
            reps.drain(..reps.len() - MAX_SIZES);
        }
        Sizes { reps, n_params: scop.params.len() }
    }

    /// Number of sizes (extra `u`s of the objective).
    pub fn len(&self) -> usize {
        self.reps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }

    /// The size a magnitude belongs to.
    fn class(&self, m: i64) -> Option<usize> {
        self.reps.iter().position(|&r| m >= r - slack(r) && m <= r + slack(r))
    }

    /// `part` with its large constants written over size parameters (added
    /// after its own), each at least 1; `None` when no constant is
    /// rewritten (or the part has local variables, whose definitions would
    /// have to be rewritten too, or other parameters than the SCoP's, whose
    /// columns would not be the layout's): the exact part serves.
    pub fn symbolic(&self, part: &BasicSet) -> PolyResult<Option<BasicSet>> {
        if self.is_empty() || part.n_local() > 0 || part.n_param() != self.n_params {
            return Ok(None);
        }
        let np = part.n_param();
        let ns = self.len();
        let mut used = vec![false; ns];
        let mut rewrite = |r: &[i64]| -> Vec<i64> {
            let mut out = r[..np].to_vec();
            out.extend(std::iter::repeat_n(0, ns));
            out.extend_from_slice(&r[np..]);
            let k = r[r.len() - 1];
            let class = if k.saturating_abs() >= SIZE_FROM && small_coeffs(r) { self.class(k.saturating_abs()) } else { None };
            if let Some(c) = class {
                let last = out.len() - 1;
                out[np + c] = k.signum();
                out[last] = k - k.signum() * self.reps[c];
                used[c] = true;
            }
            out
        };
        // Rows with large coefficients often say less than they seem
        // (`2001·k + j = 2001·k'` with `0 <= j <= 1999` is `k = k'`,
        // `j = 0`): their constants cannot be sizes, so they are tightened
        // first, as Farkas' lemma would tighten them.
        let t = tightened(part.eqs(), part.ineqs(), part.n_cols())?;
        let (eqs, ineqs) = t.as_ref().map_or((part.eqs(), part.ineqs()), |b| (b.eqs(), b.ineqs()));
        let eqs: Vec<Vec<i64>> = eqs.iter().map(|r| rewrite(r)).collect();
        let mut ineqs: Vec<Vec<i64>> = ineqs.iter().map(|r| rewrite(r)).collect();
        if !used.iter().any(|&u| u) {
            return Ok(None);
        }
        let width = part.width() + ns;
        for (c, _) in used.iter().enumerate().filter(|(_, &u)| u) {
            let mut r = vec![0; width];
            r[np + c] = 1;
            r[width - 1] = -1;
            ineqs.push(r);
        }
        let mut params = part.space().params.clone();
        params.extend((0..ns).map(|c| format!("size{c}")));
        let space = Space { params, ..part.space().clone() };
        Ok(Some(BasicSet::from_constraints(space, eqs, ineqs)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::parse_basic_set;

    fn sizes(reps: &[i64]) -> Sizes {
        Sizes { reps: reps.to_vec(), n_params: 0 }
    }

    #[test]
    fn close_constants_are_one_size() {
        let s = sizes(&[1999]);
        let part = parse_basic_set("{ S[i] -> S[j] : j = i + 1 and 0 <= i and j <= 1999 and i <= 1998 }").unwrap();
        let sym = s.symbolic(&part).unwrap().expect("rewritten");
        assert_eq!(sym.n_param(), 1);
        // At the representative the rewritten part is the original.
        let mut at = sym.clone();
        at.fix_param(0, 1999).unwrap();
        for p in [[0, 1], [1998, 1999], [5, 6]] {
            assert!(at.contains(&[1999, p[0], p[1]]).unwrap());
        }
        assert!(!at.contains(&[1999, 1999, 2000]).unwrap());
        // Other sizes have their own points; no size is below 1.
        assert!(sym.contains(&[3000, 2998, 2999]).unwrap());
        assert!(sym.contains(&[100, 0, 1]).unwrap());
        assert!(!sym.contains(&[100, 100, 101]).unwrap());
        assert!(!sym.contains(&[0, 0, 1]).unwrap());
    }

    #[test]
    fn small_and_linearized_rows_stay_exact() {
        let s = sizes(&[2000]);
        let part = parse_basic_set("{ S[i, j] -> S[k, l] : 2000i + j = 2000k + l + 1 and 0 <= j <= 10 and 0 <= l <= 10 }").unwrap();
        assert!(s.symbolic(&part).unwrap().is_none());
    }

    #[test]
    fn distinct_sizes_are_grouped_apart() {
        let s = sizes(&[1900, 2100]);
        assert_eq!(s.class(1899), Some(0));
        assert_eq!(s.class(2101), Some(1));
        assert_eq!(s.class(2000), None);
        assert_eq!(s.class(63), None);
    }
}
