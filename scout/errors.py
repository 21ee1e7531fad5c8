"""The one exception tree of scout.

Every error a user can cause or meet is a ``ScoutError``: it carries a stable code
(documented in ``docs/errors.md``), a message, an optional hint, an optional source
location and the process exit code the CLI uses (DESIGN.md §3):

    0 success, 1 a phase failed, 2 spec or usage error,
    3 provider / configuration error, 4 budget cap hit.

Foreign exceptions are mapped into this tree once, at the boundary where they occur,
and chained with ``raise ... from``. The CLI has a single top-level catch that renders
them; a Python traceback is only shown with ``--traceback``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

EXIT_OK = 0
EXIT_PHASE_FAILED = 1
EXIT_USAGE = 2
EXIT_PROVIDER = 3
EXIT_BUDGET = 4


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; ``line`` and ``col`` are 1-based."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


@dataclass(frozen=True)
class Problem:
    """One validation finding. Validators collect these, sort them and raise once."""

    code: str
    message: str
    location: Location | None = None
    hint: str | None = None
    severity: str = "error"  # "error" | "warning" | "note" (information only)

    @property
    def sort_key(self) -> tuple:
        loc = self.location or Location("")
        return (loc.file, loc.line, loc.col, self.code, self.message)

    def to_dict(self) -> dict:
        loc = self.location
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "file": loc.file if loc else None,
            "line": loc.line if loc else None,
            "col": loc.col if loc else None,
        }


class ScoutError(Exception):
    """Root of every error scout raises on purpose."""

    code: str = "SCOUT001"
    exit_code: int = EXIT_PHASE_FAILED

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        location: Location | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.location = location
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else ""
        return f"{prefix}{self.code}: {self.message}"

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "location": str(self.location) if self.location else None,
            "exit_code": self.exit_code,
        }


# --- usage and specs (exit 2) -------------------------------------------------------


class UsageError(ScoutError):
    """The command line asked for something impossible (bad flag value, missing file)."""

    code = "USE001"
    exit_code = EXIT_USAGE


class SpecInvalid(ScoutError):
    """One or more files failed validation; ``problems`` holds every finding, sorted."""

    code = "SPEC000"
    exit_code = EXIT_USAGE

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: p.sort_key)
        errors = [p for p in self.problems if p.severity == "error"]
        first = errors[0] if errors else self.problems[0]
        super().__init__(
            f"{len(errors)} problem(s) found; first: {first.message}",
            hint=first.hint,
            location=first.location,
            code=first.code,
        )


class CatalogInvalid(ScoutError):
    """A project's message catalog (``locales/<lang>/LC_MESSAGES/messages.po``) does not
    parse: the author's file, located at its line."""

    code = "SPEC058"
    exit_code = EXIT_USAGE


class UnsafeMissionId(UsageError):
    """A mission id that is not a safe slug (could escape the runs dir)."""

    code = "USE002"


# --- configuration and providers (exit 3) -------------------------------------------


class ConfigError(ScoutError):
    """Configuration that cannot be used: missing credentials, bad file modes, bad config."""

    code = "CFG000"
    exit_code = EXIT_PROVIDER


class NoUsableLink(ConfigError):
    """Every link of a phase's chain is a ``name?`` link that is not configured. A step
    that can do without its chain (``uses: images``: first-party photos only) catches it;
    any other phase fails with it like any CFG010."""

    code = "CFG010"


class MLUnavailable(ConfigError):
    """An ML feature (semantic dedup, embedding rank) was asked for without the ml extra."""

    code = "ML001"


class MLBackendError(ConfigError):
    """The configured ml device/dtype cannot run natively here (e.g. bf16 forced on sm_75)."""

    code = "ML002"


class MLModelError(ConfigError):
    """The embedding model could not be found or loaded without a download."""

    code = "ML003"


class ProviderError(ScoutError):
    """An external call failed. Subclasses classify the failure for retry and failover."""

    code = "PRV000"
    exit_code = EXIT_PROVIDER
    retryable: bool = False
    #: the name used in ``retry.on`` and in the journal; each subclass declares its own
    kind: str = "provider_error"

    def __init__(
        self,
        message: str,
        *,
        adapter: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        hint: str | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message, hint=hint, code=code)
        self.adapter = adapter
        self.status = status
        self.retry_after = retry_after


class Unavailable(ProviderError):
    """Timeouts, connection errors and 5xx answers: worth retrying, then failing over."""

    code = "PRV001"
    kind = "unavailable"
    retryable = True


class Unreachable(Unavailable):
    """The provider could not be reached at all (no route, name not resolved, connection
    refused): usually this machine is offline. Retried like ``unavailable``; the run
    says it once per adapter, with a hint, instead of once per call."""

    code = "PRV020"

    #: what to do about it, shown once per adapter
    HINT = ("check the network connection (or a proxy or firewall in the way); to run "
            "without network, replay a recording: scout apply ... --replay DIR")


class RateLimited(ProviderError):
    """429 or a bot-challenge page. Retried with Retry-After honoured; opens the breaker.

    ``challenge=True`` marks a bot-challenge page: it is not retried on the spot (asking
    again within seconds is what bots do and gets an address blocked for longer); the
    chain fails over and the circuit breaker rests the adapter at once.
    """

    code = "PRV002"
    kind = "rate_limited"
    retryable = True

    def __init__(
        self,
        message: str,
        *,
        adapter: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        hint: str | None = None,
        code: str | None = None,
        challenge: bool = False,
    ) -> None:
        super().__init__(message, adapter=adapter, status=status, retry_after=retry_after,
                         hint=hint, code=code)
        self.challenge = challenge


class AuthError(ProviderError):
    """401/403: the credential is wrong or out of quota. Never retried with the same token."""

    code = "PRV003"
    kind = "auth_error"


class Rejected(ProviderError):
    """Any other 4xx: the request itself is wrong. Never retried."""

    code = "PRV004"
    kind = "rejected"


class ParseError(ProviderError):
    """The response could not be read (unknown markup, broken JSON). Fails over."""

    code = "PRV005"
    kind = "parse_error"


class PoolExhausted(ProviderError):
    """Every token in a pool is exhausted or in error; the phase becomes failed_retryable."""

    code = "PRV006"
    kind = "pool_exhausted"
    retryable = True


class ReplayMiss(ProviderError):
    """``--replay`` was asked for a request the cassette does not hold."""

    code = "PRV007"
    kind = "replay_miss"


class Blocked(ProviderError):
    """A request refused locally before it left (SSRF guard, oversize body, bad type)."""

    code = "PRV008"
    kind = "blocked"


class ChainFailed(ProviderError):
    """A failover chain's call failed: every link failed, or one failed in a way that
    does not fail over (a rejected request, a refused one, a replay miss).

    ``cause`` is the deciding error (the last retryable one, else the last one); the
    kind, retryability, code, status and hint are the cause's, so a phase ends
    ``failed_retryable`` whenever trying again later could help and its record names the
    actionable code (e.g. PRV006 for an exhausted pool). ``links`` are the chain's
    ``LinkAttempt``s in order (what each link did). ``PRV021`` is the class's own code,
    shown only when no cause decided (never, in scout's own chains)."""

    code = "PRV021"

    def __init__(self, message: str, *, cause: ProviderError,
                 links: Sequence[Any] = ()) -> None:
        super().__init__(message, adapter=cause.adapter, status=cause.status,
                         retry_after=cause.retry_after, hint=cause.hint, code=cause.code)
        self.cause = cause
        self.links: tuple[Any, ...] = tuple(links)
        self.kind = cause.kind
        self.retryable = cause.retryable


#: Names accepted by ``retry.on`` in a pipeline spec.
ERROR_KINDS: tuple[str, ...] = (
    "unavailable",
    "rate_limited",
    "auth_error",
    "rejected",
    "parse_error",
    "pool_exhausted",
    "timeout",
    "step_error",
)


# --- running (exit 1 / 4) -----------------------------------------------------------


class RunError(ScoutError):
    """A mission could not run to completion."""

    code = "RUN000"
    exit_code = EXIT_PHASE_FAILED


class PhaseExecutionError(RunError):
    """A phase ended failed_terminal; the state is saved and the mission stops.

    Raised by the seed's ``run_mission`` (``scout.api.run_mission``); ``phases`` names
    the failed phases."""

    code = "RUN001"

    def __init__(self, message: str, *, phases: tuple[str, ...] = (),
                 hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.phases = phases


class StepError(RunError):
    """A step kind raised a problem of its own (bad input data, missing field)."""

    code = "RUN002"
    kind = "step_error"

    def __init__(self, message: str, *, retryable: bool = False, **kw) -> None:
        super().__init__(message, **kw)
        self.retryable = retryable


class TemplateRenderError(StepError):
    """A report template failed while rendering: the author's mistake, located in the
    template (file:line:col), never an internal error."""

    code = "SPEC056"
    exit_code = EXIT_USAGE


class InvalidAddress(StepError):
    """An address in an e-mail phase's ``to:`` / ``cc:`` is not a valid e-mail address."""

    code = "MAIL001"


class NothingToSend(StepError):
    """An e-mail phase found no report file to send."""

    code = "MAIL002"


class PdfUnavailable(StepError):
    """A report phase asked for ``pdf`` on a machine without headless Chromium."""

    code = "REP001"


class MissionLocked(RunError):
    """Another live ``scout apply`` holds the mission lock."""

    code = "RUN003"
    exit_code = EXIT_USAGE


class BatchLocked(RunError):
    """Another live ``scout batch apply`` is running the same batch (its record would be
    written by two drivers, each launching the same missions)."""

    code = "RUN009"
    exit_code = EXIT_USAGE


class ArtifactInvalid(RunError):
    """An artifact failed its schema on write or read, or its content hash does not match."""

    code = "RUN005"


class PhaseTimeout(RunError):
    """A phase attempt ran past its ``timeout``; retried like any retryable failure."""

    code = "RUN006"
    kind = "timeout"
    retryable = True


class BudgetExceeded(ScoutError):
    """The mission's ``max_cost`` was reached; the run stopped cleanly."""

    code = "RUN004"
    exit_code = EXIT_BUDGET


class BatchBudgetExceeded(BudgetExceeded):
    """The batch's ``--max-cost`` refused a call of one of its missions (the call would
    have taken the batch past its cap); the mission stopped like at its own cap."""

    code = "RUN008"


class MissionNotFound(UsageError):
    """No run directory exists for the given mission id."""

    code = "USE003"


# --- audit and operations (scout journal / serve) -----------------------------------


class EntryNotFound(UsageError):
    """No journal entry has this id (or the prefix is malformed or ambiguous)."""

    code = "USE020"


class NotReplayable(UsageError):
    """The journal does not hold the entry's request as it was sent (redacted, none)."""

    code = "USE021"


class ReportNotFound(UsageError):
    """The mission has no report (yet)."""

    code = "USE022"


class Unauthorized(UsageError):
    """An HTTP request without the right bearer token (``SCOUTE_API_TOKEN``)."""

    code = "USE030"


class PathOutsideRoot(UsageError):
    """A path given to ``scout mcp`` (or another confined caller) leaves the framework root."""

    code = "USE040"


class UnsafeBind(ConfigError):
    """``scout serve`` on a non-loopback address without a (long enough) API token."""

    code = "CFG020"


# --- limits and the machine (issue 13 §4, §5) ----------------------------------------


class TemplateLimit(StepError):
    """A template crossed a bound of the sandbox at run time (huge power, repetition,
    loops or output); never retried, the same data would cross it again."""

    code = "RUN020"


class StorageError(ScoutError):
    """The machine refused a write scout needs (disk full, read-only or not permitted).

    Exit 3, like a configuration problem: the user fixes the environment (free space,
    ``SCOUTE_RUNS_DIR``) and re-applies; the run resumes from its last durable state.
    """

    code = "RUN021"
    exit_code = EXIT_PROVIDER


#: errno → (code, what happened, hint) for :func:`storage_error`.
_STORAGE_ERRNO = {
    "ENOSPC": ("RUN021", "the disk is full", "free some space (or point SCOUTE_RUNS_DIR at "
               "a bigger disk) and re-apply: the run resumes where it stopped"),
    "EDQUOT": ("RUN021", "the disk quota is exceeded", "free some space and re-apply"),
    "EROFS": ("RUN022", "the file system is read-only", "point SCOUTE_RUNS_DIR (or "
              "SCOUTE_RESEARCH_ROOT) at a writable folder"),
    "EACCES": ("RUN022", "permission denied", "make the folder writable for this user, or "
               "point SCOUTE_RUNS_DIR at one that is"),
    "EPERM": ("RUN022", "operation not permitted", "make the folder writable for this user"),
    "EISDIR": ("RUN023", "a folder stands where a file is expected", "remove or rename the "
               "folder; scout writes a file there"),
    "ENOTDIR": ("RUN023", "a file stands where a folder is expected", "remove or rename "
                "the file"),
}


def storage_error(exc: OSError, what: str) -> ScoutError | None:
    """Map an ``OSError`` the machine raised while scout did ``what`` (``'cannot write
    the run state'``) to a :class:`StorageError`; ``None`` for errors that are not the
    machine's (a bug stays a bug)."""
    import errno as _errno

    name = _errno.errorcode.get(exc.errno or 0, "")
    if name not in _STORAGE_ERRNO:
        return None
    code, reason, hint = _STORAGE_ERRNO[name]
    # os.replace(tmp, target) names the target second: that is the path the user knows
    path = getattr(exc, "filename2", None) or exc.filename
    where = f" ({path})" if path else ""
    return StorageError(f"{what}{where}: {reason}", hint=hint, code=code)


class PathUnusable(UsageError):
    """A path the operating system refuses as a path: a name longer than it allows
    (ENAMETOOLONG) or symbolic links that loop (ELOOP). Exit 2: the command line (or a
    tool's argument) names something that cannot exist; another path is the fix."""

    code = "USE004"


#: errno → (what is wrong with the path, hint) for :func:`path_error`.
_PATH_ERRNO = {
    "ENAMETOOLONG": ("the name is longer than this system allows",
                     "give a shorter path (each part of it at most 255 bytes)"),
    "ELOOP": ("its symbolic links loop", "fix or remove the symbolic link"),
}


def _clip_path(path: object, limit: int = 160) -> str:
    text = str(path)
    return text if len(text) <= limit else f"{text[:limit // 2]}...{text[-limit // 4:]} " \
        f"({len(text)} characters)"


def path_error(exc: BaseException) -> ScoutError | None:
    """:class:`PathUnusable` for an ``OSError`` that says the path itself cannot be used
    (or Python 3.11's ``RuntimeError('Symlink loop from ...')`` of ``Path.resolve``);
    ``None`` otherwise. The path in the message is clipped: it may be 100 KB long."""
    import errno as _errno

    if isinstance(exc, RuntimeError) and str(exc).startswith("Symlink loop from "):
        where = str(exc)[len("Symlink loop from "):]
        reason, hint = _PATH_ERRNO["ELOOP"]
        return PathUnusable(f"cannot use {_clip_path(where)}: {reason}", hint=hint)
    if not isinstance(exc, OSError):
        return None
    name = _errno.errorcode.get(exc.errno or 0, "")
    if name not in _PATH_ERRNO:
        return None
    reason, hint = _PATH_ERRNO[name]
    where = f" {_clip_path(exc.filename)}" if exc.filename else " a path"
    return PathUnusable(f"cannot use{where}: {reason}", hint=hint)


def machine_error(exc: BaseException) -> ScoutError | None:
    """The :class:`StorageError` hidden in ``exc`` or its causes (an ``OSError`` for a
    full disk or a read-only folder, possibly wrapped), or the :class:`PathUnusable`
    (a name too long, a symlink loop), or ``None``: the top-level catch uses it so the
    machine's refusal is never reported as a bug in scout."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, StorageError):
            return cur
        if isinstance(cur, OSError):
            mapped = storage_error(cur, "cannot use a file")
            if mapped is not None:
                return mapped
        mapped = path_error(cur)  # a 100 KB name or a symlink loop: the path, not a bug
        if mapped is not None:
            return mapped
        cur = cur.__cause__ or cur.__context__
    return None
# --- hardening: untrusted files and requests (issue 13) -------------------------------


class CassetteInvalid(UsageError):
    """A ``--replay`` cassette (or a stored answer) is malformed or names a type scout
    does not decode; nothing from it was imported or run."""

    code = "USE060"


class BadRequestValue(UsageError):
    """A request value out of range (``--since 3000000d``, a year scout cannot represent)."""

    code = "USE061"


class NotServed(UsageError):
    """The HTTP API refuses to serve a path that leaves the runs dir (a planted symlink)
    or that is not a regular file (a FIFO, a device, a folder)."""

    code = "USE062"


class MisdirectedHost(UsageError):
    """A request to the loopback-only HTTP API named a host that is not loopback (DNS
    rebinding: a web page reaching the API through a name it controls)."""

    code = "USE063"


class Cancelled(RunError):
    """A provider call that woke up (from a rate-limit wait) after the run closed its
    HTTP clients: it is not sent and not journaled, since nothing was asked."""

    code = "RUN030"
