//===- Evaluate.cpp - The optimizer against its baselines ----------------===//
#include "klineage/Optimizer/Evaluate.h"
#include "klineage/Lineage/Lineage.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <map>
#include <yaml-cpp/yaml.h>

using namespace llvm;

namespace klineage {
namespace optimizer {

namespace {

std::string at(const std::string &Path, const YAML::Mark &M) {
  return formatv("{0}:{1}:{2}", Path, M.line + 1, M.column + 1).str();
}

} // namespace

Expected<std::vector<EvalKernel>> loadEvaluationSet(const std::string &Path) {
  YAML::Node Root;
  try {
    Root = YAML::LoadFile(Path);
  } catch (const YAML::BadFile &) {
    return createStringError(inconvertibleErrorCode(), "cannot read " + Path);
  } catch (const YAML::Exception &E) {
    return createStringError(inconvertibleErrorCode(), at(Path, E.mark) + ": " + E.msg);
  }
  SmallString<256> Base(Path);
  sys::fs::make_absolute(Base);
  sys::path::remove_filename(Base);
  auto Abs = [&](const std::string &P) {
    SmallString<256> S(P);
    if (!sys::path::is_absolute(S)) {
      S = Base;
      sys::path::append(S, P);
    }
    sys::path::remove_dots(S, true);
    return std::string(S);
  };
  std::vector<EvalKernel> Out;
  try {
    if (!Root.IsMap() || !Root["kernels"] || !Root["kernels"].IsSequence())
      return createStringError(inconvertibleErrorCode(),
                               at(Path, Root.Mark()) + ": an evaluation set is a map with a 'kernels' list");
    for (const YAML::Node &K : Root["kernels"]) {
      if (!K.IsMap())
        return createStringError(inconvertibleErrorCode(), at(Path, K.Mark()) + ": a kernel is a map");
      for (const auto &KV : K) {
        std::string Key = KV.first.as<std::string>();
        if (Key != "name" && Key != "kernel" && Key != "workload" && Key != "assume")
          return createStringError(inconvertibleErrorCode(),
                                   at(Path, KV.first.Mark()) + ": unknown key '" + Key +
                                       "' (name, kernel, workload, assume)");
      }
      EvalKernel E;
      for (const char *Need : {"name", "kernel", "workload"})
        if (!K[Need] || !K[Need].IsScalar())
          return createStringError(inconvertibleErrorCode(),
                                   at(Path, K.Mark()) + ": a kernel needs '" + Need + "'");
      E.Name = K["name"].as<std::string>();
      E.Kernel = Abs(K["kernel"].as<std::string>());
      E.Manifest = Abs(K["workload"].as<std::string>());
      if (const YAML::Node &A = K["assume"]) {
        if (!A.IsSequence())
          return createStringError(inconvertibleErrorCode(), at(Path, A.Mark()) + ": 'assume' is a list of facts");
        for (const YAML::Node &F : A)
          E.Assume.push_back(F.as<std::string>());
      }
      for (const std::string *F : {&E.Kernel, &E.Manifest})
        if (!sys::fs::exists(*F))
          return createStringError(inconvertibleErrorCode(), at(Path, K.Mark()) + ": no such file: " + *F);
      if (llvm::any_of(Out, [&](const EvalKernel &X) { return X.Name == E.Name; }))
        return createStringError(inconvertibleErrorCode(),
                                 at(Path, K["name"].Mark()) + ": the name '" + E.Name + "' is used twice");
      Out.push_back(std::move(E));
    }
  } catch (const YAML::Exception &E) {
    return createStringError(inconvertibleErrorCode(), at(Path, E.mark) + ": " + E.msg);
  }
  if (Out.empty())
    return createStringError(inconvertibleErrorCode(), Path + ": no kernels");
  return Out;
}

json::Object evaluationTable(const std::vector<EvalRun> &Runs) {
  json::Array Rows;
  struct Agg {
    double LogSum = 0;
    unsigned Timed = 0, Runs = 0, Wrong = 0, CompileRejected = 0, Evals = 0, To95Sum = 0, Failed = 0;
  };
  std::map<std::string, Agg> ByMethod;
  std::vector<std::string> Methods;
  for (const EvalRun &R : Runs) {
    if (!is_contained(Methods, R.Method))
      Methods.push_back(R.Method);
    Agg &A = ByMethod[R.Method];
    ++A.Runs;
    json::Object Row{{"kernel", R.Kernel}, {"method", R.Method}, {"dir", R.Dir}};
    if (!R.Record) {
      Row["error"] = R.Error;
      ++A.Failed;
      Rows.push_back(std::move(Row));
      continue;
    }
    const json::Object &Rec = *R.Record;
    const json::Array *Steps = Rec.getArray("steps");
    size_t N = Steps ? Steps->size() : 0;
    Row["steps"] = int64_t(N);
    Row["status"] = Rec.getString("status").value_or("").str();
    Row["measured"] = Rec.getBoolean("measured").value_or(false);
    unsigned Evals = unsigned(Rec.getInteger("gate_evaluations").value_or(0));
    unsigned Wrong = unsigned(Rec.getInteger("wrong_kernels").value_or(0));
    unsigned CRej = unsigned(Rec.getInteger("compile_rejected").value_or(0));
    Row["gate_evaluations"] = Evals;
    Row["wrong_kernels"] = Wrong;
    Row["compile_rejected"] = CRej;
    A.Evals += Evals;
    A.Wrong += Wrong;
    A.CompileRejected += CRej;
    json::Array Rewrites;
    for (size_t I = 0; I < N; ++I)
      Rewrites.push_back((*Steps)[I].getAsObject()->getString("rewrite").value_or("").str());
    Row["rewrites"] = std::move(Rewrites);
    double In = Rec.getNumber("input_ms").value_or(-1);
    const json::Object *Last = N ? (*Steps)[N - 1].getAsObject() : nullptr;
    double Final = Last ? Last->getNumber("after_ms").value_or(-1) : In;
    const json::Object *FinalProfile = Last ? Last->getObject("after_profile") : Rec.getObject("input_profile");
    if (In > 0 && Final > 0) {
      Row["input_ms"] = In;
      Row["final_ms"] = Final;
      Row["speedup"] = In / Final;
      A.LogSum += std::log(In / Final);
      ++A.Timed;
      if (auto B = lineage::boundOf(FinalProfile)) {
        Row["ceiling"] = B->Kind;
        Row["pct_of_ceiling"] = B->Pct;
      }
      // Evaluations until the search first held a kernel within 5% of its final time.
      unsigned To95 = 0;
      for (size_t I = 0; I < N; ++I) {
        const json::Object *S = (*Steps)[I].getAsObject();
        if (S->getNumber("after_ms").value_or(1e300) <= Final / 0.95) {
          To95 = unsigned(S->getInteger("gate_evaluations").value_or(0));
          break;
        }
      }
      Row["evaluations_to_95pct"] = To95;
      A.To95Sum += To95;
    }
    Rows.push_back(std::move(Row));
  }
  json::Array PerMethod;
  for (const std::string &M : Methods) {
    const Agg &A = ByMethod[M];
    json::Object X{{"method", M},
                   {"runs", A.Runs},
                   {"timed", A.Timed},
                   {"failed", A.Failed},
                   {"gate_evaluations", A.Evals},
                   {"wrong_kernels", A.Wrong},
                   {"compile_rejected", A.CompileRejected}};
    if (A.Timed) {
      X["geomean_speedup"] = std::exp(A.LogSum / A.Timed);
      X["mean_evaluations_to_95pct"] = double(A.To95Sum) / A.Timed;
    }
    PerMethod.push_back(std::move(X));
  }
  json::Object Out{{"schema", "klineage-evaluation/1"}, {"rows", std::move(Rows)}, {"methods", std::move(PerMethod)}};
  // The compass: skills against the unconditioned baseline.
  auto Geo = [&](StringRef M) -> std::optional<double> {
    auto It = ByMethod.find(M.str());
    if (It == ByMethod.end() || !It->second.Timed)
      return std::nullopt;
    return std::exp(It->second.LogSum / It->second.Timed);
  };
  if (auto S = Geo("skills"), U = Geo("unconditioned"); S && U)
    Out["skills_over_unconditioned"] = *S / *U;
  return Out;
}

std::string evaluationMarkdown(const json::Object &Table) {
  std::string S;
  raw_string_ostream OS(S);
  auto Num = [](const json::Object &O, StringRef K, const char *Fmt) -> std::string {
    if (auto V = O.getNumber(K))
      return formatv(Fmt, *V).str();
    return "-";
  };
  OS << "| kernel | method | steps | rewrites | input | final | speedup | of the ceiling | evaluations | to 95% "
        "| wrong | compile-rejected |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  if (const json::Array *Rows = Table.getArray("rows"))
    for (const json::Value &V : *Rows) {
      const json::Object &R = *V.getAsObject();
      OS << "| " << R.getString("kernel").value_or("") << " | " << R.getString("method").value_or("") << " | ";
      if (auto E = R.getString("error")) {
        OS << "error: " << *E << " | | | | | | | | | |\n";
        continue;
      }
      std::vector<std::string> Rw;
      if (const json::Array *A = R.getArray("rewrites"))
        for (const json::Value &X : *A)
          Rw.push_back(X.getAsString().value_or("").str());
      std::string Ceil = R.getNumber("pct_of_ceiling")
                             ? formatv("{0:F1}% {1}", *R.getNumber("pct_of_ceiling"),
                                       R.getString("ceiling").value_or(""))
                                   .str()
                             : "-";
      OS << R.getInteger("steps").value_or(0) << " | " << (Rw.empty() ? "-" : join(Rw, ", ")) << " | "
         << Num(R, "input_ms", "{0:F4} ms") << " | "
         << (R.getNumber("final_ms") ? Num(R, "final_ms", "{0:F4} ms")
                                     : std::string(R.getBoolean("measured").value_or(false) ? "-" : "unmeasured"))
         << " | " << Num(R, "speedup", "{0:F3}x") << " | " << Ceil << " | "
         << R.getInteger("gate_evaluations").value_or(0) << " | "
         << (R.getInteger("evaluations_to_95pct") ? std::to_string(*R.getInteger("evaluations_to_95pct")) : "-")
         << " | " << R.getInteger("wrong_kernels").value_or(0) << " | "
         << R.getInteger("compile_rejected").value_or(0) << " |\n";
    }
  OS << "\n| method | runs | timed | geomean speedup | mean evaluations to 95% | evaluations | wrong | "
        "compile-rejected | failed |\n|---|---|---|---|---|---|---|---|---|\n";
  if (const json::Array *Ms = Table.getArray("methods"))
    for (const json::Value &V : *Ms) {
      const json::Object &M = *V.getAsObject();
      OS << "| " << M.getString("method").value_or("") << " | " << M.getInteger("runs").value_or(0) << " | "
         << M.getInteger("timed").value_or(0) << " | " << Num(M, "geomean_speedup", "{0:F3}x") << " | "
         << Num(M, "mean_evaluations_to_95pct", "{0:F1}") << " | " << M.getInteger("gate_evaluations").value_or(0)
         << " | " << M.getInteger("wrong_kernels").value_or(0) << " | "
         << M.getInteger("compile_rejected").value_or(0) << " | " << M.getInteger("failed").value_or(0) << " |\n";
    }
  if (auto X = Table.getNumber("skills_over_unconditioned"))
    OS << formatv("\nskills over unconditioned (geomean speedup ratio): {0:F3}x\n", *X);
  return OS.str();
}

} // namespace optimizer
} // namespace klineage
