//===- PackedVectors.h - User structs used as 64/128-bit vectors --*- C++ -*-===//
//
// Part of KLineage. Code bases that vectorize more than float (half, bf16,
// int8) write their own vector type instead of float4: llm.c's
//
//   template <class T> struct alignas(16) Packed128 {
//     T payload[16 / sizeof(T)]; ... operator[] ... get_bits() ... };
//   template <class T> __device__ Packed128<T> load128cs(const T *p) {
//     return Packed128<T>{__ldcs(reinterpret_cast<const int4 *>(p))}; }
//   template <class T> __device__ void store128(T *p, Packed128<T> v) {
//     *reinterpret_cast<int4 *>(p) = v.get_bits(); }
//
// This table recognises such types and helpers by what they are, not by
// name: a record whose only data member is an array of scalars and whose
// alignment is its size (8 or 16 bytes); an `operator[]` that returns a
// payload element; a helper whose body is one load or store of that many
// bytes through a cast of its pointer parameter (the value moved whole, or
// bit-copied by a constructor / getter that memcpy's the payload). So a call
// of such a helper is one 64/128-bit vector access of the pointer.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_PACKEDVECTORS_H
#define KLINEAGE_CUDA_PACKEDVECTORS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace klineage {
namespace cuda {

/// A record type used as one vector of scalars.
struct PackedVectorType {
  const clang::CXXRecordDecl *Record = nullptr;
  const clang::FieldDecl *Payload = nullptr; ///< the array member
  clang::QualType Element;                   ///< its scalar element type
  unsigned Lanes = 0;                        ///< elements in the payload
  unsigned Bytes = 0;                        ///< 8 or 16: the size and the alignment
};

/// \p T as a packed vector: a struct or class without bases or virtual
/// functions whose only non-static data member is an array of a scalar type
/// (arithmetic, __half, __nv_bfloat16), 8 or 16 bytes, aligned to its size.
std::optional<PackedVectorType> packedVectorType(const clang::ASTContext &Ctx, clang::QualType T);

/// True if \p M is an `operator[]` of \p P whose body is
/// `return payload[index];` (const or not): `p[k]` is payload element k.
bool isPayloadSubscript(const clang::CXXMethodDecl *M, const PackedVectorType &P);

/// `v[k]` with \p E a call of a payload subscript of a packed vector: the
/// object `v` and the index `k`, else nullopt.
struct PackedElement {
  const clang::Expr *Object = nullptr;
  const clang::Expr *Index = nullptr;
  PackedVectorType Type;
};
std::optional<PackedElement> packedElement(const clang::ASTContext &Ctx, const clang::Expr *E);

/// A helper whose body is one vector load or store of a packed vector
/// through a cast of its pointer parameter.
struct PackedAccessHelper {
  enum Kind { Load, Store } K = Load;
  const clang::FunctionDecl *Fn = nullptr;
  unsigned PointerParam = 0; ///< the scalar pointer parameter
  unsigned ValueParam = 0;   ///< Store: the packed value parameter
  PackedVectorType Type;
  /// The cache-hinted load or store it uses ("__ldcs", "__stcg", ...), or "".
  std::string Hint;
};

/// \p Fn (a definition with a body: a function or a template
/// instantiation) as a packed load or store helper, else nullopt. Loads:
/// `return *cast<const P *>(p);`, `return P{*cast<const W *>(p)};`,
/// `return P{__ldcs(cast<const W *>(p))};`; stores: `*cast<P *>(p) = v;`,
/// `*cast<W *>(p) = v.get_bits();`, `__stcs(cast<W *>(p), v.get_bits());`
/// with W any type of P's size, P{w} a constructor and get_bits() a const
/// member that memcpy the payload, and p's pointee P's element type.
std::optional<PackedAccessHelper> packedAccessHelper(const clang::ASTContext &Ctx,
                                                     const clang::FunctionDecl *Fn);

} // namespace cuda
} // namespace klineage

#endif
