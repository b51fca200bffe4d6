//! Swarms (RULES §38): level-0 creatures fielded as one warband with a mob
//! mind. The tier's ranks make it worth a blow; it loses members, not its
//! wits; a Trauma thins it; it is no one body to wrestle or drag.

use crate::common::{act, app, attack, hero_against, level, log, submit, table, unit};
use std::path::Path;
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::events::BattleEvent;
use swift_swords::level::parse_level;
use swift_swords::vocabulary::RankSide;

const SWARM_AND_HERO: &str = r#"
    (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("m"),
        overrides: (action_dice: Some(Fixed([6, 6])))),
    (id: "swarm", template: "rat", side: "foes", zone: (0, 0), group: Some("m"), mob: Some(Swarm),
        overrides: (action_dice: Some(Fixed([2])))),
"#;

#[test]
fn a_swarm_of_level_0_creatures_stands_at_its_tiers_ranks_and_is_struck_not_squashed() {
    let mut app = app(&level(r#""g""#, SWARM_AND_HERO, ""), &[2, 2, 2]);
    let t = table(&app);
    let swarm = unit(&t, "swarm");
    // A rat is 0/0 with 2 attack dice; a swarm adds 3/2 and 2 dice, and
    // takes every wound as a rank.
    assert_eq!((swarm.ranks.physical.real, swarm.ranks.mental.real), (3, 2));
    assert_eq!(swarm.profile.attack_dice, 4);
    assert!(swarm.profile.stateless);
    act(&mut app, "roland", attack("swarm"));
    let events = log(&app);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, BattleEvent::Squashed { .. }))
    );
    // Four attack dice, one off for striking at a warband: all miss.
    assert!(events.iter().any(|e| matches!(
        e,
        BattleEvent::AttackRolled { attacker, dice, .. } if attacker == "roland" && dice.len() == 3
    )));
}

#[test]
fn a_trauma_thins_a_swarm_by_a_rank_where_a_warband_would_drop_a_tier() {
    let units = r#"
        (id: "ogre", template: "ogre", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6])))),
        (id: "swarm", template: "rat", side: "foes", zone: (0, 0), mob: Some(Swarm),
            overrides: (action_dice: Some(Fixed([2])))),
    "#;
    // Three dice (4, one impaired): two hits of a Large club, 4 points
    // against the swarm's rank 3: a Trauma. The blow costs a rank, and the
    // Trauma another.
    let mut app = app(&level(r#""g""#, units, ""), &[6, 6, 2]);
    act(&mut app, "ogre", attack("swarm"));
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::Trauma { .. }))
        .expect("a Trauma");
    assert_eq!(
        events[at + 1..],
        [
            BattleEvent::RankLost {
                unit: "swarm".into(),
                remaining: 2,
            },
            BattleEvent::RankLost {
                unit: "swarm".into(),
                remaining: 1,
            },
            // The second direct loss crosses over (§20).
            BattleEvent::Crossover {
                unit: "swarm".into(),
                to: RankSide::Mental,
            },
            BattleEvent::MentalRankLost {
                unit: "swarm".into(),
                remaining: 1,
            },
        ]
    );
    assert!(!events.iter().any(|e| matches!(
        e,
        BattleEvent::WarbandWeakened { .. } | BattleEvent::InjuryRoll { .. }
    )));
}

#[test]
fn a_swarm_cannot_be_closed_with_or_dragged_into_a_melee() {
    let units = r#"
        (id: "brute", template: "hero_warrior", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (action_dice: Some(Fixed([6, 6])))),
        (id: "swarm", template: "rat", side: "foes", zone: (0, 0), group: Some("m"), mob: Some(Swarm),
            overrides: (action_dice: Some(Fixed([2])))),
        (id: "swarm_2", template: "rat", side: "foes", zone: (0, 0), mob: Some(Swarm),
            overrides: (action_dice: Some(Fixed([2])))),
    "#;
    let mut app = app(&level(r#""g""#, units, ""), &[]);
    let close_in = Order::CloseIn {
        target: "swarm".into(),
        pay: None,
    };
    let drag = Order::Drag {
        target: "swarm_2".into(),
        pay: None,
    };
    for (order, swarm) in [(close_in, "swarm"), (drag, "swarm_2")] {
        assert_eq!(
            submit(&mut app, Command::new("brute", order)),
            Err(RuleError::Swarm { unit: swarm.into() })
        );
    }
}

#[test]
fn only_level_0_creatures_form_a_swarm_and_they_group_only_as_one() {
    let text = |template: &str, tier: &str| {
        hero_against(&format!(
            r#"(id: "pack", template: "{template}", side: "b", zone: (0, 0), mob: Some({tier})),"#
        ))
    };
    let ruleset = crate::common::ruleset();
    let parse =
        |template, tier| parse_level(Path::new("pack.ron"), &text(template, tier), &ruleset);
    assert!(parse("rat", "Swarm").is_ok());
    let wolves = parse("wolf", "Swarm").unwrap_err().to_string();
    assert!(
        wolves.contains("pack.ron:11:18: unit `pack`: a swarm is of level-0 creatures"),
        "{wolves}"
    );
    let rats = parse("rat", "Crowd").unwrap_err().to_string();
    assert!(
        rats.contains("level-0 creatures (physical 0) group only as a Swarm"),
        "{rats}"
    );
}
