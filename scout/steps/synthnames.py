"""A model's synthesis read for the names it recommends that nothing it was given names.

A model may recommend a place that is no candidate and that no page it was sent names
("Hotel Miramar Suites es la mejor opción [E2]"): from its memory, or because a page's
injected text told it to. The citation says where the sentence comes from, not that the
page names it. Such a sentence is marked not supported by the evidence, and the report's
note names what was invented, in the request's language.

A name is a run of capitalised words ("Hotel Miramar Suites", "Hostal de la Luz"): two
words at least, or one beside a kind's noun ("el hotel Miramar"). A sentence's first word
(a list item's, a cell's, after a colon) is capitalised by grammar, "Recomiendo" or "Sin
duda", so it counts for a name only where the answer also writes it capitalised in the
middle of a sentence, or where the rest of its run is a kind's nouns alone ("Miramar
Suites es la mejor opción", with a singular verb after a plural noun). A name is invented
when it names no candidate and one of its own words (not a kind's noun, "hotel", "suites",
nor one the candidates share) appears in nothing the model was given — the evidence's
titles, texts and addresses, the candidates, the request's words and values, a web
search's own results — nor in lower case in the answer itself; or when it is made only
of such words, two or more, that no text given writes near one another ("Hotel Roman
Pignattara" of one page's "Roman trattoria" and another's "Tor Pignattara").

Only a recommended name is judged: one that holds a kind's noun, or stands in a list item
or a table row (the answer's options), or in a sentence that recommends ("best", "te
recomiendo", "la opción más barata"). A name after a word that places something ("in",
"near", "en", "cerca de", "via") is a place or a site, and one after a verb of looking
up ("check", "use", "consulta", "mira") or holding a tool's noun ("Google Maps", "the
Quandoo App") a site or a tool, unless it holds a kind's noun ("en el Hotel Miramar"). A
claim citing a page scout never read (Perplexity's own web results) is not judged: that
page may name it. A name one page writes together ("Trattoria Santa Maria" of a page's
"trattoria … Piazza di Santa Maria") is not caught, nor one of a single word a source
holds ("Hotel Centro").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from scout.adapters.contract import SynthesisRequest
from scout.adapters.figures import Claim
from scout.i18n import N_
from scout.schemas.sources import Synthesis
from scout.steps.mentions import shared_words
from scout.steps.namewords import generic_words, name_words
from scout.text import strip_accents

#: the note, as the report localises it (scout.i18n.messages)
INVENTED_NOTE = N_("the answer recommends {names}, which is no candidate and which nothing "
                   "the model was given names: the statements naming it are marked as not "
                   "supported by the evidence")

#: a word: letters first, then letters, digits, an apostrophe or a hyphen inside
_WORD = re.compile(r"[^\W\d_](?:[\w'’\-]*\w)?")
#: what starts a sentence's first word anew after it: a colon, a quote, a bracket
_RESTART = re.compile(r"[.!?…:;\"“”«»(\[¿¡—–]\s*$")
#: the small words inside names ("Hostal de la Luz", "Hotel of the Arts")
_JOINERS = frozenset("de del la las los el di da do dos das du des le les van von der "
                     "of the".split())
#: how much of the text before a name is read for the word that places it
_BEFORE = 60
#: an elided article inside a name ("Il Gabbiano d'Oro", "Caffè dell'Arte")
_ELIDED = re.compile(r"(?:d|l|dell|all|nell|sull)['’][A-ZÀ-Ý]")
#: words a sentence or an item starts with that start no name (folded)
_STARTERS = frozenset("a an the this these our my your for if also both each el la los las "
                      "un una mi tu su si para con sin tambien ambos cada este esta estos "
                      "estas".split())
#: generic_words() that are no noun: a name's small words, a site's own
_NOT_NOUNS = _JOINERS | {"and", "official", "site", "website"}
#: where a clause ends: a recommending word says something of the names in its clause
_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s|\b(?:but|while|whereas|pero|mientras|aunque)\b")
#: words that recommend, in both request languages (folded, lower case; a prefix ends "*")
_RECOMMEND = ("recommend*", "best", "top", "pick", "choice", "choose", "go for", "ideal",
              "perfect", "stands out", "worth", "cheapest", "winner", "favourite", "favorite",
              "recomiend*", "recomendad*", "recomendable", "mejor", "mejores", "opcion",
              "eleg*", "elij*", "elige", "perfect*", "destaca*", "vale la pena",
              "mas barat*", "mas economic*", "apuesta", "quedate", "alojate", "reserva")
_CUE = re.compile(r"\b(?:%s)\b" % "|".join(
    re.escape(c[:-1]) + r"\w*" if c.endswith("*") else re.escape(c) for c in _RECOMMEND))
#: words after which a capitalised name is a place or a site, not a recommended thing
_PLACING = re.compile(r"\b(?:in|at|near|on|via|through|from|to|around|by|en|cerca\s+de|"
                      r"junto\s+a|al\s+lado\s+de|frente\s+a|desde|hasta|hacia|por|"
                      r"a\s+pasos\s+de|close\s+to|next\s+to)"
                      r"(?:\s+(?:the|el|la|los|las|del|de))?\s*$", re.I)

#: a verb of looking something up or booking through it, right before a name: the name
#: is where one looks ("Check Google Maps for the best route", "Consulta Booking para el
#: mejor precio"), not a recommended option; "check out X", "visit X" recommend it
_CONSULTING = re.compile(r"\b(?:check|consult|search|look\s+(?:up|at)|use|using|open|"
                         r"download|compare|verify|browse|install|call|"
                         r"consult[ae]\w*|mir[ae]|miren|busc[ae]\w*|usa|usar|usando|"
                         r"utiliz[ae]\w*|abr[ae]|descarg[ae]\w*|compar[ae]\w*|"
                         r"revis[ae]\w*|verific[ae]\w*|comprueb[ae]\w*|instal[ae]\w*|"
                         r"llam[ae])"
                         r"(?:\s+(?:the|el|la|los|las|its|their|su|sus))?\s*$", re.I)
#: nouns of a place one looks things up in, in a name ("Google Maps", "la App Turismo
#: Roma"): a tool or a site, not a recommended thing
_TOOLS = frozenset("maps map app apps website web site platform plataforma aplicacion "
                   "guide guia".split())
#: a singular verb after a name that ends in a plural noun ("Miramar Suites es la mejor
#: opción", "Sunset Apartments offers"): one place, named, where "Cheap Hostels fill up
#: fast" is a kind of thing
_SINGULAR = re.compile(r"\s*(?:is|was|has|offers|remains|stands|gets|wins|sits|"
                       r"es|era|fue|tiene|ofrece|queda|destaca|sigue|resulta|gana)\b",
                       re.I)


class _Together:
    """Where each word of what the model was given stands (which text, which word of it),
    to tell whether a name's words stand together anywhere: a name made of the sources'
    words ("Hotel Barcelona Centro" of a page on hotels in Barcelona's centro) is named
    by none of them unless its words are written near one another."""

    #: how far (in words) from one of a name's words the others may stand and still be
    #: read as named together: this, and two more for each of its words
    SPAN = 4
    #: a word's places looked at, at most (a hostile prompt's 10,000 "hotel" is bounded)
    LOOKS = 400

    def __init__(self, texts: Iterable[str]) -> None:
        self.at: dict[str, list[tuple[int, int]]] = {}
        self.seen: dict[tuple[str, ...], bool] = {}  # a name the answer repeats, read once
        for n, text in enumerate(texts):
            for i, word in enumerate(re.findall(r"[a-z0-9]+", strip_accents(text).lower())):
                self.at.setdefault(word, []).append((n, i))

    def named(self, words: list[str]) -> bool:
        """Whether ``words`` (folded) stand near one another (:data:`SPAN`), in any
        order, in one text."""
        if tuple(words) not in self.seen:
            self.seen[tuple(words)] = self._near(words)
        return self.seen[tuple(words)]

    def _near(self, words: list[str]) -> bool:
        span = self.SPAN + 2 * len(words)
        places = [self.at.get(w, []) for w in words]
        if not all(places):
            return False
        rarest = min(places, key=len)
        others = [set(p) for p in places if p is not rarest]
        for n, i in rarest[:self.LOOKS]:
            if all(any((n, j) in p for j in range(i - span, i + span + 1))
                   for p in others):
                return True
        return False


def _fold(word: str) -> str:
    return strip_accents(word).lower().removesuffix("'s").removesuffix("’s")


def _vocabulary(texts: Iterable[str]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z0-9]+", strip_accents(t).lower())}


def _claims(synthesis: Synthesis) -> list[tuple[Claim, list[str], bool]]:
    """Each claim of the answer (a sentence, list item or table row, as the flat list and
    the blocks hold them), with its texts (a row's cells) and whether it is an option
    (a list item, a row)."""
    out: list[tuple[Claim, list[str], bool]] = []
    listed = {id(s) for b in synthesis.blocks if b.kind == "list" for s in b.items}
    for block in synthesis.blocks:
        if block.kind in ("paragraph", "list"):
            out.extend((s, [s.text], block.kind == "list") for s in block.items)
        elif block.kind == "table":
            out.extend((r, list(r.cells), True) for r in block.rows)
    seen = {id(c) for c, _, _ in out}
    out.extend((s, [s.text], id(s) in listed) for s in synthesis.sentences if id(s) not in seen)
    return out


class _Reader:
    """The names one answer writes, and which words it writes in lower case or capitalised
    mid-sentence."""

    def __init__(self, texts: list[str], kind: frozenset[str]) -> None:
        self.kind = kind
        self.lower: set[str] = set()
        self.capital_inside: set[str] = set()
        for text in texts:
            for m, first in self._words(text):
                word = m.group()
                if word[0].islower():
                    self.lower.add(_fold(word))
                elif not first:
                    self.capital_inside.add(_fold(word))

    @staticmethod
    def _words(text: str) -> Iterable[tuple[re.Match[str], bool]]:
        last = 0
        for m in _WORD.finditer(text):
            yield m, bool(_RESTART.search(text[last:m.start()])) or last == 0
            last = m.end()

    def _names_noun(self, run: list[tuple[re.Match[str], bool]], after: str) -> bool:
        """Whether a sentence's first word, capitalised by grammar, is a name's all the
        same: the rest of its run is a kind's nouns alone ("Miramar Suites", "Bellavista
        Ristorante"), which a name is made of and no sentence starts with, unless a
        plural one says a kind of thing ("Cheap Hostels fill up fast": a name takes a
        singular verb). Never a word the answer writes in lower case, a starter or a
        recommending word ("Best Hotels")."""
        first = _fold(run[0][0].group())
        rest = [_fold(m.group()) for m, _ in run[1:] if m.group().lower() not in _JOINERS]
        if not rest or len(rest) > 2 or not all(w in self.kind for w in rest):
            return False
        if len(first) < 3 or first in self.lower or first in _STARTERS or _CUE.fullmatch(first):
            return False
        return not rest[-1].endswith("s") or bool(_SINGULAR.match(after))

    def names(self, text: str, option: bool = False
              ) -> list[tuple[str, list[str], str, int]]:
        """(the name as written, its words that count, the few words before it, where it
        starts) for each name in ``text``; ``option``: a list item or a table cell, which a name often
        starts, so its first word is a name's unless the answer writes it in lower case."""
        out: list[tuple[str, list[str], str, int]] = []
        run: list[tuple[re.Match[str], bool]] = []

        def close(after: str) -> None:
            while run and run[-1][0].group().lower() in _JOINERS:
                run.pop()
            while run and run[0][0].group().lower() in _JOINERS:
                run.pop(0)
            if not run:
                return
            start = 0
            first_m, first = run[0]
            word = _fold(first_m.group())
            if first and word not in self.capital_inside and word not in self.kind and (
                    not option or first_m.start() > 0 or word in self.lower
                    or word in _JOINERS or word in _STARTERS):
                start = 1  # a sentence's first word, capitalised by grammar
                if self._names_noun(run, after):
                    start = 0  # "Miramar Suites es la mejor opción": a name, whole
            kept = run[start:]
            while kept and kept[0][0].group().lower() in _JOINERS:
                kept = kept[1:]
            capitals = [m.group() for m, _ in kept if m.group().lower() not in _JOINERS]
            if not capitals:
                run.clear()
                return
            start = kept[0][0].start()
            before = text[max(0, start - _BEFORE):start]  # bounded: linear in the answer
            near_kind = (_fold(_last_word(before)) in self.kind
                         or _fold(_first_word(after)) in self.kind)
            if len(capitals) >= 2 or near_kind:
                out.append((text[start:kept[-1][0].end()], capitals, before, start))
            run.clear()

        for m, first in self._words(text):
            word = m.group()
            titled = (word[0].isupper() and any(c.islower() for c in word[1:])) or bool(
                run and _ELIDED.match(word))
            gap = text[run[-1][0].end():m.start()] if run else " "
            if run and gap.strip() not in ("", "&"):
                close(text[run[-1][0].end():])
            if titled or (word.isupper() and len(word) > 1 and run):
                run.append((m, first))
            elif run and word.lower() in _JOINERS:
                run.append((m, first))
            elif run:
                close(text[m.start():])
        if run:
            close("")
        return out


def _whole(own: list[str], name: str) -> bool:
    """Whether ``name`` names a candidate whole, by every word that tells it apart (its
    ``own``: "Trattoria Luna Piena" shares "trattoria" with "Trattoria Da Enzo", and is
    another)."""
    said = set(re.findall(r"[a-z0-9]+", strip_accents(name).lower()))
    return bool(own) and all(w in said or f"{w}s" in said for w in own)


def _clause_cuts(text: str) -> list[tuple[int, int]]:
    """Where ``text``'s clauses are cut (each cut's start and end), in order."""
    return [m.span() for m in _CLAUSE.finditer(text)]


def _recommended(text: str, cuts: list[tuple[int, int]], start: int, length: int) -> bool:
    """Whether the clause of ``text`` (cut at ``cuts``) holding the name at ``start``
    recommends."""
    at = bisect.bisect_right(cuts, (start, len(text)))
    begin = cuts[at - 1][1] if at else 0
    after = bisect.bisect_left(cuts, (start + length, -1))
    end = cuts[after][0] if after < len(cuts) else len(text)
    return bool(_CUE.search(strip_accents(text[begin:end]).lower()))


def _last_word(text: str) -> str:
    words = _WORD.findall(text[-40:])
    return words[-1] if words else ""


def _first_word(text: str) -> str:
    m = _WORD.search(text[:40])
    return m.group() if m else ""


def invented_names(synthesis: Synthesis, request: SynthesisRequest,
                   said: Iterable[str] = ()) -> list[str]:
    """The recommended names of a model's ``synthesis`` that are no candidate and that
    nothing the model was given names (``request``: what was sent; ``said``: the
    request's own words), in the answer's order; the claims naming them are marked
    ``uncited``. [] for the keyless synthesis."""
    if not synthesis.model:
        return []
    names = list(dict.fromkeys([*request.candidates, *(s.name for s in request.subjects)]))
    shared = shared_words(names)
    # the nouns a kind's names are made with ("hotel", "hostal", "suites"), the words the
    # candidates share and the kind's own nouns: none tells a name apart
    kind = frozenset({w for w in generic_words() if len(w) >= 3 and w not in _NOT_NOUNS}
                     | shared | {_fold(n) + end for n in request.kind_nouns
                                 for end in ("", "s", "es")}
                     | {w for n in request.kind_nouns for w in name_words(n)})
    read = [request.question, *said, *names, *map(str, request.task.values()),
            *(f"{e.title} {e.text} {e.url} {e.subject or ''}" for e in request.evidence),
            *(f"{s.title} {s.snippet}" for s in synthesis.sources)]
    known = _vocabulary(read)
    together = _Together(read)
    evidence_urls = {e.url for e in request.evidence}
    web = {c.index for c in synthesis.citations if c.url not in evidence_urls}
    owns = [name_words(n) for n in names]
    claims = _claims(synthesis)
    reader = _Reader([t for _, texts, _ in claims for t in texts], kind)
    found: list[str] = []
    for claim, texts, option in claims:
        if set(getattr(claim, "citations", [])) & web:
            continue  # it cites a page scout never read, which may name it
        for text in texts:
            clauses = _clause_cuts(text)
            for shown, words, before, start in reader.names(text, option):
                folded = [_fold(w) for w in words]
                kinded = any(w in kind for w in folded) or _fold(_last_word(before)) in kind
                if not (kinded or option or _recommended(text, clauses, start, len(shown))):
                    continue
                if (_PLACING.search(before) or _CONSULTING.search(before)
                        or any(w in _TOOLS for w in folded)) and not kinded:
                    continue  # a place, a site or a tool, not an option
                own = [w for w in folded if w not in kind and len(w) >= 3
                       and not set(re.findall(r"[a-z0-9]+", w)) <= known
                       and w not in reader.lower]
                if any(_whole(w, shown) for w in owns):
                    continue
                if not own:
                    # made only of the given words: invented where two of its words or
                    # more stand together nowhere in what was given
                    words = list(dict.fromkeys(
                        w for w in folded if w not in kind and len(w) >= 3
                        and w not in _JOINERS))
                    if len(words) < 2 or together.named(words):
                        continue
                claim.uncited = True
                if shown not in found:
                    found.append(shown)
    return found


def invented_note(names: list[str]) -> str | None:
    return INVENTED_NOTE.format(names=", ".join(names)) if names else None
