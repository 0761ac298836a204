//! Property tests of the polyhedral core against brute-force enumeration of
//! integer points in small boxes, plus known hard cases.
//!
//! Random sets come from a tiny deterministic xorshift generator ([`Rng`]).
//! Every generated set keeps its points inside the box `[-B, B]` on every
//! parameter and dimension (except the "unbounded" variants, which are only
//! checked for consistency), and its plain existentials inside `[-L, L]`, so
//! brute force ([`members`]) is exact.

mod gen;
mod props_basic;
mod props_ops;
mod props_more;
mod hard_cases;

pub(crate) use gen::*;
mod large_constants;
