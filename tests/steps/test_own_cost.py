"""A record whose cost the kind works out with no price read (a share of an amount the
request states: an estate agent's "1,5% del precio de venta" on the flat's 250.000 €, a
solicitor's "20% of the sum recovered") is ranked, checked against the budget and named by
the synthesis at that cost (scout/steps/rank.py ``_cost``, scout/steps/synthesize.py
``_brief``): never flagged "price unknown" nor said to have no price. An order that puts a
number it writes out in place of a missing price (``else 9999``) still costs nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline

_PIPELINE = """\
apiVersion: scout/v1
kind: Pipeline
name: agents
inputs:
  place: {type: place}
  budget: {type: money, aliases: [comisión, fees]}
  sale_price: {type: money, aliases: [piso de, house worth, worth, valor]}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with:
      query: "estate agents {{ task.place or '' }}"
      extract: {record: candidate}
  R1:
    uses: rank
    needs: [task, candidates]
    produces: [shortlist]
    with:
      items: candidates
      as: c
      values:
        share: "c | stated('%', of=['del precio', 'of the sale price', 'comisión', 'commission'])"
        cost: "(share * task.sale_price.amount / 100) if (share is not none and task.sale_price) else (c.price.amount if c.price else FALLBACK)"
      where: ["task.budget is none or cost is none or cost <= task.budget.amount"]
      reasons: ["{{ _('over budget') }}"]
      order_by: [cost]
      descending: false
      cost_per: total
  P3:
    uses: synthesize
    needs: [task, shortlist]
    chain: synthesis
    with: {question: "Which agent?"}
    produces: [synthesis]
"""
_CONFIG = """\
apiVersion: scout/v1
kind: Config
adapters:
  ddg: {type: duckduckgo, mode: lite, base_url: "https://lite.duckduckgo.com"}
  extractive: {type: extractive, max_sentences: 8}
chains:
  web: [ddg]
  synthesis: [extractive]
currency: {as_of: "2026-11-01", base: EUR, rates: {EUR: 1.0, GBP: 0.85}}
"""


def _run(tmp_path: Path, query: str, listings: list[Result], fallback: str = "none") -> dict:
    project = tmp_path / "project"
    (project / "pipelines").mkdir(parents=True)
    (project / "config").mkdir()
    (project / "pipelines" / "agents.yaml").write_text(_PIPELINE.replace("FALLBACK", fallback))
    (project / "config" / "adapters.yaml").write_text(_CONFIG)
    with FakeProviders() as fake:
        fake.search(".", listings)
        run = run_pipeline(project / "pipelines" / "agents.yaml", fake=fake,
                           workdir=tmp_path / "run", query=query)
    assert run.exit_code == 0, run.result.reason
    synthesis = run.artifact("synthesis")
    return {"shortlist": run.artifact("shortlist"), "synthesis": synthesis,
            "said": json.dumps(synthesis, ensure_ascii=False)}


MALAGA = [
    Result("Inmobiliaria Sol", "https://sol.test/", "Inmobiliaria Sol: comisión del 1,5% del "
           "precio de venta, fotos profesionales incluidas."),
    Result("Casa Fácil", "https://casafacil.test/", "Casa Fácil: tarifa plana 4.200 € por "
           "vender tu piso."),
    Result("Costa Homes", "https://costa.test/", "Costa Homes: 3% del precio de venta."),
]
LEEDS = [
    Result("Aire Valley Homes", "https://aire.test/", "Aire Valley Homes: 1% of the sale "
           "price, no sale no fee."),
    Result("Kirkgate Estates", "https://kirkgate.test/", "Kirkgate Estates: fixed fee "
           "£3,600 to sell your house."),
    Result("Headrow Property", "https://headrow.test/", "Headrow Property: commission of "
           "2.5% of the sale price."),
]


@pytest.mark.parametrize("query, listings, first, costs, out, said", [
    ("agencia para vender un piso de 250.000 € en Málaga, comisión máxima 5.000 €", MALAGA,
     "Inmobiliaria Sol", {"Inmobiliaria Sol": 3750.0, "Casa Fácil": 4200.0}, "Costa Homes",
     "Inmobiliaria Sol es la opción más barata"),
    ("estate agent in Leeds to sell a house worth £300,000, fees under £4,000", LEEDS,
     "Aire Valley Homes", {"Aire Valley Homes": 3000.0, "Kirkgate Estates": 3600.0},
     "Headrow Property", "Aire Valley Homes is the cheapest option"),
])
def test_a_share_of_the_amount_asked_is_the_cost_checked(tmp_path, query, listings, first,
                                                         costs, out, said):
    got = _run(tmp_path, query, listings)
    items = got["shortlist"]["items"]
    assert {i["candidate"]["name"]: i.get("cost") for i in items} == costs
    assert items[0]["candidate"]["name"] == first
    assert items[0]["candidate"].get("price") is None             # no price read: its share
    assert not any("unknown" in f for f in items[0]["candidate"]["flags"])
    assert [c["name"] for c, _ in got["shortlist"]["excluded"]] == [out]
    assert said in got["said"]
    assert f"No price was found for {first}" not in got["said"]
    assert f"No se encontró el precio de {first}" not in got["said"]


def test_a_number_written_for_a_missing_price_is_no_cost(tmp_path):
    """``... else 9999``: an order's stand-in for a record with no price and no share it
    states is no cost, and the record is still flagged "price unknown"."""
    listings = [Result("Kirkgate Estates", "https://kirkgate.test/", "Kirkgate Estates: "
                       "fixed fee £3,600 to sell your house."),
                Result("Briggate Lets", "https://briggate.test/", "Briggate Lets: call us "
                       "for a valuation.")]
    got = _run(tmp_path, "estate agent in Leeds to sell my house", listings,
               fallback="9999")
    items = {i["candidate"]["name"]: i for i in got["shortlist"]["items"]}
    assert set(items) == {"Kirkgate Estates", "Briggate Lets"}, got["shortlist"]["excluded"]
    assert items["Kirkgate Estates"].get("cost") == 3600.0
    assert items["Briggate Lets"].get("cost") is None
    assert any(f.startswith("price unknown") for f in items["Briggate Lets"]["candidate"]["flags"])
