"""With a ``redis://`` quota backend and no server answering, the commands that only
read (validate, plan, graph, doctor) still work; doctor says the backend is down, the
first decision that needs Redis is a clear CFG041 (exit 3, password hidden), and an
apply is refused before it sends anything."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("redis", reason="the dist extra is not installed (pip install 'scout[dist]')")

from scout.cli import main  # noqa: E402
from scout.errors import ConfigError  # noqa: E402
from tests.ports import closed_port  # noqa: E402

SECRET = "s3cret-Redis-pw"


@pytest.fixture
def workspace(project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with closed_port() as port:  # nobody listens, and nobody can start to meanwhile
        monkeypatch.setenv("SCOUTE_QUOTA_URL", f"redis://:{SECRET}@127.0.0.1:{port}/0")
        yield project_copy


def test_read_only_commands_work_without_the_server(workspace: Path, capsys) -> None:
    hotel = "pipelines/hotel_research.yaml"
    assert main(["validate", "pipelines/"]) == 0
    assert main(["graph", hotel]) == 0
    assert main(["plan", hotel, "--query", "hoteles en Madrid del 3 al 5 de mayo"]) == 0
    out = capsys.readouterr()
    assert "CFG041" not in out.out + out.err and "Traceback" not in out.err
    code = main(["doctor"])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code != 0  # a backend that does not answer is a failed check, not a crash
    line = next(x for x in text.splitlines() if "quota backend" in x)
    assert "FAIL" in line and "unreachable" in line and "***@127.0.0.1" in line
    assert SECRET not in text and "Traceback" not in text


def test_apply_is_refused_clearly_before_any_call(workspace: Path, capsys) -> None:
    code = main(["apply", "pipelines/hotel_research.yaml", "--query",
                 "hotels in Lisbon in May", "--progress", "none"])
    err = capsys.readouterr().err
    assert code == 3
    assert "CFG041" in err and "Traceback" not in err
    assert SECRET not in err
    assert not (workspace / "runtime" / "request_journal.jsonl").exists() or \
        (workspace / "runtime" / "request_journal.jsonl").read_text() == ""


def test_the_first_decision_says_cfg041(tmp_path: Path) -> None:
    from scout.quota.factory import make_quota

    with closed_port() as port:
        url = f"redis://:{SECRET}@127.0.0.1:{port}/0"
        quota = make_quota(url, tmp_path)  # built without a server: nothing connects yet
        with pytest.raises(ConfigError) as exc:
            quota.reserve_rate("tavily", 60, 1)
    assert exc.value.code == "CFG041" and exc.value.exit_code == 3
    assert SECRET not in exc.value.message and "***@127.0.0.1" in exc.value.message
    quota.close()


def test_doctor_says_a_live_server_answers(redis_url: str, project_copy: Path,
                                           monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("SCOUTE_QUOTA_URL", redis_url)
    main(["doctor"])
    text = capsys.readouterr().out
    line = next(x for x in text.splitlines() if "quota backend" in x)
    assert "ok" in line and "answers" in line
