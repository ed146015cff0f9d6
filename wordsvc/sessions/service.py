"""Wiring: the session store for a deployment, with every registered game and its bots."""

from __future__ import annotations

from wordsvc.config import Settings
from wordsvc.games.registry import GAMES
from wordsvc.judge import Judge
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.store import HostedGame, SessionStore


def open_store(settings: Settings, judge: Judge, *, migrate: bool = True) -> SessionStore:
    """Connect to the settings' database, bring its schema up to date, host every game."""
    engine = make_engine(settings.sessions_url)
    if migrate:
        upgrade(engine)
    games = {
        name: HostedGame(entry.make(judge), entry.bots(judge)) for name, entry in GAMES.items()
    }
    return SessionStore(engine, games)
