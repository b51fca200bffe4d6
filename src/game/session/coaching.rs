//! The lesson being played, if any: the battle screen coaches it, and undo
//! and the AI's seats stand aside for it.

use bevy::prelude::*;

use crate::lesson::LessonRun;

/// The lesson being played on the battle screen.
#[derive(Resource, Debug, Clone)]
pub struct Coaching {
    pub file: String,
    pub run: LessonRun,
    /// Why the lesson cannot go on (a lesson that does not play as written).
    pub off_path: Option<String>,
}
