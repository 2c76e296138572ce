"""Benchmark: ``deck proxies`` (a PDF) and ``deck export --to tts`` of a 60-card boa deck, each against ``event sheet
EVENT PLAYER -o sheet.pdf`` of one player with the same deck, all three printed or drawn by the same headless
Chromium, in fresh processes interleaved (the three share the machine's ups and downs).

Goal: each within 3x the sheet. The proxies are 7 pages of card faces (the sheet: one page of card names); the TTS
export draws two PNGs (a sheet of 27 distinct faces, the back) where the sheet prints one PDF. Each TTS run exports
into an emptied folder, so its images are drawn every time (an unchanged export keeps the images there).

Run: python bench/bench_play.py [ROUNDS]
Wall and CPU time (the process's and its children's: Chromium included) are both printed; the goal is judged on wall
time, since most of the work is Chromium's own start and drawing.
"""

from __future__ import annotations

import json
import subprocess
import sys

from _setup import ROOT, data_folder, interleaved_processes, ratio_line, size_argument

GOAL = 3
EVENT, PLAYER, DECK = "Bench Open", "Sam Example", "Bench Sixty"


def sixty_card_deck() -> str:
    """A boa-standard deck of 60 cards: 50 main (10 names x 3, 10 x 2), 6 Limitbreak (3 x 2), 4 side (4 x 1)."""
    cards = json.loads((ROOT / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8"))["cards"]
    main = [c["name"] for c in cards if c["kind"] != "limitbreak"]
    limitbreak = [c["name"] for c in cards if c["kind"] == "limitbreak"]
    lines = [f"Name: {DECK}", "Game: boa", "Main Deck"]
    lines += [f"{3 if i < 10 else 2} {name}" for i, name in enumerate(main[:20])]
    lines += ["Limitbreak Deck", *(f"2 {name}" for name in limitbreak[:3])]
    lines += ["Side Deck", *(f"1 {name}" for name in main[20:24])]
    return "\n".join(lines) + "\n"


def deckcli(*args: str) -> list[str]:
    return [sys.executable, "-m", "deckcli", *args]


def main() -> None:
    rounds = size_argument(__doc__, 5, "rounds")
    with data_folder() as folder:
        deck = folder / "sixty.txt"
        deck.write_text(sixty_card_deck(), encoding="utf-8")
        for args in (
            ("deck", "import", str(deck)),
            ("event", "new", EVENT, "--game", "boa", "--date", "2099-12-05"),
            ("event", "register", EVENT, PLAYER, str(deck)),
        ):
            subprocess.run(deckcli(*args), check=True, capture_output=True)
        tts = folder / "tts"
        commands = {
            "sheet": deckcli("event", "sheet", EVENT, PLAYER, "-o", str(folder / "sheet.pdf")),
            "proxies": deckcli("deck", "proxies", DECK, "-o", str(folder / "proxies.pdf")),
            "tts": ["sh", "-c", f'rm -rf "$1" && exec "$0" -m deckcli deck export "{DECK}" --to tts -o "$1"',
                    sys.executable, str(tts)],
        }
        for command in commands.values():  # each works, and once warmed up (Chromium's first start is slower)
            subprocess.run(command, check=True, capture_output=True)
        best = interleaved_processes(commands, rounds)
    (sheet_wall, sheet_cpu), (proxies_wall, proxies_cpu), (tts_wall, tts_cpu) = best["sheet"], best["proxies"], best["tts"]
    print(ratio_line("deck proxies, 60 cards, 7 pages (wall)", proxies_wall, sheet_wall, "event sheet", GOAL))
    print(ratio_line("deck proxies, 60 cards, 7 pages (CPU)", proxies_cpu, sheet_cpu, "event sheet"))
    print(ratio_line("deck export --to tts, 60 cards (wall)", tts_wall, sheet_wall, "event sheet", GOAL))
    print(ratio_line("deck export --to tts, 60 cards (CPU)", tts_cpu, sheet_cpu, "event sheet"))


if __name__ == "__main__":
    main()
