//===- SmemPad.cpp - Pad a shared tile's rows against bank conflicts -------===//
//
// Part of KLineage. Forward: a static `__shared__` array of two or more
// dimensions whose accesses by a warp hit one bank with several words (the
// column read of a transpose, `tile[threadIdx.x][threadIdx.y]`; the
// transposing store of a GEMM's A tile) gets its innermost extent padded:
// `[32][32]` becomes `[32][33]`, `[TILE][TILE]` becomes `[TILE][TILE + 1]`.
// The bank-conflict degree of every access, for every pad tried, is
// Analysis/SharedMemory's (each lane's subscripts evaluated under the
// launches' block shape); the pad is the option's, or the smallest that
// makes the worst access conflict-free (a multiple of a vector access's
// width when rows are read as float4). Nothing but the declaration
// changes: every access subscripts each dimension, so a longer row only
// moves elements apart. Reverse (Reverse.cpp): a padded extent
// (`TILE + 1`, `BM + APAD`, `33`) loses its padding.
//
// Docs: docs/rewrites/smem-pad.md.
//
//===----------------------------------------------------------------------===//
#include "SmemPad.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace smem_pad {

using analysis::BankConflict;
using analysis::Dim3;
using analysis::SharedUse;

static Status checkArrayStaticallyShaped(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkBankConflicted(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkBlockShapeKnown(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkPadRemovesConflicts(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R);

// Order matters for the reported blocker: the first that fails, else the
// first unknown.
const PreconditionSpec Specs[] = {
    {ArrayStaticallyShaped, Direction::Forward, 2401,
     "the array is a static __shared__ array of two or more dimensions whose extents are written in its "
     "declaration (a dynamic extern __shared__ array or a one-dimensional one keeps its rows in the index "
     "arithmetic, which this rewrite does not change)",
     &checkArrayStaticallyShaped},
    {LayoutUnobserved, Direction::Forward, 2402,
     "no code depends on the array's size or layout: every use subscripts every dimension (an element read, "
     "written or handed to an atomic, or a vector access through an element's address); no sizeof, no row or "
     "array as a pointer, no cast of it, no call it is passed to",
     &checkLayoutUnobserved},
    {BlockShapeKnown, Direction::Forward, 2403,
     "the block shape is known where a degree depends on it (an access reads threadIdx.y/.z or blockDim): "
     "every launch agrees (LaunchFacts), or --assume=block:KERNEL:X,Y",
     &checkBlockShapeKnown},
    {BankConflicted, Direction::Forward, 2404,
     "some access by a warp is a bank conflict (degree > 1: several words of one bank in one phase), as "
     "Analysis/SharedMemory evaluates each lane",
     &checkBankConflicted},
    {PadRemovesConflicts, Direction::Forward, 2405,
     "with the pad (option pad, or the smallest that does) every access with a known degree is conflict-free",
     &checkPadRemovesConflicts},
    {VectorAccessAligned, Direction::Forward, 2406,
     "a vector access through an element's address (float4 from &s[r][c]) stays aligned: the pad is a "
     "multiple of the vector's bytes",
     &checkVectorAccessAligned},
    {IndicesWithinRows, Direction::Forward, 2407,
     "every innermost subscript (and the last element of a vector access) lies within the declared row "
     "(ValueRange): an index past the row reaches the next row now, and the padding after the change",
     &checkIndicesWithinRows},
    {SharedMemoryFits, Direction::Forward, 1507,
     "the shared memory of every kernel using the array, with the pad, fits the 48 KiB static limit (with "
     "the dynamic part when every launch states it), as it did before",
     &checkSharedMemoryFits},
    {LayoutUnobserved, Direction::Reverse, 2402,
     "no code depends on the array's size or layout: every use subscripts every dimension",
     &checkLayoutUnobserved},
    {VectorAccessAligned, Direction::Reverse, 2406,
     "a vector access through an element's address stays aligned: the padding removed is a multiple of the "
     "vector's bytes",
     &checkVectorAccessAligned},
    {IndicesWithinRows, Direction::Reverse, 2407,
     "every innermost subscript (and the last element of a vector access) lies below the unpadded row length "
     "(ValueRange): the padding is never read or written, so removing it keeps every element apart",
     &checkIndicesWithinRows},
};

//===----------------------------------------------------------------------===//
// The plan of an array
//===----------------------------------------------------------------------===//

std::string blockAssumable(const FunctionDecl *FD) {
  return "block:" + (FD ? FD->getNameAsString() + ":" : std::string()) + "X,Y";
}

std::string describe(const ASTContext &Ctx, const Expr *E) {
  if (!E)
    return "an access";
  return "line " + std::to_string(expansionLine(Ctx, E)) + " ('" + nodeText(Ctx, E, "the access") + "')";
}

CharSourceRange extentRange(const ASTContext &Ctx, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Each end in file text, or the edge of a macro's whole use in the file.
  auto Edge = [&](SourceLocation L) {
    return L.isFileID() || (!SM.isMacroArgExpansion(L) && SM.getImmediateMacroCallerLoc(L).isFileID());
  };
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !Edge(E->getBeginLoc()) || !Edge(E->getEndLoc()) || !isEditable(SM, CR.getBegin()) ||
      SM.getFileID(CR.getBegin()) != SM.getFileID(CR.getEnd()))
    return CharSourceRange();
  return CR;
}

std::optional<std::string> extentText(const ASTContext &Ctx, const Expr *E) {
  return rangeText(Ctx, extentRange(Ctx, E));
}

static const ArrayPlan &planOf(const PreconditionQuery &Q) { return *static_cast<const ArrayPlan *>(Q.Subject); }

/// The function whose body declares \p V (a block-scope `extern` too, whose
/// semantic context is the namespace), or null at file scope.
const FunctionDecl *declaringFunction(const VarDecl *V) {
  for (const DeclContext *DC = V->getLexicalDeclContext(); DC; DC = DC->getLexicalParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC))
      return F;
  return nullptr;
}

/// The functions with a body that reference \p V.
static std::vector<const FunctionDecl *> functionsUsing(ASTContext &Ctx, const VarDecl *V) {
  std::vector<const FunctionDecl *> Out;
  if (const FunctionDecl *F = declaringFunction(V)) {
    Out.push_back(F);
    return Out;
  }
  auto M = match(traverse(TK_AsIs, declRefExpr(to(varDecl(equalsNode(V)))).bind("ref")), Ctx);
  std::set<const FunctionDecl *> Seen;
  for (const auto &B : M)
    if (const auto *Ref = B.getNodeAs<DeclRefExpr>("ref"))
      if (const FunctionDecl *F = cuda::enclosingFunction(Ctx, *Ref);
          F && !F->isDependentContext() && Seen.insert(F).second)
        Out.push_back(F);
  return Out;
}

/// The array declarator's extents, outermost first; stops at a typedef.
static std::vector<ArrayTypeLoc> extentLocs(const VarDecl *V, std::string &From) {
  std::vector<ArrayTypeLoc> Out;
  if (!V->getTypeSourceInfo())
    return Out;
  TypeLoc TL = V->getTypeSourceInfo()->getTypeLoc();
  while (!TL.isNull()) {
    TL = TL.getUnqualifiedLoc();
    if (auto A = TL.getAs<ArrayTypeLoc>()) {
      Out.push_back(A);
      TL = A.getElementLoc();
    } else if (auto P = TL.getAs<ParenTypeLoc>()) {
      TL = P.getInnerLoc();
    } else if (auto AT = TL.getAs<AttributedTypeLoc>()) {
      TL = AT.getModifiedLoc();
    } else {
      if (const auto *TD = TL.getType()->getAs<TypedefType>(); TD && TL.getType()->isArrayType())
        From = TD->getDecl()->getNameAsString();
      else if (TL.getType()->isArrayType())
        From = TL.getType().getAsString();
      break;
    }
  }
  return Out;
}

ArrayPlan planArray(const AnalysisContext &AC, const VarDecl *Array, Direction Dir, bool WithDegrees) {
  ASTContext &Ctx = AC.ast();
  ArrayPlan P;
  P.Dir = Dir;
  P.Array = Array;
  P.Decl = analysis::sharedDecl(Ctx, Array, declaringFunction(Array));
  P.Extents = extentLocs(Array, P.ExtentsFrom);
  P.Row = P.Decl.Dims.empty() ? 0 : P.Decl.Dims.back();
  P.IsTile = !P.Decl.Dynamic && P.Decl.Dims.size() >= 2 && P.Extents.size() >= P.Decl.Dims.size();
  for (const FunctionDecl *F : functionsUsing(Ctx, Array)) {
    UserFunction U;
    U.Function = F;
    U.Block = knownBlockShape(AC, F);
    U.Uses = analysis::sharedUses(Ctx, F, Array);
    P.Users.push_back(std::move(U));
  }
  if (Dir == Direction::Forward) {
    if (auto V = AC.option("pad"); V && !V->empty() && *V != "auto") {
      uint64_t N = 0;
      if (!StringRef(*V).getAsInteger(10, N) && N >= 1 && N <= MaxPad) {
        P.Pad = N;
        P.PadAsked = true;
      }
    }
  }
  for (const UserFunction &U : P.Users) {
    analysis::Uniformity Unif(Ctx, U.Function, U.Block);
    analysis::SharedBanks Banks(Ctx, Unif);
    for (const SharedUse &Use : U.Uses) {
      if (Use.K == SharedUse::LayoutDependent)
        continue;
      AccessInfo A;
      A.Use = Use;
      A.Function = U.Function;
      A.Access = Banks.access(Use.At);
      A.AccessBytes = A.Access ? A.Access->AccessBytes : P.Decl.ElemBytes;
      // A flat array's degree (a pad of its only extent changes nothing).
      unsigned Pads = P.Decl.Dynamic || P.Decl.Dims.size() < 2 ? 0 : MaxPad;
      if (A.Access && WithDegrees)
        for (unsigned Pad = 0; Pad <= Pads; ++Pad) {
          analysis::WarpModel M;
          M.Block = U.Block;
          if (Pad)
            M.RowLength = P.Row + Pad;
          A.ByPad.push_back(Banks.conflict(*A.Access, M));
        }
      P.Accesses.push_back(std::move(A));
    }
  }
  for (const AccessInfo &A : P.Accesses)
    if (A.Use.K == SharedUse::VectorElement && A.AccessBytes > P.VectorBytes) {
      P.VectorBytes = A.AccessBytes;
      P.VectorAccess = &A;
    }
  // Forward, no pad asked: the smallest that makes every known degree 1,
  // a multiple of the vector accesses' width.
  bool Conflicts = false;
  for (const AccessInfo &A : P.Accesses)
    Conflicts = Conflicts || (!A.ByPad.empty() && A.ByPad[0].Degree && *A.ByPad[0].Degree > 1);
  if (Dir == Direction::Forward && WithDegrees && !P.PadAsked && P.Decl.ElemBytes && Conflicts) {
    for (unsigned Pad = 1; Pad <= MaxPad && !P.Pad; ++Pad) {
      if (P.VectorBytes && (Pad * P.Decl.ElemBytes) % P.VectorBytes)
        continue;
      bool Known = false, Free = true;
      for (const AccessInfo &A : P.Accesses)
        if (Pad < A.ByPad.size() && A.ByPad[Pad].Degree) {
          Known = true;
          Free = Free && *A.ByPad[Pad].Degree == 1;
        }
      if (Known && Free)
        P.Pad = Pad;
    }
  }
  return P;
}

//===----------------------------------------------------------------------===//
// Preconditions of both directions
//===----------------------------------------------------------------------===//

Status checkLayoutUnobserved(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  std::string Arr = "'" + P.Array->getName().str() + "'";
  unsigned Uses = 0;
  for (const UserFunction &U : P.Users)
    for (const SharedUse &Use : U.Uses) {
      ++Uses;
      if (Use.K != SharedUse::LayoutDependent)
        continue;
      const Expr *At = Use.At ? Use.At : Use.Ref;
      R.Reason = "line " + std::to_string(expansionLine(Ctx, At)) + ": " + Use.Why + "; " +
                 (P.Dir == Direction::Forward ? "padding" : "removing the padding") +
                 " would change what it sees";
      R.Evidence.push_back(evidenceAt(Ctx, At->getBeginLoc(), "use", "depends on the layout of " + Arr));
      return Status::Fails;
    }
  // An access that is not an element of a known array (a dependent type).
  for (const AccessInfo &A : P.Accesses)
    if (!A.Access) {
      const Expr *At = A.Use.At ? A.Use.At : A.Use.Ref;
      R.Reason = describe(Ctx, At) + " is not an element access the analysis reads";
      R.Evidence.push_back(evidenceAt(Ctx, At->getBeginLoc(), "use", "not an element access"));
      return Status::Unknown;
    }
  R.Reason = "every use of " + Arr + " subscripts each dimension (" + std::to_string(Uses) + " uses in " +
             std::to_string(P.Users.size()) + (P.Users.size() == 1 ? " function)" : " functions)");
  return Status::Holds;
}

static std::string bytesOf(uint64_t Elems, uint64_t ElemBytes, QualType Elem) {
  return std::to_string(Elems) + " " + Elem.getAsString() + (Elems == 1 ? "" : "s") + " (" +
         std::to_string(Elems * ElemBytes) + " bytes)";
}

static QualType elementType(const ASTContext &Ctx, const VarDecl *V) {
  QualType T = V->getType();
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  return T.getUnqualifiedType();
}

/// For the forward preconditions about the pad: an array with no row to
/// pad is array-statically-shaped's refusal, not theirs.
static bool noRowToPad(const ArrayPlan &P, PreconditionResult &R) {
  if (P.IsTile)
    return false;
  R.Reason = "'" + P.Array->getName().str() + "' has no row to pad (array-statically-shaped)";
  return true;
}

Status checkVectorAccessAligned(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (noRowToPad(P, R))
    return Status::Unknown;
  if (!P.VectorBytes || !P.VectorAccess) {
    R.Reason = "no vector access goes through an element's address";
    return Status::Holds;
  }
  QualType Elem = elementType(Ctx, P.Array);
  uint64_t PerVector = P.VectorBytes / std::max<uint64_t>(P.Decl.ElemBytes, 1);
  std::string Vec = describe(Ctx, P.VectorAccess->Use.At) + " moves " + std::to_string(P.VectorBytes) +
                    " bytes at once";
  if (!P.Pad) {
    R.Reason = Vec + "; a pad chosen here is a multiple of " + std::to_string(PerVector) + " elements";
    return Status::Holds;
  }
  std::string Pad = bytesOf(*P.Pad, P.Decl.ElemBytes, Elem);
  if (P.padBytes() % P.VectorBytes == 0) {
    R.Reason = Vec + "; " + (P.Dir == Direction::Forward ? "a pad of " : "removing the padding of ") + Pad +
               " keeps every row's alignment";
    return Status::Holds;
  }
  R.Reason = Vec + "; " + (P.Dir == Direction::Forward ? "a pad of " : "removing the padding of ") + Pad +
             " moves the rows after the first off " + std::to_string(P.VectorBytes) + "-byte alignment" +
             (P.Dir == Direction::Forward ? ": pad by a multiple of " + std::to_string(PerVector) + " elements"
                                          : "");
  R.Evidence.push_back(evidenceAt(Ctx, P.VectorAccess->Use.At->getBeginLoc(), "vector-access",
                                  std::to_string(P.VectorBytes) + "-byte access through an element's address"));
  return Status::Fails;
}

Status checkIndicesWithinRows(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (noRowToPad(P, R))
    return Status::Unknown;
  uint64_t Bound = P.rowBound();
  std::string Rows = P.Dir == Direction::Forward ? "rows of " + std::to_string(Bound)
                                                  : "the unpadded rows of " + std::to_string(Bound);
  std::map<const FunctionDecl *, std::unique_ptr<analysis::ValueRanges>> Ranges;
  const AccessInfo *Unknown = nullptr;
  std::string UnknownWhy, Assume;
  for (const AccessInfo &A : P.Accesses) {
    if (!A.Access || A.Access->Indices.empty())
      continue;
    const UserFunction *U = nullptr;
    for (const UserFunction &X : P.Users)
      if (X.Function == A.Function)
        U = &X;
    auto &VR = Ranges[A.Function];
    if (!VR)
      VR = std::make_unique<analysis::ValueRanges>(Ctx, A.Function, std::vector<std::optional<analysis::IntRange>>{},
                                                   U ? U->Block : std::nullopt);
    const Expr *Idx = A.Access->Indices.back();
    int64_t Span = int64_t(A.AccessBytes / std::max<uint64_t>(P.Decl.ElemBytes, 1)); // elements it touches
    std::optional<analysis::IntRange> IR = VR->rangeOf(Idx);
    if (IR && IR->Lo >= 0 && IR->boundedAbove() && IR->Hi + Span - 1 < int64_t(Bound))
      continue;
    std::string Col = "'" + nodeText(Ctx, Idx, "the column") + "'";
    if (IR && IR->boundedBelow() && IR->Lo + Span - 1 >= int64_t(Bound)) {
      R.Reason = describe(Ctx, A.Use.At) + " reaches column " + std::to_string(IR->Lo + Span - 1) + " of " + Rows +
                 (P.Dir == Direction::Forward
                      ? ": past the row, into the next one, where the pad would be"
                      : ": the padding itself; without it that is the next row's element");
      R.Evidence.push_back(evidenceAt(Ctx, Idx->getBeginLoc(), "index", "outside the row"));
      return Status::Fails;
    }
    if (!Unknown) {
      Unknown = &A;
      UnknownWhy = "nothing bounds " + Col + " (" + describe(Ctx, A.Use.At) + ")" +
                   (Span > 1 ? " plus " + std::to_string(Span - 1) : "") + " below " + std::to_string(Bound) +
                   (IR ? ": it may be anywhere in " + IR->str() : "");
      if (U && !U->Block) {
        UnknownWhy += " (the block shape is not known)";
        Assume = blockAssumable(A.Function);
      }
    }
  }
  if (Unknown) {
    R.Reason = UnknownWhy;
    R.Assumable = Assume;
    R.Evidence.push_back(evidenceAt(Ctx, Unknown->Access->Indices.back()->getBeginLoc(), "index", "not bounded"));
    return Status::Unknown;
  }
  R.Reason = "every innermost subscript of '" + P.Array->getName().str() + "' lies within " + Rows;
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Forward preconditions
//===----------------------------------------------------------------------===//

namespace {
/// The worst known degree with pad \p Pad, its access, and the accesses
/// with no degree (those whose lanes are not all on one row).
struct Worst {
  unsigned Degree = 0;
  const AccessInfo *At = nullptr;
  const AccessInfo *NoDegree = nullptr;
  unsigned Known = 0, OneRow = 0;
};
Worst worstAt(const ArrayPlan &P, unsigned Pad) {
  Worst W;
  for (const AccessInfo &A : P.Accesses) {
    if (Pad >= A.ByPad.size())
      continue;
    const BankConflict &B = A.ByPad[Pad];
    if (B.Degree) {
      ++W.Known;
      if (*B.Degree > W.Degree) {
        W.Degree = *B.Degree;
        W.At = &A;
      }
    } else if (B.SameRow) {
      ++W.OneRow;
    } else if (!W.NoDegree) {
      W.NoDegree = &A;
    }
  }
  return W;
}

std::string ways(unsigned D) { return D <= 1 ? std::string("conflict-free") : std::to_string(D) + "-way"; }
/// "a 2-way", "an 8-way", "an 11-way", "an 18-way".
std::string aWays(unsigned D) {
  std::string N = std::to_string(D);
  bool An = N[0] == '8' || N == "11" || N == "18";
  return (An ? "an " : "a ") + ways(D);
}
} // namespace

static Status checkArrayStaticallyShaped(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  std::string Arr = "'" + P.Array->getName().str() + "'";
  auto Note = [&] {
    R.Evidence.push_back(evidenceAt(Ctx, P.Array->getLocation(), "declaration", "declared here"));
  };
  if (P.Decl.Dynamic) {
    R.Reason = Arr + " is a dynamic extern __shared__ array: its rows exist only in the index arithmetic "
               "(indexed flat), which this rewrite does not change; declare a static 2-D tile to pad it";
    Note();
    return Status::Fails;
  }
  if (P.Decl.Dims.size() < 2) {
    R.Reason = Arr + " has " + (P.Decl.Dims.empty() ? "no dimension" : "one dimension") +
               ": its rows exist only in the index arithmetic, which this rewrite does not change";
    Note();
    return Status::Fails;
  }
  if (P.Extents.size() < P.Decl.Dims.size()) {
    R.Reason = "the extents of " + Arr + " come from '" + P.ExtentsFrom +
               "': padding that type would change every array declared with it";
    Note();
    return Status::Fails;
  }
  R.Reason = Arr + " is a static " + P.Array->getType().getAsString();
  return Status::Holds;
}

static Status checkBlockShapeKnown(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  // The worst access whose degree depends on the shape.
  const AccessInfo *Dep = nullptr;
  for (const AccessInfo &A : P.Accesses)
    if (!A.ByPad.empty() && A.ByPad[0].ShapeDependent &&
        (!Dep || A.ByPad[0].Degree.value_or(0) > Dep->ByPad[0].Degree.value_or(0)))
      Dep = &A;
  if (Dep) {
    R.Reason = "the degree of " + describe(Ctx, Dep->Use.At) +
               " depends on the block shape (it reads threadIdx.y, threadIdx.z or blockDim), and the launches "
               "of '" + Dep->Function->getNameAsString() + "' do not say it";
    R.Assumable = blockAssumable(Dep->Function);
    R.Evidence.push_back(evidenceAt(Ctx, Dep->Use.At->getBeginLoc(), "access", "its lanes depend on the block shape"));
    return Status::Unknown;
  }
  std::vector<std::string> Shapes;
  for (const UserFunction &U : P.Users)
    if (U.Block)
      Shapes.push_back("'" + U.Function->getNameAsString() + "' runs blockDim " + U.Block->str());
  R.Reason = Shapes.empty() ? "no degree depends on the block shape (warps of 32 consecutive threadIdx.x)"
                            : join(Shapes, "; ");
  return Status::Holds;
}

static Status checkBankConflicted(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  std::string Arr = "'" + P.Array->getName().str() + "'";
  Worst W = worstAt(P, 0);
  if (W.Degree > 1) {
    R.Reason = describe(Ctx, W.At->Use.At) + " is " + aWays(W.Degree) + " bank conflict" +
               (W.At->ByPad[0].ShapeDependent ? " (if threadIdx.y and .z are the same across a warp)" : "");
    R.Evidence.push_back(evidenceAt(Ctx, W.At->Use.At->getBeginLoc(), "access", ways(W.Degree) + " bank conflict"));
    return Status::Holds;
  }
  if (W.NoDegree) {
    const BankConflict &B = W.NoDegree->ByPad[0];
    R.Reason = "no bank-conflict degree for " + describe(Ctx, W.NoDegree->Use.At) + ": " + B.Why;
    const Expr *At = B.Breaker ? B.Breaker : W.NoDegree->Use.At;
    R.Evidence.push_back(evidenceAt(Ctx, At->getBeginLoc(), "term", "differs between lanes"));
    return Status::Unknown;
  }
  if (P.Accesses.empty()) {
    bool Used = false;
    for (const UserFunction &U : P.Users)
      Used = Used || !U.Uses.empty();
    if (Used) {
      R.Reason = Arr + " has no element access to judge: every use sees its layout (layout-unobserved)";
      return Status::Unknown;
    }
    R.Reason = Arr + " is never accessed";
    return Status::Fails;
  }
  R.Reason = "every access of " + Arr + " is conflict-free";
  if (W.OneRow)
    R.Reason += std::string(W.Known ? "" : " or") + " (" + std::to_string(W.OneRow) +
                (W.OneRow == 1 ? " access reads" : " accesses read") +
                " one row per warp, whose banks a pad cannot change)";
  R.Reason += ": there is nothing for a pad to remove";
  return Status::Fails;
}

static Status checkPadRemovesConflicts(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (noRowToPad(P, R))
    return Status::Unknown;
  Worst Before = worstAt(P, 0);
  if (!Before.Known) {
    R.Reason = "no access has a known degree (bank-conflicted)";
    return Status::Unknown;
  }
  if (Before.Degree <= 1 && !P.PadAsked) {
    R.Reason = "no access conflicts (bank-conflicted): no pad to choose";
    return Status::Unknown;
  }
  QualType Elem = elementType(Ctx, P.Array);
  if (!P.Pad) {
    // The best pad the rule allows, to say how far it gets.
    unsigned Best = 0, BestDegree = Before.Degree;
    const AccessInfo *BestAt = Before.At;
    for (unsigned Pad = 1; Pad <= MaxPad; ++Pad) {
      if (P.VectorBytes && (Pad * P.Decl.ElemBytes) % P.VectorBytes)
        continue;
      Worst W = worstAt(P, Pad);
      if (W.Known && W.Degree < BestDegree) {
        Best = Pad;
        BestDegree = W.Degree;
        BestAt = W.At;
      }
    }
    std::string Rule = P.VectorBytes ? "of a multiple of " +
                                           std::to_string(P.VectorBytes / std::max<uint64_t>(P.Decl.ElemBytes, 1)) +
                                           " elements (rows are read " + std::to_string(P.VectorBytes) +
                                           " bytes at a time, " + describe(Ctx, P.VectorAccess->Use.At) + ") "
                                     : "";
    R.Reason = "no pad " + Rule + "from 1 to " + std::to_string(MaxPad) + " makes every access conflict-free: " +
               (Best ? "the best, " + std::to_string(Best) + ", leaves " + describe(Ctx, BestAt->Use.At) + " " +
                           ways(BestDegree)
                     : describe(Ctx, Before.At->Use.At) + " stays " + ways(Before.Degree));
    R.Evidence.push_back(evidenceAt(Ctx, (Best ? BestAt : Before.At)->Use.At->getBeginLoc(), "access",
                                    "still a bank conflict"));
    return Status::Fails;
  }
  Worst After = worstAt(P, unsigned(*P.Pad));
  std::string Rows = "rows of " + std::to_string(P.Row + *P.Pad) + " " + Elem.getAsString() + "s";
  if (After.Known && After.Degree <= 1) {
    R.Reason = "with " + Rows + " every access is conflict-free (" + describe(Ctx, Before.At->Use.At) +
               " was " + ways(Before.Degree) + ")";
    return Status::Holds;
  }
  R.Reason = "with " + Rows + " (pad " + std::to_string(*P.Pad) + ") " + describe(Ctx, After.At->Use.At) +
             " is still " + ways(After.Degree);
  R.Evidence.push_back(evidenceAt(Ctx, After.At->Use.At->getBeginLoc(), "access", "still a bank conflict"));
  return Status::Fails;
}

/// Every kernel definition of the file whose shared memory holds \p V.
static std::vector<const FunctionDecl *> kernelsHolding(ASTContext &Ctx, const VarDecl *V) {
  std::vector<const FunctionDecl *> Out;
  for (const FunctionDecl *F : cuda::kernelDefinitions(Ctx)) {
    analysis::SharedUsage U = analysis::sharedUsage(Ctx, F);
    for (const analysis::SharedDecl &D : U.Decls)
      if (D.Var == V)
        Out.push_back(F);
  }
  return Out;
}

static Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R) {
  const ArrayPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (noRowToPad(P, R))
    return Status::Unknown;
  if (!P.Pad) {
    R.Reason = "no pad chosen (pad-removes-conflicts)";
    return Status::Unknown;
  }
  uint64_t Rows = 1;
  for (size_t K = 0; K + 1 < P.Decl.Dims.size(); ++K)
    Rows *= P.Decl.Dims[K];
  uint64_t Extra = Rows * P.padBytes();
  std::vector<cuda::LaunchSite> Launches = cuda::findLaunchSites(Ctx);
  std::vector<std::string> Fits;
  for (const FunctionDecl *K : kernelsHolding(Ctx, P.Array)) {
    // The dynamic part: the largest any launch of this kernel states.
    std::optional<uint64_t> Dynamic = 0;
    bool Launched = false;
    for (const cuda::LaunchSite &L : Launches) {
      if (L.KernelInstance != K && L.Kernel != K)
        continue;
      Launched = true;
      auto B = analysis::launchSharedBytes(Ctx, L);
      Dynamic = B && Dynamic ? std::optional<uint64_t>(std::max(*Dynamic, *B)) : std::nullopt;
    }
    analysis::SharedUsage U = analysis::sharedUsage(Ctx, K, Launched ? Dynamic : std::nullopt);
    analysis::LimitCheck Before = analysis::checkLimits(U);
    U.StaticBytes += Extra;
    analysis::LimitCheck After = analysis::checkLimits(U);
    std::string Kern = "'" + K->getNameAsString() + "'";
    if (After.V == analysis::LimitCheck::Exceeds ||
        (After.V == analysis::LimitCheck::NeedsOptIn && Before.V == analysis::LimitCheck::Fits)) {
      R.Reason = "with the pad (" + std::to_string(Extra) + " bytes more) " + Kern + " " +
                 (After.V == analysis::LimitCheck::Exceeds ? "does not fit: " + After.Why
                                                            : "needs the opt-in: " + After.Why);
      R.Evidence.push_back(evidenceAt(Ctx, P.Array->getLocation(), "declaration", "padded here"));
      return Status::Fails;
    }
    if (After.V == analysis::LimitCheck::Unknown) {
      R.Reason = Kern + ": " + After.Why;
      return Status::Unknown;
    }
    Fits.push_back(Kern + " " + std::to_string(After.Bytes) + " bytes per block");
  }
  R.Reason = "with the pad (" + std::to_string(Extra) + " bytes more): " +
             (Fits.empty() ? std::string("no kernel of the file holds it") : join(Fits, ", "));
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Forward sites and edits
//===----------------------------------------------------------------------===//

namespace {

/// Edits extent \p E (of value \p Row) to add \p Pad: a plain decimal
/// literal becomes its sum (`32` -> `33`); anything else, a macro's whole
/// use included, gets ` + Pad` after it (`TILE_DIM` -> `TILE_DIM + 1`),
/// parenthesised first when its operator binds looser than `+`.
void padExtent(EditBuilder &B, const ASTContext &Ctx, const Expr *E, uint64_t Row, uint64_t Pad) {
  std::string P = std::to_string(Pad);
  if (E->getBeginLoc().isFileID() && E->getEndLoc().isFileID()) {
    std::string Text = nodeText(Ctx, E, "");
    if (isa<IntegerLiteral>(E->IgnoreParens()) && !Text.empty() && all_of(Text, [](char C) { return isDigit(C); })) {
      B.replace(E, std::to_string(Row + Pad));
      return;
    }
  }
  CharSourceRange CR = extentRange(Ctx, E);
  if (CR.isInvalid()) {
    B.failWith("the innermost extent is written inside a macro's body or argument; padding it there would "
               "change every use of the macro",
               E->getBeginLoc());
    return;
  }
  bool Low = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreImpCasts()))
    Low = BO->getOpcode() > BO_Sub; // shifts, comparisons, bitwise, logical, comma
  else
    Low = isa<ConditionalOperator>(E->IgnoreImpCasts());
  if (Low) {
    B.insertBefore(CR.getBegin(), "(");
    B.insertBefore(CR.getEnd(), ") + " + P);
  } else {
    B.insertBefore(CR.getEnd(), " + " + P);
  }
}

void forwardAt(const RewritePair &Pair, AnalysisContext &AC, const VarDecl *V) {
  ASTContext &Ctx = AC.ast();
  ArrayPlan P = planArray(AC, V, Direction::Forward, /*WithDegrees=*/true);
  if (!P.IsTile && worstAt(P, 0).Degree <= 1)
    return; // a flat array without conflicts: nothing to say
  const FunctionDecl *FD = P.Decl.Function;
  Site &S = AC.addSite(Name, Direction::Forward, V->getLocation(), FD, "shared-array");
  QualType Elem = elementType(Ctx, V);
  S.Summary = P.IsTile ? "pad the rows of '" + V->getName().str() + "' from " + std::to_string(P.Row) + " to " +
                             (P.Pad ? std::to_string(P.Row + *P.Pad) : std::string("more")) + " " +
                             Elem.getAsString() + "s against bank conflicts"
                       : "'" + V->getName().str() + "' has bank conflicts but no row to pad";
  Worst Before = worstAt(P, 0);
  S.Facts["array"] = V->getName().str();
  S.Facts["degree"] = Before.Known ? std::to_string(std::max(Before.Degree, 1u)) : "unknown";
  if (P.Pad) {
    S.Facts["pad"] = std::to_string(*P.Pad);
    S.Facts["row"] = std::to_string(P.Row) + " -> " + std::to_string(P.Row + *P.Pad);
    Worst After = worstAt(P, unsigned(*P.Pad));
    S.Facts["degree-after"] = After.Known ? std::to_string(std::max(After.Degree, 1u)) : "unknown";
  }
  if (P.VectorBytes)
    S.Facts["vector-bytes"] = std::to_string(P.VectorBytes);
  std::vector<std::string> Shapes;
  for (const UserFunction &U : P.Users)
    Shapes.push_back(U.Block ? U.Block->str() : "unknown");
  S.Facts["block-shape"] = Shapes.empty() ? "unknown" : join(Shapes, ", ");
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*V), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Pad || !P.IsTile)
    return;
  const Expr *Size = P.Extents.back().getSizeExpr();
  EditBuilder B(Ctx);
  if (!Size)
    B.failWith("the innermost extent of '" + V->getName().str() + "' is not written", V->getLocation());
  else
    padExtent(B, Ctx, Size, P.Row, *P.Pad);
  commit(B, S);
}

class SmemPad final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "pad a shared tile's rows so that a warp's column accesses (a transpose, a transposing store) "
           "spread over all 32 banks instead of serialising on a few";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"pad", OptionSpec::Int, "auto",
         "elements added to each row (forward): 'auto' (the smallest that makes every access conflict-free, a "
         "multiple of a vector access's width) or N",
         1, MaxPad, {"auto"}},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    Finder.addMatcher(traverse(TK_AsIs, varDecl().bind("var")), &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const SmemPad &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *V = R.Nodes.getNodeAs<VarDecl>("var");
      ASTContext &Ctx = AC.ast();
      if (!V || isa<ParmVarDecl>(V) || !cuda::isShared(V) || !Ctx.getAsArrayType(V->getType()) ||
          V->getDeclContext()->isDependentContext() || V->getType()->isDependentType() || !Seen.insert(V).second)
        return;
      if (const FunctionDecl *F = declaringFunction(V); F && !cuda::isDeviceCode(F))
        return;
      if (D == Direction::Reverse)
        findReverseSite(P, AC, V);
      else
        forwardAt(P, AC, V);
    }
    const SmemPad &P;
    Direction D;
    AnalysisContext &AC;
    std::set<const VarDecl *> Seen;
  };
};

} // namespace
} // namespace smem_pad

std::unique_ptr<RewritePair> createSmemPad() { return std::make_unique<smem_pad::SmemPad>(); }

} // namespace klineage
