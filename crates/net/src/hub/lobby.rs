//! The hub's lobby: saying hello under a name of one's own, opening,
//! joining, coming back to and leaving games, held to each player's and
//! each address's share.

use super::{Conn, ConnId, Hub, Out, refuse, whole_game};
use crate::game::{Game, GameMeta, Presence, SeatMeta, secret_hash};
use crate::protocol::*;

impl Hub {
    /// The lobby, sent to a connection at most once in [`LOBBY_SECONDS`]:
    /// with a thousand games it is the costliest answer the hub gives.
    pub(super) fn list_games(&mut self, conn: ConnId, now: u64, out: &mut Vec<Out>) {
        let Some(asking) = self.conns.get_mut(&conn) else {
            return;
        };
        if asking
            .listed
            .is_some_and(|at| now < at.saturating_add(LOBBY_SECONDS))
        {
            let reason = format!("the list of games is sent once in {LOBBY_SECONDS} s");
            return refuse(conn, reason, out);
        }
        asking.listed = Some(now);
        let games = self.games.values().map(|g| g.info(now)).collect();
        out.push(Out::Send(conn, ServerMsg::Games { games }));
    }

    pub(super) fn hello(&mut self, conn: ConnId, protocol: &str, name: &str, out: &mut Vec<Out>) {
        if protocol != PROTOCOL {
            let reason =
                format!("this server speaks \"{PROTOCOL}\", the game spoke \"{protocol}\"");
            out.push(Out::Close(conn, reason));
            return;
        }
        let name = name.trim();
        if let Some(problem) = swift_swords_core::names::name_problem(name, MOST_NAME_CHARS) {
            out.push(Out::Close(conn, format!("your name {problem}")));
            return;
        }
        let name = self.unique_name(name);
        if let Some(c) = self.conns.get_mut(&conn) {
            c.name = Some(name);
        }
        out.push(Out::Send(
            conn,
            ServerMsg::Welcome {
                protocol: PROTOCOL.to_string(),
                server: swift_swords_core::content::version_line().to_string(),
            },
        ));
    }

    /// `name`, or, while another connection holds it (whatever the case of
    /// its letters), `name (2)`, `name (3)`...: no one speaks under
    /// another's name.
    pub(super) fn unique_name(&self, name: &str) -> String {
        // One pass over the connections, not one a candidate: a thousand
        // players named alike cost a thousand lookups, not a million.
        let taken: std::collections::BTreeSet<String> = self
            .conns
            .values()
            .filter_map(|c| c.name.as_deref().map(str::to_lowercase))
            .collect();
        (1..=MOST_CONNECTIONS + 1)
            .map(|n| match n {
                1 => name.to_string(),
                n => format!("{name} ({n})"),
            })
            .find(|candidate| !taken.contains(&candidate.to_lowercase()))
            .unwrap_or_else(|| name.to_string())
    }

    /// Why `conn` may not open another game, if it may not: each player
    /// and each address holds only so many games that nobody else has sat
    /// down at yet.
    pub(super) fn games_open_problem(&self, conn: ConnId) -> Option<String> {
        let asking = self.conns.get(&conn)?;
        if asking.game.is_some() {
            return Some("leave your game first".to_string());
        }
        let waiting = |by: &dyn Fn(&Conn) -> bool| {
            self.games
                .values()
                .filter(|game| game.waiting_for_a_player())
                .filter(|game| {
                    game.creator
                        .and_then(|c| self.conns.get(&c))
                        .is_some_and(by)
                })
                .count()
        };
        if waiting(&|c: &Conn| c.name == asking.name) >= MOST_OPEN_GAMES_PER_PLAYER {
            return Some(format!(
                "you have {MOST_OPEN_GAMES_PER_PLAYER} games waiting for players already"
            ));
        }
        if waiting(&|c: &Conn| c.from == asking.from) >= MOST_OPEN_GAMES_PER_ADDRESS {
            return Some(format!(
                "your address has {MOST_OPEN_GAMES_PER_ADDRESS} games waiting for players already"
            ));
        }
        None
    }

    pub(super) fn create(
        &mut self,
        level_file: String,
        level_text: String,
        sequence: Option<swift_swords_core::vocabulary::Sequence>,
        password: Option<String>,
        now: u64,
    ) -> Result<u64, String> {
        if self.games.len() >= MOST_GAMES {
            return Err("the server holds as many games as it can; try later".to_string());
        }
        let id = self.next_game;
        let mut meta = GameMeta {
            id,
            level_file: level_file.chars().take(120).collect(),
            level_text,
            sequence: Default::default(),
            seed: (self.random)(id, "seed"),
            password: password
                .filter(|p| !p.is_empty())
                .map(|p| secret_hash(id, &p)),
            seats: Vec::new(),
        };
        let level = crate::game::checked_level(&meta, &self.ruleset)?;
        meta.sequence = sequence.unwrap_or(level.sequence);
        let game = Game::open(meta, self.ruleset.clone(), now)?;
        self.next_game += 1;
        if let Some(store) = &self.store
            && let Err(error) = store.save_meta(&game.meta)
        {
            self.log
                .push(format!("game {id}: not kept on disk: {error}"));
        }
        self.log.push(format!(
            "game {id} opened: {} ({})",
            game.info(now).level_name,
            game.meta.sequence.name()
        ));
        self.games.insert(id, game);
        Ok(id)
    }

    pub(super) fn join(
        &mut self,
        conn: ConnId,
        id: u64,
        side: Option<usize>,
        password: Option<String>,
        creator: bool,
        now: u64,
        out: &mut Vec<Out>,
    ) {
        if self.conns.get(&conn).is_some_and(|c| c.game.is_some()) {
            return refuse(conn, "leave your game first".to_string(), out);
        }
        let name = self.name_of(conn);
        let Some(game) = self.games.get_mut(&id) else {
            return refuse(conn, format!("there is no game {id} on this server"), out);
        };
        if !creator
            && let Some(hash) = &game.meta.password
            && password.as_deref().map(|p| secret_hash(id, p)).as_ref() != Some(hash)
        {
            return refuse(conn, "wrong password".to_string(), out);
        }
        let (token, shown) = match side {
            Some(side) => {
                let Some(seat) = game.meta.seats.get_mut(side) else {
                    return refuse(conn, format!("this battle has no side {}", side + 1), out);
                };
                if seat.player.is_some() {
                    return refuse(conn, "that seat is taken".to_string(), out);
                }
                let token = format!(
                    "{:016x}{:016x}",
                    (self.random)(id, &format!("token {side} a")),
                    (self.random)(id, &format!("token {side} b"))
                );
                *seat = SeatMeta {
                    player: Some(name.clone()),
                    token: Some(secret_hash(id, &token)),
                    ai: false,
                };
                game.presence[side] = Presence::Here(conn);
                if let Some(store) = &self.store
                    && let Err(error) = store.save_meta(&game.meta)
                {
                    self.log.push(format!("game {id}: seats not kept: {error}"));
                }
                (Some(token), game.steps())
            }
            None => {
                if game.spectators.len() >= MOST_SPECTATORS {
                    return refuse(
                        conn,
                        "this game has as many spectators as it takes".to_string(),
                        out,
                    );
                }
                game.spectators.push(conn);
                (None, game.seen_by_spectators())
            }
        };
        if let Some(c) = self.conns.get_mut(&conn) {
            c.game = Some((id, side));
        }
        let replay = Box::new(game.replay_to(shown));
        out.push(Out::Send(
            conn,
            ServerMsg::Joined {
                game: id,
                side,
                token,
                replay,
            },
        ));
        for (from, text) in game.chat.clone() {
            out.push(Out::Send(conn, ServerMsg::Chat { from, text }));
        }
        let role = side.map_or("watches".to_string(), |s| format!("takes side {}", s + 1));
        self.log.push(format!("game {id}: {name} {role}"));
        self.tell_seats(id, now, out);
    }

    pub(super) fn rejoin(
        &mut self,
        conn: ConnId,
        id: u64,
        token: &str,
        have: usize,
        now: u64,
        out: &mut Vec<Out>,
    ) {
        if self.conns.get(&conn).is_some_and(|c| c.game.is_some()) {
            return refuse(conn, "leave your game first".to_string(), out);
        }
        let Some(game) = self.games.get_mut(&id) else {
            let reason = format!("game {id} has closed on this server");
            return refuse(conn, reason, out);
        };
        let hash = secret_hash(id, token);
        let Some(side) = game
            .meta
            .seats
            .iter()
            .position(|s| s.token.as_ref() == Some(&hash))
        else {
            return refuse(
                conn,
                "that token holds no seat in this game".to_string(),
                out,
            );
        };
        if let Presence::Here(old) = game.presence[side] {
            // The same player on a new connection: the old one is stale.
            out.push(Out::Close(old, SEAT_TAKEN_ELSEWHERE.to_string()));
            if let Some(c) = self.conns.get_mut(&old) {
                c.game = None;
            }
        }
        game.presence[side] = Presence::Here(conn);
        game.meta.seats[side].ai = false;
        let replay = game.replay_to(game.steps());
        let resend = if have == 0 || have > game.steps() {
            // A client starting afresh, or one holding steps the server lost
            // in a crash, takes the server's battle whole.
            out.push(Out::Send(conn, whole_game(id, side, replay)));
            None
        } else {
            Some(replay.record.steps[have..].to_vec())
        };
        if let Some(steps) = resend {
            out.push(Out::Send(conn, ServerMsg::Back { game: id, side }));
            out.push(Out::Send(conn, ServerMsg::Steps { from: have, steps }));
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.game = Some((id, Some(side)));
        }
        let name = self.name_of(conn);
        self.log
            .push(format!("game {id}: {name} is back at step {have}"));
        self.tell_seats(id, now, out);
    }

    pub(super) fn leave_game(&mut self, conn: ConnId, now: u64, out: &mut Vec<Out>) {
        let Some((id, side)) = self.conns.get_mut(&conn).and_then(|c| c.game.take()) else {
            return;
        };
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        match side {
            Some(side) if game.presence[side] == Presence::Here(conn) => {
                game.presence[side] = Presence::Away(now);
                let name = self
                    .conns
                    .get(&conn)
                    .and_then(|c| c.name.clone())
                    .unwrap_or_default();
                self.log
                    .push(format!("game {id}: {name} left side {}", side + 1));
            }
            Some(_) => return,
            None => game.spectators.retain(|c| *c != conn),
        }
        let empty = game.members().is_empty();
        // A game its creator leaves before anyone else sat down or a step
        // was played is closed: it holds nothing to come back to.
        let unplayed = game.steps() == 0 && game.creator == Some(conn);
        if empty && (game.over() || unplayed) {
            self.games.remove(&id);
            self.log.push(format!("game {id} closed"));
            if unplayed
                && let Some(store) = &self.store
                && let Err(error) = store.forget(id)
            {
                self.log
                    .push(format!("game {id}: not taken off the disk: {error}"));
            }
            return;
        }
        self.tell_seats(id, now, out);
    }
}
