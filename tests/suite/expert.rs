//! The Expert AI (docs/AI.md): only legal commands, the same choices from
//! the same battle, and no sight of dice not yet rolled.

use crate::common::{battle_app, ruleset, shipped_level, shipped_levels, submit};
use swift_swords::ai::{AiLevel, choose, legal_commands};
use swift_swords::battle::command::Order;
use swift_swords::battle::engine::Engine;
use swift_swords::battle::events::BattleEvent;
use swift_swords::level::Level;
use swift_swords::rules::dice::Dice;

/// The first `decisions` commands of a battle with the Expert on every side,
/// each checked against the rules before it is given. Returns the log.
fn expert_opening(level: &Level, seed: u64, decisions: usize) -> Vec<BattleEvent> {
    let mut engine = battle_app(level, ruleset(), seed, Dice::seeded(seed));
    for _ in 0..decisions {
        let table = engine.state().clone();
        if table.battle().outcome.is_some() {
            break;
        }
        let command = choose(&table, AiLevel::Expert).expect("someone may always act");
        assert!(table.check(&command).is_ok(), "illegal {command:?}");
        assert!(
            legal_commands(&table).contains(&command)
                || matches!(command.order, Order::ChooseWounds { .. }),
            "{command:?} is not among the legal commands"
        );
        submit(&mut engine, command).expect("a checked command is accepted");
    }
    engine.log().to_vec()
}

#[test]
fn the_expert_never_issues_an_illegal_command() {
    for level in shipped_levels() {
        expert_opening(&level, 3, 16);
    }
    // A whole battle, to its end.
    let log = expert_opening(&shipped_level("The Duel"), 5, 2_000);
    assert!(
        matches!(log.last(), Some(BattleEvent::BattleEnded { .. })),
        "{:?}",
        log.last()
    );
}

#[test]
fn the_same_seed_gives_the_expert_the_same_choices() {
    let level = shipped_level("Goblin");
    assert_eq!(expert_opening(&level, 9, 24), expert_opening(&level, 9, 24));
}

/// The Expert plans on dice of its own: two battles that stand the same but
/// would roll differently from now on get the same choice, though that
/// choice then turns out differently in each.
#[test]
fn the_expert_cannot_read_dice_not_yet_rolled() {
    let level = shipped_level("Skirmish");
    let mut engine = battle_app(&level, ruleset(), 4, Dice::seeded(4));
    let mut differed = 0;
    for step in 0..80 {
        if engine.ended() {
            break;
        }
        let (state, _, log) = engine.clone().into_parts();
        // The same battle, its dice from here on drawn from another generator.
        let mut other = Engine::resume(state, Dice::seeded(0xD1CE + step), log);
        let choice = choose(engine.state(), AiLevel::Expert).expect("a choice");
        assert_eq!(choose(other.state(), AiLevel::Expert), Some(choice.clone()));
        let here = engine.submit(&choice).expect("legal").to_vec();
        let there = other.submit(&choice).expect("legal").to_vec();
        differed += usize::from(here != there);
    }
    assert!(differed >= 10, "the dice hardly mattered: {differed}");
}
