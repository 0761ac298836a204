//! Scheduling: Pluto-style affine schedules for outer parallelism and
//! locality (design.md: `sched`).

pub mod schedule;

pub use schedule::{Band, DimInfo, RowKind, SchedRow, Schedule};
