"""Errors the user fixes by asking differently (exit 2): a bad flag or path, a spec that
fails validation, a mission or journal entry that does not exist, a request the HTTP API
refuses, a cassette it cannot read."""

from __future__ import annotations

from scout.errors.base import EXIT_USAGE, Problem, ScoutError


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


class MissionNotFound(UsageError):
    """No run directory exists for the given mission id."""

    code = "USE003"


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


class RequestIncomplete(UsageError):
    """The request leaves out an input its kind requires (or gives it a value the input
    refuses): refused before any phase runs, in the request's language. ``missing`` holds
    one entry per input (its name, the kind's word for it, an example of how to say it
    and the value ``--set`` takes); ``lang`` is the language the message is written in."""

    code = "USE065"

    def __init__(self, message: str, *, hint: str | None = None,
                 missing: list[dict[str, str]] | None = None, lang: str = "en") -> None:
        super().__init__(message, hint=hint)
        self.missing = list(missing or [])
        self.lang = lang

    def to_dict(self) -> dict:
        return {**super().to_dict(), "lang": self.lang, "missing": self.missing}


class RequestUnread(UsageError):
    """The request is written mostly in a script scout's request parser does not read
    (Arabic, Hebrew, Cyrillic, Greek, Devanagari, Thai, Han, kana, Hangul…): refused
    before any phase runs rather than read as something it does not say
    (:mod:`scout.task.scripts`). ``script`` names it; ``lang`` is the language the
    message is written in."""

    code = "USE066"

    def __init__(self, message: str, *, hint: str | None = None, script: str = "",
                 lang: str = "en") -> None:
        super().__init__(message, hint=hint)
        self.script = script
        self.lang = lang

    def to_dict(self) -> dict:
        return {**super().to_dict(), "lang": self.lang, "script": self.script}


class RequestTooLong(UsageError):
    """The query is longer than scout takes
    (``scout.api.request.MAX_REQUEST_CHARS``): refused before anything is written, so a
    1 MB paste is not kept five times over in the run dir. ``lang``: the message's
    language."""

    code = "USE067"

    def __init__(self, message: str, *, hint: str | None = None, lang: str = "en") -> None:
        super().__init__(message, hint=hint)
        self.lang = lang

    def to_dict(self) -> dict:
        return {**super().to_dict(), "lang": self.lang}
