"""A request that says no tax basis ("centrífuga por menos de 5.000 €") is what its reader
pays, the tax in it: a business's "4.600 € + IVA", "£90 + VAT" was compared with it as
4.600 €, under budget, where the kind's config knows the VAT rate. Such prices are put on
the basis with the tax now, even where every listing states the one before it (like with
like), and the shortlist's note says which basis was compared (scout/steps/taxprice.py)."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.steps.taxprice import BASIS_NOTE
from tests.steps.kindrank import kept, left_out, rank_kind


@pytest.mark.parametrize("query, listings, fits, over, note", [
    ("centrífuga refrigerada en Madrid por menos de 5.000 €",
     {"hettich": "Hettich Mikro 220 R centrífuga refrigerada: 4.600 € + IVA.",
      "sigma": "Sigma 1-16K centrífuga refrigerada: 3.900 € sin IVA."},
     "sigma", "hettich", "21 % EUR"),
    ("refrigerated centrifuge in Dublin under €5,000",
     {"hettich": "Hettich Mikro 220 R refrigerated centrifuge: €4,600 excl. VAT.",
      "sigma": "Sigma 1-16K refrigerated centrifuge: €3,900 ex VAT."},
     "sigma", "hettich", "21 % EUR"),
])
def test_lab_prices_before_vat_are_compared_with_it(query, listings, fits, over, note):
    short = rank_kind("labequipment", query, listings)
    # 4.600 € + 21 % is 5.566 €, over 5.000 €; 3.900 € is 4.719 €
    assert fits in kept(short) and over in left_out(short)
    said = [n for n in short.notes if n.startswith("prices said before tax")]
    assert said == [BASIS_NOTE.format(rates=note)]
    assert localize(said[0], "es").startswith("los precios dados sin impuestos se han comparado")
    assert kept(short)[fits].price_converted.amount == 4719


@pytest.mark.parametrize("query, text, amount", [
    ("plumber in Leeds to fix a leak, under £100", "Aire Plumbing: leak repair £90 + VAT.", 108),
    ("fontanero en Valencia para arreglar una fuga, máximo 100 €",
     "Fontanería Turia: reparación de fuga 90 € + IVA.", 108.9),
])
def test_a_trades_job_before_vat_is_over_a_budget_with_it(query, text, amount):
    short = rank_kind("trades", query, {"job": text})
    assert left_out(short)["job"].price_converted.amount == amount


def test_a_request_before_tax_keeps_its_basis():
    short = rank_kind("labequipment", "centrífuga refrigerada en Madrid por menos de 5.000 € "
                      "sin IVA", {"hettich": "Hettich Mikro 220 R: 4.600 € + IVA."})
    assert "hettich" in kept(short)
    assert kept(short)["hettich"].price_converted is None
    assert not any(n.startswith("prices said before tax") for n in short.notes)


def test_with_no_rate_for_the_currency_a_price_is_compared_as_stated():
    # labequipment's config knows no UK rate: nothing invented, nothing said
    short = rank_kind("labequipment", "refrigerated centrifuge in London under £5,000",
                      {"hettich": "Hettich Mikro 220 R refrigerated centrifuge: £4,400 excl. VAT."})
    assert kept(short)["hettich"].price_converted is None
    assert not any(n.startswith("prices said before tax") for n in short.notes)
