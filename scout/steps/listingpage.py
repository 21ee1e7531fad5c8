"""Whether a search result is a listing page rather than one thing.

Real searches ("hotels in Barcelona under 200 €", "mejores academias de inglés en
Sevilla", "dentists in Mumbai") answer with many pages that list things: a ranking
("Top 10 Dentists in Mumbai 2025", "Los 10 mejores hoteles de Barcelona"), a round-up
("8 Shows Like Severance to Watch Next"), a directory ("List of Best Dental Doctor in
Mumbai", "Dentists in Mumbai") or a booking site's results page (``/searchresults?ss=``).
Taken as a candidate, such a page's title is ranked as if it were a hotel. ``search``
(:func:`scout.steps.extract.to_candidates`) drops it beside the author's
``exclude_patterns`` unless the kind's ``extract.listing_pages`` is ``keep``.

The signs are read in English and Spanish, on the title and on the address's path, with
the kind's own ``nouns`` (its words for what it finds: ``hotel``, ``academia``,
``dentist``) in their plural: a count or a superlative before them ("20 mindbending TV
shows", "Best Dental Clinics") or the plural opening the title before a place ("Dentists
in Mumbai", "Academias de inglés en Sevilla"). Without nouns only the signs any kind's
listing shows count: a ranking's count ("Top 10", "15 Best", "los 10 mejores"), "the
best …s in" / "los mejores …s en" (a plural before a place), "list of" / "lista de",
and a search's own address (a search path: ``/search?q=``). A count is 1–3 digits
("10+" too; a year, "Hotel 1898", is no count) and a name with a number of its own
("Laravel 11 Tutorial", "Dell XPS 13") is no ranking.

A superlative alone names one thing as often as it lists: a restaurant "Los Mejores
Tacos" (``yelp.com/biz/los-mejores-tacos-madrid``) is one place, so a superlative
counts only with a count, the kind's plural or a plural before a place or a year. A
map's link (``maps.google.com/?q=…``, ``/maps/search/?api=1&query=…``) points at one
place, and a scholarly work's address (a DOI, an arXiv id, a PDF) is one work whatever
its title ranks ("Top 10 algorithms in data mining"): neither is read as a listing by
its address, and a work's title is not read either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import urlsplit

from scout.i18n import N_
from scout.lazyre import lazy_re
from scout.text import fold

#: the flag ``search`` (``extract.listing_pages: expand``) marks a listing result with:
#: rank leaves it out (:mod:`scout.steps.pagestatus`), ranking what its page lists
#: (:mod:`scout.steps.listedthings`)
LISTING = N_("a listing page by its title or address, not one thing")
#: a count of listed things: "10", "10+", "1,234" (a board's results); never a year
_COUNT = r"\d{1,3}(?:[.,]\d{3})*\+?(?!\d)"
#: the words a ranking counts with, folded (accents off, lower case)
_RANKS = (r"(?:best|top|greatest|cheapest|finest|leading|favou?rite|mejores|peores"
          r"|mas baratos|mas baratas|imprescindibles|recomendados|recomendadas)")
#: where a count starts a title's clause: its start, after a mark, after an article or
#: "here are" / "estos son"
_LEAD = (r"(?:^|[.?!:|•–—]\s*|\s-\s*|\b(?:the|los|las|these|estos|estas|here are|"
         r"these are|estos son|estas son|aqui tienes|te presentamos)\s+)")

#: a listing whatever the kind (folded title)
_ANY_KIND = lazy_re("|".join([
    rf"\btop\s*-?\s*{_COUNT}",                      # "Top 10", "TOP-5", "Top 10+"
    rf"(?<![\d.,]){_COUNT}\s+{_RANKS}\b",           # "20 Best Dentists", "10 mejores"
    # "Best Dentists Near Me", "The best hotels in Barcelona", "Mejores academias de inglés
    # en Sevilla" (a plural, then a place); "Best Western Hotel Barcelona" and a
    # restaurant "Los Mejores Tacos" name one
    r"\bbest\s+(?:[\w'-]+\s+){0,2}[\w'-]+s\s+(?:in|near|around|of)\b",
    r"\b(?:mejores|peores|mas baratos|mas baratas)\s+(?:[\w'-]+\s+){0,2}[\w'-]+s\s+"
    r"(?:(?:de|para)\s+[\w'-]+\s+)?(?:en|cerca de)\s",
    # "Las mejores academias de inglés de Sevilla 2025": a superlative's plural dated
    r"\b(?:best|mejores)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+s\s+"
    r"(?:(?:de|en|in|of|para|for)\s+[\w'-]+\s+){0,2}\(?(?:19|20)\d\d\b",
    r"\b(?:list|lista|listado|ranking|directorio|directory)\s+(?:of|de|del)\b",
]))

#: a listing's or a search's address (folded path and query)
_ANY_URL = lazy_re("|".join([
    r"(?:^|[/_-])top-?\d{1,3}(?:[/_.-]|$)",         # /top-10-dentists-in-mumbai/
    rf"(?:^|[/_-])(?:los-|las-)?\d{{1,3}}-{_RANKS}(?:[/_.-]|$)",  # /10-best-hotels/
    # /best-hotels-in-barcelona/; /biz/los-mejores-tacos-madrid names one
    r"(?:^|[/_-])(?:best|mejores)-(?:[a-z0-9]+-){0,2}[a-z0-9]+s-(?:in|near|en|cerca)-",
    r"(?:^|[/_-])(?:list-of|lista-de|listado-de|ranking)(?:[/_.-]|$)",
    # a search's own page; a query on any other path (a map's ?q=, a page's ?query=) is
    # no search's
    r"/(?:search|searchresults|buscar|busqueda|resultados)(?:\.[a-z.]+)?(?:/|\?|$)",
]))

#: an address that names one place or work whatever its title says (folded host, path
#: and query): a map's link, a DOI, an arXiv or PubMed id, ResearchGate's or Semantic
#: Scholar's page of one work, a PDF
_ONE_PLACE = lazy_re(r"^maps\.|^[^/]*/maps(?:/|\?|$)")
_ONE_WORK = lazy_re("|".join([
    r"(?:^|[/=])10\.\d{4,9}/",                       # a DOI, doi.org's or a publisher's
    r"(?:^|\.)arxiv\.org/(?:abs|pdf)/",
    r"/(?:pii|pubmed|pmc/articles)/\w",
    r"/publication/\d", r"semanticscholar\.org/paper/",
    r"\.pdf(?:$|[?#])",
]))


def _plural_word(word: str) -> set[str]:
    """One folded word's plurals: a word already ending in ``s`` is its own."""
    if word.endswith("s"):
        return {word}
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return {word[:-1] + "ies", word + "s"}
    if word.endswith("z"):
        return {word[:-1] + "ces", word + "es"}
    return {word + "s", word + "es"}


def plurals(noun: str) -> set[str]:
    """A kind's noun (folded) in its plurals, English and Spanish: ``hotel`` → hotels,
    hoteles; ``company`` → companies; ``dental clinic`` → dental clinics (the last word);
    ``clínica dental`` → clinicas dentales (every word agrees); ``oferta de empleo`` →
    ofertas de empleo (the head)."""
    words = fold(noun).split()
    if not words:
        return set()
    out = {" ".join([*words[:-1], last]) for last in _plural_word(words[-1])}
    # "oferta de empleo" → ofertas de empleo: the head before "de" / "of" takes the plural
    out |= {" ".join([first, *words[1:]]) for first in _plural_word(words[0])
            if len(words) > 2 and words[1] in ("de", "del", "of")}
    combos: list[list[str]] = [[]]
    for word in words if len(words) > 1 else []:
        # two forms a word, 16 phrases at most: a long noun stays cheap
        combos = [c + [f] for c in combos for f in sorted(_plural_word(word))[:2]][:16]
    return out | {" ".join(c) for c in combos if c}


@lru_cache(maxsize=32)
def _by_nouns(nouns: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The signs the kind's nouns make (see the module docstring) in a title and in an
    address's path, or None without any."""
    forms = sorted({p for n in nouns for p in plurals(n) if p}, key=len, reverse=True)
    if not forms:
        return None
    said = "(?:" + "|".join(re.escape(f) for f in forms) + ")"
    slug = "(?:" + "|".join(re.escape(f.replace(" ", "-")) for f in forms) + ")"
    title = re.compile("|".join([
        rf"{_LEAD}{_COUNT}\s+(?:[\w'-]+\s+){{0,3}}?{said}\b",   # "20 mindbending TV shows"
        rf"\b{_RANKS}\s+(?:[\w'-]+\s+){{0,2}}?{said}\b",        # "Best Dental Clinics"
        rf"^{said}\s+(?:in|en|near|cerca de|around|de)\s",      # "Dentists in Mumbai"
    ]))
    # /mejores-academias-ingles-sevilla/, /best-dental-clinics/
    path = re.compile(rf"(?:^|[/_-]){_RANKS}-(?:[a-z0-9]+-){{0,2}}?{slug}(?:[/_.-]|$)")
    return title, path


def is_listing_page(title: str, url: str, nouns: Iterable[str] = ()) -> bool:
    """Whether a result titled ``title`` at ``url`` lists things rather than being one,
    read with the kind's ``nouns`` (see the module docstring)."""
    try:
        parts = urlsplit((url or "")[:2000])
    except ValueError:  # "http://[" : an address no browser opens is read by its title
        parts = urlsplit("")
    where = fold(f"{parts.netloc}{parts.path}?{parts.query}"[:500])
    if _ONE_WORK.search(where):
        return False  # a paper's title may rank things: the page is one work
    text = fold(title or "")[:500]  # a title is short: a 1 MB one is read no further
    path = fold(f"{parts.path}?{parts.query}"[:500])
    if _ANY_KIND.search(text) or (not _ONE_PLACE.search(where) and _ANY_URL.search(path)):
        return True
    found = _by_nouns(tuple(nouns))
    return bool(found and (found[0].search(text) or found[1].search(path)))
