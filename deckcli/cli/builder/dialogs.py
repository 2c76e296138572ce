"""The dialogs of ``deckcli build``: a line of text to type (a deck name, conditions, an export target), a yes/no
question, and a text to read (the keys, a sample hand). Each is a modal screen that gives its answer to the
callback ``push_screen`` was given; Escape cancels."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from deckcli.i18n import gettext as _

#: What a dialog answers.
Answer = TypeVar("Answer")


class Dialog(ModalScreen[Answer]):
    """What every dialog shares: its box in the middle of the screen. The style is parsed when the first dialog opens,
    not at start-up (``bench/bench_build.py``)."""

    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    Dialog VerticalScroll { height: auto; max-height: 18; }
    Dialog Label.hint { color: $text-muted; }
    Dialog Label.error { color: $error; }
    Dialog Horizontal { height: auto; align-horizontal: right; }
    Dialog Button { margin-left: 1; }
    """


class AskText(Dialog[str | None]):
    """A question answered with a line of text: Enter gives it, Escape gives None. ``check`` may refuse the text,
    returning why; the dialog then stays open and shows it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", _("Cancel"))]

    def __init__(self, question: str, value: str = "", hint: str = "", check=None):
        super().__init__()
        self.question, self.value, self.hint, self.check = question, value, hint, check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(self.value, id="answer")
            yield Label(self.hint, classes="hint")
            yield Label("", id="error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        why = self.check(event.value) if self.check else None
        if why:
            self.query_one("#error", Label).update(why)
            return
        _close(self, event.value)

    def action_cancel(self) -> None:
        _close(self, None)


class Confirm(Dialog[bool]):
    """A yes/no question: y or the first button says yes, n, Escape or the second no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", _("Yes")),
        Binding("n", "answer(False)", _("No")),
        Binding("escape", "answer(False)", _("No"), show=False),
    ]

    def __init__(self, question: str, yes: str, no: str):
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            with Horizontal():
                yield Button(self.yes, id="yes", variant="warning")
                yield Button(self.no, id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        _close(self, event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        _close(self, answer)


class Reading(Dialog[None]):
    """A text to read (the keys, a sample hand); any of ``closing`` closes it, and ``again`` (if given) asks the
    app for another one, as ``H`` deals another hand."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,enter", "close", _("Close"))]

    def __init__(self, title: str, text: str, again: str | None = None):
        super().__init__()
        self.title_text, self.text, self.again = title, text, again

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self.title_text}[/b]")
            with VerticalScroll():
                yield Static(self.text, markup=False, id="text")

    def on_key(self, event) -> None:
        if self.again and event.character == self.again and self.is_current:
            event.stop()
            _close(self, None)
            self.app.call_later(self.app.run_action, "deal_hand")

    def action_close(self) -> None:
        _close(self, None)


def _close(screen: ModalScreen, answer: object) -> None:
    """Give the dialog's answer once: a second key (Enter twice, quickly) that reaches it while it closes does
    nothing, where a second dismiss would pop a screen that is not there."""
    if screen.is_current:
        screen.dismiss(answer)
