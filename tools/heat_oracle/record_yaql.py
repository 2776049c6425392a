#!/usr/bin/env python3
"""Record the yaql grammar Heat parses `yaql` expressions with, and yaql's
verdict on a set of expressions.

    target/heat-server/venv/bin/python tools/heat_oracle/record_yaql.py

Heat 27.0.1's `yaql` function refuses a template whose expression yaql
cannot parse ("Bad expression ..."), with the parser of
`yaql.YaqlFactory().create()`: the ply lexer and LALR parser yaql builds
from its operator table. Rather than a grammar written again by hand, this
takes ply's own tables from that parser and writes them to
core/src/lint/yaql/grammar.json: the lexer's rules in the order ply's
master regex tries them, the keywords, and the parser's actions, gotos and
productions, which heatwise's parser runs as ply runs them.

It also writes core/tests/fixtures/yaql/cases.json: expressions (written
here, and generated from the tokens with a fixed seed) with what yaql made
of each: parsed, a lexical error, or a grammar error, with the position.
"""

from __future__ import annotations

import collections.abc  # noqa: F401  (yaql's utils reads collections.abc)
import json
import random
import re
from pathlib import Path

import yaql
from yaql.language import exceptions, factory

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = ROOT / "core" / "src" / "lint" / "yaql" / "grammar.json"
CASES = ROOT / "core" / "tests" / "fixtures" / "yaql" / "cases.json"
FUNCTION_RULES = ["DOLLAR", "NUMBER", "FUNC", "KEYWORD_STRING", "QUOTED_STRING",
                  "DOUBLE_QUOTED_STRING", "QUOTED_VERBATIM_STRING"]


def grammar(engine, rules, operators) -> dict:
    """`rules`: the lexer's rules object; `operators`: yaql's operator table."""
    lexer, parser = engine.lexer, engine.parser
    # ply's master regex: the lexer's functions in the order they are
    # written, then its string rules, longest regex first.
    order = [name for text in lexer.lexretext for name in re.findall(r"\(\?P<t_(\w+)>", text)]
    assert order[: len(FUNCTION_RULES)] == FUNCTION_RULES, order
    strings = []
    for name in order[len(FUNCTION_RULES):]:
        pattern = getattr(rules, "t_" + name)
        strings.append([re.sub(r"\\(.)", r"\1", pattern), name])
    words = {}
    for symbol, (_, _, token, _) in operators.operators.items():
        if re.fullmatch(r"\w+", symbol):
            words[symbol] = token
    words.update({"true": "TRUE", "false": "FALSE", "null": "NULL"})
    terminals = sorted({t for row in parser.action.values() for t in row})
    productions = [[p.name, p.len] for p in parser.productions]
    return {
        "yaql": yaql.__version__ if hasattr(yaql, "__version__") else "",
        "ignore": lexer.lexignore,
        "literals": "".join(lexer.lexliterals),
        "strings": strings,
        "words": words,
        "terminals": terminals,
        "productions": productions,
        "action": [parser.action.get(state, {}) for state in range(len(parser.action))],
        "goto": [parser.goto.get(state, {}) for state in range(len(parser.goto))],
        "defaulted": {str(k): v for k, v in parser.defaulted_states.items()},
    }


WRITTEN = [
    "$.data.var1.sub1", "$.data.", "1mod 2", "1 mod 2", "__a", "__a()", "_a", "f(,)",
    "f(a,,b)", "f(x=>1, 2)", "f(1, x=>2)", "f(,x=>2)", "f(1,,x=>2)", "[1,2][0]", "{a=>1}",
    "$a.b()", "$.f(", "not(1)", "not 1", "a b", "'\\\n'", "'a\\'b'", '"a\\"b"', "`a\\`b`",
    "1.5.x", "1.", "1.5mod 2", "#", "", "  ", "-1", "--1", "$x -> $y", "f(a=>1)", "f(1,)",
    "f(,1)", "f(1,,)", "(1,2)", "[,]", "[]", "{}", "$[1]", "$?.a", "$.a?.b", "$ in [1]",
    "1 =~ 2", "1 !~ 2", "1 != 2", "1 = 2", "1 => 2", "1 <= 2 >= 3", "a<=>b", "!1", "?.",
    "$.select($ * 2)", "$.where($ > 1).len()", "dict(a => 1)", "let(x => 1) -> $x",
    "'unterminated", '"x', "`x", "1 +", "* 1", "(1", "1)", "[1", "{1", "1]", "1}",
    "$.a[", "$.a[]", "$.a[1,2]", "$.a[x=>1]", "$1", "$_", "$ä", "ä", "f\u00e9(1)", "1e5",
    "1.5e", "0x10", "007", "1 .5", "true and false or null", "\ttrue\r\n", "\u00a0true",
    "'\\x41'", "'\\u0041'", "'\\N{LATIN SMALL LETTER A}'", "'\\q'", "'\\'", "a.b.c(d)(e)",
    "'\\x4'", "'\\N{foo}'", "'\\U00110000'", "'\\777'", "'\\u12'", "\"\\xZZ\"", "`\\x4`",
]

TOKENS = ["$", "$.", "$a", "1", "2.5", "'s'", '"d"', "`v`", "x", "f(", "(", ")", "[", "]",
          "{", "}", ",", "=>", ".", "?.", "+", "-", "*", "/", "mod", "=~", "!~", ">", "<",
          ">=", "<=", "!=", "=", "in", "not", "and", "or", "->", "true", "null", " "]


def generated(count: int) -> list[str]:
    """Expressions built from yaql's forms, then half of them slipped: a
    token dropped, added or doubled."""
    rng = random.Random(20260601)
    binary = ["+", "-", "*", "/", "mod", "=~", "!~", ">", "<", ">=", "<=", "!=", "=", "in",
              "and", "or", "->", ".", "?."]

    def args(depth: int) -> str:
        items = [expr(depth + 1) for _ in range(rng.randrange(0, 3))]
        if rng.random() < 0.3:
            items.append(f"{rng.choice(['k', 'x', '$'])} => {expr(depth + 1)}")
        return ", ".join(items)

    def expr(depth: int) -> str:
        if depth > 3 or rng.random() < 0.35:
            return rng.choice(["$", "$a", "1", "2.5", "'s'", '"d"', "`v`", "x", "true", "null"])
        form = rng.randrange(9)
        if form == 0:
            return f"[{args(depth)}]"
        if form == 1:
            return f"{{{args(depth)}}}"
        if form == 2:
            return f"f({args(depth)})"
        if form == 3:
            return f"({expr(depth + 1)})"
        if form == 4:
            return f"{rng.choice(['-', '+', 'not '])}{expr(depth + 1)}"
        if form == 5:
            return f"{expr(depth + 1)} {rng.choice(binary)} {expr(depth + 1)}"
        if form == 6:
            return f"{expr(depth + 1)}.{rng.choice(['len', 'select', 'where'])}({args(depth)})"
        if form == 7:
            return f"{expr(depth + 1)}[{args(depth)}]"
        return f"$.{rng.choice(['a', 'data', 'b1'])}"

    out = []
    for _ in range(count):
        text = expr(0)
        if rng.random() < 0.5:
            at = rng.randrange(len(text) + 1)
            slip = rng.randrange(3)
            if slip == 0:
                text = text[:at] + text[at + 1:]
            elif slip == 1:
                text = text[:at] + rng.choice(TOKENS) + text[at:]
            else:
                text = text[:at] + text[at:at + 2] + text[at:]
        out.append(text)
    return out


def verdict(engine, text: str) -> dict:
    try:
        engine(text)
        return {"text": text, "parsed": True}
    except exceptions.YaqlLexicalException as error:
        return {"text": text, "lexical": error.position}
    except exceptions.YaqlGrammarException as error:
        return {"text": text, "grammar": error.position}
    except Exception as error:  # the escapes `codecs` cannot decode
        return {"text": text, "other": type(error).__name__}


def main() -> int:
    yaql_factory = factory.YaqlFactory()
    operators = yaql_factory._build_operator_table(yaql_factory._name_generator())
    rules = yaql_factory._create_lexer(operators)
    engine = yaql_factory.create()
    GRAMMAR.write_text(json.dumps(grammar(engine, rules, operators), sort_keys=True) + "\n",
                       encoding="utf-8")
    seen, cases = set(), []
    for text in WRITTEN + generated(3000):
        if text not in seen:
            seen.add(text)
            cases.append(verdict(engine, text))
    CASES.write_text(json.dumps(cases, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    parsed = sum(1 for c in cases if c.get("parsed"))
    print(f"{len(cases)} expressions, {parsed} parsed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
