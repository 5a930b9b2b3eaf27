//===- Analysis.h - Facts vectorize-global-access needs about a function --===//
//
// Part of KLineage. Per-function facts (which variables are modified where,
// which memory is read/written where, which calls may write memory,
// __builtin_assume facts), pointer roots (which parameter/array a pointer
// is derived from, at which byte offset, with which known alignment), and
// divisibility (is an index a provable multiple of V). All side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_ANALYSIS_H
#define KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_ANALYSIS_H

#include "LinearForm.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace klineage {
namespace vga {

/// The CUDA scalar element kind of a type: "float", "int", "uint" (4 bytes).
std::optional<std::string> scalarKind(clang::QualType T);
/// For float4/float2/int4/int2/uint4/uint2: the element kind and width.
std::optional<std::pair<std::string, unsigned>> vectorKind(clang::QualType T);
inline std::string vectorTypeName(llvm::StringRef Elem, unsigned V) {
  return (Elem + llvm::Twine(V)).str();
}
extern const char *const LaneNames[4];

/// A modification of a local variable or parameter.
struct VarMod {
  unsigned Begin = 0, End = 0;
  clang::BinaryOperatorKind Op = clang::BO_Assign; ///< for assignments
  const clang::Expr *Value = nullptr;              ///< RHS of =, +=, -=
  bool Other = false;                              ///< ++, --, &v, other compound op
};

/// A memory event inside a function body.
struct MemEvent {
  enum Kind { Read, Write, Call } K = Read;
  unsigned Begin = 0, End = 0;
  unsigned Time = 0;             ///< when it happens (writes: end of the assignment)
  const clang::Expr *E = nullptr; ///< the accessed lvalue / the call
  std::string What;              ///< callee name for calls
};

/// Where a pointer comes from.
struct Root {
  enum Kind { KernelParam, DeviceParam, GlobalVar, Shared, LocalArray, LocalScalar, Member, Unknown };
  Kind K = Unknown;
  const clang::ValueDecl *D = nullptr;
  bool Restrict = false;
  std::string Name;                ///< the root's name (parameter, array, field)
  std::vector<std::string> Chain;  ///< named local pointers from the use back to the root
  LinearForm OffsetBytes;          ///< byte offset from the root (when known)
  bool OffsetKnown = true;
  std::optional<unsigned> AlignBytes; ///< from __builtin_assume_aligned
  /// A parameter advanced in place (`x += e`, `x -= e`): the element counts
  /// added; the offset is a multiple of N bytes if every one is.
  std::vector<const clang::Expr *> Advances;
  int64_t AdvanceElemBytes = 0;
  std::string Why;                 ///< for Unknown
};

class FunctionFacts {
public:
  FunctionFacts(const clang::ASTContext &Ctx, const clang::FunctionDecl *FD);
  const clang::FunctionDecl *function() const { return FD; }
  bool isKernel() const;
  /// Modifications of \p VD (not counting its initialiser).
  const std::vector<VarMod> &mods(const clang::VarDecl *VD) const;
  /// The first modification of any variable in \p Vars in [Begin, End), or null.
  const VarMod *modifiedIn(const std::vector<const clang::VarDecl *> &Vars, unsigned Begin,
                           unsigned End, const clang::VarDecl **Which = nullptr) const;
  const std::vector<MemEvent> &events() const { return Events; }
  /// __builtin_assume(v % N == 0) facts.
  bool assumedMultiple(const clang::VarDecl *VD, int64_t N) const;
  /// Is \p Name free for a new local variable in this function?
  bool nameIsFree(const std::string &Name) const;

private:
  friend class FactsVisitor;
  const clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  std::map<const clang::VarDecl *, std::vector<VarMod>> Mods;
  std::vector<MemEvent> Events;
  std::vector<std::pair<const clang::VarDecl *, int64_t>> Multiples;
  std::set<std::string> Names;
};

/// Analysis shared by forward and reverse for one function.
class Analyzer {
public:
  Analyzer(const clang::ASTContext &Ctx, const Assumptions &Assume, const FunctionFacts &Facts)
      : Ctx(Ctx), Assume(Assume), Facts(Facts), Lin(Ctx) {}
  const clang::ASTContext &ast() const { return Ctx; }
  const FunctionFacts &facts() const { return Facts; }
  Linearizer &lin() { return Lin; }
  std::string fnName() const;

  Root rootOf(const clang::Expr *Ptr, unsigned Depth = 0);
  /// Is \p F provably a multiple of \p N? Holds / Fails (provably not) /
  /// Unknown; \p Reason and \p Assumable filled.
  Status multipleOf(const LinearForm &F, int64_t N, std::string &Reason, std::string &Assumable);
  bool atomMultiple(const std::string &AtomKey, int64_t N, unsigned Depth = 0);
  bool formMultiple(const LinearForm &F, int64_t N, unsigned Depth = 0);

  /// global-pointer for a root.
  Status globalPointer(const Root &R, std::string &Reason);
  /// base-aligned: is the pointer (root + offset) aligned to Bytes?
  Status baseAligned(const Root &R, unsigned Bytes, const std::string &UseName,
                     std::string &Reason, std::string &Assumable);
  /// Whether memory through \p A and \p B may overlap: 0 no, 1 maybe, 2 same array.
  int mayAlias(const Root &A, const Root &B, std::string &Why);

private:
  const clang::ASTContext &Ctx;
  const Assumptions &Assume;
  const FunctionFacts &Facts;
  Linearizer Lin;
};

/// Math and conversion functions without side effects (make_float4, __expf, ...).
bool isPureCallee(llvm::StringRef Name);

/// Pointer expression under a memory access lvalue (x in x[i], *(x+i), p->f).
const clang::Expr *accessBasePointer(const clang::Expr *Access);
/// The enclosing function of a statement.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx, const clang::Stmt *S);

} // namespace vga
} // namespace klineage

#endif
