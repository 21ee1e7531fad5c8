"""Numbers, money, months and ranges as each language writes them (Babel, CLDR)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.i18n.numbers import format_rating
from scout.i18n.values import format_money, format_value
from scout.report.render import make_report_env
from scout.schemas.task import DateRange, Money, Month
from scout.spec.templating import analyse, known_filters


@pytest.mark.parametrize("lang, money, rating, month", [
    ("en", "180 EUR/night", "8.2/10", "September 2026"),
    ("es", "180 €/noche", "8,2/10", "septiembre de 2026"),
])
def test_values_per_language(lang: str, money: str, rating: str, month: str) -> None:
    assert format_money(Money(amount=180, currency="EUR", per="night"), lang) == money
    assert format_rating(8.25, lang) == rating
    assert format_value(Month(year=2026, month=9), "month", lang) == month


def test_thousands_and_decimals() -> None:
    assert format_money(Money(amount=1200, currency="USD"), "en") == "1,200 USD"
    assert format_money(Money(amount=1200, currency="USD"), "es") == "1.200 US$"
    assert format_money(Money(amount=99.5, currency="EUR"), "es", digits=2) == "99,50 €"
    # by default cents when an amount under 100 has them: a 14,50 € bottle is never "14 €"
    assert format_money(Money(amount=14.5, currency="EUR"), "es") == "14,50 €"
    assert format_money(Money(amount=39.5, currency="USD"), "en") == "39.50 USD"
    assert format_money(Money(amount=21.0, currency="EUR"), "es") == "21 €"
    assert format_money(Money(amount=14.5, currency="EUR"), "es", digits=0) == "14 €"
    assert format_money(Money(amount=1847.92, currency="GBP"), "en") == "1,848 GBP"
    # rounding as English always rounded (Python's), the same digits in every language
    assert format_rating(8.35, "en") == "8.3/10" and format_rating(8.35, "es") == "8,3/10"
    # a 100-point score (a wine critic's) in whole points unless it has a fraction
    assert format_rating(9.3, "en", 100) == "93/100" and format_rating(9.25, "es", 100) == "92,5/100"
    assert format_rating(8.4, "es", 5) == "4,2/5"
    assert format_money(Money(amount=5, currency="QQQ"), "es") == "5 QQQ"  # unknown code


def test_ranges_and_dates() -> None:
    r = DateRange(start=dt.date(2027, 6, 3), end=dt.date(2027, 6, 7))
    assert format_value(r, "month", "es") == "3–7 de junio de 2027"
    assert format_value(r, "month", "en") == "June 3 – 7, 2027"
    assert format_value(dt.date(2026, 9, 15), "date", "es") == "15 de septiembre de 2026"
    assert format_value(None, "money", "es") == "—"


def test_the_month_filter_writes_a_month_input_s_range_as_the_report_does() -> None:
    # a month input holds a range when the request says one ("curso 2027-28"): the
    # `month` filter a template gives it wrote its ISO ends ("2027-09-01 to 2028-06-30")
    # in a Spanish report
    from scout.spec.filters import month

    year = DateRange(start=dt.date(2027, 9, 1), end=dt.date(2028, 6, 30))
    assert month(year, lang="es") == "1 de septiembre de 2027 – 30 de junio de 2028"
    assert month(year, lang="en") == format_value(year, "month", "en")
    assert month({"start": "2027-09-01", "end": "2028-06-30"}, lang="es") == \
        month(year, lang="es")
    assert month(Month(year=2027, month=9), lang="es") == "septiembre de 2027"
    assert month({"start": "not a day", "end": "2028-06-30"}, lang="es") != ""


def test_costs_are_written_as_the_report_language_writes_money(tmp_path: Path) -> None:
    """The cost table and the cost cap: '$0.0050' in English, '0,0050 US$' in Spanish
    (a Spanish report read '$0.0050' and 'gastó $0.02 de su límite de $0.01')."""
    (tmp_path / "c.md.j2").write_text("{{ 0.005 | usd }} | {{ 0.5 | usd }} | {{ 1234.5 | usd }}"
                                      " | {{ 0 | usd }}")

    def render(lang: str) -> str:
        return make_report_env(tmp_path, lang).get_template("c.md.j2").render()

    assert render("en") == "$0.0050 | $0.50 | $1234.50 | $0.00"
    assert render("es") == "0,0050 US$ | 0,50 US$ | 1.234,50 US$ | 0,00 US$"


def test_report_env_speaks_the_request_language(tmp_path: Path) -> None:
    # a msgid with no Spanish entry ("... in X fit") passes through untranslated
    (tmp_path / "t.md.j2").write_text(
        '{{ _("Sources") }} | {% trans n=2 %}{{ n }} hotel(s) in X fit{% endtrans %} | '
        '{{ m | money }} | {{ r | rating }} | {{ mo | month }} | {{ 3120 | number }} | '
        '{{ "price unknown" | l10n }} | {{ lang }}')
    values = {"m": Money(amount=200, currency="EUR"), "r": 8.0, "mo": Month(year=2026, month=9)}
    es = make_report_env(tmp_path, "es").get_template("t.md.j2").render(**values)
    en = make_report_env(tmp_path, "en").get_template("t.md.j2").render(**values)
    assert es == "Fuentes | 2 hotel(s) in X fit | 200 € | 8,0/10 | septiembre de 2026 | 3.120 | " \
                 "precio desconocido | es"
    assert en == "Sources | 2 hotel(s) in X fit | 200 EUR | 8.0/10 | September 2026 | 3,120 | " \
                 "price unknown | en"
    # an unknown language falls back to English, never fails
    assert make_report_env(tmp_path, "fr").get_template("t.md.j2").render(**values) == en


def test_validator_accepts_translated_templates() -> None:
    use = analyse('{% trans n=task.budget %}at most {{ n }}{% endtrans %} {{ _("Sources") }} '
                  '{{ task.month | month }} {{ x | value("money") | l10n }}')
    assert {"month", "value", "l10n"} <= use.filters <= known_filters()
    assert "task" in use.names


RANGES = [  # (start, end, Spanish, English): one style per language, month in full
    ((2026, 12, 5), (2026, 12, 6), "5–6 de diciembre de 2026", "December 5 – 6, 2026"),
    ((2026, 11, 28), (2026, 12, 3), "28 de noviembre – 3 de diciembre de 2026",
     "November 28 – December 3, 2026"),
    ((2026, 12, 30), (2027, 1, 2), "30 de diciembre de 2026 – 2 de enero de 2027",
     "December 30, 2026 – January 2, 2027"),
    ((2026, 9, 15), (2026, 9, 15), "15 de septiembre de 2026", "September 15, 2026"),
]


@pytest.mark.parametrize(("start", "end", "es", "en"), RANGES)
def test_a_date_range_reads_the_same_in_the_report_its_notes_and_the_synthesis(
        start: tuple[int, int, int], end: tuple[int, int, int], es: str, en: str) -> None:
    """The report's tables (format_value), the Task notes (display) and the synthesis's
    price caveat (Formatter.period) wrote one range three ways ('5–6 dic 2026', '5–6 de
    diciembre de 2026', 'del 5 de diciembre de 2026 al 6 de diciembre de 2026')."""
    from scout.adapters.localefmt import Formatter
    from scout.i18n import translations
    from scout.task.display import display

    r = DateRange(start=dt.date(*start), end=dt.date(*end))
    for lang, want in (("es", es), ("en", en)):
        assert format_value(r, "date_range", lang) == want
        assert display(r, lang) == want
        assert Formatter(lang, translations(lang)).period(r.model_dump(mode="json")) == want
    # a language scout does not write falls back to English, like every other value
    assert format_value(r, "date_range", "fr") == en


def test_a_price_stated_as_nothing_reads_free_and_a_cap_of_nothing_does_not() -> None:
    from scout.adapters.localefmt import Formatter
    from scout.i18n import translations

    free = Money(amount=0, currency="EUR", comparator="=")
    assert format_money(free, "es") == "gratis" and format_money(free, "en") == "free"
    assert Formatter("es", translations("es")).money(free) == "gratis"
    # a budget of at most 0 is a cap, not a price; a range from 0 is not free
    assert format_money(Money(amount=0, currency="EUR"), "es") == "0 €"
    assert format_money(Money(amount=10, min=0, currency="EUR", comparator="<="),
                        "en") == "0-10 EUR"


@pytest.mark.parametrize("amount", [1017.59, 14.5, 21.0, 149.0, 0.99])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_amount_reads_the_same_in_the_tables_and_the_synthesis(lang: str,
                                                                   amount: float) -> None:
    """A converted 1,017.59 EUR was '1,018 EUR' in the left-out list and '1,017.59 EUR'
    in the near miss above it: the synthesis writes an amount as the tables do."""
    from scout.adapters.localefmt import Formatter
    from scout.i18n import translations

    money = Money(amount=amount, currency="EUR")
    assert Formatter(lang, translations(lang)).money(money) == format_money(money, lang)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_providers_broken_figures_fill_a_cell_not_a_traceback(lang: str) -> None:
    # a video's duration or moment of NaN or infinity (JSON allows both), and a count of
    # 30 digits or more (Babel's 28-digit decimals raised InvalidOperation)
    from scout.report.tables import fmt

    for name in ("duration", "timestamp"):
        for broken in (float("nan"), float("inf"), -5):
            assert fmt(name, broken, lang) == "—"
    assert fmt("timestamp", 95, lang) == "1:35"
    assert fmt("duration", 912, lang) == "15 min 12 s"
    sep = "," if lang == "en" else "."
    assert fmt("view_count", 10 ** 30, lang) == "1" + (sep + "000") * 10


def test_money_a_template_computes_is_written_as_money(tmp_path: Path) -> None:
    """A price per m² a template works out from a listing's price and its area, written
    as a mapping, is money in the reader's language; it read "{'amount': 3117.6...,
    'currency': 'EUR'}" in the report."""
    (tmp_path / "m.md.j2").write_text(
        '{{ {"amount": p.amount / m2, "currency": p.currency} | money }} | '
        '{{ {"amount": 12.5, "currency": "GBP", "per": "month"} | money }}')
    values = {"p": Money(amount=265000, currency="EUR"), "m2": 85}
    assert make_report_env(tmp_path, "es").get_template("m.md.j2").render(**values) == \
        "3.118 € | 12,50 GBP/mes"
    assert make_report_env(tmp_path, "en").get_template("m.md.j2").render(**values) == \
        "3,118 EUR | 12.50 GBP/month"
    # a mapping that is no money is written as it is, never a traceback
    (tmp_path / "n.md.j2").write_text('{{ {"amount": "lots", "currency": "EUR"} | money }}')
    assert "lots" in make_report_env(tmp_path, "en").get_template("n.md.j2").render()


def test_money_a_template_computes_in_a_namespace_is_written_as_money(tmp_path: Path) -> None:
    """A total a template works out in a Jinja namespace (a price per GPU-hour times the
    hours asked) is money too; it read "<Namespace {'amount': 5376.0, ...}>" in the report."""
    (tmp_path / "t.md.j2").write_text(
        '{{ namespace(amount=p.amount * 8 * 336, currency=p.currency) | money }} | '
        '{{ namespace(amount=p.amount, currency=p.currency, per="hour") | money }}')
    values = {"p": Money(amount=2, currency="USD")}
    assert make_report_env(tmp_path, "es").get_template("t.md.j2").render(**values) == \
        "5.376 US$ | 2 US$/hora"
    assert make_report_env(tmp_path, "en").get_template("t.md.j2").render(**values) == \
        "5,376 USD | 2 USD/hour"


def test_money_writes_a_bare_number_in_the_currency_given(tmp_path: Path) -> None:
    """``total | money`` of a number a template works out printed "600.0": a number has
    no currency. Given one (an ISO code, or the record's), it is money in the request's
    language; without one it is written as before."""
    (tmp_path / "b.md.j2").write_text(
        "{{ total | money('EUR') }} | {{ 14.5 | money('gbp') }} | "
        "{{ (total * 2) | money(0, p.currency) }} | {{ total | money(currency=p.currency) }} | "
        "{{ total | money }}")
    values = {"total": 1600.0, "p": Money(amount=2, currency="USD")}
    assert make_report_env(tmp_path, "es").get_template("b.md.j2").render(**values) == \
        "1.600 € | 14,50 GBP | 3.200 US$ | 1.600 US$ | 1600.0"
    assert make_report_env(tmp_path, "en").get_template("b.md.j2").render(**values) == \
        "1,600 EUR | 14.50 GBP | 3,200 USD | 1,600 USD | 1600.0"
