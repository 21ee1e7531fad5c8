"""Where the subject reader's chat reading leaves the place (:mod:`scout.task.subject`):
with a place input and no cue, the place is written after the subject ("ramen barcelona
barato", "el mejor ramen de lyon"). Which run of words ends with the place's name, whether
"de" / "of" leads to it, and whether the place reader takes the words left to it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.place import title_case
from scout.task.subjectmarks import per_time
from scout.task.subjectmask import CLAIMED as _CLAIMED
from scout.task.subjectslips import is_stop

if TYPE_CHECKING:
    from scout.task.subjectmarks import Tok as _Tok


def known_run(toks: list[_Tok], first: int, last: int) -> bool:
    """Tokens ``first`` to ``last`` start with a place the gazetteer knows."""
    from scout.task.gazetteer import known_place_words

    return known_place_words([t.text for t in toks[first:last + 1] if t.word][:5]) > 0


def place_follows(toks: list[_Tok], i: int, words: list[int], start: int,
                   countries: bool = False) -> bool:
    """In chat writing, the "de" / "of" at token ``i`` leads to the place ("el mejor ramen
    de lyon", "tortilla de betanzos"), unless what it begins is the subject's own: a topic
    after its cue ("sobre ética de la IA", "on ethics of AI"), the kind of a show or event
    ("conciertos de jazz": :data:`subjectwords.SHOWS`), what a field of study or work is
    of ("Ciencia de Datos", "gestión de proyectos": an abstract noun before it), or a name
    typed as an acronym ("IA", "NLP"); a place the gazetteer knows there is the place all
    the same."""
    from scout.task.gazetteer import known_place_words

    run = [t for t in toks[i + 1:i + 7] if t.word]
    article = len(run) > 1 and run[0].text in sw.ARTICLES
    run = run[1:] if article else run
    if not run or known_place_words([t.text for t in run[:5]]):
        return True
    if start or (article and run[0].caps):  # no place's abbreviation takes an article
        return False
    if words and sw.abstract_noun(toks[words[-1]].text):
        return False  # "curso de Ciencia de Datos": the field's object, no town
    if not run[0].capital and (sw.abstract_noun(run[0].text) or sw.adjective(run[0].text)):
        # "microscopio de fluorescencia", "espectrómetro de absorción atómica": what the
        # thing is of, by its shape no town (one so spelt the gazetteer knows: "Valencia")
        return False
    if words and _job_head(toks[words[-1]]):
        return False  # "Ingeniero de Software", "Responsable de Marketing": the job's field
    if countries and not run[0].capital:
        return False  # "vino de jerez": a country's name the gazetteer does not know is typed
    j = toks.index(run[0])  # with its capital ("vino de Jerez")
    if not run[0].capital and any(toks[k].text in sw.OF and toks[k + 1].capital
                                  for k in range(j + 1, min(j + 4, len(toks) - 1))):
        # "encuestas de hogares de América Latina": a name typed with capitals after a
        # later "de" is the place, so this "de" and its lower-case word are the subject's
        return False
    if j + 1 < len(toks) and _plain_word(toks[j + 1]) and not (
            toks[j + 1].text in sw.NAME_HEADS or toks[j].text in sw.NAME_HEADS
            or toks[j].capital and toks[j + 1].capital):
        # "ribera del duero crianza", "tarta de queso betanzos": two words the gazetteer
        # does not know go on the subject (a town is one: "tortilla de betanzos barata"; a
        # name typed with capitals is one: "albariño de Rías Baixas")
        return False
    return not (words and toks[words[-1]].text in sw.SHOWS)


def _job_head(tok: _Tok) -> bool:
    """``tok`` names who does a job ("ingeniero", "Responsable"): what its "de" / "of"
    leads to is the job's field ("Ingeniero de Software"), no town."""
    return sw.agent_noun(tok.text) or (tok.capital and sw.adjective(tok.text))


def _plain_word(tok: _Tok) -> bool:
    """A word of the subject's own: no place, no count, no frame or quality word."""
    return tok.word and not tok.place and not tok.counted and not is_stop(tok.text)


def leave_place(toks: list[_Tok], first: int, last: int, original: str) -> int:
    """The last token of the subject once the place it ends with is left to the place
    reader ("ramen barcelona" → "ramen"); ``first - 1`` when the whole run is the place."""
    idx = [i for i in range(first, last + 1) if toks[i].word]
    if len(idx) == 1:
        # "restaurantes soria": a lone word right after what is searched for is the place
        j = first - 1
        while j >= 0 and toks[j].word and toks[j].text in sw.QUALITY | {"the", "los", "las"}:
            j -= 1
        return first - 1 if j >= 0 and toks[j].word and toks[j].text in sw.VENUES - sw.ABOUT \
            else last
    if toks[idx[-2]].text in sw.CONNECTORS or idx[-1] != idx[-2] + 1:
        return last  # "fish and chips", "tacos al pastor": one subject, no place in it
    if any(toks[j].text == "to" and toks[j - 1].text in sw.INTRO for j in idx[1:]):
        return last  # "a beginner's guide to Rust": what follows "to" is the topic
    if last + 1 < len(toks) and (toks[last + 1].searched or set(
            fold(original[toks[last + 1].start:toks[last + 1].end]).split()) <= sw.VENUES):
        # "data analysis courses", "jazz concerts", "python developer jobs, $120k": what
        # is searched for (the kind's name or a declared noun claimed, or a word scout
        # knows: "medieval history podcasts") ends the subject, capitals or
        # not ("online Python course"); a place comes after it ("NLP meetups barcelona")
        return last
    # typed with capitals, a capitalised word after the first starts the name
    caps = [i for i in idx[1:] if original[toks[i].start].isupper()]
    if caps and not original.isupper() and not title_case(original) \
            and not _of_noun(toks, caps[0], original):
        return caps[0] - 1
    if toks[idx[0]].text in sw.SHOWS and toks[idx[1]].text in sw.OF:
        return last  # "conciertos de música clásica este finde": what the show is of
    if sw.cuisine(toks[idx[-1]].text):
        return last  # "pad thai barato", "ramen japonés 15€": a cuisine ends the dish
    if _agrees(toks[idx[-2]].text, toks[idx[-1]].text, original[toks[idx[-1]].start]):
        return last  # "estadística bayesiana", "economía conductual": the topic's adjective
    if not _goes_on(toks, last):
        return last  # "dim sum", "pad thai": a subject that ends the request holds no place
    cut = idx[-1]
    if len(idx) > 2 and toks[idx[-2]].text in sw.NAME_HEADS:
        cut = idx[-2]  # "empanadas san juan"
    elif toks[idx[-1]].text in _NAME_TAILS:
        cut = idx[-2]  # "ramen kansas city": "city" ends a name, with the word before it
    return cut - 1


# the endings of a Spanish adjective after its noun ("bayesiana", "cuántica",
# "conductual", "sostenible", "aplicada"), by gender and number
_ADJ_ENDINGS = re.compile(r"(?:(?:ian|an|ic|iv|os|ad|id|in|ari|ori)(?P<g>[oa])(?P<n>s?)|"
                          r"(?:al|ar|il|ble|ente|ense|ista)(?P<n2>e?s?))$")


def _agrees(noun: str, word: str, typed: str) -> bool:
    """``word`` (folded, typed in lower case: ``typed`` its first letter) is a Spanish
    adjective agreeing with the ``noun`` before it: an adjective's ending of the noun's
    gender and number ("estadística bayesiana", "modelos bayesianos", "física cuántica")
    or one of either gender ("economía conductual", "energías renovables"). A topic's
    adjective, never a town nobody lists (a town's name typed in lower case after a dish,
    "ramen girona", ends with no such agreement)."""
    if not typed.islower() or len(word) < 5:
        return False
    m = _ADJ_ENDINGS.search(word)
    if m is None:
        return False
    plural = noun.endswith("s")
    if m.group("g"):
        return noun.rstrip("s").endswith(m.group("g")) and plural == bool(m.group("n"))
    return plural == (m.group("n2") or "").endswith("s")


def _of_noun(toks: list[_Tok], i: int, original: str) -> bool:
    """The name at token ``i`` follows the "a" of a noun made of a verb ("afiliación a la
    Seguridad Social"): what the noun is of, the subject's (unless the gazetteer knows it)."""
    from scout.task.notplace import nominal_cue
    from scout.task.placecase import known_name

    j = i - 1
    while j > 0 and toks[j].text in ("la", "el", "los", "las"):
        j -= 1
    return nominal_cue(toks[j].text, toks[j].start, original) \
        and not known_name(original[toks[i].start:toks[i].end])


def place_takes(toks: list[_Tok], first: int, cut: int, last: int, free: str,
                 original: str, aliases: Sequence[str], lang: str, role: bool = True) -> bool:
    """Whether the words the chat reading left to the place (tokens ``cut + 1`` to
    ``last``) leave the subject: the place reader reads a place in them once the subject
    (``first`` to ``cut``) is claimed, or they only say how one takes part ("jornadas de
    economía online, gratis"); an adjective the gazetteer does not know stays
    ("escritura científica en inglés"). A word the place reader would not take ("deep learning
    courses in English": "learning") stays the subject's instead of being lost to no input."""
    from scout.task.gazetteer import known_place_words
    from scout.task.place import find_place
    from scout.task.scope import place_adjective

    left = [toks[i].text for i in range(cut + 1, last + 1) if toks[i].word]
    if all(w in sw.MODES for w in left):
        return True
    if all(sw.adjective(w) or sw.abstract_noun(w) or lang == "es" and _GERUND.search(w)
           or place_adjective(w) for w in left) and not known_place_words(left):
        # "escritura científica en inglés", "data visualization online"; an English gerund
        # in a Spanish request is a borrowed term's ("congresos de remote sensing"); a
        # region's or nationality's adjective ("tapas europeas") is no town either
        return False
    if not known_place_words(left) and not _set_apart(toks, first, cut, original, role, lang):
        return False  # "gaming laptop", "UX Designer": no name of a town set apart
    rest = free
    if cut >= first:
        a, b = toks[first].start, toks[cut].end
        rest = free[:a] + _CLAIMED * (b - a) + free[b:]
    hit = find_place(rest, original, lang, list(aliases))
    return hit is not None and hit[1][0] < toks[last].end and toks[cut + 1].start < hit[1][1]


def _set_apart(toks: list[_Tok], first: int, cut: int, original: str, role: bool = True,
               lang: str = "") -> bool:
    """The word after the subject (``first`` to ``cut``) may be a town the gazetteer does
    not know ("ramen ronda barato", "sushi Sóller"): not after an English word that
    qualifies the noun after it ("gaming laptop", "Senior Product Manager":
    :func:`subjectwords.modifier`), and not typed with a capital after a subject that
    carries capitals of its own, a title's ("UX Designer"; a sentence's first capital
    aside: "Ramen Sóller"), nor when it is a job title's head ("Data Engineer":
    :func:`subjectwords.agent_noun`) where the subject may be a role (``role``: a
    dish's input reads "Ramen Exeter" as ramen in Exeter, a town ending like "-er"). In
    English (``lang``) a lower-case word after a lower-case one is their compound's noun
    ("benchtop centrifuge", "ultra-low freezer", "standing desk"), no town nobody lists."""
    nxt = toks[cut + 1] if cut + 1 < len(toks) else None
    if nxt is None or (cut >= first and sw.modifier(toks[cut].text)):
        return False
    if role and sw.agent_noun(nxt.text) and original[nxt.start:nxt.end].isascii() \
            and cut >= first and toks[cut].capital == nxt.capital:
        # "Data Engineer", "Product Manager", and typed in lower case "data scientist
        # remoto": a job title's head, no town (a town the gazetteer knows was taken before)
        return False
    if not nxt.capital:
        # English prose writes a compound's noun last, so its last word is no town: one
        # the gazetteer does not know is typed with its capital or after a cue; chat with
        # no English word in it writes the town after the dish ("tacos lalin 30 EUR",
        # "ramen ronda barato")
        return not (lang == "en" and cut >= first and toks[cut].word and not toks[cut].capital
                    and _english_words(original))
    if cut > first and toks[cut].text in sw.OF and toks[cut - 1].word \
            and _job_head(toks[cut - 1]):
        return False  # "Responsable de Marketing Digital": the job's field
    for i in range(max(first, 0), cut + 1):
        typed = original[toks[i].start:toks[i].end]
        if toks[i].word and typed[:1].isupper() and (
                toks[i].caps or original[:toks[i].start].strip(" \t\"'¿¡") != ""):
            return False
    return True


def _english_words(original: str) -> bool:
    """``original`` holds an English function or request word ("a", "under", "with"): it
    is written in English, not as chat that strings a dish and a town together."""
    from scout.task.lang import function_lang

    return any(function_lang(w) == "en" for w in re.findall(r"[^\W\d_]+", fold(original)))


_GERUND = re.compile(r"[a-z]{3}ing$")

# words that end a place's name and are no name alone: "kansas city", "quebec city"
_NAME_TAILS = frozenset({"city"})


def _goes_on(toks: list[_Tok], last: int) -> bool:
    """The request goes on after token ``last`` as chat writes "dish city price": with an
    amount or another reading, a number, or a price or quality word ("ramen ronda barato",
    "tapas ronda 20€"), so the run's last word is the city's."""
    # (a count of a rate is none: "survey responses 500 responses a month")
    return any(not t.word and t.text[0] in (_CLAIMED + "0123456789")
               and not (t.text.isdigit() and per_time(toks, k + 2)) or t.text in sw.QUALITY
               for k, t in enumerate(toks[last + 1:], last + 1))


def only_place(subject: str) -> bool:
    """The subject read is a place the gazetteer knows and nothing else ("Wales" of
    "grants in England and Wales", read before the place input's turn): in a kind with a
    place input it is that input's listed name, noted there, no topic."""
    from scout.task.gazetteer import known_place_words
    from scout.task.lang import fold

    words = re.findall(r"[^\W\d_]+", fold(subject))
    return bool(words) and known_place_words(words) == len(words)


def place_first(toks: list[_Tok], first: int, last: int, free: str, original: str,
                aliases: Sequence[str], lang: str) -> int:
    """The subject's first token once a town it opens with is left to the place reader:
    amid ordinary writing, a name typed with its capital right after what is searched for
    and before lower-case words, which the place reader reads there ("taller Alcobendas
    frenos", "garage Swindon clutch", "autoescuela Móstoles carné B"): where, then what.
    A name of several capitalised words stays ("MOT Ford Focus", "Seat León": a make and
    its model), and so does the request's first word (its capital is the sentence's)."""
    from scout.task.place import find_place
    from scout.task.placecase import known_name

    idx = [i for i in range(first, last + 1) if toks[i].word]
    if len(idx) < 2 or not toks[first].capital or toks[first].caps \
            or not original[:toks[first].start].strip(" \t\n\r¿¡\"'“‘«(-*>"):
        return first
    hit = find_place(free, original, lang, list(aliases))
    if hit is None or hit[1][0] != toks[first].start or hit[1][1] >= toks[last].end:
        return first
    acronym = next((i for i in idx[1:] if toks[i].caps and toks[i].start < hit[1][1]), None)
    if acronym is not None:  # "garage Wigan MOT and service": the town, then the job's acronym
        hit = (original[toks[first].start:toks[acronym - 1].end], (hit[1][0], toks[acronym - 1].end))
    if " " in hit[0].strip() and not known_name(hit[0]):
        return first  # "Ford Focus clutch": two capitalised words no town is, a make's model
    after = next((i for i in idx if toks[i].start >= hit[1][1]), None)
    if after is None or not (original[toks[after].start].islower() or toks[after].caps):
        return first  # what is asked goes on in lower case, or an acronym ("MOT")
    return after
