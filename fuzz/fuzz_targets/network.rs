//! Network files: any bytes are refused with a reason or read; and, past the checksum
//! (which random bytes never match), a full-size file with patched bytes and a fixed
//! checksum is read, written back byte for byte, and evaluates positions without
//! overflow (the targets build with debug assertions).
#![no_main]

use khun::board::{Position, Variant};
use khun::nnue::accumulator::evaluate_from_scratch;
use khun::nnue::network::{HEADER_BYTES, Network, fnv1a};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// Where the payload starts in a version-2 file; the checksum is the 8 bytes before.
const PAYLOAD_AT: usize = HEADER_BYTES;
const CHECKSUM_AT: usize = HEADER_BYTES - 8;

/// A valid version-2 file (all weights zero) to patch.
fn template() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| Network::zeroed().to_bytes())
}

fn exercise(net: &Network, file: &[u8]) {
    if file.len() == template().len() {
        assert_eq!(net.to_bytes(), file, "written back differently");
    }
    for variant in [Variant::Makruk, Variant::AiWok] {
        let _ = evaluate_from_scratch(net, &Position::startpos_of(variant));
    }
    // A position with few men (another output bucket) and a promoted pawn.
    if let Ok(pos) = Position::from_fen("8/8/3k4/8/8/2M5/8/R3K3 w - - 0 40") {
        let _ = evaluate_from_scratch(net, &pos);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(net) = Network::from_bytes(data) {
        exercise(&net, data);
    }
    // Patches: [offset: 3 bytes LE][length: 1 byte][bytes], applied to the template.
    let mut file = template().to_vec();
    let mut rest = data;
    while rest.len() >= 4 {
        let offset = u32::from_le_bytes([rest[0], rest[1], rest[2], 0]) as usize % file.len();
        let len = (rest[3] as usize).min(rest.len() - 4);
        let end = (offset + len).min(file.len());
        file[offset..end].copy_from_slice(&rest[4..4 + (end - offset)]);
        rest = &rest[4 + len..];
    }
    let checksum = fnv1a(&file[PAYLOAD_AT..]);
    file[CHECKSUM_AT..PAYLOAD_AT].copy_from_slice(&checksum.to_le_bytes());
    if let Ok(net) = Network::from_bytes(&file) {
        exercise(&net, &file);
    }
});
