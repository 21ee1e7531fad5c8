"""An outside-author kind: padel and tennis courts to book for a game after work
(examples/courts), written from the docs alone, as the lab asks for them: a place (a
neighbourhood, near a street or a station, a city), a day and an hour or a slot, how long,
how many play (or doubles / singles), a budget for the court or per player, covered,
crystal walls, lights, rackets to hire, parking, showers, no membership needed. Requests
are typed as people type them, in both languages; three runs end to end offline with
scout.testing (module-scoped: CI time). The report must be in the request's language
only, cite its sources, price the slot asked at the non-members' price (a court's price
per hour for the length asked, shared among the players against a budget per player),
flag a light supplement and members-only bookings, and say nothing a court report has no
business saying."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "courts"
KIND = PROJECT / "pipelines" / "courts.yaml"
TODAY = dt.date(2026, 12, 7)  # a Monday


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "pista de pádel cubierta en Gràcia el jueves a las 19:00, hora y media, somos 4, máximo "
    "8 € por persona":
        ("es", {"place": "Gràcia", "sport": "padel", "day": "2026-12-10", "slot": "19:00",
                "length": 5400, "players": 4, "budget": cap(8, per="person"),
                "features": ["covered"]}),
    "indoor tennis court near King's Cross this Friday at 6pm for 90 minutes, under £40 for "
    "the court":
        ("en", {"place": "King's Cross", "sport": "tennis", "day": "2026-12-11", "slot": "6pm",
                "length": 5400, "budget": cap(40, "GBP"), "features": ["covered"]}),
    "quiero reservar pista de pádel para mañana a las 20:30 en Madrid, sin ser socio, con "
    "alquiler de palas":
        ("es", {"place": "Madrid", "sport": "padel", "day": "2026-12-08", "slot": "20:30",
                "features": ["racket_hire"], "no_membership": True}),
    "pista de pádel cubierta en Gràcia el jueves de 19 a 21, somos 4, máximo 8 € por persona":
        ("es", {"place": "Gràcia", "sport": "padel", "day": "2026-12-10", "slot": "19 a 21",
                "length": 7200, "players": 4, "budget": cap(8, per="person"), "features": ["covered"]}),
    "tennis court in Hackney tomorrow 7-8pm, 2 players, under £15 per person, floodlit, no "
    "membership needed":
        ("en", {"place": "Hackney", "sport": "tennis", "day": "2026-12-08", "slot": "7-8pm",
                "length": 3600, "players": 2, "budget": cap(15, "GBP", per="person"), "features": ["lights"],
                "no_membership": True}),
    "pista de tenis en Valencia el sábado, 2 horas, no más de 24 €/hora, con luz y duchas":
        ("es", {"place": "Valencia", "sport": "tennis", "day": "2026-12-12", "length": 7200,
                "budget": cap(24, per="hour"), "features": ["lights", "showers"]}),
    "padel court in Madrid on Saturday, doubles, crystal walls, 90 min, with racket hire":
        ("en", {"place": "Madrid", "sport": "padel", "day": "2026-12-12", "length": 5400,
                "format": "doubles", "features": ["crystal", "racket_hire"]}),
    "reservar pista de pádel con parking y vestuarios cerca de la Diagonal, individual":
        ("es", {"place": "Diagonal", "sport": "padel", "format": "singles",
                "features": ["parking", "showers"]}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for courts finds, each club on a site of its own; a search for one club
# by its name finds its page and players' reviews
GRACIA = [
    # the non-members' price is the one compared: 28 €/hora for 90 minutes is 10,50 € each
    Result("Indoor Pádel Vallcarca", "https://vallcarca.test/precios",
           "Pistas de pádel cubiertas de cristal. Socios: 16 €/hora. No socios: 28 €/hora."),
    Result("Centre Esportiu Municipal Claror", "https://claror.test/padel",
           "Pista de pádel cubierta, 20 € la hora. Suplemento de luz: 3 € por hora."),
    Result("Club Pàdel Gràcia", "https://padelgracia.test/tarifas",
           "Pistas de pádel cubiertas y de cristal. Precio: 18 € la hora. Alquiler de palas."),
    Result("Pádel Club Tibidabo", "https://tibidabo.test/",
           "Pistas de pádel al aire libre con luz. 16 € la hora."),
    Result("Sant Gervasi Racket Club", "https://sgrc.test/padel",
           "Pádel cubierto. Reservas solo socios por la tarde. 40 € la hora."),
    # one player's price per hour: 5 € for 90 minutes is 7,50 € each
    Result("Poliesportiu Les Corts", "https://lescorts.test/padel",
           "Pistas de pádel cubiertas: 5 € por jugador y hora."),
]
GRACIA_REVIEWS = {"Club Pàdel Gràcia": "Valoración de los jugadores: 4,6/5.",
                  "Centre Esportiu Municipal Claror": "Valoración: 4,2/5."}
LONDON = [
    Result("Islington Tennis Centre", "https://islingtontennis.test/prices",
           "Indoor tennis courts. Members £18 per hour, non-members £24 per hour."),
    Result("Regent's Park Tennis", "https://regentspark.test/tennis",
           "Outdoor hard tennis courts, floodlit. £14 per hour."),
    Result("Camden Indoor Tennis", "https://camdentennis.test/",
           "Indoor tennis courts £30 per hour. Floodlight fee £4 per hour."),
    Result("Highbury Fields Tennis", "https://highbury.test/tennis",
           "Indoor tennis court hire £22 per hour, racket hire available."),
]
LONDON_REVIEWS = {"Islington Tennis Centre": "Players rate it 4.5/5.",
                  "Highbury Fields Tennis": "Rated 4.1/5."}
MADRID = [
    Result("Club de Pádel Chamberí", "https://chamberi.test/padel",
           "Pistas de pádel de cristal. Reservas solo socios. Alquiler de palas. 22 € la hora."),
    Result("Pádel Madrid Centro", "https://padelmadrid.test/reservas",
           "Pistas de pádel de cristal y alquiler de palas. 24 € la hora."),
    Result("Urban Padel Sol", "https://urbanpadel.test/sol",
           "Pistas de pádel cubiertas, alquiler de palas, sin ser socio. 20 € la hora."),
    Result("Polideportivo La Latina", "https://lalatina.test/padel",
           "Pistas de pádel municipales. 12 € la hora."),
]
MADRID_REVIEWS = {"Urban Padel Sol": "Valoración: 4,4/5."}

ES_QUERY, EN_QUERY, MEMBERS_QUERY = list(REQUESTS)[:3]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (ES_QUERY, GRACIA), "en": (EN_QUERY, LONDON),
                           "members": (MEMBERS_QUERY, MADRID)}, tmp_path_factory, today=TODAY,
                    reviews={"es": GRACIA_REVIEWS, "en": LONDON_REVIEWS,
                             "members": MADRID_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "courts?", "clubs? out of", "players?", "covered",
                   "per player", "members only")
SPANISH = words_of(*REPORT_SPANISH, "pistas?", "jugador(?:es)?", "cubierta", "por jugador",
                   "socios")
# what a court report has no business saying, in either language: lodging, a job's pay, a
# shop's stock, a gym's fee or a job's work
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "menu", "menú", "guests?", "sign-up fee",
                       "matrícula", "work asked", "whole job", "trabajo pedido",
                       # the kind's identifiers are never shown as written in the YAML
                       "racket_hire", "no_membership", "min_rating", ignore_case=True)


def test_a_spanish_request_shares_the_slot_among_the_players_at_the_non_members_price(runs):
    run, queries = runs["es"]
    # 90 minutes for 4: 18 €/hora is 6,75 € each, 20 €/hora 7,50 €; the non-members'
    # 28 €/hora is 10,50 € (the members' 16 € would have been 6 €)
    assert _names(run) == ["Club Pàdel Gràcia", "Centre Esportiu Municipal Claror",
                           "Poliesportiu Les Corts"]
    [corts] = [i["candidate"] for i in run.artifact("shortlist")["items"]
               if i["candidate"]["name"] == "Poliesportiu Les Corts"]
    assert (corts["price_converted"]["amount"], corts["price_converted"]["per"]) == (7.5, "person")
    assert _excluded(run) == {
        "Indoor Pádel Vallcarca": ["cuesta más que el presupuesto"],
        "Pádel Club Tibidabo": ["no consta: cubierta"],
        "Sant Gervasi Racket Club": ["cuesta más que el presupuesto"],
    }
    [vallcarca] = [c for c, _ in run.artifact("shortlist")["excluded"]
                   if c["name"] == "Indoor Pádel Vallcarca"]
    assert (vallcarca["price"]["amount"], vallcarca["price"]["per"]) == (28.0, "hour")
    # searches in the request's language, with its words, the day and the hour
    assert queries[0] == ("reservar pista de pádel cubierta en Gràcia 10 de diciembre de 2026 "
                          "19:00")
    assert '"Club Pàdel Gràcia" precios reservar pista opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Pistas de pádel en Gràcia", "## Selección",
                  "3 clubs de 6 encontrados: por como mucho 8 €/persona; 4 jugadores; cubierta.",
                  "| pista para la franja | por jugador |",
                  "| Club Pàdel Gràcia | 6,75 €/persona (18 €/hora según la fuente) [1] | 27 € | 6,75 € | sí | 4,6/5",
                  # one player's price per hour: the court is the four players'
                  "| Poliesportiu Les Corts | 7,50 €/persona (5 €/persona/hora según la fuente) [5] | 30 € | 7,50 € | sí |",
                  # a light supplement is flagged, never added to the price
                  "- **Centre Esportiu Municipal Claror**: la luz se paga aparte (suplemento)",
                  "| duración | 1 h 30 min | consulta |", "| jugadores | 4 | consulta |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, GRACIA, ids=True, reviews=GRACIA_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, GRACIA, ids=True, reviews=GRACIA_REVIEWS)
    assert_cites_sources(run, GRACIA, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_prices_the_court_for_the_length_asked(runs):
    run, queries = runs["en"]
    # 90 minutes: £24 an hour (the non-members') is £36, £22 is £33, £30 is £45 > £40
    assert _names(run) == ["Islington Tennis Centre", "Highbury Fields Tennis"]
    assert _excluded(run) == {"Regent's Park Tennis": ["not stated: covered"],
                              "Camden Indoor Tennis": ["costs more than the budget"]}
    assert queries[0] == "book tennis court indoor near King's Cross December 11, 2026 6pm"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Tennis courts near King's Cross", "## Shortlist",
                  "2 clubs out of 4 found: for at most 40 GBP; covered.",
                  # no players asked: no share worked out, and "not stated" is no page's
                  "| Islington Tennis Centre | 36 GBP in total (24 GBP/hour as stated) [1] | 36 GBP | — |",
                  # the length is asked (90 minutes): only the players are missing
                  "—: the request does not say how many players, so it is not worked out.",
                  # the hours are a length asked, not work
                  "multiplied by the length asked to compare them with the total budget"]:
        assert words in report, words
    assert "does not say how long" not in report
    assert_says_nothing_of(SPANISH, report, LONDON, ids=True, reviews=LONDON_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, LONDON, ids=True, reviews=LONDON_REVIEWS)
    assert_cites_sources(run, LONDON, "en")


def test_no_membership_leaves_out_a_members_only_club(runs):
    run, _ = runs["members"]
    assert _names(run) == ["Urban Padel Sol", "Pádel Madrid Centro"]
    assert _excluded(run) == {"Club de Pádel Chamberí": ["solo para socios"],
                              "Polideportivo La Latina": ["no consta: alquiler de palas"]}
    report = run.report
    # no length asked: an hour's price is no slot's, and no player count splits it
    # no length asked: the page's price an hour is stated, the slot's is not worked out
    assert "| Urban Padel Sol | 20 €/hora [1] | — | — |" in report
    assert "—: la petición no dice la duración o los jugadores, así que no se calcula." in report
    assert "2 clubs de 4 encontrados: alquiler de palas; sin ser socio." in report
    assert_says_nothing_of(ENGLISH, report, MADRID, ids=True, reviews=MADRID_REVIEWS)
    assert_cites_sources(run, MADRID, "members")


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/courts.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/courts.yaml", ES_QUERY, tmp_path, capsys, monkeypatch)
    for words in ["Gràcia", "8 €/persona", "19:00", "cubierta", "F0", "R1", "F6"]:
        assert words in out, words


# the "—" under the table says what the request left out: the note once said "how long or
# how many players" whatever it did say (a slot "de 19 a 20:30" is a length)
HALF_ASKED = {
    "length": ("pista de pádel cubierta en Gràcia el jueves de 19 a 20:30", GRACIA),
    "players": ("indoor tennis court near King's Cross on Friday, we are 2 players", LONDON),
}


@pytest.fixture(scope="module")
def half_asked(tmp_path_factory):
    return run_each(KIND, HALF_ASKED, tmp_path_factory, today=TODAY)


def test_the_dash_note_names_what_the_request_left_out(half_asked):
    report = half_asked["length"][0].report
    # 90 minutes asked, no players: the court for the slot is worked out, the share is not
    assert re.search(r"\| Club Pàdel Gràcia \| 18 €/hora \[\d\] \| 27 € \| — \|", report)
    assert "—: la petición no dice cuántos jugadores, así que no se calcula." in report
    assert "la duración" not in report
    report = half_asked["players"][0].report
    # two players, no length: an hour's price is no slot's
    assert re.search(r"\| Islington Tennis Centre \| 24 GBP/hour \[\d\] \| — \| — \|", report)
    assert "—: the request does not say how long, so it is not worked out." in report
    assert "how many players" not in report


# a club priced in another money than the request's: the court and each player's share are
# rank's figure for the slot (converted, shared), as the synthesis says it; the table once
# worked them out from the page's price (27 € and 6,75 € beside ~5.74 GBP/person)
FOREIGN = {
    "en": ("covered padel court in Gràcia on Thursday from 7 to 8:30pm for 4 players, under "
           "£8 each", GRACIA),
    "es": ("pista de tenis cubierta cerca de King's Cross el viernes de 18 a 19:30, somos 2, "
           "menos de 20 € por persona", LONDON),
}


@pytest.fixture(scope="module")
def foreign(tmp_path_factory):
    return run_each(KIND, FOREIGN, tmp_path_factory, today=TODAY)


def test_a_foreign_clubs_slot_is_worked_out_in_the_money_compared(foreign):
    report = foreign["en"][0].report
    # 18 €/hour × 1.5 h = 27 € (~22.96 GBP) for the court, ~5.74 GBP each
    assert "| Club Pàdel Gràcia | ~5.74 GBP/person [1] | ~22.96 GBP | ~5.74 GBP |" in report
    assert "(≈ 5.74 GBP/person)" in report
    assert "27 EUR" not in report and "6.75 EUR" not in report
    report = foreign["es"][0].report
    # £22 an hour for 90 minutes is £33 (~38,82 €), ~19,41 € each of two
    assert "| Highbury Fields Tennis | ~19,41 €/persona [1] | ~38,82 € | ~19,41 € |" in report
    assert "33 GBP" not in report and "16,50 GBP" not in report


# a club listing packs of hours: the pack covering the length asked, or one plus the extra
# hours the page prices, shared by the players (scout/steps/packterm.py)
SEVILLA_PACKS = [
    Result("Club Tenis Nervión", "https://nervion-tenis.test/tarifas",
           "Pistas de tenis cubiertas. Alquiler: 1 hora 16 €, 2 horas 26 €."),
    Result("Tenis Triana", "https://trianatenis.test/",
           "Pista de tenis cubierta: 18 € la hora."),
]
BRISTOL_PACKS = [
    Result("Harbourside Racquets", "https://harbourside-racquets.test/courts",
           "Indoor tennis court hire: 1 hour £12, 2 hours £20, each additional hour £8."),
    Result("Redland Indoor Tennis", "https://redland-tennis.test/",
           "Indoor courts at £13 per hour."),
]
PACK_RUNS = {
    "es": ("pista de tenis cubierta en Sevilla el sábado, 2 horas, somos 4, máximo 7 € por "
           "persona", SEVILLA_PACKS),
    "en": ("indoor tennis court in Bristol on Sunday for 3 hours, 2 players, under £15 each",
           BRISTOL_PACKS),
}


@pytest.fixture(scope="module")
def pack_runs(tmp_path_factory):
    return run_each(KIND, PACK_RUNS, tmp_path_factory, today=TODAY)


def test_a_pack_of_hours_is_the_one_covering_the_length_shared_by_the_players(pack_runs):
    run, _ = pack_runs["es"]
    # 2 horas: the 2-hour pack's 26 € for 4 is 6,50 € each (two 1-hour slots, 32 €, would
    # be 8 €); 18 €/hora × 2 for 4 is 9 €
    assert _names(run) == ["Club Tenis Nervión"]
    assert _excluded(run) == {"Tenis Triana": ["cuesta más que el presupuesto"]}
    assert "6,50 €/persona" in run.report
    assert "que cubre las 2 horas pedidas: 2 horas 26 €" in run.report
    run, _ = pack_runs["en"]
    # 3 hours: £12 + 2 additional hours at £8 (or £20 + 1), £28 for 2 is £14 each;
    # £13 an hour × 3 for 2 is £19.50
    assert _names(run) == ["Harbourside Racquets"]
    assert _excluded(run) == {"Redland Indoor Tennis": ["costs more than the budget"]}
    assert "14 GBP/person" in run.report
    assert "the cheapest of the page's packs for the 3 hours asked" in run.report
