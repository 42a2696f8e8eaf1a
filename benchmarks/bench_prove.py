"""The proof over every opener on one list, three ways: 1 local process, 2 local processes, a 2-worker Dask cluster.

    python benchmarks/bench_prove.py [--answers 400] [--guesses 1500] [--seed 1]

The lists are a seeded sample of the bundled Termo lexicon (answers from its
answers, guesses from its accepted words), so the run takes a minute or two.
Each way runs in this process against a fresh search; the Dask cluster is a
``LocalCluster`` of two worker processes on 127.0.0.1 (its start-up is timed
apart).  Prints the wall time of each, the optimum, and whether the three
tables (every opener: exact or ``>= bound``) are the same.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path


def main() -> None:
    """Run the three ways and print their figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=400)
    ap.add_argument("--guesses", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.search.prove import prove
    from chute.search.tree_search import TreeSearch

    base = load_lexicon("termo")
    rng = random.Random(args.seed)
    answers = sorted(rng.sample(base.answers, args.answers))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, args.guesses - len(answers))))
    folder = Path(tempfile.mkdtemp(prefix="chute-prove-"))
    a, g = folder / "answers.txt", folder / "guesses.txt"
    a.write_text("\n".join(base.show(w) for w in answers) + "\n", encoding="utf-8")
    g.write_text("\n".join(base.show(w) for w in guesses) + "\n", encoding="utf-8")
    os.environ["CHUTE_CACHE_DIR"] = str(folder / "cache")
    lexicon = load_lexicon("termo", str(a), str(g))
    engine = Engine.build(lexicon)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}  "
        f"lists: {len(lexicon.answers):,} answers, {len(lexicon.guesses):,} guesses (Termo, seed {args.seed})"
    )
    tables = {}
    for label, kwargs in (("1 local process", {}), ("2 local processes", {"jobs": 2})):
        start = time.perf_counter()
        proof = prove(TreeSearch(engine, exact=True), top=args.top, **kwargs)
        tables[label] = proof.table()
        print(
            f"{label:<22} {time.perf_counter() - start:7.1f} s  optimum {proof.best.opener.upper()} "
            f"{proof.best.total:,}  proven {proof.proven}",
            flush=True,
        )
    from distributed import LocalCluster

    start = time.perf_counter()
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None, silence_logs=50
    ) as cluster:
        up = time.perf_counter() - start
        start = time.perf_counter()
        proof = prove(
            TreeSearch(engine, exact=True),
            top=args.top,
            cluster=cluster.scheduler_address,
            lists={"game": "termo", "answers": str(a), "guesses": str(g)},
        )
        tables["cluster"] = proof.table()
        print(
            f"{'2-worker Dask cluster':<22} {time.perf_counter() - start:7.1f} s  optimum "
            f"{proof.best.opener.upper()} {proof.best.total:,}  (cluster start {up:.1f} s)",
            flush=True,
        )
    same = len({tuple(t) for t in tables.values()}) == 1
    print(f"same table every way: {same}   # load at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
