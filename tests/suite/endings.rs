//! How battles end, and that they end: the round limit, a zone held, a
//! side that survives, the action cap; every shipped level played out; the
//! same seed giving the same battle; a save going on as the original.

use crate::common::{
    act, app, attack, foe, hero, level, log, ruleset, shipped_levels, table, units,
};
use crate::common::{battle_app, submit};
use bevy::prelude::*;
use swift_swords::battle::command::{Command, Order};
use swift_swords::battle::events::{BattleEvent, Outcome};
use swift_swords::battle::save::BattleSave;
use swift_swords::battle::state::BattleState;
use swift_swords::level::Level;
use swift_swords::rules::dice::Dice;
use swift_swords::vocabulary::Defence;
use swift_swords::vocabulary::ZoneCoord;

const HERO_AND_BANDIT: &str = r#"
    (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
    (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), overrides: (defences: Some({}))),
"#;

#[test]
fn round_limit_ends_the_battle_as_a_draw() {
    let level = level(r#""gg""#, HERO_AND_BANDIT, "round_limit: Some(1),");
    let mut app = app(&level, &[2, 2, 2, 2, 2, 2, 2]);
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    let battle = &app.state().battle();
    assert!(
        matches!(&battle.outcome, Some(Outcome::Draw { .. })),
        "{:?}",
        battle.outcome
    );
}

#[test]
fn hold_zone_wins_after_the_zone_is_held_for_enough_closed_rounds() {
    let units = units(&[
        hero("hero", "hero_swordsman").at(1, 0).untrained(),
        foe("bandit", "bandit").untrained(),
    ]);
    let level = level(
        r#""gg""#,
        &units,
        "victory: [HoldZone(side: \"heroes\", zone: (1, 0), rounds: 2)],",
    );
    let mut app = app(&level, &[2; 40]);
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    assert!(&app.state().battle().outcome.is_none());
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    let battle = &app.state().battle();
    assert!(
        matches!(&battle.outcome, Some(Outcome::Victory { side, .. }) if side == "heroes"),
        "{:?}",
        battle.outcome
    );
    assert!(log(&app).contains(&BattleEvent::ZoneHeld {
        side: "heroes".into(),
        zone: ZoneCoord(1, 0),
        rounds: 2
    }));
}

#[test]
fn survive_wins_when_its_round_closes_with_the_side_still_fighting() {
    let level = level(
        r#""gg""#,
        HERO_AND_BANDIT,
        "victory: [Survive(side: \"foes\", rounds: 1)],",
    );
    let mut app = app(&level, &[2; 20]);
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    let battle = &app.state().battle();
    assert!(matches!(&battle.outcome, Some(Outcome::Victory { side, .. }) if side == "foes"));
}

/// A simple, deterministic way to pick legal commands, for whole battles.
fn first_legal(table: &BattleState) -> Option<Command> {
    let actors = table.turn_units();
    let actor = actors.first()?;
    let me = table.units()[table.unit_index(actor)?].clone();
    let enemies: Vec<String> = table
        .units()
        .iter()
        .filter(|u| u.unit.side != me.unit.side && u.fighting())
        .map(|u| u.unit.id.clone())
        .collect();
    // A declared attack is answered with the first defence that is allowed.
    let mut options: Vec<Order> = [Defence::Block, Defence::Dodge, Defence::Parry]
        .into_iter()
        .map(|d| Order::Defend {
            with: Some(d),
            riposte: true,
            raise_with_one: false,
            pay: None,
        })
        .collect();
    options.push(Order::Defend {
        with: None,
        riposte: false,
        raise_with_one: false,
        pay: None,
    });
    options.extend(enemies.iter().map(|e| attack(e)));
    options.extend(enemies.iter().map(|e| Order::Charge {
        target: e.clone(),
        pay: None,
    }));
    if let Some(enemy) = enemies.first() {
        let there = table.units()[table.unit_index(enemy)?].placement.zone;
        let here = me.placement.zone;
        let step = |a: u16, b: u16| {
            if a < b {
                a + 1
            } else if a > b {
                a - 1
            } else {
                a
            }
        };
        for to in [
            ZoneCoord(step(here.0, there.0), here.1),
            ZoneCoord(here.0, step(here.1, there.1)),
        ] {
            options.push(Order::Move { to, pay: None });
        }
    }
    options.push(Order::KeepDie);
    options.push(Order::Pass);
    options
        .into_iter()
        .map(|order| Command::new(actor.clone(), order))
        .find(|command| table.check(command).is_ok())
        // One who must flee (Panicked) may not pass: the first flight open.
        .or_else(|| {
            table
                .legal_plans()
                .into_iter()
                .next()
                .map(|(command, _)| command)
        })
}

/// Plays a battle to its end with [`first_legal`], returning its log.
fn play_out(level: &Level, seed: u64) -> (Vec<BattleEvent>, Option<Outcome>) {
    let mut app = battle_app(level, ruleset(), seed, Dice::seeded(seed));
    for _ in 0..5_000 {
        let t = table(&app);
        if t.battle().outcome.is_some() {
            break;
        }
        let command = first_legal(&t).expect("someone can always act or pass");
        submit(&mut app, command).expect("first_legal only picks legal commands");
    }
    let outcome = app.state().battle().outcome.clone();
    (log(&app), outcome)
}

#[test]
fn every_battle_on_every_shipped_level_ends() {
    for level in shipped_levels() {
        for seed in 0..8 {
            let (_, outcome) = play_out(&level, seed);
            assert!(
                outcome.is_some(),
                "{} with seed {seed} did not end",
                level.name
            );
        }
    }
}

#[test]
fn the_same_level_seed_and_commands_give_the_same_battle_to_the_die() {
    for level in shipped_levels() {
        let first = play_out(&level, 11);
        let second = play_out(&level, 11);
        assert_eq!(first, second, "{}", level.name);
        let other = play_out(&level, 12);
        assert_ne!(
            first.0, other.0,
            "a different seed should give a different battle"
        );
    }
}

#[test]
fn a_saved_battle_restores_and_goes_on_exactly_as_the_original() {
    let level = shipped_levels()
        .into_iter()
        .find(|l| l.name == "The Duel")
        .unwrap();
    let mut original = battle_app(&level, ruleset(), 5, Dice::seeded(5));
    for _ in 0..6 {
        let command = first_legal(&table(&original)).unwrap();
        submit(&mut original, command).unwrap();
    }
    let save = BattleSave::of(&original);
    let text = save.to_ron().unwrap();
    let loaded: BattleSave = ron::from_str(&text).unwrap();
    assert_eq!(loaded, save);
    let mut restored = loaded.restore(ruleset());
    for _ in 0..40 {
        let a = table(&original);
        if a.battle().outcome.is_some() {
            break;
        }
        let command = first_legal(&a).unwrap();
        assert_eq!(first_legal(&table(&restored)), Some(command.clone()));
        submit(&mut original, command.clone()).unwrap();
        submit(&mut restored, command).unwrap();
    }
    assert_eq!(log(&original), log(&restored));
}

/// RULES §15: a round that reaches its action cap (per combatant fielded)
/// ends the battle as a draw, so no data can make a battle go on for ever.
#[test]
fn a_round_that_reaches_the_action_cap_ends_the_battle_as_a_draw() {
    let units = units(&[
        hero("hero", "hero_swordsman"),
        foe("bandit", "bandit").at(2, 0),
    ]);
    let level = level(r#""ggg""#, &units, "");
    let mut ruleset = (*ruleset()).clone();
    ruleset.rules.most_actions_per_round_each = 1;
    let mut engine = battle_app(&level, std::sync::Arc::new(ruleset), 7, Dice::seeded(7));
    while !engine.ended() {
        let command = swift_swords::ai::choose(engine.state(), swift_swords::ai::AiLevel::Normal)
            .expect("a legal command");
        submit(&mut engine, command).expect("the AI's command is legal");
    }
    let battle = &engine.state().battle();
    assert_eq!((battle.round, battle.round_actions), (1, 2));
    assert_eq!(
        battle.outcome,
        Some(Outcome::Draw {
            reason: "round 1 reached 2 actions, the most a round may hold".into()
        })
    );
}
