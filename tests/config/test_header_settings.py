"""Config values sent as header lines are one line of what a header can carry: a
``user_agent`` or an e-mail ``from`` with a line break (which could add a header or a
recipient), a control character or a non-ASCII letter is a located error in the config,
never a failure of every call ("connection failed", a bare UnicodeEncodeError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.errors import SpecInvalid

CONFIG = """\
apiVersion: scout/v1
kind: Config
adapters:
  searxng: {type: searxng, user_agent: USER_AGENT}
  smtp: {type: smtp, from: SENDER}
"""


@pytest.mark.parametrize(("user_agent", "sender", "field"), [
    ('"scout\\r\\nX-Injected: 1"', "lab@example.org", "user_agent"),
    ('"scout\\u0000"', "lab@example.org", "user_agent"),
    ("scoutñ/1", "lab@example.org", "user_agent"),
    ("scout/1", '"lab@example.org\\r\\nBcc: evil@x.test"', "'from'"),
    ("scout/1", '"lab@example.org\\nRCPT TO:<evil@x.test>"', "'from'"),
])
def test_a_header_value_on_more_than_one_line_is_a_located_error(
        tmp_path: Path, user_agent: str, sender: str, field: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("USER_AGENT", user_agent).replace("SENDER", sender),
                    encoding="utf-8")
    with pytest.raises(SpecInvalid) as info:
        load_config(path)
    (problem,) = info.value.problems
    assert problem.location.line in (4, 5) and field in problem.message


def test_ordinary_header_values_load(tmp_path: Path) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("USER_AGENT", '"scout/1.0 (+https://lab.example)"')
                    .replace("SENDER", '"Laboratório <lab@example.org>"'), encoding="utf-8")
    cfg = load_config(path)
    assert cfg.adapters["searxng"].user_agent == "scout/1.0 (+https://lab.example)"


MODEL = """\
apiVersion: scout/v1
kind: Config
adapters:
  gateway:
    type: openai
    base_url: BASE
    SETTINGS
"""


def _model_problems(tmp_path: Path, settings: str,
                    base: str = "https://openrouter.ai/api/v1") -> list[str]:
    path = tmp_path / "adapters.yaml"
    path.write_text(MODEL.replace("BASE", base).replace("SETTINGS", settings),
                    encoding="utf-8")
    try:
        load_config(path)
    except SpecInvalid as exc:
        return [p.message for p in exc.problems]
    return []


@pytest.mark.parametrize(("settings", "said"), [
    # a secret written into the config file (committed, shown): only {env: NAME}
    ("headers: {X-Api-Token: abc123}", "looks like a secret"),
    ("headers: {Cookie: session=1}", "looks like a secret"),
    # what scout sets itself, and what no header can carry
    ("headers: {Authorization: Bearer x}", "set by scout itself"),
    ("headers: {X-Title: \"scout\\r\\nX-Injected: 1\"}", "one line of ASCII"),
    ("headers: {\"X Title\": scout}", "not an HTTP header name"),
    ("key_header: api-key", "there is no key"),
    # header names ignore letter case: one header written twice, whatever its spelling
    ("headers: {X-Title: scout, x-title: lab}", "'X-Title' and 'x-title' are one header"),
    ("headers: {X-Org: {env: A}, X-ORG: {env: B}}", "'X-Org' and 'X-ORG' are one header"),
    ("headers: {X-Title: " + "t" * 9000 + "}", "a header takes at most 8000"),
    ("key_header: api-key\n    credentials: {env: K}\n    headers: {api-key: {env: K2}}",
     "key_header's"),
])
def test_a_model_header_that_cannot_be_sent_as_written_is_a_config_error(
        tmp_path: Path, settings: str, said: str) -> None:
    assert any(said in m for m in _model_problems(tmp_path, settings))


def test_every_header_from_the_environment_is_needed_and_scrubbed_as_a_key(
        tmp_path: Path) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(MODEL.replace("BASE", "https://openrouter.ai/api/v1").replace(
        "SETTINGS", "headers: {HTTP-Referer: https://lab.example.org, X-Org: {env: ORG_KEY}, "
                    "X-Gateway-Token: {env: GW_TOKEN}}"), encoding="utf-8")
    settings = load_config(path).adapters["gateway"]
    assert settings.required_env() == ["ORG_KEY", "GW_TOKEN"]
    # a name that does not look secret may still carry a key: its variable is scrubbed too
    assert settings.secret_env() == ["ORG_KEY", "GW_TOKEN"]


@pytest.mark.parametrize(("base", "bad"), [
    ("https://res.openai.azure.com/openai/deployments/gpt-4o", True),
    ("https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?x=1", True),
    ("https://res.openai.azure.com/openai/deployments/gpt-4o?api-version=", True),
    ("https://res.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21", False),
    ("https://res.openai.azure.com/openai/v1", False),  # the v1 API takes no version
])
def test_an_azure_deployment_url_needs_its_api_version(tmp_path: Path, base: str,
                                                       bad: bool) -> None:
    said = _model_problems(tmp_path, "key_header: api-key\n    credentials: {env: AZ_KEY}",
                           base)
    assert any("api-version" in m for m in said) is bad


@pytest.mark.parametrize("base", [
    "https://lab:pw-SENTINEL-4e21@gw.example.net/v1",
    "https://gw.example.net/v1?api-key=qk-SENTINEL-9x8y",
    "https://res.openai.azure.com/openai/deployments/d?api-version=2024-10-21&Sig=abc",
])
def test_a_credential_written_in_a_base_url_is_a_located_warning(tmp_path: Path,
                                                               base: str) -> None:
    """As a secret header's value written in the file is refused: the file is committed.
    A warning, so a config that ran keeps running."""
    from scout.config.loader import check_config

    path = tmp_path / "adapters.yaml"
    path.write_text(MODEL.replace("BASE", base).replace("SETTINGS", "model: m"),
                    encoding="utf-8")
    config, problems = check_config(path)
    assert config is not None  # still loads
    (warning,) = problems
    assert (warning.code, warning.severity, warning.location.line) == ("CFG007", "warning", 6)
    assert "SCOUTE_GATEWAY_BASE_URL" in (warning.hint or "")
    assert "SENTINEL" not in warning.message + (warning.hint or "")


def test_a_base_url_without_a_credential_is_no_warning(tmp_path: Path) -> None:
    from scout.config.loader import check_config

    path = tmp_path / "adapters.yaml"
    path.write_text(MODEL.replace("BASE", "https://res.openai.azure.com/openai/deployments/d"
                                          "?api-version=2024-10-21&keywords=x")
                    .replace("SETTINGS", "model: m"), encoding="utf-8")
    assert check_config(path)[1] == []


@pytest.mark.parametrize("setting", ["headers: {X-Title: lab}", "key_header: api-key"])
def test_perplexity_says_where_headers_go(tmp_path: Path, setting: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text("apiVersion: scout/v1\nkind: Config\nadapters:\n  perplexity:\n"
                    "    type: perplexity\n    credentials: {env: PERPLEXITY_API_KEY}\n"
                    f"    {setting}\n", encoding="utf-8")
    with pytest.raises(SpecInvalid) as info:
        load_config(path)
    (problem,) = info.value.problems
    assert "use type: openai" in problem.message and setting.split(":")[0] in problem.message


def test_a_variable_changed_after_preflight_is_refused_when_the_call_is_made() -> None:
    from scout.config.headers import HeaderFromEnv, resolve_headers

    headers = {"X-Title": "lab", "X-Org": HeaderFromEnv(env="ORG_HEADER")}
    for bad in ("o" * 8001, "org\r\nX-Injected: 1"):
        with pytest.raises(ValueError) as info:
            resolve_headers(headers, {"ORG_HEADER": bad})
        assert info.value.args == ("ORG_HEADER",)  # the name only, never the value
    sent, secrets = resolve_headers(headers, {"ORG_HEADER": "o" * 8000})
    assert sent == {"X-Title": "lab", "X-Org": "o" * 8000} and secrets == ["o" * 8000]


@pytest.mark.parametrize(("settings", "base"), [
    ("model: m", "https://lab:pw-SENTINEL-4e21@gw.example.net/v1"),
    ("model: m", "https://gw.example.net/v1?api-key=qk-SENTINEL-9x8y"),
])
def test_validate_shows_the_line_of_a_credential_without_it(
        tmp_path: Path, settings: str, base: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``scout validate`` prints the file's line under each problem, into terminals and
    CI logs: the warning of a credential in a base_url (CFG007) and the error of a secret
    header written in the file showed the very credential they warn of."""
    from scout.cli import main

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        MODEL.replace("BASE", base).replace("SETTINGS", settings), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["validate", "config/adapters.yaml"])
    out = capsys.readouterr()
    shown = out.out + out.err
    assert "adapters.yaml:" in shown and "***" in shown  # the line is shown, masked
    assert "SENTINEL" not in shown


def test_a_shown_line_keeps_what_is_no_credential() -> None:
    from scout.config.headers import masked_line

    for line in ("    max_tokens: 500", "    key_header: api-key",
                 "    base_url: https://res.openai.azure.com/openai/deployments/d?api-version=2024-10-21",
                 "    headers: {X-Org: {env: ORG}, X-Title: lab}"):
        assert masked_line(line) == line
    assert masked_line("  token: ghp_SENTINEL1234") == "  token: ***"
    assert masked_line("    headers: {X-Api-Token: tok-SENTINEL-77aa, X-Title: lab}") == \
        "    headers: {X-Api-Token: ***, X-Title: lab}"
