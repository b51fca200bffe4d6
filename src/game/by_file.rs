//! A game by file on the table (docs/NETWORK.md): the other side is played
//! elsewhere, so its combatants take no orders here. A turn file just taken
//! in plays its new steps one by one, as the other player gave them; then
//! the player plays their turn, and once it passes writes the file to send.
//! The game autosaves into its own folder, never into Continue's.

use std::collections::VecDeque;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::engine::Engine;
use crate::battle::record::Step;
use crate::game::session::match_setup::{
    LevelFolder, MatchSetup, PlayedElsewhere, PreparedBattle, to_the_table,
};
use crate::game::session::saves::{Autosaver, SaveFolder, SeparateAutosave};
use crate::game::stage::{Screen, battle_on_table};
use crate::game::steps::{CommandQueue, Origin, Pending, RulesSet};
use crate::net::by_file::{FileGame, FileGameMeta, SIDES, Turn};
use crate::replay::Replay;
use crate::seat::Seat;

/// Seconds between the other player's steps as they are shown.
const STEP_SECONDS: f32 = 1.0;

/// Where games by file are kept, a folder each, and the turn files
/// written to send.
pub fn games_folder() -> PathBuf {
    crate::files::data_dir().join("by-file")
}

pub fn outbox_folder() -> PathBuf {
    games_folder().join("to send")
}

/// Where turn files received may be put to be found.
pub fn received_folder() -> PathBuf {
    games_folder().join("received")
}

/// The game by file on the table.
#[derive(Resource)]
pub struct ByFileLink {
    pub meta: FileGameMeta,
    /// The game's folder.
    pub dir: PathBuf,
    /// The other player's steps still to show.
    pending: VecDeque<Step>,
    /// The game with every step taken in, kept if the player leaves before
    /// they are all shown.
    whole: Replay,
    since_step: f32,
    /// Shows the steps left one a frame (the record takes one a frame).
    hurry: bool,
    /// The turn file last written, or why it could not be.
    pub written: Option<Result<PathBuf, String>>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_their_steps
            .before(RulesSet::Resolve)
            .run_if(battle_on_table)
            .run_if(resource_exists::<ByFileLink>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        by_file_panel
            .run_if(battle_on_table)
            .run_if(resource_exists::<ByFileLink>),
    );
    app.add_systems(OnEnter(Screen::Title), leave_the_game);
    app.add_systems(OnEnter(Screen::ByFile), leave_the_game);
}

/// Puts a game by file on the table at step `shown`, its later steps (the
/// other player's, just taken in) to be shown one by one.
pub fn enter_file_battle(
    world: &mut World,
    dir: PathBuf,
    game: FileGame,
    shown: usize,
) -> Result<(), String> {
    let ruleset = world
        .resource::<crate::game::session::match_setup::LevelLibrary>()
        .ruleset
        .clone()
        .ok_or("the game's data could not be loaded")?;
    let level = game
        .replay
        .level(&dir, &ruleset)
        .map_err(|problems| problems.to_string())?;
    let engine = game
        .replay
        .rebuild(&level, ruleset, shown)
        .map_err(|divergence| format!("the game kept here does not play: {divergence}"))?;
    let mut replay = game.replay.clone();
    let pending: VecDeque<Step> = replay.record.steps.split_off(shown).into();
    replay.round = engine.state().battle().round;
    world.insert_resource(PlayedElsewhere(vec![SIDES - 1 - game.meta.side]));
    world.insert_resource(SeparateAutosave(Autosaver::start(SaveFolder(dir.clone()))));
    world.insert_resource(ByFileLink {
        meta: game.meta,
        dir,
        pending,
        whole: game.replay.clone(),
        since_step: 0.0,
        hurry: false,
        written: None,
    });
    let setup = MatchSetup {
        level_file: game.replay.level_file.clone(),
        folder: LevelFolder::Named,
        seed: game.replay.seed,
        seats: vec![Seat::Human; SIDES],
        handover: false,
        sequence: Some(game.replay.sequence),
    };
    let prepared = PreparedBattle {
        engine,
        replay: Some(replay),
    };
    to_the_table(world, setup, prepared);
    Ok(())
}

/// Leaving the table: the game is written whole (its steps not yet shown
/// too), and its autosave closed.
fn leave_the_game(world: &mut World) {
    let Some(link) = world.remove_resource::<ByFileLink>() else {
        return;
    };
    if let Some(saver) = world.remove_resource::<SeparateAutosave>() {
        if !link.pending.is_empty() {
            saver.0.save(link.whole);
        }
        if let Err(problem) = saver.0.finish() {
            eprintln!("{problem}");
        }
    }
    world.insert_resource(PlayedElsewhere::default());
}

/// The other player's steps, one a second, as any battle's: their events
/// play and the autosave follows.
fn show_their_steps(world: &mut World) {
    let delta = world.resource::<Time>().delta_secs();
    let Some(mut link) = world.remove_resource::<ByFileLink>() else {
        return;
    };
    link.since_step += delta;
    if (link.hurry || link.since_step >= STEP_SECONDS)
        && let Some(step) = link.pending.pop_front()
    {
        link.since_step = 0.0;
        show_step(world, &step);
    }
    world.insert_resource(link);
}

/// A step taken in joins the battle's stream of steps, as the other player
/// gave it.
fn show_step(world: &mut World, step: &Step) {
    world.resource_mut::<CommandQueue>().0.push_back(Pending {
        command: step.command.clone(),
        salt: None,
        origin: Origin::TurnFile,
    });
}

impl ByFileLink {
    /// Writes the turn file of the game on the table, `replay` as it stands,
    /// and keeps where it went or why it could not.
    pub fn write_turn(&mut self, replay: Replay) {
        let game = FileGame {
            meta: self.meta.clone(),
            replay,
        };
        self.written = Some(write_turn(&game));
    }
}

/// Writes the turn file of `game` into the folder of files to send.
pub fn write_turn(game: &FileGame) -> Result<PathBuf, String> {
    let path = outbox_folder().join(game.file_name());
    let text = game
        .outgoing()
        .to_ron()
        .map_err(|error| error.to_string())?;
    crate::files::write_keeping_previous(&path, &text)
        .map(|()| path.clone())
        .map_err(|error| format!("{} could not be written: {error}", path.display()))
}

/// The game's panel: who plays what, the steps being shown, and the turn
/// file to send once the turn has passed.
fn by_file_panel(
    mut contexts: EguiContexts,
    mut link: ResMut<ByFileLink>,
    engine: Res<Engine>,
    replay: Option<Res<Replay>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = match &link.meta.opponent {
        Some(name) => format!("Game by file with {name}"),
        None => "Game by file".to_string(),
    };
    let opponent = link
        .meta
        .opponent
        .clone()
        .unwrap_or_else(|| "the other player".to_string());
    let state = engine.state();
    let turn = link.meta.turn(&engine);
    let mut write = false;
    let mut show_all = false;
    egui::Window::new(title)
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(300.0)
        .show(ctx, |ui| {
            ui.label(format!(
                "You play {}, as {}.",
                state.battle().sides[link.meta.side].name,
                link.meta.player
            ));
            if !link.pending.is_empty() {
                ui.label(format!(
                    "Showing {opponent}'s turn: {} more step(s).",
                    link.pending.len()
                ));
                if ui.button("Show them all at once").clicked() {
                    show_all = true;
                }
                return;
            }
            match turn {
                Turn::Mine => {
                    ui.label(format!("Your turn. Once it passes to {opponent}, send it."));
                }
                Turn::Theirs => {
                    ui.label(format!(
                        "Your turn is done. Write the turn file and send it to {opponent} \
                         (by mail, a chat or a shared folder)."
                    ));
                }
                Turn::Over => {
                    ui.label(format!(
                        "The battle is over. Send the last turn to {opponent}."
                    ));
                }
            }
            let button = egui::Button::new("Write the turn file");
            if ui.add_enabled(turn != Turn::Mine, button).clicked() {
                write = true;
            }
            match &link.written {
                Some(Ok(path)) => {
                    ui.label(format!("Written: {}", path.display()));
                    if ui.button("Copy the path").clicked() {
                        ui.ctx().copy_text(path.display().to_string());
                    }
                }
                Some(Err(problem)) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, problem);
                }
                None => {}
            }
        });
    if write {
        let replay = replay.as_deref().unwrap_or(&link.whole).clone();
        link.write_turn(replay);
    }
    if show_all {
        link.hurry = true;
    }
    Ok(())
}
