//! One network game as the server referees it: the level, the seats, the
//! battle and its record. The server's battle is the authority; a command
//! is taken from the seat that owns the combatant, when the rules allow it.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::protocol::{CHAT_KEPT, GameInfo, SPECTATOR_DELAY, SeatInfo, SeatState};
use swift_swords_core::ai::AiLevel;
use swift_swords_core::battle::command::Command;
use swift_swords_core::battle::engine::Engine;
use swift_swords_core::battle::record::{Fingerprint, Step};
use swift_swords_core::data::Ruleset;
use swift_swords_core::level::{Level, parse_level};
use swift_swords_core::replay::{Replay, command_in_words};
use swift_swords_core::rules::dice::Dice;
use swift_swords_core::seat::{Seat, seated_level};
use swift_swords_core::vocabulary::Sequence;

/// How well the server's AI plays a side handed to it.
pub const STAND_IN: AiLevel = AiLevel::Normal;

/// What the server keeps of a game besides its steps (`game.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: u64,
    pub level_file: String,
    pub level_text: String,
    pub sequence: Sequence,
    pub seed: u64,
    /// blake3 of the game's password, if it has one.
    pub password: Option<String>,
    pub seats: Vec<SeatMeta>,
}

/// One side's seat as kept on disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SeatMeta {
    pub player: Option<String>,
    /// blake3 of the token that brings the player back.
    pub token: Option<String>,
    /// The server's AI plays the side for its absent player.
    pub ai: bool,
}

/// Who is connected at a seat now (not kept on disk: after a restart every
/// player is away until they come back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Here(u64),
    /// Away since this second.
    Away(u64),
}

/// A game being refereed.
pub struct Game {
    pub meta: GameMeta,
    engine: Engine,
    replay: Replay,
    /// Each seat's connection, or since when it is away.
    pub presence: Vec<Presence>,
    pub spectators: Vec<u64>,
    /// Steps already sent to the spectators.
    pub sent_to_spectators: usize,
    pub chat: VecDeque<(String, String)>,
    /// The connection that opened it, while it is in this run's memory.
    pub creator: Option<u64>,
}

/// blake3 of a secret, salted with the game it belongs to.
pub fn secret_hash(game: u64, secret: &str) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(&game.to_le_bytes());
    hasher.update(secret.as_bytes());
    hasher.finalize().to_hex()[..32].to_string()
}

/// The level a game is played on, checked against the server's data.
pub fn checked_level(meta: &GameMeta, ruleset: &Ruleset) -> Result<Level, String> {
    let mut level = parse_level(Path::new(&meta.level_file), &meta.level_text, ruleset)
        .map_err(|problems| format!("the level has problems: {problems}"))?;
    level.sequence = meta.sequence;
    Ok(level)
}

impl Game {
    /// A new game at its start, every seat free and away since `now`.
    pub fn open(mut meta: GameMeta, ruleset: Arc<Ruleset>, now: u64) -> Result<Self, String> {
        let level = checked_level(&meta, &ruleset)?;
        meta.seats.resize(level.sides.len(), SeatMeta::default());
        let seats = vec![Seat::Human; level.sides.len()];
        let engine = Engine::start(
            &seated_level(&level, &seats),
            ruleset.clone(),
            meta.seed,
            Dice::seeded(meta.seed),
        );
        let replay = Replay::begin(
            &meta.level_file,
            &meta.level_text,
            &ruleset,
            &seats,
            &engine,
        );
        let replay = Replay {
            sequence: meta.sequence,
            ..replay
        };
        Ok(Self {
            presence: vec![Presence::Away(now); meta.seats.len()],
            meta,
            engine,
            replay,
            spectators: Vec::new(),
            sent_to_spectators: 0,
            chat: VecDeque::new(),
            creator: None,
        })
    }

    /// A game read back from disk: opened, then its steps given again and
    /// each one's fingerprint checked.
    pub fn resume(
        meta: GameMeta,
        ruleset: Arc<Ruleset>,
        steps: Vec<Step>,
        now: u64,
    ) -> Result<Self, String> {
        let mut game = Self::open(meta, ruleset, now)?;
        for (index, step) in steps.into_iter().enumerate() {
            let said = command_in_words(game.engine.state(), &step.command);
            game.engine
                .submit_stirred(&step.command, step.salt)
                .map_err(|reason| format!("step {} ({said}) is refused: {reason}", index + 1))?;
            if Fingerprint::of(&game.engine) != step.after {
                return Err(format!("step {} ({said}) no longer matches", index + 1));
            }
            game.replay
                .push_stirred(step.command, step.salt, &game.engine);
        }
        Ok(game)
    }

    pub fn steps(&self) -> usize {
        self.replay.steps()
    }

    /// Nothing played yet, and a seat that nobody (player or AI) holds.
    pub fn waiting_for_a_player(&self) -> bool {
        self.steps() == 0
            && !self.over()
            && self.meta.seats.iter().any(|s| s.player.is_none() && !s.ai)
    }

    pub fn over(&self) -> bool {
        self.engine.ended()
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The whole game as a replay.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The game as a spectator may see it: [`SPECTATOR_DELAY`] steps behind
    /// while it goes on, all of it once it is over.
    pub fn seen_by_spectators(&self) -> usize {
        if self.over() {
            self.steps()
        } else {
            self.steps().saturating_sub(SPECTATOR_DELAY)
        }
    }

    /// The replay cut after its first `steps` steps.
    pub fn replay_to(&self, steps: usize) -> Replay {
        let mut replay = self.replay.clone();
        replay.record.steps.truncate(steps);
        replay
    }

    /// The side whose combatant decides now.
    pub fn side_to_act(&self) -> Option<usize> {
        if self.over() {
            return None;
        }
        let state = self.engine.state();
        state.acting_unit().map(|i| state.units()[i].unit.side)
    }

    /// Checks `command` from the player at `side`, for step `at`, and
    /// resolves it with a salt stirred into the dice, drawn only once the
    /// command is accepted. The refusal says why in a player's words.
    pub fn play(
        &mut self,
        side: usize,
        at: usize,
        command: Command,
        salt: impl FnOnce() -> u64,
    ) -> Result<Step, String> {
        if self.over() {
            return Err("the battle is over".to_string());
        }
        if at != self.steps() {
            return Err(format!(
                "the battle has moved on: the command was for step {}, the battle is at step {}",
                at.saturating_add(1),
                self.steps() + 1
            ));
        }
        let state = self.engine.state();
        let Some(index) = state.unit_index(&command.unit) else {
            return Err("no such combatant in this battle".to_string());
        };
        let said = command_in_words(state, &command);
        if state.units()[index].unit.side != side {
            return Err(format!("{said}: that combatant is not on your side"));
        }
        self.engine
            .check(&command)
            .map_err(|reason| format!("{said}: {reason}"))?;
        let salt = salt();
        self.engine
            .submit_stirred(&command, Some(salt))
            .map_err(|reason| format!("{said}: {reason}"))?;
        self.replay.push_stirred(command, Some(salt), &self.engine);
        Ok(self.replay.record.steps[self.steps() - 1].clone())
    }

    /// The AI's command for a side handed to it, when that side decides now.
    pub fn stand_in_command(&self) -> Option<(usize, Command)> {
        let side = self.side_to_act()?;
        if !self.meta.seats.get(side)?.ai {
            return None;
        }
        swift_swords_core::ai::choose(self.engine.state(), STAND_IN).map(|command| (side, command))
    }

    /// If `fingerprint` is not the server's after step `step` (from 1): that
    /// step's command in words and the parts of the battle that differ.
    pub fn differs(&self, step: usize, fingerprint: &Fingerprint) -> Option<(String, Vec<String>)> {
        // Answered from the fingerprint kept with each step and the battle
        // as it stands: nothing is rebuilt, so a stream of forged reports
        // costs the server a comparison each.
        let ours = self.replay.record.fingerprint_after(step)?;
        if ours == fingerprint {
            return None;
        }
        let command = &self.replay.record.steps[step - 1].command;
        let said = command_in_words(self.engine.state(), command);
        Some((said, ours.differences(fingerprint, self.engine.state())))
    }

    /// The seats as the lobby and the players see them.
    pub fn seat_infos(&self, now: u64) -> Vec<SeatInfo> {
        let sides = &self.engine.state().battle().sides;
        self.meta
            .seats
            .iter()
            .zip(&self.presence)
            .enumerate()
            .map(|(i, (seat, presence))| SeatInfo {
                side_name: sides.get(i).map_or_else(String::new, |s| s.name.clone()),
                player: seat.player.clone(),
                state: match (seat.player.is_some(), seat.ai, presence) {
                    (false, _, _) => SeatState::Free,
                    (true, true, _) => SeatState::Ai,
                    (true, false, Presence::Here(_)) => SeatState::Here,
                    (true, false, Presence::Away(since)) => SeatState::Away {
                        seconds: now.saturating_sub(*since),
                    },
                },
            })
            .collect()
    }

    pub fn info(&self, now: u64) -> GameInfo {
        GameInfo {
            id: self.meta.id,
            level_name: self.engine.state().battle().level.name.clone(),
            sequence: self.meta.sequence,
            seats: self.seat_infos(now),
            password: self.meta.password.is_some(),
            steps: self.steps(),
            over: self.over(),
        }
    }

    /// Keeps a chat line for those who join later.
    pub fn remember_chat(&mut self, from: String, text: String) {
        if self.chat.len() >= CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back((from, text));
    }

    /// The connections of the game's players here and its spectators.
    pub fn members(&self) -> Vec<u64> {
        let mut members: Vec<u64> = self
            .presence
            .iter()
            .filter_map(|p| match p {
                Presence::Here(conn) => Some(*conn),
                Presence::Away(_) => None,
            })
            .collect();
        members.extend(&self.spectators);
        members
    }
}
