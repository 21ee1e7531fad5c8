"""A record whose cost the kind worked out in its ``values`` (a cleaner's rate per m² times
the m² asked times the visits a month) is no record whose budget went unchecked: rank's
"price per m² cannot be compared with a budget per month" flag and the note counting it
said so beside the kind's own cost that checked it. Both go for it, and stay for a record
whose cost the kind could not work out (scout/steps/rank.py ``_costed_itself``)."""

from __future__ import annotations

import pytest

from scout.steps.periodnotes import is_incomparable_flag
from tests.steps.kindrank import kept, left_out, rank_kind


def _incomparable(c) -> list[str]:
    return [f for f in c.flags if is_incomparable_flag(f)]


@pytest.mark.parametrize("query, listings, costs", [
    ("limpieza de oficina de 100 m² en Sevilla, 2 veces por semana, como mucho 500 € al mes",
     {"m2": "Limpiezas Giralda: 0,40 €/m² por servicio.",
      "hora": "Brillo Triana: 14 €/hora, 3 horas por visita."},
     {"m2": 346.67, "hora": 364.0}),
    ("office cleaning in York, 2 days per week, at most £450 a month",
     {"hour": "Minster Clean: £13/hr, 2 hours per visit."},
     {"hour": 225.33}),
])
def test_a_cost_the_kind_worked_out_says_nothing_of_an_unchecked_budget(query, listings, costs):
    short = rank_kind("cleaning", query, listings)
    got = kept(short)
    assert set(got) == set(costs)
    for item in short.items:
        assert item.values["cost"] == pytest.approx(costs[item.candidate.key], abs=0.01)
        assert _incomparable(item.candidate) == []
    assert not any("could not be compared" in n for n in short.notes), short.notes


def test_a_cost_left_out_over_budget_is_no_unchecked_budget_either():
    short = rank_kind("cleaning", "limpieza de oficina de 200 m² en Bilbao, 3 días a la "
                      "semana, presupuesto mensual máximo 600 €",
                      {"caro": "Limpiezas Nervión: 0,90 €/m² por servicio."})
    assert list(left_out(short)) == ["caro"]
    assert _incomparable(left_out(short)["caro"]) == []
    assert short.notes == []


@pytest.mark.parametrize("kind, query, listings, uncosted", [
    # trades: a rate per hour with no hours asked: the job's cost is unknown, as it says
    ("trades", "electricista en Madrid para instalar 4 enchufes, máximo 200 €",
     {"sol": "Electro Sol: 35 € por enchufe.", "luz": "Luz Rápida: 40 €/hora."}, "luz"),
    ("trades", "electrician in Leeds to fit 3 sockets, under £250",
     {"spark": "Spark Ltd: £60 per socket fitted.", "volt": "Volt Bros: £45 per hour."}, "volt"),
    # cleaning: a rate per hour, no hours and no visits asked against a monthly budget
    ("cleaning", "cleaner in Bath, under £300 a month", {"bath": "Bath Maids: £15/hr."}, "bath"),
])
def test_a_cost_the_kind_could_not_work_out_keeps_the_flag_and_the_note(kind, query, listings,
                                                                        uncosted):
    short = rank_kind(kind, query, listings)
    assert _incomparable(kept(short)[uncosted])
    assert any("could not be compared" in n for n in short.notes)
    for key, c in kept(short).items():
        if key != uncosted:
            assert _incomparable(c) == []
