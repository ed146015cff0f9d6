"""Wiring: the session store for a deployment, with every registered game and its bots."""

from __future__ import annotations

from wordsvc.config import Settings
from wordsvc.games.registry import GAMES, GameEntry
from wordsvc.judge import Judge
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.store import HostedGame, SessionStore


def open_store(settings: Settings, judge: Judge, *, migrate: bool = True) -> SessionStore:
    """Connect to the settings' database, bring its schema up to date, host every game."""
    engine = make_engine(settings.sessions_url, settings.database_pool)
    if migrate:
        upgrade(engine)
    games = {name: hosted(entry, judge) for name, entry in GAMES.items()}
    return SessionStore(engine, games)


def hosted(entry: GameEntry, judge: Judge) -> HostedGame:
    """The registry entry as the store hosts it: its engine, its bots and its hooks."""
    return HostedGame(
        entry.make(judge),
        entry.bots(judge),
        word_rules=entry.word_rules,
        seat_count_option=entry.seat_count_option,
        default_bot=entry.default_bots[0] if entry.default_bots else None,
        auto_pass_action=entry.auto_pass_action,
        concerns=entry.concerns,
        forced_actions=entry.forced_actions,
        review=None if entry.review is None else entry.review(judge),
        with_bots=entry.with_bots,
    )
