"""The ``openai`` link behind a gateway, through the REAL providers layer against a local
fake server on 127.0.0.1: Azure OpenAI's deployment URLs (the key in ``api-key``, the
``api-version`` query), the config's own headers (OpenRouter's ``HTTP-Referer`` /
``X-Title``, a secret one from the environment), and the real error bodies hosted models
answer a refused key or an empty account with (tests/fixtures/providers/SOURCES.md).

Every key and secret header value here is made up and must appear nowhere scout writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.providers.runtime import ProviderRuntime
from tests.fakes.media import FIXTURES
from tests.fakes.openai import ChatLog, answer_with, openai_route
from tests.fakes.server import FakeServer, Reply, Req
from tests.integration.helpers import KEY_VARS, find_leaks, journal, write_config
from tests.integration.test_openai_chain import CITED, request
from tests.providers.fakes import FakeClock

KEY = "azkey-SENTINEL-5c1f0e9a7b3d4e21"
TOKEN = "gwtok-SENTINEL-93ad01c7e5f2"
DEPLOYMENT = "/openai/deployments/gpt-4o"
AZURE = {"key_header": "api-key", "credentials": {"env": "AZURE_OPENAI_API_KEY"}}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    for var in (*KEY_VARS, "AZURE_OPENAI_API_KEY", "GATEWAY_TOKEN", "APP_TITLE"):
        monkeypatch.delenv(var, raising=False)
    with FakeServer() as srv:
        yield srv


def run(root: Path, lang: str = "en", record: Path | None = None, **openai: object):
    config = write_config(root, {"synthesis": ["openai?", "extractive"]}, {"openai": openai})
    with ProviderRuntime(config, root, "m-gw", clock=FakeClock(), sleep=FakeClock().sleep,
                         record_dir=record) as rt:
        return rt.gateway("P3", "synthesis").call(request(lang))


def azure(srv: FakeServer, monkeypatch: pytest.MonkeyPatch, **kw: object) -> ChatLog:
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", KEY)
    return openai_route(srv, prefix=DEPLOYMENT, keys={KEY: "AZURE_OPENAI_API_KEY"},
                        key_header="api-key", answer=CITED, **kw)  # type: ignore[arg-type]


def test_an_azure_deployment_url_sends_its_key_in_api_key_and_keeps_its_version(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = azure(env, monkeypatch)
    out = run(tmp_path, record=tmp_path / "rec", **AZURE,
              base_url=f"{env.url}{DEPLOYMENT}?api-version=2024-10-21")
    assert out.answered_by == "openai"
    assert log.key_names == ["AZURE_OPENAI_API_KEY"]
    assert "authorization" not in log.headers[0]  # never the key twice, never as Bearer
    assert log.queries[0]["api-version"] == ["2024-10-21"]
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert line["result"] == "ok" and line["token_name"] == "AZURE_OPENAI_API_KEY"
    # the journal, the answer cache and the recording (its headers included)
    assert find_leaks([KEY], [tmp_path / "runtime", tmp_path / "rec"],
                      synthesis=out.value.model_dump_json()) == {}


def test_a_refused_azure_key_fails_over_once_and_is_written_nowhere(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Azure's real 401 ("Access denied due to invalid subscription key…", its code the
    string "401"): no retry, the keyless synthesis answers, the note in Spanish."""
    body = (FIXTURES / "openai" / "azure-error-401-access-denied.json").read_bytes()
    log = azure(env, monkeypatch, refused=(401, body))
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", KEY[:-1] + "X")
    out = run(tmp_path, "es", **AZURE, base_url=f"{env.url}{DEPLOYMENT}?api-version=2024-10-21")
    assert out.answered_by == "extractive" and out.value.sentences
    assert len(log.bodies) == 1
    message = out.links[0].message or ""
    assert "HTTP 401" in message and "\n" not in message
    assert "credencial rechazada" in localize(message, "es")
    assert find_leaks([KEY[:-1] + "X", KEY[:-1]], [tmp_path / "runtime"],
                      message=message) == {}


def test_a_deployment_url_without_its_api_version_is_named_before_anything_is_sent(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from scout.config.loader import check_config

    log = azure(env, monkeypatch)
    bare = f"{env.url}{DEPLOYMENT}"
    # in the config: `scout validate` says what to add
    write_config(tmp_path / "cfg", None, {"openai": {**AZURE}})
    path = tmp_path / "cfg" / "config" / "adapters.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "base_url: https://api.openai.com/v1", f"base_url: {bare}"), encoding="utf-8")
    _, problems = check_config(path)
    assert [p.message for p in problems if "api-version" in p.message]
    # pointed there by SCOUTE_OPENAI_BASE_URL, which validation never sees
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", bare)
    out = run(tmp_path / "run", "es", **AZURE)
    assert out.answered_by == "extractive" and log.bodies == []
    said = localize(out.links[0].message or "", "es")
    assert "sin ?api-version=" in said


def test_the_configs_own_headers_are_sent_and_every_value_from_env_is_written_nowhere(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """OpenRouter's optional headers written in the file, a gateway's token header, and a
    key sent under a name nobody would call secret (``X-Org``): an echoing server writes
    both values into its answer; every variable a header reads is scrubbed as a key."""
    org = "orgval-SENTINEL-Q7ZLmX2c8RkVt"
    echo = answer_with(f"Hotel Arts is on the beach [E1]. Your token was {TOKEN} [E2]. "
                       f"Org {org.upper()}, {org[:12]}.")
    log = openai_route(env, answer=echo)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", env.url + "/v1")
    monkeypatch.setenv("APP_TITLE", org)
    monkeypatch.setenv("GATEWAY_TOKEN", TOKEN)
    out = run(tmp_path, record=tmp_path / "rec", headers={
        "HTTP-Referer": "https://lab.example.org", "X-Title": "scout lab",
        "X-Org": {"env": "APP_TITLE"}, "X-Gateway-Token": {"env": "GATEWAY_TOKEN"}})
    assert out.answered_by == "openai"
    sent = log.headers[0]
    assert (sent["http-referer"], sent["x-title"], sent["x-org"], sent["x-gateway-token"]) \
        == ("https://lab.example.org", "scout lab", org, TOKEN)
    assert "[secret:GATEWAY_TOKEN]" in out.value.text
    assert "[secret:APP_TITLE]" in out.value.text
    assert find_leaks([TOKEN, org, org.upper(), org[:12]], [tmp_path / "runtime", tmp_path / "rec"],
                      synthesis=out.value.model_dump_json()) == {}
    assert "scout lab" in "".join(p.read_text(encoding="utf-8")
                                  for p in (tmp_path / "rec").rglob("*.json"))


@pytest.mark.parametrize("status", [200, 401])
def test_credentials_in_a_base_url_are_written_nowhere_even_when_echoed(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, status: int) -> None:
    """A gateway URL with a login and an Azure-style ``?api-key=`` (set in
    SCOUTE_OPENAI_BASE_URL): a server that echoes its query and headers, in its answer or
    its refusal, leaves neither value in the journal, the recording or the message."""
    password, query_key = "pw-SENTINEL-4e21c8RkVt", "qk-SENTINEL-9x8y7z6wQ7ZL"

    def echo(req: Req) -> Reply:
        said = f"query {req.query} headers {req.headers}"
        if status == 200:
            return Reply(200, answer_with(f"Hotel Arts is on the beach [E1]. {said} [E2]."))
        return Reply(status, {"error": {"message": f"denied: {said}"}})

    env.route("POST", "/v1/chat/completions", echo)
    host = env.url.split("://", 1)[1]
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL",
                       f"http://lab:{password}@{host}/v1?api-key={query_key}")
    out = run(tmp_path, record=tmp_path / "rec")
    assert out.answered_by == ("openai" if status == 200 else "extractive")
    said = out.value.model_dump_json() + (out.links[0].message or "")
    assert "[secret:SCOUTE_OPENAI_BASE_URL]" in said
    assert find_leaks([password, query_key, password[:12], query_key[-12:]],
                      [tmp_path / "runtime", tmp_path / "rec"], said=said) == {}


@pytest.mark.parametrize(("status", "fixture", "said"), [
    (401, "openai-error-401-invalid-api-key.json", "invalid_api_key"),
    (402, "deepseek-error-402-insufficient-balance.json", "Insufficient Balance"),
    (401, "mistral-error-401-unauthorized-message.json", "Unauthorized"),
    (401, "mistral-error-401-unauthorized-detail.json", "Unauthorized"),
])
def test_a_real_refusal_is_one_clear_line_tried_once_and_a_report_is_still_written(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, status: int,
        fixture: str, said: str) -> None:
    body = (FIXTURES / "openai" / fixture).read_bytes()
    log = openai_route(env, keys={"sk-the-right-one": "OPENAI_API_KEY"}, refused=(status, body))
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", env.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-SENTINEL-wrong-7f3e2a")
    out = run(tmp_path, "es")
    assert out.answered_by == "extractive" and out.value.sentences
    assert len(log.bodies) == 1  # a refused key or an empty account: no retry fixes it
    message = out.links[0].message or ""
    assert f"HTTP {status}" in message and said in message and "\n" not in message
    assert localize(message, "es") != message  # scout's own words said in Spanish
    assert "sk-SENTINEL-wrong-7f3e2a" not in message


def test_a_perplexity_claim_on_evidence_labels_alone_has_its_figures_checked(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A figure beside an [Ek] label must be the prompt's, as with any chat model; one
    beside a web citation [n] is not checked: Perplexity sends no page's text."""
    from tests.fakes.media import SONAR_ANSWER, perplexity_route

    content = ("Hotel Arts costs 95 EUR a night [E1]. The repo rate is 5.50% [1]. "
               "Casa Fuster has excellent reviews [E2].")
    perplexity_route(env, {KEY: "PERPLEXITY_API_KEY"},
                     answer=answer_with(content, SONAR_ANSWER))
    monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", env.url)
    monkeypatch.setenv("PERPLEXITY_API_KEY", KEY)
    config = write_config(tmp_path, {"synthesis": ["perplexity", "extractive"]})
    with ProviderRuntime(config, tmp_path, "m-px", clock=FakeClock(),
                         sleep=FakeClock().sleep) as rt:
        out = rt.gateway("P3", "synthesis").call(request("es"))
    assert out.answered_by == "perplexity"
    invented, web, fine = out.value.sentences
    assert invented.uncited and not web.uncited and not fine.uncited
    (note,) = [n for n in out.value.notes if "95" in n]
    assert "5.50" not in note and "no respalda" in note  # in the request's language


def test_an_azure_key_sent_as_bearer_is_refused_with_a_hint_naming_key_header(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key set, but key_header forgotten: Azure's real 401, and the hint says where
    the key goes (the adapter itself, so the hint is read as raised)."""
    from scout.adapters.contract import Secret
    from scout.adapters.openai import OpenAIAdapter
    from scout.config.settings import OpenAISettings
    from scout.errors import AuthError

    body = (FIXTURES / "openai" / "azure-error-401-access-denied.json").read_bytes()
    azure(env, monkeypatch, refused=(401, body))
    settings = OpenAISettings(type="openai", credentials={"env": "AZURE_OPENAI_API_KEY"},
                              base_url=f"{env.url}{DEPLOYMENT}?api-version=2024-10-21")
    with pytest.raises(AuthError) as info:
        OpenAIAdapter("azure", settings).call(request(), Secret("AZURE_OPENAI_API_KEY", KEY))
    assert "key_header: api-key" in (info.value.hint or "")
    assert KEY not in info.value.message
