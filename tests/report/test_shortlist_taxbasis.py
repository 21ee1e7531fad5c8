"""The shared shortlist section writes a price on its tax basis and compares it with the
budget only on the same one: "4.600 € + IVA" is not "≤ 5.000 € IVA incluido" (nor ">")
when no rate put it on that basis; put on it at a rate, it is shown as stated and as
compared, with the rate."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, RankedItem, Shortlist
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.taxbasis import on_basis

ROOT = Path(__file__).resolve().parents[2]
SECTION = ('{% import "_report.md.j2" as r with context %}'
           '{{ r.shortlist_section(shortlist, task, _("instrument"), "none") }}')


def _render(query: str, price: Money, converted: Money | None, lang: str = "es") -> str:
    task = build_task(query, {"budget": InputSpec(type="money")}, today=dt.date(2026, 12, 6))
    shortlist = Shortlist(items=[RankedItem(rank=1, candidate=Candidate(
        key="h", name="Hettich", url="https://lab.test/h", domain="lab.test", price=price,
        price_converted=converted))])
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(SECTION).render(task=task, shortlist=shortlist,
                                         citations=Citations())


HETTICH = Money(amount=4600, currency="EUR", comparator="=", tax="excluded")


def test_a_price_on_another_basis_is_not_compared_with_the_budget() -> None:
    text = _render("centrífuga, menos de 5.000 € IVA incluido", HETTICH, None)
    assert "| 1 | Hettich | 4.600 € sin impuestos [1] |" in text, text
    assert "≤" not in text and ">" not in text.replace("->", "")


def test_a_price_put_on_the_budgets_basis_shows_both_and_the_rate() -> None:
    text = _render("centrífuga, menos de 6.000 € IVA incluido", HETTICH,
                   on_basis(HETTICH, "included", 21))
    assert "4.600 € sin impuestos (5.566 € impuestos incluidos, 21 %) [1] ≤ 6.000 € " \
           "impuestos incluidos" in text, text
    text = _render("centrifuge under 6,000 EUR VAT included", HETTICH,
                   on_basis(HETTICH, "included", 21), "en")
    assert "4,600 EUR excl. tax (5,566 EUR incl. tax, 21 %) [1] ≤ 6,000 EUR incl. tax" in text
