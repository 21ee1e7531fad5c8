"""The money limit the keyless synthesis speaks of (scout/adapters/subjects.py,
conflicts.py): the money input rank holds the prices to, picked by one rule (the first
money input given, in the kind's declaration order: ``asked_money``), said with its unit
("0,15 €/kWh", never a bare "0,15 €" beside a price per kWh), and called a budget only
when it is the kind's budget, its first money input; a cap on a rate is named by its
label (``SynthesisRequest.money_label``, which the synthesize step fills)."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.adapters.subjects import Constraints
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money, Task, asked_money
from scout.steps.rank import _target_money

RATE = {"amount": 0.15, "currency": "EUR", "per": "kWh"}
MONTH = {"amount": 90, "currency": "EUR", "per": "month"}


def _text(lang: str, label: str) -> str:
    # declared as a kind declares them: the budget first, then a cap on the price per kWh
    types = {"budget": "money", "max_energy_price": "money"}
    price = Money(amount=0.1645, currency="EUR", per="kWh")
    req = SynthesisRequest(
        question="q", task={"budget": None, "max_energy_price": RATE}, task_types=types,
        lang=lang, money_label=label,
        subjects=[SubjectBrief(key="edp", name="EDP Luz", excluded=["over the limit"], price=price,
                               price_checked=price)],
        evidence=[EvidenceItem(url="https://edp.test/", title="EDP Luz", subject="edp",
                               kind="page", text="0,1645 €/kWh", price=price)])
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_a_cap_on_a_rate_is_named_by_its_label_with_its_unit() -> None:
    text = _text("es", "precio máximo por kWh")
    assert "0,15 €/kWh" in text and "0,1645 €/kWh" in text
    assert "presupuesto" not in text
    assert "precio máximo por kWh" in text
    english = _text("en", "maximum energy price")
    assert "budget" not in english and "maximum energy price" in english


def test_the_kind_s_budget_is_still_called_a_budget_with_its_unit() -> None:
    assert "presupuesto" in _text("es", "") and "0,15 €/kWh" in _text("es", "")


def test_the_money_asked_is_the_first_declared_one_for_rank_and_synthesis() -> None:
    """Two money inputs given: the first the kind declares is the limit, whatever the
    alphabet says (``zone_price`` before ``budget`` in the declaration)."""
    types = {"zone_price": "money", "budget": "money"}
    values = {"budget": MONTH, "zone_price": RATE}
    assert asked_money(types, values) == ("zone_price", Money.model_validate(RATE))
    assert Constraints.of({"values": values}, types).budget == Money.model_validate(RATE)
    task = Task(values=values, types=types)
    assert _target_money(task) == Money.model_validate(RATE)
    # declared the other way round, the other one
    flipped = {"budget": "money", "zone_price": "money"}
    assert Constraints.of({"values": values}, flipped).budget == Money.model_validate(MONTH)
    assert _target_money(Task(values=values, types=flipped)) == Money.model_validate(MONTH)
    # a Task read back from disk has its keys sorted: the pipeline's order still decides
    stored = Task(values=values, types=dict(sorted(types.items())))
    assert _target_money(stored, ["zone_price", "budget"]) == Money.model_validate(RATE)
    assert asked_money(stored.types, values, ["zone_price", "budget"])[0] == "zone_price"


def test_the_synthesize_step_labels_a_cap_on_a_rate_as_what_you_asked_does() -> None:
    """The energy kind (examples/energy) declares ``budget`` first, then
    ``max_energy_price``: asked alone, the cap per kWh is labelled with the kind's own
    words in Spanish; the budget itself gets no label (it is the budget)."""
    import datetime as dt
    from pathlib import Path

    from scout.config.loader import load_config
    from scout.spec.loader import load_pipeline
    from scout.spec.models import Pipeline
    from scout.stepkit.context import StepContext
    from scout.stepkit.params import SynthesizeParams
    from scout.steps.synthesize import _money_label

    project = Path(__file__).resolve().parents[2] / "examples" / "energy"
    pipe = load_pipeline(project / "pipelines" / "energy.yaml").model
    assert isinstance(pipe, Pipeline)
    types = {n: s.type for n, s in pipe.inputs.items()}

    def label(lang: str, **values: dict) -> str:
        ctx = StepContext(mission_id="m", phase_id="S", phase=next(iter(pipe.phases.values())),
                          pipeline=pipe, params=SynthesizeParams(), inputs={},
                          config=load_config(project.parents[1] / "config/adapters.yaml"),
                          root=project, run_dir=project, today=dt.date(2026, 12, 6))
        return _money_label(ctx, Task(values=values, types=types, lang=lang))

    assert label("es", max_energy_price=RATE) == "precio máximo por kWh"
    assert label("en", max_energy_price=RATE) not in ("", "max_energy_price")
    assert label("es", budget=MONTH, max_energy_price=RATE) == ""
    assert label("es") == ""


def _disagree(lang: str, label: str) -> str:
    # two sources state two rates: the sentence says which check uses the highest
    types = {"budget": "money", "max_energy_price": "money"}
    low, high = (Money(amount=a, currency="EUR", per="kWh") for a in (0.12, 0.1645))
    req = SynthesisRequest(
        question="q", task={"budget": None, "max_energy_price": RATE}, task_types=types,
        lang=lang, money_label=label,
        subjects=[SubjectBrief(key="edp", name="EDP Luz", price=high, price_checked=high)],
        evidence=[EvidenceItem(url="https://edp.test/", title="EDP Luz", subject="edp",
                               kind="page", text="0,12 €/kWh", price=low),
                  EvidenceItem(url="https://compara.test/", title="EDP Luz", subject="edp",
                               kind="page", text="0,1645 €/kWh", price=high)])
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(c.sentence.text for c in syn.conflicts)


def test_sources_disagreeing_on_a_rate_name_the_caps_label_not_a_budget() -> None:
    text = _disagree("es", "precio máximo por kWh")
    assert "no coinciden en el precio" in text and "presupuesto" not in text
    assert "(precio máximo por kWh)" in text
    english = _disagree("en", "maximum energy price")
    assert "budget" not in english and "(maximum energy price) uses the highest" in english
    # the kind's budget is still called one
    assert "budget check uses the highest" in _disagree("en", "")
