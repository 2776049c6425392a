"""SQLite for Heat: an id, once given, is never given again.

SQLite gives a new row the largest id in its table plus one, so the id of
the last row deleted comes back. MySQL and PostgreSQL, the databases Heat
runs on, never give an id twice, and Heat counts on it: a resource keeps
the id of its attribute cache (a ``resource_properties_data`` row) and
deletes that row by id when an update resets the cache. Under SQLite,
another resource's new properties row, made a moment after the cache was
deleted once, took the freed id and was deleted in its place; the next
step that read those properties found nothing, dropped its part of the
update silently, and the stack stayed UPDATE_IN_PROGRESS.

``AUTOINCREMENT`` makes SQLite keep the largest id ever given, so every
table whose key is an integer ``id`` gets it here, once, after Heat's
migrations made the schema.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

_INTEGER_ID = re.compile(r"\bid INTEGER NOT NULL,")
_TABLE_KEY = re.compile(r",\s*PRIMARY KEY \(id\)")


def with_autoincrement(sql: str) -> str | None:
    """The ``CREATE TABLE`` statement with its integer ``id`` the key
    ``AUTOINCREMENT``, or None where it has no such key or has it already."""
    if "AUTOINCREMENT" in sql.upper():
        return None
    if len(_INTEGER_ID.findall(sql)) != 1 or len(_TABLE_KEY.findall(sql)) != 1:
        return None
    sql = _INTEGER_ID.sub("id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,", sql)
    return _TABLE_KEY.sub("", sql)


def never_reuse_ids(database: Path) -> list[str]:
    """Rebuilds each table of ``database`` whose key is an integer ``id``
    with ``AUTOINCREMENT``, keeping its rows and indexes (SQLite's own
    procedure for a change ALTER TABLE cannot make). Returns the tables
    rebuilt; none when run again."""
    connection = sqlite3.connect(database, isolation_level=None)
    rebuilt = []
    try:
        connection.execute("PRAGMA foreign_keys = OFF")
        connection.execute("BEGIN IMMEDIATE")
        tables = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
        ).fetchall()
        for name, sql in tables:
            changed = with_autoincrement(sql or "")
            if changed is None:
                continue
            indexes = [
                index
                for (index,) in connection.execute(
                    "SELECT sql FROM sqlite_master "
                    "WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                    (name,),
                )
            ]
            staging = f"{name}__ids"
            head = re.compile(rf"^CREATE TABLE \"?{re.escape(name)}\"?")
            connection.execute(head.sub(f'CREATE TABLE "{staging}"', changed, count=1))
            connection.execute(f'INSERT INTO "{staging}" SELECT * FROM "{name}"')
            connection.execute(f'DROP TABLE "{name}"')
            connection.execute(f'ALTER TABLE "{staging}" RENAME TO "{name}"')
            for index in indexes:
                connection.execute(index)
            rebuilt.append(name)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()
    return rebuilt
