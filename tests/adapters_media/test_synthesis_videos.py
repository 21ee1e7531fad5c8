"""The keyless synthesis of videos themselves (talks, tutorials): what each one covers,
quoted from its own transcript with the moment it is said, in the request's language;
no price or rating to miss, and the kind's ranking names the first."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.report.tables import fmt, table
from scout.schemas.records import Candidate, RankedItem, Shortlist
from scout.schemas.sources import Video
from scout.spec.filters import FILTERS

A, B, C = "Regresión logística en 15 minutos", "Regresión logística explicada", "Directo"


def _passage(name: str, vid: str, at: int, text: str) -> EvidenceItem:
    return EvidenceItem(url=f"https://www.youtube.com/watch?v={vid}&t={at}s", title=name,
                        text=text, subject=f"video:{vid}", kind="video")


def _request(lang: str) -> SynthesisRequest:
    evidence = [
        _passage(A, "a1", 75, "Entrenamos el modelo con descenso de gradiente."),
        _passage(A, "a1", 0, "Hola a todos, bienvenidos al canal. La función sigmoide da "
                             "la probabilidad de una clase."),
        _passage(A, "a1", 610, "Por último evaluamos con la curva ROC."),
        _passage(B, "b2", 30, "La regresión logística es un modelo lineal de clasificación."),
    ]
    subjects = [SubjectBrief(key=f"video:{v}", name=n, rank=i + 1, is_video=True)
                for i, (v, n) in enumerate([("a1", A), ("b2", B), ("c3", C)])]
    return SynthesisRequest(question="?", task={"topic": "regresión logística",
                                                "max_minutes": 20},
                            task_types={"topic": "string", "max_minutes": "integer"},
                            evidence=evidence, subjects=subjects, lang=lang)


def _run(req: SynthesisRequest):
    return ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value


def test_each_video_is_summarised_by_its_own_moments() -> None:
    syn = _run(_request("en"))
    a, b, c = syn.candidates
    # in the order the video says them, chatter left out, each cited at its moment
    assert [(m.at, m.quote) for m in a.moments] == [
        (0.0, "La función sigmoide da la probabilidad de una clase."),
        (75.0, "Entrenamos el modelo con descenso de gradiente."),
        (610.0, "Por último evaluamos con la curva ROC.")]
    cited = {x.index: x.url for x in syn.citations}
    assert cited[a.moments[2].citations[0]].endswith("v=a1&t=610s")
    assert [m.quote for m in b.moments] == [
        "La regresión logística es un modelo lineal de clasificación."]
    # no price or rating talk about a video; one without a transcript says so
    assert not any("price" in f.text or "rating" in f.text for n in syn.candidates
                   for f in n.facts)
    assert [f.text for f in c.facts] == [
        f"No transcript of {C} could be read, so what it covers is not known."]
    assert [s.text for s in syn.recommendation] == [
        f"{A} comes first of the 3 videos that fit your request."]
    assert f"{A}, at 10:10: “Por último evaluamos con la curva ROC.”" in syn.text
    assert _run(_request("en")).model_dump_json() == syn.model_dump_json()


def test_the_video_synthesis_speaks_the_request_language() -> None:
    syn = _run(_request("es"))
    assert [s.text for s in syn.recommendation] == [
        f"{A} es el primero de los 3 vídeos que encajan con tu petición."]
    assert f"{A}, en 10:10: «Por último evaluamos con la curva ROC.»" in syn.text
    assert syn.candidates[2].facts[0].text.startswith("No se pudo leer ninguna transcripción")


def test_notes_about_no_video_serialise_as_before() -> None:
    # hotels, cars: the synthesis artifact (and its hash) has no new key
    req = _request("en").model_copy(update={"subjects": [
        SubjectBrief(key="casa bonay", name="Casa Bonay", rank=1)]})
    dumped = _run(req).model_dump(mode="json")
    assert all("moments" not in n for n in dumped["candidates"])
    assert "is_video" not in req.subjects[0].model_dump(mode="json")  # cache keys unchanged


def test_durations_and_counts_read_as_people_write_them_in_both_languages() -> None:
    duration = FILTERS["duration"]
    assert [duration(s) for s in (912, 5400, 600, 3725, 1.5, 0.25)] == [
        "15 min 12 s", "1 h 30 min", "10 min", "1 h 2 min", "1.5 s", "250 ms"]
    assert duration(1.5, lang="es") == "1,5 s"
    assert fmt("duration", 912.0, "es") == "15 min 12 s"
    assert fmt("view_count", 120000, "es") == "120.000"
    assert fmt("view_count", 120000, "en") == "120,000"


def test_a_ranked_video_shows_its_own_fields_in_the_default_report() -> None:
    video = Video(id="a1", url="https://www.youtube.com/watch?v=a1", title=A,
                  channel="DotCSV", duration=912, view_count=120000)
    short = Shortlist(items=[RankedItem(rank=1, candidate=Candidate(
        key="video:a1", name=A, url=video.url, video=video))])
    section = table("shortlist", short, lang="en")
    assert section is not None
    assert {"channel", "duration", "view_count"} <= set(section.columns)
    assert "title" not in section.columns  # the name already is the title
    row = section.rows[0].cells
    assert "15 min 12 s" in row and "DotCSV" in row and "120,000" in row
