"""The e-mail step mails only report files inside the run dir: the report artifact is read
back from disk, and one edited (with its state-log record) to name a file elsewhere, by an
absolute path or by ``../``, had that file read and attached (``/home/me/.ssh/id_rsa``,
another mission's report). Such a name is passed over as a format the report phase did
not produce; the run's own files are sent as before."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scout.schemas.records import Report
from scout.stepkit.params import EmailParams
from scout.steps.email import build_message

SECRET = "PRIVATE KEY MATERIAL 7f3a"


def _message(run_dir: Path, files: dict[str, str]):  # type: ignore[no-untyped-def]
    ctx = SimpleNamespace(run_dir=run_dir, mission_id="m1", phase_id="E7")
    params = EmailParams.model_validate({"to": "a@example.org", "subject": "Report",
                                         "attach": ["md", "csv"]})
    return build_message(ctx, Report(files=files), params,  # type: ignore[arg-type]
                         ["a@example.org"], [], "Report", "k" * 40)


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Path, Path]:
    run_dir = tmp_path / "runs" / "m1"
    run_dir.mkdir(parents=True)
    (run_dir / "report.md").write_text("# Hotels\nOur report.\n")
    (run_dir / "report.html").write_text("<h1>Hotels</h1>")
    (run_dir / "report.csv").write_text("name,price\nCasa,120\n")
    secret = tmp_path / "id_rsa"
    secret.write_text(SECRET)
    return run_dir, secret


@pytest.mark.parametrize("how", ["absolute", "dotdot", "link"])
def test_a_report_file_outside_the_run_dir_is_not_mailed(layout: tuple[Path, Path],
                                                         how: str) -> None:
    run_dir, secret = layout
    if how == "absolute":
        name = str(secret)
    elif how == "dotdot":
        name = "../../id_rsa"
    else:
        (run_dir / "notes.md").symlink_to(secret)
        name = "notes.md"
    msg, attached = _message(run_dir, {"md": name, "html": "report.html", "csv": name})
    assert SECRET not in msg.as_string() and attached == []


def test_the_run_dirs_own_report_files_are_mailed(layout: tuple[Path, Path]) -> None:
    run_dir, _ = layout
    msg, attached = _message(run_dir, {"md": "report.md", "html": "report.html",
                                       "csv": "report.csv"})
    assert "Our report." in msg.as_string() and attached == ["report.md", "report.csv"]
