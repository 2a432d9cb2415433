//! Makruk's relatives (cambodian, karouk, makpong, asean, ai-wok) against
//! Fairy-Stockfish: perft of `family.perft` and of random positions, legal moves and
//! SAN, and the state after every move of random games (first-move rights, Kar Ouk's
//! checks, the count fields, the game ends, material that cannot mate), from data
//! made by `engine-tests/data/generate_family.py`. Then UCI and XBoard sessions that
//! switch between the games through the real binary.

mod common;

use common::{EngineProcess, PATIENCE, bestmove_of, data, rows};
use khun::board::{Color, FenRules, Position, Variant, perft::perft};
use std::time::Duration;

fn variant(name: &str) -> Variant {
    Variant::from_name(name).unwrap_or_else(|| panic!("unknown variant {name}"))
}

fn position(v: Variant, fen: &str) -> Position {
    Position::from_fen_full(v, fen, FenRules::Lenient).unwrap_or_else(|e| panic!("{v} {fen}: {e}"))
}

/// Nodes the default run checks per perft row; bigger rows run with `--ignored`.
const PERFT_NODE_LIMIT: u64 = 20_000_000;

fn check_family_perft(max_nodes: u64, min_nodes: u64) {
    let text = data("family.perft");
    let mut checked = 0;
    for row in rows(&text) {
        let (v, fen, depth, nodes) = (row[0], row[1], row[2], row[3]);
        let nodes: u64 = nodes.parse().unwrap();
        if nodes > max_nodes || nodes < min_nodes {
            continue;
        }
        let pos = position(variant(v), fen);
        assert_eq!(
            perft(&pos, depth.parse().unwrap()),
            nodes,
            "{v} perft {depth} of {fen}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no perft rows in range");
}

#[test]
fn family_perft_matches_fairy_stockfish() {
    check_family_perft(PERFT_NODE_LIMIT, 0);
}

#[test]
#[ignore = "about 6e8 nodes: run with --ignored"]
fn family_perft_deep_rows() {
    check_family_perft(u64::MAX, PERFT_NODE_LIMIT + 1);
}

#[test]
fn random_positions_perft_matches_pyffish() {
    let text = data("family-perft.tsv");
    let mut per_variant = std::collections::BTreeMap::new();
    for row in rows(&text) {
        let v = variant(row[0]);
        let pos = position(v, row[1]);
        let depth: u32 = row[2].parse().unwrap();
        let nodes: u64 = row[3].parse().unwrap();
        assert_eq!(perft(&pos, depth), nodes, "{v} perft {depth} of {}", row[1]);
        *per_variant.entry(v).or_insert(0) += 1;
    }
    assert_eq!(per_variant.len(), 5, "every relative has positions");
}

#[test]
fn legal_moves_and_san_match_pyffish() {
    let text = data("family-legal.tsv");
    let mut n = 0;
    for row in rows(&text) {
        let v = variant(row[0]);
        let pos = position(v, row[1]);
        let mut ours: Vec<(String, String)> = pos
            .legal_moves()
            .iter()
            .map(|&m| (m.to_string(), pos.san(m)))
            .collect();
        ours.sort();
        let want_moves: Vec<&str> = row[2].split_whitespace().collect();
        let want_san: Vec<&str> = row
            .get(3)
            .map_or(vec![], |s| s.split_whitespace().collect());
        let got_moves: Vec<&str> = ours.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(got_moves, want_moves, "{v} legal moves of {}", row[1]);
        for ((uci, san), want) in ours.iter().zip(&want_san) {
            assert_eq!(san, want, "{v} SAN of {uci} in {}", row[1]);
            let m = pos
                .parse_san(san)
                .unwrap_or_else(|e| panic!("{v} {san}: {e}"));
            assert_eq!(&m.to_string(), uci, "{v} {san} read back in {}", row[1]);
        }
        n += 1;
    }
    assert!(n >= 1000, "only {n} positions");
}

/// The state pyffish records after a move: FEN fields 3.. without the move number,
/// and the end flags (see generate_family.py).
fn state_token(pos: &Position) -> String {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut flags = String::new();
    let has_moves = pos.has_legal_move();
    if pos.check_count_won() {
        flags.push('i');
    }
    // Fairy-Stockfish's optional end: a rule ran out and the side to move is not mated.
    if pos.draw_rule_exceeded() && (!pos.in_check() || has_moves) {
        flags.push('o');
    }
    if !has_moves {
        flags.push('n');
    }
    if pos.has_insufficient_material(Color::White) {
        flags.push('W');
    }
    if pos.has_insufficient_material(Color::Black) {
        flags.push('B');
    }
    format!("{}:{flags}", fields[2..fields.len() - 1].join(" "))
}

#[test]
fn state_after_every_move_of_random_games_matches_pyffish() {
    let text = data("family-games.tsv");
    let mut games = std::collections::BTreeMap::new();
    let mut moves_checked = 0;
    let mut seen = std::collections::BTreeSet::new();
    for row in rows(&text) {
        let v = variant(row[0]);
        let mut pos = position(v, row[1]);
        let tokens: Vec<&str> = row[3].split('|').collect();
        for (i, (text, want)) in row[2].split_whitespace().zip(&tokens).enumerate() {
            let m = pos
                .parse_uci_move(text)
                .unwrap_or_else(|e| panic!("{v} game from {}: move {}: {e}", row[1], i + 1));
            pos.play(m);
            // The reference steps from FEN to FEN, so does this replay.
            pos = position(v, &pos.to_fen());
            let got = state_token(&pos);
            assert_eq!(
                &got,
                want,
                "{v} after move {} ({text}) of the game from {}: {}",
                i + 1,
                row[1],
                pos.to_fen()
            );
            for flag in want.split(':').nth(1).unwrap_or("").chars() {
                seen.insert((v, flag));
            }
            if want.contains(" 1+0 ") || want.contains(" 0+1 ") {
                seen.insert((v, '+'));
            }
            moves_checked += 1;
        }
        assert_eq!(
            pos.to_fen(),
            row[4],
            "{v} final FEN of the game from {}",
            row[1]
        );
        *games.entry(v).or_insert(0) += 1;
    }
    for v in [
        Variant::Cambodian,
        Variant::Karouk,
        Variant::Makpong,
        Variant::Asean,
        Variant::AiWok,
    ] {
        assert!(
            games.get(&v).copied().unwrap_or(0) >= 300,
            "{v}: too few games"
        );
        assert!(
            seen.contains(&(v, 'o')),
            "{v}: no game reached a counting end"
        );
    }
    assert!(
        seen.contains(&(Variant::Karouk, 'i')),
        "karouk: no winning check"
    );
    assert!(moves_checked > 50_000, "only {moves_checked} moves");
}

#[test]
fn start_positions_and_fen_round_trips() {
    for v in Variant::ALL {
        let pos = Position::startpos_of(v);
        assert_eq!(
            Position::from_fen_in(v, &pos.to_fen()).unwrap().to_fen(),
            pos.to_fen()
        );
    }
    assert_eq!(
        Position::startpos_of(Variant::Karouk).to_fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1"
    );
    assert_eq!(
        Position::startpos_of(Variant::Asean).to_fen(),
        "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1"
    );
    // Letters of another game are refused with the reason.
    let e = Position::from_fen_in(Variant::Asean, Variant::Makruk.start_fen()).unwrap_err();
    assert!(e.to_string().contains("'s'"), "{e}");
    let e = Position::from_fen_in(Variant::Makruk, Variant::Cambodian.start_fen()).unwrap_err();
    assert!(e.to_string().contains("castling"), "{e}");
}

// --- Sessions through the real binary ---

fn uci_engine() -> EngineProcess {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok", PATIENCE);
    assert!(
        lines.iter().any(|l| l
            == "option name UCI_Variant type combo default makruk var makruk var cambodian var karouk var makpong var asean var ai-wok var sittuyin"),
        "{lines:?}"
    );
    e
}

#[test]
fn uci_switches_between_the_games() {
    let mut e = uci_engine();
    for v in Variant::ALL {
        e.send(&format!("setoption name UCI_Variant value {}", v.name()));
        e.send("ucinewgame");
        e.send("position startpos");
        assert_eq!(e.fen(), Position::startpos_of(v).to_fen(), "{v}");
        e.send("go nodes 3000");
        let lines = e.until_bestmove();
        let best = bestmove_of(lines.last().unwrap()).to_string();
        let pos = Position::startpos_of(v);
        assert!(pos.parse_uci_move(&best).is_ok(), "{v}: illegal {best}");
        e.send("go perft 2");
        let lines = e.read_until(|l| l.starts_with("Nodes searched"), PATIENCE);
        let want = perft(&pos, 2);
        assert!(
            lines.last().unwrap().contains(&want.to_string()),
            "{v}: {lines:?}"
        );
    }
    // A Cambodian game with the first-move rights used, then an ASEAN promotion.
    e.send("setoption name UCI_Variant value cambodian");
    e.send("position startpos moves e3e4 e6e5 d1b2 e8g7 e1e3");
    assert_eq!(
        e.fen(),
        "rnsm1snr/6k1/pppp1ppp/4p3/4P3/PPPPMPPP/1K6/RNS2SNR b d - 3 3"
    );
    e.send("setoption name UCI_Variant value asean");
    e.send("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8r");
    assert!(e.fen().starts_with("1R2k3/8/"));
    // A bad name: an error, and the game in play stays.
    e.send("setoption name UCI_Variant value chess");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("chess")),
        "{lines:?}"
    );
    assert!(e.fen().starts_with("1R2k3/8/"), "the last good state");
    // A FEN of another game is refused with the game named.
    e.send("position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("error") && l.contains("asean")),
        "{lines:?}"
    );
    e.send("quit");
}

#[test]
fn karouk_check_wins_over_uci() {
    let mut e = uci_engine();
    e.send("setoption name UCI_Variant value karouk");
    // White to move can check at once with the rook: that wins.
    e.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    let best = bestmove_of(lines.last().unwrap()).to_string();
    let pos = Position::from_fen_in(Variant::Karouk, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let after = pos.after(pos.parse_uci_move(&best).unwrap());
    assert!(
        after.in_check() && after.check_count_won(),
        "{best}: {lines:?}"
    );
    e.send("quit");
}

#[test]
fn xboard_plays_every_variant_it_announces() {
    let mut e = EngineProcess::start(&["--xboard"]);
    e.send("protover 2");
    let lines = e.read_until(|l| l.contains("done=1"), PATIENCE);
    assert!(
        lines
            .iter()
            .any(|l| l
                .contains("variants=\"makruk,cambodian,karouk,makpong,asean,ai-wok,sittuyin\"")),
        "{lines:?}"
    );
    for v in Variant::ALL {
        e.send("new");
        e.send(&format!("variant {}", v.name()));
        e.send("st 1");
        e.send("sd 3");
        e.send("go");
        let reply = e.read_until(|l| l.starts_with("move "), PATIENCE);
        let mv = reply
            .last()
            .unwrap()
            .trim_start_matches("move ")
            .to_string();
        let pos = Position::startpos_of(v);
        assert!(pos.parse_uci_move(&mv).is_ok(), "{v}: illegal {mv}");
        e.send("force");
    }
    // A bad variant name is an error; the game stays what it was (ai-wok).
    e.send("variant chess");
    e.send("ping 7");
    let lines = e.read_until(|l| l == "pong 7", PATIENCE);
    assert!(lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    e.send("new");
    e.send("variant ai-wok");
    e.send("force");
    e.send("usermove d1d2");
    e.send("setboard 4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    e.send("usermove d5d6a");
    e.xboard_took_everything(8);
    e.send("quit");
    let _ = e.wait_exit(Duration::from_secs(10));
}

/// The editor's check of a FEN's count fields (`rules_api::count_field_problems`)
/// finds nothing impossible in any position of pyffish's random games of the seven
/// (each read back from its FEN, as an editor reads one), but that the count has run
/// out where it has: the limits, the counters and the pawns a count runs with are all
/// ones the rules reach.
#[test]
fn every_count_of_the_reference_games_passes_the_editor_s_check() {
    let text = data("family-games.tsv");
    let (mut counted, mut run_out) = (0, 0);
    for row in rows(&text) {
        let v = variant(row[0]);
        let mut pos = position(v, row[1]);
        for text in row[2].split_whitespace() {
            let m = pos.parse_uci_move(text).unwrap();
            pos.play(m);
            let read = position(v, &pos.to_fen());
            let (counts, exceeded) = common::positions::assert_count_fields_real(
                &read,
                &format!("{v} {}", read.to_fen()),
            );
            counted += counts as usize;
            run_out += exceeded as usize;
        }
    }
    assert!(counted >= 1000, "only {counted} positions with a count");
    eprintln!("{counted} positions with a count, {run_out} run out");
}
