"""The second research kind, written in YAML only, runs end to end the same way."""

from __future__ import annotations

import re

import pytest

from tests.e2e.harness import run_cli
from tests.e2e.world import RAMEN_QUERY, ROOT, World, add_restaurants


def test_restaurant_kind_end_to_end(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    add_restaurants(world)
    monkeypatch.delenv("PERPLEXITY_API_KEY")  # the extractive fallback synthesises
    code = run_cli(["apply", str(ROOT / "pipelines/restaurant_research.yaml"), "--query",
                    RAMEN_QUERY, "--mission-id", "ramen-lyon", "--progress", "none"])
    assert code == 0
    md = (world.run_dir("ramen-lyon") / "report.md").read_text()
    assert md.startswith("# Ramen in Lyon")
    assert "| dish | ramen | query |" in md and "| budget | 25 EUR | query |" in md
    rows = re.findall(r"^\| (\d) \| ([^|]+?) \| ([^|]+?) \|", md, re.M)
    # ordered by rating: Ramen Kazu 4.6/5 = 9.2/10, Hakata 8.8/10
    assert [(n, name) for n, name, _ in rows] == [("1", "Ramen Kazu"), ("2", "Hakata Lyon")]
    # each price cites the source it was read from
    assert re.search(r"17 EUR/person \[\d+\] ≤ 25 EUR", md)
    assert re.search(r"14 EUR/person \[\d+\] ≤ 25 EUR", md)
    assert re.search(r"- \*\*Takao Omakase\*\* \(85 EUR/person \[\d+\], 9\.4/10 \[\d+\]\): "
                     r"over budget", md)
    assert "Tripadvisor" not in md.split("## Sources")[0]
    assert "*(review, tavily, phase F2)*" in md
    assert "*Answered by **extractive**" in md
    assert 'F4["F4: search x candidates [succeeded]"]' in md
    assert (world.run_dir("ramen-lyon") / "report.html").is_file()
