// PLACEHOLDER: replaced by the real VectorizeGlobalAccess rewrite in this session.
#include "RewriteRegistry.h"
namespace klineage {
std::unique_ptr<RewritePair> createVectorizeGlobalAccess() { return nullptr; }
}
