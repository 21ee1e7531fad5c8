"""A record rank leaves out by the amount a kind works out (its cost ``order_by``: a
delivery or a call-out fee added to the price) is held to that amount in the synthesis
too (scout/steps/rank.py ``excluded_costs``, scout/adapters/conflicts.py ``near_miss``):
a near miss says the cost the reason said, and one whose price fits while its cost does
not is still a near miss, never a candidate the synthesis silently passes over."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline

_PIPELINE = """\
apiVersion: scout/v1
kind: Pipeline
name: cakes
inputs:
  place: {type: place}
  budget: {type: money}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with:
      query: "cakes {{ task.place or '' }}"
      extract: {record: candidate}
  R1:
    uses: rank
    needs: [task, candidates]
    produces: [shortlist]
    with:
      items: candidates
      as: c
      values:
        delivery: "c | stated('€', '£', of=['delivery', 'envío', 'entrega']) or 0"
        total: "(c.price.amount + delivery) if c.price else none"
      where: ["task.budget is none or total is none or total <= task.budget.amount"]
      order_by: [total]
      descending: false
      cost_per: total
  P3:
    uses: synthesize
    needs: [task, shortlist]
    chain: synthesis
    with: {question: "Which cakes?"}
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
"""


def _run(tmp_path: Path, query: str, listings: list[Result]) -> dict:
    project = tmp_path / "project"
    (project / "pipelines").mkdir(parents=True)
    (project / "config").mkdir()
    (project / "pipelines" / "cakes.yaml").write_text(_PIPELINE)
    (project / "config" / "adapters.yaml").write_text(_CONFIG)
    with FakeProviders() as fake:
        fake.search(".", listings)
        run = run_pipeline(project / "pipelines" / "cakes.yaml", fake=fake,
                           workdir=tmp_path / "run", query=query)
    assert run.exit_code == 0, run.result.reason
    return {"shortlist": run.artifact("shortlist"), "synthesis": run.artifact("synthesis")}


@pytest.mark.parametrize("query, listings, name, words", [
    # the price fits (45 ≤ 50), the cost does not (45 + 8 = 53, just over): a near miss,
    # said at the cost the ranking compared
    ("birthday cake in Leeds under £50",
     [Result("Bake Street", "https://bake.test/", "Birthday cakes £38, delivery £5."),
      Result("Crumbs & Co", "https://crumbs.test/", "Celebration cake £45, delivery £8.")],
     "Crumbs & Co", ("53", "as the ranking compares it")),
    ("tarta de cumpleaños en Sevilla, menos de 50 €",
     [Result("Horno Triana", "https://triana.test/", "Tartas de cumpleaños 38 €, envío 5 €."),
      Result("Dulces Nervión", "https://nervion.test/", "Tarta de celebración 46 €, envío 7 €.")],
     "Dulces Nervión", ("53", "tal como lo compara la clasificación")),
])
def test_a_near_miss_is_said_at_the_cost_that_left_it_out(
        tmp_path: Path, query: str, listings: list[Result], name: str,
        words: tuple[str, ...]) -> None:
    out = _run(tmp_path, query, listings)
    cost = out["shortlist"]["excluded_costs"]
    assert list(cost) and all(v > 50 for v in cost.values())
    near = out["synthesis"]["near_misses"]
    assert [m["name"] for m in near] == [name]
    assert all(w in near[0]["sentence"]["text"] for w in words), near[0]


def test_far_over_by_its_cost_is_no_near_miss(tmp_path: Path) -> None:
    # 40 + 25 = 65 against 50: the price alone (40) would have passed, so no near miss
    # may say "40 against 50"; at its cost it is no near miss at all
    out = _run(tmp_path, "cake in York under £50",
               [Result("Slice", "https://slice.test/", "Cakes £30, delivery £4."),
                Result("Far Away Bakes", "https://far.test/", "Cakes £40, delivery £25.")])
    assert out["synthesis"]["near_misses"] == []
    assert list(out["shortlist"]["excluded_costs"].values()) == [65.0]
