"""A kind with no ``rating`` input shows ratings on the scale its sources stated them on
("4,7/5" stays "4,7/5", not "9,4/10"), in rank's reasons, the report, its chart and the
synthesis alike (scout.schemas.ratingscale); a kind's rating input's scale still wins."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate, Candidates, Evidence, RankedItem, Shortlist
from scout.schemas.task import Task
from scout.steps.extract import stated_rating
from scout.schemas.ratingscale import candidates_in, rating_scale


def rated(key: str, text: str) -> Candidate:
    """A candidate rated by one source's text, as extract reads it."""
    value, count, scale = stated_rating(text) or (None, None, 10)
    ev = Evidence(id=key, kind="snippet", text=text, url=f"https://{key}.example/",
                  rating=value, rating_count=count,
                  rating_scale=scale if scale != 10 else None)
    return Candidate(key=key, name=key, rating=value, evidence=[ev])


def task(types: dict[str, str], scales: dict[str, int] | None = None) -> Task:
    return Task(query="q", values={}, types=types, scales=scales or {})


NO_RATING = {"people": "integer", "budget": "money"}


def test_a_kind_with_no_rating_input_shows_the_scale_its_sources_stated() -> None:
    cands = [rated("a", "Valoración 4,7/5"), rated("b", "rated 4.2/5 by 80 organisers")]
    assert [c.rating for c in cands] == [pytest.approx(9.4), pytest.approx(8.4)]
    assert rating_scale(task(NO_RATING), cands) == 5


@pytest.mark.parametrize("texts", [
    ["Valoración 4,7/5", "score 8.6/10"],  # two scales: shown out of 10, as before
    [],  # nothing rated
])
def test_mixed_or_no_stated_scales_stay_out_of_10(texts: list[str]) -> None:
    cands = [rated(str(i), t) for i, t in enumerate(texts)]
    assert rating_scale(task(NO_RATING), cands) == 10


def test_the_kinds_rating_input_scale_wins_over_the_sources() -> None:
    cands = [rated("a", "Valoración 4,7/5")]
    assert rating_scale(task({"min": "rating"}, {"min": 100}), cands) == 100
    assert rating_scale(task({"min": "rating"}), cands) == 10  # declared, no scale: 10


def test_every_candidate_of_the_inputs_counts_kept_and_left_out() -> None:
    a, b, c = rated("a", "4,7/5"), rated("b", "4.2/5"), rated("c", "4/5")
    inputs = {"shortlist": Shortlist(items=[RankedItem(candidate=a, rank=1)],
                                     excluded=[(b, ["over budget"])]),
              "candidates": Candidates(items=[c]), "other": "not records"}
    assert [x.key for x in candidates_in(inputs)] == ["a", "b", "c"]


def test_a_with_template_writes_the_scale_the_report_shows() -> None:
    """An e-mail subject (a ``with:`` template, rendered in the phase's scope, where the Task
    is a view) writes a rating on the report's scale: the kind's input's, else the one its
    sources stated (read from the candidates the scope holds), never "/10" for both."""
    from scout.orchestrator.scope import make_scope, render

    best = rated("a", "Valoración 4,7/5")
    shortlist = Shortlist(items=[RankedItem(candidate=best, rank=1)])
    subject = "{{ shortlist['items'][0].candidate.rating | rating }}"
    no_input = Task(query="q", values={}, types=NO_RATING, lang="es")
    assert render(subject, make_scope(no_input, {"shortlist": shortlist})) == "4,7/5"
    assert render("{{ 9.4 | rating }}", make_scope(no_input, {})) == "9,4/10"  # none stated
    points = Task(query="q", values={}, types={"min": "rating"}, scales={"min": 100})
    assert render("{{ 9.3 | rating }}", make_scope(points, {})) == "93/100"


@pytest.mark.parametrize("lead", ["9", "valoración", "nota"])
def test_a_snippet_padded_with_spaces_is_read_in_linear_time(lead: str) -> None:
    # "\s*:?\s*" and "\s*\+?\s*" tried every split of a run of spaces: a snippet's
    # "valoración" before 20,000 spaces took 8 s of CPU, a figure 1.5 s
    import time

    start = time.process_time()
    assert stated_rating(lead + " " * 20_000 + "x") is None
    assert time.process_time() - start < 2
