//===- KLineageMcp.cpp - The KLineage Model Context Protocol server -------===//
//
// Part of KLineage (docs/integrations.md). An MCP server over stdio
// (newline-delimited JSON-RPC 2.0) for LLM agents. Tools:
//   list_sites     every rewrite site of a .cu file with its preconditions
//                  (the klineage-rewrite --list-sites JSON contract)
//   check_skill    a skill card's verdict at each site of a kernel
//   apply_rewrite  one rewrite applied to a copy, verified; the new text and
//                  line edits (the input file is never written)
//   run_gate       `klineage gate` on candidates against a workload
//   optimize       `klineage optimize` on a kernel, within a budget
// Arguments are checked against each tool's JSON schema before anything
// runs; a bad argument is a tool error (isError) naming the argument, an
// unknown tool or method a JSON-RPC error. The gate and the optimizer run as
// child `klineage` processes (beside this executable), so a crashing kernel
// never takes the server down.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Rewrite/Engine.h"
#include "klineage/Rewrite/SiteJson.h"
#include "klineage/Service/KernelService.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <iostream>
#include <string>

using namespace llvm;
using namespace klineage;

static cl::OptionCategory Category("klineage-mcp options");
static cl::list<std::string> AssumeFacts("assume", cl::desc("A fact every call assumes (as klineage-rewrite --assume)"),
                                         cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA install (default $CUDA_PATH, /usr/local/cuda)"),
                                     cl::cat(Category));
static cl::opt<std::string> ResourceDir("resource-dir", cl::desc("Clang resource directory"), cl::cat(Category));
static cl::opt<std::string> Arch("arch", cl::desc("GPU architecture parsed for"), cl::init("sm_90"),
                                 cl::cat(Category));
static cl::opt<std::string> KlineageExe("klineage", cl::desc("The klineage executable run for run_gate and optimize "
                                                             "(default: the one beside this server)"),
                                        cl::cat(Category));

namespace {

// --- Tool schemas -----------------------------------------------------------

json::Object str(const char *Desc) { return json::Object{{"type", "string"}, {"description", Desc}}; }
json::Object integer(const char *Desc, int64_t Min) {
  return json::Object{{"type", "integer"}, {"minimum", Min}, {"description", Desc}};
}
json::Object strings(const char *Desc) {
  return json::Object{{"type", "array"}, {"items", json::Object{{"type", "string"}}}, {"description", Desc}};
}
json::Object oneOf(std::vector<std::string> Values, const char *Desc) {
  json::Array E;
  for (auto &V : Values)
    E.push_back(V);
  return json::Object{{"type", "string"}, {"enum", std::move(E)}, {"description", Desc}};
}
json::Object schema(json::Object Props, std::vector<std::string> Required) {
  json::Array R;
  for (auto &X : Required)
    R.push_back(X);
  return json::Object{{"type", "object"},
                      {"properties", std::move(Props)},
                      {"required", std::move(R)},
                      {"additionalProperties", false}};
}

struct Tool {
  const char *Name, *Description;
  json::Object Schema;
};

std::vector<Tool> tools() {
  std::vector<std::string> Rewrites;
  for (const std::unique_ptr<RewritePair> &R : allRewrites())
    Rewrites.push_back(R->name().str());
  const char *FileDesc = "path of the .cu file (its compile_commands.json is used, as clangd does)";
  const char *ContentDesc = "the file's text, when it differs from the file on disk (an unsaved buffer)";
  const char *AssumeDesc = "facts to assume, as klineage-rewrite --assume (e.g. aligned:x:16, block:256)";
  std::vector<Tool> T;
  T.push_back({"list_sites",
               "Every site of every rewrite (or of one) in a CUDA file, with each precondition's verdict "
               "(holds/fails/unknown), its reason, the --assume fact that settles an unknown one, and a "
               "stable site descriptor. Changes nothing.",
               schema(json::Object{{"file", str(FileDesc)},
                                   {"content", str(ContentDesc)},
                                   {"rewrite", oneOf(Rewrites, "only this rewrite")},
                                   {"direction", oneOf({"forward", "reverse"}, "only this direction")},
                                   {"applicable_only", json::Object{{"type", "boolean"},
                                                                    {"description", "only sites that can apply"}}},
                                   {"assume", strings(AssumeDesc)}},
                      {"file"})});
  T.push_back({"check_skill",
               "Whether a skill card's conditions hold at each site of its rewrite in a kernel: holds, fails "
               "(with the precondition and reason) or unknown (with the fact to assume).",
               schema(json::Object{{"skill", str("path of the skill card (skills-yaml/<rewrite>/<id>.yaml)")},
                                   {"file", str(FileDesc)},
                                   {"content", str(ContentDesc)},
                                   {"assume", strings(AssumeDesc)}},
                      {"skill", "file"})});
  T.push_back({"apply_rewrite",
               "Apply one rewrite (all its applicable sites, or one site) to a copy of a CUDA file and verify "
               "the result re-parses. Returns the new text and line edits; refused sites come back with the "
               "precondition that blocks them. The input file is never written.",
               schema(json::Object{{"file", str(FileDesc)},
                                   {"content", str(ContentDesc)},
                                   {"rewrite", oneOf(Rewrites, "the rewrite pair")},
                                   {"direction", oneOf({"forward", "reverse"}, "forward optimizes, reverse simplifies")},
                                   {"site", integer("apply only site N (as list_sites numbers them)", 1)},
                                   {"descriptor", str("apply only the site with this descriptor (from list_sites)")},
                                   {"options", json::Object{{"type", "object"},
                                                            {"additionalProperties", json::Object{{"type", "string"}}},
                                                            {"description", "rewrite options, e.g. {\"unroll-factor\": \"4\"}"}}},
                                   {"assume", strings(AssumeDesc)},
                                   {"output", str("also write the result to this path (never the input file)")}},
                      {"file", "rewrite", "direction"})});
  T.push_back({"run_gate",
               "Run the gate (compile: nvcc and ptxas resources; correctness on fresh random inputs at several "
               "sizes; profile: CUPTI medians) on one candidate, or two side by side, against a workload "
               "manifest. Without a GPU only the compile stage runs, and the result says so.",
               schema(json::Object{{"candidates", json::Object{{"type", "array"},
                                                               {"items", json::Object{{"type", "string"}}},
                                                               {"minItems", 1},
                                                               {"maxItems", 2},
                                                               {"description", "kernel files (.cu)"}}},
                                   {"workload", str("the workload manifest (.yaml)")},
                                   {"stages", oneOf({"compile", "compile,correctness", "all"}, "default all")},
                                   {"repeat", integer("profile rounds", 1)},
                                   {"timeout_s", integer("kill the gate after this many seconds (default 1800)", 1)}},
                      {"candidates", "workload"})});
  T.push_back({"optimize",
               "Apply skills (or a baseline method) to a kernel under the gate within a budget of gate "
               "evaluations; writes the best accepted kernel and its trajectory to output_dir and returns "
               "the trajectory's summary.",
               schema(json::Object{{"kernel", str("the kernel file (.cu)")},
                                   {"workload", str("the workload manifest (.yaml)")},
                                   {"output_dir", str("where best.cu and lineage.json are written")},
                                   {"budget", integer("gate evaluations (0: no limit)", 0)},
                                   {"method", oneOf({"skills", "catalogue", "unconditioned", "replay"}, "default skills")},
                                   {"stages", oneOf({"compile", "all"}, "compile: no GPU, unmeasured")},
                                   {"skills", str("skill cards folder (default skills-yaml/)")},
                                   {"max_steps", integer("at most this many steps", 1)},
                                   {"timeout_s", integer("kill the search after this many seconds (default 3600)", 1)}},
                      {"kernel", "workload", "output_dir"})});
  return T;
}

// --- Argument checking against the schema -----------------------------------

/// Why \p V does not satisfy \p Schema (empty: it does). Covers what the
/// tools' schemas use: object/string/integer/boolean/array, enum, required,
/// additionalProperties, minimum, minItems/maxItems.
std::string mismatch(const json::Value &V, const json::Object &Schema, const std::string &Where) {
  StringRef Type = Schema.getString("type").value_or("");
  auto Named = [&](StringRef What) { return Where + " must be " + What.str(); };
  if (Type == "string") {
    if (!V.getAsString())
      return Named("a string");
    if (const json::Array *E = Schema.getArray("enum")) {
      for (const json::Value &X : *E)
        if (X.getAsString() == V.getAsString())
          return "";
      std::vector<std::string> Vs;
      for (const json::Value &X : *E)
        Vs.push_back(X.getAsString()->str());
      return Named("one of: " + join(Vs, ", "));
    }
    return "";
  }
  if (Type == "integer") {
    auto I = V.getAsInteger();
    if (!I)
      return Named("an integer");
    if (auto Min = Schema.getInteger("minimum"); Min && *I < *Min)
      return Named(formatv("at least {0}", *Min).str());
    return "";
  }
  if (Type == "boolean")
    return V.getAsBoolean() ? "" : Named("true or false");
  if (Type == "array") {
    const json::Array *A = V.getAsArray();
    if (!A)
      return Named("an array");
    if (auto Min = Schema.getInteger("minItems"); Min && int64_t(A->size()) < *Min)
      return Named(formatv("an array of at least {0} item(s)", *Min).str());
    if (auto Max = Schema.getInteger("maxItems"); Max && int64_t(A->size()) > *Max)
      return Named(formatv("an array of at most {0} item(s)", *Max).str());
    if (const json::Object *Items = Schema.getObject("items"))
      for (size_t I = 0; I < A->size(); ++I)
        if (std::string M = mismatch((*A)[I], *Items, Where + formatv("[{0}]", I).str()); !M.empty())
          return M;
    return "";
  }
  if (Type == "object") {
    const json::Object *O = V.getAsObject();
    if (!O)
      return Named("an object");
    const json::Object *Props = Schema.getObject("properties");
    // Unknown and mistyped arguments first: a misspelt name says more
    // than the required one it leaves missing.
    for (const auto &[K, X] : *O) {
      std::string At = Where.empty() ? "argument '" + K.str() + "'" : Where + "." + K.str();
      const json::Object *P = Props ? Props->getObject(K) : nullptr;
      if (!P) {
        const json::Value *Extra = Schema.get("additionalProperties");
        if (Extra && Extra->getAsObject()) {
          if (std::string M = mismatch(X, *Extra->getAsObject(), At); !M.empty())
            return M;
          continue;
        }
        std::vector<std::string> Known;
        if (Props)
          for (const auto &KV : *Props)
            Known.push_back(KV.first.str());
        llvm::sort(Known);
        return "unknown argument '" + K.str() + "' (known: " + join(Known, ", ") + ")";
      }
      if (std::string M = mismatch(X, *P, At); !M.empty())
        return M;
    }
    if (const json::Array *Req = Schema.getArray("required"))
      for (const json::Value &R : *Req)
        if (!O->get(*R.getAsString()))
          return "argument '" + R.getAsString()->str() + "' is required";
    return "";
  }
  return "";
}

// --- Tool results -------------------------------------------------------------

struct ToolError {
  std::string Message;
};

json::Value toolResult(json::Value Structured) {
  std::string Text = formatv("{0:2}", Structured).str();
  return json::Object{{"content", json::Array{json::Object{{"type", "text"}, {"text", Text}}}},
                      {"structuredContent", std::move(Structured)},
                      {"isError", false}};
}
json::Value toolError(std::string Message) {
  return json::Object{{"content", json::Array{json::Object{{"type", "text"}, {"text", Message}}}}, {"isError", true}};
}

std::vector<std::string> stringList(const json::Object &A, StringRef Key) {
  std::vector<std::string> Out;
  if (const json::Array *L = A.getArray(Key))
    for (const json::Value &V : *L)
      Out.push_back(V.getAsString()->str());
  return Out;
}
std::optional<StringRef> content(const json::Object &A) {
  if (auto C = A.getString("content"))
    return *C;
  return std::nullopt;
}

class McpServer {
public:
  McpServer(service::KernelService &Svc, std::string Klineage) : Service(Svc), Klineage(std::move(Klineage)) {}

  /// The reply to one request (null: a notification, no reply).
  std::optional<json::Value> handle(const json::Value &Msg) {
    const json::Object *O = Msg.getAsObject();
    if (!O)
      return rpcError(nullptr, -32600, "a JSON-RPC message must be an object");
    const json::Value *Id = O->get("id");
    auto Method = O->getString("method");
    if (!Method) {
      if (Id) // a reply to something we never asked
        return std::nullopt;
      return rpcError(nullptr, -32600, "no method");
    }
    if (!Id)
      return std::nullopt; // notifications: initialized, cancelled
    const json::Object *Params = O->getObject("params");
    if (*Method == "initialize")
      return reply(*Id, initialize(Params));
    if (*Method == "ping")
      return reply(*Id, json::Object{});
    if (*Method == "tools/list") {
      json::Array L;
      for (const Tool &T : Tools)
        L.push_back(json::Object{{"name", T.Name}, {"description", T.Description}, {"inputSchema", json::Object(T.Schema)}});
      return reply(*Id, json::Object{{"tools", std::move(L)}});
    }
    if (*Method == "tools/call") {
      auto Name = Params ? Params->getString("name") : std::nullopt;
      if (!Name)
        return rpcError(*Id, -32602, "tools/call needs params.name");
      const Tool *T = nullptr;
      for (const Tool &X : Tools)
        if (*Name == X.Name)
          T = &X;
      if (!T)
        return rpcError(*Id, -32602, "unknown tool '" + Name->str() + "'");
      json::Value Args = json::Object{};
      if (const json::Value *A = Params->get("arguments"))
        Args = *A;
      if (std::string M = mismatch(Args, T->Schema, ""); !M.empty())
        return reply(*Id, toolError(std::string(T->Name) + ": " + M));
      return reply(*Id, call(T->Name, *Args.getAsObject()));
    }
    return rpcError(*Id, -32601, "unknown method '" + Method->str() + "'");
  }

  static json::Value rpcError(json::Value Id, int Code, std::string Message) {
    return json::Object{{"jsonrpc", "2.0"}, {"id", std::move(Id)},
                        {"error", json::Object{{"code", Code}, {"message", Message}}}};
  }

private:
  static json::Value reply(const json::Value &Id, json::Value Result) {
    return json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}};
  }

  json::Value initialize(const json::Object *Params) {
    // Answer with the client's version when we speak it, else our latest.
    std::string Version = "2025-06-18";
    if (Params)
      if (auto V = Params->getString("protocolVersion"))
        for (StringRef Known : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
          if (*V == Known)
            Version = Known.str();
    return json::Object{{"protocolVersion", Version},
                        {"capabilities", json::Object{{"tools", json::Object{{"listChanged", false}}}}},
                        {"serverInfo", json::Object{{"name", "klineage-mcp"}, {"version", "1"}}},
                        {"instructions",
                         "KLineage: verified CUDA kernel rewrites with named preconditions, skill cards that say "
                         "when an optimization holds, and a gate that compiles, checks and times kernels. List "
                         "sites first; apply only applicable ones; gate every result."}};
  }

  json::Value call(StringRef Name, const json::Object &A) {
    if (Name == "list_sites")
      return listSites(A);
    if (Name == "check_skill")
      return checkSkill(A);
    if (Name == "apply_rewrite")
      return applyRewrite(A);
    if (Name == "run_gate")
      return runGate(A);
    return optimize(A);
  }

  json::Value listSites(const json::Object &A) {
    auto An = Service.analyze(*A.getString("file"), content(A), stringList(A, "assume"), /*WithSkills=*/false);
    if (!An)
      return toolError("list_sites: " + toString(An.takeError()));
    auto Rewrite = A.getString("rewrite");
    auto Dir = A.getString("direction");
    bool OnlyApplicable = A.getBoolean("applicable_only").value_or(false);
    json::Array Sites;
    for (const service::SiteEntry &E : An->Sites) {
      if ((Rewrite && E.S.Rewrite != *Rewrite) || (Dir && directionName(E.S.Dir) != *Dir))
        continue;
      if (OnlyApplicable && !E.S.applicable(false))
        continue;
      Sites.push_back(siteToJson(E.S, *E.Pair, false));
    }
    return toolResult(json::Object{{"file", A.getString("file")->str()},
                                   {"schema", SiteJsonVersion},
                                   {"count", int64_t(Sites.size())},
                                   {"sites", std::move(Sites)}});
  }

  json::Value checkSkill(const json::Object &A) {
    auto Card = skills::loadSkillCard(A.getString("skill")->str());
    if (!Card)
      return toolError("check_skill: " + toString(Card.takeError()));
    auto Hits = Service.checkCard(*Card, *A.getString("file"), content(A), stringList(A, "assume"));
    if (!Hits)
      return toolError("check_skill: " + toString(Hits.takeError()));
    json::Array V;
    bool Any = false;
    for (const service::SkillHit &H : *Hits) {
      json::Object O{{"descriptor", SiteDescriptor::of(H.S).str()},
                     {"line", H.S.Line},
                     {"column", H.S.Column},
                     {"function", H.S.Function},
                     {"status", statusName(H.St)}};
      if (H.St != Status::Holds) {
        O["precondition"] = H.Precondition;
        O["reason"] = H.Reason;
        if (!H.Assumable.empty())
          O["assume"] = H.Assumable;
      }
      Any |= H.St == Status::Holds;
      V.push_back(std::move(O));
    }
    return toolResult(json::Object{{"skill", Card->Id},
                                   {"rewrite", Card->Rewrite},
                                   {"intent", Card->Intent},
                                   {"holds_somewhere", Any},
                                   {"verdicts", std::move(V)}});
  }

  json::Value applyRewrite(const json::Object &A) {
    service::RewriteRequest Req;
    Req.Rewrite = A.getString("rewrite")->str();
    Req.Dir = *parseDirection(*A.getString("direction"));
    if (auto N = A.getInteger("site"))
      Req.Sel.Ids.push_back(unsigned(*N));
    if (auto D = A.getString("descriptor")) {
      auto Desc = SiteDescriptor::parse(*D);
      if (!Desc)
        return toolError("apply_rewrite: argument 'descriptor' is not a site descriptor: " + D->str());
      Req.Sel.Descriptors.push_back(*Desc);
    }
    Req.Assume = stringList(A, "assume");
    if (const json::Object *Opts = A.getObject("options"))
      for (const auto &[K, V] : *Opts)
        Req.Options[K.str()] = V.getAsString()->str();
    StringRef File = *A.getString("file");
    std::optional<std::string> Output;
    if (auto P = A.getString("output")) {
      if (sys::fs::equivalent(*P, File) || *P == File)
        return toolError("apply_rewrite: 'output' is the input file; the input is never rewritten in place");
      Output = P->str();
    }
    auto R = Service.apply(File, content(A), Req);
    if (!R)
      return toolError("apply_rewrite: " + toString(R.takeError()));
    json::Array Applied, Refused, Failed, Edits;
    for (const Site &S : R->Applied)
      Applied.push_back(SiteDescriptor::of(S).str());
    const RewritePair *Pair = service::findPair(Req.Rewrite);
    for (const Site &S : R->Refused) {
      json::Object O{{"descriptor", SiteDescriptor::of(S).str()}, {"line", S.Line}};
      if (const PreconditionResult *B = S.blocker(false)) {
        O["blocked_by"] = B->Name;
        O["status"] = statusName(B->St);
        O["reason"] = B->Reason;
        if (unsigned Id = diagIdFor(*Pair, B->Name))
          O["diagnostic"] = "KL" + std::to_string(Id);
        if (!B->Assumable.empty())
          O["assume"] = B->Assumable;
      }
      Refused.push_back(std::move(O));
    }
    for (const auto &[Desc, Reason] : R->Failed)
      Failed.push_back(json::Object{{"descriptor", Desc}, {"reason", Reason}});
    for (const service::LineEdit &E : R->Edits)
      Edits.push_back(json::Object{{"start_line", E.StartLine + 1}, {"end_line", E.EndLine + 1}, {"new_text", E.NewText}});
    json::Object Out{{"outcome", outcomeName(R->Outcome)},
                     {"applied", std::move(Applied)},
                     {"refused", std::move(Refused)},
                     {"failed", std::move(Failed)}};
    if (R->Outcome == ApplyResult::Applied) {
      Out["text"] = R->Text;
      Out["edits"] = std::move(Edits);
      if (Output) {
        if (Error E = writeFilesAtomically({FileToWrite{*Output, R->Text}}))
          return toolError("apply_rewrite: cannot write " + *Output + ": " + toString(std::move(E)));
        Out["written"] = *Output;
      }
    }
    return toolResult(std::move(Out));
  }

  /// Runs `klineage ARGS` with a time limit; its exit code (-1: it did not
  /// finish) and the tail of what it printed.
  std::pair<int, std::string> runKlineage(std::vector<std::string> Args, unsigned TimeoutS) {
    SmallString<128> Log;
    sys::fs::createTemporaryFile("klineage-mcp", "log", Log);
    std::vector<StringRef> Argv{Klineage};
    for (const std::string &S : Args)
      Argv.push_back(S);
    std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Log), StringRef(Log)};
    std::string Err;
    int Rc = sys::ExecuteAndWait(Klineage, Argv, std::nullopt, Redirects, TimeoutS, 0, &Err);
    std::string Text;
    if (auto B = MemoryBuffer::getFile(Log))
      Text = (*B)->getBuffer().take_back(6000).str();
    sys::fs::remove(Log);
    if (Rc < 0)
      Text += "\n" + (Err.empty() ? std::string("klineage did not finish") : Err);
    return {Rc, Text};
  }

  json::Value runGate(const json::Object &A) {
    std::vector<std::string> Args{"gate"};
    for (const std::string &C : stringList(A, "candidates")) {
      if (!sys::fs::exists(C))
        return toolError("run_gate: no such file: " + C);
      Args.push_back(C);
    }
    StringRef Workload = *A.getString("workload");
    if (!sys::fs::exists(Workload))
      return toolError("run_gate: no such workload manifest: " + Workload.str());
    SmallString<128> Json;
    sys::fs::createTemporaryFile("klineage-mcp-gate", "json", Json);
    Args.insert(Args.end(), {"--workload", Workload.str(), "--json", std::string(Json), "--stages",
                             A.getString("stages").value_or("all").str()});
    if (auto R = A.getInteger("repeat"))
      Args.insert(Args.end(), {"--repeat", std::to_string(*R)});
    auto [Rc, Log] = runKlineage(Args, unsigned(A.getInteger("timeout_s").value_or(1800)));
    json::Value Report = nullptr;
    if (auto B = MemoryBuffer::getFile(Json)) {
      if (auto J = json::parse((*B)->getBuffer()))
        Report = std::move(*J);
      else
        consumeError(J.takeError());
    }
    sys::fs::remove(Json);
    const char *Meaning = Rc == 0   ? "accepted"
                          : Rc == 2 ? "rejected"
                          : Rc == 3 ? "compile passed; runtime stages skipped (no GPU)"
                          : Rc == 1 ? "usage or manifest error"
                          : Rc < 0  ? "timed out or crashed"
                                    : "gate-internal error";
    if (Rc == 1 || Rc == 4 || Rc < 0)
      return toolError(formatv("run_gate: {0} (exit {1})\n{2}", Meaning, Rc, Log).str());
    return toolResult(json::Object{{"exit_code", Rc},
                                   {"verdict", Meaning},
                                   {"stages", A.getString("stages").value_or("all").str()},
                                   {"report", std::move(Report)},
                                   {"log", Log}});
  }

  json::Value optimize(const json::Object &A) {
    StringRef Kernel = *A.getString("kernel"), Workload = *A.getString("workload");
    StringRef Dir = *A.getString("output_dir");
    for (StringRef F : {Kernel, Workload})
      if (!sys::fs::exists(F))
        return toolError("optimize: no such file: " + F.str());
    std::vector<std::string> Args{"optimize", Kernel.str(), "--workload", Workload.str(), "-o", Dir.str()};
    if (auto B = A.getInteger("budget"))
      Args.insert(Args.end(), {"--budget", std::to_string(*B)});
    if (auto M = A.getString("method"))
      Args.insert(Args.end(), {"--method", M->str()});
    if (auto S = A.getString("stages"))
      Args.insert(Args.end(), {"--stages", S->str()});
    if (auto S = A.getString("skills"))
      Args.insert(Args.end(), {"--skills", S->str()});
    if (auto N = A.getInteger("max_steps"))
      Args.insert(Args.end(), {"--max-steps", std::to_string(*N)});
    auto [Rc, Log] = runKlineage(Args, unsigned(A.getInteger("timeout_s").value_or(3600)));
    SmallString<256> Record(Dir);
    sys::path::append(Record, "lineage.json");
    json::Object Out{{"exit_code", Rc}, {"log", Log}};
    if (auto B = MemoryBuffer::getFile(Record)) {
      if (auto J = json::parse((*B)->getBuffer())) {
        if (const json::Object *R = J->getAsObject()) {
          for (StringRef K : {"method", "budget", "gate_evaluations", "compile_rejected", "best", "speedup", "measured"})
            if (const json::Value *V = R->get(K))
              Out[K] = *V;
          if (const json::Array *Steps = R->getArray("steps")) {
            json::Array S;
            for (const json::Value &X : *Steps)
              if (const json::Object *St = X.getAsObject())
                S.push_back(json::Object{{"rewrite", St->getString("rewrite").value_or("").str()},
                                         {"speedup", St->get("speedup") ? *St->get("speedup") : json::Value(nullptr)}});
            Out["steps"] = std::move(S);
          }
        }
      } else {
        consumeError(J.takeError());
      }
      SmallString<256> Best(Dir);
      sys::path::append(Best, "best.cu");
      if (sys::fs::exists(Best))
        Out["best_kernel"] = std::string(Best);
    }
    if (Rc != 0 && !Out.get("best_kernel"))
      return toolError(formatv("optimize: klineage optimize exited {0}\n{1}", Rc, Log).str());
    return toolResult(std::move(Out));
  }

  service::KernelService &Service;
  std::string Klineage;
  const std::vector<Tool> Tools = tools(); ///< their schemas, built once
};

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(Argc, Argv,
                              "klineage-mcp: a Model Context Protocol server (stdio) exposing KLineage's rewrites, "
                              "skills, gate and optimizer to agents (docs/integrations.md)\n");
  auto SO = commandSessionOptions(Argv[0], CudaPath, ResourceDir, Arch, AssumeFacts);
  if (!SO) {
    errs() << "klineage-mcp: error: " << toString(SO.takeError()) << "\n";
    return 1;
  }
  std::string Klineage = KlineageExe;
  if (Klineage.empty()) {
    std::string Exe = sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&tools));
    SmallString<256> P(sys::path::parent_path(Exe));
    sys::path::append(P, "klineage");
    Klineage = std::string(P);
  }
  service::ServiceOptions O;
  O.Session = std::move(*SO);
  O.BaseAssume = AssumeFacts;
  service::KernelService Svc(std::move(O));
  McpServer Server(Svc, Klineage);
  // stdout carries only protocol messages: one JSON object per line.
  std::string Line;
  while (std::getline(std::cin, Line)) {
    if (StringRef(Line).trim().empty())
      continue;
    std::optional<json::Value> Reply;
    if (auto Msg = json::parse(Line))
      Reply = Server.handle(*Msg);
    else
      Reply = McpServer::rpcError(nullptr, -32700, "parse error: " + toString(Msg.takeError()));
    if (Reply) {
      outs() << formatv("{0}", *Reply) << "\n";
      outs().flush();
    }
  }
  return 0;
}
