//===- Manifest.cpp - Workload manifest loading and validation ------------===//
#include "klineage/Gate/Manifest.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <yaml-cpp/yaml.h>
#include <cmath>
#include <sstream>

using namespace llvm;

namespace klineage {
namespace gate {

const char *elemTypeName(ElemType T) {
  switch (T) {
  case ElemType::F32: return "f32";
  case ElemType::F64: return "f64";
  case ElemType::F16: return "f16";
  case ElemType::BF16: return "bf16";
  case ElemType::I8: return "i8";
  case ElemType::U8: return "u8";
  case ElemType::I32: return "i32";
  case ElemType::U32: return "u32";
  case ElemType::I64: return "i64";
  case ElemType::U64: return "u64";
  }
  return "?";
}
const char *elemTypeCxx(ElemType T) {
  switch (T) {
  case ElemType::F32: return "float";
  case ElemType::F64: return "double";
  case ElemType::F16: return "__half";
  case ElemType::BF16: return "__nv_bfloat16";
  case ElemType::I8: return "signed char";
  case ElemType::U8: return "unsigned char";
  case ElemType::I32: return "int";
  case ElemType::U32: return "unsigned int";
  case ElemType::I64: return "long long";
  case ElemType::U64: return "unsigned long long";
  }
  return "?";
}
const char *refElemTypeCxx(ElemType T) {
  return isFloatType(T) ? "double" : elemTypeCxx(T);
}
bool isFloatType(ElemType T) {
  return T == ElemType::F32 || T == ElemType::F64 || T == ElemType::F16 ||
         T == ElemType::BF16;
}
unsigned elemSize(ElemType T) {
  switch (T) {
  case ElemType::F64: case ElemType::I64: case ElemType::U64: return 8;
  case ElemType::F32: case ElemType::I32: case ElemType::U32: return 4;
  case ElemType::F16: case ElemType::BF16: return 2;
  case ElemType::I8: case ElemType::U8: return 1;
  }
  return 4;
}
const char *paramKindName(ParamKind K) {
  switch (K) {
  case ParamKind::Scalar: return "scalar";
  case ParamKind::Input: return "input";
  case ParamKind::Output: return "output";
  case ParamKind::InOut: return "inout";
  }
  return "?";
}

std::string SizePoint::label() const {
  std::string S;
  for (auto &KV : Vars) {
    if (!S.empty())
      S += ",";
    S += KV.first + "=" + std::to_string(KV.second);
  }
  return S;
}

Expected<int64_t> Manifest::count(const Param &P, const SizePoint &S) const {
  return evalExpr(P.CountExpr, S.Vars);
}
Expected<int64_t> Manifest::flops(const SizePoint &S) const { return evalExpr(FlopsExpr, S.Vars); }
Expected<int64_t> Manifest::bytes(const SizePoint &S) const { return evalExpr(BytesExpr, S.Vars); }

namespace {

struct ManifestError {
  SourceLoc Loc;
  std::string Msg;
};

SourceLoc locOf(const YAML::Node &N) {
  SourceLoc L;
  if (N.IsDefined() && N.Mark().line >= 0) {
    L.Line = N.Mark().line + 1;
    L.Col = N.Mark().column + 1;
  }
  return L;
}

[[noreturn]] void fail(const YAML::Node &N, const std::string &Msg) {
  throw ManifestError{locOf(N), Msg};
}
[[noreturn]] void failAt(SourceLoc L, const std::string &Msg) { throw ManifestError{L, Msg}; }

std::string scalarString(const YAML::Node &N, const std::string &What) {
  if (!N.IsScalar())
    fail(N, What + " must be a scalar");
  return N.Scalar();
}

double toDouble(const YAML::Node &N, const std::string &What) {
  std::string S = scalarString(N, What);
  char *End = nullptr;
  double V = strtod(S.c_str(), &End);
  if (End == S.c_str() || *End != '\0' || !std::isfinite(V))
    fail(N, What + " must be a finite number, not '" + S + "'");
  return V;
}

int64_t toInt(const YAML::Node &N, const std::string &What) {
  std::string S = scalarString(N, What);
  auto V = evalExpr(S, {});
  if (!V) {
    std::string M = toString(V.takeError());
    fail(N, What + ": " + M);
  }
  return *V;
}

void checkKeys(const YAML::Node &Map, std::initializer_list<const char *> Allowed,
               const std::string &Where) {
  if (!Map.IsMap())
    fail(Map, Where + " must be a mapping");
  for (auto It = Map.begin(); It != Map.end(); ++It) {
    std::string K = It->first.as<std::string>();
    bool Ok = false;
    for (const char *A : Allowed)
      Ok |= K == A;
    if (!Ok) {
      std::string List;
      for (const char *A : Allowed)
        List += std::string(List.empty() ? "" : ", ") + A;
      fail(It->first, "unknown key '" + K + "' in " + Where + " (allowed: " + List + ")");
    }
  }
}

ElemType parseType(const YAML::Node &N) {
  std::string S = scalarString(N, "type");
  static const std::pair<const char *, ElemType> Table[] = {
      {"f32", ElemType::F32}, {"float", ElemType::F32},
      {"f64", ElemType::F64}, {"double", ElemType::F64},
      {"f16", ElemType::F16}, {"half", ElemType::F16},
      {"bf16", ElemType::BF16},
      {"i8", ElemType::I8}, {"u8", ElemType::U8}, {"uint8", ElemType::U8},
      {"i32", ElemType::I32}, {"int", ElemType::I32}, {"int32", ElemType::I32},
      {"u32", ElemType::U32}, {"uint32", ElemType::U32},
      {"i64", ElemType::I64}, {"int64", ElemType::I64},
      {"u64", ElemType::U64}, {"uint64", ElemType::U64}};
  for (auto &E : Table)
    if (S == E.first)
      return E.second;
  fail(N, "unknown element type '" + S + "' (use f32, f64, f16, bf16, i8, u8, i32, u32, i64, u64)");
}

bool isIdent(const std::string &S) {
  if (S.empty() || !(isalpha((unsigned char)S[0]) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(isalnum((unsigned char)C) || C == '_'))
      return false;
  return true;
}

void checkExprVars(const YAML::Node &N, const std::string &Text, const Manifest &M,
                   const std::string &What) {
  auto Names = exprVariables(Text);
  if (!Names)
    fail(N, What + ": " + toString(Names.takeError()));
  for (const std::string &V : *Names)
    if (std::find(M.Vars.begin(), M.Vars.end(), V) == M.Vars.end())
      fail(N, What + " uses '" + V + "', which is not a size variable (vars: " +
                  join(M.Vars, ", ") + ")");
}

Manifest parse(const YAML::Node &Root, const std::string &Path) {
  Manifest M;
  M.Path = Path;
  M.Dir = sys::path::parent_path(Path).str();
  if (!Root.IsMap())
    fail(Root, "a workload manifest must be a YAML mapping");
  checkKeys(Root, {"workload", "description", "launcher", "vars", "domain", "params", "sizes",
                   "reference", "tolerance", "work", "limits", "correctness", "profile",
                   "nvcc_flags"},
            "the manifest");
  auto Need = [&](const char *K) {
    YAML::Node N = Root[K];
    if (!N)
      failAt(SourceLoc{1, 1}, std::string("missing required key '") + K + "'");
    return N;
  };
  M.Name = scalarString(Need("workload"), "workload");
  if (Root["description"])
    M.Description = scalarString(Root["description"], "description");
  M.Launcher = scalarString(Need("launcher"), "launcher");
  if (!isIdent(M.Launcher) && M.Launcher.find("::") == std::string::npos)
    fail(Root["launcher"], "launcher must be a C++ function name");

  YAML::Node Vars = Need("vars");
  if (Vars.IsScalar())
    M.Vars.push_back(Vars.Scalar());
  else if (Vars.IsSequence())
    for (auto V : Vars) {
      std::string S = scalarString(V, "a size variable");
      if (!isIdent(S))
        fail(V, "size variable '" + S + "' is not an identifier");
      M.Vars.push_back(S);
    }
  else
    fail(Vars, "vars must be a list of size variable names");
  if (M.Vars.empty())
    fail(Vars, "at least one size variable is needed");

  // Parameters.
  YAML::Node Params = Need("params");
  if (!Params.IsSequence() || Params.size() == 0)
    fail(Params, "params must be a non-empty list, in the launcher's parameter order");
  std::set<std::string> Seen;
  for (auto PN : Params) {
    checkKeys(PN, {"name", "kind", "type", "value", "random", "count", "init", "tolerance"},
              "a parameter");
    Param P;
    P.Loc = locOf(PN);
    if (!PN["name"])
      fail(PN, "parameter without 'name'");
    P.Name = scalarString(PN["name"], "name");
    if (!isIdent(P.Name))
      fail(PN["name"], "parameter name '" + P.Name + "' is not an identifier");
    if (!Seen.insert(P.Name).second)
      fail(PN["name"], "duplicate parameter '" + P.Name + "'");
    if (!PN["kind"])
      fail(PN, "parameter '" + P.Name + "' needs 'kind' (scalar, input, output, inout)");
    std::string K = scalarString(PN["kind"], "kind");
    if (K == "scalar") P.Kind = ParamKind::Scalar;
    else if (K == "input" || K == "in") P.Kind = ParamKind::Input;
    else if (K == "output" || K == "out") P.Kind = ParamKind::Output;
    else if (K == "inout") P.Kind = ParamKind::InOut;
    else fail(PN["kind"], "unknown kind '" + K + "' (use scalar, input, output, inout)");
    if (!PN["type"])
      fail(PN, "parameter '" + P.Name + "' needs 'type'");
    P.Type = parseType(PN["type"]);
    if (P.Kind == ParamKind::Scalar) {
      if (PN["count"] || PN["init"])
        fail(PN, "scalar '" + P.Name + "' takes 'value' or 'random', not count/init");
      if (PN["random"]) {
        YAML::Node R = PN["random"];
        if (!R.IsSequence() || R.size() != 2)
          fail(R, "random must be [lo, hi]");
        P.Random = true;
        P.Lo = toDouble(R[0], "random lo");
        P.Hi = toDouble(R[1], "random hi");
        if (!(P.Lo < P.Hi))
          fail(R, "random range must have lo < hi");
      } else if (PN["value"]) {
        std::string V = scalarString(PN["value"], "value");
        if (isFloatType(P.Type)) {
          char *End = nullptr;
          double D = strtod(V.c_str(), &End);
          if (End != V.c_str() && *End == '\0' && std::isfinite(D))
            P.FloatValue = D;
          else {
            checkExprVars(PN["value"], V, M, "value of '" + P.Name + "'");
            P.ValueExpr = V;
          }
        } else {
          checkExprVars(PN["value"], V, M, "value of '" + P.Name + "'");
          P.ValueExpr = V;
        }
      } else
        fail(PN, "scalar '" + P.Name + "' needs 'value' (an expression of the sizes) or 'random: [lo, hi]'");
    } else {
      if (PN["value"] || PN["random"])
        fail(PN, "buffer '" + P.Name + "' takes count/init, not value/random");
      if (!PN["count"])
        fail(PN, "buffer '" + P.Name + "' needs 'count' (an expression of the sizes)");
      P.CountExpr = scalarString(PN["count"], "count");
      checkExprVars(PN["count"], P.CountExpr, M, "count of '" + P.Name + "'");
      if (isFloatType(P.Type)) {
        P.Lo = -1.0;
        P.Hi = 1.0;
      } else if (P.Type == ElemType::U8) {
        P.Lo = 0;
        P.Hi = 255;
      } else if (P.Type == ElemType::I8) {
        P.Lo = -128;
        P.Hi = 127;
      } else {
        P.Lo = -1000;
        P.Hi = 1000;
        if (P.Type == ElemType::U32 || P.Type == ElemType::U64)
          P.Lo = 0;
      }
      if (PN["init"]) {
        if (P.Kind == ParamKind::Output)
          fail(PN["init"], "output '" + P.Name + "' is poisoned before every run; it takes no init");
        YAML::Node I = PN["init"];
        YAML::Node U = I.IsMap() ? I["uniform"] : YAML::Node();
        if (I.IsMap())
          checkKeys(I, {"uniform"}, "init");
        if (!U || !U.IsSequence() || U.size() != 2)
          fail(I, "init must be {uniform: [lo, hi]}");
        P.Lo = toDouble(U[0], "uniform lo");
        P.Hi = toDouble(U[1], "uniform hi");
        if (!(P.Lo < P.Hi))
          fail(U, "uniform range must have lo < hi");
        if (P.Lo <= 0 && P.Hi >= 0 && P.Lo == 0 && P.Hi == 0)
          fail(U, "inputs must not be all zeros");
      }
      if (PN["tolerance"]) {
        if (P.Kind == ParamKind::Input)
          fail(PN["tolerance"], "tolerance applies to outputs only");
        P.Tolerance = toDouble(PN["tolerance"], "tolerance");
      }
    }
    M.Params.push_back(P);
  }
  if (M.Params.size() > 32)
    fail(Params, "at most 32 launcher parameters are supported");
  bool HasOut = false;
  for (auto &P : M.Params)
    HasOut |= P.Kind == ParamKind::Output || P.Kind == ParamKind::InOut;
  if (!HasOut)
    fail(Params, "the launcher needs at least one output or inout buffer to check");

  // Domain facts.
  if (YAML::Node D = Root["domain"]) {
    if (D.IsScalar() && (D.Scalar() == "any" || D.Scalar() == "all")) {
      // No constraint.
    } else if (D.IsSequence()) {
      Regex MultipleRe("^ *([A-Za-z_][A-Za-z0-9_]*) *% *([0-9]+) *== *0 *$");
      for (auto F : D) {
        DomainFact DF;
        DF.Text = scalarString(F, "a domain fact");
        DF.Loc = locOf(F);
        checkExprVars(F, DF.Text, M, "domain fact");
        SmallVector<StringRef, 3> G;
        if (MultipleRe.match(DF.Text, &G)) {
          std::string Var = G[1].str(), K = G[2].str();
          for (auto &P : M.Params)
            if (P.Kind == ParamKind::Scalar && !isFloatType(P.Type)) {
              std::string V = P.ValueExpr;
              V.erase(std::remove(V.begin(), V.end(), ' '), V.end());
              if (V == Var)
                DF.Assume.push_back("multiple:" + P.Name + ":" + K);
            }
        }
        M.Domain.push_back(DF);
      }
    } else
      fail(D, "domain must be 'any' or a list of facts such as \"N % 4 == 0\"");
  }

  // Sizes.
  YAML::Node Sizes = Need("sizes");
  if (!Sizes.IsSequence() || Sizes.size() == 0)
    fail(Sizes, "sizes must be a non-empty list");
  for (auto SN : Sizes) {
    if (!SN.IsMap())
      fail(SN, "a size must be a mapping such as {N: 1024, profile: true}");
    SizePoint S;
    S.Loc = locOf(SN);
    for (auto It = SN.begin(); It != SN.end(); ++It) {
      std::string K = It->first.as<std::string>();
      if (K == "profile") {
        std::string V = scalarString(It->second, "profile");
        if (V != "true" && V != "false")
          fail(It->second, "profile must be true or false");
        S.Profile = V == "true";
      } else if (K == "trials") {
        S.Trials = (int)toInt(It->second, "trials");
        if (S.Trials < 1 || S.Trials > 1000)
          fail(It->second, "trials must be in 1..1000");
      } else if (std::find(M.Vars.begin(), M.Vars.end(), K) != M.Vars.end()) {
        int64_t V = toInt(It->second, K);
        if (V < 0)
          fail(It->second, "size " + K + " must not be negative");
        S.Vars[K] = V;
      } else
        fail(It->first, "unknown key '" + K + "' in a size (size variables: " +
                            join(M.Vars, ", ") + "; also profile, trials)");
    }
    for (auto &V : M.Vars)
      if (!S.Vars.count(V))
        fail(SN, "size has no value for '" + V + "'");
    for (auto &F : M.Domain) {
      auto R = evalExpr(F.Text, S.Vars);
      if (!R)
        fail(SN, "domain fact '" + F.Text + "': " + toString(R.takeError()));
      if (!*R)
        fail(SN, "size " + S.label() + " violates the domain fact '" + F.Text +
                     "' (line " + std::to_string(F.Loc.Line) + ")");
    }
    M.Sizes.push_back(S);
  }
  bool AnyProfile = false;
  for (auto &S : M.Sizes)
    AnyProfile |= S.Profile;
  if (!AnyProfile)
    fail(Sizes, "at least one size must be marked 'profile: true'");

  // Reference.
  YAML::Node Ref = Need("reference");
  checkKeys(Ref, {"source", "function"}, "reference");
  if (!Ref["source"] || !Ref["function"])
    fail(Ref, "reference needs 'source' (a C++ file) and 'function'");
  std::string Src = scalarString(Ref["source"], "reference source");
  SmallString<256> Abs(Src);
  if (!sys::path::is_absolute(Abs)) {
    Abs = M.Dir;
    sys::path::append(Abs, Src);
  }
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  if (!sys::fs::exists(Abs))
    fail(Ref["source"], "reference source '" + std::string(Abs) + "' does not exist");
  M.RefSource = std::string(Abs);
  M.RefFunction = scalarString(Ref["function"], "reference function");

  M.Tolerance = toDouble(Need("tolerance"), "tolerance");
  if (!(M.Tolerance >= 0 && M.Tolerance < 1))
    fail(Root["tolerance"], "tolerance (relative L2 error) must be in [0, 1)");

  YAML::Node W = Need("work");
  checkKeys(W, {"flops", "bytes", "compute"}, "work");
  if (!W["flops"] || !W["bytes"])
    fail(W, "work needs 'flops' and 'bytes' (expressions of the sizes; bytes = the fewest bytes that must move)");
  M.FlopsExpr = scalarString(W["flops"], "flops");
  checkExprVars(W["flops"], M.FlopsExpr, M, "flops");
  M.BytesExpr = scalarString(W["bytes"], "bytes");
  checkExprVars(W["bytes"], M.BytesExpr, M, "bytes");
  if (W["compute"]) {
    M.ComputePeak = scalarString(W["compute"], "compute");
    if (M.ComputePeak != "fp32" && M.ComputePeak != "tf32" && M.ComputePeak != "fp16" &&
        M.ComputePeak != "bf16" && M.ComputePeak != "fp64" && M.ComputePeak != "int32")
      fail(W["compute"], "compute must be fp32, tf32, fp16, bf16, fp64 or int32");
  }
  for (auto &S : M.Sizes) {
    auto B = M.bytes(S);
    if (!B)
      fail(W["bytes"], toString(B.takeError()));
    auto F = M.flops(S);
    if (!F)
      fail(W["flops"], toString(F.takeError()));
    if (*B <= 0 && S.Profile)
      fail(W["bytes"], "bytes must be positive at the profiled size " + S.label());
    for (auto &P : M.Params)
      if (P.Kind != ParamKind::Scalar) {
        auto C = M.count(P, S);
        if (!C)
          failAt(P.Loc, "count of '" + P.Name + "' at size " + S.label() + ": " + toString(C.takeError()));
        if (*C < 0)
          failAt(P.Loc, "count of '" + P.Name + "' is negative at " + S.label());
      } else if (!P.ValueExpr.empty()) {
        auto V = evalExpr(P.ValueExpr, S.Vars);
        if (!V)
          failAt(P.Loc, toString(V.takeError()));
      }
  }

  if (YAML::Node L = Root["limits"]) {
    checkKeys(L, {"registers", "spill_bytes", "stack_bytes", "shared_bytes"}, "limits");
    if (L["registers"]) M.MaxRegisters = (int)toInt(L["registers"], "registers");
    if (L["spill_bytes"]) M.MaxSpillBytes = (int)toInt(L["spill_bytes"], "spill_bytes");
    if (L["stack_bytes"]) M.MaxStackBytes = (int)toInt(L["stack_bytes"], "stack_bytes");
    if (L["shared_bytes"]) M.MaxSharedBytes = (int)toInt(L["shared_bytes"], "shared_bytes");
  }
  if (YAML::Node C = Root["correctness"]) {
    checkKeys(C, {"trials", "timeout_s", "call_timeout_s"}, "correctness");
    if (C["trials"]) {
      M.Trials = (int)toInt(C["trials"], "trials");
      if (M.Trials < 1 || M.Trials > 1000)
        fail(C["trials"], "trials must be in 1..1000");
    }
    if (C["timeout_s"]) M.CorrectnessTimeoutS = toDouble(C["timeout_s"], "timeout_s");
    if (C["call_timeout_s"]) M.CallTimeoutS = toDouble(C["call_timeout_s"], "call_timeout_s");
  }
  if (YAML::Node P = Root["profile"]) {
    checkKeys(P, {"warmup", "iters", "timeout_s"}, "profile");
    if (P["warmup"]) M.Warmup = (int)toInt(P["warmup"], "warmup");
    if (P["iters"]) {
      M.Iters = (int)toInt(P["iters"], "iters");
      if (M.Iters < 3 || M.Iters > 100000)
        fail(P["iters"], "iters must be in 3..100000");
    }
    if (P["timeout_s"]) M.ProfileTimeoutS = toDouble(P["timeout_s"], "timeout_s");
  }
  if (YAML::Node F = Root["nvcc_flags"]) {
    if (!F.IsSequence())
      fail(F, "nvcc_flags must be a list");
    for (auto X : F)
      M.NvccFlags.push_back(scalarString(X, "an nvcc flag"));
  }
  return M;
}

} // namespace

Expected<Manifest> loadManifest(const std::string &Path) {
  auto Err = [&](SourceLoc L, const std::string &Msg) -> Error {
    std::string S = Path;
    if (L.Line)
      S += ":" + std::to_string(L.Line) + ":" + std::to_string(L.Col);
    return createStringError(inconvertibleErrorCode(), S + ": error: " + Msg);
  };
  if (!sys::fs::exists(Path))
    return Err({}, "no such manifest");
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  try {
    YAML::Node Root = YAML::LoadFile(Path);
    return parse(Root, std::string(Abs));
  } catch (const ManifestError &E) {
    return Err(E.Loc, E.Msg);
  } catch (const YAML::Exception &E) {
    SourceLoc L;
    if (E.mark.line >= 0) {
      L.Line = E.mark.line + 1;
      L.Col = E.mark.column + 1;
    }
    return Err(L, "YAML: " + E.msg);
  }
}

} // namespace gate
} // namespace klineage
