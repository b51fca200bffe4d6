//! The game's own loading screens run headless on a level file, with the
//! battle's schedule, for the tests of loading and hot reload
//! (`loading_tests`).

use std::time::Duration;

use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::battle::engine::Engine;
use crate::game::assets::{self, DATA_SOURCE, LEVEL_SOURCE, NAMED_SOURCE};
use crate::game::screens::loading::load_match;
use crate::game::session::match_setup::{LevelFolder, MatchSetup};
use crate::game::stage::Screen;
use crate::game::{PlaySettings, hud};
use crate::seat::Seat;

/// The game's loading and battle screens without a window, on a level file
/// holding `text` in a folder of its own, with the battle's schedule (the
/// engine's step, the record, undo and hot reload), two human seats, and the
/// level asked for. Returns the app and the folder.
pub fn loading_app(name: &str, text: &str) -> (App, crate::scratch::Scratch) {
    // A folder for each app: tests run side by side.
    static APPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let app_number = APPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let scratch = crate::scratch::Scratch::new(&format!("loading-{app_number}-{name}"));
    let dir = scratch.path().to_path_buf();
    std::fs::write(dir.join(name), text).expect("the level file");
    let data = std::fs::canonicalize("assets/data").expect("the data folder");
    let mut app = App::new();
    for (source, folder) in [
        (DATA_SOURCE, &data),
        (LEVEL_SOURCE, &dir),
        (NAMED_SOURCE, &dir),
    ] {
        app.register_asset_source(
            source,
            AssetSourceBuilder::platform_default(&folder.to_string_lossy(), None),
        );
    }
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), StatesPlugin));
    app.insert_resource(PlaySettings {
        data_dir: data,
        levels_dir: dir.clone(),
        own_levels_dir: dir.clone(),
        editor_dir: dir.clone(),
        named_dir: dir.clone(),
        screenshot: None,
        screenshot_after_actions: 0,
        report_frame_time: false,
    });
    app.add_plugins((
        assets::plugin,
        crate::game::screens::loading::plugin,
        (crate::game::steps::plugin, crate::game::mirror::plugin),
        crate::game::session::saves::plugin,
        crate::game::session::undo::plugin,
        crate::game::hot_reload::plugin,
    ));
    app.init_resource::<hud::HudState>();
    app.update();
    load_match(
        app.world_mut(),
        MatchSetup {
            level_file: name.to_string(),
            folder: LevelFolder::Library,
            seed: 1,
            seats: vec![Seat::Human, Seat::Human],
            handover: false,
            sequence: None,
        },
    );
    (app, scratch)
}

/// Updates the app until its screen settles on the battle (with a battle
/// on the table) or the error screen; returns that screen.
pub fn settle(app: &mut App) -> Screen {
    let mut screen = Screen::Loading;
    for _ in 0..1000 {
        app.update();
        screen = *app.world().resource::<State<Screen>>().get();
        let battle = screen == Screen::Battle && app.world().contains_resource::<Engine>();
        if screen == Screen::LoadFailed || battle {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    screen
}
