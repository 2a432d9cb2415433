//! The counting rules of makruk and its relatives, exactly as Fairy-Stockfish and
//! pyffish apply them (see [`CountingRule`] for how the three differ).
//!
//! A count is a limit and a running counter, both in plies. No count runs while an
//! unpromoted pawn is on the board. Once running, a count is never recomputed, except
//! that a board's-honour count is replaced by a piece's-honour count when a capture
//! (or promotion) leaves the side to move with a bare king. When the counter exceeds
//! the limit the game is drawn, unless the side to move is checkmated.
//!
//! The decisions here are checked against pyffish after every move of thousands of
//! sequences (`engine-tests/data/counting-*.tsv`).
//!
//! Two details learnt from pyffish: no count starts while both sides have only their
//! kings, and a promotion that leaves the side to move bare replaces a running count like
//! a capture does. Threefold repetition is judged on the placement and side to move alone
//! (as pyffish and match runners judge it), while the hash key also covers the count.

pub(crate) use super::count_state::{CountKind, CountState};
use super::position::Position;
use super::types::{Color, PieceKind};
use super::variant::{CountingRule, Variant};

/// The board's-honour limit in moves (the count runs while both sides have pieces).
pub(crate) const BOARD_HONOUR_MOVES: u16 = 64;

/// The limit in moves that `side` would count under, or `None` when no count can
/// start for it. Makruk: none while pawns remain or while the other side is a bare
/// king; `side` having pieces gives the board's honour; `side` bare gives the piece's
/// honour, taken from the other side's strongest material (first match wins).
/// Cambodian and ASEAN follow their own tables (Fairy-Stockfish's `count_limit`).
pub(crate) fn limit_for(pos: &Position, side: Color) -> Option<u16> {
    limit_under(pos, side, pos.variant().counting())
}

#[inline(always)]
fn limit_under(pos: &Position, side: Color, rule: CountingRule) -> Option<u16> {
    // why: this runs after every move, and with pawns on the board (most of a game)
    // only the Cambodian rule can start a count; answer that case without the tables.
    if rule != CountingRule::Cambodian && pos.pieces_of_kind(PieceKind::Pawn).any() {
        return None;
    }
    limit_from_tables(pos, side, rule)
}

fn limit_from_tables(pos: &Position, side: Color, rule: CountingRule) -> Option<u16> {
    let other = !side;
    let pawns = pos.pieces_of_kind(PieceKind::Pawn).any();
    let ours = pos.pieces_of(side).count();
    let other_bare = pos.pieces_of(other).count() == 1;
    let n = |kind| pos.pieces(other, kind).count();
    match rule {
        CountingRule::Makruk => {
            if pawns || other_bare {
                None
            } else if ours > 1 {
                Some(BOARD_HONOUR_MOVES)
            } else {
                Some(pieces_honour(pos, other))
            }
        }
        CountingRule::Cambodian => {
            // The board's honour starts once the counting side is down to its king
            // and two men, pawns on the board or not; each limit is one move shorter.
            if ours > 3 || other_bare {
                None
            } else if ours > 1 {
                Some(BOARD_HONOUR_MOVES - 1)
            } else if pawns {
                None
            } else {
                Some(pieces_honour(pos, other) - 1)
            }
        }
        CountingRule::Asean => {
            // Only a bare king counts, and only against a rook, a khon or a knight.
            if pawns || ours > 1 {
                None
            } else if n(PieceKind::Rook) > 0 {
                Some(ASEAN_HONOUR[0])
            } else if n(PieceKind::Khon) > 0 {
                Some(ASEAN_HONOUR[1])
            } else if n(PieceKind::Knight) > 0 {
                Some(ASEAN_HONOUR[2])
            } else {
                None
            }
        }
    }
}

/// Makruk's piece's-honour table, in moves, from the stronger side's material, first
/// match wins: two rooks, one rook, two khons, two knights, one khon, anything else
/// (mets, promoted pawns included).
const PIECES_HONOUR: [u16; 6] = [8, 16, 22, 32, 44, 64];

/// ASEAN's piece's honour, in moves: against a rook, a khon, a knight.
const ASEAN_HONOUR: [u16; 3] = [16, 44, 64];

/// Makruk's piece's-honour table, in moves, from `strong`'s material: rooks
/// dominate, then khons, then knights (first match wins).
fn pieces_honour(pos: &Position, strong: Color) -> u16 {
    let n = |kind| pos.pieces(strong, kind).count();
    let row = if n(PieceKind::Rook) >= 2 {
        0
    } else if n(PieceKind::Rook) == 1 {
        1
    } else if n(PieceKind::Khon) >= 2 {
        2
    } else if n(PieceKind::Knight) >= 2 {
        3
    } else if n(PieceKind::Khon) == 1 {
        4
    } else {
        5
    };
    PIECES_HONOUR[row]
}

/// Every limit, in plies, a count of `variant` can have (ascending): the rules' tables
/// above, so a FEN's limit can be checked against them.
pub(crate) fn possible_limits(variant: Variant) -> Vec<u16> {
    let with_board = || PIECES_HONOUR.into_iter().chain([BOARD_HONOUR_MOVES]);
    let moves: Vec<u16> = match variant.counting() {
        CountingRule::Makruk => with_board().collect(),
        // Cambodian chess: each limit one move shorter.
        CountingRule::Cambodian => with_board().map(|m| m - 1).collect(),
        CountingRule::Asean => ASEAN_HONOUR.to_vec(),
    };
    let mut plies: Vec<u16> = moves.into_iter().map(|m| 2 * m).collect();
    plies.sort_unstable();
    plies.dedup();
    plies
}

/// Why a position's count fields (FEN fields 4 and 5) could not arise in a game of
/// its variant. The rules still read such a FEN (pyffish does, and GUIs send what it
/// accepts); a board editor asks this to refuse what a player could not have reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CountProblem {
    /// The limit is none of the game's (`limits`, in plies).
    UnknownLimit { limit: u16, limits: Vec<u16> },
    /// A count runs while an unpromoted pawn is on the board (only Cambodian chess's
    /// board's honour runs with pawns).
    WithPawns,
    /// A piece's honour whose counter is below where it starts: twice the men on the
    /// board, less one (`least`), since the count started with at least these men.
    BelowStart { ply: u16, least: u16 },
    /// The counter is past the limit: the count has run out before a move, and the
    /// game is drawn unless the side to move is mated.
    RunOut { ply: u16, limit: u16 },
}

impl std::fmt::Display for CountProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountProblem::UnknownLimit { limit, limits } => write!(
                f,
                "the count's limit {limit} is none of this game's ({})",
                limits
                    .iter()
                    .map(u16::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            CountProblem::WithPawns => {
                f.write_str("a count runs while an unpromoted pawn is on the board")
            }
            CountProblem::BelowStart { ply, least } => write!(
                f,
                "the piece's honour counter {ply} is below where it starts with these men ({least})"
            ),
            CountProblem::RunOut { ply, limit } => write!(
                f,
                "the counter {ply} is past the limit {limit}: the count has run out before a move"
            ),
        }
    }
}

/// What is impossible in the count fields of `pos` (read from a FEN, under the
/// automatic count), in the order above; empty when they could arise in a game.
pub(crate) fn count_problems(pos: &Position) -> Vec<CountProblem> {
    let count = pos.count();
    let mut problems = Vec::new();
    if !count.is_running() {
        return problems;
    }
    let variant = pos.variant();
    let limits = possible_limits(variant);
    if !limits.contains(&count.limit()) {
        problems.push(CountProblem::UnknownLimit {
            limit: count.limit(),
            limits,
        });
    }
    let rule = variant.counting();
    let pawns = pos.pieces_of_kind(PieceKind::Pawn).any();
    if pawns && rule != CountingRule::Cambodian {
        problems.push(CountProblem::WithPawns);
    }
    // ASEAN's counter starts from 0; Cambodian chess's board's honour may go on with
    // pawns when a side is bared.
    if !pawns
        && rule != CountingRule::Asean
        && matches!(kind(pos), Some(CountKind::PiecesHonour { .. }))
    {
        let least = 2 * pos.occupied().count() as u16 - 1;
        if count.ply() < least {
            problems.push(CountProblem::BelowStart {
                ply: count.ply(),
                least,
            });
        }
    }
    if count.is_exceeded() {
        problems.push(CountProblem::RunOut {
            ply: count.ply(),
            limit: count.limit(),
        });
    }
    problems
}

impl Position {
    /// The count after a move, in a position of variant `V` (a `Variant as u8`):
    /// `self` is the position after the move (its side to move is the side that did
    /// not move); `before` is the count before it. (A method, so that the position
    /// asks the rules here without importing them: the rules read positions.)
    #[inline(always)]
    pub(super) fn count_after_move<const V: u8>(
        &self,
        before: CountState,
        captured: Option<PieceKind>,
        promotion: bool,
    ) -> CountState {
        let pos = self;
        let rule = Variant::from_u8(V).counting();
        let mut count = before.advanced();
        let stm = pos.side_to_move();
        let mover = !stm;
        let pieces_on_board = pos.occupied().count() as u16;
        let asean = rule == CountingRule::Asean;

        // A bare king that captures the last pawn starts the count at once, one ply early,
        // so the stronger side's reply brings the counter to twice the piece count.
        if !asean
            && captured == Some(PieceKind::Pawn)
            && pos.pieces_of(mover).count() == 1
            && !pos.pieces_of_kind(PieceKind::Pawn).any()
            && let Some(moves) = limit_under(pos, mover, rule)
        {
            count = CountState::new(2 * moves, 2 * pieces_on_board - 1);
        }

        // A count starts for the side to move when none runs yet, or replaces the running
        // one when this move left the side to move with a bare king. ASEAN's counter
        // starts from 0.
        let stm_bare = pos.pieces_of(stm).count() == 1;
        if (!count.is_running() || ((captured.is_some() || promotion) && stm_bare))
            && let Some(moves) = limit_under(pos, stm, rule)
        {
            let ply = if stm_bare && !asean {
                2 * pieces_on_board
            } else {
                0
            };
            count = CountState::new(2 * moves, ply);
        }
        count
    }
}

/// Which counting rule the running count of `pos` follows, from its material.
pub(crate) fn kind(pos: &Position) -> Option<CountKind> {
    if !pos.count().is_running() {
        return None;
    }
    for color in Color::ALL {
        if pos.pieces_of(color).count() == 1 && pos.pieces_of(!color).count() > 1 {
            return Some(CountKind::PiecesHonour { bare: color });
        }
    }
    Some(CountKind::BoardsHonour)
}

/// Moves `side` may still make before the count ends the game (the last of them may
/// still mate), or `None` when no count runs.
pub(crate) fn moves_left_for(pos: &Position, side: Color) -> Option<u16> {
    let count = pos.count();
    if !count.is_running() {
        return None;
    }
    // `side` moves from the positions whose counter is at most the limit.
    let first = count.ply() as i32 + (pos.side_to_move() != side) as i32;
    let limit = count.limit() as i32;
    Some(if first > limit {
        0
    } else {
        ((limit - first) / 2 + 1) as u16
    })
}

/// The counting state in words, e.g. "piece's honour: White must mate within 11 moves".
pub(crate) fn describe(pos: &Position) -> String {
    if let Some(words) = pos.describe_players_count() {
        return words;
    }
    let count = pos.count();
    if !count.is_running() {
        let pawns = pos.pieces_of_kind(PieceKind::Pawn).any();
        return match pos.variant().counting() {
            CountingRule::Makruk if pawns => "no count: pawns on the board",
            CountingRule::Makruk => "no count yet: it starts after the next move",
            CountingRule::Cambodian => {
                "no count yet: it starts when a side is down to its king and two men"
            }
            CountingRule::Asean if pos.variant().has_drops() => {
                "no count: sittuyin counts only against a bare king"
            }
            CountingRule::Asean => "no count: ASEAN counts only against a bare king",
        }
        .to_string();
    }
    let over = if count.is_exceeded() {
        " (run out: the game is drawn unless it is mate)"
    } else {
        ""
    };
    match kind(pos) {
        Some(CountKind::PiecesHonour { bare }) => {
            let strong = !bare;
            let n = moves_left_for(pos, strong).unwrap_or(0);
            format!(
                "piece's honour: {} must mate within {n} moves (ply {} of {}){over}",
                strong.name(),
                count.ply(),
                count.limit()
            )
        }
        _ => format!(
            "board's honour: {} of {} moves played (ply {} of {}){over}",
            count.ply() / 2,
            count.limit() / 2,
            count.ply(),
            count.limit()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_moves_left() {
        let p = Position::from_fen("8/8/8/4k3/8/8/7R/3K4 b - 32 6 1").unwrap();
        // K+R v K: 16 - 3 = 13 moves for White.
        assert_eq!(moves_left_for(&p, Color::White), Some(13));
        assert!(describe(&p).starts_with("piece's honour: White must mate within 13 moves"));
        let p = Position::from_fen("k7/8/1K6/8/8/8/8/7R w - 32 32 54").unwrap();
        assert_eq!(moves_left_for(&p, Color::White), Some(1));
        let p = Position::from_fen("k7/8/1K6/8/8/8/8/7R w - 32 33 54").unwrap();
        assert_eq!(moves_left_for(&p, Color::White), Some(0));
        let p = Position::from_fen("4k3/8/3M4/8/8/8/r7/RN2K3 w - 128 80 1").unwrap();
        assert!(describe(&p).starts_with("board's honour: 40 of 64 moves played"));
        assert_eq!(
            describe(&Position::startpos()),
            "no count: pawns on the board"
        );
        assert_eq!(
            describe(&Position::startpos_of(Variant::Sittuyin)),
            "no count: sittuyin counts only against a bare king"
        );
    }
}
