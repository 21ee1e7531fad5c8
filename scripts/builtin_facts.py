"""Regenerate scout/report/builtin/facts.json, the template facts shipped for scout's
built-in report templates (scout.validate.builtin_facts), after editing one of them or
the template checks; tests/spec/test_builtin_facts.py fails while it is stale."""

from __future__ import annotations

import sys

from scout.validate.builtin_facts import write

if __name__ == "__main__":
    print(f"wrote {write()}")
    sys.exit(0)
