"""The play pages: ``/play`` (the lobby) and ``/play/<session>`` (a game's table).

Both are shells: the ES modules (``play.js``) build the lobby from ``GET /v1/games`` (each
game's ``options_schema`` and bots) and the table from the session's ``view``, kept live by
its event stream, over the public API like any front end (docs/web.md). A table carries
the base its seat links are built from (``links.py``): an address other devices can open.
"""

from __future__ import annotations

from flask import Response, abort, make_response, render_template, request, url_for

from wordsvc.games.registry import GAMES
from wordsvc.sessions.limits import is_session_id
from wordsvc.web import blueprint
from wordsvc.web.links import request_link_base
from wordsvc.web.play_cards import card_names
from wordsvc.web.play_lobby import game_titles, lobby_data
from wordsvc.web.play_rules import RULES
from wordsvc.web.play_texts import play_table, play_text
from wordsvc.web.texts import Lang, parse_lang


@blueprint.get("/play")
def lobby() -> Response:
    return _page("lobby", None)


@blueprint.get("/play/<session_id>")
def table(session_id: str) -> Response:
    if not is_session_id(session_id):
        abort(404)
    return _page("table", session_id)


def _page(page: str, session_id: str | None) -> Response:
    lang = parse_lang(request.args.get("lang"))
    other: Lang = "en" if lang == "uk" else "uk"
    here = url_for("web.table", session_id=session_id) if session_id else url_for("web.lobby")
    link_base, reachable = request_link_base() if session_id else ("", True)
    html = render_template(
        "web/play.html",
        lang=lang,
        t=lambda key, **values: play_text(key, lang, **values),
        table=play_table(lang),
        page=page,
        session_id=session_id,
        titles=game_titles(lang),
        cards=card_names(lang) if session_id else {},
        title_langs=_title_langs(lang),
        lobby=lobby_data(lang) if page == "lobby" else None,
        lang_url=here + ("" if other == "uk" else "?lang=en"),
        link_base=link_base,
        link_reachable=reachable,
    )
    response = make_response(html)
    # A table's address names its session: no other site learns it from a Referer (a seat
    # link's token is in the fragment, which no Referer carries anyway).
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _title_langs(lang: Lang) -> dict[str, str]:
    """The language of each game's title as the page shows it: the page's own where the
    title is translated, else the language of the game's own name (Magos y Tabernas: es)."""
    shown = game_titles(lang)
    return {
        name: rules.title_lang if shown.get(name) == GAMES[name].title else lang
        for name, rules in RULES.items()
    }
