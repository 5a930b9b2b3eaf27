//===- TextEdit.h - A byte-range edit of the main file --------------------===//
//
// Part of KLineage. The unit every edit is reduced to: replace Length bytes
// at Offset of the main file with Text. Lives below the rewrite engine so
// that edit builders need not know what a Site is.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_TEXTEDIT_H
#define KLINEAGE_EDIT_TEXTEDIT_H

#include <string>

namespace klineage {

/// A textual edit in the main file, by byte offset.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  bool operator==(const TextEdit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text;
  }
  bool operator<(const TextEdit &O) const {
    return Offset != O.Offset ? Offset < O.Offset : Length < O.Length;
  }
};

} // namespace klineage

#endif
