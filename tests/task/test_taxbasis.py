"""A price's tax basis where it is said (scout.task.taxbasis): on pages as shops write it
(strings from scrapinghub/price-parser's cases, tests/fixtures/prices/, and Spanish
listings and tender notices) and in requests in both languages; unknown when not said.
Said right after a request's amount, the words are the amount's, never a place."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.amounts import find_amounts
from scout.task.build import build_task
from scout.task.taxbasis import on_basis, stated_rate


@pytest.mark.parametrize("text,bases", [
    # price-parser's captures
    ("184,20 €HT", ["excluded"]),
    ("790,00 € HT", ["excluded"]),
    ("4,35 € TTC", ["included"]),
    ("€6.56 + VAT", ["excluded"]),
    ("Costo: $2,222.- Más IVA", ["excluded"]),
    ("£25.00 (tax incl.)", ["included"]),
    ("EUR29.66 (inc VAT 20% - UK & EEC) EUR24.71 (exc VAT 20% - UK & EEC)",
     ["included", "excluded"]),
    # Spanish listings and notices, a label before the amount too
    ("Centrífuga Hettich Mikro 220 R. 4.600 € + IVA.", ["excluded"]),
    ("5.490 € IVA incluido", ["included"]),
    ("12,50 € impuestos incluidos", ["included"]),
    ("Presupuesto base de licitación (IVA incluido): 242.000,00 €", ["included"]),
    ("Valor estimado del contrato: 180.000 € (IVA excluido)", ["excluded"]),
    # English shops
    ("Eppendorf 5910 Ri — €5,490 inc. VAT", ["included"]),
    ("£1,200 ex VAT", ["excluded"]),
    ("$1,299 plus tax", ["excluded"]),
    ("Price: $49.99 plus applicable sales tax", ["excluded"]),
    ("$899 before tax", ["excluded"]),
    ("€500 all-in", ["included"]),
    # not said: unknown, as before (an all-inclusive hotel is about meals, not tax)
    ("Precio 300 €", [None]),
    ("Hotel 120 € all inclusive", [None]),
    ("$300 for the HT cable", [None]),
])
def test_the_basis_a_page_states(text, bases) -> None:
    assert [m.tax for m, _span in find_amounts(text)] == bases


BUDGET = {"instrument": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "city": InputSpec(type="place")}


@pytest.mark.parametrize("query,amount,basis", [
    ("centrífuga, menos de 6.000 € IVA incluido", 6000, "included"),
    ("microscopio hasta 20 mil euros + IVA", 20000, "excluded"),
    ("balanza por menos de 3.000 € sin IVA", 3000, "excluded"),
    ("congelador, 9.000 € con IVA como máximo", 9000, "included"),
    ("portátil de menos de 1.000 € impuestos incluidos", 1000, "included"),
    ("centrifuge under 5,000 EUR plus VAT", 5000, "excluded"),
    ("laptop under $1,200 before tax", 1200, "excluded"),
    ("a centrifuge under 200k EUR excl. VAT", 200000, "excluded"),
    ("freezer under £8,000 VAT included", 8000, "included"),
    ("a laptop under $900 + tax", 900, "excluded"),
    ("centrifuge for 5,000 EUR", 5000, None),
])
def test_the_basis_a_request_states_and_the_words_are_no_place(query, amount, basis) -> None:
    got = build_task(query, BUDGET, today=dt.date(2026, 12, 2)).values
    assert (got["budget"].amount, got["budget"].tax) == (amount, basis)
    assert got["city"] is None  # "VAT", "IVA incluido" are no town


def test_a_kind_that_reads_the_basis_itself_keeps_reading_it() -> None:
    vat = InputSpec(type="string", enum=["included", "excluded"],
                    synonyms={"included": ["IVA incluido"], "excluded": ["+ IVA"]})
    got = build_task("hasta 20.000 € + IVA", {"budget": InputSpec(type="money"), "vat": vat},
                     today=dt.date(2026, 12, 2)).values
    assert got["vat"] == "excluded" and got["budget"].tax == "excluded"


# an enum word that only names the tax: a gestoría's filings ("que lleve el IVA"), a
# supplier's invoices ("factura con IVA desglosado"); said as the budget's basis it is the
# budget's, never that value asked (the accountants kind read "máximo 150 €/mes + IVA" as
# a VAT filing asked)
FILINGS = {"budget": InputSpec(type="money"), "city": InputSpec(type="place"),
           "filings": InputSpec(type="list", items="string",
                                enum=["income_tax", "vat", "payroll"],
                                synonyms={"income_tax": ["renta", "self assessment"],
                                          "vat": ["IVA", "VAT", "IGIC", "VAT returns"],
                                          "payroll": ["nóminas", "payroll"]})}


@pytest.mark.parametrize("query,basis,filings", [
    ("asesoría para una SL en Sevilla, nóminas, máximo 150 €/mes + IVA", "excluded",
     ["payroll"]),
    ("gestoría en Bilbao que lleve la renta, hasta 45 € al mes IVA incluido", "included",
     ["income_tax"]),
    ("gestoría en Las Palmas, menos de 70 € al mes sin IGIC", "excluded", None),
    ("accountant in Leeds for self assessment, under £60 a month plus VAT", "excluded",
     ["income_tax"]),
    ("bookkeeper in York, payroll only, £90 per month inc. VAT max", "included",
     ["payroll"]),
    # the tax named as the thing asked, apart from the amount, is still read
    ("gestoría en Murcia que lleve el IVA, máximo 60 € al mes + IVA", "excluded", ["vat"]),
    ("accountant in Bristol for VAT returns, under £100 a month plus VAT", "excluded",
     ["vat"]),
])
def test_a_tax_named_by_an_enum_is_still_the_budgets_basis(query, basis, filings) -> None:
    got = build_task(query, FILINGS, today=dt.date(2026, 12, 2)).values
    assert (got["budget"].tax, got["filings"]) == (basis, filings)


def test_an_amount_is_put_on_the_other_basis_at_a_rate() -> None:
    before = Money(amount=4600, currency="EUR", tax="excluded")
    with_tax = on_basis(before, "included", 21)
    assert (with_tax.amount, with_tax.tax) == (5566, "included")
    assert stated_rate(before, with_tax) == 21
    back = on_basis(with_tax, "excluded", 21)
    assert (back.amount, back.tax) == (4600, "excluded")
    span = Money(amount=120, min=100, currency="EUR", tax="included")
    assert on_basis(span, "excluded", 20).min == round(100 / 1.2, 2)
    unsaid = Money(amount=4600, currency="EUR")
    assert on_basis(unsaid, "included", 21) is unsaid  # no basis said: left as it is
