"""A small directed graph and the algorithms the phase graph needs (stdlib only: importing
networkx cost `scout validate` most of its start-up, issue 15 §9): strongly connected
components, the first cycle, a topological order with ties broken by a key, generations
(waves) and reachability. Nothing here knows about pipelines: that is scout.spec.dag.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from typing import Any


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
