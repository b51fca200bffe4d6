//! Random legal play through every shipped level, with random wounds and a
//! random Effort pending on every combatant at the start: the engine never
//! panics, never refuses a command it listed as legal, never waits with
//! nothing legal to do, and never rolls more dice than a combatant could
//! ever gather. And the engine's legal list, built from the situation, is
//! exactly what the check accepts.

use std::sync::Arc;

use proptest::prelude::*;
use swift_swords::ai::legal_commands;
use swift_swords::battle::candidates::candidate_orders;
use swift_swords::battle::command::Command;
use swift_swords::battle::engine::Engine;
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::save::BattleSave;
use swift_swords::rules::dice::Dice;
use swift_swords::rules::injury::{Injury, InjuryEffect, Location};

use crate::common::{ruleset, shipped_levels};

/// More dice than any roll could need: attack dice, exposure, advantage,
/// Aim and Effort together stay far below it.
const SANE_ROLL: usize = 64;
/// Commands per battle tried before the case stops (battles end sooner).
const COMMANDS: usize = 250;

/// A wound that takes dice off every roll, on a location from `pick`.
fn puncture(pick: u8) -> Injury {
    Injury {
        location: Location::ALL[usize::from(pick) % Location::ALL.len()],
        effect: InjuryEffect::Puncture,
    }
}

/// A shipped level (picked by `level_pick`) started with `seed`, each
/// combatant carrying wounds and a pending Effort from the lists in turn.
fn wounded_start(level_pick: usize, seed: u64, wounds: &[u8], efforts: &[bool]) -> Engine {
    let levels = shipped_levels();
    let level = &levels[level_pick % levels.len()];
    let ruleset: Arc<_> = ruleset();
    let start = Engine::start(level, ruleset.clone(), seed, Dice::seeded(seed));
    let mut save = BattleSave::of(&start);
    for (i, unit) in save.units.iter_mut().enumerate() {
        let count = wounds[i % wounds.len()];
        unit.wounds.0 = (0..count).map(puncture).collect();
        unit.conditions.effort = efforts[i % efforts.len()];
    }
    save.restore(ruleset)
}

/// A level pick, a seed, wounds and Efforts to start with, and the picks of
/// each command among the legal ones.
fn random_battles() -> impl Strategy<Value = (usize, u64, Vec<u8>, Vec<bool>, Vec<u16>)> {
    (
        0usize..64,
        any::<u64>(),
        proptest::collection::vec(0u8..6, 32),
        proptest::collection::vec(any::<bool>(), 32),
        proptest::collection::vec(any::<u16>(), COMMANDS),
    )
}

proptest! {
    // A fixed seed: the same cases on every run and every machine.
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(15),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_legal_play_never_panics_nor_rolls_beyond_reason(
        (level_pick, seed, wounds, efforts, choices) in random_battles(),
    ) {
        let mut engine = wounded_start(level_pick, seed, &wounds, &efforts);
        for choice in &choices {
            if engine.ended() {
                break;
            }
            let legal = legal_commands(engine.state());
            prop_assert!(!legal.is_empty(), "the battle waits with nothing legal to do");
            let command = &legal[usize::from(*choice) % legal.len()];
            let events = engine.submit(command).map_err(|e| {
                TestCaseError::fail(format!("a legal command was refused: {e}"))
            })?;
            for event in events {
                if let BattleEvent::AttackRolled { dice, .. }
                | BattleEvent::DefenceRolled { dice, .. } = event
                {
                    prop_assert!(dice.len() <= SANE_ROLL, "{} dice rolled", dice.len());
                }
            }
        }
    }

    /// The engine builds its legal list from the situation, not by checking
    /// every order: on random positions of every shipped level (random
    /// wounds, Effort and play), it is exactly the action menu's orders that
    /// the check accepts, in the menu's order, with the check's plans.
    #[test]
    fn legal_list_is_exactly_what_the_check_accepts(
        (level_pick, seed, wounds, efforts, choices) in random_battles(),
    ) {
        let mut engine = wounded_start(level_pick, seed, &wounds, &efforts);
        for choice in &choices {
            if engine.ended() {
                break;
            }
            legal_step(&mut engine, *choice)?;
        }
    }
}

/// One step of random legal play: the legal list must not be empty and
/// must be exactly the action menu's orders the check accepts, in the
/// menu's order with the check's plans; the command `choice` picks from it
/// must be accepted.
pub fn legal_step(engine: &mut Engine, choice: u16) -> Result<(), TestCaseError> {
    let table = engine.state();
    let mut accepted = Vec::new();
    for id in table.turn_units() {
        let index = table
            .unit_index(&id)
            .expect("a turn's combatant is on the roll");
        for order in candidate_orders(table, index) {
            let command = Command::new(id.clone(), order);
            if let Ok(plan) = table.check(&command) {
                accepted.push((command, plan));
            }
        }
    }
    let legal = table.legal_plans();
    prop_assert!(
        !legal.is_empty(),
        "the battle waits with nothing legal to do"
    );
    prop_assert_eq!(&legal, &accepted);
    let command = legal[usize::from(choice) % legal.len()].0.clone();
    engine
        .submit(&command)
        .map_err(|e| TestCaseError::fail(format!("a legal command was refused: {e}")))?;
    Ok(())
}
