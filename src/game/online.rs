//! A network game in the window (docs/NETWORK.md): the link to the server
//! while the battle is on the table. The player's orders go to the server,
//! not the engine; the steps the server accepts come back with their salts
//! and are resolved here, their events played as any battle's. The battle
//! is checked against the server's fingerprint after each step, and a drop
//! is followed by coming back with the seat's token.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::engine::Engine;
use crate::battle::record::Fingerprint;
use crate::data::Ruleset;
use crate::game::mirror::install_battle;
use crate::game::session::match_setup::{
    LevelFolder, MatchSetup, PlayedElsewhere, PreparedBattle, to_the_table,
};
use crate::game::stage::{Screen, battle_on_table};
use crate::game::steps::{CommandQueue, Origin, Pending, RulesSet, StepTaken};
use crate::net::connection::{Connection, Incoming};
use crate::net::mirror::NetGame;
use crate::net::protocol::{
    ClientMsg, GRACE_SECONDS, SEAT_TAKEN_ELSEWHERE, SeatInfo, SeatState, ServerMsg,
};
use crate::net::tokens::{self, SeatToken};
use crate::replay::Replay;
use crate::seat::Seat;

/// Lines of chat and news the panel keeps.
const LINES_KEPT: usize = 8;
/// Tries at coming back after a drop, two seconds apart.
const COMEBACK_TRIES: u32 = 30;

/// The game being played or watched over the network.
#[derive(Resource)]
pub struct OnlineLink {
    connection: Option<Connection>,
    comeback: Option<std::sync::Mutex<Receiver<Result<Connection, String>>>>,
    tries: u32,
    pub addr: String,
    pub name: String,
    pub game: u64,
    /// The side played here, or none when watching.
    pub side: Option<usize>,
    token: Option<String>,
    /// The game as the server recorded it.
    pub replay: Replay,
    ruleset: Arc<Ruleset>,
    pub seats: Vec<SeatInfo>,
    /// When the seats were last told, to count the waiting on.
    seats_at: std::time::Instant,
    /// Chat and news, newest last.
    pub lines: VecDeque<String>,
    /// The chat line being written.
    pub draft: String,
    /// Orders given while one is on its way: each goes once the step before
    /// it comes back, checked against the battle as it then stands.
    waiting: VecDeque<crate::battle::command::Command>,
    /// The step the order on its way was sent for.
    in_flight: Option<usize>,
    /// The seat's player came back on another connection: this one does
    /// not come back.
    taken_elsewhere: bool,
}

impl OnlineLink {
    fn say(&mut self, line: String) {
        if self.lines.len() >= LINES_KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    fn send(&self, message: &ClientMsg) {
        if let Some(connection) = &self.connection {
            connection.send(message);
        }
    }
}

/// Where the seats' tokens are kept, so a game closed or stopped can go
/// back to its seat.
fn tokens_file() -> std::path::PathBuf {
    crate::files::data_dir().join("online-seats.ron")
}

/// The seats' tokens kept from earlier games.
pub fn kept_tokens() -> Vec<SeatToken> {
    tokens::kept(&tokens_file())
}

/// Keeps a seat's token; one that cannot be written only costs going back
/// to the seat later.
fn keep_token(kept: SeatToken) {
    let _ = tokens::keep(&tokens_file(), kept);
}

/// What the lobby hands over when the server seats the player.
pub struct Seated {
    pub connection: Connection,
    pub addr: String,
    pub name: String,
    pub game: NetGame,
    pub token: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        exchange
            .before(RulesSet::Resolve)
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(
        Update,
        sync_steps
            .after(RulesSet::Resolve)
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        online_panel
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(OnEnter(Screen::Title), leave_the_game);
    app.add_systems(OnEnter(Screen::Online), leave_the_game);
}

/// Puts the game the server sent on the table, seated as the server says:
/// the other sides are played elsewhere.
pub fn enter_online_battle(world: &mut World, seated: Seated) {
    let Seated {
        connection,
        addr,
        name,
        game,
        token,
    } = seated;
    let sides = game.engine().state().battle().sides.len();
    if let Some(token) = &token {
        keep_token(SeatToken {
            server: addr.clone(),
            game: game.game,
            token: token.clone(),
        });
    }
    let setup = MatchSetup {
        level_file: game.replay.level_file.clone(),
        folder: LevelFolder::Named,
        seed: game.replay.seed,
        seats: vec![Seat::Human; sides],
        handover: false,
        sequence: Some(game.replay.sequence),
    };
    let link = OnlineLink {
        connection: Some(connection),
        comeback: None,
        tries: 0,
        taken_elsewhere: false,
        addr,
        name,
        game: game.game,
        side: game.side,
        token,
        replay: game.replay.clone(),
        ruleset: game.ruleset().clone(),
        seats: Vec::new(),
        seats_at: std::time::Instant::now(),
        lines: VecDeque::new(),
        draft: String::new(),
        waiting: VecDeque::new(),
        in_flight: None,
    };
    world.insert_resource(link);
    let elsewhere = (0..sides).filter(|&s| Some(s) != game.side).collect();
    world.insert_resource(PlayedElsewhere(elsewhere));
    let engine = game.engine().clone();
    to_the_table(
        world,
        setup,
        PreparedBattle {
            engine,
            replay: None,
        },
    );
}

fn leave_the_game(world: &mut World) {
    if let Some(link) = world.remove_resource::<OnlineLink>() {
        link.send(&ClientMsg::Leave);
    }
    world.insert_resource(PlayedElsewhere::default());
}

/// Sends the player's orders to the server, and resolves what it sends.
fn exchange(world: &mut World) {
    let Some(mut link) = world.remove_resource::<OnlineLink>() else {
        return;
    };
    send_orders(world, &mut link);
    while let Some(incoming) = link.connection.as_ref().and_then(Connection::try_recv) {
        match incoming {
            Incoming::Message(message) => receive(world, &mut link, message),
            Incoming::Closed(_) if link.taken_elsewhere => {
                link.connection = None;
                link.say("The seat is played from another window now: this one stops.".to_string());
            }
            Incoming::Closed(reason) => {
                link.connection = None;
                link.say(format!("The connection was lost ({reason}); coming back…"));
                start_comeback(&mut link);
            }
        }
    }
    come_back(&mut link);
    world.insert_resource(link);
}

/// Orders given on the table go to the server for the battle's step, one
/// at a time: the next waits until the step of the one on its way comes
/// back. One the rules refuse here is refused at once, as offline.
fn send_orders(world: &mut World, link: &mut OnlineLink) {
    let given = world.resource_mut::<CommandQueue>().take_orders();
    link.waiting.extend(given);
    if link.in_flight.is_some_and(|at| at >= link.replay.steps()) {
        return;
    }
    link.in_flight = None;
    while let Some(command) = link.waiting.pop_front() {
        let verdict = world.resource::<Engine>().check(&command);
        match verdict {
            Ok(_) if link.connection.is_some() => {
                link.send(&ClientMsg::Command {
                    at: link.replay.steps(),
                    command,
                });
                link.in_flight = Some(link.replay.steps());
                return;
            }
            Ok(_) => {
                link.say("Not connected: the order was not sent.".to_string());
                link.waiting.clear();
            }
            Err(reason) => {
                world.write_message(StepTaken {
                    command,
                    salt: None,
                    origin: Origin::Here,
                    verdict: Err(reason),
                });
            }
        }
    }
}

fn receive(world: &mut World, link: &mut OnlineLink, message: ServerMsg) {
    match message {
        ServerMsg::Steps { from, steps } => {
            // Each step joins the battle's stream; `sync_steps` answers it
            // once the engine took it.
            let mut queue = world.resource_mut::<CommandQueue>();
            let waiting = queue
                .0
                .iter()
                .filter(|pending| matches!(pending.origin, Origin::Server { .. }))
                .count();
            let known = link.replay.steps() + waiting;
            let count = steps.len();
            for (index, step) in steps.into_iter().enumerate() {
                let number = from + index + 1;
                if number <= known {
                    continue;
                }
                queue.0.push_back(Pending {
                    command: step.command,
                    salt: step.salt,
                    origin: Origin::Server {
                        number,
                        after: step.after,
                        last: index + 1 == count,
                    },
                });
            }
        }
        ServerMsg::Joined {
            game, side, replay, ..
        } => match NetGame::joined(game, side, *replay, link.ruleset.clone()) {
            Ok(game) => {
                link.replay = game.replay.clone();
                install_battle(world, game.engine().clone());
                link.say("The battle was set again from the server's.".to_string());
            }
            Err(problem) => link.say(problem),
        },
        ServerMsg::Back { .. } => link.say("Back in the game.".to_string()),
        ServerMsg::Refused { reason } => {
            // The order on its way was refused: the next may go.
            link.in_flight = None;
            link.say(format!("Refused: {reason}"));
        }
        ServerMsg::OutOfSync {
            step,
            command,
            player,
            parts,
        } => link.say(format!(
            "Out of step: {player} after step {step} ({command}), in {}",
            parts.join(", ")
        )),
        ServerMsg::Seats { seats } => {
            link.seats = seats;
            link.seats_at = std::time::Instant::now();
        }
        ServerMsg::Chat { from, text } => link.say(format!("{from}: {text}")),
        ServerMsg::Closing { reason } if reason == SEAT_TAKEN_ELSEWHERE => {
            link.taken_elsewhere = true;
        }
        ServerMsg::Closing { reason } => link.say(format!("The server closes: {reason}")),
        ServerMsg::Welcome { .. } | ServerMsg::Games { .. } | ServerMsg::Pong => {}
    }
}

/// Each of the server's steps the engine took is logged in the game as
/// the server recorded it and checked against the server's fingerprint;
/// the last of those that came together (or one out of step) is answered.
/// One refused here stops the rest until the server's battle is sent again.
fn sync_steps(
    mut taken: MessageReader<StepTaken>,
    engine: Res<Engine>,
    mut link: ResMut<OnlineLink>,
    mut queue: ResMut<CommandQueue>,
) {
    for step in taken.read() {
        let Origin::Server {
            number,
            after,
            last,
        } = &step.origin
        else {
            continue;
        };
        match &step.verdict {
            Ok(_) => {
                let fingerprint = Fingerprint::of(&engine);
                let matches = fingerprint == *after;
                link.replay
                    .push_stirred(step.command.clone(), step.salt, &engine);
                if !matches {
                    link.say(format!("Out of step with the server after step {number}."));
                }
                if *last || !matches {
                    link.send(&ClientMsg::Synced {
                        step: *number,
                        fingerprint,
                    });
                }
            }
            Err(reason) => {
                let said = crate::replay::command_in_words(engine.state(), &step.command);
                link.say(format!(
                    "Step {number} ({said}) is refused here: {reason}; waiting for the server's \
                     battle."
                ));
                queue
                    .0
                    .retain(|pending| !matches!(pending.origin, Origin::Server { .. }));
            }
        }
    }
}

/// Tries, on a thread of its own, to connect again.
fn start_comeback(link: &mut OnlineLink) {
    if link.tries >= COMEBACK_TRIES || link.token.is_none() && link.side.is_some() {
        link.say("Could not come back to the game.".to_string());
        return;
    }
    link.tries += 1;
    let (done, comeback) = channel();
    let (addr, name) = (link.addr.clone(), link.name.clone());
    let wait = if link.tries == 1 { 0 } else { 2 };
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(wait));
        let _ = done.send(Connection::open(&addr, &name));
    });
    link.comeback = Some(std::sync::Mutex::new(comeback));
}

/// Takes the seat back once connected again, holding the steps played here.
fn come_back(link: &mut OnlineLink) {
    let result = link
        .comeback
        .as_ref()
        .and_then(|c| c.lock().ok().and_then(|c| c.try_recv().ok()));
    let Some(result) = result else {
        return;
    };
    link.comeback = None;
    match result {
        Ok(connection) => {
            let message = match (&link.token, link.side) {
                (Some(token), Some(_)) => ClientMsg::Rejoin {
                    game: link.game,
                    token: token.clone(),
                    have: link.replay.steps(),
                },
                _ => ClientMsg::JoinGame {
                    game: link.game,
                    side: None,
                    password: None,
                },
            };
            connection.send(&message);
            link.connection = Some(connection);
            link.tries = 0;
        }
        Err(_) => start_comeback(link),
    }
}

/// The game's panel: who sits where, waiting times, chat and news.
fn online_panel(mut contexts: EguiContexts, mut link: ResMut<OnlineLink>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut hand_over = None;
    let mut said = None;
    egui::Window::new(format!("Online game {}", link.game))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(280.0)
        .show(ctx, |ui| {
            let mine = link
                .side
                .and_then(|s| link.seats.get(s))
                .map(|s| s.side_name.clone());
            ui.label(match mine {
                Some(side) => format!("You play {side}, as {}.", link.name),
                None => "You are watching, a few steps behind the players.".to_string(),
            });
            if link.taken_elsewhere {
                ui.colored_label(egui::Color32::YELLOW, "Played from another window now.");
            } else if link.connection.is_none() {
                ui.colored_label(egui::Color32::YELLOW, "Connection lost: coming back…");
            }
            let since = link.seats_at.elapsed().as_secs();
            for (index, seat) in link.seats.iter().enumerate() {
                let mut seat = seat.clone();
                if let SeatState::Away { seconds } = &mut seat.state {
                    *seconds += since;
                }
                ui.label(seat.in_words());
                if let SeatState::Away { seconds } = seat.state
                    && link.side.is_some_and(|s| s != index)
                {
                    let ready = seconds >= GRACE_SECONDS;
                    let button = ui
                        .add_enabled(ready, egui::Button::new("Hand their side to the AI"))
                        .on_disabled_hover_text(format!(
                            "They have {} s to come back",
                            GRACE_SECONDS - seconds.min(GRACE_SECONDS)
                        ));
                    if button.clicked() {
                        hand_over = Some(index);
                    }
                }
            }
            ui.separator();
            for line in &link.lines {
                ui.label(line);
            }
            ui.horizontal(|ui| {
                let field =
                    ui.add(egui::TextEdit::singleline(&mut link.draft).hint_text("Say something"));
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Send").clicked() || enter) && !link.draft.trim().is_empty() {
                    said = Some(std::mem::take(&mut link.draft));
                }
            });
        });
    if let Some(side) = hand_over {
        link.send(&ClientMsg::HandToAi { side });
    }
    if let Some(text) = said {
        link.send(&ClientMsg::Chat { text });
    }
    Ok(())
}
