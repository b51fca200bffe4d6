//! The battle's place in the game's schedule: each update, the
//! [`RulesSet::Resolve`] step gives the engine the next queued command, and
//! the [`RulesSet::Mirror`] step copies the state into the components the
//! view draws ([`super::mirror`]). Nothing is ever written back from the
//! components.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::mirror;
use crate::battle::command::{Command, RuleError};
use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;

/// Commands waiting for resolution, in order.
#[derive(Resource, Debug, Default)]
pub struct CommandQueue(pub VecDeque<Command>);

/// The answer to the last command resolved.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct LastVerdict(pub Option<Result<Command, (Command, RuleError)>>);

/// The battle's steps in the game's update, in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesSet {
    /// The engine takes the next queued command.
    Resolve,
    /// The view's components are written from the state.
    Mirror,
}

pub fn plugin(app: &mut App) {
    app.add_message::<BattleEvent>();
    app.init_resource::<CommandQueue>();
    app.init_resource::<LastVerdict>();
    app.configure_sets(
        Update,
        (RulesSet::Resolve, RulesSet::Mirror)
            .chain()
            .run_if(resource_exists::<Engine>),
    );
    app.add_systems(
        Update,
        (
            resolve_command.in_set(RulesSet::Resolve),
            mirror::mirror_state.in_set(RulesSet::Mirror),
        ),
    );
}

/// Gives the engine the next queued command, and publishes what it caused as
/// messages (the game's record reads the verdict).
fn resolve_command(world: &mut World) {
    let Some(command) = world.resource_mut::<CommandQueue>().0.pop_front() else {
        return;
    };
    let (verdict, events) = {
        let mut engine = world.resource_mut::<Engine>();
        match engine.submit(&command) {
            Ok(events) => (Ok(command), events.to_vec()),
            Err(error) => (Err((command, error)), Vec::new()),
        }
    };
    world.resource_mut::<LastVerdict>().0 = Some(verdict);
    world.write_message_batch(events);
}

/// Whether the battle waits for a command (or is over, or there is none):
/// updating again would change nothing by itself.
pub fn awaiting_input(world: &World) -> bool {
    world
        .get_resource::<CommandQueue>()
        .is_none_or(|queue| queue.0.is_empty())
}
