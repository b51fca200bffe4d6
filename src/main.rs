use std::process::ExitCode;

use clap::Parser;
use swift_swords::cli::{self, Cli, CliCommand};
use swift_swords::game::play_args::PlayArgs;

/// The AI's search makes and drops many small copies of the battle:
/// mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    end_quietly_when_the_reader_stops();
    let cli = Cli::parse();
    if let Err(problem) = swift_swords::content::install(cli.content.as_deref()) {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
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
        Some(CliCommand::Campaign(command)) => cli::campaign::run_campaign_command(data, &command),
        Some(CliCommand::Serve(args)) => cli::run_serve(data, &args),
        Some(CliCommand::Figures(args)) => swift_swords::game::run_figures(data, &args),
    }
}

/// A report piped into a reader that stops early (`simulate … | head`)
/// ends the program quietly, as other command-line tools do, not with a
/// panic's message. (The standard library ignores the signal that would
/// end it, and the project forbids the unsafe call that restores it.)
fn end_quietly_when_the_reader_stops() {
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
