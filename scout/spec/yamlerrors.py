"""What a YAML error says to the author of a spec or config.

PyYAML and libyaml word their errors in parser terms ("expected <block end>, but found
'<block mapping start>'"); each message here says what the author did wrong, at the
parser's mark, with a hint: an unquoted ``?`` in a flow list, a tab in the indentation,
Jinja that needs quoting, a control character, a value YAML cannot read. Imported only
when a file does not load (its patterns are compiled then, not on every validate).
"""

from __future__ import annotations

import re

import yaml
from yaml.nodes import ScalarNode

from scout.errors import Location, Problem
from scout.text import cut_middle


QUESTION_HINT = (
    "inside [ ... ] YAML reads '?' as a special character: quote the name "
    "(\"pages?\") or write the list one item per line ('- pages?')"
)

# PyYAML and libyaml word their errors in parser terms ("expected <block end>, but found
# '<block mapping start>'"). Each pattern maps the wording of either parser to what the
# author did wrong; the position comes from the parser's mark.
_SYNTAX_MESSAGES: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(r"mapping values are not allowed"),
     "unexpected ':' (a value that contains ': ' must be quoted, or the line is indented "
     "under a value)", None),
    (re.compile(r"expected '-' indicator|block collection.*but found"),
     "a list item ('- ...') and a key are mixed at the same indentation",
     "give the list its own key, or indent the items under the key they belong to"),
    (re.compile(r"did not find expected key|expected <block end>"),
     "this line does not line up with the keys above it (check its indentation)", None),
    (re.compile(r"could not find expected ':'"),
     "a key is missing its ':' (or a quoted value runs on to the next line)", None),
    (re.compile(r"(quoted scalar).*end of stream|end of stream.*quoted"),
     "a quoted value is never closed", "close the quote on the line where it opens"),
    (re.compile(r"expected ',' or '\]'|flow sequence"),
     "a [ ... ] list is not closed, or its items are not separated by ','",
     "close the list with ']' on the same line, or write one '- item' per line"),
    (re.compile(r"expected ',' or '\}'|flow mapping"),
     "a { ... } mapping is not closed, or its entries are not separated by ','",
     "close the mapping with '}', or write one 'key: value' per line"),
    (re.compile(r"undefined alias"),
     "an alias ('*name') refers to an anchor ('&name') that is not defined above it",
     "define the anchor first, e.g. 'retry: &standard {attempts: 3}', then '*standard'"),
    (re.compile(r"duplicate anchor"),
     "the same anchor ('&name') is defined twice",
     "give each anchor its own name; an alias ('*name') refers to the one above it"),
    (re.compile(r"could not determine a constructor for the tag"),
     "a tag ('!name' or '!!python/...') that specs do not allow",
     "remove the tag; specs hold plain text, numbers, lists and mappings"),
    (re.compile(r"cannot start any token"),
     "a character that cannot start a plain value (quote the value)", None),
    (re.compile(r"unknown escape character|escape"),
     "a bad escape sequence in a double-quoted value",
     "use single quotes for regular expressions: '\\d+ EUR'"),
]


def syntax_problem(exc: yaml.MarkedYAMLError, text: str, file: str) -> Problem:
    raw = " ".join(x for x in (exc.context, exc.problem) if x) or "invalid YAML"
    mark = exc.problem_mark or exc.context_mark
    if "quoted scalar" in (exc.context or "") and exc.context_mark is not None:
        mark = exc.context_mark  # where the unclosed quote starts, not the end of the file
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    what, hint = next(((m, h) for pat, m, h in _SYNTAX_MESSAGES if pat.search(raw)),
                      (None, None))
    if what is None:  # unknown wording: keep it, minus the parser's token names
        what = strip_parser_wording(re.sub(r"'?<([a-z ]+)>'?", r"\1", raw))
    optional = re.search(r"([\w-]+\?)\s*[,\]]", src) if "[" in src else None
    before = src[: col - 1].rstrip()
    if optional:  # the pure-Python parser's way of refusing `[task, pages?]`
        what = f"unquoted '{optional.group(1)}' inside [ ... ]"
        hint = QUESTION_HINT
    elif before[-1:] in ("'", '"') and before.count(before[-1]) >= 2 and col <= len(src):
        # `query: "best "ramen" in Lyon"`: the inner quote closed the value
        q = before[-1]
        other = "'" if q == '"' else '"'
        what = f"text after the closing {q} of a quoted value (a {q} inside it ends it)"
        hint = (f"quote the value with {other} instead ({other}best {q}ramen{q} in "
                f"Lyon{other})" + (", or write '' for each ' inside single quotes"
                                   if q == "'" else ""))
    elif hint is not None:
        pass
    elif "{{" in src or "{%" in src:
        hint = 'a value containing Jinja must be quoted, e.g. query: "{{ hotel.name }} reviews"'
    elif "\t" in src[: len(src) - len(src.lstrip())] or "\t" in raw or "'\\t'" in raw:
        what = "a tab character in the indentation"
        hint = "YAML indents with spaces only; replace the tab with spaces"
    elif ": " in src.split(":", 1)[-1]:
        hint = "a value that contains ': ' must be quoted"
    else:
        hint = "check indentation and quoting on this line"
    return Problem("SPEC001", f"YAML syntax error: {what}", Location(file, line, col), hint=hint)


def strip_parser_wording(msg: str) -> str:
    """Drop PyYAML's own places ('in "<unicode string>", line 3, column 5', 'position
    43') and its two-part wording; scout gives the location itself."""
    msg = re.sub(r'\s*in "<[^>]*>", (line \d+, column \d+|position \d+)', "", msg)
    msg = re.sub(r"\s*(first|second) occurrence", "", msg)
    return " ".join(msg.split()).rstrip(";:, ")


def value_problem(node: ScalarNode, exc: BaseException, loc: Location) -> Problem:
    text = node.value
    if text.lstrip("+-").isdigit() and len(text) > 100:
        return Problem("SPEC074", f"a number of {len(text.lstrip('+-')):,} digits is too long",
                       loc, hint="numbers in a spec have at most 4,300 digits; quote it if "
                                 "it is meant as text")
    detail = strip_parser_wording(str(getattr(exc, "problem", None) or exc))
    return Problem("SPEC074", f"YAML cannot read this value: {cut_middle(detail, 120)}", loc,
                   hint="quote the value to keep it as text")


def reader_problem(exc: yaml.reader.ReaderError, text: str, file: str) -> Problem:
    # the reader reports a character offset in the whole text: turn it into line/col
    pos = max(0, min(int(exc.position or 0), len(text)))
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    ch = exc.character
    code = f"U+{ord(ch):04X}" if isinstance(ch, str) else f"byte 0x{int(ch):02X}"
    what = "a NUL character" if ch in ("\x00", 0) else f"a control character ({code})"
    return Problem("SPEC001", f"YAML syntax error: {what} is not allowed in a YAML file",
                   Location(file, line, col),
                   hint="remove it; was the file saved by a binary tool or an editor with a "
                        "different encoding?")
