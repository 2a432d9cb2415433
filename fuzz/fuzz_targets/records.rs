//! Training records (32-byte marlinformat records, concatenated): decoding any bytes
//! never panics, a decoded position packs back to itself, and the trainer's dataset
//! loader takes any file.
#![no_main]

use khun::learn::data::{RECORD_BYTES, decode, encode};
use khun::learn::train::dataset::Dataset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let records: Vec<[u8; RECORD_BYTES]> = data
        .chunks_exact(RECORD_BYTES)
        .map(|c| c.try_into().expect("chunk of record size"))
        .collect();
    for bytes in &records {
        let Some(record) = decode(bytes) else {
            continue;
        };
        let _ = (record.stm_score(), record.stm_result());
        if let Some(pos) = record.position() {
            let packed = encode(&pos, record.stm_score(), record.result);
            let back = decode(&packed).expect("an encoded record decodes");
            assert_eq!(back.position(), Some(pos), "record {bytes:?}");
        }
    }
    let (set, stats) = Dataset::from_records(&records);
    assert_eq!(set.len(), stats.kept);
});
