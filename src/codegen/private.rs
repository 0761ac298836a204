//! Per-thread copies of a loop's scratch arrays (`For::private`, proved by
//! `sched::private`): each thread of the team gets a stack buffer covering
//! the array's accessed bytes, its iterations access the buffer, except the
//! loop's last iteration, which accesses the array itself and so leaves it
//! as the sequential nest does.
//!
//! The buffer goes on the thread's stack, so its size is bounded: a loop
//! whose arrays' accessed ranges exceed [`MAX_PRIVATE_BYTES`] in a run
//! (or whose extent overflows) does not fork; it runs on the calling
//! thread, on the arrays themselves.

use super::checks::{array_extent, array_range};
use super::expr::ExprGen;
use super::{ok, Gen};
use crate::ast::For;
use crate::ir::ValueId;
use inkwell::intrinsics::Intrinsic;
use inkwell::values::{FunctionValue, IntValue, PointerValue};
use inkwell::IntPredicate;

/// The most bytes of copies one thread gets: well within the stack of an
/// OpenMP worker thread (4 MiB by default in LLVM's runtime) and of the
/// calling thread, whatever the function's own frame.
const MAX_PRIVATE_BYTES: i64 = 1 << 17;

/// The copies a loop needs, computed before it forks.
pub(super) struct Copies<'a> {
    /// Per array: its base pointer's value, the first byte accessed (from
    /// the base) and the size of its range.
    arrays: Vec<(ValueId, IntValue<'a>, IntValue<'a>)>,
    /// The copies fit ([`MAX_PRIVATE_BYTES`]): the loop may fork.
    pub fits: IntValue<'a>,
}

/// The copies in one thread (see [`Gen::thread_copies`]).
pub(super) struct ThreadCopies<'a> {
    /// Per array: its base pointer's value, the array, the pointer that
    /// stands for the base in the thread's copy.
    bases: Vec<(ValueId, PointerValue<'a>, PointerValue<'a>)>,
    /// The stack before the buffers (restored after the loop).
    stack: PointerValue<'a>,
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// The extents of loop `f`'s private arrays and whether they fit,
    /// emitted at the builder (before the loop forks); `None` for a loop
    /// without any.
    pub(super) fn private_extents(&mut self, f: &For) -> Result<Option<Copies<'a>>, String> {
        if f.private.is_empty() {
            return Ok(None);
        }
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let mut fits = self.ir.context.bool_type().const_int(1, false);
        let mut total = g.i64(0);
        let mut arrays = vec![];
        for &a in &f.private {
            let range = array_range(self.model, a)?;
            let base = self.model.array(a).base;
            let Some((start, end, overflow)) = array_extent(self.ir, &g, self.model, a, &range, &self.region.params) else { continue };
            let size = ok(self.b.build_int_sub(end, start, "private.size"));
            let size = g.extremum([size, g.i64(0)], true).expect("two values");
            // Each size is checked before the sum: no sum of two overflows.
            let small = ok(self.b.build_int_compare(IntPredicate::SLE, size, g.i64(MAX_PRIVATE_BYTES), "private.small"));
            let exact = ok(self.b.build_not(overflow, "private.exact"));
            fits = ok(self.b.build_and(fits, ok(self.b.build_and(small, exact, "private.ok")), "private.fit"));
            total = ok(self.b.build_int_add(total, size, "private.total"));
            arrays.push((base, start, size));
        }
        let within = ok(self.b.build_int_compare(IntPredicate::SLE, total, g.i64(MAX_PRIVATE_BYTES), "private.within"));
        let fits = ok(self.b.build_and(fits, within, "private.fits"));
        Ok(Some(Copies { arrays, fits }))
    }

    /// A thread's buffers, emitted at the builder (the worker's first
    /// block): sized zero, and the arrays themselves used, when the copies
    /// do not fit (the worker then runs alone, see `parallel_for`).
    pub(super) fn thread_copies(&mut self, c: &Copies<'a>) -> ThreadCopies<'a> {
        let save = stack_intrinsic(self, "llvm.stacksave");
        let stack = ok(self.b.build_call(save, &[], "private.stack")).try_as_basic_value().basic().expect("a pointer").into_pointer_value();
        let g = ExprGen { b: &self.b, ctx: &self.ir.context };
        let mut bases = vec![];
        for &(base, start, size) in &c.arrays {
            let bytes = ok(self.b.build_select(c.fits, size, g.i64(0), "private.bytes")).into_int_value();
            let buffer = ok(self.b.build_array_alloca(self.ir.context.i8_type(), bytes, "tessera.private.array"));
            if let Some(i) = buffer.as_instruction() {
                // Vector loads and stores of the copy: as aligned as any
                // allocation of the array.
                let _ = i.set_alignment(64);
            }
            let back = ok(self.b.build_int_sub(g.i64(0), start, "private.back"));
            let copy = crate::bridge::rewrite::byte_offset(&self.b, &self.ir.context, buffer, back, "private.base");
            let array = self.ir.basic_value(base).into_pointer_value();
            let stands = ok(self.b.build_select(c.fits, copy, array, "private.copy")).into_pointer_value();
            bases.push((base, array, stands));
        }
        ThreadCopies { bases, stack }
    }

    /// Redirects the arrays for an iteration of the loop with counter `t`
    /// running to `ub`: the copies, or the arrays themselves in the last
    /// iteration. Returns the redirections in place before.
    pub(super) fn redirect(&mut self, c: &ThreadCopies<'a>, t: IntValue<'a>, ub: IntValue<'a>) -> Vec<(ValueId, Option<PointerValue<'a>>)> {
        let last = ok(self.b.build_int_compare(IntPredicate::EQ, t, ub, "private.last"));
        let mut before = vec![];
        for &(base, array, copy) in &c.bases {
            let p = ok(self.b.build_select(last, array, copy, "private.here")).into_pointer_value();
            before.push((base, self.region.bases.insert(base, p)));
        }
        before
    }

    /// Puts back the redirections [`Gen::redirect`] replaced.
    pub(super) fn restore_bases(&mut self, before: Vec<(ValueId, Option<PointerValue<'a>>)>) {
        for (base, old) in before {
            match old {
                Some(p) => self.region.bases.insert(base, p),
                None => self.region.bases.remove(&base),
            };
        }
    }

    /// Frees a thread's buffers (emitted after its share of the loop).
    pub(super) fn free_copies(&mut self, c: &ThreadCopies<'a>) {
        let restore = stack_intrinsic(self, "llvm.stackrestore");
        ok(self.b.build_call(restore, &[c.stack.into()], ""));
    }
}

/// The declaration of `llvm.stacksave` or `llvm.stackrestore` for the
/// default address space.
fn stack_intrinsic<'a>(gen: &Gen<'_, 'a, '_>, name: &str) -> FunctionValue<'a> {
    let ptr = gen.ir.context.ptr_type(inkwell::AddressSpace::default());
    let i = Intrinsic::find(name).expect("LLVM has the stack intrinsics");
    i.get_declaration(gen.ir.module(), &[ptr.into()]).expect("declared for pointers")
}
