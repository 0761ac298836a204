# Sourced by the scripts: where LLVM 22's tools and the plugin are.
LLVM_BINDIR="${LLVM_BINDIR:-$(${LLVM_CONFIG:-/usr/lib/llvm-22/bin/llvm-config} --bindir 2>/dev/null || echo /usr/lib/llvm-22/bin)}"
TESSERA_PLUGIN="${TESSERA_PLUGIN:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/release/libtessera.so}"
export LLVM_BINDIR TESSERA_PLUGIN
CLANG="$LLVM_BINDIR/clang"
