//! `-tessera-export-dir`: each SCoP as a JSON file (the model in the text
//! notation of the printers, and the schedule Tessera chose), for users and
//! tools. Written by hand: the format is small and flat.

use super::model::Model;
use super::print::{access_text, array_text, context_text, domain_text, range_text, schedule_text};
use crate::ir::FunctionView;
use std::fmt::Write;

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn list(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

/// The SCoP as JSON; `schedule` is the chosen schedule's text, if any.
pub fn to_json(model: &Model, view: &FunctionView, schedule: Option<&str>, loops: Option<&str>) -> String {
    let arrays = list(model.arrays.iter().map(|a| {
        format!(
            "{{\"name\": {}, \"type\": {}, \"noalias\": {}}}",
            string(&a.name),
            string(&array_text(model, a)),
            a.noalias
        )
    }));
    let statements = list(model.statements.iter().map(|s| {
        let accesses = list(s.accesses.iter().map(|a| {
            let (kind, rel) = access_text(model, view, s, a);
            format!("{{\"kind\": {}, \"relation\": {}}}", string(kind), string(&rel))
        }));
        format!(
            "{{\"name\": {}, \"domain\": {}, \"schedule\": {}, \"accesses\": {accesses}, \"reduction\": {}}}",
            string(&s.name),
            string(&domain_text(model, s)),
            string(&schedule_text(model, s)),
            s.reduction.as_ref().map_or("null".to_string(), |r| string(&r.to_string()))
        )
    }));
    let params = list(model.params.iter().map(|p| string(&p.name)));
    let range_checks = list(model.range_checks.iter().map(|rc| string(&range_text(model, rc))));
    format!(
        "{{\n  \"function\": {},\n  \"params\": {params},\n  \"context\": {},\n  \"assumptions\": {},\n  \"range_checks\": {range_checks},\n  \"arrays\": {arrays},\n  \"statements\": {statements},\n  \"new_schedule\": {},\n  \"new_loops\": {}\n}}\n",
        string(&model.function),
        string(&context_text(model, &model.context)),
        string(&context_text(model, &model.assumptions)),
        schedule.map_or("null".to_string(), string),
        loops.map_or("null".to_string(), string)
    )
}

#[cfg(test)]
mod tests {
    use super::string;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        assert_eq!(string("\u{1}"), "\"\\u0001\"");
    }
}
