//===- ReductionBuilders.cpp - Warp and block reductions as source text ---===//
#include "klineage/Edit/ReductionBuilders.h"

using namespace llvm;

namespace klineage {

namespace {

/// The names one reduction declares.
struct Names {
  std::string Warps, Rank, Lane, Threads, Width, Mask, Offset, Other;
};

class Emitter {
public:
  Emitter(const ReductionRequest &R, const Names &N, StringRef IndentUnit)
      : R(R), N(N), Unit(IndentUnit.str()) {}

  void line(const std::string &Text) { Out.push_back(Prefix + Text); }
  void indent() { Prefix += Unit; }
  void dedent() { Prefix.resize(Prefix.size() - Unit.size()); }

  /// Folds the value of the lane OFFSET lanes up into the value, for
  /// offsets 16, 8, 4, 2, 1: lane 0 ends with the warp's reduction.
  void warpStage() {
    std::string Head = "for (unsigned " + N.Offset + " = 16; " + N.Offset + " > 0; " + N.Offset + " /= 2)";
    if (R.FullWarps) {
      line(Head);
      indent();
      line(cuda::foldText(R.Op, R.Value,
                          "__shfl_down_sync(0xffffffffu, " + R.Value + ", " + N.Offset + ")") +
           ";");
      dedent();
      return;
    }
    // A lane past the end of a partial warp holds nothing: its neighbours
    // skip it (the shuffle still runs in every existing lane).
    line(Head + " {");
    indent();
    line("const " + R.Type + " " + N.Other + " = __shfl_down_sync(" + N.Mask + ", " + R.Value + ", " +
         N.Offset + ");");
    line("if (" + N.Lane + " + " + N.Offset + " < " + N.Width + ")");
    indent();
    line(cuda::foldText(R.Op, R.Value, N.Other) + ";");
    dedent();
    dedent();
    line("}");
  }

  std::vector<std::string> take() { return std::move(Out); }

private:
  const ReductionRequest &R;
  const Names &N;
  std::string Unit, Prefix;
  std::vector<std::string> Out;
};

} // namespace

ReductionCode buildReduction(const ReductionRequest &R, FreshNames &Fresh, unsigned ElementBytes,
                             StringRef IndentUnit) {
  bool Block = R.Over == ReductionRequest::Scope::Block;
  bool All = R.ResultIn == ReductionRequest::Holder::All;
  Names N;
  if (Block)
    N.Warps = Fresh.get(R.NameStem + "_warps");
  N.Rank = Fresh.get(R.NameStem + "_rank");
  N.Lane = Fresh.get(R.NameStem + "_lane");
  if (Block || !R.FullWarps)
    N.Threads = Fresh.get(R.NameStem + "_threads");
  if (!R.FullWarps) {
    N.Width = Fresh.get(R.NameStem + "_width");
    N.Mask = Fresh.get(R.NameStem + "_mask");
    N.Other = Fresh.get(R.NameStem + "_other");
  }
  N.Offset = Fresh.get(R.NameStem + "_offset");

  Emitter E(R, N, IndentUnit);
  ReductionCode Code;
  if (Block) {
    E.line("__shared__ " + R.Type + " " + N.Warps + "[32];");
    Code.SharedBytes = 32 * ElementBytes;
  }
  E.line("const unsigned " + N.Rank + " = " +
         (R.OneDimensional ? "threadIdx.x"
                           : "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)") +
         ";");
  E.line("const unsigned " + N.Lane + " = " + N.Rank + " % 32u;");
  if (!N.Threads.empty())
    E.line("const unsigned " + N.Threads + " = " +
           (R.OneDimensional ? "blockDim.x" : "blockDim.x * blockDim.y * blockDim.z") + ";");
  if (!R.FullWarps) {
    // The lanes of this warp: 32, or fewer in a partial last warp.
    E.line("const unsigned " + N.Width + " = min(32u, " + N.Threads + " - (" + N.Rank + " - " + N.Lane +
           "));");
    E.line("const unsigned " + N.Mask + " = " + N.Width + " == 32u ? 0xffffffffu : (1u << " + N.Width +
           ") - 1u;");
  }
  E.warpStage();
  std::string Mask = R.FullWarps ? "0xffffffffu" : N.Mask;
  if (!Block) {
    if (All)
      E.line(R.Value + " = __shfl_sync(" + Mask + ", " + R.Value + ", 0);");
    else
      Code.LeaderCondition = N.Lane + " == 0";
    Code.Lines = E.take();
    return Code;
  }
  // One partial per warp, reduced by warp 0.
  if (R.Reentrant)
    E.line("__syncthreads();");
  E.line("if (" + N.Lane + " == 0)");
  E.indent();
  E.line(N.Warps + "[" + N.Rank + " / 32u] = " + R.Value + ";");
  E.dedent();
  E.line("__syncthreads();");
  E.line("if (" + N.Rank + " < 32u) {");
  E.indent();
  E.line(R.Value + " = " + N.Rank + " < (" + N.Threads + " + 31u) / 32u ? " + N.Warps + "[" + N.Rank +
         "] : " + R.Identity + ";");
  E.warpStage();
  E.dedent();
  E.line("}");
  if (All) {
    E.line("if (" + N.Rank + " == 0)");
    E.indent();
    E.line(N.Warps + "[0] = " + R.Value + ";");
    E.dedent();
    E.line("__syncthreads();");
    E.line(R.Value + " = " + N.Warps + "[0];");
  } else {
    Code.LeaderCondition = N.Rank + " == 0";
  }
  Code.Lines = E.take();
  return Code;
}

namespace {

/// Emits the statements of a pair reduction (buildPairReduction).
class PairEmitter {
public:
  /// \p CombineOnly: reserve only the names combine() uses (a shared tree
  /// declares its own).
  PairEmitter(const PairReductionRequest &R, FreshNames &Fresh, StringRef IndentUnit, bool CombineOnly = false)
      : R(R), Unit(IndentUnit.str()) {
    bool Block = R.Over == ReductionRequest::Scope::Block;
    if (CombineOnly) {
      ValueOther = Fresh.get(R.Value + "_other");
      OtherOther = Fresh.get(R.Other + "_other");
      if (R.K == PairReductionRequest::Kind::OnlineSoftmax)
        Max = Fresh.get(R.Value + "_max");
      return;
    }
    if (Block) {
      ValueWarps = Fresh.get(R.Value + "_warps");
      OtherWarps = Fresh.get(R.Other + "_warps");
    }
    if (Block || !R.FullWarps) {
      Rank = Fresh.get(R.NameStem + "_rank");
      Lane = Fresh.get(R.NameStem + "_lane");
    }
    if (Block || !R.FullWarps)
      Threads = Fresh.get(R.NameStem + "_threads");
    if (!R.FullWarps) {
      Width = Fresh.get(R.NameStem + "_width");
      Mask = Fresh.get(R.NameStem + "_mask");
    }
    if (Block)
      Count = Fresh.get(R.NameStem + "_count");
    Offset = Fresh.get(R.NameStem + "_offset");
    ValueOther = Fresh.get(R.Value + "_other");
    OtherOther = Fresh.get(R.Other + "_other");
    if (R.K == PairReductionRequest::Kind::OnlineSoftmax)
      Max = Fresh.get(R.Value + "_max");
  }

  void line(const std::string &Text) { Out.push_back(Prefix + Text); }
  void indent() { Prefix += Unit; }
  void dedent() { Prefix.resize(Prefix.size() - Unit.size()); }
  std::string mask() const { return R.FullWarps ? "0xffffffffu" : Mask; }

  /// Combines (ValueOther, OtherOther) into (Value, Other) where \p Guard
  /// (may be empty) holds.
  void combine(const std::string &Guard) {
    const std::string &V = R.Value, &I = R.Other, &OV = ValueOther, &OI = OtherOther;
    if (R.K == PairReductionRequest::Kind::OnlineSoftmax) {
      if (!Guard.empty()) {
        line("if (" + Guard + ") {");
        indent();
      }
      line("const " + R.ValueType + " " + Max + " = " + V + " < " + OV + " ? " + OV + " : " + V + ";");
      // The side holding the maximum is scaled by 1: two empty sides (m =
      // -inf) must not give exp(-inf - -inf), NaN.
      line(I + " = " + I + " * (" + V + " == " + Max + " ? 1 : " + R.Exp + "(" + V + " - " + Max + ")) + " + OI +
           " * (" + OV + " == " + Max + " ? 1 : " + R.Exp + "(" + OV + " - " + Max + "));");
      line(V + " = " + Max + ";");
      if (!Guard.empty()) {
        dedent();
        line("}");
      }
      return;
    }
    std::string Beats = R.K == PairReductionRequest::Kind::ArgMax ? " > " : " < ";
    std::string Tie = R.LastOnTies ? " > " : " < ";
    std::string Better = OV + Beats + V + " || (" + OV + " == " + V + " && " + OI + Tie + I + ")";
    line("if (" + (Guard.empty() ? Better : Guard + " && (" + Better + ")") + ") {");
    indent();
    line(V + " = " + OV + ";");
    line(I + " = " + OI + ";");
    dedent();
    line("}");
  }

  /// Shuffles within the warp: lane 0 ends with the pair of lanes below
  /// \p Lanes (empty: all 32).
  void warpStage(const std::string &Lanes) {
    line("for (unsigned " + Offset + " = 16; " + Offset + " > 0; " + Offset + " /= 2) {");
    indent();
    line("const " + R.ValueType + " " + ValueOther + " = __shfl_down_sync(" + mask() + ", " + R.Value + ", " +
         Offset + ");");
    line("const " + R.OtherType + " " + OtherOther + " = __shfl_down_sync(" + mask() + ", " + R.Other + ", " +
         Offset + ");");
    combine(Lanes.empty() ? "" : Lane + " + " + Offset + " < " + Lanes);
    dedent();
    line("}");
  }

  const PairReductionRequest &R;
  std::string Unit, Prefix;
  std::vector<std::string> Out;
  std::string ValueWarps, OtherWarps, Rank, Lane, Threads, Width, Mask, Count, Offset, ValueOther, OtherOther, Max;
};

} // namespace

ReductionCode buildPairReduction(const PairReductionRequest &R, FreshNames &Fresh, unsigned ValueBytes,
                                 unsigned OtherBytes, StringRef IndentUnit) {
  bool Block = R.Over == ReductionRequest::Scope::Block;
  PairEmitter E(R, Fresh, IndentUnit);
  ReductionCode Code;
  if (Block) {
    E.line("__shared__ " + R.ValueType + " " + E.ValueWarps + "[32];");
    E.line("__shared__ " + R.OtherType + " " + E.OtherWarps + "[32];");
    Code.SharedBytes = 32 * (ValueBytes + OtherBytes);
  }
  // Full warps shuffling alone need no place in the block.
  if (Block || !R.FullWarps) {
    E.line("const unsigned " + E.Rank + " = " +
           (R.OneDimensional ? "threadIdx.x" : "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)") +
           ";");
    E.line("const unsigned " + E.Lane + " = " + E.Rank + " % 32u;");
  }
  if (!E.Threads.empty())
    E.line("const unsigned " + E.Threads + " = " +
           (R.OneDimensional ? "blockDim.x" : "blockDim.x * blockDim.y * blockDim.z") + ";");
  if (!R.FullWarps) {
    E.line("const unsigned " + E.Width + " = min(32u, " + E.Threads + " - (" + E.Rank + " - " + E.Lane + "));");
    E.line("const unsigned " + E.Mask + " = " + E.Width + " == 32u ? 0xffffffffu : (1u << " + E.Width + ") - 1u;");
  }
  E.warpStage(R.FullWarps ? "" : E.Width);
  if (!Block) {
    E.line(R.Value + " = __shfl_sync(" + E.mask() + ", " + R.Value + ", 0);");
    E.line(R.Other + " = __shfl_sync(" + E.mask() + ", " + R.Other + ", 0);");
    Code.Lines = std::move(E.Out);
    return Code;
  }
  // One pair per warp, combined by warp 0 over the warps that exist.
  if (R.Reentrant)
    E.line("__syncthreads();");
  E.line("if (" + E.Lane + " == 0) {");
  E.indent();
  E.line(E.ValueWarps + "[" + E.Rank + " / 32u] = " + R.Value + ";");
  E.line(E.OtherWarps + "[" + E.Rank + " / 32u] = " + R.Other + ";");
  E.dedent();
  E.line("}");
  E.line("__syncthreads();");
  E.line("if (" + E.Rank + " < 32u) {");
  E.indent();
  E.line("const unsigned " + E.Count + " = (" + E.Threads + " + 31u) / 32u;");
  E.line("if (" + E.Rank + " < " + E.Count + ") {");
  E.indent();
  E.line(R.Value + " = " + E.ValueWarps + "[" + E.Rank + "];");
  E.line(R.Other + " = " + E.OtherWarps + "[" + E.Rank + "];");
  E.dedent();
  E.line("}");
  E.warpStage(E.Count);
  E.dedent();
  E.line("}");
  E.line("if (" + E.Rank + " == 0) {");
  E.indent();
  E.line(E.ValueWarps + "[0] = " + R.Value + ";");
  E.line(E.OtherWarps + "[0] = " + R.Other + ";");
  E.dedent();
  E.line("}");
  E.line("__syncthreads();");
  E.line(R.Value + " = " + E.ValueWarps + "[0];");
  E.line(R.Other + " = " + E.OtherWarps + "[0];");
  Code.Lines = std::move(E.Out);
  return Code;
}

ReductionCode buildSharedTree(const ReductionRequest &R, uint64_t Threads, FreshNames &Fresh,
                              unsigned ElementBytes, StringRef IndentUnit) {
  bool Warp = R.Over == ReductionRequest::Scope::Warp;
  std::string Tree = Fresh.get(R.NameStem + "_tree");
  std::string Rank = Fresh.get(R.NameStem + "_rank");
  std::string Lane = Warp ? Fresh.get(R.NameStem + "_lane") : "";
  std::string Stride = Fresh.get(R.NameStem + "_stride");
  std::string Barrier = Warp ? "__syncwarp();" : "__syncthreads();";
  std::string Unit = IndentUnit.str();
  std::string Mine = Tree + "[" + Rank + "]";
  ReductionCode Code;
  auto Line = [&](const std::string &Text) { Code.Lines.push_back(Text); };
  Line("__shared__ " + R.Type + " " + Tree + "[" + std::to_string(Threads) + "];");
  Code.SharedBytes = static_cast<unsigned>(Threads * ElementBytes);
  Line("const unsigned " + Rank + " = " +
       (R.OneDimensional ? "threadIdx.x" : "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)") +
       ";");
  if (Warp)
    Line("const unsigned " + Lane + " = " + Rank + " % 32u;");
  // A round that runs again must not store over the element another
  // thread has yet to read from the round before.
  if (R.Reentrant)
    Line(Barrier);
  Line(Mine + " = " + R.Value + ";");
  Line(Barrier);
  Line("for (unsigned " + Stride + " = " + (Warp ? std::string("16") : std::to_string(Threads / 2)) + "; " + Stride +
       " > 0; " + Stride + " /= 2) {");
  Line(Unit + "if (" + (Warp ? Lane : Rank) + " < " + Stride + ")");
  Line(Unit + Unit + cuda::foldText(R.Op, Mine, Tree + "[" + Rank + " + " + Stride + "]") + ";");
  Line(Unit + Barrier);
  Line("}");
  Line(R.Value + " = " + Tree + "[" + (Warp ? Rank + " - " + Lane : std::string("0")) + "];");
  return Code;
}

ReductionCode buildSharedPairTree(const PairReductionRequest &R, uint64_t Threads, FreshNames &Fresh,
                                  unsigned ValueBytes, unsigned OtherBytes, StringRef IndentUnit) {
  bool Warp = R.Over == ReductionRequest::Scope::Warp;
  std::string ValueTree = Fresh.get(R.Value + "_tree"), OtherTree = Fresh.get(R.Other + "_tree");
  std::string Rank = Fresh.get(R.NameStem + "_rank");
  std::string Lane = Warp ? Fresh.get(R.NameStem + "_lane") : "";
  std::string Stride = Fresh.get(R.NameStem + "_stride");
  PairEmitter E(R, Fresh, IndentUnit, /*CombineOnly=*/true);
  std::string Barrier = Warp ? "__syncwarp();" : "__syncthreads();";
  ReductionCode Code;
  E.line("__shared__ " + R.ValueType + " " + ValueTree + "[" + std::to_string(Threads) + "];");
  E.line("__shared__ " + R.OtherType + " " + OtherTree + "[" + std::to_string(Threads) + "];");
  Code.SharedBytes = static_cast<unsigned>(Threads * (ValueBytes + OtherBytes));
  E.line("const unsigned " + Rank + " = " +
         (R.OneDimensional ? "threadIdx.x" : "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)") +
         ";");
  if (Warp)
    E.line("const unsigned " + Lane + " = " + Rank + " % 32u;");
  if (R.Reentrant)
    E.line(Barrier);
  // Each thread owns its element: its locals stay equal to it.
  auto Store = [&] {
    E.line(ValueTree + "[" + Rank + "] = " + R.Value + ";");
    E.line(OtherTree + "[" + Rank + "] = " + R.Other + ";");
  };
  Store();
  E.line(Barrier);
  E.line("for (unsigned " + Stride + " = " + (Warp ? std::string("16") : std::to_string(Threads / 2)) + "; " +
         Stride + " > 0; " + Stride + " /= 2) {");
  E.indent();
  E.line("if (" + (Warp ? Lane : Rank) + " < " + Stride + ") {");
  E.indent();
  E.line("const " + R.ValueType + " " + E.ValueOther + " = " + ValueTree + "[" + Rank + " + " + Stride + "];");
  E.line("const " + R.OtherType + " " + E.OtherOther + " = " + OtherTree + "[" + Rank + " + " + Stride + "];");
  E.combine("");
  Store();
  E.dedent();
  E.line("}");
  E.line(Barrier);
  E.dedent();
  E.line("}");
  std::string Root = Warp ? Rank + " - " + Lane : std::string("0");
  E.line(R.Value + " = " + ValueTree + "[" + Root + "];");
  E.line(R.Other + " = " + OtherTree + "[" + Root + "];");
  Code.Lines = std::move(E.Out);
  return Code;
}

std::string indentLines(const std::vector<std::string> &Lines, StringRef Indent) {
  std::string Out;
  for (const std::string &L : Lines)
    Out += "\n" + Indent.str() + L;
  return Out;
}

} // namespace klineage
