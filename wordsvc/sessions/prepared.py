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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar, cast

from sqlalchemy import JSON, exc
from sqlalchemy.engine import Connection
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Executable

if TYPE_CHECKING:  # types only: SQLAlchemy 2.0 (the floor) has no DBAPIModule
    from psycopg import Connection as DriverConnection
    from psycopg import Cursor
    from sqlalchemy.engine.default import DefaultDialect
    from sqlalchemy.engine.interfaces import DBAPIConnection, DBAPICursor, DBAPIModule

#: The type of a statement's rows: a protocol of its columns (``rows.py``).
R = TypeVar("R")

#: The driver whose cursor runs the statements itself.
DRIVER = "psycopg"


class _Compiled(NamedTuple):
    """A statement compiled for psycopg with positional parameters (``%s``: psycopg maps a
    tuple to them without looking names up): its text, and for each parameter in order, its
    name, the value it has unless given (a literal of the statement) and whether it is JSON
    (wrapped for psycopg)."""

    sql: str
    names: tuple[str, ...]
    literals: dict[str, object]
    json: frozenset[str]

    def bind(self, params: Mapping[str, object]) -> tuple[object, ...]:
        """The values of ``params`` in the statement's order, as psycopg takes them (JSON
        written as SQLAlchemy's type writes it: ``json.dumps``)."""
        from psycopg.types.json import Json

        values: list[object] = []
        for name in self.names:
            value = params[name] if name in params else self.literals[name]
            values.append(Json(value) if name in self.json else value)
        return tuple(values)


class Prepared(Generic[R]):
    """A Core statement that runs on psycopg's cursor (prepared on the server at first use,
    per connection) and through SQLAlchemy on other drivers. Rows come back as named tuples
    with the statement's column keys (label an expression to name it); ``R`` is what they
    are read as (a protocol of those columns, declared with the statement)."""

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        columns = [column.key or "value" for column in getattr(statement, "exported_columns", ())]
        #: Makes a row, its fields the statement's column keys.
        self._make_row: Callable[[Iterable[object]], tuple[object, ...]] | None = (
            partial(tuple.__new__, namedtuple("Row", columns, rename=True)) if columns else None
        )
        # Compiled at first use, for the first connection's dialect: two threads may both
        # compile it then, to the same result.
        self._compiled_for_driver: _Compiled | None = None

    def all(self, conn: Connection, params: Mapping[str, object]) -> list[R]:
        """The statement's rows (a select, or a statement with ``RETURNING``)."""
        if conn.dialect.driver != DRIVER:
            return cast(list[R], list(conn.execute(self.statement, params).all()))
        make = self._make_row
        assert make is not None, "a statement without columns has no rows"
        with self._cursor(conn) as (cursor, compiled):
            cursor.execute(compiled.sql, compiled.bind(params), prepare=True)
            return cast(list[R], [make(values) for values in cursor.fetchall()])

    def run(
        self, conn: Connection, params: Mapping[str, object] | Sequence[Mapping[str, object]]
    ) -> int:
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
    def _cursor(self, conn: Connection) -> Iterator[tuple[Cursor[tuple[object, ...]], _Compiled]]:
        """A psycopg cursor on ``conn``'s own connection (in its transaction, if any) and
        the compiled statement; a driver's error comes out as SQLAlchemy's."""
        compiled = self._compiled(conn)
        raw: DriverConnection[tuple[object, ...]] | None = conn.connection.driver_connection
        assert raw is not None
        cursor = raw.cursor()
        try:
            yield cursor, compiled
        except conn.dialect.loaded_dbapi.Error as error:
            # psycopg's connection and cursor are DB-API's (PEP 249), as SQLAlchemy's
            # protocols describe them, but for the details of their signatures
            dbapi = cast("DBAPIConnection", raw), cast("DBAPICursor", cursor)
            raise _raised(conn, *dbapi, compiled, error) from error
        finally:
            cursor.close()

    def _compiled(self, conn: Connection) -> _Compiled:
        if self._compiled_for_driver is None:
            # every dialect SQLAlchemy ships is a DefaultDialect, which takes a paramstyle
            dialect_class = cast("type[DefaultDialect]", type(conn.dialect))
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
    conn: Connection,
    raw: DBAPIConnection,
    cursor: DBAPICursor,
    compiled: _Compiled,
    error: DBAPIModule.Error,
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
