//! Special results ("Special Results"): extra successes buy effects named
//! with the attack, in order, at the costs of `actions.ron`.

use crate::common::{act, app, level, log, table, unit};
use swift_swords::battle::command::Order;
use swift_swords::battle::components::StateKind;
use swift_swords::battle::components::Status;
use swift_swords::battle::events::BattleEvent;
use swift_swords::level::Level;
use swift_swords::rules::special::SpecialResult;

fn attack_buying(target: &str, specials: &[SpecialResult]) -> Order {
    Order::Attack {
        target: target.into(),
        weapon: None,
        raise_with_one: false,
        specials: specials.to_vec(),
        tactic: None,
        shift: Default::default(),
        pay: None,
    }
}

/// A hero with three sixes and a broadsword (4 attack dice) against a
/// foe of the given template and overrides, in one zone.
fn hero_against(template: &str, overrides: &str) -> Level {
    let units = format!(
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({{}}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "foe", template: "{template}", side: "foes", zone: (0, 0),
            overrides: (defences: Some({{}}), action_dice: Some(Fixed([5, 4, 2])), {overrides})),
    "#
    );
    level(r#""g""#, &units, "")
}

fn specials_bought(events: &[BattleEvent]) -> Vec<SpecialResult> {
    events
        .iter()
        .filter_map(|e| match e {
            BattleEvent::Special { special, .. } => Some(*special),
            _ => None,
        })
        .collect()
}

#[test]
fn a_stun_bought_first_leaves_the_damage_to_cost_a_rank() {
    // Four hits: three extra. Stun (2) and +damage (1, for 2 more
    // successes): damage successes 1 + 2 = 3, a Medium 3 against rank 3.
    // Already Stunned by the special, the bandit loses a rank.
    let level = hero_against("bandit", "physical: Some(3)");
    let mut app = app(&level, &[6, 6, 5, 5]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::Stun, SpecialResult::ExtraDamage]),
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::Special { .. }))
        .expect("a special result");
    assert_eq!(
        events[at..],
        [
            BattleEvent::Special {
                attacker: "hero".into(),
                target: "foe".into(),
                special: SpecialResult::Stun
            },
            BattleEvent::StateTaken {
                unit: "foe".into(),
                state: StateKind::Stun
            },
            BattleEvent::Special {
                attacker: "hero".into(),
                target: "foe".into(),
                special: SpecialResult::ExtraDamage
            },
            BattleEvent::Damaged {
                unit: "foe".into(),
                damage: 3,
                armour: 0
            },
            BattleEvent::RankLost {
                unit: "foe".into(),
                remaining: 2
            },
        ]
    );
}

#[test]
fn lose_an_action_die_takes_the_targets_best_die() {
    let level = hero_against("bandit", "physical: Some(3)");
    let mut app = app(&level, &[6, 6, 2, 2]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::LoseActionDie]),
    );
    assert!(log(&app).contains(&BattleEvent::ActionDieLost {
        unit: "foe".into(),
        face: 5
    }));
    assert_eq!(unit(&table(&app), "foe").pool.dice, vec![4, 2]);
}

#[test]
fn a_special_the_extra_successes_cannot_pay_for_is_passed_over() {
    // Two hits: one extra, not enough for Break weapon (3); Expose (1) is bought.
    let level = hero_against("bandit", "physical: Some(3)");
    let mut app = app(&level, &[6, 6, 2, 2]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::BreakWeapon, SpecialResult::Expose]),
    );
    assert_eq!(specials_bought(&log(&app)), vec![SpecialResult::Expose]);
    assert_eq!(unit(&table(&app), "foe").conditions.exposure, 2);
}

#[test]
fn disarm_drops_the_weapon_unless_body_resists_and_break_weapon_needs_no_roll() {
    // Three hits: Disarm (2). The bandit's BODY roll (4 + 3 dice) fails.
    let level = hero_against("bandit", "physical: Some(3)");
    let mut app = app(&level, &[6, 6, 6, 2, 1, 1, 1, 1, 1, 1, 1]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::Disarm]),
    );
    let t = table(&app);
    assert_eq!(unit(&t, "foe").profile.weapons, vec!["fists".to_string()]);
    assert!(log(&app).contains(&BattleEvent::Dropped {
        unit: "foe".into(),
        items: vec!["short_sword".into()],
    }));
    // Four hits break the soldier's spear at once.
    let level = hero_against("soldier", "physical: Some(4)");
    let mut second = crate::common::app(&level, &[6, 6, 6, 6]);
    act(
        &mut second,
        "hero",
        attack_buying("foe", &[SpecialResult::BreakWeapon]),
    );
    assert!(log(&second).contains(&BattleEvent::WeaponBroken {
        unit: "foe".into(),
        item: "spear".into(),
    }));
}

#[test]
fn knockdown_fells_a_man_but_not_a_creature_three_times_the_attackers_size() {
    let level = hero_against("bandit", "physical: Some(3)");
    let mut app = app(&level, &[6, 6, 6, 2]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::Knockdown]),
    );
    assert!(unit(&table(&app), "foe").conditions.prone);
    // An ogre of size 6 against a man of size 2: it stands.
    let level = hero_against("ogre", "size: Some(6)");
    let mut giant = crate::common::app(&level, &[6, 6, 6, 2]);
    act(
        &mut giant,
        "hero",
        attack_buying("foe", &[SpecialResult::Knockdown]),
    );
    assert!(specials_bought(&log(&giant)).is_empty());
    assert!(!unit(&table(&giant), "foe").conditions.prone);
}

#[test]
fn knockback_throws_the_target_out_of_the_melee() {
    let units = r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("melee"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "foe", template: "bandit", side: "foes", zone: (0, 0), group: Some("melee"),
            overrides: (defences: Some({}), physical: Some(3), action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""g""#, units, "");
    let mut app = app(&level, &[6, 6, 2, 2]);
    act(
        &mut app,
        "hero",
        attack_buying("foe", &[SpecialResult::Knockback]),
    );
    let t = table(&app);
    assert_eq!(unit(&t, "foe").status, Status::Alone);
    assert_eq!(unit(&t, "hero").status, Status::Alone);
    assert!(log(&app).contains(&BattleEvent::KnockedBack { unit: "foe".into() }));
}
