//===- Expr.cpp - Integer size expressions --------------------------------===//
#include "klineage/Gate/Expr.h"
#include <cctype>

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
  Expected<int64_t> bin(char Op, int64_t A, int64_t B) {
    int64_t R = 0;
    switch (Op) {
    case '+':
      if (__builtin_add_overflow(A, B, &R))
        return err("integer overflow");
      return R;
    case '-':
      if (__builtin_sub_overflow(A, B, &R))
        return err("integer overflow");
      return R;
    case '*':
      if (__builtin_mul_overflow(A, B, &R))
        return err("integer overflow");
      return R;
    case '/':
    case '%':
      if (B == 0)
        return err("division by zero");
      return Op == '/' ? A / B : A % B;
    }
    return err("bad operator");
  }
  Expected<int64_t> parseOr() {
    auto L = parseAnd();
    if (!L)
      return L;
    while (true) {
      skipWs();
      if (Text.compare(Pos, 2, "||") != 0)
        return L;
      Pos += 2;
      auto R = parseAnd();
      if (!R)
        return R;
      L = (int64_t)(*L || *R);
    }
  }
  Expected<int64_t> parseAnd() {
    auto L = parseCmp();
    if (!L)
      return L;
    while (true) {
      skipWs();
      if (Text.compare(Pos, 2, "&&") != 0)
        return L;
      Pos += 2;
      auto R = parseCmp();
      if (!R)
        return R;
      L = (int64_t)(*L && *R);
    }
  }
  Expected<int64_t> parseCmp() {
    auto L = parseAdd();
    if (!L)
      return L;
    static const char *Ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    while (true) {
      skipWs();
      int Found = -1;
      for (int I = 0; I < 6; ++I)
        if (Text.compare(Pos, strlen(Ops[I]), Ops[I]) == 0) {
          Found = I;
          break;
        }
      if (Found < 0)
        return L;
      Pos += strlen(Ops[Found]);
      auto R = parseAdd();
      if (!R)
        return R;
      int64_t A = *L, B = *R;
      bool V = Found == 0 ? A == B : Found == 1 ? A != B : Found == 2 ? A <= B
             : Found == 3 ? A >= B : Found == 4 ? A < B : A > B;
      L = (int64_t)V;
    }
  }
  Expected<int64_t> parseAdd() {
    auto L = parseMul();
    if (!L)
      return L;
    while (true) {
      skipWs();
      if (Pos < Text.size() && (Text[Pos] == '+' || Text[Pos] == '-')) {
        char Op = Text[Pos++];
        auto R = parseMul();
        if (!R)
          return R;
        L = bin(Op, *L, *R);
        if (!L)
          return L;
      } else
        return L;
    }
  }
  Expected<int64_t> parseMul() {
    auto L = parseUnary();
    if (!L)
      return L;
    while (true) {
      skipWs();
      if (Pos < Text.size() && (Text[Pos] == '*' || Text[Pos] == '/' || Text[Pos] == '%')) {
        char Op = Text[Pos++];
        auto R = parseUnary();
        if (!R)
          return R;
        L = bin(Op, *L, *R);
        if (!L)
          return L;
      } else
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
      return bin('-', 0, *V);
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
