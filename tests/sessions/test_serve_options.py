"""`wordsvc serve`'s gunicorn settings: threads for the streams, no token in the access log."""

from __future__ import annotations

from wordsvc.server import _TOKEN_IN_QUERY, THREADS, WORKER_CLASS


def test_serve_defaults_to_threads_that_can_hold_many_streams():
    assert WORKER_CLASS == "gthread"
    assert THREADS >= 500


def test_a_query_token_never_reaches_the_access_log():
    line = "GET /v1/games/sessions/ab/stream?after=3&token=s3cr-et_x HTTP/1.1"
    assert _TOKEN_IN_QUERY.sub("…", line) == (
        "GET /v1/games/sessions/ab/stream?after=3&token=… HTTP/1.1"
    )
    assert _TOKEN_IN_QUERY.sub("…", "?token=abc") == "?token=…"
    assert _TOKEN_IN_QUERY.sub("…", "/v1/words/token=x") == "/v1/words/token=x"
