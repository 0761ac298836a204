//! Build script: finds LLVM 22, compiles the C++ shim against it and links
//! `libLLVM.so` dynamically.
//!
//! Why dynamic: Debian's `opt` and `clang` link `libLLVM.so.22.1`; a plugin
//! carrying its own static copy of LLVM registers every command-line option a
//! second time and the host tool aborts.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const REQUIRED_MAJOR: &str = "22";
const DEFAULT_LLVM_CONFIG: &str = "/usr/lib/llvm-22/bin/llvm-config";

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    println!("cargo:rerun-if-changed=src/bridge/shim");
    if env::var_os("CARGO_FEATURE_LLVM").is_none() {
        // The LLVM-free core only: nothing to compile or link.
        return;
    }
    let llvm_config = find_llvm_config();
    let version = llvm_config_query(&llvm_config, "--version");
    if version.split('.').next() != Some(REQUIRED_MAJOR) {
        fail(&format!(
            "{} reports LLVM {version}, but Tessera needs LLVM {REQUIRED_MAJOR}.\n\
             Install it (apt-get install llvm-22-dev clang-22 libomp-22-dev llvm-22-tools) \
             or set LLVM_CONFIG to the llvm-config of an LLVM {REQUIRED_MAJOR} installation.",
            llvm_config.display()
        ));
    }
    let mode = llvm_config_query(&llvm_config, "--shared-mode");
    if mode != "shared" {
        fail(&format!(
            "{} reports shared mode '{mode}': Tessera must link libLLVM.so dynamically, \
             which this LLVM installation does not provide.",
            llvm_config.display()
        ));
    }
    let libdir = llvm_config_query(&llvm_config, "--libdir");
    let cxxflags = llvm_config_query(&llvm_config, "--cxxflags");

    compile_shim(&cxxflags);
    let bindir = llvm_config_query(&llvm_config, "--bindir");
    compile_profile_runtime(Path::new(&bindir));

    println!("cargo:rustc-link-search=native={libdir}");
    println!("cargo:rustc-link-lib=dylib=LLVM");
    // Test binaries and tools linking the rlib find libLLVM.so at run time.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{libdir}");
    // Rust thread-local destructors must stay mapped after dlclose().
    println!("cargo:rustc-cdylib-link-arg=-Wl,-z,nodelete");
    println!("cargo:rustc-env=TESSERA_LLVM_VERSION={version}");
}

fn compile_shim(cxxflags: &str) {
    let shim_dir = Path::new("src/bridge/shim");
    let mut build = cc::Build::new();
    build.cpp(true).warnings(true).extra_warnings(false);
    for flag in cxxflags.split_whitespace() {
        // Optimization and warning choices are ours, not LLVM's build's.
        if flag.starts_with("-O") || flag.starts_with("-W") || flag == "-g" {
            continue;
        }
        build.flag(flag);
    }
    build.flag("-fno-rtti").flag("-fvisibility=hidden").flag_if_supported("-Wno-unused-parameter");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(shim_dir)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", shim_dir.display())))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|ext| ext == "cpp"))
        .collect();
    sources.sort();
    for source in &sources {
        println!("cargo:rerun-if-changed={}", source.display());
        build.file(source);
    }
    build.compile("tessera_shim");
}

/// The profiling runtime (src/profile/runtime.c) as LLVM bitcode, which the
/// plugin links into instrumented modules (so programs need no extra link
/// flag). Compiled by the LLVM 22 clang so the bitcode matches the host.
fn compile_profile_runtime(bindir: &Path) {
    let source = Path::new("src/profile/runtime.c");
    println!("cargo:rerun-if-changed={}", source.display());
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("tessera_profile_rt.bc");
    let clang = bindir.join("clang");
    let status = Command::new(&clang)
        .args(["-O2", "-c", "-emit-llvm", "-fno-exceptions", "-fno-stack-protector", "-Wall", "-Werror"])
        .arg(source)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run {} (install clang-22): {e}", clang.display())));
    if !status.success() {
        fail(&format!("{} failed to compile {}", clang.display(), source.display()));
    }
}

/// `LLVM_CONFIG`, else the Debian default path, else `llvm-config-22` on PATH.
fn find_llvm_config() -> PathBuf {
    if let Some(explicit) = env::var_os("LLVM_CONFIG") {
        let path = PathBuf::from(explicit);
        if !path.exists() && which(&path).is_none() {
            fail(&format!("LLVM_CONFIG is set to {}, which does not exist.", path.display()));
        }
        return path;
    }
    let default = PathBuf::from(DEFAULT_LLVM_CONFIG);
    if default.exists() {
        return default;
    }
    which(Path::new("llvm-config-22")).unwrap_or_else(|| {
        fail(&format!(
            "no llvm-config for LLVM {REQUIRED_MAJOR} found: LLVM_CONFIG is unset, \
             {DEFAULT_LLVM_CONFIG} does not exist and llvm-config-22 is not on PATH.\n\
             Run scripts/setup (it installs llvm-22-dev clang-22 libomp-22-dev llvm-22-tools) \
             or set LLVM_CONFIG."
        ))
    })
}

fn which(name: &Path) -> Option<PathBuf> {
    if name.components().count() > 1 {
        return name.exists().then(|| name.to_path_buf());
    }
    env::split_paths(&env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.exists())
}

fn llvm_config_query(llvm_config: &Path, arg: &str) -> String {
    let output = Command::new(llvm_config)
        .arg(arg)
        .output()
        .unwrap_or_else(|e| fail(&format!("cannot run {} {arg}: {e}", llvm_config.display())));
    if !output.status.success() {
        fail(&format!(
            "{} {arg} failed: {}",
            llvm_config.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn fail(message: &str) -> ! {
    eprintln!("\nerror: {message}\n");
    std::process::exit(1);
}
