"""CSV text as spreadsheets and other tools save it: an Excel ``sep=`` first line, and the delimiter.

Collection files and spreadsheet card lists go through these after the reading front door
(:mod:`deckcli.reading.source`) has turned their bytes into text, so both accept ``,``, ``;`` or tab
delimiters and a first line ``sep=X`` (Dragon Shield, Excel) naming the delimiter.
"""

from __future__ import annotations

DELIMITERS = (",", ";", "\t")


def split_sep_line(text: str) -> tuple[str | None, str, int]:
    """``(delimiter, rest, lines skipped)``: the delimiter a first ``sep=X`` line names (quoted or not) and the text
    after it, or ``(None, text, 0)`` when there is no such line."""
    end = text.find("\n")
    first = text[: end if end >= 0 else len(text)].strip().strip('"').strip()
    if first[:4].lower() == "sep=" and len(first) >= 5:
        delimiter = "\t" if first[4:].lower() in ("\\t", "tab") else first[4]
        return delimiter, (text[end + 1 :] if end >= 0 else ""), 1
    return None, text, 0


def sniff_delimiter(text: str) -> str:
    """The delimiter of CSV text: whichever of ``,``, ``;`` and tab its first non-blank line holds most (``,`` on ties)."""
    for line in text.splitlines():
        if line.strip():
            counts = {d: line.count(d) for d in DELIMITERS}
            best = max(counts, key=lambda d: counts[d])
            return best if counts[best] > counts[","] else ","
    return ","


def dialect(text: str) -> tuple[str, str, int]:
    """``(delimiter, text without a sep= line, lines skipped)`` for CSV text of any of the accepted dialects."""
    delimiter, rest, skipped = split_sep_line(text)
    return (delimiter or sniff_delimiter(rest)), rest, skipped
