//! Special tactics ("Special Tactics") and opportunity actions
//! ("Opportunity actions", "Held Actions"), with fixed action dice and
//! scripted rolls.

use crate::common::{act, app, attack, level, log, ruleset, table, unit};
use swift_swords::battle::command::Order;
use swift_swords::battle::components::Status;
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::odds::{MoveDraws, move_draws};
use swift_swords::data::{Guard, Tactic};
use swift_swords::level::Level;
use swift_swords::vocabulary::ZoneCoord;

fn index(app: &swift_swords::battle::engine::Engine, id: &str) -> usize {
    app.state().unit_index(id).expect(id)
}

fn tactic(target: &str, tactic: Tactic) -> Order {
    Order::Attack {
        target: target.into(),
        weapon: None,
        raise_with_one: false,
        specials: Vec::new(),
        tactic: Some(tactic),
        shift: Default::default(),
        pay: None,
    }
}

/// Roland (trained in Parry and Block, three 6s) and bandits, all in one
/// melee in zone (0, 0) when `grouped`.
fn melee(bandits: &[(&str, &str)], grouped: bool) -> Level {
    let group = if grouped { r#"group: Some("m"),"# } else { "" };
    let mut units = format!(
        r#"(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0), {group}
            overrides: (action_dice: Some(Fixed([6, 6, 6])))),"#
    );
    for (id, dice) in bandits {
        units.push_str(&format!(
            r#"(id: "{id}", template: "bandit", side: "foes", zone: (0, 0), {group}
                overrides: (defences: Some({{}}), physical: Some(1), action_dice: Some(Fixed({dice})))),"#
        ));
    }
    level(r#""gg""#, &units, "")
}

/// No attack waited for a defence: each was rolled at once.
fn rolled_without_a_prompt(app: &swift_swords::battle::engine::Engine) -> bool {
    !log(app)
        .iter()
        .any(|e| matches!(e, BattleEvent::AttackDeclared { .. }))
}

fn attacks(events: &[BattleEvent]) -> Vec<(String, String, usize)> {
    events
        .iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled {
                attacker,
                target,
                dice,
                ..
            } => Some((attacker.clone(), target.clone(), dice.len())),
            _ => None,
        })
        .collect()
}

#[test]
fn all_out_attack_pays_two_attacks_rolls_both_skill_pools_as_one_and_leaves_no_defence() {
    let level = melee(&[("b1", "[5, 4]")], true);
    let mut app = app(&level, &[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    act(&mut app, "roland", tactic("b1", Tactic::AllOutAttack));
    let events = log(&app);
    assert!(events.contains(&BattleEvent::DicePaid {
        unit: "roland".into(),
        dice: vec![6, 6]
    }));
    // 4 skill dice twice over.
    assert_eq!(attacks(&events), vec![("roland".into(), "b1".into(), 8)]);
    assert_eq!(
        unit(&table(&app), "roland").conditions.guard,
        Some(Guard::NoDefence)
    );
    // The bandit's attack is rolled at once: Roland may not Parry or Block.
    act(&mut app, "b1", attack("roland"));
    assert!(rolled_without_a_prompt(&app));
}

#[test]
fn double_strike_makes_two_attacks_on_the_target_and_leaves_only_dodge() {
    let level = melee(&[("b1", "[5, 4]")], true);
    let mut app = app(&level, &[2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2]);
    act(&mut app, "roland", tactic("b1", Tactic::DoubleStrike));
    let events = log(&app);
    assert_eq!(
        attacks(&events),
        vec![
            ("roland".into(), "b1".into(), 4),
            ("roland".into(), "b1".into(), 4)
        ]
    );
    assert!(events.contains(&BattleEvent::FollowUp {
        unit: "roland".into(),
        target: "b1".into()
    }));
    assert_eq!(
        unit(&table(&app), "roland").conditions.guard,
        Some(Guard::DodgeOnly)
    );
    // Roland knows no Dodge, so the bandit's attack is rolled at once.
    act(&mut app, "b1", attack("roland"));
    assert!(rolled_without_a_prompt(&app));
}

#[test]
fn follow_on_strikes_another_enemy_in_the_melee_once_the_first_falls() {
    let level = melee(&[("b1", "[2]"), ("b2", "[2]")], true);
    // Four hits are Massive damage against rank 1: b1 is killed (and rolls
    // an injury). The second attack goes to b2.
    let mut app = app(&level, &[6, 6, 6, 6, 1, 2, 3, 4, 1, 2, 2, 2, 2]);
    act(&mut app, "roland", tactic("b1", Tactic::FollowOn));
    let events = log(&app);
    assert!(events.contains(&BattleEvent::FollowUp {
        unit: "roland".into(),
        target: "b2".into()
    }));
    let rolled = attacks(&events);
    assert_eq!(rolled.len(), 2);
    assert_eq!(rolled[1].1, "b2");
}

#[test]
fn leaving_a_melee_by_move_draws_a_free_attack_from_each_enemy_in_it() {
    let level = melee(&[("b1", "[2]")], true);
    let mut app = app(&level, &[2, 2, 2]);
    // The HUD foretells it, by the same tests.
    let (roland, b1) = (index(&app, "roland"), index(&app, "b1"));
    assert_eq!(
        move_draws(&table(&app), roland, ZoneCoord(1, 0)),
        MoveDraws {
            strikers: vec![b1],
            interceptor: None
        }
    );
    act(
        &mut app,
        "roland",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::OpportunityAttack { .. }))
        .expect("an opportunity attack");
    assert_eq!(
        events[at],
        BattleEvent::OpportunityAttack {
            unit: "b1".into(),
            target: "roland".into()
        }
    );
    assert!(
        matches!(&events[at + 1], BattleEvent::AttackRolled { attacker, .. } if attacker == "b1")
    );
    assert!(
        events[at..]
            .iter()
            .any(|e| matches!(e, BattleEvent::Moved { .. }))
    );
    // The free attack cost the bandit nothing.
    assert_eq!(unit(&table(&app), "b1").pool.dice, vec![2]);
}

#[test]
fn a_holding_enemy_intercepts_a_mover_entering_its_zone() {
    let units = r#"
        (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])))),
        (id: "b1", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([5, 4, 3, 2])))),
    "#;
    let level = level(r#""gg""#, units, "");
    let mut app = app(&level, &[]);
    act(&mut app, "b1", Order::Hold);
    let (roland, b1) = (index(&app, "roland"), index(&app, "b1"));
    assert_eq!(
        move_draws(&table(&app), roland, ZoneCoord(1, 0)),
        MoveDraws {
            strikers: vec![],
            interceptor: Some(b1)
        }
    );
    act(
        &mut app,
        "roland",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let t = table(&app);
    assert_eq!(unit(&t, "roland").status, Status::InContact);
    assert!(log(&app).contains(&BattleEvent::Intercepted {
        unit: "roland".into(),
        by: "b1".into()
    }));
    // The held action cost the bandit its lowest die.
    assert_eq!(unit(&t, "b1").pool.dice, vec![5, 4, 3]);
}

/// A free strike leaves out the striker's pending Effort; when wounds have
/// already taken its dice to none, it rolls no dice (it once wrapped round to
/// four billion).
#[test]
fn a_free_strike_with_no_dice_left_after_wounds_rolls_none_even_with_effort_pending() {
    use swift_swords::battle::save::BattleSave;
    use swift_swords::rules::injury::{Injury, InjuryEffect, Location};

    let level = melee(&[("b1", "[2]")], true);
    let start = app(&level, &[]);
    let mut save = BattleSave::of(&start);
    let b1 = start.state().unit_index("b1").expect("b1");
    let bandit = &mut save.units[b1];
    bandit.conditions.effort = true;
    // Punctures take a die off every roll: more than the bandit has.
    bandit.wounds.0 = vec![
        Injury {
            location: Location::Chest,
            effect: InjuryEffect::Puncture,
        };
        usize::from(bandit.profile.attack_dice) + 2
    ];
    let mut app = save.restore(ruleset());
    act(
        &mut app,
        "roland",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let rolled = log(&app)
        .into_iter()
        .find_map(|e| match e {
            BattleEvent::AttackRolled { attacker, dice, .. } if attacker == "b1" => Some(dice),
            _ => None,
        })
        .expect("the free strike is rolled");
    assert_eq!(rolled, Vec::<u8>::new());
}

/// RULES §20: a level-0 creature falls the same way however it is struck.
/// Leaving a melee, it draws a free strike that defeats it without a roll.
#[test]
fn a_free_strike_defeats_a_level_0_creature_without_a_roll() {
    let units = r#"
        (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6])))),
        (id: "rat", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), physical: Some(0), action_dice: Some(Fixed([5, 5, 5])))),
    "#;
    let mut app = app(&level(r#""gg""#, units, ""), &[]);
    act(
        &mut app,
        "rat",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::OpportunityAttack { .. }))
        .expect("a free strike");
    assert_eq!(
        events[at + 1],
        BattleEvent::Squashed {
            attacker: "roland".into(),
            unit: "rat".into()
        }
    );
    assert!(!events.iter().any(|e| matches!(
        e,
        BattleEvent::AttackRolled { .. } | BattleEvent::Killed { .. }
    )));
    assert_eq!(
        unit(&table(&app), "rat").fate,
        swift_swords::battle::components::Fate::OutOfAction
    );
}
