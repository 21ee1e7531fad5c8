"""Skip pydantic's plug-in scan where it can only find nothing (`scout validate`'s start).

The first pydantic model a process builds asks :mod:`importlib.metadata` for the
entry points of group ``pydantic`` (``pydantic.plugin._loader.get_plugins``): importing
importlib.metadata (it pulls in email, zipfile, csv) and reading every installed
distribution's metadata costs about as much as importing click (benchmarks/cli.py,
issue 15). scout has no pydantic plug-ins, and almost no environment has one.

:func:`no_pydantic_plugins` answers the same question much more cheaply: it lists the
``*.dist-info`` / ``*.egg-info`` folders on ``sys.path`` (where importlib.metadata's only
finder looks) and reads their ``entry_points.txt``. Only when it is sure there is
nothing to find — every path entry a folder or absent, no other distribution finder,
no ``.egg``, and no entry-point file that so much as mentions ``pydantic`` — does the
caller set ``PYDANTIC_DISABLE_PLUGINS=__all__`` (pydantic's own documented switch), so
pydantic returns the same empty list of plug-ins without the scan. Anything unusual
answers False and pydantic scans as before: the result is never different, only faster.

Even with the switch set, the module that reads it (``pydantic.plugin._loader``) imports
``entry_points`` from importlib.metadata when it loads, which is most of the cost.
:func:`load_pydantic_plugin_loader` loads that module with a stand-in whose
``entry_points`` imports the real one when called: pydantic's own code, the same
answer, and importlib.metadata is imported only by a process that looks for plug-ins.

Both are done for the light commands only (scout.cli, ``_import_command``), in scout's
own process: they start no child process that could inherit the switch.
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

ENV = "PYDANTIC_DISABLE_PLUGINS"
_INFO_SUFFIXES = (".dist-info", ".egg-info")


def no_pydantic_plugins() -> bool:
    """True only when no installed distribution can declare a ``pydantic`` entry point."""
    from importlib.machinery import PathFinder

    if any(f is not PathFinder and hasattr(f, "find_distributions") for f in sys.meta_path):
        return False  # another finder may report distributions we cannot list here
    for entry in sys.path:
        folder = entry or "."  # "" is the current folder, as importlib.metadata reads it
        try:
            children = os.listdir(folder)
        except FileNotFoundError:
            continue  # an absent entry holds nothing (python3XX.zip usually is)
        except NotADirectoryError:
            if os.path.isfile(folder):
                return False  # a zip on sys.path: importlib.metadata reads inside it
            continue  # a path-hook name, not a path: PathFinder finds nothing there
        except OSError:
            return False
        for name in children:
            low = name.lower()
            if low.endswith(".egg"):
                return False  # an egg keeps its metadata inside: not listed here
            if not low.endswith(_INFO_SUFFIXES):
                continue
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), "rb") as f:
                    text = f.read()
            except (FileNotFoundError, NotADirectoryError):
                continue  # no entry points (or an egg-info file: PKG-INFO only)
            except OSError:
                return False
            if b"pydantic" in text.lower():
                return False  # maybe a plug-in: let pydantic look properly
    return True


def skip_empty_pydantic_scan() -> None:
    """Set pydantic's switch when :func:`no_pydantic_plugins` (and it is not set yet)."""
    if ENV not in os.environ and no_pydantic_plugins():
        os.environ[ENV] = "__all__"


def _entry_points(**params: Any) -> Any:
    from importlib import metadata

    return metadata.entry_points(**params)


def load_pydantic_plugin_loader() -> None:
    """Import ``pydantic.plugin._loader`` with ``entry_points`` bound to
    :func:`_entry_points` (importlib.metadata on first call) instead of importing
    importlib.metadata now. Anything unexpected (another name it imports from there)
    leaves it to be imported the ordinary way on first use."""
    name = "pydantic.plugin._loader"
    if name in sys.modules or "importlib.metadata" in sys.modules:
        return
    import pydantic.plugin  # noqa: F401 - its package, the ordinary way, first

    stand_in = types.ModuleType("importlib.metadata")
    stand_in.entry_points = _entry_points  # type: ignore[attr-defined]
    sys.modules["importlib.metadata"] = stand_in
    try:
        __import__(name)
    except Exception:  # noqa: BLE001 - not the module we know: pydantic imports it itself
        sys.modules.pop(name, None)
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]
