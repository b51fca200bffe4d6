//! `swift-swords campaign`: check a campaign, or play it many times with
//! the AI and report its balance.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::{MOST_JOBS, within, write_json};
use crate::ai::AiLevel;
use crate::campaign::check::load_campaign;
use crate::campaign::run::RunLevels;
use crate::data::{load_aftermath, load_ruleset};
use crate::simulate::campaign::{CampaignSim, run_campaigns, summarise_campaigns};

/// The most runs one `campaign simulate` plays.
pub const MOST_RUNS: usize = 1_000_000;

#[derive(Debug, clap::Subcommand)]
pub enum CampaignCommand {
    /// Check campaign files and the levels they name.
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Play a whole campaign many times, AI against AI, and report how it goes.
    Simulate(CampaignSimulateArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct CampaignSimulateArgs {
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// How many whole campaigns (1 to 1,000,000).
    #[arg(long, default_value_t = 100, value_parser = within(1, MOST_RUNS))]
    pub runs: usize,
    /// The run's seed; campaign i gets a seed derived from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The AI level playing the warband.
    #[arg(long, value_enum, default_value = "normal")]
    pub ai: AiLevel,
    /// The AI level playing its foes.
    #[arg(long, value_enum, default_value = "normal")]
    pub foes: AiLevel,
    /// Threads to spread the runs over, 1 to 64 (all cores by default).
    #[arg(long, value_parser = within(1, MOST_JOBS))]
    pub jobs: Option<usize>,
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

pub fn run_campaign_command(data: Option<&Path>, command: &CampaignCommand) -> ExitCode {
    match command {
        CampaignCommand::Check { files } => check(data, files),
        CampaignCommand::Simulate(args) => simulate(data, args),
    }
}

fn check(data: Option<&Path>, files: &[PathBuf]) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => ruleset,
        Err(problems) => {
            println!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let mut problems = 0;
    for file in files {
        if let Err(found) = load_campaign(file, &ruleset) {
            problems += found.0.len();
            println!("{found}");
        }
    }
    eprintln!("checked {} campaign(s): {problems} problem(s)", files.len());
    if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn simulate(data: Option<&Path>, args: &CampaignSimulateArgs) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => Arc::new(ruleset),
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let rules = match load_aftermath(data) {
        Ok(rules) => rules,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    let loaded = match load_campaign(&args.file, &ruleset) {
        Ok(loaded) => loaded,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let sim = CampaignSim {
        loaded,
        ruleset,
        rules,
        runs: args.runs,
        seed: args.seed,
        levels: RunLevels {
            warband: args.ai,
            foes: args.foes,
        },
        jobs,
    };
    let progress = indicatif::ProgressBar::new(args.runs as u64);
    let started = std::time::Instant::now();
    let runs = run_campaigns(&sim, &|| progress.inc(1));
    let elapsed = started.elapsed();
    progress.finish_and_clear();
    for (index, run) in runs.iter().enumerate() {
        if let Err(problem) = run {
            eprintln!("run {index}: {problem}");
        }
    }
    let report = summarise_campaigns(&sim, &runs);
    print!("{report}");
    println!(
        "took {:.2} s on {jobs} thread(s): {:.1} campaigns per second",
        elapsed.as_secs_f64(),
        runs.len() as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    match &args.json {
        Some(path) => write_json(path, &report),
        None => ExitCode::SUCCESS,
    }
}
