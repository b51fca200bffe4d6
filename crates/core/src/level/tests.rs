use std::path::Path;

use super::*;

fn ruleset() -> Ruleset {
    Ruleset::embedded().expect("shipped data is valid")
}

fn problems(text: &str) -> Vec<String> {
    match parse_level(Path::new("l.ron"), text, &ruleset()) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.0.iter().map(ToString::to_string).collect(),
    }
}

const GOOD: &str = r#"(
    name: "Good",
    legend: { 'g': Grass },
    map: ["gg"],
    edges: [(between: ((0, 0), (1, 0)), feature: Wall)],
    sides: [
        (id: "a", name: "A", colour: (0.1, 0.1, 0.1), kind: Heroes),
        (id: "b", name: "B", colour: (0.9, 0.1, 0.1), kind: Npcs),
    ],
    units: [
        (id: "u1", template: "hero_swordsman", side: "a", zone: (0, 0)),
        (id: "u2", template: "bandit", side: "b", zone: (1, 0)),
    ],
    surprise: Some("b"),
)"#;

#[test]
fn a_good_level_passes() {
    assert_eq!(problems(GOOD), Vec::<String>::new());
}

#[test]
fn an_edge_must_join_two_zones_that_share_a_side() {
    let text = GOOD.replace("((0, 0), (1, 0))", "((0, 0), (0, 0))");
    assert_eq!(
        problems(&text),
        vec!["l.ron:5:23: edge between (0, 0) and (0, 0): the zones must share an edge"]
    );
}

#[test]
fn surprise_must_name_a_side() {
    let text = GOOD.replace("Some(\"b\")", "Some(\"z\")");
    assert_eq!(
        problems(&text),
        vec!["l.ron:14:15: surprise names unknown side `z`, expected one of: a, b"]
    );
}

#[test]
fn duplicate_side_ids_are_reported_at_the_second() {
    let text = GOOD.replace("(id: \"b\", name: \"B\"", "(id: \"a\", name: \"B\"");
    let found = problems(&text);
    assert!(
        found.contains(&"l.ron:8:14: duplicate side id `a`".to_string()),
        "{found:?}"
    );
}

#[test]
fn unknown_weapon_overrides_and_tile_size_are_reported_together() {
    let text = GOOD
        .replace("name: \"Good\",", "name: \"Good\", tile_size: 7,")
        .replace(
            "zone: (1, 0))",
            "zone: (1, 0), overrides: (weapons: Some([\"laser\"])))",
        );
    let found = problems(&text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("tile_size is 7, expected 6 or 9"));
    assert!(
        found[1].starts_with("l.ron:12:92: unit `u2`: unknown weapon `laser`"),
        "{found:?}"
    );
}

#[test]
fn unknown_fields_inside_victory_conditions_are_errors() {
    let text = GOOD.replace(
        "surprise: Some(\"b\"),",
        "victory: [HoldZone(side: \"a\", zone: (0, 0), turns: 2)],",
    );
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("l.ron:14:49: unknown field `turns`"),
        "{found:?}"
    );
}

#[test]
fn a_defence_written_twice_in_a_units_overrides_is_refused_where_it_repeats() {
    let text = GOOD.replace(
        "zone: (1, 0))",
        "zone: (1, 0), overrides: (defences: Some({Parry: 30, Parry: 3})))",
    );
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("l.ron:12:"), "{found:?}");
    assert!(
        found[0].contains("the key Parry is written twice"),
        "{found:?}"
    );
}

#[test]
fn a_name_that_turns_the_writing_or_shows_nothing_is_refused() {
    let turned = problems(&GOOD.replace("name: \"Good\"", "name: \"Go\u{202E}od\""));
    assert_eq!(turned.len(), 1, "{turned:?}");
    assert!(
        turned[0].contains("turns the writing direction"),
        "{turned:?}"
    );
    let unseen = problems(&GOOD.replace("name: \"A\"", "name: \"\u{200B}\u{200D}\""));
    assert_eq!(unseen.len(), 1, "{unseen:?}");
    assert!(unseen[0].contains("shows nothing"), "{unseen:?}");
}
