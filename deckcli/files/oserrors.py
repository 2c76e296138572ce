"""What an operating-system error on a file the user named means, in the same words for every reader and writer.

The reading front door (:mod:`deckcli.files.reading`) and every writer (:mod:`deckcli.files.writing`, the site
folder and manifest) say "no such file", "permission denied" or "cannot write it" this one way.
"""

from __future__ import annotations

from deckcli.errors import InputError
from deckcli.i18n import N_, Message


def file_error(label: str, exc: OSError, writing: bool = False) -> InputError:
    """The InputError for ``exc`` raised while reading (or ``writing``) the file named ``label``."""
    if isinstance(exc, FileNotFoundError):
        text = N_("{file}: its folder does not exist") if writing else N_("{file}: no such file")
    elif isinstance(exc, PermissionError):
        text = N_("{file}: permission denied")
    else:
        text = N_("{file}: cannot write it: {reason}") if writing else N_("{file}: cannot read it: {reason}")
    return InputError(Message(text, file=label, reason=exc.strerror or exc))
