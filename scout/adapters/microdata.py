"""schema.org microdata (``itemscope`` / ``itemtype`` / ``itemprop``) → JSON-LD-shaped dicts.

Many shops and hotel sites describe their entity in the markup itself rather than in a
JSON-LD block::

    <div itemscope itemtype="http://schema.org/Product">
      <h1 itemprop="name">Executive Anvil</h1>
      <span itemprop="offers" itemscope itemtype="http://schema.org/Offer">
        <meta itemprop="price" content="119.99"> …

Each top-level item (an ``itemscope`` that is not itself some item's property) becomes a
dict like a JSON-LD node — ``{"@type": "Product", "name": "Executive Anvil", "offers":
{"@type": "Offer", "price": "119.99"}}`` — so :mod:`scout.adapters.jsonld` reads both
the same way. Values follow the HTML microdata rules: ``content`` of ``<meta>`` (and of
any element that has a non-empty one, as search engines read it), ``href`` of
``<a>``/``<link>``/``<area>``, ``src`` of media, ``datetime`` of ``<time>``, ``value`` of
``<data>``/``<meter>``, else the element's text. A property given twice becomes a list.
``itemref`` is not followed (rare in practice). Bounded: at most ``MAX_ITEMS`` items and
``MAX_NODES`` elements are looked at, without recursion.
"""

from __future__ import annotations

from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

MAX_ITEMS = 200
MAX_NODES = 50_000
MAX_TEXT = 2000

_URL_ATTR = {"a": "href", "area": "href", "link": "href", "audio": "src", "embed": "src",
             "iframe": "src", "img": "src", "source": "src", "track": "src", "video": "src",
             "object": "data"}


def _attr(node: LexborNode, name: str) -> str | None:
    value = node.attributes.get(name)
    return value.strip() if isinstance(value, str) else None


def _types(itemtype: str | None) -> str | list[str] | None:
    names = [t.rstrip("/").rsplit("/", 1)[-1].rsplit("#", 1)[-1]
             for t in (itemtype or "").split()]
    names = [n for n in names if n]
    if not names:
        return None
    return names[0] if len(names) == 1 else names


def _value(node: LexborNode) -> str:
    tag = node.tag
    content = _attr(node, "content")
    if tag == "meta" or content:
        # shops put the machine-readable value in ``content`` of any element, the shown
        # one in its text (``<span itemprop="price" content="1234.5">1.234,50 €</span>``):
        # search engines read the attribute, and so does scout
        return content or ""
    if tag in _URL_ATTR:
        return _attr(node, _URL_ATTR[tag]) or ""
    if tag in ("data", "meter"):
        return _attr(node, "value") or ""
    if tag == "time":
        return _attr(node, "datetime") or " ".join(node.text(deep=True).split())
    return " ".join(node.text(deep=True).split())[:MAX_TEXT]


def _add(item: dict[str, Any], names: str, value: Any) -> None:
    for name in names.split():
        if name in item:
            existing = item[name]
            item[name] = (existing if isinstance(existing, list) else [existing]) + [value]
        else:
            item[name] = value


def _children(node: LexborNode) -> list[LexborNode]:
    out = []
    child = node.child
    while child is not None:
        if child.tag and not child.tag.startswith("-"):  # elements only (not text/comments)
            out.append(child)
        child = child.next
    return out


def read_microdata(tree: LexborHTMLParser) -> list[dict[str, Any]]:
    """The page's top-level microdata items, in document order."""
    root = tree.root
    if root is None:
        return []
    items: list[dict[str, Any]] = []
    budget = MAX_NODES
    # (element, the item its properties belong to or None); children pushed reversed so
    # elements are visited in document order
    stack: list[tuple[LexborNode, dict[str, Any] | None]] = [(root, None)]
    while stack and budget > 0:
        node, owner = stack.pop()
        budget -= 1
        attrs = node.attributes
        prop = _attr(node, "itemprop")
        scope = "itemscope" in attrs
        target = owner
        if scope:
            item: dict[str, Any] = {}
            kind = _types(_attr(node, "itemtype"))
            if kind:
                item["@type"] = kind
            if _attr(node, "itemid"):
                item["@id"] = _attr(node, "itemid")
            if prop and owner is not None:
                _add(owner, prop, item)
            elif len(items) < MAX_ITEMS:
                items.append(item)
            else:
                continue
            target = item
        elif prop and owner is not None:
            # the element's descendants are still searched: a property belongs to the
            # nearest itemscope above it, whatever lies between
            _add(owner, prop, _value(node))
        stack.extend((child, target) for child in reversed(_children(node)))
    return items
