"""What the simplest spec strings use, read without Jinja.

Most ``with:`` strings of a pipeline are text around ``{{ name.attr }}`` outputs
("{{ hotel.name }} {{ task.city }} reviews", "{{ hotel.url }}") or a bare dotted
expression (``when: task.notify_email``). Parsing each with Jinja's lexer and parser
was a fifth of what a cold ``scout validate`` spent beyond a warm one, and a project whose
strings are all of this shape and whose report uses only scout's built-in templates
(their facts are shipped, scout.validate.builtin_facts) need not import jinja2 at all
(issue 15 §9, benchmarks/README.md *validatespeed2*).

:func:`plain_use` reads exactly that shape and nothing more: plain text with no ``{``
or ``}`` of its own, and outputs ``{{ a.b.c }}`` with only blanks around the dotted name
(no whitespace control, filters, calls, subscripts, operators, constants or keywords).
For anything else it answers None and the caller parses with Jinja
(scout.spec.templating). What it answers is what Jinja's tree gives for the same text:
the first name of each output is a free name, and its first attribute a ``name.attr``
use, in source order; tests/spec/test_plain_use.py compares both over every string the
repository's pipelines hold and generated ones.
"""

from __future__ import annotations

from scout.spec.jinjause import JinjaUse

#: words Jinja reads as constants or operators, not as names: never read here
_RESERVED = frozenset({"true", "false", "none", "True", "False", "None",
                       "and", "or", "not", "in", "is", "if", "else"})
#: what may stand between ``{{``/``}}`` and the dotted name (``{{-`` and ``-}}`` may not)
_BLANKS = " \t\n"


def plain_use(source: str, expression: bool) -> JinjaUse | None:
    """The names and ``name.attr`` uses of ``source`` when it has the plain shape above,
    else None (parse it with Jinja). Read with str methods, not a regex: a warm validate
    answers these strings too, and compiling a pattern cost more than the reading."""
    dotted = [source.strip(" \t")] if expression else _outputs(source)
    if dotted is None:
        return None
    names: set[str] = set()
    attrs: list[tuple[str, str]] = []
    for chain in dotted:
        parts = chain.split(".")
        # an ASCII identifier each (Jinja reads non-ASCII ones too: those go to Jinja)
        if not all(p.isascii() and p.isidentifier() and p not in _RESERVED for p in parts):
            return None
        names.add(parts[0])
        if len(parts) > 1:
            attrs.append((parts[0], parts[1]))
    return JinjaUse(names=frozenset(names), attrs=tuple(attrs))


def _outputs(source: str) -> list[str] | None:
    """The dotted name of each ``{{ }}`` output, in order; None when the text around them
    holds any other brace (a statement, a comment, whitespace control, a stray ``}}``)."""
    text, *outputs = source.split("{{")
    if "{" in text or "}" in text:
        return None
    found: list[str] = []
    for piece in outputs:
        inner, closed, text = piece.partition("}}")
        if not closed or "{" in text or "}" in text:
            return None
        found.append(inner.strip(_BLANKS))
    return found
