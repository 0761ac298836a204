//! The stage folders of `src/` import each other without a cycle, tests
//! included (docs/architecture.md, "the rules"): each stage can be read,
//! tested and replaced knowing only the stages below it.
//!
//! An import is any `crate::<folder>` path in a folder's `.rs` files
//! outside `//` comments (doc links included: a doc link to a later stage
//! is a reader's dependence too, and costs nothing to write as text).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The stage folders each `crate::<name>` path in `text` names, but not in
/// plain `//` comments.
fn named_stages(text: &str, stages: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = match line.trim_start() {
            l if l.starts_with("//") && !l.starts_with("///") && !l.starts_with("//!") => continue,
            _ => line,
        };
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
            if stages.contains(&name) {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn stage_folders_import_each_other_without_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let stages: BTreeSet<String> = fs::read_dir(&src)
        .expect("src/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(stages.contains("poly") && stages.contains("driver"), "stage folders not found in {}", src.display());
    // Who imports whom, and in which file (for the failure message).
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for stage in &stages {
        let mut files = vec![];
        rust_files(&src.join(stage), &mut files);
        files.sort();
        for file in files {
            let text = fs::read_to_string(&file).expect("source file");
            for other in named_stages(&text, &stages) {
                if &other != stage {
                    let shown = file.strip_prefix(&src).unwrap_or(&file).display().to_string();
                    edges.entry(stage.clone()).or_default().entry(other).or_insert(shown);
                }
            }
        }
    }
    // A depth-first search; a grey node reached again closes a cycle.
    fn visit(n: &str, edges: &BTreeMap<String, BTreeMap<String, String>>, grey: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(at) = grey.iter().position(|g| g == n) {
            return Some(grey[at..].to_vec());
        }
        if done.contains(n) {
            return None;
        }
        grey.push(n.to_string());
        for next in edges.get(n).map(|m| m.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
            if let Some(cycle) = visit(&next, edges, grey, done) {
                return Some(cycle);
            }
        }
        grey.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for stage in &stages {
        if let Some(cycle) = visit(stage, &edges, &mut vec![], &mut done) {
            let steps: Vec<String> = (0..cycle.len())
                .map(|i| {
                    let (a, b) = (&cycle[i], &cycle[(i + 1) % cycle.len()]);
                    format!("{a} -> {b} ({})", edges[a][b])
                })
                .collect();
            panic!("import cycle between stage folders: {}", steps.join(", "));
        }
    }
}

#[test]
fn the_import_scanner_sees_paths_and_skips_comments() {
    let stages: BTreeSet<String> = ["deps", "sched", "tile"].iter().map(|s| s.to_string()).collect();
    let text = "use crate::deps::Deps;\n// crate::tile is only mentioned\n/// See [`crate::sched::inner`].\nlet x = crate::poly::Set::empty();\n";
    let found: Vec<String> = named_stages(text, &stages).into_iter().collect();
    assert_eq!(found, ["deps", "sched"]);
}
