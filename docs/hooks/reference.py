"""The generated reference pages of the documentation site, built from the code and the bundled data on every
``mkdocs build`` (an MkDocs hook, ``mkdocs.yml``: ``hooks``).

A page holds a marker line ``<!-- reference: NAME -->`` where :data:`SECTIONS` ``[NAME]`` puts its Markdown:

- ``commands``: every command and option, from the Click tree (:func:`deckcli.cli.manpage.reference`, the walk the
  man page is written from, so the site, the man page and ``--help`` say the same);
- ``rules``: every rule id a problem can carry, found in the code (each ``Problem("rule-id", Message(...))``) and in
  the bundled formats (the zone size rules), with the docstring of the check that raises it and its messages;
- ``decklist-layouts`` and ``collection-layouts``: the two layout registries;
- ``formats``: every bundled format of ``carddb/*/formats/``, as ``deckcli formats show`` reads it.

A hook rather than mkdocs-click: the rule ids, layouts and formats need one anyway, and the command walk is shared
with the man page, which needs no MkDocs. ``tests/docs/test_reference.py`` checks the pages against the Click tree.
"""

from __future__ import annotations

import ast
import html
import os
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcli.legality.format import NameLimit
    from deckcli.legality.formatinfo import FormatDetails

os.environ["DECKCLI_LANG"] = "en"  # the site is in English, whatever the builder's locale

REPO = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- reference: ([\w-]+) -->$", re.M)


def _text(text: str) -> str:
    """Plain text safe in Markdown: HTML and Markdown's own marks escaped, a table's bar too."""
    escaped = html.escape(text, quote=False)
    return re.sub(r"([\\`*_\[\]|#])", r"\\\1", escaped)


def _prose(text: str) -> str:
    """A docstring's line as Markdown: its backquoted code kept as it is, the rest with HTML and bars escaped."""
    parts = text.split("`")
    return "`".join(p if i % 2 else html.escape(p, quote=False).replace("|", "&#124;") for i, p in enumerate(parts))


def _code(text: str) -> str:
    """Inline code holding ``text``, bars escaped for a table cell."""
    return "<code>" + html.escape(text).replace("|", "&#124;") + "</code>"


def commands() -> str:
    """One section per command: its usage, its help (a ``\\b`` paragraph as a code block), its options."""
    from deckcli.cli.manpage import paragraphs, reference

    out: list[str] = []
    for entry in reference():
        depth = min(entry.path.count(" ") + 1, 4)
        out += [f"{'#' * (depth + 1)} {entry.path}", "", f"```text\n{entry.usage}\n```", ""]
        for verbatim, block in paragraphs(entry.help):
            out += [f"```text\n{block}\n```" if verbatim else _text(block), ""]
        if entry.options:
            out += ["| Option | What it does |", "|---|---|"]
            out += [f"| {_code(o.names)} | {_text(o.help)} |" for o in entry.options]
            out.append("")
        if entry.subcommands:
            out += ["Commands: " + ", ".join(f"`{name}`" for name in entry.subcommands), ""]
    return "\n".join(out)


def _docstring_line(node: ast.AST) -> str:
    """The first sentence of a function's docstring, with reST's double backquotes made single."""
    doc = ast.get_docstring(node) or ""  # type: ignore[arg-type]
    first = " ".join(doc.split("\n\n")[0].split())
    return first.replace("``", "`")


def _templates(call: ast.Call) -> list[str]:
    """The message templates written in a ``Problem(...)`` call (its ``Message`` or ``N_`` literals)."""
    found = []
    for node in ast.walk(call):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Message", "N_") and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append(first.value)
    return found


def _rules_named(function: ast.AST, call: ast.Call) -> list[tuple[str, ast.AST]]:
    """The rule ids a ``Problem(...)`` call raises, each with the code holding its messages: a literal first
    argument, or a name the function assigns literals to (``rule, message = "banned", Message(...)``)."""
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return [(first.value, call)]
    if not isinstance(first, ast.Name):
        return []
    found: list[tuple[str, ast.AST]] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = [(target, node.value)]
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(target.elts, node.value.elts))
            for name, value in pairs:
                if isinstance(name, ast.Name) and name.id == first.id and isinstance(value, ast.Constant):
                    found.append((str(value.value), node))
    return found


def _message_templates(function: ast.AST, call: ast.Call, helpers: dict[str, ast.FunctionDef]) -> list[str]:
    """The templates of a ``Problem(rule, message)`` whose message is made elsewhere: a name the function assigns
    (``message = Message(...)``), or a call of a function of the same module that returns one."""
    if len(call.args) < 2:
        return []
    said = call.args[1]
    if isinstance(said, ast.Call) and isinstance(said.func, ast.Name) and said.func.id in helpers:
        return _templates_in(helpers[said.func.id])
    if isinstance(said, ast.Call) and getattr(said.func, "id", "") in ("Message", "N_") and said.args:
        said = said.args[0]  # Message(message, ...): the templates the function assigns to ``message``
    if not isinstance(said, ast.Name):
        return []
    found: list[str] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == said.id for t in node.targets):
            found += [t for t in _templates_in(node) if t not in found]
    return found


def _templates_in(node: ast.AST) -> list[str]:
    """Every ``Message``/``N_`` template written anywhere in ``node`` (a plural message by its first form)."""
    found: list[str] = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") in ("Message", "N_"):
            found += [a.value for a in call.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


#: The rule ids whose problem says a card look-up's error (``error_text(exc)``, ``miss.message``, which the scan
#: cannot follow): the error classes of deckcli/carderrors.py whose messages it may carry.
ERROR_RULES = {
    "unknown-card": ("UnknownCard", "AmbiguousCard", "UnknownSet"),
    "wrong-game": ("WrongGame",),
}


def _error_templates(name: str) -> list[str]:
    """The messages an error class of deckcli/carderrors.py says: its ``N_`` templates (the parts it glues in, a
    note or a list's "or", are ``Message``s of their own); a class not found fails the build."""
    tree = ast.parse((REPO / "deckcli" / "carderrors.py").read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    calls = [c for c in ast.walk(node) if isinstance(c, ast.Call) and getattr(c.func, "id", "") == "N_" and c.args]
    return [a.value for c in calls for a in c.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _is_size_rule(call: ast.Call) -> bool:
    """Whether a ``Problem(...)`` call raises a zone's size rule (``spec.size_rule``: the id the format names)."""
    return isinstance(call.args[0], ast.Attribute) and call.args[0].attr == "size_rule"


def rule_ids() -> dict[str, dict[str, list[str]]]:
    """rule id -> ``{"checks": [docstring lines], "messages": [templates]}``, from the code and the formats."""
    found: dict[str, dict[str, list[str]]] = {}
    size_messages: list[str] = []
    for path in sorted((REPO / "deckcli").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        for function in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Problem" and call.args):
                    continue
                if _is_size_rule(call):
                    size_messages += [t for t in _templates(call) if t not in size_messages]
                for rule, said in _rules_named(function, call):
                    item = found.setdefault(rule, {"checks": [], "messages": []})
                    line = _docstring_line(function)
                    if line and line not in item["checks"]:
                        item["checks"].append(line)
                    templates = _templates(said) or _message_templates(function, call, helpers)
                    item["messages"] += [t for t in templates if t not in item["messages"]]
    for rule, what in _size_rules().items():
        item = found.setdefault(rule, {"checks": [], "messages": []})
        item["checks"].append(what)
        item["messages"] += [t for t in size_messages if t not in item["messages"]]
    for rule, sources in ERROR_RULES.items():
        item = found.setdefault(rule, {"checks": [], "messages": []})
        item["messages"] += [t for name in sources for t in _error_templates(name) if t not in item["messages"]]
    return dict(sorted(found.items()))


def _size_rules() -> dict[str, str]:
    """The zone size rules of the bundled formats (a zone's ``rule``, else ``<zone>-size``) -> which zones."""
    from deckcli.legality.formatinfo import format_details, format_rows

    zones: dict[str, list[str]] = {}
    for row in format_rows():
        for zone in format_details(row.name).zones:
            rule = zone.rule or f"{zone.zone}-size"
            zones.setdefault(rule, []).append(f"{row.name} {zone.zone} {zone.size}")
    return {rule: "The zone has too few or too many cards: " + ", ".join(sizes) for rule, sizes in zones.items()}


def rules() -> str:
    out = ["| Rule id | What it checks | Messages |", "|---|---|---|"]
    for rule, item in rule_ids().items():
        checks = "<br>".join(_prose(line) for line in item["checks"])
        messages = "<br>".join(_code(m) for m in item["messages"])
        out.append(f"| `{rule}` | {checks} | {messages} |")
    return "\n".join(out) + "\n"


def decklist_layouts() -> str:
    """The decklist layout registry: name, what messages call it, extensions, whether deckcli writes it, the marks
    its module's docstring describes."""
    import sys

    from deckcli.decklists.layouts import LAYOUTS

    out = ["| Layout | Files | Extensions | Written by `deck export` | What marks it |", "|---|---|---|---|---|"]
    for layout in LAYOUTS.values():
        module = sys.modules[layout.read.__module__]
        marks = " ".join((module.__doc__ or "").split("\n\n")[0].split()).replace("``", "`")
        extensions = ", ".join(f"`{e}`" for e in layout.extensions) or "any"
        written = "yes" if layout.write is not None else "no"
        out.append(f"| `{layout.name}` | {_text(layout.title)} | {extensions} | {written} | {_prose(marks)} |")
    return "\n".join(out) + "\n"


def collection_layouts() -> str:
    """The collection layout registry: each tool's signature headers, the columns read per field, and whether
    ``collection export --to`` writes it (or why it is refused)."""
    from deckcli.collection.layouts import LAYOUTS

    out = ["| Layout | Tool | Recognised by the headers | Columns read | Export |", "|---|---|---|---|---|"]
    for layout in LAYOUTS:
        signature = " and ".join(" or ".join(f"`{h}`" for h in sorted(group)) for group in layout.signature)
        columns = "<br>".join(
            f"{field}: " + ", ".join(_code(name) for name in names) for field, names in layout.columns.items()
        )
        export = f"`--to {layout.name}`" if layout.writing is not None else _text(layout.refusal) or "no"
        out.append(f"| `{layout.name}` | {_text(layout.title)} | {signature or 'any'} | {columns} | {export} |")
    return "\n".join(out) + "\n"


def _name_limit(limit: NameLimit | None, checks: tuple[str, ...]) -> list[str]:
    """The format's ネーム limit (``name_limit``) in a sentence: the declared ネーム's cards and every other's."""
    if not limit:
        return []
    most = limit.declared_max
    declared = f"on 1 to {most} cards (`name-required`)" if "name-required" in checks else f"on up to {most} cards"
    others = "no card of any other ネーム" if limit.max == 0 else f"any other ネーム on at most {limit.max}"
    return ["", f"The declared ネーム {declared}, {others} (`name-limit`)."]


def _card_limits(details: FormatDetails) -> list[str]:
    """The format's own card limits, then each dated version's, as a sentence each (none: nothing)."""
    out: list[str] = []
    for when, limits in [("Card limits", details.limits), *((f"From {v.starts}", v.limits) for v in details.versions)]:
        listed = [f"banned: {', '.join(limits.banned)}" if limits.banned else ""]
        listed.append(", ".join(f"{r.card} ({r.max})" for r in limits.restricted))
        if any(listed):
            out += ["", f"{when}: " + _text("; ".join(x for x in listed if x))]
    return out


def formats() -> str:
    """Every bundled format as ``deckcli formats show`` reads it: its description, zones, limits and versions."""
    from deckcli.legality.formatinfo import format_details, format_rows

    out: list[str] = []
    for row in format_rows():
        details = format_details(row.name, date(1, 1, 1))  # its own list, before any dated version
        default = " (the game's default)" if details.format.is_default else ""
        out += [f"## {details.format.name}", "", f"**{_text(details.format.title or details.format.name)}**, game `{details.format.game}`{default}."]
        if details.format.extends:
            out[-1] += f" Extends `{details.format.extends}`."
        out += ["", _text(details.format.description or ""), "", "| Zone | Cards | Kinds | Size rule |", "|---|---|---|---|"]
        for zone in details.zones:
            kinds = ", ".join(zone.kinds) or "any"
            out.append(f"| {_text(zone.label)} (`{zone.zone}`) | {zone.size} | {kinds} | `{zone.rule or zone.zone + '-size'}` |")
        limit = details.format.copy_limit
        if limit:
            out += ["", f"At most {limit.max} copies of a name across {', '.join(limit.zones or ['the deck'])}."]
        out += _name_limit(details.format.name_limit, details.format.checks)
        if details.format.checks:
            out += ["", "Checks: " + ", ".join(f"`{c}`" for c in details.format.checks) + " ([rule ids](rules.md))."]
        opening = details.format.opening  # the typed rules, their defaults the loader's (None: no hand size)
        if opening is not None and not opening.draw:
            out += ["", "A pool: never shuffled or drawn from."]
        elif opening is not None and opening.hand_size:
            out += ["", f"Opening hand: {opening.hand_size} cards; mulligan: {opening.mulligan}."]
        out += _card_limits(details)
        out.append("")
    return "\n".join(out)


def exit_status() -> str:
    """The exit statuses, as the man page gives them."""
    from deckcli.cli.manpage import EXIT_STATUS

    return "\n".join(["| Exit status | Meaning |", "|---|---|", *(f"| {s} | {_text(w)} |" for s, w in EXIT_STATUS)]) + "\n"


def environment() -> str:
    """The environment variables, as the man page gives them."""
    from deckcli.cli.manpage import ENVIRONMENT

    return "\n".join(["| Variable | What it sets |", "|---|---|", *(f"| `{n}` | {_text(w)} |" for n, w in ENVIRONMENT)]) + "\n"


#: Each marker's generator.
SECTIONS: dict[str, Callable[[], str]] = {
    "commands": commands,
    "rules": rules,
    "decklist-layouts": decklist_layouts,
    "collection-layouts": collection_layouts,
    "formats": formats,
    "exit-status": exit_status,
    "environment": environment,
}


def generated(markdown: str) -> str:
    """``markdown`` with each marker line replaced by its section (an unknown marker fails the build)."""
    return MARKER.sub(lambda m: SECTIONS[m.group(1)](), markdown)


def on_page_markdown(markdown: str, **_kwargs: object) -> str:
    """MkDocs hook: a page's Markdown with its generated sections."""
    return generated(markdown)
