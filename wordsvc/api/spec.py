"""Routes declared with their wire models, and the OpenAPI 3.1 document generated from them.

A route is registered with :func:`operation`: its path, method, the pydantic models of its
query string, body and answer, and the problem codes it may answer with, by status. Flask
gets the view; :func:`openapi_document` builds the document from the same declarations and
the models' JSON Schema (2020-12, which OpenAPI 3.1 uses as is), so the document cannot drift
from the code. No document is written by hand.

Every operation is counted against the rate limits (429 ``rate_limited``, documented with its
``Retry-After``) unless declared ``limited=False``; one that counts for more than one request
declares its :class:`Cost`, which the document states (:mod:`wordsvc.api.limits`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from email.utils import format_datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any, TypeVar

from annotated_types import MaxLen
from flask import Blueprint
from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from wordsvc import costs

F = TypeVar("F", bound=Callable[..., Any])
REF_TEMPLATE = "#/components/schemas/{model}"
PROBLEM_REF = {"$ref": REF_TEMPLATE.format(model="Problem")}
#: Problems every route may answer with, besides its own.
COMMON_ERRORS: Mapping[int, Sequence[str]] = {
    400: ("malformed_request",),  # the server's own: not HTTP it can read (server_errors.py)
    414: ("uri_too_long",),
    431: ("headers_too_large",),
    500: ("internal_error",),
}
#: The problems of the rate limits: every limited operation may answer them (a request over
#: a limit; an ``X-API-Key`` the service does not know).
RATE_LIMITED: Mapping[int, Sequence[str]] = {401: ("invalid_api_key",), 429: ("rate_limited",)}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "string", "pattern": "^[0-9]+$"}}}
TITLE = "wordsvc"
DESCRIPTION = (
    "Settles Ukrainian word disputes for Words of Magic: checks words against the agreed "
    "categories with reasons, searches by pattern, finds the best plays for a hand, and hosts "
    "whole games for front ends and bots. Every error is an RFC 9457 problem document "
    "(application/problem+json) with a stable `code`; each operation lists its codes."
)


#: An OpenAPI link: (operationId, parameters) or (operationId, parameters, request body).
Link = tuple[str, Mapping[str, str]] | tuple[str, Mapping[str, str], Mapping[str, Any]]


@dataclass(frozen=True)
class Cost:
    """What a request to an operation counts for against the rate limits (:mod:`wordsvc.costs`):
    ``counts`` reads it from the request, ``says`` it for the document ("ceil(words / 10)")."""

    counts: Callable[[], int]
    says: str


@dataclass(frozen=True)
class Deprecation:
    """An operation on its way out of ``/v1`` (docs/api.md#versions): announced ``since``,
    answered until ``sunset`` at least, with ``successor`` (an operationId) to use instead.
    Its answers say so in ``Deprecation`` (RFC 9745), ``Sunset`` (RFC 8594) and ``Link``
    headers, and the document marks it ``deprecated``."""

    since: date
    sunset: date
    successor: str

    def headers(self) -> dict[str, str]:
        """The headers every answer of the operation carries."""
        since = datetime.combine(self.since, time(), tzinfo=UTC)
        sunset = datetime.combine(self.sunset, time(), tzinfo=UTC)
        return {
            "Deprecation": f"@{int(since.timestamp())}",
            "Sunset": format_datetime(sunset, usegmt=True),
            "Link": f'<{DEPRECATIONS_DOC}>; rel="deprecation"; type="text/html"',
        }


#: Where a deprecated operation's answers point (``Link: rel="deprecation"``).
DEPRECATIONS_DOC = "/docs"


@dataclass(frozen=True)
class Operation:
    """One route as the document describes it."""

    method: str
    path: str  # OpenAPI form: /v1/words/{word}
    operation_id: str
    summary: str
    tag: str
    query: type[BaseModel] | None = None
    body: type[BaseModel] | None = None
    response: type[BaseModel] | None = None
    status: int = 200
    errors: Mapping[int, Sequence[str]] = field(default_factory=dict)
    auth: str = "none"  # "none", "optional" or "required": a seat's Bearer token
    path_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    headers: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    response_headers: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: OpenAPI links from the answer to other operations: name -> (operationId, parameters)
    #: or (operationId, parameters, request body); a body's strings may be runtime
    #: expressions (``$response.body#/version``), so that a client (the fuzzer's stateful
    #: phase) can send a real action with a real token
    links: Mapping[str, Link] = field(default_factory=dict)
    content_type: str = "application/json"
    #: Answered with an ``ETag``; a request whose ``If-None-Match`` names it gets 304 and no
    #: body (:func:`wordsvc.api.conditional`), so that a polling client costs little.
    conditional: bool = False
    endpoint: str = ""  # Flask's name of the route: blueprint.view
    #: Counted against the rate limits (False: the health check and the event stream)
    limited: bool = True
    cost: Cost | None = None  # None: an ordinary request, counting 1
    #: On its way out of /v1: its answers say so, and the document marks it
    deprecated: Deprecation | None = None


#: Every declared operation, in declaration order.
OPERATIONS: list[Operation] = []


def operation(
    blueprint: Blueprint,
    rule: str,
    method: str,
    *,
    summary: str,
    operation_id: str,
    **spec: Any,
) -> Callable[[F], F]:
    """Register a view on ``blueprint`` and declare it for the OpenAPI document."""

    def decorate(view: F) -> F:
        blueprint.add_url_rule(rule, view_func=view, methods=[method])
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", (blueprint.url_prefix or "") + rule)
        op = Operation(
            method=method.lower(),
            path=path,
            operation_id=operation_id,
            summary=summary,
            tag=blueprint.name,
            endpoint=f"{blueprint.name}.{view.__name__}",
            **spec,
        )
        if op.cost is not None:
            costs.charge(op.endpoint, op.cost.counts)
        OPERATIONS.append(op)
        return view

    return decorate


def openapi_document(operations: Sequence[Operation] = ()) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``operations`` (default: every declared one)."""
    from wordsvc.wire.common import Problem

    operations = operations or OPERATIONS
    models: set[type[BaseModel]] = {Problem}
    for op in operations:
        models.update(m for m in (op.body, op.response) if m is not None)
    keyed: list[tuple[type[BaseModel], JsonSchemaMode]] = [
        (m, "validation") for m in sorted(models, key=lambda m: m.__name__)
    ]
    _, defs = models_json_schema(keyed, ref_template=REF_TEMPLATE)
    paths: dict[str, dict[str, Any]] = {}
    for op in operations:
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {"title": TITLE, "version": _version(), "description": DESCRIPTION},
        "paths": paths,
        "components": {
            "schemas": defs.get("$defs", {}),
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's secret token, from joining a session.",
                },
                "apiKey": {
                    "type": "apiKey",
                    "in": "header",
                    "name": "X-API-Key",
                    "description": "Optional, on any operation: a key the service's operator "
                    "gave a front end that serves many people from one address. Its requests "
                    "count against the key's rate limit instead of the address's; a key the "
                    "service does not know is refused (401 `invalid_api_key`).",
                },
            },
        },
    }


def _operation(op: Operation) -> dict[str, Any]:
    document: dict[str, Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "tags": [op.tag],
        "parameters": _parameters(op),
        "responses": _responses(op),
    }
    if op.body is not None:
        document["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _ref(op.body)}},
        }
    if op.deprecated is not None:
        document["deprecated"] = True
        document["description"] = (
            f"Deprecated since {op.deprecated.since.isoformat()}: use "
            f"`{op.deprecated.successor}`. Answered until {op.deprecated.sunset.isoformat()} "
            "at least; each answer says so in its Deprecation, Sunset and Link headers."
        )
    security = _security(op)
    if security != [{}]:
        document["security"] = security
    if not document["parameters"]:
        del document["parameters"]
    return document


def _security(op: Operation) -> list[dict[str, list[str]]]:
    """What ``op`` accepts, as alternatives: its seat token (required, optional or none) and,
    on a counted operation, an optional API key beside it."""
    alternatives: dict[str, list[dict[str, list[str]]]] = {
        "required": [{"seatToken": []}],
        "optional": [{}, {"seatToken": []}],
        "none": [{}],
    }
    seat = alternatives[op.auth]
    if not op.limited:
        return seat
    return [*seat, *({**need, "apiKey": []} for need in seat)]


def _parameters(op: Operation) -> list[dict[str, Any]]:
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": dict(schema)}
        for name, schema in op.path_params.items()
    ]
    parameters += [
        {"name": name, "in": "header", "required": False, "schema": dict(schema)}
        for name, schema in op.headers.items()
    ]
    if op.conditional:
        parameters.append(
            {
                "name": "If-None-Match",
                "in": "header",
                "required": False,
                "description": "An ETag this operation gave: 304 if the answer is the same.",
                "schema": {"type": "string"},
            }
        )
    if op.query is not None:
        schema = op.query.model_json_schema(ref_template=REF_TEMPLATE)
        required = set(schema.get("required", ()))
        for name, prop in schema["properties"].items():
            parameter: dict[str, Any] = {
                "name": name,
                "in": "query",
                "required": name in required,
                "schema": {k: v for k, v in prop.items() if k not in ("title", "description")},
            }
            if "description" in prop:
                parameter["description"] = prop["description"]
            if prop.get("type") == "array":
                parameter["style"], parameter["explode"] = "form", True
            parameters.append(parameter)
    return parameters


def _responses(op: Operation) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": op.summary}
    if op.response is not None:
        ok["content"] = {op.content_type: {"schema": _ref(op.response)}}
    else:
        free_form = {"type": "object"} if op.content_type == "application/json" else {}
        ok["content"] = {op.content_type: {"schema": free_form or {"type": "string"}}}
    if op.links:
        ok["links"] = {}
        for name, (target, parameters, *body) in op.links.items():
            ok["links"][name] = {"operationId": target, "parameters": dict(parameters)}
            if body:
                ok["links"][name]["requestBody"] = body[0]
                # the link's body is the whole body (schemathesis would merge it into one
                # of its own making, and a random field spoils a real action)
                ok["links"][name]["x-schemathesis"] = {"merge_body": False}
    if op.response_headers:
        ok["headers"] = {
            name: {"schema": dict(schema)} for name, schema in op.response_headers.items()
        }
    responses: dict[str, Any] = {str(op.status): ok}
    if op.conditional:
        ok.setdefault("headers", {})["ETag"] = {
            "description": "The answer's tag: send it as If-None-Match to be told 304 when "
            "nothing changed.",
            "schema": {"type": "string"},
        }
        responses["304"] = {
            "description": "Not modified: the answer is still the one If-None-Match tagged."
        }
    for status, codes in documented_codes(op).items():
        responses[str(status)] = {
            "description": _problem_preamble(op, status)
            + "A problem document; `code` is one of: "
            + ", ".join(f"`{c}`" for c in codes)
            + ".",
            "content": {
                "application/problem+json": {
                    "schema": {"$ref": REF_TEMPLATE.format(model="Problem")}
                }
            },
        }
        if status == 429 or (status == 503 and {"database_busy", "overloaded"} & set(codes)):
            responses[str(status)]["headers"] = dict(RETRY_AFTER)
    return responses


def _problem_preamble(op: Operation, status: int) -> str:
    """What the document says of a status before its codes (which follow "is one of:")."""
    if status != 429 or not op.limited:
        return ""
    counts = "one request" if op.cost is None else f"{op.cost.says} requests"
    return (
        f"Over a rate limit, of the client's address (or its API key) or of the seat's"
        f" token: this request"
        f" counts as {counts}. Retry after `Retry-After` seconds. "
    )


def documented_codes(op: Operation) -> dict[int, list[str]]:
    """The problem codes ``op`` may answer with, by status: its own, those of every route,
    and those the request's models give when a request does not fit them."""
    errors: dict[int, Sequence[str]] = {}
    for group in (COMMON_ERRORS, RATE_LIMITED if op.limited else {}, op.errors):
        for status, codes in group.items():
            errors[status] = (*errors.get(status, ()), *codes)
    shape = _shape_codes(op)
    if shape:
        errors[400] = (*shape, *errors.get(400, ()))
    if op.method != "get" and op.body is not None:
        errors.setdefault(413, ())
        errors.setdefault(415, ("unsupported_media_type",))
        errors[413] = (*errors[413], "payload_too_large")
    return {status: list(dict.fromkeys(errors[status])) for status in sorted(errors)}


def _shape_codes(op: Operation) -> list[str]:
    """The 400 codes :mod:`wordsvc.api.params` gives when a request does not fit the models:
    ``invalid_<field>``, ``missing_<field>`` for a required one, ``too_many_<field>`` for a
    list with a maximum (body), ``invalid_parameter`` and ``missing_<name>`` (query)."""
    codes: list[str] = []
    if op.query is not None:
        codes.append("invalid_parameter")
        codes += [f"missing_{n}" for n, f in op.query.model_fields.items() if f.is_required()]
    if op.body is not None:
        codes += ["malformed_json", "invalid_body", "unknown_field"]
        for name, field in op.body.model_fields.items():
            codes.append(f"invalid_{name}")
            if field.is_required():
                codes.append(f"missing_{name}")
            if any(isinstance(m, MaxLen) for m in field.metadata):
                codes.append(f"too_many_{name}")
    return codes


def _version() -> str:
    try:
        return version("wordsvc")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "0+unknown"


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": REF_TEMPLATE.format(model=model.__name__)}
