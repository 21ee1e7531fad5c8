"""The shortlist's columns say what was asked: a kind that can take a minimum rating or a
budget, asked neither, shows no "rating vs minimum" column of "unknown" nor a "price vs
budget" header with no budget (a notary asked what it charges, a lawyer's office rated by
no one); a rating some candidate states still shows, headed "rating". A record whose page
states no price, for which the kind worked out an amount (a share of the value asked),
shows that amount in the money the others are compared in, not "unknown"."""

from __future__ import annotations

import pytest

from scout.schemas.records import RankedItem, Shortlist
from scout.spec.models import InputSpec
from scout.task.build import build_task
from tests.report.test_shortlist_compared import TODAY, _render, _shop

SPECS = {"place": InputSpec(type="place"), "budget": InputSpec(type="money"),
         "min_rating": InputSpec(type="rating")}


def _header(md: str) -> str:
    return next(line for line in md.splitlines() if line.startswith("| # |"))


@pytest.mark.parametrize("lang, query", [
    ("en", "a notary in Valparaíso for a property deed, how much do they charge?"),
    ("es", "abogado de familia en Zaragoza para un divorcio de mutuo acuerdo"),
    ("es", "¿qué cobra una gestoría en Murcia por la renta?"),
])
def test_nothing_asked_nothing_found_no_column(lang: str, query: str) -> None:
    task = build_task(query, SPECS, today=TODAY)
    short = Shortlist(items=[RankedItem(rank=1, candidate=_shop("ofia", 300)),
                             RankedItem(rank=2, candidate=_shop("ofib", 450))])
    header = _header(_render(task, short, lang))
    assert "rating" not in header and "valoración" not in header, header
    assert "budget" not in header and "presupuesto" not in header, header
    assert ("| price |" if lang == "en" else "| precio |") in header


@pytest.mark.parametrize("lang, query, words", [
    ("en", "a family lawyer in Leeds rated at least 4", "rating vs minimum"),
    ("es", "abogado laboralista en Bilbao con valoración mínima de 4", "valoración frente a mínimo"),
])
def test_a_minimum_asked_keeps_its_column(lang: str, query: str, words: str) -> None:
    task = build_task(query, SPECS, today=TODAY)
    short = Shortlist(items=[RankedItem(rank=1, candidate=_shop("ofia", 300))])
    assert words in _header(_render(task, short, lang))


@pytest.mark.parametrize("lang, words", [("en", "| rating |"), ("es", "| valoración |")])
def test_a_rating_found_unasked_is_headed_plainly(lang: str, words: str) -> None:
    task = build_task("notaría en Santiago" if lang == "es" else "a notary in Leeds", SPECS,
                      today=TODAY)
    rated = _shop("ofia", 300).model_copy(update={"rating": 8.4})
    short = Shortlist(items=[RankedItem(rank=1, candidate=rated),
                             RankedItem(rank=2, candidate=_shop("ofib", 450))])
    header = _header(_render(task, short, lang))
    assert words in header and "minim" not in header, header


@pytest.mark.parametrize("lang, amount", [("en", "120,000 CLP"), ("es", "120.000 CLP")])
def test_an_amount_worked_out_for_an_unpriced_record(lang: str, amount: str) -> None:
    task = build_task("notaría en Santiago para una escritura", SPECS, today=TODAY)
    unpriced = _shop("perez", 1).model_copy(update={"price": None})
    short = Shortlist(items=[RankedItem(rank=1, candidate=unpriced, cost=120000.0,
                                        cost_per="total"),
                             RankedItem(rank=2, candidate=_shop("prov", 150000,
                                                                currency="CLP"),
                                        cost=150000.0, cost_per="total")])
    row = next(line for line in _render(task, short, lang).splitlines()
               if line.startswith("| 1 |"))
    assert amount in row and "unknown" not in row and "desconocido" not in row, row
