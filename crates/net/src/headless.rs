//! `play --headless --connect ADDR`: a client with no window whose seat the
//! AI plays (or which only watches). It creates or joins a game, drives the
//! client's [`Session`] (which answers each step with its fingerprint and
//! says when to come back after a dropped connection), and with a token file
//! comes back after being stopped outright. The network's integration tests
//! drive it.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::client::{Effect, Session};
use super::connection::{Connection, Incoming};
use super::mirror::NetGame;
use super::protocol::ClientMsg;
use super::tokens::{self, SeatToken};
use swift_swords_core::ai::AiLevel;
use swift_swords_core::data::Ruleset;
use swift_swords_core::replay::command_in_words;
use swift_swords_core::vocabulary::Sequence;

/// Tries at reconnecting after a drop, a second apart.
const RECONNECT_TRIES: u32 = 10;

/// How the client takes part.
pub enum Join {
    /// Opens a game on a level and takes side `side` (from 0).
    Create {
        level_file: String,
        level_text: String,
        sequence: Option<Sequence>,
        side: usize,
    },
    Seat {
        game: u64,
        side: usize,
    },
    Watch {
        game: u64,
    },
}

pub struct ClientPlan {
    pub addr: String,
    pub name: String,
    pub join: Join,
    pub password: Option<String>,
    pub ai: AiLevel,
    /// Where the seat's token is kept; when it already holds one, the client
    /// comes back to that seat instead of joining.
    pub token_file: Option<PathBuf>,
    /// Where the finished game is written as a replay.
    pub record: Option<PathBuf>,
    /// Seconds before the client gives up on a game that does not end.
    pub give_up_after: u64,
}

/// Plays the plan to the game's end; prints a line for each thing that
/// happens, and the final fingerprint.
pub fn run_client(plan: ClientPlan, ruleset: Arc<Ruleset>) -> ExitCode {
    match play(&plan, ruleset) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("{reason}");
            ExitCode::FAILURE
        }
    }
}

fn play(plan: &ClientPlan, ruleset: Arc<Ruleset>) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(plan.give_up_after);
    let kept = plan
        .token_file
        .as_ref()
        .and_then(|path| tokens::newest_on(path, &plan.addr));
    let mut connection = Connection::open(&plan.addr, &plan.name)?;
    connection.send(&opening(plan, kept.as_ref()));
    let mut session = Session::new(&plan.addr, ruleset, kept.map(|k| k.token));
    let mut mirror: Option<NetGame> = None;
    // The AI orders once a step: a refused order is not sent again.
    let mut sent_for: Option<usize> = None;
    loop {
        if Instant::now() > deadline {
            return Err(format!("gave up after {} s", plan.give_up_after));
        }
        let Some(incoming) = connection.recv_timeout(Duration::from_millis(500)) else {
            continue;
        };
        let mut effects: VecDeque<Effect> = match incoming {
            Incoming::Message(message) => session.receive(message).into(),
            Incoming::Closed(reason) => session.closed(&reason).into(),
        };
        while let Some(effect) = effects.pop_front() {
            match effect {
                Effect::Send(message) => connection.send(&message),
                Effect::Keep(token) => keep_token(plan, &token)?,
                Effect::Set(game) => {
                    sent_for = None;
                    mirror = Some(*game);
                }
                Effect::Play { number, step, last } => {
                    let held = mirror.as_mut().ok_or("a step before the game")?;
                    let said = command_in_words(held.engine().state(), &step.command);
                    match held.apply(number - 1, vec![step])?.pop() {
                        Some(applied) => {
                            println!("step {number}: {said}");
                            effects.extend(session.played(
                                number,
                                applied.fingerprint,
                                applied.matches,
                                last,
                            ));
                        }
                        None => continue,
                    }
                }
                Effect::Tell(news) => println!("{news}"),
                Effect::Seats => {
                    let words: Vec<String> = session.seats().iter().map(|s| s.in_words()).collect();
                    println!("Seats: {}.", words.join("; "));
                }
                Effect::Refuse { reason, .. } => println!("Refused here: {reason}"),
                Effect::ComeBack => {
                    // An order on its way may have been lost with the line.
                    sent_for = None;
                    connection = come_back(plan)?;
                    connection.send(&session.reconnected());
                }
                Effect::Stop(reason) => return Err(reason),
            }
        }
        let Some(held) = &mirror else { continue };
        if held.engine().ended() {
            return finish(plan, held);
        }
        if session.all_seated() && held.my_turn() && sent_for != Some(held.steps()) {
            let Some(command) = swift_swords_core::ai::choose(held.engine().state(), plan.ai)
            else {
                continue;
            };
            session.order(command);
            for effect in session.send_orders(|_| Ok(())) {
                if let Effect::Send(message) = effect {
                    connection.send(&message);
                }
            }
            sent_for = Some(held.steps());
        }
    }
}

/// The first message: back to the seat a kept token holds, or as planned.
fn opening(plan: &ClientPlan, kept: Option<&SeatToken>) -> ClientMsg {
    match (kept, &plan.join) {
        (Some(kept), _) => ClientMsg::Rejoin {
            game: kept.game,
            token: kept.token.clone(),
            have: 0,
        },
        (
            None,
            Join::Create {
                level_file,
                level_text,
                sequence,
                side,
            },
        ) => ClientMsg::CreateGame {
            level_file: level_file.clone(),
            level_text: level_text.clone(),
            sequence: *sequence,
            side: *side,
            password: plan.password.clone(),
        },
        (None, Join::Seat { game, side }) => ClientMsg::JoinGame {
            game: *game,
            side: Some(*side),
            password: plan.password.clone(),
        },
        (None, Join::Watch { game }) => ClientMsg::JoinGame {
            game: *game,
            side: None,
            password: plan.password.clone(),
        },
    }
}

/// Connects again, a second apart, at most [`RECONNECT_TRIES`] times.
fn come_back(plan: &ClientPlan) -> Result<Connection, String> {
    let mut last = String::new();
    for _ in 0..RECONNECT_TRIES {
        std::thread::sleep(Duration::from_secs(1));
        match Connection::open(&plan.addr, &plan.name) {
            Ok(connection) => return Ok(connection),
            Err(reason) => last = reason,
        }
    }
    Err(format!("could not come back: {last}"))
}

fn keep_token(plan: &ClientPlan, kept: &SeatToken) -> Result<(), String> {
    match &plan.token_file {
        Some(path) => tokens::keep(path, kept.clone()),
        None => Ok(()),
    }
}

fn finish(plan: &ClientPlan, held: &NetGame) -> Result<(), String> {
    let state = held.engine().state();
    let outcome = state.battle().outcome_in_words().unwrap_or_default();
    let last = held
        .replay
        .record
        .fingerprint_after(held.steps())
        .map_or(String::new(), |f| f.hash.clone());
    println!(
        "over after {} steps: {outcome}; fingerprint {last}",
        held.steps()
    );
    if let Some(path) = &plan.record {
        held.replay
            .write_atomic(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
