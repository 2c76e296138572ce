"""The one Jinja2 environment of deckcli's page templates (each package keeps its own ``pages/`` folder of
``*.html.j2``: the event sheets and site in ``deckcli/events/pages/``, the card faces in ``deckcli/play/pages/``).

Autoescaping is on for every template, so a player or deck name holding markup is printed as text; the templates
carry their own CSS and draw their bar charts as inline SVG, so a page needs no script and no network.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any


@cache
def environment(folder: Path):
    """The one Jinja2 environment of a template folder (a package's ``pages/``): autoescaped,
    undefined names an error; texts go through deckcli's catalogs (``{{ _("Table %(n)s", n=table) }}``, a count
    ``{{ ngettext("%(num)s deck", "%(num)s decks", n) }}``, ``{% trans %}``: Jinja2's i18n extension, new-style, so a
    translation is escaped like any other value), in the user's language, which ``{{ lang }}`` names (``<html
    lang>``); ``{{ n | plural("deck") }}`` is :func:`deckcli.words.plural`'s wording, translated (its entry is
    extracted only where Python code words the same count); a value that is a library ``Message`` (a zone's title
    from the game's data, a problem) is printed translated, placeholders too (:meth:`deckcli.i18n.Message.__html__`)."""
    import jinja2

    from deckcli.i18n import gettext, language_in_use, ngettext, translated
    from deckcli.words import plural

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2"), default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(gettext=gettext, ngettext=ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters["plural"] = lambda count, *nouns: translated(plural(count, *nouns))
    env.globals["lang"] = language_in_use()
    return env


def render(folder: Path, template: str, /, **context: Any) -> str:
    """The named template (``sheet.html.j2``) of ``folder`` rendered with ``context``."""
    return environment(folder).get_template(template).render(**context)
