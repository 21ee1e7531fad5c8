"""Helpers of benchmarks/mission.py."""
