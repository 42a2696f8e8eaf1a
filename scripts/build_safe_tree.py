#!/usr/bin/env python3
"""Rebuild the tree that proves Wordle's normal mode loses none of the words it accepts (``data/safe/``).

    python scripts/build_safe_tree.py [--jobs N]
    python scripts/build_safe_tree.py --later-rows  # keep the shipped second guesses, redo the rows after them
    python scripts/build_safe_tree.py --index       # only the index of the trees shipped (index.json)

The words: every word the bundled lists accept (the 12,972 of Wordle's 2022
lists and the words added since), but the offensive ones chute never plays (a
tree guesses its answers, and the game's editors dropped them from its own).
The tree opens with OPENER, the default policy's opener; each of its bins is
searched alone by the tree search (``TreeSearch``) with the rows left, its
second guesses tried until one has a tree: first the default policy's
POLICY_TRIED best by E(g), then in the search's order, with TOPS[0] guesses
tried per node, then TOPS[1] where a bin needs more.  Then, a row at a time up
to the policy's PROVEN_ROWS, each node of three words or more is moved to the
policy's best guess there by E(g) that has a tree for the node's words (the
first of its POLICY_TRIED).  So on those rows the policy, which counts the
tree's guess as proven safe there, plays its own choice wherever a tree allows
it.  A word chute does not suggest (added to the game after 2022) is guessed
only as a candidate.  The script checks that the tree finishes every word
within the rows and probes only with words chute suggests (another word only
where it is a candidate), and ships it gzipped with the bundled lists' keys in
its ``meta``, so that only those lists read it (``strategies/safe_tree.py``).

OPENER, TOPS and POLICY_TRIED were chosen on the bundled lists alone
(BENCHMARKS.md, "Never lose").  About 20 minutes on 2 cores, most of them the
largest bin; the rows after the second, 30 seconds.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "chute" / "data" / "safe"
OPENER = "trace"
TOPS = ((200, 40), (600, 60))
POLICY_TRIED = 16  # the policy's best guesses by E(g) tried first at a node (its trees took no. 1 to 6)
ROWS = 6


def bin_tree(task: tuple[str, list[str], list[str], list[str]]) -> tuple[str, dict | None, str]:
    """Return (pattern, the bin's tree as JSON data or None, how it was found) for one bin of the opener, probing
    with the words given, the policy's own second guesses tried first."""
    pattern, words, probes, preferred = task
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.search.opener_search import rank_openers, search_opener
    from chute.search.tree_search import TreeSearch

    if len(words) == 1:
        return pattern, {"guess": words[0], "n": 1}, "one word"
    with tempfile.TemporaryDirectory() as tmp:
        answers = Path(tmp) / "bin.txt"
        answers.write_text("\n".join(words) + "\n", encoding="utf-8")
        engine = Engine.build(load_lexicon("wordle", answers=answers, cache=False), cache=False)
    search = TreeSearch(engine, rows=ROWS - 1, top=TOPS[0], probes=probes)
    for k, guess in enumerate(preferred):
        result = search_opener(search, guess)
        if result.feasible and result.tree is not None:
            return pattern, result.tree.root.to_dict(), f"{guess.upper()} (the policy's no. {k + 1} by E(g))"
    for top in TOPS:
        search = TreeSearch(engine, rows=ROWS - 1, top=top, probes=probes)
        for k, guess in enumerate(rank_openers(search, top[0])):
            result = search_opener(search, guess)
            if result.feasible and result.tree is not None:
                return (
                    pattern,
                    result.tree.root.to_dict(),
                    f"{guess.upper()} (second guess no. {k + 1} tried, top {top})",
                )
    return pattern, None, "no tree"


_POLICY = None  # a worker's default solver, built once per process


def _solver():
    """Return the default Wordle solver of this process (the policy whose order the tree follows)."""
    global _POLICY
    if _POLICY is None:
        from chute.game.engine import Engine
        from chute.game.words import load_lexicon
        from chute.playing.assembly import game_solver

        _POLICY = game_solver(Engine.build(load_lexicon("wordle")))
    return _POLICY


def policy_node(task: tuple[list[str], list[str], list[str], str]) -> tuple[dict | None, str]:
    """Return (a new subtree or None to keep the node, how) for one node past the second row: the policy's best
    guess there by E(g) whose tree finishes the node's words in the rows left."""
    clues, words, probes, current = task
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.search.opener_search import search_opener
    from chute.search.tree_search import TreeSearch

    solver = _solver()
    state = solver.state_for(clues)
    if state.n <= 2:  # the policy plays a candidate there, whatever the tree says
        return None, "kept: two candidates or fewer"
    search = None
    for k, guess in enumerate(solver.strategy.by_expectation(state, solver.options, POLICY_TRIED)):
        if guess == current:
            return None, f"kept: the policy's no. {k + 1}"
        if search is None:
            with tempfile.TemporaryDirectory() as tmp:
                answers = Path(tmp) / "node.txt"
                answers.write_text("\n".join(words) + "\n", encoding="utf-8")
                engine = Engine.build(load_lexicon("wordle", answers=answers, cache=False), cache=False)
            search = TreeSearch(engine, rows=ROWS - len(clues), top=TOPS[0], probes=probes)
        result = search_opener(search, guess)
        if result.feasible and result.tree is not None:
            return result.tree.root.to_dict(), f"{guess.upper()}: the policy's no. {k + 1}"
    return None, "kept: none of the policy's has a tree"


def policy_rows(root: dict, words: list[str], probes: list[str], jobs: int) -> None:
    """Move each node of three words or more on the rows after the second, up to PROVEN_ROWS, to the policy's best
    guess by E(g) that has a tree there (``policy_node``), a row at a time."""
    from chute.game.feedback import score
    from chute.strategies.expected import PROVEN_ROWS

    for row in range(3, PROVEN_ROWS + 1):
        places = []  # (parent node, pattern, clues, words)
        level = [(root, [], words)]
        for _ in range(row - 2):
            deeper = []
            for node, clues, members in level:
                for pattern, child in sorted(node.get("next", {}).items()):
                    kept = [w for w in members if w != node["guess"] and score(node["guess"], w) == pattern]
                    deeper.append((child, clues + [f"{node['guess']}:{pattern}"], kept))
            level = deeper
        for node, clues, members in level:
            for pattern, child in sorted(node.get("next", {}).items()):
                if child["n"] >= 3:
                    kept = [w for w in members if score(node["guess"], w) == pattern]
                    places.append((node, pattern, clues + [f"{node['guess']}:{pattern}"], kept))
        moved = 0
        with ProcessPoolExecutor(jobs) as pool:
            tasks = [(clues, kept, probes, node["next"][pattern]["guess"]) for node, pattern, clues, kept in places]
            for (node, pattern, _, _), (sub, _) in zip(places, pool.map(policy_node, tasks, chunksize=8)):
                if sub is not None:
                    node["next"][pattern] = sub
                    moved += 1
        print(f"  row {row}: {moved} of {len(places)} nodes moved to the policy's own guess", flush=True)


def second_rows(bins: dict[str, list[str]], probes: list[str], jobs: int, began: float) -> dict[str, dict] | None:
    """Return the opener's children, each bin's tree searched alone (``bin_tree``); None when a bin has none."""
    children: dict[str, dict] = {}
    preferred = policy_order(bins)
    with ProcessPoolExecutor(jobs) as pool:
        tasks = [
            (pattern, members, probes, preferred[pattern])
            for pattern, members in sorted(bins.items(), key=lambda kv: -len(kv[1]))
        ]
        for pattern, node, how in pool.map(bin_tree, tasks):
            if len(bins[pattern]) >= 100 or node is None:
                print(
                    f"  {pattern} {len(bins[pattern]):>5} words: {how}  ({time.perf_counter() - began:.0f} s)",
                    flush=True,
                )
            if node is None:
                return None
            children[pattern] = node
    return children


def policy_order(bins: dict[str, list[str]]) -> dict[str, list[str]]:
    """Return per bin of the opener the POLICY_TRIED best second guesses of the default policy by E(g) alone, the
    guard aside (bins of one or two words: none)."""
    solver = _solver()
    order = {}
    for pattern, members in bins.items():
        state = solver.state_for([f"{OPENER}:{pattern}"]) if len(members) > 2 else None
        order[pattern] = solver.strategy.by_expectation(state, solver.options, POLICY_TRIED) if state else []
    return order


def write_index() -> None:
    """Write ``index.json`` beside the trees: what a solver reads before it needs a tree itself."""
    from chute.search.tree import DecisionTree
    from chute.strategies.safe_tree import INDEX, digest

    trees = {}
    for path in sorted(OUT.glob("*.json.gz")):
        data = path.read_bytes()
        tree = DecisionTree.from_dict(json.loads(gzip.decompress(data).decode("utf-8")))
        trees[path.name] = {
            "opener": tree.root.guess,
            "n": tree.root.n,
            "rows": tree.rows,
            "played_key": tree.meta.get("played_key", ""),
            "digest": digest(data),
        }
    text = (
        json.dumps(
            {
                "about": "The safe trees shipped (scripts/build_safe_tree.py): per file, its first guess, "
                "the words it finishes, its rows, the key of the words chute plays and its digest.",
                "trees": trees,
            },
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )
    partial = OUT / (INDEX + ".tmp")
    partial.write_text(text, encoding="utf-8")
    partial.replace(OUT / INDEX)


def main() -> int:
    """Search the tree bin by bin, check it and write it into the package; return 0, or 1 when a bin has none."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="processes, each searching one bin (default 2)")
    parser.add_argument("--index", action="store_true", help="only write the index of the trees shipped")
    parser.add_argument(
        "--later-rows",
        action="store_true",
        help="keep the shipped tree's second guesses and redo the rows after them only",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    if args.index:
        write_index()
        return 0
    from chute.game.feedback import score
    from chute.game.words import load_lexicon
    from chute.search.tree import DecisionTree
    from chute.strategies.expected import PROVEN_ROWS
    from chute.strategies.safe_tree import safe_name

    lexicon = load_lexicon("wordle")
    words = [w for w in lexicon.guesses if w not in lexicon.offensive]
    bins: dict[str, list[str]] = defaultdict(list)
    for w in words:
        if w != OPENER:
            bins[score(OPENER, w)].append(w)
    began = time.perf_counter()
    probes = [w for w in lexicon.guesses if lexicon.is_suggested(w)]
    path = OUT / safe_name(lexicon.key, None, ROWS)
    if args.later_rows:
        if not path.is_file():
            print(
                f"{path.relative_to(ROOT)}: no shipped tree whose second guesses to keep; run without --later-rows",
                file=sys.stderr,
            )
            return 2
        children = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))["tree"]["next"]
    else:
        children = second_rows(bins, probes, args.jobs, began)
        if children is None:
            return 1
    root = {"guess": OPENER, "n": len(words), "next": dict(sorted(children.items()))}
    policy_rows(root, words, probes, args.jobs)
    data = {"format": "chute-tree", "version": 1, "length": 5, "rows": ROWS, "rule": None, "meta": {}, "tree": root}
    tree = DecisionTree.from_dict(data)
    stats = tree.evaluate(words)
    if stats.failures or stats.worst > ROWS:
        print(f"the tree loses {len(stats.failures)} words", file=sys.stderr)
        return 1
    probes = sorted(
        {
            n.guess
            for path, n in tree.root.nodes()
            if not lexicon.is_suggested(n.guess) and [c.pattern for c in tree.play(n.guess)][:-1] != list(path)
        }
    )  # not a candidate there
    if probes:
        print(f"the tree plays words chute never suggests: {', '.join(probes[:10])}", file=sys.stderr)
        return 1
    tree.meta.update(
        {
            "lexicon": lexicon.name,
            "lexicon_key": lexicon.key,
            "played_key": lexicon.played_key,
            "words": "every word the lists accept but the offensive ones",
            "total": stats.total,
            "mean": round(stats.mean, 4),
            "worst": stats.worst,
            "how": f"scripts/build_safe_tree.py: from {OPENER.upper()}, each bin by the tree search, "
            f"top {' then '.join(','.join(map(str, t)) for t in TOPS)}, the policy's "
            f"{POLICY_TRIED} best by E(g) tried first up to row {PROVEN_ROWS}",
        }
    )
    OUT.mkdir(parents=True, exist_ok=True)
    text = json.dumps(tree.to_dict(), separators=(",", ":"), sort_keys=True).encode("utf-8")
    partial = path.with_name(path.name + ".tmp")
    partial.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
    partial.replace(path)
    write_index()
    print(
        f"{path.relative_to(ROOT)}: {len(words):,} words, mean {stats.mean:.4f}, worst {stats.worst}, "
        f"{path.stat().st_size:,} bytes, {time.perf_counter() - began:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
