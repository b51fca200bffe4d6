//! Chariots ("Chariots", "Chariot Movement"): pace in zones, driving along
//! the facing, the second turn's Driving roll, rough and impassable ground,
//! the front that only the team strikes through, cover for the crew, and
//! the nations' presets.

use std::path::Path;

use crate::common::submit;
use crate::common::{act, app, attack, attack_with, log, ruleset, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::riding::pace;
use swift_swords::battle::setup::initial_state;
use swift_swords::level::{Level, parse_level};
use swift_swords::vocabulary::Facing;
use swift_swords::vocabulary::ZoneCoord;

/// A chariot level: the map rows, the units, and the chariots.
fn chariot_level(map: &str, units: &str, chariots: &str) -> Level {
    let text = format!(
        r#"(
            name: "Chariot test",
            legend: {{ 'g': Grass, 'k': Rough, 'm': Marsh }},
            map: [{map}],
            sides: [
                (id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.9), kind: Heroes),
                (id: "foes", name: "Foes", colour: (0.7, 0.2, 0.1), kind: Npcs),
            ],
            units: [{units}],
            chariots: [{chariots}],
        )"#
    );
    parse_level(Path::new("test.ron"), &text, &ruleset()).unwrap_or_else(|e| panic!("{e}"))
}

fn drive(x: u16, y: u16) -> Order {
    Order::Drive {
        to: ZoneCoord(x, y),
        facing: None,
        target: None,
        pay: None,
    }
}

const DRIVER: &str = r#"(id: "driver", template: "charioteer", side: "heroes", zone: (0, 0),
    overrides: (action_dice: Some(Fixed([6, 6, 6, 6]))))"#;
const FOE: &str = r#"(id: "foe", template: "bandit", side: "foes", zone: (3, 3),
    overrides: (action_dice: Some(Fixed([2]))))"#;

fn drove(app: &swift_swords::battle::engine::Engine) -> Vec<(ZoneCoord, Facing)> {
    log(app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::Drove { to, facing, .. } => Some((to, facing)),
            _ => None,
        })
        .collect()
}

#[test]
fn chariot_pace_follows_kind_team_and_crew_and_converts_to_zones_with_inches_carried() {
    let grid = r#""gggggg", "gggggg", "gggggg", "gggggg""#;
    let units = format!(
        r#"{DRIVER}, {FOE},
        (id: "d2", template: "charioteer", side: "heroes", zone: (0, 1)),
        (id: "a2", template: "chariot_archer", side: "heroes", zone: (0, 1)),
        (id: "d3", template: "charioteer", side: "heroes", zone: (0, 2)),
        (id: "a3", template: "chariot_archer", side: "heroes", zone: (0, 2)),
        (id: "d4", template: "charioteer", side: "heroes", zone: (0, 3)),
        (id: "a4", template: "chariot_archer", side: "heroes", zone: (0, 3)),
        (id: "b4", template: "chariot_archer", side: "heroes", zone: (0, 3))"#
    );
    let chariots = r#"
        (id: "light", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), crew: ["driver"]),
        (id: "light2", side: "heroes", zone: (0, 1), facing: E, nation: Some("egyptian"), crew: ["d2", "a2"]),
        (id: "light4", side: "heroes", zone: (0, 2), facing: E, nation: Some("kushite"), horses: Some(Four), crew: ["d3", "a3"]),
        (id: "heavy4", side: "heroes", zone: (0, 3), facing: E, nation: Some("assyrian"), kind: Some(Heavy), horses: Some(Four), crew: ["d4", "a4", "b4"]),
    "#;
    let level = chariot_level(grid, &units, chariots);
    let t = initial_state(&level, ruleset(), 0);
    // Light 9; a second crewman -1; a four-horse team carries him freely;
    // heavy 7 + 2 for four horses, -1 for a third crewman.
    assert_eq!(
        (0..4).map(|c| pace(&t, c)).collect::<Vec<_>>(),
        vec![9, 8, 9, 8]
    );
    // Nine inches on 6" tiles: one zone, then two with the three carried.
    let units = format!("{DRIVER}, {FOE}");
    let chariots = r#"(id: "light", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), crew: ["driver"])"#;
    let level = chariot_level(grid, &units, chariots);
    let mut app = app(&level, &[2; 12]);
    assert_eq!(
        submit(&mut app, Command::new("driver", drive(2, 0))),
        Err(RuleError::NoRoute {
            to: ZoneCoord(2, 0)
        })
    );
    act(&mut app, "driver", drive(1, 0));
    act(&mut app, "driver", drive(3, 0));
    assert_eq!(
        drove(&app),
        vec![(ZoneCoord(1, 0), Facing::E), (ZoneCoord(3, 0), Facing::E)]
    );
    // The team and the crew moved with the chariot.
    let t = table(&app);
    assert_eq!(unit(&t, "light").placement.zone, ZoneCoord(3, 0));
    assert_eq!(unit(&t, "driver").placement.zone, ZoneCoord(3, 0));
}

/// A light chariot facing south at (0, 0), its driver alone aboard: after a
/// full one-zone drive it has two zones in hand.
fn second_turn(driving_roll: &[u8]) -> swift_swords::battle::engine::Engine {
    let grid = r#""gggg", "gggg", "gggg", "gggg""#;
    let units = format!("{DRIVER}, {FOE}");
    let chariots = r#"(id: "chariot", side: "heroes", zone: (0, 0), facing: S, nation: Some("egyptian"), crew: ["driver"])"#;
    let level = chariot_level(grid, &units, chariots);
    // The team's three action dice, then the rolls.
    let mut dice = vec![2, 2, 2];
    dice.extend_from_slice(driving_roll);
    dice.extend([2, 2, 2]);
    let mut app = app(&level, &dice);
    act(&mut app, "driver", drive(0, 1));
    // South-east, on, then east: the second turn needs a Driving roll.
    act(&mut app, "driver", drive(2, 2));
    app
}

#[test]
fn a_second_turn_needs_a_driving_roll_and_failing_it_runs_on_straight() {
    // BODY 4 + rank 2 = 6 dice, -2 for a light chariot's second turn.
    let app = second_turn(&[2, 3, 4, 4]);
    assert!(log(&app).contains(&BattleEvent::DrivingRoll {
        unit: "driver".into(),
        dice: vec![2, 3, 4, 4],
        penalty: 2,
        passed: false,
        fumble: false,
    }));
    assert!(log(&app).contains(&BattleEvent::TurnMissed {
        chariot: "chariot".into()
    }));
    assert_eq!(drove(&app)[1], (ZoneCoord(2, 3), Facing::SE));
    let passed = second_turn(&[2, 3, 5, 4]);
    assert_eq!(drove(&passed)[1], (ZoneCoord(2, 2), Facing::E));
}

#[test]
fn a_fumbled_driving_roll_overturns_the_chariot_and_throws_its_crew() {
    let app = second_turn(&[1, 3, 4, 4]);
    assert!(log(&app).contains(&BattleEvent::Overturned {
        chariot: "chariot".into()
    }));
    let t = table(&app);
    let driver = unit(&t, "driver");
    assert!(driver.conditions.aboard.is_none());
    assert!(driver.conditions.prone);
    assert!(t.chariots()[0].overturned);
    assert_eq!(unit(&t, "chariot").placement.zone, ZoneCoord(1, 2));
}

#[test]
fn rough_ground_needs_a_driving_roll_and_marsh_stops_a_chariot() {
    let units = format!("{DRIVER}, {FOE}");
    let chariots = r#"(id: "chariot", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), crew: ["driver"])"#;
    let level = chariot_level(r#""gkgg", "gggg", "gggg", "gggg""#, &units, chariots);
    // -2 dice for rough ground: four dice, no success, no 1.
    let mut app = app(&level, &[2, 2, 2, 2, 3, 4, 4]);
    act(&mut app, "driver", drive(1, 0));
    assert!(log(&app).contains(&BattleEvent::Balked {
        chariot: "chariot".into(),
        at: ZoneCoord(1, 0)
    }));
    assert_eq!(drove(&app), vec![(ZoneCoord(0, 0), Facing::E)]);
    let level = chariot_level(r#""gmgg", "gggg", "gggg", "gggg""#, &units, chariots);
    let mut app = crate::common::app(&level, &[2, 2, 2]);
    assert_eq!(
        submit(&mut app, Command::new("driver", drive(1, 0))),
        Err(RuleError::NoRoute {
            to: ZoneCoord(1, 0)
        })
    );
}

#[test]
fn a_chariot_charge_puts_enemies_at_its_front_where_only_the_team_strikes() {
    let units = r#"
        (id: "driver", template: "charioteer", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6, 6])))),
        (id: "guard", template: "spearman", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6, 6, 6])), defences: Some({}))),
        (id: "spear_a", template: "spearman", side: "foes", zone: (1, 0), group: Some("line"),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
        (id: "spear_b", template: "spearman", side: "foes", zone: (1, 0), group: Some("line"),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
    "#;
    let chariots = r#"(id: "chariot", side: "heroes", zone: (0, 0), facing: E, nation: Some("assyrian"), kind: Some(Heavy), horses: Some(Four), crew: ["driver", "guard"])"#;
    let level = chariot_level(r#""gg""#, units, chariots);
    let mut dice = vec![5, 5, 5];
    dice.extend([2; 20]);
    let mut app = app(&level, &dice);
    act(&mut app, "guard", Order::Hold);
    act(
        &mut app,
        "driver",
        Order::Drive {
            to: ZoneCoord(1, 0),
            facing: None,
            target: Some("spear_a".into()),
            pay: None,
        },
    );
    for enemy in ["spear_a", "spear_b"] {
        assert!(log(&app).contains(&BattleEvent::AtTheFront {
            chariot: "chariot".into(),
            unit: enemy.into()
        }));
    }
    // Nobody melees through the front: the guard aboard cannot reach them.
    assert_eq!(
        submit(
            &mut app,
            Command::new("guard", attack_with("spear_a", "dagger"))
        ),
        Err(RuleError::ThroughTheFront)
    );
    act(&mut app, "guard", Order::Hold);
    // The four-horse team tramples both at its front with one attack.
    act(&mut app, "chariot", attack("spear_a"));
    let struck: Vec<String> = log(&app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled {
                attacker, target, ..
            } if attacker == "chariot" => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(struck, vec!["spear_a".to_string(), "spear_b".to_string()]);
    // The team moves only when its driver drives.
    let t = table(&app);
    assert!(unit(&t, "guard").conditions.aboard.is_some());
}

#[test]
fn a_chariot_gives_its_crew_light_cover_except_from_the_rear() {
    let units = r#"
        (id: "driver", template: "charioteer", side: "heroes", zone: (1, 0),
            overrides: (action_dice: Some(Fixed([2])))),
        (id: "archer", template: "chariot_archer", side: "heroes", zone: (1, 0),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
        (id: "ahead", template: "bandit_archer", side: "foes", zone: (3, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6, 6])))),
        (id: "behind", template: "bandit_archer", side: "foes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])))),
    "#;
    let chariots = r#"(id: "chariot", side: "heroes", zone: (1, 0), facing: E, nation: Some("egyptian"), crew: ["driver", "archer"])"#;
    let level = chariot_level(r#""gggg""#, units, chariots);
    let mut app = app(&level, &[2; 12]);
    act(&mut app, "ahead", attack_with("archer", "bow"));
    act(&mut app, "chariot", Order::Hold);
    act(&mut app, "ahead", Order::Hold);
    act(&mut app, "behind", attack_with("archer", "bow"));
    let dice: Vec<usize> = log(&app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled { dice, .. } => Some(dice.len()),
            _ => None,
        })
        .collect();
    // Three dice each: one off from the front for the chariot's cover.
    assert_eq!(dice, vec![2, 3]);
}

#[test]
fn nation_presets_set_the_chariot_and_refuse_what_the_nation_never_fielded() {
    let units = format!("{DRIVER}, {FOE}");
    let good = r#"(id: "chariot", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), crew: ["driver"])"#;
    let level = chariot_level(r#""gggg", "gggg", "gggg", "gggg""#, &units, good);
    let t = initial_state(&level, ruleset(), 0);
    let team = unit(&t, "chariot");
    assert_eq!(team.unit.template, "two_horse_team");
    assert_eq!(team.unit.name, "Egyptian Light chariot team");
    let text = format!(
        r#"(
            name: "Bad chariot",
            legend: {{ 'g': Grass }},
            map: ["gggg", "gggg", "gggg", "gggg"],
            sides: [
                (id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.9), kind: Heroes),
                (id: "foes", name: "Foes", colour: (0.7, 0.2, 0.1), kind: Npcs),
            ],
            units: [{units}],
            chariots: [(id: "chariot", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), kind: Some(Heavy), crew: ["driver", "foe"])],
        )"#
    );
    let error = parse_level(Path::new("bad.ron"), &text, &ruleset())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("the Egyptian fielded no Heavy chariots"),
        "{error}"
    );
    assert!(
        error.contains("crew `foe` must be of side `heroes`"),
        "{error}"
    );
    assert!(error.contains("bad.ron:"), "{error}");
}

#[test]
fn a_charging_chariot_is_limited_to_one_turn() {
    let units = format!(
        r#"{DRIVER},
        (id: "foe", template: "bandit", side: "foes", zone: (1, 1),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({{}})))"#
    );
    let chariots = r#"(id: "chariot", side: "heroes", zone: (0, 0), facing: S, nation: Some("egyptian"), crew: ["driver"])"#;
    let level = chariot_level(r#""gggg", "gggg", "gggg", "gggg""#, &units, chariots);
    let charge = |facing| Order::Drive {
        to: ZoneCoord(1, 1),
        facing,
        target: Some("foe".into()),
        pay: None,
    };
    let mut app = app(&level, &[2; 6]);
    // Facing south, the foe is one turn away (south-east); ending facing
    // east would take a second turn, which a charge may not make.
    assert_eq!(
        submit(&mut app, Command::new("driver", charge(Some(Facing::E)))),
        Err(RuleError::NoRoute {
            to: ZoneCoord(1, 1)
        })
    );
    act(&mut app, "driver", charge(None));
    assert!(log(&app).contains(&BattleEvent::AtTheFront {
        chariot: "chariot".into(),
        unit: "foe".into()
    }));
}

/// "InClose Combat" and "Chariots": legs add to size by doubling (four +1,
/// eight +2), and a horse team "counts as one target based on a single
/// horse", so both teams stand as one horse: +1 on their size InClose.
#[test]
fn a_horse_team_stands_as_a_single_horse_in_close() {
    use swift_swords::battle::inclose::stable_size;

    let grid = r#""gggggg", "gggggg", "gggggg", "gggggg""#;
    let units = format!(
        r#"{DRIVER}, {FOE},
        (id: "d2", template: "charioteer", side: "heroes", zone: (0, 1))"#
    );
    let chariots = r#"
        (id: "two", side: "heroes", zone: (0, 0), facing: E, nation: Some("egyptian"), crew: ["driver"]),
        (id: "four", side: "heroes", zone: (0, 1), facing: E, nation: Some("kushite"), horses: Some(Four), crew: ["d2"]),
    "#;
    let level = chariot_level(grid, &units, chariots);
    let t = initial_state(&level, ruleset(), 0);
    let stable: Vec<(u32, u32)> = t
        .chariots()
        .iter()
        .map(|c| {
            let team = &t.units()[c.team];
            (u32::from(team.profile.size), stable_size(&t, c.team))
        })
        .collect();
    assert_eq!(stable, vec![(5, 6), (6, 7)]);
}
