"""Every word the game accepts, played by the default policy: games lost, as played, and the mean.

    python benchmarks/bench_never_lose.py              # Wordle: the 12,972 words of 2022 and today's 14,855
    python benchmarks/bench_never_lose.py --termo      # and the real Termo lists (10,589 words)
    python benchmarks/bench_never_lose.py --jobs 1     # processes per run (default 2)

Each row is one ``chute bench --secrets ... --json`` process (the solver keeps
its bundled lists and prior; the secrets only choose the games).  The real
Termo lists (``../shared/data/termo-2022/``, answers and guesses: a test list,
never a source) are read from there and skipped, saying why, when absent.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_prior import TERMO_2022, bench


def rows(jobs: int, termo: bool, folder: Path) -> list[tuple[str, list[str]]]:
    """Return (label, chute bench arguments) for each run."""
    out = [
        ("Wordle, the 12,972 words of 2022", ["--secrets", "earlier"]),
        ("Wordle, every accepted word (14,855)", ["--secrets", "accepted"]),
        ("Wordle, hard mode, every accepted word", ["--hard", "--secrets", "accepted"]),
    ]
    if termo:
        if (TERMO_2022 / "answers.txt").is_file():
            words = folder / "termo-2022-all.txt"
            words.write_text(
                "".join((TERMO_2022 / name).read_text(encoding="utf-8") for name in ("answers.txt", "guesses.txt")),
                encoding="utf-8",
            )
            out.append(("Termo, the real 2022 lists (10,589)", ["--game", "termo", "--secrets", str(words)]))
        else:
            print(f"skipped the real Termo lists: not found at {TERMO_2022} (set CHUTE_SHARED_DIR)")
    return [(label, [*args, "--jobs", str(jobs)]) for label, args in out]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termo", action="store_true", help="also the real Termo lists")
    parser.add_argument("--jobs", type=int, default=2, help="processes per run (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'secrets':42} {'games':>7} {'mean':>7} {'max':>4} {'lost':>5} {'time':>8}")
        for label, argv in rows(args.jobs, args.termo, Path(tmp)):
            figures = bench(argv)
            lost = [g for g in figures["results"] if not g["won"]]
            print(
                f"{label:42} {figures['games']:>7,} {figures['mean']:>7.4f} {figures['max']:>4} "
                f"{len(lost):>5,} {figures['wall']:>7.1f}s"
            )
            for game in lost[:12]:
                print(f"    {' '.join(game['secrets']).upper():8} {' '.join(game['path']).upper()}")
            if len(lost) > 12:
                print(f"    ... and {len(lost) - 12} more")


if __name__ == "__main__":
    main()
