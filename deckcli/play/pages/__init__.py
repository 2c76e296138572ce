"""The Jinja2 templates of the card faces, the TTS card sheets and the proxy pages (``*.html.j2`` beside this file),
rendered by the one template environment of deckcli's pages (:mod:`deckcli.rendering.templates`; autoescaped: a
card name holding markup is text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent


def render(template: str, /, **context: Any) -> str:
    """The named template of this folder rendered with ``context``."""
    from deckcli.rendering.templates import render as render_page

    return render_page(FOLDER, template, **context)
