"""A model's cited figures checked against its prompt (scout/adapters/figures.py): a price
or a rating nothing the model was given states is marked unsupported and noted, in the
request's language; figures the evidence, the candidates or the request state are not.
The answers go through the real adapter (a real captured body with its content
replaced) and the prompt it really sent."""

from __future__ import annotations

import time

import pytest

from scout.adapters.figures import Known, unsupported
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with


def synthesis(content: str, lang: str = "en"):
    return adapter(Capture(body=answer_with(content))).call(request(lang=lang), KEY).value


def test_an_injected_price_cited_to_real_evidence_is_marked() -> None:
    """A page told the model to recommend Hotel X at 50 EUR, and it cited [E1] beside it."""
    syn = synthesis("Hotel X is the best deal at 50 EUR a night [E1]. Casa Bonay is rated "
                    "8,9/10 with rooms from about 145 EUR [E1]. Praktik costs 120 EUR [E2].")
    assert [s.uncited for s in syn.sentences] == [True, False, False]
    assert ("1 cited statement gives figures that nothing the model was given states (50): "
            "it is marked as not supported by the evidence") in syn.notes


def test_the_note_is_in_the_requests_language_and_counts_rows() -> None:
    syn = synthesis("Casa Bonay cuesta 99 EUR [E1].\n\n| Hotel | Precio |\n|---|---|\n"
                    "| Praktik | 75,50 EUR [E2] |\n| Casa Bonay | 145 EUR [E1] |", "es")
    table = next(b for b in syn.blocks if b.kind == "table")
    assert syn.sentences[0].uncited and [r.uncited for r in table.rows] == [True, False]
    assert ("2 afirmaciones citadas dan cifras que nada de lo que recibió el modelo dice "
            "(99, 75,50): se marcan como no respaldadas por la evidencia") in syn.notes


@pytest.mark.parametrize("text", [
    "Casa Bonay has 2 rooftop bars and 3 pools.",          # small counts are no claim
    "It opened in 2019 and renovated in 2024.",            # years
    "Check-in is at 15:00, check-out at 11:30.",           # times
    "Rated 8.9/10, rooms from 145 EUR.",                   # stated by the evidence
    "Rooms cost 144.90 EUR, under your 200 EUR budget.",   # within 1%; the request's value
    "1.299 or 1,299 both read as the evidence's 1299.",
])
def test_figures_that_need_no_page_or_that_the_prompt_states(text: str) -> None:
    known = Known(["Casa Bonay: rated 8.9/10, rooms from 145 EUR, 1299 m2.",
                   "hoteles en Barcelona por menos de 200 euros"])
    assert unsupported(text, known) == []


@pytest.mark.parametrize(("text", "page"), [
    ("Guests rate it 9 out of 10.", "Guest rating 9/10"),
    ("Tiene un 9 de 10 en las opiniones.", "Valoración: 9/10"),
    ("Puntuación de 8,5 sobre 10 con 1.234 opiniones.", "8.5/10 (1234 reviews)"),
    ("Rated 85 out of 100.", "score 85/100"),
    ("Recepción abierta 24 horas.", "recepción 24h"),
    ("Arrive on 15 September.", "available from September 15th"),
    ("Desde 1250 EUR la semana.", "desde 1.250 € la semana"),
    ("From 1 250 € a week.", "from 1250 EUR a week"),
    ("From 1250 EUR a week.", "à partir de 1 250 € la semaine"),
    ("Rooms of 45 m2 for about 35 EUR.", "45m² rooms, approx. 35EUR"),
    ("It is ranked 12.º in the city.", "ranked #3"),
    ("A 15 % discount on 120–150 EUR rooms.", "save 15%, rooms 120-150"),
])
def test_figures_the_page_wrote_otherwise_are_supported(text: str, page: str) -> None:
    """Scales in words, units glued to the page's figure, spaced thousands, ordinals:
    each was marked invented ("9 out of 10" against "9/10" gave "10")."""
    assert unsupported(text, Known([page])) == []


@pytest.mark.parametrize(("text", "page", "invented"), [
    ("Rated 9.5 out of 10.", "Guest rating 8.9/10", ["9.5"]),
    ("Costs 95 EUR; 9 out of 10 guests liked it.", "Guest rating 9/10", ["95"]),
    ("Ocupa el puesto 12 de 500.", "puesto 12", ["500"]),
    ("Desde 1 999 € la semana.", "desde 1.250 € la semana", ["999"]),
    # the prompt's labels and a time's minutes are no figure a page states
    ("Rooms from 12 EUR, a 30 minute walk.", "[E12] rooms from 145 EUR, check-in 15:30",
     ["12", "30"]),
])
def test_the_loose_readings_hide_no_invented_figure(text: str, page: str,
                                                    invented: list[str]) -> None:
    assert unsupported(text, Known([page])) == invented


@pytest.mark.parametrize(("text", "page", "invented"), [
    # a page's "24h" (a reception's hours) or "/10" (a rating's scale), read loosely, is no
    # price: an invented amount equal to it is still found
    ("A double room costs 24 EUR a night.", "Reception 24h, rooms from 145 EUR", ["24"]),
    ("La habitación doble cuesta 24 € la noche.", "Recepción 24 h, desde 145 EUR", ["24"]),
    ("Breakfast is included for just 10 EUR.", "Guest rating 9/10, from 145 EUR", ["10"]),
    ("El desayuno cuesta 10 euros más.", "Valoración 8,5/10, desde 145 €", ["10"]),
    ("A 10% discount applies to stays of 24 nights.", "rated 9/10, open 24 hours",
     ["10"]),
    ("Check-in takes 30 minutes.", "parking 30 EUR a day", ["30"]),
    ("Parking is €35 a day.", "35 min from the airport", ["35"]),
])
def test_a_figure_a_page_writes_as_another_kind_supports_no_invented_one(
        text: str, page: str, invented: list[str]) -> None:
    assert unsupported(text, Known([page])) == invented


@pytest.mark.parametrize(("text", "page"), [
    ("Reception is open 24 hours.", "Reception 24h"),
    ("Recepción abierta las 24 horas, todo el año.", "recepción 24h"),
    ("Parking costs EUR 35 a day.", "parking 35€/day"),
    ("Está a 35 minutos del aeropuerto.", "35 min from the airport"),
    ("Rated 9 by 24 guests.", "9/10 from 24 reviews"),           # plain: read as any
    ("Pay 120 at the desk.", "rooms 120 EUR"),
])
def test_a_figure_written_as_the_same_kind_or_plain_is_supported(text: str, page: str) -> None:
    assert unsupported(text, Known([page])) == []


def test_invented_figures_are_found_as_written() -> None:
    known = Known(["rooms from 145 EUR, rated 8.9/10"])
    assert unsupported("From 99 EUR, rated 9.4/10, 99 EUR again, 1.250,00 EUR.", known) == [
        "99", "9.4", "1.250,00"]


def test_an_uncited_sentence_is_not_noted_twice() -> None:
    syn = synthesis("Hotel X costs 50 EUR. Casa Bonay is from 145 EUR [E1].")
    assert [s.uncited for s in syn.sentences] == [True, False]
    assert not any("figures" in n for n in syn.notes)


def test_checking_is_linear() -> None:
    known = Known(["145 EUR " * 20_000])
    text = "1.2" * 30_000 + " " + "9" * 50_000 + " " + "1,234," * 10_000
    start = time.process_time()
    unsupported(text, known)
    assert time.process_time() - start < 1.0


# --- a figure cited to a page that does not state it (figures.check_sources) --------------


@pytest.mark.parametrize(("content", "lang", "marked", "figures"), [
    # Praktik's 120 EUR written beside Casa Bonay's page
    ("Casa Bonay charges 120 EUR a night [E1]. Praktik is rated 8.6/10 [E2].", "en",
     [True, False], "(120)"),
    # Casa Bonay's 8,9 given to Praktik, citing Praktik's own page
    ("Praktik tiene una nota de 8,9/10 [E2]. Casa Bonay parte de 145 EUR [E1].", "es",
     [True, False], "(8,9)"),
    # both hotels' prices, the page of one cited
    ("Rooms run from 145 EUR at Casa Bonay to 120 EUR at Praktik [E2].", "en", [True],
     "(145)"),
])
def test_a_figure_cited_to_a_page_that_does_not_state_it_is_marked(
        content: str, lang: str, marked: list[bool], figures: str) -> None:
    syn = synthesis(content, lang)
    assert [s.uncited for s in syn.sentences] == marked
    said = ("the evidence it cites does not state" if lang == "en"
            else "la evidencia que cita no dice")
    (note,) = [n for n in syn.notes if said in n]
    assert figures in note


@pytest.mark.parametrize("content", [
    "Casa Bonay: rooms from 145 EUR, rated 8.9/10 [E1].",             # its own page
    "From 145 EUR at Casa Bonay to 120 EUR at Praktik [E1][E2].",     # both pages cited
    "Praktik, 120 EUR, fits your 200 EUR budget [E2].",               # the request's value
    "Ambos hoteles están por debajo de los 200 EUR de tu presupuesto [E1][E2].",
])
def test_a_figure_its_cited_page_or_the_request_states_is_not_marked(content: str) -> None:
    syn = synthesis(content)
    assert not [s for s in syn.sentences if s.uncited], syn.notes
    assert not [n for n in syn.notes if "does not state" in n]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the answer is cut off"), ("es", "la respuesta está cortada")])
def test_an_answer_cut_at_the_token_limit_says_so(lang: str, said: str) -> None:
    import json

    body = json.loads(answer_with("Casa Bonay is rated 8.9/10 [E1]. Praktik is cheaper and"))
    body["choices"][0]["finish_reason"] = "length"
    syn = adapter(Capture(body=json.dumps(body).encode())).call(request(lang=lang), KEY).value
    assert syn.sentences and any(said in n for n in syn.notes)


@pytest.mark.parametrize(("text", "page"), [
    # a figure written in the other locale's form, its groups parted by plain spaces with
    # decimals after them: one figure (was "1,250.50" / "250,50" marked invented)
    ("Costs 1,250.50 EUR a week.", "Precio: 1 250,50 € por semana"),
    ("Cuesta 1.250,50 € por semana.", "Precio: 1 250,50 € por semana"),
    ("Cuesta 1 250,50 £ a la semana.", "Price £1,250.50 a week"),
    ("From €12,400.5 a year.", "Tarifa anual 12 400,5 €"),
    ("Desde 3 100,75 € al año.", "Yearly fee €3,100.75"),
])
def test_a_spaced_figure_with_decimals_is_read_whole(text: str, page: str) -> None:
    assert unsupported(text, Known([page])) == []


def test_a_spaced_figure_hides_no_invented_decimals() -> None:
    assert unsupported("Costs 1,290.50 EUR a week.", Known(["Precio: 1 250,50 € semana"])) \
        == ["1,290.50"]
