//! The text form of a SCoP (`print<tessera-scops>`): isl-like notation for
//! domains, schedules and accesses, stable enough for tests to check.

use super::affine::{AffExpr, Constraint, Sym};
use super::model::{AccessKind, Model, ParamBound, RangeCheck, SchedDim, Statement, Target};
use crate::ir::FunctionView;
use std::fmt::Write;

fn expr(model: &Model, e: &AffExpr) -> String {
    let mut s = String::new();
    let _ = e.fmt_with(&mut s, &|x| model.sym_name(x));
    s
}

fn conj(model: &Model, cs: &[Constraint]) -> String {
    if cs.is_empty() {
        return "true".into();
    }
    cs.iter()
        .map(|c| {
            let mut s = String::new();
            let _ = c.fmt_with(&mut s, &|x| model.sym_name(x));
            s
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

fn params(model: &Model) -> String {
    format!("[{}]", model.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "))
}

fn tuple(model: &Model, s: &Statement) -> String {
    let dims: Vec<String> = s.loops.iter().map(|&l| model.sym_name(Sym::Counter(l))).collect();
    format!("{}[{}]", s.name, dims.join(", "))
}

/// The context (and, separately, the run-time assumptions) as a set.
pub fn context_text(model: &Model, cs: &[Constraint]) -> String {
    format!("{} -> {{ : {} }}", params(model), conj(model, cs))
}

/// A range checked at run time: `lo <= poly <= hi`, then the box of each
/// disjunct (`i0 in [0, n - 1]`; several bounds are a max / a min).
pub fn range_text(model: &Model, rc: &RangeCheck) -> String {
    let mut o = String::new();
    let name = |x| model.sym_name(x);
    let _ = write!(o, "{} <= ", rc.lo);
    let _ = rc.poly.fmt_with(&mut o, &name);
    if let Some(hi) = rc.hi {
        let _ = write!(o, " <= {hi}");
    }
    let bound = |b: &ParamBound, upper: bool| {
        let e = expr(model, &b.expr);
        match (b.den, upper) {
            (1, _) => e,
            (d, true) => format!("floor(({e})/{d})"),
            (d, false) => format!("ceil(({e})/{d})"),
        }
    };
    let side = |bs: &[ParamBound], upper: bool| {
        let parts: Vec<String> = bs.iter().map(|b| bound(b, upper)).collect();
        match parts.as_slice() {
            [one] => one.clone(),
            _ => format!("{}({})", if upper { "min" } else { "max" }, parts.join(", ")),
        }
    };
    let boxes: Vec<String> = rc
        .boxes
        .iter()
        .map(|bx| {
            let sides: Vec<String> =
                bx.iter().map(|c| format!("{} in [{}, {}]", name(c.counter), side(&c.lower, false), side(&c.upper, true))).collect();
            if sides.is_empty() { "no counter".to_string() } else { sides.join(", ") }
        })
        .collect();
    let _ = write!(o, " for {}", boxes.join("; or "));
    o
}

/// An array's type and sizes, e.g. `double[*][n]`.
pub fn array_text(model: &Model, a: &super::model::Array) -> String {
    let mut dims = String::from("[*]");
    for s in &a.inner_sizes {
        let _ = write!(dims, "[{}]", expr(model, s));
    }
    format!("{}{dims}", format!("{:?}", a.elem).to_lowercase())
}

pub fn domain_text(model: &Model, s: &Statement) -> String {
    let t = tuple(model, s);
    let doms: Vec<String> = s.domain.iter().map(|c| format!("{t} : {}", conj(model, c))).collect();
    format!("{} -> {{ {} }}", params(model), doms.join("; "))
}

pub fn schedule_text(model: &Model, s: &Statement) -> String {
    let sched: Vec<String> = s
        .schedule
        .iter()
        .map(|d| match d {
            SchedDim::Pos(p) => p.to_string(),
            SchedDim::Loop(l) => model.sym_name(Sym::Counter(*l)),
        })
        .collect();
    format!("{} -> {{ {} -> [{}] }}", params(model), tuple(model, s), sched.join(", "))
}

/// One access as a relation, with "read"/"write".
pub fn access_text(model: &Model, view: &FunctionView, s: &Statement, a: &super::model::Access) -> (&'static str, String) {
    let kind = match a.kind {
        AccessKind::Read => "read",
        AccessKind::Write => "write",
    };
    let target = match &a.target {
        Target::Array(id) => {
            let subs: Vec<String> = a.subscripts.iter().map(|e| expr(model, e)).collect();
            format!("{}[{}]", model.array(*id).name, subs.join(", "))
        }
        Target::Scalar(v) => format!("scalar_{}[]", view.value(*v).name),
    };
    (kind, format!("{} -> {{ {} -> {target} }}", params(model), tuple(model, s)))
}

/// Prints a model; `view` gives names of scalar values.
pub fn print_model(model: &Model, view: &FunctionView) -> String {
    let mut o = String::new();
    let root_loc = model.loops.first().and_then(|l| l.loc.as_ref());
    let at = root_loc.map(|l| format!(" at {}:{}:{}", l.file, l.line, l.col)).unwrap_or_default();
    let _ = writeln!(o, "SCoP in '{}': loop nest{at}, {} loop(s), {} statement(s)", model.function, model.loops.len(), model.statements.len());
    let _ = writeln!(o, "  context: {}", context_text(model, &model.context));
    if !model.assumptions.is_empty() {
        let _ = writeln!(o, "  assumed (checked at run time): {}", context_text(model, &model.assumptions));
    }
    for rc in &model.range_checks {
        let _ = writeln!(o, "  range checked at run time: {}", range_text(model, rc));
    }
    let _ = writeln!(o, "  arrays:");
    for a in &model.arrays {
        let alias = if a.noalias { "noalias" } else { "may alias" };
        let _ = writeln!(o, "    {}: {} ({alias})", a.name, array_text(model, a));
    }
    if !model.live_out.is_empty() {
        let names: Vec<&str> = model.live_out.iter().map(|v| view.value(*v).name.as_str()).collect();
        let _ = writeln!(o, "  live-out: {}", names.join(", "));
    }
    let plan = super::body::BodyPlan::new(model, view);
    for (k, s) in model.statements.iter().enumerate() {
        let _ = writeln!(o, "  {} (block '{}'):", s.name, view.block(s.block).name);
        let _ = writeln!(o, "    domain: {}", domain_text(model, s));
        let _ = writeln!(o, "    schedule: {}", schedule_text(model, s));
        for a in &s.accesses {
            let (kind, rel) = access_text(model, view, s, a);
            let _ = writeln!(o, "    {kind}: {rel}");
        }
        if let Some(r) = &s.reduction {
            let _ = writeln!(o, "    reduction: {r}");
        }
        if let Some(b) = plan.describe(model, view, super::poly_scop::StmtId::at(k)) {
            let _ = writeln!(o, "    body: {b}");
        }
    }
    o
}
