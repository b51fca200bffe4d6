//! The rooms of the game, one plugin each: the title and level select, the
//! campaign, network play's lobby and play by file, the
//! loading of a battle, the battle screen, the results, the windows of saves
//! and replays, the replay viewer, the level editor, the lessons and the
//! settings. A room may open a room below it in this list; none reaches up.

pub mod battle;
pub mod by_file;
pub mod campaign;
pub mod editor;
pub mod lessons;
pub mod loading;
pub mod online;
pub mod results;
pub mod save_menu;
pub mod settings;
pub mod title;
pub mod viewer;

use bevy::prelude::App;

/// Every room's plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        loading::plugin,
        title::plugin,
        battle::plugin,
        results::plugin,
        viewer::plugin,
        settings::plugin,
        lessons::plugin,
        editor::plugin,
        campaign::plugin,
        online::plugin,
        by_file::plugin,
    ));
}
