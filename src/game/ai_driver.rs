//! Sides seated as AI play themselves: when the countdown gives the turn to
//! an AI side, its command goes into the same queue a player's would, after
//! the last action has played out on the table and a pause a person can
//! follow (set on the HUD's slider). With a pause, the AI thinks on a worker
//! thread meanwhile, so a long search never stalls the table; with none (a
//! battle run without a window), it answers at once.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::hud::HudState;
use super::lessons::Coaching;
use super::match_setup::{MatchSetup, Seat};
use super::motion::MotionUnderway;
use super::screens::battle_on_table;
use super::viewer::Viewer;
use crate::ai::{AiLevel, choose};
use crate::battle::awaiting_input;
use crate::battle::command::{Command, CommandQueue};
use crate::battle::engine::Engine;
use crate::battle::record::Fingerprint;

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

pub(super) fn plugin(app: &mut App) {
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
    if world.resource::<AiPace>().seconds > 0.0 {
        think_meanwhile(world);
    }
    if !waited_enough {
        return;
    }
    let command = if world.resource::<AiPace>().seconds > 0.0 {
        let Some(command) = chosen_for_now(world) else {
            return;
        };
        command
    } else {
        let Some(command) = ai_command(world) else {
            return;
        };
        command
    };
    world.resource_mut::<CommandQueue>().0.push_back(command);
    world.resource_mut::<AiPace>().waited = 0.0;
}

/// The battle as it stands: the log's length and the fingerprint.
fn standing(world: &World) -> Option<(usize, Fingerprint)> {
    let engine = world.get_resource::<Engine>()?;
    Some((engine.log().len(), Fingerprint::of(engine)))
}

/// Starts the AI thinking on a worker thread if the turn is an AI side's and
/// nobody is thinking yet; gathers the choice once it is made.
fn think_meanwhile(world: &mut World) {
    let Some(now) = standing(world) else {
        return;
    };
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
        Some((stood_at, _)) if *stood_at == now => return,
        Some(_) => thinking.chosen = None,
        None => {}
    }
    let Some((table, level)) = ai_turn(world) else {
        return;
    };
    let stood_at = now;
    let task = AsyncComputeTaskPool::get().spawn(async move { choose(&table, level) });
    world.resource_mut::<AiThinking>().thinking = Some(Thinking { task, stood_at });
}

/// The choice made for the battle as it stands now, if it is ready; one made
/// for a battle that has since changed (an undo, a load) is dropped.
fn chosen_for_now(world: &mut World) -> Option<Command> {
    if let Some(mut coaching) = world.get_resource_mut::<Coaching>() {
        return coaching.run.next_theirs();
    }
    let now = standing(world)?;
    let mut thinking = world.resource_mut::<AiThinking>();
    let (stood_at, command) = thinking.chosen.take()?;
    (stood_at == now).then_some(command)
}

/// The battle and the AI level, if the turn is an AI side's and no lesson
/// gives its orders.
fn ai_turn(world: &World) -> Option<(crate::battle::state::BattleState, AiLevel)> {
    if world.get_resource::<Coaching>().is_some() {
        return None;
    }
    let table = world.get_resource::<Engine>()?.state();
    let side = table.units[table.acting_unit()?].unit.side;
    let Some(Seat::Ai(level)) = world.resource::<MatchSetup>().seats.get(side).copied() else {
        return None;
    };
    Some((table.clone(), level))
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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::battle::events::BattleEvent;
    use crate::game::headless::{HeadlessStart, battle_app, prepare};
    use crate::game::match_setup::LevelFolder;
    use crate::game::saves::SaveFolder;

    /// The skirmish, Hard against Hard on the game's own schedule with the
    /// given pause, until `actions` actions have been resolved: the log.
    fn skirmish_log(pause: f32, actions: u32) -> Vec<BattleEvent> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let folder = SaveFolder(std::env::temp_dir().join(format!(
            "swift-swords-ai-pause-{}-{}",
            pause > 0.0,
            std::process::id()
        )));
        let start = HeadlessStart::Level {
            path: &root.join("levels/skirmish.ron"),
            folder: LevelFolder::Library,
            seed: 4,
            seats: vec![Seat::Ai(AiLevel::Hard); 2],
        };
        let (engine, replay, setup) =
            prepare(&root.join("assets/data"), &folder, start).expect("the skirmish starts");
        let mut app = battle_app(folder.clone(), setup, engine, replay);
        app.world_mut().resource_mut::<AiPace>().seconds = pause;
        for _ in 0..200_000 {
            app.update();
            if app.world().resource::<Engine>().state().battle.actions >= actions {
                break;
            }
            std::thread::sleep(Duration::from_micros(100));
        }
        let engine = app.world().resource::<Engine>();
        assert!(engine.state().battle.actions >= actions, "the AI stalled");
        let log = engine.log().to_vec();
        std::fs::remove_dir_all(&folder.0).ok();
        log
    }

    #[test]
    fn with_a_pause_the_ai_thinks_on_a_worker_thread_and_plays_the_same_battle() {
        let at_once = skirmish_log(0.0, 12);
        let meanwhile = skirmish_log(0.002, 12);
        let shared = at_once.len().min(meanwhile.len());
        assert_eq!(at_once[..shared], meanwhile[..shared]);
    }
}
