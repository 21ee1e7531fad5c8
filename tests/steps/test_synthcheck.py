"""scout/steps/synthcheck.py: the left-out candidates a model's synthesis names."""

from __future__ import annotations

import pytest

from scout.adapters.contract import SubjectBrief
from scout.schemas.sources import Synthesis, SynthesisBlock, SynthesisRow, SynthesisSentence
from scout.steps.synthcheck import left_out_named

SUBJECTS = [
    SubjectBrief(key="a", name="Trattoria Da Enzo", rank=1),
    SubjectBrief(key="b", name="Osteria Bonelli", rank=2),
    SubjectBrief(key="c", name="La Pergola Roma", excluded=["price 380 EUR over budget"]),
    SubjectBrief(key="d", name="Pizzeria Ai Marmi", excluded=["rating 7.1 under 8.0"]),
]


def said(*texts: str, model: str | None = "qwen3:8b", table: list[str] = ()) -> Synthesis:
    blocks = [SynthesisBlock(kind="table", header=["name"],
                             rows=[SynthesisRow(cells=[t], citations=[1]) for t in table])]
    return Synthesis(text=" ".join(texts), model=model, blocks=blocks,
                     sentences=[SynthesisSentence(text=t, citations=[1]) for t in texts])


@pytest.mark.parametrize(("texts", "table", "named"), [
    (["La Pergola is the finest meal in Rome."], [], ["La Pergola Roma"]),
    (["Para cenar barato, Ai Marmi es la mejor opción."], [], ["Pizzeria Ai Marmi"]),
    (["Da Enzo is the best value."], ["Pergola"], ["La Pergola Roma"]),
    (["Da Enzo y Bonelli encajan con tu presupuesto."], [], []),
    (["Rome has many good restaurants."], [], []),
])
def test_the_left_out_candidates_named(texts: list[str], table: list[str],
                                       named: list[str]) -> None:
    assert left_out_named(said(*texts, table=table), SUBJECTS) == named


def test_the_keyless_synthesis_and_a_run_without_ranking_are_not_read() -> None:
    assert left_out_named(said("La Pergola is best.", model=None), SUBJECTS) == []
    unranked = [s.model_copy(update={"rank": None}) for s in SUBJECTS[:2]] + SUBJECTS[2:]
    assert left_out_named(said("La Pergola is best."), unranked) == []


def test_the_keyless_synthesis_names_its_near_misses_with_no_note() -> None:
    """The extractive synthesis names its model ``extractive`` and lists a left-out
    candidate under its near misses on purpose ("X is just over the budget"): that is
    no recommendation of it, so no note says the answer names it."""
    from scout.schemas.sources import KEYLESS_MODEL
    from scout.steps.synthcheck import left_out_note

    near = said("La Pergola Roma is just over the budget: 380 EUR against 300 EUR.",
                "Pizzeria Ai Marmi se queda cerca, pero su puntuación es baja.",
                model=KEYLESS_MODEL)
    assert left_out_named(near, SUBJECTS) == []
    assert left_out_note(near, SUBJECTS) is None
    # a model's answer naming them still gets the note
    assert left_out_named(near.model_copy(update={"model": "gpt-4o-mini"}), SUBJECTS) == \
        ["La Pergola Roma", "Pizzeria Ai Marmi"]


# a kind whose shops are named by what they sell: the request's words ("tesis", "poster",
# the city) are every shop's, and an answer about the one kept names no left-out shop by
# them (an answer on Copistería Albaicín's thesis prices named "Tesis Express Granada")
SHOPS = [SubjectBrief(key="a", name="Copistería Albaicín", rank=1),
         SubjectBrief(key="b", name="Tesis Express Granada", excluded=["el pedido cuesta 150 €"]),
         SubjectBrief(key="c", name="Poster Express UK", excluded=["costs about 47 GBP"]),
         SubjectBrief(key="d", name="Imprenta Genil", excluded=["el pedido cuesta 169 €"])]


@pytest.mark.parametrize(("request_text", "texts", "named"), [
    ("imprimir 4 copias de la tesis en Granada", ["Albaicín imprime tesis en Granada."], []),
    ("A0 poster in Leeds by Tuesday", ["Albaicín prints an A0 poster for £18."], []),
    ("encuadernar la tesis en Granada", ["Genil también encuaderna tesis."],
     ["Imprenta Genil"]),
    ("A0 poster in Leeds", ["Poster Express is the fastest."], ["Poster Express UK"]),
    ("", ["Albaicín imprime tesis."], ["Tesis Express Granada"]),    # no request: as before
])
def test_the_requests_words_name_no_left_out_candidate(request_text: str, texts: list[str],
                                                       named: list[str]) -> None:
    assert left_out_named(said(*texts), SHOPS, request_text) == named
