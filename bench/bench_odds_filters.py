"""Benchmark: ``deckcli odds`` with many overlapping filters, and the sfb best discard policy with many conditions.

Goals (issue "One mechanism per job"): ``odds`` of a 60-card deck with 12 overlapping filters and --turn 20 within
1.5x the same with one filter; ``odds`` of an sfb team (the best discard policy) with 8 conditions within 2x the
3-condition case. Both goals are the command's, as a user runs it: ``python -m deckcli odds ...`` in a fresh
process (a decklist of the bundled boa cards read, its cards found in the database, the exact odds with both
by-turn columns, the table printed; CPU time, the sides run in turn). Beside each, so that the start-up cannot hide
where the time goes: the same command run in this process (no interpreter start-up), weighed against the same goal
(the stricter reading), and the computation alone (parse, classes, the odds and both by-turn columns, no database or printing) over a synthetic
deck. Each figure is the least CPU time (a shared machine's other work does not count) of --repeat runs, after
one run each to warm up.

    python bench/bench_odds_filters.py [--repeat 30] [--max-filters 12] [--profile]

``--profile``: instead of the figures, where the in-process commands' time goes (cProfile, by cumulative time).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from _setup import ROOT, data_folder, interleaved, interleaved_processes, ratio_line

COLOURS = ["red", "yellow", "blue"]
FIELDS = {"name": "string", "kind": "string", "cost": "integer", "element": "string", "colour": "string",
          "champion": "string", "group": "string"}
ELEMENTS = ["Fire", "Water", "Earth", "Air", "Shadow", "Light"]
GROUPS = ["Dragon", "Undead", "Machine", "Beast"]
#: Twelve overlapping filters over the deck below (each card matches several of them).
FILTERS = [
    "1+ kind=monster,cost<=2", "1-3 kind=spell", "2+ element=Fire", "0-1 cost>=4", "1+ group=Dragon",
    "0-2 element=Water", "1+ cost=3", "0-1 group=Undead", "1+ element=Earth,kind=monster", "0-2 cost>=5",
    "1+ group=Machine", "0-1 element=Shadow",
]
#: The same twelve kinds of filter over the bundled boa cards' own fields, for the command.
DECK_FILTERS = [
    "1+ kind=monster,cost<=2", "1-3 kind=spell", "2+ element=Fire", "0-1 cost>=4", "1+ subgroup=Dragon",
    "0-2 element=Water", "1+ cost=3", "0-1 subgroup=Undead", "1+ element=Earth,kind=monster", "0-2 cost>=5",
    "1+ group=Artificial", "0-1 element=Shadow",
]
#: 60 cards of the bundled boa sample set, 3 copies each: 16 monsters over elements, groups and costs, 4 spells.
DECK_CARDS = [
    "Ember Whelp", "Cinder Imp", "Pyreclaw Drake", "Forge Sentinel", "Tidepool Crab", "Drowned Mariner",
    "Coral Golem", "Pebble Golem", "Basalt Drake", "Burrowing Mole-Rat", "Shambling Ghoul", "Hollow Knight",
    "Arc Dragon", "Rivet Hound", "Skyfin Hawk", "Glacier Tortoise", "Fireball", "Tidal Surge", "Arcane Insight",
    "Rallying Cry",
]
#: Eight conditions over the bundled sfb team of examples/team-shadows.txt, for the command.
SFB_DECK_WANTS = ["1+ colour=red", "1+ colour=yellow", "1+ colour=blue", "1+ champion=Kilgore", "1+ champion=Gwaien",
                  "1+ action=skill", "0-1 colour=red,champion=Kilgore", "0-1 colour=blue,champion=Gwaien"]
SFB_WANTS = ["1+ colour=red", "1+ colour=yellow", "1+ colour=blue", "1+ champion=A", "1+ champion=B",
             "1+ champion=C", "0-1 colour=red,champion=A", "0-1 colour=blue,champion=C"]


def boa_deck() -> list[tuple[dict, int]]:
    """60 cards: 20 different cards, 3 copies each, over costs, elements, groups and two kinds."""
    cards = []
    for i in range(20):
        kind = "spell" if i % 5 == 0 else "monster"
        card = {"name": f"Card {i}", "kind": kind, "cost": i % 7, "element": ELEMENTS[i % 6], "group": GROUPS[i % 4]}
        cards.append((card, 3))
    return cards


def sfb_deck() -> list[tuple[dict, int]]:
    """18 cards: three champions' six action cards, two of each colour."""
    return [({"name": f"{c}{i}", "kind": "action", "champion": c, "colour": COLOURS[i % 3]}, 1)
            for c in "ABC" for i in range(6)]


def _least(runs: dict, repeat: int) -> dict:
    """Per named run, its least CPU time over ``repeat`` rounds; each round runs every one once, in turn."""
    return {name: cpu for name, (_, cpu) in interleaved(runs, repeat).items()}


def _command_odds(deck: Path, filters: int, wants: list[str] = DECK_FILTERS, turns: int = 20) -> Callable[[], None]:
    """``deckcli odds DECK --turn TURNS`` (none for 0) with the first ``filters`` of ``wants``, run in this process
    (a policy is remembered per deck shape: forgotten before each run, or every run after the first would be free)."""
    from deckcli.cli.main import cli
    from deckcli.odds import bestpolicy

    args = ["odds", str(deck), *(["--turn", str(turns)] if turns else [])]
    for want in wants[:filters]:
        args += ["--want", want]

    def run() -> None:
        bestpolicy._POLICIES.clear()
        out = io.StringIO()
        with redirect_stdout(out), redirect_stderr(io.StringIO()):
            try:
                cli.main(args, prog_name="deckcli", standalone_mode=False)
            except SystemExit:
                pass
        if ("turn" if turns else "mulligan") not in out.getvalue():
            raise SystemExit(f"deckcli {' '.join(args)} printed no {'by-turn table' if turns else 'figures'}")

    return run


def _fresh(commands: dict[int, list[str]], repeat: int) -> dict[int, float]:
    """The least CPU time of each command in a fresh process, the commands run in turn ``repeat`` times."""
    return {n: cpu for n, (_, cpu) in interleaved_processes(commands, repeat).items()}


def _odds_process(deck: Path, wants: list[str], turns: int) -> list[str]:
    args = [sys.executable, "-m", "deckcli", "odds", str(deck), *(["--turn", str(turns)] if turns else [])]
    return args + [arg for want in wants for arg in ("--want", want)]


def command_rows(repeat: int, counts: list[int]) -> None:
    """The goals' rows: the command as a fresh process (the goal), and in this process."""
    with data_folder() as folder:
        deck = folder / "deck.txt"
        deck.write_text("Game: boa\n" + "".join(f"3 {name}\n" for name in DECK_CARDS), encoding="utf-8")
        n = counts[-1]
        fresh = _fresh({k: _odds_process(deck, DECK_FILTERS[:k], 20) for k in (1, n)}, max(5, repeat // 3))
        print(f"deckcli odds, 60 cards, --turn 20, 1 filter, a fresh process: {fresh[1] * 1000:.1f} ms (CPU)")
        print(ratio_line(f"deckcli odds, {n} overlapping filters", fresh[n], fresh[1], "1 filter",
                         1.5 if n == 12 else None))
        times = _least({k: _command_odds(deck, k) for k in counts}, repeat)
        for k in counts[1:]:
            print(ratio_line(f"  in this process, {k} filters", times[k], times[1], "1 filter", 1.5 if k == 12 else None))
        team = folder / "team.txt"
        shutil.copy(ROOT / "examples" / "team-shadows.txt", team)
        fresh = _fresh({k: _odds_process(team, SFB_DECK_WANTS[:k], 0) for k in (3, 8)}, max(5, repeat // 3))
        print(f"deckcli odds, sfb team (best policy), 3 conditions, a fresh process: {fresh[3] * 1000:.1f} ms (CPU)")
        print(ratio_line("deckcli odds, sfb team, 8 conditions", fresh[8], fresh[3], "3 conditions", 2))
        times = _least({k: _command_odds(team, k, SFB_DECK_WANTS, 0) for k in (3, 8)}, repeat)
        print(ratio_line("  in this process, 8 conditions", times[8], times[3], "3 conditions", 2))


def profile_rows(repeat: int, lines: int = 30) -> None:
    """cProfile of the in-process commands the goals' rows time (12 filters, and the sfb team's 8 conditions),
    each run ``repeat`` times after one run to warm up."""
    import cProfile
    import pstats

    with data_folder() as folder:
        deck = folder / "deck.txt"
        deck.write_text("Game: boa\n" + "".join(f"3 {name}\n" for name in DECK_CARDS), encoding="utf-8")
        team = folder / "team.txt"
        shutil.copy(ROOT / "examples" / "team-shadows.txt", team)
        for title, run in [("12 filters, --turn 20", _command_odds(deck, 12)),
                           ("sfb team, 8 conditions", _command_odds(team, 8, SFB_DECK_WANTS, 0))]:
            run()
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(repeat):
                run()
            profile.disable()
            print(f"== deckcli odds, {title}, in this process, {repeat} runs")
            pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--max-filters", type=int, default=12)
    parser.add_argument("--profile", action="store_true", help="where the in-process commands' time goes, no figures")
    args = parser.parse_args()
    if args.profile:
        profile_rows(args.repeat)
        return
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds import bestpolicy, odds

    opening = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
    cards = boa_deck()
    counts = [n for n in (1, 8, 10, 11, 12) if n <= args.max_filters]
    command_rows(args.repeat, [n for n in counts if n in (1, 8, 12)])

    def computed(n: int) -> None:  # what the command computes: both by-turn columns
        _ = odds(cards, parse_conditions(FILTERS[:n], FIELDS), opening, turns=20).by_turn_with_mulligan

    times = _least({n: (lambda n=n: computed(n)) for n in counts}, args.repeat)
    print(f"the computation alone, 60 cards, --turn 20, 1 filter: {times[1] * 1000:.2f} ms "
          f"(CPU, least of {args.repeat})")
    for n in counts[1:]:
        print(ratio_line(f"  {n} overlapping filters", times[n], times[1], "1 filter"))

    sfb_opening = {"hand_size": 5, "mulligan": "partial-redraw", "draws_per_turn": 5, "first_turn_draw": "none"}
    team = sfb_deck()

    def policy(wants):  # a policy is remembered per deck shape: forget it, or every run after the first is free
        bestpolicy._POLICIES.clear()
        return odds(team, parse_conditions(wants, FIELDS), sfb_opening)

    times = _least({n: (lambda n=n: policy(SFB_WANTS[:n])) for n in (3, 4, 8)}, args.repeat)
    print(f"the computation alone, sfb best policy, 3 conditions: {times[3] * 1000:.2f} ms (CPU, least of {args.repeat})")
    for n in (4, 8):
        print(ratio_line(f"  sfb best policy, {n} conditions", times[n], times[3], "3 conditions"))


if __name__ == "__main__":
    main()
