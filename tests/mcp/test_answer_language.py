"""The ``answer`` an MCP client quotes is in the report's language to its last line: a long
Spanish report's answer ended in "[…] (the whole report is the resource
scout://missions/{id}/report)", English, and with "{id}" never filled in."""

from __future__ import annotations

import pytest

from scout.mcp.tools import ANSWER_MAX_CHARS, answer_section


def _long_report(lang: str) -> str:
    head = "# Hoteles en Sevilla\n\n## Selección\n\n" if lang == "es" else \
        "# Hotels in Seville\n\n## Shortlist\n\n"
    return head + "| 1 | Hotel |\n" * (ANSWER_MAX_CHARS // 10) + "\n## Síntesis\n\nx\n## Fuentes\n"


@pytest.mark.parametrize("lang, said", [
    ("es", "[…] (el informe completo es el recurso scout://missions/sevilla-oct/report)"),
    ("en", "[…] (the whole report is the resource scout://missions/sevilla-oct/report)"),
])
def test_a_cut_answer_says_where_the_rest_is_in_the_reports_language(lang: str,
                                                                      said: str) -> None:
    answer = answer_section(_long_report(lang), mission_id="sevilla-oct", lang=lang)
    assert answer.endswith("\n\n" + said)
    assert len(answer) <= ANSWER_MAX_CHARS + len(said) + 2


def test_a_short_answer_is_the_report_as_written() -> None:
    md = "# T\n\n## A\n\na\n\n## B\n\nb\n\n## C\n\nc\n"
    assert answer_section(md, mission_id="m", lang="es") == "# T\n\n## A\n\na\n\n## B\n\nb"
