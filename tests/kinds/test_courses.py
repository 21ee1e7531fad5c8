"""A ninth outside-author kind: courses (examples/courses), written from the docs alone, as
a researcher at a Spanish lab would: a topic, online or in person (and where), a level, a
fee cap or free, a certificate, when it starts, how long it takes at most, the language it
is taught in, a minimum rating. Requests are typed as people type them, in both languages.
Four runs end to end offline with scout.testing (module-scoped: CI time): the report must
be in the request's language only, cite its sources, shortlist only what fits every filter
(a length in hours against a `duration` cap, a free course read as price 0, a start date
with `on_dates`), and say nothing a courses report has no business saying."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import (
    assert_read_as,
    assert_validates,
    excluded_reasons as _excluded,
    own_words,
    parse_request,
    plan_output,
    run_kind,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "courses"
KIND = PROJECT / "pipelines" / "courses.yaml"
TODAY = dt.date(2026, 12, 6)
HOUR = 3600


def _cap(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "cursos online de Python para principiantes en español por menos de 100 euros, con "
    "certificado":
        ("es", {"topic": "Python", "format": "online", "level": "beginner", "budget": _cap(100),
                "certificate": True, "language": "spanish"}),
    "online machine learning courses for beginners under $200 with a certificate":
        ("en", {"topic": "machine learning", "format": "online", "level": "beginner",
                "budget": _cap(200, "USD"), "certificate": True}),
    "curso presencial de estadística con R en Madrid en febrero, de menos de 40 horas":
        ("es", {"topic": "estadística con R", "format": "in-person", "place": "Madrid",
                "start": {"start": "2027-02-01", "end": "2027-02-28"},
                "max_length": 40 * HOUR}),
    "free courses on deep learning in English rated 4.5 or more":
        ("en", {"topic": "deep learning", "free": True, "language": "english", "min_rating": 9.0}),
    "curso gratis de Excel avanzado que empiece en enero":
        ("es", {"topic": "Excel", "level": "advanced", "free": True,
                "start": {"start": "2027-01-01", "end": "2027-01-31"}}),
    # "inglés" is what the course teaches, not the language it is taught in
    "cursos de inglés en Barcelona que empiecen en enero":
        ("es", {"topic": "inglés", "place": "Barcelona",
                "start": {"start": "2027-01-01", "end": "2027-01-31"}}),
    "cursos de fotografía a distancia, nivel intermedio, con certificado, hasta 150 €":
        ("es", {"topic": "fotografía", "format": "online", "level": "intermediate",
                "budget": _cap(150), "certificate": True}),
    "in-person pottery classes in London for beginners under £300":
        ("en", {"topic": "pottery", "format": "in-person", "place": "London",
                "level": "beginner", "budget": _cap(300, "GBP")}),
    "online SQL course with certificate, at most 30 hours, for beginners":
        ("en", {"topic": "SQL", "format": "online", "level": "beginner", "certificate": True,
                "max_length": 30 * HOUR}),
    "data analysis courses taught in Spanish":
        ("en", {"topic": "data analysis", "language": "spanish"}),
    "advanced level Python courses starting next month":
        ("en", {"topic": "Python", "level": "advanced",
                "start": {"start": "2027-01-01", "end": "2027-01-31"}}),
    # a platform is an enum of the kind: read before places are, so never the place
    "cursos de programación en Coursera":
        ("es", {"topic": "programación", "platform": "Coursera"}),
    "data science courses on edX starting in March, at most 20 hours":
        ("en", {"topic": "data science", "platform": "edX", "max_length": 20 * HOUR,
                "start": {"start": "2027-03-01", "end": "2027-03-31"}}),
    "curso de cocina italiana en Valencia este verano":
        ("es", {"topic": "cocina italiana", "place": "Valencia",
                "start": {"start": "2027-06-01", "end": "2027-08-31"}}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want,
                   money=None, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for courses finds, each on a site of its own; then what a search for one
# course by name says of it (its reviews)
PYTHON = [
    Result("Python for Everybody", "https://learn.test/python-everybody",
           "Online course for beginners, taught in English. Certificate 49 USD. About 30 "
           "hours."),
    Result("Curso de Python desde cero", "https://cursos.test/python-cero",
           "Curso online de Python para principiantes, en español. 90 €. Certificado de "
           "aprovechamiento. 40 horas."),
    Result("Programación en Python: nivel avanzado", "https://academia.test/python-avanzado",
           "Curso online de nivel avanzado, en español. 60 €. Con certificado. 25 horas."),
    Result("Máster en Python y Django", "https://master.test/python-django",
           "Curso online para principiantes en español, 1.200 €, con certificado, 300 horas."),
    Result("Taller presencial de Python en Madrid", "https://taller.test/python-madrid",
           "Curso presencial para principiantes en Madrid, en español. 80 €. 12 horas. Sin "
           "certificado."),
    Result("Introducción a Python", "https://uni.test/intro-python",
           "Curso online gratuito de Python para principiantes, en español, con certificado. "
           "20 horas."),
]
PYTHON_REVIEWS = {
    "Python for Everybody": "Python for Everybody reviews: learners rate it 4.8/5.",
    "Curso de Python desde cero": "Opiniones del Curso de Python desde cero: 4,6/5.",
    "Programación en Python: nivel avanzado": "Programación en Python avanzado: 4,7/5.",
    "Máster en Python y Django": "Máster en Python y Django: valoración 4,5/5.",
    "Taller presencial de Python en Madrid": "Taller presencial de Python: 4,4/5.",
    "Introducción a Python": "Introducción a Python: los alumnos le dan un 4,2/5.",
}
EXCEL = [
    Result("Excel avanzado gratis | Fundación Aprende", "https://aprende.test/excel-avanzado",
           "Curso online gratuito de Excel avanzado: Power Query y macros. Empieza el 11 de "
           "enero de 2027. 20 horas. Certificado incluido."),
    Result("Excel avanzado: tablas dinámicas y macros", "https://academia.test/excel-macros",
           "Curso de Excel avanzado, 49 €. Empieza el 11 de enero de 2027. 30 horas."),
    Result("Excel desde cero gratis", "https://basico.test/excel-cero",
           "Curso gratuito de Excel para principiantes. Empieza el 18 de enero de 2027. 10 "
           "horas."),
    Result("Excel avanzado gratuito, edición de primavera", "https://uni.test/excel-primavera",
           "Curso gratuito de Excel avanzado de la universidad. Empieza el 1 de marzo de "
           "2027. 25 horas."),
]


def _run(tmp_path: Path, query: str, listings: list[Result],
         reviews: dict[str, str] | None = None):
    def seed(fake, listings):
        for i, (name, said) in enumerate((reviews or {}).items()):  # later seeds win
            fake.search(re.escape(f'"{name}"'), [Result(f"{name}: opiniones",
                        f"https://reviews.test/{i}", said)])
        for r in listings if reviews is None else []:
            fake.search(re.escape(f'"{r.title}"'), [r])

    return run_kind(KIND, tmp_path, query, listings, today=TODAY, seed=seed)


@pytest.fixture(scope="module")
def spanish(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("es"), "cursos online de Python para principiantes "
                "en español por menos de 100 euros, con certificado", PYTHON, PYTHON_REVIEWS)


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("en"), "online Python courses for beginners under $100 "
                "with a certificate, at most 35 hours", PYTHON, PYTHON_REVIEWS)


@pytest.fixture(scope="module")
def free_in_january(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("free"), "curso gratis de Excel avanzado que empiece "
                "en enero", EXCEL)


# the report's own words in the other language: none may leak into a report
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|course|courses|fee|length|unknown|found|"
                     r"What you asked|Sources|not said|certificate|free|query|not given|"
                     r"beginner|learners|longer than asked)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|cursos?|precio|duración|desconocid[oa]|"
                     r"encontrados?|Fuentes|no dice|certificado|gratis|consulta|no indicado|"
                     r"principiante|presupuesto|impartidos?)\b")
# what a courses report has no business saying, in either language: lodging talk
LODGING = re.compile(r"(?i)\b(hotels?|nights?|per night|rooms?|guests?|stay|check-in|"
                     r"noches?|por noche|habitaci[oó]n(es)?|huéspedes|estancia|alojamiento)\b")


def _own_words(report: str, listings: list[Result]) -> str:
    """The report less what it quotes, the reviews it read too."""
    return own_words(report, listings, ids=True,
                     quoted=tuple(w for name, said in PYTHON_REVIEWS.items() for w in (said, name)))


def test_a_spanish_request_shortlists_what_fits_and_says_why_the_rest_does_not(spanish):
    run, queries = spanish
    # best rated first; a free course is 0 €, within any budget
    assert _names(run) == ["Curso de Python desde cero", "Introducción a Python"]
    assert _excluded(run) == {
        "Python for Everybody": ["no dice impartirse en español"],
        "Programación en Python: nivel avanzado": ["no dice ser de nivel principiante"],
        "Máster en Python y Django": ["cuesta más que el presupuesto"],
        # "Sin certificado" names no certificate
        "Taller presencial de Python en Madrid": ["no dice ser online", "no menciona certificado"],
    }
    # searches in the request's language, with its words
    assert queries[0] == "curso Python online para principiantes con certificado"
    assert '"Curso de Python desde cero" precio duración opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(spanish):
    run, _ = spanish
    report = run.report
    for words in ["# Cursos de Python", "## Selección",
                  "| # | curso | precio | duración | valoración | enlace |",
                  "| Curso de Python desde cero | 90 € [1] | 40 h | 9,2/10 (4,6/5 en la fuente) [2] |",
                  "| Introducción a Python | gratis [3] | 20 h | 8,4/10 (4,2/5 en la fuente) [4] |",
                  "2 de 6 cursos encontrados encajan: Python, online, de nivel principiante, "
                  "hasta 100 €, con certificado, impartidos en español.",
                  "| modalidad | online | consulta |", "| nivel | principiante | consulta |",
                  "| idioma | español | consulta |",
                  "nivel: se ha leído «principiante» de «principiantes»"]:
        assert words in report, words
    own = _own_words(report, PYTHON)
    assert not ENGLISH.search(own), ENGLISH.findall(own)
    assert not LODGING.search(own), LODGING.findall(own)
    # every shortlisted course cites its source, and the sources section lists it
    assert re.search(r"\[\d+\]\(https://cursos\.test/python-cero\)", report)
    assert "## Fuentes" in report and "https://uni.test/intro-python" in report
    assert run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_gets_an_english_report_with_the_length_checked(english):
    run, queries = english
    # "40 horas" is over 35 hours; a free Spanish course is still a beginners' online one
    assert _names(run) == ["Python for Everybody", "Introducción a Python"]
    excluded = _excluded(run)
    assert excluded["Curso de Python desde cero"] == ["takes 40 hours, longer than asked"]
    assert excluded["Máster en Python y Django"] == ["costs more than the budget",
                                                     "takes 300 hours, longer than asked"]
    report = run.report
    for words in ["# Python courses", "## Shortlist",
                  "| # | course | fee | length | rating | link |",
                  "| Python for Everybody | 49 USD [1] | 30 h | 9.6/10 (4.8/5 in the source) [2] |",
                  "| Introducción a Python | free [3] | 20 h | 8.4/10 (4.2/5 in the source) [4] |",
                  "2 of 6 courses found fit: Python, online, for beginner learners, up to "
                  "100 USD, with a certificate, at most 35 h.",
                  "| maximum length | 35 h | query |"]:
        assert words in report, words
    own = _own_words(report, PYTHON)
    assert not SPANISH.search(own), SPANISH.findall(own)
    assert not LODGING.search(own), LODGING.findall(own)
    assert re.search(r"\[\d+\]\(https://learn\.test/python-everybody\)", report)
    assert queries[0] == "Python course online for beginners certificate"


def test_free_and_starting_in_january(free_in_january):
    run, queries = free_in_january
    # only the free, advanced course that starts in January; a paid one is no free one
    assert _names(run) == ["Excel avanzado gratis | Fundación Aprende"]
    assert _excluded(run) == {
        "Excel avanzado: tablas dinámicas y macros": ["no dice ser gratis"],
        "Excel desde cero gratis": ["no dice ser de nivel avanzado"],
        "Excel avanzado gratuito, edición de primavera": ["no empieza en las fechas pedidas"],
    }
    report = run.report
    for words in ["| Excel avanzado gratis \\| Fundación Aprende | gratis [1] | 20 h |",
                  "Excel, de nivel avanzado, gratis, que empiecen 1–31 de enero de 2027."]:
        assert words in report, words
    assert "precio desconocido" not in report          # free is a price: 0
    assert queries[0] == "curso Excel nivel avanzado gratis 1–31 de enero de 2027"
    own = _own_words(report, EXCEL)
    assert not ENGLISH.search(own), ENGLISH.findall(own)


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path,
                      "in-person pottery classes in London for beginners",
                      [], today=TODAY)
    assert "no course was found." in run.report
    assert "## Shortlist" in run.report and "Nothing matched the request." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/courses.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/courses.yaml",
                      "cursos de fotografía a distancia, nivel intermedio, con certificado, "
                      "hasta 150 €",
                      tmp_path, capsys, monkeypatch)
    for words in ["topic", "fotografía", "level", "intermedio", "150", "F0", "R1", "F6"]:
        assert words in out, words
    assert "Nivel" not in out                      # the level's label is no place


@pytest.mark.parametrize("lang,text,said", [
    ("en", "Self-paced, 1 hour of video.", "takes 1 hour, longer than asked"),
    ("es", "Curso breve: 1 hora en total.", "dura 1 hora, más de lo pedido"),
    ("en", "About 12 h of lectures.", "takes 12 hours, longer than asked"),
    ("es", "Duración: 2,5 horas.", "dura 2,5 horas, más de lo pedido"),
])
def test_the_length_reason_says_its_unit_in_the_number_it_has(lang, text, said):
    """"takes 1 hours" read wrong: the reason writes its hours with the `unit` filter,
    whose word agrees with the number in the reader's language."""
    from scout.schemas.records import Candidate, Evidence
    from scout.spec.loader import load_pipeline
    from scout.stepkit.params import RankParams
    from scout.steps.rank import CandidateView
    from scout.steps.rank_reasons import reason_templates

    model = load_pipeline(KIND).model
    rank = next(p for p in model.phases.values() if p.uses == "rank")
    params = RankParams.model_validate(rank.with_)
    i = next(i for i, r in enumerate(params.reasons) if "longer than asked" in r)
    course = Candidate(key="c", name="C", evidence=[Evidence(
        id="e1", kind="page", text=text, url="https://cursos.test/c", adapter="t", phase="P1")])
    got = reason_templates(params, lang, PROJECT)[i].render(course=CandidateView(course),
                                                           task=None)
    assert got == said
