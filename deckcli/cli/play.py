"""``deckcli deck proxies`` and ``deck export --to tts``: a deck printed as proxy sheets, or made ready for Tabletop
Simulator. Each parses its options, calls one function of :mod:`deckcli.play` and says what it wrote."""

from __future__ import annotations

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import deck_source, page_output
from deckcli.i18n import gettext as _
from deckcli.i18n import translated
from deckcli.words import listing, plural


def export_tts(app: AppContext, name: str, target: str, image_url: str | None) -> None:
    """``deck export NAME --to tts -o DIR``: the saved object, its card sheets and the back, and what was written."""
    from deckcli.errors import InputError
    from deckcli.play.tts import export_tts as write_export
    from deckcli.play.tts import image_base

    if target == "-":
        raise click.UsageError(_("--to tts writes a folder of files: give -o DIR"))
    if image_url is not None:
        try:
            image_base(image_url)
        except InputError as exc:
            raise click.UsageError(exc.translated()) from None
    done = write_export(app.reads, name, target, image_url)
    zones = translated(listing([f"{translated(label)} {count}" for label, count in done.zones]))
    sheets = translated(plural(len(done.sheets), "card sheet"))
    click.echo(
        _("Wrote {file} ({zones}), {sheets} and the card back {back} for Tabletop Simulator.").format(
            file=done.saved_object, zones=zones, sheets=sheets, back=done.back.name
        ),
        err=True,
    )
    next_step = (
        _(
            "Next: copy {file} into TTS's Saved Objects folder and load it there (Objects, Saved Objects); TTS reads"
            " the URLs it names."
        )
        if image_url
        else _(
            "Next: copy {file} into TTS's Saved Objects folder and load it there (Objects, Saved Objects); TTS reads"
            " the images where they are (file:/// URLs)."
        )
    )
    click.echo(next_step.format(file=done.saved_object.name), err=True)


@click.command(short_help="Proxy sheets of DECK to print: 9 cards a page, with cut marks.")
@deck_source
@page_output
@click.option("--missing", is_flag=True, help="Only the copies the collection lacks (as collection missing counts).")
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="The paper: A4 (210 x 297 mm) or US Letter (8.5 x 11 in).",
)
@click.option(
    "--bleed",
    type=click.FloatRange(min=0),
    default=0.0,
    metavar="MM",
    help="Millimetres of the card's frame printed beyond each edge (default 0); cut marks stay at the trim line.",
)
@pass_app
def proxies(app: AppContext, source, target: str, to: str, missing: bool, paper: str, bleed: float) -> None:
    """Proxy sheets of DECK (a file, deck code or stored deck): every card at 63 x 88 mm, 9 a page, cut marks in the
    margin; with --missing only the copies the collection lacks.

    \b
    Examples:
      deckcli deck proxies "Ember Rush" -o ember.pdf
      deckcli deck proxies "Ember Rush" --missing --paper letter -o missing.pdf
      deckcli deck proxies "Ember Rush" --bleed 1 -o ember-bleed.pdf
    """
    from deckcli.play.proxies import write_proxies

    deck = source.open(app)
    result = write_proxies(app.reads, deck, target, to, missing=missing, paper=paper.lower(), bleed=bleed)
    if not result.cards:
        click.echo(_("Nothing is missing: you own every card of {deck}; no file was written.").format(deck=result.deck))
        return
    if result.path is None:
        from deckcli.cli.output import data_stdout

        data_stdout().write(result.html)  # the page as it is, to a file or a pipe
        return
    proxies_count = translated(plural(result.cards, "proxy", "proxies"))
    pages = translated(plural(result.pages, "page"))
    click.echo(
        _("Wrote {proxies} of {deck} to {file} ({format}, {pages}).").format(
            proxies=proxies_count, deck=result.deck, file=target, format=to, pages=pages
        ),
        err=True,
    )
