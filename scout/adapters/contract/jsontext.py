"""JSON from outside read as text scout can write: no lone surrogate in any string.

JSON may escape one half of a UTF-16 surrogate pair on its own (``"\\ud800"``), and
Python's parser gives it back as a lone surrogate: a ``str`` that no UTF-8 file, pydantic
JSON dump, hash or terminal accepts. A search API's title, a chat model's answer or a
page's JSON-LD carrying one stopped the mission at the first write of what it read
(``report.json``, the artifacts, the state log). :func:`loads` parses as ``json.loads``
does and writes each lone surrogate as U+FFFD, the character a decoder writes for bytes
it cannot read; a proper pair (``"\\ud83d\\ude00"``) is one character and stays.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: a surrogate's \\u escape in the raw JSON: only then can the parsed text hold one
_ESCAPED = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_ESCAPED_BYTES = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE = re.compile("[\ud800-\udfff]")


def _text(value: str) -> str:
    return _LONE.sub("\ufffd", value) if _LONE.search(value) else value


def without_lone_surrogates(data: Any) -> Any:
    """``data`` (parsed JSON: strings, lists, dicts, numbers) with every lone surrogate in
    its strings and keys written U+FFFD; lists and dicts are changed in place, walked
    without recursion (JSON as deep as the parser took)."""
    if isinstance(data, str):
        return _text(data)
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            for i, value in enumerate(node):
                if isinstance(value, str):
                    node[i] = _text(value)
                elif isinstance(value, (list, dict)):
                    stack.append(value)
        elif isinstance(node, dict):
            for key in list(node):
                value = node[key]
                if isinstance(value, str):
                    node[key] = _text(value)
                elif isinstance(value, (list, dict)):
                    stack.append(value)
                if isinstance(key, str) and _LONE.search(key):
                    node[_text(key)] = node.pop(key)
    return data


def loads(raw: str | bytes, **kwargs: Any) -> Any:
    """``json.loads(raw, **kwargs)`` with no lone surrogate left in what it returns (its
    errors are ``json.loads``'s)."""
    data = json.loads(raw, **kwargs)
    if isinstance(raw, str):
        escaped = _ESCAPED.search(raw) is not None
    else:  # UTF-16 or UTF-32 JSON (NULs in its first bytes) is not searched as bytes
        escaped = _ESCAPED_BYTES.search(raw) is not None or b"\x00" in raw[:4]
    return without_lone_surrogates(data) if escaped else data
