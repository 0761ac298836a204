//! Tessera: a polyhedral loop optimizer for LLVM, shipped as a pass plugin.
//!
//! The stages follow `docs/architecture.md`. The polyhedral core
//! (`poly`) and the pure stages (`ir`, `scop`, `deps`, `schedule`,
//! `sched`, `tile`, `ast`, `cost`, `plan`, `profile`) never see an LLVM
//! type; only `bridge` (the one place with `unsafe`: the C API and the
//! C++ shim), `codegen` and `driver` (through inkwell's safe wrappers)
//! talk to LLVM, and only they are built with the `llvm` feature.

/// Defines a typed index into one table of a stage's result (a SCoP's
/// statements, its dependences): a `u32` newtype with `index()` (its
/// position in the table) and `at(i)` (the id at position `i`), ordered
/// as the positions are, so that sets and maps of ids iterate in table
/// order. A bare `usize` would let a statement's number index the
/// dependences, or a dimension's number stand for a statement.
macro_rules! typed_index {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            /// The position in its table.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id at position `i`.
            pub fn at(i: usize) -> $name {
                $name(u32::try_from(i).expect(concat!("fewer than 2^32 ", $what)))
            }
        }
    };
}

pub mod ast;
pub mod cost;
pub mod deps;
pub mod ir;
pub mod legality;
pub mod plan;
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
///
/// Built without transparent huge pages (Cargo.toml: `no_thp`): by
/// default mimalloc asks the kernel for them on its arenas, and in a
/// compile of a fraction of a second every first touch of a 2 MiB region
/// then zeroes all of it. In gsl's cblas/cher2k.c, with Tessera's
/// planning cut to nothing, the kernel's page clearing was 8% of the
/// whole compile's samples (`perf record`), as much as Tessera's own
/// code besides; without huge pages it is gone and the compile's peak
/// memory is 9 MB smaller (123 MB; -O3 alone: 111 MB). The option only
/// leaves out mimalloc's `madvise` call: unlike its run-time switch, it
/// does not turn huge pages off for the host process.
#[cfg(feature = "llvm")]
#[global_allocator]
static HEAP: mimalloc::MiMalloc = mimalloc::MiMalloc;
