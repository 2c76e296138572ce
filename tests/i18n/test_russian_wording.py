"""Russian messages read as a Russian player writes them, whatever the number or the words put into them: a count
after a preposition ("не больше 1 экз.", never "ограничена 1 копиями"), a table named in the nominative after a
dash (never "для стол 4"). validate --collection counts the copies not owned as collection missing does."""

from __future__ import annotations

import paths  # tests/support/paths.py

EXAMPLES = paths.REPO / "examples"


def test_a_restricted_card_and_the_copies_not_owned_read_right_for_any_count(deckcli):
    example = EXAMPLES / "ember-rush.txt"
    checked = deckcli("ru_RU.UTF-8", "validate", example, "--format", "boa-advanced")
    assert "'Counterspell' в boa-advanced — не больше 1 экз.; в колоде 3 (Сайдборд: 3)" in checked.stdout
    assert "копиями" not in checked.stdout
    owned = deckcli("ru_RU.UTF-8", "validate", example, "--collection")
    assert "легальна; нет в коллекции: 65 карт (разных: 22)" in owned.stdout.splitlines()[0]
    owned = deckcli("ja_JP.UTF-8", "validate", example, "--collection")
    assert "未所持のカード 65 枚（22種類）" in owned.stdout.splitlines()[0]


def test_a_round_waiting_for_a_result_names_the_table_as_russian_does(deckcli):
    assert deckcli("ru_RU.UTF-8", "event", "new", "Весна", "--game", "boa", "--seed", "7QJ4KX2M").returncode == 0
    assert deckcli("ru_RU.UTF-8", "event", "import", "Весна", EXAMPLES / "form-export.csv").returncode == 0
    assert deckcli("ru_RU.UTF-8", "event", "pair", "Весна").returncode == 0
    refused = deckcli("ru_RU.UTF-8", "event", "pair", "Весна")
    assert refused.returncode == 1
    assert "Весна: нельзя составить пары раунда 2: ещё не введён результат — стол 1 (" in refused.stderr
    assert "для стол" not in refused.stderr
