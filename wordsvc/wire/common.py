"""What every wire model shares: no unknown fields, the problem document, and how an answer
is written from the domain's objects (:func:`to_json`)."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Annotated, Any

from pydantic import AllowInfNan, BaseModel, BeforeValidator, ConfigDict, Field, Strict, TypeAdapter


class WireModel(BaseModel):
    """A request or response body: unknown fields are refused, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class QueryModel(BaseModel):
    """A query string. Values arrive as text and are converted (``limit=5`` is 5); an
    unknown parameter is ignored, as HTTP caches and proxies may add their own."""

    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)


class Problem(WireModel):
    """An RFC 9457 problem document: every error the service answers with."""

    type: str = Field(description="A URI naming the problem: its `code` under /problems/.")
    title: str
    status: int = Field(ge=100, le=599)
    detail: str = Field(description="What went wrong, for people.")
    code: str = Field(description="Stable machine-readable code, e.g. `unknown_category`.")
    details: dict[str, Any] | None = Field(
        default=None, description="Machine-readable particulars of the problem."
    )
    request_id: str | None = Field(
        default=None,
        description="The request's id, as its `X-Request-ID` answer header says: the key to "
        "its line in the service's log.",
    )


def integral(value: object) -> object:
    """JSON has one number type: 3.0 is the integer 3 (JSON Schema says so too)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: A JSON integer: 3 or 3.0, never "3" or true. Bounded ones are written
#: ``Annotated[int, Strict(), Field(ge=...), BeforeValidator(integral)]``: the bounds go before
#: the conversion, so that the JSON Schema says minimum/maximum even in an optional field.
JsonInt = Annotated[int, Strict(), BeforeValidator(integral)]
#: A JSON number: 2 or 2.5, never "2.5" or true; NaN and Infinity are not JSON.
JsonFloat = Annotated[float, Strict(), AllowInfNan(False)]


def enum_value(value: object) -> object:
    """A domain enum member as the wire writes it (``Mode.CLASSIC`` is ``"classic"``): for
    fields whose schema is a ``Literal`` of the values rather than a named enum."""
    return value.value if isinstance(value, Enum) else value


@cache
def _adapter(form: Any) -> TypeAdapter[Any]:
    return TypeAdapter(form)


def to_json(form: Any, value: object, *, indent: int | None = None) -> bytes:
    """``value`` validated as the wire type ``form`` (a model, or e.g. a list of one) and
    written as JSON: how every answer is written, over HTTP and by the CLI.

    ``value`` is the domain's own object (a verdict, a solution...), a mapping, or a mapping
    of domain objects: the models read attributes as well as keys (``from_attributes``). The
    fields come in the model's order under their wire names; an optional field that ``value``
    does not have is left out, as the pass leaves out a word's layout."""
    adapter = _adapter(form)
    validated = adapter.validate_python(value, from_attributes=True)
    return adapter.dump_json(validated, by_alias=True, exclude_unset=True, indent=indent)
