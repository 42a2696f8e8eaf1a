"""Your history: the games you played or reviewed, kept in one file in the state folder, and their statistics.

A game is kept once whoever records it (the page when a game ends, ``chute review``, ``assist`` when its
game is over): the same game (name, mode, row limit and guesses) recorded again is merged into its record,
so a review after the game adds its skill and luck instead of counting it twice.  The file holds one JSON
line per game, each read on its own (a damaged line costs itself only, and is kept aside by the next
write), rewritten atomically under the state folder's lock (a terminal and the page may record at once);
a file chute cannot read is moved aside, never overwritten.  ``MAX_GAMES`` bounds it: the oldest go first.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ChuteError, StorageError
from ..files import default_state_dir, excerpt, folder_lock, read_limited, write_atomic
from ..game.games import MAX_BOARDS, MAX_ROWS
from .boards_review import BoardsReview
from .verdict import Review

if TYPE_CHECKING:
    from ..playing.session import Session

HISTORY_FILE = "history.jsonl"
VERSION = 2  # 2: one JSON line per game after a header line; 1: one JSON document
HEADER = {"format": "chute-history", "version": VERSION}
OLDER_FILE = "history.json"  # an older chute's history (version 1), read until a game is next kept
OLDER_VERSION = 1
MAX_GAMES = 20_000  # about 5 MB: a game a day for fifty years, several games a day for ten
SOURCES = ("page", "review", "assist")


@dataclass(frozen=True)
class GameRecord:
    """One game in your history: which game, how it went, and its review's skill and luck when it had one."""

    game: str  # the game's name: wordle, termo, quordle, ...
    mode: str  # "normal", "hard" or "strict"
    row_limit: int
    guesses: tuple[str, ...]
    answers: tuple[str, ...]  # per board ("" when never found and not given)
    solved_at: tuple[int | None, ...]  # per board, the row that found it (None: never)
    skill: int | None = None
    luck: int | None = None
    source: str = "review"
    when: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))

    @property
    def key(self) -> tuple:
        """Return what makes two records the same game."""
        return (self.game, self.mode, self.row_limit, self.guesses)

    @property
    def won(self) -> bool:
        """Return whether every board was found within the row limit."""
        return all(s is not None and s <= self.row_limit for s in self.solved_at)

    @property
    def rows(self) -> int | None:
        """Return the rows the win took (the row that found the last board), None for a game lost."""
        return max(s for s in self.solved_at if s is not None) if self.won else None

    def merged(self, newer: GameRecord) -> GameRecord:
        """Return this record brought up to date by a newer one of the same game (what it adds; its day kept)."""
        return replace(
            newer,
            when=self.when,
            answers=tuple(n or o for n, o in zip(newer.answers, self.answers)),
            skill=self.skill if newer.skill is None else newer.skill,
            luck=self.luck if newer.luck is None else newer.luck,
            source=self.source,
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the record as a JSON-ready dict."""
        out = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}

    @classmethod
    def from_dict(cls, d: dict) -> GameRecord:
        """Return a record read back (ValueError/KeyError/TypeError when it is not one)."""
        record = cls(
            str(d["game"]),
            str(d["mode"]),
            int(d["row_limit"]),
            tuple(map(str, d["guesses"])),
            tuple(map(str, d["answers"])),
            tuple(None if s is None else int(s) for s in d["solved_at"]),
            None if d.get("skill") is None else int(d["skill"]),
            None if d.get("luck") is None else int(d["luck"]),
            str(d.get("source", "review")),
            str(d["when"]),
        )
        if (
            not record.guesses
            or len(record.answers) != len(record.solved_at)
            or not 1 <= record.row_limit <= MAX_ROWS
            or any(s is not None and not 1 <= s <= MAX_ROWS for s in record.solved_at)
            or len(record.answers) > MAX_BOARDS
            or not all(w.isalpha() for w in record.guesses)
            or not all(a == "" or a.isalpha() for a in record.answers)
            or not re.fullmatch(r"[a-z0-9]{1,30}", record.game)
            or record.mode not in ("normal", "hard", "strict")
            or record.source not in SOURCES
            or not re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]{8}Z", record.when)
            or any(x is not None and not 0 <= x <= 99 for x in (record.skill, record.luck))
        ):
            raise ValueError("not a game")
        return record


def finished_record(
    game: str,
    rule: str | None,
    row_limit: int,
    guesses: Sequence[str],
    answers: Sequence[str],
    skill: int | None = None,
    luck: int | None = None,
    source: str = "review",
    show: Callable[[str], str] | None = None,
) -> GameRecord | None:
    """Return the record of a game that is over (every board found, or every row played), None for one going on.

    ``answers`` per board ("" when unknown), words as folded; ``show`` spells them as the game does.  Rows played
    past the limit are not kept: a game lost and then found is the same game, lost.
    """
    show = show or (lambda w: w)
    guesses = list(guesses)
    solved_at = tuple(guesses.index(a) + 1 if a and a in guesses else None for a in answers)
    if not all(s is not None for s in solved_at) and len(guesses) < row_limit:
        return None
    return GameRecord(
        game,
        rule or "normal",
        row_limit,
        kept_guesses(guesses, row_limit, show),
        tuple(show(a) if a else "" for a in answers),
        solved_at,
        skill,
        luck,
        source,
    )


def kept_guesses(guesses: Sequence[str], row_limit: int, show: Callable[[str], str]) -> tuple[str, ...]:
    """Return the guesses a record keeps, as the game spells them: those within the row limit."""
    return tuple(show(g) for g in guesses[:row_limit])


def game_key(game: str, rule: str | None, row_limit: int, guesses: Sequence[str], show: Callable[[str], str]) -> tuple:
    """Return what makes a game the same game in the history (``GameRecord.key``) from its folded guesses."""
    return (game, rule or "normal", row_limit, kept_guesses(guesses, row_limit, show))


def review_record(
    result: Review | BoardsReview, game: str, source: str = "review", show: Callable[[str], str] | None = None
) -> GameRecord | None:
    """Return the record of a reviewed game with its skill and luck (None when the game is not over)."""
    if isinstance(result, BoardsReview):
        return finished_record(
            game,
            None,
            result.row_limit,
            [r.guess for r in result.rounds],
            result.answers,
            result.skill,
            result.luck,
            source,
            show,
        )
    return finished_record(
        game,
        result.rule,
        result.row_limit,
        [r.guess for r in result.rows],
        [result.answer],
        result.skill,
        result.luck,
        source,
        show,
    )


def session_record(session: Session, game: str, source: str = "page") -> GameRecord | None:
    """Return the record of a game played row by row, its boards' answers as far as they were found (None: going on)."""
    if session.rows is None:
        return None
    played = session.result()
    return finished_record(
        game,
        session.solver.hard,
        session.rows,
        played.guesses,
        played.secrets,
        source=source,
        show=session.solver.lexicon.show,
    )


def history_path() -> Path:
    """Return the file of your history, in the state folder."""
    return default_state_dir() / HISTORY_FILE


@dataclass
class HistoryRead:
    """A history as read: its games, and the lines that are no game (kept aside by the next write)."""

    games: list[GameRecord]
    damaged: list[bytes] = field(default_factory=list)
    older: Path | None = None  # read from an older chute's file, which the next write moves aside


def read_history(path: Path | None = None) -> list[GameRecord]:
    """Return the games kept, oldest first (none when there is no file; StorageError when it cannot be read)."""
    return load_history(path).games


def load_history(path: Path | None = None) -> HistoryRead:
    """Return the games kept and the damaged lines: each line is a game read on its own, so a damaged one costs
    itself only (StorageError when the file is no history at all, or cannot be read).

    Without the file, an older chute's ``history.json`` beside it is read instead (one JSON document).
    """
    path = path or history_path()
    older = path.with_name(OLDER_FILE)
    if not path.exists() and path.name == HISTORY_FILE and older.exists():
        return HistoryRead(_older_games(older), older=older)
    if not path.exists():
        return HistoryRead([])
    try:
        data = read_limited(path, "your history")
    except ChuteError as err:  # unreadable, a folder, past the size any history reaches
        raise StorageError(f"cannot read your history {path} ({err})") from None
    games: list[GameRecord] = []
    damaged: list[bytes] = []
    header = False
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        item = _line(raw)
        if item == HEADER:
            header = True
        elif isinstance(item, GameRecord):
            games.append(item)
        else:
            damaged.append(raw)
    if not header and not games:
        raise StorageError(f"your history {path} is not a history chute wrote; 'chute stats --clear' moves it aside")
    return HistoryRead(games, damaged)


def _line(raw: bytes) -> GameRecord | dict | None:
    """Return what one line of a history holds: a game, the header, or None when it is neither."""
    try:
        data = json.loads(raw.decode("utf-8"))
        return data if data == HEADER else GameRecord.from_dict(data)
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError):
        return None


def _older_games(path: Path) -> list[GameRecord]:
    """Return the games of an older chute's history (one JSON document; a game that is no game left out)."""
    try:
        data = json.loads(read_limited(path, "your history").decode("utf-8"))
        games = data["games"]
        if not isinstance(games, list):
            raise TypeError("no list of games")
    except (ChuteError, ValueError, KeyError, TypeError, OverflowError, RecursionError) as err:
        raise StorageError(
            f"your history {path} is not a history chute wrote ({excerpt(str(err), 80)}); 'chute stats --clear' "
            "moves it aside"
        ) from None
    kept = []
    for d in games:
        try:
            kept.append(GameRecord.from_dict(d))
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError):
            continue
    return kept


def record_game(record: GameRecord, path: Path | None = None) -> list[GameRecord]:
    """Return the history once ``record`` is kept in it on disk (merged into the same game's record when there is one).

    A file that cannot be read is moved aside (``.unreadable``) and a new one begun; StorageError when the
    folder cannot be written.
    """
    path = path or history_path()

    def change(games: list[GameRecord]) -> list[GameRecord]:
        for i, old in enumerate(games):
            if old.key == record.key:
                games[i] = old.merged(record)
                return games
        return (games + [record])[-MAX_GAMES:]

    return _rewritten(path, change, create=True)


def forget_game(record: GameRecord | tuple, path: Path | None = None) -> list[GameRecord]:
    """Return the history once the game a record (or its ``game_key``) names is taken out of it (a row of it taken
    back on the page)."""
    path = path or history_path()
    if not _files(path):
        return []
    key = record.key if isinstance(record, GameRecord) else record
    return _rewritten(path, lambda games: [g for g in games if g.key != key], create=False)


def clear_history(path: Path | None = None) -> tuple[int, Path | None]:
    """Return (the games the history held, where they were moved) once it is emptied: the file is renamed
    ``history.cleared.jsonl`` (the one cleared before it replaced), so a clear can be taken back by hand."""
    path = path or history_path()
    found = _files(path)
    if not found:
        return 0, None
    try:
        count = len(read_history(path))
    except StorageError:
        count = 0
    try:
        with folder_lock(path.parent):
            asides = [f.replace(f.with_name(f"{f.stem}.cleared{f.suffix}")) for f in found]
    except OSError as err:
        raise StorageError(f"cannot clear your history {path} ({err.strerror or err})") from None
    return count, asides[0]


def _files(path: Path) -> list[Path]:
    """Return the files that hold the history at ``path``: it, and an older chute's beside it."""
    older = path.with_name(OLDER_FILE) if path.name == HISTORY_FILE else None
    return [f for f in (path, older) if f is not None and f.exists()]


def _rewritten(path: Path, change, create: bool) -> list[GameRecord]:
    """Return the history changed by ``change`` and written back under the folder's lock: a file that is no
    history moved aside, damaged lines kept aside, an older chute's file moved aside once its games are written."""
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(path.parent):
            try:
                found = load_history(path)
            except StorageError:
                path.replace(_aside(path, "unreadable"))
                found = HistoryRead([])
            if found.damaged:
                write_atomic(_aside(path, "unreadable"), b"".join(line + b"\n" for line in found.damaged), "history")
            games = change(list(found.games))
            lines = [HEADER] + [g.to_dict() for g in games]
            payload = "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in lines)
            write_atomic(path, payload, "history")
            if found.older is not None:
                found.older.replace(_aside(found.older, f"v{OLDER_VERSION}"))
    except OSError as err:
        raise StorageError(f"cannot keep the game in your history {path} ({err.strerror or err})") from None
    return games


def _aside(path: Path, label: str) -> Path:
    """Return a name beside ``path`` for a file set aside, labelled, that no file holds yet."""
    n = 0
    while True:
        aside = path.with_name(f"{path.stem}.{label}{'' if n == 0 else f'-{n}'}{path.suffix}")
        if not aside.exists():
            return aside
        n += 1


@dataclass
class Stats:
    """The statistics of one game and mode: how many played and won, the rows of each win, streaks, skill, luck."""

    game: str
    mode: str
    row_limit: int
    played: int = 0
    won: int = 0
    rows: dict[int, int] = field(default_factory=dict)  # rows a win took -> wins
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    skill: float | None = None  # the mean over the games reviewed
    luck: float | None = None
    reviewed: int = 0

    @property
    def lost(self) -> int:
        """Return the games lost."""
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Return the share of the games won, 0 to 1."""
        return self.won / self.played if self.played else 0.0

    @property
    def mean_rows(self) -> float | None:
        """Return the mean rows over the games won (None: none won)."""
        return sum(r * n for r, n in self.rows.items()) / self.won if self.won else None

    def to_dict(self) -> dict[str, Any]:
        """Return the statistics as a JSON-ready dict."""
        return {
            "game": self.game,
            "mode": self.mode,
            "row_limit": self.row_limit,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "win_rate": round(self.win_rate, 4),
            "rows": {str(r): n for r, n in sorted(self.rows.items())},
            "mean_rows": None if self.mean_rows is None else round(self.mean_rows, 4),
            "streak": self.streak,
            "best_streak": self.best_streak,
            "reviewed": self.reviewed,
            "skill": None if self.skill is None else round(self.skill, 1),
            "luck": None if self.luck is None else round(self.luck, 1),
        }


def statistics(games: Iterable[GameRecord]) -> list[Stats]:
    """Return the statistics per game, mode and row limit, the most played first (then by name)."""
    groups: dict[tuple, list[GameRecord]] = {}
    for g in sorted(games, key=lambda g: g.when):
        groups.setdefault((g.game, g.mode, g.row_limit), []).append(g)
    out = []
    for (game, mode, limit), records in groups.items():
        s = Stats(game, mode, limit, played=len(records))
        run = 0
        for r in records:
            run = run + 1 if r.won else 0
            s.best_streak = max(s.best_streak, run)
            if r.won and r.rows is not None:
                s.won += 1
                s.rows[r.rows] = s.rows.get(r.rows, 0) + 1
        s.streak = run
        skills = [r.skill for r in records if r.skill is not None]
        lucks = [r.luck for r in records if r.luck is not None]
        s.reviewed = len(skills)
        s.skill = sum(skills) / len(skills) if skills else None
        s.luck = sum(lucks) / len(lucks) if lucks else None
        out.append(s)
    return sorted(out, key=lambda s: (-s.played, s.game, s.mode, s.row_limit))
