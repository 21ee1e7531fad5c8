"""Every relative link of the docs a newcomer follows resolves: the file exists, and a
`#fragment` names a heading of that file (as GitHub makes its anchors).

Reads README.md, docs/*.md, examples/*/README.md, benchmarks/README.md and the agent
skills' markdown; links in code blocks and inline code are text, not links.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "examples").glob("*/README.md")),
            *sorted((ROOT / "benchmarks").glob("README.md")),
            *sorted((ROOT / ".agents").rglob("*.md"))]


def _prose(text: str) -> str:
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def anchors(path: Path) -> set[str]:
    """GitHub's heading ids: lower case, punctuation but '-' and '_' dropped, spaces as
    '-', a repeated one numbered (-1, -2, ...)."""
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", _prose_headings(path), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        if n:
            seen[f"{slug}-{n}"] = 1
    return set(seen)


def _prose_headings(path: Path) -> str:
    # headings keep their inline code's words (`scout runs` -> scout-runs)
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    return text.replace("`", "")


def test_the_scan_finds_links() -> None:
    found = sum(len(LINK.findall(_prose(p.read_text(encoding="utf-8")))) for p in _docs())
    assert found > 30


def test_every_relative_link_resolves() -> None:
    broken = []
    for doc in _docs():
        for link in LINK.findall(_prose(doc.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z+.-]*:", link):  # https:, mailto:
                continue
            path, _, fragment = link.partition("#")
            target = (doc.parent / path).resolve() if path else doc
            if not target.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {link} (no such file)")
            elif fragment and target.suffix == ".md" and fragment not in anchors(target):
                broken.append(f"{doc.relative_to(ROOT)}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_every_shipped_yaml_schema_line_resolves() -> None:
    # `# yaml-language-server: $schema=…` is the link an editor follows (docs/authoring.md,
    # "Editor support"); a kind moved one folder deeper loses its completion silently
    # scaffold/files are what `scout init` writes into a project (test_init checks them)
    files = [p for p in ROOT.glob("**/*.yaml")
             if not {".git", "tests", ".venv", "runs", "scaffold"} & set(p.relative_to(ROOT).parts)]
    named = {p: m.group(1) for p in files
             if (m := re.search(r"^# yaml-language-server: \$schema=(\S+)",
                                p.read_text(encoding="utf-8"), re.M))}
    assert len(named) > 20
    dangling = sorted(str(p.relative_to(ROOT)) for p, target in named.items()
                      if not re.match(r"https?:", target) and not (p.parent / target).is_file())
    assert not dangling, dangling
