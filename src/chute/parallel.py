"""Work spread over local processes: one executor for every ``--jobs`` in chute.

Workers are forked, so they share the parent's word lists and pattern matrix
without copying them (the compiled kernels use numba's fork-safe threading
layer, see ``kernels``).  A worker that dies (killed, out of memory) breaks
the pool at once instead of hanging it; the tasks it had not finished run
again in a fresh pool, and a second death ends the run with one clear error.
Ctrl-C reaches every process of the terminal's group: the workers end at once
and silently.  The parent only notes it while the pool runs (a KeyboardInterrupt
raised inside ``concurrent.futures.wait`` can leave a future's lock taken, and the
pool's shutdown then waits for it forever), stops its workers, and raises
KeyboardInterrupt from its own loop.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .errors import ChuteError
from .machine import check_jobs

RETRIES = 1  # fresh pools tried after a worker died
POLL = 0.1  # seconds between looks at a noted Ctrl-C while waiting for the workers
WINDOW = 4  # tasks queued per worker: each wait() visits every queued task's future
GRACE = 0.2  # a worker that died this close to a Ctrl-C died of it
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def quiet_worker(initializer: Callable[[], None] | None, parent: int) -> None:
    """Set up a forked worker: Ctrl-C ends it without a traceback of its own (unless the parent ignores
    Ctrl-C: then so does the worker), it ends with its parent, then run ``initializer``."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    end_with_parent(parent)
    if initializer is not None:
        initializer()


def end_with_parent(parent: int) -> None:
    """Have the kernel kill this worker when its parent dies, however it dies (Linux; elsewhere nothing).

    A parent ended by ``kill`` or ``kill -9`` left its workers waiting for work forever, holding its
    output pipes open.
    """
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # noqa: PLC0415 (platform: Linux only)

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
        except (OSError, AttributeError):  # no prctl to call: the worker lives on as before
            return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


@contextmanager
def noted_interrupts() -> Iterator[threading.Event]:
    """Yield an event that Ctrl-C sets instead of raising, while the block runs (the main thread only;
    a process that ignores Ctrl-C keeps ignoring it)."""
    seen = threading.Event()
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield seen
        return
    signal.signal(signal.SIGINT, lambda *_: seen.set())
    try:
        yield seen
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextmanager
def quiet_pool_thread(interrupted: threading.Event) -> Iterator[None]:
    """While the block runs, an error of the pool's own management thread after a Ctrl-C is not printed.

    The Ctrl-C that reaches the whole group kills the workers while the parent
    may still be queueing tasks; CPython's management thread then marks the
    queued tasks failed while the parent adds one, and prints "RuntimeError:
    dictionary changed size during iteration" from its thread.  The run ends
    with "interrupted" all the same; the traceback is noise for the player.
    """
    previous = threading.excepthook
    threading.excepthook = pool_thread_hook(interrupted, previous)
    try:
        yield
    finally:
        threading.excepthook = previous


def pool_thread_hook(interrupted: threading.Event, previous: Callable[[Any], object]) -> Callable[[Any], None]:
    """Return a thread excepthook that drops the pool management thread's error if a Ctrl-C is noted within GRACE."""
    from concurrent.futures import process  # noqa: PLC0415 (the process pool: loaded only by a run that forks)

    manager = getattr(process, "_ExecutorManagerThread", None)

    def hook(args) -> None:
        if manager is not None and isinstance(args.thread, manager) and interrupted.wait(GRACE):
            return
        previous(args)

    return hook


def stop_workers(pool) -> None:
    """End the pool's worker processes at once (those a Ctrl-C sent to the parent alone left running)."""
    for worker in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            worker.terminate()
        except (OSError, ValueError, AttributeError):  # already gone
            pass


def stop_if_interrupted(pool, interrupted: threading.Event) -> None:
    """Return if no Ctrl-C is noted; else stop the pool's workers and raise KeyboardInterrupt."""
    if interrupted.is_set():
        stop_workers(pool)
        raise KeyboardInterrupt


def run_tasks(
    fn: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, initializer: Callable[[], None] | None = None
) -> Iterator[tuple[int, Any]]:
    """Yield ``(index, fn(tasks[index]))`` as tasks finish in ``jobs`` forked processes.

    ``fn`` must be a module-level function; it reads shared state from module
    globals set before this call (forked workers inherit them).  Tasks start in
    their order, ``WINDOW`` per worker queued at a time.
    """
    # the process pool's machinery costs every command's start-up: loaded only by a run that forks
    import multiprocessing  # noqa: PLC0415 (the process pool)
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait  # noqa: PLC0415 (the process pool)
    from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415 (the process pool)

    check_jobs(jobs)
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ChuteError("jobs above 1 need the fork start method (Linux, macOS)") from None
    pending = dict(enumerate(tasks))
    deaths = 0
    with noted_interrupts() as interrupted, quiet_pool_thread(interrupted):
        while pending:
            try:
                with ProcessPoolExecutor(
                    min(jobs, len(pending)),
                    mp_context=context,
                    initializer=quiet_worker,
                    initargs=(initializer, os.getpid()),
                ) as pool:
                    queue = iter(list(pending.items()))
                    futures: dict = {}

                    def feed(pool=pool, queue=queue, futures=futures) -> None:  # after a Ctrl-C: queue no more
                        while len(futures) < WINDOW * jobs and not interrupted.is_set():
                            item = next(queue, None)
                            if item is None:
                                return
                            futures[pool.submit(fn, item[1])] = item[0]

                    try:
                        feed()
                        stop_if_interrupted(pool, interrupted)
                        while futures:
                            done, _ = wait(futures, timeout=POLL, return_when=FIRST_COMPLETED)
                            stop_if_interrupted(pool, interrupted)
                            for future in done:
                                i = futures.pop(future)
                                result = future.result()
                                del pending[i]
                                yield i, result
                            feed()
                    except GeneratorExit:  # the caller stopped early: drop the queued work
                        pool.shutdown(wait=True, cancel_futures=True)
                        raise
            except BrokenProcessPool:
                if interrupted.wait(GRACE):  # the workers died of a Ctrl-C to the whole group
                    raise KeyboardInterrupt from None
                deaths += 1
                if deaths > RETRIES:
                    raise ChuteError(
                        "a worker process died twice (killed, or out of memory); try fewer --jobs"
                    ) from None
                print(
                    f"chute: note: a worker process died; running its {len(pending):,} unfinished "
                    f"task{'' if len(pending) == 1 else 's'} again",
                    file=sys.stderr,
                    flush=True,
                )
        if interrupted.is_set():  # pressed while the caller took the last result
            raise KeyboardInterrupt
