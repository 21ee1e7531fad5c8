"""The keyless synthesis's notes on each shortlisted candidate: pros and cons (evidence
sentences about that candidate, and no other, quoted for the aspects they speak about:
scout/adapters/aspects.py, after scout/adapters/hygiene.py drops what is no statement),
its review count, how fresh its newest dated evidence is, which values could not be
checked, and what its own page says changed (postponed, only on pre-order). A video's notes are its moments instead: what its own transcript says, quoted
with the second it is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from scout.adapters.hygiene import quotable
from scout.adapters.localefmt import parse_date, parse_published
from scout.adapters.lookalike import described, foreign_letters
from scout.adapters.text import split_sentences
from scout.adapters.contract import EvidenceItem
from scout.schemas.sources import AspectNote, CandidateNotes, Moment, SynthesisSentence

if TYPE_CHECKING:
    from scout.adapters.structured import Builder
    from scout.adapters.subjects import Subject


def _offers(syn: Builder, s: Subject, notes: CandidateNotes) -> None:
    """Two or more sites' prices for one thing (rank's offers): each, cheapest first, cited,
    never "sources disagree"."""
    stated = [next((e for e in s.evidence if e.url == url and e.price is not None), None)
              for url in s.brief.offers]
    items = [e for e in stated if e is not None and e.price is not None]
    if len(items) < 2:
        return
    prices = ", ".join(syn.fmt.money(e.price) for e in items if e.price is not None)
    notes.facts.append(syn.sentence(syn._(
        "{name} is offered on {count} sites, cheapest first: {prices}.", name=s.name,
        count=syn.fmt.number(len(items)), prices=prices), items))


def notes_for(syn: Builder, s: Subject) -> CandidateNotes:
    notes = CandidateNotes(key=s.brief.key, name=s.name, rank=s.brief.rank)
    foreign = foreign_letters(s.name)
    if foreign:
        # "Hotel Аrts" (a Cyrillic А) reads as another's name: the reader is told first
        notes.facts.append(syn.sentence(syn._(
            "{name} is spelt with letters of another alphabet that look like its own "
            "({letters}): it is not the name it looks like, and may imitate it.",
            name=s.name, letters=described(foreign))))
    for flag in s.brief.page_flags:
        # its own page says it was postponed, or can only be pre-ordered: whatever else is
        # said of it, the reader is told, citing the page
        notes.facts.append(syn.sentence(syn._("{name}: {flag}.", name=s.name, flag=flag),
                                        [e for e in s.evidence if e.kind == "page"]))
    if s.brief.is_video:
        notes.moments = moments(syn, s)
        if not notes.moments:
            notes.facts.append(syn.sentence(syn._(
                "No transcript of {name} could be read, so what it covers is not "
                "known.", name=s.name)))
        return notes
    _pros_cons(syn, s, notes)
    count = s.brief.rating_count or max(
        (e.rating_count for e in s.evidence if e.rating_count), default=None)
    if count:
        notes.review_count = count
        notes.facts.append(syn.sentence(
            syn._n("{name} has {count} review in the cited sources.",
                    "{name} has {count} reviews in the cited sources.", count,
                    name=s.name, count=syn.fmt.number(count)),
            [e for e in s.evidence if e.rating_count == count]))
    _offers(syn, s, notes)
    _freshness(syn, s, notes)
    if s.checked is None and (syn.limits.priced or syn.limits.budget is not None):
        notes.facts.append(syn.sentence(
            syn._("No price was found for {name}, so the limit you asked ({label}) could "
                   "not be checked.", name=s.name, label=syn.req.money_label)
            if syn.limits.budget and syn.req.money_label else
            syn._("No price was found for {name}, so the budget could not be checked.",
                   name=s.name) if syn.limits.budget else
            # a salary is no price: the amount asked as a floor is what was not found
            syn._("{name} states no amount.", name=s.name) if syn.limits.floor else
            syn._("No price was found for {name}.", name=s.name)))
    if s.rating is None and (syn.limits.rated or syn.limits.min_rating is not None):
        notes.facts.append(syn.sentence(
            syn._("No rating was found for {name}, so the minimum rating could not be "
                   "checked.", name=s.name) if syn.limits.min_rating is not None else
            syn._("No rating was found for {name}.", name=s.name)))
    if not (notes.pros or notes.cons):
        # no sentence spoke to an aspect (a congress's dates and deadline, a flat's rooms):
        # quote what the sources do say rather than claim they say nothing
        notes.facts += said_about(syn, s)
    if not (notes.pros or notes.cons or notes.facts or syn.limits.rated):
        # the report's fallback says "beyond its price and rating": a kind with no rating
        # input (events, flats, cars) never looked for one, and one with no money input
        # (papers, talks) no price either
        notes.facts.append(syn.sentence(syn._(
            "The evidence says nothing about it beyond its price.")
            if syn.limits.priced and not syn.limits.floor   # a salary is no price
            else syn._("The evidence found says nothing more about it.")))
    return notes


#: sentences quoted for a candidate no pro or con speaks about
SAID_QUOTES = 2


def said_about(syn: Builder, s: Subject) -> list[SynthesisSentence]:
    """The first quotable statements of the candidate's own evidence, each cited: what
    the sources say about it when none speaks to an aspect the synthesis knows."""
    said: list[tuple[EvidenceItem, str]] = []
    for item, quote in _quotes(syn, s):
        if len(said) >= SAID_QUOTES:
            break
        if all(quote != q for _, q in said) and _says_more_than_figures(quote, s.name):
            said.append((item, quote))
    # one sentence per source, its quotes together: "The sources say:" once, not before
    # each quote of the same page, and each quote still next to the source it is from
    by_source: dict[str, list[tuple[EvidenceItem, str]]] = {}
    for item, quote in said:
        by_source.setdefault(item.url, []).append((item, quote))
    return [syn.sentence(syn._("The sources say: {quotes}", quotes=" ".join(
                syn._("“{quote}”", quote=q) for _, q in group)), [group[0][0]])
            for group in by_source.values()]


def _says_more_than_figures(quote: str, name: str) -> bool:
    """Whether a sentence says more than a figure the report gives anyway: "Inscripción
    250 €." and "Registration fee 380 EUR." are a price, not what the sources say, and
    "Hakata Lyon reviews: 8.8/10 from 950 reviews." its rating and review count (the
    candidate's own name and a word said twice add nothing)."""
    own = {w.casefold() for w in re.findall(r"[^\W\d_]+", name)}
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", quote)
             if not (w.isupper() and len(w) <= 3)} - own
    return len(words) >= 3


def _quotes(syn: Builder, s: Subject) -> Iterator[tuple[EvidenceItem, str]]:
    """Each quotable sentence of the evidence that is about this candidate (it names no
    other, and loose evidence must name it), with its item."""
    for item in s.evidence + s.loose:
        for raw in split_sentences(item.text):
            quote = quotable(raw, item.title, syn.names)
            if quote is None:
                continue
            named = syn.mentions(quote)
            if (named and s.brief.key not in named) or (item in s.loose and not named):
                continue  # about another candidate, or not said to be about this one
            yield item, quote


def own_passages(syn: Builder, s: Subject) -> list[EvidenceItem]:
    """A video subject's own transcript passages (evidence from the video itself, not
    from another video that mentions it), in the order the video says them."""
    own = [e for e in s.evidence if e.kind == "video" and e.title == s.name]
    return sorted(own, key=lambda e: _seconds(e.url) or 0.0)


def moments(syn: Builder, s: Subject) -> list[Moment]:
    """What the video covers: the first quotable statement of each passage, with the
    second it starts (the passage's link opens the video there)."""
    out: list[Moment] = []
    for item in own_passages(syn, s):
        if len(out) >= syn.cfg.max_sentences:
            break
        for raw in split_sentences(item.text):
            quote = quotable(raw, item.title, syn.names)
            if quote is not None and all(m.quote != quote for m in out):
                out.append(Moment(at=_seconds(item.url) or 0.0, quote=quote,
                                  citations=syn.cites.of([item])))
                break
    return out


def _pros_cons(syn: Builder, s: Subject, notes: CandidateNotes) -> None:
    seen_quotes: set[str] = set()
    covered: dict[int, list[str]] = {1: [], -1: []}
    limit = {1: syn.cfg.max_pros, -1: syn.cfg.max_cons}
    for item, quote in _quotes(syn, s):
        if len(notes.pros) + len(notes.cons) >= syn.cfg.max_sentences:
            return
        if quote in seen_quotes:
            continue
        for sign in (1, -1):
            target = notes.pros if sign == 1 else notes.cons
            aspects = [h.aspect for h in syn.matcher.hits(quote) if h.polarity == sign]
            new = [a for a in aspects if a not in covered[sign]]
            if not new or len(target) >= limit[sign]:
                continue
            covered[sign] += new
            seen_quotes.add(quote)
            target.append(AspectNote(
                aspect=new[0], label=", ".join(label(syn, a) for a in new),
                quote=quote, citations=syn.cites.of([item])))


def label(syn: Builder, aspect: str) -> str:
    return syn.tr.pgettext("aspect", aspect.replace("_", " "))


def _freshness(syn: Builder, s: Subject, notes: CandidateNotes) -> None:
    dated = [(d, e) for e in s.evidence
             if (d := parse_published(e.published, parse_date(e.retrieved_at))) is not None]
    fetched = [d for e in s.evidence if (d := parse_date(e.retrieved_at)) is not None]
    if fetched:
        notes.retrieved = max(fetched).isoformat()
    if not dated:
        return
    newest = max(d for d, _ in dated)
    notes.published = newest.isoformat()
    items = [e for d, e in dated if d == newest]
    reference = max(fetched) if fetched else None
    if reference is not None and (reference - newest).days > syn.cfg.stale_days:
        text = syn._("The newest dated evidence about {name} was published on {date}, "
                      "more than {days} days before it was retrieved: it may be out of "
                      "date.", name=s.name, date=syn.fmt.date(newest),
                      days=syn.fmt.number(syn.cfg.stale_days))
    else:
        text = syn._("The newest dated evidence about {name} was published on {date}.",
                      name=s.name, date=syn.fmt.date(newest))
    notes.facts.append(syn.sentence(text, items))


def _seconds(url: str) -> float | None:
    """The moment a timestamped video link opens at (``&t=75s``), or None."""
    m = re.search(r"[?&#]t=(\d+)s?\b", url)
    return float(m.group(1)) if m else None
