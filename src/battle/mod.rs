//! The battle engine: the rules as ECS systems in one fixed order.

pub mod command;
pub mod components;
pub mod cover;
mod describe;
pub mod events;
pub mod flight;
pub mod flow;
pub mod inclose;
pub mod injury;
pub mod mental;
pub mod opportunity;
pub mod resolve;
pub mod riding;
pub mod setup;
pub mod special;
pub mod table;
pub mod warband;
pub mod wielding;

use bevy::prelude::*;

use command::{CommandQueue, LastVerdict};
use events::BattleEvent;
use table::{Battle, BattleDice, BattleLog, Phase, Table, Turn};

use crate::rules::dice::Dice;

/// The rules steps, in the order they run every update.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesSet {
    Surprise,
    ActionDiceRoll,
    Countdown,
    Resolve,
    Refresh,
    EndCheck,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<BattleEvent>();
    app.configure_sets(
        Update,
        (
            RulesSet::Surprise,
            RulesSet::ActionDiceRoll,
            RulesSet::Countdown,
            RulesSet::Resolve,
            RulesSet::Refresh,
            RulesSet::EndCheck,
        )
            .chain()
            .run_if(resource_exists::<Battle>),
    );
    app.add_systems(
        Update,
        (
            surprise.in_set(RulesSet::Surprise),
            roll_action_dice.in_set(RulesSet::ActionDiceRoll),
            countdown.in_set(RulesSet::Countdown),
            resolve_command.in_set(RulesSet::Resolve),
            refresh.in_set(RulesSet::Refresh),
            end_check.in_set(RulesSet::EndCheck),
        ),
    );
}

/// Runs one rules step over a snapshot and writes the result back: the
/// changed components, the dice, and the events (to the log and as messages).
fn run_step(world: &mut World, step: impl FnOnce(&mut Table, &mut Dice, &mut Vec<BattleEvent>)) {
    let Some(mut table) = Table::capture(world) else {
        return;
    };
    let Some(mut dice) = world.get_resource::<BattleDice>().map(|d| d.0.clone()) else {
        return;
    };
    let mut events = Vec::new();
    step(&mut table, &mut dice, &mut events);
    table.write_back(world);
    if let Some(mut stored) = world.get_resource_mut::<BattleDice>()
        && stored.0 != dice
    {
        stored.0 = dice;
    }
    publish(world, events);
}

fn publish(world: &mut World, events: Vec<BattleEvent>) {
    if events.is_empty() {
        return;
    }
    if let Some(mut log) = world.get_resource_mut::<BattleLog>() {
        log.0.extend(events.iter().cloned());
    }
    for event in events {
        world.write_message(event);
    }
}

fn phase(world: &World) -> Option<&Phase> {
    world.get_resource::<Battle>().map(|b| &b.phase)
}

fn surprise(world: &mut World) {
    if phase(world) == Some(&Phase::Setup) {
        run_step(world, |table, _, events| {
            flow::determine_surprise(table, events)
        });
    }
}

fn roll_action_dice(world: &mut World) {
    if phase(world) == Some(&Phase::RollActionDice) {
        run_step(world, flow::roll_round);
    }
}

fn countdown(world: &mut World) {
    let open = world.get_resource::<Battle>().is_some_and(|b| {
        b.turn == Turn::Closed && matches!(b.phase, Phase::Countdown | Phase::Refresh { .. })
    });
    if open {
        run_step(world, |table, _, events| flow::open_turn(table, events));
    }
}

fn resolve_command(world: &mut World) {
    let Some(command) = world
        .get_resource_mut::<CommandQueue>()
        .and_then(|mut q| q.0.pop_front())
    else {
        return;
    };
    let mut verdict = None;
    run_step(world, |table, dice, events| {
        match resolve::resolve(table, &command, dice) {
            Ok(happened) => {
                events.extend(happened);
                verdict = Some(Ok(command.clone()));
            }
            Err(error) => verdict = Some(Err((command.clone(), error))),
        }
    });
    if let Some(mut last) = world.get_resource_mut::<LastVerdict>() {
        last.0 = verdict;
    }
}

/// Runs after an action (which may have emptied its actor's pool) and while a
/// called refresh waits to close; not while a turn simply waits for a command.
fn refresh(world: &mut World) {
    let due = world
        .get_resource::<Battle>()
        .is_some_and(|b| match b.phase {
            Phase::Countdown => b.last_actor.is_some() && b.turn == Turn::Closed,
            Phase::Refresh { .. } => b.turn == Turn::Closed,
            _ => false,
        });
    if due {
        run_step(world, |table, _, events| flow::refresh(table, events));
    }
}

/// Runs when something that can end the battle happened: an action, or a
/// round closing.
fn end_check(world: &mut World, mut checked: Local<Option<(u32, u32, bool)>>) {
    let Some(battle) = world.get_resource::<Battle>() else {
        return;
    };
    if matches!(battle.phase, Phase::Ended | Phase::Setup) {
        return;
    }
    let progress = (battle.actions, battle.round, battle.round_closed);
    if *checked == Some(progress) {
        return;
    }
    run_step(world, |table, _, events| flow::check_end(table, events));
    *checked = Some(progress);
}

/// Whether the battle waits for a command (or is over), so updating again
/// would change nothing by itself.
pub fn awaiting_input(world: &World) -> bool {
    let Some(battle) = world.get_resource::<Battle>() else {
        return true;
    };
    let queue_empty = world
        .get_resource::<CommandQueue>()
        .is_none_or(|q| q.0.is_empty());
    battle.phase == Phase::Ended || (battle.turn != Turn::Closed && queue_empty)
}

/// Updates the app until the battle waits for a command or ends. Returns
/// false if it did not settle within `limit` updates.
pub fn settle(app: &mut App, limit: usize) -> bool {
    for _ in 0..limit {
        if awaiting_input(app.world()) {
            return true;
        }
        app.update();
    }
    awaiting_input(app.world())
}
