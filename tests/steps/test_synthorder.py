"""scout/steps/synthorder.py: what a model calls the cheapest, the best rated or the best
option, read against the shortlist's figures and order, clause by clause, in both
languages."""

from __future__ import annotations

import pytest

from scout.adapters.contract import SubjectBrief
from scout.schemas.sources import Synthesis, SynthesisBlock, SynthesisRow, SynthesisSentence
from scout.schemas.task import Money
from scout.steps.synthorder import order_contradictions


def eur(amount: float) -> Money:
    return Money(amount=amount, currency="EUR")


SUBJECTS = [
    SubjectBrief(key="a", name="Trattoria Da Enzo", rank=1, price=eur(28), rating=9.0),
    SubjectBrief(key="b", name="Osteria Bonelli", rank=2, price=eur(22), rating=8.4),
    SubjectBrief(key="c", name="Pizzeria Ai Marmi", rank=3, price=eur(15), rating=7.8),
    SubjectBrief(key="d", name="Roscioli Salumeria", rank=4, price=eur(45), rating=9.4),
    SubjectBrief(key="e", name="La Pergola Roma", excluded=["over budget"], price=eur(9),
                 rating=9.8),
]


def read(*texts: str, subjects: list[SubjectBrief] = SUBJECTS, scale: int = 10,
         rows: list[list[str]] = ()) -> tuple[list[str], list[bool]]:
    items = [SynthesisSentence(text=t, citations=[1]) for t in texts]
    blocks = [SynthesisBlock(kind="paragraph", items=items)]
    if rows:
        blocks.append(SynthesisBlock(kind="table", rows=[SynthesisRow(cells=r, citations=[1])
                                                         for r in rows]))
    syn = Synthesis(text=" ".join(texts), model="llama3.1", sentences=items, blocks=blocks)
    return order_contradictions(syn, subjects, scale), [s.uncited for s in items]


@pytest.mark.parametrize(("text", "note"), [
    ("Roscioli Salumeria is the cheapest place on the list.",
     "the answer calls Roscioli Salumeria the cheapest, but Pizzeria Ai Marmi costs less "
     "(15 EUR against 45 EUR)"),
    ("Para gastar poco, Osteria Bonelli es el más barato de todos.",
     "the answer calls Osteria Bonelli the cheapest, but Pizzeria Ai Marmi costs less "
     "(15 EUR against 22 EUR)"),
    ("Trattoria Da Enzo is the top-rated trattoria of the four.",
     "the answer calls Trattoria Da Enzo the best rated, but Roscioli Salumeria is rated "
     "higher (9.4/10 against 9/10)"),
    ("Osteria Bonelli es la mejor valorada por los clientes.",
     "the answer calls Osteria Bonelli the best rated, but Roscioli Salumeria is rated "
     "higher (9.4/10 against 8.4/10)"),
])
def test_a_superlative_the_shortlists_figures_contradict_is_marked(text: str, note: str) -> None:
    notes, marked = read(text, "Pizzeria Ai Marmi serves pizza.")
    assert [n.split(":")[0] for n in notes] == [note]
    assert marked == [True, False]


def test_the_best_option_is_noted_with_its_place_and_not_marked() -> None:
    notes, marked = read("Mi elección número uno: Roscioli Salumeria es la mejor opción.")
    assert notes == ["the answer calls Roscioli Salumeria the best option, but it is number 4 "
                     "in the shortlist, whose first is Trattoria Da Enzo"]
    assert marked == [False]


def test_a_ratings_scale_is_the_kinds_and_figures_are_the_readers() -> None:
    notes, _ = read("Trattoria Da Enzo has the highest rating.", scale=5)
    assert "(4.7/5 against 4.5/5)" in notes[0]
    items = [SynthesisSentence(text="Osteria Bonelli es el más barato.", citations=[1])]
    syn = Synthesis(text="", model="m", sentences=items,
                    blocks=[SynthesisBlock(kind="paragraph", items=items)])
    cheap = [SUBJECTS[0], SUBJECTS[1].model_copy(update={"price": eur(1250.5)}),
             SUBJECTS[2].model_copy(update={"price": eur(12.5)})]
    assert "(12,5 EUR against 1.250,5 EUR)" in order_contradictions(syn, cheap, 10, "es")[0]


def test_a_table_row_is_read() -> None:
    notes, _ = read("Here are the options.", rows=[["Osteria Bonelli", "22 EUR", "cheapest"]])
    assert len(notes) == 1 and "Osteria Bonelli the cheapest" in notes[0]


@pytest.mark.parametrize("text", [
    "Pizzeria Ai Marmi is the cheapest, while Roscioli Salumeria is the best rated.",
    "Pizzeria Ai Marmi es el más barato y Trattoria Da Enzo la mejor opción.",  # two named
    "Osteria Bonelli is not the cheapest, but it is quieter.",
    "Osteria Bonelli no es la opción más económica.",
    "Osteria Bonelli is the second cheapest.",
    "Osteria Bonelli es el segundo más barato.",
    "Osteria Bonelli is the cheapest with a terrace.",
    "Roscioli Salumeria es la mejor valorada en el centro.",
    "Roscioli Salumeria is the best option for a special night.",
    "La Pergola Roma is the cheapest and the best rated.",   # left out: synthcheck's note
    "Trattoria Da Enzo es la mejor opción.",
])
def test_superlatives_the_shortlist_bears_out_or_does_not_settle(text: str) -> None:
    assert read(text) == ([], [False])


def test_prices_in_other_money_or_for_another_period_are_not_compared() -> None:
    subjects = [SUBJECTS[0], SUBJECTS[1].model_copy(update={"price": Money(amount=5,
                                                                          currency="GBP")}),
                SUBJECTS[2].model_copy(update={"cost": 9.0, "cost_per": "person",
                                               "price_checked": eur(18)})]
    assert read("Trattoria Da Enzo is the cheapest.", subjects=subjects) == ([], [False])


CHEAPEST_IS_MARMI = ("the answer calls Roscioli Salumeria the cheapest, but Pizzeria Ai Marmi "
                     "costs less (15 EUR against 45 EUR)")


@pytest.mark.parametrize("text", [
    "Between Osteria Bonelli and Roscioli Salumeria, the cheapest is Roscioli Salumeria.",
    "Entre Osteria Bonelli y Roscioli Salumeria la más barata es Roscioli Salumeria.",
    "Roscioli Salumeria beats Osteria Bonelli as the cheapest pick of the evening.",
    "Roscioli Salumeria es más barata que Osteria Bonelli y la más barata de todas.",
    "Unlike Trattoria Da Enzo, Roscioli Salumeria is the least expensive.",
    "Trattoria Da Enzo es cara y Roscioli Salumeria es la más económica.",
])
def test_a_clause_naming_two_candidates_is_read_for_the_one_it_says_it_of(text: str) -> None:
    notes, marked = read(text)
    assert [n.split(":")[0] for n in notes] == [CHEAPEST_IS_MARMI]
    assert marked == [True]


@pytest.mark.parametrize("text", [
    "Pizzeria Ai Marmi and Osteria Bonelli are the cheapest options.",  # a pair: not one
    "Tanto Pizzeria Ai Marmi como Osteria Bonelli son las más baratas.",
    "Pizzeria Ai Marmi is cheaper than Roscioli Salumeria and the cheapest overall.",
    "Frente a Roscioli Salumeria, Pizzeria Ai Marmi es la más barata.",
    "The cheapest is Pizzeria Ai Marmi, then Osteria Bonelli.",
])
def test_two_candidates_in_a_clause_the_figures_bear_out_or_do_not_settle(text: str) -> None:
    assert read(text) == ([], [False])


#: Casa Verde costs less than Trattoria Da Enzo and is rated higher: better value by any
#: measure; Osteria Bonelli is cheaper still, but rated lower (a matter of taste)
VALUED = [*SUBJECTS[:4], SubjectBrief(key="f", name="Casa Verde", rank=5, price=eur(25),
                                      rating=9.1)]


@pytest.mark.parametrize("text", [
    "Trattoria Da Enzo is clearly the best value for money.",
    "Trattoria Da Enzo ofrece la mejor relación calidad-precio.",
    "Trattoria Da Enzo gives you the best bang for your buck!",
    "La mejor relación precio-calidad la tiene Trattoria Da Enzo.",
])
def test_the_best_value_another_candidate_beats_on_price_and_rating_is_marked(text: str) -> None:
    notes, marked = read(text, subjects=VALUED)
    assert [n.split(":")[0] for n in notes] == [
        "the answer calls Trattoria Da Enzo the best value, but Casa Verde costs less and is "
        "rated at least as high (25 EUR against 28 EUR, 9.1/10 against 9/10)"]
    assert marked == [True]


@pytest.mark.parametrize("text", [
    "Osteria Bonelli is the best value.",              # nothing cheaper is rated as high
    "Casa Verde ofrece la mejor relación calidad-precio.",
    "Trattoria Da Enzo is not the best value.",
    "Trattoria Da Enzo es la mejor relación calidad-precio con terraza.",
])
def test_a_best_value_the_figures_do_not_contradict_is_left(text: str) -> None:
    assert read(text, subjects=VALUED) == ([], [False])
