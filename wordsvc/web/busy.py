"""A page asked for too often: a sentence in the page's language and a reload by itself once
the limit's window ends, never the API's problem document shown as the page (a table
reloaded three times in a few seconds, or a seat link scanned again, hit it)."""

from __future__ import annotations

from flask import Response, make_response, render_template, request
from werkzeug.exceptions import TooManyRequests

from wordsvc.limit_window import retry_after_seconds
from wordsvc.web import blueprint
from wordsvc.web.texts import parse_lang, text


@blueprint.errorhandler(TooManyRequests)
def too_many(_error: TooManyRequests) -> Response:
    """429 with ``Retry-After``, as the API's answer; the page reloads itself then."""
    lang = parse_lang(request.args.get("lang"))
    seconds = retry_after_seconds()
    html = render_template(
        "web/busy.html",
        lang=lang,
        seconds=seconds,
        title=text("busy.title", lang),
        said=text("busy.body", lang, seconds=seconds),
        again=text("busy.again", lang),
        here=request.full_path.rstrip("?"),
    )
    response = make_response(html, 429)
    response.headers["Retry-After"] = str(seconds)
    return response
