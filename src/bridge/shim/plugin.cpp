// Pass registration: the `tessera` function pass, its printers, and the
// vectorizer-start hook that runs it inside clang's -O2/-O3 pipeline.
#include "context.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"

#include <cstddef>
#include <memory>

using namespace llvm;

bool tesseraEnabled();

// llvmGetPassPluginInfo is defined in Rust (src/bridge/plugin.rs) with a
// copy of this struct's layout; the host reads every field, so a field the
// copy lacks is garbage it may call. Keep the two in step.
static_assert(sizeof(PassPluginLibraryInfo) == 40 &&
                  offsetof(PassPluginLibraryInfo, RegisterPassBuilderCallbacks) == 24 &&
                  offsetof(PassPluginLibraryInfo, PreCodeGenCallback) == 32,
              "llvm::PassPluginLibraryInfo changed: update PassPluginLibraryInfo in src/bridge/plugin.rs");

static const TesseraCallbacks *Callbacks = nullptr;

int32_t tesseraRunRust(TesseraFunctionCtx &Ctx, int32_t Mode) {
  int32_t Status = Callbacks->run_function(&Ctx, Mode);
  if (Status == TESSERA_INTERNAL_ERROR) {
    if (Ctx.Backup)
      Ctx.Backup->restore();
    std::string Msg = "tessera: internal error in function '" + Ctx.F.getName().str() +
                      "': " + Ctx.Error + "; the function is left unoptimized";
    if (Ctx.F.getSubprogram())
      Ctx.F.getContext().diagnose(DiagnosticInfoGenericWithLoc(
          Msg, Ctx.F, DiagnosticLocation(Ctx.F.getSubprogram()), DS_Warning));
    else
      Ctx.F.getContext().diagnose(DiagnosticInfoGeneric(Msg, DS_Warning));
  }
  Ctx.Backup.reset();
  return Status;
}

namespace {

// Earlier passes may leave loops un-rotated (unswitching the last iteration
// of a reversed loop does): LLVM rotates them again right after the
// vectorizer-start extension point, Tessera (which models rotated loops)
// first. Functions whose loops are all rotated are left untouched, so the
// loop-simplify and LCSSA forms the rotation needs change nothing else.
class RotateUnrotatedLoops : public PassInfoMixin<RotateUnrotatedLoops> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (!tesseraEnabled() || F.isDeclaration())
      return PreservedAnalyses::all();
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    bool Unrotated = false;
    for (Loop *L : LI.getLoopsInPreorder())
      Unrotated |= !L->isRotatedForm();
    if (!Unrotated)
      return PreservedAnalyses::all();
    FunctionPassManager Rotate;
    Rotate.addPass(createFunctionToLoopPassAdaptor(LoopRotatePass()));
    return Rotate.run(F, FAM);
  }
  static bool isRequired() { return true; }
};

// Marks a function Tessera changed (rewritten nests, instrumentation or
// specialized versions).
const char *const RewrittenAttr = "tessera-rewritten";

// The optimizer. Inside clang's pipeline (Cleanup set) a function
// simplification pipeline follows a change, as Polly does, so that the new
// loops reach the vectorizer in canonical form.
class TesseraPass : public PassInfoMixin<TesseraPass> {
  std::shared_ptr<FunctionPassManager> Cleanup;
  bool VectorizeForcedOnly;

public:
  explicit TesseraPass(std::shared_ptr<FunctionPassManager> Cleanup = nullptr,
                       bool VectorizeForcedOnly = false)
      : Cleanup(std::move(Cleanup)), VectorizeForcedOnly(VectorizeForcedOnly) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    // The profiling runtime Tessera links into instrumented modules
    // (src/profile/runtime.c) is not the user's code.
    if (!tesseraEnabled() || F.isDeclaration() || F.hasFnAttribute("tessera-runtime"))
      return PreservedAnalyses::all();
    // Already rewritten in an earlier pipeline of the same build (LTO: at
    // compile time, before the linker's optimization pipeline, which runs
    // the plugin again when the linker loads it): the nests are the
    // rewritten ones, and their tiles are not tiled twice.
    if (F.hasFnAttribute(RewrittenAttr))
      return PreservedAnalyses::all();
    // A block whose address is taken (computed goto) cannot be copied aside
    // and put back: its blockaddress constants name F's own blocks.
    for (BasicBlock &BB : F)
      if (BB.hasAddressTaken())
        return PreservedAnalyses::all();
    // A parallel loop's worker, outlined by Tessera from another function:
    // it missed that function's cleanup pipeline, so it gets it here.
    if (F.hasFnAttribute("tessera-outlined")) {
      if (!Cleanup)
        return PreservedAnalyses::all();
      Cleanup->run(F, FAM);
      return PreservedAnalyses::none();
    }
    TesseraFunctionCtx Ctx(F, FAM, nullptr, VectorizeForcedOnly);
    int32_t Status = tesseraRunRust(Ctx, TESSERA_MODE_OPTIMIZE);
    // After an internal error the body is the restored copy: new objects.
    // Loops only given preheaders and LCSSA form hold no new code for the
    // cleanup pipeline to simplify.
    if (Status == TESSERA_INTERNAL_ERROR || Status == TESSERA_PREPARED)
      return PreservedAnalyses::none();
    if (Status != TESSERA_CHANGED)
      return PreservedAnalyses::all();
    F.addFnAttr(RewrittenAttr);
    if (Cleanup) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Cleanup->run(F, FAM);
    }
    return PreservedAnalyses::none();
  }

  static bool isRequired() { return false; }
};

// print<tessera-scops|deps|schedule|ast>: each stage's result as text
// (to stderr), without changing the IR.
class PrinterPass : public PassInfoMixin<PrinterPass> {
  int32_t Mode;

public:
  explicit PrinterPass(int32_t Mode) : Mode(Mode) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    TesseraFunctionCtx Ctx(F, FAM, &errs());
    tesseraRunRust(Ctx, Mode);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// Set while vectorizeForcedOnly builds a pipeline to read: Tessera's own
// callbacks add nothing to it.
thread_local bool ProbingPipeline = false;

// Whether the pipeline PB builds at Level vectorizes only the loops that
// ask for it (clang -fno-vectorize: PipelineTuningOptions::
// LoopVectorization off). PassBuilder keeps its tuning options private;
// its loop vectorizer prints them ("vectorize-forced-only", or with
// "no-" before it), so the optimization pipeline is built and read once
// per pipeline Tessera joins. A user who turned the vectorizer off gets
// no loop forced through it.
bool vectorizeForcedOnly(PassBuilder &PB, OptimizationLevel Level) {
  ProbingPipeline = true;
  ModulePassManager Probe = PB.buildModuleOptimizationPipeline(Level, ThinOrFullLTOPhase::None);
  ProbingPipeline = false;
  std::string Text;
  raw_string_ostream OS(Text);
  Probe.printPipeline(OS, [](StringRef ClassName) { return ClassName; });
  OS.flush();
  size_t At = Text.find("vectorize-forced-only");
  return At != std::string::npos && (At < 3 || Text.compare(At - 3, 3, "no-") != 0);
}

} // namespace

extern "C" void tessera_register_passes(void *PBPtr, const TesseraCallbacks *CBs) {
  Callbacks = CBs;
  PassBuilder &PB = *static_cast<PassBuilder *>(PBPtr);

  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "tessera") {
          FPM.addPass(TesseraPass());
          return true;
        }
        static const std::pair<const char *, int32_t> Printers[] = {
            {"print<tessera-scops>", TESSERA_MODE_PRINT_SCOPS},
            {"print<tessera-deps>", TESSERA_MODE_PRINT_DEPS},
            {"print<tessera-schedule>", TESSERA_MODE_PRINT_SCHEDULE},
            {"print<tessera-ast>", TESSERA_MODE_PRINT_AST},
        };
        for (const auto &P : Printers)
          if (Name == P.first) {
            FPM.addPass(PrinterPass(P.second));
            return true;
          }
        return false;
      });

  // clang -O2/-O3 (and opt -passes='default<O3>'): before the vectorizer, as
  // Polly does. -O1 is left alone: users asked for a quick compile; so are
  // -Os and -Oz: users asked for small code, and every rewrite adds its
  // new nest beside the original (gemm at -Os: 1.3 KB of .text, 4.7 KB
  // with a rewrite).
  PassBuilder *Builder = &PB;
  auto AddTessera = [Builder](FunctionPassManager &FPM, OptimizationLevel Level) {
    auto Cleanup = std::make_shared<FunctionPassManager>(
        Builder->buildFunctionSimplificationPipeline(Level, ThinOrFullLTOPhase::None));
    FPM.addPass(RotateUnrotatedLoops());
    FPM.addPass(TesseraPass(std::move(Cleanup), vectorizeForcedOnly(*Builder, Level)));
  };
  PB.registerVectorizerStartEPCallback([AddTessera](FunctionPassManager &FPM,
                                                    OptimizationLevel Level) {
    if (ProbingPipeline || Level.getSpeedupLevel() < 2 || Level.getSizeLevel() > 0)
      return;
    AddTessera(FPM, Level);
  });
  // -flto=thin: the optimization pipeline, the vectorizer's extension point
  // with it, runs in the linker's LTO backend, which loads no plugin unless
  // told to (-Wl,--load-pass-plugin with lld): Tessera would silently do
  // nothing. The compile-time (pre-link) pipeline still calls the
  // optimizer-early callbacks, after the same simplification and inlining
  // of the module: Tessera runs there, and the rewritten nests, with their
  // loop metadata, go to the backend in the bitcode.
  PB.registerOptimizerEarlyEPCallback([AddTessera](ModulePassManager &MPM, OptimizationLevel Level,
                                                   ThinOrFullLTOPhase Phase) {
    if (ProbingPipeline || Phase != ThinOrFullLTOPhase::ThinLTOPreLink || Level.getSpeedupLevel() < 2 || Level.getSizeLevel() > 0)
      return;
    FunctionPassManager FPM;
    AddTessera(FPM, Level);
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  });
}
