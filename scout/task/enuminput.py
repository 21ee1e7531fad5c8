"""The enum inputs' reading, one turn of the request parser's reading loop
(:func:`scout.task.parser.parse_query`): the words of a string or list input's declared
vocabulary ("studio", "piso"), read beside the unit of work a price was said per ("$1.50
per audio minute") first, two values asked of one ("en tren o bus") read as neither and
noted, a word said twice claimed once. How an enum's words are found lives in
:mod:`scout.task.enums`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout.spec.models import InputSpec
from scout.task.accept import typed
from scout.task.enums import enum_either, enum_peers, find_enum, find_enum_list, rival_words
from scout.task.enums import restated as enum_restated
from scout.task.parse_notes import ParseResult, note
from scout.task.readers import QueryText
from scout.task.values import coerce

Span = tuple[int, int]


def read_enum_list(name: str, spec: InputSpec, inputs: dict[str, InputSpec], text: QueryText
                   ) -> tuple[tuple[Any, Span] | None, Span | None]:
    """The list of enum words the list input ``name`` reads, each claimed, and the span
    its note quotes (from the first word read to the last); (None, None) when none."""
    many = find_enum_list(text, spec, rival_words(inputs, name), name)
    if not many:
        return None, None
    value = coerce("list", [o for o, _span in many], items=spec.items)
    for _o, span in many:
        text.claim(span)
    return (value, many[0][1]), (many[0][1][0], many[-1][1][1])


def read_enum(name: str, spec: InputSpec, inputs: dict[str, InputSpec], text: QueryText,
              result: ParseResult, unit_spans: list[Span], kind_words: list[str],
              _: Callable[[str], str]) -> tuple[Any, Span] | None:
    """The enum word the input ``name`` (not read by its name first) reads, as its type,
    or None. ``unit_spans``: where a money input read the unit of work its price is per;
    ``kind_words``: the kind's nouns and its inputs' aliases, which an adjective's other
    gender may agree with."""
    def look() -> tuple[Any, Span] | None:
        return find_enum(text, spec, name, rival_words(inputs, name), enum_peers(inputs, name),
                         nouns=kind_words)

    hit = None
    if unit_spans:
        # "$1.50 per audio minute" beside "20 hours of audio total": what the
        # price is for, said at its unit, wins over the same enum's word elsewhere
        own = text.unclaimed(unit_spans, look)
        if own is not None and any(a <= own[1][0] < b for a, b in unit_spans):
            hit = own
    if hit is None:
        hit = look()
    if hit is None and unit_spans:
        hit = text.unclaimed(unit_spans, look)
    either = enum_either(text, spec, hit) if hit is not None else None
    if either is not None:  # "en tren o bus": two values asked of one, neither read
        text.claim(either)
        said = ("«{}»" if result.lang == "es" else "'{}'").format(
            text.original[either[0]:either[1]].strip())
        note(result, name, _("{name}: {text} names two of its values, so neither "
                             "was read").format(name=result.label(name), text=said))
        hit = None
    if hit is not None:  # "discriminación horaria (2.0TD)": said twice, read once
        for again in enum_restated(text, spec, hit):
            text.claim(again)
    if hit is not None and spec.type != "string":
        hit = (typed(spec, str(hit[0])), hit[1])
    return hit
