"""Parsing of query strings and JSON bodies into typed values, or a clear 400."""

from __future__ import annotations

import json

from flask import request

from wordsvc.errors import InputError, InvalidRequest


class UnsupportedMediaType(InputError):
    """A request body sent as something other than JSON."""

    code = "unsupported_media_type"


def categories_arg() -> list[str]:
    """``?categories=a,b`` and/or ``?category=a&category=b``."""
    values = request.args.getlist("categories") + request.args.getlist("category")
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def int_arg(name: str, *, low: int, high: int) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise InvalidRequest(
            "invalid_parameter", f"`{name}` must be a whole number.", {"parameter": name}
        ) from None
    if not low <= value <= high:
        raise InvalidRequest(
            "invalid_parameter",
            f"`{name}` must be between {low} and {high}.",
            {"parameter": name, "min": low, "max": high},
        )
    return value


def bool_arg(name: str, *, default: bool) -> bool:
    raw = request.args.get(name)
    if raw is None:
        return default
    if raw.lower() in ("1", "true", "yes"):
        return True
    if raw.lower() in ("0", "false", "no"):
        return False
    raise InvalidRequest(
        "invalid_parameter", f"`{name}` must be true or false.", {"parameter": name}
    )


def json_body() -> dict:
    """The request's JSON object, or a 400/415 that says what is wrong with it."""
    if not request.is_json:
        raise UnsupportedMediaType(
            "unsupported_media_type", "Send JSON with Content-Type: application/json."
        )
    try:
        body = json.loads(request.get_data(cache=True), parse_constant=_no_constants)
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        raise InvalidRequest("malformed_json", "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise InvalidRequest("invalid_body", "The request body must be a JSON object.")
    return body


def _no_constants(name: str) -> None:
    """NaN and Infinity are not JSON (RFC 8259); Python's parser would accept them."""
    raise ValueError(f"{name} is not JSON")
