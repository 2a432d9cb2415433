//! `annotate --svg`: the evaluation over each game as a graph (moves on x, White's
//! score on y, clamped), with the counting windows shaded, the point where a count
//! runs out marked, and a band above the plot where the endgame tables decide the
//! position (who wins within the count, or that the count runs out first). One chart
//! per game, stacked in one SVG file.

use crate::board::count_events::{PlacedEvent, RuleEvent};
use crate::board::counting::CountKind;
use crate::board::{Color, Position};
use crate::search::score::is_mate;
use crate::tablebase::CountVerdict;
use std::fmt::Write;

/// The score axis runs from -6 to +6 pawns; scores beyond are drawn at the edge.
// why: beyond six pawns a makruk game is decided; a fixed scale keeps the graphs of
// different games comparable and a single mate score from flattening the rest.
pub(crate) const SVG_CLAMP_CP: i32 = 600;

const WIDTH: f64 = 900.0;
const CHART_HEIGHT: f64 = 280.0;
const LEFT: f64 = 50.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 46.0;

/// One counting window: the positions `from..=to` during which a count ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountWindow {
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) kind: CountKind,
    /// The position in which this count ran out, when the game got that far.
    pub(crate) ran_out_at: Option<usize>,
}

/// The positions `from..=to`, all in one table ending with the same outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableSpan {
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// The verdict at the span's first position (the band's colour: its distances
    /// change along the span, its outcome does not).
    pub(crate) verdict: CountVerdict,
    /// That verdict in words (the band's tooltip).
    pub(crate) text: String,
}

/// One game's graph.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    pub(crate) title: String,
    pub(crate) start: Position,
    /// White's view, one per position (start first).
    pub(crate) scores_white: Vec<i32>,
    pub(crate) windows: Vec<CountWindow>,
    pub(crate) tables: Vec<TableSpan>,
}

/// The counting windows of a game from its rule events; `last` is the last position.
pub(crate) fn count_windows(events: &[PlacedEvent], last: usize) -> Vec<CountWindow> {
    let starts: Vec<(usize, CountKind, usize)> = events
        .iter()
        .filter_map(|e| match e.event {
            RuleEvent::CountStarts {
                kind, runs_out_at, ..
            } => Some((e.at, kind, runs_out_at)),
            _ => None,
        })
        .collect();
    let mut windows = Vec::new();
    for (i, &(from, kind, runs_out_at)) in starts.iter().enumerate() {
        // A count lasts until it is replaced, it runs out, or the game ends.
        let next = starts.get(i + 1).map_or(usize::MAX, |s| s.0);
        let to = next.min(runs_out_at).min(last);
        let ran_out_at = (runs_out_at <= last && runs_out_at < next).then_some(runs_out_at);
        windows.push(CountWindow {
            from,
            to,
            kind,
            ran_out_at,
        });
    }
    windows
}

/// Text safe inside SVG (XML) elements and attributes.
pub(crate) fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn clamped_pawns(score_white: i32) -> f64 {
    let cp = if is_mate(score_white) {
        SVG_CLAMP_CP * score_white.signum()
    } else {
        score_white.clamp(-SVG_CLAMP_CP, SVG_CLAMP_CP)
    };
    cp as f64 / 100.0
}

/// Where one game's chart stands: its plot's size and top, and how positions and
/// scores map to it.
struct Frame {
    y0: f64,
    plot_w: f64,
    plot_h: f64,
    /// Positions less one (at least 1): the x scale's divisor.
    n: f64,
    max_pawns: f64,
}

impl Frame {
    fn new(g: &Graph, y0: f64) -> Frame {
        Frame {
            y0,
            plot_w: WIDTH - LEFT - RIGHT,
            plot_h: CHART_HEIGHT - TOP - BOTTOM,
            n: g.scores_white.len().saturating_sub(1).max(1) as f64,
            max_pawns: SVG_CLAMP_CP as f64 / 100.0,
        }
    }

    /// The x of position `i` (from 0).
    fn x(&self, i: usize) -> f64 {
        LEFT + self.plot_w * i as f64 / self.n
    }

    /// The y of a score in pawns (White's view).
    fn y(&self, pawns: f64) -> f64 {
        self.y0 + TOP + self.plot_h * (self.max_pawns - pawns) / (2.0 * self.max_pawns)
    }

    /// The top of the plot.
    fn top(&self) -> f64 {
        self.y0 + TOP
    }
}

/// Draws one chart with its top-left corner at `y0`.
fn chart(svg: &mut String, g: &Graph, y0: f64) {
    let f = Frame::new(g, y0);
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="{:.1}" class="title">{}</text>"#,
        y0 + 20.0,
        xml_escape(&g.title)
    );
    let _ = writeln!(
        svg,
        r#"<rect x="{LEFT}" y="{:.1}" width="{:.1}" height="{:.1}" class="plot"/>"#,
        f.top(),
        f.plot_w,
        f.plot_h
    );
    draw_count_windows(svg, g, &f);
    draw_table_band(svg, g, &f);
    draw_score_grid(svg, &f);
    draw_move_numbers(svg, g, &f);
    draw_eval_curve(svg, g, &f);
}

/// The counts: a shaded span each, named where the name fits, and a line where one
/// ran out.
fn draw_count_windows(svg: &mut String, g: &Graph, f: &Frame) {
    for w in &g.windows {
        let (class, name) = match w.kind {
            CountKind::BoardsHonour => ("board", "board's honour"),
            CountKind::PiecesHonour { .. } => ("piece", "piece's honour"),
        };
        let _ = writeln!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" class="{class}"><title>{name} count</title></rect>"#,
            f.x(w.from),
            f.top(),
            (f.x(w.to) - f.x(w.from)).max(1.0),
            f.plot_h
        );
        // Named in place only where the name fits; the tooltip always names it.
        if f.x(w.to) - f.x(w.from) >= 80.0 {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" class="small">{name}</text>"#,
                f.x(w.from) + 3.0,
                f.top() + 11.0
            );
        }
        if let Some(at) = w.ran_out_at {
            let _ = writeln!(
                svg,
                r#"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" class="runout"><title>the count runs out: drawn by the counting rules</title></line>"#,
                f.x(at),
                f.top(),
                f.top() + f.plot_h
            );
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" class="small runtext" text-anchor="end">count runs out</text>"#,
                f.x(at) - 3.0,
                f.top() + f.plot_h - 4.0
            );
        }
    }
}

/// The tables' verdicts: a band between the title and the plot.
fn draw_table_band(svg: &mut String, g: &Graph, f: &Frame) {
    for t in &g.tables {
        let class = match t.verdict {
            CountVerdict::Wins {
                winner: Color::White,
                ..
            } => "tbwhite",
            CountVerdict::Wins {
                winner: Color::Black,
                ..
            } => "tbblack",
            CountVerdict::CountRunsOut { .. } => "tbcount",
            CountVerdict::Drawn => "tbdrawn",
        };
        // A one-position span is drawn a pixel wide, so that it still shows.
        let _ = writeln!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="5" class="{class}"><title>table: {}</title></rect>"#,
            f.x(t.from),
            f.top() - 7.0,
            (f.x(t.to) - f.x(t.from)).max(1.0),
            xml_escape(&t.text)
        );
    }
}

/// The score grid: every two pawns.
fn draw_score_grid(svg: &mut String, f: &Frame) {
    let mut p = -f.max_pawns;
    while p <= f.max_pawns + 1e-9 {
        let class = if p.abs() < 1e-9 { "zero" } else { "grid" };
        let _ = writeln!(
            svg,
            r#"<line x1="{LEFT}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" class="{class}"/><text x="{2:.1}" y="{3:.1}" class="small" text-anchor="end">{4:+}</text>"#,
            f.y(p),
            LEFT + f.plot_w,
            LEFT - 4.0,
            f.y(p) + 4.0,
            p as i32
        );
        p += 2.0;
    }
}

/// Move numbers: every tenth move (or fifth, in short games), and the axis's name.
fn draw_move_numbers(svg: &mut String, g: &Graph, f: &Frame) {
    let total = g.scores_white.len().saturating_sub(1);
    let step = if total > 60 { 10 } else { 5 };
    let mut pos_number = g.start.fullmove_number() as usize;
    let mut side = g.start.side_to_move();
    for i in 0..=total {
        if side == Color::White && pos_number.is_multiple_of(step) {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" class="small" text-anchor="middle">{pos_number}</text>"#,
                f.x(i),
                f.top() + f.plot_h + 14.0
            );
        }
        if side == Color::Black {
            pos_number += 1;
        }
        side = !side;
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" class="small" text-anchor="middle">move (score in pawns, White's view, clamped to +-{})</text>"#,
        LEFT + f.plot_w / 2.0,
        f.top() + f.plot_h + 32.0,
        f.max_pawns
    );
}

/// The evaluation: an area against the zero line, and the line itself.
fn draw_eval_curve(svg: &mut String, g: &Graph, f: &Frame) {
    if g.scores_white.is_empty() {
        return;
    }
    let total = g.scores_white.len() - 1;
    let points: Vec<String> = g
        .scores_white
        .iter()
        .enumerate()
        .map(|(i, &s)| format!("{:.1},{:.1}", f.x(i), f.y(clamped_pawns(s))))
        .collect();
    let _ = writeln!(
        svg,
        r#"<polygon points="{0:.1},{2:.1} {1} {3:.1},{2:.1}" class="area"/>"#,
        f.x(0),
        points.join(" "),
        f.y(0.0),
        f.x(total),
    );
    let _ = writeln!(
        svg,
        r#"<polyline points="{}" class="eval"/>"#,
        points.join(" ")
    );
}

/// The SVG document: one chart per game, stacked.
pub(crate) fn render(graphs: &[Graph]) -> String {
    let height = CHART_HEIGHT * graphs.len().max(1) as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">"#
    );
    svg.push_str(
        "<style>\n\
         .title{font:bold 14px sans-serif}\n\
         .small{font:10px sans-serif;fill:#444}\n\
         .plot{fill:#fff;stroke:#888}\n\
         .board{fill:#cfe0f3;opacity:0.7}\n\
         .piece{fill:#fbd7ad;opacity:0.8}\n\
         .grid{stroke:#ddd}\n\
         .zero{stroke:#888}\n\
         .runout{stroke:#c0392b;stroke-width:1.5;stroke-dasharray:4 3}\n\
         .runtext{fill:#c0392b}\n\
         .tbwhite{fill:#2e7d32}\n\
         .tbblack{fill:#6a1b9a}\n\
         .tbcount{fill:#c0392b}\n\
         .tbdrawn{fill:#9e9e9e}\n\
         .area{fill:#999;opacity:0.25}\n\
         .eval{fill:none;stroke:#222;stroke-width:1.5}\n\
         </style>\n",
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#fafafa"/>"##
    );
    for (i, g) in graphs.iter().enumerate() {
        chart(&mut svg, g, CHART_HEIGHT * i as f64);
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_from_events() {
        let events = vec![
            PlacedEvent {
                at: 10,
                event: RuleEvent::CountStarts {
                    kind: CountKind::BoardsHonour,
                    replaced: false,
                    limit: 128,
                    counter: 0,
                    runs_out_at: 139,
                },
            },
            PlacedEvent {
                at: 12,
                event: RuleEvent::CountStarts {
                    kind: CountKind::PiecesHonour { bare: Color::Black },
                    replaced: true,
                    limit: 32,
                    counter: 6,
                    runs_out_at: 39,
                },
            },
        ];
        let w = count_windows(&events, 50);
        assert_eq!(w.len(), 2);
        assert_eq!((w[0].from, w[0].to, w[0].ran_out_at), (10, 12, None));
        assert_eq!((w[1].from, w[1].to, w[1].ran_out_at), (12, 39, Some(39)));
        let w = count_windows(&events, 20);
        assert_eq!((w[1].to, w[1].ran_out_at), (20, None));
    }

    #[test]
    fn escapes_and_draws() {
        assert_eq!(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        let g = Graph {
            title: "game 1 (A & B)".into(),
            start: Position::startpos(),
            scores_white: vec![0, 30, -2000, 32_000 - 3],
            windows: vec![CountWindow {
                from: 1,
                to: 3,
                kind: CountKind::BoardsHonour,
                ran_out_at: Some(3),
            }],
            tables: vec![TableSpan {
                from: 2,
                to: 3,
                verdict: CountVerdict::Wins {
                    winner: Color::Black,
                    plies: 3,
                },
                text: "KRvK: Black wins within the count, mate in 2 moves".into(),
            }],
        };
        let svg = render(&[g]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("A &amp; B"));
        assert!(svg.contains("class=\"board\""));
        assert!(svg.contains("count runs out"));
        assert!(svg.contains(
            r#"class="tbblack"><title>table: KRvK: Black wins within the count, mate in 2 moves</title>"#
        ));
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
