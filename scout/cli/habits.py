"""Options a newcomer brings from other tools, and scout's way to say them.

click suggests an option by its spelling (``--budget`` → "Did you mean '--set'?"), which
finds a typo but not a habit: ``--offline``, ``--dry-run``, ``--budget``, ``--lang``,
``--output`` are what other tools call what scout spells ``--replay DIR``, ``scout plan``,
``--max-cost USD``, ``--set lang=es`` and ``--runs-dir``. A habit is only ever offered
for an option the command does not take (click raised NoSuchOption for it).
"""

from __future__ import annotations

#: (what the hint needs: an option the command takes, or the command's name; the hint)
_OFFLINE = ("--replay", "to run without network, replay a recording: --replay DIR (make "
            "one with --record DIR); scout's own tests run offline with scout.testing")
_PLAN = ("apply", "scout plan (the same arguments) shows what apply would do and runs "
         "nothing")
_BUDGET = ("--max-cost", "the cost cap is --max-cost USD (e.g. --max-cost 0.50)")
_LANG = ("--set", "the request's language is --set lang=es (or en)")
_VALIDATE_LANG = ("--lang", "the messages' language is --lang es (or en); a Spanish locale "
                  "(LANG=es_ES.UTF-8) asks for Spanish too")
_INIT_LANG = ("--es", "--es NAME gives the kind its Spanish name (e.g. --es congresos)")
_INPUT = ("--set", "an input's value is --set NAME=VALUE (repeatable)")
_OUTPUT = ("--runs-dir", "the report is written in the mission's run dir (its path is "
           "printed); --runs-dir DIR chooses where run dirs go")
_VERBOSE = ("--progress", "--progress plain prints each phase as it runs; scout "
            "--traceback shows the Python traceback of an error")

#: an option scout does not take → the ways to write it instead (the first that fits)
HABITS: dict[str, tuple[tuple[str, str], ...]] = {
    "--offline": (_OFFLINE,), "--no-network": (_OFFLINE,), "--mock": (_OFFLINE,),
    "--dry-run": (_PLAN,), "--dryrun": (_PLAN,), "--plan": (_PLAN,), "--what-if": (_PLAN,),
    "--budget": (_BUDGET,), "--max-budget": (_BUDGET,), "--cost-cap": (_BUDGET,),
    "--max-usd": (_BUDGET,), "--cap": (_BUDGET,), "--presupuesto": (_BUDGET,),
    "--lang": (_LANG, _INIT_LANG), "--language": (_VALIDATE_LANG, _LANG, _INIT_LANG),
    "--locale": (_VALIDATE_LANG, _LANG, _INIT_LANG),
    "--idioma": (_VALIDATE_LANG, _LANG, _INIT_LANG),
    "--param": (_INPUT,), "--var": (_INPUT,), "--arg": (_INPUT,), "--input": (_INPUT,),
    "--output": (_OUTPUT,), "--out": (_OUTPUT,), "-o": (_OUTPUT,), "--output-dir": (_OUTPUT,),
    "--verbose": (_VERBOSE,), "-v": (_VERBOSE,), "--debug": (_VERBOSE,),
}


def habit_hint(option: str | None, command: str, options: set[str]) -> str | None:
    """What to write instead of ``option``, which ``command`` (its name; ``options``:
    the options it takes) does not take; None when no way fits this command."""
    for needs, said in HABITS.get((option or "").split("=", 1)[0].lower(), ()):
        if needs in options or needs == command:
            return said
    return None
