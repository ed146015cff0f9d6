"""The page on first load, HTML and every asset it references (modules' imports included),
weighs at most 150 KB, and every asset is served by the service itself."""

import re
from urllib.parse import urljoin

import pytest

from wordsvc.games.registry import GAMES
from wordsvc.web.play import TABLE_MODULES

MAX_BYTES = 150 * 1024
ASSET = re.compile(r'<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"')
#: A static import (``import(...)``, a dynamic one, loads later: not on the first load).
IMPORT = re.compile(r'^\s*import\b(?!\s*\()[^"\']*["\']([^"\']+)["\']', re.M)


def first_load(client, page: str = "/") -> dict[str, int]:
    """URL -> bytes of everything the first load of ``page`` fetches."""
    html = client.get(page).get_data()
    sizes = {page: len(html)}
    pending = ASSET.findall(html.decode())
    while pending:
        url = pending.pop()
        if url in sizes:
            continue
        assert url.startswith("/"), f"{url} is not served by the service"
        response = client.get(url)
        assert response.status_code == 200, url
        data = response.get_data()
        sizes[url] = len(data)
        if url.endswith(".js"):
            pending += [urljoin(url, name) for name in IMPORT.findall(data.decode())]
    return sizes


def test_first_load_is_at_most_150_kb(client):
    sizes = first_load(client)
    assert {"/web/static/arbiter.js", "/web/static/render.js", "/web/static/arbiter.css"} <= set(
        sizes
    )
    assert sum(sizes.values()) <= MAX_BYTES, sizes


def test_modules_and_styles_have_their_types(client):
    assert client.get("/web/static/arbiter.js").mimetype in (
        "text/javascript",
        "application/javascript",
    )
    assert client.get("/web/static/arbiter.css").mimetype == "text/css"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_games_table_is_at_most_150_kb_too(client, table_of, game):
    """A table page: the shell with its game's texts and cards, every shared module, and its
    own game's table (preloaded with the page; no other game's)."""
    sizes = first_load(client, table_of(game))
    assert {"/web/static/play-table.js", "/web/static/api.js"} <= set(sizes)
    assert "/web/static/play-lobby.js" not in sizes  # the lobby's modules stay the lobby's
    tables = {url for url in sizes if url.startswith("/web/static/table-")}
    own = {f"/web/static/{TABLE_MODULES[game]}"} if game in TABLE_MODULES else set()
    assert own <= tables
    assert all(url.startswith(f"/web/static/table-{game}") for url in tables), tables
    assert sum(sizes.values()) <= MAX_BYTES, sizes
