"""A tax basis a page says of its prices as a whole, away from any amount ("precios sin
IVA", "all prices exclude VAT", "IVA no incluido en los precios"), is the basis of the
price it states when that price says none of its own (scout/task/taxbasis.py
``page_basis``, scout/steps/listprice.py ``find_price``); a basis said after what one
amount is for ("£40 per socket, plus VAT", "35 € por enchufe + IVA") is that amount's."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price
from scout.task.taxbasis import page_basis


@pytest.mark.parametrize("text, basis", [
    ("Manitas a domicilio: 30 €/hora, precios sin IVA, mínimo 1 hora.", "excluded"),
    ("Tarifas sin IVA. Consulta sin compromiso.", "excluded"),
    ("Todos los precios + IVA.", "excluded"),
    ("Los precios no incluyen el IVA.", "excluded"),
    ("IVA no incluido en los precios", "excluded"),
    ("Nuestros precios incluyen IVA.", "included"),
    ("Precios con IVA", "included"),
    ("All prices exclude VAT.", "excluded"),
    ("Prices shown are ex VAT", "excluded"),
    ("All our rates are exclusive of VAT", "excluded"),
    ("VAT not included in our prices", "excluded"),
    ("Our quotes include VAT", "included"),
    ("Prices: VAT included", "included"),
])
def test_a_basis_said_of_the_prices_as_a_whole(text: str, basis: str) -> None:
    assert page_basis(text) == basis


@pytest.mark.parametrize("text", [
    "Prices from £40",                          # no basis said
    "precio sin IVA 40 €",                      # one amount's label, not the page's
    "Empresas: precios sin IVA. Particulares: precios con IVA.",  # both: none
    "Free quote, VAT registered",
])
def test_no_basis_said_of_the_prices(text: str) -> None:
    assert page_basis(text) is None


@pytest.mark.parametrize("text, amount, per, tax", [
    ("ServiHogar: 30 €/hora, precios sin IVA, mínimo 1 hora.", 30, "hour", "excluded"),
    ("Catering Sur: menú 25 € por persona. Todos los precios + IVA.", 25, "person", "excluded"),
    ("Extra sockets from £40. All prices exclude VAT.", 40, None, "excluded"),
    # its own basis wins over the page's
    ("Fit a socket £65 + VAT. Prices include VAT unless stated.", 65, None, "excluded"),
    ("Termo instalado 320 € IVA incluido. Precios sin IVA salvo indicación.", 320, None, "included"),
    # a basis after what one amount is for, a unit the money reader does not know
    ("Extra sockets from £40 per socket, plus VAT.", 40, None, "excluded"),
    ("Cambio de enchufe: 35 € por enchufe + IVA", 35, None, "excluded"),
    ("Radiator bleed £15 each, inc. VAT", 15, "person", "included"),
])
def test_a_listing_price_takes_the_basis_its_page_says(text: str, amount: float,
                                                       per: str | None, tax: str) -> None:
    price = find_price(text)
    assert price is not None
    assert (price.amount, price.per, price.tax) == (amount, per, tax)
