"""A currency-rates table someone else wrote: a rate of 0, below 0, inf or NaN is a
located config error. Such a rate used to load: at rank time a price converted with it
became 0 (free), negative (the cheapest of all) or no number, silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.errors import SpecInvalid
from scout.schemas.task import Money
from scout.steps.rank_enrich import convert

CONFIG = """\
apiVersion: scout/v1
kind: Config
currency:
  as_of: "2026-11-01"
  base: EUR
  rates: {RATES}
"""


def _load(tmp_path: Path, rates: str) -> object:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("{RATES}", rates))
    return load_config(path)


def test_rates_that_are_no_rate_are_located_errors(tmp_path: Path) -> None:
    with pytest.raises(SpecInvalid) as caught:
        _load(tmp_path, "{USD: -1.08, GBP: 0, JPY: .inf, INR: .nan, CHF: 0.94}")
    problems = {p.message: p.location.line for p in caught.value.problems}
    assert problems == {
        "currency.rates.USD: must be more than 0 (got -1.08)": 6,
        "currency.rates.GBP: must be more than 0 (got 0)": 6,
        "currency.rates.JPY: must be a finite number (got inf)": 6,
        "currency.rates.INR: must be a finite number (got nan)": 6,
    }


def test_good_rates_still_convert(tmp_path: Path) -> None:
    cfg = _load(tmp_path, "{USD: 1.08, GBP: 0.85}")
    table = cfg.currency  # type: ignore[attr-defined]
    usd = convert(Money(amount=108, currency="USD", comparator="="), "EUR", table)
    assert usd is not None and usd.amount == 100 and usd.currency == "EUR"


@pytest.mark.parametrize("rate", [-1.08, 0.0, float("inf"), float("nan")])
def test_a_table_built_in_code_with_no_rate_for_the_target_converts_nothing(rate: float) -> None:
    # a table built in code skips the config's check: conversion still refuses the rate
    from scout.config.models import CurrencyTable

    table = CurrencyTable.model_construct(as_of="2026-11-01", base="EUR", rates={"USD": rate},
                                          source=None)
    assert convert(Money(amount=100, currency="EUR", comparator="="), "USD", table) is None


def test_a_rate_keyed_by_no_iso_code_is_a_located_error(tmp_path: Path) -> None:
    # "usd" loaded and matched no price's code: every USD price stayed unconverted, silently
    with pytest.raises(SpecInvalid) as caught:
        _load(tmp_path, "{usd: 1.08, US$: 1.08, GBP: 0.85}")
    (problem,) = caught.value.problems
    assert problem.location.line == 6
    assert "'usd' (write 'USD')" in problem.message and "'US$'" in problem.message
    assert "GBP" not in problem.message


def test_tax_rates_are_percentages_keyed_by_currency(tmp_path: Path) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text("apiVersion: scout/v1\nkind: Config\ntax_rates: {EUR: 21, MXN: 16}\n")
    assert load_config(path).tax_rates == {"EUR": 21, "MXN": 16}  # type: ignore[attr-defined]
    # a key no price carries ("eur"), a percentage past 100: located errors
    for rates, said in [("{eur: 21}", "write 'EUR'"), ("{USD: 121}", "tax_rates.USD: must be "
                                                                     "less than 100")]:
        path.write_text("apiVersion: scout/v1\nkind: Config\ntax_rates: " + rates + "\n")
        with pytest.raises(SpecInvalid) as caught:
            load_config(path)
        assert said in " ".join(p.message for p in caught.value.problems), rates
