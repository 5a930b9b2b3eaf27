//===- CudaFrontend.h - Parse .cu files with Clang in CUDA mode -----------===//
//
// Part of KLineage. The one place that knows the CUDA front-end flags
// (../shared/TOOLCHAIN.md): every tool parses CUDA through parseCudaFile.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_FRONTEND_CUDAFRONTEND_H
#define KLINEAGE_FRONTEND_CUDAFRONTEND_H

#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace klineage {

struct CudaFrontendOptions {
  /// CUDA install; empty: $CUDA_PATH, then /usr/local/cuda.
  std::string CudaPath;
  /// Device architecture parsed for (what __CUDA_ARCH__ says).
  std::string GpuArch = "sm_90";
  /// Clang resource directory; empty: <exe>/../lib/clang/<major>, then the
  /// build machine's.
  std::string ResourceDir;
  /// argv[0] of the tool, to find an exe-relative resource directory.
  std::string Argv0;
  /// Parse with the prelude (what nvcc declares implicitly and Clang 22
  /// lacks; lib/Frontend/prelude/). Only a measurement turns it off.
  bool Prelude = true;
  /// Keep the parse of the file's leading `#include <...>` lines (and of the
  /// CUDA wrapper and prelude that come first) on disk as a precompiled
  /// preamble, and reuse it while the flags, those lines and the headers are
  /// unchanged. Off: --no-header-cache.
  bool HeaderCache = true;
  /// Where the preambles are kept; empty: $KLINEAGE_CACHE_DIR ("off" turns
  /// the cache off), else $XDG_CACHE_HOME/klineage, else ~/.cache/klineage.
  std::string HeaderCacheDir;
  /// For a function nvcc compiles for the host only, the host function that
  /// makes it so (for a lambda, the function it is written in); null for
  /// device code. This is lib/Cuda's rule (cuda::hostContextOf), which the
  /// front end sits below: Session fills it in. A semantic error inside such
  /// a host function is reported as a note and does not stop the parse.
  /// Unset: every error stops the parse.
  std::function<const clang::FunctionDecl *(const clang::FunctionDecl *)> HostContextOf;
};

/// Resolves the CUDA install: must hold include/cuda_runtime.h.
llvm::Expected<std::string> findCudaPath(llvm::StringRef Requested);
/// Resolves clang's resource directory (must hold include/__clang_cuda_runtime_wrapper.h).
llvm::Expected<std::string> findResourceDir(llvm::StringRef Requested, llvm::StringRef Argv0);

/// The directory the header cache uses for \p Options, or none when the
/// cache is off (or no directory can be named).
std::optional<std::string> headerCacheDir(const CudaFrontendOptions &Options);

/// The flags KLineage adds to every CUDA parse, with paths already resolved.
/// With Prelude, they name in-memory files that only parseCudaFile provides.
std::vector<std::string> cudaFrontendFlags(const CudaFrontendOptions &Resolved);

/// Adjuster for compile commands: drops nvcc-only flags (-arch, -gencode,
/// -Xcompiler ..., --expt-*, ...) that a compile_commands.json written for
/// nvcc carries, then adds cudaFrontendFlags.
clang::tooling::ArgumentsAdjuster cudaArgumentsAdjuster(const CudaFrontendOptions &Resolved);

/// Where source text comes from, by the file that holds it.
enum class SourceOrigin {
  MainFile,     ///< the file being parsed
  UserHeader,   ///< a header of the user's code, included from the main file
  SystemHeader, ///< a system include directory, `-isystem`, the CUDA and clang
                ///< headers, or a header with `#pragma clang system_header`
  Prelude,      ///< the front end's own in-memory files (lib/Frontend/prelude/)
  NoFile,       ///< `<built-in>`, `<command line>`, scratch space, or no location
};
/// The origin of the file that holds \p Loc (a macro location: where the
/// macro is used). The main file and user headers are the user's code: what
/// the analyses traverse and what a rewrite may edit.
SourceOrigin sourceOrigin(const clang::SourceManager &SM, clang::SourceLocation Loc);
inline bool isUserCode(SourceOrigin O) {
  return O == SourceOrigin::MainFile || O == SourceOrigin::UserHeader;
}

/// A parsed translation unit, traversal scope limited to the user's code
/// (the main file and user headers).
class ParsedFile {
public:
  std::unique_ptr<clang::ASTUnit> Unit;
  std::string Path; ///< as given on the command line
  clang::ASTContext &ast() { return Unit->getASTContext(); }
  clang::SourceManager &sources() { return Unit->getSourceManager(); }
  /// The main file's text as parsed.
  llvm::StringRef text();
};

/// Parses \p File with the compile command from \p DB plus the CUDA flags.
/// Clang's errors go to stderr in clang's style; an error is returned if the
/// file could not be parsed. A semantic error confined to a host function
/// (Options.HostContextOf) is printed as a note, "... in host code, ignored
/// for device analysis [KL7]", and the parse succeeds; a parse or
/// preprocessor error, a fatal error, or any error in device code or outside
/// a function fails it. \p Content, when set, replaces the file's text
/// (used to re-check a rewritten file without writing it), and \p Headers,
/// when set, the text of other files, by path. \p FirstError, when set,
/// receives the first error that fails the parse as "LINE:COL: message"
/// ("FILE:LINE:COL: message" when it is not in the main file).
llvm::Expected<std::unique_ptr<ParsedFile>>
parseCudaFile(const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
              const CudaFrontendOptions &Options,
              std::optional<llvm::StringRef> Content = std::nullopt,
              bool PrintDiagnostics = true, std::string *FirstError = nullptr,
              const std::map<std::string, std::string> *Headers = nullptr);

} // namespace klineage

#endif
