"""What an amount of money is per, read from the words around it: its period ("/night",
"per person", "x noche", "£120 pn", "al año", "per annum", "la quincena"), what one amount
is sold for beside its period ("€8 per user per month": the user, the seat, the licence;
any other noun there, "€50 per bike per day", leaves the period read; a head, a person or
a pet, is kept beside it: "45 € por persona y noche", "90 € al mes por persona"), the period a
request's pass is for ("day pass €18": :func:`pass_period`),
and an amount for the whole of the dates asked ("600 € en total", "£500 all-in":
``Money.per`` "total", read by :mod:`scout.task.moneytotal`).

The unit follows the amount, or its cap word ("250 bucks max per night", "150 € máximo por
noche"), or comes just before the amount or its comparator ("x semana por menos de 500 mil
pesos"), or is said by the price's own noun ("cuota mensual 220 €", "monthly fee: £500").
:mod:`scout.task.money` reads the amount and asks here what it is per; a listing's seats
(:mod:`scout.steps.seatprice`) are read with the same words.
"""

from __future__ import annotations

import re
from typing import Any

from scout.i18n import COUNT_WORDS
from scout.schemas.task import HEADS, Each, Money
from scout.units import (AREA_VOLUME_WORDS, DISTANCE_WORDS, LIQUID_WORDS, TOTAL, UNIT_SPELLINGS,
                         WORK_UNITS)

# the unit after an amount: "/night", "per person", "a head", "por cabeza", "/mo"; "noche"/
# "night", "pp" (itself "per person") and the words that are a unit on their own
# ("monthly", "mensuales", "pcm" and "pm" for per (calendar) month, "nightly", "weekly",
# "pw", "semanal") also bare ("250€ noche", "15€ pp", "850€ pm"), and so is Spanish "mes" as
# the lab types a fee ("gestoría 40 euros mes", "60€ mes"), unless a month is named after it
# ("500 € mes de agosto"); the other units only after a connector ("200 € semana santa")
# ("yearly", "annually", "anual(es)", "p.a." per year: "12.000 € anuales", "£30k p.a.");
# the British "pa" is not read bare, for chat Spanish writes "pa" for "para" ("200 € pa dos")
# "each way" is a trip's direction, no head ("£12 each way", "€15 per person each way")
_BARE_PER = (r"noche|night|pp|mes(?!\s+(?:de|del|que|pasado|anterior|siguiente|proximo)\b)|each(?!\s+(?:way|direction|leg)s?\b)|cada un[oa]|diari[oa]s?|daily|monthly|mensual(?:es)?|pcm|pm|nightly|weekly|pw|semanal(?:es)?|"
             r"fortnightly|quincenal(?:es)?|quarterly|trimestral(?:es)?|"
             r"yearly|annually|anual(?:es)?|p\.\s?a(?=\.|\b)")
# a unit of work a price is per: a translator's word or page, a transcriber's (audio)
# minute, a job's item or document ("0,08 €/palabra", "15 EUR/page", "$1.50 per audio
# minute", "25 € por documento"), an energy tariff's kWh ("0,129 €/kWh"): no period, a
# basis (scout.units.WORK_UNITS)
_MEDIUM = r"(?:(?:audio|video|recorded|grabad[oa])\s+)?"
_WORK = (r"words?|palabras?|pages?|paginas?|pags?|folios?|" + _MEDIUM + r"(?:minutes?|minutos?|mins?)|"
         r"items?|units?|unidad(?:es)?|pieces?|piezas?|documents?|documentos?|files?|archivos?|"
         # one of what a shop sells, as print and copy shops write it: "18 €/ud", "35 € por
         # ejemplar", "£2.50 per copy", "1,50 € por copia", "£1.20 per print"
         r"uds?\.?|u\.|cop(?:y|ies)|copias?|ejemplar(?:es)?|prints?|"
         # a picture delivered, a photographer's, a retoucher's, a scanning service's or a
         # print shop's ("8 € por foto", "£12 per image", "0,20 €/fotografía"): one item
         r"photos?|fotos?|fotografias?|images?|imagen(?:es)?|pictures?|"
         # the energy an energy tariff's rate is per ("0,129 €/kWh", "85 €/MWh")
         r"kwh|mwh|"
         # the power an installation is sized in, a solar installer's rate ("1,20 €/Wp",
         # "£1.60 per watt", "1,30 € por vatio pico", "900 €/kWp")
         r"kwp|wp|watts?(?:[\s-]peak)?|vatios?(?:\s+pico)?|"
         # the occasion a service is sold by: a sitter's or a doctor's visit, a dog
         # walker's walk ("£12 per visit", "12 € por paseo"; scout.units.OCCASIONS)
         r"visits?|visitas?|walks?|paseos?")
# the people who take part in what a price is for, each a head: a court's or a game's
# players, an activity's participants ("6 € por jugador y hora", "max 10 euros per player",
# "€40 per participant")
_TAKING_PART = r"players?|jugador(?:es|as?)?|participants?|participantes?"
# a fare's passenger, traveller or adult: one person's ("from £35.50 per adult", "24 € por
# pasajero", "$30 per traveler"); a child's or a senior's fare is a band's price, no head
_PASSENGER = r"adults?|adult[oa]s?|passengers?|pasajer[oa]s?|travell?ers?|viajer[oa]s?"
# the other people a price or a cap is each one's: a child, a guest, a learner ("máximo 150 €
# por niño", "£30 per guest", "60 € por alumno al mes", "$200 per student"): one head, as
# "por persona" is
_OTHER_HEADS = (r"child(?:ren)?|kids?|nin[oa]s?|guests?|huesped(?:es)?|invitad[oa]s?|"
                r"students?|estudiantes?|alumn[oa]s?|pupils?|learners?")
_UNIT_WORDS = (r"nights?|noches?|days?|dias?|persons?|personas?|people|pp|pax|heads?|cabezas?|"
               r"comensal(?:es)?|" + _TAKING_PART + r"|" + _PASSENGER + r"|" + _OTHER_HEADS + r"|(?:calendar )?months?|mes|mo|week|semana|years?|yrs?|anos?|annum|"
               # two weeks: a camp's session, a fortnightly pay ("650 € la quincena",
               # "£1,450 per fortnight", "por dos semanas", "per two weeks")
               r"fortnights?|quincenas?|(?:2|dos|two)[\s-](?:semanas|weeks)|"
               # three months: a gym's, a school's or a club's fee ("90 € al trimestre",
               # "£80 per quarter", "cuota trimestral")
               r"quarters?|trimestres?|"
               # a venue's or a guide's half day and full day ("400 € la media jornada",
               # "€250 per half day", "1.200 € la jornada completa"): a half day is no day
               r"media jornada|medias jornadas|half[\s-]days?|half a day|"
               # a private tour's or a room's price for the whole group ("240 € por grupo",
               # "€240 per group"): shared by the people asked when rank names them
               r"grupos?|groups?|"
               r"jornadas? completas?|full[\s-]days?|jornadas?|"
               # a pay: "£14 an hour", "$25/hr", "10 € la hora", "€45/h"; a transcriber's
               # "$66 per audio hour"
               + _MEDIUM + r"(?:hours?|hrs?|horas?|h)|"
               + _WORK + r"|"
               r"tickets?|entradas?|"  # "10 € por entrada", "$25 a ticket": one's price, no period
               + _BARE_PER)
# "x" is how chat Spanish writes "por" ("x noche"); "pn" is British for "per night", and
# "pppn" for "per person per night": the night is the period a hotel's price is for
# "per room per night", "per user per month", "por usuario al mes", "/seat/mo": the room,
# the user, the seat or the licence is what the price is for (a hotel's, a software plan's),
# the night or the month the unit
# a pay's "gross" / "net" ("38.000 € brutos al año", "£38,000 gross per annum") stands
# between an amount and its period: it says which figure, not what the period is
_GROSS = r"(?:\s*(?:gross|net|brut[oa]s?|net[oa]s?)(?=\s))?"
# an amount's unit said after it with its connector ("150 la noche", "150 per night", "90
# al mes", "20 por persona"): what makes a number with no currency a price all the same
UNIT_AFTER = r"(?:/|\b(?:per|por|an?|al|la|el|the|each|cada|x)\b)\s*(?:" + _UNIT_WORDS + r")\b"
SOLD_PER = (r"rooms?|habitacion(?:es)?|users?|usuari[oa]s?|seats?|puestos?|licen[cs]es?|"
             r"licencias?|members?|miembros?|agents?|agentes?|devices?|dispositivos?")
# the heads a price or a cap may be per beside its period: a person (an adult, a child,
# a guest, a diner) or a pet ("€45 per person per night", "90 € al mes por persona",
# "20 € por perro y noche"): ``Money.each`` "person" / "pet", the period read too
HEAD_WORDS = (r"persons?|personas?|people|pax|heads?|cabezas?|comensal(?:es)?|" + _TAKING_PART
              + r"|" + _PASSENGER + r"|" + _OTHER_HEADS + r"|"
              r"pets?|mascotas?|dogs?|perr[oa]s?|cats?|gat[oa]s?|animals?|animal(?:es)?")
# ("por usuario y mes": the "y" joins the two, and stands in for the period's connector;
# "per seat monthly", "por usuario mensuales": a bare period word needs none)
# any other noun between the amount and its period is what one is sold for too ("€200 per
# desk per month", "30 € por bici al día": no unit of a plan's, so ``Money.each`` None)
# a compound unit, the thing and its time joined ("$2.50 per GPU-hour", "2,50 $/GPU-hora",
# "per core hour", "€0.40/node-hour", "por GPU y hora" above): the time is the period, the
# thing what one amount is for (so "hour" is no length of 1 h of a duration input)
_COMPOUND = r"(?:-|\s(?=(?:hours?|hrs?|horas?)\b))(?=(?:hours?|hrs?|horas?|h|days?|dias?|months?|mes)\b)"
# "900 € el día del evento", "300 € el día de la boda", "£900 the day of the event", "50 €
# el día 15": a date it is paid on, no price per day ("90 € el día", "60 € al día del
# congreso" and "80 € el día de alquiler" are)
_ON_THE_DAY = (r"(?!\s*(?:el|the)\s+(?:dia|day)\s+(?:del|de\s+(?:la|las|los|su|sus|tu|mi|"
               r"nuestr[oa])|of\s+(?:the|your|my|our)|\d))")
PER = (_GROSS + r"(?:" + _ON_THE_DAY + r"(?:\s*(?:per|por|an?|each|x|/)\s*(?<![a-z])(?P<each>" + SOLD_PER
       + r"|" + HEAD_WORDS + r"|(?!(?:" + _UNIT_WORDS + r"|semanas|meses|the|el|la|los|las|un|una)\b)[a-z]{3,})\b"
        # "por trayecto y pasajero", "per journey and passenger": the head after the "y" is
        # what the amount is each one's
        r"(?:\s+(?:y|and)(?=\s+(?:mes|month|ano|year|dia|day|semana|week|noche|night|hora|hour|"
        + HEAD_WORDS + r")\b)|"
        r"(?=\s*(?:/|per|por|an?|al|x|la|el|each|cada)\b|\s*/|\s(?:" + _BARE_PER + r")\b|"
        + _COMPOUND + r")))?"
        # a learner's connector, a calque of "la" / "por" / "al" / "en un": "90 euros the
        # night", "35 euros for month", "20 euros for person", "15 euros to the month",
        # "900 euros en un mes" (the unit right after it, no number between)
        r"\s*(?:(?:/|per|an?|(?:a|por)\s+la|por|x|la|el|al|each|cada|the|for|to\s+the|"
        r"en\s+una?|in\s+an?)\s*|(?<= y)\s+|(?<= and)\s+|"
        # "£150pn", "15€pp", "£40pcm", "£90pw" glued too (never "pm": "£40pm" may be a time)
        r"\s?(?=(?:pppn|pp|pn|pcm|pw)\b)|\s(?=(?:" + _BARE_PER + r")\b)|(?<=[a-z])" + _COMPOUND + r")"
        r"(?P<per>pppn|" + _UNIT_WORDS + r"|pn)\b)")
# what one amount is for, beside its period: a software plan's user, seat, licence or
# device ("€8 per user per month"); a hotel's room is what its price is for anyway (None)
_EACH: dict[str, Each] = {
    "user": "user", "usuario": "user", "usuaria": "user", "member": "user", "miembro": "user",
    "agent": "user", "agente": "user", "seat": "seat", "puesto": "seat", "desk": "seat", "escritorio": "seat", "licence": "licence",
    "license": "licence", "licencia": "licence", "device": "device", "dispositivo": "device",
    **dict.fromkeys(("student", "estudiante", "alumno", "alumna", "pupil", "learner",
                     "invitado", "invitada"), "person"),
    **dict.fromkeys(("person", "persona", "people", "pax", "head", "cabeza", "comensal",
                     "player", "jugador", "jugadore", "jugadora", "participant", "participante",
                     "adult", "adulto", "adulta", "guest", "huesped", "nino", "nina", "child",
                     "children", "kid", "passenger", "pasajero", "pasajera", "traveller",
                     "traveler", "viajero", "viajera"), "person"),
    **dict.fromkeys(("pet", "mascota", "dog", "perro", "perra", "cat", "gato", "gata", "animal",
                     "animale"), "pet")}


# a head said after the period: "90 € al mes por persona", "£40 a night per dog", "/mes/persona"
_HEAD_AFTER = re.compile(r"\s*(?:per|por|an?|x|/|cada)\s*(?<![a-z])(?P<each>" + HEAD_WORDS + r")\b")


def head_after(free: str, end: int) -> tuple[Each, int] | None:
    """The head (a person, a pet) said right after an amount's period ending at ``end``
    in ``free`` (folded), and where it ends: "al mes por persona" → ("person", its end);
    None when none is said."""
    m = _HEAD_AFTER.match(free, end)
    each = each_of(m.group("each")) if m else None
    return (each, m.end()) if m and each in HEADS else None


# a trip's words between an amount and its head: "máx 60 € ida y vuelta por persona",
# "£80 return per person", "$45 one way per passenger"
_TRIP_THEN_HEAD = re.compile(
    r"\s*,?\s*(?:ida\s+y\s+vuelta|ida\s+y\s+regreso|solo\s+ida|(?:de\s+)?ida|"
    r"round[\s-]?trip|return|one[\s-]way|each\s+way|single)\s*,?\s*"
    r"(?:per|por|each|cada|a|an|/)\s*(?P<head>" + HEAD_WORDS + r")\b")


def head_past_trip(free: str, end: int) -> str | None:
    """The head word said after a trip's words right after an amount ending at ``end`` in
    ``free`` (folded): "60 € ida y vuelta por persona" → "persona"; None when none is.
    The trip's words are not the amount's: the round-trip flag reads them."""
    m = _TRIP_THEN_HEAD.match(free, end)
    return m.group("head") if m else None


# the periods of time a head's amount may be said per after it ("each a day")
TIME_PERIODS = frozenset({"half day", "day", "night", "week", "fortnight", "month", "quarter",
                          "year", "hour"})
# a period said apart from the amount, as the time the amount is for: "CHF 400 each for the
# week", "£300 for the whole week", "400 € por persona para toda la semana", "para la
# quincena" (never "for the week of March 8": which week, a date)
_PERIOD_LATE = re.compile(r"\s*,?\s*(?:for|para|por)\s+(?:the\s+(?:whole\s+|entire\s+|full\s+)?|"
                          r"(?:tod[oa]\s+)?(?:el|la)\s+)(?P<per>[a-z]+)\b(?!\s+(?:of|de|del)\b)")


def period_late(free: str, end: int) -> tuple[str, int] | None:
    """The period of time (a night, a week, a month...) said right after an amount (or its
    head) ending at ``end`` in ``free`` (folded) as the time it is for ("for the week",
    "para toda la semana"), and where it ends; None when none is said."""
    m = _PERIOD_LATE.match(free, end)
    per = period_of(m.group("per")) if m else None
    return (per, m.end()) if m and per in TIME_PERIODS else None


def each_of(word: str | None) -> Each | None:
    """The canonical unit of sale of ``word`` ("usuarios" → "user"), None for a room."""
    if not word:
        return None
    word = word.lower()
    return _EACH.get(word) or _EACH.get(word[:-1]) or _EACH.get(word[:-2])


# the unit after an amount's cap word: "250 bucks max per night"
_PER_AFTER_CMP = re.compile(PER)
# a unit written before the amount's comparator: "x semana por menos de 500 mil pesos"
# ... or as the price of one unit: "precio del kWh por debajo de 0,13 €", "price of the kWh
# less than 0,13 euros", "precio de la noche: 90 €"
_PER_BEFORE = re.compile(r"(?:\b(?:per|por|x|each|cada)\s+|/\s*|\b(?:prices?|precios?|costs?|costes?|"
                         r"costos?)\s+(?:of|del?|por)\s+(?:(?:the|el|la|one|a|un|una)\s+)?)"
                         r"(?P<per>" + _UNIT_WORDS + r")\b\s*(?:[,:]\s*)?$")
# a measure a budget is per, said before the amount or its comparator: "precio del km por
# debajo de 1,50 €", "the per-mile rate under £2", "price per km under 2 EUR", "el km a
# menos de 1,50 €", "precio por metro cuadrado hasta 8 €", "el litro por debajo de 1,45 €",
# "price per litre under £1.40" (never "a 12 km, menos de 20 €"
# nor "piso de 80 m2 por menos de 900 €": a quantity, no connector before its measure)
_MEASURE_BEFORE = re.compile(
    r"(?:\b(?:per|por|x|each|cada)[\s-]+|/\s*|\b(?:el|the)\s+|\b(?:prices?|precios?|costs?|"
    r"costes?|costos?|tarifas?|rates?|fares?)\s+(?:of|del?|por|per)\s+(?:(?:the|el|la|one|a|un|"
    r"una)\s+)?)(?:" + AREA_VOLUME_WORDS + r"|" + DISTANCE_WORDS + r"|" + LIQUID_WORDS + r")(?!\w)"
    r"(?:\s+(?:rates?|tarifas?|prices?|precios?|fares?|costs?))?"
    r"(?:\s+(?:a|at|de|of|is|es|sale(?:\s+a)?))?\s*(?:[,:]\s*)?$", re.I)


def measure_before(free: str, start: int) -> str | None:
    """The measure ("km", "mi", "m2", "m3") a request's amount at ``start`` in ``free``
    (folded) is a budget per, said before it ("precio del km por debajo de 1,50 €", "the
    per-mile rate under £2"), or None; one said after it is
    :func:`scout.units.measure_span`'s."""
    said = _MEASURE_BEFORE.search(free, max(0, start - 40), start)
    return said.lastgroup if said is not None else None


# a cap said as a clause of the label ("cuota mensual que no pase de 1.100 €", "monthly
# repayments that don't exceed £1,400"): the label's amount, as "cuota de menos de" is
_NOT_MODAL = (r"(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not|shouldn'?t|should\s+not|"
              r"can'?t|cannot|must\s+not|mustn'?t)")
CAP_CLAUSE = (r"(?:que|q)\s+no\s+(?:pase|pasen|supere|superen|exceda|excedan|sobrepase|sobrepasen|"
              r"rebase|rebasen)(?:\s+(?:de|los|las|el|la))?|"
              r"(?:that|which)\s+" + _NOT_MODAL + r"\s+(?:exceed|go\s+over|top)|"
              # the relative word alone (or with its modal), where the money reader took
              # the cap's words in ("no supere los 900 €", "go over £1,250" read as the
              # amount's own cap)
              r"(?:que|q|that|which)(?:\s+" + _NOT_MODAL + r"(?:\s+go)?)?")


# a period said of the price's own noun before the amount: "cuota mensual 220 €", "monthly
# fee: £500", "annual tuition of $9,000", "precio anual: 5.400 €" (a school's, a club's,
# a plan's fee: the period is the noun's, not written after the amount), and so of a
# request's budget ("presupuesto mensual de 1.200 €", "monthly budget of £1,500")
_PERIOD_ADJ = (r"monthly|mensual(?:es)?|quarterly|trimestral(?:es)?|annual|yearly|anual(?:es)?|"
               r"weekly|semanal(?:es)?|nightly|"
               r"daily|diari[oa]s?")
_PRICE_NOUN = (r"fees?|prices?|costs?|rent|tuition|(?:re)?payments?|instal?lments?|subscriptions?|cuotas?|precios?|"
               r"costes?|costos?|renta|alquiler|matricula|pagos?|tarifas?|budget|presupuesto")
_PER_NOUN_BEFORE = re.compile(
    r"\b(?:(?P<adj>" + _PERIOD_ADJ + r")\s+(?:" + _PRICE_NOUN + r")|(?:" + _PRICE_NOUN
    + r")\s+(?P<adj2>" + _PERIOD_ADJ + r")|(?P<adj3>mensual|anual)idad(?:es)?)\b"  # "mensualidad"
    r"(?:\s+(?:maxim[ao]|minim[ao]|max|min))?"
    # the cap said between the noun and the amount: "monthly repayments under £1,400",
    # "cuota mensual de menos de 900 €", "monthly rent up to £2,000"
    r"(?:\s+(?:de|of|is|es))?(?:\s+(?:under|below|up\s+to|at\s+most|no\s+more\s+than|"
    r"(?:de\s+)?menos\s+de|hasta|por\s+debajo\s+de|como\s+mucho|"
    # or as a clause: "cuota mensual que no pase de 1.100 €", "monthly repayments that
    # don't exceed £1,400"
    + CAP_CLAUSE + r"))?\s*(?:[,:]\s*)?$")
_PRICE_NOUN_AT = re.compile(r"(?:" + _PRICE_NOUN + r")\b")
# the period each unit word names (``period_of`` also tries it less its last letter)
_PER_UNITS = {"night": "night", "noche": "night", "day": "day", "dia": "day", "person": "person",
              "persona": "person", "people": "person", "pp": "person", "pax": "person",
              "head": "person", "cabeza": "person", "each": "person", "player": "person",
              "jugador": "person", "jugadore": "person", "jugadora": "person",
              "participant": "person", "participante": "person", "cada uno": "person",
              # a fare's one person ("per adult", "por pasajero", "per traveller")
              "adult": "person", "adulto": "person", "adulta": "person",
              "passenger": "person", "pasajero": "person", "pasajera": "person",
              "traveller": "person", "traveler": "person", "viajero": "person",
              "viajera": "person",
              # a child's, a guest's or a learner's ("por niño", "per guest", "por alumno")
              **dict.fromkeys(("child", "children", "kid", "nino", "nina", "guest", "huesped",
                               "huespede", "invitado", "invitada", "student", "estudiante",
                               "alumno", "alumna", "pupil", "learner"), "person"),
              "cada una": "person", "diario": "day", "diaria": "day", "daily": "day", "comensal": "person", "comensale": "person",
              "pn": "night", "pppn": "night", "month": "month", "mes": "month", "mo": "month", "monthly": "month",
              "mensual": "month", "mensuales": "month", "pcm": "month", "pm": "month",
              "nightly": "night", "week": "week", "semana": "week", "weekly": "week", "pw": "week",
              "semanal": "week", "semanales": "week",
              "fortnight": "fortnight", "fortnightly": "fortnight", "quincena": "fortnight",
              "quincenal": "fortnight", "quincenale": "fortnight", "2 semanas": "fortnight",
              "dos semanas": "fortnight", "2 weeks": "fortnight", "two weeks": "fortnight",
              "2-semanas": "fortnight", "2-weeks": "fortnight", "quarter": "quarter",
              "quarterly": "quarter", "trimestre": "quarter", "trimestral": "quarter",
              "trimestrale": "quarter", "year": "year", "ano": "year",
              "annum": "year", "yearly": "year", "yr": "year", "hour": "hour",
              "hr": "hour", "hora": "hour", "annually": "year", "annual": "year", "anual": "year",
              "anuales": "year", "p.a": "year", "p. a": "year",
              "media jornada": "half day", "medias jornada": "half day", "half day": "half day",
              "half-day": "half day", "half a day": "half day", "jornada completa": "day",
              "jornadas completa": "day", "full day": "day", "full-day": "day", "jornada": "day",
              "group": "group", "grupo": "group", "h": "hour",
              # units of work (scout.units.WORK_UNITS)
              "word": "word", "palabra": "word", "page": "page", "pagina": "page",
              "pag": "page", "folio": "page", "minute": "minute", "minuto": "minute",
              "min": "minute", "item": "item", "unit": "item", "unidad": "item", "unidade": "item",
              "piece": "item", "pieza": "item", "document": "item", "documento": "item",
              "file": "item", "archivo": "item", "kwh": "kWh", "mwh": "MWh",
              "ud": "item", "uds": "item", "ud.": "item", "uds.": "item", "u.": "item",
              "copy": "item", "copie": "item", "copia": "item", "ejemplar": "item",
              "ejemplare": "item", "print": "item",
              "photo": "item", "foto": "item", "fotografia": "item", "image": "item",
              "imagen": "item", "imagene": "item", "picture": "item",

              "visit": "visit", "visita": "visit", "walk": "walk", "paseo": "walk",
              **{w: unit for unit, said in UNIT_SPELLINGS.items() for w in said}}
# what the work is a unit of, written before it: an "audio minute" is a minute
_MEDIUM_RE = re.compile(_MEDIUM)


# an amount ending right before a unit: the unit is that amount's ("10 €/día", "53p/day")
_AMOUNT_ENDS = re.compile(r"(?:\d|\d\s?(?:p|eur|usd|gbp|euros?|pounds?|dollars?)|[$€£¥])\s*$")


# a day's length said as the label of the amount after it, in its clause: "Jornada completa
# desde 950 €", "Media jornada: 600 €", "Full day from £950", "half-day £500" (a venue's, a
# photographer's, a guide's); the label right after another amount is that one's ("600 €
# jornada completa, 350 € media jornada"), and a comma between is another clause's
_DAY_LABEL_BEFORE = re.compile(
    r"(?<![\w])(?P<per>jornadas? completas?|medias? jornadas?|full[\s-]days?|half[\s-]days?)"
    r"\s*(?:[:\-–]\s*)?(?:(?:desde|from|a\s+partir\s+de|por|for|at|a)\s+)?$")


def unit_before(free: str, start: int) -> str:
    """The unit said before the amount at ``start`` in ``free`` (folded), as written, or
    "": "x semana por menos de 500 mil pesos", or the period the price's own noun says
    ("cuota mensual 220 €", "monthly budget of £1,500")."""
    before = _PER_BEFORE.search(free, max(0, start - 30), start)
    if before and _AMOUNT_ENDS.search(free, max(0, before.start() - 12), before.start()):
        before = None  # "10 €/día, 300 € de fianza": the day is the 10 €'s, not the deposit's
    raw_per = before.group("per") if before else ""
    # the amount's own lead may hold the noun ("budget of 300 EUR"): read up to it
    noun = _PRICE_NOUN_AT.match(free, start)
    end = noun.end() if noun else start
    if not raw_per and (said := _PER_NOUN_BEFORE.search(free, max(0, start - 40), end)):
        raw_per = said.group("adj") or said.group("adj2") or said.group("adj3") or ""
    if not raw_per and (label := _DAY_LABEL_BEFORE.search(free, max(0, start - 40), start)) \
            and not _AMOUNT_ENDS.search(free, max(0, label.start() - 12), label.start()):
        raw_per = " ".join(label.group("per").replace("-", " ").split())
    return raw_per



# a unit of work or an hour said bare right before a rate's comparator, as its noun: "kWh
# por debajo de 12 céntimos", "el minuto a menos de 20 céntimos", "minute rate under 15p"
# (a connector's "per kWh under 15p" is :data:`_PER_BEFORE`'s); read for a rate in a
# currency's hundredth alone (:func:`scout.task.money.iter_money`), which is a rate per
# something whenever it is a price at all
_RATE_NOUN_BEFORE = re.compile(
    r"(?<![\w/])(?:(?:el|la|the|one|a|an)\s+)?(?P<per>" + _WORK + r"|" + _MEDIUM
    + r"(?:hours?|hrs?|horas?))(?P<noun>\s+(?:rates?|tarifas?|prices?|precios?|costs?|costes?))?"
    r"(?:\s+(?:a|at|de|of|is|es|for|por))?\s*:?\s*$")


def rate_unit_before(free: str, start: int, *, cap_said: bool) -> str | None:
    """The unit a request's rate at ``start`` in ``free`` (folded; its comparator's start
    when one is said) is per, said before it: a connector's or the price's own noun's
    (:func:`unit_before`: "per kWh under 15p", "precio del minuto por debajo de 20
    céntimos"), or, with ``cap_said`` (a comparator or a colon between), a unit of work or an
    hour named bare ("kWh por debajo de 12 céntimos", "minute rate under 15p"); None when
    none is said."""
    raw = unit_before(free, start)
    if not raw and cap_said and (bare := _RATE_NOUN_BEFORE.search(free, max(0, start - 30),
                                                                  start)):
        raw = bare.group("per")
        if bare.group("noun") and period_of(raw) == "item":
            # "unit rate under 15 pence", "unit price below 0.20 GBP": "unit" names the
            # rate (what a tariff or a shop charges per whatever it sells), no unit of work
            return None
    return period_of(raw) if raw else None


def rate_named_before(free: str, start: int) -> bool:
    """A rate's own name ends right before the cap at ``start`` in ``free`` (folded):
    "unit rate under 15p", "unit price below 8p", "kWh rate under 20p" (the amount after
    it is money, even in pence, which alone may be a count: "under 4p")."""
    bare = _RATE_NOUN_BEFORE.search(free, max(0, start - 30), start)
    return bare is not None and bool(bare.group("noun"))


# the period a pass is for, said before the amount ("day pass €18", "pase de día: 15 €",
# "bono mensual 120 €", "monthly membership under £150"): in a request, the price of one
# pass is its period's
_PASS = r"pass(?:es)?|pases?|bonos?|abonos?|memberships?|membresias?"
_PASS_BEFORE = re.compile(
    r"\b(?:(?P<adj>" + _PERIOD_ADJ + r")\s+(?:" + _PASS + r")|(?:" + _PASS + r")\s+(?P<adj2>"
    + _PERIOD_ADJ + r")|(?P<noun>day|week|month|year)[\s-]+(?:" + _PASS + r")|(?:" + _PASS
    + r")\s+(?:de\s+(?:un\s+|una\s+)?|por\s+)(?P<de>dia|semana|mes|ano))\b"
    r"(?:\s+(?:at|a|de|of|for|por|is|es|(?:is\s+)?(?:under|below|up to)|(?:de\s+)?(?:menos de|hasta)"
    r"|max(?:imo)?))*\s*(?:[,:]\s*)?$")


def pass_period(free: str, start: int) -> str | None:
    """The period of the pass whose price is the amount at ``start`` in a request's
    ``free`` text ("day pass €18": "day"), or None. A design choice: read in a request
    only; a listing states a day pass beside a monthly one, offers of one place, and its
    price is read as the first (:func:`scout.steps.extract.find_price`), so a period read
    there would judge the place by its day pass against a budget a month."""
    said = _PASS_BEFORE.search(free, max(0, start - 40), start)
    if said is None:
        return None
    return period_of(next(g for g in said.group("adj", "adj2", "noun", "de") if g))


# a number of nights, days, weeks or months said right after a request's amount ("420 €
# por 10 días", "€900 for 3 nights", "1.200 € para tres meses")
_LENGTH_AFTER = re.compile(
    r"\s*(?:for|por|per|para|durante|x|/)\s+(?:(?:the|a|an|el|la|los|las|un|una)\s+)?"
    r"(?P<n>\d{1,3}|" + "|".join(COUNT_WORDS) + r")[\s-]*"
    r"(?P<unit>nights?|noches?|days?|dias?|weeks?|semanas?|months?|mes(?:es)?)\b")
_LENGTH_UNITS = {"n": "night", "d": "day", "w": "week", "s": "week", "m": "month"}
# the lengths in days that are a period of their own (as scout.steps.pricewords reads a
# listing's): a week, and two weeks or a "quincena", a fortnight
_SPANS = {7: "week", 14: "fortnight", 15: "fortnight"}


def length_after(free: str, end: int) -> tuple[int, str, int] | None:
    """The count, the period and the end of a length said right after a request's amount
    ending at ``end`` ("420 € por 10 días": 10, "day"), or None. A design choice: in a
    request the amount is the price of that length, so per one of its periods (42 €/day)
    it compares with a listing's price per any period; a listing's "420 € por 10 días" is
    left as the page says it (:func:`scout.steps.pricewords.stated_period`)."""
    m = _LENGTH_AFTER.match(free, end)
    if m is None:
        return None
    n = m.group("n")
    count = int(n) if n.isdigit() else COUNT_WORDS[n]
    return (count, _LENGTH_UNITS[m.group("unit")[0]], m.end()) if count > 0 else None


def periodic(hit: tuple[Money, tuple[int, int], str | None], free: str,
             ) -> tuple[Money, tuple[int, int], str | None]:
    """A request's amount with no period read (``hit``: :func:`scout.task.money.find_money`'s)
    given the period its pass says before it (:func:`pass_period`) or the length said
    after it (:func:`length_after`: its price per one of those periods, its span to the
    length's end); else ``hit`` as it is."""
    money, span, word = hit
    if money.per is None and (passed := pass_period(free, span[0])) is not None:
        return money.model_copy(update={"per": passed}), span, word
    length = length_after(free, span[1])
    if length is not None and money.per == length[1]:
        # "€100 per night for 3 nights": the stay's length at that rate, no other number
        return money, (span[0], length[2]), word
    if length is None or money.per not in (None, TOTAL):
        return hit
    count, per, end = length
    if money.per == TOTAL:  # "900 € en total para 3 noches": the nights asked, said again
        return money, (span[0], end), word
    days = count * (7 if per == "week" else 1) if per in ("day", "week") else 0
    if days in _SPANS:  # "por 7 días", "for two weeks": a period of its own, as written
        return money.model_copy(update={"per": _SPANS[days]}), (span[0], end), word
    update: dict[str, object] = {"per": per, "amount": round(money.amount / count, 2)}
    if money.min is not None:
        update["min"] = round(money.min / count, 2)
    return money.model_copy(update=update), (span[0], end), word


def unit_after_cap(free: str, end: int) -> re.Match[str] | None:
    """The unit after an amount's cap word, which ends at ``end``: "250 bucks max per
    night", "150 € máximo por noche" (groups ``per`` and ``each``)."""
    return _PER_AFTER_CMP.match(free, end)


# a child's price on a listing: a band beside the adult's, no head (:func:`is_band`)
_BAND = re.compile(r"(?:child(?:ren)?|kids?|nin[oa]s?)")


def is_band(raw_per: str) -> bool:
    """Whether ``raw_per`` (a unit as written, folded) names a child: on a listing, the
    price of a band of people ("£10 per child" beside "£35 per adult"), not one person's;
    in a request, each child's budget ("máximo 150 € por niño")."""
    return _BAND.fullmatch(raw_per or "") is not None


def period_of(raw_per: str) -> str | None:
    """The canonical period of a unit as written ("noches" → "night", "pcm" → "month",
    "cabeza" → "person"), None for none."""
    if not raw_per:
        return None
    raw_per = raw_per[_MEDIUM_RE.match(raw_per).end():]  # type: ignore[union-attr]
    return _PER_UNITS.get(raw_per) or _PER_UNITS.get(raw_per[:-1])


# where a unit is joined to its amount: the last of these in the amount's span
_JOIN = re.compile(r"/|\b(?:per|por|an?|x|la|el|al|each|cada)\b")


def unit_span(free: str, money: Any, span: tuple[int, int]) -> tuple[int, int] | None:
    """Where the unit of work of ``money`` read at ``span`` of ``free`` is written ("por
    palabra" of "0,10 € por palabra"); None for money per none or per a period."""
    if getattr(money, "per", None) not in WORK_UNITS:
        return None
    last = None
    for last in _JOIN.finditer(free, span[0], span[1]):
        pass
    return (last.start(), span[1]) if last is not None else None
