//! Reading and writing FEN, in every form makruk software uses.
//!
//! Fields: placement, side to move, castling (always `-`), counting limit in plies
//! (`-` or `0` when no count runs), counting ply (the half-move clock when no count
//! runs), move number. Accepted forms:
//! - Fairy-Stockfish: `rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1`
//! - cutechess: `... w - 0 0 1` (a limit of 0 means no count)
//! - with a count: `8/8/8/4k3/8/8/7R/3K4 b - 32 6 1`
//! - promoted pawns marked `M~` / `m~`
//! - the short xboard form `... w 0 1` (no castling field)
//! - trailing fields may be left out (`... w`), as GUIs sometimes send.
//! - sittuyin's pieces in hand after the placement, in brackets:
//!   `8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1` (any order on
//!   input; written in Fairy-Stockfish's order, `[KSSFRRNNkssfrrnn]`, and `[]` once
//!   both hands are empty).
//!
//! Output is the Fairy-Stockfish form, the same text pyffish's `get_fen` gives.
//!
//! Its parts: `read` (the fields, [`FenRules`]), `write` ([`placement_fen`], a
//! position's FEN) and `error` ([`FenError`]).

mod error;
mod read;
mod write;

pub(crate) use error::{FenError, HandError, Impossible};
pub use read::FenRules;
pub(crate) use write::placement_fen;

#[cfg(test)]
mod tests {
    use crate::board::count_state::CountState;
    use crate::board::position::{Position, START_FEN};
    use crate::board::variant::Variant;

    #[test]
    fn start_round_trips() {
        assert_eq!(Position::from_fen(START_FEN).unwrap().to_fen(), START_FEN);
    }

    #[test]
    fn reads_every_form() {
        let cutechess = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1";
        assert_eq!(Position::from_fen(cutechess).unwrap().to_fen(), START_FEN);
        let short = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1";
        assert_eq!(Position::from_fen(short).unwrap().to_fen(), START_FEN);
        let bare = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w";
        assert_eq!(Position::from_fen(bare).unwrap().to_fen(), START_FEN);
        let counted = "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1";
        let pos = Position::from_fen(counted).unwrap();
        assert_eq!(pos.count(), CountState::new(32, 6));
        assert_eq!(pos.to_fen(), counted);
        let promoted = "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61";
        assert_eq!(
            Position::from_fen(promoted).unwrap().to_fen(),
            "8/4m3/5k2/4ms2/1RM5/2M3m1/4K3/8 w - 128 1 61"
        );
    }

    #[test]
    fn refuses_bad_fens_with_reasons() {
        let cases = [
            ("", "empty"),
            ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8 w - - 0 1", "7 ranks"),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1",
                "rank 1 covers 9",
            ),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKQSNR w - - 0 1",
                "'Q'",
            ),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1",
                "White has 2 kings",
            ),
            (
                "rnsm1snr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
                "Black has 0 kings",
            ),
            ("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", "promotion rank"),
            ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "White) is in check"),
            ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "Black) is in check"),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
            ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "castling"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "field 5"),
            ("4k3/8/8/8/8/8/8/4K3 w - 3x 0 1", "field 4"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 9", "extra fields"),
        ];
        for (fen, needle) in cases {
            let err = Position::from_fen(fen).expect_err(fen).to_string();
            assert!(err.contains(needle), "{fen}: '{err}' lacks '{needle}'");
        }
    }

    #[test]
    fn sittuyin_hands_read_and_written() {
        let read = |fen: &str| Position::from_fen_in(Variant::Sittuyin, fen);
        // Any order on input; Fairy-Stockfish's order on output (pyffish's get_fen).
        let start = read(Variant::Sittuyin.start_fen()).unwrap();
        assert_eq!(
            start.to_fen(),
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
        );
        let after_rook = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7[KSSFRNNkssfrrnn] b - - 0 1";
        let m = start.parse_uci_move("R@a1").unwrap();
        assert_eq!(start.after(m).to_fen(), after_rook);
        assert_eq!(read(after_rook).unwrap().key(), start.after(m).key());
        // No hand written, or an empty one: the set-up phase is over.
        let play = read("4k3/8/8/3P4/8/8/8/3FK3 w - - 0 1").unwrap();
        assert_eq!(play.to_fen(), "4k3/8/8/3P4/8/8/8/3FK3[] w - - 0 1");
        // The king may be in hand, but each side has one, on the board or in hand.
        assert!(read("8/8/8/8/8/8/8/4K3[k] b - - 0 1").is_ok());
        let cases = [
            ("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "White has 2 kings"),
            ("8/8/8/8/8/8/8/4K3[] w - - 0 1", "Black has 0 kings"),
            ("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "cannot be in hand"),
            (
                "4k3/8/8/8/8/8/8/4K3[M] w - - 0 1",
                "unexpected character 'M'",
            ),
            ("4k3/8/8/8/8/8/8/4K3[R w - - 0 1", "'[...]'"),
            (
                "4k3/8/8/8/8/8/8/4K3[NNNNNNNN] w - - 0 1",
                "cannot be in hand",
            ),
        ];
        for (fen, needle) in cases {
            let err = read(fen).expect_err(fen).to_string();
            assert!(err.contains(needle), "{fen}: '{err}' lacks '{needle}'");
        }
        // The other games have no hands.
        let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1").unwrap_err();
        assert!(err.to_string().contains("only sittuyin"), "{err}");
        // Makruk's letters are not sittuyin's: the met is F.
        assert!(read("4k3/8/8/8/8/8/8/3MK3[] w - - 0 1").is_err());
    }
}
