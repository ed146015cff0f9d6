"""What every wire model shares: no unknown fields, and the problem document."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AllowInfNan, BaseModel, BeforeValidator, ConfigDict, Field, Strict


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
