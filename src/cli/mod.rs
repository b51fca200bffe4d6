//! The command line: `play`, `check`, `script`, `simulate`, `replay`,
//! `campaign` and `serve`.

pub mod campaign;

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::ai::AiLevel;
use crate::data::{DataKind, Ruleset, check_data_file, load_ruleset};
use crate::diagnostics::{Diagnostic, SourceText};
use crate::files::{FileKind, over_limit, read_text};
use crate::lesson::load_lesson;
use crate::level::{load_level, parse_level};
use crate::replay::Replay;
use crate::replay::script::script_of;
use crate::script::{LevelSource, run_script};
use crate::script::{load_script, run_script_file, script_level};
use crate::seat::Seat;
use crate::simulate::sweep::{Sweep, SweepPoint};
use crate::simulate::{
    BattleResult, ReplayChoice, SimConfig, decision_timings, plot, replay_name, run_all, summarise,
};

#[derive(Debug, Parser)]
#[command(
    name = "swift-swords",
    version = crate::content::version_line(),
    about = "A digital table for Swift Swords Tactica."
)]
pub struct Cli {
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

    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Start the game on a level.
    Play(crate::game::play_args::PlayArgs),
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
    Simulate(SimulateArgs),
    /// Rebuild a replay or save headless, checking every step's fingerprint.
    Replay(ReplayArgs),
    /// Check a campaign, or play it many times AI against AI.
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Run a network server with no window: a lobby that referees each game
    /// (docs/NETWORK.md).
    Serve(ServeArgs),
    /// Draw every creature template on its base in a labelled grid (the
    /// figure sheet), or list what is on it.
    Figures(crate::game::play_args::FiguresArgs),
}

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
        .unwrap_or_else(|| crate::files::data_dir().join("server"));
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
    let config = crate::net::server::ServerConfig {
        bind: args.bind,
        data_dir: Some(data_dir),
        foreseeable: args.foreseeable_dice,
    };
    let started = std::time::Instant::now();
    let log = move |line: String| {
        println!("[{:>7.1} s] {line}", started.elapsed().as_secs_f64());
    };
    match crate::net::server::start(config, ruleset, log) {
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
    pub sequence: Option<crate::vocabulary::Sequence>,
    /// Play the battles under each sequence of play in turn, and report
    /// each one's win shares, draws, length and casualties side by side.
    #[arg(long, conflicts_with_all = ["sequence", "sweep", "save_replays"])]
    pub compare_sequences: bool,
}

/// The most battles one `simulate` run plays, and the most threads it uses.
pub const MOST_BATTLES: usize = 1_000_000;
pub const MOST_JOBS: usize = 64;

/// A parser for a count from `low` to `high`, saying the bounds when refused.
fn within(low: usize, high: usize) -> impl Fn(&str) -> Result<usize, String> + Clone {
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

/// `swift-swords check`: prints every problem as `file:line:col: message`.
pub fn run_check(data: Option<&Path>, paths: &[PathBuf], allow_outside: bool) -> ExitCode {
    let (files, mut errors) = collect_files(paths);
    let ruleset = load_ruleset(data);
    if let Err(problems) = &ruleset {
        // The data is broken: report it, and check levels against nothing.
        errors.extend(problems.0.iter().cloned());
    }
    for file in &files {
        errors.extend(check_file(file, ruleset.as_ref().ok(), allow_outside));
    }
    let reported: BTreeSet<Diagnostic> = errors.into_iter().collect();
    for diagnostic in &reported {
        println!("{diagnostic}");
    }
    eprintln!(
        "checked {} file(s): {} problem(s)",
        files.len(),
        reported.len()
    );
    if reported.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The `.ron` files named or found under the named folders, sorted.
fn collect_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files, &mut errors, &mut seen);
        } else if path.exists() {
            files.push(path.clone());
        } else {
            errors.push(Diagnostic::new(path, (1, 1), "no such file or folder"));
        }
    }
    files.sort();
    files.dedup();
    (files, errors)
}

/// The `.ron` files under `dir`. A folder reached twice (through a link,
/// or a link to a folder above it) is read once.
fn walk(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    errors: &mut Vec<Diagnostic>,
    seen: &mut BTreeSet<PathBuf>,
) {
    if !std::fs::canonicalize(dir).is_ok_and(|real| seen.insert(real)) {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            errors.push(Diagnostic::new(
                dir,
                (1, 1),
                format!("cannot read the folder: {error}"),
            ));
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files, errors, seen);
        } else if path.extension().is_some_and(|e| e == "ron") {
            files.push(path);
        }
    }
}

/// Checks one file as data, lesson, script or level, by its name and content.
fn check_file(path: &Path, ruleset: Option<&Ruleset>, allow_outside: bool) -> Vec<Diagnostic> {
    // Read as the largest kind: what the file is shows only in its text,
    // and each kind's own reader holds it to its own limit below.
    let text = match read_text(path, FileKind::Replay) {
        Ok(text) => text,
        Err(problem) => return vec![problem],
    };
    if DataKind::of(path).is_some() {
        let mut errors = check_data_file(path, &text);
        if errors.is_empty()
            && let Some(dir) = path.parent()
            && let Err(problems) = Ruleset::load_dir(dir)
        {
            errors.extend(problems.0.into_iter().filter(|p| p.file == path));
        }
        return errors;
    }
    let Some(ruleset) = ruleset else {
        return Vec::new();
    };
    let bytes = text.len() as u64;
    // A campaign's save and its record hold a whole campaign: told apart
    // by their format first.
    let format_is = |format: &str| {
        SourceText::new(&text)
            .find_field("format", &format!("\"{format}\""), 0)
            .is_some()
    };
    if format_is(crate::campaign::save::FORMAT) {
        return crate::campaign::save::CampaignSave::parse(path, &text)
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if format_is(crate::campaign::record::FORMAT) {
        return crate::campaign::record::CampaignRecord::read(path)
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if SourceText::new(&text).find_key("warband", 0).is_some() {
        if let Some(problem) = over_limit(path, bytes, FileKind::Campaign) {
            return vec![problem];
        }
        let reach = crate::campaign::check::LevelReach::allowing_outside(allow_outside);
        return crate::campaign::check::parse_campaign_within(path, &text, ruleset, reach)
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if SourceText::new(&text).find_key("format", 0).is_some() {
        // A replay or save is rebuilt, as `replay` does: one that parts
        // from its record is refused at the step where it does.
        let replay = match Replay::parse(path, &text) {
            Ok(replay) => replay,
            Err(problems) => return problems.0,
        };
        let level = match replay.level(path, ruleset) {
            Ok(level) => level,
            Err(problems) => return problems.0,
        };
        return match replay.rebuild(&level, Arc::new(ruleset.clone()), replay.steps()) {
            Ok(_) => Vec::new(),
            Err(divergence) => {
                let at = SourceText::new(&text)
                    .find_key("command", divergence.step.saturating_sub(1))
                    .unwrap_or((1, 1));
                vec![Diagnostic::new(
                    path,
                    at,
                    format!("the replay parts from its record at {divergence}"),
                )]
            }
        };
    }
    // A lesson's steps have titles; a script's have none.
    if SourceText::new(&text).find_key("title", 0).is_some() {
        return load_lesson(path, &Arc::new(ruleset.clone()))
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if SourceText::new(&text).find_key("steps", 0).is_some() {
        return match load_script(path) {
            Ok(script) => script_level(path, &script, ruleset, allow_outside)
                .err()
                .map_or_else(Vec::new, |d| d.0),
            Err(problems) => problems.0,
        };
    }
    if let Some(problem) = over_limit(path, bytes, FileKind::Level) {
        return vec![problem];
    }
    match parse_level(path, &text, ruleset) {
        Ok(level) => crate::level::validate::colour_problems(path, &text, &level),
        Err(problems) => problems.0,
    }
}

/// `swift-swords script`: runs each script, PASS or FAIL with the reason.
pub fn run_scripts(data: Option<&Path>, files: &[PathBuf], allow_outside: bool) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => Arc::new(ruleset),
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let (files, errors) = collect_files(files);
    let mut failed = errors.len();
    for error in errors {
        println!("FAIL {error}");
    }
    for file in &files {
        let report = run_script_file(file, ruleset.clone(), allow_outside);
        match &report.failure {
            None => println!("PASS {} ({})", report.name, file.display()),
            Some(failure) => {
                failed += 1;
                println!("FAIL {} ({}): {failure}", report.name, file.display());
            }
        }
    }
    println!(
        "{} passed, {} failed",
        files.len().saturating_sub(failed.min(files.len())),
        failed
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
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
        print!("{}", crate::simulate::compare::compare_sequences(&config));
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
fn write_json(path: &Path, report: &impl serde::Serialize) -> ExitCode {
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
        replay.saved_at = crate::replay::now();
        let path = dir.join(replay_name(result));
        replay
            .write_atomic(&path)
            .map_err(|e| format!("{}:1:1: cannot write the replay: {e}", path.display()))?;
    }
    println!("wrote {} replay(s) to {}", chosen.len(), dir.display());
    Ok(())
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
        crate::diagnostics::printable(&replay.level_name),
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
    level: &crate::level::Level,
    to: usize,
    engine: &crate::battle::engine::Engine,
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
