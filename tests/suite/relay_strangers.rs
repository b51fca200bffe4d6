//! The relay as a shared place (#73): one stranger's connections, games,
//! forged reports and names cannot lock out, slow down or deceive anyone
//! else. The hub is driven in-process; the per-address and hello limits
//! on loopback, every wait bounded.

use std::io::{Read as _, Write as _};
use std::time::{Duration, Instant};

use swift_swords::ai::AiLevel;
use swift_swords::battle::record::Fingerprint;
use swift_swords::net::connection::{Connection, Incoming};
use swift_swords::net::protocol::*;
use swift_swords::net::store::Store;

use crate::network::{LOOPBACK, Net, create, loopback};

fn hello(name: &str) -> ClientMsg {
    ClientMsg::Hello {
        protocol: PROTOCOL.to_string(),
        name: name.to_string(),
    }
}

/// The chat lines a client has been sent, as (from, text).
fn chat_seen(net: &Net, conn: u64) -> Vec<(String, String)> {
    net.client(conn)
        .inbox
        .iter()
        .filter_map(|m| match m {
            ServerMsg::Chat { from, text } => Some((from.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

/// A seated connection cannot say hello again under another name, a name
/// held by another connection is told apart, and a name that turns the
/// writing or hides characters is refused.
#[test]
fn one_hello_a_connection_and_no_one_speaks_under_anothers_name() {
    let mut net = Net::new(None);
    net.open_skirmish();
    net.send(2, hello("Ada"));
    assert_eq!(
        net.client(2).closed.as_deref(),
        Some("one hello per connection")
    );
    let mut net = Net::new(None);
    net.connect(1, "Ada");
    net.send(1, create("skirmish.ron", 0));
    net.connect(2, "ada");
    net.send(
        2,
        ClientMsg::JoinGame {
            game: 1,
            side: Some(1),
            password: None,
        },
    );
    net.send(
        2,
        ClientMsg::Chat {
            text: "I resign".to_string(),
        },
    );
    assert_eq!(
        chat_seen(&net, 1),
        vec![("ada (2)".to_string(), "I resign".to_string())]
    );
    for (conn, name) in [
        (3, "Hon\u{202E}est"),
        (4, "Hon\u{200B}est"),
        (5, "\u{200B}"),
    ] {
        net.connect(conn, name);
        let closed = net.client(conn).closed.clone().unwrap_or_default();
        assert!(closed.starts_with("your name "), "{name:?}: {closed}");
    }
}

/// A game whose opener leaves before anyone sat down is closed, so
/// opening and leaving cannot fill the server; one address holds only a
/// few games waiting for players at once.
#[test]
fn a_stranger_cannot_fill_the_servers_games() {
    let mut net = Net::new(None);
    net.connect(1, "Mallory");
    for _ in 0..50 {
        net.send(1, create("skirmish.ron", 0));
        net.send(1, ClientMsg::Leave);
    }
    assert_eq!(net.hub.games(), 0, "each game closed as its opener left");
    for conn in 2..=6 {
        net.connect(conn, &format!("M{conn}"));
        net.send(conn, create("skirmish.ron", 0));
    }
    assert_eq!(net.hub.games(), MOST_OPEN_GAMES_PER_ADDRESS);
    assert_eq!(
        net.client(6).refusals_now(),
        Some("your address has 4 games waiting for players already")
    );
    // A game a second player joined no longer waits: its opener's address
    // may open another.
    net.connect(7, "Bo");
    net.send(
        7,
        ClientMsg::JoinGame {
            game: 51,
            side: Some(1),
            password: None,
        },
    );
    net.send(6, create("skirmish.ron", 0));
    assert_eq!(net.hub.games(), MOST_OPEN_GAMES_PER_ADDRESS + 1);
    assert!(LOOPBACK.is_loopback());
}

/// After a restart, a game nobody joined is neither resumed nor kept.
#[test]
fn a_game_nobody_joined_is_not_resumed_after_a_restart() {
    let scratch = swift_swords::scratch::Scratch::new("unjoined");
    let dir = scratch.path().to_path_buf();
    let mut net = Net::new(Some(Store::new(&dir)));
    net.connect(1, "Ada");
    net.send(1, create("skirmish.ron", 0));
    assert_eq!(net.hub.games(), 1);
    let mut again = swift_swords::net::hub::Hub::new(
        crate::common::ruleset(),
        Some(Store::new(&dir)),
        swift_swords::net::hub::foreseeable(5),
        0,
    );
    assert_eq!(again.games(), 0);
    assert_eq!(
        again.take_log(),
        vec!["game 1: not resumed: nobody joined it".to_string()]
    );
    assert!(!dir.join("games/1").exists());
}

/// A stream of forged fingerprints is answered once in its time, from the
/// fingerprints kept with the steps, and only to the seated players: the
/// spectator, held steps behind, is told nothing. An order for step
/// `u64::MAX` is refused, not wrapped.
#[test]
fn forged_reports_are_answered_once_in_their_time_and_never_to_spectators() {
    let mut net = Net::new(None);
    let game = net.open_skirmish();
    net.watch(3, "Cy", game);
    for _ in 0..40 {
        net.pump(Some(AiLevel::Easy));
    }
    for conn in [1, 2, 3] {
        net.clients.get_mut(&conn).expect("a client").inbox.clear();
    }
    let forged = Fingerprint {
        hash: "0".repeat(32),
        parts: "forged".to_string(),
    };
    for _ in 0..100 {
        net.send(
            2,
            ClientMsg::Synced {
                step: 1,
                fingerprint: forged.clone(),
            },
        );
    }
    let whole_games = |net: &Net, conn| {
        net.client(conn)
            .inbox
            .iter()
            .filter(|m| matches!(m, ServerMsg::Joined { .. }))
            .count()
    };
    let told = |net: &Net, conn| {
        net.client(conn)
            .inbox
            .iter()
            .filter(|m| matches!(m, ServerMsg::OutOfSync { .. }))
            .count()
    };
    assert_eq!(
        (whole_games(&net, 2), told(&net, 1), told(&net, 3)),
        (1, 1, 0)
    );
    net.now += OUT_OF_SYNC_SECONDS;
    net.send(
        2,
        ClientMsg::Synced {
            step: 1,
            fingerprint: forged,
        },
    );
    assert_eq!(
        whole_games(&net, 2),
        2,
        "answered again once its time is past"
    );
    net.send(
        1,
        ClientMsg::Command {
            at: usize::MAX,
            command: swift_swords::battle::command::Command {
                unit: "x".to_string(),
                order: swift_swords::battle::command::Order::Pass,
            },
        },
    );
    let refused = net.client(1).refusals_now().unwrap_or_default().to_string();
    assert!(refused.starts_with("the battle has moved on"), "{refused}");
}

/// On loopback: one address holds eight connections and the ninth is told
/// why; a connection that pings but never says hello, and one that never
/// finishes its handshake, are closed in their time.
#[test]
fn on_loopback_one_address_cannot_hold_the_server_open() {
    let server = loopback();
    let addr = server.addr.to_string();
    // A raw socket that never finishes its handshake.
    let mut raw = std::net::TcpStream::connect(&addr).expect("connects");
    raw.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .expect("half a request");
    raw.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    // A WebSocket that pings and never says hello.
    let (mut silent, _) =
        tokio_tungstenite::tungstenite::connect(format!("ws://{addr}")).expect("a handshake");
    // With those two, six more fill the address's eight.
    let held: Vec<Connection> = (2..MOST_CONNECTIONS_PER_ADDRESS)
        .map(|n| Connection::open(&addr, &format!("P{n}")).expect("connects"))
        .collect();
    let refused = Connection::open(&addr, "Nine").err().unwrap_or_default();
    assert!(
        refused.contains("your address holds 8 connections already"),
        "{refused}"
    );
    drop(held);
    let started = Instant::now();
    let mut closed_with = None;
    while started.elapsed() < Duration::from_secs(30) && closed_with.is_none() {
        let _ = silent.send(tokio_tungstenite::tungstenite::Message::Ping(
            Vec::new().into(),
        ));
        if let tokio_tungstenite::tungstenite::stream::MaybeTlsStream::Plain(stream) =
            silent.get_mut()
        {
            stream
                .set_read_timeout(Some(Duration::from_millis(500)))
                .expect("a timeout");
        }
        match silent.read() {
            Ok(tokio_tungstenite::tungstenite::Message::Text(text)) => {
                closed_with = Some(text.to_string())
            }
            Ok(_) => {}
            Err(tokio_tungstenite::tungstenite::Error::Io(e))
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(other) => closed_with = Some(other.to_string()),
        }
    }
    let closed_with = closed_with.expect("closed in time");
    assert!(
        closed_with.contains("no hello within 10 s"),
        "{closed_with}"
    );
    let mut rest = Vec::new();
    let ended = raw.read_to_end(&mut rest);
    assert!(ended.is_ok(), "the half-open socket is closed: {ended:?}");
    let ok = Connection::open(&addr, "Late").expect("connects");
    ok.send(&ClientMsg::ListGames);
    let answered = (0..20).any(|_| {
        matches!(
            ok.recv_timeout(Duration::from_millis(500)),
            Some(Incoming::Message(ServerMsg::Games { .. }))
        )
    });
    assert!(answered, "the server still answers");
    server.stop();
}
