"""The keyless synthesis: a recommendation, pros and cons, conflicts, near misses, caveats.

Built from the typed request only (no network, no model, no clock), in the request's
language, so the same request gives byte-identical output:

- **recommendation** — the best rated candidate that fits the request, the cheapest one,
  and the trade-off between the top two of the shortlist, each fact cited to the evidence
  that stated it; when nothing fits, it says so;
- **per shortlisted candidate** — pros and cons: evidence sentences about that candidate
  (and no other) quoted for the aspects they speak about (scout/adapters/aspects.py),
  after dropping what is not a statement (scout/adapters/hygiene.py); its review count;
  how fresh its newest dated evidence is; which values could not be checked;
- **conflicts** — a price or rating that sources state differently: every value with its
  sources, and the conservative one the check used (scout/adapters/facts.py, the rule the
  rank step applies);
- **near misses** — excluded candidates that missed one constraint narrowly (just over
  the budget, just under the rating), shown as such, never as a recommendation;
- **caveats** — prices are what sources stated when retrieved; the price paid depends on
  the dates and on availability.

A subject that is a video itself (a talk, a tutorial: ``SubjectBrief.is_video``) has no
price or rating to miss: its notes are **moments** instead — what its own transcript says,
quoted with the second it is said — and when no shortlisted subject is rated or priced the
recommendation names the shortlist's first by the kind's own ranking.

Constraints come from the Task by input *type*, not by name: the first ``money`` input
whose comparator is an upper bound is the budget, the first ``rating`` input the minimum
rating, a ``month`` or ``daterange`` input the period. Nothing here knows about hotels.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from typing import Any

from scout.adapters.aspects import AspectMatcher, LexiconMatcher
from scout.adapters.facts import conservative_price, conservative_rating, per_source_prices, \
    same_price, same_rating
from scout.adapters.hygiene import quotable
from scout.adapters.localefmt import Formatter, parse_date, parse_published
from scout.config.settings import ExtractiveSettings
from scout.adapters.text import split_sentences, terms
from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.units import per_factor
from scout.schemas.sources import AspectNote, CandidateNotes, Citation, Conflict, \
    ConflictValue, Moment, NearMiss, Synthesis, SynthesisSentence
from scout.schemas.task import Money

_UPPER = ("<=", "<", "=", "~")


@dataclass
class Constraints:
    budget: Money | None = None
    min_rating: float | None = None
    period: Any = None

    @classmethod
    def of(cls, task: dict[str, Any], types: dict[str, str]) -> "Constraints":
        out = cls()
        values = task.get("values") if isinstance(task.get("values"), dict) else task
        if not types and isinstance(task.get("types"), dict):  # a whole Task dump
            types = {k: str(v) for k, v in task["types"].items()}
        if not types:  # an older caller: infer the types from the values' shapes
            types = {k: _infer_type(k, v) for k, v in values.items()}
        for name in sorted(types):
            kind, value = types[name], values.get(name)
            if value is None:
                continue
            if kind == "money" and out.budget is None and isinstance(value, dict):
                try:
                    money = Money.model_validate(value)
                except ValueError:
                    continue
                if money.comparator in _UPPER:
                    out.budget = money
            elif kind == "rating" and out.min_rating is None and _is_number(value):
                out.min_rating = float(value)
            elif kind in ("month", "daterange") and out.period is None:
                out.period = value
        return out


def _infer_type(name: str, value: Any) -> str:
    if isinstance(value, dict) and "amount" in value and "currency" in value:
        return "money"
    if isinstance(value, dict) and "year" in value and "month" in value:
        return "month"
    if isinstance(value, dict) and "start" in value and "end" in value:
        return "daterange"
    if _is_number(value) and "rating" in name:
        return "rating"
    return "other"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Cites:
    """Synthesis citation numbers, one per URL, in order of first use."""

    def __init__(self) -> None:
        self.items: list[Citation] = []
        self._index: dict[str, int] = {}

    def of(self, items: list[EvidenceItem]) -> list[int]:
        out: list[int] = []
        for item in items:
            if item.url not in self._index:
                self._index[item.url] = len(self.items) + 1
                self.items.append(Citation(index=len(self.items) + 1, url=item.url,
                                           title=item.title))
            n = self._index[item.url]
            if n not in out:
                out.append(n)
        return out


@dataclass
class Subject:
    """A candidate with its evidence and the values its checks use."""

    brief: SubjectBrief
    evidence: list[EvidenceItem] = field(default_factory=list)
    #: evidence about no candidate in particular that names this one (quoted only where a
    #: sentence names it; never a source of its price or rating)
    loose: list[EvidenceItem] = field(default_factory=list)
    rating: float | None = None
    price: Money | None = None  # as stated
    checked: Money | None = None  # what the budget check compares (converted when it was)

    @property
    def name(self) -> str:
        return self.brief.name


class Builder:
    """One synthesis from one request; :meth:`build` is called once."""

    def __init__(self, request: SynthesisRequest, settings: ExtractiveSettings,
                 translations: gettext.NullTranslations,
                 matcher: AspectMatcher | None = None) -> None:
        self.req = request
        self.cfg = settings
        self.tr = translations
        self.fmt = Formatter(request.lang, translations)
        self.matcher = matcher or LexiconMatcher()
        self.limits = Constraints.of(request.task, request.task_types)
        self.cites = Cites()
        self.subjects = self._subjects()
        self._distinct = self._distinct_terms()
        for item in request.evidence:
            if not item.subject:
                named = self._mentions(f"{item.title} {item.text}")
                if len(named) == 1:
                    next(s for s in self.subjects if s.brief.key == named[0]).loose.append(item)

    # --- gettext ---------------------------------------------------------------------

    def _(self, msgid: str, **kw: Any) -> str:
        return self.tr.gettext(msgid).format(**kw)

    def _n(self, singular: str, plural: str, n: int, **kw: Any) -> str:
        return self.tr.ngettext(singular, plural, n).format(**kw)

    def sentence(self, text: str, items: list[EvidenceItem] | None = None) -> SynthesisSentence:
        return SynthesisSentence(text=text, citations=self.cites.of(items or []))

    # --- subjects ----------------------------------------------------------------------

    def _subjects(self) -> list[Subject]:
        briefs = list(self.req.subjects) or [
            SubjectBrief(key=n, name=n) for n in self.req.candidates]
        subjects = [Subject(b) for b in briefs]
        by_key = {s.brief.key: s for s in subjects}
        values = self.req.task.get("values") if isinstance(self.req.task.get("values"),
                                                           dict) else self.req.task
        places = [v for k, v in values.items() if isinstance(v, str)
                  and self.req.task_types.get(k, "place") == "place"]
        #: words a bare title is made of: the candidates' names and the place asked about
        self._names = [s.name for s in subjects] + places
        for item in self.req.evidence:
            target = by_key.get(item.subject or "")
            if target is None and item.subject:
                target = next((s for s in subjects if s.name == item.subject), None)
            if target is not None:
                target.evidence.append(item)
        for s in subjects:
            ratings = [e.rating for e in s.evidence if e.rating is not None]
            s.rating = s.brief.rating if s.brief.rating is not None else \
                conservative_rating(ratings)
            s.price = s.brief.price or conservative_price(
                [(e.url, e.price) for e in s.evidence if e.price is not None],
                lambda m: m.amount)
            s.checked = s.brief.price_checked or s.price
        return subjects

    def _distinct_terms(self) -> dict[str, list[str]]:
        """Per subject, the words of its name no other subject's name has."""
        counts: dict[str, int] = {}
        named = {s.brief.key: terms(s.name) for s in self.subjects}
        for words in named.values():
            for w in dict.fromkeys(words):
                counts[w] = counts.get(w, 0) + 1
        return {k: [w for w in words if counts[w] == 1] or words for k, words in named.items()}

    def _mentions(self, sentence: str) -> list[str]:
        words = set(terms(sentence))
        return [k for k, ws in self._distinct.items() if ws and all(w in words for w in ws)]

    def price_ok(self, s: Subject) -> bool | None:
        b = self.limits.budget
        if b is None or s.checked is None or s.checked.currency != b.currency:
            return None
        if per_factor(s.checked.per, b.per) != 1.0:
            # a price per another period than the budget's that rank did not convert (per
            # person against a month): unknown, never compared as if it were the same
            return None
        return s.checked.amount < b.amount if b.comparator == "<" else \
            s.checked.amount <= b.amount

    def rating_ok(self, s: Subject) -> bool | None:
        if self.limits.min_rating is None or s.rating is None:
            return None
        return s.rating >= self.limits.min_rating

    def shortlisted(self) -> list[Subject]:
        ranked = [s for s in self.subjects if s.brief.rank is not None]
        if ranked or any(s.brief.excluded for s in self.subjects):
            return sorted(ranked, key=lambda s: s.brief.rank or 0)
        # no rank phase: the Task's constraints decide, in candidate order
        return [s for s in self.subjects
                if self.price_ok(s) is not False and self.rating_ok(s) is not False]

    # --- facts and their sources ---------------------------------------------------

    def rating_sources(self, s: Subject, value: float) -> list[EvidenceItem]:
        return [e for e in s.evidence if e.rating is not None and same_rating(e.rating, value)]

    def price_sources(self, s: Subject, price: Money) -> list[EvidenceItem]:
        return [e for e in s.evidence if e.price is not None
                and e.price.currency == price.currency
                and same_price(e.price.amount, price.amount)]

    def price_text(self, s: Subject) -> str:
        text = self.fmt.money(s.price)
        if s.price is not None and s.checked is not None and s.checked != s.price:
            text += " (≈ " + self.fmt.money(s.checked) + ")"
        return text

    def rating_text(self, s: Subject) -> str:
        return self.fmt.rating(s.rating) if s.rating is not None else ""

    # --- sections ------------------------------------------------------------------------

    def recommendation(self, short: list[Subject]) -> list[SynthesisSentence]:
        if not short:
            if not self.subjects:
                return []
            return [self.sentence(self._("None of the candidates fits every constraint of "
                                         "your request."))]
        out: list[SynthesisSentence] = []
        rated = [s for s in short if s.rating is not None]
        priced = [s for s in short if s.checked is not None]
        best = min(rated, key=lambda s: (-(s.rating or 0.0), short.index(s))) if rated else None
        cheap = min(priced, key=lambda s: (s.checked.amount if s.checked else 0.0,
                                           short.index(s))) if priced else None
        if cheap is not None and len({p.checked.currency for p in priced if p.checked}) > 1:
            cheap = None  # prices in several currencies with no common one: no "cheapest"
        if best is None and cheap is None and all(x.brief.is_video for x in short):
            # talks and tutorials are not rated or priced: the kind's ranking decides
            first = short[0]
            return [self.sentence(self._n(
                "{name} is the only video ({count}) that fits your request.",
                "{name} comes first of the {count} videos that fit your request.",
                len(short), name=first.name, count=self.fmt.number(len(short))),
                self.own_passages(first)[:1])]
        if best is None and cheap is None:
            return [self.sentence(self._("No option that fits your request has a known "
                                         "rating or price, so none is recommended over the "
                                         "others."))]
        if best is not None and best is cheap:
            out.append(self.sentence(
                self._("{name} is both the best rated and the cheapest option that fits "
                       "your request: {rating}, {price}.", name=best.name,
                       rating=self.rating_text(best), price=self.price_text(best)),
                self.rating_sources(best, best.rating or 0.0) + self._price_items(best)))
        else:
            if best is not None:
                out.append(self.sentence(
                    self._("{name} is the best rated option that fits your request: "
                           "{rating}.", name=best.name, rating=self.rating_text(best)),
                    self.rating_sources(best, best.rating or 0.0)))
            if cheap is not None:
                out.append(self.sentence(
                    self._("{name} is the cheapest option that fits your request: {price}.",
                           name=cheap.name, price=self.price_text(cheap)),
                    self._price_items(cheap)))
        if len(short) >= 2:
            trade = self.trade_off(short[0], short[1])
            if trade is not None:
                out.append(trade)
        return out

    def _price_items(self, s: Subject) -> list[EvidenceItem]:
        return self.price_sources(s, s.price) if s.price is not None else []

    def trade_off(self, a: Subject, b: Subject) -> SynthesisSentence | None:
        items = (self.rating_sources(a, a.rating or 0.0) if a.rating is not None else []) + \
            (self.rating_sources(b, b.rating or 0.0) if b.rating is not None else []) + \
            self._price_items(a) + self._price_items(b)
        comparable = (a.checked is not None and b.checked is not None
                      and a.checked.currency == b.checked.currency)
        if a.rating is None or b.rating is None:
            if a.rating is None and b.rating is None:
                return None  # the cheapest sentence already says what can be said
            if not comparable or a.checked is None or b.checked is None:
                return None
            lo, hi = (a, b) if a.checked.amount <= b.checked.amount else (b, a)
            unknown = a if a.rating is None else b
            return self.sentence(self._(
                "Between the top two, {cheap} costs {diff} less than {other} ({pc} against "
                "{po}); the rating of {unknown} is not known.", cheap=lo.name, other=hi.name,
                diff=self._diff(hi, lo), pc=self.price_text(lo), po=self.price_text(hi),
                unknown=unknown.name), items)
        if same_rating(a.rating, b.rating):
            if not comparable or a.checked is None or b.checked is None:
                return self.sentence(self._("Between the top two, {a} and {b} are rated the "
                                            "same ({rating}).", a=a.name, b=b.name,
                                            rating=self.rating_text(a)), items)
            if same_price(a.checked.amount, b.checked.amount):
                return self.sentence(self._(
                    "Between the top two, {a} and {b} are rated the same ({rating}) and cost "
                    "the same ({price}).", a=a.name, b=b.name, rating=self.rating_text(a),
                    price=self.price_text(a)), items)
            lo, hi = (a, b) if a.checked.amount < b.checked.amount else (b, a)
            return self.sentence(self._(
                "Between the top two, {a} and {b} are rated the same ({rating}); {cheap} "
                "costs {diff} less ({pc} against {po}).", a=a.name, b=b.name,
                rating=self.rating_text(a), cheap=lo.name, diff=self._diff(hi, lo),
                pc=self.price_text(lo), po=self.price_text(hi)), items)
        hi, lo = (a, b) if a.rating > b.rating else (b, a)
        kw = dict(better=hi.name, other=lo.name, rb=self.rating_text(hi),
                  ro=self.rating_text(lo))
        if not comparable or hi.checked is None or lo.checked is None:
            unknown = hi if hi.checked is None else lo
            return self.sentence(self._(
                "Between the top two, {better} is rated higher than {other} ({rb} against "
                "{ro}); the price of {unknown} is not known.", unknown=unknown.name, **kw)
                if (hi.checked is None) != (lo.checked is None) else
                self._("Between the top two, {better} is rated higher than {other} ({rb} "
                       "against {ro}).", **kw), items)
        if hi.checked.amount > lo.checked.amount and not same_price(hi.checked.amount,
                                                                       lo.checked.amount):
            return self.sentence(self._(
                "Between the top two, {better} is rated higher than {other} ({rb} against "
                "{ro}) but costs {diff} more ({pb} against {po}).", diff=self._diff(hi, lo),
                pb=self.price_text(hi), po=self.price_text(lo), **kw), items)
        if same_price(hi.checked.amount, lo.checked.amount):
            return self.sentence(self._(
                "Between the top two, {better} is rated higher than {other} ({rb} against "
                "{ro}) and costs the same ({pb}).", pb=self.price_text(hi), **kw), items)
        return self.sentence(self._(
            "Between the top two, {better} is rated higher than {other} ({rb} against {ro}) "
            "and also costs {diff} less ({pb} against {po}).", diff=self._diff(lo, hi),
            pb=self.price_text(hi), po=self.price_text(lo), **kw), items)

    def _diff(self, hi: Subject, lo: Subject) -> str:
        assert hi.checked is not None and lo.checked is not None
        return self.fmt.amount(hi.checked.amount - lo.checked.amount, hi.checked.currency)

    def own_passages(self, s: Subject) -> list[EvidenceItem]:
        """A video subject's own transcript passages (evidence from the video itself, not
        from another video that mentions it), in the order the video says them."""
        own = [e for e in s.evidence if e.kind == "video" and e.title == s.name]
        return sorted(own, key=lambda e: _seconds(e.url) or 0.0)

    def moments(self, s: Subject) -> list[Moment]:
        """What the video covers: the first quotable statement of each passage, with the
        second it starts (the passage's link opens the video there)."""
        out: list[Moment] = []
        for item in self.own_passages(s):
            if len(out) >= self.cfg.max_sentences:
                break
            for raw in split_sentences(item.text):
                quote = quotable(raw, item.title, self._names)
                if quote is not None and all(m.quote != quote for m in out):
                    out.append(Moment(at=_seconds(item.url) or 0.0, quote=quote,
                                      citations=self.cites.of([item])))
                    break
        return out

    def notes_for(self, s: Subject) -> CandidateNotes:
        notes = CandidateNotes(key=s.brief.key, name=s.name, rank=s.brief.rank)
        if s.brief.is_video:
            notes.moments = self.moments(s)
            if not notes.moments:
                notes.facts.append(self.sentence(self._(
                    "No transcript of {name} could be read, so what it covers is not "
                    "known.", name=s.name)))
            return notes
        self._pros_cons(s, notes)
        count = s.brief.rating_count or max(
            (e.rating_count for e in s.evidence if e.rating_count), default=None)
        if count:
            notes.review_count = count
            notes.facts.append(self.sentence(
                self._n("{name} has {count} review in the cited sources.",
                        "{name} has {count} reviews in the cited sources.", count,
                        name=s.name, count=self.fmt.number(count)),
                [e for e in s.evidence if e.rating_count == count]))
        self._freshness(s, notes)
        if s.checked is None:
            notes.facts.append(self.sentence(
                self._("No price was found for {name}, so the budget could not be checked.",
                       name=s.name) if self.limits.budget else
                self._("No price was found for {name}.", name=s.name)))
        if s.rating is None:
            notes.facts.append(self.sentence(
                self._("No rating was found for {name}, so the minimum rating could not be "
                       "checked.", name=s.name) if self.limits.min_rating is not None else
                self._("No rating was found for {name}.", name=s.name)))
        return notes

    def _pros_cons(self, s: Subject, notes: CandidateNotes) -> None:
        seen_quotes: set[str] = set()
        covered: dict[int, list[str]] = {1: [], -1: []}
        limit = {1: self.cfg.max_pros, -1: self.cfg.max_cons}
        for item in s.evidence + s.loose:
            for raw in split_sentences(item.text):
                if len(notes.pros) + len(notes.cons) >= self.cfg.max_sentences:
                    return
                quote = quotable(raw, item.title, self._names)
                if quote is None or quote in seen_quotes:
                    continue
                named = self._mentions(quote)
                if (named and s.brief.key not in named) or (item in s.loose and not named):
                    continue  # about another candidate, or not said to be about this one
                for sign in (1, -1):
                    target = notes.pros if sign == 1 else notes.cons
                    aspects = [h.aspect for h in self.matcher.hits(quote) if h.polarity == sign]
                    new = [a for a in aspects if a not in covered[sign]]
                    if not new or len(target) >= limit[sign]:
                        continue
                    covered[sign] += new
                    seen_quotes.add(quote)
                    target.append(AspectNote(
                        aspect=new[0], label=", ".join(self.label(a) for a in new),
                        quote=quote, citations=self.cites.of([item])))

    def label(self, aspect: str) -> str:
        return self.tr.pgettext("aspect", aspect.replace("_", " "))

    def _freshness(self, s: Subject, notes: CandidateNotes) -> None:
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
        if reference is not None and (reference - newest).days > self.cfg.stale_days:
            text = self._("The newest dated evidence about {name} was published on {date}, "
                          "more than {days} days before it was retrieved: it may be out of "
                          "date.", name=s.name, date=self.fmt.date(newest),
                          days=self.fmt.number(self.cfg.stale_days))
        else:
            text = self._("The newest dated evidence about {name} was published on {date}.",
                          name=s.name, date=self.fmt.date(newest))
        notes.facts.append(self.sentence(text, items))

    def conflicts_for(self, s: Subject) -> list[Conflict]:
        out: list[Conflict] = []
        groups: list[tuple[float, list[EvidenceItem]]] = []
        for e in s.evidence:
            if e.rating is None:
                continue
            for value, items in groups:
                if same_rating(value, e.rating):
                    items.append(e)
                    break
            else:
                groups.append((e.rating, [e]))
        if len(groups) >= 2 and s.rating is not None:
            values = [ConflictValue(value=self.fmt.rating(v), citations=self.cites.of(items))
                      for v, items in groups]
            used = self.fmt.rating(s.rating)
            text = self._("Sources disagree on the rating of {name}: {values}. The check "
                          "uses the lowest, {used}.", name=s.name,
                          values=", ".join(v.value for v in values), used=used)
            out.append(Conflict(key=s.brief.key, name=s.name, field="rating", values=values,
                                used=used, sentence=self.sentence(
                                    text, [e for _, items in groups for e in items])))
        if s.price is not None:
            currency = s.price.currency
            stated = [(e.url, e.price) for e in s.evidence
                      if e.price is not None and e.price.currency == currency]
            per_source = per_source_prices(stated, lambda m: m.amount)
            pgroups: list[tuple[Money, list[EvidenceItem]]] = []
            for url, price in per_source:
                items = [e for e in s.evidence if e.url == url and e.price == price]
                for value, its in pgroups:
                    if same_price(value.amount, price.amount):
                        its.extend(items)
                        break
                else:
                    pgroups.append((price, items))
            if len(pgroups) >= 2:
                values = [ConflictValue(value=self.fmt.money(v), citations=self.cites.of(its))
                          for v, its in pgroups]
                used = self.price_text(s)
                text = self._("Sources disagree on the price of {name}: {values}. The budget "
                              "check uses the highest, {used}.", name=s.name,
                              values=", ".join(v.value for v in values), used=used)
                out.append(Conflict(key=s.brief.key, name=s.name, field="price",
                                    values=values, used=used, sentence=self.sentence(
                                        text, [e for _, its in pgroups for e in its])))
        return out

    def near_miss(self, s: Subject) -> NearMiss | None:
        if s.brief.rank is not None:
            return None
        price_ok, rating_ok = self.price_ok(s), self.rating_ok(s)
        if price_ok is False and rating_ok is not False:
            b = self.limits.budget
            assert b is not None and s.checked is not None
            if s.checked.amount <= b.amount * (1 + self.cfg.near_budget):
                value, limit = self.price_text(s), self.fmt.amount(b.amount, b.currency)
                return NearMiss(key=s.brief.key, name=s.name, field="price", value=value,
                                limit=limit, sentence=self.sentence(
                                    self._("{name} is just over budget: {price} against "
                                           "{budget}; it is not on the shortlist.",
                                           name=s.name, price=value, budget=limit),
                                    self._price_items(s)))
        if rating_ok is False and price_ok is not False:
            m = self.limits.min_rating
            assert m is not None and s.rating is not None
            if s.rating >= m - self.cfg.near_rating:
                value, limit = self.fmt.rating(s.rating), self.fmt.rating(m)
                return NearMiss(key=s.brief.key, name=s.name, field="rating", value=value,
                                limit=limit, sentence=self.sentence(
                                    self._("{name} is rated just under your minimum: "
                                           "{rating} against {minimum}; it is not on the "
                                           "shortlist.", name=s.name, rating=value,
                                           minimum=limit),
                                    self.rating_sources(s, s.rating)))
        return None

    def caveats(self, short: list[Subject]) -> list[SynthesisSentence]:
        priced = [s for s in short if s.price is not None]
        if not priced:
            return []
        fetched = [d for s in priced for e in self._price_items(s)
                   if (d := parse_date(e.retrieved_at)) is not None]
        period = self.fmt.period(self.limits.period)
        kw = {"date": self.fmt.date(max(fetched)) if fetched else "", "period": period}
        if fetched and period:
            text = self._("Prices are what the sources stated when retrieved ({date}); what "
                          "you pay depends on your dates ({period}) and on availability.", **kw)
        elif fetched:
            text = self._("Prices are what the sources stated when retrieved ({date}); what "
                          "you pay depends on your dates and on availability.", **kw)
        elif period:
            text = self._("Prices are what the sources stated; what you pay depends on your "
                          "dates ({period}) and on availability.", **kw)
        else:
            text = self._("Prices are what the sources stated; what you pay depends on your "
                          "dates and on availability.")
        return [self.sentence(text)]

    # --- the whole synthesis ---------------------------------------------------------

    def build(self, adapter: str) -> Synthesis:
        short = self.shortlisted()
        recommendation = self.recommendation(short)
        candidates = [self.notes_for(s) for s in short]
        near = [m for s in self.subjects if (m := self.near_miss(s)) is not None]
        near_keys = [m.key for m in near]
        conflicts = [c for s in short + [s for s in self.subjects if s.brief.key in near_keys]
                     for c in self.conflicts_for(s)]
        caveats = self.caveats(short)
        flat = list(recommendation)
        for notes in candidates:
            flat += [self._quote_sentence(notes.name, n, True) for n in notes.pros]
            flat += [self._quote_sentence(notes.name, n, False) for n in notes.cons]
            flat += notes.facts
            flat += [SynthesisSentence(text=self._(
                "{name}, at {time}: “{quote}”", name=notes.name,
                time=_clock(m.at), quote=m.quote), citations=list(m.citations))
                for m in notes.moments]
        flat += [c.sentence for c in conflicts] + [m.sentence for m in near] + caveats
        notes_out: list[str] = []
        if not self.req.evidence:
            notes_out.append(self._("no evidence was collected, so there is nothing to "
                                    "summarise"))
        return Synthesis(
            text=" ".join(_marked(s) for s in flat), sentences=flat,
            citations=self.cites.items, adapter=adapter, model="extractive",
            notes=notes_out, lang=self.fmt.lang, recommendation=recommendation,
            candidates=candidates, conflicts=conflicts, near_misses=near, caveats=caveats)

    QUOTE_MSGIDS = {True: "In favour of {name} ({aspect}): “{quote}”",
                    False: "Against {name} ({aspect}): “{quote}”"}

    def _quote_sentence(self, name: str, note: AspectNote, pro: bool) -> SynthesisSentence:
        msg = self.QUOTE_MSGIDS[pro]
        return SynthesisSentence(text=self._(msg, name=name, aspect=note.label,
                                             quote=note.quote),
                                 citations=list(note.citations))


def _clock(seconds: float) -> str:
    """1:15, 1:02:03: how a video player writes a moment (the same in every language)."""
    total = int(seconds)
    h, rest = divmod(total, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def _seconds(url: str) -> float | None:
    """The moment a timestamped video link opens at (``&t=75s``), or None."""
    m = re.search(r"[?&#]t=(\d+)s?\b", url)
    return float(m.group(1)) if m else None


def _marked(s: SynthesisSentence) -> str:
    return s.text + "".join(f" [{n}]" for n in s.citations)

