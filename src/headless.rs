//! Battles without a window: for tests, rules scripts and simulation.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::battle::command::{Command, CommandQueue, LastVerdict, RuleError};
use crate::battle::setup::start_battle;
use crate::battle::{self, settle};
use crate::data::Ruleset;
use crate::level::Level;
use crate::rules::dice::Dice;

/// Updates allowed for a battle to settle after a command before giving up.
const SETTLE_LIMIT: usize = 64;

/// A headless app with the rules systems and nothing else.
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(battle::plugin);
    app
}

/// A headless app with a battle on `level`, settled until the first command
/// is awaited.
pub fn battle_app(level: &Level, ruleset: Arc<Ruleset>, seed: u64, dice: Dice) -> App {
    let mut app = headless_app();
    start_battle(app.world_mut(), level, ruleset, seed, dice);
    settle(&mut app, SETTLE_LIMIT);
    app
}

/// Gives a command to the battle, runs it and settles. Returns the rules'
/// refusal if it was refused.
pub fn submit(app: &mut App, command: Command) -> Result<(), RuleError> {
    app.world_mut().resource_mut::<LastVerdict>().0 = None;
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .0
        .push_back(command);
    for _ in 0..SETTLE_LIMIT {
        app.update();
        if app.world().resource::<LastVerdict>().0.is_some() {
            break;
        }
    }
    settle(app, SETTLE_LIMIT);
    match app.world().resource::<LastVerdict>().0.clone() {
        Some(Err((_, error))) => Err(error),
        _ => Ok(()),
    }
}
