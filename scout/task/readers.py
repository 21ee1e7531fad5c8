"""The query parser's per-type readers: each finds one input's value in the query and the
span of text it used.

:class:`QueryText` is the query as the readers see it: the text as written, its folded
copy (lower case, no accents, the same length) and the folded copy with the spans earlier
readers *claimed* blanked out, so "September 2026" is not also read as a place. Here are
what the readers share (an input's names as people write them, :func:`name_forms`; numbers
written in words seen as digits, :func:`digits_view`) and the readers of e-mail addresses
and an author's ``pattern``; the other types have their own modules (counts and numbers
(:mod:`scout.task.numberinput`), dates (:mod:`scout.task.datereader`), money, rating,
place, enum words (:mod:`scout.task.enums`), booleans (:mod:`scout.task.booleans`), ...).
:mod:`scout.task.parser` runs them in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from scout.lazyre import lazy_re
from scout.spec import saferegex
from scout.spec.models import InputSpec
from scout.task.lang import fold
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

    def unclaim(self, span: tuple[int, int]) -> None:
        """Give ``span`` back to the readers inside a wider claim (a party's list holds its
        members' ages, "un niño de 8 y otro de 11", which are the age inputs' to read)."""
        a, b = span
        self.free = self.free[:a] + self.folded[a:b] + self.free[b:]

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

    def aside(self, spans: list[tuple[int, int]], read: Callable[[], T]) -> T:
        """What ``read`` finds with ``spans`` claimed too (a schedule an input names by its
        own words, "de lunes a viernes", that the date reader must not take); free again
        after, as they were."""
        kept = [(a, b, self.free[a:b]) for a, b in spans]
        for span in spans:
            self.claim(span)
        try:
            return read()
        finally:
            for a, b, was in kept:
                self.free = self.free[:a] + was + self.free[b:]


def query_territories(text: QueryText, lang: str) -> list[str]:
    """Countries the request names or is about, for currency words such as "pesos"."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import money_territory
    from scout.task.namesakes import namesake_territories
    from scout.task.place import find_place
    from scout.task.placequalifier import written_country

    out: list[str] = []
    hit = find_place(text.free, text.original, lang, [])
    namesakes: tuple[str, ...] = ()
    folded = text.folded
    if hit and (written := written_country(text.original, hit)) is not None:
        # "Guadalajara (México)": the country written, not the others a city of the name is
        # in, nor the one the gazetteer gives the bare name (blanked for the scan below)
        out.append(written)
        namesakes = (written,)  # and no other name's namesakes: the country is said
        a, b = hit[1]
        folded = folded[:a] + " " * (b - a) + folded[b:]
    elif hit:
        terr = money_territory(fold(hit[0])) or _misspelt_territory(fold(hit[0]))
        if terr:
            out.append(terr)
            # "Santiago de Chile": the words of a name the gazetteer places are no other
            # city's namesake (Santiago in Spain)
            a, b = hit[1]
            folded = folded[:a] + " " * (b - a) + folded[b:]
        namesakes = namesake_territories(fold(hit[0]))
    from scout.task.gazetteer import place_territory

    names = currencies().territory_names
    # a country's name, or a city's the gazetteer knows: "en Palermo, Buenos Aires" (the
    # place reader takes Palermo; its region says whose pesos)
    said: list[str] = []  # a name several countries' cities hold, wherever it stands
    for m in re.finditer(r"[a-z]+(?:\s+[a-z]+){0,3}", folded):
        words = m.group(0).split()
        for i in range(len(words)):
            for j in range(len(words), i, -1):
                phrase = " ".join(words[i:j])
                code = names.get(phrase) or place_territory(phrase)
                if code and code not in out:
                    out.append(code)
                if not code and not namesakes and j - i <= 3:
                    said += [c for c in namesake_territories(phrase) if c not in said]
    from scout.task.demonyms import demonym_territories

    # "South African Pinotage under R250": the country an adjective names
    out += [c for c in demonym_territories(folded) if c not in out]
    # last, every country a city of the place's name lies in: "Cartagena, 300 mil pesos"
    # pays in the one of them whose currency is named (Colombia's, not Spain's)
    # (another input may hold the place already: "envío a Santiago, hasta 2 palos" for a
    # delivery place: Chile's pesos, as the place reader's own hit would say)
    return out + [c for c in [*namesakes, *said] if c not in out]


def _misspelt_territory(folded: str) -> str | None:
    """The country of the known place ``folded`` is a slip of the fingers for ("lodnon"
    pays in pounds, as London does)."""
    from scout.task.gazetteer import money_territory
    from scout.task.placetypos import misspelt_place

    known = misspelt_place(folded)
    return money_territory(known) if known else None


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
_STRESSED_S = lazy_re(r"[áéíóú]s$", re.I)


# a singular whose plural adds -es, in either language: Spanish after a vowel and one of
# l, n, r, d, j, y ("mes", "ciudad", "hotel", "rey"), English after s, x, z, ch, sh, o
# ("class", "box", "watch", "potato"); any other "-es" is a plural of a word ending in e
# ("findes", "tardes", "lotes", "dates"), whose "-es" dropped makes another word ("find",
# "lot", "dat": the English verb "Find ..." read as Spain's "finde")
_TAKES_ES = re.compile(r"(?:[aeiou][lnrdjy]|[sxzo]|ch|sh)$")


def name_forms(names: list[str]) -> str:
    """A regex for an input's names as people write them: each one as declared, in the
    plural (+s, +es) and in the singular (a final -s or -es dropped, leaving at least
    three letters; not after a stressed vowel: "francés" is no plural of "france"; an
    "-es" only where the singular takes one: "findes" is no plural of "find"), an
    irregular English plural's other number ("person" for "people"), a Spanish noun's
    diminutive, Latin America's "en la noche" for "por la noche", an English verb's
    past participle ("translated"), longest first. In a
    name of several words the first word is inflected too ("1 year of experience", "un
    año de experiencia" for "years of experience") and may be abbreviated ("3 yrs
    experience")."""
    forms: set[str] = set()
    for raw in names:
        w = fold(raw).strip()
        if not w:
            continue
        forms |= {w, w + "s", w + "es"} | set(_IRREGULAR.get(w, ()))
        forms |= {_UNIT_SHORT[w]} if w in _UNIT_SHORT else set()
        forms |= _diminutives(w)
        forms |= _regional(w)
        forms |= {w + "d"} if _VERB_E.search(w) else set()
        for end in ("es", "s"):
            if w.endswith(end) and len(w) - len(end) >= 3 and not _STRESSED_S.search(raw.strip()) \
                    and (end == "s" or _TAKES_ES.search(w[:-2])):
                forms.add(w[:-len(end)])
        head, _, rest = w.partition(" ")
        if rest:
            heads = {head, *(head[:-len(e)] for e in ("es", "s")
                             if head.endswith(e) and len(head) - len(e) >= 3)}
            heads |= {_ABBREVIATED[h] for h in heads if h in _ABBREVIATED}
            forms |= {f"{h} {rest}" for h in heads}
    return "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"


# an English verb's name ("translate", "transcribe", "subtitle", "summarise") is typed as
# its past participle too ("12,000 words translated into Portuguese"); one word only
_VERB_E = re.compile(r"^[a-z]{4,}(?:at|ib|tl|is|iz)e$")
# Spain's "por la mañana" / "por las tardes" is Latin America's "en la mañana" / "en las
# tardes" (Mexico, Colombia, Chile...): a name declared one way is typed the other
_POR_LA = re.compile(r"por (?P<art>las?) (?P<rest>.+)")


def _regional(w: str) -> set[str]:
    """``w``'s other regional form, for a name that opens with "por la(s)"."""
    m = _POR_LA.fullmatch(w)
    return {f"en {m.group('art')} {m.group('rest')}"} if m else set()


# a Spanish noun of one word ending in -o / -a: its diminutive is a chat's word for it
# ("pisito", "casita", "perrito"); not after c, g or z, whose diminutive changes the
# spelling ("barquito"), nor after i ("radio")
_DIMINUTIVE = re.compile(r"(?P<stem>[a-z]{2,}[^\Wcgzi\d_])(?P<end>[oa])(?P<s>s?)")


def _diminutives(w: str) -> set[str]:
    """``w``'s Spanish diminutives, singular and plural ("piso" → "pisito", "pisitos")."""
    m = _DIMINUTIVE.fullmatch(w)
    if m is None:
        return set()
    return {f"{m.group('stem')}it{m.group('end')}{s}" for s in ("", "s")}


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
_EMAIL = lazy_re(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)")
_EMAIL_NAME = lazy_re(r"(?:^|[\W_])(?:e-?mail|mail|correo)(?:$|[\W_])")


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


def find_pattern(text: QueryText, spec: InputSpec, labels: Sequence[str] = (),
                 lengths: Sequence[str] = (), where: str = "") -> tuple[str, tuple[int, int]] | None:
    """The value an author's ``pattern`` finds (group ``value``, else 1, else the match)
    and the span of the whole match: the words around the value that the pattern needed
    ("to pair with", "para una cena de") are the input's too, so no other reader takes
    them as a place or a subject. ``labels``: the other inputs' aliases; a number right
    after one of them is that input's ("familia de 4" is the people's, not the "de 4" of
    a pattern for ages), so the pattern's next match is read; ``lengths``: the aliases of
    the kind's lengths of time, whose label before the whole match makes it that length
    ("contrato de 2 años" is the contract's, no age of a pattern "de N años"). ``where``:
    the input's place (``inputs.budget.``), for the error when the pattern runs past its
    time."""
    if not spec.pattern:
        return None
    # an author's pattern sees the text as written (claimed spans blanked)
    view = "".join(o if f != CLAIMED else " " for o, f in zip(text.original, text.free))
    labelled = _labelled_by(labels)
    measured = _labelled_by(lengths)
    views = [view]
    if "(?-i:" in spec.pattern and _typed_lower(text.original):
        views.append(_named_view(view, labels))  # "no ryanair" as "no Ryanair"
    return next((hit for v in views
                 if (hit := _pattern_hit(spec, v, labelled, measured, where)) is not None),
                None)


def find_pattern_all(text: QueryText, spec: InputSpec, labels: Sequence[str] = (),
                     lengths: Sequence[str] = (),
                     where: str = "") -> list[tuple[str, tuple[int, int]]]:
    """Every value an author's ``pattern`` finds, in the request's order, for a ``list``
    input: "2 adultos de 40 y 42 años y 2 niños de 8 y 11 años" says the ages in two
    places, and the list is all four (each match's words blanked before the next is
    sought, so one is never read twice)."""
    hits: list[tuple[str, tuple[int, int]]] = []
    free = text.free
    try:
        while len(hits) < _MAX_PATTERN_HITS:
            hit = find_pattern(text, spec, labels, lengths, where)
            if hit is None:
                break
            hits.append(hit)
            a, b = hit[1]
            if b <= a:
                break
            text.free = text.free[:a] + CLAIMED * (b - a) + text.free[b:]
    finally:
        text.free = free
    return sorted(hits, key=lambda h: h[1])


# a list said in more places than this is text the author's pattern overreaches on
_MAX_PATTERN_HITS = 8


def _pattern_hit(spec: InputSpec, view: str, labelled: re.Pattern[str] | None,
                 measured: re.Pattern[str] | None = None, where: str = "",
                 ) -> tuple[str, tuple[int, int]] | None:
    """:func:`find_pattern`'s value and span in ``view``, or None."""
    assert spec.pattern is not None
    for m in saferegex.finditer(spec.pattern, view, re.I, where=f"{where}pattern"):
        group = "value" if "value" in m.re.groupindex else (1 if m.re.groups else 0)
        value = m.group(group)
        if value is None or not value.strip():
            return None
        if _priced(spec, view, m.end(group)):
            continue  # "menos de 40 €/mes" for a pattern "de (\d+)": the budget's amount
        if labelled is not None and value.strip()[:1].isdigit() \
                and labelled.search(fold(view[:m.start(group)])):
            continue
        if measured is not None and measured.search(fold(view[:m.start()])):
            continue  # "contrato de 2 años": a length's label, then the pattern's cue
        return value.strip(), m.span()
    return None


# a sentence's first letter: a phone or the writer capitalises it, no name
_SENTENCE_START = re.compile(r"(?:^|[.!?¿¡]\s*)\s*\W*\w")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _typed_lower(original: str) -> bool:
    """The request is typed in lower case: no capital but a sentence's first letter."""
    return not any(c.isupper() for c in _SENTENCE_START.sub(" ", original))


def _named_view(view: str, labels: Sequence[str]) -> str:
    """``view`` with each word capitalised that could be a name the writer typed in lower
    case: no grammar or request word of either language, no other input's word ("sin
    escalas" is the stops', never an airline), and one the clause, a list's joint or a
    courtesy ends (:data:`_NAME_END`). An author's pattern that asks for a
    capital (``(?-i:[A-Z])``: a name) then finds "no ryanair" as "no Ryanair"; where the
    request is typed with capitals it reads them as typed."""
    from scout.task.subjectwords import STOP

    known = {w for a in labels for w in fold(a).split()}

    def cap(m: re.Match[str]) -> str:
        w = m.group(0)
        if fold(w) in STOP or fold(w) in known or not _NAME_END.match(view, m.end()):
            return w
        return w[0].upper() + w[1:]
    return _WORD.sub(cap, view)


# what ends a name typed in lower case: the clause, a list's joint or a courtesy ("no
# ryanair pls", "sin vueling ni iberia"); a word before another is a phrase's ("not too
# early", "no overnight flights", "no low cost"), no name
_NAME_END = re.compile(r"\s*(?:$|[,.;:!?)]|(?:y|o|ni|and|or|nor|pls|plz|please|porfa|"
                       r"por\s+favor|xfa|thanks|gracias)(?!\w))")


def _labelled_by(labels: Sequence[str]) -> re.Pattern[str] | None:
    """A regex for text that ends with one of ``labels`` (folded, longest first)."""
    # a cue of two letters ("de", "en", "a") labels nothing by itself
    words = sorted({w for a in labels if len(w := fold(a).strip()) >= 3}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")\s*$")


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
