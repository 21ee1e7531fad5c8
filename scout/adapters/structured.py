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
given, in declaration order (as rank reads it), is the limit when its comparator is an
upper bound (the budget when it is the kind's first money input, else named by its label:
``SynthesisRequest.money_label``), the first ``rating`` input the minimum rating, a
``month`` or ``daterange`` input the period; where the ranking read no price
(``SynthesisRequest.prices_unread``: the money asked is a loan amount, no budget) there
is no limit on money. Nothing here knows about hotels.

This module is the :class:`Builder` (what every section reads: the subjects, the checks,
the sources of a fact, the citation numbers; and the whole synthesis put together); the
sections are their own modules: ``recommend.py``, ``candidate_notes.py`` (pros and cons,
facts, moments), ``conflicts.py`` (conflicts, near misses, caveats); ``subjects.py`` what
they all know of the request and its candidates.
"""

from __future__ import annotations

import gettext
from typing import Any

from scout.adapters.aspects import AspectMatcher, LexiconMatcher
from scout.adapters.aspectwords import asked_words, aspects_of, category_words, own_words, \
    scope_of
from scout.adapters.candidate_notes import notes_for
from scout.adapters.conflicts import conflicts_for, near_miss, price_caveats
from scout.adapters.facts import conservative_price, conservative_rating, same_price, \
    same_rating
from scout.adapters.localefmt import Formatter
from scout.adapters.recommend import recommend
from scout.adapters.subjects import Cites, Constraints, Subject
from scout.config.settings import ExtractiveSettings
from scout.adapters.text import terms
from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.units import MEASURE_UNITS, RATE_UNITS, per_factor
from scout.schemas.sources import KEYLESS_MODEL, AspectNote, Synthesis, SynthesisSentence
from scout.schemas.task import Money
from scout.task.taxbasis import stated_rate


class Builder:
    """One synthesis from one request; :meth:`build` is called once."""

    def __init__(self, request: SynthesisRequest, settings: ExtractiveSettings,
                 translations: gettext.NullTranslations,
                 matcher: AspectMatcher | None = None) -> None:
        self.req = request
        self.cfg = settings
        self.tr = translations
        self.fmt = Formatter(request.lang, translations, request.rating_scale)
        # a kind's own scope: a laptop's "fast" is no short wait (scout.adapters.aspects)
        self.matcher = matcher or LexiconMatcher(
            scope_of(request.task_types, request.input_aliases),
            asked_words(request.task, request.task_types, request.input_aliases,
                        request.input_synonyms),
            own_words(request.kind_nouns),
            category_words(request.task, request.task_types, request.input_synonyms),
            # a kind's own aspects: a restaurant's food for a restaurant, none for a paper
            aspects_of(request.task_types, request.input_aliases, request.input_synonyms,
                       request.kind_nouns))
        self.limits = Constraints.of(request.task, request.task_types)
        if request.prices_unread:
            # the ranking held no record to the request's money (a loan amount, not a
            # budget): no price is looked for, no budget said to go unchecked
            self.limits.budget, self.limits.priced = None, False
        self.cites = Cites()
        self.subjects = self._subjects()
        self._distinct = self._distinct_terms()
        for item in request.evidence:
            if not item.subject:
                named = self.mentions(f"{item.title} {item.text}")
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
        raw = self.req.task.get("values")
        values: dict[str, Any] = raw if isinstance(raw, dict) else self.req.task
        places = [v for k, v in values.items() if isinstance(v, str)
                  and self.req.task_types.get(k, "place") == "place"]
        #: words a bare title is made of: the candidates' names and the place asked about
        self.names = [s.name for s in subjects] + places
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
            if not self.limits.priced:
                # a kind with no money input never asked what things cost: a paper's
                # "PDF 39.95 USD" makes it no "cheapest option", nor a price conflict
                s.price = s.checked = None
        return subjects

    def _distinct_terms(self) -> dict[str, list[str]]:
        """Per subject, the words of its name no other subject's name has."""
        counts: dict[str, int] = {}
        named = self._terms = {s.brief.key: terms(s.name) for s in self.subjects}
        for words in named.values():
            for w in dict.fromkeys(words):
                counts[w] = counts.get(w, 0) + 1
        return {k: [w for w in words if counts[w] == 1] or words for k, words in named.items()}

    def mentions(self, sentence: str) -> list[str]:
        """The keys of the subjects ``sentence`` names. The more specific name wins: a
        sentence naming "Iberia evening MAD–JFK" says every word of "Iberia MAD–JFK" too,
        which is not named by it (:mod:`scout.steps.samething`). A name whose own words
        are numbers is said only with a word they stand beside in it (:func:`_said`)."""
        said = terms(sentence)
        words, pairs = set(said), set(zip(said, said[1:]))
        named = [k for k, ws in self._distinct.items()
                 if ws and all(_said(w, self._terms[k], words, pairs) if _numbers(ws)
                               else w in words for w in ws)]
        full = {s.brief.key: set(terms(s.name)) for s in self.subjects if s.brief.key in named}
        return [k for k in named if not any(full[k] < full[o] for o in named)]

    def price_ok(self, s: Subject) -> bool | None:
        b = self.limits.budget
        if b is None or s.checked is None or s.checked.currency != b.currency:
            return None
        if b.tax and s.checked.tax and b.tax != s.checked.tax:
            return None  # "+ IVA" against a budget "IVA incluido" with no rate: unknown
        if s.brief.rank is None and s.brief.cost is not None:
            # left out by the amount the kind's arithmetic compared (a call-out fee added
            # to a rate), which its reason held to the budget: that one, not the price
            return s.brief.cost < b.amount if b.comparator == "<" else \
                s.brief.cost <= b.amount
        if per_factor(s.checked.per, b.per) != 1.0 or (
                s.checked.per != b.per and {s.checked.per, b.per} & RATE_UNITS):
            # a price per another period than the budget's that rank did not convert (per
            # person against a month), or another unit of work (a price per word against a
            # budget stating none): unknown, never compared as if it were the same
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
        if s.price is None and s.checked is not None:
            # no price on its page, but the kind worked one out (a notary's share of the
            # property's value): that amount, never an empty "the cheapest: ."
            return self._("{amount} as the ranking works it out",
                          amount=self.fmt.money(s.checked))
        text = self.fmt.money(s.price)
        if s.price is not None and s.checked is not None and s.price.amount \
                and s.price.per in MEASURE_UNITS and s.checked.per == "total" \
                and s.checked.currency == s.price.currency:
            # a rate per a measure times the quantity asked: exact, said as the table says
            # it, "875 € in total (35 €/m³ × 25)", never "≈" as a conversion would be; the
            # extras its page states that were added after (a collection fee asked for)
            # said beside, never folded into the quantity ("20,60 € (2,20 €/kg × 8 + 3 €)")
            extras = s.brief.extras_added or 0.0
            qty = round((s.checked.amount - extras) / s.price.amount, 2)
            text = self.fmt.money(s.checked) + " (" + text + " × " + self.fmt.number(
                qty, 0 if qty.is_integer() else 2) + (" + " + self.fmt.money(Money(
                    amount=extras, currency=s.checked.currency)) if extras else "") + ")"
        elif s.price is not None and s.checked is not None and s.brief.extras_added \
                and s.checked.currency == s.price.currency and s.checked.per == s.price.per \
                and same_price(s.checked.amount - s.brief.extras_added, s.price.amount):
            # the price as stated and the extras its page states beside it that the request
            # asks for, added: exact, "19,90 € (15 € + 4,90 €)", never "≈" as a conversion is
            text = self.fmt.money(s.checked) + " (" + text + " + " + self.fmt.money(Money(
                amount=s.brief.extras_added, currency=s.checked.currency)) + ")"
        elif s.price is not None and s.checked is not None and s.checked != s.price:
            rate = stated_rate(s.price, s.checked)
            # put on the other tax basis only, at a stated rate: exact, "(5.566 € tax
            # included, 21 %)"; a bundle's share is exact too, "(2.99 USD/hour each, the
            # bundle's price divided by 8)";
            # a currency's or a period's conversion is approximate
            text += " (" + self.fmt.money(s.checked) + ", " + self.fmt.number(rate, 0 if rate.is_integer() else 1) + " %)" \
                if rate is not None and s.price.per == s.checked.per else \
                " (" + ("≈ " if s.checked.currency != s.price.currency else "") + self._(
                    "{amount} each, the bundle's price divided by {count}", amount=self.fmt.money(s.checked),
                    count=s.brief.bundle) + ")" if s.brief.bundle else \
                " (≈ " + self.fmt.money(s.checked) + ")"
        cost = s.brief.cost
        if cost is not None and s.checked is not None and not same_price(cost, s.checked.amount):
            # the kind's arithmetic compared another amount (3 pipettes at 285 € each, the
            # whole order): said first, with what it is for where the kind says (a yearly
            # estimate a month), as the report's table says it, so "the cheapest" at a
            # price above another's is no riddle; the page's price follows, which the
            # sentence's citation is for
            return self._("{amount} as the ranking compares it ({stated} as stated)",
                          amount=self.fmt.money(Money(amount=cost, currency=s.checked.currency,
                                                      per=s.brief.cost_per)), stated=text)
        return text

    def rating_text(self, s: Subject) -> str:
        return self.fmt.rating(s.rating) if s.rating is not None else ""

    def price_items(self, s: Subject) -> list[EvidenceItem]:
        return self.price_sources(s, s.price) if s.price is not None else []

    # --- the whole synthesis ---------------------------------------------------------

    def build(self, adapter: str) -> Synthesis:
        short = self.shortlisted()
        recommendation = recommend(self, short)
        candidates = [notes_for(self, s) for s in short]
        near = [m for s in self.subjects if (m := near_miss(self, s)) is not None]
        near_keys = [m.key for m in near]
        conflicts = [c for s in short + [s for s in self.subjects if s.brief.key in near_keys]
                     for c in conflicts_for(self, s)]
        caveats = price_caveats(self, short)
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
        if not self.req.evidence and self.subjects:
            # with no candidate either, the recommendation already says there is none
            notes_out.append(self._("no evidence was collected, so there is nothing to "
                                    "summarise"))
        return Synthesis(
            text=" ".join(_marked(s) for s in flat), sentences=flat,
            citations=self.cites.items, adapter=adapter, model=KEYLESS_MODEL,
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


def _marked(s: SynthesisSentence) -> str:
    return s.text + "".join(f" [{n}]" for n in s.citations)


def _numbers(words: list[str]) -> bool:
    return all(any(ch.isdigit() for ch in w) for w in words)


def _said(word: str, name: list[str], words: set[str], pairs: set[tuple[str, str]]) -> bool:
    """Whether a sentence (its ``words``, and each word with the next: ``pairs``) says the
    number ``word`` of a subject's ``name`` (its terms) as the name does. A number alone
    names nothing: "11 hours of battery" is not "ThinkPad X1 Carbon Gen 11", whose only
    word of its own is "11"; it must stand beside a word it stands beside in the name
    ("Gen 11", "11 Pro")."""
    at = [i for i, w in enumerate(name) if w == word]
    return any((i > 0 and (name[i - 1], word) in pairs)
               or (i + 1 < len(name) and (word, name[i + 1]) in pairs) for i in at)

