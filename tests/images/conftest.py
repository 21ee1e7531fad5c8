"""Fixtures of these tests: the e2e world (one fake provider world per test), shared
here rather than imported into a test module, where a test's ``world`` parameter read as
a second definition of the imported name (ruff F811)."""

from tests.e2e.conftest import world  # noqa: F401 - pytest fixtures
