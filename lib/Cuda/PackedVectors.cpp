//===- PackedVectors.cpp - User structs used as 64/128-bit vectors --------===//
#include "klineage/Cuda/PackedVectors.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace klineage {
namespace cuda {

/// A scalar a packed vector may hold: an arithmetic builtin, or CUDA's half
/// and bfloat16 (structs around 16 bits).
static bool isScalarElement(QualType T) {
  T = T.getCanonicalType();
  if (T.isVolatileQualified())
    return false;
  if (const auto *BT = T->getAs<BuiltinType>())
    return BT->isInteger() || BT->isFloatingPoint();
  if (const auto *RD = T->getAsRecordDecl())
    return RD->getIdentifier() &&
           (RD->getName() == "__half" || RD->getName() == "__nv_bfloat16");
  return false;
}

std::optional<PackedVectorType> packedVectorType(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType();
  if (T.isNull() || T->isDependentType())
    return std::nullopt;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isUnion() || RD->isDependentType())
    return std::nullopt;
  RD = RD->getDefinition();
  if (RD->isPolymorphic() || RD->getNumBases() != 0 || RD->isInvalidDecl())
    return std::nullopt;
  PackedVectorType P;
  P.Record = RD;
  for (const FieldDecl *F : RD->fields()) {
    if (P.Payload)
      return std::nullopt; // more than one data member
    P.Payload = F;
  }
  if (!P.Payload || P.Payload->isBitField())
    return std::nullopt;
  const auto *AT = Ctx.getAsConstantArrayType(P.Payload->getType());
  if (!AT || !isScalarElement(AT->getElementType()))
    return std::nullopt;
  uint64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  uint64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
  uint64_t PayloadSize = Ctx.getTypeSizeInChars(P.Payload->getType()).getQuantity();
  if ((Size != 8 && Size != 16) || Align != Size || PayloadSize != Size)
    return std::nullopt;
  P.Element = AT->getElementType();
  P.Lanes = unsigned(AT->getSize().getZExtValue());
  P.Bytes = unsigned(Size);
  return P;
}

/// Parentheses, implicit casts and cleanups around \p E.
static const Expr *bare(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      return E;
  }
}

/// The statements of \p Body other than static_asserts and null statements.
static std::vector<const Stmt *> effectiveStatements(const Stmt *Body) {
  std::vector<const Stmt *> Out;
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS)
    return Out;
  for (const Stmt *S : CS->body()) {
    if (isa<NullStmt>(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && llvm::all_of(DS->decls(), [](const Decl *D) { return isa<StaticAssertDecl>(D); }))
      continue;
    Out.push_back(S);
  }
  return Out;
}

/// The declaration whose storage \p E points to: `&x`, `x` (an array
/// decaying), `&payload` / `payload` of `this`.
static const ValueDecl *addressed(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ? ME->getMemberDecl() : nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  return nullptr;
}

/// \p S is `memcpy(&To, &From, Bytes)`.
static bool isCopy(const ASTContext &Ctx, const Stmt *S, const ValueDecl *To, const ValueDecl *From,
                   unsigned Bytes) {
  const auto *C = dyn_cast<CallExpr>(S);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || C->getNumArgs() != 3)
    return false;
  unsigned ID = F->getBuiltinID();
  bool Memcpy = ID == Builtin::BImemcpy || ID == Builtin::BI__builtin_memcpy ||
                (F->getIdentifier() && F->getName() == "memcpy");
  Expr::EvalResult N;
  return Memcpy && addressed(C->getArg(0)) == To && addressed(C->getArg(1)) == From &&
         C->getArg(2)->EvaluateAsInt(N, Ctx) && N.Val.getInt() == Bytes;
}

/// A constructor `P(W bits) { memcpy(&payload, &bits, sizeof(bits)); }`.
static bool isBitsConstructor(const ASTContext &Ctx, const CXXConstructorDecl *C,
                              const PackedVectorType &P) {
  if (!C || C->getNumParams() != 1 || !C->getBody())
    return false;
  const ParmVarDecl *Bits = C->getParamDecl(0);
  QualType BT = Bits->getType().getNonReferenceType();
  if (BT->isDependentType() || BT->isIncompleteType() ||
      Ctx.getTypeSizeInChars(BT).getQuantity() != P.Bytes)
    return false;
  std::vector<const Stmt *> Body = effectiveStatements(C->getBody());
  return Body.size() == 1 && isCopy(Ctx, Body[0], P.Payload, Bits, P.Bytes);
}

/// A const member `W get_bits() const { W bits; memcpy(&bits, &payload,
/// sizeof(bits)); return bits; }`.
static bool isBitsGetter(const ASTContext &Ctx, const CXXMethodDecl *M, const PackedVectorType &P) {
  if (!M || M->getNumParams() != 0 || !M->isConst() || !M->getBody() ||
      M->getParent()->getCanonicalDecl() != P.Record->getCanonicalDecl())
    return false;
  QualType RT = M->getReturnType();
  if (RT->isDependentType() || RT->isIncompleteType() || RT->isVoidType() ||
      Ctx.getTypeSizeInChars(RT).getQuantity() != P.Bytes)
    return false;
  std::vector<const Stmt *> Body = effectiveStatements(M->getBody());
  if (Body.size() != 3)
    return false;
  const auto *DS = dyn_cast<DeclStmt>(Body[0]);
  const auto *Bits = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body[2]);
  if (!Bits || !Ret || !Ret->getRetValue() || !isCopy(Ctx, Body[1], Bits, P.Payload, P.Bytes))
    return false;
  const auto *R = dyn_cast<DeclRefExpr>(bare(Ret->getRetValue()));
  if (const auto *CE = dyn_cast<CXXConstructExpr>(bare(Ret->getRetValue()));
      CE && CE->getNumArgs() == 1)
    R = dyn_cast<DeclRefExpr>(bare(CE->getArg(0)));
  return R && R->getDecl() == Bits;
}

bool isPayloadSubscript(const CXXMethodDecl *M, const PackedVectorType &P) {
  if (!M || M->getOverloadedOperator() != OO_Subscript || M->getNumParams() != 1 ||
      M->getParent()->getCanonicalDecl() != P.Record->getCanonicalDecl() || !M->getBody())
    return false;
  std::vector<const Stmt *> Body = effectiveStatements(M->getBody());
  const auto *Ret = Body.size() == 1 ? dyn_cast<ReturnStmt>(Body[0]) : nullptr;
  if (!Ret || !Ret->getRetValue())
    return false;
  const auto *AS = dyn_cast<ArraySubscriptExpr>(bare(Ret->getRetValue()));
  if (!AS)
    return false;
  const auto *Idx = dyn_cast<DeclRefExpr>(AS->getIdx()->IgnoreParenImpCasts());
  return addressed(AS->getBase()) == P.Payload && Idx && Idx->getDecl() == M->getParamDecl(0);
}

std::optional<PackedElement> packedElement(const ASTContext &Ctx, const Expr *E) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParens());
  if (!Op || Op->getOperator() != OO_Subscript || Op->getNumArgs() != 2)
    return std::nullopt;
  auto P = packedVectorType(Ctx, Op->getArg(0)->getType());
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
  if (!P || !isPayloadSubscript(M, *P))
    return std::nullopt;
  return PackedElement{Op->getArg(0), Op->getArg(1), *P};
}

namespace {

/// Recognises the body of one helper function.
class HelperReader {
public:
  HelperReader(const ASTContext &Ctx, const FunctionDecl *Fn) : Ctx(Ctx), Fn(Fn) {}

  std::optional<PackedAccessHelper> read() {
    if (!Fn || !Fn->getBody() || Fn->isDependentContext())
      return std::nullopt;
    std::vector<const Stmt *> Body = effectiveStatements(Fn->getBody());
    if (Body.size() != 1)
      return std::nullopt;
    if (const auto *Ret = dyn_cast<ReturnStmt>(Body[0]))
      return load(Ret);
    if (const auto *E = dyn_cast<Expr>(Body[0]))
      return store(E);
    return std::nullopt;
  }

private:
  /// `cast<T *>(p)` of pointer parameter p to a pointer to \p Bytes bytes;
  /// sets PointerParam.
  bool castOfPointer(const Expr *E, unsigned Bytes, const PackedVectorType &P) {
    const auto *C = dyn_cast<ExplicitCastExpr>(E->IgnoreParens());
    if (!C || !C->getType()->isPointerType())
      return false;
    QualType To = C->getType()->getPointeeType();
    if (To->isIncompleteType() || To->isDependentType() ||
        Ctx.getTypeSizeInChars(To).getQuantity() != Bytes)
      return false;
    const auto *DRE = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParenImpCasts());
    const auto *Parm = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!Parm || !Parm->getType()->isPointerType() ||
        !Ctx.hasSameUnqualifiedType(Parm->getType()->getPointeeType(), P.Element))
      return false;
    Out.PointerParam = Parm->getFunctionScopeIndex();
    return true;
  }
  /// `*cast<T *>(p)`.
  bool derefOfPointer(const Expr *E, unsigned Bytes, const PackedVectorType &P) {
    const auto *U = dyn_cast<UnaryOperator>(bare(E));
    return U && U->getOpcode() == UO_Deref && castOfPointer(U->getSubExpr(), Bytes, P);
  }

  std::optional<PackedAccessHelper> load(const ReturnStmt *Ret) {
    auto P = packedVectorType(Ctx, Fn->getReturnType());
    if (!P || !Ret->getRetValue())
      return std::nullopt;
    Out.K = PackedAccessHelper::Load;
    Out.Type = *P;
    const Expr *V = bare(Ret->getRetValue());
    // The packed value itself, copied out of memory.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(V);
        CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
      V = bare(CE->getArg(0));
    if (derefOfPointer(V, P->Bytes, *P))
      return Out;
    // P{bits}: a constructor that copies the bits into the payload.
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(V))
      V = bare(FC->getSubExpr());
    const auto *CE = dyn_cast<CXXConstructExpr>(V);
    if (!CE || CE->getNumArgs() != 1 || !isBitsConstructor(Ctx, CE->getConstructor(), *P))
      return std::nullopt;
    const Expr *Bits = bare(CE->getArg(0));
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(Bits); Copy && Copy->getNumArgs() == 1)
      Bits = bare(Copy->getArg(0));
    if (derefOfPointer(Bits, P->Bytes, *P))
      return Out;
    const auto *Call = dyn_cast<CallExpr>(Bits);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    if (F && F->getIdentifier() && isCacheHintLoad(F->getName()) && Call->getNumArgs() == 1 &&
        castOfPointer(Call->getArg(0), P->Bytes, *P)) {
      Out.Hint = F->getName().str();
      return Out;
    }
    return std::nullopt;
  }

  /// The packed value parameter \p E names, or its bits through a getter.
  bool storedValue(const Expr *E, bool Whole) {
    E = bare(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() == 1)
      E = bare(CE->getArg(0));
    const Expr *Obj = E;
    if (!Whole) {
      const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
      if (!MC || !isBitsGetter(Ctx, MC->getMethodDecl(), Out.Type))
        return false;
      Obj = bare(MC->getImplicitObjectArgument());
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
    const auto *Parm = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!Parm || !Ctx.hasSameUnqualifiedType(Parm->getType().getNonReferenceType(),
                                             Ctx.getCanonicalTagType(Out.Type.Record)))
      return false;
    Out.ValueParam = Parm->getFunctionScopeIndex();
    return true;
  }

  std::optional<PackedAccessHelper> store(const Expr *E) {
    Out.K = PackedAccessHelper::Store;
    // The packed type is the value parameter's.
    std::optional<PackedVectorType> P;
    for (const ParmVarDecl *Parm : Fn->parameters())
      if (!P)
        P = packedVectorType(Ctx, Parm->getType().getNonReferenceType());
    if (!P)
      return std::nullopt;
    Out.Type = *P;
    E = bare(E);
    const Expr *Dst = nullptr, *Val = nullptr;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
      Dst = Op->getArg(0);
      Val = Op->getArg(1);
    } else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Assign) {
      Dst = B->getLHS();
      Val = B->getRHS();
    } else if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = C->getDirectCallee();
      if (!F || !F->getIdentifier() || !isCacheHintStore(F->getName()) || C->getNumArgs() != 2 ||
          !castOfPointer(C->getArg(0), P->Bytes, *P))
        return std::nullopt;
      Out.Hint = F->getName().str();
      if (!storedValue(C->getArg(1), /*Whole=*/false))
        return std::nullopt;
      return Out;
    } else {
      return std::nullopt;
    }
    if (!derefOfPointer(Dst, P->Bytes, *P))
      return std::nullopt;
    bool Whole = packedVectorType(Ctx, Dst->getType()).has_value();
    if (!storedValue(Val, Whole))
      return std::nullopt;
    return Out;
  }

  const ASTContext &Ctx;
  const FunctionDecl *Fn;
  PackedAccessHelper Out;
};

} // namespace

std::optional<PackedAccessHelper> packedAccessHelper(const ASTContext &Ctx, const FunctionDecl *Fn) {
  std::optional<PackedAccessHelper> H = HelperReader(Ctx, Fn).read();
  if (H)
    H->Fn = Fn;
  return H;
}

} // namespace cuda
} // namespace klineage
