// Tessera's command-line options. They live in the plugin so that both
// `opt -tessera-...` and `clang -mllvm -tessera-...` see them once the
// plugin is loaded; Rust reads them through tessera_get_options.
#include "tessera_shim.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::OptionCategory TesseraCategory("Tessera polyhedral optimizer options");

static cl::opt<bool> Enable("tessera-enable", cl::desc("Run the Tessera loop optimizer"),
                            cl::init(true), cl::cat(TesseraCategory));

static cl::opt<unsigned> Verbose("tessera-verbose",
                                 cl::desc("Print what Tessera does to stderr (0: nothing, "
                                          "1: per function, 2: per stage)"),
                                 cl::init(0), cl::cat(TesseraCategory));

static cl::opt<bool> PrintScops("tessera-print-scops",
                                cl::desc("Print the SCoPs of every function Tessera optimizes "
                                         "to stderr (what print<tessera-scops> prints)"),
                                cl::init(false), cl::cat(TesseraCategory));

static cl::opt<std::string> ExportDir("tessera-export-dir",
                                      cl::desc("Write each SCoP (model and chosen schedule) as a "
                                               "JSON file into this directory"),
                                      cl::init(""), cl::cat(TesseraCategory));

// An enum so that the option parser rejects any other value with an error
// naming the option.
enum ParallelMode { ParallelAuto = -1, ParallelNever = 0, ParallelAlways = 1 };
static cl::opt<ParallelMode> Parallel(
    "tessera-parallel",
    cl::desc("Run parallel loops on OpenMP threads. Forcing 1 without linking an OpenMP "
             "runtime fails at link time"),
    cl::values(clEnumValN(ParallelAuto, "-1", "when the module was compiled with -fopenmp (default)"),
               clEnumValN(ParallelNever, "0", "never"), clEnumValN(ParallelAlways, "1", "always")),
    cl::init(ParallelAuto), cl::cat(TesseraCategory));

// How the scheduler fuses statements into common loops (sched::FusePolicy).
enum FuseMode { FuseSmart = 0, FuseMax = 1, FuseNone = 2 };
static cl::opt<FuseMode> Fuse(
    "tessera-fuse", cl::desc("How the scheduler fuses statements into common loops"),
    cl::values(clEnumValN(FuseSmart, "smart",
                          "when no common hyperplane exists, separate groups of statements of "
                          "different depth (Pluto's smart fusion; default)"),
               clEnumValN(FuseMax, "max", "separate statements only where no common hyperplane exists"),
               clEnumValN(FuseNone, "none", "give every group of dependent statements its own loops")),
    cl::init(FuseSmart), cl::cat(TesseraCategory));

// Off by default until measured on an idle machine: on the shared 2-core
// host one thread of jacobi-2d ran 1.4x slower in diamond tiles
// (sched::diamond) than in the skewed ones.
static cl::opt<bool> ConcurrentStart(
    "tessera-concurrent-start",
    cl::desc("Tile time-iterated stencils run by wavefronts with concurrent-start (diamond) "
             "tiles, so that all tiles of a time band start at once"),
    cl::init(false), cl::cat(TesseraCategory));

static cl::opt<unsigned> L1CacheKiB(
    "tessera-l1-cache-kib",
    cl::desc("L1 data cache size in KiB for tile sizes (default 0: the host's with -march=native, "
             "else the target's)"),
    cl::init(0), cl::cat(TesseraCategory));
static cl::opt<unsigned> L2CacheKiB(
    "tessera-l2-cache-kib",
    cl::desc("L2 cache size in KiB for tile sizes (default 0: the host's with -march=native, else "
             "the target's)"),
    cl::init(0), cl::cat(TesseraCategory));

static cl::opt<unsigned> L3CacheKiB(
    "tessera-l3-cache-kib",
    cl::desc("Last-level (L3) cache size in KiB for the blocks of matrix products (default 0: "
             "the host's with -march=native, else 8192)"),
    cl::init(0), cl::cat(TesseraCategory));

static cl::opt<bool> Matmul(
    "tessera-matmul",
    cl::desc("Emit matrix-multiply-like statements in the BLIS structure: packed panels and a "
             "register-blocked micro-kernel (default on)"),
    cl::init(true), cl::cat(TesseraCategory));

static cl::opt<unsigned> ThreadOnlyGrowth(
    "tessera-thread-only-growth",
    cl::desc("Code-size growth, in percent of the module's instructions, allowed in all for "
             "rewrites whose only gain is running loops of unknown trip count on OpenMP threads "
             "(default 5)"),
    cl::init(5), cl::cat(TesseraCategory)); // cost::size::THREAD_ONLY_GROWTH_PERCENT

static cl::opt<unsigned long long> WorkPerInstruction(
    "tessera-work-per-instruction",
    cl::desc("Polyhedral work units a module may spend planning its SCoPs, per IR instruction of "
             "the module (a file of one kernel may spend more); the SCoPs after it is spent are "
             "left alone with a remark. 0: no limit of the module's own (default 200000)"),
    cl::init(200000), cl::cat(TesseraCategory)); // cost::work::WORK_PER_INSTRUCTION

static cl::opt<bool> CheckSchedules(
    "tessera-check-schedules",
    cl::desc("Check each SCoP's final schedule with the brute-force checker at small parameter "
             "values; a schedule it rejects is an internal error and the nest is left as it was "
             "(on in the tests and the fuzzers)"),
    cl::init(false), cl::cat(TesseraCategory));

static cl::opt<bool> Report("tessera-report",
                            cl::desc("Print, at exit, how many loops were in SCoPs and why the "
                                     "others were not, by reason"),
                            cl::init(false), cl::cat(TesseraCategory));

static cl::opt<bool> Rtc("tessera-rtc",
                         cl::desc("Optimize SCoPs whose arrays may overlap behind run-time alias "
                                  "checks (the original code runs when they overlap); with 0 such "
                                  "SCoPs are left alone"),
                         cl::init(true), cl::cat(TesseraCategory));

static cl::opt<bool> RtcStats("tessera-rtc-stats",
                              cl::desc("Make the program count, per optimized region, how many "
                                       "times the optimized and the original code ran, and print "
                                       "the counts to stderr at exit"),
                              cl::init(false), cl::cat(TesseraCategory));

static cl::opt<std::string> ProfileGenerate(
    "tessera-profile-generate", cl::ValueOptional, cl::value_desc("path"),
    cl::desc("Instrument loop nests that parameters keep out of the polyhedral model: the "
             "program records their values and writes them at exit to <path> (default "
             "tessera.profile; TESSERA_PROFILE_FILE overrides, %p is the process id)"),
    cl::cat(TesseraCategory));

static cl::opt<std::string> ProfileUse(
    "tessera-profile-use", cl::value_desc("path"),
    cl::desc("Specialize loop nests for the hot parameter values recorded in <path> by a "
             "-tessera-profile-generate build"),
    cl::init(""), cl::cat(TesseraCategory));

static cl::opt<unsigned> ProfileMaxVersions(
    "tessera-profile-max-versions",
    cl::desc("At most this many specialized versions per loop nest (default 3)"), cl::init(3),
    cl::cat(TesseraCategory));

// For tests of the FFI boundary: the Rust side panics on every function.
static cl::opt<bool> ForceInternalError("tessera-force-internal-error",
                                        cl::desc("Raise an internal error in every function with "
                                                 "loops, after optimizing it (tests the error path)"),
                                        cl::init(false), cl::Hidden, cl::cat(TesseraCategory));

static cl::opt<bool> RewriteAll("tessera-rewrite-all",
                                cl::desc("Rewrite every SCoP, also those that gain nothing from "
                                         "it (single loops with no parallel loop); for testing"),
                                cl::init(false), cl::cat(TesseraCategory));

// For tests of the degraded path: the dependence analysis's work cap, in
// work units (0: the default).
static cl::opt<unsigned long long> DepsWorkLimit(
    "tessera-deps-work-limit",
    cl::desc("Work units the dependence analysis of one SCoP may spend before the SCoP is "
             "scheduled on over-approximated dependences (0: the default; for testing)"),
    cl::init(0), cl::Hidden, cl::cat(TesseraCategory));

// For tests of the degraded path: the scheduler's work cap, in work units
// (0: the default).
static cl::opt<unsigned long long> SchedWorkLimit(
    "tessera-sched-work-limit",
    cl::desc("Work units the scheduler may spend on one SCoP before the SCoP keeps its "
             "source order, with its parallel loops and tiles (0: the default; for testing)"),
    cl::init(0), cl::Hidden, cl::cat(TesseraCategory));

// For tests of the degraded path: loop generation's query limit (0: the
// default).
static cl::opt<unsigned long long> AstMaxQueries(
    "tessera-ast-max-queries",
    cl::desc("Polyhedral queries loop generation may make before it falls back to a simpler "
             "nest (0: the default; for testing)"),
    cl::init(0), cl::Hidden, cl::cat(TesseraCategory));

extern "C" void tessera_get_options(TesseraOptions *out) {
  out->enable = Enable ? 1 : 0;
  out->force_internal_error = ForceInternalError ? 1 : 0;
  out->verbose = Verbose;
  out->print_scops = PrintScops ? 1 : 0;
  out->report = Report ? 1 : 0;
  out->parallel = static_cast<int32_t>(Parallel.getValue());
  out->rtc = Rtc ? 1 : 0;
  out->rtc_stats = RtcStats ? 1 : 0;
  out->export_dir = ExportDir.c_str();
  out->profile_generate = nullptr;
  if (ProfileGenerate.getNumOccurrences() > 0)
    out->profile_generate = ProfileGenerate.empty() ? "tessera.profile" : ProfileGenerate.c_str();
  out->profile_use = ProfileUse.c_str();
  out->profile_max_versions = ProfileMaxVersions; // lives as long as the option
  out->rewrite_all = RewriteAll ? 1 : 0;
  out->fuse = static_cast<uint8_t>(Fuse.getValue());
  out->concurrent_start = ConcurrentStart ? 1 : 0;
  out->l1_kib = L1CacheKiB;
  out->l2_kib = L2CacheKiB;
  out->l3_kib = L3CacheKiB;
  out->check_schedules = CheckSchedules ? 1 : 0;
  out->matmul = Matmul ? 1 : 0;
  out->thread_only_growth = ThreadOnlyGrowth;
  out->deps_work_limit = DepsWorkLimit;
  out->ast_max_queries = AstMaxQueries;
  out->sched_work_limit = SchedWorkLimit;
  out->work_per_instruction = WorkPerInstruction;
}

bool tesseraEnabled() { return Enable; }
