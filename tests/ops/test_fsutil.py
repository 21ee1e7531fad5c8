"""write_atomic never follows a planted temp-file symlink (issue 13 §7): the temp file is
unique and created exclusively in the target's folder, then fsynced and renamed."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from scout.fsutil import write_atomic


def _old_style_names(target: Path) -> list[Path]:
    # the names a pid + thread-id scheme would use from this thread
    return [target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")]


def test_a_planted_symlink_at_a_predictable_temp_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "runs" / "report.md"
    target.parent.mkdir()
    for name in _old_style_names(target):
        name.symlink_to(victim)
    write_atomic(target, "report")
    assert victim.read_text() == "precious"
    assert target.read_text() == "report" and not target.is_symlink()


def test_temp_files_are_created_exclusively(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    flags_seen: list[int] = []
    real_open = os.open

    def spy(path, flags, *a, **k):
        if str(path).endswith(".tmp"):
            flags_seen.append(flags)
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", spy)
    write_atomic(tmp_path / "a.json", "{}")
    assert flags_seen and all(f & os.O_EXCL and f & os.O_CREAT for f in flags_seen)


def test_no_temp_file_is_left_and_the_mode_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    write_atomic(target, b"x" * 10, mode=0o600)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]


def test_a_failed_write_removes_its_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "folder"
    target.mkdir()  # os.replace(file, folder) fails
    (target / "inside").write_text("x")
    with pytest.raises(OSError):
        write_atomic(target, "data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_concurrent_writers_never_share_a_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "shared.txt"
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for _ in range(50):
                write_atomic(target, f"{n}" * 1000, fsync=False)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    text = target.read_text()
    assert len(text) == 1000 and len(set(text)) == 1
