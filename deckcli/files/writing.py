"""Writing a file the user named whole or not at all, never over a database: a temporary file beside it, put in
its place only when complete, so a failed write leaves the file as it was.

Every writer (decklists, card sets, collections, event exports and sheets, Chromium's PDFs) goes through
:func:`write_whole` or :func:`write_file`; :func:`protection` refuses the database in use and any SQLite file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from deckcli.dbfiles import APPLICATION_ID, in_use_as, sqlite_mark
from deckcli.errors import InputError, ProtectedFile
from deckcli.files.oserrors import file_error
from deckcli.i18n import Message

T = TypeVar("T")


def protection(target: str | Path) -> str | None:
    """Why the file ``target`` must never be written over, else None: it is the database this process has open (or
    a file SQLite keeps beside it), compared by device and inode with links resolved, or any SQLite database (a
    deckcli one by its ``application_id``, or another program's: deckcli never writes a file that is not its own)."""
    path = Path(target).expanduser()
    found = in_use_as(path)  # (first: reading the header of a file in use would drop SQLite's locks on it)
    if found is not None:
        name, suffix = found  # (name: the database's absolute name, as it was opened)
        if not suffix:
            if os.path.abspath(path) == name:
                return Message("is the deckcli database in use")
            return Message("is the deckcli database in use ({database})", database=name)
        return Message("is a file SQLite keeps beside the deckcli database in use ({database})", database=name)
    try:
        regular = stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return None
    mark = sqlite_mark(path) if regular else None  # (never opened when a pipe or device: that would block or read)
    if mark is None:
        return None
    return (
        Message("is a deckcli database") if mark == APPLICATION_ID else Message("is another program's SQLite database")
    )


def refuse_protected(target: str | Path, label: str | None = None) -> None:
    """Raise ProtectedFile (naming the file as ``label``, default as given) when ``target`` must not be written."""
    reason = protection(target)
    if reason is not None:
        raise ProtectedFile(str(target) if label is None else label, reason)


def _destination(target: str | Path) -> tuple[str, Path, os.stat_result | None]:
    """The name to report, the path and what is there now, once ``target`` is known to be a file deckcli may write:
    named, no folder, not a name ending in ``/``, no database (:func:`refuse_protected`)."""
    label = str(target)
    if not label:
        raise InputError(Message("an empty file name: name the file to write"))
    path = Path(target).expanduser()
    try:
        found = path.stat()
    except FileNotFoundError:
        found = None
    except OSError as exc:  # a name too long, a loop of links, a path under a file
        raise file_error(label, exc, writing=True) from None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise InputError(Message("{file}: is a folder", file=target))
    if label.endswith(("/", os.sep)):
        raise file_error(label, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)), writing=True)
    refuse_protected(path, label)
    return label, path, found


def write_whole(target: str | Path, write: Callable[[TextIO], T], newline: str | None = "") -> T:
    """Write the file ``target`` through ``write(handle)`` (UTF-8), whole or not at all, by the rules of
    :func:`write_file`; returns what ``write`` returns. A device or pipe is written straight into, as ``write``
    goes."""
    label, path, found = _destination(target)
    if found is not None and not stat.S_ISREG(found.st_mode):
        try:
            with path.open("w", encoding="utf-8", newline=newline) as handle:
                return write(handle)
        except OSError as exc:
            raise file_error(label, exc, writing=True) from None

    def fill(temp: Path) -> T:
        with temp.open("w", encoding="utf-8", newline=newline) as handle:
            return write(handle)

    return _replace(label, path, fill, "")


def write_file(target: str | Path, fill: Callable[[Path], T], suffix: str = "") -> T:
    """Write the file ``target`` through ``fill(path)``, which makes the whole file at the path it is given (a
    program such as Chromium printing into it); returns what ``fill`` returns. The file is made as a temporary one
    beside the target (its name ending in ``suffix``, for a program that reads the format from it) and put in its
    place only when ``fill`` returns: any error names the target and leaves an earlier file as it was. A symbolic
    link's file is replaced, not the link; a device or pipe (``/dev/stdout``, a shell's ``>(...)``) gets the
    bytes, never replaced by a file; the database in use and any SQLite file are refused
    (:class:`~deckcli.errors.ProtectedFile`) before ``fill`` runs."""
    label, path, found = _destination(target)
    if found is not None and not stat.S_ISREG(found.st_mode):
        return _fill_device(label, path, fill, suffix)
    return _replace(label, path, fill, suffix)


def _replace(label: str, path: Path, fill: Callable[[Path], T], suffix: str) -> T:
    """Fill a temporary file beside the file ``path`` resolves to (made first: its folder is checked before any
    work), then put it in that file's place; the temporary file never stays behind."""
    real = Path(os.path.realpath(path))
    temp = real.with_name(f".{real.name}.{os.getpid()}.tmp{suffix}")
    try:
        _reserve(temp)
        result = fill(temp)
        os.replace(temp, real)
    except OSError as exc:
        raise file_error(label, exc, writing=True) from None
    finally:
        with contextlib.suppress(OSError):  # a temporary file under a file (Not a directory) was never made
            temp.unlink(missing_ok=True)
    return result


def _reserve(temp: Path) -> None:
    """Make the empty file ``temp`` anew (never through a link left at its name); one left by a killed run of a
    process with the same id is removed first."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    try:
        os.close(os.open(temp, flags, 0o666))
    except FileExistsError:
        temp.unlink()
        os.close(os.open(temp, flags, 0o666))


def _fill_device(label: str, path: Path, fill: Callable[[Path], T], suffix: str) -> T:
    """``fill`` a file in a private temporary folder, then copy its bytes into the device or pipe ``path``."""
    try:
        folder = tempfile.TemporaryDirectory(prefix="deckcli-output-")
    except OSError as exc:
        raise file_error(label, exc, writing=True) from None
    with folder:
        temp = Path(folder.name) / f"output{suffix}"
        try:
            result = fill(temp)
            with temp.open("rb") as made, path.open("wb") as out:
                shutil.copyfileobj(made, out)
        except OSError as exc:
            raise file_error(label, exc, writing=True) from None
    return result
