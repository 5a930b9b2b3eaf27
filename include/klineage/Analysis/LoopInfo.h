//===- LoopInfo.h - Counted loops and their trip counts -----------*- C++ -*-===//
//
// Part of KLineage. The trip count of a `for`, `while`, `do` or range-`for`
// loop, read off its shape (index, start value, bound, step) and simulated in
// the index's own type:
//  - integer indices compared with <, <=, >, >=, != (or tested against 0),
//    stepped by ++/--, op= or `i = i op c`;
//  - pointers walking a constant distance from one base pointer or array;
//  - range-for over a fixed-size array.
// A start value, bound or step must be an integral constant expression here
// (or a local set once to one); `warpSize` is not one (cuda::readsWarpSize:
// nvcc reads it from a register). Results are structured: a count, or the
// reason with the expressions involved, for the caller to word.
// Side-effect free; no Edit/Rewrite dependency.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_LOOPINFO_H
#define KLINEAGE_ANALYSIS_LOOPINFO_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/APSInt.h"
#include <array>
#include <cstdint>
#include <optional>

namespace klineage {
namespace analysis {

/// How far a trip-count simulation goes before it stops counting.
constexpr uint64_t TripCountSimulationCap = 1u << 16;

/// Why an expression is not an integer constant here.
struct NonConstant {
  enum Kind {
    Dependent, ///< depends on a template parameter (decided per instantiation)
    WarpSize,  ///< reads warpSize: a run-time register for nvcc
    RunTime,   ///< known only at run time
  } K = RunTime;
  const clang::Expr *E = nullptr;
  /// RunTime: the first variable, member, call or builtin (threadIdx.x, in
  /// its syntactic form) that is not a constant; null when none is found.
  const clang::Expr *Culprit = nullptr;
};

/// The value of integer expression \p E, when it is a constant here: an
/// integral constant expression, or a non-parameter local integer initialised
/// with one and never modified in its function. Otherwise sets \p Why.
std::optional<llvm::APSInt> constantValue(clang::ASTContext &Ctx, const clang::Expr *E,
                                          NonConstant &Why);

/// The parts of a counted loop, whatever its statement kind.
struct CountedLoop {
  enum Shape { For, While, Do } Kind = For;
  const clang::Expr *Cond = nullptr;
  const clang::Stmt *Init = nullptr; ///< DeclStmt or assignment setting the index
  const clang::Expr *Inc = nullptr;  ///< the index update (may be a comma expression)
  const clang::Stmt *Body = nullptr;
  const clang::Stmt *SkipInBody = nullptr; ///< the update, when it is the body's last statement
  const clang::Stmt *FnBody = nullptr;     ///< the enclosing function's body
  const clang::Stmt *LoopS = nullptr;      ///< the loop statement itself
};

/// A pointer expression as an element offset from a variable: `row`,
/// `row + 8`, `&regs[2]`, `end` (a never-modified local set to one of these).
struct PointerPos {
  const clang::VarDecl *Base = nullptr;
  int64_t Off = 0;
};

/// Why an expression is not a PointerPos.
struct NotPointerPos {
  enum Kind {
    NotFixedPointer,    ///< the walking pointer itself, or not a variable
    NotPointer,         ///< a variable that is not a pointer or an array
    OffsetNotConstant,  ///< `p + n` with a run-time (or warpSize) n; E is n
    IndexNotConstant,   ///< `&a[i]` with a run-time i; E is i
    NotBasePlusConstant ///< any other shape
  } K = NotBasePlusConstant;
  const clang::Expr *E = nullptr;
};

/// \p E as an offset of a pointer variable or array other than \p IV. A local
/// never modified in \p FnBody stands for its initialiser when its base is an
/// array or never modified either.
std::optional<PointerPos> pointerPos(clang::ASTContext &Ctx, const clang::Expr *E,
                                     const clang::VarDecl *IV, const clang::Stmt *FnBody,
                                     NotPointerPos &Why);

/// A `continue` of the loop whose body holds \p S (not of a loop nested
/// in it, nor in a lambda), or null.
const clang::Stmt *findContinue(const clang::Stmt *S);

/// In index update \p Inc (possibly a comma expression), the operand that
/// updates \p IV, when exactly one does and the others leave it alone.
const clang::Expr *stepOf(clang::ASTContext &Ctx, const clang::Expr *Inc,
                          const clang::VarDecl *IV);

/// The start value of \p IV when the loop header does not set it: the
/// initialiser of its declaration earlier in the loop's block, when no
/// statement in between (nor \p HeaderInit) writes it or lets it escape, and
/// none is a label.
const clang::Expr *declaredStartBefore(clang::ASTContext &Ctx, const clang::Stmt *LoopS,
                                       const clang::VarDecl *IV,
                                       const clang::Stmt *HeaderInit);

/// The trip count of one loop (one instantiation), or why there is none.
struct TripCount {
  enum Reason {
    Counted, ///< Count holds the exact count, or OverCap is set
    // Integer loops.
    NoCondition,           ///< a `for (;;)`
    NotComparison,         ///< Cond is no comparison of an index with a bound
    NoIntegerIndex,        ///< Cond compares no integer index variable
    ConditionUpdatesIndex, ///< `k-- > 0`: Var is updated in Cond
    EqualityTest,          ///< Cond is `==`
    DependentCondition,    ///< Cond depends on a template parameter
    NoStart,               ///< no start value for Index
    StartNotConstant,      ///< Operand: why the start value is not constant
    BoundNotConstant,      ///< Operand: why the bound is not constant
    StepNotConstant,       ///< Operand: why the step amount is not constant
    StepNotUpdate,         ///< LoopInc is not a constant update of Index
    NoStep,                ///< a `for` without step expression
    BodyDoesNotUpdate,     ///< a while/do body that does not end with an update
    ContinueSkipsUpdate,   ///< At: a `continue` that skips the body's last update
    ModifiedInBody,        ///< At: where Var is modified or escapes in the body
    ConditionModifies,     ///< Cond modifies Index
    ZeroStep,              ///< += 0 / -= 0
    StepDoesNotMove,       ///< StepValue: *= or /= by 0 or 1
    ShiftDoesNotMove,      ///< StepValue: a shift by 0 or a negative amount
    UnsignedAlwaysTrue,    ///< unsigned `>= 0` / `<= max`
    StopsChanging,         ///< StuckAt: the index's fixed point before the bound
    // Pointer loops.
    PointerNotStepped,     ///< Cond compares no pointer that the step moves
    PointerNoStart,        ///< the header does not set the pointer
    PointerStartNotPos,    ///< Pointer: why the start is no base + constant
    PointerBoundNotPos,    ///< Pointer: why the bound is no base + constant
    DifferentBases,        ///< Start and Bound are offsets of different bases
    ElementSizesDiffer,    ///< Index and Var (the base) step over different sizes
    PointerStepNotConstant,///< LoopInc is not a constant, non-zero move of Index
    PointerContinue,       ///< a `continue` skips the body's last update of Index
    PointerModified,       ///< At: where Var (Index or its base) changes in the loop
    NeverReaches,          ///< Index jumps over Bound or leaves the object
    // Range-for.
    DependentRange,        ///< the range's type depends on a template parameter
    RangeNotFixedArray,    ///< Range is not a fixed-size array
  } Why = Counted;

  /// Decided per instantiation (the reason is about a dependent construct).
  bool Dependent = false;
  std::optional<uint64_t> Count; ///< exact, when counted and <= the cap
  bool OverCap = false;          ///< counted, but more than the cap

  bool counted() const { return Why == Counted; }

  const clang::VarDecl *Index = nullptr; ///< the index variable or pointer
  const clang::VarDecl *Var = nullptr;   ///< the variable a reason is about
  const clang::Expr *Cond = nullptr;     ///< the condition
  const clang::Expr *Start = nullptr;    ///< the start value expression
  const clang::Expr *Bound = nullptr;    ///< the bound (null: tested against 0)
  const clang::Expr *Step = nullptr;     ///< the update of the index
  const clang::Expr *LoopInc = nullptr;  ///< the loop's whole update expression
  const clang::Expr *Range = nullptr;    ///< range-for: the range
  const clang::Stmt *At = nullptr;       ///< the statement a reason points at
  CountedLoop::Shape Shape = CountedLoop::For;
  NonConstant Operand;
  NotPointerPos Pointer;
  std::optional<llvm::APSInt> StartValue, BoundValue, StepValue, StuckAt;
};

TripCount analyseCounted(clang::ASTContext &Ctx, const CountedLoop &L);
TripCount analysePointerLoop(clang::ASTContext &Ctx, const CountedLoop &L);
TripCount analyseRangeFor(clang::ASTContext &Ctx, const clang::CXXForRangeStmt &For);
/// The trip count of loop statement \p Loop (for, while, do, range-for) in the
/// function whose body is \p FnBody. A while/do index is set by the statement
/// right before the loop (or its declaration earlier in the block) and
/// updated by the body's last statement.
TripCount analyseTripCount(clang::ASTContext &Ctx, const clang::Stmt &Loop,
                           const clang::Stmt *FnBody);

/// A block-strided loop: `for (k = c + threadIdx.a; k < B; k += S)` (also
/// `<=`; S a constant or blockDim.a; the start `threadIdx.a`, a const local
/// holding it, plus or minus a constant c), the shape of a cooperative copy.
/// Its count depends on the thread; it is the same in every thread when the
/// block's extent along a keeps ceil((B - c - t) / S) equal for t in
/// [0, extent) (e.g. an extent of S that divides B - c).
struct BlockStridedCount {
  uint64_t Count = 0;       ///< iterations, in every thread of the block
  unsigned Axis = 0;        ///< 0 = threadIdx.x, 1 = y, 2 = z
  int64_t Offset = 0;       ///< c: the start is threadIdx.a + c
  uint64_t Step = 0;        ///< S (blockDim.a: the block's extent)
  const clang::VarDecl *Index = nullptr;
};
/// \p Block: the block's extents (x, y, z), when launches or assumptions fix them.
std::optional<BlockStridedCount> blockStridedTripCount(clang::ASTContext &Ctx, const clang::ForStmt &Loop,
                                                       const clang::Stmt *FnBody,
                                                       std::optional<std::array<uint64_t, 3>> Block);

} // namespace analysis
} // namespace klineage

#endif
