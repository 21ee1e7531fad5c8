"""The parser's reader of counts and numbers as people write them: "100,000 km", "3+
bedrooms", "dos habitaciones", "2-bed", "de 8 a 12 años", "no experience needed".

:func:`find_number` reads one ``integer`` or ``number`` input's value and the span of text
it used, by the input's names (:func:`scout.task.readers.name_forms`) before or after the
number; :func:`count_range_inputs` reads both ends of a range for a count input and its
``max_...``. :data:`NUMBER_CMP`, the comparison said before a number ("at least", "más
de"), is the quantity readers' too (:mod:`scout.task.quantityinputs`).
:mod:`scout.task.parser` runs them in turn over the :class:`scout.task.readers.QueryText`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from scout.i18n import COUNT_WORDS
from scout.spec.models import InputSpec
from scout.task.countrange import find_count_range
from scout.task.countrange import pairs as count_pairs
from scout.task.countrange import typed as count_typed
from scout.task.lang import fold
from scout.task.ordinals import elided_floor, measure_after, ordinal_before
from scout.task.readers import CLAIMED, QueryText, digits_view, name_forms, widened
from scout.task.values import MAX_INT_BITS

# A number as people write it: digits grouped in thousands ("100,000 km", "80.000 km",
# "1 200 km" with a no-break space) are one number, never "000". An integer has no
# decimals, so either mark groups it; a number's group mark is the request language's
# (en "1,200.5", es "1.200,5"), and the other mark is its decimal point.
_GROUP = {"en": ",", "es": "."}


def number_re(integer: bool, lang: str, signed: bool = False) -> str:
    """The regex of one number as people write it (its digits in group ``n``; with
    ``signed``, a minus sign on them in group ``neg``)."""
    # a digit glued after a letter is a code's, no number of its own: "A5 flyers" is a
    # format, "H100" a model, "T2" a flat's type (the count, if any, is said apart)
    edge, tail = r"(?<![\w.,])", r"(?![.,]?\d)"
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
    elif group == "." and re.fullmatch(r"[1-9]\d{0,2}(?:,\d{3})+", raw) and raw.endswith("0"):
        # "1,000 megas" in Spanish is a Mexican's or a Peruvian's 1000, the same rule the
        # other way round: a Spanish decimal keeps no zero at its end ("1,5", not "1,500")
        raw = raw.replace(",", "")
    return float(raw.replace(",", "."))


# A comparison before the number ("at least 40 m2", "más de 3 habitaciones") is not kept
# (the input's name says its direction) but claimed with it ("at least" is no place "Least");
# a promotion's first months are no count ("primeros 6 meses gratis", "first 3 months free")
NUMBER_CMP = (r"(?<!first\s)(?<!primeros\s)(?<!primeras\s)(?:(?:at least|at most|no more than|"
              r"no less than|less than|more than|fewer than|under|over|up to|max(?:imum)?|min(?:imum)?|"
              r"al menos|como minimo|como maximo|minimo|maximo|menos de|mas de|hasta|no mas de|a partir de|desde)\s+"
              # the signs a terse request writes instead ("TIN <2,5", "speed >= 300")
              r"|(?:<=?|>=?|≤|≥)\s*)?")
# ... and one after it, between the number and the input's name ("3+ bedrooms", "3 or
# more bedrooms", "3 o más habitaciones")
_NUMBER_POST_CMP = r"(?:\s*(?:\+|or more|or fewer|or less|o mas|o menos))?"
# "cited more than 100 times", "citados más de 100 veces": the count's own word, claimed
_TIMES = r"(?:\s+(?:times|veces)\b)?"
# a count written with a multiplication sign before what it counts ("4x RTX 4090", "8x
# H100", "2× A100"): glued "x" only, for chat Spanish writes a spaced "x" for "por"
_TIMES_SIGN = r"(?:x|\s?×)?"
# a percentage: the number's own sign, between it and the input's name ("4.5% APR", "10%
# deposit", "20 % de entrada") or after it ("TIN máximo 2,5 %", "3 por ciento")
_PERCENT = r"(?:\s?%|\s+(?:por\s+ciento|per\s?cent))"
# with its sign, a percentage is the input's whose name stands up to three words before
# it, across the comparison or the article a rate is said with ("TAE por debajo del 3 %",
# "TAE máxima del 2,8%", "financiar el 80%", "APR under 4.5%"), never across a clause,
# another number or a claimed value
# who among the party a count is, said with a verb between ("we are 5, two are seniors",
# "dos de ellos son jubilados", "one is a toddler"): the count of the noun after it
_MEMBERS = (r"\s+(?:(?:of\s+(?:us|them)|de\s+(?:nosotros|nosotras|ellos|ellas))\s+)?"
            r"(?:are|is|will\s+be|son|es|seran|serán|sera|será)\s+(?:(?:a|an|un|una)\s+)?")
# an adjective of the counted things between a count and their noun: "install 3 new
# sockets", "2 extra radiators", "4 nuevos enchufes", "3 double sockets": the count is
# theirs. Only words that describe a thing, never a noun, so "3 hours fitting sockets"
# stays no count of sockets
_COUNTED_ADJ = (r"\s+(?:new|extra|more|additional|further|spare|old|broken|leaking|leaky|"
                r"faulty|damaged|single|double|small|large|big|outdoor|indoor|outside|"
                r"inside|exterior|interior|electric|nuevos?|nuevas?|mas|adicionales|"
                r"viejos?|viejas?|rotos?|rotas?|dobles?|simples?|pequenos?|pequenas?|"
                r"grandes?|exteriores|interiores|electricos?|electricas?|"
                # an English participle: "20 edited images", "5 printed copies", "3 bound
                # theses" (a noun in -ed is no count's word: "hundred" is read as digits)
                r"(?!hundred)[a-z]{2,}ed|bound|"
                # a format or a model's code between the count and what it counts: "1000
                # A5 flyers", "2 A0 posters" (the code is no count of its own: number_re)
                r"(?P<code>[a-z]{1,3}\d{1,4}))\s+")
_PERCENT_GAP = r"(?:\s+[^\s\d,;.:()\x00]+){0,3}?\s+"
# a comparison sign is the number's own comparison however its label is worded: one or two
# words between the name and the sign ("TIN fijo <2,5", "speed down >= 300") still name it
_SIGN_GAP = r"(?P<gap>(?:\s+[^\s\d,;.:()<>≤≥=\x00]+){1,2}?)\s*(?:<=?|>=?|≤|≥)\s*"
# "mil" / "k" after the number multiplies by a thousand ("100 mil km", "50k km"); "M" /
# "mn" written on it by a million ("100M+ rows", "2mn records")
_THOUSAND = r"(?:\s?(?P<k>mil|k)\b|(?P<m>m|mn)\b)?"


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


def _kind_between(free: str, alt: str, enum_words: Sequence[str], one: str,
                  ) -> re.Match[str] | None:
    """A count, then one or two of another input's enum words (values or synonyms) as
    adjectives, then this input's noun (``alt``): "12 human samples", "40 soil samples",
    "3 double rooms", "2 RNA libraries" for a kind whose ``sample_type`` says ``human`` and
    ``soil``. The match's group ``adj`` is the words between, left to their input, as
    English puts a thing's kind before its noun (Spanish after it: "40 muestras de
    suelo", which the noun right after the count reads)."""
    words = [w for w in enum_words if w.strip() and not any(ch.isdigit() for ch in w)]
    if not words:
        return None
    kind = r"(?:" + name_forms(list(words)) + r")"
    return re.search(r"(?<![\w.,])" + one + r"\s+(?P<adj>" + kind + r"(?:\s+" + kind
                     + r")?)\s+(?:" + alt + r")(?!\w)", free)


def _kind_left(free: str, span: tuple[int, int], enum_words: Sequence[str]) -> tuple[int, int]:
    """``span`` (a number and this input's noun after it, or its label before it) less
    that noun when it is also another input's enum word: "2 perros" for a count of pets
    whose aliases say "perros", beside a pet's enum whose synonyms say it, is how many and
    what, so the count takes the number and the enum's input still reads its word. A unit counted is an amount of it,
    no choice of one: "12 pages" for a translation priced per word keeps its noun."""
    if not enum_words:
        return span
    # ... and a label before the number that is another input's enum word ("TIN máximo
    # 2,5 %" for a rate cap whose aliases say "TIN", beside a rate basis whose synonyms
    # say it) is which and how much: the number's, and the label left to the enum's input
    label = re.match(r"(?:" + name_forms(list(enum_words)) + r")(?!\w)[\s:=-]*",
                     free[span[0]:span[1]])
    if label is not None and label.end() < span[1] - span[0]:
        span = (span[0] + label.end(), span[1])
    noun = re.search(r"[\s-]+(?:" + name_forms(list(enum_words)) + r")$", free[span[0]:span[1]])
    if noun is None:
        # "500 tarjetas de presentación": the noun opens another input's enum word of
        # several ("tarjetas de presentación", a product), which it reads whole
        last = re.search(r"[\s-]+(?=[^\W\d_][\w-]*$)", free[span[0]:span[1]])
        longer = [w for w in enum_words if len(w.split()) > 1]
        if last is not None and longer and re.match(
                r"(?:" + name_forms(longer) + r")(?!\w)", free[span[0] + last.end():]):
            return span[0], span[0] + last.start()
        return span
    from scout.task.moneyunits import period_of

    return span if period_of(noun.group().strip(" -")) else (span[0], span[0] + noun.start())


def _pieces(text: QueryText, free: str, name: str, spec: InputSpec,
            ) -> tuple[int, tuple[int, int]] | None:
    """The pieces the request orders by the dozen or by the container, where the input
    ``name`` counts how many are asked (:mod:`scout.task.piececount`), else None."""
    from scout.task.itemcount import counts_items
    from scout.task.piececount import piece_count

    if not counts_items(name, list(spec.aliases)):
        return None
    return piece_count(free, digits_view(text.folded))


def find_number(text: QueryText, spec: InputSpec, name: str, integer: bool,
                 lang: str = "en", enum_words: Sequence[str] = ()) -> tuple[Any, tuple[int, int]] | None:
    """The count or number the input ``name`` reads and its span, or None; ``enum_words``:
    other inputs' enum words, those that end in this input's noun ("dedicated desk" for a
    count of "desks") name what is counted ("3 dedicated desks": 3, the words left to
    their input)."""
    # the name in the singular or the plural ("3 habs", "1 habitación" for "habitaciones"),
    # also joined by a hyphen ("2-bed", "3-bedroom")
    from scout.task.party import counts_persons
    from scout.task.personage import age_words, member_age

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
    # a number after the name of whom the input counts, with years after it or one of
    # them named by its article, is an age ("el mayor de 13 años": the eldest, no seniors)
    persons = integer and counts_persons(name, list(spec.aliases))
    # a number after the name that a unit of another measure follows is a size, no count
    # ("piso de 70 m²" for a floor, "habitación de 12 m2" for rooms: scout.task.ordinals)
    after = (a for a in re.finditer(r"(?<!\w)(?:" + alt + r")\s*(?:(?::|=|of|de)\s*)?" + NUMBER_CMP
                                    + one + _THOUSAND + _NUMBER_POST_CMP + _TIMES
                                    + (f"(?:{_PERCENT})?" if not integer else ""), free)
             if not measure_after(free, a.end(), alt)
             and not (persons and member_age(free, a.span(), a.end())))
    m = (re.search(NUMBER_CMP + one + _THOUSAND + _NUMBER_POST_CMP + f"(?:{_PERCENT})?"
                   + _TIMES_SIGN + r"\s*(?:-\s*)?" + alt + r"(?!\w)", free)
         or (re.search(r"(?<![\w.,])" + one + _MEMBERS + r"(?:" + alt + r")(?!\w)", free)
             if integer else None)
         or next(after, None)
         or re.search(r"(?<!\w)(?P<label>" + alt + r")" + _SIGN_GAP + one + _THOUSAND
                      + (f"(?:{_PERCENT})?" if not integer else ""), free)
         or (re.search(r"(?<![\w.,])" + one + _COUNTED_ADJ + r"(?:" + alt + r")(?!\w)", free)
             if integer else None)
         or (_kind_between(free, alt, enum_words, one) if integer else None)
         or (re.search(r"(?<!\w)(?:" + alt + r")" + _PERCENT_GAP + one + _PERCENT, free)
             if not integer else None)
         or re.search(NUMBER_CMP + count + r"[\s-]+" + alt + r"(?!\w)", free)
         or _before_kind_of(free, alt, enum_words, NUMBER_CMP + num + _THOUSAND,
                            NUMBER_CMP + count))
    if m and integer and (pieces := _pieces(text, free, name, spec)) \
            and pieces[1][0] < m.end() and m.start() < pieces[1][1]:
        # "two boxes of 250 business cards": the count the input's noun follows is the
        # pieces of one box of the two (500); the noun is the count's too ("bandeja de
        # 30 piezas de sushi": sushi is the item)
        both = (min(pieces[1][0], m.start()), max(pieces[1][1], m.end()))
        return pieces[0], widened(text.free, free, _kind_left(free, both, enum_words))
    if not m and integer and (rank := ordinal_before(free, alt)
                              or elided_floor(free, [name, *spec.aliases])):
        return rank[0], widened(text.free, free, rank[1])  # "3rd floor", "4ª planta"
    if not m and integer and (times := times_said(text.free, spec.aliases)) is not None:
        return times  # "twice a week", "una vez al mes" (words: "once" is Spanish's eleven too)
    if not m and integer and re.search(r"(?<!\w)(?:days?|d[ií]as?)(?!\w)",
                                       " ".join([name, *spec.aliases])) \
            and not re.search(r"(?<!\w)(?:a|per|por|al?|each)\s+(?:la\s+)?(?:weeks?|semanas?)(?!\w)|"
                              r"per_week|weekly|semanal", " ".join([name, *spec.aliases])):
        # (an input of days a week, a cleaner's visits, counts no length: "cada 2 semanas"
        # is no 14 days a week)
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

        items = counts_items(name, list(spec.aliases))
        if items and (pieces := _pieces(text, free, name, spec)):
            # "2 docenas de cupcakes", "a tray of 40 mini brownies": the pieces, and the
            # item stays the thing ("docenas" and "tray" are the count's words)
            return pieces[0], widened(text.free, free, pieces[1])
        lead = leading_count(free) if items else None
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
                         + r")(?!\w)(?!\s*(?:(?::|=|of|de)\s*)?\d)", free)
        return (0 if integer else 0.0, none.span()) if none else None
    span = widened(text.free, free, _kind_left(free, m.span(), enum_words))
    if m.groupdict().get("gap"):
        # the words between the label and the sign are another input's ("TIN fijo <2,5":
        # the rate's type): the number claims the sign on, and its label apart, unless
        # the label is another input's enum word too (TIN: the rate's basis, left to it)
        span = widened(text.free, free, (m.end("gap"), m.end()))
        if not (enum_words and re.fullmatch(name_forms(list(enum_words)), m.group("label"))):
            text.claim(widened(text.free, free, m.span("label")))
    if m.groupdict().get("adj"):
        # "12 human samples": the count and its noun, the kind's words between left to
        # their input (claimed for the count, they would be read by none)
        text.claim(widened(text.free, free, (m.end("adj"), m.end())))
        span = widened(text.free, free, m.span("n"))
    if m.groupdict().get("code"):
        # the code is another input's to read ("A5": a format), so the count claims its
        # number alone, and the noun stays for the kind's enum ("flyers": the product)
        span = widened(text.free, free, m.span("n"))
    if m.groupdict().get("w"):
        return COUNT_WORDS[m.group("w")], span
    value = _read_number(m.group("n"), integer, lang)
    if m.groupdict().get("neg"):
        value = -value
    if m.groupdict().get("k"):
        value = type(value)(value * 1000)
    if m.groupdict().get("m"):
        value = type(value)(value * 1_000_000)
    if isinstance(value, float) and not math.isfinite(value) or \
            isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        return None  # hundreds of digits: not a number a request means (JSON has no inf)
    return value, span


def count_range_inputs(text: QueryText, inputs: dict[str, InputSpec], lang: str,
                       ) -> list[tuple[str, int | float, tuple[int, int]]]:
    """Both ends of a range of counts ("de 8 a 12 años") for each count input and its
    ``max_...`` (:func:`scout.task.countrange.pairs`), named by either one's name or
    aliases: [(first input, low end, its span), (max input, top, its span)]. For a pair of
    children's ages with no range said, the age said of the eldest is the top and that of
    the youngest the low end ("el mayor de 13 años", "the youngest is 3"), each alone."""
    from scout.task.personage import PERSON, age_words, counts_age, counts_months, extreme_age

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
        # two children's ages said after them, no word of years: "kids 8 and 11"
        aliases = list(inputs[first].aliases)
        heads = PERSON if counts_age(first, aliases) and not counts_months(first, aliases) else ""
        ends = find_count_range(free, name_forms(words), number_re(integer, lang), heads)
        if ends is None:
            for end, eldest in ((first, False), (last, True)) if heads else ():
                if (said := extreme_age(free, eldest)) is not None:  # "el mayor de 13 años"
                    out.append((end, said[0], widened(text.free, free, said[1])))
            continue
        (lo, lo_span), (hi, hi_span) = ends
        out += [(first, count_typed(lo, inputs[first]), widened(text.free, free, lo_span)),
                (last, count_typed(hi, inputs[last]), hi_span)]
    return out


# how often said in one word, for a count of times ("3 times a week" is read by the alias):
# "once / twice / thrice a week", and Spanish's singular "una vez por semana"
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}


def times_said(free: str, aliases: Sequence[str]) -> tuple[int, tuple[int, int]] | None:
    """(count, span) of "twice a week", "once a month", "una vez por semana" where an alias
    of the input counts times ("times a week", "veces por semana"); else None. ``free``:
    folded, numbers in words as typed."""
    rests = {fold(a).split(None, 1)[1] for a in aliases
             if fold(a).split(None, 1)[0] in ("times", "veces") and " " in fold(a).strip()}
    if not rests:
        return None
    rest = "|".join(re.escape(r).replace(r"\ ", r"\s+") for r in sorted(rests, key=len, reverse=True))
    m = re.search(r"(?<![\w.,])(?:(?P<w>once|twice|thrice)|(?:una|1)\s+vez)\s+(?:" + rest
                  + r")(?!\w)", free)
    if m is None:
        return None
    return (_TIMES_WORDS[m.group("w")] if m.group("w") else 1), m.span()

