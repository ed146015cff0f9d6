"""The play pages: ``/play`` (the lobby) and ``/play/<session>`` (a game's table).

Both are shells: the ES modules (``play-lobby.js``, ``play-table.js``) build the lobby
from ``GET /v1/games`` (each game's ``options_schema`` and bots) and the table from the
session's ``view``, kept live by its event stream, over the public API like any front end
(docs/web.md). A table carries the base its seat links are built from (``links.py``): an
address other devices can open.
"""

from __future__ import annotations

from typing import Final

from flask import Response, abort, make_response, render_template, request, url_for

from wordsvc import stream_slots
from wordsvc.games.registry import GAMES
from wordsvc.services import could_name_session, game_of_session, get_settings, name_limit
from wordsvc.web import blueprint
from wordsvc.web.links import request_link_base
from wordsvc.web.play_cards import CARDS_OF, cards_of
from wordsvc.web.play_lobby import game_titles, lobby_data
from wordsvc.web.play_rules import RULES
from wordsvc.web.play_texts import (
    GAME_PREFIXES,
    LOBBY_PREFIXES,
    SHARED_PREFIXES,
    left_out_of,
    play_table,
    play_text,
)
from wordsvc.web.texts import Lang, parse_lang


@blueprint.get("/play")
def lobby() -> Response:
    return _page("lobby", None)


#: The module of each game's own table (under ``web/static/``); a game without one plays at
#: the generic table. A table page loads only its own game's module, texts and cards.
TABLE_MODULES: Final[dict[str, str]] = {
    "words-of-magic": "table-words-of-magic.js",
    "lost-words": "table-lost-words.js",
    "magos-y-tabernas": "table-magos-y-tabernas.js",
    "wizards-wanted": "table-wizards-wanted.js",
}


@blueprint.get("/play/<session_id>")
def table(session_id: str) -> Response:
    if not could_name_session(session_id):
        abort(404)
    game = game_of_session(session_id)  # None: the page says so, as the API's answer tells it
    response = _page("table", session_id, game)
    if game is None:
        response.status_code = 404
    return response


def _page(page: str, session_id: str | None, game: str | None = None) -> Response:
    lang = parse_lang(request.args.get("lang"))
    other: Lang = "en" if lang == "uk" else "uk"
    here = url_for("web.table", session_id=session_id) if session_id else url_for("web.lobby")
    link_base, reachable = request_link_base() if session_id else ("", True)
    titles = game_titles(lang)
    html = render_template(
        "web/play.html",
        lang=lang,
        t=lambda key, **values: play_text(key, lang, **values),
        table=play_table(
            lang,
            _prefixes(page, game),
            (("max_name", name_limit()),),
            left_out_of(game if page != "lobby" else None),
        ),
        max_name=name_limit(),
        page=page,
        session_id=session_id,
        titles=titles,
        cards={game: cards_of(game, lang)} if game in CARDS_OF else {},
        table_module=url_for("web.static", filename=TABLE_MODULES[game])
        if game in TABLE_MODULES
        else None,
        title_langs=_title_langs(lang, titles),
        lobby=lobby_data(lang) if page == "lobby" else None,
        lang_url=here + ("" if other == "uk" else "?lang=en"),
        link_base=link_base,
        # Why other devices cannot open the links: the server listens on this computer
        # alone, or the computer is on no network.
        link_local=None
        if reachable
        else ("listening" if get_settings().loopback_only else "network"),
        bot_pause_ms=get_settings().bot_pause_ms,
        stream_retry_ms=stream_slots.RETRY_AFTER * 1000,
        # its finished games have a review (GET .../review): the table offers it at the end
        reviewed=game in GAMES and GAMES[game].review is not None,
    )
    return make_response(html)  # its security headers: headers.py, as every page's


def _prefixes(page: str, game: str | None) -> frozenset[str]:
    """The texts a page carries: the shared ones, and the lobby's or its game's."""
    own = LOBBY_PREFIXES if page == "lobby" else GAME_PREFIXES.get(game or "", frozenset())
    return SHARED_PREFIXES | own


def _title_langs(lang: Lang, shown: dict[str, str]) -> dict[str, str]:
    """The language of each game's title as the page shows it (``shown``): the page's own
    where the title is translated, else the language of the game's own name (Magos y
    Tabernas: es)."""
    return {
        name: rules.title_lang if shown.get(name) == GAMES[name].title else lang
        for name, rules in RULES.items()
    }
