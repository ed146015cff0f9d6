"""The page on first load, HTML and every asset it references (modules' imports included),
weighs at most 150 KB, and every asset is served by the service itself."""

import re
from urllib.parse import urljoin

MAX_BYTES = 150 * 1024
ASSET = re.compile(r'<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"')
IMPORT = re.compile(r'^\s*import\b[^"\']*["\']([^"\']+)["\']', re.M)


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


def test_a_game_table_is_at_most_150_kb_too(client):
    """The table page (every table's module is imported, used or not) and its card names."""
    sizes = first_load(client, "/play/" + "0123456789abcdef" * 2)
    assert {
        "/web/static/play.js",
        "/web/static/table-words-of-magic.js",
        "/web/static/table-lost-words.js",
        "/web/static/api.js",
    } <= set(sizes)
    assert sum(sizes.values()) <= MAX_BYTES, sizes
