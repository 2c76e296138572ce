"""The reading front door: every file deckcli reads (decklists, card sets, collections, formats) comes in here.

One size limit per kind of document, one decoder (:mod:`deckcli.files.decoding`), one message style
(``LABEL: what is wrong``), and ``-`` for standard input read as bytes, so the terminal's locale never matters.
"""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from deckcli.errors import InputError
from deckcli.files.decoding import decode
from deckcli.files.oserrors import file_error
from deckcli.i18n import N_, Message

MB = 1024 * 1024
#: The largest document of each kind deckcli reads (a 60-card decklist is about 1 kB; 100,000 collection rows
#: about 6 MB; a 20,000-card set about 10 MB; a published site's manifest about 90 bytes a deck).
LIMITS = {
    "decklist": 2 * MB,
    "format": 1 * MB,
    "card set": 64 * MB,
    "collection": 64 * MB,
    "form export": 64 * MB,
    "results file": 4 * MB,
    "site manifest": 8 * MB,
    "play manifest": 1 * MB,
}
#: Each kind as a message names it (the keys stay English: callers name a kind by them).
KIND_WORDS = {
    "decklist": N_("decklist"),
    "format": N_("format"),
    "card set": N_("card set"),
    "collection": N_("collection"),
    "form export": N_("form export"),
    "results file": N_("results file"),
    "site manifest": N_("site manifest"),
    "play manifest": N_("play manifest"),
}
#: The kinds read only from regular files: a format is named in other files (``extends``) and read on every start, so
#: a pipe or device given as one must not hang the command.
REGULAR_ONLY = frozenset({"format"})
STDIN_LABEL = "<stdin>"


@dataclass(frozen=True)
class Document:
    """The decoded text of one file or of stdin, with the label messages name it by."""

    label: str
    text: str
    path: Path | None = None


def _too_large(label: str, what: str) -> InputError:
    text = N_("{file}: too large for a {what} (more than {mb} MB)")
    return InputError(Message(text, file=label, what=_kind(what), mb=LIMITS[what] // MB))


def _kind(what: str) -> str:
    """The kind of file as a message names it, in the user's language where it is shown."""
    return Message(KIND_WORDS[what]) if what in KIND_WORDS else what


def _from_stdin(stdin: IO[bytes] | IO[str] | bytes | None, what: str) -> bytes:
    if isinstance(stdin, (bytes, bytearray)):
        data = bytes(stdin)
    else:
        stream = stdin if stdin is not None else sys.stdin
        stream = getattr(stream, "buffer", stream)  # bytes, whatever the locale's encoding
        read = stream.read(LIMITS[what] + 1)
        # a text stream without a buffer (tests): its text is taken as it is
        data = read.encode("utf-8", "surrogateescape") if isinstance(read, str) else read
    if len(data) > LIMITS[what]:
        raise _too_large(STDIN_LABEL, what)
    return data


def _opened(path: Path, label: str, what: str) -> IO[bytes]:
    """The file open for reading; a kind read only from regular files (REGULAR_ONLY) is opened without waiting (a
    named pipe would block until something writes to it) and refused when it is not one."""
    if what not in REGULAR_ONLY:
        return path.open("rb")
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = (
            Message("a named pipe")
            if stat.S_ISFIFO(mode)
            else Message("a device")
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else Message("a special file")
        )
        text = N_("{file}: is {kind}, not a {what} file (a {what} is read from a regular file)")
        raise InputError(Message(text, file=label, kind=kind, what=_kind(what)))
    return os.fdopen(descriptor, "rb")


def _from_file(path: Path, label: str, what: str) -> bytes:
    try:
        if path.is_dir():
            raise InputError(Message("{file}: is a folder, not a {what} file", file=label, what=_kind(what)))
        with _opened(path, label, what) as handle:
            if os.fstat(handle.fileno()).st_size > LIMITS[what]:
                raise _too_large(label, what)
            data = handle.read(LIMITS[what] + 1)
    except OSError as exc:
        raise file_error(label, exc) from None
    if len(data) > LIMITS[what]:
        raise _too_large(label, what)
    return data


def read_bytes(
    source: str | Path, what: str, stdin: IO[bytes] | IO[str] | bytes | None = None, label: str | None = None
) -> tuple[bytes, str]:
    """The bytes of the file ``source`` (``-``: ``stdin``, default sys.stdin) and its label (``label``, else the
    path as given), within the limit of ``what`` (a key of LIMITS)."""
    if str(source) == "-":
        return _from_stdin(stdin, what), label or STDIN_LABEL
    if not str(source):  # (a Path of it would be ".", the working folder)
        raise InputError(Message("an empty file name: name the file to read"))
    label = label or str(source)
    return _from_file(Path(source).expanduser(), label, what), label


def read_document(
    source: str | Path, what: str, stdin: IO[bytes] | IO[str] | bytes | None = None, label: str | None = None
) -> Document:
    """The decoded text of the file ``source`` (``-``: stdin) read as a ``what``; InputError for anything unreadable."""
    data, label = read_bytes(source, what, stdin, label)
    path = None if str(source) == "-" else Path(source).expanduser()
    return Document(label, decode(data, label), path)
