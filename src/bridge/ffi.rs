//! Raw declarations of the shim's C ABI (`shim/tessera_shim.h`): keep both in step.

use std::ffi::{c_char, c_void};

#[repr(C)]
pub struct FunctionCtxRaw {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct LoopRaw {
    _opaque: [u8; 0],
}

pub const MODE_OPTIMIZE: i32 = 0;
pub const MODE_PRINT_SCOPS: i32 = 1;
pub const MODE_PRINT_DEPS: i32 = 2;
pub const MODE_PRINT_SCHEDULE: i32 = 3;
pub const MODE_PRINT_AST: i32 = 4;

pub const STATUS_UNCHANGED: i32 = 0;
pub const STATUS_CHANGED: i32 = 1;
pub const STATUS_INTERNAL_ERROR: i32 = 2;
pub const STATUS_PREPARED: i32 = 3;

/// One node of a flattened scalar evolution (`TesseraScevNode`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ScevNodeRaw {
    pub kind: u32,
    pub flags: u32,
    pub bits: u32,
    pub first_child: u32,
    pub num_children: u32,
    pub value: i64,
    pub ptr: *mut c_void,
}

pub const SCEV_CONST: u32 = 0;
pub const SCEV_UNKNOWN: u32 = 1;
pub const SCEV_ADD: u32 = 2;
pub const SCEV_MUL: u32 = 3;
pub const SCEV_UDIV: u32 = 4;
pub const SCEV_ADDREC: u32 = 5;
pub const SCEV_SMAX: u32 = 6;
pub const SCEV_UMAX: u32 = 7;
pub const SCEV_SMIN: u32 = 8;
pub const SCEV_UMIN: u32 = 9;
pub const SCEV_ZEXT: u32 = 10;
pub const SCEV_SEXT: u32 = 11;
pub const SCEV_TRUNC: u32 = 12;
pub const SCEV_PTRTOINT: u32 = 13;
pub const SCEV_COULD_NOT_COMPUTE: u32 = 14;

#[repr(C)]
pub struct Callbacks {
    pub run_function: extern "C" fn(ctx: *mut FunctionCtxRaw, mode: i32) -> i32,
}

#[repr(C)]
pub struct OptionsRaw {
    pub enable: u8,
    pub force_internal_error: u8,
    pub verbose: u32,
    pub print_scops: u8,
    pub report: u8,
    pub export_dir: *const c_char,
    pub parallel: i32,
    pub rtc: u8,
    pub rtc_stats: u8,
    pub profile_generate: *const c_char,
    pub profile_use: *const c_char,
    pub profile_max_versions: u32,
    pub rewrite_all: u8,
    pub fuse: u8,
    pub concurrent_start: u8,
    pub l1_kib: u32,
    pub l2_kib: u32,
    pub check_schedules: u8,
    pub deps_work_limit: u64,
    pub ast_max_queries: u64,
    pub matmul: u8,
    pub thread_only_growth: u32,
    pub l3_kib: u32,
    pub sched_work_limit: u64,
    pub work_per_instruction: u64,
}

impl Default for OptionsRaw {
    fn default() -> Self {
        OptionsRaw {
            enable: 0,
            force_internal_error: 0,
            verbose: 0,
            print_scops: 0,
            report: 0,
            export_dir: std::ptr::null(),
            parallel: -1,
            rtc: 1,
            rtc_stats: 0,
            profile_generate: std::ptr::null(),
            profile_use: std::ptr::null(),
            profile_max_versions: 3,
            rewrite_all: 0,
            fuse: 0,
            concurrent_start: 0,
            l1_kib: 0,
            l2_kib: 0,
            check_schedules: 0,
            deps_work_limit: 0,
            ast_max_queries: 0,
            sched_work_limit: 0,
            matmul: 1,
            // The shim's default is cost::size::THREAD_ONLY_GROWTH_PERCENT;
            // tessera_get_options sets every field.
            thread_only_growth: 0,
            l3_kib: 0,
            // The shim's default is cost::work::WORK_PER_INSTRUCTION.
            work_per_instruction: 0,
        }
    }
}

extern "C" {
    pub fn tessera_register_passes(pass_builder: *mut c_void, callbacks: *const Callbacks);
    pub fn tessera_get_options(out: *mut OptionsRaw);

    pub fn tessera_ctx_function_name(ctx: *mut FunctionCtxRaw, name: *mut *const c_char) -> usize;

    pub fn tessera_ctx_num_top_loops(ctx: *mut FunctionCtxRaw) -> usize;
    pub fn tessera_ctx_top_loop(ctx: *mut FunctionCtxRaw, index: usize) -> *mut LoopRaw;
    pub fn tessera_loop_num_subloops(l: *mut LoopRaw) -> usize;
    pub fn tessera_loop_subloop(l: *mut LoopRaw, index: usize) -> *mut LoopRaw;
    pub fn tessera_loop_depth(l: *mut LoopRaw) -> u32;

    pub fn tessera_ctx_function(ctx: *mut FunctionCtxRaw) -> *mut c_void;
    pub fn tessera_loop_header(l: *mut LoopRaw) -> *mut c_void;
    pub fn tessera_loop_preheader(l: *mut LoopRaw) -> *mut c_void;
    pub fn tessera_loop_latch(l: *mut LoopRaw) -> *mut c_void;
    pub fn tessera_loop_num_blocks(l: *mut LoopRaw) -> usize;
    pub fn tessera_loop_block(l: *mut LoopRaw, index: usize) -> *mut c_void;
    pub fn tessera_loop_num_exits(l: *mut LoopRaw) -> usize;
    pub fn tessera_loop_exit(l: *mut LoopRaw, index: usize) -> *mut c_void;
    pub fn tessera_loop_user_pragma(l: *mut LoopRaw) -> *const c_char;
    pub fn tessera_loop_unroll_disabled(l: *mut LoopRaw) -> i32;
    pub fn tessera_loop_loc(
        l: *mut LoopRaw,
        line: *mut u32,
        col: *mut u32,
        file: *mut *const c_char,
        file_len: *mut usize,
    ) -> i32;
    pub fn tessera_loop_counter_name(l: *mut LoopRaw, name: *mut *const c_char, len: *mut usize) -> i32;
    pub fn tessera_ctx_loop_for(ctx: *mut FunctionCtxRaw, block: *mut c_void) -> *mut LoopRaw;
    pub fn tessera_ctx_scev_of(
        ctx: *mut FunctionCtxRaw,
        value: *mut c_void,
        nodes: *mut *const ScevNodeRaw,
        children: *mut *const u32,
    ) -> usize;
    pub fn tessera_ctx_backedge_bits(ctx: *mut FunctionCtxRaw, l: *mut LoopRaw) -> u32;
    pub fn tessera_ctx_backedge_taken(
        ctx: *mut FunctionCtxRaw,
        l: *mut LoopRaw,
        nodes: *mut *const ScevNodeRaw,
        children: *mut *const u32,
    ) -> usize;
    pub fn tessera_call_is_pure(call: *mut c_void) -> i32;
    pub fn tessera_call_sets_only_errno(call: *mut c_void) -> i32;
    pub fn tessera_arg_is_noalias(function: *mut c_void, index: u32) -> i32;

    pub fn tessera_ctx_prepare_loop(ctx: *mut FunctionCtxRaw, l: *mut LoopRaw, changed: *mut i32) -> *mut c_void;
    pub fn tessera_ctx_expand_mem_call(ctx: *mut FunctionCtxRaw, call: *mut c_void, elem_bytes: u32) -> i32;
    pub fn tessera_restore_checkpoint(ctx: *mut FunctionCtxRaw) -> i32;
    pub fn tessera_ctx_expand_counter(ctx: *mut FunctionCtxRaw, l: *mut LoopRaw, before: *mut c_void) -> *mut c_void;
    pub fn tessera_ctx_expand_exit_value(ctx: *mut FunctionCtxRaw, l: *mut LoopRaw, v: *mut c_void, before: *mut c_void) -> *mut c_void;
    pub fn tessera_mark_loop(
        latch_branch: *mut c_void,
        accesses: *mut *mut c_void,
        num_accesses: usize,
        parallel: i32,
        vectorize: i32,
        no_unroll: i32,
    );
    pub fn tessera_annotate_alias_scopes(accesses: *mut *mut c_void, arrays: *const u32, n: usize);
    pub fn tessera_ctx_verify(ctx: *mut FunctionCtxRaw) -> i32;
    pub fn tessera_value_source_name(v: *mut c_void, name: *mut *const c_char, len: *mut usize) -> i32;
    pub fn tessera_ctx_warn(ctx: *mut FunctionCtxRaw, msg: *const c_char, len: usize);
    pub fn tessera_ctx_specialize_loop(
        ctx: *mut FunctionCtxRaw,
        l: *mut LoopRaw,
        cond: *mut c_void,
        params: *mut *mut c_void,
        consts: *const i64,
        n: usize,
        clone_header: *mut *mut c_void,
    ) -> *mut c_void;
    pub fn tessera_phi_remove_incoming(phi: *mut c_void, block: *mut c_void);
    pub fn tessera_ctx_take_error(ctx: *mut FunctionCtxRaw, out: *mut *const c_char) -> usize;
    pub fn tessera_append_global_ctor(f: *mut c_void);
    pub fn tessera_ctx_module_has_openmp(ctx: *mut FunctionCtxRaw) -> i32;
    pub fn tessera_omp_query(ctx: *mut FunctionCtxRaw, which: i32) -> *mut c_void;
    pub fn tessera_outline_parallel(ctx: *mut FunctionCtxRaw, blocks: *mut *mut c_void, n: usize, fork: *mut c_void) -> i32;
    pub fn tessera_checkpoint(ctx: *mut FunctionCtxRaw);
    pub fn tessera_ctx_module_id(ctx: *mut FunctionCtxRaw) -> *const c_void;
    pub fn tessera_ctx_module_instructions(ctx: *mut FunctionCtxRaw) -> u64;
    pub fn tessera_ctx_vectorize_forced_only(ctx: *mut FunctionCtxRaw) -> i32;
    pub fn tessera_ctx_target(ctx: *mut FunctionCtxRaw, vector_bits: *mut u32, wide_vector_bits: *mut u32, vector_regs: *mut u32, l1: *mut u64, l2: *mut u64, l1_ways: *mut u32, host_cpu: *mut i32);

    pub fn tessera_ctx_remark(
        ctx: *mut FunctionCtxRaw,
        kind: i32,
        l: *mut LoopRaw,
        name: *const c_char,
        keys: *const *const c_char,
        texts: *const *const c_char,
        lens: *const usize,
        n: usize,
    );
    pub fn tessera_ctx_print(ctx: *mut FunctionCtxRaw, text: *const c_char, len: usize);
    pub fn tessera_ctx_set_error(ctx: *mut FunctionCtxRaw, msg: *const c_char, len: usize);
}
