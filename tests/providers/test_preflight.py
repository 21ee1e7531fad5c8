"""Preflight: missing credentials fail at start (fallbacks too); 'name?' links are skipped
visibly; `scout doctor` checks a whole config."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scout.errors import ConfigError, Unavailable
from scout.adapters.contract import SearchRequest
from scout.providers.journal import read_journal
from scout.spec.models import Pipeline
from scout.adapters.contract import Reply, Secret
from tests.providers.fakes import ScriptedAdapter, make_config, settings, sources


def pipeline(chain: str = "web") -> Pipeline:
    return Pipeline.model_validate({
        "apiVersion": "scout/v1", "name": "p",
        "phases": {
            "F0": {"uses": "task", "produces": ["task"]},
            "F1": {"uses": "search", "chain": chain, "needs": ["task"], "produces": ["c"],
                   "with": {"query": "x"}},
            "F2": {"uses": "search", "adapters": ["tavily?", "ddg"], "needs": ["c"],
                   "produces": ["r"], "with": {"query": "y"}},
        }})


def config():
    return make_config({
        "tavily": settings(credentials={"env": "TAVILY_API_KEY"}),
        "ddg": settings(),
        "google": settings(credentials={"env": "GOOGLE_API_KEY"}),
    }, {"web": ["tavily?", "ddg", "google"]})


def test_a_fallback_missing_its_credential_is_caught_at_preflight(tmp_path: Path,
                                                                   make_runtime) -> None:
    cfg = config()
    ads = {n: ScriptedAdapter(n, cfg.adapters[n]) for n in cfg.adapters}
    rt = make_runtime(cfg, ads, env={})
    with pytest.raises(ConfigError) as ei:
        rt.preflight(pipeline())
    err = ei.value
    assert err.exit_code == 3 and err.code == "CFG010"
    assert "google needs GOOGLE_API_KEY" in err.message  # the third link, a fallback
    assert "export GOOGLE_API_KEY=..." in (err.hint or "")
    assert not any(a.calls for a in ads.values())  # nothing ran


def test_used_when_configured_links_are_skipped_visibly(tmp_path: Path, make_runtime) -> None:
    cfg = config()
    ads = {n: ScriptedAdapter(n, cfg.adapters[n]) for n in cfg.adapters}
    rt = make_runtime(cfg, ads, env={"GOOGLE_API_KEY": "g-key-12345"})
    report = rt.preflight(pipeline())
    assert report.ok
    assert "[skip] chain web: tavily skipped: TAVILY_API_KEY not set  (phases F1)" in \
        report.lines()
    assert rt.book.skip_notes() == ["tavily skipped: TAVILY_API_KEY not set"]
    out = rt.gateway_for_phase("F1", pipeline().phases["F1"]).call(SearchRequest(query="x"))
    assert out.answered_by == "ddg"
    assert [(a.adapter, a.result, a.message) for a in out.links] == \
        [("tavily", "skipped", "TAVILY_API_KEY not set"), ("ddg", "ok", None)]
    lines = read_journal(tmp_path / "runtime").entries
    skipped = [(x["phase"], x["adapter"], x["response_summary"]["reason"]) for x in lines
               if x["result"] == "skipped"]
    # once per phase (preflight wrote them; the call did not repeat F1's)
    assert skipped == [("F1", "tavily", "TAVILY_API_KEY not set"),
                       ("F2", "tavily", "TAVILY_API_KEY not set")]
    assert not ads["tavily"].calls


def test_a_chain_with_no_usable_link_fails_preflight(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"tavily": settings(credentials={"env": "TAVILY_API_KEY"})},
                      {"web": ["tavily?"]})
    rt = make_runtime(cfg, {})
    pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "p", "phases": {
        "F1": {"uses": "search", "chain": "web", "produces": ["c"], "with": {"query": "x"}}}})
    report = rt.preflight(pipe, raise_on_problems=False)
    assert report.problems == ["chain web: no usable adapter (tavily skipped: "
                               "TAVILY_API_KEY not set)"]


@pytest.mark.parametrize("bad", ["tvly-abc\u201d", "tvly-\rabc", "tvly-abc\x00", "tvly-é"])
def test_a_key_no_request_can_carry_skips_its_link_visibly(tmp_path: Path, make_runtime,
                                                           bad: str) -> None:
    """A curly quote, a CR inside or a NUL pasted into a key: httpx refused it mid-call
    as "connection failed" (retried) or a bare UnicodeEncodeError; the link is skipped
    at preflight, naming the variable and never the value. Spaces and a newline around
    a key go before it is sent."""
    cfg = config()
    sent: list[str] = []

    def answer(request: object, credential: Secret | None) -> Reply:
        sent.append(credential.reveal() if credential else "")
        return Reply(sources(1), status=200)

    ads = {n: ScriptedAdapter(n, cfg.adapters[n], default=answer) for n in cfg.adapters}
    rt = make_runtime(cfg, ads, env={"TAVILY_API_KEY": bad, "GOOGLE_API_KEY": " g-key\r\n"})
    report = rt.preflight(pipeline())
    reason = ("TAVILY_API_KEY holds a character no request can carry (a line break, a NUL, "
              "a curly quote): copy the key again")
    assert f"[skip] chain web: tavily skipped: {reason}  (phases F1)" in report.lines()
    assert bad not in "\n".join(report.lines())
    out = rt.gateway_for_phase("F1", pipeline().phases["F1"]).call(SearchRequest(query="x"))
    assert out.answered_by == "ddg" and not ads["tavily"].calls
    ads["ddg"].script = [Unavailable("down", adapter="ddg")] * 9
    out = rt.gateway_for_phase("F1", pipeline().phases["F1"]).call(SearchRequest(query="z"))
    assert out.answered_by == "google" and sent[-1] == "g-key"  # as sent


def test_pooled_adapter_preflight_refuses_a_readable_pool_file(tmp_path: Path,
                                                               make_runtime) -> None:
    pool = tmp_path / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"p": {"tokens": [{"name": "a", "value": "v" * 10}]}}}))
    pool.chmod(0o640)
    cfg = make_config({"pp": settings(credentials={"pool": "p"})}, {"web": ["pp"]},
                      path=str(tmp_path / "adapters.yaml"))
    rt = make_runtime(cfg, {})
    pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "p", "phases": {
        "F1": {"uses": "search", "chain": "web", "produces": ["c"], "with": {"query": "x"}}}})
    with pytest.raises(ConfigError) as ei:
        rt.preflight(pipe)
    assert ei.value.hint == f"chmod 600 {pool}" and ei.value.exit_code == 3


# --- scout doctor ---------------------------------------------------------------------

DOCTOR_CFG = """\
apiVersion: scout/v1
kind: Config
adapters:
  duckduckgo: {type: duckduckgo}
  tavily: {type: tavily, credentials: {env: TAVILY_API_KEY}}
  brave: {type: brave, credentials: {env: BRAVE_API_KEY}}
  perplexity: {type: perplexity, credentials: {pool: pplx}}
chains:
  web: ["tavily?", duckduckgo]
  strict: [brave]
  synthesis: [perplexity]
"""


def run_doctor(tmp_path: Path, subprocess_env: dict[str, str], *extra: str,
               env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in subprocess_env.items()
         if k not in ("TAVILY_API_KEY", "BRAVE_API_KEY", "SCOUTE_CONFIG",
                      "SCOUTE_TOKEN_POOL_CONFIG")}
    e["SCOUTE_RESEARCH_ROOT"] = str(tmp_path)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "scout", "doctor", *extra], env=e,
                          capture_output=True, text=True, timeout=60)


def test_doctor_reports_every_check_and_fails_on_problems(tmp_path: Path,
                                                          subprocess_env) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(DOCTOR_CFG)
    pool = tmp_path / "config" / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"pplx": {"tokens": [
        {"name": "main", "value": "pplx-SECRET-VALUE-42"}]}}}))
    pool.chmod(0o644)
    r = run_doctor(tmp_path, subprocess_env)
    assert r.returncode == 3, r.stdout + r.stderr
    out = r.stdout
    assert f"chmod 600 {pool}" in out
    assert "adapter brave (brave)" in out and "BRAVE_API_KEY not set" in out
    assert "adapter tavily (tavily)" in out and "skipped when used" in out
    assert "pplx-SECRET-VALUE-42" not in out + r.stderr
    # fix both problems: doctor passes
    pool.chmod(0o600)
    ok = run_doctor(tmp_path, subprocess_env, "--json", env={"BRAVE_API_KEY": "b-123456"})
    assert ok.returncode == 0, ok.stdout + ok.stderr
    data = json.loads(ok.stdout)
    by_name = {c["name"]: c for c in data["checks"]}
    assert by_name["token pool"]["status"] == "ok"
    assert by_name["chain web"]["detail"] == "answers with: duckduckgo"
    assert by_name["adapter tavily (tavily)"]["status"] == "warn"
    assert "b-123456" not in ok.stdout


def test_doctor_reports_an_invalid_config(tmp_path: Path, subprocess_env) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("apiVersion: scout/v1\nkind: Config\nadapters:\n  x: {type: duckduckgoo}\n")
    r = run_doctor(tmp_path, subprocess_env, "--config", str(bad))
    assert r.returncode != 0
    assert "duckduckgo" in r.stdout and "config" in r.stdout
    assert os.path.exists(bad)


@pytest.mark.parametrize("set_as,shown", [
    ("TAVILY_KEY", "TAVILY_KEY is set, but scout reads TAVILY_API_KEY"),
    ("tavily_api_key", "tavily_api_key is set, but scout reads TAVILY_API_KEY"),
    ("BRAVE_SEARCH_API_KEY", "BRAVE_SEARCH_API_KEY is set, but scout reads BRAVE_API_KEY"),
])
def test_a_key_in_a_near_miss_variable_is_named(set_as: str, shown: str) -> None:
    from scout.providers.preflight import misspelt_env

    env = {set_as: "k-SECRET-1", "TAVILY_FOO_DIR": "/x", "PATH": "/bin"}
    want = "BRAVE_API_KEY" if set_as.startswith("BRAVE") else "TAVILY_API_KEY"
    said = misspelt_env((want,), env, read={"BRAVE_API_KEY", "TAVILY_API_KEY"})
    assert said is not None and said.startswith(shown) and "k-SECRET-1" not in said
    # a variable scout reads for another adapter, or an empty one, is no near miss
    assert misspelt_env((want,), {set_as: ""}, read=set()) is None
    assert misspelt_env(("GOOGLE_CSE_ID",), {"GOOGLE_API_KEY": "g"}, read={"GOOGLE_API_KEY"}) is None


def test_doctor_names_the_variable_a_key_was_put_in(tmp_path: Path, subprocess_env) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nadapters:\n  tavily: {type: tavily, credentials: "
        "{env: TAVILY_API_KEY}}\nchains:\n  web: [tavily]\n")
    r = run_doctor(tmp_path, subprocess_env, env={"TAVILY_KEY": "tvly-SECRET-9"})
    assert r.returncode == 3, r.stdout + r.stderr
    assert 'TAVILY_KEY is set, but scout reads TAVILY_API_KEY: export TAVILY_API_KEY="$TAVILY_KEY"' \
        in r.stdout and "tvly-SECRET-9" not in r.stdout + r.stderr


def test_doctor_says_each_config_problem_with_its_own_hint(tmp_path: Path,
                                                          subprocess_env) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("apiVersion: scout/v1\nkind: Config\nadapters:\n  d: {type: duckduckgo, "
                   "rate: 60/minute}\nchians:\n  web: [d]\n")
    r = run_doctor(tmp_path, subprocess_env, "--config", str(bad), "--json")
    assert r.returncode == 2, r.stdout + r.stderr
    checks = [c for c in json.loads(r.stdout)["checks"] if c["name"] == "config"]
    assert [(c["status"], c["hint"]) for c in checks] == [
        ("fail", "write it as a mapping: rate: {per_minute: 60} (its keys: per_minute, burst)"),
        ("fail", "did you mean 'chains'?")]


def test_doctor_warns_not_fails_for_a_chain_whose_links_are_all_when_configured(
        tmp_path: Path) -> None:
    # what apply does: a chain of `name?` links only (the shipped images and email
    # chains) stops no mission by itself, so a keyless setup is not a failed one
    from scout.providers.doctor import doctor

    cfg = tmp_path / "config" / "adapters.yaml"
    cfg.parent.mkdir()
    cfg.write_text(DOCTOR_CFG.replace("  synthesis: [perplexity]\n",
                                      '  images: ["brave?", "tavily?"]\n'))
    by_name = {c.name: c for c in doctor(cfg, tmp_path, env={})}
    assert by_name["chain images"].status == "warn"
    assert "only when configured" in by_name["chain images"].detail
    assert by_name["chain strict"].status == "fail"  # a required link still fails


def test_doctor_passes_on_the_shipped_config_without_keys(tmp_path: Path) -> None:
    # README: no keys are needed, and `scout doctor` checks the setup
    from scout.providers.doctor import doctor

    root = Path(__file__).resolve().parent.parent.parent
    checks = doctor(root / "config" / "adapters.yaml", tmp_path, env={})
    assert len(checks) > 10
    assert [c.name for c in checks if c.status == "fail"] == []


def test_doctor_says_a_pool_no_adapter_uses_and_takes_its_variables_for_no_misspelling(
        tmp_path: Path) -> None:
    # docs/providers.md's pool file, with the adapter still on `credentials: {env: …}`:
    # the pool's variable is no near miss of TAVILY_API_KEY, the pool is just unused
    from scout.providers.doctor import doctor

    cfg = tmp_path / "config" / "adapters.yaml"
    cfg.parent.mkdir()
    cfg.write_text(DOCTOR_CFG)
    pool = tmp_path / "config" / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {
        "pplx": {"tokens": [{"name": "main", "value": "env:PPLX_MAIN"}]},
        "tavily": {"tokens": [{"name": "t1", "value": "env:TAVILY_KEY"}]}}}))
    pool.chmod(0o600)
    checks = doctor(cfg, tmp_path, env={"PPLX_MAIN": "p-1", "TAVILY_KEY": "t-1"})
    by_name = {c.name: c for c in checks}
    assert by_name["token pool tavily"].status == "warn"
    assert "no adapter uses it" in by_name["token pool tavily"].detail
    assert "{pool: tavily}" in (by_name["token pool tavily"].hint or "")
    assert "token pool pplx" not in by_name  # used by the perplexity adapter, values set
    assert "TAVILY_KEY " not in (by_name["adapter tavily (tavily)"].hint or "")


def test_a_pool_token_no_request_can_carry_is_a_config_error(tmp_path: Path) -> None:
    from scout.providers.pool_config import load_pool_config

    pool = tmp_path / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"p": {"tokens": [
        {"name": "a", "value": " tok-a\n"}, {"name": "b", "value": "env:TOK_B"}]}}}))
    pool.chmod(0o600)
    defs = load_pool_config(pool, {"TOK_B": "tok-b\r\n"})
    assert [t.secret.reveal() for t in defs["p"].tokens if t.secret] == ["tok-a", "tok-b"]
    with pytest.raises(ConfigError) as ei:
        load_pool_config(pool, {"TOK_B": "tok\u201cb"})
    assert ei.value.code == "CFG012" and "token 'b' (TOK_B) holds a character" in ei.value.message
    assert "tok\u201cb" not in str(ei.value)


def test_a_header_variable_too_long_to_send_fails_the_start_naming_it(
        tmp_path: Path, make_runtime) -> None:
    """Set, so nothing is 'missing': the problem says what is wrong with it, and the hint
    is no 'export ...' of a variable that is already exported."""
    from scout.config.settings import OpenAISettings

    gw = OpenAISettings(type="openai", base_url="https://gw.example/v1",
                        headers={"X-Org": {"env": "ORG_HEADER"}})
    cfg = make_config({"gw": gw, "ddg": settings(), "tavily": settings()},
                      {"web": ["gw", "ddg"]})
    ads = {n: ScriptedAdapter(n, cfg.adapters[n]) for n in cfg.adapters}
    rt = make_runtime(cfg, ads, env={"ORG_HEADER": "v" * 20_000})
    with pytest.raises(ConfigError) as ei:
        rt.preflight(pipeline())
    assert "chain web: gw: ORG_HEADER holds 20000 characters, more than the 8000 an HTTP " \
        "header takes" in ei.value.message
    assert "v" * 100 not in ei.value.message and "export ORG_HEADER" not in (ei.value.hint or "")
    assert not any(a.calls for a in ads.values())
