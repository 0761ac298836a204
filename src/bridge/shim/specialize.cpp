// Profile-guided specialization (src/driver/specialize.rs decides what):
// versioning a loop nest on a condition, with a clone in which parameters
// are constants. The C API has no loop cloning.
#include "context.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

extern "C" void *tessera_ctx_specialize_loop(TesseraFunctionCtx *Ctx, TesseraLoop *TL, void *CondV,
                                             void **Params, const int64_t *Consts, size_t N,
                                             void **CloneHeader) {
  Loop *L = reinterpret_cast<Loop *>(TL);
  auto &DT = Ctx->FAM.getResult<DominatorTreeAnalysis>(Ctx->F);
  auto &LI = Ctx->FAM.getResult<LoopAnalysis>(Ctx->F);
  auto &SE = Ctx->FAM.getResult<ScalarEvolutionAnalysis>(Ctx->F);
  BasicBlock *Pre = L->getLoopPreheader();
  BasicBlock *Exit = L->getUniqueExitBlock();
  if (!Pre || !Exit)
    return nullptr;
  // Pre (with the condition) -> PH (the original's preheader) -> loop.
  BasicBlock *PH = SplitBlock(Pre, Pre->getTerminator(), &DT, &LI, nullptr,
                              L->getHeader()->getName() + ".tessera.ph");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Clone = cloneLoopWithPreheader(PH, Pre, L, VMap, ".tessera.spec", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);

  Instruction *Old = Pre->getTerminator();
  BranchInst *Dispatch =
      BranchInst::Create(Clone->getLoopPreheader(), PH, static_cast<Value *>(CondV), Old->getIterator());
  Old->eraseFromParent();

  // Both versions leave through the exit block; its (LCSSA) PHIs get the
  // clone's values.
  for (PHINode &Phi : Exit->phis()) {
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I) {
      BasicBlock *From = Phi.getIncomingBlock(I);
      if (!L->contains(From))
        continue;
      Value *V = Phi.getIncomingValue(I);
      auto It = VMap.find(V);
      Phi.addIncoming(It != VMap.end() ? static_cast<Value *>(It->second) : V,
                      cast<BasicBlock>(VMap[From]));
    }
  }
  DomTreeNode *ExitNode = DT.getNode(Exit);
  BasicBlock *OldIDom = ExitNode->getIDom()->getBlock();
  DT.changeImmediateDominator(Exit, DT.findNearestCommonDominator(OldIDom, Pre));

  // Inside the clone the parameters are the profiled constants.
  SmallPtrSet<BasicBlock *, 16> InClone(Blocks.begin(), Blocks.end());
  for (size_t I = 0; I < N; ++I) {
    Value *P = static_cast<Value *>(Params[I]);
    auto *Ty = dyn_cast<IntegerType>(P->getType());
    if (!Ty)
      continue;
    Constant *C = ConstantInt::get(Ty, static_cast<uint64_t>(Consts[I]), /*isSigned=*/true);
    P->replaceUsesWithIf(C, [&](Use &U) {
      auto *UI = dyn_cast<Instruction>(U.getUser());
      return UI && InClone.contains(UI->getParent());
    });
  }
  SE.forgetLoop(L);
  *CloneHeader = Clone->getHeader();
  return Dispatch;
}
