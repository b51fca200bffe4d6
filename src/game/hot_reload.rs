//! Hot reload while playtesting. Bevy's file watcher reloads the level
//! being played and the data when their files are saved; each change is
//! checked at once. Problems are shown with their `file:line:col` and the
//! battle on screen stays as it was. A valid change begins the battle again
//! on the new files, with the same seed and seats, gives its commands again
//! while the rules accept them, and says where it stopped. On the error
//! screen, a saved fix starts the battle.

use std::time::Instant;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::assets::{DataFile, LevelFile, TableAssets};
use crate::game::screens::loading::{LoadErrors, load_match, loaded_level};
use crate::game::session::coaching::Coaching;
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::saves::{Playtesting, SeparateAutosave};
use crate::game::session::watching::Viewer;
use crate::game::stage::Screen;
use crate::game::stage::battle_on_table;
use crate::replay::Replay;

/// A change to the level or the data has arrived and waits to be taken up:
/// when it was reported, and which files changed.
#[derive(Resource, Debug, Default)]
struct ChangeArrived {
    since: Option<Instant>,
    level: bool,
    data: bool,
}

/// What the last hot reload did, shown over the battle until dismissed.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct ReloadNotice {
    /// The lines to show: the problems, or what was given again.
    pub lines: Vec<String>,
    /// Whether the change was taken up (else the battle stayed as it was).
    pub taken: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ChangeArrived>();
    app.init_resource::<ReloadNotice>();
    app.add_systems(Update, (notice_changes, take_up_change).chain());
    app.add_systems(OnEnter(Screen::Title), forget_notice);
    app.add_systems(OnEnter(Screen::Setup), forget_notice);
    app.add_systems(
        EguiPrimaryContextPass,
        reload_window.run_if(battle_on_table),
    );
}

/// Notes a change to the battle's own level or data files: those loaded
/// for the battle being set up (a battle opened from a save, a lesson or
/// the editor may have loaded none).
fn notice_changes(
    mut levels: MessageReader<AssetEvent<LevelFile>>,
    mut data: MessageReader<AssetEvent<DataFile>>,
    assets: Option<Res<TableAssets>>,
    setup: Option<Res<MatchSetup>>,
    server: Res<AssetServer>,
    mut arrived: ResMut<ChangeArrived>,
) {
    let loaded_for_setup = |assets: &TableAssets, setup: &MatchSetup| {
        server
            .get_path(assets.level.id())
            .is_some_and(|path| path.to_string() == setup.asset_path())
    };
    let (Some(assets), Some(_)) = (
        assets.as_ref(),
        setup.filter(|setup| assets.as_ref().is_some_and(|a| loaded_for_setup(a, setup))),
    ) else {
        levels.clear();
        data.clear();
        return;
    };
    let level = levels.read().any(|e| e.is_modified(assets.level.id()));
    let data = data.read().any(|e| e.is_modified(assets.ruleset.id()));
    if level || data {
        arrived.since.get_or_insert_with(Instant::now);
        arrived.level |= level;
        arrived.data |= data;
    }
}

/// Takes up a change that arrived: on the battle screen, begins the battle
/// again or shows why not; on the error screen, starts the battle once the
/// files are fixed, or lists their problems now.
fn take_up_change(world: &mut World) {
    let arrived = std::mem::take(&mut *world.resource_mut::<ChangeArrived>());
    let Some(since) = arrived.since else {
        return;
    };
    let screen = *world.resource::<State<Screen>>().get();
    match screen {
        Screen::LoadFailed => match loaded_level(world) {
            Ok(_) => {
                let setup = world.resource::<MatchSetup>().clone();
                load_match(world, setup);
            }
            Err(problems) if !problems.is_empty() => {
                world.resource_mut::<LoadErrors>().0 = problems
            }
            Err(_) => {}
        },
        // A replay watched, a lesson, a playtest of the editor's draft and
        // a campaign's battle play as they were recorded and written.
        Screen::Battle
            if !world.contains_resource::<Viewer>()
                && !world.contains_resource::<Coaching>()
                && !world.contains_resource::<Playtesting>()
                && !world.contains_resource::<SeparateAutosave>() =>
        {
            let notice = begin_again(world, &arrived);
            if notice.taken {
                // For measuring the latency from a save (the watcher waits
                // 300 ms for a file's writes to settle before it reports).
                let wall = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0.0, |d| d.as_secs_f64());
                println!(
                    "hot reload: taken up at {wall:.3} s, {:.0} ms after the change was reported",
                    since.elapsed().as_secs_f64() * 1e3
                );
            }
            world.insert_resource(notice);
        }
        _ => {}
    }
}

/// Begins the battle again on the changed files, or says why it stays.
fn begin_again(world: &mut World, arrived: &ChangeArrived) -> ReloadNotice {
    let (ruleset, file, level) = match loaded_level(world) {
        Ok(loaded) => loaded,
        Err(problems) => {
            let mut lines =
                vec!["The files have problems; the battle stays as it was:".to_string()];
            lines.extend(problems);
            return ReloadNotice {
                lines,
                taken: false,
            };
        }
    };
    let Some(old) = world.get_resource::<Replay>().cloned() else {
        return ReloadNotice::default();
    };
    let (mut replay, engine, refused) = old.begun_again(&file.text, &level, ruleset);
    replay.saved_at = crate::replay::now();
    let (given, of) = (replay.steps(), old.steps());
    let what = match (arrived.level, arrived.data) {
        (true, true) => format!("{} and the game's data were", level.name),
        (false, true) => "The game's data was".to_string(),
        _ => format!("{} was", level.name),
    };
    let mut lines = vec![format!(
        "{what} changed: the battle began again with the same seed."
    )];
    lines.push(match refused {
        None if of == 1 => "The one command was given again.".to_string(),
        None => format!("All {of} commands were given again."),
        Some(refused) => {
            format!("{given} of {of} commands were given again; it stopped at {refused}.")
        }
    });
    world.insert_resource(PreparedBattle {
        engine,
        replay: Some(replay),
    });
    // Through the loading screen, so the table is drawn anew for the level.
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Loading);
    ReloadNotice { lines, taken: true }
}

/// A reload's notice lasts through the loading screen it passes, until
/// the menus.
fn forget_notice(mut notice: ResMut<ReloadNotice>) {
    *notice = ReloadNotice::default();
}

/// The last reload's notice, until dismissed.
fn reload_window(mut contexts: EguiContexts, mut notice: ResMut<ReloadNotice>) -> Result {
    if notice.lines.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let colour = if notice.taken {
        egui::Color32::LIGHT_GREEN
    } else {
        egui::Color32::LIGHT_RED
    };
    egui::Window::new("Hot reload")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -190.0))
        .show(ctx, |ui| {
            for line in &notice.lines {
                ui.colored_label(colour, line);
            }
            if ui.button("Close").clicked() {
                notice.lines.clear();
            }
        });
    Ok(())
}
