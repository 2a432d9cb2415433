"""Type stubs of Khun's native module (re-exported by ``khun``)."""

from os import PathLike
from typing import (
    Any,
    Callable,
    Dict,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    Union,
    final,
    type_check_only,
)

Color = Literal["white", "black"]

NOTATION_DEFAULT: int
NOTATION_SAN: int
NOTATION_LAN: int
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int
VALUE_MATE: int
VALUE_DRAW: int
FEN_OK: int
FEN_EMPTY: int
FEN_INVALID_MOVE_COUNTER: int
FEN_INVALID_HALF_MOVE_COUNTER: int
FEN_INVALID_NUMBER_OF_KINGS: int
FEN_INVALID_SIDE_TO_MOVE: int
FEN_INVALID_POCKET_INFO: int
FEN_INVALID_BOARD_GEOMETRY: int
FEN_TOUCHING_KINGS: int
FEN_INVALID_CHAR: int
FEN_INVALID_NB_PARTS: int
FEN_INVALID_PROMOTED_PIECE: int
FEN_INVALID_CHECK_COUNT: int
FEN_INVALID_COUNTING_RULE: int
FEN_IMPOSSIBLE_POSITION: int

@type_check_only
class Outcome(TypedDict, total=False):
    result: Literal["1-0", "0-1", "1/2-1/2"]
    reason: str
    winner: Optional[Color]
    kind: Literal[
        "checkmate",
        "stalemate",
        "count_exceeded",
        "counting_side_mate",
        "check_win",
        "fifty_moves",
        "only_promotions",
        "insufficient_material",
    ]
    mated_by: Optional[Color]
    ply: int

@type_check_only
class Count(TypedDict):
    honour: Literal["piece", "board"]
    counting: Color
    mating: Color
    ply: int
    limit: int
    number: int
    of: int
    moves_left: Optional[int]
    exceeded: bool
    draw: bool
    by_players: bool
    text: str

@type_check_only
class PlayersCount(TypedDict):
    counting: Color
    started_at: int
    of: int
    binds: bool

@type_check_only
class TableVerdict(TypedDict):
    ending: str
    winner: Optional[Color]
    plies: Optional[int]
    count_runs_out: bool
    text: str

LegalMove = TypedDict(
    "LegalMove",
    {
        "uci": str,
        "san": str,
        "from": Optional[str],
        "to": str,
        "drop": Optional[str],
        "promotion": bool,
    },
)

@type_check_only
class State(TypedDict):
    fen: str
    turn: Color
    check: bool
    sans: List[str]
    legal: List[LegalMove]
    end: Optional[Outcome]
    count: Optional[Count]
    players_count: Optional[PlayersCount]
    count_text: str
    count_started: int
    counting_side: Optional[Color]
    may_start_count: bool
    may_stop_count: bool
    table: Optional[TableVerdict]

@type_check_only
class Score(TypedDict, total=False):
    cp: int
    mate: int

@type_check_only
class Line(TypedDict):
    """A line of ``analyse``'s answer, or an update its ``info`` callback receives."""

    multipv: int
    score: Score
    score_white: Score
    wdl: Tuple[int, int, int]
    depth: int
    seldepth: Optional[int]
    bound: Optional[Literal["lower", "upper"]]
    nodes: int
    time_ms: int
    nps: int
    pv: List[str]
    pv_san: List[str]

@type_check_only
class Analysis(TypedDict, total=False):
    turn: Color
    best_move: Optional[str]
    best_move_san: Optional[str]
    ponder: Optional[str]
    score: Optional[Score]
    score_white: Optional[Score]
    wdl: Optional[Tuple[int, int, int]]
    depth: int
    seldepth: Optional[int]
    nodes: int
    time_ms: int
    nps: int
    lines: List[Line]
    count_action: Optional[Literal["start", "stop"]]
    move: Optional[str]
    san: Optional[str]

# pyffish's functions (positional arguments in pyffish's order).

class error(Exception):
    """pyffish's exception type, offered under its name; like pyffish, Khun raises
    ``ValueError`` instead."""

def variants() -> List[str]:
    """The seven games' names, sorted."""

def start_fen(variant: str) -> str:
    """The start position's FEN (chess's too, which servers ask for)."""

def two_boards(variant: str) -> bool:
    """Whether the game is played on two boards: False (Khun's games, chess)."""

def captures_to_hand(variant: str) -> bool:
    """Whether a capture goes to the capturer's hand: False (Khun's games, chess)."""

def legal_moves(variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False) -> List[str]:
    """The legal moves (UCI) after ``moves`` from ``fen`` (``"startpos"`` allowed)."""

def get_fen(
    variant: str,
    fen: str,
    moves: Sequence[str],
    is_chess960: bool = False,
    sfen: bool = False,
    show_promoted: bool = False,
    count_started: int = 0,
) -> str:
    """The FEN after ``moves``, count fields under ``count_started`` (0 automatic,
    -1 players' counting with no count running, N a count running since game ply N;
    any value, with pyffish's arithmetic); ``show_promoted``: promoted pawns written
    ``M~``."""

def get_san(
    variant: str, fen: str, move: str, is_chess960: bool = False, notation: int = 0
) -> str:
    """The move in SAN (or ``notation``: NOTATION_SAN, _LAN, _THAI_SAN, _THAI_LAN)."""

def get_san_moves(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False, notation: int = 0
) -> List[str]:
    """Each move of ``moves`` in SAN (or ``notation``), played from ``fen``."""

def gives_check(variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False) -> bool:
    """Whether the side to move is in check after ``moves``."""

def is_capture(
    variant: str, fen: str, moves: Sequence[str], move: str, is_chess960: bool = False
) -> bool:
    """Whether ``move`` (legal after ``moves``, else ``ValueError``) takes a piece."""

def piece_to_partner(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False
) -> str:
    """The FEN letter of the piece the last of ``moves`` took (its colour's case; a
    promoted pawn as the pawn), ``""`` when it took nothing or there are no moves."""

def get_fog_fen(fen: str, variant: str, is_chess960: bool = False) -> str:
    """The FEN (first, as in pyffish) with the squares the side to move neither holds
    nor reaches written ``*``."""

def set_option(name: str, value: Any) -> None:
    """One of Fairy-Stockfish's options (any case; ``ValueError`` for other names).
    ``VariantPath`` loads that file as ``load_variant_config``; the others change
    nothing, as in pyffish."""

def load_variant_config(config: str) -> None:
    """A variants file's text: sections for Khun's games taken, the others refused
    with one ``VariantConfigWarning``."""

class VariantConfigWarning(UserWarning):
    """What a variants file asked that Khun did not load (variants it does not play,
    a file it could not read)."""

def game_result(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False, *, count_started: int = 0
) -> int:
    """pyffish's result of a position without legal moves: -32000 mated (or Kar Ouk's
    check), 0 stalemate; with ``count_started`` (Khun's own keyword) the counting
    side's mate is 0."""

def is_immediate_game_end(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False
) -> Tuple[bool, int]:
    """``(True, -32000)`` where Kar Ouk's check ended the game, else ``(False, 0)``."""

def is_optional_game_end(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False, count_started: int = 0
) -> Tuple[bool, int]:
    """``(True, 0)`` where the count ran out (under ``count_started``, pyffish's
    arithmetic), the fifty moves passed (ASEAN, sittuyin), the position occurs the
    third time, or sittuyin's king and pawn may only promote; else ``(False, 0)``."""

def has_insufficient_material(
    variant: str, fen: str, moves: Sequence[str], is_chess960: bool = False
) -> Tuple[bool, bool]:
    """``(white, black)``: whether each side can never mate."""

def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """pyffish's FEN status code; FEN_IMPOSSIBLE_POSITION (-100) for a FEN pyffish
    passes but Khun cannot read (``fen_error`` says why)."""

def version() -> Tuple[int, int, int]:
    """Khun's version."""

def info() -> str:
    """The engine's name and version."""

# Beyond pyffish.

def fen_error(fen: str, variant: str, *, strict: bool = False) -> Optional[str]:
    """Why pyffish's functions refuse ``fen``, or None; ``strict``: why Khun's own
    functions and its engine refuse it (also a position no game reaches)."""

def uci_from_san(variant: str, fen: str, san: str, moves: Sequence[str] = ...) -> str:
    """The UCI move of ``san`` (Thai or western letters) after ``moves``."""

def outcome(
    variant: str, fen: str, moves: Sequence[str], count_started: int = 0
) -> Optional[Outcome]:
    """The game's end as the rules score it (the counting side's mate a draw), or None."""

def count(variant: str, fen: str, moves: Sequence[str], count_started: int = 0) -> Optional[Count]:
    """The running count as players say it, or None."""

def may_start_count(
    variant: str, fen: str, moves: Sequence[str], count_started: int = -1
) -> Tuple[bool, str]:
    """``(True, "")`` where the side to move may start the players' count, else
    ``(False, why)``."""

def may_stop_count(
    variant: str, fen: str, moves: Sequence[str], count_started: int
) -> Tuple[bool, str]:
    """``(True, "")`` where the side to move may stop the players' count, else
    ``(False, why)``."""

def state(
    variant: str,
    fen: str,
    moves: Sequence[str],
    count_started: int = 0,
    tables: Optional[Tables] = None,
) -> State:
    """The position after ``moves`` with all a page shows (the rules API's ``state``)."""

def ask(question: Dict[str, Any], tables: Optional[Tables] = None) -> Any:
    """Any question the rules answer, as JavaScript's ``rules.ask`` takes it: ``op``
    (``variants``, ``state``, ``san``, ``uci_from_san``, ``read_pgn``, ``write_pgn``,
    ``check_fen``) and its fields in snake_case."""

def read_pgn(text: str) -> List[Dict[str, Any]]:
    """Every game of a PGN text, replayed (tags, variant, fen, moves, sans, result,
    end, error, error_code, error_params, counting, count_actions, count_started), and
    as a tree (comments, tree, notes)."""

def write_pgn(
    variant: str,
    fen: str,
    moves: Sequence[str],
    tags: Sequence[Tuple[str, str]] = ...,
    result: str = "*",
    counting: Literal["automatic", "players"] = "automatic",
    count_actions: Sequence[Tuple[int, Literal["start", "stop"]]] = ...,
) -> str:
    """A game as PGN text, the players' count actions as ``{[%count ...]}``."""

def puzzles(
    pgn: Optional[str] = None,
    *,
    positions: Optional[Sequence[str]] = None,
    fen: Optional[str] = None,
    moves: Optional[Sequence[str]] = None,
    variant: str = "makruk",
    count_started: int = 0,
    counting: Optional[Literal["automatic", "players"]] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    format: Literal["json", "pychess"] = "json",
    tables: Optional[Tables] = None,
) -> Dict[str, Any]:
    """The puzzles in a PGN text, a list of FENs (each alone) or along a game (``fen``
    and ``moves``): ``{"puzzles": [...], "tally": {...}, "errors": [...]}``, each
    puzzle a dict (fen, variant, bm, moves, type, theme, eval, second, depth,
    difficulty, count, game, ply) or pychess.org's document; searched to ``depth``
    (8 when neither it nor ``nodes`` is given). Under players' counting
    (``count_started`` not 0, or ``counting="players"`` for a PGN's games) the count
    acts are puzzles too (type count-start, count-stop or count-keep, with ``action``,
    ``counting`` and ``count_started``)."""

def check_puzzle(
    fen: str,
    solution: Sequence[str],
    *,
    moves: Optional[Sequence[str]] = None,
    variant: str = "makruk",
    count_started: int = 0,
    type: Optional[
        Literal[
            "mate",
            "win",
            "winning",
            "defensive",
            "count",
            "count-start",
            "count-stop",
            "count-keep",
        ]
    ] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    tables: Optional[Tables] = None,
) -> Dict[str, Any]:
    """Whether ``solution`` (UCI) solves the position: ``{"valid", "reasons", "type",
    "theme", "puzzle", "best_move", "eval", "second", "depth"}``, and ``action``
    (``start``, ``stop``, ``keep``) for a players' count act. Under players' counting
    (``count_started`` not 0) ``type`` may claim an act (``count-start``,
    ``count-stop``, ``count-keep``; ``solution`` the moves after it); no type claims
    no act (the count left as it is: a keep where it runs). A ``count-*`` type under
    the automatic count raises ``ValueError``."""

@final
class Tables:
    """The endgame tables (up to four men built in memory on demand; five with a
    directory)."""

    def __new__(
        cls, five_man_directory: Optional[Union[str, PathLike[str]]] = None
    ) -> "Tables": ...
    def verdict(
        self, variant: str, fen: str, moves: Sequence[str] = ..., count_started: int = 0
    ) -> Optional[TableVerdict]:
        """The tables' verdict with the count, or None where none covers it."""

@final
class Engine:
    """Khun's engine: one position, one hash table, one search at a time."""

    variant: str
    hash_mb: int
    threads: int
    skill_level: int
    elo: Optional[int]
    @property
    def searching(self) -> bool: ...
    def __new__(
        cls,
        variant: str = "makruk",
        hash_mb: int = 16,
        threads: int = 1,
        skill_level: Optional[int] = None,
        elo: Optional[int] = None,
        use_nnue: bool = True,
        five_man_tables: Optional[str] = None,
    ) -> "Engine": ...
    def analyse(
        self,
        fen: str = "startpos",
        moves: Sequence[str] = ...,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
        count_started: int = 0,
        info: Optional[Callable[[Line], object]] = None,
    ) -> Analysis:
        """Searches at full strength (``movetime`` in seconds; none given: 1 s);
        ``info`` is called with each update on the calling thread (its exception stops
        the search and is raised)."""
    def play(
        self,
        fen: str = "startpos",
        moves: Sequence[str] = ...,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        wtime: Optional[float] = None,
        btime: Optional[float] = None,
        winc: Optional[float] = None,
        binc: Optional[float] = None,
        movestogo: Optional[int] = None,
        count_started: int = 0,
    ) -> Analysis:
        """One move at the engine's level (``move``, ``san``)."""
    def stop(self) -> None:
        """Stops the running search (from another thread)."""
    def new_game(self) -> None:
        """Forgets the hash table and the histories."""
