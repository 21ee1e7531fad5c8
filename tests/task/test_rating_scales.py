"""Ratings on other scales than 0-10, read into scout's 0-10 rating: critics' 100 points
("más de 90 puntos", "score of 85"), a kind's own review sources named as its rating
input's aliases ("92+ Parker", "4,2 en Vivino": the source's number, out of 5 when 5 or
less), and an author's pattern owning the words it matched, so its cue is no place."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.rating import find_rating

TODAY = dt.date(2026, 12, 2)


@pytest.mark.parametrize(("text", "want"), [
    ("con mas de 90 puntos", 9.0),
    ("at least 92 points", 9.2),
    ("94+ points", 9.4),
    ("rated 93 points or more", 9.3),
    ("score of 85 or better", 8.5),
    ("8.5 points or more", 8.5),      # points out of 10 stay out of 10
    ("al menos 4 sobre 5", 8.0),
])
def test_points_from_fifty_are_out_of_a_hundred(text, want):
    hit = find_rating(text, None)
    assert hit is not None and hit[0] == want, (text, hit)


@pytest.mark.parametrize("text", ["ages 12+", "for 20 or more people", "with 50 reviews or more",
                                  "reviews 50+", "more than 30 points", "rating 20"])
def test_counts_are_no_hundred_point_score(text):
    assert find_rating(text, None) is None
    # a rating noun among the aliases is no review source: "50 reviews" stays a count
    assert find_rating(text, None, ("reviews", "score")) is None


@pytest.mark.parametrize(("text", "want"), [
    ("92+ parker", 9.2),
    ("95 puntos penin", 9.5),
    ("4,2 en vivino", 8.4),
    ("4.2 on vivino", 8.4),
    ("94+ points from wine spectator", 9.4),
])
def test_a_kinds_own_sources_are_a_cue(text, want):
    sources = ("parker", "penin", "vivino", "wine spectator")
    hit = find_rating(text, None, sources)
    assert hit is not None and hit[0] == want, (text, hit)
    # the same words are no rating for a kind that names no such source
    if "point" not in text and "punto" not in text:
        assert find_rating(text, None) is None


def test_rating_aliases_reach_the_parser():
    inputs = {"min_score": InputSpec(type="rating", aliases=["Parker", "Peñín", "Vivino"])}
    assert build_task("rioja reserva 92+ Parker", inputs, today=TODAY).values["min_score"] == 9.2
    assert build_task("malbec con 4,2 en Vivino", inputs, today=TODAY).values["min_score"] == 8.4
    assert build_task("priorat con 95 puntos Peñín", inputs, today=TODAY).values["min_score"] == 9.5


def test_a_patterns_cue_words_are_its_own():
    """'to pair with' is the pattern's, so the place reader does not take 'Pair'."""
    inputs = {"wine": InputSpec(type="subject"), "style": InputSpec(type="string", enum=["red", "white"]),
              "country": InputSpec(type="place"),
              "pairing": InputSpec(type="string", pattern=r"(?i)\bto pair with\s+(?P<value>\w+(?: \w+)?)")}
    task = build_task("a white Burgundy to pair with roast chicken", inputs, today=TODAY)
    assert task.values.get("pairing") == "roast chicken"
    assert "Pair" not in task.values.values() and "pair" not in task.values.values()
    assert "pairing: read 'roast chicken' from 'to pair with roast chicken'" in task.notes


def test_a_default_out_of_100_says_how_to_write_it():
    from scout.task.values import coerce

    with pytest.raises(ValueError, match=r"outside the 0-10 scale; write the scale it is on, "
                                         r"'90/100' \(read as 9\)"):
        coerce("rating", 90)
    assert coerce("rating", "90/100") == 9.0


@pytest.mark.parametrize(("query", "want", "span"), [
    ("halls of residence in London, rated 4+ out of 5", 8.0, "4+ out of 5"),
    ("student residence in Leeds rated 8+/10", 8.0, "8+/10"),
    ("a gym in Leeds rated 4.5 or better out of 5", 9.0, "4.5 or better out of 5"),
    ("residencia en Bilbao con valoración 4 o más sobre 5", 8.0, "4 o más sobre 5"),
    ("academia en Bilbao con nota 8 o más sobre 10", 8.0, "8 o más sobre 10"),
])
def test_a_threshold_before_the_scale_reads_the_scale_too(query, want, span):
    # the scale after "4+" is the rating's, never a number left unread in the notes
    inputs = {"place": InputSpec(type="place"), "min_rating": InputSpec(type="rating")}
    task = build_task(query, inputs, today=TODAY)
    assert task.values["min_rating"] == want
    assert not any("5" in n or "10" in n for n in task.notes if "rating" not in n
                   and "valoraci" not in n), task.notes
    assert any(span in n for n in task.notes), task.notes
