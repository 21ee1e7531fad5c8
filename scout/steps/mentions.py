"""Which fan-out results are about a candidate: a title or snippet that names it by its
own words, not only by words the fan-out's other candidates share or the request put
there (:func:`names_candidate`), or a URL on its own site or carrying its whole name;
and the words of the candidates a fan-out step runs over (its siblings) that say so."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote, urlsplit

from scout.schemas.records import Candidate
from scout.schemas.sources import Source
from scout.stepkit.params import ExtractRules
from scout.steps.namewords import _ordered_words, _said, _tokens, name_words
from scout.steps.samecandidate import _is_home, domain_of, is_shared
from scout.steps.samething import numbered_otherwise
from scout.text import strip_accents

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
