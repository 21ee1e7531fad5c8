"""The environment variables scout reads by a fixed name, and the doctor's check for one
set under a name scout does not read (``SCOUT_CONFIG`` for ``SCOUTE_CONFIG``,
``SCOUTE_RUN_DIR`` for ``SCOUTE_RUNS_DIR``): such a variable is silently ignored, so the
run looks at another config, another runs folder, than the operator set.

An adapter's own variables (its ``credentials: {env: …}``, ``SCOUTE_<NAME>_BASE_URL``)
come from the config and are passed in; tests/config/test_envvars.py keeps
:data:`READ` in step with every fixed name scout's code reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: every ``SCOUTE_*`` / ``SCOUT_*`` variable scout reads by a fixed name
READ = frozenset({
    "SCOUTE_API_TOKEN", "SCOUTE_CHROMIUM", "SCOUTE_CONFIG", "SCOUTE_JOURNAL_MAX_BYTES",
    "SCOUTE_JOURNAL_WRITER", "SCOUTE_MAX_SPEC_BYTES", "SCOUTE_NO_TEMPLATE_CACHE",
    "SCOUTE_OPENAI_BASE_URL", "SCOUTE_QUOTA_URL", "SCOUTE_RESEARCH_ROOT", "SCOUTE_RUNS_DIR",
    "SCOUTE_SEARXNG_BASE_URL", "SCOUTE_SMTP_URL", "SCOUTE_TEMPLATE_CACHE_DIR",
    "SCOUTE_TOKEN_POOL_CONFIG", "SCOUT_TESTING_FAKE_KEY", "SCOUT_TRACEBACK",
})
#: the prefixes of scout's own variables (``SCOUTE_`` is the name scout reads)
PREFIXES = ("SCOUTE_", "SCOUT_")


def stray_variables(env: Mapping[str, str], also: Iterable[str] = ()
                    ) -> list[tuple[str, str | None]]:
    """(a variable set with scout's prefix that scout does not read, the one it
    probably means or None), sorted. ``also``: the config's adapters' variables."""
    from scout.suggest import closest

    known = READ | set(also)
    # SCOUT_CONFIG is SCOUTE_CONFIG with the E left out: compare the names after it
    tails = {k.split("_", 1)[1]: k for k in known if k.startswith(PREFIXES)}
    out: list[tuple[str, str | None]] = []
    for name in sorted(env):
        if not name.upper().startswith(PREFIXES) or name in known:
            continue
        tail = name.split("_", 1)[1].upper()
        hit = tails.get(tail) or closest(name.upper(), known, cutoff=0.8)
        out.append((name, hit))
    return out
