// The per-function context handed to Rust: the function, its analysis
// manager and where printers write. Analyses are fetched lazily so that a
// function Tessera skips costs nothing.
#ifndef TESSERA_CONTEXT_H
#define TESSERA_CONTEXT_H

#include "tessera_shim.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

struct TesseraFunctionCtx {
  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  llvm::raw_ostream *Out; // printers only
  std::string Error;
  // Storage of the last flattened SCEV (see tessera_ctx_scev_of).
  std::vector<TesseraScevNode> ScevNodes;
  std::vector<uint32_t> ScevChildren;

  TesseraFunctionCtx(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                     llvm::raw_ostream *Out)
      : F(F), FAM(FAM), Out(Out) {}
};

// Runs the Rust side on F; reports an internal error as a warning on F.
// Returns the Rust status (TESSERA_CHANGED when the IR was modified).
int32_t tesseraRunRust(TesseraFunctionCtx &Ctx, int32_t Mode);

#endif
