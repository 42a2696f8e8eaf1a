"""``chute cache``: where the on-disk cache is, what it holds against its limit, and emptying it."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..files import default_cache_dir, human_bytes
from ..game.cache import cache_limit, clear, contents

HELP = "show the on-disk cache (where, what, how large against its limit) or empty it"
DESCRIPTION = (
    "chute keeps each word lists' pattern matrix and the tables computed from it (first and second "
    "rows, review tables, optimal trees) in its cache folder ($CHUTE_CACHE_DIR, else the user's cache "
    "folder). The cache holds at most $CHUTE_CACHE_MAX (default 2G): when a matrix is written, the "
    "lists no run has used for 60 days go, then the least recently used, until it fits."
)
EPILOG = "examples: chute cache | chute cache --json | chute cache --clear | CHUTE_CACHE_MAX=500M chute cache"


def add_arguments(p) -> None:
    """Add the ``cache`` options."""
    p.add_argument("--clear", action="store_true", help="delete every file of chute's in the cache folder")
    p.add_argument("--json", action="store_true", help="print what the cache holds as JSON")


def run(args: argparse.Namespace) -> int:
    """Print the cache's folder, its sets of files by word lists, and its size against the limit; or clear it."""
    folder = default_cache_dir()
    limit = cache_limit()
    if args.clear:
        count, size, failed = clear(folder)
        print(f"chute: deleted {count:,} file{'' if count == 1 else 's'} ({human_bytes(size)}) from {folder}")
        if failed:
            print(
                f"chute: warning: {failed:,} file{'' if failed == 1 else 's'} of chute's could not be deleted",
                file=sys.stderr,
            )
            return 1
        return 0
    found = contents(folder)
    if args.json:
        print(
            json.dumps(
                {
                    "folder": str(folder),
                    "size": found.size,
                    "limit": limit,
                    "lists": [
                        {
                            "key": s.key,
                            "size": s.size,
                            "last_used": round(s.last_used),
                            "files": [f.name for f in s.files],
                        }
                        for s in found.sets
                    ],
                    "other": [f.name for f in found.other],
                },
                indent=1,
            )
        )
        return 0
    print(f"cache: {folder}")
    print(f"holds {human_bytes(found.size)} of at most {human_bytes(limit)} (CHUTE_CACHE_MAX)")
    now = time.time()
    for s in sorted(found.sets, key=lambda s: -s.last_used):
        days = (now - s.last_used) / 86400
        when = "today" if days < 1 else f"{days:.0f} day{'' if round(days) == 1 else 's'} ago"
        tables = [f.name.split("-", 1)[0] for f in s.files if not f.name.startswith("matrix-")]
        has_matrix = s.files[0].name.startswith("matrix-")
        print(
            f"  lists {s.key[:16]}  {human_bytes(s.size):>9}  used {when}"
            + (
                f"  ({'with' if has_matrix else 'no matrix kept, only'} {', '.join(sorted(set(tables)))})"
                if tables
                else ""
            )
        )
    if found.other:
        print(
            f"  and {len(found.other):,} other file{'' if len(found.other) == 1 else 's'} of chute's "
            f"({human_bytes(found.other_size)}: parsed lexicons, multi-board openings, compiled kernels' stamps)"
        )
    if not found.sets and not found.other:
        print("  (empty)")
    return 0
