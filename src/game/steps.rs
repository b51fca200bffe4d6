//! The one stream of steps above the engine. Every step, wherever it comes
//! from (an order given at this table by a player or the AI, the server's
//! step of an online game, a step taken in from a turn file, the next step
//! of a replay watched), waits in the
//! [`CommandQueue`]; each update, the [`RulesSet::Resolve`] step gives the
//! next to the engine. This is the only system that changes the engine
//! (the suite's `steps` test holds it to that); it publishes one
//! [`StepTaken`] message for each step, accepted or refused, and the
//! step's events as [`BattleEvent`] messages. The log, the animation,
//! sound, the autosave, the lessons and the network's sync read those.
//! Then, in [`RulesSet::Mirror`], the mirror copies the state into the
//! components the view draws; nothing is ever written back.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::battle::command::{Command, RuleError};
use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;
use crate::battle::record::Fingerprint;

/// Where a step comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// An order given at this table, by a player or the AI: checked and
    /// resolved here.
    Here,
    /// The server's step `number` (from 1) of an online game, with the
    /// fingerprint its battle reached; `last` of those that came together.
    Server {
        number: usize,
        after: Fingerprint,
        last: bool,
    },
    /// A step of the other player's, taken in from a turn file (rebuilt
    /// and checked when the file was read).
    TurnFile,
    /// The next step of the replay being watched.
    Replay,
}

/// A step waiting for the engine: the command, the salt its dice were
/// stirred with where a referee elsewhere took it, and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    pub command: Command,
    pub salt: Option<u64>,
    pub origin: Origin,
}

/// The steps waiting for the engine, in order.
#[derive(Resource, Debug, Default)]
pub struct CommandQueue(pub VecDeque<Pending>);

impl CommandQueue {
    /// Queues an order given at this table.
    pub fn order(&mut self, command: Command) {
        self.0.push_back(Pending {
            command,
            salt: None,
            origin: Origin::Here,
        });
    }

    /// The commands waiting, in order.
    pub fn commands(&self) -> impl Iterator<Item = &Command> {
        self.0.iter().map(|pending| &pending.command)
    }

    /// Takes the orders given at this table out of the queue, in order,
    /// leaving the steps from elsewhere (an online game sends its orders to
    /// the server instead).
    pub fn take_orders(&mut self) -> Vec<Command> {
        let (orders, others): (VecDeque<_>, VecDeque<_>) = self
            .0
            .drain(..)
            .partition(|pending| pending.origin == Origin::Here);
        self.0 = others;
        orders.into_iter().map(|pending| pending.command).collect()
    }

    /// Drops the server's steps still waiting: after one out of step or
    /// refused here, or once the server's battle is set in their place.
    pub fn drop_server_steps(&mut self) {
        self.0
            .retain(|pending| !matches!(pending.origin, Origin::Server { .. }));
    }
}

/// A step the engine took: accepted with the events it caused, or refused
/// with the rule's reason (and then nothing changed). One is published for
/// each step, in order.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct StepTaken {
    pub command: Command,
    pub salt: Option<u64>,
    pub origin: Origin,
    pub verdict: Result<Vec<BattleEvent>, RuleError>,
}

impl StepTaken {
    /// The accepted command, if it was.
    pub fn accepted(&self) -> Option<&Command> {
        self.verdict.as_ref().ok().map(|_| &self.command)
    }

    /// The rule that refused it, if it was.
    pub fn refused(&self) -> Option<&RuleError> {
        self.verdict.as_ref().err()
    }
}

/// The battle's steps in the game's update, in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesSet {
    /// The engine takes the next waiting step.
    Resolve,
    /// The view's components are written from the state.
    Mirror,
}

pub fn plugin(app: &mut App) {
    app.add_message::<BattleEvent>();
    app.add_message::<StepTaken>();
    app.init_resource::<CommandQueue>();
    app.configure_sets(
        Update,
        (RulesSet::Resolve, RulesSet::Mirror)
            .chain()
            .run_if(resource_exists::<Engine>),
    );
    app.add_systems(Update, take_step.in_set(RulesSet::Resolve));
}

/// Gives the engine the next waiting step, one an update (so each reader
/// after it sees the battle as that step left it), and publishes what it
/// caused.
fn take_step(world: &mut World) {
    let Some(pending) = world.resource_mut::<CommandQueue>().0.pop_front() else {
        return;
    };
    let verdict = {
        let mut engine = world.resource_mut::<Engine>();
        engine
            .submit_stirred(&pending.command, pending.salt)
            .map(<[BattleEvent]>::to_vec)
    };
    if let Ok(events) = &verdict {
        world.write_message_batch(events.iter().cloned());
    }
    world.write_message(StepTaken {
        command: pending.command,
        salt: pending.salt,
        origin: pending.origin,
        verdict,
    });
}

/// Whether the battle waits for a command (or is over, or there is none):
/// updating again would change nothing by itself.
pub fn awaiting_input(world: &World) -> bool {
    world
        .get_resource::<CommandQueue>()
        .is_none_or(|queue| queue.0.is_empty())
}
