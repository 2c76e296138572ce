"""A whole 9-player event through the CLI on either backend: four Swiss rounds (⌈log2 9⌉), a drop, the standings,
a top 4 seeded by them, winners advancing to the final."""

from __future__ import annotations

import json

from swiss_support import new_event

PLAYERS = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans", "Ed Fox", "Flo Gray", "Gus Hill", "Hal Ito", "Ivy Jung"]
#: The result entered at each table, by table number (the first player's games, the second's, drawn games).
SCORES = {1: "2-1", 2: "2-0", 3: "0-2", 4: "1-1-1"}


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _play_round(run, event: str, number: int, points: dict[str, int], met: set[frozenset]) -> list[dict]:
    paired = _json(run("event", "pair", event, "--json"))
    assert paired["round"] == str(number)
    for table in paired["pairings"]:
        player, opponent = table["player"], table["opponent"]
        if opponent is None:
            points[player] += 3
            continue
        assert frozenset((player, opponent)) not in met  # no rematch: one can always be avoided here
        met.add(frozenset((player, opponent)))
        score = SCORES[table["table"]]
        entered = run("event", "result", event, number, table["table"], score)
        assert entered.exit_code == 0, entered.output
        assert entered.stdout == f"Round {number}, table {table['table']}: {player} {score} {opponent}.\n"
        wins, losses = (int(x) for x in score.split("-")[:2])
        points[player] += 3 if wins > losses else 1 if wins == losses else 0
        points[opponent] += 3 if losses > wins else 1 if wins == losses else 0
    return paired["pairings"]


def test_a_nine_player_event_runs_four_rounds_and_a_top_four(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS)
    points = dict.fromkeys(PLAYERS, 0)
    met: set[frozenset] = set()
    byes: list[str] = []
    for number in (1, 2):
        tables = _play_round(run, event, number, points, met)
        byes += [t["player"] for t in tables if t["opponent"] is None]
    dropped = run("event", "drop", event, "Ivy Jung")
    assert (dropped.exit_code, dropped.stdout) == (0, "Ivy Jung dropped: not paired from round 3 on.\n")
    for number in (3, 4):
        tables = _play_round(run, event, number, points, met)
        seated = [p for t in tables for p in (t["player"], t["opponent"]) if p]
        assert sorted(seated) == sorted(set(PLAYERS) - {"Ivy Jung"})  # 8 active: no bye, the dropped player out
    assert len(byes) == len(set(byes)) == 2  # one bye a round while 9 played, never twice to one player

    refused = run("event", "pair", event)
    assert refused.exit_code == 1
    assert "all 4 rounds are paired; pair the top cut with deckcli event top" in refused.output

    lines = _json(run("event", "standings", event, "--json"))
    assert {line["player"]: line["points"] for line in lines} == points
    assert [line["rank"] for line in lines] == list(range(1, 10))
    assert [line["dropped"] for line in lines if line["player"] == "Ivy Jung"] == [True]
    ranked = [line["player"] for line in lines if not line["dropped"]]
    table = run("event", "standings", event)
    assert table.stdout.splitlines()[0].split() == ["rank", "player", "points", "record", "omw", "gw", "ogw", "dropped"]

    cut = _json(run("event", "top", event, "--cut", "4", "--json"))
    assert cut == {"round": "top4", "pairings": [
        {"table": 1, "player": ranked[0], "opponent": ranked[3]},
        {"table": 2, "player": ranked[1], "opponent": ranked[2]},
    ]}
    drawn = run("event", "result", event, "top4", 1, "1-1-1")
    assert drawn.exit_code == 1 and "has no winner; a match of the top cut is won" in drawn.output
    assert run("event", "result", event, "top4", 1, "2-0").exit_code == 0
    assert run("event", "result", event, "top4", 2, "1-2").exit_code == 0
    final = _json(run("event", "top", event, "--json"))
    assert final["pairings"] == [{"table": 1, "player": ranked[0], "opponent": ranked[2]}]
    assert run("event", "result", event, "top2", 1, "0-2").exit_code == 0
    over = run("event", "top", event)
    assert (over.exit_code, over.stdout.splitlines()[-1]) == (0, f"{ranked[2]} won the top cut of {event}.")

    shown = _json(run("event", "show", event, "--json"))
    assert (shown["rounds"], shown["total_rounds"], shown["current_round"]) == (None, 4, "top2")
    assert run("event", "show", event).stdout.count("rounds: 4 (⌈log2 players⌉ of round 1)\n") == 1

    from deckcli.events.rounds import load_tournament

    done = load_tournament(db, event)
    assert [r.label for r in done.rounds] == ["1", "2", "3", "4"] and [r.label for r in done.cut] == ["top4", "top2"]
    assert all(r.complete for r in done.rounds + done.cut) and done.total_rounds == 4
    assert [s.player for s in done.standings] == [line["player"] for line in lines]


def test_the_same_seed_gives_the_same_first_round(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS)
    seed = _json(run("event", "show", event, "--json"))["seed"]
    first = _json(run("event", "pair", event, "--json"))["pairings"]
    from deckcli.events.pairing import first_round

    assert [(t["player"], t["opponent"]) for t in first] == first_round(PLAYERS, seed)


def test_a_bye_says_bye_in_the_pairings_table_and_csv_and_is_null_in_json(run, db, tmp_path):
    shown = {}
    for name, output in (("Cup table", ()), ("Cup csv", ("--csv",)), ("Cup json", ("--json",))):
        new_event(run, db, tmp_path / name, PLAYERS[:3], name)
        shown[name] = run("event", "pair", name, *output)
        assert shown[name].exit_code == 0, shown[name].output
    last = shown["Cup table"].stdout.splitlines()[-1].split()
    assert last[0] == "2" and last[-1] == "bye", shown["Cup table"].stdout
    assert shown["Cup csv"].stdout.splitlines()[-1].endswith(",bye"), shown["Cup csv"].stdout
    assert json.loads(shown["Cup json"].stdout)["pairings"][-1]["opponent"] is None
