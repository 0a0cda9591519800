from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared_datasets() -> Path:
    env = os.environ.get("TAFEL_SHARED")
    root = (Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared") / "datasets"
    if not root.is_dir():
        pytest.skip(f"shared datasets not found at {root}")
    return root
