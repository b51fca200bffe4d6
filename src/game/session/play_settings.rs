//! How the game was started, from the command line: its folders and the
//! tools asked for.

use std::path::PathBuf;

use bevy::prelude::*;

use super::match_setup::{LevelFolder, MatchSetup};

/// How the game was started, from the command line.
#[derive(Resource, Debug, Clone)]
pub struct PlaySettings {
    /// The data folder (the `data` asset source).
    pub data_dir: PathBuf,
    /// The game's levels folder (the `table` asset source).
    pub levels_dir: PathBuf,
    /// The player's own levels folder (the `own` asset source).
    pub own_levels_dir: PathBuf,
    /// Where the level editor saves: the player's own levels folder when
    /// the game plays its built-in content (a shipped level is never
    /// written over: its copy is saved there), else the levels folder
    /// designers work in.
    pub editor_dir: PathBuf,
    /// The folder of the level named on the command line (the `named` asset
    /// source): the levels folder unless the level lies elsewhere.
    pub named_dir: PathBuf,
    pub screenshot: Option<PathBuf>,
    /// Take the screenshot once this many actions have been resolved.
    pub screenshot_after_actions: u32,
    /// Print the mean frame time when the game exits.
    pub report_frame_time: bool,
}

impl PlaySettings {
    /// Where the level of `setup` lies on disk, for messages and checks.
    pub fn level_path(&self, setup: &MatchSetup) -> PathBuf {
        match setup.folder {
            LevelFolder::Library => self.levels_dir.join(&setup.level_file),
            LevelFolder::Own => self.own_levels_dir.join(&setup.level_file),
            LevelFolder::Named => self.named_dir.join(&setup.level_file),
        }
    }
}
