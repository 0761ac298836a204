//! The text form of a SCoP (`print<tessera-scops>`): isl-like notation for
//! domains, schedules and accesses, stable enough for tests to check.

use super::affine::{AffExpr, Constraint, Sym};
use super::model::{AccessKind, Model, SchedDim, Statement, Target};
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

/// Prints a model; `view` gives names of scalar values.
pub fn print_model(model: &Model, view: &FunctionView) -> String {
    let mut o = String::new();
    let root_loc = model.loops.first().and_then(|l| l.loc.as_ref());
    let at = root_loc.map(|l| format!(" at {}:{}:{}", l.file, l.line, l.col)).unwrap_or_default();
    let _ = writeln!(o, "SCoP in '{}': loop nest{at}, {} loop(s), {} statement(s)", model.function, model.loops.len(), model.statements.len());
    let _ = writeln!(o, "  context: {} -> {{ : {} }}", params(model), conj(model, &model.context));
    if !model.assumptions.is_empty() {
        let _ = writeln!(o, "  assumed (checked at run time): {} -> {{ : {} }}", params(model), conj(model, &model.assumptions));
    }
    let _ = writeln!(o, "  arrays:");
    for a in &model.arrays {
        let mut dims = String::from("[*]");
        for s in &a.inner_sizes {
            let _ = write!(dims, "[{}]", expr(model, s));
        }
        let alias = if a.noalias { "noalias" } else { "may alias" };
        let _ = writeln!(o, "    {}: {}{dims} ({alias})", a.name, format!("{:?}", a.elem).to_lowercase());
    }
    if !model.live_out.is_empty() {
        let names: Vec<&str> = model.live_out.iter().map(|v| view.value(*v).name.as_str()).collect();
        let _ = writeln!(o, "  live-out: {}", names.join(", "));
    }
    for s in &model.statements {
        let t = tuple(model, s);
        let _ = writeln!(o, "  {} (block '{}'):", s.name, view.block(s.block).name);
        let doms: Vec<String> = s.domain.iter().map(|c| format!("{t} : {}", conj(model, c))).collect();
        let _ = writeln!(o, "    domain: {} -> {{ {} }}", params(model), doms.join("; "));
        let sched: Vec<String> = s
            .schedule
            .iter()
            .map(|d| match d {
                SchedDim::Pos(p) => p.to_string(),
                SchedDim::Loop(l) => model.sym_name(Sym::Counter(*l)),
            })
            .collect();
        let _ = writeln!(o, "    schedule: {} -> {{ {t} -> [{}] }}", params(model), sched.join(", "));
        for a in &s.accesses {
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
            let _ = writeln!(o, "    {kind}: {} -> {{ {t} -> {target} }}", params(model));
        }
        if let Some(r) = &s.reduction {
            let _ = writeln!(o, "    reduction: {r}");
        }
    }
    o
}
