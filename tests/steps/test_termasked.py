"""An introductory price that renews dearer, said as hosts and registrars say it ("for the
first year", "renews at", "se renueva a", "renovación"), is a promotion (scout/steps/
promoprice.py); and rank's ``term_cost: {term: <duration input>}`` averages a plan over
the term the request buys for, the renewal counted where the term outlasts the offer
(scout/steps/termcost.py, ``term_asked`` in scout/steps/rank_asked.py). Any kind:
hosting, broadband, a gym, software seats."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scout.schemas.records import Candidate, Evidence
from scout.steps.extract import find_price
from scout.steps.promoprice import promotion
from scout.steps.rank_asked import term_asked
from scout.steps.termcost import for_term

FEES = ["setup", "set-up", "alta", "instalación", "activation", "matrícula"]


def _plan(text: str) -> Candidate:
    price = find_price(text)
    return Candidate(key="p", name="Plan", price=price,
                     evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                        price=price)])


@pytest.mark.parametrize("text, intro, after", [
    ("StartUp plan €2.99/mo for the first year, then €17.99/mo.", 2.99, 17.99),
    ("Plan Personal 1,99 €/mes el primer año, después 6,99 €/mes.", 1.99, 6.99),
    ("Premium: $2.95/mo for 36 months, renews at $10.99/mo.", 2.95, 10.99),
    ("Cloud Startup $3.49/mo for 24 months. Renews at $12.99/mo.", 3.49, 12.99),
    ("Plan Básico 3,99 €/mes durante 12 meses, se renueva a 9,99 €/mes", 3.99, 9.99),
    ("Hosting Pro: 4,50 €/mes los primeros 12 meses; renovación 11 €/mes", 4.5, 11.0),
    ("Gym Flex £15 a month for the first month, renewal price £30 a month", 15.0, 30.0),
])
def test_a_renewal_after_an_introductory_price_is_a_promotion(text, intro, after):
    words = promotion(text)
    assert words is not None and str(after).rstrip("0").rstrip(".") in words.replace(",", ".")
    price = find_price(text)
    assert price is not None and price.amount == after  # without term_cost: the renewal


@pytest.mark.parametrize("text", [
    "Hotel 80 € por noche y 20 € el desayuno.",
    "Contrato de 12 meses. 30 €/mes y 5 € la línea adicional.",
    "Renewal is automatic. Plan $5/mo.",
    "Dominio .es 9,99 €/año. Renovación automática.",
])
def test_no_renewal_is_read_where_none_is_priced(text):
    assert promotion(text) is None


@pytest.mark.parametrize("text, asked, average, intro_months", [
    # three years asked: one at the offer, two at the renewal
    ("StartUp plan €2.99/mo for the first year, then €17.99/mo.", 36, 12.99, 12),
    # the offer outlasts the term asked: the offer alone
    ("Premium: $2.95/mo for 48 months, renews at $10.99/mo.", 36, 2.95, 36),
    # four years asked, an offer of three: a year at the renewal, a set-up fee spread
    ("Premium: $2.95/mo for 36 months, renews at $10.99/mo. Setup fee $12.", 48, 5.21, 36),
    # a broadband contract of 12 months, 2 years asked: the contract stated gives way
    ("Fibra 25 €/mes los 6 primeros meses, después 35 €/mes. Permanencia 12 meses.",
     24, 32.5, 6),
])
def test_a_plan_is_averaged_over_the_term_asked(text, asked, average, intro_months):
    c = _plan(text)
    for_term(c, FEES, 12, asked)
    assert c.term is not None and c.term.asked and c.term.months == asked
    assert c.term.intro_months == intro_months
    assert c.price is not None and c.price.amount == average
    assert c.flags == [f"compared at its average a month over the {asked} months asked, the "
                       "offer's months, the price after it and the fees charged once included"]


def test_without_a_term_asked_the_contract_or_first_year_stands():
    c = _plan("StartUp plan €2.99/mo for the first year, then €17.99/mo.")
    for_term(c, FEES, 12, None)
    assert c.term is not None and not c.term.asked and c.term.months == 12
    assert c.price is not None and c.price.amount == 2.99


YEAR = 365.25 * 86400


@pytest.mark.parametrize("value, months", [
    (3 * YEAR, 36), (2 * YEAR, 24), (18 * YEAR / 12, 18), (YEAR, 12),
    (None, None), (0, None), (3600, None), (True, None), (float("inf"), None),
])
def test_the_term_asked_is_read_in_months(value, months):
    ctx = SimpleNamespace(task=SimpleNamespace(values={"term": value}))
    assert term_asked(ctx, "term") == months  # type: ignore[arg-type]
    assert term_asked(ctx, None) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "hint"), [
    ("trem", "did you mean 'term'?"),                    # a misspelling: the input meant
    ("label", "name the input that says how long is bought"),   # a string input
])
def test_the_term_asked_names_a_duration(tmp_path, name: str, hint: str) -> None:
    """SPEC080: the term a request buys for is a length; a name that is none would average
    every plan over its first year whatever the request asks, silently."""
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    head = HEAD.replace("phases:\n", "inputs:\n  term: {type: duration}\n"
                        "  label: {type: string}\n  budget: {type: money}\nphases:\n")
    rank_phase = ("  R1: {uses: rank, needs: [task, candidates], produces: [shortlist], "
                  "with: {items: candidates, as: c, where: ['c.price.amount <= "
                  "task.budget.amount'], reasons: ['over'], term_cost: {term: %s}}}\n")
    path = tmp_path / "p.yaml"
    path.write_text(head + rank_phase % "term")
    report = validate_paths([path], config=CONFIG).files[0]
    assert [p.code for p in report.errors] == []
    assert not any("'term' is declared but nothing reads it" in p.message
                   for p in report.problems)
    path.write_text(head + rank_phase % name)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and f"'term_cost: {{term: {name}}}'" in p.message
    assert hint in (p.hint or "")


@pytest.mark.parametrize("text, block", [
    ("Cloud Startup €3.49/mo billed every 48 months", 48),
    ("$2.95/mo when you pay 36 months upfront", 36),
    ("Business $4.99/mo, 24 months paid up front", 24),
    ("Pro plan $9/mo billed annually", 12),
    ("SaaS seat £6 a month, billed every 2 years", 24),
    ("Hosting WordPress desde 7,95 €/mes + IVA, pago anual", 12),
    ("VPS 12 €/mes facturado cada 24 meses", 24),
    ("3,99 €/mes pagando 36 meses por adelantado", 36),
    ("Plan Negocio: facturación anual, 6 €/mes", 12),
])
def test_a_block_billed_at_once_is_read(text, block):
    from scout.steps.billing import billed_months

    assert billed_months(text) == block


@pytest.mark.parametrize("text", [
    "Plan 5 €/mes, pago mensual", "billed monthly, cancel anytime", "Pago mensual o anual",
    "a 12-month contract", "Gym £30 a month, 12 months minimum term",
])
def test_no_block_is_read_where_none_is_billed(text):
    from scout.steps.billing import billed_months

    assert billed_months(text) is None


@pytest.mark.parametrize("text, asked, average, paid, upfront", [
    # a year asked of a plan billed every 48 months: all 48 are paid
    ("Cloud Startup €3.49/mo billed every 48 months.", 12, 13.96, 48, 167.52),
    # three years: still one block
    ("Cloud Startup €3.49/mo billed every 48 months.", 36, 4.65, 48, 167.52),
    # 18 months of a yearly-billed plan with a sign-up fee: two years paid
    ("Hosting 7,95 €/mes, pago anual. Alta 10 €.", 18, 11.16, 24, 105.4),
    # an offer for the first block, renewed at the dearer price for the second
    ("Premium €2.99/mo for 48 months, renews at €7.99/mo. Billed every 48 months.", 60,
     8.78, 96, 143.52),
])
def test_a_block_is_paid_in_full_over_the_term(text, asked, average, paid, upfront):
    c = _plan(text)
    for_term(c, FEES, 12, asked)
    assert c.term is not None and c.price is not None
    assert (c.price.amount, c.term.paid_months, c.term.months) == (average, paid, asked)
    assert c.term.upfront is not None and c.term.upfront.amount == upfront
    assert c.flags[-1].startswith(f"billed {c.term.billed} months at a time, paid in full: "
                                  f"{paid} months paid for the {asked} compared")


def test_a_plan_averaged_over_a_term_lasts_that_term_for_a_total_budget():
    """A total budget ("máximo 80 € en total") is compared with a plan's average a month
    times the months term_cost averaged it over, never times another length its page
    states ("durante 24 meses" for a 12-month average)."""
    from scout.steps.rank_periods import stated_length

    c = _plan("Hosting Pro: 3,49 €/mes durante 24 meses, se renueva a 11,99 €/mes. Alta 10 €.")
    for_term(c, FEES, 12, None)
    assert c.term is not None and c.term.months == 12
    assert stated_length(c, "month") == pytest.approx(365.25)
    plain = _plan("Hosting Básico 1,95 €/mes, contrato de 24 meses")
    assert stated_length(plain, "month") == pytest.approx(24 * 365.25 / 12)


def test_a_term_average_is_shown_as_one_not_as_the_sources_figure():
    """The report's price line says an average over the term is one ("6,99 €/mes de media
    en el plazo"), never that the source states it."""
    from scout.i18n import translations

    assert translations("es").gettext("%(price)s (%(average)s on average over the term)") \
        == "%(price)s (%(average)s de media en el plazo)"


@pytest.mark.parametrize("text", [
    "Starter hosting €1.99/mo for the first 3 months, then €6.99/mo.",
    "Plan Inicio 2,49 €/mes el primer año, después 7,99 €/mes. Alta 5 €.",
])
def test_one_month_asked_is_said_in_the_singular(text):
    """"over the 1 months asked" / "en los 1 meses pedidos" read wrong: one month is the
    month asked, in both languages."""
    from scout.i18n.messages import localize

    c = _plan(text)
    for_term(c, FEES, 12, 1)
    assert c.term is not None and c.term.asked and c.term.months == 1
    assert c.flags[0].startswith("compared at its average a month over the month asked,")
    said = localize(c.flags[0], "es")
    assert "en el mes pedido" in said and "1 meses" not in said, said
