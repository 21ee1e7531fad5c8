"""Offline testing for authors of research kinds (public API).

    from scout.testing import FakeProviders, Result, run_pipeline

    def test_my_kind(tmp_path):
        with FakeProviders() as fake:
            fake.search("coworking", [Result("Second Home", "https://secondhome.test/",
                                             "Rated 4.8/5, day pass 25 EUR")])
            run = run_pipeline("pipelines/coworking.yaml", fake=fake, workdir=tmp_path,
                               query="coworking spaces in Lisbon under 300 EUR")
        assert run.exit_code == 0
        assert "Second Home" in run.report

``FakeProviders`` is a real HTTP server on 127.0.0.1 answering in the shapes of real
providers (search, pages, synthesis, YouTube videos and transcripts: ``fake.videos``,
``fake.transcript`` with ``VideoResult``); ``run_pipeline`` applies a pipeline or Mission
against it with scout's real runner. See docs/authoring.md, "Test offline".
"""

from scout.testing.project import OfflineRun, offline_config, run_pipeline
from scout.testing.answers import Result
from scout.testing.fake_http import FAKE_KEY
from scout.testing.server import Call, FakeProviders
from scout.testing.youtube import VideoResult

__all__ = ["FAKE_KEY", "Call", "FakeProviders", "OfflineRun", "Result", "VideoResult",
           "offline_config", "run_pipeline"]
