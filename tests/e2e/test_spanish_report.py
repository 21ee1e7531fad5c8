"""A Spanish request gives a Spanish report end to end; the English one keeps its content.

Both missions run in one fake world (tests/e2e/world.py) through the real CLI. The
Spanish request is the natural query; whatever the request parser cannot read yet (before
it reads Spanish, the month and the language) is given with ``--set``, so the test checks
the report, and the same request parsed by a Spanish-reading parser needs no ``--set``.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from scout.i18n import translations
from scout.report.messages import template_msgids
from scout.schemas.task import Money, Month
from scout.spec.loader import load_pipeline
from scout.task.build import build_task
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World

PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"
SPANISH = ("hoteles en Barcelona para septiembre de 2026 por menos de 200 euros "
           "con buenas reseñas")
#: what the Spanish request says, as the English QUERY says it
MEANT = {"destination": "Barcelona", "month": Month(year=2026, month=9),
         "budget": Money(amount=200, currency="EUR")}
SETS = {"destination": "Barcelona", "month": "2026-09", "budget": "200 EUR"}


def spanish_args() -> list[str]:
    """``--query SPANISH`` plus ``--set`` for what the parser does not read (yet)."""
    task = build_task(SPANISH, load_pipeline(PIPELINE).model.inputs, today=dt.date.today())
    args = ["--query", SPANISH]
    if task.lang != "es":
        args += ["--set", "lang=es"]
    for name, value in MEANT.items():
        got = task.values.get(name)
        if not (got == value or (isinstance(got, Money) and isinstance(value, Money)
                                 and (got.amount, got.currency) == (value.amount, value.currency))):
            args += ["--set", f"{name}={SETS[name]}"]
    return args


def apply(mission: str, *args: str) -> int:
    return run_cli(["apply", str(PIPELINE), "--mission-id", mission, "--progress", "none",
                    *args])


def shortlist(md: str) -> list[tuple[str, str]]:
    return re.findall(r"^\| (\d+) \| ([^|]+?) \|", md, re.M)


def excluded(md: str) -> list[str]:
    """The candidates "What changed the shortlist" names (other sections bold their own
    leads: "**Not configured, so not asked:**")."""
    changes = next(p for p in md.split("\n## ") if p.startswith(("What changed", "Qué cambió")))
    return re.findall(r"^- \*\*(.+?)\*\*", changes, re.M)


def sources(md: str) -> list[str]:
    return re.findall(r"^\d+\. \[.*?\]\((\S+?)\)", md, re.M)


def english_words() -> set[str]:
    """Template msgids whose Spanish differs: none may be left in a Spanish report."""
    es = translations("es")
    out = set()
    used = {**template_msgids(ROOT / "templates"),
            **template_msgids(ROOT / "scout" / "report" / "builtin")}
    for (msgid, context), _ in used.items():
        shown = es.pgettext(context, msgid) if context else es.gettext(msgid)
        # the fixed words around the placeholders, long enough not to occur in web text
        for part in re.split(r"%\(\w+\)s", msgid):
            part = part.strip(" .,:;()*")
            if shown != msgid and len(part) >= 12 and part not in shown:
                out.add(part)
    return out


def test_spanish_request_gives_a_spanish_report(world: World) -> None:
    assert apply("bcn-en", "--query", QUERY) == 0
    assert apply("bcn-es", *spanish_args()) == 0
    en = (world.run_dir("bcn-en") / "report.md").read_text()
    es = (world.run_dir("bcn-es") / "report.md").read_text()

    # the same answer: shortlist, exclusions, sources in the same order
    assert shortlist(es) == shortlist(en) == [("1", "Casa Bonay"), ("2", "Hotel Praktik Rambla")]
    assert excluded(es) == excluded(en)
    assert sources(es) == sources(en) and sources(es)

    # Spanish words, Spanish numbers, money and dates
    assert es.startswith("# Hoteles en Barcelona, septiembre de 2026\n")
    rating_en = re.search(r"^\| 1 \| Casa Bonay \| 180 EUR/night \[(\d+)\] ≤ 200 EUR \| "
                          r"(\d+)\.(\d)/10 \[(\d+)\] ≥ 8\.0/10 \|", en, re.M)
    assert rating_en, en
    assert (f"| 1 | Casa Bonay | 180 €/noche [{rating_en[1]}] ≤ 200 € | "
            f"{rating_en[2]},{rating_en[3]}/10 [{rating_en[4]}] ≥ 8,0/10 |" in es)
    assert re.search(r"- \*\*Hotel Arts Barcelona\*\* \(420 €/noche \[\d+\], 9,3/10 \[\d+\]\): "
                     r"por encima del presupuesto", es)
    assert re.search(r"- \*\*Generator Barcelona\*\* \(95 €/noche \[\d+\], 7,1/10 \[\d+\]\): "
                     r"valoración por debajo del mínimo", es)
    assert "| presupuesto | 200 € |" in es and "| mes | septiembre de 2026 |" in es
    assert "*(reseña, tavily, fase F2)*" in es and "*(precio, tavily, fase F4)*" in es
    assert re.search(r"^\d+\. \[.+\]\(.+\) — vía tavily, fase F1$", es, re.M)
    for heading in ("## Selección", "## Síntesis", "## Qué cambió la selección",
                    "## Lo que pediste", "## Los hoteles", "## Fuentes", "## Apéndice"):
        assert re.search(f"^{heading}$", es, re.M), heading
    left = sorted(w for w in english_words() if w in es)
    assert left == [], left
    # the DAG stays, in the appendix, its states in Spanish
    appendix = es.split("## Apéndice", 1)[1]
    assert "```mermaid\nflowchart TD" in appendix
    assert 'F2["F2: búsqueda x candidatos [completada]"]' in appendix
    # the phase table says what each phase does in Spanish words
    assert "| F2 | búsqueda | completada | tavily | 4/4 |" in appendix
    assert "| P3 | síntesis | completada |" in appendix and "| search |" not in appendix
    assert es.index("## Selección") < es.index("## Síntesis") < es.index("## Qué cambió") \
        < es.index("## Los hoteles") < es.index("## Fuentes") < es.index("## Apéndice")

    # the English report is still English and says what it said
    assert en.startswith("# Hotels in Barcelona, September 2026\n")
    assert re.search(r"^\| 1 \| Casa Bonay \| 180 EUR/night \[\d+\] ≤ 200 EUR \|", en, re.M)
    assert re.search(r"- \*\*Hotel Arts Barcelona\*\* \(420 EUR/night \[\d+\], 9\.3/10 \[\d+\]\): "
                     r"over budget", en)

    html = (world.run_dir("bcn-es") / "report.html").read_text()
    assert '<html lang="es">' in html and "<h1>Hoteles en Barcelona, septiembre de 2026</h1>" in html
    assert "Generado por scout para la misión bcn-es" in html


def test_spanish_notices_of_a_degraded_run(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PERPLEXITY_API_KEY")
    world.providers.fail("tavily", 500, times=1000)
    assert apply("bcn-es-degraded", *spanish_args()) == 0
    md = (world.run_dir("bcn-es-degraded") / "report.md").read_text()
    assert ("- F1: tavily: 2 fallos (no disponible, HTTP 500); respondió duckduckgo en su lugar"
            in md)
    assert ("- **Sin configurar, así que no se consultaron:** perplexity (PERPLEXITY_API_KEY "
            "sin definir)") in md
    assert "*Respondido por **extractive**" in md and "síntesis local" in md
    # words a Spanish reader uses: no "pipeline" in the appendix, "A favor", not "Pro"
    assert "flujo de trabajo `hotel-research`" in md and "pipeline `" not in md
    assert "- A favor (" in md and "- Pro (" not in md
    # the model skips are said under the synthesis, not again under what went wrong
    problems = md.split("## Lo que no salió según lo previsto", 1)[1].split("\n## ", 1)[0]
    assert "perplexity" not in problems
    assert shortlist(md)[:2] == [("1", "Casa Bonay"), ("2", "Hotel Praktik Rambla")]


def test_spanish_stopped_report(world: World) -> None:
    assert apply("bcn-es-cap", *spanish_args(), "--max-cost", "0.01") == 4
    md = (world.run_dir("bcn-es-cap") / "report.md").read_text()
    assert md.startswith("# La misión bcn-es-cap se detuvo en su límite de coste\n")
    assert "**Detenida en el límite de coste** (0,01 US$)" in md
    assert "## Lo que no salió según lo previsto" in md and "### Coste" in md
    # the page a reader opens, as a finished mission's: report.html in Spanish
    html = (world.run_dir("bcn-es-cap") / "report.html").read_text()
    assert '<html lang="es">' in html
    assert "<h1>La misión bcn-es-cap se detuvo en su límite de coste</h1>" in html
    assert "flujo de trabajo `hotel-research`" in md and "pipeline `" not in md


def test_unknown_language_is_a_usage_error(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    assert apply("bcn-fr", "--query", QUERY, "--set", "lang=fr") == 2
    err = capsys.readouterr().err
    assert "is not a language scout writes in" in err and "Traceback" not in err


def test_the_other_shipped_kind_in_spanish(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The restaurant kind shares the sections: its Spanish report is Spanish too."""
    from tests.e2e.world import RAMEN_QUERY, add_restaurants

    add_restaurants(world)
    monkeypatch.delenv("PERPLEXITY_API_KEY")
    code = run_cli(["apply", str(ROOT / "pipelines/restaurant_research.yaml"), "--query",
                    RAMEN_QUERY, "--set", "lang=es", "--mission-id", "ramen-es",
                    "--progress", "none"])
    assert code == 0
    md = (world.run_dir("ramen-es") / "report.md").read_text()
    assert md.startswith("# Ramen en Lyon\n")
    assert shortlist(md) == [("1", "Ramen Kazu"), ("2", "Hakata Lyon")]
    assert re.search(r"17 €/persona \[\d+\] ≤ 25 €", md) and "| plato | ramen | consulta |" in md
    # left out with the figures it was checked on, each cited
    assert re.search(r"- \*\*Takao Omakase\*\* \(85 €/persona \[\d+\], 9,4/10 \[\d+\]\): "
                     r"por encima del presupuesto", md)
    left = sorted(w for w in english_words() if w in md)
    assert left == [], left


def test_the_spanish_request_needs_no_set() -> None:
    """The parser reads the whole Spanish request (language, place, month, budget): the
    end-to-end tests above run it as a person would type it."""
    assert spanish_args() == ["--query", SPANISH]
