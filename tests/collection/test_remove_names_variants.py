"""``collection remove`` of a variant not held said "has no Fireball (S01) 083 [normal]" while naming the copies held
"[normal, M]": the variant asked for now says what it leaves unset where a held one sets it."""

from __future__ import annotations


def test_the_variant_asked_for_says_what_it_leaves_unset(run, db):
    assert run("collection", "add", "Fireball", "2", "-g", "boa", "-c", "M", "-l", "ja").exit_code == 0
    assert run("collection", "add", "Fireball", "1", "-g", "boa", "--foil").exit_code == 0
    result = run("collection", "remove", "Fireball", "-g", "boa", "-c", "M")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "Error: the collection has no Fireball (S01) 083 [normal, M, no language]; "
        "it has 1 (S01) 083 [foil], 2 (S01) 083 [normal, M, ja] (choose with"
    )
    assert run("collection", "show", "Fireball", "-g", "boa", "--json").output.count('"count": 2') == 1


def test_nothing_unset_is_named_when_no_held_copy_sets_it(run, db):
    assert run("collection", "add", "Fireball", "1", "-g", "boa", "--foil").exit_code == 0
    result = run("collection", "remove", "Fireball", "-g", "boa")
    assert "Error: the collection has no Fireball (S01) 083 [normal]; it has 1 (S01) 083 [foil] (" in result.stderr
