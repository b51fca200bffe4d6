//! The rules scripts of `tests/scripts/`, the shipped levels, and the
//! command line's `check` and `script`, as a designer would run them.

use std::path::Path;

use crate::common::{ruleset, swift_swords};
use swift_swords::script::run_script_file;

fn run(name: &str) {
    let report = run_script_file(&Path::new("tests/scripts").join(name), ruleset(), false);
    if let Some(failure) = report.failure {
        panic!("{}: {failure}", report.name);
    }
}

#[test]
fn script_duel_first_round_replays_die_by_die() {
    run("duel_round_one.ron");
}

#[test]
fn script_minor_npcs_with_fixed_dice() {
    run("goblins_fixed_dice.ron");
}

#[test]
fn script_surprise_round() {
    run("ambush_surprise.ron");
}

#[test]
fn script_movement_terrain_and_escape() {
    run("movement_and_escape.ron");
}

#[test]
fn script_roland_dodges_three_goblins_as_the_rules_example() {
    run("roland_dodges.ron");
}

#[test]
fn script_roland_blocks_three_goblins_as_the_rules_example() {
    run("roland_blocks.ron");
}

#[test]
fn script_the_injury_example_4_4_4_6_and_a_dread_test() {
    run("injury_and_fear.ron");
}

#[test]
fn script_audited_readings_advantage_counts_allies_and_effort_keeps_the_turn() {
    run("audit_readings.ron");
}

#[test]
fn script_flyers_harry_the_patrol_to_the_end() {
    run("harpy_raid.ron");
}

#[test]
fn script_chariots_on_open_ground_to_the_end() {
    run("chariot_plain.ron");
}

#[test]
fn script_a_warband_against_heroes_to_the_end() {
    run("warband_hill.ron");
}

#[test]
fn script_side_turns_heroes_first_with_readiness_and_no_refresh() {
    run("side_turns.ron");
}

#[test]
fn script_initiative_track_anyone_may_act_out_of_turn_once_a_round() {
    run("initiative_track_out_of_turn.ron");
}

#[test]
fn script_dex_ranks_a_runner_makes_its_full_move_and_only_defends() {
    run("dex_ranks_run.ron");
}

#[test]
fn script_side_turns_a_turn_is_one_move_and_one_action() {
    run("side_turns_one_move_one_action.ron");
}

#[test]
fn script_faction_alternation_activations_passes_and_a_broken_side() {
    run("alternation.ron");
}

#[test]
fn script_faction_alternation_a_steady_lone_fighter_rolls_no_more() {
    run("alternation_steady.ron");
}

#[test]
fn script_faction_alternation_anyone_may_surrender_and_fights_on_when_struck() {
    run("alternation_surrender.ron");
}

#[test]
fn script_faction_alternation_a_turn_is_a_full_move_or_half_with_actions_and_a_defence_takes_it() {
    run("alternation_reactions.ron");
}

#[test]
fn script_initiative_track_delay_out_of_turn_and_three_actions() {
    run("initiative_track.ron");
}

#[test]
fn script_initiative_track_gives_a_single_die_no_reaction() {
    run("initiative_track_one_die.ron");
}

#[test]
fn script_initiative_track_forestalled_attack_reactions_and_stress() {
    run("initiative_track_limits.ron");
}

#[test]
fn script_dex_ranks_intent_movement_actions_and_weapon_ties() {
    run("dex_ranks.ron");
}

#[test]
fn every_script_in_tests_scripts_has_a_test() {
    let source = include_str!("scripts.rs");
    for entry in std::fs::read_dir("tests/scripts").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            source.contains(&format!("run(\"{name}\")")),
            "{name} is not run by a test"
        );
    }
}

#[test]
fn check_passes_every_shipped_level_data_file_and_script() {
    let (code, stdout, stderr) = swift_swords(&["check", "levels", "assets/data", "tests/scripts"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn check_reports_every_problem_with_file_line_and_column() {
    let scratch = swift_swords::scratch::Scratch::new("check");
    let dir = scratch.path().to_path_buf();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        r#"(
    name: "Bad",
    legend: { 'g': Grass, '~': Water },
    map: [
        "gg~",
        "gx",
    ],
    sides: [
        (id: "a", name: "A", colour: (0.1, 0.1, 0.1), kind: Heroes),
        (id: "b", name: "B", colour: (0.9, 0.1, 0.1), kind: Npcs),
        (id: "c", name: "C", colour: (0.9, 0.9, 0.1), kind: Npcs),
    ],
    units: [
        (id: "u1", template: "hero_swordsman", side: "a", zone: (0, 0)),
        (id: "u1", template: "gobbo", side: "b", zone: (7, 0)),
        (id: "u3", template: "bandit", side: "b", zone: (2, 0)),
    ],
    victory: [HoldZone(side: "a", zone: (9, 9), rounds: 2)],
)"#,
    )
    .unwrap();
    let (code, stdout, _) = swift_swords(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    let file = bad.display().to_string();
    for expected in [
        format!("{file}:6:9: map row 1 has 2 zones, expected 3 like the first row"),
        format!("{file}:6:11: unknown tile code 'x' at zone (1, 1)"),
        format!("{file}:11:14: side `c` has no units"),
        format!("{file}:15:14: duplicate unit id `u1`"),
        format!("{file}:15:30: unit `u1`: unknown template `gobbo`, expected one of:"),
        format!("{file}:15:56: unit `u1`: zone (7, 0) is outside the 3x2 map"),
        format!("{file}:16:57: unit `u3`: zone (2, 0) is Water, which nobody can stand in"),
        format!("{file}:18:15: HoldZone zone (9, 9) is off the 3x2 map"),
    ] {
        assert!(
            stdout.lines().any(|line| line.starts_with(&expected)),
            "missing `{expected}` in:\n{stdout}"
        );
    }

    std::fs::write(
        &bad,
        "(\n    name: \"Typo\",\n    legend: {},\n    mapp: [],\n)",
    )
    .unwrap();
    let (code, stdout, _) = swift_swords(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with(&format!(
            "{file}:4:5: unknown field `mapp`, expected one of:"
        )),
        "{stdout}"
    );
}

#[test]
fn check_of_a_missing_path_fails_cleanly() {
    let (code, stdout, _) = swift_swords(&["check", "no/such/level.ron"]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("no/such/level.ron:1:1: no such file or folder"),
        "{stdout}"
    );
}

#[test]
fn script_command_prints_pass_per_script_and_fail_with_the_reason() {
    let (code, stdout, _) = swift_swords(&["script", "tests/scripts"]);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("PASS ")).count(),
        std::fs::read_dir("tests/scripts").unwrap().count(),
        "{stdout}"
    );

    let scratch = swift_swords::scratch::Scratch::new("script");
    let dir = scratch.path().to_path_buf();
    let failing = dir.join("failing.ron");
    let level = std::fs::canonicalize("levels/duel.ron").unwrap();
    std::fs::write(
        &failing,
        format!(
            r#"(name: "Wrong expectation", level: File("{}"), dice: Scripted([6, 5, 4, 2, 3, 5, 5, 3, 1]),
               steps: [Expect(Dice(unit: "roland", dice: [1, 2]))])"#,
            level.display()
        ),
    )
    .unwrap();
    // A level named by an absolute path is refused unless allowed.
    let (code, stdout, _) = swift_swords(&["script", failing.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains(&format!(
            "failing.ron:1:41: the level `{}` is an absolute path, expected one relative to \
             the script (or run with --allow-outside)",
            level.display()
        )),
        "{stdout}"
    );
    let (code, stdout, _) = swift_swords(&["script", "--allow-outside", failing.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("FAIL Wrong expectation")
            && stdout.contains("step 1: dice of `roland`: expected [1, 2], found [6, 5, 4, 2, 3]"),
        "{stdout}"
    );
}

#[test]
fn bad_command_line_arguments_get_a_usage_error() {
    let (code, _, stderr) = swift_swords(&["play", "--seed", "not-a-number"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("invalid value 'not-a-number'"), "{stderr}");
    let (code, _, stderr) = swift_swords(&["play", "no/such/level.ron"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("no/such/level.ron:1:1: cannot read the file: there is no such file"),
        "{stderr}"
    );
}
