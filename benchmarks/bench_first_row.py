"""The page's first suggestion after a first row nobody cached: server CPU per request, after the warm-up.

    python benchmarks/bench_first_row.py [--game wordle ...]

One process, as a fresh ``chute serve`` is: an empty cache folder (its own,
in a temporary folder), the page's warm-up (``web.warming``: solvers built,
kernels compiled and loaded, the page's own requests asked), then
``/api/suggest``'s handler asked once per first row, each a row no ranking
ships or caches for (FUZZY all grey, a non-word, rows that leave thousands
of words or families).  It prints the CPU seconds of each request (every
thread of the process counted) and the first suggestion.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

ROWS = {
    "wordle": [("fuzzy", "cigar"), ("jumpy", "cigar"), ("vivid", "cigar"), ("mamma", "cigar"), ("bobby", "cigar")],
    "termo": [("fuzil", "termo"), ("xixis", "termo"), ("pizza", "termo")],
}
NON_WORDS = {"wordle": ["zzxqj", "xqzzy"], "termo": ["zzxqj"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(ROWS), help="a game (repeatable; default both)")
    parser.add_argument("--rule", choices=("hard", "strict"), help="a hard-mode rule")
    args = parser.parse_args()
    games = args.game or sorted(ROWS)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["CHUTE_CACHE_DIR"] = cache
        from chute.web import api, warming
        from chute.web.requests import page_rows

        warming.warm(tuple(games))
        for game in games:
            warming.warm_kernels(game=game)
        print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; rule {args.rule or 'normal'}")
        for game in games:
            rows = [page_rows([g], [a]) for g, a in ROWS[game]]
            rows += [[{"guess": w, "patterns": ["bbbbb"]}] for w in NON_WORDS[game]]
            for body_rows in rows:
                body = {"game": game, "rule": args.rule, "rows": body_rows}
                start = time.process_time()
                out = api.suggest(body)
                cpu = time.process_time() - start
                first = out["suggestions"][0]["guess"] if out.get("suggestions") else "-"
                row = body_rows[0]
                print(f"  {game:7} {row['guess'].upper()} {row['patterns'][0]}  {cpu:5.2f} s CPU  -> {first.upper()}")


if __name__ == "__main__":
    main()
