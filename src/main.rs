use std::process::ExitCode;

use clap::{Parser, Subcommand};
use swift_swords::game::play_args::{FiguresArgs, PlayArgs};
use swift_swords_server::Options;
use swift_swords_server::campaign::CampaignCommand;

/// The AI's search makes and drops many small copies of the battle:
/// mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The game's command line: the window's commands, and the server's
/// (crates/server) beside them.
#[derive(Debug, Parser)]
#[command(
    name = "swift-swords",
    version = swift_swords::content::version_line(),
    about = "A digital table for Swift Swords Tactica."
)]
struct Cli {
    #[command(flatten)]
    options: Options,
    #[command(subcommand)]
    command: Option<GameCommand>,
}

#[derive(Debug, Subcommand)]
enum GameCommand {
    /// Start the game on a level.
    Play(PlayArgs),
    #[command(flatten)]
    Headless(swift_swords_server::Command),
    /// Draw every creature template on its base in a labelled grid (the
    /// figure sheet), or list what is on it.
    Figures(FiguresArgs),
}

fn main() -> ExitCode {
    swift_swords_server::end_quietly_when_the_reader_stops();
    let cli = Cli::parse();
    if let Err(code) = cli.options.install_content() {
        return code;
    }
    let data = cli.options.data.as_deref();
    match cli.command {
        None => swift_swords::game::run(data, PlayArgs::default()),
        Some(GameCommand::Play(args)) => swift_swords::game::run(data, args),
        Some(GameCommand::Headless(swift_swords_server::Command::Campaign(
            CampaignCommand::Roster { save, out },
        ))) => swift_swords::game::run_roster(data, &save, &out),
        Some(GameCommand::Headless(command)) => swift_swords_server::run(data, &command),
        Some(GameCommand::Figures(args)) => swift_swords::game::run_figures(data, &args),
    }
}
