"""Whom a thing is for, after "for" / "para", is no subject when an input of the kind reads
part of it (a career stage: "grants for senior scientists"), and is the subject when the
kind's subject input is a role ("jobs for senior data scientists"): decided by the kind's
declared inputs (scout.task.audience), in English and Spanish."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
STAGE = InputSpec(type="string", enum=["predoctoral", "postdoctoral", "consolidated"],
                  synonyms={"predoctoral": ["doctorandos", "phd students"],
                            "postdoctoral": ["postdocs", "posdoctorales"],
                            "consolidated": ["senior"]})
GRANTS = {"topic": InputSpec(type="subject"), "stage": STAGE,
          "country": InputSpec(type="place")}


@pytest.mark.parametrize(("query", "topic", "stage"), [
    ("grants for senior scientists", None, "consolidated"),
    ("becas para investigadores posdoctorales", None, "postdoctoral"),
    ("ayudas para doctorandos de biología", "biología", "predoctoral"),
    ("climate grants for postdocs", "climate", "postdoctoral"),
    # the stage input sorts people ("phd students"): a plural noun for people is whom
    # the grants are for, no topic, though no input reads it
    ("grants for scientists", None, None),
])
def test_whom_an_input_reads_is_no_subject(query, topic, stage):
    values = build_task(query, GRANTS, today=TODAY).values
    assert (values["topic"], values["stage"]) == (topic, stage)


@pytest.mark.parametrize(("inputs", "query", "role"), [
    ({"role": InputSpec(type="subject"),
      "level": InputSpec(type="string", enum=["junior", "senior"])},
     "jobs for senior data scientists", "data scientists"),
    ({"puesto": InputSpec(type="subject"),
      "nivel": InputSpec(type="string", enum=["junior", "senior"])},
     "ofertas para investigadores senior", "investigadores"),
    ({"what": InputSpec(type="subject", aliases=["as", "como"]),
      "level": InputSpec(type="string", enum=["junior", "senior"])},
     "jobs for senior nurses", "nurses"),
])
def test_a_role_input_keeps_whom_as_its_subject(inputs, query, role):
    assert next(v for v in build_task(query, inputs, today=TODAY).values.values()
                if isinstance(v, str) and v not in ("junior", "senior")) == role


def test_a_later_word_of_the_run_qualifies_the_thing():
    inputs = {"topic": InputSpec(type="subject"),
              "contract": InputSpec(type="string", enum=["full-time", "part-time"])}
    values = build_task("jobs for data scientists part-time", inputs, today=TODAY).values
    assert (values["topic"], values["contract"]) == ("data scientists", "part-time")
