"""A yes/no input named twice in one request, by two of its words ("Gas Safe registered
plumber", "electricista certificado y autorizado", "curso certificado con diploma"), is
read once and both words are its own (scout/task/booleans.py ``said_again``): the second
word is no subject and no place. Checked on two kinds by other authors' words."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRADES = EXAMPLES / "trades" / "pipelines" / "trades.yaml"
COURSES = EXAMPLES / "courses" / "pipelines" / "courses.yaml"
TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("kind, query, flag, subject_input, subject", [
    (TRADES, "Gas Safe registered plumber in Manchester to replace a boiler valve",
     "certified", "job", "replace a boiler valve"),
    (TRADES, "NICEIC registered electrician in York to rewire a kitchen", "certified", "job",
     "rewire a kitchen"),
    (TRADES, "electricista certificado y autorizado en Valencia para cambiar el cuadro eléctrico",
     "certified", "job", "cambiar el cuadro eléctrico"),
    (COURSES, "curso certificado con diploma de python en Madrid", "certificate", "topic",
     "python"),
    (COURSES, "diploma certificado: curso de cerámica en Sevilla", "certificate", "topic",
     "cerámica"),
])
def test_a_flag_said_by_two_of_its_words_leaves_neither_to_the_subject(
        kind: Path, query: str, flag: str, subject_input: str, subject: str) -> None:
    task = parse_request(kind, query, TODAY)
    assert task.values[flag] is True
    assert task.values[subject_input] == subject


def test_a_flag_said_once_reads_as_before() -> None:
    task = parse_request(COURSES, "certified diploma course in Leeds on python", TODAY)
    assert (task.values["certificate"], task.values["topic"], task.values["place"]) == \
        (True, "python", "Leeds")
