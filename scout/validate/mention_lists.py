"""A ``mentions([...])`` list that reads as alternatives (SPEC092, a warning).

``c | mentions(['pool', 'piscina'])`` needs *every* word (``every=true`` is the default);
authors read it as "any of them", and the criterion then holds only for a listing that
says both, which is almost none. The list is known when the call writes it as a literal
list of words (``scout.spec.filtercall.listed_words``); the rule looks for what no one
listing says together:

* one word written two ways: ``wifi`` / ``wi-fi``, ``pet`` / ``pets``, ``24h`` / ``24 h``
  (case, accents, hyphens, spaces and a plural ``-s`` / ``-es`` aside);
* two values of one ``enum`` input, or their synonyms (``manual`` / ``automatic`` of a
  ``gearbox``): a listing is one of them;
* words of both languages (``pool`` / ``piscina``, ``pets`` / ``mascotas``): a listing is
  written in one. A word is Spanish by an accent or ``ñ``, a Spanish function word in it
  (``sala de reuniones``), or a spelling only Spanish has (``-ción``, ``-miento``,
  ``-dad``, ``-aje``, ``-ado`` / ``-ido``, ``-illa``); English by an English function word
  (``meeting room for 10``) or a spelling only English has (``-ing``, ``th``, ``w``, ``ee``,
  a plural ``-s`` after a consonant, :func:`scout.task.lang.spelling`); the words Spanish
  listings write in English too (``wifi``, ``parking``, ``spa``) say neither.

Written with ``every=`` (either value, or a run-time one) the author has said which they
mean and nothing is reported; a list with a run-time word in it is not read.
"""

from __future__ import annotations

from scout.lazyre import lazy_re
from scout.spec.filtercall import EXPR, listed_words
from scout.spec.models import Pipeline
from scout.task.lang import function_lang, spelling
from scout.text import fold

#: words a Spanish listing writes in English too, so they tell neither language
SHARED = frozenset("""
wifi wi-fi parking spa sauna jacuzzi gym fitness wellness online web smart tv smart-tv
minibar bar pub golf camping surf kayak paddle yoga pilates snorkel hall loft suite
check-in check-out checkin checkout parquet catering coworking rooftop brunch lounge
low-cost outlet shopping ok pet-friendly friendly dog-friendly pet eco bio premium
vip led usb hdmi bluetooth ebike e-bike bike sport sports express standard
""".split())

# Spanish function words inside a phrase ("sala de reuniones", "sin licencia")
_ES_FUNCTION = frozenset("de del con sin para por al el la los las y en un una".split())
_EN_FUNCTION = frozenset("for with without the of and to in on at per no".split())
# spellings only Spanish has (after folding: "ción" -> "cion")
_ES_ENDING = lazy_re(r"[a-z]{2,}(?:cion|ciones|miento|mientos|dad|dades|aje|ajes|ado|ada|ados|"
                     r"adas|ido|ida|idos|idas|illa|illas|illo|illos|eria|erias|izo|iza)")
# a word of six letters or more ending as a Spanish noun or adjective does, a vowel, one
# or two consonants, then "-a" / "-o" ("piscina", "terraza", "desayuno", "centro",
# "taquillas"), unless English spells it so too (below) or it has
# an English spelling (:func:`scout.task.lang.spelling`)
_ES_SHAPE = lazy_re(r"(?=[a-z]{6,}$)[a-z]*[aeiou][^aeiouwkyh\W\d_]{1,2}[ao]s?")
#: English words of listings shaped like that (Italian and Spanish loans, Latin plurals)
_EN_SHAPED = frozenset("""
camera cameras studio studios cinema cinemas agenda veranda verandas umbrella umbrellas
casino casinos bistro bistros stereo portfolio scenario espresso cappuccino volcano
avocado tornado potato potatoes tomato tomatoes mosquito gazebo lasagna vanilla marina
formula replica panorama propaganda criteria bacteria memorabilia banana bananas
""".split())
_ACCENT = lazy_re(r"[áéíóúñü]")
_LETTERS = lazy_re(r"[^\W\d_]+")
_PLURAL = lazy_re(r"(?:(?<=[^aeiou])e)?s$")


def _keys(word: str) -> frozenset[str]:
    """The word with case, accents, spaces and hyphens set aside, as it is and less a
    plural ``-s``, ``-es`` or ``-ies`` ("suites": "suite" or "suit"; "boxes": "box";
    "balconies": "balcony")."""
    letters = "".join(ch for ch in fold(word) if ch.isalnum())
    if len(letters) <= 3 or not letters.endswith("s"):
        return frozenset({letters})
    keys = {letters, letters[:-1], _PLURAL.sub("", letters)}
    if letters.endswith("ies"):  # "balconies": "balcony"
        keys.add(letters[:-3] + "y")
    return frozenset(keys)


def _lang(word: str) -> str | None:
    """"es", "en" or None (both, neither, a word both write) for one list entry."""
    text = word.strip()
    folded = fold(text)
    if not text or folded in SHARED:
        return None
    words = _LETTERS.findall(folded)
    es = bool(_ACCENT.search(text.lower())) or any(function_lang(w) == "es" for w in words) \
        or (len(words) > 1 and any(w in _ES_FUNCTION for w in words)) \
        or any(_ES_ENDING.fullmatch(w) for w in words if w not in SHARED)
    spelt_es, spelt_en = spelling(" ".join(w for w in words if w not in SHARED))
    en = any(function_lang(w) == "en" for w in words) \
        or (len(words) > 1 and any(w in _EN_FUNCTION for w in words)) or spelt_en > 0
    es = es or spelt_es > 0 or not en and len(words) == 1 and words[0] not in _EN_SHAPED \
        and bool(_ES_SHAPE.fullmatch(words[0]))
    return "es" if es and not en else "en" if en and not es else None


def _enum_input(word: str, pipeline: Pipeline) -> dict[str, tuple[str, str]]:
    """{input: (its value, the word)} for each enum input one of whose values (or their
    synonyms) the word is."""
    out: dict[str, tuple[str, str]] = {}
    keys = _keys(word)
    for name, spec in pipeline.inputs.items():
        synonyms = getattr(spec, "synonyms", None) or {}
        for value in getattr(spec, "enum", None) or []:
            if any(keys & _keys(str(w)) for w in (value, *synonyms.get(value, []))):
                out[name] = (str(value), word)
    return out


def alternatives_problem(name: str, call: str, pipeline: Pipeline) -> tuple[str, str] | None:
    """(what reads as alternatives, what to do) for a ``mentions`` call whose literal list
    needs every word though no one listing says them all; None otherwise."""
    if name != "mentions":
        return None
    decoded = listed_words(call)
    if decoded is None:
        return None
    args, kwargs = decoded
    if len(args) > 1 or "every" in kwargs or not args and "words" not in kwargs:
        return None  # every= said (or a second positional, which is every=)
    words = kwargs.get("words") if not args else args[0]
    if words is EXPR or not isinstance(words, list) or len(words) < 2:
        return None
    words = [w for w in words if w.strip()]
    why = _why(words, pipeline)
    if why is None:
        return None
    shown = "[" + ", ".join(repr(w) for w in words) + "]"
    return (f"mentions({shown}) is true only of a listing that names every word, and {why}",
            f"for any one of them write mentions({shown}, every=false); for several things, "
            "each in either language, one call per thing joined by 'and': (c | "
            "mentions(['pool', 'piscina'], every=false)) and (c | mentions(['lift', "
            "'ascensor'], every=false)); if every word must be named, say so: every=true")


def _why(words: list[str], pipeline: Pipeline) -> str | None:
    for i, word in enumerate(words):
        for other in words[:i]:
            if fold(other) != fold(word) and _keys(other) & _keys(word) - {""}:
                return f"{other!r} and {word!r} are one word written two ways"
    owners: dict[str, tuple[str, str]] = {}
    for word in words:
        for inp, (value, said) in _enum_input(word, pipeline).items():
            if inp in owners and owners[inp][0] != value:
                return (f"{owners[inp][1]!r} and {said!r} are two values of input '{inp}': a "
                        "listing names one of them")
            owners.setdefault(inp, (value, said))
    langs: dict[str, str] = {}
    for word in words:
        lang = _lang(word)
        if lang is not None:
            langs.setdefault(lang, word)
    if len(langs) == 2:
        return (f"{langs['en']!r} is English and {langs['es']!r} Spanish: a listing is "
                "written in one language")
    return None
