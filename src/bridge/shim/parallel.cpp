// OpenMP code for parallel loops through the GOMP entry points (which both
// libgomp and LLVM's libomp provide):
//
//   parent:  GOMP_parallel(sub, data, 0, 0);
//            (for a loop under sequential loops, only when a fork pays;
//            else the loop runs in place: the Rust side emits both; for
//            one outside every loop, `fork ? GOMP_parallel(sub, data, 0, 0)
//            : sub(data)`, sub then taking the whole range)
//   sub:     [lo, hi) = this thread's share of [lb, ub), from
//            omp_get_thread_num() / omp_get_num_threads();
//            for (i = lo; i < hi; i++) body;
//
// The Rust side emits `sub`'s body (the worker) in the function itself
// (if outlining fails, it stays there with the queries replaced by 0 and
// 1: the whole range on this thread). LLVM's CodeExtractor then moves the
// worker into `sub` with its inputs packed in one struct (giving `sub`
// GOMP's void(void*) type), and the call becomes GOMP_parallel.
#include "context.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

using namespace llvm;

extern "C" int32_t tessera_ctx_module_has_openmp(TesseraFunctionCtx *Ctx) {
  return Ctx->F.getParent()->getModuleFlag("openmp") != nullptr;
}

// Declares (once) and returns a GOMP entry point.
static FunctionCallee gomp(Module &M, StringRef Name, FunctionType *Ty) {
  return M.getOrInsertFunction(Name, Ty);
}

// omp_get_num_threads (Which = 0) or omp_get_thread_num (Which = 1).
extern "C" void *tessera_omp_query(TesseraFunctionCtx *Ctx, int32_t Which) {
  LLVMContext &C = Ctx->F.getContext();
  auto *Ty = FunctionType::get(Type::getInt32Ty(C), {}, false);
  return gomp(*Ctx->F.getParent(), Which == 0 ? "omp_get_num_threads" : "omp_get_thread_num", Ty)
      .getCallee();
}

// Outlines `Blocks` (the worker; Blocks[0] its single entry) and runs it
// on a team of threads; with `Fork` (an i1 that dominates the blocks), only
// where it is true, calling the outlined function directly where it is not.
// Returns 0, changing nothing, if the blocks cannot be outlined as a
// function without outputs.
extern "C" int32_t tessera_outline_parallel(TesseraFunctionCtx *Ctx, void **Blocks, size_t N,
                                            void *Fork) {
  SmallVector<BasicBlock *, 16> BBs;
  for (size_t I = 0; I < N; ++I)
    BBs.push_back(static_cast<BasicBlock *>(Blocks[I]));
  DominatorTree DT(Ctx->F);
  CodeExtractor CE(BBs, &DT, /*AggregateArgs=*/true, nullptr, nullptr, nullptr,
                   /*AllowVarArgs=*/false, /*AllowAlloca=*/true, nullptr, "tessera.par");
  if (!CE.isEligible())
    return 0;
  SetVector<Value *> Inputs, Outputs, Sinks;
  CE.findInputsOutputs(Inputs, Outputs, Sinks);
  if (!Outputs.empty())
    return 0;
  CodeExtractorAnalysisCache CEAC(Ctx->F);
  Function *Sub = CE.extractCodeRegion(CEAC);
  if (!Sub)
    return 0;
  // Tessera's own pass, run later on the new function, only cleans it up
  // (it is already optimized code; see TesseraPass::run).
  Sub->addFnAttr("tessera-outlined");
  Module &M = *Ctx->F.getParent();
  LLVMContext &C = M.getContext();
  auto *Ptr = PointerType::getUnqual(C);
  auto *I32 = Type::getInt32Ty(C);
  CallInst *Call = nullptr;
  for (User *U : Sub->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      if (CI->getFunction() == &Ctx->F)
        Call = CI;
  if (!Call)
    return 0;
  // The team runs a void(void*) function. A worker that uses no value of
  // the function (constant sizes, global arrays: the loop's bounds and
  // addresses are all constants) is outlined without arguments: the team
  // runs it through a function that takes the runtime's pointer and
  // ignores it. (With aggregate arguments a worker has at most one.)
  SmallVector<Value *, 1> Args(Call->args());
  Function *TeamFn = Sub;
  Value *Data = Args.empty() ? static_cast<Value *>(ConstantPointerNull::get(Ptr)) : Args[0];
  if (Args.empty()) {
    TeamFn = Function::Create(FunctionType::get(Type::getVoidTy(C), {Ptr}, false),
                              GlobalValue::InternalLinkage, Sub->getName() + ".team", M);
    TeamFn->addFnAttr("tessera-outlined");
    IRBuilder<> W(BasicBlock::Create(C, "entry", TeamFn));
    W.CreateCall(Sub, {});
    W.CreateRetVoid();
  }
  IRBuilder<> B(Call);
  if (auto *Cond = static_cast<Value *>(Fork)) {
    // The small runs call the worker itself: one copy of the loop.
    Instruction *Team = nullptr, *Alone = nullptr;
    SplitBlockAndInsertIfThenElse(Cond, Call->getIterator(), &Team, &Alone);
    IRBuilder<>(Alone).CreateCall(Sub, Args);
    B.SetInsertPoint(Team);
  }
  // num_threads 0: OMP_NUM_THREADS or the runtime's default; flags 0.
  FunctionCallee Parallel =
      gomp(M, "GOMP_parallel", FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, I32, I32}, false));
  // The runtime may set errno as it starts its threads (libomp does on
  // first use), which the program did not ask for: the caller's errno is
  // kept. (Loops whose calls may set errno never run on the team.)
  Value *Errno = nullptr, *Saved = nullptr;
  if (M.getTargetTriple().isOSLinux()) {
    FunctionCallee Loc = M.getOrInsertFunction("__errno_location", FunctionType::get(Ptr, {}, false));
    Errno = B.CreateCall(Loc, {}, "errno.addr");
    Saved = B.CreateLoad(I32, Errno, "errno.saved");
  }
  B.CreateCall(Parallel, {TeamFn, Data, ConstantInt::get(I32, 0), ConstantInt::get(I32, 0)});
  if (Errno)
    B.CreateStore(Saved, Errno);
  Call->eraseFromParent();
  return 1;
}
