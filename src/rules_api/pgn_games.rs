//! Games as PGN text, both ways: [`read_pgn`] replays every game of a text (its main
//! line as moves, and the whole game as a tree: NAGs, comments, clocks, variations,
//! see `crate::pgn::tree`), [`write_pgn`] writes one (from its moves, or from such a
//! tree) in SAN or Thai SAN, so that reading it back gives the same tree.

use super::refusal::{self, Refusal};
use super::{game_ended, move_refused};
use crate::board::count_events::rules_result;
use crate::board::{CountAction, Move, Notation, Outcome, Position, Variant};
use crate::pgn::GameTree;
use serde::Deserialize;

/// A game read from PGN and replayed.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags in the order written.
    pub tags: Vec<(String, String)>,
    pub variant: Variant,
    /// The start position's FEN.
    pub fen: String,
    pub moves: Vec<Move>,
    pub sans: Vec<String>,
    /// The result written at the end of the movetext.
    pub result: String,
    /// Where the rules end the game (plies played, the outcome), if the PGN goes on
    /// past it or ends there.
    pub end: Option<(usize, Outcome)>,
    /// Why the game stopped before its written end, if it did.
    pub error: Option<Refusal>,
    /// Counted as players count (`[Counting "players"]`).
    pub players_counting: bool,
    /// The players' count actions: (plies played before it, the action).
    pub count_actions: Vec<(usize, CountAction)>,
    /// pyffish's `count_started` at the game's last position.
    pub count_started: i64,
    /// The game as a tree: its main line (the moves above) with NAGs, comments,
    /// clocks and variations.
    pub tree: GameTree,
    /// What the tree leaves out, and where (`pgnVariationCut`,
    /// `pgnVariationBeforeAnyMove`).
    pub notes: Vec<Refusal>,
}

/// Every game of a PGN text, replayed; a game that could not be read at all is a
/// refusal with the reason.
pub fn read_pgn(text: &str) -> Vec<Result<PgnGame, Refusal>> {
    crate::pgn::read_and_replay(text)
        .into_iter()
        .map(|game| {
            let game = game.map_err(|e| refusal::pgn_refusal(&e))?;
            let positions = game.positions();
            let tree = game.tree();
            let sans = positions
                .iter()
                .zip(&game.moves)
                .map(|(pos, &m)| pos.san(m))
                .collect();
            Ok(PgnGame {
                end: rules_result(&positions),
                count_started: positions.last().map_or(0, Position::count_started),
                tags: game.tags.clone(),
                variant: game.start.variant(),
                fen: game.start.to_fen(),
                moves: game.moves.clone(),
                sans,
                result: game.result.clone(),
                error: game.error.as_ref().map(refusal::pgn_refusal),
                players_counting: game.players_counting,
                count_actions: game.count_actions.clone(),
                notes: tree
                    .notes
                    .iter()
                    .map(|n| refusal::note_refusal(&game.label(), game.number, n))
                    .collect(),
                tree,
            })
        })
        .collect()
}

/// A move of a game's tree, as a front end writes it for `writePgn` (and as
/// `readPgn` answers it): the move by `uci` (or, without it, `san`), its NAGs, the
/// comments before it (a variation's first move) and after it, its clock in
/// milliseconds (`[%clk]`), a draw offer, and the variations that replace it, each a
/// line of such moves from the position before it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MoveNode {
    pub uci: Option<String>,
    pub san: Option<String>,
    pub nags: Vec<u8>,
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub clock_ms: Option<u64>,
    pub draw_offer: bool,
    pub variations: Vec<Vec<MoveNode>>,
}

/// A game to write as PGN.
#[derive(Clone, Debug)]
pub struct PgnToWrite<'a> {
    pub start: Position,
    /// The moves in UCI.
    pub moves: Vec<&'a str>,
    /// The moves as a tree (see [`MoveNode`]); where given, `moves` is empty or its
    /// main line.
    pub tree: Option<&'a [MoveNode]>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// Tags in order; `Variant`, `SetUp`, `FEN` and `Result` are added where missing.
    pub tags: Vec<(String, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Counted as players count (also when `count_actions` is not empty).
    pub players_counting: bool,
    /// The players' count actions: (plies played before it, the action), in order.
    pub count_actions: Vec<(usize, CountAction)>,
    /// SAN (the standard), or Thai SAN as Fairy-Stockfish writes it, the move numbers
    /// then in Thai digits (`๑. จ๔`).
    pub notation: Notation,
}

/// Where a node is in a tree: its index in the main line, then for each variation
/// on the way its index among the move's variations and the move's index in it.
fn path_text(path: &[usize]) -> String {
    path.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// The move `node` names in `pos` (its UCI, else its SAN), or why not; `path` says
/// where it is in the tree.
fn node_move(pos: &Position, node: &MoveNode, path: &[usize]) -> Result<Move, Refusal> {
    let read = match (&node.uci, &node.san) {
        (Some(uci), _) => pos.parse_uci_move(uci),
        (None, Some(san)) => pos.parse_san(san),
        (None, None) => {
            return Err(Refusal::new(
                "treeMoveMissing",
                format!(
                    "the tree's move at {} has neither \"uci\" nor \"san\"",
                    path_text(path)
                ),
            )
            .with("path", path.to_vec()));
        }
    };
    read.map_err(|e| match path {
        [ply] => move_refused(ply + 1, &e).with("path", path.to_vec()),
        _ => refusal::move_refusal(
            &e,
            format!("the variation's move at {} {e}", path_text(path)),
        )
        .with("path", path.to_vec()),
    })
}

/// The move `m` of `node`, played in `pos`, as the writer takes it.
fn move_out(
    pos: &Position,
    m: Move,
    node: &MoveNode,
    variations: Vec<Vec<crate::pgn::Piece>>,
    notation: Notation,
) -> crate::pgn::MoveOut {
    let mut comments = node.after.clone();
    if let Some(ms) = node.clock_ms {
        let clock = format!("[%clk {}]", crate::pgn::tree::clock_text(ms));
        match comments.first_mut() {
            Some(first) => *first = format!("{clock} {first}"),
            None => comments.push(clock),
        }
    }
    crate::pgn::MoveOut {
        before: node.before.clone(),
        san: pos.san_in(m, notation),
        nags: node.nags.clone(),
        draw_offer: node.draw_offer,
        comments,
        variations,
        comments_after: Vec::new(),
    }
}

/// A variation's pieces: `nodes` played from `start`, numbered, each with its own
/// variations.
fn variation_pieces(
    start: &Position,
    nodes: &[MoveNode],
    notation: Notation,
    path: &mut Vec<usize>,
) -> Result<Vec<crate::pgn::Piece>, Refusal> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        path.push(i);
        if pos.outcome().is_some() && !pos.has_legal_move() {
            let text = node.uci.as_ref().or(node.san.as_ref()).cloned();
            return Err(Refusal::new(
                "gameEnded",
                format!(
                    "the variation's move at {}: the game has ended",
                    path_text(path)
                ),
            )
            .with("move", text.unwrap_or_default())
            .with("path", path.clone()));
        }
        let m = node_move(&pos, node, path)?;
        let variations = variations_of(&pos, node, notation, path)?;
        out.push(move_out(&pos, m, node, variations, notation));
        pos.play(m);
        path.pop();
    }
    Ok(crate::pgn::numbered_line(
        start.fullmove_number(),
        start.side_to_move(),
        &out,
        notation == Notation::ThaiSan,
    ))
}

/// The variations of `node` (played in `pos`) as pieces; empty ones are left out.
fn variations_of(
    pos: &Position,
    node: &MoveNode,
    notation: Notation,
    path: &mut Vec<usize>,
) -> Result<Vec<Vec<crate::pgn::Piece>>, Refusal> {
    let mut out = Vec::new();
    for (vi, v) in node.variations.iter().enumerate() {
        if v.is_empty() {
            continue;
        }
        path.push(vi);
        out.push(variation_pieces(pos, v, notation, path)?);
        path.pop();
    }
    Ok(out)
}

/// A game as PGN text: the moves in SAN (or Thai SAN), with the tree's NAGs, comments,
/// clocks and variations where a tree is given, and under players' counting the tag
/// `[Counting "players"]` and a comment for each count action, checked against the
/// rules as it is played.
pub fn write_pgn(game: &PgnToWrite) -> Result<String, Refusal> {
    use crate::pgn::{GameOut, add_count_actions, write_game};
    if !["1-0", "0-1", "1/2-1/2", "*"].contains(&game.result) {
        return Err(
            Refusal::new("badResult", "\"result\" must be 1-0, 0-1, 1/2-1/2 or *")
                .with("result", game.result),
        );
    }
    for (name, _) in &game.tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(Refusal::new(
                "badTagName",
                "\"tags\" must be [name, value] pairs of strings (names: letters, digits, _)",
            )
            .with("name", name.as_str()));
        }
    }
    if !matches!(game.notation, Notation::San | Notation::ThaiSan) {
        return Err(Refusal::new(
            "badNotation",
            "PGN is written in \"san\" or \"thaiSan\"",
        ));
    }
    let start = &game.start;
    let moves = &game.moves;
    let bare: Vec<MoveNode>;
    let nodes: &[MoveNode] = match game.tree {
        Some(tree) => {
            if !moves.is_empty() && moves.len() != tree.len() {
                return Err(tree_moves_differ());
            }
            tree
        }
        None => {
            bare = moves
                .iter()
                .map(|uci| MoveNode {
                    uci: Some(uci.to_string()),
                    ..MoveNode::default()
                })
                .collect();
            &bare
        }
    };
    let actions = &game.count_actions;
    let players = game.players_counting || !actions.is_empty();
    let mut tags = game.tags.clone();
    fn set(tags: &mut Vec<(String, String)>, name: &str, value: String) {
        match tags.iter().position(|(n, _)| n == name) {
            Some(i) => tags[i].1 = value,
            None => tags.push((name.to_string(), value)),
        }
    }
    set(&mut tags, "Result", game.result.to_string());
    if !tags.iter().any(|(n, _)| n == "Variant") {
        set(&mut tags, "Variant", start.variant().name().to_string());
    }
    if start.to_fen() != Position::startpos_of(start.variant()).to_fen()
        && !tags.iter().any(|(n, _)| n == "FEN")
    {
        set(&mut tags, "SetUp", "1".to_string());
        set(&mut tags, "FEN", start.to_fen());
    }
    let mut pos = if players {
        Position::replay_with_count_started(start, &[], -1)
            .map_err(|e| refusal::count_refusal(&e, "count_started"))?
    } else {
        start.clone()
    };
    let mut pending = actions.iter().peekable();
    let mut out = Vec::with_capacity(nodes.len());
    for ply in 0..=nodes.len() {
        while let Some(&(_, action)) = pending.next_if(|(at, _)| *at == ply) {
            pos.apply_count_action(action).map_err(|e| {
                refusal::count_action_refusal(
                    e,
                    format!("count action {} at ply {ply}: {e}", action.word()),
                )
                .with("action", action.word())
                .with("ply", ply)
            })?;
        }
        let Some(node) = nodes.get(ply) else { break };
        if pos.outcome().is_some() && !pos.has_legal_move() {
            let text = node.uci.as_ref().or(node.san.as_ref()).cloned();
            return Err(game_ended(ply + 1, &text.unwrap_or_default()));
        }
        let m = node_move(&pos, node, &[ply])?;
        if let Some(uci) = moves.get(ply).filter(|_| game.tree.is_some())
            && pos.parse_uci_move(uci) != Ok(m)
        {
            return Err(tree_moves_differ());
        }
        let variations = variations_of(&pos, node, game.notation, &mut vec![ply])?;
        out.push(move_out(&pos, m, node, variations, game.notation));
        pos.play(m);
    }
    if let Some((ply, _)) = pending.next() {
        return Err(Refusal::new(
            "countActionAfterLastMove",
            format!(
                "a count action at ply {ply}, after the last move ({})",
                nodes.len()
            ),
        )
        .with("ply", *ply)
        .with("moves", nodes.len()));
    }
    let mut out_game = GameOut {
        tags,
        start: start.clone(),
        preamble: game.comments.clone(),
        moves: out,
        result: game.result.to_string(),
        thai_digits: game.notation == Notation::ThaiSan,
    };
    if players {
        add_count_actions(&mut out_game, actions);
    }
    Ok(write_game(&out_game))
}

fn tree_moves_differ() -> Refusal {
    Refusal::new(
        "treeMovesDiffer",
        "\"moves\" and the main line of \"tree\" differ (give one, or the same moves)",
    )
}
