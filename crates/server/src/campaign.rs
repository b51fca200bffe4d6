//! `swift-swords campaign`: check a campaign, play it many times with the
//! AI and report its balance, or record one run and play it again.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::simulate::{MOST_JOBS, within, write_json};
use swift_swords_core::ai::AiLevel;
use swift_swords_core::campaign::check::{LevelReach, LoadedCampaign, load_campaign_within};
use swift_swords_core::campaign::record::CampaignRecord;
use swift_swords_core::campaign::run::RunLevels;
use swift_swords_core::data::{AftermathRules, Ruleset, load_aftermath, load_ruleset};
use swift_swords_core::diagnostics::printable;
use swift_swords_core::simulate::campaign::{CampaignSim, run_campaigns, summarise_campaigns};

/// The most runs one `campaign simulate` plays.
pub const MOST_RUNS: usize = 1_000_000;

#[derive(Debug, clap::Subcommand)]
pub enum CampaignCommand {
    /// Check campaign files and the levels they name.
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Let a campaign's levels lie outside its folder and the game's
        /// levels.
        #[arg(long)]
        allow_outside: bool,
    },
    /// Play a whole campaign many times, AI against AI, and report how it goes.
    Simulate(CampaignSimulateArgs),
    /// Play a whole campaign once with the AI and record it, step by step.
    Record {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The campaign's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The AI level playing the warband.
        #[arg(long, value_enum, default_value = "normal")]
        ai: AiLevel,
        /// The AI level playing its foes.
        #[arg(long, value_enum, default_value = "normal")]
        foes: AiLevel,
        /// Where to write the record.
        #[arg(long, value_name = "RECORD")]
        out: PathBuf,
        /// Let the campaign's levels lie outside its folder and the game's
        /// levels.
        #[arg(long)]
        allow_outside: bool,
    },
    /// Play a recorded campaign again, checking every step.
    Replay {
        #[arg(value_name = "RECORD")]
        record: PathBuf,
    },
    /// Draw the warband's cards of a campaign save to a PNG picture, for
    /// printing or sharing (drawn by the game's window).
    Roster {
        /// A campaign save: campaign.ron in a campaign's folder.
        #[arg(value_name = "SAVE")]
        save: PathBuf,
        /// Where to write the picture.
        #[arg(long, value_name = "PNG")]
        out: PathBuf,
    },
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
    /// Let the campaign's levels lie outside its folder and the game's
    /// levels.
    #[arg(long)]
    pub allow_outside: bool,
}

pub fn run_campaign_command(data: Option<&Path>, command: &CampaignCommand) -> ExitCode {
    match command {
        CampaignCommand::Check {
            files,
            allow_outside,
        } => check(data, files, LevelReach::allowing_outside(*allow_outside)),
        CampaignCommand::Simulate(args) => simulate(data, args),
        CampaignCommand::Record {
            file,
            seed,
            ai,
            foes,
            out,
            allow_outside,
        } => record(
            (data, LevelReach::allowing_outside(*allow_outside)),
            file,
            *seed,
            RunLevels {
                warband: *ai,
                foes: *foes,
            },
            out,
        ),
        CampaignCommand::Replay { record } => replay(data, record),
        CampaignCommand::Roster { .. } => {
            eprintln!(
                "the warband's cards are drawn by the game's window: run this with swift-swords, not the server"
            );
            ExitCode::from(2)
        }
    }
}

fn check(data: Option<&Path>, files: &[PathBuf], reach: LevelReach) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => ruleset,
        Err(problems) => {
            println!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let mut problems = 0;
    for file in files {
        if let Err(found) = load_campaign_within(file, &ruleset, reach) {
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

/// The data, the aftermath's numbers and the campaign in `file`, or what
/// stopped them loading.
fn load_all(
    (data, reach): (Option<&Path>, LevelReach),
    file: &Path,
) -> Result<(Arc<Ruleset>, AftermathRules, LoadedCampaign), String> {
    let ruleset = Arc::new(load_ruleset(data).map_err(|p| p.to_string())?);
    let rules = load_aftermath(data).map_err(|p| p.to_string())?;
    let loaded = load_campaign_within(file, &ruleset, reach).map_err(|p| p.to_string())?;
    Ok((ruleset, rules, loaded))
}

/// `campaign` as a path from `record`'s folder, where both are relative
/// to the working folder; else as it is.
fn relative_to_record(record: &Path, campaign: &Path) -> String {
    let up = record.parent().map_or(0, |dir| dir.components().count());
    let plain = |p: &Path| {
        p.components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
    };
    match record.parent() {
        Some(dir) if plain(dir) && plain(campaign) => {
            let mut path = PathBuf::new();
            (0..up).for_each(|_| path.push(".."));
            path.join(campaign).to_string_lossy().into_owned()
        }
        _ => campaign.to_string_lossy().into_owned(),
    }
}

fn record(
    data: (Option<&Path>, LevelReach),
    file: &Path,
    seed: u64,
    levels: RunLevels,
    out: &Path,
) -> ExitCode {
    let (ruleset, rules, loaded) = match load_all(data, file) {
        Ok(all) => all,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    let campaign = relative_to_record(out, file);
    let written = CampaignRecord::record(&loaded, &campaign, seed, levels, (&ruleset, &rules))
        .and_then(|record| record.to_ron().map_err(|e| e.to_string()))
        .and_then(|text| {
            swift_swords_core::files::write_keeping_previous(out, &text).map_err(|e| e.to_string())
        });
    match written {
        Ok(()) => {
            println!("recorded {} into {}", file.display(), out.display());
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("{}: {problem}", out.display());
            ExitCode::FAILURE
        }
    }
}

fn replay(data: Option<&Path>, path: &Path) -> ExitCode {
    let record = match CampaignRecord::read(path) {
        Ok(record) => record,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let file = path
        .parent()
        .unwrap_or(Path::new("."))
        .join(&record.campaign);
    let (ruleset, rules, loaded) = match load_all((data, LevelReach::Confined), &file) {
        Ok(all) => all,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    match record.verify(&loaded, (&ruleset, &rules), |step| {
        println!("{step}: as recorded")
    }) {
        Ok(state) => {
            println!(
                "{} steps played as recorded: {} battles, {} weeks",
                record.steps.len(),
                state.chronicle().len(),
                state.week()
            );
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("{}: {problem}", path.display());
            ExitCode::FAILURE
        }
    }
}

fn simulate(data: Option<&Path>, args: &CampaignSimulateArgs) -> ExitCode {
    let (ruleset, rules, loaded) = match load_all(
        (data, LevelReach::allowing_outside(args.allow_outside)),
        &args.file,
    ) {
        Ok(all) => all,
        Err(problem) => {
            eprintln!("{problem}");
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
    let mut failed = 0;
    for (index, run) in runs.iter().enumerate() {
        if let Err(problem) = run {
            failed += 1;
            eprintln!("run {index}: {}", printable(&problem.to_string()));
        }
    }
    let report = summarise_campaigns(&sim, &runs);
    // Names come from the campaign file: escaped, so none can move the
    // cursor, clear the terminal or set its title.
    print!("{}", printable(&report.to_string()));
    println!(
        "took {:.2} s on {jobs} thread(s): {:.1} campaigns per second",
        elapsed.as_secs_f64(),
        runs.len() as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    let written = match &args.json {
        Some(path) => write_json(path, &report),
        None => ExitCode::SUCCESS,
    };
    if failed > 0 {
        eprintln!("{failed} of {} run(s) could not be played", runs.len());
        return ExitCode::FAILURE;
    }
    written
}
