//! Whether to take a challenge: the settings file's rules, the games already
//! running and whether the client is winding down, in one pure function.

use super::protocol::{Challenge, TimeControl};
use super::settings::{Accept, Settings};

/// The answer to a challenge: accept, or decline with one of the server's reason
/// keys (`server/seek.py`'s `DECLINE_REASON_MESSAGES`, shown to the challenger in
/// words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Accept,
    Decline(&'static str),
}

/// Decides on `challenge` with `games` games running (or accepted and not yet
/// started); `winding_down` after Ctrl-C.
pub fn decide(
    challenge: &Challenge,
    settings: &Settings,
    games: usize,
    winding_down: bool,
) -> Decision {
    if winding_down || games >= settings.concurrent_games {
        return Decision::Decline("later");
    }
    let name = challenge.challenger.name.to_lowercase();
    let named = |list: &[String]| list.iter().any(|n| n.to_lowercase() == name);
    if named(&settings.challengers.blocked)
        || (!settings.challengers.only.is_empty() && !named(&settings.challengers.only))
    {
        return Decision::Decline("generic");
    }
    let is_bot = challenge.challenger.title.as_deref() == Some("BOT");
    match settings.challengers.accept {
        Accept::Humans if is_bot => return Decision::Decline("noBot"),
        Accept::Bots if !is_bot => return Decision::Decline("onlyBot"),
        _ => {}
    }
    if challenge.chess960 || !settings.plays(&challenge.variant.key) {
        return Decision::Decline("variant");
    }
    let tc = &settings.time_controls;
    match challenge.time_control {
        TimeControl::Clock { limit, increment } => {
            if limit < tc.min_base_seconds || increment < tc.min_increment {
                return Decision::Decline("tooFast");
            }
            if limit > tc.max_base_seconds || increment > tc.max_increment {
                return Decision::Decline("tooSlow");
            }
            if limit == 0 && increment == 0 {
                return Decision::Decline("timeControl");
            }
        }
        TimeControl::Correspondence { .. } => return Decision::Decline("tooSlow"),
        TimeControl::Unknown => return Decision::Decline("timeControl"),
    }
    if challenge.rated && !settings.rated {
        return Decision::Decline("casual");
    }
    if !challenge.rated && !settings.casual {
        return Decision::Decline("rated");
    }
    Decision::Accept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::protocol::{Challenger, VariantKey};

    fn challenge(variant: &str, limit: u64, increment: u64) -> Challenge {
        Challenge {
            id: "abcd1234".into(),
            challenger: Challenger {
                name: "Somchai".into(),
                rating: None,
                title: Some(String::new()),
            },
            variant: VariantKey {
                key: variant.into(),
            },
            rated: false,
            time_control: TimeControl::Clock { limit, increment },
            chess960: false,
        }
    }

    #[test]
    fn a_challenge_is_taken_only_within_the_settings() {
        let settings = Settings::default();
        assert_eq!(
            decide(&challenge("makruk", 180, 2), &settings, 0, false),
            Decision::Accept
        );
        assert_eq!(
            decide(&challenge("chess", 180, 2), &settings, 0, false),
            Decision::Decline("variant")
        );
        assert_eq!(
            decide(&challenge("makruk", 30, 0), &settings, 0, false),
            Decision::Decline("tooFast")
        );
        assert_eq!(
            decide(&challenge("makruk", 3600, 0), &settings, 0, false),
            Decision::Decline("tooSlow")
        );
        assert_eq!(
            decide(&challenge("makruk", 180, 2), &settings, 1, false),
            Decision::Decline("later")
        );
        assert_eq!(
            decide(&challenge("makruk", 180, 2), &settings, 0, true),
            Decision::Decline("later")
        );
        let mut rated = challenge("sittuyin", 300, 3);
        rated.rated = true;
        let casual_only = Settings {
            rated: false,
            ..Settings::default()
        };
        assert_eq!(
            decide(&rated, &casual_only, 0, false),
            Decision::Decline("casual")
        );
        let mut bot = challenge("makruk", 180, 0);
        bot.challenger.title = Some("BOT".into());
        let humans = Settings::parse(r#"{"challengers": {"accept": "humans"}}"#).unwrap();
        assert_eq!(decide(&bot, &humans, 0, false), Decision::Decline("noBot"));
        let blocked = Settings::parse(r#"{"challengers": {"blocked": ["somchai"]}}"#).unwrap();
        assert_eq!(
            decide(&challenge("makruk", 180, 0), &blocked, 0, false),
            Decision::Decline("generic")
        );
    }
}
