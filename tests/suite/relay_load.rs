//! The relay under load (#73), on loopback with every wait bounded: a step
//! is on the disk before a player hears of it (the store commits in groups
//! off the game loop), and one address flooding the server at its limits
//! does not hold up an honest pair's game. How fast it is under load is
//! measured in `bench/benches/relay_load.rs`, not here.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use swift_swords::ai::AiLevel;
use swift_swords::battle::record::Fingerprint;
use swift_swords::data::Ruleset;
use swift_swords::net::connection::{Connection, Incoming};
use swift_swords::net::mirror::NetGame;
use swift_swords::net::protocol::*;
use swift_swords::net::server::{RunningServer, ServerConfig, start};

use crate::common::ruleset;
use crate::network::create;

fn server(data_dir: Option<&Path>) -> RunningServer {
    start(
        ServerConfig {
            bind: "127.0.0.1:0".parse().unwrap(),
            data_dir: data_dir.map(Path::to_path_buf),
            foreseeable: Some(3),
        },
        ruleset(),
        |_| {},
    )
    .expect("a server on loopback")
}

/// Ada opens a Skirmish and Bo joins it; both connected.
fn pair(addr: &str) -> (Connection, Connection) {
    let ada = Connection::open(addr, "Ada").expect("connects");
    ada.send(&create("skirmish.ron", 0));
    let bo = Connection::open(addr, "Bo").expect("connects");
    bo.send(&ClientMsg::JoinGame {
        game: 1,
        side: Some(1),
        password: None,
    });
    (ada, bo)
}

/// Plays `steps` steps with the Random AI on both sides. After each step a
/// player hears of, `heard(step)` is called; returns each command's round
/// trip. Panics on a broken game or after a minute.
fn play(
    players: [&Connection; 2],
    ruleset: &Arc<Ruleset>,
    steps: usize,
    mut heard: impl FnMut(usize),
) -> Vec<Duration> {
    let mut mirrors: [Option<NetGame>; 2] = [None, None];
    let mut sent: [Option<(usize, Instant)>; 2] = [None, None];
    let mut seated = [false, false];
    let mut trips = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        for (i, connection) in players.into_iter().enumerate() {
            while let Some(incoming) = connection.try_recv() {
                match incoming {
                    Incoming::Message(ServerMsg::Joined {
                        game, side, replay, ..
                    }) => {
                        let mirror = NetGame::joined(game, side, *replay, ruleset.clone());
                        mirrors[i] = Some(mirror.expect("a game to mirror"));
                    }
                    Incoming::Message(ServerMsg::Steps { from, steps }) => {
                        let mirror = mirrors[i].as_mut().expect("joined first");
                        let applied = mirror.apply(from, steps).expect("steps that apply");
                        heard(mirror.steps());
                        if let Some((at, when)) = sent[i]
                            && mirror.steps() > at
                        {
                            trips.push(when.elapsed());
                            sent[i] = None;
                        }
                        if let Some(last) = applied.last() {
                            connection.send(&ClientMsg::Synced {
                                step: last.step,
                                fingerprint: last.fingerprint.clone(),
                            });
                        }
                    }
                    Incoming::Message(ServerMsg::Seats { seats }) => {
                        seated[i] = seats.iter().all(|s| s.state != SeatState::Free);
                    }
                    Incoming::Message(ServerMsg::Closing { reason }) | Incoming::Closed(reason) => {
                        panic!("player {i} closed: {reason}")
                    }
                    Incoming::Message(_) => {}
                }
            }
            let Some(mirror) = &mirrors[i] else { continue };
            if mirror.steps() >= steps || mirror.engine().ended() {
                return trips;
            }
            if seated[i] && mirror.my_turn() && sent[i].is_none() {
                let command = swift_swords::ai::choose(mirror.engine().state(), AiLevel::Random)
                    .expect("a command");
                sent[i] = Some((mirror.steps(), Instant::now()));
                connection.send(&ClientMsg::Command {
                    at: mirror.steps(),
                    command,
                });
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("{steps} steps not played within a minute")
}

/// The steps `steps.ron` holds for game 1.
fn steps_on_disk(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("games/1/steps.ron"))
        .unwrap_or_default()
        .lines()
        .count()
}

/// The server queues its writes for a writer thread that commits them in
/// groups, and holds back what it sends until they are kept: whenever a
/// player hears of a step, `steps.ron` already holds it, so a step a
/// player has seen survives the server's `kill -9`.
#[test]
fn a_step_is_kept_on_the_disk_before_any_player_hears_of_it() {
    let scratch = swift_swords::scratch::Scratch::new("kept");
    let dir = scratch.path().to_path_buf();
    let server = server(Some(&dir));
    let (ada, bo) = pair(&server.addr.to_string());
    let mut behind = Vec::new();
    let trips = play([&ada, &bo], &ruleset(), 24, |heard| {
        let kept = steps_on_disk(&dir);
        if kept < heard {
            behind.push((heard, kept));
        }
    });
    assert!(trips.len() >= 12, "{} commands", trips.len());
    assert_eq!(behind, Vec::new(), "(step heard of, steps on the disk)");
    server.stop();
    assert!(
        dir.join("games/1/game.ron").is_file(),
        "the game's seats kept"
    );
}

/// Six connections from one address ask for the lobby and send forged
/// fingerprints as fast as the limits let them, while an honest pair plays
/// another game: the lobby goes to each at most once a second, and every
/// command of the pair comes back (within a bound far above the measured
/// round trip, which is in the load bench).
#[test]
fn a_flooding_address_does_not_hold_up_an_honest_pair() {
    let server = server(None);
    let addr = server.addr.to_string();
    let (ada, bo) = pair(&addr);
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flooders: Vec<_> = (0..6)
        .map(|n| {
            let (addr, stop) = (addr.clone(), stop.clone());
            std::thread::spawn(move || flood(&addr, n, &stop))
        })
        .collect();
    let trips = play([&ada, &bo], &ruleset(), 30, |_| {});
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let told: Vec<(usize, usize, f64)> = flooders
        .into_iter()
        .map(|f| f.join().expect("a flooder"))
        .collect();
    assert!(trips.len() >= 15, "{} commands", trips.len());
    let slowest = trips.iter().max().copied().unwrap_or_default();
    assert!(
        slowest < Duration::from_secs(2),
        "the slowest round trip took {slowest:?}"
    );
    for (lobbies, refused, seconds) in told {
        assert!(refused > 0, "the flood was refused in part");
        assert!(
            (lobbies as f64) <= seconds.ceil() + 1.0,
            "{lobbies} lobbies in {seconds:.1} s"
        );
    }
    server.stop();
}

/// One flooding connection: opens a game of its own, then asks for the
/// lobby and sends forged fingerprints at the rate limit until told to
/// stop; returns the lobbies it was sent, the refusals and its seconds.
fn flood(addr: &str, n: usize, stop: &std::sync::atomic::AtomicBool) -> (usize, usize, f64) {
    let connection = Connection::open(addr, &format!("Flood {n}")).expect("connects");
    connection.send(&create("skirmish.ron", 0));
    let forged = Fingerprint {
        hash: "0".repeat(32),
        parts: "forged".to_string(),
    };
    let started = Instant::now();
    let (mut lobbies, mut refused) = (0, 0);
    while !stop.load(std::sync::atomic::Ordering::Relaxed)
        && started.elapsed() < Duration::from_secs(60)
    {
        // Just under the rate limit, so the flood goes on and is not cut.
        for _ in 0..9 {
            connection.send(&ClientMsg::ListGames);
            connection.send(&ClientMsg::Synced {
                step: 1,
                fingerprint: forged.clone(),
            });
        }
        std::thread::sleep(Duration::from_millis(200));
        while let Some(incoming) = connection.try_recv() {
            match incoming {
                Incoming::Message(ServerMsg::Games { .. }) => lobbies += 1,
                Incoming::Message(ServerMsg::Refused { .. }) => refused += 1,
                _ => {}
            }
        }
    }
    (lobbies, refused, started.elapsed().as_secs_f64())
}
