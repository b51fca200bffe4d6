//! The command log: every accepted command with a fingerprint of the battle
//! after it, so a battle can be rebuilt from its start and each step checked.
//!
//! A fingerprint is a portable hash (blake3) of the battle's canonical RON
//! form, taken part by part: the sequence of play, the board, the dice, the
//! chariots, then each combatant. When a rebuilt battle differs, the parts
//! whose short hashes differ say where.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::command::Command;
use super::engine::Engine;
use super::state::BattleState;

/// The parts before the combatants, in the order they are hashed.
const FIXED_PARTS: [&str; 4] = [
    "the round, turn and phase",
    "the board",
    "the dice",
    "the chariots",
];
/// Where the dice are among the parts.
const DICE_PART: usize = 2;

/// A battle's fingerprint: a hash of the whole and a short one per part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The whole battle: 32 hex digits.
    pub hash: String,
    /// Eight hex digits per part, space-separated, in the parts' order.
    pub parts: String,
}

impl Fingerprint {
    /// The battle an engine holds, dice included.
    pub fn of(engine: &Engine) -> Self {
        let state = engine.state();
        let mut whole = blake3::Hasher::new();
        let mut parts = String::new();
        let mut add = |part: Result<blake3::Hash, ron::Error>| {
            // Every part is plain data; a part that cannot be written hashes
            // as nothing rather than stopping the battle.
            let hash = part.unwrap_or_else(|_| blake3::hash(&[]));
            whole.update(hash.as_bytes());
            if !parts.is_empty() {
                parts.push(' ');
            }
            for byte in &hash.as_bytes()[..4] {
                let _ = write!(parts, "{byte:02x}");
            }
        };
        add(hash_of(&state.battle));
        add(hash_of(&*state.board));
        add(hash_of(engine.dice()));
        add(hash_of(&state.chariots));
        for unit in &state.units {
            add(hash_of(unit));
        }
        let hash = whole.finalize().to_hex()[..32].to_string();
        Self { hash, parts }
    }

    /// The names of the parts in which `self` and `other` differ, named from
    /// `state` (for a battle that failed to match its record).
    pub fn differences(&self, other: &Self, state: &BattleState) -> Vec<String> {
        let names = part_names(state);
        let mine: Vec<&str> = self.parts.split(' ').collect();
        let theirs: Vec<&str> = other.parts.split(' ').collect();
        let mut differ: Vec<String> = (0..mine.len().max(theirs.len()))
            .filter(|&i| mine.get(i) != theirs.get(i))
            .map(|i| {
                names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("part {}", i + 1))
            })
            .collect();
        if differ.is_empty() && self.hash != other.hash {
            differ.push("the whole battle".to_string());
        }
        differ
    }

    fn dice_part(&self) -> Option<&str> {
        self.parts.split(' ').nth(DICE_PART)
    }
}

/// The parts' names: the fixed parts, then each combatant by name (numbered
/// where several share one).
fn part_names(state: &BattleState) -> Vec<String> {
    let mut names: Vec<String> = FIXED_PARTS.iter().map(|n| n.to_string()).collect();
    for (i, unit) in state.units.iter().enumerate() {
        let name = &unit.unit.name;
        let same = state.units.iter().filter(|u| &u.unit.name == name).count();
        if same > 1 {
            let nth = state.units[..=i]
                .iter()
                .filter(|u| &u.unit.name == name)
                .count();
            names.push(format!("{name} {nth}"));
        } else {
            names.push(name.clone());
        }
    }
    names
}

/// blake3 of a value's compact RON form, written straight into the hasher.
fn hash_of<T: Serialize>(value: &T) -> Result<blake3::Hash, ron::Error> {
    struct Feed(blake3::Hasher);
    impl std::fmt::Write for Feed {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            self.0.update(text.as_bytes());
            Ok(())
        }
    }
    let mut feed = Feed(blake3::Hasher::new());
    ron::ser::to_writer(&mut feed, value)?;
    Ok(feed.0.finalize())
}

/// One accepted command and the battle's fingerprint after it (and after the
/// sequence of play ran on to the next decision).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub command: Command,
    pub after: Fingerprint,
    /// The randomness a network game's server stirred into the dice before
    /// the command was resolved ([`Engine::submit_stirred`]); none offline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<u64>,
}

/// A battle's command log from its start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The battle as it stood at its first decision.
    pub start: Fingerprint,
    pub steps: Vec<Step>,
}

impl Record {
    /// An empty log for a battle just started.
    pub fn new(engine: &Engine) -> Self {
        Self {
            start: Fingerprint::of(engine),
            steps: Vec::new(),
        }
    }

    /// Logs a command the engine has just accepted.
    pub fn push(&mut self, command: Command, engine: &Engine) {
        self.push_stirred(command, None, engine);
    }

    /// Logs a command the engine has just accepted with `salt` stirred in.
    pub fn push_stirred(&mut self, command: Command, salt: Option<u64>, engine: &Engine) {
        self.steps.push(Step {
            command,
            after: Fingerprint::of(engine),
            salt,
        });
    }

    /// The fingerprint after `steps` commands (the start for none).
    pub fn fingerprint_after(&self, steps: usize) -> Option<&Fingerprint> {
        match steps {
            0 => Some(&self.start),
            n => self.steps.get(n - 1).map(|s| &s.after),
        }
    }

    /// Whether step `index` (from 0) rolled any die, its own or in the
    /// sequence of play after it: the dice's part of the fingerprint moved.
    pub fn rolled_dice(&self, index: usize) -> bool {
        let before = self
            .fingerprint_after(index)
            .and_then(Fingerprint::dice_part);
        let after = self
            .fingerprint_after(index + 1)
            .and_then(Fingerprint::dice_part);
        before.is_none() || before != after
    }
}
