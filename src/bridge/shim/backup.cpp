// The function's body as it was before Tessera changed it, put back when a
// change fails half-way (an internal error): the function is then exactly
// the original, not half-rewritten with invalid IR that later passes would
// trip over.
#include "context.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

// Every global value F's instructions refer to, directly or inside
// constant expressions (calls to F itself among them).
static void collectGlobals(Function &F, SetVector<GlobalValue *> &Out) {
  SmallPtrSet<const Constant *, 32> Seen;
  SmallVector<const Constant *, 16> Work;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      for (Value *Op : I.operands())
        if (auto *C = dyn_cast<Constant>(Op); C && Seen.insert(C).second)
          Work.push_back(C);
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (auto *G = dyn_cast<GlobalValue>(C)) {
      Out.insert(const_cast<GlobalValue *>(G));
      continue;
    }
    for (const Value *Op : C->operands())
      if (auto *K = dyn_cast<Constant>(Op); K && Seen.insert(K).second)
        Work.push_back(K);
  }
}

FunctionBackup::FunctionBackup(Function &F) : F(F) {
  // A detached holder (in no module) takes the copy. Metadata is shared,
  // not copied: the restored body is the original one, debug locations and
  // loop IDs included.
  Copy = Function::Create(F.getFunctionType(), GlobalValue::PrivateLinkage, "tessera.backup");
  ValueToValueMapTy VMap;
  for (unsigned I = 0; I < F.arg_size(); ++I)
    VMap[F.getArg(I)] = Copy->getArg(I);
  // The copy must not be a user of any global value: a function's users
  // are walked by the verifier (a self-call from a function in no module
  // made verifyFunction(F) dereference that null module and crash the
  // compiler) and by every pass that looks at callers. Each global the
  // body refers to is replaced in the copy by a detached placeholder of
  // the same type, and put back on restore().
  SetVector<GlobalValue *> Globals;
  collectGlobals(F, Globals);
  for (GlobalValue *G : Globals) {
    GlobalValue *P;
    if (auto *Fn = dyn_cast<Function>(G))
      P = Function::Create(Fn->getFunctionType(), GlobalValue::ExternalLinkage, "tessera.backup.ref");
    else
      P = new GlobalVariable(Type::getInt8Ty(F.getContext()), /*isConstant=*/false,
                             GlobalValue::ExternalLinkage, nullptr, "tessera.backup.ref",
                             GlobalValue::NotThreadLocal, G->getAddressSpace());
    VMap[G] = P;
    Placeholders.emplace_back(P, G);
  }
  SmallVector<ReturnInst *, 4> Returns;
  MetadataPredicate Identity = [](const Metadata *) { return true; };
  CloneFunctionBodyInto(*Copy, F, VMap, RF_None, Returns, "", nullptr, nullptr, nullptr, &Identity);
  // An assignment ID links the #dbg_assign records of one function to its
  // stores and allocas (-g at -O1 and above); the verifier rejects F while
  // an instruction or record of another function (the copy) carries one of
  // F's IDs. The copy holds its IDs aside until restore().
  DIAssignID *Placeholder = nullptr;
  for (BasicBlock &BB : *Copy)
    for (Instruction &I : BB) {
      if (MDNode *ID = I.getMetadata(LLVMContext::MD_DIAssignID)) {
        AssignIDs.emplace_back(&I, ID);
        I.setMetadata(LLVMContext::MD_DIAssignID, nullptr);
      }
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
        if (R.isDbgAssign()) {
          if (!Placeholder)
            Placeholder = DIAssignID::getDistinct(F.getContext());
          AssignRecords.emplace_back(&R, R.getAssignID());
          R.setAssignId(Placeholder);
        }
    }
}

FunctionBackup::~FunctionBackup() {
  if (Copy) {
    Copy->dropAllReferences();
    delete Copy;
  }
  // Unused now: the copy was dropped, or its uses moved to the originals.
  for (auto &[P, G] : Placeholders) {
    P->removeDeadConstantUsers();
    if (auto *Fn = dyn_cast<Function>(P))
      delete Fn;
    else
      delete cast<GlobalVariable>(P);
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
  for (auto &[P, G] : Placeholders)
    P->replaceAllUsesWith(G);
  for (auto &[I, ID] : AssignIDs)
    I->setMetadata(LLVMContext::MD_DIAssignID, ID);
  for (auto &[R, ID] : AssignRecords)
    R->setAssignId(ID);
  AssignIDs.clear();
  AssignRecords.clear();
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
