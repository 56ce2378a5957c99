"""Shared test configuration: hypothesis profiles.

``ci`` is reproducible (derandomized, no deadline, prints the blob to reproduce a failure);
``dev`` is the default for local runs. Pick one with the ``HYPOTHESIS_PROFILE`` environment
variable.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=100, print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
