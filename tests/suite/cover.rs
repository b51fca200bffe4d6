//! Cover ("Cover"), and the level options fatigue ("Fatigue") and a more
//! severe surprise ("Surprise"), with fixed action dice and scripted rolls.

use crate::common::{act, app, attack, foe, hero, level, log, table, unit, units};
use swift_swords::battle::command::Order;
use swift_swords::battle::components::Status;
use swift_swords::battle::events::BattleEvent;
use swift_swords::vocabulary::RankSide;
use swift_swords::vocabulary::ZoneCoord;

/// The number of dice of every attack rolled, in order.
fn attack_sizes(events: &[BattleEvent]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled { dice, .. } => Some(dice.len()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_wall_is_heavy_hard_cover_both_ways_two_dice_off_and_no_raising_a_die() {
    let units = r#"
        (id: "archer", template: "hero_archer", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 1])))),
        (id: "shooter", template: "bandit_archer", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([5])))),
    "#;
    let extra = "edges: [(between: ((0, 0), (1, 0)), feature: Wall)],";
    let level = level(r#""gg""#, units, extra);
    // The archer's 4 dice less 2: [4, 2]. A 1 would raise the 4 to a hit,
    // but not against heavy hard cover.
    let mut app = app(&level, &[4, 2, 3, 3]);
    act(
        &mut app,
        "archer",
        Order::Attack {
            target: "shooter".into(),
            weapon: None,
            raise_with_one: true,
            specials: Vec::new(),
            tactic: None,
            shift: Default::default(),
            pay: None,
        },
    );
    act(&mut app, "archer", Order::Hold);
    act(&mut app, "shooter", attack("archer"));
    let events = log(&app);
    // The bandit archer's 3 dice less 2, shooting back across the wall.
    assert_eq!(attack_sizes(&events), vec![2, 1]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, BattleEvent::DieRaised { .. }))
    );
}

#[test]
fn holders_of_woods_have_area_cover_and_newcomers_are_drawn_into_their_melee() {
    let units = r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "archer", template: "hero_archer", side: "heroes", zone: (0, 1),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""gw", "gg""#, units, "");
    let mut app = app(&level, &[2, 2, 2, 2, 2, 2]);
    assert!(log(&app).contains(&BattleEvent::TookCover {
        unit: "bandit".into()
    }));
    // The archer shoots into the woods: 4 dice less 2 for medium soft cover.
    act(&mut app, "archer", attack("bandit"));
    // The hero steps into the held woods: drawn into the bandit's melee.
    act(
        &mut app,
        "hero",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let t = table(&app);
    assert_eq!(unit(&t, "hero").status, Status::InContact);
    assert!(!unit(&t, "hero").conditions.occupies_cover);
    // The hero's broadsword against the holder: 4 dice less 2.
    act(&mut app, "hero", attack("bandit"));
    assert_eq!(attack_sizes(&log(&app)), vec![2, 2]);
}

#[test]
fn defenders_hold_attackers_at_a_defended_wall_up_to_the_choke_value() {
    let units = r#"
        (id: "guard", template: "hero_swordsman", side: "heroes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
        (id: "b1", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "b2", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
    "#;
    let extra = "edges: [(between: ((0, 0), (1, 0)), feature: Wall, choke: Some(1))],";
    let level = level(r#""gg""#, units, extra);
    let mut app = app(&level, &[5, 5]);
    let over_the_wall = Order::Move {
        to: ZoneCoord(1, 0),
        pay: None,
    };
    act(&mut app, "b1", over_the_wall.clone());
    act(&mut app, "b2", over_the_wall);
    let t = table(&app);
    // The guard holds one attacker at the wall; the second gets past.
    assert_eq!(unit(&t, "b1").status, Status::InContact);
    assert_eq!(unit(&t, "b1").conditions.held_at, Some(ZoneCoord(0, 0)));
    assert_eq!(unit(&t, "b2").status, Status::Alone);
    assert!(log(&app).contains(&BattleEvent::Intercepted {
        unit: "b1".into(),
        by: "guard".into()
    }));
    // Held at the wall, b1 strikes across it: 3 dice less 2.
    act(&mut app, "b1", attack("guard"));
    assert_eq!(attack_sizes(&log(&app)), vec![1]);
}

#[test]
fn a_tired_side_starts_with_a_rank_lost_and_a_severe_surprise_gives_extra_dice() {
    let units = units(&[
        hero("hero", "hero_swordsman"),
        foe("bandit", "bandit").at(1, 0),
    ]);
    let extra = r#"surprise: Some("heroes"), surprise_extra_dice: 2, fatigue: { "foes": Tired },"#;
    let level = level(r#""gg""#, &units, extra);
    let app = app(&level, &[5, 5, 5, 5, 5, 5]);
    let t = table(&app);
    assert_eq!(unit(&t, "hero").pool.dice.len(), 6);
    assert_eq!(unit(&t, "bandit").ranks.physical.lost, 1);
    assert_eq!(unit(&t, "hero").ranks.physical.lost, 0);
}

/// RULES §26 ("Fatigue": "a Body or Will roll"): where fatigue is in doubt,
/// each combatant of the side rolls BODY or WILL, whichever has the more
/// dice (4 and the rank), and only a failure costs the rank. The priest's
/// mind (rank 5) outweighs its body.
#[test]
fn doubtful_fatigue_rolls_the_better_of_body_and_will_and_costs_a_rank_on_a_failure() {
    let units = units(&[
        hero("hero", "hero_swordsman").dice(&[5, 5, 5, 5]),
        hero("squire", "hero_swordsman").dice(&[5, 5, 5, 5]),
        hero("priest", "hero_swordsman")
            .with("heroic: Some(false), mental: Some(5)")
            .dice(&[5, 5, 5, 5]),
        foe("bandit", "bandit").at(1, 0).dice(&[4, 4, 4]),
    ]);
    let level = level(r#""gg""#, &units, r#"fatigue: { "heroes": Doubtful },"#);
    // The hero's seven BODY dice: a 5. The squire's: none. The priest's
    // nine WILL dice: a 6.
    let app = app(
        &level,
        &[
            5, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 6, 1, 1, 1, 1, 1, 1, 1, 1,
        ],
    );
    let events = log(&app);
    assert_eq!(
        events[1..6],
        [
            BattleEvent::FatigueRoll {
                unit: "hero".into(),
                characteristic: RankSide::Physical,
                dice: vec![5, 1, 1, 1, 1, 1, 1],
                passed: true,
            },
            BattleEvent::FatigueRoll {
                unit: "squire".into(),
                characteristic: RankSide::Physical,
                dice: vec![1, 2, 2, 2, 2, 2, 2],
                passed: false,
            },
            BattleEvent::RankLost {
                unit: "squire".into(),
                remaining: 2,
            },
            BattleEvent::FatigueRoll {
                unit: "priest".into(),
                characteristic: RankSide::Mental,
                dice: vec![6, 1, 1, 1, 1, 1, 1, 1, 1],
                passed: true,
            },
            BattleEvent::RoundStarted { round: 1 },
        ]
    );
    let t = table(&app);
    assert_eq!(unit(&t, "hero").ranks.physical.lost, 0);
    assert_eq!(unit(&t, "squire").ranks.physical.lost, 1);
    assert_eq!(unit(&t, "priest").ranks.physical.lost, 0);
    assert_eq!(unit(&t, "bandit").ranks.physical.lost, 0);
}
