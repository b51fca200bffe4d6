//! The command line: `play`, `check` and `script`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::data::{DataKind, Ruleset, check_data_file};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::level::parse_level;
use crate::script::{load_script, run_script_file, script_level};

/// The level `swift-swords` opens with no arguments.
pub const DEFAULT_LEVEL: &str = "levels/duel.ron";

#[derive(Debug, Parser)]
#[command(
    name = "swift-swords",
    version,
    about = "A digital table for Swift Swords Tactica."
)]
pub struct Cli {
    /// The data folder (weapons, creatures, actions, rules, terrain).
    /// Defaults to assets/data, or the data built into the game if there is none.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Start the game on a level.
    Play(PlayArgs),
    /// Check level, data and script files, or whole folders of them.
    Check {
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Run rules scripts and report PASS or FAIL for each.
    Script {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The level file.
    #[arg(value_name = "LEVEL", default_value = DEFAULT_LEVEL)]
    pub level: PathBuf,
    /// The battle's seed (the level's own, or a random one, if not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save a screenshot here once the table is drawn, then exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
}

impl Default for PlayArgs {
    fn default() -> Self {
        Self {
            level: PathBuf::from(DEFAULT_LEVEL),
            seed: None,
            screenshot: None,
        }
    }
}

/// Loads the ruleset from `--data`, `assets/data`, or the built-in copy.
pub fn load_ruleset(data: Option<&Path>) -> Result<Ruleset, Diagnostics> {
    match data {
        Some(dir) => Ruleset::load_dir(dir),
        None => {
            let default = Path::new("assets/data");
            if default.is_dir() {
                Ruleset::load_dir(default)
            } else {
                Ruleset::embedded()
            }
        }
    }
}

/// `swift-swords check`: prints every problem as `file:line:col: message`.
pub fn run_check(data: Option<&Path>, paths: &[PathBuf]) -> ExitCode {
    let (files, mut errors) = collect_files(paths);
    let ruleset = load_ruleset(data);
    if let Err(problems) = &ruleset {
        // The data is broken: report it, and check levels against nothing.
        errors.extend(problems.0.iter().cloned());
    }
    for file in &files {
        errors.extend(check_file(file, ruleset.as_ref().ok()));
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
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files, &mut errors);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            errors.push(Diagnostic::new(path, (1, 1), "no such file or folder"));
        }
    }
    files.sort();
    files.dedup();
    (files, errors)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, errors: &mut Vec<Diagnostic>) {
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
            walk(&path, files, errors);
        } else if path.extension().is_some_and(|e| e == "ron") {
            files.push(path);
        }
    }
}

/// Checks one file as data, script or level, by its name and content.
fn check_file(path: &Path, ruleset: Option<&Ruleset>) -> Vec<Diagnostic> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            return vec![Diagnostic::new(
                path,
                (1, 1),
                format!("cannot read the file: {error}"),
            )];
        }
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
    if SourceText::new(&text).find_key("steps", 0).is_some() {
        return match load_script(path) {
            Ok(script) => script_level(path, &script, ruleset)
                .err()
                .map_or_else(Vec::new, |d| d.0),
            Err(problems) => problems.0,
        };
    }
    parse_level(path, &text, ruleset)
        .err()
        .map_or_else(Vec::new, |d| d.0)
}

/// `swift-swords script`: runs each script, PASS or FAIL with the reason.
pub fn run_scripts(data: Option<&Path>, files: &[PathBuf]) -> ExitCode {
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
        let report = run_script_file(file, ruleset.clone());
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
