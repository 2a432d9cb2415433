//! What sites glue to a move's text besides the move: check and mate signs (right,
//! wrong or doubled: `+`, `#`, `++`), annotation glyphs (`!`, `?`, `!!`, `??`, `!?`,
//! `?!`) and a draw-offer mark (`=`, as in `Nd8=`). They are split off before the
//! move is read, so `Nd8=`, `Nd8+!?` and `Kd2#` read as the moves they are; the check
//! sign is not trusted (the writer puts the right one back from the position).

/// A written move split into the move and the marks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveMarks<'a> {
    /// The move itself: `Nd8`, `dxe6=M`, `e3e4`.
    pub(crate) body: &'a str,
    /// The annotation glyph as written (`!?`, `??`), or empty.
    pub(crate) glyph: String,
    /// A draw-offer mark followed the move.
    pub(crate) draw_offer: bool,
    /// The check or mate sign as written (`+`, `#`, `++`), or empty.
    pub(crate) check: String,
}

/// Splits the marks off the end of a move's text, in any order (`Nd8+=`, `Nd8=+`,
/// `Nd8!?+`). A promotion's `=M` / `=Q` is part of the move and stays in `body`.
pub(crate) fn split_marks(text: &str) -> MoveMarks<'_> {
    let mut body = text;
    let mut glyph = String::new();
    let mut check = String::new();
    let mut draw_offer = false;
    while let Some(last) = body.chars().last() {
        match last {
            '!' | '?' => glyph.insert(0, last),
            '+' | '#' => check.insert(0, last),
            '=' => draw_offer = true,
            _ => break,
        }
        body = &body[..body.len() - last.len_utf8()];
    }
    MoveMarks {
        body,
        glyph,
        draw_offer,
        check,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> (&str, String, bool, String) {
        let m = split_marks(text);
        (m.body, m.glyph, m.draw_offer, m.check)
    }

    #[test]
    fn draw_offers_glyphs_and_checks_in_any_order() {
        assert_eq!(parts("Nd8="), ("Nd8", "".into(), true, "".into()));
        assert_eq!(parts("Nd8+="), ("Nd8", "".into(), true, "+".into()));
        assert_eq!(parts("Nd8=+"), ("Nd8", "".into(), true, "+".into()));
        assert_eq!(parts("Nd8!?"), ("Nd8", "!?".into(), false, "".into()));
        assert_eq!(parts("Rh8#!!"), ("Rh8", "!!".into(), false, "#".into()));
        assert_eq!(parts("Rh8++"), ("Rh8", "".into(), false, "++".into()));
        assert_eq!(parts("Kd2?!="), ("Kd2", "?!".into(), true, "".into()));
    }

    #[test]
    fn promotions_stay_in_the_move() {
        assert_eq!(parts("dxe6=M"), ("dxe6=M", "".into(), false, "".into()));
        assert_eq!(parts("dxe6=M="), ("dxe6=M", "".into(), true, "".into()));
        assert_eq!(parts("e6Q+"), ("e6Q", "".into(), false, "+".into()));
        assert_eq!(parts("=").0, "");
    }
}
