//! Network play (docs/NETWORK.md): the server's hub driven in-process with
//! its randomness seeded, two mirrors as its clients; then the real server
//! on loopback, and the game's binary as server and headless clients. Every
//! wait is bounded.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use swift_swords::ai::AiLevel;
use swift_swords::battle::command::Command;
use swift_swords::battle::record::Fingerprint;
use swift_swords::data::Ruleset;
use swift_swords::net::hub::{Hub, Out, foreseeable};
use swift_swords::net::mirror::NetGame;
use swift_swords::net::protocol::*;
use swift_swords::net::store::Store;
use swift_swords::replay::Replay;

use crate::common::ruleset;

/// Where every in-process client comes from.
pub(crate) const LOOPBACK: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

/// Rounds of message passing a whole game may take (far beyond one).
const MOST_ROUNDS: usize = 20_000;

#[derive(Default)]
pub(crate) struct Client {
    pub(crate) inbox: Vec<ServerMsg>,
    pub(crate) closed: Option<String>,
    pub(crate) mirror: Option<NetGame>,
    pub(crate) token: Option<String>,
    pub(crate) sent_for: Option<usize>,
    pub(crate) refusals: Vec<String>,
    pub(crate) out_of_sync: Vec<(usize, String)>,
}

/// A hub and its clients, messages passed by hand.
pub(crate) struct Net {
    pub(crate) hub: Hub,
    pub(crate) clients: BTreeMap<u64, Client>,
    pub(crate) now: u64,
    ruleset: Arc<Ruleset>,
}

impl Net {
    pub(crate) fn new(store: Option<Store>) -> Self {
        let ruleset = ruleset();
        Self {
            hub: Hub::new(ruleset.clone(), store, foreseeable(5), 0),
            clients: BTreeMap::new(),
            now: 0,
            ruleset,
        }
    }

    pub(crate) fn connect(&mut self, conn: u64, name: &str) {
        self.hub
            .connect(conn, LOOPBACK)
            .expect("room for a connection");
        self.clients.insert(conn, Client::default());
        self.send(
            conn,
            ClientMsg::Hello {
                protocol: PROTOCOL.to_string(),
                name: name.to_string(),
            },
        );
    }

    pub(crate) fn send(&mut self, conn: u64, message: ClientMsg) {
        let out = self.hub.receive(conn, message, self.now);
        self.route(out);
    }

    pub(crate) fn drop_conn(&mut self, conn: u64) {
        let out = self.hub.disconnect(conn, self.now);
        self.clients.remove(&conn);
        self.route(out);
    }

    fn route(&mut self, out: Vec<Out>) {
        for item in out {
            match item {
                Out::Send(conn, message) => {
                    if let Some(client) = self.clients.get_mut(&conn) {
                        client.inbox.push(message);
                    }
                }
                Out::Close(conn, reason) => {
                    if let Some(client) = self.clients.get_mut(&conn) {
                        client.closed = Some(reason);
                    }
                }
            }
        }
    }

    /// Each client reads its messages, reports its fingerprints and, with
    /// `ai`, gives its seat's orders. Whether anything was sent.
    pub(crate) fn pump(&mut self, ai: Option<AiLevel>) -> bool {
        let mut to_send = Vec::new();
        for (&conn, client) in &mut self.clients {
            for message in std::mem::take(&mut client.inbox) {
                match message {
                    ServerMsg::Joined {
                        game,
                        side,
                        token,
                        replay,
                    } => {
                        client.mirror = Some(
                            NetGame::joined(game, side, *replay, self.ruleset.clone())
                                .expect("the server's game rebuilds"),
                        );
                        client.token = token.or(client.token.take());
                        client.sent_for = None;
                    }
                    ServerMsg::Steps { from, steps } => {
                        let mirror = client.mirror.as_mut().expect("joined first");
                        for applied in mirror.apply(from, steps).expect("steps apply") {
                            if mirror.side.is_some() {
                                to_send.push((
                                    conn,
                                    ClientMsg::Synced {
                                        step: applied.step,
                                        fingerprint: applied.fingerprint,
                                    },
                                ));
                            }
                        }
                    }
                    ServerMsg::Refused { reason } => client.refusals.push(reason),
                    ServerMsg::OutOfSync { step, player, .. } => {
                        client.out_of_sync.push((step, player))
                    }
                    _ => {}
                }
            }
            if let (Some(level), Some(mirror)) = (ai, &client.mirror)
                && mirror.my_turn()
                && client.sent_for != Some(mirror.steps())
            {
                let command = swift_swords::ai::choose(mirror.engine().state(), level)
                    .expect("the AI has a command");
                client.sent_for = Some(mirror.steps());
                to_send.push((
                    conn,
                    ClientMsg::Command {
                        at: mirror.steps(),
                        command,
                    },
                ));
            }
        }
        let sent = !to_send.is_empty();
        for (conn, message) in to_send {
            self.send(conn, message);
        }
        sent
    }

    /// Pumps until nobody has anything to say.
    pub(crate) fn settle(&mut self, ai: Option<AiLevel>) {
        for _ in 0..MOST_ROUNDS {
            if !self.pump(ai) && self.clients.values().all(|c| c.inbox.is_empty()) {
                return;
            }
        }
        panic!("the game never settled");
    }

    pub(crate) fn client(&self, conn: u64) -> &Client {
        &self.clients[&conn]
    }

    pub(crate) fn mirror(&self, conn: u64) -> &NetGame {
        self.client(conn).mirror.as_ref().expect("joined")
    }

    /// A spectator, `name` on `conn`, joins `game` with no side.
    pub(crate) fn watch(&mut self, conn: u64, name: &str, game: u64) {
        self.connect(conn, name);
        self.send(
            conn,
            ClientMsg::JoinGame {
                game,
                side: None,
                password: None,
            },
        );
    }

    pub(crate) fn open_skirmish(&mut self) -> u64 {
        self.connect(1, "Ada");
        self.send(1, create("skirmish.ron", 0));
        self.connect(2, "Bo");
        self.send(
            2,
            ClientMsg::JoinGame {
                game: 1,
                side: Some(1),
                password: None,
            },
        );
        self.settle(None);
        1
    }
}

pub(crate) fn create(level: &str, side: usize) -> ClientMsg {
    ClientMsg::CreateGame {
        level_file: level.to_string(),
        level_text: std::fs::read_to_string(format!("levels/{level}")).unwrap(),
        sequence: None,
        side,
        password: None,
    }
}

fn server_fingerprint(net: &Net, game: u64) -> Fingerprint {
    let game = net.hub.game(game).expect("the game is kept");
    Fingerprint::of(game.engine())
}

#[test]
fn a_whole_ai_game_through_the_hub_ends_with_both_clients_on_the_servers_fingerprint() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    net.settle(Some(AiLevel::Easy));
    let server = net.hub.game(game).expect("the game is kept");
    assert!(server.over(), "the battle ended");
    let ours = server_fingerprint(&net, game);
    for conn in [1, 2] {
        assert_eq!(Fingerprint::of(net.mirror(conn).engine()), ours);
        assert_eq!(net.mirror(conn).steps(), server.steps());
        assert!(net.client(conn).refusals.is_empty());
        assert!(net.client(conn).out_of_sync.is_empty());
    }
    // Every step carries the server's salt, and the finished game is an
    // ordinary replay that rebuilds offline to the same battle.
    let replay = server.replay().clone();
    assert!(replay.record.steps.iter().all(|s| s.salt.is_some()));
    let text = replay.to_ron().unwrap();
    let read = Replay::parse(std::path::Path::new("net.ron"), &text).unwrap();
    let level = read
        .level(std::path::Path::new("net.ron"), &net.ruleset)
        .unwrap();
    let rebuilt = read
        .rebuild(&level, net.ruleset.clone(), read.steps())
        .expect("the network game's replay verifies");
    assert_eq!(Fingerprint::of(&rebuilt), ours);
}

#[test]
fn the_salt_makes_the_dice_unforeseeable_from_the_seed() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    net.settle(Some(AiLevel::Easy));
    let server = net.hub.game(game).unwrap();
    // The same commands without the salts part from the server's battle at
    // the first step that rolled a die.
    let mut unsalted = server.replay().clone();
    for step in &mut unsalted.record.steps {
        step.salt = None;
    }
    let level = unsalted
        .level(std::path::Path::new("x"), &net.ruleset)
        .unwrap();
    let parted = unsalted
        .rebuild(&level, net.ruleset.clone(), unsalted.steps())
        .expect_err("without the salts the battle differs");
    assert_eq!(parted.step, 1);
}

#[test]
fn commands_out_of_turn_for_the_other_side_stale_or_by_a_spectator_are_refused_and_harm_nothing() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    let before = server_fingerprint(&net, game);
    let state = net.mirror(1).engine().state().clone();
    let acting = state.acting_unit().unwrap();
    let acting_side = state.units()[acting].unit.side;
    let (mine, theirs) = if acting_side == 0 { (1, 2) } else { (2, 1) };
    let command = swift_swords::ai::choose(&state, AiLevel::Easy).unwrap();
    // The other side's player gives the acting combatant's order.
    net.send(
        theirs,
        ClientMsg::Command {
            at: 0,
            command: command.clone(),
        },
    );
    // A combatant of the other side's own, out of its turn.
    let idle = state
        .units()
        .iter()
        .find(|u| u.unit.side != acting_side)
        .unwrap()
        .clone();
    let out_of_turn = Command {
        unit: idle.unit.id.clone(),
        order: command.order.clone(),
    };
    net.send(
        theirs,
        ClientMsg::Command {
            at: 0,
            command: out_of_turn,
        },
    );
    // The right player, on a stale view of the battle.
    net.send(
        mine,
        ClientMsg::Command {
            at: 3,
            command: command.clone(),
        },
    );
    net.connect(3, "Cy");
    net.send(
        3,
        ClientMsg::JoinGame {
            game,
            side: None,
            password: None,
        },
    );
    net.send(3, ClientMsg::Command { at: 0, command });
    net.pump(None);
    let refusals = &net.client(theirs).refusals;
    assert_eq!(refusals.len(), 2, "{refusals:?}");
    assert!(refusals[0].ends_with("that combatant is not on your side"));
    assert!(
        refusals[1].starts_with(&format!("{}: ", idle.unit.name)),
        "{}",
        refusals[1]
    );
    assert_eq!(
        net.client(mine).refusals,
        vec!["the battle has moved on: the command was for step 4, the battle is at step 1"]
    );
    assert_eq!(
        net.client(3).refusals,
        vec!["only a seated player gives orders"]
    );
    assert_eq!(server_fingerprint(&net, game), before);
    assert_eq!(net.hub.game(game).unwrap().steps(), 0);
}

#[test]
fn a_forged_fingerprint_is_named_out_of_sync_and_its_client_gets_the_servers_battle() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    for _ in 0..40 {
        net.pump(Some(AiLevel::Easy));
    }
    let steps = net.hub.game(game).unwrap().steps();
    assert!(steps >= 2);
    let forged = Fingerprint {
        hash: "0".repeat(32),
        parts: net.hub.game(game).unwrap().replay().record.steps[1]
            .after
            .parts
            .replacen(|c: char| c.is_ascii_hexdigit(), "z", 1),
    };
    net.send(
        2,
        ClientMsg::Synced {
            step: 2,
            fingerprint: forged,
        },
    );
    for conn in [1, 2] {
        let told: Vec<_> = net.clients[&conn]
            .inbox
            .iter()
            .filter_map(|m| match m {
                ServerMsg::OutOfSync {
                    step,
                    player,
                    parts,
                    ..
                } => Some((*step, player.clone(), parts.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(
            told,
            vec![(
                2,
                "Bo".to_string(),
                vec!["the round, turn and phase".to_string()]
            )]
        );
    }
    assert!(matches!(
        net.clients[&2].inbox.last(),
        Some(ServerMsg::Joined { token: None, .. })
    ));
    // The game goes on to its end, both clients on the server's battle.
    net.settle(Some(AiLevel::Easy));
    assert!(net.hub.game(game).unwrap().over());
    let ours = server_fingerprint(&net, game);
    assert_eq!(Fingerprint::of(net.mirror(1).engine()), ours);
    assert_eq!(Fingerprint::of(net.mirror(2).engine()), ours);
}

#[test]
fn a_player_who_drops_comes_back_with_the_token_and_catches_up() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    for _ in 0..10 {
        net.pump(Some(AiLevel::Easy));
    }
    let token = net.client(2).token.clone().expect("a seat's token");
    let held = net.mirror(2).steps();
    net.drop_conn(2);
    net.now = 30;
    // The other player is told who is away; the game waits on them.
    net.settle(Some(AiLevel::Easy));
    let moved_on = net.hub.game(game).unwrap().steps();
    let away = net.hub.game(game).unwrap().seat_infos(net.now)[1].clone();
    assert_eq!(away.state, SeatState::Away { seconds: 30 });
    assert_eq!(
        away.in_words(),
        format!("{}: waiting for Bo (30 s)", away.side_name)
    );
    // Too soon to hand the side to the AI.
    net.send(1, ClientMsg::HandToAi { side: 1 });
    assert_eq!(
        net.client(1).refusals_now(),
        Some("give them 60 s more to come back")
    );
    // A wrong token is refused; the right one brings Bo back with the
    // steps missed, checked one by one.
    net.connect(4, "Bo");
    net.send(
        4,
        ClientMsg::Rejoin {
            game,
            token: "not the token".to_string(),
            have: held,
        },
    );
    assert_eq!(
        net.client(4).inbox.last(),
        Some(&ServerMsg::Refused {
            reason: "that token holds no seat in this game".to_string()
        })
    );
    net.send(
        4,
        ClientMsg::Rejoin {
            game,
            token,
            have: 0,
        },
    );
    net.settle(Some(AiLevel::Easy));
    assert!(net.hub.game(game).unwrap().over());
    assert!(net.hub.game(game).unwrap().steps() > moved_on);
    let ours = server_fingerprint(&net, game);
    assert_eq!(Fingerprint::of(net.mirror(4).engine()), ours);
}

#[test]
fn a_side_whose_player_stays_away_past_the_grace_time_may_be_handed_to_the_ai() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    net.drop_conn(2);
    net.now = GRACE_SECONDS;
    net.send(1, ClientMsg::HandToAi { side: 1 });
    net.settle(Some(AiLevel::Easy));
    let server = net.hub.game(game).unwrap();
    assert!(server.over(), "the server's AI played the side to the end");
    assert_eq!(server.seat_infos(net.now)[1].state, SeatState::Ai);
    assert_eq!(
        Fingerprint::of(net.mirror(1).engine()),
        server_fingerprint(&net, game)
    );
}

#[test]
fn spectators_see_the_game_four_steps_behind_and_all_of_it_at_the_end() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    net.watch(3, "Cy", game);
    for _ in 0..12 {
        net.pump(Some(AiLevel::Easy));
        let players = net.mirror(1).steps();
        let watched = net.mirror(3).steps();
        assert_eq!(watched, players.saturating_sub(SPECTATOR_DELAY));
    }
    net.settle(Some(AiLevel::Easy));
    assert_eq!(
        Fingerprint::of(net.mirror(3).engine()),
        server_fingerprint(&net, game)
    );
}

#[test]
fn a_restarted_server_resumes_every_game_from_its_log_and_leaves_out_a_line_cut_short() {
    let scratch = swift_swords::scratch::Scratch::new("net");
    let dir = scratch.path().to_path_buf();
    let mut net = Net::new(Some(Store::new(&dir)));
    let game = net.open_skirmish();
    for _ in 0..10 {
        net.pump(Some(AiLevel::Easy));
    }
    let steps = net.hub.game(game).unwrap().steps();
    let at = server_fingerprint(&net, game);
    // A crash in the middle of writing a step.
    let log = dir.join("games/1/steps.ron");
    let mut text = std::fs::read_to_string(&log).unwrap();
    text.push_str("(command:(unit:\"hal");
    std::fs::write(&log, text).unwrap();
    let mut again = Hub::new(ruleset(), Some(Store::new(&dir)), foreseeable(5), 0);
    let said = again.take_log();
    assert_eq!(
        said,
        vec![
            format!("game 1: step {} was cut short and is left out", steps + 1),
            format!("game 1: resumed at step {steps}"),
        ]
    );
    assert_eq!(Fingerprint::of(again.game(game).unwrap().engine()), at);
    // A player comes back to the resumed game with their token.
    let token = net.client(1).token.clone().unwrap();
    again.connect(9, LOOPBACK).unwrap();
    again.receive(
        9,
        ClientMsg::Hello {
            protocol: PROTOCOL.to_string(),
            name: "Ada".to_string(),
        },
        0,
    );
    let out = again.receive(
        9,
        ClientMsg::Rejoin {
            game,
            token,
            have: steps,
        },
        0,
    );
    assert!(matches!(
        &out[0],
        Out::Send(9, ServerMsg::Back { game: 1, side: 0 })
    ));
}

#[test]
fn the_lobby_lists_games_keeps_passwords_and_says_when_a_game_has_closed() {
    let mut net = Net::new(None);
    net.connect(1, "Ada");
    let ClientMsg::CreateGame {
        level_file,
        level_text,
        ..
    } = create("duel.ron", 0)
    else {
        unreachable!()
    };
    net.send(
        1,
        ClientMsg::CreateGame {
            level_file,
            level_text,
            sequence: None,
            side: 0,
            password: Some("owl".to_string()),
        },
    );
    net.connect(2, "Bo");
    net.send(2, ClientMsg::ListGames);
    let Some(ServerMsg::Games { games }) = net.client(2).inbox.last().cloned() else {
        panic!("a list of games");
    };
    assert_eq!(games.len(), 1);
    assert!(games[0].password);
    assert_eq!(games[0].seats[0].player.as_deref(), Some("Ada"));
    assert_eq!(games[0].seats[1].state, SeatState::Free);
    let join = |password: &str| ClientMsg::JoinGame {
        game: 1,
        side: Some(1),
        password: Some(password.to_string()),
    };
    net.send(2, join("cat"));
    assert_eq!(net.client(2).refusals_now(), Some("wrong password"));
    net.send(2, join("owl"));
    assert!(matches!(
        net.client(2)
            .inbox
            .iter()
            .find(|m| matches!(m, ServerMsg::Joined { .. })),
        Some(ServerMsg::Joined { side: Some(1), .. })
    ));
    net.connect(5, "Di");
    net.send(
        5,
        ClientMsg::Rejoin {
            game: 7,
            token: "x".to_string(),
            have: 0,
        },
    );
    assert_eq!(
        net.client(5).refusals_now(),
        Some("game 7 has closed on this server")
    );
    // A name too long, or a client of another protocol, is shown the door.
    net.hub.connect(6, LOOPBACK).unwrap();
    net.clients.insert(6, Client::default());
    net.send(
        6,
        ClientMsg::Hello {
            protocol: "swift-swords net 0".to_string(),
            name: "Ed".to_string(),
        },
    );
    assert_eq!(
        net.client(6).closed.as_deref(),
        Some("this server speaks \"swift-swords net 1\", the game spoke \"swift-swords net 0\"")
    );
    net.hub.connect(8, LOOPBACK).unwrap();
    net.clients.insert(8, Client::default());
    net.send(8, ClientMsg::ListGames);
    assert_eq!(net.client(8).closed.as_deref(), Some("say hello first"));
}

impl Client {
    /// The last refusal among the messages not yet read.
    pub(crate) fn refusals_now(&self) -> Option<&str> {
        self.inbox.iter().rev().find_map(|m| match m {
            ServerMsg::Refused { reason } => Some(reason.as_str()),
            _ => None,
        })
    }
}

// On loopback: the real server and connections.

pub(crate) fn loopback() -> swift_swords::net::server::RunningServer {
    swift_swords::net::server::start(
        swift_swords::net::server::ServerConfig {
            bind: "127.0.0.1:0".parse().unwrap(),
            data_dir: None,
            foreseeable: Some(1),
        },
        ruleset(),
        |_| {},
    )
    .expect("a server on loopback")
}

pub(crate) fn closing_reason(
    connection: &swift_swords::net::connection::Connection,
) -> Option<String> {
    use swift_swords::net::connection::Incoming;
    for _ in 0..20 {
        match connection.recv_timeout(Duration::from_millis(500)) {
            Some(Incoming::Message(ServerMsg::Closing { reason })) => return Some(reason),
            Some(Incoming::Closed(reason)) => return Some(reason),
            Some(_) => {}
            None => {}
        }
    }
    None
}

#[test]
fn on_loopback_a_huge_message_or_garbage_closes_only_that_connection() {
    use swift_swords::net::connection::{Connection, Incoming};
    let server = loopback();
    let addr = server.addr.to_string();
    let good = Connection::open(&addr, "Ada").expect("connects");
    good.send(&create("skirmish.ron", 0));
    let garbage = Connection::open(&addr, "Bo").unwrap();
    garbage.send_raw("\u{1}\u{2} not a message".to_string());
    let reason = closing_reason(&garbage).expect("closed");
    assert!(
        reason.starts_with("not a message at line 1, column 1"),
        "{reason}"
    );
    let huge = Connection::open(&addr, "Cy").unwrap();
    huge.send_raw(format!("Chat(text:\"{}\")", "a".repeat(MOST_CLIENT_BYTES)));
    assert!(closing_reason(&huge).is_some());
    // The good connection and its game are untouched.
    good.send(&ClientMsg::ListGames);
    let listed = (0..20).find_map(|_| match good.recv_timeout(Duration::from_millis(500)) {
        Some(Incoming::Message(ServerMsg::Games { games })) => Some(games),
        _ => None,
    });
    let games = listed.expect("the lobby answers");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].steps, 0);
    server.stop();
}

#[test]
fn a_game_nobody_sits_at_for_a_day_is_closed_and_kept_as_a_replay() {
    let scratch = swift_swords::scratch::Scratch::new("abandoned");
    let dir = scratch.path().to_path_buf();
    let mut net = Net::new(Some(Store::new(&dir)));
    let game = net.open_skirmish();
    net.drop_conn(1);
    net.drop_conn(2);
    net.hub.tick(ABANDONED_SECONDS - 1);
    assert!(net.hub.game(game).is_some());
    net.hub.tick(ABANDONED_SECONDS);
    assert!(net.hub.game(game).is_none());
    assert!(
        net.hub
            .take_log()
            .contains(&"game 1 closed: nobody came for a day".to_string())
    );
    assert!(Replay::read(&dir.join("games/1/replay.ron")).is_ok());
    let again = Hub::new(ruleset(), Some(Store::new(&dir)), foreseeable(5), 0);
    assert_eq!(again.games(), 0);
}
