//! Tests of the loop AST generator: brute-force execution checks and
//! printed snapshots.

mod brute;
mod harness;
mod jam_rows;
mod snapshots;
