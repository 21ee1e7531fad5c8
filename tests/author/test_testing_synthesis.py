"""scout.testing's fake synthesis cites what it says, whichever network synthesis adapter
the kind configures, and a kind's keyless synthesizer (extractive) runs as configured:
a kind's offline report shows cited sentences as a real run does.

Search snippets are often several sentences ("Leaf, rated 9/10. 12 EUR."); the default
answer (none seeded) must cite each of them to its result, since the answer is read back
sentence by sentence and a sentence with no marker is reported "not supported by the
evidence". The offline config points every network synthesizer at the fake whatever the
kind's real config names (a chain of perplexity or openai adapters, or the phase's own
`adapters:`), so each of those routes is run here; an `extractive` adapter runs with the
kind's own settings, in its place in the chain (after the fake, it answers when the fake
fails), and an all-extractive kind never asks the fake."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scout.testing import FakeProviders, Result, run_pipeline
from tests.author.helpers import run

LISTINGS = [
    Result("Leaf", "https://leaf.test/", "Leaf is a quiet tea room. Rated 9/10. 12 EUR."),
    Result("Steep", "https://steep.test/", "Steep serves oolong! Open late.\nSmall terrace."),
    Result("Kettle", "https://kettle.test/", ""),  # no snippet: its title
]
ADAPTERS = {
    "perplexity": {"type": "perplexity", "credentials": {"env": "PERPLEXITY_API_KEY"}},
    "openai": {"type": "openai", "base_url": "https://api.openai.com/v1",
               "credentials": {"env": "OPENAI_API_KEY"}, "model": "gpt-4o-mini"},
    "extractive": {"type": "extractive", "max_sentences": 8},
}


def _kind(tmp_path: Path, synth: str, inline: bool, chain: list[str] | None = None) -> Path:
    """A kind from `scout init` whose real config synthesizes with ``synth`` (through its
    `synthesis` chain, or the phase's own `adapters:`); ``chain``: more of the config's
    adapters after it."""
    proj = tmp_path / "proj"
    assert run("init", "tea-rooms", "--dir", str(proj))[0] == 0
    cfg_file = proj / "config" / "adapters.yaml"
    cfg = yaml.safe_load(cfg_file.read_text(encoding="utf-8"))
    cfg["adapters"]["writer"] = ADAPTERS[synth]
    for name in chain or []:
        cfg["adapters"][name] = ADAPTERS[name]
    cfg["chains"]["synthesis"] = ["writer", *(chain or [])]
    cfg_file.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    pipeline = proj / "pipelines" / "tea_rooms.yaml"
    if inline:
        doc = yaml.safe_load(pipeline.read_text(encoding="utf-8"))
        synth_phase = next(p for p in doc["phases"].values() if p["uses"] == "synthesize")
        del synth_phase["chain"]
        synth_phase["adapters"] = ["writer", *(chain or [])]
        pipeline.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True),
                            encoding="utf-8")
    return pipeline


NETWORK = ["openai", "perplexity"]


@pytest.mark.parametrize("inline", [False, True], ids=["chain", "adapters"])
@pytest.mark.parametrize("synth", NETWORK)
def test_the_default_answer_cites_every_sentence(tmp_path: Path, synth: str,
                                                 inline: bool) -> None:
    # the kind's extractive link after the network one is never reached: the fake answers
    pipeline = _kind(tmp_path, synth, inline, chain=["extractive"])
    with FakeProviders() as fake:
        fake.search(".", LISTINGS)
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="tea rooms in Porto under 20 EUR")
        asked = [c for c in fake.calls if c.kind == "synthesis"]
    assert res.exit_code == 0, res.result.reason
    assert len(asked) == 1
    synthesis = res.artifact("synthesis")
    sentences = synthesis["sentences"]
    assert [s["text"] for s in sentences] == [
        "Leaf is a quiet tea room.", "Rated 9/10.", "12 EUR.",
        "Steep serves oolong!", "Open late.", "Small terrace.", "Kettle."]
    assert all(s["citations"] and not s["uncited"] for s in sentences), sentences
    urls = {c["index"]: c["url"] for c in synthesis["citations"]}
    assert [urls[s["citations"][0]] for s in sentences] == \
        ["https://leaf.test/"] * 3 + ["https://steep.test/"] * 3 + ["https://kettle.test/"]
    assert "not supported by the evidence" not in res.report


def test_a_seeded_answer_is_served_as_written(tmp_path: Path) -> None:
    pipeline = _kind(tmp_path, "openai", False)
    with FakeProviders() as fake:
        fake.search(".", LISTINGS)
        fake.answer("Leaf is the pick [1]. Nobody says why.", ["https://leaf.test/"])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="tea rooms in Porto under 20 EUR")
    assert res.exit_code == 0, res.result.reason
    cited = [(s["text"], s["uncited"]) for s in res.artifact("synthesis")["sentences"]]
    assert cited == [("Leaf is the pick.", False), ("Nobody says why.", True)]
    assert "not supported by the evidence" in res.report


def test_a_spanish_request_answered_in_english_says_so_in_the_report(tmp_path: Path) -> None:
    # models often ignore the instruction to answer in the request's language: asked
    # again firmly, the fake answers English again, so its answer is not used and the
    # Spanish reader is told why, in Spanish, beside the local synthesis (the chain's
    # next link, as every shipped chain has one; a chain with none fails the phase)
    pipeline = _kind(tmp_path, "perplexity", False, ["extractive"])
    with FakeProviders() as fake:
        fake.search(".", LISTINGS)
        fake.answer("Leaf is the best tea room in the city and it is the cheapest one [1]. "
                    "Steep is open late and has a small terrace, but it is not cheap [2].",
                    ["https://leaf.test/", "https://steep.test/"])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="salones de té en Oporto por menos de 20 euros")
    assert res.exit_code == 0, res.result.reason
    assert ("el modelo respondió dos veces en inglés, aunque la petición está en español: su "
            "respuesta no se usa" in res.report)
    assert "Leaf is the best tea room" not in res.report


@pytest.mark.parametrize("inline", [False, True], ids=["chain", "adapters"])
@pytest.mark.parametrize(("query", "says"), [
    ("tea rooms in Porto under 20 EUR", "Leaf is the best rated option that fits your request"),
    ("salones de té en Oporto por menos de 20 euros",
     "Leaf es la opción mejor valorada que encaja con tu petición"),
])
def test_an_extractive_kind_writes_its_keyless_report_offline(tmp_path: Path, query: str,
                                                              says: str, inline: bool) -> None:
    # what `scout init` writes (chains: synthesis: [extractive]) with the kind's own
    # settings: the author sees the report a user without keys gets
    pipeline = _kind(tmp_path, "extractive", inline)
    with FakeProviders() as fake:
        fake.search(".", LISTINGS)
        fake.answer("The fake's answer [1].", ["https://leaf.test/"])
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work", query=query)
        asked = [c for c in fake.calls if c.kind == "synthesis"]
    assert res.exit_code == 0, res.result.reason
    assert asked == []
    synthesis = res.artifact("synthesis")
    assert synthesis["adapter"] == "writer"
    assert says in res.report and "The fake's answer" not in res.report
    cfg = yaml.safe_load((tmp_path / "work" / "config" / "adapters.yaml").read_text("utf-8"))
    assert cfg["adapters"]["writer"] == ADAPTERS["extractive"]  # max_sentences: 8 kept


def test_extractive_after_the_fake_answers_when_the_fake_fails(tmp_path: Path) -> None:
    pipeline = _kind(tmp_path, "perplexity", False, chain=["extractive"])
    with FakeProviders() as fake:
        fake.search(".", LISTINGS)
        fake.fail("synthesis", 503, times=5)
        res = run_pipeline(pipeline, fake=fake, workdir=tmp_path / "work",
                           query="tea rooms in Porto under 20 EUR")
    assert res.exit_code == 0, res.result.reason
    cfg = yaml.safe_load((tmp_path / "work" / "config" / "adapters.yaml").read_text("utf-8"))
    assert cfg["chains"]["synthesis"] == ["testing_synthesis", "extractive"]
    assert res.artifact("synthesis")["adapter"] == "extractive"
    assert "Leaf is the best rated option that fits your request" in res.report
