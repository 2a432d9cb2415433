//! Every option in one table: its default, range or choices, the field that keeps its
//! value, what the engine does once it changes and what it does for the player.

use super::{EngineOption, EngineOptions, Kind, OutOfRange, Range, Then};
use crate::board::Variant;
use crate::platform::io::clip_to;
use crate::search::skill;

/// `Hash`, in MB (the command line's `--hash` takes the same). Natively 32 GB at most;
/// a wasm32 memory holds at most 4 GB, and browsers give 2-4.
pub(crate) const HASH_MB: Range = Range {
    default: 16,
    min: 1,
    max: if cfg!(target_family = "wasm") {
        1_024
    } else {
        32_768
    },
};

/// `Threads` (the command line's `--threads` takes the same).
pub(crate) const THREADS: Range = Range {
    default: 1,
    min: 1,
    max: 256,
};

/// `MultiPV` (the command line's `analyze --multipv` takes the same).
pub(crate) const MULTIPV: Range = Range {
    default: 1,
    min: 1,
    max: 500,
};

/// Every option, in the order the protocols declare them.
// why the casts in the stores: each value is already within its range (`prepare`
// clamps or refuses first), and every range fits the field's type.
pub(crate) const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: Kind::Spin {
            range: HASH_MB,
            out_of_range: OutOfRange::Clamp,
            store: |o, mb| o.hash_mb = mb as usize,
        },
        then: Then::ResizeTable,
        xboard: true,
        what: "Transposition table in MB; a size the machine cannot give is refused and the \
            old table kept.",
    },
    EngineOption {
        name: "Threads",
        kind: Kind::Spin {
            range: THREADS,
            out_of_range: OutOfRange::Clamp,
            store: |o, n| o.threads = n as usize,
        },
        then: Then::FitThreads,
        xboard: true,
        what: "Search threads (Lazy SMP, one shared table).",
    },
    EngineOption {
        name: "MultiPV",
        kind: Kind::Spin {
            range: MULTIPV,
            out_of_range: OutOfRange::Clamp,
            store: |o, n| o.multipv = n as usize,
        },
        then: Then::Nothing,
        xboard: true,
        what: "Lines searched and reported.",
    },
    EngineOption {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            store: |o, on| o.ponder = on,
        },
        then: Then::Nothing,
        xboard: false,
        what: "UCI pondering (XBoard: `hard`/`easy`).",
    },
    EngineOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            range: Range {
                default: 30,
                min: 0,
                max: 5_000,
            },
            out_of_range: OutOfRange::Clamp,
            store: |o, ms| o.move_overhead_ms = ms as u64,
        },
        then: Then::Nothing,
        xboard: true,
        what: "Milliseconds kept back per move for the GUI's and the pipes' latency; raise it \
            when the GUI or the network is slow.",
    },
    EngineOption {
        name: "Contempt",
        kind: Kind::Spin {
            range: Range {
                default: 0,
                min: 0,
                max: 100,
            },
            out_of_range: OutOfRange::Clamp,
            store: |o, cp| o.contempt_cp = cp as i32,
        },
        then: Then::Nothing,
        xboard: true,
        what: "In a game (a clock or a move time), every draw the engine can reach scores \
            `-Contempt` centipawns for it, so it plays on from level positions; analyses score \
            draws 0. Measured to change nothing against engines it outplays: 25 against \
            Fairy-Max, 30 against Fairy-Stockfish (200 games each).",
    },
    EngineOption {
        name: "Clear Hash",
        kind: Kind::Button,
        then: Then::ClearTable,
        xboard: true,
        what: "Empties the transposition table.",
    },
    EngineOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: crate::nnue::EMBEDDED_NAME,
            store: |o, name| {
                o.eval_file = match name.trim() {
                    "" => crate::nnue::EMBEDDED_NAME.to_string(),
                    name => name.to_string(),
                };
                Ok(())
            },
        },
        then: Then::LoadNetwork,
        xboard: true,
        what: "A network file; one missing, damaged or of another shape is refused with the \
            reason and the network in use kept.",
    },
    EngineOption {
        name: "FiveManTables",
        kind: Kind::Text {
            default: "<empty>",
            store: |o, dir| {
                o.five_man_tables = match dir.trim() {
                    "" | "<empty>" => String::new(),
                    dir => dir.to_string(),
                };
                Ok(())
            },
        },
        then: Then::OpenFiveManTables,
        xboard: true,
        what: "A directory for the five-man tables: a game that comes near one loads it \
            from there (built there first). A king and three pieces against a bare king: \
            about 20 s and 1 GB of memory to build, 85 to 537 MB on disk a table, 5.7 GB for \
            all twenty. Two pieces against one with a rook among them: 1-2 minutes \
            and 3 GB to build, 1.07 GB on disk and in memory a table, 23.6 GB for all \
            twenty-two. \
            Empty: not used.",
    },
    EngineOption {
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            store: |o, on| o.use_nnue = on,
        },
        then: Then::Nothing,
        xboard: true,
        what: "false: the hand-written evaluation instead of the network.",
    },
    EngineOption {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: "makruk",
            choices: || Variant::ALL.map(Variant::name).to_vec(),
            store: store_variant,
        },
        then: Then::NewGame,
        xboard: false,
        what: "A new game of that variant (XBoard: `variant NAME`); an unknown name is \
            refused, the game kept.",
    },
    EngineOption {
        name: "Skill Level",
        kind: Kind::Spin {
            range: Range {
                default: skill::LEVEL_MAX as i64,
                min: skill::LEVEL_MIN as i64,
                max: skill::LEVEL_MAX as i64,
            },
            out_of_range: OutOfRange::Refuse,
            store: |o, level| o.skill_level = level as i32,
        },
        then: Then::Nothing,
        xboard: true,
        what: "Playing strength: 20 is the full engine (see \"Playing strength levels\").",
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            store: |o, on| o.limit_strength = on,
        },
        then: Then::Nothing,
        xboard: true,
        what: "true: play at `UCI_Elo` instead of at `Skill Level`.",
    },
    EngineOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            range: Range {
                default: skill::ELO_DEFAULT as i64,
                min: skill::ELO_MIN as i64,
                max: skill::ELO_MAX as i64,
            },
            out_of_range: OutOfRange::Refuse,
            store: |o, elo| o.elo = elo as i32,
        },
        then: Then::Nothing,
        xboard: true,
        what: "The strength to play at, on the measured scale below.",
    },
    EngineOption {
        name: "UCI_AnalyseMode",
        kind: Kind::Check {
            default: false,
            store: |o, on| o.analyse_mode = on,
        },
        then: Then::Nothing,
        xboard: false,
        what: "true: full strength and no contempt, whatever the other settings (XBoard's \
            `analyze` always is).",
    },
    EngineOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            store: |o, on| o.show_wdl = on,
        },
        then: Then::Nothing,
        xboard: false,
        what: "Adds `wdl W D L` (per mille, side to move) to every `info` line with a score.",
    },
    EngineOption {
        name: "Calibrated Score",
        kind: Kind::Check {
            default: false,
            store: |o, on| o.calibrated_score = on,
        },
        then: Then::Nothing,
        xboard: true,
        what: "true: scores are shown so that +1.00 means the same expected result (56%) at \
            every stage of the game; the search is unchanged. false: the network's own \
            centipawns, worth less toward the end (see \"what a score means\").",
    },
    EngineOption {
        name: "CountStarted",
        kind: Kind::Spin {
            range: Range {
                default: 0,
                min: -1,
                max: i32::MAX as i64,
            },
            out_of_range: OutOfRange::Refuse,
            store: |o, ply| o.count_given = Some(ply),
        },
        then: Then::SetCount,
        xboard: true,
        what: "The count as players count it, with pyffish's `count_started` meaning: 0 the \
            automatic count; -1 players' counting, no count running; N a count running since \
            game ply N. Makruk, makpong and cambodian. Applies to the game the next search \
            plays in, sent before or after `position`; a value that does not fit that game \
            is reported when they meet (see \"Counting as players count\").",
    },
    EngineOption {
        name: "VariantPath",
        kind: Kind::Text {
            default: "<empty>",
            store: refuse_variant_path,
        },
        then: Then::Nothing,
        xboard: false,
        what: "Accepted so frontends may send it; a path is refused with an `info string` (the \
            variants are built in).",
    },
];

fn store_variant(options: &mut EngineOptions, name: &str) -> Result<(), String> {
    match Variant::from_name(name) {
        Some(v) => {
            options.variant = v;
            Ok(())
        }
        None => Err(format!(
            "'{}' is not a variant Khun plays ({}); still playing {}",
            clip_to(name.trim(), 40),
            Variant::names_joined(", "),
            options.variant
        )),
    }
}

/// Frontends send `VariantPath` whether or not an engine reads variant files; an empty
/// one is fine, a path is refused with the reason. Nothing is kept.
fn refuse_variant_path(_: &mut EngineOptions, path: &str) -> Result<(), String> {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Ok(());
    }
    Err(format!(
        "Khun does not read variant files; '{}' ignored, the variants it plays are \
         built in ({})",
        clip_to(path, 40),
        Variant::names_joined(", ")
    ))
}
