"""The statements of play, declared once with SQLAlchemy Core and run on the driver's own
cursor where SQLAlchemy's execution costs more than the statement (PostgreSQL, psycopg).

Every action runs the same few statements (lock the session, compare-and-set its state and
append to its log) and every turn reads the same one. SQLAlchemy spends about 90 µs of CPU
to execute a statement it has already compiled (the execution context, the result's
metadata, its type processing), against about 20 µs for psycopg alone, prepared on the
server (docs/performance.md, issue 27). :class:`Prepared` compiles a Core statement once
per process and, on psycopg, runs the compiled text with psycopg's cursor inside the
caller's SQLAlchemy transaction; on any other driver it goes through SQLAlchemy as before
(SQLite's driver is in C and its statements cost little).

The statement stays the one declaration: its SQL, its parameters and its column names come
from the Core object. What the fast path does not do is SQLAlchemy's type processing beyond
JSON (no ``TypeDecorator``, no expanding ``IN``): the statements given to it use none, and
it refuses one that would need it. Its errors are SQLAlchemy's, as on the other path
(:func:`_raised`), so the API's 503 for an unavailable database and the pool's handling of
a lost connection hold. tests/sessions/test_prepared.py runs both paths on the same
statements.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple, cast

from sqlalchemy import JSON, exc
from sqlalchemy.engine import Connection
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Executable

#: The driver whose cursor runs the statements itself.
DRIVER = "psycopg"


class _Compiled(NamedTuple):
    """A statement compiled for psycopg with positional parameters (``%s``: psycopg maps a
    tuple to them without looking names up): its text, and for each parameter in order, its
    name, the value it has unless given (a literal of the statement) and whether it is JSON
    (wrapped for psycopg)."""

    sql: str
    names: tuple[str, ...]
    literals: dict[str, Any]
    json: frozenset[str]

    def bind(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values of ``params`` in the statement's order, as psycopg takes them (JSON
        written as SQLAlchemy's type writes it: ``json.dumps``)."""
        from psycopg.types.json import Json

        values = []
        for name in self.names:
            value = params[name] if name in params else self.literals[name]
            values.append(Json(value) if name in self.json else value)
        return tuple(values)


class Prepared:
    """A Core statement that runs on psycopg's cursor (prepared on the server at first use,
    per connection) and through SQLAlchemy on other drivers. Rows come back as named tuples
    with the statement's column keys (label an expression to name it)."""

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        columns = [column.key or "value" for column in getattr(statement, "exported_columns", ())]
        #: The rows' type, its fields the statement's column keys.
        self.row: Any = namedtuple("Row", columns, rename=True) if columns else None
        # Compiled at first use, for the first connection's dialect: two threads may both
        # compile it then, to the same result.
        self._compiled_for_driver: _Compiled | None = None

    def all(self, conn: Connection, params: Mapping[str, Any]) -> list[Any]:
        """The statement's rows (a select, or a statement with ``RETURNING``)."""
        if conn.dialect.driver != DRIVER:
            return list(conn.execute(self.statement, params).all())
        assert self.row is not None, "a statement without columns has no rows"
        make = self.row._make
        with self._cursor(conn) as (cursor, compiled):
            cursor.execute(compiled.sql, compiled.bind(params), prepare=True)
            return [make(values) for values in cursor.fetchall()]

    def run(self, conn: Connection, params: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> int:
        """Run the statement, once for each mapping of a sequence of them; the rows it
        changed. (One prepared statement per row: psycopg's ``executemany`` enters its
        pipeline mode, which costs more CPU than the round trips it saves here.)"""
        if conn.dialect.driver != DRIVER:
            return int(conn.execute(self.statement, params).rowcount)
        changed = 0
        with self._cursor(conn) as (cursor, compiled):
            for one in [params] if isinstance(params, Mapping) else params:
                cursor.execute(compiled.sql, compiled.bind(one), prepare=True)
                changed += cursor.rowcount
        return changed

    @contextmanager
    def _cursor(self, conn: Connection) -> Iterator[tuple[Any, _Compiled]]:
        """A psycopg cursor on ``conn``'s own connection (in its transaction, if any) and
        the compiled statement; a driver's error comes out as SQLAlchemy's."""
        compiled = self._compiled(conn)
        raw = conn.connection.driver_connection
        assert raw is not None
        cursor = raw.cursor()
        try:
            yield cursor, compiled
        except conn.dialect.loaded_dbapi.Error as error:
            raise _raised(conn, raw, cursor, compiled, error) from error
        finally:
            cursor.close()

    def _compiled(self, conn: Connection) -> _Compiled:
        if self._compiled_for_driver is None:
            dialect_class: Any = type(conn.dialect)
            statement = cast(ClauseElement, self.statement)  # every Core statement is both
            compiled = cast(
                SQLCompiler, statement.compile(dialect=dialect_class(paramstyle="format"))
            )
            if compiled.post_compile_params:
                raise TypeError(f"{self.statement}: expanding parameters need SQLAlchemy")
            named = compiled.bind_names  # each parameter's name in the compiled text
            self._compiled_for_driver = _Compiled(
                str(compiled),
                tuple(compiled.positiontup or ()),
                {named[bind]: bind.effective_value for bind in named if not bind.required},
                frozenset(named[bind] for bind in named if isinstance(bind.type, JSON)),
            )
        return self._compiled_for_driver


def _raised(
    conn: Connection, raw: Any, cursor: Any, compiled: _Compiled, error: Any
) -> exc.DBAPIError:
    """``error`` as SQLAlchemy raises a driver's error (an ``OperationalError`` for a lost
    connection or a lock timeout...), without the statement's parameters; a connection the
    server dropped is invalidated, so that the pool replaces it."""
    lost = conn.dialect.is_disconnect(error, raw, cursor)
    if lost:
        conn.invalidate(error)
    return cast(
        exc.DBAPIError,
        exc.DBAPIError.instance(
            compiled.sql,
            None,
            error,
            conn.dialect.loaded_dbapi.Error,
            hide_parameters=True,
            connection_invalidated=lost,
            dialect=conn.dialect,
        ),
    )
