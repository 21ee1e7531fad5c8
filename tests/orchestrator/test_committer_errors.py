"""The committer thread's write failures keep the machine's error code (issue 13 §5).

A full disk met while the committer writes a finished phase's artifacts must read as
RUN021 with exit 3, as it does when the same write fails on the scheduler thread; which
thread meets it first is a race (tests/chaos/test_disk_full.py saw both).
"""

from __future__ import annotations

import errno
import os

import pytest

from scout.errors import EXIT_PROVIDER, RunError, StorageError
from scout.orchestrator.phase_run import Committer


def _fail_with(exc: BaseException):
    def job() -> None:
        raise exc
    return job


@pytest.mark.parametrize("num, code", [(errno.ENOSPC, "RUN021"), (errno.EROFS, "RUN022")])
def test_a_storage_failure_keeps_its_code(num: int, code: str) -> None:
    c = Committer()
    c.submit(_fail_with(OSError(num, os.strerror(num), "/runs/m/artifacts/x.json")))
    with pytest.raises(StorageError) as got:
        c.drain()
    c.close()
    assert got.value.code == code and got.value.exit_code == EXIT_PROVIDER
    assert "/runs/m/artifacts/x.json" in got.value.message


def test_a_later_job_does_not_run_after_a_failure_and_a_bug_stays_a_run_error() -> None:
    ran: list[int] = []
    c = Committer()
    c.submit(_fail_with(ValueError("boom")))
    c.submit(lambda: ran.append(1))
    with pytest.raises(RunError, match="could not record phase results: boom"):
        c.drain()
    c.close()
    assert ran == []
