"""What a proof over every opener (``search.prove``) says of Absurdle's adversary: the fewest rows, the openers
that achieve them, and the line chute plays."""

from __future__ import annotations

import numpy as np

from ..errors import ChuteError
from ..game.adversary import TieRule, least_said
from .absurdle import MOST_ROWS, AbsurdleProof, AbsurdleSearch, play_line
from .prove import Proof


def cornered_proof(search: AbsurdleSearch, proof: Proof, keep: TieRule = least_said) -> AbsurdleProof:
    """Return what a proof over every opener (``search.prove``) says of the adversary: the fewest rows, the openers
    that achieve them, and the line ``chute suggest`` plays against the adversary's rule ``keep``."""
    best = proof.best
    if best is None:
        raise ChuteError(f"no opener corners the adversary within {MOST_ROWS} rows")
    winning = sorted(s.opener for s in proof.settled.values() if s.exact and s.total == best.total)
    S = np.arange(len(search.lexicon.answers))
    line = play_line(search, S, search.ranked(S, top=1)[0].guess, keep)
    return AbsurdleProof(best.total, winning, line, len(proof.settled), proof.seconds, search.rule, proof.proven)
