//! Tessera: a polyhedral loop optimizer for LLVM, shipped as a pass plugin.
//!
//! The stages follow `docs/design.md`. The polyhedral core (`poly`)
//! and the later pure stages never see an LLVM type; only `bridge` and
//! `driver` (built with the `llvm` feature) talk to LLVM.

pub mod ast;
pub mod cost;
pub mod deps;
pub mod ir;
pub mod poly;
pub mod profile;
pub mod sched;
pub mod stable;
pub mod schedule;
pub mod scop;
pub mod tile;

#[cfg(feature = "llvm")]
pub mod bridge;
#[cfg(feature = "llvm")]
pub mod codegen;
#[cfg(feature = "llvm")]
pub mod driver;

/// Called by `opt -load-pass-plugin` and `clang -fpass-plugin` after
/// dlopen: the plugin's one exported symbol. Here, where the bridge and
/// the driver meet, so that neither names the other's caller.
#[cfg(feature = "llvm")]
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> bridge::PassPluginLibraryInfo {
    bridge::plugin_info(|ctx, mode, options| driver::run_function(ctx, mode, options).map_err(|e| e.to_string()))
}

/// The plugin's own heap. The polyhedral core allocates and frees many
/// small vectors (constraint rows, tableau columns); with the C library's
/// allocator those calls cost as much time as the core's arithmetic
/// (gsl's cblas/strmm.c: 0.2 s of malloc and free beside 0.2 s of Tessera
/// code). mimalloc's per-thread free lists make them cheap. It serves
/// only the Rust side: the host compiler's `malloc` is left alone.
#[cfg(feature = "llvm")]
#[global_allocator]
static HEAP: mimalloc::MiMalloc = mimalloc::MiMalloc;
