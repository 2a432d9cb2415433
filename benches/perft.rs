//! perft speed of the rules core. Each benchmark asserts its node count, so a fast
//! but wrong move generator cannot pass unnoticed.

use criterion::{Criterion, criterion_group, criterion_main};
use khun::board::{Position, perft::perft};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let cases = [
        ("start d5", khun::board::START_FEN, 5, 6_223_994u64),
        (
            "middlegame d4",
            "r1sm3r/3n1k2/1pnsppp1/p1pp3p/P2PP2P/1PP1SPP1/2KNNM2/R1S4R w - - 1 11",
            4,
            996_656,
        ),
        (
            "endgame d6",
            "8/8/3k4/8/2N5/3SK3/3N4/8 b - 64 10 50",
            6,
            2_258_025,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in cases {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&pos, depth), nodes, "{name}");
        group.bench_function(name, |b| b.iter(|| perft(black_box(&pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
