"""The Jinja2 templates of the registration sheets, the slips and the published site (``*.html.j2`` beside this
file), rendered by the one template environment of deckcli's pages (:mod:`deckcli.rendering.templates`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent


def render(template: str, /, **context: Any) -> str:
    """The named template of this folder (``sheet.html.j2``) rendered with ``context``."""
    from deckcli.rendering.templates import render as render_page

    return render_page(FOLDER, template, **context)
