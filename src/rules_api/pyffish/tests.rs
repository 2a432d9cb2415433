//! The pyffish answers checked against pyffish 0.0.90's own: FEN codes, captures,
//! the partner's piece and the fog, variants files, game-end values.

use super::*;
use crate::board::Variant;

/// Codes pyffish 0.0.90 gives (its `validate_fen`), and Khun's own for a FEN it
/// passes that no game reaches. The Python tests compare thousands more.
#[test]
fn fen_codes_are_pyffish_s() {
    let start = Variant::Makruk.start_fen();
    let cases = [
        (start, Variant::Makruk, FEN_OK),
        ("", Variant::Makruk, FEN_EMPTY),
        ("x", Variant::Makruk, FEN_INVALID_CHAR),
        (
            "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
            Variant::Makruk,
            FEN_INVALID_CHAR,
        ),
        (
            "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
            Variant::Asean,
            FEN_OK,
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            Variant::Makruk,
            FEN_INVALID_NUMBER_OF_KINGS,
        ),
        (
            "4kK2/8/8/8/8/8/8/8 w - - 0 1",
            Variant::Makruk,
            FEN_TOUCHING_KINGS,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            Variant::Makruk,
            FEN_INVALID_SIDE_TO_MOVE,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - x 0 1",
            Variant::Makruk,
            FEN_INVALID_COUNTING_RULE,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            Variant::Makruk,
            FEN_INVALID_HALF_MOVE_COUNTER,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
            Variant::Makruk,
            FEN_INVALID_MOVE_COUNTER,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1",
            Variant::Makruk,
            FEN_INVALID_NB_PARTS,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1", Variant::Karouk, FEN_OK),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 1x 0 1",
            Variant::Karouk,
            FEN_INVALID_CHECK_COUNT,
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            Variant::Makruk,
            FEN_INVALID_BOARD_GEOMETRY,
        ),
        // No game reaches these, but pyffish reads them and so does Khun now.
        ("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", Variant::Makruk, FEN_OK),
        ("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", Variant::Makruk, FEN_OK),
        // More than sixteen men a side: pyffish's checks pass, Khun's reader refuses.
        (
            "4k3/8/8/8/PPPPPPPP/RRRRRRRR/NN6/4K3 w - - 0 1",
            Variant::Makruk,
            FEN_IMPOSSIBLE_POSITION,
        ),
    ];
    for (fen, variant, code) in cases {
        assert_eq!(validate_fen(fen, variant), code, "{fen} in {variant}");
    }
}

/// Sittuyin's FENs with pieces in hand: codes pyffish 0.0.90 gives.
#[test]
fn sittuyin_fen_codes_are_pyffish_s() {
    let s = Variant::Sittuyin;
    let cases = [
        (s.start_fen(), FEN_OK),
        ("8/8/8/3P4/8/8/8/8[Kk] w - - 0 1", FEN_OK),
        ("8/8/8/3P4/8/8/8/8[KkRRRRR] w - - 0 1", FEN_OK),
        ("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", FEN_OK),
        ("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", FEN_OK),
        ("4k3/8/8/3F~4/8/8/8/4K3 w - - 0 1", FEN_OK),
        // No king on the board or in hand, and two.
        (
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[-] w - - 0 1",
            FEN_INVALID_NUMBER_OF_KINGS,
        ),
        (
            "4k3/8/8/3P4/8/8/8/4K3[K] w - - 0 1",
            FEN_INVALID_NUMBER_OF_KINGS,
        ),
        // A hand not closed, a bracket in it, a letter not sittuyin's.
        ("4k3/8/8/3P4/8/8/8/8[K w - - 0 1", FEN_INVALID_POCKET_INFO),
        ("8/8/8/3P4/8/8/8/8[Kk]] w - - 0 1", FEN_INVALID_POCKET_INFO),
        ("4k3/8/8/3P4/8/8/8/8[Kx] w - - 0 1", FEN_INVALID_CHAR),
        ("4k3/8/8/3M4/8/8/8/4K3 w - - 0 1", FEN_INVALID_CHAR),
        // Two `[`: no hand is read, so both kings count as on the board.
        ("8/8/8/3P4/8/8/8/8[[Kk] w - - 0 1", FEN_TOUCHING_KINGS),
        ("3Kk3/8/8/3P4/8/8/8/8[] w - - 0 1", FEN_TOUCHING_KINGS),
        // The hand after an eighth `/`: pyffish's checks pass, Khun's reader
        // takes only `[...]`.
        (
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8/KFRRSSNNkfrrssnn w - - 0 1",
            FEN_IMPOSSIBLE_POSITION,
        ),
    ];
    for (fen, code) in cases {
        assert_eq!(validate_fen(fen, s), code, "{fen}");
    }
    // The other games have no hand: a bracket is not one of their characters.
    assert_eq!(
        validate_fen("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", Variant::Makruk),
        FEN_INVALID_CHAR
    );
}

/// pyffish 0.0.90's answers (`is_capture`, `piece_to_partner`, `get_fog_fen`); the
/// Python tests compare thousands of random positions more.
#[test]
fn captures_the_partner_s_piece_and_the_fog_are_pyffish_s() {
    let start = Position::startpos();
    let mut pos = start.clone();
    for uci in ["e3e4", "d6d5"] {
        pos.play(pos.parse_uci_move(uci).unwrap());
    }
    let take = pos.parse_uci_move("e4d5").unwrap();
    let push = pos.parse_uci_move("e4e5").unwrap();
    assert!(is_capture(&pos, take) && !is_capture(&pos, push));
    assert_eq!(piece_to_partner(&pos, take), "p");
    assert_eq!(piece_to_partner(&pos, push), "");
    let promoted = Position::from_fen("4k3/8/8/3M~4/3r4/8/8/K7 b - - 0 1").unwrap();
    let m = promoted.parse_uci_move("d4d5").unwrap();
    assert_eq!(piece_to_partner(&promoted, m), "P");
    assert_eq!(
        fog_fen(&start).unwrap(),
        "********/********/********/********/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
    assert_eq!(
        fog_fen(&promoted).unwrap(),
        "***1k1**/***3**/********/***M****/3r4/***1****/***1****/***1**** b - - 0 1"
    );
}

/// Sittuyin, as pyffish 0.0.90 answers: a drop and a promotion in place take
/// nothing, and the fog keeps the pieces in hand.
#[test]
fn sittuyin_s_drops_and_promotions_in_place_take_nothing() {
    let start = Position::startpos_of(Variant::Sittuyin);
    let drop = start.parse_uci_move("K@e2").unwrap();
    assert!(!is_capture(&start, drop));
    assert_eq!(piece_to_partner(&start, drop), "");
    assert_eq!(
        fog_fen(&start).unwrap(),
        "********/********/********/********/****PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
    );
    let pos = Position::from_fen_in(Variant::Sittuyin, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
    let in_place = pos.parse_uci_move("d5d5f").unwrap();
    assert!(!is_capture(&pos, in_place));
    assert_eq!(piece_to_partner(&pos, in_place), "");
    let take =
        Position::from_fen_in(Variant::Sittuyin, "4k3/8/8/2rP4/8/8/8/4K3 b - - 0 1").unwrap();
    let m = take.parse_uci_move("c5d5").unwrap();
    assert!(is_capture(&take, m));
    assert_eq!(piece_to_partner(&take, m), "P");
}

#[test]
fn a_variants_file_s_sections_are_taken_or_refused() {
    let file = variants_file(
        "# comment\n[makrukhouse:makruk]\npieceDrops = true\n[makruk]\n\r\n\
         [ makbug : makrukhouse ]\r\n[makrukhouse:makruk]\n[cambodian]\n[]\nx=[y]\n",
    );
    assert_eq!(file.taken, [Variant::Makruk, Variant::Cambodian]);
    let names: Vec<_> = file.refused.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, ["makrukhouse", "makbug"]);
    assert_eq!(
        file.refusal().unwrap(),
        format!(
            "Khun does not play variants 'makrukhouse' (from makruk), 'makbug' (from \
             makrukhouse); not loaded (it plays {})",
            Variant::names_joined(", ")
        )
    );
    let one = variants_file("[fogofwar]\n");
    assert!(
        one.refusal()
            .unwrap()
            .starts_with("Khun does not play variant 'fogofwar';")
    );
    assert_eq!(variants_file("[asean:chess]\n").refusal(), None);
}

#[test]
fn game_ends_have_pyffish_s_values() {
    let mate = Position::from_fen("R6k/8/6K1/8/8/8/8/8 b - 32 11 40").unwrap();
    assert_eq!(game_result(&mate), -VALUE_MATE);
    assert_eq!(immediate_end(&mate), (false, VALUE_DRAW));
    let run_out = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - 32 33 40").unwrap();
    assert_eq!(
        optional_end(std::slice::from_ref(&run_out), 0),
        Ok((true, VALUE_DRAW))
    );
    // A bare king: the piece's honour runs out whatever `count_started` says.
    assert_eq!(optional_end(&[run_out], -1), Ok((true, VALUE_DRAW)));
    // The board's honour: run out under the automatic count, not under players' with
    // none running (pyffish shows its counter 0).
    let board = Position::from_fen("4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 129 31").unwrap();
    assert_eq!(
        optional_end(std::slice::from_ref(&board), 0),
        Ok((true, VALUE_DRAW))
    );
    assert_eq!(optional_end(&[board], -1), Ok((false, VALUE_DRAW)));
    // Sittuyin: a king and a pawn that can only promote may claim the draw
    // (pyffish's is_optional_game_end; a row of sittuyin-legal.tsv).
    let only =
        Position::from_fen_in(Variant::Sittuyin, "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1").unwrap();
    assert_eq!(optional_end(&[only], 0), Ok((true, VALUE_DRAW)));
}
