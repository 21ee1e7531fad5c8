"""scout's light commands skip pydantic's plug-in scan only where it would find nothing,
and load pydantic's plug-in loader without importlib.metadata (scout.cli.plugin_scan;
benchmarks/cli.py): the plug-ins pydantic sees are the same either way."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scout.cli import plugin_scan as P

ROOT = Path(__file__).resolve().parents[2]


def _dist(folder: Path, name: str, entry_points: str | None) -> None:
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points)


def test_nothing_to_find_here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _dist(tmp_path, "other", "[console_scripts]\nother = other:main\n")
    _dist(tmp_path, "bare", None)
    # only this folder and the standard finders: what other tests left on sys.path or
    # sys.meta_path (a zip, a plug-in finder) would rightly make the scan say no
    from importlib.machinery import PathFinder

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if f is PathFinder
                                           or not hasattr(f, "find_distributions")])
    assert P.no_pydantic_plugins()
    from importlib import metadata

    assert list(metadata.entry_points(group="pydantic")) == []  # what pydantic would find


@pytest.mark.parametrize("case", ["plugin", "mention", "zip", "egg", "finder"])
def test_anything_that_might_hold_a_plugin_says_no(case: str, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    if case == "plugin":
        _dist(tmp_path, "logfire_like", "[pydantic]\nplug = logfire_like:plugin\n")
    elif case == "mention":  # not a [pydantic] group, but the scan does not parse: no
        _dist(tmp_path, "tool", "[console_scripts]\nt = tool.pydantic_cli:main\n")
    elif case == "zip":
        with zipfile.ZipFile(tmp_path / "lib.zip", "w") as z:
            z.writestr("x.py", "")
        monkeypatch.syspath_prepend(str(tmp_path / "lib.zip"))
    elif case == "egg":
        (tmp_path / "old-1.0.egg").mkdir()
    elif case == "finder":
        class Finder:
            @staticmethod
            def find_distributions(*_a: object, **_k: object) -> list[object]:
                return []

        monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    monkeypatch.syspath_prepend(str(tmp_path))
    assert not P.no_pydantic_plugins()


def test_the_switch_is_not_set_over_the_users(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(P.ENV, "some_plugin")
    P.skip_empty_pydantic_scan()
    import os

    assert os.environ[P.ENV] == "some_plugin"


PROBE = """
import sys
from scout.cli import plugin_scan as P
P.load_pydantic_plugin_loader()
from pydantic import BaseModel
class M(BaseModel):
    x: int
assert M(x=1).x == 1
import pydantic.plugin._loader as L
print("BEFORE", "importlib.metadata" in sys.modules)
found = list(L.entry_points(group="console_scripts"))  # the real one, on first call
print("AFTER", "importlib.metadata" in sys.modules, any(e.name == "scout" for e in found))
"""


def test_the_loader_imports_importlib_metadata_only_when_asked(
        subprocess_env: dict[str, str]) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE],
                         env={**subprocess_env, P.ENV: "__all__"}, capture_output=True,
                         text=True, cwd=ROOT, timeout=120, check=False)
    assert out.stdout.split() == ["BEFORE", "False", "AFTER", "True", "True"], out.stderr


VALIDATE = """
import sys
import scout.cli
scout.cli._OWN_PROCESS = True  # as the console script runs
code = scout.cli.main(["validate", "pipelines/"])
print("CODE", code, "METADATA", "importlib.metadata" in sys.modules)
"""


def test_validate_imports_no_importlib_metadata(subprocess_env: dict[str, str],
                                                tmp_path: Path) -> None:
    env = {k: v for k, v in subprocess_env.items() if k != P.ENV}
    env["SCOUTE_TEMPLATE_CACHE_DIR"] = str(tmp_path / "cache")
    for _ in range(2):  # cold, then warm
        out = subprocess.run([sys.executable, "-c", VALIDATE], env=env, capture_output=True,
                             text=True, cwd=ROOT, timeout=120, check=False)
        assert out.stdout.split()[-4:] == ["CODE", "0", "METADATA", "False"], out.stderr
