"""A pattern matrix's file in the cache: written atomically with its key and checksum, vouched for by a stamp,
mapped copy-on-write on later runs; the pages a read of a mapped matrix touched given back to the system, and a
few rows read from the file itself."""

from __future__ import annotations

import mmap
import os
import struct
import weakref
import zlib
from collections.abc import Callable
from mmap import mmap as Mapping
from pathlib import Path

import numpy as np

from ..files import human_bytes
from .cache import LARGE, cache_limit, warn_once, write_cache_file

MAGIC = b"CHUTEPM1"
_HEADER = struct.Struct("<8s64sIIIII")  # magic, key, itemsize, rows, cols, crc32, reserved
# A matrix mapped from the cache this large gives back the pages a read of it touched (``Engine.gives_back``) ...
GIVE_BACK_BYTES = 1 << 26
# ... and the whole aligned windows of this many bytes of the file holding them: Linux maps more of a file than
# the page read through a mapping, the cached pages around it ("fault-around") or the whole large folio of the
# page cache holding it, madvise(MADV_RANDOM) or not
MAPPED_AROUND = 1 << 21
FILL_BLOCK_BYTES = 1 << 25  # ``computed_in_file`` computes, sums and gives back this much of a matrix at a time


def _stamp(st: os.stat_result, crc: int) -> str:
    """Return the line that vouches for a cache file checked whole: its size, time, inode and checksum."""
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ino} {crc}\n"


def read_matrix(path: Path, key: str, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    """Return the matrix stored at ``path`` if it is whole and matches ``key``, else None.

    A file checked whole once (its checksum), or written by ``computed_in_file``,
    is vouched for by a stamp beside it (``.ok``: size, modification time,
    inode, checksum); while the file is unchanged it is mapped, copy on write,
    rather than read and checked again, so a warm start costs no time for large
    matrices.  chute never writes into a matrix: a mapped one can give its
    pages back (``Engine.give_back_matrix``) and read them again from the file.
    """
    stamp = path.with_suffix(".ok")
    try:
        with open(path, "rb", buffering=0) as f:
            header = f.read(_HEADER.size)
            if len(header) != _HEADER.size:
                return None
            magic, stored_key, itemsize, rows, cols, crc, _ = _HEADER.unpack(header)
            if magic != MAGIC or stored_key != key.encode() or itemsize != dtype.itemsize or (rows, cols) != shape:
                return None
            size = rows * cols * itemsize
            st = os.fstat(f.fileno())
            if st.st_size != _HEADER.size + size:
                return None
            if size and _vouched(stamp, _stamp(st, crc)):
                mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
                _keep_file(mapped, f.fileno())
                return np.frombuffer(mapped, dtype=dtype, count=rows * cols, offset=_HEADER.size).reshape(shape)
            # read straight into the array: several times faster than f.read() for a matrix
            matrix = np.empty(shape, dtype=dtype)
            view = matrix.reshape(-1).view(np.uint8).data
            done = 0
            while done < size:
                got = f.readinto(view[done:])
                if not got:
                    return None
                done += got
    except (OSError, ValueError):
        return None
    if zlib.crc32(view) != crc:
        return None
    write_cache_file(stamp, _stamp(st, crc).encode())
    return matrix


def _vouched(stamp: Path, line: str) -> bool:
    """Return whether the stamp file holds exactly this line; if so, mark the matrix used now (the stamp's time)."""
    try:
        if stamp.read_text(encoding="ascii") != line:
            return False
    except (OSError, ValueError):
        return False
    try:
        os.utime(stamp)  # the last use, for cache.prune (the matrix file's own time is in the stamp)
    except OSError:
        pass
    return True


def fits_the_cache(nbytes: int, folder: Path) -> bool:
    """Return whether a matrix of ``nbytes`` goes to the cache: not when it alone is over the cache's limit
    (``CHUTE_CACHE_MAX``); a large one is said as it is written, and either way once on stderr."""
    limit = cache_limit()
    if nbytes > limit:
        warn_once(
            f"the pattern matrix of these lists ({human_bytes(nbytes)}) is larger than the cache's limit "
            f"({human_bytes(limit)}, CHUTE_CACHE_MAX): it is not cached, and is built again each run"
        )
        return False
    if nbytes >= LARGE:
        warn_once(
            f"caching a {human_bytes(nbytes)} pattern matrix in {folder} (the cache keeps at most "
            f"{human_bytes(limit)}, least recently used first; 'chute cache' shows what it holds)"
        )
    return True


def computed_in_file(
    path: Path, key: str, shape: tuple[int, int], dtype: np.dtype, fill: Callable[[np.ndarray, int, int], object]
) -> np.ndarray | None:
    """Return the matrix ``fill(rows, start, stop)`` computes block by block (its rows ``start:stop`` into
    ``rows``), computed straight into its cache file at ``path`` (mapped: the codes are never copied into the
    file afterwards), stored atomically with its key, checksum and stamp (which vouches for it as for a file read
    whole once); None when the file cannot be made (the caller computes it in memory).  A large matrix gives each
    block's pages back once written and summed, so that it is never held whole while it is computed."""
    size = shape[0] * shape[1] * dtype.itemsize
    made: dict = {}

    def write(tmp: Path) -> None:
        with open(tmp, "w+b") as f:
            os.posix_fallocate(f.fileno(), 0, _HEADER.size + size)  # the disk space now, not a fault half-way
            mapped = mmap.mmap(f.fileno(), _HEADER.size + size)
            matrix = np.frombuffer(mapped, dtype=dtype, count=shape[0] * shape[1], offset=_HEADER.size)
            matrix = matrix.reshape(shape)
            step = max(1, FILL_BLOCK_BYTES // max(1, shape[1] * dtype.itemsize))
            crc = 0
            for start in range(0, shape[0], step):
                stop = min(start + step, shape[0])
                fill(matrix[start:stop], start, stop)
                crc = zlib.crc32(matrix[start:stop].reshape(-1).data, crc)
                if size >= GIVE_BACK_BYTES:  # written to the file's pages: read from there again if need be
                    give_back(matrix, start, stop)
            mapped[: _HEADER.size] = _HEADER.pack(MAGIC, key.encode(), dtype.itemsize, shape[0], shape[1], crc, 0)
            _keep_file(mapped, f.fileno())
            made.update(matrix=matrix, crc=crc)

    if not size or not hasattr(os, "posix_fallocate") or not write_cache_file(path, write):
        return None
    try:
        st = os.stat(path)
    except OSError:
        return made["matrix"]
    write_cache_file(path.with_suffix(".ok"), _stamp(st, made["crc"]).encode())
    return made["matrix"]


# each mapping of a cached matrix -> its file, open (the same file the mapping reads, even once it is replaced
# or deleted): a few rows are read from it rather than through the mapping (``Engine._file_rows``)
_FILES: weakref.WeakKeyDictionary[Mapping, int] = weakref.WeakKeyDictionary()


def _keep_file(mapped: Mapping, fileno: int) -> None:
    """Keep the file a mapping reads open while the mapping lives."""
    try:
        fd = os.dup(fileno)
    except OSError:
        return
    _FILES[mapped] = fd
    weakref.finalize(mapped, os.close, fd)


def offset_in(matrix: np.ndarray, mapped: Mapping) -> int:
    """Return where ``matrix``'s first code lies in the mapping it is a view of, in bytes (past the header)."""
    return matrix.ctypes.data - np.frombuffer(mapped, dtype=np.uint8, count=1).ctypes.data


def mapping(matrix: np.ndarray):
    """Return the mapping ``matrix`` is a view of (a matrix read from the cache, rows copied), or None."""
    base: object = matrix
    while base is not None and not isinstance(base, Mapping):
        base = base.obj if isinstance(base, memoryview) else getattr(base, "base", None)
    return base


def give_back(matrix: np.ndarray, start: int = 0, stop: int | None = None) -> bool:
    """Return whether this process gave the memory of ``matrix``'s rows ``start:stop`` (default: all) back to
    the system: it can where the matrix is mapped from the cache (its pages are read from the file again
    wherever it is read later: it is never written); a matrix computed here, or read into memory, is kept.
    The pages given back are the aligned windows of MAPPED_AROUND bytes holding the rows: a read of them
    mapped their neighbours too."""
    mapped = mapping(matrix)
    if mapped is None or not hasattr(mapped, "madvise"):
        return False
    try:
        if start == 0 and stop is None:
            mapped.madvise(mmap.MADV_DONTNEED)
            return True
        stop = matrix.shape[0] if stop is None else stop
        row_bytes = matrix.shape[1] * matrix.itemsize
        at = offset_in(matrix, mapped)
        first = (at + start * row_bytes) // MAPPED_AROUND * MAPPED_AROUND
        last = min(-(-(at + stop * row_bytes) // MAPPED_AROUND) * MAPPED_AROUND, len(mapped))
        if last > first:
            mapped.madvise(mmap.MADV_DONTNEED, first, last - first)
    except (OSError, ValueError, AttributeError):
        return False
    return True


def file_rows(matrix: np.ndarray, rows: np.ndarray) -> np.ndarray | None:
    """Return ``matrix``'s rows ``rows`` read from the file it is mapped from, each run of consecutive rows
    in one read, or None where it is not (or cannot be read).  Reading a few rows through the mapping would
    map far more: the system maps a file's cached pages around each page read (up to a whole large folio
    of the page cache), so a few thousand rows read one by one held the whole matrix, and giving those
    pages back after each read cost more system time than the reads."""
    mapped = mapping(matrix)
    fd = _FILES.get(mapped) if mapped is not None else None
    if fd is None:
        return None
    width = matrix.shape[1] * matrix.itemsize
    at = offset_in(matrix, mapped)
    out = np.empty((len(rows), matrix.shape[1]), dtype=matrix.dtype)
    view = out.view(np.uint8).reshape(len(rows), width)
    cuts = np.flatnonzero(np.diff(rows) != 1) + 1
    try:
        for first, last in zip([0, *cuts.tolist()], [*cuts.tolist(), len(rows)]):
            block = view[first:last].reshape(-1)
            if os.preadv(fd, [block.data], at + int(rows[first]) * width) != len(block):
                return None
    except (OSError, ValueError, AttributeError):  # AttributeError: a system without preadv
        return None
    return out
