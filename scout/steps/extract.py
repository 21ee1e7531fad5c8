"""``extract:`` rules: turn search results (Sources) into typed records.

All of it is driven by the YAML rules (``ExtractRules``), never by the research kind:
names are cleaned with the author's strip patterns, list/aggregator pages are dropped
with the exclude patterns, ratings (x/10, x/5, "x out of 5", "x stars") and prices with
currency are read from titles and snippets, and candidates are merged by normalised name
and by domain (except on shared sites such as booking.com that list many candidates, and
between pages of one site whose names share less than most of their words, unless one
is its home page).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urlsplit

from scout.schemas.records import Candidate, Evidence
from scout.schemas.sources import Source
from scout.schemas.task import Money
from scout.stepkit.params import ExtractRules
from scout.steps.freeprice import says_free
from scout.steps.placenames import Places, strip_place
from scout.steps.pricewords import former_price, labelled_price, per_area, stated_period
from scout.steps.promoprice import regular_index
from scout.steps.samething import numbered_otherwise, one_thing, two_things
from scout.task.amounts import listed_amounts
from scout.text import strip_accents

_GENERIC = {"the", "hotel", "hotels", "restaurant", "restaurants", "and", "by", "de", "la",
            "el", "le", "les", "del", "los", "las", "y", "&", "a", "an", "of", "in", "at", "spa",
            "resort", "boutique", "suites", "official", "site", "website", "bar", "cafe"}

# Function words of both request languages (articles, prepositions, conjunctions): they
# never say which thing a name is about, so two listings titled "Piso en Usera" and
# "Piso en alquiler en Lavapiés" share one word ("piso"), not two. Kept out of _GENERIC
# because that one also shapes candidate keys (name_key), which runs compare.
_FUNCTION = frozenset("""
a al an and at by con de del desde el en entre for from in into la las le les los near
o of on or para por sin sobre the to un una unos unas with without y
""".split())

# Words a listing's title names its street or its offer with, in both request languages
# (and the Catalan and Portuguese street names Spanish portals print): a portal titles
# every home "Piso en venta en calle de Galileo", "Flat for sale in Abbey Road", so two of
# them share "calle" / "road" and "venta" / "sale" and say nothing of which home a title
# names. Kept out of _GENERIC for the reason _FUNCTION is.
_LISTING = frozenset("""
calle avenida avda plaza paseo carrer rua travesia callejon camino glorieta
street road avenue lane square boulevard
venta alquiler sale rent
""".split())

_RATING_PATTERNS: list[tuple[re.Pattern[str], float | None]] = [
    (re.compile(r"(?<![\d.])(\d{1,2}(?:[.,]\d{1,2})?)\s*/\s*(10|5|100)\b"), None),
    (re.compile(r"(?<![\d.])(\d(?:[.,]\d{1,2})?)\s*out of\s*(10|5)\b", re.I), None),
    (re.compile(r"(?<![\d.])(\d(?:[.,]\d)?)\s*(?:-|\s)?stars?\b(?!\s*hotel)", re.I), 5.0),
    # "93 puntos Parker", "91 points (Wine Spectator)": critics score out of 100, from 50
    (re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*\+?\s*(?:points?|puntos?|pts)\b(?!\s*(?:of|de)\b)",
                re.I), -1.0),
    (re.compile(r"\b(?:rated|rating|score[d]?|guest rating|puntuaci[oó]n|puntuad[oa]|nota|"
                r"valoraci[oó]n|valorad[oa])\s*:?\s*(?:con\s+(?:una?\s+)?)?(\d{1,3}(?:[.,]\d{1,2})?)\b",
                re.I), 0.0),
]
_COUNT = re.compile(r"\b(\d{1,3}(?:[,.\s]\d{3})*|\d+)\s+(?:reviews|ratings|opinions|reseñas)\b",
                    re.I)
_PER_UNIT = re.compile(r"\b(?:per|a|/)\s*(night|person|day)\b", re.I)


def name_key(name: str) -> str:
    """Normalised name used to merge candidates and join evidence: 'Hotel Arts' → 'arts'."""
    words = re.findall(r"[a-z0-9]+", strip_accents(name).lower())
    core = [w for w in words if w not in _GENERIC]
    return "-".join(core or words)


def domain_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") else host


def is_shared(domain: str, rules: ExtractRules) -> bool:
    return any(domain == d or domain.endswith("." + d) or domain.startswith(d.split(".")[0] + ".")
               for d in rules.shared_domains)


def clean_name(title: str, rules: ExtractRules, places: Places | None = None) -> str:
    """A result's title as a name: the author's strip patterns, then (``strip_place``)
    the request's place at the end; the place last, since sites append their own name
    after it ("Casa Lucio, Madrid - TheFork")."""
    name = title.strip()
    for pat in rules.strip_patterns:
        name = re.sub(pat, "", name).strip()
    name = re.sub(r"\s{2,}", " ", name).strip(" -|–:·")
    if places and rules.strip_place:
        name = strip_place(name, places).strip(" -|–:·")
    return name


def excluded(source: Source, rules: ExtractRules) -> bool:
    hay = f"{source.title}\n{source.url}"
    return any(re.search(p, hay) for p in rules.exclude_patterns)


def find_rating(text: str) -> tuple[float, int | None] | None:
    """A rating on a 0-10 scale (and a review count when stated), or None."""
    found = stated_rating(text)
    return found[:2] if found else None


def stated_rating(text: str) -> tuple[float, int | None, float] | None:
    """:func:`find_rating`, with the scale the text stated it on ("4.2/5": 5), which the
    report shows beside the converted value where sources disagree."""
    for pattern, fixed_scale in _RATING_PATTERNS:
        for m in pattern.finditer(text):
            try:
                num = float(m.group(1).replace(",", "."))
            except ValueError:
                continue
            if fixed_scale is None:
                scale = float(m.group(2))
            elif fixed_scale == 0.0:  # "rated 8.7" / "rating 4.5" / "score 92": guess the scale
                scale = 5.0 if num <= 5 else 10.0 if num <= 10 else 100.0
            elif fixed_scale < 0:  # points: out of 10, or out of 100 as critics give them
                scale = 10.0 if num <= 10 else 100.0
                if scale == 100.0 and num < 50:
                    continue  # "20 points off", "earn 30 points": no critic scores under 50
            else:
                scale = fixed_scale
            if 0 < num <= scale:
                count = None
                c = _COUNT.search(text)
                if c:
                    count = int(re.sub(r"[,.\s]", "", c.group(1)))
                return round(num * 10.0 / scale, 2), count, scale
    return None


def find_price(text: str, currency: str | None = None) -> Money | None:
    """The price in ``text``: one stated per night/person first, else the first amount
    (of a promotion that rises, "9 €/mes durante 6 meses, luego 14 €/mes", the later one:
    :mod:`scout.steps.promoprice`);
    with no amount, 0 in ``currency`` (the context's: the request's budget) when the
    text says getting in is free (:func:`scout.steps.freeprice.says_free`)."""
    stated = listed_amounts(text)
    if not stated:
        # an amount wins over "free": "Rooms 120 €, free entry to the beach club" is
        # 120, and a wrong 0 would pass every budget
        if currency and says_free(text):
            return Money(amount=0, currency=currency, comparator="=")
        return None
    # a rate per m² is no price: a listing that states only that states none
    found = [(m, span) for m, span in stated if not per_area(text, span[1])]
    if not found:
        return None
    # a price struck through is not the one asked now, when the one asked now follows
    # ("Was $120.00 Now $60.00", "Antes 120 € - Ahora 99 €")
    found = [(m, span) for i, (m, span) in enumerate(found)
             if i == len(found) - 1 or not former_price(text, span)]
    spans = [span for _, span in found]
    for i, (_, span) in enumerate(found):
        unit = _PER_UNIT.search(text[span[1]: span[1] + 20])
        if unit:
            # a promotion's price is not the one paid after it: read the later one
            later, _ = found[regular_index(text, spans, i)]
            per = later.per or unit.group(1).lower()
            return later.model_copy(update={"per": per, "comparator": "="})
    # the amount labelled as the price, else the first ("Comunidad: 60 €/mes. Precio:
    # 210.000 €" is 210.000); a stay's price per night or person stays first
    stay = any(m.per in ("night", "person", "day") for m, _ in found)
    first = 0 if stay else next(
        (i for i, (_, span) in enumerate(found) if labelled_price(text, span[0])), 0)
    price, span = found[regular_index(text, spans, first)]
    # "Turno de 15 días: 690 €", "€900 for the 2-week session": a session's price
    period = None if price.per else stated_period(text, span)
    return price.model_copy(update={"comparator": "=", **({"per": period} if period else {})})


def listing_currency(task: Any, config: Any = None) -> str | None:
    """The currency a listing's "free" is 0 in: the request's first amount's (what its
    prices are compared in), else the base of the config's currency table."""
    first = getattr(task, "first_of_type", None)  # a Task (none before F0 has run)
    budget = first("money") if first is not None else None
    if isinstance(budget, Money):
        return budget.currency
    table = getattr(config, "currency", None)
    return getattr(table, "base", None)


def evidence_id(url: str, text: str) -> str:
    return hashlib.sha256(f"{url}\n{text}".encode()).hexdigest()[:16]


def name_words(name: str) -> list[str]:
    """A name's distinguishing words: folded, generic words and short ones dropped."""
    return [w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in _GENERIC and w not in _FUNCTION and len(w) >= 3]


def sibling_names(ctx: Any) -> list[str]:
    """The names of every candidate a fan-out step's phase runs over (the item's
    siblings; ``ctx`` is its StepContext)."""
    return [c.name for c in _siblings(ctx)]


def sibling_texts(ctx: Any) -> list[str]:
    """What each sibling's own listing says (its evidence's titles and texts), in the
    order of :func:`sibling_names`."""
    return [" ".join(f"{e.title or ''} {e.text or ''}" for e in c.evidence)
            for c in _siblings(ctx)]


def _siblings(ctx: Any) -> list[Candidate]:
    source = ctx.inputs.get(ctx.phase.for_each or "") if ctx.phase.for_each else None
    out: list[Candidate] = []
    for it in getattr(source, "items", None) or []:
        c = getattr(it, "candidate", it)  # a shortlist's items hold their candidate
        if isinstance(c, Candidate):
            out.append(c)
    return out


def _tokens(text: str) -> set[str]:
    """The words of ``text`` as :func:`name_words` splits a name: folded, whole words."""
    return set(re.findall(r"[a-z0-9]+", strip_accents(text).lower()))


def _said(word: str, tokens: set[str]) -> bool:
    """Whether ``word`` is one of ``tokens``, as a whole word or its plural ("apartment"
    in "apartments"): a substring is no mention ("ave", a train, is not in "travel";
    "arts" is not in "martes")."""
    return word in tokens or f"{word}s" in tokens or f"{word}es" in tokens


def shared_words(names: list[str], texts: list[str] | None = None) -> frozenset[str]:
    """Words of ``names`` that two or more candidates hold (a dealer's make, the city in
    hotel names), in their names or, given ``texts`` (each candidate's own listing text,
    in the order of ``names``), in what their listings say: "2-bedroom apartment in
    Alfama" is not told apart by "bedroom" when other flats' listings say "1 bedroom"."""
    own = [set(name_words(name)) for name in names]
    vocab = set().union(*own) if own else set()
    hay = [_tokens(t) for t in (texts or [])]
    seen: dict[str, int] = {}
    for i, words in enumerate(own):
        text = hay[i] if i < len(hay) else set()
        for w in vocab:
            if w in words or _said(w, text):  # as names_candidate reads a result
                seen[w] = seen.get(w, 0) + 1
    return frozenset(w for w, n in seen.items() if n >= 2)


def evidence_shared(names: list[str], texts: list[str], request: str = "") -> frozenset[str]:
    """The words that do not tell a fan-out's candidates apart: those its candidates
    (``names``, their listings' ``texts``) share (:func:`shared_words`), and the words of
    the ``request`` they were all found for: every listing of one route says its two
    cities and its month ("Madrid Lisboa marzo"), so a result naming them is about none
    of the trips in particular."""
    return shared_words(names, texts) | frozenset(name_words(request))


def others_words(names: list[str], subject: Candidate | None,
                 shared: frozenset[str]) -> frozenset[str]:
    """The words that name the fan-out's other candidates (``names`` but ``subject``) and
    no one else: not ``shared``, not the subject's own."""
    if subject is None:
        return frozenset()
    mine = {w for form in (subject.name, *subject.aliases) for w in name_words(form)}
    return frozenset(w for n in names if n != subject.name for w in name_words(n)
                     if w not in shared and w not in mine)


def names_candidate(candidate_name: str, text: str, shared: frozenset[str] = frozenset(),
                    aliases: list[str] | tuple[str, ...] = (),
                    others: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` names the candidate (by its name or one of its ``aliases``, the
    other titles it was listed under) by its own words, as whole words (True for a name
    with no word to go by). A word the fan-out's other candidates share ("toyota",
    "hybrid", the two cities of one route) does not say which of them a text is about;
    the candidate's own words do. A name with no word of its own is named only whole,
    every one of its words, by a text that names none of the ``others`` (the other
    candidates' own words): "FlixBus Madrid Lisboa, 12 marzo" is the bus's, not the
    listing titled "Madrid Lisboa marzo". A text that numbers the name's model otherwise
    ("Gen 12" for "Gen 11": :func:`scout.steps.samething.numbered_otherwise`) is about
    another one."""
    tokens: set[str] | None = None
    worded = False
    said = re.findall(r"[a-z0-9]+", strip_accents(text).lower())
    for form in (candidate_name, *aliases):
        if numbered_otherwise(_ordered_words(form), said):
            worded = True
            continue
        words = name_words(form)
        if not words:
            continue
        worded = True
        if tokens is None:
            tokens = _tokens(text)
        own = [w for w in words if w not in shared]
        if own and any(_said(w, tokens) for w in own):
            return True
        if not own and all(_said(w, tokens) for w in words) \
                and not any(_said(w, tokens) for w in others):
            return True
    return not worded


def _mentions(subject: Candidate, source: Source, rules: ExtractRules,
              shared: frozenset[str] = frozenset(),
              others: frozenset[str] = frozenset()) -> bool:
    """Whether a fan-out result is about ``subject``: its title or snippet names it
    (:func:`names_candidate`), or its URL does strongly (:func:`_url_names`). A word of
    the name somewhere in a URL is no mention: "barcelona" or "arts" in an unrelated
    page's path cited it for "Hotel Arts Barcelona"."""
    return (names_candidate(subject.name, f"{source.title} {source.snippet}", shared,
                            subject.aliases, others)
            or _url_names(subject, source.url, rules))


def _url_names(subject: Candidate, url: str, rules: ExtractRules) -> bool:
    """Whether ``url`` is on ``subject``'s own site (a home page it was found at, on a
    domain no other candidate's listing shares) or carries its whole name as a slug:
    every word of the name, in order, one after the other ("…/Hotel_Arts_Barcelona-…",
    "…/casa-bonay"), or joined as a host name ("casabonay.com")."""
    domain = domain_of(url)
    own = {domain_of(u) for u in (subject.url, *subject.sources) if u and _is_home(u)}
    if domain and domain in own and not is_shared(domain, rules):
        return True
    words = re.findall(r"[a-z0-9]+", strip_accents(subject.name).lower())
    if not words:
        return False
    parts = urlsplit(url)
    tokens = re.findall(r"[a-z0-9]+", strip_accents(unquote(f"{parts.path} {parts.query}")).lower())
    n = len(words)
    if any(tokens[i:i + n] == words for i in range(len(tokens) - n + 1)):
        return True
    joined = {"".join(words), "".join(name_words(subject.name))} - {""}
    return bool(joined & set(domain.split(".")))


def _ordered_words(name: str) -> list[str]:
    """``name``'s words in order, without the generic, function and listing words."""
    return [w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in _GENERIC and w not in _FUNCTION and w not in _LISTING]


def _one_thing_across_sites(cands: Iterable[Candidate], name: str, asked: frozenset[str],
                            kind_values: list[list[tuple[str, ...]]]) -> Candidate | None:
    """The one candidate another site's result ``name`` is (:mod:`scout.steps.samething`:
    its maker added or left out), stating no other quantity or enum value; None when
    none, or more than one, is."""
    words = _ordered_words(name)
    found = [c for c in cands if any(
        one_thing(_ordered_words(known), words, asked) and not _specs_differ(known, name)
        and not _values_differ(known, name, kind_values) for known in (c.name, *c.aliases))]
    return found[0] if len(found) == 1 else None


def _core_words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in _GENERIC and w not in _FUNCTION and w not in _LISTING and len(w) >= 2}


# a quantity a name states with its unit: "20 GB", "30 days", "15,6 pulgadas", "1.8 Hybrid"
_SPEC = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*([^\W\d_]{1,12})\b")


def _specs(name: str) -> dict[str, str]:
    """The quantities ``name`` states, by unit (folded): {"gb": "20", "days": "30"}."""
    out: dict[str, str] = {}
    for num, unit in _SPEC.findall(strip_accents(name).lower()):
        if unit not in _FUNCTION:
            out.setdefault(unit, num.replace(",", "."))
    return out


def _specs_differ(a: str, b: str) -> bool:
    """Whether two names state one unit with different numbers: a comparison site's
    "Airalo Japan 20 GB 30 days" and "Ubigi Japan 10 GB 30 days" (or a shop's "iPhone 15
    128 GB" and "iPhone 15 256 GB") share most words but are different offers."""
    sa, sb = _specs(a), _specs(b)
    return any(unit in sb and sb[unit] != num for unit, num in sa.items())


def _values_named(name: str, values: list[tuple[str, ...]]) -> set[int]:
    """Which of one input's enum values (each its words) ``name`` names, whole words."""
    folded = " " + " ".join(re.findall(r"[a-z0-9]+", strip_accents(name).lower())) + " "
    return {i for i, words in enumerate(values)
            if any(f" {' '.join(re.findall(r'[a-z0-9]+', strip_accents(w).lower()))} " in folded
                   for w in words if w.strip())}


def _values_differ(a: str, b: str, kind_values: list[list[tuple[str, ...]]]) -> bool:
    """Whether two names name different values of one of the kind's enum inputs and no
    value in common: a directory's "British School of Valencia" and "American School of
    Valencia" (a curriculum), a dealer's "Toyota Corolla Hybrid" and "Toyota Corolla
    Diesel" (a fuel) share most words but are two things."""
    for values in kind_values:
        na, nb = _values_named(a, values), _values_named(b, values)
        if na and nb and not na & nb:
            return True
    return False


def _is_home(url: str) -> bool:
    return urlsplit(url).path.strip("/") == ""


def _same_subject(target: Candidate, name: str, url: str,
                  asked: frozenset[str] = frozenset(),
                  kind_values: list[list[tuple[str, ...]]] | None = None) -> bool:
    """Whether a result on ``target``'s domain is about ``target``.

    A site's own pages (its home page and the rest) are one candidate; but a site that
    lists many things on pages of their own (a shop, a review site not named in
    ``shared_domains``) is not, unless the names share most of their words: more than
    half of the shorter name's ("XPS 13 deals" is "Dell XPS 13"). One shared word is not
    enough, since a dealer's listings all share the make ("Toyota Corolla Hybrid",
    "Toyota Yaris Hybrid") and a shop's laptops the brand.

    ``asked``: the search query's words. Every result of a search shares them (a
    repository's papers on "retrieval-augmented generation" all have those words in
    their titles), so they say nothing about which thing a title names: two names that
    share most of their words must also share one the query did not put there, unless
    one of them is nothing but the query's words ("Dell XPS 13" for "dell xps 13").

    ``kind_values``: the kind's enum inputs' values (:func:`scout.spec.evidence.enum_values`):
    names that name two values of one input are two things (:func:`_values_differ`).
    A more specific name is another thing (:func:`scout.steps.samething.two_things`):
    "Iberia evening MAD–JFK" is not "Iberia MAD–JFK", nor "iPhone 15 Pro" "iPhone 15".
    """
    if _is_home(url) or any(_is_home(u) for u in target.sources):
        return True
    theirs = _core_words(name)
    for known in (target.name, *target.aliases):
        if _specs_differ(known, name) or _values_differ(known, name, kind_values or []) \
                or two_things(_ordered_words(known), _ordered_words(name)):
            continue
        ours = _core_words(known)
        shorter = min(len(ours), len(theirs))
        if not shorter or len(ours & theirs) * 2 <= shorter:
            continue
        own_ours, own_theirs = ours - asked, theirs - asked
        if not own_ours or not own_theirs:
            return True
        # half of the words the query did not put there: a shop's "Eyrie Vineyards Pinot
        # Noir" and "Willamette Valley Vineyards Pinot Noir" for "pinot noir" share one;
        # a unit both count alike is no such word: a portal's "2 bed flat in Abbey Road"
        # and "2 bed flat in Baker Street" share "bed" as two homes of one size do
        counted = set(_specs(known)) & set(_specs(name))
        if len((own_ours & own_theirs) - counted) * 2 >= min(len(own_ours), len(own_theirs)):
            return True
    return False


def to_candidates(
    sources: list[Source], rules: ExtractRules, *, adapter: str, phase: str,
    places: Places | None = None, currency: str | None = None, query: str = "",
    kind_words: Iterable[str] = (),
    kind_values: list[list[tuple[str, ...]]] | None = None,
) -> tuple[list[Candidate], list[str]]:
    """Candidates merged by name key and (non-shared) domain, and across sites when one
    names the other with its maker added (:mod:`scout.steps.samething`); returns
    (candidates, dropped).
    ``places``: the request's (:func:`scout.steps.placenames.request_places`), stripped
    from the end of names when the rules' ``strip_place`` is on; ``currency``: what a
    free listing's 0 is in (:func:`listing_currency`); ``query``: the search's, whose
    words do not make two pages of one site one candidate (:func:`_same_subject`);
    ``kind_words``: the kind's own words for what it lists (its inputs' ``enum`` values and
    ``synonyms``: ``dentist``, ``clínica dental``, ``piso``), which count as the query's:
    a directory's "Clínica Dental Ruzafa" and "Clínica Dental Benimaclet" share only them;
    ``kind_values``: the same words by input and value, so names that name two values of
    one input ("British School of Valencia", "American School of Valencia") stay two."""
    asked = frozenset(_core_words(" ".join([query, *kind_words])))
    by_key: dict[str, Candidate] = {}
    by_domain: dict[str, list[str]] = {}  # domain -> keys of the candidates first seen there
    dropped: list[str] = []
    for src in sources:
        if excluded(src, rules):
            dropped.append(src.title)
            continue
        name = clean_name(src.title, rules, places)
        key = name_key(name)
        if not key:
            dropped.append(src.title)
            continue
        domain = domain_of(src.url)
        target = by_key.get(key)
        if target is None and domain and not is_shared(domain, rules):
            # one site, several things (a shop's products): only a same subject merges
            target = next((by_key[k] for k in by_domain.get(domain, [])
                           if _same_subject(by_key[k], name, src.url, asked, kind_values)), None)
        if target is None:  # another shop's listing of one already found
            target = _one_thing_across_sites(
                (c for c in by_key.values() if c.domain != domain), name, asked,
                kind_values or [])
        ev = snippet_evidence(src, rules, adapter=adapter, phase=phase, subject=None,
                              currency=currency)
        if target is None:
            target = Candidate(key=key, name=name, url=src.url, domain=domain,
                               adapter=src.adapter or adapter)
            by_key[key] = target
            if domain and not is_shared(domain, rules):
                by_domain.setdefault(domain, []).append(key)
        elif name != target.name and name not in target.aliases:
            target.aliases.append(name)
        if src.url not in target.sources:
            target.sources.append(src.url)
        ev.subject = target.key
        target.evidence.append(ev)
        if ev.rating is not None and target.rating is None:
            target.rating, target.rating_count = ev.rating, ev.rating_count
        if ev.price is not None and target.price is None:
            target.price = ev.price
        # prefer the candidate's own site as its link
        if is_shared(domain_of(target.url), rules) and domain and not is_shared(domain, rules):
            target.url, target.domain = src.url, domain
    cands = list(by_key.values())
    if rules.max_records:
        cands = cands[: rules.max_records]
    return cands, dropped


def snippet_evidence(
    src: Source, rules: ExtractRules, *, adapter: str, phase: str, subject: str | None,
    kind: str = "snippet", currency: str | None = None,
) -> Evidence:
    text = src.snippet or src.title
    rating = stated_rating(f"{src.title} {src.snippet}") if rules.rating else None
    price = find_price(f"{src.title} {src.snippet}", currency) if rules.price else None
    return Evidence(
        id=evidence_id(src.url, text), kind=kind, subject=subject, text=text, url=src.url,  # type: ignore[arg-type]
        title=src.title, adapter=src.adapter or adapter, phase=phase,
        rating=rating[0] if rating else None, rating_count=rating[1] if rating else None,
        rating_scale=rating[2] if rating and rating[2] != 10 else None,
        price=price, published=src.published, retrieved_at=src.retrieved_at,
    )


def to_evidence(
    sources: list[Source], rules: ExtractRules, *, kind: str, subject: Candidate | None,
    adapter: str, phase: str, shared: frozenset[str] = frozenset(),
    currency: str | None = None, others: frozenset[str] = frozenset(),
) -> tuple[list[Evidence], int]:
    """Evidence about ``subject`` (reviews or prices): results that name it by its own
    words, not only by words ``shared`` with the other candidates, in their title or
    snippet (a URL counts only as its own site or its whole name: :func:`_url_names`);
    ``others``: the other candidates' own words (:func:`others_words`). Returns
    (evidence, dropped count)."""
    out: list[Evidence] = []
    dropped = 0
    for src in sources:
        if subject is not None and not _mentions(subject, src, rules, shared, others):
            dropped += 1  # about something else: not evidence for this candidate
            continue
        ev = snippet_evidence(src, rules, adapter=adapter, phase=phase,
                              subject=subject.key if subject else None, kind=kind,
                              currency=currency)
        if kind == "price" and ev.price is None:
            dropped += 1
            continue
        out.append(ev)
    return out, dropped
