"""Links other devices can open: the base every seat link and QR code of the table is built
from, and the QR codes themselves (``POST /play/qr.svg``).

A host who opened ``http://127.0.0.1:8000`` must not hand out links that open on no other
phone: the base is the configured public URL (``WORDSVC_PUBLIC_URL``), else this machine's
LAN address when the page was opened at a loopback one, else the address the page was
opened at (it reached this browser; a name or a LAN address reaches the others too).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from urllib.parse import urlsplit

from flask import Response, request

from wordsvc.errors import InvalidValue
from wordsvc.network import is_loopback_host, lan_addresses
from wordsvc.services import get_settings
from wordsvc.web import blueprint

#: The longest link a QR code is drawn for: a seat link is about 150 characters.
MAX_QR_LINK = 1000


def link_base(
    public_url: str | None,
    host_url: str,
    lan: Callable[[], list[str]] | None = None,
    loopback_only: bool = False,
) -> tuple[str, bool]:
    """(the base of the table's links, whether other devices can open it), for a page opened
    at ``host_url`` (``http://127.0.0.1:8000/``); ``lan``: the LAN addresses (default: this
    machine's, :func:`~wordsvc.network.lan_addresses`); ``loopback_only``: the server
    listens on this computer alone, so no address of it reaches another device."""
    if public_url:
        return public_url.rstrip("/"), True
    parts = urlsplit(host_url)
    own = f"{parts.scheme}://{parts.netloc}"
    if not is_loopback_host(parts.hostname or ""):
        return own, True  # it reached this browser (a proxy in front, say): it reaches others
    if loopback_only:
        return own, False  # the page says so, and how to serve the table
    addresses = (lan or lan_addresses)()
    if not addresses:
        return own, False  # this computer only: the page says so
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{addresses[0]}{port}", True


def request_link_base() -> tuple[str, bool]:
    """:func:`link_base` for the page being answered."""
    settings = get_settings()
    return link_base(settings.public_url, request.host_url, None, settings.loopback_only)


@blueprint.post("/play/qr.svg")
def qr_code() -> Response:
    """A QR code (SVG) of the link in the form field ``url``: in the body, so that a seat
    link's secret never lands in a URL, a history or an access log; never cached."""
    link = request.form.get("url", "")
    parts = urlsplit(link)
    if (
        not link
        or len(link) > MAX_QR_LINK
        or parts.scheme not in ("http", "https")
        or not parts.netloc
        or any(c.isspace() or ord(c) < 0x20 for c in link)
    ):
        raise InvalidValue(
            "invalid_link",
            f"A QR code is drawn for an http(s) link of at most {MAX_QR_LINK} characters, "
            "sent as the form field `url`.",
        )
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


def qr_svg(link: str) -> str:
    """``link`` as a QR code: an SVG that scales to any size (a viewBox, no width), dark
    modules on white with the standard quiet zone, so a camera reads it in a dark theme too."""
    import segno  # imported on the first QR code, not at start

    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True, border=4,
              dark="#000", light="#fff", svgclass="qr-code", lineclass=None)  # fmt: skip
    return out.getvalue().decode()
