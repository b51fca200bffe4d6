//! The windowed game: menus, the 15mm table in 3D, the egui HUD, and the
//! seats (human or AI) of each side. `main.rs` starts it through [`run`].
//!
//! In layers, top to bottom (the suite's `layers` test holds them):
//! - the tools: [`headless`] play, the screenshot, the test battles;
//! - hot reload while playtesting;
//! - [`screens`]: the rooms, each a plugin;
//! - the AI's seats, and the [`sound`] of the table;
//! - [`table`]: the 3D table, its figures, marks, camera and picking;
//! - [`hud`]: the turn at hand, the selection and the orders given;
//! - [`session`]: what is kept between rooms (the battle to start, saves,
//!   undo, preferences, the replay watched, the lesson coached);
//! - [`stage`] (the screens' states and shared run conditions), input, the
//!   order menus ([`orders`]), assets and the level's picture.

mod ai_driver;
mod assets;
pub mod by_file;
pub mod headless;
mod hot_reload;
pub mod hud;
mod input;
mod level_preview;
#[cfg(test)]
mod loading_tests;
pub mod mirror;
pub mod online;
pub mod orders;
pub mod play_args;
pub mod screens;
mod screenshot;
pub mod session;
pub mod sound;
pub mod stage;
pub mod steps;
pub mod table;
#[cfg(test)]
mod test_battles;
#[cfg(test)]
mod test_engines;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use bevy::asset::io::AssetSourceBuilder;
use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::diagnostic::FrameTimeDiagnosticsPlugin;
use bevy::prelude::*;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::ai::AiLevel;
use crate::data::load_ruleset;
use crate::level::load_level;
use crate::seat::{level_seats, seats_for};
use play_args::PlayArgs;
use session::match_setup::{LevelFolder, LevelLibrary, MatchSetup, fresh_seed};
use session::play_settings::PlaySettings;

use stage::Screen;

/// The data folder, the levels folder level select lists, and the folder
/// of the level named on the command line, each made absolute (asset
/// sources resolve relative paths against the executable's folder). A level
/// named from another folder plays from there, and level select still lists
/// the game's own levels (or, run away from them, that folder's).
pub fn game_folders(
    data_dir: &Path,
    level: Option<&Path>,
) -> Result<(PathBuf, PathBuf, PathBuf), String> {
    let named_dir = level.map(|level| match level.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    });
    let named_dir = named_dir.map(|dir| std::fs::canonicalize(&dir).map_err(|_| dir));
    let levels_dir = std::fs::canonicalize(crate::content::path("levels"));
    match (std::fs::canonicalize(data_dir), levels_dir, named_dir) {
        (Ok(data), Ok(levels), None) => Ok((data, levels.clone(), levels)),
        (Ok(data), Ok(levels), Some(Ok(named))) => Ok((data, levels, named)),
        (Ok(data), Err(_), Some(Ok(named))) => Ok((data, named.clone(), named)),
        (Ok(_), _, Some(Err(dir))) => Err(format!(
            "{}:1:1: cannot find the level's folder",
            dir.display()
        )),
        (Ok(_), Err(_), None) => Err("levels:1:1: cannot find the levels folder".to_string()),
        (Err(_), _, _) => Err(format!(
            "{}:1:1: cannot find the data folder",
            data_dir.display()
        )),
    }
}

/// Starts the game window: on the title screen, or straight into a battle
/// when a level is named.
/// `play --headless --connect ADDR`: the AI plays a seat over the network.
fn run_network_client(addr: &str, args: &PlayArgs, ruleset: crate::data::Ruleset) -> ExitCode {
    use crate::net::headless::{ClientPlan, Join, run_client};
    let side = args.seat.map_or(0, |n| n as usize - 1);
    let join = match (args.game, &args.level) {
        (Some(game), _) if args.watch => Join::Watch { game },
        (Some(game), _) => Join::Seat { game, side },
        (None, Some(path)) => {
            let level_text = match crate::files::read_text(path, crate::files::FileKind::Level) {
                Ok(text) => text,
                Err(problem) => {
                    eprintln!("{problem}");
                    return ExitCode::FAILURE;
                }
            };
            Join::Create {
                level_file: path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                level_text,
                sequence: args.sequence,
                side,
            }
        }
        (None, None) => {
            eprintln!("--connect needs a level to open a game on, or --game N to join one");
            return ExitCode::from(2);
        }
    };
    let plan = ClientPlan {
        addr: addr.to_string(),
        name: args.name.clone().unwrap_or_else(|| "Player".to_string()),
        join,
        password: args.password.clone(),
        ai: args.ai.unwrap_or_default(),
        token_file: args.token_file.clone(),
        record: args.record.clone(),
        give_up_after: args.give_up_after,
    };
    run_client(plan, Arc::new(ruleset))
}

pub fn run(data: Option<&Path>, args: PlayArgs) -> ExitCode {
    run_with(data, args, None)
}

/// `figures`: what is on the figure sheet (`--json`), and the sheet drawn
/// on the table (`--out`), with its look under each colour blindness
/// beside it (`--colour-blind`).
pub fn run_figures(data: Option<&Path>, args: &play_args::FiguresArgs) -> ExitCode {
    let ruleset = match load_ruleset(data) {
        Ok(ruleset) => ruleset,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    let mut sheet = match table::figure_sheet::FigureSheet::of(&ruleset) {
        Ok(sheet) => sheet,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        println!("{}", sheet.listing());
    }
    let Some(out) = &args.out else {
        return ExitCode::SUCCESS;
    };
    sheet.colour_blind = args.colour_blind.then(|| out.clone());
    let play = PlayArgs {
        screenshot: Some(out.clone()),
        graphics: args.graphics,
        mute: true,
        ..PlayArgs::default()
    };
    run_with(data, play, Some(sheet))
}

/// `campaign roster SAVE --out PNG`: the warband's cards of a campaign save
/// drawn in the window and saved as a picture.
pub fn run_roster(data: Option<&Path>, save: &Path, out: &Path) -> ExitCode {
    let play = PlayArgs {
        screenshot: Some(out.to_path_buf()),
        mute: true,
        cards: Some(save.to_path_buf()),
        ..PlayArgs::default()
    };
    run_with(data, play, None)
}

fn run_with(
    data: Option<&Path>,
    args: PlayArgs,
    sheet: Option<table::figure_sheet::FigureSheet>,
) -> ExitCode {
    let data_dir = data
        .map(Path::to_path_buf)
        .unwrap_or_else(|| crate::content::path("assets/data"));
    if !data_dir.join("rules.ron").is_file() {
        eprintln!(
            "{}:1:1: no rules.ron in the data folder",
            data_dir.display()
        );
        return ExitCode::FAILURE;
    }
    // The level named is read as every file is (a pipe or a folder is
    // refused in its own words, before the window opens).
    if let Some(level) = &args.level
        && let Err(problem) = crate::files::read_text(level, crate::files::FileKind::Level)
    {
        eprintln!("{problem}");
        return ExitCode::FAILURE;
    }
    let (data_dir, levels_dir, named_dir) = match game_folders(&data_dir, args.level.as_deref()) {
        Ok(folders) => folders,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    // Broken data stops the game before its window opens: every level would
    // be unplayable, and the terminal shows each problem's place.
    let ruleset = match load_ruleset(Some(&data_dir)) {
        Ok(ruleset) => ruleset,
        Err(problems) => {
            eprintln!("{problems}");
            return ExitCode::FAILURE;
        }
    };
    // The player's own folder is made now, so the asset server can watch it.
    let own_levels_dir = crate::content::own_levels();
    if let Err(error) = std::fs::create_dir_all(&own_levels_dir) {
        eprintln!(
            "{}:1:1: cannot make the folder for your own levels: {error}",
            own_levels_dir.display()
        );
    }
    let library = LevelLibrary::scan(&levels_dir, Some(&own_levels_dir), Some(&ruleset));
    let lessons = screens::lessons::LessonLibrary::scan(
        &crate::content::path("lessons"),
        Some(Arc::new(ruleset.clone())),
    );
    let folder = if named_dir == levels_dir {
        LevelFolder::Library
    } else {
        LevelFolder::Named
    };
    let start = args
        .level
        .as_ref()
        .map(|level| match_from_args(level, &args, &ruleset, folder));
    let folder = session::saves::SaveFolder(
        args.saves
            .clone()
            .unwrap_or_else(session::saves::SaveFolder::platform_default),
    );
    if let Some(addr) = &args.connect {
        return run_network_client(addr, &args, ruleset);
    }
    if args.headless {
        let start = match (&args.level, &start) {
            (Some(path), Some(setup)) => headless::HeadlessStart::Level {
                path,
                folder: setup.folder,
                seed: setup.seed,
                seats: setup.seats.clone(),
                sequence: setup.sequence,
            },
            _ if args.resume => headless::HeadlessStart::Continue,
            _ => {
                eprintln!("--headless needs a level or --continue");
                return ExitCode::from(2);
            }
        };
        return headless::run_headless(&data_dir, folder, start);
    }
    let settings = PlaySettings {
        data_dir: data_dir.clone(),
        levels_dir: levels_dir.clone(),
        own_levels_dir: own_levels_dir.clone(),
        editor_dir: match crate::content::is_shipped() {
            true => own_levels_dir.clone(),
            false => levels_dir.clone(),
        },
        named_dir: named_dir.clone(),
        screenshot: args.screenshot.clone(),
        screenshot_after_actions: args.screenshot_after_actions,
        report_frame_time: args.frame_time,
    };

    let mut app = window_app([&data_dir, &levels_dir, &own_levels_dir, &named_dir]);
    app.insert_resource(session::saves::Autosaver::start(folder.clone()));
    app.insert_resource(folder);
    app.insert_resource(settings);
    app.insert_resource(library);
    app.insert_resource(lessons);
    app.add_plugins(plugin);
    app.insert_resource(sound::Muted(args.mute));
    app.insert_resource(table::light::GraphicsForThisRun(args.graphics));
    if let Some(sheet) = sheet {
        app.insert_resource(sheet);
    }
    if let Some(save) = &args.cards {
        app.insert_resource(screens::campaign::OpenCards(save.clone()));
    }
    let resume = args.resume.then(|| {
        app.world()
            .resource::<session::saves::SaveFolder>()
            .continue_from()
    });
    if let Some(replay) = &args.replay {
        screens::viewer::watch_file(app.world_mut(), replay);
    } else if let Some(resume) = resume {
        match resume {
            Some(path) => session::saves::open_saved(app.world_mut(), &path, None),
            None => eprintln!("no autosave to continue: starting on the title screen"),
        }
    } else if let Some(setup) = start {
        screens::loading::load_match(app.world_mut(), setup);
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The battle a command line names: its level file, the seats (the mode
/// given, else the level's own) and the seed (given, the level's, or fresh).
fn match_from_args(
    level: &Path,
    args: &PlayArgs,
    ruleset: &crate::data::Ruleset,
    folder: LevelFolder,
) -> MatchSetup {
    let level_file = level
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let parsed = load_level(level, ruleset).ok().map(|loaded| loaded.level);
    let parsed = parsed.as_ref();
    let ai = args.ai.unwrap_or(AiLevel::Normal);
    let (seats, seed) = match parsed {
        Some(level) => {
            let player_side = args
                .side
                .as_deref()
                .and_then(|id| level.side_index(id))
                .unwrap_or(0);
            let seats = match args.mode {
                Some(mode) => seats_for(level, mode, player_side, ai),
                None => level_seats(level, ai),
            };
            (seats, level.seed)
        }
        None => (Vec::new(), None),
    };
    MatchSetup {
        level_file,
        folder,
        seed: args.seed.or(seed).unwrap_or_else(fresh_seed),
        // Hot-seat asks for the hand-over between the players, as it does
        // when chosen on the title screen.
        handover: args.mode == Some(crate::seat::Mode::HotSeat),
        seats,
        sequence: args.sequence,
    }
}

/// The game's window and its asset sources: the data, the game's levels, the
/// player's own and the folder a named level is in.
fn window_app([data_dir, levels_dir, own_levels_dir, named_dir]: [&Path; 4]) -> App {
    let mut app = App::new();
    app.register_asset_source(
        assets::DATA_SOURCE,
        AssetSourceBuilder::platform_default(&data_dir.to_string_lossy(), None),
    );
    app.register_asset_source(
        assets::LEVEL_SOURCE,
        AssetSourceBuilder::platform_default(&levels_dir.to_string_lossy(), None),
    );
    app.register_asset_source(
        assets::OWN_SOURCE,
        AssetSourceBuilder::platform_default(&own_levels_dir.to_string_lossy(), None),
    );
    app.register_asset_source(
        assets::NAMED_SOURCE,
        AssetSourceBuilder::platform_default(&named_dir.to_string_lossy(), None),
    );
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Swift Swords".into(),
            resolution: (1280, 800).into(),
            ..default()
        }),
        ..default()
    }));
    app.add_plugins((EguiPlugin::default(), FrameTimeDiagnosticsPlugin::default()));
    // The UI camera carries egui's context; no other camera may take it (the
    // title's table camera is spawned before the UI camera).
    app.world_mut()
        .resource_mut::<EguiGlobalSettings>()
        .auto_create_primary_context = false;
    app
}

/// Everything of the game on top of Bevy's default plugins and egui.
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, spawn_ui_camera);
    app.init_resource::<session::match_setup::PlayedElsewhere>();
    app.add_systems(EguiPrimaryContextPass, dark_theme);
    app.add_systems(OnEnter(Screen::Battle), rest_backdrop);
    app.add_systems(OnExit(Screen::Battle), wake_backdrop);
    // Each folder adds its own children.
    app.add_plugins((
        (steps::plugin, mirror::plugin),
        input::plugin,
        assets::plugin,
        table::plugin,
        screens::plugin,
        session::plugin,
        ai_driver::plugin,
        screenshot::plugin,
        hot_reload::plugin,
        sound::plugin,
        online::plugin,
        by_file::plugin,
    ));
}

/// The camera that clears the window behind the menus. The battle screen's
/// table camera clears the whole window itself, so the backdrop rests there.
#[derive(Component)]
struct Backdrop;

fn rest_backdrop(mut backdrop: Single<&mut Camera, With<Backdrop>>) {
    backdrop.is_active = false;
}

fn wake_backdrop(mut backdrop: Single<&mut Camera, With<Backdrop>>) {
    backdrop.is_active = true;
}

/// The colour behind the menus.
const MENU_BACKGROUND: Color = Color::srgb(0.12, 0.1, 0.08);

/// Two cameras that last for the whole game: a backdrop that clears the
/// window on every screen, and one for egui drawn over everything (the
/// table's camera renders between them on the battle screen).
///
/// All three draw into one shared texture, and only the last copies it to the
/// window ([`CameraOutputMode::Skip`] on the others): each copy of the whole
/// window costs a software renderer several milliseconds.
fn spawn_ui_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(MENU_BACKGROUND),
            output_mode: CameraOutputMode::Skip,
            ..default()
        },
        RenderLayers::none(),
        // Cameras drawing to one window must agree on multisampling.
        Msaa::Off,
        Backdrop,
        Name::new("Backdrop camera"),
    ));
    commands.spawn((
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        RenderLayers::none(),
        Msaa::Off,
        PrimaryEguiContext,
        Name::new("UI camera"),
    ));
}

/// The dark theme whatever the system's: the battle HUD's panels show the
/// table camera's clear colour, which matches egui's dark panels.
fn dark_theme(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        contexts.ctx_mut()?.set_theme(egui::Theme::Dark);
        *done = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_named_from_another_folder_plays_from_there_and_level_select_lists_the_games_own() {
        let scratch = crate::scratch::Scratch::new("named");
        let elsewhere = scratch.path().to_path_buf();
        let level = elsewhere.join("mine.ron");
        std::fs::write(&level, "(").expect("a level file");
        let ours = std::fs::canonicalize("levels").expect("the game's levels");
        let (_, listed, named) =
            game_folders(Path::new("assets/data"), Some(&level)).expect("the folders");
        assert_eq!(listed, ours);
        assert_eq!(named, std::fs::canonicalize(&elsewhere).expect("canonical"));
        let (_, listed, named) =
            game_folders(Path::new("assets/data"), Some(Path::new("levels/duel.ron")))
                .expect("the folders");
        assert_eq!((listed, named), (ours.clone(), ours));
        let missing = game_folders(Path::new("no/such/data"), None).expect_err("no data");
        assert_eq!(missing, "no/such/data:1:1: cannot find the data folder");
    }
}
