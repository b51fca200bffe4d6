//! Headless tests of action pools (seed 004, "Actions & Refresh": action
//! pools, marked P): Aim and Cast, each named after the rule it pins, with
//! fixed dice.

use crate::common::{act, app, attack_with, level, log, table, unit};
use swift_swords::battle::command::Order;
use swift_swords::battle::events::BattleEvent;
use swift_swords::vocabulary::RankSide;
use swift_swords::vocabulary::ZoneCoord;

/// `template` at (0, 0) against a bandit at (1, 0) with one die and no defence.
fn against_a_bandit(template: &str, dice: &[u8]) -> swift_swords::battle::engine::Engine {
    let level = level(
        r#""ggg""#,
        &format!(
            r#"
            (id: "hero", template: "{template}", side: "heroes", zone: (0, 0), overrides: (defences: Some({{}}))),
            (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
                overrides: (defences: Some({{}}), action_dice: Some(Fixed([2])))),
            "#
        ),
        "",
    );
    app(&level, dice)
}

fn prepare(spell: &str) -> Order {
    Order::Prepare {
        spell: spell.into(),
        pay: None,
    }
}

fn pool() -> Order {
    Order::Pool { pay: None }
}

#[test]
fn aim_adds_its_pool_to_the_next_missile_attack() {
    let mut app = against_a_bandit("hero_archer", &[5, 5, 5, 5, 5, 5, 2, 2, 2, 2]);
    act(&mut app, "hero", Order::Aim { pay: None });
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    assert!(log(&app).contains(&BattleEvent::ActionPoolBuilt {
        unit: "hero".into(),
        dice: 2
    }));
    act(&mut app, "hero", attack_with("bandit", "bow"));
    assert!(log(&app).contains(&BattleEvent::AimUsed {
        unit: "hero".into(),
        dice: 2
    }));
    let rolled = log(&app).into_iter().find_map(|e| match e {
        BattleEvent::AttackRolled { dice, .. } => Some(dice.len()),
        _ => None,
    });
    // Four attack dice and the two aimed.
    assert_eq!(rolled, Some(6));
    assert_eq!(unit(&table(&app), "hero").conditions.action_pool, None);
}

#[test]
fn an_action_pool_is_lost_on_any_other_action() {
    let mut app = against_a_bandit("hero_archer", &[5, 5, 5, 5]);
    act(&mut app, "hero", Order::Aim { pay: None });
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    assert!(log(&app).contains(&BattleEvent::ActionPoolLost {
        unit: "hero".into()
    }));
}

#[test]
fn cast_rolls_the_pool_at_the_standard_sl_for_a_damage_spell() {
    // Prepare Firebolt (3 pips), two Pool actions, then Cast: two dice, two
    // successes, Medium damage 2 against the bandit's rank 2: a Wound.
    let mut app = against_a_bandit("hedge_wizard", &[5, 5, 5, 5, 6, 6]);
    act(&mut app, "hero", prepare("firebolt"));
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Cast {
            target: "bandit".into(),
        },
    );
    let events = log(&app);
    assert!(events.contains(&BattleEvent::SpellCast {
        unit: "hero".into(),
        spell: "Firebolt".into(),
        target: "bandit".into(),
        dice: vec![6, 6],
        successes: 2
    }));
    assert!(events.contains(&BattleEvent::Damaged {
        unit: "bandit".into(),
        damage: 2,
        armour: 0
    }));
}

#[test]
fn a_rank_spell_grants_bonus_ranks_up_to_its_most() {
    // A six among the action dice gives a fifth die: enough for three Pools.
    let mut app = against_a_bandit("hedge_wizard", &[6, 5, 5, 5, 5, 6, 6, 5]);
    act(&mut app, "hero", prepare("stoneskin"));
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Cast {
            target: "hero".into(),
        },
    );
    // Three successes, but Stoneskin gives at most 2 bonus ranks.
    assert!(log(&app).contains(&BattleEvent::BonusRanks {
        unit: "hero".into(),
        side: RankSide::Physical,
        bonus: 2
    }));
    assert_eq!(unit(&table(&app), "hero").ranks.physical.bonus, 2);
}

/// RULES §21: a healing spell clears a Stun with its first success and
/// restores one lost physical rank with the next.
#[test]
fn a_healing_spell_clears_a_stun_then_restores_one_lost_rank() {
    use crate::common::{act, app, foe, hero, level, log, table, unit, units};
    use swift_swords::battle::command::Order;
    use swift_swords::battle::components::StateKind;
    use swift_swords::battle::engine::Engine;
    use swift_swords::battle::events::BattleEvent;
    let fielded = units(&[
        hero("wizard", "hedge_wizard")
            .with(r#"spells: Some(["healing_touch"])"#)
            .dice(&[4, 3, 3, 3, 3]),
        hero("knight", "hero_swordsman").dice(&[2]),
        foe("bandit", "bandit").at(2, 0).dice(&[2]),
    ]);
    let level = level(r#""ggg""#, &fielded, "");
    // The pool of three rolls 6, 5, 1: two successes.
    let (mut state, dice, events) = app(&level, &[6, 5, 1, 6, 6, 6]).into_parts();
    let knight = state.unit_index("knight").expect("the knight");
    state.set_up().units[knight].conditions.stunned = true;
    state.set_up().units[knight].ranks.physical.lost = 2;
    let mut app = Engine::resume(state, dice, events);
    let prepare = Order::Prepare {
        spell: "healing_touch".into(),
        pay: None,
    };
    act(&mut app, "wizard", prepare);
    for _ in 0..3 {
        act(&mut app, "wizard", Order::Pool { pay: None });
    }
    act(
        &mut app,
        "wizard",
        Order::Cast {
            target: "knight".into(),
        },
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::SpellCast { .. }))
        .expect("the spell");
    assert_eq!(
        events[at + 1..at + 3],
        [
            BattleEvent::StateCleared {
                unit: "knight".into(),
                state: StateKind::Stun,
            },
            BattleEvent::RankRestored {
                unit: "knight".into(),
                remaining: 2,
            },
        ]
    );
    let t = table(&app);
    assert!(!unit(&t, "knight").conditions.stunned);
    assert_eq!(unit(&t, "knight").ranks.physical.lost, 1);
}

/// "CrossOver Damage": carry-over damage is regained when its cause is
/// healed. A knight with two wounds has lost a mental rank by crossover;
/// healing one wound gives that rank back, so the next wound crosses over
/// again only as its own cause.
#[test]
fn healing_a_wound_gives_back_the_rank_it_crossed_over() {
    use crate::common::{foe, hero, units};
    use swift_swords::battle::engine::Engine;
    let fielded = units(&[
        hero("wizard", "hedge_wizard")
            .with(r#"spells: Some(["healing_touch"])"#)
            .dice(&[4, 3, 3, 3, 3]),
        hero("knight", "hero_swordsman").dice(&[2]),
        foe("bandit", "bandit").at(2, 0).dice(&[2]),
    ]);
    let level = level(r#""ggg""#, &fielded, "");
    let (mut state, dice, events) = app(&level, &[6, 5, 1, 6, 6, 6]).into_parts();
    let knight = state.unit_index("knight").expect("the knight");
    state.set_up().units[knight].ranks.physical.lost = 2;
    state.set_up().units[knight].ranks.mental.lost = 1;
    state.set_up().units[knight].ranks.mental.crossover_lost = 1;
    let mut app = Engine::resume(state, dice, events);
    act(&mut app, "wizard", prepare("healing_touch"));
    for _ in 0..3 {
        act(&mut app, "wizard", Order::Pool { pay: None });
    }
    act(
        &mut app,
        "wizard",
        Order::Cast {
            target: "knight".into(),
        },
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::SpellCast { .. }))
        .expect("the spell");
    assert_eq!(
        events[at + 1..at + 3],
        [
            BattleEvent::RankRestored {
                unit: "knight".into(),
                remaining: 2,
            },
            BattleEvent::CrossoverRegained {
                unit: "knight".into(),
                side: RankSide::Mental,
                remaining: 2,
            },
        ]
    );
    let knight = unit(&table(&app), "knight").ranks;
    assert_eq!(
        (knight.physical.lost, knight.physical.crossover_lost),
        (1, 0)
    );
    assert_eq!((knight.mental.lost, knight.mental.crossover_lost), (0, 0));
}

/// "CrossOver Damage": a physical rank lost only by crossover from mental
/// damage is not a wound; healing touch leaves it to its cause.
#[test]
fn healing_touch_does_not_heal_a_rank_lost_only_by_crossover() {
    use crate::common::{foe, hero, units};
    use swift_swords::battle::engine::Engine;
    let fielded = units(&[
        hero("wizard", "hedge_wizard")
            .with(r#"spells: Some(["healing_touch"])"#)
            .dice(&[4, 3, 3, 3, 3]),
        hero("knight", "hero_swordsman").dice(&[2]),
        foe("bandit", "bandit").at(2, 0).dice(&[2]),
    ]);
    let level = level(r#""ggg""#, &fielded, "");
    let (mut state, dice, events) = app(&level, &[6, 5, 1, 6, 6, 6]).into_parts();
    let knight = state.unit_index("knight").expect("the knight");
    state.set_up().units[knight].ranks.physical.lost = 1;
    state.set_up().units[knight].ranks.physical.crossover_lost = 1;
    state.set_up().units[knight].ranks.mental.lost = 2;
    let mut app = Engine::resume(state, dice, events);
    act(&mut app, "wizard", prepare("healing_touch"));
    for _ in 0..3 {
        act(&mut app, "wizard", Order::Pool { pay: None });
    }
    act(
        &mut app,
        "wizard",
        Order::Cast {
            target: "knight".into(),
        },
    );
    assert!(!log(&app).iter().any(|e| matches!(
        e,
        BattleEvent::RankRestored { .. } | BattleEvent::CrossoverRegained { .. }
    )));
    let knight = unit(&table(&app), "knight").ranks;
    assert_eq!((knight.physical.lost, knight.mental.lost), (1, 2));
}

/// "Attacks": a spell attack is resolved as the others are, and its target
/// may answer it with a defence. The bandit Dodges a Firebolt: two Dodge
/// successes take one die from the spell, as from a missile.
#[test]
fn a_spell_attack_waits_for_the_targets_defence_and_a_dodge_takes_its_dice() {
    use swift_swords::battle::command::{Command, RuleError};
    use swift_swords::battle::state::Turn;
    use swift_swords::vocabulary::Defence;
    let level = level(
        r#""ggg""#,
        r#"
        (id: "hero", template: "hedge_wizard", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({ Dodge: 3 }), action_dice: Some(Fixed([2])))),
        "#,
        "",
    );
    let mut app = app(&level, &[5, 5, 5, 5, 5, 6, 1, 6]);
    act(&mut app, "hero", prepare("firebolt"));
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Cast {
            target: "bandit".into(),
        },
    );
    assert_eq!(table(&app).battle().turn, Turn::Respond { unit: 1 });
    assert!(log(&app).contains(&BattleEvent::SpellDeclared {
        unit: "hero".into(),
        spell: "Firebolt".into(),
        target: "bandit".into(),
    }));
    let defend = |with| Order::Defend {
        with: Some(with),
        riposte: false,
        raise_with_one: false,
        pay: None,
    };
    assert!(matches!(
        crate::common::submit(&mut app, Command::new("bandit", defend(Defence::Parry))),
        Err(RuleError::CannotDefend { .. })
    ));
    act(&mut app, "bandit", defend(Defence::Dodge));
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::DefenceRolled { .. }))
        .expect("the Dodge");
    assert_eq!(
        events[at..at + 3],
        [
            BattleEvent::DefenceRolled {
                unit: "bandit".into(),
                defence: Defence::Dodge,
                dice: vec![5, 6, 1],
                successes: 2,
            },
            BattleEvent::Dodged {
                unit: "bandit".into(),
                dice_removed: 1,
                exposures: 0,
            },
            BattleEvent::SpellCast {
                unit: "hero".into(),
                spell: "Firebolt".into(),
                target: "bandit".into(),
                dice: vec![6],
                successes: 1,
            },
        ]
    );
    assert_eq!(unit(&table(&app), "hero").conditions.action_pool, None);
}

/// A Block answers a damage spell as it answers a missile: while the
/// spell's successes do not outnumber the pool, the shield's armour counts
/// against the damage. A Hex or a word of dread is not stopped by a shield.
#[test]
fn a_block_that_holds_adds_the_shields_armour_against_a_damage_spell() {
    use swift_swords::vocabulary::Defence;
    let level = level(
        r#""ggg""#,
        r#"
        (id: "hero", template: "hedge_wizard", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({ Block: 3 }), shield: Some("medium_shield"), action_dice: Some(Fixed([2])))),
        "#,
        "",
    );
    let mut app = app(&level, &[5, 5, 5, 5, 5, 6, 1, 6, 6]);
    act(&mut app, "hero", prepare("firebolt"));
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Cast {
            target: "bandit".into(),
        },
    );
    act(
        &mut app,
        "bandit",
        Order::Defend {
            with: Some(Defence::Block),
            riposte: false,
            raise_with_one: false,
            pay: None,
        },
    );
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::SpellCast { .. }))
        .expect("the spell");
    assert!(matches!(
        &events[at],
        BattleEvent::SpellCast { dice, successes: 2, .. } if dice == &vec![6, 6]
    ));
    assert!(matches!(
        &events[at + 1],
        BattleEvent::Blocked { unit, shield_armour, .. } if unit == "bandit" && *shield_armour > 0
    ));
}

/// The AI answers a spell attack as it answers any other: with a legal
/// defence or none, scored by the successes the spell is expected to land.
#[test]
fn the_ai_answers_a_spell_attack_with_a_legal_answer() {
    use swift_swords::ai::{AiLevel, choose};
    let level = level(
        r#""ggg""#,
        r#"
        (id: "hero", template: "hedge_wizard", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
        (id: "bandit", template: "bandit", side: "foes", zone: (1, 0),
            overrides: (defences: Some({ Dodge: 3 }), action_dice: Some(Fixed([2])))),
        "#,
        "",
    );
    let mut app = app(&level, &[5, 5, 5, 5, 2, 2, 2, 2, 2]);
    act(&mut app, "hero", prepare("firebolt"));
    act(&mut app, "hero", pool());
    act(&mut app, "hero", pool());
    act(
        &mut app,
        "hero",
        Order::Cast {
            target: "bandit".into(),
        },
    );
    for level in [AiLevel::Normal, AiLevel::Hard, AiLevel::Expert] {
        let answer = choose(app.state(), level).expect("an answer");
        assert_eq!(answer.unit, "bandit");
        assert!(matches!(answer.order, Order::Defend { .. }), "{answer:?}");
        assert!(app.state().check(&answer).is_ok(), "{level}: {answer:?}");
    }
    let answer = choose(app.state(), AiLevel::Normal).expect("an answer");
    act(&mut app, "bandit", answer.order);
    assert!(
        log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::SpellCast { .. }))
    );
}
