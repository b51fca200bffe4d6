//! What the game keeps between screens: the battle to start next, its
//! record and autosave, undo, the replay watched or the lesson coached, and
//! the campaign in play. Every room reads it; it reads no room.

pub mod campaign_slots;
pub mod campaigning;
pub mod coaching;
pub mod match_setup;
pub mod play_settings;
pub mod preferences;
pub mod progress;
pub mod saves;
pub mod undo;
pub mod watching;

use bevy::prelude::App;

/// What the session runs each update: the record and autosave, and undo.
pub fn plugin(app: &mut App) {
    app.add_plugins((saves::plugin, undo::plugin));
}
