//! Sides seated as AI play themselves: when the countdown gives the turn to
//! an AI side, its command goes into the same queue a player's would, after
//! the last action has played out on the table and a pause a person can
//! follow (set on the HUD's slider). With a pause, the AI thinks on a worker
//! thread meanwhile, so a long search never stalls the table; with none (a
//! battle run without a window), it answers at once. A person may hand
//! their side to the AI for a while (the pause menu); it plays it as
//! Normal until they take it back.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::ai::{AiLevel, choose};
use crate::battle::command::Command;
use crate::battle::engine::Engine;
use crate::battle::record::Fingerprint;
use crate::game::hud::HudState;
use crate::game::session::coaching::Coaching;
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::watching::Viewer;
use crate::game::stage::battle_on_table;
use crate::game::steps::CommandQueue;
use crate::game::steps::awaiting_input;
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
    if !awaiting_input(world) || world.resource::<HudState>().overlays.paused {
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
    world.resource_mut::<CommandQueue>().order(command);
    world.resource_mut::<AiPace>().waited = 0.0;
}

/// The AI level that gives the orders of the side whose turn it is, if
/// the AI gives them.
fn ai_seat(world: &World) -> Option<AiLevel> {
    let table = world.get_resource::<Engine>()?.state();
    let side = table.units()[table.acting_unit()?].unit.side;
    let stands_in = &world.resource::<HudState>().seats.ai_stands_in;
    playing_for(&world.resource::<MatchSetup>().seats, stands_in, side)
}

/// How well the AI plays a person's side handed to it (Wesnoth's `droid`).
const STAND_IN: AiLevel = AiLevel::Normal;

/// Who gives side `side`'s orders, if the AI does: the AI seated there, or
/// [`STAND_IN`] on a person's side handed to the AI.
fn playing_for(seats: &[Seat], stands_in: &[usize], side: usize) -> Option<AiLevel> {
    match seats.get(side) {
        Some(Seat::Ai(level)) => Some(*level),
        Some(Seat::Human) if stands_in.contains(&side) => Some(STAND_IN),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_battles::{loading_app, settle};

    /// The duel at two human seats, the AI driving without a pause.
    fn duel_for_two() -> App {
        let text = std::fs::read_to_string("levels/duel.ron").expect("the duel");
        let (mut app, _scratch) = loading_app("duel.ron", &text);
        settle(&mut app);
        app.insert_resource(AiPace::immediate());
        app.init_resource::<AiThinking>();
        app.add_systems(Update, play_ai_turns);
        app
    }

    fn log_length(app: &App) -> usize {
        app.world().resource::<Engine>().log().len()
    }

    #[test]
    fn a_side_handed_to_the_ai_is_played_by_it_as_normal_and_a_persons_side_waits_for_them() {
        let mut app = duel_for_two();
        let before = log_length(&app);
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(log_length(&app), before, "nobody gives a person's orders");

        app.world_mut()
            .resource_mut::<HudState>()
            .seats
            .ai_stands_in = vec![0, 1];
        for _ in 0..20 {
            app.update();
        }
        assert!(
            log_length(&app) > before,
            "the AI plays both sides handed to it"
        );
        let table = app.world().resource::<Engine>().state();
        let hud = app.world().resource::<HudState>();
        assert!(
            hud.seats.mine(table).is_empty(),
            "no order is asked of the player meanwhile"
        );
    }

    #[test]
    fn the_ai_gives_a_sides_orders_where_it_sits_or_stands_in_and_nowhere_else() {
        let seats = [Seat::Human, Seat::Ai(AiLevel::Hard)];
        assert_eq!(playing_for(&seats, &[], 0), None);
        assert_eq!(playing_for(&seats, &[0], 0), Some(AiLevel::Normal));
        assert_eq!(playing_for(&seats, &[], 1), Some(AiLevel::Hard));
        assert_eq!(playing_for(&seats, &[1], 1), Some(AiLevel::Hard));
        assert_eq!(playing_for(&seats, &[0], 2), None);
    }
}
