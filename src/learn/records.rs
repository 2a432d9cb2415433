//! Training records from games played elsewhere: matches against other engines,
//! games of people, any PGN the rules replay.
//!
//! Self-play alone teaches the network what Khun already believes: where both sides
//! stand still, the games are drawn and so are their records. Games against another
//! engine reach positions self-play does not, with results Khun did not decide
//! alone. Each position of such a game, from `skip_plies` on, is searched at a fixed
//! node count (the record's score) and kept under the same rule as self-play's
//! ([`super::datagen::fit_to_learn`]); the record's result is the game's.
//!
//! Only a result the rules gave labels a game: a mate, a count run out, a
//! repetition, a table's verdict, a resignation or agreement in a finished game. A
//! game a match runner stopped at its length limit (`Termination "adjudication"`), on
//! time or unfinished has no such result: it is skipped, or with `play_out` Khun
//! plays its last position on against itself, with every table of up to four men,
//! until the rules end it, and that ending labels the game's positions and those of
//! the play-out, which are written too. So a standstill the match cut off is labelled
//! by what the position holds when it is played to the count, not by the runner.

use super::data::GameResult;
use super::datagen::{GameEnd, SelfPlayer, result_of};
use crate::board::{Position, Variant};
use crate::long_jobs::interrupt::Interrupt;
use crate::nnue::network::Network;
use crate::pgn::Game;
use crate::tablebase::Tables;
use std::sync::Arc;

/// What [`records_of_game`] does.
#[derive(Clone)]
pub struct RecordsConfig {
    /// Nodes searched per position for its score (and per move of a play-out).
    pub nodes: u64,
    pub hash_mb: usize,
    /// Positions before this game ply are not written.
    pub skip_plies: u32,
    /// Play on a game without a rules result instead of skipping it.
    pub play_out: bool,
    /// A play-out still going after this many plies of its own is a draw.
    pub max_play_out_plies: u32,
    /// The network the search evaluates with, `None` for the hand-written evaluation.
    pub network: Option<Arc<Network>>,
}

/// How Khun played on a game that had no rules result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOut {
    pub plies: usize,
    /// What ended it, and so labels the game.
    pub end: GameEnd,
}

/// One game's records.
pub struct GameRecords {
    /// The packed records, the written game's positions first, then the play-out's.
    pub records: Vec<u8>,
    pub result: GameResult,
    /// `None` when the game ended by the rules as written (or by a resignation or
    /// agreement); the play-out that labelled it otherwise.
    pub play_out: Option<PlayOut>,
}

/// Why a game gave no records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// No rules result, and no play-out asked for; the game's termination.
    NoRulesResult(String),
    /// The PGN stopped before its written end (an illegal or unreadable move).
    Unreadable(String),
    /// A game of one of makruk's relatives (its `Variant` tag): the network plays
    /// makruk only.
    OtherVariant(String),
    /// Interrupted before the game was done.
    Interrupted,
}

/// The game's result if the rules (or a player's resignation or agreement in a game
/// that ended normally) gave it, else `None`.
fn rules_result(game: &Game, last: &Position) -> Option<GameResult> {
    if let Some(outcome) = last.outcome() {
        return Some(result_of(outcome));
    }
    // why only "normal": match runners write "adjudication" for their length limit,
    // "time forfeit", "abandoned", "rules infraction" or "unterminated"; none is a
    // verdict on the position.
    let ended_normally = game
        .tag("Termination")
        .is_none_or(|t| t.eq_ignore_ascii_case("normal"));
    if !ended_normally {
        return None;
    }
    match game.result.as_str() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The records of one game (see the module's doc), searched by `player` (whose
/// tables are every table of up to four men, as self-play's are).
pub(crate) fn records_of_game(
    game: &Game,
    cfg: &RecordsConfig,
    player: &mut SelfPlayer,
    interrupt: &Interrupt,
) -> Result<GameRecords, Skipped> {
    if let Some(error) = &game.error {
        return Err(Skipped::Unreadable(error.to_string()));
    }
    if game.start.variant() != Variant::Makruk {
        return Err(Skipped::OtherVariant(
            game.start.variant().name().to_string(),
        ));
    }
    let positions = game.positions();
    let last = positions.last().expect("a game has its start position");
    let keys: Vec<u64> = positions.iter().map(Position::placement_key).collect();
    player.new_game();
    let (result, played) = match rules_result(game, last) {
        Some(result) => (result, None),
        None if cfg.play_out => {
            let played = player
                .play_out(
                    last,
                    keys.clone(),
                    cfg.max_play_out_plies,
                    cfg.skip_plies,
                    interrupt,
                )
                .ok_or(Skipped::Interrupted)?;
            (played.result, Some(played))
        }
        None => {
            let termination = game.tag("Termination").unwrap_or(game.result.as_str());
            return Err(Skipped::NoRulesResult(termination.to_string()));
        }
    };
    player.new_game();
    let mut records = Vec::new();
    for (i, pos) in positions[..positions.len() - 1].iter().enumerate() {
        if interrupt.requested() {
            return Err(Skipped::Interrupted);
        }
        if pos.game_ply() < cfg.skip_plies {
            continue;
        }
        let Some((best, score)) = player.search(pos, &keys[..=i]) else {
            continue;
        };
        if super::datagen::fit_to_learn(pos, best, score) {
            records.extend_from_slice(&super::data::encode(pos, score, result));
        }
    }
    let play_out = played.map(|played| {
        records.extend_from_slice(&played.records());
        PlayOut {
            plies: played.moves.len(),
            end: played.end,
        }
    });
    Ok(GameRecords {
        records,
        result,
        play_out,
    })
}

/// A player for [`records_of_game`]: `cfg`'s search with every table of up to four
/// men built (self-play's tables, see [`super::datagen::every_table_built`]).
pub(crate) fn player_for(cfg: &RecordsConfig, tables: &Tables) -> SelfPlayer {
    SelfPlayer::searching(cfg.nodes, cfg.hash_mb, cfg.network.clone(), tables)
}
