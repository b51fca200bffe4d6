//! The windows of saves and replays: the list to load or watch (level,
//! round and date of each), the name to save under, and the notice when a
//! save could not be opened, with what to fall back on. The title screen,
//! the pause menu and the results screen share them.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::screens::viewer::watch_file;
use crate::game::session::saves::RedoStack;
use crate::game::session::saves::{
    FallbackSteps, SaveEntry, SaveFolder, SaveNotice, date_of, file_name_for, list_saves,
    open_saved,
};
use crate::game::session::watching::Viewer;
use crate::replay::Replay;

/// What the battle HUD needs of saves, replays and undo.
#[derive(SystemParam)]
pub struct Keeping<'w> {
    pub replay: Option<Res<'w, Replay>>,
    /// A battle started from the level editor.
    pub playtest: Option<Res<'w, crate::game::session::saves::Playtesting>>,
    /// A battle kept in its own folder (a campaign's, a game by file's).
    pub separate: Option<Res<'w, crate::game::session::saves::SeparateAutosave>>,
    pub by_file: Option<Res<'w, crate::game::by_file::ByFileLink>>,
    pub online: Option<Res<'w, crate::game::online::OnlineLink>>,
    pub viewer: Option<Res<'w, Viewer>>,
    pub browser: ResMut<'w, SaveBrowser>,
    pub notice: ResMut<'w, SaveNotice>,
    pub fallback: Res<'w, FallbackSteps>,
    pub redo: Res<'w, RedoStack>,
    pub folder: Res<'w, SaveFolder>,
}

/// Which list is open, and its entries as read when it opened.
#[derive(Resource, Debug, Clone, Default)]
pub struct SaveBrowser {
    pub open: Option<Browse>,
    pub entries: Vec<SaveEntry>,
    /// The name typed for a new save, or the path of a replay to watch.
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Browse {
    /// Saved battles, to play on.
    Load,
    /// Replays and saved battles, to watch.
    Watch,
    /// A name to save the battle under.
    Save,
}

impl SaveBrowser {
    /// Opens a list, reading the folder once.
    pub fn show(&mut self, browse: Browse, folder: &SaveFolder) {
        self.entries = list_saves(&folder.0);
        if browse == Browse::Watch {
            self.entries.extend(list_saves(&folder.replays()));
        }
        self.open = Some(browse);
    }
}

/// Draws the open list, if any, and does what the player picked.
pub fn browser_window(
    ctx: &egui::Context,
    browser: &mut SaveBrowser,
    default_name: &str,
    commands: &mut Commands,
) {
    let Some(browse) = browser.open else {
        return;
    };
    let title = match browse {
        Browse::Load => "Load a saved battle",
        Browse::Watch => "Watch a replay",
        Browse::Save => "Save the battle",
    };
    let mut close = false;
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(480.0)
        .show(ctx, |ui| {
            if browse == Browse::Save {
                if browser.name.is_empty() {
                    browser.name = default_name.to_string();
                }
                ui.horizontal(|ui| {
                    ui.label("Name:");
                    ui.text_edit_singleline(&mut browser.name);
                });
                if ui.button("Save").clicked() {
                    let name = browser.name.clone();
                    commands.queue(move |world: &mut World| save_named(world, &name));
                    close = true;
                }
                ui.separator();
                ui.label(egui::RichText::new("Saved so far").weak());
            }
            if browse == Browse::Watch {
                ui.horizontal(|ui| {
                    ui.label("A replay file:");
                    ui.text_edit_singleline(&mut browser.name);
                    if ui.button("Watch").clicked() && !browser.name.trim().is_empty() {
                        let path = PathBuf::from(browser.name.trim());
                        commands.queue(move |world: &mut World| watch_file(world, &path));
                        close = true;
                    }
                });
                ui.separator();
            }
            if browser.entries.is_empty() {
                ui.label("Nothing saved yet.");
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    egui::Grid::new("saves").striped(true).show(ui, |ui| {
                        for entry in &browser.entries {
                            let picked = save_row(ui, entry, browse);
                            if picked {
                                let path = entry.path.clone();
                                commands.queue(move |world: &mut World| match browse {
                                    Browse::Watch => watch_file(world, &path),
                                    _ => open_saved(world, &path, None),
                                });
                                close = true;
                            }
                            ui.end_row();
                        }
                    });
                });
            if ui.button("Close").clicked() {
                close = true;
            }
        });
    if close {
        browser.open = None;
        browser.name.clear();
    }
}

/// One save in the list; whether it was picked.
fn save_row(ui: &mut egui::Ui, entry: &SaveEntry, browse: Browse) -> bool {
    ui.label(egui::RichText::new(&entry.name).strong());
    match &entry.summary {
        Ok((level, round)) => {
            ui.label(format!("{level}, round {round}"));
            ui.label(date_of(entry.saved_at));
            let verb = if browse == Browse::Watch {
                "Watch"
            } else {
                "Load"
            };
            browse != Browse::Save && ui.button(verb).clicked()
        }
        Err(problem) => {
            ui.colored_label(egui::Color32::LIGHT_RED, "cannot be read")
                .on_hover_text(problem);
            ui.label("");
            false
        }
    }
}

/// Writes the battle's replay as a named save.
fn save_named(world: &mut World, name: &str) {
    let folder = world.resource::<SaveFolder>().clone();
    let Some(mut replay) = world.get_resource::<Replay>().cloned() else {
        return;
    };
    replay.saved_at = crate::replay::now();
    let path = folder.0.join(file_name_for(name));
    let message = match replay.write_atomic(&path) {
        Ok(()) => format!("Saved as \"{}\".", name.trim()),
        Err(error) => format!(
            "The battle could not be saved in {}: {error}",
            path.display()
        ),
    };
    world.insert_resource(SaveNotice {
        message: Some(message),
        fallback: None,
    });
}

/// Shows the notice about saves, if any, with its way out: the previous
/// autosave, or going on from the last step that played the same.
pub fn notice_window(
    ctx: &egui::Context,
    notice: &mut SaveNotice,
    fallback_steps: &FallbackSteps,
    commands: &mut Commands,
) {
    let Some(message) = notice.message.clone() else {
        return;
    };
    let mut close = false;
    egui::Window::new("Saves")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -60.0))
        .max_width(520.0)
        .show(ctx, |ui| {
            ui.label(&message);
            ui.horizontal(|ui| {
                if let Some(previous) = notice.fallback.clone()
                    && ui.button("Open the previous autosave").clicked()
                {
                    commands.queue(move |world: &mut World| open_saved(world, &previous, None));
                    close = true;
                }
                if let Some((path, held)) = fallback_steps.0.clone()
                    && ui.button(format!("Go on from step {held}")).clicked()
                {
                    commands.queue(move |world: &mut World| open_saved(world, &path, Some(held)));
                    close = true;
                }
                if ui.button("OK").clicked() {
                    close = true;
                }
            });
        });
    if close {
        *notice = SaveNotice::default();
        commands.insert_resource(FallbackSteps::default());
    }
}

/// The file the results screen keeps a finished battle's replay in.
pub fn replay_file_for(folder: &SaveFolder, replay: &Replay) -> PathBuf {
    let stem: String = replay
        .level_name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    // Named by the date it was kept, to the second, as a player reads it.
    let when = date_of(replay.saved_at)
        .trim_end_matches(" UTC")
        .replace(' ', "_")
        .replace(':', "-");
    folder.replays().join(format!(
        "{stem}-seed-{}-{when}-{:02}.ron",
        replay.seed,
        replay.saved_at % 60
    ))
}
