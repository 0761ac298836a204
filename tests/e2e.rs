//! End-to-end tests: every C program under tests/e2e/programs is compiled
//! with plain `clang -O3` and with the Tessera plugin (with and without
//! `-fopenmp`, at 1 and 2 threads), run, and the outputs compared.
//!
//! Needs the release plugin (`cargo build --release`, done by scripts/setup)
//! or TESSERA_PLUGIN pointing at one, and LLVM 22's clang (LLVM_BINDIR).

#[path = "e2e/compare.rs"]
mod compare;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Relative tolerance for floating-point outputs: none. Without
/// -ffast-math an optimized program must print bit for bit what plain -O3
/// prints, at any thread count (a sum split across threads or vector lanes
/// is a wrong answer); the programs print doubles with %a or %.17g.
const REL_TOL: f64 = 0.0;

struct Tools {
    clang: PathBuf,
    plugin: PathBuf,
}

fn tools() -> Tools {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bindir = std::env::var_os("LLVM_BINDIR").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22/bin".into());
    let plugin = std::env::var_os("TESSERA_PLUGIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/release/libtessera.so"));
    assert!(plugin.exists(), "plugin not found at {}: run `cargo build --release` first", plugin.display());
    Tools { clang: bindir.join("clang"), plugin }
}

/// One way of building and running a program with the plugin.
struct Config {
    name: &'static str,
    openmp: bool,
    threads: Option<u32>,
}

const CONFIGS: &[Config] = &[
    Config { name: "tessera", openmp: false, threads: None },
    Config { name: "tessera+openmp/1", openmp: true, threads: Some(1) },
    Config { name: "tessera+openmp/2", openmp: true, threads: Some(2) },
];

/// Flags of every build, reference and plugin alike. On x86-64, clang's
/// default contraction (`a * b + c` in one expression may be fused) gives
/// one answer at every optimization level, and Tessera must give it too.
/// On other targets LLVM itself does not: AArch64's loop vectorizer splits
/// the fused operations of the sums it vectorizes in order, and plain clang
/// prints other numbers at -O1 than at -O3 for 10 of these programs
/// (`bench/results/2026-12-01-aarch64-qemu.md`); there the comparison is
/// made without contraction, where every program must match bit for bit.
const CONTRACTION: &[&str] = if cfg!(target_arch = "x86_64") { &[] } else { &["-ffp-contract=off"] };

/// Compiles `src` (with `extra` arguments); with the plugin, returns how
/// many SCoPs it rewrote.
fn compile_with(tools: &Tools, src: &Path, out: &Path, plugin: bool, openmp: bool, extra: &[&str]) -> Result<usize, String> {
    compile_remarks(tools, src, out, plugin, openmp, extra).map(|remarks| remarks.matches("remark: SCoP rewritten").count())
}

/// [`compile_with`], returning the compiler's remarks (its stderr).
fn compile_remarks(tools: &Tools, src: &Path, out: &Path, plugin: bool, openmp: bool, extra: &[&str]) -> Result<String, String> {
    let mut cmd = Command::new(&tools.clang);
    // No -w: it would also hide Tessera's warnings, which fail the test.
    cmd.args(["-O3"]).args(CONTRACTION).args(extra).arg(src).arg("-o").arg(out);
    if plugin {
        // Every final schedule also goes through the brute-force checker
        // (a rejected one is a warning, which fails the test).
        cmd.arg(format!("-fpass-plugin={}", tools.plugin.display())).args(["-Rpass=tessera", "-mllvm", "-tessera-check-schedules"]);
    }
    if openmp {
        cmd.arg("-fopenmp");
    }
    cmd.arg("-lm");
    let output = cmd.output().map_err(|e| format!("cannot run {}: {e}", tools.clang.display()))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("compile failed: {stderr}"));
    }
    if stderr.lines().any(|l| l.contains("tessera") && (l.contains("warning:") || l.contains("error:"))) {
        return Err(format!("compiler diagnostics from tessera: {stderr}"));
    }
    // Tessera asks LoopVectorize for its vectorizable loops; where it cannot
    // comply the user would see this warning for code they did not mark.
    if stderr.contains("loop not vectorized") {
        return Err(format!("vectorization forced where LoopVectorize declines: {stderr}"));
    }
    Ok(stderr.into_owned())
}

fn compile(tools: &Tools, src: &Path, out: &Path, plugin: bool, openmp: bool) -> Result<usize, String> {
    compile_with(tools, src, out, plugin, openmp, &[])
}

/// Runs `exe` with `args` on `threads` OpenMP threads; its stdout and stderr.
fn run_with(exe: &Path, threads: Option<u32>, args: &[&str]) -> Result<(String, String), String> {
    let mut cmd = Command::new(exe);
    cmd.args(args);
    if let Some(t) = threads {
        cmd.env("OMP_NUM_THREADS", t.to_string());
    }
    let output = cmd.output().map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !output.status.success() {
        return Err(format!("exited with {}: {}", output.status, String::from_utf8_lossy(&output.stderr)));
    }
    Ok((String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned()))
}

fn run(exe: &Path, threads: Option<u32>) -> Result<String, String> {
    run_with(exe, threads, &[]).map(|(out, _)| out)
}

/// Builds and runs one program in every configuration; returns the
/// failures and how many SCoPs the plugin rewrote in it.
fn check_program(tools: &Tools, src: &Path, dir: &Path) -> (Vec<String>, usize) {
    let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
    let fail = |what: String| (vec![format!("{stem}: {what}")], 0);
    let reference_exe = dir.join(format!("{stem}.ref"));
    if let Err(e) = compile(tools, src, &reference_exe, false, false) {
        return fail(format!("reference build: {e}"));
    }
    let expected = match run(&reference_exe, None) {
        Ok(out) => out,
        Err(e) => return fail(format!("reference run: {e}")),
    };
    if expected.trim().is_empty() {
        return fail("reference run printed nothing".into());
    }
    let mut failures = Vec::new();
    let mut rewritten = 0;
    for openmp in [false, true] {
        let exe = dir.join(format!("{stem}.tessera{}", if openmp { ".omp" } else { "" }));
        // The OpenMP build also carries debug information: with -g, clang
        // tracks assignments (!DIAssignID), which code Tessera copies or
        // moves must keep consistent.
        let debug: &[&str] = if openmp { &["-g"] } else { &[] };
        let flags = program_flags(src);
        let extra: Vec<&str> = debug.iter().copied().chain(flags.iter().map(String::as_str)).collect();
        match compile_with(tools, src, &exe, true, openmp, &extra) {
            Ok(n) => rewritten = n,
            Err(e) => {
                failures.push(format!("{stem} [openmp={openmp}]: {e}"));
                continue;
            }
        }
        for config in CONFIGS.iter().filter(|c| c.openmp == openmp) {
            match run(&exe, config.threads) {
                Ok(actual) => {
                    if let Some(why) = compare::compare_outputs(&expected, &actual, REL_TOL) {
                        failures.push(format!("{stem} [{}]: output differs from clang -O3: {why}", config.name));
                    }
                }
                Err(e) => failures.push(format!("{stem} [{}]: {e}", config.name)),
            }
        }
    }
    (failures, rewritten)
}

/// The plugin flags a program asks for on a line of its own reading
/// `e2e-plugin-flags: <flags>` (a file of several kernels that exist to
/// test their rewrites lifts the module's polyhedral work allowance,
/// which a library file of its size would stay within).
fn program_flags(src: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(src).unwrap_or_default();
    let line = text.lines().find_map(|l| l.trim_start_matches([' ', '*', '/']).strip_prefix("e2e-plugin-flags:"));
    line.map(|l| l.split_whitespace().map(String::from).collect()).unwrap_or_default()
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/programs");
    let mut progs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    progs.sort();
    progs
}

#[test]
fn optimized_programs_match_clang_o3() {
    let tools = tools();
    let progs = programs();
    assert!(!progs.is_empty(), "no programs under tests/e2e/programs");
    let dir = tempfile::tempdir().expect("temporary directory");
    let queue = Mutex::new(progs.iter());
    let failures = Mutex::new(Vec::new());
    let rewritten = Mutex::new(0usize);
    // Two workers: the machines this runs on have two cores.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().next();
                let Some(src) = next else { break };
                let (f, n) = check_program(&tools, src, dir.path());
                failures.lock().unwrap().extend(f);
                *rewritten.lock().unwrap() += n;
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let rewritten = rewritten.into_inner().unwrap();
    println!("e2e: {} programs x {} configurations checked, {rewritten} SCoPs rewritten", progs.len(), CONFIGS.len());
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
    // The comparison means something only if code was transformed: most
    // programs' kernels are affine (146 SCoPs were rewritten when this
    // floor was set); a plugin that silently stopped rewriting fails here.
    assert!(rewritten >= 100, "only {rewritten} SCoPs rewritten over the suite");
}

/// Run-time alias checks pick the version: in alias_overlaps.c every
/// kernel runs once on disjoint arrays (optimized code) and four times on
/// overlapping ones (original code), cube's check in plain i64 and deep's
/// through the overflow intrinsics; in padded_alias.c the kernel runs on
/// arrays back to back (optimized: the range of an array modelled with
/// padded rows ends at its last element) and on arrays sharing one element
/// (original code). -tessera-rtc-stats counts the runs; the outputs equal
/// plain -O3's (checked by the test above as well).
#[test]
fn alias_checks_run_the_original_code_on_overlap() {
    let tools = tools();
    let cases: [(&str, &[&str], &str); 2] = [
        ("alias_overlaps", &["gemm", "smooth", "axpy", "rank1", "cube", "deep"], "optimized 1, fallback 4"),
        ("padded_alias", &["upper"], "optimized 1, fallback 1"),
    ];
    for (program, kernels, counts) in cases {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/e2e/programs/{program}.c"));
        let dir = tempfile::tempdir().expect("temporary directory");
        let reference = dir.path().join("ref");
        compile(&tools, &src, &reference, false, false).expect("reference build");
        let expected = run(&reference, None).expect("reference run");
        for openmp in [false, true] {
            let exe = dir.path().join(format!("stats{openmp}"));
            // The versioning is under test, not whether these small
            // kernels pay for it: every SCoP is rewritten.
            let rewritten = compile_with(&tools, &src, &exe, true, openmp, &["-mllvm", "-tessera-rtc-stats", "-mllvm", "-tessera-rewrite-all"]).expect("plugin build");
            assert!(rewritten >= kernels.len(), "{program}: only {rewritten} SCoPs rewritten");
            let (out, err) = run_with(&exe, Some(2), &[]).expect("plugin run");
            assert_eq!(compare::compare_outputs(&expected, &out, REL_TOL), None, "{program}, openmp={openmp}");
            for kernel in kernels {
                // "tessera-rtc-stats: gemm (alias_overlaps.c:12): optimized 1, fallback 4"
                let ok = err.lines().any(|l| l.starts_with(&format!("tessera-rtc-stats: {kernel} ")) && l.ends_with(&format!(": {counts}")));
                assert!(ok, "{program}, openmp={openmp}: {kernel} not counted '{counts}' in:\n{err}");
            }
        }
    }
}

/// Loops that carry dependences only through scratch arrays run on
/// threads with a copy of the arrays per thread (`sched::private`): in
/// scratch_arrays.c the batched contraction, the sum through a scratch
/// vector, the two scratch rows, the mirrored row, the block-scoped
/// row (whose lifetime markers the nest no longer copies) and the row
/// whose end cells' addresses are computed before the nest say so in
/// their remarks; the row summed across iterations, the growing row and the
/// moving row keep the array shared. Every SCoP is rewritten (the
/// copies are under test, not whether these small kernels pay), the
/// brute-force checker confirms each claim, and the outputs at one, two
/// and three threads equal plain -O3's, the arrays' final contents
/// included (the mirrored row at 20000 doubles is too large for the
/// copies: its loop runs on the calling thread).
#[test]
fn scratch_arrays_get_a_copy_per_thread() {
    let tools = tools();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/programs/scratch_arrays.c");
    let dir = tempfile::tempdir().expect("temporary directory");
    let reference = dir.path().join("ref");
    compile(&tools, &src, &reference, false, false).expect("reference build");
    let expected = run(&reference, None).expect("reference run");
    let exe = dir.path().join("omp");
    let stderr = compile_remarks(&tools, &src, &exe, true, true, &["-mllvm", "-tessera-rewrite-all"]).expect("plugin build");
    assert!(!stderr.contains("warning:"), "{stderr}");
    let copies: Vec<&str> = stderr.lines().filter(|l| l.contains("remark: SCoP rewritten") && l.contains("each thread with its own copy of")).collect();
    for line in [27, 41, 57, 70, 113, 127] {
        assert!(copies.iter().any(|l| l.contains(&format!("scratch_arrays.c:{line}:"))), "no copies for the loop at line {line}:\n{stderr}");
    }
    for line in [81, 92, 102] {
        assert!(!copies.iter().any(|l| l.contains(&format!("scratch_arrays.c:{line}:"))), "copies for the loop at line {line}:\n{stderr}");
    }
    for threads in [1, 2, 3] {
        let out = run(&exe, Some(threads)).expect("plugin run");
        assert_eq!(compare::compare_outputs(&expected, &out, REL_TOL), None, "{threads} thread(s)");
    }
}

/// The BLIS path in small blocks: every program with a matrix product
/// built for caches of 1 KiB (L1), 16 KiB (L2) and 64 KiB (L3), so that
/// each blocking loop (k blocks, A blocks, B panels, column units) runs
/// many times and every edge case comes up. With the host's caches the
/// blocks hold most of these programs whole (kc 512 on an AVX2 core with
/// a 32 KiB L1): k blocks after the first, which load C back into the
/// accumulators, would go untested. Outputs equal plain -O3's on one and
/// two threads.
#[test]
fn matrix_products_in_small_blocks_match_clang_o3() {
    let tools = tools();
    let dir = tempfile::tempdir().expect("temporary directory");
    let small = ["-mllvm", "-tessera-l1-cache-kib=1", "-mllvm", "-tessera-l2-cache-kib=16", "-mllvm", "-tessera-l3-cache-kib=64"];
    let mut products = 0;
    for src in programs() {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        let exe = dir.path().join(format!("{stem}.small"));
        let stderr = compile_remarks(&tools, &src, &exe, true, true, &small).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let blocked: Vec<&str> = stderr.lines().filter(|l| l.contains("in BLIS blocks")).collect();
        if blocked.is_empty() {
            continue;
        }
        products += blocked.len();
        let kc = |l: &str| l.split(" kc ").nth(1).and_then(|r| r.split(' ').next()).and_then(|k| k.parse::<i64>().ok());
        assert!(blocked.iter().all(|l| kc(l).is_some_and(|k| k <= 64)), "{stem}: the cache options did not shrink the blocks:\n{stderr}");
        let reference = dir.path().join(format!("{stem}.ref"));
        compile(&tools, &src, &reference, false, false).expect("reference build");
        let expected = run(&reference, None).expect("reference run");
        for threads in [1, 2] {
            let out = run(&exe, Some(threads)).unwrap_or_else(|e| panic!("{stem}: {e}"));
            assert_eq!(compare::compare_outputs(&expected, &out, REL_TOL), None, "{stem}, {threads} thread(s)");
        }
    }
    assert!(products >= 10, "only {products} matrix products took the BLIS path");
}

/// Range checks of narrow index arithmetic pick the version: in
/// narrow_index.c the ring index `(unsigned short)(i*m + j)` fits in 16
/// bits at n = 150, m = 300 (optimized code) and wraps at n = 300 (original
/// code); the 32-bit flattened subscripts of transpose_add fit at both;
/// band_sum's bound `j < i + w` in 32 bits fits for w = 5 and wraps for
/// w = 2^32 - 3 (one call each).
#[test]
fn range_checks_run_the_original_code_when_an_index_wraps() {
    let tools = tools();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/programs/narrow_index.c");
    let dir = tempfile::tempdir().expect("temporary directory");
    let reference = dir.path().join("ref");
    compile(&tools, &src, &reference, false, false).expect("reference build");
    let exe = dir.path().join("stats");
    // The range checks are under test, not whether these small kernels
    // pay for them: every SCoP is rewritten.
    let rewritten = compile_with(&tools, &src, &exe, true, false, &["-mllvm", "-tessera-rtc-stats", "-mllvm", "-tessera-rewrite-all"]).expect("plugin build");
    assert!(rewritten >= 3, "only {rewritten} SCoPs rewritten");
    for (args, ring) in [(["150", "300"], "optimized 1, fallback 0"), (["300", "300"], "optimized 0, fallback 1")] {
        let (expected, _) = run_with(&reference, None, &args).expect("reference run");
        let (out, err) = run_with(&exe, None, &args).expect("plugin run");
        assert_eq!(compare::compare_outputs(&expected, &out, REL_TOL), None, "{args:?}");
        let counted = |kernel: &str, what: &str| err.lines().any(|l| l.starts_with(&format!("tessera-rtc-stats: {kernel} ")) && l.ends_with(what));
        assert!(counted("ring_add", ring), "{args:?}: ring_add not counted '{ring}' in:\n{err}");
        assert!(counted("transpose_add", "optimized 1, fallback 0"), "{args:?}: transpose_add in:\n{err}");
        assert!(counted("band_sum", "optimized 1, fallback 1"), "{args:?}: band_sum in:\n{err}");
    }
}

/// One program of tests/e2e/profile through the profile workflow, built in
/// `dir` as `<name>.ref` (plain -O3), `<name>.gen` (instrumented) and
/// `<name>.use` (rebuilt with the profile the instrumented runs wrote).
struct ProfileCase<'a> {
    tools: &'a Tools,
    dir: &'a Path,
    name: &'a str,
}

impl ProfileCase<'_> {
    fn src(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/e2e/profile/{}.c", self.name))
    }

    fn exe(&self, what: &str) -> PathBuf {
        self.dir.join(format!("{}.{what}", self.name))
    }

    fn profile(&self) -> PathBuf {
        self.dir.join(format!("{}.profile", self.name))
    }

    fn build_reference_and_instrumented(&self) {
        compile(self.tools, &self.src(), &self.exe("ref"), false, false).expect("reference build");
        let generate = format!("-tessera-profile-generate={}", self.profile().display());
        // Verified: an invalid recorder call is otherwise compiled silently.
        compile_with(self.tools, &self.src(), &self.exe("gen"), true, false, &["-fverify-intermediate-code", "-mllvm", &generate])
            .expect("instrumented build");
    }

    /// The rebuild with the profile (it fails on any Tessera warning);
    /// returns how many SCoPs were rewritten.
    fn build_with_profile(&self, extra: &[&str]) -> usize {
        let use_profile = format!("-tessera-profile-use={}", self.profile().display());
        let flags: Vec<&str> = ["-mllvm", use_profile.as_str()].into_iter().chain(extra.iter().copied()).collect();
        compile_with(self.tools, &self.src(), &self.exe("use"), true, false, &flags).expect("profile-use build without Tessera warnings")
    }
}

/// The profile-then-recompile workflow (tests/e2e/profile): an instrumented
/// build records the blocking parameters over three runs (two sizes, merged
/// into one file); the rebuild with the profile runs the specialized
/// version for a profiled size and the original code for another, with
/// outputs equal to plain -O3's every time.
#[test]
fn profile_workflow_specializes_profiled_sizes() {
    let tools = tools();
    let dir = tempfile::tempdir().expect("temporary directory");
    // The program, and the value recorded for its kernel at n = 48 and 24
    // (the step n / 8, or n*n - 1 for the bound).
    for (name, hot, cold) in [("decimate", "6", "3"), ("square_bound", "2303", "575")] {
        let case = ProfileCase { tools: &tools, dir: dir.path(), name };
        case.build_reference_and_instrumented();
        let exe = |what: &str| case.exe(what);
        let profile = case.profile();
        let reference = |n: &str| run_with(&exe("ref"), None, &[n]).expect("reference run").0;
        for n in ["48", "48", "24"] {
            let (out, _) = run_with(&exe("gen"), None, &[n]).expect("instrumented run");
            assert_eq!(out, reference(n), "{name}: instrumented build, n={n}");
        }
        let text = std::fs::read_to_string(&profile).expect("the instrumented program wrote the profile");
        assert!(text.starts_with("tessera-profile 1\n"), "{name}: {text}");
        let lines: Vec<&str> = text.lines().collect();
        let tuple = |count: &str, n: &str| lines.iter().any(|l| l.starts_with(&format!("{count} ")) && l.contains(n));
        assert!(tuple("2", hot) && tuple("1", cold), "{name}: both sizes merged into one profile:\n{text}");

        // The specialization is under test: the profiled sizes (n = 48)
        // are small enough for the profitability model to leave the
        // specialized nest alone, so every SCoP is rewritten.
        let specialized = case.build_with_profile(&["-mllvm", "-tessera-rtc-stats", "-mllvm", "-tessera-rewrite-all"]);
        assert!(specialized >= 1, "{name}: nothing rewritten with the profile");
        let (out, err) = run_with(&exe("use"), None, &["48"]).expect("profile-use run");
        assert_eq!(out, reference("48"), "{name}: specialized version");
        let ran = |l: &&str| l.contains("[specialized: ") && l.contains(&format!("= {hot}")) && l.ends_with("optimized 1, fallback 0");
        assert!(err.lines().any(|l| ran(&l)), "{name}: the n=48 version did not run:\n{err}");
        let (out, err) = run_with(&exe("use"), None, &["33"]).expect("profile-use run");
        assert_eq!(out, reference("33"), "{name}: fallback");
        let fell_back = |l: &&str| l.contains("[no specialized version matched]") && l.ends_with("optimized 0, fallback 1");
        assert!(err.lines().any(|l| fell_back(&l)), "{name}: n=33 did not take the original code:\n{err}");
    }
}

/// Programs the fuzzer found wrong only through the profile workflow
/// (tests/e2e/profile): nests that read each other's values, a latch
/// feeding two PHIs at once, and a 65-bit closed form read by a nest. Trained on every size, the rebuild must give
/// valid IR (no Tessera warning) and the reference outputs.
#[test]
fn profile_workflow_regressions() {
    let tools = tools();
    let dir = tempfile::tempdir().expect("temporary directory");
    let sizes: [&[&str]; 3] = [&[], &["7"], &["20"]];
    for name in ["nests_share_value", "phi_copy_order", "wide_closed_form"] {
        let case = ProfileCase { tools: &tools, dir: dir.path(), name };
        case.build_reference_and_instrumented();
        let exe = |what: &str| case.exe(what);
        for args in sizes {
            run_with(&exe("gen"), None, args).expect("instrumented run");
        }
        case.build_with_profile(&[]);
        for args in sizes {
            let expected = run_with(&exe("ref"), None, args).expect("reference run").0;
            assert_eq!(run_with(&exe("use"), None, args).expect("profile-use run").0, expected, "{name}, n = {args:?}");
        }
    }
}
