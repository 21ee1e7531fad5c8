"""A kind's report template that links a raw URL (SPEC094, a warning).

A Markdown link's target is where the reader's click goes, and a URL comes from a page
or a provider: a space, a bracket or an angle bracket in it ends the target early or
opens HTML (``[site](https://x.test/a) [pay here](https://evil.test)``), so the link a
reader sees is not the source. ``r.md_link_url(url)`` (scout/report/builtin/_report.md.j2)
escapes them; a template that writes ``]({{ c.url }})`` links whatever the page said.
Read from the template's source, so a kind written later is held to it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.errors import Location, Problem

# a Markdown link's target opened by an expression: "](" then "{{ … }}"
_IMPORT = '{% import "_report.md.j2" as r with context %}'
_TARGET = re.compile(r"\]\(\s*\{\{-?\s*(?P<expr>(?:(?!\}\}).)*?)\s*-?\}\}", re.DOTALL)


def raw_link_problems(source: str, pid: str,
                      loc: Callable[[int, str], Location]) -> list[Problem]:
    """SPEC094 for each Markdown link target in ``source`` written from an expression
    that does not pass through ``md_link_url``."""
    problems = []
    for m in _TARGET.finditer(source):
        expr = m.group("expr")
        if "md_link_url(" in expr:
            continue
        lineno = source.count("\n", 0, m.start()) + 1
        said = m.group(0).split("\n")[0] + ("" if "\n" in m.group(0) else ")")
        problems.append(Problem(
            "SPEC094", f"phase '{pid}': report template links a raw URL: {said}",
            loc(lineno, said), severity="warning",
            hint=f"write the link's target as ]({{{{ r.md_link_url({expr}) }}}}), with "
            f"{_IMPORT} at the top: a space, a bracket or an angle bracket in a page's URL "
            "would end the link early or open HTML"))
    return problems
