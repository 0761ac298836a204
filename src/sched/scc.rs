//! Strongly connected components of the dependence graph and the
//! distribution ("cut") choices of the fusion policies.
//!
//! Running example: `S0 -> S1 -> S2` (flow) with `S1 -> S1`: three SCCs
//! `{S0}, {S1}, {S2}` in topological order. A cut gives each statement the
//! number of its group in a new scalar dimension, so every dependence
//! between groups goes forward (it is satisfied there) and the groups
//! become separate loop nests from then on. Ties in the topological order
//! keep the original statement order.

/// The SCCs of the graph on `n` nodes, in a topological order (ties: the
/// SCC with the smallest statement first); each SCC sorted.
pub fn sccs(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut reach = vec![vec![false; n]; n];
    for (i, r) in reach.iter_mut().enumerate() {
        r[i] = true;
    }
    for &(a, b) in edges {
        if a < n && b < n {
            reach[a][b] = true;
        }
    }
    for k in 0..n {
        for i in 0..n {
            if reach[i][k] {
                for j in 0..n {
                    if reach[k][j] {
                        reach[i][j] = true;
                    }
                }
            }
        }
    }
    let mut comp: Vec<Vec<usize>> = vec![];
    let mut seen = vec![false; n];
    for i in 0..n {
        if seen[i] {
            continue;
        }
        let c: Vec<usize> = (i..n).filter(|&j| reach[i][j] && reach[j][i]).collect();
        c.iter().for_each(|&j| seen[j] = true);
        comp.push(c);
    }
    // Kahn on the condensation, smallest first statement among the ready.
    let mut order = vec![];
    let mut done = vec![false; comp.len()];
    while order.len() < comp.len() {
        let ready = (0..comp.len()).find(|&c| {
            !done[c] && (0..comp.len()).all(|d| done[d] || d == c || !reach[comp[d][0]][comp[c][0]])
        });
        // The condensation is acyclic, so some SCC is always ready.
        let Some(c) = ready else { break };
        done[c] = true;
        order.push(comp[c].clone());
    }
    order
}

/// Group number per statement when every SCC becomes its own group.
pub fn cut_all(n: usize, sccs: &[Vec<usize>]) -> Vec<i64> {
    let mut g = vec![0; n];
    for (k, c) in sccs.iter().enumerate() {
        c.iter().for_each(|&s| g[s] = k as i64);
    }
    g
}

/// Pluto's smart fuse: consecutive SCCs with the same dimensionality stay
/// together; a cut separates SCCs of different dimensionality. Falls back
/// to [`cut_all`] when that separates nothing.
pub fn cut_by_dimension(n: usize, sccs: &[Vec<usize>], dims: &[usize]) -> Vec<i64> {
    let mut g = vec![0; n];
    let mut group = 0;
    let mut prev: Option<usize> = None;
    for c in sccs {
        let d = c.iter().map(|&s| dims[s]).max().unwrap_or(0);
        if prev.is_some_and(|p| p != d) {
            group += 1;
        }
        prev = Some(d);
        c.iter().for_each(|&s| g[s] = group);
    }
    if group == 0 {
        cut_all(n, sccs)
    } else {
        g
    }
}

/// Maximal fusion: split off only the first SCC.
pub fn cut_first(n: usize, sccs: &[Vec<usize>]) -> Vec<i64> {
    let mut g = vec![1; n];
    if let Some(c) = sccs.first() {
        c.iter().for_each(|&s| g[s] = 0);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_and_cycle() {
        let s = sccs(3, &[(0, 1), (1, 2), (1, 1)]);
        assert_eq!(s, vec![vec![0], vec![1], vec![2]]);
        let s = sccs(3, &[(2, 0), (0, 2)]);
        assert_eq!(s, vec![vec![0, 2], vec![1]]);
        let s = sccs(3, &[(2, 1)]);
        assert_eq!(s, vec![vec![0], vec![2], vec![1]]);
        assert_eq!(cut_by_dimension(3, &[vec![0], vec![1], vec![2]], &[2, 3, 2]), vec![0, 1, 2]);
        assert_eq!(cut_by_dimension(2, &[vec![0], vec![1]], &[2, 2]), vec![0, 1]);
        assert_eq!(cut_first(3, &[vec![0], vec![1], vec![2]]), vec![0, 1, 1]);
    }
}
