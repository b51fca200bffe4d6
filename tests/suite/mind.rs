//! Mental damage ("Mental Damage"), Doubt ("State") and fear ("Fear"), with
//! fixed action dice and scripted rolls.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::components::StateKind;
use swift_swords::battle::events::BattleEvent;
use swift_swords::data::FearLevel;
use swift_swords::level::Level;
use swift_swords::vocabulary::ZoneCoord;

/// A hedge wizard with five 3s (Prepare, three Pools, and one die left)
/// against a bandit of the given mental rank one zone away.
fn wizard_and_bandit(mental: i8, spell: &str) -> Level {
    let units = format!(
        r#"
        (id: "wizard", template: "hedge_wizard", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({{}}), spells: Some(["{spell}"]), action_dice: Some(Fixed([3, 3, 3, 3, 3])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({{}}), mental: Some({mental}), action_dice: Some(Fixed([5])))),
    "#
    );
    level(r#""ggg""#, &units, "")
}

/// Prepares the spell with a pool of three dice and casts it at the bandit.
fn cast_three_dice(app: &mut swift_swords::battle::engine::Engine, spell: &str) {
    act(
        app,
        "wizard",
        Order::Prepare {
            spell: spell.into(),
            pay: None,
        },
    );
    for _ in 0..3 {
        act(app, "wizard", Order::Pool { pay: None });
    }
    act(
        app,
        "wizard",
        Order::Cast {
            target: "bandit".into(),
        },
    );
}

fn refused(app: &mut swift_swords::battle::engine::Engine, unit: &str, order: Order) -> RuleError {
    submit(app, Command::new(unit, order)).expect_err("refused")
}

#[test]
fn mental_damage_above_the_mental_rank_panics_and_the_panicked_must_flee() {
    // Three successes of a Medium spell: 3 mental damage against rank 2 is
    // more than the rank: Panicked, and a mental rank lost.
    let level = wizard_and_bandit(2, "dread_word");
    let mut app = app(&level, &[6, 6, 6]);
    cast_three_dice(&mut app, "dread_word");
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::MentalDamage { .. }))
        .expect("mental damage");
    assert_eq!(
        events[at..at + 3],
        [
            BattleEvent::MentalDamage {
                unit: "bandit".into(),
                damage: 3
            },
            BattleEvent::Panicked {
                unit: "bandit".into()
            },
            BattleEvent::MentalRankLost {
                unit: "bandit".into(),
                remaining: 1
            },
        ]
    );
    act(&mut app, "wizard", Order::Hold);
    // Toward the wizard (the greatest danger) is refused; away is flight.
    assert_eq!(
        refused(
            &mut app,
            "bandit",
            Order::Move {
                to: ZoneCoord(0, 0),
                pay: None
            }
        ),
        RuleError::MustFlee {
            danger: "wizard".into()
        }
    );
    assert!(matches!(
        refused(&mut app, "bandit", attack("wizard")),
        RuleError::MustFlee { .. }
    ));
    // While a flight is open, it may not hold or pass in its place.
    for stay in [Order::Hold, Order::Pass] {
        assert_eq!(
            refused(&mut app, "bandit", stay),
            RuleError::MustFlee {
                danger: "wizard".into()
            }
        );
    }
    act(
        &mut app,
        "bandit",
        Order::Move {
            to: ZoneCoord(2, 0),
            pay: None,
        },
    );
    // The initial action of a panic is the flight, with no roll to rally.
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::RallyRoll { .. }))
    );
    assert_eq!(unit(&table(&app), "bandit").placement.zone, ZoneCoord(2, 0));
}

/// A wizard (one die) in the first zone of `map` and a Panicked bandit (two
/// 5s) in the next, with `dice` for the rolls.
fn panicked_bandit(map: &str, dice: &[u8]) -> swift_swords::battle::engine::Engine {
    let units = r#"
        (id: "wizard", template: "hedge_wizard", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([5, 5])))),
    "#;
    let start = app(&level(map, units, ""), dice);
    let mut save = swift_swords::battle::save::BattleSave::of(&start);
    let bandit = start.state().unit_index("bandit").expect("bandit");
    save.units[bandit].conditions.panicked = true;
    save.restore(crate::common::ruleset())
}

/// RULES §23: a Panicked creature's rally roll comes at the start of every
/// action after the initial one, which is the compulsory flight.
#[test]
fn a_panicked_creature_flees_first_and_rolls_to_rally_from_its_second_action() {
    let mut app = panicked_bandit(r#""gggg""#, &[1, 1, 1, 1, 1, 1]);
    let flee = |x| Order::Move {
        to: ZoneCoord(x, 0),
        pay: None,
    };
    act(&mut app, "bandit", flee(2));
    let rallies = |app: &swift_swords::battle::engine::Engine| {
        log(app)
            .into_iter()
            .filter(|e| matches!(e, BattleEvent::RallyRoll { .. }))
            .collect::<Vec<_>>()
    };
    assert_eq!(rallies(&app), vec![]);
    if table(&app).turn_units() == ["wizard"] {
        act(&mut app, "wizard", Order::Pass);
    }
    act(&mut app, "bandit", flee(3));
    // SPIRIT: 4 dice and its mental rank of 2, failed; the flight goes on.
    assert_eq!(
        rallies(&app),
        vec![BattleEvent::RallyRoll {
            unit: "bandit".into(),
            dice: vec![1, 1, 1, 1, 1, 1],
            passed: false,
        }]
    );
    assert_eq!(unit(&table(&app), "bandit").placement.zone, ZoneCoord(3, 0));
}

/// RULES §23 (decision): the rally roll at the start of an action frees the
/// combatant from its next action on. The action it opens was declared as
/// the compulsory flight, and the flight goes ahead.
#[test]
fn a_panicked_creature_that_rallies_still_makes_the_flight_it_declared() {
    let mut app = panicked_bandit(r#""gggg""#, &[5, 1, 1, 1, 1, 1]);
    let flee = |x| Order::Move {
        to: ZoneCoord(x, 0),
        pay: None,
    };
    act(&mut app, "bandit", flee(2));
    if table(&app).turn_units() == ["wizard"] {
        act(&mut app, "wizard", Order::Pass);
    }
    act(&mut app, "bandit", flee(3));
    assert!(log(&app).contains(&BattleEvent::RallyRoll {
        unit: "bandit".into(),
        dice: vec![5, 1, 1, 1, 1, 1],
        passed: true,
    }));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").placement.zone, ZoneCoord(3, 0));
    assert!(!unit(&t, "bandit").conditions.panicked);
}

/// RULES §23: the Crushed spend their first turn after the fall holding or
/// passing, with no roll; every action after it begins with a free SPIRIT
/// roll to rally, and is lost if the roll fails.
#[test]
fn crushed_hold_their_first_turn_then_each_action_begins_with_a_free_rally_roll() {
    let level = wizard_and_bandit(1, "dread_word");
    // The spell's three dice, then the two rally rolls.
    let mut app = app(&level, &[6, 6, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1]);
    cast_three_dice(&mut app, "dread_word");
    assert!(log(&app).contains(&BattleEvent::Crushed {
        unit: "bandit".into()
    }));
    act(&mut app, "wizard", Order::Hold);
    // Its first turn: no action, no Recover, no roll.
    let move_on = Order::Move {
        to: ZoneCoord(2, 0),
        pay: None,
    };
    assert_eq!(
        refused(&mut app, "bandit", move_on.clone()),
        RuleError::Crushed
    );
    assert_eq!(
        refused(&mut app, "bandit", Order::Recover { pay: None }),
        RuleError::Crushed
    );
    let rallies = |app: &swift_swords::battle::engine::Engine| {
        log(app)
            .into_iter()
            .filter(|e| matches!(e, BattleEvent::RallyRoll { .. }))
            .collect::<Vec<_>>()
    };
    act(&mut app, "bandit", Order::Hold);
    assert_eq!(rallies(&app), vec![]);
    // Everyone holds: the refresh. The wizard passes; the bandit's last
    // option is a Move, which begins with the free roll: 4 + 1 dice, failed,
    // and the action is lost.
    act(&mut app, "wizard", Order::Pass);
    act(&mut app, "bandit", move_on.clone());
    assert_eq!(
        rallies(&app),
        vec![BattleEvent::RallyRoll {
            unit: "bandit".into(),
            dice: vec![1, 1, 1, 1, 1],
            passed: false,
        }]
    );
    assert!(log(&app).contains(&BattleEvent::ActionLost {
        unit: "bandit".into()
    }));
    assert!(unit(&table(&app), "bandit").conditions.crushed);
    assert_eq!(unit(&table(&app), "bandit").placement.zone, ZoneCoord(1, 0));
    // Round 2: the wizard holds; the bandit's Move rolls a 6: rallied, and
    // the move goes ahead.
    assert_eq!(table(&app).battle().round, 2);
    act(&mut app, "wizard", Order::Hold);
    act(&mut app, "bandit", move_on);
    assert!(log(&app).contains(&BattleEvent::Rallied {
        unit: "bandit".into()
    }));
    let t = table(&app);
    assert!(!unit(&t, "bandit").conditions.crushed);
    assert_eq!(unit(&t, "bandit").placement.zone, ZoneCoord(2, 0));
}

#[test]
fn a_hex_is_soaked_as_doubt_and_shaken_off_with_a_spirit_roll() {
    // One success of three: 1 damage, a Wound, taken as the Doubt State.
    let level = wizard_and_bandit(2, "hex");
    let mut app = app(
        &level,
        &[6, 2, 2, 1, 1, 6, 1, 1, 2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1],
    );
    cast_three_dice(&mut app, "hex");
    assert!(log(&app).contains(&BattleEvent::StateTaken {
        unit: "bandit".into(),
        state: StateKind::Doubt,
    }));
    act(&mut app, "wizard", Order::Hold);
    // Any action first rolls SPIRIT to clear the Doubt: 4 + 2 dice, a 6.
    act(
        &mut app,
        "bandit",
        Order::Move {
            to: ZoneCoord(2, 0),
            pay: None,
        },
    );
    assert!(log(&app).contains(&BattleEvent::StateCleared {
        unit: "bandit".into(),
        state: StateKind::Doubt,
    }));
}

/// A hero (mental 2, three 6s) beside a foe with `fear`, `distance` zones apart.
fn afraid(fear: &str, foe_zone: (u16, u16)) -> Level {
    let units = format!(
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({{}}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "horror", template: "bandit", side: "foes", zone: ({}, {}),
            overrides: (defences: Some({{}}), fear: Some({fear}), action_dice: Some(Fixed([2])))),
    "#,
        foe_zone.0, foe_zone.1
    );
    level(r#""ggg", "ggg""#, &units, "")
}

fn step_south(app: &mut swift_swords::battle::engine::Engine) {
    act(
        app,
        "hero",
        Order::Move {
            to: ZoneCoord(0, 1),
            pay: None,
        },
    );
}

fn fear_tests(app: &swift_swords::battle::engine::Engine) -> Vec<BattleEvent> {
    log(app)
        .into_iter()
        .filter(|e| matches!(e, BattleEvent::FearTest { .. }))
        .collect()
}

#[test]
fn scary_fear_failed_loses_the_action_and_is_tested_again_until_passed() {
    let level = afraid("Scary", (0, 0));
    // SPIRIT: 4 + 2 ranks = 6 dice. Failed, then passed.
    let mut app = app(&level, &[1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1]);
    step_south(&mut app);
    let t = table(&app);
    assert_eq!(unit(&t, "hero").placement.zone, ZoneCoord(0, 0));
    assert!(log(&app).contains(&BattleEvent::ActionLost {
        unit: "hero".into()
    }));
    step_south(&mut app);
    assert_eq!(unit(&table(&app), "hero").placement.zone, ZoneCoord(0, 1));
    assert_eq!(fear_tests(&app).len(), 2);
    assert_eq!(
        unit(&table(&app), "hero").conditions.fear_passed,
        Some(FearLevel::Scary)
    );
}

/// RULES §24: a creature about to enter a fear's reach tests at once, not at
/// its next action; a failed Scary test stops it short.
#[test]
fn entering_the_reach_of_a_fear_tests_at_once_and_a_failed_scary_test_stops_the_move() {
    // The horror stands in (0, 1), out of the hero's zone: no test where the
    // hero stands. Stepping south into it: SPIRIT, 6 dice, failed.
    let level = afraid("Scary", (0, 1));
    let mut app = app(&level, &[1, 1, 1, 1, 1, 1]);
    step_south(&mut app);
    assert_eq!(
        fear_tests(&app),
        vec![BattleEvent::FearTest {
            unit: "hero".into(),
            source: "horror".into(),
            level: FearLevel::Scary,
            dice: vec![1, 1, 1, 1, 1, 1],
            passed: false,
        }]
    );
    assert!(log(&app).contains(&BattleEvent::ActionLost {
        unit: "hero".into()
    }));
    assert_eq!(unit(&table(&app), "hero").placement.zone, ZoneCoord(0, 0));
}

/// RULES §24: mental damage is a fear attack: a creature it hurts must face
/// the fear it had passed again.
#[test]
fn a_fear_attack_makes_one_who_passed_its_fear_test_face_it_again() {
    // The bandit has passed a Scary test; three successes of the Dread word
    // against its mental rank of 3 are a Wound (Shock).
    let level = wizard_and_bandit(3, "dread_word");
    let (mut state, dice, events) = app(&level, &[6, 6, 6]).into_parts();
    let bandit = state.unit_index("bandit").expect("the bandit");
    state.set_up().units[bandit].conditions.fear_passed = Some(FearLevel::Scary);
    let mut app = swift_swords::battle::engine::Engine::resume(state, dice, events);
    cast_three_dice(&mut app, "dread_word");
    assert!(log(&app).contains(&BattleEvent::MentalDamage {
        unit: "bandit".into(),
        damage: 3
    }));
    assert_eq!(unit(&table(&app), "bandit").conditions.fear_passed, None);
}

#[test]
fn fearsome_fear_failed_may_be_taken_as_a_stun() {
    let level = afraid("Fearsome", (0, 0));
    let mut app = app(&level, &[1, 1, 1, 1, 1, 1]);
    step_south(&mut app);
    assert!(log(&app).contains(&BattleEvent::StateTaken {
        unit: "hero".into(),
        state: StateKind::Stun,
    }));
    // The action still goes ahead.
    assert_eq!(unit(&table(&app), "hero").placement.zone, ZoneCoord(0, 1));
}

/// "Fear": Terror is Dread with the wider area ("the zone the creature is
/// in plus all adjacent ones"): a failed test costs a mental rank, and the
/// action goes ahead.
#[test]
fn terror_failed_costs_a_mental_rank_as_dread_does_and_the_action_goes_ahead() {
    let level = afraid("Terror", (1, 0));
    let mut app = app(&level, &[1, 1, 1, 1, 1]);
    step_south(&mut app);
    assert_eq!(
        fear_tests(&app),
        vec![BattleEvent::FearTest {
            unit: "hero".into(),
            source: "horror".into(),
            level: FearLevel::Terror,
            dice: vec![1, 1, 1, 1, 1],
            passed: false,
        }]
    );
    assert!(log(&app).contains(&BattleEvent::MentalRankLost {
        unit: "hero".into(),
        remaining: 1
    }));
    assert_eq!(
        unit(&table(&app), "hero").placement.zone,
        ZoneCoord(0, 1),
        "the move is not lost"
    );
}

#[test]
fn dread_reaches_the_adjacent_zone_at_one_die_less_and_costs_a_mental_rank() {
    let level = afraid("Dread", (1, 0));
    // 4 + 2 - 1 = 5 dice.
    let mut app = app(&level, &[1, 1, 1, 1, 1]);
    step_south(&mut app);
    assert_eq!(
        fear_tests(&app),
        vec![BattleEvent::FearTest {
            unit: "hero".into(),
            source: "horror".into(),
            level: FearLevel::Dread,
            dice: vec![1, 1, 1, 1, 1],
            passed: false,
        }]
    );
    assert!(log(&app).contains(&BattleEvent::MentalRankLost {
        unit: "hero".into(),
        remaining: 1
    }));
}

#[test]
fn scary_fear_does_not_reach_the_next_zone() {
    let level = afraid("Scary", (1, 0));
    let mut app = app(&level, &[]);
    step_south(&mut app);
    assert!(fear_tests(&app).is_empty());
}

#[test]
fn fell_fear_is_tested_again_at_once_until_passed() {
    let level = afraid("Fell", (0, 0));
    // Failures on 5 dice, then on 4 (a mental rank lost each time), then a
    // pass on 3.
    let mut app = app(&level, &[1, 1, 1, 1, 1, 2, 2, 2, 2, 6, 1, 1]);
    step_south(&mut app);
    let tests = fear_tests(&app);
    assert_eq!(tests.len(), 3);
    assert!(matches!(
        tests[2],
        BattleEvent::FearTest { passed: true, .. }
    ));
    let t = table(&app);
    assert_eq!(unit(&t, "hero").ranks.mental.lost, 2);
}

/// RULES §20: a damage spell defeats a level-0 creature as any attack does,
/// without a roll (the spell's pool is spent), instead of killing it as
/// Massive damage.
#[test]
fn a_damage_spell_defeats_a_level_0_creature_without_a_roll() {
    let units = r#"
        (id: "wizard", template: "hedge_wizard", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), spells: Some(["firebolt"]), action_dice: Some(Fixed([3, 3, 3, 3, 3])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), physical: Some(0), action_dice: Some(Fixed([5])))),
    "#;
    let mut app = app(&level(r#""ggg""#, units, ""), &[]);
    cast_three_dice(&mut app, "firebolt");
    let events = log(&app);
    assert!(events.contains(&BattleEvent::Squashed {
        attacker: "wizard".into(),
        unit: "bandit".into()
    }));
    assert!(!events.iter().any(|e| matches!(
        e,
        BattleEvent::SpellCast { .. } | BattleEvent::Killed { .. }
    )));
    assert_eq!(
        unit(&table(&app), "bandit").fate,
        swift_swords::battle::components::Fate::OutOfAction
    );
}

/// RULES §23: with nowhere to flee (the table's edge behind it, and no edge
/// its side may leave by), a Panicked creature may hold.
#[test]
fn a_cornered_panicked_creature_may_hold_in_place_of_the_flight() {
    let mut app = panicked_bandit(r#""gg""#, &[]);
    act(&mut app, "bandit", Order::Hold);
    assert!(log(&app).contains(&BattleEvent::Held {
        unit: "bandit".into()
    }));
}
