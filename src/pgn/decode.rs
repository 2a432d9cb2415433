//! PGN file bytes to text. Files come in UTF-8 (with or without a byte order mark),
//! in Latin-1 as older sites save them, or in a mix (a UTF-8 file with one player's
//! name pasted in Latin-1). Decoding never fails: valid UTF-8 stays as it is and
//! every other byte is read as the Latin-1 character of the same number, so `0xFC` is
//! `ü` and `0xA0` the non-breaking space older sites put after move numbers.

/// Decodes PGN bytes: UTF-8 where the bytes are valid UTF-8, Latin-1 byte by byte
/// where they are not.
pub fn decode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(chunk.invalid().iter().map(|&b| b as char));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_latin1_and_a_mix() {
        assert_eq!(decode("Müller ธ".as_bytes()), "Müller ธ");
        assert_eq!(decode(b"M\xfcller\xa01."), "Müller\u{a0}1.");
        // A UTF-8 file with one Latin-1 name: each part decoded as what it is.
        let mut mixed = "\u{feff}[White \"ธนา\"]\n[Black \"J".as_bytes().to_vec();
        mixed.extend_from_slice(b"\xf6rg\"]");
        assert_eq!(decode(&mixed), "\u{feff}[White \"ธนา\"]\n[Black \"Jörg\"]");
    }
}
