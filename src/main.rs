use std::process::ExitCode;

use clap::Parser;
use swift_swords::cli::{self, Cli, CliCommand, PlayArgs};

/// The AI's search makes and drops many small copies of the battle:
/// mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let data = cli.data.as_deref();
    match cli.command {
        None => swift_swords::game::run(data, PlayArgs::default()),
        Some(CliCommand::Play(args)) => swift_swords::game::run(data, args),
        Some(CliCommand::Check {
            paths,
            allow_outside,
        }) => cli::run_check(data, &paths, allow_outside),
        Some(CliCommand::Script {
            files,
            allow_outside,
        }) => cli::run_scripts(data, &files, allow_outside),
        Some(CliCommand::Simulate(args)) => cli::run_simulate(data, &args),
        Some(CliCommand::Replay(args)) => cli::run_replay(data, &args),
    }
}
