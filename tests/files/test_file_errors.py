"""Operating-system errors on files the user named: reading and writing say them in the same words, one helper."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from deckcli.decklists.io import read_decklist, write_decklist
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.files.oserrors import file_error
from deckcli.files.reading import read_document
from deckcli.files.writing import write_whole

DECK = Decklist(entries=[DeckEntry("main", 4, "Ember Whelp")], game="boa")


@pytest.mark.parametrize("exc, writing, message", [
    (FileNotFoundError(errno.ENOENT, "No such file or directory"), False, "f.txt: no such file"),
    (FileNotFoundError(errno.ENOENT, "No such file or directory"), True, "f.txt: its folder does not exist"),
    (PermissionError(errno.EACCES, "Permission denied"), False, "f.txt: permission denied"),
    (PermissionError(errno.EACCES, "Permission denied"), True, "f.txt: permission denied"),
    (OSError(errno.EIO, "Input/output error"), False, "f.txt: cannot read it: Input/output error"),
    (OSError(errno.ENOSPC, "No space left on device"), True, "f.txt: cannot write it: No space left on device"),
])
def test_each_error_has_its_message(exc, writing, message):
    assert str(file_error("f.txt", exc, writing)) == message


def test_reading_and_writing_a_file_under_a_file(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    with pytest.raises(InputError) as read:
        read_decklist(str(plain / "deck.txt"))
    assert str(read.value) == f"{plain / 'deck.txt'}: cannot read it: Not a directory"
    with pytest.raises(InputError) as written:
        write_decklist(DECK, "text", str(plain / "deck.txt"))
    assert str(written.value) == f"{plain / 'deck.txt'}: cannot write it: Not a directory"


def test_a_missing_file_and_a_missing_folder(tmp_path):
    with pytest.raises(InputError, match=r"^.*none\.json: no such file$"):
        read_document(tmp_path / "none.json", "format")
    target = tmp_path / "no" / "deck.txt"
    with pytest.raises(InputError) as written:
        write_decklist(DECK, "text", str(target))
    assert str(written.value) == f"{target}: its folder does not exist"
    assert not target.parent.exists()


def test_permission_denied_reading_and_writing(tmp_path, monkeypatch):
    """Simulated (the tests may run as root, whom file modes do not stop)."""
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    deck = tmp_path / "deck.txt"
    deck.write_text("4 Ember Whelp\n", encoding="utf-8")
    monkeypatch.setattr(Path, "open", refuse)
    monkeypatch.setattr(Path, "write_text", refuse)
    with pytest.raises(InputError) as read:
        read_decklist(str(deck))
    assert str(read.value) == f"{deck}: permission denied"
    with pytest.raises(InputError) as written:
        write_decklist(DECK, "text", str(tmp_path / "out.txt"))
    assert str(written.value) == f"{tmp_path / 'out.txt'}: permission denied"


def test_a_format_extending_a_name_too_long_for_the_file_system(tmp_path):
    """(Found by the mutation property: the name's lookup raised "File name too long", an internal error.)"""
    from deckcli.errors import NotFoundError
    from deckcli.legality.formats import load_format

    path = tmp_path / "f.json"
    path.write_text('{"name": "x", "game": "boa", "extends": "' + "[" * 5000 + '"}', encoding="utf-8")
    with pytest.raises(NotFoundError, match=r"^unknown format '\[{5000}'; known formats: aqa-extreme, "):
        load_format(str(path))


def test_a_failed_write_leaves_the_earlier_file_as_it_was(tmp_path):
    """Written whole or not at all: a writer failing half-way leaves the old file, and no temporary file."""
    target = tmp_path / "cards.json"
    target.write_text("the earlier export\n", encoding="utf-8")

    def half_then_fail(handle):
        handle.write("half of the new one")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(InputError) as failed:
        write_whole(target, half_then_fail)
    assert str(failed.value) == f"{target}: cannot write it: No space left on device"
    assert target.read_text(encoding="utf-8") == "the earlier export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.json"]
    assert write_whole(target, lambda handle: handle.write("new\n")) == 4
    assert target.read_text(encoding="utf-8") == "new\n"


@pytest.mark.parametrize("command", [
    ["event", "export", "Open", "-o"],
    ["collection", "export", "-o"],
    ["cards", "export", "--game", "boa", "--set", "S01", "-o"],
])
def test_every_export_names_the_file_it_cannot_write(command, run, tmp_path):
    """(``event export`` to a missing folder was an internal error: its writer was not deckcli's.)"""
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    missing = run(*command, tmp_path / "no" / "out.json")
    assert missing.exit_code == 1
    assert missing.stderr.strip() == f"Error: {tmp_path / 'no' / 'out.json'}: its folder does not exist"
    under = run(*command, plain / "out.json")
    assert under.exit_code == 1
    assert under.stderr.strip() == f"Error: {plain / 'out.json'}: cannot write it: Not a directory"
    assert plain.read_text(encoding="utf-8") == "x"


def test_a_device_is_written_into_never_replaced_by_a_file(tmp_path):
    """(``-o /dev/full`` replaced the device with a regular file, as root, and said it had written it.)"""
    import os
    import stat

    full = tmp_path / "full"
    try:
        os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # the same device as /dev/full
    except PermissionError:
        pytest.skip("making a device needs root")
    with pytest.raises(InputError) as failed:
        write_whole(full, lambda handle: handle.write("x" * 100_000))
    assert str(failed.value) == f"{full}: cannot write it: No space left on device"
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["full"]


def test_a_pipe_is_written_into_never_replaced_by_a_file(tmp_path):
    """A named pipe (a shell's ``>(...)``) receives the text; it stays a pipe."""
    import os
    import stat
    import threading

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    assert write_whole(fifo, lambda handle: handle.write("through the pipe\n")) == 17
    reader.join(10)
    assert received == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_symbolic_link_keeps_pointing_at_the_file_written(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    write_whole(link, lambda handle: handle.write("new\n"))
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new\n"


@pytest.mark.parametrize("name, reason", [
    ("loop", "cannot write it: Too many levels of symbolic links"),
    ("L" * 5000, "cannot write it: File name too long"),
    ("newfolder/", "cannot write it: Is a directory"),
])
def test_a_name_that_cannot_be_a_file_is_named_and_nothing_is_written(tmp_path, name, reason):
    (tmp_path / "loop").symlink_to("loop")
    target = f"{tmp_path}/{name}"
    with pytest.raises(InputError) as failed:
        write_whole(target, lambda handle: handle.write("x"))
    assert str(failed.value) == f"{target}: {reason}"
    assert [p.name for p in tmp_path.iterdir()] == ["loop"] and (tmp_path / "loop").is_symlink()


def test_an_empty_file_name_is_named():
    with pytest.raises(InputError, match=r"^an empty file name: name the file to write$"):
        write_whole("", lambda handle: handle.write("x"))


def test_an_export_to_a_name_too_long_is_an_error_not_an_internal_error(run, tmp_path):
    target = tmp_path / ("L" * 5000)
    result = run("cards", "export", "--game", "boa", "--set", "S01", "-o", target)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {target}: cannot write it: File name too long"


@pytest.mark.parametrize("command", [["collection", "import"], ["cards", "import"]])
def test_an_empty_file_name_to_read_is_named(run, command):
    """(It said ": is a folder, not a collection file": the empty name was read as the working folder.) A usage
    error, as every missing file a command reads is (tests/cli/test_file_arguments.py)."""
    result = run(*command, "")
    assert result.exit_code == 2
    assert "an empty file name: name the file to read" in result.output + result.stderr
    assert ": is a folder" not in result.output + result.stderr
