"""Offline test of the research kind "__KIND__" (written by `scout init __KIND__`).

scout.testing starts a fake provider server on 127.0.0.1 that answers with the results
seeded here, and runs the pipeline with scout's real runner: no network, no keys.
Run it with: pytest tests/test___FILE__.py
"""

import re
from pathlib import Path

from scout.testing import FakeProviders, Result, run_pipeline

PROJECT = Path(__file__).resolve().parent.parent
PIPELINE = PROJECT / "pipelines" / "__FILE__.yaml"


def test___FILE___runs_offline(tmp_path):
    with FakeProviders() as fake:
        # later seeds win: the broad one first, then the reviews fan-out
        fake.search(r".", [
            Result("Example One", "https://one.example.test/", "Example One, rated 9.1/10, from 120 EUR."),
            Result("Example Two", "https://two.example.test/", "Example Two, rated 6.0/10, from 90 EUR."),
            Result("Example Three", "https://three.example.test/", "Example Three, rated 8.4/10, from 450 EUR."),
        ])
        for name, said in [("One", "9.3 out of 10"), ("Two", "6.1 out of 10"),
                           ("Three", "8.2 out of 10")]:
            fake.search(rf"Example {name} .*reviews", [
                Result(f"Example {name} reviews", f"https://reviews.example.test/{name.lower()}",
                       f"Example {name}: visitors rate it {said}."),
            ])
        run = run_pipeline(PIPELINE, fake=fake, workdir=tmp_path,
                           query="__WORDS____PLACE____QUERY_CRITERIA__")
    assert run.exit_code == 0, run.result.reason
    shortlist = [i["candidate"]["name"] for i in run.artifact("shortlist")["items"]]
    assert "Example One" in shortlist
    # __TEST_CHECKS__
    # each shortlisted candidate is linked by its citation: [n](url)
    assert re.search(r"\[\d+\]\(https://one\.example\.test/\)", run.report), run.report
