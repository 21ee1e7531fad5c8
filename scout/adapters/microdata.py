"""schema.org microdata (``itemscope`` / ``itemtype`` / ``itemprop``) and RDFa Lite
(``typeof`` / ``property``) → JSON-LD-shaped dicts.

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

RDFa Lite says the same with other attributes — ``<div vocab="http://schema.org/"
typeof="Product">`` … ``<span property="price" content="15000000">`` — and is read the
same way (an element with ``property`` and ``typeof`` is a nested item, as ``itemprop``
with ``itemscope`` is). Only schema.org's terms are read: bare ones (the page's
``vocab``), ``schema:`` ones and full schema.org URLs; other vocabularies' (``og:title``,
``dc:title``, ``foaf:Person``: a CMS's own markup) are left out, and an element that
uses microdata is read as microdata.
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


def _rdfa_terms(value: str | None, schema_vocab: bool) -> str | None:
    """The schema.org terms of an RDFa ``property`` or ``typeof`` ("schema:name",
    "http://schema.org/name", and "name" where the ``vocab`` in force is schema.org's),
    space-separated; None when it names none."""
    terms = []
    for token in (value or "").split():
        if "://" in token:
            if "schema.org/" not in token.lower():
                continue
            token = token.rstrip("/").rsplit("/", 1)[-1].rsplit("#", 1)[-1]
        elif ":" in token:
            prefix, _, token = token.partition(":")
            if prefix.lower() not in ("schema", "sdo"):
                continue
        elif not schema_vocab:
            continue
        if token:
            terms.append(token)
    return " ".join(terms) or None


#: properties that name the thing: on a link (``<a itemprop="name" href="/post/">Title</a>``,
#: as blogs and listings write it) the reader's words are the text, not the address
_NAMING = frozenset({"name", "headline", "alternateName", "title", "jobTitle"})


def _shown_name(node: LexborNode, prop: str) -> str | None:
    """The text of a link that carries a naming property, when it has some."""
    if node.tag in ("a", "area") and not _NAMING.isdisjoint(prop.split()):
        return " ".join(node.text(deep=True).split())[:MAX_TEXT] or None
    return None


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


def _rdfa_value(node: LexborNode) -> str:
    """An RDFa property's value: ``content``, else the address ``resource``, ``href`` or
    ``src`` names on any element (``<div property="url" href="…">``), else as microdata."""
    for name in ("content", "resource", "href", "src"):
        value = _attr(node, name)
        if value:
            return value
    return _value(node)


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
    # (element, the item its properties belong to or None, whether the RDFa vocab in
    # force is schema.org's); children pushed reversed so elements are visited in
    # document order
    stack: list[tuple[LexborNode, dict[str, Any] | None, bool]] = [(root, None, False)]
    while stack and budget > 0:
        node, owner, schema_vocab = stack.pop()
        budget -= 1
        attrs = node.attributes
        if "vocab" in attrs:
            schema_vocab = "schema.org" in (_attr(node, "vocab") or "").lower()
        prop = _attr(node, "itemprop")
        scope = "itemscope" in attrs
        kind = _types(_attr(node, "itemtype")) if scope else None
        ident = _attr(node, "itemid")
        value = _value
        if not scope and prop is None and ("property" in attrs or "typeof" in attrs):
            # RDFa Lite: a typeof of schema.org's opens an item, a property of its names one
            prop = _rdfa_terms(_attr(node, "property"), schema_vocab)
            kind = _types(_rdfa_terms(_attr(node, "typeof"), schema_vocab))
            scope = kind is not None
            ident = _attr(node, "resource") or _attr(node, "about")
            value = _rdfa_value
        target = owner
        if scope:
            item: dict[str, Any] = {}
            if kind:
                item["@type"] = kind
            if ident:
                item["@id"] = ident
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
            shown = None if _attr(node, "content") else _shown_name(node, prop)
            _add(owner, prop, shown or value(node))
        stack.extend((child, target, schema_vocab) for child in reversed(_children(node)))
    return items
