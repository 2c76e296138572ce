"""``--want '1+ Fireball'``: an unquoted card name that is no ``field OP value`` is that card; a word that is
neither says so, with the closest card names."""

import json

import paths  # tests/support/paths.py

EMBER = paths.REPO / "examples" / "ember-rush.txt"


def test_a_bare_card_name_counts_as_that_card_as_a_quoted_one_does(run):
    bare = run("odds", EMBER, "--want", "1+ Fireball", "--json")
    quoted = run("odds", EMBER, "--want", '1+ "Fireball"', "--json")
    assert bare.exit_code == 0 and quoted.exit_code == 0, bare.output
    assert json.loads(bare.stdout)["p_opening"] == json.loads(quoted.stdout)["p_opening"]
    text = run("odds", EMBER, "--want", "1+ Ember Whelp")
    assert text.exit_code == 0 and "at least 1 card named 'Ember Whelp'; 4 in the deck" in text.stdout


def test_a_bare_word_that_is_no_card_names_both_readings_and_the_closest_card(run):
    result = run("odds", EMBER, "--want", "1+ Fireblal")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "Error: bad condition '1+ Fireblal': expected 'field OP value' (e.g. cost<=2), got 'Fireblal'; as a card "
        "name: unknown card 'Fireblal' in boa; did you mean 'Fireball'?\n  1+ Fireblal\n     ^^^^^^^^"
    )


def test_a_broken_comparison_is_still_named_as_one(run):
    result = run("simulate", EMBER, "--want", "1+ cost<<2", "--trials", "1000")
    assert result.exit_code == 1
    assert "bad condition '1+ cost<<2': bad operator in 'cost<<2': '<<' is not an operator" in result.stderr
