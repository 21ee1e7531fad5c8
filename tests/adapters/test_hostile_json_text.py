"""Lone surrogates escaped in outside JSON (``"\\ud800"``): a search API's result, a
streamed chat answer and a page's JSON-LD read as text scout can write (U+FFFD where the
half pair was), never a ``str`` that stops the mission at its first write."""

from __future__ import annotations

import json

import pytest

from scout.adapters.chat_stream import assemble
from scout.adapters.contract import SearchRequest
from scout.adapters.contract.http import make_client
from scout.adapters.contract.jsontext import loads, without_lone_surrogates
from scout.adapters.jsonld import parse_blocks
from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from tests.fakes.server import FakeServer, Reply

#: escapes of half pairs, either case, at a string's start, middle and end, in a key
HOSTILE = (b'{"results": [{"title": "\\ud800Casa \\uDFFFBonay\\udc00", '
           b'"url": "https://casabonay.test/", "content": "9.2 \\ud83d\\ude00 \\ud83d", '
           b'"\\udcffextra": ["\\ud800"]}]}')


def _writable(value: object) -> str:
    """``value`` as the run dir writes it: UTF-8 JSON (raises on a lone surrogate)."""
    text = json.dumps(value, ensure_ascii=False, default=lambda m: m.model_dump(mode="json"))
    text.encode("utf-8")
    return text


def test_loads_writes_each_half_pair_as_the_replacement_character() -> None:
    data = loads(HOSTILE)
    hit = data["results"][0]
    assert hit["title"] == "\ufffdCasa \ufffdBonay\ufffd"
    assert hit["content"] == "9.2 \U0001f600 \ufffd"  # a whole pair is one character
    assert hit["\ufffdextra"] == ["\ufffd"]
    _writable(data)
    assert loads(HOSTILE.decode()) == data
    # UTF-16 JSON is read by json.loads too, and checked without a byte search
    assert loads(HOSTILE.decode().encode("utf-16")) == data


def test_json_without_escaped_halves_is_left_as_parsed() -> None:
    text = '{"a": ["Málaga \\u00e9 \\ud83d\\ude00", 1, null]}'
    assert loads(text) == json.loads(text)


def test_the_walk_takes_json_as_deep_as_the_parser_does() -> None:
    deep: list[object] = ["\ud800"]
    for _ in range(50_000):  # far past Python's recursion limit
        deep = [deep]
    without_lone_surrogates(deep)
    inner = deep
    while isinstance(inner[0], list):
        inner = inner[0]
    assert inner == ["\ufffd"]


def test_a_search_api_answer_with_half_pairs_gives_writable_sources() -> None:
    with FakeServer() as api:
        api.route("GET", "/search", lambda req: Reply(200, HOSTILE))
        s = settings_for("searxng", {"type": "searxng"})
        with make_client(s) as client:
            adapter = ADAPTER_TYPES["searxng"].load()("searxng", settings_for(
                "searxng", {"type": "searxng", "base_url": api.url}), client)
            sources = adapter.call(SearchRequest(query="hotels", limit=5)).value
    assert [s.title for s in sources] == ["\ufffdCasa \ufffdBonay\ufffd"]
    assert "\ufffd" in _writable(sources)


def test_a_streamed_answer_with_half_pairs_is_writable() -> None:
    stream = ('data: {"choices": [{"delta": {"content": "Casa \\ud800Bonay"}}]}\n\n'
              'data: [DONE]\n')
    done = assemble(stream)
    assert done is not None
    assert "Casa \ufffdBonay" in _writable(done)


@pytest.mark.parametrize("block", ['{"@type": "Hotel", "name": "Casa \\udfffBonay"}',
                                   '{"@type": "Hotel", "name": "Casa \\udfffBonay",}'])
def test_a_jsonld_block_with_half_pairs_is_writable(block: str) -> None:
    found, broken = parse_blocks([block])
    assert broken == 0 and found == [{"@type": "Hotel", "name": "Casa \ufffdBonay"}]
