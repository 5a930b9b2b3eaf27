//===- KLineageLsp.cpp - The KLineage language server ---------------------===//
//
// Part of KLineage (docs/integrations.md). A Language Server over stdio
// (LLVM's LSP support: llvm/Support/LSP) for .cu files:
//   - on open and change, publishes a hint at every site where a skill
//     card's conditions hold (message: the card's intent and its measured
//     effect), and a warning when the file does not parse;
//   - code actions at the cursor: every forward and reverse rewrite whose
//     site is anchored on the requested lines (then those whose edits touch
//     them), as a WorkspaceEdit of the Session's
//     verified edits; a refused site is a disabled action whose reason names
//     the failing precondition (KL number) and the --assume that settles it,
//     and where only assumable facts block it, a second action applies it
//     under those facts.
// Compile flags come from the nearest compile_commands.json, as clangd reads
// them. Nothing is written to disk: the client applies the edits.
//
//===----------------------------------------------------------------------===//
#include "klineage/Service/KernelService.h"
#include "klineage/Rewrite/Engine.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <map>

using namespace llvm;
using namespace klineage;
namespace lsp = llvm::lsp;

static cl::OptionCategory Category("klineage-lsp options");
static cl::opt<std::string> SkillsDir("skills",
                                      cl::desc("Skill cards to publish (<dir>/<rewrite>/<id>.yaml); default "
                                               "$KLINEAGE_SKILLS, else the cards installed with the tool"),
                                      cl::cat(Category));
static cl::list<std::string> AssumeFacts("assume", cl::desc("A fact every request assumes (as klineage-rewrite --assume)"),
                                         cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA install (default $CUDA_PATH, /usr/local/cuda)"),
                                     cl::cat(Category));
static cl::opt<std::string> ResourceDir("resource-dir", cl::desc("Clang resource directory"), cl::cat(Category));
static cl::opt<std::string> Arch("arch", cl::desc("GPU architecture parsed for"), cl::init("sm_90"),
                                 cl::cat(Category));
static cl::opt<bool> Verbose("verbose", cl::desc("Log the protocol on stderr"), cl::cat(Category));

/// The skill cards shipped beside the tool, else those of the source tree.
static std::string defaultSkillsDir(const char *Argv0) {
  if (auto Env = sys::Process::GetEnv("KLINEAGE_SKILLS"))
    return *Env;
  std::string Exe = sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&defaultSkillsDir));
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "klineage", "skills-yaml");
  if (sys::fs::is_directory(Installed))
    return std::string(Installed);
  SmallString<256> Source(KLINEAGE_SOURCE_DIR);
  sys::path::append(Source, "skills-yaml");
  return sys::fs::is_directory(Source) ? std::string(Source) : std::string();
}

namespace {

/// LSP positions count UTF-16 code units; the AST counts bytes.
int utf16Column(StringRef Line, unsigned ByteColumn) {
  StringRef Prefix = Line.take_front(ByteColumn);
  int Units = 0;
  for (size_t I = 0; I < Prefix.size();) {
    unsigned char C = Prefix[I];
    unsigned Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3 : (C >> 3) == 30 ? 4 : 1;
    Units += Len == 4 ? 2 : 1;
    I += Len;
  }
  return Units;
}

class Document {
public:
  lsp::URIForFile Uri;
  int64_t Version = 0;

  const std::string &text() const { return Text; }
  void setText(std::string T) {
    Text = std::move(T);
    SmallVector<StringRef, 0> L;
    StringRef(Text).split(L, '\n'); // one more (empty) line after a final newline
    Lines.assign(L.begin(), L.end());
  }
  /// Changes of the client's text (full or ranged); false if they do not apply.
  bool change(ArrayRef<lsp::TextDocumentContentChangeEvent> Changes) {
    std::string T = Text;
    if (failed(lsp::TextDocumentContentChangeEvent::applyTo(Changes, T)))
      return false;
    setText(std::move(T));
    return true;
  }
  unsigned lineCount() const { return Lines.size(); }
  /// Site lines are 1-based, columns 1-based bytes.
  lsp::Position position(unsigned Line, unsigned Column) const {
    if (Line == 0 || Line > Lines.size())
      return lsp::Position(0, 0);
    return lsp::Position(Line - 1, utf16Column(Lines[Line - 1], Column ? Column - 1 : 0));
  }
  lsp::Position endOfLine(unsigned Line) const {
    if (Line == 0 || Line > Lines.size())
      return lsp::Position(0, 0);
    return lsp::Position(Line - 1, utf16Column(Lines[Line - 1], Lines[Line - 1].rtrim("\r").size()));
  }
  /// The end of the text (an edit's end past the last line).
  lsp::Position end() const {
    return lsp::Position(Lines.size() - 1, utf16Column(Lines.back(), Lines.back().size()));
  }

private:
  std::string Text;
  std::vector<StringRef> Lines; ///< into Text
};

/// Whether one of \p S's edits of \p D's text spans a line in [First, Last].
bool touches(const Document &D, const Site &S, int First, int Last) {
  StringRef Text = D.text();
  for (const TextEdit &E : S.Edits) {
    if ((E.File != S.File && E.File != D.Uri.file()) || E.Offset > Text.size())
      continue;
    int Begin = int(Text.take_front(E.Offset).count('\n'));
    int End = int(Text.take_front(std::min<size_t>(Text.size(), E.Offset + E.Length)).count('\n'));
    if (Begin <= Last && End >= First)
      return true;
  }
  return false;
}

json::Value range(lsp::Position A, lsp::Position B) {
  return json::Object{{"start", toJSON(A)}, {"end", toJSON(B)}};
}

std::string effectOf(const skills::SkillCard &C) {
  if (!C.Measured)
    return "effect unmeasured (compile-only lineage)";
  std::string S = formatv("measured {0:F2}x", C.Speedup).str();
  if (C.SpeedupLow > 0 && C.SpeedupHigh > 0)
    S += formatv(" ({0:F2}-{1:F2}x)", C.SpeedupLow, C.SpeedupHigh).str();
  if (!C.Gpu.empty())
    S += " on " + C.Gpu;
  if (!C.Size.empty())
    S += " at " + C.Size;
  return S;
}

class Server {
public:
  Server(lsp::JSONTransport &T, service::KernelService &Svc) : Handler(T), Service(Svc) {
    Handler.method("initialize", this, &Server::onInitialize);
    Handler.notification("initialized", this, &Server::onInitialized);
    Handler.method("shutdown", this, &Server::onShutdown);
    Handler.notification("textDocument/didOpen", this, &Server::onDidOpen);
    Handler.notification("textDocument/didChange", this, &Server::onDidChange);
    Handler.notification("textDocument/didClose", this, &Server::onDidClose);
    Handler.method("textDocument/codeAction", this, &Server::onCodeAction);
    PublishDiagnostics = Handler.outgoingNotification<lsp::PublishDiagnosticsParams>(
        "textDocument/publishDiagnostics");
  }
  lsp::MessageHandler &handler() { return Handler; }
  bool shutdownRequested() const { return ShutdownRequested; }

private:
  void onInitialize(const lsp::InitializeParams &, lsp::Callback<json::Value> Reply) {
    json::Object Caps{
        {"textDocumentSync", json::Object{{"openClose", true}, {"change", int(lsp::TextDocumentSyncKind::Full)}}},
        {"codeActionProvider", json::Object{{"codeActionKinds", json::Array{"refactor.rewrite"}}}},
    };
    Reply(json::Object{{"capabilities", std::move(Caps)},
                       {"serverInfo", json::Object{{"name", "klineage-lsp"}, {"version", "1"}}}});
  }
  void onInitialized(const lsp::InitializedParams &) {}
  void onShutdown(const lsp::NoParams &, lsp::Callback<std::nullptr_t> Reply) {
    ShutdownRequested = true;
    Reply(nullptr);
  }

  void onDidOpen(const lsp::DidOpenTextDocumentParams &P) {
    Document &D = Docs[P.textDocument.uri.file().str()];
    D.Uri = P.textDocument.uri;
    D.setText(P.textDocument.text);
    D.Version = P.textDocument.version;
    publish(D);
  }
  void onDidChange(const lsp::DidChangeTextDocumentParams &P) {
    auto It = Docs.find(P.textDocument.uri.file().str());
    if (It == Docs.end())
      return;
    Document &D = It->second;
    if (!D.change(P.contentChanges)) {
      lsp::Logger::error("klineage-lsp: could not apply the changes to {0}", D.Uri.file());
      return;
    }
    D.Version = P.textDocument.version;
    publish(D);
  }
  void onDidClose(const lsp::DidCloseTextDocumentParams &P) {
    auto It = Docs.find(P.textDocument.uri.file().str());
    if (It == Docs.end())
      return;
    lsp::PublishDiagnosticsParams Clear(It->second.Uri, It->second.Version);
    PublishDiagnostics(Clear);
    Docs.erase(It);
  }

  /// Skill hints (or the parse failure) of \p D, replacing the last ones.
  void publish(Document &D) {
    lsp::PublishDiagnosticsParams P(D.Uri, D.Version);
    auto A = Service.analyze(D.Uri.file(), StringRef(D.text()));
    if (!A) {
      lsp::Diagnostic Diag;
      Diag.range = lsp::Range(lsp::Position(0, 0), D.endOfLine(1));
      Diag.severity = lsp::DiagnosticSeverity::Warning;
      Diag.source = "klineage";
      Diag.message = "klineage: no rewrites or skills: " + toString(A.takeError());
      P.diagnostics.push_back(std::move(Diag));
      PublishDiagnostics(P);
      return;
    }
    // One hint per site and rewrite: the card with the best measured effect.
    std::map<std::pair<unsigned, std::string>, const service::SkillHit *> Best;
    for (const service::SkillHit &H : A->Skills) {
      if (H.St != Status::Holds || H.S.File != D.Uri.file())
        continue;
      const service::SkillHit *&B = Best[{H.S.Offset, H.Card->Rewrite}];
      if (!B || H.Card->Speedup > B->Card->Speedup)
        B = &H;
    }
    for (const auto &[Key, H] : Best) {
      lsp::Diagnostic Diag;
      Diag.range = lsp::Range(D.position(H->S.Line, H->S.Column), D.endOfLine(H->S.Line));
      Diag.severity = lsp::DiagnosticSeverity::Hint;
      Diag.source = "klineage";
      Diag.category = H->Card->Id;
      Diag.message = formatv("{0} [skill {1}: {2}; {3} forward: {4}]", H->Card->Intent, H->Card->Id,
                             effectOf(*H->Card), H->Card->Rewrite, H->S.Summary)
                         .str();
      P.diagnostics.push_back(std::move(Diag));
    }
    Analyses[D.Uri.file().str()] = std::move(*A);
    PublishDiagnostics(P);
  }

  json::Object workspaceEdit(const Document &D, ArrayRef<service::LineEdit> Edits) {
    unsigned Count = D.lineCount();
    json::Array TextEdits;
    for (const service::LineEdit &E : Edits) {
      lsp::Position Start = E.StartLine < Count ? lsp::Position(E.StartLine, 0) : D.end();
      lsp::Position End = E.EndLine < Count ? lsp::Position(E.EndLine, 0) : D.end();
      TextEdits.push_back(json::Object{{"range", range(Start, End)}, {"newText", E.NewText}});
    }
    return json::Object{{"changes", json::Object{{D.Uri.uri().str(), std::move(TextEdits)}}}};
  }

  /// An enabled action applying \p S (under \p Assume), or a disabled one
  /// saying why the verified apply failed.
  json::Object applyAction(const Document &D, const service::SiteEntry &E, std::vector<std::string> Assume,
                           StringRef Title) {
    service::RewriteRequest Req;
    Req.Rewrite = E.S.Rewrite;
    Req.Dir = E.S.Dir;
    Req.Sel.Descriptors.push_back(SiteDescriptor::of(E.S));
    Req.Assume = std::move(Assume);
    json::Object Action{{"title", Title.str()}, {"kind", "refactor.rewrite"}};
    auto R = Service.apply(D.Uri.file(), StringRef(D.text()), Req);
    if (!R) {
      Action["disabled"] = json::Object{{"reason", toString(R.takeError())}};
      return Action;
    }
    if (R->Outcome != ApplyResult::Applied) {
      std::string Why = std::string(outcomeName(R->Outcome));
      for (const auto &[Desc, Reason] : R->Failed)
        Why += ": " + Reason;
      Action["disabled"] = json::Object{{"reason", Why}};
      return Action;
    }
    Action["edit"] = workspaceEdit(D, R->Edits);
    Action["data"] = json::Object{{"descriptor", SiteDescriptor::of(E.S).str()}};
    return Action;
  }

  void onCodeAction(const lsp::CodeActionParams &P, lsp::Callback<json::Value> Reply) {
    auto DocIt = Docs.find(P.textDocument.uri.file().str());
    auto AIt = Analyses.find(P.textDocument.uri.file().str());
    if (DocIt == Docs.end() || AIt == Analyses.end())
      return Reply(json::Array{});
    const Document &D = DocIt->second;
    json::Array Actions;
    // Sites anchored on the requested lines first, then those whose edits
    // touch them (a kernel-wide rewrite is offered anywhere in the kernel).
    std::vector<const service::SiteEntry *> AtRange;
    for (int Pass = 0; Pass < 2; ++Pass)
      for (const service::SiteEntry &E : AIt->second.Sites) {
        if (E.S.File != D.Uri.file() || E.S.Line == 0)
          continue;
        int Line = int(E.S.Line) - 1;
        bool Anchored = Line >= P.range.start.line && Line <= P.range.end.line;
        if (Pass == 0 ? Anchored : !Anchored && touches(D, E.S, P.range.start.line, P.range.end.line))
          AtRange.push_back(&E);
      }
    for (const service::SiteEntry *EP : AtRange) {
      const service::SiteEntry &E = *EP;
      std::string Title = formatv("KLineage {0} ({1}): {2}", E.S.Rewrite, directionName(E.S.Dir), E.S.Summary).str();
      if (E.S.applicable(/*AllowUnknown=*/false)) {
        Actions.push_back(applyAction(D, E, {}, Title));
        continue;
      }
      // Refused: say which precondition and how to settle it.
      const PreconditionResult *B = E.S.blocker(false);
      std::string Reason;
      if (B) {
        if (unsigned Id = diagIdFor(*E.Pair, B->Name))
          Reason += formatv("KL{0} ", Id).str();
        Reason += B->Name + " " + statusName(B->St).str() + ": " + B->Reason;
        if (!B->Assumable.empty())
          Reason += " (settle with --assume=" + B->Assumable + ")";
      }
      Actions.push_back(json::Object{{"title", Title}, {"kind", "refactor.rewrite"},
                                     {"disabled", json::Object{{"reason", Reason}}}});
      // Only facts block it: offer it under those facts.
      std::vector<std::string> Facts;
      bool OnlyAssumable = true;
      for (const PreconditionResult &Pr : E.S.Preconditions) {
        if (Pr.St == Status::Fails || (Pr.St == Status::Unknown && Pr.Assumable.empty()))
          OnlyAssumable = false;
        else if (Pr.St == Status::Unknown)
          Facts.push_back(Pr.Assumable);
      }
      if (OnlyAssumable && !Facts.empty())
        Actions.push_back(applyAction(D, E, Facts, Title + " (assuming " + join(Facts, ", ") + ")"));
    }
    Reply(std::move(Actions));
  }

  lsp::MessageHandler Handler;
  service::KernelService &Service;
  lsp::OutgoingNotification<lsp::PublishDiagnosticsParams> PublishDiagnostics;
  std::map<std::string, Document> Docs;
  std::map<std::string, service::FileAnalysis> Analyses;
  bool ShutdownRequested = false;
};

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(Argc, Argv,
                              "klineage-lsp: a Language Server for CUDA kernels: skill hints and rewrite code "
                              "actions (stdio JSON-RPC; docs/integrations.md)\n");
  lsp::Logger::setLogLevel(Verbose ? lsp::Logger::Level::Debug : lsp::Logger::Level::Error);
  auto SO = commandSessionOptions(Argv[0], CudaPath, ResourceDir, Arch, AssumeFacts);
  if (!SO) {
    errs() << "klineage-lsp: error: " << toString(SO.takeError()) << "\n";
    return 1;
  }
  service::ServiceOptions O;
  O.Session = std::move(*SO);
  O.BaseAssume = AssumeFacts;
  O.SkillsDir = SkillsDir.empty() ? defaultSkillsDir(Argv[0]) : std::string(SkillsDir);
  if (!SkillsDir.empty() && !sys::fs::is_directory(SkillsDir)) {
    errs() << "klineage-lsp: error: no such skills folder: " << SkillsDir << "\n";
    return 1;
  }
  service::KernelService Svc(std::move(O));
  for (const std::string &E : Svc.cardErrors())
    errs() << "klineage-lsp: warning: skill card skipped: " << E << "\n";
  lsp::JSONTransport Transport(stdin, outs());
  Server S(Transport, Svc);
  if (Error E = Transport.run(S.handler())) {
    // The client closing the stream after `shutdown` ends the session as
    // `exit` would.
    std::string Why = toString(std::move(E));
    if (S.shutdownRequested())
      return 0;
    errs() << "klineage-lsp: the connection ended without shutdown: " << Why << "\n";
    return 1;
  }
  return S.shutdownRequested() ? 0 : 1;
}
