//! The polyhedral work a module may spend planning its SCoPs, in
//! proportion to its size: the compile-time counterpart of the code-size
//! budgets ([`super::size`]).
//!
//! -O3's own compile time grows with the module's code: over gsl's files
//! that take at least 0.2 s, 0.26-0.53 ms of CPU time per IR instruction
//! at the point where Tessera runs (cblas/ctrmm.c: 0.41 s for 1324
//! instructions; fft/fft.c: 2.94 s for 11285). Planning's time grows with
//! the nests instead: a triangular product of complex numbers needs 3-4e8
//! work units whatever the file around it, and a unit costs about 0.3 ns
//! on the reference machine. Without a limit of its own, a module of
//! mid-sized nests spends more on planning than -O3 spends on the whole
//! file: ctrmm.c planned its ten nests for 1.27e9 units (2.1x -O3's
//! compile time) and rewrote none.
//!
//! So a module may spend [`WORK_PER_INSTRUCTION`] units per instruction
//! (about a quarter of -O3's time on it, leaving the rest of the corpus
//! goal of 1.5x for what LLVM's passes spend on the code rewrites emit),
//! or the floor when that is more: a file whose point is one kernel gets
//! enough for it ([`WORK_FLOOR`]), as it gets the code-size floor. Counted
//! in work units, never in time: the same source gives the same object
//! file on any machine and under any load.

/// Work units a module may spend per IR instruction (the default of
/// `-tessera-work-per-instruction`): 0.25 x 0.26 ms / 0.3 ns ≈ 2.2e5,
/// rounded down.
pub const WORK_PER_INSTRUCTION: u64 = 200_000;

/// The polyhedral work any kernel file may spend, whatever its size: the
/// largest need among the bench kernels is 4.1e8 units (a Cholesky
/// factorization, 210 instructions), among the end-to-end programs of one
/// kernel 3.6e8.
pub const WORK_FLOOR: u64 = 500_000_000;

/// Modules up to this size (IR instructions) get the whole floor: the
/// bench kernels' files hold 150-380 instructions.
pub const FULL_WORK_FLOOR_MODULE: u64 = 300;

/// Modules from this size on get no floor, only their
/// [`WORK_PER_INSTRUCTION`]; between the two sizes the floor shrinks
/// linearly. A file of 500 instructions is a library's file of several
/// routines (gsl's cblas/ssymm.c: 395 instructions, two symmetric
/// products in eight cases, 0.21 s at -O3, 3.4e8 units of planning with
/// the whole floor: 1.94x).
pub const NO_WORK_FLOOR_MODULE: u64 = 500;

/// Polyhedral work allowed over a module of `size` instructions at
/// `per_instruction` units each (0: no limit of the module's own).
pub fn module_work_allowance(size: u64, per_instruction: u64) -> u64 {
    if per_instruction == 0 {
        return u64::MAX;
    }
    let floor = if size <= FULL_WORK_FLOOR_MODULE {
        WORK_FLOOR
    } else {
        let room = NO_WORK_FLOOR_MODULE.saturating_sub(size) as u128;
        (room * WORK_FLOOR as u128 / (NO_WORK_FLOOR_MODULE - FULL_WORK_FLOOR_MODULE) as u128) as u64
    };
    size.saturating_mul(per_instruction).max(floor)
}

/// What is left of a module's allowance when a SCoP is planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkLeft {
    pub left: u64,
    /// The whole allowance ([`module_work_allowance`]; `u64::MAX`: none).
    pub allowed: u64,
}

impl WorkLeft {
    /// Why a SCoP is not planned once the allowance is spent.
    pub fn spent(&self) -> String {
        format!("the module's budget for polyhedral work is spent ({})", self.how_much())
    }

    /// What a remark adds when a SCoP ran out of work on what the
    /// allowance had left.
    pub fn ran_out(&self) -> String {
        format!("on what was left of the module's budget for polyhedral work, {}", self.how_much())
    }

    fn how_much(&self) -> String {
        format!("{} work units in proportion to its size; -mllvm -tessera-work-per-instruction raises it, 0 lifts it", self.allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_files_get_the_floor_and_libraries_their_size() {
        assert_eq!(module_work_allowance(200, WORK_PER_INSTRUCTION), WORK_FLOOR);
        assert_eq!(module_work_allowance(FULL_WORK_FLOOR_MODULE, WORK_PER_INSTRUCTION), WORK_FLOOR);
        // Half way: half the floor, more than the size's share.
        assert_eq!(module_work_allowance(400, WORK_PER_INSTRUCTION), WORK_FLOOR / 2);
        assert_eq!(module_work_allowance(NO_WORK_FLOOR_MODULE, WORK_PER_INSTRUCTION), 100_000_000);
        assert_eq!(module_work_allowance(1324, WORK_PER_INSTRUCTION), 264_800_000);
        // Past the floor's end the allowance grows with the module again.
        assert!(module_work_allowance(NO_WORK_FLOOR_MODULE + 1, WORK_PER_INSTRUCTION) > module_work_allowance(NO_WORK_FLOOR_MODULE, WORK_PER_INSTRUCTION));
        assert_eq!(module_work_allowance(10, 0), u64::MAX);
        assert_eq!(module_work_allowance(u64::MAX, WORK_PER_INSTRUCTION), u64::MAX);
    }
}
