//! How far the player got in each lesson, kept beside the settings: the
//! step to take each up again at, and which are finished.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::data::read_player_ron;

/// How far the player got in each lesson (the step to take up again, from
/// 0) and which lessons they finished, by file name.
#[derive(Resource, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    #[serde(default)]
    pub reached: BTreeMap<String, usize>,
    #[serde(default)]
    pub finished: BTreeSet<String>,
}

impl LessonProgress {
    /// Reads the progress file: missing, it is a fresh start; broken, a
    /// fresh start and what is wrong with it (file, line, column).
    pub fn load(path: &Path) -> (Self, Option<String>) {
        match read_player_ron::<Self>(path) {
            Ok(Some((progress, _))) => (progress, None),
            Ok(None) => (Self::default(), None),
            Err(problem) => (Self::default(), Some(problem.to_string())),
        }
    }

    /// Writes the progress, whole or not at all, keeping the file before.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        crate::files::write_keeping_previous(path, &(text + "\n"))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Notes the step a lesson stands at (its length once finished).
    pub fn note(&mut self, file: &str, step: usize, finished: bool) {
        if finished {
            self.reached.remove(file);
            self.finished.insert(file.to_string());
        } else {
            self.reached.insert(file.to_string(), step);
        }
    }
}

/// Where the progress is kept: beside the settings.
#[derive(Resource, Debug, Clone)]
pub struct ProgressFile(pub PathBuf);
