//! Black-box XBoard/CECP sessions against the real binary: protocol detection, the
//! feature handshake, whole games in force mode (as match runners drive an engine)
//! and in play mode (as XBoard does, with pondering), time controls, `setboard` in
//! every FEN form, take-backs, analysis, and the errors that must leave the game as
//! it was. Every move the engine prints is checked against `khun::board`.

mod common;

use common::{EngineProcess, PATIENCE};
use khun::board::{Move, Outcome, Position};
use khun::rng::Rng;
use std::time::Duration;

/// An engine speaking XBoard, past its feature handshake.
struct Xboard {
    engine: EngineProcess,
    pings: u32,
}

impl Xboard {
    /// Starts `khun` with `args`, greets it with `xboard` (unless `--xboard` made the
    /// greeting needless) and reads the features; returns them too.
    fn start_with(args: &[&str], greet: bool) -> (Xboard, Vec<String>) {
        let mut engine = EngineProcess::start(args);
        if greet {
            engine.send("xboard");
        }
        engine.send("protover 2");
        let features = engine.read_until(|l| l == "feature done=1", PATIENCE);
        (Xboard { engine, pings: 0 }, features)
    }

    /// A fresh game of makruk, thinking output on, searches cut at `depth`.
    fn new_game(depth: u32) -> Xboard {
        let (mut xb, _) = Xboard::start_with(&[], true);
        for line in ["new", "variant makruk", "post", &format!("sd {depth}")] {
            xb.send(line);
        }
        assert_eq!(xb.sync(), Vec::<String>::new(), "no complaint expected");
        xb
    }

    fn send(&mut self, line: &str) {
        self.engine.send(line);
    }

    /// `ping`/`pong` round trip: everything printed before the `pong`.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        let mut lines = self.engine.read_until(|l| l == pong, PATIENCE);
        lines.pop();
        lines
    }

    /// Reads until the engine moves; returns the lines before and the move text.
    fn expect_move(&mut self) -> (Vec<String>, String) {
        let mut lines = self.engine.read_until(|l| l.starts_with("move "), PATIENCE);
        let last = lines.pop().unwrap();
        (lines, last["move ".len()..].to_string())
    }

    fn expect_line(&mut self, prefix: &str) -> String {
        self.engine.expect_prefix(prefix)
    }
}

/// Plays the engine's move on `pos` after checking that it is legal.
fn play_engine_move(pos: &mut Position, text: &str) -> Move {
    let m = pos
        .parse_uci_move(text)
        .unwrap_or_else(|e| panic!("engine played {text}: {e} in {}", pos.to_fen()));
    assert_eq!(m.to_string(), text, "moves are written with the met suffix");
    pos.play(m);
    m
}

/// The result claim a GUI must see for an outcome (`None`: no claim is due).
fn expected_claim(pos: &Position) -> Option<String> {
    match pos.outcome() {
        Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate | Outcome::CountExceeded)) => {
            Some(format!("{} {{{}}}", o.result(), o.reason()))
        }
        _ => None,
    }
}

fn is_claim(line: &str) -> bool {
    ["1-0 {", "0-1 {", "1/2-1/2 {"]
        .iter()
        .any(|p| line.starts_with(p))
}

/// A deterministic stand-in for a weak opponent: picks moves with a seeded generator.
struct Chooser(Rng);

impl Chooser {
    fn pick(&mut self, pos: &Position) -> Move {
        let moves = pos.legal_moves();
        self.0.pick(moves.as_slice())
    }
}

/// Longest game the full-game tests allow; the engine mates a random mover long
/// before this, and the counting rules end any game that drags on.
const MAX_GAME_PLIES: usize = 400;

#[test]
fn first_line_xboard_selects_xboard() {
    let (mut xb, features) = Xboard::start_with(&[], true);
    let all = features.join("\n");
    for needle in [
        "myname=\"Khun ",
        "variants=\"makruk,cambodian,karouk,makpong,asean,ai-wok,sittuyin\"",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "memory=1",
        "smp=1",
        "option=\"Hash -spin",
        "option=\"Threads -spin",
        "option=\"MultiPV -spin",
        "option=\"Move Overhead -spin",
    ] {
        assert!(all.contains(needle), "{needle} missing in {features:?}");
    }
    assert!(features.iter().all(|l| l.starts_with("feature ")));
    // What a match runner sends back, and options in XBoard's syntax.
    for line in [
        "accepted setboard",
        "accepted usermove",
        "rejected san",
        "option Hash=32",
        "option Move Overhead=50",
        "option Clear Hash",
        "memory 32",
        "cores 1",
    ] {
        xb.send(line);
    }
    assert_eq!(xb.sync(), Vec::<String>::new());
    xb.send("quit");
    assert_eq!(xb.engine.wait_exit(Duration::from_secs(10)), Some(true));
}

#[test]
fn first_line_uci_selects_uci() {
    let mut e = EngineProcess::start(&[]);
    // A blank line does not choose; the first command does, and is answered.
    e.send("");
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok", PATIENCE);
    assert!(lines.iter().any(|l| l.starts_with("id name Khun")));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));
}

#[test]
fn xboard_flag_forces_xboard() {
    let (mut xb, features) = Xboard::start_with(&["--xboard"], false);
    assert!(
        features
            .iter()
            .any(|l| l
                .contains("variants=\"makruk,cambodian,karouk,makpong,asean,ai-wok,sittuyin\""))
    );
    // Under --xboard a UCI command is just an unknown XBoard command.
    xb.send("uci");
    assert_eq!(xb.sync(), vec!["Error (unknown command): uci".to_string()]);
    xb.send("quit");
    assert_eq!(xb.engine.wait_exit(Duration::from_secs(10)), Some(true));
}

#[test]
fn errors_are_reported_and_the_game_is_kept() {
    let mut xb = Xboard::new_game(3);
    xb.send("force");
    xb.send("usermove e3e4");
    let cases = [
        ("usermove e4e6", "Illegal move: e4e6"),
        ("usermove z9z9", "Illegal move: z9z9"),
        ("usermove e3e4", "Illegal move: e3e4"),
        ("usermove", "Error (usermove: missing move): usermove"),
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("level 40 5", "Error (level needs three values"),
        (
            "sd deep",
            "Error (sd 'deep' is not a whole number): sd deep",
        ),
        (
            "option Nonsense=3",
            "Error (unknown option): option Nonsense=3",
        ),
        (
            "option Hash=lots",
            "Error (option Hash: 'lots' is not a whole number)",
        ),
        ("variant chess", "Error (unsupported variant"),
    ];
    for (line, reply) in cases {
        xb.send(line);
        let got = xb.sync();
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        assert!(got[0].starts_with(reply), "{line}: {got:?}");
    }
    // An impossible position is refused and told to the user; the game stays.
    xb.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    let got = xb.sync();
    assert!(
        got[0].starts_with("tellusererror Illegal position"),
        "{got:?}"
    );
    assert!(got[1].starts_with("Error (illegal position"), "{got:?}");
    // The engine's position is not the GUI's now: it neither takes moves nor thinks
    // on it (pyffish's validate_fen accepts this one: Black to move, White in check).
    xb.send("setboard 8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1");
    assert!(xb.sync()[0].starts_with("tellusererror Illegal position"));
    xb.send("usermove d6d5");
    let got = xb.sync();
    assert!(
        got[0].starts_with("Illegal move (the last setboard was refused"),
        "{got:?}"
    );
    xb.send("go");
    let got = xb.sync();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("Error (no position to search"),
        "{got:?}"
    );
    // A good setboard ends it: after e3e4, d6d5 and e4xd5 the engine plays again.
    xb.send("force");
    xb.send("setboard rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1");
    xb.send("usermove d6d5");
    xb.send("usermove e4d5");
    assert!(xb.sync().is_empty());
    xb.send("go");
    let (_, text) = xb.expect_move();
    let mut pos = Position::startpos();
    for m in ["e3e4", "d6d5", "e4d5"] {
        play_engine_move(&mut pos, m);
    }
    play_engine_move(&mut pos, &text);
}

/// A whole game as match runners play one: the engine stays in force mode and is
/// sent the opponent's move, its clock and `go` before each of its moves.
#[test]
fn full_game_in_force_mode() {
    let mut xb = Xboard::new_game(3);
    xb.send("level 0 1 0.1");
    let mut pos = Position::startpos();
    let mut opponent = Chooser(Rng::new(7));
    let mut claim = None;
    let mut pending: Vec<String> = Vec::new();
    while pos.game_ply() < MAX_GAME_PLIES as u32 {
        xb.send("force");
        for m in pending.drain(..) {
            xb.send(&format!("usermove {m}"));
        }
        xb.send("time 6000");
        xb.send("otim 6000");
        xb.send("go");
        if let Some(expected) = expected_claim(&pos) {
            // The opponent's move ended the game: asked to move, the engine says so.
            assert_eq!(xb.expect_line(&expected[..3]), expected);
            claim = Some(expected);
            break;
        }
        let (_, text) = xb.expect_move();
        play_engine_move(&mut pos, &text);
        let after = xb.sync();
        let claims: Vec<&String> = after.iter().filter(|l| is_claim(l)).collect();
        match expected_claim(&pos) {
            Some(expected) => {
                assert_eq!(claims, vec![&expected], "after {text}");
                claim = Some(expected);
                break;
            }
            None => assert!(
                claims.is_empty(),
                "false claim {claims:?} in {}",
                pos.to_fen()
            ),
        }
        let reply = opponent.pick(&pos);
        pos.play(reply);
        pending.push(reply.to_string());
    }
    let claim = claim.unwrap_or_else(|| panic!("no end after {MAX_GAME_PLIES} plies"));
    eprintln!("force-mode game: {claim} after {} plies", pos.game_ply());
    xb.send(&format!("result {claim}"));
    assert!(xb.sync().is_empty());
}

/// A whole game as XBoard plays one: the engine has Black after `new` and answers
/// each `usermove` by itself, pondering (`hard`) on its predicted reply. The
/// opponent sometimes plays the engine's own `hint`, so ponder hits happen too.
#[test]
fn full_game_in_play_mode_with_pondering() {
    let mut xb = Xboard::new_game(3);
    xb.send("hard");
    let mut pos = Position::startpos();
    let mut opponent = Chooser(Rng::new(11));
    let mut claim = None;
    let mut hits = 0;
    while pos.game_ply() < MAX_GAME_PLIES as u32 {
        let mut reply = opponent.pick(&pos);
        if pos.game_ply() % 4 == 2 {
            xb.send("hint");
            let hint = xb.sync().into_iter().find_map(|l| {
                l.strip_prefix("Hint: ")
                    .map(|m| pos.parse_uci_move(m).expect("hint is legal"))
            });
            if let Some(h) = hint {
                reply = h;
                hits += 1;
            }
        }
        pos.play(reply);
        xb.send(&format!("usermove {reply}"));
        if let Some(expected) = expected_claim(&pos) {
            assert_eq!(xb.expect_line(&expected[..3]), expected);
            claim = Some(expected);
            break;
        }
        let (_, text) = xb.expect_move();
        play_engine_move(&mut pos, &text);
        let after = xb.sync();
        let claims: Vec<&String> = after.iter().filter(|l| is_claim(l)).collect();
        match expected_claim(&pos) {
            Some(expected) => {
                assert_eq!(claims, vec![&expected], "after {text}");
                claim = Some(expected);
                break;
            }
            None => assert!(
                claims.is_empty(),
                "false claim {claims:?} in {}",
                pos.to_fen()
            ),
        }
    }
    assert!(
        claim.is_some(),
        "no end after {MAX_GAME_PLIES} plies: {}",
        pos.to_fen()
    );
    eprintln!(
        "play-mode game: {claim:?} after {} plies, {hits} hints played",
        pos.game_ply()
    );
    assert!(hits > 0, "the opponent never played the engine's hint");
    xb.send("result 1-0 {test over}");
    xb.send("easy");
    assert!(xb.sync().is_empty());
}

#[test]
fn time_controls() {
    let (mut xb, _) = Xboard::start_with(&[], true);
    xb.send("new");
    xb.send("variant makruk");
    xb.send("force");
    let mut pos = Position::startpos();
    // 40 moves in 5 minutes, with 5 s left; 2 minutes + 12 s, with 1 s left; 1 s a
    // move.
    for (control, clock) in [
        ("level 40 5 0", "time 500"),
        ("level 0 2 12", "time 100"),
        ("level 0 0:30 0.05", "time 200"),
        ("st 1", "time 100"),
    ] {
        xb.send(control);
        xb.send(clock);
        xb.send("otim 500");
        xb.send("go");
        let (_, text) = xb.expect_move();
        play_engine_move(&mut pos, &text);
        xb.send("force");
    }
    assert!(xb.sync().is_empty());
}

#[test]
fn setboard_reads_every_fen_form_and_the_count() {
    let mut xb = Xboard::new_game(3);
    let fens = [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1",
        "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61",
        "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
    ];
    for fen in fens {
        xb.send("force");
        xb.send(&format!("setboard {fen}"));
        xb.send("go");
        let (_, text) = xb.expect_move();
        let mut pos = Position::from_fen(fen).unwrap();
        play_engine_move(&mut pos, &text);
        assert!(!xb.sync().iter().any(|l| is_claim(l)), "{fen}");
    }
    // The rook's count is at its limit: White's move runs it out (no mate in one).
    let fen = "8/8/8/4k3/8/8/7R/3K4 w - 32 32 1";
    xb.send("force");
    xb.send(&format!("setboard {fen}"));
    xb.send("go");
    let (_, text) = xb.expect_move();
    let mut pos = Position::from_fen(fen).unwrap();
    play_engine_move(&mut pos, &text);
    assert_eq!(pos.outcome(), Some(Outcome::CountExceeded));
    assert_eq!(
        xb.expect_line("1/2-1/2"),
        "1/2-1/2 {Counting rule}",
        "the count ran out on the engine's move"
    );
    // Asked to move when stalemated, the engine claims the draw and plays nothing.
    xb.send("force");
    xb.send("setboard 8/8/8/8/8/1k6/2m5/K7 w - - 0 1");
    xb.send("go");
    let lines = xb.sync();
    assert_eq!(lines, vec!["1/2-1/2 {Stalemate}".to_string()]);
}

#[test]
fn engine_mates_and_claims_for_either_colour() {
    for (fen, mate, claim) in [
        (
            "4k3/8/4K3/8/8/8/8/R7 w - - 0 1",
            "a1a8",
            "1-0 {White mates}",
        ),
        (
            "r7/8/8/8/8/4k3/8/4K3 b - - 0 1",
            "a8a1",
            "0-1 {Black mates}",
        ),
    ] {
        let mut xb = Xboard::new_game(4);
        xb.send("force");
        xb.send(&format!("setboard {fen}"));
        xb.send("go");
        let (thinking, text) = xb.expect_move();
        assert_eq!(text, mate);
        let last = thinking.last().expect("thinking output");
        let fields: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(fields[1], "100001", "mate in 1 as XBoard writes it: {last}");
        assert!(fields[2].parse::<u64>().is_ok() && fields[3].parse::<u64>().is_ok());
        assert!(fields[4].ends_with('#'), "PV in SAN: {last}");
        assert_eq!(xb.sync(), vec![claim.to_string()]);
    }
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut xb = Xboard::new_game(2);
    xb.send("force");
    xb.send("undo");
    assert_eq!(
        xb.sync(),
        vec!["Error (not enough moves to take back): undo".to_string()]
    );
    xb.send("usermove e3e4");
    xb.send("usermove d6d5");
    xb.send("undo");
    // Black is to move again, so d6d5 is legal once more.
    xb.send("usermove d6d5");
    assert!(xb.sync().is_empty());
    xb.send("remove");
    // Back at the start: White's e3e4 is legal, Black's reply too.
    xb.send("usermove e3e4");
    xb.send("usermove d6d5");
    xb.send("remove");
    xb.send("remove");
    assert_eq!(
        xb.sync(),
        vec!["Error (not enough moves to take back): remove".to_string()]
    );
    // The game is at its start again: after e3e4 the engine, playing Black, moves.
    xb.send("usermove e3e4");
    xb.send("go");
    let (_, text) = xb.expect_move();
    let mut pos = Position::startpos();
    play_engine_move(&mut pos, "e3e4");
    play_engine_move(&mut pos, &text);
}

/// The score of the last thinking line before the engine's move, from `fen` after
/// `new` (a fresh table), searched to depth 8.
fn final_thinking_score(xb: &mut Xboard, fen: &str) -> i64 {
    for line in ["new", "variant makruk", "post", "sd 8", "force"] {
        xb.send(line);
    }
    xb.send(&format!("setboard {fen}"));
    xb.send("go");
    let (lines, _) = xb.expect_move();
    let last = lines
        .iter()
        .rev()
        .find(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .expect("a thinking line");
    last.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// `option Calibrated Score=1` shows thinking scores on the calibrated scale (an
/// ending with pawns: about 400/2 090 of the network's centipawns).
#[test]
fn calibrated_score_rescales_thinking_lines() {
    let fen = "8/3k4/2s5/1p1p4/1P1P4/2R5/3K4/8 w - - 0 40";
    let mut xb = Xboard::new_game(8);
    let raw = final_thinking_score(&mut xb, fen);
    assert!(raw > 100, "White is a rook for a khon up: {raw}");
    xb.send("option Calibrated Score=1");
    assert_eq!(xb.sync(), Vec::<String>::new(), "no complaint expected");
    let shown = final_thinking_score(&mut xb, fen);
    let expected = raw as f64 * 400.0 / 2090.6;
    assert!(
        (shown as f64 - expected).abs() <= 1.0,
        "raw {raw}, calibrated {shown}, expected {expected:.1}"
    );
}

#[test]
fn analyze_mode_searches_without_moving() {
    let mut xb = Xboard::new_game(3);
    xb.send("nopost");
    xb.send("force");
    xb.send("setboard 4k3/8/4K3/8/8/8/8/R7 w - - 0 1");
    xb.send("analyze");
    // Analysis shows its thinking even under `nopost`.
    xb.engine
        .read_until(|l| l.split_whitespace().nth(1) == Some("100001"), PATIENCE);
    xb.send(".");
    let stat = xb.expect_line("stat01:");
    let fields: Vec<&str> = stat.split_whitespace().collect();
    assert!(fields.len() >= 6, "{stat}");
    assert!(
        fields[1..6].iter().all(|f| f.parse::<u64>().is_ok()),
        "{stat}"
    );
    // A move during analysis: the analysis restarts from the new position (Black to
    // move after Rb1, its king free to escape).
    xb.send("usermove a1b1");
    let lines = xb.sync();
    xb.send("exit");
    let mut more = xb.sync();
    more.extend(xb.engine.drain(Duration::from_millis(200)));
    let all: Vec<&String> = lines.iter().chain(more.iter()).collect();
    assert!(
        !all.iter().any(|l| l.starts_with("move ")),
        "analysis must not move: {all:?}"
    );
    let after_exit = xb.sync();
    assert!(after_exit.is_empty(), "nothing after exit: {after_exit:?}");
    // After `exit` the game goes on from where the analysis was.
    xb.send("go");
    let (_, text) = xb.expect_move();
    let mut pos = Position::from_fen("4k3/8/4K3/8/8/8/8/R7 w - - 0 1").unwrap();
    play_engine_move(&mut pos, "a1b1");
    play_engine_move(&mut pos, &text);
}

#[test]
fn move_now_and_ping_during_a_search() {
    let mut xb = Xboard::new_game(60);
    xb.send("force");
    xb.send("st 30");
    xb.send("go");
    // `ping` is answered while the engine thinks; `?` makes it move at once.
    xb.send("ping 99");
    xb.expect_line("pong 99");
    xb.send("?");
    let (_, text) = xb.expect_move();
    play_engine_move(&mut Position::startpos(), &text);
}

/// Players' counting over XBoard: `option CountStarted=N` before or after `setboard`,
/// and the engine's own start of the count shown to the user (`telluser count start`)
/// before its move; a value that does not fit its game is told when they meet.
fn players_counting_over_xboard(count_first: bool) {
    let mut xb = Xboard::new_game(4);
    let worse = "4k3/8/8/3m4/8/8/3N4/R3K3 b - 128 3 31";
    let counted = |xb: &mut Xboard, fen: &str, count: &str| {
        let board = format!("setboard {fen}");
        let option = format!("option CountStarted={count}");
        let order = if count_first {
            [option, board]
        } else {
            [board, option]
        };
        for line in order {
            xb.send(&line);
        }
    };
    counted(&mut xb, worse, "-1");
    assert_eq!(xb.sync(), Vec::<String>::new(), "no complaint expected");
    xb.send("go");
    let (lines, mv) = xb.expect_move();
    assert!(
        lines.iter().any(|l| l == "telluser count start"),
        "{lines:?}"
    );
    let pos = Position::from_fen(worse).unwrap();
    assert!(pos.parse_uci_move(&mv).is_ok(), "{mv}");
    xb.send("force");
    counted(&mut xb, worse, "200");
    let told = |lines: &[String]| {
        lines.iter().any(|l| {
            l.starts_with("telluser CountStarted 200: beyond the next ply")
                && l.contains("playing with the count running since game ply 62")
        })
    };
    if count_first {
        assert!(told(&xb.sync()), "told at setboard");
    } else {
        assert_eq!(xb.sync(), Vec::<String>::new(), "it may yet meet its game");
        xb.send("go");
        let (lines, _) = xb.expect_move();
        assert!(told(&lines), "told at go: {lines:?}");
    }
}

#[test]
fn players_counting_over_xboard_option_after_setboard() {
    players_counting_over_xboard(false);
}

#[test]
fn players_counting_over_xboard_option_before_setboard() {
    players_counting_over_xboard(true);
}

/// A count sent before the moves that reach its ply is applied once they do: White
/// started counting at game ply 60, told at ply 58; at ply 60 the engine, White and
/// far ahead, stops its own count (it would only bind its mate).
#[test]
fn an_xboard_count_waits_for_the_moves_it_is_meant_for() {
    let mut xb = Xboard::new_game(4);
    xb.send("force");
    xb.send("setboard 4k3/8/8/3m4/8/8/3N4/R3K3 w - - 0 30");
    xb.send("option CountStarted=61");
    xb.send("usermove a1a2");
    xb.send("usermove e8d8");
    assert_eq!(xb.sync(), Vec::<String>::new(), "no complaint expected");
    xb.send("go");
    let (lines, _) = xb.expect_move();
    assert!(
        lines.iter().any(|l| l == "telluser count stop"),
        "{lines:?}"
    );
}

/// XBoard's `usermove` of a move only another program's reading allows (cutechess's
/// and Fairy-Max's Cambodian met leap that captures): told once with `telluser`, the
/// game goes on from it and the engine answers a legal move; other illegal moves are
/// refused as before.
#[test]
fn an_xboard_move_under_another_reading_is_played_on_from() {
    let before = "r1sm1s1r/2n3k1/pp1Mp1pp/2p1np2/2P5/PP2M1PP/2SN1S2/R2K2NR b Dd - 0 12";
    let mut xb = Xboard::new_game(4);
    xb.send("variant cambodian");
    xb.send("force");
    xb.send(&format!("setboard {before}"));
    xb.send("usermove d8d5");
    let lines = xb.sync();
    assert_eq!(lines, vec!["Illegal move: d8d5".to_string()]);
    xb.send("usermove d8d6");
    let lines = xb.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("telluser d8d6 is not legal"),
        "{lines:?}"
    );
    xb.send("go");
    let (_, mv) = xb.expect_move();
    let mut after = Position::from_fen_in(khun::board::Variant::Cambodian, before).unwrap();
    after.play(after.other_reading("d8d6").unwrap().mv);
    assert!(after.parse_uci_move(&mv).is_ok(), "{mv}");
}
