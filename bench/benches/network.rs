//! Network play's figures (docs/NETWORK.md): a command's round trip on
//! loopback, and many AI-against-AI games through one server at once with
//! every command refereed, as fast as they go. The memory per game and the
//! capacity at a player's pace are in `relay_load.rs`. Run with
//! `cargo bench -p swift-swords-bench --bench network`.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use swift_swords_core::ai::AiLevel;
use swift_swords_core::data::Ruleset;
use swift_swords_net::connection::{Connection, Incoming};
use swift_swords_net::mirror::NetGame;
use swift_swords_net::protocol::{ClientMsg, SeatState, ServerMsg};
use swift_swords_net::server::{ServerConfig, start};

fn ruleset() -> Arc<Ruleset> {
    Arc::new(
        Ruleset::load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data"))
            .expect("shipped data is valid"),
    )
}

fn skirmish() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/skirmish.ron"))
        .expect("the Skirmish")
}

fn main() {
    let ruleset = ruleset();
    // A lone game paced as two quick players would play it (a command each
    // 30 ms), below the server's rate limit, for the round trip alone.
    many_games(&ruleset, 1, Duration::from_millis(30));
    for games in [10, 50, 100] {
        many_games(&ruleset, games, Duration::ZERO);
    }
}

/// `games` Skirmish games at once through one server on loopback, both
/// sides played by the Random AI in client threads (the cheapest player,
/// so the clients leave the server the cores).
fn many_games(ruleset: &Arc<Ruleset>, games: usize, pace: Duration) {
    let server = start(
        ServerConfig {
            bind: "127.0.0.1:0".parse().unwrap(),
            data_dir: None,
            foreseeable: Some(1),
        },
        ruleset.clone(),
        |_| {},
    )
    .expect("a server on loopback");
    let addr = server.addr.to_string();
    let text = skirmish();
    let started = Instant::now();
    let mut creators = Vec::new();
    for _ in 0..games {
        let connection = Connection::open(&addr, "Ada").expect("connects");
        connection.send(&ClientMsg::CreateGame {
            level_file: "skirmish.ron".to_string(),
            level_text: text.clone(),
            sequence: None,
            side: 0,
            password: None,
        });
        creators.push(connection);
    }
    let mut threads = Vec::new();
    for (index, creator) in creators.into_iter().enumerate() {
        let ruleset = ruleset.clone();
        let addr = addr.clone();
        threads.push(std::thread::spawn(move || {
            let joiner = Connection::open(&addr, "Bo").expect("connects");
            joiner.send(&ClientMsg::JoinGame {
                game: index as u64 + 1,
                side: Some(1),
                password: None,
            });
            play_both(&creator, &joiner, &ruleset, pace)
        }));
    }
    let mut trips: Vec<Duration> = Vec::new();
    let mut finished = 0;
    let mut steps = 0;
    for thread in threads {
        match thread.join() {
            Ok(Ok((game_trips, game_steps))) => {
                finished += 1;
                steps += game_steps;
                trips.extend(game_trips);
            }
            Ok(Err(problem)) => println!("a game broke: {problem}"),
            Err(_) => println!("a game's thread panicked"),
        }
    }
    let wall = started.elapsed();
    trips.sort();
    let at =
        |q: f64| trips.get(((trips.len() as f64 * q) as usize).min(trips.len().saturating_sub(1)));
    println!(
        "{games} games at once: {finished} finished in {:.1} s, {steps} steps refereed ({:.0} a second); a command's round trip: median {:.2} ms, 95th percentile {:.2} ms",
        wall.as_secs_f64(),
        steps as f64 / wall.as_secs_f64(),
        at(0.5).map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        at(0.95).map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    );
    server.stop();
}

/// Plays one game with both connections; each command's round trip (sent
/// to its step back) and the game's steps, or none if it broke.
fn play_both(
    a: &Connection,
    b: &Connection,
    ruleset: &Arc<Ruleset>,
    pace: Duration,
) -> Result<(Vec<Duration>, usize), String> {
    let mut last_order = Instant::now();
    let mut mirrors: [Option<NetGame>; 2] = [None, None];
    // Orders wait until both seats are taken.
    let mut seated = [false, false];
    let mut sent: [Option<(usize, Instant)>; 2] = [None, None];
    let mut trips = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(600);
    while Instant::now() < deadline {
        for (i, connection) in [a, b].into_iter().enumerate() {
            while let Some(incoming) = connection.try_recv() {
                match incoming {
                    Incoming::Message(ServerMsg::Joined {
                        game, side, replay, ..
                    }) => {
                        mirrors[i] = Some(NetGame::joined(game, side, *replay, ruleset.clone())?);
                    }
                    Incoming::Message(ServerMsg::Steps { from, steps }) => {
                        let mirror = mirrors[i].as_mut().ok_or("steps before joining")?;
                        let applied = mirror.apply(from, steps)?;
                        for step in &applied {
                            if let Some((at, when)) = sent[i]
                                && step.step == at + 1
                            {
                                trips.push(when.elapsed());
                                sent[i] = None;
                            }
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
                    Incoming::Closed(reason) => return Err(reason),
                    Incoming::Message(ServerMsg::Closing { reason }) => return Err(reason),
                    Incoming::Message(_) => {}
                }
            }
            let Some(mirror) = &mirrors[i] else { continue };
            if mirror.engine().ended() {
                return Ok((trips, mirror.steps()));
            }
            if seated[i]
                && mirror.my_turn()
                && sent[i].is_none_or(|(at, _)| at != mirror.steps())
                && last_order.elapsed() >= pace
            {
                last_order = Instant::now();
                let command =
                    swift_swords_core::ai::choose(mirror.engine().state(), AiLevel::Random)
                        .ok_or("the AI had no command")?;
                sent[i] = Some((mirror.steps(), Instant::now()));
                connection.send(&ClientMsg::Command {
                    at: mirror.steps(),
                    command,
                });
            }
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    Err("no end in 600 s".to_string())
}
