"""A table of a host and phones, as at a real table: the app listens on every interface
(as `wordsvc serve --table` does), the host opens it at a loopback address, and the seat
links and QR codes carry the machine's LAN address, which the phones open. The host's
laptop is the table's screen (what everyone may see); the phones sit down with a name,
which reaches every screen live, and play; a seat someone sits at is asked about, and taking
it over moves it to the new device and makes the old one a watcher; a rotated link stops
working. Both languages, a phone and a laptop for the host."""

from __future__ import annotations

import re
import struct
import threading
import zlib
from urllib.parse import urlsplit

import numpy as np
import pytest
from werkzeug.serving import make_server

from tests.browser.presentable import assert_presentable
from tests.browser.test_play_page import SETTLED_PAST, sit_here, take_turn
from wordsvc import network

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
NAMES = {"uk": ("Олена", "Тарас", "Марія"), "en": ("Olena", "Taras", "Maria")}
TEXT = {
    "uk": {"sit": "Сісти за стіл", "who": "Ви граєте за місце {n}.", "watching": "Ви глядач.",
           "dead": "Це посилання більше не діє", "default": "Гравець {n}",
           "screen": "Екран столу: тут видно тільки те, що бачать усі.",
           "taken_over": "Ваше місце тепер на іншому пристрої"},
    "en": {"sit": "Take my seat", "who": "You play seat {n}.", "watching": "You are watching.",
           "dead": "This link no longer works", "default": "Player {n}",
           "screen": "The table's screen: it shows only what everyone may see.",
           "taken_over": "Your seat is now played on another device"},
}  # fmt: skip


@pytest.fixture(scope="module")
def table_server(app):
    """The app on every interface, as `serve --table` listens: (the host's loopback base,
    the LAN base the links must carry)."""
    addresses = network.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no LAN address: a phone's link cannot be opened at one")
    server = make_server("0.0.0.0", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_port
    yield f"http://127.0.0.1:{port}", f"http://{addresses[0]}:{port}"
    server.shutdown()


class Device:
    """One browser context: a person's phone or laptop, its requests' hosts and errors."""

    def __init__(self, browser, lang, viewport=PHONE):
        locale = "uk-UA" if lang == "uk" else "en-GB"
        self.context = browser.new_context(viewport=viewport, locale=locale)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.hosts: set[str] = set()
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.hosts.add(urlsplit(r.url).netloc))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self):
        assert self.errors == []
        self.context.close()


@pytest.fixture
def devices(browser):
    made: list[Device] = []

    def make(lang, viewport=PHONE):
        made.append(Device(browser, lang, viewport))
        return made[-1]

    yield make
    for device in made:
        device.close()


def create(host, base, lang, game, names):
    """The host's lobby: ``game`` with three people, the seats chosen explicitly; the host
    names seats 1 and 3 and leaves seat 2 without a name."""
    query = "?lang=en" if lang == "en" else ""
    host.page.goto(f"{base}/play{query}")
    host.page.wait_for_selector("body[data-ready]")
    host.page.select_option("#game", game)
    host.page.locator("#opt-players label").filter(has_text="3").click()
    for seat in range(3):
        host.page.select_option(f"#seat-{seat}", "human")
    host.page.fill("#seat-0-name", names[0])
    host.page.fill("#seat-2-name", names[2])
    host.page.click("#create")
    host.page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}(\?lang=en)?$"))
    host.page.wait_for_selector("body[data-live]")
    return urlsplit(host.page.url).path.rsplit("/", 1)[1]


def invitations(page):
    """{seat: link} of the links box's rows."""
    rows = page.locator("#links li.seat-invite")
    return {
        int(row.get_attribute("data-seat")): row.locator("input.seat-link").input_value()
        for row in rows.all()
    }


def png_pixels(png: bytes) -> np.ndarray:
    """The grey levels of a PNG as Chromium writes a screenshot (8-bit RGB or RGBA)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunks.setdefault(kind, b"")
        chunks[kind] += png[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8
    channels = {2: 3, 6: 4}[colour]
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.int32)
    for y in range(height):
        line = np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        kind = raw[y * (stride + 1)]
        above = rows[y - 1] if y else np.zeros(stride, np.int32)
        out = np.zeros(stride, np.int32)
        for x in range(stride):
            left = out[x - channels] if x >= channels else 0
            corner = above[x - channels] if x >= channels else 0
            if kind == 0:
                out[x] = line[x]
            elif kind == 1:
                out[x] = (line[x] + left) & 255
            elif kind == 2:
                out[x] = (line[x] + above[x]) & 255
            elif kind == 3:
                out[x] = (line[x] + (left + above[x]) // 2) & 255
            else:
                p = left + above[x] - corner
                pa, pb, pc = abs(p - left), abs(p - above[x]), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else above[x] if pb <= pc else corner
                out[x] = (line[x] + pred) & 255
        rows[y] = out
    pixels = rows.reshape(height, width, channels)[:, :, :3]
    return pixels.mean(axis=2).astype(np.uint8)


def scanned(page, seat):
    """What a camera reads from the QR code the page shows for ``seat`` (a screenshot of it,
    read by zxing-cpp, independent of the library that drew it)."""
    zxingcpp = pytest.importorskip(
        "zxingcpp", reason="zxing-cpp (the `test` extra) is not installed: the QR codes "
        "cannot be read back"
    )  # fmt: skip
    figure = page.locator(f"li.seat-invite[data-seat='{seat}'] figure.qr svg")
    figure.wait_for()
    # Only QR codes: read for every format, a QR code's modules once passed for a
    # one-dimensional barcode ("6592") beside the link.
    found = zxingcpp.read_barcodes(
        png_pixels(figure.screenshot()), formats=zxingcpp.BarcodeFormat.QRCode
    )
    # A reader may report one symbol more than once; what matters is that it reads one link.
    texts = {barcode.text for barcode in found}
    assert len(texts) == 1, texts
    return texts.pop()


def sit_down(phone, link, lang, name=None):
    """Open a seat link on ``phone`` and sit down, typing ``name`` (None: keep the one
    offered); returns the name the form offered."""
    phone.page.goto(link)
    phone.page.wait_for_selector("#claim-box:not([hidden])")
    offered = phone.page.input_value("#claim-name")
    assert "#" not in phone.page.url, "the token leaves the address bar at once"
    if name is not None:
        phone.page.fill("#claim-name", name)
    phone.page.click("#claim")
    phone.page.wait_for_selector("body[data-live]")
    return offered


def play(people, until, most=30):
    """Moves by whoever's turn it is, through the page's controls, until every device of
    ``until`` has moved once (at most ``most`` moves)."""
    waiting = list(until)
    for _ in range(most):
        if not waiting:
            return
        for _ in range(200):
            mover = next((p for p in people if p.page.locator("#status.mine").count()), None)
            if mover is not None:
                break
            people[0].page.wait_for_timeout(100)
        assert mover is not None, "nobody's turn"
        number = mover.page.locator("#log li").count()
        take_turn(mover)
        # Every page settled past the move (its log and turn line at one version) before the
        # next mover is read: a page whose log showed the move could still say "your turn"
        # from before it, and act on that old version (409).
        for person in people:
            person.page.wait_for_function(SETTLED_PAST, arg=number)
        if mover in waiting:
            waiting.remove(mover)
    assert not waiting, f"{len(waiting)} of the devices never had a move"


def assert_seats_presentable(page, lang):
    """The whole table as a person sees it, with the seats' parts on it (the links box, the
    links again, your own link, the claim form)."""
    assert_presentable(page, lang)


CASES = [
    ("lost-words", "uk", LAPTOP),
    ("words-of-magic", "en", LAPTOP),
    ("words-of-magic", "uk", PHONE),
    ("lost-words", "en", PHONE),
]


def take_over(device, link, name, lang):
    """Open the link of a seat someone sits at on ``device``: the page says who sits there,
    and "it's me: continue here" takes the seat over."""
    device.page.goto(link)
    device.page.wait_for_selector("#taken-box:not([hidden])")
    assert name in device.page.inner_text("#taken-lead")
    assert device.page.locator("#claim-box").is_hidden()
    assert_seats_presentable(device.page, lang)
    device.page.click("#take-over")
    device.page.wait_for_selector("body[data-live]")


def wait_seat_name(device, seat, name):
    """Until ``device``'s table names ``seat`` ``name`` (the stream brings it: no reload)."""
    device.page.wait_for_function(
        "([seat, name]) => window.wordsvcPlay?.state.summary?.seats[seat].name === name",
        arg=[seat, name],
    )


def assert_watching_what_everyone_sees(device, app, session):
    """The page shows the spectator's view, the engine's own: no hidden card."""
    shown = device.page.evaluate("window.wordsvcPlay.state.summary")
    assert shown["you"] is None
    store = app.extensions["wordsvc.sessions"]
    assert shown["view"] == store.summary(session, None).view  # nobody acts meanwhile


@pytest.mark.parametrize(
    ("game", "lang", "viewport"),
    CASES,
    ids=[f"{game}-{lang}-{view['width']}" for game, lang, view in CASES],
)
def test_a_host_screen_and_three_phones_at_one_table(
    devices, table_server, app, game, lang, viewport
):
    local, lan = table_server
    words = TEXT[lang]
    host = devices(lang, viewport)
    session = create(host, local, lang, game, NAMES[lang])

    # The laptop that made a game of three people is the table's screen: the spectator's
    # view, and one invitation per seat, each link and QR code on the LAN address (the host
    # opened a loopback one), the token in the fragment.
    assert host.page.inner_text("#who") == words["screen"]
    assert_watching_what_everyone_sees(host, app, session)
    links = invitations(host.page)
    assert sorted(links) == [0, 1, 2]
    query = "?lang=en" if lang == "en" else ""
    for seat, link in links.items():
        assert re.fullmatch(rf"{re.escape(lan)}/play/{session}{re.escape(query)}#seat=[\w-]{{43}}",
                            link), link  # fmt: skip
        assert scanned(host.page, seat) == link
    labels = host.page.locator("#links figure.qr svg").evaluate_all(
        "svgs => svgs.map(s => [s.getAttribute('role'), s.getAttribute('aria-label')])"
    )
    assert all(role == "img" and "QR" in label for role, label in labels)
    assert_seats_presentable(host.page, lang)

    # The phones scan the codes: seat 2 types a name over the one offered, seats 1 and 3
    # keep the host's with one tap. Each name reaches the host's screen and the phones
    # already seated by the stream, without a reload.
    olena, taras, maria = devices(lang), devices(lang), devices(lang)
    assert sit_down(olena, links[0], lang) == NAMES[lang][0]
    assert sit_down(taras, links[1], lang, NAMES[lang][1]) == words["default"].format(n=2)
    for device in (host, olena):
        wait_seat_name(device, 1, NAMES[lang][1])
    assert sit_down(maria, links[2], lang) == NAMES[lang][2]
    for phone, seat in ((olena, 1), (taras, 2), (maria, 3)):
        assert phone.page.inner_text("#who") == words["who"].format(n=seat)
        assert phone.hosts == {urlsplit(lan).netloc}, "the phone reached the LAN address only"
    # Every seat claimed: the links box goes; a seat's link can still be shown again.
    host.page.wait_for_selector("#links-box", state="hidden")
    assert host.page.locator("#links-again").is_visible()
    assert host.hosts == {urlsplit(local).netloc}
    play([olena, taras, maria], until=[olena, taras, maria])
    seats = host.page.evaluate("window.wordsvcPlay.state.summary.seats")
    assert [seat["name"] for seat in seats] == list(NAMES[lang])
    assert all(seat["claimed"] for seat in seats)
    assert_watching_what_everyone_sees(host, app, session)

    # A stranger opens Olena's link: asked, not seated; "just watch" leaves her seat alone.
    stranger = devices(lang)
    stranger.page.goto(links[0])
    stranger.page.wait_for_selector("#taken-box:not([hidden])")
    assert NAMES[lang][0] in stranger.page.inner_text("#taken-lead")
    stranger.page.click("#just-watch")
    stranger.page.wait_for_selector("body[data-live]")
    assert stranger.page.inner_text("#who") == words["watching"]

    # Taras's phone is lost: his link on a new phone is asked about, taken over, and the
    # old phone is told at once, and watches.
    again = devices(lang)
    take_over(again, links[1], NAMES[lang][1], lang)
    assert again.page.inner_text("#who") == words["who"].format(n=2)
    assert again.page.locator("#table-error").is_hidden()
    taras.page.wait_for_selector(f"#table-error:has-text('{words['taken_over']}')")
    taras.page.wait_for_function(
        "() => window.wordsvcPlay.state.summary.you === null && !window.wordsvcPlay.state.token"
    )
    assert taras.page.inner_text("#who") == words["watching"]
    play([olena, again, maria], until=[again])  # the seat that moved plays on

    # Maria makes a new link: the old one opens on no seat; the new one, on another device,
    # takes her seat over.
    maria.page.click("#my-link summary")
    maria.page.wait_for_selector("#my-link-row input.seat-link")
    assert maria.page.input_value("#my-link-row input.seat-link") == links[2]
    maria.page.click("#rotate")
    maria.page.wait_for_selector("#rotated:not([hidden])")
    maria.page.wait_for_selector("#my-link-row input.seat-link")
    fresh = maria.page.input_value("#my-link-row input.seat-link")
    assert fresh != links[2]
    assert fresh.startswith(f"{lan}/play/{session}")
    assert maria.page.inner_text("#who") == words["who"].format(n=3)
    latecomer = devices(lang)
    latecomer.page.goto(links[2])
    latecomer.page.wait_for_selector("body[data-ready]")
    assert words["dead"] in latecomer.page.inner_text("#table-error")
    assert latecomer.page.inner_text("#who") == words["watching"]
    assert latecomer.page.locator("#claim-box").is_hidden()
    maria_elsewhere = devices(lang)
    take_over(maria_elsewhere, fresh, NAMES[lang][2], lang)
    assert maria_elsewhere.page.inner_text("#who") == words["who"].format(n=3)
    maria.page.wait_for_selector(f"#table-error:has-text('{words['taken_over']}')")

    # The host shows a seat's link again: the links renewed since are said to be replaced.
    host.page.reload()
    host.page.wait_for_selector("body[data-live]")
    host.page.click("#links-again summary")
    host.page.wait_for_selector("#links-again-list li[data-seat='2'] p")
    assert host.page.locator("#links-again-list li[data-seat='1'] p").count() == 1
    shown_again = host.page.locator("#links-again-list li[data-seat='0'] input.seat-link")
    assert shown_again.input_value() == links[0]
    assert_seats_presentable(host.page, lang)


SETUPS = [
    ("words-of-magic", "uk", PHONE),
    ("lost-words", "en", LAPTOP),
    ("magos-y-tabernas", "uk", LAPTOP),
    ("wizards-wanted", "en", PHONE),
]


@pytest.mark.parametrize(
    ("game", "lang", "viewport"),
    SETUPS,
    ids=[f"{game}-{lang}-{view['width']}" for game, lang, view in SETUPS],
)
def test_the_host_sets_up_each_game_for_two_phones(devices, table_server, game, lang, viewport):
    """Each of the four games, made from the lobby with its defaults but for three people:
    the links and QR codes carry the LAN address, two phones sit down by them, and every
    screen is one a person can read."""
    local, lan = table_server
    host = devices(lang, viewport)
    session = create(host, local, lang, game, NAMES[lang])
    sit_here(host.page, 0)  # the host plays too, on the laptop
    assert host.page.inner_text("#who") == TEXT[lang]["who"].format(n=1)
    links = invitations(host.page)
    assert sorted(links) == [1, 2]
    for seat, link in links.items():
        assert link.startswith(f"{lan}/play/{session}"), link
        assert scanned(host.page, seat) == link
    phones = [devices(lang), devices(lang)]
    for phone, (seat, link) in zip(phones, sorted(links.items()), strict=True):
        sit_down(phone, link, lang)
        assert phone.page.inner_text("#who") == TEXT[lang]["who"].format(n=seat + 1)
    host.page.wait_for_selector("#links-box", state="hidden")
    for person in (host, *phones):
        assert_seats_presentable(person.page, lang)


@pytest.mark.parametrize("by", ["link", "free seat"])
def test_switching_the_language_before_sitting_down_keeps_the_seat(devices, table_server, app, by):
    """The join screen's language link opens the same seat in the other language: by a
    seat's link (its token) or a free seat of the lobby's open games (`?join=&ask`)."""
    local, _ = table_server
    client = app.test_client()
    created = client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).get_json()
    session = created["id"]
    phone = devices("uk")
    if by == "link":
        token = client.post(
            f"/v1/games/sessions/{session}/join", json={"seat": 1, "claim": False}
        ).get_json()["token"]
        phone.page.goto(f"{local}/play/{session}#seat={token}")
    else:
        phone.page.goto(f"{local}/play/{session}?join=1&ask=")
    phone.page.wait_for_selector("#claim-box:not([hidden])")
    assert "Місце 2" in phone.page.inner_text("#claim-lead")
    phone.page.click("#lang-switch")
    phone.page.wait_for_url(re.compile(r"lang=en"))
    phone.page.wait_for_selector("#claim-box:not([hidden])")
    assert "Seat 2" in phone.page.inner_text("#claim-lead")
    phone.page.fill("#claim-name", "Taras")
    phone.page.click("#claim")
    phone.page.wait_for_selector("body[data-live]")
    assert phone.page.inner_text("#who") == TEXT["en"]["who"].format(n=2)
    assert "seat=" not in phone.page.url
    assert "join=" not in phone.page.url
    # Seated, the link is the plain page's again: the seat is this browser's.
    switch = phone.page.get_attribute("#lang-switch", "href")
    assert "seat=" not in switch
    assert "join" not in switch


def test_again_with_the_same_people_takes_everyone_to_the_next_game(devices, table_server, app):
    """A finished game's "again, the same people": the phone that taps it goes to a new game
    of the same seats, at its own seat, and the other phone follows by itself."""
    from sqlalchemy import update

    from wordsvc.sessions.schema import sessions

    local, _ = table_server
    client = app.test_client()
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random", "name": "Сова"}]
    session = client.post(
        "/v1/games/sessions", json={"game": "lost-words", "seats": seats}
    ).get_json()["id"]
    tokens = [
        client.post(
            f"/v1/games/sessions/{session}/join", json={"seat": seat, "claim": False}
        ).get_json()["token"]
        for seat in (0, 1)
    ]
    olena, taras = devices("uk"), devices("uk")
    for phone, token, name in ((olena, tokens[0], "Олена"), (taras, tokens[1], "Тарас")):
        sit_down(phone, f"{local}/play/{session}#seat={token}", "uk", name)
    store = app.extensions["wordsvc.sessions"]
    with store.engine.begin() as conn:  # the game over, as if played out
        conn.execute(update(sessions).where(sessions.c.id == session).values(status="over"))
    for phone in (olena, taras):
        phone.page.reload()
        phone.page.wait_for_selector("#rematch")
    assert_seats_presentable(olena.page, "uk")
    olena.page.click("#rematch")
    following = re.compile(rf"/play/(?!{session})[0-9a-f]{{32}}$")
    for phone, seat in ((olena, 1), (taras, 2)):
        phone.page.wait_for_url(following)
        phone.page.wait_for_selector("body[data-live]")
        assert phone.page.inner_text("#who") == TEXT["uk"]["who"].format(n=seat)
    assert olena.page.url == taras.page.url
    fresh = urlsplit(olena.page.url).path.rsplit("/", 1)[1]
    assert store.summary(session).rematch == fresh
    assert [s.name for s in store.summary(fresh).seats][:2] == ["Олена", "Тарас"]


def test_a_deals_seed_plays_it_again_from_the_lobby(devices, table_server, app):
    """The lobby takes a seed (folded under "more"): a finished game's "play this deal
    again" opens it with the game and the seed filled in."""
    local, _ = table_server
    host = devices("uk", LAPTOP)
    host.page.goto(f"{local}/play?game=lost-words&seed=12345")
    host.page.wait_for_selector("body[data-ready]")
    assert host.page.input_value("#game") == "lost-words"
    assert host.page.locator("#advanced").get_attribute("open") is not None
    assert host.page.input_value("#seed") == "12345"
    host.page.fill("#seed", "12 345")
    host.page.click("#create")
    host.page.wait_for_selector("#seed[aria-invalid='true']")
    assert "ціле число" in host.page.inner_text("#create-error")
    host.page.fill("#seed", "12345")
    host.page.click("#create")
    host.page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    session = urlsplit(host.page.url).path.rsplit("/", 1)[1]
    summary = app.extensions["wordsvc.sessions"].summary(session)
    assert summary.deal == "chosen"
    row = app.test_client().get(f"/v1/games/sessions/{session}").get_json()
    assert row["deal"] == "chosen"
