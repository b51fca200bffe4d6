//! Headless tests of the defences and defence pools (seed 004, "Defences",
//! "Pools"), each named after the rule it pins, with fixed dice. The worked
//! examples of Roland and the goblins are rules scripts in `tests/scripts/`.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::odds::answered_attack_odds;
use swift_swords::vocabulary::Defence;

fn defend(with: Defence) -> Order {
    Order::Defend {
        with: Some(with),
        riposte: true,
        raise_with_one: false,
        pay: None,
    }
}

/// Events since the `from`th.
fn since(app: &swift_swords::battle::engine::Engine, from: usize) -> Vec<BattleEvent> {
    log(app)[from..].to_vec()
}

/// A hero swordsman trained only in `defences` against the bandit of
/// [`app_with`].
fn duel(defences: &str, dice: &[u8]) -> swift_swords::battle::engine::Engine {
    app_with(
        "hero_swordsman",
        &format!("(defences: Some({{ {defences} }}))"),
        dice,
    )
}

/// RULES §7: a 1 spent on Effort, or to lift a die, serves any roll the
/// combatant makes, its defence rolls included, and may be spent while it
/// answers an attack.
#[test]
fn effort_and_a_raised_die_serve_a_defence_roll_spent_while_answering() {
    // Hero 5,4,1,1 holds; the bandit attacks. Answering, the hero spends a 1
    // on Effort, then parries with 4 dice and the Effort's one more, raising
    // the 4 with the other 1: 6, 5, 2, 2, 1 is two successes.
    let mut app = duel("Parry: 4", &[5, 4, 1, 1, 6, 4, 2, 2, 1, 6, 5, 4]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", Order::Effort);
    assert_eq!(table(&app).turn_units(), vec!["hero"], "still answering");
    let from = log(&app).len();
    act(
        &mut app,
        "hero",
        Order::Defend {
            with: Some(Defence::Parry),
            riposte: false,
            raise_with_one: true,
            pay: None,
        },
    );
    assert_eq!(
        since(&app, from)[..3],
        [
            BattleEvent::DicePaid {
                unit: "hero".into(),
                dice: vec![4]
            },
            BattleEvent::DieRaised {
                unit: "hero".into(),
                from: 4,
                to: 5
            },
            BattleEvent::DefenceRolled {
                unit: "hero".into(),
                defence: Defence::Parry,
                dice: vec![6, 5, 2, 2, 1],
                successes: 2
            },
        ]
    );
    assert_eq!(unit(&table(&app), "hero").pool.dice, vec![5]);
}

#[test]
fn parry_turns_misses_into_exposures_and_the_riposte_takes_them() {
    // Hero 5,4,3,2 holds; the bandit attacks; the hero parries with 4 dice
    // (2 successes). The bandit's 6,5,4 has one miss to turn; it stays as an
    // exposure, which the hero takes for an immediate strike: a 5.
    let mut app = duel("Parry: 4", &[5, 4, 3, 2, 5, 6, 2, 3, 6, 5, 4, 5]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    let from = log(&app).len();
    act(&mut app, "hero", defend(Defence::Parry));
    assert_eq!(
        since(&app, from),
        vec![
            BattleEvent::DicePaid {
                unit: "hero".into(),
                dice: vec![2]
            },
            BattleEvent::DefenceRolled {
                unit: "hero".into(),
                defence: Defence::Parry,
                dice: vec![5, 6, 2, 3],
                successes: 2
            },
            BattleEvent::Parried {
                unit: "hero".into(),
                turned: 1
            },
            BattleEvent::AttackRolled {
                attacker: "bandit".into(),
                target: "hero".into(),
                weapon: "short_sword".into(),
                dice: vec![6, 5, 1],
                superiority_level: 5,
                hits: 2,
                exposure_used: 0,
                advantage_dice: 0
            },
            BattleEvent::Exposed {
                unit: "bandit".into(),
                dice: 1
            },
            BattleEvent::DamageStopped {
                unit: "hero".into()
            },
            BattleEvent::Riposte {
                unit: "hero".into(),
                dice: 1
            },
            BattleEvent::AttackRolled {
                attacker: "hero".into(),
                target: "bandit".into(),
                weapon: "broadsword".into(),
                dice: vec![5],
                superiority_level: 5,
                hits: 1,
                exposure_used: 1,
                advantage_dice: 0
            },
            BattleEvent::Damaged {
                unit: "bandit".into(),
                damage: 1,
                armour: 0
            },
            BattleEvent::StateTaken {
                unit: "bandit".into(),
                state: swift_swords::battle::components::StateKind::Stun
            },
        ]
    );
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").conditions.exposure, 0);
    // A Parry leaves no pool.
    assert_eq!(unit(&t, "hero").conditions.defence_pool, None);
}

/// RULES "Parry": the dice a Parry turns into 1s stay as exposure dice for
/// the riposte even when they make the attack a Fumble.
#[test]
fn parry_can_turn_an_attack_into_a_fumble_and_its_ones_stay_for_the_riposte() {
    // Two parry successes turn the 4 and the 3 into 1s: one hit, two 1s, a
    // Fumble. The riposte takes those two exposure dice: 6 and 5.
    let mut app = duel("Parry: 4", &[5, 4, 3, 2, 5, 6, 2, 3, 6, 4, 3, 6, 5]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Parry));
    let events = log(&app);
    assert!(events.contains(&BattleEvent::Fumbled {
        unit: "bandit".into()
    }));
    assert!(events.contains(&BattleEvent::Exposed {
        unit: "bandit".into(),
        dice: 2
    }));
    let riposte = events
        .iter()
        .rev()
        .find_map(|e| match e {
            BattleEvent::AttackRolled {
                attacker,
                exposure_used,
                ..
            } if attacker == "hero" => Some(*exposure_used),
            _ => None,
        })
        .expect("the riposte is rolled");
    assert_eq!(riposte, 2);
}

#[test]
fn dodge_against_a_fired_missile_counts_one_success_fewer() {
    let level = level(
        r#""gg""#,
        r#"
        (id: "hero", template: "hero_archer", side: "heroes", zone: (0, 0), overrides: (defences: Some({ Dodge: 3 }))),
        (id: "archer", template: "bandit_archer", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([5, 4, 3])))),
        "#,
        "",
    );
    // The hero holds; the archer shoots (3 dice); three dodge successes take
    // away only two of them.
    let mut app = app(&level, &[5, 4, 3, 2, 5, 5, 6, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "archer", attack("hero"));
    act(&mut app, "hero", defend(Defence::Dodge));
    assert!(log(&app).contains(&BattleEvent::Dodged {
        unit: "hero".into(),
        dice_removed: 2,
        exposures: 0
    }));
}

#[test]
fn dodge_successes_beyond_the_attack_dice_expose_the_attacker() {
    // Four dodge successes against the bandit's three dice: one left over.
    let mut app = duel("Dodge: 4", &[5, 4, 3, 2, 5, 5, 6, 6]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Dodge));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").conditions.exposure, 1);
    assert_eq!(
        unit(&t, "hero").conditions.defence_pool.map(|p| p.dice),
        Some(3)
    );
}

#[test]
fn a_defence_costs_a_full_die_and_needs_one() {
    // The hero has only 1s left: it cannot declare a defence, so the attack
    // is rolled at once, without a prompt.
    let mut app = duel("Dodge: 4", &[1, 1, 1, 1, 6, 2, 2]);
    act(&mut app, "bandit", attack("hero"));
    let t = table(&app);
    assert!(t.battle().pending.is_none());
    assert!(
        log(&app).iter().any(
            |e| matches!(e, BattleEvent::AttackRolled { attacker, .. } if attacker == "bandit")
        )
    );
}

#[test]
fn block_pool_is_the_successes_plus_the_shield_and_needs_a_shield() {
    // One block success behind a medium shield (block 2): a pool of 3.
    let mut app = app_with(
        "hero_swordsman",
        "(defences: Some({ Block: 3 }))",
        &[5, 4, 3, 2, 5, 2, 2, 2, 2, 2],
    );
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Block));
    // The pool of 3 was used once against the attack: 2 left.
    assert_eq!(
        unit(&table(&app), "hero")
            .conditions
            .defence_pool
            .map(|p| (p.dice, p.cap)),
        Some((2, 5))
    );

    // A great-sword warrior has no shield: trained to Block or not, it has
    // no defence to declare, and the attack is rolled at once.
    let mut no_shield = app_with(
        "hero_warrior",
        "(defences: Some({ Block: 3 }))",
        &[5, 4, 3, 2, 2, 2, 2],
    );
    act(&mut no_shield, "hero", Order::Hold);
    act(&mut no_shield, "bandit", attack("hero"));
    assert!(table(&no_shield).battle().pending.is_none());
}

#[test]
fn a_block_roll_without_a_success_forms_no_pool() {
    let mut failed = app_with(
        "hero_swordsman",
        "(defences: Some({ Block: 3 }))",
        &[5, 4, 3, 2, 2, 3, 4, 6, 2, 2],
    );
    act(&mut failed, "hero", Order::Hold);
    act(&mut failed, "bandit", attack("hero"));
    act(&mut failed, "hero", defend(Defence::Block));
    assert_eq!(unit(&table(&failed), "hero").conditions.defence_pool, None);
    assert!(
        !log(&failed)
            .iter()
            .any(|e| matches!(e, BattleEvent::Blocked { .. }))
    );
}

/// A hero of `template` with the given overrides against a bandit with
/// fixed dice 5,4,3 who is trained in no defence, in one melee.
fn app_with(
    template: &str,
    hero_overrides: &str,
    dice: &[u8],
) -> swift_swords::battle::engine::Engine {
    let level = level(
        r#""g""#,
        &format!(
            r#"
            (id: "hero", template: "{template}", side: "heroes", zone: (0, 0), group: Some("m"),
                overrides: {hero_overrides}),
            (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
                overrides: (defences: Some({{}}), action_dice: Some(Fixed([5, 4, 3])))),
            "#
        ),
        "",
    );
    app(&level, dice)
}

#[test]
fn a_defence_pool_is_lost_on_any_action_but_pool() {
    let mut app = duel("Dodge: 4", &[5, 4, 3, 2, 5, 5, 2, 2, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Dodge));
    assert!(unit(&table(&app), "hero").conditions.defence_pool.is_some());
    act(&mut app, "hero", Order::Withdraw { pay: None });
    assert!(log(&app).contains(&BattleEvent::DefencePoolLost {
        unit: "hero".into()
    }));
    assert_eq!(unit(&table(&app), "hero").conditions.defence_pool, None);
}

#[test]
fn a_state_loses_the_defence_pool() {
    // A Dodge pool of 2 takes two dice of three away and keeps 1 after the
    // use; the last die hits for 1 damage past armour 0: a Stun, which
    // loses what is left of the pool.
    let mut app = app_with(
        "hero_swordsman",
        "(defences: Some({ Dodge: 3 }), armour: Some(0))",
        &[5, 4, 3, 2, 5, 5, 2, 6],
    );
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Dodge));
    let t = table(&app);
    assert!(unit(&t, "hero").conditions.stunned);
    assert_eq!(unit(&t, "hero").conditions.defence_pool, None);
}

#[test]
fn break_knocks_away_an_enemys_defence_pool() {
    // The hero dodges with two successes (a pool of 2, 1 after the use),
    // then the bandit spends 4 pips to Break it.
    let mut app = duel("Dodge: 4", &[5, 4, 3, 2, 5, 5, 2, 2, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    act(&mut app, "hero", defend(Defence::Dodge));
    act(&mut app, "hero", Order::Hold);
    let from = log(&app).len();
    act(
        &mut app,
        "bandit",
        Order::Break {
            target: "hero".into(),
            pay: None,
        },
    );
    assert_eq!(
        since(&app, from),
        vec![
            BattleEvent::DicePaid {
                unit: "bandit".into(),
                dice: vec![4]
            },
            BattleEvent::DefencePoolLost {
                unit: "hero".into()
            },
        ]
    );
    assert_eq!(unit(&table(&app), "hero").conditions.defence_pool, None);
}

#[test]
fn parry_cannot_answer_a_missile() {
    let level = level(
        r#""gg""#,
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), overrides: (defences: Some({ Parry: 4, Dodge: 2 }))),
        (id: "archer", template: "bandit_archer", side: "foes", zone: (1, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([5, 4, 3])))),
        "#,
        "",
    );
    let mut app = app(&level, &[5, 4, 3, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "archer", attack("hero"));
    let refused = submit(&mut app, Command::new("hero", defend(Defence::Parry)));
    assert!(
        matches!(
            refused,
            Err(RuleError::CannotDefend {
                defence: Defence::Parry,
                ..
            })
        ),
        "{refused:?}"
    );
}

/// RULES §18: a Parry stops missiles only for a combatant with the skill
/// for it (`parries_missiles`, the Duellist's).
#[test]
fn a_parry_against_a_missile_needs_the_skill_for_it() {
    use crate::common::{attack_with, foe, hero, units};
    // The archer's five dice act before the hero's four; the Parry and the
    // shot roll 2s.
    let against = |template: &str, dice: &[u8]| {
        let fielded = units(&[
            hero("hero", template).dice(&[5, 4, 3, 2]),
            foe("archer", "hero_archer").at(1, 0).dice(&[5, 5, 5, 5, 5]),
        ]);
        let level = level(r#""gg""#, &fielded, "");
        let mut app = app(&level, dice);
        act(&mut app, "archer", attack_with("hero", "bow"));
        app
    };
    let mut swordsman = against("hero_swordsman", &[]);
    assert_eq!(
        submit(&mut swordsman, Command::new("hero", defend(Defence::Parry))),
        Err(RuleError::CannotDefend {
            defence: Defence::Parry,
            reason: "a Parry cannot stop a missile without the skill for it".into(),
        })
    );
    let mut duellist = against("duellist", &[2; 8]);
    let from = log(&duellist).len();
    act(&mut duellist, "hero", defend(Defence::Parry));
    assert!(matches!(
        since(&duellist, from)[1],
        BattleEvent::DefenceRolled {
            defence: Defence::Parry,
            ..
        }
    ));
}

/// #19: the defence prompt shows, for each defence, the odds it changes. A
/// Parry changes no hit, but the misses it turns into 1s make a Fumble
/// likelier and stay as exposures; a Block's shield armour stops damage.
#[test]
fn the_odds_of_an_answered_attack_differ_by_defence_as_each_defence_works() {
    let mut app = duel("Parry: 4, Block: 3", &[5, 4, 3, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    let t = table(&app);
    let pending = t.battle().pending.as_ref().expect("the attack waits");
    let odds = |with| answered_attack_odds(&t, pending, with).expect("odds");
    let (open, parried, blocked) = (
        odds(None),
        odds(Some(Defence::Parry)),
        odds(Some(Defence::Block)),
    );
    for (a, b) in open.hits.iter().zip(&parried.hits) {
        assert!((a - b).abs() < 1e-12, "a Parry changes no hit");
    }
    assert!(parried.fumble > open.fumble + 0.1, "{parried:?}");
    assert!(parried.exposure > open.exposure + 0.5, "{parried:?}");
    assert!(blocked.nothing > open.nothing, "{blocked:?}");
    assert!(blocked.state + blocked.rank_loss < open.state + open.rank_loss);
}
