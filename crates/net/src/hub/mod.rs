//! The server's heart, with no network in it: connections, the lobby and
//! every game, driven by one message at a time. The transport
//! (`server.rs`) feeds it; the tests drive it directly. Time comes in as
//! seconds and randomness from a source given at the start, so a test can
//! run it to the die.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

use super::game::{Game, Presence};
use super::protocol::*;
use super::store::Store;
use swift_swords_core::data::Ruleset;

mod lobby;

pub type ConnId = u64;

/// What the hub asks the transport to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    Send(ConnId, ServerMsg),
    /// Tells the connection why, then closes it.
    Close(ConnId, String),
}

/// Where the hub's randomness comes from: game seeds, the salts stirred
/// into the dice, and tokens. It is asked for a game's number and what the
/// draw is for ("seed", "salt 12", "token 1 a"): the system's generator
/// ignores both; a test's foreseeable source hashes them, so its draws do
/// not depend on the order games were played in or on a restart.
pub type Randomness = Box<dyn FnMut(u64, &str) -> u64 + Send>;

/// Draws that are a function of `seed`, the game and the purpose: for tests
/// only, as anyone who knows the seed can foresee every roll.
pub fn foreseeable(seed: u64) -> Randomness {
    Box::new(move |game, purpose| {
        let mut hasher = blake3::Hasher::new();
        hasher.update(&seed.to_le_bytes());
        hasher.update(&game.to_le_bytes());
        hasher.update(purpose.as_bytes());
        let bytes = hasher.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&bytes.as_bytes()[..8]);
        u64::from_le_bytes(first)
    })
}

/// Stand-in commands the server's AI gives in a row before it lets others
/// speak (far beyond one side's part of a round).
const MOST_STAND_IN_STEPS: usize = 10_000;

struct Conn {
    name: Option<String>,
    game: Option<(u64, Option<usize>)>,
    /// The address it came from: games open are counted by it too.
    from: IpAddr,
    /// When it last had an out-of-sync report answered.
    answered_out_of_sync: Option<u64>,
    /// When it was last sent the lobby.
    listed: Option<u64>,
}

pub struct Hub {
    ruleset: Arc<Ruleset>,
    games: BTreeMap<u64, Game>,
    conns: BTreeMap<ConnId, Conn>,
    next_game: u64,
    store: Option<Store>,
    random: Randomness,
    log: Vec<String>,
}

impl Hub {
    /// A hub with the games kept in `store` resumed.
    pub fn new(ruleset: Arc<Ruleset>, store: Option<Store>, random: Randomness, now: u64) -> Self {
        let mut hub = Self {
            ruleset,
            games: BTreeMap::new(),
            conns: BTreeMap::new(),
            next_game: 1,
            store,
            random,
            log: Vec::new(),
        };
        hub.resume_stored(now);
        hub
    }

    fn resume_stored(&mut self, now: u64) {
        let Some(store) = &self.store else { return };
        let (stored, problems) = store.load_all();
        for problem in problems {
            self.log.push(format!("not resumed: {problem}"));
        }
        for stored in stored {
            let id = stored.meta.id;
            self.next_game = self.next_game.max(id.saturating_add(1));
            if let Some(left_out) = stored.left_out {
                self.log.push(format!("game {id}: {left_out}"));
            }
            if stored.closed {
                continue;
            }
            // A game nobody but its opener sat down at, with nothing
            // played: there is nothing to come back to.
            let seated = stored
                .meta
                .seats
                .iter()
                .filter(|s| s.player.is_some())
                .count();
            if stored.steps.is_empty() && seated < 2 {
                self.log
                    .push(format!("game {id}: not resumed: nobody joined it"));
                if let Err(error) = store.forget(id) {
                    self.log
                        .push(format!("game {id}: not taken off the disk: {error}"));
                }
                continue;
            }
            match Game::resume(stored.meta, self.ruleset.clone(), stored.steps, now) {
                Ok(game) if game.over() => {}
                Ok(game) => {
                    self.log
                        .push(format!("game {id}: resumed at step {}", game.steps()));
                    self.games.insert(id, game);
                }
                Err(problem) => self.log.push(format!("game {id}: not resumed: {problem}")),
            }
        }
    }

    /// The lines the hub has logged since last asked.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    pub fn game(&self, id: u64) -> Option<&Game> {
        self.games.get(&id)
    }

    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Closes the games nobody has sat at for [`ABANDONED_SECONDS`], with
    /// what was played of them kept as a replay.
    pub fn tick(&mut self, now: u64) {
        let abandoned: Vec<u64> = self
            .games
            .iter()
            .filter(|(_, game)| {
                game.members().is_empty()
                    && game.presence.iter().all(|p| {
                        matches!(p, Presence::Away(since) if now.saturating_sub(*since) >= ABANDONED_SECONDS)
                    })
            })
            .map(|(id, _)| *id)
            .collect();
        for id in abandoned {
            if let Some(game) = self.games.remove(&id) {
                self.log
                    .push(format!("game {id} closed: nobody came for a day"));
                if let Some(store) = &self.store
                    && let Err(error) = store.close(id, game.replay())
                {
                    self.log
                        .push(format!("game {id}: not closed on disk: {error}"));
                }
            }
        }
    }

    /// A new connection from the address `from`, or why it is refused.
    pub fn connect(&mut self, conn: ConnId, from: IpAddr) -> Result<(), String> {
        if self.conns.len() >= MOST_CONNECTIONS {
            return Err("the server is full".to_string());
        }
        self.conns.insert(
            conn,
            Conn {
                name: None,
                game: None,
                from,
                answered_out_of_sync: None,
                listed: None,
            },
        );
        Ok(())
    }

    /// A connection closed or lost.
    pub fn disconnect(&mut self, conn: ConnId, now: u64) -> Vec<Out> {
        let mut out = Vec::new();
        self.leave_game(conn, now, &mut out);
        self.conns.remove(&conn);
        out
    }

    /// One message from a connection.
    pub fn receive(&mut self, conn: ConnId, message: ClientMsg, now: u64) -> Vec<Out> {
        let mut out = Vec::new();
        let Some(named) = self.conns.get(&conn).map(|c| c.name.is_some()) else {
            return out;
        };
        match message {
            ClientMsg::Hello { .. } if named => {
                out.push(Out::Close(conn, "one hello per connection".to_string()));
            }
            ClientMsg::Hello { protocol, name } => self.hello(conn, &protocol, &name, &mut out),
            _ if !named => out.push(Out::Close(conn, "say hello first".to_string())),
            ClientMsg::Ping => out.push(Out::Send(conn, ServerMsg::Pong)),
            ClientMsg::ListGames => self.list_games(conn, now, &mut out),
            ClientMsg::CreateGame {
                level_file,
                level_text,
                sequence,
                side,
                password,
            } => {
                if let Some(reason) = self.games_open_problem(conn) {
                    return vec![Out::Send(conn, ServerMsg::Refused { reason })];
                }
                let made = self.create(level_file, level_text, sequence, password, now);
                match made {
                    Ok(id) => {
                        if let Some(game) = self.games.get_mut(&id) {
                            game.creator = Some(conn);
                        }
                        self.join(conn, id, Some(side), None, true, now, &mut out);
                    }
                    Err(reason) => refuse(conn, reason, &mut out),
                }
            }
            ClientMsg::JoinGame {
                game,
                side,
                password,
            } => self.join(conn, game, side, password, false, now, &mut out),
            ClientMsg::Rejoin { game, token, have } => {
                self.rejoin(conn, game, &token, have, now, &mut out);
            }
            ClientMsg::Command { at, command } => self.command(conn, at, command, &mut out),
            ClientMsg::Synced { step, fingerprint } => {
                self.synced(conn, step, &fingerprint, now, &mut out);
            }
            ClientMsg::HandToAi { side } => self.hand_to_ai(conn, side, now, &mut out),
            ClientMsg::Chat { text } => self.chat(conn, &text, &mut out),
            ClientMsg::Leave => self.leave_game(conn, now, &mut out),
        }
        out
    }

    fn command(
        &mut self,
        conn: ConnId,
        at: usize,
        command: swift_swords_core::battle::command::Command,
        out: &mut Vec<Out>,
    ) {
        let Some((id, Some(side))) = self.conns.get(&conn).and_then(|c| c.game) else {
            return refuse(conn, "only a seated player gives orders".to_string(), out);
        };
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        let random = &mut self.random;
        match game.play(side, at, command, || random(id, &format!("salt {at}"))) {
            Ok(step) => self.after_step(id, step, out),
            Err(reason) => {
                self.log.push(format!(
                    "game {id}: refused {}: {reason}",
                    self.name_of(conn)
                ));
                refuse(conn, reason, out);
            }
        }
        self.run_stand_ins(id, out);
    }

    /// Gives the server's AI its turns while a side handed to it decides.
    fn run_stand_ins(&mut self, id: u64, out: &mut Vec<Out>) {
        for _ in 0..MOST_STAND_IN_STEPS {
            let Some(game) = self.games.get_mut(&id) else {
                return;
            };
            let Some((side, command)) = game.stand_in_command() else {
                return;
            };
            let at = game.steps();
            let random = &mut self.random;
            match game.play(side, at, command, || random(id, &format!("salt {at}"))) {
                Ok(step) => self.after_step(id, step, out),
                Err(reason) => {
                    self.log
                        .push(format!("game {id}: the AI's command refused: {reason}"));
                    return;
                }
            }
        }
    }

    /// Keeps an accepted step and sends it on: to the players at once, to
    /// the spectators once it is [`SPECTATOR_DELAY`] steps old.
    fn after_step(
        &mut self,
        id: u64,
        step: swift_swords_core::battle::record::Step,
        out: &mut Vec<Out>,
    ) {
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        let sent = game.sent_to_spectators;
        let seen = game.seen_by_spectators();
        game.sent_to_spectators = sent.max(seen);
        let index = game.steps() - 1;
        if let Some(store) = &self.store
            && let Err(error) = store.append_step(id, &step)
        {
            self.log
                .push(format!("game {id}: step {} not kept: {error}", index + 1));
        }
        for presence in &game.presence {
            if let Presence::Here(conn) = presence {
                let steps = vec![step.clone()];
                out.push(Out::Send(*conn, ServerMsg::Steps { from: index, steps }));
            }
        }
        if seen > sent {
            let steps = game.replay().record.steps[sent..seen].to_vec();
            for conn in &game.spectators {
                let steps = steps.clone();
                out.push(Out::Send(*conn, ServerMsg::Steps { from: sent, steps }));
            }
        }
        if game.over() {
            let outcome = game
                .engine()
                .state()
                .battle()
                .outcome_in_words()
                .unwrap_or_default();
            self.log.push(format!(
                "game {id} is over after {} steps: {outcome}",
                game.steps()
            ));
            if let Some(store) = &self.store
                && let Err(error) = store.close(id, game.replay())
            {
                self.log
                    .push(format!("game {id}: replay not kept: {error}"));
            }
        }
    }

    fn synced(
        &mut self,
        conn: ConnId,
        step: usize,
        fingerprint: &swift_swords_core::battle::record::Fingerprint,
        now: u64,
        out: &mut Vec<Out>,
    ) {
        let Some((id, Some(side))) = self.conns.get(&conn).and_then(|c| c.game) else {
            return;
        };
        // One answer in [`OUT_OF_SYNC_SECONDS`] a connection: the answer
        // sends the whole game, which a stream of forged reports must not
        // make the server do again and again.
        let answered = self.conns.get(&conn).and_then(|c| c.answered_out_of_sync);
        if answered.is_some_and(|at| now.saturating_sub(at) < OUT_OF_SYNC_SECONDS) {
            return;
        }
        let Some(game) = self.games.get(&id) else {
            return;
        };
        if step == 0 || step > game.steps() {
            return refuse(conn, format!("there is no step {step} yet"), out);
        }
        let Some((command, parts)) = game.differs(step, fingerprint) else {
            return;
        };
        let player = self.name_of(conn);
        self.log.push(format!(
            "game {id}: out of sync: {player} (side {}) after step {step} ({command}), in {}",
            side + 1,
            parts.join(", ")
        ));
        let message = ServerMsg::OutOfSync {
            step,
            command,
            player,
            parts,
        };
        // The seated players only: a spectator, held steps behind, would
        // learn of steps it has not yet been shown.
        for presence in &game.presence {
            if let Presence::Here(seated) = presence {
                out.push(Out::Send(*seated, message.clone()));
            }
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.answered_out_of_sync = Some(now);
        }
        // The game goes on from the server's battle.
        out.push(Out::Send(conn, whole_game(id, side, game.replay().clone())));
    }

    fn hand_to_ai(&mut self, conn: ConnId, side: usize, now: u64, out: &mut Vec<Out>) {
        let Some((id, Some(mine))) = self.conns.get(&conn).and_then(|c| c.game) else {
            return refuse(conn, "only a seated player may do that".to_string(), out);
        };
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        let away = match game.presence.get(side) {
            Some(Presence::Away(since)) if side != mine => now.saturating_sub(*since),
            _ => return refuse(conn, "that side's player is here".to_string(), out),
        };
        if away < GRACE_SECONDS {
            let left = GRACE_SECONDS - away;
            return refuse(conn, format!("give them {left} s more to come back"), out);
        }
        game.meta.seats[side].ai = true;
        self.log
            .push(format!("game {id}: side {} handed to the AI", side + 1));
        self.tell_seats(id, now, out);
        self.run_stand_ins(id, out);
    }

    fn chat(&mut self, conn: ConnId, text: &str, out: &mut Vec<Out>) {
        let Some((id, _)) = self.conns.get(&conn).and_then(|c| c.game) else {
            return;
        };
        let text: String = text
            .chars()
            .filter(|c| !c.is_control())
            .take(MOST_CHAT_CHARS)
            .collect();
        if text.trim().is_empty() {
            return;
        }
        let from = self.name_of(conn);
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        game.remember_chat(from.clone(), text.clone());
        for member in game.members() {
            out.push(Out::Send(
                member,
                ServerMsg::Chat {
                    from: from.clone(),
                    text: text.clone(),
                },
            ));
        }
    }

    fn tell_seats(&self, id: u64, now: u64, out: &mut Vec<Out>) {
        let Some(game) = self.games.get(&id) else {
            return;
        };
        let seats = game.seat_infos(now);
        for member in game.members() {
            out.push(Out::Send(
                member,
                ServerMsg::Seats {
                    seats: seats.clone(),
                },
            ));
        }
    }

    fn name_of(&self, conn: ConnId) -> String {
        self.conns
            .get(&conn)
            .and_then(|c| c.name.clone())
            .unwrap_or_else(|| format!("connection {conn}"))
    }
}

/// The game whole for a player coming back afresh or set again after
/// being out of sync (no token: they hold theirs).
fn whole_game(id: u64, side: usize, replay: swift_swords_core::replay::Replay) -> ServerMsg {
    ServerMsg::Joined {
        game: id,
        side: Some(side),
        token: None,
        replay: Box::new(replay),
    }
}

fn refuse(conn: ConnId, reason: String, out: &mut Vec<Out>) {
    out.push(Out::Send(conn, ServerMsg::Refused { reason }));
}
