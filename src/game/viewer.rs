//! The replay viewer: a recorded battle on the table, one command at a time,
//! forward and back, by round, or played at a chosen pace; the table, the
//! HUD and the log show the battle as it stood at that step. "Take over from
//! here" goes on from that step as a new battle with the seats chosen.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::match_setup::{LevelFolder, MatchSetup, Seat};
use super::saves::{PreparedBattle, SaveNotice};
use super::screens::battle_on_table;
use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::level::Level;
use crate::replay::Replay;

/// A battle is kept whole every this many steps, so any step is at most
/// this many commands from one.
const CHECKPOINT_EVERY: usize = 16;

/// The replay being watched.
#[derive(Resource)]
pub struct Viewer {
    replay: Replay,
    level: Level,
    ruleset: Arc<Ruleset>,
    /// The battle after 0, 16, 32... steps.
    checkpoints: Vec<Engine>,
    /// The round after each step (index 0: the start).
    rounds: Vec<u32>,
    /// Steps that hold (all of them, unless the replay parts from its record).
    pub last: usize,
    /// The step shown.
    pub at: usize,
    pub playing: bool,
    /// Seconds between steps when playing.
    pub pace: f32,
    waited: f32,
    /// The seats for "Take over from here".
    pub take_over: Vec<Seat>,
}

impl Viewer {
    /// Rebuilds the whole replay once, checking it, and keeps checkpoints.
    /// A replay that parts from its record can be watched up to that step.
    pub fn new(replay: Replay, level: Level, ruleset: Arc<Ruleset>) -> (Self, Option<String>) {
        let mut checkpoints = Vec::new();
        let mut rounds = Vec::new();
        let mut problem = None;
        let start = replay.rebuild(&level, ruleset.clone(), 0);
        if let Ok(start) = &start {
            checkpoints.push(start.clone());
            rounds.push(start.state().battle.round);
        }
        let rebuilt = replay.rebuild_with(
            &level,
            ruleset.clone(),
            replay.steps(),
            false,
            |step, _, engine| {
                if step % CHECKPOINT_EVERY == 0 {
                    checkpoints.push(engine.clone());
                }
                rounds.push(engine.state().battle.round);
            },
        );
        if let Err(divergence) = rebuilt {
            problem = Some(format!(
                "This replay plays as recorded only up to step {}: at {divergence}.",
                divergence.step.saturating_sub(1)
            ));
        }
        let last = rounds.len().saturating_sub(1);
        let take_over = replay.seats.clone();
        (
            Self {
                replay,
                level,
                ruleset,
                checkpoints,
                rounds,
                last,
                at: 0,
                playing: false,
                pace: 0.8,
                waited: 0.0,
                take_over,
            },
            problem,
        )
    }

    /// The battle after `step` commands.
    pub fn engine_at(&self, step: usize) -> Option<Engine> {
        let step = step.min(self.last);
        let mut engine = self.checkpoints.get(step / CHECKPOINT_EVERY)?.clone();
        for index in (step / CHECKPOINT_EVERY) * CHECKPOINT_EVERY..step {
            engine
                .submit(&self.replay.record.steps[index].command)
                .ok()?;
        }
        Some(engine)
    }

    pub fn round_at(&self, step: usize) -> u32 {
        self.rounds.get(step).copied().unwrap_or(0)
    }

    /// The rounds the replay reaches.
    pub fn rounds(&self) -> std::ops::RangeInclusive<u32> {
        self.round_at(0).max(1)..=self.round_at(self.last).max(1)
    }

    /// The first step of `round`.
    pub fn first_step_of(&self, round: u32) -> usize {
        self.rounds
            .iter()
            .position(|&r| r >= round)
            .unwrap_or(self.last)
    }

    pub fn side_names(&self) -> Vec<String> {
        self.level.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// A new battle from the step shown, with the chosen seats: its replay
    /// holds the commands so far, fingerprinted again for those seats.
    pub fn take_over(&self) -> Result<PreparedBattle, String> {
        let commands: Vec<_> = self.replay.record.steps[..self.at]
            .iter()
            .map(|s| s.command.clone())
            .collect();
        let mut replay = Replay::of_commands(
            &self.replay.level_file,
            &self.replay.level_text,
            &self.level,
            self.ruleset.clone(),
            self.replay.seed,
            &self.take_over,
            &commands,
        )
        .map_err(|d| format!("The battle could not be rebuilt: {d}."))?;
        replay.saved_at = crate::replay::now();
        let engine = replay
            .rebuild(&self.level, self.ruleset.clone(), commands.len())
            .map_err(|d| format!("The battle could not be rebuilt: {d}."))?;
        Ok(PreparedBattle {
            engine,
            replay: Some(replay),
        })
    }
}

/// Opens a replay (or save) file in the viewer.
pub fn watch_file(world: &mut World, path: &Path) {
    let data_dir = world.resource::<super::PlaySettings>().data_dir.clone();
    let opened = Replay::read(path)
        .map_err(|p| p.to_string())
        .and_then(|replay| {
            let ruleset = crate::cli::load_ruleset(Some(&data_dir)).map_err(|p| p.to_string())?;
            let level = replay.level(path, &ruleset).map_err(|p| p.to_string())?;
            Ok((replay, level, Arc::new(ruleset)))
        });
    match opened {
        Ok((replay, level, ruleset)) => watch(world, replay, level, ruleset),
        Err(message) => {
            world.insert_resource(SaveNotice {
                message: Some(format!("The replay could not be opened: {message}")),
                fallback: None,
            });
        }
    }
}

/// Opens a replay already in memory (the battle just fought) in the viewer.
pub fn watch(world: &mut World, replay: Replay, level: Level, ruleset: Arc<Ruleset>) {
    let (viewer, problem) = Viewer::new(replay, level, ruleset);
    let Some(engine) = viewer.engine_at(0) else {
        world.insert_resource(SaveNotice {
            message: Some(problem.unwrap_or_else(|| "The replay could not be opened.".into())),
            fallback: None,
        });
        return;
    };
    world.insert_resource(SaveNotice {
        message: problem,
        fallback: None,
    });
    world.insert_resource(MatchSetup {
        level_file: viewer.replay.level_file.clone(),
        folder: LevelFolder::Library,
        seed: viewer.replay.seed,
        seats: viewer.replay.seats.clone(),
        handover: false,
    });
    world.insert_resource(PreparedBattle {
        engine,
        replay: None,
    });
    world.insert_resource(viewer);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        play_at_pace
            .run_if(battle_on_table)
            .run_if(resource_exists::<Viewer>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        viewer_window
            .run_if(battle_on_table)
            .run_if(resource_exists::<Viewer>),
    );
    app.add_systems(OnExit(Screen::Battle), stop_watching);
}

fn stop_watching(mut commands: Commands, viewer: Option<Res<Viewer>>) {
    if viewer.is_some() {
        commands.remove_resource::<Viewer>();
    }
}

/// Shows the battle at the viewer's step.
fn show_step(world: &mut World, step: usize) {
    let engine = {
        let mut viewer = world.resource_mut::<Viewer>();
        viewer.at = step.min(viewer.last);
        viewer.engine_at(viewer.at)
    };
    if let Some(engine) = engine {
        world.insert_resource(engine);
    }
}

fn play_at_pace(world: &mut World) {
    let delta = world.resource::<Time>().delta_secs();
    let next = {
        let mut viewer = world.resource_mut::<Viewer>();
        if !viewer.playing {
            return;
        }
        if viewer.at >= viewer.last {
            viewer.playing = false;
            return;
        }
        viewer.waited += delta;
        if viewer.waited < viewer.pace {
            return;
        }
        viewer.waited = 0.0;
        viewer.at + 1
    };
    show_step(world, next);
}

/// What the player asked of the viewer this frame.
enum ViewerAsk {
    Show(usize),
    TakeOver,
    Leave,
}

fn viewer_window(
    mut contexts: EguiContexts,
    mut viewer: ResMut<Viewer>,
    engine: Res<Engine>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ask = None;
    egui::Window::new("Replay")
        .collapsible(true)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
        .show(ctx, |ui| {
            let (at, last) = (viewer.at, viewer.last);
            ui.label(format!(
                "Step {at} of {last}, round {}",
                viewer.round_at(at).max(1)
            ));
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(at > 0, egui::Button::new("|<"))
                    .on_hover_text("The start")
                    .clicked()
                {
                    ask = Some(ViewerAsk::Show(0));
                }
                if ui
                    .add_enabled(at > 0, egui::Button::new("< Back"))
                    .clicked()
                {
                    ask = Some(ViewerAsk::Show(at - 1));
                }
                let play = if viewer.playing { "Pause" } else { "Play" };
                if ui.add_enabled(at < last, egui::Button::new(play)).clicked() {
                    viewer.playing = !viewer.playing;
                }
                if ui
                    .add_enabled(at < last, egui::Button::new("Forward >"))
                    .clicked()
                {
                    ask = Some(ViewerAsk::Show(at + 1));
                }
                if ui
                    .add_enabled(at < last, egui::Button::new(">|"))
                    .on_hover_text("The end")
                    .clicked()
                {
                    ask = Some(ViewerAsk::Show(last));
                }
            });
            ui.horizontal(|ui| {
                ui.label("Round:");
                let now = viewer.round_at(at).max(1);
                for round in viewer.rounds() {
                    if ui
                        .selectable_label(round == now, round.to_string())
                        .clicked()
                    {
                        ask = Some(ViewerAsk::Show(viewer.first_step_of(round)));
                    }
                }
            });
            ui.add(
                egui::Slider::new(&mut viewer.pace, 0.1..=3.0)
                    .text("seconds per step")
                    .fixed_decimals(1),
            );
            if let Some(outcome) = engine.state().battle.outcome_in_words() {
                ui.label(egui::RichText::new(format!("The battle ended. {outcome}")).strong());
            }
            ui.separator();
            ui.label(egui::RichText::new("Take over from here").strong());
            let names = viewer.side_names();
            for (side, name) in names.iter().enumerate() {
                let Some(seat) = viewer.take_over.get_mut(side) else {
                    continue;
                };
                egui::ComboBox::from_label(name)
                    .selected_text(seat.to_string())
                    .show_ui(ui, |ui| {
                        ui.selectable_value(seat, Seat::Human, "Human");
                        for level in AiLevel::MENU {
                            ui.selectable_value(seat, Seat::Ai(level), Seat::Ai(level).to_string());
                        }
                    });
            }
            ui.horizontal(|ui| {
                if ui.button("Play on from this step").clicked() {
                    ask = Some(ViewerAsk::TakeOver);
                }
                if ui.button("Leave the replay").clicked() {
                    ask = Some(ViewerAsk::Leave);
                }
            });
        });
    match ask {
        Some(ViewerAsk::Show(step)) => {
            viewer.playing = false;
            commands.queue(move |world: &mut World| show_step(world, step));
        }
        Some(ViewerAsk::TakeOver) => match viewer.take_over() {
            Ok(prepared) => {
                let seats = viewer.take_over.clone();
                commands.queue(move |world: &mut World| take_over(world, prepared, seats));
            }
            Err(message) => commands.insert_resource(SaveNotice {
                message: Some(message),
                fallback: None,
            }),
        },
        Some(ViewerAsk::Leave) => commands.queue(|world: &mut World| {
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        }),
        None => {}
    }
    Ok(())
}

/// Ends the viewing and plays on from the step shown as a new battle.
fn take_over(world: &mut World, prepared: PreparedBattle, seats: Vec<Seat>) {
    world.remove_resource::<Viewer>();
    let humans = seats.iter().filter(|s| **s == Seat::Human).count();
    {
        let mut setup = world.resource_mut::<MatchSetup>();
        setup.seats = seats;
        setup.handover = humans > 1;
    }
    // The same level is on the table already: only the battle changes.
    world.insert_resource(prepared.engine);
    world.insert_resource(crate::battle::command::CommandQueue::default());
    super::screens::keep_replay(world, prepared.replay);
}
