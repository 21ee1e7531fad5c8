"""Whether a search result is a candidate already found: on one site, its pages are
one candidate (its home page and the pages that name nothing of their own) unless the
site lists many things (a chain, a shop, a review site), whose pages merge only when
their names share most of their words (:func:`_same_subject`); across sites, another
shop's listing of one thing (:func:`_one_thing_across_sites`). Names that state one
unit with other numbers ("20 GB" / "10 GB") or name two values of one of the kind's
enum inputs are two things. Sites the rules call shared (booking.com) are no candidate's own."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from scout.schemas.records import Candidate
from scout.stepkit.params import ExtractRules
from scout.steps.namewords import (_FUNCTION, _LISTING, SECTIONS, _core_words, _ordered_words,
                                   generic_words)
from scout.steps.samething import Marked, one_thing, two_things, variant_after
from scout.task.subjectwords import RATED
from scout.text import strip_accents

def domain_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") else host


def is_shared(domain: str, rules: ExtractRules) -> bool:
    return any(domain == d or domain.endswith("." + d) or domain.startswith(d.split(".")[0] + ".")
               for d in rules.shared_domains)


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


_TOKEN = re.compile(r"[A-Za-z0-9]+")


def _marked(name: str) -> list[Marked]:
    """``name``'s words as :func:`_ordered_words` gives them, each with whether it is
    written with a capital and whether no mark (a comma, a dash, a bar, a bracket) stands
    between it and the word before (:func:`scout.steps.samething.variant_after`)."""
    text = strip_accents(name)
    out: list[Marked] = []
    end = 0
    for m in _TOKEN.finditer(text):
        word = m.group().lower()
        if word in generic_words() or word in _FUNCTION or word in _LISTING:
            continue
        gap = text[end:m.start()]
        out.append((word, m.group()[0].isupper(), not out or not _TOKEN.sub("", gap).strip()))
        end = m.end()
    return out


@functools.lru_cache(maxsize=1)
def _page_words() -> frozenset[str]:
    """The words a site's page adds after a thing's name that are no variant of it: its
    reviews and prices, its sections (:data:`scout.steps.namewords.SECTIONS`) and the
    country it is in ("Hotel Arts Spain", "Hotel Arts España"): CLDR's one-word names of
    the countries, English and Spanish. A city is not among them: a chain names its hotels
    so ("Arts Hotel Lisbon" is another thing than "Hotel Arts")."""
    from babel import Locale

    names = [strip_accents(name).lower() for lang in ("en", "es")
             for code, name in Locale.parse(lang).territories.items() if code.isalpha()]
    return RATED | SECTIONS | frozenset(n for n in names if n.isalpha())


def _variant(a: str, b: str, asked: frozenset[str]) -> bool:
    """Whether either name is the other said on with a variant's word ("iPhone 15 Pro")."""
    plain = _page_words()
    return variant_after(_ordered_words(a), _marked(b), asked, plain) or variant_after(
        _ordered_words(b), _marked(a), asked, plain)


def _is_home(url: str) -> bool:
    return urlsplit(url).path.strip("/") == ""


def _names_nothing(words: set[str] | frozenset[str], target: Candidate,
                   asked: frozenset[str]) -> bool:
    """Whether a page's name (its core ``words``) names nothing a candidate could be: no
    word the search asked for (the kind's thing, "hotel", the place) and none of
    ``target``'s own name, as a site's section pages are titled ("Our rooms", "Contact",
    "Welcome"): such a page of a site whose home page is a candidate's (or the home page
    of a candidate's site) is that candidate's. A page that names a thing ("Meliá Madrid
    Princesa" on a chain whose home page is "Meliá Hotels International") is one only by
    its words (:func:`_same_subject`'s test)."""
    if words & asked:
        return False
    return not any(words & _core_words(known) for known in (target.name, *target.aliases))


def _same_subject(target: Candidate, name: str, url: str,
                  asked: frozenset[str] = frozenset(),
                  kind_values: list[list[tuple[str, ...]]] | None = None,
                  alone: bool = True) -> bool:
    """Whether a result on ``target``'s domain is about ``target``.

    A site's own pages (its home page and the pages that name nothing of their own:
    :func:`_names_nothing`) are one candidate; but a site that
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

    ``alone``: ``target`` is the only candidate found on its site so far; a site's home
    page joins a candidate of its other pages only then (a chain's home page is none of
    the hotels its pages named).

    ``kind_values``: the kind's enum inputs' values (:func:`scout.spec.evidence.enum_values`):
    names that name two values of one input are two things (:func:`_values_differ`).
    A more specific name is another thing (:func:`scout.steps.samething.two_things`):
    "Iberia evening MAD–JFK" is not "Iberia MAD–JFK"; nor one that goes on after the
    other with a variant's word (:func:`scout.steps.samething.variant_after`): "iPhone 15
    Pro" is not "iPhone 15", "Hotel Arts Residences" not "Hotel Arts", and a chain's home
    page titled by its bare brand ("NH Hotels") takes in none of the hotels its pages name
    ("NH Madrid Nacional"), nor joins one of them as a page naming nothing.
    """
    theirs = _core_words(name)
    if ((_is_home(url) and alone) or any(_is_home(u) for u in target.sources)) \
            and _names_nothing(theirs, target, asked) \
            and not any(_variant(known, name, asked) for known in (target.name, *target.aliases)):
        return True
    for known in (target.name, *target.aliases):
        if _specs_differ(known, name) or _values_differ(known, name, kind_values or []) \
                or two_things(_ordered_words(known), _ordered_words(name)) \
                or _variant(known, name, asked):
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
