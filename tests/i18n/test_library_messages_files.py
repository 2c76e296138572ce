"""The library's last plain-English messages, now catalog entries: JSON syntax reasons, JSON Schema keyword failures
(and a spreadsheet card list's cells named around them), a collection import's bad rows, a refused site folder's
reasons and the player-name checks. Each reaches the user as a :class:`~deckcli.i18n.Message` with its msgid and
arguments, English unchanged; shown under a catalog (here a marking one, every entry found ``⟨...⟩``) each part of
it is looked up, the parts inside too."""

from __future__ import annotations

import gettext

import pytest

from deckcli import i18n
from deckcli.errors import CardDataError, InputError, SiteFolderRefused
from deckcli.i18n import error_text, translated


class _Marking(gettext.NullTranslations):
    """A catalog with every entry: its text inside ⟨⟩, so a test sees which parts went through gettext; a message's
    ``{file}: `` stays in front, as the catalogs keep it."""

    def gettext(self, message):
        file, found, rest = message.partition("{file}: ")
        return f"{{file}}: ⟨{rest}⟩" if found and not file else f"⟨{message}⟩"

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)


@pytest.fixture
def marking(monkeypatch):
    monkeypatch.setattr(i18n, "translation", _Marking)


def test_a_json_syntax_reason_is_its_own_entry_inside_the_located_message(marking):
    from deckcli.files.jsontext import JsonSyntaxError, parse_json

    with pytest.raises(JsonSyntaxError) as info:
        parse_json('{"zones": [1, 2,]}', "deck.json")
    text = error_text(info.value)
    assert text == "deck.json: line 1, column 16: not valid JSON: trailing comma before ']'"
    assert text.msgid == "{file}: line {line}, column {column}: not valid JSON: {reason}"
    assert text.args["reason"].msgid == "trailing comma before {closing!r}"
    assert translated(text) == "deck.json: ⟨line 1, column 16: not valid JSON: ⟨trailing comma before ']'⟩⟩"


def test_a_number_too_long_counts_its_digits_in_the_users_words(marking):
    from deckcli.files.jsontext import JsonSyntaxError, parse_json
    from deckcli.files.numbers import shown_digits

    with pytest.raises(JsonSyntaxError) as info:
        parse_json("[" + "9" * 5000 + "]", "set.json")
    reason = info.value.reason
    assert reason == "number with more than 4300 digits" and reason.plural == "number with more than {count} digits"
    shortened = shown_digits("7" * 5000)
    assert shortened == "777777777777… (5,000 digits)" and translated(shortened) == "⟨777777777777… (5,000 digits)⟩"


@pytest.mark.parametrize(
    "doc, problem, msgid, english",
    [
        ({"extends": "boa-standard", "banlist": []}, "$", "Additional properties are not allowed ({names} was unexpected)",
         "Additional properties are not allowed ('banlist' was unexpected)"),
        ({"game": "boa", "opening": {"hand_size": 6}}, "$", "{property!r} is a required property",
         "'zones' is a required property"),
        ({"extends": "boa-standard", "opening": {"hand_size": "six"}}, "$.opening.hand_size",
         "{value} is not of type {types}", "'six' is not of type 'integer'"),
        ({"extends": "boa-standard", "opening": {"mulligan": "paris"}}, "$.opening.mulligan",
         "{value} is not one of: {allowed}", None),
    ],
)
def test_a_schema_error_of_a_format_file_is_deckclis_message(marking, doc, problem, msgid, english):
    from deckcli.validation.jsonschemas import PATH_PROBLEM, schema_errors

    lines = schema_errors("format.schema.json", doc, "mine.json")
    found = [p for p in lines if p.args["path"] == problem and p.args["problem"].msgid == msgid]
    assert found, lines
    assert found[0].msgid == PATH_PROBLEM
    if english is not None:
        assert f"mine.json: {problem}: {english}" in found
        assert f"mine.json: ⟨{problem}: ⟨{english}⟩⟩" in map(translated, found)


def test_a_sheets_bad_cells_are_located_and_still_translatable(marking, tmp_path):
    from deckcli.cards import setfiles, sheets

    path = tmp_path / "bad.csv"
    path.write_text(
        "number,name,kind,cost,attack,health,element,group,subgroup,lore\n"
        "901,Test Imp,monster,two,1,1,Fire,Natural,Imp,Lore.\n"
        "902,,monster,1,1,1,Fire,Natural,Imp,Lore.\n",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError) as info:
        setfiles.load_cardsets([str(path)], sheets.SheetSet("boa", "T1", "Test"))
    cost, name = info.value.problems
    assert cost == f"{path}: line 2: column D (cost): 'two' is not of type 'integer'"
    assert cost.msgid == "{where}: column {column} ({name}): {problem}"
    assert name == f"{path}: line 3: column B (name): 'name' is a required property"  # found by its arguments
    assert translated(name) == f"⟨{path}: ⟨line 3⟩: column B (name): ⟨'name' is a required property⟩⟩"


def test_a_number_twice_in_a_sheet_names_the_cell_of_the_second(marking, tmp_path):
    from deckcli.cards import setfiles, sheets

    path = tmp_path / "twice.csv"
    row = "Test Bolt,spell,1,basic,Deal 1.\n"
    path.write_text("number,name,kind,cost,spell_type,text\n901," + row + "901," + row, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        setfiles.load_cardsets([str(path)], sheets.SheetSet("boa", "T1", "Test"))
    problems = info.value.problems
    assert f"{path}: line 3: column A (number): number '901' is used more than once in the set" in problems
    assert "⟨number '901' is used more than once in the set⟩" in translated(problems[-1])


def test_a_collection_imports_bad_rows_are_one_error_of_lines(db, marking, tmp_path):
    from deckcli.collection.importing import apply_import, plan_import

    path = tmp_path / "mine.csv"
    path.write_text("count,name\n2,Ember Whelp\nfour,Ember Whelp\n1,Nosuch Card\n", encoding="utf-8")
    plan = plan_import(db, str(path), game="boa")
    with pytest.raises(InputError) as info:
        apply_import(db, plan)
    text = error_text(info.value)
    assert isinstance(text, i18n.Lines)
    assert text.lines[-1] == "2 bad rows of 3; nothing was imported (--skip-bad imports the rest)"
    assert translated(text).splitlines()[-1] == "⟨⟨2 bad rows⟩ of 3; nothing was imported (--skip-bad imports the rest)⟩"
    assert translated(text).splitlines()[0].startswith(f"⟨{path}: line 3⟩: ⟨")


def test_a_refused_site_folder_gives_its_reasons_in_the_users_words(marking, tmp_path):
    from deckcli.events.sitemanifest import check_folder

    (tmp_path / ".deckcli-site.json").write_text("{", encoding="utf-8")
    (tmp_path / "index.html").symlink_to(tmp_path / "elsewhere.html")
    with pytest.raises(SiteFolderRefused) as info:
        check_folder(tmp_path, str(tmp_path))
    manifest, link = (why for _, why in info.value.entries)
    assert manifest == "line 1, column 2: not valid JSON: unexpected end of the document"
    assert translated(manifest) == "⟨line 1, column 2: not valid JSON: ⟨unexpected end of the document⟩⟩"
    assert link == "a link" and translated(link) == "⟨a link⟩"
    assert "⟨index.html (⟨a link⟩)⟩" in translated(error_text(info.value))


def test_a_form_exports_player_name_is_named_in_the_users_words(marking, tmp_path):
    from deckcli.events.sources import form_sources

    path = tmp_path / "form.csv"
    path.write_text('player,decklist\n"Ann\x07",4 Ember Whelp\n', encoding="utf-8")
    _, problems = form_sources(str(path))
    (_, problem), = problems
    assert problem == f"{path}: line 2: player name 'Ann\\x07' contains the control character U+0007"
    assert "⟨player name⟩" in translated(problem)


def test_a_card_cockatrice_cannot_hold_is_named_in_the_users_words(marking):
    from types import SimpleNamespace

    from deckcli.cards.cockatrice import database

    card = {"number": "902", "name": "Bad\ufffeName", "kind": "spell", "text": ""}
    with pytest.raises(InputError) as info:
        database("boa", [SimpleNamespace(code="T1", name="Test", doc={"cards": [card]})], {})
    text = error_text(info.value)
    assert text == (
        "cannot write card 902 ('Bad\\ufffeName') as Cockatrice XML: its name holds U+FFFE, a character XML cannot hold"
    )
    assert text.args["what"].msgid == "card {number} ({name!r})"
    assert translated(text).startswith("⟨cannot write ⟨card 902 ('Bad\\ufffeName')⟩ as Cockatrice XML")
