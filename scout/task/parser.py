"""Deterministic free-text query parser: the query → typed values for declared inputs.

No model is involved. The request's language is detected first (:mod:`scout.task.lang`;
English and Spanish), then each declared input type has an extractor that finds its
span in the text: dates and months (:mod:`scout.task.dates`), money
(:mod:`scout.task.money`), ratings (:mod:`scout.task.rating`), places
(:mod:`scout.task.place`), and here numbers, booleans, enum words and author ``pattern``
regexes; what an input accepts of a value found (its type, its enum's words) is
:mod:`scout.task.accept`'s. Extractors read a folded copy of the query (lower case, no accents, the same
length) and run in a fixed order, each *claiming* the text it used, so "September 2026"
is not also read as a place and "200 EUR" not as a rating. The parser never raises on
odd input: what it could not read, a date already past, and a currency it had to assume
are reported in ``notes`` (in the request's language).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.i18n import COUNT_WORDS, translations
from scout.schemas.task import DateRange, Money, Month
from scout.spec.models import InputSpec
from scout.task.accept import NAMED_TYPES, default_currency, in_enum, typed
from scout.task.display import display
from scout.task.lang import Lang, detect, fold
from scout.task.values import coerce
from scout.termsafe import plain
from scout.units import QUANTITIES

MAX_QUERY_CHARS = 2000  # a query longer than this is cut: parsing stays linear and bounded
_CLAIMED = "\x00"


@dataclass
class ParseResult:
    values: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, str] = field(default_factory=dict)  # name → the text it came from
    notes: list[str] = field(default_factory=list)  # every note, in the request's language
    field_notes: dict[str, list[str]] = field(default_factory=dict)  # the ones about one input
    lang: Lang = "en"
    flags: list[str] = field(default_factory=list)  # machine-readable: "past:<name>", …


class _Text:
    """The query, its folded copy, and the folded copy with claimed spans blanked out."""

    def __init__(self, text: str) -> None:
        self.original = text
        self.folded = fold(text)
        self.free = self.folded

    def claim(self, span: tuple[int, int]) -> None:
        a, b = span
        self.free = self.free[:a] + _CLAIMED * (b - a) + self.free[b:]


def _territories(text: _Text, lang: str) -> list[str]:
    """Countries the request names or is about, for currency words such as "pesos"."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import territory_of
    from scout.task.place import find_place

    out: list[str] = []
    hit = find_place(text.free, text.original, lang, [])
    if hit:
        terr = territory_of(fold(hit[0]))
        if terr:
            out.append(terr)
    names = currencies().territory_names
    for m in re.finditer(r"[a-z]+(?:\s+[a-z]+){0,3}", text.folded):
        words = m.group(0).split()
        for i in range(len(words)):
            for j in range(len(words), i, -1):
                code = names.get(" ".join(words[i:j]))
                if code and code not in out:
                    out.append(code)
    return out


def _find_when(text: _Text, today: dt.date, as_type: str) -> tuple[Any, tuple[int, int], bool] | None:
    from scout.task.dates import find_when, month_range

    when = find_when(text.free, text.original, today)
    if when is None:
        return None
    value: Any = when.value
    if as_type == "date":
        if isinstance(value, Month):
            value = month_range(value)
        if isinstance(value, DateRange) and value.start == value.end:
            value = value.start
    return value, when.span, when.past


# A number as people write it: digits grouped in thousands ("100,000 km", "80.000 km",
# "1 200 km" with a no-break space) are one number, never "000". An integer has no
# decimals, so either mark groups it; a number's group mark is the request language's
# (en "1,200.5", es "1.200,5"), and the other mark is its decimal point.
_GROUP = {"en": ",", "es": "."}


def _number_re(integer: bool, lang: str) -> str:
    edge, tail = r"(?<![\d.,])", r"(?![.,]?\d)"
    if integer:
        return edge + r"(?P<n>\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|\d+)" + tail
    g = re.escape(_GROUP.get(lang, ","))
    return edge + (r"(?P<n>\d{1,3}(?:[" + g + r"\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
                   + tail)


def _read_number(raw: str, integer: bool, lang: str) -> int | float:
    raw = raw.replace("\u00a0", "").replace("\u202f", "")
    if integer:
        return int(re.sub(r"[.,]", "", raw))
    group = _GROUP.get(lang, ",")
    if re.fullmatch(r"\d{1,3}(?:" + re.escape(group) + r"\d{3})+(?:[.,]\d+)?", raw):
        raw = raw.replace(group, "")
    return float(raw.replace(",", "."))


# A comparison before the number ("at least 40 m2", "más de 3 habitaciones") is not kept
# (the input's name says its direction) but is claimed with it, so "at least" is not
# read as a place ("Least") or left over as text nobody read.
_NUMBER_CMP = (r"(?:(?:at least|at most|no more than|no less than|less than|more than|fewer than|"
               r"under|over|up to|max(?:imum)?|min(?:imum)?|al menos|como minimo|como maximo|"
               r"minimo|maximo|menos de|mas de|hasta|no mas de|a partir de|desde)\s+)?")
# ... and one after it, between the number and the input's name ("3+ bedrooms", "3 or
# more bedrooms", "3 o más habitaciones")
_NUMBER_POST_CMP = r"(?:\s*(?:\+|or more|or fewer|or less|o mas|o menos))?"
# "mil" / "k" after the number multiplies by a thousand ("100 mil km", "50k km")
_THOUSAND = r"(?:\s?(?P<k>mil|k)\b)?"


def _name_forms(names: list[str]) -> str:
    """A regex for an input's names as people write them: each one as declared, in the
    plural (+s, +es) and in the singular (a final -s or -es dropped, leaving at least
    three letters), longest first."""
    forms: set[str] = set()
    for raw in names:
        w = fold(raw).strip()
        if not w:
            continue
        forms |= {w, w + "s", w + "es"}
        for end in ("es", "s"):
            if w.endswith(end) and len(w) - len(end) >= 3:
                forms.add(w[:-len(end)])
    return "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"


def _find_number(text: _Text, spec: InputSpec, name: str, integer: bool,
                 lang: str = "en") -> tuple[Any, tuple[int, int]] | None:
    # the name in the singular or the plural ("3 habs", "1 habitación" for "habitaciones"),
    # also joined by a hyphen ("2-bed", "3-bedroom")
    alt = _name_forms([name.replace("_", " "), *spec.aliases])
    num = _number_re(integer, lang)
    count = r"\b(?P<w>" + "|".join(COUNT_WORDS) + r")"
    # an alias may be a symbol ('"' for inches, '%'): its edges are not word boundaries
    m = (re.search(_NUMBER_CMP + num + _THOUSAND + _NUMBER_POST_CMP + r"\s*-?\s*" + alt + r"(?!\w)",
                   text.free)
         or re.search(r"(?<!\w)(?:" + alt + r")\s*(?::|=|of|de)?\s*" + num + _THOUSAND, text.free)
         or re.search(_NUMBER_CMP + count + r"[\s-]+" + alt + r"(?!\w)", text.free))
    if not m:
        return None
    if m.groupdict().get("w"):
        return COUNT_WORDS[m.group("w")], m.span()
    value = _read_number(m.group("n"), integer, lang)
    if m.group("k"):
        value = type(value)(value * 1000)
    if isinstance(value, float) and not math.isfinite(value):
        return None  # hundreds of digits: not a number a request means (JSON has no inf)
    return value, m.span()


def _find_boolean(text: _Text, spec: InputSpec, name: str) -> tuple[bool, tuple[int, int]] | None:
    # "unfurnished", "un-heated": English negates an adjective with the prefix un-
    m = re.search(r"\b(?P<neg>no|without|not|sin)?\s*(?:a\s+|an\s+|un\s+|una\s+)?(?P<un>un-?)?"
                  + _name_forms([name.replace("_", " "), *spec.aliases]) + r"\b", text.free)
    if not m:
        return None
    return (m.group("neg") is None) == (m.group("un") is None), m.span()


def _enum_words(spec: InputSpec) -> list[tuple[str, str]]:
    """(word, enum value) for every enum value and its synonyms, longest word first."""
    pairs = [(str(o), str(o)) for o in spec.enum or []]
    pairs += [(w, key) for key, words in spec.synonyms.items() for w in words]
    return sorted(pairs, key=lambda p: len(p[0]), reverse=True)


def _find_enum(text: _Text, spec: InputSpec) -> tuple[Any, tuple[int, int]] | None:
    for word, option in _enum_words(spec):
        m = re.search(r"\b" + _name_forms([word]) + r"\b", text.free)
        if m:
            return option, m.span()
    return None


def _find_enum_list(text: _Text, spec: InputSpec) -> list[tuple[Any, tuple[int, int]]]:
    """Every enum word a ``list`` input's query names ("with automatic and navigation"),
    in the query's order: a list of required features, not just the longest one."""
    hits: list[tuple[Any, tuple[int, int]]] = []
    taken = text.free
    for word, option in _enum_words(spec):
        m = re.search(r"\b" + _name_forms([word]) + r"\b", taken)
        if m and all(option != o for o, _span in hits):
            hits.append((option, m.span()))
            taken = taken[:m.start()] + _CLAIMED * (m.end() - m.start()) + taken[m.end():]
    return sorted(hits, key=lambda h: h[1][0])


def _find_pattern(text: _Text, spec: InputSpec) -> tuple[str, tuple[int, int]] | None:
    if not spec.pattern:
        return None
    # an author's pattern sees the text as written (claimed spans blanked)
    view = "".join(o if f != _CLAIMED else " " for o, f in zip(text.original, text.free))
    m = re.search(spec.pattern, view, re.I)
    if not m:
        return None
    group = "value" if "value" in m.re.groupindex else (1 if m.re.groups else 0)
    value = m.group(group)
    if value is None or not value.strip():
        return None
    return value.strip(), m.span(group)


# Extraction order: the most specific readings claim their text first. An enum's words
# (a string or list input's declared vocabulary, "studio", "piso") come before places, so
# a request that opens with one ("Studio 40 m2 barcelona") does not read it as the place.
# What a request is about (a ``subject``) is what is left once the others have read
# theirs, so it comes last but for the place: it reads the place's name itself to leave it
# out, and claims the subject, so the place reader passes over it ("ramen barcelona").
# A weight comes before money: "pounds" / "libras" are both, and a kind that declares a
# weight asks for one ("a laptop under 3 pounds"); its budget in pounds is written £ or GBP.
_ORDER = ["date", "month", "weight", "money", "rating", "duration", "year", "area", "data_size",
          "integer", "number", "boolean", "list", "string", "subject", "place"]
# a number left over, with the word glued after it when that says what it counts ("3
# nights"), not a function word ("8,5 para") or the next sentence ("8.5. Thanks")
_UNREAD = re.compile(r"(?<![\w.,/-])\d+(?:[.,/-]\d+)*(?:[ \t]*(?P<w>[^\W\d_]{1,12}))?", re.UNICODE)
_GLUE = frozenset("a al and at con de del el en for in la las los o of on or para por the to "
                  "un una with y".split())


def parse_query(
    query: str, inputs: dict[str, InputSpec], *, today: dt.date | None = None,
    lang: Lang | None = None, default_lang: Lang = "en", locales: Path | None = None,
) -> ParseResult:
    """Read values for ``inputs`` out of ``query``. Never raises on odd text (a broken
    project catalog under ``locales`` is the author's mistake: CatalogInvalid).

    ``locales``: the project's own catalogs, merged over scout's for the notes' words: a
    kind's input names ("min_area" → "superficie mínima") are its own msgids."""
    today = today or dt.date.today()
    q = plain(query or "")[:MAX_QUERY_CHARS]
    result = ParseResult(lang=lang or detect(q, default_lang))
    _ = translations(result.lang, locales).gettext
    if len(query or "") > MAX_QUERY_CHARS:
        result.notes.append(_("query cut to its first {n} characters").format(n=MAX_QUERY_CHARS))
    text = _Text(q)
    territories: list[str] | None = None
    quantities: dict[str, dict[str, tuple[float, tuple[int, int]]]] = {}

    def found(name: str, value: Any, span: tuple[int, int]) -> None:
        result.values[name] = value
        result.spans[name] = q[span[0]:span[1]].strip()
        text.claim(span)

    def refused(name: str, spec: InputSpec, values: list[Any]) -> None:
        _note(result, name, _("{name}: '{value}' is not one of {allowed}").format(
            name=_(name).replace("_", " "), value=", ".join(str(v) for v in values),
            allowed=", ".join(str(e) for e in spec.enum or [])))

    def read(name: str, spec: InputSpec, by_pattern: bool) -> None:
        nonlocal territories
        hit: tuple[Any, tuple[int, int]] | None = None
        quoted: tuple[int, int] | None = None
        named = spec.type in NAMED_TYPES  # read by its name or aliases before enum words
        try:
            if by_pattern:
                raw = _find_pattern(text, spec)
                if raw is not None:
                    value, off = in_enum(spec, typed(spec, raw[0]))
                    if off:  # not the input's: its own reading may still find one
                        refused(name, spec, off)
                    if value is not None:
                        hit = (value, raw[1])
            elif spec.enum and spec.type == "list":
                many = _find_enum_list(text, spec)
                if many:
                    value = coerce("list", [o for o, _span in many], items=spec.items)
                    for _o, span in many:
                        text.claim(span)
                    hit = (value, many[0][1])
                    # the note quotes the words from the first to the last one read
                    quoted = (many[0][1][0], many[-1][1][1])
            elif spec.enum and not named:
                hit = _find_enum(text, spec)
                if hit is not None and spec.type != "string":
                    hit = (typed(spec, str(hit[0])), hit[1])
            elif spec.type in ("date", "month"):
                when = _find_when(text, today, spec.type)
                if when is not None:
                    hit = (when[0], when[1])
                    if when[2]:
                        result.flags.append(f"past:{name}")
                        _note(result, name, _(
                            "{name}: {value} is already past (today is {today}); kept as "
                            "asked").format(name=_(name).replace("_", " "),
                                           value=display(when[0], result.lang),
                                           today=display(today, result.lang)))
            elif spec.type == "money":
                from scout.task.money import find_money

                if territories is None:
                    territories = _territories(text, result.lang)
                money = find_money(text.free, text.original, territories,
                                   default_currency=default_currency(spec), lang=result.lang)
                if money is not None:
                    hit = (money[0], money[1])
                    if money[2] and money[0].currency != "USD":  # USD: the usual reading
                        _note(result, name, _(
                            "{name}: read '{word}' as {code}; write the currency code if you "
                            "meant another").format(name=_(name).replace("_", " "),
                                                    word=money[2], code=money[0].currency))
            elif spec.type == "rating":
                from scout.task.rating import find_rating, star_class

                hit = find_rating(text.free, _default_rating(spec))
                stars = star_class(text.free)
                if stars is not None and (hit is None or not (
                        hit[1][0] < stars[1][1] and stars[1][0] < hit[1][1])):
                    text.claim(stars[1])  # "hotel de 4 estrellas": a class, said once
                    _note(result, name, _(
                        "{name}: '{text}' is the lodging's category, not its guest rating, "
                        "so it sets no minimum").format(
                            name=_(name).replace("_", " "), text=q[stars[1][0]:stars[1][1]].strip()))
            elif spec.type == "area":
                from scout.task.area import find_area

                hit = find_area(text.free, _NUMBER_CMP)
            elif spec.type in QUANTITIES:
                if spec.type not in quantities:
                    quantities[spec.type] = _read_quantities(text, inputs, spec.type, result, _)
                hit = quantities[spec.type].get(name)
            elif spec.type == "year":
                from scout.task.year import find_year

                hit = find_year(text.free, [fold(w) for w in [name.replace("_", " "), *spec.aliases]])
            elif spec.type == "duration":
                from scout.task.durations import find_duration

                hit = find_duration(text.free)
            elif spec.type in ("integer", "number"):
                hit = _find_number(text, spec, name, spec.type == "integer", result.lang)
            elif spec.type == "boolean":
                hit = _find_boolean(text, spec, name)
            elif spec.type == "subject":
                from scout.task.subject import find_subject

                places = [s for s in inputs.values() if s.type == "place"]
                hit = find_subject(text.free, text.original, today=today,
                                   place_input=bool(places),
                                   place_aliases=[a for s in places for a in s.aliases],
                                   aliases=list(spec.aliases),
                                   declared={s.type for s in inputs.values()},
                                   lang=result.lang)
            elif spec.type == "place":
                from scout.task.place import find_place

                hit = find_place(text.free, text.original, result.lang, list(spec.aliases))
            if named and spec.enum and not by_pattern:
                value, off = in_enum(spec, hit[0] if hit is not None else None)
                if off:  # the query gave this input a value the enum does not allow
                    refused(name, spec, off)
                    if hit is not None:  # read and refused: said once, not also "unread"
                        text.claim(hit[1])
                    hit = None
                elif hit is None and (word := _find_enum(text, spec)) is not None:
                    hit = (typed(spec, str(word[0])), word[1])  # an enum word, as the type
                elif hit is not None:
                    hit = (value, hit[1])
        except (ValueError, re.error) as exc:  # a bad pattern or value: note it, go on
            result.notes.append(f"{name}: {exc}")
            hit = None
        if hit is not None:
            found(name, hit[0], hit[1])
            if quoted is not None:
                result.spans[name] = q[quoted[0]:quoted[1]].strip()

    # a pattern reads first, in its own pass; an input it found nothing for (or nothing
    # the input accepts) is read by its type in the type's turn, aliases and enum included
    ordered = sorted(inputs.items(),
                     key=lambda kv: _ORDER.index(kv[1].type) if kv[1].type in _ORDER else 99)
    for name, spec in ordered:
        if spec.pattern:
            read(name, spec, True)
    for name, spec in ordered:
        if name not in result.values:
            read(name, spec, False)

    # a month input can be read off a date the query gave ("15-20 Sept" → September)
    for name, spec in inputs.items():
        if spec.type == "month" and name not in result.values:
            for other, value in result.values.items():
                start = value.start if isinstance(value, DateRange) else value
                if inputs[other].type == "date" and isinstance(start, dt.date):
                    result.values[name] = Month(year=start.year, month=start.month)
                    result.spans[name] = result.spans[other]
                    break
    _note_bare_amounts(text, inputs, result, _)
    _note_unread(text, inputs, result, _)
    return result


def _read_quantities(text: _Text, inputs: dict[str, InputSpec], kind: str,
                     result: ParseResult, _: Callable[[str], str],
                     ) -> dict[str, tuple[float, tuple[int, int]]]:
    """The values of every input of one quantity type (``data_size``, ``weight``), read
    at once: a product states several quantities in one unit (memory and storage are both
    GB), so each input first takes a value its name or an alias stands next to ("16 GB de
    RAM", "SSD de 1 TB"); the values left go to the inputs still empty, in the order the
    pipeline declares them, when there is one for each. Fewer values than empty inputs is
    not guessed at: the note names the inputs a value could be."""
    from scout.task.quantity import find_quantities, find_quantity

    names = [n for n, s in inputs.items() if s.type == kind and n not in result.values]
    hits: dict[str, tuple[float, tuple[int, int]]] = {}
    for name in names:
        spec = inputs[name]
        hit = find_quantity(text.free, kind, _NUMBER_CMP,
                            _name_forms([name.replace("_", " "), *spec.aliases]))
        if hit is not None:
            hits[name] = hit
            text.claim(hit[1])
    empty = [n for n in names if n not in hits]
    left = find_quantities(text.free, kind, _NUMBER_CMP) if empty else []
    if len(empty) == 1 or len(left) >= len(empty):
        hits.update(zip(empty, left))
    else:
        quote = "«{}»" if result.lang == "es" else "'{}'"
        for _value, span in left:
            text.claim(span)
            shown = quote.format(text.original[span[0]:span[1]].strip())
            result.notes.append(_("{text} could be {names}, so it was not read; write what it "
                                  "is next to it, e.g. {example}").format(
                text=shown, names=" / ".join(_(n).replace("_", " ") for n in empty),
                example=quote.format(text.original[span[0]:span[1]].strip() + " "
                                     + (inputs[empty[0]].aliases or [empty[0]])[0])))
    return hits


def _note(result: ParseResult, name: str, text: str) -> None:
    result.notes.append(text)
    result.field_notes.setdefault(name, []).append(text)


def _note_bare_amounts(text: _Text, inputs: dict[str, InputSpec], result: ParseResult,
                       _: Callable[[str], str]) -> None:
    """"nada por encima de 150" with a money input still empty: say the currency is missing
    (after every extractor, so a number a rating read is not taken for money)."""
    from scout.task.money import find_bare_amount

    for name, spec in inputs.items():
        if spec.type == "money" and name not in result.values:
            bare = find_bare_amount(text.free)
            if bare is not None:
                text.claim(bare[1])
                _note(result, name, _(
                    "{name}: {amount} has no currency, so it was not read; write it as "
                    "{amount} EUR, {amount} USD or the like").format(name=_(name).replace("_", " "),
                                                                    amount=bare[0]))
            return


def _note_unread(text: _Text, inputs: dict[str, InputSpec], result: ParseResult,
                 _: Callable[[str], str]) -> None:
    """Numbers left over while a numeric input is still empty: say what was not read."""
    open_types = {"date", "month", "money", "rating", "duration", "year", "area", "data_size",
                  "weight", "integer", "number"}
    if not any(s.type in open_types and n not in result.values for n, s in inputs.items()):
        return
    left = [text.original[m.start():m.end() if m.group("w") and m.group("w") not in _GLUE
                          else m.start("w") if m.group("w") else m.end()]
            for m in _UNREAD.finditer(text.free)]
    if left:
        # quoted as the other notes are in the request's language: 'x' in English, «x» in Spanish
        quote = "«{}»" if result.lang == "es" else "'{}'"
        shown = ", ".join(quote.format(s.strip()) for s in left[:3])
        result.notes.append(_("could not read: {text}").format(text=shown))


def _default_rating(spec: InputSpec) -> float | None:
    if spec.default is None:
        return None
    try:
        return coerce("rating", spec.default)
    except ValueError:
        return None


def find_amounts(text: str) -> list[tuple[Money, tuple[int, int]]]:
    """Every amount with a currency in ``text`` (for price extraction from snippets). A
    range ("€120 - €200") gives both ends, low first, as separate amounts: a page's price
    is one figure, and the low end is what "from €120" means."""
    from scout.task.money import iter_money

    t = _Text(text[:MAX_QUERY_CHARS * 5])
    out: list[tuple[Money, tuple[int, int]]] = []
    for money, span, _ in iter_money(t.free, t.original, []):
        if money.min is not None:
            low = money.model_copy(update={"amount": money.min, "min": None})
            out.append((low, span))
            money = money.model_copy(update={"min": None})
        out.append((money, span))
    return out
