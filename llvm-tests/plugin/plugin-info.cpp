// The host's view of llvmGetPassPluginInfo: every field of LLVM 22's
// PassPluginLibraryInfo is set, PreCodeGenCallback to null. The result is
// built in memory filled with 0xAA first, so a field the plugin does not
// write shows up as garbage (clang calls a non-null PreCodeGenCallback
// before code generation: a missing field crashed it at random).
// RUN: %clangxx -std=c++17 -I%llvm_include -DLLVM_DISABLE_ABI_BREAKING_CHECKS_ENFORCING=1 %s -o %t -ldl
// RUN: %t %tessera | FileCheck %s
// CHECK: name=tessera api=2 register=set precodegen=null

#include "llvm/Plugins/PassPlugin.h"

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <new>

using GetInfo = llvm::PassPluginLibraryInfo (*)();

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  void *Lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto Get = reinterpret_cast<GetInfo>(dlsym(Lib, "llvmGetPassPluginInfo"));
  if (!Get) {
    std::printf("no llvmGetPassPluginInfo\n");
    return 1;
  }
  // C++17 guarantees the call builds its result directly in Buf.
  alignas(llvm::PassPluginLibraryInfo) unsigned char Buf[sizeof(llvm::PassPluginLibraryInfo)];
  std::memset(Buf, 0xAA, sizeof Buf);
  auto *Info = new (Buf) llvm::PassPluginLibraryInfo(Get());
  std::printf("name=%s api=%u register=%s precodegen=%s\n", Info->PluginName, Info->APIVersion,
              Info->RegisterPassBuilderCallbacks ? "set" : "null",
              Info->PreCodeGenCallback ? "non-null" : "null");
  return 0;
}
