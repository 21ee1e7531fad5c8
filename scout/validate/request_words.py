"""A kind's own words that take a request's words from the readers meant for them.

* SPEC079 (with :func:`scout.validate.checks._check_nouns`): a ``nouns:`` word that is a
  value a request states: a number, a currency (code, symbol or name), a month or a
  weekday. The parser claims a kind's nouns before any reader, so ``nouns: [EUR,
  September]`` blanks "EUR" and "September" out of "under 200 EUR in September": the
  budget and the month are lost without a word.
* SPEC086 (:func:`grammar_enum_problems`): an enum value or synonym that is a grammar
  word alone ("with", "con", "for", "a", "sin"): the enum reader takes it from nearly any
  request ("with dental" sets a copayment enum's ``with``, "a hotel" a grade ``a``), unless
  the input is ``labelled``.
* SPEC082 (:func:`subject_alias_problems`): a subject input's alias that the request's
  other readers use for something else: "for" / "para" say whom or how many a thing is
  for ("for 4", "for 500 responses a month"), so the subject read after it is whatever
  follows ("month"). Asked of the parser itself (does a count of people read the words
  after the alias?), not of a word list.

Both look only at words the parser's own lexicons know (CLDR's months, weekdays and
currencies, its number words), so a noun of the kind's own ("camp", "dataset") and a cue
that reads a topic ("about", "on", "sobre") are never reported.
"""

from __future__ import annotations

import functools
import re

from scout.errors import Location, Problem
from scout.spec.models import InputSpec, Pipeline
from scout.spec.yamlload import SourceMap

#: what a request loses when a noun blanks out a value of each sort
_LOST = {"a number": "amount or count", "a currency": "price", "a month": "date",
         "a weekday": "date"}
#: a weekday's full name: CLDR's abbreviations ("sun", "mar", "dom") are everyday words
_FULL_WEEKDAY = 5


def value_words(noun: str) -> list[str]:
    """What a request states with ``noun``'s words ("a number", "a currency", "a month",
    "a weekday"), when it has no word of its own besides them and function words; else
    []. ``EUR``, ``200``, ``September``, ``€``, ``200 EUR``, ``en septiembre``: each
    only a value. ``black friday deals``, ``24 hour pharmacy`` have words of their own:
    the kind is named by the whole phrase, and a request that says it means the kind."""
    from scout.task.cldr import months, weekdays
    from scout.task.currencyword import currency_of
    from scout.task.lang import fold
    from scout.task.numwords import rewrite
    from scout.task.subjectwords import STOP

    found: list[str] = []
    for token in noun.split():
        word = fold(token).strip(".,;:")
        if re.search(r"\d", word) or re.search(r"\d", rewrite(word)):
            what = "a number"
        elif currency_of(token) is not None:
            what = "a currency"
        elif word in months() and months()[word][1]:
            what = "a month"
        elif word in weekdays() and len(word) >= _FULL_WEEKDAY:
            what = "a weekday"
        elif word in STOP or not word:
            continue  # a function word beside a value: "en septiembre"
        else:
            return []  # a word of the kind's own
        if what not in found:
            found.append(what)
    return found


def value_noun_problem(noun: str, where: Location) -> Problem | None:
    """SPEC079 for a noun that is only a value a request states, or None."""
    what = value_words(noun)
    if not what:
        return None
    lost = dict.fromkeys(_LOST[w] for w in what)
    return Problem(
        "SPEC079", f"nouns: '{noun}' is {' and '.join(what)}, a value a request states: "
        f"a declared noun is claimed before any reader, so a request's '{noun}' is blanked "
        f"out and its {' and '.join(lost)} never read", where, severity="warning",
        hint="declare the words for the thing the kind finds ('camp', 'dataset', "
             "'coworking space'), and leave prices, dates and counts to the inputs "
             "(a money, month, date or integer input)")


@functools.lru_cache(maxsize=256)
def _counts_people(alias: str) -> bool:
    """Whether the parser reads the words after ``alias`` as how many the thing is for:
    "for 4" / "para 4" is a party of four, for any kind that counts people."""
    from scout.task.parser import parse_query

    inputs = {"topic": InputSpec(type="subject", aliases=[alias]),
              "people": InputSpec(type="integer")}
    return parse_query(f"{alias} 4", inputs, lang="en").values.get("people") == 4


def subject_alias_problems(pipeline: Pipeline, smap: SourceMap) -> list[Problem]:
    """SPEC082: a subject input's one-word alias that says whom or how many the thing is
    for ("for", "para"): the subject becomes whatever follows it in every request that
    says so ("survey tool for 500 responses a month" → "month")."""
    from scout.task.lang import fold
    from scout.task.subjectwords import STOP

    out: list[Problem] = []
    for name, spec in pipeline.inputs.items():
        if spec.type != "subject":
            continue
        for i, alias in enumerate(spec.aliases):
            # only a grammar word can be another reader's cue; asking the parser about
            # each of a hostile kind's 500 aliases would cost seconds
            if not isinstance(alias, str) or len(alias.split()) != 1 \
                    or fold(alias.strip()) not in STOP or not _counts_people(alias.strip()):
                continue
            out.append(Problem(
                "SPEC082", f"input '{name}': alias '{alias}' is the word requests use for "
                f"whom or how many the thing is for ('{alias} 4', '{alias} 500 ...'): the "
                f"subject would be whatever follows it ('survey tool for 500 responses a "
                f"month' reads the subject 'month')", smap.locate(("inputs", name, "aliases", i)), severity="warning",
                hint=f"drop '{alias}' ('about', 'sobre' and the words before what the kind "
                     "finds are read as the subject already), or write the cue with the "
                     "words that say a topic follows: 'for research on', 'para "
                     "investigar'"))
    return out


def grammar_enum_problems(pipeline: Pipeline, smap: SourceMap) -> list[Problem]:
    """SPEC086: an enum value or synonym of an input that is not ``labelled`` which is a
    grammar word alone (an article, a preposition, a conjunction of either language):
    requests say it about anything ("with a pool", "para adultos", "a hotel"), so the
    enum reader takes it only beside the input's name or typed as a code
    (:mod:`scout.task.enums`), and a request meaning it in words is missed."""
    from scout.task.lang import fold
    from scout.task.subjectwords import FUNCTION_WORDS

    out: list[Problem] = []
    for name, spec in pipeline.inputs.items():
        if not spec.enum or spec.labelled:
            continue
        said = [(v, ("enum", i)) for i, v in enumerate(spec.enum)] + [
            (w, ("synonyms", v, j)) for v, words in (spec.synonyms or {}).items()
            for j, w in enumerate(words)]
        for word, at in said:
            if not isinstance(word, str) or fold(word.strip()) not in FUNCTION_WORDS:
                continue
            out.append(Problem(
                "SPEC086", f"input '{name}': '{word}' is a grammar word requests say about "
                f"anything ('{word} ...'): the input reads '{word}' only beside its name or "
                f"an alias, or typed as a code ('{word.upper()}'), so a request that means it "
                f"in words is missed", smap.locate(("inputs", name, *at)), severity="warning",
                hint="name the value with a word of its own ('copay', 'no_copay') and give "
                     "the phrases as synonyms ('with copayment', 'con copago'), or make the "
                     "input labelled: true"))
    return out
