"""The query parser's per-type readers: each finds one input's value in the query and the
span of text it used.

:class:`QueryText` is the query as the readers see it: the text as written, its folded
copy (lower case, no accents, the same length) and the folded copy with the spans earlier
readers *claimed* blanked out, so "September 2026" is not also read as a place. Here are
the readers of numbers as people write them ("100,000 km", "3+ bedrooms", "dos
habitaciones"), e-mail addresses and an author's ``pattern``; the other types have their
own modules (dates (:mod:`scout.task.datereader`), money, rating, place, enum words
(:mod:`scout.task.enums`), booleans (:mod:`scout.task.booleans`), ...).
:mod:`scout.task.parser` runs them in order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from scout.i18n import COUNT_WORDS
from scout.spec.models import InputSpec
from scout.task.countrange import find_count_range
from scout.task.countrange import pairs as count_pairs
from scout.task.countrange import typed as count_typed
from scout.task.lang import fold
from scout.task.ordinals import measure_after, ordinal_before
from scout.task.values import coerce

T = TypeVar("T")

CLAIMED = "\x00"


class QueryText:
    """The query, its folded copy, and the folded copy with claimed spans blanked out."""

    def __init__(self, text: str) -> None:
        self.original = text
        self.folded = fold(text)
        self.free = self.folded

    def claim(self, span: tuple[int, int]) -> None:
        a, b = span
        self.free = self.free[:a] + CLAIMED * (b - a) + self.free[b:]

    def unclaimed(self, spans: list[tuple[int, int]], read: Callable[[], T]) -> T:
        """What ``read`` finds with ``spans`` free again (a money's unit of work, "por
        palabra", for an enum that names the basis in its own words); claimed after."""
        claimed = self.free
        for a, b in spans:
            self.free = self.free[:a] + self.folded[a:b] + self.free[b:]
        try:
            return read()
        finally:
            self.free = claimed


def query_territories(text: QueryText, lang: str) -> list[str]:
    """Countries the request names or is about, for currency words such as "pesos"."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import money_territory
    from scout.task.namesakes import namesake_territories
    from scout.task.place import find_place

    out: list[str] = []
    hit = find_place(text.free, text.original, lang, [])
    namesakes: tuple[str, ...] = ()
    if hit:
        terr = money_territory(fold(hit[0]))
        if terr:
            out.append(terr)
        namesakes = namesake_territories(fold(hit[0]))
    from scout.task.gazetteer import CITY_TERRITORY

    names = currencies().territory_names
    # a country's name, or a city's the gazetteer knows: "en Palermo, Buenos Aires" (the
    # place reader takes Palermo; its region says whose pesos)
    for m in re.finditer(r"[a-z]+(?:\s+[a-z]+){0,3}", text.folded):
        words = m.group(0).split()
        for i in range(len(words)):
            for j in range(len(words), i, -1):
                phrase = " ".join(words[i:j])
                code = names.get(phrase) or CITY_TERRITORY.get(phrase)
                if code and code not in out:
                    out.append(code)
    from scout.task.demonyms import demonym_territories

    # "South African Pinotage under R250": the country an adjective names
    out += [c for c in demonym_territories(text.folded) if c not in out]
    # last, every country a city of the place's name lies in: "Cartagena, 300 mil pesos"
    # pays in the one of them whose currency is named (Colombia's, not Spain's)
    return out + [c for c in namesakes if c not in out]


# A number as people write it: digits grouped in thousands ("100,000 km", "80.000 km",
# "1 200 km" with a no-break space) are one number, never "000". An integer has no
# decimals, so either mark groups it; a number's group mark is the request language's
# (en "1,200.5", es "1.200,5"), and the other mark is its decimal point.
_GROUP = {"en": ",", "es": "."}


def number_re(integer: bool, lang: str, signed: bool = False) -> str:
    """The regex of one number as people write it (its digits in group ``n``; with
    ``signed``, a minus sign on them in group ``neg``)."""
    edge, tail = r"(?<![\d.,])", r"(?![.,]?\d)"
    if integer:
        return edge + r"(?P<n>\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|\d+)" + tail
    g = re.escape(_GROUP.get(lang, ","))
    # a measure may be below zero: "-80 °C", "−20 ºC" (the sign on the digits, after a
    # space or the start, so "10-20" stays a range)
    sign = r"(?:(?<![\w.,\-−])(?P<neg>[-−])(?=\d))?" if signed else ""
    return sign + edge + (r"(?P<n>\d{1,3}(?:[" + g + r"\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
                   + tail)


def _read_number(raw: str, integer: bool, lang: str) -> int | float:
    raw = raw.replace("\u00a0", "").replace("\u202f", "")
    if integer:
        return int(re.sub(r"[.,]", "", raw))
    group = _GROUP.get(lang, ",")
    if re.fullmatch(r"\d{1,3}(?:" + re.escape(group) + r"\d{3})+(?:[.,]\d+)?", raw):
        raw = raw.replace(group, "")
    elif group == "," and re.fullmatch(r"[1-9]\d{0,2}(?:\.\d{3})+", raw) and raw.endswith("0"):
        # "2.500 kWh" in English is a Spanish writer's 2500: a decimal written in English
        # keeps no zero at its end, and no thousands group starts with a zero ("0.500")
        raw = raw.replace(".", "")
    return float(raw.replace(",", "."))


# A comparison before the number ("at least 40 m2", "más de 3 habitaciones") is not kept
# (the input's name says its direction) but claimed with it ("at least" is no place "Least");
# a promotion's first months are no count ("primeros 6 meses gratis", "first 3 months free")
NUMBER_CMP = (r"(?<!first\s)(?<!primeros\s)(?<!primeras\s)(?:(?:at least|at most|no more than|"
              r"no less than|less than|more than|fewer than|under|over|up to|max(?:imum)?|min(?:imum)?|"
              r"al menos|como minimo|como maximo|minimo|maximo|menos de|mas de|hasta|no mas de|a partir de|desde)\s+)?")
# ... and one after it, between the number and the input's name ("3+ bedrooms", "3 or
# more bedrooms", "3 o más habitaciones")
_NUMBER_POST_CMP = r"(?:\s*(?:\+|or more|or fewer|or less|o mas|o menos))?"
# "cited more than 100 times", "citados más de 100 veces": the count's own word, claimed
_TIMES = r"(?:\s+(?:times|veces)\b)?"
# a count written with a multiplication sign before what it counts ("4x RTX 4090", "8x
# H100", "2× A100"): glued "x" only, for chat Spanish writes a spaced "x" for "por"
_TIMES_SIGN = r"(?:x|\s?×)?"
# "mil" / "k" after the number multiplies by a thousand ("100 mil km", "50k km"); "M" /
# "mn" written on it by a million ("100M+ rows", "2mn records")
_THOUSAND = r"(?:\s?(?P<k>mil|k)\b|(?P<m>m|mn)\b)?"


# abbreviations written for a name's word ("3 yrs experience", "2 hrs")
_ABBREVIATED = {"years": "yrs", "year": "yr", "hours": "hrs", "hour": "hr"}
# a unit's short form written with its period ("14 in. screen", "15,6 pulg."): a name for
# the unit's own words only, for "in" alone is a preposition
_UNIT_SHORT = {"inch": "in.", "inches": "in.", "pulgada": "pulg.", "pulgadas": "pulg."}
# English plurals no suffix rule makes, both ways: "a 40-person lab" for "people"
# ("persons", the plural Spanish speakers write for "personas": "a team of 10 persons")
_IRREGULAR = {"people": ("person", "persons"), "person": ("people", "persons"),
              "children": ("child",), "child": ("children",),
              "men": ("man",), "women": ("woman",), "woman": ("women",)}


# a word whose last syllable is stressed before its final s ("francés", "inglés", "país",
# "autobús") is no plural: its plural adds -es ("franceses"), and dropping the s makes
# another word ("france", "ingle", "pai")
_STRESSED_S = re.compile(r"[áéíóú]s$", re.I)


def name_forms(names: list[str]) -> str:
    """A regex for an input's names as people write them: each one as declared, in the
    plural (+s, +es) and in the singular (a final -s or -es dropped, leaving at least
    three letters; not after a stressed vowel: "francés" is no plural of "france"), an
    irregular English plural's other number ("person" for "people"), longest first. In a name of several words the first word is inflected
    too ("1 year of experience", "un año de experiencia" for "years of experience") and
    may be abbreviated ("3 yrs experience")."""
    forms: set[str] = set()
    for raw in names:
        w = fold(raw).strip()
        if not w:
            continue
        forms |= {w, w + "s", w + "es"} | set(_IRREGULAR.get(w, ()))
        forms |= {_UNIT_SHORT[w]} if w in _UNIT_SHORT else set()
        for end in ("es", "s"):
            if w.endswith(end) and len(w) - len(end) >= 3 and not _STRESSED_S.search(raw.strip()):
                forms.add(w[:-len(end)])
        head, _, rest = w.partition(" ")
        if rest:
            heads = {head, *(head[:-len(e)] for e in ("es", "s")
                             if head.endswith(e) and len(head) - len(e) >= 3)}
            heads |= {_ABBREVIATED[h] for h in heads if h in _ABBREVIATED}
            forms |= {f"{h} {rest}" for h in heads}
    return "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"


def _before_kind_of(free: str, alt: str, enum_words: Sequence[str], *numbers: str,
                    ) -> re.Match[str] | None:
    """A number (one of the ``numbers`` patterns) right before another input's enum word
    whose last word is this input's noun (``alt``): its match, the number alone, so the
    enum's input still reads its word."""
    kinds = [w for w in enum_words if (last := fold(w).split()[-1:])
             and len(w.split()) > 1 and re.fullmatch(alt, last[0])]
    if not kinds:
        return None
    ahead = r"\s+(?=(?:" + name_forms(kinds) + r")(?!\w))"
    return next((m for n in numbers if (m := re.search(n + ahead, free))), None)


def _kind_left(free: str, span: tuple[int, int], enum_words: Sequence[str]) -> tuple[int, int]:
    """``span`` (a number and this input's noun after it) less that noun when it is also
    another input's enum word: "2 perros" for a count of pets whose aliases say "perros",
    beside a pet's enum whose synonyms say it, is how many and what, so the count takes the
    number and the enum's input still reads its word. A unit counted is an amount of it,
    no choice of one: "12 pages" for a translation priced per word keeps its noun."""
    if not enum_words:
        return span
    noun = re.search(r"[\s-]+(?:" + name_forms(list(enum_words)) + r")$", free[span[0]:span[1]])
    if noun is None:
        return span
    from scout.task.moneyunits import period_of

    return span if period_of(noun.group().strip(" -")) else (span[0], span[0] + noun.start())


def find_number(text: QueryText, spec: InputSpec, name: str, integer: bool,
                 lang: str = "en", enum_words: Sequence[str] = ()) -> tuple[Any, tuple[int, int]] | None:
    """The count or number the input ``name`` reads and its span, or None; ``enum_words``:
    other inputs' enum words, those that end in this input's noun ("dedicated desk" for a
    count of "desks") name what is counted ("3 dedicated desks": 3, the words left to
    their input)."""
    # the name in the singular or the plural ("3 habs", "1 habitación" for "habitaciones"),
    # also joined by a hyphen ("2-bed", "3-bedroom")
    from scout.task.personage import age_words

    alt = name_forms([name.replace("_", " "), *spec.aliases,
                      *(age_words(name, list(spec.aliases)) if integer else ())])
    num = number_re(integer, lang)
    count = r"\b(?P<w>" + "|".join(COUNT_WORDS) + r")"
    free = digits_view(text.free)  # "cien mil kilómetros", "fifty citations"
    # an alias may be a symbol ('"' for inches, '%'): its edges are not word boundaries
    # a range ("de 8 a 12 años", "ages 13-15"): its low end, the top for a max_... input
    ends = find_count_range(free, alt, num)
    if ends is not None:
        value, span = ends[1] if name.startswith("max") else ends[0]
        whole = (ends[0][1][0], ends[1][1][1])  # both ends are this input's words
        return (int(value) if integer else value), widened(text.free, free, whole)
    one = number_re(integer, lang, signed=not integer)  # a count is never below zero
    from scout.task.temperature import celsius_input, fahrenheit

    if not integer and celsius_input(spec.aliases) and (hot := fahrenheit(free, one)):
        return hot[0], widened(text.free, free, hot[1])  # "-112 °F" for a Celsius input
    # a number after the name that a unit of another measure follows is a size, no count
    # ("piso de 70 m²" for a floor, "habitación de 12 m2" for rooms: scout.task.ordinals)
    after = (a for a in re.finditer(r"(?<!\w)(?:" + alt + r")\s*(?::|=|of|de)?\s*" + NUMBER_CMP
                                    + one + _THOUSAND + _NUMBER_POST_CMP + _TIMES, free)
             if not measure_after(free, a.end(), alt))
    m = (re.search(NUMBER_CMP + one + _THOUSAND + _NUMBER_POST_CMP + _TIMES_SIGN + r"\s*-?\s*"
                   + alt + r"(?!\w)", free)
         or next(after, None)
         or re.search(NUMBER_CMP + count + r"[\s-]+" + alt + r"(?!\w)", free)
         or _before_kind_of(free, alt, enum_words, NUMBER_CMP + num + _THOUSAND,
                            NUMBER_CMP + count))
    if not m and integer and (rank := ordinal_before(free, alt)):
        return rank[0], widened(text.free, free, rank[1])  # "3rd floor", "4ª planta"
    if not m and integer and re.search(r"(?<!\w)(?:days?|d[ií]as?)(?!\w)",
                                       " ".join([name, *spec.aliases])):
        from scout.task.durations import days_in_weeks

        return days_in_weeks(free)  # "a 3-week trip" for a count of days: 21
    if not m and integer:
        from scout.task.personage import ages_after_person, counts_age, counts_months

        in_months = counts_months(name, list(spec.aliases))
        if in_months:
            from scout.task.personage import years_as_months

            said = years_as_months(free)  # "2 años y medio" for an age in months: 30
            if said and CLAIMED not in free[said[1][0]:said[1][1]]:
                return said[0], widened(text.free, free, said[1])
        # the person may be claimed already ("mi hijo tiene 14 y quiere ...": whom the
        # request is relayed for); the age must still be free; a bare number after a
        # person is years, no age in months
        ages = ages_after_person(digits_view(text.folded)) if counts_age(
            name, list(spec.aliases)) and not in_months else []
        age = next((a for a in ages if CLAIMED not in free[a[1][0]:a[1][1]]), None)
        if age:
            return age[0], widened(text.free, free, age[1])  # "our son (14)"
    if not m and integer:
        from scout.task.partycount import counts_people, party_after_for

        if counts_people(name, list(spec.aliases)) and (party := party_after_for(free)):
            return party[0], widened(text.free, free, party[1])  # "tour para 4"
    if not m and integer:
        from scout.task.itemcount import counts_items, leading_count

        lead = leading_count(free) if counts_items(name, list(spec.aliases)) else None
        if lead:  # "3 multichannel pipettes": how many, and the subject stays
            return lead[0], widened(text.free, free, lead[1])
        # English's article counts one, as Spanish's "un niño" does, after another count it
        # is joined to ("2 adults and a child", read or not yet); alone ("a room") it names
        # the thing, no count
        art = re.search(r"(?:\d+\s+[a-z]+|" + CLAIMED + r"+)\s+(?:and|&|plus)\s+(an?)\s+(?:"
                        + alt + r")(?!\w)", free)
        if art:
            return 1, widened(text.free, free, (art.start(1), art.end()))
    if not m:
        # a count said to be none: "sin experiencia", "no experience needed" is 0
        # (or by the input name's last word: "no experience" for max_experience)
        noun = name_forms([name.rsplit("_", 1)[-1], *spec.aliases])
        none = re.search(r"(?<!\w)(?:sin|without|no|zero|cero|ningun[oa]?)\s+(?:" + noun
                         + r")(?!\w)(?!\s*(?::|=|of|de)?\s*\d)", free)
        return (0 if integer else 0.0, none.span()) if none else None
    span = widened(text.free, free, _kind_left(free, m.span(), enum_words))
    if m.groupdict().get("w"):
        return COUNT_WORDS[m.group("w")], span
    value = _read_number(m.group("n"), integer, lang)
    if m.groupdict().get("neg"):
        value = -value
    if m.group("k"):
        value = type(value)(value * 1000)
    if m.groupdict().get("m"):
        value = type(value)(value * 1_000_000)
    if isinstance(value, float) and not math.isfinite(value):
        return None  # hundreds of digits: not a number a request means (JSON has no inf)
    return value, span


def count_range_inputs(text: QueryText, inputs: dict[str, InputSpec], lang: str,
                       ) -> list[tuple[str, int | float, tuple[int, int]]]:
    """Both ends of a range of counts ("de 8 a 12 años") for each count input and its
    ``max_...`` (:func:`scout.task.countrange.pairs`), named by either one's name or
    aliases: [(first input, low end, its span), (max input, top, its span)]."""
    from scout.task.personage import age_words

    out: list[tuple[str, int | float, tuple[int, int]]] = []
    for first, last in count_pairs(inputs):
        words = [n.replace("_", " ") for n in (first, last)
                 if not n.startswith(("min_", "max_"))]
        words += [*inputs[first].aliases, *inputs[last].aliases]
        words += age_words(first, list(inputs[first].aliases))  # "9 to 11 year olds"
        if not words:
            continue
        free = digits_view(text.free)
        integer = "integer" in (inputs[first].type, inputs[last].type)
        ends = find_count_range(free, name_forms(words), number_re(integer, lang))
        if ends is None:
            continue
        (lo, lo_span), (hi, hi_span) = ends
        out += [(first, count_typed(lo, inputs[first]), widened(text.free, free, lo_span)),
                (last, count_typed(hi, inputs[last]), hi_span)]
    return out


def digits_view(free: str) -> str:
    """``free`` with numbers written in words as digits, the same length (see
    :mod:`scout.task.numwords`): a count, a size or a weight is said in words as often as
    an amount ("thirty-two gigs", "cien mil kilómetros", "at least fifty citations")."""
    from scout.task.numwords import rewrite

    return rewrite(free)


def widened(free: str, view: str, span: tuple[int, int]) -> tuple[int, int]:
    """A span found in :func:`digits_view`'s copy, moved back over the words it rewrote,
    so the claim covers "cien mil" and not only the padding's last characters."""
    from scout.task.numwords import widen

    return widen(free, view, span[0]), span[1]


# an e-mail address as people type one; the name of an input that holds one
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)")
_EMAIL_NAME = re.compile(r"(?:^|[\W_])(?:e-?mail|mail|correo)(?:$|[\W_])")


def holds_email(name: str, spec: InputSpec) -> bool:
    """Whether the input's name or an alias says it holds an e-mail address."""
    return any(_EMAIL_NAME.search(fold(w)) for w in [name, *spec.aliases])


def find_email(text: QueryText, spec: InputSpec, name: str) -> tuple[str, tuple[int, int]] | None:
    """The e-mail address a request gives ("mándale el informe a ana@lab.es", "email it to
    bob@x.org") for a free ``string`` input whose name or an alias says it holds one
    ("notify_email", "correo"): the address's shape says what it is, no cue word needed."""
    if not holds_email(name, spec):
        return None
    for m in _EMAIL.finditer(text.original):
        if CLAIMED not in text.free[m.start():m.end()]:
            return m.group(0), m.span()
    return None


def email_spans(text: QueryText) -> list[tuple[int, int]]:
    """Where the request writes an e-mail address: no other reader's text."""
    return [m.span() for m in _EMAIL.finditer(text.original)]


def find_pattern(text: QueryText, spec: InputSpec) -> tuple[str, tuple[int, int]] | None:
    """The value an author's ``pattern`` finds (group ``value``, else 1, else the match)
    and the span of the whole match: the words around the value that the pattern needed
    ("to pair with", "para una cena de") are the input's too, so no other reader takes
    them as a place or a subject."""
    if not spec.pattern:
        return None
    # an author's pattern sees the text as written (claimed spans blanked)
    view = "".join(o if f != CLAIMED else " " for o, f in zip(text.original, text.free))
    for m in re.finditer(spec.pattern, view, re.I):
        group = "value" if "value" in m.re.groupindex else (1 if m.re.groups else 0)
        value = m.group(group)
        if value is None or not value.strip():
            return None
        if _priced(spec, view, m.end(group)):
            continue  # "menos de 40 €/mes" for a pattern "de (\d+)": the budget's amount
        return value.strip(), m.span()
    return None


def _priced(spec: InputSpec, view: str, end: int) -> bool:
    """Whether the value a pattern found for a non-money input ends right before a
    currency ("40 €", "40 euros", "40 USD"): that number is an amount of money, which
    the money reader reads, not an age, a count or a size."""
    from scout.task.currencyword import currency_of

    if "money" in (spec.type, spec.items):
        return False
    nxt = re.match(r"\s*([^\W\d_]+|[^\w\s])", view[end:])
    return nxt is not None and currency_of(nxt.group(1)) is not None



def default_rating(spec: InputSpec) -> float | None:
    if spec.default is None:
        return None
    try:
        return coerce("rating", spec.default, scale=spec.scale)
    except ValueError:
        return None
