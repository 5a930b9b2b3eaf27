//===- Manifest.h - Workload manifests for the verification gate -*- C++ -*-===//
//
// A workload manifest (YAML, schema in docs/gate.md) says how the gate calls a
// candidate: the host launcher's parameters in order (scalars, input, output
// and in-out buffers with element type, count expression and initialisation),
// the problem sizes (profiled and correctness-only), the size domain as
// checkable facts, the CPU reference, the tolerance, the work counts and the
// optional compile limits. Every error carries the manifest's line and column.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_GATE_MANIFEST_H
#define KLINEAGE_GATE_MANIFEST_H

#include "klineage/Gate/Expr.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace gate {

enum class ElemType { F32, F64, F16, BF16, I8, U8, I32, U32, I64, U64 };
enum class ParamKind { Scalar, Input, Output, InOut };

const char *elemTypeName(ElemType T);     ///< manifest spelling: f32, i32, ...
const char *elemTypeCxx(ElemType T);      ///< C++ spelling: float, int, ...
const char *refElemTypeCxx(ElemType T);   ///< type the reference sees: double for floats
bool isFloatType(ElemType T);
unsigned elemSize(ElemType T);
const char *paramKindName(ParamKind K);

struct SourceLoc {
  int Line = 0, Col = 0; ///< 1-based; 0 = unknown
};

struct Param {
  std::string Name;
  ParamKind Kind = ParamKind::Scalar;
  ElemType Type = ElemType::F32;
  SourceLoc Loc;
  // Scalars: an integer expression of the sizes, a float constant, or random.
  std::string ValueExpr;            ///< integer scalars (and float ones given as expression)
  std::optional<double> FloatValue; ///< float scalar constant
  bool Random = false;              ///< scalar drawn per trial from [Lo, Hi]
  // Buffers.
  std::string CountExpr;
  double Lo = -1.0, Hi = 1.0;       ///< uniform initialisation range (inputs, in-out)
  std::optional<double> Tolerance;  ///< outputs: overrides the workload tolerance
};

struct DomainFact {
  std::string Text;        ///< e.g. "N % 4 == 0"
  SourceLoc Loc;
  std::vector<std::string> Assume; ///< --assume facts it backs, e.g. multiple:n:4
};

struct SizePoint {
  VarMap Vars;
  bool Profile = false;
  int Trials = 0;          ///< 0: workload default
  SourceLoc Loc;
  std::string label() const; ///< "N=1024,K=64"
};

struct Manifest {
  std::string Path, Dir;   ///< the YAML file and its folder
  std::string Name, Description, Launcher;
  std::vector<std::string> Vars;
  std::vector<DomainFact> Domain; ///< empty: any size
  std::vector<Param> Params;
  std::vector<SizePoint> Sizes;
  std::string RefSource, RefFunction; ///< RefSource absolute
  double Tolerance = 1e-5;
  std::string FlopsExpr = "0", BytesExpr = "0";
  std::string ComputePeak = "fp32"; ///< fp32 | tf32 | fp16 | bf16 | int32
  // Compile-stage limits (negative: none).
  int MaxRegisters = -1, MaxSpillBytes = -1, MaxStackBytes = -1, MaxSharedBytes = -1;
  // Runtime.
  int Trials = 3;
  double CorrectnessTimeoutS = 120, ProfileTimeoutS = 180, CallTimeoutS = 20;
  int Warmup = 5, Iters = 50;
  std::vector<std::string> NvccFlags; ///< extra nvcc flags for candidate and driver

  /// Evaluated per-size values.
  llvm::Expected<int64_t> count(const Param &P, const SizePoint &S) const;
  llvm::Expected<int64_t> flops(const SizePoint &S) const;
  llvm::Expected<int64_t> bytes(const SizePoint &S) const;
};

/// Loads and validates a manifest. Errors read "FILE:LINE:COL: error: ...".
llvm::Expected<Manifest> loadManifest(const std::string &Path);

} // namespace gate
} // namespace klineage

#endif
