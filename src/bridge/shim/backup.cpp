// The function's body as it was before Tessera changed it, put back when a
// change fails half-way (an internal error): the function is then exactly
// the original, not half-rewritten with invalid IR that later passes would
// trip over.
#include "context.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

FunctionBackup::FunctionBackup(Function &F) : F(F) {
  // A detached holder (in no module) takes the copy. Metadata is shared,
  // not copied: the restored body is the original one, debug locations and
  // loop IDs included.
  Copy = Function::Create(F.getFunctionType(), GlobalValue::PrivateLinkage, "tessera.backup");
  ValueToValueMapTy VMap;
  for (unsigned I = 0; I < F.arg_size(); ++I)
    VMap[F.getArg(I)] = Copy->getArg(I);
  SmallVector<ReturnInst *, 4> Returns;
  MetadataPredicate Identity = [](const Metadata *) { return true; };
  CloneFunctionBodyInto(*Copy, F, VMap, RF_None, Returns, "", nullptr, nullptr, nullptr, &Identity);
}

FunctionBackup::~FunctionBackup() {
  if (Copy) {
    Copy->dropAllReferences();
    delete Copy;
  }
}

void FunctionBackup::restore() {
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  F.splice(F.end(), Copy);
  for (unsigned I = 0; I < F.arg_size(); ++I)
    Copy->getArg(I)->replaceAllUsesWith(F.getArg(I));
  // Parallel workers the failed attempt outlined are no longer called
  // (those of functions rewritten before are).
  SmallVector<Function *, 4> Orphans;
  for (Function &G : *F.getParent())
    if (G.hasFnAttribute("tessera-outlined") && G.use_empty())
      Orphans.push_back(&G);
  for (Function *G : Orphans)
    G->eraseFromParent();
}

extern "C" void tessera_checkpoint(TesseraFunctionCtx *Ctx) {
  if (!Ctx->Backup)
    Ctx->Backup = std::make_unique<FunctionBackup>(Ctx->F);
}
