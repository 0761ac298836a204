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
  TESSERA_MODE_PRINT_DEPS = 2,
  TESSERA_MODE_PRINT_SCHEDULE = 3,
  TESSERA_MODE_PRINT_AST = 4,
};

// What the Rust side answers.
enum TesseraStatus {
  TESSERA_UNCHANGED = 0,
  TESSERA_CHANGED = 1,
  TESSERA_INTERNAL_ERROR = 2, // message left with tessera_ctx_set_error
  TESSERA_PREPARED = 3,       // loops only put in canonical form (no new code)
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
  uint8_t print_scops;
  uint8_t report;
  const char *export_dir; // empty: no export
  int32_t parallel;       // -1 auto (the module's -fopenmp), 0 never, 1 always
  uint8_t rtc;            // run-time alias checks allowed
  uint8_t rtc_stats;      // count optimized/fallback runs per region, print at exit
  const char *profile_generate; // NULL: no instrumentation
  const char *profile_use;      // empty: no profile
  uint32_t profile_max_versions;
  uint8_t rewrite_all; // also SCoPs whose rewrite gains nothing (tests)
  uint8_t fuse;        // 0 smart, 1 max, 2 none
  uint8_t concurrent_start; // diamond tiles for wavefront bands
  uint32_t l1_kib;     // cache sizes for tiling; 0: automatic
  uint32_t l2_kib;
  uint8_t check_schedules; // brute-force check of every final schedule
  uint64_t deps_work_limit; // 0: the default cap of the dependence analysis (tests)
  uint64_t ast_max_queries; // 0: the default query limit of loop generation (tests)
  uint8_t matmul;           // BLIS code for matmul-like statements
  uint32_t thread_only_growth; // percent of the module for rewrites that only gain threads
  uint32_t l3_kib;             // last-level cache for matrix-product blocking; 0: automatic
  uint64_t sched_work_limit;   // 0: the default cap of the scheduler (tests)
  uint64_t work_per_instruction; // polyhedral work per instruction of a module (0: no limit)
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

// Loop structure beyond the tree (null when the loop lacks the block).
void *tessera_loop_preheader(TesseraLoop *loop);
void *tessera_loop_latch(TesseraLoop *loop);
size_t tessera_loop_num_blocks(TesseraLoop *loop);
void *tessera_loop_block(TesseraLoop *loop, size_t index);
size_t tessera_loop_num_exits(TesseraLoop *loop);
void *tessera_loop_exit(TesseraLoop *loop, size_t index);
// The loop's start location; returns 0 without debug information.
int32_t tessera_loop_loc(TesseraLoop *loop, uint32_t *line, uint32_t *col, const char **file,
                         size_t *file_len);
// The source name of the loop's counter: a variable declared on the
// loop's first line (`for (int i = ...)`) that debug records of a header
// PHI describe. Returns 0 when there is none (no -g, or a counter declared
// elsewhere, whose PHI may stand for other variables too).
int32_t tessera_loop_counter_name(TesseraLoop *loop, const char **name, size_t *len);
// The innermost loop containing a basic block, or null.
TesseraLoop *tessera_ctx_loop_for(TesseraFunctionCtx *ctx, void *block);

// Scalar evolution, flattened: nodes in post-order, the root last; the
// children of node k are children[first_child .. first_child+num_children].
// The arrays stay valid until the next SCEV query on the same context.
enum TesseraScevKind {
  TESSERA_SCEV_CONST = 0,
  TESSERA_SCEV_UNKNOWN = 1, // ptr: the llvm::Value
  TESSERA_SCEV_ADD = 2,
  TESSERA_SCEV_MUL = 3,
  TESSERA_SCEV_UDIV = 4,
  TESSERA_SCEV_ADDREC = 5, // ptr: the llvm::Loop; flags: 1 nsw, 2 nuw
  TESSERA_SCEV_SMAX = 6,
  TESSERA_SCEV_UMAX = 7,
  TESSERA_SCEV_SMIN = 8,
  TESSERA_SCEV_UMIN = 9,
  TESSERA_SCEV_ZEXT = 10,
  TESSERA_SCEV_SEXT = 11,
  TESSERA_SCEV_TRUNC = 12,
  TESSERA_SCEV_PTRTOINT = 13,
  TESSERA_SCEV_COULD_NOT_COMPUTE = 14,
  TESSERA_SCEV_UNSUPPORTED = 15,
};
typedef struct TesseraScevNode {
  uint32_t kind;
  uint32_t flags;
  uint32_t bits; // zext/sext: width of the operand; trunc: width of the result
  uint32_t first_child;
  uint32_t num_children;
  int64_t value; // constants that fit in 64 bits; wider ones are UNSUPPORTED
  void *ptr;
} TesseraScevNode;
// SCEV of `value` (which must be of integer or pointer type); returns the node count.
size_t tessera_ctx_scev_of(TesseraFunctionCtx *ctx, void *value, const TesseraScevNode **nodes,
                           const uint32_t **children);
// The width in bits of the type of SCEV's backedge-taken count of `loop`
// (0 when SCEV cannot compute it).
uint32_t tessera_ctx_backedge_bits(TesseraFunctionCtx *ctx, TesseraLoop *loop);
// SCEV's backedge-taken count of `loop`.
size_t tessera_ctx_backedge_taken(TesseraFunctionCtx *ctx, TesseraLoop *loop,
                                  const TesseraScevNode **nodes, const uint32_t **children);
// Whether a call reads and writes no memory, returns and does not throw.
int32_t tessera_call_is_pure(void *call);
// Whether a call only writes errno, to one value whatever its arguments:
// 1 EDOM, 2 ERANGE, 0 neither.
int32_t tessera_call_sets_only_errno(void *call);
// Whether argument `index` of the function is `noalias`.
int32_t tessera_arg_is_noalias(void *function, uint32_t index);

// Code generation support (rewrite.cpp).
// Gives `loop` a preheader and puts it in LCSSA form; returns the preheader
// (null if none could be made) and sets `*changed` when either changed the
// IR. Invalidates what the view knew of the loop then.
void *tessera_ctx_prepare_loop(TesseraFunctionCtx *ctx, TesseraLoop *loop, int32_t *changed);
// Replaces a non-volatile `llvm.memcpy`/`llvm.memset` call by a guarded loop
// of `elem_bytes`-wide integer elements (its length a multiple of them);
// returns 1 when it did (analyses are then invalid), 0 otherwise.
int32_t tessera_ctx_expand_mem_call(TesseraFunctionCtx *ctx, void *call, uint32_t elem_bytes);
// Puts back the body saved by tessera_checkpoint; 0 when none was saved.
int32_t tessera_restore_checkpoint(TesseraFunctionCtx *ctx);
// Emits the i64 iteration count of `loop` (an enclosing loop) before `before`.
void *tessera_ctx_expand_counter(TesseraFunctionCtx *ctx, TesseraLoop *loop, void *before);
// The value `v` has when `loop` exits (SCEV's value at the enclosing scope),
// expanded before `before`; null when SCEV cannot tell it.
void *tessera_ctx_expand_exit_value(TesseraFunctionCtx *ctx, TesseraLoop *loop, void *v, void *before);
// Attaches llvm.loop metadata to a latch branch: parallel accesses (an access
// group set on `accesses`), vectorize.enable (`vectorize` > 0) or neither
// vectorized nor interleaved (`vectorize` < 0), and/or unroll.disable (with
// `vectorize` > 0 for the loops the vectorizer makes of it only: on the loop
// itself it would also keep the vectorizer from interleaving).
void tessera_mark_loop(void *latch_branch, void **accesses, size_t num_accesses, int32_t parallel,
                       int32_t vectorize, int32_t no_unroll);
// Scoped no-alias metadata: `accesses[i]` accesses array `arrays[i]`, and
// accesses of different arrays never overlap (one scope per array).
void tessera_annotate_alias_scopes(void **accesses, const uint32_t *arrays, size_t n);
// Verifies the function; on failure leaves the verifier's message as the error.
int32_t tessera_ctx_verify(TesseraFunctionCtx *ctx);

// The source name of a value from its debug records; 0 if none.
int32_t tessera_value_source_name(void *v, const char **name, size_t *len);

// A compiler warning (not tied to a loop): bad profile files and the like.
void tessera_ctx_warn(TesseraFunctionCtx *ctx, const char *msg, size_t len);

// Versions loop `loop` on `cond` (an i1 at the end of its preheader): when
// true a clone runs in which params[i] is the constant consts[i]. Returns
// the dispatching branch and sets *clone_header; NULL (IR unchanged) when
// the loop has no preheader or no unique exit.
void *tessera_ctx_specialize_loop(TesseraFunctionCtx *ctx, TesseraLoop *loop, void *cond,
                                  void **params, const int64_t *consts, size_t n,
                                  void **clone_header);

// Removes the incoming value of `phi` from `block`.
void tessera_phi_remove_incoming(void *phi, void *block);

// The message of the last failure (verification) and clears it; the
// pointer is valid until the next call on ctx.
size_t tessera_ctx_take_error(TesseraFunctionCtx *ctx, const char **out);

// Runs function `fn` (void(void)) when the program starts (llvm.global_ctors).
void tessera_append_global_ctor(void *fn);

// OpenMP (parallel.cpp). Whether clang compiled the module with -fopenmp.
int32_t tessera_ctx_module_has_openmp(TesseraFunctionCtx *ctx);
// omp_get_num_threads (which = 0) or omp_get_thread_num (which = 1).
void *tessera_omp_query(TesseraFunctionCtx *ctx, int32_t which);
// Outlines the worker blocks (blocks[0] the entry) and runs them on a thread
// team with GOMP_parallel; with `fork` (an i1 computed before the blocks, or
// null), only when it is true, the outlined function being called directly
// otherwise. 0 if that is impossible (IR unchanged).
int32_t tessera_outline_parallel(TesseraFunctionCtx *ctx, void **blocks, size_t n, void *fork);
// Copies the function's body (once) so that an internal error reported
// afterwards puts the function back exactly as it was.
void tessera_checkpoint(TesseraFunctionCtx *ctx);

// What the target (TTI) says of the function's machine: the width of its
// fixed-width vector registers in bits (0: no vectors), and its L1 and L2
// data cache sizes in bytes (0: unknown); `host_cpu` is 1 when the
// function is compiled for the CPU of the machine compiling it.
// The module of the function (an identity only, for per-module
// accounting), and the instructions of all its function bodies.
const void *tessera_ctx_module_id(TesseraFunctionCtx *ctx);
uint64_t tessera_ctx_module_instructions(TesseraFunctionCtx *ctx);

// The target's vector registers and caches (TTI; 0 where unknown), and
// whether the function is compiled for the host's own CPU.
void tessera_ctx_target(TesseraFunctionCtx *ctx, uint32_t *vector_bits, uint32_t *wide_vector_bits, uint32_t *vector_regs, uint64_t *l1, uint64_t *l2,
                        uint32_t *l1_ways, int32_t *host_cpu);

// Remarks through LLVM's OptimizationRemarkEmitter, pass name "tessera".
// `loop` may be null: the remark is then attached to the function. The
// message is `n` parts, each `texts[i]` (`lens[i]` bytes): plain text when
// `keys[i]` is null or empty, else a named argument (`ore::NV`), which
// -fsave-optimization-record writes as a key/value pair.
void tessera_ctx_remark(TesseraFunctionCtx *ctx, int32_t kind, TesseraLoop *loop,
                        const char *name, const char *const *keys,
                        const char *const *texts, const size_t *lens, size_t n);
// Text for printer passes (print<tessera-...>).
void tessera_ctx_print(TesseraFunctionCtx *ctx, const char *text, size_t len);
// Why the Rust side failed; reported as a warning naming the function.
void tessera_ctx_set_error(TesseraFunctionCtx *ctx, const char *msg, size_t len);

#ifdef __cplusplus
}
#endif
#endif
