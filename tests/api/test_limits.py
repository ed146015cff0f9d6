"""Rate limits (wordsvc/api/limits.py, docs/deploy.md#rate-limits): per client address and
per seat token, cost-weighted, answered with a 429 problem document with Retry-After, in
memory by default and in Redis when the settings name one. Each test makes an app of its own
with a low limit; the other tests' apps run with the defaults."""

from __future__ import annotations

import hashlib

import pytest
from limits.storage import MemoryStorage, RedisStorage

from wordsvc import costs
from wordsvc.api.meta import document
from wordsvc.config import DEFAULT_RATE_LIMIT, DEFAULT_SEAT_RATE_LIMIT, Settings
from wordsvc.limit_window import LIMITER
from wordsvc.wire.common import Problem

HAND = {"cards": ["К", "Р", "П", "А", "Н"], "character": "amazon"}
SEATS = [{"kind": "human", "name": "Настя"}, {"kind": "human", "name": "Олена"}]


def statuses(responses) -> list[int]:
    return [r.status_code for r in responses]


def test_quick_solves_from_one_client_are_refused_past_the_limit_and_nothing_breaks(make_app):
    client = make_app(rate_limit="100/minute").test_client()
    body = {**HAND, "budget_ms": 20}  # counts 1: the limit is met by number alone
    got = statuses(client.post("/v1/words-of-magic/solve", json=body) for _ in range(200))
    assert not [s for s in got if s >= 500]
    assert got.count(200) == 100
    assert got.count(429) == 100
    assert got[:100] == [200] * 100  # one window: the first hundred pass, then none


def test_a_429_is_a_problem_document_with_retry_after(make_app):
    client = make_app(rate_limit="3/minute").test_client()
    for _ in range(3):
        assert client.get("/v1/categories").status_code == 200
    response = client.get("/v1/categories")
    assert response.status_code == 429
    assert response.mimetype == "application/problem+json"
    problem = Problem.model_validate(response.get_json())
    assert problem.code == "rate_limited"
    assert problem.type.endswith("/rate_limited")
    retry_after = response.headers["Retry-After"]
    assert retry_after.isdecimal()
    assert 1 <= int(retry_after) <= 60  # the window's rest, in whole seconds
    assert problem.details == {
        "limit": "3 per 1 minute",
        "per": "address",
        "retry_after": int(retry_after),
    }


def test_the_document_lists_429_with_retry_after_on_every_limited_operation():
    for path, item in document()["paths"].items():
        for method, operation in item.items():
            limited = (path, method) not in {
                ("/healthz", "get"),
                ("/v1/games/sessions/{session_id}/stream", "get"),
            }
            answer = operation["responses"].get("429")
            if limited:
                assert answer["description"].endswith("`code` is one of: `rate_limited`.")
                assert "Retry-After" in answer["headers"]
            else:  # the stream's own cap is no rate limit (wordsvc/stream_slots.py)
                assert answer is None or "rate_limited" not in answer["description"], path
    solve = document()["paths"]["/v1/words-of-magic/solve"]["post"]["responses"]["429"]
    assert "counts as ceil(budget_ms / 20) requests" in solve["description"]


def join_all(client) -> tuple[str, list[str]]:
    created = client.post("/v1/games/sessions", json={"game": "lost-words", "seats": SEATS})
    assert created.status_code == 201, created.get_json()
    session = created.get_json()["id"]
    tokens = []
    for seat in range(len(SEATS)):
        joined = client.post(f"/v1/games/sessions/{session}/join", json={"seat": seat})
        tokens.append(joined.get_json()["token"])
    return session, tokens


def test_a_seat_token_is_limited_wherever_it_comes_from(make_app):
    app = make_app(rate_limit="1000/minute", seat_rate_limit="5/minute")
    client = app.test_client()
    session, (first, second) = join_all(client)
    path = f"/v1/games/sessions/{session}"

    def get(token=None, address="127.0.0.1"):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return client.get(path, headers=headers, environ_base={"REMOTE_ADDR": address})

    assert statuses(get(first) for _ in range(5)) == [200] * 5
    refused = get(first)
    assert refused.status_code == 429
    assert refused.get_json()["details"]["per"] == "seat"
    assert "this seat's token" in refused.get_json()["detail"]
    assert get(first, address="127.0.0.2").status_code == 429  # another address: same seat
    assert get(second).status_code == 200  # another seat
    assert get().status_code == 200  # a spectator counts by address only
    # The count is keyed by a hash of the token: no token reaches the storage.
    keys = list(app.extensions[LIMITER].storage.storage)
    assert any(hashlib.sha256(first.encode()).hexdigest()[:32] in key for key in keys)
    assert not [key for key in keys if first in key or second in key]


@pytest.mark.parametrize(
    ("method", "path", "body", "passes"),
    [
        ("get", "/v1/categories", None, 100),
        ("post", "/v1/words-of-magic/solve", {**HAND, "budget_ms": 2000}, 1),  # counts 100
        ("post", "/v1/words-of-magic/solve", {**HAND, "budget_ms": 1000}, 2),  # 50
        ("post", "/v1/words-of-magic/solve", HAND, 7),  # the default 250 ms: 13
        ("post", "/v1/words/check", {"words": ["кіт"] * 200}, 5),  # 20
        ("post", "/v1/words/check", {"words": ["кіт"] * 5}, 100),  # 1
        ("get", "/v1/words?pattern=к*&limit=500", None, 10),  # 10
        ("get", "/v1/words?pattern=к*", None, 100),  # the default 50: 1
        ("get", "/?w=" + "+".join(["кіт"] * 30), None, 33),  # the page's own check: 3
    ],
)
def test_costly_requests_count_for_the_work_they_ask_for(make_app, method, path, body, passes):
    client = make_app(rate_limit="100/minute").test_client()
    send = getattr(client, method)
    got = statuses(send(path, json=body) if body else send(path) for _ in range(passes + 1))
    assert got == [200] * passes + [429]


def test_the_costliest_request_still_passes_once_a_window(make_app):
    client = make_app(rate_limit="10/minute").test_client()
    body = {**HAND, "budget_ms": 2000}  # counts 100, more than the whole limit
    got = statuses(client.post("/v1/words-of-magic/solve", json=body) for _ in range(2))
    assert got == [200, 429]


def test_a_request_the_view_refuses_counts_as_an_ordinary_one(make_app):
    """Costs are read before the view parses the request: one that cannot be read counts as
    the default would (a body that is no JSON 1, a budget that is no number the default
    budget's 13), and the view refuses it as ever."""
    client = make_app(rate_limit="20/minute").test_client()
    bad = [
        client.post("/v1/words-of-magic/solve", data="{", content_type="application/json"),
        client.post("/v1/words/check", json={"words": "кіт"}),
        client.post("/v1/words-of-magic/solve", json={**HAND, "budget_ms": "lots"}),
    ]
    assert statuses(bad) == [400, 400, 400]
    assert statuses(client.get("/v1/categories") for _ in range(6)) == [200] * 5 + [429]


def test_the_costs():
    assert [costs.solve_cost(ms) for ms in (1, 20, 21, 250, 1000, 2000)] == [1, 1, 2, 13, 50, 100]
    assert [costs.words_cost(n) for n in (0, 1, 10, 11, 1000)] == [1, 1, 1, 2, 100]
    assert [costs.search_cost(n) for n in (1, 50, 51, 500)] == [1, 1, 2, 10]


def test_streams_probes_static_files_and_unknown_urls_are_never_counted(make_app):
    client = make_app(rate_limit="2/minute").test_client()
    stream = "/v1/games/sessions/" + "0" * 32 + "/stream"
    for _ in range(5):
        assert client.get("/healthz").status_code == 200
        assert client.get(stream).status_code == 404  # session_not_found, never 429
        assert client.get("/web/static/arbiter.js").status_code == 200
        assert client.get("/no/such/page").status_code == 404
    assert statuses(client.get("/v1/categories") for _ in range(3)) == [200, 200, 429]
    assert client.get("/healthz").status_code == 200


def test_the_limits_can_be_turned_off(make_app):
    app = make_app(rate_limits=False, rate_limit="1/minute")
    assert LIMITER not in app.extensions
    client = app.test_client()
    assert set(statuses(client.get("/v1/categories") for _ in range(20))) == {200}


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(make_app):
    def forwarded(client, address):
        return client.get("/v1/categories", headers={"X-Forwarded-For": address})

    direct = make_app(rate_limit="2/minute").test_client()
    # Not trusted: a client cannot dodge its limit by naming other addresses.
    got = statuses(forwarded(direct, f"127.0.0.{n}") for n in range(2, 6))
    assert got == [200, 200, 429, 429]
    proxied = make_app(rate_limit="2/minute", trusted_proxies=1).test_client()
    # Behind one trusted proxy (all requests come from its address), each client counts apart.
    assert statuses(forwarded(proxied, f"127.0.0.{n}") for n in range(2, 6)) == [200] * 4
    assert statuses(forwarded(proxied, "127.0.0.9") for _ in range(3)) == [200, 200, 429]


def test_the_defaults_count_in_memory(make_app):
    defaults = Settings(data_dir=None, dictionaries_dir=None)  # type: ignore[arg-type]
    assert (defaults.rate_limits, defaults.rate_limit, defaults.seat_rate_limit) == (
        True,
        DEFAULT_RATE_LIMIT,
        DEFAULT_SEAT_RATE_LIMIT,
    )
    assert defaults.redis_url is None
    assert defaults.trusted_proxies == 0
    limiter = make_app().extensions[LIMITER]
    assert isinstance(limiter.storage, MemoryStorage)


def test_with_redis_every_app_counts_together(make_app, redis_server, redis_prefix):
    """Two apps (two servers' workers) on one Redis: one count per address between them."""
    one, two = (
        make_app(rate_limit="10/minute", redis_url=redis_server, redis_prefix=redis_prefix)
        for _ in range(2)
    )
    assert isinstance(one.extensions[LIMITER].storage, RedisStorage)
    clients = [one.test_client(), two.test_client()]
    got = statuses(clients[n % 2].get("/v1/categories") for n in range(14))
    assert got == [200] * 10 + [429] * 4
    import redis

    keys = [k.decode() for k in redis.Redis.from_url(redis_server).scan_iter(f"*{redis_prefix}*")]
    assert keys  # the counts live in Redis, under this test's own prefix


def test_unreachable_redis_falls_back_to_counting_in_memory(make_app, caplog):
    import socket

    with socket.socket() as sock:  # a port with nobody listening
        sock.bind(("127.0.0.1", 0))
        nobody = f"redis://127.0.0.1:{sock.getsockname()[1]}/0"
    client = make_app(rate_limit="5/minute", redis_url=nobody).test_client()
    got = statuses(client.get("/v1/categories") for _ in range(7))
    assert got == [200] * 5 + [429] * 2


@pytest.mark.parametrize(("lang", "said"), [("uk", "відкриється сама за"), ("en", "opens again")])
def test_a_page_over_the_limit_is_a_sentence_that_reloads_itself_not_a_problem_document(
    make_app, lang, said
):
    """Reloading a table a few times, or scanning its link again, never shows the API's
    JSON as the page: a page in its language, with Retry-After and a reload then."""
    client = make_app(rate_limit="2/minute").test_client()
    query = "" if lang == "uk" else "?lang=en"
    got = [client.get(f"/play{query}") for _ in range(3)]
    assert statuses(got) == [200, 200, 429]
    busy = got[-1]
    assert busy.mimetype == "text/html"
    page = busy.get_data(as_text=True)
    seconds = int(busy.headers["Retry-After"])
    assert 1 <= seconds <= 60
    assert f'http-equiv="refresh" content="{seconds}"' in page
    assert said in page
    assert f"{seconds} " in page
    assert f'<html lang="{lang}">' in page
    assert '"code"' not in page
    # the API beside it still answers with its problem document
    assert client.get("/v1/games").mimetype == "application/problem+json"


@pytest.mark.parametrize(("indexed", "passes"), [(True, 3), (False, 1)])
def test_a_solve_that_builds_a_solver_index_pays_for_it(make_app, monkeypatch, indexed, passes):
    """Categories with no solver index yet build one before the search's budget starts (a
    second of CPU, tens of megabytes): the request counts costs.INDEX_BUILD_COST more."""
    from wordsvc.solver.category_index import CategoryIndexes

    monkeypatch.setattr(CategoryIndexes, "ready", lambda self, ids: indexed)
    client = make_app(rate_limit="150/minute").test_client()
    body = {**HAND, "budget_ms": 20, "categories": ["verb"]}  # 1, and 100 for an index
    got = statuses(client.post("/v1/words-of-magic/solve", json=body) for _ in range(passes + 1))
    assert got[:passes] == [200] * passes
    assert got[passes] == (200 if indexed else 429)


KEY = "k" * 20 + "-front-end-of-the-cafe"
OTHER_KEY = "z" * 30


def test_an_api_key_counts_against_its_own_limit_not_its_address(make_app):
    """A front end serving many people from one address sends its key: its requests count
    against the key's limit; the address's own requests keep the address's limit."""
    app = make_app(rate_limit="2/minute", api_key_rate_limit="5/minute", api_keys=frozenset({KEY}))
    client = app.test_client()

    def get(key=None):
        return client.get("/v1/categories", headers={"X-API-Key": key} if key else {})

    assert statuses(get(KEY) for _ in range(5)) == [200] * 5
    refused = get(KEY)
    assert refused.status_code == 429
    assert refused.get_json()["details"]["per"] == "key"
    assert "this API key" in refused.get_json()["detail"]
    assert statuses(get() for _ in range(3)) == [200, 200, 429]  # the address's own
    keys = list(app.extensions[LIMITER].storage.storage)
    assert any(hashlib.sha256(KEY.encode()).hexdigest()[:32] in key for key in keys)
    assert not [key for key in keys if KEY in key]


def test_an_unknown_api_key_is_refused_rather_than_ignored(make_app):
    client = make_app(api_keys=frozenset({KEY})).test_client()
    refused = client.get("/v1/categories", headers={"X-API-Key": OTHER_KEY})
    assert refused.status_code == 401
    assert refused.mimetype == "application/problem+json"
    problem = Problem.model_validate(refused.get_json())
    assert problem.code == "invalid_api_key"
    assert OTHER_KEY not in refused.get_data(as_text=True)
    # probes, scrapers, pages' files and unknown URLs are never asked for one
    for path, status in [("/healthz", 200), ("/web/static/arbiter.js", 200), ("/no/such", 404)]:
        assert client.get(path, headers={"X-API-Key": OTHER_KEY}).status_code == status


def test_guessing_api_keys_is_counted_against_the_address(make_app):
    """Each unknown key is refused, and counted as its address's request first, so guesses
    are throttled like any call (then refused with 429, not 401)."""
    client = make_app(rate_limit="3/minute", api_keys=frozenset({KEY})).test_client()
    guesses = [client.get("/v1/categories", headers={"X-API-Key": f"{n:030d}"}) for n in range(4)]
    assert statuses(guesses) == [401, 401, 401, 429]
    assert client.get("/v1/categories", headers={"X-API-Key": KEY}).status_code == 200


def test_the_document_offers_an_api_key_wherever_one_is_checked():
    """Every counted operation accepts an optional key beside what else it needs, and only
    those do (a stream or a probe checks none)."""
    for path, operations in document()["paths"].items():
        for method, operation in operations.items():
            accepted = operation.get("security", [{}])
            keyed = [need for need in accepted if "apiKey" in need]
            documented = (
                "401" in operation["responses"]
                and "invalid_api_key" in (operation["responses"]["401"]["description"])
            )
            assert bool(keyed) == documented, (method, path)
            if keyed:  # optional: each alternative comes with the key and without
                without = [{k: v for k, v in need.items() if k != "apiKey"} for need in keyed]
                assert sorted(map(str, without)) == sorted(
                    str(need) for need in accepted if "apiKey" not in need
                ), (method, path)


def test_keys_mean_nothing_with_the_limits_off(make_app):
    client = make_app(rate_limits=False).test_client()
    assert client.get("/v1/categories", headers={"X-API-Key": OTHER_KEY}).status_code == 200


def test_every_limited_operation_documents_the_unknown_key():
    for path, operations in document()["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"].get("401")
            limited = (
                "429" in operation["responses"]
                and "rate_limited" in (operation["responses"]["429"]["description"])
            )
            documented = answer is not None and "`invalid_api_key`" in answer["description"]
            assert limited == documented, (method, path)
