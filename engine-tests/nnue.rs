//! The learned evaluation's pipeline: training data (self-play records and their
//! results under the counting rules), the trainer, and the network in the engine.

mod common;

use khun::board::{Color, Outcome, Position};
use khun::nnue::data::{self, GameResult, RECORD_BYTES};
use khun::nnue::datagen::{self, DatagenConfig, GameEnd};
use khun::tablebase::{self, Verdict};
use std::path::PathBuf;

/// A scratch directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("khun-nnue-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn small_config(output: PathBuf, seed: u64) -> DatagenConfig {
    DatagenConfig {
        output,
        games: Some(6),
        nodes: 600,
        threads: 2,
        seed,
        max_plies: 300,
        ..DatagenConfig::default()
    }
}

/// What the rules say of a game's last position: the result and how it ended,
/// decided here from the position and the game's placements, not by datagen.
fn judge(last: &Position, placements: &[u64], plies: u32, max_plies: u32) -> (GameResult, GameEnd) {
    let win_for = |c: Color| match c {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    };
    if let Some(outcome) = last.outcome() {
        return match outcome {
            Outcome::Checkmate { winner } => (win_for(winner), GameEnd::Checkmate),
            Outcome::Stalemate => (GameResult::Draw, GameEnd::Stalemate),
            Outcome::CountExceeded => (GameResult::Draw, GameEnd::CountExceeded),
            Outcome::InsufficientMaterial => (GameResult::Draw, GameEnd::InsufficientMaterial),
        };
    }
    tablebase::prepare(last, true);
    if let Some(v) = tablebase::probe_with_count(last) {
        let result = match v {
            Verdict::Win(_) => win_for(last.side_to_move()),
            Verdict::Loss(_) => win_for(!last.side_to_move()),
            Verdict::Draw => GameResult::Draw,
        };
        return (result, GameEnd::Table);
    }
    let key = last.placement_key();
    if placements.iter().filter(|&&k| k == key).count() >= 3 {
        return (GameResult::Draw, GameEnd::Repetition);
    }
    assert!(plies >= max_plies, "the game stopped without a reason");
    (GameResult::Draw, GameEnd::MaxPlies)
}

#[test]
fn every_record_carries_its_games_result_under_the_counting_rules() {
    let cfg = small_config(PathBuf::new(), 5);
    let mut ends = [0; GameEnd::COUNT];
    for index in 0..6 {
        let game = datagen::play_one(&cfg, index);
        let mut pos = game.start.clone();
        let mut placements = vec![pos.placement_key()];
        let mut seen_fens = vec![pos.to_fen()];
        for &m in &game.moves {
            assert!(
                pos.is_legal(m),
                "game {index}: {m} illegal in {}",
                pos.to_fen()
            );
            pos.play(m);
            placements.push(pos.placement_key());
            seen_fens.push(pos.to_fen());
        }
        let (result, end) = judge(&pos, &placements, game.moves.len() as u32, cfg.max_plies);
        assert_eq!(game.result, result, "game {index}");
        assert_eq!(game.end, end, "game {index}");
        ends[end as usize] += 1;
        assert_eq!(game.records.len() % RECORD_BYTES, 0);
        for chunk in game.records.chunks_exact(RECORD_BYTES) {
            let r = data::decode(chunk.try_into().unwrap()).expect("a record datagen wrote");
            assert_eq!(r.result, result);
            // The record's placement and side occur in the game.
            let placement: String = {
                let mut board = ['.'; 64];
                for (piece, sq) in &r.pieces {
                    board[sq.index()] = piece.fen_char();
                }
                common::placement_field(&board.map(|c| if c == '.' { ' ' } else { c }))
            };
            let side = r.side_to_move.fen_char();
            assert!(
                seen_fens
                    .iter()
                    .any(|f| f.starts_with(&format!("{placement} {side}"))),
                "game {index}: record {placement} {side} is not a position of the game"
            );
            assert!(r.score.unsigned_abs() < 20_000, "mate scores are not kept");
        }
    }
    assert!(ends.iter().sum::<u64>() == 6);
}

#[test]
fn a_run_is_repeatable_from_its_seed_with_any_thread_count() {
    let dir = Scratch::new("repeat");
    let mut one = small_config(dir.path("one.bin"), 9);
    one.threads = 1;
    let two = small_config(dir.path("two.bin"), 9);
    let a = datagen::run(&one).unwrap();
    let b = datagen::run(&two).unwrap();
    assert_eq!(a.positions, b.positions);
    assert!(a.positions > 0);
    let bytes_one = std::fs::read(dir.path("one.bin")).unwrap();
    assert_eq!(bytes_one, std::fs::read(dir.path("two.bin")).unwrap());
    assert_eq!(bytes_one.len() as u64, a.positions * RECORD_BYTES as u64);
    let other = small_config(dir.path("other.bin"), 10);
    datagen::run(&other).unwrap();
    assert_ne!(bytes_one, std::fs::read(dir.path("other.bin")).unwrap());
}

#[test]
fn a_killed_run_leaves_complete_records_and_the_next_run_appends_aligned() {
    let dir = Scratch::new("killed");
    let path = dir.path("data.bin");
    let mut cfg = small_config(path.clone(), 3);
    cfg.games = Some(2);
    let first = datagen::run(&cfg).unwrap();
    // A run killed in the middle of a write: half a record at the end.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&[0xAB; RECORD_BYTES / 2]);
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        data::read_file(&path).unwrap().len() as u64,
        first.positions
    );
    let second = datagen::run(&cfg).unwrap();
    let records = data::read_file(&path).unwrap();
    assert_eq!(
        std::fs::metadata(&path).unwrap().len() % RECORD_BYTES as u64,
        0
    );
    assert_eq!(records.len() as u64, first.positions + second.positions);
    assert!(records.iter().all(|r| data::decode(r).is_some()));
}
