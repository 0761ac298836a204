//! Builds the LLVM-free [`FunctionView`] of a function from LLVM IR (C API
//! for the instruction walk, the shim for loops and scalar evolution) and
//! keeps the map back to LLVM values for later rewriting.

use super::ffi::{self, FunctionCtxRaw, LoopRaw, ScevNodeRaw};
use super::FunctionCtx;
use crate::ir::*;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use crate::stable::HashMap;
use std::ffi::{c_char, c_void, CStr};

/// The most nodes a scalar evolution's tree may have once its shared
/// subexpressions are repeated (kernels need a few dozen).
const MAX_SCEV_TREE: usize = 4096;

/// The LLVM objects behind the ids of a [`FunctionView`].
#[derive(Default)]
pub struct IrMap {
    pub values: Vec<LLVMValueRef>,
    pub blocks: Vec<LLVMBasicBlockRef>,
    pub loops: Vec<*mut LoopRaw>,
    value_ids: HashMap<LLVMValueRef, ValueId>,
    block_ids: HashMap<LLVMBasicBlockRef, BlockId>,
    loop_ids: HashMap<*mut LoopRaw, LoopId>,
}

impl IrMap {
    pub fn id_of(&self, v: LLVMValueRef) -> Option<ValueId> {
        self.value_ids.get(&v).copied()
    }
}

struct Builder<'c> {
    ctx: *mut FunctionCtxRaw,
    _host: std::marker::PhantomData<&'c ()>,
    view: FunctionView,
    map: IrMap,
}

/// Builds the view of the function behind `ctx`.
pub fn build(ctx: &FunctionCtx<'_>) -> (FunctionView, IrMap) {
    let mut b = Builder { ctx: ctx.raw, _host: std::marker::PhantomData, view: FunctionView::default(), map: IrMap::default() };
    // SAFETY: everything below reads the live function of the callback.
    unsafe { b.run() };
    (b.view, b.map)
}

unsafe fn name_of(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let ptr = LLVMGetValueName2(v, &mut len);
    if ptr.is_null() || len == 0 {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len)).into_owned()
}

/// A simple constant as written in IR without its type (`3`,
/// `2.000000e+00`): its name in the view, so that printing and hashing
/// see its value.
unsafe fn constant_text(v: LLVMValueRef) -> String {
    let raw = LLVMPrintValueToString(v);
    let text = CStr::from_ptr(raw).to_string_lossy().into_owned();
    LLVMDisposeMessage(raw);
    // "i32 3" -> "3"; aggregates and vectors are not modelled anyway.
    text.split_once(' ').map_or(text.clone(), |(_, value)| value.to_string())
}

/// The value of an integer constant (`ValueInfo::int`): a flag's as 0 or 1,
/// a wider one's as a signed number, `None` past 128 bits.
unsafe fn int_constant(v: LLVMValueRef) -> Option<i128> {
    if LLVMIsAConstantInt(v).is_null() {
        return None;
    }
    match LLVMGetIntTypeWidth(LLVMTypeOf(v)) {
        1 => Some(LLVMConstIntGetZExtValue(v) as i128),
        2..=64 => Some(LLVMConstIntGetSExtValue(v) as i128),
        // Wider: as the IR prints it ("i128 -3").
        _ => constant_text(v).parse().ok(),
    }
}

/// The variable name debug information gives `v`, if any.
unsafe fn source_name(v: LLVMValueRef) -> Option<String> {
    let mut ptr = std::ptr::null();
    let mut len = 0usize;
    if ffi::tessera_value_source_name(v as *mut c_void, &mut ptr, &mut len) == 0 || ptr.is_null() {
        return None;
    }
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len)).into_owned())
}

/// The source name of loop `l`'s counter, if debug information gives one.
unsafe fn counter_name(l: *mut LoopRaw) -> Option<String> {
    let mut ptr = std::ptr::null();
    let mut len = 0usize;
    if ffi::tessera_loop_counter_name(l, &mut ptr, &mut len) == 0 || ptr.is_null() {
        return None;
    }
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len)).into_owned())
}

unsafe fn type_of(ty: LLVMTypeRef) -> Type {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => Type::Int(LLVMGetIntTypeWidth(ty)),
        LLVMTypeKind::LLVMFloatTypeKind => Type::Float,
        LLVMTypeKind::LLVMDoubleTypeKind => Type::Double,
        LLVMTypeKind::LLVMPointerTypeKind => Type::Ptr,
        LLVMTypeKind::LLVMVoidTypeKind => Type::Void,
        _ => Type::Other,
    }
}

unsafe fn loc_of(inst: LLVMValueRef) -> Option<SrcLoc> {
    let line = LLVMGetDebugLocLine(inst);
    if line == 0 {
        return None;
    }
    let mut len = 0u32;
    let file = LLVMGetDebugLocFilename(inst, &mut len);
    let file = if file.is_null() {
        String::new()
    } else {
        String::from_utf8_lossy(std::slice::from_raw_parts(file as *const u8, len as usize)).into_owned()
    };
    Some(SrcLoc { file, line, col: LLVMGetDebugLocColumn(inst) })
}

fn pred_of(p: LLVMIntPredicate) -> Pred {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => Pred::Eq,
        LLVMIntNE => Pred::Ne,
        LLVMIntSLT => Pred::Slt,
        LLVMIntSLE => Pred::Sle,
        LLVMIntSGT => Pred::Sgt,
        LLVMIntSGE => Pred::Sge,
        LLVMIntULT => Pred::Ult,
        LLVMIntULE => Pred::Ule,
        LLVMIntUGT => Pred::Ugt,
        LLVMIntUGE => Pred::Uge,
    }
}

impl Builder<'_> {
    unsafe fn run(&mut self) {
        let f = ffi::tessera_ctx_function(self.ctx) as LLVMValueRef;
        self.view.name = name_of(f);
        for i in 0..LLVMCountParams(f) {
            let arg = LLVMGetParam(f, i);
            let noalias = ffi::tessera_arg_is_noalias(f as *mut c_void, i) != 0;
            let id = self.intern_as(arg, ValueKind::Argument { index: i, noalias });
            if name_of(arg).is_empty() {
                self.view.values[id.0 as usize].name = source_name(arg).unwrap_or_else(|| format!("arg{i}"));
            }
        }
        // Blocks first, so that terminators and PHIs can name any block.
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let id = BlockId(self.map.blocks.len() as u32);
            self.map.blocks.push(bb);
            self.map.block_ids.insert(bb, id);
            let mut name = CStr::from_ptr(LLVMGetBasicBlockName(bb)).to_string_lossy().into_owned();
            if name.is_empty() {
                name = format!("bb{}", id.0);
            }
            self.view.blocks.push(Block { name, instrs: vec![], term: Terminator::Ret, loop_: None });
            bb = LLVMGetNextBasicBlock(bb);
        }
        self.view.entry = (!self.map.blocks.is_empty()).then_some(BlockId(0));
        for top in 0..ffi::tessera_ctx_num_top_loops(self.ctx) {
            let l = ffi::tessera_ctx_top_loop(self.ctx, top);
            let id = self.add_loop(l, None);
            self.view.top_loops.push(id);
        }
        for (i, &bb) in self.map.blocks.clone().iter().enumerate() {
            let l = ffi::tessera_ctx_loop_for(self.ctx, bb as *mut c_void);
            self.view.blocks[i].loop_ = self.map.loop_ids.get(&l).copied();
            self.fill_block(BlockId(i as u32), bb);
        }
        for i in 0..self.map.loops.len() {
            let mut nodes: *const ScevNodeRaw = std::ptr::null();
            let mut kids: *const u32 = std::ptr::null();
            let n = ffi::tessera_ctx_backedge_taken(self.ctx, self.map.loops[i], &mut nodes, &mut kids);
            self.view.loops[i].backedge_taken = self.import_scev(nodes, kids, n);
        }
    }

    unsafe fn add_loop(&mut self, l: *mut LoopRaw, parent: Option<LoopId>) -> LoopId {
        let id = LoopId(self.map.loops.len() as u32);
        self.map.loops.push(l);
        self.map.loop_ids.insert(l, id);
        let block = |p: *mut c_void, ids: &HashMap<LLVMBasicBlockRef, BlockId>| ids.get(&(p as LLVMBasicBlockRef)).copied();
        let ids = &self.map.block_ids;
        let blocks = (0..ffi::tessera_loop_num_blocks(l)).filter_map(|i| block(ffi::tessera_loop_block(l, i), ids)).collect();
        let exits = (0..ffi::tessera_loop_num_exits(l)).filter_map(|i| block(ffi::tessera_loop_exit(l, i), ids)).collect();
        let (mut line, mut col, mut file, mut file_len) = (0u32, 0u32, std::ptr::null::<c_char>(), 0usize);
        let loc = (ffi::tessera_loop_loc(l, &mut line, &mut col, &mut file, &mut file_len) != 0).then(|| SrcLoc {
            file: String::from_utf8_lossy(std::slice::from_raw_parts(file as *const u8, file_len)).into_owned(),
            line,
            col,
        });
        self.view.loops.push(Loop {
            header: block(ffi::tessera_loop_header(l), ids).expect("loop header is a block of the function"),
            preheader: block(ffi::tessera_loop_preheader(l), ids),
            latch: block(ffi::tessera_loop_latch(l), ids),
            exits,
            blocks,
            parent,
            subloops: vec![],
            depth: ffi::tessera_loop_depth(l),
            backedge_taken: Scev::CouldNotCompute,
            backedge_bits: ffi::tessera_ctx_backedge_bits(self.ctx, l),
            loc,
            var: counter_name(l),
            pragma: {
                let p = ffi::tessera_loop_user_pragma(l);
                (!p.is_null()).then(|| std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
            },
            no_unroll: ffi::tessera_loop_unroll_disabled(l) != 0,
        });
        for s in 0..ffi::tessera_loop_num_subloops(l) {
            let sub = self.add_loop(ffi::tessera_loop_subloop(l, s), Some(id));
            self.view.loops[id.0 as usize].subloops.push(sub);
        }
        id
    }

    unsafe fn intern_as(&mut self, v: LLVMValueRef, kind: ValueKind) -> ValueId {
        if let Some(&id) = self.map.value_ids.get(&v) {
            return id;
        }
        let id = ValueId(self.map.values.len() as u32);
        let mut name = name_of(v);
        if name.is_empty() && kind == ValueKind::Constant && LLVMIsAConstantExpr(v).is_null() {
            name = constant_text(v);
        }
        if name.is_empty() {
            name = format!("v{}", id.0);
        }
        self.map.values.push(v);
        self.map.value_ids.insert(v, id);
        let int = if kind == ValueKind::Constant { int_constant(v) } else { None };
        self.view.values.push(ValueInfo { name, kind, ty: type_of(LLVMTypeOf(v)), int });
        id
    }

    unsafe fn intern(&mut self, v: LLVMValueRef) -> ValueId {
        if let Some(&id) = self.map.value_ids.get(&v) {
            return id;
        }
        let kind = if !LLVMIsAArgument(v).is_null() {
            // Arguments are interned up front; this is another function's.
            ValueKind::Other
        } else if !LLVMIsAGlobalValue(v).is_null() {
            ValueKind::Global
        } else if !LLVMIsAConstant(v).is_null() {
            ValueKind::Constant
        } else if !LLVMIsAInstruction(v).is_null() {
            let bb = LLVMGetInstructionParent(v);
            self.map.block_ids.get(&bb).map_or(ValueKind::Other, |&b| ValueKind::Instruction(b))
        } else {
            ValueKind::Other
        };
        self.intern_as(v, kind)
    }

    unsafe fn scev_of(&mut self, v: ValueId) {
        if self.view.scevs.contains_key(&v) {
            return;
        }
        let mut nodes: *const ScevNodeRaw = std::ptr::null();
        let mut kids: *const u32 = std::ptr::null();
        let n = ffi::tessera_ctx_scev_of(self.ctx, self.map.values[v.0 as usize] as *mut c_void, &mut nodes, &mut kids);
        let s = self.import_scev(nodes, kids, n);
        self.view.scevs.insert(v, s);
    }

    /// Rebuilds the shim's post-order node array as a tree (bounded: see
    /// [`MAX_SCEV_TREE`]).
    ///
    /// SCEV shares subexpressions (a DAG); the tree repeats them, so its
    /// size can grow exponentially with the node count. A subexpression
    /// whose tree would exceed MAX_SCEV_TREE nodes is cut off as
    /// unsupported (the region using it is rejected with a remark). Only
    /// the nodes the root's tree holds are built, each subtree moved into
    /// its last user and cloned for the others: the work is the DAG's size
    /// plus the final tree's. (Building every node's tree, as this did
    /// before, cost the DAG's size times the cap: a pseudo-random
    /// generator inlined into a fuzzing test, opus's
    /// `fuzz_encoder_settings`, took a quarter of a second per view.)
    unsafe fn import_scev(&mut self, nodes: *const ScevNodeRaw, kids: *const u32, n: usize) -> Scev {
        if n == 0 || nodes.is_null() {
            return Scev::CouldNotCompute;
        }
        let nodes = std::slice::from_raw_parts(nodes, n);
        let total_kids: usize = nodes.iter().map(|x| (x.first_child + x.num_children) as usize).max().unwrap_or(0);
        let kids: &[u32] = if total_kids == 0 { &[] } else { std::slice::from_raw_parts(kids, total_kids) };
        let kids_of = |node: &ScevNodeRaw| &kids[node.first_child as usize..(node.first_child + node.num_children) as usize];
        // Post-order: a node's children come before it. Every unknown is
        // interned in this order, needed or not, so that value ids do not
        // depend on where the cap cuts.
        let mut sizes: Vec<usize> = Vec::with_capacity(n);
        let mut cut = vec![false; n];
        for (k, node) in nodes.iter().enumerate() {
            if node.kind == ffi::SCEV_UNKNOWN {
                self.intern(node.ptr as LLVMValueRef);
            }
            let size = kids_of(node).iter().fold(1usize, |acc, &c| acc.saturating_add(sizes[c as usize]));
            cut[k] = size > MAX_SCEV_TREE;
            sizes.push(if cut[k] { 1 } else { size });
        }
        // The nodes the root's tree holds, and how often each is used there.
        let mut uses = vec![0usize; n];
        uses[n - 1] = 1;
        for k in (0..n).rev() {
            if uses[k] > 0 && !cut[k] {
                for &c in kids_of(&nodes[k]) {
                    uses[c as usize] += 1;
                }
            }
        }
        let mut built: Vec<Option<Scev>> = vec![None; n];
        for (k, node) in nodes.iter().enumerate() {
            if uses[k] == 0 {
                continue;
            }
            if cut[k] {
                built[k] = Some(Scev::Unsupported("expression too large"));
                continue;
            }
            let children: Vec<Scev> = kids_of(node)
                .iter()
                .map(|&c| {
                    let c = c as usize;
                    uses[c] -= 1;
                    let b = if uses[c] == 0 { built[c].take() } else { built[c].clone() };
                    b.unwrap_or(Scev::CouldNotCompute)
                })
                .collect();
            built[k] = Some(self.scev_node(node, children));
        }
        built[n - 1].take().unwrap_or(Scev::CouldNotCompute)
    }

    /// One node of a scalar evolution, its children built.
    unsafe fn scev_node(&mut self, node: &ScevNodeRaw, children: Vec<Scev>) -> Scev {
        let one = |mut c: Vec<Scev>| Box::new(c.pop().unwrap_or(Scev::CouldNotCompute));
        match node.kind {
            ffi::SCEV_CONST => Scev::Const(node.value as i128),
            ffi::SCEV_UNKNOWN => Scev::Unknown(self.intern(node.ptr as LLVMValueRef)),
            ffi::SCEV_ADD => Scev::Add(children),
            ffi::SCEV_MUL => Scev::Mul(children),
            ffi::SCEV_UDIV if children.len() == 2 => {
                let mut c = children;
                let b = c.pop().unwrap();
                Scev::UDiv(Box::new(c.pop().unwrap()), Box::new(b))
            }
            ffi::SCEV_ADDREC if children.len() == 2 => match self.map.loop_ids.get(&(node.ptr as *mut LoopRaw)) {
                Some(&l) => {
                    let mut c = children;
                    let step = c.pop().unwrap();
                    Scev::AddRec {
                        start: Box::new(c.pop().unwrap()),
                        step: Box::new(step),
                        loop_: l,
                        flags: WrapFlags { nsw: node.flags & 1 != 0, nuw: node.flags & 2 != 0 },
                    }
                }
                None => Scev::Unsupported("recurrence of an unknown loop"),
            },
            ffi::SCEV_SMAX => Scev::SMax(children),
            ffi::SCEV_UMAX => Scev::UMax(children),
            ffi::SCEV_SMIN => Scev::SMin(children),
            ffi::SCEV_UMIN => Scev::UMin(children),
            ffi::SCEV_ZEXT => Scev::ZExt(one(children), node.bits),
            ffi::SCEV_SEXT => Scev::SExt(one(children), node.bits),
            ffi::SCEV_TRUNC => Scev::Trunc(one(children), node.bits),
            ffi::SCEV_PTRTOINT => Scev::PtrToInt(one(children)),
            ffi::SCEV_COULD_NOT_COMPUTE => Scev::CouldNotCompute,
            _ => Scev::Unsupported("scalar evolution kind"),
        }
    }

    unsafe fn fill_block(&mut self, id: BlockId, bb: LLVMBasicBlockRef) {
        let mut inst = LLVMGetFirstInstruction(bb);
        let mut instrs = Vec::new();
        while !inst.is_null() {
            let next = LLVMGetNextInstruction(inst);
            if next.is_null() {
                self.view.blocks[id.0 as usize].term = self.terminator(inst);
            } else {
                instrs.push(self.instr(id, inst));
            }
            inst = next;
        }
        self.view.blocks[id.0 as usize].instrs = instrs;
    }

    unsafe fn terminator(&mut self, inst: LLVMValueRef) -> Terminator {
        let block = |b: &Self, bb: LLVMBasicBlockRef| b.map.block_ids[&bb];
        match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMBr if LLVMIsConditional(inst) != 0 => {
                let cond = self.intern(LLVMGetCondition(inst));
                Terminator::CondBr {
                    cond,
                    then_: block(self, LLVMGetSuccessor(inst, 0)),
                    else_: block(self, LLVMGetSuccessor(inst, 1)),
                }
            }
            LLVMOpcode::LLVMBr => Terminator::Br(block(self, LLVMGetSuccessor(inst, 0))),
            LLVMOpcode::LLVMRet => Terminator::Ret,
            op => Terminator::Other { opcode: opcode_name(op) },
        }
    }

    unsafe fn instr(&mut self, block: BlockId, inst: LLVMValueRef) -> Instr {
        let value = self.intern_as(inst, ValueKind::Instruction(block));
        let operands: Vec<ValueId> =
            (0..LLVMGetNumOperands(inst).max(0) as u32).map(|i| self.intern(LLVMGetOperand(inst, i))).collect();
        let atomic = |i| LLVMGetOrdering(i) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic;
        // Integers and pointers crossing blocks may be recomputable from
        // counters and parameters: detection needs their evolution.
        if matches!(type_of(LLVMTypeOf(inst)), Type::Int(_) | Type::Ptr) {
            self.scev_of(value);
        }
        let opcode = LLVMGetInstructionOpcode(inst);
        let op = match opcode {
            LLVMOpcode::LLVMLoad => {
                self.scev_of(operands[0]);
                Op::Load { addr: operands[0], ty: type_of(LLVMTypeOf(inst)), volatile: LLVMGetVolatile(inst) != 0, atomic: atomic(inst) }
            }
            LLVMOpcode::LLVMStore => {
                self.scev_of(operands[1]);
                Op::Store {
                    addr: operands[1],
                    value: operands[0],
                    ty: type_of(LLVMTypeOf(LLVMGetOperand(inst, 0))),
                    volatile: LLVMGetVolatile(inst) != 0,
                    atomic: atomic(inst),
                }
            }
            LLVMOpcode::LLVMCall => {
                let callee = LLVMGetCalledValue(inst);
                let callee = if LLVMIsAFunction(callee).is_null() { String::from("<indirect>") } else { name_of(callee) };
                // A block copy or fill may be put back as a loop
                // (scop::mem_calls): its addresses and length.
                if crate::ir::is_mem_call(&callee) && operands.len() >= 3 {
                    for &o in &operands[..3] {
                        self.scev_of(o);
                    }
                }
                let pure = ffi::tessera_call_is_pure(inst as *mut c_void) != 0;
                let sets_errno = match ffi::tessera_call_sets_only_errno(inst as *mut c_void) {
                    _ if pure => None,
                    1 => Some(Errno::Domain),
                    2 => Some(Errno::Range),
                    _ => None,
                };
                Op::Call { callee, pure, sets_errno }
            }
            LLVMOpcode::LLVMPHI => {
                let incoming = (0..LLVMCountIncoming(inst))
                    .map(|i| (self.map.block_ids[&LLVMGetIncomingBlock(inst, i)], self.intern(LLVMGetIncomingValue(inst, i))))
                    .collect();
                Op::Phi { incoming }
            }
            LLVMOpcode::LLVMICmp => {
                self.scev_of(operands[0]);
                self.scev_of(operands[1]);
                Op::ICmp { pred: pred_of(LLVMGetICmpPredicate(inst)), lhs: operands[0], rhs: operands[1] }
            }
            LLVMOpcode::LLVMSelect => Op::Select,
            op => classify(op),
        };
        Instr { value, op, operands, loc: loc_of(inst) }
    }
}

fn opcode_name(op: LLVMOpcode) -> String {
    format!("{op:?}").trim_start_matches("LLVM").to_lowercase()
}

/// Instructions other than memory accesses, calls, PHIs, compares, selects.
fn classify(op: LLVMOpcode) -> Op {
    use LLVMOpcode::*;
    let modelled = match op {
        LLVMAdd => Opcode::Add,
        LLVMSub => Opcode::Sub,
        LLVMMul => Opcode::Mul,
        LLVMUDiv => Opcode::UDiv,
        LLVMSDiv => Opcode::SDiv,
        LLVMURem => Opcode::URem,
        LLVMSRem => Opcode::SRem,
        LLVMShl => Opcode::Shl,
        LLVMLShr => Opcode::LShr,
        LLVMAShr => Opcode::AShr,
        LLVMAnd => Opcode::And,
        LLVMOr => Opcode::Or,
        LLVMXor => Opcode::Xor,
        LLVMFAdd => Opcode::FAdd,
        LLVMFSub => Opcode::FSub,
        LLVMFMul => Opcode::FMul,
        LLVMFDiv => Opcode::FDiv,
        LLVMFRem => Opcode::FRem,
        LLVMFNeg => Opcode::FNeg,
        LLVMTrunc => Opcode::Trunc,
        LLVMZExt => Opcode::ZExt,
        LLVMSExt => Opcode::SExt,
        LLVMFPToUI => Opcode::FPToUI,
        LLVMFPToSI => Opcode::FPToSI,
        LLVMUIToFP => Opcode::UIToFP,
        LLVMSIToFP => Opcode::SIToFP,
        LLVMFPTrunc => Opcode::FPTrunc,
        LLVMFPExt => Opcode::FPExt,
        LLVMPtrToInt => Opcode::PtrToInt,
        LLVMIntToPtr => Opcode::IntToPtr,
        LLVMBitCast => Opcode::BitCast,
        LLVMGetElementPtr => Opcode::GetElementPtr,
        LLVMFCmp => Opcode::FCmp,
        LLVMFreeze => Opcode::Freeze,
        _ => return Op::Unsupported { opcode: opcode_name(op) },
    };
    if modelled.is_integer_operator() {
        Op::Binary { opcode: modelled }
    } else {
        Op::Pure { opcode: modelled }
    }
}
