//! Safe handles on the function being rewritten, for the code generator:
//! inkwell objects for the view's ids, and the shim's rewriting helpers
//! (loop preparation, counter expansion, loop metadata, verification).

use super::ffi;
use super::view::IrMap;
use super::FunctionCtx;
use crate::ir::{BlockId, LoopId, ValueId};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::values::{AnyValueEnum, AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue};
use std::ffi::{c_char, c_void};
use std::mem::ManuallyDrop;

/// Whether [`prepare_loop`] readied a loop, and whether it changed the IR
/// to do so.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Prepared {
    /// No preheader can be made.
    No,
    /// The loop had its preheader and LCSSA form already.
    AsItWas,
    /// A preheader or LCSSA PHIs were added: the view must be rebuilt.
    Changed,
}

/// Gives loop `l` a preheader and LCSSA form before it is rewritten.
pub fn prepare_loop(ctx: &FunctionCtx<'_>, map: &IrMap, l: LoopId) -> Prepared {
    let mut changed = 0i32;
    // SAFETY: the loop pointer comes from the live LoopInfo of this callback.
    let pre = unsafe { ffi::tessera_ctx_prepare_loop(ctx.raw, map.loops[l.0 as usize], &mut changed) };
    match (pre.is_null(), changed != 0) {
        (true, _) => Prepared::No,
        (false, false) => Prepared::AsItWas,
        (false, true) => Prepared::Changed,
    }
}

/// Puts the `llvm.memcpy`/`llvm.memset` call `call` back as a loop of
/// `elem_bytes`-wide elements (`scop::mem_calls` says which calls, and
/// their width); true when it did (every view and map of the function is
/// stale then).
pub fn expand_mem_call(ctx: &FunctionCtx<'_>, map: &IrMap, call: ValueId, elem_bytes: u32) -> bool {
    // SAFETY: the value comes from the map of this callback's live function.
    unsafe { ffi::tessera_ctx_expand_mem_call(ctx.raw, map.values[call.0 as usize] as *mut c_void, elem_bytes) != 0 }
}

/// Function attribute of the profiling runtime's functions (the shim's
/// pass skips functions carrying it).
pub const RUNTIME_ATTRIBUTE: &str = "tessera-runtime";

pub struct Ir<'a> {
    pub context: ContextRef<'a>,
    pub function: FunctionValue<'a>,
    /// Borrowed from the host, which owns it: never dropped here.
    module: ManuallyDrop<Module<'a>>,
    ctx: &'a FunctionCtx<'a>,
    map: &'a IrMap,
}

impl<'a> Ir<'a> {
    pub fn new(ctx: &'a FunctionCtx<'a>, map: &'a IrMap) -> Ir<'a> {
        // SAFETY: the function and its context are alive for the callback.
        unsafe {
            let f = ctx.function_ref();
            let c = llvm_sys::core::LLVMGetTypeContext(llvm_sys::core::LLVMTypeOf(f));
            Ir {
                context: ContextRef::new(c),
                function: FunctionValue::new(f).expect("the callback's function"),
                module: ManuallyDrop::new(Module::new(llvm_sys::core::LLVMGetGlobalParent(f))),
                ctx,
                map,
            }
        }
    }

    /// The module of the function, for module-level additions (globals,
    /// declarations of runtime functions).
    pub fn module(&self) -> &Module<'a> {
        &self.module
    }

    /// Makes `f` (a `void()` function of this module) run at program start.
    pub fn append_global_ctor(&self, f: FunctionValue<'a>) {
        // SAFETY: f is a function of this module.
        unsafe { ffi::tessera_append_global_ctor(f.as_value_ref() as *mut c_void) };
    }

    /// An original value of the function.
    pub fn value(&self, v: ValueId) -> AnyValueEnum<'a> {
        // SAFETY: ids index the map built from this function.
        unsafe { AnyValueEnum::new(self.map.values[v.0 as usize]) }
    }

    /// An original value as an operand (not void, not a label).
    pub fn basic_value(&self, v: ValueId) -> BasicValueEnum<'a> {
        // SAFETY: as above; callers only ask for first-class values.
        unsafe { BasicValueEnum::new(self.map.values[v.0 as usize]) }
    }

    pub fn instruction(&self, v: ValueId) -> Option<InstructionValue<'a>> {
        let raw = self.map.values[v.0 as usize];
        // SAFETY: checked to be an instruction of this function.
        unsafe { (!llvm_sys::core::LLVMIsAInstruction(raw).is_null()).then(|| InstructionValue::new(raw)) }
    }

    pub fn block(&self, b: BlockId) -> BasicBlock<'a> {
        // SAFETY: ids index the map built from this function.
        unsafe { BasicBlock::new(self.map.blocks[b.0 as usize]).expect("a block of the function") }
    }

    /// The view's id of an LLVM value, if the view knows it.
    pub fn id_of(&self, v: &impl AsValueRef) -> Option<ValueId> {
        self.map.id_of(v.as_value_ref())
    }

    /// The view's id of operand `k` of instruction `v` (a load's address
    /// is operand 0, a store's value 0 and address 1).
    pub fn operand_id(&self, v: ValueId, k: u32) -> Option<ValueId> {
        self.id_of(&self.instruction(v)?.get_operand(k)?.value()?)
    }

    /// Emits the iteration count of enclosing loop `l` before `before`.
    /// The value `v` has when loop `l` exits, computed before `before`
    /// (SCEV's exit value: a counter's last value), if SCEV can tell it.
    pub fn expand_exit_value(&self, l: LoopId, v: BasicValueEnum<'a>, before: InstructionValue<'a>) -> Option<BasicValueEnum<'a>> {
        // SAFETY: the loop is live, `v` and `before` belong to this
        // function; the shim returns a value of `v`'s type it inserted, or null.
        unsafe {
            let x = ffi::tessera_ctx_expand_exit_value(self.ctx.raw, self.map.loops[l.0 as usize], v.as_value_ref() as *mut c_void, before.as_value_ref() as *mut c_void);
            if x.is_null() {
                None
            } else {
                Some(BasicValueEnum::new(x as llvm_sys::prelude::LLVMValueRef))
            }
        }
    }

    pub fn expand_counter(&self, l: LoopId, before: InstructionValue<'a>) -> IntValue<'a> {
        // SAFETY: the shim returns an i64 instruction it inserted.
        unsafe {
            let v = ffi::tessera_ctx_expand_counter(self.ctx.raw, self.map.loops[l.0 as usize], before.as_value_ref() as *mut c_void);
            IntValue::new(v as llvm_sys::prelude::LLVMValueRef)
        }
    }

    /// Marks the loop closed by `latch_branch` parallel (its `accesses`
    /// form an access group), to be vectorized and/or never unrolled.
    pub fn mark_loop(&self, latch_branch: InstructionValue<'a>, accesses: &[InstructionValue<'a>], parallel: bool, vectorize: bool, no_unroll: bool) {
        let mut raw: Vec<*mut c_void> = accesses.iter().map(|i| i.as_value_ref() as *mut c_void).collect();
        // SAFETY: all instructions belong to this function.
        unsafe {
            ffi::tessera_mark_loop(
                latch_branch.as_value_ref() as *mut c_void,
                raw.as_mut_ptr(),
                raw.len(),
                parallel as i32,
                vectorize as i32,
                no_unroll as i32,
            )
        };
    }

    /// Marks the loop closed by `latch_branch` never to be unrolled and,
    /// when `scalar`, neither vectorized nor interleaved.
    pub fn keep_rolled(&self, latch_branch: InstructionValue<'a>, scalar: bool) {
        // SAFETY: the branch belongs to this function; no accesses are passed.
        unsafe { ffi::tessera_mark_loop(latch_branch.as_value_ref() as *mut c_void, std::ptr::null_mut(), 0, 0, if scalar { -1 } else { 0 }, 1) };
    }

    /// Scoped no-alias metadata on `accesses`, each with the number of the
    /// array it accesses: accesses of different arrays never overlap.
    pub fn annotate_alias_scopes(&self, accesses: &[(InstructionValue<'a>, u32)]) {
        let mut raw: Vec<*mut c_void> = accesses.iter().map(|(i, _)| i.as_value_ref() as *mut c_void).collect();
        let arrays: Vec<u32> = accesses.iter().map(|&(_, a)| a).collect();
        // SAFETY: all instructions belong to this function; both lists have `raw.len()` entries.
        unsafe { ffi::tessera_annotate_alias_scopes(raw.as_mut_ptr(), arrays.as_ptr(), raw.len()) };
    }

    /// Deletes blocks that nothing outside them uses (a failed generation).
    pub fn delete_blocks(&self, blocks: &[BasicBlock<'a>]) {
        use llvm_sys::core::*;
        // SAFETY: the blocks are new; only they use their instructions, so
        // once every use is replaced by poison they can all be erased.
        unsafe {
            for bb in blocks {
                let mut i = LLVMGetFirstInstruction(bb.as_mut_ptr());
                while !i.is_null() {
                    let ty = LLVMTypeOf(i);
                    if LLVMGetTypeKind(ty) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind {
                        LLVMReplaceAllUsesWith(i, LLVMGetPoison(ty));
                    }
                    i = LLVMGetNextInstruction(i);
                }
            }
            for bb in blocks {
                let raw = bb.as_mut_ptr();
                while !LLVMGetFirstInstruction(raw).is_null() {
                    LLVMInstructionEraseFromParent(LLVMGetLastInstruction(raw));
                }
                LLVMDeleteBasicBlock(raw);
            }
        }
    }

    /// `omp_get_num_threads` and `omp_get_thread_num`.
    pub fn omp_queries(&self) -> (FunctionValue<'a>, FunctionValue<'a>) {
        // SAFETY: the shim returns llvm::Function declarations of this module.
        unsafe {
            let f = |w| FunctionValue::new(ffi::tessera_omp_query(self.ctx.raw, w) as llvm_sys::prelude::LLVMValueRef).expect("a function");
            (f(0), f(1))
        }
    }

    /// Outlines the worker `blocks` (entry first) into a function run by an
    /// OpenMP team, with `fork` only where it is true (the function is
    /// called directly where not); false (IR unchanged) if impossible.
    pub fn outline_parallel(&self, blocks: &[BasicBlock<'a>], fork: Option<IntValue<'a>>) -> bool {
        let mut raw: Vec<*mut c_void> = blocks.iter().map(|b| b.as_mut_ptr() as *mut c_void).collect();
        let fork = fork.map_or(std::ptr::null_mut(), |c| c.as_value_ref() as *mut c_void);
        // SAFETY: the blocks belong to this function; `fork`, when there,
        // is an i1 of this function computed before them.
        unsafe { ffi::tessera_outline_parallel(self.ctx.raw, raw.as_mut_ptr(), raw.len(), fork) != 0 }
    }

    /// Drops what the function's attributes promise about the memory it
    /// touches and its synchronization (inferred from the original code:
    /// `memory(argmem: readwrite, errnomem: write)` for a kernel that only
    /// writes its arrays and errno). Code that starts thread teams, saves
    /// errno or counts runs in globals breaks those promises, and the
    /// optimizer would act on them (it deleted the save of errno around a
    /// fork as a read the function never does).
    pub fn forget_effect_attributes(&self) {
        for name in ["memory", "nosync", "nofree"] {
            let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
            self.function.remove_enum_attribute(inkwell::attributes::AttributeLoc::Function, kind);
        }
    }

    /// Tells the x86 backend and its vectorizers to prefer no gather
    /// instructions in this function (the target feature
    /// `prefer-no-gather`, clang's `-mno-gather`), unless its features say
    /// either way already; other targets are left as they are. Asked for
    /// a function that runs rows jammed around floating-point sums
    /// (`ast::reduction_jam`): the SLP vectorizer packs the rows' running
    /// sums into one vector register and loads their terms, one from each
    /// row, with a gather (`vgatherqpd`) on every step. On a Zen 4 with
    /// AVX-512, A^T·(A·x) at 3800 x 4200 then ran 0.199 s, against 0.070 s
    /// with eight scalar chains and 0.208 s for -O3's one chain.
    pub fn prefer_no_gather(&self) {
        let triple = self.module.get_triple();
        let triple = triple.as_str().to_string_lossy();
        let x86 = triple.starts_with("x86_64") || (triple.starts_with('i') && triple[1..].starts_with(|c: char| c.is_ascii_digit()) && triple.contains("86-"));
        if !x86 {
            return;
        }
        const KEY: &str = "target-features";
        let loc = inkwell::attributes::AttributeLoc::Function;
        let old = self.function.get_string_attribute(loc, KEY).map(|a| a.get_string_value().to_string_lossy().into_owned()).unwrap_or_default();
        if old.contains("prefer-no-gather") {
            return;
        }
        let new = if old.is_empty() { "+prefer-no-gather".to_string() } else { format!("{old},+prefer-no-gather") };
        self.function.add_attribute(loc, self.context.create_string_attribute(KEY, &new));
    }

    /// The preheader of loop `l`, if it has one.
    pub fn loop_preheader(&self, l: LoopId) -> Option<BasicBlock<'a>> {
        // SAFETY: the loop comes from the live LoopInfo; the shim returns a block of this function or null.
        unsafe { BasicBlock::new(ffi::tessera_loop_preheader(self.map.loops[l.0 as usize]) as llvm_sys::prelude::LLVMBasicBlockRef) }
    }

    /// Versions loop `l` on `cond` (an i1 computed at the end of its
    /// preheader): a clone in which `params` are the constants `consts`
    /// runs when it holds. Returns the dispatching branch and the clone's
    /// header; None (IR unchanged) when the loop cannot be versioned.
    pub fn specialize_loop(&self, l: LoopId, cond: IntValue<'a>, params: &[ValueId], consts: &[i64]) -> Option<(InstructionValue<'a>, BasicBlock<'a>)> {
        assert_eq!(params.len(), consts.len());
        let mut raw: Vec<*mut c_void> = params.iter().map(|&p| self.map.values[p.0 as usize] as *mut c_void).collect();
        let mut header: *mut c_void = std::ptr::null_mut();
        // SAFETY: the loop, the condition and the parameters belong to this function.
        unsafe {
            let br = ffi::tessera_ctx_specialize_loop(
                self.ctx.raw,
                self.map.loops[l.0 as usize],
                cond.as_value_ref() as *mut c_void,
                raw.as_mut_ptr(),
                consts.as_ptr(),
                consts.len(),
                &mut header,
            );
            if br.is_null() || header.is_null() {
                return None;
            }
            let header = BasicBlock::new(header as llvm_sys::prelude::LLVMBasicBlockRef)?;
            Some((InstructionValue::new(br as llvm_sys::prelude::LLVMValueRef), header))
        }
    }

    /// Links the profiling runtime (bitcode built with the plugin) into the
    /// module, once, with every runtime symbol made internal; returns its
    /// entry point `__tessera_prof_enter`.
    pub fn profile_runtime(&self) -> Result<FunctionValue<'a>, String> {
        use llvm_sys::core::*;
        const ENTRY: &str = "__tessera_prof_enter";
        if let Some(f) = self.module.get_function(ENTRY).filter(|f| f.count_basic_blocks() > 0) {
            return Ok(f);
        }
        static BITCODE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tessera_profile_rt.bc"));
        let defined_before: crate::stable::HashSet<String> = self
            .module
            .get_functions()
            .filter(|f| f.count_basic_blocks() > 0)
            .map(|f| f.get_name().to_string_lossy().into_owned())
            .collect();
        // SAFETY: the buffer outlives the parse; the parsed module lives in
        // this module's context and is consumed by the linker.
        unsafe {
            let dest = self.module.as_mut_ptr();
            let buf = LLVMCreateMemoryBufferWithMemoryRange(BITCODE.as_ptr() as *const c_char, BITCODE.len(), c"tessera_profile_rt".as_ptr(), 0);
            let mut src = std::ptr::null_mut();
            let failed = llvm_sys::bit_reader::LLVMParseBitcodeInContext2(self.context.raw(), buf, &mut src) != 0;
            LLVMDisposeMemoryBuffer(buf);
            if failed || src.is_null() {
                return Err("the profiling runtime's bitcode does not load".into());
            }
            LLVMSetTarget(src, LLVMGetTarget(dest));
            LLVMSetDataLayout(src, LLVMGetDataLayoutStr(dest));
            if llvm_sys::linker::LLVMLinkModules2(dest, src) != 0 {
                return Err("cannot link the profiling runtime into the module".into());
            }
        }
        // The runtime's functions are not the user's code: Tessera skips them.
        let mark = self.context.create_string_attribute(RUNTIME_ATTRIBUTE, "");
        for f in self.module.get_functions() {
            if f.count_basic_blocks() > 0 && !defined_before.contains(f.get_name().to_string_lossy().as_ref()) {
                f.add_attribute(inkwell::attributes::AttributeLoc::Function, mark);
            }
        }
        let f = self.module.get_function(ENTRY).ok_or("the profiling runtime has no entry point")?;
        f.set_linkage(inkwell::module::Linkage::Internal);
        Ok(f)
    }

    /// Removes `phi`'s incoming value from `block`.
    pub fn remove_incoming(&self, phi: inkwell::values::PhiValue<'a>, block: BasicBlock<'a>) {
        // SAFETY: phi and block belong to this function.
        unsafe { ffi::tessera_phi_remove_incoming(phi.as_value_ref() as *mut c_void, block.as_mut_ptr() as *mut c_void) };
    }

    /// Runs LLVM's verifier on the function.
    pub fn verify(&self) -> Result<(), String> {
        // SAFETY: plain call on the live context.
        if unsafe { ffi::tessera_ctx_verify(self.ctx.raw) } != 0 {
            Ok(())
        } else {
            let why = self.ctx.take_error();
            // The verifier's message and the instructions it names.
            let lines: Vec<&str> = why.lines().take(3).map(str::trim).collect();
            Err(format!("generated IR failed verification: {}", lines.join(" | ")))
        }
    }
}

/// `ptr + offset` bytes (a `getelementptr i8`).
pub fn byte_offset<'a>(b: &Builder<'a>, ctx: &ContextRef<'a>, ptr: PointerValue<'a>, offset: IntValue<'a>, name: &str) -> PointerValue<'a> {
    // SAFETY: address arithmetic only; the result is used where the
    // original program formed the same address.
    unsafe { b.build_gep(ctx.i8_type(), ptr, &[offset], name).expect("builder is positioned") }
}
