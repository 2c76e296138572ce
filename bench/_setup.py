"""What the speed benchmarks share: a temporary data folder with a created database, and timing helpers."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def size_argument(doc: str, default: int, unit: str, argv: Sequence[str] | None = None) -> int:
    """The one optional size a bench takes (``python bench/X.py [N]``), with ``--help`` printing the script's
    docstring; a size that is no whole number is a usage error, not a traceback."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("size", nargs="?", type=int, default=default, metavar=unit.upper(), help=f"default {default:,}")
    return parser.parse_args(argv).size


@contextmanager
def data_folder(bytecode: bool = True):
    """A temporary folder with DECKCLI_DB and DECKCLI_DATA_DIR pointing into it, and the database created.

    ``bytecode``: processes started from here keep compiled bytecode (in a cache folder inside the temporary one),
    as an installed wheel does (pip compiles it), even where PYTHONDONTWRITEBYTECODE is set: otherwise every cold
    start would compile deckcli's modules from source, while the anchor's click comes precompiled.
    """
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["DECKCLI_DB"] = str(folder / "bench.db")
        os.environ["DECKCLI_DATA_DIR"] = str(folder / "data")
        if bytecode:
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
            os.environ["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        from deckcli.cards.importer import open_database

        open_database(folder / "bench.db").close()
        yield folder


def best_of(run: Callable[[], object], repeat: int = 5) -> float:
    """The median wall time of ``repeat`` calls, in seconds (the median resists a busy machine)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def interleaved(runs: dict, repeat: int = 5) -> dict:
    """Per named run, its shortest wall time and least CPU time over ``repeat`` rounds, each round running every one
    once in turn (after one run each to warm up): the sides of a ratio then share the machine's ups and downs."""
    for run in runs.values():
        run()
    walls, cpus = dict.fromkeys(runs, float("inf")), dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            started, cpu = time.perf_counter(), time.process_time()
            run()
            walls[name] = min(walls[name], time.perf_counter() - started)
            cpus[name] = min(cpus[name], time.process_time() - cpu)
    return {name: (walls[name], cpus[name]) for name in runs}


def fastest_cpu_of(command: Sequence[str], repeat: int = 5) -> tuple[float, float]:
    """The shortest wall time and the least CPU time (user + system, from the child's rusage) of ``repeat`` runs
    of ``command`` in a fresh process: CPU time is what a loaded machine skews least."""
    import resource

    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(list(command), capture_output=True, check=False)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(walls), min(cpus)


def interleaved_processes(commands: dict, repeat: int = 5) -> dict:
    """Per named command, its shortest wall time and least CPU time in a fresh process over ``repeat`` rounds, each
    round running every command once in turn: the sides of a ratio then share the machine's ups and downs."""
    best = {name: (float("inf"), float("inf")) for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            wall, cpu = fastest_cpu_of(command, 1)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    return best


def cli_process(args: Sequence[str], check: bool = True) -> Callable[[], None]:
    """A call of ``python -m deckcli ARGS`` in a fresh process (interpreter start-up included)."""

    def run() -> None:
        done = subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, check=False)
        if check and done.returncode not in (0, 1):
            raise SystemExit(f"deckcli {' '.join(args)} failed: {done.stderr[-400:]}")

    return run


def python_process(code: str) -> Callable[[], None]:
    """A call of ``python -c CODE`` in a fresh process."""
    return lambda: subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def ratio_line(label: str, ours: float, anchor: float, anchor_label: str, goal: float | None = None) -> str:
    """One printed line: both sides of the ratio, the ratio, and the goal it meets or misses."""
    ratio = ours / anchor if anchor else float("inf")
    verdict = "" if goal is None else ("  ok" if ratio <= goal else f"  ABOVE the goal of {goal:g}x")
    return f"{label:42} {ours * 1000:9.1f} ms   {anchor_label} {anchor * 1000:8.1f} ms   {ratio:6.2f}x{verdict}"
