"""Query strings and JSON bodies read into their wire models, or a clear 4xx problem."""

from __future__ import annotations

import json
from functools import cache
from typing import Any, TypeVar, get_origin

from flask import request
from pydantic import BaseModel, ValidationError

from wordsvc.errors import InvalidRequest, UnsupportedMediaType


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400/415 that says what is wrong with it."""
    if not request.is_json:
        raise UnsupportedMediaType(
            "unsupported_media_type", "Send JSON with Content-Type: application/json."
        )
    try:
        body = json.loads(
            request.get_data(cache=True), parse_constant=_no_constants, object_hook=_no_surrogates
        )
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        raise InvalidRequest("malformed_json", "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise InvalidRequest("invalid_body", "The request body must be a JSON object.")
    return body


def _no_surrogates(obj: dict[str, Any]) -> dict[str, Any]:
    """A lone surrogate (``"\\ud800"``) is valid JSON syntax but no Unicode text: it could not
    even be written back in an answer. Refused with the rest of malformed JSON."""
    pending: list[object] = [*obj.keys(), *obj.values()]
    while pending:  # objects nested deeper have been checked by their own hook call
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii():
                item.encode("utf-8")  # UnicodeEncodeError is a ValueError
        elif isinstance(item, list):
            pending.extend(item)
    return obj


def _no_constants(name: str) -> None:
    """NaN and Infinity are not JSON (RFC 8259); Python's parser would accept them."""
    raise ValueError(f"{name} is not JSON")


M = TypeVar("M", bound=BaseModel)


def parse_body(model: type[M]) -> M:
    """The request's JSON body as ``model``. A wrong field is ``invalid_<field>``, a missing
    one ``missing_<field>``, an unknown one ``unknown_field``; details list every problem."""
    try:
        return model.model_validate(json_body())
    except ValidationError as exc:
        raise _invalid(exc, query=False) from None


def parse_query(model: type[M]) -> M:
    """The query string as ``model``: list fields take every value of a repeated parameter."""
    values: dict[str, Any] = {}
    lists = _list_fields(model)
    for name in model.model_fields:
        if name not in request.args:
            continue
        given = request.args.getlist(name)
        if name in lists:
            values[name] = given
        elif len(given) > 1:
            raise InvalidRequest(
                "invalid_parameter",
                f"`{name}` is given {len(given)} times; it takes one value.",
                {"parameter": name},
            )
        else:
            values[name] = given[0]
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        raise _invalid(exc, query=True) from None


@cache
def _list_fields(model: type[BaseModel]) -> frozenset[str]:
    """The fields of a query model that take every value of a repeated parameter."""
    return frozenset(
        name for name, field in model.model_fields.items() if get_origin(field.annotation) is list
    )


def _invalid(exc: ValidationError, *, query: bool) -> InvalidRequest:
    problems = [
        {
            "field": ".".join(str(part) for part in error["loc"]),
            "problem": error["type"],
            "message": error["msg"],
        }
        for error in exc.errors(include_url=False, include_input=False)
    ]
    first = exc.errors()[0]
    name = str(first["loc"][0]) if first["loc"] else "body"
    if first["type"] == "extra_forbidden":
        code = "unknown_field"
    elif first["type"] == "missing":
        code = f"missing_{name}"
    elif first["type"] == "too_long" and len(first["loc"]) == 1:
        code = f"too_many_{name}"
    elif query:
        code = "invalid_parameter"
    else:
        code = f"invalid_{name}"
    where = "parameter" if query else "field"
    message = f"`{name}`: {first['msg']}." if first["loc"] else f"{first['msg']}."
    if len(problems) > 1:
        message += f" ({len(problems) - 1} more {where} problem(s) in `details`.)"
    return InvalidRequest(code, message, {where: name, "problems": problems})
