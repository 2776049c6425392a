"""SQLite for a server with threads: every transaction takes the write
lock when it begins (``BEGIN IMMEDIATE``) and waits for it (a busy
timeout), as SQLAlchemy's documentation recommends for pysqlite.

Heat's engine and API threads, and Keystone's request threads, share one
database file. With pysqlite's default deferred transactions two threads
that both read and then write fail "database is locked" at once instead
of waiting their turn.
"""

from __future__ import annotations

BUSY_TIMEOUT_MS = 30_000

# Off while the schema is migrated: the migration inspects the database on
# a second connection while its first holds a transaction, which waits
# forever for a write lock the first never gives up.
_immediate = False


def serve_immediately() -> None:
    """From now on, transactions begin IMMEDIATE."""
    global _immediate
    _immediate = True


def install() -> None:
    """Applies to every SQLAlchemy engine made after this, in this process."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    @event.listens_for(Engine, "connect")
    def _connect(dbapi_connection, _record):
        if type(dbapi_connection).__module__.startswith("sqlite3"):
            # pysqlite's own transaction handling off: the "begin" hook
            # below says when a transaction starts.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.close()

    # First among the "begin" listeners: oslo.db's own emits a plain
    # BEGIN unless the connection is marked as in a transaction already.
    @event.listens_for(Engine, "begin", insert=True)
    def _begin(connection):
        if (
            _immediate
            and connection.dialect.name == "sqlite"
            and "in_transaction" not in connection.info
        ):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            connection.info["in_transaction"] = True
