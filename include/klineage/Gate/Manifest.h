//===- Manifest.h - Workload manifests for the verification gate -*- C++ -*-===//
//
// A workload manifest (YAML, schema in docs/gate.md) says how the gate calls a
// candidate: the host launcher's parameters in order (scalars, input, output,
// in-out buffers with element type, count expression, initialisation
// distribution and written part, and streams the driver passes),
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
#include <utility>
#include <string>
#include <vector>

namespace klineage {
namespace gate {

enum class ElemType { F32, F64, F16, BF16, I8, U8, I16, U16, I32, U32, I64, U64 };
/// Stream: a cudaStream_t the driver creates and passes; not in the reference.
enum class ParamKind { Scalar, Input, Output, InOut, Stream };
/// Input distributions (docs/gate.md lists which types take which).
enum class DistKind { Uniform, Normal, Triangular, Zipf, Constant };
/// Which part of an output or in-out buffer the launcher must write.
enum class WrittenKind { All, None, Prefix };

const char *elemTypeName(ElemType T);     ///< manifest spelling: f32, i32, ...
const char *elemTypeCxx(ElemType T);      ///< C++ spelling: float, int, ...
const char *refElemTypeCxx(ElemType T);   ///< type the reference sees: double for floats
bool isFloatType(ElemType T);
bool isSignedType(ElemType T);            ///< floats and i8..i64
/// The range of an integer type as doubles (exact up to 2^53).
std::pair<double, double> intTypeRange(ElemType T);
unsigned elemSize(ElemType T);
const char *paramKindName(ParamKind K);
const char *distKindName(DistKind K);

struct SourceLoc {
  int Line = 0, Col = 0; ///< 1-based; 0 = unknown
};

/// A distribution bound: a number, or an integer expression of the size
/// variables evaluated per size.
struct Bound {
  std::string Expr;  ///< empty: Value is a constant
  double Value = 0;
  SourceLoc Loc;
};

/// An initialisation (inputs, in-out) or a random scalar's draw. Args:
/// uniform [lo, hi], normal [mean, std], triangular [lo, mode, hi],
/// zipf [lo, hi, s], constant [c].
struct Dist {
  DistKind Kind = DistKind::Uniform;
  std::vector<Bound> Args;
  SourceLoc Loc;
};

struct Param {
  std::string Name;
  ParamKind Kind = ParamKind::Scalar;
  ElemType Type = ElemType::F32;
  SourceLoc Loc;
  // Scalars: an integer expression of the sizes, a float constant, or random.
  std::string ValueExpr;            ///< integer scalars (and float ones given as expression)
  std::optional<double> FloatValue; ///< float scalar constant
  bool Random = false;              ///< scalar drawn per trial from Init (uniform)
  Dist Init;                        ///< buffers: initialisation; random scalars: the draw
  // Buffers.
  std::string CountExpr;
  std::optional<double> Tolerance;  ///< outputs: overrides the workload tolerance
  WrittenKind Written = WrittenKind::All; ///< outputs and in-out buffers
  std::string WrittenExpr;          ///< Prefix: how many leading elements are written
  SourceLoc WrittenLoc;
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
  /// The distribution's arguments at a size (bounds evaluated).
  llvm::Expected<std::vector<double>> distArgs(const Param &P, const SizePoint &S) const;
  /// How many leading elements of an output or in-out buffer are written.
  llvm::Expected<int64_t> writtenCount(const Param &P, const SizePoint &S) const;
  llvm::Expected<int64_t> flops(const SizePoint &S) const;
  llvm::Expected<int64_t> bytes(const SizePoint &S) const;
};

/// Loads and validates a manifest. Errors read "FILE:LINE:COL: error: ...".
llvm::Expected<Manifest> loadManifest(const std::string &Path);

/// Whether \p M allows floating-point reductions to be regrouped: its
/// tolerance, and every output's, is nonzero (the gate checks each candidate
/// against it). Returns the reason to cite ("the tolerance 1e-05 of workload
/// 'softmax' (--manifest)"), or none.
std::optional<std::string> reassociationAllowedBy(const Manifest &M, llvm::StringRef Via);

} // namespace gate
} // namespace klineage

#endif
