//! Sittuyin (Burmese chess) against Fairy-Stockfish: perft of its reference positions
//! (`family.perft`: the start to depth 4, four endgames of its `tests/perft.sh`), of
//! random positions of the set-up phase and of play (`sittuyin-perft.tsv`: pyffish's
//! counts at depth 3, Fairy-Stockfish's `go perft` at depth 4), the legal moves in
//! UCI, SAN, LAN and the Thai notations with the end flags of 400 positions and of
//! positions where the draw of a king and a pawn may be claimed
//! (`sittuyin-legal.tsv`), and random games whose every position, pieces in hand
//! included, and every end equal pyffish's (`sittuyin-games.tsv`). The data comes from
//! `engine-tests/data/generate_sittuyin.py`. Then the engine playing it: a whole game
//! over UCI from the set-up phase, XBoard's drops, `analyze` and `annotate` on a game
//! as cutechess writes it (`sittuyin-cutechess.pgn`, against Fairy-Stockfish).

mod common;

use common::{EngineProcess, PATIENCE, bestmove_of, data, info_field, rows};
use khun::board::{Color, FenRules, Notation, Outcome, Position, Square, Variant, perft::perft};
use std::collections::BTreeMap;
use std::time::Duration;

fn position(fen: &str) -> Position {
    Position::from_fen_full(Variant::Sittuyin, fen, FenRules::Lenient)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The end flags pyffish gives a position (see generate_sittuyin.py): `o` a draw the
/// side to move may claim (the count or fifty moves run out and it is not mated, or
/// its king and pawn could only promote), `n` no legal move with `L` (mated) or `D`,
/// `W`/`B` the side cannot mate.
fn end_flags(pos: &Position) -> String {
    let mut flags = String::new();
    let has_moves = pos.has_legal_move();
    if (pos.draw_rule_exceeded() && (!pos.in_check() || has_moves)) || pos.only_promotions_left() {
        flags.push('o');
    }
    if !has_moves {
        flags.push('n');
        flags.push(match pos.outcome() {
            Some(Outcome::Checkmate { .. }) => 'L',
            _ => 'D',
        });
    }
    if pos.has_insufficient_material(Color::White) {
        flags.push('W');
    }
    if pos.has_insufficient_material(Color::Black) {
        flags.push('B');
    }
    flags
}

#[test]
fn reference_perft_matches_fairy_stockfish() {
    let text = data("family.perft");
    let mut checked = 0;
    for row in rows(&text).filter(|r| r[0] == "sittuyin") {
        let (fen, depth, nodes) = (
            row[1],
            row[2].parse().unwrap(),
            row[3].parse::<u64>().unwrap(),
        );
        assert_eq!(
            perft(&position(fen), depth),
            nodes,
            "perft {depth} of {fen}"
        );
        checked += 1;
    }
    assert_eq!(checked, 8, "the start to depth 4 and four endgames");
}

#[test]
fn random_positions_perft_matches_pyffish_and_fairy_stockfish() {
    let text = data("sittuyin-perft.tsv");
    let mut by_depth = BTreeMap::new();
    let mut setup = 0;
    for row in rows(&text) {
        let pos = position(row[0]);
        let depth: u32 = row[1].parse().unwrap();
        let nodes: u64 = row[2].parse().unwrap();
        assert_eq!(perft(&pos, depth), nodes, "perft {depth} of {}", row[0]);
        *by_depth.entry(depth).or_insert(0) += 1;
        setup += (row[0].contains('[') && !row[0].contains("[]")) as usize;
    }
    assert!(by_depth.get(&3).copied().unwrap_or(0) >= 40, "{by_depth:?}");
    assert!(by_depth.get(&4).copied().unwrap_or(0) >= 40, "{by_depth:?}");
    assert!(setup >= 20, "only {setup} rows from the set-up phase");
}

#[test]
fn legal_moves_notations_and_ends_match_pyffish() {
    let text = data("sittuyin-legal.tsv");
    let notations = [
        Notation::San,
        Notation::Lan,
        Notation::ThaiSan,
        Notation::ThaiLan,
    ];
    let mut positions = 0;
    let mut seen = BTreeMap::new();
    for row in rows(&text) {
        let fen = row[0];
        let pos = position(fen);
        // Every FEN here is pyffish's get_fen but the start, which is its start_fen:
        // the variant's definition, whose hands are not in get_fen's order.
        if fen != Variant::Sittuyin.start_fen() {
            assert_eq!(pos.to_fen(), fen, "the FEN read back");
        }
        assert_eq!(end_flags(&pos), row[1], "end flags of {fen}");
        let mut ours: Vec<_> = pos.legal_moves().iter().copied().collect();
        ours.sort_by_key(|m| m.to_string());
        let got: Vec<String> = ours.iter().map(|m| m.to_string()).collect();
        let want: Vec<&str> = row[2].split_whitespace().collect();
        assert_eq!(got, want, "legal moves of {fen}");
        for (column, notation) in notations.into_iter().enumerate() {
            let want: Vec<&str> = row[3 + column]
                .split('|')
                .filter(|s| !s.is_empty())
                .collect();
            let got: Vec<String> = ours.iter().map(|&m| pos.san_in(m, notation)).collect();
            assert_eq!(got, want, "{notation:?} of the moves of {fen}");
        }
        for &m in &ours {
            let san = pos.san(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{san} read back in {fen}");
            assert_eq!(
                pos.parse_uci_move(&m.to_string()),
                Ok(m),
                "{m} read back in {fen}"
            );
            let kind = if m.to_string().contains('@') {
                "drop"
            } else if m.to_string().len() == 5 {
                "promotion"
            } else {
                "move"
            };
            *seen.entry(kind).or_insert(0) += 1;
        }
        for flag in row[1].chars() {
            *seen
                .entry(if flag == 'o' { "claim" } else { "other flag" })
                .or_insert(0) += 1;
        }
        positions += 1;
    }
    assert!(positions >= 400, "only {positions} positions");
    for kind in ["drop", "promotion", "move", "claim"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {seen:?}"
        );
    }
}

#[test]
fn random_games_match_pyffish_at_every_ply() {
    let text = data("sittuyin-games.tsv");
    let start = Variant::Sittuyin.start_fen();
    let mut games_from_start = 0;
    let mut games = 0;
    let mut plies = 0;
    let mut seen = BTreeMap::new();
    for row in rows(&text) {
        let (fen, moves, tokens, last) = (row[0], row[1], row[2], row[3]);
        let mut pos = position(fen);
        for (i, (text, want)) in moves.split_whitespace().zip(tokens.split('|')).enumerate() {
            let m = pos
                .parse_uci_move(text)
                .unwrap_or_else(|e| panic!("game from {fen}: move {} {text}: {e}", i + 1));
            let san = pos.san(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {}", pos.to_fen());
            pos.play(m);
            let (want_fen, want_flags) = want.rsplit_once(':').expect("FEN:flags");
            let got_fen = pos.to_fen();
            assert_eq!(
                got_fen,
                want_fen,
                "after move {} ({text}) of the game from {fen}",
                i + 1
            );
            // The key kept move by move is the key of the position read afresh.
            let read = position(&got_fen);
            assert_eq!(pos.key(), read.key(), "key of {got_fen}");
            // The reference steps from FEN to FEN, so its ends are judged on the
            // position read afresh: a FEN with a count running has no fifty-move
            // clock, which Fairy-Stockfish (and Khun) then restart from 0.
            assert_eq!(
                end_flags(&read),
                want_flags,
                "end flags after move {} ({text}) of the game from {fen}: {got_fen}",
                i + 1
            );
            let phase = if got_fen.contains("[]") {
                "play"
            } else {
                "set-up"
            };
            *seen.entry(phase).or_insert(0) += 1;
            if m.to_string().len() == 5 {
                *seen.entry("promotion").or_insert(0) += 1;
            }
            for flag in want_flags.chars() {
                *seen
                    .entry(match flag {
                        'o' => "optional end",
                        'L' => "mate",
                        'D' => "stalemate",
                        _ => "insufficient",
                    })
                    .or_insert(0) += 1;
            }
            if pos.count().plies_left().is_some() {
                *seen.entry("count").or_insert(0) += 1;
            }
            plies += 1;
        }
        assert_eq!(pos.to_fen(), last, "final FEN of the game from {fen}");
        games += 1;
        games_from_start += (fen == start) as usize;
    }
    assert!(
        games_from_start >= 100,
        "only {games_from_start} games from the start"
    );
    assert!(games >= 150, "only {games} games");
    for what in [
        "set-up",
        "play",
        "promotion",
        "optional end",
        "mate",
        "count",
        "insufficient",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what}: {seen:?}"
        );
    }
    assert!(plies > 20_000, "only {plies} plies");
}

#[test]
fn start_position_and_its_fen() {
    let pos = Position::startpos_of(Variant::Sittuyin);
    // pyffish writes the hands in Fairy-Stockfish's order of piece types.
    assert_eq!(
        pos.to_fen(),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
    );
    assert_eq!(Variant::from_name("Sittuyin"), Some(Variant::Sittuyin));
    assert_eq!(Variant::from_name("Burmese chess"), Some(Variant::Sittuyin));
    assert!(Variant::ALL.contains(&Variant::Sittuyin));
}

// --- Sessions through the real binary ---

/// A UCI session on sittuyin.
fn uci_sittuyin() -> EngineProcess {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.read_until(|l| l == "uciok", PATIENCE);
    e.send("setoption name UCI_Variant value sittuyin");
    e.send("ucinewgame");
    e
}

#[test]
fn uci_plays_a_whole_game_from_the_set_up_phase() {
    // Khun against itself at 1500 nodes a move, every move checked by the rules core:
    // sixteen drops first (the set-up phase), then play until the rules end the game
    // or 300 plies; the engine's position is the core's at the end.
    let mut e = uci_sittuyin();
    let mut pos = Position::startpos_of(Variant::Sittuyin);
    let mut moves: Vec<String> = Vec::new();
    while pos.outcome().is_none() && !pos.draw_rule_exceeded() && moves.len() < 300 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go nodes 1500");
        let lines = e.until_bestmove();
        let best = bestmove_of(lines.last().unwrap()).to_string();
        let m = pos
            .parse_uci_move(&best)
            .unwrap_or_else(|err| panic!("illegal {best} after {moves:?}: {err}"));
        assert_eq!(
            best.contains('@'),
            moves.len() < 16,
            "ply {}: {best} (drops come first, and only then)",
            moves.len()
        );
        pos.play(m);
        moves.push(best);
    }
    assert!(moves.len() > 30, "{moves:?}");
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(e.fen(), pos.to_fen());
    e.send("quit");
}

#[test]
fn uci_searches_the_set_up_phase_and_promotions() {
    let mut e = uci_sittuyin();
    // Mid set-up, Black to drop: the best move is a drop on Black's own three ranks.
    e.send("position startpos moves K@b2 K@g7 R@a1");
    e.send("go depth 6");
    let best = bestmove_of(e.until_bestmove().last().unwrap()).to_string();
    let mut pos = Position::startpos_of(Variant::Sittuyin);
    for m in ["K@b2", "K@g7", "R@a1"] {
        pos.play(pos.parse_uci_move(m).unwrap());
    }
    let m = pos.parse_uci_move(&best).expect("a legal drop");
    assert!(best.contains('@') && m.to().index() >= 40, "{best}");
    // White's last pawn is on d5, a promotion square, with no met left: it becomes a
    // met (in place or with a step), and the rook behind it wins. Whatever the search
    // picks, it is legal and the score is White's.
    e.send("position fen 3k4/8/8/3P4/8/8/8/R3K3[] w - - 0 40");
    e.send("go depth 8");
    let lines = e.until_bestmove();
    let best = bestmove_of(lines.last().unwrap()).to_string();
    let pos = position("3k4/8/8/3P4/8/8/8/R3K3[] w - - 0 40");
    assert!(pos.parse_uci_move(&best).is_ok(), "{best}");
    let score = lines
        .iter()
        .rev()
        .find_map(|l| info_field(l, "cp").or_else(|| info_field(l, "mate")))
        .expect("a score");
    assert!(score.parse::<i32>().unwrap() > 0, "{lines:?}");
    e.send("quit");
}

#[test]
fn the_search_sees_the_claim_when_a_king_and_pawn_can_only_promote() {
    // From a match against Fairy-Stockfish: Black (a khon, met and pawn against a
    // rook and a pawn on b8) took the met with its rook; after Rxe7 Kxe7 White's king
    // and pawn have only the promotion b8b8f left, and White claims the draw. Through
    // that line the capture is worth the draw and no more; Black keeps its winning
    // chances with a king move.
    let mut e = uci_sittuyin();
    e.send("position fen 1PK5/4F2r/1sfk4/8/p7/4R3/8/8[] b - - 49 143");
    let capture = searched_score(&mut e, "go depth 10 searchmoves h7e7");
    assert_eq!(capture, 0, "Rxe7 Rxe7 Kxe7 lets White claim the draw");
    e.send("go depth 10");
    let best = bestmove_of(e.until_bestmove().last().unwrap()).to_string();
    assert_ne!(best, "h7e7");
    e.send("quit");
}

/// The lines `eval` prints for the engine's position.
fn eval_lines(e: &mut EngineProcess) -> Vec<String> {
    e.send("eval");
    e.sync()
}

/// The score of the last `info` line of a search of `go`.
fn searched_score(e: &mut EngineProcess, go: &str) -> i32 {
    e.send(go);
    let lines = e.until_bestmove();
    lines
        .iter()
        .rev()
        .find_map(|l| info_field(l, "cp"))
        .unwrap_or_else(|| panic!("no cp score in {lines:?}"))
        .parse()
        .unwrap()
}

#[test]
fn the_set_up_is_judged_by_hand_and_its_last_drops_by_the_network() {
    // Fifteen drops, the engine's at depth 1; White holds one man.
    let mut e = uci_sittuyin();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..15 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go depth 1");
        moves.push(bestmove_of(e.until_bestmove().last().unwrap()).to_string());
    }
    let set_up = format!("position startpos moves {}", moves.join(" "));
    e.send(&set_up);
    let lines = eval_lines(&mut e);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("NNUE: not with men in hand")),
        "{lines:?}"
    );
    // Every drop left places the last man: a search of one ply judges the children by
    // the network, so its score is not the hand-written one.
    let with_network = searched_score(&mut e, "go depth 1");
    e.send("setoption name Use NNUE value false");
    e.send(&set_up);
    let by_hand = searched_score(&mut e, "go depth 1");
    assert_ne!(with_network, by_hand, "{set_up}");
    // Once every man is placed, `eval` shows the network's score.
    e.send("setoption name Use NNUE value true");
    e.send("go depth 1");
    let last = bestmove_of(e.until_bestmove().last().unwrap()).to_string();
    e.send(&format!("{set_up} {last}"));
    let network_line = |lines: Vec<String>| {
        lines
            .into_iter()
            .find(|l| l.contains(" raw, "))
            .expect("the network's line")
    };
    let built_in = network_line(eval_lines(&mut e));
    // Sittuyin's own network is built in: the default one, named by its file, judges
    // the same position otherwise.
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.nnue");
    e.send(&format!("setoption name EvalFile value {default}"));
    let by_default = network_line(eval_lines(&mut e));
    assert_ne!(built_in, by_default);
    e.send("quit");
}

#[test]
fn xboard_plays_the_set_up_phase() {
    let mut e = EngineProcess::start(&["--xboard"]);
    e.send("protover 2");
    e.read_until(|l| l.contains("done=1"), PATIENCE);
    e.send("new");
    e.send("variant sittuyin");
    e.send("sd 3");
    e.send("usermove K@b2");
    let reply = e.read_until(|l| l.starts_with("move "), PATIENCE);
    let mv = reply
        .last()
        .unwrap()
        .trim_start_matches("move ")
        .to_string();
    let mut pos = Position::startpos_of(Variant::Sittuyin);
    pos.play(pos.parse_uci_move("K@b2").unwrap());
    let m = pos
        .parse_uci_move(&mv)
        .unwrap_or_else(|e| panic!("illegal {mv}: {e}"));
    assert!(mv.contains('@'), "{mv}");
    pos.play(m);
    // A drop sent bare, as a protover-1 GUI does, is taken as a move.
    e.send("force");
    e.send("R@a1");
    e.xboard_took_everything(3);
    e.send("quit");
    let _ = e.wait_exit(Duration::from_secs(10));
}

/// Runs the binary with `args`; its exit status and standard output.
fn khun(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args)
        .output()
        .expect("run khun");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn analyze_and_annotate_read_sittuyin() {
    // `analyze` from the set-up phase: moves in UCI and SAN, the best move a drop.
    let (ok, text) = khun(&[
        "analyze",
        "--variant",
        "sittuyin",
        "--moves",
        "K@b2",
        "K@g7",
        "--depth",
        "4",
    ]);
    assert!(ok, "{text}");
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("best move: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(best.contains('@'), "{best}");
    // A game as cutechess writes it (`[FEN]` with hands after four drops, drops,
    // a promotion `e5=F`, mate): every ply read, the end the rules give.
    let dir = std::env::temp_dir().join(format!("khun-sittuyin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("games.json");
    let pgn = format!(
        "{}/engine-tests/data/sittuyin-cutechess.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let (ok, text) = khun(&[
        "annotate",
        &pgn,
        "--depth",
        "2",
        "--json",
        json.to_str().unwrap(),
        "-o",
        dir.join("annotated.pgn").to_str().unwrap(),
    ]);
    assert!(ok, "{text}");
    let line = std::fs::read_to_string(&json).unwrap();
    assert!(line.contains("\"plies\":62"), "{line}");
    assert!(line.contains("\"san\":\"e5=F\""), "{line}");
    assert!(line.contains("\"reason\":\"Black mates\""), "{line}");
    let annotated = std::fs::read_to_string(dir.join("annotated.pgn")).unwrap();
    assert!(annotated.contains("[Variant \"sittuyin\"]") && annotated.contains("K@b2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pawnless_endings_read_aseans_tables() {
    // Once its men are placed, sittuyin's pawnless endings are ASEAN's games (the same
    // moves, count, fifty-move rule and stalemate): the tables give the same verdict
    // and the same mate, in each game's letters.
    for (sittuyin, asean) in [
        (
            "8/8/8/4k3/8/8/7R/3K4[] w - - 0 1",
            "8/8/8/4k3/8/8/7R/3K4 w - - 0 1",
        ),
        (
            "8/8/8/4k3/8/8/7S/3KS3[] w - - 0 1",
            "8/8/8/4k3/8/8/7B/3KB3 w - - 0 1",
        ),
        (
            "8/8/8/4k3/3n4/8/7R/3K4[] w - - 0 1",
            "8/8/8/4k3/3n4/8/7R/3K4 w - - 0 1",
        ),
        (
            "8/8/2k5/8/8/2K5/3FN3/8[] b - - 0 1",
            "8/8/2k5/8/8/2K5/3QN3/8 b - - 0 1",
        ),
    ] {
        let table = |variant: &str, fen: &str| {
            let (ok, text) = khun(&[
                "analyze",
                "--variant",
                variant,
                "--fen",
                fen,
                "--depth",
                "1",
            ]);
            assert!(ok, "{text}");
            text.lines()
                .find(|l| l.starts_with("table: "))
                .unwrap_or_else(|| panic!("no table line for {fen}: {text}"))
                .replace('S', "B")
                .replace('F', "Q")
        };
        assert_eq!(
            table("sittuyin", sittuyin),
            table("asean", asean),
            "{sittuyin}"
        );
    }
}

/// `khun datagen --variant sittuyin`: the games start from sittuyin's start with its
/// hands, open with drops, and are legal to their end; a record (which has no hand)
/// is written only once every man is placed, so each one is a position of its game
/// from the first move after the set-up on, and carries the game's result.
#[test]
fn sittuyin_self_play_writes_positions_after_the_set_up_only() {
    use khun::learn::data::{self, RECORD_BYTES};
    use khun::learn::datagen::{self, DatagenConfig};
    let cfg = DatagenConfig {
        variant: Variant::Sittuyin,
        games: Some(3),
        nodes: 400,
        random_plies: 4,
        // Nothing skipped by ply: the set-up's positions are left out for their hands.
        skip_plies: 0,
        max_plies: 200,
        seed: 7,
        ..DatagenConfig::default()
    };
    let tables = datagen::every_table_built(&[Variant::Sittuyin]);
    let mut records = 0;
    for index in 0..3 {
        let game = datagen::play_one(&cfg, index, &tables);
        assert_eq!(game.start.variant(), Variant::Sittuyin);
        assert!(men_in_hand(&game.start), "{}", game.start.to_fen());
        // The opening's random drops are not in `moves`: the game replays from its start.
        let mut pos = game.start.clone();
        let mut boards_after_set_up = Vec::new();
        for &m in &game.moves {
            assert!(pos.is_legal(m), "game {index}: {m} in {}", pos.to_fen());
            if !men_in_hand(&pos) {
                boards_after_set_up.push(board_and_side(&pos));
            }
            pos.play(m);
        }
        for chunk in game.records.chunks_exact(RECORD_BYTES) {
            let r = data::decode(chunk.try_into().unwrap()).expect("a record datagen wrote");
            assert_eq!(r.result, game.result, "game {index}");
            let mut board = ['.'; 64];
            for (piece, sq) in &r.pieces {
                board[sq.index()] = piece.fen_char();
            }
            let record = (board.iter().collect::<String>(), r.side_to_move);
            assert!(
                boards_after_set_up.contains(&record),
                "game {index}: {record:?} is not a position of the game after its set-up"
            );
            records += 1;
        }
    }
    assert!(records > 0, "three games wrote no record");
}

/// Whether a man of either side is in hand: the FEN's hands are not empty.
fn men_in_hand(pos: &Position) -> bool {
    let fen = pos.to_fen();
    fen.split('[')
        .nth(1)
        .is_some_and(|hands| !hands.starts_with(']'))
}

/// A position's men square by square (a1 first) and its side to move.
fn board_and_side(pos: &Position) -> (String, Color) {
    let board = (0..64)
        .map(|i| pos.piece_at(Square::new(i)).map_or('.', |p| p.fen_char()))
        .collect();
    (board, pos.side_to_move())
}
