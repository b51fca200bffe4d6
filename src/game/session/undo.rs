//! Undo and redo for human seats. Undo takes back a human seat's last
//! command, with the AI's answers since, as long as no die has been rolled
//! since it was given (by it, by the AI, or by the sequence of play), so undo
//! never lets anyone roll again. In hot-seat play the player whose turn it is
//! cannot take back the other player's commands. Undoing rebuilds the battle
//! from its replay, shortened; redo gives the command again through the
//! usual queue (the AI then answers as it did before).

use bevy::prelude::*;

use crate::game::session::match_setup::MatchSetup;

use crate::battle::engine::Engine;
use crate::game::session::saves::RedoStack;
use crate::game::steps::CommandQueue;
use crate::replay::{Replay, command_in_words};
use crate::seat::{Seat, seat_of};

/// What undo would take back now: the step of the human's last command
/// (the AI's answers after it go with it) and that command in words, or why
/// nothing can be taken back.
pub fn undo_verdict(
    replay: &Replay,
    engine: &Engine,
    seats: &[Seat],
) -> Result<(usize, String), String> {
    if engine.ended() {
        return Err("The battle is over: what was done stands.".to_string());
    }
    let state = engine.state();
    let side_of = |id: &str| state.unit_index(id).map(|i| state.units()[i].unit.side);
    let steps = &replay.record.steps;
    let Some(last_human) = steps
        .iter()
        .rposition(|step| seat_of(state, seats, &step.command.unit) == Some(Seat::Human))
    else {
        return Err("Nothing of yours to undo yet.".to_string());
    };
    if (last_human..steps.len()).any(|i| replay.record.rolled_dice(i)) {
        return Err("Dice have been rolled since your last command, so it stands.".to_string());
    }
    let side = side_of(&steps[last_human].command.unit);
    let acting_side = state.acting_unit().map(|u| state.units()[u].unit.side);
    if acting_side.is_some_and(|now| Some(now) != side && seats.get(now) == Some(&Seat::Human)) {
        return Err("The other player has the turn now.".to_string());
    }
    Ok((
        last_human,
        command_in_words(state, &steps[last_human].command),
    ))
}

/// Takes back the human's last command (and the AI's answers after it) if
/// [`undo_verdict`] allows it.
pub fn undo(world: &mut World) -> Result<(), String> {
    let seats = world.resource::<MatchSetup>().seats.clone();
    if world.contains_resource::<crate::game::session::coaching::Coaching>() {
        return Err("A lesson's moves cannot be taken back.".to_string());
    }
    let (Some(replay), Some(engine)) = (
        world.get_resource::<Replay>(),
        world.get_resource::<Engine>(),
    ) else {
        return Err("There is no battle.".to_string());
    };
    let (step, _) = undo_verdict(replay, engine, &seats)?;
    let mut shorter = replay.clone();
    let taken_back = shorter.record.steps.split_off(step);
    let state = engine.state();
    // The battle's level is already seated; seating it again changes nothing.
    let level = state.battle().level.clone();
    let rebuilt = shorter
        .rebuild(&level, state.ruleset().clone(), shorter.steps())
        .map_err(|divergence| format!("The battle could not be rebuilt: {divergence}."))?;
    shorter.round = rebuilt.state().battle().round;
    world.insert_resource(rebuilt);
    world
        .resource_mut::<RedoStack>()
        .0
        .push(taken_back[0].command.clone());
    if let Some(autosaver) = crate::game::session::saves::battle_autosaver(world) {
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
    world.resource_mut::<CommandQueue>().order(command);
    Ok(())
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RedoStack>();
    app.add_systems(OnEnter(crate::game::stage::Screen::Battle), forget_redo);
}

fn forget_redo(mut redo: ResMut<RedoStack>) {
    redo.0.clear();
}
