//! Answers of the exact solvers already computed on this thread, given
//! again at the same cost: integer samples ([`super::ilp::sample`]), the
//! gists behind every simplification ([`BasicSet::gist`],
//! [`BasicSet::remove_redundant`]) and the parametric bounds of affine
//! functions ([`BasicSet::bounds_of`]).
//!
//! The stages ask the same questions over and over: detection proves the
//! same facts for the loads and stores of one subscript, for each region
//! it tries, and once more after the nest is prepared for code
//! generation; the dependence analysis and the scanner ask the same
//! emptiness questions of each pair of statements and simplify the same
//! sets. In gsl's fft.c, 87% of the 6,869 samples were repeats; in
//! cblas/dtrmm.c, 66% of 15,153. Detection bounds each counter of a
//! statement's domain for every narrow subscript of the statement whose
//! range is checked at run time: in libvorbis's smallft.c, 2,350 bounds at
//! 115,000 instructions each, most of them repeats.
//!
//! A repeat is answered from here, and *costs what it cost the first
//! time*: the pivots and nodes it took come off the caller's meter and
//! its work units off the thread's allowance. So every budget runs out
//! exactly where it did without the memo, and the plugin emits the same
//! code; only the time to get there is saved. A question that failed
//! (out of budget, overflow) is not kept: asked again, it is solved again.
//!
//! Each table holds questions and answers of at most [`CAPACITY`] matrix
//! cells in all and is emptied when full (a count of cells, not a clock
//! or the allocator's bytes: the same compilation keeps and drops the same
//! answers on any machine).

use super::basic_set::BasicSet;
use super::bounds::ParamBounds;
use super::error::{charge, charged, Meter, PolyResult};
use super::ilp::Problem;
use crate::stable::{WordHasher, WordMap};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::thread::LocalKey;

/// Matrix cells (coefficients of questions and answers) kept at most per
/// table: 32 MB of coefficients for the two tables together.
pub const CAPACITY: usize = 1 << 21;

/// The matrix cells a question or an answer holds.
trait Cells {
    fn cells(&self) -> usize;
}

impl Cells for Problem {
    fn cells(&self) -> usize {
        self.eqs.iter().chain(&self.ineqs).map(Vec::len).sum()
    }
}

impl Cells for Option<Vec<i64>> {
    fn cells(&self) -> usize {
        self.as_ref().map_or(0, Vec::len)
    }
}

impl Cells for BasicSet {
    fn cells(&self) -> usize {
        (self.eqs.len() + self.ineqs.len()) * self.width()
    }
}

impl Cells for (BasicSet, Option<BasicSet>) {
    fn cells(&self) -> usize {
        self.0.cells() + self.1.as_ref().map_or(0, Cells::cells)
    }
}

impl Cells for (BasicSet, Vec<i64>) {
    fn cells(&self) -> usize {
        self.0.cells() + self.1.len()
    }
}

impl Cells for ParamBounds {
    fn cells(&self) -> usize {
        let pieces: usize = self.lower.iter().chain(&self.upper).map(|b| b.expr.len() + 1).sum();
        pieces + self.context.cells()
    }
}

/// One answer and what finding it took.
struct Answer<V> {
    value: V,
    pivots: u64,
    nodes: u64,
    units: u64,
}

/// Questions of one kind and their answers, by the hash of the question
/// (each bucket compares whole questions: a hash collision only shares a
/// bucket).
struct Memo<K, V> {
    buckets: WordMap<u64, Vec<(K, Answer<V>)>>,
    /// Cells held, counted as in [`Cells`].
    cells: usize,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo { buckets: WordMap::default(), cells: 0 }
    }
}

type Table<K, V> = LocalKey<RefCell<Memo<K, V>>>;

thread_local! {
    static SAMPLES: RefCell<Memo<Problem, Option<Vec<i64>>>> = RefCell::new(Memo::default());
    static GISTS: RefCell<Memo<(BasicSet, Option<BasicSet>), BasicSet>> = RefCell::new(Memo::default());
    static BOUNDS: RefCell<Memo<(BasicSet, Vec<i64>), ParamBounds>> = RefCell::new(Memo::default());
    static ENABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Turns the memo on or off for this thread (on by default). The core's
/// benchmark (`benches/poly.rs`) turns it off: it asks each question
/// thousands of times to time it, and a recalled answer would time the
/// table instead of the solver it is compared with.
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// `solve(m)`, or the answer it gave before to the question `same`
/// recognizes (hashed `hash`), at the same cost: `m` spends the pivots and
/// nodes it took and the allowance the units it charged (an allowance too
/// small for them fails as the question itself would have). An answer the
/// meter cannot pay for is solved again, and fails there. `key` makes the
/// question to keep with a new answer.
fn recall<K: Cells, V: Clone + Cells>(
    table: &'static Table<K, V>,
    hash: u64,
    same: impl Fn(&K) -> bool,
    key: impl FnOnce() -> K,
    m: &mut Meter,
    solve: impl FnOnce(&mut Meter) -> PolyResult<V>,
) -> PolyResult<V> {
    if !ENABLED.with(std::cell::Cell::get) {
        return solve(m);
    }
    let known = table.with(|t| {
        let t = t.borrow();
        let (_, a) = t.buckets.get(&hash)?.iter().find(|(k, _)| same(k))?;
        Some((a.value.clone(), a.pivots, a.nodes, a.units))
    });
    if let Some((value, pivots, nodes, units)) = known {
        if m.spend(pivots, nodes) {
            charge(units as usize)?;
            return Ok(value);
        }
    }
    let ((pivots0, nodes0), units0) = (m.left(), charged());
    let value = solve(m)?;
    let (pivots1, nodes1) = m.left();
    let answer = Answer { value: value.clone(), pivots: pivots0 - pivots1, nodes: nodes0 - nodes1, units: charged().wrapping_sub(units0) };
    let key = key();
    // At least one cell per entry: an empty question still costs its slot.
    let cells = 1 + key.cells() + answer.value.cells();
    table.with(|t| {
        let mut t = t.borrow_mut();
        if t.cells + cells > CAPACITY {
            t.buckets.clear();
            t.cells = 0;
        }
        t.cells += cells;
        t.buckets.entry(hash).or_default().push((key, answer));
    });
    Ok(value)
}

fn hash_of(parts: impl Hash) -> u64 {
    let mut h = WordHasher::default();
    parts.hash(&mut h);
    h.finish()
}

/// [`super::ilp::sample`] of `p` through the memo (`solve` computes it).
pub fn sample(p: &Problem, m: &mut Meter, solve: impl FnOnce(&Problem, &mut Meter) -> PolyResult<Option<Vec<i64>>>) -> PolyResult<Option<Vec<i64>>> {
    recall(&SAMPLES, hash_of(p), |k| k == p, || p.clone(), m, |m| solve(p, m))
}

/// The gist of `set` in `context` (none: its redundant rows removed)
/// through the memo (`solve` computes it).
pub fn gist(set: &BasicSet, context: Option<&BasicSet>, m: &mut Meter, solve: impl FnOnce(&mut Meter) -> PolyResult<BasicSet>) -> PolyResult<BasicSet> {
    recall(&GISTS, hash_of((set, context)), |(s, c)| s == set && c.as_ref() == context, || (set.clone(), context.cloned()), m, solve)
}

/// The bounds of `f` over `set` ([`BasicSet::bounds_of`]) through the
/// memo (`solve` computes them; an elimination spends no pivots or nodes,
/// only work units).
pub fn bounds(set: &BasicSet, f: &[i64], solve: impl FnOnce() -> PolyResult<ParamBounds>) -> PolyResult<ParamBounds> {
    recall(&BOUNDS, hash_of((set, f)), |(s, g)| s == set && g == f, || (set.clone(), f.to_vec()), &mut Meter::new(), |_| solve())
}

/// Forgets every answer (tests that measure a question's own cost).
#[cfg(test)]
fn forget() {
    SAMPLES.with(|t| *t.borrow_mut() = Memo::default());
    GISTS.with(|t| *t.borrow_mut() = Memo::default());
    BOUNDS.with(|t| *t.borrow_mut() = Memo::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::error::{set_work_allowance, work_left, Budget};
    use crate::poly::ilp;

    /// `0 <= x, y <= 9`, `3x + 5y = 17`: a point, after some pivots.
    fn problem() -> Problem {
        Problem { n: 2, eqs: vec![vec![3, 5, -17]], ineqs: vec![vec![1, 0, 0], vec![0, 1, 0], vec![-1, 0, 9], vec![0, -1, 9]] }
    }

    /// What one query spends: (pivots, nodes, units, point).
    fn spent(p: &Problem) -> (u64, u64, u64, Option<Vec<i64>>) {
        let mut m = Meter::new();
        let (before, units) = (m.left(), charged());
        let point = ilp::sample(p, &mut m).unwrap();
        (before.0 - m.left().0, before.1 - m.left().1, charged() - units, point)
    }

    #[test]
    fn a_repeat_costs_what_the_first_answer_cost() {
        forget();
        let first = spent(&problem());
        let again = spent(&problem());
        assert_eq!(first, again);
        assert!(first.2 > 0, "the query charged no work");
        assert_eq!(first.3, Some(vec![4, 1]));
    }

    #[test]
    fn switched_off_the_memo_keeps_nothing() {
        forget();
        set_enabled(false);
        let first = spent(&problem());
        let kept = SAMPLES.with(|t| t.borrow().cells);
        set_enabled(true);
        assert_eq!(kept, 0);
        // Solved, it costs what the memo would have recalled.
        assert_eq!(first, spent(&problem()));
    }

    #[test]
    fn a_repeat_fails_where_the_first_would_have() {
        forget();
        let (_, _, units, _) = spent(&problem());
        // An allowance one unit short: the repeat fails as the query did.
        set_work_allowance(Some(units - 1));
        let r = ilp::sample(&problem(), &mut Meter::new());
        set_work_allowance(None);
        assert!(r.is_err());
        // Enough: it succeeds and leaves what solving it leaves.
        set_work_allowance(Some(units + 5));
        let r = ilp::sample(&problem(), &mut Meter::new());
        assert_eq!((r.unwrap(), work_left()), (Some(vec![4, 1]), Some(5)));
        set_work_allowance(None);
    }

    #[test]
    fn a_meter_short_of_the_pivots_solves_again_and_fails() {
        forget();
        let (pivots, _, _, _) = spent(&problem());
        assert!(pivots > 0);
        let mut short = Meter::with_budget(Budget { max_pivots: pivots - 1, max_nodes: 1000 });
        assert!(ilp::sample(&problem(), &mut short).is_err());
    }

    /// Bounds asked again are the same pieces at the same cost, and fail
    /// where the first question would have.
    #[test]
    fn bounds_are_recalled_at_their_cost() {
        use crate::poly::parse::parse_set;
        forget();
        let set = parse_set("[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }").unwrap().parts[0].clone();
        let cost = |f: &[i64]| {
            let units = charged();
            let b = set.bounds_of(f).unwrap();
            (b.lower, b.upper, charged() - units)
        };
        let sum = [0, 1, 1, 0];
        let first = cost(&sum);
        assert!(first.2 > 0, "the elimination charged no work");
        assert_eq!(first, cost(&sum));
        // i + j from 0 to 2n - 2; i alone to n - 1.
        assert_eq!((first.0[0].expr.clone(), first.1[0].expr.clone()), (vec![0, 0], vec![2, -2]));
        assert_eq!(cost(&[0, 1, 0, 0]).1[0].expr, vec![1, -1]);
        set_work_allowance(Some(first.2 - 1));
        let short = set.bounds_of(&sum);
        set_work_allowance(None);
        assert!(short.is_err());
    }

    /// A gist asked again is the same set at the same cost; in another
    /// context, it is computed for that context.
    #[test]
    fn gists_are_recalled_per_context() {
        use crate::poly::parse::parse_set;
        forget();
        let set = parse_set("[n] -> { [i] : 0 <= i <= n and i <= 100 }").unwrap().parts[0].clone();
        let wide = parse_set("[n] -> { [i] : n <= 50 }").unwrap().parts[0].clone();
        let cost = |ctx: Option<&BasicSet>| {
            let units = charged();
            let g = match ctx {
                Some(c) => set.gist(c).unwrap(),
                None => set.remove_redundant().unwrap(),
            };
            (g, charged() - units)
        };
        let first = cost(Some(&wide));
        assert_eq!(first, cost(Some(&wide)));
        assert!(first.1 > 0);
        // n <= 50 makes i <= 100 redundant; alone it is not.
        assert_eq!(first.0.ineqs.len(), 2);
        assert_eq!(cost(None).0.ineqs.len(), 3);
    }
}
