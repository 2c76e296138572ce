"""Writing a folder deckcli owns whole (``event publish``'s site), all or nothing: every file is built in a fresh
folder beside the target (same filesystem), made durable, then swapped in whole, so a reader, a kill or a full disk
never meets half a site. What the folder may hold, and what is removed of a folder deckcli built, is said by its
guard (:mod:`deckcli.files.ownedfolder`).

Linux swaps the two folders in one step (``renameat2`` with ``RENAME_EXCHANGE``, through ctypes); elsewhere the old
folder is renamed aside and the new one renamed in, and a later publish that finds the target missing beside such
an aside copy puts it back. Either way a kill leaves the old site or the new one, a failure before the swap leaves
the old one exactly as it was, and the next publish removes what a killed one left beside the folder.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import signal
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from deckcli.errors import InputError, InterruptedAfterChange, SiteNotPublished
from deckcli.files.oserrors import file_error
from deckcli.files.ownedfolder import Guard
from deckcli.i18n import Message, error_text

#: How much of the target's name the folders beside it repeat (50 characters, 200 bytes at most in UTF-8, leave
#: room for the rest in a name of 255 bytes).
_SHORT = 50
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


@dataclass(frozen=True)
class Earlier:
    """What the target folder held before publishing: ``before`` is "nothing" (no folder), "empty" or "site"
    (deckcli's own, whose ``files`` are the names its manifest lists); ``mode`` is the folder's permission bits."""

    before: str
    files: tuple[str, ...] = ()
    mode: int | None = None


@dataclass(frozen=True)
class Published:
    """The folder now holding the site, its files (the manifest aside) and folders of earlier runs left beside it
    (they hold others' files)."""

    folder: Path
    files: tuple[str, ...]
    kept: tuple[Path, ...] = ()


def _reached(step: str) -> None:
    """A point between the publishing steps (``file:NAME`` before each file, ``built``, ``aside``, ``swapped``,
    ``done``). Nothing happens here; the fault tests stop the process at each point in turn."""


def write_folder(
    folder: str | Path,
    guard: Guard,
    check: Callable[[Path, str], Earlier],
    build: Callable[[], Mapping[str, str]],
    manifest: Callable[[Mapping[str, bytes]], bytes],
) -> Published:
    """Replace ``folder`` (created when missing, with its parents) by the files ``build()`` returns (file name ->
    text) and their manifest (``manifest(files)``, named by ``guard``). The folder is checked (``check(folder,
    label)``: what it holds, refusing what is not deckcli's) before anything is built, so a folder holding anything
    but deckcli's own files is refused at once; a failure names the file and leaves the folder as it was
    (SiteNotPublished); a Ctrl-C once the new folder is in says so."""
    label = str(folder)
    target = _target(Path(folder), label)
    kept = _clear_leftovers(target, guard)
    earlier = check(target, label) if os.path.lexists(target) else Earlier("nothing")
    data = {name: text.encode("utf-8") for name, text in build().items()}
    names = tuple(data)
    data[guard.name] = manifest(data)
    made = _make_parents(target.parent, label)
    temp, swapped = None, False
    try:
        temp = _fresh_folder(target, earlier, label)
        _build(temp, data, label, earlier.before)
        if earlier.mode is not None:
            _set_mode(temp, earlier.mode, label, earlier.before)
        _reached("built")
        with _signals_held():
            old = _swap(temp, target, earlier.before, label)
            swapped = True
        _reached("swapped")
        _sync_folder(target.parent)
        if old is not None and not _remove_own(old, guard):
            kept.append(old)
        _reached("done")
    except BaseException as exc:
        if not swapped:
            _discard(temp, made, guard)
            raise
        if isinstance(exc, KeyboardInterrupt):
            raise InterruptedAfterChange(
                Message("the site was published: {folder} holds the new one", folder=label)
            ) from None
        raise
    return Published(target, names, tuple(kept))


def _target(path: Path, label: str) -> Path:
    """The real folder to publish into. A link to a folder stands for that folder (the link stays, and what it
    points to is replaced, as a web server serving the link expects); a file, a device, a dangling link or a
    loop of links is no folder, and a mount point cannot be swapped with a folder beside it."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    except OSError as exc:  # a name too long, a path under a file
        raise file_error(label, exc, writing=True) from None
    if found is not None and not (os.path.isdir(path) if stat.S_ISLNK(found.st_mode) else stat.S_ISDIR(found.st_mode)):
        raise InputError(Message("{folder}: is not a folder", folder=label))
    real = Path(os.path.realpath(path))
    if found is not None and os.path.ismount(real):
        raise InputError(
            Message(
                "{folder}: is a mount point, which cannot be swapped with a new site built beside it:"
                " publish into a folder inside it",
                folder=label,
            )
        )
    return real


def _sibling(target: Path, kind: str) -> Path:
    """A new name beside ``target`` for a folder being built (``new``) or set aside (``old``), with this process's id."""
    return target.with_name(f".{target.name[:_SHORT]}.deckcli-{kind}-{os.getpid()}-{secrets.token_hex(4)}")


def _clear_leftovers(target: Path, guard: Guard) -> list[Path]:
    """Folders a killed publish left beside ``target`` (none of a running one): an old site set aside while the
    target is missing is put back, as if that run never began; every other one is removed. Returns those that hold
    anything deckcli does not write, left in place."""
    pattern = re.compile(rf"\.{re.escape(target.name[:_SHORT])}\.deckcli-(new|old)-(\d+)-[0-9a-f]{{8}}")
    try:
        with os.scandir(target.parent) as listing:
            found = sorted(
                (m.group(1), entry.path)
                for entry in listing
                if (m := pattern.fullmatch(entry.name))
                and entry.is_dir(follow_symlinks=False)
                and not _running(int(m.group(2)))
            )
    except OSError:  # no parent folder yet: nothing was left there
        return []
    kept = []
    for kind, path in sorted(found, key=lambda f: f[0] != "old"):
        if kind == "old" and not os.path.lexists(target):
            try:
                os.rename(path, target)
            except OSError:  # the only copy of the old site: never removed
                kept.append(Path(path))
        elif not _remove_own(Path(path), guard):
            kept.append(Path(path))
    return kept


def _running(pid: int) -> bool:
    """Whether the process that named a folder beside the target still runs (this one's earlier calls do not)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except PermissionError:  # another user's process
        return True
    except (OSError, OverflowError):  # none, or a number no process can have
        return False
    return True


def _make_parents(folder: Path, label: str) -> list[Path]:
    """Create ``folder`` and its missing parents; returns those created, to remove again if publishing fails."""
    missing = []
    while not os.path.lexists(folder) and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    made: list[Path] = []
    for path in reversed(missing):
        try:
            os.mkdir(path)
        except OSError as exc:
            _remove_made(made)
            raise SiteNotPublished(label, str(file_error(label, exc, writing=True)), "nothing") from None
        made.append(path)
    return made


def _fresh_folder(target: Path, earlier: Earlier, label: str) -> Path:
    """A new empty folder beside ``target`` (a new folder's permissions; the earlier one's are set once it is
    built, as they may not let its files be written)."""
    while True:
        temp = _sibling(target, "new")
        try:
            os.mkdir(temp)
            return temp
        except FileExistsError:
            continue
        except OSError as exc:
            problem = error_text(file_error(str(target.parent), exc, writing=True))
            reason = Message("{problem} (a site is built beside its folder first)", problem=problem)
            raise SiteNotPublished(str(target.parent), reason, earlier.before) from None


def _build(temp: Path, data: Mapping[str, bytes], label: str, before: str) -> None:
    """Every file written into the fresh folder, then all made durable at once (Linux ``syncfs``: one wait for the
    disk, where an fsync per file waited once per file, a second for a 200-deck site on a busy disk); an error
    names the file (or the folder, when syncing fails) as the user sees it."""
    name = ""
    try:
        for name, content in data.items():
            _reached(f"file:{name}")
            _write_file(temp / name, content)
        name = ""
        if not _sync_filesystem(temp):
            for name in data:
                _sync_file(temp / name)
    except OSError as exc:
        where = os.path.join(label, name) if name else label
        raise SiteNotPublished(where, str(file_error(where, exc, writing=True)), before) from None
    _sync_folder(temp)


def _set_mode(temp: Path, mode: int, label: str, before: str) -> None:
    """The earlier folder's permissions on the new one (a web server reads what it read before)."""
    try:
        os.chmod(temp, mode)
    except OSError as exc:
        raise SiteNotPublished(label, str(file_error(label, exc, writing=True)), before) from None


def _write_file(path: Path, content: bytes) -> None:
    """A new file (``O_EXCL``, never through a link) with ``content``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    with os.fdopen(os.open(path, flags, 0o666), "wb") as handle:
        handle.write(content)


def _sync_filesystem(folder: Path) -> bool:
    """Everything written to ``folder``'s filesystem on the disk in one call (Linux ``syncfs``); False where the
    system has none, so each file is synced instead."""
    import ctypes

    syncfs = getattr(_libc(), "syncfs", None)
    if syncfs is None:
        return False
    syncfs.argtypes, syncfs.restype = [ctypes.c_int], ctypes.c_int
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        if syncfs(fd) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))
    finally:
        os.close(fd)
    return True


def _sync_file(path: Path) -> None:
    """A file just written on the disk (a full disk or a failing device says so here, if not at the write)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(path: Path) -> None:
    """A folder's entries on the disk (where the system allows it)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C held back (and delivered right after) while the site is swapped in, so it finds the swap done or not
    begun and the message says which."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    before = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


def _swap(temp: Path, target: Path, before: str, label: str) -> Path | None:
    """Put the built folder in the target's place; returns where the old folder now is (None: there was none)."""
    try:
        if before == "nothing":
            os.rename(temp, target)
            return None
        if _exchange(temp, target):
            return temp
        aside = _sibling(target, "old")
        os.rename(target, aside)
        _reached("aside")
        try:
            os.rename(temp, target)
        except OSError:
            os.rename(aside, target)
            raise
        return aside
    except OSError as exc:
        raise SiteNotPublished(label, str(file_error(label, exc, writing=True)), before) from None


def _exchange(new: Path, old: Path) -> bool:
    """Swap two folders in one step (Linux ``renameat2(..., RENAME_EXCHANGE)``); False where the system or the
    filesystem cannot, so the caller renames aside instead."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    import ctypes

    if renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(old), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(code, os.strerror(code), str(old))


@cache
def _libc():
    """The C library (Linux only: renameat2 and syncfs are looked up in it), or None."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


@cache
def _renameat2():
    """The C library's renameat2 (glibc 2.28 and later), or None."""
    import ctypes

    function = getattr(_libc(), "renameat2", None)
    if function is not None:
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        function.restype = ctypes.c_int
    return function


def _remove_own(folder: Path, guard: Guard) -> bool:
    """Remove a folder deckcli built or set aside: the files it writes (``guard``'s manifest and the names it may
    list; a link among them is removed, never followed), then the folder. False when anything else is in it, which
    is left in place."""
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if (entry.name == guard.name or guard.may_list(entry.name)) and not entry.is_dir(follow_symlinks=False):
                    os.unlink(entry.path)
        os.rmdir(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def _discard(temp: Path | None, made: list[Path], guard: Guard) -> None:
    """Undo a publish that did not swap: its fresh folder and the parents it created go."""
    if temp is not None:
        _remove_own(temp, guard)
    _remove_made(made)


def _remove_made(made: list[Path]) -> None:
    """Remove the parent folders a failed publish created (those still empty)."""
    for path in reversed(made):
        with contextlib.suppress(OSError):
            os.rmdir(path)
