"""Shared test configuration: hypothesis profiles, and the fixture that loads the scripts
of ``benchmarks/`` (:mod:`tests.bench`)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.bench"]

# The default profile is derandomized so that every run (and CI) checks the same examples;
# "explore" draws new examples each run, "thorough" many more of them.
settings.register_profile(
    "default",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
