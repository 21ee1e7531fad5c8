"""The phase graph (scout.spec.dag): order, waves, cycles, parallel groups."""

from __future__ import annotations

import json

from scout.spec.dag import PhaseGraph, build_graph, graph_problems
from scout.spec.loader import load_spec_text


def _spec(phases: str, name: str = "g"):
    text = f"apiVersion: scout/v1\nname: {name}\nphases:\n{phases}"
    spec, problems = load_spec_text(text, "g.yaml")
    assert spec is not None and not problems, problems
    return spec


DIAMOND = """\
  F0: {uses: task, produces: [task]}
  A: {uses: rank, needs: [task], produces: [a], with: {items: task}}
  B: {uses: rank, needs: [task], produces: [b], with: {items: task}}
  C: {uses: rank, needs: [a, b], produces: [c], with: {items: a}}
  D: {uses: rank, needs: [task], produces: [d], with: {items: task}}
"""


def test_order_is_topological_with_declaration_order_ties() -> None:
    g = PhaseGraph.of(_spec(DIAMOND).model)
    assert g.order() == ["F0", "A", "B", "C", "D"]
    assert g.waves() == [["F0"], ["A", "B", "D"], ["C"]]


def test_upstream_downstream_and_neighbours() -> None:
    g = PhaseGraph.of(_spec(DIAMOND).model)
    assert g.upstream("C") == {"F0", "A", "B"}
    assert g.downstream("F0") == {"A", "B", "C", "D"}
    assert g.downstream("D") == set()
    assert sorted(g.predecessors("C")) == ["A", "B"]
    assert g.successors("A") == ["C"]


def test_edges_carry_the_artifacts_and_optional_needs_count() -> None:
    spec = _spec("""\
  F0: {uses: task, produces: [task]}
  A: {uses: rank, needs: [task], produces: [a, a2], with: {items: task}}
  B: {uses: rank, needs: [a, "a2?", task], produces: [b], with: {items: a}}
""")
    g = build_graph(spec.model)
    assert g["A"]["B"]["artifacts"] == ["a", "a2"]
    assert g.has_edge("F0", "B")


def test_cycle_is_reported_once_as_a_path_from_its_first_phase() -> None:
    spec = _spec("""\
  F0: {uses: task, produces: [task]}
  F2: {uses: rank, needs: [task, prices], produces: [reviews], with: {items: task}}
  F3: {uses: rank, needs: [task], produces: [other], with: {items: task}}
  F4: {uses: rank, needs: [reviews], produces: [prices], with: {items: reviews}}
""")
    problems = graph_problems(spec.model, spec.source_map)
    assert [p.code for p in problems] == ["SPEC022"]
    assert problems[0].message == "dependency cycle: F2 -> F4 -> F2"
    assert problems[0].location.line == 5  # F2's needs


def test_two_separate_cycles_are_two_problems() -> None:
    spec = _spec("""\
  A: {uses: rank, needs: [b], produces: [a], with: {items: b}}
  B: {uses: rank, needs: [a], produces: [b], with: {items: a}}
  C: {uses: rank, needs: [c], produces: [c], with: {items: c}}
""")
    msgs = sorted(p.message for p in graph_problems(spec.model, spec.source_map))
    assert msgs == ["dependency cycle: A -> B -> A", "dependency cycle: C -> C"]


GROUPS = """\
  F0: {uses: task, produces: [task]}
  F1: {uses: rank, needs: [task], produces: [cands], with: {items: task}, parallel_group: 1}
  M: {uses: rank, needs: [cands], produces: [mid], with: {items: cands}}
  F2: {uses: rank, needs: [mid], produces: [r], with: {items: mid}, parallel_group: 1}
  F3: {uses: rank, needs: [task], produces: [p], with: {items: task}, parallel_group: "1"}
  F4: {uses: rank, needs: [task], produces: [q], with: {items: task}, parallel_group: two}
  F5: {uses: rank, needs: [p], produces: [s], with: {items: p}, parallel_group: three}
"""


def test_parallel_group_dependencies_direct_and_transitive() -> None:
    spec = _spec(GROUPS)
    problems = graph_problems(spec.model, spec.source_map)
    assert [(p.code, p.location.line) for p in problems] == [("SPEC023", 7)]
    assert "'F2' depends on 'F1'" in problems[0].message  # through M, outside the group
    assert "parallel_group '1'" in problems[0].message  # 1 and "1" are the same group


def test_independent_group_members_are_fine_and_run_in_one_wave() -> None:
    spec = _spec("""\
  F0: {uses: task, produces: [task]}
  A: {uses: rank, needs: [task], produces: [a], with: {items: task}, parallel_group: g}
  B: {uses: rank, needs: [task], produces: [b], with: {items: task}, parallel_group: g}
  C: {uses: rank, needs: [a, b], produces: [c], with: {items: a}}
""")
    assert graph_problems(spec.model, spec.source_map) == []
    assert PhaseGraph.of(spec.model).waves() == [["F0"], ["A", "B"], ["C"]]


def test_group_member_inside_a_cycle_does_not_crash_the_group_check() -> None:
    spec = _spec("""\
  A: {uses: rank, needs: [b], produces: [a], with: {items: b}, parallel_group: g}
  B: {uses: rank, needs: [a], produces: [b], with: {items: a}, parallel_group: g}
  C: {uses: rank, needs: [z], produces: [c], with: {items: z}, parallel_group: g}
  Z: {uses: rank, produces: [z], with: {items: z}, parallel_group: g}
""")
    codes = sorted(p.code for p in graph_problems(spec.model, spec.source_map))
    assert codes == ["SPEC022", "SPEC023"]


def test_group_check_is_local_on_long_chains() -> None:
    """Many groups along a long chain: each group only walks its own cone."""
    lines = ["  F0: {uses: task, produces: [task]}"]
    prev = "task"
    for i in range(300):
        lines.append(f"  S{i}: {{uses: rank, needs: [{prev}], produces: [s{i}], "
                     f"with: {{items: {prev}}}}}")
        for m in "AB":
            lines.append(f"  {m}{i}: {{uses: rank, needs: [s{i}], produces: [{m.lower()}{i}], "
                         f"with: {{items: s{i}}}, parallel_group: g{i}}}")
        prev = f"a{i}"
    spec = _spec("\n".join(lines) + "\n")
    assert graph_problems(spec.model, spec.source_map) == []


def test_renderings() -> None:
    spec = _spec(GROUPS.replace("parallel_group: 1}", "parallel_group: x}", 1))
    g = PhaseGraph.of(spec.model)
    mermaid = g.to_mermaid(states={"F0": "succeeded", "F1": "failed_terminal"})
    assert mermaid.startswith("flowchart TD\n")
    assert '    F0 -->|task| F1' in mermaid
    assert "subgraph group_two [parallel group two]" in mermaid
    assert "class F0 succeeded" in mermaid and "classDef failed_terminal" in mermaid
    dot = g.to_dot()
    assert dot.startswith('digraph "g" {') and '"F1" -> "M" [label="cands"];' in dot
    data = json.loads(g.to_json())
    assert data["order"][0] == "F0"
    assert {"from": "F1", "to": "M", "artifacts": ["cands"]} in data["edges"]
    assert data["waves"] == [list(w) for w in g.waves()]
