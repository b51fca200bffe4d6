//! `check` and `script`: every problem in the files named, and the rules
//! scripts run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use swift_swords_core::data::{DataKind, Ruleset, check_data_file, load_ruleset};
use swift_swords_core::diagnostics::{Diagnostic, SourceText};
use swift_swords_core::files::{FileKind, over_limit, read_text};
use swift_swords_core::lesson::load_lesson;
use swift_swords_core::level::parse_level;
use swift_swords_core::replay::Replay;
use swift_swords_core::script::{load_script, run_script_file, script_level};

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
    if format_is(swift_swords_core::campaign::save::FORMAT) {
        return swift_swords_core::campaign::save::CampaignSave::parse(path, &text)
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if format_is(swift_swords_core::campaign::record::FORMAT) {
        return swift_swords_core::campaign::record::CampaignRecord::read(path)
            .err()
            .map_or_else(Vec::new, |d| d.0);
    }
    if SourceText::new(&text).find_key("warband", 0).is_some() {
        if let Some(problem) = over_limit(path, bytes, FileKind::Campaign) {
            return vec![problem];
        }
        let reach = swift_swords_core::campaign::check::LevelReach::allowing_outside(allow_outside);
        return swift_swords_core::campaign::check::parse_campaign_within(
            path, &text, ruleset, reach,
        )
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
        Ok(level) => swift_swords_core::level::validate::colour_problems(path, &text, &level),
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
