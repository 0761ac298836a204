// Accessors over TesseraFunctionCtx for the Rust side (see tessera_shim.h).
#include "context.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static Loop *unwrap(TesseraLoop *L) { return reinterpret_cast<Loop *>(L); }
static TesseraLoop *wrap(Loop *L) { return reinterpret_cast<TesseraLoop *>(L); }

extern "C" void *tessera_ctx_function(TesseraFunctionCtx *Ctx) { return &Ctx->F; }

extern "C" size_t tessera_ctx_function_name(TesseraFunctionCtx *Ctx, const char **Name) {
  StringRef N = Ctx->F.getName();
  *Name = N.data();
  return N.size();
}

static LoopInfo &loopInfo(TesseraFunctionCtx *Ctx) {
  return Ctx->FAM.getResult<LoopAnalysis>(Ctx->F);
}

extern "C" size_t tessera_ctx_num_top_loops(TesseraFunctionCtx *Ctx) {
  return loopInfo(Ctx).getTopLevelLoops().size();
}

// LoopInfo keeps top-level loops in reverse program order; Rust sees them in
// program order so that remarks and printers follow the source.
extern "C" TesseraLoop *tessera_ctx_top_loop(TesseraFunctionCtx *Ctx, size_t Index) {
  const auto &Top = loopInfo(Ctx).getTopLevelLoops();
  if (Index >= Top.size())
    return nullptr;
  return wrap(Top[Top.size() - 1 - Index]);
}

extern "C" size_t tessera_loop_num_subloops(TesseraLoop *L) {
  return unwrap(L)->getSubLoops().size();
}

extern "C" TesseraLoop *tessera_loop_subloop(TesseraLoop *L, size_t Index) {
  const auto &Subs = unwrap(L)->getSubLoops();
  return Index < Subs.size() ? wrap(Subs[Index]) : nullptr;
}

extern "C" uint32_t tessera_loop_depth(TesseraLoop *L) { return unwrap(L)->getLoopDepth(); }

extern "C" void *tessera_loop_header(TesseraLoop *L) { return unwrap(L)->getHeader(); }

// Appends the parts of a message to a remark (see tessera_shim.h).
template <typename R>
static void appendParts(R &Remark, const char *const *Keys, const char *const *Texts,
                        const size_t *Lens, size_t N) {
  for (size_t I = 0; I < N; ++I) {
    StringRef Text(Texts[I], Lens[I]);
    if (Keys[I] && *Keys[I])
      Remark << ore::NV(Keys[I], Text);
    else
      Remark << Text;
  }
}

extern "C" void tessera_ctx_remark(TesseraFunctionCtx *Ctx, int32_t Kind, TesseraLoop *TL,
                                   const char *Name, const char *const *Keys,
                                   const char *const *Texts, const size_t *Lens, size_t N) {
  auto &ORE = Ctx->FAM.getResult<OptimizationRemarkEmitterAnalysis>(Ctx->F);
  Loop *L = TL ? unwrap(TL) : nullptr;
  DiagnosticLocation Loc = L ? DiagnosticLocation(L->getStartLoc())
                             : DiagnosticLocation(Ctx->F.getSubprogram());
  const BasicBlock *CodeRegion = L ? L->getHeader() : &Ctx->F.getEntryBlock();
  if (!ORE.enabled())
    return; // nobody listens: skip building the remark
  if (Kind == TESSERA_REMARK_PASSED) {
    OptimizationRemark R("tessera", Name, Loc, CodeRegion);
    appendParts(R, Keys, Texts, Lens, N);
    ORE.emit(R);
  } else if (Kind == TESSERA_REMARK_MISSED) {
    OptimizationRemarkMissed R("tessera", Name, Loc, CodeRegion);
    appendParts(R, Keys, Texts, Lens, N);
    ORE.emit(R);
  } else {
    OptimizationRemarkAnalysis R("tessera", Name, Loc, CodeRegion);
    appendParts(R, Keys, Texts, Lens, N);
    ORE.emit(R);
  }
}

extern "C" void tessera_ctx_print(TesseraFunctionCtx *Ctx, const char *Text, size_t Len) {
  if (Ctx->Out)
    Ctx->Out->write(Text, Len);
}

extern "C" void tessera_ctx_set_error(TesseraFunctionCtx *Ctx, const char *Msg, size_t Len) {
  Ctx->Error.assign(Msg, Len);
}

extern "C" void tessera_ctx_warn(TesseraFunctionCtx *Ctx, const char *Msg, size_t Len) {
  Ctx->F.getContext().diagnose(DiagnosticInfoGeneric(Twine(StringRef(Msg, Len)), DS_Warning));
}

extern "C" int32_t tessera_ctx_vectorize_forced_only(TesseraFunctionCtx *Ctx) {
  return Ctx->VectorizeForcedOnly ? 1 : 0;
}

extern "C" void tessera_ctx_target(TesseraFunctionCtx *Ctx, uint32_t *VectorBits, uint32_t *WideVectorBits,
                                   uint32_t *VectorRegs,
                                   uint64_t *L1, uint64_t *L2, uint32_t *L1Ways,
                                   int32_t *HostCpu) {
  // -march=native names the host's CPU: only then may the host's own
  // caches stand for the target's (otherwise the object file would depend
  // on the machine that compiled it).
  Attribute Cpu = Ctx->F.getFnAttribute("target-cpu");
  *HostCpu = Cpu.isValid() && Cpu.getValueAsString() == sys::getHostCPUName() ? 1 : 0;
  auto &TTI = Ctx->FAM.getResult<TargetIRAnalysis>(Ctx->F);
  *VectorBits = static_cast<uint32_t>(
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue());
  // TTI gives the width the vectorizers prefer: Intel's AVX-512 CPUs (and
  // -mprefer-vector-width) prefer 256 bits. Code that asks for wider
  // vectors (a matrix-multiply micro-kernel, which then marks its
  // function's min-legal-vector-width) may use every legal width: on x86,
  // 512 bits with AVX-512 (measured on a Sapphire Rapids core: 8x24
  // kernels on zmm registers ran 1.5x faster than 8x12 ones on ymm).
  *WideVectorBits = *VectorBits;
  Triple T(Ctx->F.getParent()->getTargetTriple());
  Attribute Features = Ctx->F.getFnAttribute("target-features");
  if (T.isX86() && Features.isValid()) {
    StringRef F = Features.getValueAsString();
    if (F.contains("+avx512f") && !F.contains("-evex512"))
      *WideVectorBits = std::max<uint32_t>(*VectorBits, 512);
  }
  *VectorRegs = TTI.getNumberOfRegisters(TTI.getRegisterClassForType(/*Vector=*/true));
  *L1 = TTI.getCacheSize(TargetTransformInfo::CacheLevel::L1D).value_or(0);
  *L2 = TTI.getCacheSize(TargetTransformInfo::CacheLevel::L2D).value_or(0);
  *L1Ways = TTI.getCacheAssociativity(TargetTransformInfo::CacheLevel::L1D).value_or(0);
}

extern "C" const void *tessera_ctx_module_id(TesseraFunctionCtx *Ctx) { return Ctx->F.getParent(); }

extern "C" uint64_t tessera_ctx_module_instructions(TesseraFunctionCtx *Ctx) {
  uint64_t N = 0;
  for (const Function &G : *Ctx->F.getParent())
    N += G.getInstructionCount();
  return N;
}
