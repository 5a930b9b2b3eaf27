// PLACEHOLDER: replaced by the real LoopUnroll rewrite in this session.
#include "RewriteRegistry.h"
namespace klineage {
std::unique_ptr<RewritePair> createLoopUnroll() { return nullptr; }
}
