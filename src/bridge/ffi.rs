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

pub const STATUS_UNCHANGED: i32 = 0;
pub const STATUS_CHANGED: i32 = 1;
pub const STATUS_INTERNAL_ERROR: i32 = 2;

#[repr(C)]
pub struct Callbacks {
    pub run_function: extern "C" fn(ctx: *mut FunctionCtxRaw, mode: i32) -> i32,
}

#[repr(C)]
#[derive(Default)]
pub struct OptionsRaw {
    pub enable: u8,
    pub force_internal_error: u8,
    pub verbose: u32,
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

    pub fn tessera_ctx_remark(
        ctx: *mut FunctionCtxRaw,
        kind: i32,
        l: *mut LoopRaw,
        name: *const c_char,
        msg: *const c_char,
        len: usize,
    );
    pub fn tessera_ctx_print(ctx: *mut FunctionCtxRaw, text: *const c_char, len: usize);
    pub fn tessera_ctx_set_error(ctx: *mut FunctionCtxRaw, msg: *const c_char, len: usize);
}
