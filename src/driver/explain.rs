//! What a rewrite did to a SCoP, in the source's words: the facts the
//! `-Rpass=tessera` remark lists after its counts, e.g.
//! `tiled i, j, k by 8x1840x8 (full tiles separated); order i, k, j
//! (interchanged); tiles of i on OpenMP threads; j vectorized`.
//!
//! Everything is read off the final schedule (rows over each statement's
//! counters) and the loops code generation ran on threads or marked for
//! the vectorizer (by schedule dimension). A dimension is named after the
//! counters its row combines: `i` for the counter of `for (int i ...)`
//! (from debug information), else `line N` for the loop starting on that
//! line; a skewed row reads `t+i`.

use crate::sched::schedule::{RowKind, Schedule};
use crate::scop::poly_scop::StmtId;
use std::collections::BTreeSet;
use crate::stable::HashSet;

/// What the explanation needs to know about the SCoP, as plain data.
pub struct Subject<'a> {
    pub schedule: &'a Schedule,
    /// Number of parameter columns at the front of every row.
    pub params: usize,
    /// Per statement: the names of its loops' counters, outermost first
    /// (the columns after the parameters).
    pub counters: Vec<Vec<String>>,
    /// Per statement: its loops' identities, outermost first (two
    /// statements share a loop of the source when they share an entry).
    pub loops: Vec<Vec<crate::scop::affine::Counter>>,
    /// Per statement: how the remark names it (`S1 (line 7)`).
    pub labels: Vec<String>,
    /// The loop tree separates full tiles from partial ones.
    pub full_tiles_separated: bool,
    /// Schedule dimensions run on OpenMP threads and marked vectorizable.
    pub openmp_dims: &'a BTreeSet<usize>,
    pub vectorized_dims: &'a BTreeSet<usize>,
    /// Loops jammed around a reduction (`ast::reduction_jam`): the
    /// dimension of the jammed loop, of the loop inside, the rows run
    /// together, and the statements inside.
    pub row_jams: &'a BTreeSet<crate::ast::RowJam>,
    /// Loops whose rows the tree jams around a stencil's recurrence (the
    /// dimension of the jammed loop): only those of the schedule's jams
    /// are told.
    pub jammed_rows: &'a BTreeSet<usize>,
}

/// One fact: pieces of text, each with the key of its remark argument
/// (`None` for the plain words between arguments).
pub type Fact = Vec<(Option<&'static str>, String)>;

/// A fact that is one argument.
fn fact(key: &'static str, text: String) -> Fact {
    vec![(Some(key), text)]
}

/// A fact's text.
#[cfg(test)]
fn text(f: &Fact) -> String {
    f.iter().map(|(_, t)| t.as_str()).collect()
}

/// The facts, in the order the remark gives them.
pub fn explain(x: &Subject<'_>) -> Vec<Fact> {
    let mut facts = Vec::new();
    let tile_dims: HashSet<usize> = x.schedule.bands.iter().filter(|b| b.tile_sizes.is_some()).flat_map(|b| b.start..b.start + b.len).collect();
    for band in &x.schedule.bands {
        let Some(sizes) = &band.tile_sizes else { continue };
        let names: Vec<String> = (band.start..band.start + band.len).map(|d| dim_name(x, d).unwrap_or_else(|| "-".into())).collect();
        let sizes: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        facts.push(vec![
            (None, "tiled ".into()),
            (Some("TiledLoops"), names.join(", ")),
            (None, " by ".into()),
            (Some("TileSizes"), sizes.join("x")),
        ]);
        if band.runs_by_wavefronts() {
            let shape = if band.concurrent_start { " (concurrent-start diamond tiles)" } else { "" };
            facts.push(fact("Wavefront", format!("tiles of {} run by wavefronts{shape}", names.join(", "))));
        }
    }
    if !tile_dims.is_empty() && x.full_tiles_separated {
        facts.push(fact("FullTiles", "full tiles separated".into()));
    }
    for band in x.schedule.bands.iter().filter(|b| b.jam.is_some() && b.start > 0 && x.jammed_rows.contains(&(b.start - 1))) {
        let (Some(u), Some(row), Some(outer)) = (band.jam, dim_name(x, band.start), dim_name(x, band.start - 1)) else { continue };
        let tiles = if x.full_tiles_separated { "full tiles" } else { "every tile" };
        facts.push(fact("Jam", format!("{u} iterations of {outer} at a time along {row} in {tiles} (unroll-and-jam)")));
    }
    for (outer, inner, u, stmts) in x.row_jams {
        let name = |d: usize| dim_name_for(x, d, &mut stmts.iter().map(|s| s.index()));
        let (Some(outer), Some(inner)) = (name(*outer), name(*inner)) else { continue };
        facts.push(fact("Jam", format!("{u} iterations of {outer} at a time along {inner}, each with its own running values (unroll-and-jam)")));
    }
    // The order of each statement's counters along its point loops (a row
    // with a floor division is a loop over blocks of a counter, not a
    // point loop: the column panels of a matrix product in BLIS blocks).
    let mut orders = BTreeSet::new();
    for s in 0..x.counters.len() {
        let mut order = Vec::new();
        let point = |d: &usize| x.schedule.dims[*d].kind == RowKind::Loop && !tile_dims.contains(d) && x.schedule.stmts[s][*d].div == 1;
        for d in (0..x.schedule.dims.len()).filter(point) {
            if let [(c, 1)] = terms(x, s, d).as_slice() {
                order.push(*c);
            }
        }
        if order.windows(2).any(|w| w[0] > w[1]) {
            orders.insert(order.iter().map(|&c| x.counters[s][c].clone()).collect::<Vec<_>>().join(", "));
        }
    }
    if !orders.is_empty() {
        facts.push(vec![(None, "order ".into()), (Some("Order"), orders.into_iter().collect::<Vec<_>>().join("; ")), (None, " (interchanged)".into())]);
    }
    let skewed: BTreeSet<String> = (0..x.schedule.dims.len())
        .filter(|&d| x.schedule.dims[d].kind == RowKind::Loop && !tile_dims.contains(&d))
        .filter(|&d| (0..x.counters.len()).any(|s| terms(x, s, d).len() > 1))
        .filter_map(|d| dim_name(x, d))
        .collect();
    if !skewed.is_empty() {
        facts.push(vec![(None, "skewed: ".into()), (Some("Skewed"), skewed.into_iter().collect::<Vec<_>>().join(", "))]);
    }
    let (fused, distributed) = fusion(x, &tile_dims);
    if !fused.is_empty() {
        facts.push(vec![(None, "fused ".into()), (Some("Fused"), fused.join("; "))]);
    }
    if !distributed.is_empty() {
        facts.push(vec![(None, "distributed ".into()), (Some("Distributed"), distributed.join("; "))]);
    }
    let labels = |dims: &BTreeSet<usize>| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for &d in dims {
            let Some(name) = dim_name(x, d) else { continue };
            let label = if tile_dims.contains(&d) { format!("tiles of {name}") } else { name };
            if !out.contains(&label) {
                out.push(label);
            }
        }
        out
    };
    let threaded = labels(x.openmp_dims);
    if !threaded.is_empty() {
        facts.push(vec![(Some("OpenMPLoop"), threaded.join(", ")), (None, " on OpenMP threads".into())]);
    }
    let vectorized = labels(x.vectorized_dims);
    if !vectorized.is_empty() {
        facts.push(vec![(Some("VectorizedLoop"), vectorized.join(", ")), (None, " vectorized".into())]);
    }
    facts
}

/// The non-zero counter coefficients of statement `s`'s row `d`.
fn terms(x: &Subject<'_>, s: usize, d: usize) -> Vec<(usize, i64)> {
    let Some(row) = x.schedule.stmts.get(s).and_then(|rows| rows.get(d)) else { return vec![] };
    let n = x.counters[s].len();
    (0..n).filter_map(|c| row.coeffs.get(x.params + c).copied().filter(|&v| v != 0).map(|v| (c, v))).collect()
}

/// The name of dimension `d`: its row's counters (`i`, `t+i`, `2*i-j`),
/// the distinct forms over the statements joined by `/`; `None` when no
/// statement's row there has a counter.
fn dim_name(x: &Subject<'_>, d: usize) -> Option<String> {
    dim_name_for(x, d, &mut (0..x.counters.len()))
}

/// [`dim_name`] over statements `stmts` only.
fn dim_name_for(x: &Subject<'_>, d: usize, stmts: &mut dyn Iterator<Item = usize>) -> Option<String> {
    let mut forms: Vec<String> = Vec::new();
    for s in stmts {
        let t = terms(x, s, d);
        if t.is_empty() {
            continue;
        }
        let mut form = String::new();
        for (k, &(c, v)) in t.iter().enumerate() {
            let name = &x.counters[s][c];
            form += &match (k, v) {
                (0, 1) => name.clone(),
                (0, -1) => format!("-{name}"),
                (0, v) => format!("{v}*{name}"),
                (_, 1) => format!("+{name}"),
                (_, -1) => format!("-{name}"),
                (_, v) if v > 0 => format!("+{v}*{name}"),
                (_, v) => format!("{v}*{name}"),
            };
        }
        if !forms.contains(&form) {
            forms.push(form);
        }
    }
    (!forms.is_empty()).then(|| forms.join("/"))
}

/// Statement groups the schedule put in more shared loops than the source
/// had (fused) and in fewer (distributed), as text.
fn fusion(x: &Subject<'_>, tile_dims: &HashSet<usize>) -> (Vec<String>, Vec<String>) {
    let n = x.counters.len();
    let mut fused = UnionFind::new(n);
    let mut split = UnionFind::new(n);
    for s in 0..n {
        for t in s + 1..n {
            let before = x.loops[s].iter().zip(&x.loops[t]).take_while(|(a, b)| a == b).count();
            // Loops shared now: point (or untiled) dimensions before the
            // first scalar row that separates the two, where both rows
            // move with a counter.
            let mut after = 0;
            for d in 0..x.schedule.dims.len() {
                if !x.schedule.same_side(StmtId::at(s), StmtId::at(t), d + 1) {
                    break;
                }
                let loop_dim = x.schedule.dims[d].kind == RowKind::Loop && !tile_dims.contains(&d);
                if loop_dim && !terms(x, s, d).is_empty() && !terms(x, t, d).is_empty() {
                    after += 1;
                }
            }
            if after > before {
                fused.join(s, t);
            } else if after < before {
                split.join(s, t);
            }
        }
    }
    (fused.groups(&x.labels), split.groups(&x.labels))
}

/// Groups of statements linked by pairs.
struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }

    fn find(&mut self, a: usize) -> usize {
        let mut r = a;
        while self.0[r] != r {
            r = self.0[r];
        }
        self.0[a] = r;
        r
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }

    /// Each group of two or more, as `S0, S1 and S2`.
    fn groups(&mut self, labels: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        for root in 0..self.0.len() {
            let members: Vec<&str> = (0..self.0.len()).filter(|&s| self.find(s) == root).map(|s| labels[s].as_str()).collect();
            if let [first @ .., last] = members.as_slice() {
                if !first.is_empty() {
                    out.push(format!("{} and {last}", first.join(", ")));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::schedule::{Band, DimInfo, SchedRow};

    fn counters(ids: &[u32]) -> Vec<crate::scop::affine::Counter> {
        ids.iter().map(|&l| crate::scop::affine::Counter::Loop(crate::ir::LoopId(l))).collect()
    }

    fn row(coeffs: &[i64], div: i64) -> SchedRow {
        SchedRow { coeffs: coeffs.to_vec(), div }
    }

    fn loop_dims(n: usize) -> Vec<DimInfo> {
        (0..n).map(|_| DimInfo::marked(RowKind::Loop, true, false)).collect()
    }

    /// The one statement `S0` of a matrix product over `[n | i j k | 1]`.
    fn product<'a>(schedule: &'a Schedule, full_tiles_separated: bool, openmp_dims: &'a BTreeSet<usize>, vectorized_dims: &'a BTreeSet<usize>) -> Subject<'a> {
        Subject {
            schedule,
            params: 1,
            counters: vec![vec!["i".into(), "j".into(), "k".into()]],
            loops: vec![counters(&[0, 1, 2])],
            labels: vec!["S0".into()],
            full_tiles_separated,
            openmp_dims,
            vectorized_dims,
            row_jams: &NO_JAMS,
            jammed_rows: &NO_ROWS,
        }
    }

    static NO_JAMS: BTreeSet<crate::ast::RowJam> = BTreeSet::new();
    static NO_ROWS: BTreeSet<usize> = BTreeSet::new();

    /// A matrix product tiled 8x1840x8 with its points in i, k, j order
    /// (what the scheduler gives a VLA `C[i][j] += A[i][k] * B[k][j]`).
    #[test]
    fn tiled_interchanged_product() {
        // Columns: [n | i j k | 1].
        let rows = vec![
            row(&[0, 1, 0, 0, 0], 8),
            row(&[0, 0, 1, 0, 0], 1840),
            row(&[0, 0, 0, 1, 0], 8),
            row(&[0, 1, 0, 0, 0], 1),
            row(&[0, 0, 0, 1, 0], 1),
            row(&[0, 0, 1, 0, 0], 1),
        ];
        let mut band = Band::untiled(0, 3);
        band.tile_sizes = Some(vec![8, 1840, 8]);
        let schedule = Schedule { stmts: vec![rows], dims: loop_dims(6), bands: vec![band, Band::untiled(3, 3)] };
        let openmp = BTreeSet::from([0]);
        let vector = BTreeSet::from([5]);
        let x = product(&schedule, true, &openmp, &vector);
        let text: Vec<String> = explain(&x).iter().map(text).collect();
        assert_eq!(
            text,
            ["tiled i, j, k by 8x1840x8", "full tiles separated", "order i, k, j (interchanged)", "tiles of i on OpenMP threads", "j vectorized"]
        );
    }

    /// A matrix product in BLIS blocks: its rows are the column panels
    /// `floor(j/NC)`, then i, j, k. The panel row is no point loop, so the
    /// source order i, j, k is not called an interchange.
    #[test]
    fn column_panels_are_no_interchange() {
        let rows = vec![row(&[0, 0, 1, 0, 0], 264), row(&[0, 1, 0, 0, 0], 1), row(&[0, 0, 1, 0, 0], 1), row(&[0, 0, 0, 1, 0], 1)];
        let schedule = Schedule { stmts: vec![rows], dims: loop_dims(4), bands: vec![] };
        let none = BTreeSet::new();
        let x = product(&schedule, false, &none, &none);
        assert!(explain(&x).iter().map(text).all(|t| !t.contains("interchanged")), "{:?}", explain(&x).iter().map(text).collect::<Vec<_>>());
    }

    /// Two statements of separate loops now in one loop, and a skewed
    /// time loop: `fused`, `skewed: t+i`.
    #[test]
    fn fused_and_skewed() {
        // Columns: [| t i | 1] for S0 (loops 0, 1) and S1 (loops 0, 2).
        let s0 = vec![row(&[1, 0, 0], 1), row(&[1, 1, 0], 1), row(&[0, 0, 0], 1)];
        let s1 = vec![row(&[1, 0, 0], 1), row(&[1, 1, 1], 1), row(&[0, 0, 1], 1)];
        let mut dims = loop_dims(3);
        dims[2] = DimInfo::marked(RowKind::Scalar, false, false);
        let schedule = Schedule { stmts: vec![s0, s1], dims, bands: vec![Band::untiled(0, 2)] };
        let none = BTreeSet::new();
        let x = Subject {
            schedule: &schedule,
            params: 0,
            counters: vec![vec!["t".into(), "i".into()], vec!["t".into(), "j".into()]],
            loops: vec![counters(&[0, 1]), counters(&[0, 2])],
            labels: vec!["S0 (line 3)".into(), "S1 (line 5)".into()],
            full_tiles_separated: true,
            openmp_dims: &none,
            vectorized_dims: &none,
            row_jams: &NO_JAMS,
            jammed_rows: &NO_ROWS,
        };
        let facts = explain(&x);
        assert_eq!(facts.iter().map(text).collect::<Vec<_>>(), ["skewed: t+i/t+j", "fused S0 (line 3) and S1 (line 5)"]);
        assert_eq!(facts[1][1], (Some("Fused"), "S0 (line 3) and S1 (line 5)".to_string()));
    }
}
