"""Encoded key echo (issue 13 §2): a provider that echoes the keys back — raw, URL-encoded
(either hex case), JSON-escaped (``\\/``, ``\\uXXXX``), HTML-escaped, base64 (alone and in
a Basic-auth header) — in bodies, headers and error pages (the key near character 180 of
a 401 message, where a cut-before-scrub kept most of it). After a whole mission through
the CLI with ``--record``, then ``journal``/``audit``/``cost``/``status``/``runs``/``pool
status`` and every HTTP API endpoint, no substring of 8+ characters of any key, and no
encoded form of one, is in any file scout wrote (runs/, runtime/ with its cache and
index, the cassette), in what it printed, or in any API response.

Keys are random (Hypothesis) with every character class. Fast: a few examples; the long
variant (``--chaos-full``) many more.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import string
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scout.cli import main
from scout.adapters.contract.redact import _base64_cores
from scout.server.app import ServerSettings, create_app
from tests.chaos.test_bad_input import FULL
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, build_world
from tests.fakes.server import FakeServer, Reply

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
ALPHABET = string.ascii_letters + string.digits + string.punctuation
KEY_VARS = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR",
            "SCOUTE_TOKEN_POOL_CONFIG", "SCOUTE_API_TOKEN")


def _key_ok(k: str) -> bool:
    return (any(c.isupper() for c in k) and any(c.islower() for c in k)
            and any(c.isdigit() for c in k) and any(c in string.punctuation for c in k)
            and len(set(k)) >= 14)


KEY = st.text(alphabet=ALPHABET, min_size=20, max_size=40).filter(_key_ok)


def json_escape_all(s: str) -> str:
    """The key as a JSON string body with every non-alphanumeric character escaped
    (``\\/`` for '/', ``\\uXXXX`` (upper-case hex) for the rest)."""
    return "".join(c if c.isalnum() else "\\/" if c == "/" else f"\\u{ord(c):04X}"
                   for c in s)


def spellings(k: str) -> dict[str, str]:
    return {
        "raw": k, "url": quote(k, safe=""), "url-plus": quote_plus(k),
        "url-lower": "%".join(p if i == 0 else p[:2].lower() + p[2:]
                              for i, p in enumerate(quote(k, safe="").split("%"))),
        "json": json.dumps(k)[1:-1], "json-all": json_escape_all(k),
        "html": "".join(f"&#x{ord(c):x};" if not c.isalnum() else c for c in k),
        "b64": base64.b64encode(k.encode()).decode(),
        "basic": base64.b64encode(f"user:{k}".encode()).decode(),
        "b64url": base64.urlsafe_b64encode(k.encode()).decode(),
    }


def _echo_headers(keys: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, k in enumerate(keys):
        sp = spellings(k)
        out[f"X-Echo-{i}-Raw"] = k
        out[f"X-Echo-{i}-Url"] = sp["url-lower"]
        out[f"X-Echo-{i}-Auth"] = f"Basic {sp['basic']}"
        out[f"X-Echo-{i}-B64"] = sp["b64"]
    return out


def _echo_body(body: bytes, ctype: str, keys: list[str]) -> bytes:
    if "json" in ctype and body.rstrip().endswith(b"}"):
        fields = "".join(
            f', "echo_{i}": {json.dumps(k)}, "echo_{i}_esc": "{json_escape_all(k)}", '
            f'"echo_{i}_url": "{spellings(k)["url"]}", "echo_{i}_b64": "{spellings(k)["b64"]}"'
            for i, k in enumerate(keys))
        text = body.rstrip()
        return text[:-1] + fields.encode() + b"}"
    if "html" in ctype:
        parts = " ".join(f"{sp['raw']} {sp['html']} {sp['url-plus']} {sp['basic']}"
                         for sp in map(spellings, keys))
        return body + f"\n<!-- echo {parts} -->\n".encode()
    return body


def _install_echo(world: Any, keys: list[str]) -> None:
    providers = world.providers
    answer = providers._answer

    def echoing(provider: str, query: str | None, reply: Reply) -> Reply:
        reply = answer(provider, query, reply)
        body = _echo_body(reply.encoded(), reply.content_type, keys)
        return Reply(reply.status, body, reply.content_type,
                     {**reply.headers, **_echo_headers(keys)}, reply.delay)

    providers._answer = echoing  # type: ignore[method-assign]
    # a 401 whose message holds the key near character 180 (and its other spellings)
    sp = spellings(keys[0])
    message = ("Unauthorized: the API key " + "x" * 150 + " " + keys[0] + " is invalid; "
               + sp["url"] + " " + sp["json-all"] + " " + sp["basic"])
    providers.fail("tavily", 401, times=2, body={"detail": {"error": message}})


def _leaks(keys: list[str], blobs: dict[str, str]) -> dict[str, list[str]]:
    needles: dict[str, str] = {}
    for n, k in enumerate(keys):
        for i in range(len(k) - 7):
            needles[k[i:i + 8]] = f"key{n}[{i}:{i + 8}]"
        for name, form in spellings(k).items():
            if form != k and len(form) >= 8:
                needles[form] = f"key{n} {name}"
        for core in _base64_cores(k):
            needles[core] = f"key{n} base64 run"
    hits: dict[str, list[str]] = {}
    for where, text in blobs.items():
        found = sorted({label for needle, label in needles.items() if needle in text})
        if found:
            hits[where] = found
    return hits


def _context(keys: list[str], blobs: dict[str, str],
             leaks: dict[str, list[str]]) -> list[str]:
    """Where the first leak of each place sits, for the failure message."""
    out = []
    for where in list(leaks)[:3]:
        text = blobs[where]
        for k in keys:
            for i in range(len(k) - 7):
                at = text.find(k[i:i + 8])
                if at >= 0:
                    out.append(f"{where}: ...{text[max(0, at - 80):at + 60]!r}...")
                    break
    return out


def _files(*folders: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for folder in folders:
        for p in sorted(folder.rglob("*")):
            if p.is_file() and not p.is_symlink():
                out[str(p)] = p.read_bytes().decode("utf-8", "replace")
    return out


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_cli(argv) if argv[0] == "apply" else main(argv)
    return code, out.getvalue() + err.getvalue()


def _api(root: Path) -> dict[str, str]:
    from starlette.testclient import TestClient

    app = create_app(ServerSettings(root=root, runs_dir=root / "runs"))
    got: dict[str, str] = {}
    with TestClient(app, base_url="http://127.0.0.1:8077") as c:
        for url in ("/api/missions", "/api/missions/echo", "/api/missions/echo/journal?limit=10000",
                    "/api/missions/echo/journal?failed=true", "/api/missions/echo/report",
                    "/api/missions/echo/report?format=html", "/api/pool", "/api/cost-summary",
                    "/api/cost-summary?by=token&by=phase", "/openapi.json"):
            r = c.get(url)
            got[f"GET {url} ({r.status_code})"] = r.text + json.dumps(dict(r.headers))
    return got


def check_mission(keys: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with tempfile.TemporaryDirectory(prefix="scout-echo-") as tmp, FakeServer() as srv:
        world = build_world(Path(tmp), srv)
        tavily, google, pplx = keys
        world.providers.keys.update({"tavily": tavily, "google": google})
        world.perplexity_keys.clear()
        world.perplexity_keys[pplx] = "PERPLEXITY_API_KEY"
        _install_echo(world, keys)
        with monkeypatch.context() as mp:
            for var in KEY_VARS:
                mp.delenv(var, raising=False)
            for k, v in world.env().items():
                mp.setenv(k, v)
            mp.setenv("TAVILY_API_KEY", tavily)
            mp.setenv("GOOGLE_API_KEY", google)
            mp.setenv("PERPLEXITY_API_KEY", pplx)
            mp.chdir(world.root)
            cassette = Path(tmp) / "cassette"
            printed: dict[str, str] = {}
            code, printed["apply"] = _run(["apply", PIPELINE, "--query", QUERY,
                                           "--mission-id", "echo", "--progress", "plain",
                                           "--record", str(cassette)])
            assert code == 0, printed["apply"]
            for argv in (["journal", "-n", "0"], ["journal", "--json", "-n", "0"],
                         ["journal", "--failed"], ["audit", "echo"], ["audit", "echo", "--json"],
                         ["cost"], ["cost", "--by", "token"], ["status", "echo"], ["runs"],
                         ["pool", "status"]):
                code, printed[" ".join(argv)] = _run(argv)
                assert code in (0, 3), (argv, printed[" ".join(argv)])
            errors = [e for e in world.journal() if e["adapter"] == "tavily" and e["error"]]
            assert errors, "the echoing 401 never reached the journal: the test tests nothing"
            blobs = {**_files(world.root / "runs", world.root / "runtime", cassette),
                     **{f"printed: scout {k}": v for k, v in printed.items()},
                     **_api(world.root)}
            assert any("cassette" in k for k in blobs) and len(blobs) > 20
            leaks = _leaks(keys, blobs)
            assert leaks == {}, (keys, leaks, _context(keys, blobs, leaks))


# each example is a whole mission (seconds): no shrinking, the failure report names the
# keys and where each spelling was found
@pytest.mark.timeout(1800 if FULL else 300)
@settings(max_examples=25 if FULL else 2, deadline=None, derandomize=not FULL,
          database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(keys=st.lists(KEY, min_size=3, max_size=3, unique=True))
def test_no_spelling_of_an_echoed_key_leaves_a_trace(keys: list[str]) -> None:
    with pytest.MonkeyPatch.context() as mp:
        check_mission(keys, mp)


@pytest.mark.timeout(300)
def test_a_fixed_hostile_key() -> None:
    """The characters every encoding rewrites, in one key (a regression anchor)."""
    keys = ["tv/ly+Key=\"q\\u0041'&<>%2F:zx81-Q", "g00gle!#$%&()*,;?@[]^`{|}~Zk3y",
            "pplx~/+=AbCd_-.:%41%2f\\/Xy9"]
    with pytest.MonkeyPatch.context() as mp:
        check_mission(keys, mp)
