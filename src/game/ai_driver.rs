//! Sides seated as AI play themselves: when the countdown gives the turn to
//! an AI side, its command goes into the same queue a player's would, after
//! the last action has played out on the table and a pause a person can
//! follow (set on the HUD's slider). With a pause, the AI thinks on a worker
//! thread meanwhile, so a long search never stalls the table; with none (a
//! battle run without a window), it answers at once.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::ai::{AiLevel, choose};
use crate::battle::awaiting_input;
use crate::battle::command::{Command, CommandQueue};
use crate::battle::engine::Engine;
use crate::battle::record::Fingerprint;
use crate::game::hud::HudState;
use crate::game::session::coaching::Coaching;
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::watching::Viewer;
use crate::game::stage::battle_on_table;
use crate::game::table::motion::MotionUnderway;
use crate::seat::Seat;

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
            seconds: crate::game::session::preferences::DEFAULT_AI_PACE_SECONDS,
            waited: 0.0,
        }
    }
}

/// The AI's choice being worked out on a worker thread, for the battle as
/// it stood when the thinking began (its log's length and fingerprint).
struct Thinking {
    task: Task<Option<Command>>,
    stood_at: (usize, Fingerprint),
}

/// The thinking under way, if any, and a choice already made that waits
/// out the pause.
#[derive(Resource, Default)]
struct AiThinking {
    thinking: Option<Thinking>,
    chosen: Option<((usize, Fingerprint), Command)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiPace>();
    app.init_resource::<AiThinking>();
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
    let waited_enough = {
        let mut pace = world.resource_mut::<AiPace>();
        pace.waited += delta;
        pace.waited >= pace.seconds
    };
    let Some(level) = ai_seat(world) else {
        return;
    };
    // A lesson gives the other side's orders itself.
    let thinks_meanwhile =
        world.resource::<AiPace>().seconds > 0.0 && world.get_resource::<Coaching>().is_none();
    if thinks_meanwhile {
        think_meanwhile(world, level);
    }
    if !waited_enough {
        return;
    }
    let command = if let Some(mut coaching) = world.get_resource_mut::<Coaching>() {
        coaching.run.next_theirs()
    } else if thinks_meanwhile {
        chosen_for_now(world)
    } else {
        choose(world.resource::<Engine>().state(), level)
    };
    let Some(command) = command else {
        return;
    };
    world.resource_mut::<CommandQueue>().0.push_back(command);
    world.resource_mut::<AiPace>().waited = 0.0;
}

/// The AI level seated at the side whose turn it is, if an AI sits there.
fn ai_seat(world: &World) -> Option<AiLevel> {
    let table = world.get_resource::<Engine>()?.state();
    let side = table.units()[table.acting_unit()?].unit.side;
    match world.resource::<MatchSetup>().seats.get(side) {
        Some(Seat::Ai(level)) => Some(*level),
        _ => None,
    }
}

/// The battle as it stands: the log's length and the fingerprint.
fn standing(engine: &Engine) -> (usize, Fingerprint) {
    (engine.log().len(), Fingerprint::of(engine))
}

/// Starts the AI thinking on a worker thread if nobody is thinking yet;
/// gathers the choice once it is made. A choice made before the battle
/// moved on (its log grew or shrank) is dropped and thought again.
fn think_meanwhile(world: &mut World, level: AiLevel) {
    let log_length = world.resource::<Engine>().log().len();
    let mut thinking = world.resource_mut::<AiThinking>();
    if let Some(underway) = thinking.thinking.as_mut() {
        if let Some(command) = block_on(poll_once(&mut underway.task)) {
            let stood_at = underway.stood_at.clone();
            thinking.thinking = None;
            thinking.chosen = command.map(|command| (stood_at, command));
        }
        return;
    }
    match &thinking.chosen {
        Some(((length, _), _)) if *length == log_length => return,
        Some(_) => thinking.chosen = None,
        None => {}
    }
    let engine = world.resource::<Engine>();
    let stood_at = standing(engine);
    let table = engine.state().clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { choose(&table, level) });
    world.resource_mut::<AiThinking>().thinking = Some(Thinking { task, stood_at });
}

/// The choice made for the battle exactly as it stands now, if it is ready;
/// one made for a battle that has since changed (an undo, a load) is
/// dropped.
fn chosen_for_now(world: &mut World) -> Option<Command> {
    let (stood_at, command) = world.resource_mut::<AiThinking>().chosen.take()?;
    (stood_at == standing(world.resource::<Engine>())).then_some(command)
}
