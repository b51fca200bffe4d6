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
            "crossover_every: Some(0)",
            "crossover_every 0 is outside 2 to 4",
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
