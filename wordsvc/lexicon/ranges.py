"""Index ranges as one array: how the memory-mapped indexes read many runs of rows at once."""

from __future__ import annotations

import numpy as np


def ranges(starts: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """Every index of the half-open ranges ``starts[i]:stops[i]``, concatenated (int64)."""
    sizes = stops - starts
    total = int(sizes.sum())
    if total == 0:
        return np.empty(0, np.int64)
    offsets = np.repeat(starts - np.cumsum(sizes) + sizes, sizes)
    found: np.ndarray = offsets + np.arange(total)
    return found
