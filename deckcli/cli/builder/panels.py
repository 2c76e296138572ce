"""What the panels of ``deckcli build`` say, as plain text and rows: the deck by zone and kind, the verdict with its
problems, the curve, the odds and the keys. Kept apart from the Textual widgets so that each reads like ``deck show``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text

from deckcli.cards.shownname import shown_name
from deckcli.cards.summary import summary_parts
from deckcli.cli.tables import display_width
from deckcli.games import registry
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _

if TYPE_CHECKING:
    from deckcli.building.analysis import Analysis, OddsLine
    from deckcli.building.draft import DeckDraft
    from deckcli.cards.index import CardRef
    from deckcli.decks.view import DeckView


#: Every key and what it does, in the order ``?`` and ``deckcli build --help`` list them.
KEYS = [
    ("/", N_("search the card pool (what you type replaces the search; Enter moves to the matches)")),
    ("Enter, +", N_("add the highlighted card (to its zone; an sfb champion adds its cards)")),
    ("-", N_("remove one copy of the highlighted card")),
    ("z", N_("change the zone cards are added to (maybeboard included)")),
    ("Tab", N_("move between the search, the pool and the deck")),
    ("o", N_("edit your opening-hand conditions (--want syntax, separated by ;)")),
    ("h, H", N_("deal a sample opening hand with the mulligan; H deals another")),
    ("u, Ctrl+Z", N_("undo")),
    ("Ctrl+Y", N_("redo")),
    ("s, Ctrl+S", N_("save the deck")),
    ("e", N_("export: a decklist file, a deck code, a .cod, proxies (.pdf), or a folder for Tabletop Simulator")),
    ("?", N_("show the keys")),
    ("q, Ctrl+C", N_("quit (asks first when there are unsaved changes)")),
]


def keys_text(columns: int | None = None) -> str:
    """What ``?`` shows: every key and what it does, one a line; with ``columns``, each filled to that width by what
    the terminal shows (a Japanese character takes two), its further lines indented under the first's text."""
    if columns is None:
        return "\n".join(f"{key:<10} {_(what)}" for key, what in KEYS)
    from deckcli.cli.widehelp import fill

    return "\n".join(fill(_(what), columns, f"{key:<10} ", " " * 11) for key, what in KEYS)


class DeckRow(NamedTuple):
    """One row of the deck table: a zone or kind heading (``card`` None) or ``copies`` of a card in ``zone``."""

    zone: str
    card: CardRef | None
    copies: str
    text: str


def deck_rows(view: DeckView) -> list[DeckRow]:
    """The deck as ``deck show`` lays it out: each zone with its size and bounds, its kinds, their cards."""
    rows = [DeckRow("", None, "", f"{translated(title)}: {', '.join(names)}") for title, names in view.leaders]
    for zone in view.zones:
        bounds = _bounds(zone.least, zone.most)
        rows.append(DeckRow(zone.name, None, str(zone.size), f"{translated(zone.label)}{bounds}"))
        for kind in zone.kinds:
            rows.append(DeckRow(zone.name, None, str(kind.count), f"  {translated(kind.title)}"))
            rows += [DeckRow(zone.name, card, str(n), f"    {shown_name(card)}") for card, n in kind.cards]
    for aside in view.aside:
        rows.append(
            DeckRow(aside.name, None, str(aside.size), _("{zone} (not counted)").format(zone=translated(aside.label)))
        )
        rows += [DeckRow(aside.name, card, str(n), f"    {shown_name(card)}") for card, n in aside.cards]
    return rows


def _bounds(least: int | None, most: int | None) -> str:
    if least is None and most is None:
        return ""
    if least == most:
        return f" / {least}"
    return f" / {least or 0}–{most if most is not None else '∞'}"


def verdict_text(analysis: Analysis, format_name: str) -> str:
    """``Legal in boa-standard.`` or the problems, one a line with their rule ids, as ``validate`` words them."""
    problems = analysis.view.problems
    if not problems:
        return _("Legal in {format}.").format(format=format_name)
    lines = [_("Not legal in {format}:").format(format=format_name)]
    lines += [f"[{p.rule}] {translated(p.message)}" for p in problems]
    return "\n".join(lines)


def curve_text(view: DeckView) -> str:
    """The curve of the draw zone in three lines (bars of eighths over each bucket, the counts, the buckets), titled
    by the game's curve field: the buckets of ``deckcli curve``, drawn to fit beside the deck."""
    name = str(translated(registry.game(view.deck.game).field_label(view.curve_field))).capitalize()
    if not view.curve:
        return _("{field}: no cards").format(field=name)
    width = max(3, *(len(label) + 1 for label, _n in view.curve), *(len(str(n)) + 1 for _label, n in view.curve))
    most = max(n for _label, n in view.curve) or 1
    bars = "".join(_EIGHTHS[round(8 * n / most)].rjust(width) for _label, n in view.curve)
    counts = "".join(str(n).rjust(width) for _label, n in view.curve)
    labels = "".join(label.rjust(width) for label, _n in view.curve)
    return "\n".join([_("Curve: {field}").format(field=name), bars, counts, labels])


#: A bar of 0 to 8 eighths of a line.
_EIGHTHS = " ▁▂▃▄▅▆▇█"


def odds_text(lines: list[OddsLine]) -> str:
    """Each odds line, figures first so that a narrow panel cuts the label, not them: the chance of the opening
    hand, with the mulligan, then the label (or the conditions)."""
    out = []
    for line in lines:
        label = translated(line.label) if line.label else "; ".join(line.conditions)
        if line.p_opening is None or line.p_with_mulligan is None:
            out.append(_("no opening hand · {label}").format(label=label))
            continue
        out.append(
            _("{opening} · {mulligan} with mulligan · {label}").format(
                label=label, opening=_percent(line.p_opening), mulligan=_percent(line.p_with_mulligan)
            )
        )
    return "\n".join(out) or _("Odds: press o to add conditions")


def _percent(p) -> str:
    return f"{100 * float(p):.1f}%"


def status_text(draft: DeckDraft, zone: str) -> str:
    """The top line: the deck, its game and format, where cards go, and whether it has unsaved changes."""
    game = registry.game(draft.game)
    changed = _(" · unsaved changes") if draft.dirty else ""
    return _("{deck} · {game} · {format} · adding to: {zone}{changed}").format(
        deck=draft.name or _("(new deck)"),
        game=draft.game,
        format=draft.format.name,
        zone=translated(game.zone_label(zone, draft.format.zones)),
        changed=changed,
    )


def pool_cells(card: CardRef, owned: int | None, held: int, name_width: int | None = None) -> tuple[str | Text, ...]:
    """A pool row: the card's name as the user reads it (cut with … past ``name_width`` cells, a wide character
    counting two), copies in the deck, copies owned (only with a collection: ``owned`` None leaves the column out)
    and its summary."""
    summary = " · ".join(summary_parts(card.as_dict(), shown=True))
    counts = (str(held) if held else "",) if owned is None else (str(held) if held else "", str(owned))
    return (_cut_name(shown_name(card), name_width), *counts, summary)


def _cut_name(name: str, most: int | None) -> str | Text:
    """``name`` as it is, or cut with … to ``most`` cells (a wide character counting two)."""
    if most is None or display_width(name) <= most:
        return name
    cut = Text(name, no_wrap=True)
    cut.truncate(most, overflow="ellipsis")
    return cut


def name_width(screen_width: int) -> int:
    """How wide the pool's name column is at most: 45% of the pool's pane (itself half the screen), so that a long
    name (Japanese, two cells a character) leaves the card's details room beside it."""
    return max(12, screen_width // 2 * 9 // 20)
