"""Moved to scout.config.settings (a contract below its users)."""
import sys

import scout.config.settings as _moved

sys.modules[__name__] = _moved  # moved: remove after wave 2 merges
