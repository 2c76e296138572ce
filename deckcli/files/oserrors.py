"""What an operating-system error on a file the user named means, in the same words for every reader and writer.

The reading front door (:mod:`deckcli.files.reading`) and every writer (:mod:`deckcli.files.writing`, the site
folder and manifest) say "no such file", "permission denied" or "cannot write it" this one way.
"""

from __future__ import annotations

from deckcli.errors import InputError


def file_error(label: str, exc: OSError, writing: bool = False) -> InputError:
    """The InputError for ``exc`` raised while reading (or ``writing``) the file named ``label``."""
    if isinstance(exc, FileNotFoundError):
        return InputError(f"{label}: its folder does not exist" if writing else f"{label}: no such file")
    if isinstance(exc, PermissionError):
        return InputError(f"{label}: permission denied")
    return InputError(f"{label}: cannot {'write' if writing else 'read'} it: {exc.strerror or exc}")
