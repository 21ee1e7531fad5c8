"""A price for a pack of pieces (scout/steps/piecepacks.py): a dozen is 12, half a dozen
6, "25 uds" 25; with the pieces asked (rank's ``tiers`` integer input) a page's packs are
the cheapest that covers them, bought whole, and one pack's price is the packs the pieces
need against a budget for the whole order, flagged in both languages."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.piecepacks import packs_listed
from scout.steps.rank_enrich import enrich


def _page(text: str, first: float, currency: str = "EUR") -> Candidate:
    ev = Evidence(id="e1", kind="price", url="https://bakery.example/precios", title="Precios",
                  text=text, subject="c",
                  price=Money(amount=first, currency=currency, comparator="="))
    return Candidate(key="c", name="Bakery", url="https://bakery.example/precios",
                     price=ev.price, evidence=[ev])


def _compared(text: str, first: float, pieces: float | None, currency: str = "EUR",
              per: str | None = None, each: str | None = None) -> Candidate:
    out, _ = enrich([_page(text, first, currency)], [], currency, None,
                    checks=frozenset({"price"}), per=per, pieces=pieces, each=each)
    return out[0]


@pytest.mark.parametrize("text, count", [
    ("Croissants: docena 9 €", 12),
    ("Rosquillas 7,50 € la docena", 12),
    ("Magdalenas, media docena 4 €", 6),
    ("Cupcakes £18 per dozen", 12),
    ("Half a dozen macarons £9", 6),
    ("Bandeja 25 uds 30 €", 25),
    ("Bandeja de 50 mini croissants 45 €", 50),
    ("Canapés: 30 € (20 unidades)", 20),
    ("Box of 40 pieces £44", 40),
    ("2 docenas de churros 8 €", 24),
])
def test_the_count_a_pack_is_for(text: str, count: int) -> None:
    assert [n for n, _m in packs_listed(text)] == [count]


@pytest.mark.parametrize("text, first, pieces, amount", [
    ("Croissants: docena 9 €, media docena 5 €", 9, 6, 5),     # half a dozen covers 6
    ("Croissants: docena 9 €, media docena 5 €", 9, 24, 18),   # two dozens
    ("Croissants: media docena 5 €, docena 9 €", 5, 12, 9),    # a dozen, not 2 halves
    ("Bandeja 25 uds 30 €", 30, 50, 60),
    ("Mini brownies £2 each. Box of 20 pieces £24", 24, 40, 48),
    ("Cupcakes £18 per dozen", 18, 30, 54),
    ("Bandeja 25 uds 30 €", 30, 20, 30),                       # one tray covers 20
])
def test_the_pieces_asked_price_the_packs(text, first, pieces, amount) -> None:
    currency = "GBP" if "£" in text else "EUR"
    c = _compared(text, first, pieces, currency)
    compared = c.price_converted or c.price
    assert compared is not None and compared.amount == amount


def test_the_packs_are_said_in_both_languages() -> None:
    c = _compared("Bandeja 25 uds 30 €", 30, 50)
    flag = next(f for f in c.flags if "pack of" in f)
    assert flag == ("price for a pack of 25 times 2 for the 50 pieces asked, to compare it "
                    "with the budget for the whole order")
    assert localize(flag, "es") == ("precio de un lote de 25 multiplicado por 2 para las 50 "
                                    "piezas pedidas, para compararlo con el presupuesto de "
                                    "todo el pedido")


@pytest.mark.parametrize("text, first, pieces, per", [
    ("Bandeja 25 uds 30 €", 30, None, None),                   # no pieces asked
    ("Tarta de chocolate 35 €", 35, 24, None),                 # no pack said
    ("Bandeja 25 uds 30 €", 30, None, "person"),               # per person, no pieces
    ("Bandeja 25 uds 30 €", 30, 50, "night"),                  # a budget per a period
])
def test_left_as_stated(text, first, pieces, per) -> None:
    c = _compared(text, first, pieces, per=per)
    assert c.price is not None and c.price.amount == first
    assert c.price_converted is None


@pytest.mark.parametrize("text, first, pieces, per, each, amount", [
    # a budget per item ("1 € la unidad", "max 0,10 € por pieza"): one piece's price
    ("Croissants: docena 9 €", 9, 24, "item", None, 0.75),
    ("Rosquillas 7,50 € la docena", 7.5, None, "item", None, 0.625),
    ("Bandeja 25 uds 30 €", 30, 50, "item", None, 1.2),
    # one unit's ("under £2 each" in a kind counting how many): the same
    ("Mini brownies, pack of 6 for £10", 10, 30, None, "unit", 1.67),
    ("Guantes de nitrilo, caja de 100 por 9 €", 9, 200, None, "unit", 0.09),
    # per person where the pieces are counted ("50 mini brownies, under £2 each")
    ("Box of 40 pieces £60", 60, 50, "person", None, 1.5),
    ("Magdalenas, media docena 4 €", 4, 18, "person", None, 0.6667),
])
def test_a_budget_per_piece_compares_a_pack_per_piece(text, first, pieces, per, each,
                                                      amount) -> None:
    currency = "GBP" if "£" in text else "EUR"
    c = _compared(text, first, pieces, currency, per=per, each=each)
    compared = c.price_converted
    assert compared is not None and compared.amount == amount
    assert (compared.per, compared.each) == ((None, "unit") if each else (per, None))
    flag = next(f for f in c.flags if "divided" in f)
    assert localize(flag, "es").startswith("precio de un lote de ")
    assert "por pieza" in localize(flag, "es") and "per piece" in flag


@pytest.mark.parametrize("text, first, per, each", [
    ("Croissants 1,20 € la unidad", 1.2, "item", None),          # already one piece's
    ("Tarta de chocolate 35 €", 35, "item", None),                 # no pack said
    ("Cupcakes £18 per dozen, £2 each", 2, None, "unit"),          # the piece's own price
])
def test_a_piece_budget_leaves_what_is_no_pack(text, first, per, each) -> None:
    currency = "GBP" if "£" in text else "EUR"
    c = _compared(text, first, 12, currency, per=per, each=each)
    assert not any("divided" in f for f in c.flags)
