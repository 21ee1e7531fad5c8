"""A listing's price for a group of a size it states (scout/steps/groupsize.py): against a
budget per person "Menu for 10 people: £250" is 25 a head ("Menú para 2 personas, 60 €",
"Family ticket for 4, £60" alike), "para grupos de 30 a 50 personas por 850 €" the people
asked's share (or the range's low end's); a capacity
("Salón para 100 personas, 40 €") or a price tying no count is left as stated."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.groupsize import group_size
from scout.steps.listprice import find_price
from scout.steps.rank_enrich import enrich


@pytest.mark.parametrize("text, amount, asked, size", [
    ("Bufé para grupos de 30 a 50 personas por 850 €", 850, 0, 30),   # the dearer share
    ("Bufé para grupos de 30 a 50 personas por 850 €", 850, 40, 40),  # the people asked
    ("Bufé para grupos de 30 a 50 personas por 850 €", 850, 60, 30),  # outside the range
    ("Menu for 10 people: £250", 250, 0, 10),
    ("Paella: 250 € para 10 personas", 250, 0, 10),
    ("Sharing platter £250 (10 people)", 250, 0, 10),
    ("Cena para 2 personas 60 €", 60, 0, 2),
    # a comma (or brackets) between the count and the amount still ties them
    ("Menú para 2 personas, 60 €", 60, 0, 2),
    ("Pack familiar (4 personas), 120 €", 120, 0, 4),
    ("Sharing menu for 6 people, £150", 150, 0, 6),
    # the count alone, a mark setting it off from the amount
    ("Family ticket for 4, £60", 60, 0, 4),
    ("Menú degustación para 2: 90 €", 90, 0, 2),
    # the count in words, before or right after the amount
    ("Camarote exterior para dos: 2.100 €", 2100, 0, 2),
    ("Balcony stateroom £1,890 for two, gratuities extra", 1890, 0, 2),
    ("Suite 3.400 € para dos en camarote doble", 3400, 0, 2),
    ("Cena 60 € para cuatro personas", 60, 0, 4),
    ("Sharing platter £48 for three people", 48, 0, 3),
    ("Family villa $2,400 for 4 sharing", 2400, 0, 4),
    # a few words after the amount, in its clause
    ("Norwegian Epic: 2.100 € el camarote (precio total para 2 personas).", 2100, 0, 2),
    ("Inside cabin $3,200 per cabin, total for 4 guests", 3200, 0, 4),
    ("Casa rural 450 € el fin de semana completo para 6 personas", 450, 0, 6),
])
def test_the_size_a_price_is_for(text: str, amount: float, asked: int, size: int) -> None:
    assert group_size(text, amount, asked) == size


@pytest.mark.parametrize("text, amount", [
    ("Salón para 100 personas, 40 €", 40),            # a capacity
    ("Salón para 100 personas: 40 €", 40),
    ("Room for up to 100 guests: £900", 900),
    ("Menú 45 €, sala hasta 100 personas", 45),
    ("Menú degustación 45 €", 45),                     # no count at all
    ("Menú para 1 persona 20 €", 20),                  # one is no group
    ("Sala para 20, 300 €", 300),                      # a capacity, the count alone
    ("Tour for 4 nights, £60", 60),                    # a count of something else
    ("Open for 2025, £60", 60),                        # a year, no count of people
    ("Family ticket for 4 £60", 60),                   # no mark between: not said to be for them
    ("Tour £60 for two nights", 60),                   # a count in words of something else
    ("Clase 40 € para dos horas", 40),
    ("Menú 40 €, en un salón para cien personas", 40),  # a capacity said after it
    ("Barco 600 €. Para 8 personas como máximo", 600),  # another clause: how many fit
    ("Mesa 30 € con capacidad para 6 personas", 30),
])
def test_no_group_the_price_is_for(text: str, amount: float) -> None:
    assert group_size(text, amount) is None


def _caterer(text: str, amount: float) -> Candidate:
    price = Money(amount=amount, currency="EUR", comparator="=")
    ev = Evidence(id="e", kind="price", subject="c", url="https://cater.example/", text=text,
                  price=price)
    return Candidate(key="c", name="Caterer", url="https://cater.example/", price=price,
                     evidence=[ev])


def test_rank_compares_one_persons_share_against_a_budget_per_person() -> None:
    c = _caterer("Bufé para grupos de 30 a 50 personas por 850 €", 850)
    ranked, _ = enrich([c], [], "EUR", None, checks=frozenset({"price"}), per="person",
                       people=34)
    got = ranked[0]
    assert got.price_converted is not None
    assert (got.price_converted.amount, got.price_converted.per) == (25.0, "person")
    assert got.flags == ["price for a group of 34 people divided by them, to compare it "
                         "with the budget per person"]
    assert localize(got.flags[0], "es") == ("precio para un grupo de 34 personas, dividido "
                                            "entre 34 para compararlo con el presupuesto "
                                            "por persona")


@pytest.mark.parametrize("per", [None, "night"])
def test_a_budget_not_per_person_compares_the_group_price(per: str | None) -> None:
    ranked, _ = enrich([_caterer("Menu for 10 people: 250 €", 250)], [], "EUR", None,
                       checks=frozenset({"price"}), per=per, people=10)
    assert ranked[0].price_converted is None or ranked[0].price_converted.amount == 250
    assert not any("group of" in f for f in ranked[0].flags)


@pytest.mark.parametrize("text, share, currency", [
    ("Menú para 2 personas, 60 €", 30.0, "EUR"),
    ("Family ticket for 4, £60", 15.0, "GBP"),
])
def test_a_price_read_from_a_page_is_the_groups(text: str, share: float, currency: str) -> None:
    price = find_price(text)
    assert price is not None and price.currency == currency
    ev = Evidence(id="e", kind="price", subject="c", url="https://x.example/", text=text,
                  price=price)
    c = Candidate(key="c", name="X", url="https://x.example/", price=price, evidence=[ev])
    ranked, _ = enrich([c], [], currency, None, checks=frozenset({"price"}), per="person",
                       people=2)
    got = ranked[0].price_converted
    assert got is not None and (got.amount, got.per) == (share, "person")
