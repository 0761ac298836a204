//! SCoP detection and the polyhedral model (docs/design.md: `scop::detect`,
//! `scop::Model`).
//!
//! From the LLVM-free function view (src/ir): scalar evolutions become
//! polynomials (`polynomial`), flattened subscripts are delinearized
//! (`delinearize`), loop bounds and branch conditions become constraints
//! (`conditions`), and `build` assembles the model of a loop nest; facts it
//! relies on are proved with the polyhedral core (`to_poly`), or, for ranges
//! of narrow arithmetic only a run-time test can settle, checked when the
//! region is entered (`ranges`). `detect` runs
//! this over a function and records, for every loop, why it is or is not
//! in a SCoP (`reason`).

pub mod affine;
pub mod body;
pub mod build;
pub(crate) mod cfg;
pub mod conditions;
pub mod delicm;
pub mod delinearize;
pub mod detect;
pub mod export;
#[cfg(test)]
pub(crate) mod kernels;
pub mod mem_calls;
pub mod model;
mod padding;
pub mod poly_scop;
pub mod polynomial;
pub mod print;
mod quotient;
pub mod ranges;
pub mod reason;
pub mod remat;
pub mod reductions;
pub mod rotate;
pub mod to_poly;

pub use detect::{detect, detect_among, Detection, LoopStatus};
pub use model::Model;
pub use poly_scop::PolyScop;
pub use reason::Reason;
