"""Magos y Tabernas (issue 12): the 40-card catalogue as data, loaded and checked at import.

Status: components and rules only (``components.py``, ``data/cards.toml``,
``docs/rules/magos-y-tabernas.md``). The engine (stack, priority, turns) is not built yet, and
the game is not registered with the sessions.
"""
