"""Every example kind whose rank names values (``with.values``) shows them in its report as
rank worked them out (``item.values.<name>``), never adding a price up again itself: a
template that did (examples/attractions' group total, examples/solar's price per Wp) showed
another figure than the filter, the order and the synthesis whenever rank converted the
price or a value read more than it (docs/authoring.md, rank ``values``).

A static check over the examples, not ``scout validate``: a kind without values may well
show a figure of its own from the price as its page states it (the price for the hours
asked, to say how it was worked out), so a rule for every template would warn of those."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PRICE = ("price", "price_converted")
ARITHMETIC = ("Add", "Sub", "Mul", "Div", "FloorDiv", "Mod")


def _kinds_with_values() -> list[tuple[Path, dict[str, str]]]:
    """(the report template, rank's values) of each example whose rank names values."""
    out = []
    for pipeline in sorted(EXAMPLES.glob("*/pipelines/*.yaml")):
        doc = yaml.safe_load(pipeline.read_text(encoding="utf-8")) or {}
        phases = (doc.get("phases") or {}).values()
        values = next((p["with"]["values"] for p in phases
                       if p.get("uses") == "rank" and (p.get("with") or {}).get("values")), None)
        templates = [p["with"]["template"] for p in phases
                     if p.get("uses") == "report" and (p.get("with") or {}).get("template")]
        for name in templates if values else []:
            out.append((pipeline.parent.parent / "templates" / name, values))
    return out


def _reads_price(node: Any, prices: set[str]) -> bool:
    """Whether ``node`` is a record's price (``c.price``, ``c.price_converted``) or a name
    set from one (``{% set p = c.price %}``)."""
    from jinja2 import nodes

    if isinstance(node, nodes.Getattr) and node.attr in PRICE:
        return not (isinstance(node.node, nodes.Name) and node.node.name == "task")
    return isinstance(node, nodes.Name) and node.name in prices


def _raw_amounts(node: Any, prices: set[str], amounts: set[str]) -> list[Any]:
    """The reads of a price's amount under ``node`` (``c.price.amount``, ``p.amount``) and
    of names set from one (``{% set adult = c.price.amount %}``)."""
    from jinja2 import nodes

    return [n for n in (node, *node.find_all((nodes.Getattr, nodes.Name)))
            if isinstance(n, nodes.Getattr) and n.attr == "amount" and _reads_price(n.node, prices)
            or isinstance(n, nodes.Name) and n.name in amounts and n.ctx == "load"]


def recomputed(source: str) -> list[str]:
    """The expressions of a template that do arithmetic with a record's price."""
    from jinja2 import nodes

    from scout.spec.templating import make_env

    tree = make_env().parse(source)
    prices: set[str] = set()   # names that hold a record's price
    amounts: set[str] = set()  # names that hold its amount, or a figure worked from it
    for assign in tree.find_all(nodes.Assign):  # in the order written
        if not isinstance(assign.target, nodes.Name):
            continue
        if _raw_amounts(assign.node, prices, amounts):
            amounts.add(assign.target.name)
        elif any(_reads_price(n, prices) for n in (assign.node, *assign.node.find_all(
                (nodes.Getattr, nodes.Name)))):
            prices.add(assign.target.name)
    found = []
    for kind in ARITHMETIC:
        for node in tree.find_all(getattr(nodes, kind)):
            if _raw_amounts(node, prices, amounts):
                found.append(f"line {node.lineno}: {kind} of a price's amount")
    return found


@pytest.mark.parametrize("source, bad", [
    ("{% set adult = c.price.amount %}{{ adult }}", False),  # the amount alone, shown
    ("{% set adult = c.price.amount %}{{ adults * adult }}", True),
    ("{% set cur = (c.price_converted or c.price).currency %}{{ item.values.x * 2 }}", False),
    ("{{ c.price.amount * task.adults }}", True),
    ("{% set p = c.price_converted or c.price %}{{ p.amount / m2 }}", True),
    ("{% for item in items %}{{ item.candidate.price.amount + 3 }}{% endfor %}", True),
    ("{{ item.values.group_total / heads }}", False),
    ("{{ task.budget.amount * 2 }}", False),
    ("{{ {'amount': item.values.per_wp * watts, 'currency': cur} | money }}", False),
])
def test_the_check_sees_a_price_worked_out_again(source: str, bad: bool) -> None:
    assert bool(recomputed(source)) is bad


def test_the_check_runs_on_every_kind_with_values() -> None:
    names = {path.parent.parent.name for path, _ in _kinds_with_values()}
    assert {"attractions", "solar"} <= names


@pytest.mark.parametrize("template, values", _kinds_with_values(),
                         ids=lambda x: x.parent.parent.name if isinstance(x, Path) else "")
def test_a_kinds_template_reads_ranks_values(template: Path, values: dict[str, str]) -> None:
    source = template.read_text(encoding="utf-8")
    assert recomputed(source) == [], f"{template}: read item.values instead"
    assert "item.values" in source or ".values." in source, \
        f"{template} shows none of rank's values ({', '.join(values)})"
