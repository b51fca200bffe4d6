//! `serve`: the relay server, run until the process is stopped.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use swift_swords_core::data::load_ruleset;

#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The address and port to listen on.
    #[arg(long, default_value = "0.0.0.0:7878", value_name = "ADDR")]
    pub bind: std::net::SocketAddr,
    /// Where the games are kept, so a restart resumes them (the platform's
    /// data folder by default: ~/.local/share/swift-swords/server on Linux).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Dice and tokens from this seed: for tests only, as anyone who knows
    /// it can foresee every roll.
    #[arg(long, value_name = "SEED", hide = true)]
    pub foreseeable_dice: Option<u64>,
}

/// `serve`: runs the server until the process is stopped, logging each
/// line with the seconds since it started.
pub fn run_serve(data: Option<&Path>, args: &ServeArgs) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => Arc::new(ruleset),
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let data_dir = args
        .data_dir
        .clone()
        .unwrap_or_else(|| swift_swords_core::files::data_dir().join("server"));
    // The games are kept in a folder: anything else in its place would
    // let the server start and keep nothing.
    if let Err(error) = std::fs::create_dir_all(&data_dir) {
        eprintln!(
            "{}:1:1: the server keeps its games in a folder, and cannot make one here ({})",
            data_dir.display(),
            error.kind()
        );
        return ExitCode::FAILURE;
    }
    let config = swift_swords_net::server::ServerConfig {
        bind: args.bind,
        data_dir: Some(data_dir),
        foreseeable: args.foreseeable_dice,
    };
    let started = std::time::Instant::now();
    let log = move |line: String| {
        println!("[{:>7.1} s] {line}", started.elapsed().as_secs_f64());
    };
    match swift_swords_net::server::start(config, ruleset, log) {
        Ok(server) => {
            println!("listening on {}", server.addr);
            let _ = std::io::stdout().flush();
            loop {
                std::thread::park();
            }
        }
        Err(error) => {
            eprintln!("cannot listen on {}: {error}", args.bind);
            ExitCode::FAILURE
        }
    }
}
