//! Mobs, Crowds and Hordes ("Mobs, Crowds and Hordes"): grouped NPCs as one
//! entity, with the tier's ranks, dice and separate targets per attack.

use crate::common::{act, app, attack, hero_against, level, log, table, unit};
use std::path::Path;
use swift_swords::battle::events::BattleEvent;
use swift_swords::level::parse_level;

#[test]
fn a_crowd_gains_its_ranks_and_dice_and_one_attack_strikes_separate_targets() {
    let units = r#"
        (id: "crowd", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"), mob: Some(Crowd),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
        (id: "wren", template: "hero_archer", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""g""#, units, "");
    let mut app = app(&level, &[2; 12]);
    let t = table(&app);
    let crowd = unit(&t, "crowd");
    // A bandit is 2/2 with 3 attack dice; a Crowd adds +1/+1 and 2 dice.
    assert_eq!((crowd.ranks.physical.real, crowd.ranks.mental.real), (3, 3));
    assert_eq!(crowd.profile.attack_dice, 5);
    act(&mut app, "crowd", attack("roland"));
    let struck: Vec<(String, usize)> = log(&app)
        .iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled { target, dice, .. } => Some((target.clone(), dice.len())),
            _ => None,
        })
        .collect();
    // Up to three separate targets: only two enemies stand in the melee.
    // Each strike on an individual is enhanced by a die (a warband, seed 002).
    assert_eq!(struck, vec![("roland".into(), 6), ("wren".into(), 6)]);
}

#[test]
fn a_heroic_combatant_cannot_be_a_mob() {
    let text = r#"(
        name: "Bad mob",
        legend: { 'g': Grass },
        map: ["g"],
        sides: [
            (id: "a", name: "A", colour: (0.1, 0.3, 0.9), kind: Heroes),
            (id: "b", name: "B", colour: (0.7, 0.2, 0.1), kind: Npcs),
        ],
        units: [
            (id: "heroes", template: "hero_swordsman", side: "a", zone: (0, 0), mob: Some(Mob)),
            (id: "foe", template: "bandit", side: "b", zone: (0, 0)),
        ],
    )"#;
    let error = parse_level(Path::new("bad.ron"), text, &crate::common::ruleset()).unwrap_err();
    assert!(error.to_string().contains("cannot be a mob"), "{error}");
}

/// RULES §20: rank 9 never falls, so only a template or override that asks
/// for 9 may field it. Ogres (physical 5) grouped as a Unit (+4) would add up
/// to 9 by accident; grouped as a Company (+3) they stand at 8.
#[test]
fn grouping_never_makes_a_rank_of_9_by_accident() {
    let text = |tier: &str, physical: &str| {
        hero_against(&format!(
            r#"(id: "ogres", template: "ogre", side: "b", zone: (0, 0), mob: Some({tier}),
                overrides: (physical: {physical})),"#
        ))
    };
    let ruleset = crate::common::ruleset();
    let parse =
        |tier, physical| parse_level(Path::new("ogres.ron"), &text(tier, physical), &ruleset);
    let error = parse("Unit", "None").unwrap_err().to_string();
    assert!(
        error.contains("ogres.ron:11:18: unit `ogres`: its physical rank adds up to 9 (5 from"),
        "{error}"
    );
    assert!(parse("Company", "None").is_ok());
    // Asking for 9 on a group adds the tier beyond it: refused as well.
    let beyond = parse("Mob", "Some(9)").unwrap_err().to_string();
    assert!(beyond.contains("adds up to 10"), "{beyond}");
}
