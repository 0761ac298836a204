//! Iteration domains: every block's, from the region's forward edges and
//! loop bounds, the bounds of the loops around the region, and the
//! conditions that hold on entry to it.

use super::*;

/// Upper bounds of the enclosing loops whose counters are parameters of
/// the region (`o0 <= n - 1` for a region inside `for (i < n)`): the
/// region runs within one of their iterations. A bound that needs a
/// parameter the region does not use is left out (it would only grow the
/// parameter space); range facts its narrow arithmetic needs become
/// obligations of the region.
pub(super) fn enclosing_bounds(view: &FunctionView, env: &mut Env<'_>, obligations: &mut Vec<Obligation>) -> Vec<Constraint> {
    let mut out = Vec::new();
    let outer: Vec<LoopId> = env.outer.iter().copied().collect();
    for l in outer {
        let mut found = Found::default();
        let bound = conditions::upper_bound(&view.loop_(l).backedge_taken, Sym::loop_counter(l), env, &mut found);
        let grew = !found.params.is_subset(&env.params) || !found.outer.is_subset(&env.outer);
        if let (Ok(d), false) = (bound, grew) {
            // Nothing new to keep but the ranges (a parity of enclosing
            // counters alone is no pseudo-loop).
            let ranges = env.keep(found);
            if d.len() == 1 && env.take_ranges(ranges, &vec![vec![]], obligations).is_ok() {
                out.extend(d[0].iter().cloned());
            }
        }
    }
    out
}

/// The blocks every entry of the region passes last, nearest first: the
/// block entering its header, then each one's single predecessor, or for
/// the header of an enclosing loop its preheader (at most 32). Values
/// defined there dominate the region (a quotient computed before the
/// outer loop of a nest is on the chain of its inner loop too).
pub(super) fn entry_chain(view: &FunctionView, region: &HashSet<BlockId>, root: LoopId) -> Vec<BlockId> {
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::default();
    for (i, b) in view.blocks.iter().enumerate() {
        for s in b.successors() {
            preds.entry(s).or_default().push(BlockId(i as u32));
        }
    }
    let outside = |b: &BlockId| !region.contains(b);
    let entering: Vec<BlockId> = preds.get(&view.loop_(root).header).map(|v| v.iter().copied().filter(outside).collect()).unwrap_or_default();
    let [mut cur] = entering.as_slice() else { return vec![] };
    let mut chain = vec![cur];
    for _ in 0..32 {
        let q = match preds.get(&cur).map(|v| v.as_slice()) {
            Some([q]) => *q,
            _ => match view.loops.iter().find(|l| l.header == cur).and_then(|l| l.preheader) {
                Some(p) => p,
                None => break,
            },
        };
        chain.push(q);
        cur = q;
    }
    chain
}

/// Conditions on the parameters that hold whenever the region is entered:
/// the branches on the chain of single predecessors leading to it (-O3
/// hoists loop guards such as `n > 0` out of the nest).
pub(super) fn entry_conditions(view: &FunctionView, region: &HashSet<BlockId>, root: LoopId, params: &[Param]) -> Vec<Constraint> {
    let env = Env::new(view, region.clone(), HashSet::default(), root, vec![]);
    let known: HashSet<Sym> = params.iter().map(|p| p.sym).collect();
    let mut out = Vec::new();
    for pair in entry_chain(view, region, root).windows(2) {
        let (cur, q) = (pair[0], &pair[1]);
        if let Terminator::CondBr { cond, then_, else_ } = &view.block(*q).term {
            if then_ != else_ {
                let mut found = Found::default();
                let dnf = conditions::condition(view, &env, *cond, *else_ == cur, &mut found);
                let unsigned = !found.ranges.is_empty();
                if let (Ok(d), false) = (dnf, unsigned) {
                    if let [conj] = d.as_slice() {
                        out.extend(conj.iter().filter(|c| c.expr.syms().all(|s| known.contains(&s))).cloned());
                    }
                }
            }
        }
    }
    out
}

/// SCEV's trip count is an unsigned number of `bits` bits, which the model
/// reads as a plain integer: each piece `e` of the bound `k <= e` must lie
/// below 2^(bits-1), where the number and its bits agree (and signed and
/// unsigned comparisons between pieces too). An obligation over the domain
/// where the loop is entered: proved from the parameters' types in the
/// common case (`n - 1` of a 32-bit `n`), checked at run time otherwise.
/// Bounds of another shape (`d·(k - a) <= x`) have facts of their own.
/// Counts of 64 bits are left as they are: the model's arithmetic is 64-bit
/// itself, and a count past 2^63 would have no room to run.
pub(super) fn count_fits_its_width(bits: u32, bound: &Dnf, k: Sym, entry: &Dnf, obligations: &mut Vec<Obligation>) -> Result<(), Reason> {
    if !(1..=32).contains(&bits) {
        return Ok(());
    }
    let hi = (1i128 << (bits - 1)) - 1;
    let overflow = || Reason::Overflow("trip count's range".into());
    // A piece shared by several conjunctions (a minimum under a maximum)
    // needs one obligation.
    let mut seen = HashSet::default();
    for c in bound.iter().flatten() {
        if c.is_eq || c.expr.coeffs.get(&k) != Some(&-1) || !seen.insert(c) {
            continue;
        }
        let mut e = c.expr.clone();
        e.coeffs.remove(&k);
        let fact = Constraint::ge0(e.scale(-1).and_then(|x| x.add_const(hi)).map_err(|_| overflow())?);
        obligations.push(Obligation { domain: entry.clone(), fact: Fact::Affine(fact), what: NARROW, fallback: None });
    }
    Ok(())
}

/// Iteration domains of every block of the region, walking the forward
/// edges in topological order.
pub(super) fn block_domains(
    view: &FunctionView,
    env: &mut Env<'_>,
    root: LoopId,
    order: &[BlockId],
    obligations: &mut Vec<Obligation>,
    edges: &mut HashMap<(BlockId, BlockId), Dnf>,
) -> Result<HashMap<BlockId, Dnf>, Reason> {
    let header_of: HashMap<BlockId, LoopId> = env.loops.iter().map(|&l| (view.loop_(l).header, l)).collect();
    let mut incoming: HashMap<BlockId, Dnf> = HashMap::default();
    let mut domains: HashMap<BlockId, Dnf> = HashMap::default();
    // Per loop, the domain of the edges entering its header: the loop is
    // left once per entry, so that is also the domain of its exit edge.
    let mut entry_domain: HashMap<LoopId, Dnf> = HashMap::default();
    for &b in order {
        let mut dom = if b == view.loop_(root).header { vec![vec![]] } else { dnf_coalesce(incoming.remove(&b).unwrap_or_default()) };
        if let Some(&l) = header_of.get(&b) {
            let k = Sym::loop_counter(l);
            let btc = &view.loop_(l).backedge_taken;
            // `k <= btc` for the counter counted from 0.
            let mut found = Found::default();
            let bound = conditions::upper_bound(btc, k, env, &mut found)?;
            // The loop runs at least once when entered: its first iteration
            // (k = 0) is within the bound.
            let at_zero = |c: &Constraint| {
                let mut e = c.expr.clone();
                e.coeffs.remove(&k);
                Constraint::ge0(e)
            };
            let ub_nonneg: Dnf = bound.iter().map(|conj| conj.iter().map(at_zero).collect()).collect();
            // `smax(n, 1) - 1` has the piece 0: the trip count is >= 1 whatever n is.
            let always_runs = ub_nonneg.iter().any(|conj| conj.iter().all(|c| c.expr.is_constant() && c.expr.constant >= 0 && !c.is_eq));
            // A loop counted from its start s runs from s to s + btc.
            let origin = match env.origins.get(&l) {
                Some((start, _)) => {
                    let s = conditions::bound_pieces(start, env, &mut found)?;
                    let end = conditions::bound_pieces(&conditions::sum_cancelling(start, btc), env, &mut found)?;
                    Some((s, end))
                }
                None => None,
            };
            // The bound and the start are evaluated when the loop is
            // entered: the range facts their narrow arithmetic needs
            // (`t & 7` read as `t` when 0 <= t <= 7) must hold on the
            // domain of that entry, not only on the iterations the bound
            // itself lets through (`k <= 6 - t` holds no point with t > 7,
            // so proving the fact there would be circular).
            let ranges = env.keep(found);
            env.take_ranges(ranges, &dom, obligations)?;
            count_fits_its_width(view.loop_(l).backedge_bits, &bound, k, &dom, obligations)?;
            // The loop runs at least once when entered, the root too: SCEV's
            // count is an unsigned number of its width, which the model
            // reads as a signed one (a 16-bit counter from -32767 down to 0
            // has the count `c - 1`, negative as a signed number, yet runs
            // 32769 times). That the model's count is not negative is thus
            // an obligation, proved from the conditions that guard the
            // region or checked at run time, never a fact of the context.
            if !always_runs {
                let what = if l == root { "loop runs when entered" } else { "inner loop runs when entered" };
                let never = match (&origin, ub_nonneg.as_slice()) {
                    (None, [conj]) => {
                        for c in conj {
                            obligations.push(Obligation { domain: dom.clone(), fact: Fact::Affine(c.clone()), what, fallback: None });
                        }
                        None
                    }
                    // Its end is never below its start.
                    (Some((s, end)), _) => Some(conditions::pieces_less(end, s, true)?),
                    (None, _) => Some(conditions::negate_dnf(&ub_nonneg)?),
                };
                if let Some(never) = never {
                    obligations.push(Obligation { domain: dom.clone(), fact: Fact::Never(never), what, fallback: None });
                }
            }
            let (lower, bound) = match origin {
                None => (vec![vec![Constraint::ge0(AffExpr::sym(k))]], bound),
                Some((s, end)) => {
                    let kk = [vec![AffExpr::sym(k)]];
                    (conditions::pieces_less(&s, &kk, false)?, conditions::pieces_less(&kk, &end, false)?)
                }
            };
            entry_domain.insert(l, dom.clone());
            dom = env.with_pseudo_ranges(dnf_and(&dnf_and(&dom, &lower), &bound));
        }
        if dom.len() > MAX_DISJUNCTS {
            return Err(Reason::NonAffineCondition("too many paths".into()));
        }
        let block = view.block(b);
        let latch_of = env.loops.iter().copied().find(|&l| view.loop_(l).latch == Some(b));
        // Both sides of a branch that is no latch, with the range facts of
        // its condition on the block's domain.
        let sides = match &block.term {
            Terminator::CondBr { cond, .. } if latch_of.is_none() => {
                let mut found = Found::default();
                let t = conditions::condition(view, env, *cond, false, &mut found)?;
                let e = conditions::condition(view, env, *cond, true, &mut found)?;
                let ranges = env.keep(found);
                let sides = (env.with_pseudo_ranges(dnf_and(&dom, &t)), env.with_pseudo_ranges(dnf_and(&dom, &e)));
                env.take_ranges(ranges, &dom, obligations)?;
                Some(sides)
            }
            _ => None,
        };
        let mut flow = |to: BlockId, d: Dnf| {
            if env.blocks.contains(&to) {
                edges.entry((b, to)).or_default().extend(d.iter().cloned());
                incoming.entry(to).or_default().extend(d);
            }
        };
        match &block.term {
            Terminator::Br(to) => {
                if !cfg::is_back_edge(view, b, *to) {
                    flow(*to, dom.clone());
                }
            }
            Terminator::CondBr { then_, else_, .. } => match (latch_of, sides) {
                // The exit edge is taken once per entry of the loop.
                (Some(l), _) => flow(view.loop_(l).exits[0], entry_domain.get(&l).cloned().unwrap_or_default()),
                (None, Some((t, e))) => {
                    flow(*then_, t);
                    flow(*else_, e);
                }
                // Computed above for every branch that is no latch.
                (None, None) => {}
            },
            Terminator::Ret | Terminator::Other { .. } => {}
        }
        domains.insert(b, dom);
    }
    Ok(domains)
}
