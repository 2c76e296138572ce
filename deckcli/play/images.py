"""Card images as PNG: a page of card faces (or a card back) drawn by headless Chromium at one image pixel per CSS
pixel, written through the one writer (:func:`deckcli.rendering.browser.screenshot_png`)."""

from __future__ import annotations

import tempfile
from pathlib import Path


def draw_png(html: str, png: Path, width: int, height: int) -> bytes:
    """Draw the page ``html`` into the PNG ``png`` of ``width`` x ``height`` pixels; its bytes."""
    from deckcli.rendering.browser import screenshot_png

    with tempfile.TemporaryDirectory(prefix="deckcli-cards-") as folder:
        page = Path(folder) / "cards.html"
        page.write_text(html, encoding="utf-8")
        screenshot_png(page, png, width, height)
    return png.read_bytes()
