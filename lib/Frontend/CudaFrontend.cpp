//===- CudaFrontend.cpp - CUDA flags and parsing --------------------------===//
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace clang;
using namespace clang::tooling;

namespace klineage {

namespace {
/// The prelude's files (lib/Frontend/prelude/, embedded by CMake), by path
/// relative to the prelude folder.
struct PreludeFile {
  const char *Path;
  const char *Text;
};
const PreludeFile PreludeFiles[] = {
#include "Prelude.inc"
};
/// Where the prelude's files appear to Clang (in memory; no such folder on disk).
constexpr llvm::StringLiteral PreludeRoot = "/__klineage__/prelude";

/// The in-memory path of a prelude file: `cuda/...` overrides a CUDA header
/// (searched before include/cccl), `omp.h` is a fallback (searched last), the
/// prelude header itself is -include'd.
std::string preludePath(StringRef File) {
  if (File.starts_with("cuda/"))
    return (PreludeRoot + "/override/" + File).str();
  if (File == "omp.h")
    return (PreludeRoot + "/fallback/" + File).str();
  return (PreludeRoot + "/" + File).str();
}
} // namespace

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
      // Every error is judged (host code or not) after the parse; clang's
      // default limit would turn the 20th into a fatal one.
      "-ferror-limit=0",
      "-fno-delayed-template-parsing",
      // We parse, never generate code; the warnings are the compiler's job.
      "-w",
  };
  if (O.Prelude) {
    // Before include/cccl, so the override wraps CUDA's header
    // (prelude/cuda/__barrier/barrier_block_scope.h).
    Flags.insert(std::find(Flags.begin(), Flags.end(), "-isystem"),
                 {"-isystem", (PreludeRoot + "/override").str()});
    Flags.insert(Flags.end(), {"-idirafter", (PreludeRoot + "/fallback").str(), "-include",
                               preludePath("klineage_prelude.cuh")});
  }
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

SourceOrigin sourceOrigin(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return SourceOrigin::NoFile;
  SourceLocation L = SM.getExpansionLoc(Loc);
  FileID FID = SM.getFileID(L);
  if (FID == SM.getMainFileID())
    return SourceOrigin::MainFile;
  OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
  if (!File)
    return SourceOrigin::NoFile;
  if (File->getName().starts_with(PreludeRoot))
    return SourceOrigin::Prelude;
  if (SM.isInSystemHeader(L))
    return SourceOrigin::SystemHeader;
  return SourceOrigin::UserHeader;
}

StringRef ParsedFile::text() {
  SourceManager &SM = sources();
  return SM.getBufferData(SM.getMainFileID());
}

namespace {

/// Skips the bodies of functions in system headers (the CUDA headers' inline
/// bodies are a third of the parse time). User headers keep theirs: a pair
/// follows a pointer into a helper there, and a body it cannot see would
/// have to count as a write. Sema itself keeps constexpr and auto-returning
/// bodies.
class SkipHeaderBodies : public ASTConsumer {
public:
  explicit SkipHeaderBodies(SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    // Destructors are kept: Sema's rule for __shared__ variables needs to see
    // that a destructor's body is empty (prelude/cuda/__barrier/...).
    if (isa<CXXDestructorDecl>(D))
      return false;
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
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
  BuildAST(std::unique_ptr<ASTUnit> &Out, std::optional<StringRef> Content, StringRef File,
           bool Prelude, const std::map<std::string, std::string> *Headers)
      : Out(Out), Content(Content), File(File), Prelude(Prelude), Headers(Headers) {}
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getFrontendOpts().SkipFunctionBodies = true;
    if (Content)
      Invocation->getPreprocessorOpts().addRemappedFile(
          File, MemoryBuffer::getMemBufferCopy(*Content, File).release());
    if (Headers)
      for (const auto &[Path, Text] : *Headers)
        Invocation->getPreprocessorOpts().addRemappedFile(
            Path, MemoryBuffer::getMemBufferCopy(Text, Path).release());
    // The prelude's files exist only in memory (ASTUnit builds its own file
    // manager, so ClangTool::mapVirtualFile would not reach it).
    if (Prelude)
      for (const PreludeFile &P : PreludeFiles)
        Invocation->getPreprocessorOpts().addRemappedFile(
            preludePath(P.Path), MemoryBuffer::getMemBuffer(P.Text, preludePath(P.Path)).release());
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
  bool Prelude;
  const std::map<std::string, std::string> *Headers;
};

/// Holds every diagnostic until the parse is over: whether an error is
/// confined to host code depends on the function around it, known only once
/// the AST is complete. Each is rendered as clang prints it when it arrives
/// (the source manager is alive then) and printed, or not, afterwards.
class HeldDiagnostics : public DiagnosticConsumer {
public:
  struct Held {
    DiagnosticsEngine::Level Level;
    unsigned ID;
    SourceLocation Loc; ///< expansion location; invalid for driver errors
    std::string Where;  ///< "file:line:col", or empty
    bool InMainFile = false;
    std::string Message;
    std::string Rendered; ///< as TextDiagnosticPrinter prints it
  };
  explicit HeldDiagnostics(DiagnosticOptions &Opts) : OS(Buffer), Printer(OS, Opts) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Printer.HandleDiagnostic(Level, Info);
    Held H{Level, Info.getID(), SourceLocation(), "", false, "", std::move(Buffer)};
    Buffer.clear();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      SourceManager &SM = Info.getSourceManager();
      H.Loc = SM.getExpansionLoc(Info.getLocation());
      H.InMainFile = SM.isInMainFile(H.Loc);
      PresumedLoc P = SM.getPresumedLoc(H.Loc);
      if (P.isValid())
        H.Where = formatv("{0}:{1}:{2}", P.getFilename(), P.getLine(), P.getColumn()).str();
    }
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    H.Message = Msg.str().str();
    All.push_back(std::move(H));
  }
  std::vector<Held> All;

private:
  std::string Buffer;
  raw_string_ostream OS;
  TextDiagnosticPrinter Printer;
};

/// The innermost function (a lambda's call operator counts) whose text holds
/// \p Loc; declarations that end before or begin after it are not entered.
class FunctionAround : public RecursiveASTVisitor<FunctionAround> {
public:
  FunctionAround(const SourceManager &SM, SourceLocation Loc) : SM(SM), Loc(Loc) {}
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D)) {
      if (!holds(D->getSourceRange()))
        return true;
      if (auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->doesThisDeclarationHaveABody())
          Found = FD;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    if (!holds(LE->getSourceRange()))
      return true;
    Found = LE->getCallOperator();
    return RecursiveASTVisitor::TraverseLambdaExpr(LE);
  }
  const FunctionDecl *Found = nullptr;

private:
  bool holds(SourceRange R) const {
    if (R.isInvalid())
      return false;
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    return !SM.isBeforeInTranslationUnit(Loc, B) && !SM.isBeforeInTranslationUnit(E, Loc);
  }
  const SourceManager &SM;
  SourceLocation Loc;
};

/// The host function an error is confined to (for a lambda, the function it
/// is written in), or null when the error can affect device code: a lexer,
/// preprocessor or parser error (the parser may have lost its place), a fatal
/// one, one outside any function body, one in a function compiled for the
/// device, or any error when the caller gave no HostContextOf.
const FunctionDecl *hostFunctionOf(const HeldDiagnostics::Held &H, ASTContext &Ctx,
                                   const CudaFrontendOptions &O) {
  if (!O.HostContextOf || H.Level != DiagnosticsEngine::Error || H.Loc.isInvalid())
    return nullptr;
  StringRef Category =
      DiagnosticIDs::getCategoryNameFromID(DiagnosticIDs::getCategoryNumberForDiag(H.ID));
  if (Category == "Parse Issue" || Category == "Lexical or Preprocessor Issue")
    return nullptr;
  FunctionAround Finder(Ctx.getSourceManager(), H.Loc);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Finder.Found ? O.HostContextOf(Finder.Found) : nullptr;
}

/// "LINE:COL: message" of a held error, for callers that compare variants of
/// one file (the file name would only repeat the variant's); an error in
/// another file (a rewritten header) keeps its file name.
std::string lineColMessage(const HeldDiagnostics::Held &H) {
  StringRef Where = H.Where;
  if (!H.InMainFile && !Where.empty())
    return (Where + ": " + H.Message).str();
  size_t Col = Where.rfind(':');
  size_t Line = Col == StringRef::npos ? StringRef::npos : Where.rfind(':', Col - 1);
  if (Line == StringRef::npos)
    return H.Message;
  return (Where.substr(Line + 1) + ": " + H.Message).str();
}

} // namespace

Expected<std::unique_ptr<ParsedFile>> parseCudaFile(const CompilationDatabase &DB, StringRef File,
                                                    const CudaFrontendOptions &Options,
                                                    std::optional<StringRef> Content,
                                                    bool PrintDiagnostics,
                                                    std::string *FirstError,
                                                    const std::map<std::string, std::string> *Headers) {
  if (!sys::fs::exists(File))
    return frontendError("no such file: '" + File + "'");
  ClangTool Tool(DB, {File.str()});
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Options));
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = PrintDiagnostics && sys::Process::StandardErrHasColors();
  HeldDiagnostics Diagnostics(DiagOpts);
  Tool.setDiagnosticConsumer(&Diagnostics);
  std::unique_ptr<ASTUnit> Unit;
  BuildAST Action(Unit, Content, File, Options.Prelude, Headers);
  Tool.run(&Action);
  if (!Unit) {
    for (const HeldDiagnostics::Held &H : Diagnostics.All) {
      if (PrintDiagnostics)
        errs() << H.Rendered;
      if (FirstError && FirstError->empty() && H.Level >= DiagnosticsEngine::Error)
        *FirstError = lineColMessage(H);
    }
    return frontendError("could not parse '" + File + "' as CUDA");
  }
  auto Parsed = std::make_unique<ParsedFile>();
  Parsed->Unit = std::move(Unit);
  Parsed->Path = File.str();
  // Print each diagnostic as clang would, except errors confined to host
  // code: one note each, and their own notes dropped.
  unsigned Errors = 0;
  bool Dropping = false;
  for (const HeldDiagnostics::Held &H : Diagnostics.All) {
    if (H.Level == DiagnosticsEngine::Note) {
      if (PrintDiagnostics && !Dropping)
        errs() << H.Rendered;
      continue;
    }
    const FunctionDecl *Host =
        H.Level >= DiagnosticsEngine::Error ? hostFunctionOf(H, Parsed->ast(), Options) : nullptr;
    Dropping = Host != nullptr;
    if (H.Level >= DiagnosticsEngine::Error && !Host) {
      ++Errors;
      if (FirstError && FirstError->empty())
        *FirstError = lineColMessage(H);
    }
    if (!PrintDiagnostics)
      continue;
    if (Host)
      errs() << (H.Where.empty() ? File.str() : H.Where) << ": note: " << H.Message
             << "; in host code ('" << Host->getQualifiedNameAsString()
             << "'), ignored for device analysis [KL7]\n";
    else
      errs() << H.Rendered;
  }
  if (Errors)
    return frontendError("'" + File + "' has errors; nothing was changed");
  // Match only the user's code, the main file and user headers: the CUDA
  // headers are ~660 files. User headers hold kernels and helpers of their
  // own (sites), and the parent map follows the scope.
  ASTContext &Ctx = Parsed->ast();
  SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (isUserCode(sourceOrigin(SM, D->getBeginLoc())))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
  return Parsed;
}

} // namespace klineage
