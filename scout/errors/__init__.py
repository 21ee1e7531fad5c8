"""The one exception tree of scout.

Every error a user can cause or meet is a ``ScoutError``: it carries a stable code
(documented in ``docs/errors.md``), a message, an optional hint, an optional source
location and the process exit code the CLI uses (DESIGN.md §3):

    0 success, 1 a phase failed, 2 spec or usage error,
    3 provider / configuration error, 4 budget cap hit.

Foreign exceptions are mapped into this tree once, at the boundary where they occur,
and chained with ``raise ... from``. The CLI has a single top-level catch that renders
them; a Python traceback is only shown with ``--traceback``.

The tree is split by what the user does about an error: ``base`` (the root, exit codes,
``Location``, ``Problem``), ``usage`` (exit 2), ``config`` and ``provider`` (exit 3), ``run``
(exit 1 and 4) and ``machine`` (the machine's refusals). Import from ``scout.errors``.
"""

from __future__ import annotations

from scout.errors.base import (  # noqa: F401
    Location,
    Problem,
    ScoutError,
    EXIT_OK,
    EXIT_PHASE_FAILED,
    EXIT_USAGE,
    EXIT_PROVIDER,
    EXIT_BUDGET,
)
from scout.errors.usage import (  # noqa: F401
    UsageError,
    SpecInvalid,
    CatalogInvalid,
    UnsafeMissionId,
    MissionNotFound,
    EntryNotFound,
    NotReplayable,
    ReportNotFound,
    Unauthorized,
    PathOutsideRoot,
    CassetteInvalid,
    BadRequestValue,
    NotServed,
    MisdirectedHost,
    RequestIncomplete,
    RequestUnread,
    RequestTooLong,
)
from scout.errors.config import (  # noqa: F401
    ConfigError,
    NoUsableLink,
    MLUnavailable,
    MLBackendError,
    MLModelError,
    UnsafeBind,
)
from scout.errors.provider import (  # noqa: F401
    ProviderError,
    Unavailable,
    Unreachable,
    RateLimited,
    AuthError,
    Rejected,
    ParseError,
    PoolExhausted,
    ReplayMiss,
    Blocked,
    ChainFailed,
    ERROR_KINDS,
)
from scout.errors.run import (  # noqa: F401
    RunError,
    PhaseExecutionError,
    StepError,
    TemplateRenderError,
    InvalidAddress,
    NothingToSend,
    PdfUnavailable,
    MissionLocked,
    BatchLocked,
    ArtifactInvalid,
    PhaseTimeout,
    BudgetExceeded,
    BatchBudgetExceeded,
    TemplateLimit,
    Cancelled,
)
from scout.errors.machine import (  # noqa: F401
    StorageError,
    storage_error,
    PathUnusable,
    path_error,
    machine_error,
)
from scout.errors.interrupt import (  # noqa: F401
    Terminated,
    interrupt_reason,
)
