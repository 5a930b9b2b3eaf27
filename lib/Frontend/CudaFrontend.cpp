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
#include "clang/Basic/Version.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MD5.h"
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
bool skipsHeaderBody(const SourceManager &SM, const Decl *D) {
  // Destructors are kept: Sema's rule for __shared__ variables needs to see
  // that a destructor's body is empty (prelude/cuda/__barrier/...).
  if (isa<CXXDestructorDecl>(D))
    return false;
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

class SkipHeaderBodies : public ASTConsumer {
public:
  explicit SkipHeaderBodies(SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(Decl *D) override { return skipsHeaderBody(SM, D); }

private:
  SourceManager &SM;
};

class SkipHeaderBodiesAction : public ASTFrontendAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<SkipHeaderBodies>(CI.getSourceManager());
  }
};

//===----------------------------------------------------------------------===//
// Header cache: the parse of the system headers, as a precompiled preamble
// (clangd's and ASTUnit's mechanism) kept on disk between runs.
//===----------------------------------------------------------------------===//

/// The part of the main file the cache precompiles: the leading run of
/// `#include <...>` lines, with the comments before and between them (the
/// command line's -include files, the CUDA wrapper and the prelude, always
/// come with it). It ends at the first quoted include, any other directive,
/// or code: user headers (whose sites are listed and rewritten, which needs
/// their text and ordinary locations) and the main file's own macros and
/// declarations are always parsed afresh, and no #if spans the cut.
PreambleBounds systemIncludePreamble(StringRef Text, const LangOptions &LO) {
  const SourceLocation Start = SourceLocation::getFromRawEncoding(1);
  Lexer L(Start, LO, Text.begin(), Text.begin(), Text.end());
  L.SetCommentRetentionState(true);
  unsigned Cut = 0;
  bool CutAtLineStart = true;
  Token T;
  L.LexFromRawLexer(T);
  for (;;) {
    while (T.is(tok::comment))
      L.LexFromRawLexer(T);
    if (!T.is(tok::hash) || !T.isAtStartOfLine())
      break;
    L.LexFromRawLexer(T);
    if (!T.is(tok::raw_identifier) || T.getRawIdentifier() != "include")
      break;
    L.LexFromRawLexer(T);
    if (!T.is(tok::less))
      break;
    do
      L.LexFromRawLexer(T);
    while (!T.isAtStartOfLine() && !T.is(tok::eof));
    Cut = T.getLocation().getRawEncoding() - Start.getRawEncoding();
    CutAtLineStart = T.isAtStartOfLine();
  }
  // Never past what clang itself would precompile.
  if (Cut > Lexer::ComputePreamble(Text, LO).Size)
    return PreambleBounds(0, true);
  return PreambleBounds(Cut, CutAtLineStart);
}

/// The cache entry's name: a hash of everything the preamble's parse
/// depends on besides the headers' contents (which clang checks when it
/// loads the entry): clang's version, this executable (its rule for skipping
/// header bodies), the -cc1 arguments (flags, macros, search paths, CUDA
/// path, arch, resource dir) without the main file's name, the working
/// directory when a search path is relative, the prelude's text, and the
/// preamble's bytes. Files with the same preamble share an entry.
std::string preambleKey(const CompilerInvocation &CI, vfs::FileSystem &FS, StringRef MainFile,
                        StringRef PreambleText, bool EndsAtStartOfLine, bool Prelude) {
  MD5 Hash;
  auto Add = [&](StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  };
  Add(getClangFullVersion());
  std::string Exe = sys::fs::getMainExecutable(nullptr, (void *)&findResourceDir);
  sys::fs::file_status Status;
  Add(Exe);
  if (!sys::fs::status(Exe, Status))
    Add(formatv("{0}:{1}", Status.getSize(),
                Status.getLastModificationTime().time_since_epoch().count())
            .str());
  std::vector<std::string> Args = CI.getCC1CommandLine();
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "-main-file-name") {
      ++I;
      continue;
    }
    // The CUDA unique id is a hash of the file's path, the compilation dir
    // is the working directory: neither changes the parse (code generation
    // only).
    StringRef A = Args[I];
    if (A != MainFile && !A.starts_with("-cuid=") && !A.starts_with("-fdebug-compilation-dir=") &&
        !A.starts_with("-fcoverage-compilation-dir="))
      Add(A);
  }
  for (const HeaderSearchOptions::Entry &E : CI.getHeaderSearchOpts().UserEntries)
    if (sys::path::is_relative(E.Path)) {
      if (auto Cwd = FS.getCurrentWorkingDirectory())
        Add(*Cwd);
      break;
    }
  if (Prelude)
    for (const PreludeFile &P : PreludeFiles)
      Add(P.Text);
  Add(PreambleText);
  Add(EndsAtStartOfLine ? "1" : "0");
  MD5::MD5Result Result;
  Hash.final(Result);
  return Result.digest().str().str();
}

/// Notes whether the preamble's parse entered a user header (an
/// angle-bracket include found through -I): such a preamble is not cached.
class UserHeaderWatch : public PPCallbacks {
public:
  UserHeaderWatch(const SourceManager &SM, bool &Seen) : SM(SM), Seen(Seen) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID F = SM.getFileID(Loc);
    if (F == SM.getMainFileID())
      return;
    if (OptionalFileEntryRef E = SM.getFileEntryRefForID(F))
      if (!E->getName().starts_with(PreludeRoot))
        Seen = true;
  }

private:
  const SourceManager &SM;
  bool &Seen;
};

/// The preamble's parse skips header bodies by the same rule as the full one.
class PreambleRules : public PreambleCallbacks {
public:
  void BeforeExecute(CompilerInstance &CI) override { SM = &CI.getSourceManager(); }
  bool shouldSkipFunctionBody(Decl *D) override { return skipsHeaderBody(*SM, D); }
  std::unique_ptr<PPCallbacks> createPPCallbacks() override {
    return std::make_unique<UserHeaderWatch>(*SM, UserHeader);
  }
  bool UserHeader = false;

private:
  const SourceManager *SM = nullptr;
};

/// How a parse uses the header cache.
enum class CacheUse {
  Off,     ///< parse everything
  Use,     ///< load the entry, or build and store it when there is none
  Rebuild, ///< build and store the entry even if there is one (it failed to load)
};

/// Points \p CI at the cache entry for its main file (\p Main, named
/// \p MainFile), building and storing the entry first when there is none or
/// \p Use is Rebuild. Returns the entry's path, or empty when the parse must
/// go without (no usable directory, a failed build, a user header in the
/// preamble). The entry is written to a temporary file beside it and renamed,
/// so concurrent runs and readers only ever see whole entries; if the rename
/// fails, \p Built keeps the temporary file alive for this parse.
std::string usePreamble(CompilerInvocation &CI, StringRef MainFile, const MemoryBuffer &Main,
                        FileManager &Files, std::shared_ptr<PCHContainerOperations> PCHOps,
                        StringRef Dir, CacheUse Use, bool Prelude,
                        std::optional<PrecompiledPreamble> &Built) {
  // Clang checks every header the entry was built from (size and mtime)
  // when it loads it; by default it checks only user headers.
  CI.getHeaderSearchOpts().ModulesValidateSystemHeaders = true;
  PreambleBounds Bounds = systemIncludePreamble(Main.getBuffer(), CI.getLangOpts());
  std::string Key =
      preambleKey(CI, Files.getVirtualFileSystem(), MainFile,
                  Main.getBuffer().take_front(Bounds.Size), Bounds.PreambleEndsAtStartOfLine,
                  Prelude);
  SmallString<256> Entry(Dir), NoEntry(Dir);
  sys::path::append(Entry, Key + ".pch");
  sys::path::append(NoEntry, Key + ".user-header");
  std::string PCHPath;
  if (sys::fs::exists(NoEntry))
    return "";
  if (Use == CacheUse::Use && sys::fs::exists(Entry)) {
    PCHPath = std::string(Entry);
  } else {
    if (sys::fs::create_directories(Dir))
      return "";
    CompilerInvocation PreambleCI(CI);
    PreprocessorOptions &PPOpts = PreambleCI.getPreprocessorOpts();
    // The buffers stay owned by the full parse's invocation.
    PPOpts.RetainRemappedFileBuffers = true;
    auto DiagOpts = std::make_shared<DiagnosticOptions>(CI.getDiagnosticOpts());
    IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
        Files.getVirtualFileSystem(), *DiagOpts, new IgnoringDiagConsumer(),
        /*ShouldOwnClient=*/true);
    PreambleRules Rules;
    auto Preamble = PrecompiledPreamble::Build(PreambleCI, &Main, Bounds, Diags,
                                               Files.getVirtualFileSystemPtr(), PCHOps,
                                               /*StoreInMemory=*/false, Dir, Rules);
    // A preamble with errors is not kept: the full parse reports them.
    if (!Preamble || Diags->hasErrorOccurred())
      return "";
    if (Rules.UserHeader) {
      std::error_code EC;
      raw_fd_ostream(NoEntry, EC);
      return "";
    }
    Built.emplace(std::move(*Preamble));
    // Where Build put it: the path it configures an invocation with.
    CompilerInvocation Probe(CI);
    auto Empty = MemoryBuffer::getMemBuffer("");
    IntrusiveRefCntPtr<vfs::FileSystem> RealFS = vfs::getRealFileSystem();
    Built->AddImplicitPreamble(Probe, RealFS, Empty.get());
    std::string Temp = Probe.getPreprocessorOpts().ImplicitPCHInclude;
    PCHPath = sys::fs::rename(Temp, Entry) ? Temp : std::string(Entry);
  }
  PreprocessorOptions &PPOpts = CI.getPreprocessorOpts();
  PPOpts.ImplicitPCHInclude = PCHPath;
  PPOpts.PrecompiledPreambleBytes = {Bounds.Size, Bounds.PreambleEndsAtStartOfLine};
  return std::string(Entry);
}

/// Builds an ASTUnit per invocation (like ClangTool::buildASTs), with header
/// bodies skipped, the main file's text optionally replaced, and the header
/// cache used as \p Use says.
class BuildAST : public ToolAction {
public:
  BuildAST(std::unique_ptr<ASTUnit> &Out, std::optional<StringRef> Content, StringRef File,
           bool Prelude, const std::map<std::string, std::string> *Headers, CacheUse Use,
           StringRef CacheDir)
      : Out(Out), Content(Content), File(File), Prelude(Prelude), Headers(Headers), Use(Use),
        CacheDir(CacheDir) {}
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getFrontendOpts().SkipFunctionBodies = true;
    // The main file as clang names it (the compile command's spelling).
    StringRef MainFile = Invocation->getFrontendOpts().Inputs[0].getFile();
    std::unique_ptr<MemoryBuffer> Main;
    if (Content)
      Main = MemoryBuffer::getMemBufferCopy(*Content, MainFile);
    else if (Use != CacheUse::Off)
      if (auto Read = Files->getVirtualFileSystem().getBufferForFile(MainFile))
        Main = std::move(*Read);
    // Edited user headers (a rewrite's re-verification). The cached preamble
    // never holds a user header (a user header reached from it turns the
    // cache off), so these cannot disagree with an entry.
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
    std::optional<PrecompiledPreamble> Built;
    if (Use != CacheUse::Off && Main)
      Entry = usePreamble(*Invocation, MainFile, *Main, *Files, PCHContainerOps, CacheDir, Use,
                          Prelude, Built);
    // After the preamble's build, which reads the preamble from Main.
    if (Content)
      Invocation->getPreprocessorOpts().addRemappedFile(
          File, MemoryBuffer::getMemBufferCopy(*Content, File).release());
    auto DiagOpts = std::make_shared<DiagnosticOptions>(Invocation->getDiagnosticOpts());
    IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
        Files->getVirtualFileSystem(), *DiagOpts, DiagConsumer, /*ShouldOwnClient=*/false);
    SkipHeaderBodiesAction Action;
    std::unique_ptr<ASTUnit> Unit(ASTUnit::LoadFromCompilerInvocationAction(
        std::move(Invocation), std::move(PCHContainerOps), DiagOpts, Diags, &Action));
    // A cache entry clang refused (a header changed) is rebuilt quietly:
    // ClangTool would print "Error while processing" for a false.
    if (!Unit)
      return !Entry.empty();
    Out = std::move(Unit);
    return true;
  }
  /// The cache entry the parse used; empty: none.
  std::string Entry;

private:
  std::unique_ptr<ASTUnit> &Out;
  std::optional<StringRef> Content;
  std::string File;
  bool Prelude;
  const std::map<std::string, std::string> *Headers;
  CacheUse Use;
  std::string CacheDir;
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

/// One parse of the file, its diagnostics held, and which errors fail it.
struct Attempt {
  std::unique_ptr<ASTUnit> Unit;
  std::unique_ptr<HeldDiagnostics> Diagnostics;
  /// Per held diagnostic: the host function an error is confined to.
  std::vector<const FunctionDecl *> HostOnly;
  unsigned Errors = 0; ///< errors that fail the parse
  std::string Entry;   ///< the header cache entry used; empty: none
  /// The entry could not be used: clang refused it (a header changed since
  /// it was built) or it is damaged.
  bool EntryRefused = false;
  bool failed() const { return !Unit || Errors; }
};

Attempt parseOnce(const CompilationDatabase &DB, StringRef File, const CudaFrontendOptions &Options,
                  std::optional<StringRef> Content,
                  const std::map<std::string, std::string> *Headers, bool Colors, CacheUse Use,
                  StringRef CacheDir) {
  Attempt A;
  ClangTool Tool(DB, {File.str()});
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Options));
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Colors;
  A.Diagnostics = std::make_unique<HeldDiagnostics>(DiagOpts);
  Tool.setDiagnosticConsumer(A.Diagnostics.get());
  BuildAST Action(A.Unit, Content, File, Options.Prelude, Headers, Use, CacheDir);
  Tool.run(&Action);
  A.Entry = Action.Entry;
  for (const HeldDiagnostics::Held &H : A.Diagnostics->All) {
    const FunctionDecl *Host = A.Unit && H.Level >= DiagnosticsEngine::Error
                                   ? hostFunctionOf(H, A.Unit->getASTContext(), Options)
                                   : nullptr;
    A.HostOnly.push_back(Host);
    if (H.Level >= DiagnosticsEngine::Error && !Host)
      ++A.Errors;
    // Clang reports a refused entry without a location ("file '...' has
    // been modified since the precompiled header '...' was built") or as a
    // deserialization issue; the file's own fatal errors have locations.
    StringRef Category =
        DiagnosticIDs::getCategoryNameFromID(DiagnosticIDs::getCategoryNumberForDiag(H.ID));
    if (!A.Entry.empty() && ((H.Level == DiagnosticsEngine::Fatal && H.Loc.isInvalid()) ||
                             Category == "AST Deserialization Issue"))
      A.EntryRefused = true;
  }
  if (!A.Entry.empty() && !A.Unit)
    A.EntryRefused = true;
  return A;
}

} // namespace

std::optional<std::string> headerCacheDir(const CudaFrontendOptions &O) {
  if (!O.HeaderCache)
    return std::nullopt;
  if (!O.HeaderCacheDir.empty())
    return O.HeaderCacheDir;
  if (auto Env = sys::Process::GetEnv("KLINEAGE_CACHE_DIR"); Env && !Env->empty()) {
    if (*Env == "off")
      return std::nullopt;
    return *Env;
  }
  SmallString<256> Dir;
  if (auto Xdg = sys::Process::GetEnv("XDG_CACHE_HOME"); Xdg && !Xdg->empty())
    Dir = *Xdg;
  else if (sys::path::home_directory(Dir))
    sys::path::append(Dir, ".cache");
  else
    return std::nullopt;
  sys::path::append(Dir, "klineage");
  return std::string(Dir);
}

Expected<std::unique_ptr<ParsedFile>> parseCudaFile(const CompilationDatabase &DB, StringRef File,
                                                    const CudaFrontendOptions &Options,
                                                    std::optional<StringRef> Content,
                                                    bool PrintDiagnostics,
                                                    std::string *FirstError,
                                                    const std::map<std::string, std::string> *Headers) {
  if (!sys::fs::exists(File))
    return frontendError("no such file: '" + File + "'");
  bool Colors = PrintDiagnostics && sys::Process::StandardErrHasColors();
  std::optional<std::string> CacheDir = headerCacheDir(Options);
  Attempt A = parseOnce(DB, File, Options, Content, Headers, Colors,
                        CacheDir ? CacheUse::Use : CacheUse::Off, CacheDir.value_or(""));
  // A refused entry is rebuilt from the headers as they are now. Any other
  // failure with the cache is confirmed by a parse without it, whose verdict
  // and diagnostics stand; if that one succeeds, the entry is suspect and
  // is dropped (the next parse builds it afresh).
  if (A.EntryRefused)
    A = parseOnce(DB, File, Options, Content, Headers, Colors, CacheUse::Rebuild, *CacheDir);
  if (!A.Entry.empty() && A.failed()) {
    Attempt Plain =
        parseOnce(DB, File, Options, Content, Headers, Colors, CacheUse::Off, "");
    if (!Plain.failed() || A.EntryRefused)
      sys::fs::remove(A.Entry);
    A = std::move(Plain);
  }
  if (!A.Unit) {
    for (const HeldDiagnostics::Held &H : A.Diagnostics->All) {
      if (PrintDiagnostics)
        errs() << H.Rendered;
      if (FirstError && FirstError->empty() && H.Level >= DiagnosticsEngine::Error)
        *FirstError = lineColMessage(H);
    }
    return frontendError("could not parse '" + File + "' as CUDA");
  }
  auto Parsed = std::make_unique<ParsedFile>();
  Parsed->Unit = std::move(A.Unit);
  Parsed->Path = File.str();
  // Print each diagnostic as clang would, except errors confined to host
  // code: one note each, and their own notes dropped.
  bool Dropping = false;
  for (size_t I = 0; I < A.Diagnostics->All.size(); ++I) {
    const HeldDiagnostics::Held &H = A.Diagnostics->All[I];
    if (H.Level == DiagnosticsEngine::Note) {
      if (PrintDiagnostics && !Dropping)
        errs() << H.Rendered;
      continue;
    }
    const FunctionDecl *Host = A.HostOnly[I];
    Dropping = Host != nullptr;
    if (H.Level >= DiagnosticsEngine::Error && !Host && FirstError && FirstError->empty())
      *FirstError = lineColMessage(H);
    if (!PrintDiagnostics)
      continue;
    if (Host)
      errs() << (H.Where.empty() ? File.str() : H.Where) << ": note: " << H.Message
             << "; in host code ('" << Host->getQualifiedNameAsString()
             << "'), ignored for device analysis [KL7]\n";
    else
      errs() << H.Rendered;
  }
  if (A.Errors)
    return frontendError("'" + File + "' has errors; nothing was changed");
  // Match only the user's code, the main file and user headers: the CUDA
  // headers are ~660 files. User headers hold kernels and helpers of their
  // own (sites), and the parent map follows the scope.
  ASTContext &Ctx = Parsed->ast();
  SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  // noload: the header cache's declarations (system headers and prelude
  // only) stay out of scope without being read in.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    if (isUserCode(sourceOrigin(SM, D->getBeginLoc())))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
  return Parsed;
}

} // namespace klineage
