//! What a rewrite costs and what it can gain, decided before any code is
//! emitted (docs/design.md: the planning stage). Pure: reads the model,
//! the schedules and the loop tree, never LLVM.
//!
//! Rewriting a SCoP is not free. The new nest is emitted next to the
//! original one (kept as the fallback of the run-time checks), tiled bands
//! come as full- and partial-tile copies, OpenMP loops as a forked and a
//! single-thread copy, and LLVM's vectorizers and backend then spend their
//! time on all of it: on a corpus of real programs that cost 1.5x -O3's
//! compile time and 1.3x its code for SCoPs that mostly gained nothing.
//! So planning (`plan::plan_stages`) asks two questions of every SCoP, in
//! this order:
//!
//! - [`profit`]: can the planned schedule gain anything -O3 cannot get by
//!   itself (a new order, tiles, threads; enough data and work for them)?
//! - [`size`]: does the code the rewrite would emit fit the function's and
//!   the module's code-size budgets? If not, the tree is built again
//!   without full/partial tile separation, and if that still does not fit
//!   the SCoP is left alone.
//!
//! Before both, the module's polyhedral work allowance ([`work`]): a
//! module whose planning has spent what its size allows plans no more
//! SCoPs.
//!
//! The answers count things (instances, bytes, instructions), never time,
//! so that the same source gives the same object file under any load.

pub mod profit;
pub mod size;
pub mod work;
