"""Khun: exact makruk (Thai chess) rules and engine.

The rules are pyffish's functions, with pyffish's names, positional arguments and
values, for the seven games Khun plays (makruk, cambodian, karouk, makpong, asean,
ai-wok, sittuyin: its pieces in hand, drops and promotions as pyffish has them), so
``import khun as sf`` serves code written for pyffish in those games.
Beyond pyffish: the count as players say it (``count``, ``state``), who may start or
stop it (``may_start_count``, ``may_stop_count``), the game's end as the rules score
it (``outcome``: the counting side's mate is a draw), the endgame tables' verdicts
(``Tables``), PGN (``read_pgn``, ``write_pgn``) and the engine (``Engine``).

A game Khun does not play, a bad FEN or an illegal move raises ``ValueError`` with
the reason. A variants file (``load_variant_config``, ``set_option("VariantPath",
path)``) has its sections for Khun's games taken and the others refused with one
``VariantConfigWarning`` naming them, so a server written for pyffish starts.
"""

from . import _khun
from ._khun import *  # noqa: F401,F403

__version__ = ".".join(str(part) for part in _khun.version())
__all__ = [name for name in dir(_khun) if not name.startswith("_")] + ["__version__"]
