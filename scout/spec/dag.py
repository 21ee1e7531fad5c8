"""The phase graph (a small stdlib digraph: importing networkx cost `scout validate`
most of its start-up, issue 15 §9).

``build_graph`` turns a pipeline into a DiGraph (edge producer → consumer for every
``needs`` an upstream phase produces). ``graph_problems`` enforces the graph rules of
the spec language — no cycles (printed as ``F2 -> F4 -> F2``) and no dependency between
phases of one ``parallel_group`` — and ``PhaseGraph`` answers what the scheduler asks:
topological order, waves, upstream and downstream sets.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from scout.errors import Problem
from scout.spec.models import Pipeline
from scout.spec.yamlload import SourceMap


class DiGraph:
    """Nodes and edges in insertion order, with data on each edge (what scout needs of a
    digraph; iteration order is that of networkx's DiGraph, which it replaces)."""

    def __init__(self) -> None:
        self._succ: dict[str, dict[str, dict[str, Any]]] = {}
        self._pred: dict[str, dict[str, dict[str, Any]]] = {}

    def add_node(self, n: str) -> None:
        if n not in self._succ:
            self._succ[n], self._pred[n] = {}, {}

    def add_edge(self, u: str, v: str, **data: Any) -> None:
        self.add_node(u)
        self.add_node(v)
        self._succ[u][v] = self._pred[v][u] = data

    def has_edge(self, u: str, v: str) -> bool:
        return v in self._succ.get(u, {})

    def __getitem__(self, u: str) -> dict[str, dict[str, Any]]:
        return self._succ[u]

    def __iter__(self) -> Iterator[str]:
        return iter(self._succ)

    def __contains__(self, n: object) -> bool:
        return n in self._succ

    def successors(self, n: str) -> Iterator[str]:
        return iter(self._succ[n])

    def predecessors(self, n: str) -> Iterator[str]:
        return iter(self._pred[n])

    def edges(self, data: bool = False) -> list[Any]:
        return [(u, v, d) if data else (u, v) for u, nbrs in self._succ.items()
                for v, d in nbrs.items()]

    def subgraph(self, nodes: Iterable[str]) -> "DiGraph":
        keep = set(nodes)
        sub = DiGraph()
        for n in self._succ:
            if n in keep:
                sub.add_node(n)
        for u, v, d in self.edges(data=True):
            if u in keep and v in keep:
                sub._succ[u][v] = sub._pred[v][u] = d
        return sub


def strongly_connected_components(g: DiGraph) -> list[set[str]]:
    """Tarjan's algorithm, iterative (no recursion limit on long chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[set[str]] = []
    counter = 0
    for root in g:
        if root in index:
            continue
        work = [(root, iter(list(g.successors(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(list(g.successors(w)))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    out.append(comp)
    return out


def find_cycle(g: DiGraph) -> list[tuple[str, str]]:
    """The edges of the first cycle a depth-first walk (nodes and edges in order) meets."""
    done: set[str] = set()
    for root in g:
        if root in done:
            continue
        path: list[str] = [root]
        on_path = {root}
        iters = [iter(list(g.successors(root)))]
        while iters:
            for w in iters[-1]:
                if w in on_path:
                    i = path.index(w)
                    cyc = path[i:]
                    return [(cyc[k], cyc[(k + 1) % len(cyc)]) for k in range(len(cyc))]
                if w not in done:
                    path.append(w)
                    on_path.add(w)
                    iters.append(iter(list(g.successors(w))))
                    break
            else:
                iters.pop()
                n = path.pop()
                on_path.discard(n)
                done.add(n)
    return []


def topological_sort(g: DiGraph, key: Callable[[str], int]) -> list[str]:
    """Topological order, ties broken by ``key`` (smallest first); raises on a cycle."""
    indeg = {n: len(g._pred[n]) for n in g}
    ready = [(key(n), n) for n, d in indeg.items() if d == 0]
    heapq.heapify(ready)
    out = []
    while ready:
        _, n = heapq.heappop(ready)
        out.append(n)
        for w in g.successors(n):
            indeg[w] -= 1
            if indeg[w] == 0:
                heapq.heappush(ready, (key(w), w))
    if len(out) != len(indeg):
        raise ValueError("the graph has a cycle")
    return out


def generations(g: DiGraph) -> list[list[str]]:
    indeg = {n: len(g._pred[n]) for n in g}
    gen = [n for n, d in indeg.items() if d == 0]
    out = []
    while gen:
        out.append(gen)
        nxt = []
        for n in gen:
            for w in g.successors(n):
                indeg[w] -= 1
                if indeg[w] == 0:
                    nxt.append(w)
        gen = nxt
    return out


def reachable(step: Callable[[str], Iterable[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(step(start))
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(step(n))
    seen.discard(start)
    return seen


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
