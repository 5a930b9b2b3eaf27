//===- VectorizeGlobalAccess.h - The pair's parts, shared by its files ----===//
//
// Part of KLineage. What the forward and reverse analyses of
// vectorize-global-access (Forward.cpp, Reverse.cpp) hand to the pair's
// precondition functions (Preconditions.cpp): the lane groups and vector
// accesses a site is about, the per-function view of lib/Analysis with the
// user's --assume facts folded in, and the worst-wins verdicts of a site.
// Private to the pair.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_VECTORIZEGLOBALACCESS_H
#define KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_VECTORIZEGLOBALACCESS_H

#include "klineage/Analysis/Alignment.h"
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/MemoryInterference.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Cuda/PackedVectors.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace klineage {
namespace vga {

using analysis::Atom;
using analysis::FunctionFacts;
using analysis::LinearForm;
using analysis::Linearizer;
using analysis::MemEvent;
using analysis::Monomial;
using analysis::Root;
using analysis::VarMod;

inline constexpr const char *RewriteName = "vectorize-global-access";

// Precondition names (stable: tests and skills cite them).
inline constexpr const char *ContiguousLanes = "contiguous-lanes";
inline constexpr const char *IndexAligned = "index-aligned";
inline constexpr const char *BaseAligned = "base-aligned";
inline constexpr const char *GlobalPointer = "global-pointer";
inline constexpr const char *TailCovered = "tail-covered";
inline constexpr const char *NoAliasingWriteBetween = "no-aliasing-write-between";
inline constexpr const char *SameBlock = "same-block";
inline constexpr const char *VectorTempOnlyLanes = "vector-temp-only-lanes";
inline constexpr const char *LoopLanesUnconditional = "loop-lanes-unconditional";

/// The pair's table entry for precondition \p Name in direction \p D.
const PreconditionSpec &spec(const char *Name, Direction D);

extern const char *const LaneNames[4];

//===----------------------------------------------------------------------===//
// The view of one function
//===----------------------------------------------------------------------===//

/// lib/Analysis for one function, with the user's --assume facts folded in
/// (alignment, divisibility, absence of aliasing).
class FunctionView {
public:
  FunctionView(const clang::ASTContext &Ctx, const Assumptions &Assume, const FunctionFacts &Facts);
  FunctionView(const FunctionView &) = delete;
  FunctionView &operator=(const FunctionView &) = delete;
  const clang::ASTContext &ast() const { return Ctx; }
  const FunctionFacts &facts() const { return Facts; }
  Linearizer &lin() { return Lin; }
  std::string fnName() const;

  Root rootOf(const clang::Expr *Ptr) { return Prov.rootOf(Ptr); }
  bool formMultiple(const LinearForm &F, int64_t N) { return Div.formMultiple(F, N); }
  /// Is \p F a multiple of \p N? Holds / Fails (provably not) / Unknown, with
  /// the reason and the --assume fact that would settle it.
  Status multipleOf(const LinearForm &F, int64_t N, std::string &Reason, std::string &Assumable);
  /// Is the pointer \p R (root + offset) aligned to \p Bytes?
  analysis::AlignmentAnswer alignedTo(const Root &R, unsigned Bytes) {
    return Align.alignedTo(R, Bytes);
  }
  /// Whether memory through \p A and \p B may overlap: 0 no, 1 maybe, 2 same array.
  int mayAlias(const Root &A, const Root &B, std::string &Why);
  /// The events in [Begin, End) that may touch memory through \p P.
  std::vector<analysis::Interference> interferences(const Root &P, unsigned Begin, unsigned End,
                                                    bool Reads);

private:
  const clang::ASTContext &Ctx;
  const Assumptions &Assume;
  const FunctionFacts &Facts;
  Linearizer Lin;
  analysis::PointerProvenance Prov;
  analysis::Divisibility Div;
  analysis::Alignment Align;
};

/// What the forward and the reverse analysis of one function share.
class FunctionAnalysis {
protected:
  FunctionAnalysis(AnalysisContext &AC, const clang::FunctionDecl *FD);
  AnalysisContext &AC;
  const clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  const FunctionFacts &Facts;
  FunctionView A;
  clang::ParentMap PM;
  FreshNames Names;   ///< temporary names handed out
  clang::FileID File; ///< the file the body is written in (main file or a user header)
};

/// Worst-wins precondition results of one site, emitted in a fixed order.
struct Verdicts {
  std::map<std::string, PreconditionResult> R;
  static int rank(Status S) { return S == Status::Holds ? 0 : S == Status::Unknown ? 1 : 2; }
  /// Records \p P unless an equal or worse verdict is already there (the
  /// first result of the worst severity is kept).
  void set(PreconditionResult P);
  void set(const std::string &Name, Status St, const std::string &Reason,
           const std::string &Assumable = "");
  /// Evaluates \p Spec's function for \p Q and records it (worst wins).
  Status check(const PreconditionSpec &Spec, const PreconditionQuery &Q);
  /// Evaluates it and records it in place of an earlier result.
  Status recheck(const PreconditionSpec &Spec, const PreconditionQuery &Q);
  void merge(const Verdicts &O);
  bool anyFails() const;
  void emit(Site &S, llvm::ArrayRef<const char *> Order) const;
};

//===----------------------------------------------------------------------===//
// Forward: scalar lanes and their groups
//===----------------------------------------------------------------------===//

struct Lane {
  const clang::Expr *Access = nullptr; ///< x[i] or *(x + i)
  const clang::Expr *Base = nullptr;   ///< x
  const clang::Expr *Index = nullptr;  ///< i (null for *x)
  std::vector<const clang::Expr *> Parts; ///< the index as a sum: *(x + a + b) -> {a, b}
  LinearForm Idx;
  int64_t C = 0;
  std::string PtrKey, SymKey, Elem;
  bool IsStore = false;
  const clang::BinaryOperator *Assign = nullptr; ///< store: the `x[i] = e` statement
  const clang::Stmt *Anchor = nullptr;           ///< the statement directly in Block
  const clang::CompoundStmt *Block = nullptr;
  std::string CondWhy;
  const clang::IfStmt *Guard = nullptr;
  const clang::CompoundStmt *GuardBlock = nullptr;
  unsigned Begin = 0, End = 0, Time = 0;
  /// How the access is used (for lanes written as a loop).
  enum UseKind { UseRead, UseWrite, UseRMW, UseOther } Use = UseOther;
  /// The read half of a compound assignment `p[i] op= e` (its store lane is
  /// the one in ByAccess); only usable merged into that store's site.
  bool FromCompound = false;
};

/// Lanes written as a loop: `for (k = S; k < S + V; ++k) ... p[B + k] ...`.
struct LoopGroup {
  const clang::ForStmt *For = nullptr;
  const clang::Stmt *Outer = nullptr; ///< the for, or the `#pragma unroll` statement around it
  const clang::VarDecl *K = nullptr;
  std::string KKey;
  int64_t Start = 0;
  unsigned V = 4;
  std::vector<Lane *> Accesses;
  bool HasRead = false, HasWrite = false;
  Verdicts P;
  std::string Name, VecType;
};

struct Group {
  enum Shape { InBlock, Guarded, Scattered, Incomplete } Sh = InBlock;
  bool IsStore = false;
  unsigned V = 4;
  int64_t C0 = 0;
  std::vector<Lane *> Accesses;          ///< every access of every lane, textual order
  std::vector<Lane *> ByLane;            ///< first access of lane k (null: missing)
  unsigned Start = 0, Stop = 0;          ///< the range the rewrite moves accesses across
  Verdicts P;
  std::string Name;                      ///< load groups: the vector temporary
  std::string VecType;
  Group *MergedInto = nullptr;           ///< load group folded into a store group's site
  bool GuardMerge = false;               ///< per-lane guards proven equivalent: merge them
  std::vector<const clang::IfStmt *> Guards; ///< the per-lane guards, textual order
  std::vector<Group *> Merged;           ///< store group: load groups it absorbs
  unsigned TempAt = 0;                   ///< load groups: where the temporary is declared
  const clang::Stmt *TempAnchor = nullptr;
  /// Load groups: `make_float4(p[B], p[B + 1], p[B + 2], p[B + 3])`, the
  /// lanes are exactly the call's arguments; the call becomes the vector load.
  const clang::CallExpr *InCall = nullptr;
  const Lane *lane0() const { return ByLane[0] ? ByLane[0] : Accesses.front(); }
};

/// What a forward precondition is asked about: one group of lanes (written
/// out, or as a loop) of one function.
struct ForwardSubject : SiteSubject {
  ForwardSubject(FunctionView &View, const clang::ParentMap &PM,
                 const std::map<const clang::Expr *, Lane *> &ByAccess,
                 const std::map<const clang::Expr *, Lane *> &AllByAccess)
      : View(View), PM(PM), ByAccess(ByAccess), AllByAccess(AllByAccess) {}
  FunctionView &View;
  const clang::ParentMap &PM;
  /// Straight-line lanes by their access (stores by the store's access).
  const std::map<const clang::Expr *, Lane *> &ByAccess;
  /// Every scalar access that may be a lane, loops included.
  const std::map<const clang::Expr *, Lane *> &AllByAccess;
  const Group *G = nullptr;        ///< lanes written out
  const LoopGroup *Loop = nullptr; ///< or lanes written as a loop
  const Lane *laneOf(const clang::Expr *E) const;
};

/// The access as written, for reasons.
std::string accessText(const clang::ASTContext &Ctx, const Lane *L);
/// The index of \p L as written: the subscript, or the folded parts `a + b`.
std::string indexText(const clang::ASTContext &Ctx, const Lane *L);
/// The base index of lanes written as a loop: the lane index with the loop
/// variable replaced by its start ("" when it is not plain source text).
std::string loopBaseText(const clang::ASTContext &Ctx, const LoopGroup &G);
/// The values {start, count} that \p Loop runs its index \p K over, when it
/// counts K up by one (`++k`, `k += 1`, `k = k + 1`) from a constant start a
/// constant number of times (analysis::analyseTripCount in \p FnBody).
std::optional<std::pair<int64_t, uint64_t>> upCountedRange(clang::ASTContext &Ctx, const clang::ForStmt &Loop,
                                                           const clang::VarDecl *K, const clang::Stmt *FnBody);
/// The variables the lanes' indices and bases read, and whether an index
/// reads memory.
void indexFacts(const std::vector<Lane *> &Accesses, std::vector<const clang::VarDecl *> &Vars,
                bool &ReadsMemory);
/// The per-lane guards `if (B + k < n)` of \p G in textual order, when each
/// lane has its own and they are consecutive statements of one block (else
/// empty, with the reason in \p Why).
std::vector<const clang::IfStmt *> laneGuards(const clang::ASTContext &Ctx, const Group &G,
                                              std::string &Why);

//===----------------------------------------------------------------------===//
// Reverse: vector accesses
//===----------------------------------------------------------------------===//

/// A vector address decomposed into scalar pointer + scalar index terms.
struct VecAddr {
  const clang::Expr *P = nullptr;                 ///< the scalar pointer
  std::vector<std::string> Terms;                 ///< scalar index = sum of these
  std::vector<const clang::Expr *> TermExprs;     ///< for "modified between" checks
  std::string Elem;
  unsigned V = 0;
  /// Narrower integer elements packed into each lane (a uint4 load of 16
  /// bytes): Pack scalars per lane, little-endian; 1 otherwise. Loads only.
  unsigned Pack = 1;
  std::string Narrow; ///< the scalar type's unsigned spelling ("unsigned char")
  /// Scalar elements per vector step.
  unsigned stride() const { return V * Pack; }
  std::string Why;
};

/// Vector accesses of one function as scalar pointers and indices.
class VectorAddresses {
public:
  VectorAddresses(const clang::ASTContext &Ctx, const FunctionFacts &Facts,
                  const clang::ParentMap &PM)
      : Ctx(Ctx), Facts(Facts), PM(PM) {}
  /// The address of vector access \p E (`*p4`, `p4[i]`, `__ldg(p4)`) and its
  /// decomposition; false when it is no cast of a scalar pointer.
  bool access(const clang::Expr *E, VecAddr &Out) const;
  /// True if the vector address derives from a scalar pointer (a cast
  /// somewhere); native float4 arrays are not this rewrite's business.
  bool castFromScalar(const clang::Expr *E) const;
  /// `*p`, `p[i]` or `__ldg(p)` of a vector type.
  bool isVectorAccess(const clang::Expr *E) const;
  /// `x[B + K]`: lane \p K of \p VA as a scalar access.
  std::string laneText(const VecAddr &VA, unsigned K) const;
  /// Parens, cleanups, temporaries, no-op casts and copies around \p E.
  static const clang::Expr *skipWrappers(const clang::Expr *E);
  /// The parent of \p E above implicit wrappers.
  const clang::Stmt *parentSkipping(const clang::Stmt *E) const;
  /// The lane `.x/.y/.z/.w` \p M reads (-1: none).
  static int laneIndex(const clang::MemberExpr *M);

private:
  bool decompose(const clang::Expr *Addr, VecAddr &Out, unsigned Depth = 0) const;
  bool addTerm(VecAddr &Out, const clang::Expr *Idx, unsigned Scale) const;
  const clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  const clang::ParentMap &PM;
};

/// One use of a vector temporary in the lane form.
struct TempUse {
  const clang::MemberExpr *M = nullptr;               ///< `v.y` read: lane K
  int K = -1;
  const clang::CXXOperatorCallExpr *Store = nullptr;  ///< `y4[i] = v`: a whole store
};

/// A vector temporary `float4 v = <vector load>;` read at its uses.
struct TempPlan {
  const clang::Expr *Load = nullptr;
  const clang::VarDecl *Var = nullptr;
  VecAddr VA;
  std::vector<TempUse> Uses;
  /// Why the lane form does not fit this temporary ("" if it does), and where.
  std::string Bad;
  const clang::Stmt *BadAt = nullptr;
  /// The span the loads are delayed across: after the declaration, to the
  /// last use (or the end of a loop that repeats a use).
  unsigned DelayBegin = 0, DelayEnd = 0;
  /// Each use's offset and lane (-1: a whole store).
  std::vector<std::pair<unsigned, int>> UseAt;
};

/// A call of a packed load or store helper (llm.c's load128cs / store128,
/// lib/Cuda/PackedVectors.h) and what its scalar form needs.
struct PackedPlan {
  const clang::CallExpr *Call = nullptr;
  cuda::PackedAccessHelper Helper;
  VecAddr VA; ///< the scalar pointer argument as pointer + index terms
  /// Loads: the temporary `P v = load128(p);` and its declaration.
  const clang::VarDecl *Var = nullptr;
  const clang::DeclStmt *Decl = nullptr;
  /// The temporary's type as written (to name its static members), "" if
  /// it is not writable (auto).
  std::string TypeText;
  /// One use of the temporary.
  struct Use {
    enum Kind {
      Element, ///< `v[k]` (At: the subscript, Index: k)
      Static,  ///< `v.size`, a static member named through the object (At: the member)
      Other,   ///< anything else (At: the reference)
    } K = Other;
    const clang::Expr *At = nullptr;
    const clang::Expr *Index = nullptr;
    bool Read = false; ///< Element: read as a value, not written or bound
  };
  std::vector<Use> Uses;
  /// The span the loads are delayed across (after the declaration, to the
  /// last use or the end of a loop that repeats one).
  unsigned DelayBegin = 0, DelayEnd = 0;
  /// Stores of a packed load (`store128(q, load128(p))`): the load, and
  /// its pointer as pointer + index terms; the scalar form copies lane by
  /// lane.
  const clang::CallExpr *CopyFrom = nullptr;
  VecAddr SrcVA;
  /// Why the call has no scalar form at all ("" if it has), for refusals.
  std::string NoForm;
  /// Stores of a register temporary whose lanes are each assigned once
  /// before the store (`P t; for (k < size) t[k] = f(k); store128(p, t);`,
  /// or one assignment per constant lane): each assignment stores its lane
  /// where it computes it (`p[B + k] = f(k);`), and the temporary and the
  /// packed store go. Empty when the store keeps its place.
  struct LaneDef {
    const clang::BinaryOperator *Assign = nullptr; ///< `t[e] = v`
    const clang::Expr *Element = nullptr;          ///< `t[e]`
    const clang::Expr *Index = nullptr;            ///< e
  };
  std::vector<LaneDef> Defs;
  const clang::DeclStmt *TempDecl = nullptr;
  /// Why the lanes are not stored at their assignments ("" if they are).
  std::string DefsWhy;
};

/// What a reverse precondition is asked about: one vector access and the
/// form its scalar replacement takes.
struct ReverseSubject : SiteSubject {
  enum Form {
    NotScalar, ///< the vector address is no cast of a scalar pointer (Why says why)
    LValue,    ///< the vector memory is used as an lvalue (Access)
    Lanes,     ///< temporaries read only through lanes: loads at the uses (Temps)
    InPlace,   ///< vector values loaded by scalar loads where they stand (Why: why)
    Store,     ///< a vector store split into scalar stores (Access, StoreOp)
    LoadInto,  ///< a vector load assigned to register storage lane by lane (Target)
    OneLane,   ///< one lane read straight from a vector load (Lane)
    PackedLoad,  ///< a packed temporary's elements loaded at the uses (Packed)
    PackedStore, ///< a packed store split into scalar stores in place (Packed)
  } F = NotScalar;
  ReverseSubject(FunctionView &View, const VectorAddresses &Addr, const clang::ParentMap &PM)
      : View(View), Addr(Addr), PM(PM) {}
  FunctionView &View;
  const VectorAddresses &Addr;
  const clang::ParentMap &PM;
  const clang::Expr *Access = nullptr;
  std::string Why;
  std::vector<TempPlan> Temps;                         ///< Lanes
  std::vector<std::pair<const clang::Expr *, const clang::VarDecl *>> Loads; ///< InPlace
  unsigned Width = 0;                                  ///< InPlace: lanes per load
  std::string Elem;                                    ///< InPlace: element kind
  const clang::CXXOperatorCallExpr *StoreOp = nullptr; ///< Store: `dst = value`
  std::string Target;                                  ///< LoadInto: the register storage
  int Lane = -1;                                       ///< OneLane
  const PackedPlan *Packed = nullptr;                  ///< PackedLoad, PackedStore
};

/// A vector store \p Ev to exactly the elements of \p VA: fine if every use
/// (\p UseAt) comes before it and, should the store be split, value j only
/// reads lanes k >= j.
bool sameElementsReadFirst(const ReverseSubject &S, const MemEvent &Ev, const VecAddr &VA,
                           const std::vector<std::pair<unsigned, int>> &UseAt);

//===----------------------------------------------------------------------===//
// Precondition functions (one per precondition; Preconditions.cpp)
//===----------------------------------------------------------------------===//

Status checkContiguousLanes(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndexAligned(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBaseAligned(const PreconditionQuery &Q, PreconditionResult &R);
Status checkGlobalPointer(const PreconditionQuery &Q, PreconditionResult &R);
Status checkTailCovered(const PreconditionQuery &Q, PreconditionResult &R);
Status checkNoAliasingWriteBetween(const PreconditionQuery &Q, PreconditionResult &R);
Status checkSameBlock(const PreconditionQuery &Q, PreconditionResult &R);
Status checkLoopLanesUnconditional(const PreconditionQuery &Q, PreconditionResult &R);
Status checkVectorTempOnlyLanes(const PreconditionQuery &Q, PreconditionResult &R);
Status checkNoAliasingWriteBetweenReverse(const PreconditionQuery &Q, PreconditionResult &R);

//===----------------------------------------------------------------------===//
// The analyses (Forward.cpp, Reverse.cpp)
//===----------------------------------------------------------------------===//

/// Forward sites of device function \p FD.
void findForwardSites(AnalysisContext &AC, const clang::FunctionDecl *FD);
/// Reverse sites of device function \p FD.
void findReverseSites(AnalysisContext &AC, const clang::FunctionDecl *FD);

} // namespace vga
} // namespace klineage

#endif
