//! `play --headless --connect ADDR`: a client with no window whose seat the
//! AI plays (or which only watches). It creates or joins a game, answers
//! each step with its fingerprint, comes back after a dropped connection,
//! and with a token file comes back after being stopped outright. The
//! network's integration tests drive it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::connection::{Connection, Incoming};
use super::mirror::NetGame;
use super::protocol::{ClientMsg, SEAT_TAKEN_ELSEWHERE, SeatState, ServerMsg};
use super::tokens::{self, SeatToken};
use swift_swords_core::ai::AiLevel;
use swift_swords_core::data::Ruleset;
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
    let mut token = kept.clone();
    connection.send(&match (&kept, &plan.join) {
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
    });
    let mut mirror: Option<NetGame> = None;
    let mut sent_for: Option<usize> = None;
    // Orders wait until every seat is taken.
    let mut all_seated = false;
    // The seat's player came back on another connection: no coming back.
    let mut taken_elsewhere = false;
    loop {
        if Instant::now() > deadline {
            return Err(format!("gave up after {} s", plan.give_up_after));
        }
        let Some(incoming) = connection.recv_timeout(Duration::from_millis(500)) else {
            continue;
        };
        let message = match incoming {
            Incoming::Message(message) => message,
            Incoming::Closed(reason) => {
                if taken_elsewhere {
                    return Err("the seat is played from another connection now".to_string());
                }
                let (Some(held), Some(kept)) = (&mirror, &token) else {
                    return Err(format!("the connection ended: {reason}"));
                };
                println!("connection lost ({reason}); coming back");
                connection = come_back(plan, kept, held.steps())?;
                sent_for = None;
                continue;
            }
        };
        match message {
            ServerMsg::Joined {
                game,
                side,
                token: given,
                replay,
            } => {
                let held = NetGame::joined(game, side, *replay, ruleset.clone())?;
                if let Some(given) = given {
                    let kept = SeatToken {
                        server: plan.addr.clone(),
                        game,
                        token: given,
                    };
                    keep_token(plan, &kept)?;
                    token = Some(kept);
                }
                let role = side.map_or("watching".to_string(), |s| format!("side {}", s + 1));
                println!("joined game {game} ({role}) at step {}", held.steps());
                mirror = Some(held);
                sent_for = None;
            }
            ServerMsg::Back { game, side } => println!("back in game {game} at side {}", side + 1),
            ServerMsg::Steps { from, steps } => {
                let Some(held) = mirror.as_mut() else {
                    continue;
                };
                for applied in held.apply(from, steps)? {
                    println!("step {}: {}", applied.step, applied.said);
                    if held.side.is_some() {
                        connection.send(&ClientMsg::Synced {
                            step: applied.step,
                            fingerprint: applied.fingerprint.clone(),
                        });
                    }
                    if !applied.matches {
                        println!("step {}: out of sync with the server", applied.step);
                    }
                }
            }
            ServerMsg::Refused { reason } => {
                println!("refused: {reason}");
                if token.is_none() && mirror.is_none() {
                    return Err(reason);
                }
            }
            ServerMsg::OutOfSync {
                step,
                command,
                player,
                parts,
            } => {
                println!(
                    "out of sync: {player} after step {step} ({command}) in {}",
                    parts.join(", ")
                );
            }
            ServerMsg::Seats { seats } => {
                all_seated = seats.iter().all(|s| s.state != SeatState::Free);
                let words: Vec<String> = seats.iter().map(|s| s.in_words()).collect();
                println!("seats: {}", words.join("; "));
            }
            ServerMsg::Chat { from, text } => println!("{from}: {text}"),
            ServerMsg::Closing { reason } => {
                taken_elsewhere |= reason == SEAT_TAKEN_ELSEWHERE;
                println!("the server closes: {reason}");
            }
            ServerMsg::Welcome { .. } | ServerMsg::Games { .. } | ServerMsg::Pong => {}
        }
        let Some(held) = &mirror else { continue };
        if held.engine().ended() {
            return finish(plan, held);
        }
        if all_seated && held.my_turn() && sent_for != Some(held.steps()) {
            let Some(command) = swift_swords_core::ai::choose(held.engine().state(), plan.ai)
            else {
                continue;
            };
            connection.send(&ClientMsg::Command {
                at: held.steps(),
                command,
            });
            sent_for = Some(held.steps());
        }
    }
}

/// Connects again and asks for the seat back, holding `have` steps.
fn come_back(plan: &ClientPlan, kept: &SeatToken, have: usize) -> Result<Connection, String> {
    let mut last = String::new();
    for _ in 0..RECONNECT_TRIES {
        std::thread::sleep(Duration::from_secs(1));
        match Connection::open(&plan.addr, &plan.name) {
            Ok(connection) => {
                connection.send(&ClientMsg::Rejoin {
                    game: kept.game,
                    token: kept.token.clone(),
                    have,
                });
                return Ok(connection);
            }
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
