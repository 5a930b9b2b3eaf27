//===- CudaFrontend.cpp - CUDA flags and parsing --------------------------===//
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace clang;
using namespace clang::tooling;

namespace klineage {

static Error frontendError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<std::string> findCudaPath(StringRef Requested) {
  std::vector<std::string> Candidates;
  if (!Requested.empty())
    Candidates.push_back(Requested.str());
  else {
    if (auto Env = sys::Process::GetEnv("CUDA_PATH"))
      Candidates.push_back(*Env);
    Candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &C : Candidates) {
    SmallString<256> Header(C);
    sys::path::append(Header, "include", "cuda_runtime.h");
    if (sys::fs::exists(Header))
      return C;
  }
  return frontendError("no CUDA installation found (looked for include/cuda_runtime.h in '" +
                       join(Candidates, "', '") +
                       "'); pass --cuda-path=DIR or set CUDA_PATH");
}

Expected<std::string> findResourceDir(StringRef Requested, StringRef Argv0) {
  auto Valid = [](StringRef Dir) {
    SmallString<256> P(Dir);
    sys::path::append(P, "include", "__clang_cuda_runtime_wrapper.h");
    return sys::fs::exists(P);
  };
  if (!Requested.empty()) {
    if (Valid(Requested))
      return Requested.str();
    return frontendError("resource directory '" + Requested +
                         "' has no include/__clang_cuda_runtime_wrapper.h");
  }
  // A portable bundle keeps the headers next to the binary: bin/../lib/clang/N.
  if (!Argv0.empty()) {
    std::string Exe = sys::fs::getMainExecutable(Argv0.str().c_str(), (void *)&findResourceDir);
    SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
    sys::path::append(Dir, "lib", "clang", KLINEAGE_CLANG_MAJOR);
    if (Valid(Dir))
      return std::string(Dir);
  }
  if (Valid(KLINEAGE_CLANG_RESOURCE_DIR))
    return std::string(KLINEAGE_CLANG_RESOURCE_DIR);
  return frontendError("clang resource headers not found (next to the binary in "
                       "../lib/clang/" KLINEAGE_CLANG_MAJOR " or in " KLINEAGE_CLANG_RESOURCE_DIR
                       "); pass --resource-dir=DIR");
}

std::vector<std::string> cudaFrontendFlags(const CudaFrontendOptions &O) {
  std::vector<std::string> Flags = {
      "-x", "cuda",
      "--cuda-gpu-arch=" + O.GpuArch,
      "--cuda-device-only",
      "--cuda-path=" + O.CudaPath,
      // CUDA 13 keeps cuda/std and cooperative_groups' deps under include/cccl;
      // nvcc adds it through nvcc.profile, clang does not.
      "-isystem", O.CudaPath + "/include/cccl",
      "-Wno-unknown-cuda-version",
      "-resource-dir=" + O.ResourceDir,
      "-fno-delayed-template-parsing",
      // We parse, never generate code; the warnings are the compiler's job.
      "-w",
  };
  SmallString<256> LibDevice(O.CudaPath);
  sys::path::append(LibDevice, "nvvm", "libdevice");
  if (!sys::fs::is_directory(LibDevice))
    Flags.push_back("-nocudalib");
  return Flags;
}

/// True for an nvcc-only flag that clang would reject; sets TakesValue when
/// the flag's value is the next argument.
static bool isNvccOnlyFlag(StringRef A, bool &TakesValue) {
  TakesValue = false;
  static const char *const WithValue[] = {"-arch", "-code", "-gencode", "--generate-code",
                                          "-Xcompiler", "--compiler-options", "-Xptxas",
                                          "--ptxas-options", "-Xlinker", "-ccbin",
                                          "--compiler-bindir", "-maxrregcount", "--gpu-architecture",
                                          "--gpu-code", "-t", "--threads", "-Xnvlink"};
  for (const char *F : WithValue) {
    if (A == F) {
      TakesValue = true;
      return true;
    }
    if (A.starts_with(std::string(F) + "="))
      return true;
  }
  static const char *const Prefixes[] = {"--expt-", "-rdc", "--relocatable-device-code",
                                         "--use_fast_math", "-use_fast_math", "-lineinfo",
                                         "--extended-lambda", "--default-stream", "-G",
                                         "--resource-usage", "-dc", "--keep", "--cudart",
                                         "-cudart", "--diag-suppress", "-diag-suppress"};
  for (const char *P : Prefixes)
    if (A.starts_with(P))
      return true;
  return false;
}

ArgumentsAdjuster cudaArgumentsAdjuster(const CudaFrontendOptions &O) {
  ArgumentsAdjuster StripNvcc = [](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out;
    for (size_t I = 0; I < Args.size(); ++I) {
      bool TakesValue = false;
      if (I > 0 && isNvccOnlyFlag(Args[I], TakesValue)) {
        if (TakesValue)
          ++I;
        continue;
      }
      Out.push_back(Args[I]);
    }
    return Out;
  };
  return combineAdjusters(
      StripNvcc, getInsertArgumentAdjuster(cudaFrontendFlags(O), ArgumentInsertPosition::BEGIN));
}

StringRef ParsedFile::text() {
  SourceManager &SM = sources();
  return SM.getBufferData(SM.getMainFileID());
}

namespace {

/// Skips the bodies of functions outside the main file. Rewrites only look
/// at the main file, and the CUDA headers' inline bodies are a third of the
/// parse time. Sema itself keeps constexpr and auto-returning bodies.
class SkipHeaderBodies : public ASTConsumer {
public:
  explicit SkipHeaderBodies(SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    return !SM.isInMainFile(SM.getExpansionLoc(D->getLocation()));
  }

private:
  SourceManager &SM;
};

class SkipHeaderBodiesAction : public ASTFrontendAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<SkipHeaderBodies>(CI.getSourceManager());
  }
};

/// Builds an ASTUnit per invocation (like ClangTool::buildASTs), with header
/// bodies skipped and the main file's text optionally replaced.
class BuildAST : public ToolAction {
public:
  BuildAST(std::unique_ptr<ASTUnit> &Out, std::optional<StringRef> Content, StringRef File)
      : Out(Out), Content(Content), File(File) {}
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getFrontendOpts().SkipFunctionBodies = true;
    if (Content)
      Invocation->getPreprocessorOpts().addRemappedFile(
          File, MemoryBuffer::getMemBufferCopy(*Content, File).release());
    auto DiagOpts = std::make_shared<DiagnosticOptions>(Invocation->getDiagnosticOpts());
    IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
        Files->getVirtualFileSystem(), *DiagOpts, DiagConsumer, /*ShouldOwnClient=*/false);
    SkipHeaderBodiesAction Action;
    std::unique_ptr<ASTUnit> Unit(ASTUnit::LoadFromCompilerInvocationAction(
        std::move(Invocation), std::move(PCHContainerOps), DiagOpts, Diags, &Action));
    if (!Unit)
      return false;
    Out = std::move(Unit);
    return true;
  }

private:
  std::unique_ptr<ASTUnit> &Out;
  std::optional<StringRef> Content;
  std::string File;
};

/// Forwards diagnostics to \p Next and keeps the first error, so a caller
/// that checks many variants of a file can say what broke each one.
class FirstErrorRecorder : public DiagnosticConsumer {
public:
  FirstErrorRecorder(DiagnosticConsumer &Next, std::string *First) : Next(Next), First(First) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next.HandleDiagnostic(Level, Info);
    if (!First || !First->empty() || Level < DiagnosticsEngine::Error)
      return;
    SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        *First = std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn()) + ": ";
    }
    *First += Msg.str();
  }

private:
  DiagnosticConsumer &Next;
  std::string *First;
};

} // namespace

Expected<std::unique_ptr<ParsedFile>> parseCudaFile(const CompilationDatabase &DB, StringRef File,
                                                    const CudaFrontendOptions &Options,
                                                    std::optional<StringRef> Content,
                                                    bool PrintDiagnostics,
                                                    std::string *FirstError) {
  if (!sys::fs::exists(File))
    return frontendError("no such file: '" + File + "'");
  ClangTool Tool(DB, {File.str()});
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Options));
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = PrintDiagnostics && sys::Process::StandardErrHasColors();
  TextDiagnosticPrinter Printer(errs(), DiagOpts);
  IgnoringDiagConsumer Ignore;
  FirstErrorRecorder Recorder(PrintDiagnostics ? static_cast<DiagnosticConsumer &>(Printer) : Ignore,
                              FirstError);
  Tool.setDiagnosticConsumer(&Recorder);
  std::unique_ptr<ASTUnit> Unit;
  BuildAST Action(Unit, Content, File);
  Tool.run(&Action);
  if (!Unit)
    return frontendError("could not parse '" + File + "' as CUDA");
  auto Parsed = std::make_unique<ParsedFile>();
  Parsed->Unit = std::move(Unit);
  Parsed->Path = File.str();
  if (Parsed->Unit->getDiagnostics().hasErrorOccurred())
    return frontendError("'" + File + "' has errors; nothing was changed");
  // Match only the main file's declarations: the CUDA headers are ~660 files.
  ASTContext &Ctx = Parsed->ast();
  SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
  return Parsed;
}

} // namespace klineage
