"""Links other devices can open: the table's link base, and the QR codes of its links
(``POST /play/qr.svg``), read back by a decoder independent of the library that drew them."""

from __future__ import annotations

import re

import numpy as np
import pytest

from wordsvc.web.links import MAX_QR_LINK, link_base

SESSION = "0123456789abcdef" * 2
LINK = f"http://192.168.1.23:8000/play/{SESSION}#seat=AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB"


def lan(*addresses):
    return lambda: list(addresses)


@pytest.mark.parametrize(
    ("public", "host_url", "addresses", "expected"),
    [
        # Behind a name or a proxy: the configured address, whatever the page was opened at.
        ("https://games.example", "http://127.0.0.1:8000/", ["192.168.1.23"],
         ("https://games.example", True)),
        # Opened at a loopback address: the machine's first LAN address, the request's port.
        (None, "http://127.0.0.1:8000/", ["192.168.1.23", "10.0.0.5"],
         ("http://192.168.1.23:8000", True)),
        (None, "http://localhost:9000/", ["10.0.0.5"], ("http://10.0.0.5:9000", True)),
        (None, "http://[::1]:8000/", ["10.0.0.5"], ("http://10.0.0.5:8000", True)),
        (None, "http://localhost/", ["10.0.0.5"], ("http://10.0.0.5", True)),
        # Opened at an address that reached this browser: it reaches the others too.
        (None, "http://192.168.1.23:8000/", ["10.0.0.5"], ("http://192.168.1.23:8000", True)),
        (None, "https://table.lan/", [], ("https://table.lan", True)),
        # Loopback and no network: the links open here only, and the page says so.
        (None, "http://127.0.0.1:8000/", [], ("http://127.0.0.1:8000", False)),
    ],
)  # fmt: skip
def test_the_link_base_is_an_address_other_devices_can_open(public, host_url, addresses, expected):
    assert link_base(public, host_url, lan(*addresses)) == expected


def test_a_server_that_listens_on_this_computer_alone_reaches_no_other_device():
    """Plain `wordsvc serve` listens on 127.0.0.1: a LAN address would refuse the phones."""
    found = link_base(None, "http://127.0.0.1:8000/", lan("192.168.1.23"), loopback_only=True)
    assert found == ("http://127.0.0.1:8000", False)
    public = link_base("https://g.example", "http://127.0.0.1:8000/", lan(), loopback_only=True)
    assert public == ("https://g.example", True)
    # A proxy on this computer, opened at its name: that address reaches the phones.
    proxied = link_base(None, "https://table.lan/", lan("192.168.1.23"), loopback_only=True)
    assert proxied == ("https://table.lan", True)


def test_the_table_page_carries_its_link_base_and_no_referrer(client, monkeypatch):
    monkeypatch.setattr("wordsvc.web.links.lan_addresses", lan("192.168.1.23"))
    page = client.get(f"/play/{SESSION}", base_url="http://127.0.0.1:8123")
    html = page.get_data(as_text=True)
    assert 'data-link-base="http://192.168.1.23:8123"' in html
    assert "data-link-local" not in html
    assert page.headers["Referrer-Policy"] == "no-referrer"
    monkeypatch.setattr("wordsvc.web.links.lan_addresses", lan())
    alone = client.get(f"/play/{SESSION}", base_url="http://127.0.0.1:8123")
    assert 'data-link-base="http://127.0.0.1:8123" data-link-local="network"' in alone.get_data(
        as_text=True
    )


def test_the_table_page_says_when_the_server_listens_on_this_computer_alone(
    client, monkeypatch, settings
):
    from dataclasses import replace

    from wordsvc.services import SETTINGS

    monkeypatch.setattr("wordsvc.web.links.lan_addresses", lan("192.168.1.23"))
    app = client.application
    monkeypatch.setitem(app.extensions, SETTINGS, replace(settings, loopback_only=True))
    html = client.get(f"/play/{SESSION}", base_url="http://127.0.0.1:8123").get_data(as_text=True)
    assert 'data-link-base="http://127.0.0.1:8123" data-link-local="listening"' in html


def test_a_public_url_wins(client, monkeypatch, settings):
    from dataclasses import replace

    from wordsvc.services import SETTINGS

    app = client.application
    monkeypatch.setitem(app.extensions, SETTINGS, replace(settings, public_url="https://g.example"))
    html = client.get(f"/play/{SESSION}").get_data(as_text=True)
    assert 'data-link-base="https://g.example"' in html


# --- QR codes ---------------------------------------------------------------------------------


def modules(svg: str) -> np.ndarray:
    """The dark modules of a QR code SVG as segno draws it (one horizontal stroke per run of
    dark modules, 1 unit wide, centred on the row), as a boolean matrix."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    grid = np.zeros((size, size), dtype=bool)
    x = y = 0.0
    for command, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            end = x + float(a) if command == "h" else float(a)
            grid[int(y), int(x) : int(end)] = True
            x = end
    return grid


def decoded(svg: str) -> str:
    """What a camera's decoder reads from the SVG, drawn at 6 pixels per module."""
    zxingcpp = pytest.importorskip(
        "zxingcpp", reason="zxing-cpp (the `test` extra) is not installed: the QR codes "
        "cannot be read back by an independent decoder"
    )  # fmt: skip
    pixels = np.kron(~modules(svg), np.ones((6, 6), dtype=bool)).astype(np.uint8) * 255
    found = zxingcpp.read_barcodes(pixels)
    assert len(found) == 1, "exactly one QR code"
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


def test_a_seat_links_qr_code_reads_back_as_the_link(client):
    answer = client.post("/play/qr.svg", data={"url": LINK})
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert answer.headers["Cache-Control"] == "no-store"
    svg = answer.get_data(as_text=True)
    assert svg.startswith("<svg")
    assert "width=" not in svg.split(">", 1)[0], "it scales: a viewBox, no fixed size"
    assert decoded(svg) == LINK


def test_the_code_matches_segnos_own_for_the_same_link(client):
    import segno

    svg = client.post("/play/qr.svg", data={"url": LINK}).get_data(as_text=True)
    expected = np.array(segno.make(LINK, error="m", micro=False).matrix, dtype=bool)
    grid = modules(svg)
    assert (grid[4:-4, 4:-4] == expected).all()
    assert not grid[:4].any(), "a quiet zone of four modules"


@pytest.mark.parametrize(
    "url",
    [
        "",
        "javascript:alert(1)",
        "ftp://192.168.1.23/x",
        "http://",
        "/play/abc",
        "http://a.example/" + "x" * MAX_QR_LINK,
        "http://a.example/\nx",
    ],
)
def test_anything_but_an_http_link_is_refused_with_a_problem(client, url):
    answer = client.post("/play/qr.svg", data={"url": url})
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "invalid_link"


def test_a_qr_code_is_never_drawn_for_a_link_in_a_url(client):
    answer = client.get(f"/play/qr.svg?url={LINK}")
    assert answer.status_code == 404
    assert answer.mimetype == "application/problem+json"
