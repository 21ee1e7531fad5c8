"""Fixtures of the hardening tests: the ops world (two real missions on the fake
provider server) shared with tests/ops, and the e2e world (one per test)."""

from tests.e2e.conftest import world  # noqa: F401 - pytest fixtures
from tests.ops.conftest import ops_copy, ops_env, ops_world  # noqa: F401
