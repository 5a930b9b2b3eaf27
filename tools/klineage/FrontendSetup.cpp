//===- FrontendSetup.cpp - Session options shared by the klineage commands ===//
#include "FrontendSetup.h"

using namespace llvm;
using namespace klineage;

Expected<SessionOptions> klineage::commandSessionOptions(const char *Argv0, const std::string &CudaPath,
                                                         const std::string &ResourceDir, const std::string &Arch,
                                                         const std::vector<std::string> &AssumeFacts) {
  SessionOptions SO;
  auto Assume = Assumptions::parse(AssumeFacts);
  if (!Assume)
    return Assume.takeError();
  SO.Assume = std::move(*Assume);
  SO.Frontend.GpuArch = Arch;
  SO.Frontend.Argv0 = Argv0;
  auto Cuda = findCudaPath(CudaPath);
  if (!Cuda)
    return Cuda.takeError();
  SO.Frontend.CudaPath = *Cuda;
  auto Res = findResourceDir(ResourceDir, Argv0);
  if (!Res)
    return Res.takeError();
  SO.Frontend.ResourceDir = *Res;
  SO.Scope.MainFileOnly = true; // lineages and cards are about one file
  return SO;
}
