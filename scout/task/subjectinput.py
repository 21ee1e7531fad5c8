"""The subject input's reading, one turn of the request parser's reading loop
(:func:`scout.task.parser.parse_query`): what a request is about, read from what the
other inputs left, with whom it is for ("for senior scientists"), a place's list ("grants
in England and Wales") and a feature said after it ("encuestas con interfaz en catalán")
kept out of it. How a subject is told from the rest lives in :mod:`scout.task.subject`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from scout.spec.models import InputSpec
from scout.task.audience import audience_spans, names_a_role, people_input
from scout.task.parse_notes import ParseResult
from scout.task.placelist import places_list
from scout.task.placewords import names_countries
from scout.task.readers import QueryText
from scout.task.subject import find_subject
from scout.task.subjectfeature import input_words, without_feature
from scout.task.subjectplace import only_place


def read_subject(name: str, spec: InputSpec, inputs: dict[str, InputSpec], text: QueryText,
                 result: ParseResult, today: dt.date, read_spans: list[tuple[int, int]],
                 searched: list[tuple[int, int]]) -> tuple[Any, tuple[int, int]] | None:
    """The value and span the subject input ``name`` reads from ``text``, or None.
    ``read_spans``: where the inputs read so far found their values; ``searched``: where
    the request names what the kind finds."""
    if not names_a_role(name, spec.aliases):  # "for senior scientists": whom for
        for span in audience_spans(text.free, text.folded, read_spans,
                                   result.lang, people_input(inputs)):
            text.claim(span)
    places = [s for s in inputs.values() if s.type == "place" or places_list(s)]
    hit = find_subject(text.free, text.original, today=today,
                       place_input=bool(places),
                       place_aliases=[a for s in places for a in s.aliases],
                       aliases=list(spec.aliases),
                       declared={s.type for s in inputs.values()},
                       lang=result.lang,
                       countries=bool(places) and all(
                           names_countries(n, s, inputs) for n, s in inputs.items()
                           if s.type == "place"),
                       role=names_a_role(name, spec.aliases),
                       searched=searched)
    if hit is not None and places and only_place(hit[0]):
        hit = None  # "grants in England and Wales": the place's list, no topic
    if hit is not None:  # "una caja de 2 kg de polvorones": what the box holds
        from scout.task.containeritem import inside

        hit = inside(hit, text.free, text.original)
    if hit is not None:  # "encuestas con interfaz en catalán": a feature
        cut = without_feature(hit, text.original, text.folded, read_spans,
                              input_words(inputs, name))
        text.claim((cut[1][1], hit[1][1]))  # the feature: no place either
        hit = cut
    return hit
