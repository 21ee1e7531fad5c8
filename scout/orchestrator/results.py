"""Making a phase's results durable: the success record, the artifact files, in order.

Small artifacts (all under ``INLINE_MAX``) travel inside the ``succeeded`` record itself:
that one log line makes the phase durable, and the committer thread then writes the
files (restored from the log if a crash loses them). A phase with a large artifact has
the committer write its files, fsynced, and then the record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout.orchestrator.artifact_store import ArtifactStore, Encoded, payloads_json
from scout.orchestrator.phase_run import Committer, PhaseRun
from scout.orchestrator.records import RunLog

#: artifacts up to this size (canonical JSON) are recorded inside their phase's record
INLINE_MAX = 1 << 20


class ResultWriter:
    def __init__(self, log: RunLog, artifacts: ArtifactStore,
                 on_artifact: Callable[[str, Any], None] | None) -> None:
        self.log, self.artifacts, self.on_artifact = log, artifacts, on_artifact
        self.committer = Committer()

    def record(self, run: PhaseRun, encoded: dict[str, Encoded], status: str,
               reason: str | None) -> None:
        rec = self.log.succeeded(run.pid, status, run.attempt,
                                 {n: e.hash for n, e in encoded.items()}, run.answered,
                                 run.cost, reason)
        pid, fp = run.pid, run.fp.value if run.fp else ""
        artifacts, on_artifact, log = self.artifacts, self.on_artifact, self.log

        def write_files(fsync: bool) -> None:
            for enc in encoded.values():
                artifacts.store(enc, producer=pid, fingerprint=fp, fsync=fsync)
                if on_artifact is not None:
                    on_artifact(enc.name, enc.loaded)

        if all(len(e.text) <= INLINE_MAX for e in encoded.values()):
            log.append(rec, raw={"payloads": payloads_json(encoded)} if encoded else None)
            self.committer.submit(lambda: write_files(False))
        else:
            def commit() -> None:
                write_files(log.store.durability != "off")
                log.append(rec)
            self.committer.submit(commit)
