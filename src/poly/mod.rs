//! The polyhedral core of Tessera: exact integer sets and relations.
//!
//! # Running example
//!
//! `[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }` is a [`Set`] (a union
//! of [`BasicSet`]s) over a [`space::Space`] with parameter `n` and tuple
//! `S[i, j]`. Everything is over the **integers**.
//!
//! # Representation
//!
//! * **Columns.** A basic set is a conjunction of affine rows over the
//!   columns `[params | dims | locals | const]` (the constant is last);
//!   inequalities mean `row >= 0`, equalities `row = 0`. A relation
//!   ([`Map`], [`BasicMap`]) is the same type over a space with an input
//!   and an output tuple; its dims are the input dims then the output dims.
//!   There is one representation and one implementation for both.
//! * **Locals** are existentially quantified integer columns. A local may
//!   carry a division annotation `floor(expr / d)` ([`Local::Div`]); its
//!   meaning is always also spelled out by explicit constraints
//!   (`d·q <= expr <= d·q + d - 1`), so annotations only help (printing,
//!   complementing) and dropping one is always sound.
//! * **Arithmetic** ([`int`]) is checked `i64` (with `i128` intermediates)
//!   for the constraint rows; the simplex uses transprecise rationals
//!   ([`num`]: machine words, big integers when a value does not fit), so
//!   its tableau cannot overflow however large the constants of the problem.
//!   Where `i64` rows remain, overflow is reported as
//!   [`PolyError::Overflow`], never wrapped (set `TESSERA_TRACE_OVERFLOW`
//!   in the environment to print where).
//!
//! # Solvers and exactness
//!
//! * [`simplex`]: incremental exact rational simplex (Bland's rule),
//!   clone-based snapshots.
//! * [`ilp`]: integer feasibility / minimisation / lexmin by Hermite-based
//!   exact equality elimination ([`hnf`]), gcd tightening, then branch and
//!   bound. Emptiness, `sample`, `lexmin`/`lexmax` are **exact** over the
//!   integers (or fail with `Budget`/`Overflow`/`Unbounded`).
//! * [`project`]: Fourier–Motzkin elimination returns `(result, exact)`;
//!   `exact` is true only when unit coefficients or Pugh's dark-shadow test
//!   (checked with the ILP) prove the integer projection equals the
//!   shadow; otherwise the result is a rational over-approximation.
//!   `project_out_exists` keeps the variables as existentials and is always
//!   exact. Relation operations ([`map`]) project exactly this way and then
//!   eliminate existentials only when that is exact.
//! * [`set`]: union, intersection, difference (exact; fails with
//!   `Inexact` if the subtrahend has an existential that is neither
//!   eliminable exactly nor recognisable as a division), subset, equality.
//! * [`simplify`]: normalisation, redundancy removal and gist use rational
//!   implication, which is sound for integer sets (same points).
//! * [`bounds`]: parametric min/max of an affine function as affine pieces
//!   with an `exact` flag. [`farkas`]: affine Farkas lemma with multipliers
//!   eliminated by rational Fourier–Motzkin.
//!
//! # Budgets
//!
//! Every query draws from a [`error::Meter`] filled from the thread-local
//! default [`error::Budget`] ([`error::set_default_budget`]); exhausting it
//! gives [`PolyError::Budget`] instead of running away. On top of that a
//! caller can cap the work of many queries together
//! ([`error::set_work_allowance`]): the driver gives each SCoP and each
//! compilation a fixed number of work units, so whether a SCoP is
//! optimized does not depend on the machine's speed or load.
//!
//! # Text
//!
//! [`print`] (via `Display`) and [`parse`] use isl-like notation and
//! round-trip: `parse_set(&s.to_string())` has the same points as `s`.

pub mod answers;
pub mod basic_set;
pub mod bounds;
pub mod error;
pub mod farkas;
pub mod hnf;
pub mod ilp;
pub mod int;
pub mod map;
pub mod num;
pub mod parse;
pub mod print;
pub mod project;
pub mod row;
pub mod set;
pub mod simplex;
pub mod simplify;
pub mod space;

pub use basic_set::{BasicMap, BasicSet, Local};
pub use bounds::{AffBound, ParamBounds};
pub use error::{charge, default_budget, set_default_budget, set_work_allowance, trace_work, with_own_allowance, with_work_cap, work_left, Budget, Meter, PolyError, PolyResult};
pub use farkas::{farkas, ParamForm};
pub use ilp::{IlpResult, Problem};
pub use parse::{parse_basic_set, parse_set, parse_union, ParseError};
pub use set::{Map, Set};
pub use space::{Space, Tuple};

#[cfg(test)]
mod tests;
