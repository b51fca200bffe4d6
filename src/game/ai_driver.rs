//! Sides seated as AI play themselves: when the countdown gives the turn to
//! an AI side, its command goes into the same queue a player's would, after
//! the last action has played out on the table and a pause a person can
//! follow (set on the HUD's slider).

use bevy::prelude::*;

use super::hud::HudState;
use super::lessons::Coaching;
use super::match_setup::{MatchSetup, Seat};
use super::motion::MotionUnderway;
use super::screens::battle_on_table;
use super::viewer::Viewer;
use crate::ai::choose;
use crate::battle::awaiting_input;
use crate::battle::command::{Command, CommandQueue};
use crate::battle::engine::Engine;

/// The pause before each AI command.
#[derive(Resource, Debug, Clone)]
pub struct AiPace {
    pub seconds: f32,
    waited: f32,
}

impl AiPace {
    /// No pause at all (a battle run without a window).
    pub fn immediate() -> Self {
        Self {
            seconds: 0.0,
            waited: 0.0,
        }
    }
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
    app.add_systems(
        Update,
        play_ai_turns
            .run_if(battle_on_table)
            .run_if(not(resource_exists::<Viewer>)),
    );
}

fn play_ai_turns(world: &mut World) {
    if !awaiting_input(world) || world.resource::<HudState>().paused {
        return;
    }
    // The last action plays out on the table before the next is chosen.
    if world
        .get_resource::<MotionUnderway>()
        .is_some_and(|underway| underway.0)
    {
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
    let Some(command) = ai_command(world) else {
        return;
    };
    world.resource_mut::<CommandQueue>().0.push_back(command);
    world.resource_mut::<AiPace>().waited = 0.0;
}

/// The AI's command, if the turn is an AI side's; in a lesson, the
/// lesson's next order for that side.
fn ai_command(world: &mut World) -> Option<Command> {
    let table = world.get_resource::<Engine>()?.state();
    let side = table.units[table.acting_unit()?].unit.side;
    let Some(Seat::Ai(level)) = world.resource::<MatchSetup>().seats.get(side).copied() else {
        return None;
    };
    if let Some(mut coaching) = world.get_resource_mut::<Coaching>() {
        return coaching.run.next_theirs();
    }
    choose(world.get_resource::<Engine>()?.state(), level)
}
