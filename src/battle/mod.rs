//! The battle engine, and its place in the game's schedule.
//!
//! [`engine::Engine`] is the one door: it owns the battle's state
//! ([`state::BattleState`]), its dice and its log, and every caller goes
//! through it. The game keeps the engine as a resource; each update, the
//! [`RulesSet::Resolve`] step gives it the next queued command, and the
//! [`RulesSet::Mirror`] step copies the state into the components the view
//! draws. Nothing is ever written back from the components.
//!
//! The modules form layers, and each imports only from the layers below it
//! (the suite's `layers` test holds them, and every other folder, to it):
//! 1. the door: [`engine`], the starting state and saves ([`setup`], [`save`]),
//!    the command log with its fingerprints ([`record`]), and the view's copy
//!    ([`mirror`]);
//! 2. what each order does: `orders`, one file per family of orders (only the
//!    engine calls in);
//! 3. what is allowed, what it would cost and its odds, and the battle from
//!    start to end: [`candidates`] (every order a combatant might give),
//!    [`check`] (with the per-order costs and refusals in `costs`),
//!    [`odds`], [`flow`];
//! 4. the sequence of play, the one seam that says who acts when:
//!    [`sequence`] (the countdown and the sister rules' orders);
//! 5. the rule families' facts and vetoes: [`cover`], [`flight`],
//!    [`inclose`], [`injury`], [`mental`], [`riding`], [`special`],
//!    [`warband`], [`wielding`];
//! 6. the primitive effects (pay, lose a rank, take a State, out of action,
//!    lose a pool): [`effects`];
//! 7. plain data: the state and its parts ([`state`], [`components`]), the
//!    orders ([`command`]) and the events ([`events`], told in words by
//!    `describe`).

pub mod candidates;
pub mod check;
pub mod command;
pub mod components;
mod costs;
pub mod cover;
pub mod describe;
pub mod effects;
pub mod engine;
pub mod events;
pub mod flight;
pub mod flow;
pub mod inclose;
pub mod injury;
mod legal;
pub mod mental;
pub mod mirror;
pub mod odds;
mod orders;
pub mod record;
pub mod riding;
pub mod save;
pub mod sequence;
pub mod setup;
pub mod special;
pub mod state;
pub mod warband;
pub mod wielding;

use bevy::prelude::*;

use command::{CommandQueue, LastVerdict};
use engine::Engine;
use events::BattleEvent;

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
