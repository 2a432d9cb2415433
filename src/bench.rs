//! `bench`: a fixed search over a fixed set of makruk positions.
//!
//! One thread, 16 MB of hash cleared before each position, a fixed depth. The total
//! node count is a signature of the search: a change that should not alter the search
//! must keep it. It is printed as `Nodes searched: N`, with `Nodes/second: M`.
//!
//! Bench drives the search directly, not through the engine facade: it owns its table
//! (cleared before each position) and each position stands alone, with no game, count
//! choice or clock around it.

use crate::board::Position;
use crate::nnue::network::Network;
use crate::platform::clock::Instant;
use crate::search::{self, SearchJob, Shared, ThreadData, TranspositionTable};
use crate::tablebase::Tables;
use std::sync::Arc;

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 11;

/// Opening, middlegame and endgame positions, with and without a running count.
pub(crate) const POSITIONS: &[&str] = &[
    // The start and positions after eight plies of varied openings.
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "rnsmk1nr/6s1/ppp1pppp/3p4/P7/1PPPPPPP/1S1N3R/R2KMSN1 w - - 3 5",
    "r1smks1r/3nn3/p1p1pppp/Pp1p4/6P1/1PPPPP1P/2S5/RN1KMSNR w - - 1 5",
    "rnsmk1n1/6sr/ppppp2p/5pp1/1PP5/P2PPPPP/5S1R/RNSKM1N1 w - - 3 5",
    "rn2k1nr/1sm2s2/pppp1ppp/4p3/1P6/P1PPPPPP/1S2K2R/RN2MSN1 w - - 2 5",
    "rn1mk1nr/2s2s2/1pppppp1/p6p/8/PPPPPPPP/R2M2SR/1NSK2N1 w - - 0 5",
    "rnsmk1nr/4s3/p1pppppp/1p6/4P1PP/PPPP1P2/3N4/R1SKMSNR w - - 1 5",
    "rn3snr/3smk2/ppp1pppp/3p4/8/PPPPPPPP/3MK1R1/RNS2SN1 w - - 2 5",
    "rns1ks1r/2m1n3/pppp2pp/4pp2/3P2P1/PPP1PP1P/3M2S1/RNSK2NR w - - 0 5",
    "r2mksn1/1s1n3r/p1pppppp/1p6/1P6/P1PPPPPP/3M1S2/RNS1K1NR w - - 3 5",
    "rn1m2nr/3sk1s1/1ppppppp/p7/4P3/PPPP1PPP/R2K1S2/1NS1M1NR w - - 2 5",
    // Middlegames.
    "r1sm3r/3n1k2/1pnsppp1/p1pp3p/P2PP2P/1PP1SPP1/2KNNM2/R1S4R w - - 1 11",
    "r2r4/3nmk2/1p1s1p2/p2pn1pP/P5P1/1PP5/1KSNNM2/R5R1 w - - 2 21",
    "6rr/4mk2/1pns1p1M~/p2p1Np1/P2M2P1/1PP1RN1n/8/1K1S2R1 w - - 9 31",
    "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1",
    "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3",
    "r3k3/8/8/PP1P1P2/2p1p1pp/8/8/3K3R w - - 0 1",
    "2s1k3/3m4/8/P1P1PP2/pp1p1p1p/8/2M5/4K3 b - - 0 50",
    // Pawn endings.
    "8/8/2k5/p1p5/P1P5/2K5/8/8 w - - 0 40",
    "4k3/8/8/2ppp3/2PPP3/8/8/4K3 w - - 0 35",
    "8/8/8/3k4/8/3PK3/4M3/8 w - - 0 50",
    // Pawnless endings under the board's honour.
    "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61",
    "8/8/4k3/3n4/8/8/8/R3K3 w - 128 20 60",
    "3r4/8/4k3/8/8/2M5/8/R3K3 w - 128 4 45",
    "3rk3/8/8/8/8/8/R7/R3K3 w - 128 0 40",
    // Bare kings under the piece's honour, some with little count left.
    "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
    "8/1k6/8/8/8/8/R7/4K3 w - 32 10 54",
    "8/8/3k4/8/2N5/3SK3/3N4/8 b - 64 10 50",
    "8/8/8/3k4/8/8/2SM4/4K3 w - 88 8 60",
    "8/8/4k3/8/8/3NM3/8/4K3 w - 128 8 70",
    "k7/8/1K6/8/8/8/8/7R w - 32 28 54",
    "8/8/8/8/3k4/8/1K6/RR6 w - 16 12 80",
];

/// One thread, a fresh 16 MB table, fixed depth: runs the bench and reports.
/// `network`: the network to evaluate with, `None` for the hand-written evaluation;
/// `tables`: the endgame tables to build and read (each search reads only those its
/// root prepares, so the count does not depend on what `tables` held before).
pub fn run(depth: Option<u32>, network: Option<Arc<Network>>, tables: &Tables) -> String {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let tt = Arc::new(TranspositionTable::new(16));
    let mut total_nodes = 0u64;
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|fen| Position::from_fen_lenient(fen).expect("bench FENs are valid"))
        .collect();
    // The endgame tables are built before the clock starts: bench measures search.
    for position in &positions {
        tables.prepare(position, true);
    }
    let start = Instant::now();
    let mut lines = String::new();
    for (i, (fen, position)) in POSITIONS.iter().zip(positions).enumerate() {
        tt.clear();
        let mut data = vec![ThreadData::default()];
        let shared = Shared::new(Arc::clone(&tt), 1);
        let job = SearchJob::bench(position, depth, network.clone(), tables);
        let result = search::run(&job, &shared, &mut data, None, None);
        total_nodes += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| m.to_string());
        lines.push_str(&format!(
            "Position {:>2}/{}: {best:<6} {:>10} nodes  {fen}\n",
            i + 1,
            POSITIONS.len(),
            result.nodes
        ));
    }
    let elapsed = start.elapsed();
    let nps = (total_nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    lines.push_str("\n===========================\n");
    lines.push_str(&format!("Total time (ms) : {}\n", elapsed.as_millis()));
    lines.push_str(&format!("Nodes searched: {total_nodes}\n"));
    lines.push_str(&format!("Nodes/second: {nps}\n"));
    lines
}
