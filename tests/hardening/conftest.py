"""Fixtures of the hardening tests: the ops world (two real missions on the fake
provider server) is shared with tests/ops."""

from tests.ops.conftest import ops_copy, ops_env, ops_world  # noqa: F401 - pytest fixtures
