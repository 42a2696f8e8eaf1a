"""Files in and out: atomic writes, bounded reads, and outputs that never clobber an input.

Every file chute writes (a CSV, a plot, a tree, the cache, a saved session)
goes to a temp file in the same directory and is renamed over the target, so
a full disk, a crash or ``kill -9`` leaves either the old good file or the new
good one.  Temp files carry the writer's process id; ones left by a process
that died are swept the next time that directory is written.
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from platformdirs import user_cache_dir, user_state_dir

from .errors import ChuteError, StorageError

MAX_INPUT_BYTES = 64 * 2**20  # a word list or tree file larger than this is refused
MAX_LINE_CHARS = 4096  # a longer line in a word list is refused
STALE_SECONDS = 24 * 3600  # a temp file this old is swept whoever made it
_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp$")


def excerpt(text: str, limit: int = 40) -> str:
    """Return ``text`` quoted, cut to ``limit`` characters with an ellipsis (for error messages)."""
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"... ({len(text):,} characters)"


def shown_path(path: str | Path, limit: int = 120) -> str:
    """Return a path as a message shows it: whole up to ``limit`` characters, else its start (``excerpt``)."""
    text = str(path)
    return text if len(text) <= limit else excerpt(text)


def _temp_path(path: Path) -> Path:
    """Return a fresh temp path beside ``path`` that names this process."""
    return path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _pid_alive(pid: int) -> bool:
    """Return whether a process with this id exists."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def sweep_temps(directory: Path) -> int:
    """Delete temp files in ``directory`` left by dead writers (or older than a day); return how many."""
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        m = _TEMP.match(entry.name)
        if not m:
            continue
        try:
            stale = not _pid_alive(int(m["pid"])) or now - entry.stat().st_mtime > STALE_SECONDS
            if stale:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def write_atomic(path: str | Path, data: bytes | str | Callable[[Path], None], what: str = "file") -> Path:
    """Write ``data`` (bytes, text, or a function that writes a given path) to ``path`` atomically; return the path.

    Raises ChuteError (one line) on failure, leaving any old file as it was.
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a device or pipe (/dev/stdout, a FIFO):
            return _write_through(path, data, what)  # write into it; never rename over it
    except (FileNotFoundError, NotADirectoryError):
        pass
    except (OSError, ValueError) as err:
        raise StorageError(f"cannot write {what} {path}: {getattr(err, 'strerror', None) or err}") from None
    path = Path(os.path.realpath(path))  # through a symlink: replace the file it names, keep the link
    sweep_temps(path.parent)
    tmp = _temp_path(path)
    try:
        if callable(data):
            data(tmp)
        else:
            payload = data.encode("utf-8") if isinstance(data, str) else data
            with open(tmp, "wb") as f:
                f.write(payload)
                f.flush()
                os.fsync(f.fileno())
        _keep_mode(path, tmp)
        os.replace(tmp, path)
    except (OSError, MemoryError, ValueError) as err:
        raise StorageError(
            f"cannot write {what} {path}: {getattr(err, 'strerror', None) or err or 'out of memory'}"
        ) from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return path


def write_or_keep(path: str | Path, data: bytes | str, what: str) -> Path:
    """Write ``data`` to ``path`` atomically and return the path; if it cannot, keep it in the temp folder.

    For the result of a long run (a tree search, a benchmark): StorageError
    then says why and where the data is kept, or only why if no copy could
    be kept either.
    """
    try:
        return write_atomic(path, data, what)
    except StorageError as err:
        kept = rescue(data, path)
        if kept is None:
            raise
        raise StorageError(f"{err}; the {what} is kept in {kept}") from None


def write_each_or_keep(outputs: Iterable[tuple[str | Path | None, Callable[[], bytes | str], str]]) -> None:
    """Write each (path, data function, what) whose path is set with ``write_or_keep``, every one tried.

    One that fails does not stop the others; StorageError then names each
    failure (and where its data is kept), on one line.
    """
    failed = []
    for path, data, what in outputs:
        if not path:
            continue
        try:
            write_or_keep(path, data(), what)
        except StorageError as err:
            failed.append(str(err))
    if failed:
        raise StorageError("; ".join(failed))


def rescue(data: bytes | str, name: str | Path) -> Path | None:
    """Return a new file in the system's temp folder holding ``data`` (named after ``name``); None if that fails too.

    For work that took long to compute when its own file could not be
    written (a full disk, a folder removed meanwhile): it is kept elsewhere.
    """
    stem, suffix = os.path.splitext(os.path.basename(str(name)))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, kept = tempfile.mkstemp(prefix=f"chute-{stem[:40]}-", suffix=suffix[:10])
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
    except OSError:
        try:
            os.unlink(kept)
        except OSError:
            pass
        return None
    return Path(kept)


def _write_through(path: Path, data: bytes | str | Callable[[Path], None], what: str) -> Path:
    """Write straight into a file that is not a regular one (no temp file can replace a device)."""
    try:
        if callable(data):
            data(path)
        else:
            with open(path, "wb") as f:
                f.write(data.encode("utf-8") if isinstance(data, str) else data)
    except (OSError, ValueError) as err:
        raise StorageError(f"cannot write {what} {path}: {getattr(err, 'strerror', None) or err}") from None
    return path


def _keep_mode(path: Path, tmp: Path) -> None:
    """Give the temp file the permissions of the file it replaces (mkstemp-style files are 0600)."""
    try:
        os.chmod(tmp, os.stat(path).st_mode & 0o7777)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        try:
            os.chmod(tmp, 0o666 & ~umask)
        except OSError:
            pass
    except OSError:
        pass


def check_output(path: str, flag: str) -> None:
    """Fail early, before a long run, if ``flag``'s file cannot be created at ``path``."""
    try:
        os.stat(path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as err:  # a name too long for the system, a NUL in it
        reason = err.strerror if isinstance(err, OSError) and err.strerror else "not a file name"
        raise ChuteError(f"{flag}: cannot write {excerpt(str(path))}: {reason}") from None
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise ChuteError(f"{flag}: cannot write {path}: no such directory {parent}")
    if os.path.isdir(path):
        raise ChuteError(f"{flag}: cannot write {path}: it is a directory")
    if not os.access(parent, os.W_OK):
        raise ChuteError(f"{flag}: cannot write {path}: permission denied")


def _identity(path: str) -> tuple:
    """Return what makes two paths the same file: (device, inode) if it exists, else the real path."""
    try:
        st = os.stat(path)
        return ("inode", st.st_dev, st.st_ino)
    except (OSError, ValueError):
        return ("path", os.path.realpath(path))


def check_outputs(outputs: Mapping[str, str | None], inputs: Mapping[str, str | None] = {}) -> None:
    """Refuse an output that is also an input or another output, and unwritable outputs ('-' is stdout)."""
    seen: dict[tuple, str] = {}
    for flag, path in inputs.items():
        if path and path != "-":
            seen.setdefault(_identity(path), flag)
    for flag, path in outputs.items():
        if not path or path == "-":
            continue
        key = _identity(path)
        if key in seen:
            other = seen[key]
            kind = "input" if other in inputs else "output"
            raise ChuteError(f"{flag} {path} is also the {kind} of {other}: choose another file")
        seen[key] = flag
        check_output(path, flag)


def human_bytes(n: int) -> str:
    """Return a size for people: ``717 MiB`` below a GiB, ``1.6 GiB`` above, ``12 KiB`` below a MiB."""
    if n >= 2**30:
        return f"{n / 2**30:.1f} GiB"
    if n >= 2**20:
        return f"{n / 2**20:.0f} MiB"
    return f"{max(n, 0) / 2**10:.0f} KiB"


def is_file(path: str | Path) -> bool:
    """Return whether ``path`` names a file that exists (False for a name the system cannot hold, too long or
    holding a NUL, where ``Path.exists`` raises)."""
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):
        return False


def read_limited(path: str | Path, what: str = "file", limit: int = MAX_INPUT_BYTES) -> bytes:
    """Return the bytes of a file, refusing one larger than ``limit`` before reading it, and a device, a socket or
    a folder; a pipe is read up to ``limit`` and refused past it."""
    shown = shown_path(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            raise ChuteError(f"{what} {shown} is not a regular file: give a file")
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise ChuteError(f"{what} {shown} is larger than {human_bytes(limit)}: refused")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise ChuteError(f"{what} not found: {shown}") from None
    except IsADirectoryError:
        raise ChuteError(f"{what} {shown} is a directory") from None
    except OSError as err:
        raise ChuteError(f"cannot read {what} {shown}: {err.strerror or err}") from None
    except ValueError:
        raise ChuteError(f"cannot read {what} {excerpt(str(path))}: not a file name") from None
    if len(data) > limit:
        raise ChuteError(f"{what} {shown} is larger than {human_bytes(limit)}: refused")
    return data


# a byte-order mark names the encoding: Windows tools (Notepad's "Unicode", PowerShell 5's ">") write UTF-16
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)


def decode_text(data: bytes, source: str, fallback: str | None = None) -> str:
    """Return the text of a file's bytes: by its byte-order mark (UTF-8/16/32), else UTF-8, else ``fallback``.

    ChuteError names the file when no encoding reads it.
    """
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                raise ChuteError(f"{source} starts as {name} text but is not {name} throughout") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        if fallback is None:
            raise ChuteError(f"{source} is not UTF-8 text (nor UTF-16 with a byte-order mark)") from None
        return data.decode(fallback)


def text_lines(text: str, source: str, max_line: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Yield the lines of ``text``; a NUL byte or a line longer than ``max_line`` characters is an error."""
    if "\x00" in text:
        raise ChuteError(f"{source} is not a text file (it holds NUL bytes)")
    for number, line in enumerate(_lines(text), 1):
        if len(line) > max_line:
            raise ChuteError(
                f"{source}, line {number:,}: {len(line):,} characters, more than {max_line:,}: not a word list"
            )
        yield line


# where str.splitlines ends a line
_LINE_END = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _lines(text: str) -> Iterator[str]:
    """Yield the lines of ``text`` as ``str.splitlines`` splits them, one at a time: a large file's lines are never
    all held at once (a reader that stops early, a list past the memory, stops at once)."""
    start = 0
    for end in _LINE_END.finditer(text):
        yield text[start : end.start()]
        start = end.end()
    if start < len(text):
        yield text[start:]


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on a folder while one of its files is read and rewritten (where the system has flock)."""
    try:
        import fcntl  # noqa: PLC0415 (platform: where the system has it)
    except ImportError:  # pragma: no cover - Windows: no lock, the write is still atomic
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextlib.contextmanager
def used_by_one(path: str | Path, what: str) -> Iterator[None]:
    """Hold, while the block runs, the claim of this process on a file another chute must not write meanwhile
    (a proof's journal, a saved game); ChuteError at once when another process holds it.

    The claim is a lock on a file of chute's state folder named by the file's real path, not on the file itself,
    which a save replaces; where the system has no flock, or the state folder cannot be written, no claim."""
    try:
        import fcntl  # noqa: PLC0415 (platform: where the system has it)
    except ImportError:  # pragma: no cover - Windows: nothing claimed, every write is still atomic
        yield
        return
    real = os.path.realpath(path)
    folder = default_state_dir() / "locks"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(
            folder / hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:32],
            os.O_RDWR | os.O_CREAT,
            0o600,
        )
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ChuteError(
                f"another chute {what} is using {path}: wait for it to end, or choose another file"
            ) from None
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def default_cache_dir() -> Path:
    """Return the cache directory: $CHUTE_CACHE_DIR (a leading ~ is the home folder), else the user's cache dir for chute."""
    env = os.environ.get("CHUTE_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    return Path(user_cache_dir("chute", appauthor=False))


def default_state_dir() -> Path:
    """Return where chute keeps the user's own files (saved games, refused words): $CHUTE_STATE_DIR
    (a leading ~ is the home folder), else the user's state dir."""
    env = os.environ.get("CHUTE_STATE_DIR")
    if env:
        return Path(env).expanduser()
    return Path(user_state_dir("chute", appauthor=False))
