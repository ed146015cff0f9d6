"""Errors of a game's data files (cards, boards, components): one shape for every loader, so
a broken file stops the service at start with its path, a stable code and details."""

from __future__ import annotations

from pathlib import Path

from wordsvc.errors import ConfigurationError


def data_error(path: Path, code: str, message: str, **details: object) -> ConfigurationError:
    """The error for a data file that breaks a rule: the file first, then the rule's details."""
    return ConfigurationError(
        f"{path}: {message}", code=code, details={"file": str(path), **details}
    )
