"""``deckcli build``'s screen: the card pool (search box, matches, the highlighted card's text) beside the deck (by
zone and kind), its verdict, curve and odds, all redrawn after every change. The keys are :data:`panels.KEYS`; each
runs one action on the draft (:mod:`deckcli.building`) and redraws."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Input, Static

from deckcli.cli.builder import panels
from deckcli.errors import DeckcliError
from deckcli.i18n import gettext as _

if TYPE_CHECKING:
    from deckcli.building.analysis import Analyst
    from deckcli.building.draft import DeckDraft
    from deckcli.building.pool import CardPool
    from deckcli.cards.index import CardRef
    from deckcli.cli.context import AppContext

#: The smallest terminal the screen is drawn in; a smaller one is told so instead.
MIN_SIZE = (80, 24)

#: The keys dialog's width (Dialog's CSS); its text is filled to it less the border, padding and scroll bar.
KEYS_WIDTH = 76

#: The most matches the pool lists (a search narrows them).
POOL_ROWS = 500

CSS = """
#status { height: 1; background: $primary; color: $text; padding: 0 1; }
#panes { height: 1fr; }
#left, #right { width: 1fr; }
#search { height: 3; }
#search.wrong { border: tall $error; }
#pool, #deck { height: 1fr; }
#detail { height: 7; border-top: solid $primary; }
#verdict { height: 5; border-top: solid $primary; }
#figures { height: 7; border-top: solid $primary; text-wrap: nowrap; text-overflow: ellipsis; }
#keys { height: 1; background: $footer-background; padding: 0 1; text-wrap: nowrap; }
#too-small { display: none; content-align: center middle; height: 1fr; }
Screen.small #panes, Screen.small #status { display: none; }
Screen.small #too-small { display: block; }
"""


class BuildApp(App[None]):
    """The deck builder. ``context`` is the run's database (read through its read path, written only by a save);
    ``draft``, ``pool`` and ``analyst`` come from :mod:`deckcli.building`."""

    CSS = CSS
    TITLE = "deckcli build"
    ENABLE_COMMAND_PALETTE = False  # every action has its key; Ctrl+P would be one more thing to explain
    BINDINGS: ClassVar[list[BindingType]] = [
        # The keys that move the focus act in the app's own queue (priority): the keys typed next go where they
        # moved it, however fast they come ("/name", Enter, Enter adds the card).
        Binding("slash", "search", _("Search"), priority=True),
        Binding("enter", "to_matches", show=False, priority=True),
        Binding("plus", "add", _("Add"), show=False),
        Binding("minus", "remove", _("Remove"), show=False),
        Binding("z", "next_zone", _("Zone")),
        Binding("o", "conditions", _("Odds")),
        Binding("h", "deal_hand", _("Hand")),
        Binding("H", "deal_hand", _("Hand"), show=False),
        Binding("u,ctrl+z", "undo", _("Undo")),
        Binding("ctrl+y", "redo", _("Redo"), show=False),
        Binding("s,ctrl+s", "save", _("Save")),
        Binding("e", "export", _("Export")),
        Binding("question_mark", "keys", _("Keys")),
        Binding("q", "quit_app", _("Quit")),
        Binding("ctrl+c", "quit_app", _("Quit"), show=False, priority=True),
    ]

    def __init__(self, context: AppContext, draft: DeckDraft, pool: CardPool, analyst: Analyst):
        super().__init__()
        self.context, self.draft, self.pool, self.analyst = context, draft, pool, analyst
        self.zone = draft.format.draw_zone
        self.matches: list[CardRef] = []
        self._held_shown: dict[int, str] = {}  # the pool's ``deck`` cells as drawn, by card id
        self.name_width = 0  # the most cells of the pool's names (panels.name_width), set once the screen is sized

    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield Input(placeholder=_("a card name, or field<=value, field=value"), id="search")
                yield DataTable(id="pool", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="detail"):
                    yield Static("", id="card-text", markup=False)
            with Vertical(id="right"):
                yield DataTable(id="deck", cursor_type="row")
                with VerticalScroll(id="verdict"):
                    yield Static("", id="verdict-text", markup=False)
                yield Static("", id="figures", markup=False)
        yield Static("", id="too-small", markup=False)
        yield Static(self._keys_line(), id="keys")

    def _keys_line(self) -> Content:
        """The bottom line: each key the footer would show and what it does, clickable. One line of text rather than
        Textual's Footer, which draws a widget per key a frame after the first one: it cost a fifth of the start-up
        (``bench/bench_build.py``) and left the first screen without its keys."""
        shown: dict[str, Content] = {}
        for binding in Binding.make_bindings(self.BINDINGS):
            if binding.show and binding.action not in shown:
                shown[binding.action] = Content.from_markup(
                    f"[@click=app.{binding.action}][b $footer-key-foreground]$key[/] $what[/]",
                    key=self.get_key_display(binding),
                    what=binding.description,
                )
        return Content("  ").join(shown.values())

    def on_mount(self) -> None:
        pool = self.query_one("#pool", DataTable)
        pool.add_column(_("card"), key="name")
        pool.add_column(_("deck"), key="held")
        if self.pool.owned is not None:
            pool.add_column(_("owned"), key="owned")
        pool.add_column(_("details"), key="details")
        deck = self.query_one("#deck", DataTable)
        deck.add_column("#", key="count")
        deck.add_column(_("deck"), key="text")
        self.name_width = panels.name_width(self.size.width)
        self._fill_pool("", rows=self.size.height)
        self.query_one("#status", Static).update(panels.status_text(self.draft, self.zone))
        self._fit(self.size.width, self.size.height)
        pool.focus()
        self.call_after_refresh(self._after_first_frame)

    def _after_first_frame(self) -> None:
        """The rest of the first screen, once it is drawn: the pool's rows below the screen, then the verdict, curve
        and odds (which import the rules and the odds). Drawing it first keeps the start-up within the goal of
        ``bench/bench_build.py``; the player sees the full screen a frame later."""
        self._more_pool_rows()
        self.redraw()

    # -- drawing ----------------------------------------------------------------------------------
    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)
        if self.name_width and panels.name_width(event.size.width) != self.name_width:  # (0: not mounted yet)
            self.name_width = panels.name_width(event.size.width)
            self._fill_pool(self.query_one("#search", Input).value)  # (the names cut to the new width)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.screen.set_class(small, "small")
        if small:
            self.query_one("#too-small", Static).update(
                _(
                    "This terminal is {width}×{height}; deckcli build needs at least {least}. Make it larger, or press q."
                ).format(width=width, height=height, least=f"{MIN_SIZE[0]}×{MIN_SIZE[1]}")
            )

    def redraw(self) -> None:
        """Everything that follows from the deck, after a change: status, deck, verdict, curve, odds, pool counts."""
        analysis = self.analyst.analyse(self.draft)
        self.query_one("#status", Static).update(panels.status_text(self.draft, self.zone))
        self._fill_deck(analysis)
        self.query_one("#verdict-text", Static).update(panels.verdict_text(analysis, self.draft.format.name))
        figures = panels.odds_text(analysis.odds) + "\n" + panels.curve_text(analysis.view)
        self.query_one("#figures", Static).update(figures)
        self._held_counts()

    def _fill_pool(self, query: str, rows: int = POOL_ROWS) -> None:
        """The pool's matches of ``query``, its first ``rows`` rows (more: :meth:`_more_pool_rows`)."""
        table, search = self.query_one("#pool", DataTable), self.query_one("#search", Input)
        try:
            self.matches = self.pool.search(query)
        except DeckcliError as exc:  # a filter half typed: said under the box, the last matches kept
            search.border_subtitle = exc.translated()
            search.add_class("wrong")
            return
        search.border_subtitle = None
        search.remove_class("wrong")
        table.clear()
        self._held_shown = {}
        self._more_pool_rows(rows)
        self._show_card(self.matches[0] if self.matches else None)

    def _more_pool_rows(self, rows: int = POOL_ROWS) -> None:
        """The pool's rows of the matches after those it shows, up to ``rows``."""
        table = self.query_one("#pool", DataTable)
        for card in self.matches[table.row_count : rows]:
            cells = panels.pool_cells(card, self.pool.owned_of(card), self.draft.count(card), self.name_width)
            table.add_row(*cells, key=str(card.id))
            self._held_shown[card.id] = str(cells[1])

    def _held_counts(self) -> None:
        """The pool's ``deck`` column after a change: only the cells whose count changed."""
        table = self.query_one("#pool", DataTable)
        for card in self.matches[: table.row_count]:
            held = self.draft.count(card)
            text = str(held) if held else ""
            if self._held_shown.get(card.id) != text:
                table.update_cell(str(card.id), "held", text)
                self._held_shown[card.id] = text

    def _fill_deck(self, analysis) -> None:
        table = self.query_one("#deck", DataTable)
        keep = self._highlighted(table)
        table.clear()
        self.deck_rows = panels.deck_rows(analysis.view)
        for i, row in enumerate(self.deck_rows):
            style = "bold" if row.card is None else ""
            table.add_row(Text(row.copies, style=style), Text(row.text, style=style), key=str(i))
        for i, row in enumerate(self.deck_rows):
            if keep is not None and row.card is not None and row.card.id == keep.id:
                table.move_cursor(row=i)

    def _show_card(self, card: CardRef | None) -> None:
        from deckcli.cli.cards import card_text

        text = card_text(card) if card is not None else _("No card matches.")
        self.query_one("#card-text", Static).update(text)

    def _highlighted(self, table: DataTable) -> CardRef | None:
        """The card under the cursor of the pool or the deck table (None on a heading or an empty table)."""
        if not table.row_count:
            return None
        row = table.cursor_row
        if table.id == "pool":
            return self.matches[row] if row < len(self.matches) else None
        rows = getattr(self, "deck_rows", [])
        return rows[row].card if row < len(rows) else None

    def _focused_card(self) -> tuple[CardRef | None, str | None]:
        """The highlighted card of the focused table, and the zone it is in when that is the deck."""
        focused = self.focused
        if isinstance(focused, DataTable):
            card = self._highlighted(focused)
            if focused.id == "deck" and card is not None:
                return card, self.deck_rows[focused.cursor_row].zone
            return card, None
        return self._highlighted(self.query_one("#pool", DataTable)), None

    # -- events -----------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self._fill_pool(event.value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``to_matches`` (Enter) only in the search box, ``search`` (/) only outside a text box: elsewhere Enter adds
        a card or answers a dialog, and / is typed (a path to export to)."""
        on_main = self.screen is self.screen_stack[0]
        if action == "to_matches":
            return on_main and getattr(self.focused, "id", None) == "search"
        if action == "search":
            return on_main and not isinstance(self.focused, Input)
        return True

    def action_to_matches(self) -> None:
        self.screen.set_focus(self.query_one("#pool", DataTable))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        card = self._highlighted(event.data_table)
        if card is not None:
            self._show_card(card)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_add()

    # -- actions ----------------------------------------------------------------------------------
    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        self.screen.set_focus(search)
        search.select_all()

    def action_add(self) -> None:
        card, zone = self._focused_card()
        if card is None:
            return
        self._edit(lambda: self.draft.add(card, zone if zone else self._target(card)))

    def action_remove(self) -> None:
        card, zone = self._focused_card()
        if card is not None and not self._edit(lambda: self.draft.remove(card, zone)):
            self.notify(_("The deck holds no {card}.").format(card=card.name))

    def _target(self, card: CardRef) -> str | None:
        """The zone chosen with ``z``, or None (the game's routing) while it is the draw zone."""
        return None if self.zone == self.draft.format.draw_zone else self.zone

    def _edit(self, change) -> object:
        try:
            done = change()
        except DeckcliError as exc:
            self.notify(exc.translated(), severity="error")
            return None
        self.redraw()
        return done

    def action_next_zone(self) -> None:
        zones = self.draft.zones()
        self.zone = zones[(zones.index(self.zone) + 1) % len(zones)] if self.zone in zones else zones[0]
        self.query_one("#status", Static).update(panels.status_text(self.draft, self.zone))

    def action_undo(self) -> None:
        if self.draft.undo():
            self.redraw()

    def action_redo(self) -> None:
        if self.draft.redo():
            self.redraw()

    def action_conditions(self) -> None:
        from deckcli.cli.builder.dialogs import AskText

        def check(text: str) -> str | None:
            try:
                self.analyst.set_conditions(text.split(";"))
            except DeckcliError as exc:
                return exc.translated()
            return None

        def done(answer: str | None) -> None:
            if answer is not None:
                self.redraw()

        current = "; ".join(self.analyst.user_texts)
        hint = _('e.g. 1+ kind=monster,cost<=2; 1+ "Fireball" (empty: the game\'s key condition only)')
        self.push_screen(AskText(_("Your opening-hand conditions:"), current, hint, check), done)

    def action_deal_hand(self) -> None:
        from deckcli.cli.builder.dialogs import Reading
        from deckcli.cli.hands import hand_lines
        from deckcli.legality.opening import OpeningRules

        hand = self.analyst.deal(self.draft)
        if hand is None:
            self.notify(_("This deck has no opening hand to deal."), severity="warning")
            return
        text = "\n".join(hand_lines(hand, OpeningRules.of(self.draft.format.opening).mulligan))
        self.push_screen(Reading(_("A sample opening hand (H: another)"), text, again="H"))

    def action_keys(self) -> None:
        from deckcli.cli.builder.dialogs import Reading

        self.push_screen(Reading(_("Keys"), panels.keys_text(min(KEYS_WIDTH, self.size.width) - 6)))

    def action_save(self, then_quit: bool = False) -> None:
        from deckcli.cli.builder.dialogs import AskText

        if not self.draft.needs_name and self.draft.name:
            self._save(self.draft.name, then_quit)
            return

        def done(answer: str | None) -> None:
            if answer:
                self._save(answer.strip(), then_quit)

        self.push_screen(AskText(_("Save the deck as:"), self.draft.name or "", check=_name_problem), done)

    def _save(self, name: str, then_quit: bool) -> None:
        from deckcli.building.opening import save_draft

        try:
            save_draft(self.context.db, self.draft, name)
        except DeckcliError as exc:
            self.notify(exc.translated(), severity="error")
            return
        self.notify(_("Saved {deck}.").format(deck=name))
        self.redraw()
        if then_quit:
            self.exit()

    def action_export(self) -> None:
        from deckcli.building.exporting import export_draft
        from deckcli.cli.builder.dialogs import AskText

        def done(answer: str | None) -> None:
            if not answer:
                return
            try:
                written = export_draft(self.context.reads, self.draft, answer)
            except DeckcliError as exc:
                self.notify(exc.translated(), severity="error")
                return
            self.notify(_("Exported to {file}.").format(file=written.path))

        hint = _(
            "deck.txt, .json, .csv, .code or .cod; proxies.pdf or .html; a folder (no extension): Tabletop Simulator"
        )
        self.push_screen(AskText(_("Export to:"), "", hint), done)

    def action_quit_app(self) -> None:
        from deckcli.cli.builder.dialogs import Confirm

        if not self.draft.dirty:
            self.exit()
            return

        def done(leave: bool | None) -> None:
            if leave:
                self.exit()

        question = _("The deck has unsaved changes. Quit without saving them?")
        self.push_screen(Confirm(question, _("Quit without saving"), _("Go back")), done)


def _name_problem(text: str) -> str | None:
    return _("give the deck a name") if not text.strip() else None
