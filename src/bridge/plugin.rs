//! The plugin's entry points: what `llvmGetPassPluginInfo` (the one
//! exported symbol, defined in `lib.rs`) returns, and the callback the shim
//! calls for every function, which runs the function's pass given to
//! [`plugin_info`] (the driver's; the bridge names no later stage).
//!
//! No panic may unwind into C++ (LLVM is built without exceptions): every
//! call from the shim runs under `catch_unwind`, and a panic becomes an
//! internal-error status that the shim reports as a warning naming the
//! function, which is then left unchanged.

use super::ffi;
use super::{Changed, FunctionCtx, Mode, Options};
use std::cell::RefCell;
use std::ffi::{c_char, c_void};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

/// What runs on each function: its IR changes, or an internal error's
/// text (the function is then restored).
pub type RunFunction = fn(&FunctionCtx<'_>, Mode, &Options) -> Result<Changed, String>;

/// The pass given to [`plugin_info`].
static PASS: OnceLock<RunFunction> = OnceLock::new();

/// Mirrors `llvm::PassPluginLibraryInfo` of LLVM 22, every field: the host
/// reads the whole struct, and a field left out is stack garbage on its side
/// (LLVM 22 added `PreCodeGenCallback`, which clang calls when non-null).
/// Both sides pin the layout at build time: the assertion below, and the
/// shim's `static_assert` on the C++ struct (plugin.cpp).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_pass_builder_callbacks: extern "C" fn(*mut c_void),
    /// `bool (*)(Module &, TargetMachine &, CodeGenFileType, raw_pwrite_stream &)`:
    /// Tessera does not generate code itself, so always null.
    pre_codegen_callback: Option<unsafe extern "C" fn(*mut c_void, *mut c_void, i32, *mut c_void) -> bool>,
}

const _: () = assert!(
    std::mem::size_of::<PassPluginLibraryInfo>() == 40
        && std::mem::offset_of!(PassPluginLibraryInfo, pre_codegen_callback) == 32
);

/// `LLVM_PLUGIN_API_VERSION` of LLVM 22's `llvm/Plugins/PassPlugin.h`.
const LLVM_PLUGIN_API_VERSION: u32 = 2;

static CALLBACKS: ffi::Callbacks = ffi::Callbacks { run_function };

/// What `llvmGetPassPluginInfo` returns to the host, with `pass` run on
/// every function (the first call's, for the process).
pub fn plugin_info(pass: RunFunction) -> PassPluginLibraryInfo {
    let _ = PASS.set(pass);
    PassPluginLibraryInfo {
        api_version: LLVM_PLUGIN_API_VERSION,
        plugin_name: c"tessera".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr() as *const c_char,
        register_pass_builder_callbacks: register,
        pre_codegen_callback: None,
    }
}

extern "C" fn register(pass_builder: *mut c_void) {
    install_panic_hook();
    // SAFETY: pass_builder is the host's live llvm::PassBuilder; CALLBACKS is static.
    unsafe { ffi::tessera_register_passes(pass_builder, &CALLBACKS) };
}

thread_local! {
    /// Where the panic hook leaves the message and location of a panic, so
    /// the warning can say what went wrong instead of Rust's stderr dump.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        panic::set_hook(Box::new(|info| {
            let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                (*s).to_string()
            } else if let Some(s) = info.payload().downcast_ref::<String>() {
                s.clone()
            } else {
                "panic".to_string()
            };
            let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            let _ = LAST_PANIC.try_with(|p| *p.borrow_mut() = Some(format!("{msg}{place}")));
        }));
    });
}

extern "C" fn run_function(raw: *mut ffi::FunctionCtxRaw, mode: i32) -> i32 {
    // SAFETY: the shim passes its live per-function context.
    let ctx = unsafe { FunctionCtx::from_raw(raw) };
    let mode = match mode {
        ffi::MODE_OPTIMIZE => Mode::Optimize,
        ffi::MODE_PRINT_SCOPS => Mode::PrintScops,
        ffi::MODE_PRINT_DEPS => Mode::PrintDeps,
        ffi::MODE_PRINT_SCHEDULE => Mode::PrintSchedule,
        ffi::MODE_PRINT_AST => Mode::PrintAst,
        other => {
            ctx.set_error(&format!("unknown mode {other}"));
            return ffi::STATUS_INTERNAL_ERROR;
        }
    };
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        let options = Options::read();
        let pass = PASS.get().ok_or("no pass registered")?;
        pass(&ctx, mode, &options)
    }));
    match result {
        Ok(Ok(Changed::Rewritten)) => ffi::STATUS_CHANGED,
        Ok(Ok(Changed::Prepared)) => ffi::STATUS_PREPARED,
        Ok(Ok(Changed::No)) => ffi::STATUS_UNCHANGED,
        Ok(Err(internal)) => {
            ctx.set_error(&internal);
            ffi::STATUS_INTERNAL_ERROR
        }
        Err(_) => {
            let msg = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "panic".into());
            ctx.set_error(&msg);
            ffi::STATUS_INTERNAL_ERROR
        }
    }
}
