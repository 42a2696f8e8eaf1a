"""The safe plan of a user's lists, found once and cached: what keeps every word they accept finishable.

Wordle's bundled lists ship their tree (``strategies.safe_tree``).  For lists of
a user's own (``--answers``/``--guesses``, any length), the policy that keeps
every word finishable needs one too: a shipped tree that finishes every word
they accept serves (a user's answer list over Wordle's accepted words), else
the tree search builds one (``search.safe_plan``) from the opener whose tree
for the answer list alone is least where one is found (``answer_openers``:
the answers the user gave are then found soonest), saying so while it works,
and the cache keeps it beside the lists' matrix (``safe-KEY-...json``), checked
against the lists when read.  Where none is found within the search's limits
that is said once and cached too, and the policy's plans protect the answer
list as before.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import ChuteError
from ..files import human_bytes, read_limited
from ..game.cache import table_name, write_cache_file
from ..language import Note
from ..search.safe_plan import DEADLINE, answer_openers, build_safe_plan, covers, plan_matrix_bytes, plan_words
from ..search.tree import DecisionTree
from ..strategies.safe_tree import adopt, safe_tree, shipped_trees

SAFE_PLAN_BUILDING = "safe_plan_building"
SAFE_PLAN_OPENERS = "safe_plan_openers"
SAFE_PLAN_PROGRESS = "safe_plan_progress"
SAFE_PLAN_SEARCHING = "safe_plan_searching"
SAFE_PLAN_TOO_LARGE = "safe_plan_too_large"
SAFE_PLAN_BUILT = "safe_plan_built"
SAFE_PLAN_NONE = "safe_plan_none"
PLAN_MATRIX_BYTES = 512 << 20  # the search holds every word's codes against every word: no plan searched past this
# (lists of 15,000 words of 5 to 10 letters stay within it; BENCHMARKS.md, "Memory")
PROGRESS_EVERY = 5.0  # seconds between two lines of the plan's progress at most, as groups are planned ...
SEARCHING_EVERY = 15.0  # ... and while one group is searched long


def needs_plan(lexicon) -> bool:
    """Return whether these lists are a user's own, for which no tree ships (the bundled lists have theirs, or
    play under their plans)."""
    return lexicon.name.endswith("+custom")


def plan_path(engine, rows: int) -> Path | None:
    """Return where the safe plan of the engine's lists is cached (None without a cache)."""
    if engine.cache_dir is None:
        return None
    return engine.cache_dir / table_name("safe", engine.lexicon, None, rows)


def _read(path: Path | None, lexicon, rows: int) -> DecisionTree | None | bool:
    """Return the cached plan (None: the cache says none was found; False: nothing usable is cached)."""
    if path is None or not path.is_file():
        return False
    try:
        data = json.loads(read_limited(path, "safe plan").decode("utf-8"))
        if data.get("none") is True:
            return None if data.get("lexicon_key") == lexicon.key[:16] else False
        tree = DecisionTree.from_dict(data)
    except (OSError, ValueError, ChuteError, AttributeError, RecursionError):
        return False  # damaged: found again
    if tree.meta.get("lexicon_key") != lexicon.key[:16] or not covers(
        tree, plan_words(lexicon), lexicon.guess_set, rows
    ):
        return False
    return tree


def _write(path: Path | None, text: str) -> None:
    """Keep a plan (or its absence) in the cache (``write_cache_file``: a cache that cannot be written is worked
    without, said once)."""
    if path is not None:
        write_cache_file(path, text.encode("utf-8"))


def safe_plan(
    engine,
    rows: int,
    first: list[str],
    notify: Callable[[Note], None] | None = None,
    prefer: Callable[[str, str], Sequence[str]] | None = None,
) -> DecisionTree | None:
    """Return the tree that finishes every word the engine's lists accept within ``rows``, adopted as their safe
    tree (None: none found within the search's limits); read from the cache, else a shipped tree that covers
    them, else searched from the openers ``first`` and cached.  ``notify`` hears the search start, move and end;
    ``prefer(opener, pattern)``: the second guesses the search tries first there (the policy's own)."""
    lexicon = engine.lexicon
    known = safe_tree(lexicon, None, rows)
    if known is not None:
        return known
    path = plan_path(engine, rows)
    cached = _read(path, lexicon, rows)
    if cached is None:
        return None
    tree = cached if isinstance(cached, DecisionTree) else None
    if tree is None:
        words = plan_words(lexicon)
        tree = next((t for t in shipped_trees(None, rows) if covers(t, words, lexicon.guess_set, rows)), None)
        if tree is None:
            size = plan_matrix_bytes(lexicon)
            if size > PLAN_MATRIX_BYTES:  # said once: kept as none found
                if notify is not None:
                    notify(Note(SAFE_PLAN_TOO_LARGE, size=human_bytes(size), limit=human_bytes(PLAN_MATRIX_BYTES)))
            else:
                tree = _search(engine, rows, first, notify, prefer)
        if tree is None:
            _write(path, json.dumps({"none": True, "lexicon_key": lexicon.key[:16]}) + "\n")
            return None
    if cached is False:
        tree.meta["lexicon_key"] = lexicon.key[:16]
        _write(path, tree.to_json())
    adopt(lexicon, None, rows, tree)
    return tree


def _search(
    engine,
    rows: int,
    first: list[str],
    notify: Callable[[Note], None] | None,
    prefer: Callable[[str, str], Sequence[str]] | None,
) -> DecisionTree | None:
    """Return the tree the search finds for the engine's lists (None: none within its limits), telling ``notify`` how
    it goes."""
    lexicon = engine.lexicon
    words = len(plan_words(lexicon))
    began, cpu = time.monotonic(), time.process_time()  # the search's deadline counts from here
    if notify is not None:
        notify(Note(SAFE_PLAN_BUILDING, words=words, rows=rows))
    said = [began]

    def progress(opener: str, done: int, bins: int, in_search: int) -> None:
        now = time.monotonic()
        if notify is None:
            return
        shown = lexicon.show(opener).upper()
        if in_search and now - said[0] >= SEARCHING_EVERY:  # a group searched long: said to be searched still
            said[0] = now
            notify(Note(SAFE_PLAN_SEARCHING, opener=shown, group=done + 1, bins=bins, words=in_search))
        elif not in_search and (now - said[0] >= PROGRESS_EVERY or done == bins):
            said[0] = now
            notify(Note(SAFE_PLAN_PROGRESS, opener=shown, done=done, bins=bins))

    # the answers' least trees first, then the policy's own, then the others
    best = answer_openers(lexicon, rows, engine=engine, deadline=cpu + DEADLINE)
    if notify is not None and best:
        notify(
            Note(
                SAFE_PLAN_OPENERS,
                opener=lexicon.show(best[0]).upper(),
                answers=len(lexicon.answer_list),
                count=len(best),
            )
        )
    openers = list(dict.fromkeys(best[:1] + list(first) + best[1:]))
    tree = build_safe_plan(lexicon, rows, openers, progress, prefer=prefer, began=cpu, cache_dir=engine.cache_dir)
    if notify is not None:
        seconds = round(time.monotonic() - began)
        if tree is None:
            notify(Note(SAFE_PLAN_NONE, words=words, rows=rows, seconds=seconds))
        else:
            notify(Note(SAFE_PLAN_BUILT, opener=lexicon.show(tree.root.guess).upper(), seconds=seconds))
    return tree
