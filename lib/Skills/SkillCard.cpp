//===- SkillCard.cpp - Load and write skill cards (YAML, schema 1) ---------===//
#include "klineage/Skills/SkillCard.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <yaml-cpp/yaml.h>

using namespace llvm;

namespace klineage {
namespace skills {

namespace {

struct CardError {
  int Line = 0, Col = 0;
  std::string Msg;
};

[[noreturn]] void fail(const YAML::Node &N, const std::string &Msg) {
  CardError E;
  E.Msg = Msg;
  if (N.IsDefined() && N.Mark().line >= 0) {
    E.Line = N.Mark().line + 1;
    E.Col = N.Mark().column + 1;
  }
  throw E;
}

void checkKeys(const YAML::Node &Map, std::initializer_list<const char *> Allowed, const std::string &Where) {
  if (!Map.IsMap())
    fail(Map, Where + " must be a mapping");
  for (auto It = Map.begin(); It != Map.end(); ++It) {
    std::string K = It->first.Scalar();
    bool Ok = false;
    std::string List;
    for (const char *A : Allowed) {
      Ok |= K == A;
      List += (List.empty() ? "" : ", ") + std::string(A);
    }
    if (!Ok)
      fail(It->first, "unknown key '" + K + "' in " + Where + " (expected one of: " + List + ")");
  }
}

std::string str(const YAML::Node &Map, const char *Key, const std::string &Where, bool Required) {
  YAML::Node N = Map[Key];
  if (!N.IsDefined() || N.IsNull()) {
    if (Required)
      fail(Map, Where + " needs '" + Key + "'");
    return "";
  }
  if (!N.IsScalar())
    fail(N, Where + "." + Key + " must be a scalar");
  return N.Scalar();
}

double num(const YAML::Node &Map, const char *Key, const std::string &Where) {
  YAML::Node N = Map[Key];
  if (!N.IsDefined())
    return 0;
  if (!N.IsScalar())
    fail(N, Where + "." + Key + " must be a number");
  char *End = nullptr;
  double V = strtod(N.Scalar().c_str(), &End);
  if (End == N.Scalar().c_str() || *End || !std::isfinite(V))
    fail(N, Where + "." + Key + " must be a finite number, not '" + N.Scalar() + "'");
  return V;
}

std::map<std::string, std::string> strMap(const YAML::Node &N, const std::string &Where) {
  std::map<std::string, std::string> Out;
  if (!N.IsDefined() || N.IsNull())
    return Out;
  if (!N.IsMap())
    fail(N, Where + " must be a mapping");
  for (auto It = N.begin(); It != N.end(); ++It) {
    if (!It->second.IsScalar())
      fail(It->second, Where + "." + It->first.Scalar() + " must be a scalar");
    Out[It->first.Scalar()] = It->second.Scalar();
  }
  return Out;
}

SkillCard parseCard(const YAML::Node &Root) {
  SkillCard C;
  if (!Root.IsMap())
    fail(Root, "a skill card must be a mapping (docs/skills.md)");
  checkKeys(Root, {"schema", "id", "intent", "rewrite", "direction", "options", "site", "conditions", "effect",
                   "risks", "evidence"},
            "the card");
  YAML::Node Schema = Root["schema"];
  if (!Schema.IsDefined())
    fail(Root, "the card needs 'schema' (1)");
  if (!Schema.IsScalar() || Schema.Scalar() != std::to_string(SkillSchemaVersion))
    fail(Schema, "unsupported schema '" + (Schema.IsScalar() ? Schema.Scalar() : std::string("?")) +
                     "' (this tool reads schema " + std::to_string(SkillSchemaVersion) + ")");
  C.Id = str(Root, "id", "the card", true);
  C.Intent = str(Root, "intent", "the card", true);
  C.Rewrite = str(Root, "rewrite", "the card", true);
  C.Direction = str(Root, "direction", "the card", true);
  if (C.Direction != "forward" && C.Direction != "reverse")
    fail(Root["direction"], "direction must be forward or reverse, not '" + C.Direction + "'");
  C.Options = strMap(Root["options"], "options");

  YAML::Node Site = Root["site"];
  if (!Site.IsDefined())
    fail(Root, "the card needs 'site'");
  checkKeys(Site, {"kind", "function", "pattern", "before", "after"}, "site");
  C.SiteKind = str(Site, "kind", "site", true);
  C.SiteFunction = str(Site, "function", "site", false);
  C.SitePattern = str(Site, "pattern", "site", false);
  C.Before = str(Site, "before", "site", false);
  C.After = str(Site, "after", "site", false);

  YAML::Node Cond = Root["conditions"];
  if (!Cond.IsDefined())
    fail(Root, "the card needs 'conditions'");
  checkKeys(Cond, {"preconditions", "context"}, "conditions");
  YAML::Node Pre = Cond["preconditions"];
  if (Pre.IsDefined() && !Pre.IsNull()) {
    if (!Pre.IsSequence())
      fail(Pre, "conditions.preconditions must be a list");
    for (const YAML::Node &P : Pre) {
      checkKeys(P, {"name", "status", "reason", "assumable"}, "a precondition");
      SkillCondition X{str(P, "name", "a precondition", true), str(P, "status", "a precondition", true),
                       str(P, "reason", "a precondition", false), str(P, "assumable", "a precondition", false)};
      if (X.Status != "holds" && X.Status != "fails" && X.Status != "unknown")
        fail(P["status"], "status must be holds, fails or unknown, not '" + X.Status + "'");
      C.Preconditions.push_back(std::move(X));
    }
  }
  C.Context = strMap(Cond["context"], "conditions.context");

  YAML::Node Eff = Root["effect"];
  if (!Eff.IsDefined())
    fail(Root, "the card needs 'effect'");
  checkKeys(Eff, {"measured", "speedup", "range", "gpu", "size"}, "effect");
  std::string Measured = str(Eff, "measured", "effect", true);
  if (Measured != "true" && Measured != "false")
    fail(Eff["measured"], "effect.measured must be true or false");
  C.Measured = Measured == "true";
  C.Speedup = num(Eff, "speedup", "effect");
  if (C.Measured && !(C.Speedup > 0))
    fail(Eff, "a measured effect needs a positive 'speedup'");
  if (YAML::Node R = Eff["range"]; R.IsDefined()) {
    if (!R.IsSequence() || R.size() != 2)
      fail(R, "effect.range must be [low, high]");
    C.SpeedupLow = R[0].as<double>();
    C.SpeedupHigh = R[1].as<double>();
  }
  C.Gpu = str(Eff, "gpu", "effect", false);
  C.Size = str(Eff, "size", "effect", false);

  YAML::Node Risks = Root["risks"];
  if (Risks.IsDefined() && !Risks.IsNull()) {
    if (!Risks.IsSequence())
      fail(Risks, "risks must be a list");
    for (const YAML::Node &R : Risks) {
      checkKeys(R, {"precondition", "description", "probe", "kernel", "outcome"}, "a risk");
      SkillRisk X;
      X.Precondition = str(R, "precondition", "a risk", true);
      X.Description = str(R, "description", "a risk", false);
      X.Probe = str(R, "probe", "a risk", true);
      if (X.Probe != "unprobed" && X.Probe != "probed")
        fail(R["probe"], "probe must be probed or unprobed, not '" + X.Probe + "'");
      X.Kernel = str(R, "kernel", "a risk", false);
      X.Outcome = str(R, "outcome", "a risk", X.Probe == "probed");
      C.Risks.push_back(std::move(X));
    }
  }
  YAML::Node Ev = Root["evidence"];
  if (!Ev.IsDefined())
    fail(Root, "the card needs 'evidence'");
  checkKeys(Ev, {"lineage", "step", "commit", "gate_report"}, "evidence");
  C.Lineage = str(Ev, "lineage", "evidence", true);
  C.Step = int(num(Ev, "step", "evidence"));
  C.Commit = str(Ev, "commit", "evidence", false);
  C.GateReport = str(Ev, "gate_report", "evidence", false);
  return C;
}

/// The lines of \p Code without their common indentation.
std::string dedent(StringRef Code) {
  SmallVector<StringRef, 32> Lines;
  Code.split(Lines, '\n');
  size_t Common = StringRef::npos;
  for (StringRef L : Lines)
    if (!L.trim().empty())
      Common = std::min(Common, L.size() - L.ltrim(" ").size());
  if (Common == StringRef::npos)
    Common = 0;
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    Out += L.trim().empty() ? "" : L.drop_front(std::min(Common, L.size())).str();
    if (I + 1 < Lines.size())
      Out += "\n";
  }
  return Out;
}

/// A code excerpt as a literal block where YAML can hold it: a literal block
/// takes its indentation from its first line, which yaml-cpp cannot declare
/// otherwise, so an excerpt whose first line is indented deeper than a later
/// one is written double-quoted.
void emitCode(YAML::Emitter &E, const char *Key, StringRef Code) {
  std::string Text = dedent(Code);
  E << YAML::Key << Key << YAML::Value;
  if (!Text.empty() && (Text[0] == ' ' || Text[0] == '\t'))
    E << YAML::DoubleQuoted << Text;
  else
    E << YAML::Literal << Text;
}

} // namespace

std::vector<std::string> skillCardFiles(StringRef Root) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC; It.increment(EC))
    if (StringRef(It->path()).ends_with(".yaml") && It.level() <= 1 &&
        sys::path::filename(It->path()) != "README.yaml")
      Out.push_back(It->path());
  llvm::sort(Out);
  return Out;
}

Expected<SkillCard> loadSkillCard(const std::string &Path) {
  try {
    YAML::Node Root = YAML::LoadFile(Path);
    SkillCard C = parseCard(Root);
    C.Path = Path;
    return C;
  } catch (const CardError &E) {
    return createStringError(inconvertibleErrorCode(),
                             formatv("{0}:{1}:{2}: error: {3}", Path, E.Line, E.Col, E.Msg).str());
  } catch (const YAML::BadFile &) {
    return createStringError(inconvertibleErrorCode(), Path + ": error: cannot read the file");
  } catch (const YAML::Exception &E) {
    return createStringError(inconvertibleErrorCode(), formatv("{0}:{1}:{2}: error: {3}", Path, E.mark.line + 1,
                                                               E.mark.column + 1, E.msg)
                                                           .str());
  }
}

std::string emitSkillCard(const SkillCard &C) {
  YAML::Emitter E;
  E << YAML::BeginMap;
  E << YAML::Key << "schema" << YAML::Value << C.Schema;
  E << YAML::Key << "id" << YAML::Value << C.Id;
  E << YAML::Key << "intent" << YAML::Value << C.Intent;
  E << YAML::Key << "rewrite" << YAML::Value << C.Rewrite;
  E << YAML::Key << "direction" << YAML::Value << C.Direction;
  E << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
  for (auto &KV : C.Options)
    E << YAML::Key << KV.first << YAML::Value << KV.second;
  E << YAML::EndMap;
  E << YAML::Key << "site" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "kind" << YAML::Value << C.SiteKind;
  E << YAML::Key << "function" << YAML::Value << C.SiteFunction;
  E << YAML::Key << "pattern" << YAML::Value << C.SitePattern;
  emitCode(E, "before", C.Before);
  emitCode(E, "after", C.After);
  E << YAML::EndMap;
  E << YAML::Key << "conditions" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "preconditions" << YAML::Value << YAML::BeginSeq;
  for (const SkillCondition &P : C.Preconditions) {
    E << YAML::BeginMap << YAML::Key << "name" << YAML::Value << P.Name << YAML::Key << "status" << YAML::Value
      << P.Status << YAML::Key << "reason" << YAML::Value << P.Reason;
    if (!P.Assumable.empty())
      E << YAML::Key << "assumable" << YAML::Value << P.Assumable;
    E << YAML::EndMap;
  }
  E << YAML::EndSeq;
  E << YAML::Key << "context" << YAML::Value << YAML::BeginMap;
  for (auto &KV : C.Context)
    E << YAML::Key << KV.first << YAML::Value << KV.second;
  E << YAML::EndMap << YAML::EndMap;
  E << YAML::Key << "effect" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "measured" << YAML::Value << (C.Measured ? "true" : "false");
  if (C.Measured) {
    E << YAML::Key << "speedup" << YAML::Value << formatv("{0:F4}", C.Speedup).str();
    E << YAML::Key << "range" << YAML::Value << YAML::Flow << YAML::BeginSeq << formatv("{0:F4}", C.SpeedupLow).str()
      << formatv("{0:F4}", C.SpeedupHigh).str() << YAML::EndSeq;
  }
  if (!C.Gpu.empty())
    E << YAML::Key << "gpu" << YAML::Value << C.Gpu;
  if (!C.Size.empty())
    E << YAML::Key << "size" << YAML::Value << C.Size;
  E << YAML::EndMap;
  E << YAML::Key << "risks" << YAML::Value << YAML::BeginSeq;
  for (const SkillRisk &R : C.Risks) {
    E << YAML::BeginMap << YAML::Key << "precondition" << YAML::Value << R.Precondition;
    if (!R.Description.empty())
      E << YAML::Key << "description" << YAML::Value << R.Description;
    E << YAML::Key << "probe" << YAML::Value << R.Probe;
    if (!R.Kernel.empty())
      E << YAML::Key << "kernel" << YAML::Value << R.Kernel;
    if (!R.Outcome.empty())
      E << YAML::Key << "outcome" << YAML::Value << R.Outcome;
    E << YAML::EndMap;
  }
  E << YAML::EndSeq;
  E << YAML::Key << "evidence" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "lineage" << YAML::Value << C.Lineage;
  E << YAML::Key << "step" << YAML::Value << C.Step;
  E << YAML::Key << "commit" << YAML::Value << C.Commit;
  if (!C.GateReport.empty())
    E << YAML::Key << "gate_report" << YAML::Value << C.GateReport;
  E << YAML::EndMap;
  E << YAML::EndMap;
  return std::string("# A KLineage skill card (docs/skills.md, schema 1).\n") + E.c_str() + "\n";
}

} // namespace skills
} // namespace klineage
