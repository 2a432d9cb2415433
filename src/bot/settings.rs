//! The settings file of `khun bot`: which challenges to take and how to play. JSON,
//! read with serde_json (already the crate's JSON reader, so no new dependency);
//! every field has a default, and an unknown field is refused by name, so a typo is
//! an error and not a setting silently ignored.
//!
//! ```json
//! {
//!   "variants": ["makruk", "cambodian", "makpong", "asean", "sittuyin"],
//!   "time_controls": { "min_base_seconds": 60, "max_base_seconds": 1800,
//!                      "min_increment": 0, "max_increment": 30 },
//!   "rated": true, "casual": true,
//!   "concurrent_games": 1,
//!   "challengers": { "accept": "everyone", "blocked": [], "only": [] },
//!   "strength": "full",
//!   "engine": { "hash_mb": 64, "threads": 1, "move_overhead_ms": 300 },
//!   "chat": { "greeting": "Hello, I am Khun.", "goodbye": "Thank you for the game." }
//! }
//! ```
//!
//! `strength` is `"full"`, `{"skill_level": N}` (-20..20) or `{"elo": N}` (672..2551),
//! the engine's `Skill Level` and `UCI_Elo`.

use crate::board::Variant;
use serde::Deserialize;
use std::path::Path;

/// The games both Khun and pychess.org play, by the server's names.
pub const SERVER_GAMES: [Variant; 5] = [
    Variant::Makruk,
    Variant::Cambodian,
    Variant::Makpong,
    Variant::Asean,
    Variant::Sittuyin,
];

/// The clocks a challenge may have, in seconds.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TimeControls {
    pub min_base_seconds: u64,
    pub max_base_seconds: u64,
    pub min_increment: u64,
    pub max_increment: u64,
}

impl Default for TimeControls {
    fn default() -> TimeControls {
        // why 1+0 to 30+30: below a minute a network's lag decides games; correspondence
        // (days a move) this client does not play.
        TimeControls {
            min_base_seconds: 60,
            max_base_seconds: 1800,
            min_increment: 0,
            max_increment: 30,
        }
    }
}

/// Whose challenges are taken.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Accept {
    #[default]
    Everyone,
    /// People only (no BOT accounts).
    Humans,
    /// BOT accounts only.
    Bots,
}

/// Who may challenge.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Challengers {
    pub accept: Accept,
    /// Names never played (any letter case).
    pub blocked: Vec<String>,
    /// If not empty, the only names played.
    pub only: Vec<String>,
}

/// How strongly Khun plays.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// The full engine.
    #[default]
    Full,
    /// `Skill Level` N (-20..20).
    SkillLevel(i32),
    /// `UCI_LimitStrength` with `UCI_Elo` N (672..2551).
    Elo(i32),
}

/// The engine each game gets.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct EngineSettings {
    pub hash_mb: usize,
    pub threads: usize,
    /// `Move Overhead`: milliseconds kept back on every move for the network.
    pub move_overhead_ms: u64,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        // why 300 ms: a move's round trip to a server across the world is 100-300 ms;
        // the engine also learns the lag the clock shows (search/clock_lag.rs).
        EngineSettings {
            hash_mb: 64,
            threads: 1,
            move_overhead_ms: 300,
        }
    }
}

/// What Khun says in a game's chat (nothing when empty).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Chat {
    pub greeting: String,
    pub goodbye: String,
}

/// The settings file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The games accepted and advertised, by the server's names.
    pub variants: Vec<String>,
    pub time_controls: TimeControls,
    pub rated: bool,
    pub casual: bool,
    pub concurrent_games: usize,
    pub challengers: Challengers,
    pub strength: Strength,
    pub engine: EngineSettings,
    pub chat: Chat,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variants: SERVER_GAMES.iter().map(|v| v.name().to_string()).collect(),
            time_controls: TimeControls::default(),
            rated: true,
            casual: true,
            concurrent_games: 1,
            challengers: Challengers::default(),
            strength: Strength::Full,
            engine: EngineSettings::default(),
            chat: Chat::default(),
        }
    }
}

impl Settings {
    /// Reads and checks a settings file.
    pub fn read(path: &Path) -> Result<Settings, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the settings file {}: {e}", path.display()))?;
        Settings::parse(&text).map_err(|e| format!("settings file {}: {e}", path.display()))
    }

    /// Reads and checks settings from JSON text.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let settings: Settings = serde_json::from_str(text).map_err(|e| e.to_string())?;
        settings.check()?;
        Ok(settings)
    }

    /// Whether the values make sense together.
    pub fn check(&self) -> Result<(), String> {
        if self.variants.is_empty() {
            return Err("\"variants\" is empty: Khun would play nothing".into());
        }
        for name in &self.variants {
            if server_game(name).is_none() {
                return Err(format!(
                    "\"variants\": Khun plays no game named '{name}' on pychess.org (it plays {})",
                    SERVER_GAMES.map(Variant::name).join(", ")
                ));
            }
        }
        let tc = &self.time_controls;
        if tc.min_base_seconds > tc.max_base_seconds || tc.min_increment > tc.max_increment {
            return Err("\"time_controls\": a minimum is above its maximum".into());
        }
        if !self.rated && !self.casual {
            return Err("\"rated\" and \"casual\" are both false: Khun would play nothing".into());
        }
        if !(1..=64).contains(&self.concurrent_games) {
            return Err("\"concurrent_games\" must be 1 to 64".into());
        }
        match self.strength {
            Strength::SkillLevel(n) if !(-20..=20).contains(&n) => {
                return Err(format!(
                    "\"strength\": skill_level {n} is not within -20..20"
                ));
            }
            Strength::Elo(n) if !(672..=2551).contains(&n) => {
                return Err(format!("\"strength\": elo {n} is not within 672..2551"));
            }
            _ => {}
        }
        if !(1..=32768).contains(&self.engine.hash_mb) || !(1..=256).contains(&self.engine.threads)
        {
            return Err("\"engine\": hash_mb must be 1..32768 and threads 1..256".into());
        }
        if self.engine.move_overhead_ms > 5000 {
            return Err("\"engine\": move_overhead_ms must be 0..5000".into());
        }
        Ok(())
    }

    /// The games to advertise in the capabilities header, by the server's names.
    pub fn advertised(&self) -> Vec<&'static str> {
        SERVER_GAMES
            .iter()
            .filter(|v| self.plays(v.name()))
            .map(|v| v.name())
            .collect()
    }

    /// Whether the settings take games of the server's variant `name`.
    pub fn plays(&self, name: &str) -> bool {
        server_game(name).is_some() && self.variants.iter().any(|v| v == name)
    }
}

/// The game the server calls `name`, if Khun plays it there.
pub fn server_game(name: &str) -> Option<Variant> {
    SERVER_GAMES.iter().copied().find(|v| v.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_the_defaults_and_a_typo_is_refused() {
        let settings = Settings::parse("{}").unwrap();
        assert_eq!(settings, Settings::default());
        assert_eq!(
            settings.advertised(),
            ["makruk", "cambodian", "makpong", "asean", "sittuyin"]
        );
        let error = Settings::parse(r#"{"concurent_games": 2}"#).unwrap_err();
        assert!(error.contains("concurent_games"), "{error}");
    }

    #[test]
    fn strength_and_games_are_read_and_checked() {
        let settings =
            Settings::parse(r#"{"variants": ["makruk"], "strength": {"elo": 1800}}"#).unwrap();
        assert_eq!(settings.strength, Strength::Elo(1800));
        assert_eq!(settings.advertised(), ["makruk"]);
        assert!(!settings.plays("sittuyin"));
        let error = Settings::parse(r#"{"variants": ["ai-wok"]}"#).unwrap_err();
        assert!(error.contains("ai-wok"), "{error}");
        assert!(Settings::parse(r#"{"strength": {"skill_level": 30}}"#).is_err());
        assert!(Settings::parse(r#"{"rated": false, "casual": false}"#).is_err());
        assert_eq!(
            Settings::parse(r#"{"strength": {"skill_level": -5}}"#)
                .unwrap()
                .strength,
            Strength::SkillLevel(-5)
        );
    }
}
