//! Replays and saves: one RON file holding everything needed to rebuild a
//! battle to the die (the level's text, the seed, who sat at each side, and
//! the command log with a fingerprint after every step), checked step by
//! step as it is rebuilt. A save is a replay of a battle still going on.
//! The format is in docs/REPLAYS.md.

pub mod script;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::battle::command::{AttackChoices, Command, RuleError};
use crate::battle::describe::orders::order_label;
use crate::battle::engine::Engine;
use crate::battle::record::{Fingerprint, Record};
use crate::battle::state::BattleState;
use crate::data::{Ruleset, parse_ron};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::level::{Level, parse_level};
use crate::rules::dice::Dice;
use crate::seat::{Seat, seat_of, seated_level};
use crate::vocabulary::Sequence;

/// What the `format` field of every replay says.
pub const FORMAT: &str = "swift-swords replay 1";

/// A battle from its start: enough to rebuild it exactly and check it.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// Always [`FORMAT`]: tells a replay from any other RON file.
    pub format: String,
    /// The game version that wrote it.
    pub game_version: String,
    /// When it was written, in seconds since 1970 (0 when not known).
    #[serde(default)]
    pub saved_at: u64,
    /// The level's name and the round reached, for lists of saves.
    pub level_name: String,
    pub round: u32,
    /// The level's file name when the battle began.
    pub level_file: String,
    /// blake3 of `level_text` (32 hex digits).
    pub level_hash: String,
    /// [`Ruleset::content_hash`] of the data the battle was fought with.
    pub ruleset_hash: String,
    pub seed: u64,
    /// Who sat at each side, in the level's order.
    pub seats: Vec<Seat>,
    pub record: Record,
    /// The level file's whole text, so the replay plays after it changes.
    pub level_text: String,
    /// The sequence of play the battle ran (the level's own, or another
    /// chosen at the start); left out for the countdown.
    #[serde(default, skip_serializing_if = "Sequence::is_countdown")]
    pub sequence: Sequence,
    /// Who sent this copy of a game played by file; left out of every other
    /// replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent_by: Option<SentBy>,
    /// The player's standing choices for attacks as last set, so a battle
    /// resumed goes on with them; left out while they are the rules' own.
    #[serde(default, skip_serializing_if = "AttackChoices::is_default")]
    pub standing: AttackChoices,
}

/// The sender of a game played by file (docs/NETWORK.md): the game's own
/// name, the player's, and the side they play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SentBy {
    /// Chosen when the game began; every file of the game carries it.
    pub game: String,
    pub player: String,
    /// The sender's side, counted from 0 in the level's order.
    pub side: usize,
}

impl SentBy {
    /// Whether a sender read from a file (a stranger's) names what the game
    /// makes: the game by its hex digits, so it names a folder of its own
    /// and nothing outside it, a player's plain name, and a side the level
    /// has. Checked before anything of the file is kept or written.
    fn check(&self, path: &Path, source: &SourceText, sides: usize) -> Result<(), Diagnostics> {
        let at = |key: &str| source.find_last_key(key).unwrap_or((1, 1));
        if let Some(problem) = crate::names::game_name_problem(&self.game) {
            return Err(single(
                path,
                at("game"),
                format!("the game's name {problem}"),
            ));
        }
        if let Some(problem) =
            crate::names::name_problem(&self.player, crate::names::MOST_PLAYER_CHARS)
        {
            return Err(single(
                path,
                at("player"),
                format!("the sender's name {problem}"),
            ));
        }
        if self.side >= sides {
            return Err(single(
                path,
                at("side"),
                format!(
                    "the sender plays side {}, but the level has {sides} side(s)",
                    self.side + 1
                ),
            ));
        }
        Ok(())
    }
}

/// Where a rebuilt battle parted from its record.
#[derive(Debug, Clone, PartialEq)]
pub struct Divergence {
    /// The step (from 1; 0 is the battle's start).
    pub step: usize,
    /// The step's command in words (none for the start).
    pub command: Option<String>,
    pub kind: DivergenceKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DivergenceKind {
    /// The rules refused the recorded command.
    Refused(RuleError),
    /// The battle after the step differs from the record in these parts.
    Differs(Vec<String>),
    /// The AI seated at the acting side now chooses another command (in
    /// words; checked only when asked for).
    AiChose(String),
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.command {
            Some(command) => write!(f, "step {} ({command})", self.step)?,
            None => write!(f, "the battle's start")?,
        }
        match &self.kind {
            DivergenceKind::Refused(reason) => write!(f, ", which the rules now refuse: {reason}"),
            DivergenceKind::Differs(parts) => {
                write!(
                    f,
                    ", after which the battle differs in: {}",
                    parts.join(", ")
                )
            }
            DivergenceKind::AiChose(choice) => write!(f, ", where the AI now chooses {choice}"),
        }
    }
}

/// blake3 of a text, 32 hex digits.
pub fn text_hash(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex()[..32].to_string()
}

/// Seconds since 1970 now (0 if the clock is before it).
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Replay {
    /// A replay of a battle about to begin: `engine` has just started on
    /// `level_text` (already seated) with `seed`.
    pub fn begin(
        level_file: &str,
        level_text: &str,
        ruleset: &Ruleset,
        seats: &[Seat],
        engine: &Engine,
    ) -> Self {
        let battle = &engine.state().battle();
        Self {
            format: FORMAT.to_string(),
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            saved_at: 0,
            level_name: battle.level.name.clone(),
            round: battle.round,
            level_file: level_file.to_string(),
            level_hash: text_hash(level_text),
            ruleset_hash: ruleset.content_hash(),
            seed: battle.seed,
            seats: seats.to_vec(),
            record: Record::new(engine),
            level_text: level_text.to_string(),
            sequence: engine.state().sequence(),
            sent_by: None,
            standing: AttackChoices::default(),
        }
    }

    /// The replay of a battle whose commands are known but not yet
    /// fingerprinted (a `simulate` battle): rebuilds it step by step.
    pub fn of_commands(
        level_file: &str,
        level_text: &str,
        level: &Level,
        ruleset: Arc<Ruleset>,
        seed: u64,
        seats: &[Seat],
        commands: &[Command],
    ) -> Result<Self, Divergence> {
        let (replay, _, refused) = Self::given_while_accepted(
            level_file, level_text, level, ruleset, seed, seats, commands,
        );
        refused.map_or(Ok(replay), Err)
    }

    /// This battle begun again on a changed level or data (hot reload):
    /// `level` (as written, not yet seated) with the same seed and seats,
    /// and its commands given again while the rules accept them. Returns the
    /// new replay and battle, and the first command refused, if any.
    pub fn begun_again(
        &self,
        level_text: &str,
        level: &Level,
        ruleset: Arc<Ruleset>,
    ) -> (Self, Engine, Option<Divergence>) {
        let commands: Vec<Command> = self
            .record
            .steps
            .iter()
            .map(|s| s.command.clone())
            .collect();
        let level = Level {
            sequence: self.sequence,
            ..level.clone()
        };
        Self::given_while_accepted(
            &self.level_file,
            level_text,
            &level,
            ruleset,
            self.seed,
            &self.seats,
            &commands,
        )
    }

    /// A battle on `level` given `commands` in turn until one is refused.
    fn given_while_accepted(
        level_file: &str,
        level_text: &str,
        level: &Level,
        ruleset: Arc<Ruleset>,
        seed: u64,
        seats: &[Seat],
        commands: &[Command],
    ) -> (Self, Engine, Option<Divergence>) {
        let mut engine = Engine::start(
            &seated_level(level, seats),
            ruleset.clone(),
            seed,
            Dice::seeded(seed),
        );
        let mut replay = Self::begin(level_file, level_text, &ruleset, seats, &engine);
        for (index, command) in commands.iter().enumerate() {
            let said = command_in_words(engine.state(), command);
            if let Err(reason) = engine.submit(command) {
                let refused = Divergence {
                    step: index + 1,
                    command: Some(said),
                    kind: DivergenceKind::Refused(reason),
                };
                return (replay, engine, Some(refused));
            }
            replay.push(command.clone(), &engine);
        }
        (replay, engine, None)
    }

    /// Logs a command the engine has just accepted.
    pub fn push(&mut self, command: Command, engine: &Engine) {
        self.push_stirred(command, None, engine);
    }

    /// Logs a command the engine has just accepted with `salt` stirred into
    /// its dice (a network game's step).
    pub fn push_stirred(&mut self, command: Command, salt: Option<u64>, engine: &Engine) {
        self.record.push_stirred(command, salt, engine);
        self.round = engine.state().battle().round;
    }

    pub fn steps(&self) -> usize {
        self.record.steps.len()
    }

    /// The replay as RON: one line per step, the level's text as written.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .depth_limit(3)
            .escape_strings(false);
        ron::ser::to_string_pretty(self, config).map(|text| text + "\n")
    }

    /// Writes the replay so that a crash at any moment leaves either the old
    /// file or the new one whole: a temporary file beside it, flushed to
    /// disk, then renamed over it.
    pub fn write_atomic(&self, path: &Path) -> std::io::Result<()> {
        let text = self.to_ron().map_err(std::io::Error::other)?;
        crate::files::write_whole(path, &text)
    }

    /// Reads and checks a replay or save file. A file that is not one, is
    /// cut short or was damaged is reported with its line and column.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        let text = crate::files::read_text(path, crate::files::FileKind::Replay)
            .map_err(|problem| Diagnostics(vec![problem]))?;
        Self::parse(path, &text)
    }

    /// [`Replay::read`] on text already read.
    pub fn parse(path: &Path, text: &str) -> Result<Self, Diagnostics> {
        if text.trim().is_empty() {
            return Err(single(
                path,
                (1, 1),
                "not a replay or save: the file is empty",
            ));
        }
        let source = SourceText::new(text);
        let Some(format_at) = source.find_key("format", 0) else {
            return Err(single(
                path,
                (1, 1),
                format!("not a replay or save: expected a format field saying \"{FORMAT}\""),
            ));
        };
        let replay: Self = parse_ron(path, text).map_err(|mut error| {
            // An error on the last line of a file that does not close is a
            // file cut short (a crash mid-write, a partial download).
            let last_line = text.trim_end().lines().count();
            if error.line >= last_line && !text.trim_end().ends_with(')') {
                error.message = format!("the file is cut short ({})", error.message);
            }
            Diagnostics(vec![error])
        })?;
        if replay.format != FORMAT {
            return Err(single(
                path,
                format_at,
                format!(
                    "this file is in the format \"{}\"; this game reads \"{FORMAT}\"",
                    replay.format
                ),
            ));
        }
        if text_hash(&replay.level_text) != replay.level_hash {
            return Err(single(
                path,
                source.find_key("level_hash", 0).unwrap_or((1, 1)),
                "the level's text does not match its hash: the file was damaged or edited",
            ));
        }
        // One seat a side: a battle with a side nobody sits at waits forever.
        let sides =
            ron::from_str::<SidesOf>(&replay.level_text).map_or(0, |level| level.sides.len());
        if replay.seats.len() != sides {
            return Err(single(
                path,
                source.find_key("seats", 0).unwrap_or((1, 1)),
                format!(
                    "the file seats {} side(s), but its level has {sides}",
                    replay.seats.len()
                ),
            ));
        }
        if let Some(sent_by) = &replay.sent_by {
            sent_by.check(path, &source, sides)?;
        }
        Ok(replay)
    }

    /// The level the battle was fought on, checked against `ruleset`. Its
    /// problems are placed in the text kept in the file.
    pub fn level(&self, path: &Path, ruleset: &Ruleset) -> Result<Level, Diagnostics> {
        let shown = PathBuf::from(format!("{} (the level inside)", path.display()));
        let mut level = parse_level(&shown, &self.level_text, ruleset)?;
        level.sequence = self.sequence;
        Ok(level)
    }

    /// Whether the rules data has changed since the battle was recorded (the
    /// replay may then part from its record).
    pub fn rules_changed(&self, ruleset: &Ruleset) -> bool {
        self.ruleset_hash != ruleset.content_hash()
    }

    /// Rebuilds the battle on `level` (from [`Replay::level`]) through its
    /// first `to` steps, checking the fingerprint after each one.
    pub fn rebuild(
        &self,
        level: &Level,
        ruleset: Arc<Ruleset>,
        to: usize,
    ) -> Result<Engine, Divergence> {
        self.rebuild_with(level, ruleset, to, false, |_, _, _| {})
    }

    /// [`Replay::rebuild`], telling `each` of every step that held: its
    /// number from 1, its command in words, and the engine after it. With
    /// `check_ai`, each command of an AI seat must also be the one that AI
    /// chooses now, so a change in the AI's play is caught too.
    pub fn rebuild_with(
        &self,
        level: &Level,
        ruleset: Arc<Ruleset>,
        to: usize,
        check_ai: bool,
        mut each: impl FnMut(usize, &str, &Engine),
    ) -> Result<Engine, Divergence> {
        let mut engine = Engine::start(
            &seated_level(level, &self.seats),
            ruleset,
            self.seed,
            Dice::seeded(self.seed),
        );
        let start = Fingerprint::of(&engine);
        if start != self.record.start {
            return Err(Divergence {
                step: 0,
                command: None,
                kind: DivergenceKind::Differs(
                    self.record.start.differences(&start, engine.state()),
                ),
            });
        }
        for (index, step) in self.record.steps.iter().take(to).enumerate() {
            let said = command_in_words(engine.state(), &step.command);
            let diverged = |kind| Divergence {
                step: index + 1,
                command: Some(said.clone()),
                kind,
            };
            if check_ai && let Some(choice) = self.ai_differs(&engine, &step.command) {
                return Err(diverged(DivergenceKind::AiChose(choice)));
            }
            if let Err(reason) = engine.submit_stirred(&step.command, step.salt) {
                return Err(diverged(DivergenceKind::Refused(reason)));
            }
            let after = Fingerprint::of(&engine);
            if after != step.after {
                return Err(diverged(DivergenceKind::Differs(
                    step.after.differences(&after, engine.state()),
                )));
            }
            each(index + 1, &said, &engine);
        }
        Ok(engine)
    }
}

impl Replay {
    /// What the AI seated at `command`'s side would choose instead, in words,
    /// if not `command` (nothing when a human gave it).
    fn ai_differs(&self, engine: &Engine, command: &Command) -> Option<String> {
        let state = engine.state();
        let Some(Seat::Ai(level)) = seat_of(state, &self.seats, &command.unit) else {
            return None;
        };
        match crate::ai::choose(state, level) {
            Some(choice) if &choice == command => None,
            Some(choice) => {
                let words = command_in_words(state, &choice);
                Some(if words == command_in_words(state, command) {
                    format!(
                        "{words} with other choices (special results, a raised die, \
                         a tactic or the dice paid)"
                    )
                } else {
                    words
                })
            }
            None => Some("nothing".to_string()),
        }
    }
}

/// A command as a player reads it: who, and what.
pub fn command_in_words(state: &BattleState, command: &Command) -> String {
    let who = state
        .unit_index(&command.unit)
        .map_or(command.unit.as_str(), |i| {
            state.units()[i].unit.name.as_str()
        });
    format!("{who}: {}", order_label(state, &command.order))
}

/// A level's sides, counted without the data to check them against.
#[derive(serde::Deserialize)]
struct SidesOf {
    sides: Vec<serde::de::IgnoredAny>,
}

fn single(path: &Path, at: (usize, usize), message: impl Into<String>) -> Diagnostics {
    Diagnostics(vec![Diagnostic::new(path, at, message)])
}
