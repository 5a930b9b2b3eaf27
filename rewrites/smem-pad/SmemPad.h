//===- SmemPad.h - What the pair's two directions share ---------*- C++ -*-===//
//
// Part of KLineage. The precondition names, the plan of one __shared__
// array (where it is used, how, and its bank-conflict degrees per pad) and
// the checks both directions of smem-pad use, shared by SmemPad.cpp
// (forward, specs, registration) and Reverse.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_SMEMPAD_H
#define KLINEAGE_REWRITES_SMEMPAD_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/TypeLoc.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace smem_pad {

inline constexpr char Name[] = "smem-pad";
inline constexpr char ArrayStaticallyShaped[] = "array-statically-shaped";
inline constexpr char BankConflicted[] = "bank-conflicted";
inline constexpr char BlockShapeKnown[] = "block-shape-known";
inline constexpr char PadRemovesConflicts[] = "pad-removes-conflicts";
inline constexpr char LayoutUnobserved[] = "layout-unobserved";
inline constexpr char VectorAccessAligned[] = "vector-access-aligned";
inline constexpr char IndicesWithinRows[] = "indices-within-rows";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";

/// The largest pad (elements) the forward tries, and the option's range.
inline constexpr unsigned MaxPad = 32;

/// One element or vector access of the array, with its degree for each
/// row length tried (index: the pad, 0 = as declared).
struct AccessInfo {
  analysis::SharedUse Use;
  const clang::FunctionDecl *Function = nullptr;
  std::optional<analysis::SharedAccess> Access;
  std::vector<analysis::BankConflict> ByPad;
  uint64_t AccessBytes = 0; ///< bytes a lane moves from the element on
};

/// A function that uses the array: its block shape (when every launch
/// agrees, or asserted) and its uses.
struct UserFunction {
  const clang::FunctionDecl *Function = nullptr;
  std::optional<analysis::Dim3> Block;
  std::vector<analysis::SharedUse> Uses;
};

/// What the pair knows of one __shared__ array at a site: its declaration,
/// every function using it, every access and (forward) the pad.
struct ArrayPlan : SiteSubject {
  Direction Dir = Direction::Forward;
  const clang::VarDecl *Array = nullptr;
  analysis::SharedDecl Decl;
  /// The declarator's array type locations, outermost first (fewer than
  /// the dimensions when the type comes from a typedef).
  std::vector<clang::ArrayTypeLoc> Extents;
  std::string ExtentsFrom; ///< the typedef or alias the extents come from
  uint64_t Row = 0;        ///< the innermost extent as declared
  /// A static array of two or more dimensions with written extents: a tile
  /// whose rows a pad can lengthen (array-statically-shaped).
  bool IsTile = false;
  std::vector<UserFunction> Users;
  std::vector<AccessInfo> Accesses;
  /// The widest vector access through an element's address (bytes; 0: none)
  /// and the access that has it.
  uint64_t VectorBytes = 0;
  const AccessInfo *VectorAccess = nullptr;
  /// Forward: the pad asked for (--option=pad=N) or chosen (auto), and why
  /// auto chose none. Reverse: the padding the declaration shows.
  std::optional<uint64_t> Pad;
  bool PadAsked = false;
  std::string NoPadWhy;
  /// Reverse: the row length without the padding.
  uint64_t Unpadded = 0;

  /// The row length indices must stay below: the declared one (forward),
  /// the unpadded one (reverse).
  uint64_t rowBound() const { return Dir == Direction::Forward ? Row : Unpadded; }
  /// The pad's bytes per row, changed by the direction.
  uint64_t padBytes() const { return Pad.value_or(0) * Decl.ElemBytes; }
};

/// Builds the plan of \p Array as both directions need it: the functions
/// using it (its own, or every function of the file for a file-scope
/// array), their block shapes and uses, and every access's degree for the
/// pads 0..MaxPad (forward only: \p WithDegrees).
ArrayPlan planArray(const AnalysisContext &AC, const clang::VarDecl *Array, Direction Dir, bool WithDegrees);

/// The file text of extent expression \p E when it is plain text or a
/// macro's whole use in the file (`TILE_DIM`, `TILE_DIM + 1`); invalid
/// inside a macro's body or argument.
clang::CharSourceRange extentRange(const clang::ASTContext &Ctx, const clang::Expr *E);
std::optional<std::string> extentText(const clang::ASTContext &Ctx, const clang::Expr *E);

/// The function whose body declares \p V, or null at file scope.
const clang::FunctionDecl *declaringFunction(const clang::VarDecl *V);

/// The `block:KERNEL:X,Y` assumption that settles an unknown shape.
std::string blockAssumable(const clang::FunctionDecl *FD);
/// "line 12 ('tile[tx][ty]')": where an expression is, for reasons.
std::string describe(const clang::ASTContext &Ctx, const clang::Expr *E);

// Both directions: one function per precondition; the subject is the plan.
Status checkLayoutUnobserved(const PreconditionQuery &Q, PreconditionResult &R);
Status checkVectorAccessAligned(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndicesWithinRows(const PreconditionQuery &Q, PreconditionResult &R);

/// Reverse: the sites of the padded arrays (Reverse.cpp).
void findReverseSite(const RewritePair &Pair, AnalysisContext &AC, const clang::VarDecl *Array);

} // namespace smem_pad
} // namespace klineage

#endif
