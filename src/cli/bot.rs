//! `khun bot`: the arguments, the token (from `KHUN_BOT_TOKEN` or a file, never from
//! the command line, where other users of the machine could read it in the process
//! list), the settings file, then the client ([`crate::bot`]).

use crate::bot::log::Log;
use crate::bot::settings::Settings;
use crate::bot::stopping::{Phase, Stopping};
use crate::bot::{Bot, run};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The environment variable that holds the token.
pub const TOKEN_VARIABLE: &str = "KHUN_BOT_TOKEN";

/// `khun bot`'s arguments.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The server.
    #[arg(long, default_value = "https://www.pychess.org")]
    pub server: String,
    /// A file holding the BOT account's token (else the environment's KHUN_BOT_TOKEN).
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// The settings file (JSON: the games, clocks, who may challenge, the strength,
    /// the chat); without it, the defaults (README, "khun bot").
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Log the protocol too: every line read, every request's outcome.
    #[arg(long)]
    pub verbose: bool,
}

/// Runs `khun bot`: exit 0 when it stopped by itself, 130 after Ctrl-C finished or
/// resigned its games, 2 when it could not run.
pub fn main(args: &BotArgs) -> ExitCode {
    let token = match token(args.token_file.as_deref()) {
        Ok(token) => token,
        Err(why) => return super::could_not_run("bot", why),
    };
    let settings = match &args.settings {
        Some(path) => match Settings::read(path) {
            Ok(settings) => settings,
            Err(why) => return super::could_not_run("bot", why),
        },
        None => Settings::default(),
    };
    if !(args.server.starts_with("https://") || args.server.starts_with("http://")) {
        return super::could_not_run("bot", "--server must be an http:// or https:// address");
    }
    let stopping = match Stopping::on_signals() {
        Ok(stopping) => stopping,
        Err(why) => return super::could_not_run("bot", why),
    };
    let bot = Bot {
        server: args.server.clone(),
        token,
        settings,
        log: Log::stderr(args.verbose),
        stopping: stopping.clone(),
    };
    match run(bot) {
        Ok(()) if stopping.phase() == Phase::Playing => ExitCode::SUCCESS,
        Ok(()) => ExitCode::from(crate::long_jobs::interrupt::exit_code(
            crate::long_jobs::interrupt::SIGINT,
        )),
        Err(why) => super::could_not_run("bot", why),
    }
}

/// The token: the file's first line, else the environment variable's value.
fn token(file: Option<&Path>) -> Result<String, String> {
    let token = match file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the token file {}: {e}", path.display()))?
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_string(),
        None => std::env::var(TOKEN_VARIABLE)
            .unwrap_or_default()
            .trim()
            .to_string(),
    };
    if token.is_empty() {
        return Err(format!(
            "no token: put the BOT account's token in {TOKEN_VARIABLE} or in a file named by --token-file"
        ));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("the token holds spaces or characters a header cannot carry".into());
    }
    Ok(token)
}
