//! The relay's capacity (docs/NETWORK.md): one server on loopback, with
//! its games kept on the disk as `serve` keeps them, holding many games at
//! once, each played by two scripted players at a player's pace, and
//! spectators across them. The players replay scripts worked out before
//! the clock starts (the server's dice are foreseeable here), so they cost
//! a message's parse, not a mind; they run as tasks on one thread of their
//! own, so the figure is the server's.
//!
//! Run with `cargo bench -p swift-swords-bench --bench relay_load`; pass
//! `-- GAMES SPECTATORS SECONDS THINK_MS` to change the load (by default
//! 1000 games, 100 spectators, 60 s measured, a command 2 s after the
//! step before it).

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use swift_swords_core::ai::AiLevel;
use swift_swords_core::battle::command::Command;
use swift_swords_core::data::Ruleset;
use swift_swords_net::game::{Game, GameMeta, SeatMeta};
use swift_swords_net::hub::foreseeable;
use swift_swords_net::protocol::{ClientMsg, PROTOCOL, ServerMsg, decode, encode};
use swift_swords_net::server::{ServerConfig, start};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// The server's seed for dice and tokens, known to the scripts.
const SEED: u64 = 7;
/// Steps a script holds at most (a Skirmish ends long before).
const MOST_SCRIPT_STEPS: usize = 2_000;

/// One game's commands in order, each with the side that gives it.
type Script = Vec<(usize, Command)>;

struct Load {
    games: usize,
    spectators: usize,
    seconds: u64,
    think: Duration,
}

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let load = Load {
        games: numbers.first().map_or(1000, |&n| n as usize),
        spectators: numbers.get(1).map_or(100, |&n| n as usize),
        seconds: numbers.get(2).copied().unwrap_or(60),
        think: Duration::from_millis(numbers.get(3).copied().unwrap_or(2000)),
    };
    let ruleset = Arc::new(
        Ruleset::load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data"))
            .expect("shipped data is valid"),
    );
    let level = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/skirmish.ron"),
    )
    .expect("the Skirmish");
    let worked_out = Instant::now();
    let scripts: Vec<Arc<Script>> = (1..=load.games as u64)
        .map(|id| Arc::new(script(id, &level, &ruleset)))
        .collect();
    let steps: usize = scripts.iter().map(|s| s.len()).sum();
    println!(
        "{} scripts worked out in {:.1} s, {:.0} steps a game",
        scripts.len(),
        worked_out.elapsed().as_secs_f64(),
        steps as f64 / scripts.len().max(1) as f64
    );
    hub_memory(load.games, &level, &ruleset);
    run(&load, &level, scripts, &ruleset);
}

/// The referee's own memory per game: `games` Skirmish games opened and
/// seated in a hub with no network, as the server holds them.
fn hub_memory(games: usize, level: &str, ruleset: &Arc<Ruleset>) {
    let before = resident_kib();
    let mut hub = swift_swords_net::hub::Hub::new(ruleset.clone(), None, foreseeable(1), 0);
    for game in 1..=games as u64 {
        for (conn, side) in [(game * 2, 0), (game * 2 + 1, 1)] {
            let from = address(1, game as usize);
            hub.connect(conn, from).expect("room for the connection");
            let hello = ClientMsg::Hello {
                protocol: PROTOCOL.to_string(),
                name: format!("p{conn}"),
            };
            hub.receive(conn, hello, 0);
            let message = if side == 0 {
                ClientMsg::CreateGame {
                    level_file: "skirmish.ron".to_string(),
                    level_text: level.to_string(),
                    sequence: None,
                    side: 0,
                    password: None,
                }
            } else {
                ClientMsg::JoinGame {
                    game,
                    side: Some(1),
                    password: None,
                }
            };
            hub.receive(conn, message, 0);
        }
    }
    let grown = resident_kib().saturating_sub(before);
    println!(
        "the referee's memory: {} games at their start take {} MiB, {:.0} KiB a game",
        hub.games(),
        grown / 1024,
        grown as f64 / games.max(1) as f64
    );
}

/// The commands the Random AI gives on both sides of game `id`, with the
/// dice the server will roll for it.
fn script(id: u64, level: &str, ruleset: &Arc<Ruleset>) -> Script {
    let mut random = foreseeable(SEED);
    let meta = GameMeta {
        id,
        level_file: "skirmish.ron".to_string(),
        level_text: level.to_string(),
        sequence: Default::default(),
        seed: random(id, "seed"),
        password: None,
        seats: vec![SeatMeta::default(), SeatMeta::default()],
    };
    let mut game = Game::resume(meta, ruleset.clone(), Vec::new(), 0).expect("the Skirmish");
    let mut script = Vec::new();
    while !game.over() && script.len() < MOST_SCRIPT_STEPS {
        let state = game.engine().state();
        let Some(side) = state.acting_unit().map(|i| state.units()[i].unit.side) else {
            break;
        };
        let Some(command) = swift_swords_core::ai::choose(state, AiLevel::Random) else {
            break;
        };
        let at = game.steps();
        let salt = random(id, &format!("salt {at}"));
        if game.play(side, at, command.clone(), || salt).is_err() {
            break;
        }
        script.push((side, command));
    }
    script
}

/// What a player or spectator reports when the run ends.
#[derive(Default)]
struct Report {
    game: u64,
    trips: Vec<Duration>,
    steps_seen: usize,
    problem: Option<String>,
}

fn run(load: &Load, level: &str, scripts: Vec<Arc<Script>>, ruleset: &Arc<Ruleset>) {
    let dir = std::env::temp_dir().join(format!("swift-swords-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = start(
        ServerConfig {
            bind: "127.0.0.1:0".parse().expect("an address"),
            data_dir: Some(dir.clone()),
            foreseeable: Some(SEED),
        },
        ruleset.clone(),
        |line| {
            if !line.contains(" opened") && !line.contains(" joined") {
                eprintln!("server: {line}");
            }
        },
    )
    .expect("a server on loopback");
    let memory_before = resident_kib();
    let cpu_before = thread_cpu();
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime for the players");
    let started = Instant::now();
    let stop_at = started + Duration::from_secs(load.seconds) + ramp(load);
    let (reports, mut reported) = mpsc::unbounded_channel::<Report>();
    let (ids, mut opened) = mpsc::unbounded_channel::<u64>();
    let addr = server.addr;
    let level = level.to_string();
    let think = load.think;
    let spectators = load.spectators;
    let games = load.games;
    let scripts = Arc::new(scripts);
    let all: Vec<Report> = clients.block_on(async move {
        for index in 0..games {
            let from = address(1, index);
            let (reports, ids, level) = (reports.clone(), ids.clone(), level.clone());
            let scripts = scripts.clone();
            tokio::spawn(async move {
                // The game's script is chosen once the server numbers it.
                let none = Arc::new(Vec::new());
                let opens = Seat::Opens(level, ids, reports.clone(), scripts);
                let report = play(addr, from, opens, none, think, stop_at).await;
                let _ = reports.send(report);
            });
            // Games open at a steady pace, as players arrive.
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let mut open = Vec::new();
        while open.len() < games {
            match tokio::time::timeout(Duration::from_secs(30), opened.recv()).await {
                Ok(Some(id)) => open.push(id),
                _ => break,
            }
        }
        // Every game opened and joined, a few steps in.
        tokio::time::sleep(Duration::from_secs(5)).await;
        println!(
            "memory with {} games open (the server and the players' sockets): {} MiB more than before, {:.0} KiB a game",
            open.len(),
            resident_kib().saturating_sub(memory_before) / 1024,
            resident_kib().saturating_sub(memory_before) as f64 / open.len().max(1) as f64
        );
        for (index, id) in open.iter().take(spectators).enumerate() {
            let reports = reports.clone();
            let id = *id;
            tokio::spawn(async move {
                let report = play(
                    addr,
                    address(2, index),
                    Seat::Watches(id),
                    Arc::new(Vec::new()),
                    think,
                    stop_at,
                )
                .await;
                let _ = reports.send(report);
            });
        }
        drop(reports);
        let mut all = Vec::new();
        while let Some(report) = reported.recv().await {
            all.push(report);
        }
        all
    });
    let wall = started.elapsed();
    let cpu = thread_cpu();
    server.stop();
    summarise(load, &all, wall, &cpu_before, &cpu);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Time to open every game before the measure counts for much.
fn ramp(load: &Load) -> Duration {
    Duration::from_millis(2 * load.games as u64)
}

/// A loopback address of its own for each game's players (and each
/// spectator), as players come from their own machines.
fn address(group: u8, index: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        group,
        (index / 250) as u8,
        (index % 250) as u8 + 1,
    ))
}

enum Seat {
    /// Opens the game, tells its number, and hands the other seat to a
    /// second player it starts.
    Opens(
        String,
        mpsc::UnboundedSender<u64>,
        mpsc::UnboundedSender<Report>,
        Arc<Vec<Arc<Script>>>,
    ),
    Joins(u64),
    Watches(u64),
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

async fn connect(addr: SocketAddr, from: IpAddr, name: &str) -> Result<Socket, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| e.to_string())?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    // Small buffers as the server's, so the players' share of the memory
    // measured is no larger than the server's.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    let (mut ws, _) =
        tokio_tungstenite::client_async_with_config(format!("ws://{addr}"), stream, Some(config))
            .await
            .map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL.to_string(),
        name: name.to_string(),
    };
    ws.send(Message::text(encode(&hello)))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// One player (or spectator) until `stop_at`: sends its side's scripted
/// command `think` after the step before it arrives, and times each
/// command from sent to its step back.
fn play(
    addr: SocketAddr,
    from: IpAddr,
    seat: Seat,
    mut script: Arc<Script>,
    think: Duration,
    stop_at: Instant,
) -> std::pin::Pin<Box<dyn Future<Output = Report> + Send>> {
    Box::pin(async move {
        let mut report = Report::default();
        let name = match &seat {
            Seat::Opens(..) => "Ada",
            Seat::Joins(_) => "Bo",
            Seat::Watches(_) => "Cy",
        };
        let mut ws = match connect(addr, from, name).await {
            Ok(ws) => ws,
            Err(problem) => {
                report.problem = Some(format!("{name} could not connect: {problem}"));
                return report;
            }
        };
        let first = match &seat {
            Seat::Opens(level, ..) => ClientMsg::CreateGame {
                level_file: "skirmish.ron".to_string(),
                level_text: level.clone(),
                sequence: None,
                side: 0,
                password: None,
            },
            Seat::Joins(game) => ClientMsg::JoinGame {
                game: *game,
                side: Some(1),
                password: None,
            },
            Seat::Watches(game) => ClientMsg::JoinGame {
                game: *game,
                side: None,
                password: None,
            },
        };
        let _ = ws.send(Message::text(encode(&first))).await;
        let mut side = None;
        let mut held = 0;
        let mut sent: Option<(usize, Instant)> = None;
        let mut due: Option<Instant> = None;
        let mut last_said = Instant::now();
        loop {
            let now = Instant::now();
            if now >= stop_at {
                break;
            }
            // Spectators and waiting players ping, as the game's client does.
            if now.duration_since(last_said) >= Duration::from_secs(15) {
                last_said = now;
                let _ = ws.send(Message::text(encode(&ClientMsg::Ping))).await;
            }
            if let (Some(at), Some(mine)) = (due, side)
                && now >= at
            {
                due = None;
                if let Some((by, command)) = script.get(held)
                    && *by == mine
                {
                    let order = ClientMsg::Command {
                        at: held,
                        command: command.clone(),
                    };
                    sent = Some((held, now));
                    last_said = now;
                    if ws.send(Message::text(encode(&order))).await.is_err() {
                        report.problem = Some("the connection broke".to_string());
                        break;
                    }
                }
            }
            let wake = due
                .unwrap_or(stop_at)
                .min(stop_at)
                .min(last_said + Duration::from_secs(15));
            let frame = match tokio::time::timeout_at(wake.into(), ws.next()).await {
                Err(_) => continue,
                Ok(None) => {
                    report.problem = Some("closed by the server".to_string());
                    break;
                }
                Ok(Some(Err(error))) => {
                    report.problem = Some(error.to_string());
                    break;
                }
                Ok(Some(Ok(frame))) => frame,
            };
            let Message::Text(text) = frame else { continue };
            let Ok(message) = decode::<ServerMsg>(&text) else {
                report.problem = Some("a message that did not read".to_string());
                break;
            };
            match message {
                ServerMsg::Joined {
                    game,
                    side: given,
                    replay,
                    ..
                } => {
                    report.game = game;
                    side = given;
                    held = replay.record.steps.len();
                    if let Seat::Opens(_, ids, reports, scripts) = &seat {
                        let _ = ids.send(game);
                        let index = usize::try_from(game).unwrap_or(0).saturating_sub(1);
                        script = scripts.get(index).cloned().unwrap_or_default();
                        let joiner = play(
                            addr,
                            from,
                            Seat::Joins(game),
                            script.clone(),
                            think,
                            stop_at,
                        );
                        let reports = reports.clone();
                        tokio::spawn(async move {
                            let _ = reports.send(joiner.await);
                        });
                    }
                }
                // Both seats taken: the first order can go.
                ServerMsg::Seats { seats }
                    if side.is_some()
                        && seats.iter().all(|s| s.player.is_some())
                        && due.is_none()
                        && sent.is_none() =>
                {
                    due = Some(Instant::now() + think);
                }
                ServerMsg::Steps { from: first, steps } => {
                    held = held.max(first + steps.len());
                    report.steps_seen = held;
                    if let Some((at, when)) = sent
                        && held > at
                    {
                        report.trips.push(when.elapsed());
                        sent = None;
                    }
                    if let Some(last) = steps.last()
                        && side.is_some()
                    {
                        let synced = ClientMsg::Synced {
                            step: first + steps.len(),
                            fingerprint: last.after.clone(),
                        };
                        let _ = ws.send(Message::text(encode(&synced))).await;
                    }
                    if side.is_some() {
                        due = Some(Instant::now() + think);
                    }
                }
                ServerMsg::Closing { reason } => {
                    report.problem = Some(reason);
                    break;
                }
                ServerMsg::Refused { reason } => {
                    report.problem = Some(format!("refused: {reason}"));
                }
                _ => {}
            }
        }
        let _ = ws.close(None).await;
        report
    })
}

/// The resident memory of this process, in KiB.
fn resident_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4
}

/// CPU seconds so far of this process's threads, by thread name.
fn thread_cpu() -> BTreeMap<String, f64> {
    let mut by_name = BTreeMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return by_name;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_string();
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        let ticks: f64 = [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<f64>().ok()))
            .sum();
        *by_name.entry(name).or_default() += ticks / 100.0;
    }
    by_name
}

fn summarise(
    load: &Load,
    all: &[Report],
    wall: Duration,
    before: &BTreeMap<String, f64>,
    after: &BTreeMap<String, f64>,
) {
    let players: Vec<&Report> = all.iter().filter(|r| !r.trips.is_empty()).collect();
    let problems: Vec<&String> = all.iter().filter_map(|r| r.problem.as_ref()).collect();
    let mut trips: Vec<Duration> = players.iter().flat_map(|r| r.trips.clone()).collect();
    trips.sort();
    let at = |trips: &[Duration], q: f64| {
        trips
            .get(((trips.len() as f64 * q) as usize).min(trips.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let mut by_game: BTreeMap<u64, Vec<Duration>> = BTreeMap::new();
    for report in &players {
        by_game
            .entry(report.game)
            .or_default()
            .extend(&report.trips);
    }
    let mut game_medians: Vec<Duration> = by_game
        .values_mut()
        .map(|t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect();
    game_medians.sort();
    let seats = all.iter().filter(|r| r.game != 0).count();
    println!(
        "{} games, {} spectators, {:.0} s: {} of {} connections seated or watching; {} commands refereed ({:.0} a second)",
        load.games,
        load.spectators,
        wall.as_secs_f64(),
        seats,
        all.len(),
        trips.len(),
        trips.len() as f64 / wall.as_secs_f64()
    );
    println!(
        "a command's round trip: median {:.1} ms, 99th percentile {:.1} ms, most {:.1} ms",
        at(&trips, 0.5),
        at(&trips, 0.99),
        at(&trips, 1.0)
    );
    println!(
        "each game's median round trip: fastest {:.1} ms, slowest {:.1} ms",
        at(&game_medians, 0.0),
        at(&game_medians, 1.0)
    );
    let spent = |prefix: &str| {
        after
            .iter()
            .filter(|(name, _)| name.starts_with(prefix))
            .map(|(name, s)| s - before.get(name).copied().unwrap_or(0.0))
            .sum::<f64>()
    };
    println!(
        "CPU: the server's workers {:.1} s, its store's writer {:.1} s, the players {:.1} s, in {:.0} s",
        spent("tokio-r") + spent("swift-swords se"),
        spent("swift-swords st"),
        spent("relay_load"),
        wall.as_secs_f64()
    );
    if std::env::var_os("LOAD_THREADS").is_some() {
        for (name, seconds) in after {
            println!(
                "  thread {name}: {:.1} s",
                seconds - before.get(name).copied().unwrap_or(0.0)
            );
        }
    }
    println!("{} connections ended with a problem", problems.len());
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for problem in problems {
        *kinds.entry(problem.as_str()).or_default() += 1;
    }
    for (problem, count) in kinds.iter().take(8) {
        println!("  {count} × {problem}");
    }
}
