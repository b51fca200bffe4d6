//! What a battle is to be before it starts: the level (from the library of
//! the game's levels and the player's own), the seed, and the seats
//! ([`crate::seat`]).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::assets::{LEVEL_SOURCE, NAMED_SOURCE, OWN_SOURCE};
use crate::game::stage::Screen;
use crate::level::{Level, load_level};
use crate::replay::Replay;
use crate::seat::Seat;

/// Which folder a battle's level file lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LevelFolder {
    /// The game's levels folder.
    #[default]
    Library,
    /// The player's own levels folder, where the editor saves when the
    /// game plays its built-in content.
    Own,
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
    /// Another sequence of play than the level's own.
    pub sequence: Option<crate::vocabulary::Sequence>,
}

impl MatchSetup {
    /// The level's path for the asset server.
    pub fn asset_path(&self) -> String {
        let source = match self.folder {
            LevelFolder::Library => LEVEL_SOURCE,
            LevelFolder::Own => OWN_SOURCE,
            LevelFolder::Named => NAMED_SOURCE,
        };
        format!("{source}://{}", self.level_file)
    }

    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }
}

/// The sides played at another machine (online, by file): their
/// combatants take no orders here, and the table opens on the sides played
/// here. Empty for a battle played wholly at this machine.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PlayedElsewhere(pub Vec<usize>);

/// A battle rebuilt from a file, waiting for the battle screen: to play on
/// (with its replay, which goes on recording) or to watch (without).
#[derive(Resource)]
pub struct PreparedBattle {
    pub engine: Engine,
    pub replay: Option<Replay>,
}

/// Puts a battle made ready (from a save, a playtest, a campaign) on the
/// battle screen, set up as `setup` says.
pub fn to_the_table(world: &mut World, setup: MatchSetup, prepared: PreparedBattle) {
    world.insert_resource(setup);
    world.insert_resource(prepared);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
}

/// One level found in the levels folders.
#[derive(Debug, Clone)]
pub struct LevelEntry {
    pub file: String,
    /// The game's levels folder or the player's own.
    pub folder: LevelFolder,
    /// The parsed and checked level, or every problem found in it.
    pub level: Result<Level, String>,
}

/// Every level in the game's levels folder, then the player's own, for
/// level select.
#[derive(Resource, Debug, Clone, Default)]
pub struct LevelLibrary {
    pub dir: PathBuf,
    /// The player's own levels folder, when it is not the game's.
    pub own: Option<PathBuf>,
    pub entries: Vec<LevelEntry>,
    /// The data the levels were checked against, for their pictures and
    /// the names of their combatants.
    pub ruleset: Option<std::sync::Arc<Ruleset>>,
}

impl LevelLibrary {
    /// Reads and checks every `.ron` file in `dir`, then in `own`, each
    /// folder sorted by name.
    pub fn scan(dir: &Path, own: Option<&Path>, ruleset: Option<&Ruleset>) -> Self {
        let own = own.filter(|own| *own != dir);
        let folders = [(Some(dir), LevelFolder::Library), (own, LevelFolder::Own)];
        let entries = folders
            .into_iter()
            .filter_map(|(dir, folder)| Some((dir?, folder)))
            .flat_map(|(dir, folder)| {
                ron_files_in(dir)
                    .into_iter()
                    .map(move |path| (path, folder))
            })
            .map(|(path, folder)| LevelEntry {
                file: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                folder,
                level: match ruleset {
                    Some(ruleset) => load_level(&path, ruleset)
                        .map(|loaded| loaded.level)
                        .map_err(|problems| problems.to_string()),
                    None => Err("the game's data could not be loaded".to_string()),
                },
            })
            .collect();
        Self {
            dir: dir.to_path_buf(),
            own: own.map(Path::to_path_buf),
            entries,
            ruleset: ruleset.cloned().map(std::sync::Arc::new),
        }
    }

    /// The battle level select offers a newcomer first: the game's own
    /// level with the fewest combatants (the first by name among equals).
    pub fn first_battle(&self) -> Option<usize> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.folder == LevelFolder::Library)
            .filter_map(|(k, e)| Some((k, e.level.as_ref().ok()?.units.len())))
            .min_by_key(|&(k, units)| (units, k))
            .map(|(k, _)| k)
    }

    /// The levels that check, with `sides` sides when given, each with its
    /// entry: what a game with another player may be opened on.
    pub fn playable(&self, sides: Option<usize>) -> Vec<(&LevelEntry, &Level)> {
        self.entries
            .iter()
            .filter_map(|entry| entry.level.as_ref().ok().map(|level| (entry, level)))
            .filter(|(_, level)| sides.is_none_or(|sides| level.sides.len() == sides))
            .collect()
    }

    /// Where `entry`'s file lies.
    pub fn path_of(&self, entry: &LevelEntry) -> PathBuf {
        let dir = match entry.folder {
            LevelFolder::Own => self.own.as_ref().unwrap_or(&self.dir),
            _ => &self.dir,
        };
        dir.join(&entry.file)
    }

    /// The same folders read again, against `ruleset`.
    pub fn again(&self, ruleset: Option<&Ruleset>) -> Self {
        Self::scan(&self.dir, self.own.as_deref(), ruleset)
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

    #[test]
    fn level_library_reads_every_shipped_level_then_the_players_own_and_reports_a_broken_one() {
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        let library = LevelLibrary::scan(Path::new("levels"), None, Some(&ruleset));
        assert!(library.entries.len() >= 4);
        assert!(library.entries.iter().all(|e| e.level.is_ok()));
        // A newcomer is offered the smallest battle first: the Duel.
        let first = library.first_battle().expect("a first battle");
        assert_eq!(library.entries[first].file, "duel.ron");
        assert!(
            library
                .entries
                .iter()
                .all(|e| e.folder == LevelFolder::Library)
        );

        let scratch = crate::scratch::Scratch::new("lib");
        let dir = scratch.path().to_path_buf();
        std::fs::write(dir.join("broken.ron"), "(name: \"x\",\n  map: 3)").expect("write");
        let both = LevelLibrary::scan(Path::new("levels"), Some(&dir), Some(&ruleset));
        let broken = both.entries.last().expect("the player's level");
        assert_eq!(both.entries.len(), library.entries.len() + 1);
        assert_eq!(broken.folder, LevelFolder::Own);
        let error = broken.level.as_ref().expect_err("broken level");
        assert!(error.contains("broken.ron:"), "{error}");
    }
}
