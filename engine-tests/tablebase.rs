//! The endgame tables against the rules core: every sampled position's stored result
//! must follow from its children's, with moves, mates and stalemates taken from the
//! move generator (not from the tables' own bitboard logic); the counts of won
//! positions must equal those of an independent solver; and the search must read the
//! count: a mate the count forbids is a draw.

mod common;

use common::{EngineProcess, Rng, info_field, placement_field};
use khun::board::{Color, Position, Square};
use khun::tablebase::{self, Ending, Verdict};

/// A FEN with the given men (colour, letter, square), side to move and count fields.
fn fen(men: &[(Color, char, Square)], side: Color, count: &str) -> String {
    let mut board = [' '; 64];
    for &(color, letter, sq) in men {
        board[sq.index()] = match color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        };
    }
    format!(
        "{} {} - {count} 1",
        placement_field(&board),
        side.fen_char()
    )
}

/// A random legal position of `ending` (either colour strong, either side to move).
fn random_position(rng: &mut Rng, ending: Ending, count: &str) -> Position {
    loop {
        let strong = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut men = vec![
            (strong, 'k', Square::new(rng.below(64) as u8)),
            (!strong, 'k', Square::new(rng.below(64) as u8)),
        ];
        for kind in ending.kinds() {
            men.push((strong, kind.letter(), Square::new(rng.below(64) as u8)));
        }
        let mut squares: Vec<usize> = men.iter().map(|m| m.2.index()).collect();
        squares.sort_unstable();
        squares.dedup();
        if squares.len() < men.len() {
            continue;
        }
        if let Ok(pos) = Position::from_fen(&fen(&men, side, count)) {
            return pos;
        }
    }
}

/// The result of `pos` worked out from its children: legal moves, mates and
/// stalemates from the move generator, children's results from the table.
fn from_children(pos: &Position) -> Verdict {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.in_check() {
            Verdict::Loss(0)
        } else {
            Verdict::Draw
        };
    }
    let mut best_win: Option<u8> = None;
    let mut longest_loss: Option<u8> = Some(0);
    for &m in moves.iter() {
        let child = pos.after(m);
        // A capture by the bare king leaves a lone piece (or nothing): no mate.
        let verdict = tablebase::probe(&child).unwrap_or(Verdict::Draw);
        match verdict {
            Verdict::Loss(d) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
            Verdict::Win(d) => longest_loss = longest_loss.map(|l| l.max(d + 1)),
            Verdict::Draw => longest_loss = None,
        }
    }
    if let Some(d) = best_win {
        Verdict::Win(d)
    } else if let Some(d) = longest_loss {
        Verdict::Loss(d)
    } else {
        Verdict::Draw
    }
}

#[test]
fn every_sampled_result_follows_from_its_children() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for ending in Ending::ALL {
        tablebase::ensure(ending);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for _ in 0..4000 {
            let pos = random_position(&mut rng, ending, "- 0");
            let stored = tablebase::probe(&pos).expect("a table covers it");
            assert_eq!(
                stored,
                from_children(&pos),
                "{}: {}",
                ending.name(),
                pos.to_fen()
            );
            match stored {
                Verdict::Win(_) => wins += 1,
                Verdict::Loss(_) => losses += 1,
                Verdict::Draw => draws += 1,
            }
        }
        // The sample must exercise every kind of result the ending has.
        assert!(wins > 0 && draws > 0, "{}: {wins} {draws}", ending.name());
        if ending != Ending::KnightMet {
            assert!(losses > 0, "{}: no lost positions sampled", ending.name());
        }
    }
}

/// Strong-to-move positions with the strong king on files a-d, and how many are won,
/// as an independent solver (unmoves, not bitboards, over the whole board) counted
/// them; the whole-board figures are twice these.
#[test]
fn won_counts_match_an_independent_solver() {
    let expected = [
        (Ending::KhonMet, 6_085_152, 5_218_604, 113),
        (Ending::KnightMet, 5_965_008, 236_450, 71),
        (Ending::KhonKnight, 5_877_595, 5_631_343, 75),
        (Ending::KhonKhon, 5_994_324, 5_296_324, 101),
    ];
    for (ending, legal, won, longest) in expected {
        let table = tablebase::ensure(ending);
        assert_eq!(table.won_count(), (legal, won), "{}", ending.name());
        assert_eq!(table.longest_win(), longest, "{}", ending.name());
    }
}

#[test]
fn the_table_frame_covers_both_colours_and_both_wings() {
    // The same K+S+M position four ways: as White and as Black (ranks flipped, the
    // khon turned round), and mirrored left to right.
    tablebase::ensure(Ending::KhonMet);
    let fens = [
        "k7/8/1K6/8/8/8/8/2SM4 w - - 0 1",
        "2sm4/8/8/8/8/1k6/8/K7 b - - 0 1",
        "7k/8/6K1/8/8/8/8/4MS2 w - - 0 1",
        "4ms2/8/8/8/8/6k1/8/7K b - - 0 1",
    ];
    let verdicts: Vec<Verdict> = fens
        .iter()
        .map(|f| tablebase::probe(&Position::from_fen(f).unwrap()).unwrap())
        .collect();
    assert!(matches!(verdicts[0], Verdict::Win(_)), "{verdicts:?}");
    assert!(verdicts.iter().all(|v| *v == verdicts[0]), "{verdicts:?}");
}

/// Finds a position of `ending` with the strong side to move and a win of exactly
/// `plies`.
fn win_of_length(ending: Ending, plies: u8, count: &str) -> Position {
    let mut rng = Rng::new(12345);
    loop {
        let pos = random_position(&mut rng, ending, count);
        if tablebase::probe(&pos) == Some(Verdict::Win(plies)) {
            return pos;
        }
    }
}

fn score_at_depth(fen: &str, depth: u32) -> String {
    let mut engine = EngineProcess::start(&[]);
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go depth {depth}"));
    let lines = engine.until_bestmove();
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let score: Vec<&str> = last_info
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1)
        .take(2)
        .collect();
    assert!(
        info_field(last_info, "pv").is_some(),
        "no pv in {last_info}"
    );
    score.join(" ")
}

#[test]
fn the_search_reads_the_count() {
    // K+S+S v K: the count gives 22 - 4 = 18 moves once it starts. A win of 41 plies
    // (mate in 21) fits when the counter stands at 0, not at 8.
    tablebase::ensure(Ending::KhonKhon);
    let pos = win_of_length(Ending::KhonKhon, 41, "44 0");
    let fen_fits = pos.to_fen();
    let fen_too_late = fen_fits.replace(" 44 0 ", " 44 8 ");
    assert_ne!(fen_fits, fen_too_late);
    assert_eq!(score_at_depth(&fen_fits, 6), "mate 21", "{fen_fits}");
    assert_eq!(score_at_depth(&fen_too_late, 6), "cp 0", "{fen_too_late}");
}

#[test]
fn a_long_rook_mate_is_found_with_its_distance() {
    tablebase::ensure(Ending::Rook);
    let pos = win_of_length(Ending::Rook, 31, "- 0");
    // No count yet: it starts with the counter at 6 of 32, leaving room for 28 plies.
    let fen = pos.to_fen();
    assert_eq!(score_at_depth(&fen, 4), "cp 0", "{fen}");
    let generous = fen.replace(" - 0 ", " 32 0 ");
    assert_eq!(score_at_depth(&generous, 4), "mate 16", "{generous}");
}

#[test]
fn only_covered_material_is_probed() {
    for fen in [
        "8/8/8/3k4/8/8/2SM4/4K3 w - 88 8 60",
        "8/8/8/3k4/8/8/2S5/4K3 w - - 0 60",
        "8/8/8/3k4/8/8/2SMM3/4K3 w - - 0 60",
        "8/8/8/3k4/3m4/8/2SM4/4K3 w - - 0 60",
        "8/8/8/3k4/8/8/2SMP3/4K3 w - - 0 60",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let covered = Ending::of(&pos).is_some();
        assert_eq!(covered, fen.starts_with("8/8/8/3k4/8/8/2SM4/"), "{fen}");
    }
    // Pawns count as the mets they become when deciding which tables to build.
    let pos = Position::from_fen("8/8/8/3k4/8/2P5/2S5/4K3 w - - 0 60").unwrap();
    assert!(tablebase::reachable(&pos).contains(&Ending::KhonMet));
    assert!(!tablebase::reachable(&Position::startpos()).contains(&Ending::KhonMet));
}

#[test]
fn the_khon_mating_zone_comes_from_the_khon_met_table() {
    let mean = tablebase::ensure(Ending::KhonMet).mean_win_by_weak_king();
    let longest = mean.iter().copied().fold(0.0, f64::max);
    let derived: Vec<i32> = mean
        .iter()
        .map(|m| ((longest - m) * 4.0).round() as i32)
        .collect();
    assert_eq!(derived, khun::eval::params::KHON_MATING_ZONE.to_vec());
}
