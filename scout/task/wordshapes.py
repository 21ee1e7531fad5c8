"""What a word is by its shape, English and Spanish, where no list could hold every word:
its ending says it is an adjective ("científica", "interactive"), an abstract noun
("visualization", "sociología"), an English modifier of the noun after it ("gaming",
"senior"), a noun for who does a job or for people ("engineer", "investigadores",
"students"), or a cuisine named after a language ("thai", "japonesa"). The subject and
place readers ask these before taking a word for a town nobody lists.
"""

from __future__ import annotations

import functools
import re

from scout.lazyre import lazy_re


@functools.lru_cache(maxsize=1)
def _language_names() -> frozenset[str]:
    """Languages' names in English and Spanish (CLDR), folded: a cuisine is named after
    one ("thai", "japonés"); places the gazetteer knows are left out."""
    from babel import Locale

    from scout.task.gazetteer import known_place_words
    from scout.task.lang import fold

    names = {fold(v) for lang in ("en", "es") for v in Locale.parse(lang).languages.values()
             if " " not in v and len(v) >= 4}
    return frozenset(n for n in names if not known_place_words([n]))


# the endings of adjectives, Spanish and English ("científica", "automático", "intensivo",
# "práctica", "dynamic", "interactive"): after a subject's noun such a word qualifies it
_ADJECTIVE = lazy_re(r"(?:ic[oa]s?|ical|ic|iv[oa]s?|ive|os[oa]s?|ous|bles?)$")
_ADJECTIVE_AL = lazy_re(r"al(?:es)?$")  # "digital", "cultural": only in longer words


def adjective(word: str) -> bool:
    """``word`` (folded, six letters or more) ends as an adjective does: typed after a
    subject with no cue, it is no town nobody lists ("escritura científica", "marketing
    digital")."""
    return (len(word) >= 6 and _ADJECTIVE.search(word) is not None) or \
        (len(word) >= 7 and _ADJECTIVE_AL.search(word) is not None)


# the endings of an English nationality's adjective ("Indian", "European", "Chinese",
# "Scottish"): before a noun in lower case ("Indian cities") it qualifies it, no place
_NATIONALITY = lazy_re(r"(?:[aei]an|ese|ish)$")


def nationality(word: str) -> bool:
    """``word`` (folded, five letters or more) ends as an English nationality's adjective."""
    return len(word) >= 5 and _NATIONALITY.search(word) is not None


# the endings of abstract nouns, English and Spanish ("visualization", "development",
# "gestión", "periodismo", "sociología"): a field of study or work, no town's name
# ("science", "finance", "ciencia", "licencia": -ence / -ance / -encia / -ancia too, but
# not "-ances", which "francés" folds to; a town so spelt is one the gazetteer knows,
# "Florence", "Provence", and callers ask it first)
_ABSTRACT = lazy_re(r"(?:(?:tion|sion|cion|ment|ness|ship|ism|ismo|ology|ologia|ics|ity|"
                    r"encia|ancia)s?|ence|ance)$")


def abstract_noun(word: str) -> bool:
    """``word`` (folded, seven letters or more) ends as an abstract noun does: typed after
    a subject's word with no cue ("data visualization online"), it ends the subject, no
    town nobody lists."""
    return len(word) >= 7 and _ABSTRACT.search(word) is not None


# English endings of a word that qualifies the noun after it: a gerund or an adjective
# ("gaming", "mechanical", "wireless", "refurbished"), a rank ("senior", "junior")
_MODIFIER = lazy_re(r"(?:ing|ical|ous|ive|able|ible|less|ful|ed|ior)$")


def modifier(word: str) -> bool:
    """``word`` (folded, five letters or more) ends as an English word that qualifies the
    noun after it does ("gaming laptop", "Senior Product Manager"): the next word is that
    noun, no town's name. (Spanish writes its adjectives after the noun.)"""
    return len(word) >= 5 and _MODIFIER.search(word) is not None


# the endings of a noun for who does a job, English and Spanish ("engineer", "manager",
# "analyst", "ingeniero", "enfermera", "diseñador", "periodista"): a job title's head
# (not "-ller": "Sóller" typed without its accent)
_AGENT = lazy_re(r"(?:eer|(?<!ll)(?<=[^aeiou])er|[^aeiou]or|ist|yst|er[oa]|ista|[dts]ora?)s?$")


# "-ista" nouns that name a thing, not who does it: what is seen ("entrevista", "revista",
# "vista"), a track ("pista", "autopista"; not "terapista"), a "conquista", a "lista" on
# its own (not "especialista", "periodista", "socialista")
_THING_ISTA = lazy_re(r"(?:(?<!r)vista|(?<!a)pista|quista|^lista)s?$")


def agent_noun(word: str) -> bool:
    """``word`` (folded, six letters or more) ends as a noun for who does a job does: in a
    job title typed with capitals ("Data Engineer", "Ingeniero de Software") it is the
    title's head, no town's name, and what follows its "de" is its field."""
    return len(word) >= 6 and _AGENT.search(word) is not None and not _THING_ISTA.search(word)


# a noun for people by its ending beyond a job's: "students", "participantes",
# "investigadores" (a plural a job's ending does not cover)
_PEOPLE_END = lazy_re(r"(?:ent|ant|ente|ante)s?$|[dts]or(?:es|as)$")


def person_noun(word: str) -> bool:
    """``word`` (folded) ends as a noun for people who do or are something ("scientists",
    "researchers", "students", "investigadores", "estudiantes")."""
    return agent_noun(word) or (len(word) >= 6 and _PEOPLE_END.search(word) is not None)


def cuisine(word: str) -> bool:
    """``word`` (folded) names a cuisine, in any Spanish gender or number ("thai",
    "japonesa", "chinos"): it qualifies a dish ("pad thai", "ramen japonés"), no city."""
    return language_name(word)


def language_name(word: str) -> bool:
    """``word`` (folded) is a language's name in English or Spanish (CLDR), in any Spanish
    gender or number ("francés", "alemana", "ingleses", "German"), a place's aside."""
    forms = {word, re.sub(r"(?:a|as|os|s)$", "o", word), re.sub(r"(?:a|es|as)$", "", word),
             word.rstrip("s")}
    return any(f in _language_names() for f in forms)
