"""Proxy sheets: every card of a deck (or the copies the collection lacks) at 63 x 88 mm, 3 x 3 on a page of A4 or
Letter, cut marks in the margin at each trim line, optionally with bleed; as HTML with print CSS or as a PDF that
headless Chromium prints (the path of ``event sheet``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.errors import InputError, ProxiesDoNotFit
from deckcli.i18n import Message
from deckcli.play.faces import Face, card_face, deck_zones

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.legality.resolved import ResolvedDeck
    from deckcli.storage.reads import Readable

#: A card's trimmed size, in mm (the common size of boa, aqa and sfb cards alike).
CARD_WIDTH, CARD_HEIGHT = 63.0, 88.0
#: Cards a page holds: 3 across, 3 down.
ACROSS = DOWN = 3
PER_PAGE = ACROSS * DOWN
#: The paper sizes, in mm.
PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}
#: The edge of the paper a printer may not print on, on each side, in mm: the printable area is the paper less it.
MARGIN = 5.0
#: How long a cut mark is, in mm: the grid must leave that much of the printable area on each side for the marks.
MARK = 2.0


@dataclass(frozen=True)
class Paper:
    """A paper size: its name and its width and height in mm."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Layout:
    """Where everything goes on a page, in mm: the cells (a card and its bleed on each side), the grid's edges and
    the trim lines its cut marks point at."""

    paper: Paper
    bleed: float
    mark: float = MARK
    card_width: float = CARD_WIDTH
    card_height: float = CARD_HEIGHT

    @property
    def cell_width(self) -> float:
        return self.card_width + 2 * self.bleed

    @property
    def cell_height(self) -> float:
        return self.card_height + 2 * self.bleed

    @property
    def left(self) -> float:
        return round((self.paper.width - ACROSS * self.cell_width) / 2, 3)

    @property
    def top(self) -> float:
        return round((self.paper.height - DOWN * self.cell_height) / 2, 3)

    @property
    def right(self) -> float:
        return round(self.left + ACROSS * self.cell_width, 3)

    @property
    def bottom(self) -> float:
        return round(self.top + DOWN * self.cell_height, 3)

    @property
    def cut_xs(self) -> list[float]:
        """The vertical trim lines: both edges of each card of a row (cards side by side without bleed share one)."""
        starts = [self.left + i * self.cell_width + self.bleed for i in range(ACROSS)]
        return sorted({round(x + edge, 3) for x in starts for edge in (0, self.card_width)})

    @property
    def cut_ys(self) -> list[float]:
        """The horizontal trim lines: both edges of each card of a column."""
        starts = [self.top + i * self.cell_height + self.bleed for i in range(DOWN)]
        return sorted({round(y + edge, 3) for y in starts for edge in (0, self.card_height)})


def paper_layout(paper: str, bleed: float) -> Layout:
    """The layout of ``paper`` with ``bleed`` mm on each side of a card, or ProxiesDoNotFit saying what fits: the
    grid and its cut marks must lie inside the printable area (the paper less :data:`MARGIN` on each side)."""
    if paper not in PAPERS:
        raise InputError(
            Message("unknown paper {paper!r}; choose one of {papers}", paper=paper, papers=", ".join(PAPERS))
        )
    if not math.isfinite(bleed) or bleed < 0:
        raise InputError(Message("--bleed {bleed}: a bleed is 0 mm or more", bleed=f"{bleed:g}"))
    name, width, height = PAPERS[paper]
    sides = (
        (Message("wider"), CARD_WIDTH, ACROSS, width - 2 * MARGIN),
        (Message("taller"), CARD_HEIGHT, DOWN, height - 2 * MARGIN),
    )
    most = min(((printable - 2 * MARK) / count - card) / 2 for _, card, count, printable in sides)
    for how, card, count, printable in sides:
        if count * (card + 2 * bleed) + 2 * MARK > printable + 1e-9:
            most_fits = max(0.0, math.floor(most * 10) / 10)
            raise ProxiesDoNotFit(
                Message(
                    "--bleed {bleed:g}: {sum} mm = {needed:g} mm, with {mark:g} mm of cut marks on each side, is {how}"
                    " than {paper}'s printable {printable:g} mm (the paper less {margin:g} mm on each side); at most"
                    " {most:g} mm fits",
                    bleed=bleed,
                    sum=f"{count} × ({card:g} + 2×{bleed:g})",
                    needed=count * (card + 2 * bleed),
                    mark=MARK,
                    how=how,
                    paper=name,
                    printable=printable,
                    margin=MARGIN,
                    most=most_fits,
                ),
                bleed=bleed,
                paper=name,
                printable=printable,
                most=most_fits,
            )
    return Layout(Paper(name, width, height), bleed)


@dataclass(frozen=True)
class ProxyResult:
    """What ``deck proxies`` made: the deck, the file (None: nothing was missing, so nothing was written), the cards,
    the pages and the target."""

    deck: str
    path: Path | None
    cards: int
    pages: int
    to: str
    html: str = ""


def proxy_cards(db: Readable, deck: ResolvedDeck, missing: bool) -> list[CardRef]:
    """Every copy of the deck, its leader cards first, zone by zone; ``missing``: only the copies the collection lacks, as many of each name
    as ``collection missing`` counts (the deck's first printing of the name; a leader card such as an sfb champion
    is not counted there, so it is not missing)."""
    from deckcli.cards.index import CardIndex

    copies = [card for zone in deck_zones(deck, CardIndex(db, deck.game)) for card in zone.copies]
    if not missing:
        return copies
    from deckcli.collection.needs import missing_cards

    short = {need.key: need.missing for need in missing_cards(db, deck)}
    chosen = []
    for card in copies:
        if short.get(card.key, 0) > 0:
            short[card.key] -= 1
            chosen.append(card)
    return chosen


def proxies_html(title: str, faces: list[Face], layout: Layout) -> str:
    """The proxy pages of ``faces`` as one HTML document: 9 a page, in order."""
    from deckcli.play.pages import render

    pages = [faces[i : i + PER_PAGE] for i in range(0, len(faces), PER_PAGE)]
    return render("proxies.html.j2", title=title, pages=pages, layout=layout)


def write_proxies(
    db: Readable,
    deck: ResolvedDeck,
    out: str | Path,
    to: str,
    *,
    missing: bool = False,
    paper: str = "a4",
    bleed: float = 0.0,
) -> ProxyResult:
    """``deck proxies``: the deck's proxy pages written to ``out`` as HTML or PDF (``-``: the HTML returned, for
    standard output); nothing missing (``missing``) writes nothing."""
    from deckcli.rendering.printing import print_pages

    layout = paper_layout(paper, bleed)
    deck.require_cards()
    name = deck.name or deck.decklist.source or "deck"
    cards = proxy_cards(db, deck, missing)
    if not cards:
        return ProxyResult(name, None, 0, 0, to)
    path, html = print_pages(lambda: proxies_html(name, [card_face(card) for card in cards], layout), out, to, "proxy")
    return ProxyResult(name, path, len(cards), math.ceil(len(cards) / PER_PAGE), to, html)
