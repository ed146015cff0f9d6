"""What the app's requests share: its settings, and the judge and category registry opened
from them once per app, on first use. The API's routes and the pages both read them here;
the app factory (:mod:`wordsvc.app`) puts the settings (and a judge, when given one) in
place."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from flask import current_app

from wordsvc.config import Settings

if TYPE_CHECKING:  # the lexicon is opened on the first request that needs it, not at start
    from wordsvc.categories import Registry
    from wordsvc.judge import Judge
    from wordsvc.sessions.store import SessionStore

#: Keys of :attr:`flask.Flask.extensions` under which an app keeps what its requests share.
SETTINGS = "wordsvc.settings"
JUDGE = "wordsvc.judge"
REGISTRY = "wordsvc.registry"
SESSIONS = "wordsvc.sessions"
_OPENING = threading.Lock()
log = logging.getLogger(__name__)


def get_settings() -> Settings:
    """The app's settings."""
    settings: Settings = current_app.extensions[SETTINGS]
    return settings


def get_registry() -> Registry:
    """The category registry: from the judge once it is open, else read on its own (it
    needs no lexicon)."""
    judge = current_app.extensions.get(JUDGE)
    if judge is not None:
        from_judge: Registry = judge.registry
        return from_judge
    registry = current_app.extensions.get(REGISTRY)
    if registry is None:
        from wordsvc.categories import load_registry

        registry = current_app.extensions[REGISTRY] = load_registry(get_settings().dictionaries_dir)
    return registry


def get_judge() -> Judge:
    """The app's judge, opened from the data directory on first use."""
    judge = current_app.extensions.get(JUDGE)
    if judge is None:
        from wordsvc.judge import Judge

        judge = current_app.extensions[JUDGE] = Judge.open(get_settings())
    return judge


def could_name_session(session_id: str) -> bool:
    """Whether ``session_id`` is written as a session's id is (anything else is no session,
    without asking the store)."""
    from wordsvc.sessions.limits import is_session_id

    return is_session_id(session_id)


def name_limit() -> int:
    """The longest name a seat may have (the sessions' ``MAX_NAME``): what the play pages'
    name fields take and their texts say."""
    from wordsvc.sessions.limits import MAX_NAME

    return MAX_NAME


def game_of_session(session_id: str) -> str | None:
    """The game a session plays, or None when there is no such session: what a table's page
    needs of the store, and nothing more."""
    from wordsvc.sessions.errors import UnknownSession

    if not could_name_session(session_id):
        return None
    try:
        return get_store().game_of(session_id)
    except UnknownSession:
        return None


def get_store() -> SessionStore:
    """The app's session store, opened (and migrated) on first use: the game routes play
    through it, and a table's page reads which game it shows."""
    store: SessionStore | None = current_app.extensions.get(SESSIONS)
    if store is None:
        with _OPENING:  # one store (and one migration run) per process
            store = current_app.extensions.get(SESSIONS)
            if store is None:
                from wordsvc.sessions.service import open_store

                store = open_store(get_settings(), get_judge())
                try:
                    store.resume_thinking()  # the bots' moves a restart cut short
                except Exception:  # the sessions are still playable: log it, serve on
                    log.exception("could not find the sessions that wait on a bot")
                current_app.extensions[SESSIONS] = store
    return store
