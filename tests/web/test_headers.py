"""Security headers (wordsvc/headers.py): every page, the API reference and the API send
theirs, and nothing the pages send or draw needs the policy to allow inline code.

The browser tests run every page under the same policy and fail on any violation the
browser reports (tests/browser/conftest.py); these checks say where, without a browser."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wordsvc.games.registry import GAMES
from wordsvc.headers import API_HEADERS, DOCS, DOCS_HEADERS, PAGE_HEADERS, PAGES

PACKAGE = Path(__file__).resolve().parents[2] / "wordsvc"
TEMPLATES = sorted((PACKAGE / "web" / "templates").rglob("*.html"))
#: Every script the pages and the reference run (Swagger UI's vendored bundle aside).
MODULES = [*sorted((PACKAGE / "web" / "static").glob("*.js")), PACKAGE / "api/static/docs.js"]
#: A data block: JSON the modules read, never executed, so the policy has nothing to allow.
DATA_TYPES = {"application/json", "application/ld+json"}


def sent(response, expected: dict[str, str]) -> dict[str, str | None]:
    """The headers of ``expected`` as ``response`` sent them."""
    return {name: response.headers.get(name) for name in expected}


def test_the_policies_allow_no_inline_code_and_no_other_host():
    for directives in (PAGES, DOCS):
        assert directives["default-src"] == ("'none'",)
        assert directives["script-src"] == ("'self'",)
        assert directives["style-src"] == ("'self'",)
        assert directives["connect-src"] == ("'self'",)
        assert directives["object-src"] == ("'none'",)
        assert directives["frame-ancestors"] == ("'none'",)
        assert directives["form-action"] == ("'self'",)
        assert "base-uri" in directives
        for sources in directives.values():
            for source in sources:
                assert source in ("'self'", "'none'", "data:"), source
    header = PAGE_HEADERS["Content-Security-Policy"]
    assert header == (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )
    for headers in (PAGE_HEADERS, DOCS_HEADERS, API_HEADERS):
        assert "unsafe" not in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Frame-Options"] == "DENY"


def test_every_page_sends_the_pages_headers(client, table_of):
    paths = [
        "/",
        "/?lang=en",
        "/?w=мясо&c=noun-singular",
        "/?view=search&p=м?р*",
        "/play",
        "/play?lang=en",
        *(table_of(game) for game in sorted(GAMES)),
        "/play/" + "0123456789abcdef" * 2,  # no such session: the page says so (404)
        "/play/not-a-session",  # a problem document, from the pages' route
        *(f"/play/rules/{game}" for game in sorted(GAMES)),  # the rules panel's markup
        "/web/static/play-table.js",
        "/web/static/icon.svg",
    ]
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        assert sent(response, PAGE_HEADERS) == PAGE_HEADERS, path
    for response in (
        client.post("/", data={"w": "мясо", "c": "noun-singular"}),  # the check without JS
        client.post("/play/qr.svg", data={"url": "http://192.0.2.1:8000/play/x#seat=y"}),
    ):
        assert response.status_code == 200
        assert sent(response, PAGE_HEADERS) == PAGE_HEADERS


def test_the_reference_and_the_api_send_theirs(client, table_of):
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert sent(docs, DOCS_HEADERS) == DOCS_HEADERS
    session = table_of("lost-words").rsplit("/", 1)[1]
    for method, path in [
        ("GET", "/openapi.json"),
        ("GET", "/v1/categories"),
        ("GET", "/v1/words/кіт"),
        ("GET", "/v1/games"),
        ("GET", f"/v1/games/sessions/{session}"),
        ("GET", "/v1/games/wizards-wanted/board.svg"),
        ("GET", "/static/docs.js"),
        ("GET", "/healthz"),
        ("GET", "/no-such-route"),  # a problem document: no route matched
        ("POST", "/v1/words/check"),  # a problem document: no body
        ("DELETE", "/v1/categories"),  # 405
    ]:
        response = client.open(path, method=method)
        assert sent(response, API_HEADERS) == API_HEADERS, (method, path)
    with client.get(f"/v1/games/sessions/{session}/stream", buffered=False) as stream:
        assert stream.mimetype == "text/event-stream"
        assert sent(stream, API_HEADERS) == API_HEADERS


class InlineCode(HTMLParser):
    """Everything in a document that only a policy with 'unsafe-inline' would run or apply:
    a script with no ``src`` that is no data block, an event handler, a ``javascript:`` URL,
    a ``<style>`` element or a ``style`` attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {name.lower(): value or "" for name, value in attrs}
        line = self.getpos()[0]
        if tag == "script" and "src" not in named:
            kind = named.get("type", "").strip().lower()
            if kind not in DATA_TYPES:
                self.found.append(f"line {line}: an inline <script type={kind!r}>")
        if tag == "style":
            self.found.append(f"line {line}: a <style> element")
        for name, value in named.items():
            if name.startswith("on"):
                self.found.append(f"line {line}: an event handler {name}=")
            if name == "style":
                self.found.append(f"line {line}: a style attribute on <{tag}>")
            if re.match(r"\s*javascript:", value, re.I):
                self.found.append(f"line {line}: a javascript: URL in {name}=")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    parser.close()
    return parser.found


def test_the_checker_finds_inline_code():
    assert len(inline_code('<script>go()</script><script type="module">go()</script>')) == 2
    assert inline_code('<script type="application/json" id="t">{}</script>') == []
    assert inline_code('<script type="module" src="/web/static/x.js"></script>') == []
    assert len(inline_code('<button onclick="go()">')) == 1
    assert len(inline_code('<a href=" JavaScript:go()">')) == 1
    assert len(inline_code('<p style="color: red">')) == 1
    assert len(inline_code("<style>p {}</style>")) == 1
    assert len(inline_code('<svg><text style="x">a</text></svg>')) == 1


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_no_template_holds_inline_code(template):
    assert inline_code(template.read_text(encoding="utf-8")) == []


def test_no_page_or_drawing_holds_inline_code(client, table_of):
    """What the pages send and what their modules put into them (the rules panel's markup,
    the Wizards Wanted board drawn inline, the QR codes), as served."""
    paths = [
        "/",
        "/?w=мясо+кіт&c=noun-singular",
        "/play",
        *(table_of(game) for game in sorted(GAMES)),
        *(f"/play/rules/{game}" for game in sorted(GAMES)),
        "/v1/games/wizards-wanted/board.svg",
        "/docs",
    ]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        assert inline_code(response.get_data(as_text=True)) == [], path
    qr = client.post("/play/qr.svg", data={"url": "http://192.0.2.1:8000/play/x#seat=y"})
    assert inline_code(qr.get_data(as_text=True)) == []


#: What a module must not write: markup with a style attribute, a handler or a javascript:
#: URL; a style attribute set as a string (``el``'s ``style`` takes an object, set through the
#: CSSOM); code from a string.
FORBIDDEN_IN_MODULES = {
    "a style attribute in markup": re.compile(r"""\bstyle\s*=\s*["'\\]"""),
    "a style attribute set by setAttribute": re.compile(r"""setAttribute\(\s*["']style"""),
    "a style attribute as a string": re.compile(r"""\bstyle\s*:\s*["'`]"""),
    "an event handler in markup": re.compile(r"""<[a-z][^<>]*\son[a-z]+\s*=""", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
    "code from a string": re.compile(r"\beval\(|\bnew Function\(|setTimeout\(\s*[\"'`]"),
}


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.name)
def test_no_module_writes_inline_code(module):
    source = module.read_text(encoding="utf-8")
    found = [
        f"{name}: line {source.count(chr(10), 0, match.start()) + 1}"
        for name, pattern in FORBIDDEN_IN_MODULES.items()
        for match in pattern.finditer(source)
    ]
    assert found == []
