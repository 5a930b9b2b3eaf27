//===- Manifest.cpp - Workload manifest loading and validation ------------===//
#include "klineage/Gate/Manifest.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <yaml-cpp/yaml.h>
#include <cmath>
#include <tuple>
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
  case ElemType::I16: return "i16";
  case ElemType::U16: return "u16";
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
  case ElemType::I16: return "short";
  case ElemType::U16: return "unsigned short";
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
bool isSignedType(ElemType T) {
  return isFloatType(T) || T == ElemType::I8 || T == ElemType::I16 || T == ElemType::I32 ||
         T == ElemType::I64;
}
std::pair<double, double> intTypeRange(ElemType T) {
  switch (T) {
  case ElemType::I8: return {-128, 127};
  case ElemType::U8: return {0, 255};
  case ElemType::I16: return {-32768, 32767};
  case ElemType::U16: return {0, 65535};
  case ElemType::I32: return {-2147483648.0, 2147483647.0};
  case ElemType::U32: return {0, 4294967295.0};
  case ElemType::I64: return {-9223372036854775808.0, 9223372036854775807.0};
  case ElemType::U64: return {0, 18446744073709551615.0};
  default: return {-HUGE_VAL, HUGE_VAL};
  }
}
unsigned elemSize(ElemType T) {
  switch (T) {
  case ElemType::F64: case ElemType::I64: case ElemType::U64: return 8;
  case ElemType::F32: case ElemType::I32: case ElemType::U32: return 4;
  case ElemType::F16: case ElemType::BF16: case ElemType::I16: case ElemType::U16: return 2;
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
  case ParamKind::Stream: return "stream";
  }
  return "?";
}
const char *distKindName(DistKind K) {
  switch (K) {
  case DistKind::Uniform: return "uniform";
  case DistKind::Normal: return "normal";
  case DistKind::Triangular: return "triangular";
  case DistKind::Zipf: return "zipf";
  case DistKind::Constant: return "constant";
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
Expected<std::vector<double>> Manifest::distArgs(const Param &P, const SizePoint &S) const {
  std::vector<double> Out;
  for (const Bound &B : P.Init.Args) {
    if (B.Expr.empty()) {
      Out.push_back(B.Value);
      continue;
    }
    auto V = evalExpr(B.Expr, S.Vars);
    if (!V)
      return V.takeError();
    Out.push_back((double)*V);
  }
  return Out;
}
Expected<int64_t> Manifest::writtenCount(const Param &P, const SizePoint &S) const {
  if (P.Written == WrittenKind::None)
    return 0;
  if (P.Written == WrittenKind::All)
    return count(P, S);
  return evalExpr(P.WrittenExpr, S.Vars);
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
      {"i16", ElemType::I16}, {"int16", ElemType::I16},
      {"u16", ElemType::U16}, {"uint16", ElemType::U16},
      {"i32", ElemType::I32}, {"int", ElemType::I32}, {"int32", ElemType::I32},
      {"u32", ElemType::U32}, {"uint32", ElemType::U32},
      {"i64", ElemType::I64}, {"int64", ElemType::I64},
      {"u64", ElemType::U64}, {"uint64", ElemType::U64}};
  for (auto &E : Table)
    if (S == E.first)
      return E.second;
  fail(N, "unknown element type '" + S + "' (use f32, f64, f16, bf16, i8, u8, i16, u16, i32, u32, i64, u64)");
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

// A bound is a number or an integer expression of the size variables.
Bound parseBound(const YAML::Node &N, const Manifest &M, const std::string &What) {
  Bound B;
  B.Loc = locOf(N);
  std::string S = scalarString(N, What);
  char *End = nullptr;
  double V = strtod(S.c_str(), &End);
  if (End != S.c_str() && *End == '\0') {
    if (!std::isfinite(V))
      fail(N, What + " must be a finite number or an expression of the sizes");
    B.Value = V;
    return B;
  }
  checkExprVars(N, S, M, What);
  B.Expr = S;
  return B;
}

std::vector<Bound> parseBoundList(const YAML::Node &N, const Manifest &M, const std::string &What,
                                  std::initializer_list<const char *> Names) {
  if (!N.IsSequence() || N.size() != Names.size()) {
    std::string Shape;
    for (const char *X : Names)
      Shape += std::string(Shape.empty() ? "" : ", ") + X;
    fail(N, What + " must be [" + Shape + "]");
  }
  std::vector<Bound> Out;
  size_t I = 0;
  for (const char *X : Names)
    Out.push_back(parseBound(N[I++], M, What + " " + X));
  return Out;
}

std::vector<Bound> parseBoundMap(const YAML::Node &N, const Manifest &M, const std::string &What,
                                 std::initializer_list<const char *> Names) {
  checkKeys(N, Names, What);
  std::vector<Bound> Out;
  for (const char *X : Names) {
    if (!N[X]) {
      std::string Shape;
      for (const char *Y : Names)
        Shape += std::string(Shape.empty() ? "" : ", ") + Y + ": ...";
      fail(N, What + " needs '" + X + "' ({" + Shape + "})");
    }
    Out.push_back(parseBound(N[X], M, What + " " + X));
  }
  return Out;
}

const char *kInitForms = "{uniform: [lo, hi]}, {normal: {mean: M, std: S}}, {triangular: [lo, mode, hi]}, "
                         "{zipf: {lo: A, hi: B, s: S}} or {constant: C}";

// init: exactly one distribution; which ones a type takes is in docs/gate.md.
Dist parseDist(const YAML::Node &I, const Param &P, const Manifest &M) {
  if (!I.IsMap() || I.size() != 1)
    fail(I, std::string("init must be one of ") + kInitForms);
  auto It = I.begin();
  std::string K = It->first.as<std::string>();
  YAML::Node V = It->second;
  Dist D;
  D.Loc = locOf(V);
  bool Fl = isFloatType(P.Type);
  std::string For = " of '" + P.Name + "'";
  if (K == "uniform") {
    D.Kind = DistKind::Uniform;
    D.Args = parseBoundList(V, M, "uniform" + For, {"lo", "hi"});
  } else if (K == "normal") {
    if (!Fl)
      fail(It->first, "normal applies to float types; for the integer '" + P.Name +
                          "' use uniform, triangular, zipf or constant");
    D.Kind = DistKind::Normal;
    D.Args = parseBoundMap(V, M, "normal" + For, {"mean", "std"});
  } else if (K == "triangular") {
    D.Kind = DistKind::Triangular;
    D.Args = parseBoundList(V, M, "triangular" + For, {"lo", "mode", "hi"});
  } else if (K == "zipf") {
    if (Fl)
      fail(It->first, "zipf applies to integer types; for the float '" + P.Name +
                          "' use uniform, normal, triangular or constant");
    D.Kind = DistKind::Zipf;
    D.Args = parseBoundMap(V, M, "zipf" + For, {"lo", "hi", "s"});
    if (!D.Args[2].Expr.empty())
      fail(V["s"], "zipf exponent s must be a number, not an expression");
  } else if (K == "constant") {
    D.Kind = DistKind::Constant;
    D.Args = {parseBound(V, M, "constant" + For)};
  } else
    fail(It->first, "unknown distribution '" + K + "' (use " + kInitForms + ")");
  return D;
}

// The distribution's arguments at one size: ordered, inside the type, and
// not all zeros. Returns an error message or "".
std::string checkDistAt(const Dist &D, const Param &P, const std::vector<double> &A) {
  bool Fl = isFloatType(P.Type);
  auto Span = [&](double Lo, double Hi) -> std::string {
    if (Fl ? !(Lo < Hi) : !(std::ceil(Lo) <= std::floor(Hi)))
      return Fl ? "the range must have lo < hi" : "the range must hold an integer (lo <= hi)";
    if (!Fl && Lo <= 0 && Hi >= 0 && std::ceil(Lo) == 0 && std::floor(Hi) == 0)
      return "inputs must not be all zeros";
    return "";
  };
  std::string E;
  switch (D.Kind) {
  case DistKind::Uniform: E = Span(A[0], A[1]); break;
  case DistKind::Normal:
    if (!(A[1] > 0)) E = "std must be > 0";
    break;
  case DistKind::Triangular:
    E = Span(A[0], A[2]);
    if (E.empty() && !(A[0] <= A[1] && A[1] <= A[2])) E = "the mode must lie in [lo, hi]";
    break;
  case DistKind::Zipf:
    E = Span(A[0], A[1]);
    if (E.empty() && !(A[2] > 0)) E = "the exponent s must be > 0";
    break;
  case DistKind::Constant:
    if (A[0] == 0) E = "a constant zero input cannot show whether the kernel reads it; use another value";
    else if (!Fl && A[0] != std::floor(A[0])) E = "an integer constant must be a whole number";
    break;
  }
  if (E.empty() && !Fl && D.Kind != DistKind::Normal) {
    auto [TLo, THi] = intTypeRange(P.Type);
    size_t N = D.Kind == DistKind::Zipf ? 2 : A.size();
    for (size_t I = 0; I < N; ++I)
      if (A[I] < TLo || A[I] > THi)
        E = "value " + std::to_string((long long)A[I]) + " is outside the range of " + elemTypeName(P.Type);
  }
  return E;
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
    checkKeys(PN, {"name", "kind", "type", "value", "random", "count", "init", "tolerance", "written"},
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
      fail(PN, "parameter '" + P.Name + "' needs 'kind' (scalar, input, output, inout, stream)");
    std::string K = scalarString(PN["kind"], "kind");
    if (K == "scalar") P.Kind = ParamKind::Scalar;
    else if (K == "input" || K == "in") P.Kind = ParamKind::Input;
    else if (K == "output" || K == "out") P.Kind = ParamKind::Output;
    else if (K == "inout") P.Kind = ParamKind::InOut;
    else if (K == "stream") P.Kind = ParamKind::Stream;
    else fail(PN["kind"], "unknown kind '" + K + "' (use scalar, input, output, inout, stream)");
    if (P.Kind == ParamKind::Stream) {
      // The driver creates the stream; nothing about it is the manifest's to say.
      for (auto It = PN.begin(); It != PN.end(); ++It) {
        std::string Key = It->first.as<std::string>();
        if (Key != "name" && Key != "kind")
          fail(It->first, "stream parameter '" + P.Name + "' takes only name and kind, not '" + Key +
                              "' (the driver passes its own cudaStream_t)");
      }
      M.Params.push_back(P);
      continue;
    }
    if (!PN["type"])
      fail(PN, "parameter '" + P.Name + "' needs 'type'");
    P.Type = parseType(PN["type"]);
    if (PN["written"] && P.Kind != ParamKind::Output && P.Kind != ParamKind::InOut)
      fail(PN["written"], "written applies to outputs and in-out buffers, not to '" + P.Name + "'");
    if (P.Kind == ParamKind::Scalar) {
      if (PN["count"] || PN["init"])
        fail(PN, "scalar '" + P.Name + "' takes 'value' or 'random', not count/init");
      if (PN["random"]) {
        P.Random = true;
        P.Init.Kind = DistKind::Uniform;
        P.Init.Loc = locOf(PN["random"]);
        P.Init.Args = parseBoundList(PN["random"], M, "random of '" + P.Name + "'", {"lo", "hi"});
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
      if (P.Kind == ParamKind::Output) {
        if (PN["init"])
          fail(PN["init"], "output '" + P.Name + "' is poisoned before every run; it takes no init");
      } else if (PN["init"]) {
        P.Init = parseDist(PN["init"], P, M);
      } else {
        // Default: uniform over a small range that every kernel's type holds.
        double Lo = -1000, Hi = 1000;
        if (isFloatType(P.Type))
          Lo = -1, Hi = 1;
        else if (P.Type == ElemType::U8 || P.Type == ElemType::I8)
          std::tie(Lo, Hi) = intTypeRange(P.Type);
        else if (!isSignedType(P.Type))
          Lo = 0;
        P.Init.Args = {Bound{"", Lo, P.Loc}, Bound{"", Hi, P.Loc}};
        P.Init.Loc = P.Loc;
      }
      if (PN["tolerance"]) {
        if (P.Kind == ParamKind::Input)
          fail(PN["tolerance"], "tolerance applies to outputs only");
        P.Tolerance = toDouble(PN["tolerance"], "tolerance");
      }
      if (YAML::Node W = PN["written"]) {
        std::string Text = scalarString(W, "written");
        P.WrittenLoc = locOf(W);
        if (Text == "all")
          P.Written = WrittenKind::All;
        else if (P.Kind == ParamKind::Output)
          fail(W, "output '" + P.Name + "' is poisoned, so all of it must be written ('written: all'); "
                  "declare a buffer written in part as kind: inout");
        else if (Text == "none")
          P.Written = WrittenKind::None;
        else {
          checkExprVars(W, Text, M, "written of '" + P.Name + "'");
          P.Written = WrittenKind::Prefix;
          P.WrittenExpr = Text;
        }
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
    for (auto &P : M.Params) {
      if (P.Kind == ParamKind::Stream)
        continue;
      int64_t Count = 0;
      if (P.Kind != ParamKind::Scalar) {
        auto C = M.count(P, S);
        if (!C)
          failAt(P.Loc, "count of '" + P.Name + "' at size " + S.label() + ": " + toString(C.takeError()));
        if (*C < 0)
          failAt(P.Loc, "count of '" + P.Name + "' is negative at " + S.label());
        Count = *C;
      } else if (!P.ValueExpr.empty()) {
        auto V = evalExpr(P.ValueExpr, S.Vars);
        if (!V)
          failAt(P.Loc, toString(V.takeError()));
      }
      if (P.Kind == ParamKind::Output || P.Kind == ParamKind::InOut) {
        auto W = M.writtenCount(P, S);
        if (!W)
          failAt(P.WrittenLoc, "written of '" + P.Name + "' at size " + S.label() + ": " + toString(W.takeError()));
        if (*W < 0 || *W > Count)
          failAt(P.WrittenLoc, "written of '" + P.Name + "' is " + std::to_string(*W) + " at size " + S.label() +
                                   ", outside [0, count = " + std::to_string(Count) + "]");
      }
      if (P.Init.Args.empty())
        continue;
      bool PerSize = false;
      for (auto &B : P.Init.Args)
        PerSize |= !B.Expr.empty();
      auto A = M.distArgs(P, S);
      if (!A)
        failAt(P.Init.Loc, std::string(distKindName(P.Init.Kind)) + " of '" + P.Name + "' at size " + S.label() +
                               ": " + toString(A.takeError()));
      std::string E = checkDistAt(P.Init, P, *A);
      if (!E.empty())
        failAt(P.Init.Loc, std::string(distKindName(P.Init.Kind)) + " of '" + P.Name + "'" +
                               (PerSize ? " at size " + S.label() : std::string()) + ": " + E);
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

std::optional<std::string> reassociationAllowedBy(const Manifest &M, llvm::StringRef Via) {
  double Tol = M.Tolerance;
  for (const Param &P : M.Params)
    if (P.Tolerance)
      Tol = std::min(Tol, *P.Tolerance);
  if (!(Tol > 0))
    return std::nullopt;
  return llvm::formatv("the tolerance {0} of workload '{1}' ({2})", llvm::format("%g", Tol), M.Name, Via).str();
}

} // namespace gate
} // namespace klineage
