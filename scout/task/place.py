"""The place a request is about: after "in / at / near / to" or "en / cerca de / a", or
the first capitalised name ("Barcelona hotels").

Names run over several words with their particles ("Palma de Mallorca", "Santiago de
Compostela", "Las Palmas de Gran Canaria", "New York City"); a particle ("de", "del",
"la", "of"…) is kept only when a name word follows it. Accents are kept as written. When
the request is typed in capitals somewhere (ordinary writing), a place word must be
capitalised, so "Where to eat in San Francisco" does not read "eat"; a request typed all
in lower case (or all in capitals) is read case-blind and the name is title-cased ("en
sevilla" → "Sevilla", "rio de janeiro" → "Rio de Janeiro"). Read case-blind, a geographic
head noun ("playa", "costa") starts a name only before particles and a name ("playa del
carmen"), a one-letter word (chat's "x", "q") ends one, and a lone infinitive after "a" /
"to" ("a buscar") gives way to a name after another cue. In ordinary writing, capitals
that spell a particle are an abbreviation ("in LA", "in DC"); typed in lower case, a
short word with no vowel is one too ("cdmx" → "CDMX", "nyc" → "NYC", also first in a name
when the gazetteer knows it: "nyc pizza"). Text other extractors claimed (dates, money,
ratings) ends a name. With no cue word, what other inputs claimed is passed over ("best
pizza nyc", "ramen barcelona barato" once the dish is read), and so is a word counted by
a number ("2 baños madrid"), and so is whom it is for ("cursos de R para investigadores",
"for kids": after "para" / "for" only a name the gazetteer knows); "de" / "of" right after a claimed thing ties it to the place
that follows ("el mejor ramen de lyon", "tapas típicas de sevilla"). A lower-case article
before "ciudad" goes with the noun ("la ciudad de mexico" → "Ciudad de Mexico"), and so
do a lodging word's ("los mejores hoteles de sevilla"). Capitals only in claimed text
("30 USD") leave a request lower-case. Of several "en" cues a known name wins ("chile en
nogada en puebla"); after "near the" / "cerca de la" a landmark drops its article, and a
town the gazetteer knows after it wins over a name it does not know after "in" / "en" ("in
the Alps near Geneva").
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.namepart import (after_landmark, model_follows, numbered_part, owned_thing,
                                 second_name_word, town_after_model)
from scout.task.establishments import known_tail, place_in_name
from scout.task.addresslabel import address_part
from scout.task.placecase import joined_names, known_name
from scout.task.placecodes import CODE, NEAR_CODE, article_landmark, code_landmark, known_of, past_code
from scout.task.wordshapes import nationality
from scout.task.notplace import (after_field_cue, agreed_plural, asking, capitals_claimed,
                                 currency_word, number_name, unknown_opener,
                                 common_words, degree_cue, field_cue, field_words, language, nominal_cue,
                                 people_field,
                                 plural_of_claimed, trip_modifier)
from scout.task.placecues import intro_cue as _intro_cue, known_at as _known_at
from scout.task.placecues import place_cues as _cues, topic_after_intro as _topic_after_intro
from scout.task.placename import (is_cased, kind_word, known_end, name_at, next_word,
                                  read_name, spanish_word_name, title_case)
from scout.task.placeshapes import abbreviation_after, abbreviation_at_end as _abbreviation_at_end
from scout.task.placeshapes import counted as _counted

__all__ = ["find_place", "is_cased", "name_at", "title_case"]


#: a domain's ending typed alone, led by its dot ("dominio .es", "a .com domain", "un .cl
#: con correo"), or a domain name in lower case ("grupo-ub.es", and "dominio.es" as the
#: text reaches this reader): a name on the web, never a country or a place to be in (a
#: code in capitals, "EE.UU.", stays)
_TLD = re.compile(r"(?<![\w.])\.[A-Za-z]{2,24}\b(?![.\w])|"
                  r"(?<![\w.])[a-z0-9][a-z0-9-]*\.[a-z]{2,24}\b(?![.\w])")


def find_place(free: str, original: str, lang: str, aliases: list[str]) -> tuple[str, tuple[int, int]] | None:
    if "." in free:  # a domain's ending is no place: masked, its length kept
        free = _TLD.sub(lambda m: "\x00" * len(m.group(0)), free)
    hit = _find_place(free, original, lang, aliases)
    if hit is None and NEAR_CODE.search(free):
        hit = known_of(free, original)  # "cerca de la T4, aeropuerto de madrid": Madrid
    if hit and (language(hit[0]) or currency_word(hit[0])):
        # "subtitle two videos from English": what is spoken, however read; "a Perú en
        # soles", "in pesos": what the money is in
        return None
    if hit and original[hit[1][0]:hit[1][0] + 1].isupper() \
            and not any(known_name(w) for w in hit[0].split()) and model_follows(original, hit[1][1]) \
            and not after_landmark(original, hit[1][0]):
        return None  # "revisión de los 90.000 km Opel Zafira 1.6": a car, however read
    return _without_trip_word(original, hit)


def _without_trip_word(original: str, hit: tuple[str, tuple[int, int]] | None
                       ) -> tuple[str, tuple[int, int]] | None:
    """``hit`` less its last one or two words where they, with the word after it, hold a
    trip's noun ("lisbon city break", "Lisbon City Break", "Rome family trip") and the rest
    is a place the gazetteer knows: Lisbon, Rome; a name it knows whole keeps them
    ("Mexico City break")."""
    if hit is None or known_name(hit[0]):
        return hit
    start, end = hit[1]
    words = list(re.finditer(r"[^\W\d_]+", original[start:end]))
    nxt = re.match(r"[ \t]+([^\W\d_]+)", original[end:])
    after = [fold(nxt.group(1))] if nxt else []
    for k in range(len(words) - 1, max(0, len(words) - 3), -1):
        rest = [fold(w.group(0)) for w in words[k:]] + after
        head = original[start:start + words[k - 1].end()]
        if any(w in pw.TRIP_NOUNS for w in rest) and known_name(head):
            cut = words[k - 1].end()  # the name as read (title-cased) where it kept the length
            return (hit[0][:cut] if len(hit[0]) == end - start else head), (start, start + cut)
    return hit


def _find_place(free: str, original: str, lang: str, aliases: list[str]) -> tuple[str, tuple[int, int]] | None:
    cased = is_cased(original, free)
    alt = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in
                   sorted(set(_cues(lang, aliases)), key=len, reverse=True))
    later: tuple[str, tuple[int, int]] | None = None
    verbish: tuple[str, tuple[int, int]] | None = None
    first: tuple[str, tuple[int, int]] | None = None
    occasion: tuple[str, tuple[int, int]] | None = None
    for m in re.finditer(r"(?<![\w])(?P<cue>" + alt + r")\s+", free):
        if _intro_cue(m, free, original):
            continue  # "an introduction to Machine Learning", "guía a Rust": the topic
        hit = place_in_name(original, read_name(free, original, m.end(), cased), cased)
        if hit is None and not cased:  # "hotel near the lake in como": Como
            hit = spanish_word_name(free, original, m.end(), lang, m.group("cue"))
        if hit and (language(hit[0]) or currency_word(hit[0])):
            # "tour por Sevilla en francés", "visita en alemán": spoken, no place; "a Perú
            # en soles", "paid in pesos": a currency, no place
            continue
        if hit and not cased and fold(hit[0]).split()[0] in pw.TRIP_NOUNS | pw.VENUE_WORDS \
                and not known_name(hit[0]):
            # "fibra en casa", "wifi in the flat": where at home, no town; a known name
            # set beside it says where the home is ("en casa (malasaña, madrid)")
            aside = re.match(r"[ \t]*[(,][ \t]*", original[hit[1][1]:])
            beside = read_name(free, original, hit[1][1] + aside.end(), cased) if aside else None
            if beside is None or not known_name(beside[0]):
                continue
            hit = beside
        if hit and occasion is None and pw.occasion_cue(free, m.start()):
            occasion = hit  # "for a field campaign in Svalbard ... a hotel in Longyearbyen"
            continue
        if hit and ((field_cue(m.group("cue"), m.start(), original) if not cased
                     else degree_cue(m.group("cue"), m.start(), original))
                    or not cased and field_words(hit[0])
                    or people_field(m.group("cue"), m.start(), original)
                    or nominal_cue(m.group("cue"), m.start(), original)
                    or fold(hit[0]) in sw.COMPANY) \
                and not known_name(hit[0]) and len(joined_names(original, hit)) < 2:
            # "research in machine learning", "máster en ciencia de datos": a field;
            # "ayudas a la investigación": what kind, no place; "viaje en familia",
            # "escapada en pareja": who comes along, no town
            continue
        if hit and _month_name(hit[0]) and not known_name(hit[0]):
            continue  # "cruise from Miami in August" where no date input read it: a month
        if not cased and re.sub(r"\s+", " ", m.group("cue")) in pw.SECONDARY:
            hit = article_landmark(free, original, m.end(), hit)
        hit = past_code(m.group("cue"), hit, original)  # "junto a la T1 de El Prat"
        if code_landmark(m.group("cue"), hit):
            continue  # "cerca de la T4": the place is said elsewhere, or not at all
        if hit and not cased and m.group("cue") in ("a", "to") and _infinitive(hit[0]):
            # "me ayudas a buscar hotel en cdmx": after "a" / "to" a lone -ar/-er/-ir word
            # typed in lower case is likelier a verb; a name after another cue wins
            verbish = verbish or hit
            continue
        if hit:
            # "near the Eiffel Tower in Paris": a name after "in"/"en" wins over a landmark
            # after "near"/"cerca de"; the first name after any cue otherwise
            if re.sub(r"\s+", " ", m.group("cue")) not in pw.SECONDARY:
                # "chile en nogada en puebla", "mussels in white wine in brussels": a dish
                # can hold "en" / "in", so a name the gazetteer knows after a later cue
                # wins over an unknown one; otherwise the first name is the place
                if known_name(hit[0]):
                    return hit
                first = first or hit
                continue
            later = later or hit
    if first and later and not known_name(first[0]) and known_name(later[0]):
        return later  # "hiking in the Alps near Geneva": a town the gazetteer knows, no range
    if first or later or verbish or occasion:
        return first or later or verbish or occasion
    if (tail := _abbreviation_at_end(free, original)) is not None:
        return tail  # "SIM only plan UK", "tarifa móvil EE. UU.", "tacos coyoacan cdmx"
    if not cased:
        # "hotel lisboa junio": after a leading request word, the first other word;
        # "sevilla en octubre": a request that opens with a name
        words = list(re.finditer(r"[^\W\d_][\w'’-]*", original))
        cue_words = {c for c in _cues(lang, aliases) if " " not in c}
        claimed = [free[m.start()] == "\x00" for m in words]
        # "2 baños madrid 1200": a word right after a number is what it counts, not a name
        counted = _counted(original, words)
        if words and fold(words[0].group(0)) in pw.LEADING_ARTICLES and not claimed[0]:
            # "las palmas de gran canaria", "los angeles": a request that opens with a
            # name carrying its article (the reader keeps it only before a name word)
            hit = read_name(free, original, words[0].start(), cased)
            if hit and (hit[1][0] == words[0].start() and _name_word_after(original, words[0])
                        or _landform_name(hit, words)):
                return hit  # "las palmas de gran canaria"; "la costa brava": Costa Brava
        if words and (fold(words[0].group(0)) in pw.LEADING | pw.STOP | pw.VENUE_WORDS
                      or fold(words[0].group(0)) in sw.FIELD_HEADS or claimed[0]
                      or counted[0] or kind_word(words[0].group(0))
                      or fold(words[0].group(0)) in pw.TRIP_NOUNS  # "casa rural"
                      or trip_modifier(original, words, 0)  # "family trip lisbon"
                      or asking(original, words[0])) \
                and known_end(free, words[0].start()) is None:
            # "best pizza nyc", "ramen barcelona barato": what another input read (the
            # dish, a month, an amount) is skipped; right after it, "de" / "of" is that
            # thing's ("el mejor ramen de lyon", "tapas típicas de sevilla"), so the name
            # follows it
            # (an amount's or a count's word is no thing of the place: "100 euros de
            # presupuesto")
            after = (claimed[0] and not counted[0]) or fold(words[0].group(0)) in pw.VENUE_WORDS \
                or kind_word(words[0].group(0))
            purpose = False  # after "para" / "for": whom or what it is for, up to a claim
            field_of = -1  # the word after "estudiantes de": a field, no place
            past = -1  # where a common noun's words after "de" end ("servicios de limpieza")
            whose = False  # past "mi" / "my": only a name the gazetteer knows
            for k, m in enumerate(words[1:], 1):
                w = fold(m.group(0))
                if claimed[k] or (after and w in pw.BETWEEN):
                    after = (after and not claimed[k]) or (claimed[k] and not counted[k])
                    purpose = purpose and not claimed[k]
                    continue
                if counted[k]:
                    after = False  # "hotel 2 noches de relax": the "de" is the count's
                    continue
                if k >= 2 and (fold(words[k - 1].group(0)) in sw.RELATIVE or k >= 3
                               and fold(words[k - 1].group(0)) in _NOT
                               and fold(words[k - 2].group(0)) in sw.RELATIVE):
                    continue  # "cursos que empiecen en enero", "que no pidan": the clause's verb
                whose = whose or fold(words[k - 1].group(0)) in sw.POSSESSIVES
                if whose and not _known_at(words, k) and known_end(free, m.start()) is None:
                    continue  # "campamento, mi hijo tiene 14": whose, and what they do
                if w in pw.PURPOSE or w in _HAVING:
                    purpose = True
                    continue
                if purpose and w in cue_words:
                    break  # "con motor en el [buje] trasero": the cue pass read past "en"
                if purpose and not _known_at(words, k) and known_end(free, m.start()) is None:
                    # "cursos de R para investigadores", "classes for kids"; "hotel con
                    # piscina", "hotel con personal que hable alemán": what it has
                    continue
                if k == field_of or m.start() < past:
                    continue  # the people's field, a common noun's words (below)
                if w in pw.OF and people_field(w, m.start(), original) \
                        and not _known_at(words, k + 1):
                    after, field_of = False, k + 1  # "para estudiantes de marketing"
                    continue
                if after and w in pw.OF and k + 1 < len(words) \
                        and fold(words[k + 1].group(0)) not in sw.FIELD_HEADS:
                    hit = read_name(free, original, words[k + 1].start(), cased)
                    if hit and (not claimed[k - 1] or common_words(hit[0])) \
                            and not known_name(hit[0]) \
                            and known_end(free, words[k + 1].start()) is None:
                        # "plan de móvil", "tarifa de prepago", "hotel de lujo": after the
                        # kind's own word (no dish or topic another input read) a word the
                        # gazetteer does not know is what the thing is of, no town; after
                        # a read one too when it is a common noun's ("servicios de limpieza")
                        after, past = False, hit[1][1]
                        continue
                    if hit:
                        return hit
                    if claimed[k + 1]:
                        continue  # "congresos de medicina madrid": the "de" is the subject's
                if w in pw.LEADING_ARTICLES and k + 1 < len(words) and (
                        claimed[k + 1] or fold(words[k + 1].group(0)) in pw.ARTICLE_OF_WHAT
                        or fold(words[k + 1].group(0)) in sw.FIELD_HEADS):
                    continue  # "busco el mejor ramen de lyon": the article of what is asked
                if w in pw.PARTICLES or w in cue_words:
                    break  # past a cue or an article the cue pass has read what there was
                after = w in pw.VENUE_WORDS
                # "me recomiendas dónde comer ...": any word of asking is no name either
                if (w in pw.LEADING or w in pw.NOT_FIRST or after or w in sw.REQUEST
                        or w in sw.QUALITY  # "un buen rioja reserva": how good, no name
                        or w in sw.FIELD_HEADS  # "máster en ciencia de datos": what kind
                        or kind_word(w)) and known_end(free, m.start()) is None:
                    continue  # ("hotel christmas island": a known name's word is no stop)
                if pw.adjective_like(m.group(0)) and not _known_at(words, k) \
                        and known_end(free, m.start()) is None:
                    continue  # "equipo pequeño", "friendly team": a word that describes
                if CODE.fullmatch(m.group(0).upper()) and not _known_at(words, k):
                    continue  # "inglés b2", "airbus a320": a level's or a model's code
                if trip_modifier(original, words, k):
                    continue  # "viaje familiar", "escapada rural": what kind of trip

                hit = place_in_name(original, read_name(free, original, m.start(), cased), cased)
                if hit and number_name(hit[0]):
                    continue  # "maths tutor, three 1-hour lessons a week": a count
                if hit and common_words(hit[0]):
                    past = hit[1][1]  # "mantenimiento de jardines": a thing, no town
                    continue
                if hit and not known_name(hit[0]) and capitals_claimed(original, free):
                    continue  # "Senior Product Manager, fintech": a name would have capitals
                if hit and not known_name(hit[0]) and _TOPIC_CUE.match(free, m.end()):
                    return None  # "Spanish-language tweets about ...": what the topic is of
                if (tail := _known_after_noun(original, hit, m.group(0), cased)) is not None:
                    return tail  # "storage unit manchester": the thing's noun, then the city
                return hit
        elif words and fold(words[0].group(0)) not in pw.PARTICLES | sw.REQUEST:  # no "Tengo"
            hit = place_in_name(original, read_name(free, original, words[0].start(), cased),
                                cased)
            if hit and common_words(hit[0]):
                return None  # "servicios de limpieza", "contratación pública": a thing
            if hit and number_name(hit[0]):
                return known_tail(original, hit[1], cased)  # "two 1-hour lessons a week"
            if hit and not known_name(hit[0]) and _before_topic_cue(free, words):
                return None  # "tweets sobre elecciones", "blogs about cooking": what it is of
            if hit and not known_name(hit[0]) and _what_for(original, words, hit):
                return None  # "espacio para una reunión", "sala con proyector": a thing
            if hit and not known_name(hit[0]) and (agreed_plural(words)
                                                   or plural_of_claimed(free, words)):
                return None  # "series de paro actualizadas", "datos meteorológicos": a noun
            if (town := town_after_model(free, original, hit)) is not None:
                return town  # "audi a4 2019 leeds": the make, its model and year, then where
            if (beyond := _known_past_claim(free, original, hit, cased)) is not None:
                return beyond  # "placas [solares] zaragoza": the thing, the kind's word, the city
            if (tail := _known_after_noun(original, hit, words[0].group(0), cased)) is not None:
                return tail  # "storage unit manchester" (no kind's word claimed): the city
            return None if hit and not known_name(hit[0]) and capitals_claimed(original, free) \
                else hit
        return None
    # "Barcelona hotels": the first capitalised phrase that is not a command or a month
    if cased:
        field_end = 0  # where a field's name after "máster en" / "PhD in" ends
        opener: tuple[str, tuple[int, int]] | None = None  # an unknown word opening it
        typed = list(re.finditer(r"[^\W\d_][\w'’-]*", original))
        for i, m in enumerate(typed):
            w = m.group(0)
            f = fold(w).replace("’", "'")  # "Who’s" as "Who's"
            if w[0].isupper() and f in pw.NAME_HEADS and free[m.start()] != "\x00" \
                    and _landform_name(read_name(free, original, m.start(), cased), [m]):
                return read_name(free, original, m.start(), cased)  # "Costa Brava sailing camp"
            if not w[0].isupper() or free[m.start()] == "\x00" or f in pw.LEADING \
                    or f in pw.STOP or f in sw.INTRO or kind_word(w):
                if fold(w) in pw.LEADING_ARTICLES and w[0].isupper() and free[m.start()] != "\x00":
                    hit = read_name(free, original, m.start(), cased)  # "Los Angeles"
                    if hit and hit[1][0] == m.start() and _name_word_after(original, m):
                        return place_in_name(original, hit, cased)  # "Bar El Tigre"
                continue
            if asking(original, m):
                continue  # "¿Hay algún dentista ...?", "Who's a good physio": capitalised as opener
            if (CODE.fullmatch(w) or _INITIALS.fullmatch(w)) and not known_name(w):
                continue  # "inglés B2", "Airbus A320", "IT services": a code, no name
            if m.start() < field_end or (fold(w) in sw.FIELD_HEADS and not known_name(w)):
                continue  # "Máster en ...", "PhD in ...": what kind of study, no place
            base = max(0, m.start() - 4)
            of = re.search(r"(?<![\w])(de|of)\s+$", free[base:m.start()])
            if of and people_field(of.group(1), base + of.start(1), original) \
                    and not known_name(w):
                continue  # "Prácticas para estudiantes de Marketing": their field
            to = re.search(r"(?<![\w])(al?)\s+(?:(?:la|el|los|las)\s+)?$", free[max(0, m.start() - 8):m.start()])
            if to and nominal_cue(to.group(1), max(0, m.start() - 8) + to.start(1), original) \
                    and not known_name(w):
                named = read_name(free, original, m.start(), cased)
                field_end = named[1][1] if named else m.end()
                continue  # "afiliación a la Seguridad Social": what the noun is of
            if after_field_cue(free, original, m.start()):
                field = read_name(free, original, m.start(), cased)
                if field and not known_name(field[0]):
                    field_end = field[1][1]
                    continue  # "Máster en Ingeniería de Software": the field, typed as a title
            hit = place_in_name(original, read_name(free, original, m.start(), cased), cased)
            if hit and hit[1][0] == m.start() and second_name_word(original, free, typed, i,
                                                                  hit[1][1]):
                continue  # "cambio de aceite Seat León", "Folletos Tríptico": a thing's name
            if hit and not any(known_name(w) for w in hit[0].split()) \
                    and (re.search(r"\d", hit[0]) and not numbered_part(hit[0])
                         or model_follows(original, hit[1][1])) \
                    and not after_landmark(original, hit[1][0]):
                continue  # "Toyota CX-5", "Opel Zafira 1.6": a model's code, no town's name
            if hit and not known_name(hit[0]) and address_part(original, hit[1]):
                # "Lab address: Building 7": whose address, and its building or street, no
                # town (a town the gazetteer knows there is read: "Pickup address: Leeds")
                continue
            if hit and not any(known_name(w) for w in hit[0].split()) \
                    and owned_thing(original, hit[1][0], hit[1][1], lang):
                continue  # "mi Renault", "un Toyota 2015": whose or one of a make, no town
            if hit and hit[1] == (m.start(), m.end()) and not original[:m.start()].strip(_OPENERS) \
                    and sw.adjective(f) and not known_name(w):
                continue  # "Catholic secondary school": the sentence's capital on what it is
            if hit and hit[1] == (m.start(), m.end()) and not original[:m.start()].strip(_OPENERS) \
                    and trip_modifier(original, typed, i):
                continue  # "Family trip with two kids": the sentence's capital on what kind
            if hit and hit[1] == (m.start(), m.end()) and nationality(f) and not known_name(w) \
                    and re.match(r"[ \t]+[a-z]", original[m.end():]):
                continue  # "air quality across Indian cities": what the cities are, no place
            if hit and _topic_after_intro(free, hit):
                continue  # "a beginner's guide to Rust": the topic, not a place
            if hit and number_name(hit[0]):
                field_end = hit[1][1]  # "Two 1-hour lessons", "Seven Sisters": a count
                continue
            if hit and hit[1] == (m.start(), m.end()) and _month_name(hit[0]) \
                    and not known_name(hit[0]):
                continue  # "cruise from Miami in August" for a kind with no date: no place
            if hit and opener is None and unknown_opener(original, hit):
                # "Storage unit Manchester", "Trastero Valencia": the word the request opens
                # with yields to a place the gazetteer knows that ends its name or comes
                # later; with none it stays the place ("Getafe dentist")
                tail = known_tail(original, hit[1], cased)
                if tail is not None:
                    return tail
                if fold(hit[0]).strip() in sw.REQUEST:
                    continue  # "Pedimos 2 bandejas", "Encargamos ...": the asking verb
                if " " not in hit[0].strip():
                    opener = hit
                    continue
            if hit:
                return hit if opener is None or known_name(hit[0]) else opener
        # "Looking for a hotel in lisbon, max 120 EUR": capitals only where a sentence starts
        # or in a code; the name after a cue was typed in lower case, so read it case-blind
        for m in re.finditer(r"(?<![\w])(?P<cue>" + alt + r")\s+", free):
            hit = None if _intro_cue(m, free, original) else read_name(free, original,
                                                                         m.end(), False)
            if hit and language(hit[0]) or hit and _month_name(hit[0]) and not known_name(hit[0]):
                continue  # "Tours in Seville in french", "cruise from Miami in August"
            hit = past_code(m.group("cue"), hit, original)
            if code_landmark(m.group("cue"), hit):
                continue
            if hit and (degree_cue(m.group("cue"), m.start(), original)
                        or nominal_cue(m.group("cue"), m.start(), original)) \
                    and not known_name(hit[0]):
                continue  # "Master's in software engineering": a field
            if hit:
                return hit if opener is None or known_name(hit[0]) else opener
        return opener
    return None


def _month_name(name: str) -> bool:
    """``name`` is a month's full name (CLDR, English or Spanish: "August", "Septiembre"),
    which a kind that reads no date leaves unclaimed, typed with its capital."""
    from scout.task.cldr import months

    said = months().get(fold(name).rstrip("."))
    return bool(said and said[1])


# initials with no cue before them ("for IT services", "HR software", "AI tools") are what
# the thing is about; a place's initials the gazetteer knows ("NYC", "BCN") still name it,
# and any initials after a cue are read by the cue's loop ("tacos in LA")
_INITIALS = re.compile(r"[A-Z]{2,4}")
# what the thing has or lacks: the words after are a feature ("hotel con piscina",
# "gym without contract"), no name, unless the gazetteer knows it
_HAVING = frozenset({"con", "with", "sin", "without", "w/"})
# a relative clause's negation: the word after "que no" / "that don't" is its verb
_NOT = frozenset({"no", "not", "don't", "dont", "doesn't", "nunca", "never"})
# what may open a request before its first word: its capital is the sentence's
_OPENERS = " \t\n\r¿¡\"'“‘«(-*>"
# what a topic follows ("tweets sobre elecciones", "podcasts about history"): the word
# before it is what the topic is of, never a place the request opens with
_TOPIC_CUE = re.compile(r"[\s\x00]+(?:about|sobre|acerca\s+de)\b")


def _before_topic_cue(free: str, words: list[re.Match[str]]) -> bool:
    """The request's first word (or its first two) stands right before a topic's cue, or
    before what another reader claimed and the cue ("tweets en español sobre elecciones")."""
    return any(_TOPIC_CUE.match(free, m.end()) for m in words[:2])


def _known_past_claim(free: str, original: str, hit: tuple[str, tuple[int, int]] | None,
                      cased: bool) -> tuple[str, tuple[int, int]] | None:
    """The place the gazetteer knows right after what another reader claimed, which ended
    ``hit``, an unknown word the request opens with ("placas solares zaragoza" with the
    kind's "solares" claimed: the thing sought, then where); None otherwise."""
    if hit is None or known_name(hit[0]):
        return None
    gap = re.match(r"[ \t]*\x00[\x00 \t]*", free[hit[1][1]:])
    if gap is None:
        return None
    nxt = read_name(free, original, hit[1][1] + gap.end(), cased)
    return nxt if nxt is not None and known_name(nxt[0]) else None


def _known_after_noun(original: str, hit: tuple[str, tuple[int, int]] | None, first: str,
                      cased: bool) -> tuple[str, tuple[int, int]] | None:
    """The place the gazetteer knows that ends ``hit``, a name read from the word ``first``
    that neither it nor its first word is ("storage unit manchester" → Manchester: what
    is sought, then where; "guardamuebles bcn para ...": a lower-case abbreviation right
    after one word); None otherwise ("hotel lalin", "Triana Sevilla")."""
    if hit is None or known_name(hit[0]) or known_name(first):
        return None
    if " " not in hit[0] and (short := abbreviation_after(original, hit[1][1])) is not None:
        return short  # "guardamuebles bcn para ...": the abbreviation ended the name read
    return known_tail(original, hit[1], cased)


def _landform_name(hit: tuple[str, tuple[int, int]] | None, words: list[re.Match[str]]) -> bool:
    """``hit`` is a landform's noun and its name, read from the first word of ``words`` or
    the one after its article ("Costa Brava", "la costa brava"): a name, though the noun
    alone is a common one the place reader passes over ("en la costa")."""
    k = 1 if len(words) > 1 and fold(words[0].group(0)) in pw.LEADING_ARTICLES else 0
    return hit is not None and len(words) > k and hit[1][0] == words[k].start() \
        and fold(words[k].group(0)) in pw.NAME_HEADS and hit[1][1] > words[k].end()


def _what_for(original: str, words: list[re.Match[str]],
              hit: tuple[str, tuple[int, int]]) -> bool:
    """The lone word ``hit`` read at the request's start goes on with what it is for or
    has, said in words ("espacio para una reunión", "room for a meeting", "sala con
    proyector"): a common noun, the thing sought; a town typed first goes on with what is
    sought or when ("sevilla en octubre"), or a count ("cadaqués para 4")."""
    return len(words) > 2 and hit[1] == words[0].span() \
        and fold(words[1].group(0)) in pw.PURPOSE | _HAVING \
        and re.match(r"\s+[^\W\d_]", original[words[1].end():]) is not None


def _name_word_after(original: str, article: re.Match[str]) -> bool:
    """The word after ``article`` can start a name ("Las| Palmas"), not a request word
    ("El| Mejor Hotel de Madrid", "la| mejor paella")."""
    nxt = next_word(original, article.end())
    return bool(nxt) and nxt not in pw.STOP and nxt not in pw.LEADING


def _infinitive(name: str) -> bool:
    return " " not in name and len(name) > 3 and fold(name).endswith(("ar", "er", "ir"))
