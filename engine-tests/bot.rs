//! `khun bot` against a local server speaking pychess.org's BOT API (`bot/fake_server.rs`,
//! no network): a challenge in a game Khun does not play declined, one in makruk
//! accepted and played to its end by the rules with every move checked, the game's
//! stream and the event stream dropped mid-game and recovered, Ctrl-C finishing and
//! a second Ctrl-C resigning.

#[path = "bot/fake_server.rs"]
mod fake_server;

use fake_server::{FakeServer, TOKEN};
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The `khun bot` process and its log.
struct BotProcess {
    child: Child,
    log: std::path::PathBuf,
}

impl BotProcess {
    fn start(server: &FakeServer, name: &str, settings: &str) -> BotProcess {
        let dir = std::env::temp_dir().join(format!("khun-bot-test-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let settings_path = dir.join("settings.json");
        std::fs::write(&settings_path, settings).unwrap();
        let log = dir.join("bot.log");
        let child = Command::new(env!("CARGO_BIN_EXE_khun"))
            .args(["bot", "--verbose", "--server", &server.url(), "--settings"])
            .arg(&settings_path)
            .env("KHUN_BOT_TOKEN", TOKEN)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start khun bot");
        BotProcess { child, log }
    }

    fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill");
        assert!(status.success());
    }

    /// Waits for the process to end: its exit code and log.
    fn finish(mut self, limit: Duration) -> (Option<i32>, String) {
        let deadline = std::time::Instant::now() + limit;
        let code = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status.code();
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("khun bot did not stop: {}", self.log_text());
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        (code, self.log_text())
    }

    fn log_text(&self) -> String {
        let mut text = String::new();
        if let Ok(mut file) = std::fs::File::open(&self.log) {
            let _ = file.read_to_string(&mut text);
        }
        text
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const LONG: Duration = Duration::from_secs(120);

#[test]
fn a_bot_declines_other_games_and_plays_makruk_to_its_end_through_dropped_streams() {
    let server = FakeServer::start();
    let bot = BotProcess::start(
        &server,
        "play",
        r#"{"variants": ["makruk"], "engine": {"hash_mb": 8, "move_overhead_ms": 50},
            "chat": {"greeting": "Hello", "goodbye": "Thanks"}}"#,
    );
    server.wait_for("the event stream", LONG, |r| r.event_connections == 1);
    assert_eq!(
        server.record().capabilities[0],
        r#"{"variants":["makruk"],"version":1}"#
    );

    server.challenge("chal0001", "chess", false, 180, 2);
    server.challenge("chal0002", "sittuyin", false, 180, 2);
    server.wait_for("the declines", LONG, |r| r.declined.len() == 2);
    assert_eq!(
        server.record().declined,
        [
            ("chal0001".to_string(), "variant".to_string()),
            ("chal0002".to_string(), "variant".to_string())
        ]
    );

    // Khun plays Black; the person opens.
    server.challenge("game0001", "makruk", false, 60, 0);
    server.wait_for("the acceptance", LONG, |r| r.accepted == ["game0001"]);
    server.drop_game_stream_after("game0001", 4);
    server.wait_for("Khun's fourth move", LONG, |r| {
        r.games["game0001"].bot_moves() >= 4
    });
    // The game's stream is down now; the event stream goes down too.
    server.drop_event_stream();
    server.wait_for("the game's end", Duration::from_secs(600), |r| {
        r.games["game0001"].over.is_some()
    });
    server.wait_for("the goodbye", LONG, |r| r.chats.len() == 2);

    let (game, record) = {
        let record = server.record();
        (
            record.games["game0001"].clone(),
            (
                record.event_connections,
                record.game_connections,
                record.refused_requests,
            ),
        )
    };
    assert!(game.illegal.is_empty(), "illegal moves: {:?}", game.illegal);
    assert!(
        game.out_of_turn.is_empty(),
        "moves out of turn: {:?}",
        game.out_of_turn
    );
    let over = game.over.clone().unwrap();
    assert!(over != "INVALIDMOVE", "{over}");
    // An end by the rules: the position is over.
    assert!(
        over.starts_with("1-0") || over.starts_with("0-1") || over.starts_with("1/2"),
        "{over}"
    );
    let (event_connections, game_connections, refused) = record;
    assert!(
        event_connections >= 2,
        "event stream connections: {event_connections}"
    );
    assert!(
        game_connections >= 2,
        "game stream connections: {game_connections}"
    );
    assert_eq!(refused, 0);
    assert_eq!(server.record().chats, ["Hello", "Thanks"]);

    bot.interrupt();
    let (code, log) = bot.finish(LONG);
    assert_eq!(code, Some(130), "{log}");
    assert!(!log.contains(TOKEN), "the token is in the log");
    // Khun (Black) mates the random person, or the rules end the game after the
    // person's move; either way the log says how, from Khun's own replay.
    let plies = game.moves.len();
    if plies % 2 == 0 {
        let result = over.split(' ').next().unwrap();
        let line = format!("game game0001: over after {plies} plies: {result}");
        assert!(log.contains(&line), "{line} not in {log}");
    } else {
        assert!(log.contains("game game0001: over after"), "{log}");
    }
    assert!(log.contains("stream dropped"), "{log}");
    eprintln!(
        "game0001: {} plies, {over}, {event_connections} event and {game_connections} game stream connections",
        game.moves.len()
    );
}

#[test]
fn ctrl_c_finishes_games_and_takes_no_new_one_and_twice_resigns() {
    let server = FakeServer::start();
    let bot = BotProcess::start(
        &server,
        "stop",
        r#"{"engine": {"hash_mb": 8}, "concurrent_games": 2}"#,
    );
    server.wait_for("the event stream", LONG, |r| r.event_connections == 1);
    // Khun plays White; the person answers only when the test says.
    server.record().hold_new_games = true;
    server.challenge("game0002", "cambodian", true, 600, 0);
    server.wait_for("Khun's first move", LONG, |r| {
        r.games.get("game0002").is_some_and(|g| g.bot_moves() == 1)
    });
    bot.interrupt();
    // The first Ctrl-C: a new challenge is declined, the game goes on.
    std::thread::sleep(Duration::from_millis(600));
    server.challenge("game0003", "makruk", true, 600, 0);
    server.wait_for("the decline", LONG, |r| !r.declined.is_empty());
    assert_eq!(
        server.record().declined,
        [("game0003".to_string(), "later".to_string())]
    );
    server.release_person("game0002");
    server.wait_for("a move after Ctrl-C", LONG, |r| {
        r.games["game0002"].bot_moves() == 2
    });
    bot.interrupt();
    server.wait_for("the resignation", LONG, |r| r.games["game0002"].resigned);
    let (code, log) = bot.finish(LONG);
    assert_eq!(code, Some(130), "{log}");
    assert!(log.contains("game game0002: resigned"), "{log}");
    let game = server.record().games["game0002"].clone();
    assert!(
        game.illegal.is_empty() && game.out_of_turn.is_empty(),
        "{game:?}"
    );
}

#[test]
fn a_refused_token_stops_the_bot_with_a_message_that_does_not_show_it() {
    let server = FakeServer::start();
    let output = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(["bot", "--server", &server.url()])
        .env("KHUN_BOT_TOKEN", "wrong-token-1234")
        .output()
        .expect("run khun bot");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("refused the token (HTTP 403)"), "{stderr}");
    assert!(!stderr.contains("wrong-token-1234"), "{stderr}");
}
