// The narrow C ABI between the Rust side of Tessera and LLVM's C++ API.
//
// Why a shim at all: pass registration with the new PassBuilder and the
// analyses Tessera queries (LoopInfo, ScalarEvolution, AA, TTI, remarks) have
// no C API. Everything here is a thin accessor; all decisions are in Rust.
// The Rust mirror of these declarations is src/bridge/ffi.rs: keep both in step.
#ifndef TESSERA_SHIM_H
#define TESSERA_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TesseraFunctionCtx TesseraFunctionCtx;
typedef struct TesseraLoop TesseraLoop; // an llvm::Loop

// What the Rust side is asked to do with a function.
enum TesseraMode {
  TESSERA_MODE_OPTIMIZE = 0,
  TESSERA_MODE_PRINT_SCOPS = 1,
};

// What the Rust side answers.
enum TesseraStatus {
  TESSERA_UNCHANGED = 0,
  TESSERA_CHANGED = 1,
  TESSERA_INTERNAL_ERROR = 2, // message left with tessera_ctx_set_error
};

// Entry points of the Rust side, handed over at registration so that the
// plugin exports no symbol but llvmGetPassPluginInfo.
typedef struct TesseraCallbacks {
  int32_t (*run_function)(TesseraFunctionCtx *ctx, int32_t mode);
} TesseraCallbacks;

// Values of the -tessera-* command-line options.
typedef struct TesseraOptions {
  uint8_t enable;
  uint8_t force_internal_error;
  uint32_t verbose;
} TesseraOptions;

enum TesseraRemarkKind {
  TESSERA_REMARK_PASSED = 0,   // -Rpass=tessera
  TESSERA_REMARK_MISSED = 1,   // -Rpass-missed=tessera
  TESSERA_REMARK_ANALYSIS = 2, // -Rpass-analysis=tessera
};

void tessera_register_passes(void *pass_builder, const TesseraCallbacks *callbacks);
void tessera_get_options(TesseraOptions *out);

// The function being processed (an LLVMValueRef) and its name.
void *tessera_ctx_function(TesseraFunctionCtx *ctx);
size_t tessera_ctx_function_name(TesseraFunctionCtx *ctx, const char **name);

// Loop tree (LoopInfo): top-level loops in program order, then sub-loops.
size_t tessera_ctx_num_top_loops(TesseraFunctionCtx *ctx);
TesseraLoop *tessera_ctx_top_loop(TesseraFunctionCtx *ctx, size_t index);
size_t tessera_loop_num_subloops(TesseraLoop *loop);
TesseraLoop *tessera_loop_subloop(TesseraLoop *loop, size_t index);
uint32_t tessera_loop_depth(TesseraLoop *loop);
void *tessera_loop_header(TesseraLoop *loop); // LLVMBasicBlockRef

// Remarks through LLVM's OptimizationRemarkEmitter, pass name "tessera".
// `loop` may be null: the remark is then attached to the function.
void tessera_ctx_remark(TesseraFunctionCtx *ctx, int32_t kind, TesseraLoop *loop,
                        const char *name, const char *msg, size_t msg_len);
// Text for printer passes (print<tessera-...>).
void tessera_ctx_print(TesseraFunctionCtx *ctx, const char *text, size_t len);
// Why the Rust side failed; reported as a warning naming the function.
void tessera_ctx_set_error(TesseraFunctionCtx *ctx, const char *msg, size_t len);

#ifdef __cplusplus
}
#endif
#endif
