"""Seed-compatible entry points (research_cli, run_research, run_research.sh): thin
wrappers over scout.api."""
