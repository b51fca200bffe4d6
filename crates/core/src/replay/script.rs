//! A stretch of a replay as a rules script: the level written in, the dice
//! the battle rolled up to that step, its commands, and what the battle
//! looked like then. A strange battle becomes a regression test in one
//! command (`replay FILE --to STEP --as-script OUT.ron`).

use crate::battle::components::Fate;
use crate::battle::engine::Engine;
use crate::battle::events::Outcome;
use crate::level::Level;
use crate::rules::dice::{Dice, DiceSource};
use crate::script::{DiceSpec, Expectation, LevelSource, Script, Step};

use super::Replay;

/// More rolls than any battle makes: the search for the dice used stops
/// here rather than run on if the dice do not come from the replay's seed.
const MOST_ROLLS: usize = 1_000_000;

/// The script of `replay`'s first `steps` commands, from `engine` rebuilt to
/// that step on `level` (the level as the replay holds it). `None` when the
/// engine's dice did not come from the replay's seed.
pub fn script_of(replay: &Replay, level: &Level, steps: usize, engine: &Engine) -> Option<Script> {
    let dice = dice_rolled(replay.seed, engine.dice())?;
    let mut level = crate::seat::seated_level(level, &replay.seats);
    level.seed = Some(replay.seed);
    let mut script_steps: Vec<Step> = replay
        .record
        .steps
        .iter()
        .take(steps)
        .map(|step| Step::Do {
            unit: step.command.unit.clone(),
            order: step.command.order.clone(),
        })
        .collect();
    script_steps.extend(expectations(engine).into_iter().map(Step::Expect));
    Some(Script {
        name: format!("{}: the first {steps} steps", replay.level_name),
        about: format!(
            "Made from a replay of {} (seed {}) by the replay command.",
            replay.level_name, replay.seed
        ),
        level: LevelSource::Inline(Box::new(level)),
        dice: DiceSpec::Scripted(dice),
        steps: script_steps,
    })
}

/// Every face the seeded dice rolled to reach `now`, in order.
fn dice_rolled(seed: u64, now: &Dice) -> Option<Vec<u8>> {
    let mut from_start = Dice::seeded(seed);
    let mut faces = Vec::new();
    while &from_start != now {
        if faces.len() == MOST_ROLLS {
            return None;
        }
        faces.push(from_start.d6());
    }
    Some(faces)
}

/// What the battle looks like now, as a script's expectations: the round,
/// whose turn it is or how it ended, and where each combatant stands.
fn expectations(engine: &Engine) -> Vec<Expectation> {
    let state = engine.state();
    let battle = &state.battle();
    let mut expect = vec![Expectation::Round {
        round: battle.round,
    }];
    match &battle.outcome {
        None => {
            expect.push(Expectation::Ongoing);
            expect.push(Expectation::Turn {
                units: state.turn_units(),
            });
        }
        Some(Outcome::Victory { side, .. }) => {
            expect.push(Expectation::Winner { side: side.clone() })
        }
        Some(_) => expect.push(Expectation::Draw),
    }
    for unit in state.units() {
        let id = unit.unit.id.clone();
        expect.push(Expectation::Fate {
            unit: id.clone(),
            fate: unit.fate,
        });
        if unit.fate != Fate::Fighting {
            continue;
        }
        expect.push(Expectation::Zone {
            unit: id.clone(),
            zone: unit.placement.zone,
        });
        expect.push(Expectation::Status {
            unit: id.clone(),
            status: unit.status,
        });
        expect.push(Expectation::Ranks {
            unit: id.clone(),
            physical: Some(unit.ranks.physical.remaining()),
            mental: Some(unit.ranks.mental.remaining()),
        });
        expect.push(Expectation::Dice {
            unit: id,
            dice: unit.pool.dice.clone(),
        });
    }
    expect
}
