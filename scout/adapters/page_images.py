"""A page's own photos: ``og:image`` (and ``og:image:secure_url``) and JSON-LD ``image``.

JSON-LD ``image`` comes as a URL string, a list of them, an ``ImageObject``
(``url`` / ``contentUrl``) or a list of those, on the page's main entity or any node of
its ``@graph``. Relative and protocol-relative URLs are resolved against the page's
final URL; only http(s) URLs are kept, in page order, without repeats.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import httpx

MAX_IMAGES = 12


def _urls(value: Any, depth: int = 0) -> Iterable[str]:
    if depth > 4:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value[:50]:
            yield from _urls(v, depth + 1)
    elif isinstance(value, dict):
        for key in ("url", "contentUrl", "@id"):
            if isinstance(value.get(key), str):
                yield value[key]
                return


def _nodes(blocks: list[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for block in blocks:
        if not isinstance(block, dict):
            continue
        yield block
        graph = block.get("@graph")
        if isinstance(graph, list):
            yield from (n for n in graph if isinstance(n, dict))


def page_images(base_url: str, opengraph: dict[str, str], jsonld: list[dict[str, Any]],
                microdata: list[dict[str, Any]] | None = None) -> list[str]:
    """The page's own image URLs, absolute, og:image first."""
    raw: list[str] = []
    for key in ("og:image:secure_url", "og:image", "og:image:url"):
        if opengraph.get(key):
            raw.append(opengraph[key])
    for node in _nodes(list(jsonld) + list(microdata or [])):
        raw.extend(_urls(node.get("image")))
        raw.extend(_urls(node.get("photo")))
    out: list[str] = []
    try:
        base = httpx.URL(base_url)
    except (httpx.InvalidURL, TypeError):
        return []
    for value in raw:
        value = value.strip()
        if not value or len(value) > 4096:
            continue
        try:
            url = base.join(value)
        except (httpx.InvalidURL, TypeError, ValueError):
            continue
        text = str(url)
        if url.scheme in ("http", "https") and text not in out:
            out.append(text)
        if len(out) >= MAX_IMAGES:
            break
    return out
