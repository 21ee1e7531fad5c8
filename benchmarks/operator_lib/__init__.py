"""Helpers of benchmarks/operator.py: the night of missions it measures."""
