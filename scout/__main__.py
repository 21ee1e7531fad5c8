"""``python -m scout`` is the same as the ``scout`` command."""

from scout.cli import run

run()
