//! A client's copy of a network game: the battle rebuilt from what the
//! server sends, every step checked against the server's fingerprint, and
//! the client's own fingerprint reported back.

use std::path::Path;
use std::sync::Arc;

use swift_swords_core::battle::engine::Engine;
use swift_swords_core::battle::events::BattleEvent;
use swift_swords_core::battle::record::{Fingerprint, Step};
use swift_swords_core::data::Ruleset;
use swift_swords_core::level::Level;
use swift_swords_core::replay::{Replay, command_in_words};

/// The game as this client holds it.
pub struct NetGame {
    pub game: u64,
    /// The side this client plays, or none for a spectator.
    pub side: Option<usize>,
    pub replay: Replay,
    engine: Engine,
    level: Level,
    ruleset: Arc<Ruleset>,
}

/// One step applied: its number (from 1), the command in words, the events
/// it caused, and this client's fingerprint after it (reported to the
/// server, which names a client out of sync and sends it its battle).
pub struct Applied {
    pub step: usize,
    pub said: String,
    pub events: Vec<BattleEvent>,
    pub fingerprint: Fingerprint,
    /// Whether it matched the server's; the steps after one that did not
    /// are not applied.
    pub matches: bool,
}

impl NetGame {
    /// The game the server sent on joining, rebuilt and checked step by step.
    pub fn joined(
        game: u64,
        side: Option<usize>,
        replay: Replay,
        ruleset: Arc<Ruleset>,
    ) -> Result<Self, String> {
        if replay.rules_changed(&ruleset) {
            return Err(
                "the server plays with other rules data than this game: update one of them"
                    .to_string(),
            );
        }
        let shown = Path::new("the server's game");
        let level = replay
            .level(shown, &ruleset)
            .map_err(|problems| format!("the server's level has problems: {problems}"))?;
        let engine = replay
            .rebuild(&level, ruleset.clone(), replay.steps())
            .map_err(|divergence| format!("the server's game does not rebuild: {divergence}"))?;
        Ok(Self {
            game,
            side,
            replay,
            engine,
            level,
            ruleset,
        })
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    pub fn steps(&self) -> usize {
        self.replay.steps()
    }

    /// Whether this client decides now.
    pub fn my_turn(&self) -> bool {
        let state = self.engine.state();
        self.side.is_some()
            && !self.engine.ended()
            && state.acting_unit().map(|i| state.units()[i].unit.side) == self.side
    }

    /// Applies steps the server sent from step `from` (counted from 0);
    /// steps already held are passed over. Applying stops after a step that
    /// does not rebuild to the server's fingerprint. A step the rules here
    /// refuse is an error naming it.
    pub fn apply(&mut self, from: usize, steps: Vec<Step>) -> Result<Vec<Applied>, String> {
        if from > self.steps() {
            return Err(format!(
                "the server sent step {} while this game holds {}",
                from + 1,
                self.steps()
            ));
        }
        let mut applied = Vec::new();
        for (index, step) in steps.into_iter().enumerate().skip(self.steps() - from) {
            let step = apply_step(&mut self.engine, &mut self.replay, from + index + 1, step)?;
            let matches = step.matches;
            applied.push(step);
            if !matches {
                break;
            }
        }
        Ok(applied)
    }
}

/// Gives step `number` (from 1) the server sent to `engine` as recorded,
/// its salt stirred in, and logs it in `replay`: what every client does with
/// a step, whether its battle is a [`NetGame`] or the one on the table. A
/// step the rules here refuse is an error naming it.
pub fn apply_step(
    engine: &mut Engine,
    replay: &mut Replay,
    number: usize,
    step: Step,
) -> Result<Applied, String> {
    let said = command_in_words(engine.state(), &step.command);
    let events = engine
        .submit_stirred(&step.command, step.salt)
        .map_err(|reason| format!("step {number} ({said}) is refused here: {reason}"))?
        .to_vec();
    let fingerprint = Fingerprint::of(engine);
    let matches = fingerprint == step.after;
    replay.push_stirred(step.command, step.salt, engine);
    Ok(Applied {
        step: number,
        said,
        events,
        fingerprint,
        matches,
    })
}
