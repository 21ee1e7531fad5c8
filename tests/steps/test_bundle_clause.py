"""Rank's ``bundle`` divides a price by the count said beside *that* amount: a page listing
several amounts ("Teórico online 49 €. Bono de 10 clases 360 €") does not divide its
theory course by the pack's ten classes. Found writing the driving schools kind, whose
49 € course was compared as 4,90 € a class; the same shape in a yoga studio's and a GPU
cloud's pages (scout.steps.packprice.price_clauses)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.records import Candidates
from scout.steps import rank
from scout.steps.packprice import price_clauses
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_bundle_price import CLASSES, GPU, INPUTS, WHERE, _offer
from tests.steps.test_extract_rank import _ctx


@pytest.mark.parametrize("line, amount, clause", [
    ("Teórico online 49 €. Bono de 10 clases 360 €.", 49, ["Teórico online 49 €"]),
    ("Drop-in class £12; 10-class pass £100", 12, ["Drop-in class £12"]),
    ("Clase suelta 18,50 €, bono de 10 clases 150 €", 18.5, ["Clase suelta 18,50 €"]),
    ("Matrícula 60 €; bono de 8 sesiones 96 €", 96, [" bono de 8 sesiones 96 €"]),
    # one amount: the whole line, where a GPU count may be said before it
    ("8x H100 SXM, 80GB each, $23.92/hr", 23.92, ["8x H100 SXM, 80GB each, $23.92/hr"]),
    # the amount not found as said (another currency's figure): the whole line
    ("Clase 20 €, bono 10 clases 150 €", 99, ["Clase 20 €, bono 10 clases 150 €"]),
])
def test_the_clause_that_states_an_amount(line: str, amount: float, clause: list[str]) -> None:
    assert price_clauses(line, amount) == clause


@pytest.mark.parametrize("query, text, amount, bundle", [
    ("clases de yoga por menos de 20 € la clase",
     "Matrícula gratis. Clase suelta 18 €. Bono de 10 clases 150 €.", 18, None),
    ("yoga classes under 20 euros a class",
     "Mat hire £2. Drop-in class 18 EUR, 10-class pass 150 EUR.", 18, None),
    # the pack's own amount is still divided by its count
    ("yoga classes under 20 euros a class",
     "Drop-in class 22 EUR. 10 classes for 150 EUR.", 150, 10),
])
def test_a_single_price_beside_a_pack_is_not_divided(query: str, text: str, amount: float,
                                                     bundle: int | None) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    params = RankParams(items="candidates", as_="v", where=WHERE,
                        bundle={"unit": "class", "words": CLASSES})
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[
        _offer("studio", text, amount)])}, task))
    c = (short.items[0].candidate if short.items else short.excluded[0][0])
    assert c.bundle == bundle
    assert (c.price_converted or c.price).amount == (amount / bundle if bundle else amount)


def test_a_gpu_node_named_with_its_count_still_divides() -> None:
    task = build_task("a GPU under 3 USD an hour", INPUTS, today=dt.date(2026, 12, 6))
    params = RankParams(items="candidates", as_="v", where=WHERE,
                        bundle={"unit": "GPU", "words": GPU})
    offer = _offer("node", "On-demand $23.92/hr. Spot $9.50/hr. Egress free.", 23.92,
                   per="hour")
    offer.name = "Lambda 8x H100 SXM"
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[offer])}, task))
    c = (short.items[0].candidate if short.items else short.excluded[0][0])
    assert c.bundle == 8
