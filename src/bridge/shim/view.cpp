// Accessors the Rust side uses to build its view of a function
// (src/bridge/view.rs): loop structure, scalar evolution, call purity.
#include "context.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

static Loop *unwrap(TesseraLoop *L) { return reinterpret_cast<Loop *>(L); }

extern "C" void *tessera_loop_preheader(TesseraLoop *L) { return unwrap(L)->getLoopPreheader(); }
extern "C" void *tessera_loop_latch(TesseraLoop *L) { return unwrap(L)->getLoopLatch(); }
extern "C" size_t tessera_loop_num_blocks(TesseraLoop *L) { return unwrap(L)->getNumBlocks(); }
extern "C" void *tessera_loop_block(TesseraLoop *L, size_t I) {
  auto Blocks = unwrap(L)->getBlocks();
  return I < Blocks.size() ? Blocks[I] : nullptr;
}

extern "C" size_t tessera_loop_num_exits(TesseraLoop *L) {
  SmallVector<BasicBlock *, 4> Exits;
  unwrap(L)->getUniqueExitBlocks(Exits);
  return Exits.size();
}

extern "C" void *tessera_loop_exit(TesseraLoop *L, size_t I) {
  SmallVector<BasicBlock *, 4> Exits;
  unwrap(L)->getUniqueExitBlocks(Exits);
  return I < Exits.size() ? Exits[I] : nullptr;
}

// Each property of the loop's metadata (`llvm.loop.*`), with its integer
// value where it has one, until F returns true; whether it did.
static bool anyLoopProperty(TesseraLoop *L, function_ref<bool(StringRef, std::optional<int64_t>)> F) {
  MDNode *ID = unwrap(L)->getLoopID();
  if (!ID)
    return false;
  for (const MDOperand &Op : drop_begin(ID->operands())) {
    auto *Node = dyn_cast_or_null<MDNode>(Op.get());
    if (!Node || Node->getNumOperands() == 0)
      continue;
    auto *Name = dyn_cast<MDString>(Node->getOperand(0));
    if (!Name)
      continue;
    std::optional<int64_t> Value;
    if (Node->getNumOperands() >= 2)
      if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(1)))
        Value = C->getSExtValue();
    if (F(Name->getString(), Value))
      return true;
  }
  return false;
}

// The pragma of the user's (`#pragma clang loop`, `#pragma unroll`) on the
// loop that a rewrite would override, as the pragma's words; null if none.
// Tessera's new loops carry none of the loop's metadata: a loop the user
// kept from being vectorized, distributed or interleaved, or asked to be
// unrolled, would come out otherwise. Hints that ask only for what a
// rewrite also does (`#pragma omp simd`, vectorize(enable)), say something
// of the loop (parallel accesses, mustprogress) or were left by LLVM's own
// passes (a peeled loop's count) do not count.
extern "C" const char *tessera_loop_user_pragma(TesseraLoop *L) {
  const char *Found = nullptr;
  anyLoopProperty(L, [&](StringRef N, std::optional<int64_t> Value) {
    // (vectorize(disable) is a width of 1.)
    if ((N == "llvm.loop.vectorize.enable" && Value == 0) || (N == "llvm.loop.vectorize.width" && Value == 1))
      Found = "clang loop vectorize(disable)";
    else if (N == "llvm.loop.interleave.count")
      Found = "clang loop interleave_count";
    else if (N.starts_with("llvm.loop.unroll_and_jam."))
      Found = "unroll_and_jam";
    // A request to unroll. Not unroll.disable: clang puts it on every loop
    // when unrolling is off (-O1, -fno-unroll-loops); such a nest only
    // loses its jams (tessera_loop_unroll_disabled).
    else if (N.starts_with("llvm.loop.unroll.") && N != "llvm.loop.unroll.disable" && N != "llvm.loop.unroll.runtime.disable")
      Found = "unroll";
    else if (N == "llvm.loop.distribute.enable")
      Found = "clang loop distribute";
    else if (N == "llvm.loop.disable_nonforced")
      Found = "clang loop";
    return Found != nullptr;
  });
  return Found;
}

// Whether the loop carries llvm.loop.unroll.disable: `#pragma nounroll`,
// or clang's mark on every loop when unrolling is off (-fno-unroll-loops).
extern "C" int32_t tessera_loop_unroll_disabled(TesseraLoop *L) {
  return anyLoopProperty(L, [](StringRef N, std::optional<int64_t>) { return N == "llvm.loop.unroll.disable"; }) ? 1 : 0;
}

extern "C" int32_t tessera_loop_loc(TesseraLoop *L, uint32_t *Line, uint32_t *Col,
                                    const char **File, size_t *FileLen) {
  DebugLoc Loc = unwrap(L)->getStartLoc();
  if (!Loc)
    return 0;
  *Line = Loc.getLine();
  *Col = Loc.getCol();
  StringRef Name = cast<DIScope>(Loc.getScope())->getFilename();
  *File = Name.data();
  *FileLen = Name.size();
  return 1;
}

extern "C" int32_t tessera_loop_counter_name(TesseraLoop *TL, const char **Name, size_t *Len) {
  Loop *L = unwrap(TL);
  DebugLoc Start = L->getStartLoc();
  if (!Start)
    return 0;
  for (PHINode &Phi : L->getHeader()->phis())
    for (DbgVariableRecord *R : findDVRValues(&Phi))
      if (DILocalVariable *Var = R->getVariable();
          Var && !Var->getName().empty() && Var->getLine() == Start.getLine()) {
        *Name = Var->getName().data();
        *Len = Var->getName().size();
        return 1;
      }
  return 0;
}

// The source variable name of V from its debug records (-g), for remarks
// on values that have no IR name (clang drops them in optimized builds).
extern "C" int32_t tessera_value_source_name(void *V, const char **Name, size_t *Len) {
  for (DbgVariableRecord *R : findDVRValues(static_cast<Value *>(V))) {
    if (DILocalVariable *Var = R->getVariable(); Var && !Var->getName().empty()) {
      *Name = Var->getName().data();
      *Len = Var->getName().size();
      return 1;
    }
  }
  return 0;
}

extern "C" TesseraLoop *tessera_ctx_loop_for(TesseraFunctionCtx *Ctx, void *BB) {
  auto &LI = Ctx->FAM.getResult<LoopAnalysis>(Ctx->F);
  return reinterpret_cast<TesseraLoop *>(LI.getLoopFor(static_cast<BasicBlock *>(BB)));
}

// Whether S's value at its own width equals its mathematical value: every
// operation in it is flagged as not wrapping (signed: nsw; else nuw).
// SCEV sets these flags only when wrapping is impossible or would be
// undefined behaviour in the loop, the same trust Polly places in them.
static bool exactAtWidth(const SCEV *S, bool Signed) {
  switch (S->getSCEVType()) {
  case scConstant:
  case scUnknown:
    return true;
  case scAddExpr:
  case scMulExpr:
  case scAddRecExpr: {
    auto *N = cast<SCEVNAryExpr>(S);
    if (Signed ? !N->hasNoSignedWrap() : !N->hasNoUnsignedWrap())
      return false;
    for (const SCEV *Op : N->operands())
      if (!exactAtWidth(Op, Signed))
        return false;
    return true;
  }
  default:
    return false;
  }
}

// Appends S and its operands in post-order; returns S's node index. A
// subexpression SCEV shares is appended once (Seen): expanding the DAG
// into a tree can take exponential time.
static uint32_t flatten(const SCEV *S, TesseraFunctionCtx &Ctx, DenseMap<const SCEV *, uint32_t> &Seen) {
  if (auto It = Seen.find(S); It != Seen.end())
    return It->second;
  SmallVector<uint32_t, 4> Kids;
  // SCEVCouldNotCompute has no operand list (operands() is unreachable for it).
  if (!isa<SCEVCouldNotCompute>(S))
    for (const SCEV *Op : S->operands())
      Kids.push_back(flatten(Op, Ctx, Seen));
  TesseraScevNode N{};
  N.first_child = Ctx.ScevChildren.size();
  N.num_children = Kids.size();
  Ctx.ScevChildren.insert(Ctx.ScevChildren.end(), Kids.begin(), Kids.end());
  switch (S->getSCEVType()) {
  case scConstant: {
    const APInt &V = cast<SCEVConstant>(S)->getAPInt();
    if (V.getSignificantBits() <= 64) {
      N.kind = TESSERA_SCEV_CONST;
      // An i1 true is -1 when sign-extended but 1 as an unsigned count.
      N.value = V.getBitWidth() == 1 ? (int64_t)V.getZExtValue() : V.getSExtValue();
    } else {
      N.kind = TESSERA_SCEV_UNSUPPORTED;
    }
    break;
  }
  case scUnknown:
    N.kind = TESSERA_SCEV_UNKNOWN;
    N.ptr = cast<SCEVUnknown>(S)->getValue();
    break;
  case scAddExpr: N.kind = TESSERA_SCEV_ADD; break;
  case scMulExpr: N.kind = TESSERA_SCEV_MUL; break;
  case scUDivExpr: N.kind = TESSERA_SCEV_UDIV; break;
  case scAddRecExpr: {
    auto *AR = cast<SCEVAddRecExpr>(S);
    N.ptr = const_cast<Loop *>(AR->getLoop());
    N.flags = (AR->hasNoSignedWrap() ? 1 : 0) | (AR->hasNoUnsignedWrap() ? 2 : 0);
    // Rust models {a,+,b} only: higher-order recurrences are unsupported.
    N.kind = AR->isAffine() ? TESSERA_SCEV_ADDREC : TESSERA_SCEV_UNSUPPORTED;
    break;
  }
  case scSMaxExpr: N.kind = TESSERA_SCEV_SMAX; break;
  case scUMaxExpr: N.kind = TESSERA_SCEV_UMAX; break;
  case scSMinExpr: N.kind = TESSERA_SCEV_SMIN; break;
  case scUMinExpr: N.kind = TESSERA_SCEV_UMIN; break;
  case scZeroExtend: N.kind = TESSERA_SCEV_ZEXT; break;
  case scSignExtend: N.kind = TESSERA_SCEV_SEXT; break;
  case scTruncate: N.kind = TESSERA_SCEV_TRUNC; break;
  case scPtrToInt: N.kind = TESSERA_SCEV_PTRTOINT; break;
  case scCouldNotCompute: N.kind = TESSERA_SCEV_COULD_NOT_COMPUTE; break;
  default: N.kind = TESSERA_SCEV_UNSUPPORTED; break;
  }
  // Extensions record the width they extend from (the arithmetic inside
  // wraps at that width); truncations the width they truncate to.
  // An extension of an operand that provably does not wrap is reported as
  // an extension from 64 bits: only zext's non-negativity remains to prove.
  if (N.kind == TESSERA_SCEV_ZEXT || N.kind == TESSERA_SCEV_SEXT) {
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand();
    bool Exact = exactAtWidth(Op, N.kind == TESSERA_SCEV_SEXT);
    N.bits = Exact ? 64 : Op->getType()->getScalarSizeInBits();
  }
  if (N.kind == TESSERA_SCEV_TRUNC)
    N.bits = S->getType()->getScalarSizeInBits();
  Ctx.ScevNodes.push_back(N);
  Seen[S] = Ctx.ScevNodes.size() - 1;
  return Ctx.ScevNodes.size() - 1;
}

static size_t exportScev(TesseraFunctionCtx *Ctx, const SCEV *S, const TesseraScevNode **Nodes,
                         const uint32_t **Children) {
  Ctx->ScevNodes.clear();
  Ctx->ScevChildren.clear();
  DenseMap<const SCEV *, uint32_t> Seen;
  flatten(S, *Ctx, Seen);
  *Nodes = Ctx->ScevNodes.data();
  *Children = Ctx->ScevChildren.data();
  return Ctx->ScevNodes.size();
}

extern "C" size_t tessera_ctx_scev_of(TesseraFunctionCtx *Ctx, void *V, const TesseraScevNode **Nodes,
                                      const uint32_t **Children) {
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  Value *Val = static_cast<Value *>(V);
  const SCEV *S = SE.isSCEVable(Val->getType()) ? SE.getSCEV(Val) : SE.getCouldNotCompute();
  return exportScev(Ctx, S, Nodes, Children);
}

extern "C" uint32_t tessera_ctx_backedge_bits(TesseraFunctionCtx *Ctx, TesseraLoop *L) {
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  const SCEV *BTC = SE.getBackedgeTakenCount(unwrap(L));
  return isa<SCEVCouldNotCompute>(BTC) ? 0 : BTC->getType()->getScalarSizeInBits();
}

extern "C" size_t tessera_ctx_backedge_taken(TesseraFunctionCtx *Ctx, TesseraLoop *L,
                                             const TesseraScevNode **Nodes,
                                             const uint32_t **Children) {
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  return exportScev(Ctx, SE.getBackedgeTakenCount(unwrap(L)), Nodes, Children);
}

extern "C" int32_t tessera_call_is_pure(void *V) {
  auto *CB = dyn_cast<CallBase>(static_cast<Value *>(V));
  if (!CB)
    return 0;
  return CB->doesNotAccessMemory() && CB->willReturn() && CB->doesNotThrow();
}

// Whether a call's only effect is to write errno, and to one value whatever
// its arguments: 1 for libm functions that report only EDOM (sqrt, sin,
// ...), 2 for those that report only ERANGE (exp, sinh, ...), else 0. Calls
// setting the same value may run in any order: errno ends up with that
// value if any of them failed, as in the original order. (log and pow
// report either, so which one errno keeps depends on the order.)
extern "C" int32_t tessera_call_sets_only_errno(void *V) {
  auto *CB = dyn_cast<CallBase>(static_cast<Value *>(V));
  if (!CB || !CB->willReturn() || !CB->doesNotThrow())
    return 0;
  Function *F = CB->getCalledFunction();
  if (!F || !F->isDeclaration())
    return 0;
  MemoryEffects ME = CB->getMemoryEffects();
  if (!ME.getWithoutLoc(IRMemLocation::ErrnoMem).doesNotAccessMemory() ||
      isRefSet(ME.getModRef(IRMemLocation::ErrnoMem)))
    return 0;
  static const char *const Domain[] = {"sqrt", "sin", "cos", "tan", "asin", "acos", "fmod"};
  static const char *const Range[] = {"exp", "exp2", "expm1", "sinh", "cosh", "hypot"};
  StringRef Name = F->getName();
  auto named = [&](const char *Base) {
    for (const char *Suffix : {"", "f", "l"})
      if (Name == (Twine(Base) + Suffix).str())
        return true;
    return false;
  };
  for (const char *Base : Domain)
    if (named(Base))
      return 1;
  for (const char *Base : Range)
    if (named(Base))
      return 2;
  return 0;
}

extern "C" int32_t tessera_arg_is_noalias(void *Fn, uint32_t Index) {
  auto *F = static_cast<Function *>(Fn);
  return Index < F->arg_size() && F->getArg(Index)->hasNoAliasAttr();
}
