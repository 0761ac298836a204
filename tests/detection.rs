//! What SCoP detection says about every loop of the end-to-end programs
//! (tests/e2e/programs): each program is compiled with `clang -O3 -g
//! -Rpass-analysis=tessera`, and its snapshot lists, per source line, the
//! loop there and the verdict ("in a SCoP" with its size, or the first
//! reason it is not). The snapshots are reviewed by eye when accepted: an
//! affine kernel must be one SCoP per nest, a non-affine one must give the
//! reason its shape column in tests/e2e/programs/README.md names. Needs the
//! release plugin (`cargo build --release`) or TESSERA_PLUGIN, and LLVM 22's
//! clang.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

fn clang_and_plugin() -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bindir = std::env::var_os("LLVM_BINDIR").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22/bin".into());
    let plugin = std::env::var_os("TESSERA_PLUGIN").map(PathBuf::from).unwrap_or_else(|| root.join("target/release/libtessera.so"));
    assert!(plugin.exists(), "plugin not found at {}: run `cargo build --release` first", plugin.display());
    (bindir.join("clang"), plugin)
}

/// The detection remarks of one program, one line per loop position:
/// `line:col  <source text>  =>  <verdict>` (a verdict repeated for the
/// same position, as for a loop LLVM unrolled or versioned, counted once
/// with `(xN)`).
fn detection_of(src: &Path) -> String {
    let (clang, plugin) = clang_and_plugin();
    let out = Command::new(clang)
        .args(["-O3", "-g", "-Rpass-analysis=tessera", "-c", "-o", "/dev/null"])
        .arg(format!("-fpass-plugin={}", plugin.display()))
        .arg(src)
        .output()
        .expect("clang runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "clang failed on {}: {stderr}", src.display());
    assert!(!stderr.contains("warning: "), "warnings on {}: {stderr}", src.display());
    let text = std::fs::read_to_string(src).expect("program source");
    let lines: Vec<&str> = text.lines().collect();
    let prefix = format!("{}:", src.display());
    let mut verdicts: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
    for l in stderr.lines() {
        let Some(rest) = l.strip_prefix(&prefix) else { continue };
        let mut parts = rest.splitn(3, ':');
        let (Some(line), Some(col), Some(msg)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let Some(msg) = msg.strip_prefix(" remark: ") else { continue };
        if !msg.starts_with("loop ") {
            continue; // alias-check remarks: the rtc tests check those
        }
        let msg = msg.trim_end_matches(" [-Rpass-analysis=tessera]").to_string();
        let key = (line.parse().expect("line number"), col.parse().expect("column"));
        verdicts.entry(key).or_default().push(msg);
    }
    let mut report = String::new();
    for ((line, col), msgs) in verdicts {
        let source = lines.get(line - 1).map_or("", |s| s.trim());
        let mut counted: Vec<(String, usize)> = Vec::new();
        for m in msgs {
            match counted.iter_mut().find(|(x, _)| *x == m) {
                Some((_, n)) => *n += 1,
                None => counted.push((m, 1)),
            }
        }
        for (m, n) in counted {
            let times = if n > 1 { format!(" (x{n})") } else { String::new() };
            report.push_str(&format!("{line}:{col}  {source}\n    => {m}{times}\n"));
        }
    }
    report
}

#[test]
fn detection_of_the_e2e_programs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/programs");
    let mut progs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/e2e/programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    progs.sort();
    let queue = Mutex::new(progs.iter());
    let reports = Mutex::new(BTreeMap::new());
    // Two workers: the machines this runs on have two cores.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().next();
                let Some(src) = next else { break };
                let name = src.file_stem().unwrap().to_string_lossy().into_owned();
                let report = detection_of(src);
                reports.lock().unwrap().insert(name, report);
            });
        }
    });
    let reports = reports.into_inner().unwrap();
    assert_eq!(reports.len(), progs.len(), "a program's compilation failed");
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path("snapshots/detection");
    settings.bind(|| {
        for (name, report) in &reports {
            insta::assert_snapshot!(name.as_str(), report);
        }
    });
}
