"""A value a Markdown report template writes shows as the text it is, wherever it lands.

:mod:`scout.report.inert` makes every value harmless (no raw HTML, no foreign link);
this module makes it *read as written*, without the template having to say so
(``md_cell``), because a kind's author writes ``| {{ c.title }} |`` and never thinks of
the page whose title is "Casa Bonay | Booking.com":

* a value written on a line that is a Markdown table row (its literal text starts with
  ``|``) stays in its cell: a newline in it becomes a space, an unescaped ``|`` is
  written ``\\|`` (:func:`table_cell`);
* every value loses the Markdown it would otherwise start by accident
  (:func:`as_written`): ``*``, ``_`` and ``~`` are escaped, so a model name
  ``__init__`` or ``gpt*4*`` is not emphasised, and a bare ``www.`` or ``https://``
  address in a sentence is not made a link by viewers that link one (GitHub, GitLab); a
  value that is itself an address is left alone (the target of the template's own link);
  and a citation mark of its own (a page's footnote ``[3]``, a hotel named "Casa [1]")
  is written ``\\[3\\]``, as md_cell writes it, so it is never taken for (and in
  report.html never linked as) the report's citation 3.
* a value's line that starts a Markdown block (the value's first when the template
  writes nothing before it on its line but a list or quote marker, or other values, and
  every line after a newline in it) keeps its block
  marker as text (:func:`line_starts`): a page's "# Best hotel", "> quote", "- item",
  "1. first", a "===" that would make the line above a heading, a code fence: md_cell's
  rule, so a kind's template that writes a review raw on its own line gets no heading,
  list or quote from it.

How the environment knows where a value lands: :class:`ValuesAsWritten` rewrites each
``{{ expression }}`` of a Markdown template, when the template is compiled, into
``_as_value((expression), in_row)``, ``in_row`` read from the template's own text on
that line. What the template composes itself is not a value and is left alone: a call
of a macro (defined, imported or ``caller()``), a ``{% set x %}...{% endset %}`` block,
a translated text (``_()``: scout's catalog may write ``*emphasis*``), and, in a table
row, an expression that writes its own ``|`` (``cells | join(" | ")``). ``Markup``
(``| safe``, or Markdown scout's code built, such as the mermaid block) keeps its
Markdown; the table rule still applies to it. HTML templates escape instead and are
left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

from scout.spec.filters import literal_line, no_autolink

#: the global a rewritten ``{{ }}`` calls
CALL = "_as_value"
#: names whose call writes what the template itself composed, not a value
_COMPOSING = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext", "caller",
                        "super", "self", "varargs"})
#: a run of emphasis or strikethrough delimiters, with the characters around it
_DELIMITERS = re.compile(r"(?<!\\)(\*+|_+|~+)")
#: a value that is an address (a web address, a fragment, a relative path): a link's target
_ADDRESS = re.compile(r"^\s*(?:(?:https?://|mailto:|#)\S*|[^\s/]*/\S*)\s*$", re.I)
#: a ``|`` after an even number of backslashes (none included): one that ends a cell
_OPEN_PIPE = re.compile(r"(?<!\\)((?:\\\\)*)\|")
#: what a line may hold before a value that still starts a block there: spaces, list and
#: quote markers ("- {{ x }}", "> {{ x }}": a "# x" there is a heading inside the item),
#: and values ("\x00": one may have written such a marker)
_STARTS = re.compile(r"(?:[\s\x00>]|[-+*](?=\s)|\d{1,9}[.)](?=\s))*")
#: a value that is only a list, heading or quote marker: the template's own structure
_MARKER_ONLY = re.compile(r"^\s*(?:#{1,6}|[-+*>]|\d{1,9}[.)])\s*$")
#: a citation mark as the report writes its own (htmlpost's), not already escaped
_CITATION = re.compile(r"(?<!\\)\[(\d{1,4})\]")
#: a run of whitespace: one with a line break in it becomes a space in a table cell
_SPACE_RUN = re.compile(r"\s+")


def _one_line(m: re.Match[str]) -> str:
    run = m.group()
    return " " if "\n" in run or "\r" in run else run


def table_cell(text: str) -> str:
    """``text`` kept inside one table cell: newlines as spaces, unescaped pipes escaped.
    Idempotent, and a no-op on ``md_cell``'s output."""
    if "\n" in text or "\r" in text:
        # each whitespace run taken whole, once: ``\s*[\r\n]+\s*`` retried every run of
        # spaces from each of its positions (quadratic: a page's 100,000 blanks took a minute)
        text = _SPACE_RUN.sub(_one_line, text)
    return _OPEN_PIPE.sub(r"\1\\|", text) if "|" in text else text


def _delimiter(m: re.Match[str], text: str) -> str:
    """A run of ``*``, ``_`` or ``~`` escaped unless it can neither open nor close
    emphasis: ``_`` between two letters or digits (``TAVILY_API_KEY``, CommonMark's
    intraword rule), ``*`` or ``~`` between two spaces (``5 * 4``). The raw Markdown,
    which agents read, keeps every other character as it is."""
    run = m.group(1)
    before = text[m.start() - 1] if m.start() else ""
    after = text[m.end()] if m.end() < len(text) else ""
    if run[0] == "_":
        safe = before.isalnum() and after.isalnum()
    else:
        safe = before.isspace() and after.isspace()
    return run if safe else "".join("\\" + c for c in run)


def as_written(text: str) -> str:
    """``text`` with no Markdown emphasis, strikethrough or autolink of its own (a bare
    ``www.`` or ``https://`` address in a sentence: md_cell's rule)."""
    if _ADDRESS.match(text):
        return text
    text = _DELIMITERS.sub(lambda m: _delimiter(m, text), text)
    if "[" in text:
        text = _CITATION.sub(r"\\[\1\\]", text)
    return no_autolink(text)


def _block_marker(line: str) -> str:
    """``line`` with a leading block marker escaped (after the spaces that may indent it)."""
    body = line.lstrip(" ")
    if not body or len(line) - len(body) > 3:
        return line  # blank, or indented code: text either way
    return line[:len(line) - len(body)] + literal_line(body)


def line_starts(text: str, at_start: bool) -> str:
    """``text`` with each of its lines that starts a Markdown line (the first only when
    ``at_start``) holding no block marker of its own. A value that is a marker and
    nothing else is the template's structure, written by an expression
    (``{{ (loop.index ~ ".") if ordered else "-" }} {{ item }}``), and is left alone."""
    if "\n" not in text:
        return _block_marker(text) if at_start and not _MARKER_ONLY.match(text) else text
    lines = text.split("\n")
    return "\n".join(_block_marker(line) if i or at_start else line
                     for i, line in enumerate(lines))


def as_value(value: Any, in_row: bool = False, at_start: bool = False) -> Any:
    """What a rewritten ``{{ }}`` writes (the report environment's ``_as_value``);
    ``at_start``: the template writes nothing before it on its line."""
    from markupsafe import Markup

    if value is None or isinstance(value, (int, float)):
        return value
    text = str(value)
    if not isinstance(value, Markup):
        text = as_written(text)
        if not in_row:
            text = line_starts(text, at_start)
    return table_cell(text) if in_row else text


def _body(tokens: list[Token], start: int) -> int:
    """Index of the ``variable_end`` closing the ``variable_begin`` at ``start``."""
    i = start + 1
    while i < len(tokens) and tokens[i].type != "variable_end":
        i += 1
    return i


def _composed_names(tokens: list[Token]) -> set[str]:
    """Names that the template binds to text it composes: its macros, what it imports,
    its ``{% set x %}`` blocks."""
    names = set(_COMPOSING)
    for i, tok in enumerate(tokens):
        if tok.type != "block_begin" or i + 2 >= len(tokens):
            continue
        word, nxt = tokens[i + 1], tokens[i + 2]
        if word.type != "name":
            continue
        if word.value in ("macro", "call") and nxt.type == "name":
            names.add(nxt.value)
        elif word.value == "set" and nxt.type == "name" and i + 3 < len(tokens) \
                and tokens[i + 3].type == "block_end":
            names.add(nxt.value)
        elif word.value in ("import", "from"):
            j = i + 2
            while j < len(tokens) and tokens[j].type != "block_end":
                if tokens[j].type == "name" and tokens[j].value not in ("as", "import", "with",
                                                                         "without", "context"):
                    names.add(tokens[j].value)
                j += 1
    return names


def _composes(body: list[Token], composed: set[str]) -> bool:
    """Whether ``{{ body }}`` writes what the template composed: it is a call of one of
    ``composed`` (``r.section()`` of an imported ``r`` included) or a set block's name."""
    first = body[0] if body else None
    return first is not None and first.type == "name" and first.value in composed


def _writes_pipe(body: list[Token]) -> bool:
    return any(t.type == "string" and "|" in t.value for t in body)


class ValuesAsWritten(Extension):
    """Rewrites every ``{{ }}`` of a Markdown report template (module docstring)."""

    def filter_stream(self, stream: TokenStream) -> Iterable[Token]:
        autoescape = self.environment.autoescape
        html = autoescape(stream.name) if callable(autoescape) else bool(autoescape)
        if html or not getattr(self.environment, "values_as_written", False):
            return stream
        return self._rewrite(list(stream))

    def _rewrite(self, tokens: list[Token]) -> Iterator[Token]:
        composed = _composed_names(tokens)
        line = ""  # the template's literal text on the current output line so far
        in_trans = False
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok.type == "data":
                line = (line + tok.value).rsplit("\n", 1)[-1]
            elif tok.type == "block_begin" and i + 1 < len(tokens) \
                    and tokens[i + 1].type == "name":
                word = tokens[i + 1].value
                in_trans = word in ("trans", "pluralize") or (in_trans and word != "endtrans")
            elif tok.type == "variable_begin" and not in_trans:
                end = _body(tokens, i)
                body = tokens[i + 1:end]
                row = line.lstrip().startswith("|")
                starts = _STARTS.fullmatch(line) is not None
                line += "\x00"  # the line now starts with a value, whatever it writes
                if body and not _composes(body, composed):
                    n = tok.lineno
                    yield tok
                    yield Token(n, "name", CALL)
                    yield Token(n, "lparen", "(")
                    yield Token(n, "lparen", "(")
                    yield from body
                    yield Token(n, "rparen", ")")
                    yield Token(n, "comma", ",")
                    yield Token(n, "name", "true" if row and not _writes_pipe(body) else "false")
                    yield Token(n, "comma", ",")
                    yield Token(n, "name", "true" if starts else "false")
                    yield Token(n, "rparen", ")")
                    yield tokens[end]
                    i = end + 1
                    continue
            yield tok
            i += 1
