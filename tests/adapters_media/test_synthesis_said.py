"""The synthesis is given every record's "could not check" flags in the reader's language,
a record the ranking left out as much as one it kept (a left-out record's were given in
English), and without a ranking too."""

from __future__ import annotations

from scout.schemas.records import Candidate, Candidates, RankedItem, Shortlist
from scout.steps.synthesize import collect_subjects


def _said(flag: str) -> str:
    return {"could not check: capacity": "no se pudo comprobar: aforo"}.get(flag, flag)


def _candidate(key: str) -> Candidate:
    return Candidate(key=key, name=key.title(), url=f"https://{key}.test/",
                     flags=["could not check: capacity"])


def test_a_left_out_record_s_flags_are_in_the_reader_language() -> None:
    shortlist = Shortlist(items=[RankedItem(candidate=_candidate("kept"), rank=1)],
                          excluded=[(_candidate("out"), ["over budget"])])
    subjects = collect_subjects({"shortlist": shortlist}, _said)
    assert [s.unchecked for s in subjects] == [["no se pudo comprobar: aforo"]] * 2


def test_without_a_ranking_the_flags_are_in_the_reader_language_too() -> None:
    subjects = collect_subjects({"candidates": Candidates(items=[_candidate("a")])}, _said)
    assert subjects[0].unchecked == ["no se pudo comprobar: aforo"]
