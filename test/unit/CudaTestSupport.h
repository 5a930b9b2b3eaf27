//===- CudaTestSupport.h - Parse a CUDA snippet for a gtest ----*- C++ -*-===//
//
// Analyses are tested on the AST the tools see: the snippet goes through
// parseCudaFile (the real CUDA front-end flags and headers), not a C++ parse
// with hand-written stand-ins for threadIdx or __global__.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_TEST_UNIT_CUDATESTSUPPORT_H
#define KLINEAGE_TEST_UNIT_CUDATESTSUPPORT_H

#include "klineage/Frontend/CudaFrontend.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace klineage {
namespace test {

/// Parses \p Code as a .cu file; fails the test (and returns null) if it
/// does not parse. The file is removed again; the AST keeps its text.
inline std::unique_ptr<ParsedFile> parseCuda(llvm::StringRef Code) {
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createTemporaryFile("kl-unit", "cu", Path)) {
    ADD_FAILURE() << "cannot create a temporary file";
    return nullptr;
  }
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Code;
  }
  clang::tooling::FixedCompilationDatabase DB(".", {});
  CudaFrontendOptions Opts;
  auto Cuda = findCudaPath("");
  auto Resources = findResourceDir("", "");
  if (!Cuda) {
    ADD_FAILURE() << llvm::toString(Cuda.takeError());
    llvm::consumeError(Resources.takeError());
    return nullptr;
  }
  if (!Resources) {
    ADD_FAILURE() << llvm::toString(Resources.takeError());
    return nullptr;
  }
  Opts.CudaPath = *Cuda;
  Opts.ResourceDir = *Resources;
  auto Parsed = parseCudaFile(DB, Path, Opts, std::nullopt, /*PrintDiagnostics=*/true);
  llvm::sys::fs::remove(Path);
  if (!Parsed) {
    ADD_FAILURE() << llvm::toString(Parsed.takeError());
    return nullptr;
  }
  return std::move(*Parsed);
}

/// The definition of function \p Name, or null.
inline const clang::FunctionDecl *functionNamed(clang::ASTContext &Ctx, llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  auto M = match(functionDecl(hasName(Name), isDefinition(), isExpansionInMainFile()).bind("f"), Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<clang::FunctionDecl>("f");
}

/// The variable \p Name (a local or parameter), or null.
inline const clang::VarDecl *varNamed(clang::ASTContext &Ctx, llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  auto M = match(varDecl(hasName(Name), isExpansionInMainFile()).bind("v"), Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<clang::VarDecl>("v");
}

/// The initialiser of variable \p Name, or null.
inline const clang::Expr *initOf(clang::ASTContext &Ctx, llvm::StringRef Name) {
  const clang::VarDecl *VD = varNamed(Ctx, Name);
  return VD ? VD->getInit() : nullptr;
}

} // namespace test
} // namespace klineage

#endif
