"""Shared test setup: hypothesis profiles and the test-only game."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

import acreage
import dots_and_boxes

# 50 examples a property unless a test asks for more (hypothesis's own default is 100):
# the suite keeps to its 10 minutes on 2 cores; HYPOTHESIS_PROFILE=thorough runs 2,000.
settings.register_profile(
    "default",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

acreage.register(dots_and_boxes.GAME, replace=True)
