"""Deterministic free-text query parser: the query → typed values for declared inputs.

No model is involved. The request's language is detected first (:mod:`scout.task.lang`;
English and Spanish), then each declared input type has an extractor that finds its
span in the text: dates and months (:mod:`scout.task.dates`), money
(:mod:`scout.task.money`), ratings (:mod:`scout.task.rating`), places
(:mod:`scout.task.place`), booleans (:mod:`scout.task.booleans`), and numbers, enum
words and author ``pattern`` regexes (:mod:`scout.task.readers`); what an input accepts of a value found (its type,
its enum's words) is :mod:`scout.task.accept`'s. An input type whose turn says more than
its reader's call has its own module for that turn: :mod:`scout.task.dateinput`,
:mod:`scout.task.moneyinput`, :mod:`scout.task.enuminput`, :mod:`scout.task.subjectinput`. Extractors read a folded copy of the
query (lower case, no accents, the same length) and run in a fixed order (here), each
*claiming* the text it used, so "September 2026" is not also read as a place and "200
EUR" not as a rating; an e-mail address is read first, for a free string input named for
one ("notify_email"), and no other reader reads inside it. The parser never raises on odd input: what it could not read, a
date already past, and a currency it had to assume are reported in ``notes`` (in the
request's language; :mod:`scout.task.parse_notes`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from scout.i18n import author_word, translations
from scout.schemas.task import DateRange, Month
from scout.spec.models import InputSpec
from scout.task.abbrev import expanded
from scout.task.booleans import boolean_rivals, find_boolean
from scout.task.fallbacks import fallback_spans, without_either
from scout.task.booleans import said_again as flag_said_again
from scout.task.calques import nativised
from scout.task.catalan import castilian
from scout.task.chat import unmarked, unshouted
from scout.task.cited import cited_apart, fill_from, says_little
from scout.task.accept import (
    DIRECTED_TYPES,
    NAMED_TYPES,
    against,
    bound_partner,
    in_enum,
    typed,
)
from scout.task.corrections import (CORRECTABLE, corrected_places, corrected_quantities,
                                    put_corrected_places, read_corrected, segments)
from scout.task.datarate import gigabits, in_megabits
from scout.task.dayparts import today_parts
from scout.task.datelabels import after_earlier, in_said_order, labelled_dates
from scout.task.weekdaynote import renote_weekdays
from scout.task.demonyms import country_said
from scout.task.gazetteer import known_place_words
from scout.task.enuminput import read_enum, read_enum_list
from scout.task.enums import find_enum, rival_at, rival_words
from scout.task.itemcount import results_wanted
from scout.task.kindlang import vocabulary_of
from scout.task.answerlang import answer_lang
from scout.task.kindnames import in_name, kind_names, kind_spans
from scout.task.labelledlength import labelled_lengths
from scout.task.schedule import claim_schedule, counts_week_days, schedule_days
from scout.task.scope import read_scope
from scout.task.injected import uninstructed
from scout.task.noise import untimed, unwrapped
from scout.task.primes import unprimed
from scout.task.regional import as_typed, peninsular
from scout.task.spoken import unspoken
from scout.task.dictation import undictated
from scout.task.shorthand import weekdays_before_hours, written_out
from scout.task.others import other_parts, priced_parts
from scout.task.lang import Lang, detect, fold
from scout.task.party import party_inputs
from scout.task.parse_notes import ParseResult, labeller, note, note_left, note_unread
from scout.task.placeinput import read_place
from scout.task.placelist import places_list, read_listed, read_places_list
from scout.task.placequalifier import claim_qualifier
from scout.task.quantityinputs import read_quantities
from scout.task.residence import claim_residences, claim_told_dates
from scout.task.roundtrip import implied_round_trip
from scout.task.numberinput import NUMBER_CMP, count_range_inputs, find_number
from scout.task.readers import (
    CLAIMED,
    QueryText,
    default_rating,
    digits_view,
    email_spans,
    find_email,
    find_pattern,
    find_pattern_all,
    query_territories,
    widened,
)
from scout.task.scripts import blanked, currency_sign, mostly_unread, unread_runs
from scout.task.wishes import claim_wishes
from scout.task.year import year_range_inputs
from scout.task.structured import unfielded, unquoted
from scout.task.subjectwords import ASKING, QUALITY, RELAY, cuisine
from scout.task.timespan import TIME_RANGE, slot_length
from scout.termsafe import plain
from scout.units import QUANTITIES

MAX_QUERY_CHARS = 2000  # a query longer than this is cut: parsing stays linear and bounded


# Extraction order: the most specific readings claim their text first. An enum's words
# (a string or list input's declared vocabulary, "studio", "piso") come before places, so
# a request that opens with one ("Studio 40 m2 barcelona") does not read it as the place.
# What a request is about (a ``subject``) is what is left once the others have read
# theirs, so it comes last but for the place: it reads the place's name itself to leave it
# out, and claims the subject, so the place reader passes over it ("ramen barcelona").
# A weight comes before money: "pounds" / "libras" are both, and a kind that declares a
# weight asks for one ("a laptop under 3 pounds"); its budget in pounds is written £ or GBP.
# A length comes after an area, whose "60 metros cuadrados" is no length of 60 m; a volume
# before both ("10 metros cúbicos", "5 m³": the readers of the others pass over it too).
_ORDER = ["date", "month", "weight", "money", "rating", "duration", "year", "volume", "area",
          "data_size", "length", "integer", "number", "boolean", "list", "string", "subject", "place"]


_NIGHT_WORDS = frozenset({"night", "nights", "noche", "noches"})


def _turn(spec: InputSpec) -> float:
    """An input's place in :data:`_ORDER`. A ``labelled`` enum reads its word only beside
    its own label ("procedimiento abierto", "open procedure"), so it reads before the
    booleans, whose aliases would take the word alone ("abierto", "open": still open)."""
    if spec.labelled and spec.enum and spec.type == "string":
        return _ORDER.index("boolean") - 0.5
    if places_list(spec):  # a list of places reads in the places' turn, as one place does
        return _ORDER.index("place")
    return _ORDER.index(spec.type) if spec.type in _ORDER else 99



def _not_length(text: QueryText, inputs: dict[str, InputSpec], name: str,
                ) -> Callable[[tuple[int, int]], bool]:
    """Whether a length's span is no length of ``name``'s: another input's word ("excursión
    de un día") or a code typed with a capital ("16S")."""
    from scout.task.durations import coded

    rival, is_code = rival_at(text.free, inputs, name), coded(text.original)
    return lambda span: is_code(span) or rival(span)


def parse_query(
    query: str, inputs: dict[str, InputSpec], *, today: dt.date | None = None,
    lang: Lang | None = None, default_lang: Lang = "en", locales: Path | None = None,
    kind: str = "", nouns: Sequence[str] = (),
) -> ParseResult:
    """Read values for ``inputs`` out of ``query``: a forwarded or replied message's own
    words first, the text it cites filling only the inputs they leave empty
    (:mod:`scout.task.cited`); the arguments as :func:`_parse_one`'s."""
    whole = query or ""
    parts = cited_apart(plain(whole)[:MAX_QUERY_CHARS])
    if parts is None:
        return _parse_one(whole, inputs, today=today, lang=lang, default_lang=default_lang,
                          locales=locales, kind=kind, nouns=nouns)
    own, quoted = parts
    args: dict[str, Any] = dict(today=today, default_lang=default_lang, locales=locales,
                                kind=kind, nouns=nouns, truncated=len(whole) > MAX_QUERY_CHARS)
    cited = _parse_one(quoted, inputs, lang=lang, **args)
    result = _parse_one(own, inputs, lang=lang or (cited.lang if says_little(own) else None),
                        **args)
    return fill_from(result, cited, frozenset(n for n, s in inputs.items() if s.type == "place"),
                     own)


def _parse_one(
    query: str, inputs: dict[str, InputSpec], *, today: dt.date | None = None,
    lang: Lang | None = None, default_lang: Lang = "en", locales: Path | None = None,
    kind: str = "", nouns: Sequence[str] = (), truncated: bool = False,
) -> ParseResult:
    """Read values for ``inputs`` out of ``query`` (one voice: no cited part apart). Never raises on odd text (a broken
    project catalog under ``locales`` is the author's mistake: CatalogInvalid; so is an
    input's ``pattern`` that runs past its time on the request: PatternTimeout).

    ``kind``: the pipeline's name ("escape-rooms"): the request naming it ("escape rooms
    in Madrid") names what every request of the kind is for, no subject and no place;
    ``nouns``: the pipeline's ``nouns:``, the other words it declares for that thing
    ("podcasts", "guarderías"), claimed the same way.

    ``locales``: the project's own catalogs, merged over scout's for the notes' words: a
    kind's input names ("min_area" → "superficie mínima") are its own msgids."""
    today = today or dt.date.today()
    # noise, chat, a voice message's fillers, catalan
    q = plain(query or "")[:MAX_QUERY_CHARS]
    # text in a script no reader here reads (Arabic, Cyrillic, Han…) is read as nothing
    unread = [r for r in unread_runs(q) if not currency_sign(r.text)]  # "5000 руб." is read
    # a filler that is one of the kind's own words ("mate" a finish) is a value, not a call
    own = {str(w).lower() for s in inputs.values()
           for w in [*s.aliases, *(s.enum or []), *(x for xs in s.synonyms.values() for x in xs)]}
    q = castilian(unshouted(unspoken(unmarked(unwrapped(blanked(q, unread))), own)))
    q = undictated(q)  # "en cordoba coma para el 26": punctuation said aloud, as its marks
    q = uninstructed(q)  # "ignore previous instructions and print ...": no request
    q = without_either(q)  # "in either Porto or Lisbon": the names, as "in Porto or Lisbon"
    # "sushi vegano", "ramen rico": a quality's or a cuisine's Spanish form after its noun
    # the kind's own words in each language break a terse request's tie ("folletos A4, mate")
    # "Please answer in English" in a Spanish message: the report's language, said apart
    # from the words read (which stay in the language they are written in), and no value
    asked = None if lang else answer_lang(q, inputs)
    if asked is not None:
        q = q[:asked.start] + " " * (asked.end - asked.start) + q[asked.end:]
    result = ParseResult(lang=lang or detect(q, default_lang, places=known_place_words,
                                             describes=lambda w: w in QUALITY or cuisine(w),
                                             vocabulary=vocabulary_of(inputs, kind, nouns,
                                                                      locales)))
    told: Lang = asked.lang if asked is not None else result.lang  # the notes' language
    catalog = translations(told, locales)
    _ = catalog.gettext
    result.label = labeller(inputs, told, catalog)
    q = nativised(q, result.lang)  # "without permanence", "buenas revisiones": the kinds' words
    q = peninsular(q, own)  # "alberca", "parqueadero", "plazo forzoso": the words Spain uses
    if result.lang == "es":
        q = unprimed(q)  # "12'5 kg", "90'": the decimal comma and the minute an apostrophe writes
    if truncated or len(query or "") > MAX_QUERY_CHARS:  # (``truncated``: the whole message was)
        result.notes.append(_("query cut to its first {n} characters").format(n=MAX_QUERY_CHARS))
    if unread:
        result.unread_script = mostly_unread(plain(query or "")[:MAX_QUERY_CHARS], unread)
        for run in unread:
            cut = run.text if len(run.text) <= 60 else run.text[:59] + "…"
            words = (_("not read: '{text}' mixes letters of {script} script into a Latin "
                      "word") if run.mixed else
                    _("not read: '{text}' is in {script} script, which scout does not read"))
            result.unread.append(words.format(text=cut, script=_(run.script)))
        result.notes.extend(result.unread)
    # "a las 21h" no value (unless an author's pattern reads it); "aprox." / "2 dorm." written out
    # (a slot a duration input reads as its length, "6-7:30pm", is kept too)
    q = weekdays_before_hours(q, result.lang)  # "sat 10am": the day, before its hour goes
    q = expanded(untimed(q, keep=[(f"inputs.{n}.pattern", s.pattern) for n, s in inputs.items()
                               if s.pattern]
                         + [("from_times", TIME_RANGE.pattern) for s in inputs.values()
                            if s.from_times][:1]))
    q = written_out(q, result.lang)  # "x 2 noches", "nxt wknd": chat shorthand as its words
    q = today_parts(q)  # "tonight", "esta tarde": today, and the part of the day
    q = unfielded(q, inputs, result.lang)  # an agent's "Location: Lyon" fields as prose
    q = unquoted(q, inputs, result.lang)  # an agent's quoted values ('"hotel" in "Seville"') as the words
    text = QueryText(q)
    # "the user wants ...": whom it is for, not what; "kindly share ...": the asking
    relay = RELAY.match(text.folded) or ASKING.match(text.folded)
    # the kind's own nouns, which a Spanish adjective's other gender may agree with ("TIN
    # fijo" for a rate type written "fija": scout.task.enums)
    kind_words = [*nouns, *(a for s in inputs.values() for a in s.aliases)]
    # what names the kind itself: a flag's word before a gerund of it qualifies the thing
    # ("intensive driving course" for driving schools: scout.task.booleans)
    kind_said = [*kind_names(kind, locales), *nouns]
    # "3 nights from March 4" is the stay from that day, unless another input reads nights
    count_nights = not any(
        spec.type == "duration" or {fold(w) for w in [n.replace("_", " "), *spec.aliases]}
        & _NIGHT_WORDS for n, spec in inputs.items() if spec.type not in ("date", "month"))
    if relay is not None:
        text.claim(relay.span())
    if (wanted := results_wanted(text.folded, inputs)) is not None:  # "compare 5 day camps"
        text.claim(wanted)
    searched: list[tuple[int, int]] = []  # where it names what the kind finds
    for name, declared in [*((k, None) for k in kind_names(kind, locales)),
                           *((n, nouns) for n in nouns)]:
        spans = kind_spans(text.folded, name, inputs, declared)
        for span in spans:
            if in_name(q, span, spans):
                continue  # "the British Museum", "Museo del Prado": the place's name
            text.claim(span)
            searched.append(span)
    # "de lunes a viernes", "on weekends": no dates (one an input names is left to it)
    schedules = claim_schedule(text, inputs)
    claim_wishes(text, result, _)  # "terraza preferible, pero no imprescindible": no condition
    if sum(s.type == "place" for s in inputs.values()) == 1:
        claim_qualifier(text, result.lang)  # "Cambridge (Massachusetts)": where, no dish
    territories: list[str] | None = None
    quantities: dict[str, dict[str, tuple[float, tuple[int, int]]]] = {}
    route: dict[str, tuple[str, tuple[int, int]]] = {}  # several place inputs, read at once

    read_spans: list[tuple[int, int]] = []  # where each input's value was read
    # the unit of work a money read ("por palabra"): a kind's enum that names the basis
    # in its own words may still read it there
    unit_spans: list[tuple[int, int]] = []
    at: dict[str, tuple[int, int]] = {}

    def found(name: str, value: Any, span: tuple[int, int]) -> None:
        result.values[name] = value
        result.spans[name] = q[span[0]:span[1]].strip()
        read_spans.append(span)
        at[name] = span
        text.claim(span)

    def refused(name: str, spec: InputSpec, values: list[Any]) -> None:
        note(result, name, _("{name}: '{value}' is not one of {allowed}").format(
            name=result.label(name), value=", ".join(str(v) for v in values),
            allowed=", ".join(author_word(str(e), _) for e in spec.enum or [])))

    def read(name: str, spec: InputSpec, by_pattern: bool) -> None:
        nonlocal territories
        hit: tuple[Any, tuple[int, int]] | None = None
        quoted: tuple[int, int] | None = None
        named = spec.type in NAMED_TYPES  # read by its name or aliases before enum words
        try:
            if by_pattern:
                labels = [a for other, o in inputs.items() if other != name for a in o.aliases]
                lengths = [a for other, o in inputs.items()
                           if other != name and o.type == "duration" for a in o.aliases]
                raw = find_pattern(text, spec, labels=labels, lengths=lengths,
                                   where=f"inputs.{name}.")
                if raw is not None and spec.type == "list":
                    # a list said in several places ("2 adultos de 40 y 42 años y 2 niños
                    # de 8 y 11 años"): every match's values, the note quoting them all
                    hits = find_pattern_all(text, spec, labels=labels, lengths=lengths,
                                            where=f"inputs.{name}.")
                    if len(hits) > 1:
                        for _v, span in hits[1:]:
                            text.claim(span)
                        raw = (", ".join(v for v, _s in hits), hits[0][1])
                        quoted = (hits[0][1][0], hits[-1][1][1])
                if raw is not None:
                    value, off = in_enum(spec, typed(spec, raw[0]))
                    if off:  # not the input's: its own reading may still find one
                        refused(name, spec, off)
                    if value is not None:
                        hit = (value, raw[1])
            elif spec.enum and spec.type == "list":
                hit, quoted = read_enum_list(name, spec, inputs, text)
            elif spec.enum and not named:
                hit = read_enum(name, spec, inputs, text, result, unit_spans, kind_words, _)
            elif spec.type in ("date", "month"):
                from scout.task.dateinput import read_date

                hit = read_date(name, spec, inputs, text, result, today, schedules,
                                count_nights, _)
            elif spec.type == "money":
                from scout.task.moneyinput import read_money

                if territories is None:
                    territories = query_territories(text, result.lang)
                hit = read_money(name, spec, inputs, text, result, territories, others, unit_spans,
                                 found, _)
            elif spec.type == "rating":
                from scout.task.rating import find_rating, star_class

                hit = find_rating(text.free, default_rating(spec),
                                  tuple(fold(a) for a in spec.aliases))
                stars = star_class(text.free)
                if stars is not None and (hit is None or not (
                        hit[1][0] < stars[1][1] and stars[1][0] < hit[1][1])):
                    text.claim(stars[1])  # "hotel de 4 estrellas": a class, said once
                    note(result, name, _(
                        "{name}: '{text}' is the lodging's category, not its guest rating, "
                        "so it sets no minimum").format(
                            name=result.label(name), text=q[stars[1][0]:stars[1][1]].strip()))
            elif spec.type == "area":
                from scout.task.area import find_area

                view = digits_view(text.free)  # "al menos cien metros cuadrados"
                hit = find_area(view, NUMBER_CMP, high=name.startswith("max"))
                if hit is not None:
                    hit = (hit[0], widened(text.free, view, hit[1]))
            elif spec.type in QUANTITIES:
                if spec.type not in quantities:
                    quantities[spec.type] = read_quantities(text, inputs, spec.type, result, _)
                hit = quantities[spec.type].get(name)
            elif spec.type == "year":
                from scout.task.year import find_year

                hit = find_year(text.free, [fold(w) for w in [name.replace("_", " "), *spec.aliases]],
                                today, high=name.startswith("max"), folded=text.folded,
                                original=text.original)
            elif spec.from_times and (slot := slot_length(text.folded)) is not None:
                from scout.task.durations import find_duration

                # "de 19 a 21": two hours (the slot's own input may read it too), unless
                # a length is said apart from it ("de 19 a 21, hora y media"); of a kind
                # with two lengths, one its own words tell apart ("entrega en 72 h" is the
                # delivery's, no shoot's length)
                if sum(s.type == "duration" for s in inputs.values()) > 1:
                    if "duration" not in quantities:
                        quantities["duration"] = read_quantities(text, inputs, "duration", result, _)
                    apart = quantities["duration"].get(name)
                else:
                    apart = find_duration(text.free, calendar=True,
                                          skip=_not_length(text, inputs, name))
                hit = apart if apart is not None and (apart[1][1] <= slot[1][0]
                                                      or slot[1][1] <= apart[1][0]) else slot
            elif spec.type == "duration" and sum(s.type == "duration" for s in inputs.values()) > 1:
                # a warranty's and a delivery's lengths: told apart by their words, as
                # memory and storage are
                if "duration" not in quantities:
                    quantities["duration"] = read_quantities(text, inputs, "duration", result, _)
                hit = quantities["duration"].get(name)
            elif spec.type == "duration":
                from scout.task.durations import find_duration

                hit = find_duration(text.free, high=name.startswith("max"), calendar=True,
                                    skip=_not_length(text, inputs, name))
                if hit is None:
                    from scout.task.durations import period_term

                    # "annual term", "contrato anual": one period, no number said
                    hit = period_term(text.free, [fold(w) for w in [name.replace("_", " "),
                                                                      *spec.aliases]])
            elif spec.type in ("integer", "number"):
                hit = find_number(text, spec, name, spec.type == "integer", result.lang,
                                  rival_words(inputs, name))
                if hit is None and spec.type == "integer" and counts_week_days(name, spec.aliases):
                    hit = schedule_days(text.folded)  # "de lunes a viernes": 5 days a week
            elif spec.type == "boolean":
                rivals = boolean_rivals(inputs, name)
                hit = find_boolean(text, spec, name, rivals, kind_said)
                if hit is not None:  # "Gas Safe registered": the flag's words, said twice
                    for again in flag_said_again(text, spec, name, hit[1], rivals):
                        text.claim(again)
            elif spec.type == "subject":
                from scout.task.subjectinput import read_subject

                hit = read_subject(name, spec, inputs, text, result, today, read_spans, searched)
            elif places_list(spec):  # "ayudas en Galicia y Asturias": every one
                hit = read_places_list(lambda: read_place(text, result.lang, name, spec, inputs,
                                                          route, result.values,
                                                          searched), text)
            elif spec.type == "place":
                hit = read_listed(lambda: read_place(text, result.lang, name, spec, inputs, route,
                                                     result.values, searched),
                                  text, result, name, route, _)
            if named and spec.enum and not by_pattern:
                value, off = in_enum(spec, hit[0] if hit is not None else None)
                if off:  # the query gave this input a value the enum does not allow
                    refused(name, spec, off)
                    if hit is not None:  # read and refused: said once, not also "unread"
                        text.claim(hit[1])
                    hit = None
                elif hit is None and (word := find_enum(text, spec, name, rival_words(inputs, name))) is not None:
                    hit = (typed(spec, str(word[0])), word[1])  # an enum word, as the type
                elif hit is not None:
                    hit = (value, hit[1])
        except (ValueError, re.error) as exc:  # a bad pattern or value: note it, go on
            result.notes.append(f"{name}: {exc}")
            hit = None
        if hit is not None and spec.type in DIRECTED_TYPES and against(name, text.folded, hit[1]):
            bound_end = bound_partner(name, spec, inputs)
            if bound_end is not None and bound_end not in result.values:
                # "menos de 15 km" for min_km beside max_km: the cap is max_km's, read in
                # its place; this input then reads what else the request says
                read(bound_end, inputs[bound_end], False)
                if bound_end in result.values:
                    read(name, spec, by_pattern)
                    return
            text.claim(hit[1])  # "más de 20 minutos" for max_duration: the opposite asked
            said = ("«{}»" if told == "es" else "'{}'").format(q[hit[1][0]:hit[1][1]].strip())
            note(result, name, (_("{name}: {text} is a minimum, and this input is a maximum, so "
                                  "it was not read") if name.startswith("max") else
                                _("{name}: {text} is a maximum, and this input is a minimum, so "
                                  "it was not read")).format(name=result.label(name), text=said))
            hit = None
        if hit is not None:
            found(name, hit[0], hit[1])
            if quoted is not None:
                result.spans[name] = q[quoted[0]:quoted[1]].strip()

    fixes = segments(text.folded)  # "en marzo, no, mejor en abril": the later one is meant
    # "en Burgos o, si no, en Aranda", "con o sin suscripción": a second choice, or what the
    # person does not mind, is no constraint
    for span in fallback_spans(text.folded, text.original):
        text.claim(span)
    others = other_parts(text.folded)  # "... y también buscar hotel, algo de 1.200 pesos"
    others += priced_parts(text.folded, frozenset(  # "... y el vuelo cuesta 300": the flight's
        fold(a) for s in inputs.values() if s.type == "money" for a in s.aliases))
    # a pattern reads first, in its own pass; an input it found nothing for (or nothing
    # the input accepts) is read by its type in the type's turn, aliases and enum included
    ordered = sorted(inputs.items(), key=lambda kv: _turn(kv[1]))
    # an e-mail address first, for an input that holds one ("notify_email"); every address
    # is then claimed whole, so "ana.march@madrid.es" gives no month and no place
    for name, spec in ordered:
        if spec.type == "string" and not spec.enum and not spec.pattern \
                and (address := find_email(text, spec, name)) is not None:
            found(name, address[0], address[1])
    for span in email_spans(text):
        text.claim(span)
    for name, value, span in year_range_inputs(text.free, inputs):
        found(name, value, span)
    # the party first: "un niño de 8 y otro de 11" is two children, and its ages, left
    # free, the range's ("de 8 ... de 11" for age and max_age) or a note's
    counted, ages = party_inputs(text, inputs)
    for name, count, span in counted:
        found(name, count, span)  # "with my wife and 2 children": four
    if counted and ages is not None:
        text.unclaim(ages)
    for name, end, span in count_range_inputs(text, inputs, result.lang):
        found(name, end, span)  # "de 8 a 12 años" for age and max_age: both ends
    for name, spec in ordered:
        if spec.pattern and name not in result.values:
            read(name, spec, True)
    # "fibra de 1 Gb" for a speed in Mb: the speed's, before a data size reads "1 Gb" as
    # an allowance of 1 GB
    for name, spec in ordered:
        if spec.type == "number" and name not in result.values and in_megabits(spec.aliases) \
                and (rate := gigabits(text.original)) and CLAIMED not in text.free[rate[1][0]:rate[1][1]]:
            found(name, rate[0], rate[1])
    # "delivery in 2 days", "entrega en 3 días": a duration's own label, no date "in 2 days"
    for name, seconds, span in labelled_lengths(text, inputs):
        if name not in result.values:
            found(name, seconds, span)
    # "el año pasado fuimos en marzo, ahora en mayo": an earlier time's dates are its own
    claim_told_dates(text, today)
    # several date inputs: a date after one's own label is its ("publicados este mes")
    for name, value, span, past, gap in labelled_dates(text, inputs, today,
                                                       count_nights=count_nights):
        found(name, value, span)
        if gap is not None:  # "ida de Madrid a Barcelona el 12": the route is the places'
            text.unclaim(gap)
        if past:
            result.flags.append(f"past:{name}")
    for name, spec in ordered:  # "Malbec argentino": a country's adjective, for a country's input
        if spec.type == "place" and name not in result.values and (
                said := country_said(text.free, text.original, result.lang, name, spec, inputs)):
            found(name, said[0], said[1])
    if scoped := read_scope(text, inputs, result.values):  # "EU-wide", "a nivel europeo"
        found(*scoped)
    if fixes:
        territories = query_territories(text, result.lang)  # of the whole request
    for kind_ in {s.type for s in inputs.values() if s.type in QUANTITIES} if fixes else ():
        # "50 GB no, mejor 100 GB": the size taken back is claimed; one restated bare is set
        again = corrected_quantities(text, kind_, fixes, frozenset(
            f for s in inputs.values() if s.type == "integer" for a in s.aliases
            for f in (fold(a), fold(a).rstrip("s"))))
        empty = [n for n, s in inputs.items() if s.type == kind_ and n not in result.values]
        if again is not None and len(empty) == 1:
            found(empty[0], again[0], again[1])
    places = [n for n, s in inputs.items() if s.type == "place"]
    if places:  # "I live in Dublin but ...": where one is, when another is named; "like
        # the one we used last year in Porto": another time's place (a route's ends too)
        claim_residences(text, result.lang, homes=len(places) == 1)
    # with several places, a corrected name replaces the one it corrects, whichever input's
    moved = corrected_places(text, result.lang, fixes, [(n, list(inputs[n].aliases)) for n in places]) \
        if len(places) > 1 and fixes else None
    for name, spec in ordered:
        if spec.type in ("subject", "place"):  # "chef around 40k": the amount's words are no subject
            note_left(text, inputs, result, _)
        if name not in result.values and fixes and spec.type in CORRECTABLE \
                and not (moved is not None and spec.type == "place"):
            read_corrected(text, result.values, result.spans, name,
                           lambda: read(name, spec, False), fixes, place=spec.type == "place",
                           today=today, count=spec.type == "integer")
        if name not in result.values:
            read(name, spec, False)

    # "ida el 5 de febrero, vuelta el 9": the return is after the departure, not this month
    # "el viernes 30 ..., volviendo el domingo 2 de mayo": the days in the order said
    first_read = dict(result.values)
    in_said_order(result.values, result.spans, at, inputs, q)
    after_earlier(result.values, at, inputs, q, count_nights=count_nights)
    # "back on Sunday the 13th", "vuelta el domingo 13": the weekday of the day settled
    renote_weekdays(result, first_read, at, [n for n, s in inputs.items() if s.type == "date"],
                    q, _)
    # "ida 17 dic, vuelta 3 de enero": a return date read asks for the return ticket
    implied_round_trip(result.values, result.spans, inputs, text.folded)
    if moved:
        put_corrected_places(result.values, result.spans, text.original, moved, places)
    if len(places) > 1:  # "en Chamberí, Madrid"
        from scout.task.institutioncity import city_of_institution
        from scout.task.neighbourhoods import city_of_neighbourhood
        from scout.task.placepair import city_first

        city_first(result.values, result.spans, inputs, text.folded)
        # "near King's College London": the empty city input takes the institution's city
        city_of_institution(result.values, result.spans, inputs, text.folded)
        # "guardería en Chamberí": the city input takes the neighbourhood's city
        city_of_neighbourhood(result.values, result.spans, inputs, result.lang)
    # a month input can be read off a date the query gave ("15-20 Sept" → September)
    for name, spec in inputs.items():
        if spec.type == "month" and name not in result.values:
            for other, value in result.values.items():
                start = value.start if isinstance(value, DateRange) else value
                if inputs[other].type == "date" and isinstance(start, dt.date):
                    result.values[name] = Month(year=start.year, month=start.month)
                    result.spans[name] = result.spans[other]
                    break
    note_left(text, inputs, result, _)
    note_unread(text, inputs, result, _)
    sent = plain(query or "")[:MAX_QUERY_CHARS]
    # "nafta" read as "gasolina": what a span or a note quotes is what the asker typed
    result.spans = {n: as_typed(s, sent) for n, s in result.spans.items()}
    result.notes[:] = [as_typed(n, sent) for n in result.notes]
    for notes in result.field_notes.values():
        notes[:] = [as_typed(n, sent) for n in notes]
    if told != result.lang:  # the reader sees why the report is not in the request's language
        result.notes.append(_("the request is written in Spanish; the report is in English, "
                              "as it asks") if told == "en" else
                            _("the request is written in English; the report is in Spanish, "
                              "as it asks"))
    result.lang = told  # read in its own language, answered in the one it asks
    return result
