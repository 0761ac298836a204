// The per-function context handed to Rust: the function, its analysis
// manager and where printers write. Analyses are fetched lazily so that a
// function Tessera skips costs nothing.
#ifndef TESSERA_CONTEXT_H
#define TESSERA_CONTEXT_H

#include "tessera_shim.h"

#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

// A copy of a function's body taken before Tessera changes it (see
// backup.cpp); `restore` puts it back and removes the parallel workers the
// failed attempt outlined.
class FunctionBackup {
public:
  explicit FunctionBackup(llvm::Function &F);
  ~FunctionBackup();
  FunctionBackup(const FunctionBackup &) = delete;
  FunctionBackup &operator=(const FunctionBackup &) = delete;
  void restore();

private:
  llvm::Function &F;
  llvm::Function *Copy = nullptr;
  // The copy's instructions and #dbg_assign records, each with the
  // assignment ID it carried in F (see the constructor).
  std::vector<std::pair<llvm::Instruction *, llvm::MDNode *>> AssignIDs;
  std::vector<std::pair<llvm::DbgVariableRecord *, llvm::DIAssignID *>> AssignRecords;
  // Detached stand-ins the copy uses instead of the module's global values
  // (placeholder, original): see the constructor.
  std::vector<std::pair<llvm::GlobalValue *, llvm::GlobalValue *>> Placeholders;
};

struct TesseraFunctionCtx {
  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  llvm::raw_ostream *Out; // printers only
  std::string Error;
  // Storage of the last flattened SCEV (see tessera_ctx_scev_of).
  std::vector<TesseraScevNode> ScevNodes;
  std::vector<uint32_t> ScevChildren;
  // Taken by tessera_checkpoint before the first change to F.
  std::unique_ptr<FunctionBackup> Backup;
  // The pipeline's loop vectorizer vectorizes only loops that ask for it
  // (clang -fno-vectorize): no loop of Tessera's asks.
  bool VectorizeForcedOnly = false;

  TesseraFunctionCtx(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                     llvm::raw_ostream *Out, bool VectorizeForcedOnly = false)
      : F(F), FAM(FAM), Out(Out), VectorizeForcedOnly(VectorizeForcedOnly) {}
};

// Runs the Rust side on F; reports an internal error as a warning on F,
// after putting F's body back as it was if it had been changed. Returns
// the Rust status (TESSERA_CHANGED when the IR was modified;
// TESSERA_INTERNAL_ERROR: F's analyses are stale all the same).
int32_t tesseraRunRust(TesseraFunctionCtx &Ctx, int32_t Mode);

#endif
