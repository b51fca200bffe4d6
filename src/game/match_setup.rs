//! What a battle is to be before it starts: the level (from the library of
//! levels in the levels folder), the seed, and who sits at each side.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use clap::ValueEnum;

use super::assets::{LEVEL_SOURCE, NAMED_SOURCE};
use crate::ai::AiLevel;
use crate::battle::state::BattleState;
use crate::data::Ruleset;
use crate::level::{Controller, Level, load_level};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Human,
    Ai(AiLevel),
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Human => f.write_str("Human"),
            Self::Ai(level) => write!(f, "AI ({})", level.name()),
        }
    }
}

/// How the seats are filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Mode {
    /// One person against the AI, on the side they choose.
    #[default]
    Solo,
    /// Each side set to Human or AI, people taking turns at one machine.
    HotSeat,
    /// Every side played by the AI, to watch.
    AiVsAi,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Solo, Mode::HotSeat, Mode::AiVsAi];

    pub fn label(self) -> &'static str {
        match self {
            Self::Solo => "Solo against the AI",
            Self::HotSeat => "Hot-seat",
            Self::AiVsAi => "AI against AI",
        }
    }
}

/// The seats of a level's sides for a mode. In solo play the player takes
/// `player_side`; hot-seat starts from the level's own controllers.
pub fn seats_for(level: &Level, mode: Mode, player_side: usize, ai: AiLevel) -> Vec<Seat> {
    level
        .sides
        .iter()
        .enumerate()
        .map(|(index, _)| match mode {
            Mode::Solo if index == player_side => Seat::Human,
            Mode::Solo | Mode::AiVsAi => Seat::Ai(ai),
            // Players around one machine: every side is a player's until
            // the setup screen gives one to the AI.
            Mode::HotSeat => Seat::Human,
        })
        .collect()
}

/// The seats the level itself names, by its sides' controllers: what
/// `play LEVEL` gives when no mode is asked for.
pub fn level_seats(level: &Level, ai: AiLevel) -> Vec<Seat> {
    level
        .sides
        .iter()
        .map(|side| match side.controller {
            Controller::Human => Seat::Human,
            Controller::Ai => Seat::Ai(ai),
        })
        .collect()
}

/// Who gives the orders of the unit with id `unit`: its side's seat.
pub fn seat_of(state: &BattleState, seats: &[Seat], unit: &str) -> Option<Seat> {
    let index = state.unit_index(unit)?;
    seats.get(state.units[index].unit.side).copied()
}

/// The level with each side's controller set from its seat.
pub fn seated_level(level: &Level, seats: &[Seat]) -> Level {
    let mut level = level.clone();
    for (side, seat) in level.sides.iter_mut().zip(seats) {
        side.controller = match seat {
            Seat::Human => Controller::Human,
            Seat::Ai(_) => Controller::Ai,
        };
    }
    level
}

/// Which folder a battle's level file lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LevelFolder {
    /// The game's levels folder, the one level select lists.
    #[default]
    Library,
    /// The folder of the level named on the command line, when that is
    /// not the levels folder.
    Named,
}

/// The battle to start next.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MatchSetup {
    /// The level's file name in its folder.
    pub level_file: String,
    pub folder: LevelFolder,
    pub seed: u64,
    /// One per side, in the level's order.
    pub seats: Vec<Seat>,
    /// Show a hand-over screen when play passes between two human sides.
    pub handover: bool,
}

impl MatchSetup {
    /// The level's path for the asset server.
    pub fn asset_path(&self) -> String {
        let source = match self.folder {
            LevelFolder::Library => LEVEL_SOURCE,
            LevelFolder::Named => NAMED_SOURCE,
        };
        format!("{source}://{}", self.level_file)
    }

    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }
}

/// One level found in the levels folder.
#[derive(Debug, Clone)]
pub struct LevelEntry {
    pub file: String,
    /// The parsed and checked level, or every problem found in it.
    pub level: Result<Level, String>,
}

/// Every level in the levels folder, for level select.
#[derive(Resource, Debug, Clone, Default)]
pub struct LevelLibrary {
    pub dir: PathBuf,
    pub entries: Vec<LevelEntry>,
    /// The data the levels were checked against, for their pictures and
    /// the names of their combatants.
    pub ruleset: Option<std::sync::Arc<Ruleset>>,
}

impl LevelLibrary {
    /// Reads and checks every `.ron` file in `dir`, sorted by name.
    pub fn scan(dir: &Path, ruleset: Option<&Ruleset>) -> Self {
        let entries = ron_files_in(dir)
            .iter()
            .map(|path| LevelEntry {
                file: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                level: match ruleset {
                    Some(ruleset) => load_level(path, ruleset)
                        .map(|loaded| loaded.level)
                        .map_err(|problems| problems.to_string()),
                    None => Err("the game's data could not be loaded".to_string()),
                },
            })
            .collect();
        Self {
            dir: dir.to_path_buf(),
            entries,
            ruleset: ruleset.cloned().map(std::sync::Arc::new),
        }
    }

    pub fn find(&self, file: &str) -> Option<&LevelEntry> {
        self.entries.iter().find(|e| e.file == file)
    }
}

/// The `.ron` files in `dir`, sorted by name (none if it cannot be read).
pub fn ron_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// A seed for a battle the player gave none for, shown so it can be replayed.
/// The battle's own dice then come only from the seeded generator.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Ruleset;

    fn skirmish() -> Level {
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        load_level(Path::new("levels/skirmish.ron"), &ruleset)
            .expect("skirmish loads")
            .level
    }

    #[test]
    fn solo_seats_the_player_on_the_chosen_side_and_the_ai_elsewhere() {
        let seats = seats_for(&skirmish(), Mode::Solo, 1, AiLevel::Hard);
        assert_eq!(seats, vec![Seat::Ai(AiLevel::Hard), Seat::Human]);
    }

    #[test]
    fn hot_seat_gives_every_side_to_a_player_and_play_alone_keeps_the_levels_seats() {
        let level = skirmish();
        assert_eq!(
            seats_for(&level, Mode::HotSeat, 0, AiLevel::Hard),
            vec![Seat::Human; 2]
        );
        // The Skirmish names the AI for both its sides.
        assert_eq!(
            level_seats(&level, AiLevel::Hard),
            vec![Seat::Ai(AiLevel::Hard); 2]
        );
    }

    #[test]
    fn ai_against_ai_seats_the_ai_everywhere() {
        let seats = seats_for(&skirmish(), Mode::AiVsAi, 0, AiLevel::Easy);
        assert_eq!(seats, vec![Seat::Ai(AiLevel::Easy); 2]);
    }

    #[test]
    fn level_library_reads_every_shipped_level_and_reports_a_broken_one() {
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        let library = LevelLibrary::scan(Path::new("levels"), Some(&ruleset));
        assert!(library.entries.len() >= 4);
        assert!(library.entries.iter().all(|e| e.level.is_ok()));

        let dir = std::env::temp_dir().join(format!("swift-swords-lib-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("broken.ron"), "(name: \"x\",\n  map: 3)").expect("write");
        let broken = LevelLibrary::scan(&dir, Some(&ruleset));
        let error = broken.entries[0].level.as_ref().expect_err("broken level");
        assert!(error.contains("broken.ron:"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
