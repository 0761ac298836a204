//! A read-only, LLVM-free view of one function: blocks, instructions,
//! loops and the scalar evolutions SCoP detection needs.
//!
//! The bridge builds it from LLVM IR (src/bridge/view.rs); tests build it by
//! hand. Identifiers are indices into the view's tables; the bridge keeps
//! the map back to LLVM values for code generation.

mod opcode;
mod scev;

pub use opcode::Opcode;
pub use scev::{Scev, WrapFlags};

use crate::stable::HashMap;

/// Any value of the function: argument, global, instruction result, constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

/// A source position (from debug information).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SrcLoc {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Argument { index: u32, noalias: bool },
    Global,
    Constant,
    /// The result of an instruction of this block.
    Instruction(BlockId),
    Other,
}

#[derive(Clone, Debug)]
pub struct ValueInfo {
    /// The IR name without `%`/`@`, or a number for unnamed values.
    pub name: String,
    pub kind: ValueKind,
    pub ty: Type,
    /// The value of an integer constant: signed, but `1` for a one-bit
    /// `true` (detection reads one-bit values as flags). `None` for
    /// anything else, constant expressions included.
    pub int: Option<i128>,
}

/// The types Tessera distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int(u32),
    Float,
    Double,
    Ptr,
    Void,
    /// Vectors, aggregates and other types: never modelled.
    Other,
}

impl Type {
    /// Size in memory, for the types Tessera models.
    pub fn store_bytes(self) -> Option<u32> {
        match self {
            Type::Int(bits) if bits % 8 == 0 => Some(bits / 8),
            Type::Float => Some(4),
            Type::Double | Type::Ptr => Some(8),
            _ => None,
        }
    }
}

/// Integer comparison predicates (LLVM's `icmp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pred {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

/// The one errno value a libm call may set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errno {
    /// EDOM (sqrt, sin, fmod, ...).
    Domain,
    /// ERANGE (exp, sinh, hypot, ...).
    Range,
}

#[derive(Clone, Debug)]
pub enum Op {
    Load { addr: ValueId, ty: Type, volatile: bool, atomic: bool },
    Store { addr: ValueId, value: ValueId, ty: Type, volatile: bool, atomic: bool },
    /// `pure`: reads and writes no memory, returns, does not throw
    /// (`readnone` intrinsics such as `llvm.sqrt`). `sets_errno`: its only
    /// effect is to write errno, to one value whatever its arguments
    /// (libm's `sqrt`, `exp`, ... compiled with errno), so calls that set
    /// the same value may run in any order, but on the thread that ran the
    /// original ones.
    Call { callee: String, pure: bool, sets_errno: Option<Errno> },
    Phi { incoming: Vec<(BlockId, ValueId)> },
    ICmp { pred: Pred, lhs: ValueId, rhs: ValueId },
    /// `and`/`or`/`xor` and the other integer operators
    /// ([`Opcode::is_integer_operator`]).
    Binary { opcode: Opcode },
    Select,
    /// Casts, GEPs, floating-point arithmetic, fcmp: no memory, no side effect.
    Pure { opcode: Opcode },
    /// Anything with effects Tessera does not model (fences, atomics,
    /// `alloca`, `invoke`, ...), with the opcode name for the remark.
    Unsupported { opcode: String },
}

/// Whether `callee` is a block copy or fill LLVM may have made of a loop
/// (`llvm.memcpy.*`, `llvm.memset.*`; `scop::mem_calls`).
pub fn is_mem_call(callee: &str) -> bool {
    callee.starts_with("llvm.memcpy.") || callee.starts_with("llvm.memset.")
}

/// Whether `callee` marks where a stack object's lifetime starts or ends
/// (`llvm.lifetime.start.*`, `llvm.lifetime.end.*`: a block-scoped array
/// declared in a loop body).
pub fn is_lifetime_marker(callee: &str) -> bool {
    callee.starts_with("llvm.lifetime.start.") || callee.starts_with("llvm.lifetime.end.")
}

/// The stack objects whose lifetime markers lie in `blocks`: code
/// generation gives each one lifetime around the whole rewritten nest
/// (detection admits only objects used nowhere else, `scop::build`).
pub fn lifetime_objects(view: &FunctionView, blocks: &[BlockId]) -> Vec<ValueId> {
    let mut out = Vec::new();
    for &b in blocks {
        for i in &view.block(b).instrs {
            if let (Op::Call { callee, .. }, Some(&object)) = (&i.op, i.operands.first()) {
                if is_lifetime_marker(callee) && !out.contains(&object) {
                    out.push(object);
                }
            }
        }
    }
    out
}

/// How [`only_addresses`] looks at the uses of a pointer in a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerUses {
    /// Address arithmetic, the addresses of loads and stores, and
    /// lifetime markers only.
    Addresses,
    /// Address arithmetic only (whose own uses are followed too).
    Arithmetic,
    /// Any use; address arithmetic here is followed still.
    Any,
}

/// Whether pointer `base`, and the address arithmetic on it anywhere in
/// the function, is used in each block only as `scope` allows there.
pub fn only_addresses(view: &FunctionView, base: ValueId, scope: impl Fn(BlockId) -> PointerUses) -> bool {
    let arithmetic = |op: &Op| matches!(op, Op::Pure { opcode: Opcode::GetElementPtr | Opcode::BitCast });
    let mut derived: Vec<ValueId> = vec![base];
    let mut grew = true;
    while grew {
        grew = false;
        for (b, block) in view.blocks.iter().enumerate() {
            for i in &block.instrs {
                let uses: Vec<usize> = i.operands.iter().enumerate().filter(|(_, o)| derived.contains(o)).map(|(k, _)| k).collect();
                if uses.is_empty() || derived.contains(&i.value) {
                    continue;
                }
                let on_base = arithmetic(&i.op) && uses == [0];
                let fine = match scope(BlockId(b as u32)) {
                    PointerUses::Any => true,
                    PointerUses::Arithmetic => on_base,
                    PointerUses::Addresses => match &i.op {
                        Op::Load { addr, .. } => derived.contains(addr) && uses.len() == 1,
                        Op::Store { addr, value, .. } => derived.contains(addr) && !derived.contains(value),
                        Op::Call { callee, .. } => is_lifetime_marker(callee) && uses == [0],
                        _ => on_base,
                    },
                };
                if !fine {
                    return false;
                }
                if on_base {
                    derived.push(i.value);
                    grew = true;
                }
            }
        }
    }
    true
}

/// Whether `object` is a stack allocation whose address reaches nothing
/// but address arithmetic, the addresses of loads and stores, and
/// lifetime markers: no other pointer can point into it. With `within`,
/// also every use of it outside those blocks is address arithmetic (LICM's
/// hoisted `&tmp[m - 1]`, whose own uses are checked too): a block-scoped
/// array of a loop nest, whose lifetime markers the rewritten nest may
/// replace by one lifetime around it (`scop::build`, `codegen`); values a
/// new iteration would find in it were undefined before.
pub fn unescaped_stack_object(view: &FunctionView, object: ValueId, within: Option<&std::collections::HashSet<BlockId, impl std::hash::BuildHasher>>) -> bool {
    if !matches!(view.def(object).map(|d| &d.op), Some(Op::Unsupported { opcode }) if opcode == "alloca") {
        return false;
    }
    only_addresses(view, object, |b| match within {
        Some(w) if !w.contains(&b) => PointerUses::Arithmetic,
        _ => PointerUses::Addresses,
    })
}

/// The value `v` is address arithmetic on (through GEPs and bitcasts).
pub fn underlying_object(view: &FunctionView, v: ValueId) -> ValueId {
    let mut v = v;
    while let Some(d) = view.def(v).filter(|d| matches!(d.op, Op::Pure { opcode: Opcode::GetElementPtr | Opcode::BitCast })) {
        match d.operands.first() {
            Some(&base) => v = base,
            None => break,
        }
    }
    v
}

#[derive(Clone, Debug)]
pub struct Instr {
    pub value: ValueId,
    pub op: Op,
    pub operands: Vec<ValueId>,
    pub loc: Option<SrcLoc>,
}

#[derive(Clone, Debug)]
pub enum Terminator {
    Br(BlockId),
    CondBr { cond: ValueId, then_: BlockId, else_: BlockId },
    Ret,
    /// `switch`, `indirectbr`, `unreachable`, `invoke`, ...
    Other { opcode: String },
}

#[derive(Clone, Debug)]
pub struct Block {
    pub name: String,
    pub instrs: Vec<Instr>,
    pub term: Terminator,
    /// The innermost loop containing the block.
    pub loop_: Option<LoopId>,
}

impl Block {
    pub fn successors(&self) -> Vec<BlockId> {
        match &self.term {
            Terminator::Br(b) => vec![*b],
            Terminator::CondBr { then_, else_, .. } => vec![*then_, *else_],
            Terminator::Ret | Terminator::Other { .. } => vec![],
        }
    }
}

#[derive(Clone, Debug)]
pub struct Loop {
    pub header: BlockId,
    pub preheader: Option<BlockId>,
    pub latch: Option<BlockId>,
    /// Blocks outside the loop reached from inside it.
    pub exits: Vec<BlockId>,
    /// Every block of the loop, sub-loops included.
    pub blocks: Vec<BlockId>,
    pub parent: Option<LoopId>,
    pub subloops: Vec<LoopId>,
    pub depth: u32,
    /// Number of times the back edge is taken (SCEV's backedge-taken count).
    pub backedge_taken: Scev,
    /// Width in bits of that count's type (0 when not computable): the
    /// count is an unsigned number of this width.
    pub backedge_bits: u32,
    pub loc: Option<SrcLoc>,
    /// The source name of the loop's counter, from debug information
    /// (`-g`): how remarks name the loop.
    pub var: Option<String>,
    /// The user's loop pragma a rewrite would override (`vectorize(disable)`,
    /// `unroll`, ...): such a loop is left as written.
    pub pragma: Option<String>,
    /// The loop is not to be unrolled (`llvm.loop.unroll.disable`:
    /// `#pragma nounroll`, or any loop under `-fno-unroll-loops`): its
    /// nest gets no unroll-and-jam.
    pub no_unroll: bool,
}

/// One function as SCoP detection sees it.
#[derive(Clone, Debug, Default)]
pub struct FunctionView {
    pub name: String,
    pub values: Vec<ValueInfo>,
    pub blocks: Vec<Block>,
    pub entry: Option<BlockId>,
    pub loops: Vec<Loop>,
    /// Outermost loops in program order.
    pub top_loops: Vec<LoopId>,
    /// Scalar evolutions of the values detection asks about: addresses,
    /// compared integers, integer PHIs.
    pub scevs: HashMap<ValueId, Scev>,
}

impl FunctionView {
    pub fn value(&self, v: ValueId) -> &ValueInfo {
        &self.values[v.0 as usize]
    }

    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.0 as usize]
    }

    pub fn loop_(&self, l: LoopId) -> &Loop {
        &self.loops[l.0 as usize]
    }

    pub fn scev(&self, v: ValueId) -> Option<&Scev> {
        self.scevs.get(&v)
    }

    /// The instruction defining `v`, if it is one.
    pub fn def(&self, v: ValueId) -> Option<&Instr> {
        match self.value(v).kind {
            ValueKind::Instruction(b) => self.block(b).instrs.iter().find(|i| i.value == v),
            _ => None,
        }
    }

    /// Whether loop `inner` is `outer` or nested in it.
    pub fn loop_contains(&self, outer: LoopId, inner: LoopId) -> bool {
        let mut cur = Some(inner);
        while let Some(l) = cur {
            if l == outer {
                return true;
            }
            cur = self.loop_(l).parent;
        }
        false
    }
}
