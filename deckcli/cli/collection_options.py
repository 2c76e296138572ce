"""The options and helpers the ``deckcli collection`` commands share: which printing CARD means (``--game``,
``--set``, ``--number``), which copies of it (``--foil``, ``--condition``, ...), and applying a change to them."""

from __future__ import annotations

import click

from deckcli.cli.context import AppContext
from deckcli.cli.options import GAME_CHOICE
from deckcli.i18n import N_
from deckcli.i18n import gettext as _

#: The collection tables' headers (the columns are --json's and --csv's keys, which stay English).
HEADERS = {
    "count": N_("count"),
    "name": N_("name"),
    "game": N_("game"),
    "set": N_("set"),
    "number": N_("number"),
    "finish": N_("finish"),
    "condition": N_("condition"),
    "language": N_("language"),
    "tag": N_("tag"),
    "proxy": N_("proxy"),
    "tradelist": N_("tradelist"),
    "purchase_price": N_("purchase_price"),
    "before": N_("before"),
    "after": N_("after"),
    "change": N_("change"),
    "need": N_("need"),
    "have": N_("have"),
    "missing": N_("missing"),
    "decks": N_("decks"),
    "deck": N_("deck"),
    "format": N_("format"),
    "cards": N_("cards"),
    "distinct": N_("distinct"),
    "proxies": N_("proxies"),
    "size": N_("size"),
    "complete": N_("complete"),
    "status": N_("status"),
    "bar": "",
}


def export_formats() -> list[str]:
    """``csv`` and ``json`` (deckcli's own), then every other layout deckcli writes (read only when needed)."""
    from deckcli.collection.layouts import writable

    return ["csv", "json", *(name for name in writable() if name != "deckcli")]


def variant_options(f):
    """--foil/--etched, --condition, --language, --tag, --proxy: which copies of a printing."""
    f = click.option("--proxy", is_flag=True, help="Proxies (stand-ins: kept apart, never counted as owned).")(f)
    f = click.option("--tag", "-t", default="", help="A free tag: binder, trade list, ...")(f)
    f = click.option("--language", "-l", default="", help="Language code or name (en, ja, Japanese, ...).")(f)
    f = click.option("--condition", "-c", default="", help="Condition: M, NM, EX, GD, LP, MP, PL, HP, PO (or words).")(
        f
    )
    f = click.option("--etched", is_flag=True, help="Etched-foil copies.")(f)
    f = click.option("--foil", is_flag=True, help="Foil copies (default: normal finish).")(f)
    return f


def card_options(f):
    """--game, --set, --number: which printing CARD means."""
    f = click.option("--number", "-n", default="", help="Collector number (with --set) to pick one printing.")(f)
    f = click.option("--set", "-s", "set_code", default="", help="Set code (or set name) of the printing.")(f)
    f = click.option("--game", "-g", type=GAME_CHOICE, help="The game, where a name exists in several.")(f)
    return f


def variant_of(foil, etched, condition, language, tag, proxy):
    from deckcli.collection.variants import Variant

    if foil and etched:
        raise click.UsageError(_("--foil and --etched exclude each other (an etched foil is --etched)"))
    return Variant.parse("etched" if etched else "foil" if foil else "normal", condition, language, tag, proxy)


def card_query(card: str, game, set_code: str, number: str):
    """CARD, --set, --number and --game as the library's card query."""
    from deckcli.collection.printings import CardQuery

    return CardQuery(card, set_code, number, game and game.lower())


def copies_label(ref, variant) -> str:
    return f"{ref.name} ({ref.game} {ref.set_code} {ref.number}) [{variant.describe()}]"


def print_layout(file: str, plan) -> None:
    """``collection import``'s first lines (stderr): the layout recognised, and the file's columns not kept."""
    click.echo(_("{file}: detected the {layout} layout.").format(file=file, layout=plan.layout.title), err=True)
    if plan.unkept:
        click.echo(_("{file}: columns not kept: {columns}").format(file=file, columns=", ".join(plan.unkept)), err=True)


def print_skipped(plan, most: int) -> None:
    """The rows an import skipped (stderr), the first ``most`` of them named."""
    from deckcli.i18n import translated
    from deckcli.words import plural

    for problem in plan.problems[:most]:
        click.echo(_("Skipped {problem}").format(problem=problem.translated()), err=True)
    if len(plan.problems) > most:
        more = translated(plural(len(plan.problems) - most, "more bad row"))
        click.echo(_("Skipped {more}.").format(more=more), err=True)


def change_copies(app: AppContext, action, card, count, game, set_code, number, **variant_options):
    """Apply ``action(db, ref, count, variant)`` to the printing CARD means; returns (ref, variant, its result)."""
    from deckcli.collection.printings import change_card

    variant = variant_of(**variant_options)
    ref, result = change_card(app.writes, action, card_query(card, game, set_code, number), count, variant)
    return ref, variant, result
