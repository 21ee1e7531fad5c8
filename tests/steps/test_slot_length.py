"""A page pricing slots of several lengths (scout/steps/slotlength.py): the length asked's
price is compared ("Clase 45 min 30 €, 60 min 38 €" for an hour is 38 €), in any kind
that knows the length asked (rank's ``volume`` or the one short duration the request
gives), else the next length up or the longest, said so; a page stating one length is
left as it was."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.rank_enrich import enrich
from scout.steps.slotlength import asked_minutes
from scout.steps.slotprice import slots_listed
from scout.steps.workbasis import Work


def _listing(text: str, amount: float, currency: str = "EUR") -> Candidate:
    ev = Evidence(id="e1", kind="price", url="https://spa.example/tarifas", title="Tarifas",
                  text=text, subject="c",
                  price=Money(amount=amount, currency=currency, comparator="="))
    return Candidate(key="c", name="Spa", url="https://spa.example/tarifas",
                     price=ev.price, evidence=[ev])


def _rank(c: Candidate, minutes: float, currency: str = "EUR",
          work: Work | None = None) -> Candidate:
    out, _ = enrich([c], [], currency, None, checks=frozenset({"price"}), work=work,
                    slot_length=minutes)
    return out[0]


@pytest.mark.parametrize("text, first, minutes, expected", [
    ("Clase 45 min 30 €, 60 min 38 €", 30, 60, 38),
    ("masaje 30 min 25 € / 60 min 45 €", 25, 60, 45),
    ("Masaje descontracturante: 30 minutos 28 €; 60 minutos 48 €; 90 minutos 65 €", 28, 90, 65),
    ("Sesión de fisioterapia de 1 hora 40 €, de hora y media 55 €", 40, 90, 55),
    ("Deep tissue massage 60 min £55 | 90 min £75", 55, 90, 75),
    ("45-minute lesson £30, 60-minute lesson £38", 30, 45, 30),
    ("Private yoga: £35 (45 min), £42 (60 min)", 35, 60, 42),
])
def test_the_length_asked_is_the_price_compared(text, first, minutes, expected) -> None:
    currency = "GBP" if "£" in text else "EUR"
    c = _rank(_listing(text, first, currency), minutes, currency)
    assert c.price is not None and c.price.amount == expected
    assert not [f for f in c.flags if "by length" in f]  # the length asked is listed
    assert c.evidence[0].price is not None and c.evidence[0].price.amount == expected


def test_a_length_none_lists_is_the_next_one_up_said_so_in_both_languages() -> None:
    c = _rank(_listing("Masaje 30 min 25 € · 60 min 45 € · 90 min 60 €", 25), 50)
    assert c.price is not None and c.price.amount == 45
    flag = next(f for f in c.flags if "by length" in f)
    assert flag == ("its prices by length list none for exactly the 50 min asked: compared "
                    "at the next length up, “60 min 45 €”")
    assert localize(flag, "es") == ("sus precios por duración no incluyen exactamente los "
                                    "50 min pedidos: comparado con la siguiente duración, "
                                    "«60 min 45 €»")


def test_longer_than_every_length_is_the_longest_and_slots_of_it_with_a_volume() -> None:
    text = "Tutoring: 45-minute session £30, 60-minute session £38"
    # no volume: compared at the longest, said so
    c = _rank(_listing(text, 30, "GBP"), 120, "GBP")
    assert c.price is not None and c.price.amount == 38
    assert any("none as long as the 120 min asked" in f for f in c.flags)
    # a kind declaring the length in volume books two of the longest for two hours
    c = _rank(_listing(text, 30, "GBP"), 120, "GBP",
              work=Work(volume={"hour": 2.0}, whole=True))
    assert c.price_converted is not None and c.price_converted.amount == 76


def test_a_volume_kind_is_no_longer_two_short_slots() -> None:
    # a court kind's "volume: {hour: length}": an hour of "45 min 30 €, 60 min 38 €" was
    # two 45-minute slots (60 €); it is the 60-minute one
    c = _rank(_listing("Pista 45 min 30 €, 60 min 38 €", 30), 60,
              work=Work(volume={"hour": 1.0}, whole=True))
    assert (c.price_converted or c.price).amount == 38  # type: ignore[union-attr]
    assert not any("slot of 45" in f for f in c.flags)


@pytest.mark.parametrize("text, amount", [
    ("Masaje 60 min 45 €", 45),                        # one length: a slot, as before
    ("Bono 5 sesiones de 60 min 200 €, 10 sesiones 380 €", 200),  # packs, no lengths
    ("Menú 25 €, menú degustación 45 €", 25),          # no length at all
])
def test_a_page_stating_one_length_or_none_is_left_alone(text, amount) -> None:
    c = _rank(_listing(text, amount), 90)
    assert c.price is not None and c.price.amount == amount
    assert not [f for f in c.flags if "by length" in f]


def test_no_length_asked_leaves_the_page_as_it_was() -> None:
    c = _rank(_listing("Clase 45 min 30 €, 60 min 38 €", 30), 0)
    assert c.price is not None and c.price.amount == 30


def _task(**values: tuple[str, object]) -> SimpleNamespace:
    return SimpleNamespace(types={k: t for k, (t, _v) in values.items()},
                           values={k: v for k, (_t, v) in values.items()})


def test_the_length_asked_from_any_kind() -> None:
    # a spa kind with a duration input and no volume: "masaje de 60 minutos"
    assert asked_minutes(_task(length=("duration", 3600)), None, set()) == 60
    # a court kind's volume: its hours
    assert asked_minutes(_task(length=("duration", 5400)), Work(volume={"hour": 1.5}),
                         {"length"}) == 90
    # a tour's longest time, compared by its where, is no slot asked
    assert asked_minutes(_task(duration=("duration", 7200)), None, {"duration"}) is None
    # a stay of 3 days is no slot; two lengths say neither is
    assert asked_minutes(_task(stay=("duration", 3 * 86400)), None, set()) is None
    assert asked_minutes(_task(a=("duration", 3600), b=("duration", 1800)), None,
                         set()) is None


def test_the_pages_words_for_each_slot() -> None:
    assert [(m, money.amount, w) for m, money, w in
            slots_listed("Clase 45 min 30 €, 60 min 38 €")] == [
        (45, 30, "45 min 30 €"), (60, 38, "60 min 38 €")]
    assert [w for _m, _money, w in slots_listed("£35 (45 min), £42 (60 min)")] == [
        "£35 (45 min)", "£42 (60 min)"]


def test_a_pack_of_hours_covering_the_length_says_it_once() -> None:
    # "Tour 2 h 30 €, 3 h 45 €" for 4 hours in a kind with volume: the page's packs
    # (scout/steps/packterm.py) quote what is compared; no second word on the length
    c = _rank(_listing("Tour 2 h 30 €, 3 h 45 €, 5 h 70 €", 30), 240,
              work=Work(volume={"hour": 4.0}, whole=True))
    assert (c.price_converted or c.price).amount == 70  # type: ignore[union-attr]
    assert not [f for f in c.flags if "by length" in f]
    assert any("packs that covers the 4 hours" in f for f in c.flags)
