//! `simulate`: many AI-against-AI battles on a level, their report, their
//! charts, the sweep and the replays kept.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use swift_swords_core::ai::AiLevel;
use swift_swords_core::data::load_ruleset;
use swift_swords_core::files::{FileKind, read_text};
use swift_swords_core::level::load_level;
use swift_swords_core::replay::Replay;
use swift_swords_core::seat::Seat;
use swift_swords_core::simulate::sweep::{Sweep, SweepPoint};
use swift_swords_core::simulate::{
    BattleResult, ReplayChoice, SimConfig, decision_timings, plot, replay_name, run_all, summarise,
};

#[derive(Debug, Clone, clap::Args)]
pub struct SimulateArgs {
    /// The level file.
    #[arg(value_name = "LEVEL")]
    pub level: PathBuf,
    /// How many battles (1 to 1,000,000).
    #[arg(long, default_value_t = 100, value_parser = within(1, MOST_BATTLES))]
    pub battles: usize,
    /// The run's seed; battle i gets a seed derived from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// A side's AI level, as SIDE=LEVEL (random, easy, normal, hard, expert, or
    /// passive: it only holds, passes and defends); sides
    /// not named play normal. May be given once per side.
    #[arg(long = "ai", value_name = "SIDE=LEVEL", value_parser = parse_side_ai)]
    pub ai: Vec<(String, AiLevel)>,
    /// Threads to spread the battles over, 1 to 64 (all cores by default).
    #[arg(long, value_parser = within(1, MOST_JOBS))]
    pub jobs: Option<usize>,
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Exchange the two sides' AI levels every other battle (for mirror levels).
    #[arg(long)]
    pub swap: bool,
    /// Report how long the AI took per decision.
    #[arg(long)]
    pub timings: bool,
    /// Write chosen battles as replays into this folder, named by battle
    /// index and seed.
    #[arg(long, value_name = "DIR")]
    pub save_replays: Option<PathBuf>,
    /// Which battles --save-replays writes: all, draws, upsets (won by the
    /// side with the lower win rate), or SIDE-losses (lost by that side).
    #[arg(
        long,
        value_name = "WHICH",
        default_value = "all",
        requires = "save_replays"
    )]
    pub which: String,
    /// Also draw the report's charts into this SVG file: each side's win
    /// rate with its 95% interval as the battles add up, and the battles'
    /// length (with --sweep, win rate against the value swept).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Play the battles at each value of one number from A to B: a unit's
    /// action_dice, attack_dice, physical, mental, bonus_physical,
    /// bonus_mental, armour or size (roland.attack_dice=2..6), an action's
    /// cost (action.Move=2..4), or an attack's cost by weight
    /// (melee_attack.Medium=3..5, ranged_attack.Medium=3..5).
    #[arg(long, value_name = "UNIT.FIELD=A..B", conflicts_with = "save_replays")]
    pub sweep: Option<String>,
    /// Play the battles under this sequence of play instead of the level's
    /// own: countdown, side-turns, alternation, initiative-track or
    /// dex-ranks.
    #[arg(long, value_name = "NAME")]
    pub sequence: Option<swift_swords_core::vocabulary::Sequence>,
    /// Play the battles under each sequence of play in turn, and report
    /// each one's win shares, draws, length and casualties side by side.
    #[arg(long, conflicts_with_all = ["sequence", "sweep", "save_replays"])]
    pub compare_sequences: bool,
}

/// The most battles one `simulate` run plays, and the most threads it uses.
pub const MOST_BATTLES: usize = 1_000_000;
pub const MOST_JOBS: usize = 64;

/// A parser for a count from `low` to `high`, saying the bounds when refused.
pub(crate) fn within(low: usize, high: usize) -> impl Fn(&str) -> Result<usize, String> + Clone {
    move |text| {
        let count: usize = text
            .parse()
            .map_err(|_| format!("`{text}` is not a whole number, expected {low} to {high}"))?;
        if (low..=high).contains(&count) {
            Ok(count)
        } else {
            Err(format!("{count} is outside {low} to {high}"))
        }
    }
}

fn parse_side_ai(text: &str) -> Result<(String, AiLevel), String> {
    let (side, level) = text
        .split_once('=')
        .ok_or_else(|| format!("expected SIDE=LEVEL, found `{text}`"))?;
    let level = <AiLevel as clap::ValueEnum>::from_str(level, true).map_err(|_| {
        format!("unknown AI level `{level}`, expected random, easy, normal, hard or expert")
    })?;
    Ok((side.to_string(), level))
}

/// `swift-swords simulate`: AI-against-AI battles and their report.
pub fn run_simulate(data: Option<&Path>, args: &SimulateArgs) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => Arc::new(ruleset),
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let mut level = match load_level(&args.level, &ruleset) {
        Ok(loaded) => loaded.level,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(sequence) = args.sequence {
        level.sequence = sequence;
    }
    let sides: Vec<&str> = level.sides.iter().map(|s| s.id.as_str()).collect();
    for (k, (side, _)) in args.ai.iter().enumerate() {
        if !sides.contains(&side.as_str()) {
            eprintln!(
                "--ai: unknown side `{side}`, expected one of: {}",
                sides.join(", ")
            );
            return ExitCode::from(2);
        }
        if args.ai[..k].iter().any(|(earlier, _)| earlier == side) {
            eprintln!("--ai: the side `{side}` is given twice, expected each side once");
            return ExitCode::from(2);
        }
    }
    if args.swap && level.sides.len() != 2 {
        eprintln!("--swap needs a level with exactly two sides");
        return ExitCode::from(2);
    }
    let which = match ReplayChoice::parse(&args.which, &level) {
        Ok(which) => which,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.save_replays
        && let Err(problem) = writable_folder(dir)
    {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let config = SimConfig {
        level,
        ruleset,
        battles: args.battles,
        seed: args.seed,
        ai: args.ai.iter().cloned().collect(),
        jobs,
        swap: args.swap,
    };
    if let Some(sweep) = &args.sweep {
        return run_sweep(&config, sweep, args);
    }
    if args.compare_sequences {
        print!(
            "{}",
            swift_swords_core::simulate::compare::compare_sequences(&config)
        );
        return ExitCode::SUCCESS;
    }
    let progress = battles_bar(args.battles);
    let started = std::time::Instant::now();
    let results = run_all(&config, &|| progress.inc(1));
    let elapsed = started.elapsed();
    progress.finish_and_clear();
    let report = summarise(&config, &results);
    print!("{report}");
    println!(
        "took {:.2} s on {jobs} thread(s): {:.1} battles per second",
        elapsed.as_secs_f64(),
        results.len() as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    if args.timings {
        println!("AI decision time:");
        for (level, (count, median, p99, max)) in decision_timings(&results) {
            println!(
                "  {level:<8} {count} decisions: median {:.2} ms, 99th percentile {:.2} ms, max {:.2} ms",
                median.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3
            );
        }
    }
    if let Some(dir) = &args.save_replays
        && let Err(problem) = save_replays(dir, which, &config, &args.level, &results)
    {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &args.plot
        && let Err(problem) = plot::write_simulation(path, &config.level, &results)
    {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
    match &args.json {
        Some(path) => write_json(path, &report),
        None => ExitCode::SUCCESS,
    }
}

/// Writes a report as JSON, or says why it cannot.
pub(crate) fn write_json(path: &Path, report: &impl serde::Serialize) -> ExitCode {
    let written = serde_json::to_string_pretty(report)
        .map_err(|e| e.to_string())
        .and_then(|json| std::fs::write(path, json + "\n").map_err(|e| e.to_string()));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{}:1:1: cannot write the report: {error}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// A progress bar for `battles` battles.
fn battles_bar(battles: usize) -> indicatif::ProgressBar {
    let progress = indicatif::ProgressBar::new(battles as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} battles, {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    progress
}

/// `simulate --sweep`: the same battles at each value of one number, one
/// line of win rates per value, and the chart and JSON if asked for.
fn run_sweep(config: &SimConfig, text: &str, args: &SimulateArgs) -> ExitCode {
    let sweep = match Sweep::parse(text, &config.level) {
        Ok(sweep) => sweep,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let level_text = read_text(&args.level, FileKind::Level).unwrap_or_default();
    let mut settings = Vec::new();
    for value in sweep.values() {
        match sweep.apply(
            value,
            &config.level,
            &config.ruleset,
            &args.level,
            &level_text,
        ) {
            Ok((level, ruleset)) => settings.push((value, level, ruleset)),
            Err(problem) => {
                eprintln!("{problem}");
                return ExitCode::FAILURE;
            }
        }
    }
    let progress = battles_bar(config.battles * settings.len());
    let mut points = Vec::new();
    for (value, level, ruleset) in settings {
        let at_value = SimConfig {
            level,
            ruleset: Arc::new(ruleset),
            ..config.clone()
        };
        let results = run_all(&at_value, &|| progress.inc(1));
        points.push(SweepPoint {
            value,
            report: summarise(&at_value, &results),
        });
    }
    progress.finish_and_clear();
    println!(
        "{}: {} battles at each value of {}, seed {}",
        config.level.name, config.battles, sweep.name, config.seed
    );
    for point in &points {
        let sides: Vec<String> = point
            .report
            .sides
            .iter()
            .map(|side| format!("{} {:5}", side.name, side.wins))
            .collect();
        println!(
            "  {} = {:<3} {}; draws {:.1}%; rounds {:.1}",
            sweep.name,
            point.value,
            sides.join("; "),
            point.report.draws.share * 100.0,
            point.report.rounds_mean
        );
    }
    if let Some(path) = &args.plot
        && let Err(problem) = plot::write_sweep(path, &config.level, &sweep.name, &points)
    {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
    match &args.json {
        Some(path) => write_json(path, &points),
        None => ExitCode::SUCCESS,
    }
}

/// Makes sure replays can be written into `dir` before a long run starts.
fn writable_folder(dir: &Path) -> Result<(), String> {
    let probe = dir.join(".swift-swords-probe");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&probe, b""))
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| format!("{}:1:1: cannot write replays here: {e}", dir.display()))
}

/// Writes the chosen battles of a simulation as replays into `dir`.
fn save_replays(
    dir: &Path,
    which: ReplayChoice,
    config: &SimConfig,
    level_path: &Path,
    results: &[BattleResult],
) -> Result<(), String> {
    let level_text = read_text(level_path, FileKind::Level).map_err(|e| e.to_string())?;
    let level_file = level_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let chosen = which.pick(results);
    for result in &chosen {
        let seats: Vec<Seat> = result.levels.iter().map(|&l| Seat::Ai(l)).collect();
        let mut replay = Replay::of_commands(
            &level_file,
            &level_text,
            &config.level,
            config.ruleset.clone(),
            result.seed,
            &seats,
            &result.commands,
        )
        .map_err(|d| format!("battle {}: could not be rebuilt at {d}", result.index))?;
        replay.saved_at = swift_swords_core::replay::now();
        let path = dir.join(replay_name(result));
        replay
            .write_atomic(&path)
            .map_err(|e| format!("{}:1:1: cannot write the replay: {e}", path.display()))?;
    }
    println!("wrote {} replay(s) to {}", chosen.len(), dir.display());
    Ok(())
}
