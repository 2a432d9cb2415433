//! `khun analyze`: search one position and show the search as it deepens (depth,
//! score, nodes, speed, the line in SAN), then the best move and the counting state
//! in words, and the win/draw/loss chances (`search::wdl`). `--json` writes the same
//! as JSON, one object per line.

pub(crate) mod json;

use self::json::{
    CountJson, GameOverJson, InfoLine, LineJson, PositionLine, ResultLine, TableJson, WdlJson,
};
use crate::board::counting;
use crate::board::{Color, FenRules, Game, Move, Position, Variant};
use crate::cli::score_text;
use crate::cli::search_options::SearchOptions;
use crate::engine::{EngineReporter, SearchRequest};
use crate::options::table::MULTIPV;
use crate::pgn::numbered_san;
use crate::search::shown::{ScoreView, Shown};
use crate::search::{Bound, SearchReport, SearchResult};
use crate::tablebase::Tables;
use clap::builder::RangedU64ValueParser;
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// Search time when no `--depth`, `--movetime` or `--nodes` is given.
// why: one second gives a useful depth on any machine and answers at once for a person
// at the terminal.
pub(crate) const DEFAULT_MOVETIME_MS: u64 = 1000;

/// `khun analyze`'s arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalyzeArgs {
    /// The game: makruk (default), cambodian, karouk, makpong, asean, ai-wok or sittuyin.
    #[arg(long, default_value = "makruk", value_parser = crate::cli::parse_variant)]
    pub(crate) variant: Variant,
    /// The position (default: the game's start position).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// Moves to play from it first, in UCI (`e3e4`) or SAN (`Nf3`, `Bc2`).
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Players' counting, with pyffish's `count_started` meaning: -1 no count
    /// running, N a count running since game ply N (0, the default: the automatic
    /// count). Makruk, makpong and cambodian.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub(crate) count_started: i64,
    /// How many best lines to show.
    #[arg(long, default_value_t = MULTIPV.default as usize,
          value_parser = RangedU64ValueParser::<usize>::new()
              .range(MULTIPV.min as u64..=MULTIPV.max as u64))]
    pub(crate) multipv: usize,
    #[command(flatten)]
    pub(crate) search: SearchOptions,
    /// Write JSON, one object per line, instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Show scores on the calibrated scale (+1.00 means a 56% expected result at
    /// every stage; the search is the same), as the `Calibrated Score` option does.
    #[arg(long)]
    pub(crate) calibrated_score: bool,
}

/// The start position and the moves given on the command line (UCI or SAN).
pub(crate) fn game_from_args(
    variant: Variant,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(Position, Vec<Move>), String> {
    let start = Position::from_fen_full(
        variant,
        fen.unwrap_or(variant.start_fen()),
        FenRules::Strict,
    )
    .map_err(|e| match variant {
        Variant::Makruk => format!("--fen: {e}"),
        _ => format!("--fen: {e} (a {variant} FEN)"),
    })?;
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (i, text) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        let m = pos
            .parse_san(text)
            .map_err(|e| format!("--moves: move {} of the list: {e}", i + 1))?;
        pos.play(m);
        played.push(m);
    }
    Ok((start, played))
}

/// Nodes per second, short: `850 kn/s`, `1.23 Mn/s`.
fn speed(nps: u64) -> String {
    if nps >= 1_000_000 {
        format!("{:.2} Mn/s", nps as f64 / 1e6)
    } else {
        format!("{} kn/s", nps / 1000)
    }
}

/// A bound seen from White's side: a lower bound for Black is an upper one for White.
fn white_bound(bound: Option<Bound>, side: Color) -> Option<Bound> {
    match (bound, side) {
        (Some(Bound::Lower), Color::Black) => Some(Bound::Upper),
        (Some(Bound::Upper), Color::Black) => Some(Bound::Lower),
        (Some(Bound::Exact), _) | (None, _) => None,
        (b, Color::White) => b,
    }
}

/// Prints the search as it goes.
struct Printer {
    root: Position,
    /// The engine's endgame tables: what they say of the root is printed.
    tables: Tables,
    /// `--calibrated-score`: the header says what the scores mean.
    calibrated: bool,
    json: bool,
    multipv: usize,
    out: Mutex<Box<dyn Write + Send>>,
}

impl Printer {
    /// A score as shown, in White's view.
    fn white(&self, shown: Shown) -> i32 {
        score_text::white_view(shown.score, self.root.side_to_move())
    }

    /// The chances of a score as shown, in White's view (the engine shows them).
    fn wdl(&self, shown: Shown) -> Option<WdlJson> {
        shown
            .wdl
            .map(|stm| WdlJson::of(stm, self.root.side_to_move()))
    }

    fn line(&self, text: &str) {
        if let Ok(mut out) = self.out.lock() {
            // A closed pipe (`khun analyze | head`) is not an error worth a message.
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        }
    }

    fn header(&self) {
        if self.json {
            self.line(&json::line(&PositionLine {
                kind: "position",
                fen: self.root.to_fen(),
                side_to_move: json::color(self.root.side_to_move()),
                count: CountJson::of(&self.root),
            }));
        } else {
            self.line(&format!("position: {}", self.root.to_fen()));
            self.line(&format!("count: {}", counting::describe(&self.root)));
            self.line(&format!(
                "scores in pawns from White's view{}; #N: White mates in N, #-N: Black does",
                if self.calibrated {
                    " (calibrated: +1.00 is a 56% expected result)"
                } else {
                    ""
                }
            ));
            self.line("depth   score       nodes        speed      time  line");
        }
    }

    /// The answer, its scores shown by `view`.
    fn finish(&self, result: &SearchResult, view: &ScoreView) {
        let outcome = self.root.outcome();
        if self.json {
            let best = result.best.filter(|&m| self.root.is_legal(m));
            let lines = result
                .lines
                .iter()
                .enumerate()
                .map(|(i, (score, pv))| LineJson {
                    multipv: i + 1,
                    score: score_text::json(self.white(view.show(*score))),
                    wdl: self.wdl(view.show(*score)),
                    pv: pv.iter().map(|m| m.to_string()).collect(),
                    pv_san: numbered_san(&self.root, pv),
                })
                .collect();
            self.line(&json::line(&ResultLine {
                kind: "result",
                fen: self.root.to_fen(),
                best_move: best.map(|m| m.to_string()),
                best_move_san: best.map(|m| self.root.san(m)),
                score: best.map(|_| score_text::json(self.white(view.show(result.score)))),
                wdl: best.and_then(|_| self.wdl(view.show(result.score))),
                depth: result.depth,
                nodes: result.nodes,
                time_ms: result.elapsed_ms,
                lines,
                count: CountJson::of(&self.root),
                table: TableJson::of(&self.root, &self.tables),
                game_over: outcome.map(|o| GameOverJson {
                    result: o.result(),
                    reason: o.reason(),
                }),
                count_action: result.count_action.map(|a| a.word()),
            }));
            return;
        }
        if let Some(o) = outcome {
            self.line(&format!("game over: {} ({})", o.reason(), o.result()));
        }
        match result.best.filter(|&m| self.root.is_legal(m)) {
            Some(best) => {
                if let Some(action) = result.count_action {
                    let who = self.root.side_to_move().name();
                    self.line(&format!("count: {who} would {} the count", action.word()));
                }
                self.line(&format!("best move: {} ({best})", self.root.san(best)));
                self.line(&format!(
                    "score: {} (White's view), depth {}, {} nodes in {:.2} s",
                    score_text::words(self.white(view.show(result.score))),
                    result.depth,
                    result.nodes,
                    result.elapsed_ms as f64 / 1000.0
                ));
                if let Some(chances) = self.wdl(view.show(result.score)) {
                    self.line(&format!(
                        "chances: White wins {:.1}%, draw {:.1}%, Black wins {:.1}%",
                        f64::from(chances.win) / 10.0,
                        f64::from(chances.draw) / 10.0,
                        f64::from(chances.loss) / 10.0
                    ));
                }
                for (i, (score, pv)) in result.lines.iter().enumerate() {
                    let label = if self.multipv > 1 {
                        format!("line {}", i + 1)
                    } else {
                        "line".to_string()
                    };
                    self.line(&format!(
                        "{label}: {} ({})",
                        numbered_san(&self.root, pv),
                        score_text::short(self.white(view.show(*score)))
                    ));
                }
            }
            None => self.line("best move: none (no legal move)"),
        }
        self.line(&format!("count: {}", counting::describe(&self.root)));
        if let Some(table) = TableJson::of(&self.root, &self.tables) {
            self.line(&format!("table: {}", table.text));
        }
    }
}

impl EngineReporter for Printer {
    fn info(&self, r: &SearchReport, shown: Shown) {
        if r.depth == 0 {
            return;
        }
        let side = self.root.side_to_move();
        let white = self.white(shown);
        let bound = white_bound(r.bound, side);
        let pv_san = numbered_san(&self.root, &r.pv);
        if self.json {
            self.line(&json::line(&InfoLine {
                kind: "info",
                depth: r.depth,
                seldepth: r.seldepth,
                multipv: r.multipv,
                score: score_text::json(white),
                wdl: self.wdl(shown),
                bound: match bound {
                    Some(Bound::Lower) => Some("lower"),
                    Some(Bound::Upper) => Some("upper"),
                    _ => None,
                },
                nodes: r.nodes,
                nps: r.nps(),
                time_ms: r.time_ms,
                pv: r.pv.iter().map(|m| m.to_string()).collect(),
                pv_san,
            }));
            return;
        }
        let mark = match bound {
            Some(Bound::Lower) => ">=",
            Some(Bound::Upper) => "<=",
            _ => "",
        };
        let score = format!("{mark}{}", score_text::short(white));
        let line_no = if self.multipv > 1 {
            format!("{}) ", r.multipv)
        } else {
            String::new()
        };
        self.line(&format!(
            "{:>5}  {:>6}  {:>10}  {:>11}  {:>7}  {line_no}{pv_san}",
            r.depth,
            score,
            r.nodes,
            speed(r.nps()),
            format!("{:.2}s", r.time_ms as f64 / 1000.0),
        ));
    }

    // why not here: the answer is printed with the search's final node count, which
    // `Engine::search` returns once the helper threads are joined.
    fn finished(&self, _result: &SearchResult, _view: &ScoreView) {}
}

/// Runs `khun analyze`, writing to `out`. `Err` holds a message for bad input.
pub fn run(args: &AnalyzeArgs, out: Box<dyn Write + Send>) -> Result<(), String> {
    let (start, moves) = game_from_args(args.variant, args.fen.as_deref(), &args.moves)?;
    let game =
        Game::new(start, &moves, args.count_started).map_err(|e| e.named("--count-started"))?;
    let root = game.position().clone();
    // The tables first: a directory they refuse (a file) ends the command before
    // anything is printed.
    let tables = args.search.tables()?;
    let printer = Arc::new(Printer {
        root: root.clone(),
        tables: tables.clone(),
        calibrated: args.calibrated_score,
        json: args.json,
        multipv: args.multipv,
        out: Mutex::new(out),
    });
    // The engine too: options it refuses end the command before anything is printed.
    let mut engine = args.search.engine(&tables)?;
    engine.set_option_to("MultiPV", args.multipv)?;
    // The chances are always shown; the scale is the one asked for.
    engine.set_option_to("UCI_ShowWDL", true)?;
    engine.set_option_to("Calibrated Score", args.calibrated_score)?;
    printer.header();
    engine.set_game(game);
    let view = engine.score_view();
    if !root.has_legal_move() {
        printer.finish(&SearchResult::default(), &view);
        return Ok(());
    }
    let request = SearchRequest::now(args.search.limits(DEFAULT_MOVETIME_MS));
    let result = engine.search(request, printer.clone());
    printer.finish(&result, &view);
    Ok(())
}

/// `khun analyze`: prints the analysis; 2 with the reason on stderr when it cannot.
pub fn main(args: &AnalyzeArgs) -> ExitCode {
    match run(args, Box::new(std::io::stdout())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::cli::could_not_run("analyze", e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speed_and_bounds() {
        assert_eq!(speed(850_400), "850 kn/s");
        assert_eq!(speed(1_234_567), "1.23 Mn/s");
        assert_eq!(
            white_bound(Some(Bound::Lower), Color::Black),
            Some(Bound::Upper)
        );
        assert_eq!(white_bound(Some(Bound::Exact), Color::White), None);
    }

    #[test]
    fn moves_in_uci_or_san() {
        let (_, moves) =
            game_from_args(Variant::Makruk, None, &["f3f4 f6f5".into(), "Nf3".into()]).unwrap();
        assert_eq!(moves.len(), 3);
        let e = game_from_args(Variant::Makruk, None, &["f3f4".into(), "Xe5".into()]).unwrap_err();
        assert!(e.contains("move 2"), "{e}");
        assert!(
            game_from_args(Variant::Makruk, Some("nonsense"), &[])
                .unwrap_err()
                .starts_with("--fen")
        );
    }
}
