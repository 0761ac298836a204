//! Whether a schedule keeps a SCoP's meaning: the two legality checks,
//! apart from the stages that make schedules.
//!
//! * [`live`]: the symbolic live-range check (GRAPHITE, seed 003). The
//!   scheduler, distribution and the tiler ignore the memory-based
//!   dependences of some scalars; a schedule they make is legal on such a
//!   scalar only when no write of it lands inside a live range of one of
//!   its values, no read of its incoming value follows a write, and its
//!   last write stays last. Exact relation operations on the
//!   dependences (`crate::deps`), decided for every schedule tried, so
//!   it is part of the pipeline's reasoning.
//! * [`check`]: the brute-force checker. It shares nothing with the
//!   dependence analysis or the scheduler: at small parameter values it
//!   enumerates the instances, orders them by the original and the new
//!   schedule, and compares every pair of accesses to a cell (the
//!   relaxations the stages use included, parallel marks and jam marks
//!   checked on the time stamps). Planning runs it on each final
//!   schedule under `-tessera-check-schedules` (on in the e2e suite and
//!   the fuzzers) and keeps the original code when it rejects one.
//!
//! Running example, matrix multiply with the accumulator `s` promoted to a
//! scalar: the scheduler ignores `s`'s anti and output dependences, and
//! [`live::broken_live_ranges`] confirms that under `(i, j, k)` every
//! live range of `s` stays in one `(i, j)` iteration; [`check::check`]
//! then runs `n = 3`'s 27 instances of the product in both orders and
//! finds every read of `C[1][2]` seeing the same write as before.
//!
//! Imports `deps`, `schedule`, `scop` and `poly`; no stage that makes a
//! schedule (`sched`, `tile`) is imported, and all of them import this.

pub mod check;
pub mod live;
