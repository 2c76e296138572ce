"""``deck proxies``: each game's example deck printed by a real Chromium (page size, page count = cards over 9
rounded up, every card name in the text layer), ``--missing`` counted as ``collection missing`` counts, nothing
missing, a bleed that cannot fit, a deck of an unknown game and a card name holding markup."""

from __future__ import annotations

import json
import math

import browser  # tests/support/browser.py
import play_support as ps

#: Paper sizes in PDF points (Chromium writes A4 as 594.96 x 841.92).
A4, LETTER = (595.0, 841.9), (612.0, 792.0)


def _names(run, deck: str) -> set[str]:
    """The card names of a stored deck, as its cards are called (an aqa list may name them by romanised alias)."""
    return {n["name"] for n in json.loads(run("collection", "missing", deck, "--json").stdout)}


def test_each_games_deck_prints_as_proxy_pages(tmp_path):
    browser.chromium()
    cli = ps.fresh_cli()
    ps.import_examples(cli)
    for game, paper, bleed, size in (("boa", "a4", "1", A4), ("aqa", "letter", "0", LETTER), ("sfb", "a4", "0", A4)):
        _, name, zones = ps.DECKS[game]
        pdf = tmp_path / f"{game}.pdf"
        done = cli("deck", "proxies", name, "--paper", paper, "--bleed", bleed, "-o", pdf)
        cards, pages = sum(zones.values()), math.ceil(sum(zones.values()) / 9)
        assert done.exit_code == 0 and done.stderr == f"Wrote {cards} proxies of {name} to {pdf} (pdf, {pages} pages).\n"
        sizes, text = ps.pdf_text(pdf)
        assert len(sizes) == pages and all(abs(w - size[0]) < 1 and abs(h - size[1]) < 1 for w, h in sizes), sizes
        squeezed = text.replace(" ", "")  # (the text layer puts spaces around full-width quotes: “ 天羽つかさ ”)
        assert {n for n in _names(cli, name) if n.replace(" ", "") not in squeezed} == set()
    # sfb's deck as HTML too, the same pages any browser prints: its 3 champions and 18 actions, 3 pages.
    done = cli("deck", "proxies", "Shadows and Steel", "-o", "-")
    assert done.exit_code == 0 and done.stdout.count('<section class="page">') == 3
    assert done.stdout.count('<div class="face"') == 21
    assert all(f'<span class="name">{champion}' in done.stdout for champion in ("Kilgore", "Lil&#39;Y", "Gwaien"))
    assert "@page { size: 210.0mm 297.0mm; margin: 0; }" in done.stdout


def test_missing_proxies_are_the_copies_collection_missing_counts(run, tmp_path):
    ps.import_examples(run)
    assert run("collection", "add", "Ember Whelp", "3", "--game", "boa").exit_code == 0
    assert run("collection", "add", "Fireball", "9", "--game", "boa").exit_code == 0
    missing = sum(n["missing"] for n in json.loads(run("collection", "missing", "Ember Rush", "--json").stdout))
    assert missing == 65 - 3 - 4
    done = run("deck", "proxies", "Ember Rush", "--missing", "-o", tmp_path / "missing.html")
    assert done.exit_code == 0 and done.stderr == (
        f"Wrote {missing} proxies of Ember Rush to {tmp_path / 'missing.html'} (html, 7 pages).\n"
    )
    html = (tmp_path / "missing.html").read_text(encoding="utf-8")
    assert html.count('<div class="face"') == missing and html.count('<span class="name">Ember Whelp') == 1
    assert '<span class="name">Fireball' not in html


def test_nothing_missing_says_so_and_writes_nothing(run, tmp_path):
    ps.import_examples(run)
    owned = "".join(f'4,sfb,"{name}"\n' for name in sorted(_names(run, "Shadows and Steel")))
    imported = run("collection", "import", "-", input="count,game,name\n" + owned)
    assert imported.exit_code == 0, imported.output
    done = run("deck", "proxies", "Shadows and Steel", "--missing", "-o", tmp_path / "none.pdf")
    assert done.exit_code == 0
    assert done.stdout == "Nothing is missing: you own every card of Shadows and Steel; no file was written.\n"
    assert not (tmp_path / "none.pdf").exists()


def test_a_bleed_that_cannot_fit_and_a_deck_of_an_unknown_game(run, tmp_path):
    ps.import_examples(run)
    wide = run("deck", "proxies", "Ember Rush", "--bleed", "3", "-o", tmp_path / "p.pdf")
    assert wide.exit_code == 1 and wide.stderr == (
        "Error: --bleed 3: 3 × (63 + 2×3) mm = 207 mm, with 2 mm of cut marks on each side, is wider than A4's"
        " printable 200 mm (the paper less 5 mm on each side); at most 1.1 mm fits\n"
    )
    letter = run("deck", "proxies", "Ember Rush", "--bleed", "2", "--paper", "letter", "-o", tmp_path / "p.html")
    assert letter.exit_code == 1 and "taller than Letter's printable 269.4 mm" in letter.stderr and "at most 0.2 mm" in letter.stderr
    negative = run("deck", "proxies", "Ember Rush", "--bleed", "-1", "-o", tmp_path / "p.html")
    assert negative.exit_code == 2 and "-1.0 is not in the range x>=0" in negative.stderr
    (tmp_path / "chess.txt").write_text("Game: chess\nMain Deck\n4 Ember Whelp\n", encoding="utf-8")
    chess = run("deck", "proxies", tmp_path / "chess.txt", "-o", tmp_path / "p.html")
    assert chess.exit_code == 1 and "unknown game 'chess' in the decklist; known: aqa, boa, sfb" in chess.stderr
    assert not (tmp_path / "p.pdf").exists() and not (tmp_path / "p.html").exists()


def test_a_card_name_holding_markup_stays_text(run, tmp_path):
    cards = {"game": "boa", "set": {"code": "MKP", "name": "Markup <i>set</i>"}, "cards": [
        {"number": "001", "name": "<b>Bold</b> & \"Co\"", "kind": "spell", "spell_type": "basic", "cost": 1,
         "text": "<script>alert(1)</script>"}]}
    (tmp_path / "set.json").write_text(json.dumps(cards), encoding="utf-8")
    assert run("cards", "import", tmp_path / "set.json").exit_code == 0
    (tmp_path / "deck.txt").write_text('Game: boa\nMain Deck\n2 <b>Bold</b> & "Co"\n', encoding="utf-8")
    done = run("deck", "proxies", tmp_path / "deck.txt", "-o", "-")
    assert done.exit_code == 0
    assert done.stdout.count('<span class="name">&lt;b&gt;Bold&lt;/b&gt; &amp; &#34;Co&#34;') == 2
    assert "<script>" not in done.stdout and "&lt;script&gt;alert(1)&lt;/script&gt;" in done.stdout


def test_a_pdf_holds_card_names_as_typed(run, tmp_path):
    """The text layer has the letters of each name, not a ligature glyph (ﬂ, U+FB02, for "fl"): a PDF viewer's
    search for "Lightning Reflexes" finds the card."""
    import pypdf  # the text layer as Chromium printed it, without the NFKC that ps.pdf_text applies

    browser.chromium()
    names = ["Lightning Reflexes", "Skyfin Hawk", "Cloudrunner Griffin", "Snowdrift Yeti"]
    (tmp_path / "deck.txt").write_text("Game: boa\nMain Deck\n" + "".join(f"1 {n}\n" for n in names), encoding="utf-8")
    done = run("deck", "proxies", tmp_path / "deck.txt", "-o", tmp_path / "deck.pdf")
    assert done.exit_code == 0, done.output
    pages = pypdf.PdfReader(str(tmp_path / "deck.pdf")).pages
    text = " ".join(" ".join(page.extract_text() or "" for page in pages).split())
    assert [n for n in names if n not in text] == []
    assert [c for c in text if "\ufb00" <= c <= "\ufb06"] == []
