// What code generation needs beyond the C API: putting a loop nest in the
// form the rewrite relies on (preheader, LCSSA, block copies and fills as
// loops), expanding a loop counter at
// a point, marking loops parallel/vectorizable with metadata, and scoped
// no-alias metadata on the accesses of a checked region.
#include "context.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>

using namespace llvm;

static Loop *unwrap(TesseraLoop *L) { return reinterpret_cast<Loop *>(L); }

extern "C" void *tessera_ctx_prepare_loop(TesseraFunctionCtx *Ctx, TesseraLoop *TL, int32_t *Changed) {
  Loop *L = unwrap(TL);
  auto &DT = Ctx->FAM.getResult<DominatorTreeAnalysis>(Ctx->F);
  auto &LI = Ctx->FAM.getResult<LoopAnalysis>(Ctx->F);
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  BasicBlock *Pre = L->getLoopPreheader();
  bool NewPreheader = !Pre;
  if (!Pre)
    Pre = InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  if (!Pre)
    return nullptr;
  // LCSSA formation keeps SCEV up to date itself. Forgetting the loop's
  // evolutions when nothing changed would lose what SCEV can no longer
  // derive from scratch: an induction variable whose increment GVN's PRE
  // split into a PHI of two equal adds is only known from the evolution
  // cached before (a red-black sweep's row counter).
  bool NewPhis = formLCSSARecursively(*L, DT, &LI, &SE);
  if (NewPreheader)
    SE.forgetLoop(L);
  *Changed = NewPreheader || NewPhis;
  return Pre;
}

extern "C" void *tessera_ctx_expand_counter(TesseraFunctionCtx *Ctx, TesseraLoop *TL, void *Before) {
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  Type *I64 = Type::getInt64Ty(Ctx->F.getContext());
  const SCEV *Counter = SE.getAddRecExpr(SE.getZero(I64), SE.getOne(I64), unwrap(TL), SCEV::FlagNSW);
  SCEVExpander Expander(SE, "tessera");
  return Expander.expandCodeFor(Counter, I64, static_cast<Instruction *>(Before));
}

extern "C" void *tessera_ctx_expand_exit_value(TesseraFunctionCtx *Ctx, TesseraLoop *TL, void *V, void *Before) {
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  Loop *L = unwrap(TL);
  auto *Val = static_cast<Value *>(V);
  auto *At = static_cast<Instruction *>(Before);
  if (!SE.isSCEVable(Val->getType()))
    return nullptr;
  const SCEV *Exit = SE.getSCEVAtScope(Val, L->getParentLoop());
  if (isa<SCEVCouldNotCompute>(Exit) || !SE.isLoopInvariant(Exit, L))
    return nullptr;
  SCEVExpander Expander(SE, "tessera.exit");
  if (!Expander.isSafeToExpandAt(Exit, At))
    return nullptr;
  return Expander.expandCodeFor(Exit, Val->getType(), At);
}

extern "C" void tessera_mark_loop(void *LatchBranch, void **Accesses, size_t NumAccesses,
                                  int32_t Parallel, int32_t Vectorize, int32_t NoUnroll) {
  auto *Br = static_cast<Instruction *>(LatchBranch);
  LLVMContext &C = Br->getContext();
  SmallVector<Metadata *, 4> Props;
  Props.push_back(nullptr); // the loop ID refers to itself
  if (Parallel && NumAccesses > 0) {
    MDNode *Group = MDNode::getDistinct(C, {});
    for (size_t I = 0; I < NumAccesses; ++I)
      static_cast<Instruction *>(Accesses[I])->setMetadata(LLVMContext::MD_access_group, Group);
    Props.push_back(MDNode::get(C, {MDString::get(C, "llvm.loop.parallel_accesses"), Group}));
  }
  if (Vectorize > 0)
    Props.push_back(MDNode::get(
        C, {MDString::get(C, "llvm.loop.vectorize.enable"),
            ConstantAsMetadata::get(ConstantInt::getTrue(C))}));
  if (Vectorize < 0) {
    Type *I32 = Type::getInt32Ty(C);
    Props.push_back(MDNode::get(C, {MDString::get(C, "llvm.loop.vectorize.width"),
                                    ConstantAsMetadata::get(ConstantInt::get(I32, 1))}));
    Props.push_back(MDNode::get(C, {MDString::get(C, "llvm.loop.interleave.count"),
                                    ConstantAsMetadata::get(ConstantInt::get(I32, 1))}));
  }
  if (NoUnroll) {
    MDNode *Disable = MDNode::get(C, {MDString::get(C, "llvm.loop.unroll.disable")});
    // LoopVectorize takes unroll.disable on the loop it vectorizes for
    // "interleave count 1"; as its follow-up, only the loops it makes of
    // this one (vector body, remainders) are kept from being unrolled.
    if (Vectorize > 0)
      Props.push_back(MDNode::get(C, {MDString::get(C, "llvm.loop.vectorize.followup_all"), Disable}));
    else
      Props.push_back(Disable);
  }
  MDNode *LoopID = MDNode::getDistinct(C, Props);
  LoopID->replaceOperandWith(0, LoopID);
  Br->setMetadata(LLVMContext::MD_loop, LoopID);
}

extern "C" void tessera_annotate_alias_scopes(void **Accesses, const uint32_t *Arrays, size_t N) {
  if (N == 0)
    return;
  LLVMContext &C = static_cast<Instruction *>(Accesses[0])->getContext();
  MDBuilder MDB(C);
  // Distinct (anonymous) nodes: a named domain would merge with another
  // function's or file's of the same name under LTO.
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("tessera");
  std::map<uint32_t, MDNode *> Scopes;
  for (size_t I = 0; I < N; ++I)
    if (!Scopes.count(Arrays[I]))
      Scopes[Arrays[I]] = MDB.createAnonymousAliasScope(Domain);
  if (Scopes.size() < 2)
    return; // one array: nothing to tell apart
  for (size_t I = 0; I < N; ++I) {
    auto *Inst = static_cast<Instruction *>(Accesses[I]);
    SmallVector<Metadata *, 8> Others;
    for (auto &[Array, Scope] : Scopes)
      if (Array != Arrays[I])
        Others.push_back(Scope);
    // Concatenated with what the instruction already says (scopes from
    // inlined restrict arguments): each domain is judged on its own.
    Inst->setMetadata(LLVMContext::MD_alias_scope,
                      MDNode::concatenate(Inst->getMetadata(LLVMContext::MD_alias_scope),
                                          MDNode::get(C, {Scopes[Arrays[I]]})));
    Inst->setMetadata(LLVMContext::MD_noalias,
                      MDNode::concatenate(Inst->getMetadata(LLVMContext::MD_noalias), MDNode::get(C, Others)));
  }
}

extern "C" int32_t tessera_ctx_verify(TesseraFunctionCtx *Ctx) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  bool Broken = verifyFunction(Ctx->F, &OS);
  if (Broken)
    Ctx->Error = "generated invalid IR: " + OS.str();
  return Broken ? 0 : 1;
}

extern "C" void tessera_append_global_ctor(void *Fn) {
  auto *F = static_cast<Function *>(Fn);
  appendToGlobalCtors(*F->getParent(), F, /*Priority=*/65535);
}

extern "C" void tessera_phi_remove_incoming(void *Phi, void *Block) {
  static_cast<PHINode *>(Phi)->removeIncomingValue(static_cast<BasicBlock *>(Block),
                                                   /*DeletePHIIfEmpty=*/false);
}

extern "C" size_t tessera_ctx_take_error(TesseraFunctionCtx *Ctx, const char **Out) {
  static thread_local std::string Last;
  Last = std::move(Ctx->Error);
  Ctx->Error.clear();
  *Out = Last.c_str();
  return Last.size();
}

// A copy or fill LLVM's loop-idiom pass made of a loop (`llvm.memcpy`,
// `llvm.memset`) put back as a loop of `ElemBytes`-wide integer elements,
// so that a nest holding it can be modelled element by element:
//
//   n = len / ElemBytes;  if (n != 0) for (k = 0; k < n; k++) dst[k] = src[k] (or the fill)
//
// Integer elements copy any element type bit for bit. memmove is not
// expanded (a forward loop would read what it already overwrote), nor a
// volatile call. Returns 1 when the call was replaced; analyses are then
// invalid.
extern "C" int32_t tessera_ctx_expand_mem_call(TesseraFunctionCtx *Ctx, void *CallV, uint32_t ElemBytes) {
  auto *I = dyn_cast<MemIntrinsic>(static_cast<Value *>(CallV));
  if (!I || I->isVolatile() || !(isa<MemSetInst>(I) || isa<MemCpyInst>(I)) || ElemBytes == 0 ||
      ElemBytes > 8 || (ElemBytes & (ElemBytes - 1)) != 0)
    return 0;
  LLVMContext &C = Ctx->F.getContext();
  Type *ET = IntegerType::get(C, 8 * ElemBytes);
  Value *Len = I->getLength();
  auto *LT = dyn_cast<IntegerType>(Len->getType());
  if (!LT)
    return 0;
  IRBuilder<> B(I);
  B.SetCurrentDebugLocation(I->getDebugLoc());
  Value *N = B.CreateExactUDiv(Len, ConstantInt::get(LT, ElemBytes), "tessera.elems");
  auto *Known = dyn_cast<ConstantInt>(N);
  if (Known && Known->isZero()) {
    I->eraseFromParent();
    Ctx->FAM.invalidate(Ctx->F, PreservedAnalyses::none());
    return 1;
  }
  Value *Fill = nullptr;
  if (auto *MS = dyn_cast<MemSetInst>(I))
    Fill = B.CreateMul(B.CreateZExt(MS->getValue(), ET),
                       ConstantInt::get(ET, APInt::getSplat(8 * ElemBytes, APInt(8, 1))), "tessera.fill");
  BasicBlock *Before = I->getParent();
  BasicBlock *After = Before->splitBasicBlock(I->getIterator(), Before->getName() + ".tessera.memend");
  BasicBlock *Body = BasicBlock::Create(C, Before->getName() + ".tessera.mem", &Ctx->F, After);
  Before->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Before);
  // A known length is not zero (above): no guard, no constant branch.
  if (Known)
    B.CreateBr(Body);
  else
    B.CreateCondBr(B.CreateICmpEQ(N, ConstantInt::get(LT, 0)), After, Body);
  B.SetInsertPoint(Body);
  PHINode *K = B.CreatePHI(LT, 2, "tessera.k");
  K->addIncoming(ConstantInt::get(LT, 0), Before);
  Align DstAlign = commonAlignment(I->getDestAlign().valueOrOne(), ElemBytes);
  Value *Dst = B.CreateInBoundsGEP(ET, I->getRawDest(), K);
  if (auto *MT = dyn_cast<MemCpyInst>(I)) {
    Align SrcAlign = commonAlignment(MT->getSourceAlign().valueOrOne(), ElemBytes);
    Value *Src = B.CreateInBoundsGEP(ET, MT->getRawSource(), K);
    B.CreateAlignedStore(B.CreateAlignedLoad(ET, Src, SrcAlign), Dst, DstAlign);
  } else {
    B.CreateAlignedStore(Fill, Dst, DstAlign);
  }
  Value *Next = B.CreateAdd(K, ConstantInt::get(LT, 1), "tessera.k.next", /*HasNUW=*/true, /*HasNSW=*/true);
  K->addIncoming(Next, Body);
  B.CreateCondBr(B.CreateICmpULT(Next, N), Body, After);
  I->eraseFromParent();
  Ctx->FAM.invalidate(Ctx->F, PreservedAnalyses::none());
  return 1;
}

// Puts the checkpointed body back (see tessera_checkpoint); analyses are
// then invalid. Returns 0 when there was no checkpoint.
extern "C" int32_t tessera_restore_checkpoint(TesseraFunctionCtx *Ctx) {
  if (!Ctx->Backup)
    return 0;
  Ctx->Backup->restore();
  Ctx->Backup.reset();
  Ctx->FAM.invalidate(Ctx->F, PreservedAnalyses::none());
  return 1;
}
