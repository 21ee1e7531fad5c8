"""What the query parser hands back (:class:`ParseResult`) and the notes it adds once every
reader has had its turn: an amount with no currency, a length with no start date, numbers
nobody read.

The notes are written in the request's language (the ``_`` passed in); a note about one
input names it by its label (``ParseResult.label``) and is also kept under its name
(``field_notes``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scout.i18n import COUNT_WORDS
from scout.spec.models import InputSpec
from scout.task.lang import Lang
from scout.task.readers import CLAIMED, QueryText
from scout.text import cut_middle


@dataclass
class ParseResult:
    """What :func:`scout.task.parser.parse_query` read, and what it says about the rest."""

    values: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, str] = field(default_factory=dict)  # name → the text it came from
    notes: list[str] = field(default_factory=list)  # every note, in the request's language
    field_notes: dict[str, list[str]] = field(default_factory=dict)  # the ones about one input
    lang: Lang = "en"
    flags: list[str] = field(default_factory=list)  # machine-readable: "past:<name>", …
    #: the notes on text in a script the parser does not read (:mod:`scout.task.scripts`),
    #: also in ``notes``; ``unread_script`` names the script when most of the request is in it
    unread: list[str] = field(default_factory=list)
    unread_script: str | None = None
    #: an input's name as a note says it (:func:`labeller`; parse_query sets it)
    label: Callable[[str], str] = field(default=lambda name: name.replace("_", " "),
                                        repr=False, compare=False)


def labeller(inputs: dict[str, InputSpec], lang: str, catalog: Any) -> Callable[[str], str]:
    """Each input's label in ``lang`` as the report's "What you asked" labels it (the one
    rule: ``scout.spec.filters.input_labels``, a project's ``catalog`` words included):
    "minimum rating", never "min rating" in a note and another word in the table. Made
    once, when a note first needs it: most requests note nothing."""
    labels: dict[str, str] = {}

    def label(name: str) -> str:
        if not labels:
            labels.update(_labels(inputs, lang, catalog))
        return labels.get(name) or name.replace("_", " ")

    return label


#: labels made, per kind (its inputs' names and the words they are declared with), language
#: and catalog: making them reads every name through the catalogs (milliseconds), and one
#: kind's requests are parsed again and again (a server, a batch)
#: (the catalog is kept with them: its id in the key is never another's while it is held)
_LABELS: dict[tuple[Any, ...], tuple[Any, dict[str, str]]] = {}
_LABELS_KEPT = 64


def _labels(inputs: dict[str, InputSpec], lang: str, catalog: Any) -> dict[str, str]:
    key = (lang, id(catalog), tuple((n, s.description, tuple(s.aliases))
                                    for n, s in inputs.items()))
    found = _LABELS.get(key)
    if found is None:
        from scout.spec.filters import FILTERS

        found = (catalog, dict(FILTERS["input_labels"](list(inputs), inputs, lang=lang,
                                                       catalog=catalog)))
        if len(_LABELS) >= _LABELS_KEPT:
            _LABELS.clear()
        _LABELS[key] = found
    return found[1]


# a number left over, with the word glued after it when that says what it counts ("3
# nights"), not a function word ("8,5 para") or the next sentence ("8.5. Thanks"); a
# number in e-notation is one number ("1e308 euros", which no reader takes for an amount)
_UNREAD = re.compile(r"(?<![\w.,/-])\d+(?:[.,/-]\d+)*(?:\s?[x×]\s?\d+(?:[.,]\d+)?)*(?:e[+-]?\d+)?(?:[ \t]*(?P<w>[^\W\d_]{1,12}))?",
                     re.UNICODE | re.IGNORECASE)
_GLUE = frozenset("a al and at con de del el en for in la las los o of on or para por the to "
                  "un una with y".split())


def note(result: ParseResult, name: str, text: str) -> None:
    result.notes.append(text)
    result.field_notes.setdefault(name, []).append(text)


def note_bare_amounts(text: QueryText, inputs: dict[str, InputSpec], result: ParseResult,
                      _: Callable[[str], str]) -> None:
    """"nada por encima de 150" with a money input still empty: say the currency is missing
    (after every extractor, so a number a rating read is not taken for money)."""
    from scout.task.bareamount import find_bare_amount

    for name, spec in inputs.items():
        if spec.type == "money" and name not in result.values:
            bare = find_bare_amount(text.free)
            if bare is None:
                return
            text.claim(bare[1])
            # "under 2500/mo": the period is kept in what to write ("2500 EUR/mo")
            unit = ""
            if bare[2] is not None:
                unit = text.original[bare[2][0]:bare[2][1]]
                unit = unit if unit.startswith("/") else " " + unit
            local = _place_currency(text, result.lang)
            if local is not None and unit:  # "gym in Lima under 120 a month": say PEN
                code, money, country = local
                note(result, name, _(
                    "{name}: {amount}{unit} has no currency, so it was not read; if it is in "
                    "{money} ({code}), the currency of {country}, write it as {amount} "
                    "{code}{unit}").format(name=result.label(name), amount=bare[0], unit=unit,
                                           money=money, code=code, country=country))
            elif local is not None:  # "mensualidad máx 150 mil" in Medellín: say COP
                code, money, country = local
                note(result, name, _(
                    "{name}: {amount} has no currency, so it was not read; if it is in "
                    "{money} ({code}), the currency of {country}, write it as {amount} "
                    "{code}").format(name=result.label(name), amount=bare[0], money=money,
                                     code=code, country=country))
            elif unit:
                note(result, name, _(
                    "{name}: {amount}{unit} has no currency, so it was not read; write it as "
                    "{amount} EUR{unit}, {amount} USD{unit} or the like").format(
                        name=result.label(name), amount=bare[0], unit=unit))
            else:
                note(result, name, _(
                    "{name}: {amount} has no currency, so it was not read; write it as "
                    "{amount} EUR, {amount} USD or the like").format(name=result.label(name),
                                                                    amount=bare[0]))
            return


def _place_currency(text: QueryText, lang: str) -> tuple[str, str, str] | None:
    """The one currency the countries the request names or is about pay in (Medellín's
    Colombia: COP), its name in ``lang`` (the plural: "pesos colombianos") and the
    country's: what an amount with no currency most likely is, for the user to confirm;
    None when they pay in several or in none known. The amount is still not read: a
    traveller may count in their own money (docs/authoring.md)."""
    from babel import Locale
    from babel.numbers import get_currency_name

    from scout.task.cldr import currencies
    from scout.task.readers import query_territories

    paying = currencies().territory_currencies
    places = query_territories(text, lang)
    codes = {c for t in places for c in paying.get(t, ())}
    if len(codes) != 1 or not places:
        return None
    code = codes.pop()
    country = Locale(lang).territories.get(places[0], places[0])
    return code, str(get_currency_name(code, count=2, locale=lang)), str(country)


def note_left(text: QueryText, inputs: dict[str, InputSpec], result: ParseResult,
              _: Callable[[str], str]) -> None:
    """The notes on what a reader found but could not read: an amount with no currency
    (:func:`note_bare_amounts`), a length with no start (:func:`note_startless`)."""
    note_bare_amounts(text, inputs, result, _)
    note_startless(text, inputs, result, _)
    note_ages(text, inputs, result, _)


def note_ages(text: QueryText, inputs: dict[str, InputSpec], result: ParseResult,
              _: Callable[[str], str]) -> None:
    """"un niño de 8 y otro de 11", "two kids aged 8 and 11" where no input of the kind
    counts anyone's age: say the numbers are ages it does not ask for, not that they could
    not be read (where one does, its reader has read them or the numbers are left over)."""
    from scout.task.personage import ages_said, counts_age
    from scout.task.readers import digits_view, widened

    if any(s.type in ("integer", "number") and counts_age(n, list(s.aliases))
           for n, s in inputs.items()):
        return
    view = digits_view(text.free)  # "un niño de ocho": the same length, the word as digits
    spans = [widened(text.free, view, span) for span in ages_said(view)]
    if not spans:
        return
    for span in spans:
        text.claim(span)
    quote = "«{}»" if result.lang == "es" else "'{}'"
    shown = ", ".join(quote.format(text.original[a:b].strip(" ()")) for a, b in spans[:4])
    result.notes.append(_("ages said ({ages}): this search does not ask for them, so they "
                          "were not used").format(ages=shown))


# a length of time said with no day it starts from ("for two weeks", "durante un mes", "por
# 10 días"; folded): "in two weeks" / "dentro de un mes" are a date, read as one
_LENGTH = re.compile(
    r"(?<!\w)(?:for|during|durante|por|para)\s+(?:(?:about|around|unos|unas)\s+)?"
    r"(?P<n>\d{1,3}|" + "|".join(sorted(COUNT_WORDS, key=len, reverse=True)) + r"|an?)"
    r"[\s-]+(?:days?|dias?|nights?|noches?|weeks?|semanas?|months?|mes(?:es)?)(?!\w)")


def note_startless(text: QueryText, inputs: dict[str, InputSpec], result: ParseResult,
                   _: Callable[[str], str]) -> None:
    """"for two weeks", "durante un mes" with every date input still empty: say it is a
    length with no start, so no dates were read. A design choice: a length alone never
    makes dates (today, or the next month, would be a guess)."""
    empty = [n for n, s in inputs.items() if s.type in ("date", "month")]
    if not empty or any(n in result.values for n in empty):
        return
    m = _LENGTH.search(text.free)
    if m is None:
        return
    text.claim(m.span())
    said = ("«{}»" if result.lang == "es" else "'{}'").format(text.original[m.start():m.end()].strip())
    note(result, empty[0], _("{name}: {text} is a length with no start date, so no dates were "
                             "read; say the day it starts").format(
                                 name=result.label(empty[0]), text=said))


# what follows a number: spaces, then the first character of the word it counts
_NEXT_WORD = re.compile(r"[ \t]*(?=\S)")


def _counts_read(text: QueryText, m: re.Match[str]) -> bool:
    """Whether the number ``m`` left over counts words a reader took ("5 day camps", "3
    campamentos urbanos": the kind's noun, read as its type; "3 vegans", "2 celíacos": a
    flag's word, its claim taking the space before it too): how many of what was read,
    which no input holds, is no number the reader failed to read."""
    if m.group("w"):
        return False
    gap = _NEXT_WORD.match(text.original, m.end())  # the space as typed, claimed or not
    at = gap.end() if gap else m.end()
    return gap is not None and at > m.end() and at < len(text.free) \
        and text.free[at] == CLAIMED and text.original[at].isalpha()


def note_unread(text: QueryText, inputs: dict[str, InputSpec], result: ParseResult,
                _: Callable[[str], str]) -> None:
    """Numbers left over while a numeric input is still empty: say what was not read."""
    open_types = {"date", "month", "money", "rating", "duration", "year", "area", "data_size",
                  "weight", "length", "volume", "integer", "number"}
    if not any(s.type in open_types and n not in result.values for n, s in inputs.items()):
        return
    left = [text.original[m.start():m.end() if m.group("w") and m.group("w") not in _GLUE
                          else m.start("w") if m.group("w") else m.end()]
            for m in _UNREAD.finditer(text.free) if not _counts_read(text, m)]
    if left:
        # quoted as the other notes are in the request's language: 'x' in English, «x» in Spanish
        quote = "«{}»" if result.lang == "es" else "'{}'"
        # a fragment of hundreds of digits (a hostile or pasted figure) shown by its ends
        shown = ", ".join(quote.format(cut_middle(s.strip(), 60)) for s in left[:3])
        result.notes.append(_("could not read: {text}").format(text=shown))
