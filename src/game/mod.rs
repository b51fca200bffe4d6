//! The windowed game. Until the full tabletop view lands it shows the
//! level's tiles and figures plainly, with a text panel of the battle.

mod ai_driver;
mod assets;
mod hud;
mod screens;
mod screenshot;
mod view;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;

use crate::cli::PlayArgs;

pub use screens::Screen;

/// What the player asked for on the command line.
#[derive(Resource, Debug, Clone)]
pub struct PlaySettings {
    /// The level's file name inside its folder (the `table` asset source).
    pub level_file: String,
    pub level_path: PathBuf,
    pub seed: Option<u64>,
    pub screenshot: Option<PathBuf>,
}

/// Starts the game window on a level.
pub fn run(data: Option<&Path>, args: PlayArgs) -> ExitCode {
    if !args.level.is_file() {
        eprintln!("{}:1:1: no such level file", args.level.display());
        return ExitCode::FAILURE;
    }
    let data_dir = data
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("assets/data"));
    if !data_dir.join("rules.ron").is_file() {
        eprintln!(
            "{}:1:1: no rules.ron in the data folder",
            data_dir.display()
        );
        return ExitCode::FAILURE;
    }
    // Asset sources resolve relative paths against the executable's folder,
    // so hand them absolute ones.
    let (Ok(data_dir), Ok(level_path)) = (
        std::fs::canonicalize(&data_dir),
        std::fs::canonicalize(&args.level),
    ) else {
        eprintln!(
            "{}:1:1: cannot resolve the level's path",
            args.level.display()
        );
        return ExitCode::FAILURE;
    };
    let level_dir = level_path.parent().unwrap_or(Path::new("/")).to_path_buf();
    let settings = PlaySettings {
        level_file: args
            .level
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        level_path: args.level.clone(),
        seed: args.seed,
        screenshot: args.screenshot.clone(),
    };

    let mut app = App::new();
    app.register_asset_source(
        assets::DATA_SOURCE,
        AssetSourceBuilder::platform_default(&data_dir.to_string_lossy(), None),
    );
    app.register_asset_source(
        assets::LEVEL_SOURCE,
        AssetSourceBuilder::platform_default(&level_dir.to_string_lossy(), None),
    );
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Swift Swords".into(),
            resolution: (1280, 800).into(),
            ..default()
        }),
        ..default()
    }));
    let level_file = settings.level_file.clone();
    app.insert_resource(settings);
    app.add_plugins(plugin);
    screens::choose_level(&mut app, &level_file);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// Everything of the game on top of Bevy's default plugins.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        crate::battle::plugin,
        ai_driver::plugin,
        assets::plugin,
        screens::plugin,
        view::plugin,
        hud::plugin,
        screenshot::plugin,
    ));
}
