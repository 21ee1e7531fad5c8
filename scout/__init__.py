"""scout: a declarative, YAML-configured research pipeline runner."""

__version__ = "0.1.0"
