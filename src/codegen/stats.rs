//! `-tessera-rtc-stats`: the generated program counts, per optimized
//! region, how many times the region was entered and how many of those
//! entries passed the run-time checks and ran the optimized code (or, for
//! a loop forking at the entry with too little work for threads, the
//! original code: `parallel::entry_fork`); the rest ran the original code
//! because a run-time check failed. It prints the counts to stderr at exit:
//!
//! ```text
//! tessera-rtc-stats: mm (kernel.c:12): optimized 1, fallback 2
//! ```
//!
//! Each region gets an internal `[2 x i64]` counter (entries, optimized),
//! bumped with relaxed atomic adds because regions may be entered from
//! several threads. One internal function per module,
//! `tessera.rtc.report`, prints one line per region; a constructor
//! registers it with `atexit`.

use super::ok;
use crate::bridge::rewrite::Ir;
use inkwell::builder::Builder;
use inkwell::module::Linkage;
use inkwell::values::{FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp};

const REPORT_FN: &str = "tessera.rtc.report";
const INIT_FN: &str = "tessera.rtc.init";

/// Which count to bump.
#[derive(Clone, Copy)]
pub enum Event {
    Entered = 0,
    Optimized = 1,
}

/// A new counter for the region called `label`, already listed in the
/// module's report.
pub fn new_counter<'a>(ir: &Ir<'a>, label: &str) -> PointerValue<'a> {
    let i64t = ir.context.i64_type();
    let counter = ir.module().add_global(i64t.array_type(2), None, "tessera.rtc.counts");
    counter.set_linkage(Linkage::Internal);
    counter.set_initializer(&i64t.array_type(2).const_zero());
    let ptr = counter.as_pointer_value();
    add_report_line(ir, label, ptr);
    ptr
}

/// The address of `counter[event]`.
fn cell<'a>(ir: &Ir<'a>, b: &Builder<'a>, counter: PointerValue<'a>, event: Event) -> PointerValue<'a> {
    let offset = ir.context.i64_type().const_int(event as u64 * 8, false);
    crate::bridge::rewrite::byte_offset(b, &ir.context, counter, offset, "rtc.count")
}

/// Emits `counter[event] += 1` at the builder's position.
pub fn bump<'a>(ir: &Ir<'a>, b: &Builder<'a>, counter: PointerValue<'a>, event: Event) {
    bump_by(ir, b, counter, event, ir.context.i64_type().const_int(1, false));
}

/// Emits `counter[event] += cond` (0 or 1) at the builder's position.
pub fn bump_if<'a>(ir: &Ir<'a>, b: &Builder<'a>, counter: PointerValue<'a>, event: Event, cond: IntValue<'a>) {
    bump_by(ir, b, counter, event, ok(b.build_int_z_extend(cond, ir.context.i64_type(), "rtc.passed")));
}

fn bump_by<'a>(ir: &Ir<'a>, b: &Builder<'a>, counter: PointerValue<'a>, event: Event, amount: IntValue<'a>) {
    ok(b.build_atomicrmw(AtomicRMWBinOp::Add, cell(ir, b, counter, event), amount, AtomicOrdering::Monotonic));
}

/// Appends to the report function the line printing `counter`.
fn add_report_line<'a>(ir: &Ir<'a>, label: &str, counter: PointerValue<'a>) {
    let report = report_function(ir);
    let ret = report.get_first_basic_block().and_then(|bb| bb.get_terminator()).expect("the report ends in ret");
    let b = ir.context.create_builder();
    b.position_before(&ret);
    let load = |event: Event| ok(b.build_load(ir.context.i64_type(), cell(ir, &b, counter, event), "count")).into_int_value();
    let entered = load(Event::Entered);
    let optimized = load(Event::Optimized);
    let fallback = ok(b.build_int_sub(entered, optimized, "fallback"));
    let fmt = ok(b.build_global_string_ptr("tessera-rtc-stats: %s: optimized %lld, fallback %lld\n", "tessera.rtc.fmt"));
    let name = ok(b.build_global_string_ptr(label, "tessera.rtc.label"));
    let stderr_fd = ir.context.i32_type().const_int(2, false);
    ok(b.build_call(
        dprintf(ir),
        &[stderr_fd.into(), fmt.as_pointer_value().into(), name.as_pointer_value().into(), optimized.into(), fallback.into()],
        "",
    ));
}

/// The module's report function, created (and registered with `atexit`
/// by a constructor) on first use.
fn report_function<'a>(ir: &Ir<'a>) -> FunctionValue<'a> {
    let module = ir.module();
    if let Some(f) = module.get_function(REPORT_FN) {
        return f;
    }
    let void_fn = ir.context.void_type().fn_type(&[], false);
    let report = module.add_function(REPORT_FN, void_fn, Some(Linkage::Internal));
    let b = ir.context.create_builder();
    b.position_at_end(ir.context.append_basic_block(report, "entry"));
    ok(b.build_return(None));

    let ptr = ir.context.ptr_type(AddressSpace::default());
    let atexit = module
        .get_function("atexit")
        .unwrap_or_else(|| module.add_function("atexit", ir.context.i32_type().fn_type(&[ptr.into()], false), None));
    let init = module.add_function(INIT_FN, void_fn, Some(Linkage::Internal));
    b.position_at_end(ir.context.append_basic_block(init, "entry"));
    ok(b.build_call(atexit, &[report.as_global_value().as_pointer_value().into()], ""));
    ok(b.build_return(None));
    ir.append_global_ctor(init);
    report
}

/// `int dprintf(int fd, const char *fmt, ...)` (POSIX): writes to stderr
/// without naming libc's `stderr` object.
fn dprintf<'a>(ir: &Ir<'a>) -> FunctionValue<'a> {
    let module = ir.module();
    module.get_function("dprintf").unwrap_or_else(|| {
        let i32t = ir.context.i32_type();
        let ptr = ir.context.ptr_type(AddressSpace::default());
        module.add_function("dprintf", i32t.fn_type(&[i32t.into(), ptr.into()], true), None)
    })
}
