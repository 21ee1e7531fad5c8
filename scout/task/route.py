"""Several ``place`` inputs read together: which name is which.

A kind with two places of one type (a trip's origin and destination, a move's old and new
city) cannot read each the way a lone place is read — "the first name after any cue" —
for then "trains to Paris from Brussels" gives both inputs the first name. Here each
place input reads, in turn:

1. the first name after a word only its own ``aliases`` name ("from" / "desde" for one,
   "to" / "hasta" for the other: "a Lisboa desde Madrid" reads both, in any order);
2. what is left, from a route written as two names joined — by a dash or an arrow
   ("Barcelona-París", "Madrid → Lisboa", two codes: "MAD-LIM", typed in lower case
   "mad-bcn" where one has no vowel), by a place input's alias ("London to Paris",
   "Madrid a Lisboa"), or side by side or joined by "y" / "and" when the gazetteer knows
   both ("madrid valencia", "entre Madrid y Barcelona") —
   the first name to the first place input declared, the second to the next; when one of
   the two names was already read by its own cue, the other name goes to the input left.

What neither step reads is left to the single-place reader (:func:`scout.task.place.find_place`),
as before, weighed against what was read here (:mod:`scout.task.placepair`, which also
says which of a city input and a neighbourhood's holds the city). The parser
(:mod:`scout.task.parser`) calls :func:`read_places` once, when it reaches the place
inputs, only for a pipeline that declares two or more.
"""

from __future__ import annotations

import itertools
import re

from scout.task.lang import fold
from scout.task.place import is_cased, name_at
from scout.task import placewords as pw
from scout.task.placewords import occasion_cue

Hit = tuple[str, tuple[int, int]]

# an alias that says where a place lies, never where a route goes: "tour of the Alhambra
# in Granada" is one place in another, no day trip from Granada
_WHERE = frozenset({"in", "en", "at", "of", "por", "inside", "near", "around", "cerca de",
                    "within", "dentro de"})
# the second end after "between" / "entre" and the first: "and" joins a route's two ends
_BETWEEN_AND = re.compile(r"\s+(?:and|y|e|&)\s+")
# a word of a name, without its hyphens: "Barcelona-París" is two words and a joiner
_WORD = re.compile(r"[^\W\d_][\w'’.]*", re.UNICODE)
# names tried per pass: reading one is linear in what follows it, so a hostile request
# ("A-A-A-...", "de de de ...") stays bounded; a request names its route long before
_TRIES = 24
# what joins the two ends of a route written without a cue: a dash, an arrow, a slash
_MARKS = r"(?:-{1,2}>|→|⇒|>|–|—|-|/)"
# two codes in capitals joined by a hyphen, read as one hyphenated name ("MAD-LIM"): the
# gazetteer need not know them, their shape says they are two ends
_CODES = re.compile(r"([A-Z]{3,4})-([A-Z]{3,4})")
# the same typed in lower case on a phone ("vuelo mad-bcn", "lhr-jfk"): three letters each,
# one of them with no vowel (a code, no word: "non-stop", "pre-war" are words); read only in
# a request typed all in lower case, where no capital could have said it
_LOWER_CODES = re.compile(r"(?<![\w-])([a-z]{3})-([a-z]{3})(?![\w-])")


def _lower_codes(original: str, pos: int, cased: bool) -> tuple[Hit, Hit] | None:
    """Two airport codes joined by a hyphen at ``pos``, typed in lower case: the two ends,
    in capitals as codes are shown ("mad-bcn" → MAD, BCN)."""
    m = None if cased else _LOWER_CODES.match(original, pos)
    if m is None or all(re.search(r"[aeiou]", g) for g in m.groups()):
        return None
    return (m.group(1).upper(), m.span(1)), (m.group(2).upper(), m.span(2))


# the prepositions of where, English's interchangeable after a verb of place ("drop off
# in / at Seville airport", "pick up at Faro")
_AT = ("in", "at")


# the words that say where a route goes ("to", "a", "hasta"), and the others that say it
# the same way: "sale de Guadalajara hacia Mérida", "heading towards Leeds", "con destino a
# Quito": an input an author cued with the first reads the second too
_TOWARD = frozenset({"to", "a", "hasta"})
_TOWARD_TOO = ("hacia", "towards", "toward", "rumbo a", "con destino a", "destino a", "destino",
               "bound for", "headed to", "heading to", "en direccion a")


def cue_forms(aliases: list[str]) -> list[str]:
    """An input's aliases, folded, each of two words or more that ends in "in" / "at"
    also with the other ("drop off in" → "drop off at"): an author lists one; with "to" /
    "a" / "hasta" the other words a route's end is said with (:data:`_TOWARD_TOO`)."""
    out: dict[str, None] = {}
    for a in aliases:
        words = fold(a).split()
        out[" ".join(words)] = None
        if len(words) > 1 and words[-1] in _AT:
            for p in _AT:
                out[" ".join([*words[:-1], p])] = None
    if _TOWARD & set(out):
        out.update(dict.fromkeys(_TOWARD_TOO))
    return list(out)


def read_places(free: str, original: str, lang: str,
                places: list[tuple[str, list[str]]]) -> dict[str, Hit]:
    """The value and span each place input in ``places`` (name, aliases; in declaration
    order) reads from the request, for those a cue of their own or a route names.
    ``free`` is the folded request with what other inputs read blanked out (``\\x00``)."""
    del lang  # the cues are the author's aliases, in whichever language they wrote them
    cased = is_cased(original, free)
    owners: dict[str, set[str]] = {}
    for name, aliases in places:
        for a in cue_forms(aliases):
            owners.setdefault(a, set()).add(name)
    out: dict[str, Hit] = {}
    for name, aliases in places:
        own = [c for c in cue_forms(aliases) if c and owners[c] == {name}]
        theirs = [c for c in owners if c and name not in owners[c]]
        hit = _after_cue(free, original, own, cased, list(out.values()), theirs)
        if hit is not None:
            out[name] = hit
    left = [name for name, _ in places if name not in out]
    if left and out:
        _city_after(free, original, cased, out, left[0], dict(places))
        left = [name for name, _ in places if name not in out]
    if not left:
        return out
    route = _route(free, original, cased, [c for c in owners if c and c not in _WHERE],
                   list(out.values()))
    if route is None:
        return out
    first, second = route
    # an end read already, or named again ("viaja desde Zaragoza: ... Zaragoza → Sevilla"):
    # the other end is the input left's
    taken = [h for h in (first, second) if any(overlaps(h[1], t[1]) or fold(h[0]) == fold(t[0])
                                               for t in out.values())]
    if not taken:
        for name, hit in zip(_from_first(left, dict(places)), (first, second)):
            out[name] = hit
    elif len(taken) == 1 and not _listed_after_cue(free, first, second):
        out[left[0]] = second if taken[0] is first else first
    return out


# the words an author cues where a route starts with ("desde", "from", "saliendo de")
_FROM = re.compile(r"(?:^|\s)(?:from|desde|de|del|out\s+of|leaving|departing|sailing|saliendo|"
                   r"sale|salida|origen|origin)(?:\s|$)")


def starts_route(free: str, pos: int) -> bool:
    """A word that says where a route starts ("from", "desde", "saliendo") follows ``pos``
    in ``free`` (folded), after spaces."""
    return _FROM.match(free, pos) is not None and free[pos:pos + 1].isspace()


def _from_first(left: list[str], aliases: dict[str, list[str]]) -> list[str]:
    """The inputs left, the one whose cues say where a route starts first: "crucero de
    Buenos Aires a Brasil" for a kind that declares the region sailed before the port it
    leaves from gives the port the first end. Declaration order where the cues do not tell
    (neither, or both, of the first two cue a start)."""
    starts = [any(_FROM.search(c) for c in cue_forms(aliases[n])) for n in left[:2]]
    if len(starts) == 2 and starts == [False, True]:
        return [left[1], left[0], *left[2:]]
    return left


def _listed_after_cue(free: str, first: Hit, second: Hit) -> bool:
    """The two names of a route, the first read by its input's own cue, are joined by
    "y" / "and" with no "entre" / "between" before them ("tour en Madrid y Barcelona"):
    two places listed for that input, no other input's second ("entre Madrid y
    Barcelona" is a route)."""
    joined = re.fullmatch(r"\s*(?:y|e|and)\s*", free[first[1][1]:second[1][0]])
    return joined is not None and re.search(r"\b(?:entre|between)\s+$",
                                            free[:first[1][0]]) is None


def _city_after(free: str, original: str, cased: bool, out: dict[str, Hit], left: str,
                aliases: dict[str, list[str]]) -> None:
    """A name right after one an input read by its own cue, after a comma or side by side
    ("near Sants, Barcelona", "en Coyoacán CDMX"), is the city that place is in: it goes
    to the input ``left``, unless the input that read the first name is the one named for
    a city and ``left`` is not: then the city input holds the later name and ``left`` the
    first. A country after the comma ("Barcelona, Spain") is no city: it says the name
    before it is one, so a city the gazetteer knows, read by another input's cue ("near
    Barcelona, Spain"), goes to ``left`` when ``left`` is the city's. With no comma, or
    typed in lower case, the later name must be one the gazetteer knows."""
    from scout.task.cldr import currencies
    from scout.task.placecase import known_name
    from scout.task.placelist import offered_either
    from scout.task.placewords import names_cities

    for name, hit in list(out.items()):
        gap = re.match(r"[ \t]*,[ \t]*|[ \t]+", original[hit[1][1]:])
        if gap is None:
            continue
        nxt = name_at(free, original, hit[1][1] + gap.end(), cased)
        if nxt is not None and fold(nxt[0]) in currencies().territory_names:
            # "near Barcelona, Spain": a country after a city the gazetteer knows says
            # which city it is: the city input holds it, when the cue read it for another
            if known_name(hit[0]) and fold(hit[0]) not in currencies().territory_names \
                    and names_cities(left, _Aliases(aliases[left])) \
                    and not names_cities(name, _Aliases(aliases[name])):
                out[left] = out.pop(name)
                return
            continue
        if nxt is None or not (known_name(nxt[0]) if not cased or "," not in gap.group(0)
                               else True):
            continue
        if "," in gap.group(0) and _qualifier_end(original, hit[1][1]) >= nxt[1][1]:
            continue  # "Springfield, Illinois to Portland, Maine": the state is Portland's
        if offered_either(free, original, hit[1]):
            continue  # "in Lisbon, Porto or Faro": places offered as either, no city's name
        if any(overlaps(nxt[1], h[1]) for h in out.values()):
            continue
        if names_cities(name, _Aliases(aliases[name])) \
                and not names_cities(left, _Aliases(aliases[left])):
            out[left], out[name] = hit, nxt  # the city input holds the city, written later
        else:
            out[left] = nxt
        return


def _qualifier_end(original: str, end: int) -> int:
    """Where the country or state written after a name ending at ``end`` ends ("Springfield,
    Illinois", "Cambridge (Massachusetts)": :mod:`scout.task.placequalifier`), else ``end``."""
    from scout.task.placequalifier import qualifier_after

    said = qualifier_after(original, end)
    return said[2][1] if said is not None else end


class _Aliases:
    """An input's aliases, as :func:`scout.task.placewords.names_cities` reads a spec."""

    def __init__(self, aliases: list[str]) -> None:
        self.aliases = aliases


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _after_cue(free: str, original: str, cues: list[str], cased: bool,
               taken: list[Hit], theirs: list[str] | None = None) -> Hit | None:
    """The first name after one of ``cues`` that no other input took, where the cue is
    not the end of a longer cue of another input's (``theirs``): with "in" the pickup
    city's and "drop off in" the drop-off's, "drop off in Barcelona" names the drop-off."""
    if not cues:
        return None
    alt = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in sorted(cues, key=len, reverse=True))
    occasion: Hit | None = None  # "for a field campaign in the Atacama ...": if none other
    landmark: Hit | None = None  # "al aeropuerto de Barajas": if none other
    for m in itertools.islice(re.finditer(r"(?<![\w])(?:" + alt + r")\s+", free), _TRIES):
        if _ends_longer(free, m.start(), m.start() + len(m.group(0).rstrip()), theirs or []):
            continue
        if _landmarks_of(free, m.start(), cues):
            continue  # "traslado al aeropuerto de Madrid": the "de" names the other end's airport
        hit = name_at(free, original, m.end(), cased)
        if hit is None:
            hit = _whom_in(free, original, m.end(), cased)
        if hit is None:
            # "traslado al aeropuerto de Barajas": the airport's town, if no name follows
            # a cue of this input's right after it ("llegamos al aeropuerto de Barcelona
            # ... traslado a Sitges": Sitges)
            at = _landmark_at(free, original, m.end(), cased)
            if at is not None and landmark is None and not any(overlaps(at[1], t[1]) for t in taken):
                landmark = _ends(at, original)[0]
            continue
        if not cased:
            hit = _cue_inside(free, original, hit, cues)
        if hit is not None and not any(overlaps(hit[1], t[1]) for t in taken):
            if occasion is None and occasion_cue(free, m.start()):
                occasion = _ends(hit, original)[0]
                continue
            return _ends(hit, original)[0]
    return occasion or landmark


_LAST_WORD = re.compile(r"(?<![\w])(\S+)\s+$")


def _cue_inside(free: str, original: str, hit: Hit, cues: list[str]) -> Hit:
    """A name read case-blind after a cue, unknown whole, that holds the same cue again
    before a name the gazetteer knows ("billete de ida de madrid a barcelona", "ticket from
    return from york"): typed in lower case, nothing says the words before are a name's,
    so the place is the known name after the inner cue ("Palma de Mallorca", known whole,
    stays)."""
    from scout.task.establishments import known_tail
    from scout.task.placecase import known_name

    if known_name(hit[0]):
        return hit
    tail = known_tail(original, hit[1], False)
    if tail is None:
        return hit
    before = _LAST_WORD.search(free, max(0, tail[1][0] - 24), tail[1][0])
    return tail if before is not None and before.group(1) in cues else hit


# a landmark's noun, its article and the word before it: "al aeropuerto ", "to the station "
_LANDMARK_BEFORE = re.compile(r"(?:^|(?<=\s))(?P<cue>[^\W\d_]+)\s+(?:(?:el|la|los|las|the)\s+)?"
                              r"(?P<noun>[^\W\d_]+)\s+$")


def _landmarks_of(free: str, start: int, cues: list[str]) -> bool:
    """Whether the cue at ``start`` ("de" / "of") names a landmark's place ("aeropuerto de
    Madrid") that another cue than this input's own ``cues`` leads ("traslado al
    aeropuerto de Madrid" is the destination's airport, "del aeropuerto de Málaga" the
    origin's)."""
    if not _OF.match(free, start):
        return False  # "Faro airport to Albufeira": only an "of" ties the landmark to a place
    m = _LANDMARK_BEFORE.search(free, max(0, start - 40), start)
    if m is None or m.group("noun") not in pw.GENERIC:
        return False
    own = {fold(c) for c in cues}
    cue = {"del": "de", "al": "a"}.get(m.group("cue"), m.group("cue"))  # "de" + "el"
    return m.group("cue") not in own and cue not in own


# the word that ties a landmark's noun to its place ("aeropuerto de Madrid", "station of
# Atocha"): another cue after the noun ("Faro airport to Albufeira") is a route's own
_OF = re.compile(r"(?:de|del|of)\s")
# a landmark's noun after a cue, and "de" / "of": "al aeropuerto de Barajas", "to the
# station of Atocha", "hasta la estación de Sants"
_LANDMARK_AT = re.compile(r"(?:(?:el|la|los|las|the)\s+)?(?P<noun>[^\W\d_]+)\s+(?:de|del|of)\s+")


def _landmark_at(free: str, original: str, pos: int, cased: bool) -> Hit | None:
    """The name after a landmark's common noun that a cue opens ("Zamora, traslado al
    aeropuerto de Barajas": the airport's, so the cue's end; as :func:`_landmarks_of`
    keeps the "de" there from the other end's input)."""
    m = _LANDMARK_AT.match(free, pos)
    if m is None or m.group("noun") not in pw.GENERIC:
        return None
    return name_at(free, original, m.end(), cased)


# who or what a cue's phrase names before where it is: an article or a possessive, then up
# to three words typed in lower case, then "en" / "in" ("a un colaborador en Perú", "to a
# student in Kenya", "a mi hermana en Lima", "desde la oficina en Madrid")
_WHOM_IN = re.compile(r"(?:un|una|unos|unas|mi|mis|tu|tus|su|sus|nuestro|nuestra|nuestros|"
                      r"nuestras|el|la|los|las|a|an|my|our|his|her|their|the)"
                      r"(?:[ \t]+[a-zñ][\w'’-]*){1,3}?[ \t]+(?:en|in)[ \t]+")


def _whom_in(free: str, original: str, pos: int, cased: bool) -> Hit | None:
    """The place after "en" / "in" where the phrase a cue opens names a person or a thing
    first, with no name of its own ("enviar 800 € a un colaborador en Perú", "send £400 to
    a student in Kenya", "mudanza desde la oficina en Madrid"): where that person or thing
    is, so the cue's end. The words between are lower case and claimed by no other input
    (a date, an amount, another input's word ends the phrase)."""
    m = _WHOM_IN.match(free, pos)
    if m is None or "\x00" in m.group(0) or any(c.isupper() for c in original[pos:m.end()]):
        return None
    return name_at(free, original, m.end(), cased)


def _ends_longer(free: str, start: int, end: int, cues: list[str]) -> bool:
    """Whether one of ``cues``, longer than ``free[start:end]``, ends at ``end``."""
    for c in cues:
        m = re.compile(r"(?<![\w])" + re.escape(c).replace(r"\ ", r"\s+") + r"\Z").search(
            free, max(0, start - 4 * len(c)), end)
        if m is not None and m.start() < start:
            return True
    return False


def _ends(hit: Hit, original: str) -> list[Hit]:
    """``hit`` as the places it is: one, or two when it is two names the gazetteer knows
    joined ("Barcelona-París", "madrid valencia", "entre Madrid y Barcelona") and not one
    it knows whole ("Trinidad y Tobago"), or two codes joined by a hyphen ("MAD-LIM")."""
    from scout.task.gazetteer import known_place_words

    text, (start, _end) = hit
    codes = _CODES.fullmatch(original, start, _end)
    if codes is not None:  # "MAD-LIM", "LHR-JFK": two codes, as airports and stations write them
        return [(codes.group(1), codes.span(1)), (codes.group(2), codes.span(2))]
    words = [m for m in _WORD.finditer(text)]
    folded = [fold(w.group(0)).rstrip(".") for w in words]
    if len(words) < 2 or known_place_words(folded) == len(folded):
        return [hit]
    n = known_place_words(folded)
    k = n + 1 if n < len(folded) - 1 and folded[n] in ("y", "e", "and") else n
    if 0 < n < len(folded) and known_place_words(folded[k:]) == len(folded) - k:
        a, b = words[n - 1].end(), words[k].start()
        if re.fullmatch(r"\s*(?:(?:" + _MARKS + r"|y|e|and)\s*)?", fold(text[a:b])):
            return [(text[:a], (start, start + a)), (text[b:], (start + b, hit[1][1]))]
    return [hit]


# a joining word that names where a route starts after the name it follows ("X from Y")
_BACKWARD = re.compile(r"\s+(?:from|desde|(?:leaving|departing|sailing|saliendo)\s+(?:from|de|desde))\s+")


def _route(free: str, original: str, cased: bool, joiners: list[str],
           taken: list[Hit]) -> tuple[Hit, Hit] | None:
    """The first two names written as a route: joined by a mark or a joining word, or
    two known names side by side (one name read whole that the gazetteer splits)."""
    words = "|".join(re.escape(j).replace(r"\ ", r"\s+")
                      for j in sorted({"to", "a", "from", "desde", *joiners}, key=len, reverse=True))
    join = re.compile(r"\s*(?:" + _MARKS + r"|\s(?:" + words + r"))\s+|\s*" + _MARKS + r"\s*")
    from scout.task.gazetteer import known_place_words
    from scout.task.notplace import unknown_opener

    pos, tries = 0, _TRIES
    while (m := _WORD.search(original, pos)) is not None and tries:
        pos = m.end()
        if "\x00" in free[m.start():m.end()]:
            continue
        if (codes := _lower_codes(original, m.start(), cased)) is not None:
            return codes
        # a name starts with a capital, or is one the gazetteer knows ("madrid valencia")
        if not (cased and m.group(0)[0].isupper()) and not _CODES.match(original, m.start()) \
                and not known_place_words(
                [fold(w).rstrip(".") for w in _WORD.findall(original, m.start(), m.start() + 80)][:5]):
            continue
        tries -= 1
        hit = name_at(free, original, m.start(), cased)
        if hit is None:
            continue
        ends = _ends(hit, original)
        if len(ends) == 2:
            return ends[0], ends[1]
        # "Springfield, Illinois to Portland": the state written after a name is its own
        j = join.match(free, _qualifier_end(original, hit[1][1]))
        if j is None and re.search(r"(?<!\w)(?:between|entre)\s+$", free[:hit[1][0]]):
            j = _BETWEEN_AND.match(free, hit[1][1])  # "between London and Rome"
        if j is not None and starts_route(free, hit[1][1]) and unknown_opener(original, hit):
            # "Transfer from Faro", "Furgoneta desde Sevilla": the word the request opens
            # with, before where the route starts, is what is asked for (its capital the
            # sentence's), never the route's other end
            continue
        if j is not None:
            other = name_at(free, original, j.end(), cased)
            if other is not None:
                if _BACKWARD.fullmatch(free, j.start(), j.end()):
                    # "Paris from London", "Málaga desde Sevilla": the name after "from"
                    # is where the route starts, though written second
                    return _ends(other, original)[0], hit
                return hit, _ends(other, original)[0]
        if any(overlaps(hit[1], t[1]) for t in taken):
            pos = max(pos, hit[1][1])
    return None
