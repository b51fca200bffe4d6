//! Play by file (docs/NETWORK.md): two players who cannot be online
//! together send each other the game as a file after each turn. A turn file
//! is an ordinary replay with its sender added ([`SentBy`]). Taking one in
//! rebuilds it step by step like any replay, then holds it against the game
//! as this player has it: the steps held here must come first, unchanged,
//! and every new one must be the sender's.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use swift_swords_core::battle::command::AttackChoices;
use swift_swords_core::battle::engine::Engine;
use swift_swords_core::data::Ruleset;
use swift_swords_core::level::Level;
use swift_swords_core::replay::{Divergence, Replay, SentBy, command_in_words};
use swift_swords_core::rules::dice::Dice;
use swift_swords_core::seat::{Seat, seated_level};
use swift_swords_core::vocabulary::Sequence;

/// How many sides a game by file has: one player each.
pub const SIDES: usize = 2;

/// What this player keeps of a game by file beside its replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileGameMeta {
    /// The game's name, the same in every file of the game.
    pub game: String,
    /// This player's name and side (from 0).
    pub player: String,
    pub side: usize,
    /// The other player's name, once a file from them has come.
    #[serde(default)]
    pub opponent: Option<String>,
}

impl FileGameMeta {
    /// The game's own folder under `root`: its name is checked again here,
    /// so that whatever named it, no game is ever kept outside `root`.
    pub fn folder_in(&self, root: &Path) -> Result<std::path::PathBuf, String> {
        match swift_swords_core::names::game_name_problem(&self.game) {
            None => Ok(root.join(&self.game)),
            Some(problem) => Err(format!(
                "the game \"{}\" {problem}",
                swift_swords_core::diagnostics::printable(&self.game)
            )),
        }
    }

    /// Whose move the battle `engine` (the game rebuilt) waits for.
    pub fn turn(&self, engine: &Engine) -> Turn {
        let state = engine.state();
        if engine.ended() {
            Turn::Over
        } else if state.acting_unit().map(|u| state.units()[u].unit.side) == Some(self.side) {
            Turn::Mine
        } else {
            Turn::Theirs
        }
    }
}

/// A game by file as this player holds it.
#[derive(Debug, Clone)]
pub struct FileGame {
    pub meta: FileGameMeta,
    /// The battle so far, without a sender.
    pub replay: Replay,
}

/// Whose move a game by file waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    Mine,
    Theirs,
    Over,
}

/// A turn file taken in: the game as it now stands, how many of its steps
/// were held before, and the new steps in words.
#[derive(Debug, Clone)]
pub struct Imported {
    pub game: FileGame,
    pub held: usize,
    pub new_steps: Vec<String>,
}

/// Why a turn file is refused. Each names the step where it parts from the
/// game held here, where there is one.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Not a replay, or damaged: the problem with its place.
    Unreadable(String),
    /// A replay, but not of a game by file.
    NotSent,
    /// Play by file is for two sides.
    Sides(usize),
    /// The file does not rebuild as recorded.
    DoesNotVerify(Divergence),
    /// The file was sent by this player's own side.
    OwnTurn,
    /// The file begins another battle than the one held here.
    OtherStart,
    /// The file ends before the game held here.
    Stale { file: usize, held: usize },
    /// The file holds nothing the game held here does not.
    NothingNew { steps: usize },
    /// The file and the game held here part at `step`.
    Forked {
        step: usize,
        held: String,
        file: String,
    },
    /// A new step gives an order to a combatant of this player's side.
    NotTheirs { step: usize, said: String },
    /// A step carries a salt for the dice: only a server stirs the dice,
    /// and a sender who could would try salts until the rolls suited them.
    Salted { step: usize },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(problem) => write!(f, "the file cannot be read: {problem}"),
            Self::NotSent => f.write_str(
                "this is a replay or a save, not a turn of a game by file: it names no sender",
            ),
            Self::Sides(sides) => write!(
                f,
                "a game by file is for a level of two sides; this one has {sides}"
            ),
            Self::DoesNotVerify(divergence) => {
                write!(f, "the file does not play as recorded, at {divergence}")
            }
            Self::OwnTurn => f.write_str(
                "this file was sent from your own side: it is your turn for the other player",
            ),
            Self::OtherStart => f.write_str(
                "the file parts from your game at its start: another level, seed, seats or \
                 sequence of play",
            ),
            Self::Stale { file, held } => write!(
                f,
                "the file is an older turn: it ends at step {file}, and your game is at step {held}"
            ),
            Self::NothingNew { steps } => write!(
                f,
                "the file holds nothing new: it ends at step {steps}, where your game is"
            ),
            Self::Forked { step, held, file } => write!(
                f,
                "the file parts from your game at step {step}: yours has {held}, the file has {file}"
            ),
            Self::Salted { step } => write!(
                f,
                "step {step} carries its own salt for the dice; in a game by file the dice \
                 follow the game's seed alone"
            ),
            Self::NotTheirs { step, said } => write!(
                f,
                "step {step} ({said}) orders a combatant of your side: only the other player's \
                 steps may come by file"
            ),
        }
    }
}

impl FileGame {
    /// A new game by file on `level`, played here at `side`.
    pub fn begin(
        level_file: &str,
        level_text: &str,
        level: &Level,
        ruleset: Arc<Ruleset>,
        sequence: Sequence,
        meta: FileGameMeta,
        seed: u64,
    ) -> Result<Self, Refusal> {
        if level.sides.len() != SIDES || meta.side >= SIDES {
            return Err(Refusal::Sides(level.sides.len()));
        }
        let level = Level {
            sequence,
            ..level.clone()
        };
        let seats = [Seat::Human; SIDES];
        let engine = Engine::start(
            &seated_level(&level, &seats),
            ruleset.clone(),
            seed,
            Dice::seeded(seed),
        );
        let replay = Replay::begin(level_file, level_text, &ruleset, &seats, &engine);
        Ok(Self { meta, replay })
    }

    /// A name for a new game, from what began it.
    pub fn name_for(level_text: &str, player: &str, seed: u64, now_nanos: u128) -> String {
        let mut hasher = blake3::Hasher::new();
        for part in [
            level_text,
            player,
            &seed.to_string(),
            &now_nanos.to_string(),
        ] {
            hasher.update(part.as_bytes());
            hasher.update(&[0]);
        }
        hasher.finalize().to_hex()[..12].to_string()
    }

    /// The file to send: the game with this player as its sender.
    pub fn outgoing(&self) -> Replay {
        Replay {
            sent_by: Some(SentBy {
                game: self.meta.game.clone(),
                player: self.meta.player.clone(),
                side: self.meta.side,
            }),
            saved_at: swift_swords_core::replay::now(),
            // The player's standing choices stay at their own table.
            standing: AttackChoices::default(),
            ..self.replay.clone()
        }
    }

    /// The turn file's name: the level, the game and the step.
    pub fn file_name(&self) -> String {
        let plain: String = self
            .replay
            .level_name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { ' ' })
            .collect();
        format!(
            "{} {} step {}.ron",
            plain.split_whitespace().collect::<Vec<_>>().join(" "),
            self.meta.game,
            self.replay.steps()
        )
    }
}

/// The file of a game's meta in its folder; its replay is the folder's
/// autosave.
const META_FILE: &str = "game.ron";
const REPLAY_FILE: &str = "autosave.ron";

impl FileGame {
    /// Writes the game into `dir`, each file whole with the copy before kept.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        let meta = ron::ser::to_string_pretty(&self.meta, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        let replay = self.replay.to_ron().map_err(std::io::Error::other)?;
        swift_swords_core::files::write_keeping_previous(&dir.join(REPLAY_FILE), &replay)?;
        swift_swords_core::files::write_keeping_previous(&dir.join(META_FILE), &meta)
    }

    /// The game kept in `dir` (its replay not yet rebuilt), or what is wrong
    /// with it, placed.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let path = dir.join(META_FILE);
        let text =
            swift_swords_core::files::read_text(&path, swift_swords_core::files::FileKind::Own)
                .map_err(|problem| problem.to_string())?;
        let meta: FileGameMeta = swift_swords_core::data::parse_ron(&path, &text)
            .map_err(|problem| problem.to_string())?;
        let replay = Replay::read(&dir.join(REPLAY_FILE)).map_err(|p| p.to_string())?;
        Ok(Self { meta, replay })
    }

    /// Every game kept under `root`, a folder each, newest first.
    pub fn list(root: &Path) -> Vec<(std::path::PathBuf, Result<Self, String>)> {
        let mut games: Vec<_> = std::fs::read_dir(root)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.join(META_FILE).is_file())
                    .map(|dir| {
                        let game = Self::load(&dir);
                        (dir, game)
                    })
                    .collect()
            })
            .unwrap_or_default();
        games.sort_by_key(|(dir, game)| {
            let when = game.as_ref().map_or(0, |g| g.replay.saved_at);
            (std::cmp::Reverse(when), dir.clone())
        });
        games
    }
}

/// Reads a turn file: a replay that names its sender.
pub fn read_turn(path: &Path, text: &str) -> Result<(Replay, SentBy), Refusal> {
    let replay =
        Replay::parse(path, text).map_err(|problems| Refusal::Unreadable(problems.to_string()))?;
    let sent_by = replay.sent_by.clone().ok_or(Refusal::NotSent)?;
    Ok((replay, sent_by))
}

/// Takes in the turn file `sent` (from [`read_turn`]) for the game `held`
/// here, or as a new game for `player` when none is held. Returns the game
/// as it then stands, or why the file is refused.
pub fn take_turn(
    held: Option<&FileGame>,
    player: &str,
    path: &Path,
    sent: Replay,
    ruleset: Arc<Ruleset>,
) -> Result<Imported, Refusal> {
    let sent_by = sent.sent_by.clone().ok_or(Refusal::NotSent)?;
    // Before anything is rebuilt: a salt re-seeds the dice.
    if let Some(index) = sent.record.steps.iter().position(|s| s.salt.is_some()) {
        return Err(Refusal::Salted { step: index + 1 });
    }
    let level = sent
        .level(path, &ruleset)
        .map_err(|problems| Refusal::Unreadable(problems.to_string()))?;
    if level.sides.len() != SIDES || sent_by.side >= SIDES {
        return Err(Refusal::Sides(level.sides.len()));
    }
    let engine = sent
        .rebuild(&level, ruleset, sent.steps())
        .map_err(Refusal::DoesNotVerify)?;
    let meta = match held {
        Some(held) => {
            if sent_by.side == held.meta.side {
                return Err(Refusal::OwnTurn);
            }
            held_first(held, &sent, &engine)?;
            FileGameMeta {
                opponent: Some(sent_by.player.clone()),
                ..held.meta.clone()
            }
        }
        None => FileGameMeta {
            game: sent_by.game.clone(),
            player: player.to_string(),
            side: SIDES - 1 - sent_by.side,
            opponent: Some(sent_by.player.clone()),
        },
    };
    let standing = held.map(|game| game.replay.standing.clone());
    let held = held.map_or(0, |held| held.replay.steps());
    let state = engine.state();
    let mut new_steps = Vec::new();
    for (index, step) in sent.record.steps.iter().enumerate().skip(held) {
        let said = command_in_words(state, &step.command);
        let side = state
            .unit_index(&step.command.unit)
            .map(|u| state.units()[u].unit.side);
        if side != Some(sent_by.side) {
            return Err(Refusal::NotTheirs {
                step: index + 1,
                said,
            });
        }
        new_steps.push(said);
    }
    Ok(Imported {
        game: FileGame {
            meta,
            replay: Replay {
                sent_by: None,
                standing: standing.unwrap_or_default(),
                ..sent
            },
        },
        held,
        new_steps,
    })
}

/// Whether the game `held` here begins the file `sent`, unchanged.
fn held_first(held: &FileGame, sent: &Replay, engine: &Engine) -> Result<(), Refusal> {
    let (mine, theirs) = (&held.replay, sent);
    if mine.level_hash != theirs.level_hash
        || mine.seed != theirs.seed
        || mine.seats != theirs.seats
        || mine.sequence != theirs.sequence
        || mine.record.start != theirs.record.start
    {
        return Err(Refusal::OtherStart);
    }
    let state = engine.state();
    let pairs = mine.record.steps.iter().zip(&theirs.record.steps);
    if let Some((index, (a, b))) = pairs.enumerate().find(|(_, (a, b))| a != b) {
        let held = command_in_words(state, &a.command);
        let mut file = command_in_words(state, &b.command);
        if file == held {
            file.push_str(" with other choices");
        }
        return Err(Refusal::Forked {
            step: index + 1,
            held,
            file,
        });
    }
    match theirs.steps().cmp(&mine.steps()) {
        std::cmp::Ordering::Less => Err(Refusal::Stale {
            file: theirs.steps(),
            held: mine.steps(),
        }),
        std::cmp::Ordering::Equal => Err(Refusal::NothingNew {
            steps: mine.steps(),
        }),
        std::cmp::Ordering::Greater => Ok(()),
    }
}
