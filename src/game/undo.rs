//! Undo and redo for human seats. A command can be taken back while it is the
//! battle's last, was given by a human seat, and rolled no dice (neither its
//! own nor any in the sequence of play after it), so undo never lets anyone
//! roll again. In hot-seat play only the player whose turn it still is may
//! take back their own commands. Undoing rebuilds the battle from its replay
//! one step shorter; redo gives the command again through the usual queue.

use bevy::prelude::*;

use super::match_setup::{MatchSetup, Seat};
use crate::battle::command::{Command, CommandQueue};
use crate::battle::engine::Engine;
use crate::replay::{Replay, command_in_words};

/// Commands taken back, the last one on top.
#[derive(Resource, Debug, Clone, Default)]
pub struct RedoStack(pub Vec<Command>);

impl RedoStack {
    /// A command was accepted: the one on top if it was redone, else any new
    /// command ends what could be redone.
    pub fn accepted(&mut self, command: &Command) {
        if self.0.last() == Some(command) {
            self.0.pop();
        } else {
            self.0.clear();
        }
    }
}

/// The last command in words if it can be taken back now, or why not.
pub fn undo_verdict(replay: &Replay, engine: &Engine, seats: &[Seat]) -> Result<String, String> {
    let state = engine.state();
    let steps = replay.steps();
    let Some(last) = steps.checked_sub(1).map(|i| &replay.record.steps[i]) else {
        return Err("Nothing to undo yet.".to_string());
    };
    let side_of = |id: &str| state.unit_index(id).map(|i| state.units[i].unit.side);
    let side = side_of(&last.command.unit);
    if side.and_then(|s| seats.get(s)) != Some(&Seat::Human) {
        return Err("The last command was the AI's.".to_string());
    }
    if replay.record.rolled_dice(steps - 1) {
        return Err("The last command rolled dice, so it stands.".to_string());
    }
    let acting_side = state.acting_unit().map(|u| state.units[u].unit.side);
    if acting_side.is_some_and(|now| Some(now) != side && seats.get(now) == Some(&Seat::Human)) {
        return Err("The other player has the turn now.".to_string());
    }
    Ok(command_in_words(state, &last.command))
}

/// Takes back the battle's last command if [`undo_verdict`] allows it.
pub fn undo(world: &mut World) -> Result<(), String> {
    let seats = world.resource::<MatchSetup>().seats.clone();
    let (Some(replay), Some(engine)) = (
        world.get_resource::<Replay>(),
        world.get_resource::<Engine>(),
    ) else {
        return Err("There is no battle.".to_string());
    };
    undo_verdict(replay, engine, &seats)?;
    let mut shorter = replay.clone();
    let Some(step) = shorter.record.steps.pop() else {
        return Err("Nothing to undo yet.".to_string());
    };
    let state = engine.state();
    // The battle's level is already seated; seating it again changes nothing.
    let level = state.battle.level.clone();
    let rebuilt = shorter
        .rebuild(&level, state.ruleset.clone(), shorter.steps())
        .map_err(|divergence| format!("The battle could not be rebuilt: {divergence}."))?;
    shorter.round = rebuilt.state().battle.round;
    world.insert_resource(rebuilt);
    world.resource_mut::<RedoStack>().0.push(step.command);
    if let Some(autosaver) = world.get_resource::<super::saves::Autosaver>() {
        autosaver.save(shorter.clone());
    }
    world.insert_resource(shorter);
    Ok(())
}

/// Gives again the command last taken back.
pub fn redo(world: &mut World) -> Result<(), String> {
    let Some(command) = world.resource::<RedoStack>().0.last().cloned() else {
        return Err("Nothing to redo.".to_string());
    };
    world.resource_mut::<CommandQueue>().0.push_back(command);
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RedoStack>();
    app.add_systems(OnEnter(super::Screen::Battle), forget_redo);
}

fn forget_redo(mut redo: ResMut<RedoStack>) {
    redo.0.clear();
}
