"""Classes of phrasing blind set 28 found (tests/task/corpus/blind28.yaml's header), each
probed here with kinds written for the test and phrasings the corpus does not hold, in both
languages, with guards for what must stay as it was:

- the language a person asks the answer in, beside the ask ("Please answer in English" in
  a Spanish message, "reply in Spanish" in an English one, "…, en inglés porfa"), was not
  the request's: the report came in the language typed;
- a distance to where the thing is ("within 30 km of Edinburgh", "10 minutes' walk of
  Piccadilly station") was read as the thing's own length or duration;
- a landmark after a distance ("a 10 minutos andando del congreso en IFEMA, Madrid") was
  the hotel's place, not the city after it;
- another time's place ("similar to the one we used last year in Porto") was a route's end;
- "Sunday 18th", "on Friday the 30th": a weekday before an English day number read no day
  (or the weekday alone);
- two dates with no label, the longer said second ("el viernes 30 …, volviendo el domingo
  2 de mayo"), went to the outward day and the return the other way round;
- "weekends only" for a kind whose schedule enum holds "weekends" was set aside as a
  schedule and read by no input.
"""

from __future__ import annotations

import datetime as dt

from scout.spec.models import InputSpec
from scout.task.answerlang import answer_lang, takes_language
from scout.task.parser import parse_query

TODAY = dt.date(2027, 4, 13)  # a Tuesday


def kind(**inputs: dict[str, object]) -> dict[str, InputSpec]:
    return {n: InputSpec(**spec) for n, spec in inputs.items()}


def read(query: str, inputs: dict[str, InputSpec]) -> dict[str, str]:
    from scout.schemas.task import DateRange

    out: dict[str, str] = {}
    for name, value in parse_query(query, inputs, today=TODAY).values.items():
        if isinstance(value, DateRange):
            a, b = value.start.isoformat(), value.end.isoformat()
            out[name] = a if a == b else f"{a}..{b}"
        else:
            out[name] = str(value)
    return out


def lang(query: str, inputs: dict[str, InputSpec]) -> str:
    return parse_query(query, inputs, today=TODAY).lang


GYM = kind(place={"type": "place"}, budget={"type": "money"})
COURSE = kind(topic={"type": "subject"}, place={"type": "place"},
              language={"type": "string", "enum": ["English", "Spanish"]})
LAWYER = kind(place={"type": "place"},
              english={"type": "boolean", "aliases": ["en inglés", "English-speaking",
                                                      "que hable inglés"]})
HOTEL = kind(destination={"type": "place"}, month={"type": "month"}, budget={"type": "money"})
TRIP = kind(origin={"type": "place", "aliases": ["from", "desde", "de"]},
            destination={"type": "place", "aliases": ["to", "a", "hasta"]},
            date={"type": "date", "aliases": ["ida", "outbound"]},
            return_date={"type": "date", "aliases": ["vuelta", "returning"]})
WALK = kind(place={"type": "place"}, max_distance={"type": "length"},
            max_duration={"type": "duration"})


# --- the answer's language ------------------------------------------------------------

def test_a_wish_for_the_answers_language_decides_the_report() -> None:
    # a verb of answering, sending or writing with the language: in either direction
    assert lang("Busco un gimnasio en Sevilla por menos de 40 € al mes. Respóndeme en "
                "inglés, que es para una colega.", GYM) == "en"
    assert lang("gimnasio en Bilbao, máximo 35 euros; mándamelo todo en inglés", GYM) == "en"
    assert lang("Find me a gym in Leeds under £30 a month and send me the list in Spanish, "
                "it's for my mum", GYM) == "es"
    assert lang("gym near Camden in London, write the summary in Spanish please", GYM) == "es"
    # a word for the answer before it
    assert lang("Gimnasios en Valencia, hasta 50 €. El informe en inglés, gracias.", GYM) == "en"
    # the language alone in its own clause, for a kind with no language input
    assert lang("¿Gimnasios baratos en Granada? En inglés, por favor.", GYM) == "en"
    assert lang("gyms in Dublin under €45, y en español porfa que mi padre no habla inglés",
                GYM) == "es"


def test_the_wish_is_no_value_and_the_rest_is_read_in_its_own_language() -> None:
    got = parse_query("Hotel en Oporto para junio, máximo 90 € la noche. Answer in English "
                      "please.", HOTEL, today=TODAY)
    assert got.lang == "en"
    assert str(got.values["destination"]) == "Oporto" and got.values["month"].iso == "2027-06"
    assert got.values["budget"].amount == 90 and got.values["budget"].per == "night"
    # a lawyer who speaks English is the kind's input; the answer wished in English is not
    said = parse_query("Abogado en Málaga, respóndeme en inglés", LAWYER, today=TODAY)
    assert said.lang == "en" and "english" not in said.values


def test_a_note_says_why_the_report_is_in_the_other_language() -> None:
    # the reader of an English report for a Spanish message (or the other way round) is
    # told why, in the report's language; a request answered in its own language is not
    got = parse_query("Necesito un gimnasio en Zaragoza, máximo 40 € al mes. Send me the "
                      "report in English, thanks", GYM, today=TODAY)
    assert got.lang == "en"
    assert "the request is written in Spanish; the report is in English, as it asks" \
        in got.notes
    got = parse_query("hotel in Porto for June under 120 EUR a night, el informe en "
                      "castellano porfa", HOTEL, today=TODAY)
    assert got.lang == "es"
    assert "la petición está escrita en inglés; el informe va en español, como pide" \
        in got.notes
    for query in ("gimnasio en Zaragoza, máximo 40 € al mes", "gym in Leeds under £30 a month"):
        assert not any("the report is in" in n or "el informe va en" in n
                       for n in parse_query(query, GYM, today=TODAY).notes)
    # --set lang (the caller's language) decides it with no note
    said = parse_query("gym in Leeds under £30 a month, reply in Spanish please", GYM,
                       today=TODAY, lang="en")
    assert said.lang == "en" and not any("informe" in n or "report is in" in n
                                         for n in said.notes)


def test_a_language_said_of_the_thing_stays_the_things() -> None:
    assert lang("Abogado en Málaga que hable inglés, primera consulta gratis", LAWYER) == "es"
    assert read("Abogado en Málaga que hable inglés", LAWYER).get("english") == "True"
    assert lang("Cursos de Python en Madrid, en inglés.", COURSE) == "es"
    assert read("Python courses in Madrid, in English.", COURSE).get("language") == "English"
    assert lang("Spanish courses in Leeds for beginners", COURSE) == "en"
    # a request that says nothing of the answer keeps the language it is written in
    assert lang("Necesito un gimnasio en Sevilla con piscina", GYM) == "es"
    assert lang("a gym in York with a pool, open late", GYM) == "en"


def test_which_kinds_take_a_language() -> None:
    assert takes_language(COURSE) and takes_language(LAWYER)
    assert not takes_language(GYM)
    # "singles" holds the letters of "ingles": a word, not a language
    assert not takes_language(kind(format={"type": "string", "enum": ["singles", "doubles"]}))
    assert answer_lang("Pistas en Madrid, en inglés porfa", GYM) is not None
    assert answer_lang("Pistas en Madrid, en inglés porfa", COURSE) is None


def test_the_last_wish_wins() -> None:
    assert lang("gym in Madrid, answer in English... no, mejor respóndeme en español", GYM) == "es"


# --- distances to where the thing is ------------------------------------------------------

def test_a_distance_to_a_place_is_no_length_of_the_thing() -> None:
    got = read("hikes within 25 km of Glasgow, no longer than 10 km", WALK)
    assert got.get("max_distance") == "10000.0" and got.get("place") == "Glasgow"
    got = read("rutas a 40 km de Granada de como mucho 12 km", WALK)
    assert got.get("max_distance") == "12000.0"
    assert "max_distance" not in read("walks 15 km from Leeds with a pub", WALK)
    assert "max_distance" not in read("a trail 3 km away from the campsite in Keswick", WALK)
    # the thing's own length still reads: "de 12 km de recorrido", "a 10 km walk"
    assert read("una ruta en Cazorla de 12 km de recorrido", WALK).get("max_distance") == "12000.0"
    assert read("a 10 km walk near Bath", WALK).get("max_distance") == "10000.0"


def test_a_walk_or_a_drive_to_a_place_is_no_duration() -> None:
    assert "max_duration" not in read("walks within 15 minutes' walk of King's Cross, London",
                                      WALK)
    assert "max_duration" not in read("trails 20 min drive from Sintra", WALK)
    # the thing's own time still reads
    assert read("a walk of 3 hours near Sintra", WALK).get("max_duration") == "10800"


# --- a landmark after a distance gives the city -------------------------------------------

def test_a_landmark_after_a_distance_gives_the_hotel_its_city() -> None:
    assert read("hotel a 5 minutos andando del congreso en IFEMA, Madrid, en mayo",
                HOTEL).get("destination") == "Madrid"
    assert read("hotel 10 minutes walk from Olympia, London", HOTEL).get("destination") \
        == "London"
    assert read("hotel a 300 m de la Puerta del Sol, Madrid", HOTEL).get("destination") \
        == "Madrid"
    # a city named alone stays
    assert read("hotel en Madrid, cerca de IFEMA", HOTEL).get("destination") == "Madrid"


# --- another time's place is no end of a route --------------------------------------------

def test_another_times_place_is_no_route_end() -> None:
    got = read("A private transfer from Seville airport to Cádiz on the 20th, like the one we "
               "booked last year in Málaga.", TRIP)
    assert got.get("origin") == "Seville" and got.get("destination") == "Cádiz"
    got = read("Traslado de Sevilla a Cádiz, como el que cogimos el año pasado en Málaga",
               TRIP)
    assert got.get("origin") == "Sevilla" and got.get("destination") == "Cádiz"
    # a route told only in the past is still read (nothing else names one)
    got = read("fuimos de Madrid a Toledo y queremos repetir", TRIP)
    assert got.get("origin") == "Madrid" and got.get("destination") == "Toledo"


# --- weekdays before an English day number ---------------------------------------------------

def test_a_weekday_before_an_english_day_number() -> None:
    one = kind(day={"type": "date"})
    assert read("court on Sunday 25th", one).get("day") == "2027-04-25"
    assert read("court Saturday 24th please", one).get("day") == "2027-04-24"
    assert read("court on Friday the 23rd", one).get("day") == "2027-04-23"
    assert read("pista el viernes 23", one).get("day") == "2027-04-23"
    # an hour after the weekday stays no day of the month
    assert read("court sat 6pm", one).get("day") == "2027-04-17"
    assert read("court this Saturday 9am", one).get("day") == "2027-04-17"


# --- two dates in the order said -------------------------------------------------------------

def test_two_unlabelled_dates_keep_the_order_said() -> None:
    got = read("tren de Madrid a Sevilla el jueves 29, volviendo el lunes 3 de mayo", TRIP)
    assert got.get("date") == "2027-04-29" and got.get("return_date") == "2027-05-03"
    got = read("train London to York on Friday 30th, back Sunday 2 May", TRIP)
    assert got.get("date") == "2027-04-30" and got.get("return_date") == "2027-05-02"
    # a label read with its date keeps it
    got = read("de Madrid a Sevilla, ida el jueves 29 y vuelta el 3 de mayo", TRIP)
    assert got.get("date") == "2027-04-29" and got.get("return_date") == "2027-05-03"


# --- a schedule word that is a kind's own enum value ------------------------------------------

def test_a_schedule_word_that_is_an_enum_value_is_the_inputs() -> None:
    lessons = kind(place={"type": "place"},
                   schedule={"type": "list", "items": "string",
                             "enum": ["mornings", "evenings", "weekends"]})
    assert read("driving lessons in Leeds, weekends only", lessons).get("schedule") \
        == "['weekends']"
    assert read("driving lessons in York on weekends", lessons).get("schedule") == "['weekends']"
    # no such value: the words are a schedule still, no date and no value
    assert read("driving lessons in York on weekends", kind(place={"type": "place"},
                                                             day={"type": "date"})) \
        == {"place": "York"}
