"""Babel extraction method for deckcli's modules (babel.cfg names it): the messages marked in the code (``_()``,
``N_()``, ``ngettext()``, and ``Message()``, deckcli.i18n's English text kept for translation) as Babel's Python
method finds them, plus what is a message without a
mark: the counts of ``plural(n, "card")`` (the ``{count} card`` / ``{count} cards`` entry words.plural looks up) and,
with the option ``help = all``, Click's help texts (each command's docstring, every ``help="..."``); with
``help = top``, only the first sentence of each top-level command's docstring (``@click.command``,
``@click.group``: its line in ``deckcli --help``); ``counts = no`` leaves the plural counts out. Run by ``python -m babel.messages.frontend extract`` from the repository root (CONTRIBUTING.md).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator
from typing import IO, Any

from babel.messages.extract import extract_python

from deckcli.cli.language import first_sentence

Result = tuple[int, str, Any, list[str]]


def extract(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: list[str], options: dict[str, Any]
) -> Iterator[Result]:
    """Babel's Python messages of the module, then its plural counts and (by the ``help`` option) Click help."""
    tree = ast.parse(fileobj.read())
    fileobj.seek(0)
    plurals = _plural_messages(tree)
    for lineno, funcname, message, comments in extract_python(
        fileobj, [*keywords, "Message"], comment_tags, options
    ):
        if funcname == "Message":  # Message(msgid, ...), or Message(singular, plural, count, ...): a plural entry
            singular = message[0] if isinstance(message, tuple) else message
            funcname = "ngettext" if singular in plurals else "gettext"
        yield lineno, funcname, message, comments
    help_scope = options.get("help", "none")
    counts = options.get("counts", "yes") == "yes"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if counts:
                yield from _plural(node)
            if help_scope == "all" and _is_click_call(node):
                yield from _help_keywords(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and help_scope in ("all", "top"):
            yield from _docstring(node, top_only=help_scope == "top")


def _plural_messages(tree: ast.AST) -> set[str]:
    """The singulars of the ``Message(singular, plural, count, ...)`` calls: plural entries (Babel's tuple of a
    call's strings cannot tell ``Message("a", x=", ".join(...))`` from one)."""
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "Message"
        and len(node.args) >= 2
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:2])
    }


def _plural(call: ast.Call) -> Iterator[Result]:
    """``plural(n, "card")``, ``plural(n, "entry", "entries")``: the entry words.plural looks up."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "plural" and 2 <= len(call.args) <= 3):
        return
    words = [a.value for a in call.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if len(words) != len(call.args) - 1:
        return  # a noun computed at run time has no entry (it is shown in English)
    singular, plural = words[0], words[1] if len(words) == 2 else words[0] + "s"
    yield call.lineno, "ngettext", (f"{{count}} {singular}", f"{{count}} {plural}"), []


def _is_click_call(call: ast.Call) -> bool:
    """``click.option(...)``, ``@group.command(...)`` and the like: a call whose ``help=`` is Click help. A name
    ending ``_option`` is Click's (``version_option``) or a factory of ``deckcli/cli/options.py`` (``game_option``:
    the options many commands share, each declared once)."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    return name in ("option", "argument", "command", "group") or name.endswith("_option")


def _help_keywords(call: ast.Call) -> Iterator[Result]:
    for keyword in call.keywords:
        if keyword.arg in ("help", "short_help", "epilog") and isinstance(keyword.value, ast.Constant):
            if isinstance(keyword.value.value, str) and keyword.value.value.strip():
                yield keyword.value.lineno, "gettext", inspect.cleandoc(keyword.value.value), []


def _docstring(function: ast.FunctionDef | ast.AsyncFunctionDef, top_only: bool) -> Iterator[Result]:
    """A Click command's help as Click keeps it: the docstring, cleaned, up to a form feed."""
    for decorator in function.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if not (isinstance(call, ast.Attribute) and call.attr in ("command", "group")):
            continue
        if top_only and not (isinstance(call.value, ast.Name) and call.value.id == "click"):
            continue
        text = (ast.get_docstring(function, clean=True) or "").partition("\f")[0]
        if text:
            yield function.body[0].lineno, "gettext", first_sentence(text) if top_only else text, []
        return
