//! InClose combat ("InClose Combat"): closing in, who falls prone, the
//! weapons that serve, holds and subdual. Fixed action dice, scripted rolls.

use crate::common::submit;
use crate::common::{act, app, attack_with, level, log, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::components::Status;
use swift_swords::battle::events::BattleEvent;
use swift_swords::data::WrestleMove;
use swift_swords::level::Level;
use swift_swords::vocabulary::WeightClass;

/// Two combatants already in one melee, untrained in defences.
fn pair(first: (&str, &str, &str), second: (&str, &str, &str)) -> Level {
    let unit = |(id, template, dice): (&str, &str, &str), side: &str| {
        format!(
            r#"(id: "{id}", template: "{template}", side: "{side}", zone: (0, 0), group: Some("m"),
                overrides: (defences: Some({{}}), action_dice: Some(Fixed({dice})))),"#
        )
    };
    let units = unit(first, "heroes") + &unit(second, "foes");
    level(r#""g""#, &units, "")
}

fn close_in(target: &str) -> Order {
    Order::CloseIn {
        target: target.into(),
        pay: None,
    }
}

fn wrestle(with: WrestleMove) -> Order {
    Order::Wrestle { with, pay: None }
}

#[test]
fn closing_in_lays_both_prone_unless_three_times_the_size_and_drops_heavy_weapons() {
    let level = pair(
        ("hero", "hero_warrior", "[6, 6, 6]"),
        ("bandit", "bandit", "[5, 5]"),
    );
    let mut app = app(&level, &[]);
    act(&mut app, "hero", close_in("bandit"));
    let t = table(&app);
    for id in ["hero", "bandit"] {
        assert_eq!(unit(&t, id).status, Status::InClose);
        assert!(unit(&t, id).conditions.prone, "{id} is prone");
    }
    assert!(log(&app).contains(&BattleEvent::Dropped {
        unit: "hero".into(),
        items: vec!["great_sword".into()],
    }));
    // An ogre (size 5) stays standing against a goblin (size 1).
    let level = pair(("ogre", "ogre", "[6, 6, 6]"), ("goblin", "goblin", "[5]"));
    let mut big = crate::common::app(&level, &[]);
    act(&mut big, "ogre", close_in("goblin"));
    let t = table(&big);
    assert!(!unit(&t, "ogre").conditions.prone);
    assert!(unit(&t, "goblin").conditions.prone);
}

#[test]
fn inclose_a_light_weapon_hits_one_better_and_only_the_close_opponent_is_struck() {
    let units = r#"
        (id: "hero", template: "hero_warrior", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "b1", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
        (id: "b2", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""g""#, units, "");
    let mut app = app(&level, &[4, 4, 2, 2, 2, 2]);
    act(&mut app, "hero", close_in("b1"));
    let refused = submit(&mut app, Command::new("hero", attack_with("b2", "dagger")));
    assert_eq!(refused, Err(RuleError::OnlyTheCloseOpponent));
    act(&mut app, "hero", attack_with("b1", "dagger"));
    assert!(log(&app).iter().any(|e| matches!(
        e,
        BattleEvent::AttackRolled {
            superiority_level: 4,
            hits: 2,
            ..
        }
    )));
}

#[test]
fn a_wrestlers_hold_leaves_the_held_only_break_reverse_or_yield() {
    let level = pair(
        ("hero", "hero_warrior", "[5]"),
        ("bandit", "bandit", "[6, 6, 6]"),
    );
    // The bandit's grapple: one success. The hero's Break: BODY 8 dice, two
    // successes, against the bandit's 6 dice, one: a Light hold is broken.
    let mut app = app(&level, &[5, 2, 2, 5, 5, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1]);
    act(&mut app, "bandit", close_in("hero"));
    act(&mut app, "bandit", wrestle(WrestleMove::Grapple));
    assert!(log(&app).contains(&BattleEvent::HoldTaken {
        unit: "bandit".into(),
        target: "hero".into(),
        level: WeightClass::Light,
    }));
    let refused = submit(
        &mut app,
        Command::new("hero", attack_with("bandit", "dagger")),
    );
    assert_eq!(refused, Err(RuleError::HeldFast));
    act(&mut app, "hero", wrestle(WrestleMove::Break));
    assert!(log(&app).contains(&BattleEvent::HoldReleased {
        unit: "hero".into()
    }));
    assert!(unit(&table(&app), "hero").conditions.held_by.is_none());
}

/// "Break the Hold": the held who wins the BODY roll weakens the hold one
/// level for each success it obtained. Two successes against one break a
/// Medium hold outright (one level per net success would leave it Light).
#[test]
fn a_break_that_wins_weakens_the_hold_a_level_for_each_success() {
    let level = pair(
        ("hero", "hero_warrior", "[5]"),
        ("bandit", "bandit", "[6, 6, 6, 6]"),
    );
    // Grapple and Improve: a success each. The hero's BODY: 8 dice, two
    // successes; the bandit's: 6 dice, one.
    let mut app = app(
        &level,
        &[5, 2, 2, 5, 2, 2, 5, 5, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1],
    );
    act(&mut app, "bandit", close_in("hero"));
    act(&mut app, "bandit", wrestle(WrestleMove::Grapple));
    act(&mut app, "bandit", wrestle(WrestleMove::Improve));
    assert_eq!(
        unit(&table(&app), "hero")
            .conditions
            .held_by
            .map(|g| g.level),
        Some(WeightClass::Medium)
    );
    act(&mut app, "hero", wrestle(WrestleMove::Break));
    assert!(log(&app).contains(&BattleEvent::HoldReleased {
        unit: "hero".into()
    }));
    assert!(unit(&table(&app), "hero").conditions.held_by.is_none());
}

#[test]
fn subdual_from_a_hold_puts_the_held_out_of_action_when_the_holder_wins() {
    let level = pair(
        ("hero", "hero_warrior", "[2]"),
        ("bandit", "bandit", "[6, 6, 6, 6]"),
    );
    // Grapple: a success. Subdue: three successes against the hero's BODY
    // (8 dice, none).
    let mut app = app(&level, &[5, 2, 2, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1]);
    act(&mut app, "bandit", close_in("hero"));
    act(&mut app, "bandit", wrestle(WrestleMove::Grapple));
    act(&mut app, "bandit", wrestle(WrestleMove::Subdue));
    assert!(log(&app).contains(&BattleEvent::Subdued {
        unit: "hero".into()
    }));
    assert!(!unit(&table(&app), "hero").fighting());
}

/// RULES §32: a subdual attack rolls the hold's level as damage. Two
/// successes in a Light hold are 1 damage, which one BODY success resists,
/// though two successes are more than one.
#[test]
fn subdual_rolls_the_holds_level_as_damage_against_the_held_body() {
    let level = pair(
        ("hero", "hero_warrior", "[2]"),
        ("bandit", "bandit", "[6, 6, 6, 6]"),
    );
    // Grapple: a success. Subdue: two successes; the hero's BODY (8 dice), one.
    let mut app = app(&level, &[5, 2, 2, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 5]);
    act(&mut app, "bandit", close_in("hero"));
    act(&mut app, "bandit", wrestle(WrestleMove::Grapple));
    act(&mut app, "bandit", wrestle(WrestleMove::Subdue));
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::SubdualDamage { .. }))
        .expect("the subdual damage");
    assert_eq!(
        events[at - 1..],
        [
            BattleEvent::WrestleRoll {
                unit: "bandit".into(),
                dice: vec![5, 5, 1],
                successes: 2,
            },
            BattleEvent::SubdualDamage {
                unit: "hero".into(),
                damage: 1,
            },
            BattleEvent::WrestleRoll {
                unit: "hero".into(),
                dice: vec![1, 1, 1, 1, 1, 1, 1, 5],
                successes: 1,
            },
        ]
    );
    assert!(unit(&table(&app), "hero").fighting());
}

#[test]
fn a_withdraw_stands_the_prone_up_and_leaves_inclose_for_the_melee() {
    let level = pair(
        ("hero", "hero_warrior", "[6, 6, 6]"),
        ("bandit", "bandit", "[2]"),
    );
    let mut app = app(&level, &[]);
    act(&mut app, "hero", close_in("bandit"));
    act(&mut app, "hero", Order::Withdraw { pay: None });
    let t = table(&app);
    assert_eq!(unit(&t, "hero").status, Status::InContact);
    assert!(!unit(&t, "hero").conditions.prone);
    assert_eq!(unit(&t, "bandit").status, Status::InContact);
}
