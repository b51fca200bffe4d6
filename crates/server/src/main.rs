//! `swift-swords-server`: the game's commands with no window, for a server
//! image with no sound or graphics library (docs/NETWORK.md).

use std::process::ExitCode;

use clap::Parser;
use swift_swords_server::{Command, Options};

/// The AI's search makes and drops many small copies of the battle:
/// mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "swift-swords-server",
    version = swift_swords_core::content::version_line(),
    about = "Swift Swords with no window: the relay server, checks, scripts, replays and simulations."
)]
struct Cli {
    #[command(flatten)]
    options: Options,
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    swift_swords_server::end_quietly_when_the_reader_stops();
    let cli = Cli::parse();
    if let Err(code) = cli.options.install_content() {
        return code;
    }
    swift_swords_server::run(cli.options.data.as_deref(), &cli.command)
}
