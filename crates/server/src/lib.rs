//! The command line with no window: `check`, `script`, `simulate`,
//! `replay`, `campaign` and `serve`. The server's binary is these alone;
//! the game's binary adds `play` and `figures` to them.

pub mod campaign;
pub mod check;
pub mod replay;
pub mod serve;
pub mod simulate;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

/// The options every command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct Options {
    /// The data folder (weapons, creatures, actions, rules, terrain).
    /// Defaults to the content's assets/data.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// The game's content: a folder laid out as the project is (assets/,
    /// levels/, lessons/, campaigns/), read from disk with hot reload.
    /// Defaults to the working folder when it is the project, else the
    /// content built into the game.
    #[arg(long, global = true, value_name = "DIR")]
    pub content: Option<PathBuf>,
}

impl Options {
    /// Chooses this run's content (unpacking the built-in content when it
    /// is that); a problem is printed for the caller to end with.
    pub fn install_content(&self) -> Result<(), ExitCode> {
        swift_swords_core::content::install(self.content.as_deref()).map_err(|problem| {
            eprintln!("{problem}");
            ExitCode::FAILURE
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check level, data, script, lesson and replay files, or whole folders of them.
    Check {
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Let a script's level be an absolute path, or one outside both the
        /// script's folder and the working folder.
        #[arg(long)]
        allow_outside: bool,
    },
    /// Run rules scripts and report PASS or FAIL for each.
    Script {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Let a script's level be an absolute path, or one outside both the
        /// script's folder and the working folder.
        #[arg(long)]
        allow_outside: bool,
    },
    /// Play many AI-against-AI battles on a level and report the results.
    Simulate(simulate::SimulateArgs),
    /// Rebuild a replay or save headless, checking every step's fingerprint.
    Replay(replay::ReplayArgs),
    /// Check a campaign, or play it many times AI against AI.
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Run a network server with no window: a lobby that referees each game
    /// (docs/NETWORK.md).
    Serve(serve::ServeArgs),
}

/// Runs one command, with the data folder given (or the content's).
pub fn run(data: Option<&Path>, command: &Command) -> ExitCode {
    match command {
        Command::Check {
            paths,
            allow_outside,
        } => check::run_check(data, paths, *allow_outside),
        Command::Script {
            files,
            allow_outside,
        } => check::run_scripts(data, files, *allow_outside),
        Command::Simulate(args) => simulate::run_simulate(data, args),
        Command::Replay(args) => replay::run_replay(data, args),
        Command::Campaign(command) => campaign::run_campaign_command(data, command),
        Command::Serve(args) => serve::run_serve(data, args),
    }
}

/// A report piped into a reader that stops early (`simulate … | head`)
/// ends the program quietly, as other command-line tools do, not with a
/// panic's message. (The standard library ignores the signal that would
/// end it, and the project forbids the unsafe call that restores it.)
pub fn end_quietly_when_the_reader_stops() {
    /// The status a shell gives a program ended by a closed pipe.
    const CLOSED_PIPE: i32 = 128 + 13;
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        // 32 is EPIPE, "broken pipe".
        if message.starts_with("failed printing to stdout") && message.ends_with("(os error 32)") {
            std::process::exit(CLOSED_PIPE);
        }
        report(info);
    }));
}
