//===- Analysis.cpp - Facts vectorize-global-access needs -----------------===//
#include "Analysis.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <numeric>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace vga {

const char *const LaneNames[4] = {"x", "y", "z", "w"};

std::optional<std::string> scalarKind(QualType T) {
  T = T.getCanonicalType();
  if (T.isVolatileQualified())
    return std::nullopt;
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Float: return std::string("float");
  case BuiltinType::Int: return std::string("int");
  case BuiltinType::UInt: return std::string("uint");
  default: return std::nullopt;
  }
}

std::optional<std::pair<std::string, unsigned>> vectorKind(QualType T) {
  T = T.getCanonicalType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  StringRef N = RD->getName();
  for (const char *E : {"float", "int", "uint"})
    for (unsigned V : {2u, 4u})
      if (N == (Twine(E) + Twine(V)).str())
        return std::make_pair(std::string(E), V);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// FunctionFacts
//===----------------------------------------------------------------------===//

static const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// An lvalue that names memory (not a local variable itself).
static bool isMemoryLValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || isMemoryLValue(M->getBase());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      // A const (constexpr) scalar cannot be changed by any store: writing
      // a const object is undefined, so its reads never conflict.
      QualType T = VD->getType();
      if (!T->isReferenceType() && T.isConstQualified() && !T.isVolatileQualified() &&
          !T->isArrayType())
        return false;
      return VD->hasGlobalStorage() || T->isReferenceType();
    }
  return false;
}

bool isPureCallee(StringRef N) {
  static const char *const Pure[] = {
      "make_float4", "make_float2", "make_int4", "make_int2", "make_uint4", "make_uint2",
      "make_float3", "make_int3", "min", "max", "fminf", "fmaxf", "fabsf", "sqrtf", "rsqrtf",
      "expf", "__expf", "exp2f", "logf", "__logf", "log2f", "tanhf", "sinf", "cosf", "__sinf",
      "__cosf", "powf", "__powf", "fmaf", "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__fdividef",
      "__frcp_rn", "floorf", "ceilf", "roundf", "truncf", "abs", "fabs", "sqrt", "exp", "log",
      "tanh", "erff", "__saturatef", "__float2int_rn", "__int2float_rn", "__mul24", "__umul24",
      "__popc", "__clz", "__ffs", "__brev", "rintf", "copysignf", "isnan", "isinf", "__ldg",
      "__shfl_sync", "__shfl_down_sync", "__shfl_up_sync", "__shfl_xor_sync", "__ballot_sync",
      "__any_sync", "__all_sync", "static_cast"};
  for (const char *P : Pure)
    if (N == P)
      return true;
  return false;
}

class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  FactsVisitor(FunctionFacts &F, const ASTContext &Ctx) : F(F), Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  void addMod(const VarDecl *VD, const Expr *At, BinaryOperatorKind Op, const Expr *Value, bool Other) {
    VarMod M;
    M.Begin = beginOffset(Ctx, At);
    M.End = endOffset(Ctx, At);
    M.Op = Op;
    M.Value = Value;
    M.Other = Other;
    F.Mods[VD].push_back(M);
  }
  void addEvent(MemEvent::Kind K, const Expr *E, const Expr *TimeNode, StringRef What = "") {
    MemEvent Ev;
    Ev.K = K;
    Ev.E = E;
    Ev.Begin = beginOffset(Ctx, E);
    Ev.End = endOffset(Ctx, E);
    Ev.Time = K == MemEvent::Write ? endOffset(Ctx, TimeNode) : beginOffset(Ctx, TimeNode);
    Ev.What = What.str();
    F.Events.push_back(Ev);
  }

  bool VisitVarDecl(VarDecl *VD) {
    F.Names.insert(VD->getName().str());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const Expr *L = B->getLHS()->IgnoreParens();
    if (const VarDecl *VD = refVar(L); VD && !isMemoryLValue(L)) {
      BinaryOperatorKind Op = B->getOpcode();
      bool Simple = Op == BO_Assign || Op == BO_AddAssign || Op == BO_SubAssign;
      addMod(VD, B, Op, Simple ? B->getRHS() : nullptr, !Simple);
    } else if (isMemoryLValue(L)) {
      addEvent(MemEvent::Write, L, B);
      if (B->isCompoundAssignmentOp())
        addEvent(MemEvent::Read, L, B);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    const Expr *S = U->getSubExpr()->IgnoreParens();
    if (U->isIncrementDecrementOp()) {
      if (const VarDecl *VD = refVar(S); VD && !isMemoryLValue(S))
        addMod(VD, U, BO_Assign, nullptr, true);
      else if (isMemoryLValue(S)) {
        addEvent(MemEvent::Read, S, U);
        addEvent(MemEvent::Write, S, U);
      }
    } else if (U->getOpcode() == UO_AddrOf) {
      if (const VarDecl *VD = refVar(S); VD && !VD->getType()->isArrayType())
        addMod(VD, U, BO_Assign, nullptr, true);
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue && isMemoryLValue(C->getSubExpr()))
      addEvent(MemEvent::Read, C->getSubExpr()->IgnoreParens(), C);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (C->getNumArgs() == 1 && isMemoryLValue(C->getArg(0)))
      addEvent(MemEvent::Read, C->getArg(0)->IgnoreParenImpCasts(), C);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
        const Expr *L = Op->getArg(0)->IgnoreParenImpCasts();
        if (const VarDecl *VD = refVar(L); VD && !isMemoryLValue(L))
          addMod(VD, Op, BO_Assign, Op->getArg(1), false);
        else if (isMemoryLValue(L))
          addEvent(MemEvent::Write, L, Op);
        const Expr *R = Op->getArg(1)->IgnoreParenImpCasts();
        if (R->isGLValue() && isMemoryLValue(R))
          addEvent(MemEvent::Read, R, Op);
        return true;
      }
      addEvent(MemEvent::Call, C, C, "operator");
      return true;
    }
    const FunctionDecl *Callee = C->getDirectCallee();
    StringRef Name = Callee && Callee->getIdentifier() ? Callee->getName() : "";
    if (Name == "__builtin_assume" && C->getNumArgs() == 1) {
      recordAssume(C->getArg(0));
      return true;
    }
    if (Name == "__builtin_assume_aligned" || Name == "__builtin_expect")
      return true;
    if (Name == "__ldg") {
      addEvent(MemEvent::Read, C, C);
      return true;
    }
    if (isPureCallee(Name))
      return true;
    if (Callee && (Callee->hasAttr<ConstAttr>() || Callee->hasAttr<PureAttr>()))
      return true;
    if (Callee && Callee->getBuiltinID() && Name.starts_with("__nv_"))
      return true;
    if (isCudaBuiltinIndexCall(C))
      return true;
    addEvent(MemEvent::Call, C, C, Name.empty() ? "an indirect function" : Name);
    return true;
  }
  bool TraverseStmt(Stmt *S) {
    // threadIdx.x and friends are calls in the AST; they read no memory.
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      if (isCudaBuiltinIndex(E))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }

private:
  static bool isCudaBuiltinIndexCall(const CallExpr *C) {
    if (const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts()))
      return ME->getMemberDecl()->getName().starts_with("__fetch_builtin_");
    return false;
  }
  void recordAssume(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_LAnd) {
        recordAssume(B->getLHS());
        recordAssume(B->getRHS());
        return;
      }
      if (B->getOpcode() != BO_EQ)
        return;
      const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
      Expr::EvalResult Zero;
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        std::swap(L, R);
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        return;
      const auto *Mod = dyn_cast<BinaryOperator>(L);
      if (!Mod)
        return;
      Expr::EvalResult N;
      const VarDecl *VD = refVar(Mod->getLHS());
      if (!VD || !Mod->getRHS()->EvaluateAsInt(N, Ctx))
        return;
      int64_t NV = N.Val.getInt().getExtValue();
      if (Mod->getOpcode() == BO_Rem && NV > 0)
        F.Multiples.push_back({VD, NV});
      else if (Mod->getOpcode() == BO_And && NV >= 0 && ((NV + 1) & NV) == 0)
        F.Multiples.push_back({VD, NV + 1}); // (v & 3) == 0
    }
  }
  FunctionFacts &F;
  const ASTContext &Ctx;
};

FunctionFacts::FunctionFacts(const ASTContext &Ctx, const FunctionDecl *FD) : Ctx(Ctx), FD(FD) {
  for (const ParmVarDecl *P : FD->parameters())
    Names.insert(P->getName().str());
  FactsVisitor V(*this, Ctx);
  V.TraverseStmt(FD->getBody());
}

bool FunctionFacts::isKernel() const { return FD->hasAttr<CUDAGlobalAttr>(); }

const std::vector<VarMod> &FunctionFacts::mods(const VarDecl *VD) const {
  static const std::vector<VarMod> None;
  auto It = Mods.find(VD);
  return It == Mods.end() ? None : It->second;
}

const VarMod *FunctionFacts::modifiedIn(const std::vector<const VarDecl *> &Vars, unsigned Begin,
                                        unsigned End, const VarDecl **Which) const {
  for (const VarDecl *VD : Vars)
    for (const VarMod &M : mods(VD))
      if (M.Begin >= Begin && M.Begin < End) {
        if (Which)
          *Which = VD;
        return &M;
      }
  return nullptr;
}

bool FunctionFacts::assumedMultiple(const VarDecl *VD, int64_t N) const {
  for (const auto &[V, M] : Multiples)
    if (V == VD && M % N == 0)
      return true;
  return false;
}

bool FunctionFacts::nameIsFree(const std::string &Name) const {
  if (Names.count(Name))
    return false;
  // Any identifier the lexer saw (macros, globals, other functions) is taken.
  return Ctx.Idents.find(Name) == Ctx.Idents.end();
}

//===----------------------------------------------------------------------===//
// Analyzer
//===----------------------------------------------------------------------===//

std::string Analyzer::fnName() const {
  const FunctionDecl *FD = Facts.function();
  return FD->getIdentifier() ? FD->getName().str() : FD->getNameAsString();
}

const Expr *accessBasePointer(const Expr *Access) {
  Access = Access->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Access))
    return AS->getBase();
  if (const auto *U = dyn_cast<UnaryOperator>(Access))
    if (U->getOpcode() == UO_Deref)
      return U->getSubExpr();
  if (const auto *M = dyn_cast<MemberExpr>(Access))
    return M->isArrow() ? M->getBase() : accessBasePointer(M->getBase());
  if (const auto *C = dyn_cast<CallExpr>(Access))
    if (C->getNumArgs() == 1)
      return C->getArg(0); // __ldg(p)
  return nullptr;
}

static bool isPointerCast(const Expr *E) {
  if (const auto *C = dyn_cast<CastExpr>(E))
    switch (C->getCastKind()) {
    case CK_BitCast:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_ArrayToPointerDecay:
    case CK_AddressSpaceConversion:
      return true;
    default:
      return false;
    }
  return false;
}

Root Analyzer::rootOf(const Expr *Ptr, unsigned Depth) {
  Root R;
  if (!Ptr || Depth > 16) {
    R.Why = "the pointer's origin is too deep to follow";
    return R;
  }
  const Expr *E = Ptr->IgnoreParens();
  if (isPointerCast(E))
    return rootOf(cast<CastExpr>(E)->getSubExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    R.D = D;
    R.Name = D->getName().str();
    QualType T = D->getType();
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      if (!T->isPointerType() && !T->isArrayType()) {
        R.Why = "'" + R.Name + "' is not a pointer";
        return R;
      }
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      R.K = FD && FD->hasAttr<CUDAGlobalAttr>() ? Root::KernelParam : Root::DeviceParam;
      R.Restrict = T.isRestrictQualified();
      // `A += BK` (SGEMM-style pointer bumping) keeps the same array but
      // makes the offset unknown; any other reassignment loses the origin.
      for (const VarMod &M : Facts.mods(P)) {
        if (M.Other || !M.Value || !T->isPointerType()) {
          R.K = Root::Unknown;
          R.Why = "parameter '" + R.Name + "' is reassigned in the function";
          return R;
        }
        if (M.Op == BO_Assign) {
          Root Src = rootOf(M.Value, Depth + 1);
          if (Src.D != P) {
            R.K = Root::Unknown;
            R.Why = "parameter '" + R.Name + "' is reassigned in the function";
            return R;
          }
        }
        if ((M.Op == BO_AddAssign || M.Op == BO_SubAssign) &&
            !T->getPointeeType()->isIncompleteType() && !T->getPointeeType()->isDependentType()) {
          // `x += e`: the offset grows by e elements each time; checked in
          // baseAligned against the alignment asked for.
          R.Advances.push_back(M.Value);
          R.AdvanceElemBytes = Ctx.getTypeSizeInChars(T->getPointeeType()).getQuantity();
          continue;
        }
        R.OffsetKnown = false;
        R.Why = "parameter '" + R.Name + "' is advanced in the function";
      }
      return R;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (T->isArrayType()) {
        if (VD->hasAttr<CUDASharedAttr>())
          R.K = Root::Shared;
        else if (VD->hasGlobalStorage())
          R.K = VD->hasAttr<CUDAConstantAttr>() ? Root::Unknown : Root::GlobalVar;
        else
          R.K = Root::LocalArray;
        if (R.K == Root::Unknown)
          R.Why = "'" + R.Name + "' is a __constant__ array";
        return R;
      }
      if (!T->isPointerType()) {
        R.K = VD->hasGlobalStorage() ? Root::Unknown : Root::LocalScalar;
        return R;
      }
      if (VD->isLocalVarDecl() && VD->getInit() && Facts.mods(VD).empty()) {
        Root Inner = rootOf(VD->getInit(), Depth + 1);
        Inner.Chain.insert(Inner.Chain.begin(), R.Name);
        return Inner;
      }
      R.K = Root::Unknown;
      R.Chain.push_back(R.Name);
      R.Why = "pointer '" + R.Name + "' is " +
              (VD->getInit() ? "reassigned" : "not initialised at its declaration");
      return R;
    }
    R.Why = "unsupported pointer origin";
    return R;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if ((B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) && B->getType()->isPointerType()) {
      const Expr *P = B->getLHS(), *I = B->getRHS();
      if (!P->getType()->isPointerType())
        std::swap(P, I);
      Root Inner = rootOf(P, Depth + 1);
      uint64_t Size = Ctx.getTypeSizeInChars(P->getType()->getPointeeType()).getQuantity();
      if (auto F = Lin.linearize(I))
        Inner.OffsetBytes.add(*F, B->getOpcode() == BO_Add ? int64_t(Size) : -int64_t(Size));
      else
        Inner.OffsetKnown = false;
      return Inner;
    }
    R.Why = "unsupported pointer arithmetic";
    return R;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf) {
      const Expr *S = U->getSubExpr()->IgnoreParens();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
        Root Inner = rootOf(AS->getBase(), Depth + 1);
        uint64_t Size = Ctx.getTypeSizeInChars(AS->getType()).getQuantity();
        if (auto F = Lin.linearize(AS->getIdx()))
          Inner.OffsetBytes.add(*F, int64_t(Size));
        else
          Inner.OffsetKnown = false;
        return Inner;
      }
      if (isa<MemberExpr>(S))
        return rootOf(S, Depth + 1);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        R.D = DRE->getDecl();
        R.Name = R.D->getName().str();
        const auto *VD = dyn_cast<VarDecl>(R.D);
        R.K = VD && VD->hasAttr<CUDASharedAttr>() ? Root::Shared
              : VD && VD->hasGlobalStorage()      ? Root::GlobalVar
                                                  : Root::LocalScalar;
        return R;
      }
    }
    if (U->getOpcode() == UO_Deref) {
      R.Why = "the pointer is loaded from memory";
      return R;
    }
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (AS->getType()->isArrayType()) { // a row of a 2-D array
      Root Inner = rootOf(AS->getBase(), Depth + 1);
      uint64_t Size = Ctx.getTypeSizeInChars(AS->getType()).getQuantity();
      if (auto F = Lin.linearize(AS->getIdx()))
        Inner.OffsetBytes.add(*F, int64_t(Size));
      else
        Inner.OffsetKnown = false;
      return Inner;
    }
    R.Why = "the pointer is loaded from memory";
    return R;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    R.K = Root::Member;
    R.D = M->getMemberDecl();
    R.Name = R.D->getName().str();
    if (const auto *FD = dyn_cast<FieldDecl>(R.D)) {
      if (FD->getType()->isArrayType()) {
        R.OffsetBytes.Terms[Monomial()] = int64_t(Ctx.getFieldOffset(FD) / 8);
        R.Why = "'" + R.Name + "' is an array inside a struct";
      } else {
        R.Why = "pointer '" + R.Name + "' is loaded from a struct field";
        R.OffsetKnown = true;
      }
    }
    return R;
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (Callee && Callee->getIdentifier() && Callee->getName() == "__builtin_assume_aligned" &&
        C->getNumArgs() >= 2) {
      Root Inner = rootOf(C->getArg(0), Depth + 1);
      Expr::EvalResult A;
      if (C->getArg(1)->EvaluateAsInt(A, Ctx)) {
        Inner.AlignBytes = unsigned(A.Val.getInt().getZExtValue());
        Inner.OffsetBytes = LinearForm();
        Inner.OffsetKnown = true;
      }
      return Inner;
    }
    R.Why = "the pointer is returned by a call";
    return R;
  }
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    if (C->getType()->isPointerType() && C->getSubExpr()->getType()->isPointerType())
      return rootOf(C->getSubExpr(), Depth + 1);
  R.Why = "unsupported pointer expression";
  return R;
}

bool Analyzer::atomMultiple(const std::string &Key, int64_t N, unsigned Depth) {
  if (N <= 1)
    return true;
  const Atom *A = Lin.atom(Key);
  if (!A || !A->Var || Depth > 6)
    return false;
  const VarDecl *VD = A->Var;
  if (Assume.multipleOf(fnName(), VD->getName(), unsigned(N)))
    return true;
  if (Facts.assumedMultiple(VD, N))
    return true;
  if (isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || VD->hasAttr<CUDASharedAttr>())
    return false;
  // Every definition (initialiser, =, +=, -=) is a multiple of N. The values
  // are computed once, so calls in them are fine (`int i = gtid() * 4;`). A
  // local without initialiser is indeterminate until its first assignment.
  if (!VD->getInit() && Facts.mods(VD).empty())
    return false;
  if (VD->getInit()) {
    auto Init = Lin.linearizeValue(VD->getInit());
    if (!Init || !formMultiple(*Init, N, Depth + 1))
      return false;
  }
  for (const VarMod &M : Facts.mods(VD)) {
    if (M.Other || !M.Value)
      return false;
    auto F = Lin.linearizeValue(M.Value);
    if (!F || !formMultiple(*F, N, Depth + 1))
      return false;
  }
  return true;
}

static int64_t gcd64(int64_t A, int64_t B) { return std::gcd(A < 0 ? -A : A, B < 0 ? -B : B); }

bool Analyzer::formMultiple(const LinearForm &F, int64_t N, unsigned Depth) {
  for (const auto &[M, C] : F.Terms) {
    int64_t Need = N / gcd64(C, N);
    if (Need == 1)
      continue;
    bool Ok = false;
    for (const std::string &A : M)
      if (atomMultiple(A, Need, Depth))
        Ok = true;
    if (!Ok)
      return false;
  }
  return true;
}

Status Analyzer::multipleOf(const LinearForm &F, int64_t N, std::string &Reason,
                            std::string &Assumable) {
  LinearForm Sym = F.symbolic();
  int64_t C = F.constant();
  bool SymOk = formMultiple(Sym, N);
  if (SymOk && C % N == 0) {
    Reason = "every term is a multiple of " + std::to_string(N);
    return Status::Holds;
  }
  if (SymOk) {
    Reason = "it is a multiple of " + std::to_string(N) + " plus " + std::to_string(C % N);
    return Status::Fails;
  }
  // Name the first unproven term; if it is a lone variable, it can be asserted.
  for (const auto &[M, Coef] : Sym.Terms) {
    int64_t Need = N / gcd64(Coef, N);
    bool Ok = Need == 1;
    for (const std::string &A : M)
      Ok = Ok || atomMultiple(A, Need);
    if (Ok)
      continue;
    std::string Desc;
    for (const std::string &A : M) {
      const Atom *At = Lin.atom(A);
      std::string T = At && At->Var ? At->Var->getName().str()
                      : At && At->E ? writtenText(Ctx, At->E).value_or("?")
                                    : "?";
      Desc += (Desc.empty() ? "" : "*") + T;
    }
    Reason = "'" + Desc + "' is not known to be a multiple of " + std::to_string(Need);
    if (M.size() == 1 && C % N == 0) {
      const Atom *At = Lin.atom(M.front());
      if (At && At->Var)
        Assumable = "multiple:" + At->Var->getName().str() + ":" + std::to_string(Need);
    }
    return Status::Unknown;
  }
  Reason = "not provable";
  return Status::Unknown;
}

Status Analyzer::globalPointer(const Root &R, std::string &Reason) {
  switch (R.K) {
  case Root::KernelParam:
    Reason = "'" + R.Name + "' is a pointer parameter of kernel '" + fnName() + "'";
    return Status::Holds;
  case Root::GlobalVar:
    Reason = "'" + R.Name + "' is a __device__ array";
    return Status::Holds;
  case Root::DeviceParam:
    Reason = "'" + R.Name + "' is a parameter of __device__ function '" + fnName() +
             "'; it may point to shared or local memory";
    return Status::Unknown;
  case Root::Shared:
    Reason = "'" + R.Name + "' is a __shared__ array (shared-memory vectorization is a different rewrite)";
    return Status::Fails;
  case Root::LocalArray:
  case Root::LocalScalar:
    Reason = "'" + R.Name + "' is local (register/stack) memory, not global memory";
    return Status::Fails;
  case Root::Member:
    Reason = R.Why.empty() ? "the pointer comes from a struct" : R.Why;
    return Status::Unknown;
  case Root::Unknown:
    Reason = R.Why.empty() ? "the pointer's origin is unknown" : R.Why;
    return Status::Unknown;
  }
  return Status::Unknown;
}

Status Analyzer::baseAligned(const Root &R, unsigned Bytes, const std::string &UseName,
                             std::string &Reason, std::string &Assumable) {
  std::string B = std::to_string(Bytes);
  std::string Fn = fnName();
  // An assertion on the pointer as used (or a named pointer on the way) settles it.
  for (const std::string &N : R.Chain)
    if (auto A = Assume.alignment(Fn, N); A && *A >= Bytes) {
      Reason = "'" + N + "' is asserted " + std::to_string(*A) + "-byte aligned";
      return Status::Holds;
    }
  std::string Use = UseName.empty() ? (R.Chain.empty() ? R.Name : R.Chain.front()) : UseName;
  std::string Ask = Use.empty() ? "" : "aligned:" + Use + ":" + B;
  // Base alignment of the root.
  std::optional<unsigned> RootAlign = R.AlignBytes;
  std::string RootWhy;
  if (RootAlign) {
    RootWhy = "__builtin_assume_aligned(" + R.Name + ", " + std::to_string(*RootAlign) + ")";
  } else if (R.K == Root::KernelParam || R.K == Root::DeviceParam) {
    if (auto A = Assume.alignment(Fn, R.Name)) {
      RootAlign = *A;
      RootWhy = "'" + R.Name + "' is asserted " + std::to_string(*A) + "-byte aligned";
    }
  } else if ((R.K == Root::GlobalVar || R.K == Root::Shared || R.K == Root::LocalArray) && R.D) {
    RootAlign = unsigned(Ctx.getDeclAlign(R.D).getQuantity());
    RootWhy = "'" + R.Name + "' is declared with " + std::to_string(*RootAlign) + "-byte alignment";
  }
  // A parameter advanced in place: each advance must keep the alignment.
  for (const Expr *Adv : R.Advances) {
    auto F = Lin.linearizeValue(Adv);
    int64_t Need = int64_t(Bytes) / std::gcd(R.AdvanceElemBytes > 0 ? R.AdvanceElemBytes : 1,
                                             int64_t(Bytes));
    if (!F || R.AdvanceElemBytes <= 0 || !formMultiple(*F, Need)) {
      Reason = "parameter '" + R.Name + "' is advanced by '" + writtenText(Ctx, Adv).value_or("?") +
               "' elements, not known to be a multiple of " + B + " bytes";
      Assumable.clear(); // an alignment assertion on the parameter would not settle it
      return Status::Unknown;
    }
  }
  // The offset from the root.
  if (!R.OffsetKnown) {
    Reason = R.Why.empty() ? "the offset of the pointer from '" + R.Name + "' cannot be analysed"
                           : R.Why + "; its offset cannot be analysed";
    Assumable = Ask;
    return Status::Unknown;
  }
  LinearForm Off = R.OffsetBytes;
  bool OffSym = !Off.isConstant();
  int64_t OffC = Off.constant();
  if (!OffSym && OffC % int64_t(Bytes) != 0 && R.K != Root::Member) {
    Reason = "the pointer is '" + R.Name + "' + " + std::to_string(OffC) +
             " bytes, which is not a multiple of " + B + " even if '" + R.Name + "' is aligned";
    return Status::Fails;
  }
  if (R.K == Root::Member) {
    if (OffC % int64_t(Bytes) != 0 || OffSym) {
      Reason = "the pointer points into a struct (field '" + R.Name + "' at byte offset " +
               std::to_string(OffC) + "), not " + B + "-byte aligned";
      return OffSym ? Status::Unknown : Status::Fails;
    }
    Reason = R.Why.empty() ? "the pointer comes from a struct" : R.Why;
    Assumable = Ask;
    return Status::Unknown;
  }
  if (OffSym) {
    std::string Why, Ask2;
    if (!formMultiple(Off.symbolic(), Bytes)) {
      Reason = "the offset of the pointer from '" + R.Name + "' is not known to be a multiple of " +
               B + " bytes";
      Assumable = Ask;
      return Status::Unknown;
    }
  }
  if (!RootAlign) {
    if (R.K == Root::KernelParam || R.K == Root::DeviceParam) {
      Reason = "'" + R.Name + "' is a plain pointer parameter; cudaMalloc gives 256-byte alignment "
               "but the launcher may pass an offset pointer";
      Assumable = "aligned:" + (R.Chain.empty() || !OffSym ? R.Name : Use) + ":" + B;
      if (!R.Chain.empty() && !OffSym)
        Assumable = "aligned:" + R.Name + ":" + B;
    } else {
      Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
      Assumable = Ask;
    }
    return Status::Unknown;
  }
  if (*RootAlign < Bytes) {
    Reason = RootWhy + ", less than the " + B + " bytes the vector access needs";
    return R.AlignBytes ? Status::Fails
           : (R.K == Root::KernelParam || R.K == Root::DeviceParam) ? Status::Unknown
                                                                      : Status::Fails;
  }
  Reason = RootWhy + (Off.Terms.empty() ? "" : " and the offset from it is a multiple of " + B);
  return Status::Holds;
}

int Analyzer::mayAlias(const Root &A, const Root &B, std::string &Why) {
  auto Local = [](const Root &R) {
    return R.K == Root::LocalArray || R.K == Root::LocalScalar;
  };
  if (A.D && B.D && A.D == B.D && A.K != Root::Member) {
    Why = "both access '" + A.Name + "'";
    return 2;
  }
  if (Local(A) || Local(B))
    return 0; // distinct locals, or local vs. global
  if ((A.K == Root::Shared) != (B.K == Root::Shared) &&
      (A.K == Root::KernelParam || B.K == Root::KernelParam))
    return 0; // shared vs. a kernel's global pointer
  if (A.K == Root::Shared && B.K == Root::Shared)
    return 0; // distinct shared arrays
  if ((A.K == Root::GlobalVar && B.K == Root::GlobalVar) ||
      (A.K == Root::GlobalVar && B.K == Root::Shared) || (A.K == Root::Shared && B.K == Root::GlobalVar))
    return 0;
  bool ParamsOnly = (A.K == Root::KernelParam || A.K == Root::DeviceParam) &&
                    (B.K == Root::KernelParam || B.K == Root::DeviceParam);
  if (ParamsOnly) {
    if (A.Restrict && B.Restrict)
      return 0;
    std::string Fn = fnName();
    if (Assume.noAlias(Fn, A.Name) || Assume.noAlias(Fn, B.Name))
      return 0;
  }
  Why = "'" + (B.Name.empty() ? std::string("the other pointer") : B.Name) + "' may alias '" +
        A.Name + "' (not both __restrict__)";
  return 1;
}

} // namespace vga
} // namespace klineage
