"""Click in the user's language: its own strings (``Usage:``, ``Options:``, its errors) and every command's help
come from deckcli's catalog, wrapped by display width (:mod:`deckcli.cli.widehelp`). Nothing is done for English,
so an English start-up pays nothing."""

from __future__ import annotations

import gettext as stdlib_gettext
import inspect
import sys

import click

from deckcli.i18n import ENGLISH, N_, language_in_use, translation

#: Click's modules that are imported only when needed (a pager, an editor, shell completion): loaded with the
#: others when a catalog is in use, so their strings are routed too.
_LATER_CLICK_MODULES = ("click._termui_impl", "click.shell_completion")


def install_click_strings() -> None:
    """Route Click's ``gettext``/``ngettext`` (bound in each of its modules, ``from gettext import gettext as _``,
    to the stdlib's default domain, which ships nothing for Click) through deckcli's catalog."""
    if language_in_use() == ENGLISH:
        return
    from importlib import import_module

    for name in _LATER_CLICK_MODULES:
        import_module(name)
    import click.formatting

    from deckcli.cli import widehelp

    catalog = translation()
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] != "click" or module is None:
            continue
        if getattr(module, "_", None) is stdlib_gettext.gettext:
            module._ = catalog.gettext  # type: ignore[attr-defined]  # click's module global, set at its import
        if getattr(module, "ngettext", None) is stdlib_gettext.ngettext:
            module.ngettext = catalog.ngettext  # type: ignore[attr-defined]
    # the help wrapped by the columns a terminal shows (a Japanese character takes two), in the same way
    click.formatting.wrap_text = widehelp.wrap_text
    click.formatting.term_len = widehelp.width  # type: ignore[assignment]


#: Click's own word for a required option (``_(extra["required"])``, which the extraction cannot see).
REQUIRED = N_("required")


def translate_help(command: click.Command) -> None:
    """``command``'s help, its options' help and its subcommands' (for a group) in the user's language, set once
    when the command is loaded. The entries are the help texts as written (the docstring, ``help=``), which the
    extraction finds without marking (``scripts/babel_click.py``); a command whose whole help has none yet may
    have its first sentence's, the line ``deckcli --help`` shows."""
    if language_in_use() == ENGLISH:
        return
    catalog = translation()
    if command.help:
        english = inspect.cleandoc(command.help).partition("\f")[0]
        command.help = catalog.gettext(english)
        if not command.short_help:
            short = catalog.gettext(first_sentence(english))
            command.short_help = short if short != first_sentence(english) else first_sentence(command.help)
    if command.short_help:
        command.short_help = catalog.gettext(inspect.cleandoc(command.short_help))
    for param in command.params:
        if param.help:  # cleaned by Click, as the extraction cleans it
            param.help = catalog.gettext(param.help)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


def first_sentence(text: str) -> str:
    """The first sentence of a help text, the short help of its command: up to a period that ends the text or is
    followed by a word not in lowercase (Click's rule), or up to a 。 (Click would make "..." of a long run of
    Japanese, which has no spaces)."""
    words = text.partition("\n\n")[0].split()
    if words and words[0] == "\b":
        words = words[1:]
    first = " ".join(words)
    head, stop, _rest = first.partition("。")
    if stop:
        return head + stop
    for i, word in enumerate(words):
        if word.endswith(".") and (i == len(words) - 1 or not words[i + 1][0].islower()):
            return " ".join(words[: i + 1])
    return first
