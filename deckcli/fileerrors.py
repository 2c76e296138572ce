"""What an operating-system error on a file the user named means, in the words of every reader and writer, and
writing such a file whole or not at all.

The reading front door (:mod:`deckcli.reading.source`) and every writer (decklists, card sets, collections, event
exports and sheets) say "no such file", "permission denied" or "cannot write it" the same way, so the mapping
lives here once; so does replacing a file through a temporary one beside it, so a failed write leaves the file
as it was.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from deckcli.errors import InputError

T = TypeVar("T")


def file_error(label: str, exc: OSError, writing: bool = False) -> InputError:
    """The InputError for ``exc`` raised while reading (or ``writing``) the file named ``label``."""
    if isinstance(exc, FileNotFoundError):
        return InputError(f"{label}: its folder does not exist" if writing else f"{label}: no such file")
    if isinstance(exc, PermissionError):
        return InputError(f"{label}: permission denied")
    return InputError(f"{label}: cannot {'write' if writing else 'read'} it: {exc.strerror or exc}")


def write_whole(target: str | Path, write: Callable[[TextIO], T], newline: str | None = "") -> T:
    """Write the file ``target`` through ``write(handle)`` (UTF-8), whole or not at all: into a temporary file
    beside it, then put in its place; returns what ``write`` returns. An error names the file and leaves any
    earlier file as it was. A symbolic link's file is replaced, not the link; a device or pipe (``/dev/stdout``,
    a shell's ``>(...)``) is written straight into, never replaced by a file."""
    label = str(target)
    if not label:
        raise InputError("an empty file name: name the file to write")
    path = Path(target).expanduser()
    try:
        found = path.stat()
    except FileNotFoundError:
        found = None
    except OSError as exc:  # a name too long, a loop of links, a path under a file
        raise file_error(label, exc, writing=True) from None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise InputError(f"{target}: is a folder")
    if label.endswith(("/", os.sep)):
        raise file_error(label, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)), writing=True)
    if found is not None and not stat.S_ISREG(found.st_mode):
        try:
            with path.open("w", encoding="utf-8", newline=newline) as handle:
                return write(handle)
        except OSError as exc:
            raise file_error(label, exc, writing=True) from None
    path = Path(os.path.realpath(path))
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temp.open("w", encoding="utf-8", newline=newline) as handle:
            result = write(handle)
        os.replace(temp, path)
    except OSError as exc:
        raise file_error(label, exc, writing=True) from None
    finally:
        with contextlib.suppress(OSError):  # a temporary file under a file (Not a directory) was never made
            temp.unlink(missing_ok=True)
    return result
