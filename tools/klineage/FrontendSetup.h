//===- FrontendSetup.h - Session options shared by the klineage commands --===//
#ifndef KLINEAGE_TOOLS_FRONTENDSETUP_H
#define KLINEAGE_TOOLS_FRONTENDSETUP_H

#include "klineage/Rewrite/Session.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace klineage {

/// The Session options of a command that parses kernels: the CUDA install
/// and clang's resource directory resolved (as klineage-rewrite does), the
/// --assume facts parsed, main file only.
llvm::Expected<SessionOptions> commandSessionOptions(const char *Argv0, const std::string &CudaPath,
                                                     const std::string &ResourceDir, const std::string &Arch,
                                                     const std::vector<std::string> &AssumeFacts);

} // namespace klineage

#endif
