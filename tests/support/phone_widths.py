"""The published site's pages measured in headless Chromium at a given viewport width: one run for every page
(each in an iframe of that width, on a harness page next to them), reporting whether the page scrolls sideways
(``document.documentElement.scrollWidth`` against ``innerWidth``) and which of each table row's first two cells
(a player's name, a table number, a rank) fall outside the viewport."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from deckcli.rendering import browser

_HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
{frames}
<pre id="out"></pre>
<script>
window.addEventListener("load", () => {{
  const found = [];
  for (const frame of document.querySelectorAll("iframe")) {{
    const doc = frame.contentDocument, win = frame.contentWindow;
    const outside = [];
    for (const row of doc.querySelectorAll("tbody tr")) {{
      for (const cell of [...row.children].slice(0, 2)) {{
        const box = cell.getBoundingClientRect();
        if (box.left < 0 || box.right > win.innerWidth + 0.5) outside.push(cell.textContent.trim());
      }}
    }}
    found.push({{page: frame.dataset.page, inner: win.innerWidth, scroll: doc.documentElement.scrollWidth,
                cells: doc.querySelectorAll("tbody tr").length, outside: outside}});
  }}
  document.getElementById("out").textContent = JSON.stringify(found);
}});
</script></body></html>"""


@dataclass(frozen=True)
class Fit:
    """One page at one width: its viewport and document widths, its table rows, and the first cells off-screen."""

    page: str
    inner: int
    scroll: int
    rows: int
    outside: list[str]


def measure(folder: Path, pages: list[str], width: int, program: str) -> list[Fit]:
    """Every page of ``folder`` named in ``pages`` laid out ``width`` CSS pixels wide, in one Chromium run."""
    frames = "\n".join(
        f'<iframe data-page="{name}" src="{name}" style="display:block;width:{width}px;height:900px;border:0"></iframe>'
        for name in pages
    )
    harness = folder / f"_measure_{width}.html"
    harness.write_text(_HARNESS.format(frames=frames), encoding="utf-8")
    flags = ["--allow-file-access-from-files", "--virtual-time-budget=10000", f"--window-size={width + 40},1000",
             "--dump-dom"]
    dom = browser.run_chromium(harness, flags, None, program)[0]
    harness.unlink()
    data = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    assert data and data.group(1), dom[-2000:]
    text = data.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    return [Fit(f["page"], f["inner"], f["scroll"], f["cells"], f["outside"]) for f in json.loads(text)]
