# lit configuration of Tessera's IR-level tests (LLVM 22's lit and FileCheck).
#
# Substitutions: %tessera (the plugin), %opt, %llvm_dis, %clang, %optt (opt with the
# plugin loaded), %clangxx and %llvm_include (a host program built against
# LLVM's headers). TESSERA_PLUGIN and LLVM_BINDIR override the defaults.
import os
import lit.formats

config.name = "tessera"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["inputs"]

root = os.path.dirname(config.test_source_root)
plugin = os.environ.get("TESSERA_PLUGIN", os.path.join(root, "target", "release", "libtessera.so"))
if not os.path.exists(plugin):
    lit_config.fatal(f"plugin not found at {plugin}: run `cargo build --release` or set TESSERA_PLUGIN")
bindir = os.environ.get("LLVM_BINDIR", "/usr/lib/llvm-22/bin")

config.environment["PATH"] = os.pathsep.join([bindir, config.environment.get("PATH", os.environ["PATH"])])
opt = os.path.join(bindir, "opt")
clang = os.path.join(bindir, "clang")
config.substitutions.append(("%tessera", plugin))
config.substitutions.append(("%optt", f"{opt} -load-pass-plugin={plugin}"))
config.substitutions.append(("%opt", opt))
config.substitutions.append(("%llvm_dis", os.path.join(bindir, "llvm-dis")))
config.substitutions.append(("%clangxx", clang + "++"))
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%llvm_include", os.path.join(os.path.dirname(bindir), "include")))
