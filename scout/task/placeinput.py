"""Reading one ``place`` input of a request: the parser's turn for a place.

A kind with several place inputs has them read together first (:mod:`scout.task.route`:
which name is the origin's, which the destination's, which the city's); what that leaves
an input is the single-place reader's (:func:`scout.task.place.find_place`), less a name
another input already holds. A country's input takes only a name the gazetteer knows or
one after a cue ("rioja Reserva" names no country), and a city's name with two letters
swapped is the city the fingers meant ("madird" → Madrid), but not a neighbourhood's
name, which the gazetteer mostly does not know ("cerca de Triana" is no Tirana; one typed
in lower case with no city beside is: "cerca de madird"), nor a name beside another known
place ("tapas de sevilla de Triana"), and a
neighbourhood's input takes no country ("in Barcelona, Spain").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.placewords import LANDFORMS
from scout.task.readers import CLAIMED, QueryText

Hit = tuple[str, tuple[int, int]]


def read_place(text: QueryText, lang: str, name: str, spec: InputSpec,
               inputs: dict[str, InputSpec], route: dict[str, Hit],
               values: dict[str, object],
               searched: Sequence[tuple[int, int]] = ()) -> Hit | None:
    """The name and span the place input ``name`` reads from ``text``, or None. ``route``
    holds what :func:`scout.task.route.read_places` read for a kind with several place
    inputs: filled on the first place input's turn, read on the others'; ``values``: what
    the inputs read so far; ``searched``: where the request names what the kind finds
    (its name or ``nouns:``)."""
    from scout.task.gazetteer import country_as_typed
    from scout.task.landmarkcity import with_city
    from scout.task.notplace import common_noun, date_said, date_tail
    from scout.task.placecase import joined_names
    from scout.task.place import find_place
    from scout.task.placecues import cued
    from scout.task.placecase import known_name, unswapped
    from scout.task.placewords import names_cities, names_countries
    from scout.task.scope import place_adjective

    named_places = [(n, list(s.aliases)) for n, s in inputs.items() if s.type == "place"]
    if len(named_places) > 1 and not route:  # "de Madrid a Lisboa": which is which
        from scout.task.route import read_places

        # "similar to the one we used last year in Porto": another time's names are no
        # end of this route, when the route is named without them
        route.update(read_places(_past_names_blanked(text.free, text.original), text.original,
                                 lang, named_places)
                     or read_places(text.free, text.original, lang, named_places))
        route.setdefault("", ("", (0, 0)))  # read once, even when it read none
    hit = route.get(name) or (len(named_places) > 1 and find_place(
        _past_names_blanked(text.free, text.original), text.original, lang,
        list(spec.aliases))) or find_place(text.free, text.original, lang, list(spec.aliases))
    if hit and len(named_places) > 1 and name not in route and _in_past(text.free, hit[1]):
        hit = None  # "como el que usamos el año pasado en Málaga": another time's place
    past = text.free
    for _ in range(3):  # "para una reunión", "from September": past a word no place is
        if hit is None or not (date_said(text.original, hit[1]) or name not in route
                               and (common_noun(text.original, text.free, hit[1][0], lang)
                                    or _after_label(text.free, hit, name, inputs)
                                    or _enum_word(hit, name, inputs))):
            break
        past = past[:hit[1][0]] + CLAIMED * (hit[1][1] - hit[1][0]) + past[hit[1][1]:]
        hit = None if name in route else find_place(past, text.original, lang, list(spec.aliases))
    else:
        hit = None
    if hit is not None and not known_name(hit[0]):
        hit = date_tail(text.original, hit)  # "malaga de mañana": the day is no name's
    if hit is not None and name not in route:
        hit = joined_names(text.original, hit)[0]  # "Galicia y Asturias": two, the first here
    if len(named_places) > 1 and name not in route and hit is not None:
        from scout.task.placepair import looked_past

        hit = looked_past(hit, route, text.free, text.original, lang, list(spec.aliases))
        if hit is not None and date_said(text.original, hit[1]):
            hit = None  # "Alaska cruise from Seattle in July": a month is no region
    if len(named_places) > 1 and name not in route:
        from scout.task.placepair import free_of, stray

        hit = free_of(route, hit)
        held = any(n != name and n in values for n, _a in named_places) \
            or any(k and k != name for k in route)
        if stray(hit, held, text.free, text.original, lang, list(spec.aliases), searched) \
                or not names_cities(name, spec) and _theirs(text.folded, hit, name, named_places, [
                    fold(str(values[n])) for n, _a in named_places if n != name and n in values
                    and not names_cities(n, inputs[n])]
                    + [fold(h[0]) for k, h in route.items() if k and k != name
                       and not names_cities(k, inputs[k])]):
            hit = None
        if hit is None and not names_cities(name, spec):
            from scout.task.placepair import beside_noun

            # "Baltic cruise from Kiel", "crucero mediterráneo desde Barcelona": the region
            # beside the kind's noun, never what another input read
            hit = free_of(route, beside_noun(text.free, text.original, searched))
    free = text.free
    for _ in range(3):  # "Prepaid SIM for Spain": past a name that is no country, the next
        if hit is None or not names_countries(name, spec, inputs) or known_name(hit[0]) \
                or country_as_typed(hit[0]) or cued(free, hit[1][0], lang, list(spec.aliases)):
            break
        from scout.task.establishments import known_tail

        if (tail := known_tail(text.original, hit[1], True)) is not None:
            hit = tail  # "SIM Card Japan": the kind's words typed in capitals, then the country
            break
        # "rioja Reserva": a country's name is known or follows a cue
        free = free[:hit[1][0]] + CLAIMED * (hit[1][1] - hit[1][0]) + free[hit[1][1]:]
        hit = None if name in route else find_place(free, text.original, lang, list(spec.aliases))
    else:
        hit = None
    if hit is not None and names_countries(name, spec, inputs) and institution(
            text.original[hit[1][0]:hit[1][1]].strip()):
        hit = None  # "grants at UAB": a university's or a body's initials, no country
    if hit is not None and _PRICED.match(text.free, hit[1][1]) and not known_name(hit[0]) \
            and any(n != name and (n in values or route.get(n)) for n, _a in named_places):
        # "alquiler en Tenerife ...; en Rentalcars sale a 65 €": with the place held by
        # another input, a name priced is who sells, no second place ("in Faro is €40"
        # alone stays the place)
        hit = None
    if hit is not None and _part_of_city(name, spec, inputs) and _country(hit[0]):
        hit = None  # "dentist in Barcelona, Spain": a country is no neighbourhood
    if hit is not None and (not _within_city(text.free, hit, name, spec, inputs) or _slip_alone(
            text.original, hit, name, named_places, route, values)) \
            and not _beside_known(text.folded, hit, tuple(h[1] for k, h in route.items() if k and k != name)):
        hit = (unswapped(hit[0]), hit[1])  # "madird": the city the fingers meant
    if hit is not None and name not in route and not names_cities(name, spec) \
            and not names_countries(name, spec, inputs):
        hit = _two_names(text, hit)  # a route's end is one: "entre Madrid y Barcelona"
    if hit is not None and not known_name(hit[0]) and _label(hit[0], name, inputs):
        text.claim(hit[1])  # "31 de enero como plazo", "enero plazo": the date's label
        hit = None
    if hit is not None and not known_name(hit[0]) and place_adjective(hit[0]) \
            and not country_as_typed(hit[0]):
        # "licitaciones europeas", "tapas europeas": an adjective, no town; but "India"
        # typed with its capital is the country, though "india" is Spanish for Indian
        hit = None
    if hit is not None and len(named_places) == 1 and not names_countries(name, spec, inputs):
        hit = _city_after_comma(text, hit, lang)  # "tapas en Triana, Sevilla": the city
        # "cerca del Hospital Clínic en Barcelona": the landmark with its city, or the city
        hit = with_city(text, hit, lang, name, spec)
    if hit is not None and not names_countries(name, spec, inputs) and (
            len(named_places) == 1 or not any(names_countries(n, inputs[n], inputs)
                                              or _part_of_city(n, inputs[n], inputs)
                                              for n, _a in named_places)):
        from scout.task.placequalifier import qualified

        # "Guadalajara (México)": the country the user wrote; a route's end too ("de
        # Cambridge (Massachusetts) a Paris, Texas"), unless another input reads countries
        # or a city's part (a city input and a neighbourhood's read a country as before)
        hit = qualified(text, hit)
    return _with_feature(text, hit)


def _enum_word(hit: Hit, name: str, inputs: dict[str, InputSpec]) -> bool:
    """Whether the name ``hit`` read is, whole, a word of another input's ``enum`` (a value
    or a synonym) and no place the gazetteer knows: "proteomics LC-MS/MS for 16 samples,
    London" names London, not "LC-MS" (an analysis the kind lists, left unread when the
    input holding one took "proteomics"); "Hotel Granada" stays where a kind's enum says
    so only when no known place is that name."""
    from scout.task.enums import rival_words
    from scout.task.placecase import known_name

    typed = fold(hit[0]).strip()
    if not typed or known_name(hit[0]):
        return False
    return any(fold(w).strip() == typed for w in rival_words(inputs, name))


def _theirs(free: str, hit: Hit | None, name: str, named_places: list[tuple[str, list[str]]],
            held: list[str]) -> bool:
    """``hit`` (what the single-place reader found for ``name``, one of several place
    inputs) follows a name another place input read (``held``, folded) and a comma or
    that input's own cue: it says where that place lies, no place of this one's ("tour of
    the Alhambra in Granada", "tour near Sants, Barcelona": no day trip's origin); or it
    comes before such a name and "in" / "en" / "at": it is a place inside that one ("tour
    Sagrada Familia in Barcelona", "near the Eiffel Tower in Paris": a landmark, no
    origin)."""
    if hit is None or not held:
        return False
    inside = "|".join(re.escape(h).replace(r"\ ", r"\s+") for h in held if h)
    if inside and re.match(r"\s+(?:in|en|at|inside|within|dentro\s+de)\s+(?:(?:the|el|la|los|las)\s+)?(?:"
                           + inside + r")(?!\w)", free[hit[1][1]:]):
        return True
    mine = {fold(a) for n, aliases in named_places if n == name for a in aliases}
    theirs = {fold(a) for n, aliases in named_places if n != name for a in aliases} - mine
    cue = "|".join(re.escape(a).replace(r"\ ", r"\s+")
                   for a in sorted(theirs, key=len, reverse=True)) or "(?!)"
    names = "|".join(re.escape(h).replace(r"\ ", r"\s+") for h in held if h)
    return bool(names) and re.search(
        r"(?<!\w)(?:" + names + r")\s*(?:,|\s(?:" + cue + r"))\s+(?:(?:the|el|la|los|las)\s+)?\Z",
        free[:hit[1][0]]) is not None


def _city_after_comma(text: QueryText, hit: Hit, lang: str = "es") -> Hit:
    """The city after ``hit`` and a comma, when ``hit`` is a neighbourhood the gazetteer
    lists and the city one it knows ("tapas en Triana, Sevilla"): a lone place input holds
    the city, as an address is written from the street up. A name it does not know stays
    ("hotel en Sóller, Mallorca": a town, then its island; "dim sum in Chinatown, San
    Francisco" is searched as written); names offered as either ("Lisbon, Porto or Faro")
    stay the first, and a country after the comma ("Triana, Spain") is no city. A
    neighbourhood named like a city elsewhere is one beside its own city ("Palermo, Buenos
    Aires": Buenos Aires; a lone "Palermo" is searched in Sicily). The city may be written
    by a short name the neighbourhood table gives it, which the gazetteer does not know
    ("palermo, bs as"), or typed in lower case ("salamanca, madrid"): the city as the
    table writes it."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import neighbourhood
    from scout.task.lang import fold
    from scout.task.neighbourhoods import named_like_a_city_in, own_city_after
    from scout.task.place import name_at
    from scout.task.placecase import known_name
    from scout.task.placelist import offered_either

    gap = re.match(r"[ \t]*,[ \t]*", text.original[hit[1][1]:])
    if gap is None:
        return hit
    at = hit[1][1] + gap.end()
    nxt = name_at(text.free, text.original, at, True)
    city = nxt is not None and (neighbourhood(fold(hit[0])) or named_like_a_city_in(hit[0], nxt[0])) \
        and known_name(nxt[0]) and not neighbourhood(fold(nxt[0])) \
        and fold(nxt[0]) not in currencies().territory_names \
        and not offered_either(text.free, text.original, hit[1])
    if nxt is not None and city and nxt[0] == text.original[nxt[1][0]:nxt[1][1]]:
        text.claim(hit[1])  # the neighbourhood: no other input's word
        return nxt  # "Roma, CDMX", "Triana, Sevilla": the city as typed
    # "palermo, bs as", "Belgrano, CABA": the table's short name of the neighbourhood's own
    # city, as the table writes the city where the name reader would not keep it as typed
    # (lower case, or "CABA", which it read as a word, "Caba")
    own = own_city_after(hit[0], text.free[at:], lang)
    if own is not None and (neighbourhood(fold(hit[0])) or named_like_a_city_in(hit[0], own[0])) \
            and not offered_either(text.free, text.original, hit[1]):
        text.claim(hit[1])
        return own[0], (at, at + own[1])
    if nxt is not None and city:
        text.claim(hit[1])  # the neighbourhood: no other input's word
        return nxt
    return hit


def _after_label(free: str, hit: Hit, name: str, inputs: dict[str, InputSpec]) -> bool:
    """The name at ``hit`` comes right after another input's own name or alias, one or two
    words ("en formato Stata" for a formats input aliased "formato", "licence: Apache"):
    that input's value, even one it does not know, no town."""
    from scout.task.subjectwords import FUNCTION_WORDS

    before = re.findall(r"[^\W\d_]+", free[max(0, hit[1][0] - 30):hit[1][0]])
    if re.search(r"[^\w\s:]\s*$", free[max(0, hit[1][0] - 30):hit[1][0]]):
        return False  # "formato CSV, Madrid": a comma ends the label's value
    if not before or before[-1] in FUNCTION_WORDS:
        return False  # "3 meses en Madrid" for a date aliased "en": the place's own cue
    # a subject's cue ("about Chile") and a date's label are read with a place inside; and
    # only an input whose value may be a word has one after its label: a count's, an
    # amount's or a flag's name before a capitalised town is no label of it ("driving
    # lessons Manchester 10 lessons", "clases Getafe 20 prácticas" for a lessons count)
    labelled = {n: s for n, s in inputs.items()
                if s.type not in ("subject", "date", "month") and _worded(s)}
    return any(_label(" ".join(before[-n:]), name, labelled) for n in (1, 2) if len(before) >= n)


def _worded(spec: InputSpec) -> bool:
    """An input whose value may be a word or a name: text, a list, or any with an ``enum``
    (not a number, an amount, a measure, a rating, a year or a yes/no)."""
    return spec.type in ("string", "list", "place") or bool(spec.enum)


def _label(place: str, name: str, inputs: dict[str, InputSpec]) -> bool:
    """``place`` is another input's own name or alias, in the singular or the plural,
    left over once its value was read ("31 de enero como plazo", "50.000 € por lote" for
    ``lotes``): a label, no town."""
    from scout.task.lang import fold
    from scout.task.readers import name_forms

    said = fold(place).strip()
    return any(re.fullmatch(name_forms([n.replace("_", " "), *s.aliases]), said)
               for n, s in inputs.items() if n != name and s.type != "place")


# "and" / "y" / "&" and the name after it
_AND = re.compile(r"[ \t]+(?:and|y|e|&)[ \t]+")


def _two_names(text: QueryText, hit: Hit) -> Hit:
    """``hit`` and the place after its "and" / "y", both names the gazetteer knows or
    typed with capitals in a request that has lower case: a region of two names ("England
    and Wales", "Castilla y León", "Aragón y Navarra"), for a place input that holds no
    single city or country (a city's or a country's takes the first)."""
    from scout.task.placecase import known_name
    from scout.task.placename import is_cased, read_name

    end = hit[1][1]
    joined = _AND.match(text.free, end)
    if joined is None:
        return hit
    cased = is_cased(text.original, text.free)
    after = read_name(text.free, text.original, joined.end(), cased)
    if after is None or after[1][0] != joined.end():
        return hit
    typed = [text.original[hit[1][0]:hit[1][1]].strip(), text.original[after[1][0]:after[1][1]]]
    if not all(known_name(n) or (cased and n[:1].isupper()) for n in typed):
        return hit
    a, b = hit[1][0], after[1][1]
    # each name as the reader wrote it ("en galicia y asturias" → "Galicia y Asturias")
    joiner = re.sub(r"\s+", " ", text.original[hit[1][1]:after[1][0]])
    return f"{hit[0].strip()}{joiner}{after[0].strip()}", (a, b)


# a landform's noun before its name (folded text, up to the name's start)
_FEATURE = re.compile(r"(?<![\w])(?:" + "|".join(sorted(LANDFORMS)) + r")"
                      r"\s+(?:de\s+la|de\s+los|de\s+las|del|de|of\s+the|of)\s+$")


# ... anywhere, for a name no cue introduced ("por la sierra de Guadarrama", "on the
# Costa del Sol": "por" and "on" are no place cues), its name capitalised
_FEATURE_AT = re.compile(r"(?<![\w])(?:" + "|".join(sorted(LANDFORMS)) + r")"
                         r"\s+(?:de\s+la|de\s+los|de\s+las|del|de|of\s+the|of)\s+(?=\w)")


def _with_feature(text: QueryText, hit: Hit | None) -> Hit | None:
    """``hit`` with the landform's noun typed before it with its capital ("en la Sierra de
    Gredos", "on the Costa del Sol": "en la sierra de Madrid" is Madrid's hills) or before
    a name that is no known place (:func:`_own_name`: "la sierra de Gredos"); with no
    ``hit``, a landform's name with its capital after the noun, wherever it is ("por la
    sierra de Guadarrama": the whole is the name)."""
    capital = hit is not None
    if hit is None:
        from scout.task.placename import read_name

        for at in _FEATURE_AT.finditer(text.free):
            if text.original[at.end()].isupper() and CLAIMED not in text.free[at.start():at.end()]:
                hit = read_name(text.free, text.original, at.end(), True)
                if hit is not None:
                    break
        if hit is None:
            return None
    m = _FEATURE.search(text.free, max(0, hit[1][0] - 40), hit[1][0])
    if m is None or (capital and not text.original[m.start()].isupper()
                     and not _own_name(text.original, hit)):
        return hit
    said = text.original[m.start():m.end()].split()
    head = said[0][:1].upper() + said[0][1:]  # a name's noun is written with its capital
    return " ".join([head, *said[1:], hit[0]]), (m.start(), hit[1][1])


def _own_name(original: str, hit: Hit) -> bool:
    """``hit``, after a landform's noun typed in lower case, is a name typed with its
    capital that the gazetteer knows as no place: the landform's own name ("por la sierra
    de Guadarrama", "la sierra de Gredos"), where the noun is part of it. A design choice:
    one it knows ("la sierra de Madrid", "la costa de Cádiz") is the city or region whose
    hills or coast the noun says, and a search on that place finds them."""
    from scout.task.placecase import known_name

    typed = original[hit[1][0]:hit[1][1]].strip()
    return typed[:1].isupper() and not known_name(typed)


# a verb of price right before an amount another reader claimed: what stands before it
# sells or costs that much ("Rentalcars sale a 65 €", "Sixt is €40 a day", "Hertz cuesta");
# a contraction is its own verb ("it's €40", "they're asking €40")
_PRICED = re.compile(r"\s*(?:(?:(?:it|that|this|there|he|she)['’]s|they['’]re)\s+"
                     r"(?:(?:asking|charging)\s+)?"
                     r"|(?:(?:it|they|that|this)\s+)?(?:sale\s+(?:a|por)|cuestan?|esta\s+a|is|are|"
                     r"costs?|charges?|asks?|pide|cobra)\s+)(?:(?:about|around|unos|sobre)\s+)?"
                     + CLAIMED)


def _slip_alone(original: str, hit: Hit, name: str, named_places: list[tuple[str, list[str]]],
                route: dict[str, Hit], values: dict[str, object]) -> bool:
    """A name after a neighbourhood's cue is still a city's slip of the fingers ("cerca de
    madird") when it is typed all in lower case and no other place input holds a city it
    would lie in. A design choice: a name typed with its capital ("cerca de Triana") is a
    local name as meant, which the gazetteer mostly does not know; one typed in lower case
    by a writer who capitalises nothing, with no city beside, is more likely the city."""
    typed = original[hit[1][0]:hit[1][1]].strip()
    held = any(n != name and n in values for n, _a in named_places) \
        or any(k and k != name for k in route)
    return typed == typed.lower() and not held


def _beside_known(folded: str, hit: Hit, ends: tuple[tuple[int, int], ...] = ()) -> bool:
    """Another place the gazetteer knows, no country, is named outside ``hit`` ("tapas de
    sevilla de Triana"): the name is a part of it or a place there as typed, never
    "corrected" into a city elsewhere. Another end of a route (``ends``: the spans other
    place inputs read, "de Madrid a Sevila") is no place the name lies in."""
    from scout.task.gazetteer import known_place_words

    for a, b in [hit[1], *ends]:
        folded = folded[:a] + " " * (b - a) + folded[b:]
    words = [m.group(0) for m in re.finditer(r"[^\W\d_]+", folded)]
    # (a country beside is where the city lies: "Barcleona, Spain" is still Barcelona)
    return any((n := known_place_words(words[i:])) and not _country(" ".join(words[i:i + n]))
               for i in range(len(words)))


def _part_of_city(name: str, spec: InputSpec, inputs: dict[str, InputSpec]) -> bool:
    """The place input ``name`` is a neighbourhood's: not named for a city, beside one
    that is."""
    from scout.task.placewords import names_cities

    return not names_cities(name, spec) and any(
        s.type == "place" and n != name and names_cities(n, s) for n, s in inputs.items())


def institution(typed: str) -> bool:
    """``typed`` (as written) is written in capitals as initials are ("UAB", "CSIC") and
    neither the gazetteer nor CLDR's region codes ("US", "NZ", "EU") know it, nor is it the
    initials of a region's name in English or Spanish ("UE": Unión Europea): an
    institution's, no country's."""
    from babel import Locale

    from scout.task.placecase import known_name

    letters = typed.replace(".", "").replace(" ", "")
    return letters.isalpha() and letters.isupper() and len(letters) >= 2 \
        and letters not in Locale.parse("en").territories and not known_name(typed) \
        and letters not in _region_initials()


# CLDR's unions of countries (its only letter codes for more than one country): the
# European Union, the eurozone, the United Nations
_UNIONS = ("EU", "EZ", "UN")


@functools.lru_cache(maxsize=1)
def _region_initials() -> frozenset[str]:
    """The initials of the names CLDR gives its unions of countries, English and Spanish
    ("UE": Unión Europea, "ZE"), less any a region's code is ("EU" is the union's own).
    Not every region's: "IA" (Isla de la Ascensión) is what Spanish writes for AI."""
    from babel import Locale

    from scout.task.lang import fold
    from scout.task.placewords import PARTICLES

    out = set()
    for lang in ("en", "es"):
        names = Locale.parse(lang).territories
        for code in _UNIONS:
            words = [w for w in re.findall(r"[^\W\d_]+", fold(names[code])) if w not in PARTICLES]
            out.add("".join(w[0] for w in words).upper())
    return frozenset(w for w in out if len(w) >= 2) - set(Locale.parse("en").territories)


def _country(typed: str) -> bool:
    from scout.task.cldr import currencies
    from scout.task.lang import fold

    return fold(typed) in currencies().territory_names


def _within_city(free: str, hit: Hit, name: str, spec: InputSpec,
                 inputs: dict[str, InputSpec]) -> bool:
    """``hit`` names a place inside a city, which the gazetteer mostly does not know: the
    input is a neighbourhood's beside a city's, or the name follows a neighbourhood's cue
    or noun ("cerca de Triana", "barrio de Gràcia"). Such a name is left as typed, never
    "corrected" into a city elsewhere with two letters swapped (Triana → Tirana)."""
    from scout.task.placewords import LEADING_ARTICLES, WITHIN_CITY

    if _part_of_city(name, spec, inputs):
        return True
    before = re.findall(r"[^\W\d_]+", free[max(0, hit[1][0] - 40):hit[1][0]])
    if before and before[-1] in LEADING_ARTICLES:
        before.pop()
    return any(" ".join(before[-n:]) in WITHIN_CITY for n in (1, 2, 3) if len(before) >= n)


def _in_past(free: str, span: tuple[int, int]) -> bool:
    """``span`` lies in a clause of another time (:func:`scout.task.residence.past_spans`)."""
    from scout.task.residence import past_spans

    return any(a <= span[0] and span[1] <= b for a, b in past_spans(free))


def _past_names_blanked(free: str, original: str) -> str:
    """``free`` with the capitalised words of its clauses of another time blanked, and the
    places the gazetteer knows there typed in lower case
    (:func:`scout.task.residence.past_spans`: "the one we used last year in Porto",
    "el año pasado fuimos a Sevilla", "el que usamos el año pasado en malaga"): a route's
    ends are the ask's."""
    from scout.task.gazetteer import known_place_words
    from scout.task.residence import past_spans

    for a, b in past_spans(free):
        words = list(re.finditer(r"[^\W\d_][\w'’.-]*", original[a:b]))
        i = 0
        while i < len(words):
            # a capital, or a place the gazetteer knows typed in lower case ("el año
            # pasado en malaga", "last year in porto")
            n = 1 if words[i].group()[0].isupper() else known_place_words(
                [fold(w.group()).rstrip(".") for w in words[i:i + 4]])
            if n:
                x, y = a + words[i].start(), a + words[i + n - 1].end()
                free = free[:x] + CLAIMED * (y - x) + free[y:]
            i += max(n, 1)
    return free

