//! The replay viewer: a recorded battle on the table, one command at a time,
//! forward and back, by round, or played at a chosen pace; the table, the
//! HUD and the log show the battle as it stood at that step. "Take over from
//! here" goes on from that step as a new battle with the seats chosen.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::match_setup::{LevelFolder, MatchSetup};
use crate::game::session::saves::SaveNotice;
use crate::game::session::watching::Viewer;
use crate::game::stage::Screen;
use crate::game::stage::battle_on_table;
use crate::game::steps::{CommandQueue, Origin, Pending};
use crate::level::Level;
use crate::replay::Replay;
use crate::seat::Seat;

/// Opens a replay (or save) file in the viewer.
pub fn watch_file(world: &mut World, path: &Path) {
    let data_dir = world
        .resource::<crate::game::session::play_settings::PlaySettings>()
        .data_dir
        .clone();
    let opened = Replay::read(path)
        .map_err(|p| p.to_string())
        .and_then(|replay| {
            let ruleset = crate::data::load_ruleset(Some(&data_dir)).map_err(|p| p.to_string())?;
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
        sequence: None,
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

pub(crate) fn plugin(app: &mut App) {
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
/// Shows the battle at `step`: the next step plays on the table as any
/// battle's does (through the stream of steps, its events told and
/// heard); any other is set on the table at once.
fn show_step(world: &mut World, step: usize) {
    let (next, engine) = {
        let mut viewer = world.resource_mut::<Viewer>();
        let step = step.min(viewer.last);
        let next = (step == viewer.at + 1)
            .then(|| viewer.replay.record.steps.get(viewer.at))
            .flatten()
            .map(|taken| taken.command.clone());
        viewer.at = step;
        let engine = next.is_none().then(|| viewer.engine_at(step)).flatten();
        (next, engine)
    };
    if let Some(command) = next {
        world.resource_mut::<CommandQueue>().0.push_back(Pending {
            command,
            salt: None,
            origin: Origin::Replay,
        });
    } else if let Some(engine) = engine {
        world.insert_resource(engine);
        world.resource_mut::<CommandQueue>().0.clear();
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
            if let Some(outcome) = engine.state().battle().outcome_in_words() {
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
    world.insert_resource(CommandQueue::default());
    crate::game::screens::loading::keep_replay(world, prepared.replay);
}
