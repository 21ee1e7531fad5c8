"""What a request asks about (the ``subject`` input type): the dish in "best ramen in
Lyon", the topic in "charlas sobre regresión logística", the product in "gaming laptop
under 1000 EUR".

The subject is the first noun phrase left once everything else is accounted for:

* what the other inputs claimed, and what the other readers would read even when the
  pipeline does not declare them (dates, amounts, ratings, durations, areas: "ramen para
  esta noche" is about ramen), and a word a number counts ("para 4 personas");
* places: the name after "in / en / near / cerca de" (read by :mod:`scout.task.place`),
  but not a name after "in / en" the place reader passed over for a later, known place
  ("chile en nogada en puebla" is about chile en nogada), and, with no such cue, any name
  the gazetteer knows (:func:`scout.task.gazetteer.known_place_words`: "madrid sushi
  barato", a bare "Palma de Mallorca"), so a known place is never the subject;
* the request's frame and qualifiers (:mod:`scout.task.subjectwords`): verbs of asking and
  eating, question words, pronouns, politeness ("quiero comer", "where to eat", "dónde
  cenar", "find me"), what is searched for ("restaurants", "sitios de", "talks"), quality
  and price words ("best", "authentic", "típico", "barato"), company ("con amigos"), also
  typed with a typo ("dnde", "resturante"), and how one takes part ("online") when it
  opens a phrase alone or before "de" ("charlas online de lingüística").

Words joined by "de / a la / al / and / con / sin" stay one subject ("pulpo a la
gallega", "fish and chips", "arroz con leche"), and "por" between two of its words too
("visión por computador"), and, with no place input to leave a place to, "en / in"
("sesgos en modelos de lenguaje"), and so do a model's numbers: a token of
letters and digits ("Galaxy S24", "WH-1000XM5"), a number inside a name ("rtx 4090
laptop") and one right after a name's word that counts nothing after it ("laptop RTX
4060 under 1500 USD", "Dell XPS 13": :func:`_model_number`); a product's condition ("de
segunda mano", "used") is no part of it. An input's ``aliases`` are words the
subject follows ("about", "sobre" always are): "tutorials on logistic regression".

When the pipeline also has a place input and no place was found either way, the request
is read as chat writes it, with the place after the subject: "de"/"of" after the subject
leads to the place ("el mejor ramen de lyon"), and the last word (two with a name head:
"san juan") of a subject of several words is left to the place reader ("ramen girona
barato"), as is a lone word right after "restaurants" ("restaurantes soria"), but only
when the place reader takes it ("deep learning courses in English" keeps "learning"), and
never from words right before what is searched for ("data analysis courses"). A relative
clause's first word is its verb, no subject ("cursos que empiecen en enero"). A lone
word otherwise is the subject ("sushi"). Nothing left: no subject (the input stays unset).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Sequence

from scout.i18n import COUNT_WORDS
from scout.task import subjectwords as sw
from scout.task.establishments import name_spans
from scout.task.lang import fold, function_lang
from scout.task.place import title_case
from scout.task.placewords import LANDFORMS
from scout.task.subjectmask import CLAIMED as _CLAIMED, mask_readings
from scout.task.subjectmarks import Tok as _Tok
from scout.task.subjectmarks import index_at as _index_at
from scout.task.subjectmarks import mark_cue_places as _mark_cue_places
from scout.task.subjectmarks import mark_known_places as _mark_known_places
from scout.task.subjectplace import known_run, leave_place, place_follows, place_takes

# a word may hold digits ("m2", "ps5", "4x4": a model's name); digits alone are a number
# ("C++", "C#", "F#": a language's name keeps its signs)
_TOKEN = re.compile(r"\x00+|[^\W_]+(?:[-'’][^\W_]+)*(?:\+\+|#)?(?![\w+#])|[^\W_]+(?:[-'’][^\W_]+)*"
                    r"|&|[^\w\s]")
_LETTER = re.compile(r"[^\W\d_]")
_AGED = re.compile(r"\d{1,2}-(?:years?|yrs?|month|months)-olds?", re.IGNORECASE)
_SUBJECT_CUES = ("about", "sobre", "acerca de")
# a count in words ("para doce", "dinner for two"); not "one" / "una" (articles too) nor
# "once" (English)
_COUNTS = frozenset(COUNT_WORDS) - {"one", "un", "uno", "una", "once"}


def find_subject(free: str, original: str, *, today: dt.date, place_input: bool,
                 place_aliases: Sequence[str] = (), aliases: Sequence[str] = (),
                 declared: Collection[str] = (), lang: str = "en",
                 countries: bool = False, role: bool = True,
                 searched: Sequence[tuple[int, int]] = ()) -> tuple[str, tuple[int, int]] | None:
    """The subject of the request and its span in ``original``, or None. ``free`` is the
    folded query with what other inputs claimed blanked; ``place_input``: the pipeline
    declares a place (so a place must be left for it); ``declared``: the input types the
    pipeline declares (their readers have claimed their text already); ``lang``: the
    request's language, as the place reader reads it; ``countries``: the place inputs
    name countries ("country", "país"), so a name with no cue before it leaves the subject
    only when the gazetteer knows it ("rioja Reserva", "Pinot Noir from Oregon": wines);
    ``searched``: where the request names what the kind finds (its name, its declared
    ``nouns``), claimed: it ends the subject before it as "courses" does."""
    masked = mask_readings(free, original, today, frozenset(declared))
    toks = _tokens(masked)
    own = sw.OTHER_TONGUE.get(lang, frozenset())
    for prev, tok in zip([None, *toks], toks):  # "sea level", not "lo que sea" amid English
        tok.own = tok.text in own and (prev is None or function_lang(prev.text) in (None, lang))
    for tok in toks:
        tok.searched = not tok.word and any(a <= tok.start < b for a, b in searched)
    from scout.task.place import is_cased

    spans = name_spans(original) if is_cased(original) else []
    for a, b in spans:  # "Bar El Tigre Madrid tapas": where, not what
        for tok in toks:
            if a <= tok.start < b:
                tok.word = False
    if "year" in declared:  # "toyota corolla 2015": the year input's, read or not
        for tok in toks:
            tok.year = tok.text.isdigit() and 1900 <= int(tok.text) <= today.year + 1
    if not original.isupper():
        titled = title_case(original)  # its capitals say nothing of names
        for tok in toks:
            typed = original[tok.start:tok.end]
            tok.caps = tok.word and len(typed) > 1 and typed.isupper()
            tok.capital = tok.word and typed[:1].isupper() and not titled
    start = _after_cue(toks, free, list(aliases)) or _after_searched_of(toks)
    located = _mark_cue_places(toks, free, original, list(place_aliases), lang, place_input,
                               countries)
    if not located:
        located = _mark_known_places(toks, free, original)
        if not place_input:
            _keep_named_topic(toks, start)
    chat = place_input and not located  # the place must be found after the subject
    phrases = _phrases(toks, start, chat, masked, topical=not place_input, countries=countries)
    if not phrases and start and toks[start].word and not toks[start].place \
            and original[toks[start].start].isupper():
        phrases = [(start, start, False)]  # "charlas sobre Go", "talks about R": a name
    phrases = phrases or (_phrases(toks, 0, chat, masked, topical=not place_input,
                                   countries=countries) if start else [])
    # a field before an institution's initials ("becas en la UAB para biología")
    phrases.sort(key=lambda p: all(t.institution for t in toks[p[0]:p[1] + 1] if t.word))
    for k, (first, last, ended_by_of) in enumerate(phrases):
        if first == last and toks[first].text in {*_SUBJECT_CUES, *map(fold, aliases)}:
            continue  # the cue alone ("videos about", "vídeos sobre"): nothing said after it
        if chat and not ended_by_of and k == 0:
            cut = leave_place(toks, first, last, original)
            if cut == last or place_takes(toks, first, cut, last, free, original,
                                           place_aliases, lang, role) and not (
                    countries and not known_run(toks, cut + 1, last)):
                last = cut
            if last < first:
                continue
        if all(toks[i].text in sw.MEALS for i in range(first, last + 1) if toks[i].word) \
                and not _names_searched(toks, last):
            continue  # "where to have dinner": a meal alone is no subject ("food tour" is)
        first, last = _past_work_noun(toks, first, last)
        if all(toks[i].text in sw.WORK for i in range(first, last + 1) if toks[i].word):
            continue  # "research grants in Spain": research alone is what kind, no topic
        a, b = toks[first].start, toks[last].end
        return re.sub(r"\s+", " ", original[a:b]), (a, b)
    return None


def _names_searched(toks: list[_Tok], last: int) -> bool:
    """The token after ``last`` (past spaces) is what the kind finds (its name or a
    declared noun): the words before it say which sort ("food tour", "dinner cruise")."""
    nxt = next((t for t in toks[last + 1:] if t.word or t.searched or t.text.strip()), None)
    return bool(nxt and nxt.searched)


def _past_work_noun(toks: list[_Tok], first: int, last: int) -> tuple[int, int]:
    """``first`` to ``last`` less a word for the work done that heads the topic ("proyectos
    de física de partículas", "investigación de ...") or, a project, ends it in English
    ("particle physics projects"): what the work is on is the topic (:data:`subjectwords.WORK`)."""
    idx = [i for i in range(first, last + 1) if toks[i].word]
    if len(idx) >= 3 and toks[idx[0]].text in sw.WORK and toks[idx[1]].text in sw.OF:
        return idx[2], last
    if len(idx) >= 2 and toks[idx[-1]].text in sw.WORK - sw.RESEARCH \
            and toks[idx[-2]].text not in sw.CONNECTORS:  # ("user research" is a topic)
        return first, idx[-2]
    return first, last


def _tokens(free: str) -> list[_Tok]:
    toks: list[_Tok] = []
    for m in _TOKEN.finditer(free):
        text = m.group(0).replace("’", "'")  # "who’s" is the word lists' "who's"
        # "for a 12-year-old": whom it is for, by their age, never what it is about
        word = _CLAIMED not in text and bool(_LETTER.search(text)) and not _AGED.fullmatch(text)
        toks.append(_Tok(text, m.start(), m.end(), word))
    for prev, tok in zip(toks, toks[1:]):
        # "para 4 personas", "for two people": what a number counts is no subject
        if tok.word and (prev.text.isdigit() or prev.text in _COUNTS):
            tok.counted = True
    for tok in toks:
        tok.counted = tok.counted or tok.text in _COUNTS  # "dinner for two"
    for prev, tok in zip(toks, toks[1:]):
        if (prev.text, tok.text) in sw.CONDITION_PAIRS:  # "un macbook de segunda mano"
            prev.word = tok.word = False
    return toks


def _keep_named_topic(toks: list[_Tok], start: int) -> None:
    """With no place input to leave a name to, a known place the subject goes on with is
    the subject's: right after its cue ("videos about Japan") or after "de / of" behind a
    word of it ("historia de Roma", "the history of the Alps")."""
    for i, tok in enumerate(toks):
        if not tok.place or (i and toks[i - 1].place):
            continue  # only the first word of a name decides, for all of it
        j = i - 2 if i >= 1 and toks[i - 1].text in sw.ARTICLES else i - 1
        if (j >= 1 and toks[j].text in sw.OF and toks[j - 1].word and not toks[j - 1].place) \
                or (start and i == start):
            for k in range(i, len(toks)):
                if not toks[k].place:
                    break
                toks[k].place = False


def _after_cue(toks: list[_Tok], free: str, aliases: list[str]) -> int:
    """The first token after a word the subject follows ("about", "sobre", the input's
    aliases), or 0 when there is none."""
    # "about" / "sobre" before the input's own aliases: "videos on YouTube about sourdough"
    m = None
    for group in (set(_SUBJECT_CUES), {fold(a) for a in aliases}):
        cues = sorted(group, key=len, reverse=True)
        m = m or (re.search(r"(?<![\w])(?:" + "|".join(
            re.escape(c).replace(r"\ ", r"\s+") for c in cues) + r")\s+", free) if cues else None)
    if not m:
        return 0
    i = _index_at([t.start for t in toks], m.end())
    return i if i is not None else 0


def _after_searched_of(toks: list[_Tok]) -> int:
    """The first token after what the kind finds and its "de" / "of" ("datasets de calidad
    del aire", "time series of house prices"): the topic starts there, as after "sobre",
    so a "de" inside it leads to no place; 0 when there is none."""
    for i, tok in enumerate(toks[:-2]):
        if tok.searched and toks[i + 1].text in sw.OF and toks[i + 2].word:
            return i + 2
    return 0


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
    """``tok`` is never part of a subject (:func:`subjectwords.is_stop`), unless it is this
    request's noun though the other language's stop word (``own``)."""
    return not tok.own and sw.is_stop(tok.text, slips=slips)


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


def _heads_topic(toks: list[_Tok], i: int, words: list[int]) -> bool:
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
    # price sushi")
    if not words and tok.text in sw.PRICE_NOUNS and _content(nxt) \
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


def _phrases(toks: list[_Tok], start: int, chat: bool, free: str, topical: bool = False,
             countries: bool = False) -> list[tuple[int, int, bool]]:
    """(first, last, ended by "de"/"of") of each run of subject words from ``start``;
    ``free`` is the text ``toks`` were read from; ``topical``: the pipeline has no place
    input, so "en / in / por" between two words of the topic joins them."""
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
                and not nxt.place and not _stop(nxt):
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
            if all(toks[j].text in sw.FIELD_HEADS - sw.FIELD_PEOPLE or sw.is_stop(toks[j].text)
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
                and not _stop(head):
            words.extend([i, i + 1] if head is not nxt else [i])
            continue
        if text in sw.MODES and (not words and (not nxt or not nxt.word or _stop(nxt))
                                 or (nxt is not None and nxt.text in sw.VENUES)):
            close()  # "charlas online de lingüística", "python online course": how one
            continue  # attends, not the topic
        if words and words[-1] == i - 1 and text in sw.COMPOUND_TAILS \
                and toks[i - 1].text not in sw.CONNECTORS and not sw.is_stop(toks[i - 1].text):
            words.append(i)  # "machine learning", "wine tasting"
            continue
        if text in sw.HEAD_NOUNS and _heads_topic(toks, i, words):
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
        if _stop(tok) and not (as_written and not _stop(tok, slips=False)) \
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
