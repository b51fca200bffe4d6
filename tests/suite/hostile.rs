//! Hostile input (#21): the level check refuses numbers the engine cannot
//! sensibly play, with the file, line and column and the bound.

use crate::common::hero_against;
use std::path::Path;
use swift_swords::level::parse_level;

fn bandit_with(overrides: &str) -> String {
    hero_against(&format!(
        r#"(id: "bandit", template: "bandit", side: "b", zone: (0, 0), overrides: ({overrides})),"#
    ))
}

#[test]
fn the_level_check_refuses_creature_numbers_beyond_their_documented_bounds() {
    let ruleset = crate::common::ruleset();
    let fixed_24 = format!("action_dice: Some(Fixed([{}]))", ["6"; 24].join(", "));
    let cases = [
        (
            "attack_dice: Some(150)",
            "attack_dice 150 is outside 1 to 20",
        ),
        (
            "defences: Some({ Dodge: 255 })",
            "Dodge defence dice 255 is outside 0 to 20",
        ),
        ("armour: Some(255)", "armour 255 is outside 0 to 10"),
        ("size: Some(255)", "size 255 is outside 1 to 20"),
        (
            "bonus_physical: Some(127)",
            "bonus_physical 127 is outside 0 to 3",
        ),
        (
            "bonus_mental: Some(-128)",
            "bonus_mental -128 is outside 0 to 3",
        ),
        (
            "crossover_every: Some(1)",
            "crossover_every 1 is neither 0 (never) nor 2 to 4",
        ),
        (
            fixed_24.as_str(),
            "a Fixed action dice list of 24 faces, expected at most 12",
        ),
    ];
    for (overrides, expected) in cases {
        let text = bandit_with(overrides);
        let error = parse_level(Path::new("hostile.ron"), &text, &ruleset)
            .expect_err(overrides)
            .to_string();
        assert!(
            error.contains(&format!("hostile.ron:11:18: unit `bandit`: {expected}")),
            "{overrides}: {error}"
        );
    }
    assert!(parse_level(Path::new("fine.ron"), &bandit_with(""), &ruleset).is_ok());
}

#[test]
fn ids_must_name_one_thing_and_names_must_be_one_plain_line_of_sensible_length() {
    let ruleset = crate::common::ruleset();
    let level = |side_a: &str, unit_id: &str, unit_name: &str| {
        format!(
            r#"(
        name: "Names",
        legend: {{ 'g': Grass }},
        map: ["g"],
        sides: [
            (id: "a", name: "{side_a}", colour: (0.1, 0.3, 0.9), kind: Heroes),
            (id: "b", name: "B", colour: (0.7, 0.2, 0.1), kind: Npcs),
        ],
        units: [
            (id: "{unit_id}", template: "hero_swordsman", side: "a", zone: (0, 0), name: Some("{unit_name}")),
            (id: "bandit", template: "bandit", side: "b", zone: (0, 0)),
        ],
    )"#
        )
    };
    let long = "x".repeat(61);
    let cases = [
        (level("A", "b", "Roland"), "is also a side's id"),
        (level("A", "", "Roland"), "a unit id is empty"),
        (
            level("A", "hero", "Rol\\nand"),
            "its name holds a control character",
        ),
        (
            level("A", "hero", &long),
            "its name has 61 characters, expected at most 60",
        ),
        (
            level("The\\tCompany", "hero", "Roland"),
            "side `a`: its name holds a control character",
        ),
    ];
    for (text, expected) in cases {
        let error = parse_level(Path::new("names.ron"), &text, &ruleset)
            .expect_err(expected)
            .to_string();
        assert!(error.contains("names.ron:"), "{error}");
        assert!(error.contains(expected), "{expected}: {error}");
    }
    assert!(
        parse_level(
            Path::new("names.ron"),
            &level("A", "hero", "Roland"),
            &ruleset
        )
        .is_ok()
    );
}

#[test]
fn a_units_shield_spells_and_weapons_are_checked_after_its_overrides() {
    let ruleset = crate::common::ruleset();
    let shields = "expected one of: large_shield, medium_shield, small_shield";
    let cases = [
        (
            r#"shield: Some("nothing")"#,
            format!(
                "hostile.ron:11:98: unit `bandit`: `nothing` is not a shield in weapons.ron, {shields}"
            ),
        ),
        (
            r#"shield: Some("fists")"#,
            format!(
                "hostile.ron:11:98: unit `bandit`: `fists` is not a shield in weapons.ron, {shields}"
            ),
        ),
        (
            r#"spells: Some(["fireballz"])"#,
            "hostile.ron:11:99: unit `bandit`: unknown spell `fireballz`, expected one of: \
             dread_word, firebolt, healing_touch, hex, stoneskin"
                .into(),
        ),
        (
            r#"weapons: Some(["large_shield"])"#,
            "hostile.ron:11:18: unit `bandit`: has only shields, which do not strike; it needs \
             a weapon (natural weapons count)"
                .into(),
        ),
        (
            r#"weapons: Some([])"#,
            "hostile.ron:11:18: unit `bandit`: needs at least one weapon (natural weapons count)"
                .into(),
        ),
    ];
    for (overrides, expected) in cases {
        let error = parse_level(Path::new("hostile.ron"), &bandit_with(overrides), &ruleset)
            .expect_err(overrides)
            .to_string();
        assert_eq!(error.trim(), expected, "{overrides}");
    }
    // A hundred thousand daggers would be as many orders to weigh at every
    // decision: a creature carries at most eight weapons.
    let daggers = vec!["\"dagger\""; 100_000].join(", ");
    let error = parse_level(
        Path::new("hostile.ron"),
        &bandit_with(&format!("weapons: Some([{daggers}])")),
        &ruleset,
    )
    .expect_err("too many weapons")
    .to_string();
    assert!(
        error.contains("unit `bandit`: 100000 weapons, expected at most 8"),
        "{}",
        &error[..error.len().min(300)]
    );
}

/// A level of `rows` rows of `width` grass zones and `units` bandits split
/// between two sides, with extra top-level fields.
fn sized_level(width: usize, rows: usize, units: usize, extra: &str) -> String {
    let row = format!("\"{}\"", "g".repeat(width));
    let units: String = (0..units)
        .map(|i| {
            let side = if i % 2 == 0 { "a" } else { "b" };
            format!(
                r#"(id: "u{i}", template: "bandit", side: "{side}", zone: ({}, {})),"#,
                i % width,
                i % rows
            )
        })
        .collect();
    format!(
        r#"(
        name: "Sized",
        legend: {{ 'g': Grass }},
        map: [{}],
        sides: [
            (id: "a", name: "A", colour: (0.1, 0.3, 0.9), kind: Heroes),
            (id: "b", name: "B", colour: (0.7, 0.2, 0.1), kind: Npcs),
        ],
        units: [{units}],
        {extra}
    )"#,
        vec![row; rows].join(", ")
    )
}

#[test]
fn a_level_past_the_size_limits_is_refused_at_once_without_wrapping() {
    let ruleset = crate::common::ruleset();
    let check = |text: &str| {
        parse_level(Path::new("big.ron"), text, &ruleset)
            .expect_err("past the limits")
            .to_string()
    };
    assert_eq!(
        check(&sized_level(1, 65_537, 2, "")).trim(),
        "big.ron:4:14: the map is 1 zones wide and 65537 long, expected at most 64 each way"
    );
    assert_eq!(
        check(&sized_level(65, 1, 2, "")).trim(),
        "big.ron:4:14: the map is 65 zones wide and 1 long, expected at most 64 each way"
    );
    assert_eq!(
        check(&sized_level(64, 64, 101, "")).trim(),
        "big.ron:9:16: the level fields 101 units (chariot teams included), expected at most 100"
    );
    let victory = vec![r#"DefeatAll(side: "a")"#; 21].join(", ");
    assert_eq!(
        check(&sized_level(4, 4, 2, &format!("victory: [{victory}],"))).trim(),
        "big.ron:10:18: 21 victory conditions, expected at most 20"
    );
    let wounds = vec!["(location: Chest, effect: Stun)"; 21].join(", ");
    let wounded = sized_level(4, 4, 2, "").replacen(
        "zone: (0, 0))",
        &format!("zone: (0, 0), carried: (injuries: [{wounds}]))"),
        1,
    );
    assert!(
        check(&wounded).contains("unit `u0` carries 21 injuries, expected at most 20"),
        "{}",
        check(&wounded)
    );
    assert!(
        parse_level(
            Path::new("big.ron"),
            &sized_level(64, 64, 100, ""),
            &ruleset
        )
        .is_ok()
    );
}

#[test]
fn victory_conditions_round_limits_and_surprise_dice_stay_within_reach() {
    let ruleset = crate::common::ruleset();
    let cases = [
        (
            r#"victory: [Escape(side: "a", edge: North, count: Some(4000000000))],"#,
            "Escape needs 4000000000 of `a` off the table, and it fields 1: expected a count of 1 to 1",
        ),
        (
            r#"victory: [Survive(side: "a", rounds: 500)], round_limit: Some(20),"#,
            "500 rounds is past the round limit of 20, when the battle ends as a draw: expected at most 20",
        ),
        (
            r#"victory: [HoldZone(side: "a", zone: (0, 0), rounds: 21)],"#,
            "21 rounds is past the round limit of 20, when the battle ends as a draw: expected at most 20",
        ),
        (
            "round_limit: Some(4000000000),",
            "round_limit is 4000000000, expected 1 to 100",
        ),
        (
            r#"surprise: Some("a"), surprise_extra_dice: 255,"#,
            "surprise_extra_dice is 255, expected 0 to 6",
        ),
    ];
    for (extra, expected) in cases {
        let error = parse_level(Path::new("v.ron"), &sized_level(2, 2, 2, extra), &ruleset)
            .expect_err(extra)
            .to_string();
        assert!(error.contains("v.ron:10:"), "{extra}: {error}");
        assert!(error.contains(expected), "{extra}: {error}");
    }
}

#[test]
fn a_map_key_or_an_edge_written_twice_is_refused_where_it_stands() {
    let ruleset = crate::common::ruleset();
    let text = sized_level(2, 1, 2, "").replace("{ 'g': Grass }", "{ 'g': Grass, 'g': Woods }");
    assert_eq!(
        parse_level(Path::new("keys.ron"), &text, &ruleset)
            .expect_err("a key twice")
            .to_string()
            .trim(),
        "keys.ron:3:33: the key 'g' is written twice, expected each key once"
    );
    // Found by the mutants: the distance between far corners of u16 zones
    // once overflowed.
    let far = "edges: [(between: ((0, 0), (65535, 65535)), feature: Hedge)],";
    let error = parse_level(Path::new("edges.ron"), &sized_level(2, 1, 2, far), &ruleset)
        .expect_err("an edge off the map")
        .to_string();
    assert!(
        error.contains("edge between (0, 0) and (65535, 65535): the zones must share an edge"),
        "{error}"
    );
    for second in ["((1, 0), (0, 0))", "((0, 0), (1, 0))"] {
        let edges = format!(
            "edges: [(between: ((0, 0), (1, 0)), feature: Hedge), (between: {second}, feature: Wall)],"
        );
        let error = parse_level(
            Path::new("edges.ron"),
            &sized_level(2, 1, 2, &edges),
            &ruleset,
        )
        .expect_err(second)
        .to_string();
        assert!(
            error.contains("edges.ron:10:72: edge between")
                && error.contains(
                    "that edge already has a feature, at line 10 column 27; an edge holds one"
                ),
            "{second}: {error}"
        );
    }
}

#[test]
fn every_command_that_loads_broken_data_stops_with_the_place_of_the_problem() {
    let scratch = swift_swords::scratch::Scratch::new("data");
    let dir = scratch.path().to_path_buf();
    for entry in std::fs::read_dir("assets/data").unwrap().flatten() {
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    let actions = dir.join("actions.ron");
    let text = std::fs::read_to_string(&actions).unwrap();
    std::fs::write(
        &actions,
        text.replacen("Move: (cost: Pips(3)", "Move: (cost: Free", 1),
    )
    .unwrap();
    let data = dir.to_str().unwrap();
    let expected = format!("{}:8:15: Move: a cost of Free", actions.display());
    for command in [
        vec!["check", "levels/duel.ron"],
        vec!["script", "tests/scripts/duel_round_one.ron"],
        vec!["simulate", "levels/duel.ron", "--battles", "1"],
        vec!["play", "levels/duel.ron"],
    ] {
        let args: Vec<&str> = [&["--data", data][..], &command].concat();
        let (code, stdout, stderr) = crate::common::swift_swords(&args);
        assert_eq!(code, 1, "{command:?}: {stdout}{stderr}");
        assert!(
            format!("{stdout}{stderr}").contains(&expected),
            "{command:?}: {stdout}{stderr}"
        );
    }
}

#[test]
fn simulate_refuses_absurd_counts_before_any_battle() {
    for (flag, value, expected) in [
        ("--battles", "0", "0 is outside 1 to 1000000"),
        (
            "--battles",
            "1000000000000",
            "1000000000000 is outside 1 to 1000000",
        ),
        ("--jobs", "0", "0 is outside 1 to 64"),
        ("--jobs", "100000", "100000 is outside 1 to 64"),
    ] {
        let (code, _, stderr) =
            crate::common::swift_swords(&["simulate", "levels/duel.ron", flag, value]);
        assert_eq!(code, 2, "{flag} {value}: {stderr}");
        assert!(stderr.contains(expected), "{flag} {value}: {stderr}");
    }
}

/// Unix's closed pipe: the status and the error number differ elsewhere.
#[cfg(unix)]
#[test]
fn a_report_read_by_a_reader_that_stops_early_ends_quietly() {
    use std::process::{Command, Stdio};
    let mut simulate = Command::new(env!("CARGO_BIN_EXE_swift-swords"))
        .args([
            "simulate",
            "levels/duel.ron",
            "--battles",
            "2",
            "--jobs",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The reader stops before the report begins, as `| head -0` would.
    drop(simulate.stdout.take());
    let output = simulate.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(141), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_script_is_bounded_in_its_scripted_dice_and_its_play_out() {
    let scratch = swift_swords::scratch::Scratch::new("bounds");
    let dir = scratch.path().to_path_buf();
    let script = |name: &str, dice: &str, max_actions: u32| {
        let path = dir.join(name);
        let level = hero_against(r#"(id: "bandit", template: "bandit", side: "b", zone: (0, 0)),"#);
        std::fs::write(
            &path,
            format!(
                "(name: \"Bounds\", level: Inline({level}),\n dice: {dice},\n \
                 steps: [PlayOut(ai: Normal, max_actions: {max_actions})])"
            ),
        )
        .unwrap();
        swift_swords::script::load_script(&path)
            .map(drop)
            .map_err(|e| e.to_string())
    };
    let many = format!("Scripted([{}])", vec!["3"; 100_001].join(","));
    let error = script("dice.ron", &many, 10).unwrap_err();
    assert!(
        error.contains("dice.ron:14:8: 100001 scripted dice, expected at most 100000"),
        "{}",
        &error[..error.len().min(300)]
    );
    let error = script("actions.ron", "LevelSeed", 4_000_000_000).unwrap_err();
    assert!(
        error.contains("actions.ron:15:43: max_actions is 4000000000, expected 1 to 100000"),
        "{error}"
    );
    let error = script("faces.ron", "Scripted([3, 7, 0])", 10).unwrap_err();
    assert!(
        error.contains("faces.ron:14:8: scripted die number 2 shows 7, expected 1 to 6"),
        "{error}"
    );
    assert_eq!(script("fine.ron", "LevelSeed", 100_000), Ok(()));
}

/// Files the command line is pointed at that are no files: a named pipe
/// (reading would wait for ever), a device (`/dev/zero` never ends) and a
/// folder that holds links to itself (walking it would never end). Each is
/// refused at once with its place, and the folder is walked once.
#[cfg(unix)]
#[test]
fn pipes_devices_and_folders_that_hold_themselves_are_refused_without_waiting() {
    let scratch = swift_swords::scratch::Scratch::new("pipes");
    let dir = scratch.path().to_path_buf();
    let pipe = dir.join("pipe.ron");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .is_ok_and(|s| s.success())
    );
    std::os::unix::fs::symlink(&dir, dir.join("again")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("and_again")).unwrap();
    std::fs::copy("levels/duel.ron", dir.join("duel.ron")).unwrap();
    let not_a_file = "not a file but a device or pipe, which the game does not read";

    let folder = dir.to_string_lossy();
    let (code, stdout, stderr) = crate::common::swift_swords(&["check", &folder]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert_eq!(
        stdout.trim(),
        format!("{}:1:1: {not_a_file}", pipe.display())
    );
    assert!(
        stderr.contains("checked 2 file(s): 1 problem(s)"),
        "{stderr}"
    );

    let pipe = pipe.to_string_lossy();
    for command in [
        vec!["replay", &*pipe],
        vec!["replay", "/dev/zero"],
        vec!["simulate", "/dev/zero", "--battles", "1"],
        vec!["check", "/dev/zero"],
    ] {
        let (code, stdout, stderr) = crate::common::swift_swords(&command);
        assert_eq!(code, 1, "{command:?}: {stdout}{stderr}");
        assert!(
            format!("{stdout}{stderr}").contains(not_a_file),
            "{command:?}: {stdout}{stderr}"
        );
    }
}

/// A script's level outside its folder and the working folder is refused
/// before it is opened: the refusal is the same whether the file exists.
#[test]
fn a_scripts_level_outside_is_refused_alike_whether_it_exists_or_not() {
    let scratch = swift_swords::scratch::Scratch::new("outside");
    let dir = scratch.path().to_path_buf();
    let refusal = |level: &str| {
        let path = dir.join("outside.ron");
        std::fs::write(
            &path,
            format!("(name: \"Outside\", level: File(\"{level}\"), steps: [])"),
        )
        .unwrap();
        let script = swift_swords::script::load_script(&path).expect("a script");
        let ruleset = crate::common::ruleset();
        swift_swords::script::script_level(&path, &script, &ruleset, false)
            .expect_err("outside")
            .to_string()
    };
    let there = refusal("../../../../../../../../dev/zero");
    let not_there = refusal("../../../../../../../../no/such/level.ron");
    for refused in [&there, &not_there] {
        assert!(
            refused.contains("is outside the script's folder and the working folder"),
            "{refused}"
        );
    }
}

/// `check` on a replay rebuilds it as `replay` does: a replay whose record
/// was altered is refused at the step that no longer holds.
#[test]
fn check_refuses_a_replay_that_parts_from_its_record_at_its_step() {
    let scratch = swift_swords::scratch::Scratch::new("check-replay");
    let dir = scratch.path().to_path_buf();
    let text = std::fs::read_to_string("tests/replays/duel.ron").unwrap();
    let altered = text.replacen("order: Hold)", "order: Pass)", 1);
    assert_ne!(altered, text);
    let path = dir.join("altered.ron");
    std::fs::write(&path, &altered).unwrap();
    let shown = path.to_string_lossy();
    let (code, stdout, stderr) = crate::common::swift_swords(&["check", &shown]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.starts_with(&format!("{shown}:"))
            && stdout.contains("the replay parts from its record at step"),
        "{stdout}"
    );
    let (code, stdout, stderr) = crate::common::swift_swords(&["check", "tests/replays/duel.ron"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}
