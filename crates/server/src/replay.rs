//! `replay`: a replay or save rebuilt headless, step by step; or its first
//! steps written as a rules script.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use swift_swords_core::data::{Ruleset, load_ruleset};
use swift_swords_core::replay::Replay;
use swift_swords_core::replay::script::script_of;
use swift_swords_core::script::{LevelSource, run_script};

#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// The replay or save file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Stop after this step (all of them by default).
    #[arg(long, value_name = "STEP")]
    pub to: Option<usize>,
    /// Print only the one-line summary, not every step.
    #[arg(long)]
    pub quiet: bool,
    /// Also check that each AI seat's command is the one that AI chooses now
    /// (a change in the AI's play then parts the replay from its record).
    #[arg(long)]
    pub check_ai: bool,
    /// Write the steps up to --to as a rules script here: the level, the
    /// dice they rolled, the commands and the battle as it then stood.
    #[arg(long, value_name = "OUT.ron")]
    pub as_script: Option<PathBuf>,
}

/// `swift-swords replay`: rebuilds a replay, checking every step; with
/// `--as-script`, writes the steps up to `--to` as a rules script.
pub fn run_replay(data: Option<&Path>, args: &ReplayArgs) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => Arc::new(ruleset),
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let file = &args.file;
    let replay = match Replay::read(file) {
        Ok(replay) => replay,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let level = match replay.level(file, &ruleset) {
        Ok(level) => level,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let steps = replay.steps();
    let to = args.to.unwrap_or(steps);
    if to > steps {
        eprintln!("--to {to}: the replay has only {steps} steps");
        return ExitCode::from(2);
    }
    if replay.rules_changed(&ruleset) {
        eprintln!(
            "{}: note: the rules data has changed since this replay was recorded",
            file.display()
        );
    }
    let started = std::time::Instant::now();
    let mut out = std::io::stdout().lock();
    let rebuilt = replay.rebuild_with(
        &level,
        ruleset.clone(),
        to,
        args.check_ai,
        |step, said, engine| {
            if !args.quiet {
                // A closed pipe (`| head`) only stops the listing.
                let round = engine.state().battle().round;
                let _ = writeln!(out, "{step:>5}  round {round:>2}  {said}");
            }
        },
    );
    let elapsed = started.elapsed();
    let engine = match rebuilt {
        Ok(engine) => engine,
        Err(divergence) => {
            let _ = writeln!(
                out,
                "{}: the replay parts from its record at {divergence}\n\
                 The game or its data now plays this battle differently. If that change is \
                 meant, record the replay again (those in tests/replays: \
                 SWIFT_SWORDS_RECORD_REPLAYS=1 cargo test replays).",
                file.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let battle = &engine.state().battle();
    let standing = battle
        .outcome_in_words()
        .unwrap_or_else(|| "the battle goes on".to_string());
    let _ = writeln!(
        out,
        "{}: {to} of {steps} steps hold ({}, seed {}, round {}: {standing}) in {:.1} ms",
        file.display(),
        swift_swords_core::diagnostics::printable(&replay.level_name),
        replay.seed,
        battle.round,
        elapsed.as_secs_f64() * 1e3
    );
    match &args.as_script {
        Some(out) => write_script(&replay, &level, to, &engine, ruleset, out),
        None => ExitCode::SUCCESS,
    }
}

/// Writes the replay's first `to` steps as a rules script, and runs it once
/// to be sure it passes as written.
fn write_script(
    replay: &Replay,
    level: &swift_swords_core::level::Level,
    to: usize,
    engine: &swift_swords_core::battle::engine::Engine,
    ruleset: Arc<Ruleset>,
    out: &Path,
) -> ExitCode {
    let Some(script) = script_of(replay, level, to, engine) else {
        eprintln!("the replay's dice do not come from its seed: no script written");
        return ExitCode::FAILURE;
    };
    let LevelSource::Inline(inline) = &script.level else {
        return ExitCode::FAILURE;
    };
    if let Err(failure) = run_script(&script, inline, ruleset) {
        eprintln!("the script made from the replay does not pass: {failure}");
        return ExitCode::FAILURE;
    }
    let config = ron::ser::PrettyConfig::default().depth_limit(4);
    let written = ron::ser::to_string_pretty(&script, config)
        .map_err(|e| e.to_string())
        .and_then(|text| std::fs::write(out, text + "\n").map_err(|e| e.to_string()));
    match written {
        Ok(()) => {
            println!(
                "wrote the first {to} steps as a rules script to {}",
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{}:1:1: cannot write the script: {error}", out.display());
            ExitCode::FAILURE
        }
    }
}
