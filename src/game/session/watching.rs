//! The replay being watched, if any: its battle at every step, kept whole
//! every few steps. The viewer's screen shows it; the autosave, the AI's
//! seats and the HUD stand aside while it is up.

use std::sync::Arc;

use bevy::prelude::*;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::session::match_setup::PreparedBattle;
use crate::level::Level;
use crate::replay::Replay;
use crate::seat::Seat;

/// A battle is kept whole every this many steps, so any step is at most
/// this many commands from one.
const CHECKPOINT_EVERY: usize = 16;

/// The replay being watched.
#[derive(Resource)]
pub struct Viewer {
    pub replay: Replay,
    level: Level,
    ruleset: Arc<Ruleset>,
    /// The battle after 0, 16, 32... steps.
    checkpoints: Vec<Engine>,
    /// The round after each step (index 0: the start).
    rounds: Vec<u32>,
    /// Steps that hold (all of them, unless the replay parts from its record).
    pub last: usize,
    /// The step shown.
    pub at: usize,
    pub playing: bool,
    /// Seconds between steps when playing.
    pub pace: f32,
    pub waited: f32,
    /// The seats for "Take over from here".
    pub take_over: Vec<Seat>,
}

impl Viewer {
    /// Rebuilds the whole replay once, checking it, and keeps checkpoints.
    /// A replay that parts from its record can be watched up to that step.
    pub fn new(replay: Replay, level: Level, ruleset: Arc<Ruleset>) -> (Self, Option<String>) {
        let mut checkpoints = Vec::new();
        let mut rounds = Vec::new();
        let mut problem = None;
        let start = replay.rebuild(&level, ruleset.clone(), 0);
        if let Ok(start) = &start {
            checkpoints.push(start.clone());
            rounds.push(start.state().battle().round);
        }
        let rebuilt = replay.rebuild_with(
            &level,
            ruleset.clone(),
            replay.steps(),
            false,
            |step, _, engine| {
                if step % CHECKPOINT_EVERY == 0 {
                    checkpoints.push(engine.clone());
                }
                rounds.push(engine.state().battle().round);
            },
        );
        if let Err(divergence) = rebuilt {
            problem = Some(format!(
                "This replay plays as recorded only up to step {}: at {divergence}.",
                divergence.step.saturating_sub(1)
            ));
        }
        let last = rounds.len().saturating_sub(1);
        let take_over = replay.seats.clone();
        (
            Self {
                replay,
                level,
                ruleset,
                checkpoints,
                rounds,
                last,
                at: 0,
                playing: false,
                pace: 0.8,
                waited: 0.0,
                take_over,
            },
            problem,
        )
    }

    /// The battle after `step` commands.
    pub fn engine_at(&self, step: usize) -> Option<Engine> {
        let step = step.min(self.last);
        let mut engine = self.checkpoints.get(step / CHECKPOINT_EVERY)?.clone();
        for index in (step / CHECKPOINT_EVERY) * CHECKPOINT_EVERY..step {
            engine
                .submit(&self.replay.record.steps[index].command)
                .ok()?;
        }
        Some(engine)
    }

    pub fn round_at(&self, step: usize) -> u32 {
        self.rounds.get(step).copied().unwrap_or(0)
    }

    /// The rounds the replay reaches.
    pub fn rounds(&self) -> std::ops::RangeInclusive<u32> {
        self.round_at(0).max(1)..=self.round_at(self.last).max(1)
    }

    /// The first step of `round`.
    pub fn first_step_of(&self, round: u32) -> usize {
        self.rounds
            .iter()
            .position(|&r| r >= round)
            .unwrap_or(self.last)
    }

    pub fn side_names(&self) -> Vec<String> {
        self.level.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// A new battle from the step shown, with the chosen seats: its replay
    /// holds the commands so far, fingerprinted again for those seats.
    pub fn take_over(&self) -> Result<PreparedBattle, String> {
        let commands: Vec<_> = self.replay.record.steps[..self.at]
            .iter()
            .map(|s| s.command.clone())
            .collect();
        let mut replay = Replay::of_commands(
            &self.replay.level_file,
            &self.replay.level_text,
            &self.level,
            self.ruleset.clone(),
            self.replay.seed,
            &self.take_over,
            &commands,
        )
        .map_err(|d| format!("The battle could not be rebuilt: {d}."))?;
        replay.saved_at = crate::replay::now();
        let engine = replay
            .rebuild(&self.level, self.ruleset.clone(), commands.len())
            .map_err(|d| format!("The battle could not be rebuilt: {d}."))?;
        Ok(PreparedBattle {
            engine,
            replay: Some(replay),
        })
    }
}
