"""Helpers of benchmarks/scaleout.py: its pipeline's steps and its capped fake provider."""
