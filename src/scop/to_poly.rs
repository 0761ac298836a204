//! Converting the model's constraint lists into `poly` sets and relations,
//! and proving the obligations detection collected.

use super::affine::{AffExpr, Constraint, Dnf, Sym};
use super::build::{Fact, Fallback, Obligation, NARROW};
use super::conditions::affine_to_poly;
use super::model::{CounterBox, Model, ParamBound, RangeCheck, Statement};
use super::polynomial::Polynomial;
use super::ranges::settled;
use super::reason::Reason;
use std::collections::BTreeSet;
use crate::poly::space::{Space, Tuple};
use crate::poly::{BasicSet, PolyError, Set};

/// Column order of a statement's sets: parameters, then its counters.
pub struct Columns {
    pub params: Vec<Sym>,
    pub dims: Vec<Sym>,
}

impl Columns {
    pub fn of(model: &Model, stmt: &Statement) -> Columns {
        Columns {
            params: model.params.iter().map(|p| p.sym).collect(),
            dims: stmt.loops.iter().map(|&l| Sym::Counter(l)).collect(),
        }
    }

    /// `e` as a row over `[params | dims | const]`.
    pub fn row(&self, e: &AffExpr) -> Result<Vec<i64>, Reason> {
        let mut r = vec![0i64; self.params.len() + self.dims.len() + 1];
        for (&s, &c) in &e.coeffs {
            let col = self
                .params
                .iter()
                .chain(&self.dims)
                .position(|x| *x == s)
                .ok_or_else(|| Reason::NonAffineSubscript("symbol outside the statement's space".into()))?;
            r[col] = to_i64(c)?;
        }
        *r.last_mut().expect("non-empty") = to_i64(e.constant)?;
        Ok(r)
    }

    pub fn basic_set(&self, space: &Space, conj: &[Constraint]) -> Result<BasicSet, Reason> {
        let mut eqs = Vec::new();
        let mut ineqs = Vec::new();
        for c in conj {
            let r = self.row(&c.expr)?;
            if c.is_eq {
                eqs.push(r)
            } else {
                ineqs.push(r)
            }
        }
        BasicSet::from_constraints(space.clone(), eqs, ineqs).map_err(poly_reason)
    }

    pub fn set(&self, space: &Space, dnf: &Dnf) -> Result<Set, Reason> {
        let parts = dnf.iter().map(|conj| self.basic_set(space, conj)).collect::<Result<Vec<_>, _>>()?;
        Set::from_parts(space.clone(), parts).map_err(poly_reason)
    }
}

fn to_i64(v: i128) -> Result<i64, Reason> {
    i64::try_from(v).map_err(|_| Reason::Overflow("coefficient does not fit in 64 bits".into()))
}

pub fn poly_reason(e: PolyError) -> Reason {
    match e {
        PolyError::Budget => Reason::Budget("polyhedral solver budget exhausted".into()),
        other => Reason::Overflow(other.to_string()),
    }
}

/// The parameter space shared by a statement's sets, with the statement's
/// name and counter names.
pub fn statement_space(model: &Model, stmt: &Statement) -> Space {
    let params: Vec<String> = model.params.iter().map(|p| p.name.clone()).collect();
    let dims: Vec<String> = stmt.loops.iter().map(|&l| model.sym_name(Sym::Counter(l))).collect();
    Space {
        params,
        input: None,
        output: Tuple { name: Some(stmt.name.clone()), dims },
    }
}

/// Type ranges of parameters narrower than 64 bits (wider ones would only
/// strain the solver's arithmetic; leaving them out is conservative).
pub fn param_ranges(model: &Model) -> Vec<Constraint> {
    let mut out = Vec::new();
    for p in &model.params {
        if p.bits < 64 {
            let v = AffExpr::sym(p.sym);
            let lo = -(1i128 << (p.bits - 1));
            let hi = (1i128 << (p.bits - 1)) - 1;
            out.push(Constraint::ge0(v.add_const(-lo).expect("small")));
            out.push(Constraint::ge0(v.scale(-1).expect("small").add_const(hi).expect("small")));
        }
    }
    out
}

/// Proves every obligation: `domain ∧ context ∧ ¬fact` has no integer
/// point. A fact on parameters alone that cannot be proved becomes an
/// assumption of the model (checked at run time before the optimized code
/// runs); with `assume_on_counters`, so does one on counters when a single
/// condition on the parameters makes it hold (see
/// [`parameter_condition`]); any other unproved fact rejects the region.
/// On failure, also names what the region's model could do differently
/// (see [`Fallback`]): for every unproved obligation that has a fallback,
/// not only the first. Each try of a region builds and proves its whole
/// model again, so a region whose accesses each need their other split
/// (a loop unrolled by 4, its four accesses `A[4i+k]` delinearized) would
/// otherwise take one try per access (opus's celt/vq.c: 14 tries of one
/// nest). The reason is the first failure's. A failure with no fallback
/// (the region cannot be modelled as it is) or out of budget ends the
/// proof at once, with the fallbacks found before it.
pub fn prove(model: &mut Model, obligations: &[Obligation], assume_on_counters: bool) -> Result<(), (Reason, Vec<Fallback>)> {
    let mut assumed = model.context.clone();
    assumed.extend(param_ranges(model));
    // Obligations mention the region's counters: give every loop a column.
    let cols = Columns {
        params: model.params.iter().map(|p| p.sym).collect(),
        dims: model.loops.iter().map(|l| Sym::Counter(l.id)).collect(),
    };
    let space = Space::set(
        &model.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        None,
        &model.loops.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
    );
    let mut failed: Option<(Reason, Vec<Fallback>)> = None;
    for o in obligations {
        let Err((reason, fallback)) = prove_one(model, o, assume_on_counters, &assumed, &cols, &space) else { continue };
        let stop = fallback.is_none() || matches!(reason, Reason::Budget(_));
        let (_, fallbacks) = failed.get_or_insert_with(|| (reason, vec![]));
        fallbacks.extend(fallback);
        if stop {
            break;
        }
    }
    failed.map_or(Ok(()), Err)
}

/// [`prove`] for one obligation: its failure, and the obligation's
/// fallback.
fn prove_one(model: &mut Model, o: &Obligation, assume_on_counters: bool, assumed: &[Constraint], cols: &Columns, space: &Space) -> Result<(), (Reason, Option<Fallback>)> {
    let blame = |r: Reason| (r, o.fallback);
    let check_range = |model: &mut Model, poly: &Polynomial, lo: i128, hi: Option<i128>| -> Result<(), (Reason, Option<Fallback>)> {
        let mut context = assumed.to_vec();
        context.extend(model.assumptions.iter().cloned());
        if let Some(check) = range_check(cols, space, &context, &o.domain, poly, lo, hi).map_err(blame)? {
            match settled(&check) {
                Some(true) => {}
                Some(false) => return Err(blame(wraps())),
                None if model.range_checks.contains(&check) => {}
                None => model.range_checks.push(check),
            }
        }
        Ok(())
    };
    let fact = match &o.fact {
        Fact::Affine(c) => c,
        Fact::Range { poly, lo, hi } => {
            check_range(model, poly, *lo, *hi)?;
            return Ok(());
        }
        Fact::Never(never) => {
            for conj in &o.domain {
                for n in never {
                    let mut all: Vec<Constraint> = conj.iter().chain(assumed).chain(&model.assumptions).chain(n).cloned().collect();
                    all.dedup();
                    if !cols.basic_set(space, &all).map_err(blame)?.is_empty().map_err(|e| blame(poly_reason(e)))? {
                        let mut text = String::new();
                        for (i, c) in n.iter().enumerate() {
                            text += if i > 0 { " and " } else { "not " };
                            let _ = c.fmt_with(&mut text, &|s| model.sym_name(s));
                        }
                        return Err(blame(unproven(o.what, &text)));
                    }
                }
            }
            return Ok(());
        }
    };
    let negated = Constraint::ge0(fact.expr.scale(-1).and_then(|e| e.add_const(-1)).map_err(|_| blame(overflow()))?);
    for conj in &o.domain {
        let mut all: Vec<Constraint> = conj.clone();
        all.extend(assumed.iter().cloned());
        all.push(negated.clone());
        all.extend(model.assumptions.iter().cloned());
        let set = cols.basic_set(space, &all).map_err(blame)?;
        if set.is_empty().map_err(|e| blame(poly_reason(e)))? {
            continue;
        }
        // A fact on parameters becomes an assumption, unless no parameter
        // values satisfy it (a constant fact such as -1 >= 0, from a
        // split of a subscript that is simply wrong): then the region
        // would never run its new code, and another split may be right.
        if fact.expr.syms().all(|s| matches!(s, Sym::Param(_))) {
            let mut feasible: Vec<Constraint> = assumed.iter().chain(&model.assumptions).cloned().collect();
            feasible.push(fact.clone());
            if !cols.basic_set(space, &feasible).map_err(blame)?.is_empty().map_err(|e| blame(poly_reason(e)))? {
                model.assumptions.push(fact.clone());
                continue;
            }
        }
        if assume_on_counters && !fact.is_eq {
            let mut base: Vec<Constraint> = conj.clone();
            base.extend(assumed.iter().chain(&model.assumptions).cloned());
            if let Some(c) = parameter_condition(cols, space, &set, &base).map_err(blame)? {
                model.assumptions.push(c);
                continue;
            }
        }
        // Narrow arithmetic on counters that may wrap for some
        // parameters (`j < i + w` in 32 bits) is checked at run time
        // instead, over the box of the counters, unless the model can
        // be built another way.
        // (A fact on counters alone, `-i >= 0`, could only hold on a
        // trivial box: the region is rejected instead.)
        if o.what == NARROW && !fact.is_eq && o.fallback.is_none() && fact.expr.syms().any(|s| matches!(s, Sym::Param(_))) {
            check_range(model, &affine_to_poly(&fact.expr), 0, None)?;
            break;
        }
        let mut text = String::new();
        let _ = fact.fmt_with(&mut text, &|s| model.sym_name(s));
        return Err(blame(unproven(o.what, &text)));
    }
    Ok(())
}

/// A condition on the parameters alone that excludes every point of `bad`
/// (a domain with a fact negated): the negation of the one constraint of
/// `bad`'s shadow on the parameters that the domain itself (`base`) does
/// not imply. `T[p][j]` for `j` from `p + 1` to `n - 1` needs `j >= 0`: the
/// shadow of the points that break it is `p <= -2 ∧ n >= p + 2`, the
/// domain implies the second (the loop runs), so `p >= -1` is the
/// condition. None when no such single constraint exists. The shadow
/// (Fourier–Motzkin, possibly larger than the true projection) contains
/// every bad point's parameters, so the condition is sufficient.
fn parameter_condition(cols: &Columns, space: &Space, bad: &BasicSet, base: &[Constraint]) -> Result<Option<Constraint>, Reason> {
    let (shadow, _) = bad.project_out(0, cols.dims.len()).map_err(poly_reason)?;
    if shadow.n_local() > 0 {
        return Ok(None);
    }
    let to_expr = |r: &[i64]| -> Option<AffExpr> {
        let mut e = AffExpr::constant(*r.last()? as i128);
        for (&s, &c) in cols.params.iter().zip(r) {
            e = e.add(&AffExpr::sym(s).scale(c as i128).ok()?).ok()?;
        }
        Some(e)
    };
    let mut rows: Vec<AffExpr> = shadow.ineqs().iter().filter_map(|r| to_expr(r)).collect();
    for r in shadow.eqs() {
        let e = to_expr(r).ok_or_else(overflow)?;
        rows.push(e.scale(-1).map_err(|_| overflow())?);
        rows.push(e);
    }
    let mut found = None;
    for e in rows {
        let negated = Constraint::ge0(e.scale(-1).and_then(|x| x.add_const(-1)).map_err(|_| overflow())?);
        let mut with: Vec<Constraint> = base.to_vec();
        with.push(negated.clone());
        if cols.basic_set(space, &with)?.is_empty().map_err(poly_reason)? {
            continue; // implied by the domain
        }
        if found.replace(negated).is_some() {
            return Ok(None);
        }
    }
    Ok(found)
}

fn overflow() -> Reason {
    Reason::Overflow("obligation coefficient too large".into())
}

fn wraps() -> Reason {
    Reason::ParameterProduct("narrow integer arithmetic that may wrap".into())
}

/// The run-time check of `lo <= poly <= hi` over `domain` (see
/// [`super::ranges`]): per disjunct, the box of every counter of `poly`,
/// from the bounds the polyhedral core derives under `context`. `None`
/// when the domain is empty. A counter without a lower or an upper bound
/// leaves the range unprovable.
fn range_check(
    cols: &Columns,
    space: &Space,
    context: &[Constraint],
    domain: &Dnf,
    poly: &Polynomial,
    lo: i128,
    hi: Option<i128>,
) -> Result<Option<RangeCheck>, Reason> {
    let counters: BTreeSet<Sym> = poly.terms.keys().flatten().copied().filter(|s| cols.dims.contains(s)).collect();
    let mut boxes = Vec::new();
    for conj in domain {
        let mut all = conj.clone();
        all.extend(context.iter().cloned());
        let set = cols.basic_set(space, &all)?;
        if set.is_empty().map_err(poly_reason)? {
            continue;
        }
        let mut bx = Vec::new();
        for &c in &counters {
            let unit = cols.row(&AffExpr::sym(c))?;
            let b = set.bounds_of(&unit).map_err(poly_reason)?;
            if b.lower.is_empty() || b.upper.is_empty() {
                return Err(wraps());
            }
            let side = |pieces: &[crate::poly::AffBound]| -> Vec<ParamBound> {
                pieces.iter().map(|p| ParamBound { expr: cols.param_expr(&p.expr), den: p.den as i128 }).collect()
            };
            bx.push(CounterBox { counter: c, lower: side(&b.lower), upper: side(&b.upper) });
        }
        boxes.push(bx);
    }
    Ok((!boxes.is_empty()).then(|| RangeCheck { poly: poly.clone(), lo, hi, boxes }))
}

fn unproven(what: &str, fact: &str) -> Reason {
    match what {
        "subscript within its dimension" => Reason::ParameterProduct(format!("cannot prove {fact} ({what})")),
        "inner loop runs when entered" => Reason::NonAffineBound(format!("cannot prove {fact} ({what})")),
        _ => Reason::NonAffineSubscript(format!("cannot prove {fact} ({what})")),
    }
}

impl Columns {
    /// A row over `[params | const]` as an expression in the parameters.
    fn param_expr(&self, r: &[i64]) -> AffExpr {
        let mut e = AffExpr::constant(*r.last().expect("non-empty") as i128);
        for (s, &c) in self.params.iter().zip(r) {
            if c != 0 {
                e.coeffs.insert(*s, c as i128);
            }
        }
        e
    }

    fn expr_of(&self, r: &[i64]) -> AffExpr {
        let mut e = AffExpr::constant(*r.last().expect("non-empty") as i128);
        for (s, &c) in self.params.iter().chain(&self.dims).zip(r) {
            if c != 0 {
                e.coeffs.insert(*s, c as i128);
            }
        }
        e
    }
}

/// Drops the assumptions the context and the other assumptions imply
/// (`x >= 0` for an unsigned quotient's dividend `x = max(n, 2)`): they
/// would be checked at run time for nothing.
pub fn drop_implied_assumptions(model: &mut Model) -> Result<(), Reason> {
    let space = Space::set(&model.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), None, &[]);
    let cols = Columns { params: model.params.iter().map(|p| p.sym).collect(), dims: vec![] };
    let mut k = 0;
    while k < model.assumptions.len() {
        let a = &model.assumptions[k];
        let negated = if a.is_eq {
            None
        } else {
            a.expr.scale(-1).and_then(|e| e.add_const(-1)).ok().map(Constraint::ge0)
        };
        let implied = match negated {
            Some(n) => {
                let mut all: Vec<Constraint> = model.context.iter().chain(param_ranges(model).iter()).cloned().collect();
                all.extend(model.assumptions.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, c)| c.clone()));
                all.push(n);
                cols.basic_set(&space, &all)?.is_empty().map_err(poly_reason)?
            }
            None => false,
        };
        if implied {
            model.assumptions.remove(k);
        } else {
            k += 1;
        }
    }
    Ok(())
}

/// Simplifies every statement domain: drops disjuncts that are empty under
/// the context and constraints that are redundant or implied by it.
pub fn simplify_domains(model: &mut Model) -> Result<(), Reason> {
    let mut context = model.context.clone();
    context.extend(model.assumptions.iter().cloned());
    context.extend(param_ranges(model));
    for i in 0..model.statements.len() {
        let cols = Columns::of(model, &model.statements[i]);
        let space = statement_space(model, &model.statements[i]);
        let ctx = cols.basic_set(&space, &context)?;
        let mut out = Vec::new();
        for conj in &model.statements[i].domain {
            let b = cols.basic_set(&space, conj)?;
            if b.intersect(&ctx).map_err(poly_reason)?.is_empty().map_err(poly_reason)? {
                continue;
            }
            let simple = b.remove_redundant().and_then(|b| b.gist(&ctx)).map_err(poly_reason)?;
            if simple.n_local() > 0 {
                out.push(conj.clone());
                continue;
            }
            let mut cs: Vec<Constraint> = simple.eqs().iter().map(|r| Constraint::eq0(cols.expr_of(r))).collect();
            cs.extend(simple.ineqs().iter().map(|r| Constraint::ge0(cols.expr_of(r))));
            out.push(cs);
        }
        // A disjunct within another is dropped (loop bounds with min/max
        // give such pieces: `j = max(0, i - k)` is also `j >= 0 and j >= i - k`).
        if out.len() > 1 {
            let sets = out.iter().map(|conj| Ok(Set::from(cols.basic_set(&space, conj)?.intersect(&ctx).map_err(poly_reason)?))).collect::<Result<Vec<Set>, Reason>>()?;
            let mut keep = vec![true; out.len()];
            for a in 0..out.len() {
                for b in 0..out.len() {
                    if a != b && keep[b] && sets[a].is_subset(&sets[b]).map_err(poly_reason)? {
                        keep[a] = false;
                        break;
                    }
                }
            }
            let mut k = keep.iter();
            out.retain(|_| *k.next().expect("one flag per disjunct"));
        }
        model.statements[i].domain = out;
    }
    // Statements that never run are dropped.
    model.statements.retain(|s| !s.domain.is_empty());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LoopId, ValueId};
    use crate::scop::affine::Counter;
    use crate::scop::model::{ModelLoop, Param};

    fn model() -> Model {
        Model {
            function: "f".into(),
            root: LoopId(0),
            loops: vec![],
            params: vec![Param { sym: Sym::Param(ValueId(0)), name: "n".into(), bits: 32 }],
            context: vec![],
            assumptions: vec![],
            range_checks: vec![],
            arrays: vec![],
            statements: vec![],
            live_out: vec![],
            rebuildable: Default::default(),
            exit_values: Default::default(),
            pseudo_loops: vec![],
            promoted: vec![],
            rotated: vec![],
            remat: Default::default(),
            without_other_cells: None,
        }
    }

    fn obligation(fact: AffExpr) -> Obligation {
        Obligation { domain: vec![vec![]], fact: Fact::Affine(Constraint::ge0(fact)), what: "subscript within its dimension", fallback: Some(Fallback::Split(0, 1)) }
    }

    #[test]
    fn only_satisfiable_parameter_facts_become_assumptions() {
        let n = AffExpr::sym(Sym::Param(ValueId(0)));
        // n >= 5 cannot be proved: assumed.
        let mut m = model();
        prove(&mut m, &[obligation(n.add_const(-5).unwrap())], false).unwrap();
        assert_eq!(m.assumptions.len(), 1);
        // -1 >= 0 (a wrong split of a subscript) is no assumption: the
        // error names the access so that its other split is tried.
        let mut m = model();
        let (_, fallback) = prove(&mut m, &[obligation(AffExpr::constant(-1))], false).unwrap_err();
        assert_eq!((fallback, m.assumptions.len()), (vec![Fallback::Split(0, 1)], 0));
        // n <= 2 after n >= 5: together never true.
        let mut m = model();
        let both = [obligation(n.add_const(-5).unwrap()), obligation(n.scale(-1).unwrap().add_const(2).unwrap())];
        assert!(prove(&mut m, &both, false).is_err());
    }

    /// Every unproved obligation with a fallback is named, in order, with
    /// the first one's reason; one without a fallback ends the proof.
    #[test]
    fn every_failing_fallback_is_named_at_once() {
        let wrong = |k: usize| Obligation { fallback: Some(Fallback::Split(k, 0)), ..obligation(AffExpr::constant(-1)) };
        let fine = obligation(AffExpr::constant(0));
        let (reason, fallbacks) = prove(&mut model(), &[wrong(2), fine.clone(), wrong(5)], false).unwrap_err();
        assert_eq!(fallbacks, vec![Fallback::Split(2, 0), Fallback::Split(5, 0)]);
        assert!(reason.to_string().contains("cannot prove 0 >= 1"), "{reason}");
        let stuck = Obligation { fallback: None, ..obligation(AffExpr::constant(-1)) };
        let (_, fallbacks) = prove(&mut model(), &[wrong(1), stuck, wrong(3)], false).unwrap_err();
        assert_eq!(fallbacks, vec![Fallback::Split(1, 0)]);
        prove(&mut model(), &[fine], false).unwrap();
    }

    /// `T[p][j]` for `j` from `p + 1` to `n - 1` (j = p + 1 + i0): the
    /// inner subscript `i0 + p + 1 >= 0` holds on the whole domain exactly
    /// when `p >= -1` (the loop running, `n >= p + 2`, is the domain's own
    /// condition). Assumed only when asked; a fact that no single
    /// condition settles (`i0 <= 3` for every i0 below `n`) is not.
    #[test]
    fn facts_on_counters_become_one_condition_on_parameters() {
        let mut m = model();
        m.params.push(Param { sym: Sym::Param(ValueId(1)), name: "p".into(), bits: 32 });
        m.loops.push(ModelLoop { id: Counter::Loop(LoopId(0)), name: "i0".into(), loc: None });
        let (n, p, i) = (AffExpr::sym(Sym::Param(ValueId(0))), AffExpr::sym(Sym::Param(ValueId(1))), AffExpr::sym(Sym::loop_counter(LoopId(0))));
        let domain = vec![vec![Constraint::ge0(i.clone()), Constraint::lt(&i.add(&p).unwrap().add_const(1).unwrap(), &n).unwrap()]];
        let fact = Constraint::ge0(i.add(&p).unwrap().add_const(1).unwrap());
        let o = Obligation { domain: domain.clone(), fact: Fact::Affine(fact), what: "subscript within its dimension", fallback: None };
        assert!(prove(&mut m.clone(), std::slice::from_ref(&o), false).is_err());
        let mut with = m.clone();
        prove(&mut with, std::slice::from_ref(&o), true).unwrap();
        assert_eq!(with.assumptions, vec![Constraint::ge0(p.add_const(1).unwrap())]);
        // i0 <= 3 for all i0 in [0, n - p - 2]: n - p <= 5, one condition too.
        let o = Obligation { fact: Fact::Affine(Constraint::ge0(i.scale(-1).unwrap().add_const(3).unwrap())), ..o };
        let mut with = m.clone();
        prove(&mut with, std::slice::from_ref(&o), true).unwrap();
        assert_eq!(with.assumptions, vec![Constraint::ge0(n.sub(&p).unwrap().scale(-1).unwrap().add_const(5).unwrap())]);
        // i0 <= n for i0 up to min(p, q): n >= p would do, and so would
        // n >= q; which one the caller's data meet is unknown: neither
        // is assumed.
        m.params.push(Param { sym: Sym::Param(ValueId(2)), name: "q".into(), bits: 32 });
        let q = AffExpr::sym(Sym::Param(ValueId(2)));
        let domain = vec![vec![Constraint::ge0(i.clone()), Constraint::le(&i, &p).unwrap(), Constraint::le(&i, &q).unwrap()]];
        let o = Obligation { domain, fact: Fact::Affine(Constraint::le(&i, &n).unwrap()), ..o };
        let mut with = m.clone();
        assert!(prove(&mut with, std::slice::from_ref(&o), true).is_err());
        assert!(with.assumptions.is_empty());
    }

}
