//! Snapshots of the polyhedral model Tessera builds for the kernels of
//! llvm-tests/scops (clang -O3 at the vectorizer start, printed with
//! -tessera-print-scops): domains, schedules, accesses and rejection
//! reasons, reviewed by eye when accepted. Needs the release plugin
//! (`cargo build --release`) or TESSERA_PLUGIN, and LLVM 22's clang.

use std::path::{Path, PathBuf};
use std::process::Command;

fn model_of(src: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bindir = std::env::var_os("LLVM_BINDIR").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22/bin".into());
    let plugin = std::env::var_os("TESSERA_PLUGIN").map(PathBuf::from).unwrap_or_else(|| root.join("target/release/libtessera.so"));
    assert!(plugin.exists(), "plugin not found at {}: run `cargo build --release` first", plugin.display());
    let out = Command::new(bindir.join("clang"))
        .args(["-O3", "-fno-discard-value-names", "-mllvm", "-tessera-print-scops", "-c", "-o", "/dev/null"])
        .arg(format!("-fpass-plugin={}", plugin.display()))
        .arg(src)
        .output()
        .expect("clang runs");
    assert!(out.status.success(), "clang failed on {}: {}", src.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn models_of_the_scop_kernels() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("llvm-tests/scops");
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("llvm-tests/scops")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    kernels.sort();
    assert!(kernels.len() >= 15, "expected at least 15 kernels, found {}", kernels.len());
    for k in kernels {
        let name = k.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(name, model_of(&k));
    }
}
