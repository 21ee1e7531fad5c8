"""What stopped a run that did not fail: the user (Ctrl-C) or the system (SIGTERM).

Both take one path (scout.orchestrator.mission: the phases stop, the page is written,
the mission is recorded ``interrupted``, exit 130, the same command resumes); only the
words differ, so the record, the page and ``scout status`` say which it was. A SIGTERM
(``docker stop``, systemd, Kubernetes, a CI cancel, ``timeout``) is raised as
:class:`Terminated`, a ``KeyboardInterrupt``, so every caller that stops on Ctrl-C stops
on it too. The reasons are whole msgids (scout/locales): ``localize`` says them in the
request's language.
"""

from __future__ import annotations

#: the exit status of a run Ctrl-C or SIGTERM stopped (128 + SIGINT, as shells say it)
EXIT_INTERRUPTED = 130
#: the reason recorded when Ctrl-C stopped the run
CTRL_C = "interrupted (Ctrl-C)"
#: the reason recorded when the system stopped it (SIGTERM)
SIGTERM = "stopped by the system (SIGTERM)"


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C's ``KeyboardInterrupt`` would be (scout.cli.stopsignal)."""

    reason = SIGTERM


def interrupt_reason(exc: BaseException | None) -> str:
    """The recorded reason of a run ``exc`` stopped: :data:`SIGTERM` for a
    :class:`Terminated` (or an exception that carries that reason), else :data:`CTRL_C`."""
    reason = getattr(exc, "reason", None)
    return SIGTERM if isinstance(exc, Terminated) or reason == SIGTERM else CTRL_C
