//! The server's games on disk, so a restart resumes every one: in
//! `DIR/games/ID/`, `game.ron` (the level, seats and seed, written whole
//! with the copy before kept) and `steps.ron` (one step a line, appended
//! and flushed as each is accepted). A last line cut short by a crash is
//! left out when the game is read back; the players then catch up from the
//! step before it. A finished or abandoned game is closed: written as
//! `replay.ron`, an ordinary replay, and not resumed.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::game::GameMeta;
use crate::battle::record::Step;
use crate::replay::Replay;

/// Steps one game may hold on disk (far beyond any battle).
const MOST_STEPS: usize = 100_000;

pub struct Store {
    dir: PathBuf,
}

/// A game read back: its meta, its steps, and any line left out.
pub struct StoredGame {
    pub meta: GameMeta,
    pub steps: Vec<Step>,
    pub left_out: Option<String>,
    /// Finished or abandoned: kept as a replay, not resumed.
    pub closed: bool,
}

impl Store {
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    fn game_dir(&self, id: u64) -> PathBuf {
        self.dir.join("games").join(id.to_string())
    }

    pub fn save_meta(&self, meta: &GameMeta) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(meta, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        crate::files::write_keeping_previous(&self.game_dir(meta.id).join("game.ron"), &text)
    }

    /// Appends one step as a line and flushes it to disk.
    pub fn append_step(&self, id: u64, step: &Step) -> std::io::Result<()> {
        let line = ron::to_string(step).map_err(std::io::Error::other)? + "\n";
        let dir = self.game_dir(id);
        std::fs::create_dir_all(&dir)?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join("steps.ron"))?;
        file.write_all(line.as_bytes())?;
        file.sync_data()
    }

    /// Closes a game, finished or abandoned: what was played of it is kept
    /// as `replay.ron`, and a restart does not resume it.
    pub fn close(&self, id: u64, replay: &Replay) -> std::io::Result<()> {
        let text = replay.to_ron().map_err(std::io::Error::other)?;
        crate::files::write_keeping_previous(&self.game_dir(id).join("replay.ron"), &text)
    }

    /// Takes a game off the disk altogether: one closed before anything
    /// of it was played.
    pub fn forget(&self, id: u64) -> std::io::Result<()> {
        match std::fs::remove_dir_all(self.game_dir(id)) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// Every game kept, with a problem in words for each that cannot be read.
    pub fn load_all(&self) -> (Vec<StoredGame>, Vec<String>) {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        let Ok(entries) = std::fs::read_dir(self.dir.join("games")) else {
            return (games, problems);
        };
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for dir in dirs {
            match load_game(&dir) {
                Ok(game) => games.push(game),
                Err(problem) => problems.push(format!("{}: {problem}", dir.display())),
            }
        }
        games.sort_by_key(|g| g.meta.id);
        (games, problems)
    }
}

fn load_game(dir: &Path) -> Result<StoredGame, String> {
    let meta_path = dir.join("game.ron");
    let text = crate::files::read_text(&meta_path, crate::files::FileKind::Replay)
        .map_err(|problem| problem.to_string())?;
    let meta: GameMeta = crate::data::parse_ron(&meta_path, &text).map_err(|e| e.to_string())?;
    let steps_path = dir.join("steps.ron");
    let steps_text = crate::files::read_own_file(&steps_path, crate::files::FileKind::ServerSteps)
        .map_err(|problem| problem.to_string())?
        .unwrap_or_default();
    let lines: Vec<&str> = steps_text.lines().collect();
    if lines.len() > MOST_STEPS {
        return Err(format!("more than {MOST_STEPS} steps"));
    }
    let mut steps = Vec::with_capacity(lines.len());
    let mut left_out = None;
    for (index, line) in lines.iter().enumerate() {
        match ron::from_str::<Step>(line) {
            Ok(step) => steps.push(step),
            // Only the last line may be cut short by a crash mid-append.
            Err(_) if index + 1 == lines.len() && !steps_text.ends_with('\n') => {
                left_out = Some(format!("step {} was cut short and is left out", index + 1));
            }
            Err(error) => {
                return Err(format!(
                    "{}: line {}: {error}",
                    steps_path.display(),
                    index + 1
                ));
            }
        }
    }
    Ok(StoredGame {
        meta,
        steps,
        left_out,
        closed: dir.join("replay.ron").is_file(),
    })
}
