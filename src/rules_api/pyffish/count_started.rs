//! pyffish's `count_started`, as its `get_fen` and `is_optional_game_end` apply it:
//! Fairy-Stockfish's arithmetic on the automatic count of the position (`Position::
//! counting_limit`, `counting_ply` and `board_honor_counting_ply` in its
//! `position.h`), whatever the value and whatever the game.
//!
//! pyffish plays the moves under the automatic count (the count fields of the FEN it
//! was given, then its own rules after each move) and only writes, or tests, the count
//! under `count_started`. So it answers for any value: a count "started" beyond the
//! position's ply (a takeback past the players' start) shows a counter of 0, one
//! started while a pawn stands counts from its start, and in a game that does not count
//! by hand the same arithmetic runs. Khun's own functions (`state`, `outcome`, the
//! engine) replay the players' count instead (`board::CountedReplay`) and refuse those
//! values; pyffish's names answer as pyffish does, from here.

use crate::board::{Color, CountingRule, PieceKind, Position};

/// The board's honour in Cambodian chess lasts 63 moves: where fewer plies remain of
/// it than of the automatic count, pyffish shows that limit instead.
const CAMBODIAN_BOARD_HONOUR_PLIES: i64 = 126;

/// The count fields (limit, counter) pyffish writes for `pos` under `count_started`,
/// or `None` where no automatic count runs (pyffish then writes `-` and the half-move
/// clock).
pub fn count_fields(pos: &Position, count_started: i64) -> Option<(i64, i64)> {
    let auto = pos.automatic_count();
    if !auto.is_running() {
        return None;
    }
    let (limit, ply) = (auto.limit() as i64, auto.ply() as i64);
    // Fairy-Stockfish's `board_honor_counting_ply`: the automatic counter, none (0)
    // while no players' count runs, else the plies since the ply it started at, never
    // below 0 (a start beyond this position counts nothing yet).
    let board_honour_ply = match count_started {
        0 => ply,
        n if n < 0 => 0,
        n => (1 + pos.game_ply() as i64 - n).max(0),
    };
    let shorter = pos.variant().counting() == CountingRule::Cambodian
        && CAMBODIAN_BOARD_HONOUR_PLIES - board_honour_ply < limit - ply;
    let limit = if shorter {
        CAMBODIAN_BOARD_HONOUR_PLIES
    } else {
        limit
    };
    // A bare king with no pawn left: the piece's honour runs, the automatic count's own.
    let bare = pos.pieces_of_kind(PieceKind::Pawn).is_empty()
        && Color::ALL
            .into_iter()
            .any(|c| pos.pieces_of(c).count() <= 1);
    let ply = if bare && !shorter {
        ply
    } else {
        board_honour_ply
    };
    Some((limit, ply))
}

/// Whether the count has run out under `count_started` (its counter past its limit),
/// as `is_optional_game_end` tests it; the caller asks whether the side to move is
/// mated.
pub fn count_run_out(pos: &Position, count_started: i64) -> bool {
    count_fields(pos, count_started).is_some_and(|(limit, ply)| ply > limit)
}

/// pyffish's `get_fen` of `pos` under `count_started`: the FEN with the count fields
/// [`count_fields`] gives (promoted pawns marked `M~` with `show_promoted`).
pub fn fen(pos: &Position, show_promoted: bool, count_started: i64) -> String {
    let fen = if show_promoted {
        pos.to_fen_showing_promoted()
    } else {
        pos.to_fen()
    };
    let Some((limit, ply)) = count_fields(pos, count_started) else {
        return fen;
    };
    // The FEN ends `... limit [checks] ply move`: the automatic count's fields, which
    // pyffish's arithmetic replaces.
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let n = fields.len();
    fields[3] = limit.to_string();
    fields[n - 2] = ply.to_string();
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FenRules, Variant};

    fn lenient(variant: Variant, fen: &str) -> Position {
        Position::from_fen_full(variant, fen, FenRules::Lenient).unwrap()
    }

    fn after(variant: Variant, fen: &str, moves: &[&str]) -> Position {
        let mut pos = lenient(variant, fen);
        for text in moves {
            let m = pos.parse_uci_move(text).unwrap();
            pos.play(m);
        }
        pos
    }

    /// pyffish 0.0.90's answers, from issue 71.
    #[test]
    fn pyffish_s_own_answers() {
        // Count pressed with a pawn on the board: the counter from its start.
        let pos = after(
            Variant::Cambodian,
            "8/8/8/4k3/3p4/8/8/K5s1 w - 126 0 67",
            &["a1a2"],
        );
        assert_eq!(fen(&pos, true, 133), "8/8/8/4k3/3p4/8/K7/6s1 b - 126 1 67");
        // A takeback past the count's start: nothing counted yet.
        let pos = lenient(Variant::Makruk, "8/3M~2M~1/8/8/1m6/8/3k4/1K6 b - 128 0 65");
        assert_eq!(
            fen(&pos, true, 131),
            "8/3M~2M~1/8/8/1m6/8/3k4/1K6 b - 128 0 65"
        );
        // No count running: the FEN as it is, whatever the value.
        let text = "4r3/3n4/S1s5/7M/8/4k3/7K/5s2 w - - 0 118";
        assert_eq!(fen(&lenient(Variant::Makruk, text), false, 300), text);
    }

    #[test]
    fn the_counter_runs_from_the_players_start_and_clamps_at_zero() {
        // K+R+N v K+R at game ply 60, an automatic count of 128 running at 3.
        let pos = lenient(Variant::Makruk, "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31");
        assert_eq!(count_fields(&pos, 0), Some((128, 3)));
        assert_eq!(count_fields(&pos, -1), Some((128, 0)));
        assert_eq!(count_fields(&pos, 55), Some((128, 6)));
        assert_eq!(count_fields(&pos, 61), Some((128, 0)));
        assert_eq!(count_fields(&pos, 1000), Some((128, 0)));
        assert_eq!(count_fields(&pos, -200), Some((128, 0)));
        assert!(!count_run_out(&pos, 1));
        // Started at game ply 0, read at ply 198: 199 plies counted, past 128.
        let late = lenient(Variant::Makruk, "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 100");
        assert_eq!(count_fields(&late, 1), Some((128, 198)));
        assert!(count_run_out(&late, 1));
    }
}
