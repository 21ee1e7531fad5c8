"""The mission page's request table, in a real headless Chromium: a plain number input
shows its unit ("600 Mbps") as the report's "What you asked" does, in the request's
language; skipped with the reason when chromium is absent."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from scout.testing import FakeProviders, Result, run_pipeline
from tests.ops.browser import chromium, chromium_paths
from tests.ops.test_browser import ROOT, ScoutServe

pytestmark = pytest.mark.timeout(240)
BROADBAND = ROOT / "examples" / "broadband" / "pipelines" / "broadband.yaml"


@pytest.mark.parametrize("query, lang, label, shown", [
    ("fibra de 600 megas en Valencia por menos de 30 € al mes", "es", "velocidad", "600 Mbps"),
    ("fibre broadband in Leeds with at least 300 Mbps under 40 GBP a month", "en", "speed",
     "300 Mbps"),
])
def test_the_mission_page_shows_a_numbers_unit(query: str, lang: str, label: str, shown: str,
                                               tmp_path: Path) -> None:
    chromium_paths()  # skip before running anything
    with FakeProviders() as fake:
        fake.search(r".", [Result("Fibra Turia 600Mb", "https://turia.example/fibra",
                                  "Fibra 600Mb: 25 €/mes. Sin permanencia.")])
        run = run_pipeline(BROADBAND, fake=fake, workdir=tmp_path / "w", query=query)
    assert run.exit_code == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RUNS_DIR": str(run.run_dir.parent)}
    with ScoutServe(run.root, env) as srv, chromium(tmp_path / "profile") as driver:
        driver.get(f"{srv.url}/missions/{run.run_dir.name}")
        from selenium.webdriver.common.by import By

        cells: list[Any] = driver.find_elements(By.CSS_SELECTOR, "#request tr")
        rows = [[c.text for c in r.find_elements(By.CSS_SELECTOR, "th, td")] for r in cells]
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert any(len(r) >= 2 and label in r[0].lower() and r[1] == shown for r in rows), rows
