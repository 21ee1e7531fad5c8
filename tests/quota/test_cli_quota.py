"""`scout apply` with a quota backend it cannot use: a clear error, exit 3, no traceback."""

from __future__ import annotations

import subprocess

import pytest

from tests.conftest import ROOT
from tests.ports import closed_port


@pytest.mark.parametrize("url,code", [
    # Redis down: the mission lease (a Redis lease under the redis backend) is the first
    # thing apply asks of it (CFG054); a quota decision would say CFG041
    ("redis://:pw-Sentinel-77@127.0.0.1:{port}/0", ("CFG054", "CFG041")),
    ("lcoal", ("CFG040",)),
], ids=["redis-down", "misspelt-backend"])
def test_apply_with_an_unusable_backend_is_a_clear_error(url, code, scout_cmd, subprocess_env,
                                                         tmp_path):
    pytest.importorskip("redis")
    with closed_port() as port:  # the port is held (never listening) until apply is done
        env = {**subprocess_env, "SCOUTE_QUOTA_URL": url.format(port=port),
               "SCOUTE_RESEARCH_ROOT": str(ROOT)}
        out = _apply(scout_cmd, env, tmp_path)
    assert out.returncode == 3, out.stderr
    assert any(c in out.stderr for c in code) and "Traceback" not in out.stderr
    assert "Sentinel" not in out.stderr + out.stdout
    if code == ("CFG040",):
        assert "did you mean 'local'" in out.stderr


def _apply(scout_cmd: list[str], env: dict[str, str], tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run(scout_cmd + [
        "apply", str(ROOT / "pipelines" / "hotel_research.yaml"), "--query",
        "hotels in Barcelona", "--replay", str(ROOT / "examples" / "hotel-barcelona" /
                                                "cassette"),
        "--runs-dir", str(tmp_path / "runs"), "--mission-id", "q-cli", "--progress", "none"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
