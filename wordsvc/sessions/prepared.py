"""The statements of play, declared once with SQLAlchemy Core and run on the driver's own
cursor where SQLAlchemy's execution costs more than the statement (PostgreSQL).

Every action runs the same few statements (lock the session, compare-and-set its state,
append to its log) and every turn reads the same one. SQLAlchemy spends about 90 µs of CPU
to execute a statement it has already compiled (the execution context, the result's
metadata, its type processing), against about 20 µs for psycopg alone, prepared on the
server: at 1,000 actions a second that difference is most of a core (docs/performance.md,
issue 27). :class:`Prepared` compiles a Core statement once per dialect and, on PostgreSQL,
runs the compiled text with psycopg's cursor inside the caller's SQLAlchemy transaction;
on other dialects it goes through SQLAlchemy as before (SQLite's driver is in C and its
statements cost little).

The statement stays the one declaration: its SQL, its parameters and its column names come
from the Core object, so the two paths cannot drift apart (tests/sessions/test_prepared.py
runs both on the same statements).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, cast

from sqlalchemy import JSON
from sqlalchemy.engine import Connection
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Executable


class _Compiled(NamedTuple):
    """A statement compiled for PostgreSQL with positional parameters (``%s``: psycopg maps
    a tuple to them without looking names up): its text, and for each parameter in order,
    its name, the value it always has (a literal of the statement) and whether it is JSON
    (wrapped for psycopg)."""

    sql: str
    names: tuple[str, ...]
    literals: dict[str, Any]
    json: frozenset[str]

    def bind(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values of ``params`` in the statement's order, as psycopg takes them (JSON
        written as SQLAlchemy's type writes it: ``json.dumps``)."""
        from psycopg.types.json import Json

        literals, json = self.literals, self.json
        return tuple(
            Json(params[name]) if name in json
            else params[name] if name in params
            else literals[name]
            for name in self.names
        )  # fmt: skip


class Prepared:
    """A Core statement that runs on psycopg's cursor on PostgreSQL (prepared there on first
    use, per connection) and through SQLAlchemy elsewhere. Rows come back as named tuples
    with the statement's column names, as SQLAlchemy's rows would give them."""

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        columns = [column.key or "value" for column in getattr(statement, "exported_columns", ())]
        #: The rows' type: named as the statement's columns (a function's column too).
        self.row: Any = namedtuple("Row", columns, rename=True) if columns else None
        self._postgresql: _Compiled | None = None

    def all(self, conn: Connection, params: Mapping[str, Any]) -> list[Any]:
        """The statement's rows (a select, or a statement with ``RETURNING``)."""
        if conn.dialect.name != "postgresql":
            return list(conn.execute(self.statement, params).all())
        assert self.row is not None, "a statement without columns has no rows"
        compiled = self._compiled(conn)
        make = self.row._make
        with _driver(conn).cursor() as cursor:
            cursor.execute(compiled.sql, compiled.bind(params), prepare=True)
            return [make(values) for values in cursor.fetchall()]

    def run(self, conn: Connection, params: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> int:
        """Run the statement, once for each mapping of a sequence of them; the rows it
        changed. (One prepared statement per row: psycopg's ``executemany`` enters its
        pipeline mode, which costs more CPU than the round trips it saves here.)"""
        if conn.dialect.name != "postgresql":
            return int(conn.execute(self.statement, params).rowcount)
        compiled = self._compiled(conn)
        changed = 0
        with _driver(conn).cursor() as cursor:
            for one in [params] if isinstance(params, Mapping) else params:
                cursor.execute(compiled.sql, compiled.bind(one), prepare=True)
                changed += cursor.rowcount
        return changed

    def _compiled(self, conn: Connection) -> _Compiled:
        if self._postgresql is None:
            dialect: Any = type(conn.dialect)
            statement = cast(ClauseElement, self.statement)  # every Core statement is both
            compiled = cast(SQLCompiler, statement.compile(dialect=dialect(paramstyle="format")))
            self._postgresql = _Compiled(
                str(compiled),
                tuple(compiled.positiontup or ()),
                {name: value for name, value in compiled.params.items() if value is not None},
                frozenset(
                    name for name, bind in compiled.binds.items() if isinstance(bind.type, JSON)
                ),
            )
        return self._postgresql


def _driver(conn: Connection) -> Any:
    """The psycopg connection under ``conn``, in ``conn``'s transaction (if any)."""
    raw = conn.connection.driver_connection
    assert raw is not None
    return raw
