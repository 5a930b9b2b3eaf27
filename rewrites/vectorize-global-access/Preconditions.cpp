//===- Preconditions.cpp - One function per precondition -----------------===//
//
// Part of KLineage. The precondition functions of vectorize-global-access:
// each takes the site's subject (a lane group for forward, a vector access
// and the form of its scalar replacement for reverse) and returns
// holds/fails/unknown with the reason, the --assume fact that would settle
// it, and evidence notes. They read the analyses and change nothing.
//
//===----------------------------------------------------------------------===//
#include "VectorizeGlobalAccess.h"
#include "klineage/Analysis/BlockPosition.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <numeric>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace vga {

const char *const LaneNames[4] = {"x", "y", "z", "w"};

//===----------------------------------------------------------------------===//
// FunctionView
//===----------------------------------------------------------------------===//

FunctionView::FunctionView(const ASTContext &Ctx, const Assumptions &Assume,
                           const FunctionFacts &Facts)
    : Ctx(Ctx), Assume(Assume), Facts(Facts), Lin(Ctx), Prov(Ctx, Facts, Lin),
      Div(Facts, Lin,
          [this](const VarDecl *VD, int64_t N) {
            return this->Assume.multipleOf(fnName(), VD->getName(), unsigned(N));
          }),
      Align(Ctx, Lin, Div, [this](StringRef Name) { return this->Assume.alignment(fnName(), Name); }) {}

std::string FunctionView::fnName() const {
  const FunctionDecl *FD = Facts.function();
  return FD->getIdentifier() ? FD->getName().str() : FD->getNameAsString();
}

Status FunctionView::multipleOf(const LinearForm &F, int64_t N, std::string &Reason,
                                std::string &Assumable) {
  analysis::Divisibility::Answer A = Div.multipleOf(F, N);
  if (A.T == analysis::Truth::Holds) {
    Reason = "every term is a multiple of " + std::to_string(N);
    return Status::Holds;
  }
  if (A.T == analysis::Truth::Fails) {
    Reason = "it is a multiple of " + std::to_string(N) + " plus " + std::to_string(A.Remainder);
    return Status::Fails;
  }
  if (A.Unproven.empty()) {
    Reason = "not provable";
    return Status::Unknown;
  }
  // Name the first unproven term; if it is a lone variable, it can be asserted.
  std::string Desc;
  for (const std::string &K : A.Unproven) {
    const Atom *At = Lin.atom(K);
    std::string T = At && At->Var ? At->Var->getName().str()
                    : At && At->E ? writtenText(Ctx, At->E).value_or("?")
                                  : "?";
    Desc += (Desc.empty() ? "" : "*") + T;
  }
  Reason = "'" + Desc + "' is not known to be a multiple of " + std::to_string(A.Need);
  if (A.Unproven.size() == 1 && F.constant() % N == 0) {
    const Atom *At = Lin.atom(A.Unproven.front());
    if (At && At->Var)
      Assumable = "multiple:" + At->Var->getName().str() + ":" + std::to_string(A.Need);
  }
  return Status::Unknown;
}

/// --assume=noalias facts: two plain pointer parameters the user asserts
/// do not alias.
static bool assertedNoAlias(const Assumptions &Assume, StringRef Fn, const Root &A, const Root &B) {
  return A.isParam() && B.isParam() && (Assume.noAlias(Fn, A.Name) || Assume.noAlias(Fn, B.Name));
}

int FunctionView::mayAlias(const Root &A, const Root &B, std::string &Why) {
  std::string W;
  analysis::Alias R = analysis::mayAlias(A, B, W);
  if (R == analysis::Alias::No ||
      (R == analysis::Alias::May && assertedNoAlias(Assume, fnName(), A, B)))
    return 0;
  Why = W;
  return R == analysis::Alias::Same ? 2 : 1;
}

std::vector<analysis::Interference> FunctionView::interferences(const Root &P, unsigned Begin,
                                                                unsigned End, bool Reads) {
  return analysis::interferences(Facts, Prov, P, Begin, End, Reads,
                                 [this](const Root &A, const Root &B) {
                                   return assertedNoAlias(Assume, fnName(), A, B);
                                 });
}

//===----------------------------------------------------------------------===//
// Verdicts
//===----------------------------------------------------------------------===//

void Verdicts::set(PreconditionResult P) {
  auto It = R.find(P.Name);
  if (It != R.end() && rank(It->second.St) >= rank(P.St))
    return;
  std::string Name = P.Name;
  R[Name] = std::move(P);
}

void Verdicts::set(const std::string &Name, Status St, const std::string &Reason,
                   const std::string &Assumable) {
  PreconditionResult P;
  P.Name = Name;
  P.St = St;
  P.Reason = Reason;
  P.Assumable = Assumable;
  set(std::move(P));
}

Status Verdicts::check(const PreconditionSpec &Spec, const PreconditionQuery &Q) {
  PreconditionResult P;
  P.Name = Spec.Name;
  P.St = Spec.Check(Q, P);
  Status St = P.St;
  set(std::move(P));
  return St;
}

Status Verdicts::recheck(const PreconditionSpec &Spec, const PreconditionQuery &Q) {
  R.erase(Spec.Name);
  return check(Spec, Q);
}

void Verdicts::merge(const Verdicts &O) {
  for (const auto &[N, P] : O.R)
    set(P);
}

bool Verdicts::anyFails() const {
  for (const auto &[N, P] : R)
    if (P.St == Status::Fails)
      return true;
  return false;
}

void Verdicts::emit(Site &S, ArrayRef<const char *> Order) const {
  for (const char *Name : Order)
    if (auto It = R.find(Name); It != R.end())
      S.Preconditions.push_back(It->second);
}

//===----------------------------------------------------------------------===//
// Shared words and evidence
//===----------------------------------------------------------------------===//

namespace {

const ForwardSubject &forwardSubject(const PreconditionQuery &Q) {
  return *static_cast<const ForwardSubject *>(Q.Subject);
}
const ReverseSubject &reverseSubject(const PreconditionQuery &Q) {
  return *static_cast<const ReverseSubject *>(Q.Subject);
}

std::string lineText(const ASTContext &Ctx, const Stmt *S) {
  return std::to_string(expansionLine(Ctx, S));
}

/// Evidence at node \p S.
void note(PreconditionResult &R, const ASTContext &Ctx, const Stmt *S, StringRef Role,
          const Twine &Text) {
  if (S)
    R.Evidence.push_back(evidenceAt(Ctx, S->getBeginLoc(), Role, Text.str()));
}

/// Evidence at the declaration of a pointer's root.
void noteRoot(PreconditionResult &R, const ASTContext &Ctx, const Root &Rt, const Twine &Text) {
  if (Rt.D)
    R.Evidence.push_back(evidenceAt(Ctx, Rt.D->getLocation(), "declaration", Text.str()));
}

/// The role of a memory event in evidence.
StringRef eventRole(const MemEvent &Ev) {
  return Ev.K == MemEvent::Call ? "call" : Ev.K == MemEvent::Write ? "write" : "read";
}

/// The worst reason of several, the first of equal severity kept, with its
/// evidence.
struct WorstReport {
  Status Worst = Status::Holds;
  PreconditionResult Out;
  void report(Status S, const std::string &Why, const std::string &Assumable = "",
              std::optional<EvidenceNote> At = std::nullopt) {
    if (worse(Worst, S) != Worst || (Out.Reason.empty() && S != Status::Holds)) {
      Worst = S;
      Out.Reason = Why;
      Out.Assumable = Assumable;
      Out.Evidence.clear();
      if (At)
        Out.Evidence.push_back(std::move(*At));
    }
  }
  Status into(PreconditionResult &R, const std::string &HoldsWhy) {
    R.Reason = Worst == Status::Holds ? HoldsWhy : Out.Reason;
    R.Assumable = Out.Assumable;
    R.Evidence = Out.Evidence;
    return Worst;
  }
};

/// base-aligned in words: analysis::Alignment's answer for the pointer
/// \p R, which the access names \p Use.
Status alignmentWords(const ASTContext &Ctx, const analysis::AlignmentAnswer &A, const Root &R,
                      const std::string &Use, PreconditionResult &Out) {
  using analysis::AlignmentAnswer;
  using analysis::RootAlignment;
  std::string B = std::to_string(A.Need);
  std::string Ask = Use.empty() ? "" : "aligned:" + Use + ":" + B;
  std::string RA = std::to_string(A.Root.Bytes);
  auto RootWhy = [&]() -> std::string {
    switch (A.Root.From) {
    case RootAlignment::AssumeAligned:
      return "__builtin_assume_aligned(" + R.Name + ", " + RA + ")";
    case RootAlignment::Asserted: return "'" + R.Name + "' is asserted " + RA + "-byte aligned";
    case RootAlignment::Declared:
      return "'" + R.Name + "' is declared with " + RA + "-byte alignment";
    case RootAlignment::PointeeType:
      return "'" + R.Name + "' points to '" +
             R.D->getType()->getPointeeType().getUnqualifiedType().getAsString() + "', " + RA +
             "-byte aligned by its type";
    case RootAlignment::RecordType:
      return "'" + R.Name + "' is a member of a struct type aligned to " + RA + " bytes";
    case RootAlignment::None: break;
    }
    return "the pointer's alignment is unknown";
  };
  // A parameter whose alignment only its launcher knows.
  auto PlainParameter = [&] {
    Out.Reason = "'" + R.Name + "' is a " +
                 (A.Root.Bytes > 4 ? "pointer to a " + RA + "-byte aligned type"
                                   : std::string("plain pointer parameter")) +
                 "; cudaMalloc gives 256-byte alignment but the launcher may pass an offset "
                 "pointer";
    Out.Assumable = "aligned:" + (R.Chain.empty() || !A.SymbolicOffset ? R.Name : Use) + ":" + B;
    noteRoot(Out, Ctx, R, "'" + R.Name + "' is declared here");
    return Status::Unknown;
  };
  switch (A.Why) {
  case AlignmentAnswer::AssertedOnTheWay:
    Out.Reason = "'" + A.Name + "' is asserted " + std::to_string(A.AssertedBytes) + "-byte aligned";
    return Status::Holds;
  case AlignmentAnswer::AdvanceNotMultiple:
    // An alignment assertion on the parameter would not settle it.
    Out.Reason = "parameter '" + R.Name + "' is advanced by '" +
                 writtenText(Ctx, A.Advance).value_or("?") +
                 "' elements, not known to be a multiple of " + B + " bytes";
    note(Out, Ctx, A.Advance, "write", "'" + R.Name + "' is advanced here");
    return Status::Unknown;
  case AlignmentAnswer::OffsetUnknown:
    Out.Reason = R.Why.empty() ? "the offset of the pointer from '" + R.Name + "' cannot be analysed"
                               : R.Why + "; its offset cannot be analysed";
    Out.Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::ConstantOffset:
    Out.Reason = "the pointer is '" + R.Name + "' + " +
                 (A.SymbolicOffset ? "a multiple of " + B + " + " : std::string()) +
                 std::to_string(A.Offset) + " bytes, which is not a multiple of " + B +
                 " even if '" + R.Name + "' is aligned";
    return Status::Fails;
  case AlignmentAnswer::FieldOffset:
    Out.Reason = "the pointer points into a struct (field '" + R.Name + "' at byte offset " +
                 std::to_string(A.Offset) + "), not " + B + "-byte aligned";
    noteRoot(Out, Ctx, R, "field '" + R.Name + "' is declared here");
    return A.T == analysis::Truth::Fails ? Status::Fails : Status::Unknown;
  case AlignmentAnswer::FieldInStruct:
    Out.Reason = (R.Why.empty() ? std::string("the pointer comes from a struct") : R.Why) +
                 ", and its struct type is aligned to " + RA + " bytes only";
    Out.Assumable = Ask;
    noteRoot(Out, Ctx, R, "field '" + R.Name + "' is declared here");
    return Status::Unknown;
  case AlignmentAnswer::OffsetNotMultiple:
    Out.Reason = "the offset of the pointer from '" + R.Name +
                 "' is not known to be a multiple of " + B + " bytes";
    Out.Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::RootUnknown:
    if (R.isParam())
      return PlainParameter();
    Out.Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
    Out.Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::RootTooSmall:
    if (A.Root.From == RootAlignment::PointeeType) {
      if (R.isParam())
        return PlainParameter();
      Out.Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
      Out.Assumable = Ask;
      return Status::Unknown;
    }
    Out.Reason = RootWhy() + ", less than the " + B + " bytes the vector access needs";
    if (A.Root.From == RootAlignment::Declared)
      noteRoot(Out, Ctx, R, "'" + R.Name + "' is declared here with " + RA + "-byte alignment");
    return A.T == analysis::Truth::Fails ? Status::Fails : Status::Unknown;
  case AlignmentAnswer::Aligned:
    Out.Reason = RootWhy() +
                 (R.OffsetBytes.Terms.empty() ? "" : " and the offset from it is a multiple of " + B);
    return Status::Holds;
  }
  return Status::Unknown;
}

/// The lane whose base pointer a group's alignment and memory space are
/// about.
const Lane *baseLane(const ForwardSubject &S) {
  return S.G ? S.G->lane0() : S.Loop->Accesses.front();
}

bool isOwnAccess(const ForwardSubject &S, const Group &G, const Expr *E) {
  const Lane *L = S.laneOf(E);
  return L && std::find(G.Accesses.begin(), G.Accesses.end(), L) != G.Accesses.end();
}

/// Why the lanes of \p G are not equally guarded by `if (B + k < n)`
/// (tail-covered for individually guarded lanes): with B and n multiples of
/// V, every guard equals lane 0's (B < n).
Status guardsEquivalent(const ForwardSubject &S, const Group &G, PreconditionResult &R) {
  const ASTContext &Ctx = S.View.ast();
  const std::string V = std::to_string(G.V);
  auto Refuse = [&](const std::string &Why) {
    R.Reason = "each lane is guarded by its own condition: " + Why +
               "; this rewrite does not generate a scalar tail: guard all lanes with one "
               "condition first";
    return Status::Fails;
  };
  if (G.Accesses.size() != G.V)
    return Refuse("a lane is accessed more than once");
  std::string Why;
  std::vector<const IfStmt *> Guards = laneGuards(Ctx, G, Why);
  if (Guards.empty())
    return Refuse(Why);
  std::optional<LinearForm> NForm;
  const Expr *NExpr = nullptr;
  for (size_t I = 0; I < Guards.size(); ++I) {
    const IfStmt *IS = Guards[I];
    const Lane *L = nullptr;
    for (const Lane *Ln : G.Accesses)
      if (Ln->Guard == IS)
        L = Ln;
    note(R, Ctx, IS, "guard", "lane " + std::to_string(L->C - G.C0) + "'s guard");
    std::string Cond = writtenText(Ctx, IS->getCond()).value_or("...");
    if (IS->getElse() || IS->getInit() || IS->getConditionVariable())
      return Refuse("'if (" + Cond + ")' has an else branch or an init statement");
    const auto *BO = dyn_cast<BinaryOperator>(IS->getCond()->IgnoreParenImpCasts());
    if (!BO || (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_GT))
      return Refuse("'if (" + Cond + ")' is not of the form 'index < n'");
    const Expr *E = BO->getOpcode() == BO_LT ? BO->getLHS() : BO->getRHS();
    const Expr *N = BO->getOpcode() == BO_LT ? BO->getRHS() : BO->getLHS();
    auto EF = S.View.lin().linearize(E);
    auto NF = S.View.lin().linearize(N);
    if (!EF || !NF || EF->Terms != L->Idx.Terms)
      return Refuse("'if (" + Cond + ")' does not compare the lane's own index");
    if (NForm && NForm->Terms != NF->Terms)
      return Refuse("the guards compare against different bounds");
    NForm = NF;
    NExpr = N;
    if (G.IsStore) {
      const Stmt *Then = IS->getThen();
      if (const auto *CS = dyn_cast<CompoundStmt>(Then))
        Then = CS->size() == 1 ? CS->body_front() : nullptr;
      if (Then != L->Assign)
        return Refuse("'if (" + Cond + ")' guards more than the lane's store");
    }
  }
  std::string R1, A1;
  if (S.View.multipleOf(G.ByLane[0]->Idx, G.V, R1, A1) != Status::Holds)
    return Refuse("the guards are equivalent only when the base index is a multiple of " + V);
  std::string NText = writtenText(Ctx, NExpr).value_or("n");
  if (!S.View.formMultiple(*NForm, G.V)) {
    // Unknown: the guards are merged if the fact is asserted (--assume=all);
    // the engine refuses the site otherwise.
    R.Reason = "each lane is guarded by 'index + k < " + NText +
               "'; the guards are equivalent to one only if '" + NText + "' is a multiple of " +
               V +
               " (otherwise the last vector is partial and this rewrite does not generate a "
               "scalar tail)";
    if (const auto *DRE = dyn_cast<DeclRefExpr>(NExpr->IgnoreParenImpCasts()))
      R.Assumable = "multiple:" + DRE->getDecl()->getName().str() + ":" + V;
    return Status::Unknown;
  }
  R.Reason = "each lane is guarded by 'index + k < " + NText + "'; with the base index and '" +
             NText + "' multiples of " + V +
             " every guard equals lane 0's, so the lanes run under one merged guard";
  R.Evidence.clear();
  return Status::Holds;
}

/// no-aliasing-write-between for lanes written out: nothing between the
/// first and the last lane (G.Start, G.Stop) may touch their elements.
Status groupAliasing(const ForwardSubject &S, const Group &G, PreconditionResult &Res) {
  const ASTContext &Ctx = S.View.ast();
  const FunctionFacts &Facts = S.View.facts();
  const Lane *L0 = G.lane0();
  Root P = S.View.rootOf(L0->Base);
  std::string PName = P.Chain.empty() ? P.Name : P.Chain.front();
  WorstReport W;
  auto At = [&](const Expr *E, StringRef Role, const std::string &Text) {
    return evidenceAt(Ctx, E->getBeginLoc(), Role, Text);
  };
  // Lane times.
  std::map<int64_t, unsigned> FirstLoad, StoreAt;
  for (const Lane *L : G.Accesses) {
    if (G.IsStore)
      StoreAt[L->C] = L->Time;
    else if (!FirstLoad.count(L->C) || L->Time < FirstLoad[L->C])
      FirstLoad[L->C] = L->Time;
  }
  unsigned LastStore = 0, LastLoad = 0;
  for (auto &[C, Tm] : StoreAt)
    LastStore = std::max(LastStore, Tm);
  for (const Lane *L : G.Accesses)
    if (!G.IsStore)
      LastLoad = std::max(LastLoad, L->Time);

  for (const analysis::Interference &I : S.View.interferences(P, G.Start, G.Stop, G.IsStore)) {
    const MemEvent &Ev = *I.Event;
    std::string Line = lineText(Ctx, Ev.E);
    if (Ev.K == MemEvent::Call) {
      W.report(Status::Fails,
               "the call to '" + Ev.What + "' (line " + Line +
                   ") between the lanes may write or synchronize memory",
               "", At(Ev.E, "call", "'" + Ev.What + "' is called here"));
      continue;
    }
    if (isOwnAccess(S, G, Ev.E) && G.IsStore && Ev.K == MemEvent::Write)
      continue;
    // A write that happens after every lane is read (`out[i] = x[4*i] + ...`
    // stores after its right-hand side) cannot change what the lanes read.
    if (!G.IsStore && Ev.Time > LastLoad)
      continue;
    std::string What = writtenText(Ctx, Ev.E).value_or("memory");
    const Lane *EL = S.laneOf(Ev.E);
    auto Here = At(Ev.E, eventRole(Ev), "'" + What + "' is " +
                                            (Ev.K == MemEvent::Write ? "written" : "read") + " here");
    if (EL && EL->PtrKey == L0->PtrKey && EL->SymKey == L0->SymKey) {
      int64_t C = EL->C;
      bool InWindow = C >= G.C0 && C < G.C0 + int64_t(G.V);
      if (!InWindow)
        continue; // provably another element
      std::string K = std::to_string(C - G.C0);
      if (!G.IsStore) {
        if (FirstLoad.count(C) && FirstLoad[C] > Ev.Time)
          W.report(Status::Fails,
                   "'" + What + "' is written before lane " + K +
                       " is read; loading it early would read the old value",
                   "", Here);
      } else if (Ev.K == MemEvent::Read) {
        if (StoreAt.count(C) && StoreAt[C] < Ev.Time)
          W.report(Status::Fails,
                   "'" + What + "' reads lane " + K +
                       " after it is stored; delaying the store changes the value read",
                   "", Here);
      } else if (StoreAt.count(C) && StoreAt[C] < Ev.Time && Ev.Time <= LastStore) {
        W.report(Status::Fails,
                 "'" + What + "' overwrites lane " + K + " before the vector store would", "",
                 Here);
      }
      continue;
    }
    std::string Kind = Ev.K == MemEvent::Write ? "store to" : "read of";
    if (I.Overlap == analysis::Alias::Same)
      W.report(Status::Fails,
               "the " + Kind + " '" + What + "' (line " + Line +
                   ") between the lanes may touch the same elements: " + I.Why,
               "", Here);
    else
      W.report(Status::Unknown,
               "the " + Kind + " '" + What + "' (line " + Line + ") between the lanes: " + I.Why,
               PName.empty() ? "noalias" : "noalias:" + PName, Here);
  }
  // Stores: each lane's value must still be the same at the last lane.
  if (G.IsStore) {
    for (const Lane *L : G.Accesses) {
      std::vector<const VarDecl *> Vars;
      Linearizer::collectVars(L->Assign->getRHS(), Vars);
      const VarDecl *Which = nullptr;
      if (const VarMod *M = Facts.modifiedIn(Vars, L->Time, LastStore, &Which))
        W.report(Status::Fails,
                 "the value stored by '" + accessText(Ctx, L) + "' reads '" +
                     Which->getName().str() + "', which is modified before the last lane's store",
                 "", At(M->At, "write", "'" + Which->getName().str() + "' is modified here"));
      if (!analysis::isPureExpr(L->Assign->getRHS(), Ctx))
        W.report(Status::Fails,
                 "the value stored by '" + accessText(Ctx, L) +
                     "' has side effects; the vector store evaluates all values together",
                 "", At(L->Assign->getRHS(), "value", "this value has side effects"));
    }
  }
  return W.into(Res, G.IsStore
                         ? "no possibly-aliasing read or write between the first and last store"
                         : "no possibly-aliasing store between the first and last load");
}

/// no-aliasing-write-between for lanes written as a loop: the vector load
/// goes before the loop (and the store after it), across the whole loop.
Status loopAliasing(const ForwardSubject &S, const LoopGroup &G, PreconditionResult &Res) {
  const ASTContext &Ctx = S.View.ast();
  const Lane *L0 = G.Accesses.front();
  Root P = S.View.rootOf(L0->Base);
  std::string PName = P.Chain.empty() ? P.Name : P.Chain.front();
  LinearForm Base = L0->Idx;
  Base.Terms.erase(Monomial{G.KKey});
  std::string BaseKey = Base.symbolic().symbolicKey();
  int64_t W0 = Base.constant() + G.Start;
  unsigned LB = beginOffset(Ctx, G.Outer), LE = endOffset(Ctx, G.For);
  WorstReport W;
  std::string Moves = G.HasWrite ? "the vector load goes before the loop and the store after it"
                                 : "the vector load goes before the loop";
  for (const analysis::Interference &I : S.View.interferences(P, LB, LE, G.HasWrite)) {
    const MemEvent &Ev = *I.Event;
    std::string Line = " (line " + lineText(Ctx, Ev.E) + ")";
    if (Ev.K == MemEvent::Call) {
      W.report(Status::Fails,
               "the call to '" + Ev.What + "'" + Line +
                   " in the loop may write or synchronize memory; " + Moves,
               "", evidenceAt(Ctx, Ev.E->getBeginLoc(), "call", "'" + Ev.What + "' is called here"));
      continue;
    }
    const Expr *EE = Ev.E->IgnoreParenImpCasts();
    bool Own = false;
    for (const Lane *L : G.Accesses)
      Own = Own || L->Access->IgnoreParenImpCasts() == EE;
    if (Own)
      continue;
    std::string What = writtenText(Ctx, Ev.E).value_or("memory");
    auto It = S.AllByAccess.find(EE);
    const Lane *EL = It == S.AllByAccess.end() ? nullptr : It->second;
    if (EL && EL->PtrKey == L0->PtrKey && EL->Idx.symbolic().symbolicKey() == BaseKey &&
        (EL->C < W0 || EL->C >= W0 + int64_t(G.V)))
      continue; // provably outside the vector
    std::string Kind = Ev.K == MemEvent::Write ? "store to" : "read of";
    EvidenceNote Here = evidenceAt(Ctx, Ev.E->getBeginLoc(), eventRole(Ev),
                                   "'" + What + "' is " +
                                       (Ev.K == MemEvent::Write ? "written" : "read") + " here");
    if (I.Overlap == analysis::Alias::Same || (EL && EL->PtrKey == L0->PtrKey))
      W.report(Status::Fails,
               "the " + Kind + " '" + What + "'" + Line +
                   " in the loop may touch the vector's elements; " + Moves,
               "", Here);
    else
      W.report(Status::Unknown, "the " + Kind + " '" + What + "'" + Line + " in the loop: " + I.Why,
               PName.empty() ? "noalias" : "noalias:" + PName, Here);
  }
  return W.into(Res, G.HasWrite ? "no other possibly-aliasing read or write in the loop"
                                : "no possibly-aliasing store in the loop");
}

} // namespace

const Lane *ForwardSubject::laneOf(const Expr *E) const {
  auto It = ByAccess.find(E->IgnoreParenImpCasts());
  return It == ByAccess.end() ? nullptr : It->second;
}

//===----------------------------------------------------------------------===//
// Forward preconditions
//===----------------------------------------------------------------------===//

/// contiguous-lanes: V accesses at offsets 0..V-1 from one base, the index
/// unchanged between them (nor the memory an index reads).
Status checkContiguousLanes(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  const FunctionFacts &Facts = S.View.facts();
  std::vector<const VarDecl *> Vars;
  bool IndexReadsMemory = false;
  const VarDecl *Which = nullptr;
  if (const Group *G = S.G) {
    std::string V = std::to_string(G->V);
    if (G->Sh == Group::Incomplete) {
      std::string Missing;
      for (unsigned k = 0; k < G->V; ++k)
        if (!G->ByLane[k])
          Missing += (Missing.empty() ? "" : ", ") + std::to_string(k);
      R.Reason = "vector-width=" + V + " needs lanes 0.." + std::to_string(G->V - 1) +
                 " but lane(s) " + Missing + " are missing";
      return Status::Fails;
    }
    // An index that reads memory (a gather, x[4*idx[j] + k]) must not see
    // that memory change between the lanes.
    indexFacts(G->Accesses, Vars, IndexReadsMemory);
    const MemEvent *Clobber = nullptr;
    if (IndexReadsMemory)
      for (const MemEvent &Ev : Facts.events())
        if (Ev.K != MemEvent::Read && Ev.Begin >= G->Start && Ev.Begin < G->Stop && !Clobber &&
            !(G->IsStore && isOwnAccess(S, *G, Ev.E)))
          Clobber = &Ev;
    if (Clobber) {
      std::string What = writtenText(Ctx, Clobber->E).value_or("a call");
      R.Reason = "the index reads memory, and '" + What + "' (line " + lineText(Ctx, Clobber->E) +
                 ") may change it between the lanes";
      note(R, Ctx, Clobber->E, eventRole(*Clobber), "'" + What + "' may change it here");
      return Status::Fails;
    }
    if (const VarMod *M = Facts.modifiedIn(Vars, G->Start, G->Stop, &Which)) {
      R.Reason = "'" + Which->getName().str() + "' is modified between the lanes (line " +
                 std::to_string(fileLine(Ctx, M->At->getBeginLoc())) +
                 "), so they are not " + V + " contiguous elements";
      note(R, Ctx, M->At, "write", "'" + Which->getName().str() + "' is modified here");
      return Status::Fails;
    }
    R.Reason = V + " " + G->lane0()->Elem + " lanes at offsets 0.." + std::to_string(G->V - 1) +
               " from one base through one pointer";
    return Status::Holds;
  }
  const LoopGroup &G = *S.Loop;
  const Lane *L0 = G.Accesses.front();
  unsigned LB = beginOffset(Ctx, G.Outer), LE = endOffset(Ctx, G.For);
  indexFacts(G.Accesses, Vars, IndexReadsMemory);
  Vars.erase(std::remove(Vars.begin(), Vars.end(), G.K), Vars.end());
  const SourceManager &SM = Ctx.getSourceManager();
  for (const VarDecl *VD : Vars)
    if (VD->isLocalVarDecl() && SM.getFileOffset(SM.getExpansionLoc(VD->getLocation())) >= LB) {
      R.Reason = "'" + VD->getName().str() +
                 "' (part of the base index) is declared inside the loop; the vector access goes "
                 "before the loop";
      R.Evidence.push_back(evidenceAt(Ctx, VD->getLocation(), "declaration",
                                      "'" + VD->getName().str() + "' is declared here"));
      return Status::Fails;
    }
  if (const VarMod *M = Facts.modifiedIn(Vars, LB, LE, &Which)) {
    R.Reason = "'" + Which->getName().str() + "' is modified inside the loop (line " +
               std::to_string(fileLine(Ctx, M->At->getBeginLoc())) +
               "), so the lanes do not share one base";
    note(R, Ctx, M->At, "write", "'" + Which->getName().str() + "' is modified here");
    return Status::Fails;
  }
  if (IndexReadsMemory) {
    R.Reason = "the index reads memory; a lane loop over a gathered index is not grouped";
    return Status::Fails;
  }
  R.Reason = std::to_string(G.V) + " " + L0->Elem + " lanes " + accessText(Ctx, L0) +
             ", one per iteration of the loop over '" + G.K->getName().str() + "'";
  return Status::Holds;
}

/// index-aligned: the base index B is a multiple of V.
Status checkIndexAligned(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  LinearForm B;
  unsigned V;
  std::string BText;
  if (const Group *G = S.G) {
    B = G->lane0()->Idx;
    B.Terms[Monomial()] = G->C0;
    V = G->V;
    BText = indexText(Ctx, G->lane0());
    if (BText.empty())
      BText = "?";
  } else {
    B = S.Loop->Accesses.front()->Idx;
    B.Terms.erase(Monomial{S.Loop->KKey});
    B.Terms[Monomial()] += S.Loop->Start;
    V = S.Loop->V;
    BText = loopBaseText(Ctx, *S.Loop);
  }
  B.normalize();
  std::string Reason;
  Status St = S.View.multipleOf(B, V, Reason, R.Assumable);
  R.Reason = "base index '" + BText + "': " + Reason;
  return St;
}

/// base-aligned: the pointer is aligned to V * 4 bytes.
Status checkBaseAligned(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const Lane *L0 = baseLane(S);
  unsigned V = S.G ? S.G->V : S.Loop->V;
  Root Rt = S.View.rootOf(L0->Base);
  std::string Use;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(L0->Base->IgnoreParenImpCasts()))
    Use = DRE->getDecl()->getName().str();
  else
    Use = Rt.Chain.empty() ? Rt.Name : Rt.Chain.front();
  return alignmentWords(S.View.ast(), S.View.alignedTo(Rt, V * 4), Rt, Use, R);
}

/// global-pointer: the pointer points to global memory.
Status checkGlobalPointer(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  Root Rt = S.View.rootOf(baseLane(S)->Base);
  switch (Rt.K) {
  case Root::KernelParam:
    R.Reason = "'" + Rt.Name + "' is a pointer parameter of kernel '" + S.View.fnName() + "'";
    return Status::Holds;
  case Root::GlobalVar:
    R.Reason = "'" + Rt.Name + "' is a __device__ array";
    return Status::Holds;
  case Root::DeviceParam:
    R.Reason = "'" + Rt.Name + "' is a parameter of __device__ function '" + S.View.fnName() +
               "'; it may point to shared or local memory";
    noteRoot(R, Ctx, Rt, "'" + Rt.Name + "' is declared here");
    return Status::Unknown;
  case Root::Shared:
    R.Reason = "'" + Rt.Name +
               "' is a __shared__ array (shared-memory vectorization is a different rewrite)";
    noteRoot(R, Ctx, Rt, "'" + Rt.Name + "' is declared __shared__ here");
    return Status::Fails;
  case Root::LocalArray:
  case Root::LocalScalar:
    R.Reason = "'" + Rt.Name + "' is local (register/stack) memory, not global memory";
    noteRoot(R, Ctx, Rt, "'" + Rt.Name + "' is declared here");
    return Status::Fails;
  case Root::Member:
    R.Reason = Rt.Why.empty() ? "the pointer comes from a struct" : Rt.Why;
    return Status::Unknown;
  case Root::Unknown:
    R.Reason = Rt.Why.empty() ? "the pointer's origin is unknown" : Rt.Why;
    return Status::Unknown;
  }
  return Status::Unknown;
}

/// tail-covered: all lanes execute under the same condition.
Status checkTailCovered(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  if (const LoopGroup *L = S.Loop) {
    std::string K = L->K->getName().str();
    R.Reason = "iteration " + K + " accesses lane " + K + "; the loop has no guard of its own";
    return Status::Holds;
  }
  if (S.G->InCall) {
    R.Reason = "all lanes are evaluated by one call";
    return Status::Holds;
  }
  if (S.G->Sh == Group::Guarded)
    return guardsEquivalent(S, *S.G, R);
  R.Reason = "all lanes execute under the same condition";
  return Status::Holds;
}

/// no-aliasing-write-between (forward): no possibly-aliasing store (loads)
/// or read/store (stores) in the span the lanes move across.
Status checkNoAliasingWriteBetween(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  return S.G ? groupAliasing(S, *S.G, R) : loopAliasing(S, *S.Loop, R);
}

/// same-block: the lanes are statements of one block, unconditional there.
Status checkSameBlock(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  if (const LoopGroup *L = S.Loop) {
    if (isa_and_nonnull<CompoundStmt>(S.PM.getParent(L->Outer))) {
      R.Reason = "the loop is a statement of a block; the vector access goes right before it" +
                 std::string(L->HasWrite ? " and the vector store right after it" : "");
      return Status::Holds;
    }
    R.Reason = "the loop over '" + L->K->getName().str() +
               "' is not a statement of a block (an unbraced if or loop body); add braces";
    note(R, Ctx, L->Outer, "loop", "the loop");
    return Status::Fails;
  }
  const Group &G = *S.G;
  if (G.InCall) {
    R.Reason = "all lanes are the arguments of one make_" + G.VecType + " call";
    return Status::Holds;
  }
  if (G.Sh == Group::Scattered) {
    std::string Lines;
    std::set<unsigned> Seen;
    for (const Lane *L : G.Accesses)
      if (Seen.insert(expansionLine(Ctx, L->Access)).second) {
        Lines += (Lines.empty() ? "" : ", ") + lineText(Ctx, L->Access);
        note(R, Ctx, L->Access, "lane", "lane " + std::to_string(L->C - G.C0) + " is here");
      }
    R.Reason = "the lanes are in different blocks or branches (lines " + Lines + ")";
    return Status::Fails;
  }
  if (G.Sh == Group::Guarded) {
    if (G.GuardMerge) {
      R.Reason = "the lanes' guards are consecutive statements of one block, merged into one";
      return Status::Holds;
    }
    R.Reason = "each lane is in its own if statement";
    return Status::Fails;
  }
  for (const Lane *L : G.Accesses)
    if (!L->CondWhy.empty()) {
      R.Reason = "lane '" + accessText(Ctx, L) + "' is executed conditionally: " + L->CondWhy;
      note(R, Ctx, L->Access, "lane", "lane " + std::to_string(L->C - G.C0) + " is here");
      return Status::Fails;
    }
  R.Reason = G.Sh == Group::Incomplete ? "the lanes present are in one block"
                                       : "all lanes are in statements of one block";
  return Status::Holds;
}

/// loop-lanes-unconditional: the lane loop runs all V iterations and
/// accesses its lane unconditionally in each.
Status checkLoopLanesUnconditional(const PreconditionQuery &Q, PreconditionResult &R) {
  const ForwardSubject &S = forwardSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  const LoopGroup &G = *S.Loop;
  std::string KName = G.K->getName().str();
  unsigned BodyBegin = beginOffset(Ctx, G.For->getBody()), LE = endOffset(Ctx, G.For);
  for (const VarMod &M : S.View.facts().mods(G.K))
    if (M.Begin >= BodyBegin && M.Begin < LE) {
      R.Reason = "'" + KName + "' is modified in the loop body (line " +
                 std::to_string(fileLine(Ctx, M.At->getBeginLoc())) + ")";
      note(R, Ctx, M.At, "write", "'" + KName + "' is modified here");
      return Status::Fails;
    }
  if (const Stmt *X = analysis::firstJump(G.For->getBody())) {
    R.Reason = "the loop body can leave an iteration early (line " + lineText(Ctx, X) + ")";
    note(R, Ctx, X, "jump", "control can leave the iteration here");
    return Status::Fails;
  }
  for (const Lane *L : G.Accesses) {
    if (L->Use == Lane::UseOther) {
      R.Reason = "'" + accessText(Ctx, L) +
                 "' is not a plain read or write (its address is taken or it is bound to a "
                 "reference)";
      note(R, Ctx, L->Access, "lane", "the access");
      return Status::Fails;
    }
    using analysis::Conditional;
    Conditional C = analysis::conditionalWithin(S.PM, L->Access, G.For->getBody());
    std::string Why;
    switch (C.K) {
    case Conditional::None: continue;
    case Conditional::ConditionalOperator: Why = "it is under the conditional operator ?:"; break;
    case Conditional::LogicalRHS:
      Why = ("it is on the right of " + cast<BinaryOperator>(C.At)->getOpcodeStr()).str();
      break;
    case Conditional::Outside: Why = "it is not inside the loop body"; break;
    default: Why = "it is inside a nested if, loop, switch or lambda of the loop body"; break;
    }
    R.Reason = "'" + accessText(Ctx, L) + "' does not run in every iteration: " + Why;
    note(R, Ctx, C.At, "condition", "what makes it conditional");
    return Status::Fails;
  }
  R.Reason = "the loop over '" + KName + "' runs " + std::to_string(G.V) +
             " iterations and accesses its lane unconditionally in each";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Reverse preconditions
//===----------------------------------------------------------------------===//

std::optional<std::pair<int64_t, uint64_t>> upCountedRange(ASTContext &Ctx, const ForStmt &Loop, const VarDecl *K,
                                                           const Stmt *FnBody) {
  analysis::TripCount T = analysis::analyseTripCount(Ctx, Loop, FnBody);
  const Expr *St = T.Step ? T.Step->IgnoreParenImpCasts() : nullptr;
  bool Increments = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(St))
    Increments = U->isIncrementOp();
  else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(St))
    Increments = CA->getOpcode() == BO_AddAssign;
  else if (const auto *B = dyn_cast_or_null<BinaryOperator>(St))
    Increments = B->getOpcode() == BO_Assign && isa<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts()) &&
                 cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts())->getOpcode() == BO_Add;
  if (!T.counted() || T.Index != K || !K || !T.Count || !T.StartValue || !T.StepValue || *T.StepValue != 1 ||
      !Increments)
    return std::nullopt;
  return std::make_pair(T.StartValue->getExtValue(), *T.Count);
}

namespace {

/// How a vector access that is not read as a value is used (for refusals).
std::string lvalueUseWhy(const ReverseSubject &S, const Expr *E, const Stmt *&At) {
  const ASTContext &Ctx = S.View.ast();
  const Stmt *Cur = E, *P = S.PM.getParent(E);
  while (P && (isa<ParenExpr>(P) || (isa<ImplicitCastExpr>(P) &&
                                     cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
    Cur = P;
    P = S.PM.getParent(P);
  }
  At = P;
  if (const auto *M = dyn_cast_or_null<MemberExpr>(P))
    return "has its lane '" + writtenText(Ctx, M).value_or("?") +
           "' assigned or its address taken (line " + lineText(Ctx, M) + ")";
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == Cur)
        return "is bound to the reference '" + VD->getName().str() +
               "': every use of it reads or writes memory";
  if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
    const FunctionDecl *F = C->getDirectCallee();
    return "is passed by reference to '" +
           (F && F->getIdentifier() ? F->getName().str() : std::string("a function")) +
           "', which may read or write it later";
  }
  return "is used as an lvalue (bound to a reference or written through)";
}

/// Splitting the vector store \p S.StoreOp crosses no possibly-aliasing
/// access: values 1..V-1 of `make_float4(...)` are evaluated after earlier
/// lanes are stored; a copy interleaves its loads and stores.
void storeAliasing(const ReverseSubject &S, WorstReport &W) {
  const ASTContext &Ctx = S.View.ast();
  const CXXOperatorCallExpr *Op = S.StoreOp;
  VecAddr Dst;
  S.Addr.access(S.Access, Dst);
  Root DR = S.View.rootOf(Dst.P);
  std::string DName = DR.Chain.empty() ? DR.Name : DR.Chain.front();
  std::string Assumable = DName.empty() ? "noalias" : "noalias:" + DName;
  const Expr *RHS = VectorAddresses::skipWrappers(Op->getArg(1));
  const auto *Call = dyn_cast<CallExpr>(RHS);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (Callee && Callee->getIdentifier() && Callee->getName().starts_with("make_") &&
      Call->getNumArgs() == Dst.V) {
    unsigned RB = beginOffset(Ctx, Op->getArg(1)), RE = endOffset(Ctx, Op->getArg(1));
    for (const analysis::Interference &I : S.View.interferences(DR, RB, RE, /*Reads=*/true)) {
      const MemEvent &Ev = *I.Event;
      if (Ev.K == MemEvent::Call) {
        W.report(Status::Fails,
                 "the call to '" + Ev.What + "' in the stored value would run between scalar stores",
                 "", evidenceAt(Ctx, Ev.E->getBeginLoc(), "call", "'" + Ev.What + "' is called here"));
        continue;
      }
      std::string What = writtenText(Ctx, Ev.E).value_or("memory");
      EvidenceNote Here = evidenceAt(Ctx, Ev.E->getBeginLoc(), "read", "'" + What + "' is read here");
      if (I.Overlap == analysis::Alias::Same)
        W.report(Status::Fails,
                 "the value reads '" + What + "', which a scalar store of an earlier lane may change",
                 "", Here);
      else
        W.report(Status::Unknown,
                 "the value reads '" + What + "' while earlier lanes are stored: " + I.Why, Assumable,
                 Here);
    }
    return;
  }
  if (!S.Addr.isVectorAccess(RHS))
    return;
  VecAddr Src;
  if (!S.Addr.access(RHS, Src) || !Src.P || Src.V != Dst.V || Src.Elem != Dst.Elem)
    return; // a register array element or a native float4 array: no memory moves
  std::string Why;
  int Al = S.View.mayAlias(DR, S.View.rootOf(Src.P), Why);
  if (Al == 2 && S.Addr.laneText(Src, 0) != S.Addr.laneText(Dst, 0))
    W.report(Status::Fails,
             "copy within one array: scalar stores may overwrite elements not yet loaded");
  else if (Al == 1)
    W.report(Status::Unknown, "interleaving scalar loads and stores of a copy: " + Why, Assumable);
}

std::string inPlaceWhy(const ReverseSubject &S) {
  std::string VT = cuda::vectorTypeName(S.Elem, S.Width), N = std::to_string(S.Width);
  std::string Names;
  for (const auto &[E, VD] : S.Loads)
    if (VD)
      Names += (Names.empty() ? "'" : ", '") + VD->getName().str() + "'";
  if (Names.empty())
    return S.Why + "; the vector load becomes " + N + " scalar loads in place (make_" + VT + ")";
  return S.Why + "; " + Names + " stay" + (S.Loads.size() > 1 ? "" : "s") + ", loaded by " + N +
         " scalar loads in place (make_" + VT + ")";
}

/// Why index \p Index of a packed temporary's element does not name one of
/// its \p Lanes lanes statically ("" if it does): a constant in range, or
/// the index of a loop around the use that counts up by one over lanes
/// within range.
std::string packedIndexWhy(ASTContext &Ctx, const ReverseSubject &S, const Expr *Use,
                           const Expr *Index, unsigned Lanes) {
  std::string N = std::to_string(Lanes);
  Expr::EvalResult C;
  if (!Index->isValueDependent() && Index->EvaluateAsInt(C, Ctx)) {
    int64_t K = C.Val.getInt().getExtValue();
    return K >= 0 && K < int64_t(Lanes) ? "" : "a constant outside lanes 0.." + std::to_string(Lanes - 1);
  }
  const VarDecl *K = analysis::refVar(Index);
  const ForStmt *Loop = nullptr;
  for (const Stmt *Up = S.PM.getParent(Use); Up && K && !Loop; Up = S.PM.getParent(Up))
    if (const auto *F = dyn_cast<ForStmt>(Up))
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
          (DS && DS->isSingleDecl() && DS->getSingleDecl() == K) ||
          analysis::findModification(Ctx, F->getInc(), K))
        Loop = F;
  if (!Loop)
    return "which is neither a constant nor the index of a loop around the use";
  auto Range = upCountedRange(Ctx, *Loop, K, S.View.facts().function()->getBody());
  if (!Range)
    return "the index of a loop without a constant trip count stepping by one";
  auto [Start, Count] = *Range;
  if (Start < 0 || Start + int64_t(Count) > int64_t(Lanes))
    return "whose loop runs over " + std::to_string(Start) + ".." + std::to_string(Start + int64_t(Count) - 1) +
           ", outside lanes 0.." + std::to_string(Lanes - 1);
  return "";
}

/// vector-temp-only-lanes for a packed load: its temporary is only read,
/// element by element with statically known lanes.
Status packedLoadUses(ASTContext &Ctx, const ReverseSubject &S, PreconditionResult &R) {
  const PackedPlan &P = *S.Packed;
  if (!P.NoForm.empty()) {
    R.Reason = P.NoForm;
    note(R, Ctx, P.Call, "use", "the packed load");
    return Status::Fails;
  }
  if (!analysis::isPureExpr(P.Call->getArg(P.Helper.PointerParam), Ctx)) {
    R.Reason = "the pointer argument has side effects; the scalar loads would evaluate it at "
               "every use";
    return Status::Fails;
  }
  std::string V = P.Var->getName().str();
  unsigned Lanes = P.Helper.Type.Lanes;
  for (const PackedPlan::Use &U : P.Uses) {
    std::string What = "'" + writtenText(Ctx, U.At).value_or(V) + "' (line " + lineText(Ctx, U.At) + ")";
    switch (U.K) {
    case PackedPlan::Use::Other:
      R.Reason = "'" + V + "' is used whole at line " + lineText(Ctx, U.At) +
                 "; a packed value has no scalar form in place";
      break;
    case PackedPlan::Use::Static:
      if (!P.TypeText.empty())
        continue;
      R.Reason = What + " names a static member through '" + V +
                 "', whose type is not written out; it cannot be named once '" + V + "' is gone";
      break;
    case PackedPlan::Use::Element:
      if (!U.Read) {
        R.Reason = What + " is written or bound to a reference: '" + V + "' is not only read";
        break;
      }
      if (std::string Why = packedIndexWhy(Ctx, S, U.At, U.Index, Lanes); !Why.empty())
        R.Reason = What + " is indexed by '" + writtenText(Ctx, U.Index).value_or("?") + "', " +
                   Why + "; only elements at statically known lanes become scalar loads";
      else
        continue;
      break;
    }
    note(R, Ctx, U.At, "use", "'" + V + "' is used here");
    return Status::Fails;
  }
  R.Reason = "'" + V + "' is only read, element by element at lanes known statically (a constant or "
             "the index of a loop over its " + std::to_string(Lanes) + " lanes)";
  return Status::Holds;
}

/// no-aliasing-write-between for loads delayed from a vector (\p Noun:
/// "vector") or packed ("packed") load to the uses: over [\p Begin, \p End)
/// no variable of the address \p VA changes and no write may touch the
/// elements. Element accesses of register packs, members of __half and
/// bfloat16, and packed loads are no writes; a packed store writes through
/// its pointer; a vector store to exactly these elements after every use
/// (\p UseAt) reads them first.
void delayAliasing(ASTContext &Ctx, const ReverseSubject &S, const VecAddr &VA, unsigned Begin,
                   unsigned End, const std::vector<std::pair<unsigned, int>> &UseAt,
                   StringRef Noun, WorstReport &W) {
  Root Target = S.View.rootOf(VA.P);
  std::string PName = Target.Chain.empty() ? Target.Name : Target.Chain.front();
  std::string Assumable = PName.empty() ? "noalias" : "noalias:" + PName;
  std::string Load = Noun.str() + " load";
  std::vector<const VarDecl *> Vars;
  Linearizer::collectVars(VA.P, Vars);
  for (const Expr *TE : VA.TermExprs)
    Linearizer::collectVars(TE, Vars);
  const VarDecl *Which = nullptr;
  if (const VarMod *M = S.View.facts().modifiedIn(Vars, Begin, End, &Which)) {
    W.report(Status::Fails,
             "'" + Which->getName().str() + "' (part of the address) is modified between the " +
                 Load + " and a use",
             "", evidenceAt(Ctx, M->At->getBeginLoc(), "write",
                            "'" + Which->getName().str() + "' is modified here"));
    return;
  }
  for (const analysis::Interference &I : S.View.interferences(Target, Begin, End, /*Reads=*/false)) {
    const MemEvent &Ev = *I.Event;
    std::string Line = lineText(Ctx, Ev.E);
    std::string What = writtenText(Ctx, Ev.E).value_or("memory");
    EvidenceNote Here = evidenceAt(Ctx, Ev.E->getBeginLoc(), "write", "'" + What + "' writes here");
    const Expr *Written = Ev.E; // the pointer a write goes through
    Status Severity = I.Overlap == analysis::Alias::Same ? Status::Fails : Status::Unknown;
    std::string Why = I.Why;
    if (Ev.K == MemEvent::Call) {
      if (auto El = cuda::packedElement(Ctx, Ev.E)) {
        const VarDecl *Obj = analysis::refVar(El->Object);
        if (Obj && Obj->hasLocalStorage() && !Obj->getType()->isReferenceType())
          continue; // an element of a register pack
      }
      const auto *C = dyn_cast<CallExpr>(Ev.E);
      const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
      if (cuda::isHalfPrecisionMember(F))
        continue; // `(float)h`: register arithmetic
      auto H = F ? cuda::packedAccessHelper(Ctx, F) : std::nullopt;
      if (!H) {
        W.report(Status::Fails,
                 "the call to '" + Ev.What + "' (line " + Line + ") between the " + Load +
                     " and its uses may write or synchronize memory",
                 "", evidenceAt(Ctx, Ev.E->getBeginLoc(), "call", "'" + Ev.What + "' is called here"));
        return;
      }
      if (H->K == cuda::PackedAccessHelper::Load)
        continue; // a packed load reads
      int Al = S.View.mayAlias(Target, S.View.rootOf(C->getArg(H->PointerParam)), Why);
      if (Al == 0)
        continue;
      Severity = Al == 2 ? Status::Fails : Status::Unknown;
      Written = nullptr;
    } else if (S.Addr.isVectorAccess(Ev.E) && sameElementsReadFirst(S, Ev, VA, UseAt)) {
      // A vector store to exactly these elements (`y4[i] = f(v.x, ...)`,
      // split or not) is fine if every use is read before it writes.
      continue;
    }
    std::string Store = (Written ? "the store to '" : "the packed store '") + What + "' (line " + Line + ")";
    if (Severity == Status::Fails)
      W.report(Status::Fails, Store + " may overwrite an element before its delayed scalar load: " + Why,
               "", Here);
    else
      W.report(Status::Unknown, Store + " lies between the " + Load + " and a use: " + Why,
               Assumable, Here);
  }
}

} // namespace

/// vector-temp-only-lanes: the vector load is read as a value that scalar
/// loads can produce (a temporary read through lanes, or a value used whole),
/// and a vector store's value can be split.
Status checkVectorTempOnlyLanes(const PreconditionQuery &Q, PreconditionResult &R) {
  const ReverseSubject &S = reverseSubject(Q);
  const ASTContext &Ctx = S.View.ast();
  switch (S.F) {
  case ReverseSubject::NotScalar:
    R.Reason = S.Why;
    return Status::Fails;
  case ReverseSubject::LValue: {
    const Stmt *At = nullptr;
    std::string How = lvalueUseWhy(S, S.Access, At);
    R.Reason = "the vector memory '" + writtenText(Ctx, S.Access).value_or("?") + "' " + How +
               ", so it is not a value that scalar loads could produce";
    note(R, Ctx, At, "use", "the vector memory is used here");
    return Status::Fails;
  }
  case ReverseSubject::Lanes:
    R.Reason = "'" + S.Temps.front().Var->getName().str() + "' is only read through its lanes";
    return Status::Holds;
  case ReverseSubject::InPlace:
    R.Reason = inPlaceWhy(S);
    return Status::Holds;
  case ReverseSubject::Store: {
    const Expr *RHS = VectorAddresses::skipWrappers(S.StoreOp->getArg(1));
    VecAddr Dst, Src;
    S.Addr.access(S.Access, Dst);
    if (S.Addr.isVectorAccess(RHS) &&
        (!S.Addr.access(RHS, Src) || !Src.P || Src.V != Dst.V || Src.Elem != Dst.Elem) &&
        (!RHS->isGLValue() || !analysis::isPureExpr(RHS, Ctx) || !writtenText(Ctx, RHS))) {
      R.Reason = "the stored vector's address cannot be split";
      note(R, Ctx, RHS, "value", "the stored vector");
      return Status::Fails;
    }
    R.Reason = "a vector store needs no vector temporary";
    return Status::Holds;
  }
  case ReverseSubject::LoadInto:
    R.Reason = "the vector is assigned to register storage '" + S.Target + "' lane by lane";
    return Status::Holds;
  case ReverseSubject::OneLane:
    R.Reason = "only lane ." + std::string(LaneNames[S.Lane]) + " is read";
    return Status::Holds;
  case ReverseSubject::PackedLoad:
    return packedLoadUses(Q.AC.ast(), S, R);
  case ReverseSubject::PackedStore:
    if (!S.Packed->NoForm.empty()) {
      R.Reason = S.Packed->NoForm;
      note(R, Ctx, S.Packed->Call, "use", "the packed store");
      return Status::Fails;
    }
    if (!analysis::isPureExpr(S.Packed->Call->getArg(S.Packed->Helper.PointerParam), Ctx)) {
      R.Reason = "the pointer argument has side effects; the scalar stores would evaluate it once "
                 "per lane";
      return Status::Fails;
    }
    R.Reason = "a packed store needs no temporary: its " +
               std::to_string(S.Packed->Helper.Type.Lanes) + " elements are stored one by one";
    return Status::Holds;
  }
  return Status::Unknown;
}

/// no-aliasing-write-between (reverse): delaying the loads to the uses (or
/// splitting a store) crosses no possibly-aliasing write.
Status checkNoAliasingWriteBetweenReverse(const PreconditionQuery &Q, PreconditionResult &R) {
  const ReverseSubject &S = reverseSubject(Q);
  WorstReport W;
  switch (S.F) {
  case ReverseSubject::Lanes:
    for (const TempPlan &T : S.Temps)
      delayAliasing(Q.AC.ast(), S, T.VA, T.DelayBegin, T.DelayEnd, T.UseAt, "vector", W);
    return W.into(R, "no possibly-aliasing store between the vector load and its uses");
  case ReverseSubject::Store:
    storeAliasing(S, W);
    return W.into(R, "splitting the store crosses no possibly-aliasing access");
  case ReverseSubject::InPlace:
    R.Reason = "the scalar loads stay where the vector load was";
    return Status::Holds;
  case ReverseSubject::LoadInto:
    R.Reason = "the lanes are written to registers, which no load can alias";
    return Status::Holds;
  case ReverseSubject::OneLane:
    R.Reason = "the load is not moved";
    return Status::Holds;
  case ReverseSubject::PackedLoad:
    delayAliasing(Q.AC.ast(), S, S.Packed->VA, S.Packed->DelayBegin, S.Packed->DelayEnd, {},
                  "packed", W);
    return W.into(R, "no possibly-aliasing store between the packed load and its uses");
  case ReverseSubject::PackedStore:
    if (const PackedPlan &P = *S.Packed; P.CopyFrom) {
      // A copy interleaves its scalar loads and stores.
      Root Dst = S.View.rootOf(P.VA.P), Src = S.View.rootOf(P.SrcVA.P);
      std::string Why, DName = Dst.Chain.empty() ? Dst.Name : Dst.Chain.front();
      int Al = S.View.mayAlias(Dst, Src, Why);
      if (Al == 2 && S.Addr.laneText(P.SrcVA, 0) != S.Addr.laneText(P.VA, 0))
        W.report(Status::Fails,
                 "copy within one array: scalar stores may overwrite elements not yet loaded");
      else if (Al == 1)
        W.report(Status::Unknown, "interleaving scalar loads and stores of a copy: " + Why,
                 DName.empty() ? "noalias" : "noalias:" + DName);
      return W.into(R, "the packed copy's scalar loads and stores touch different memory");
    }
    R.Reason = "the scalar stores stay where the packed store was, storing a register value";
    return Status::Holds;
  case ReverseSubject::NotScalar:
  case ReverseSubject::LValue:
    break;
  }
  R.Reason = "nothing is split";
  return Status::Holds;
}

} // namespace vga
} // namespace klineage
