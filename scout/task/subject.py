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
4060 under 1500 USD", "Dell XPS 13"): :mod:`scout.task.subjectphrases` reads these runs of
words; a product's condition ("de segunda mano", "used") is no part of it. An input's ``aliases`` are words the
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
import functools
import re
from collections.abc import Callable, Collection, Sequence

from scout.i18n import COUNT_WORDS
from scout.task import subjectwords as sw
from scout.task.establishments import name_spans
from scout.task.lang import fold, function_lang
from scout.task.place import title_case
from scout.task.subjectmask import CLAIMED as _CLAIMED, mask_readings
from scout.task.subjectmarks import Tok as _Tok
from scout.task.subjectmarks import index_at as _index_at
from scout.task.subjectmarks import mark_cue_places as _mark_cue_places
from scout.task.subjectmarks import mark_known_places as _mark_known_places
from scout.task.subjectmarks import rate_time
from scout.task.subjectphrases import find_phrases
from scout.task.subjectplace import known_run, leave_place, place_first, place_takes
from scout.task.subjectslips import is_stop

# a word may hold digits ("m2", "ps5", "4x4": a model's name); digits alone are a number
# ("C++", "C#", "F#": a language's name keeps its signs)
_TOKEN = re.compile(r"\x00+|[^\W_]+(?:[-'’][^\W_]+)*(?:\+\+|#)?(?![\w+#])|[^\W_]+(?:[-'’][^\W_]+)*"
                    r"|&|[^\w\s]")
_LETTER = re.compile(r"[^\W\d_]")
_AGED = re.compile(r"\d{1,2}-(?:years?|yrs?|month|months)-olds?", re.IGNORECASE)
_SUBJECT_CUES = ("about", "sobre", "acerca de", "acerca del")  # "acerca del cambio climático"
# a count in words ("para doce", "dinner for two"); not "one" / "una" (articles too) nor
# "once" (English)
_COUNTS = frozenset(COUNT_WORDS) - {"one", "un", "uno", "una", "once"}


def find_subject(free: str, original: str, *, today: dt.date, place_input: bool,
                 place_aliases: Sequence[str] = (), aliases: Sequence[str] = (),
                 declared: Collection[str] = (), lang: str = "en",
                 countries: bool = False, role: bool = True,
                 searched: Sequence[tuple[int, int]] = (),
                 theirs: bool = True) -> tuple[str, tuple[int, int]] | None:
    """The subject of the request and its span in ``original``, or None. ``free`` is the
    folded query with what other inputs claimed blanked; ``place_input``: the pipeline
    declares a place (so a place must be left for it); ``declared``: the input types the
    pipeline declares (their readers have claimed their text already); ``lang``: the
    request's language, as the place reader reads it; ``countries``: the place inputs
    name countries ("country", "país"), so a name with no cue before it leaves the subject
    only when the gazetteer knows it ("rioja Reserva", "Pinot Noir from Oregon": wines);
    ``searched``: where the request names what the kind finds (its name, its declared
    ``nouns``), claimed: it ends the subject before it as "courses" does; ``theirs``: what
    someone else is doing takes is left out (:func:`_mark_verbs`), unless that leaves no
    subject at all ("my son is studying robotics, find courses": robotics)."""
    masked = mask_readings(free, original, today, frozenset(declared))
    toks = _tokens(masked)
    own = sw.OTHER_TONGUE.get(lang, frozenset())
    for prev, tok in zip([None, *toks], toks):  # "sea level", not "lo que sea" amid English
        tok.own = tok.text in own and (prev is None or function_lang(prev.text) in (None, lang))
    for tok in toks:
        tok.searched = not tok.word and any(a <= tok.start < b for a, b in searched)
    for a, b in _alias_spans(masked, place_aliases):
        for tok in toks:  # "covering", "based in", "hacia": the place's cue, never the subject
            tok.word = tok.word and not a <= tok.start < b
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
        for k, tok in enumerate(toks):
            if tok.caps and _someone(toks, k):
                tok.word = False  # "my PI is taking ...", "our CEO wants": who, not what
    passed = _mark_verbs(toks, original, theirs)
    start = _after_cue(toks, free, list(aliases)) or _after_searched_of(toks, original)
    located = _mark_cue_places(toks, free, original, list(place_aliases), lang, place_input,
                               countries)
    if not located:
        located = _mark_known_places(toks, free, original)
        if not place_input:
            _keep_named_topic(toks, start)
    chat = place_input and not located  # the place must be found after the subject
    priced = "money" in declared  # "price sushi": the price asked, no "price indices"
    phrases = find_phrases(toks, start, chat, masked, topical=not place_input, countries=countries,
                           priced=priced)
    if not phrases and start and toks[start].word and not toks[start].place \
            and original[toks[start].start].isupper():
        phrases = [(start, start, False)]  # "charlas sobre Go", "talks about R": a name
    phrases = phrases or (find_phrases(toks, 0, chat, masked, topical=not place_input,
                                        countries=countries, priced=priced) if start else [])
    if place_input and phrases and (moved := place_first(
            toks, phrases[0][0], phrases[0][1], free, original, place_aliases, lang)) > phrases[0][0]:
        # "taller Alcobendas frenos": the town first, then what is asked, read as after a cue
        for tok in toks[phrases[0][0]:moved]:
            tok.place = True
        chat = False
        phrases = find_phrases(toks, start, chat, masked, topical=not place_input,
                               countries=countries, priced=priced)
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
        said = [toks[i].text for i in range(first, last + 1) if toks[i].word]
        if located and all(w in sw.AREAS for w in said):
            continue  # "restaurante en Madrid centro": the place's part of town, no dish
        if all(w in _weekday_names() for w in said):
            continue  # "taller en sevilla del lunes": a day, read as one or not, no topic
        first, last = _past_work_noun(toks, first, last)
        if all(toks[i].text in sw.WORK for i in range(first, last + 1) if toks[i].word):
            continue  # "research grants in Spain": research alone is what kind, no topic
        if (obj := _counted_object(toks, first, last, original)) is not None:
            return obj
        if (obj := _verb_object(toks, first, last, original, lambda k: find_phrases(
                toks, k, chat, masked, topical=not place_input, countries=countries,
                priced=priced))) is not None:
            return obj
        a, b = toks[first].start, toks[last].end
        return re.sub(r"\s+", " ", original[a:b]), (a, b)
    if passed:  # nothing but someone else's doing: what they do is what is asked about
        return find_subject(free, original, today=today, place_input=place_input,
                            place_aliases=place_aliases, aliases=aliases, declared=declared,
                            lang=lang, countries=countries, role=role, searched=searched,
                            theirs=False)
    return None


# a verb's infinitive after "to" / "para" ("to fit", "para cambiar"): what is to be done
_INFINITIVE_CUES = frozenset({"to", "para"})
_SPANISH_INFINITIVE = re.compile(r"[^\W\d_]{2,}(?:ar|er|ir)")
# a count and what it counts, as another reader claimed it ("6 sockets", "un grifo",
# "three radiators"): the count, an article or a number's word, then the noun phrase
_COUNT_THEN_NOUN = re.compile(r"(?:\d{1,4}|un|una|uno|a|an|one|" + "|".join(
    sorted(_COUNTS, key=len, reverse=True)) + r")\s+(?P<noun>[^\W\d_][\w\s'’-]*?)\s*$")


def _counted_object(toks: list[_Tok], first: int, last: int,
                    original: str) -> tuple[str, tuple[int, int]] | None:
    """The noun a count claimed right after a bare verb (``first`` to ``last``: one word
    after "to" / "para"), as the subject: "to fit 6 sockets" is about sockets, "para
    cambiar un grifo" about a grifo, never "fit" or "cambiar" alone (the count is the
    count input's; what it counts is what the job is on). None otherwise."""
    words = [i for i in range(first, last + 1) if toks[i].word]
    if len(words) != 1 or first == 0 or toks[first - 1].text not in _INFINITIVE_CUES:
        return None
    verb = toks[words[0]].text
    if toks[first - 1].text == "para" and not _SPANISH_INFINITIVE.fullmatch(verb):
        return None  # "para niños": whom for, no verb
    nxt = next((t for t in toks[last + 1:] if t.text.strip()), None)
    if nxt is None or nxt.word or "\x00" not in nxt.text:
        return None
    said = original[nxt.start:nxt.end]
    m = _COUNT_THEN_NOUN.fullmatch(fold(said).strip())
    if m is None:
        return None
    lead = len(said) - len(said.lstrip())
    a = nxt.start + lead + m.start("noun")
    b = nxt.start + lead + m.end("noun")
    return re.sub(r"\s+", " ", original[a:b]), (a, b)


def _verb_object(toks: list[_Tok], first: int, last: int, original: str,
                 phrases: Callable[[int], list[tuple[int, int, bool]]],
                 ) -> tuple[str, tuple[int, int]] | None:
    """A bare verb after "to" / "para" with what it is done to, after an article or a
    possessive, as the subject: "para revisar un contrato" is "revisar un contrato", as
    "para cambiar el termo" is "cambiar el termo", never "revisar" alone ("un" ended the
    phrase where "el" did not; ``phrases``: the runs of subject words from a token on).
    None otherwise."""
    words = [i for i in range(first, last + 1) if toks[i].word]
    if len(words) != 1 or first == 0 or toks[first - 1].text not in _INFINITIVE_CUES:
        return None
    if toks[first - 1].text == "para" and not _SPANISH_INFINITIVE.fullmatch(toks[words[0]].text):
        return None  # "para niños": whom for, no verb
    k = last + 1
    if k + 1 >= len(toks) or toks[k].text not in sw.ARTICLES | sw.POSSESSIVES \
            or not toks[k + 1].word:
        return None
    found = phrases(k + 1)
    if not found or found[0][0] != k + 1:
        return None
    a, b = toks[first].start, toks[found[0][1]].end
    return re.sub(r"\s+", " ", original[a:b]), (a, b)


@functools.lru_cache(maxsize=1)
def _weekday_names() -> frozenset[str]:
    """The weekdays' full names, folded, English and Spanish ("monday", "lunes")."""
    from scout.task.cldr import weekdays

    return frozenset(w for w in weekdays() if len(w) >= 5)


def _someone(toks: list[_Tok], k: int) -> bool:
    """The word in capitals at ``k`` is someone's title or role, no subject: after a
    possessive ("my PI", "nuestro CTO") or before what someone does ("the CEO wants",
    "el CTO quiere"). An initialism alone stays one ("BBQ in Austin", "sitio de BBQ")."""
    prev = toks[k - 1].text if k else ""
    nxt = toks[k + 1].text if k + 1 < len(toks) else ""
    return prev in sw.POSSESSIVES or nxt in sw.SOMEONE_DOES


_GERUND = re.compile(r"\w{2,}(?:ando|iendo|yendo)")
_PARTICIPLE = re.compile(r"\w{2,}[ai]d[oa]s?")


def _mark_verbs(toks: list[_Tok], original: str, theirs: bool = True) -> bool:
    """A word right after someone's auxiliary is their verb, no subject ("I am craving
    sushi", "we are dying for tacos", "estoy antojado de sushi", "estamos pensando en
    ramen"): an English "-ing" after a person (a pronoun, a name, a possessive's noun, a
    contraction), a Spanish gerund, or a participle after "estoy" / "estamos". And what
    someone else is doing ("my PI is taking the visiting committee out") is theirs: the
    words it takes are no subject either, unless the verb is one of wanting (a frame word,
    or followed by "for" / "de": "she is dying for tacos"); ``theirs`` False leaves those
    words in. Whether any word was left out so."""
    passed = False
    for k in range(len(toks) - 1):
        aux, verb = toks[k], toks[k + 1]
        if aux.text not in sw.AUXILIARIES or not verb.word or not _verb_after(toks, k, original):
            continue
        verb.word = False
        nxt = toks[k + 2] if k + 2 < len(toks) else None
        if not theirs or aux.text not in sw.THIRD_AUXILIARIES or verb.text in sw.REQUEST \
                or nxt is None or nxt.text in sw.LONGING:
            continue
        for tok in toks[k + 2:]:  # its object: articles and words up to a frame word
            if tok.text in sw.ARTICLES or tok.text in sw.POSSESSIVES or tok.text == "al":
                continue
            if not tok.word or is_stop(tok.text):
                break
            tok.word, passed = False, True
    return passed


def _verb_after(toks: list[_Tok], k: int, original: str) -> bool:
    """Whether the word after the auxiliary at ``k`` is a verb form it opens."""
    aux, verb = toks[k].text, toks[k + 1].text
    if not aux.isascii() or aux.startswith(("est", "and")):  # Spanish: the person is in it
        return bool(_GERUND.fullmatch(verb)) or (
            aux not in sw.THIRD_AUXILIARIES and aux not in ("estas", "andas")
            and bool(_PARTICIPLE.fullmatch(verb)))
    if not (verb.endswith("ing") and len(verb) > 4):
        return False
    if "'" in aux or aux == "im":
        return True
    prev = toks[max(0, k - 3):k]
    if prev and (prev[-1].text in sw.PERSONS or prev[-1].capital):
        return True  # "we are", "Priya is"
    if prev and _CLAIMED in prev[-1].text and not any(t.word for t in toks[:k]):
        return True  # "my boss is taking ...": the relayed person, claimed at the start
    return any(t.text in sw.POSSESSIVES for t in prev)  # "my PI is", "our new client is"


def _alias_spans(masked: str, aliases: Sequence[str]) -> list[tuple[int, int]]:
    """Where a place input's own alias stands in ``masked`` (folded), as whole words."""
    out: list[tuple[int, int]] = []
    from scout.task.subjectmarks import own_aliases

    for alias in own_aliases(aliases):
        pattern = r"(?<![\w])" + re.escape(alias).replace(r"\ ", r"\s+") + r"(?![\w])"
        out += [m.span() for m in re.finditer(pattern, masked)]
    return out


def _names_searched(toks: list[_Tok], last: int) -> bool:
    """The token after ``last`` (past spaces) is what the kind finds (its name or a
    declared noun): the words before it say which sort ("food tour", "dinner cruise")."""
    nxt = next((t for t in toks[last + 1:] if t.word or t.searched or t.text.strip()), None)
    return bool(nxt and nxt.searched)


def _past_work_noun(toks: list[_Tok], first: int, last: int) -> tuple[int, int]:
    """``first`` to ``last`` less a word for the work done that heads the topic ("proyectos
    de física de partículas", "investigación de ...") or, a project, ends it in English
    ("particle physics projects"): what the work is on is the topic (:data:`subjectwords.WORK`);
    so is the dish a menu is of ("menú de cocido": :data:`subjectwords.SERVED_AS`)."""
    idx = [i for i in range(first, last + 1) if toks[i].word]
    if len(idx) >= 3 and toks[idx[0]].text in sw.WORK and toks[idx[1]].text in sw.OF:
        return idx[2], last
    if len(idx) >= 3 and toks[idx[0]].text in sw.SERVED_AS and toks[idx[1]].text in ("de", "of") \
            and toks[idx[2]].text not in sw.ARTICLES and not toks[idx[2]].capital:
        # "menú de cocido" is cocido ("menú del día", "de la casa", "de Nochevieja": the
        # menu's name, an occasion's, stays whole)
        return idx[2], last
    if len(idx) >= 2 and toks[idx[-1]].text in sw.WORK - sw.RESEARCH \
            and toks[idx[-2]].text not in sw.CONNECTORS:  # ("user research" is a topic)
        return first, idx[-2]
    return first, last


def _named_counts(toks: list[_Tok]) -> set[int]:
    """The count words that are a name's, not a count: one in words after ``de`` / ``of``
    that follows a noun, before a noun no reader claimed that is nobody's company
    ("pastel de tres leches", "tarta de tres chocolates", "sopa de siete mares"), the noun
    before it a word or what another reader claimed (a kind's own noun); never a
    figure ("grupo de 4 personas") nor one before people ("cena de dos personas")."""
    named = set()
    for k in range(2, len(toks) - 1):
        before, of, count, noun = toks[k - 2], toks[k - 1], toks[k], toks[k + 1]
        # the noun before may be the kind's own, claimed ("pastel" for a kind of cakes)
        if count.text in _COUNTS and of.text in sw.OF \
                and (before.word and before.text not in sw.STOP or _CLAIMED in before.text) \
                and noun.word and noun.text not in sw.STOP:
            named.add(k)
    return named


def _tokens(free: str) -> list[_Tok]:
    toks: list[_Tok] = []
    for m in _TOKEN.finditer(free):
        text = m.group(0).replace("’", "'")  # "who’s" is the word lists' "who's"
        # "for a 12-year-old": whom it is for, by their age, never what it is about
        word = _CLAIMED not in text and bool(_LETTER.search(text)) and not _AGED.fullmatch(text)
        toks.append(_Tok(text, m.start(), m.end(), word))
    named = _named_counts(toks)
    for k, (prev, tok) in enumerate(zip(toks, toks[1:])):
        # "para 4 personas", "for two people": what a number counts is no subject
        if tok.word and (prev.text.isdigit() or prev.text in _COUNTS) and k not in named:
            tok.counted = True
    for k, tok in enumerate(toks):
        tok.counted = tok.counted or tok.text in _COUNTS and k not in named  # "dinner for two"
    for k, tok in enumerate(toks):  # "(500 citations) a month": the rate's time, no subject
        tok.counted = tok.counted or rate_time(toks, k)
    for prev, tok in zip(toks, toks[1:]):
        if (prev.text, tok.text) in sw.CONDITION_PAIRS:  # "un macbook de segunda mano"
            prev.word = tok.word = False
    _drop_bounds(toks)
    return toks


# a past participle, English or Spanish ("delivered", "shipped", "entregada", "servidos")
_PARTICIPLE = re.compile(r"(?:[^\W\d_]{3,}ed|[^\W\d_]{2,}(?:ad|id)[oa]s?)")


_WITHIN = frozenset({"in", "en", "within", "dentro"})


def _drop_bounds(toks: list[_Tok]) -> None:
    """A bound's words before text another reader claimed ("centrifuge delivered in less
    than 3 weeks", "entregada en menos de 3 semanas") say the constraint on it, no
    subject; so does the participle they follow ("delivered", "entregada")."""
    for k, tok in enumerate(toks):
        if tok.word or _CLAIMED not in tok.text:
            continue
        j = k - 1
        while j >= 0 and toks[j].word and toks[j].text in sw.BOUND:
            j -= 1
        if j == k - 1:
            continue  # no bound's word before it
        if j >= 0 and toks[j].word and _PARTICIPLE.fullmatch(toks[j].text) \
                and toks[j + 1].text in _WITHIN:
            j -= 1  # "delivered in", "entregada en"; not "refrigerada de al menos 15.000 rpm"
        for t in toks[j + 1:k]:
            t.word = False


def _keep_named_topic(toks: list[_Tok], start: int) -> None:
    """With no place input to leave a name to, a known place the subject goes on with is
    the subject's: right after its cue ("videos about Japan") or after "de / of" behind a
    word of it ("historia de Roma", "the history of the Alps")."""
    for i, tok in enumerate(toks):
        if not tok.place or (i and toks[i - 1].place):
            continue  # only the first word of a name decides, for all of it
        j = i - 2 if i >= 1 and toks[i - 1].text in sw.ARTICLES else i - 1
        if (j >= 1 and toks[j].text in sw.OF and toks[j - 1].word and not toks[j - 1].place) \
                or (start and i == start) or _qualified_after_cue(toks, start, i):
            for k in range(i, len(toks)):
                if not toks[k].place:
                    break
                toks[k].place = False


def _qualified_after_cue(toks: list[_Tok], start: int, i: int) -> bool:
    """The place at token ``i`` follows the cue at ``start`` with only an article and one
    or two words that describe it between ("books on ancient Rome", "libros sobre la
    antigua Roma", "about medieval Spain"): the subject's, a period or a kind of the place."""
    if not start or i <= start:
        return False
    between = [t for t in toks[start:i] if t.text not in sw.ARTICLES]
    return 1 <= len(between) <= 2 and all(t.word and not t.place and not t.counted for t in between) \
        and all(t.word or t.text in sw.ARTICLES for t in toks[start:i])


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


def _after_searched_of(toks: list[_Tok], original: str) -> int:
    """The first token after what the kind finds and its "de" / "of" ("datasets de calidad
    del aire", "time series of house prices"): the topic starts there, as after "sobre",
    so a "de" inside it leads to no place; 0 when there is none."""
    for i, tok in enumerate(toks[:-2]):
        if tok.searched and toks[i + 1].text in sw.OF and toks[i + 2].word:
            return i + 2
        # a Spanish adjective agreeing with it first ("licitaciones públicas de servicios de
        # traducción", "becas oficiales de música"): it says which of them, not what about
        # (what another input read after its "de" is passed over: "de [servicios] de")
        if (tok.searched or tok.text in sw.VENUES) \
                and _agrees(original[tok.start:tok.end], toks[i + 1]) \
                and toks[i + 2].text in sw.OF:
            j = i + 3
            while j < len(toks) and (_CLAIMED in toks[j].text or toks[j].text in sw.OF):
                j += 1
            if j < len(toks) and toks[j].word:
                return j
    return 0


def _agrees(noun: str, word: _Tok) -> bool:
    """Whether ``word``, right after ``noun`` (as typed: the kind's word is claimed), is
    written as an adjective agreeing with it in number (both plural in -s, or neither),
    lower case: "licitaciones públicas", "concurso público", never a name ("cursos
    Coursera de")."""
    return word.word and not word.capital and not word.caps and len(word.text) > 3 \
        and word.text.endswith("s") == noun.lower().endswith("s") and word.text[-1] in "aeos"
