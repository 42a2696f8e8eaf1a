"""Work spread over local processes: one executor for every ``--jobs`` in chute.

Workers are forked, so they share the parent's word lists and pattern matrix
without copying them (the compiled kernels use numba's fork-safe threading
layer, see ``kernels``).  A worker that dies (killed, out of memory) breaks
the pool at once instead of hanging it; the tasks it had not finished run
again in a fresh pool, and a second death ends the run with one clear error.
Ctrl-C reaches every process of the terminal's group: the workers end at once
and silently, and the parent alone says it was interrupted.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterator, Sequence

from .errors import ChuteError

RETRIES = 1          # fresh pools tried after a worker died


def max_jobs() -> int:
    """Return the most worker processes a run may ask for: four per core."""
    return 4 * (os.cpu_count() or 1)


def check_jobs(jobs: int) -> int:
    """Return ``jobs`` if it is a sensible number of processes; raise ChuteError otherwise."""
    if not isinstance(jobs, int) or jobs < 1:
        raise ChuteError(f"jobs must be at least 1, not {jobs!r}")
    if jobs > max_jobs():
        raise ChuteError(f"jobs must be at most {max_jobs()} (four per core), not {jobs}")
    return jobs


def quiet_worker(initializer: Callable[[], None] | None) -> None:
    """Set up a forked worker: Ctrl-C ends it without a traceback of its own, then run ``initializer``."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if initializer is not None:
        initializer()


def run_tasks(fn: Callable[[Any], Any], tasks: Sequence[Any], jobs: int,
              initializer: Callable[[], None] | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(index, fn(tasks[index]))`` as tasks finish in ``jobs`` forked processes.

    ``fn`` must be a module-level function; it reads shared state from module
    globals set before this call (forked workers inherit them).
    """
    import multiprocessing            # here, not at import: --jobs is checked by every command's parser
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool
    check_jobs(jobs)
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ChuteError("jobs above 1 need the fork start method (Linux, macOS)") from None
    pending = dict(enumerate(tasks))
    deaths = 0
    while pending:
        try:
            with ProcessPoolExecutor(min(jobs, len(pending)), mp_context=context,
                                     initializer=quiet_worker, initargs=(initializer,)) as pool:
                futures = {pool.submit(fn, task): i for i, task in pending.items()}
                try:
                    while futures:
                        done, _ = wait(futures, return_when=FIRST_COMPLETED)
                        for future in done:
                            i = futures.pop(future)
                            result = future.result()
                            del pending[i]
                            yield i, result
                except GeneratorExit:          # the caller stopped early: drop the queued work
                    pool.shutdown(wait=True, cancel_futures=True)
                    raise
        except BrokenProcessPool:
            deaths += 1
            if deaths > RETRIES:
                raise ChuteError("a worker process died twice (killed, or out of memory); "
                                 "try fewer --jobs") from None
            print(f"chute: note: a worker process died; running its {len(pending):,} unfinished "
                  f"task{'' if len(pending) == 1 else 's'} again", file=sys.stderr, flush=True)
