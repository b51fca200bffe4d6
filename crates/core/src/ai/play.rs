//! The AI playing a battle on to its end: the one loop behind `simulate`,
//! campaign runs and rules scripts' `PlayOut`.

use std::time::{Duration, Instant};

use super::{AiLevel, choose};
use crate::battle::command::{Command, RuleError};
use crate::battle::engine::Engine;

/// Why the AI stopped before the battle ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Stopped {
    /// Nobody may act, or whoever may has no legal command.
    NoCommand,
    /// The engine refused the AI's command (a defect of the AI's).
    Refused(Box<(Command, RuleError)>),
    /// The limit of commands was reached.
    Limit,
}

/// Plays `engine` with each side at `level_of(side)` until the battle ends,
/// giving at most `limit` commands. `given` sees each command accepted, with
/// the level that chose it and how long the choice took.
pub fn play_out(
    engine: &mut Engine,
    level_of: impl Fn(usize) -> AiLevel,
    limit: usize,
    mut given: impl FnMut(AiLevel, &Command, Duration),
) -> Result<(), Stopped> {
    for _ in 0..limit {
        let table = engine.state();
        if engine.ended() {
            return Ok(());
        }
        let acting = table.acting_unit().ok_or(Stopped::NoCommand)?;
        let level = level_of(table.units()[acting].unit.side);
        let started = Instant::now();
        let command = choose(table, level).ok_or(Stopped::NoCommand)?;
        let took = started.elapsed();
        engine
            .submit(&command)
            .map_err(|error| Stopped::Refused(Box::new((command.clone(), error))))?;
        given(level, &command, took);
    }
    if engine.ended() {
        Ok(())
    } else {
        Err(Stopped::Limit)
    }
}
