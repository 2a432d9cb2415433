//! The endgame tables against the rules core: every sampled position's stored result
//! must follow from its children's, with moves, mates and stalemates taken from the
//! move generator (not from the tables' own bitboard logic); the counts of won
//! positions must equal those of an independent solver; and the search must read the
//! count: a mate the count forbids is a draw.

mod common;

use common::{EngineProcess, bestmove_of, info_field, placement_field};
use khun::board::{Color, Position, Square, Variant};
use khun::rng::Rng;
use khun::tablebase::{self, Ending, Tables, Verdict};

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
fn from_children(tables: &Tables, pos: &Position) -> Verdict {
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
        // A capture by the bare king leaves a lone piece (read from its table, the
        // count running on) or nothing.
        let verdict = tables.probe(&child).unwrap_or(Verdict::Draw);
        match verdict {
            Verdict::Loss(d) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
            Verdict::Win(d) => longest_loss = longest_loss.map(|l| l.max(d + 1)),
            _ => longest_loss = None,
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
    let tables = Tables::new();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for ending in Ending::ALL.into_iter().filter(|e| e.duel().is_none()) {
        let table = tables.ensure(ending);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for _ in 0..4000 {
            let pos = random_position(&mut rng, ending, "- 0");
            let stored = tables.probe(&pos).expect("a table covers it");
            assert_eq!(
                stored,
                from_children(&tables, &pos),
                "{}: {}",
                ending.name(),
                pos.to_fen()
            );
            match stored {
                Verdict::Win(_) => wins += 1,
                Verdict::Loss(_) => losses += 1,
                _ => draws += 1,
            }
        }
        // The sample must exercise every kind of result the ending has in numbers.
        let (legal, won) = table.won_count();
        if won * 20 > legal {
            assert!(wins > 0 && losses > 0, "{}: {wins} {losses}", ending.name());
        }
        if won < legal {
            assert!(draws > 0, "{}: no drawn positions sampled", ending.name());
        }
    }
}

/// Strong-to-move positions with the strong king on files a-d, and how many are won,
/// as an independent solver (unmoves, not bitboards, over the whole board) counted
/// them; the whole-board figures are twice these. That solver took every capture by
/// the bare king for a draw, so the tables are rebuilt here that way (the tables in
/// use follow such a capture into the ending it leaves, which
/// `every_sampled_result_follows_from_its_children` checks). That solver told two
/// khons apart; the tables keep one ordering of identical pieces, so they count each
/// K+S+S v K position once, half that solver's figures.
#[test]
fn won_counts_match_an_independent_solver() {
    let expected = [
        (Ending::KhonMet, 6_085_152, 5_218_604, 113),
        (Ending::KnightMet, 5_965_008, 236_450, 71),
        (Ending::KhonKnight, 5_877_595, 5_631_343, 75),
        (Ending::KhonKhon, 5_994_324 / 2, 5_296_324 / 2, 101),
    ];
    for (ending, legal, won, longest) in expected {
        let table = khun::tablebase::Table::generate(ending.kinds(), [None, None, None]);
        assert_eq!(table.won_count(), (legal, won), "{}", ending.name());
        assert_eq!(table.longest_win(), longest, "{}", ending.name());
    }
}

#[test]
fn the_table_frame_covers_both_colours_and_both_wings() {
    let tables = Tables::new();
    // The same K+S+M position four ways: as White and as Black (ranks flipped, the
    // khon turned round), and mirrored left to right.
    tables.ensure(Ending::KhonMet);
    let fens = [
        "k7/8/1K6/8/8/8/8/2SM4 w - - 0 1",
        "2sm4/8/8/8/8/1k6/8/K7 b - - 0 1",
        "7k/8/6K1/8/8/8/8/4MS2 w - - 0 1",
        "4ms2/8/8/8/8/6k1/8/7K b - - 0 1",
    ];
    let verdicts: Vec<Verdict> = fens
        .iter()
        .map(|f| tables.probe(&Position::from_fen(f).unwrap()).unwrap())
        .collect();
    assert!(matches!(verdicts[0], Verdict::Win(_)), "{verdicts:?}");
    assert!(verdicts.iter().all(|v| *v == verdicts[0]), "{verdicts:?}");
}

/// Finds a position of `ending` with the strong side to move and a win of exactly
/// `plies`.
fn win_of_length(tables: &Tables, ending: Ending, plies: u8, count: &str) -> Position {
    let mut rng = Rng::new(12345);
    loop {
        let pos = random_position(&mut rng, ending, count);
        if tables.probe(&pos) == Some(Verdict::Win(plies)) {
            return pos;
        }
    }
}

/// A fresh engine, past the `uci` handshake.
fn uci_engine() -> EngineProcess {
    let mut engine = EngineProcess::start(&[]);
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine
}

/// The last `info depth` line of a `go depth {depth}` from `fen`, and its best move.
fn go_depth(engine: &mut EngineProcess, fen: &str, depth: u32) -> (String, String) {
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go depth {depth}"));
    let lines = engine.until_bestmove();
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line")
        .clone();
    let best = bestmove_of(lines.last().expect("bestmove"));
    (last_info, best.to_string())
}

/// An info line's score as UCI writes it: `cp 12`, `mate 5`.
fn score_of(info: &str) -> String {
    let score: Vec<&str> = info
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1)
        .take(2)
        .collect();
    score.join(" ")
}

fn score_at_depth(fen: &str, depth: u32) -> String {
    let (last_info, _) = go_depth(&mut uci_engine(), fen, depth);
    assert!(
        info_field(&last_info, "pv").is_some(),
        "no pv in {last_info}"
    );
    score_of(&last_info)
}

#[test]
fn the_search_reads_the_count() {
    let tables = Tables::new();
    // K+S+S v K: the count gives 22 - 4 = 18 moves once it starts. A win of 41 plies
    // (mate in 21) fits when the counter stands at 0, not at 8.
    tables.ensure(Ending::KhonKhon);
    let pos = win_of_length(&tables, Ending::KhonKhon, 41, "44 0");
    let fen_fits = pos.to_fen();
    let fen_too_late = fen_fits.replace(" 44 0 ", " 44 8 ");
    assert_ne!(fen_fits, fen_too_late);
    assert_eq!(score_at_depth(&fen_fits, 6), "mate 21", "{fen_fits}");
    assert_eq!(score_at_depth(&fen_too_late, 6), "cp 0", "{fen_too_late}");
}

#[test]
fn a_long_rook_mate_is_found_with_its_distance() {
    let tables = Tables::new();
    tables.ensure(Ending::Rook);
    let pos = win_of_length(&tables, Ending::Rook, 31, "- 0");
    // No count yet: it starts with the counter at 6 of 32, leaving room for 28 plies.
    let fen = pos.to_fen();
    assert_eq!(score_at_depth(&fen, 4), "cp 0", "{fen}");
    let generous = fen.replace(" - 0 ", " 32 0 ");
    assert_eq!(score_at_depth(&generous, 4), "mate 16", "{generous}");
}

#[test]
fn only_covered_material_is_probed() {
    // Three or four men without pawns are covered; five men or a pawn are not.
    for (fen, covered) in [
        ("8/8/8/3k4/8/8/2SM4/4K3 w - 88 8 60", true),
        ("8/8/8/3k4/8/8/2S5/4K3 w - - 0 60", true),
        ("8/8/8/3k4/3m4/8/2S5/4K3 w - - 0 60", true),
        ("8/8/8/3k4/8/8/2SMM3/4K3 w - - 0 60", false),
        ("8/8/8/3k4/3m4/8/2SM4/4K3 w - - 0 60", false),
        ("8/8/8/3k4/8/8/2SMP3/4K3 w - - 0 60", false),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(Ending::of(&pos).is_some(), covered, "{fen}");
    }
    // Pawns count as the mets they become when deciding which tables to build.
    let pos = Position::from_fen("8/8/8/3k4/8/2P5/2S5/4K3 w - - 0 60").unwrap();
    assert!(tablebase::reachable(&pos).contains(&Ending::KhonMet));
    assert!(!tablebase::reachable(&Position::startpos()).contains(&Ending::KhonMet));
}

#[test]
fn the_khon_mating_zone_comes_from_the_khon_met_table() {
    let tables = Tables::new();
    let mean = tables.ensure(Ending::KhonMet).mean_win_by_weak_king();
    let longest = mean.iter().copied().fold(0.0, f64::max);
    let derived: Vec<i32> = mean
        .iter()
        .map(|m| ((longest - m) * 4.0).round() as i32)
        .collect();
    assert_eq!(derived, khun::eval::params::KHON_MATING_ZONE.to_vec());
}

/// A random legal K+X v K+Y position of `ending` in `variant` (either colour holding
/// either piece, either side to move) with the given count fields.
fn random_duel_in(rng: &mut Rng, variant: Variant, ending: Ending, count: &str) -> Position {
    let [first, second] = ending.duel().expect("a K+X v K+Y ending");
    random_sides_in(rng, variant, &[first], &[second], count)
}

/// A random legal position of `variant` where one side (either colour) holds its
/// king and `holder`'s pieces, the other its king and `other`'s, either side to move,
/// with the given count fields.
fn random_sides_in(
    rng: &mut Rng,
    variant: Variant,
    holder: &[khun::board::PieceKind],
    other: &[khun::board::PieceKind],
    count: &str,
) -> Position {
    loop {
        let side = |rng: &mut Rng| {
            if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            }
        };
        let holder_side = side(rng);
        let to_move = side(rng);
        let mut men = Vec::new();
        men.push((holder_side, 'k', Square::new(rng.below(64) as u8)));
        men.push((!holder_side, 'k', Square::new(rng.below(64) as u8)));
        for (color, pieces) in [(holder_side, holder), (!holder_side, other)] {
            for &kind in pieces {
                let sq = Square::new(rng.below(64) as u8);
                men.push((color, variant.letter(kind), sq));
            }
        }
        let mut squares: Vec<usize> = men.iter().map(|m| m.2.index()).collect();
        squares.sort_unstable();
        squares.dedup();
        if squares.len() < men.len() {
            continue;
        }
        if let Ok(pos) = Position::from_fen_in(variant, &fen(&men, to_move, count)) {
            return pos;
        }
    }
}

/// A random legal makruk K+X v K+Y position.
fn random_duel(rng: &mut Rng, ending: Ending, count: &str) -> Position {
    random_duel_in(rng, Variant::Makruk, ending, count)
}

/// What a position's result is for its side to move when the game has ended there
/// (by the rules core), or `None` while it goes on.
fn ended(pos: &Position) -> Option<Verdict> {
    pos.outcome().map(|outcome| match outcome {
        khun::board::Outcome::Checkmate { .. } => Verdict::Loss(0),
        _ => Verdict::Draw,
    })
}

/// The count-aware result of a K+X v K+Y position worked out from its children: legal
/// moves, mates, stalemates, dead material and every child's count fields from the
/// rules core; the children's results from the tables (the bare-king tables after a
/// capture, read with the count the capture started).
fn duel_from_children(tables: &Tables, pos: &Position) -> Verdict {
    if let Some(verdict) = ended(pos) {
        return verdict;
    }
    let mut best_win: Option<u8> = None;
    let mut longest_loss: Option<u8> = Some(0);
    for &m in pos.legal_moves().iter() {
        let child = pos.after(m);
        let verdict = ended(&child)
            .or_else(|| tables.probe_with_count(&child))
            .expect("a table covers every child");
        let exit = match verdict {
            // A mate, or a capture into a bare-king ending won inside its count.
            Verdict::Loss(_) => Some(1),
            Verdict::Conceded(d) => Some(d + 1),
            _ => None,
        };
        if let Some(d) = exit {
            best_win = Some(best_win.map_or(d, |b| b.min(d)));
        }
        match verdict {
            Verdict::Converts(d) => longest_loss = longest_loss.map(|l| l.max(d + 1)),
            _ => longest_loss = None,
        }
    }
    match (best_win, longest_loss) {
        (Some(d), _) => Verdict::Converts(d),
        (None, Some(d)) => Verdict::Conceded(d),
        _ => Verdict::Draw,
    }
}

/// A random count for a K+X v K+Y position of `variant`: none yet, or a board's
/// honour at any point (most near its end, where the count decides most); in ASEAN
/// chess, which has no board's honour, a fifty-move clock.
fn random_duel_count(rng: &mut Rng, variant: Variant) -> String {
    let limit = match variant {
        Variant::Makruk => 128,
        Variant::Cambodian => 126,
        _ => return format!("- {}", 100 - rng.below(60)),
    };
    match rng.below(8) {
        0 => "- 0".to_string(),
        1..=3 => format!("{limit} {}", rng.below(limit + 1)),
        _ => format!("{limit} {}", limit - rng.below(40)),
    }
}

/// The games whose K+X v K+Y tables differ (by their counts).
const DUEL_GAMES: [Variant; 3] = [Variant::Makruk, Variant::Cambodian, Variant::Asean];

/// The K+X v K+Y endings checked in `variant`: all of makruk's; the relatives share
/// the solver and differ only in the count, so only their endings with a rook (the
/// ones with wins) are built here, to keep the tests quick.
fn duels_checked(variant: Variant) -> impl Iterator<Item = Ending> {
    Ending::ALL.into_iter().filter(move |e| {
        e.duel().is_some_and(|[first, _]| {
            variant == Variant::Makruk || first == khun::board::PieceKind::Rook
        })
    })
}

#[test]
fn every_sampled_duel_result_follows_from_its_children() {
    let tables = Tables::new();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for variant in DUEL_GAMES {
        // Makruk's tables are sampled more: the relatives share their solver.
        let samples = if variant == Variant::Makruk {
            2000
        } else {
            500
        };
        for ending in Ending::ALL.into_iter().filter(|e| e.duel().is_some()) {
            tables.ensure_duel(ending, variant);
            let (mut wins, mut losses, mut draws) = (0, 0, 0);
            for _ in 0..samples {
                let count = random_duel_count(&mut rng, variant);
                let pos = random_duel_in(&mut rng, variant, ending, &count);
                let stored = tables.probe_with_count(&pos).expect("a table covers it");
                assert_eq!(
                    stored,
                    duel_from_children(&tables, &pos),
                    "{variant} {}: {}",
                    ending.name(),
                    pos.to_fen()
                );
                match stored {
                    Verdict::Converts(_) => wins += 1,
                    Verdict::Conceded(_) => losses += 1,
                    _ => draws += 1,
                }
            }
            eprintln!(
                "{variant} {}: {wins} won, {losses} lost, {draws} drawn",
                ending.name()
            );
        }
    }
}

/// The result of `pos` for its side to move by plain search over the rules core:
/// 1 won, 0 drawn, -1 lost. Bare-king positions are read from their (separately
/// checked) tables with their count.
fn slow_solve(
    tables: &Tables,
    pos: &Position,
    memo: &mut std::collections::HashMap<(u64, u16, u16), i8>,
) -> i8 {
    if let Some(verdict) = ended(pos) {
        return if verdict == Verdict::Loss(0) { -1 } else { 0 };
    }
    let bare = |side: Color| {
        use khun::board::PieceKind::{Khon, Knight, Met, Pawn, Rook};
        [Rook, Khon, Knight, Met, Pawn]
            .iter()
            .all(|&kind| pos.pieces(side, kind).count() == 0)
    };
    if bare(Color::White) || bare(Color::Black) {
        return match tables.probe_with_count(pos) {
            Some(Verdict::Win(_)) => 1,
            Some(Verdict::Loss(_)) => -1,
            _ => 0,
        };
    }
    // The count's counter and the fifty-move clock both matter (the key has neither).
    let key = (pos.key(), pos.count().ply(), pos.halfmove_clock());
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut best = -1;
    for &m in pos.legal_moves().iter() {
        best = best.max(-slow_solve(tables, &pos.after(m), memo));
        if best == 1 {
            break;
        }
    }
    memo.insert(key, best);
    best
}

#[test]
fn duel_tables_match_a_slow_solver_near_the_end_of_the_count() {
    let tables = Tables::new();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15 ^ 34);
    let mut checked = 0;
    for variant in DUEL_GAMES {
        let samples = if variant == Variant::Makruk { 150 } else { 100 };
        for ending in duels_checked(variant) {
            tables.ensure_duel(ending, variant);
            for _ in 0..samples {
                // One to five plies left: the last may only mate or capture.
                let count = match variant {
                    Variant::Makruk => format!("128 {}", 124 + rng.below(5)),
                    Variant::Cambodian => format!("126 {}", 122 + rng.below(5)),
                    _ => format!("- {}", 95 + rng.below(5)),
                };
                let pos = random_duel_in(&mut rng, variant, ending, &count);
                let expected = slow_solve(&tables, &pos, &mut Default::default());
                let stored = match tables.probe_with_count(&pos).expect("covered") {
                    Verdict::Converts(_) => 1,
                    Verdict::Conceded(_) | Verdict::Loss(0) => -1,
                    _ => 0,
                };
                let fen = pos.to_fen();
                assert_eq!(stored, expected, "{variant} {}: {fen}", ending.name());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2300);
}

/// The best move and score of a fixed-depth search.
fn best_at_depth(fen: &str, depth: u32) -> (String, String) {
    let (last_info, best) = go_depth(&mut uci_engine(), fen, depth);
    (best, score_of(&last_info))
}

/// The score of a conversion in `plies` plies from the root, as UCI prints it.
fn conversion_score(plies: i32) -> String {
    format!("cp {}", khun::search::score::TABLE_WIN - plies)
}

#[test]
fn a_duel_win_that_takes_exactly_the_count_is_won_and_one_ply_more_is_drawn() {
    let tables = Tables::new();
    tables.ensure_duel(Ending::RookVsKhon, Variant::Makruk);
    // pyffish played the table's line from the first position: the rook takes the
    // khon on ply 59, from the board's honour's last counter (128 of 128), which
    // starts the piece's honour at 32 6; the mate comes at 32 18. From counter 71 the
    // same line reaches 128 129 one ply before the capture: a draw.
    let fits = "8/3s4/8/R7/8/2k5/8/2K5 w - 128 70 1";
    let late = "8/3s4/8/R7/8/2k5/8/2K5 w - 128 71 1";
    let at = |fen: &str| tables.probe_with_count(&Position::from_fen(fen).unwrap());
    assert_eq!(at(fits), Some(Verdict::Converts(59)));
    assert_eq!(at(late), Some(Verdict::Draw));
    assert_eq!(best_at_depth(fits, 2).1, conversion_score(59));
    assert_eq!(best_at_depth(late, 2).1, "cp 0");

    // The table's line, played by the rules core: the capture comes on the last
    // ply the board's honour allows and the mate inside the piece's honour.
    let root = Position::from_fen(fits).unwrap();
    let mut line = Vec::new();
    tables.extend_line(&root, &mut line);
    let mut pos = root.clone();
    let mut capture_at = None;
    for (ply, &m) in line.iter().enumerate() {
        assert!(pos.outcome().is_none(), "the game ended at ply {ply}");
        let men = pos.occupied().count();
        pos.play(m);
        if men == 4 && pos.occupied().count() == 3 {
            capture_at = Some((ply + 1, pos.count().to_string()));
        }
    }
    assert_eq!(capture_at, Some((59, "32 6".to_string())));
    assert!(matches!(
        pos.outcome(),
        Some(khun::board::Outcome::Checkmate { .. })
    ));
}

#[test]
fn a_capture_on_the_last_ply_wins_only_if_the_piece_honour_it_starts_suffices() {
    let tables = Tables::new();
    tables.ensure_duel(Ending::RookVsKhon, Variant::Makruk);
    let at = |fen: &str| tables.probe_with_count(&Position::from_fen(fen).unwrap());
    // One ply left (128 of 128): only a mate or a capture can still count. Checked
    // with pyffish: Kxd2 starts the piece's honour at 32 6 (not a counting draw) and
    // the rook mates at 32 18.
    let short_mate = "8/8/8/8/4R3/8/3s4/2K4k w - 128 128 1";
    assert_eq!(at(short_mate), Some(Verdict::Converts(1)));
    assert_eq!(
        best_at_depth(short_mate, 2),
        ("c1d2".into(), "mate 7".into())
    );
    // Rxa5 starts the same 32 6 count (pyffish), but the rook needs 30 more plies
    // where 27 are left: the capture wins with a fresh count, not with this one. Any
    // other move is a counting draw at once.
    let long_mate = "K7/8/8/s3R3/3k4/8/8/8 w - 128 128 1";
    assert_eq!(at(long_mate), Some(Verdict::Draw));
    let before = Position::from_fen(long_mate).unwrap();
    let taken = before.after(before.parse_uci_move("e5a5").expect("a legal move"));
    assert_eq!(taken.count().to_string(), "32 6");
    assert_eq!(tables.probe_with_count(&taken), Some(Verdict::Draw));
    let fresh = Position::from_fen(&taken.to_fen().replace(" 32 6 ", " 32 0 ")).unwrap();
    assert!(matches!(
        tables.probe_with_count(&fresh),
        Some(Verdict::Loss(30))
    ));
    assert_eq!(best_at_depth(long_mate, 2).1, "cp 0");
}

#[test]
fn the_search_trades_into_a_won_duel_and_defends_toward_a_drawn_one() {
    let tables = Tables::new();
    // K+R v K+S+M, not a table: taking the khon leaves K+R v K+M, which the table
    // says White converts in 30 plies where the count leaves 38.
    let fen = "3s4/8/5k2/K7/7m/8/8/3R4 w - 128 90 1";
    let pos = Position::from_fen(fen).unwrap();
    tables.prepare(&pos, true);
    let (best, score) = best_at_depth(fen, 4);
    assert_eq!((best.as_str(), score), ("d1d8", conversion_score(31)));
    let traded = pos.after(pos.parse_uci_move("d1d8").unwrap());
    assert_eq!(
        tables.probe_with_count(&traded),
        Some(Verdict::Conceded(30))
    );

    // A defender with drawn and lost moves picks a drawn one.
    tables.ensure_duel(Ending::RookVsMet, Variant::Makruk);
    let mut rng = Rng::new(77);
    let defended = loop {
        let pos = random_duel(&mut rng, Ending::RookVsMet, "128 40");
        let mover_holds_met = pos
            .pieces(pos.side_to_move(), khun::board::PieceKind::Met)
            .any();
        if !mover_holds_met || tables.probe_with_count(&pos) != Some(Verdict::Draw) {
            continue;
        }
        let children: Vec<Option<Verdict>> = pos
            .legal_moves()
            .iter()
            .map(|&m| tables.probe_with_count(&pos.after(m)))
            .collect();
        let losing = children
            .iter()
            .filter(|v| matches!(v, Some(Verdict::Converts(_))))
            .count();
        if losing * 2 > children.len() {
            break pos;
        }
    };
    let (best, score) = best_at_depth(&defended.to_fen(), 1);
    let m = defended.parse_uci_move(&best).unwrap();
    assert_eq!(
        tables.probe_with_count(&defended.after(m)),
        Some(Verdict::Draw),
        "{}",
        defended.to_fen()
    );
    assert_eq!(score, "cp 0");
}

/// The nodes of the last `info depth` line of a `go depth {depth}` from `fen`, in a
/// new game.
fn nodes_at_depth(engine: &mut EngineProcess, fen: &str, depth: u32) -> String {
    engine.send("ucinewgame");
    let (last_info, _) = go_depth(engine, fen, depth);
    info_field(&last_info, "nodes")
        .expect("a node count")
        .to_string()
}

/// A fixed-depth search reads only the tables its own root prepares: a table an
/// earlier search of the process built does not change it. Five men besides the
/// kings prepare no K+X v K+Y table, and this position's tree reaches K+R v K+S;
/// before the fix the second search read that table (47 786 nodes, not 47 803), so
/// `annotate --resume` could write other bytes than the run never stopped.
#[test]
fn a_fixed_depth_search_does_not_read_tables_earlier_searches_built() {
    let five_men = "8/3s4/2m5/R7/4M3/2k5/7N/2K5 w - - 0 40";
    let duel = "8/3s4/8/R7/8/2k5/8/2K5 w - 128 70 1";
    let mut engine = uci_engine();
    let cold = nodes_at_depth(&mut engine, five_men, 12);
    nodes_at_depth(&mut engine, duel, 2);
    let after_the_table = nodes_at_depth(&mut engine, five_men, 12);
    assert_eq!(cold, after_the_table);
}

/// With `FiveManTables` set, a game near a king and three pieces against a bare king
/// builds that table into the directory, and the search reads it: a mate too deep for
/// the depth asked is scored exactly. A second engine reads the file it left. K+R+R+R
/// v K: the quickest five-man table to build (about 5 s, 1 GB while it is built).
#[test]
fn five_man_tables_are_built_into_their_directory_and_read() {
    let _one_build_at_a_time = FIVE_MAN_BUILDS.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("khun-five-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // White mates in 2 moves; at depth 1 only the table can say so. With the
    // rooks' count at 10 of 16 plies, Black to move in the other position is mated
    // too late: a draw, which only the table with the count can say.
    let mate = "3k4/8/8/8/8/8/8/RRR1K3 w - 16 10 60";
    let too_late = "8/8/8/3k4/8/8/8/RRR1K3 b - 16 10 60";
    assert!(!score_at_depth(mate, 1).starts_with("mate"));
    assert_ne!(score_at_depth(too_late, 1), "cp 0");
    for run in ["builds", "reads"] {
        let mut engine = uci_engine();
        engine.send(&format!(
            "setoption name FiveManTables value {}",
            dir.display()
        ));
        let (info, best) = go_depth(&mut engine, mate, 1);
        assert_eq!(score_of(&info), "mate 2", "{run}: {info}");
        assert!(!best.is_empty());
        let (info, _) = go_depth(&mut engine, too_late, 1);
        assert_eq!(score_of(&info), "cp 0", "{run}: {info}");
        assert!(dir.join("KRRRvK.khuntb").exists(), "{run}");
    }
    // The command line reads the same file: `tablebase` and `analyze` say what the
    // table says with the count, and without the directory no table covers it.
    let khun = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_khun"))
            .args(args)
            .output()
            .expect("khun runs");
        assert!(out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let dir_arg = dir.to_str().expect("a UTF-8 temporary directory");
    let looked_up = khun(&["tablebase", "--five-man-tables", dir_arg, "--fen", mate]);
    assert!(
        looked_up.contains("table: KRRRvK: White wins within the count, mate in 2 moves"),
        "{looked_up}"
    );
    let looked_up = khun(&["tablebase", "--five-man-tables", dir_arg, "--fen", too_late]);
    assert!(
        looked_up.contains(
            "table: KRRRvK: drawn, the count runs out first (White needs 4 moves to mate, \
             the count leaves 3)"
        ),
        "{looked_up}"
    );
    assert!(khun(&["tablebase", "--fen", mate]).starts_with("no table"));
    let analysed = khun(&[
        "analyze",
        "--depth",
        "1",
        "--five-man-tables",
        dir_arg,
        "--fen",
        mate,
    ]);
    assert!(
        analysed.contains("table: KRRRvK: White wins within the count, mate in 2 moves"),
        "{analysed}"
    );
    assert!(analysed.contains("best move: "), "{analysed}");
    // A file named as the directory: refused before anything is printed.
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(["analyze", "--depth", "1", "--five-man-tables"])
        .arg(dir.join("KRRRvK.khuntb"))
        .args(["--fen", mate])
        .output()
        .expect("khun runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a directory"));
    // A directory that cannot be made: the table is built and used all the same.
    let mut engine = uci_engine();
    engine.send("setoption name FiveManTables value /dev/null/khun-five");
    let (info, _) = go_depth(&mut engine, mate, 1);
    assert_eq!(score_of(&info), "mate 2", "unwritable: {info}");
    // A file in the way is refused with the reason.
    let mut engine = uci_engine();
    let file = dir.join("KRRRvK.khuntb");
    engine.send(&format!(
        "setoption name FiveManTables value {}",
        file.display()
    ));
    let reply = engine.sync();
    assert!(
        reply.iter().any(|l| l.contains("not a directory")),
        "{reply:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tests that build a five-man table (about 1 GB while it is built) take turns.
static FIVE_MAN_BUILDS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A temporary directory of this test process, made empty.
fn empty_temporary_directory(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("khun-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Two engines' tables in one process (two `Tables` handles, as two engines own
/// them), each with a five-man directory of its own: each reads only its own. The
/// first builds K+R+R+R v K into its directory and reads a mate in 2 from it; the
/// second, whose directory is empty, reads nothing for that position (when the five-man
/// tables were process-wide, it read the first's table), and its directory stays
/// empty. Given the first's directory, it reads the first's file and says the same.
#[test]
fn two_engines_read_the_five_man_tables_of_their_own_directories() {
    let _one_build_at_a_time = FIVE_MAN_BUILDS.lock().unwrap_or_else(|e| e.into_inner());
    let built_here = empty_temporary_directory("five-own");
    let empty = empty_temporary_directory("five-empty");
    let mate = Position::from_fen("3k4/8/8/8/8/8/8/RRR1K3 w - 16 10 60").unwrap();
    let first = Tables::new();
    let second = Tables::new();
    first
        .set_five_man_directory(Some(built_here.clone()))
        .expect("a directory");
    second
        .set_five_man_directory(Some(empty.clone()))
        .expect("a directory");
    assert_eq!(first.five_man_directory(), Some(built_here.clone()));
    assert_eq!(second.five_man_directory(), Some(empty.clone()));

    let (ending, verdict) = first.count_verdict(&mate).expect("the first's table");
    assert_eq!(
        tablebase::describe(ending, verdict),
        "KRRRvK: White wins within the count, mate in 2 moves"
    );
    assert!(built_here.join("KRRRvK.khuntb").exists());
    assert_eq!(first.probe_with_count(&mate), Some(Verdict::Win(3)));

    // The second has loaded nothing: no five-man verdict, nothing in its directory.
    assert_eq!(second.probe_with_count(&mate), None);
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);

    // Pointed at the first's directory, it reads the file there (a second or two).
    second
        .set_five_man_directory(Some(built_here.clone()))
        .expect("a directory");
    assert_eq!(second.count_verdict(&mate), Some((ending, verdict)));
    assert_eq!(second.probe_with_count(&mate), Some(Verdict::Win(3)));
    // A file is no directory: refused, and the directory kept.
    let refused = second.set_five_man_directory(Some(built_here.join("KRRRvK.khuntb")));
    assert!(refused.unwrap_err().contains("not a directory"));
    assert_eq!(second.five_man_directory(), Some(built_here.clone()));
    let _ = std::fs::remove_dir_all(&built_here);
    let _ = std::fs::remove_dir_all(&empty);
}

/// A five-man duel table (`KHUN_FIVE_DUEL=RMN`, the default, for K+R+M v K+N: the
/// two-piece side's pieces, then the other's), built into (or read from)
/// `KHUN_FIVE_DIR`, a temporary directory by default: every sampled result with its
/// count follows from its children (the four-man duels and K+X+Y v K a capture
/// leaves, read with their counts), and with one to three plies of the count left it
/// matches a plain search over the rules core. Ignored by default: 1.07 GB on disk,
/// about 3 GB and one to two minutes while it is built.
#[test]
#[ignore]
fn a_five_man_duel_follows_from_its_children() {
    let tables = Tables::new();
    use khun::board::PieceKind;
    let letters = std::env::var("KHUN_FIVE_DUEL").unwrap_or_else(|_| "RMN".to_string());
    let kinds: Vec<PieceKind> = letters
        .chars()
        .map(|c| {
            tablebase::table_piece(c)
                .unwrap_or_else(|| panic!("{c} is not a piece of these tables"))
        })
        .collect();
    let (strong, weak) = ([kinds[0], kinds[1]], [kinds[2]]);
    let temporary = std::env::temp_dir().join(format!("khun-five-duel-{}", std::process::id()));
    let dir = std::env::var("KHUN_FIVE_DIR").map_or(temporary.clone(), Into::into);
    tables
        .set_five_man_directory(Some(dir.clone()))
        .expect("a directory");
    // `KHUN_FIVE_VARIANT=cambodian`: the table of that game's count (ASEAN chess has
    // none: a capture resets its fifty-move rule).
    let variant = std::env::var("KHUN_FIVE_VARIANT").map_or(Variant::Makruk, |name| {
        Variant::from_name(&name).expect("a game with tables")
    });
    let mut rng = Rng::new(0x5EED_D0E1 ^ letters.len() as u64);
    let started = std::time::Instant::now();
    let first = random_sides_in(&mut rng, variant, &strong, &weak, "128 0");
    tables.prepare_five_man(&first, true);
    eprintln!(
        "K{}vK{}: loaded or built in {:.1} s",
        letters[..2].to_uppercase(),
        letters[2..].to_uppercase(),
        started.elapsed().as_secs_f64()
    );
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for _ in 0..3000 {
        let count = random_duel_count(&mut rng, variant);
        let pos = random_sides_in(&mut rng, variant, &strong, &weak, &count);
        let stored = tables.probe_with_count(&pos).expect("the table covers it");
        assert_eq!(
            stored,
            duel_from_children(&tables, &pos),
            "{}",
            pos.to_fen()
        );
        match stored {
            Verdict::Converts(_) => wins += 1,
            Verdict::Conceded(_) => losses += 1,
            _ => draws += 1,
        }
    }
    eprintln!("sampled: {wins} won, {losses} lost, {draws} drawn");
    assert!(wins > 0 && losses > 0);
    let mut results = [0; 3];
    for _ in 0..200 {
        // One to three plies left.
        let count = match variant {
            Variant::Cambodian => format!("126 {}", 124 + rng.below(3)),
            _ => format!("128 {}", 126 + rng.below(3)),
        };
        let pos = random_sides_in(&mut rng, variant, &strong, &weak, &count);
        let expected = slow_solve(&tables, &pos, &mut Default::default());
        let stored = match tables.probe_with_count(&pos).expect("covered") {
            Verdict::Converts(_) => 1,
            Verdict::Conceded(_) | Verdict::Loss(0) => -1,
            _ => 0,
        };
        assert_eq!(stored, expected, "{}", pos.to_fen());
        results[(stored + 1) as usize] += 1;
    }
    eprintln!("near the count's end: {results:?} (lost, drawn, won)");
    let _ = std::fs::remove_dir_all(&temporary);
}
