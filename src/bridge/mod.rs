//! The bridge between LLVM and the rest of Tessera: the only module with
//! `unsafe`. It exports `llvmGetPassPluginInfo`, hands the shim the Rust
//! entry points, and wraps the shim's accessors in a safe API
//! ([`FunctionCtx`], [`LoopRef`]) that the driver consumes.

mod ffi;
mod plugin;
pub mod rewrite;
pub mod view;

use std::ffi::{c_char, CString};
use std::marker::PhantomData;

pub use plugin::{plugin_info, PassPluginLibraryInfo, RunFunction};

/// What a run did to the function's IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    No,
    /// Nests only prepared for code generation (preheaders, LCSSA form):
    /// the same code in LLVM's canonical loop form, which needs no cleanup
    /// pipeline after it (zlib's trees.c, where nothing is rewritten, ran
    /// the whole function simplification pipeline again on seven
    /// functions for that).
    Prepared,
    /// New code: rewritten nests, instrumentation or specialized versions.
    Rewritten,
}

/// What the host asked for on one function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Optimize,
    PrintScops,
    PrintDeps,
    PrintSchedule,
    PrintAst,
}

/// Values of the `-tessera-*` options Rust acts on (`-tessera-enable` is
/// checked by the shim before Rust is called).
#[derive(Clone, Debug)]
pub struct Options {
    pub force_internal_error: bool,
    pub verbose: u32,
    pub print_scops: bool,
    pub report: bool,
    /// Where to write each SCoP as JSON.
    pub export_dir: Option<std::path::PathBuf>,
    /// OpenMP code for parallel loops: None follows the module's -fopenmp.
    pub parallel: Option<bool>,
    /// Whether SCoPs whose arrays may overlap are optimized behind
    /// run-time alias checks (otherwise they are left alone).
    pub rtc: bool,
    /// Whether the generated program counts, per region, how often the
    /// optimized and the original code ran, and prints it at exit.
    pub rtc_stats: bool,
    /// Instrument for profiling; the profile's default path.
    pub profile_generate: Option<String>,
    /// Specialize with this profile.
    pub profile_use: Option<std::path::PathBuf>,
    pub profile_max_versions: usize,
    /// Rewrite also the SCoPs that gain nothing from it (single loops with
    /// no parallel loop): the tests and the fuzzer use it to keep the code
    /// generator covered.
    pub rewrite_all: bool,
    /// `-tessera-fuse`: how the scheduler fuses statements.
    pub fuse: Fuse,
    /// `-tessera-concurrent-start`: diamond tiles for wavefront bands.
    pub concurrent_start: bool,
    /// `-tessera-l1-cache-kib`, `-tessera-l2-cache-kib`,
    /// `-tessera-l3-cache-kib` in bytes (0: automatic).
    pub l1_bytes: u64,
    pub l2_bytes: u64,
    pub l3_bytes: u64,
    /// `-tessera-check-schedules`: the brute-force checker on every final
    /// schedule.
    pub check_schedules: bool,
    /// `-tessera-deps-work-limit`: the dependence analysis's work cap per
    /// SCoP (None: the default), to test the over-approximated path.
    pub deps_work_limit: Option<u64>,
    /// `-tessera-sched-work-limit`: the scheduler's work cap per SCoP
    /// (None: the default), to test the source-order fallback.
    pub sched_work_limit: Option<u64>,
    /// `-tessera-ast-max-queries`: loop generation's query limit (None:
    /// the default), to test the simpler-nest fallback.
    pub ast_max_queries: Option<u64>,
    /// `-tessera-matmul`: matmul-like statements in the BLIS structure.
    pub matmul: bool,
    /// `-tessera-thread-only-growth`: percent of the module's instructions
    /// that rewrites gaining only threads may add in all (`cost::size`).
    pub thread_only_growth: u64,
    /// `-tessera-work-per-instruction`: the polyhedral work a module may
    /// spend per instruction (`cost::work`; 0: no limit of its own).
    pub work_per_instruction: u64,
}

impl Options {
    pub fn read() -> Options {
        let mut raw = ffi::OptionsRaw::default();
        // SAFETY: the shim fills a plain struct it does not keep.
        unsafe { ffi::tessera_get_options(&mut raw) };
        Options {
            force_internal_error: raw.force_internal_error != 0,
            verbose: raw.verbose,
            print_scops: raw.print_scops != 0,
            report: raw.report != 0,
            rtc: raw.rtc != 0,
            rtc_stats: raw.rtc_stats != 0,
            // SAFETY: the shim hands out NUL-terminated strings owned by the options.
            profile_generate: unsafe { c_string(raw.profile_generate) },
            profile_use: unsafe { c_string(raw.profile_use) }.filter(|s| !s.is_empty()).map(Into::into),
            profile_max_versions: raw.profile_max_versions as usize,
            rewrite_all: raw.rewrite_all != 0,
            l1_bytes: u64::from(raw.l1_kib) * 1024,
            l2_bytes: u64::from(raw.l2_kib) * 1024,
            l3_bytes: u64::from(raw.l3_kib) * 1024,
            check_schedules: raw.check_schedules != 0,
            concurrent_start: raw.concurrent_start != 0,
            fuse: match raw.fuse {
                1 => Fuse::Max,
                2 => Fuse::None,
                _ => Fuse::Smart,
            },
            deps_work_limit: (raw.deps_work_limit != 0).then_some(raw.deps_work_limit),
            ast_max_queries: (raw.ast_max_queries != 0).then_some(raw.ast_max_queries),
            sched_work_limit: (raw.sched_work_limit != 0).then_some(raw.sched_work_limit),
            matmul: raw.matmul != 0,
            thread_only_growth: u64::from(raw.thread_only_growth),
            work_per_instruction: raw.work_per_instruction,
            parallel: match raw.parallel {
                0 => Some(false),
                1 => Some(true),
                _ => None,
            },
            export_dir: if raw.export_dir.is_null() {
                None
            } else {
                // SAFETY: the shim hands out the option's own NUL-terminated string.
                let s = unsafe { std::ffi::CStr::from_ptr(raw.export_dir) }.to_string_lossy().into_owned();
                (!s.is_empty()).then(|| std::path::PathBuf::from(s))
            },
        }
    }
}

/// A C string from the shim; None for NULL.
///
/// # Safety
/// `p` is NULL or a NUL-terminated string alive during the call.
unsafe fn c_string(p: *const c_char) -> Option<String> {
    (!p.is_null()).then(|| std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
}

/// Runs `f` when the process exits (the host compiler's `exit`). `f` must
/// not unwind. Registration failing (the C library's table is full) only
/// loses what `f` would print.
pub fn at_exit(f: extern "C" fn()) {
    // SAFETY: registers a plain function with no captured state; the
    // plugin stays mapped until the process exits (-z nodelete), so `f`
    // is still there when it runs.
    unsafe { libc::atexit(f) };
}

/// `-tessera-fuse`'s values (the driver maps them to the scheduler's
/// policies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fuse {
    Smart,
    Max,
    None,
}

/// What LLVM's target description (TTI) says of the function's machine;
/// 0 where it says nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetFacts {
    /// Width of the fixed-width vector registers, in bits.
    pub vector_bits: u32,
    /// The widest vectors code may use when it asks for them (at least
    /// `vector_bits`; 512 on x86 with AVX-512 even where 256 is preferred).
    pub wide_vector_bits: u32,
    /// How many vector registers the target has (0: unknown).
    pub vector_regs: u32,
    /// L1 data and L2 cache sizes, in bytes.
    pub l1_bytes: u64,
    pub l2_bytes: u64,
    /// The L1 data cache's associativity (0: unknown).
    pub l1_ways: u32,
    /// The function is compiled for the CPU of the compiling machine
    /// (`-march=native`).
    pub host_cpu: bool,
}

/// A piece of a remark's message: plain text, or a named argument
/// (its key, and its text in the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemarkPart {
    Text(String),
    Arg(&'static str, String),
}

/// Which remark stream a message goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    /// `-Rpass=tessera`: a transformation was done.
    Passed,
    /// `-Rpass-missed=tessera`: a region was found but not transformed.
    Missed,
    /// `-Rpass-analysis=tessera`: why a loop is (not) in a SCoP.
    Analysis,
}

/// One function being processed, valid for the duration of one callback.
pub struct FunctionCtx<'a> {
    raw: *mut ffi::FunctionCtxRaw,
    _host: PhantomData<&'a mut ()>,
}

/// A loop of the function's LoopInfo, valid as long as its [`FunctionCtx`].
#[derive(Clone, Copy)]
pub struct LoopRef<'a> {
    raw: *mut ffi::LoopRaw,
    _ctx: PhantomData<&'a ()>,
}

impl<'a> FunctionCtx<'a> {
    /// # Safety
    /// `raw` must be the live context the shim passed to the callback.
    unsafe fn from_raw(raw: *mut ffi::FunctionCtxRaw) -> Self {
        FunctionCtx { raw, _host: PhantomData }
    }

    /// Whether the module was compiled with -fopenmp.
    /// What the target says of its machine.
    pub fn target(&self) -> TargetFacts {
        let (mut bits, mut wide, mut regs, mut l1, mut l2, mut ways, mut host) = (0u32, 0u32, 0u32, 0u64, 0u64, 0u32, 0i32);
        // SAFETY: the shim writes seven plain values.
        unsafe { ffi::tessera_ctx_target(self.raw, &mut bits, &mut wide, &mut regs, &mut l1, &mut l2, &mut ways, &mut host) };
        TargetFacts { vector_bits: bits, wide_vector_bits: wide, vector_regs: regs, l1_bytes: l1, l2_bytes: l2, l1_ways: ways, host_cpu: host != 0 }
    }

    /// Whether the pipeline's loop vectorizer takes only the loops that
    /// ask for it (clang `-fno-vectorize`): then none of Tessera's asks.
    pub fn vectorize_forced_only(&self) -> bool {
        // SAFETY: plain query on the live context.
        unsafe { ffi::tessera_ctx_vectorize_forced_only(self.raw) != 0 }
    }

    /// An identity of the function's module (its address), for
    /// accounting per module; never dereferenced.
    pub fn module_id(&self) -> usize {
        // SAFETY: plain query on the live context.
        unsafe { ffi::tessera_ctx_module_id(self.raw) as usize }
    }

    /// The instructions of all function bodies of the module (a walk over
    /// the whole module: call it once per module).
    pub fn module_instructions(&self) -> u64 {
        // SAFETY: plain query on the live context.
        unsafe { ffi::tessera_ctx_module_instructions(self.raw) }
    }

    /// The callback's function, for LLVM's C API.
    pub(crate) fn function_ref(&self) -> llvm_sys::prelude::LLVMValueRef {
        // SAFETY: a plain query on the live context.
        unsafe { ffi::tessera_ctx_function(self.raw) as llvm_sys::prelude::LLVMValueRef }
    }

    /// Whether the function may not call the C library's functions
    /// beyond what LLVM itself emits calls to (memset, memcpy):
    /// `-ffreestanding` (a kernel, firmware: no aligned_alloc to link
    /// against) and `-fno-builtin` both mark it `"no-builtins"`.
    pub fn no_library_calls(&self) -> bool {
        const KEY: &str = "no-builtins";
        // SAFETY: the callback's live function; the attribute is only
        // looked up.
        unsafe { !llvm_sys::core::LLVMGetStringAttributeAtIndex(self.function_ref(), llvm_sys::LLVMAttributeFunctionIndex, KEY.as_ptr() as *const c_char, KEY.len() as u32).is_null() }
    }

    /// The target triple of the function's module ("" when it names none)
    /// and LLVM's default one (the host's, which the profiling runtime's
    /// bitcode was compiled for).
    pub fn target_triples(&self) -> (String, String) {
        // SAFETY: the callback's live function; LLVM's strings are copied,
        // the default triple disposed of.
        unsafe {
            let module = llvm_sys::core::LLVMGetTarget(llvm_sys::core::LLVMGetGlobalParent(self.function_ref()));
            let module = std::ffi::CStr::from_ptr(module).to_string_lossy().into_owned();
            let host = llvm_sys::target_machine::LLVMGetDefaultTargetTriple();
            let text = std::ffi::CStr::from_ptr(host).to_string_lossy().into_owned();
            llvm_sys::core::LLVMDisposeMessage(host);
            (module, text)
        }
    }

    pub fn module_has_openmp(&self) -> bool {
        // SAFETY: plain query on the live context.
        unsafe { ffi::tessera_ctx_module_has_openmp(self.raw) != 0 }
    }

    pub fn name(&self) -> String {
        let mut ptr: *const c_char = std::ptr::null();
        // SAFETY: the shim returns a pointer/length into the function's name.
        let len = unsafe { ffi::tessera_ctx_function_name(self.raw, &mut ptr) };
        if ptr.is_null() {
            return String::new();
        }
        // SAFETY: ptr..ptr+len is the function's name, alive during the callback.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
        String::from_utf8_lossy(bytes).into_owned()
    }

    /// Keeps a copy of the function's body: if this run then ends in an
    /// internal error, the shim puts the copy back (no half-rewritten
    /// function reaches later passes). Call before the first change.
    pub fn checkpoint(&self) {
        // SAFETY: the context is alive during the callback.
        unsafe { ffi::tessera_checkpoint(self.raw) }
    }

    /// Puts back the body [`FunctionCtx::checkpoint`] kept (every view and
    /// map of the function is stale then); false when none was kept.
    pub fn restore_checkpoint(&self) -> bool {
        // SAFETY: the context is alive during the callback.
        unsafe { ffi::tessera_restore_checkpoint(self.raw) != 0 }
    }

    /// Outermost loops in program order.
    pub fn top_loops(&self) -> Vec<LoopRef<'_>> {
        // SAFETY: indices are bounded by the count the shim reports.
        let n = unsafe { ffi::tessera_ctx_num_top_loops(self.raw) };
        (0..n)
            .map(|i| LoopRef::new(unsafe { ffi::tessera_ctx_top_loop(self.raw, i) }))
            .collect()
    }

    pub fn remark(&self, kind: RemarkKind, at: Option<LoopRef<'_>>, name: &str, msg: &str) {
        self.remark_parts(kind, at, name, &[RemarkPart::Text(msg.to_string())]);
    }

    /// A remark made of plain text and named arguments (kept apart in
    /// `-fsave-optimization-record`'s YAML).
    pub fn remark_parts(&self, kind: RemarkKind, at: Option<LoopRef<'_>>, name: &str, parts: &[RemarkPart]) {
        let kind = match kind {
            RemarkKind::Passed => 0,
            RemarkKind::Missed => 1,
            RemarkKind::Analysis => 2,
        };
        let name = CString::new(name.replace('\0', "")).unwrap_or_default();
        let keys: Vec<CString> = parts
            .iter()
            .map(|p| match p {
                RemarkPart::Text(_) => CString::default(),
                RemarkPart::Arg(key, _) => CString::new(key.replace('\0', "")).unwrap_or_default(),
            })
            .collect();
        let key_ptrs: Vec<*const c_char> = keys.iter().map(|k| k.as_ptr()).collect();
        let texts: Vec<&str> = parts.iter().map(|p| match p {
            RemarkPart::Text(t) | RemarkPart::Arg(_, t) => t.as_str(),
        }).collect();
        let text_ptrs: Vec<*const c_char> = texts.iter().map(|t| t.as_ptr() as *const c_char).collect();
        let lens: Vec<usize> = texts.iter().map(|t| t.len()).collect();
        let at = at.map_or(std::ptr::null_mut(), |l| l.raw);
        // SAFETY: the arrays and strings outlive the call; the shim copies
        // what it keeps.
        unsafe {
            ffi::tessera_ctx_remark(self.raw, kind, at, name.as_ptr(), key_ptrs.as_ptr(), text_ptrs.as_ptr(), lens.as_ptr(), parts.len())
        };
    }

    /// A remark attached to a loop of the function's view.
    pub fn remark_loop(&self, kind: RemarkKind, map: &view::IrMap, l: crate::ir::LoopId, name: &str, msg: &str) {
        let raw = map.loops[l.0 as usize];
        self.remark(kind, Some(LoopRef::new(raw)), name, msg);
    }

    /// [`FunctionCtx::remark_parts`] attached to a loop of the view.
    pub fn remark_loop_parts(&self, kind: RemarkKind, map: &view::IrMap, l: crate::ir::LoopId, name: &str, parts: &[RemarkPart]) {
        let raw = map.loops[l.0 as usize];
        self.remark_parts(kind, Some(LoopRef::new(raw)), name, parts);
    }

    /// Writes printer output (only printer passes have a stream).
    pub fn print(&self, text: &str) {
        // SAFETY: the shim copies the bytes into its stream.
        unsafe { ffi::tessera_ctx_print(self.raw, text.as_ptr() as *const c_char, text.len()) };
    }

    /// A compiler warning (`warning: ...` from clang and opt).
    pub fn warn(&self, msg: &str) {
        // SAFETY: the shim copies the message.
        unsafe { ffi::tessera_ctx_warn(self.raw, msg.as_ptr() as *const c_char, msg.len()) };
    }

    /// The shim's message for the last failed operation (cleared).
    pub(crate) fn take_error(&self) -> String {
        let mut ptr: *const c_char = std::ptr::null();
        // SAFETY: the shim returns a pointer/length to a string it keeps until the next call.
        unsafe {
            let len = ffi::tessera_ctx_take_error(self.raw, &mut ptr);
            if ptr.is_null() {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len)).into_owned()
        }
    }

    fn set_error(&self, msg: &str) {
        // SAFETY: the shim copies the message.
        unsafe { ffi::tessera_ctx_set_error(self.raw, msg.as_ptr() as *const c_char, msg.len()) };
    }
}

impl<'a> LoopRef<'a> {
    fn new(raw: *mut ffi::LoopRaw) -> Self {
        assert!(!raw.is_null(), "shim returned a null loop");
        LoopRef { raw, _ctx: PhantomData }
    }

    /// Nesting depth, 1 for an outermost loop.
    pub fn depth(&self) -> u32 {
        // SAFETY: raw is a live llvm::Loop.
        unsafe { ffi::tessera_loop_depth(self.raw) }
    }

    pub fn subloops(&self) -> Vec<LoopRef<'a>> {
        // SAFETY: indices are bounded by the count the shim reports.
        let n = unsafe { ffi::tessera_loop_num_subloops(self.raw) };
        (0..n).map(|i| LoopRef::new(unsafe { ffi::tessera_loop_subloop(self.raw, i) })).collect()
    }
}

/// The entries of the host's L1 data TLB for 4 KiB pages, where the
/// processor's own description says (`cpuid`, AMD's leaf 0x8000_0005: EBX
/// bits 16-23); 0 elsewhere (the driver then assumes a default).
pub fn host_dtlb_entries() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `cpuid` exists on every x86-64 processor, and the extended
    // leaf is asked only where the highest one reaches it (newer compilers
    // take the intrinsic as safe: hence the allowance).
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let amd = [vendor.ebx, vendor.edx, vendor.ecx] == [u32::from_le_bytes(*b"Auth"), u32::from_le_bytes(*b"enti"), u32::from_le_bytes(*b"cAMD")];
        if amd && __cpuid(0x8000_0000).eax >= 0x8000_0005 {
            return u64::from((__cpuid(0x8000_0005).ebx >> 16) & 0xff);
        }
    }
    0
}
