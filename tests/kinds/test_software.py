"""An outside-author kind: software tools and online services (examples/software), written
from the docs alone. A tool is asked for by what it is for, its platforms (a ``list``
enum), a price cap per user a month, the seats, a free plan, open source, self-hosting, EU
data (GDPR), its interface or transcription language and what it must work with (a
``list`` read by a pattern: ``compatible con Word y LibreOffice``). Vendors price per user
a month, per year billed annually or on "contact sales": an annual price is compared per
month, and "contact sales" is no price (never 0). Requests are typed as the lab types
them, in both languages; four run end to end offline with scout.testing (module-scoped:
one run each), and the report is checked for its language, its citations and for words
that do not belong to a software tool."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "software"
KIND = PROJECT / "pipelines" / "tools.yaml"
TODAY = dt.date(2026, 12, 2)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "gestor de referencias bibliográficas gratuito compatible con Word y LibreOffice que "
    "funcione en Linux":
        ("es", {"purpose": "gestor de referencias bibliográficas", "platforms": ["linux"],
                "free_plan": True, "integrations": ["Word", "LibreOffice"]}),
    "survey tool with a free plan for 500 responses a month, GDPR compliant, EU hosting, "
    "under €30 per user per month":
        ("en", {"purpose": "survey", "free_plan": True, "eu_data": True,
                "budget": cap(30, per="month")}),
    "herramienta de transcripción automática en español con API, menos de 15 € al mes":
        ("es", {"purpose": "transcripción automática", "language": "spanish",
                "budget": cap(15, per="month")}),
    "open-source alternative to Slack we can self-host":
        ("en", {"purpose": "alternative to Slack", "open_source": True, "self_hosted": True}),
    "software de encuestas para 20 usuarios, facturación anual, máximo 2.000 € al año":
        ("es", {"purpose": "encuestas", "seats": 20, "budget": cap(2000, per="year")}),
    # the same classes, other words
    "reference manager that works with Zotero and Word on macOS and Windows":
        ("en", {"purpose": "reference manager", "platforms": ["macos", "windows"],
                "integrations": ["Zotero", "Word"]}),
    "herramienta de encuestas con servidores en la UE, menos de 30 € por usuario al mes":
        ("es", {"purpose": "encuestas", "eu_data": True, "budget": cap(30, per="month")}),
    "app de gestión de proyectos para 10 personas, código abierto, autoalojada":
        ("es", {"purpose": "gestión de proyectos", "seats": 10, "open_source": True,
                "self_hosted": True}),
    "transcription software in English with an API, under $20 a month":
        ("en", {"purpose": "transcription", "language": "english",
                "budget": cap(20, "USD", per="month")}),
    "note-taking app for iOS and Android, free plan":
        ("en", {"purpose": "note-taking", "platforms": ["ios", "android"], "free_plan": True}),
    "alternativa a Doodle gratuita, 12 € por usuario y mes como mucho":
        ("es", {"purpose": "alternativa a Doodle", "free_plan": True,
                "budget": cap(12, per="month")}),
    "an open source alternative to Trello for 15 users, $8/user/month max":
        ("en", {"purpose": "alternative to Trello", "seats": 15, "open_source": True,
                "budget": cap(8, "USD", per="month")}),
    "online whiteboard tool for 8 seats, up to $600 per year, integrates with Slack and "
    "Microsoft Teams":
        ("en", {"purpose": "online whiteboard", "seats": 8, "budget": cap(600, "USD", per="year"),
                "integrations": ["Slack", "Microsoft Teams"]}),
    "herramienta de encuestas con más de 4 estrellas en Capterra, que funcione en web":
        ("es", {"purpose": "encuestas", "min_rating": 8.0, "platforms": ["web"]}),
    # a plan's name is read only with its label: "team chat" is what the tool is for
    "survey tool, the Team plan, under €20 per user per month":
        ("en", {"purpose": "survey", "plan": "team", "budget": cap(20, per="month")}),
    "software de encuestas, plan básico, menos de 10 € al mes":
        ("es", {"purpose": "encuestas", "plan": "basic", "budget": cap(10, per="month")}),
    "open-source team chat for a small business that we can self-host":
        ("en", {"purpose": "team chat", "open_source": True, "self_hosted": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want)


SURVEYS = [
    Result("LimeSurvey Cloud - Pricing", "https://limesurvey.test/pricing",
           "LimeSurvey Cloud: open source survey tool, hosted in Germany (EU), GDPR "
           "compliant. Free plan: 25 responses a month. Expert: €29 per user per month. "
           "Rated 4.4/5 on G2."),
    # billed annually: 300 a year is 25 a month
    Result("Jotform", "https://jotform.test/pricing",
           "Jotform survey and form builder. Free plan with 5 forms. Bronze: €300 per user "
           "per year, billed annually. GDPR compliant, EU servers in Frankfurt. 4.6/5 on "
           "Capterra."),
    Result("Typeform", "https://typeform.test/pricing",
           "Typeform surveys. Free plan: 10 responses a month. Basic: €25 per user per "
           "month. Data hosted in the United States. 4.5/5 on G2."),
    Result("SurveyMonkey - Capterra", "https://reviews.test/surveymonkey",
           "SurveyMonkey Team Advantage: €39 per user per month. Free plan: 10 questions. "
           "GDPR compliant, EU data center. 4.6/5."),
    # a free plan and no amount: it can be had for nothing
    Result("Formbricks", "https://formbricks.test/pricing",
           "Formbricks: open source surveys, free plan, EU cloud, GDPR. Enterprise: contact "
           "sales. 4.7/5 on G2."),
]
REFERENCES = [
    Result("Zotero", "https://zotero.test/",
           "Zotero: free, open source reference manager for Windows, macOS and Linux, with "
           "plugins for Word and LibreOffice. 4.7/5."),
    Result("Mendeley Reference Manager", "https://mendeley.test/",
           "Mendeley: gratis, para Windows, macOS y Linux. Plugin para Word. 4,2/5."),
    Result("EndNote 21", "https://endnote.test/buy",
           "EndNote 21: licencia perpetua 249 €, Windows y macOS, compatible con Word. 4,0/5."),
    Result("JabRef", "https://jabref.test/",
           "JabRef: gestor de referencias gratuito y de código abierto para Windows, macOS y "
           "Linux; se integra con LibreOffice y Word. 4,3/5."),
]
TRANSCRIPTION = [
    Result("Happy Scribe - Precios", "https://happyscribe.test/precios",
           "Happy Scribe: transcripción automática en español y 120 idiomas, con API. "
           "Básico: 10 € al mes. 4,8/5."),
    Result("Amberscript", "https://amberscript.test/es",
           "Amberscript: transcripción automática en español, API. 25 € al mes. 4,5/5."),
    Result("Otter.ai", "https://otter.test/pricing",
           "Otter.ai: transcription in English only. Pro: $8.33 per user per month billed "
           "annually. 4,4/5."),
    Result("Trint", "https://trint.test/precios",
           "Trint: transcripción en español con API. Enterprise: contactar con ventas. 4,3/5."),
]
CHAT = [
    Result("Mattermost", "https://mattermost.test/",
           "Mattermost: open source team chat, self-hosted or cloud. Free plan; "
           "Professional: $10 per user per month. 4.3/5 on G2."),
    Result("Rocket.Chat", "https://rocket.test/",
           "Rocket.Chat: open source, self-hosted team chat. Starter: free. Pro: $4 per user "
           "per month. 4.2/5."),
    Result("Microsoft Teams", "https://teams.test/",
           "Microsoft Teams: chat and meetings in Microsoft 365, cloud only. $4 per user per "
           "month. 4.4/5."),
    Result("Element", "https://element.test/",
           "Element (Matrix): open source, self-hosted chat for teams, end-to-end encrypted. "
           "Enterprise: contact sales. 4.1/5."),
]

RUNS = {
    "surveys": ("survey tool with a free plan for 500 responses a month, GDPR compliant, EU "
                "hosting, under €30 per user per month", SURVEYS),
    "references": ("gestor de referencias bibliográficas gratuito compatible con Word y "
                   "LibreOffice que funcione en Linux", REFERENCES),
    "transcription": ("herramienta de transcripción automática en español con API, menos de "
                      "15 € al mes", TRANSCRIPTION),
    "chat": ("open-source alternative to Slack we can self-host, 15 users, under $1,500 a "
             "year", CHAT),
}


# a tool's pricing page lists its other plans: versions priced apart, not a disagreement
# with the listing's Basic price
PLANS = [Result("Happy Scribe: planes y precios", "https://happyscribe.test/planes",
                "Happy Scribe. Pro: 17 € al mes. Business: 29 € por usuario al mes. "
                "Enterprise: contactar con ventas.")]


def _seed(fake, _listings):
    fake.search(r"^Happy Scribe precios", PLANS)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=_seed)


def test_price_per_user_a_month_an_annual_price_and_contact_sales(runs):
    run, queries = runs["surveys"]
    # cheapest first: a free plan, then 300 € a year billed annually, 25 € a month, under
    # LimeSurvey's 29
    assert _names(run) == ["Formbricks", "Jotform", "LimeSurvey Cloud"]
    assert _excluded(run) == {"Typeform": ["no EU data hosting stated"],
                              "SurveyMonkey": ["over budget"]}
    report = run.report
    assert "| 1 | Formbricks | free [1] | 4.7/5 [1] |" in report
    assert "| 2 | Jotform | 25 EUR/user/month [2] | 4.6/5 [2] |" in report
    # converted, then checked: said, never listed as "not everything could be checked"
    assert "price per year converted to per month (approximate)" in report
    assert "- **Jotform**: price per year" not in report
    assert not re.search(r"(?<![\d.,])0 EUR", _own_words(report, SURVEYS))
    assert "3 tools out of 5 found: for survey, with a free plan, data in the EU, for at " \
           "most 30 EUR/user/month." in report
    assert queries[0] == "survey tool free plan GDPR"
    # the inputs' English names from the kind's locales/en catalog
    assert "| EU data (GDPR) | yes | query |" in report
    own = _own_words(report, SURVEYS)
    for spanish in ("Selección", "Fuentes", "herramienta", "no consta", "valoración"):
        assert spanish not in own, spanish


def test_platforms_free_and_integrations_in_spanish(runs):
    run, queries = runs["references"]
    assert _names(run) == ["Zotero", "JabRef"]
    assert _excluded(run) == {
        # Word only: LibreOffice is not said
        "Mendeley Reference Manager": ["no consta que funcione con Word y LibreOffice"],
        "EndNote 21": ["no funciona en Linux", "sin plan gratuito",
                       "no consta que funcione con Word y LibreOffice"],
    }
    report = run.report
    assert report.startswith("# Herramientas de software")
    assert "2 herramientas de 4 encontradas: para gestor de referencias bibliográficas, en " \
           "Linux, con plan gratuito, compatible con Word y LibreOffice." in report
    # "free and open source" with no amount: free, never "not stated"
    assert "| 1 | Zotero | gratis [1] | 4,7/5 [1] | Windows, macOS, Linux | sí | sí |" in report
    assert queries[0] == ("herramienta gestor de referencias bibliográficas plan gratuito "
                          "Linux Word LibreOffice")
    own = _own_words(report, REFERENCES)
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "unknown",
                    "free plan", "over budget"):
        assert english not in own, english
    assert not re.search(r"\d/10\b", report)


def test_language_and_a_monthly_cap(runs):
    run, _ = runs["transcription"]
    assert _names(run) == ["Happy Scribe", "Trint"]
    assert _excluded(run) == {"Amberscript": ["por encima del presupuesto"],
                              "Otter.ai": ["no está en español"]}
    report = run.report
    # its Basic plan (10 €) is compared; the pricing page's Pro (17 €) and Business are
    # other plans, never sources that disagree
    assert "| 1 | Happy Scribe | 10 €/mes [1] | 4,8/5 [1] |" in report
    assert "no coinciden" not in report and "17 €" not in _own_words(report, [])
    assert "| 2 | Trint | a consultar (contactar con ventas) |" in report
    assert "| idioma | español |" in report


def test_open_source_self_hosted_and_the_price_at_the_seats_asked(runs):
    run, queries = runs["chat"]
    assert run.artifact("task")["lang"] == "en"
    # a budget for the team a year: a price per user a month is compared times the 15
    # users (Rocket.Chat 48 USD a year each is 720; Mattermost's 120 is 1,800); one sold on
    # "contact sales" has no price (kept, last, and said so), never 0
    assert _names(run) == ["Rocket.Chat", "Element"]
    assert _excluded(run) == {"Mattermost": ["over budget for 15 users"],
                              "Microsoft Teams": ["not open source", "cannot be self-hosted"]}
    assert "| 1 | Rocket.Chat | 48 USD/user/year [1] | 4.2/5 [1] |" in run.report
    assert "| 2 | Element | on request (contact sales) | 4.1/5 [2] |" in run.report
    assert "2 tools out of 4 found: for alternative to Slack, open source, self-hosted, for " \
           "15 users, for at most 1,500 USD/year." in run.report
    assert queries[0].startswith("alternative to Slack tool open source self-hosted")


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert run.report_html and "<html" in run.report_html.lower()


# words of other kinds: lodging, tickets, jobs, wine, a car, a laptop's specs, a place
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|bottles?|"
                         r"botellas?|vintage|añada|km|RAM|pages|páginas|wait|espera|"
                         r"location|ubicación|atmosphere|ambiente|neighbourhood|barrio)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)
        assert "stated(" not in run.report and "mentions(" not in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/tools.yaml",
                      "software de encuestas para 20 usuarios, máximo 2.000 € al año",
                      tmp_path, capsys, monkeypatch)
    for words in ["seats", "20", "encuestas", "2.000 €/año", "F0", "R1", "F6"]:
        assert words in out, words


