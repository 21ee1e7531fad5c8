"""The runs of words that may be a request's subject (:mod:`scout.task.subject`).

:func:`find_phrases` walks the request's tokens (:class:`scout.task.subjectmarks.Tok`, already
marked with places, counts, claims and names) from where the subject may start and
returns each run of words that may be it, in order: the words of one noun phrase joined
by "de / a la / and / con / sin" ("pulpo a la gallega"), by "por" ("visión por
computador"), with no place input by "en / in" ("sesgos en modelos de lenguaje"), a
model's numbers ("RTX 4060", "Dell XPS 13": :func:`_model_number`), a compound's tail
("machine learning") and a quality word that is the topic's noun ("calidad del aire",
"air quality": :func:`_heads_topic`). A frame or constraint word
(:func:`scout.task.subjectslips.is_stop`), a place, a count, a feature after "con /
with", a relative clause's verb or a way of taking part ("online") ends a run; in a chat
request "de / of" before the place ends it too (:func:`scout.task.subjectplace.place_follows`).
"""

from __future__ import annotations

import re

from scout.task import subjectwords as sw
from scout.task.placewords import LANDFORMS
from scout.task.subjectmarks import Tok as _Tok, per_time
from scout.task.subjectplace import place_follows
from scout.task.subjectslips import is_stop


def _model_number(toks: list[_Tok], i: int, free: str) -> bool:
    """Token ``i``, a number right after a subject's word (a space between), ends a
    model's name ("iPhone 15", "Dell XPS 13", "RTX 4060"): no connector before it ("piso
    de 2"), no amount's decimals or thousands ("portátil 1.500"), four digits at most, no
    year when the pipeline reads years ("toyota corolla 2015"), no word after it that it
    counts ("ramen 2 personas"): only the end, punctuation, what another reader claimed,
    or a function, request or quality word ("iphone 15 por menos de 900 €", "ps5 barata")."""
    tok, prev = toks[i], toks[i - 1]
    if not prev.word or prev.text in sw.CONNECTORS or prev.joins or len(tok.text) > 4 \
            or tok.year:
        return False
    if re.match(r"[.,'’]\d", free[tok.end:tok.end + 2]):
        return False
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    return nxt is None or not nxt.word or nxt.place or nxt.text in sw.AFTER_MODEL


def _stop(tok: _Tok, slips: bool = True) -> bool:
    """``tok`` is never part of a subject (:func:`subjectslips.is_stop`), unless it is this
    request's noun though the other language's stop word (``own``) or a function word's
    letters typed in capitals, an acronym (``caps``: "a PA system", where "pa" is chat
    Spanish's "para"; a request word in capitals, "JOB:", is still a request word)."""
    return not tok.own and not (tok.caps and tok.text in sw.FUNCTION_WORDS) \
        and is_stop(tok.text, slips=slips)


def _rated_alone(tok: _Tok, nxt: _Tok | None) -> bool:
    """A word of reviews, ratings or prices (:data:`subjectwords.RATED`) standing alone,
    nothing after it but a frame word: right after the subject's cue or what the kind finds
    and its "de" ("app de notas", "charlas sobre precios") it is what the thing is about;
    a rating is read with its number or its degree ("de nota 8", "de precio medio")."""
    return tok.text in sw.RATED and (nxt is None or not nxt.word or nxt.text in sw.FRAME
                                     or nxt.text in sw.WITH or nxt.text in sw.CONNECTORS)


def _content(tok: _Tok | None) -> bool:
    """A word that may be a topic's: no place, no count, no frame or constraint word."""
    return tok is not None and tok.word and not tok.place and not tok.counted \
        and not _stop(tok, slips=False)


def _heads_topic(toks: list[_Tok], i: int, words: list[int], priced: bool = False) -> bool:
    """Whether the quality or price word at ``i`` (:data:`sw.HEAD_NOUNS`) is the topic's
    noun, not how good or cheap it should be: opening what it is of ("calidad del aire",
    "precios de la vivienda", "datos de calidad del agua"; "sushi de calidad" has none), or ending a
    word of the topic with nothing of the topic after it ("air quality", "house prices";
    not "quality sushi", "good quality")."""
    tok, nxt = toks[i], toks[i + 1] if i + 1 < len(toks) else None
    if nxt is not None and nxt.text in sw.OF:
        j = i + 2
        if j < len(toks) and toks[j].text in sw.ARTICLES:
            j += 1
        return j < len(toks) and _content(toks[j]) and not toks[j].capital
    # ... or, a price, opening an English compound ("price indices", "price data"): no
    # adjective as "quality" is ("quality sushi"), but after one it is how cheap ("best
    # price sushi"); for a kind with a price of its own (``priced``: a money input) it is
    # that price asked ("price sushi in Rome")
    if not words and not priced and tok.text in sw.PRICE_NOUNS and _content(nxt) \
            and not (i and toks[i - 1].text in sw.QUALITY):
        return True
    # ... or between two (English compounds: "sea level rise", "air quality data")
    return bool(words) and words[-1] == i - 1 and _content(toks[i - 1]) \
        and toks[i - 1].text not in sw.CONNECTORS


# with no place input, these join two words of a topic ("visión por computador",
# "sesgos en modelos de lenguaje", "machine learning in healthcare"); "for" / "para"
# name whom it is for ("R for beginners") more often than a topic's part
_TOPIC_JOINS = frozenset({"en", "in", "por"})
# ... and this one with a place input too: no place follows "por" ("visión por computador
# en Europa")
_JOINS_ALWAYS = frozenset({"por"})
# ... but not before the units a figure is broken down by ("afiliación por provincias",
# "paro por comunidades"): how the data is split, not the topic's words
_BREAKDOWN = frozenset("""
provincias regiones comunidades municipios paises ciudades barrios distritos estados
departamentos condados comarcas islas
""".split())


def find_phrases(toks: list[_Tok], start: int, chat: bool, free: str, topical: bool = False,
                 countries: bool = False, priced: bool = False) -> list[tuple[int, int, bool]]:
    """(first, last, ended by "de"/"of") of each run of subject words from ``start``;
    ``free`` is the text ``toks`` were read from; ``topical``: the pipeline has no place
    input, so "en / in / por" between two words of the topic joins them; ``priced``: the
    kind has a money input (:func:`_heads_topic`)."""
    out: list[tuple[int, int, bool]] = []
    words: list[int] = []  # indices of the current phrase, connectors included
    skipping = False  # after "con amigos", "with a view": a feature, not the subject
    in_field = False  # after "research in", "máster en": the field's words go on

    def close(of: bool = False) -> None:
        while words and (toks[words[-1]].text in sw.CONNECTORS or toks[words[-1]].joins
                         or toks[words[-1]].text in sw.PUBLISHED):
            words.pop()
        if words:
            out.append((words[0], words[-1], of))
        words.clear()

    for i in range(start, len(toks)):
        tok = toks[i]
        if words and words[-1] >= i:  # an article taken with the joining word before it
            continue
        if tok.text == "&" and words:  # "fish & chips"
            words.append(i)
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if words and tok.text.isdigit() and not tok.year and nxt is not None and nxt.word \
                and not nxt.place and not _stop(nxt) and not per_time(toks, i + 2):
            words.append(i)  # "rtx 4090 laptop": a number inside a name is part of it
            nxt.counted = False
            continue
        if not chat and tok.text.isdigit() and words and words[-1] == i - 1 \
                and _model_number(toks, i, free):
            words.append(i)  # "iPhone 15", "Dell XPS 13", "laptop RTX 4060 under 1500 USD"
            continue
        if not tok.word or tok.place or tok.counted:
            close()
            skipping = False
            continue
        text = tok.text
        if text in sw.ASKED_COPULA and i and toks[i - 1].text in sw.QUESTION:
            close()  # "¿Cuáles son ...?"
            continue
        if text in LANDFORMS and nxt is not None and nxt.text in sw.OF:
            j = i + 3 if i + 2 < len(toks) and toks[i + 2].text in sw.ARTICLES else i + 2
            if j < len(toks) and (toks[j].capital or toks[j].place):
                close()  # "por la sierra de Guadarrama": the name's noun, the place's
                for k in range(j, len(toks)):  # and its name (read by the place reader)
                    if not toks[k].word or not (toks[k].capital or toks[k].place
                                                or toks[k].text in sw.OF):
                        break
                    toks[k].place = True
                continue
        if i >= 2 and toks[i - 1].text in sw.RELATIVE and (toks[i - 2].word
                                                           or toks[i - 2].text == ","):
            # "cursos que empiecen en enero", "..., que corra en Windows": the clause's
            # verb, no subject
            close()
            continue
        if chat and not in_field and text in sw.OF and (words or out) \
                and not (nxt is not None and nxt.word and sw.cuisine(nxt.text)) \
                and place_follows(toks, i, words, start, countries):
            # (a language or nationality after it is the subject's: "curso intensivo de alemán")
            close(of=True)  # "el mejor ramen de lyon": the place follows
            break
        if words and text in sw.WITH and i + 1 < len(toks) and toks[i + 1].text in sw.ARTICLES:
            close()  # "ramen with a view", "tapas con una terraza": a feature follows
            skipping = True
            continue
        if words and text == "to" and toks[i - 1].text in sw.INTRO and nxt is not None \
                and nxt.word and not nxt.place:
            words.append(i)  # "introduction to machine learning": one topic
            continue
        if tok.field and nxt is not None and nxt.word and not nxt.place:
            if all(toks[j].text in sw.FIELD_HEADS - sw.FIELD_PEOPLE or is_stop(toks[j].text)
                   for j in words):
                words.clear()  # "investigación en cambio climático": the field is the topic
            else:
                words.append(i)  # "investigador en cambio climático": one role
            in_field = True  # "máster en ciencia de datos": its "de" leads to no place
            continue
        if words and (text in sw.CONNECTORS or tok.joins):
            words.append(i)
            continue
        # ... an article between too: "microplásticos en el océano", "bias in the hiring
        # process" (the article joins with the word after it)
        head = toks[i + 2] if topical and nxt is not None and nxt.text in sw.ARTICLES \
            and i + 2 < len(toks) else nxt
        if (topical or text in _JOINS_ALWAYS) and words and words[-1] == i - 1 \
                and text in _TOPIC_JOINS \
                and head is not None and head.word and not head.place and not head.counted \
                and not _stop(head) and not (text == "por" and head.text in _BREAKDOWN):
            words.extend([i, i + 1] if head is not nxt else [i])
            continue
        if text in sw.MODES and (not words and (not nxt or not nxt.word or _stop(nxt))
                                 or (nxt is not None and nxt.text in sw.VENUES)):
            close()  # "charlas online de lingüística", "python online course": how one
            continue  # attends, not the topic
        if words and words[-1] == i - 1 and text in sw.COMPOUND_TAILS \
                and toks[i - 1].text not in sw.CONNECTORS and not is_stop(toks[i - 1].text):
            words.append(i)  # "machine learning", "wine tasting"
            continue
        if text in sw.HEAD_NOUNS and _heads_topic(toks, i, words, priced):
            words.append(i)  # "calidad del aire", "air quality": the topic's noun
            continue
        # right after a joining word a subject goes on, and right after its cue ("sobre",
        # "about") it starts: a word that is a frame word only as a slip of one is itself
        # ("ciencia de datos" is no slip of "danos", "sobre bases de datos" of "bares")
        # ... and so does a name's word typed with its capital right after a word of the
        # subject ("Chianti Classico", "rioja Reserva": no slip of "classic" / "reservar")
        # ... and so does a word between two of the subject's ("labelled plant image",
        # "bike sharing trips": no slip of "plans" / "starting" inside a noun phrase)
        as_written = (words and (toks[words[-1]].text in sw.CONNECTORS
                                 or (tok.capital and words[-1] == i - 1)
                                 or (words[-1] == i - 1 and nxt is not None
                                     and _content(nxt) and not _stop(nxt)))) \
            or (start and i == start)
        # ... and a name typed with its capitals goes on through a frame word of it
        # ("Sagrada Familia"): both typed with capitals, the stop word mid-sentence and no
        # word for the venue ("Sushi Bar" is a sort of bar)
        named = tok.capital and bool(words) and words[-1] == i - 1 and toks[i - 1].capital \
            and toks[i - 1].text not in sw.CONNECTORS and text not in sw.VENUES \
            and text not in sw.WITH and text not in sw.FRAME
        if _stop(tok) and not named and not (as_written and not _stop(tok, slips=False)) \
                and not (start and i == start and _rated_alone(tok, nxt)):
            close()
            if text in sw.WITH and not out:
                # "con amigos", "with a terrace": a feature, not the subject; but "a
                # place with good pizza" is about pizza
                skipping = not (i + 1 < len(toks) and toks[i + 1].text in sw.QUALITY)
            elif text in sw.FRAME:
                skipping = False
            continue
        if not skipping:
            words.append(i)
    close()
    return out
