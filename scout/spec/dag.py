"""The phase graph, on the small stdlib digraph of scout.spec.digraph.

``build_graph`` turns a pipeline into a DiGraph (edge producer → consumer for every
``needs`` an upstream phase produces). ``graph_problems`` enforces the graph rules of
the spec language — no cycles (printed as ``F2 -> F4 -> F2``) and no dependency between
phases of one ``parallel_group`` — and ``PhaseGraph`` answers what the scheduler asks:
topological order, waves, upstream and downstream sets.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scout.errors import Problem
from scout.spec.digraph import (DiGraph, find_cycle, generations, reachable,
                                strongly_connected_components, topological_sort)
from scout.spec.models import Pipeline
from scout.spec.yamlload import SourceMap


def build_graph(pipeline: Pipeline) -> DiGraph:
    g = DiGraph()
    producer: dict[str, str] = {}
    for pid, phase in pipeline.phases.items():
        g.add_node(pid)
        for art in phase.produces:
            producer.setdefault(art, pid)
    for pid, phase in pipeline.phases.items():
        for need in phase.need_names:
            src = producer.get(need)
            if src is not None and src != pid:
                if g.has_edge(src, pid):
                    g[src][pid]["artifacts"].append(need)
                else:
                    g.add_edge(src, pid, artifacts=[need])
            elif src == pid:
                g.add_edge(pid, pid, artifacts=[need])
    return g


def graph_problems(pipeline: Pipeline, smap: SourceMap, g: DiGraph | None = None) -> list[Problem]:
    g = g if g is not None else build_graph(pipeline)
    problems: list[Problem] = []
    cyclic: set[str] = set()
    comps = strongly_connected_components(g)
    if any(len(c) > 1 or g.has_edge(next(iter(c)), next(iter(c))) for c in comps):
        # report each cycle once, by strongly connected component
        for comp in comps:
            if len(comp) == 1:
                (only,) = comp
                if not g.has_edge(only, only):
                    continue
            sub = g.subgraph(comp)
            cycle_edges = find_cycle(sub)
            path = [u for u, _ in cycle_edges] + [cycle_edges[0][0]]
            start = min(path[:-1], key=lambda p: list(pipeline.phases).index(p))
            i = path.index(start)
            ordered = path[i:-1] + path[:i] + [start]
            cyclic |= comp
            problems.append(
                Problem("SPEC022", "dependency cycle: " + " -> ".join(ordered),
                        smap.locate(("phases", start, "needs")),
                        hint="a phase cannot need, directly or through others, what it produces")
            )
    problems += _group_problems(pipeline, smap, g, cyclic)
    return problems


def _group_problems(
    pipeline: Pipeline, smap: SourceMap, g: DiGraph, cyclic: set[str]
) -> list[Problem]:
    groups: dict[str, list[str]] = {}
    for pid, phase in pipeline.phases.items():
        if phase.parallel_group is not None and pid not in cyclic:
            groups.setdefault(phase.parallel_group, []).append(pid)
    groups = {k: v for k, v in groups.items() if len(v) > 1}
    if not groups:
        return []
    acyclic = g.subgraph(n for n in g if n not in cyclic)
    index = {pid: i for i, pid in enumerate(pipeline.phases)}
    order = topological_sort(acyclic, key=index.__getitem__)
    pos = {v: i for i, v in enumerate(order)}
    succs = {v: list(acyclic.successors(v)) for v in order}  # plain lists: views are slow
    preds = {v: list(acyclic.predecessors(v)) for v in order}
    problems = []
    for name, members in groups.items():
        # A member depends on another iff it lies in the forward cone of one. Walk only
        # that cone, cut at the last member (in topological order): for the usual local
        # groups this touches a handful of phases, not the whole pipeline.
        member_set = set(members)
        hi = max(pos[m] for m in members)
        cone: set[str] = set(members)
        stack = list(members)
        while stack:
            for w in succs[stack.pop()]:
                if w not in cone and pos[w] <= hi:
                    cone.add(w)
                    stack.append(w)
        reach: dict[str, str | None] = {}  # a member found upstream of a phase, if any
        for v in sorted(cone, key=pos.__getitem__):
            found = None
            for u in preds[v]:
                if u in member_set:
                    found = u
                    break
                if reach.get(u):
                    found = reach[u]
                    break
            reach[v] = found
            if v in member_set and found is not None:
                problems.append(
                    Problem(
                        "SPEC023",
                        f"phases '{found}' and '{v}' are both in parallel_group {name!r}, "
                        f"but '{v}' depends on '{found}'",
                        smap.locate(("phases", v, "parallel_group")),
                        hint="phases of one group must be independent; move one to another group",
                    )
                )
    return problems


@dataclass
class PhaseGraph:
    """A validated, acyclic phase graph with the queries the runner needs."""

    pipeline: Pipeline
    graph: DiGraph

    @classmethod
    def of(cls, pipeline: Pipeline) -> "PhaseGraph":
        return cls(pipeline, build_graph(pipeline))

    def order(self) -> list[str]:
        """Topological order, ties broken by declaration order (deterministic)."""
        index = {pid: i for i, pid in enumerate(self.pipeline.phases)}
        return topological_sort(self.graph, key=index.__getitem__)

    def waves(self) -> list[list[str]]:
        index = {pid: i for i, pid in enumerate(self.pipeline.phases)}
        return [sorted(gen, key=index.__getitem__) for gen in generations(self.graph)]

    def upstream(self, pid: str) -> set[str]:
        return reachable(self.graph.predecessors, pid)

    def downstream(self, pid: str) -> set[str]:
        return reachable(self.graph.successors, pid)

    def predecessors(self, pid: str) -> list[str]:
        return list(self.graph.predecessors(pid))

    def successors(self, pid: str) -> list[str]:
        return list(self.graph.successors(pid))

    # --- renderings for `scout graph` ---------------------------------------------

    def to_mermaid(self, states: dict[str, str] | None = None) -> str:
        lines = ["flowchart TD"]
        for pid in self.order():
            phase = self.pipeline.phases[pid]
            label = f"{pid}: {phase.uses}"
            if phase.for_each:
                label += f" x {phase.for_each}"
            if states and pid in states:
                label += f" [{states[pid]}]"
            lines.append(f'    {_mid(pid)}["{_esc(label)}"]')
        for u, v, data in self.graph.edges(data=True):
            lines.append(f'    {_mid(u)} -->|{_esc(", ".join(data["artifacts"]))}| {_mid(v)}')
        groups: dict[str, list[str]] = {}
        for pid, phase in self.pipeline.phases.items():
            if phase.parallel_group is not None:
                groups.setdefault(phase.parallel_group, []).append(pid)
        for name, members in groups.items():
            lines.append(f"    subgraph group_{_mid(str(name))} [parallel group {_esc(str(name))}]")
            lines += [f"        {_mid(m)}" for m in members]
            lines.append("    end")
        if states:
            for cls, color in _STATE_COLORS.items():
                members = [_mid(p) for p, s in states.items() if s == cls]
                if members:
                    lines.append(f"    classDef {cls} fill:{color}")
                    lines.append(f"    class {','.join(members)} {cls}")
        return "\n".join(lines) + "\n"

    def to_dot(self) -> str:
        lines = [f'digraph "{self.pipeline.name}" {{', "  rankdir=TB;"]
        for pid in self.order():
            phase = self.pipeline.phases[pid]
            lines.append(f'  "{pid}" [label="{pid}\\n{phase.uses}"];')
        for u, v, data in self.graph.edges(data=True):
            lines.append(f'  "{u}" -> "{v}" [label="{", ".join(data["artifacts"])}"];')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> str:
        return json.dumps(
            {
                "pipeline": self.pipeline.name,
                "order": self.order(),
                "waves": self.waves(),
                "nodes": [
                    {
                        "id": pid,
                        "uses": p.uses,
                        "needs": p.needs,
                        "produces": p.produces,
                        "parallel_group": p.parallel_group,
                        "for_each": p.for_each,
                    }
                    for pid, p in self.pipeline.phases.items()
                ],
                "edges": [
                    {"from": u, "to": v, "artifacts": d["artifacts"]}
                    for u, v, d in self.graph.edges(data=True)
                ],
            },
            indent=2,
        ) + "\n"


_STATE_COLORS = {
    "succeeded": "#c8f7c5",
    "succeeded_partial": "#fff3b0",
    "failed_terminal": "#f7c5c5",
    "failed_retryable": "#f7dcc5",
    "skipped": "#e0e0e0",
    "blocked_missing_input": "#e0d0f0",
    "stale": "#d0e0f0",
    "running": "#c5e0f7",
    "pending": "#ffffff",
}


def _mid(pid: str) -> str:
    return "".join(c if c.isalnum() or c == "_" else "_" for c in pid)


def _esc(text: str) -> str:
    return text.replace('"', "'").replace("|", "/")


def producers(pipeline: Pipeline) -> dict[str, str]:
    """Artifact name -> the phase that produces it (the first, in declaration order)."""
    out: dict[str, str] = {}
    for pid, ph in pipeline.phases.items():
        for art in ph.produces:
            out.setdefault(art, pid)
    return out
