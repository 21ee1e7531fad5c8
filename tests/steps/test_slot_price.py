"""A listing's price for a slot of a length it states (scout/steps/slotprice.py): "Pista 90
minutos: 24 €" for the length asked (rank's ``volume: {hour: length}``) is the slots that
length needs, each booked whole, shared by the people asked against a budget per person;
a price stating no length, a pack of hours or a length said as how often is left alone."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.rank_enrich import enrich
from scout.steps.slotprice import for_slot, slot_minutes
from scout.steps.workbasis import Work


@pytest.mark.parametrize("text, amount, minutes", [
    ("Pista 90 minutos: 24 €", 24, 90),
    ("2-hour session £30", 30, 120),
    ("Clase de 60 min 20 €", 20, 60),
    ("Alquiler de pista: 24 € (hora y media)", 24, 90),
    ("£30 for a 2-hour session", 30, 120),
    ("Pista 60 min: 16 €, 90 min: 24 €", 24, 90),     # each amount its own length
    ("Pista 60 min: 16 €, 90 min: 24 €", 16, 60),
    ("16 € (60 min), 24 € (90 min)", 24, 90),          # lengths written after amounts
    ("1h30: 24 €", 24, 90),
])
def test_the_length_a_price_is_for(text: str, amount: float, minutes: float) -> None:
    assert slot_minutes(text, amount) == minutes


@pytest.mark.parametrize("text, amount", [
    ("Bono de 10 horas por 300 €", 300),               # a pack of hours
    ("Pack of 10 sessions of 1 hour: £200", 200),
    ("Clases de 2 horas a la semana, 80 €", 80),       # how often
    ("Pista a 5 minutos del metro: 20 €", 20),         # how far
    ("Abierto 24 horas. Pista: 20 €", 20),             # another sentence's
    ("Abierto 24 horas, pista 20 €", 20),              # when it opens, no slot
    ("Menú degustación 45 €", 45),                     # no length at all
])
def test_no_length_of_the_price(text: str, amount: float) -> None:
    assert slot_minutes(text, amount) is None


def _court(text: str, amount: float, currency: str = "EUR") -> Candidate:
    ev = Evidence(id="e1", kind="price", url="https://club.example/pistas", title="Club", text=text,
                  subject="c", price=Money(amount=amount, currency=currency, comparator="="))
    return Candidate(key="c", name="Club", url="https://club.example/pistas",
                     price=ev.price, evidence=[ev])


@pytest.mark.parametrize("text, amount, hours, people, share, slots", [
    ("Pista 90 minutos: 24 €", 24, 2.0, 4, 12.0, 2),   # two slots for two hours
    ("Pista 90 minutos: 24 €", 24, 1.5, 4, 6.0, 1),
    ("Clase de 60 min 20 €", 20, 1.0, 1, 20.0, 1),
    ("2-hour session £30", 30, 1.0, 2, 15.0, 1),       # a slot is booked whole
])
def test_a_slot_price_is_shared_for_the_length_asked(text, amount, hours, people, share,
                                                     slots) -> None:
    c = _court(text, amount)
    for_slot(c, "person", people, Work(volume={"hour": hours}))
    assert c.price_converted is not None
    assert (c.price_converted.amount, c.price_converted.per) == (share, "person")
    minutes = slot_minutes(text, amount)
    assert c.flags == [f"price for a slot of {minutes:g} min times {slots} for the length "
                       f"asked, divided by {people} people, to compare it with the budget "
                       f"per person"]


def test_a_budget_for_the_court_compares_the_slots_asked() -> None:
    c = _court("Pista 90 minutos: 24 €", 24)
    for_slot(c, None, 4, Work(volume={"hour": 2.0}, whole=True))
    assert c.price_converted is not None and c.price_converted.amount == 48.0
    assert c.price_converted.per is None
    flag = c.flags[0]
    assert localize(flag, "es") == ("precio de un turno de 90 min multiplicado por 2 para "
                                    "la duración pedida, para compararlo con el presupuesto "
                                    "de toda la reserva")


@pytest.mark.parametrize("work, people, per, text", [
    (None, 4, "person", "Pista 90 minutos: 24 €"),                    # no length declared
    (Work(volume={}), 4, "person", "Pista 90 minutos: 24 €"),         # none asked
    (Work(volume={"hour": 2.0}), 0, "person", "Pista 90 minutos: 24 €"),  # no one counted
    (Work(volume={"hour": 2.0}), 4, "person", "Alquiler de pista 24 €"),  # no length said
    (Work(volume={"hour": 1.0}, whole=True), 4, None, "Pista 90 minutos: 24 €"),  # one slot
])
def test_left_as_the_page_says(work, people, per, text) -> None:
    c = _court(text, 24)
    for_slot(c, per, people, work)
    assert c.price_converted is None and c.flags == []


def test_rank_compares_the_share_and_says_so_in_spanish() -> None:
    # through rank's own price steps: the heads' step does not divide it again
    ranked, _ = enrich([_court("Pista 90 minutos: 24 €", 24)], [], "EUR", None,
                       checks=frozenset({"price"}), per="person", people=4,
                       work=Work(volume={"hour": 2.0}))
    c = ranked[0]
    assert c.price_converted is not None and c.price_converted.amount == 12.0
    assert len(c.flags) == 1
    assert localize(c.flags[0], "es") == (
        "precio de un turno de 90 min multiplicado por 2 para la duración pedida, dividido "
        "entre 4 personas, para compararlo con el presupuesto por persona")
