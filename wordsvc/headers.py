"""The security headers of every response, as data: the pages', the API reference's and the
API's. The app factory (:mod:`wordsvc.app`) sets them in one ``after_request``, by the
endpoint that answered (:func:`headers_for`); docs/web.md, "Security headers", explains them.

No page runs inline code. Every script is a module under ``/web/static/`` (or, for ``/docs``,
a file under ``/static/``); data reaches the modules as ``data-*`` attributes or as JSON in
``<script type="application/json">`` (a data block, never executed, so the policy has
nothing to allow); no markup carries a ``style`` attribute, an event handler or a
``javascript:`` URL. A module that sets a style does it through the CSSOM
(``node.style.setProperty``), which a policy does not govern, and the SVG drawings (the Wizards
Wanted board, the QR codes) use presentation attributes (``fill=``, ``font-weight=``), which
are not styles. So every policy says ``'self'`` and nothing inline: no ``'unsafe-inline'``,
no ``'unsafe-eval'``, for scripts and styles alike. ``tests/web/test_headers.py`` checks that
every page sends them and that no template holds inline code; the browser tests fail on any
violation the browser reports (``tests/browser/conftest.py``).
"""

from __future__ import annotations

from typing import Final

Policy = dict[str, tuple[str, ...]]

#: The pages (``/``, ``/play``, a table, the rules panel's fragment, QR codes, assets).
#: Nothing is allowed unless named.
PAGES: Final[Policy] = {
    "default-src": ("'none'",),
    # The ES modules and their preloads.
    "script-src": ("'self'",),
    "style-src": ("'self'",),
    # The icon; no data: URL is used.
    "img-src": ("'self'",),
    # fetch() of the API, the rules panel and the QR codes; a table's event stream.
    "connect-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'none'",),
    # The arbiter's word check without JavaScript posts to `/`.
    "form-action": ("'self'",),
    # No other site frames a table (a seat's controls under someone else's page).
    "frame-ancestors": ("'none'",),
}

#: ``/docs``, the API reference: Swagger UI's bundle, its style sheet (whose icons are data:
#: URLs) and this service's ``/openapi.json``. Swagger UI's "Try it out" calls the API on
#: this host only; its validator badge is switched off (``docs.js``): it would load a
#: picture from another host.
DOCS: Final[Policy] = {
    "default-src": ("'none'",),
    "script-src": ("'self'",),
    "style-src": ("'self'",),
    "img-src": ("'self'", "data:"),
    "connect-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'none'",),
    "form-action": ("'self'",),
    "frame-ancestors": ("'none'",),
}

#: Everything else the API answers: JSON, problem documents, the event stream, the Wizards
#: Wanted board's SVG, the reference's assets. None of it is a page: opened in a browser,
#: it may run, load and be framed by nothing.
API: Final[Policy] = {
    "default-src": ("'none'",),
    "frame-ancestors": ("'none'",),
}

#: What every response sends, whatever its policy.
COMMON: Final[dict[str, str]] = {
    # A script or a style sheet is what its Content-Type says, never a guess.
    "X-Content-Type-Options": "nosniff",
    # A table's address names its session, and a seat link carries its token (in the
    # fragment, which no Referer carries anyway): no other site learns either.
    "Referrer-Policy": "no-referrer",
    # frame-ancestors, for browsers older than it.
    "X-Frame-Options": "DENY",
}


def policy(directives: Policy) -> str:
    """A Content-Security-Policy header's value, from its directives."""
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def _headers(directives: Policy) -> dict[str, str]:
    return {"Content-Security-Policy": policy(directives), **COMMON}


#: Each kind of response's headers, as they are sent.
PAGE_HEADERS: Final = _headers(PAGES)
DOCS_HEADERS: Final = _headers(DOCS)
API_HEADERS: Final = _headers(API)

#: The endpoint of the API reference's page (``wordsvc/api/meta.py``).
DOCS_ENDPOINT = "meta.docs"
#: The pages' blueprint (``wordsvc/web``): its endpoints are ``web.<name>``.
PAGES_BLUEPRINT = "web"


def headers_for(endpoint: str | None) -> dict[str, str]:
    """The headers of a response of ``endpoint`` (None: no route matched, an API problem)."""
    if endpoint == DOCS_ENDPOINT:
        return DOCS_HEADERS
    if endpoint is not None and endpoint.partition(".")[0] == PAGES_BLUEPRINT:
        return PAGE_HEADERS
    return API_HEADERS
