//! Battles the game's own tests start: a level written in the test, a
//! shipped level, a strip of grass with Roland to act, and the game's own
//! loading screens run headless on a level file.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::assets::{self, DATA_SOURCE, LEVEL_SOURCE, NAMED_SOURCE};
use crate::game::screens::loading::load_match;
use crate::game::session::match_setup::{LevelFolder, MatchSetup};
use crate::game::stage::Screen;
use crate::game::{PlaySettings, hud};
use crate::level::{Level, load_level, parse_level};
use crate::rules::dice::Dice;
use crate::seat::Seat;

fn start(level: &Level, ruleset: Ruleset) -> Engine {
    Engine::start(level, Arc::new(ruleset), 1, Dice::seeded(1))
}

/// A battle on a level written out in the test, with seed 1.
pub fn from_text(text: &str) -> Engine {
    let ruleset = Ruleset::embedded().expect("the built-in data loads");
    let level = parse_level(Path::new("test.ron"), text, &ruleset).expect("the level parses");
    start(&level, ruleset)
}

/// A battle on a shipped level, with seed 1.
pub fn shipped(file: &str) -> Engine {
    let ruleset = Ruleset::embedded().expect("the built-in data loads");
    let level = load_level(Path::new(file), &ruleset)
        .expect("a shipped level")
        .level;
    start(&level, ruleset)
}

/// Roland (human) to act, his 6 before the bandit's 2, on a strip of grass.
pub fn roland_to_act() -> Engine {
    from_text(
        r#"(name: "Strip", tile_size: 6, legend: { 'g': Grass }, map: ["ggg"],
        sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Ai)],
        units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
                    overrides: (action_dice: Some(Fixed([6, 5])))),
                (id: "bandit", template: "bandit", side: "foes", zone: (2, 0),
                    overrides: (action_dice: Some(Fixed([2]))))],
        victory: [DefeatAll(side: "foes")])"#,
    )
}

/// The game's loading and battle screens without a window, on a level file
/// holding `text` in a folder of its own, with the battle's schedule (the
/// engine's step, the record, undo and hot reload), two human seats, and the
/// level asked for. Returns the app and the folder.
pub fn loading_app(name: &str, text: &str) -> (App, PathBuf) {
    // A folder for each app: tests run side by side.
    static APPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let app_number = APPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "swift-swords-loading-{}-{app_number}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a levels folder");
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
        named_dir: dir.clone(),
        screenshot: None,
        screenshot_after_actions: 0,
        report_frame_time: false,
    });
    app.add_plugins((
        assets::plugin,
        crate::game::screens::loading::plugin,
        crate::battle::plugin,
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
        },
    );
    (app, dir)
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
