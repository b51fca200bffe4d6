//! Sides set to AI play themselves: when the countdown gives the turn to an
//! AI side, the AI's command goes into the same queue a player's would.

use bevy::prelude::*;

use super::Screen;
use crate::ai::{AiLevel, choose};
use crate::battle::awaiting_input;
use crate::battle::command::CommandQueue;
use crate::battle::table::Table;
use crate::level::Controller;

/// How the AI sides play in the game.
#[derive(Resource, Debug, Clone)]
pub struct AiSettings {
    pub level: AiLevel,
    /// Pause before each AI command, so a person can follow the battle.
    pub pause: Timer,
}

impl Default for AiSettings {
    fn default() -> Self {
        Self {
            level: AiLevel::Normal,
            pause: Timer::from_seconds(0.6, TimerMode::Once),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiSettings>();
    app.add_systems(Update, play_ai_turns.run_if(in_state(Screen::Battle)));
}

fn play_ai_turns(world: &mut World) {
    if !awaiting_input(world) {
        return;
    }
    let delta = world.resource::<Time>().delta();
    let level = {
        let mut settings = world.resource_mut::<AiSettings>();
        settings.pause.tick(delta);
        if !settings.pause.is_finished() {
            return;
        }
        settings.level
    };
    let Some(table) = Table::capture(world) else {
        return;
    };
    let Some(acting) = table.acting_unit() else {
        return;
    };
    let side = table.units[acting].unit.side;
    if table.battle.sides.get(side).map(|s| s.controller) != Some(Controller::Ai) {
        return;
    }
    if let Some(command) = choose(&table, level) {
        world.resource_mut::<CommandQueue>().0.push_back(command);
        world.resource_mut::<AiSettings>().pause.reset();
    }
}
