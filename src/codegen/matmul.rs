//! The BLIS structure for a matmul-like statement (`sched::gemm`; the
//! loop carrying `For::matmul`).
//!
//! ```text
//! buf = aligned_alloc(64, ...)       // once per run of the nest (per thread:
//!                                    // the enclosing jc loop is the one on threads)
//! for pc in k by KC:
//!   pack B: Bp[j / NR][k][j % NR] = b(k, j)     (zero past the last column)
//!   for ic in i by MC:
//!     pack A: Ap[i / MR][k][i % MR] = a(i, k)   (zero past the last row)
//!     for jr in j by NR: for ir in i by MR:
//!       acc[MR][NR / VL] = C block (a zeroed copy at the edges)
//!       for k in pc: acc[ii][jv] = f(acc, broadcast Ap[..][ii], Bp[..][jv])
//!       C block = acc
//! free(buf)
//! ```
//!
//! `a(i, k)` and `b(k, j)` are not only loads: the statement's
//! instructions are split by what they depend on (its A-side reads use no
//! `j`, its B-side reads no `i`), and the packing loops evaluate, with the
//! statement's own instructions, the values where the two sides meet the
//! arithmetic that needs both (`alpha * A[i][k]` is packed, multiplied
//! once per element instead of once per use). The micro-kernel applies
//! the rest of the statement's instructions, the same opcodes and flags
//! on vectors of VL lanes (`llvm.fmuladd` stays `llvm.fmuladd`, a separate
//! `fmul`/`fadd` stays separate), to its accumulators in `k` order: each
//! cell sees the same operations in the same order as in the source, so
//! the results are bit for bit the original's. Edge blocks run the same
//! kernel on a zero-filled MR×NR copy (the padded lanes compute values no
//! one stores). Small nests, and a failed allocation, run the plain nest.
//!
//! When each row of C has its own columns (`j <= i`, a band: the `j`
//! bounds use `i`), the structure spans the rows that have a column and
//! the columns of all rows, found by one walk over the rows; each MR×NR
//! block of C is then classified by its rows' ranges: a block inside the
//! domain runs as a full one, a block outside it is skipped, and a block
//! across its edge runs on the zero-filled copy, into which and out of
//! which only the domain's cells are copied. Cells outside the domain are
//! neither read nor written, and the packed operands are read only
//! between the rows and columns the original code reads.

use super::stmt::StmtCopy;
use super::{ok, Gen};
use crate::ast::matmul::{with_columns, MatmulNest};
use crate::ast::{Aff, Expr, For, Node};
use crate::bridge::rewrite::byte_offset;
use crate::ir::{Op, Opcode, Type, ValueId};
use crate::sched::gemm::{kernel_body, KernelBody as Body, Side};
use crate::scop::model::Target;
use inkwell::types::{BasicTypeEnum, FloatType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, IntValue, PointerValue, VectorValue};
use inkwell::attributes::AttributeLoc;
use inkwell::{AddressSpace, IntPredicate};
use std::collections::HashMap;

/// Statement instances below which the plain nest runs: packing and the
/// edge copies cost more than they save on a few thousand products.
const MIN_INSTANCES: i64 = 1 << 12;

/// The packing buffer's alignment, a cache line: the micro-kernel's loads
/// of B's packed panels are declared aligned to a vector (at most 64
/// bytes), and every panel starts at a multiple of a vector from it.
const BUF_ALIGN: i64 = 64;

/// A product's column-panel loop (`floor(j / nc)`) on a thread team, its
/// columns shared: each thread takes an even share of all the product's
/// columns, in whole micro-panels, and walks it in panels of NC, as BLIS
/// splits its `jc` loop. Dealt whole, a few panels share badly: n = 750
/// makes panels of 264, 264 and 222 columns, two threads 528 and 222
/// (1.5x on two threads); n = 560 gave one thread 528 columns of 560.
/// Each cell's products are summed in the same order either way.
///
/// A triangle's columns hold uneven work (a lower triangle's first panel
/// most of it): its panels, cut into equal units of whole micro-panels
/// where there are fewer than two for each thread, are dealt in a snake
/// order (`units`); the panel loop's variable stays bound to each unit's
/// panel, and the unit's columns narrow the nest's own bounds. Dealt
/// whole, the four panels of a rank-k update at n = 1000 ran no faster on
/// 4 to 16 threads than on 2.
pub(super) struct Columns {
    /// The product's nest over the columns in loop variables `var` (a
    /// panel's first) and `var + 1` (its last), past the AST's own.
    pub node: Node,
    pub var: usize,
    /// The `j` bounds of the product's nest, as functions of the panel
    /// loop's variable: at its first and last iteration, the product's
    /// first and last column.
    first: Expr,
    last: Expr,
    pub nc: i64,
    pub(super) nr: i64,
    /// Triangles: units dealt in a snake, each inside one panel.
    pub units: bool,
}

impl Columns {
    /// For loop `f` whose body is one product's nest: with columns that
    /// do not depend on the row, when nothing in that nest but its column
    /// bounds uses `f`'s variable (even shares); a triangle's in units
    /// (`units`). `np`, `nv`: the AST's parameters and loop variables.
    pub fn of(f: &For, np: usize, nv: usize) -> Option<Columns> {
        let [Node::For(fi)] = f.body.as_slice() else { return None };
        let m = fi.matmul.as_deref()?;
        let var_at = |v: usize| {
            let mut a = Aff::zero(np, nv + 2);
            a.vars[v] = 1;
            Expr::Aff(a)
        };
        let bl = m.blocking;
        let (first, last) = (m.lower[1].clone(), m.upper[1].clone());
        if m.rows_vary() {
            let lo = Expr::max_of(vec![first.clone(), var_at(nv)]);
            let hi = Expr::min_of(vec![last.clone(), var_at(nv + 1)]);
            let nest = with_columns(fi, lo, hi, None)?;
            return Some(Columns { node: Node::For(nest), var: nv, first, last, nc: bl.nc, nr: bl.nr, units: true });
        }
        let nest = with_columns(fi, var_at(nv), var_at(nv + 1), Some(f.var))?;
        Some(Columns { node: Node::For(nest), var: nv, first, last, nc: bl.nc, nr: bl.nr, units: false })
    }
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// The first and last column of `c`'s product, the panel loop
    /// (variable `var`) running from `lb` to `ub`, and how many columns
    /// that is.
    pub(super) fn product_columns(&mut self, c: &Columns, var: usize, lb: IntValue<'a>, ub: IntValue<'a>) -> [IntValue<'a>; 3] {
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let saved = self.env.vars[var];
        self.env.vars[var] = Some(lb);
        let first = g.expr(&c.first, &self.env);
        self.env.vars[var] = Some(ub);
        let last = g.expr(&c.last, &self.env);
        self.env.vars[var] = saved;
        let columns = ok(self.b.build_int_nsw_add(ok(self.b.build_int_nsw_sub(last, first, "cols")), g.i64(1), "cols"));
        [first, last, columns]
    }

    /// Thread `tid`'s columns (first, last) of `c`'s product, the panel
    /// loop (variable `var`) running from `lb` to `ub` on `nt` threads.
    pub(super) fn column_share(&mut self, c: &Columns, var: usize, lb: IntValue<'a>, ub: IntValue<'a>, nt: IntValue<'a>, tid: IntValue<'a>) -> (IntValue<'a>, IntValue<'a>) {
        let [first, last, columns] = self.product_columns(c, var, lb, ub);
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        // micro = ceil(columns / NR); share = ceil(micro / nt) * NR
        let micro = g.ceil_div(columns, g.i64(c.nr));
        let per = g.ceil_div(micro, nt);
        let share = ok(self.b.build_int_nsw_mul(per, g.i64(c.nr), "share"));
        let lo = ok(self.b.build_int_nsw_add(first, ok(self.b.build_int_nsw_mul(tid, share, "off")), "cols.lo"));
        let end = ok(self.b.build_int_nsw_sub(ok(self.b.build_int_nsw_add(lo, share, "e")), g.i64(1), "e1"));
        (lo, g.extremum([end, last], false).expect("two values"))
    }

    /// A triangle's units ([`Columns`]): their width and how many a panel
    /// holds, for the panel loop `f` running from `lb` to `ub` on `nt`
    /// threads, and the number of units in all. Whole panels while there
    /// are two for each thread (each unit repacks the A blocks, and
    /// narrower panels lost a third on two threads); else each panel is cut
    /// into as many equal units, in whole micro-panels, as give two. A
    /// single panel is cut by its own columns: cut by NC, the units past
    /// the last column were empty (a rank-k update at n = 1000 in one
    /// panel of 2048 columns: three quarters of the work on one thread
    /// of two). The last column is the loop's bound's (`floor(last / NC)`)
    /// where it names one, else the last of any row of the product (a
    /// panel loop of constant bounds: sizes that are constants).
    pub(super) fn column_units(&mut self, c: &Columns, f: &For, lb: IntValue<'a>, ub: IntValue<'a>, nt: IntValue<'a>) -> Result<[IntValue<'a>; 3], String> {
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let panels = ok(self.b.build_int_nsw_add(ok(self.b.build_int_nsw_sub(ub, lb, "panels")), g.i64(1), "panels"));
        let wanted = ok(self.b.build_int_nsw_mul(nt, g.i64(2), "units.wanted"));
        let cuts = g.ceil_div(wanted, g.extremum([panels, g.i64(1)], true).expect("two values"));
        let cuts = g.extremum([cuts, g.i64(c.nc / c.nr)], false).expect("two values");
        let last = match (&f.upper, f.body.as_slice()) {
            (Expr::FloorDiv(last, d), _) if *d == c.nc => Some(super::expr::ExprGen { b: &self.b, ctx: &self.ir.context }.aff(last, &self.env)),
            (_, [Node::For(fi)]) => match fi.matmul.as_deref() {
                Some(m) => {
                    let saved = self.env.vars[f.var].replace(lb);
                    let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
                    let (lo_i, hi_i) = (g.expr(&m.lower[0], &self.env), g.expr(&m.upper[0], &self.env));
                    let hull = self.row_hull(m, lo_i, hi_i);
                    self.env.vars[f.var] = saved;
                    Some(hull?[3])
                }
                None => None,
            },
            _ => None,
        };
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let span = match last {
            Some(last) => {
                let cols = ok(self.b.build_int_nsw_sub(ok(self.b.build_int_nsw_add(last, g.i64(1), "cols.end")), ok(self.b.build_int_nsw_mul(lb, g.i64(c.nc), "cols.start")), "cols"));
                let cols = g.extremum([g.extremum([cols, g.i64(c.nr)], true).expect("two values"), g.i64(c.nc)], false).expect("two values");
                let one = ok(self.b.build_int_compare(IntPredicate::EQ, panels, g.i64(1), "one.panel"));
                ok(self.b.build_select(one, cols, g.i64(c.nc), "span")).into_int_value()
            }
            None => g.i64(c.nc),
        };
        let micro = g.ceil_div(span, ok(self.b.build_int_nsw_mul(cuts, g.i64(c.nr), "u")));
        let width = ok(self.b.build_int_nsw_mul(micro, g.i64(c.nr), "unit"));
        let in_panel = g.ceil_div(span, width);
        let units = ok(self.b.build_int_nsw_mul(panels, in_panel, "units"));
        Ok([width, in_panel, units])
    }

    /// Unit `q` of `c`'s product (`column_units`' `width`, `in_panel`),
    /// the panel loop starting at `lb`: its panel, first and last column.
    pub(super) fn column_unit(&self, c: &Columns, q: IntValue<'a>, lb: IntValue<'a>, width: IntValue<'a>, in_panel: IntValue<'a>) -> [IntValue<'a>; 3] {
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let panel = ok(self.b.build_int_nsw_add(lb, ok(self.b.build_int_signed_div(q, in_panel, "unit.panel")), "unit.panel"));
        let start = ok(self.b.build_int_nsw_mul(panel, g.i64(c.nc), "panel.first"));
        let k = ok(self.b.build_int_signed_rem(q, in_panel, "unit.k"));
        let first = ok(self.b.build_int_nsw_add(start, ok(self.b.build_int_nsw_mul(k, width, "unit.off")), "unit.first"));
        let end = ok(self.b.build_int_nsw_sub(ok(self.b.build_int_nsw_add(first, width, "unit.e")), g.i64(1), "unit.e"));
        let panel_end = ok(self.b.build_int_nsw_add(start, g.i64(c.nc - 1), "panel.last"));
        // A panel's last unit runs to the panel's end, whatever the width
        // (`column_units` cuts a single panel by the columns its loop's
        // bound names: the units cover them, and this covers the rest).
        let last_unit = ok(self.b.build_int_compare(IntPredicate::EQ, k, ok(self.b.build_int_nsw_sub(in_panel, g.i64(1), "unit.lastk")), "unit.is.last"));
        let end = ok(self.b.build_select(last_unit, panel_end, end, "unit.end")).into_int_value();
        [panel, first, g.extremum([end, panel_end], false).expect("two values")]
    }

    /// The loop `f` carrying `m`: the BLIS structure, or the plain nest
    /// when it is small, when the statement's instructions do not fit the
    /// micro-kernel, or when the buffers cannot be allocated.
    pub(super) fn matmul_for(&mut self, f: &For, m: &MatmulNest) -> Result<(), String> {
        let plain = For { matmul: None, ..f.clone() };
        // Decided when the nest was planned (`sched::gemm::kernel_body`):
        // an error here is one of the plain nest's cases.
        let body = match kernel_body(self.region.view, self.model, &m.gemm) {
            Ok(b) => b,
            Err(_) => return self.plain_for(&plain),
        };
        let i64t = self.ir.context.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let (lo, hi): (Vec<IntValue<'a>>, Vec<IntValue<'a>>) = if m.rows_vary() {
            let (lo_i, hi_i) = (g.expr(&m.lower[0], &self.env), g.expr(&m.upper[0], &self.env));
            let (lo_k, hi_k) = (g.expr(&m.lower[2], &self.env), g.expr(&m.upper[2], &self.env));
            let [i_first, i_last, j_first, j_last] = self.row_hull(m, lo_i, hi_i)?;
            (vec![i_first, j_first, lo_k], vec![i_last, j_last, hi_k])
        } else {
            (m.lower.iter().map(|e| g.expr(e, &self.env)).collect(), m.upper.iter().map(|e| g.expr(e, &self.env)).collect())
        };
        let ext: Vec<IntValue<'a>> = (0..3).map(|d| ok(self.b.build_int_sub(ok(self.b.build_int_add(hi[d], c64(1), "hi1")), lo[d], "ext"))).collect();
        let bl = m.blocking;
        let elem: FloatType<'a> = if self.region.view.value(body.acc_in).ty == Type::Double { self.ir.context.f64_type() } else { self.ir.context.f32_type() };
        let eb = if elem == self.ir.context.f64_type() { 8 } else { 4 };
        // Work and buffer sizes (non-negative extents: a product of three
        // 2^20-clamped extents cannot overflow).
        let clamp = |b: &inkwell::builder::Builder<'a>, x: IntValue<'a>| {
            let lo0 = ok(b.build_int_compare(IntPredicate::SLT, x, c64(0), "neg"));
            let x = ok(b.build_select(lo0, c64(0), x, "ext0")).into_int_value();
            let big = ok(b.build_int_compare(IntPredicate::SGT, x, c64(1 << 20), "big"));
            ok(b.build_select(big, c64(1 << 20), x, "extc")).into_int_value()
        };
        let (ni, nj, nk) = (clamp(&self.b, ext[0]), clamp(&self.b, ext[1]), clamp(&self.b, ext[2]));
        let work = ok(self.b.build_int_mul(ok(self.b.build_int_mul(ni, nj, "w")), nk, "w"));
        let mut big = ok(self.b.build_int_compare(IntPredicate::SGE, work, c64(MIN_INSTANCES), "blis"));
        // Buffers as large as this nest needs, no larger: a small product
        // then takes a few KiB from the heap instead of a fresh mapping of
        // MC×KC (the allocator maps large blocks, and the kernel's first
        // touch of each page faults).
        let panels_j = ok(self.b.build_int_unsigned_div(ok(self.b.build_int_add(nj, c64(bl.nr - 1), "pj")), c64(bl.nr), "pj"));
        let panels_i = ok(self.b.build_int_unsigned_div(ok(self.b.build_int_add(self.min64(ni, c64(bl.mc)), c64(bl.mr - 1), "pi")), c64(bl.mr), "pi"));
        let k_rows = self.min64(nk, c64(bl.kc));
        let a_bytes = ok(self.b.build_int_mul(ok(self.b.build_int_mul(panels_i, k_rows, "abytes")), c64(bl.mr * eb), "abytes"));
        let b_bytes = ok(self.b.build_int_mul(ok(self.b.build_int_mul(panels_j, k_rows, "bbytes")), c64(bl.nr * eb), "bbytes"));
        let c_bytes = bl.mr * bl.nr * eb;
        let total = ok(self.b.build_int_add(
            ok(self.b.build_int_add(
                ok(self.b.build_int_mul(b_bytes, c64(body.b_cuts.len() as i64), "t")),
                ok(self.b.build_int_add(ok(self.b.build_int_mul(a_bytes, c64(body.a_cuts.len() as i64), "t")), c64(c_bytes), "t")),
                "t",
            )),
            c64(BUF_ALIGN - 1),
            "total",
        ));
        // aligned_alloc takes a size that is a multiple of the alignment
        // (C11 7.22.3.1; an allocator may refuse any other, and
        // AddressSanitizer stops the program: e2e
        // matmul_triangular_fixed.c under -fsanitize=address).
        let total = ok(self.b.build_and(total, c64(!(BUF_ALIGN - 1)), "total"));
        // aligned_alloc takes size_t, the target's pointer-sized integer (32
        // bits on i386 or wasm32, where i64 arguments would be passed as
        // two words each): a buffer larger than it can count runs the
        // plain nest.
        let module = self.ir.module();
        let size_t = self.ir.context.ptr_sized_int_type(&inkwell::targets::TargetData::create(&module.get_data_layout().as_str().to_string_lossy()), None);
        if size_t.get_bit_width() < 64 {
            let size_max = c64(((1u64 << size_t.get_bit_width()) - 1) as i64);
            let fits = ok(self.b.build_int_compare(IntPredicate::ULE, total, size_max, "fits"));
            big = ok(self.b.build_and(big, fits, "blis"));
        }
        let (blis_bb, plain_bb, done) = (self.new_block("matmul.alloc"), self.new_block("matmul.plain"), self.new_block("matmul.done"));
        ok(self.b.build_conditional_branch(big, blis_bb, plain_bb));
        self.b.position_at_end(blis_bb);
        let ptr_t = self.ir.context.ptr_type(AddressSpace::default());
        let alloc = module.get_function("aligned_alloc").unwrap_or_else(|| module.add_function("aligned_alloc", ptr_t.fn_type(&[size_t.into(), size_t.into()], false), None));
        let free = module.get_function("free").unwrap_or_else(|| module.add_function("free", self.ir.context.void_type().fn_type(&[ptr_t.into()], false), None));
        let size = ok(self.b.build_int_truncate_or_bit_cast(total, size_t, "size"));
        let buf = ok(self.b.build_call(alloc, &[size_t.const_int(BUF_ALIGN as u64, false).into(), size.into()], "matmul.buf")).try_as_basic_value().basic().ok_or("aligned_alloc returns no value")?.into_pointer_value();
        let null = ok(self.b.build_is_null(buf, "nobuf"));
        let run = self.new_block("matmul.run");
        ok(self.b.build_conditional_branch(null, plain_bb, run));
        self.b.position_at_end(run);
        // Buffer layout: B panels, A blocks, the edge block of C.
        let mut bp = vec![];
        for q in 0..body.b_cuts.len() {
            bp.push(byte_offset(&self.b, &self.ir.context, buf, ok(self.b.build_int_mul(b_bytes, c64(q as i64), "off")), "bp"));
        }
        let a_base = ok(self.b.build_int_mul(b_bytes, c64(body.b_cuts.len() as i64), "aoff"));
        let mut ap = vec![];
        for q in 0..body.a_cuts.len() {
            ap.push(byte_offset(&self.b, &self.ir.context, buf, ok(self.b.build_int_add(a_base, ok(self.b.build_int_mul(a_bytes, c64(q as i64), "off")), "off")), "ap"));
        }
        let ctmp = byte_offset(&self.b, &self.ir.context, buf, ok(self.b.build_int_add(a_base, ok(self.b.build_int_mul(a_bytes, c64(body.a_cuts.len() as i64), "off")), "off")), "ctmp");
        let ctx = Blis { lo: [lo[0], lo[1], lo[2]], ext: [ni, nj, nk], ap, bp, ctmp, elem, eb };
        if !self.summary.matmul.iter().any(|(s, _)| *s == m.stmt) {
            self.summary.matmul.push((m.stmt, m.blocking));
        }
        self.allow_vectors(bl.vl * eb * 8);
        self.blis(m, &body, &ctx)?;
        ok(self.b.build_call(free, &[buf.into()], ""));
        ok(self.b.build_unconditional_branch(done));
        self.b.position_at_end(plain_bb);
        self.plain_for(&plain)?;
        ok(self.b.build_unconditional_branch(done));
        self.b.position_at_end(done);
        Ok(())
    }

    /// `for (iv = lb; iv < ub; iv += step)` with values `carried` from one
    /// iteration to the next; `body` returns their next values. Returns
    /// the values after the loop.
    #[allow(clippy::too_many_arguments)]
    fn counted(
        &mut self,
        name: &str,
        shape: Shape,
        lb: IntValue<'a>,
        ub: IntValue<'a>,
        step: i64,
        carried: Vec<BasicValueEnum<'a>>,
        body: &mut LoopBody<'_, 'a, Self>,
    ) -> Result<Vec<BasicValueEnum<'a>>, String> {
        let i64t = self.ir.context.i64_type();
        let (header, exit) = (self.new_block(name), self.new_block(&format!("{name}.exit")));
        let enter = ok(self.b.build_int_compare(IntPredicate::SLT, lb, ub, "enter"));
        let from = self.b.get_insert_block().expect("positioned");
        ok(self.b.build_conditional_branch(enter, header, exit));
        self.b.position_at_end(header);
        let iv = ok(self.b.build_phi(i64t, "iv"));
        let phis: Vec<_> = carried.iter().map(|v| ok(self.b.build_phi(v.get_type(), "carried"))).collect();
        let ivv = iv.as_basic_value().into_int_value();
        let next = body(self, ivv, phis.iter().map(|p| p.as_basic_value()).collect())?;
        let step_v = i64t.const_int(step as u64, true);
        let iv_next = ok(self.b.build_int_nsw_add(ivv, step_v, "iv.next"));
        let again = ok(self.b.build_int_compare(IntPredicate::SLT, iv_next, ub, "again"));
        let latch = self.b.get_insert_block().expect("positioned");
        let branch = ok(self.b.build_conditional_branch(again, header, exit));
        match shape {
            Shape::Kernel => {}
            Shape::Rolled => self.ir.keep_rolled(branch, false),
            Shape::Few => self.ir.keep_rolled(branch, true),
        }
        iv.add_incoming(&[(&lb, from), (&iv_next, latch)]);
        for ((p, init), new) in phis.iter().zip(&carried).zip(&next) {
            p.add_incoming(&[(init as &dyn BasicValue, from), (new as &dyn BasicValue, latch)]);
        }
        self.b.position_at_end(exit);
        let mut out = vec![];
        for (init, new) in carried.iter().zip(&next) {
            let p = ok(self.b.build_phi(init.get_type(), "after"));
            p.add_incoming(&[(init as &dyn BasicValue, from), (new as &dyn BasicValue, latch)]);
            out.push(p.as_basic_value());
        }
        Ok(out)
    }

    /// The first and last column of row `i` (`j`'s bounds at that `i`;
    /// the first is past the last when the row has none).
    fn row_cols(&mut self, m: &MatmulNest, i: IntValue<'a>) -> (IntValue<'a>, IntValue<'a>) {
        let saved = self.env.vars[2].replace(i);
        let g = super::expr::ExprGen { b: &self.b, ctx: &self.ir.context };
        let cols = (g.expr(&m.lower[1], &self.env), g.expr(&m.upper[1], &self.env));
        self.env.vars[2] = saved;
        cols
    }

    /// For a nest whose rows have their own columns, rows `lo_i..=hi_i`:
    /// the first and last row that has a column, and the first and last
    /// column of any row (`[i_first, i_last, j_first, j_last]`; no rows
    /// when none has a column). Walks the rows once: O(rows) next to the
    /// product's O(rows·columns·k).
    fn row_hull(&mut self, m: &MatmulNest, lo_i: IntValue<'a>, hi_i: IntValue<'a>) -> Result<[IntValue<'a>; 4], String> {
        let i64t = self.ir.context.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let end = ok(self.b.build_int_add(hi_i, c64(1), "rows.end"));
        let init = vec![self.ir.context.bool_type().const_zero().into(), c64(0).into(), c64(-1).into(), c64(0).into(), c64(-1).into()];
        let out = self.counted("matmul.rows", Shape::Rolled, lo_i, end, 1, init, &mut |g, i, v| {
            let [seen, first, last, jmin, jmax] = [v[0], v[1], v[2], v[3], v[4]].map(|x| x.into_int_value());
            let (jl, jh) = g.row_cols(m, i);
            let b = &g.b;
            let has = ok(b.build_int_compare(IntPredicate::SLE, jl, jh, "has.cols"));
            let first_now = ok(b.build_and(has, ok(b.build_not(seen, "unseen")), "first.now"));
            let first = ok(b.build_select(first_now, i, first, "first"));
            let last = ok(b.build_select(has, i, last, "last"));
            let lower = g.min64(jmin, jl);
            let lower = ok(b.build_select(seen, lower, jl, "jmin.new"));
            let jmin = ok(b.build_select(has, lower, jmin.into(), "jmin"));
            let lt = ok(b.build_int_compare(IntPredicate::SLT, jmax, jh, "lt"));
            let upper = ok(b.build_select(lt, jh, jmax, "max"));
            let upper = ok(b.build_select(seen, upper, jh.into(), "jmax.new"));
            let jmax = ok(b.build_select(has, upper, jmax.into(), "jmax"));
            let seen = ok(b.build_or(seen, has, "seen"));
            Ok(vec![seen.into(), first, last, jmin, jmax])
        })?;
        Ok([out[1], out[2], out[3], out[4]].map(|x| x.into_int_value()))
    }

    fn min64(&self, x: IntValue<'a>, y: IntValue<'a>) -> IntValue<'a> {
        let lt = ok(self.b.build_int_compare(IntPredicate::SLT, x, y, "lt"));
        ok(self.b.build_select(lt, x, y, "min")).into_int_value()
    }

    /// The statement's counters at coordinates `i`, `j`, `k`, in its loop
    /// order (`Gemm::counters`).
    fn counters(&self, m: &MatmulNest, i: IntValue<'a>, j: IntValue<'a>, k: IntValue<'a>) -> Vec<IntValue<'a>> {
        let i64t = self.ir.context.i64_type();
        m.gemm
            .counters
            .iter()
            .map(|row| {
                let mut acc: Option<IntValue<'a>> = None;
                for (&c, v) in row.iter().zip([i, j, k]) {
                    let term = match c {
                        0 => continue,
                        1 => v,
                        _ => ok(self.b.build_int_nsw_mul(v, i64t.const_int(c as u64, true), "t")),
                    };
                    acc = Some(match acc {
                        None => term,
                        Some(a) => ok(self.b.build_int_nsw_add(a, term, "t")),
                    });
                }
                acc.unwrap_or_else(|| i64t.const_zero())
            })
            .collect()
    }

    /// Emits the instructions of one side for the instance `iter` (scalar
    /// copies of the statement's own) and returns the values of `cuts`.
    fn eval_side(&mut self, m: &MatmulNest, body: &Body, which: Side, iter: Vec<IntValue<'a>>, cuts: &[ValueId]) -> Result<Vec<BasicValueEnum<'a>>, String> {
        let s = self.model.stmt(m.stmt);
        let mut copy = StmtCopy::new(self.ir, &self.b, &self.region, m.stmt, iter);
        for &(v, sd) in &body.order {
            if sd != which {
                continue;
            }
            let clone = copy.clone_here(v)?;
            if clone.get_opcode() == inkwell::values::InstructionOpcode::Load {
                let array = s.accesses.iter().find(|a| a.instr == Some(v)).and_then(|a| if let Target::Array(x) = a.target { Some(x) } else { None });
                if let Some(a) = array {
                    self.arrays.push((clone, a));
                }
            }
            let value = BasicValueEnum::try_from(inkwell::values::AnyValue::as_any_value_enum(&clone)).map_err(|_| "a value-less instruction")?;
            copy.define(v, value);
        }
        // The packed values: the side's instructions, or values hoisted
        // out of the statement's loops, read again from their cells.
        cuts.iter().map(|&c| copy.resolve(c)).collect()
    }

    /// The address of the cell `C[i][j]`.
    fn cell(&mut self, m: &MatmulNest, body: &Body, lo_k: IntValue<'a>, i: IntValue<'a>, j: IntValue<'a>) -> Result<PointerValue<'a>, String> {
        let mut copy = StmtCopy::new(self.ir, &self.b, &self.region, m.stmt, self.counters(m, i, j, lo_k));
        Ok(copy.resolve(body.c_addr)?.into_pointer_value())
    }

    /// Lets the backend keep `bits`-wide vectors whole in this function:
    /// the micro-kernel may use vectors wider than the vectorizers prefer
    /// (`TileConfig::wide_vector_bits`), which x86 would otherwise split
    /// (clang marks each function with the widest vectors its source
    /// uses, in the same attribute). Outlined OpenMP workers inherit it.
    fn allow_vectors(&self, bits: i64) {
        let key = "min-legal-vector-width";
        let f = self.ir.function;
        let now = f.get_string_attribute(AttributeLoc::Function, key).and_then(|a| a.get_string_value().to_str().ok().and_then(|v| v.parse::<i64>().ok())).unwrap_or(0);
        if bits > now {
            f.add_attribute(AttributeLoc::Function, self.ir.context.create_string_attribute(key, &bits.to_string()));
        }
    }

    fn splat(&self, x: BasicValueEnum<'a>, vl: u32) -> VectorValue<'a> {
        let i32t = self.ir.context.i32_type();
        let vt = x.get_type().into_float_type().vec_type(vl);
        let one = ok(self.b.build_insert_element(vt.get_poison(), x, i32t.const_zero(), "bc"));
        ok(self.b.build_shuffle_vector(one, vt.get_poison(), i32t.vec_type(vl).const_zero(), "splat"))
    }

    /// The kernel's instructions for one block of VL cells: `acc` the
    /// cells' values, `a` the packed A values (broadcast), `bv` the packed B
    /// vectors. Returns the new values of the cells.
    fn kernel_step(&mut self, body: &Body, acc: VectorValue<'a>, a: &[VectorValue<'a>], bv: &[VectorValue<'a>], vl: u32) -> Result<VectorValue<'a>, String> {
        let mut vals: HashMap<ValueId, VectorValue<'a>> = HashMap::new();
        vals.insert(body.acc_in, acc);
        for (q, &v) in body.a_cuts.iter().enumerate() {
            vals.insert(v, a[q]);
        }
        for (q, &v) in body.b_cuts.iter().enumerate() {
            vals.insert(v, bv[q]);
        }
        for &(v, sd) in &body.order {
            if sd != Side::Kernel {
                continue;
            }
            let orig = self.ir.instruction(v).ok_or("not an instruction")?;
            let is_call = matches!(self.region.view.def(v).map(|d| &d.op), Some(Op::Call { .. }));
            let n = if is_call { 3 } else { orig.get_num_operands() };
            let mut ops = vec![];
            for k in 0..n {
                let operand = orig.get_operand(k).and_then(|o| o.value()).ok_or("a missing operand")?;
                let x = match self.ir.id_of(&operand).and_then(|id| vals.get(&id)) {
                    Some(x) => *x,
                    None if self.ir.id_of(&operand).is_some_and(|id| self.region.defined_inside(id)) => return Err("an operand of the kernel is not available".into()),
                    None => self.splat(operand, vl),
                };
                ops.push(x);
            }
            let name = "mk";
            let new: VectorValue<'a> = if is_call {
                let callee = match &self.region.view.def(v).map(|d| &d.op) {
                    Some(Op::Call { callee, .. }) if callee.starts_with("llvm.fmuladd.") => "llvm.fmuladd",
                    _ => "llvm.fma",
                };
                let intr = inkwell::intrinsics::Intrinsic::find(callee).ok_or("no such intrinsic")?;
                let vt: BasicTypeEnum<'a> = ops[0].get_type().into();
                let decl = intr.get_declaration(self.ir.module(), &[vt]).ok_or("no intrinsic declaration")?;
                let args: Vec<BasicMetadataValueEnum<'a>> = ops.iter().map(|&o| o.into()).collect();
                ok(self.b.build_call(decl, &args, name)).try_as_basic_value().basic().ok_or("an intrinsic without a value")?.into_vector_value()
            } else {
                let opcode = match self.region.view.def(v).map(|d| &d.op) {
                    Some(Op::Pure { opcode }) => *opcode,
                    _ => return Err("unexpected instruction".into()),
                };
                match opcode {
                    Opcode::FAdd => ok(self.b.build_float_add(ops[0], ops[1], name)),
                    Opcode::FSub => ok(self.b.build_float_sub(ops[0], ops[1], name)),
                    Opcode::FMul => ok(self.b.build_float_mul(ops[0], ops[1], name)),
                    Opcode::FDiv => ok(self.b.build_float_div(ops[0], ops[1], name)),
                    Opcode::FNeg => ok(self.b.build_float_neg(ops[0], name)),
                    _ => return Err("unexpected opcode".into()),
                }
            };
            // The same fast-math flags as the scalar instruction.
            if let (Ok(flags), Some(i)) = (orig.get_fast_math_flags(), new.as_instruction_value()) {
                let _ = i.set_fast_math_flags(flags);
            }
            vals.insert(v, new);
        }
        vals.get(&body.acc_out).copied().ok_or_else(|| "the written value was not computed".into())
    }
}

/// What LLVM may do with a loop of the BLIS structure. Only the
/// micro-kernel's `k` loop is the unroller's to unroll. The others run
/// once per panel, block or edge: unrolled at run time by 4 or 8, each
/// with its remainder loop, and those walking at most MR or NR lanes
/// vectorized and interleaved by 16 besides, they are code without speed
/// (gsl's cblas/dsyr2k.c, two products of a symmetric rank-2k update:
/// 29.0 KB of `.text` instead of 21.6 KB, -O3's 6.7 KB, at the same
/// GFLOP/s for gemm, rank-k and rank-2k updates in the bench).
#[derive(Clone, Copy)]
enum Shape {
    /// The micro-kernel's `k` loop: LLVM's choice.
    Kernel,
    /// Never unrolled.
    Rolled,
    /// At most MR or NR iterations: never unrolled, vectorized or
    /// interleaved.
    Few,
}

/// The body of a `counted` loop: from the counter and the carried values,
/// the carried values of the next iteration.
type LoopBody<'f, 'a, G> = dyn FnMut(&mut G, IntValue<'a>, Vec<BasicValueEnum<'a>>) -> Result<Vec<BasicValueEnum<'a>>, String> + 'f;

/// The run-time facts of one BLIS nest.
struct Blis<'a> {
    lo: [IntValue<'a>; 3],
    ext: [IntValue<'a>; 3],
    ap: Vec<PointerValue<'a>>,
    bp: Vec<PointerValue<'a>>,
    ctmp: PointerValue<'a>,
    elem: FloatType<'a>,
    eb: i64,
}

impl<'r, 'a, 'b> Gen<'r, 'a, 'b> {
    /// Stores one packed element of each cut (`vals[q]` into `panels[q]`)
    /// at `panel[kk][lane]`, a panel row being `width` elements of `eb`
    /// bytes: the packing of A and of B differ only in their loops.
    /// Packs one micro-panel of `side`: `lanes` of the `width` lanes of
    /// `panel` (one buffer per packed value), `kc` deep; `element(g, lane,
    /// kk)` gives the statement's `i`, `j` and `k` there. A lane of A is a
    /// row of A, walked along `k`; B is walked along its lanes (a row of
    /// B) at each `k`: both read their operand in memory order.
    #[allow(clippy::too_many_arguments)]
    fn pack_panel(
        &mut self,
        m: &MatmulNest,
        body: &Body,
        side: Side,
        panel: &[PointerValue<'a>],
        lanes: IntValue<'a>,
        kc: IntValue<'a>,
        width: i64,
        eb: i64,
        element: &dyn Fn(&Self, IntValue<'a>, IntValue<'a>) -> [IntValue<'a>; 3],
    ) -> Result<(), String> {
        let zero = self.ir.context.i64_type().const_zero();
        let lanes_outer = matches!(side, Side::A);
        let cuts = if lanes_outer { &body.a_cuts } else { &body.b_cuts };
        // A's lanes outside, its k inside; B's the other way round: a
        // lane loop has at most MR or NR iterations.
        let (name, outer, inner, shapes) = if lanes_outer { ("matmul.packa", lanes, kc, [Shape::Few, Shape::Rolled]) } else { ("matmul.packb", kc, lanes, [Shape::Rolled, Shape::Few]) };
        self.counted(name, shapes[0], zero, outer, 1, vec![], &mut |g, o, _| {
            g.counted(&format!("{name}.in"), shapes[1], zero, inner, 1, vec![], &mut |g, n, _| {
                let (lane, kk) = if lanes_outer { (o, n) } else { (n, o) };
                let [i, j, k] = element(g, lane, kk);
                let vals = g.eval_side(m, body, side, g.counters(m, i, j, k), cuts)?;
                g.store_packed(panel, kk, width, lane, &vals, eb);
                Ok(vec![])
            })?;
            Ok(vec![])
        })?;
        Ok(())
    }

    fn store_packed(&self, panels: &[PointerValue<'a>], kk: IntValue<'a>, width: i64, lane: IntValue<'a>, vals: &[BasicValueEnum<'a>], eb: i64) {
        let i64t = self.ir.context.i64_type();
        let idx = ok(self.b.build_int_add(ok(self.b.build_int_mul(kk, i64t.const_int(width as u64, true), "i")), lane, "i"));
        let bytes = ok(self.b.build_int_mul(idx, i64t.const_int(eb as u64, true), "bytes"));
        for (p, v) in panels.iter().zip(vals) {
            let st = ok(self.b.build_store(byte_offset(&self.b, &self.ir.context, *p, bytes, "at"), *v));
            let _ = st.set_alignment(eb as u32);
        }
    }

    fn blis(&mut self, m: &MatmulNest, body: &Body, x: &Blis<'a>) -> Result<(), String> {
        let bl = m.blocking;
        let i64t = self.ir.context.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let zero = c64(0);
        let eb = x.eb;
        let [lo_i, lo_j, lo_k] = x.lo;
        let [ni, nj, nk] = x.ext;
        let ctx = self.ir.context;
        let at = |g: &Self, p: PointerValue<'a>, elems: IntValue<'a>| -> PointerValue<'a> {
            byte_offset(&g.b, &ctx, p, ok(g.b.build_int_mul(elems, c64(eb), "bytes")), "at")
        };
        self.counted("matmul.pc", Shape::Rolled, zero, nk, bl.kc, vec![], &mut |g, pc, _| {
            let kc = g.min64(c64(bl.kc), ok(g.b.build_int_sub(nk, pc, "krest")));
            // Pack B: Bp[j / NR][k][j % NR], row by row of B within each
            // panel (contiguous loads and stores); the last panel zero-filled.
            g.zero_tail(&x.bp, nj, kc, bl.nr, eb);
            g.counted("matmul.packb.p", Shape::Rolled, zero, nj, bl.nr, vec![], &mut |g, j0, _| {
                let cols = g.min64(c64(bl.nr), ok(g.b.build_int_sub(nj, j0, "cols")));
                let panel: Vec<PointerValue<'a>> = x.bp.iter().map(|&p| at(g, p, ok(g.b.build_int_mul(j0, kc, "o")))).collect();
                g.pack_panel(m, body, Side::B, &panel, cols, kc, bl.nr, eb, &|g, lane, kk| {
                    let j = ok(g.b.build_int_add(ok(g.b.build_int_add(lo_j, j0, "j")), lane, "j"));
                    let k = ok(g.b.build_int_add(ok(g.b.build_int_add(lo_k, pc, "k")), kk, "k"));
                    [lo_i, j, k]
                })?;
                Ok(vec![])
            })?;
            g.counted("matmul.ic", Shape::Rolled, zero, ni, bl.mc, vec![], &mut |g, ic, _| {
                let mc = g.min64(c64(bl.mc), ok(g.b.build_int_sub(ni, ic, "irest")));
                // Pack A: Ap[i / MR][k][i % MR], along the rows of A within
                // each panel; the last panel zero-filled.
                g.zero_tail(&x.ap, mc, kc, bl.mr, eb);
                g.counted("matmul.packa.p", Shape::Rolled, zero, mc, bl.mr, vec![], &mut |g, i0, _| {
                    let rows = g.min64(c64(bl.mr), ok(g.b.build_int_sub(mc, i0, "rows")));
                    let panel: Vec<PointerValue<'a>> = x.ap.iter().map(|&p| at(g, p, ok(g.b.build_int_mul(i0, kc, "o")))).collect();
                    g.pack_panel(m, body, Side::A, &panel, rows, kc, bl.mr, eb, &|g, lane, kk| {
                        let i = ok(g.b.build_int_add(ok(g.b.build_int_add(ok(g.b.build_int_add(lo_i, ic, "i")), i0, "i")), lane, "i"));
                        let k = ok(g.b.build_int_add(ok(g.b.build_int_add(lo_k, pc, "k")), kk, "k"));
                        [i, lo_j, k]
                    })?;
                    Ok(vec![])
                })?;
                // The micro-kernels: B micro-panels outside (each stays in
                // L1 across the A micro-panels of the block).
                g.counted("matmul.jr", Shape::Rolled, zero, nj, bl.nr, vec![], &mut |g, jr, _| {
                    g.counted("matmul.ir", Shape::Rolled, zero, mc, bl.mr, vec![], &mut |g, ir, _| g.micro_tile(m, body, x, kc, ic, ir, jr, mc).map(|_| vec![]))?;
                    Ok(vec![])
                })?;
                Ok(vec![])
            })?;
            Ok(vec![])
        })?;
        Ok(())
    }

    /// Zero-fills the last panel of each buffer in `bufs` when `n`
    /// (rows or columns to pack) is not a multiple of `width`: its padded
    /// lanes then feed the micro-kernel zeros (their results are never
    /// stored; zeros only keep the arithmetic free of stale values).
    fn zero_tail(&mut self, bufs: &[PointerValue<'a>], n: IntValue<'a>, kc: IntValue<'a>, width: i64, eb: i64) {
        let i64t = self.ir.context.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let tail = ok(self.b.build_int_unsigned_rem(n, c64(width), "tail"));
        let full = ok(self.b.build_int_sub(n, tail, "full"));
        let has_tail = ok(self.b.build_int_compare(IntPredicate::NE, tail, c64(0), "has.tail"));
        let bytes = ok(self.b.build_int_mul(kc, c64(width * eb), "len"));
        let bytes = ok(self.b.build_select(has_tail, bytes, c64(0), "len")).into_int_value();
        for &p in bufs {
            // Panel `full / width` starts at element full·kc (aligned to an
            // element only: the last k block's kc may be any number).
            let start = byte_offset(&self.b, &self.ir.context, p, ok(self.b.build_int_mul(ok(self.b.build_int_mul(full, kc, "o")), c64(eb), "o")), "tail.at");
            ok(self.b.build_memset(start, eb as u32, self.ir.context.i8_type().const_zero(), bytes));
        }
    }

    /// One MR×NR block of C at rows `ic + ir`, columns `jr` (relative to
    /// the nest's lower bounds), over the `kc` values of `k` packed.
    #[allow(clippy::too_many_arguments)]
    fn micro_tile(&mut self, m: &MatmulNest, body: &Body, x: &Blis<'a>, kc: IntValue<'a>, ic: IntValue<'a>, ir: IntValue<'a>, jr: IntValue<'a>, mc: IntValue<'a>) -> Result<(), String> {
        let bl = m.blocking;
        let ctx = self.ir.context;
        let i64t = ctx.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let eb = x.eb;
        let vl = bl.vl as u32;
        let nv = (bl.nr / bl.vl) as usize;
        let mr = bl.mr as usize;
        let vt = x.elem.vec_type(vl);
        let [lo_i, lo_j, lo_k] = x.lo;
        let nj = x.ext[1];
        let at = |g: &Self, p: PointerValue<'a>, elems: IntValue<'a>| -> PointerValue<'a> {
            byte_offset(&g.b, &ctx, p, ok(g.b.build_int_mul(elems, c64(eb), "bytes")), "at")
        };
        let rows = self.min64(c64(bl.mr), ok(self.b.build_int_sub(mc, ir, "rrest")));
        let cols = self.min64(c64(bl.nr), ok(self.b.build_int_sub(nj, jr, "crest")));
        let i0 = ok(self.b.build_int_add(ok(self.b.build_int_add(lo_i, ic, "i0")), ir, "i0"));
        let j0 = ok(self.b.build_int_add(lo_j, jr, "j0"));
        let full_r = ok(self.b.build_int_compare(IntPredicate::EQ, rows, c64(bl.mr), "fullr"));
        let full_c = ok(self.b.build_int_compare(IntPredicate::EQ, cols, c64(bl.nr), "fullc"));
        let mut full = ok(self.b.build_and(full_r, full_c, "full"));
        let skip = if m.rows_vary() {
            let (inside, any) = self.block_in_domain(m, i0, rows, j0, cols);
            full = ok(self.b.build_and(full, inside, "full"));
            let (work, skip) = (self.new_block("matmul.block.some"), self.new_block("matmul.block.none"));
            ok(self.b.build_conditional_branch(any, work, skip));
            self.b.position_at_end(work);
            Some(skip)
        } else {
            None
        };
        // The edge: C's cells into the zeroed block (row stride NR).
        let (copy_in, joined) = (self.new_block("matmul.edge.in"), self.new_block("matmul.block"));
        ok(self.b.build_conditional_branch(full, joined, copy_in));
        self.b.position_at_end(copy_in);
        ok(self.b.build_memset(x.ctmp, eb as u32, ctx.i8_type().const_zero(), c64(bl.mr * bl.nr * eb)));
        self.edge_copy(m, body, x, rows, cols, i0, j0, lo_k, true)?;
        ok(self.b.build_unconditional_branch(joined));
        self.b.position_at_end(joined);
        let mut row_ptr = vec![];
        for ii in 0..mr {
            let i = ok(self.b.build_int_add(i0, c64(ii as i64), "i"));
            let cell = self.cell(m, body, lo_k, i, j0)?;
            let tmp = at(self, x.ctmp, c64(ii as i64 * bl.nr));
            row_ptr.push(ok(self.b.build_select(full, cell, tmp, "row")).into_pointer_value());
        }
        let mut acc: Vec<BasicValueEnum<'a>> = vec![];
        for &p in &row_ptr {
            for jv in 0..nv {
                let ptr = at(self, p, c64(jv as i64 * bl.vl));
                let v = ok(self.b.build_load(vt, ptr, "c"));
                let _ = v.as_instruction_value().map(|i| i.set_alignment(eb as u32));
                acc.push(v);
            }
        }
        // Panels of this block: A's at ir / MR, B's at jr / NR.
        let a_panel: Vec<PointerValue<'a>> = x.ap.iter().map(|&p| at(self, p, ok(self.b.build_int_mul(ok(self.b.build_int_unsigned_div(ir, c64(bl.mr), "ip")), ok(self.b.build_int_mul(kc, c64(bl.mr), "s")), "o")))).collect();
        let b_panel: Vec<PointerValue<'a>> = x.bp.iter().map(|&p| at(self, p, ok(self.b.build_int_mul(ok(self.b.build_int_unsigned_div(jr, c64(bl.nr), "jp")), ok(self.b.build_int_mul(kc, c64(bl.nr), "s")), "o")))).collect();
        // The next block of rows' cells of C, into the cache while this
        // block runs its k loop (BLIS does the same): C's rows are far
        // apart, and the kernel's first loads of them would otherwise wait
        // on memory. A prefetch of an address past the matrix does nothing.
        let prefetch = inkwell::intrinsics::Intrinsic::find("llvm.prefetch").ok_or("no llvm.prefetch")?;
        let ptr_t: BasicTypeEnum<'a> = ctx.ptr_type(inkwell::AddressSpace::default()).into();
        let prefetch = prefetch.get_declaration(self.ir.module(), &[ptr_t]).ok_or("no llvm.prefetch declaration")?;
        let i32t = ctx.i32_type();
        let next_i0 = ok(self.b.build_int_add(i0, c64(bl.mr), "next.i0"));
        for ii in 0..mr {
            let i = ok(self.b.build_int_add(next_i0, c64(ii as i64), "i"));
            let row = self.cell(m, body, lo_k, i, j0)?;
            for line in 0..(bl.nr * eb + 63) / 64 {
                let p = byte_offset(&self.b, &ctx, row, c64(line * 64), "pf");
                let args: [BasicMetadataValueEnum<'a>; 4] = [p.into(), i32t.const_int(1, false).into(), i32t.const_int(3, false).into(), i32t.const_int(1, false).into()];
                ok(self.b.build_call(prefetch, &args, ""));
            }
        }
        let acc = self.counted("matmul.k", Shape::Kernel, c64(0), kc, 1, acc, &mut |g, kk, acc| {
            let bvec: Vec<Vec<VectorValue<'a>>> = (0..nv)
                .map(|jv| {
                    b_panel
                        .iter()
                        .map(|&p| {
                            let ptr = at(g, p, ok(g.b.build_int_add(ok(g.b.build_int_mul(kk, c64(bl.nr), "o")), c64(jv as i64 * bl.vl), "o")));
                            let v = ok(g.b.build_load(vt, ptr, "b"));
                            let _ = v.as_instruction_value().map(|i| i.set_alignment((bl.vl * eb).min(64) as u32));
                            v.into_vector_value()
                        })
                        .collect()
                })
                .collect();
            let mut next = vec![];
            for ii in 0..mr {
                let avec: Vec<VectorValue<'a>> = a_panel
                    .iter()
                    .map(|&p| {
                        let ptr = at(g, p, ok(g.b.build_int_add(ok(g.b.build_int_mul(kk, c64(bl.mr), "o")), c64(ii as i64), "o")));
                        let s = ok(g.b.build_load(x.elem, ptr, "a"));
                        let _ = s.as_instruction_value().map(|i| i.set_alignment(eb as u32));
                        g.splat(s, vl)
                    })
                    .collect();
                for jv in 0..nv {
                    next.push(g.kernel_step(body, acc[ii * nv + jv].into_vector_value(), &avec, &bvec[jv], vl)?.as_basic_value_enum());
                }
            }
            Ok(next)
        })?;
        for (ii, &p) in row_ptr.iter().enumerate() {
            for jv in 0..nv {
                let ptr = at(self, p, c64(jv as i64 * bl.vl));
                let st = ok(self.b.build_store(ptr, acc[ii * nv + jv]));
                let _ = st.set_alignment(eb as u32);
            }
        }
        let (copy_out, after) = (self.new_block("matmul.edge.out"), self.new_block("matmul.next"));
        ok(self.b.build_conditional_branch(full, after, copy_out));
        self.b.position_at_end(copy_out);
        self.edge_copy(m, body, x, rows, cols, i0, j0, lo_k, false)?;
        ok(self.b.build_unconditional_branch(after));
        self.b.position_at_end(after);
        if let Some(skip) = skip {
            ok(self.b.build_unconditional_branch(skip));
            self.b.position_at_end(skip);
        }
        Ok(())
    }

    /// For a nest whose rows have their own columns: whether the
    /// `rows`×`cols` block of C at (`i0`, `j0`) lies inside the domain
    /// (each of its rows has all its columns) and whether any of its cells
    /// does. The MR rows are unrolled: a few integer operations per row,
    /// next to the block's MR·NR·KC multiply-adds.
    fn block_in_domain(&mut self, m: &MatmulNest, i0: IntValue<'a>, rows: IntValue<'a>, j0: IntValue<'a>, cols: IntValue<'a>) -> (IntValue<'a>, IntValue<'a>) {
        let i64t = self.ir.context.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let j_last = ok(self.b.build_int_sub(ok(self.b.build_int_add(j0, cols, "j.end")), c64(1), "j.last"));
        let (mut inside, mut any) = (self.ir.context.bool_type().const_int(1, false), self.ir.context.bool_type().const_zero());
        for ii in 0..m.blocking.mr {
            let i = ok(self.b.build_int_add(i0, c64(ii), "i"));
            let (jl, jh) = self.row_cols(m, i);
            let b = &self.b;
            let row = ok(b.build_int_compare(IntPredicate::SLT, c64(ii), rows, "row"));
            let covers = ok(b.build_and(
                ok(b.build_int_compare(IntPredicate::SLE, jl, j0, "from")),
                ok(b.build_int_compare(IntPredicate::SGE, jh, j_last, "to")),
                "covers",
            ));
            // A row of the block past the nest's rows counts as covered:
            // a block with such rows is an edge block already.
            inside = ok(b.build_and(inside, ok(b.build_or(covers, ok(b.build_not(row, "past")), "ok")), "inside"));
            let meets = ok(b.build_and(
                ok(b.build_int_compare(IntPredicate::SLE, jl, j_last, "meets.lo")),
                ok(b.build_int_compare(IntPredicate::SGE, jh, j0, "meets.hi")),
                "meets",
            ));
            let has = ok(b.build_int_compare(IntPredicate::SLE, jl, jh, "has"));
            any = ok(b.build_or(any, ok(b.build_and(row, ok(b.build_and(meets, has, "m")), "m")), "any"));
        }
        (inside, any)
    }

    /// Copies the `rows`×`cols` cells of C at (`i0`, `j0`) into the edge
    /// block (`into`) or back.
    #[allow(clippy::too_many_arguments)]
    fn edge_copy(&mut self, m: &MatmulNest, body: &Body, x: &Blis<'a>, rows: IntValue<'a>, cols: IntValue<'a>, i0: IntValue<'a>, j0: IntValue<'a>, lo_k: IntValue<'a>, into: bool) -> Result<(), String> {
        let ctx = self.ir.context;
        let i64t = ctx.i64_type();
        let c64 = |v: i64| i64t.const_int(v as u64, true);
        let nr = m.blocking.nr;
        let eb = x.eb;
        self.counted("matmul.edge.i", Shape::Few, c64(0), rows, 1, vec![], &mut |g, ii, _| {
            // The row's cells among the block's columns (all of them in a
            // box).
            let (from, to) = if m.rows_vary() {
                let i = ok(g.b.build_int_add(i0, ii, "i"));
                let (jl, jh) = g.row_cols(m, i);
                let from = ok(g.b.build_int_sub(jl, j0, "from"));
                let neg = ok(g.b.build_int_compare(IntPredicate::SLT, from, c64(0), "neg"));
                let from = ok(g.b.build_select(neg, c64(0), from, "from")).into_int_value();
                let to = ok(g.b.build_int_sub(ok(g.b.build_int_add(jh, c64(1), "to")), j0, "to"));
                (from, g.min64(to, cols))
            } else {
                (c64(0), cols)
            };
            g.counted("matmul.edge.j", Shape::Few, from, to, 1, vec![], &mut |g, jj, _| {
                let i = ok(g.b.build_int_add(i0, ii, "i"));
                let j = ok(g.b.build_int_add(j0, jj, "j"));
                let cell = g.cell(m, body, lo_k, i, j)?;
                let idx = ok(g.b.build_int_add(ok(g.b.build_int_mul(ii, c64(nr), "e")), jj, "e"));
                let tmp = byte_offset(&g.b, &ctx, x.ctmp, ok(g.b.build_int_mul(idx, c64(eb), "b")), "tmp");
                let (from, to) = if into { (cell, tmp) } else { (tmp, cell) };
                let v = ok(g.b.build_load(x.elem, from, "edge"));
                let _ = v.as_instruction_value().map(|i| i.set_alignment(eb as u32));
                let st = ok(g.b.build_store(to, v));
                let _ = st.set_alignment(eb as u32);
                let access = if into { v.as_instruction_value() } else { Some(st) };
                if let Some(a) = access {
                    g.arrays.push((a, body.c));
                }
                Ok(vec![])
            })?;
            Ok(vec![])
        })?;
        Ok(())
    }
}
