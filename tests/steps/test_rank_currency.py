"""With no money in the request, ``rank`` compares listings that state prices in different
currencies in the config's base currency, converted with its dated rates (as a budget's
currency is used when there is one); a price it has no rate for is flagged and never
compared as a raw amount, with or without a budget."""

from __future__ import annotations

from scout.i18n.messages import localize
from scout.schemas.task import Money
from tests.steps.test_rank_periods import _flat, _rank


def _night(amount: float, currency: str) -> Money:
    return Money(amount=amount, currency=currency, comparator="=", per="night")


def test_with_no_money_asked_prices_in_other_currencies_are_compared_in_the_base() -> None:
    # the config's rates (config/adapters.yaml): 1 EUR = 0.85 GBP = 1.08 USD; no BRL.
    # As raw amounts the order was gbp (100), eur (110), usd (120), brl (500)
    short = _rank("holiday flats in London",
                  _flat("gbp", ("https://homes.test/gbp", _night(100, "GBP"))),
                  _flat("eur", ("https://homes.test/eur", _night(110, "EUR"))),
                  _flat("usd", ("https://homes.test/usd", _night(120, "USD"))),
                  _flat("brl", ("https://homes.test/brl", _night(500, "BRL"))))
    assert [i.candidate.key for i in short.items] == ["eur", "usd", "gbp", "brl"]
    gbp, brl = short.items[2].candidate, short.items[3].candidate
    assert gbp.price == _night(100, "GBP")                                  # as stated
    assert gbp.price_converted == _night(round(100 / 0.85, 2), "EUR")
    assert gbp.flags == ["price converted from GBP (approximate)"]
    assert short.approximate_currency and short.rates_as_of
    # no rate: flagged, and not ranked by its raw amount
    assert short.items[3].score == [None] and brl.price_converted is None
    assert brl.flags == ["price in BRL, no rate to EUR"]
    assert localize(brl.flags[0], "es") != brl.flags[0]
    assert short.items[0].candidate.flags == []                       # the base's own


def test_an_unconvertible_price_is_never_checked_against_a_budget() -> None:
    # 900 BRL is not "under 1,000 EUR": it cannot be said either way
    short = _rank("flat in Madrid under 1.000 € al mes",
                  _flat("brl", ("https://homes.test/brl",
                                Money(amount=900, currency="BRL", comparator="=",
                                      per="month"))))
    [item] = short.items  # kept by the where's own guard ("price is none or ..."), flagged
    assert item.candidate.flags[0] == "price in BRL, no rate to EUR"
    assert item.score == [None]


def test_a_price_past_any_float_once_converted_is_flagged_not_compared() -> None:
    # a listing's 1.7e308 GBP is past a float in euros (1 EUR = 0.85 GBP), and 1e308 a
    # night past one per week: neither becomes an infinite price (shown "inf", written as
    # null in the artifact, and ranked as if known)
    from scout.i18n.numbers import format_money_parts, format_number

    def week(amount: float, currency: str) -> Money:
        return Money(amount=amount, currency=currency, comparator="=", per="week")

    short = _rank("holiday flats in London",
                  _flat("huge", ("https://homes.test/huge", week(1.7e308, "GBP"))),
                  _flat("night", ("https://homes.test/night", _night(1e308, "EUR"))),
                  _flat("eur", ("https://homes.test/eur", week(700, "EUR"))),
                  _flat("eur2", ("https://homes.test/eur2", week(800, "EUR"))))
    by_key = {i.candidate.key: i for i in short.items}
    assert [i.candidate.key for i in short.items][:2] == ["eur", "eur2"]
    assert by_key["huge"].candidate.price_converted is None
    assert by_key["huge"].candidate.flags == ["price in GBP, no rate to EUR"]
    assert by_key["night"].candidate.price_converted is None
    assert any("cannot be compared" in f for f in by_key["night"].candidate.flags)
    assert by_key["huge"].score == [None] and by_key["night"].score == [None]
    # an amount of 29 digits or more is written out, not a decimal.InvalidOperation
    assert format_number(1e30, "en", 0) == "1,000,000,000,000,000,019,884,624,838,656"
    assert format_money_parts(1e308, "EUR", "es").endswith(" €")
    assert str(Money.model_construct(amount=float("inf"), currency="EUR")) == "inf EUR"


def test_with_no_budget_an_outing_in_pounds_and_one_in_euros_are_ordered_converted() -> None:
    # checked again for the money19 brief: with no budget, two listings stating no period
    # in EUR and GBP are not ordered by their raw amounts (40 GBP is ~47 EUR, dearer than
    # 45 EUR); the converted one is flagged and the shortlist says its rates' date
    def once(amount: float, currency: str) -> Money:
        return Money(amount=amount, currency=currency, comparator="=")

    short = _rank("excursiones de un día desde Londres",
                  _flat("gbp", ("https://trips.test/gbp", once(40, "GBP"))),
                  _flat("eur", ("https://trips.test/eur", once(45, "EUR"))))
    assert [i.candidate.key for i in short.items] == ["eur", "gbp"]
    gbp = short.items[1].candidate
    assert gbp.price_converted == once(round(40 / 0.85, 2), "EUR")
    assert localize(gbp.flags[0], "es") != gbp.flags[0]
    assert short.approximate_currency and short.rates_as_of
