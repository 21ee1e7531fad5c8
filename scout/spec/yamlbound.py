"""How far a composed YAML node graph expands once its aliases are followed, bounded
before anything is built: a "billion laughs" (aliases of aliases) is refused by
:mod:`scout.spec.yamlload` in milliseconds, and readers of YAML that is not a spec (a
batch's query list) count what ``yaml.safe_load``'s result holds (:func:`expanded_entries`).
"""

from __future__ import annotations

import re

from yaml.nodes import MappingNode, Node, ScalarNode

#: The most mapping/list entries one file may expand to, aliases included. The 5,000-phase
#: benchmark spec has about 130,000; anything past this is an alias bomb, not a spec.
MAX_NODES = 1_000_000


def expanded_entries(node: Node, limit: int = MAX_NODES) -> int:
    """How many mapping/list entries ``node`` holds once its aliases are expanded (each
    use counted, as whoever walks ``yaml.safe_load``'s result meets them); past ``limit``
    it stops and returns more than ``limit``. For readers of YAML that is not a spec (a
    batch's query list): PyYAML builds a "billion laughs" cheaply, by reference, and the
    first ``str()`` or walk of the result takes minutes and gigabytes. Bounded, loops
    included."""
    stack = [node]
    count = 0
    while stack and count <= limit:
        item = stack.pop()
        if isinstance(item, ScalarNode):
            continue
        count += len(item.value)
        for child in item.value:
            if isinstance(child, tuple):  # a mapping's (key, value)
                stack.extend(child)
            else:
                stack.append(child)
    return count


#: an anchor and an alias as YAML writes them (after a space, a line's start or a flow
#: indicator): with none of either, no node is shared and the document is a tree
ANCHOR = re.compile(r"(?:^|[\s\[{,])&[^\s,\[\]{}]", re.M)
ALIAS = re.compile(r"(?:^|[\s\[{,])\*[^\s,\[\]{}]", re.M)


def _children(node: Node) -> list[Node]:
    """The mappings and lists right inside ``node`` (keys included)."""
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair if not isinstance(part, ScalarNode)]
    return [c for c in node.value if not isinstance(c, ScalarNode)]


def past_bound(root: Node) -> tuple[Node, bool] | None:
    """Where ``root`` expands past :data:`MAX_NODES` entries, counted on the node graph
    (each node once, its size kept) before anything is built, and whether a node is
    shared (an alias): the build's own budget stopped a "billion laughs" only after
    building a million entries and their positions (12 s and 250 MB). The node blamed is
    the innermost one past the bound: the anchor whose aliases multiply."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    shared = False
    stack: list[tuple[Node, bool]] = [] if isinstance(root, ScalarNode) else [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:  # children sized: capped, so the sum of a bomb's stays a small number
            sizes[key] = min(len(node.value) + sum(sizes.get(id(c), 0) for c in _children(node)),
                             MAX_NODES + 1)
            on_path.discard(key)
        elif key in sizes or key in on_path:  # an alias (or a loop, which the build names)
            shared = True
        else:
            on_path.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node))
    if sizes.get(id(root), 0) <= MAX_NODES:
        return None
    node, seen = root, {id(root)}
    while (inner := next((c for c in _children(node) if sizes.get(id(c), 0) > MAX_NODES
                          and id(c) not in seen), None)) is not None:
        node = inner  # (a loop of nodes is walked once)
        seen.add(id(node))
    return node, shared
