"""The workspace the MCP tools are confined to: the framework root (``SCOUTE_RESEARCH_ROOT``
or the directory ``scout mcp`` started in) and its config file.

* paths an agent gives (a pipeline, a Mission, a folder to validate, a replay folder)
  are resolved, symlinks included, and refused unless they stay under the root — an
  agent that was talked into reading ``/etc`` or ``../other-project`` gets a clear
  ``USE040`` error, and nothing is opened;
* results name files relative to the root;
* every result passes :func:`scout.audit.secrets.deep_scrub` with the secret values the
  deployment knows (environment credentials, the token pool), like the CLI's ``--json``
  and the HTTP API.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.errors import PathOutsideRoot, UsageError
from scout.paths import runs_dir, said_under_root


@dataclass(frozen=True)
class Workspace:
    """The framework root the tools are confined to, and its config file (if given)."""

    root: Path
    config: str | None = None

    @property
    def runtime(self) -> Path:
        return self.root / "runtime"

    def path(self, given: str, *, what: str, kind: str = "any",
             missing_hint: str | None = None) -> Path:
        """``given`` (relative to the root, or absolute) resolved and checked to stay
        inside the root; ``kind`` is ``file``, ``dir`` or ``any``; ``missing_hint`` says
        where to find a right one when nothing is there."""
        if not isinstance(given, str) or not given.strip() or "\x00" in given:
            raise UsageError(f"{what}: expected a path relative to the framework root")
        if not given.isascii():  # JSON can carry lone surrogates ("\udcff"): no file name
            try:
                given.encode("utf-8")
            except UnicodeEncodeError:
                raise UsageError(f"{what}: not valid UTF-8 text", code="USE045") from None
        root = self.root.resolve()
        candidate = Path(given)
        resolved = (candidate if candidate.is_absolute() else root / candidate).resolve()
        if resolved != root and root not in resolved.parents:
            raise PathOutsideRoot(
                f"{what} {given!r} is outside the framework root",
                hint="give a path relative to the framework root (e.g. pipelines/…): "
                     "nothing outside it is read")
        if kind == "file" and resolved.is_dir():  # there, but not what "no such file" says
            raise UsageError(f"{what} {given!r} is a folder, not a file",
                             hint="give one .yaml file in it (validate takes folders)")
        if kind == "file" and not resolved.is_file():
            raise UsageError(f"{what} {given!r}: no such file under the framework root",
                             hint=missing_hint)
        if kind == "dir" and not resolved.is_dir():
            raise UsageError(f"{what} {given!r}: no such folder under the framework root")
        if kind == "any" and not resolved.exists():
            raise UsageError(f"{what} {given!r}: nothing there under the framework root")
        return resolved

    def rel(self, path: str | Path | None) -> str | None:
        """``path`` relative to the root when it is inside it (how results name files)."""
        if path is None:
            return None
        p = Path(path)
        try:
            return str(p.resolve().relative_to(self.root.resolve()))
        except ValueError:
            return str(p)

    def clean(self, data: Any) -> Any:
        """``data`` scrubbed of secret values, every path under the root in its strings
        said relative to it (a state's ``pipeline``, an audit's ``run_dir``, a progress
        message), and those under a runs dir elsewhere (``SCOUTE_RUNS_DIR``) as under
        ``runs``: results name files as the tools take them, not the server's layout."""
        from scout.audit.secrets import deep_scrub, known_secrets

        scrubbed = deep_scrub(data, known_secrets(self.root, self.config))
        return said_under_root(scrubbed, self.root, runs_dir(None, root=self.root))

