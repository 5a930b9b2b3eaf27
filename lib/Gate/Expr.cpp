//===- Expr.cpp - Integer size expressions --------------------------------===//
#include "klineage/Gate/Expr.h"
#include <cctype>
#include <string>
#include <vector>

using namespace llvm;

namespace klineage {
namespace gate {
namespace {

class Parser {
public:
  Parser(const std::string &T, const VarMap *V, std::set<std::string> *Names)
      : Text(T), Vars(V), Names(Names) {}

  Expected<int64_t> parseAll() {
    auto V = parseOr();
    if (!V)
      return V.takeError();
    skipWs();
    if (Pos != Text.size())
      return err("unexpected '" + Text.substr(Pos, 1) + "'");
    return *V;
  }

private:
  const std::string &Text;
  const VarMap *Vars;
  std::set<std::string> *Names;
  size_t Pos = 0;

  Error err(const std::string &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             "in expression '" + Text + "' at column " +
                                 std::to_string(Pos + 1) + ": " + Msg);
  }
  void skipWs() {
    while (Pos < Text.size() && isspace((unsigned char)Text[Pos]))
      ++Pos;
  }
  /// Binary operators by precedence, loosest first; all left-associative.
  /// Within a level, longer spellings come first ("<=" before "<").
  static const std::vector<std::vector<std::string>> &levels() {
    static const std::vector<std::vector<std::string>> L = {
        {"||"}, {"&&"}, {"==", "!=", "<=", ">=", "<", ">"}, {"+", "-"}, {"*", "/", "%"}};
    return L;
  }
  Expected<int64_t> apply(const std::string &Op, int64_t A, int64_t B) {
    int64_t R = 0;
    if (Op == "+" || Op == "-" || Op == "*") {
      bool Overflow = Op == "+"   ? __builtin_add_overflow(A, B, &R)
                      : Op == "-" ? __builtin_sub_overflow(A, B, &R)
                                  : __builtin_mul_overflow(A, B, &R);
      if (Overflow)
        return err("integer overflow");
      return R;
    }
    if (Op == "/" || Op == "%") {
      if (B == 0)
        return err("division by zero");
      return Op == "/" ? A / B : A % B;
    }
    if (Op == "||") return (int64_t)(A || B);
    if (Op == "&&") return (int64_t)(A && B);
    if (Op == "==") return (int64_t)(A == B);
    if (Op == "!=") return (int64_t)(A != B);
    if (Op == "<=") return (int64_t)(A <= B);
    if (Op == ">=") return (int64_t)(A >= B);
    if (Op == "<") return (int64_t)(A < B);
    if (Op == ">") return (int64_t)(A > B);
    return err("bad operator");
  }
  Expected<int64_t> parseOr() { return parseBinary(0); }
  Expected<int64_t> parseBinary(size_t Level) {
    if (Level == levels().size())
      return parseUnary();
    auto L = parseBinary(Level + 1);
    if (!L)
      return L;
    while (true) {
      skipWs();
      const std::string *Op = nullptr;
      for (const std::string &O : levels()[Level])
        if (Text.compare(Pos, O.size(), O) == 0) {
          Op = &O;
          break;
        }
      if (!Op)
        return L;
      Pos += Op->size();
      auto R = parseBinary(Level + 1);
      if (!R)
        return R;
      L = apply(*Op, *L, *R);
      if (!L)
        return L;
    }
  }
  Expected<int64_t> parseUnary() {
    skipWs();
    if (Pos < Text.size() && Text[Pos] == '-') {
      ++Pos;
      auto V = parseUnary();
      if (!V)
        return V;
      return apply("-", 0, *V);
    }
    if (Pos < Text.size() && Text[Pos] == '!' &&
        !(Pos + 1 < Text.size() && Text[Pos + 1] == '=')) {
      ++Pos;
      auto V = parseUnary();
      if (!V)
        return V;
      return (int64_t)(*V == 0);
    }
    return parsePrimary();
  }
  Expected<int64_t> parsePrimary() {
    skipWs();
    if (Pos >= Text.size())
      return err("unexpected end");
    char C = Text[Pos];
    if (C == '(') {
      ++Pos;
      auto V = parseOr();
      if (!V)
        return V;
      skipWs();
      if (Pos >= Text.size() || Text[Pos] != ')')
        return err("expected ')'");
      ++Pos;
      return V;
    }
    if (isdigit((unsigned char)C)) {
      int64_t V = 0;
      while (Pos < Text.size() && (isdigit((unsigned char)Text[Pos]) || Text[Pos] == '\'')) {
        if (Text[Pos] == '\'') {
          ++Pos;
          continue;
        }
        if (__builtin_mul_overflow(V, 10, &V) ||
            __builtin_add_overflow(V, Text[Pos] - '0', &V))
          return err("integer literal too large");
        ++Pos;
      }
      if (Pos < Text.size() && (Text[Pos] == '.' || Text[Pos] == 'e' || Text[Pos] == 'E'))
        return err("only integer arithmetic is allowed in size expressions");
      return V;
    }
    if (isalpha((unsigned char)C) || C == '_') {
      size_t S = Pos;
      while (Pos < Text.size() && (isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      std::string Id = Text.substr(S, Pos - S);
      skipWs();
      if ((Id == "min" || Id == "max") && Pos < Text.size() && Text[Pos] == '(') {
        ++Pos;
        auto A = parseOr();
        if (!A)
          return A;
        skipWs();
        if (Pos >= Text.size() || Text[Pos] != ',')
          return err("expected ',' in " + Id + "()");
        ++Pos;
        auto B = parseOr();
        if (!B)
          return B;
        skipWs();
        if (Pos >= Text.size() || Text[Pos] != ')')
          return err("expected ')'");
        ++Pos;
        return Id == "min" ? std::min(*A, *B) : std::max(*A, *B);
      }
      if (Names)
        Names->insert(Id);
      if (!Vars)
        return 1;
      auto It = Vars->find(Id);
      if (It == Vars->end())
        return err("unknown size variable '" + Id + "'");
      return It->second;
    }
    return err(std::string("unexpected '") + C + "'");
  }
};

} // namespace

Expected<int64_t> evalExpr(const std::string &Text, const VarMap &Vars) {
  Parser P(Text, &Vars, nullptr);
  return P.parseAll();
}

Expected<std::set<std::string>> exprVariables(const std::string &Text) {
  std::set<std::string> Names;
  Parser P(Text, nullptr, &Names);
  auto V = P.parseAll();
  if (!V) {
    // Division by zero etc. with dummy values is not a syntax error.
    std::string Msg = toString(V.takeError());
    if (Msg.find("division by zero") == std::string::npos &&
        Msg.find("overflow") == std::string::npos)
      return createStringError(inconvertibleErrorCode(), Msg);
  }
  return Names;
}

} // namespace gate
} // namespace klineage
