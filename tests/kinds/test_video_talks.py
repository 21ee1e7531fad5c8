"""A fourth outside-author kind: talks and tutorials found as videos (examples/video-talks).
No place, no price, no rating: a topic, the language spoken in the video, a longest
length, a level and a first year. Run end to end offline in Spanish and English: the
YouTube adapters are the real ones with their network part replaced (yt-dlp's own search
extractor yielding entries in its shape, youtube-transcript-api on a fake transport
serving the REAL InnerTube captures), web search on scout.testing's fake server. The last
tests run it as its author would: scout.testing's own fake YouTube (fake.videos,
fake.transcript, fake.no_transcript) and run_pipeline, nothing else.

What it pins: R1 ranks the videos artifact itself (length and year, no price/rating);
Y2 picks the transcript language the request asked for, not the request's language; a
video whose captions are disabled (real capture) stays in with that said; the keyless
synthesis says what each video covers, quoted with the moment it is said; the report
writes lengths and moments as people do, in the request's language."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from scout import api
from scout.providers.hook import ProviderOptions, ProvidersHook
from scout.testing import FakeProviders, Result, VideoResult, run_pipeline
from scout.testing.project import KEY_ENV
from scout.testing.fake_http import FAKE_KEY
from tests.adapters_media.test_yt_dlp import Factory, RecordedSearchIE, video_entry
from tests.fakes.media import FakeYouTube, innertube, youtube_session

KIND = Path(__file__).resolve().parents[2] / "examples" / "video-talks"

# ids are ours; each player answer is a real capture (tests/fixtures/providers/youtube)
ENTRIES = [
    video_entry("rlog15minES", "Regresión logística en 15 minutos", "DotCSV",
                "UCdotcsv000000000000001", 912, 120000),
    video_entry("rlogCursoES", "Regresión logística: curso completo", "Academia ML",
                "UCacademia0000000000001", 5400, 80000),
    video_entry("rlogNoSubES", "Regresión logística explicada", "Profe Datos",
                "UCprofe00000000000000001", 600, 5000),
    video_entry("rlogLiveNow", "Regresión logística en directo", "Streams",
                "UCstreams000000000000001", None, 300, live=True),
]
PLAYERS = {"rlog15minES": "innertube-player-captions-GJLlxj_dtq8.json",  # es and en tracks
           "rlogCursoES": "innertube-player-captions-GJLlxj_dtq8.json",
           "rlogNoSubES": "innertube-player-transcripts-disabled.json",
           "rlogLiveNow": "innertube-player-captions-F1xioXWb8CY.json"}  # en only


def _timedtext(lines: list[tuple[float, str]]) -> bytes:
    """Transcript text in the real timedtext XML format (the test asset's shape)."""
    body = "".join(f'<text start="{t}" dur="4">{s}</text>' for t, s in lines)
    return f'<?xml version="1.0" encoding="utf-8" ?><transcript>{body}</transcript>'.encode()


TRANSCRIPTS = {
    "GJLlxj_dtq8:es": _timedtext([
        (0, "Hola a todos, bienvenidos al canal."),
        (12.5, "La regresión logística estima la probabilidad de una clase con la función sigmoide."),
        (75, "Entrenamos el modelo minimizando la entropía cruzada con descenso de gradiente."),
        (610, "Por último evaluamos el modelo con la matriz de confusión y la curva ROC.")]),
    "GJLlxj_dtq8:en": _timedtext([
        (0, "Welcome back to the channel, everyone."),
        (20, "Logistic regression models the probability of a class with the sigmoid function."),
        (610, "Finally we evaluate the model with a confusion matrix and the ROC curve.")]),
    "F1xioXWb8CY": _timedtext([
        (5, "In this live session we fit a logistic regression on real data."),
        (3725, "After an hour of streaming we compare it with a decision tree.")]),
}


def _adapters(name: str, settings: Any, client: Any) -> Any:
    from scout.adapters.youtube_transcripts import YouTubeTranscriptAdapter
    from scout.adapters.yt_dlp import YtDlpAdapter
    from scout.config.adaptertypes import ADAPTER_TYPES

    if settings.type == "yt_dlp":
        return YtDlpAdapter(name, settings, None, ydl_factory=Factory(RecordedSearchIE(ENTRIES)))
    if settings.type == "youtube_transcripts":
        fake = FakeYouTube(innertube(PLAYERS["rlog15minES"]), timedtexts=TRANSCRIPTS,
                           players={v: innertube(f) for v, f in PLAYERS.items()})
        return YouTubeTranscriptAdapter(name, settings, None,
                                        session_factory=lambda: youtube_session(fake))
    cls = ADAPTER_TYPES[settings.type].load()
    return cls(name, settings, client if getattr(cls, "uses_http", True) else None)


def _run(tmp_path: Path, query: str):
    """The kind's own config, its web link pointed at the fake server and its YouTube
    adapters serving the real captures (the test below this file's first part uses
    scout.testing's own fake YouTube instead, as an author would)."""
    root = tmp_path / "root"
    (root / "config").mkdir(parents=True)
    shutil.copytree(KIND / "templates", root / "templates")
    shutil.copytree(KIND / "locales", root / "locales")  # the report's own Spanish words
    cfg = yaml.safe_load((KIND / "config" / "adapters.yaml").read_text())
    with FakeProviders() as fake:
        fake.search(".", [Result("Logistic regression - Wikipedia",
                                 "https://en.wikipedia.test/logit",
                                 "Logistic regression is a model for classification.")])
        cfg["adapters"]["duckduckgo"] = {"type": "tavily", "base_url": fake.url,
                                         "credentials": {"env": KEY_ENV}, "cache_ttl": "0s"}
        for name in ("yt_dlp", "youtube_transcripts"):
            cfg["adapters"][name]["rate"] = {"per_minute": 60000, "burst": 100}
        (root / "config" / "adapters.yaml").write_text(yaml.safe_dump(cfg))
        hook = ProvidersHook(root, ProviderOptions(env={**os.environ, KEY_ENV: FAKE_KEY},
                                                   sleep=lambda s: None,
                                                   adapter_factory=_adapters))
        result = api.apply(KIND / "pipelines" / "video_talks.yaml", query=query,
                           runs_dir=root / "runs", config=root / "config" / "adapters.yaml",
                           root=root, providers=hook, sleep=lambda s: None)
    assert result.exit_code == 0, result.reason
    run_dir = Path(result.run_dir)
    return run_dir, (run_dir / "report.md").read_text(encoding="utf-8")


def _artifact(run_dir: Path, name: str) -> Any:
    import json

    doc = json.loads((run_dir / "artifacts" / f"{name}.json").read_text())
    return doc.get("data", doc)


# the report's own words and the shared sections', per language
WORDS = {"es": ["## Los vídeos", "| duración |", "## Síntesis", "## Lo que pediste"],
         "en": ["## The videos", "| length |", "## Synthesis", "## What you asked"]}


@pytest.mark.parametrize("query,lang,video_lang,quote", [
    # a Spanish request for Spanish videos
    ("tutoriales en español sobre regresión logística de menos de 20 minutos", "es",
     "spanish", "0:00 «La regresión logística estima la probabilidad de una clase con la "
                "función sigmoide.»"),
    # a Spanish request for ENGLISH videos: English transcripts, a Spanish report
    ("tutoriales en inglés sobre regresión logística de menos de 20 minutos", "es",
     "english", "10:10 «Finally we evaluate the model with a confusion matrix and the ROC "
                "curve.»"),
    # the live video (no length, kept) is past its first hour: h:mm:ss
    ("tutorials on logistic regression in English, under 20 minutes", "en", "english",
     "1:02:05 “After an hour of streaming we compare it with a decision tree.”"),
])
def test_video_talks_end_to_end(tmp_path, query, lang, video_lang, quote):
    run_dir, report = _run(tmp_path, query)
    task = _artifact(run_dir, "task")
    assert task["lang"] == lang
    assert task["values"]["video_lang"] == video_lang
    assert task["values"]["max_duration"] == 1200   # seconds: "20 minutos", "20 minutes"
    assert task["values"]["topic"] in ("regresión logística", "logistic regression")

    short = _artifact(run_dir, "shortlist")
    names = [i["candidate"]["name"] for i in short["items"]]
    # most viewed first; the 90-minute course is out; the live one (no length) stays
    assert names == ["Regresión logística en 15 minutos", "Regresión logística explicada",
                     "Regresión logística en directo"]
    (out, reasons), = short["excluded"]
    assert out["name"] == "Regresión logística: curso completo"
    assert reasons == ["dura 1 h 30 min" if lang == "es" else "lasts 1 h 30 min"]
    # no price or rating noise; the live one stays for its length is unknown, and says so
    flags = {i["candidate"]["name"]: i["candidate"].get("flags") or [] for i in short["items"]}
    assert flags == {"Regresión logística en 15 minutos": [],
                     "Regresión logística explicada": [],
                     "Regresión logística en directo": ["could not check: duration"]}

    # the length and views as the request's language writes them; moments as a player
    assert "| 15 min 12 s |" in report
    assert ("| 120.000 |" if lang == "es" else "| 120,000 |") in report
    assert quote in report
    assert re.search(r"\[\d+\]", report.split(quote)[1][:8])  # the moment is cited
    # the disabled captions (real capture): the video stays, and the report says why
    no_sub = ("No se pudo leer ninguna transcripción de Regresión logística explicada"
              if lang == "es" else
              "No transcript of Regresión logística explicada could be read")
    assert no_sub in report
    # the failed item is named under what did not go to plan, in the report's language
    assert ("vídeo rlogNoSubES: sin transcripción (desactivada" if lang == "es" else
            "video rlogNoSubES: no transcript (disabled") in report
    # the live one has English captions only: a request for Spanish videos reads none
    failed = 2 if video_lang == "spanish" else 1
    spanish = "falló 1 de 4 elementos" if failed == 1 else f"fallaron {failed} de 4 elementos"
    assert (spanish if lang == "es" else f"{failed} of 4 items failed") in report
    assert (video_lang == "spanish") == ("rlogLiveNow: sin transcripción (no encontrada" in report)
    first = ("Regresión logística en 15 minutos es el primero de los 3 vídeos"
             if lang == "es" else "Regresión logística en 15 minutos comes first of the 3 videos")
    assert first in report
    other = "en" if lang == "es" else "es"
    assert all(w in report for w in WORDS[lang]), [w for w in WORDS[lang] if w not in report]
    assert not any(w in report for w in WORDS[other]), [w for w in WORDS[other] if w in report]
    for word in ("price", "precio", "rating", "valoración"):
        assert word not in report.split("## ")[3].lower(), word   # synthesis: no such talk
    assert (run_dir / "report.html").is_file()


@pytest.mark.parametrize("query,seconds,course_in", [
    ("lectures on logistic regression in English, under an hour", 3600, False),
    ("clases sobre regresión logística de 1h30 como mucho", 5400, True),   # 90 min: in
    ("charlas sobre regresión logística de hora y media", 5400, True),
])
def test_lengths_written_in_words_bound_the_videos(tmp_path, query, seconds, course_in):
    run_dir, report = _run(tmp_path, query)
    assert _artifact(run_dir, "task")["values"]["max_duration"] == seconds
    names = [i["candidate"]["name"] for i in _artifact(run_dir, "shortlist")["items"]]
    assert ("Regresión logística: curso completo" in names) is course_in
    assert ("1 h 30 min" if seconds == 5400 else "1 h") in report.split("\n\n")[1]


# ------------------------------------------------ the topic: a `subject` input, no pattern
def _topic(query: str) -> tuple[Any, ...]:
    import datetime as dt

    from scout.spec.models import InputSpec
    from scout.task.parser import parse_query

    spec = yaml.safe_load((KIND / "pipelines" / "video_talks.yaml").read_text(encoding="utf-8"))
    inputs = {n: InputSpec(**s) for n, s in spec["inputs"].items()}
    v = parse_query(query, inputs, today=dt.date(2028, 5, 10)).values
    return v.get("topic"), v.get("level"), v.get("video_lang"), v.get("max_duration")


@pytest.mark.parametrize("query, want", [
    # no "about" / "sobre": the topic is what the level, language and length leave
    ("python tutorials for beginners", ("python", "beginner", None, None)),
    ("kubernetes talks in english under 30 minutes", ("kubernetes", None, "english", 1800)),
    ("charlas de kubernetes para principiantes", ("kubernetes", "beginner", None, None)),
    # request words before it, typed without accents or with a typo, are not the topic
    ("quiero ver videos sobre redes neuronales en ingles", ("redes neuronales", None,
                                                            "english", None)),
    ("recomiendame tutoriales de docker de menos de una hora",
     ("docker", None, None, 3600)),
    ("cualquier charla sobre rust", ("rust", None, None, None)),
    ("i'd like some lectures on graph theory for advanced students",
     ("graph theory", "advanced", None, None)),
])
def test_the_topic_is_read_without_a_pattern(query: str, want: tuple[Any, ...]) -> None:
    assert _topic(query) == want


def test_a_request_with_only_request_words_has_no_topic() -> None:
    # nothing is left: the topic is unset (F0 then asks for --set topic=...), not ""
    assert _topic("tutoriales en español para principiantes")[0] is None
    assert _topic("show me some talks")[0] is None


# --- the same kind tested as its author would: scout.testing's fake YouTube -------------

TALKS = [  # as a YouTube search lists them: most viewed first is the kind's own order
    VideoResult("rustAsync01", "Async Rust in 20 minutes", channel="RustConf",
                duration=1140, views=48000, upload_date="2024-05-02"),
    VideoResult("rustAsync02", "Rust async: a three-hour workshop", channel="Ferrous",
                duration=10800, views=91000, upload_date="2024-09-10"),
    VideoResult("rustAsync03", "Tokio from scratch", channel="Jon Gjengset",
                duration=900, views=300000, upload_date="2023-02-01"),
    VideoResult("rustAsync04", "Rust async explicado", channel="Código Rust",
                duration=780, views=2000),
]


def _author_run(tmp_path: Path, query: str):
    with FakeProviders() as fake:
        fake.videos("rust async", TALKS)
        fake.transcript("rustAsync01", [
            (0, "Welcome to this talk on async Rust."),
            (95, "A future does nothing until it is polled by an executor."),
            (610, "Pinning keeps a self-referential future from moving in memory.")])
        fake.transcript("rustAsync01", [(0, "Bienvenidos."), (95, "Un future no hace nada "
                                         "hasta que un ejecutor lo sondea.")],
                        lang="es", generated=True)
        fake.transcript("rustAsync02", [(0, "This workshop lasts three hours.")])
        fake.no_transcript("rustAsync03", "unavailable")
        # rustAsync04 has no transcript seeded: its captions are disabled
        fake.search(".", [Result("Asynchronous Programming in Rust", "https://rust-lang.test/async",
                                 "async/await is Rust's built-in tool for asynchronous code.")])
        run = run_pipeline(KIND / "pipelines" / "video_talks.yaml", fake=fake,
                           workdir=tmp_path, query=query)
        return run, list(fake.calls)


@pytest.mark.parametrize("query,lang", [
    ("talks on rust async in English from 2024, under an hour", "en"),
    ("charlas en inglés sobre rust async desde 2024 de menos de una hora", "es"),
])
def test_video_talks_with_scout_testing_fakes(tmp_path, query, lang):
    run, calls = _author_run(tmp_path, query)
    assert run.exit_code == 0, run.result.reason
    task = run.artifact("task")
    assert (task["lang"], task["values"]["video_lang"]) == (lang, "english")
    assert task["values"]["max_duration"] == 3600 and task["values"]["since_year"] == 2024

    # the search the kind builds reached the fake's YouTube; one transcript call a video
    assert [c.query for c in calls if c.kind == "videos"] == ["rust async in english 2024"]
    assert sorted(c.query for c in calls if c.kind == "transcripts") == \
        [v.id for v in TALKS]

    short = run.artifact("shortlist")
    names = [i["candidate"]["name"] for i in short["items"]]
    # the workshop is too long, Tokio (2023) too old; the undated one is kept
    assert names == ["Async Rust in 20 minutes", "Rust async explicado"]
    out = {c["name"]: reasons for c, reasons in short["excluded"]}
    assert out["Rust async: a three-hour workshop"] == [
        "dura 3 h" if lang == "es" else "lasts 3 h"]
    assert out["Tokio from scratch"] == [
        "publicado en 2023" if lang == "es" else "published in 2023"]

    # English transcripts were read for an English-video request, whatever the report's
    # language: the English passages, never the Spanish generated track of the same video
    evidence = run.artifact("transcripts")
    first = [(e["timestamp"], e["text"], e["url"]) for e in evidence["items"]
             if e["subject"] == "video:rustAsync01"]
    assert first[1] == (95.0, "A future does nothing until it is polled by an executor.",
                        "https://www.youtube.com/watch?v=rustAsync01&t=95s")
    assert "video rustAsync01: transcript (en), 3 passage(s)" in evidence["notes"]
    report = run.report
    assert "sondea" not in report
    # the length and views as the request's language writes them
    assert "| 19 min |" in report and ("| 48.000 |" if lang == "es" else "| 48,000 |") in report
    # a video with its captions disabled (nothing seeded) and an unavailable one: both
    # named under what did not go to plan, in the report's language
    assert ("vídeo rustAsync04: sin transcripción (desactivada: los subtítulos de este "
            "vídeo están desactivados" if lang == "es"
            else "video rustAsync04: no transcript (disabled") in report
    assert ("vídeo rustAsync03: sin transcripción (no disponible" if lang == "es"
            else "video rustAsync03: no transcript (unavailable") in report
    # the kind's own words from its catalog (locales/es): plurals agree, no "vídeo(s)",
    # and the inputs and enum values are named in the report's language
    assert report.split("\n\n")[1] == (
        "2 vídeos de 4 encontrados sobre rust async, de 1 h como mucho, desde 2024, en inglés."
        if lang == "es" else
        "2 videos out of 4 found on rust async, of 1 h at most, from 2024, in English.")
    assert "(s)" not in report.split("## ")[1]
    if lang == "es":
        for row in ("| tema | rust async |", "| idioma del vídeo | inglés |",
                    "| duración máxima | 1 h |", "| desde el año | 2024 |"):
            assert row in report, row


@pytest.mark.parametrize("query,lead,level", [
    ("charlas sobre rust async para principiantes de menos de 5 minutos",
     "**Ningún vídeo cumple la petición**: 4 vídeos encontrados, todos descartados "
     "(motivos abajo).", "| nivel | principiante |"),
    ("talks on rust async for beginners under 5 minutes",
     "**No video fits the request**: 4 videos found, all left out (reasons below).",
     "| level | beginner |"),
])
def test_a_report_with_no_video_left_says_so_in_its_language(tmp_path, query, lead, level):
    run, _ = _author_run(tmp_path, query)
    assert run.exit_code == 0, run.result.reason
    assert run.report.split("\n\n")[1] == lead
    assert level in run.report


def test_a_video_search_youtube_refuses_fails_its_phase_with_the_reason(tmp_path):
    with FakeProviders() as fake:
        fake.videos(".", TALKS)
        fake.fail("videos", 429, times=5)
        run = run_pipeline(KIND / "pipelines" / "video_talks.yaml", fake=fake,
                           workdir=tmp_path, query="talks on rust async in English")
        calls = list(fake.calls)
    assert run.exit_code == 1 and run.status == "failed"
    y1 = run.result.phases["Y1"]
    assert y1.status == "failed_terminal"  # the kind retries timeouts and step errors only
    assert "YouTube answered HTTP 429 (rate limited)" in (y1.reason or ""), y1.reason
    assert [(c.kind, c.status) for c in calls] == [("videos", 429)]  # no transcript asked


@pytest.mark.parametrize("query,lead", [
    ("charlas sobre cocina vasca de menos de 10 minutos",
     "**Ningún vídeo cumple la petición**: no se encontró ningún vídeo."),
    ("talks on basque cooking under 10 minutes",
     "**No video fits the request**: no video was found."),
])
def test_a_report_with_no_video_found_does_not_say_all_were_left_out(tmp_path, query, lead):
    """It said "0 vídeos encontrados, todos descartados (motivos abajo)" above "Nada: todos
    los candidatos encontrados cumplían la petición"."""
    run, _ = _author_run(tmp_path, query)
    assert run.exit_code == 0, run.result.reason
    assert run.report.split("\n\n")[1] == lead
