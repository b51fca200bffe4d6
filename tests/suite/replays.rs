//! Replays: the recorded battles in `tests/replays/` (one per shipped level,
//! Hard against Normal) still play out to the die, each AI command still the
//! one that AI chooses, and a replay that parts from its record is caught at
//! the step where it does.
//!
//! To record them again after a deliberate change of a rule, a die or an AI
//! choice: `SWIFT_SWORDS_RECORD_REPLAYS=1 cargo test replays`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use swift_swords::ai::AiLevel;
use swift_swords::battle::command::{Command, Order};
use swift_swords::battle::engine::Engine;
use swift_swords::battle::record::Fingerprint;
use swift_swords::battle::save::BattleSave;
use swift_swords::data::Ruleset;
use swift_swords::level::{Level, load_level};
use swift_swords::replay::script::script_of;
use swift_swords::replay::{DivergenceKind, Replay};
use swift_swords::script::{LevelSource, Script, run_script};
use swift_swords::seat::Seat;
use swift_swords::simulate::{SimConfig, run_battle};

const RECORD: &str = "SWIFT_SWORDS_RECORD_REPLAYS";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(Ruleset::load_dir(&root().join("assets/data")).expect("the shipped data loads"))
}

fn shipped_levels() -> Vec<PathBuf> {
    let mut levels: Vec<PathBuf> = std::fs::read_dir(root().join("levels"))
        .expect("levels folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    levels.sort();
    levels
}

/// One battle on `level_path`, the first side Hard and the others Normal.
fn record(level_path: &Path, ruleset: Arc<Ruleset>) -> Replay {
    let level = load_level(level_path, &ruleset).expect("level").level;
    let mut ai = BTreeMap::new();
    ai.insert(level.sides[0].id.clone(), AiLevel::Hard);
    let config = SimConfig {
        level: level.clone(),
        ruleset: ruleset.clone(),
        battles: 1,
        seed: 1,
        ai,
        jobs: 1,
        swap: false,
    };
    let result = run_battle(&config, 0);
    let seats: Vec<Seat> = result.levels.iter().map(|&l| Seat::Ai(l)).collect();
    let text = std::fs::read_to_string(level_path).expect("level text");
    let file = level_path.file_name().unwrap().to_string_lossy();
    Replay::of_commands(
        &file,
        &text,
        &level,
        ruleset,
        result.seed,
        &seats,
        &result.commands,
    )
    .expect("a battle just played rebuilds")
}

#[test]
fn replays_of_every_shipped_level_hold_to_the_last_step() {
    let ruleset = ruleset();
    let dir = root().join("tests/replays");
    let recording = std::env::var_os(RECORD).is_some();
    let mut failures = Vec::new();
    for level_path in shipped_levels() {
        let path = dir.join(level_path.file_name().unwrap());
        if recording {
            record(&level_path, ruleset.clone())
                .write_atomic(&path)
                .expect("replay written");
            continue;
        }
        let replay = match Replay::read(&path) {
            Ok(replay) => replay,
            Err(problems) => {
                failures.push(format!("{problems} (record it with {RECORD}=1)"));
                continue;
            }
        };
        // A replay recorded with other rules data prints a note each time
        // it is played: one that still holds takes the data's hash anew.
        if replay.rules_changed(&ruleset) {
            failures.push(format!(
                "{}: recorded with other rules data ({}, now {})",
                path.display(),
                replay.ruleset_hash,
                ruleset.content_hash()
            ));
        }
        let level = replay.level(&path, &ruleset).expect("its level checks");
        let steps = replay.steps();
        match replay.rebuild_with(&level, ruleset.clone(), steps, true, |_, _, _| {}) {
            Ok(engine) => assert!(
                engine.ended(),
                "{}: the recorded battle should have ended",
                path.display()
            ),
            Err(divergence) => failures.push(format!("{}: {divergence}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "recorded replays no longer hold:\n{}\nIf the change is meant, record them again: \
         {RECORD}=1 cargo test replays",
        failures.join("\n")
    );
}

fn skirmish_replay() -> (Replay, Level, Arc<Ruleset>) {
    let ruleset = ruleset();
    let replay = record(&root().join("levels/skirmish.ron"), ruleset.clone());
    let level = replay
        .level(Path::new("skirmish replay"), &ruleset)
        .expect("level");
    (replay, level, ruleset)
}

#[test]
fn a_replay_survives_writing_and_reading_unchanged() {
    let (replay, _, _) = skirmish_replay();
    let scratch = swift_swords::scratch::Scratch::new("replay");
    let dir = scratch.path().to_path_buf();
    let path = dir.join("round-trip.ron");
    replay.write_atomic(&path).expect("written");
    let read = Replay::read(&path).expect("read back");
    assert_eq!(read, replay);
}

#[test]
fn a_die_changed_mid_battle_is_caught_at_that_step_naming_its_owner() {
    let (replay, level, ruleset) = skirmish_replay();
    // Rebuild by hand to the first step from the tenth on where someone other
    // than the one to act holds dice, and turn one of those into another face.
    let (to, mut save, owner) = (10..replay.steps())
        .find_map(|to| {
            let before = replay.rebuild(&level, ruleset.clone(), to - 1).ok()?;
            let acting = before.state().acting_unit()?;
            let owner = (0..before.state().units().len())
                .find(|&u| u != acting && !before.state().units()[u].pool.dice.is_empty())?;
            Some((to, BattleSave::of(&before), owner))
        })
        .expect("a step where a bystander holds dice");
    let die = &mut save.units[owner].pool.dice[0];
    *die = if *die == 6 { 5 } else { 6 };
    let mut tampered = save.restore(ruleset);
    let step = &replay.record.steps[to - 1];
    let _ = tampered.submit(&step.command);
    let found = Fingerprint::of(&tampered);
    let differ = step.after.differences(&found, tampered.state());
    let name = tampered.state().units()[owner].unit.name.clone();
    assert!(
        differ.len() == 1 && differ[0].starts_with(&name),
        "{differ:?} should name only {name}"
    );
}

#[test]
fn a_command_edited_in_the_file_is_caught_at_its_step() {
    let (replay, level, ruleset) = skirmish_replay();
    let mut edited = replay.clone();
    let at = edited
        .record
        .steps
        .iter()
        .position(|s| matches!(s.command.order, Order::Move { .. }))
        .expect("a move");
    edited.record.steps[at].command =
        Command::new(edited.record.steps[at].command.unit.clone(), Order::Hold);
    let divergence = edited
        .rebuild(&level, ruleset, edited.steps())
        .expect_err("caught");
    assert_eq!(divergence.step, at + 1);
}

#[test]
fn a_fingerprint_edited_in_the_file_is_caught_at_its_step_naming_the_part() {
    let (replay, level, ruleset) = skirmish_replay();
    let mut edited = replay.clone();
    let step = &mut edited.record.steps[20].after;
    let mut parts: Vec<String> = step.parts.split(' ').map(str::to_string).collect();
    parts[2] = "00000000".to_string();
    step.parts = parts.join(" ");
    let divergence = edited
        .rebuild(&level, ruleset, edited.steps())
        .expect_err("caught");
    assert_eq!(divergence.step, 21);
    assert_eq!(
        divergence.kind,
        DivergenceKind::Differs(vec!["the dice".to_string()])
    );
}

#[test]
fn truncated_corrupt_and_foreign_files_are_refused_with_their_position() {
    let (replay, _, _) = skirmish_replay();
    let text = replay.to_ron().expect("ron");
    let path = Path::new("battle.ron");

    let cut = Replay::parse(path, &text[..text.len() / 2]).expect_err("cut short");
    let first = &cut.0[0];
    assert!(first.line > 1, "{first}");
    assert!(first.message.contains("cut short"), "{first}");

    let damaged = text.replacen("Move(", "Mvoe(", 1);
    let error = Replay::parse(path, &damaged).expect_err("damaged");
    assert!(error.0[0].line > 1, "{error}");

    let level = std::fs::read_to_string(root().join("levels/duel.ron")).expect("level");
    let foreign = Replay::parse(path, &level).expect_err("a level is not a replay");
    assert!(
        foreign.to_string().contains("not a replay or save"),
        "{foreign}"
    );

    assert!(Replay::parse(path, "").is_err());
    let other_format = text.replacen("swift-swords replay 1", "swift-swords replay 99", 1);
    let error = Replay::parse(path, &other_format).expect_err("newer format");
    assert!(error.to_string().contains("battle.ron:2:"), "{error}");

    let edited_level = text.replacen("Skirmish at the Crossroads", "Skirmish at the Bridge", 2);
    let error = Replay::parse(path, &edited_level).expect_err("level edited");
    assert!(
        error.to_string().contains("does not match its hash"),
        "{error}"
    );
}

/// A save that seats fewer (or more) sides than its level has is refused at
/// its seats: a side nobody sits at would wait forever.
#[test]
fn a_save_whose_seats_do_not_fit_its_levels_sides_is_refused_at_its_seats() {
    let (mut replay, _, _) = skirmish_replay();
    replay.seats.pop();
    let text = replay.to_ron().expect("ron");
    let error = Replay::parse(Path::new("battle.ron"), &text).expect_err("a seat short");
    let seats_line = text
        .lines()
        .position(|line| line.trim_start().starts_with("seats:"))
        .expect("a seats line")
        + 1;
    assert_eq!(error.0[0].line, seats_line, "{error}");
    assert!(
        error.0[0]
            .message
            .contains("the file seats 1 side(s), but its level has 2"),
        "{error}"
    );
}

#[test]
fn a_stretch_of_a_replay_becomes_a_rules_script_that_passes() {
    let (replay, level, ruleset) = skirmish_replay();
    let to = 30;
    let engine: Engine = replay.rebuild(&level, ruleset.clone(), to).expect("holds");
    let script = script_of(&replay, &level, to, &engine).expect("seeded dice");
    // Written out and read back, it passes on the level written into it.
    let text = ron::ser::to_string_pretty(&script, ron::ser::PrettyConfig::default()).expect("ron");
    let read: Script = ron::from_str(&text).expect("reads back");
    let LevelSource::Inline(inline) = &read.level else {
        panic!("the level is written in");
    };
    run_script(&read, inline, ruleset).expect("the script passes");
}

fn game(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_swift-swords"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("the game runs")
}

#[test]
fn replay_command_exits_0_on_a_replay_that_holds_and_1_at_the_step_that_does_not() {
    let held = game(&["replay", "tests/replays/duel.ron", "--quiet"]);
    assert!(held.status.success());
    let out = String::from_utf8_lossy(&held.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("steps hold (The Duel"), "{out}");

    let scratch = swift_swords::scratch::Scratch::new("replay-cli");
    let dir = scratch.path().to_path_buf();
    let text = std::fs::read_to_string(root().join("tests/replays/duel.ron")).expect("replay");
    let moved = text.replacen(
        r#"unit: "black_knight", order: Move(to: (2, 1)"#,
        r#"unit: "black_knight", order: Move(to: (9, 9)"#,
        1,
    );
    let edited = dir.join("edited.ron");
    std::fs::write(&edited, moved).expect("write");
    let parted = game(&["replay", edited.to_str().unwrap(), "--quiet"]);
    assert_eq!(parted.status.code(), Some(1));
    let out = String::from_utf8_lossy(&parted.stdout);
    assert!(
        out.contains("at step 2 (Black Knight: Move to (9, 9)), which the rules now refuse"),
        "{out}"
    );

    let cut = dir.join("cut.ron");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("write");
    let broken = game(&["replay", cut.to_str().unwrap()]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("cut.ron:"));

    let too_far = game(&["replay", "tests/replays/duel.ron", "--to", "9999"]);
    assert_eq!(too_far.status.code(), Some(2));
}

#[test]
fn simulate_saves_the_chosen_battles_as_replays_that_hold() {
    let scratch = swift_swords::scratch::Scratch::new("sim-replays");
    let dir = scratch.path().to_path_buf();
    let run = game(&[
        "simulate",
        "levels/duel.ron",
        "--battles",
        "6",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--save-replays",
        dir.to_str().unwrap(),
        "--which",
        "heroes-losses",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let ruleset = ruleset();
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("replays written")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(!files.is_empty(), "Roland lost at least once in six");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(
            name.starts_with("battle-000") && name.contains("-seed-"),
            "{name}"
        );
        let replay = Replay::read(path).expect("reads");
        let level = replay.level(path, &ruleset).expect("level");
        let engine = replay
            .rebuild(&level, ruleset.clone(), replay.steps())
            .expect("holds");
        let outcome = engine.state().battle().outcome.clone();
        assert!(
            matches!(outcome, Some(swift_swords::battle::events::Outcome::Victory { ref side, .. }) if side != "heroes"),
            "{outcome:?}"
        );
    }
    let unknown = game(&[
        "simulate",
        "levels/duel.ron",
        "--save-replays",
        dir.to_str().unwrap(),
        "--which",
        "nobody-losses",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("heroes-losses"));
    let unwritable = game(&[
        "simulate",
        "levels/duel.ron",
        "--save-replays",
        "/proc/no-such-place",
    ]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unwritable.stderr).contains("cannot write replays here"));
}
