//! What one search is asked to do ([`SearchJob`]), built in one place: a constructor
//! per kind of search (a bench position, a self-play move, a search of the engine's
//! game), each starting from the same plain job, so a new field is one edit here.

use super::clock_lag::LagEstimate;
use super::limits::Limits;
use super::skill::Skill;
use crate::board::{CountAction, Position};
use crate::nnue::network::Network;
use crate::platform::clock::Instant;
use crate::tablebase::Tables;
use std::sync::Arc;

/// Everything one search needs.
#[derive(Clone)]
pub(crate) struct SearchJob {
    pub(crate) position: Position,
    /// Placement keys of the game's positions up to and including `position`, for
    /// repetitions.
    pub(crate) game_keys: Vec<u64>,
    pub(crate) limits: Limits,
    pub(crate) multipv: usize,
    pub(crate) move_overhead_ms: u64,
    /// The clock's lag per move measured on the last moves (`clock_lag::ClockLag`).
    pub(crate) clock_lag: LagEstimate,
    /// The `Contempt` option: what a draw costs the side to move at the root, in
    /// centipawns, in searches of a game (with a clock or a move time); analyses score
    /// draws 0.
    pub(crate) contempt_cp: i32,
    /// When the `go` arrived: the clock runs from here.
    pub(crate) started: Instant,
    /// The network to evaluate with; `None` for the hand-written evaluation.
    pub(crate) network: Option<Arc<Network>>,
    /// The strength handicap (`Skill Level`, `UCI_Elo`); `Skill::FULL` searches as
    /// without it.
    pub(crate) skill: Skill,
    /// The engine's endgame tables: every probe of this search reads them.
    pub(crate) tables: Tables,
    /// Players' counting: the count the engine started before this search
    /// (`count_choice::before_search`), reported with the answer.
    pub(crate) count_action: Option<CountAction>,
}

/// What a search of the engine's game takes from its options and its clock, beyond a
/// plain job.
#[derive(Clone, Debug)]
pub(crate) struct GameSettings {
    /// When the `go` arrived.
    pub(crate) started: Instant,
    pub(crate) multipv: usize,
    pub(crate) move_overhead_ms: u64,
    pub(crate) clock_lag: LagEstimate,
    /// 0 in an analysis.
    pub(crate) contempt_cp: i32,
    /// `Skill::FULL` in an analysis.
    pub(crate) skill: Skill,
    pub(crate) count_action: Option<CountAction>,
}

impl SearchJob {
    /// A search of `position` at full strength, one line, no contempt, no clock
    /// allowance and no count started: the job every kind below starts from.
    fn plain(
        position: Position,
        game_keys: Vec<u64>,
        limits: Limits,
        network: Option<Arc<Network>>,
        tables: &Tables,
    ) -> SearchJob {
        SearchJob {
            position,
            game_keys,
            limits,
            multipv: 1,
            move_overhead_ms: 0,
            clock_lag: LagEstimate::default(),
            contempt_cp: 0,
            started: Instant::now(),
            network,
            skill: Skill::FULL,
            tables: tables.clone(),
            count_action: None,
        }
    }

    /// `bench`'s search of one position, on its own (no game before it), to `depth`.
    pub(crate) fn bench(
        position: Position,
        depth: u32,
        network: Option<Arc<Network>>,
        tables: &Tables,
    ) -> SearchJob {
        let game_keys = vec![position.placement_key()];
        SearchJob::plain(position, game_keys, Limits::depth(depth), network, tables)
    }

    /// A self-play move (datagen, records): `nodes` nodes from `position`, the game's
    /// placement keys so far in `game_keys`.
    pub(crate) fn self_play(
        position: &Position,
        game_keys: &[u64],
        nodes: u64,
        network: Option<Arc<Network>>,
        tables: &Tables,
    ) -> SearchJob {
        let limits = Limits::nodes(nodes);
        SearchJob::plain(
            position.clone(),
            game_keys.to_vec(),
            limits,
            network,
            tables,
        )
    }

    /// A search of the engine's game (a move to play, or an analysis): `limits` from
    /// the `go`, the rest from the engine's options and clock.
    pub(crate) fn of_game(
        position: Position,
        game_keys: Vec<u64>,
        limits: Limits,
        network: Option<Arc<Network>>,
        tables: &Tables,
        settings: GameSettings,
    ) -> SearchJob {
        SearchJob {
            started: settings.started,
            multipv: settings.multipv,
            move_overhead_ms: settings.move_overhead_ms,
            clock_lag: settings.clock_lag,
            contempt_cp: settings.contempt_cp,
            skill: settings.skill,
            count_action: settings.count_action,
            ..SearchJob::plain(position, game_keys, limits, network, tables)
        }
    }
}
