//! Sides seated as AI play themselves: when the countdown gives the turn to
//! an AI side, its command goes into the same queue a player's would, after
//! a pause a person can follow (set on the HUD's slider).

use bevy::prelude::*;

use super::Screen;
use super::hud::HudState;
use super::match_setup::{MatchSetup, Seat};
use crate::ai::choose;
use crate::battle::awaiting_input;
use crate::battle::command::CommandQueue;
use crate::battle::components::Unit;
use crate::battle::table::{Battle, Table};

/// The pause before each AI command.
#[derive(Resource, Debug, Clone)]
pub struct AiPace {
    pub seconds: f32,
    waited: f32,
}

impl Default for AiPace {
    fn default() -> Self {
        Self {
            seconds: 0.6,
            waited: 0.0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiPace>();
    app.add_systems(Update, play_ai_turns.run_if(in_state(Screen::Battle)));
}

fn play_ai_turns(world: &mut World) {
    if !awaiting_input(world) || world.resource::<HudState>().paused {
        return;
    }
    let delta = world.resource::<Time>().delta_secs();
    {
        let mut pace = world.resource_mut::<AiPace>();
        pace.waited += delta;
        if pace.waited < pace.seconds {
            return;
        }
    }
    // Whose turn it is comes from the battle and the acting unit's side; the
    // whole table is read only when an AI side is to choose.
    let Some(acting) = world.resource::<Battle>().acting_unit() else {
        return;
    };
    let side = world
        .query::<&Unit>()
        .iter(world)
        .find(|unit| unit.index == acting)
        .map(|unit| unit.side);
    let seat = side.and_then(|side| world.resource::<MatchSetup>().seats.get(side).copied());
    let Some(Seat::Ai(level)) = seat else {
        return;
    };
    let Some(table) = Table::capture(world) else {
        return;
    };
    if let Some(command) = choose(&table, level) {
        world.resource_mut::<CommandQueue>().0.push_back(command);
        world.resource_mut::<AiPace>().waited = 0.0;
    }
}
